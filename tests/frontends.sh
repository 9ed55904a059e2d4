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
echo "frontends: $pass passed, $fail failed, $skip skipped"
[ "$fail" = 0 ]
