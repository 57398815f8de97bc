import path from 'node:path';
import {
  DOWNLOAD_REFUSAL_MESSAGES,
  compareVersions,
  type CatalogueDocument,
  type CatalogueFile,
  type SoftwareBundleDetail,
  type ToolDetail,
  type ToolVersionDetail,
} from '@portal/resources';
import { findEntry, findTool, pickBundleVersion } from './catalogue.js';
import { downloadVerified, type DownloadOptions, type FileTarget } from './download.js';
import { CliError, EXIT } from './errors.js';
import { kindOfToolType, type SearchKind } from './kinds.js';
import {
  LOCK_FILE_NAME,
  entryOutDir,
  lockOutOf,
  mergeLockEntries,
  pinIntact,
  readLockFile,
  sealed,
  writeLockFile,
  type LockEntry,
} from './lockfile.js';
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

/** The kind the command names a catalogue card by. */
const kindOfItem = (item: { kind: string; category: string }): SearchKind =>
  item.kind === 'software-bundle'
    ? 'bundle'
    : item.kind === 'document'
      ? 'document'
      : kindOfToolType(item.category as ToolDetail['type']);

export async function search(context: CommandContext, text: string, kind?: SearchKind): Promise<void> {
  const { items, total } = await context.portal.search(text, kind);
  print(context, items, () => [
    ...items.map(
      (item) =>
        `${item.key.padEnd(32)} ${(item.latestVersion ?? '-').padEnd(12)} ${kindOfItem(item).padEnd(9)} ${item.name}`,
    ),
    total > items.length ? `(${items.length} of ${total} shown; narrow the search)` : `${total} found`,
  ]);
}

/** Newest first, by the same comparison the latest-version rule uses. */
const newestFirst = (tool: ToolDetail) =>
  Object.values(tool.versions).sort((a, b) => compareVersions(b.version, a.version));

const describeFile = (file: CatalogueFile) =>
  `${`${file.os}/${file.architecture}`.padEnd(16)} ${file.fileName} (${file.filesize === null ? 'size unknown' : formatBytes(file.filesize)}, sha256 ${file.sha256})`;

/** Whether this account may download a version, and why not in the words the portal's refusal uses. */
const describeAccess = (version: ToolVersionDetail) =>
  version.downloadRefusal === null && version.canDownload
    ? 'downloadable'
    : `not downloadable: ${DOWNLOAD_REFUSAL_MESSAGES[version.downloadRefusal ?? 'disabled']}`;

function toolLines(tool: ToolDetail): string[] {
  return [
    `${tool.name} (${tool.featureId}, ${kindOfToolType(tool.type)}: ${tool.type})`,
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
  ];
}

/** A bundle's versions newest first, each item with whether this account may download it. */
async function bundleLines(context: CommandContext, bundle: SoftwareBundleDetail): Promise<string[]> {
  const tools = toolCache(context.portal);
  const versions = [...bundle.versions].sort((a, b) => compareVersions(b.version, a.version));
  const lines = [
    `${bundle.name} (${bundle.uuid}, bundle)`,
    ...(bundle.hardwareNames.length ? [`Hardware: ${bundle.hardwareNames.join(', ')}`] : []),
    ...(bundle.documentFeatureIds.length ? [`Documents: ${bundle.documentFeatureIds.join(', ')}`] : []),
    `Latest version: ${versions[0]?.version ?? 'none'}`,
  ];
  for (const version of versions) {
    lines.push('', `${version.version}${version.description ? ` — ${version.description}` : ''}`);
    for (const item of version.toolVersions) {
      const tool = await tools(item.featureId).catch(() => null);
      const detail = tool?.versions[item.version];
      lines.push(
        `  ${`${item.featureId}@${item.version}`.padEnd(36)} ${detail ? describeAccess(detail) : 'not offered by the portal'}`,
      );
    }
  }
  return lines;
}

const documentLines = (document: CatalogueDocument) => [
  `${document.title} (${document.featureId}, document: ${document.type})`,
  ...(document.description ? [document.description] : []),
  `File: ${document.filename} at ${document.url}`,
  'The portal names no checksum of documents: "portal download" pins the SHA-256 of the bytes it gets.',
];

export async function show(context: CommandContext, id: string): Promise<void> {
  const entry = await findEntry(context.portal, id);
  switch (entry.kind) {
    case 'tool':
    case 'software':
      return print(context, { kind: entry.kind, ...entry.tool }, () => toolLines(entry.tool));
    case 'bundle': {
      const lines = context.json ? [] : await bundleLines(context, entry.bundle);
      return print(context, { kind: entry.kind, ...entry.bundle }, () => lines);
    }
    case 'document':
      return print(context, { kind: entry.kind, ...entry.document }, () => documentLines(entry.document));
  }
}

/** Each tool asked once per command. */
function toolCache(portal: Portal) {
  const tools = new Map<string, Promise<ToolDetail>>();
  return (featureId: string) => {
    if (!tools.has(featureId)) tools.set(featureId, findTool(portal, featureId));
    return tools.get(featureId)!;
  };
}

