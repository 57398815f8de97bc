import { pageTitle } from '@portal/resources';

/** Sets the tab title; React 19 hoists <title> and <meta> into the document head. */
export function DocumentTitle({ title, noindex = false }: { title: string; noindex?: boolean }) {
  return (
    <>
      <title>{pageTitle(title)}</title>
      {noindex && <meta name="robots" content="noindex" />}
    </>
  );
}
