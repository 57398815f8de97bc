import { expect, type APIRequestContext } from '@playwright/test';

/** The demo service account (Admin role), for setting up and checking data through the API. */
const SERVICE_ACCOUNT = { clientId: 'portal-smoke-test', secret: 'demo-service-account-secret' };

/** Calls /api/v1 as the demo service account (client-credentials token). */
export class AdminApi {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async signIn(request: APIRequestContext): Promise<AdminApi> {
    const response = await request.post('/oidc/token', {
      form: { grant_type: 'client_credentials', scope: 'portal' },
      headers: {
        authorization: `Basic ${Buffer.from(`${SERVICE_ACCOUNT.clientId}:${SERVICE_ACCOUNT.secret}`).toString('base64')}`,
      },
    });
    expect(response.status(), await response.text()).toBe(200);
    return new AdminApi(request, ((await response.json()) as { access_token: string }).access_token);
  }

  async call<T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    data?: unknown,
  ): Promise<{ status: number; body: T }> {
    // The request context keeps the cookies the server sets, so state-changing calls echo the CSRF cookie.
    const { cookies } = await this.request.storageState();
    const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
    const response = await this.request.fetch(`/api/v1/${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        accept: 'application/json',
        ...(xsrf ? { 'x-xsrf-token': xsrf } : {}),
      },
      data,
    });
    const text = await response.text();
    return { status: response.status(), body: (text ? JSON.parse(text) : undefined) as T };
  }

  async get<T>(path: string): Promise<T> {
    const { status, body } = await this.call<T>('GET', path);
    expect(status, `GET ${path}`).toBe(200);
    return body;
  }

  async post<T>(path: string, data: unknown): Promise<T> {
    const { status, body } = await this.call<T>('POST', path, data);
    expect(status, `POST ${path}: ${JSON.stringify(body)}`).toBeLessThan(300);
    return body;
  }
}

/** A seeded board by its name: specs share one database, so a position in the list can be another spec's board. */
export async function boardNamed<T extends { id: string; name: string } = { id: string; name: string }>(
  api: AdminApi,
  name: string,
): Promise<T> {
  const boards = await api.get<T[]>(`boards?filter=${encodeURIComponent(JSON.stringify({ name }))}`);
  const board = boards.find((each) => each.name === name);
  expect(board, `the demo board ${name}`).toBeTruthy();
  return board!;
}

/** A catalogue tool of the spec's own (another spec's may be half-made or deleted); `run` makes it unique. */
export function ownTool(api: AdminApi, name: string, run: string) {
  return api.post<{ id: string; featureId: string }>('software', {
    name: `${name} ${run}`,
    featureId: `${name.toLowerCase().replace(/\s+/g, '-')}-${run}`,
    type: 'tool',
    icon: null,
    description: null,
    externalUrl: null,
    isOnlineTool: false,
    isInstallableViaLauncher: false,
    licenseText: null,
  });
}

/** A questionnaire of the spec's own: a free-text question, then a single-choice one with two choices. */
export function ownQuestionnaire(api: AdminApi, name: string) {
  const question = { description: null, dependentQuestions: [], optional: false, autofillType: 'none' };
  const choice = (option: string) => ({ option, group: null, description: null });
  return api.post<{ id: string; name: string; questions: { id: string; type: string }[] }>('questionnaires', {
    name,
    questions: [
      { ...question, type: 'free-text', title: `${name}: text`, choices: [] },
      { ...question, type: 'single-select', title: `${name}: choice`, choices: [choice('A'), choice('B')] },
    ],
  });
}
