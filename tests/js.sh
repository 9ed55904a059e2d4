#!/usr/bin/env bash
# The npm package (js/) as one part of make test: builds the WebAssembly
# module and the package (make wasm, which installs clang's wasm32 pieces
# when missing), then runs node --test js/test/ against the CLI in build/
# (a third of the loops that ask the CLI about each input, below).
# Installs Debian's nodejs (node and npm) when missing.  Ends with
# "js: N passed, M failed, K skipped".
set -u
. "$(dirname "$0")/node_summary.sh"
cd "$(dirname "$0")/.."
MAKE=${MAKE:-make}
if ! command -v node > /dev/null || ! command -v npm > /dev/null; then
    if command -v apt-get > /dev/null && [ "$(id -u)" = 0 ]; then
        echo "installing nodejs and npm (needed by the JavaScript package's tests)"
        { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm; } > /dev/null 2>&1
    fi
fi
if ! command -v node > /dev/null || ! command -v npm > /dev/null; then
    echo "FAIL node and npm are missing and could not be installed (Debian: nodejs, npm)"
    echo "js: 0 passed, 1 failed"
    exit 1
fi
major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$major" -lt 18 ]; then
    echo "FAIL node $(node --version): the package needs Node 18 or newer"
    echo "js: 0 passed, 1 failed"
    exit 1
fi
if ! $MAKE --no-print-directory -s wasm; then
    echo "FAIL make wasm"
    echo "js: 0 passed, 1 failed"
    exit 1
fi
# TypeScript for js/test/typescript.test.mjs (a chess.js user's code compiled
# against the package's typings): installed into /tmp/bitboard-ts when missing
tsc=${BB_TSC:-/tmp/bitboard-ts/node_modules/.bin/tsc}
if [ ! -x "$tsc" ]; then
    echo "installing typescript@5 into /tmp/bitboard-ts (for the typings' test)"
    if ! npm install --prefix /tmp/bitboard-ts --no-audit --no-fund typescript@5 > /dev/null 2>&1; then
        echo "FAIL npm install typescript@5 into /tmp/bitboard-ts (set BB_TSC to a tsc)"
        echo "js: 0 passed, 1 failed"
        exit 1
    fi
fi
out=$(mktemp)
trap 'rm -f "$out"' EXIT
# a third of the loops that ask the CLI about every form, random program or
# ply (js/test/trace.test.mjs, chess.test.mjs), a different third each run;
# make js-test runs them all
rotate=${BB_JS_ROTATE:-$RANDOM}
echo "js: a third of the CLI loops: BB_JS_SHARE=3 BB_JS_ROTATE=$rotate (make js-test BB_JS_SHARE=3 BB_JS_ROTATE=$rotate replays them)"
BB_TSC=$tsc BB_JS_SHARE=3 BB_JS_ROTATE=$rotate BB_CLI=build/bitboard BB_JS=build/js/bitboard node --test js/test/ > "$out" 2>&1
rc=$?
node_summary js "$out" $rc
