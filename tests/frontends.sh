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
# The midgame search on the same inputs, one thread, a fixed depth (5, the
# cut-offs on, and 4 without them): each front end says the best move, the
# score as the CLI prints it (%.2f) and the node count, or `error`.
for d in 5 4; do
    [ "$d" = 5 ] && cut= || cut=--no-probcut
    while IFS='|' read -r kind text; do
        out=$("$BIN" -o json othello search --depth "$d" $cut -- "$text" 2> /dev/null)
        if [ $? != 0 ]; then echo error; continue; fi
        best=$(printf '%s' "$out" | sed -n 's/.*"best":"\{0,1\}\([a-hP][1-8A]\|null\)"\{0,1\},.*/\1/p')
        score=$(printf '%s' "$out" | sed -n 's/.*"score":\([-0-9.]*\),.*/\1/p')
        nodes=$(printf '%s' "$out" | sed -n 's/.*"nodes":\([0-9]*\),.*/\1/p')
        echo "$best $score $nodes"
    done < "$tmp/inputs"
done > "$tmp/search.cli"
if (cd python && PYTHONPATH=. "$PY" - "$tmp/inputs" > "$tmp/search.py" 2> "$tmp/python.err") << 'EOF'
import sys
from bitboard import othello
for d, probcut in ((5, True), (4, False)):
    for line in open(sys.argv[1]):
        kind, text = line.rstrip("\n").split("|", 1)
        try:
            p, o, side = othello.board(text) if kind == "position" else othello.transcript(text)
        except ValueError:
            print("error")
            continue
        r = othello.search(p, o, depth=d, probcut=probcut)
        best = "null" if r.best < 0 else "PA" if r.best == othello.PASS else othello.square_name(r.best)
        print(f"{best} {r.score:.2f} {r.nodes}")
EOF
then
    if cmp -s "$tmp/search.cli" "$tmp/search.py"; then pass=$((pass + 1))
    else fail=$((fail + 1)); echo "FAIL search: the CLI and Python differ (CLI, Python):"; paste -d'\n' "$tmp/search.cli" "$tmp/search.py"; fi
else
    skip=$((skip + 1)); echo "SKIP python search: $(head -n 3 "$tmp/python.err")"
fi
if command -v node > /dev/null && [ -d build/js/bitboard ]; then
    cat > "$tmp/js-search.mjs" << 'EOF'
import { readFileSync } from 'node:fs';
import path from 'node:path';
const ot = await import(path.join(path.resolve(process.argv[2]), 'othello.js'));
// the score as C's %.2f prints it: rounded half to even on the exact binary value (toFixed rounds ties up)
const fixed2 = (x) => {
    const r = x * 100; // exact: scores are multiples of a power of two's inverse
    let n = Math.floor(r);
    if (r - n > 0.5 || (r - n === 0.5 && n % 2 !== 0)) n++;
    return (n < 0 || (n === 0 && x < 0) ? '-' : '') + (Math.abs(n) / 100).toFixed(2);
};
for (const [depth, probcut] of [[5, true], [4, false]]) {
    for (const line of readFileSync(process.argv[3], 'utf8').split('\n')) {
        if (!line) continue;
        const bar = line.indexOf('|'), kind = line.slice(0, bar), text = line.slice(bar + 1);
        let pos;
        try {
            pos = kind === 'position' ? ot.parse(text) : ot.playTranscript(text);
        } catch (e) {
            console.log('error');
            continue;
        }
        const r = ot.search(pos, { depth, probcut });
        console.log(`${r.best ?? 'null'} ${fixed2(r.score)} ${r.nodes}`);
    }
}
EOF
    if node "$tmp/js-search.mjs" build/js/bitboard "$tmp/inputs" > "$tmp/search.js" 2> "$tmp/js.err"; then
        if cmp -s "$tmp/search.cli" "$tmp/search.js"; then pass=$((pass + 1))
        else fail=$((fail + 1)); echo "FAIL search: the CLI and JS differ (CLI, JS):"; paste -d'\n' "$tmp/search.cli" "$tmp/search.js"; fi
    else
        fail=$((fail + 1)); echo "FAIL the JS search did not run: $(head -n 3 "$tmp/js.err")"
    fi
