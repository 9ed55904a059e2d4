#!/usr/bin/env bash
# Stockfish as the outside oracle of chess perft: positions from the
# generators of tests/chess_diff.h (build/tools/chess_positions: half of
# them Chess960 in Shredder-FEN, the rest standard FEN), perft 4 of each
# by Stockfish (run once as a program over UCI, never linked: UCI_Chess960
# on, `position fen`, `go perft 4`, `Nodes searched: N`) and by
# `bitboard chess perft 4 --epd` over the same positions with Stockfish's
# counts.  A mismatch prints the FEN, both counts and the root moves whose
# counts differ (both sides write castling as king takes rook).
# Ends with "stockfish: N passed, M failed, K skipped".
#
# usage: tests/stockfish.sh BITBOARD_BINARY
#   STOCKFISH_POSITIONS (1000), STOCKFISH_SEED (20261126), STOCKFISH_DEPTH (4)
#   change the run; STOCKFISH=path picks the program.  About 8 s (4 s of CPU).
# Stockfish comes from Debian's package (installed here, as root, when
# missing: /usr/games/stockfish, 15.1 on Debian 12); where it cannot be
# installed the part is skipped, never passed.
set -u
export LC_ALL=C # sort and join agree on the order of the moves
if [ $# -ne 1 ]; then echo "usage: tests/stockfish.sh BITBOARD_BINARY" >&2; exit 2; fi
bin=$1
count=${STOCKFISH_POSITIONS:-1000} seed=${STOCKFISH_SEED:-20261126} depth=${STOCKFISH_DEPTH:-4}
root=$(cd "$(dirname "$0")/.." && pwd)
[ -x "$bin" ] || { echo "stockfish.sh: no program $bin"; echo "stockfish: 0 passed, 1 failed, 0 skipped"; exit 1; }

skip() {
    echo "SKIP stockfish: $1"
    echo "stockfish: 0 passed, 0 failed, 1 skipped"
    exit 0
}

find_stockfish() {
    if [ -n "${STOCKFISH:-}" ]; then sf=$STOCKFISH; return; fi
    sf=$(command -v stockfish 2>/dev/null || true)
    [ -n "$sf" ] || sf=/usr/games/stockfish
}
find_stockfish
if [ ! -x "$sf" ] && [ -z "${STOCKFISH:-}" ]; then
    if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
        echo "installing stockfish"
        { DEBIAN_FRONTEND=noninteractive apt-get install -y -qq stockfish ||
            { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq stockfish; }; } >/dev/null 2>&1
        find_stockfish
    fi
fi
[ -x "$sf" ] || skip "no Stockfish program, and it cannot be installed here (apt-get install stockfish as root)"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# the positions: the generators' tool, built in the binary's build directory
build=$(dirname "$bin")
tool=$build/tools/chess_positions
if ! ${MAKE:-make} -C "$root" --no-print-directory -s BUILD="$build" "$tool" > "$tmp/make.log" 2>&1; then
    cat "$tmp/make.log"
    echo "stockfish.sh: could not build $tool"
    echo "stockfish: 0 passed, 1 failed, 0 skipped"
    exit 1
fi
"$tool" --count "$count" --seed "$seed" > "$tmp/fens" || { echo "stockfish: 0 passed, 1 failed, 0 skipped"; exit 1; }

# Stockfish over all of them at once: each `go` waits for the search before
# it, and quit lets the last one finish.  Its output, block by block:
# `move: count` lines, then `Nodes searched: N`.
{
    echo uci
    echo "setoption name UCI_Chess960 value true"
    while IFS= read -r fen; do
        echo "position fen $fen"
        echo "go perft $depth"
    done < "$tmp/fens"
    echo quit
} | "$sf" > "$tmp/sf.out" 2> "$tmp/sf.err"
version=$(sed -n 's/^id name //p' "$tmp/sf.out" | head -n 1)
awk -v dir="$tmp" '
    /^[a-h][1-8][a-h][1-8][nbrq]?: [0-9]+$/ { print > (dir "/sf.div." n); next }
    /^Nodes searched: / { print $3 > (dir "/sf.counts"); n++ }
' "$tmp/sf.out"
touch "$tmp/sf.counts"
got=$(wc -l < "$tmp/sf.counts")
if [ "$got" -ne "$count" ]; then
    echo "Stockfish ($sf) gave $got counts for $count positions; the end of its output:"
    tail -n 5 "$tmp/sf.out" "$tmp/sf.err" | sed 's/^/  | /'
fi

# ours: one perft suite with Stockfish's counts
paste -d '\t' "$tmp/fens" "$tmp/sf.counts" | head -n "$got" |
    awk -F '\t' -v d="$depth" '{ print $1 " ;D" d " " $2 }' > "$tmp/suite.epd"
"$bin" chess perft "$depth" --epd "$tmp/suite.epd" --quiet > "$tmp/ours.out" 2>&1
pass=$(grep -c ': pass$' "$tmp/ours.out")
fail=$((count - pass))
if ! grep -qE '^[0-9]+ passed, [0-9]+ failed$' "$tmp/ours.out"; then
    echo "bitboard chess perft --epd did not finish; the end of its output:"
    tail -n 5 "$tmp/ours.out" | sed 's/^/  | /'
fi

# each failure: the FEN, both counts, the root moves that differ
grep -E '^line [0-9]+: ' "$tmp/ours.out" | grep -v ': pass$' | while IFS= read -r line; do
    n=${line#line }; n=${n%%:*}
    fen=$(sed -n "${n}p" "$tmp/fens")
    want=$(sed -n "${n}p" "$tmp/sf.counts")
    ours=$(printf '%s\n' "$line" | sed -nE 's/^line [0-9]+: D[0-9]+ ([0-9]+) .*/\1/p')
    if [ -n "$ours" ]; then echo "FAIL perft $depth of '$fen': ours $ours, Stockfish $want"
    else echo "FAIL perft $depth of '$fen': Stockfish $want; ours: $line"; fi
    "$bin" chess perft "$depth" --divide --chess960 --quiet "$fen" 2>/dev/null | grep -E '^[a-h][1-8][a-h][1-8][nbrq]?: ' |
        sort > "$tmp/ours.div"
    sort "$tmp/sf.div.$((n - 1))" > "$tmp/sf.div" 2>/dev/null || : > "$tmp/sf.div"
    join -t ':' -a 1 -a 2 -e ' none' -o 0,1.2,2.2 "$tmp/ours.div" "$tmp/sf.div" |
        awk -F ':' '$2 != $3 { if (++n <= 12) printf "    %s: ours%s, Stockfish%s\n", $1, $2, $3 }
                    END { if (n > 12) printf "    (%d more root moves differ)\n", n - 12; else if (!n) print "    every root move agrees" }'
done
# counts Stockfish never gave are failures too (counted above: count - pass)
for ((i = got + 1; i <= count; i++)); do
    echo "FAIL perft $depth of '$(sed -n "${i}p" "$tmp/fens")': Stockfish gave no count"
done

echo "$count positions (seed $seed) at depth $depth against ${version:-Stockfish} ($sf)"
echo "stockfish: $pass passed, $fail failed, 0 skipped"
[ "$fail" -eq 0 ]
