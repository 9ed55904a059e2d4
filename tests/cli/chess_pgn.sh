#!/usr/bin/env bash
# Golden tests for chess pgn: every mode over a file of real-looking games
# (tests/cli/chess_pgn/games.pgn: comments, variations, NAGs, clocks, FEN and
# Chess960 games, a BOM, a % line, a game with no result) and a file of bad
# games (each error named by game, line and column; the reader goes on;
# every game gives its block of output);
# standard input; the export read back is stable; --threads gives the same
# counts and the same errors, in the same order, as one thread (and over random
# and damaged files, a comment holding a game's text); usage errors;
# a failed write.
# usage: tests/cli/chess_pgn.sh path/to/bitboard     (UPDATE=1 to rewrite goldens)
set -u
BIN=${1:-build/bitboard}
here=$(cd "$(dirname "$0")" && pwd)
GOLDEN=$here/chess_pgn
. "$here/golden.lib"
games=tests/cli/chess_pgn/games.pgn
bad=tests/cli/chess_pgn/bad.pgn

golden_case check 0 chess pgn "$games"
golden_case check-bad 1 chess pgn "$bad"
golden_case check-json 1 -o json chess pgn "$bad"
golden_case stats 0 chess pgn "$games" --stats --quiet
golden_case stats-json 0 -o json chess pgn "$games" --stats --quiet
golden_case fen 0 chess pgn "$games" --fen
golden_case fen-final 0 chess pgn "$games" --fen --final
golden_case epd-final 0 chess pgn "$games" --epd --final
golden_case uci 0 chess pgn "$games" --uci
golden_case san 0 chess pgn "$games" --san
golden_case export 0 chess pgn "$games" --export
golden_case export-bad 1 chess pgn "$bad" --export
golden_stdin uci-stdin 0 "$games" chess pgn - --uci

# issue 32: every game gives its block, a bad one too, ended the same way;
# variations checked by every mode; a comment after a result is its game's;
# warnings for a contradicted Result tag and a game with no result; long
# algebraic and e.p.; ply 0 under --fen; SetUp added; Chess960 in Shredder
rule=tests/cli/chess_pgn/rule.pgn
golden_case rule-check 1 chess pgn "$rule"
golden_case rule-check-quiet 1 chess pgn "$rule" --quiet
golden_case rule-fen 1 chess pgn "$rule" --fen --label Event
golden_case rule-fen-final 1 chess pgn "$rule" --fen --final --label number
golden_case rule-epd 1 chess pgn "$rule" --epd
golden_case rule-epd-label 1 chess pgn "$rule" --epd --final --label Event
golden_case rule-uci 1 chess pgn "$rule" --uci --label number
golden_case rule-san 1 chess pgn "$rule" --san
golden_case rule-export 1 chess pgn "$rule" --export
golden_case rule-json 1 -o json chess pgn "$rule"
golden_case label-export 2 chess pgn "$rule" --export --label number
golden_case label-bad 2 chess pgn "$rule" --uci --label 'Ev ent'
golden_case directory 2 chess pgn tests/cli/chess_pgn
golden_case help-pgn 0 help chess pgn

# usage
golden_case no-file 2 chess pgn
golden_case two-modes 2 chess pgn "$games" --fen --uci
golden_case final-alone 2 chess pgn "$games" --final
golden_case threads-fen 2 chess pgn "$games" --fen --threads 2
golden_stdin threads-stdin 1 "$bad" chess pgn - --threads 2
golden_case threads-bad 2 chess pgn "$games" --threads 0
golden_case json-uci 2 -o json chess pgn "$games" --uci
golden_case unknown-option 2 chess pgn "$games" --frobnicate
golden_case missing-file 2 chess pgn tests/cli/chess_pgn/no-such-file.pgn
golden_full uci-full 1 chess pgn "$games" --uci < /dev/null

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
check() { # NAME COMMAND...: a pass if the command succeeds
    local name=$1; shift
    if "$@"; then golden_pass=$((golden_pass + 1)); else echo "FAIL $name"; golden_fail=$((golden_fail + 1)); fi
}

# the export of the export is the export
"$BIN" chess pgn "$games" --export > "$tmp/one.pgn" 2>/dev/null
"$BIN" chess pgn "$tmp/one.pgn" --export > "$tmp/two.pgn" 2>/dev/null
check export-stable cmp -s "$tmp/one.pgn" "$tmp/two.pgn"
"$BIN" chess pgn "$tmp/one.pgn" --uci > "$tmp/one.uci" 2>/dev/null
"$BIN" chess pgn "$games" --uci > "$tmp/games.uci" 2>/dev/null
check export-same-moves cmp -s "$tmp/one.uci" "$tmp/games.uci"

