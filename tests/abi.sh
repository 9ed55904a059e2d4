#!/usr/bin/env bash
# The shared library's ABI (CONTRIBUTING.md "ABI and versions"):
#  - exports: `nm -D --defined-only` lists exactly the public functions and
#    tables the headers declare (bb_ names: gcc -aux-info lists the
#    functions, the headers' extern lines the tables) and the bb__ tables the
#    headers' inline functions read (src/bitboard.map lists them: exactly the
#    bb__ tables the headers declare extern), in the version node
#    BITBOARD_<BB_ABI_VERSION>; a program taking the address of every inline
#    function links against the shared library alone.  Checked in build/
#    (make test's gcc native build; BB_BUILD_DIR=DIR another, make abi's
#    BUILD, which make abi builds first), build/abi and a CMake shared build.
#  - the ABI: build/abi (gcc, ARCH=x86-64, -O2 -g: what a distribution
#    builds, with DWARF for abidw) against abi/libbitboard.abi, the release's
#    description, by abidiff (Debian's abigail-tools, installed when missing):
#    a change that breaks programs linked against the release fails, naming
#    the symbol or type, unless the soname changed; additions pass, and so
#    do members taken from a struct's reserved_ space (abi/reserved.suppr).
# usage: tests/abi.sh              the checks; ends "abi: N passed, M failed"
#        tests/abi.sh --baseline   (make abi-baseline) writes abi/libbitboard.abi,
#            only where CONTRIBUTING.md says: at a release (make release sets
#            BB_RELEASE_VERSION, a version newer than core.h's), or when the
#            soname changed (BB_ABI_VERSION raised); never over the ABI of
#            the version released (core.h's, with its CHANGELOG.md section)
set -u
cd "$(dirname "$0")/.."
MAKE=${MAKE:-make}
unset MAKEFLAGS MAKEOVERRIDES MFLAGS MAKELEVEL
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL $1"; fail=$((fail + 1)); }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
baseline=abi/libbitboard.abi
abi=$(sed -n 's/^#define BB_ABI_VERSION \([0-9]*\)$/\1/p' include/bitboard/core.h)
[ -n "$abi" ] || { echo "FAIL include/bitboard/core.h has no '#define BB_ABI_VERSION N'"; echo "abi: 0 passed, 1 failed"; exit 1; }
jobs=$(nproc 2>/dev/null || echo 2)
[ "$jobs" -gt 2 ] && jobs=2

# the ABI build: the shared library as a distribution builds it, with -g.
# BB_ABI_BUILD=DIR: a build made with exactly these flags already (make
# test's gcc x86-64 configuration is, with CFLAGS=-g): its library is used
# as it is, not built again
abi_dir=${BB_ABI_BUILD:-build/abi}
abi_build() {
    if [ -n "${BB_ABI_BUILD:-}" ]; then
        [ -f "$abi_dir/libbitboard.so" ] || { echo "BB_ABI_BUILD=$abi_dir has no libbitboard.so"; return 1; }
        return 0
    fi
    "$MAKE" --no-print-directory -j"$jobs" CC=gcc ARCH=x86-64 OPT=-O2 CFLAGS=-g CPPFLAGS= LDFLAGS= \
        PORTABLE= SAN= DEBUG= BUILD=build/abi build/abi/libbitboard.so > "$tmp/make.log" 2>&1 ||
        { tail -n 30 "$tmp/make.log"; return 1; }
}
abigail() {
    command -v abidw > /dev/null && command -v abidiff > /dev/null && return 0
    if command -v apt-get > /dev/null && [ "$(id -u)" = 0 ]; then
        echo "installing abigail-tools (abidw, abidiff: the ABI check)"
        { DEBIAN_FRONTEND=noninteractive apt-get install -y -qq abigail-tools ||
          { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq abigail-tools; }; } > /dev/null 2>&1
    fi
    command -v abidw > /dev/null && command -v abidiff > /dev/null ||
        { echo "the ABI check needs abidw and abidiff (Debian: apt-get install abigail-tools, as root)"; return 1; }
}
# abidw's description: public types only (the headers), no paths of this checkout
describe() { abidw --headers-dir include --drop-private-types --no-corpus-path --no-comp-dir-path --short-locs "$@"; }

