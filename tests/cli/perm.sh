#!/usr/bin/env bash
# Golden tests for bitboard perm (the permutation compiler): compile (each
# output form, every target, --program, --list), explain, check, the errors;
# and the C it emits, compiled with gcc and clang (-Wall -Wextra -Werror) and
# run against the map, the intrinsic and the portable form both.
# usage: tests/cli/perm.sh path/to/bitboard     (UPDATE=1 to rewrite goldens)
set -u
BIN=${1:-build/bitboard}
here=$(cd "$(dirname "$0")" && pwd)
GOLDEN=$here/perm
. "$here/golden.lib"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
root=$(cd "$here/../.." && pwd)

gather='x & 0x0101010101010101; * 0x0102040810204080; >> 56'
dup='1 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63'
partial='- - c1 - - - - - - - - - - - - - - - - a1 - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - h8 - - - - -'

golden_case compile-flip-vertical 0 perm compile flip_vertical
golden_case compile-flip-diagonal-all 0 perm compile flip_diagonal --target all
golden_case compile-pseudo-gfni 0 perm compile pseudo_unrotate45_cw --target gfni -o text
golden_case compile-partial 0 perm compile "$partial"
golden_case compile-program 0 perm compile --program "$gather"
golden_case compile-program-json 0 perm compile --program "$gather" --target bmi2 -o json
golden_case compile-line-json 0 perm compile line_diagonal_c1 -o json
golden_case compile-c 0 perm compile rotate_cw --target gfni -o c --name rotate_cw_compiled
golden_case compile-strategy 0 perm compile flip_horizontal --strategy benes --target array -o text
golden_case compile-list 0 perm compile --list
# a given program the compiler does not beat is the one printed: the
# antidiagonal's three swaps as shifts and masks, 12 cycles
anti12='let v
>> 9 & 0x0055005500550055; let t
v & 0x0055005500550055 << 9 | t; let t
v & 0x55aa55aa55aa55aa | t; let v
>> 18 & 0x0000333300003333; let t
v & 0x0000333300003333 << 18 | t; let t
v & 0x3333cccc3333cccc | t; let v
>> 36 & 0x000000000f0f0f0f; let t
v & 0x000000000f0f0f0f << 36 | t; let t
v & 0x0f0f0f0ff0f0f0f0 | t'
golden_case compile-program-given 0 perm compile --program "$anti12" -o json
golden_case compile-program-beaten 0 perm compile --program 'x dswap 0x000000000f0f0f0f 36 dswap 0x0000333300003333 18 dswap 0x0055005500550055 9 dswap 0 1' -o json
golden_case explain-rotate-cw 0 perm explain rotate_cw
golden_case explain-line 0 perm explain line_file_e4
golden_case check-ok 0 perm check bswap --against flip_vertical
golden_case check-wrong 1 perm check bswap --against flip_horizontal
golden_case check-partial 0 perm check "$gather" --against "$("$BIN" perm compile --program "$gather" -o json | sed 's/.*"map":\[\([^]]*\)\].*/\1/; s/-1/-/g')"

# --list names every transform once, and each name it prints compiles
# (SQ stands for a square; rotate_cw's "cw" is no square)
"$BIN" perm compile --list > "$tmp/list.txt"
list_ok=1
for name in rotate_cw rotate_ccw pseudo_rotate45_cw pseudo_unrotate45_cw flip_antidiagonal line_file_SQ; do
    grep -qx "$name" "$tmp/list.txt" || { echo "FAIL compile-list omits $name"; list_ok=0; }
done
while read -r name; do
    "$BIN" perm compile "${name/%_SQ/_e4}" -o text > /dev/null 2>&1 || { echo "FAIL compile-list: '$name' does not compile"; list_ok=0; }
done < "$tmp/list.txt"
if [ "$list_ok" = 1 ]; then golden_pass=$((golden_pass + 1)); else golden_fail=$((golden_fail + 1)); fi

# -o text reads back into the tracer as it is, and proves
for name in flip_diagonal rotated45 pseudo_rotate45_ccw lerf_to_befr; do
    for t in portable bmi2 gfni avx512 array; do
        if "$BIN" perm compile "$name" --target "$t" -o text > "$tmp/p.txt" &&
            "$BIN" perm check "$(cat "$tmp/p.txt")" --against "$name" > /dev/null &&
            "$BIN" trace - --check < "$tmp/p.txt" > /dev/null; then
            golden_pass=$((golden_pass + 1))
        else
            echo "FAIL text-roundtrip $name $t"; golden_fail=$((golden_fail + 1))
        fi
    done
