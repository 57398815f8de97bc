import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useI18n } from '../../../i18n/i18n';

interface ServiceAgreementProps {
  accepted: boolean;
  onChange: (accepted: boolean) => void;
  error?: string;
}

/**
 * The service agreement a registration needs (`acceptServiceAgreement=true`): a checkbox, and the agreement
 * itself in a dialog that can also accept it.
 */
export function ServiceAgreement({ accepted, onChange, error }: ServiceAgreementProps) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const helperId = useId();
  return (
    <FormControl error={!!error} sx={{ mt: 1 }}>
      <FormControlLabel
        control={
          <Checkbox
            checked={accepted}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': error ? helperId : undefined } }}
          />
        }
        label={t('registration.agreement.accept')}
      />
      <Link
        component="button"
        type="button"
        onClick={() => setOpen(true)}
        sx={{ alignSelf: 'flex-start', ml: 4 }}
      >
        {t('registration.agreement.read')}
      </Link>
      {error && <FormHelperText id={helperId}>{error}</FormHelperText>}
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} maxWidth="sm" fullWidth>
        <DialogTitle id={titleId}>{t('registration.agreement.title')}</DialogTitle>
        <DialogContent>
          {t('registration.agreement.text')
            .split('\n')
            .map((paragraph, index) => (
              <Typography key={index} sx={{ mb: 1.5 }}>
                {paragraph}
              </Typography>
            ))}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('app.close')}</Button>
          <Button
            variant="contained"
            onClick={() => {
              onChange(true);
              setOpen(false);
            }}
          >
            {t('registration.agreement.acceptButton')}
          </Button>
        </DialogActions>
      </Dialog>
    </FormControl>
  );
}
