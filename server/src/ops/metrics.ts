import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config.js';
import { ApiError, notFound, sendApiError, unauthorized } from '../transport/errors.js';

/** The background jobs whose turns are watched. */
const JOBS = ['mail', 'audit-retention', 'checkout-expiry', 'orphan-cleanup', 'oidc-prune'] as const;
type JobName = (typeof JOBS)[number];

/** What the database can tell about its connections; PGlite is one connection that queues the queries. */
interface PoolState {
  inUse: number;
  waiting: number;
}

/** The mail not yet delivered: how many, and how long the oldest has waited. */
interface MailBacklog {
  depth: number;
  oldestAgeSeconds: number;
}

export interface Metrics {
  readonly registry: Registry;
  /** Runs one turn of a background job, keeping when it last ran, last succeeded, and how often it failed. */
  job<T>(name: JobName, work: () => Promise<T>): Promise<T>;
  /** Where the gauges read the database's connections and the mail queue, once the database is open. */
  watch(sources: { pool: () => PoolState; mailBacklog: () => Promise<MailBacklog> }): void;
  /** Serves GET /metrics on a port of its own until the app closes; answers the port (0: one chosen). */
  listen(options: { port: number; host: string; token: string | undefined }): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The Prometheus metrics of this server (GET /metrics, when METRICS_TOKEN or METRICS_PORT is set). */
    metrics: Metrics;
  }
}

const UNMATCHED_ROUTE = '(unmatched)';

/**
 * The server's metrics in a registry of its own (tests build several apps in one process): requests by route
 * pattern, method and status with their latency, rate-limit refusals by budget (every 429 the app answers with
 * `tooManyAttempts`), the database's connections, the mail backlog and the background jobs.
 */
export function registerMetrics(app: FastifyInstance): Metrics {
  const registry = new Registry();
  const labelNames = ['route', 'method', 'status'] as const;
  const requests = new Counter({
    name: 'portal_http_requests_total',
    help: 'Answered requests by route pattern, method and status.',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time from the request to its answer, by route pattern, method and status.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'portal_rate_limit_refusals_total',
    help: 'Attempts refused (429) because a rate-limit budget was spent, by budget.',
    labelNames: ['budget'],
    registers: [registry],
  });
  const lastRun = new Gauge({
    name: 'portal_job_last_run_timestamp_seconds',
    help: 'When a turn of the background job last ended (Unix time), whether or not it failed.',
    labelNames: ['job'],
    registers: [registry],
  });
  const lastSuccess = new Gauge({
    name: 'portal_job_last_success_timestamp_seconds',
    help: 'When a turn of the background job last ended without an error (Unix time).',
    labelNames: ['job'],
    registers: [registry],
  });
  const failures = new Counter({
    name: 'portal_job_failures_total',
    help: 'Turns of the background job that ended in an error.',
    labelNames: ['job'],
    registers: [registry],
  });
  for (const job of JOBS) failures.inc({ job }, 0);

  let sources: Parameters<Metrics['watch']>[0] | undefined;
  new Gauge({
    name: 'portal_db_connections_in_use',
    help: 'Database connections running a query (PGlite: its single connection, 1 while it runs one).',
    registers: [registry],
    collect() {
      if (sources) this.set(sources.pool().inUse);
    },
  });
  new Gauge({
    name: 'portal_db_connections_waiting',
    help: 'Queries waiting for a database connection (PGlite: queries queued behind the running one).',
    registers: [registry],
    collect() {
      if (sources) this.set(sources.pool().waiting);
    },
  });
  // Read when the metrics are read; an unreachable database leaves the gauge out of that reading.
  const backlogGauge = (name: string, help: string, pick: (backlog: MailBacklog) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        if (!sources) return;
        try {
          this.set(pick(await sources.mailBacklog()));
        } catch (error) {
          app.log.warn({ err: error }, 'reading the mail queue for the metrics failed');
        }
      },
    });
  backlogGauge(
    'portal_mail_queue_depth',
    'Mails waiting to be delivered (retries included).',
    (b) => b.depth,
  );
  backlogGauge(
    'portal_mail_queue_oldest_age_seconds',
    'How long the oldest mail waiting to be delivered has waited (0 when none waits).',
    (b) => b.oldestAgeSeconds,
  );

  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      method: request.method,
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });
  // Before any error handler turns the refusal into an answer (JSON or the sign-in's page).
  app.addHook('onError', async (_request, _reply, error) => {
    if (error instanceof ApiError && error.status === 429 && error.budget)
      refusals.inc({ budget: error.budget });
  });

  const metrics: Metrics = {
    registry,
    async job(name, work) {
      try {
        const result = await work();
        lastSuccess.set({ job: name }, Date.now() / 1000);
        return result;
      } catch (error) {
        failures.inc({ job: name });
        throw error;
      } finally {
        lastRun.set({ job: name }, Date.now() / 1000);
      }
    },
    watch(given) {
      sources = given;
    },
    async listen({ port, host, token }) {
      const server = metricsServer(metrics, token, app.log);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve());
      });
      servers.add(server);
      return (server.address() as AddressInfo).port;
    },
  };
  const servers = new Set<http.Server>();
  app.addHook('onClose', async () => {
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
  app.decorate('metrics', metrics);
  return metrics;
}

/** Same length digests, so the comparison takes the same time whatever was presented. */
const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the request's bearer token is the metrics token, compared in constant time. */
function presentsToken(authorization: string | undefined, token: string): boolean {
  const presented = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(presented), digest(token));
}

