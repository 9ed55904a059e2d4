#!/usr/bin/env bash
# The build itself: header changes rebuild what includes them, the make
# variables reach the compiler (PORTABLE implies x86-64, OPT reaches the
# benchmark, DEBUG defines BB_DEBUG), `make demo` is quiet, `make unit T=`
# and the test programs' -k/-l select tests.  Uses the gcc native build in
# build/ (make test builds it first).  Ends with "build: N passed, M failed".
set -u
cd "$(dirname "$0")/.."
unset MAKEFLAGS MAKEOVERRIDES MFLAGS MAKELEVEL
MAKE=${MAKE:-make}
M=("$MAKE" --no-print-directory)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $1"; sed 's/^/    | /' "$tmp/out" | tail -n 15; }
# has NAME REGEX COMMAND...: the command succeeds and its output matches REGEX
has() {
    local name=$1 re=$2; shift 2
    if "$@" > "$tmp/out" 2>&1 && grep -qE -- "$re" "$tmp/out"; then ok; else bad "$name: no /$re/"; fi
}
# last_has NAME REGEX / last_lacks NAME REGEX: the same for the last command's output
last_has() { if grep -qE -- "$2" "$tmp/out"; then ok; else bad "$1: no /$2/"; fi; }
last_lacks() { if ! grep -qE -- "$2" "$tmp/out"; then ok; else bad "$1: /$2/"; fi; }
# lacks NAME REGEX COMMAND...: the command succeeds and no output line matches REGEX
lacks() {
    local name=$1 re=$2; shift 2
    if "$@" > "$tmp/out" 2>&1 && ! grep -qE -- "$re" "$tmp/out"; then ok; else bad "$name: /$re/ or failure"; fi
}

"${M[@]}" -j2 all build/bench/bench build/tests/test_lines build/tests/test_sym > "$tmp/out" 2>&1 || bad "the build in build/"

