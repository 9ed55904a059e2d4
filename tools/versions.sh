#!/usr/bin/env bash
# Every place that carries bitboard's version, each read as its users read
# it, against the one source (BB_VERSION_* in include/bitboard/core.h):
# core.h's numbers, string and contents list; js/package.json; the Python
# package (setup.py --version, what pip and the sdist say); CMake's project()
# (CMakeLists.txt reads core.h) and the installed package's version file;
# bitboard.pc; the installed man page; the staged npm package when built;
# and the CLI (--version) when given.  One line per place that disagrees.
# usage: tools/versions.sh [--expect X.Y.Z] [path/to/bitboard]
# Exit 0 when every place says the same version (and X.Y.Z when given), 1
# otherwise.  make release runs it after stamping; tests/version.sh counts
# its lines.  PYTHON (default /usr/bin/python3, else python3) runs setup.py.
set -u
cd "$(dirname "$0")/.."
expect=
[ "${1:-}" = --expect ] && { expect=$2; shift 2; }
BIN=${1:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
unset MAKEFLAGS MAKEOVERRIDES MFLAGS MAKELEVEL
h=include/bitboard/core.h
v=$(sed -n 's/^#define BB_VERSION_STRING "\(.*\)"$/\1/p' "$h")
[ -n "$expect" ] || expect=$v
wrong=0 places=0
# place NAME VALUE: NAME says VALUE
place() {
    places=$((places + 1))
    if [ "$2" = "$expect" ]; then echo "ok $1: $2"
    else echo "DIFFERS $1: '$2', not $expect"; wrong=$((wrong + 1)); fi
}
num() { sed -n "s/^#define BB_VERSION_$1 \\([0-9]*\\)\$/\\1/p" "$h"; }
list() { sed -n "s/^ \\*   BB_VERSION_$1  *\\([0-9]*\\).*/\\1/p" "$h"; }
place "$h BB_VERSION_STRING" "$v"
place "$h BB_VERSION_MAJOR.MINOR.PATCH" "$(num MAJOR).$(num MINOR).$(num PATCH)"
place "$h's contents list" "$(list MAJOR).$(list MINOR).$(list PATCH)"
place "$h's contents list, BB_VERSION_STRING" "$(sed -n 's/^ \*   BB_VERSION_STRING     "\(.*\)".*/\1/p' "$h")"
place js/package.json "$(sed -n 's/^  "version": "\(.*\)",$/\1/p' js/package.json)"
py=${PYTHON:-/usr/bin/python3}
[ -x "$py" ] || py=python3
place "python/setup.py --version" "$(cd python && "$py" setup.py --version 2> "$tmp/py.err" | tail -n 1)"
# the files make install writes, made into a scratch build directory
b=$tmp/build
if make --no-print-directory -s BUILD="$b" "$b/bitboard.pc" "$b/bitboardConfigVersion.cmake" "$b/bitboard.1" > "$tmp/make.log" 2>&1; then
    place "bitboard.pc (make install)" "$(sed -n 's/^Version: //p' "$b/bitboard.pc")"
    place "bitboardConfigVersion.cmake (make install)" "$(sed -n 's/^set(PACKAGE_VERSION "\(.*\)")$/\1/p' "$b/bitboardConfigVersion.cmake")"
    place "the man page (make install)" "$(sed -n 's/^\.TH BITBOARD 1 "[^"]*" "bitboard \([^"]*\)".*/\1/p' "$b/bitboard.1")"
else
    place "make bitboard.pc bitboardConfigVersion.cmake bitboard.1" "failed: $(tail -n 3 "$tmp/make.log")"
fi
if command -v cmake > /dev/null; then
    if cmake -S . -B "$tmp/cmake" -DBITBOARD_BUILD_CLI=OFF > "$tmp/cmake.log" 2>&1; then
        place "CMakeLists.txt project()" "$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$tmp/cmake/CMakeCache.txt")"
    else place "CMakeLists.txt" "cmake failed: $(tail -n 3 "$tmp/cmake.log")"; fi
fi
if [ -f build/js/bitboard/package.json ]; then
    place "build/js/bitboard/package.json (staged)" "$(sed -n 's/^  "version": "\(.*\)",$/\1/p' build/js/bitboard/package.json)"
fi
[ -n "$BIN" ] && place "$BIN --version" "$("$BIN" --version | cut -d' ' -f2)"
echo "versions: $places places, $wrong differ"
[ "$wrong" -eq 0 ]
