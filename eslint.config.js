// ESLint 9 flat config. Not type-aware on purpose (fast); `npm run typecheck` covers the types.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { fileURLToPath } from 'node:url';
import skafferi from './eslint/plugin.js';

const root = fileURLToPath(new URL('.', import.meta.url));
const aliases = { '@/': 'src/', '~/': 'src/' };

export default defineConfig([
  globalIgnores([
    '**/node_modules/',
    'dist/',
    'dev-dist/',
    'data/',
    '.tmp/',
    'coverage/',
    'test-results/',
    'playwright-report/',
    'blob-report/',
    'bench/results/',
    'server/db/migrations/',
  ]),

  {
    files: ['**/*.{js,mjs,cjs,ts,mts,cts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },

  // The shape of the repository (eslint/, docs/decisions/0057-lint-guards-the-shape.md): layer boundaries (features,
  // app shell, contract, client/server, service worker, offline engine and kinds), no import circle, no import of the
  // demo data.
  {
    files: ['src/**/*.{js,mjs,ts,tsx}', 'contract/**/*.{js,mjs,ts,tsx}', 'sw/**/*.{js,mjs,ts}'],
    plugins: { skafferi },
    rules: {
      'skafferi/feature-boundaries': ['error', { root, aliases }],
    },
  },
  // The shared rules are read on a first load, before the schemas (decision 0044): no zod in contract/rules.
  {
    files: ['contract/rules/**/*.{js,mjs,ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: 'contract/rules is read on a first load: keep zod in the schemas (0044).' }],
        },
      ],
    },
  },
  {
    files: ['{src,sw,server,contract}/**/*.{js,mjs,cjs,ts,mts,cts,tsx}'],
    plugins: { skafferi },
    rules: {
      'skafferi/no-import-cycle': ['error', { root, aliases }],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs,ts,mts,cts,tsx}'],
    plugins: { skafferi },
    rules: {
      // The server's start seeds an empty database and prints the demo logins: the composition root may load demo
      // data; no module the shop runs on may read a rule from it. The build (vite.config.ts) writes the demo
      // catalogue's family drawings (server/db/seed/drawings), the pictures the seeded products point to.
      'skafferi/no-seed-import': [
        'error',
        {
          root,
          aliases,
          allow: ['server/db/seed', 'tests', 'bench', 'server/app.ts', 'server/main.ts', 'vite.config.ts'],
        },
      ],
    },
  },

  // The browser app.
  {
    files: ['src/**/*.{js,mjs,ts,tsx}'],
    extends: [reactHooks.configs['recommended-latest']],
    languageOptions: { globals: { ...globals.browser } },
  },

  // The service worker.
  {
    files: ['sw/**/*.{js,mjs,ts}'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },

  // Client tests run in Node with browser stand-ins (fake-indexeddb, jsdom-like globals).
  {
    files: ['tests/client/**/*.{js,mjs,ts,tsx}', 'tests/offline/**/*.{js,mjs,ts,tsx}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },

  // Everything that runs in Node.
  {
    files: [
      'server/**/*.{js,mjs,cjs,ts,mts}',
      'tests/**/*.{js,mjs,cjs,ts,mts}',
      'bench/**/*.{js,mjs,cjs,ts,mts}',
      'scripts/**/*.{js,mjs,cjs,ts,mts}',
      'e2e/**/*.{js,mjs,cjs,ts,mts}',
      'eslint/**/*.js',
      '*.{js,mjs,cjs,ts,mts}',
    ],
    languageOptions: { globals: { ...globals.node } },
  },

  // Playwright page scripts (page.evaluate bodies) touch browser globals from e2e files.
  {
    files: ['e2e/**/*.{js,mjs,ts}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
]);
