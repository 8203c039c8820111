#!/usr/bin/env bash
# End-to-end tests drive Debian's Chromium (never a downloaded browser build): the journeys run in its
# headless shell, /usr/bin/chromium-headless-shell (package chromium-headless-shell: the browser
# without its window code, the build Playwright itself uses for headless runs, about a third less CPU
# per journey); the benches' Lighthouse runs use the full browser, /usr/bin/chromium.
# Installs what is missing when we are root; otherwise says exactly what to install.
set -euo pipefail
# chromium-l10n brings the en-GB locale (locales/en-GB.pak): with LANG=en_GB.UTF-8 (playwright.config.ts)
# date and time inputs read dd/mm/yyyy and 18:00, as a UK user sees them; without it, mm/dd/yyyy and 6:00 PM.
have_chromium() { [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromium-headless-shell ]; }
have_en_gb() { [ -f /usr/lib/chromium/locales/en-GB.pak ]; }
if have_chromium && have_en_gb; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing: installing Debian's chromium and chromium-headless-shell packages..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell chromium-l10n fonts-liberation >/dev/null
  have_chromium && exit 0
fi
if have_chromium; then
  echo "Chromium has no en-GB locale: date inputs will show US formats. Install it with: sudo apt-get install -y chromium-l10n" >&2
  exit 0
fi
echo "The end-to-end tests need Chromium at /usr/bin/chromium and /usr/bin/chromium-headless-shell." >&2
echo "Install them with:  sudo apt-get update && sudo apt-get install -y chromium chromium-headless-shell chromium-l10n" >&2
exit 1
