import { createApiClient, type PortalConfig, type Session } from '@portal/data-provider';
import { Role, type User } from '@portal/resources';
import { fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { PortalProvider } from '../../lib/portal-context';
import { NotificationStore } from '../../notifications/notification-store';
import { ToolApiVersionStore } from '../../session/tool-api-version';
import { makeUser } from '../../test/fixtures';
import { ProfileMenu } from './header-menus';

/** The profile menu over an API client wired as create-portal wires it: the stored version goes with each call. */
function renderMenu(user: User) {
  localStorage.clear();
  const reload = vi.fn<() => void>();
  const toolApiVersion = new ToolApiVersionStore(localStorage, reload);
  const signedIn = { profile: { email_verified: true } };
  const session = {
    getActiveUser: () => signedIn,
    subscribe: () => () => undefined,
    isAuthenticated: () => true,
    isMfa: () => true,
    getAccessToken: () => 'token',
  } as unknown as Session;
  const fetch = vi.fn<typeof globalThis.fetch>(
    async () => new Response(JSON.stringify(user), { status: 200 }),
  );
  const api = createApiClient({
    baseUrl: 'http://portal.test/api/v1',
    getAccessToken: () => 'token',
    getToolApiVersion: () => toolApiVersion.getSnapshot().version,
    fetch,
  });
  const menu = (
    <ProfileMenu anchor={document.body} onClose={() => undefined} buttonId="profile" menuId="menu" />
  );
  const router = createMemoryRouter([{ path: '/', element: menu }]);
  const services = {
    config: {} as PortalConfig,
    session,
    api,
    notifications: new NotificationStore(),
    toolApiVersion,
  };
  render(
    <PortalProvider services={services}>
      <RouterProvider router={router} />
    </PortalProvider>,
  );
  const sentVersion = () => new Headers(fetch.mock.calls.at(-1)?.[1]?.headers).get('X-Tool-Api-Version');
  return { reload, api, sentVersion };
}

describe('the tool API version toggle of the profile menu (spec §2.4, §4)', () => {
  it('lets an internal user switch to v1: stored, the page reloads, and the calls carry v1', async () => {
    const { reload, api, sentVersion } = renderMenu(makeUser({ roles: [{ name: Role.InternalUser }] }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /Use tool API v1/ }));
    expect(reload).toHaveBeenCalledOnce();
    await api.call('GET /catalogue/tools/:featureId', { params: { featureId: 'a' } });
    expect(sentVersion()).toBe('v1');
  });

  it('offers nothing to anybody else', async () => {
    renderMenu(makeUser({ roles: [{ name: Role.CompanySpaceAdmin }] }));
    expect(await screen.findByRole('menuitem', { name: /Logout/i })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: /tool API/ })).toBeNull();
  });
});