# threads: a file of many games, good and bad, split at game starts
for i in $(seq 1 300); do cat "$bad" "$games"; printf '\n'; done > "$tmp/many.pgn"
"$BIN" -o json chess pgn "$tmp/many.pgn" --stats --quiet > "$tmp/t1.out" 2> "$tmp/t1.err"
s1=$?
for t in 2 3 7; do
    "$BIN" -o json chess pgn "$tmp/many.pgn" --stats --quiet --threads $t > "$tmp/t$t.out" 2> "$tmp/t$t.err"
    st=$?
    check "threads-$t-status" test "$st" = "$s1"
    check "threads-$t-counts" cmp -s "$tmp/t1.out" "$tmp/t$t.out"
    check "threads-$t-errors" cmp -s "$tmp/t1.err" "$tmp/t$t.err"
done
check threads-counted grep -q '"games":3000,"errors":1200' "$tmp/t1.out"
"$BIN" chess pgn "$tmp/many.pgn" --stats --threads 3 > /dev/null 2> "$tmp/t.err"
check threads-rate-count grep -q ' MB/s, 3 threads$' "$tmp/t.err"

# issue 51: a part never starts inside a comment, a variation or a tag (the
# places are the reader's own game ends): N threads read what one thread
# reads, byte for byte (counts, errors, status), in every mode that takes
# --threads, over the traps of split.pgn and random files, damaged or not
split=tests/cli/chess_pgn/split.pgn
golden_case threads-split 0 chess pgn "$split" --threads 2
golden_case threads-split-json 0 -o json chess pgn "$split" --stats --quiet --threads 3
mkdir "$tmp/random"
python3 tests/cli/chess_pgn/random_pgn.py 51 60 "$tmp/random"
cat "$tmp"/random/*.pgn > "$tmp/random-all.pgn"
differ=0 runs=0
for f in "$split" "$tmp"/random/*.pgn "$tmp/random-all.pgn"; do
    for mode in check check-json stats stats-json; do
        case $mode in
        check) args=(chess pgn "$f" --quiet) ;;
        check-json) args=(-o json chess pgn "$f" --quiet) ;;
        stats) args=(chess pgn "$f" --stats --quiet) ;;
        stats-json) args=(-o json chess pgn "$f" --stats --quiet) ;;
        esac
        "$BIN" "${args[@]}" > "$tmp/d1.out" 2>&1
        echo "status $?" >> "$tmp/d1.out"
        for t in 2 3 4; do
            "$BIN" "${args[@]}" --threads $t > "$tmp/dt.out" 2>&1
            echo "status $?" >> "$tmp/dt.out"
            runs=$((runs + 1))
            if ! cmp -s "$tmp/d1.out" "$tmp/dt.out"; then
                differ=$((differ + 1))
                [ $differ -le 3 ] && { echo "threads $t differ from 1 on $f ($mode):"; diff "$tmp/d1.out" "$tmp/dt.out" | head -n 6; }
            fi
        done
    done
done
check "threads-differential ($differ of $runs runs differ)" test "$differ" = 0

# issue 51: a NUL byte in a tag value or a comment is an error at its place,
# not a value or comment cut short; a comment that memory cannot hold is an
# error naming the game, never a comment dropped with exit 0
golden_case nul 1 chess pgn tests/cli/chess_pgn/nul.pgn --export
python3 -c "import sys; sys.stdout.write('[Event \"big\"]\n\n1. e4 {' + 'x' * 20000000 + '} e5 *\n')" > "$tmp/big.pgn"
if (ulimit -v 30000 && "$BIN" chess pgn "$split" --export > /dev/null 2>&1); then
    (ulimit -v 30000 && exec "$BIN" chess pgn "$tmp/big.pgn" --export) > "$tmp/big.out" 2> "$tmp/big.err"
    st=$?
    check comment-no-memory-status test "$st" = 1
    check comment-no-memory-error grep -q 'big.pgn: game 1, line 3, column [0-9]*: the comment: out of memory' "$tmp/big.err"
    check comment-no-memory-export grep -qx '1. e4 \*' "$tmp/big.out"
else
    echo "skip comment-no-memory: $BIN does not run in 30 MB of address space (a sanitizer build?)"
fi

# threads keep each part's errors to print them in file order: an error that
# finds no memory to be kept is said (how many, from which game), not lost
python3 -c "import sys; sys.stdout.write('1. e5 *\n\n' * 400000)" > "$tmp/bad.pgn"
if (ulimit -v 30000 && "$BIN" chess pgn "$split" --export > /dev/null 2>&1); then
    (ulimit -v 30000 && exec "$BIN" chess pgn "$tmp/bad.pgn" --threads 2 --check) > "$tmp/bad.out" 2> "$tmp/bad.err"
    st=$?
    check errors-no-memory-status test "$st" = 1
    check errors-no-memory-said grep -q 'bad.pgn: out of memory: [0-9]* errors or warnings from game [0-9]* on could not be kept' "$tmp/bad.err"
    shown=$(grep -c ': game [0-9]*, line [0-9]*, column' "$tmp/bad.err")
    lost=$(sed -n 's/.*out of memory: \([0-9]*\) error.*/\1/p' "$tmp/bad.err" | paste -sd+ | bc)
    # every error of the parts read is printed or counted (a part that found no memory to start is an error too)
    bad=$(sed -n 's/.* \([0-9]*\) with errors.*/\1/p' "$tmp/bad.out")
    check errors-no-memory-all-counted test "$((shown + ${lost:-0}))" = "${bad:-x}"
