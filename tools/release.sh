#!/usr/bin/env bash
# make release VERSION=X.Y.Z: the version set in its one place
# (include/bitboard/core.h: BB_VERSION_MAJOR/MINOR/PATCH/STRING), the
# changelog's section for it checked (CHANGELOG.md: "## [X.Y.Z] - DATE"),
# make test run on the result, the released ABI recorded (make
# abi-baseline: abi/libbitboard.abi, CONTRIBUTING.md "ABI and versions"),
# then one commit "Release X.Y.Z" and an annotated tag vX.Y.Z.  Any
# failure leaves the tree as it was, nothing committed.
# usage: tools/release.sh X.Y.Z ORIGIN (ORIGIN: make's $(origin VERSION):
# the version must come from the command line)
set -eu
cd "$(dirname "$0")/.."
version=$1 origin=${2:-command line}
die() { echo "release: $*" >&2; exit 2; }
[ "$origin" = "command line" ] || die "give the version: make release VERSION=X.Y.Z (now $version, from core.h)"
[[ $version =~ ^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$ ]] ||
    die "VERSION '$version' is not X.Y.Z (three numbers, no leading zeros: semantic versioning)"
major=${BASH_REMATCH[1]} minor=${BASH_REMATCH[2]} patch=${BASH_REMATCH[3]}
header=include/bitboard/core.h
git rev-parse --git-dir > /dev/null 2>&1 || die "not a git repository"
[ -z "$(git status --porcelain --untracked-files=no)" ] || die "the tree has uncommitted changes: commit or stash them first"
! git rev-parse -q --verify "refs/tags/v$version" > /dev/null || die "the tag v$version exists already"
grep -q "^## \[$version\] - [0-9]\{4\}-[0-9]\{2\}-[0-9]\{2\}" CHANGELOG.md ||
    die "CHANGELOG.md has no section '## [$version] - YYYY-MM-DD': write what changed for users first"
abi=abi/libbitboard.abi
restore() { git checkout -q -- "$header" "$abi"; }
trap 'restore' ERR INT TERM
sed -i -e "s/^#define BB_VERSION_MAJOR .*/#define BB_VERSION_MAJOR $major/" \
       -e "s/^#define BB_VERSION_MINOR .*/#define BB_VERSION_MINOR $minor/" \
       -e "s/^#define BB_VERSION_PATCH .*/#define BB_VERSION_PATCH $patch/" \
       -e "s/^#define BB_VERSION_STRING .*/#define BB_VERSION_STRING \"$version\"/" \
       -e "s/^\( \*   BB_VERSION_MAJOR  *\)[0-9]*/\1$major/" \
       -e "s/^\( \*   BB_VERSION_MINOR  *\)[0-9]*/\1$minor/" \
       -e "s/^\( \*   BB_VERSION_PATCH  *\)[0-9]*/\1$patch/" \
       -e "s/^\( \*   BB_VERSION_STRING     \)\".*\"/\1\"$version\"/" "$header"
grep -q "^#define BB_VERSION_STRING \"$version\"" "$header" || die "could not set the version in $header"
echo "release: $header says $version; running make test"
if ! make test; then
    restore
    trap - ERR INT TERM
    die "make test failed: nothing committed, $header and $abi restored"
fi
if ! make abi-baseline; then
    restore
    trap - ERR INT TERM
    die "make abi-baseline failed: nothing committed, $header and $abi restored"
fi
trap - ERR INT TERM
git commit -q -m "Release $version" -- "$header" "$abi" || true
git tag -a "v$version" -m "bitboard $version (CHANGELOG.md)"
echo "release: committed and tagged v$version (push the tag when ready: git push origin v$version)"