export interface DownloadRequest extends Platform {
  spec: string;
  withDeps: boolean;
  outDir: string | undefined;
  /** Path of the lock file to update; null to leave it alone. */
  lockFile: string | null;
}

/** One file a command fetches, and the pin it gets. */
interface Planned {
  target: FileTarget;
  pin: Omit<LockEntry, 'sha256' | 'out' | 'pinDigest'>;
  /** Versions the account may not download go first: the portal's refusal ends the command before any file lands. */
  refused: boolean;
}

/** What a download needs; the checksum is always in the answers this client asks for (tool API v2). */
function toTarget(file: CatalogueFile): FileTarget {
  if (!file.sha256) throw new Error(`The portal sent ${file.fileName} without its checksum.`);
  return {
    url: file.url,
    fileName: file.fileName,
    sha256: file.sha256,
    size: file.filesize,
    withToken: true,
  };
}

/** A document's file: with the token only when the portal hosts it. */
function documentTarget(portal: Portal, document: CatalogueDocument, sha256: string | null): FileTarget {
  const withToken = new URL(document.url).origin === new URL(portal.portalUrl).origin;
  return { url: document.url, fileName: document.filename, sha256, size: null, withToken };
}

const toolPlan = (featureId: string, version: ToolVersionDetail, platform: Platform): Planned => {
  const file = pickFile(featureId, version, platform);
  return {
    target: toTarget(file),
    pin: {
      featureId,
      version: version.version,
      fileName: file.fileName,
      os: file.os,
      architecture: file.architecture,
      size: file.filesize,
    },
    refused: !version.canDownload || version.downloadRefusal !== null,
  };
};

async function fetchFile(context: CommandContext, file: FileTarget, outDir: string) {
  const result = await downloadVerified(context.portal.client, file, {
    outDir,
    progress: context.progress,
    ...context.download,
  });
  const how = result.unchanged ? 'unchanged' : result.resumed ? `resumed ${result.resumed}×` : 'downloaded';
  if (!context.json) context.out(`${how.padEnd(12)} ${result.path}  sha256 ${result.sha256}`);
  return result;
}

/** The files a download request names: a tool's (with its dependencies), a bundle version's, a document's. */
async function plan(context: CommandContext, request: DownloadRequest): Promise<Planned[]> {
  const { featureId: id, version } = parseFeatureSpec(request.spec);
  const entry = await findEntry(context.portal, id);
  const usage = (message: string) => new CliError(message, { exitCode: EXIT.usage });
  switch (entry.kind) {
    case 'tool':
    case 'software': {
      const tools = toolCache(context.portal);
      const picks = await resolvePicks(
        (featureId) => (featureId === entry.tool.featureId ? Promise.resolve(entry.tool) : tools(featureId)),
        entry.tool.featureId,
        version,
        request.withDeps,
      );
      return picks.map((pick) => toolPlan(pick.tool.featureId, pick.version, request));
    }
    case 'bundle': {
      if (request.withDeps) throw usage('--with-deps takes a tool or software item, not a bundle.');
      const tools = toolCache(context.portal);
      const bundleVersion = pickBundleVersion(entry.bundle, version);
      const planned: Planned[] = [];
      for (const item of bundleVersion.toolVersions) {
        const detail = (await tools(item.featureId)).versions[item.version];
        if (!detail) {
          throw new CliError(
            `The bundle ${entry.bundle.uuid}@${bundleVersion.version} names ${item.featureId}@${item.version}, which the portal does not offer you.`,
          );
        }
        planned.push(toolPlan(item.featureId, detail, request));
      }
      return planned;
    }
    case 'document': {
      if (version !== null) throw usage(`A document has no versions: download ${id} without @${version}.`);
      if (request.withDeps || request.os !== undefined || request.arch !== undefined)
        throw usage('A document takes none of --with-deps, --os and --arch.');
      const { document } = entry;
      return [
        {
          target: documentTarget(context.portal, document, null),
          pin: {
            featureId: document.featureId,
            version: document.updatedAt,
            fileName: document.filename,
            os: 'any',
            architecture: 'any',
            size: null,
            kind: 'document',
          },
          refused: false,
        },
      ];
    }
  }
}

export async function download(context: CommandContext, request: DownloadRequest): Promise<void> {
  const files = await plan(context, request);
  files.sort((a, b) => Number(b.refused) - Number(a.refused));
  const outDir = path.resolve(context.cwd, request.outDir ?? '.');
  const lockPath = request.lockFile === null ? null : path.resolve(context.cwd, request.lockFile);
  // Checked before anything is fetched: a folder the lock file cannot name is refused up front.
  const out = lockPath === null ? undefined : lockOutOf(lockPath, outDir);
  const entries: LockEntry[] = [];
  const saved: { path: string; featureId: string; version: string; sha256: string }[] = [];
  for (const { target, pin } of files) {
    const result = await fetchFile(context, target, outDir);
    saved.push({ path: result.path, featureId: pin.featureId, version: pin.version, sha256: result.sha256 });
    entries.push(sealed({ ...pin, sha256: result.sha256, ...(out === undefined ? {} : { out }) }));
  }
  if (lockPath !== null) {
    const existing = (await readLockFile(lockPath))?.files ?? [];
    await writeLockFile(lockPath, mergeLockEntries(existing, entries));
  }
  if (context.json) context.out(JSON.stringify(saved, null, 2));
}

