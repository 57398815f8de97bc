import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { EntryRoute } from './budgets.js';

/** One JavaScript file of a built app. */
export interface Chunk {
  /** The path the browser asks for, e.g. `/admin/assets/index-XulnUQHG.js`. */
  path: string;
  bytes: number;
  /** zlib's default level, as a server compressing on the fly (and the e2e budget test) would. */
  gzip: number;
  /** Chunks it imports statically (`import … from "./x.js"`, `export … from`, `import "./x.js"`). */
  imports: string[];
  /** The source modules it holds, absolute, from its source map. */
  sources: string[];
}

export interface Build {
  app: EntryRoute['app'];
  dist: string;
  /** What index.html loads: its module scripts and module preloads. */
  entries: string[];
  /** The modern build's chunks: what a browser with ES modules loads. */
  chunks: Map<string, Chunk>;
  /** The legacy build's chunks (`*-legacy-*.js`, plugin-legacy), which only browsers without ES modules load. */
  legacy: Chunk[];
}

const STATIC_IMPORT = /(?:\bfrom\s*|\bimport\s*)["']\.\/([\w.-]+\.js)["']/g;
const HTML_SCRIPT = /<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+\.js)"/g;
const HTML_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+\.js)"/g;
/** plugin-legacy names each legacy chunk after its modern one, e.g. `index-legacy-DFYQAKAl.js`. */
export const LEGACY_CHUNK = /-legacy-[\w-]+\.js$/;

/**
 * Reads a built app (`<staticDir>/<app>/dist`): every chunk of `assets/` with its size, static imports and source
 * modules, and what index.html loads. Vite writes no manifest here, so the chunk graph is read from the files.
 */
export function readBuild(staticDir: string, app: EntryRoute['app']): Build {
  const dist = path.join(staticDir, app, 'dist');
  const base = app === 'admin-app' ? '/admin/' : '/';
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const assets = path.join(dist, 'assets');
  const chunks = new Map<string, Chunk>();
  const legacy: Chunk[] = [];
  for (const file of fs.readdirSync(assets).filter((name) => name.endsWith('.js'))) {
    const body = fs.readFileSync(path.join(assets, file));
    const text = body.toString('utf8');
    const imports = [...new Set([...text.matchAll(STATIC_IMPORT)].map((m) => `${base}assets/${m[1]}`))];
    const mapFile = path.join(assets, `${file}.map`);
    const sources = fs.existsSync(mapFile)
      ? (JSON.parse(fs.readFileSync(mapFile, 'utf8')) as { sources: string[] }).sources.map((source) =>
          path.resolve(assets, source),
        )
      : [];
    const chunk = {
      path: `${base}assets/${file}`,
      bytes: body.length,
      gzip: zlib.gzipSync(body).length,
      imports,
      sources,
    };
    if (LEGACY_CHUNK.test(file)) legacy.push(chunk);
    else chunks.set(chunk.path, chunk);
  }
  const entries = [...html.matchAll(HTML_SCRIPT), ...html.matchAll(HTML_PRELOAD)].map((m) => m[1]!);
  if (entries.length === 0) throw new Error(`${app}: index.html loads no module script`);
  return { app, dist, entries: [...new Set(entries)], chunks, legacy };
}

export interface RouteScripts {
  route: string;
  files: string[];
  gzip: number;
  bytes: number;
  maxScriptGzip: number;
}

/**
 * The JavaScript a cold first load of `route` fetches, by the build alone: what index.html loads, the chunks
 * holding the route's `modules`, and everything those import statically (Vite preloads a lazy chunk's static
 * imports with it).
 */
export function routeScripts(build: Build, route: EntryRoute): RouteScripts {
  const start = [...build.entries];
  for (const module of route.modules) {
    const holders = [...build.chunks.values()].filter((chunk) =>
      chunk.sources.some((source) => source.split(path.sep).join('/').includes(module)),
    );
    if (holders.length === 0) {
      throw new Error(
        `${route.name}: no chunk of ${build.app} holds ${module}; update its modules in scripts/bench/budgets.ts`,
      );
    }
    start.push(...holders.map((chunk) => chunk.path));
  }
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    const chunk = build.chunks.get(file);
    if (!chunk) throw new Error(`${build.app}: ${file} is loaded but not in ${build.dist}/assets`);
    seen.add(file);
    chunk.imports.forEach(visit);
  };
  start.forEach(visit);
  const files = [...seen].sort();
  const sum = (key: 'gzip' | 'bytes') =>
    files.reduce((total, file) => total + build.chunks.get(file)![key], 0);
  return {
    route: route.name,
    files,
    gzip: sum('gzip'),
    bytes: sum('bytes'),
    maxScriptGzip: route.maxScriptGzip,
  };
}

/** Every entry route's scripts, reading each app's build once. */
export function entryRouteScripts(staticDir: string, routes: EntryRoute[]): RouteScripts[] {
  const builds = new Map<EntryRoute['app'], Build>();
  return routes.map((route) => {
    if (!builds.has(route.app)) builds.set(route.app, readBuild(staticDir, route.app));
    return routeScripts(builds.get(route.app)!, route);
  });
}

/** The size of an app's legacy build: its first load (polyfills and entry) and every legacy chunk. */
export interface LegacySize {
  app: EntryRoute['app'];
  firstLoadGzip: number;
  totalGzip: number;
  totalBytes: number;
  files: number;
}

const HTML_LEGACY = /<script\b[^>]*\bnomodule\b[^>]*\b(?:src|data-src)="([^"]+-legacy-[\w-]+\.js)"/g;

export function legacySize(staticDir: string, app: EntryRoute['app']): LegacySize {
  const build = readBuild(staticDir, app);
  const html = fs.readFileSync(path.join(build.dist, 'index.html'), 'utf8');
  const firstLoad = new Set([...html.matchAll(HTML_LEGACY)].map((m) => m[1]!));
  if (firstLoad.size === 0) throw new Error(`${app}: index.html loads no legacy script`);
  const sum = (chunks: Chunk[], key: 'gzip' | 'bytes') =>
    chunks.reduce((total, chunk) => total + chunk[key], 0);
  return {
    app,
    firstLoadGzip: sum(
      build.legacy.filter((chunk) => firstLoad.has(chunk.path)),
      'gzip',
    ),
    totalGzip: sum(build.legacy, 'gzip'),
    totalBytes: sum(build.legacy, 'bytes'),
    files: build.legacy.length,
  };
}

export const legacyBuildSizes = (staticDir: string): LegacySize[] =>
  (['customer-app', 'admin-app'] as const).map((app) => legacySize(staticDir, app));

/** The report's lines on the legacy builds (bench report and check-budgets.ts). */
export function legacySizeLines(sizes: LegacySize[]): string[] {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  return [
    'Legacy build (browsers without ES modules, e.g. iOS 9 and Android 6; modern browsers load none of it), gzip:',
    ...sizes.map(
      (size) =>
        `- ${size.app}: first load (polyfills and entry) ${kb(size.firstLoadGzip)}; all ${size.files} legacy chunks ${kb(size.totalGzip)} (${kb(size.totalBytes)} raw)`,
    ),
  ];
}
