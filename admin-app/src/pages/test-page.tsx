import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/**
 * /admin/test-gtm and /admin/test-adf (spec product §2.3 names them, nothing more): pages for checking a
 * tag-manager integration. The portal configures no tag manager, so the page says whether a data layer exists
 * and pushes a test event into it when there is one.
 */
export function TestPage({ kind }: { kind: 'gtm' | 'adf' }) {
  const translate = useTranslate();
  const [pushed, setPushed] = useState(false);
  const hasDataLayer = typeof window !== 'undefined' && Array.isArray(window.dataLayer);
  return (
    <Box sx={{ py: 2, maxWidth: 720 }}>
      <Title title={`portal.test_pages.${kind}_title`} />
      <Typography variant="h1" sx={{ fontSize: '1.5rem', fontWeight: 500, mb: 2 }}>
        {translate(`portal.test_pages.${kind}_title`)}
      </Typography>
      <Alert severity={hasDataLayer ? 'success' : 'info'} sx={{ mb: 2 }}>
        {translate(hasDataLayer ? 'portal.test_pages.present' : 'portal.test_pages.absent')}
      </Alert>
      <Button
        variant="contained"
        disabled={!hasDataLayer}
        onClick={() => {
          window.dataLayer?.push({ event: `portal-admin-test-${kind}`, at: new Date().toISOString() });
          setPushed(true);
        }}
      >
        {translate('portal.test_pages.push')}
      </Button>
      {pushed && (
        <Typography sx={{ mt: 2 }} role="status">
          {translate('portal.test_pages.pushed')}
        </Typography>
      )}
    </Box>
  );
}
