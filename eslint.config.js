import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { SHARED_SUBSETS } from './scripts/rspack-shared-api.mjs';

// The kit is imported by its parts (docs/conventions.md#the-kit-by-its-parts), never by its root entry.
const kitRoot = {
  name: '@platform/service-kit',
  message:
    'Import the part you use: @platform/service-kit/http, /db, /events, /jobs, /runtime, … (docs/conventions.md).',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/drizzle/meta/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    rules: { 'no-restricted-imports': ['error', { paths: [kitRoot] }] },
  },
  {
    files: ['shell/**', 'mfe-*/**', 'packages/ui/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      // The router and TanStack Query are shared as part of their API: another name would be undefined.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: Object.entries(SHARED_SUBSETS).map(([name, { pkg, names, list }]) => ({
            name,
            allowImportNames: names,
            allowTypeImports: true,
            message: `The front ends share part of ${pkg}: add the name to ${list} in scripts/rspack-shared-api.mjs (and rebuild the shell).`,
          })),
        },
      ],
    },
  },
  {
    // Services never import another service, the gateway never imports a service.
    files: ['services/**/*.ts', 'gateway/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [kitRoot],
          patterns: [
            {
              group: [
                '@platform/auth',
                '@platform/course',
                '@platform/consultation',
                '@platform/payment',
                '@platform/revenue',
                '@platform/notification',
                '@platform/gateway',
              ],
              message: 'Services share only packages/*, events and HTTP.',
            },
            {
              group: ['**/services/*/src/**', '../../*/src/**'],
              message: 'Never reach into another service folder.',
            },
          ],
        },
      ],
    },
  },
);
