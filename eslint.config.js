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

// The server's layers, top to bottom (docs/decisions/043-server-kernel.md):
//   composition   src/server/*.ts: app.ts (routers), timeline-hooks.ts (what reacts to status changes
//                 and blocks), feature-ports.ts (what a feature reads of another), jobs.ts (every
//                 background job), server.ts, main.ts
//   features      src/server/features/<f>/: one feature each, importing no other
//   kernel        src/server/core/: the audit trail, the notifier, the timeline, the clocks, ...
//   infrastructure, top to bottom: http, access, auth, providers, platform, db, config
//   core/errors.ts (AppError) sits below everything and imports nothing of the server.
// Imports go downwards only. The feature list is read from disk, so a new feature is covered.
const SERVER = './src/server'
const SERVER_FEATURES = fs
  .readdirSync(new URL('src/server/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const COMPOSITION = ['app.ts', 'timeline-hooks.ts', 'feature-ports.ts', 'jobs.ts', 'server.ts', 'main.ts'].map(
  (file) => `${SERVER}/${file}`,
)
const KERNEL = `${SERVER}/core`
const KERNEL_ERRORS = './errors.ts'
/** The infrastructure folders from the top down: each may import only those after it. */
const INFRASTRUCTURE = [
  [`${SERVER}/http`],
  [`${SERVER}/access`],
  [`${SERVER}/auth`],
  [`${SERVER}/providers`],
  [`${SERVER}/platform`],
  [`${SERVER}/db`],
  [`${SERVER}/config`, `${SERVER}/config.ts`, `${SERVER}/logger.ts`, `${SERVER}/app-root.ts`],
]
const SHARED_CODE_HOME =
  'Put what several features need in src/server/core (the kernel) or the infrastructure below it; ' +
  'to let one feature react to or read another, compose them in src/server/timeline-hooks.ts or ' +
  'src/server/feature-ports.ts (the consumer declares what it needs in its own ports.ts).'
/** A zone's `from` may not mix glob patterns and paths: one zone each. */
const splitGlobs = (zone) => {
  const from = [zone.from].flat()
  const globs = from.filter((p) => p.includes('*'))
  const paths = from.filter((p) => !p.includes('*'))
  if (!globs.length || !paths.length) return [zone]
  const { except: _except, ...rest } = zone
  return [
    { ...zone, from: paths },
    { ...rest, from: globs },
  ]
}
const serverLayerZones = [
  ...SERVER_FEATURES.map((feature) => ({
    target: `${SERVER}/features/${feature}`,
    from: `${SERVER}/features`,
    except: [`./${feature}`],
    message: `A server feature imports no other feature. ${SHARED_CODE_HOME}`,
  })),
  {
    target: `${SERVER}/features`,
    from: [...COMPOSITION, `${SERVER}/seed`],
    message:
      'Features do not import the composition files (app.ts, timeline-hooks.ts ...) or the demo seed: they import the features.',
  },
  {
    target: KERNEL,
    from: [`${SERVER}/features`, ...COMPOSITION, `${SERVER}/seed`],
    message: `src/server/core is the kernel below every feature: it imports no feature, composition file or seed. ${SHARED_CODE_HOME}`,
  },
  ...INFRASTRUCTURE.map((layer, i) => ({
    target: layer,
    from: [
      ...INFRASTRUCTURE.slice(0, i).flat(),
      `${SERVER}/features`,
      ...COMPOSITION,
      `${SERVER}/seed`,
      `${SERVER}/test`,
    ].filter((p) => !layer.includes(p)),
    message:
      'Infrastructure imports only the infrastructure below it (http > access > auth > providers > platform > db > config) ' +
      'and core/errors.ts: move the code down, or up into src/server/core or a feature.',
  })),
  ...INFRASTRUCTURE.map((layer) => ({
    target: layer,
    from: KERNEL,
    except: [KERNEL_ERRORS],
    message: 'Infrastructure imports nothing of the kernel but core/errors.ts: the kernel sits above it.',
  })),
  {
    target: `${KERNEL}/errors.ts`,
    from: SERVER,
    except: [KERNEL_ERRORS.replace('./', './core/')],
    message: 'core/errors.ts sits below every layer of the server, so it imports none of them.',
  },
].flatMap(splitGlobs)

/** The walls for test files: the harness, the composed server and the seed are theirs to use. */
const TEST_TOOLS = new Set([`${SERVER}/test`, `${SERVER}/seed`, ...COMPOSITION])
const serverTestZones = serverLayerZones
  .map((zone) => ({ ...zone, from: [zone.from].flat().filter((p) => !TEST_TOOLS.has(p)) }))
  .filter((zone) => zone.from.length)

// Text handed to sql.raw() is never built by interpolation or concatenation: values go in as
// parameters (sql`... ${value}`), lists of constants through db/schema/sql-lists.ts, access fragments
// through their drizzle forms (src/server/access/transactions.ts).
const SQL_RAW = "CallExpression[callee.object.name='sql'][callee.property.name='raw']"
const SQL_RAW_MESSAGE =
  'No interpolation inside sql.raw(): pass values as parameters (sql`... ${value}`), constant lists through ' +
  'src/server/db/schema/sql-lists.ts, and access fragments through their SQL forms in src/server/access/.'
const SQL_RAW_RULES = [
  { selector: `${SQL_RAW} TemplateLiteral[expressions.length>0]`, message: SQL_RAW_MESSAGE },
  { selector: `${SQL_RAW} BinaryExpression[operator='+']`, message: SQL_RAW_MESSAGE },
]

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
      // sql.raw() puts its text into the statement as it is: built from a value, it is an injection.
      'no-restricted-syntax': ['error', ...SQL_RAW_RULES],
    },
  },
  // Tests follow the same walls between features, kernel and infrastructure, but may use the test
  // harness (src/server/test), start the composed server (server.ts, app.ts) and load the demo seed.
  {
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: serverLayerZones }] },
  },
  {
    files: ['src/server/**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: serverTestZones }] },
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
