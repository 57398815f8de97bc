import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/** Shown instead of the console to signed-in users without an admin console role. */
export function AccessDeniedPage() {
  return (
    <Box component="main" sx={{ maxWidth: 640, mx: 'auto', px: 2, py: 8, textAlign: 'center' }}>
      <title>Access denied · Portal admin</title>
      <Typography variant="h1" sx={{ fontSize: '2rem', fontWeight: 600 }} gutterBottom>
        Access denied
      </Typography>
      <Typography color="text.secondary">You do not have permission to open the admin console.</Typography>
      <Button href="/" variant="contained" sx={{ mt: 4 }}>
        Back to the Developer Portal
      </Button>
    </Box>
  );
}
