import path from 'node:path';
import {
  compareVersions,
  type CatalogueFile,
  type ToolDetail,
  type ToolVersionDetail,
} from '@portal/resources';
import { downloadVerified, type DownloadOptions, type FileTarget } from './download.js';
import { CliError } from './errors.js';
import { LOCK_FILE_NAME, mergeLockEntries, readLockFile, writeLockFile, type LockEntry } from './lockfile.js';
import { LIST_LIMIT, type Portal } from './portal.js';
import { formatBytes, type Progress } from './progress.js';
import { parseFeatureSpec, pickFile, resolvePicks, describeBounds, type Platform } from './select.js';

/** Where a command writes: results to `out` (stdout), everything else to `progress` (stderr). */
export interface CommandContext {
  portal: Portal;
  out: (line: string) => void;
  progress: Progress;
  json: boolean;
  cwd: string;
  /** Download tuning for tests. */
  download?: Pick<DownloadOptions, 'retries' | 'idleTimeoutMs' | 'backoffMs'>;
}

const print = (context: CommandContext, value: unknown, lines: () => string[]) =>
  context.json ? context.out(JSON.stringify(value, null, 2)) : lines().forEach((line) => context.out(line));

export async function login(context: CommandContext): Promise<void> {
  const user = await context.portal.me();
  print(context, { portalUrl: context.portal.portalUrl, clientId: context.portal.clientId, user }, () => [
    `Signed in to ${context.portal.portalUrl} as service account ${context.portal.clientId} (${user.email}; roles: ${user.roles.map((role) => role.name).join(', ') || 'none'}).`,
    'The token is kept in memory only: every command signs in again with PORTAL_CLIENT_ID and PORTAL_CLIENT_SECRET.',
  ]);
}

export async function search(context: CommandContext, text: string): Promise<void> {
  const { items, total } = await context.portal.search(text);
  print(context, items, () => [
    ...items.map(
      (item) =>
        `${item.key.padEnd(32)} ${(item.latestVersion ?? '-').padEnd(12)} ${item.kind.padEnd(9)} ${item.name}`,
    ),
    total > items.length ? `(${items.length} of ${total} shown; narrow the search)` : `${total} found`,
  ]);
}

/** Newest first, by the same comparison the latest-version rule uses. */
const newestFirst = (tool: ToolDetail) =>
  Object.values(tool.versions).sort((a, b) => compareVersions(b.version, a.version));

const describeFile = (file: CatalogueFile) =>
  `${`${file.os}/${file.architecture}`.padEnd(16)} ${file.fileName} (${file.filesize === null ? 'size unknown' : formatBytes(file.filesize)}, sha256 ${file.sha256})`;

const describeAccess = (version: ToolVersionDetail) =>
  version.canDownload ? 'downloadable' : `not downloadable: ${version.downloadRefusal ?? 'disabled'}`;

export async function show(context: CommandContext, featureId: string): Promise<void> {
  const tool = await context.portal.tool(featureId);
  print(context, tool, () => [
    `${tool.name} (${tool.featureId}, ${tool.type})`,
    ...(tool.description ? [tool.description] : []),
    `Latest version: ${tool.latestVersion ?? 'none'}`,
    ...newestFirst(tool).flatMap((version) => [
      '',
      `${version.version}${version.tags.length ? ` [${version.tags.join(', ')}]` : ''} — ${describeAccess(version)}`,
      ...(version.exportControlled
        ? [`  export control: ${version.exportControlClassifications.join(', ') || 'yes'}`]
        : []),
      ...version.downloadUrls.map((file) => `  ${describeFile(file)}`),
      ...version.dependencies.map(
        (dependency) => `  needs ${dependency.targetFeatureId} ${describeBounds(dependency)}`,
      ),
    ]),
  ]);
}

export interface DownloadRequest extends Platform {
  spec: string;
  withDeps: boolean;
  outDir: string | undefined;
  /** Path of the lock file to update; null to leave it alone. */
  lockFile: string | null;
}

/** What a download needs; the checksum is always in the answers this client asks for (tool API v2). */
function toTarget(file: CatalogueFile): FileTarget {
  if (!file.sha256) throw new Error(`The portal sent ${file.fileName} without its checksum.`);
  return { url: file.url, fileName: file.fileName, sha256: file.sha256, size: file.filesize };
}

async function fetchFile(context: CommandContext, file: FileTarget, outDir: string) {
  const result = await downloadVerified(context.portal.client, file, {
    outDir,
    progress: context.progress,
    ...context.download,
  });
  const how = result.unchanged ? 'unchanged' : result.resumed ? `resumed ${result.resumed}×` : 'downloaded';
  if (!context.json) context.out(`${how.padEnd(12)} ${result.path}  sha256 ${file.sha256}`);
  return result;
}

