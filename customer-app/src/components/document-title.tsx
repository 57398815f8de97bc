import { META_DESCRIPTION_MAX_LENGTH, pageTitle } from '@portal/resources';

/** A meta description cut to the 158 characters of spec product §9, at a word where it can be. */
export function clampMetaDescription(text: string): string {
  if (text.length <= META_DESCRIPTION_MAX_LENGTH) return text;
  const cut = text.slice(0, META_DESCRIPTION_MAX_LENGTH - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > META_DESCRIPTION_MAX_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * The tab title (page name plus the product suffix) and, for soft 404s and error pages, `noindex`.
 * React 19 hoists <title> and <meta> into the document head.
 */
export function DocumentTitle({ title, noindex = false }: { title: string; noindex?: boolean }) {
  return (
    <>
      <title>{pageTitle(title)}</title>
      {noindex && <meta name="robots" content="noindex" />}
    </>
  );
}

/** The page's meta description; the layout renders one for every page. */
export function MetaDescription({ text }: { text: string }) {
  return <meta name="description" content={clampMetaDescription(text)} />;
}
