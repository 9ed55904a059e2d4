#!/usr/bin/env bash
# perft by subtrees with a journal (--split, --journal), one process: the
# counts equal the plain perft for chess and the three Othello conventions;
# a journal cut after every line (and in the middle of one) gives the same
# total on the restart; a journal of other parameters is refused naming the
# field; malformed lines (a count negative, too long, not a number, a digit
# changed so the line's hash does not match, a line cut short in the
# middle) are errors with their line number, exit 2; a journal of format 1
# (no hashes) still resumes; the rate after a resume counts only this run.
# usage: tests/cli/perft_journal.sh path/to/bitboard
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
BIN=${1:-build/bitboard}
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
pass=0 fail=0
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
cd "$d" || exit 1
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
same() { # NAME GOT WANT
    if [ "$2" = "$3" ]; then ok; else bad "$1: got '$2', want '$3'"; fi
}

# the counts: plain perft against the split one
KIWI="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
for split in 0 1 2 3; do
    same "chess start 5 split $split" "$("$BIN" chess perft 5 --split $split --quiet)" 4865609
done
same "chess kiwipete 4 split 2" "$("$BIN" chess perft 4 "$KIWI" --split 2 --quiet)" 4085603
same "chess kiwipete 4 split 3, 2 threads" "$("$BIN" chess perft 4 "$KIWI" --split 3 --threads 2 --quiet)" 4085603
for conv in oeis bik nopass; do
    want=$("$BIN" othello perft 11 --convention $conv --quiet)
    for split in 1 4 7; do
        same "othello 11 $conv split $split" "$("$BIN" othello perft 11 --convention $conv --split $split --quiet)" "$want"
    done
    same "othello 11 $conv no symmetry" "$("$BIN" othello perft 11 --convention $conv --split 5 --no-symmetry --quiet)" "$want"
done
# a position with passes and early game ends near the split (few empties)
END="OOOOOOOOOOOOOOOOOOOOOOOOOOOOOXXXOOOOOOX-XOOOOX--XXOO----XX------ X"
for conv in oeis bik nopass; do
    want=$("$BIN" othello perft 12 "$END" --convention $conv --quiet)
    for split in 2 5 9; do
        same "endgame 12 $conv split $split" "$("$BIN" othello perft 12 "$END" --convention $conv --split $split --quiet)" "$want"
    done
done
same "json" "$("$BIN" -o json chess perft 4 --split 2 --quiet)" '{"depth":4,"count":197281,"split":2,"subtrees":400,"ranks":1}'

# the journal: a full run, then every cut
"$BIN" chess perft 5 --split 2 --journal j.txt --quiet > out.txt 2> err.txt
same "journal run" "$(cat out.txt)" 4865609
lines=$(wc -l < j.txt)
same "journal lines" "$lines" 401
head -n 1 j.txt | grep -q '^bitboard-perft-journal 2 game=chess depth=5 split=2 ' && ok || bad "journal header: $(head -n 1 j.txt)"
for cut in 0 1 2 50 200 400 401; do
    head -n $cut j.txt > c.txt
    got=$("$BIN" chess perft 5 --split 2 --journal c.txt --quiet 2> err.txt)
    same "restart after $cut lines" "$got" 4865609
    same "journal complete after $cut" "$(wc -l < c.txt)" 401
done
# a last line cut in the middle (the job was killed while writing it)
head -n 100 j.txt > c.txt
sed -n 101p j.txt | head -c 7 >> c.txt
cp c.txt c2.txt
got=$("$BIN" chess perft 5 --split 2 --journal c.txt 2> err.txt)
same "restart after a cut line" "$got" 4865609
grep -q "line 101 is incomplete" err.txt && ok || bad "cut line note: $(cat err.txt)"
same "cut line dropped" "$(grep -c '^done ' c.txt)" 400
# --quiet: no note at all (the cut line, the subtrees already done)
got=$("$BIN" chess perft 5 --split 2 --journal c2.txt --quiet 2> err.txt)
same "quiet restart" "$got" 4865609
same "quiet restart: no note" "$(cat err.txt)" ""