else
    echo "skip errors-no-memory: $BIN does not run in 30 MB of address space (a sanitizer build?)"
fi

# issue 50: filters (tests/cli/chess_pgn/filter.pgn: a missing Elo, "?" Elos, TimeControl "-"
# and "40/7200:3600", a Chess960 Variant tag, a bad game, comments and a variation); each term
# alone, terms together, the counts on stdout and stderr, a bad term named, threads the same
flt=tests/cli/chess_pgn/filter.pgn
golden_case filter-elo 1 chess pgn "$flt" --uci --label number --filter elo=2000..
golden_case filter-elo-either 1 chess pgn "$flt" --uci --label number --filter elo-either=2500..
golden_case filter-elo-mean 1 chess pgn "$flt" --uci --label number --filter elo-mean=2050
golden_case filter-tc 1 chess pgn "$flt" --uci --label number --filter tc=bullet,rapid
golden_case filter-classical 1 chess pgn "$flt" --fen --final --filter tc=classical
golden_case filter-result 1 chess pgn "$flt" --san --label number --filter result=1-0,*
golden_case filter-plies 1 chess pgn "$flt" --uci --label number --filter min-plies=10
golden_case filter-960 1 chess pgn "$flt" --export --filter variant=chess960
golden_case filter-standard 1 chess pgn "$flt" --uci --label number --filter variant=standard
golden_case filter-tag 1 chess pgn "$flt" --uci --label number --filter "tag:Event=Rated Blitz game"
golden_case filter-stats 1 chess pgn "$flt" --stats --filter tc=blitz --filter elo=2000.. --quiet
golden_case filter-json 1 -o json chess pgn "$flt" --filter tc=blitz --filter elo=2000..
golden_case filter-threads 1 chess pgn "$flt" --filter tc=blitz --threads 3
golden_case filter-bad-key 2 chess pgn "$flt" --filter elox=2000
golden_case filter-bad-range 2 chess pgn "$flt" --filter elo=2100..2000
golden_case filter-bad-tc 2 chess pgn "$flt" --filter tc=blitz,hyper
golden_case filter-no-eq 2 chess pgn "$flt" --filter chess960
golden_case filter-missing 2 chess pgn "$flt" --filter

# docs/CHESS.md, "Filters": each "$ " line of its ```console block run in order (bitboard as
# the binary under test); the page shows standard output, then standard error
doc=$here/../../docs/CHESS.md
fd=$(mktemp -d) && BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
(cd "$fd" && awk '/^\*\*Filters\.\*\*/ { on = 1 } on && /^```console$/ { inb = 1; next }
     inb && /^```$/ { exit } inb { print }' "$doc" > block
 want=; ran=0
 check() { [ -n "${cmd:-}" ] || return 0; ran=$((ran + 1))
           got=$(eval "${cmd/#bitboard /\"$BIN\" }" 2>err; cat err); [ "$got" = "$want" ] || echo "docs: \$ $cmd: got [$got] want [$want]"; }
 while IFS= read -r line; do
     case $line in '$ '*) check; cmd=${line#\$ }; want= ;; *) want=${want:+$want$'\n'}$line ;; esac
 done < block; check; [ $ran -ge 5 ] || echo "docs: the Filters block has $ran commands") > "$fd/out"
if [ -s "$fd/out" ]; then golden_fail=$((golden_fail + 1)); echo "FAIL docs/CHESS.md Filters"; head -5 "$fd/out"
else golden_pass=$((golden_pass + 1)); fi
rm -rf "$fd"

golden_finish chess-pgn
