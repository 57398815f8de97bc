import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/**
 * The proxies whose `X-Forwarded-*` and `X-Request-Id` headers are believed (TRUST_PROXY): none, the nearest
 * `hops` (whoever connects counts as one), or the peers with these addresses, CIDR ranges or proxy-addr names.
 */
export type TrustProxy = null | { hops: number } | { addresses: string[] };

/** The TRUST_PROXY value as a trust; undefined when it is neither a hop count nor a list of addresses. */
export function parseTrustProxy(value: string): TrustProxy | undefined {
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops === 0 ? null : hops <= 100 ? { hops } : undefined;
  }
  const addresses = value.split(',').map((entry) => entry.trim());
  try {
    proxyAddr.compile(addresses);
  } catch {
    return undefined;
  }
  return { addresses };
}

/**
 * Whether the `hop`-th address of a request's chain (0: the connected peer, then the forwarded addresses from
 * the nearest) is a trusted proxy. Fastify refuses a bare hop count, so the count is a function of our own.
 */
function trustFunction(trust: TrustProxy): (address: string, hop: number) => boolean {
  if (!trust) return () => false;
  if ('hops' in trust) return (_address, hop) => hop < trust.hops;
  return proxyAddr.compile(trust.addresses);
}

/** A request id a proxy may hand on: short and plain, so it cannot forge or break a log line. */
const PROXY_REQUEST_ID = /^[\w.:@/+=-]{1,128}$/;

/**
 * Fastify's options for the client address and the request id: `request.ip`, `host` and `protocol` come from
 * the forwarded headers of a trusted proxy only, and so does an `X-Request-Id`; any other request gets a new id.
 */
export function proxyOptions(
  trust: TrustProxy,
): Pick<FastifyServerOptions, 'trustProxy' | 'requestIdHeader' | 'genReqId'> {
  const trusts = trustFunction(trust);
  return {
    trustProxy: trust ? trusts : false,
    requestIdHeader: false,
    genReqId: (raw: IncomingMessage) => {
      const given = raw.headers['x-request-id'];
      const peer = raw.socket?.remoteAddress;
      return typeof given === 'string' && PROXY_REQUEST_ID.test(given) && peer && trusts(peer, 0)
        ? given
        : randomUUID();
    },
  };
}

/** Every answer names its request id, the one in its log lines and in an error's supportId. */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    // On the raw response: the answers the embedded provider writes itself carry it too.
    reply.raw.setHeader('X-Request-Id', request.id);
    done();
  });
}

/**
 * A Koa app behind this one (the embedded provider) reads the client's address, scheme and host from the raw
 * request: it is handed the ones Fastify resolved under TRUST_PROXY, never a forwarded header a client made up.
 */
export function handResolvedClientTo(koa: { proxy: boolean }, app: FastifyInstance): void {
  koa.proxy = true;
  app.addHook('onRequest', async (request) => {
    const headers = request.raw.headers;
    headers['x-forwarded-for'] = request.ip;
    headers['x-forwarded-proto'] = request.protocol;
    headers['x-forwarded-host'] = request.host;
  });
}
