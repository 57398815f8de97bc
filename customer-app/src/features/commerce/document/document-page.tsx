import ArrowBack from '@mui/icons-material/ArrowBack';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { useI18n } from '../../../i18n/i18n';
import { usePortal } from '../../../lib/portal-context';
import { loginPath, paths } from '../../../paths';
import { documentQuery } from '../api/catalogue';
import { formatDate } from '../components/format';
import { NotFoundBlock } from '../components/not-found-block';
import { PageFrame } from '../components/page-frame';
import { ErrorBlock, LoadingBlock, isNotFound } from '../components/query-states';
import { useAccount } from '../components/use-account';
import { VisuallyHidden } from '../components/visually-hidden';

/** The document page (spec §2.1 /document/{featureId}): what it is, and the document itself to open. */
export function DocumentPage() {
  const { t, locale } = useI18n();
  const { api } = usePortal();
  const { featureId = '' } = useParams();
  const location = useLocation();
  const account = useAccount();
  const query = useQuery(documentQuery(api, featureId));
  const back = (
    <Button component={RouterLink} to={paths.documents} startIcon={<ArrowBack />} size="small">
      {t('document.back')}
    </Button>
  );

  if (query.isPending) {
    return (
      <PageFrame title={t('page.document')} back={back}>
        <LoadingBlock label={t('document.loading')} />
      </PageFrame>
    );
  }
  if (query.isError) {
    const notFound = isNotFound(query.error);
    return (
      <PageFrame
        title={notFound ? t('page.notFound') : t('page.document')}
        heading={t('page.document')}
        back={back}
      >
        {notFound ? (
          <NotFoundBlock
            text={account.signedIn ? t('document.notFound') : t('document.notFoundSignIn')}
            action={
              account.signedIn ? undefined : (
                <Button
                  component={RouterLink}
                  to={loginPath({ redirectTo: `${location.pathname}${location.search}` })}
                  variant="outlined"
                >
                  {t('nav.login')}
                </Button>
              )
            }
          />
        ) : (
          <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />
        )}
      </PageFrame>
    );
  }
  const document = query.data;
  return (
    <PageFrame title={document.title} back={back} intro={document.type}>
      <Paper variant="outlined" sx={{ p: 3 }}>
        {document.description && <Typography sx={{ mb: 2 }}>{document.description}</Typography>}
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'max-content 1fr',
            columnGap: 2,
            rowGap: 0.5,
            m: 0,
            mb: 3,
          }}
        >
          <Box component="dt" sx={{ fontWeight: 500 }}>
            {t('document.file')}
          </Box>
          <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {document.filename}
          </Box>
          <Box component="dt" sx={{ fontWeight: 500 }}>
            {t('document.type')}
          </Box>
          <Box component="dd" sx={{ m: 0 }}>
            {document.type}
          </Box>
          <Box component="dt" sx={{ fontWeight: 500 }}>
            {t('document.updated')}
          </Box>
          <Box component="dd" sx={{ m: 0 }}>
            {formatDate(document.updatedAt, locale)}
          </Box>
        </Box>
        <Button
          variant="contained"
          href={document.url}
          target="_blank"
          rel="noopener noreferrer"
          endIcon={<OpenInNew />}
        >
          {t('document.open')}
          <VisuallyHidden>{` ${t('app.opensInNewTab')}`}</VisuallyHidden>
        </Button>
      </Paper>
    </PageFrame>
  );
}