if [ "${1:-}" = --baseline ]; then
    version=$(sed -n 's/^#define BB_VERSION_STRING "\(.*\)"$/\1/p' include/bitboard/core.h)
    old_soname=$(sed -n "s/.*<abi-corpus [^>]*soname='\([^']*\)'.*/\1/p" "$baseline" 2> /dev/null | head -n 1)
    if [ -f "$baseline" ] && [ "$old_soname" = "libbitboard.so.$abi" ] && [ "${BB_RELEASE_VERSION:-}" != "$version" ] &&
       grep -q "^## \[$version\] - " CHANGELOG.md; then
        echo "abi-baseline: $baseline is the ABI of the released $version (soname libbitboard.so.$abi): not rewritten." >&2
        echo "It changes at a release (make release VERSION=X.Y.Z, a newer version) or after raising BB_ABI_VERSION" >&2
        echo "in include/bitboard/core.h (CONTRIBUTING.md \"ABI and versions\")." >&2
        exit 2
    fi
    abigail && abi_build || exit 1
    mkdir -p abi
    describe --out-file "$baseline.tmp" "$abi_dir/libbitboard.so" && mv "$baseline.tmp" "$baseline" || exit 1
    echo "wrote $baseline ($(grep -c '<elf-symbol ' "$baseline") symbols, soname libbitboard.so.$abi): commit it"
    exit 0
fi

# ---- exports -----------------------------------------------------------------
# What the headers declare, compiled with FLAGS: $tmp/functions (extern),
# $tmp/inline (static inline), $tmp/variables (extern tables).
headers=(include/bitboard.h include/bitboard/*.h include/bitboard/impl/*.h)
declared() {
    echo '#include <bitboard.h>' | gcc -std=c11 -Iinclude "$@" -aux-info "$tmp/aux" -fsyntax-only -x c - || return 1
    # "/* include/bitboard/sym.h:60:NC */ extern uint64_t bb_sym_apply (uint64_t, bb_sym);"
    name='s/^\/\* include\/[^ ]* \*\/ \(extern\|static\) [^(]*\b\(bb_[A-Za-z0-9_]*\) (.*/\1 \2/p'
    sed -n "$name" "$tmp/aux" | sed -n 's/^extern //p' | sort -u > "$tmp/functions"
    sed -n "$name" "$tmp/aux" | sed -n 's/^static //p' | sort -u > "$tmp/inline"
    grep -hE '^extern ' "${headers[@]}" | grep -v '"C"' | grep -oE '\bbb_[A-Za-z0-9_]*[[:space:]]*[][;,]' |
        grep -oE '^bb_[A-Za-z0-9_]*' | sort -u > "$tmp/variables"
    grep -v '^bb__' "$tmp/functions" "$tmp/variables" -h | sort -u > "$tmp/public"
    grep '^bb__' "$tmp/variables" > "$tmp/tables"
    sort -u "$tmp/public" "$tmp/tables" > "$tmp/want"
    # the program that takes every inline function's address
    { echo '#include <bitboard.h>'; echo 'typedef void (*fn)(void);'; echo 'const fn all[] = {'
      sed 's/.*/    (fn)&,/' "$tmp/inline"; echo '};'
      echo 'int main(void) { return all[0] == 0; }'; } > "$tmp/inline.c"
}
declared -march=native || bad "the headers do not compile"
sed -n 's/^[[:space:]]*\(bb__[A-Za-z0-9_]*\);.*/\1/p' src/bitboard.map | sort > "$tmp/map"
missing=$(comm -23 "$tmp/tables" "$tmp/map") extra=$(comm -13 "$tmp/tables" "$tmp/map")
[ -z "$missing$extra" ] && ok ||
    bad "src/bitboard.map's tables differ from the bb__ tables the headers declare extern:$(for n in $missing; do
        printf '\n    %s: declared in a header (an inline function may read it), not in the map' "$n"; done)$(for n in $extra; do
        printf '\n    %s: in the map, declared extern in no header' "$n"; done)"
grep -q "^BITBOARD_$abi {" src/bitboard.map && ok || bad "src/bitboard.map's version node is not BITBOARD_$abi (BB_ABI_VERSION $abi)"
[ "$(wc -l < "$tmp/public")" -gt 100 ] && [ -s "$tmp/tables" ] && [ -s "$tmp/inline" ] && ok ||
    bad "found too few declarations in the headers ($(wc -l < "$tmp/public") public, $(wc -l < "$tmp/tables") tables, $(wc -l < "$tmp/inline") inline)"

