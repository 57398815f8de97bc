import { useLocation } from 'react-router';
import { useI18n } from '../i18n/i18n';
import { usePortal } from '../lib/portal-context';
import { MetaDescription, clampMetaDescription } from './document-title';

/** A schema.org description of the page (issue 48): a `SoftwareApplication`, a `TechArticle`. */
export type StructuredData = Readonly<Record<string, unknown>> & { '@type': string };

export interface PageMetaProps {
  title: string;
  description: string;
  /** The page's one address when others show it too (`/tools/{id}`, `?version=`); else the address shown. */
  canonicalPath?: string;
  type?: 'website' | 'article';
  structuredData?: StructuredData;
}

/**
 * What search engines and link previews read (issue 48): the meta description, the canonical address, the Open
 * Graph tags and JSON-LD. React hoists the `<meta>` and `<link>` into the head; the JSON-LD script stays in the
 * page, non-executable, `<` escaped so no text of the catalogue closes it.
 */
export function PageMeta({
  title,
  description,
  canonicalPath,
  type = 'website',
  structuredData,
}: PageMetaProps) {
  const { t } = useI18n();
  const { api } = usePortal();
  const location = useLocation();
  // The API's origin is the portal's: the same on the server and in the browser.
  const url = new URL(canonicalPath ?? `${location.pathname}${location.search}`, api.baseUrl).href;
  const summary = clampMetaDescription(description);
  return (
    <>
      <MetaDescription text={description} />
      <link rel="canonical" href={url} />
      <meta property="og:site_name" content={t('app.name')} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={summary} />
      <meta property="og:url" content={url} />
      {structuredData && (
        <script
          type="application/ld+json"
          dangerouslySetInnerHTML={{
            __html: JSON.stringify({ '@context': 'https://schema.org', ...structuredData, url }).replace(
              /</g,
              '\\u003c',
            ),
          }}
        />
      )}
    </>
  );
}
