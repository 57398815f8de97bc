import ContentCopy from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ESimProfile } from '@portal/resources';
import { useI18n } from '../../../i18n/i18n';
import { usePortal } from '../../../lib/portal-context';
import { key } from '../../../notifications/notification-store';
import { QrCodeImage } from '../qr/qr-code-image';

/** An eSIM profile: the QR code a device scans to install it, and its activation code and identifiers. */
export function EsimProfileCard({ profile }: { profile: ESimProfile }) {
  const { t } = useI18n();
  const { notifications } = usePortal();
  const copy = async () => {
    await navigator.clipboard.writeText(profile.activationCode);
    notifications.notify({ kind: 'success', title: key('esim.copied') });
  };
  return (
    <Paper component="section" variant="outlined" aria-labelledby="esim-profile" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="esim-profile" variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
        {t('esim.profile')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
        <Box>
          <QrCodeImage value={profile.qrCode} alt={t('esim.qrAlt')} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1, maxWidth: 220 }}>
            {t('esim.scanHint')}
          </Typography>
        </Box>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: 'auto 1fr',
            columnGap: 2,
            rowGap: 1,
            alignContent: 'start',
          }}
        >
          <Typography component="dt" color="text.secondary">
            {t('esim.activationCode')}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontFamily: 'monospace', wordBreak: 'break-all' }}>
            {profile.activationCode}
            <IconButton size="small" onClick={() => void copy()} aria-label={t('esim.copy')} sx={{ ml: 0.5 }}>
              <ContentCopy fontSize="inherit" />
            </IconButton>
          </Typography>
          <Typography component="dt" color="text.secondary">
            {t('esim.iccid')}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontFamily: 'monospace' }}>
            {profile.iccid}
          </Typography>
          <Typography component="dt" color="text.secondary">
            {t('esim.profileName')}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {profile.profileName}
          </Typography>
          <Typography component="dt" color="text.secondary">
            {t('esim.provider')}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {profile.serviceProviderName}
          </Typography>
        </Box>
      </Stack>
    </Paper>
  );
}
