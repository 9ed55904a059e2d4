#!/usr/bin/env bash
# make test's ThreadSanitizer part: the threaded perft tests (one shared
# transposition table, its spin locks, the work queue, the stop flag and the
# progress reports; the threads without a table) built with clang
# -fsanitize=thread into build/tsan and run; a data race fails the part.
# Prints "tsan: N passed, M failed, K skipped".
set -u
cd "$(dirname "$0")/.."
MAKE=${MAKE:-make}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
build=build/tsan
unset MAKEFLAGS MAKEOVERRIDES MFLAGS MAKELEVEL
# (BB_NO_FORCE_INLINE: the chess bodies compiled once, none of them here)
"$MAKE" --no-print-directory -j"$JOBS" CC=clang BUILD=$build OPT=-O1 CFLAGS="-fsanitize=thread -g -DBB_NO_FORCE_INLINE" \
    LDFLAGS=-fsanitize=thread "$build/tests/test_othello_tt" "$build/tests/test_othello_perft" || {
    echo "tsan: 0 passed, 1 failed"
    exit 1
}
# halt_on_error: the first race ends the program with exit status 66
export TSAN_OPTIONS="halt_on_error=1 exitcode=66 ${TSAN_OPTIONS:-}"
p=0 f=0 s=0
run() {
    local out rc=0
    out=$("$@" 2>&1) || rc=$?
    printf '%s\n' "$out"
    local line
    line=$(printf '%s\n' "$out" | grep -E '[0-9]+ passed, [0-9]+ failed' | tail -n 1)
    if [[ $line =~ ([0-9]+)\ passed,\ ([0-9]+)\ failed(,\ ([0-9]+)\ skipped)? ]]; then
        p=$((p + BASH_REMATCH[1])) f=$((f + BASH_REMATCH[2])) s=$((s + ${BASH_REMATCH[4]:-0}))
    fi
    if [ $rc -ne 0 ] && { [ -z "$line" ] || [[ $line =~ \ 0\ failed ]]; }; then
        echo "FAIL $*: exit status $rc (a ThreadSanitizer report above?)"
        f=$((f + 1))
    fi
}
for k in threads stats progress stop; do run "$build/tests/test_othello_tt" -k $k; done
run "$build/tests/test_othello_perft" -k threads
echo "tsan: $p passed, $f failed, $s skipped"
[ $f -eq 0 ]