export async function download(context: CommandContext, request: DownloadRequest): Promise<void> {
  const { featureId, version } = parseFeatureSpec(request.spec);
  const picks = await resolvePicks((id) => context.portal.tool(id), featureId, version, request.withDeps);
  const files = picks.map((pick) => ({ pick, file: pickFile(pick.tool.featureId, pick.version, request) }));
  // Refused versions first: the server's refusal ends the command before any other file is fetched.
  files.sort((a, b) => Number(a.pick.version.canDownload) - Number(b.pick.version.canDownload));
  const outDir = path.resolve(context.cwd, request.outDir ?? '.');
  const entries: LockEntry[] = [];
  const saved: { path: string; featureId: string; version: string; sha256: string }[] = [];
  for (const { pick, file } of files) {
    const target = toTarget(file);
    const result = await fetchFile(context, target, outDir);
    saved.push({
      path: result.path,
      featureId: pick.tool.featureId,
      version: pick.version.version,
      sha256: target.sha256,
    });
    entries.push({
      featureId: pick.tool.featureId,
      version: pick.version.version,
      fileName: file.fileName,
      os: file.os,
      architecture: file.architecture,
      size: file.filesize,
      sha256: target.sha256,
    });
  }
  if (request.lockFile !== null) {
    const lockPath = path.resolve(context.cwd, request.lockFile);
    const existing = (await readLockFile(lockPath))?.files ?? [];
    await writeLockFile(lockPath, mergeLockEntries(existing, entries));
  }
  if (context.json) context.out(JSON.stringify(saved, null, 2));
}

/**
 * Fetches exactly what the lock file pins. Fails before fetching anything when a pinned file is gone from the
 * catalogue or its checksum there changed, and after fetching when the bytes do not match the pin.
 */
export async function install(
  context: CommandContext,
  request: { outDir: string | undefined; lockFile: string | null },
): Promise<void> {
  const lockPath = path.resolve(context.cwd, request.lockFile ?? LOCK_FILE_NAME);
  const lock = await readLockFile(lockPath);
  if (!lock) throw new CliError(`No lock file at ${lockPath}: run "portal download" first.`);
  const tools = new Map<string, Promise<ToolDetail>>();
  const toolOf = (featureId: string) => {
    if (!tools.has(featureId)) tools.set(featureId, context.portal.tool(featureId));
    return tools.get(featureId)!;
  };
  const targets: FileTarget[] = [];
  for (const entry of lock.files) {
    const pinned = `${entry.featureId}@${entry.version} ${entry.fileName}`;
    const file = (await toolOf(entry.featureId)).versions[entry.version]?.downloadUrls.find(
      (candidate) => candidate.fileName === entry.fileName,
    );
    if (!file) throw new CliError(`${pinned} is pinned in ${lockPath} but no longer offered by the portal.`);
    if (file.sha256 !== entry.sha256) {
      throw new CliError(
        `${pinned} changed on the portal: pinned SHA-256 ${entry.sha256}, now ${file.sha256}. Nothing was installed.`,
      );
    }
    // The pin, not the catalogue, decides which bytes are accepted.
    targets.push({ ...toTarget(file), sha256: entry.sha256 });
  }
  const outDir = path.resolve(context.cwd, request.outDir ?? '.');
  const saved = [];
  for (const target of targets) saved.push((await fetchFile(context, target, outDir)).path);
  if (context.json) context.out(JSON.stringify(saved, null, 2));
}

export async function licenses(context: CommandContext): Promise<void> {
  const records = await context.portal.licenses();
  print(context, records, () =>
    records.length === 0
      ? ['No licenses.']
      : [
          ...records.map(
            (license) =>
              `${license.featureId.padEnd(28)} ${(license.version ?? '-').padEnd(10)} ${license.status.padEnd(10)} ${license.expiration?.slice(0, 10) ?? 'no end'}  ${license.product}`,
          ),
          ...(records.length === LIST_LIMIT ? [`(first ${LIST_LIMIT} shown)`] : []),
        ],
  );
}

export async function orders(context: CommandContext): Promise<void> {
  const records = await context.portal.orders();
  print(context, records, () =>
    records.length === 0
      ? ['No orders.']
      : [
          ...records.flatMap((order) => [
            `${order.number}  ${order.requestedAt.slice(0, 10)}  ${order.kind}  ${order.status}${order.paid ? ' (paid)' : ''}`,
            ...order.positions.map(
              (position) =>
                `  ${position.featureId}${position.version ? `@${position.version}` : ''}  ${position.status}${position.comment ? ` — ${position.comment}` : ''}`,
            ),
          ]),
          ...(records.length === LIST_LIMIT ? [`(first ${LIST_LIMIT} shown)`] : []),
        ],
  );
}
