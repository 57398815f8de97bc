import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autoload from '@fastify/autoload';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { BUNDLE_UUID_MAX_LENGTH, METADATA_KEY_MAX_LENGTH, REQUEST_BODY_MAX_BYTES } from '@portal/resources';
import { ConfigError, DEMO_CREDENTIALS_REFUSED, type Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { definitionRoutes, type AddedResources } from './crud/definition-routes.js';
import { holdsPublishedDemoCredentials, seedDemoData } from './db/demo-data.js';
import { access } from './auth/access.js';
import authPlugin from './auth/plugin.js';
import { createTokenVerifier } from './auth/verifier.js';
import { browserOriginsOf, discoverProvider, unverifiedEmailWarning } from './auth/discovery.js';
import { profileSource } from './auth/claim-mapping.js';
import { USERINFO_CACHE_DEFAULTS, userInfoCache } from './auth/userinfo.js';
import { ApiError, notFound, registerErrorHandling, sendApiError } from './transport/errors.js';
import { loadProviderSecrets, publicJwks } from './oidc/keys.js';
import { createProvider, VERIFY_EMAIL_PATH } from './oidc/provider.js';
import { identityStore, signUpMailer } from './oidc/identity-store.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { createMailQueue, type MailQueue } from './mail/queue.js';
import { openConfiguredStorage } from './storage/open.js';
import { removeOrphanFiles } from './storage/orphans.js';
import type { FileStorage } from './storage/file-storage.js';
import { createScanner, type Scanner } from './uploads/scanner.js';
import { requestLogOptions } from './transport/log-redaction.js';
import { registerRequestLog } from './transport/request-log.js';
import { embeddedOidcPlugin } from './oidc/plugin.js';
import { pruneExpiredPayloads } from './oidc/adapter.js';
import { maintenanceRootRoute } from './routes/maintenance/admin.js';
import { cliDownloadRoutes } from './routes/downloads/cli.js';
import { paymentPageRoutes } from './payments/test-payment-pages.js';
import type { PaymentProvider } from './payments/provider.js';
import { systemClock, type Clock } from './payments/clock.js';
import type { ModuleOptions } from './crud/module.js';
import { answerOutdatedBrowser } from './outdated-browser.js';
import { registerStaticApps, sendIndex } from './static-apps.js';
import { pageRenderer } from './ssr/server-render.js';
import { boundListAnswers } from './crud/list.js';
import { registerSecurity } from './transport/security.js';
import { serializerCompiler } from './transport/serializer.js';
import { registerCompression } from './transport/compression.js';
import { echoRequestId, handResolvedClientTo, proxyOptions } from './transport/proxy.js';
import { metricsRoute, registerMetrics } from './ops/metrics.js';
import { crawlerRoutes } from './seo/crawler-routes.js';

export interface BuildOptions {
  /** An already opened database (tests share one per file); otherwise opened from the config. */
  database?: DatabaseHandle;
  /** Keep PGlite in memory instead of DATA_DIR/db (tests). */
  inMemory?: boolean;
  logger?: boolean;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: { write(line: string): void };
  /** Where mail goes; by default SMTP_URL or the DATA_DIR/outbox folder (in memory with inMemory). */
  mailer?: Mailer;
  /** The clock of checkout expiry and of the mail queue's retries (tests move it). */
  clock?: Clock;
  /** The payment provider; by default the one PAYMENT_PROVIDER names. */
  payments?: PaymentProvider;
  /** Where files and uploads live; by default the configured bucket or folder (see `openConfiguredStorage`). */
  files?: FileStorage;
  /** Run the mail worker (default true); a test leaves it off to act as a server killed before delivery. */
  mailWorker?: boolean;
  /** Options of the mail queue (tests shorten the retry delays). */
  mailQueue?: { retryDelaysMs?: readonly number[]; pollIntervalMs?: number; leaseMs?: number };
  /** Called with the root instance before any plugin: its hooks see every route and answer (tests log them). */
  onInstance?: (app: FastifyInstance) => void;
  /** Definitions and tables served beside the portal's own (a test's resource, defined nowhere else). */
  added?: AddedResources;
  /** Addresses per sitemap file (tests split a small catalogue); the protocol's 50,000 by default. */
  sitemapPageSize?: number;
  /** Bound of the server-rendered pages kept in memory (tests make it small); `PAGE_CACHE_DEFAULT_BYTES` by default. */
  pageCacheBytes?: number;
  /** Server renders of pages not kept in memory that run at once; past it the app shell answers. */
  pageRendersAtOnce?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Delivers one mail now; only the mail queue's worker calls it. */
    mailer: Mailer;
    /** Durable outgoing mail: routes enqueue, the worker delivers; `drain()` waits for delivery (tests). */
    mail: MailQueue;
    /** Files and uploads (local folder or S3-compatible bucket). */
    files: FileStorage;
    /** The malware scanner of uploads (ClamAV, or none: `not_scanned`). */
    scanner: Scanner;
  }
}

