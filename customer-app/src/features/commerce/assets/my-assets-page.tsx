import ContentCopy from '@mui/icons-material/ContentCopy';
import Key from '@mui/icons-material/Key';
import Verified from '@mui/icons-material/Verified';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { reachablePages, licenseStatusSchema, type LicenseRecord } from '@portal/resources';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link as RouterLink, generatePath, useSearchParams } from 'react-router';
import { useI18n } from '../../../i18n/i18n';
import { usePortal } from '../../../lib/portal-context';
import { paths } from '../../../paths';
import { installersQuery, licensesQuery } from '../api/orders';
import { formatDate, formatDateTime } from '../components/format';
import { PageLinks, readPage } from '../components/page-links';
import { PageFrame } from '../components/page-frame';
import { EmptyState, ErrorBlock, LoadingBlock } from '../../../components/query-states';
import { StatusChip, useStatusText } from '../components/status-chip';
import { useCopy } from '../components/use-copy';

const PAGE_SIZE = 20;
const VIEWS = ['licenses', 'installation-keys'] as const;
type View = (typeof VIEWS)[number];

/** The tool page of a licensed product, at the licensed version. */
function licenseLink(license: LicenseRecord): string {
  const path = generatePath(paths.tool, { featureId: license.featureId });
  return license.version ? `${path}?${new URLSearchParams({ version: license.version })}` : path;
}

/**
 * My assets (spec §2.2 /my/assets, alias /my/software): the licenses granted to the user and the installation
 * keys of their installers, as two views of one page (`?view=installation-keys`).
 */
