import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { copyrightYears } from '@portal/resources';

export function AppFooter() {
  return (
    <Box component="footer" sx={{ py: 3, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Container maxWidth="lg">
        <Typography variant="body2" color="text.secondary">
          © {copyrightYears(new Date().getFullYear())} Developer Portal. All rights reserved.
        </Typography>
      </Container>
    </Box>
  );
}
