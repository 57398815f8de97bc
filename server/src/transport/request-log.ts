import type { FastifyInstance, FastifyRequest } from 'fastify';

const plannedUnavailable = new WeakSet<FastifyRequest>();

/**
 * Marks a 503 that is a known, passing state rather than a failure (an app whose build `pnpm start` is still
 * running): it is logged like any answered request, not as a server error every time a waiting page looks again.
 */
export function markPlannedUnavailable(request: FastifyRequest): void {
  plannedUnavailable.add(request);
}

/**
 * One line per answered request, at a level that says whether it matters: `error` for a 5xx, `warn` for a request
 * that took `slowMs` or longer, `info` for the rest. With the default LOG_LEVEL (`warn`) only failures and slow
 * requests are written: two synchronous info lines per request were 5–7 % of the CPU under load (issue 24).
 * LOG_LEVEL=info brings every request's line back. Fastify's own incoming/completed lines are turned off
 * (`LogController` with `disableRequestLogging`) so this is the only one; the `req` serializer of log-redaction.ts redacts it.
 */
export function registerRequestLog(app: FastifyInstance, options: { slowMs: number }): void {
  app.addHook('onResponse', async (request, reply) => {
    const responseTime = reply.elapsedTime;
    const line = { req: request, res: reply, responseTime };
    if (reply.statusCode >= 500 && !plannedUnavailable.has(request))
      request.log.error(line, 'request answered with a server error');
    else if (responseTime >= options.slowMs) request.log.warn(line, 'slow request');
    else request.log.info(line, 'request completed');
  });
}
