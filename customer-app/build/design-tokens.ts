import type { Plugin } from 'vite';
import { tokenDeclarations } from '../src/app/tokens';

/** The stylesheet every page links (src/main.tsx imports it); the tokens go first, as `:root` custom properties. */
const BASE_STYLESHEET = /[\\/]src[\\/]styles[\\/]base\.css$/;

/**
 * Writes the design tokens of src/app/tokens.ts into the base stylesheet at build time: set by a script, they
 * came after a server-rendered page's first paint (issue 48), which then changed font and colours.
 */
export function designTokens(): Plugin {
  return {
    name: 'portal:design-tokens',
    // Before Vite's CSS plugin, which turns the stylesheet into a module.
    enforce: 'pre',
    transform(code, id) {
      if (!BASE_STYLESHEET.test(id)) return null;
      return { code: `:root { ${tokenDeclarations()} }\n${code}`, map: null };
    },
  };
}
