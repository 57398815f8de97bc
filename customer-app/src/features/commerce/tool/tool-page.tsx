import ArrowBack from '@mui/icons-material/ArrowBack';
import OpenInNew from '@mui/icons-material/OpenInNew';
import ShoppingCart from '@mui/icons-material/ShoppingCart';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import {
  compareVersions,
  hasSerialProductNumber,
  isInstallable,
  isRequestable,
  latestVersion,
  type ToolDetail,
  type ToolVersionDetail,
} from '@portal/resources';
import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink, generatePath, useParams, useSearchParams } from 'react-router';
import { useI18n } from '../../../i18n/i18n';
import { usePortal } from '../../../lib/portal-context';
import { paths } from '../../../paths';
import { toolQuery } from '../api/catalogue';
import { toolEntry } from '../cart/cart-entries';
import { cartEntryKey } from '@portal/resources';
import { useAddToCart } from '../cart/use-add-to-cart';
import { useCart } from '../cart/use-cart';
import { formatDate, formatMoney } from '../components/format';
import { PageFrame } from '../components/page-frame';
import { VisuallyHidden } from '../components/visually-hidden';
import { ErrorBlock, LoadingBlock, isNotFound } from '../components/query-states';
import { ReleaseNotes } from '../components/release-notes';
import { NotFoundBlock } from '../components/not-found-block';
import { SignInNeeded } from '../components/sign-in-needed';
import { useAccount } from '../components/use-account';
import { Downloads } from './downloads';
import { ExportAccess } from './export-access';
import { LauncherInstall } from './launcher-install';
import { flexGapFallback } from '../../../lib/flex-gap';

/** Versions newest first, the one the spec's rule calls latest at the top. */
function orderedVersions(tool: ToolDetail): {
  latest: ToolVersionDetail | undefined;
  versions: ToolVersionDetail[];
} {
  const latest = latestVersion(tool);
  const all = Object.values(tool.versions);
  const byNumeric = all.every((version) => typeof version.versionNumeric === 'number');
  const sorted = [...all].sort((a, b) =>
    byNumeric && a.versionNumeric !== b.versionNumeric
      ? (b.versionNumeric ?? 0) - (a.versionNumeric ?? 0)
      : compareVersions(b.version, a.version),
  );
  return { latest, versions: latest ? [latest, ...sorted.filter((version) => version !== latest)] : sorted };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 4 }}>
      <Typography id={id} variant="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * Tool details (spec §2.1 /assets/{featureId}, alias /tools/{featureId}): versions with the latest by the spec's
 * rule, downloads per operating system and architecture, sizes and checksums, dependencies, release notes,
 * tags, license and export control classifications; and what the visitor can do: download where allowed,
 * request access where export control restricts it, order through the cart, install with the launcher.
 */
export function ToolPage() {
  const { t } = useI18n();
  const { api } = usePortal();
  const { featureId = '' } = useParams();
  const query = useQuery(toolQuery(api, featureId));
  const back = (
    <Button component={RouterLink} to={paths.assetsSoftware} startIcon={<ArrowBack />} size="small">
      {t('tool.backToCatalogue')}
    </Button>
  );

  if (query.isPending) {
    return (
      <PageFrame title={t('page.tool')} back={back}>
        <LoadingBlock label={t('tool.loading')} />
      </PageFrame>
    );
  }
  if (query.isError) {
    return (
      <PageFrame
        title={isNotFound(query.error) ? t('page.notFound') : t('page.tool')}
        heading={t('page.tool')}
        back={back}
      >
        {isNotFound(query.error) ? (
          <NotFoundBlock text={t('tool.notFound')} />
        ) : (
          <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />
        )}
      </PageFrame>
    );
  }
  return <ToolDetails tool={query.data} back={back} />;
}

