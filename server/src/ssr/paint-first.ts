import { inlineScriptHashes, type AppIndex } from '../static-apps.js';

/** The app's entry as Vite writes it into index.html: a module script of the chunk named after index.html. */
export const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/index-[\w-]+\.js)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>\s*/g;

/**
 * The shell around a server-rendered page (issue 48): its HTML is painted before the app's scripts are fetched, then
 * the app loads and hydrates it. The browser compiles a module the moment it arrives, on the thread that paints, so
 * the entry and its preloads in the head put the first paint (the largest, on these pages) after their compile.
 * A hidden tab paints nothing, so it loads at once. Null when the index has no entry of that shape.
 */
export function paintFirst(index: AppIndex): AppIndex | null {
  const entry = ENTRY_SCRIPT.exec(index.html)?.[1];
  if (!entry) return null;
  const loader = `const load=()=>import(${JSON.stringify(entry)});document.hidden?load():requestAnimationFrame(()=>setTimeout(load))`;
  const html = index.html
    .replace(ENTRY_SCRIPT, () => `<script type="module">${loader}</script>`)
    .replace(MODULE_PRELOAD, '');
  return { html, scriptHashes: inlineScriptHashes(html) };
}
