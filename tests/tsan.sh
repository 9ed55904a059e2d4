#!/usr/bin/env bash
# make test's ThreadSanitizer part: the threaded perft tests (one shared
# transposition table, its spin locks, the work queue, the stop flag and the
# progress reports; the threads without a table) and the midgame search's
# threads (its shared table's locks, the helpers' stop) built with clang
# -fsanitize=thread into build/tsan and run; a data race fails the part.
# Prints "tsan: N passed, M failed, K skipped".
set -u
cd "$(dirname "$0")/.."
MAKE=${MAKE:-make}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
build=build/tsan
unset MAKEFLAGS MAKEOVERRIDES MFLAGS MAKELEVEL
# Only the library's directories these programs link from are compiled
# (Othello, and the core, symmetry, line and rotated tables it reads), into
# an archive the programs are linked against: a function taken from another
# directory one day is an undefined reference here (the part fails, naming
# it), not a silent gap, and the code that runs is instrumented as in the
# whole library (an archive gives a program only the members it calls).
# The chess sources, most of the compile time, never run here.
# (BB_NO_FORCE_INLINE: the chess bodies compiled once, none of them here)
objs=() objs_tests=()
for d in src/core src/othello src/sym src/lines src/rotated; do
    for f in "$d"/*.c; do objs+=("$build/obj/${f%.c}.o"); done
done
objs+=("$build/obj/src/attacks/leaper_tables.o") # the solver's king-step table (the empty regions)
objs+=("$build/obj/src/io/io.o") # bb_square_name (the move text of the search's tests)
objs+=("$build/obj/gen/eval_weights.o" "$build/obj/gen/eval_solver_weights.o") # the weights, C written at build time
progs=(test_othello_tt test_othello_perft test_othello_search)
for t in "${progs[@]}" harness; do objs_tests+=("$build/obj/tests/$t.o"); done
tsan_fail() { echo "FAIL $1"; echo "tsan: 0 passed, 1 failed"; exit 1; }
"$MAKE" --no-print-directory -j"$JOBS" CC=clang BUILD=$build OPT=-O1 CFLAGS="-fsanitize=thread -g -DBB_NO_FORCE_INLINE" \
    "${objs[@]}" "${objs_tests[@]}" ||
    tsan_fail "the ThreadSanitizer build"
rm -f "$build/libbitboard-tsan.a"
ar rcs "$build/libbitboard-tsan.a" "${objs[@]}" || tsan_fail "ar"
mkdir -p "$build/tests"
for t in "${progs[@]}"; do
    clang -fsanitize=thread -pthread -o "$build/tests/$t" "$build/obj/tests/$t.o" "$build/obj/tests/harness.o" \
        "$build/libbitboard-tsan.a" || tsan_fail "linking $t (a symbol from a directory tests/tsan.sh does not compile? add it there)"
done
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
run "$build/tests/test_othello_search" -k threads
echo "tsan: $p passed, $f failed, $s skipped"
[ $f -eq 0 ]