function ToolDetails({ tool, back }: { tool: ToolDetail; back: ReactNode }) {
  const { t, locale } = useI18n();
  const [params, setParams] = useSearchParams();
  const versionSelectId = useId();
  const { latest, versions } = orderedVersions(tool);
  const asked = params.get('version');
  const version = (asked !== null ? tool.versions[asked] : undefined) ?? latest;
  const chooseVersion = (label: string) => {
    const next = new URLSearchParams(params);
    if (label === latest?.version) next.delete('version');
    else next.set('version', label);
    setParams(next, { replace: true });
  };

  return (
    <PageFrame
      title={tool.name}
      back={back}
      intro={
        <Stack spacing={1}>
          <Stack
            direction="row"
            sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', ...flexGapFallback(1) }}
          >
            <Chip size="small" label={t(`commerce.category.${tool.type}`)} />
            {isInstallable(tool) && tool.isInstallableViaLauncher && (
              <Chip size="small" variant="outlined" label={t('commerce.badge.launcher')} />
            )}
            <Typography variant="body2" color="text.secondary">
              {t('tool.featureId', { featureId: tool.featureId })}
            </Typography>
          </Stack>
          {tool.description && <Typography>{tool.description}</Typography>}
        </Stack>
      }
    >
      {asked !== null && !tool.versions[asked] && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('tool.versionMissing', { version: asked })}
        </Alert>
      )}
      {!version ? (
        <Alert severity="info">{t('tool.noVersions')}</Alert>
      ) : (
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 8 }}>
            <Box sx={{ mb: 3 }}>
              <TextField
                select
                id={versionSelectId}
                label={t('tool.version')}
                value={version.version}
                onChange={(event) => chooseVersion(event.target.value)}
                sx={{ minWidth: 240 }}
                helperText={
                  version === latest
                    ? t('tool.isLatest')
                    : latest
                      ? t('tool.latestIs', { version: latest.version })
                      : undefined
                }
              >
                {versions.map((option) => (
                  <MenuItem key={option.version} value={option.version}>
                    {option === latest
                      ? t('tool.versionLatest', { version: option.version })
                      : option.version}
                  </MenuItem>
                ))}
              </TextField>
              {version.description && <Typography sx={{ mt: 2 }}>{version.description}</Typography>}
              {version.tags.length > 0 && (
                <Stack
                  direction="row"
                  sx={{ flexWrap: 'wrap', gap: 0.5, mt: 1, ...flexGapFallback(0.5) }}
                  aria-label={t('tool.tags')}
                >
                  {version.tags.map((tag) => (
                    <Chip key={tag} size="small" variant="outlined" label={tag} />
                  ))}
                </Stack>
              )}
            </Box>

            <Section title={t('tool.downloads')}>
              <DownloadNotice tool={tool} version={version} />
              <Downloads version={version} />
            </Section>

            <Section title={t('tool.releaseNotes')}>
              {version.releaseNotes ? (
                <ReleaseNotes text={version.releaseNotes} headingLevel="h3" />
              ) : (
                <Typography color="text.secondary">{t('tool.noReleaseNotes')}</Typography>
              )}
              {version.protocolLink && (
                <Link href={version.protocolLink} target="_blank" rel="noopener noreferrer">
                  {t('tool.changeLog')} {t('app.opensInNewTab')}
                </Link>
              )}
            </Section>

            <Section title={t('tool.dependencies')}>
              {version.dependencies.length === 0 ? (
                <Typography color="text.secondary">{t('tool.noDependencies')}</Typography>
              ) : (
                <Box component="ul" sx={{ pl: 3, my: 0 }}>
                  {version.dependencies.map((dependency) => (
                    <li key={dependency.uuid}>
                      <Link
                        component={RouterLink}
                        to={generatePath(paths.tool, { featureId: dependency.targetFeatureId })}
                        underline="always"
                      >
                        {dependency.targetFeatureId}
                      </Link>{' '}
                      <Typography component="span" color="text.secondary">
                        {dependencyRange(dependency, t)}
                      </Typography>
                    </li>
                  ))}
                </Box>
              )}
            </Section>

            {(version.links.length > 0 || Object.keys(version.additionalAttributes).length > 0) && (
              <Section title={t('tool.moreAboutVersion')}>
                {version.links.length > 0 && (
                  <Box component="ul" sx={{ pl: 3, mt: 0 }}>
                    {version.links.map((link) => (
                      <li key={link.uuid}>
                        <Link href={link.url} target="_blank" rel="noopener noreferrer">
                          {link.title} {t('app.opensInNewTab')}
                        </Link>
                      </li>
                    ))}
                  </Box>
                )}
                {Object.keys(version.additionalAttributes).length > 0 && (
                  <Box
                    component="dl"
                    sx={{
                      display: 'grid',
                      gridTemplateColumns: 'max-content 1fr',
                      columnGap: 2,
                      rowGap: 0.5,
                      m: 0,
                    }}
                  >
                    {Object.entries(version.additionalAttributes).map(([name, value]) => (
                      <Box key={name} sx={{ display: 'contents' }}>
                        <Box component="dt" sx={{ fontWeight: 500 }}>
                          {name}
                        </Box>
                        <Box component="dd" sx={{ m: 0 }}>
                          {value}
                        </Box>
                      </Box>
                    ))}
                  </Box>
                )}
              </Section>
            )}

            <Section title={t('tool.license')}>
              {tool.licenseText ? (
                <Accordion variant="outlined" disableGutters>
                  <AccordionSummary expandIcon={<ExpandMore />}>{t('tool.readLicense')}</AccordionSummary>
                  <AccordionDetails>
                    <Typography sx={{ whiteSpace: 'pre-wrap' }}>{tool.licenseText}</Typography>
                  </AccordionDetails>
                </Accordion>
              ) : (
                <Typography color="text.secondary">{t('tool.noLicense')}</Typography>
              )}
            </Section>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }} sx={{ order: { xs: -1, md: 0 } }}>
            <ActionsPanel tool={tool} version={version} />
            <Paper variant="outlined" component="aside" aria-label={t('tool.facts')} sx={{ p: 2, mt: 2 }}>
              <Box
                component="dl"
                sx={{
                  m: 0,
                  '& dt': { fontWeight: 500, mt: 1 },
                  '& dt:first-of-type': { mt: 0 },
                  '& dd': { m: 0 },
                }}
              >
                <dt>{t('tool.exportControl')}</dt>
                <dd>
                  {version.exportControlClassifications.length
                    ? version.exportControlClassifications.join(', ')
                    : t('tool.notExportControlled')}
                </dd>
                {hasSerialProductNumber(version) && (
                  <>
                    <dt>{t('tool.spn')}</dt>
                    <dd>{version.spn}</dd>
                  </>
                )}
                <dt>{t('tool.updated')}</dt>
                <dd>{formatDate(tool.updatedAt, locale)}</dd>
              </Box>
            </Paper>
          </Grid>
        </Grid>
      )}
    </PageFrame>
  );
}

