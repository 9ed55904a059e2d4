#!/usr/bin/env bash
# The front ends agree: the CLI (build/bitboard), the Python package
# (python/, built by make python) and the npm package (build/js/bitboard,
# built by make wasm) are fed the same Othello inputs (board strings that
# begin with '-', `start`, transcripts, text that is not a position) and each
# says the position it read as a board string, or `error`.  The three
# answers must be the same line for line.
# usage: tests/frontends.sh [path/to/bitboard]
set -u
cd "$(dirname "$0")/.."
BIN=${1:-build/bitboard}
MAKE=${MAKE:-make}
PY=${PYTHON:-$( [ -x /usr/bin/python3 ] && echo /usr/bin/python3 || command -v python3 )}
pass=0 fail=0 skip=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# KIND|TEXT: position (a board string and side, or start) or transcript (from the start)
cat > "$tmp/inputs" << 'EOF'
position|---------------------------OX------XXX-------------------------- O
position|--XXXXX---XXXX---OOOXX---OOXXXX--OOXXXO-OOOOXOO----XOX----XXXXX- O
position|start
position|START
position|...........................OX......XXX.......................... o
position|---------------------------OX------XXX--------------------------
position|-x
transcript|f5d6c3
transcript|F5 d6 C3
transcript|f5f5
EOF

# The CLI: othello show for a position, othello play start for a transcript.
while IFS='|' read -r kind text; do
    if [ "$kind" = position ]; then out=$("$BIN" -o hex othello show -- "$text" 2> /dev/null)
    else out=$("$BIN" -o hex othello play start "$text" 2> /dev/null); fi
    [ $? = 0 ] || out=error
    echo "$out"
done < "$tmp/inputs" > "$tmp/cli"

[ -n "$PY" ] && $MAKE --no-print-directory -s python PYTHON="$PY" > /dev/null 2>&1
if (cd python && PYTHONPATH=. "$PY" - "$tmp/inputs" > "$tmp/python" 2> "$tmp/python.err") << 'EOF'
import sys
from bitboard import othello
for line in open(sys.argv[1]):
    kind, text = line.rstrip("\n").split("|", 1)
    try:
        p, o, side = othello.board(text) if kind == "position" else othello.transcript(text)
        print(othello.board_string(p, o, side))
    except ValueError:
        print("error")
EOF
then
    if cmp -s "$tmp/cli" "$tmp/python"; then pass=$((pass + 1))
    else fail=$((fail + 1)); echo "FAIL the CLI and Python differ (inputs, CLI, Python):"; paste -d'\n' "$tmp/inputs" "$tmp/cli" "$tmp/python"; fi
else
    skip=$((skip + 1)); echo "SKIP python: the package did not load: $(head -n 3 "$tmp/python.err")"
fi

if command -v node > /dev/null && $MAKE --no-print-directory -s wasm > /dev/null 2>&1 && [ -d build/js/bitboard ]; then
    cat > "$tmp/js.mjs" << 'EOF'
import { readFileSync } from 'node:fs';
import path from 'node:path';
const ot = await import(path.join(path.resolve(process.argv[2]), 'othello.js'));
for (const line of readFileSync(process.argv[3], 'utf8').split('\n')) {
    if (!line) continue;
    const bar = line.indexOf('|'), kind = line.slice(0, bar), text = line.slice(bar + 1);
    try {
        const pos = kind === 'position' ? ot.parse(text) : ot.playTranscript(text);
        console.log(ot.format(pos));
    } catch (e) {
        console.log('error');
    }
}
EOF
    if node "$tmp/js.mjs" build/js/bitboard "$tmp/inputs" > "$tmp/js" 2> "$tmp/js.err"; then
        if cmp -s "$tmp/cli" "$tmp/js"; then pass=$((pass + 1))
        else fail=$((fail + 1)); echo "FAIL the CLI and JS differ (inputs, CLI, JS):"; paste -d'\n' "$tmp/inputs" "$tmp/cli" "$tmp/js"; fi
    else
        fail=$((fail + 1)); echo "FAIL the JS package did not run: $(head -n 3 "$tmp/js.err")"
    fi
else
    skip=$((skip + 1)); echo "SKIP js: node or make wasm missing"
