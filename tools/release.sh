#!/usr/bin/env bash
# make release VERSION=X.Y.Z: a version greater, in semantic-version order
# (number by number: 0.10.0 after 0.9.0), than core.h's and every vX.Y.Z
# tag (a release never goes back, nor is made twice, so the ABI recorded for
# a released version is never written over), set in its one source
# (include/bitboard/core.h: BB_VERSION_MAJOR/MINOR/PATCH/STRING) and stamped
# into js/package.json, every place checked by tools/versions.sh (the
# Python package, CMake, pkg-config and the man page take it from core.h), the
# changelog's section for it checked (CHANGELOG.md: "## [X.Y.Z] - DATE"),
# make test run on the result, the released ABI recorded (make
# abi-baseline: abi/libbitboard.abi, CONTRIBUTING.md "ABI and versions"),
# then one commit "Release X.Y.Z" and an annotated tag vX.Y.Z.  Any
# failure leaves the tree as it was, nothing committed.
# usage: tools/release.sh X.Y.Z ORIGIN (ORIGIN: make's $(origin VERSION):
# the version must come from the command line).  BB_RELEASE_TEST: the
# command run as the release's tests (default make test; tests/release.sh,
# which releases in a throwaway clone, gives a shorter one).
set -eu
cd "$(dirname "$0")/.."
version=$1 origin=${2:-command line}
die() { echo "release: $*" >&2; exit 2; }
[ "$origin" = "command line" ] || die "give the version: make release VERSION=X.Y.Z (now $version, from core.h)"
[[ $version =~ ^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$ ]] ||
    die "VERSION '$version' is not X.Y.Z (three numbers, no leading zeros: semantic versioning)"
major=${BASH_REMATCH[1]} minor=${BASH_REMATCH[2]} patch=${BASH_REMATCH[3]}
header=include/bitboard/core.h
# newer A B: A comes after B in semantic-version order (X.Y.Z, number by number)
newer() {
    local IFS=. a b i
    read -r -a a <<< "$1"; read -r -a b <<< "$2"
    for i in 0 1 2; do
        [ "$((10#${a[i]}))" -gt "$((10#${b[i]}))" ] && return 0
        [ "$((10#${a[i]}))" -lt "$((10#${b[i]}))" ] && return 1
    done
    return 1
}
current=$(sed -n 's/^#define BB_VERSION_STRING "\(.*\)"$/\1/p' "$header")
[[ $current =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || die "$header's BB_VERSION_STRING '$current' is not X.Y.Z"
newer "$version" "$current" ||
    die "VERSION $version is not greater than the current version $current ($header): a release goes forward in semantic-version order (X.Y.Z compared number by number; pre-release suffixes are not taken)"
git rev-parse --git-dir > /dev/null 2>&1 || die "not a git repository"
for tag in $(git tag --list 'v[0-9]*'); do
    t=${tag#v}
    [[ $t =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || continue
    newer "$version" "$t" || die "VERSION $version is not greater than the released $t (tag $tag): a release goes forward"
done
[ -z "$(git status --porcelain --untracked-files=no)" ] || die "the tree has uncommitted changes: commit or stash them first"
! git rev-parse -q --verify "refs/tags/v$version" > /dev/null || die "the tag v$version exists already"
grep -q "^## \[$version\] - [0-9]\{4\}-[0-9]\{2\}-[0-9]\{2\}" CHANGELOG.md ||
    die "CHANGELOG.md has no section '## [$version] - YYYY-MM-DD': write what changed for users first"
abi=abi/libbitboard.abi
npm=js/package.json
restore() { git checkout -q -- "$header" "$abi" "$npm"; }
trap 'restore' ERR INT TERM
sed -i -e "s/^#define BB_VERSION_MAJOR .*/#define BB_VERSION_MAJOR $major/" \
       -e "s/^#define BB_VERSION_MINOR .*/#define BB_VERSION_MINOR $minor/" \
       -e "s/^#define BB_VERSION_PATCH .*/#define BB_VERSION_PATCH $patch/" \
       -e "s/^#define BB_VERSION_STRING .*/#define BB_VERSION_STRING \"$version\"/" \
       -e "s/^\( \*   BB_VERSION_MAJOR  *\)[0-9]*/\1$major/" \
       -e "s/^\( \*   BB_VERSION_MINOR  *\)[0-9]*/\1$minor/" \
       -e "s/^\( \*   BB_VERSION_PATCH  *\)[0-9]*/\1$patch/" \
       -e "s/^\( \*   BB_VERSION_STRING     \)\".*\"/\1\"$version\"/" "$header"
sed -i -e "s/^  \"version\": \"[^\"]*\",\$/  \"version\": \"$version\",/" "$npm"
# fail CMD...: undo the stamping and stop
fail() {
    restore
    trap - ERR INT TERM
    die "$*: nothing committed, $header, $npm and $abi restored"
}
stamped=$(tools/versions.sh --expect "$version" 2>&1) ||
    { grep DIFFERS <<< "$stamped" >&2; fail "a place does not say $version"; }
tests=${BB_RELEASE_TEST:-make test}
echo "release: $header and $npm say $version; running $tests"
$tests || fail "$tests failed"
BB_RELEASE_VERSION=$version make abi-baseline || fail "make abi-baseline failed"
trap - ERR INT TERM
git commit -q -m "Release $version" -- "$header" "$npm" "$abi" || true
git tag -a "v$version" -m "bitboard $version (CHANGELOG.md)"
echo "release: committed and tagged v$version (push the tag when ready: git push origin v$version)"
