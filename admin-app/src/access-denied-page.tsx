import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/** Shown instead of the console to signed-in users without an admin console role. */
export function AccessDeniedPage({ translate }: { translate: (key: string) => string }) {
  return (
    <Box component="main" sx={{ maxWidth: 640, mx: 'auto', px: 2, py: 8, textAlign: 'center' }}>
      <title>{`${translate('portal.access_denied.title')} · ${translate('portal.title')}`}</title>
      <Typography variant="h1" sx={{ fontSize: '2rem', fontWeight: 600 }} gutterBottom>
        {translate('portal.access_denied.title')}
      </Typography>
      <Typography color="text.secondary">{translate('portal.access_denied.console')}</Typography>
      <Button href="/" variant="contained" sx={{ mt: 4 }}>
        {translate('portal.access_denied.portal')}
      </Button>
    </Box>
  );
}
