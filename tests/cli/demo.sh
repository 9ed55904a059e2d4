#!/usr/bin/env bash
# make demo's second part, tools/demo.sh (the game layers), run against a
# binary in a directory of its own: it shows each command it runs; names
# the PGN file's bad game with exit status 1 and prints the other games'
# positions; solves the FFO position (+38, its PV); counts perft 5 twice
# with the same total, the second time resumed from a journal cut to 8 of
# its 20 subtrees; prints the Python line (and runs it when the package is
# built).  (`bitboard demo` itself is golden-tested by tests/cli/sym.sh;
# that make demo stays quiet, by tests/build.sh.)
# usage: tests/cli/demo.sh path/to/bitboard
set -u
BIN=${1:-build/bitboard}
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
cd "$(dirname "$0")/../.." || exit 2
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ln -s "$BIN" "$tmp/bitboard"

python=${PYTHON:-$( [ -x /usr/bin/python3 ] && echo /usr/bin/python3 || echo python3 )} # as the Makefile picks it
out=$(tools/demo.sh "$tmp" "$python" 2>&1); rc=$?
has() { # NAME TEXT: the output has a line holding TEXT (fixed string)
    if printf '%s\n' "$out" | grep -qF -- "$2"; then ok; else bad "$1: no line with '$2'"; fi
}
if [ "$rc" = 0 ]; then ok; else bad "status: tools/demo.sh exited $rc"; fi
for n in 7 8 9 10; do has "section-$n" "== $n. "; done
has pgn-command "\$ $tmp/bitboard chess pgn $tmp/demo/games.pgn"
has pgn-counts "3 games, "
has pgn-bad-game "games.pgn: game 2, line 13, column 24: Bb6"
has pgn-status "(exit status 1: a game could not be read; the others were)"
has pgn-mate-fen "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4"
has pgn-game-3 "rnbqkbnr/ppp1pppp/8/3p4/2PP4/8/PP2PPPP/RNBQKBNR b KQkq - 0 2"
has solve-command "\$ $tmp/bitboard othello solve $tmp/demo/ffo.obf"
has solve-score "score +38 (win), best b6, pv b6 c7 a7 b7 b8 d7 f8 c6 a8 e8 g7 f7 a6 g8 c8 h8 d8"
has perft-command "\$ $tmp/bitboard chess perft 5 --split 1 --journal $tmp/demo/perft5.journal"
has perft-cut "\$ head -n 9 $tmp/demo/perft5.journal"
has perft-resumed "8 of 20 subtrees"
counts=$(printf '%s\n' "$out" | grep -cx '4865609')
if [ "$counts" = 2 ]; then ok; else bad "perft-counts: 4865609 printed $counts times, want 2 (the run, the resumed run)"; fi
has python-line "import bitboard.chess as c; g = next(c.read_pgn('$tmp/demo/games.pgn'))"
# the line after it: the game read by Python, or why not (not built; or, while make test
# builds the package beside this test, an import that fails): never anything else
after=$(printf '%s\n' "$out" | grep -A1 -F "import bitboard.chess as c" | sed -n 2p)
case $after in
    "Scholar's mate ['e2e4', 'e7e5', 'f1c4', 'b8c6', 'd1h5', 'g8f6', 'h5f7'] (8, 12)") ok ;;
    "(not run: the Python package is not built; \`make python\` builds it)" | "($python could not run it: "*) ok ;;
    *) bad "python-ran: '$after' after the Python line" ;;
esac
if [ -s "$tmp/demo/games.pgn" ] && [ -s "$tmp/demo/perft5.journal" ]; then ok; else bad "files: the demo's files are not left in $tmp/demo"; fi
if [ ! -e "$tmp/demo/.out" ] && [ ! -e "$tmp/demo/.err" ]; then ok; else bad "scratch: .out/.err left behind"; fi
noise=$(printf '%s\n' "$out" | grep -E '^  (CC|LD|AR) |^gcc|^cc |^make')
if [ -z "$noise" ]; then ok; else bad "quiet: lines tests/build.sh takes for build noise: $noise"; fi
if [ "$fail" != 0 ]; then printf '%s\n' "--- the output:" "$out" | head -n 80; fi
echo "demo: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
