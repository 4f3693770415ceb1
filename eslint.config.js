// @ts-check
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import pluginQuery from '@tanstack/eslint-plugin-query'
import globals from 'globals'
import { importX, createNodeResolver } from 'eslint-plugin-import-x'

/**
 * Import boundaries (docs/decisions/0002-import-boundaries.md):
 * web → protocol, proxy → protocol, emulator → protocol; protocol → nothing of ours.
 * The browser never imports server code, so the client secret cannot reach the bundle by import.
 */
const serverOnly = ['node:*', '**/proxy/**', '**/emulator/**', '**/server', '**/server.ts']

/** Classic zod is ~28 kB gzip in the bundle; the browser's schemas use zod/mini (bundle budget). */
const classicZod = {
  name: 'zod',
  message: "The browser bundle uses zod/mini: import { z } from 'zod/mini' (the bundle budget).",
}

/**
 * The web app's features. The shared lib/ imports none of them, so a feature can be read, tested
 * and lazy-loaded alone; main.tsx wires what lib/ must tell features (api-client's onResponse).
 */
const WEB_FEATURES = [
  'connect',
  'explorer',
  'callback',
  'profile',
  'users',
  'inspector',
  'scopes',
  'session',
  'layout',
  'hello',
  'client-code',
]

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', 'bench/results'] },
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
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/web/lib',
              from: WEB_FEATURES.map((feature) => `./src/web/${feature}`),
              message:
                'src/web/lib is shared: it imports no feature (register a listener instead).',
            },
          ],
        },
      ],
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
          patterns: [{ group: ['**/web/**', '**/proxy/**'], message: 'emulator → protocol only.' }],
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
