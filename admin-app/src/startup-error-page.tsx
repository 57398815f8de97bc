import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

export function StartupErrorPage({ error }: { error: unknown }) {
  return (
    <Box component="main" sx={{ maxWidth: 640, mx: 'auto', px: 2, py: 8, textAlign: 'center' }}>
      <title>Portal admin</title>
      <Typography variant="h1" sx={{ fontSize: '2rem', fontWeight: 600 }} gutterBottom>
        The admin console could not start
      </Typography>
      <Alert severity="error" sx={{ textAlign: 'left' }}>
        {error instanceof Error ? error.message : 'An unexpected error occurred.'}
      </Alert>
      <Button variant="contained" sx={{ mt: 4 }} onClick={() => window.location.reload()}>
        Try again
      </Button>
    </Box>
  );
}
