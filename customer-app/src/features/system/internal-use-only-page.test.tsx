import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../paths';
import { renderWithPortal } from '../../test/portal';
import { InternalUseOnlyPage } from './internal-use-only-page';

const noCalls: typeof fetch = async () => new Response('{}', { status: 500 });

const routes = [{ path: paths.internalUseOnly, Component: InternalUseOnlyPage }];
const refusedTool = `${paths.internalUseOnly}?${new URLSearchParams({ redirectTo: '/assets/lab-tool?version=2' })}`;

describe('the internal-use-only page (spec product §2.4)', () => {
  it('offers an anonymous visitor a sign-in that comes back to the refused page', async () => {
    renderWithPortal(routes, refusedTool, { fetch: noCalls, signedIn: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'For internal use only' })).toBeTruthy();
    const signIn = screen.getByRole('link', { name: 'Sign in' });
    expect(signIn.getAttribute('href')).toBe(
      `/login?${new URLSearchParams({ redirectTo: '/assets/lab-tool?version=2' })}`,
    );
  });

  it('offers no sign-in to someone signed in already', async () => {
    renderWithPortal(routes, refusedTool, { fetch: noCalls, signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'For internal use only' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the welcome page' })).toBeTruthy();
  });
});