else
    skip=$((skip + 1)); echo "SKIP js search: node or build/js/bitboard missing"
fi
# ... and the answers are real: a move for each of the 7 inputs read (twice), an error for each of the 3 others
if [ "$(grep -c '^[a-h][1-8] -\{0,1\}[0-9]*\.[0-9][0-9] [1-9]' "$tmp/search.cli")" = 14 ] &&
    [ "$(grep -c '^error$' "$tmp/search.cli")" = 6 ]; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL search: the CLI's answers:"; cat "$tmp/search.cli"; fi

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


# The limits and defaults, the library's (core.h, othello_solve.h,
# othello_search.h): each front end is given each one's min - 1, min, max
# and max + 1, and refuses exactly the outer two, quoting the range (the
# "LO..HI" of its message); a value it takes may still fail for another
# reason (a table too big for this machine) and counts as taken.  On a
# finished game (no search, no table to fill) and a checkmate, so even the
# largest values answer at once.  JS takes a smaller table (its
# MAX_HASH_MB, from the module), at most the library's.
lim() { sed -n "s/^#define $1 \([0-9]*\)\$/\1/p" include/bitboard/"$2"; }
maxh=$(lim BB_MAX_HASH_MB core.h) maxs=$(lim BB_MAX_SECONDS core.h) maxt=$(lim BB_MAX_THREADS core.h)
solt=$(lim BB_OTHELLO_SOLVE_MAX_THREADS othello_solve.h)
maxd=$(lim BB_OTHELLO_SEARCH_MAX_DEPTH othello_search.h) defd=$(lim BB_OTHELLO_SEARCH_DEFAULT_DEPTH othello_search.h)
: > "$tmp/limits"
limit() { # WHAT PARAM MIN MAX
    for v in $(($3 - 1)) "$3" "$4" $(($4 + 1)); do echo "$1|$2|$v|$3|$4" >> "$tmp/limits"; done
}
limit search depth 0 "$maxd"; limit search seconds 0 "$maxs"; limit search hash 0 "$maxh"; limit search threads 1 "$solt"
limit solve hash 0 "$maxh"; limit solve threads 1 "$solt"
limit perft hash 0 "$maxh"; limit perft threads 1 "$maxt"; limit chess hash 0 "$maxh"; limit chess threads 1 "$maxt"
verdict() { # the answer of a front end: status 0, or 1 and its message
    if [ "$1" = 0 ]; then echo taken; return; fi
    r=$(printf '%s\n' "$2" | grep -oE -- '-?[0-9]+\.\.[0-9]+' | head -n 1)
    if [ -n "$r" ]; then echo "refused $r"; else echo taken; fi
}
while IFS='|' read -r what param v lo hi; do
    if [ "$v" -lt "$lo" ] || [ "$v" -gt "$hi" ]; then echo "$what $param $v: refused $lo..$hi"; else echo "$what $param $v: taken"; fi
done < "$tmp/limits" > "$tmp/limits.want"
opt() { case $1 in seconds) echo --time ;; *) echo "--$1" ;; esac; }
while IFS='|' read -r what param v lo hi; do
    case $what in
    search) out=$("$BIN" othello search "$full" "$(opt "$param")" "$v" 2>&1) ;;
    solve) out=$("$BIN" othello solve "$full" "$(opt "$param")" "$v" --quiet 2>&1) ;;
    perft) out=$("$BIN" othello perft 1 "$full" "$(opt "$param")" "$v" --quiet 2>&1) ;;
    chess) out=$("$BIN" chess perft 1 "$mated" "$(opt "$param")" "$v" --quiet 2>&1) ;;
    esac
    rc=$?
    echo "$what $param $v: $(verdict $((rc != 0)) "$out")"
