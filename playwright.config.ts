import { defineConfig, devices } from '@playwright/test'
import { SERVER_NODE_FLAGS } from './scripts/server-flags.mjs'

// Journeys in Debian's headless Chromium against a real server on a fresh embedded database
// (its own data dir per run), built and seeded exactly as `npm start` does.
const PORT = Number(process.env.E2E_PORT ?? 3100)
const BASE_URL = `http://localhost:${PORT}`
const DATA_DIR = process.env.E2E_DATA_DIR ?? `.tmp/e2e-data-${process.pid}`
process.env.E2E_DATA_DIR = DATA_DIR
// Traces and failure screenshots per run: Playwright empties its output folder at start, which
// would delete another run's files in the same checkout. Workers inherit it.
const OUTPUT_DIR = process.env.E2E_OUTPUT_DIR ?? `test-results/run-${process.pid}`
process.env.E2E_OUTPUT_DIR = OUTPUT_DIR
// The documents journey again on S3 storage: a second server on s3rver, scripts/e2e-s3-server.mjs.
const S3_PORT = Number(process.env.E2E_S3_PORT ?? PORT + 1)
const S3_BASE_URL = `http://localhost:${S3_PORT}`
const S3_ROOT = process.env.E2E_S3_ROOT ?? `.tmp/e2e-data-s3-${process.pid}`
process.env.E2E_S3_ROOT = S3_ROOT
// AUTH_RATE_LIMIT off: every journey signs people up from 127.0.0.1; the limits are tested with their
// real values in src/server/auth/rate-limit.integration.test.ts.
// SUPPORT_INBOUND_TOKEN: e2e/support.spec.ts posts the support team's reply as the inbound-mail webhook would.
export const SUPPORT_INBOUND_TOKEN = 'e2e-support-inbound-token-0123456789'
// DEV_MAIL: journeys read the emailed links from the local outbox (/api/dev/mail, loopback only).
const SERVER_ENV = {
  HOST: '127.0.0.1',
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  AUTH_RATE_LIMIT: 'false',
  SUPPORT_INBOUND_TOKEN,
  DEV_MAIL: 'true',
  // The webhook journey's receiver listens on 127.0.0.1 (docs/decisions/047-outbound-requests.md).
  OUTBOUND_ALLOW_LOOPBACK: 'true',
}
// OpenID Connect sign-in (e2e/oauth.spec.ts): a local provider, scripts/e2e-oidc-provider.mjs, on PORT + 2.
const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? PORT + 2)
const OIDC = { id: 'testidp', clientId: 'homeward-e2e', clientSecret: 'e2e-client-secret' }
const OIDC_ENV = {
  OIDC_PROVIDERS: OIDC.id,
  OIDC_TESTIDP_ISSUER: `http://127.0.0.1:${OIDC_PORT}`,
  OIDC_TESTIDP_CLIENT_ID: OIDC.clientId,
  OIDC_TESTIDP_CLIENT_SECRET: OIDC.clientSecret,
  OIDC_TESTIDP_NAME: 'Test IdP',
}

// Debian's headless shell of Chromium (scripts/ensure-chromium.sh installs it): the same engine without
// the browser's window code, as Playwright runs headless itself. On the documents and chat journeys it
// used 147 CPU seconds where the full browser used 212. E2E_CHROMIUM overrides (/usr/bin/chromium).
const CHROMIUM = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium-headless-shell'

// The browser's own widgets (date and time inputs) follow its UI locale, not the context's `locale`:
// LANG=en_GB.UTF-8 with Debian's chromium-l10n (scripts/ensure-chromium.sh) makes them dd/mm/yyyy and
// 18:00 as a UK user sees them; without both, mm/dd/yyyy and 06:00 PM (checked by screenshot: the
// headless shell ignores --lang, which the full browser reads).
const CHROMIUM_ENV = { ...process.env, LANG: 'en_GB.UTF-8', LANGUAGE: 'en_GB' }

export const CHROMIUM_ARGS = [
  '--lang=en-GB',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export default defineConfig({
  testDir: 'e2e',
  outputDir: OUTPUT_DIR,
  fullyParallel: true,
  // Three workers on 2 cores. An earlier count (360 CPU seconds in 864 s with 2 workers) missed the
  // browsers' own CPU, which their processes do not report to the runner; with 4 workers, and CI's
  // PostgreSQL pass beside them, the browsers starved: pages that had their data rendered it more
  // than 10 s later (CI of 27 Nov 2026). E2E_WORKERS overrides.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // On CI a wait for the page may take longer than on a quiet machine (see workers); it is a limit,
  // never a speed target (speed lives in the benches).
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  reporter: 'list',
  use: {
    baseURL: BASE_URL,
    // A trace records DOM snapshots and screencast frames on every action: on CI it is taken on the
    // retry only (retries: 1), so the journeys that pass pay nothing for it. Recording every test to
    // keep the failures' traces cost, on the workspace, chat and dashboard journeys (25 tests, idle
    // machine, 27 Nov 2026), 99 CPU seconds of Chromium where 64 without, and 24 of the runner where 16.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-GB',
    timezoneId: 'Europe/London',
  },
  // chromium-s3 first: its one serial file is among the longest, and queued last it ran alone at the end.
  projects: [
    {
      name: 'chromium-s3',
      testMatch: 'documents.spec.ts',
      use: {
        ...devices['Desktop Chrome'],
        baseURL: S3_BASE_URL,
        launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS, env: CHROMIUM_ENV },
      },
    },
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS, env: CHROMIUM_ENV },
      },
    },
  ],
  webServer: [
    {
      name: 'oidc',
      command: 'node scripts/e2e-oidc-provider.mjs',
      url: `http://127.0.0.1:${OIDC_PORT}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        E2E_OIDC_PORT: String(OIDC_PORT),
        E2E_OIDC_REDIRECT_URI: `${BASE_URL}/api/auth/callback/${OIDC.id}`,
        E2E_OIDC_CLIENT_ID: OIDC.clientId,
        E2E_OIDC_CLIENT_SECRET: OIDC.clientSecret,
      },
    },
    {
      command: `rm -rf ${DATA_DIR} && node ${SERVER_NODE_FLAGS.join(' ')} scripts/start.mjs`,
      url: `${BASE_URL}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      // No PUBLIC_URL, as on a newcomer's machine: the app works at localhost and at 127.0.0.1 alike
      // (e2e/any-address.spec.ts); links in emails use http://localhost:PORT, the default.
      env: { ...SERVER_ENV, ...OIDC_ENV, PORT: String(PORT), DATA_DIR },
    },
    {
      name: 's3',
      command: 'node scripts/e2e-s3-server.mjs',
      url: `${S3_BASE_URL}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      // SIGTERM lets the script stop the app and s3rver and remove its directory.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
      env: { ...SERVER_ENV, PORT: String(S3_PORT), PUBLIC_URL: S3_BASE_URL, E2E_S3_ROOT: S3_ROOT },
    },
  ],
})
