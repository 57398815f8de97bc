import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
);
