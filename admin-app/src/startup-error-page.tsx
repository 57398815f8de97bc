import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

export function StartupErrorPage({
  error,
  translate,
}: {
  error: unknown;
  translate: (key: string) => string;
}) {
  return (
    <Box component="main" sx={{ maxWidth: 640, mx: 'auto', px: 2, py: 8, textAlign: 'center' }}>
      <title>{translate('portal.title')}</title>
      <Typography variant="h1" sx={{ fontSize: '2rem', fontWeight: 600 }} gutterBottom>
        {translate('portal.startup.failed')}
      </Typography>
      <Alert severity="error" sx={{ textAlign: 'left' }}>
        {error instanceof Error ? error.message : translate('portal.startup.unexpected')}
      </Alert>
      <Button variant="contained" sx={{ mt: 4 }} onClick={() => window.location.reload()}>
        {translate('portal.startup.retry')}
      </Button>
    </Box>
  );
}
