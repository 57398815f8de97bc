import ArrowBack from '@mui/icons-material/ArrowBack';
import OpenInNew from '@mui/icons-material/OpenInNew';
import ShoppingCart from '@mui/icons-material/ShoppingCart';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { cartEntryKey, type SoftwareBundleDetail } from '@portal/resources';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink, generatePath, useParams } from 'react-router';
import { Redirect } from '../../../components/redirect';
import { useI18n } from '../../../i18n/i18n';
import { usePortal } from '../../../lib/portal-context';
import { paths } from '../../../paths';
import { bundleQuery, documentQuery } from '../api/catalogue';
import { bundleEntry } from '../cart/cart-entries';
import { useAddToCart } from '../cart/use-add-to-cart';
import { useCart } from '../cart/use-cart';
import { formatDate } from '../components/format';
import { StructuredDataScript, bundleStructuredData } from '../components/structured-data';
import { PageMeta } from '../../../components/page-meta';
import { NotFoundBlock } from '../components/not-found-block';
import { PageFrame } from '../components/page-frame';
import { VisuallyHidden } from '../components/visually-hidden';
import { ErrorBlock, LoadingBlock, isNotFound } from '../../../components/query-states';

/**
 * The bundle's documents by title. The bundle names them by feature ID only, so each title is read from its
 * document (a non-public one stays a feature ID for anonymous visitors).
 */
