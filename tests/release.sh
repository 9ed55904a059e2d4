#!/usr/bin/env bash
# make release in a throwaway clone under /tmp (this tree, uncommitted
# changes included; never this tree itself): it refuses the current version
# and older ones (semantic order: 0.9.1 after 0.10.0 is older although it
# sorts later as text), a version already tagged and a pre-release suffix,
# each with its reason, a non-zero exit and the clone as it was (the ABI
# baseline untouched); make abi-baseline alone refuses to write over the
# released version's ABI; and good releases (0.9.0, then 0.10.0) stamp every
# place tools/versions.sh reads, record the ABI, commit and tag.  The
# release's own make test is replaced by a no-op (BB_RELEASE_TEST=true): the
# stamping is what is tested here.  The ABI description is made from
# BB_ABI_BUILD (default build/x86-64, make test's build with the ABI
# build's flags) when it has libbitboard.so, else from a quick -O0 build.
# usage: tests/release.sh      Ends "release: N passed, M failed".
set -u
cd "$(dirname "$0")/.."
root=$(pwd)
unset MAKEFLAGS MAKEOVERRIDES MFLAGS MAKELEVEL
MAKE=${MAKE:-make}
tmp=$(mktemp -d /tmp/bb-release.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $1"; }
# this tree as a commit (the index and work tree's changes to tracked files)
snap=$(git stash create 2> /dev/null)
[ -n "$snap" ] || snap=$(git rev-parse HEAD)
c=$tmp/clone
git clone -q --shared --no-checkout "$root" "$c" && git -C "$c" checkout -q -B main "$snap" ||
    { echo "FAIL cloning this tree into $c"; echo "release: 0 passed, 1 failed"; exit 1; }
git -C "$c" tag -l | xargs -r git -C "$c" tag -d > /dev/null
git -C "$c" config user.email release-test@localhost
git -C "$c" config user.name "release test"
current=$(sed -n 's/^#define BB_VERSION_STRING "\(.*\)"$/\1/p' "$c/include/bitboard/core.h")
IFS=. read -r major minor patch <<< "$current"

# the shared library abidw describes
abi_lib=$(realpath -m "${BB_ABI_BUILD:-$root/build/x86-64}")
if [ ! -f "$abi_lib/libbitboard.so" ]; then
    abi_lib=$c/build/abi0
    "$MAKE" --no-print-directory -s -C "$c" -j2 CC=gcc ARCH=x86-64 OPT=-O0 CFLAGS=-g BUILD="$abi_lib" "$abi_lib/libbitboard.so" > "$tmp/lib.log" 2>&1 ||
        bad "building the shared library for the ABI description: $(tail -n 5 "$tmp/lib.log")"
fi
export BB_RELEASE_TEST=true BB_ABI_BUILD=$abi_lib

state() { # the clone's state: HEAD, tags, changes, the ABI baseline's checksum
    printf '%s\n' "$(git -C "$c" rev-parse HEAD)" "$(git -C "$c" tag -l)" "$(git -C "$c" status --porcelain)" \
        "$(md5sum < "$c/abi/libbitboard.abi")"
}
# refuses VERSION MESSAGE: make release VERSION exits non-zero saying MESSAGE, the clone unchanged
refuses() {
    local before out rc=0
    before=$(state)
    out=$("$MAKE" --no-print-directory -C "$c" release VERSION="$1" 2>&1) || rc=$?
    if [ "$rc" -eq 0 ]; then bad "make release VERSION=$1 went ahead: $(tail -n 3 <<< "$out")"
    elif ! grep -qF -- "$2" <<< "$out"; then bad "make release VERSION=$1: no '$2' in: $out"
    elif [ "$(state)" != "$before" ]; then bad "make release VERSION=$1 refused, but changed the clone: $(git -C "$c" status --short)"
    else ok; fi
}
# section VERSION...: the clone's CHANGELOG.md gets a section for each, committed
section() {
    local v
    for v in "$@"; do sed -i "0,/^## \[Unreleased\]/s//## [Unreleased]\n\n## [$v] - 2026-12-07\n\n- a test release/" "$c/CHANGELOG.md"; done
    git -C "$c" commit -q -am "changelog: $*"
}
section 0.9.0 0.10.0 0.9.1 "$current" 0.1.0 "$major.$((minor - 1 < 0 ? 0 : minor - 1)).9"

refuses "$current" "not greater than the current version $current"
refuses 0.1.0 "not greater than the current version $current"
[ "$minor" -gt 0 ] && refuses "$major.$((minor - 1)).9" "not greater than the current version $current"
refuses 0.9.0-rc1 "is not X.Y.Z"
# make abi-baseline alone: the released version's ABI is not written over
before=$(state)
if out=$("$MAKE" --no-print-directory -C "$c" abi-baseline 2>&1); then bad "make abi-baseline rewrote the ABI of the released $current"
elif grep -q "the ABI of the released $current" <<< "$out" && [ "$(state)" = "$before" ]; then ok
else bad "make abi-baseline at the released $current: $out"; fi

# released VERSION: a good release: committed, tagged, every place says VERSION
released() {
    local out rc=0
    out=$("$MAKE" --no-print-directory -C "$c" release VERSION="$1" 2>&1) || rc=$?
    if [ "$rc" -ne 0 ]; then bad "make release VERSION=$1 failed: $(tail -n 5 <<< "$out")"; return; fi
    [ "$(git -C "$c" log -1 --format=%s)" = "Release $1" ] && git -C "$c" rev-parse -q --verify "refs/tags/v$1" > /dev/null && ok ||
        bad "make release VERSION=$1: no commit 'Release $1' tagged v$1"
    [ -z "$(git -C "$c" status --porcelain --untracked-files=no)" ] && ok || bad "make release VERSION=$1 left changes: $(git -C "$c" status --short)"
    local files
    files=$(git -C "$c" show --name-only --format= HEAD | sort | tr '\n' ' ')
    # (the ABI file changes only when the description does)
    case $files in "include/bitboard/core.h js/package.json " | "abi/libbitboard.abi include/bitboard/core.h js/package.json ") ok ;;
    *) bad "the release commit holds '$files', not core.h, package.json (and the ABI)" ;; esac
    grep -q "^wrote abi/libbitboard.abi" <<< "$out" && ok || bad "make release VERSION=$1 did not record the ABI: $(tail -n 5 <<< "$out")"
    if out=$("$c/tools/versions.sh" --expect "$1" 2>&1); then ok
    else bad "after make release VERSION=$1, a place says another version: $(grep DIFFERS <<< "$out")"; fi
}
released 0.9.0
released 0.10.0 # after 0.9.0, though it sorts before it as text
refuses 0.9.1 "not greater than the current version 0.10.0"
refuses 0.10.0 "not greater than the current version 0.10.0"
# a tag newer than core.h (core.h edited back by hand): refused too
sed -i 's/^#define BB_VERSION_MINOR 10$/#define BB_VERSION_MINOR 9/; s/^#define BB_VERSION_STRING "0.10.0"$/#define BB_VERSION_STRING "0.9.0"/' "$c/include/bitboard/core.h"
git -C "$c" commit -q -am "core.h back to 0.9.0"
refuses 0.9.1 "not greater than the released 0.10.0 (tag v0.10.0)"
# tools/versions.sh notices a place that disagrees
git -C "$c" checkout -q "v0.10.0"
sed -i 's/^  "version": "0.10.0",$/  "version": "0.10.1",/' "$c/js/package.json"
if out=$("$c/tools/versions.sh" 2>&1); then bad "tools/versions.sh passed with js/package.json at 0.10.1"
elif grep -q "^DIFFERS js/package.json: '0.10.1'" <<< "$out"; then ok
else bad "tools/versions.sh with js/package.json at 0.10.1: $out"; fi

echo "release: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
