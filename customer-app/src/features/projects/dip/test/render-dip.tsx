import { createApiClient, type PortalConfig, type Session } from '@portal/data-provider';
import type {
  DipAsset,
  DipCompletionType,
  DipProcess,
  DipProjectStep,
  Project,
  User,
} from '@portal/resources';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { MuiScope } from '../../../../app/mui-scope';
import { PortalProvider } from '../../../../lib/portal-context';
import { NotificationStore } from '../../../../notifications/notification-store';
import { ToolApiVersionStore } from '../../../../session/tool-api-version';
import { makeUser } from '../../../../test/fixtures';
import { DesignInProcess } from '../index';

export interface Answer {
  status: number;
  body?: unknown;
}
type Handler = Answer | ((call: { url: URL; body: unknown }) => Answer);

export const PROJECT_ID = '00000000-0000-4000-8000-00000000d1b0';
export const OWNER: User = makeUser({
  id: 'aaaaaaaa-0000-4000-8000-000000000001',
  email: 'owner@portal.test',
});

let stepCounter = 0;
/** A project step of the DIP API; the first active one unless told otherwise. */
export function makeStep(completionType: DipCompletionType | null, overrides: Partial<DipProjectStep> = {}) {
  stepCounter += 1;
  const step: DipProjectStep = {
    id: `00000000-0000-4000-8000-${String(stepCounter).padStart(12, '0')}`,
    stepNumber: 1,
    title: `Step of type ${completionType ?? 'none'}`,
    description: '<p>Do <strong>this</strong>.</p><script>alert(1)</script>',
    resolverRoles: ['project-member'],
    completer: null,
    completionType,
    confirmationRequired: false,
    csaReset: false,
    secure: false,
    childProject: null,
    state: 'active',
    resolved: false,
    waitingFor: 'assigned-to-member',
    result: null,
    assetCount: 0,
    gettingStarted: [],
    can: { upload: false, resolve: true, complete: false, reset: false },
    ...overrides,
  };
  return step;
}

export function makeProcess(steps: DipProjectStep[], overrides: Partial<DipProcess> = {}): DipProcess {
  return {
    projectId: PROJECT_ID,
    workflowStatus: 'assigned-to-member',
    activeStepId: steps.find((step) => step.state === 'active')?.id ?? null,
    steps,
    followUp: null,
    deletePolicy: 'before_resolve',
    acceptedFileTypes: null,
    ...overrides,
  };
}

export function makeAsset(step: DipProjectStep, overrides: Partial<DipAsset> = {}): DipAsset {
  return {
    id: '00000000-0000-4000-8000-0000000a55e7',
    filename: 'schematics.pdf',
    uploadedBy: OWNER.email,
    uploadedToStep: step.stepNumber,
    uploadedAt: '2026-03-04T10:20:00.000Z',
    malwareDetected: false,
    stepId: step.id,
    stepTitle: step.title,
    size: 2048,
    sha256: 'ab'.repeat(32),
    kind: 'file',
    scanStatus: 'not_scanned',
    metadata: null,
    customerComplete: null,
    ...overrides,
  };
}

export function makeProject(overrides: Partial<Project> = {}): Project {
  const owner = { id: OWNER.id, username: 'o', email: OWNER.email, roles: ['owner' as const] };
  return {
    id: PROJECT_ID,
    uuid: PROJECT_ID,
    name: 'Gateway',
    description: null,
    members: [owner],
    board: {} as Project['board'],
    assets: [],
    invitation: null,
    secure: false,
    createdAt: '2026-01-02T00:00:00.000Z',
    updatedAt: '2026-01-03T00:00:00.000Z',
    status: 'active',
    // A board with a process: the app asks for it only then.
    dipStatus: 'assigned-to-owner',
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

/**
 * The design-in process of a project with the portal's services around it, signed in as `user`, over a stubbed
 * API answering by `METHOD path` (path under /api/v1). Unknown calls fail the test.
 */
export function renderDip({
  process,
  assets = [],
  answers = {},
  project = makeProject(),
  user = OWNER,
}: {
  process: DipProcess | Answer;
  assets?: DipAsset[];
  answers?: Record<string, Handler>;
  project?: Project;
  user?: User;
}) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const base = `projects/${PROJECT_ID}/dip`;
  const all: Record<string, Handler> = {
    'GET users/me': { status: 200, body: user },
    [`GET ${base}`]:
      'status' in process && typeof process.status === 'number'
        ? (process as Answer)
        : { status: 200, body: process },
    [`GET ${base}/assets`]: { status: 200, body: assets },
    [`GET projects/${PROJECT_ID}`]: { status: 200, body: project },
    ...answers,
  };
  const fetchStub = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/api\/v1\//, '');
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    calls.push({ method, path, body });
    const handler = all[`${method} ${path}`];
    if (!handler) throw new Error(`unexpected request ${method} ${path}`);
    const answer = typeof handler === 'function' ? handler({ url, body }) : handler;
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  const activeUser = { profile: { email_verified: true } };
  const session = {
    getActiveUser: () => activeUser,
    subscribe: () => () => undefined,
    isAuthenticated: () => true,
    isMfa: () => false,
    getAccessToken: () => 'token',
  } as unknown as Session;
  const api = createApiClient({
    baseUrl: 'http://portal.test/api/v1',
    getAccessToken: () => 'token',
    fetch: fetchStub,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const notifications = new NotificationStore();
  const router = createMemoryRouter(
    [
      {
        path: '/my/projects/:uid',
        element: (
          <MuiScope>
            <DesignInProcess project={project} />
          </MuiScope>
        ),
      },
    ],
    { initialEntries: [`/my/projects/${project.uuid}`] },
  );
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
  return { calls, notifications, router };
}
