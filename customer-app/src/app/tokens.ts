/**
 * The design tokens: one source for the MUI theme and for the light shell, which is plain React and CSS so the
 * first page does not wait for MUI (README, "A light shell"). The build writes them as CSS custom properties into
 * the stylesheet (`tokenDeclarations`, build/design-tokens.ts), so a server-rendered page paints with them.
 */
export const tokens = {
  primary: '#0b5fa5',
  primaryDark: '#084a80',
  primaryLight: '#e8f1f9',
  onPrimary: '#ffffff',
  secondary: '#00756d',
  onSecondary: '#ffffff',
  background: '#f6f8fa',
  paper: '#ffffff',
  text: 'rgba(0, 0, 0, 0.87)',
  textSecondary: 'rgba(0, 0, 0, 0.64)',
  divider: 'rgba(0, 0, 0, 0.12)',
  error: '#c62828',
  successText: '#1e4620',
  successBackground: '#edf7ed',
  infoText: '#014361',
  infoBackground: '#e5f6fd',
  warningText: '#663c00',
  warningBackground: '#fff4e5',
  errorText: '#5f2120',
  errorBackground: '#fdeded',
  radius: '6px',
  fontFamily: '"Roboto", "Helvetica", "Arial", sans-serif',
} as const;

type TokenName = keyof typeof tokens;

/** `primaryDark` → `--portal-primary-dark` */
const cssVariable = (name: TokenName) => `--portal-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** The tokens as the declarations of a CSS rule: `--portal-primary: #0b5fa5; …`. */
export function tokenDeclarations(): string {
  return Object.entries(tokens)
    .map(([name, value]) => `${cssVariable(name as TokenName)}: ${value};`)
    .join(' ');
}