fi
# Perft's deepest depths, the library's (BB_OTHELLO_PERFT_MAX_DEPTH,
# BB_CHESS_PERFT_MAX_DEPTH): each front end counts at the limit (from a
# finished Othello game and a checkmate: 0 at once) and refuses one deeper
# with the same reason (the text after "too deep: ").
omax=$(sed -n 's/^#define BB_OTHELLO_PERFT_MAX_DEPTH \([0-9]*\)$/\1/p' include/bitboard/othello.h)
cmax=$(sed -n 's/^#define BB_CHESS_PERFT_MAX_DEPTH \([0-9]*\)$/\1/p' include/bitboard/chess.h)
full="$(printf 'X%.0s' $(seq 64)) X"
mated='rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3'
printf 'othello|%s\nothello|%s\nchess|%s\nchess|%s\n' "$omax" $((omax + 1)) "$cmax" $((cmax + 1)) > "$tmp/depths"
answer() { # the count, or the reason of an error that says "too deep"
    case "$1" in *"too deep: "*) echo "refused: ${1#*too deep: }" ;; *) echo "$1" ;; esac
}
while IFS='|' read -r game depth; do
    if [ "$game" = othello ]; then out=$("$BIN" othello perft "$depth" "$full" --quiet 2>&1)
    else out=$("$BIN" chess perft "$depth" "$mated" --quiet 2>&1); fi
    answer "$out"
done < "$tmp/depths" > "$tmp/cli-depths"
if (cd python && PYTHONPATH=. "$PY" - "$tmp/depths" "$full" "$mated" > "$tmp/py-depths.raw" 2> "$tmp/python.err") << 'EOF'
import sys
from bitboard import chess, othello
for line in open(sys.argv[1]):
    game, depth = line.split("|")
    try:
        if game == "othello":
            p, o, _ = othello.board(sys.argv[2])
            print(othello.perft(p, o, int(depth)))
        else:
            print(chess.Position(sys.argv[3]).perft(int(depth)))
    except ValueError as e:
        print(e)
EOF
then
    while IFS= read -r line; do answer "$line"; done < "$tmp/py-depths.raw" > "$tmp/py-depths"
    if cmp -s "$tmp/cli-depths" "$tmp/py-depths"; then pass=$((pass + 1))
    else fail=$((fail + 1)); echo "FAIL perft depths: the CLI and Python differ (CLI, Python):"; paste -d'\n' "$tmp/cli-depths" "$tmp/py-depths"; fi
else
    skip=$((skip + 1)); echo "SKIP python perft depths: $(head -n 3 "$tmp/python.err")"
fi
if command -v node > /dev/null && [ -d build/js/bitboard ]; then
    cat > "$tmp/js-depths.mjs" << 'EOF'
import { readFileSync } from 'node:fs';
import path from 'node:path';
const ot = await import(path.join(path.resolve(process.argv[2]), 'othello.js'));
const { Chess } = await import(path.join(path.resolve(process.argv[2]), 'chess.js'));
for (const line of readFileSync(process.argv[3], 'utf8').split('\n')) {
    if (!line) continue;
    const [game, depth] = line.split('|');
    try {
        const n = game === 'othello' ? ot.perft(ot.parse(process.argv[4]), Number(depth)) : new Chess(process.argv[5]).perft(Number(depth));
        console.log(String(n));
    } catch (e) {
        console.log(e.message);
    }
}
EOF
    if node "$tmp/js-depths.mjs" build/js/bitboard "$tmp/depths" "$full" "$mated" > "$tmp/js-depths.raw" 2> "$tmp/js.err"; then
        while IFS= read -r line; do answer "$line"; done < "$tmp/js-depths.raw" > "$tmp/js-depths"
        if cmp -s "$tmp/cli-depths" "$tmp/js-depths"; then pass=$((pass + 1))
        else fail=$((fail + 1)); echo "FAIL perft depths: the CLI and JS differ (CLI, JS):"; paste -d'\n' "$tmp/cli-depths" "$tmp/js-depths"; fi
    else
        fail=$((fail + 1)); echo "FAIL the JS perft depths did not run: $(head -n 3 "$tmp/js.err")"
    fi
else
    skip=$((skip + 1)); echo "SKIP js perft depths: node or build/js/bitboard missing"
fi
# the CLI's own answers: 0 at each limit, each refusal naming its limit
if grep -q "^refused: $omax is the deepest" "$tmp/cli-depths" && grep -q "^refused: $cmax is the deepest" "$tmp/cli-depths" &&
    [ "$(grep -c '^0$' "$tmp/cli-depths")" = 2 ]; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL perft depths: the CLI's answers:"; cat "$tmp/cli-depths"; fi

echo "frontends: $pass passed, $fail failed, $skip skipped"
[ "$fail" = 0 ]
