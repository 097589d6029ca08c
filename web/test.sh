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

# Set-up noise counts as a fault (issue 24, defect 19): a warning from
# npm ci (an install script it would not run, a deprecated package) or from
# the build (Vite's "(!)" lines, such as a chunk over the size limit) fails
# the run, so that a new one is dealt with rather than scrolled past.
quiet() {
  local out
  out=$("$@" 2>&1) || { printf '%s\n' "$out"; return 1; }
  printf '%s\n' "$out"
  if grep -Eiq '^npm warn|^\(!\)|warning' <<<"$out"; then
    echo "web/test.sh: \`$*\` warned (see above)" >&2
    return 1
  fi
}
quiet npm ci --no-audit --no-fund
quiet npm run build
npx vitest run
npm run e2e
