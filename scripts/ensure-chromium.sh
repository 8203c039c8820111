#!/usr/bin/env bash
# End-to-end tests drive Debian's Chromium (never a downloaded browser build): the journeys run in its
# headless shell, /usr/bin/chromium-headless-shell (package chromium-headless-shell: the browser
# without its window code, the build Playwright itself uses for headless runs, about a third less CPU
# per journey); the benches' Lighthouse runs use the full browser, /usr/bin/chromium.
# Installs what is missing when we are root; otherwise says exactly what to install.
set -euo pipefail
if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromium-headless-shell ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing: installing Debian's chromium and chromium-headless-shell packages..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell fonts-liberation >/dev/null
  [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromium-headless-shell ] && exit 0
fi
echo "The end-to-end tests need Chromium at /usr/bin/chromium and /usr/bin/chromium-headless-shell." >&2
echo "Install them with:  sudo apt-get update && sudo apt-get install -y chromium chromium-headless-shell" >&2
exit 1
