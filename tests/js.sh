#!/usr/bin/env bash
# The npm package (js/) as one part of make test: builds the WebAssembly
# module and the package (make wasm, which installs clang's wasm32 pieces
# when missing), then runs node --test js/test/ against the CLI in build/.
# Installs Debian's nodejs (node and npm) when missing.  Ends with
# "js: N passed, M failed, K skipped".
set -u
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
out=$(mktemp)
trap 'rm -f "$out"' EXIT
BB_CLI=build/bitboard BB_JS=build/js/bitboard node --test js/test/ > "$out" 2>&1
rc=$?
grep -E '^not ok|^# (tests|pass|fail)' "$out"
[ $rc -ne 0 ] && grep -A25 '^not ok' "$out" | head -n 60
p=$(sed -n 's/^# pass \([0-9]*\)$/\1/p' "$out") f=$(sed -n 's/^# fail \([0-9]*\)$/\1/p' "$out")
s=$(sed -n 's/^# skipped \([0-9]*\)$/\1/p' "$out")
p=${p:-0} f=${f:-0} s=${s:-0}
[ $rc -ne 0 ] && [ "$f" -eq 0 ] && f=1
grep -E '^# Subtest: .*# SKIP|^ok .*# SKIP' "$out" | sed 's/^/SKIP /'
echo "js: $p passed, $f failed, $s skipped"
[ "$f" -eq 0 ]
