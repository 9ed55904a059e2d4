#!/usr/bin/env bash
# The browser tests: the playground (web/, web.test.mjs) and the tracer's
# HTML page (trace_page.test.mjs) in Debian's headless Chromium (installed
# when missing), driven by puppeteer-core from npm (pinned below, installed
# once into a cache outside the tree when missing; it downloads no
# browser).  Builds the page (make web) and the CLI the tests check against.
# tests/browser/play.test.mjs plays the Othello panel against the engine.
# Screenshots go to LOGDIR (build/test-logs).  Ends with
# "browser: N passed, M failed, K skipped".
# usage: tests/browser/run.sh [BITBOARD] [LOGDIR]   (BITBOARD: build/bitboard, the only one)
set -u
. "$(dirname "$0")/../node_summary.sh"
cd "$(dirname "$0")/../.."
[ "${1:-build/bitboard}" = build/bitboard ] || { echo "FAIL tests/browser/run.sh tests build/bitboard only"; exit 1; }
LOG=${2:-build/test-logs}
MAKE=${MAKE:-make}
PUPPETEER=puppeteer-core@24.43.1
CACHE=${BB_BROWSER_CACHE:-${XDG_CACHE_HOME:-${HOME:-/nonexistent}/.cache}/bitboard/browser-node}
# no writable home (some CI runners): inside the build tree instead
mkdir -p "$CACHE" 2> /dev/null && [ -w "$CACHE" ] || CACHE=$PWD/build/browser-node
fail() { echo "FAIL $1"; echo "browser: 0 passed, 1 failed"; exit 1; }
for tool in node npm; do
    if ! command -v $tool > /dev/null && command -v apt-get > /dev/null && [ "$(id -u)" = 0 ]; then
        echo "installing nodejs and npm (needed by the browser tests)"
        { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm; } > /dev/null 2>&1
    fi
    command -v $tool > /dev/null || fail "$tool is missing and could not be installed (Debian: nodejs, npm)"
done
chrome=$(command -v chromium || command -v chromium-browser)
if [ -z "$chrome" ] && command -v apt-get > /dev/null && [ "$(id -u)" = 0 ]; then
    echo "installing chromium (needed by the browser tests)"
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; } > /dev/null 2>&1
    chrome=$(command -v chromium || command -v chromium-browser)
fi
[ -n "$chrome" ] || fail "chromium is missing and could not be installed (Debian: chromium)"
if [ ! -f "$CACHE/node_modules/puppeteer-core/package.json" ] ||
   ! grep -q "\"version\": \"${PUPPETEER#*@}\"" "$CACHE/node_modules/puppeteer-core/package.json"; then
    echo "installing $PUPPETEER into $CACHE"
    mkdir -p "$CACHE" && echo '{"name":"bitboard-browser-tests","private":true}' > "$CACHE/package.json"
    (cd "$CACHE" && npm install --no-audit --no-fund --silent "$PUPPETEER") > "$CACHE/npm.log" 2>&1 ||
        { cat "$CACHE/npm.log"; fail "npm install $PUPPETEER"; }
fi
$MAKE --no-print-directory -s web cli > /dev/null || fail "make web cli"
if [ -n "${BB_BROWSER_MEASURE:-}" ]; then   # make bench-web: measure, no tests
    BB_CHROME=$chrome BB_PUPPETEER=$CACHE BB_WEB=build/web \
        node tests/browser/measure.mjs
    exit
fi
mkdir -p "$LOG"
out=$(mktemp)
trap 'rm -f "$out"' EXIT
BB_CHROME=$chrome BB_PUPPETEER=$CACHE BB_CLI=build/bitboard BB_WEB=build/web BB_SHOTS=$LOG \
    timeout 480 node --test --test-concurrency=1 tests/browser/web.test.mjs tests/browser/learner.test.mjs tests/browser/trace_page.test.mjs \
        tests/browser/play.test.mjs > "$out" 2>&1
rc=$?
node_summary browser "$out" $rc
