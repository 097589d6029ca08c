#!/usr/bin/env bash
# Builds and tests the web client: npm ci, the production build (into
# dist/app, which the Go binary embeds), the vitest unit tests, and the
# end-to-end test in Debian's chromium against a freshly built
# `tabula serve`. Run from anywhere; CI calls it as `bash web/test.sh`.
set -euo pipefail
cd "$(dirname "$0")"

if [[ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]]; then
  if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
    echo "web/test.sh: installing chromium from Debian" >&2
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "web/test.sh: no chromium at ${CHROMIUM_PATH:-/usr/bin/chromium}; install Debian's chromium or set CHROMIUM_PATH" >&2
    exit 1
  fi
fi

npm ci --no-audit --no-fund --loglevel=error
npm run build
npx vitest run
npm run e2e
