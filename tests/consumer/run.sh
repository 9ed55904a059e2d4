#!/usr/bin/env bash
# The three ways a consumer finds bitboard: pkg-config, CMake find_package
# after `make install`, and CMake add_subdirectory; plus a DESTDIR install;
# and C++: a C++17 consumer (g++ and clang++, static and shared library) and
# every installed header compiled as C++20.
set -u
cd "$(dirname "$0")/../.."
root=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
version=$(sed -n 's/^#define BB_VERSION_STRING "\(.*\)"/\1/p' include/bitboard/core.h)
abi=$(sed -n 's/^#define BB_ABI_VERSION \([0-9]*\)$/\1/p' include/bitboard/core.h) # the soname's number
# consumer.c rotates {e4, d5} to {d4, e5}; rotate_cw takes that back to the least image
want="$version e4,d5 rotate_cw"
check() { # check NAME COMMAND...: the command must succeed and print $want
    local name=$1; shift
    local got
    if got=$("$@" 2>"$tmp/err") && [ "$got" = "$want" ]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL $name: got '$got', want '$want'"; tail -n 20 "$tmp/err"
    fi
}
step() { # step NAME COMMAND...: must succeed
    local name=$1; shift
    if "$@" > "$tmp/log" 2>&1; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL $name"; tail -n 30 "$tmp/log"; fi
}

# the install builds with the default flags into build/ (make test has
# built it already: nothing is compiled again; alone, this builds it)
jobs=$(nproc 2>/dev/null || echo 2)
MAKEFLAGS= step install make --no-print-directory -j"$jobs" -C "$root" PREFIX="$tmp/inst" install
inst=$tmp/inst

# pkg-config, shared and static
pc() { PKG_CONFIG_PATH="$inst/lib/pkgconfig" pkg-config "$@" bitboard; }
step pkg-config-shared-build sh -c "cc -std=c11 tests/consumer/consumer.c $(pc --cflags --libs) -o '$tmp/c-shared'"
check pkg-config-shared env LD_LIBRARY_PATH="$inst/lib" "$tmp/c-shared"
# the program asks for the soname, libbitboard.so.ABI (CONTRIBUTING.md "ABI and versions")
step pkg-config-shared-soname sh -c "readelf -d '$tmp/c-shared' | grep -q 'NEEDED.*\[libbitboard.so.$abi\]'"
step pkg-config-static-build sh -c "cc -std=c11 tests/consumer/consumer.c $(pc --cflags) $inst/lib/libbitboard.a -o '$tmp/c-static'"
check pkg-config-static "$tmp/c-static"
step pkg-config-version sh -c "[ \"\$(PKG_CONFIG_PATH='$inst/lib/pkgconfig' pkg-config --modversion bitboard)\" = '$version' ]"

# C++17 with g++ and clang++, against the static and the shared library of
# the install tree; the consumer calls every module and checks the results.
cxxflags="-std=c++17 -Wall -Wextra -pedantic -Werror"
for cxx in g++ clang++; do
    if ! command -v "$cxx" >/dev/null; then fail=$((fail + 1)); echo "FAIL $cxx: not installed"; continue; fi
    step "$cxx-static-build" sh -c "$cxx $cxxflags -I'$inst/include' tests/consumer/consumer.cpp '$inst/lib/libbitboard.a' -o '$tmp/cpp-$cxx-static'"
    want="$version c++ ok" check "$cxx-static" "$tmp/cpp-$cxx-static"
    step "$cxx-shared-build" sh -c "$cxx $cxxflags -I'$inst/include' tests/consumer/consumer.cpp -L'$inst/lib' -lbitboard -o '$tmp/cpp-$cxx-shared'"
    step "$cxx-shared-is-shared" sh -c "ldd '$tmp/cpp-$cxx-shared' | grep -q 'libbitboard.so.$abi '"
    want="$version c++ ok" check "$cxx-shared" env LD_LIBRARY_PATH="$inst/lib" "$tmp/cpp-$cxx-shared"
    # the inline GFNI/BMI2/BITALG forms and the BB_DEBUG checks, in C++ too
    step "$cxx-native-debug-build" sh -c "$cxx $cxxflags -march=native -DBB_DEBUG -I'$inst/include' tests/consumer/consumer.cpp '$inst/lib/libbitboard.a' -o '$tmp/cpp-$cxx-native'"
    want="$version c++ ok" check "$cxx-native-debug" "$tmp/cpp-$cxx-native"
    # every header alone, as C++20, in the three configurations
    step "$cxx-c++20-headers" sh -c "cd '$inst/include' && for h in bitboard.h bitboard/*.h; do
        for d in '' '-march=native -DBB_DEBUG' -DBB_PORTABLE; do
        echo \"#include <\$h>\" | $cxx -std=c++20 -Wall -Wextra -pedantic -Werror \$d -I'$inst/include' -x c++ -fsyntax-only - || exit 1
        done; done"
done

# CMake find_package against the install tree
step find-package-configure cmake -S tests/consumer/cmake-installed -B "$tmp/fp" -DCMAKE_PREFIX_PATH="$inst" -DBITBOARD_WANT="${version%.*}"
step find-package-build cmake --build "$tmp/fp"
check find-package "$tmp/fp/consumer"

# CMake add_subdirectory of the source tree
step subdir-configure cmake -S tests/consumer/cmake-subdir -B "$tmp/sd" -DBITBOARD_SOURCE_DIR="$root"
step subdir-build cmake --build "$tmp/sd"
check add-subdirectory "$tmp/sd/consumer"

# the CLI and man page are installed and work
want="0x0000000810000000 rotate_cw" check installed-cli "$inst/bin/bitboard" -o hex canonical d4,e5
step man-page test -s "$inst/share/man/man1/bitboard.1"
# the installed page names the version (docs/bitboard.1 holds @VERSION@)
step man-page-version sh -c "grep -q '\"bitboard $("$inst/bin/bitboard" --version | cut -d' ' -f2)\"' '$inst/share/man/man1/bitboard.1' && ! grep -q @VERSION@ '$inst/share/man/man1/bitboard.1'"

# DESTDIR staging puts everything under the stage, nothing elsewhere
MAKEFLAGS= step destdir-install make --no-print-directory -j"$jobs" -C "$root" DESTDIR="$tmp/stage" PREFIX=/opt/bb install
step destdir-layout sh -c "cd '$tmp/stage/opt/bb' && test -f include/bitboard.h -a -f include/bitboard/sym.h -a -f lib/libbitboard.a \
    -a -L lib/libbitboard.so -a -f lib/pkgconfig/bitboard.pc -a -f lib/cmake/bitboard/bitboardConfig.cmake \
    -a -x bin/bitboard -a -f share/man/man1/bitboard.1 && grep -q '^prefix=/opt/bb' lib/pkgconfig/bitboard.pc"
MAKEFLAGS= step uninstall make --no-print-directory -C "$root" DESTDIR="$tmp/stage" PREFIX=/opt/bb uninstall
step uninstall-clean sh -c "[ -z \"\$(find '$tmp/stage' -type f)\" ]"

echo "consumers: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
