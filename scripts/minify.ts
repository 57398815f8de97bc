import { createRequire } from 'node:module';
import path from 'node:path';
import { transformAsync, type TransformOptions } from '@babel/core';
import { minify } from 'terser';
import type { Plugin, Rolldown } from 'vite';
import { LEGACY_BROWSERS } from './browsers';

/**
 * How both apps minify (issue 43; costs in docs/production-build.md): Oxc for the modern build, as it is far quicker
 * than terser; Oxc writes template literals whatever its target, so `legacyKeptEs5` hands ES5 chunks to terser.
 */
// terser only sees the legacy chunks, and without compress, which would slow the build for little gzip.
export const MINIFY = { minify: 'oxc', terserOptions: { compress: false } } as const;

const PRESET_ENV = createRequire(import.meta.url).resolve('@babel/preset-env');
const LEGACY_POLYFILLS = /(^|\/)polyfills-legacy-[\w-]+\.js$/;
/** plugin-legacy 8's test for `import.meta.resolve`: an import of a `data:` script (see `legacyKeptEs5`). */
const RESOLVE_CHECK = /import\s*'data:text\/javascript,[^']*import\.meta\.resolve[^']*';/g;
const blanked = (code: string) => code.replace(RESOLVE_CHECK, (check) => ' '.repeat(check.length));

type Bundle = Rolldown.OutputBundle;
type Chunk = Rolldown.OutputChunk;

/**
 * Compiles plugin-legacy's polyfill chunk down to ES5 and minifies it again; its source map, written beside it by
 * plugin-legacy, is carried through both steps, and the chunk now names it.
 */
async function compileToEs5(chunk: Chunk, bundle: Bundle) {
  const mapFile = bundle[`${chunk.fileName}.map`];
  const inputMap =
    mapFile?.type === 'asset'
      ? (JSON.parse(String(mapFile.source)) as TransformOptions['inputSourceMap'])
      : undefined;
  const es5 = await transformAsync(chunk.code, {
    babelrc: false,
    configFile: false,
    compact: true,
    sourceType: 'script',
    sourceMaps: inputMap !== undefined,
    inputSourceMap: inputMap,
    presets: [[PRESET_ENV, { targets: LEGACY_BROWSERS, modules: false, bugfixes: true }]],
  });
  if (!es5?.code) throw new Error(`${chunk.fileName}: Babel returned no code`);
  const minified = await minify(es5.code, {
    ecma: 5,
    safari10: true,
    module: false,
    sourceMap: es5.map
      ? {
          content: JSON.stringify(es5.map),
          filename: path.basename(chunk.fileName),
          url: path.basename(`${chunk.fileName}.map`),
        }
      : false,
  });
  if (minified.code === undefined) throw new Error(`${chunk.fileName}: terser returned no code`);
  chunk.code = minified.code;
  if (mapFile?.type === 'asset' && typeof minified.map === 'string') mapFile.source = minified.map;
}

/**
 * Keeps the legacy build ES5, the syntax its browsers parse (checked by scripts/syntax-check.ts):
 * - plugin-legacy gives its legacy outputs Oxc's `es2015` compress target; with their `minify` off, Vite's terser
 *   plugin takes them instead (it minifies a legacy output whose own minifier is off) at terser's default ES5
 *   output. The legacy outputs are added by plugin-legacy's post plugin when the config is resolved, each with its
 *   own `minify` key, which the modern output, as the app wrote it, does not have: list this plugin after it.
 * - plugin-legacy bundles the legacy polyfills in a build of its own, whose Rolldown runtime (arrow functions) and
 *   Oxc minifier write ES2015; that chunk is compiled down with Babel for the legacy browsers and minified again.
 * - plugin-legacy 8 sends every browser without `import.meta.resolve` (Chrome before 105, Safari before 16.4) to the
 *   legacy build, testing it by importing a `data:` script, which the portal's Content Security Policy refuses: every
 *   browser would get the legacy build. The modern build targets the supported browsers with ES modules
 *   (`scripts/browsers.ts`, checked by the syntax check), so the test is blanked (spaces keep the source maps'
 *   columns) and plugin-legacy's earlier test, dynamic import and async generators, decides as before.
 */
export function legacyKeptEs5(): Plugin {
  return {
    name: 'portal:legacy-kept-es5',
    enforce: 'post',
    apply: 'build',
    configResolved(config) {
      const outputs = config.build.rolldownOptions.output;
      const legacy = (Array.isArray(outputs) ? outputs : [outputs]).filter(
        (output): output is NonNullable<typeof output> => output !== undefined && 'minify' in output,
      );
      if (legacy.length === 0)
        throw new Error('plugin-legacy added no legacy output: list this plugin after it');
      for (const output of legacy) output.minify = false;
    },
    async generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk' && LEGACY_POLYFILLS.test(file.fileName)) await compileToEs5(file, bundle);
        else if (file.type === 'chunk') file.code = blanked(file.code);
        else if (file.fileName.endsWith('.html') && typeof file.source === 'string')
          file.source = blanked(file.source);
      }
    },
  };
}