export const API_PREFIX = '/api/v1';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Test files beside the code are never plugins. */
const notPlugins = /\.test\.[cm]?[jt]s$/;

/**
 * The issuer the identity links of users are kept under: the embedded provider's, or the external issuer without
 * trailing slashes (the form kept before issue 46, so existing links hold however OIDC_ISSUER is written).
 */
export const issuerKeyOf = (config: Config): string =>
  config.oidc.embedded ? 'embedded' : config.oidc.issuer.replace(/\/+$/, '');

/** The whole portal as one Fastify app; the entry point and the tests build the same one. */
export async function buildApp(configured: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  // An external provider is read first: its issuer as it writes it, and the origins the browser must reach.
  const discovered = configured.oidc.embedded ? null : await discoverProvider(configured.oidc.issuer);
  const config: Config = discovered
    ? { ...configured, oidc: { ...configured.oidc, issuer: discovered.issuer } }
    : configured;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: config.logLevel, stream: options.logStream, ...requestLogOptions() },
    // One line per request instead, at a level by outcome and time (transport/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: REQUEST_BODY_MAX_BYTES,
    // Autoload imports every module and route file inside one plugin: on a busy machine (or from the TypeScript
    // sources through a transform) that outlasts Fastify's default 10 s, and the app would refuse to start.
    pluginTimeout: 120_000,
    // The client's address, host and scheme, and the request id, come from a trusted proxy's headers only.
    ...proxyOptions(config.trustProxy),
    // A path segment (measured decoded) may be three times as long as the longest key a path takes (255 characters:
    // a bundle's UUID, a metadata key), so a key or file name somewhat too long reaches its route's own schema and
    // gets that rule's message; only a longer segment is the router's 414. The router's default (100) refused a key
    // of 101 characters as an over-long address, and a bundle made with one could not be opened.
    routerOptions: {
      ignoreTrailingSlash: true,
      maxParamLength: 3 * Math.max(BUNDLE_UUID_MAX_LENGTH, METADATA_KEY_MAX_LENGTH),
    },
    // Errors raised before a route is found (bad URL, over-long parameter) leave in the spec's shape too.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode === 414 ? 414 : 400;
      return sendApiError(
        reply,
        ApiError.of(
          status,
          'invalid_request',
          status === 414 ? 'The address is too long.' : 'The address is not valid.',
        ),
      );
    },
  }).withTypeProvider<ZodTypeProvider>();
  options.onInstance?.(app);
  echoRequestId(app);
  const metrics = registerMetrics(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerRequestLog(app, { slowMs: config.logSlowMs });

  // Compressed answers (the apps' scripts and the API's JSON, lists included); small bodies are sent as they are.
  await registerCompression(app);

  const identityOrigins = discovered ? browserOriginsOf(discovered) : [];
  await registerSecurity(app, { apiPrefix: API_PREFIX, identityOrigins });
  const emailWarning = discovered && unverifiedEmailWarning(config, discovered);
  if (emailWarning) app.log.warn(emailWarning);

  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: options.inMemory ? null : config.dataDir,
    }));
  if (!options.database) app.addHook('onClose', () => database.close());
  const { db } = database;
  // Rate limits (sign-in, sign-up, TOTP, invitation passwords) count in the database, shared by every instance.
  app.rateLimits.countIn(db);
  const issuerKey = issuerKeyOf(config);

  if (config.seedDemoData && (await seedDemoData(db, issuerKey))) {
    app.log.info('filled the empty database with demo data');
  }
  // Demo data loaded earlier (or by another instance) is as open as freshly seeded data.
  if (!config.demoDataAllowed && (await holdsPublishedDemoCredentials(db))) {
    await app.close();
    throw new ConfigError([DEMO_CREDENTIALS_REFUSED]);
  }

  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      outboxDir: options.inMemory ? null : path.join(config.dataDir, 'outbox'),
    });
  app.decorate('mailer', mailer);
  const mail = createMailQueue({
    db,
    mailer,
    clock: options.clock,
    log: app.log,
    runTurn: (work) => metrics.job('mail', work),
    ...options.mailQueue,
  });
  app.decorate('mail', mail);
  metrics.watch({ pool: () => database.pool(), mailBacklog: () => mail.backlog() });
  if (options.mailWorker !== false) {
    // Delivers what an earlier run left (killed before its mail went out) as soon as the app is ready.
    app.addHook('onReady', async () => mail.start());
  }
  // Before the database closes; what is still queued stays in the table for the next start.
  app.addHook('preClose', async () => mail.stop());

  const openFiles = async (): Promise<FileStorage> => {
    const opened = await openConfiguredStorage(config, { temporary: options.inMemory });
    if (opened.temporary && !options.inMemory) {
      app.log.warn(
        { folder: opened.location },
        'DATA_DIR does not exist: files and uploads are kept in a temporary folder',
      );
    }
    app.addHook('onClose', () => opened.storage.close());
    return opened.storage;
  };
  const files = options.files ?? (await openFiles());
  app.decorate('files', files);
  if (!options.files && !options.inMemory) {
    // Bytes of uploads whose row never committed (a killed server): swept once the server is up, off its path.
    app.addHook('onReady', async () => {
      metrics
        .job('orphan-cleanup', () => removeOrphanFiles(db, files))
        .then(
          (removed) => removed && app.log.info({ removed }, 'removed stored files no row refers to'),
          (error: unknown) => app.log.warn({ err: error }, 'sweeping orphaned files failed'),
        );
    });
  }
  const scanner = createScanner({ clamav: config.clamav }, files, (error, target) =>
    app.log.warn({ err: error, target }, 'malware scan failed; the file is marked not scanned'),
  );
  app.decorate('scanner', scanner);

  let verifier;
  if (config.oidc.embedded) {
    const secrets = await loadProviderSecrets(options.inMemory ? null : config.dataDir);
    const identity = identityStore(db);
    const signUpMail = signUpMailer(identity, mail, {
      verify: `${config.publicUrl}${VERIFY_EMAIL_PATH}`,
      signIn: `${config.publicUrl}/login`,
    });
    const provider = createProvider(config, db, identity, secrets);
    handResolvedClientTo(provider, app);
    await app.register(embeddedOidcPlugin, { provider, identity, signUpMail, db });
    verifier = createTokenVerifier(config, { embeddedJwks: publicJwks(secrets.jwks) });
    const pruneOidc = () => metrics.job('oidc-prune', () => pruneExpiredPayloads(db));
    await pruneOidc();
    const prune = setInterval(() => void pruneOidc().catch(() => undefined), 60 * 60 * 1000);
    prune.unref();
    app.addHook('onClose', async () => clearInterval(prune));
  } else {
    verifier = createTokenVerifier(config, { discovered: discovered! });
  }
  const userinfoEndpoint = config.oidc.loadUserInfo ? discovered?.userinfo_endpoint : undefined;
  const userinfo =
    userinfoEndpoint &&
    userInfoCache({
      ...USERINFO_CACHE_DEFAULTS,
      endpoint: userinfoEndpoint,
      onError: (error) => app.log.warn({ err: error }, "the identity provider's userinfo failed"),
    });
  const profile = profileSource({
    claims: config.oidc.claims,
    trustEmail: config.oidc.trustEmail,
    userinfo: userinfo ? userinfo.get : null,
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Developer Portal API',
        version: '1.0.0',
        description:
          'REST API of the developer portal. Lists speak react-admin simple-rest: `Range: <resource>=<first>-<last>` in, `Content-Range: <resource> <first>-<last>/<total>` out. Errors: `{ status, type, errors: [{ errorCode, resources, messages }] }`.',
      },
      servers: [{ url: config.publicUrl }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { deepLinking: true },
    staticCSP: true,
  });

  await app.register(authPlugin, {
    verifier,
    profile,
    db,
    issuerKey,
    apiPrefix: API_PREFIX,
    mfaAcrValues: config.oidc.mfaAcrValues ? config.oidc.mfaAcrValues.split(/\s+/) : [],
  });

  // Repositories published as decorators (`src/modules/<area>/…`); a new module needs no edit here.
  const moduleOptions: ModuleOptions = {
    db,
    config,
    clock: options.clock ?? systemClock,
    payments: options.payments,
    added: options.added,
  };
  // Run from the TypeScript sources (tsx CLI, `node --import tsx`, vitest), the folders hold .ts files: autoload
  // recognises only some of those loaders by itself, so this module, knowing what it is, tells it.
  if (import.meta.url.endsWith('.ts')) process.env.FASTIFY_AUTOLOAD_TYPESCRIPT ??= '1';
  await app.register(autoload, {
    dir: path.join(here, 'modules'),
    ignorePattern: notPlugins,
    options: moduleOptions,
  });

  await app.register(
    async (api) => {
      api.addHook('onSend', async (_request, reply) => {
        reply.header('Cache-Control', 'no-cache, no-store');
        reply.header('Access-Control-Expose-Headers', 'Content-Range');
      });
      boundListAnswers(api);
      api.get('/openapi.json', { schema: { hide: true }, config: { access: access.public() } }, async () =>
        app.swagger(),
      );
      // Folder equals URL prefix: the default export of `src/routes/<prefix>/<file>` serves /api/v1/<prefix>
      // (`_id` folders are `:id`). Files without a default export (the areas not moved yet) are skipped here
      // and registered below.
      await api.register(autoload, {
        dir: path.join(here, 'routes'),
        routeParams: true,
        ignorePattern: notPlugins,
        options: moduleOptions,
      });
      // After the route files: a definition none of them serves is served from its table alone.
      await api.register(definitionRoutes(options.added), moduleOptions);
    },
    { prefix: API_PREFIX },
  );

  await app.register(maintenanceRootRoute);
  // Outside /api/v1, so not autoloaded: the embedded provider's hosted test-payment page.
  await app.register(paymentPageRoutes);
  // Outside /api/v1 too: the command line's tarball, installed by npm from the portal's own address.
  await app.register(cliDownloadRoutes(config.staticDir));
  // Outside /api/v1 too: robots.txt and the sitemap of the public catalogue.
  await app.register(crawlerRoutes, { db, config, sitemapPageSize: options.sitemapPageSize });
  metricsRoute(app, config);
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await db.execute(sql`select 1`);
      return { status: 'ready', database: database.kind };
    } catch {
      return reply.code(503).send({ status: 'unavailable', database: database.kind });
    }
  });

  const apps = await registerStaticApps(app, config.staticDir);
  const pages = pageRenderer(app, {
    root: config.staticDir,
    publicUrl: config.publicUrl,
    db,
    cacheBytes: options.pageCacheBytes,
    rendersAtOnce: options.pageRendersAtOnce,
  });
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (url.startsWith('/api/') || url === '/api' || url.startsWith('/oidc')) {
      return sendApiError(reply, notFound(`No route ${request.method} ${url.split('?')[0]}.`));
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return sendApiError(
        reply,
        new ApiError(405, [
          { errorCode: 'invalid_request', resources: [], messages: ['Method not allowed.'] },
        ]),
      );
    }
    // A missing script, style or image is a 404, not the app's page: a stale chunk must fail to load so the
    // app can reload itself.
    if (
      /\/assets\/[^?]*\.[a-z0-9]+(\?|$)/i.test(url) ||
      /\.(js|mjs|css|map|png|svg|ico|woff2?)(\?|$)/i.test(url)
    ) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    if (url === '/admin' || url.startsWith('/admin/') || url.startsWith('/admin?')) {
      return sendIndex(reply, apps.adminIndex(), 'admin console');
    }
    // Every other path is a route of the customer app, which shows its own not-found page.
    return answerOutdatedBrowser(request, reply) ?? pages.send(request, reply, apps.customerIndex());
  });

  return app;
}
