import ContentCopy from '@mui/icons-material/ContentCopy';
import ExpandMore from '@mui/icons-material/ExpandMore';
import InstallDesktop from '@mui/icons-material/InstallDesktop';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { reachablePages, type InstallerRecord } from '@portal/resources';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Link as RouterLink, generatePath, useSearchParams } from 'react-router';
import { useI18n } from '../../../i18n/i18n';
import { usePortal } from '../../../lib/portal-context';
import { key, literal } from '../../../notifications/notification-store';
import { paths } from '../../../paths';
import { installersQuery, issueInstallationKey, orderKeys } from '../api/orders';
import { LAUNCHER_DOWNLOAD_URL } from '../commerce-links';
import { formatDateTime } from '../components/format';
import { PageLinks, readPage } from '../components/page-links';
import { PageFrame } from '../components/page-frame';
import { EmptyState, ErrorBlock, LoadingBlock } from '../../../components/query-states';
import { useCopy } from '../components/use-copy';
import { VisuallyHidden } from '../components/visually-hidden';

const PAGE_SIZE = 10;

/**
 * Installers (spec §2.2 /my/installers): one per tool the user installs with the launcher, each with its latest
 * installation key to copy, the earlier keys, and a new key when one is needed.
 */
export function MyInstallersPage() {
  const { t } = useI18n();
  const { api } = usePortal();
  const [params] = useSearchParams();
  const page = readPage(params, PAGE_SIZE);
  const query = useQuery(
    installersQuery(api, { offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE, filter: {} }),
  );
  const total = query.data?.range.total ?? 0;
  return (
    <PageFrame
      title={t('page.myInstallers')}
      intro={t('installers.intro')}
      actions={
        <Button href={LAUNCHER_DOWNLOAD_URL} target="_blank" rel="noopener noreferrer" variant="outlined">
          {t('tool.launcher.getLauncher')}
          <VisuallyHidden>{` ${t('app.opensInNewTab')}`}</VisuallyHidden>
        </Button>
      }
    >
      {query.isPending ? (
        <LoadingBlock label={t('installers.loading')} />
      ) : query.isError ? (
        <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.data.length === 0 ? (
        <EmptyState
          icon={<InstallDesktop />}
          title={t('installers.none')}
          text={t('installers.noneText')}
          action={
            <Button component={RouterLink} to={paths.assetsSoftware} variant="contained">
              {t('commerce.browseCatalogue')}
            </Button>
          }
        />
      ) : (
        <>
          <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {query.data.data.map((installer) => (
              <li key={installer.id}>
                <InstallerCard installer={installer} />
              </li>
            ))}
          </Stack>
          <PageLinks page={page} pages={reachablePages(total, PAGE_SIZE)} />
        </>
      )}
    </PageFrame>
  );
}

function InstallerCard({ installer }: { installer: InstallerRecord }) {
  const { t, locale } = useI18n();
  const { api, notifications } = usePortal();
  const queryClient = useQueryClient();
  const copy = useCopy();
  const headingId = useId();
  const issue = useMutation({
    mutationFn: () => issueInstallationKey(api, installer.id),
    onSuccess: async (created) => {
      notifications.notify({
        kind: 'success',
        title: key('installers.keyIssued'),
        message: literal(created.key),
      });
      await queryClient.invalidateQueries({ queryKey: orderKeys.installersAll });
    },
  });
  const earlier = installer.installationKeys.filter((item) => item.key !== installer.latestKey?.key);
  return (
    <Paper variant="outlined" component="article" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', mb: 2 }}
      >
        <Box>
          <Typography id={headingId} component="h2" variant="h6">
            <Link component={RouterLink} to={generatePath(paths.tool, { featureId: installer.featureId })}>
              {installer.name}
            </Link>
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('installers.since', { date: formatDateTime(installer.createdAt, locale) })}
          </Typography>
        </Box>
        <Box>
          <Button variant="outlined" onClick={() => issue.mutate()} disabled={issue.isPending}>
            {t('installers.newKey')}
          </Button>
        </Box>
      </Stack>
      {installer.latestKey ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography component="span" sx={{ fontWeight: 500 }}>
            {t('installers.latestKey')}
          </Typography>
          <Box
            component="code"
            sx={{
              fontFamily: 'monospace',
              fontSize: '1.05rem',
              p: 0.5,
              bgcolor: 'action.hover',
              borderRadius: 1,
            }}
          >
            {installer.latestKey.key}
          </Box>
          <Button
            size="small"
            startIcon={<ContentCopy />}
            onClick={() => copy(installer.latestKey!.key, t('installers.keyCopied'))}
            aria-label={t('installers.copyKeyOf', { key: installer.latestKey.key })}
          >
            {t('installers.copyKey')}
          </Button>
          <Typography variant="body2" color="text.secondary">
            {t('installers.issuedAt', { date: formatDateTime(installer.latestKey.createdAt, locale) })}
          </Typography>
        </Box>
      ) : (
        <Typography color="text.secondary">{t('installers.noKeys')}</Typography>
      )}
      {earlier.length > 0 && (
        <Accordion variant="outlined" disableGutters sx={{ mt: 2 }}>
          <AccordionSummary expandIcon={<ExpandMore />}>
            {t('installers.earlierKeys', { count: earlier.length })}
          </AccordionSummary>
          <AccordionDetails>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {earlier.map((item) => (
                <li key={item.key}>
                  <Box component="code" sx={{ fontFamily: 'monospace' }}>
                    {item.key}
                  </Box>{' '}
                  <Typography component="span" variant="body2" color="text.secondary">
                    {formatDateTime(item.createdAt, locale)}
                  </Typography>
                </li>
              ))}
            </Box>
          </AccordionDetails>
        </Accordion>
      )}
    </Paper>
  );
}
