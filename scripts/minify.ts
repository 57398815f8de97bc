/**
 * How both apps minify their modern build (issue 20 budgets): terser with two compress passes ships 3 % less gzip
 * JavaScript than Vite's default esbuild (4.5 KB of a catalogue page's 150), for a slower build. plugin-legacy
 * minifies the legacy build with terser anyway. No `ecma` option: these options reach the legacy chunks too, and a
 * higher one would let terser write newer syntax into them.
 */
export const MINIFY = {
  minify: 'terser',
  terserOptions: { compress: { passes: 2 } },
} as const;