done
# the pictures
if "$BIN" perm compile flip_diagonal --target gfni -o svg > "$tmp/p.svg" && head -c 200 "$tmp/p.svg" | grep -q '<svg' &&
    "$BIN" perm compile flip_diagonal -o html > "$tmp/p.html" && grep -q '</html>' "$tmp/p.html"; then
    golden_pass=$((golden_pass + 1))
else
    echo "FAIL pictures"; golden_fail=$((golden_fail + 1))
fi

# errors: what and where, exit status 2
golden_case err-duplicate 2 perm compile "$dup"
golden_case err-few 2 perm compile '0 1 2 3'
golden_case err-square 2 perm compile "$(echo "$partial" | sed 's/h8/i9/')"
golden_case err-name 2 perm compile flip_verticle
golden_case err-target 2 perm compile flip_vertical --target sse
golden_case err-format 2 perm compile flip_vertical -o hex
golden_case err-option 2 perm compile flip_vertical --fast
golden_case err-no-sub 2 perm
golden_case err-sub 2 perm optimise flip_vertical
golden_case err-strategy 2 perm compile flip_vertical --strategy bitgather
golden_case err-program 2 perm compile --program 'x & 0xZZ'
golden_case err-program-nomap 2 perm compile --program 'x + 1'
golden_case err-check-no-against 2 perm check bswap
golden_case err-both 2 perm compile flip_vertical --program bswap

# The C it emits: compiled by gcc and clang, run against the map.
has_cpu() { grep -qw "$1" /proc/cpuinfo 2> /dev/null; }
intrinsics_run=1
for f in bmi2 gfni avx512bw avx512_bitalg; do has_cpu "$f" || intrinsics_run=0; done
lib=$root/build/libbitboard.a
if [ ! -f "$lib" ]; then
    echo "SKIP emitted-c: no $lib (make builds it)"
else
    cat > "$tmp/driver.c" << 'DRIVER'
#include <stdio.h>
#include <stdlib.h>
#include "bitboard.h"
#include "perm_under_test.h"
int main(int argc, char **argv)
{
    bb_perm_map m;
    bb_parse_error e;
    if (argc < 2 || bb_perm_parse(argv[1], &m, &e) != 0) return fprintf(stderr, "map: %s\n", e.msg), 2;
    uint64_t care = 0, s = 0x1234567;
    for (int q = 0; q < 64; q++)
        if (m.to[q] >= 0) care |= 1ULL << m.to[q];
    for (int i = 0; i < 20000; i++) {
        s ^= s << 13, s ^= s >> 7, s ^= s << 17;
        uint64_t x = i < 64 ? 1ULL << i : s, want = bb_perm_apply(&m, x);
        if ((f(x) & care) != want || (f_portable(x) & care) != want) {
            fprintf(stderr, "x 0x%016llx: 0x%016llx, portable 0x%016llx, want 0x%016llx\n", (unsigned long long)x,
                    (unsigned long long)(f(x) & care), (unsigned long long)(f_portable(x) & care), (unsigned long long)want);
            return 1;
        }
    }
    return 0;
}
DRIVER
    maps=(flip_diagonal pseudo_rotate45_cw rotated45 line_diagonal_c1 lerf_to_lefr "$partial")
    maps+=("$(seq 0 63 | shuf --random-source=<(yes 7) | tr '\n' ' ')")
    for cc in gcc clang; do
        command -v $cc > /dev/null || { echo "SKIP emitted-c-$cc: no $cc"; continue; }
        cc_maps=("${maps[@]}")
        # clang: the portable and intrinsic forms of two maps (gcc takes them all)
        [ $cc = clang ] && cc_maps=("${maps[0]}" "${maps[6]}")
        for map in "${cc_maps[@]}"; do
            for t in portable bmi2 gfni avx512 array; do
                "$BIN" perm compile "$map" --target "$t" -o c --name f > "$tmp/perm_under_test.h" || {
                    echo "FAIL emitted-c $cc $t: compile failed"; golden_fail=$((golden_fail + 1)); continue; }
                # the portable target has one function; give the driver its twin
                grep -q 'f_portable(' "$tmp/perm_under_test.h" ||
                    printf 'static inline uint64_t f_portable(uint64_t x) { return f(x); }\n' >> "$tmp/perm_under_test.h"
                flags=$(sed -n 's/^#include <immintrin.h> \/\* needs \(.*\) \*\//\1/p' "$tmp/perm_under_test.h")
                if [ -n "$flags" ] && [ $intrinsics_run = 0 ]; then
                    echo "SKIP emitted-c $t: this CPU lacks what the intrinsics need ($flags)"; continue
                fi
                if ! $cc -std=c11 -Wall -Wextra -Wpedantic -Werror -O2 $flags -I"$tmp" -I"$root/include" \
                    "$tmp/driver.c" "$lib" -o "$tmp/driver" 2> "$tmp/cc.err"; then
                    echo "FAIL emitted-c $cc $t (${map:0:30}): does not compile:"; head -n 5 "$tmp/cc.err"
                    golden_fail=$((golden_fail + 1)); continue
                fi
                if "$tmp/driver" "$map" 2> "$tmp/run.err"; then
                    golden_pass=$((golden_pass + 1))
                else
                    echo "FAIL emitted-c $cc $t (${map:0:30}): $(head -n 1 "$tmp/run.err")"; golden_fail=$((golden_fail + 1))
                fi
            done
        done
    done
    # the portable form alone compiles with no -m flag at all, anywhere
    "$BIN" perm compile rotate_cw --target avx512 -o c --name f > "$tmp/perm_under_test.h"
    sed -n '/^static inline uint64_t f_portable_bswap\|^\/\* f_portable:/,$p' "$tmp/perm_under_test.h" > "$tmp/only_portable.h"
    if gcc -std=c11 -Wall -Wextra -Wpedantic -Werror -fsyntax-only -include stdint.h "$tmp/only_portable.h" 2> "$tmp/cc.err"; then
        golden_pass=$((golden_pass + 1))
    else
        echo "FAIL portable-form-alone:"; head -n 5 "$tmp/cc.err"; golden_fail=$((golden_fail + 1))
    fi
