import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, ConfigError } from '../config.js';
import { openDatabase } from '../db/client.js';
import { BackupError, exportBackup, restoreBackup } from './backup.js';

/**
 * `backup` and `restore` for the portal the environment configures, as the server reads it; when to stop the
 * server first: scripts/ops/README.md ("Commands").
 */
const usage = `usage:
  backup [folder]            write a backup (default: ./backups/portal-<time>)
  restore <folder> [--replace]  restore a backup into an empty database (--replace empties it first)`;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { replace: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } },
  });
  const [command, folderArgument] = positionals;
  if (values.help || (command !== 'backup' && command !== 'restore')) {
    console.log(usage);
    return values.help ? 0 : 2;
  }
  const config = loadConfig();
  const filesDir = config.filesDir ?? path.join(config.dataDir, 'files');
  const providerKeysFile = config.oidc.embedded ? path.join(config.dataDir, 'oidc', 'keys.json') : null;
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${path.join(config.dataDir, 'db')}`;
  try {
    if (command === 'backup') {
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const folder = path.resolve(folderArgument ?? path.join('backups', `portal-${stamp}`));
      const started = Date.now();
      const manifest = await exportBackup(
        { db: database.db, kind: database.kind, filesDir, providerKeysFile },
        folder,
      );
      const rows = Object.values(manifest.tables).reduce((sum, table) => sum + table.rows, 0);
      console.log(
        `backup of ${where} written to ${folder}: ${Object.keys(manifest.tables).length} tables, ${rows} rows, ` +
          `${manifest.files.count} files (${manifest.files.bytes} bytes)${manifest.providerKeys ? ', provider keys' : ''}` +
          ` in ${Date.now() - started} ms`,
      );
      console.log('it holds the signing keys and personal data: keep it as safe as the database');
      return 0;
    }
    if (!folderArgument) {
      console.error(usage);
      return 2;
    }
    const folder = path.resolve(folderArgument);
    const started = Date.now();
    const manifest = await restoreBackup(
      folder,
      { db: database.db, filesDir, providerKeysFile },
      { replace: values.replace },
    );
    const rows = Object.values(manifest.tables).reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `restored ${folder} (taken ${manifest.createdAt} from ${manifest.source}) into ${where}: ${rows} rows, ` +
        `${manifest.files.count} files in ${Date.now() - started} ms`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof BackupError || error instanceof ConfigError) console.error(error.message);
    else console.error(error);
    process.exit(1);
  },
);
