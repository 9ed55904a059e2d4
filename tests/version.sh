#!/usr/bin/env bash
# Versions (README.md "Versions"): the one definition in
# include/bitboard/core.h is whole and consistent, every place that carries
# the version says it (tools/versions.sh: npm, Python, CMake, pkg-config, the
# man page, the staged npm package), the CLI prints it,
# CHANGELOG.md has its section, BB_DEPRECATED warns with its message under
# gcc and clang, and make release refuses what it must (a version that is
# not X.Y.Z, one without a changelog section), leaving the tree as it was.
# usage: tests/version.sh path/to/bitboard        Ends "version: N passed, M failed".
set -u
cd "$(dirname "$0")/.."
BIN=${1:-build/bitboard}
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL $1"; fail=$((fail + 1)); }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
h=include/bitboard/core.h
num() { sed -n "s/^#define BB_VERSION_$1 \\([0-9]*\\)\$/\\1/p" "$h"; }
str=$(sed -n 's/^#define BB_VERSION_STRING "\(.*\)"$/\1/p' "$h")
v="$(num MAJOR).$(num MINOR).$(num PATCH)"
if [ "$str" = "$v" ] && [[ $v =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]; then ok; else bad "core.h: BB_VERSION_STRING '$str', the numbers say '$v'"; fi
for part in MAJOR MINOR PATCH; do
    grep -q "^ \*   BB_VERSION_$part  *$(num $part)\\b" "$h" && ok || bad "core.h's contents list gives BB_VERSION_$part another value"
done
grep -q "^ \*   BB_VERSION_STRING     \"$str\"" "$h" && ok || bad "core.h's contents list gives BB_VERSION_STRING another value"
cli=$("$BIN" --version | cut -d' ' -f2)
[ "$cli" = "$str" ] && ok || bad "bitboard --version says '$cli', core.h '$str'"
# every other place, one count each (its line says which differs)
tools/versions.sh > "$tmp/versions" 2>&1
while read -r word rest; do
    case $word in ok) ok ;; DIFFERS) bad "version: $rest" ;; esac
done < "$tmp/versions"
grep -q '^versions: ' "$tmp/versions" || bad "tools/versions.sh ended early: $(tail -n 3 "$tmp/versions")"
grep -q "^## \[$str\] - [0-9]\{4\}-[0-9]\{2\}-[0-9]\{2\}\$" CHANGELOG.md && ok ||
    bad "CHANGELOG.md has no section '## [$str] - YYYY-MM-DD' for the version core.h gives"
# the license: MIT, in the root LICENSE and every package's metadata
head -n 1 LICENSE 2> /dev/null | grep -qx 'MIT License' && grep -q 'the bitboard authors' LICENSE && ok ||
    bad "LICENSE: not the MIT text with the copyright of the bitboard authors"
grep -q '"license": "MIT"' js/package.json && ok || bad "js/package.json: license is not MIT"
grep -q '^license = { text = "MIT" }' python/pyproject.toml && grep -q '"License :: OSI Approved :: MIT License"' python/pyproject.toml &&
    cmp -s python/LICENSE LICENSE && ok ||
    bad "python/: the license is not MIT in pyproject.toml (license, classifier) or python/LICENSE is not LICENSE"
for f in bitboard.pc.in cmake/bitboardConfig.cmake.in cmake/bitboardConfigVersion.cmake.in; do
    grep -q '^# SPDX-License-Identifier: MIT' "$f" && ok || bad "$f does not say its license (SPDX MIT)"
done
grep -q '^\.SH LICENSE' docs/bitboard.1 && sed -n '/^\.SH LICENSE/,/^\.SH/p' docs/bitboard.1 | grep -q 'MIT' && ok ||
    bad "docs/bitboard.1 has no LICENSE section saying MIT"
grep -q '^## License' README.md && sed -n '/^## License/,/^## /p' README.md | grep -q 'MIT' && ok || bad "README.md has no License section saying MIT"
if [ -f build/js/bitboard/package.json ]; then
    [ -f build/js/bitboard/LICENSE ] && [ -f build/js/bitboard/README.md ] && ok ||
        bad "build/js/bitboard: the staged package lacks LICENSE or README.md"
fi
# BB_DEPRECATED: a warning that carries the message, an error under -Werror; none where unused
printf '#include "bitboard.h"\nBB_DEPRECATED("use bb_new_thing") int old_thing(void);\nint old_thing(void) { return 1; }\nint main(void) { return old_thing(); }\n' > "$tmp/dep.c"
printf '#include "bitboard.h"\nBB_DEPRECATED("use bb_new_thing") int old_thing(void);\nint main(void) { return 0; }\n' > "$tmp/unused.c"
for cc in gcc clang; do
    command -v $cc > /dev/null || { echo "SKIP deprecated-$cc: no $cc"; continue; }
    if $cc -std=c11 -Wall -Wextra -Wpedantic -Werror -Iinclude -c "$tmp/dep.c" -o "$tmp/dep.o" 2> "$tmp/err"; then
        bad "BB_DEPRECATED: $cc compiled a use of a deprecated function without a warning"
    elif grep -q "use bb_new_thing" "$tmp/err"; then ok
    else bad "BB_DEPRECATED: $cc's warning lacks the message: $(head -n 3 "$tmp/err")"; fi
    $cc -std=c11 -Wall -Wextra -Wpedantic -Werror -Iinclude -c "$tmp/unused.c" -o "$tmp/unused.o" 2> "$tmp/err" && ok ||
        bad "BB_DEPRECATED: a declaration alone must not warn ($cc): $(head -n 3 "$tmp/err")"
done
# make release refuses, and changes nothing
for wrong in 1.2 01.2.3 1.2.3-rc1 x; do
    if out=$(make --no-print-directory release VERSION="$wrong" 2>&1); then bad "make release VERSION=$wrong went ahead"
    elif grep -q "is not X.Y.Z" <<< "$out"; then ok
    else bad "make release VERSION=$wrong: $out"; fi
done
out=$(make --no-print-directory release 2>&1) && bad "make release without VERSION went ahead" || {
    grep -q "give the version" <<< "$out" && ok || bad "make release without VERSION: $out"; }
if git rev-parse --git-dir > /dev/null 2>&1; then
    git clone -q . "$tmp/clone" 2> /dev/null
    if out=$(make --no-print-directory -C "$tmp/clone" release VERSION=99.0.0 2>&1); then bad "make release VERSION=99.0.0 went ahead without a changelog section"
    elif grep -q "CHANGELOG.md has no section '## \[99.0.0\]" <<< "$out" && [ -z "$(git -C "$tmp/clone" status --porcelain)" ]; then ok
    else bad "make release VERSION=99.0.0 (no changelog section): $out"; fi
fi
echo "version: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
