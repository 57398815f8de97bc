import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../paths';
import { renderWithPortal } from '../commerce/test-portal';
import { ToolPage } from '../commerce/tool/tool-page';
import { InternalUseOnlyPage } from './internal-use-only-page';

/** `GET catalogue/tools/{featureId}` refused as the server refuses an internal-only tool to others. */
const refusing: typeof fetch = async () =>
  new Response(
    JSON.stringify({
      status: 403,
      type: 'internal_use_only',
      errors: [{ errorCode: 'internal_use_only', resources: ['lab-tool'], messages: ['Internal only.'] }],
    }),
    { status: 403 },
  );

const routes = [
  { path: paths.tool, Component: ToolPage },
  { path: paths.internalUseOnly, Component: InternalUseOnlyPage },
];

describe('the internal-use-only page (spec product §2.4)', () => {
  it('replaces a tool page the server refuses as internal-only, with a sign-in that comes back', async () => {
    const { router } = renderWithPortal(routes, '/assets/lab-tool?version=2', {
      fetch: refusing,
      signedIn: false,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'For internal use only' })).toBeTruthy();
    expect(router.state.historyAction).toBe('REPLACE');
    const signIn = screen.getByRole('link', { name: 'Sign in' });
    expect(signIn.getAttribute('href')).toBe(
      `/login?${new URLSearchParams({ redirectTo: '/assets/lab-tool?version=2' })}`,
    );
  });

  it('offers no sign-in to someone signed in already', async () => {
    renderWithPortal(routes, '/assets/lab-tool', { fetch: refusing, signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'For internal use only' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the welcome page' })).toBeTruthy();
  });
});