done < "$tmp/limits" > "$tmp/limits.cli"
if cmp -s "$tmp/limits.want" "$tmp/limits.cli"; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL limits: the CLI and the headers differ (want, CLI):"; diff "$tmp/limits.want" "$tmp/limits.cli"; fi
if (cd python && PYTHONPATH=. "$PY" - "$tmp/limits" "$full" "$mated" > "$tmp/limits.py.raw" 2> "$tmp/python.err") << 'EOF'
import sys
from bitboard import chess, othello
p, o, _ = othello.board(sys.argv[2])
names = {"hash": "hash_mb", "depth": "depth", "seconds": "seconds", "threads": "threads"}
for line in open(sys.argv[1]):
    what, param, v = line.split("|")[:3]
    kw = {names[param]: float(v) if param == "seconds" else int(v)}
    try:
        if what == "search": othello.search(p, o, **kw)
        elif what == "solve": othello.solve(p, o, **kw)
        elif what == "perft": othello.perft(p, o, 1, **kw)
        else: chess.Position(sys.argv[3]).perft(1, **kw)
        print("0|")
    except Exception as e:
        print("1|" + str(e).replace("\n", " "))
EOF
then
    paste -d'|' "$tmp/limits" "$tmp/limits.py.raw" | while IFS='|' read -r what param v lo hi rc msg; do
        echo "$what $param $v: $(verdict "$rc" "$msg")"
    done > "$tmp/limits.py"
    if cmp -s "$tmp/limits.want" "$tmp/limits.py"; then pass=$((pass + 1))
    else fail=$((fail + 1)); echo "FAIL limits: Python and the headers differ (want, Python):"; diff "$tmp/limits.want" "$tmp/limits.py"; fi
else
    skip=$((skip + 1)); echo "SKIP python limits: $(head -n 3 "$tmp/python.err")"
fi
# the search's default depth, given neither a depth nor a time (or both 0), from the start
d1=$("$BIN" -o json othello search start 2>&1 | sed -n 's/.*"depth":\([0-9]*\).*/\1/p')
d2=$("$BIN" -o json othello search start --depth 0 --time 0 2>&1 | sed -n 's/.*"depth":\([0-9]*\).*/\1/p')
d3=$(cd python && PYTHONPATH=. "$PY" -c 'from bitboard import othello; p, o, _ = othello.start(); print(othello.search(p, o).depth, othello.search(p, o, depth=0, seconds=0).depth)' 2> /dev/null)
if [ "$d1 $d2 $d3" = "$defd $defd $defd $defd" ]; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL the search's default depth: CLI $d1, CLI --depth 0 --time 0 $d2, Python $d3; the header's $defd"; fi
if command -v node > /dev/null && [ -d build/js/bitboard ]; then
    cat > "$tmp/js-limits.mjs" << 'EOF'
import path from 'node:path';
const ot = await import(path.join(path.resolve(process.argv[2]), 'othello.js'));
const pos = ot.parse(process.argv[3]), max = ot.MAX_HASH_MB;
console.log(`max ${max}`);
for (const what of ['solve', 'perft']) {
    for (const v of [-1, 0, max, max + 1]) {
        try {
            if (what === 'solve') ot.solve(pos, { hashMb: v }); else ot.perft(pos, 1, { hashMb: v });
            console.log(`${what}|${v}|0|`);
        } catch (e) {
            console.log(`${what}|${v}|1|${e.message}`);
        }
    }
}
EOF
    if node "$tmp/js-limits.mjs" build/js/bitboard "$full" > "$tmp/js-limits.raw" 2> "$tmp/js.err"; then
        jmax=$(sed -n 's/^max //p' "$tmp/js-limits.raw")
        want=$(for w in solve perft; do for v in -1 0 "$jmax" $((jmax + 1)); do
            if [ "$v" -lt 0 ] || [ "$v" -gt "$jmax" ]; then echo "$w hash $v: refused 0..$jmax"; else echo "$w hash $v: taken"; fi; done; done)
        got=$(grep -v '^max ' "$tmp/js-limits.raw" | while IFS='|' read -r w v rc msg; do echo "$w hash $v: $(verdict "$rc" "$msg")"; done)
        if [ -n "$jmax" ] && [ "$jmax" -ge 1 ] && [ "$jmax" -le "$maxh" ] && [ "$want" = "$got" ]; then pass=$((pass + 1))
        else fail=$((fail + 1)); echo "FAIL limits: JS (MAX_HASH_MB $jmax, the library's $maxh; want, JS):"; echo "$want"; echo "$got"; fi
    else
        fail=$((fail + 1)); echo "FAIL the JS limits did not run: $(head -n 3 "$tmp/js.err")"
    fi
else
    skip=$((skip + 1)); echo "SKIP js limits: node or build/js/bitboard missing"