/** The metrics in Prometheus' text format. */
async function exposition(metrics: Metrics): Promise<{ contentType: string; body: string }> {
  return { contentType: metrics.registry.contentType, body: await metrics.registry.metrics() };
}

/**
 * GET /metrics on the app: served when METRICS_TOKEN is set and METRICS_PORT is not (a bearer of the token, else
 * 401); otherwise 404, as for any unknown address, so the customer app's page is never answered in its place.
 */
export function metricsRoute(app: FastifyInstance, config: Config): void {
  const served = config.metrics.token !== undefined && config.metrics.port === undefined;
  app.get('/metrics', { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
    if (!served) return sendApiError(reply, notFound('No route GET /metrics.'));
    if (!presentsToken(request.headers.authorization, config.metrics.token!)) {
      reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
      return sendApiError(reply, unauthorized('The metrics need their bearer token.'));
    }
    const { contentType, body } = await exposition(app.metrics);
    return reply.header('Cache-Control', 'no-store').type(contentType).send(body);
  });
}

/**
 * With METRICS_PORT, the metrics are served on that port only (on HOST, loopback unless set), apart from the
 * portal's own port: only who reaches it reads them, and METRICS_TOKEN, when set, is asked there too.
 * Closed with the app. Answers the port it listens on (the given one, or the one chosen for 0).
 */
export async function listenForMetrics(app: FastifyInstance, config: Config, port = config.metrics.port) {
  if (port === undefined) return undefined;
  return app.metrics.listen({ port, host: config.host, token: config.metrics.token });
}

/** A plain HTTP server answering GET /metrics only. */
function metricsServer(metrics: Metrics, token: string | undefined, log: FastifyInstance['log']) {
  return http.createServer((request, response) => {
    const answer = (status: number, body: string, type = 'text/plain; charset=utf-8') =>
      response.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' }).end(body);
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics')
      return answer(404, 'Not found\n');
    if (token !== undefined && !presentsToken(request.headers.authorization, token)) {
      response.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      return answer(401, 'The metrics need their bearer token.\n');
    }
    exposition(metrics).then(
      ({ contentType, body }) => answer(200, body, contentType),
      (error: unknown) => {
        log.error({ err: error }, 'reading the metrics failed');
        answer(500, 'Reading the metrics failed.\n');
      },
    );
  });
}
