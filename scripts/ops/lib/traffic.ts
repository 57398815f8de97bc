import { bearer, signIn, type Answer, type Client, type Tokens } from './http.js';

/**
 * The portal's mixed traffic: what signed-in customers and anonymous visitors do, with the share of each kind of
 * call. Used by the load, PostgreSQL-restart and kill scripts.
 */
export interface Actors {
  anonymous: Client;
  users: { email: string; tokens: Tokens; projects: string[]; registers: boolean }[];
  admin: Tokens;
  /** A board that needs no serial number: registrations name it. */
  board: string;
  featureIds: string[];
}

export const CUSTOMER_ACCOUNTS = [
  'customer@portal.test',
  'promoted@portal.test',
  'internal@portal.test',
  'csa@portal.test',
];

/** Free catalogue versions a checkout may ask for (they become request orders). */
const FREE_ENTRIES = [
  { type: 'tool', item: { featureId: 'nx-device-pack' }, package: { version: '1.1.0' } },
  { type: 'tool', item: { featureId: 'pwr-stage-netlist' }, package: { version: 'B' } },
];

export async function prepareActors(send: Client, publicUrl: string): Promise<Actors> {
  const users: Actors['users'] = [];
  for (const email of CUSTOMER_ACCOUNTS) {
    users.push({ email, tokens: await signIn(send, publicUrl, email), projects: [], registers: false });
  }
  const admin = await signIn(send, publicUrl, 'admin@portal.test');
  const boards = await send('/api/v1/boards?filter=%7B%7D', {
    headers: { ...bearer(admin), range: 'boards=0-99' },
  });
  if (boards.status !== 200) throw new Error(`boards: ${boards.status} ${boards.text()}`);
  const board = boards
    .json<
      {
        name: string;
        releasedForRegistration: boolean;
        restrictedAccess: boolean;
        secure: boolean;
        serialnumberRequired: boolean;
      }[]
    >()
    .find(
      (b) =>
        b.releasedForRegistration &&
        !b.restrictedAccess &&
        !b.secure &&
        !b.serialnumberRequired &&
        !b.name.startsWith('ESIM'),
    );
  if (!board) throw new Error('no demo board that registers without a serial number');
  const catalogue = await send('/api/v1/catalogue', { headers: { range: 'catalogue=0-49' } });
  const featureIds = catalogue
    .json<{ kind: string; key: string }[]>()
    .filter((item) => item.kind === 'tool')
    .map((item) => item.key);
  if (!featureIds.length) throw new Error('the catalogue lists no tools');
  // Who may register products on that board (a user outside any company space may not): one project each.
  for (const user of users) {
    const answer = await send('/api/v1/projects?acceptServiceAgreement=true', {
      method: 'POST',
      body: JSON.stringify({ name: 'Load first', board: board.name }),
      headers: { ...bearer(user.tokens), 'content-type': 'application/json' },
    });
    if (answer.status === 201) {
      user.registers = true;
      user.projects.push(answer.json<{ id: string }>().id);
    }
  }
  return { anonymous: send, users, admin, board: board.name, featureIds };
}

export interface Call {
  kind: string;
  run: () => Promise<Answer>;
}

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length]!;

/** The mix, as weights out of 100. */
export const MIX: { kind: string; weight: number }[] = [
  { kind: 'catalogue list', weight: 20 },
  { kind: 'catalogue search', weight: 5 },
  { kind: 'tool detail', weight: 10 },
  { kind: 'my projects', weight: 20 },
  { kind: 'project detail', weight: 10 },
  { kind: 'users/me', weight: 10 },
  { kind: 'admin boards', weight: 5 },
  { kind: 'registration', weight: 5 },
  { kind: 'project rename', weight: 5 },
  { kind: 'checkout', weight: 5 },
  { kind: 'my orders', weight: 5 },
];