function dependencyRange(
  dependency: ToolVersionDetail['dependencies'][number],
  t: ReturnType<typeof useI18n>['t'],
): string {
  const { minVersionNumeric: min, maxVersionNumeric: max } = dependency;
  if (min !== null && max !== null) return t('tool.dependencyBetween', { min, max });
  if (min !== null) return t('tool.dependencyFrom', { min });
  if (max !== null) return t('tool.dependencyUpTo', { max });
  return t('tool.dependencyAny');
}

/** Why the files of this version cannot be downloaded, and the way to change that. */
function DownloadNotice({ tool, version }: { tool: ToolDetail; version: ToolVersionDetail }) {
  const { t } = useI18n();
  const account = useAccount();
  switch (version.downloadRefusal) {
    case null:
      return null;
    case 'sign-in-required':
      return (
        <Stack spacing={1} sx={{ mb: 2 }}>
          <SignInNeeded account={account} action="tool.downloadAction" />
          {hasSerialProductNumber(version) && <Alert severity="info">{t('tool.purchaseRequired')}</Alert>}
        </Stack>
      );
    case 'purchase-required':
      return (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('tool.purchaseRequired')}
        </Alert>
      );
    case 'export-controlled':
      return <ExportAccess tool={tool} classifications={version.exportControlClassifications} />;
    case 'disabled':
      return (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('tool.downloadDisabled')}
        </Alert>
      );
  }
}

/** Ordering, requesting, opening and installing: what the tool's kind and request flow allow. */
function ActionsPanel({ tool, version }: { tool: ToolDetail; version: ToolVersionDetail }) {
  const { t, locale } = useI18n();
  const addToCart = useAddToCart();
  const cart = useCart();
  const entry = toolEntry(tool, version);
  const inCart = cart.some((existing) => cartEntryKey(existing) === cartEntryKey(entry));
  const payable = hasSerialProductNumber(version);
  const throughCart = isRequestable(tool) && tool.requestFlow !== 'external';

  return (
    <Paper variant="outlined" component="section" aria-label={t('tool.getIt')} sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        {payable && version.price && (
          <Typography variant="h5" component="p">
            {formatMoney(version.price, locale)}
          </Typography>
        )}
        {throughCart && version.orderable && (
          <>
            <Typography variant="body2" color="text.secondary">
              {payable ? t('tool.buyText') : t('tool.requestText')}
              {tool.requestFlow === 'cart-with-questionnaire' && ` ${t('tool.questionnaireText')}`}
            </Typography>
            {inCart ? (
              <Button
                component={RouterLink}
                to={paths.cart}
                variant="contained"
                startIcon={<ShoppingCart />}
                fullWidth
              >
                {t('tool.inCartGoToCart')}
              </Button>
            ) : (
              <Button
                variant="contained"
                startIcon={<ShoppingCart />}
                onClick={() => addToCart(entry)}
                fullWidth
              >
                {payable
                  ? t('tool.buy', { version: version.version })
                  : t('tool.request', { version: version.version })}
              </Button>
            )}
          </>
        )}
        {throughCart && !version.orderable && <Alert severity="info">{t('tool.notOrderable')}</Alert>}
        {tool.requestFlow === 'external' && tool.requestUrl && !tool.isOnlineTool && (
          <Button
            href={tool.requestUrl}
            target="_blank"
            rel="noopener noreferrer"
            variant="contained"
            endIcon={<OpenInNew />}
            fullWidth
          >
            {t('tool.requestExternally')}
            <VisuallyHidden>{` ${t('app.opensInNewTab')}`}</VisuallyHidden>
          </Button>
        )}
        {tool.isOnlineTool && (tool.externalUrl ?? tool.requestUrl) && (
          <Button
            href={(tool.externalUrl ?? tool.requestUrl)!}
            target="_blank"
            rel="noopener noreferrer"
            variant="contained"
            endIcon={<OpenInNew />}
            fullWidth
          >
            {t('tool.openOnline')}
            <VisuallyHidden>{` ${t('app.opensInNewTab')}`}</VisuallyHidden>
          </Button>
        )}
        {!tool.isOnlineTool && tool.externalUrl && (
          <Button
            href={tool.externalUrl}
            target="_blank"
            rel="noopener noreferrer"
            endIcon={<OpenInNew />}
            fullWidth
          >
            {t('tool.externalPage')}
            <VisuallyHidden>{` ${t('app.opensInNewTab')}`}</VisuallyHidden>
          </Button>
        )}
        {isInstallable(tool) && tool.isInstallableViaLauncher && <LauncherInstall tool={tool} />}
      </Stack>
    </Paper>
  );
}
