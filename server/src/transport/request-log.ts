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
 * One line per answered request, its level saying whether it matters (`error` 5xx, `warn` at `slowMs`, else `info`):
 * at the default LOG_LEVEL only failures and slow requests cost a write (README). Fastify's own lines are off.
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