# exports LIB WHAT FLAGS...: LIB's exports are the wanted ones; the inline
# functions compiled with FLAGS link against it alone and run
exports() {
    local lib=$1 what=$2; shift 2
    if [ ! -e "$lib" ]; then bad "$what: no $lib"; return; fi
    nm -D --defined-only "$lib" | awk '$2 != "A" { sub(/@.*/, "", $3); print $3 }' | sort -u > "$tmp/exported"
    local stray lost
    stray=$(comm -13 "$tmp/want" "$tmp/exported") lost=$(comm -23 "$tmp/want" "$tmp/exported")
    [ -z "$stray$lost" ] && ok || bad "$what: $lib exports other names than the headers declare:$(for n in $stray; do
        printf '\n    %s: exported, declared in no public header (make it static, or name it bb__: not exported)' "$n"; done)$(for n in $lost; do
        printf '\n    %s: declared in a header, not exported' "$n"; done)"
    local unversioned
    unversioned=$(readelf --dyn-syms -W "$lib" | awk '$7 != "UND" && $8 ~ /^bb_/ && $8 !~ /@@BITBOARD_'"$abi"'$/ { print $8 }' | head -n 5 | tr '\n' ' ')
    [ -z "$unversioned" ] && ok || bad "$what: exports outside the version node BITBOARD_$abi: $unversioned"
    readelf -d "$lib" | grep -q "SONAME.*\\[libbitboard.so.$abi\\]" && ok ||
        bad "$what: $lib's soname is not libbitboard.so.$abi: $(readelf -d "$lib" | grep SONAME)"
    if gcc -std=c11 -O0 -Iinclude "$@" "$tmp/inline.c" "$lib" -o "$tmp/inline.bin" > "$tmp/link.log" 2>&1 &&
       LD_LIBRARY_PATH=$(dirname "$lib") "$tmp/inline.bin" >> "$tmp/link.log" 2>&1; then ok
    else bad "$what: every inline function ($(wc -l < "$tmp/inline")) linked against $lib alone:$(grep -oE "undefined reference to .[A-Za-z0-9_]*" "$tmp/link.log" | sort -u | sed 's/^/\n    /' | head -n 20)"; fi
}
exports "${BB_BUILD_DIR:-build}/libbitboard.so" "the build" -march=native

# ---- the ABI against the release's -----------------------------------------
if ! abigail; then bad "abigail-tools"
elif ! abi_build; then bad "the ABI build ($abi_dir) failed"
elif [ ! -f "$baseline" ]; then bad "no $baseline: make abi-baseline writes it (at a release)"
else
    declared -march=x86-64 && exports "$abi_dir/libbitboard.so" "the ABI build" -march=x86-64
    old_soname=$(sed -n "s/.*<abi-corpus [^>]*soname='\([^']*\)'.*/\1/p" "$baseline" | head -n 1)
    if [ "$old_soname" != "libbitboard.so.$abi" ]; then
        echo "the soname changed ($old_soname in $baseline, now libbitboard.so.$abi): the ABI may break;" \
             "make abi-baseline records the new one"
        ok
    else
        rc=0
        abidiff --suppressions abi/reserved.suppr --headers-dir2 include --drop-private-types --no-added-syms \
            "$baseline" "$abi_dir/libbitboard.so" \
            > "$tmp/abidiff" 2>&1 || rc=$?
        # abidiff's status: bit 1 an error, 2 usage, 4 a change, 8 an incompatible one
        if [ "$rc" -eq 0 ]; then ok
        elif [ $((rc & 3)) -ne 0 ]; then bad "abidiff failed (status $rc): $(head -n 5 "$tmp/abidiff")"
        else
            bad "the ABI differs from $baseline (libbitboard.so.$abi): programs linked against it may break.
    Undo the change, or raise BB_ABI_VERSION in include/bitboard/core.h and run make abi-baseline
    (CONTRIBUTING.md \"ABI and versions\").  abidiff says:
$(grep -vE '^\s*$' "$tmp/abidiff" | head -n 40 | sed 's/^/    | /')"
        fi
    fi
fi

# ---- CMake's shared library -------------------------------------------------
# (without a build type: unoptimized, a third of Release's compile time; the
# checks are of the link, the soname, the version node and the exports,
# which the optimization does not change)
if ! command -v cmake > /dev/null; then echo "SKIP cmake-shared: no cmake"
elif cmake -S . -B build/abi/cmake -DBUILD_SHARED_LIBS=ON -DBITBOARD_NATIVE=OFF -DCMAKE_BUILD_TYPE= > "$tmp/cmake.log" 2>&1 &&
     cmake --build build/abi/cmake -j "$jobs" > "$tmp/cmake.log" 2>&1; then
    exports build/abi/cmake/libbitboard.so "CMake (BUILD_SHARED_LIBS=ON)" -march=x86-64
    [ -x build/abi/cmake/bitboard ] && LD_LIBRARY_PATH=build/abi/cmake build/abi/cmake/bitboard --version > "$tmp/out" 2>&1 &&
        ldd build/abi/cmake/bitboard | grep -q "libbitboard.so.$abi " && ok ||
        bad "CMake's CLI, linked with the shared library, runs: $(head -n 3 "$tmp/out")"
else bad "CMake with BUILD_SHARED_LIBS=ON: $(tail -n 20 "$tmp/cmake.log")"; fi

echo "abi: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