# header dependencies (-MMD): touching a header rebuilds its includers, only them
touch tests/reference_lines.h
has deps-tests-header 'CC +tests/test_lines.c' "${M[@]}" build/tests/test_lines
lacks deps-tests-header-only-includers 'CC +tests/test_sym.c' "${M[@]}" build/tests/test_sym
touch bench/seeds.h
has deps-bench-header 'CC +bench/bench_sym.c' "${M[@]}" build/bench/bench
touch tests/harness.h
has deps-harness 'CC +tests/test_sym.c' "${M[@]}" build/tests/test_sym
# (the CLI header with the fewest includers: the test is the same, the
# rebuild a quarter of cli.h's, which every CLI file includes)
cli_header=$(for h in cli/*.h; do [ -e "$h" ] && echo "$(grep -l "\"$(basename "$h")\"" cli/*.c | wc -l) $h"; done |
             sort -n | head -n 1 | cut -d' ' -f2)
if [ -n "$cli_header" ]; then
    touch "$cli_header"
    has deps-cli-header 'CC +cli/' "${M[@]}" -j2 all
    cli_other=$(grep -L "\"$(basename "$cli_header")\"" cli/*.c | head -n 1)
    [ -n "$cli_other" ] && last_lacks deps-cli-header-only-includers "CC +$cli_other"
fi
lacks up-to-date 'CC|LD|AR' "${M[@]}" all

# variables reach the compiler (make -n prints the commands without running them)
has portable-implies-x86-64 'gcc .*-DBB_PORTABLE.*-march=x86-64' "${M[@]}" -n V=1 PORTABLE=1 BUILD="$tmp/p" lib
lacks portable-not-native 'march=native' "${M[@]}" -n V=1 PORTABLE=1 BUILD="$tmp/p" lib
has portable-arch-given '-march=haswell' "${M[@]}" -n V=1 PORTABLE=1 ARCH=haswell BUILD="$tmp/p" lib
has bench-honours-opt 'bench/bench_sym\.c' "${M[@]}" -n V=1 OPT=-O3 BUILD="$tmp/b" "$tmp/b/bench/bench"
last_has bench-opt-flag '-O3 .*-fno-tree-vectorize.*bench/bench_sym\.c'
has debug-defines-bb-debug '-DBB_DEBUG.* -g .*src/' "${M[@]}" -n V=1 DEBUG=1 BUILD="$tmp/d" lib
has quiet-by-default '^  CC +src/core/cpu\.c$' "${M[@]}" BUILD="$tmp/q" "$tmp/q/obj/src/core/cpu.o"
last_lacks quiet-no-command 'gcc|-march'
has v1-full-commands '^gcc .*-march=native.*src/core/cpu\.c' "${M[@]}" -B V=1 BUILD="$tmp/q" "$tmp/q/obj/src/core/cpu.o"

# make demo shows the tour and no build lines, even when something was rebuilt
touch cli/main.c
lacks demo-quiet '^  (CC|LD|AR) |^gcc|^cc |^make' "${M[@]}" demo
if [ "$(wc -l < "$tmp/out")" -gt 10 ]; then ok; else bad "demo-runs: a short tour"; fi

# choosing tests
has unit-t-one '^sym: [0-9]+ passed' "${M[@]}" unit T=sym
last_lacks unit-t-only-that '^(io|lines|rotated): '
has unit-t-list '^unit: ' "${M[@]}" unit T="sym io"
last_has unit-t-list-both '^io: '
if "${M[@]}" unit T=no_such_suite > "$tmp/out" 2>&1; then bad unit-t-unknown-fails; else ok; fi
# -k: the last test's name selects the tests whose names contain it
name=$(build/tests/test_sym -l | tail -n 1)
want=$(build/tests/test_sym -l | grep -cF -- "$name")
if [ -n "$name" ] && "${M[@]}" unit T=sym K="$name" > "$tmp/out" 2>&1 &&
        [[ $(grep '^sym: ' "$tmp/out") =~ ^sym:\ ([0-9]+)\ passed,\ ([0-9]+)\ failed,\ ([0-9]+)\ skipped$ ]] &&
        [ $((BASH_REMATCH[1] + BASH_REMATCH[2] + BASH_REMATCH[3])) -eq "$want" ]; then
    ok
else
    bad "unit-k: K=$name should run $want test(s)"
fi
has test-k-nothing '^sym: 0 passed, 0 failed, 0 skipped$' build/tests/test_sym -k no_such_test
if build/tests/test_sym -x > "$tmp/out" 2>&1; then bad test-bad-option-fails; else ok; fi
# slices (tests/harness.h): a run names its slice; a bad one is refused
has test-slice-named '^sym: the heavy loops ran slice 1/3 ' env BB_TEST_SLICE=1/3 build/tests/test_sym
last_has test-slice-all-tests '^sym: [1-9][0-9]* passed, 0 failed'
if env BB_TEST_SLICE=3/3 build/tests/test_sym > "$tmp/out" 2>&1; then bad test-slice-bad-fails
else last_has test-slice-bad-named "BB_TEST_SLICE='3/3' is not K/N"; fi

# the generated tables are what their generators write today
"${M[@]}" tools > "$tmp/out" 2>&1 || bad "tools build"
for t in "gen_tables lines src/lines/line_tables.c" "gen_tables rotated src/rotated/rotated_tables.c" \
         "gen_tables attacks src/attacks/leaper_tables.c" "gen_tables othello src/othello/flip_tables.c" \
         "gen_magics - src/attacks/magic_constants.c"; do
    set -- $t
    arg=$2; [ "$arg" = - ] && arg=
    if build/tools/$1 $arg 2>/dev/null | cmp -s - "$3"; then ok; else bad "generated $3 differs from build/tools/$1 $arg"; fi
done

# the evaluation's training program (tools/othello_train.c): `games` writes
# a WTHOR file that the CLI reads back, the same for the same seed; `wthor`
# trains every stage on it and writes every weight, the same bytes on one
# thread or two, with the report's held-out lines beside those of the
# committed weights (read back as the baseline), in a file the build's
# generator reads; bad arguments and a bad file are named, with a non-zero
# status
T=build/tools/othello_train
if $T games --count 300 --seed 7 -o "$tmp/g1.wtb" > "$tmp/out" 2>&1 && $T games --count 300 --seed 7 -o "$tmp/g2.wtb" &&
   cmp -s "$tmp/g1.wtb" "$tmp/g2.wtb" && build/bitboard othello games "$tmp/g1.wtb" > "$tmp/out" 2>&1 &&
   grep -q '^300 games (WTHOR), [0-9]* moves, 0 with errors, 0 with warnings$' "$tmp/out"; then ok
else bad "othello_train games: not 300 repeatable games that othello games reads"; fi
if $T wthor --threads 2 --epochs 2 --baseline data/othello/eval.bin --report "$tmp/rep" -o "$tmp/w1.bin" "$tmp/g1.wtb" > "$tmp/out" 2>&1 &&
   $T wthor --threads 1 --epochs 2 -o "$tmp/w2.bin" "$tmp/g1.wtb" >> "$tmp/out" 2>&1 && cmp -s "$tmp/w1.bin" "$tmp/w2.bin" &&
   grep -q '^othello_train: 300 games from 1 files' "$tmp/out" && grep -q 'stage 9 (55-60 empties)' "$tmp/out" &&
   grep -qE '^ +30 +[0-9]+ +[0-9.]+ +[0-9.]+$' "$tmp/rep" &&
   build/tools/gen_eval_weights staged "$tmp/w1.bin" -o "$tmp/w1.c" >> "$tmp/out" 2>&1 &&
   grep -q '^ \* Games: 300 from 1 WTHOR file(s)' "$tmp/w1.c" &&
   [ "$(grep -E '^-?[0-9]' "$tmp/w1.c" | tr -cd , | wc -c)" = $((10 * 167269)) ]; then ok
else bad "othello_train wthor: not every weight of 10 stages, the same on 1 and 2 threads"; fi
if $T games --count x -o "$tmp/x.wtb" > "$tmp/out" 2>&1; [ $? = 2 ] && grep -q -- "--count takes" "$tmp/out"; then ok
else bad "othello_train games --count x: no usage error"; fi
head -c 100 "$tmp/g1.wtb" > "$tmp/short.wtb"
if $T wthor -o "$tmp/x.bin" "$tmp/short.wtb" > "$tmp/out" 2>&1; [ $? = 1 ] && grep -q 'short.wtb: ' "$tmp/out"; then ok
else bad "othello_train wthor: a cut file not named"; fi
mkdir -p "$tmp/nowtb"
if $T wthor -o "$tmp/x.bin" "$tmp/nowtb" > "$tmp/out" 2>&1; [ $? = 1 ] && grep -q 'nowtb: no .wtb file in it' "$tmp/out"; then ok
else bad "othello_train wthor: a directory with no games not named"; fi
# gen and fit, the solver's own move-order weights: gen writes "P O SCORE
# EMPTIES" lines, the same for the same seed; fit writes every weight
if $T gen --count 150 --empties 10-11 --seed 7 > "$tmp/s1" 2> "$tmp/out" &&
   $T gen --count 150 --empties 10-11 --seed 7 > "$tmp/s2" 2>> "$tmp/out" && cmp -s "$tmp/s1" "$tmp/s2" &&
   [ "$(grep -cE '^[0-9a-f]{16} [0-9a-f]{16} -?[0-9]+ 1[01]$' "$tmp/s1")" = 150 ]; then ok
else bad "othello_train gen: not 150 repeatable lines"; fi
if $T fit --epochs 2 -o "$tmp/sw.bin" "$tmp/s1" > "$tmp/out" 2>&1 && grep -q 'held out' "$tmp/out" &&
   build/tools/gen_eval_weights solver "$tmp/sw.bin" -o "$tmp/sw.c" >> "$tmp/out" 2>&1 &&
   grep -q 'bb__othello_solver_weights\[BB__EVAL_WEIGHTS\]' "$tmp/sw.c" &&
   [ "$(grep -E '^-?[0-9]' "$tmp/sw.c" | tr -cd , | wc -c)" = 167269 ]; then ok
else bad "othello_train fit: not 167269 weights of the solver's set"; fi
printf '0 0 0 64\nnot a line\n' > "$tmp/bad.txt"
if $T fit -o "$tmp/x.bin" "$tmp/bad.txt" > "$tmp/out" 2>&1; [ $? = 1 ] && grep -q 'bad.txt:2: not a line' "$tmp/out"; then ok
else bad "othello_train fit: a bad line not named"; fi
if make -s othello-eval > "$tmp/out" 2>&1 && grep -q 'no DATA=DIR: data/othello/eval.bin stays as committed' "$tmp/out" &&
   git diff --quiet -- data/othello/eval.bin 2>/dev/null; then ok
else bad "make othello-eval without DATA: not a no-op"; fi

# the weights files (data/othello/, tools/eval_file.h) and the build's
# generator (tools/gen_eval_weights.c): the generated C read back by
# othello_train pack gives the committed bytes; a damaged byte anywhere
# (header, notes, a weight), a cut file, bytes after the end, another file,
# the wrong set, a missing file each stop it with the file and what is wrong
# named, status 1, and no output
G=build/tools/gen_eval_weights
for set in "staged data/othello/eval.bin" "solver data/othello/eval_solver.bin"; do
    set -- $set
    if $G "$1" "$2" -o "$tmp/e.c" > "$tmp/out" 2>&1 && $T pack "$tmp/e.c" -o "$tmp/e.bin" >> "$tmp/out" 2>&1 &&
       cmp "$tmp/e.bin" "$2" >> "$tmp/out" 2>&1; then ok
    else bad "gen_eval_weights $1 then othello_train pack: not the bytes of $2"; fi
done
# gen_bad NAME REGEX FILE [SET]: the generator refuses FILE, saying REGEX
gen_bad() {
    rm -f "$tmp/bad.c"
    if $G "${4:-staged}" "$3" -o "$tmp/bad.c" > "$tmp/out" 2>&1; [ $? = 1 ] && [ ! -s "$tmp/bad.c" ] &&
       grep -qE -- "^gen_eval_weights: $2" "$tmp/out"; then ok
    else bad "gen_eval_weights, $1: no /$2/ with status 1 and no output"; fi
}
flip() { # flip FILE OFFSET OUT: FILE with the byte at OFFSET changed
    cp "$1" "$3" && printf "\\x$(printf %02x $(( $(od -An -tu1 -j "$2" -N1 "$1") ^ 0x20 )))" |
        dd of="$3" bs=1 seek="$2" conv=notrunc status=none
}
E=data/othello/eval.bin
size=$(wc -c < $E)
flip $E 2000000 "$tmp/w.bin"
gen_bad "a weight damaged" "$tmp/w.bin: checksum 0x[0-9a-f]{8}, the header says 0x[0-9a-f]{8}: the file is damaged" "$tmp/w.bin"
flip $E 200 "$tmp/n.bin"
gen_bad "the notes damaged" "$tmp/n.bin: checksum .*damaged" "$tmp/n.bin"
flip $E 20 "$tmp/h.bin"
gen_bad "the header's stages damaged" "$tmp/h.bin: checksum .*damaged" "$tmp/h.bin"
flip $E 3 "$tmp/m.bin"
gen_bad "the magic damaged" "$tmp/m.bin: not an evaluation weights file" "$tmp/m.bin"
head -c 1000000 $E > "$tmp/short.bin"
gen_bad "a cut file" "$tmp/short.bin: 1000000 bytes, its header says $size \(cut short\)" "$tmp/short.bin"
head -c 30 $E > "$tmp/head.bin"
gen_bad "a file cut in its header" "$tmp/head.bin: 30 bytes, cut short within its 52-byte header" "$tmp/head.bin"
head -c 5 $E > "$tmp/tiny.bin"
gen_bad "a file of 5 bytes" "$tmp/tiny.bin: not an evaluation weights file" "$tmp/tiny.bin"
: > "$tmp/empty.bin"
gen_bad "an empty file" "$tmp/empty.bin: not an evaluation weights file" "$tmp/empty.bin"
{ cat $E; printf x; } > "$tmp/long.bin"
gen_bad "a byte after the end" "$tmp/long.bin: $((size + 1)) bytes, its header says $size \(bytes after the end\)" "$tmp/long.bin"
gen_bad "the solver's set as the staged weights" "data/othello/eval_solver.bin: 1 weight sets, want 10" data/othello/eval_solver.bin
gen_bad "the staged weights as the solver's set" "data/othello/eval.bin: 10 weight sets, want 1" $E solver
gen_bad "another file" "tests/build.sh: not an evaluation weights file" tests/build.sh
gen_bad "no file" "$tmp/none.bin: No such file or directory" "$tmp/none.bin"
# packed (the wasm build's form, src/othello/eval_pack.h) keeps one weight of
# each set of mirror images: a file where two differ is refused, naming them
# (the edge pattern's index 1, a1 the mover's, and 2187, h1's)
$G staged $E -o "$tmp/e.c" &&
    awk -F, -v OFS=, 'on && !done && /^-?[0-9]/ { $2 = $2 + 1000; done = 1 } /stage 0 \*\// { on = 1 } { print }' "$tmp/e.c" > "$tmp/mirror.c" &&
    $T pack "$tmp/mirror.c" -o "$tmp/mirror.bin" > "$tmp/out" 2>&1
gen_bad "two mirror images' weights differ" "$tmp/mirror.bin: stage 0, pattern 0: weight 2187 is -?[0-9]+, its mirror image 1's -?[0-9]+ \(the packed form keeps one\)" "$tmp/mirror.bin" packed
if $G staged > "$tmp/out" 2>&1; [ $? = 2 ] && grep -q '^usage: gen_eval_weights' "$tmp/out"; then ok
else bad "gen_eval_weights without arguments: no usage, status 2"; fi
# ...and the build stops on it, naming the file (a copy of the tree's Makefile
# and sources with the weights cut short)
mkdir -p "$tmp/tree" && cp -r Makefile mk include src tools data "$tmp/tree/" && head -c 1000 $E > "$tmp/tree/$E"
if ! "${M[@]}" -C "$tmp/tree" -s build/obj/gen/eval_weights.o > "$tmp/out" 2>&1 &&
   grep -q "^gen_eval_weights: $E: 1000 bytes, its header says $size (cut short)" "$tmp/out" &&
   [ ! -e "$tmp/tree/build/gen/eval_weights.c" ]; then ok
else bad "make with a cut weights file: not stopped, or the file not named"; fi

# nothing runs at load time: no object of the library or the CLI has a
# constructor (a program that links the library, and `bitboard help`, fill no
# table), and the attack tables are constants in read-only data, the
# generated file's (tools/gen_attack_tables.c)
if readelf -SW build/libbitboard.a build/obj/cli/*.o > "$tmp/out" 2>&1 && ! grep -E '\.(init_array|ctors)' "$tmp/out" > "$tmp/ctors"; then ok
else cp "$tmp/ctors" "$tmp/out" 2>/dev/null; bad "a library or CLI object has a load-time constructor"; fi
nm build/libbitboard.a > "$tmp/nm" 2>&1
for t in bb__rook_magic_table bb__bishop_magic_table bb__rook_pext_table bb__bishop_pext_table \
         bb__rotated_rank_attacks bb__rotated_file_attacks bb__rotated45_attacks bb__rotated315_attacks \
         bb__rotated45_offset bb__rotated315_offset bb__rotated_occ_bit; do
    if grep -qE " R $t\$" "$tmp/nm"; then ok; else grep -E " $t\$" "$tmp/nm" > "$tmp/out"; bad "$t is not read-only data"; fi
done

# the attack default follows the target: pext where it is fast, magic where
# pext is microcode (AMD before Zen 3) or absent
for want in "ATTACKS znver1 MAGIC" "ATTACKS znver2 MAGIC" "ATTACKS znver3 PEXT" "ATTACKS haswell PEXT" \
            "ATTACKS x86-64 MAGIC" "OTHELLO x86-64 LOOKUP" "OTHELLO haswell AVX2" "OTHELLO skylake-avx512 AVX512"; do
    set -- $want
    got=$(printf '#include "bitboard.h"\nint d = BB_%s_DEFAULT;\n' "$1" |
          ${CC:-gcc} -std=c11 -Iinclude -march="$2" -x c -E - 2>"$tmp/out" | tail -n 1)
    if [ "$got" = "int d = BB_$1_$3;" ]; then ok; else echo "$got" > "$tmp/out"; bad "$1 default for -march=$2: want $3"; fi
done

# the build tree's shared library works as an installed one: linked with
# -Lbuild -lbitboard, the program finds libbitboard.so.ABI (its soname,
# BB_ABI_VERSION in core.h) there
abi=$(sed -n 's/^#define BB_ABI_VERSION \([0-9]*\)$/\1/p' include/bitboard/core.h)
printf '#include <stdio.h>\n#include "bitboard.h"\nint main(void) { printf("%%s %%llx\\n", bb_version(), (unsigned long long)bb_sym_apply(1, BB_SYM_FLIP_VERTICAL)); return 0; }\n' > "$tmp/so.c"
if ${CC:-gcc} -std=c11 -Iinclude "$tmp/so.c" -Lbuild -lbitboard -o "$tmp/so" > "$tmp/out" 2>&1 &&
   LD_LIBRARY_PATH=build "$tmp/so" > "$tmp/out" 2>&1 && grep -qE "^[0-9.]+ 100000000000000$" "$tmp/out"; then ok
else bad "a program linked with -Lbuild -lbitboard runs with LD_LIBRARY_PATH=build"; fi
for l in build/libbitboard.so "build/libbitboard.so.$abi"; do
    if [ -L "$l" ] && [ -e "$l" ]; then ok; else echo "$l" > "$tmp/out"; bad "$l is a working link"; fi
done
if [ -n "$abi" ] && readelf -d build/libbitboard.so 2>/dev/null | grep -q "SONAME.*\\[libbitboard.so.$abi\\]"; then ok
else readelf -d build/libbitboard.so > "$tmp/out" 2>&1; bad "soname libbitboard.so.$abi (BB_ABI_VERSION '$abi')"; fi

echo "build: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