fi

# docs/PERM.md as a reader runs it: each ```console block's "$ bitboard ..."
# lines run, their output as the page shows it; the ```c block compiles with
# gcc -Wall -Wextra -Wpedantic -Werror and runs with status 0.
doc=$root/docs/PERM.md
if [ -f "$doc" ]; then
    awk -v dir="$tmp" '
        /^```console$/ { inblock = 1; next }
        /^```c$/ { inc = 1; next }
        /^```$/ { if (inblock && n) close(dir "/doc." n ".out"); inblock = 0; inc = 0; next }
        inblock && /^\$ / { n++; print substr($0, 3) > (dir "/doc." n ".cmd"); close(dir "/doc." n ".cmd");
                             printf "" > (dir "/doc." n ".out"); next }
        inblock && n { print >> (dir "/doc." n ".out") }
        inc { print >> (dir "/doc.c") }
    ' "$doc"
    ran=0
    for cmd in "$tmp"/doc.*.cmd; do
        [ -e "$cmd" ] || continue
        want=${cmd%.cmd}.out
        line=$(cat "$cmd")
        eval "set -- ${line#bitboard }"
        if "$BIN" "$@" 2> /dev/null | cmp -s - "$want"; then
            golden_pass=$((golden_pass + 1))
        else
            echo "FAIL docs/PERM.md: \$ $line: the output differs from the page's:"
            "$BIN" "$@" 2>&1 | diff "$want" - | head -n 10
            golden_fail=$((golden_fail + 1))
        fi
        ran=$((ran + 1))
    done
    [ $ran -ge 5 ] || { echo "FAIL docs/PERM.md: only $ran console examples found"; golden_fail=$((golden_fail + 1)); }
    if [ -f "$tmp/doc.c" ] && [ -f "$root/build/libbitboard.a" ]; then
        if gcc -std=c11 -Wall -Wextra -Wpedantic -Werror -I"$root/include" -x c "$tmp/doc.c" -x none "$root/build/libbitboard.a" \
            -o "$tmp/doc_c" 2> "$tmp/cc.err" && "$tmp/doc_c" > /dev/null; then
            golden_pass=$((golden_pass + 1))
        else
            echo "FAIL docs/PERM.md: the C example does not compile or run:"; head -n 5 "$tmp/cc.err"
            golden_fail=$((golden_fail + 1))
        fi
    else
        echo "FAIL docs/PERM.md: no C example"; golden_fail=$((golden_fail + 1))
    fi
fi

echo "cli-perm: $golden_pass passed, $golden_fail failed"
[ "$golden_fail" = 0 ]
