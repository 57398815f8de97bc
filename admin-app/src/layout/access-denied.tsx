import Block from '@mui/icons-material/Block';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Title, useBasename, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

/** Where react-admin sends a user whose `canAccess` is refused, e.g. on a direct URL to another resource. */
export function ConsoleAccessDenied() {
  const translate = useTranslate();
  const basename = useBasename();
  return (
    <Box sx={{ textAlign: 'center', py: 8, px: 2 }}>
      <Title title="portal.access_denied.title" />
      <Block color="error" sx={{ fontSize: 64 }} aria-hidden />
      <Typography variant="h1" sx={{ fontSize: '2rem', fontWeight: 600, my: 2 }}>
        {translate('portal.access_denied.title')}
      </Typography>
      <Typography color="text.secondary">{translate('portal.access_denied.resource')}</Typography>
      <Button component={Link} to={`${basename}/`} variant="contained" sx={{ mt: 4 }}>
        {translate('portal.access_denied.back')}
      </Button>
    </Box>
  );
}
