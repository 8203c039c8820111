#!/usr/bin/env bash
# End-to-end tests drive Debian's Chromium at /usr/bin/chromium (never a downloaded browser build).
# Installs it when missing and we are root; otherwise says exactly what to install.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing: installing Debian's chromium package..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-liberation >/dev/null
  [ -x /usr/bin/chromium ] && exit 0
fi
echo "The end-to-end tests need Chromium at /usr/bin/chromium." >&2
echo "Install it with:  sudo apt-get update && sudo apt-get install -y chromium" >&2
exit 1
