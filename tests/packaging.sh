#!/usr/bin/env bash
# The packages a user builds (README.md "Using it from another project",
# python/README.md), each in a scratch directory under /tmp:
#  - CMake: the installed package's version file takes find_package(bitboard
#    X.Y) for this version's X.Y only before 1.0 (SameMinorVersion: 0.Y
#    releases may break the ABI), never a newer version; a consumer links
#    bitboard::bitboard (static) and one bitboard::shared (the shared
#    library, by its soname), and each runs.
#  - Python: the sdist (python3 -m build --sdist --no-isolation, Debian's
#    python3-build) carries the C library's sources and the LICENSE; a wheel
#    builds from it unpacked, offline, portable (-march=x86-64: no
#    -march=native in its build), MIT in its metadata; installed into a venv
#    it imports and counts.
# usage: tests/packaging.sh     Ends "packaging: N passed, M failed".
set -u
cd "$(dirname "$0")/.."
root=$(pwd)
unset MAKEFLAGS MAKEOVERRIDES MFLAGS MAKELEVEL
MAKE=${MAKE:-make}
tmp=$(mktemp -d /tmp/bb-packaging.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $1"; }
version=$(sed -n 's/^#define BB_VERSION_STRING "\(.*\)"$/\1/p' include/bitboard/core.h)
abi=$(sed -n 's/^#define BB_ABI_VERSION \([0-9]*\)$/\1/p' include/bitboard/core.h)
IFS=. read -r major minor patch <<< "$version"
want="$version e4,d5 rotate_cw" # what tests/consumer/consumer.c prints

# ---- CMake ----------------------------------------------------------------
if ! command -v cmake > /dev/null; then echo "SKIP cmake: not installed"
elif ! "$MAKE" --no-print-directory -j2 PREFIX="$tmp/inst" install > "$tmp/install.log" 2>&1; then
    bad "make install: $(tail -n 5 "$tmp/install.log")"
else
    mkdir -p "$tmp/cm"
    cp tests/consumer/consumer.c "$tmp/cm/"
    cat > "$tmp/cm/CMakeLists.txt" << 'EOF'
cmake_minimum_required(VERSION 3.13)
project(consumer C)
if(WANT)
  find_package(bitboard ${WANT} REQUIRED)
else()
  find_package(bitboard REQUIRED)
endif()
add_executable(consumer_static consumer.c)
target_link_libraries(consumer_static PRIVATE bitboard::bitboard)
add_executable(consumer_shared consumer.c)
target_link_libraries(consumer_shared PRIVATE bitboard::shared)
EOF
    # finds WANT: the request WANT is met (yes) or refused (no)
    finds() {
        rm -rf "$tmp/cm/out"
        local got=no
        cmake -S "$tmp/cm" -B "$tmp/cm/out" -DCMAKE_PREFIX_PATH="$tmp/inst" -DWANT="$1" > "$tmp/cm.log" 2>&1 && got=yes
        if [ "$got" = "$2" ]; then ok
        else bad "find_package(bitboard $1) against $version: $got, want $2: $(grep -m 3 -i 'version\|error' "$tmp/cm.log")"; fi
    }
    finds "$major.$minor" yes
    finds "$version" yes
    finds "$major.$minor.$((patch + 1))" no # newer than installed
    finds "$major.$((minor + 1))" no
    finds "$((major + 1)).0" no
    if [ "$major" = 0 ]; then
        [ "$minor" -gt 0 ] && finds "0.$((minor - 1))" no # an older 0.x minor: another ABI
    else
        finds "$major.0" yes
    fi
    finds "" yes
    if cmake --build "$tmp/cm/out" > "$tmp/build.log" 2>&1; then
        got=$("$tmp/cm/out/consumer_static" 2>&1)
        [ "$got" = "$want" ] && ok || bad "bitboard::bitboard consumer printed '$got'"
        ! ldd "$tmp/cm/out/consumer_static" | grep -q libbitboard && ok || bad "bitboard::bitboard is not the static library"
        got=$("$tmp/cm/out/consumer_shared" 2>&1)
        [ "$got" = "$want" ] && ok || bad "bitboard::shared consumer printed '$got'"
        readelf -d "$tmp/cm/out/consumer_shared" | grep -q "NEEDED.*\[libbitboard.so.$abi\]" && ok ||
            bad "bitboard::shared's consumer does not need libbitboard.so.$abi: $(readelf -d "$tmp/cm/out/consumer_shared" | grep NEEDED)"
    else bad "the CMake consumer: $(tail -n 10 "$tmp/build.log")"; fi
fi

# ---- Python: sdist, wheel from it, import -----------------------------------
PY=${PYTHON:-/usr/bin/python3}
build_ok() { "$PY" -c 'import build' 2> /dev/null; }
if ! build_ok && command -v apt-get > /dev/null && [ "$(id -u)" = 0 ] && [ "$PY" = /usr/bin/python3 ]; then
    echo "installing python3-build (the sdist and wheel builds)"
    { DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-build ||
      { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-build; }; } > /dev/null 2>&1
fi
if ! python/deps.sh "$PY" > /dev/null 2>&1 || ! build_ok; then
    bad "the Python packaging needs $PY with numpy, setuptools and build (Debian: apt-get install python3-numpy python3-build)"
elif ! (cd python && "$PY" -m build --sdist --no-isolation -o "$tmp/dist" .) > "$tmp/sdist.log" 2>&1; then
    bad "python3 -m build --sdist: $(tail -n 10 "$tmp/sdist.log")"
else
    sd=$tmp/dist/bitboard-$version.tar.gz
    [ -f "$sd" ] && ok || bad "the sdist is not bitboard-$version.tar.gz: $(ls "$tmp/dist")"
    tar tzf "$sd" > "$tmp/sdist.list" 2> /dev/null
    missing=
    for f in LICENSE src/core.c src/core.h csrc/Makefile csrc/mk/lib.mk csrc/include/bitboard.h csrc/include/bitboard/core.h \
             csrc/tools/gen_attack_tables.c csrc/src/core/version.c; do
        grep -qx "bitboard-$version/$f" "$tmp/sdist.list" || missing="$missing $f"
    done
    [ -z "$missing" ] && ok || bad "the sdist lacks:$missing"
    mkdir -p "$tmp/unpacked"
    tar xzf "$sd" -C "$tmp/unpacked"
    src=$tmp/unpacked/bitboard-$version
    grep -qx 'License: MIT' "$src/PKG-INFO" && grep -qx 'Classifier: License :: OSI Approved :: MIT License' "$src/PKG-INFO" && ok ||
        bad "the sdist's PKG-INFO does not say MIT (License and its classifier)"
    # the wheel, offline (no index, no isolation), from the unpacked sdist
    # alone: its own build of the C library, portable unless BB_NATIVE=1
    if (cd "$src" && env -u BB_ARCH -u BB_NATIVE -u BB_BUILD PIP_NO_INDEX=1 "$PY" -m build --wheel --no-isolation -o "$tmp/dist" .) > "$tmp/wheel.log" 2>&1; then
        ok
        grep -q -- '-march=native' "$src/csrc/build/python-x86-64/flags.stamp" "$tmp/wheel.log" && bad "the wheel was built with -march=native" || ok
        grep -q -- '-march=x86-64' "$src/csrc/build/python-x86-64/flags.stamp" && ok || bad "the wheel's C library was not built for x86-64"
        whl=$(ls "$tmp"/dist/bitboard-"$version"-*.whl 2> /dev/null | head -n 1)
        [ -n "$whl" ] && "$PY" -m zipfile -l "$whl" > "$tmp/wheel.list" 2>&1
        if grep -q "bitboard-$version.dist-info/LICENSE" "$tmp/wheel.list"; then ok
        else bad "the wheel carries no dist-info/LICENSE: $whl"; fi
        "$PY" -m venv --system-site-packages "$tmp/venv" > /dev/null 2>&1
        if "$tmp/venv/bin/python" -m pip install -q --no-index --no-deps "$whl" > "$tmp/pip.log" 2>&1; then
            got=$(cd "$tmp" && env -u PYTHONPATH "$tmp/venv/bin/python" -c 'import bitboard, bitboard.othello as o; p, q, _ = o.start(); print(bitboard.__version__, o.perft(p, q, 4), bitboard.__file__)' 2>&1)
            case $got in "$version 244 $tmp/venv/"*) ok ;; *) bad "the installed wheel: $got" ;; esac
        else bad "pip install of the wheel: $(tail -n 5 "$tmp/pip.log")"; fi
    else bad "the wheel from the sdist: $(tail -n 15 "$tmp/wheel.log")"; fi
fi

echo "packaging: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
