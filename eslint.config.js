// @ts-check
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import pluginQuery from '@tanstack/eslint-plugin-query'
import globals from 'globals'
import { importX, createNodeResolver } from 'eslint-plugin-import-x'

/**
 * Import boundaries (docs/decisions/0002-import-boundaries.md):
 * web → protocol, proxy → protocol, emulator → protocol (and the servers' keep-alive setting,
 * src/server/keep-alive.ts); protocol → nothing of ours.
 * The browser never imports server code, so the client secret cannot reach the bundle by import.
 */
const serverOnly = ['node:*', '**/proxy/**', '**/emulator/**', '**/server', '**/server.ts']

/** Classic zod is ~28 kB gzip in the bundle; the browser's schemas use zod/mini (bundle budget). */
const classicZod = {
  name: 'zod',
  message: "The browser bundle uses zod/mini: import { z } from 'zod/mini' (the bundle budget).",
}

/**
 * The web app's parts. lib/ is shared and imports no part; session/ (the account: the session,
 * the login's pending state, the user queries) imports lib/ only; each feature imports lib/,
 * session/ and i18n/, and another feature only where FEATURE_USES says so. So a feature can be
 * read, tested and lazy-loaded alone; main.tsx and app-router.tsx wire them together, and
 * i18n/zh.ts gathers each one's Chinese catalog (messages.zh.ts).
 */
const WEB_FEATURES = [
  'connect',
  'explorer',
  'callback',
  'profile',
  'users',
  'inspector',
  'scopes',
  'layout',
  'hello',
  'client-code',
  'your-app',
  'lab',
]

/**
 * The imports between features, each for a reason: the connect page starts the flow
 * client-code/ runs; the header opens the inspector (a lazy import); the flow lab's editor
 * previews its request with the connect page's one preview function and picks scopes with its
 * picker, and shows raw HTTP as the inspector's steps. What a login lands on loads while its code
 * is exchanged from main.tsx, which wires the features, not from callback/.
 */
const FEATURE_USES = {
  connect: ['client-code'],
  layout: ['inspector'],
  lab: ['connect', 'inspector'],
}

const webDir = (part) => `./src/web/${part}`

/** Tests, the e2e suite and the helpers they share (src/testing/): none of it ships. */
const TEST_FILES = ['**/*.test.{ts,tsx}', 'e2e/**', 'src/testing/**']

/**
 * import-x/no-restricted-paths zones for production code: the web app's parts above, and the
 * test helpers (src/testing/ signs in through pages, parses test-only answers and fuzzes: only
 * tests, e2e and bench use it, so none of it ships in the server or the bundle). Tests are
 * exempt: they wire parts together.
 */
const PRODUCTION_ZONES = [
  {
    target: './src',
    from: './src/testing',
    message: 'src/testing/ holds test helpers: only tests, e2e and bench import them.',
  },
  {
    target: webDir('lib'),
    from: [...WEB_FEATURES, 'session'].map(webDir),
    message:
      'src/web/lib is shared: it imports no feature and not session/ (register a listener instead).',
  },
  {
    target: webDir('session'),
    from: WEB_FEATURES.map(webDir),
    message: 'src/web/session is the account every feature reads: it imports lib/ only.',
  },
  {
    target: webDir('i18n'),
    from: WEB_FEATURES.map(webDir),
    except: [
      './messages.zh.ts',
      './messages.zh.tsx',
      './response-messages.zh.ts',
      './result-messages.zh.ts',
      './not-found-messages.zh.ts',
      './connected-messages.zh.ts',
      './notice-messages.zh.ts',
    ],
    message: "src/web/i18n imports only the features' Chinese catalogs (i18n/zh.ts).",
  },
  ...WEB_FEATURES.map((feature) => ({
    target: webDir(feature),
    from: WEB_FEATURES.filter(
      (other) => other !== feature && !(FEATURE_USES[feature] ?? []).includes(other),
    ).map(webDir),
    message: `src/web/${feature} imports lib/, session/ and i18n/, not another feature (eslint.config.js FEATURE_USES).`,
  })),
]

export default tseslint.config(
  {
    // packages/*/dist: the emulator package's build (scripts/build-emulator-package.ts).
    ignores: [
      'dist',
      'packages/*/dist',
      'node_modules',
      'test-results',
      'playwright-report',
      'bench/results',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportDefaultDeclaration',
          message: 'Use named exports (docs/architecture.md#conventions).',
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, '@tanstack/query': pluginQuery },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...pluginQuery.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [classicZod],
          patterns: [
            { group: serverOnly, message: 'src/web may import only src/protocol (and itself).' },
          ],
        },
      ],
    },
  },
  {
    // A cycle makes load order matter and a module half-initialised when its importer runs.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: PRODUCTION_ZONES }],
    },
  },
  {
    files: TEST_FILES,
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
  {
    // A file past 350 lines holds more than one concern: split it by concern. Tests, generated
    // catalogues and test helpers are exempt.
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.{ts,tsx,js}', 'bench/**/*.{ts,tsx,js}'],
    ignores: [...TEST_FILES, '**/*.gen.ts'],
    rules: {
      'max-lines': ['error', { max: 350, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    files: ['src/protocol/**/*.ts'],
    ignores: ['src/protocol/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [classicZod],
          patterns: [
            {
              group: ['node:*', '../*', '**/web/**', '**/proxy/**', '**/emulator/**'],
              message:
                'src/protocol is pure and shared: it imports nothing of ours and no Node module.',
            },
          ],
        },
      ],
    },
  },
  {
    // The proxy's tests run against the real emulator (docs/architecture.md#conventions), so tests
    // are exempt.
    files: ['src/proxy/**/*.ts'],
    ignores: ['src/proxy/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/web/**', '**/emulator/**'], message: 'proxy → protocol only.' }],
        },
      ],
    },
  },
  {
    files: ['src/emulator/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/web/**', '**/proxy/**'], message: 'emulator → protocol only.' },
            {
              // The servers' shared keep-alive setting is the one module of src/server it takes.
              group: ['**/server/*', '!**/server/keep-alive'],
              message: 'emulator → protocol, and src/server/keep-alive.ts alone of src/server.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tools that need a default export.
    files: ['*.config.{js,ts}', 'playwright.config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
)
