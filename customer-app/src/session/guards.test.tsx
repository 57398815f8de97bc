import { Role } from '@portal/resources';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeSession, guardDeps, makeUser, renderRoutes, stubFetch, Where } from '../test/fixtures';
import {
  outdatedBrowserGuard,
  requireRouteRoles,
  requireSecureAccess,
  requireVerifiedUser,
  type GuardDeps,
} from './guards';
import { fetchCurrentUser } from './current-user';
import { USE_OUTDATED_BROWSER_KEY } from './outdated-browser';

const signedIn = { authenticated: true, mfa: false };

const location = () => screen.getByTestId('location').textContent;

function signedInRoute(deps: GuardDeps) {
  return { path: '/my/orders', loader: requireVerifiedUser(deps), element: <Where name="Orders" /> };
}

describe('requireVerifiedUser', () => {
  it('sends an anonymous visitor to login with redirectTo, without calling the API', async () => {
    const fetchStub = stubFetch({});
    const deps = guardDeps(fakeSession({ authenticated: false, mfa: false }), fetchStub);
    renderRoutes([signedInRoute(deps)], '/my/orders?tab=open');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeDefined();
    expect(location()).toBe('/login?redirectTo=%2Fmy%2Forders%3Ftab%3Dopen');
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('sends an unverified user to /user-not-verified', async () => {
    const deps = guardDeps(
      fakeSession(signedIn),
      stubFetch({ 'users/me': { status: 200, body: makeUser({ emailVerified: false }) } }),
    );
    renderRoutes([signedInRoute(deps)], '/my/orders');
    expect(await screen.findByRole('heading', { name: 'Not verified' })).toBeDefined();
  });

  it('admits a verified user and leaves users/me in the cache for the page', async () => {
    const fetchStub = stubFetch({ 'users/me': { status: 200, body: makeUser() } });
    const deps = guardDeps(fakeSession(signedIn), fetchStub);
    renderRoutes([signedInRoute(deps)], '/my/orders');
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeDefined();
    // The page's own read is answered from the shell's cache: no second request.
    await expect(fetchCurrentUser(deps.api)).resolves.toMatchObject({ email: 'chris@portal.test' });
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });
});

describe('requireRouteRoles', () => {
  const route = (deps: GuardDeps) => ({
    path: '/company-space',
    loader: requireRouteRoles(deps, ['ADMIN', 'COMPANYSPACE_ADMIN']),
    element: <Where name="Company space" />,
  });

  it('admits a user when any required route role matches one of theirs', async () => {
    const user = makeUser({ roles: [{ name: Role.InternalUser }, { name: Role.CompanySpaceAdmin }] });
    const deps = guardDeps(fakeSession(signedIn), stubFetch({ 'users/me': { status: 200, body: user } }));
    renderRoutes([route(deps)], '/company-space');
    expect(await screen.findByRole('heading', { name: 'Company space' })).toBeDefined();
  });

  it('sends anyone else to /forbidden', async () => {
    const user = makeUser({ roles: [{ name: Role.InternalUser }] });
    const deps = guardDeps(fakeSession(signedIn), stubFetch({ 'users/me': { status: 200, body: user } }));
    renderRoutes([route(deps)], '/company-space');
    expect(await screen.findByRole('heading', { name: 'Forbidden' })).toBeDefined();
  });

  const internalRoute = (deps: GuardDeps) => ({
    path: '/internal-tools',
    loader: requireRouteRoles(deps, ['INTERNAL_USER']),
    element: <Where name="Internal tools" />,
  });

  it('sends others from a route marked for internal users to the internal-use-only page, to come back', async () => {
    const user = makeUser({ roles: [{ name: Role.Admin }] });
    const deps = guardDeps(fakeSession(signedIn), stubFetch({ 'users/me': { status: 200, body: user } }));
    renderRoutes([internalRoute(deps)], '/internal-tools?x=1');
    expect(await screen.findByRole('heading', { name: 'Internal use only' })).toBeDefined();
    expect(location()).toBe('/internal-use-only?redirectTo=%2Finternal-tools%3Fx%3D1');
  });

  it('admits an internal user to a route marked for internal users', async () => {
    const user = makeUser({ roles: [{ name: Role.InternalUser }] });
    const deps = guardDeps(fakeSession(signedIn), stubFetch({ 'users/me': { status: 200, body: user } }));
    renderRoutes([internalRoute(deps)], '/internal-tools');
    expect(await screen.findByRole('heading', { name: 'Internal tools' })).toBeDefined();
  });
});

describe('outdatedBrowserGuard', () => {
  const IE11 = 'Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko';
  const routes = (deps: GuardDeps) => [
    {
      loader: outdatedBrowserGuard(deps),
      children: [{ path: '/welcome', element: <Where name="Welcome" /> }],
    },
  ];

  it('sends MSIE/Trident to /browser-outdated with the page it asked for', async () => {
    const deps = guardDeps(fakeSession(signedIn), stubFetch({}), { userAgent: IE11, sessionStorage });
    renderRoutes(routes(deps), '/welcome?x=1');
    expect(await screen.findByRole('heading', { name: 'Outdated' })).toBeDefined();
    expect(location()).toBe('/browser-outdated?redirectTo=%2Fwelcome%3Fx%3D1');
  });

  it('lets it through once the session flag useOutdatedBrowser is set', async () => {
    sessionStorage.setItem(USE_OUTDATED_BROWSER_KEY, 'true');
    const deps = guardDeps(fakeSession(signedIn), stubFetch({}), { userAgent: IE11, sessionStorage });
    renderRoutes(routes(deps), '/welcome');
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeDefined();
  });

  it('lets a current browser through', async () => {
    const deps = guardDeps(fakeSession(signedIn), stubFetch({}), { userAgent: 'Chrome/140', sessionStorage });
    renderRoutes(routes(deps), '/welcome');
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeDefined();
  });
});

describe('requireSecureAccess', () => {
  const verified = { status: 200, body: makeUser() };
  const promoted = { status: 200, body: makeUser({ roles: [{ name: Role.PromotedUser }] }) };
  const routes = (deps: GuardDeps) => [
    {
      path: '/my/projects/:uid',
      loader: requireSecureAccess(deps, 'project'),
      element: <Where name="Project" />,
    },
    {
      path: '/invitation/:invitationUuid',
      loader: requireSecureAccess(deps, 'invitation'),
      element: <Where name="Invitation" />,
    },
  ];

  it('opens a project that is not secure', async () => {
    const fetchStub = stubFetch({
      'users/me': verified,
      'projects/p-1/secure': { status: 200, body: { isSecure: false } },
    });
    renderRoutes(routes(guardDeps(fakeSession(signedIn), fetchStub)), '/my/projects/p-1');
    expect(await screen.findByRole('heading', { name: 'Project' })).toBeDefined();
  });

  it('opens a secure project for a user signed in with a second factor', async () => {
    const fetchStub = stubFetch({
      'users/me': verified,
      'projects/p-1/secure': { status: 200, body: { isSecure: true } },
    });
    renderRoutes(
      routes(guardDeps(fakeSession({ authenticated: true, mfa: true }), fetchStub)),
      '/my/projects/p-1',
    );
    expect(await screen.findByRole('heading', { name: 'Project' })).toBeDefined();
  });

  it('sends a promoted user to the step-up sign-in, back to the project afterwards', async () => {
    const fetchStub = stubFetch({
      'users/me': promoted,
      'projects/p-1/secure': { status: 200, body: { isSecure: true } },
    });
    renderRoutes(routes(guardDeps(fakeSession(signedIn), fetchStub)), '/my/projects/p-1');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeDefined();
    expect(location()).toBe('/login?redirectTo=%2Fmy%2Fprojects%2Fp-1&useMFA=true');
  });

  it('gives anyone else the 403 notice, then the forbidden page', async () => {
    const fetchStub = stubFetch({
      'users/me': verified,
      'invitations/i-1/secure': { status: 200, body: true },
    });
    const deps = guardDeps(fakeSession(signedIn), fetchStub);
    renderRoutes(routes(deps), '/invitation/i-1');
    expect(await screen.findByRole('heading', { name: 'Forbidden' })).toBeDefined();
    expect(deps.notifications.getSnapshot()).toEqual([
      expect.objectContaining({
        kind: 'error',
        title: { key: 'error.status.403', params: undefined },
        message: { key: 'errorCode.forbidden', params: undefined },
      }),
    ]);
  });

  it('goes to /forbidden on a 403 answer and to /not-found on a 404', async () => {
    const forbidden = guardDeps(
      fakeSession(signedIn),
      stubFetch({
        'users/me': verified,
        'projects/p-1/secure': { status: 403, body: { status: 403, type: 'forbidden', errors: [] } },
      }),
    );
    const first = renderRoutes(routes(forbidden), '/my/projects/p-1');
    expect(await screen.findByRole('heading', { name: 'Forbidden' })).toBeDefined();
    first.unmount();

    const missing = guardDeps(
      fakeSession(signedIn),
      stubFetch({
        'users/me': verified,
        'projects/p-1/secure': { status: 404, body: { status: 404, type: 'not_found', errors: [] } },
      }),
    );
    renderRoutes(routes(missing), '/my/projects/p-1');
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeDefined();
  });

  it('aborts the navigation on any other failure: the page stays and the error is told', async () => {
    const deps = guardDeps(
      fakeSession(signedIn),
      stubFetch({
        'users/me': verified,
        'projects/p-1/secure': {
          status: 502,
          body: { status: 502, type: 'service_unavailable', errors: [] },
        },
      }),
    );
    renderRoutes(routes(deps), '/start?tab=2', deps);
    expect(await screen.findByRole('heading', { name: 'Start' })).toBeDefined();

    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'open project' }));
    });
    expect(await screen.findByRole('heading', { name: 'Start' })).toBeDefined();
    // The notice's code loads with the first error, so the notice may follow the aborted navigation.
    await vi.waitFor(() =>
      expect(deps.notifications.getSnapshot()).toEqual([
        expect.objectContaining({ kind: 'error', title: { key: 'error.status.502', params: undefined } }),
      ]),
    );
    expect(location()).toBe('/start?tab=2');
  });

  it('shows the error when the first page load itself fails: there is no page to stay on', async () => {
    const deps = guardDeps(
      fakeSession(signedIn),
      stubFetch({ 'users/me': verified, 'projects/p-1/secure': () => ({ status: 500 }) }),
    );
    renderRoutes(routes(deps), '/my/projects/p-1', deps);
    expect(await screen.findByRole('alert')).toBeDefined();
    expect(deps.notifications.getSnapshot()).toEqual([]);
  });

  it('checks sign-in first: an anonymous visitor goes to login and the API is not asked', async () => {
    const fetchStub = stubFetch({});
    renderRoutes(
      routes(guardDeps(fakeSession({ authenticated: false, mfa: false }), fetchStub)),
      '/my/projects/p-1',
    );
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeDefined();
    expect(fetchStub).not.toHaveBeenCalled();
  });
});
