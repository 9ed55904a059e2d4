#!/usr/bin/env bash
# The browser test: the trace page of `bitboard trace --html` in Debian's
# headless Chromium (installed here when missing, as tests/run-all.sh installs
# clang), driven through the DevTools protocol by tests/browser/cdp.py (the
# Python standard library only).  Screenshots go to build/test-logs/.
# usage: tests/browser/run.sh path/to/bitboard [LOGDIR]
set -u
BIN=${1:-build/bitboard}
LOG=${2:-build/test-logs}
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v chromium >/dev/null && ! command -v chromium-browser >/dev/null; then
    echo "installing chromium (needed by the browser test)"
    if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
        { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; } >/dev/null 2>&1 ||
            echo "could not install chromium"
    else
        echo "cannot install chromium: install it and re-run make test"
    fi
fi
if ! command -v python3 >/dev/null; then
    echo "FAIL the browser test needs python3"
    echo "browser: 0 passed, 1 failed"
    exit 1
fi
exec timeout 300 python3 "$here/test_trace_page.py" "$BIN" "$LOG"
