import { parseArgs } from 'node:util';
import type * as Commands from './commands.js';
import { CliError, EXIT } from './errors.js';
import { LOCK_FILE_NAME } from './lockfile.js';
import { SEARCH_KINDS } from './kinds.js';

/** Set by the build (scripts/build.mjs); the workspace's sources run as `dev`. */
declare const PORTAL_CLI_VERSION: string | undefined;
const VERSION = typeof PORTAL_CLI_VERSION === 'string' ? PORTAL_CLI_VERSION : 'dev';

const USAGE = `Usage: portal <command> [options]

Commands:
  login                        sign in with the service account and show who it is
  search <text> [--kind <kind>]
                               search the catalogue; kind: ${SEARCH_KINDS.join(', ')}
  show <id>                    a tool or software item (versions, files per OS/architecture, access,
                               dependencies, export control), a bundle (its versions' items) or a document
  download <id>[@version] [--os <os>] [--arch <arch>] [--with-deps] [--out <dir>]
                               fetch and verify the file of a tool or software version (the latest unless
                               one is named), every item of a bundle version, or a document, and pin each
                               in ${LOCK_FILE_NAME} with its output folder
  install [--out <dir>]        fetch exactly the files ${LOCK_FILE_NAME} pins, each into its pinned folder
                               (or --out); fails on any checksum change
  licenses [--all]             the service account's user's licenses (--all: everyone's, admins only)
  orders [--all]               the service account's user's orders (--all: everyone's, admins only)

Options:
  --url <url>                  portal address (default: PORTAL_URL)
  --client-id <id>             service account (default: PORTAL_CLIENT_ID)
  --client-secret <secret>     its secret (default: PORTAL_CLIENT_SECRET; prefer the variable)
  --lock <file>                lock file (default: ./${LOCK_FILE_NAME}); --no-lock leaves it alone
  --json                       machine-readable output
  --quiet                      no progress bar
  -h, --help                   this text
  -v, --version                the command's version

Exit codes: 0 done, 1 failed or refused (the portal's message is printed), 2 wrong usage.`;

export interface Io {
  stdout: (line: string) => void;
  stderr: NodeJS.WriteStream;
  env: NodeJS.ProcessEnv;
  cwd: string;
  fetch?: typeof fetch;
  download?: Commands.CommandContext['download'];
}

const processIo = (): Io => ({
  stdout: (line) => process.stdout.write(`${line}\n`),
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
});

const options = {
  url: { type: 'string' },
  'client-id': { type: 'string' },
  'client-secret': { type: 'string' },
  os: { type: 'string' },
  arch: { type: 'string' },
  out: { type: 'string' },
  lock: { type: 'string' },
  'no-lock': { type: 'boolean' },
  'with-deps': { type: 'boolean' },
  kind: { type: 'string' },
  all: { type: 'boolean' },
  version: { type: 'boolean', short: 'v' },
  json: { type: 'boolean' },
  quiet: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Positional arguments each command takes. */
const ARITY: Record<string, number> = {
  login: 0,
  search: 1,
  show: 1,
  download: 1,
  install: 0,
  licenses: 0,
  orders: 0,
};

function usageError(message: string): CliError {
  return new CliError(`${message}\n\n${USAGE}`, { exitCode: EXIT.usage });
}

/** Runs one command; answers the exit code (never throws, never calls process.exit). */
export async function main(argv: string[], io: Io = processIo()): Promise<number> {
  try {
    let parsed;
    try {
      parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
    } catch (error) {
      throw usageError((error as Error).message);
    }
    const { values, positionals } = parsed;
    const [command, ...rest] = positionals;
    if (values.version && !values.help) {
      io.stdout(VERSION);
      return EXIT.ok;
    }
    if (values.help || command === undefined || command === 'help') {
      io.stdout(USAGE);
      return EXIT.ok;
    }
    const arity = ARITY[command];
    if (arity === undefined) throw usageError(`Unknown command "${command}".`);
    if (rest.length !== arity)
      throw usageError(`"${command}" takes ${arity} argument${arity === 1 ? '' : 's'}.`);
    if (values.kind !== undefined && !(SEARCH_KINDS as readonly string[]).includes(values.kind))
      throw usageError(`--kind is one of ${SEARCH_KINDS.join(', ')}, not "${values.kind}".`);
    // Loaded only for a command: help and usage errors answer without reading the schemas.
    const [commands, { connect }, { progressFor }] = await Promise.all([
      import('./commands.js'),
      import('./portal.js'),
      import('./progress.js'),
    ]);
    const context: Commands.CommandContext = {
      portal: await connect(
        {
          portalUrl: values.url,
          clientId: values['client-id'],
          clientSecret: values['client-secret'],
          fetch: io.fetch,
        },
        io.env,
      ),
      out: io.stdout,
      progress: progressFor(io.stderr, io.env, values.quiet === true || values.json === true),
      json: values.json === true,
      cwd: io.cwd,
      ...(io.download ? { download: io.download } : {}),
    };
    const lockFile = values['no-lock'] ? null : (values.lock ?? LOCK_FILE_NAME);
    const [argument = ''] = rest;
    switch (command) {
      case 'login':
        await commands.login(context);
        break;
      case 'search':
        await commands.search(context, argument, values.kind as (typeof SEARCH_KINDS)[number] | undefined);
        break;
      case 'show':
        await commands.show(context, argument);
        break;
      case 'download':
        await commands.download(context, {
          spec: argument,
          os: values.os,
          arch: values.arch,
          withDeps: values['with-deps'] === true,
          outDir: values.out,
          lockFile,
        });
        break;
      case 'install':
        await commands.install(context, { outDir: values.out, lockFile: values.lock ?? null });
        break;
      case 'licenses':
        await commands.licenses(context, values.all === true);
        break;
      case 'orders':
        await commands.orders(context, values.all === true);
        break;
    }
    return EXIT.ok;
  } catch (error) {
    // Read only on a failure that is not the command's own: the API's errors bring the schemas along.
    const message =
      error instanceof CliError ? error.message : (await import('./failure.js')).describeFailure(error);
    io.stderr.write(`portal: ${message}\n`);
    return error instanceof CliError ? error.exitCode : EXIT.failed;
  }
}