fi
# JS's search takes the library's depth and time limits and its own table cap
if command -v node > /dev/null && [ -d build/js/bitboard ]; then
    cat > "$tmp/js-search-limits.mjs" << 'EOF'
import path from 'node:path';
const ot = await import(path.join(path.resolve(process.argv[2]), 'othello.js'));
const pos = ot.parse(process.argv[3]);
for (const line of process.argv.slice(4)) {
    const [param, v] = line.split('|');
    try {
        ot.search(pos, { [param]: Number(v) });
        console.log(`search ${param} ${v}: taken`);
    } catch (e) {
        console.log(`search ${param} ${v}: ${(e.message.match(/-?[0-9]+\.\.[0-9]+/) ?? ['taken'])[0].replace(/^(?=-?[0-9])/, 'refused ')}`);
    }
}
EOF
    set -- $(for v in -1 0 "$maxd" $((maxd + 1)); do echo "depth|$v"; done; for v in -1 0 "$maxs" $((maxs + 1)); do echo "time|$v"; done
        for v in -1 0 "${jmax:-2048}" $((${jmax:-2048} + 1)); do echo "hashMb|$v"; done)
    want=$(for a in "$@"; do param=${a%|*} v=${a#*|}
        case $param in depth) hi=$maxd ;; time) hi=$maxs ;; *) hi=${jmax:-2048} ;; esac
        if [ "$v" -lt 0 ] || [ "$v" -gt "$hi" ]; then echo "search $param $v: refused 0..$hi"; else echo "search $param $v: taken"; fi; done)
    got=$(node "$tmp/js-search-limits.mjs" build/js/bitboard "$full" "$@" 2> "$tmp/js.err")
    if [ "$want" = "$got" ]; then pass=$((pass + 1))
    else fail=$((fail + 1)); echo "FAIL limits: JS search and the headers differ (want, JS):"; echo "$want"; echo "$got"; head -n 3 "$tmp/js.err"; fi
else
    skip=$((skip + 1)); echo "SKIP js search limits: node or build/js/bitboard missing"
fi
# the help and the docs quote the same values
help=$("$BIN" help othello; "$BIN" help chess)
quotes() { # FILE-OR-help PHRASE...: each phrase is in it
    local src=$1 text missing=
    shift
    if [ "$src" = help ]; then text=$help; else text=$(cat "$src"); fi
    for q in "$@"; do case $text in *"$q"*) ;; *) missing="$missing [$q]" ;; esac; done
    if [ -z "$missing" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL $src does not say:$missing"; fi
}
quotes help "search to depth D (0..$maxd; 0: no limit;" "default $defd when there is no --time" \
    "(0..$maxs;" "the table in MiB (0..$maxh; 0, the" "(lazy SMP;" "1..$solt; 1)" "sharing the table (1..$solt)" \
    "over N threads (1..$maxt)" "MB MiB (0..$maxh; 0: none;" "about MB MiB (0..$maxh);"
quotes docs/bitboard.1 "\\fB\\-\\-depth\\fP 0..$maxd" "\\fB\\-\\-time\\fP 0..$maxs" "\\fB\\-\\-hash\\fP 0..$maxh MiB" \
    "\\fB\\-\\-threads\\fP 1..$solt" "the depth is $defd." "sets the table, 0..$maxh MiB" "between 1..$solt threads"
quotes docs/PYTHON.md "\`depth\` 0..$maxd, \`seconds\` 0..$maxs, \`hash_mb\` 0..$maxh, \`threads\` 1..$solt" \
    "\`threads\` 1..$maxt and \`hash_mb\` 0..$maxh" "depth $defd when neither" "\`threads\` 1..$solt, the CLI's limit; \`hash_mb\` 0..$maxh"
quotes python/bitboard/othello.py "(0..$maxd moves" "(0..$maxs;" "both 0: depth $defd" "\`\`hash_mb\`\`: 0..$maxh (0: 16)" \
    "\`\`threads\`\`: 1..$solt" "1..$maxh MiB"
quotes docs/JS.md "0..\`MAX_HASH_MB\` (${jmax:-2048}" "\`BB_MAX_HASH_MB\`, $maxh"

echo "frontends: $pass passed, $fail failed, $skip skipped"
[ "$fail" = 0 ]
