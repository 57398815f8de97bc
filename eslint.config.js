import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const CLICKS = 'CallExpression[callee.property.name=/^(click|dblclick|tap|check|uncheck)$/]';
const role = (pattern) => `CallExpression[callee.property.name='getByRole'][arguments.0.value=${pattern}]`;
const USE_HELPER = 'use the helpers of tests/support/popups.ts';
/** Clicks on a popup's option or menu item, or on a dialog's button, outside the popup helpers. */
const POPUP_CLICKS = [
  {
    selector: `${CLICKS}:has(${role('/^(menuitem|menuitemcheckbox|menuitemradio|option)$/')})`,
    message: `A menu item or option is picked with chooseMenuItem, chooseOption(s), chooseChips or chooseSuggestion: ${USE_HELPER}.`,
  },
  {
    selector: `${CLICKS}:has(${role('/^(dialog|alertdialog)$/')}):has(${role("'button'")})`,
    message: `A dialog is answered with answerDialog: ${USE_HELPER}.`,
  },
  {
    selector: `${CLICKS}:has(Identifier[name=/(^d|D)ialog$/]):has(${role("'button'")})`,
    message: `A dialog is answered with answerDialog: ${USE_HELPER}.`,
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/data/**',
      'tests/test-results/**',
      'tests/playwright-report/**',
      'server/drizzle/**',
      'resources/json-schema/**',
      'resources/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['customer-app/**/*.{ts,tsx}', 'admin-app/**/*.{ts,tsx}', 'data-provider/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // Shipped in both apps' polyfill chunks (scripts/browsers.ts).
  { files: ['scripts/flex-gap.js'], languageOptions: { globals: { ...globals.browser } } },
  {
    // A click that lands while a popup opens or closes can be lost; the helpers act again until the effect shows.
    files: ['tests/**/*.ts'],
    ignores: ['tests/support/popups.ts'],
    rules: { 'no-restricted-syntax': ['error', ...POPUP_CLICKS] },
  },
);
