import fs from 'node:fs'
import js from '@eslint/js'
import checkFile from 'eslint-plugin-check-file'
import importX, { createNodeResolver } from 'eslint-plugin-import-x'
import jsxA11y from 'eslint-plugin-jsx-a11y-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// The import direction of CONVENTIONS.md, enforced: shared imports neither side; web imports no
// server code (only the exported API type, through `import type`); server imports no web code.
const noServerFromWeb = {
  patterns: [
    {
      group: ['**/server/**', '!**/server/app'],
      message: 'The web app may not import server code (only `import type { AppType }`).',
    },
  ],
}

// The web app's layers, top to bottom (docs/decisions/015-web-layers.md):
//   app shell   src/web/*.tsx entry files, routes/, app/   composes features into pages
//   features    src/web/features/<f>/                      one feature each, importing no other
//   shared      src/web/components/, src/web/lib/          importing no feature and no shell
// Imports go downwards only. A feature's folder list is read from disk, so a new feature is covered.
const WEB = './src/web'
const FEATURES = fs
  .readdirSync(new URL('src/web/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const ENTRY_FILES = `${WEB}/*.{ts,tsx}`
const SHELL_DIRS = [`${WEB}/app`, `${WEB}/routes`]

const webLayerZones = [
  ...FEATURES.map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [`./${feature}`],
    message:
      'A feature imports no other feature. Move what both need down to src/web/components or src/web/lib, ' +
      'or compose the two features in src/web/app or a route.',
  })),
  {
    target: [`${WEB}/features`, `${WEB}/components`, `${WEB}/lib`],
    from: SHELL_DIRS,
    message: 'Features and shared modules do not import the app shell (app/, routes/): it imports them.',
  },
  {
    target: [`${WEB}/components`, `${WEB}/lib`],
    from: `${WEB}/features`,
    message: 'src/web/components and src/web/lib are shared by every feature, so they import none.',
  },
  {
    target: `${WEB}/app`,
    from: `${WEB}/routes`,
    message: 'app/ holds what routes compose; a route imports it, not the other way round.',
  },
]

// Only the app shell imports the entry files. Tests are exempt: they may mount the app's own
// providers (AppProviders) around the piece they check.
const entryFileZone = {
  target: [`${WEB}/features`, `${WEB}/components`, `${WEB}/lib`, `${WEB}/app`],
  from: [ENTRY_FILES],
  message: 'Only the app shell imports the entry files (main, router, providers ...).',
}

const KEBAB = { ignoreMiddleExtensions: true }

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      '.tmp/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'src/server/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // File and folder names are kebab-case (CONVENTIONS.md); `.test`, `.integration`, `.spec` and
    // `.bench` are middle extensions, not part of the name.
    files: ['src/**/*', 'e2e/**/*', 'bench/**/*', 'scripts/**/*'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': ['error', { '**/*': 'KEBAB_CASE' }, KEBAB],
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
    },
  },
  {
    // No import cycles anywhere in src: a cycle makes module order matter and hides a missing layer.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // TypeScript files are modules to follow (the default is .js only), parsed as TypeScript.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/web/**', 'react', 'hono', 'pg', 'drizzle-orm', 'node:*'],
              message: 'src/shared is pure: no I/O, no framework, no server or web code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', noServerFromWeb],
      'import-x/no-restricted-paths': ['error', { zones: [...webLayerZones, entryFileZone] }],
    },
  },
  {
    files: ['src/web/**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: webLayerZones }] },
  },
  {
    files: ['src/web/**/*.tsx'],
    ...jsxA11y.configs.recommended,
    rules: {
      ...jsxA11y.configs.recommended.rules,
      // A region that scrolls on its own takes focus so that keyboard users can scroll it (axe's
      // 'scrollable-region-focusable'); it is a named role="region", so that role may have tabIndex.
      'jsx-a11y-x/no-noninteractive-tabindex': [
        'error',
        { tags: [], roles: ['tabpanel', 'region'], allowExpressionValues: true },
      ],
      // ARIA 1.2 prohibits naming a generic element: a <div> or <span> with aria-label and no role is
      // axe's 'aria-prohibited-attr', seen only while a loading state is on screen (role="status" for
      // a loading placeholder, "region" or "group" for a named part of the page).
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "JSXOpeningElement[name.name=/^(div|span)$/]:has(JSXAttribute[name.name='aria-label']):not(:has(JSXAttribute[name.name='role']))",
          message:
            'A <div> or <span> may not be named with aria-label without a role (ARIA 1.2): add role="status" to a loading placeholder, or "region"/"group".',
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/web/**'], message: 'The server may not import web code.' }] },
      ],
    },
  },
  // src/server/db holds the schema, the client, the migrations and the migrator only: it sits below
  // auth/, features/, the demo seed and the test harness, never the other way round. This block
  // replaces the server rule above for these files, so it repeats the web ban. Tests beside the
  // client (db/*.test.ts) may use the test harness: they are not part of the layer.
  {
    files: ['src/server/db/**/*.ts'],
    ignores: ['src/server/db/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/web/**'], message: 'The server may not import web code.' },
            {
              group: ['**/auth/**', '**/features/**', '**/seed/**', '**/seed', '**/test/**'],
              message: 'src/server/db imports no auth, feature, seed or test code: put that code outside db/.',
            },
          ],
        },
      ],
    },
  },
)
