#!/usr/bin/env bash
# egaroucid_web.sh EGAROUCID_SRC OUT: builds our NBoard driver
# (egaroucid_web_nboard.cpp, beside this script) against Egaroucid for Web's
# engine, EGAROUCID_SRC/src/web/*.hpp (github.com/Nyanyan/Egaroucid), with
# g++ -std=c++17 -O3: the web edition's own release flag (its
# src/Egaroucid_for_Web_compile_cmd.txt builds with em++ -O3), no -march.
# The program is OUT/egaroucid_web_nboard.  Our own script: no Egaroucid code
# is copied into this tree.
set -eu
die() { echo "egaroucid_web: $*" >&2; exit 2; }
[ $# -eq 2 ] || die "usage: egaroucid_web.sh EGAROUCID_SRC OUT"
src=$1 out=$2
[ -f "$src/src/web/ai.hpp" ] || die "$src is not an Egaroucid source tree (no src/web/ai.hpp)"
command -v g++ >/dev/null || die "needs g++"
mkdir -p "$out"
here=$(cd "$(dirname "$0")" && pwd)
g++ -std=c++17 -O3 -I"$src/src" -o "$out/egaroucid_web_nboard" "$here/egaroucid_web_nboard.cpp" || die "the build failed"
echo "egaroucid_web: $out/egaroucid_web_nboard"
