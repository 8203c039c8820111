import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

// Two projects: 'unit' (beside the code, no database) and 'integration' (API and database against
// embedded PGlite, or PostgreSQL when TEST_DATABASE_URL is set). e2e/ runs under Playwright.
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
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/**/*.integration.test.ts', 'node_modules/**'],
          environment: 'node',
          // vitest's default is one worker fewer than the cores: a single worker on a 2-core CI machine.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          sequence: { groupOrder: 1 },
          include: ['src/**/*.integration.test.ts'],
          globalSetup: ['src/server/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          maxWorkers: 2,
        },
      },
    ],
  },
})
