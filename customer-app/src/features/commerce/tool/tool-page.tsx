import {
  cartEntryKey,
  compareVersions,
  hasSerialProductNumber,
  isInstallable,
  isRequestable,
  latestVersion,
  type ToolDetail,
  type ToolVersionDetail,
} from '@portal/resources';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useId, useState, type ReactNode } from 'react';
import { Link, Navigate, generatePath, useLocation, useParams, useSearchParams } from 'react-router';
import { ApiError } from '@portal/data-provider';
import { lazyPart } from '../../../app/lazy-page';
import { Button, ButtonLink, VisuallyHidden, buttonClass } from '../../../components/ui/button';
import { Chip } from '../../../components/ui/chip';
import { SelectField } from '../../../components/ui/field';
import { Icon, SvgIcon } from '../../../components/ui/icon';
import { Notice } from '../../../components/ui/notice';
import { arrowBack } from '../../../components/ui/page-icons';
import { shoppingCart } from './tool-icons';
import { useI18n } from '../../../i18n/i18n';
import { usePortal } from '../../../lib/portal-context';
import { notifyError } from '../../../notifications/notify-error';
import { internalUseOnlyPath, paths } from '../../../paths';
import ui from '../../../styles/ui.module.css';
import { toolQuery } from '../api/catalogue';
import { useCart } from '../cart/use-cart';
import { formatDate, formatMoney } from '../components/format';
import { CatalogueIcon } from '../components/catalogue-icon';
import { LightPageFrame } from '../components/light-page-frame';
import { NotFoundBlock } from '../components/not-found-block';
import { ErrorBlock, LoadingBlock, isNotFound } from '../../../components/query-states';
import { ReleaseNotes } from '../components/release-notes';
import { StructuredDataScript, toolStructuredData } from '../components/structured-data';
import { PageMeta } from '../../../components/page-meta';
import { SignInNeeded } from '../components/sign-in-needed';
import { useAccount } from '../components/use-account';
import { Downloads } from './downloads';
import styles from './tool-page.module.css';

// Parts only some tools show load with them, not with every tool page (issue 20): the export-control request
// (with its form's preloads) and the launcher install.
const ExportAccess = lazyPart(() => import('./export-access').then((m) => ({ default: m.ExportAccess })));
const LauncherInstall = lazyPart(() =>
  import('./launcher-install').then((m) => ({ default: m.LauncherInstall })),
);

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
    <section aria-labelledby={id} className={styles.section}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The license text behind a disclosure button, as the accordion it replaces. */
function LicenseText({ text }: { text: string }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className={`${ui.paper} ${styles.license}`}>
      <button
        type="button"
        className={styles.licenseToggle}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {t('tool.readLicense')}
        <span className={open ? styles.expanded : undefined}>
          <Icon name="expandMore" />
        </span>
      </button>
      <div id={id} hidden={!open} className={styles.licenseText}>
        {text}
      </div>
    </div>
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
  const location = useLocation();
  const back = (
    <ButtonLink to={paths.assetsSoftware} className={styles.back}>
      <SvgIcon d={arrowBack} small />
      {t('tool.backToCatalogue')}
    </ButtonLink>
  );

  if (query.isPending) {
    return (
      <LightPageFrame title={t('page.tool')} back={back}>
        <LoadingBlock label={t('tool.loading')} />
      </LightPageFrame>
    );
  }
  if (query.error instanceof ApiError && query.error.hasErrorCode('internal_use_only')) {
    return <Navigate replace to={internalUseOnlyPath(`${location.pathname}${location.search}`)} />;
  }
  if (query.isError) {
    return (
      <LightPageFrame
        title={isNotFound(query.error) ? t('page.notFound') : t('page.tool')}
        heading={t('page.tool')}
        back={back}
      >
        {isNotFound(query.error) ? (
          <NotFoundBlock text={t('tool.notFound')} />
        ) : (
          <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />
        )}
      </LightPageFrame>
    );
  }
  return <ToolDetails tool={query.data} back={back} />;
}

