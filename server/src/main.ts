import { ConfigError, loadConfig, trialNotices } from './config.js';
import { buildApp } from './app.js';
import { listenForMetrics } from './ops/metrics.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/demo-data.js';

async function main() {
  let config;
  let app;
  try {
    config = loadConfig();
    // The database's content is checked too (demo credentials where they are not allowed).
    app = await buildApp(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  await app.listen({ port: config.port, host: config.host });
  const metricsPort = await listenForMetrics(app, config);

  const lines = [
    '',
    `Developer portal on ${config.publicUrl}`,
    `  customer app   ${config.publicUrl}/`,
    `  admin console  ${config.publicUrl}/admin`,
    `  API            ${config.publicUrl}/api/v1  (reference: ${config.publicUrl}/api/docs)`,
    `  sign-in        ${config.oidc.embedded ? `${config.oidc.issuer} (embedded provider)` : `${config.oidc.issuer} (external provider)`}`,
    `  data           ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `${config.dataDir}/db (PGlite)`}`,
  ];
  if (metricsPort !== undefined) lines.push(`  metrics        http://${config.host}:${metricsPort}/metrics`);
  else if (config.metrics.token)
    lines.push(`  metrics        ${config.publicUrl}/metrics (bearer METRICS_TOKEN)`);
  const notices = trialNotices(config);
  if (notices.length > 0) lines.push('', ...notices.map((notice) => `  ${notice}`));
  if (config.oidc.embedded && config.seedDemoData) {
    lines.push('', `Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const account of DEMO_ACCOUNTS) lines.push(`  ${account.email.padEnd(24)} ${account.describes}`);
  }
  console.log(lines.join('\n') + '\n');

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