/** The n-th call of the mix (deterministic: the same n gives the same kind and caller). */
export function nextCall(actors: Actors, n: number): Call {
  let slot = (n * 37) % 100;
  let kind = MIX[0]!.kind;
  for (const entry of MIX) {
    if (slot < entry.weight) {
      kind = entry.kind;
      break;
    }
    slot -= entry.weight;
  }
  const send = actors.anonymous;
  const user = pick(actors.users, n);
  const auth = bearer(user.tokens);
  const registrant = pick(
    actors.users.filter((u) => u.registers),
    n,
  );
  switch (kind) {
    case 'catalogue list':
      return {
        kind,
        run: () =>
          send('/api/v1/catalogue', { headers: { range: `catalogue=${(n % 3) * 10}-${(n % 3) * 10 + 9}` } }),
      };
    case 'catalogue search':
      return {
        kind,
        run: () => send(`/api/v1/catalogue?q=${pick(['nx', 'sensor', 'power', 'flash', 'zz'], n)}`),
      };
    case 'tool detail':
      return { kind, run: () => send(`/api/v1/catalogue/tools/${pick(actors.featureIds, n)}`) };
    case 'my projects':
      return {
        kind,
        run: () => send('/api/v1/projects/user', { headers: { ...auth, range: 'projects=0-24' } }),
      };
    case 'project detail': {
      const id = user.projects.length ? pick(user.projects, n) : null;
      return id
        ? { kind, run: () => send(`/api/v1/projects/${id}`, { headers: auth }) }
        : { kind: 'users/me', run: () => send('/api/v1/users/me', { headers: auth }) };
    }
    case 'users/me':
      return { kind, run: () => send('/api/v1/users/me', { headers: auth }) };
    case 'admin boards':
      return {
        kind,
        run: () => send('/api/v1/boards', { headers: { ...bearer(actors.admin), range: 'boards=0-24' } }),
      };
    case 'registration':
      return {
        kind,
        run: async () => {
          const answer = await send('/api/v1/projects?acceptServiceAgreement=true', {
            method: 'POST',
            body: JSON.stringify({ name: `Load ${n}`, board: actors.board }),
            headers: { ...bearer(registrant.tokens), 'content-type': 'application/json' },
          });
          if (answer.status === 201) registrant.projects.push(answer.json<{ id: string }>().id);
          return answer;
        },
      };
    case 'project rename': {
      const id = user.projects.length ? pick(user.projects, n) : null;
      if (!id) return { kind: 'users/me', run: () => send('/api/v1/users/me', { headers: auth }) };
      return {
        kind,
        run: () =>
          send(`/api/v1/projects/${id}`, {
            method: 'PATCH',
            body: JSON.stringify({ uuid: id, name: `Renamed ${n}` }),
            headers: { ...auth, 'content-type': 'application/json' },
          }),
      };
    }
    case 'checkout':
      return {
        kind,
        run: () =>
          send('/api/v1/checkouts', {
            method: 'POST',
            body: JSON.stringify({ entries: [pick(FREE_ENTRIES, n)] }),
            headers: { ...auth, 'content-type': 'application/json' },
          }),
      };
    default:
      return { kind, run: () => send('/api/v1/orders', { headers: { ...auth, range: 'orders=0-24' } }) };
  }
}

/** Latency and status figures of a run. */
export class Tally {
  private latencies: number[] = [];
  readonly statuses = new Map<number, number>();
  readonly byKind = new Map<string, { count: number; serverErrors: number; statuses: Map<number, number> }>();
  failures = 0;
  readonly failureSamples: string[] = [];
  serverErrorSamples: string[] = [];

  record(kind: string, ms: number, answer: Answer | null, failure?: unknown) {
    const entry = this.byKind.get(kind) ?? { count: 0, serverErrors: 0, statuses: new Map<number, number>() };
    entry.count += 1;
    this.byKind.set(kind, entry);
    if (!answer) {
      this.failures += 1;
      if (this.failureSamples.length < 5) this.failureSamples.push(`${kind}: ${String(failure)}`);
      return;
    }
    this.latencies.push(ms);
    entry.statuses.set(answer.status, (entry.statuses.get(answer.status) ?? 0) + 1);
    this.statuses.set(answer.status, (this.statuses.get(answer.status) ?? 0) + 1);
    if (answer.status >= 500) {
      entry.serverErrors += 1;
      if (this.serverErrorSamples.length < 5)
        this.serverErrorSamples.push(`${kind}: ${answer.status} ${answer.text().slice(0, 200)}`);
    }
  }

  /** One line per kind of call: count, statuses. */
  kindLines(): string[] {
    return [...this.byKind].map(
      ([kind, entry]) =>
        `  ${kind.padEnd(18)} ${String(entry.count).padStart(6)}  ${[...entry.statuses]
          .sort(([a], [b]) => a - b)
          .map(([status, n]) => `${status}×${n}`)
          .join(' ')}`,
    );
  }

  get count() {
    return this.latencies.length + this.failures;
  }

  get serverErrors() {
    return [...this.statuses].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
  }

  percentile(p: number): number {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
  }

  summary(): string {
    const statuses = [...this.statuses]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
    return `${this.count} requests, statuses ${statuses || 'none'}, connection failures ${this.failures}, p50 ${this.percentile(0.5).toFixed(1)} ms, p99 ${this.percentile(0.99).toFixed(1)} ms`;
  }
}

/**
 * Sends the mix at `rate` requests per second (open loop: a slow answer does not slow the senders) until `until`
 * (ms epoch) or `stop()` says so; at most `maxInFlight` at once (more are counted as dropped).
 */
export async function drive(
  actors: Actors,
  options: {
    rate: number;
    until: number;
    maxInFlight?: number;
    tally: Tally;
    stop?: () => boolean;
    start?: number;
  },
): Promise<{ sent: number; dropped: number }> {
  const interval = 1000 / options.rate;
  const maxInFlight = options.maxInFlight ?? 200;
  let n = options.start ?? 0;
  let inFlight = 0;
  let dropped = 0;
  let sent = 0;
  const pending = new Set<Promise<void>>();
  const begin = performance.now();
  while (Date.now() < options.until && !options.stop?.()) {
    const due = begin + sent * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    sent += 1;
    if (inFlight >= maxInFlight) {
      dropped += 1;
      continue;
    }
    const call = nextCall(actors, n++);
    inFlight += 1;
    const started = performance.now();
    const promise = call
      .run()
      .then(
        (answer) => options.tally.record(call.kind, performance.now() - started, answer),
        (error: unknown) => options.tally.record(call.kind, performance.now() - started, null, error),
      )
      .finally(() => {
        inFlight -= 1;
        pending.delete(promise);
      });
    pending.add(promise);
  }
  await Promise.all(pending);
  return { sent, dropped };
}
