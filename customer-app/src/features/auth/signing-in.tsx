import { DocumentTitle } from '../../components/document-title';
import { PageLoader } from '../../components/page-loader';

/** Shown on /auth/callback while the code is exchanged and the user loaded. */
export function SigningIn() {
  return (
    <>
      <DocumentTitle title="Signing in" noindex />
      <PageLoader label="Signing you in…" />
    </>
  );
}
