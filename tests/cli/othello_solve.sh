#!/usr/bin/env bash
# othello solve: a position, a transcript, a file of FFO/OBF lines (a bad
# line named and skipped, exit 1), a file with a byte-order mark, a file
# that cannot be opened (exit 2, why), --wld (its JSON a result and a score
# range, not a score), -o json, 2 threads giving the same answer, Ctrl-C
# (the real time), the estimate and progress (--progress; nothing more on
# stderr without it off a terminal), and the usage errors.  The nodes are exact repeats; the times are
# masked (T) before the comparison.
# usage: tests/cli/othello_solve.sh path/to/bitboard
set -u
BIN=${1:-build/bitboard}
pass=0 fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# expect NAME STATUS WANT_STDOUT WANT_STDERR ARGS...: times masked
expect() {
    local name=$1 want_rc=$2 want_out=$3 want_err=$4; shift 4
    "$BIN" "$@" > "$tmp/out" 2> "$tmp/err" < /dev/null
    local rc=$?
    local out err
    out=$(sed -E 's/[0-9]+\.[0-9]+ s/T s/g; s/"seconds":[0-9.]+/"seconds":T/' "$tmp/out")
    err=$(sed -E 's/[0-9]+\.[0-9]+ s/T s/g; s/[0-9.]+ M nodes\/s/N M nodes\/s/' "$tmp/err")
    if [ "$rc" = "$want_rc" ] && [ "$out" = "$want_out" ] && [ "$err" = "$want_err" ]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL $name: exit $rc (want $want_rc)"
        [ "$out" = "$want_out" ] || printf '  stdout:\n%s\n  want:\n%s\n' "$out" "$want_out"
        [ "$err" = "$want_err" ] || printf '  stderr:\n%s\n  want:\n%s\n' "$err" "$want_err"
    fi
}
# 14 empties: a random game (tools: any legal transcript will do)
t='d3e3f4g3f2e1g5c3b3d2d1e2f5c5g2e6f3g4f6a3b4g1c4g6a2c1c6b7h3b2h6c2f7h2f1d7a8g8e8h5f8h7a4h1b1b6'
out_t=$("$BIN" othello solve "$t" --quiet)
case $out_t in "score -10 (loss), best h4, pv h4 a1 a7 d6 h8 g7 c7 a5 b5 a6 e7 b8 c8 d8, "*" nodes, "*" s") pass=$((pass + 1)) ;;
*) fail=$((fail + 1)); echo "FAIL transcript: $out_t" ;; esac
# the same position as a board string gives the same line
board=$("$BIN" -o json othello play start "$t" | sed -E 's/.*"position":"([^"]*)".*/\1/')
out_b=$("$BIN" othello solve "$board" --quiet)
[ "${out_b%, *}" = "${out_t%, *}" ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL board vs transcript: $out_b / $out_t"; }
out_2=$("$BIN" othello solve "$board" --quiet --threads 2 | sed -E 's/, [0-9]+ nodes, [0-9.]+ s$//')
[ "$out_2" = "$(printf '%s' "$out_t" | sed -E 's/, [0-9]+ nodes, [0-9.]+ s$//')" ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL threads: $out_2"; }
# a file: FFO #40-style lines, a comment, a blank line, a bad line
cat > "$tmp/suite.obf" <<SUITE
# small positions
$board; from the transcript

--XXXXX---XXXX---OOOXX---OOXXXX--OOXXXO-OOOOXOO----XOX----XXXXX- Q; bad side
SUITE
"$BIN" othello solve "$tmp/suite.obf" --wld > "$tmp/o" 2> "$tmp/e"; rc=$?
if [ $rc = 1 ] && grep -q '^line 2: ' "$tmp/o" && grep -q "suite.obf:4: bad side to move" "$tmp/e" && grep -q '^1 position, ' "$tmp/e"; then
    pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL file: rc $rc"; cat "$tmp/o" "$tmp/e"; fi
# json
"$BIN" -o json othello solve "$board" > "$tmp/j"
if grep -qE '^\{"position":"[-XO]{64} [XO]","score":-?[0-9]+,"best":"[a-h][1-8]","pv":\["[a-h][1-8]"(,"([a-h][1-8]|PA)")*\],"nodes":[0-9]+,"seconds":[0-9.]+\}$' "$tmp/j"; then
    pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL json: $(cat "$tmp/j")"; fi
"$BIN" -o json othello solve "$board" --wld > "$tmp/j"
# the score is -10: --wld says loss and the scores it allows, with no "score" to read as -1 disc
grep -q '^{"position":"[^"]*","result":"loss","score_range":\[-64,-2\],"best":"h4",' "$tmp/j" && ! grep -q '"score"' "$tmp/j" &&
    pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL json wld: $(cat "$tmp/j")"; }
# final scores are even (empties to the winner): a win is 2..64, a draw 0
x34=XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX x32=XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX o32=${x32//X/O}
"$BIN" -o json othello solve "$x34${o32:3}- X" --wld > "$tmp/j"
grep -q '"result":"win","score_range":\[2,64\],' "$tmp/j" &&
    pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL json wld win: $(cat "$tmp/j")"; }
"$BIN" -o json othello solve "$x32$o32 X" --wld > "$tmp/j"
grep -q '"result":"draw","score_range":\[0,0\],' "$tmp/j" &&
    pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL json wld draw: $(cat "$tmp/j")"; }
# a byte-order mark before the first line (as Windows editors save)
printf '\357\273\277%s; with a BOM\n' "$board" > "$tmp/bom.obf"
"$BIN" othello solve "$tmp/bom.obf" > "$tmp/o" 2> "$tmp/e"; rc=$?
[ $rc = 0 ] && grep -q '^line 1: score -10 (loss), best h4' "$tmp/o" && pass=$((pass + 1)) || {
    fail=$((fail + 1)); echo "FAIL bom: rc $rc"; cat "$tmp/o" "$tmp/e"; }
# Ctrl-C after 2 s of FFO #55 (29 empties, minutes): status 130 and the time it ran, not 0.0 s
# (--foreground: one SIGINT, to the program only; without it timeout signals
# the process group as well, and a second SIGINT after the first handler
# (SA_RESETHAND) ends the program silently)
ffo55='--------X-X------XXXXOOOOOXOXX--OOOXXXX-OOXXXX--O-OOOX-----OO--- O'
timeout --foreground --preserve-status -s INT 2 "$BIN" othello solve "$ffo55" > "$tmp/o" 2> "$tmp/e"; rc=$?
secs=$(sed -n 's/^bitboard: othello solve: interrupted after \([0-9.]*\) s$/\1/p' "$tmp/e")
if [ $rc = 130 ] && [ -n "$secs" ] && [ "$(wc -l < "$tmp/e")" = 1 ] && [ ! -s "$tmp/o" ] && awk "BEGIN {exit !($secs >= 1)}"; then
    pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL interrupt: rc $rc, $(cat "$tmp/e")"; fi
# --progress off a terminal: the estimate first
timeout --foreground --preserve-status -s INT 2 "$BIN" othello solve "$ffo55" --progress > "$tmp/o" 2> "$tmp/e"; rc=$?
if [ $rc = 130 ] && head -n 1 "$tmp/e" | grep -q '^othello solve: 29 empties: an estimate, not a promise: about [0-9.e+]* nodes, [0-9.]* [a-z]* at one thread'; then
    pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL progress: rc $rc, $(cat "$tmp/e")"; fi
# a finished game: no best move
full='XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOO X'
expect game-over 0 'score +0 (draw), best --, pv (none), 0 nodes, T s' '' othello solve "$full"
# usage
expect no-arg 2 '' 'bitboard: error: othello solve needs a POSITION (board and side, start, or a transcript) or a FILE' othello solve
expect bad-threads 2 '' "bitboard: error: --threads: 'x' is not a number 1..64" othello solve "$full" --threads x
expect bad-hash 2 '' "bitboard: error: --hash: '65537' is not a size in MiB 0..65536 (0: the default)" othello solve "$full" --hash 65537
expect unknown 2 '' "bitboard: error: othello solve: unknown option '--frob' (bitboard help othello lists them)" othello solve "$full" --frob
expect two-args 2 '' "bitboard: error: othello solve takes one POSITION or FILE, not also 'start'" othello solve "$full" start
expect not-a-position 2 '' "bitboard: error: 'zz' is neither a position (a board string and side) nor a transcript: 'zz' at position 1 is not a move: a move is a square a1..h8, or PA or -- for a pass" othello solve zz
expect missing-file 2 '' "bitboard: error: othello solve: cannot open './missing/ffo.obf': No such file or directory" othello solve ./missing/ffo.obf
expect missing-name 2 '' "bitboard: error: othello solve: cannot open 'ffo40.obf': No such file or directory" othello solve ffo40.obf
# a NUL byte: refused as the other line readers refuse it (its line named,
# status 2), not the text before it solved nor the line skipped
printf '%s\000junk\n%s\n' "$full" "$full" > "$tmp/nul.obf"
expect nul-inside 2 '' "bitboard: error: $tmp/nul.obf:1: line contains a NUL byte" othello solve "$tmp/nul.obf" --quiet
printf '\000%s\n' "$full" > "$tmp/nul0.obf"
expect nul-first 2 '' "bitboard: error: $tmp/nul0.obf:1: line contains a NUL byte" othello solve "$tmp/nul0.obf" --quiet
expect directory 2 '' "bitboard: error: cannot read '/': Is a directory" othello solve /
expect quiet-progress 2 '' 'bitboard: error: othello solve: --quiet and --progress ask for opposite things' othello solve "$full" --quiet --progress
expect small-no-estimate 0 'score +0 (draw), best --, pv (none), 0 nodes, T s' '' othello solve "$full" --progress
expect hex 2 '' 'bitboard: error: othello solve: -o json or the default text' -o hex othello solve "$full"
# othello search: the midgame search (depth counts moves; the nodes repeat, the times are masked)
expect search-depth 0 'score +0.27 (depth 6), best d3, pv d3 c5 e6 e3 d6 c3, 966 nodes, T s' '' othello search start --depth 6
expect search-json 0 '{"score":-0.33,"exact":false,"best":"d3","pv":["d3","c5","d6","e3"],"depth":4,"nodes":151,"seconds":T,"stopped":false,"wld":null}' '' -o json othello search start --depth 4
# multi-ProbCut (the default) and without it: the same answer here, 10.6x the nodes without
expect search-probcut 0 'score +0.95 (depth 10), best f7, pv f7 c5 e3 g6 g5 h4 h6 e2, 50205 nodes, T s' '' othello search f5d6c3d3c4f4f6f3e6e7 --depth 10 --exact-from 0
# two threads, no cut-offs: the same score and move (the nodes and the PV's end vary from run to run)
out=$("$BIN" othello search f5d6c3d3c4f4f6f3e6e7 --depth 10 --exact-from 0 --no-probcut --threads 2 2>&1)
case $out in
"score +0.95 (depth 10), best f7, pv f7 "*) pass=$((pass + 1)) ;;
*) fail=$((fail + 1)); echo "FAIL search-threads: $out" ;;
esac
expect search-bad-threads 2 '' "bitboard: error: --threads: '0' is not a number 1..64" othello search start --threads 0
expect search-no-probcut 0 'score +0.95 (depth 10), best f7, pv f7 c5 e3 g6 g5 h4 h6 e2 h5 h7, 532670 nodes, T s' '' othello search f5d6c3d3c4f4f6f3e6e7 --depth 10 --exact-from 0 --no-probcut
# 14 empties: the exact solver answers, the same as othello solve above
expect search-solver 0 'score -10 (exact), best h4, pv h4 a1 a7 d6 h8 g7 c7 a5 b5 a6 e7 b8 c8 d8, 92631 nodes, T s' '' othello search "$t"
# the search alone to the end of the game: the same score (its null-window nodes the solver's layers: 214,508 nodes where the search alone took 187,123, in 0.024-0.027 s against 0.034 s)
expect search-to-the-end 0 'score -10 (exact), best h4, pv h4 a1 e7 a5 a7 d8, 214508 nodes, T s' '' othello search "$t" --exact-from 0 --depth 20
expect search-bad-depth 2 '' "bitboard: error: --depth: '61' is not a number 0..60" othello search start --depth 61
expect search-bad-time 2 '' "bitboard: error: --time: 'x' is not a number 0..86400" othello search start --time x
expect search-unknown 2 '' "bitboard: error: othello search: unknown option '--frob': use --depth D, --time S, --hash MB, --exact-from N, --no-probcut, --threads N" othello search start --frob
expect search-none 2 '' 'bitboard: error: othello search needs a POSITION (start, a board string and side, or a transcript)' othello search
expect search-hex 2 '' 'bitboard: error: othello search: -o json or the default text' -o hex othello search start
echo "othello-solve: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
