import { useQuery } from '@tanstack/react-query';
import { generatePath, useLocation, useParams } from 'react-router';
import { PageMeta } from '../../../components/page-meta';
import { ButtonLink, VisuallyHidden, buttonClass } from '../../../components/ui/button';
import { Icon, SvgIcon } from '../../../components/ui/icon';
import { arrowBack } from '../../../components/ui/page-icons';
import { useI18n } from '../../../i18n/i18n';
import { usePortal } from '../../../lib/portal-context';
import { loginPath, paths } from '../../../paths';
import ui from '../../../styles/ui.module.css';
import { documentQuery } from '../api/catalogue';
import { formatDate } from '../components/format';
import { StructuredDataScript, documentStructuredData } from '../components/structured-data';
import { LightPageFrame } from '../components/light-page-frame';
import { NotFoundBlock } from '../components/not-found-block';
import { ErrorBlock, LoadingBlock, isNotFound } from '../../../components/query-states';
import { useAccount } from '../components/use-account';
import styles from './document-page.module.css';

/**
 * The document page (spec §2.1 /document/{featureId}): what it is, and the document itself to open. The shell's
 * light components, no MUI.
 */
export function DocumentPage() {
  const { t, locale } = useI18n();
  const { api } = usePortal();
  const { featureId = '' } = useParams();
  const location = useLocation();
  const account = useAccount();
  const query = useQuery(documentQuery(api, featureId));
  const back = (
    <ButtonLink to={paths.documents} className={styles.back}>
      <SvgIcon d={arrowBack} small />
      {t('document.back')}
    </ButtonLink>
  );

  if (query.isPending) {
    return (
      <LightPageFrame title={t('page.document')} back={back}>
        <LoadingBlock label={t('document.loading')} />
      </LightPageFrame>
    );
  }
  if (query.isError) {
    const notFound = isNotFound(query.error);
    return (
      <LightPageFrame
        title={notFound ? t('page.notFound') : t('page.document')}
        heading={t('page.document')}
        back={back}
      >
        {notFound ? (
          <NotFoundBlock
            text={account.signedIn ? t('document.notFound') : t('document.notFoundSignIn')}
            action={
              account.signedIn ? undefined : (
                <ButtonLink
                  to={loginPath({ redirectTo: `${location.pathname}${location.search}` })}
                  variant="outlined"
                >
                  {t('nav.login')}
                </ButtonLink>
              )
            }
          />
        ) : (
          <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />
        )}
      </LightPageFrame>
    );
  }
  const document = query.data;
  return (
    <LightPageFrame
      title={document.title}
      meta={
        <>
          <PageMeta
            title={document.title}
            description={document.description ?? t('meta.documents')}
            canonicalPath={generatePath(paths.document, { featureId: document.featureId })}
            type="article"
          />
          <StructuredDataScript data={documentStructuredData(document)} />
        </>
      }
      back={back}
      intro={document.type}
    >
      <div className={`${ui.paper} ${styles.card}`}>
        {document.description && <p className={styles.description}>{document.description}</p>}
        <dl className={styles.facts}>
          <dt>{t('document.file')}</dt>
          <dd className={styles.filename}>{document.filename}</dd>
          <dt>{t('document.type')}</dt>
          <dd>{document.type}</dd>
          <dt>{t('document.updated')}</dt>
          <dd>{formatDate(document.updatedAt, locale)}</dd>
        </dl>
        <a
          className={buttonClass({ variant: 'contained' })}
          href={document.url}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('document.open')}
          <VisuallyHidden>{` ${t('app.opensInNewTab')}`}</VisuallyHidden>
          <Icon name="openInNew" small />
        </a>
      </div>
    </LightPageFrame>
  );
}
