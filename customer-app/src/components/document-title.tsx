const APP_NAME = 'Developer Portal';

/** Sets the tab title; React 19 hoists <title> and <meta> into the document head. */
export function DocumentTitle({ title, noindex = false }: { title: string; noindex?: boolean }) {
  return (
    <>
      <title>{`${title} · ${APP_NAME}`}</title>
      {noindex && <meta name="robots" content="noindex" />}
    </>
  );
}
