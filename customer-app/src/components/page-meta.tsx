import { useLocation } from 'react-router';
import { useI18n } from '../i18n/i18n';
import { usePortal } from '../lib/portal-context';
import { MetaDescription, clampMetaDescription } from './document-title';

export interface PageMetaProps {
  title: string;
  description: string;
  /** The page's one address when others show it too (`/tools/{id}`, `?version=`); else the address shown. */
  canonicalPath?: string;
  type?: 'website' | 'article';
}

/** The page's absolute address: the API's origin is the portal's, the same on the server and in the browser. */
function useCanonicalUrl(canonicalPath?: string): string {
  const { api } = usePortal();
  const location = useLocation();
  return new URL(canonicalPath ?? `${location.pathname}${location.search}`, api.baseUrl).href;
}

/**
 * What search engines and link previews read (issue 48): the meta description, the canonical address and the Open
 * Graph tags, which React hoists into the head. Item pages add their JSON-LD (features/commerce, structured-data).
 * The address and Open Graph tags are written by the server only: crawlers and previews read its HTML, and the
 * browser's first page keeps them (hoisted tags are not hydrated); the shell's script stays within its budget.
 */
export function PageMeta(props: PageMetaProps) {
  return import.meta.env.SSR ? <ServerPageMeta {...props} /> : <MetaDescription text={props.description} />;
}

function ServerPageMeta({ title, description, canonicalPath, type = 'website' }: PageMetaProps) {
  const { t } = useI18n();
  const url = useCanonicalUrl(canonicalPath);
  return (
    <>
      <MetaDescription text={description} />
      <link rel="canonical" href={url} />
      <meta property="og:site_name" content={t('app.name')} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={clampMetaDescription(description)} />
      <meta property="og:url" content={url} />
    </>
  );
}
