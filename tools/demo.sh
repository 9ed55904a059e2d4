#!/usr/bin/env bash
# make demo, after `bitboard demo` (the library's tour): the game layers as a
# newcomer types them.  A small PGN file read, its positions printed and its
# bad game named; an FFO endgame solved with its principal variation; a
# journaled perft stopped (its journal cut to the first subtrees with
# head -n) and resumed; the Python line to try next (run when the package is
# built).  Each command is shown as typed from the top of the tree, then its
# output (standard output, then standard error).  The files are written to
# BUILD/demo/ and left there to try other options on.  Well under a second.
# usage: tools/demo.sh BUILD [PYTHON]
set -u
build=${1:-build}
python=${2:-$( [ -x /usr/bin/python3 ] && echo /usr/bin/python3 || echo python3 )}
bin=$build/bitboard
dir=$build/demo
mkdir -p "$dir" || exit 1
out=$dir/.out err=$dir/.err

section() { # the same banner as bitboard demo's sections: "== N. TITLE ====" to 75 columns
    local line="== $1 "
    while [ ${#line} -lt 75 ]; do line+="="; done
    printf '\n%s\n\n' "$line"
}
# run WHY COMMAND...: prints "$ COMMAND", runs it, prints its output and, when the
# exit status is not 0, the status and WHY (what the status means here).
run() {
    local why=$1; shift
    printf '$ %s\n' "$*"
    "$@" > "$out" 2> "$err"
    local rc=$?
    cat "$out" "$err"
    [ "$rc" = 0 ] || printf '(exit status %d: %s)\n' "$rc" "$why"
}

cat > "$dir/games.pgn" << 'PGN'
[Event "Scholar's mate"]
[White "A"]
[Black "B"]
[Result "1-0"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0

[Event "A typo"]
[White "C"]
[Black "D"]
[Result "*"]

1. e4 e5 2. Nf3 Nc6 3. Bb6 a6 *

[Event "Queen's gambit"]
[White "E"]
[Black "F"]
[Result "*"]

1. d4 d5 2. c4 *
PGN

echo
# (no line printed may start with "make": tests/build.sh reads those as build noise)
echo "The game layers follow, as commands typed from the top of the tree (their"
echo "files are in $dir/, to try other options on):"

section "7. Chess games: a PGN file read, one game refused"
run "a game could not be read; the others were" "$bin" chess pgn "$dir/games.pgn"
printf '$ %s\n' "$bin chess pgn $dir/games.pgn --fen 2> /dev/null"
"$bin" chess pgn "$dir/games.pgn" --fen 2> /dev/null
echo
echo "--fen prints the position after every ply (--final: the last), --uci and"
echo "--san the moves, --export clean PGN; --stats --threads 2 reads a file of"
echo "millions of games in parts."

section "8. Othello: an endgame solved exactly"
# FFO #40 (20 empties, +38 by a2) after a2 b1 c1 and white's pass: 17 empties
printf '%s\n' 'OOXXXXXXXOXXXXXXOOXOOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X ; FFO #40 after a2 b1 c1, white passes' \
    > "$dir/ffo.obf"
run "the solver failed" "$bin" othello solve "$dir/ffo.obf"
echo
echo "The score is the final disc difference for the side to move under perfect"
echo "play (FFO #40: +38), then the best move and the principal variation."

section "9. Perft with a journal: stopped, then resumed"
rm -f "$dir/perft5.journal"
run "perft failed" "$bin" chess perft 5 --split 1 --journal "$dir/perft5.journal"
echo
echo "The journal holds a header and one line per finished subtree (20 here, one"
echo "a root move).  Keep the header and 8 lines, as if the run had been stopped:"
printf '$ head -n 9 %s > %s.cut && mv %s.cut %s\n' "$dir/perft5.journal" "$dir/perft5.journal" \
    "$dir/perft5.journal" "$dir/perft5.journal"
head -n 9 "$dir/perft5.journal" > "$dir/perft5.journal.cut" && mv "$dir/perft5.journal.cut" "$dir/perft5.journal"
run "the resumed perft failed" "$bin" chess perft 5 --split 1 --journal "$dir/perft5.journal"
echo
echo "The same command goes on where the journal stops (after Ctrl-C, a crash,"
echo "or a killed job); bitboard-mpi shares the subtrees out over MPI ranks."

section "10. Next: Python"
line="import bitboard.chess as c; g = next(c.read_pgn('$dir/games.pgn')); print(g['tags']['Event'], g['uci'], g['boards'].shape)"
printf '$ PYTHONPATH=python %s -c "%s"\n' "$python" "$line"
if compgen -G 'python/bitboard/_core*.so' > /dev/null; then
    if PYTHONPATH=python "$python" -c "$line" > "$out" 2> "$err"; then cat "$out"
    else printf '(%s could not run it: %s)\n' "$python" "$(tail -n 1 "$err")"; fi
else
    echo "(not run: the Python package is not built; \`make python\` builds it)"
fi
echo
echo "docs/PYTHON.md: numpy arrays of boards, symmetries, planes for training."
rm -f "$out" "$err"
