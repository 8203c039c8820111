import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

// Three projects: 'unit' (beside the code, no database, no DOM), 'unit-dom' (the React component
// tests, *.test.tsx, in happy-dom) and 'integration' (API and database against embedded PGlite, or
// PostgreSQL when TEST_DATABASE_URL is set). e2e/ runs under Playwright.
//
// isolate: false (unit, integration): each worker loads the modules once and runs its test files
// one after another in the same module graph, where isolation loads them again for every file (a
// new worker per file). Loading was most of the CPU: the integration suite imports the whole
// server, Better Auth, drizzle and PGlite per file (vitest's "import" 630 s of 1,350 s on PGlite).
// Measured in docs/benchmarks/2026-11-27.md, "CI time". What this asks of the code: state a file
// changes at module level (a cache, a listener, a global, fake timers, process.env) must be
// restored by that file, as the next file in the worker sees it; each integration file still gets
// its own app and database.
// 'unit-dom' stays isolated: the web app's module state (lib/toast.ts's "first toast mounts the
// Toaster") belongs to one page load, which a fresh module graph per file is.
export default defineConfig({
  plugins: [react()],
  test: {
    setupFiles: ['src/test-setup/fail-on-console-error.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          // scripts/: the lint's own checks (feature map, migrations, package pins).
          include: ['src/**/*.test.ts', 'scripts/**/*.test.{ts,mjs}'],
          exclude: ['src/**/*.integration.test.ts', 'node_modules/**'],
          environment: 'node',
          isolate: false,
          // vitest's default is one worker fewer than the cores: a single worker on a 2-core CI machine.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-dom',
          sequence: { groupOrder: 1 },
          // Each of these names its environment (// @vitest-environment happy-dom).
          include: ['src/**/*.test.tsx'],
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          sequence: { groupOrder: 2 },
          include: ['src/**/*.integration.test.ts'],
          globalSetup: ['src/server/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          isolate: false,
          maxWorkers: 2,
        },
      },
    ],
  },
})
