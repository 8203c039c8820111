import js from '@eslint/js'
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
  // replaces the server rule above for these files, so it repeats the web ban.
  {
    files: ['src/server/db/**/*.ts'],
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