# the rate after a resume: this run's nodes over this run's time, the journal's said apart
head -n 200 j.txt > r.txt
"$BIN" chess perft 5 --split 2 --journal r.txt > out.txt 2> err.txt
same "resume count" "$(cat out.txt)" 4865609
jn=$(sed -n '2,200p' j.txt | awk '{s += $3} END {print s}')
line=$(grep '^perft: ' err.txt)
case $line in
"perft: 4865609 nodes; this run counted $((4865609 - jn)) in "*" s: "*" M nodes/s (201 of 400 subtrees at ply 2, 1 rank x 1 thread); $jn came from the 199 subtrees in the journal") ok ;;
*) bad "resume rate line: $line" ;;
esac
"$BIN" chess perft 5 --split 2 --journal r.txt > out.txt 2> err.txt
same "all done count" "$(cat out.txt)" 4865609
same "all done: no rate" "$(grep '^perft: ' err.txt)" "perft: 4865609 nodes: all 400 subtrees were in the journal (no rate: nothing was counted in this run)"
# every cut of an Othello journal (bik: leaves before the split)
"$BIN" othello perft 10 --convention bik --split 4 --journal o.txt --quiet > out.txt
want=$(cat out.txt)
n=$(wc -l < o.txt)
for cut in $(seq 0 "$n"); do
    head -n "$cut" o.txt > c.txt
    got=$("$BIN" othello perft 10 --convention bik --split 4 --journal c.txt --quiet 2> /dev/null)
    [ "$got" = "$want" ] || bad "othello restart after $cut lines: $got, want $want"
done
ok

# --no-fsync writes the same journal (only not synced line by line)
"$BIN" chess perft 5 --split 2 --journal nf.txt --no-fsync --quiet > out.txt
same "no-fsync count" "$(cat out.txt)" 4865609
same "no-fsync journal" "$(cut -d' ' -f1-3 nf.txt | md5sum)" "$(cut -d' ' -f1-3 j.txt | md5sum)"

# the scheduler simulator (tools/mpi_sim.c): deterministic, and sane on a known journal
SIM=$(dirname "$BIN")/tools/mpi_sim
if [ ! -x "$SIM" ]; then # build it beside the CLI (tools are not part of `make all`)
    ${MAKE:-make} -C "$root" -s --no-print-directory BUILD="$(dirname "$BIN")" "$SIM" > /dev/null 2>&1
fi
if [ -x "$SIM" ]; then
    a=$("$SIM" j.txt --ranks 1,2,16 --latency 0 --fsync 0)
    b=$("$SIM" j.txt --ranks 1,2,16 --latency 0 --fsync 0)
    same "sim deterministic" "$a" "$b"
    same "sim one rank" "$(echo "$a" | awk '$1 == 1 {print $3}')" "100.00%"
    echo "$a" | head -n 1 | grep -q '^400 subtrees' && ok || bad "sim subtrees: $(echo "$a" | head -n 1)"
    "$SIM" j.txt --power 0 > /dev/null 2>&1; same "sim bad option" "$?" 2
    "$SIM" x.txt > /dev/null 2> err.txt; same "sim not a journal" "$?" 2
else
    bad "tools/mpi_sim not built next to $BIN"
fi

# journals that do not fit
expect_err() { # NAME WANT_STATUS WANT_STDERR ARGS...
    local name=$1 want_rc=$2 want_err=$3; shift 3
    "$BIN" "$@" > /dev/null 2> err.txt; local rc=$?
    if [ "$rc" = "$want_rc" ] && [ "$(cat err.txt)" = "$want_err" ]; then ok; else
        bad "$name: exit $rc (want $want_rc), stderr: $(cat err.txt)"; echo "  want: $want_err"; fi
}
expect_err "other depth" 2 "bitboard: error: journal j.txt was written for other parameters: depth (journal 5, here 4); use another file, or the parameters it names" \
    chess perft 4 --split 2 --journal j.txt --quiet
expect_err "other split" 2 "bitboard: error: journal j.txt was written for other parameters: split (journal 2, here 3); use another file, or the parameters it names" \
    chess perft 5 --split 3 --journal j.txt --quiet
expect_err "other game" 2 "bitboard: error: journal j.txt was written for other parameters: game (journal chess, here othello); use another file, or the parameters it names" \
    othello perft 5 --split 2 --journal j.txt --quiet
expect_err "other convention" 2 "bitboard: error: journal o.txt was written for other parameters: convention (journal bik, here oeis); use another file, or the parameters it names" \
    othello perft 10 --split 4 --journal o.txt --quiet
printf 'hello\n' > x.txt
expect_err "not a journal" 2 "bitboard: error: journal x.txt was written for other parameters: it is not a perft journal (its first line is not 'bitboard-perft-journal ...'); use another file, or the parameters it names" \
    chess perft 5 --split 2 --journal x.txt --quiet
