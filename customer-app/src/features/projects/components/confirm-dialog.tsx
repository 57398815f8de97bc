import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useId, useState, type ReactNode } from 'react';
import { useI18n } from '../../../i18n/i18n';
import type { FormErrors } from '../model/form-errors';
import { FormErrorAlert } from './form-error-alert';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  pending?: boolean;
  errors?: FormErrors | null;
  /** Destructive actions get the error colour. */
  destructive?: boolean;
  /**
   * A second, separate confirmation (spec §5: removing one's own role): the confirm button stays disabled until
   * this box is ticked.
   */
  extraConfirmation?: string;
}

/** Asks before a destructive or far-reaching action; shows the refusal in place when the server says no. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
  pending = false,
  errors = null,
  destructive = false,
  extraConfirmation,
}: ConfirmDialogProps) {
  const { t } = useI18n();
  const titleId = useId();
  const textId = useId();
  const [confirmed, setConfirmed] = useState(false);
  const close = () => {
    if (pending) return;
    setConfirmed(false);
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <FormErrorAlert errors={errors} />
        <DialogContentText id={textId} component="div">
          {children}
        </DialogContentText>
        {extraConfirmation && (
          <FormControlLabel
            sx={{ mt: 2 }}
            control={
              <Checkbox checked={confirmed} onChange={(event) => setConfirmed(event.target.checked)} />
            }
            label={extraConfirmation}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={pending}>
          {t('project.dialog.cancel')}
        </Button>
        <Button
          onClick={onConfirm}
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          disabled={pending || (!!extraConfirmation && !confirmed)}
          aria-busy={pending}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
