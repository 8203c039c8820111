#!/usr/bin/env bash
# `npm test`: every test. Unit and integration (vitest, on embedded PGlite, or PostgreSQL when
# TEST_DATABASE_URL is set), then end-to-end journeys in headless Chromium (Playwright).
# Ends with one summary line: "tests: N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .tmp
rm -f .tmp/vitest-results.json .tmp/playwright-results.json

rm -rf .tmp/e2e-data-*
status=0
npx vitest run --reporter=default --reporter=json --outputFile.json=.tmp/vitest-results.json || status=1
if bash scripts/ensure-chromium.sh; then
  PLAYWRIGHT_JSON_OUTPUT_NAME=.tmp/playwright-results.json npx playwright test --reporter=list,json || status=1
else
  status=1
fi
node scripts/test-summary.mjs .tmp/vitest-results.json .tmp/playwright-results.json || status=1
exit $status
