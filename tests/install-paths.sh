#!/usr/bin/env bash
# make install and uninstall with spaces (and a quote) in PREFIX and DESTDIR:
# the files land where they should, the installed CLI runs, a consumer builds
# against the installed pkg-config file (shared with LD_LIBRARY_PATH or an
# rpath, and static) and the CMake package, and uninstall leaves no file.
# Also configures and builds the source tree with CMake as a top-level project.
# Ends with "install-paths: N passed, M failed".
set -u
cd "$(dirname "$0")/.."
root=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
unset MAKEFLAGS MAKEOVERRIDES MFLAGS MAKELEVEL
MAKE=${MAKE:-make}
pass=0 fail=0
version=$(find include -name '*.h' -exec sed -n 's/^#define BB_VERSION_STRING "\(.*\)"/\1/p' {} + | head -n 1)
abi=$(sed -n 's/^#define BB_ABI_VERSION \([0-9]*\)$/\1/p' include/bitboard/core.h) # the soname's number
want="$version e4,d5 rotate_cw" # what tests/consumer/consumer.c prints

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $1"; [ -s "$tmp/log" ] && tail -n 30 "$tmp/log"; }
step() { # step NAME COMMAND...: must succeed
    local name=$1; shift
    if "$@" > "$tmp/log" 2>&1; then ok; else bad "$name"; fi
}
prints() { # prints NAME WANT COMMAND...: must succeed and print exactly WANT
    local name=$1 want=$2; shift 2
    local got
    if got=$("$@" 2>"$tmp/log") && [ "$got" = "$want" ]; then ok; else bad "$name: got '$got', want '$want'"; fi
}
# installed_files DIR: the files and links under DIR, relative, sorted
installed_files() { (cd "$1" && find . \( -type f -o -type l \) | sed 's|^\./||' | sort); }

expected=$(printf '%s\n' bin/bitboard include/bitboard.h \
    $(cd include && find bitboard -name '*.h' | sed 's|^|include/|') \
    lib/cmake/bitboard/bitboardConfig.cmake lib/cmake/bitboard/bitboardConfigVersion.cmake \
    lib/libbitboard.a lib/libbitboard.so "lib/libbitboard.so.$abi" "lib/libbitboard.so.$version" \
    lib/pkgconfig/bitboard.pc share/man/man1/bitboard.1 | sort)

# 1. PREFIX with a space
inst="$tmp/pre fix"
step install "$MAKE" --no-print-directory -C "$root" PREFIX="$inst" install
prints install-layout "$expected" installed_files "$inst"
prints installed-cli-version "bitboard $version" sh -c '"$1" --version | cut -d" " -f1-2' - "$inst/bin/bitboard"
prints installed-cli-works "0x0000000810000000 rotate_cw" "$inst/bin/bitboard" -o hex canonical d4,e5

# pkg-config escapes the spaces ("-I/x/pre\ fix/include"): the shell must
# read its output as shell words, hence eval.
export PKG_CONFIG_PATH="$inst/lib/pkgconfig"
prints pkg-config-version "$version" pkg-config --modversion bitboard
cflags=$(pkg-config --cflags bitboard) libs=$(pkg-config --libs bitboard)
step pkg-config-shared-build eval "cc -std=c11 tests/consumer/consumer.c $cflags $libs -o \"\$tmp/shared\""
prints pkg-config-shared-ld-library-path "$want" env LD_LIBRARY_PATH="$inst/lib" "$tmp/shared"
step pkg-config-rpath-build eval "cc -std=c11 tests/consumer/consumer.c $cflags $libs -Wl,-rpath,\"\$inst/lib\" -o \"\$tmp/rpath\""
prints pkg-config-rpath "$want" env -u LD_LIBRARY_PATH "$tmp/rpath"
step pkg-config-static-build eval "cc -std=c11 tests/consumer/consumer.c $cflags \"\$inst/lib/libbitboard.a\" -o \"\$tmp/static\""
prints pkg-config-static "$want" "$tmp/static"
# the same from a consumer's Makefile, where recipes go through the shell
printf 'p: ; cc -std=c11 %s $(shell pkg-config --cflags --libs bitboard) -Wl,-rpath,"%s" -o "$(OUT)"\n' \
    "$root/tests/consumer/consumer.c" "$inst/lib" > "$tmp/consumer.mk"
step pkg-config-makefile-build "$MAKE" -s -f "$tmp/consumer.mk" OUT="$tmp/from-make"
prints pkg-config-makefile "$want" "$tmp/from-make"
unset PKG_CONFIG_PATH

# CMake find_package, the prefix path with a space
step find-package-configure cmake -S tests/consumer/cmake-installed -B "$tmp/fp" -DCMAKE_PREFIX_PATH="$inst" -DBITBOARD_WANT="${version%.*}"
step find-package-build cmake --build "$tmp/fp"
prints find-package "$want" "$tmp/fp/consumer"

step uninstall "$MAKE" --no-print-directory -C "$root" PREFIX="$inst" uninstall
prints uninstall-leaves-nothing "" installed_files "$inst"

# 2. DESTDIR with a space and a quote, PREFIX with a space
stage="$tmp/st'age dir" prefix="/opt/bit board"
step destdir-install "$MAKE" --no-print-directory -C "$root" DESTDIR="$stage" PREFIX="$prefix" install
prints destdir-layout "$expected" installed_files "$stage$prefix"
prints destdir-only-under-stage "opt" ls "$stage"
prints destdir-pc-prefix 'prefix=/opt/bit\ board' grep '^prefix=' "$stage$prefix/lib/pkgconfig/bitboard.pc"
prints destdir-cli-version "bitboard $version" sh -c '"$1" --version | cut -d" " -f1-2' - "$stage$prefix/bin/bitboard"
step destdir-nothing-outside test ! -e "$prefix"
step destdir-uninstall "$MAKE" --no-print-directory -C "$root" DESTDIR="$stage" PREFIX="$prefix" uninstall
prints destdir-uninstall-leaves-nothing "" installed_files "$stage"

# 3. CMake, the source tree as the top-level project (builds the CLI), as
# the README says to run it (no build type: no -O, so it compiles in a
# third of Release's time; the flags are CMake's business, the paths ours)
step cmake-top-level-configure cmake -S "$root" -B "$tmp/cm"
step cmake-top-level-build cmake --build "$tmp/cm" -j 2
prints cmake-top-level-cli "bitboard $version" sh -c '"$1" --version | cut -d" " -f1-2' - "$tmp/cm/bitboard"

echo "install-paths: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
