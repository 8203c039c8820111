#!/usr/bin/env bash
# `npm test`: every test. Unit and integration (vitest, on embedded PGlite, or PostgreSQL when
# TEST_DATABASE_URL is set), then end-to-end journeys in headless Chromium (Playwright).
# Ends with one summary line: "tests: N passed, N failed; e2e retried: N (N passed on the retry)".
#
# BESIDE_E2E (optional, used by .ci/run): a shell command run in the background while the e2e tests
# run, which leave a 2-core machine partly idle as they wait on the browser. Its output goes to
# .tmp/beside-e2e.log, printed after the e2e tests; its failure fails this script. It runs at a lower
# CPU priority (nice 5): the journeys wait on a browser and one server that must answer within their
# timeouts, while the command beside them only needs to finish, so it takes the CPU they leave idle.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .tmp
rm -f .tmp/vitest-results.json .tmp/playwright-results.json

rm -rf .tmp/e2e-data-*
status=0
npx vitest run --reporter=default --reporter=json --outputFile.json=.tmp/vitest-results.json || status=1
beside=
if [ -n "${BESIDE_E2E:-}" ]; then
  echo "Running beside the e2e tests (log after them): $BESIDE_E2E"
  nice -n 5 bash -c "$BESIDE_E2E" >.tmp/beside-e2e.log 2>&1 &
  beside=$!
fi
if bash scripts/ensure-chromium.sh; then
  PLAYWRIGHT_JSON_OUTPUT_NAME=.tmp/playwright-results.json npx playwright test --reporter=list,json || status=1
else
  status=1
fi
if [ -n "$beside" ]; then
  beside_status=0
  wait "$beside" || beside_status=$?
  echo "== beside the e2e tests: $BESIDE_E2E (exit status $beside_status)"
  cat .tmp/beside-e2e.log
  [ "$beside_status" = 0 ] || status=1
fi
node scripts/test-summary.mjs .tmp/vitest-results.json .tmp/playwright-results.json || status=1
exit $status