export function MyAssetsPage() {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'installation-keys' ? 'installation-keys' : 'licenses';
  const tabsId = useId();
  const choose = (next: View) => {
    const query = new URLSearchParams();
    if (next !== 'licenses') query.set('view', next);
    setParams(query);
  };
  return (
    <PageFrame title={t('page.myAssets')} intro={t('assets.intro')}>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs value={view} onChange={(_event, next: View) => choose(next)} aria-label={t('assets.views')}>
          {VIEWS.map((value) => (
            <Tab
              key={value}
              value={value}
              label={t(value === 'licenses' ? 'assets.licenses' : 'assets.installationKeys')}
              id={`${tabsId}-${value}`}
              aria-controls={`${tabsId}-${value}-panel`}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`${tabsId}-${view}-panel`} aria-labelledby={`${tabsId}-${view}`}>
        {view === 'licenses' ? <Licenses /> : <InstallationKeys />}
      </Box>
    </PageFrame>
  );
}

function Licenses() {
  const { t, locale } = useI18n();
  const { api } = usePortal();
  const statusText = useStatusText();
  const [params, setParams] = useSearchParams();
  const page = readPage(params, PAGE_SIZE);
  const status = licenseStatusSchema.options.find((value) => value === params.get('status'));
  const query = useQuery(
    licensesQuery(api, {
      offset: (page - 1) * PAGE_SIZE,
      limit: PAGE_SIZE,
      filter: status ? { status } : {},
    }),
  );
  const setStatus = (value: string) => {
    const next = new URLSearchParams(params);
    next.delete('page');
    if (value) next.set('status', value);
    else next.delete('status');
    setParams(next);
  };
  const total = query.data?.range.total ?? 0;
  return (
    <>
      <TextField
        select
        size="small"
        label={t('licenses.filterStatus')}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        value={status ?? ''}
        onChange={(event) => setStatus(event.target.value)}
        sx={{ minWidth: 220, mb: 2 }}
      >
        <MenuItem value="">{t('licenses.allStatuses')}</MenuItem>
        {licenseStatusSchema.options.map((value) => (
          <MenuItem key={value} value={value}>
            {statusText({ kind: 'license', status: value })}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ height: 4, mb: 1 }}>
        {query.isFetching && query.isPlaceholderData && <LinearProgress aria-label={t('licenses.loading')} />}
      </Box>
      {query.isPending ? (
        <LoadingBlock label={t('licenses.loading')} />
      ) : query.isError ? (
        <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.data.length === 0 ? (
        <EmptyState
          icon={<Verified />}
          title={status ? t('licenses.noneWithStatus') : t('licenses.none')}
          text={status ? undefined : t('licenses.noneText')}
          action={
            <Button component={RouterLink} to={paths.assets} variant="outlined">
              {t('commerce.browseCatalogue')}
            </Button>
          }
        />
      ) : (
        <>
          <TableContainer component={Paper} variant="outlined">
            <Table aria-label={t('assets.licenses')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('licenses.product')}</TableCell>
                  <TableCell>{t('licenses.type')}</TableCell>
                  <TableCell>{t('licenses.state')}</TableCell>
                  <TableCell>{t('licenses.granted')}</TableCell>
                  <TableCell>{t('licenses.expires')}</TableCell>
                  <TableCell>{t('licenses.order')}</TableCell>
                  <TableCell>{t('licenses.comments')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {query.data.data.map((license) => (
                  <TableRow key={license.id}>
                    <TableCell>
                      <Link component={RouterLink} to={licenseLink(license)}>
                        {license.product}
                      </Link>
                    </TableCell>
                    <TableCell>{license.type}</TableCell>
                    <TableCell>
                      <StatusChip kind="license" status={license.status} />
                    </TableCell>
                    <TableCell>{formatDate(license.grantedAt, locale)}</TableCell>
                    <TableCell>
                      {license.expiration ? formatDate(license.expiration, locale) : t('licenses.noExpiry')}
                    </TableCell>
                    <TableCell>{license.orderNumber ?? '–'}</TableCell>
                    <TableCell>{license.comments ?? '–'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <PageLinks page={page} pages={reachablePages(total, PAGE_SIZE)} />
        </>
      )}
    </>
  );
}

function InstallationKeys() {
  const { t, locale } = useI18n();
  const { api } = usePortal();
  const copy = useCopy();
  const [params] = useSearchParams();
  const page = readPage(params, PAGE_SIZE);
  const query = useQuery(
    installersQuery(api, { offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE, filter: {} }),
  );
  const total = query.data?.range.total ?? 0;
  if (query.isPending) return <LoadingBlock label={t('installers.loading')} />;
  if (query.isError) return <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />;
  const rows = query.data.data.flatMap((installer) =>
    installer.installationKeys.map((key) => ({
      installer,
      key,
      latest: installer.latestKey?.key === key.key,
    })),
  );
  if (!rows.length) {
    return (
      <EmptyState
        icon={<Key />}
        title={t('installers.noKeys')}
        text={t('installers.noneText')}
        action={
          <Button component={RouterLink} to={paths.myInstallers} variant="outlined">
            {t('installers.manage')}
          </Button>
        }
      />
    );
  }
  return (
    <>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 1 }}>
        <Button component={RouterLink} to={paths.myInstallers}>
          {t('installers.manage')}
        </Button>
      </Stack>
      <TableContainer component={Paper} variant="outlined">
        <Table aria-label={t('assets.installationKeys')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('installers.tool')}</TableCell>
              <TableCell>{t('installers.key')}</TableCell>
              <TableCell>{t('installers.created')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map(({ installer, key, latest }) => (
              <TableRow key={`${installer.id}-${key.key}`}>
                <TableCell>
                  <Link
                    component={RouterLink}
                    to={generatePath(paths.tool, { featureId: installer.featureId })}
                  >
                    {installer.name}
                  </Link>
                </TableCell>
                <TableCell>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                    <Box component="code" sx={{ fontFamily: 'monospace' }}>
                      {key.key}
                    </Box>
                    <IconButton
                      size="small"
                      aria-label={t('installers.copyKeyOf', { key: key.key })}
                      onClick={() => copy(key.key, t('installers.keyCopied'))}
                    >
                      <ContentCopy fontSize="inherit" />
                    </IconButton>
                    {latest && <Chip size="small" color="primary" label={t('installers.latest')} />}
                  </Box>
                </TableCell>
                <TableCell>{formatDateTime(key.createdAt, locale)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <PageLinks page={page} pages={reachablePages(total, PAGE_SIZE)} />
    </>
  );
}
