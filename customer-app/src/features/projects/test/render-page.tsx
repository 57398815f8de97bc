import { createApiClient, type PortalConfig, type Session } from '@portal/data-provider';
import type { Project, User } from '@portal/resources';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { PortalProvider } from '../../../lib/portal-context';
import { NotificationStore } from '../../../notifications/notification-store';
import { ToolApiVersionStore } from '../../../session/tool-api-version';
import { makeUser } from '../../../test/fixtures';

export interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}
type Answers = Record<string, Answer | ((url: URL) => Answer)>;

/** A stubbed portal API: answers by `METHOD path` or by path under the API root; unknown calls fail the test. */
function stubApi(answers: Answers) {
  const calls: { method: string; url: URL; body?: unknown }[] = [];
  const fetchStub = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/api\/v1\//, '');
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const entry = answers[`${method} ${path}`] ?? answers[path];
    if (!entry) throw new Error(`unexpected request ${method} ${url.pathname}`);
    const { status, body, headers } = typeof entry === 'function' ? entry(url) : entry;
    return new Response(body === undefined ? '' : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json', ...headers },
    });
  });
  return { fetchStub, calls };
}

/** A page at `path` (matching `pattern`) with the portal's services around it, signed in as `user`. */
export function renderPage(
  Page: ComponentType,
  {
    pattern,
    path,
    answers,
    user = makeUser(),
    mfa = false,
  }: { pattern: string; path: string; answers: Answers; user?: User; mfa?: boolean },
) {
  const { fetchStub, calls } = stubApi({ 'users/me': { status: 200, body: user }, ...answers });
  // The same object every time: useSyncExternalStore compares snapshots by identity.
  const activeUser = { profile: { email_verified: true } };
  const session = {
    getActiveUser: () => activeUser,
    subscribe: () => () => undefined,
    isAuthenticated: () => true,
    isMfa: () => mfa,
    getAccessToken: () => 'token',
  } as unknown as Session;
  const api = createApiClient({
    baseUrl: 'http://portal.test/api/v1',
    getAccessToken: () => 'token',
    fetch: fetchStub,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: pattern, Component: Page },
      { path: '*', element: <h1>Elsewhere</h1> },
    ],
    { initialEntries: [path] },
  );
  const notifications = new NotificationStore();
  render(
    <PortalProvider
      services={{
        config: {} as PortalConfig,
        session,
        api,
        notifications,
        toolApiVersion: new ToolApiVersionStore(localStorage),
      }}
    >
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </PortalProvider>,
  );
  return { calls, router, notifications };
}

const BOARD = {
  id: '0b8f1c8e-3d5a-4a57-9a8a-3f2f5e8c9d10',
  ispnId: null,
  ispn: null,
  name: 'SNS219_Evaluation_Kit',
  description: null,
  type: 'Sensor',
  source: 'portal',
  version: '1.0',
  productPageUrl: null,
  image: null,
  serialnumberRequired: true,
  releasedForRegistration: true,
  restrictedAccess: false,
  secure: false,
  showInRegistrationPage: true,
  productType: 'chip' as const,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

let counter = 0;
/** A project record as the API answers it, owned by someone else unless `members` say otherwise. */
export function makeProject(overrides: Partial<Project> = {}): Project {
  counter += 1;
  const id = `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
  const owner = {
    id: 'aaaaaaaa-0000-4000-8000-000000000001',
    username: 'o',
    email: 'owner@portal.test',
    roles: ['owner' as const],
  };
  return {
    id,
    uuid: id,
    name: `Project ${counter}`,
    description: null,
    members: [owner],
    board: BOARD,
    assets: [],
    invitation: null,
    secure: false,
    createdAt: '2026-01-02T00:00:00.000Z',
    updatedAt: '2026-01-03T00:00:00.000Z',
    status: 'active',
    dipStatus: null,
    salesCode: null,
    shortRomCode: null,
    ownerCompany: null,
    group: null,
    solution: null,
    variant: null,
    product: null,
    developmentCode: null,
    companyName: 'Acme Devices',
    owner,
    substitute: null,
    fae: null,
    ...overrides,
  };
}

/** The answer of a list call: the page with its Content-Range. */
export function listAnswer(projects: Project[], total = projects.length, offset = 0): Answer {
  const range = projects.length ? `${offset}-${offset + projects.length - 1}` : '*';
  return { status: 200, body: projects, headers: { 'Content-Range': `user ${range}/${total}` } };
}
