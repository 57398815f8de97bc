import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** Centred spinner with a text that screen readers announce. */
export function PageLoader({ label = 'Loading…' }: { label?: string }) {
  return (
    <Box role="status" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 8 }}>
      <CircularProgress aria-hidden="true" />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}