function ToolDetails({ tool, back }: { tool: ToolDetail; back: ReactNode }) {
  const { t, locale } = useI18n();
  const [params, setParams] = useSearchParams();
  const helperId = useId();
  const { latest, versions } = orderedVersions(tool);
  const asked = params.get('version');
  const version = (asked !== null ? tool.versions[asked] : undefined) ?? latest;
  const chooseVersion = (label: string) => {
    const next = new URLSearchParams(params);
    if (label === latest?.version) next.delete('version');
    else next.set('version', label);
    setParams(next, { replace: true });
  };
  const helper =
    version === latest
      ? t('tool.isLatest')
      : latest
        ? t('tool.latestIs', { version: latest.version })
        : undefined;
  const attributes = version ? Object.entries(version.additionalAttributes) : [];

  return (
    <LightPageFrame
      title={tool.name}
      meta={
        <>
          <PageMeta
            title={tool.name}
            description={tool.description ?? t('meta.assets')}
            canonicalPath={generatePath(paths.tool, { featureId: tool.featureId })}
          />
          <StructuredDataScript data={toolStructuredData(tool, latest)} />
        </>
      }
      back={back}
      intro={
        <>
          <div className={styles.badges}>
            <CatalogueIcon icon={tool.icon} fallback={null} />
            <Chip small look="filled" label={t(`commerce.category.${tool.type}`)} />
            {isInstallable(tool) && tool.isInstallableViaLauncher && (
              <Chip small label={t('commerce.badge.launcher')} />
            )}
            <span className={styles.body2}>{t('tool.featureId', { featureId: tool.featureId })}</span>
          </div>
          {tool.description && <p className={styles.description}>{tool.description}</p>}
        </>
      }
    >
      {asked !== null && !tool.versions[asked] && (
        <Notice severity="info" className={styles.noticeGap}>
          {t('tool.versionMissing', { version: asked })}
        </Notice>
      )}
      {!version ? (
        <Notice severity="info">{t('tool.noVersions')}</Notice>
      ) : (
        <div className={styles.layout}>
          <div className={styles.main}>
            <div className={styles.versionBlock}>
              <SelectField
                label={t('tool.version')}
                className={styles.versionSelect}
                value={version.version}
                onChange={(event) => chooseVersion(event.target.value)}
                aria-describedby={helper ? helperId : undefined}
              >
                {versions.map((option) => (
                  <option key={option.version} value={option.version}>
                    {option === latest
                      ? t('tool.versionLatest', { version: option.version })
                      : option.version}
                  </option>
                ))}
              </SelectField>
              {helper && (
                <p id={helperId} className={styles.helper}>
                  {helper}
                </p>
              )}
              {version.description && <p className={styles.versionDescription}>{version.description}</p>}
              {version.tags.length > 0 && (
                <ul className={styles.tags} aria-label={t('tool.tags')}>
                  {version.tags.map((tag) => (
                    <li key={tag}>
                      <Chip small label={tag} />
                    </li>
                  ))}
                </ul>
              )}
            </div>

            <Section title={t('tool.downloads')}>
              <DownloadNotice tool={tool} version={version} />
              <Downloads version={version} />
            </Section>

            <Section title={t('tool.releaseNotes')}>
              {version.releaseNotes ? (
                <ReleaseNotes text={version.releaseNotes} headingLevel="h3" />
              ) : (
                <p className={ui.secondaryText}>{t('tool.noReleaseNotes')}</p>
              )}
              {version.protocolLink && (
                <a
                  href={version.protocolLink}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={styles.link}
                >
                  {t('tool.changeLog')} {t('app.opensInNewTab')}
                </a>
              )}
            </Section>

            <Section title={t('tool.dependencies')}>
              {version.dependencies.length === 0 ? (
                <p className={ui.secondaryText}>{t('tool.noDependencies')}</p>
              ) : (
                <ul className={styles.list}>
                  {version.dependencies.map((dependency) => (
                    <li key={dependency.uuid}>
                      <Link to={generatePath(paths.tool, { featureId: dependency.targetFeatureId })}>
                        {dependency.targetFeatureId}
                      </Link>{' '}
                      <span className={ui.secondaryText}>{dependencyRange(dependency, t)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </Section>

            {(version.links.length > 0 || attributes.length > 0) && (
              <Section title={t('tool.moreAboutVersion')}>
                {version.links.length > 0 && (
                  <ul className={styles.list}>
                    {version.links.map((link) => (
                      <li key={link.uuid}>
                        <a href={link.url} target="_blank" rel="noopener noreferrer" className={styles.link}>
                          {link.title} {t('app.opensInNewTab')}
                        </a>
                      </li>
                    ))}
                  </ul>
                )}
                {attributes.length > 0 && (
                  <dl className={styles.attributes}>
                    {attributes.map(([name, value]) => (
                      <div key={name} className={styles.contents}>
                        <dt>{name}</dt>
                        <dd>{value}</dd>
                      </div>
                    ))}
                  </dl>
                )}
              </Section>
            )}

            <Section title={t('tool.license')}>
              {tool.licenseText ? (
                <LicenseText text={tool.licenseText} />
              ) : (
                <p className={ui.secondaryText}>{t('tool.noLicense')}</p>
              )}
            </Section>
          </div>
          <div className={styles.side}>
            <ActionsPanel tool={tool} version={version} />
            <aside aria-label={t('tool.facts')} className={`${ui.paper} ${styles.panel} ${styles.facts}`}>
              <dl>
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
              </dl>
            </aside>
          </div>
        </div>
      )}
    </LightPageFrame>
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
        <div className={`${styles.stack} ${styles.noticeGap}`}>
          <SignInNeeded account={account} action="tool.downloadAction" />
          {hasSerialProductNumber(version) && <Notice severity="info">{t('tool.purchaseRequired')}</Notice>}
        </div>
      );
    case 'purchase-required':
      return (
        <Notice severity="info" className={styles.noticeGap}>
          {t('tool.purchaseRequired')}
        </Notice>
      );
    case 'export-controlled':
      return (
        <Suspense fallback={null}>
          <ExportAccess tool={tool} classifications={version.exportControlClassifications} />
        </Suspense>
      );
    case 'disabled':
      return (
        <Notice severity="info" className={styles.noticeGap}>
          {t('tool.downloadDisabled')}
        </Notice>
      );
  }
}

/** An external link drawn as a full-width button, with "opens in a new tab" for screen readers. */
function ExternalButton({
  href,
  contained,
  children,
}: {
  href: string;
  contained?: boolean;
  children: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonClass({ variant: contained ? 'contained' : 'text', className: styles.fullWidth })}
    >
      {children}
      <VisuallyHidden>{` ${t('app.opensInNewTab')}`}</VisuallyHidden>
      <Icon name="openInNew" small />
    </a>
  );
}

/** Ordering, requesting, opening and installing: what the tool's kind and request flow allow. */
function ActionsPanel({ tool, version }: { tool: ToolDetail; version: ToolVersionDetail }) {
  const { t, locale } = useI18n();
  const { notifications } = usePortal();
  const cart = useCart();
  // The cart's code loads with the first click, not with the page (issue 20); a failed load is told as an error.
  const addToCart = () =>
    void import('../cart/use-add-to-cart')
      .then((cartCode) => cartCode.addToolToCart(notifications, tool, version))
      .catch((error: unknown) => notifyError(notifications, error));
  // The entry's key from the fields that identify it (the entry itself is built on the click, with the cart's code).
  const entryKey = cartEntryKey({ type: 'tool', item: tool, package: version });
  const inCart = cart.some((existing) => cartEntryKey(existing) === entryKey);
  const payable = hasSerialProductNumber(version);
  const throughCart = isRequestable(tool) && tool.requestFlow !== 'external';
  const onlineUrl = tool.isOnlineTool ? (tool.externalUrl ?? tool.requestUrl) : null;

  return (
    <section aria-label={t('tool.getIt')} className={`${ui.paper} ${styles.panel} ${styles.stack}`}>
      {payable && version.price && <p className={styles.price}>{formatMoney(version.price, locale)}</p>}
      {throughCart && version.orderable && (
        <>
          <p className={styles.body2}>
            {payable ? t('tool.buyText') : t('tool.requestText')}
            {tool.requestFlow === 'cart-with-questionnaire' && ` ${t('tool.questionnaireText')}`}
          </p>
          {inCart ? (
            <ButtonLink to={paths.cart} variant="contained" className={styles.fullWidth}>
              <SvgIcon d={shoppingCart} small />
              {t('tool.inCartGoToCart')}
            </ButtonLink>
          ) : (
            <Button variant="contained" className={styles.fullWidth} onClick={addToCart}>
              <SvgIcon d={shoppingCart} small />
              {payable
                ? t('tool.buy', { version: version.version })
                : t('tool.request', { version: version.version })}
            </Button>
          )}
        </>
      )}
      {throughCart && !version.orderable && <Notice severity="info">{t('tool.notOrderable')}</Notice>}
      {tool.requestFlow === 'external' && tool.requestUrl && !tool.isOnlineTool && (
        <ExternalButton href={tool.requestUrl} contained>
          {t('tool.requestExternally')}
        </ExternalButton>
      )}
      {onlineUrl && (
        <ExternalButton href={onlineUrl} contained>
          {t('tool.openOnline')}
        </ExternalButton>
      )}
      {!tool.isOnlineTool && tool.externalUrl && (
        <ExternalButton href={tool.externalUrl}>{t('tool.externalPage')}</ExternalButton>
      )}
      {isInstallable(tool) && tool.isInstallableViaLauncher && (
        <Suspense fallback={null}>
          <LauncherInstall tool={tool} />
        </Suspense>
      )}
    </section>
  );
}
