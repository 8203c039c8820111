#!/usr/bin/env bash
# The topology test (scripts/topology-test.mjs) puts Debian's nginx in front of two app processes, as
# a deployment does (deploy/nginx.conf). Installs the package when it is missing and we are root;
# otherwise says exactly what to install. The test runs nginx as a foreground process of its own with
# a generated configuration in a temporary directory (-p/-c): the package's service is not started.
set -euo pipefail
have_nginx() { command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; }
if have_nginx; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "nginx is missing: installing Debian's nginx package..."
  apt-get update -qq
  # policy-rc.d 101: the package's post-install must not start the system service (port 80, no init here).
  policy=/usr/sbin/policy-rc.d
  created_policy=
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' >"$policy"
    chmod +x "$policy"
    created_policy=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx >/dev/null || status=$?
  [ -n "$created_policy" ] && rm -f "$policy"
  [ "${status:-0}" = 0 ] || exit "$status"
  have_nginx && exit 0
fi
echo "The topology test needs nginx (Debian's package)." >&2
echo "Install it with:  sudo apt-get update && sudo apt-get install -y nginx" >&2
exit 1