/** Why a pin and the portal's checksum differ: the lock file's own digest tells which side moved. */
function pinMismatch(entry: LockEntry, lockPath: string, portalSha256: string | undefined): CliError {
  const pinned = `${entry.featureId}@${entry.version} ${entry.fileName}`;
  const both = `pinned SHA-256 ${entry.sha256}, the portal's now ${portalSha256 ?? 'unknown'}`;
  const intact = pinIntact(entry);
  const what =
    intact === true
      ? `changed on the portal since it was pinned (${both}); the lock file is as "portal download" wrote it`
      : intact === false
        ? `is pinned differently in ${lockPath} than "portal download" wrote it: the lock file was edited (${both})`
        : `differs between ${lockPath} and the portal: one of them changed (${both})`;
  return new CliError(`${pinned} ${what}. Nothing was installed.`);
}

/**
 * Fetches exactly what the lock file pins, each file into its pinned folder (or `--out`). Fails before fetching
 * anything when a pinned file is gone from the catalogue or its checksum there changed, and after fetching when
 * the bytes do not match the pin.
 */
export async function install(
  context: CommandContext,
  request: { outDir: string | undefined; lockFile: string | null },
): Promise<void> {
  const lockPath = path.resolve(context.cwd, request.lockFile ?? LOCK_FILE_NAME);
  const lock = await readLockFile(lockPath);
  if (!lock) throw new CliError(`No lock file at ${lockPath}: run "portal download" first.`);
  const tools = toolCache(context.portal);
  const planned: { target: FileTarget; outDir: string }[] = [];
  for (const entry of lock.files) {
    const pinned = `${entry.featureId}@${entry.version} ${entry.fileName}`;
    const gone = () =>
      new CliError(`${pinned} is pinned in ${lockPath} but no longer offered by the portal.`);
    let target: FileTarget;
    if (entry.kind === 'document') {
      const document = await context.portal.document(entry.featureId);
      if (document.filename !== entry.fileName) throw gone();
      target = documentTarget(context.portal, document, entry.sha256);
    } else {
      const file = (await tools(entry.featureId)).versions[entry.version]?.downloadUrls.find(
        (candidate) => candidate.fileName === entry.fileName,
      );
      if (!file) throw gone();
      if (file.sha256 !== entry.sha256) throw pinMismatch(entry, lockPath, file.sha256);
      target = toTarget(file);
    }
    // The pin, not the catalogue, decides which bytes are accepted.
    planned.push({
      target: { ...target, sha256: entry.sha256 },
      outDir: request.outDir ? path.resolve(context.cwd, request.outDir) : entryOutDir(lockPath, entry),
    });
  }
  const saved = [];
  for (const { target, outDir } of planned) saved.push((await fetchFile(context, target, outDir)).path);
  if (context.json) context.out(JSON.stringify(saved, null, 2));
}

/** The limit note of a list the command cut. */
const cut = (count: number) => (count === LIST_LIMIT ? [`(first ${LIST_LIMIT} shown)`] : []);

export async function licenses(context: CommandContext, all: boolean): Promise<void> {
  const records = await context.portal.licenses(all ? 'all' : 'own');
  print(context, records, () =>
    records.length === 0
      ? ['No licenses.']
      : [
          ...records.map(
            (license) =>
              `${all ? `${license.userEmail.padEnd(32)} ` : ''}${license.featureId.padEnd(28)} ${(license.version ?? '-').padEnd(10)} ${license.status.padEnd(10)} ${license.expiration?.slice(0, 10) ?? 'no end'}  ${license.product}`,
          ),
          ...cut(records.length),
        ],
  );
}

export async function orders(context: CommandContext, all: boolean): Promise<void> {
  const records = await context.portal.orders(all ? 'all' : 'own');
  print(context, records, () =>
    records.length === 0
      ? ['No orders.']
      : [
          ...records.flatMap((order) => [
            `${order.number}  ${order.requestedAt.slice(0, 10)}  ${all ? `${order.userEmail}  ` : ''}${order.kind}  ${order.status}${order.paid ? ' (paid)' : ''}`,
            ...order.positions.map(
              (position) =>
                `  ${position.featureId}${position.version ? `@${position.version}` : ''}  ${position.status}${position.comment ? ` — ${position.comment}` : ''}`,
            ),
          ]),
          ...cut(records.length),
        ],
  );
}