function DocumentLinks({ featureIds }: { featureIds: readonly string[] }) {
  const { api } = usePortal();
  const documents = useQueries({
    queries: featureIds.map((featureId) => ({ ...documentQuery(api, featureId), retry: false })),
  });
  return (
    <Box component="ul" sx={{ pl: 3, my: 0 }}>
      {featureIds.map((featureId, index) => (
        <li key={featureId}>
          <Link component={RouterLink} to={generatePath(paths.document, { featureId })}>
            {documents[index]?.data?.title ?? featureId}
          </Link>
        </li>
      ))}
    </Box>
  );
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

/** The bundle page (spec §2.1 /software-bundles/{uuid}): its tools, documents, hardware and released versions. */
export function BundlePage() {
  const { t } = useI18n();
  const { api } = usePortal();
  const { uuid = '' } = useParams();
  const query = useQuery(bundleQuery(api, uuid));
  const back = (
    <Button component={RouterLink} to={paths.assetsSoftwareBundles} startIcon={<ArrowBack />} size="small">
      {t('bundle.back')}
    </Button>
  );
  if (query.isPending) {
    return (
      <PageFrame title={t('page.bundle')} back={back}>
        <LoadingBlock label={t('bundle.loading')} />
      </PageFrame>
    );
  }
  if (query.isError) {
    const notFound = isNotFound(query.error);
    return (
      <PageFrame
        title={notFound ? t('page.notFound') : t('page.bundle')}
        heading={t('page.bundle')}
        back={back}
      >
        {notFound ? (
          <NotFoundBlock text={t('bundle.notFound')} />
        ) : (
          <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />
        )}
      </PageFrame>
    );
  }
  // Opened by its catalogue key (an alias: cart and order links): the address becomes the bundle's UUID.
  if (query.data.id !== uuid) {
    return <Redirect to={generatePath(paths.softwareBundle, { uuid: query.data.id })} />;
  }
  return <BundleDetails bundle={query.data} back={back} />;
}

function BundleDetails({ bundle, back }: { bundle: SoftwareBundleDetail; back: ReactNode }) {
  const { t, locale } = useI18n();
  const addToCart = useAddToCart();
  const cart = useCart();
  const featuresHelpId = useId();
  const [selected, setSelected] = useState<string[]>(() =>
    bundle.selectedFeatures.length
      ? bundle.selectedFeatures
      : bundle.features.map((feature) => feature.featureId),
  );
  const entry = bundleEntry(bundle, selected);
  const inCart = cart.some((existing) => cartEntryKey(existing) === cartEntryKey(entry));
  const throughCart = bundle.requestFlow !== 'external';
  const toggle = (featureId: string) =>
    setSelected((current) =>
      current.includes(featureId) ? current.filter((id) => id !== featureId) : [...current, featureId],
    );

  return (
    <PageFrame
      title={bundle.name}
      meta={
        <>
          <PageMeta
            title={bundle.name}
            description={t('meta.assets')}
            canonicalPath={generatePath(paths.softwareBundle, { uuid: bundle.id })}
          />
          <StructuredDataScript data={bundleStructuredData(bundle)} />
        </>
      }
      back={back}
      intro={
        bundle.hardwareNames.length > 0 && (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
            <Typography component="span" variant="body2" color="text.secondary" sx={{ mr: 0.5 }}>
              {t('bundle.hardware')}
            </Typography>
            {bundle.hardwareNames.map((name) => (
              <Chip key={name} size="small" label={name} />
            ))}
          </Stack>
        )
      }
    >
      <Grid container spacing={4}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Section title={t('bundle.tools')}>
            {bundle.features.length === 0 ? (
              <Typography color="text.secondary">{t('bundle.noTools')}</Typography>
            ) : throughCart && bundle.orderable ? (
              <FormControl component="fieldset">
                <FormLabel component="legend">{t('bundle.chooseTools')}</FormLabel>
                <FormGroup aria-describedby={featuresHelpId}>
                  {bundle.features.map((feature) => (
                    <Box key={feature.featureId} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                      <FormControlLabel
                        control={
                          <Checkbox
                            checked={selected.includes(feature.featureId)}
                            onChange={() => toggle(feature.featureId)}
                            disabled={inCart}
                          />
                        }
                        label={feature.name}
                      />
                      <Link
                        component={RouterLink}
                        to={generatePath(paths.tool, { featureId: feature.featureId })}
                        aria-label={t('bundle.toolDetails', { name: feature.name })}
                        variant="body2"
                      >
                        {t('bundle.details')}
                      </Link>
                    </Box>
                  ))}
                </FormGroup>
                <FormHelperText id={featuresHelpId}>
                  {t('bundle.chosenCount', { count: selected.length, total: bundle.features.length })}
                </FormHelperText>
              </FormControl>
            ) : (
              <Box component="ul" sx={{ pl: 3, my: 0 }}>
                {bundle.features.map((feature) => (
                  <li key={feature.featureId}>
                    <Link
                      component={RouterLink}
                      to={generatePath(paths.tool, { featureId: feature.featureId })}
                    >
                      {feature.name}
                    </Link>
                  </li>
                ))}
              </Box>
            )}
          </Section>

          {bundle.documentFeatureIds.length > 0 && (
            <Section title={t('bundle.documents')}>
              <DocumentLinks featureIds={bundle.documentFeatureIds} />
            </Section>
          )}

          <Section title={t('bundle.versions')}>
            {bundle.versions.length === 0 ? (
              <Typography color="text.secondary">{t('bundle.noVersions')}</Typography>
            ) : (
              <Stack spacing={2}>
                {[...bundle.versions].reverse().map((version) => (
                  <Paper key={version.id} variant="outlined" sx={{ p: 2 }} component="article">
                    <Typography component="h3" variant="h6">
                      {t('bundle.version', { version: version.version })}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {formatDate(version.createdAt, locale)}
                    </Typography>
                    {version.description && <Typography sx={{ mt: 1 }}>{version.description}</Typography>}
                    {version.toolVersions.length > 0 && (
                      <Box component="ul" sx={{ pl: 3, mb: 0 }}>
                        {version.toolVersions.map((pinned) => (
                          <li key={pinned.featureId}>
                            <Link
                              component={RouterLink}
                              to={`${generatePath(paths.tool, { featureId: pinned.featureId })}?${new URLSearchParams({ version: pinned.version })}`}
                            >
                              {bundle.features.find((feature) => feature.featureId === pinned.featureId)
                                ?.name ?? pinned.featureId}{' '}
                              {pinned.version}
                            </Link>
                          </li>
                        ))}
                      </Box>
                    )}
                  </Paper>
                ))}
              </Stack>
            )}
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }} sx={{ order: { xs: -1, md: 0 } }}>
          <Paper variant="outlined" component="section" aria-label={t('tool.getIt')} sx={{ p: 2 }}>
            <Stack spacing={1.5}>
              {throughCart && bundle.orderable ? (
                <>
                  <Typography variant="body2" color="text.secondary">
                    {t('bundle.requestText')}
                    {bundle.requestFlow === 'cart-with-questionnaire' && ` ${t('tool.questionnaireText')}`}
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
                      disabled={selected.length === 0 && bundle.features.length > 0}
                      fullWidth
                    >
                      {t('bundle.request')}
                    </Button>
                  )}
                </>
              ) : throughCart ? (
                <Alert severity="info">{t('bundle.notOrderable')}</Alert>
              ) : (
                bundle.requestUrl && (
                  <Button
                    href={bundle.requestUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    variant="contained"
                    endIcon={<OpenInNew />}
                    fullWidth
                  >
                    {t('tool.requestExternally')}
                    <VisuallyHidden>{` ${t('app.opensInNewTab')}`}</VisuallyHidden>
                  </Button>
                )
              )}
            </Stack>
          </Paper>
        </Grid>
      </Grid>
    </PageFrame>
  );
}