# each line ends with the FNV-1a hash (64 bits, hex) of its text: sign TEXT prints the line
sign() {
    local t=$1 h=$((0xcbf29ce484222325)) i c
    for ((i = 0; i < ${#t}; i++)); do printf -v c '%d' "'${t:i:1}"; h=$(((h ^ c) * 0x100000001b3)); done
    printf '%s %016x\n' "$t" "$h"
}
[ "$(sed -n 2p j.txt)" = "$(sign "$(sed -n 2p j.txt | cut -d' ' -f1-4)")" ] && ok || bad "sign: $(sed -n 2p j.txt)"
# a finished journal with line 2 replaced (the rest kept: the total would be wrong if it were read)
edit2() { { head -n 1 j.txt; printf '%s\n' "$1"; tail -n +3 j.txt; } > m.txt; }
l2=$(sed -n 2p j.txt | cut -d' ' -f1-4) # done 0 COUNT SECONDS
c2=$(echo "$l2" | cut -d' ' -f3) s2=$(echo "$l2" | cut -d' ' -f4)
for v in "-$c2" 12345678901234567890123 18446744073709551616 "${c2}x" abc "+$c2" "0$c2" ""; do
    edit2 "$(sign "done 0 $v $s2")"
    expect_err "count '$v'" 2 "bitboard: error: journal m.txt, line 2: 'done 0 $v $s2' is not 'done INDEX COUNT SECONDS': its count '$v' is not a number 0..18446744073709551615 (2^64-1)" \
        chess perft 5 --split 2 --journal m.txt --quiet
done
edit2 "$(sign "done -0 $c2 $s2")"
expect_err "index '-0'" 2 "bitboard: error: journal m.txt, line 2: 'done -0 $c2 $s2' is not 'done INDEX COUNT SECONDS': its index '-0' is not a number 0..2^64-1" \
    chess perft 5 --split 2 --journal m.txt --quiet
edit2 "$(sign "done 0 $c2 1e3")"
expect_err "seconds '1e3'" 2 "bitboard: error: journal m.txt, line 2: 'done 0 $c2 1e3' is not 'done INDEX COUNT SECONDS': its seconds '1e3' are not a number like 0.123456" \
    chess perft 5 --split 2 --journal m.txt --quiet
edit2 "$(sign "done 0 $c2 $s2 7")"
expect_err "a field too many" 2 "bitboard: error: journal m.txt, line 2: 'done 0 $c2 $s2 7' is not 'done INDEX COUNT SECONDS': its seconds '$s2 7' are not a number like 0.123456" \
    chess perft 5 --split 2 --journal m.txt --quiet
# a digit changed in the index, the count, the seconds or the hash: the hash no longer matches
h2=$(sed -n 2p j.txt | cut -d' ' -f5)
flip() { echo "$(((${1:0:1} + 1) % 10))${1:1}"; } # its first digit changed
for f in "done 1 $c2 $s2 $h2" "done 0 $(flip "$c2") $s2 $h2" "done 0 $c2 $(flip "$s2") $h2" "done 0 $c2 $s2 $(echo "$h2" | tr 0-9a-f 1-9a-f0)"; do
    edit2 "$f"
    expect_err "changed: $f" 2 "bitboard: error: journal m.txt, line 2: its hash does not match its text; the line was changed or damaged: '$f'" \
        chess perft 5 --split 2 --journal m.txt --quiet
done
# a line cut short in the middle of the journal (at its end it is dropped: above)
edit2 "done 0 ${c2:0:3}"
expect_err "cut in the middle" 2 "bitboard: error: journal m.txt, line 2: it does not end with its hash (16 hex digits); the line is damaged or cut short: 'done 0 ${c2:0:3}'" \
    chess perft 5 --split 2 --journal m.txt --quiet
# the first line's hash is checked too
{ sed -n 1p j.txt | sed 's/depth=5/depth=4/'; tail -n +2 j.txt; } > m.txt
expect_err "first line changed" 2 "bitboard: error: journal m.txt, line 1: its hash does not match its text; the line was changed or damaged: '$(sed -n 1p j.txt | sed 's/depth=5/depth=4/')'" \
    chess perft 5 --split 2 --journal m.txt --quiet
{ sed -n 1p j.txt | sed 's/journal 2/journal 3/'; tail -n +2 j.txt; } > m.txt
expect_err "format 3" 2 "bitboard: error: journal m.txt was written for other parameters: it is of format '3', and this bitboard reads formats 1 and 2; use another file, or the parameters it names" \
    chess perft 5 --split 2 --journal m.txt --quiet
# format 1 (no hashes), as bitboard wrote it before: it resumes, goes on in format 1, and its lines are checked for their form
v1() { sed -E '1s/^bitboard-perft-journal 2 /bitboard-perft-journal 1 /; s/ [0-9a-f]{16}$//' "$@"; }
head -n 150 j.txt | v1 > one.txt
got=$("$BIN" chess perft 5 --split 2 --journal one.txt 2> err.txt); rc=$?
same "format 1 resumes" "$rc $got" "0 4865609"
grep -q "note: journal one.txt is of format 1, whose lines have no hash" err.txt && ok || bad "format 1 note: $(cat err.txt)"
same "format 1 goes on in format 1" "$(grep -cE ' [0-9a-f]{16}$' one.txt)" 0
same "format 1 complete" "$(grep -c '^done ' one.txt)" 400
for v in "-$c2" 12345678901234567890123 "${c2}x"; do
    { v1 j.txt | head -n 1; echo "done 0 $v $s2"; v1 j.txt | tail -n +3; } > m.txt
    expect_err "format 1 count '$v'" 2 "bitboard: error: journal m.txt, line 2: 'done 0 $v $s2' is not 'done INDEX COUNT SECONDS': its count '$v' is not a number 0..18446744073709551615 (2^64-1)" \
        chess perft 5 --split 2 --journal m.txt --quiet
done
{ v1 j.txt | head -n 1; echo "done 0 ${c2:0:3}"; v1 j.txt | tail -n +3; } > m.txt
expect_err "format 1 cut in the middle" 2 "bitboard: error: journal m.txt, line 2: 'done 0 ${c2:0:3}' is not 'done INDEX COUNT SECONDS': its count '${c2:0:3}' is not a number 0..18446744073709551615 (2^64-1)" \
    chess perft 5 --split 2 --journal m.txt --quiet
head -n 3 j.txt > m.txt; sign "done 999 12 0.1" >> m.txt
expect_err "index out of range" 2 "bitboard: error: journal m.txt, line 4: subtree 999 does not exist (there are 400)" \
    chess perft 5 --split 2 --journal m.txt --quiet
head -n 3 j.txt > m.txt; sign "$(sed -n 2p j.txt | awk '{print $1, $2, $3 + 1, $4}')" >> m.txt
expect_err "counted twice" 2 "bitboard: error: journal m.txt, line 4: subtree $(sed -n 2p j.txt | cut -d' ' -f2) counted twice with different counts ($(sed -n 2p j.txt | cut -d' ' -f3), $(( $(sed -n 2p j.txt | cut -d' ' -f3) + 1 )))" \
    chess perft 5 --split 2 --journal m.txt --quiet
expect_err "split too deep" 2 "bitboard: error: --split 5: the subtrees' ply must be below DEPTH 5 (0..4)" \
    chess perft 5 --split 5
expect_err "split bad" 2 "bitboard: error: --split: 'x' is not a ply 0..63" chess perft 5 --split x
expect_err "journal empty name" 2 "bitboard: error: --journal needs a FILE (created, or read to go on from where it stopped)" \
    chess perft 5 --journal=
expect_err "divide with journal" 2 "bitboard: error: --divide, --verify and --method do not go with --journal, --split or bitboard-mpi" \
    chess perft 5 --divide --journal j.txt
expect_err "each with split" 2 "bitboard: error: --each does not go with --journal, --split or bitboard-mpi (one depth a run)" \
    othello perft 5 --each --split 2
expect_err "journal elsewhere" 2 "bitboard: error: --journal, --split and --no-fsync apply to othello perft, not show" \
    othello show --journal j.txt
mkdir ro && chmod 500 ro
if [ "$(id -u)" != 0 ]; then
    expect_err "unwritable journal" 2 "bitboard: error: journal ro/j.txt: Permission denied" chess perft 3 --split 1 --journal ro/j.txt
else
    ok # root writes anywhere
fi
# a journal that cannot be opened is status 2 (the command cannot do what was asked), even as root
expect_err "journal under a file" 2 "bitboard: error: journal j.txt/x: Not a directory" chess perft 3 --split 1 --journal j.txt/x
expect_err "journal in a missing folder" 2 "bitboard: error: journal nodir/x: No such file or directory" chess perft 3 --split 1 --journal nodir/x

echo "perft_journal: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
