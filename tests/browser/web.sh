#!/usr/bin/env bash
# The playground (web/) in Debian's headless Chromium, driven by
# puppeteer-core from npm (pinned below, installed once into a cache outside
# the tree when missing; it downloads no browser): tests/browser/web.test.mjs.
# Builds the page (make web) and the CLI it checks against.  Screenshots go
# to LOGDIR (build/test-logs).  Ends with "web: N passed, M failed, K skipped".
# usage: tests/browser/web.sh [LOGDIR]
set -u
cd "$(dirname "$0")/../.."
LOG=${1:-build/test-logs}
MAKE=${MAKE:-make}
PUPPETEER=puppeteer-core@24.43.1
CACHE=${BB_BROWSER_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/bitboard/browser-node}
fail() { echo "FAIL $1"; echo "web: 0 passed, 1 failed"; exit 1; }
for tool in node npm; do
    if ! command -v $tool > /dev/null && command -v apt-get > /dev/null && [ "$(id -u)" = 0 ]; then
        echo "installing nodejs and npm (needed by the playground's test)"
        { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm; } > /dev/null 2>&1
    fi
    command -v $tool > /dev/null || fail "$tool is missing and could not be installed (Debian: nodejs, npm)"
done
chrome=$(command -v chromium || command -v chromium-browser)
if [ -z "$chrome" ] && command -v apt-get > /dev/null && [ "$(id -u)" = 0 ]; then
    echo "installing chromium (needed by the playground's test)"
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
mkdir -p "$LOG"
out=$(mktemp)
trap 'rm -f "$out"' EXIT
BB_CHROME=$chrome BB_PUPPETEER=$CACHE BB_CLI=build/bitboard BB_WEB=build/web BB_SHOTS=$LOG \
    timeout 300 node --test --test-concurrency=1 tests/browser/web.test.mjs > "$out" 2>&1
rc=$?
grep -E '^not ok|^# (tests|pass|fail)' "$out"
[ $rc -ne 0 ] && grep -A25 '^not ok' "$out" | head -n 80
p=$(sed -n 's/^# pass \([0-9]*\)$/\1/p' "$out") f=$(sed -n 's/^# fail \([0-9]*\)$/\1/p' "$out")
s=$(sed -n 's/^# skipped \([0-9]*\)$/\1/p' "$out")
p=${p:-0} f=${f:-0} s=${s:-0}
[ $rc -ne 0 ] && [ "$f" -eq 0 ] && f=1
echo "web: $p passed, $f failed, $s skipped"
[ "$f" -eq 0 ]
