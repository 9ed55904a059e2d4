#!/usr/bin/env bash
# Files the commands write (chess book --make, trace --svg and --html,
# othello match --ggf) on a full disk, simulated with `ulimit -f` (SIGXFSZ
# ignored, so a write past the limit fails with EFBIG) and with /dev/full:
# the exit status is 1, the error names the file and the reason, the old file
# is unchanged byte for byte and no temporary file is left.  /dev/null and a
# FIFO are still written (in place), so is /dev/stdout on a file the shell
# opened (>> appends), "-" is still standard output, a new
# file's mode follows the umask and an old file keeps its mode, a symbolic
# link is written through.  The perft journal on a full disk: the error
# names it, and the run goes on from it once there is room.
# usage: tests/cli/outfiles.sh path/to/bitboard
set -u
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
# limited KB ARGS...: bitboard ARGS with files limited to KB kilobytes
# (stdout to out.txt, stderr to err.txt, both small); sets $status
limited() {
    local kb=$1; shift
    (trap '' XFSZ; ulimit -f "$kb"; exec "$BIN" "$@") > out.txt 2> err.txt
    status=$?
}
# full_disk NAME FILE WANT_REASON: after a failed write of FILE: status 1,
# the error names FILE and the reason, FILE equals FILE.old, nothing else left
full_disk() {
    local name=$1 file=$2 reason=$3
    same "$name: exit status" "$status" 1
    grep -qF -- "$file: writing failed: $reason" err.txt || bad "$name: the error does not name $file and '$reason': $(cat err.txt)"
    cmp -s "$file" "$file.old" || bad "$name: $file changed ($(wc -c < "$file") bytes, was $(wc -c < "$file.old"))"
    cmp -s "$file" "$file.old" && ok
    local left
    left=$(ls -A | grep -vxF -e "$file" -e "$file.old" -e out.txt -e err.txt -e lines.txt -e big.txt)
    same "$name: files left" "$left" ""
}

# chess book --make: a book of 420 entries (6,720 bytes) over an old one, 4 KB allowed
"$BIN" chess book --make book.bin > /dev/null <<< 'start | e4 | 1'
cp book.bin book.bin.old
: > big.txt
for m in $("$BIN" chess moves --uci start); do
    echo "start | $m | 1" >> big.txt
    fen=$("$BIN" chess play start "$m")
    for r in $("$BIN" chess moves --uci "$fen"); do echo "$fen | $r | 1" >> big.txt; done
done
same "big book lines" "$(wc -l < big.txt)" 420
limited 4 chess book --make book.bin < big.txt
full_disk "book --make" book.bin "File too large"
same "book --make: old book checks" "$("$BIN" chess book book.bin --check 2>&1)" "1 entry, 1 distinct key; sizes and order ok"
# with room, the same command writes it
"$BIN" chess book --make book.bin < big.txt > out.txt 2> err.txt
same "book --make with room" "$(cat out.txt)" "420 entries, 21 distinct keys written"
same "book --make size" "$(wc -c < book.bin)" 6720
# a book cut at an entry's end is still a valid Polyglot book (the format
# has no count or checksum); one cut inside an entry is refused
head -c 4096 book.bin > cut.bin
same "book cut at 256 entries" "$("$BIN" chess book cut.bin --check 2>&1)" "256 entries, 13 distinct keys; sizes and order ok"
head -c 4100 book.bin > cut.bin
"$BIN" chess book cut.bin --check > /dev/null 2> err.txt
same "book cut in an entry: status" "$?" 2
grep -q 'truncated: 4100 bytes' err.txt && ok || bad "book cut in an entry: $(cat err.txt)"
rm -f cut.bin
# /dev/full is written in place: ENOSPC; /dev/null works
"$BIN" chess book --make /dev/full < big.txt > out.txt 2> err.txt
same "book --make /dev/full: status" "$?" 1
grep -qF 'chess book --make /dev/full: writing failed: No space left on device' err.txt && ok ||
    bad "book --make /dev/full: $(cat err.txt)"
"$BIN" chess book --make /dev/null < big.txt > out.txt 2> err.txt
same "book --make /dev/null" "$?:$(cat out.txt)$(cat err.txt)" "0:420 lines written"
rm -f book.bin book.bin.old

# the mode: a new file's follows the umask, an old file keeps its own
(umask 027; "$BIN" chess book --make new.bin < big.txt > /dev/null)
same "new file, umask 027" "$(stat -c %a new.bin)" 640
(umask 022; "$BIN" chess book --make new2.bin < big.txt > /dev/null)
same "new file, umask 022" "$(stat -c %a new2.bin)" 644
chmod 604 new2.bin
(umask 077; "$BIN" chess book --make new2.bin < big.txt > /dev/null)
same "old file keeps its mode" "$(stat -c %a new2.bin)" 604
# a symbolic link is written through: the link stays, its file is replaced
ln -s new.bin link.bin
"$BIN" chess book --make link.bin > /dev/null <<< 'start | d4 | 1'
[ -L link.bin ] && ok || bad "book --make link.bin: the link was replaced"
same "book through a link" "$(wc -c < new.bin)" 16
rm -f new.bin new2.bin link.bin

# trace --svg and --html: 18 KB and 13 KB pictures, 1 KB allowed
prog='x >> 8'
for opt in svg html; do
    "$BIN" trace "$prog" --input e1 --$opt pic.$opt
    cp pic.$opt pic.$opt.old
    limited 1 trace "$prog" --input e4,h1 --$opt pic.$opt
    full_disk "trace --$opt" pic.$opt "File too large"
    grep -qF -- "--$opt pic.$opt: writing failed" err.txt && ok || bad "trace --$opt: the error names --$opt"
    "$BIN" trace "$prog" --input e4,h1 --$opt /dev/full 2> err.txt
    same "trace --$opt /dev/full: status" "$?" 1
    grep -qF -- "--$opt /dev/full: writing failed: No space left on device" err.txt && ok ||
        bad "trace --$opt /dev/full: $(cat err.txt)"
    "$BIN" trace "$prog" --input e4,h1 --$opt /dev/null > out.txt 2> err.txt
    same "trace --$opt /dev/null" "$?:$(cat out.txt err.txt)" "0:"
    # a FIFO is written in place (no file beside it)
    mkfifo pipe
    cat pipe > got.$opt &
    "$BIN" trace "$prog" --input e4,h1 --$opt pipe
    same "trace --$opt FIFO: status" "$?" 0
    wait
    "$BIN" trace "$prog" --input e4,h1 --$opt - > want.$opt
    cmp -s got.$opt want.$opt && ok || bad "trace --$opt FIFO: other bytes than --$opt -"
    "$BIN" trace "$prog" --input e4,h1 --$opt pic.$opt
    cmp -s pic.$opt want.$opt && ok || bad "trace --$opt FILE: other bytes than --$opt -"
    "$BIN" trace "$prog" --input e4,h1 --$opt - > /dev/full 2> err.txt
    same "trace --$opt - on /dev/full" "$?:$(cat err.txt)" "1:bitboard: error: writing standard output: No space left on device"
    # /dev/stdout on a file opened by the shell (>> too) is written in place
    "$BIN" trace "$prog" --input e4,h1 --$opt /dev/stdout > got.$opt
    cmp -s got.$opt want.$opt && ok || bad "trace --$opt /dev/stdout: other bytes than --$opt -"
    echo old > got.$opt
    "$BIN" trace "$prog" --input e4,h1 --$opt /dev/stdout >> got.$opt
    same "trace --$opt /dev/stdout >>" "$(head -n 1 got.$opt):$(tail -n +2 got.$opt | cmp - want.$opt && echo same)" "old:same"
    rm -f pipe got.$opt want.$opt pic.$opt pic.$opt.old
done

# othello match --ggf: 6 games (2.5 KB), 1 KB allowed; the report still on stdout
"$BIN" othello match depth:1 depth:1 --openings 1 --ply 2 --ggf games.ggf > /dev/null
cp games.ggf games.ggf.old
(trap '' XFSZ; ulimit -f 1; exec "$BIN" othello match depth:1 depth:1 --openings 3 --ply 2 --ggf games.ggf) 2> err.txt |
    grep -c '^game ' > out.txt
status=${PIPESTATUS[0]}
same "match --ggf: the games played" "$(cat out.txt)" 6
full_disk "match --ggf" games.ggf "File too large"
"$BIN" othello match depth:1 depth:1 --openings 3 --ply 2 --ggf games.ggf > /dev/null
same "match --ggf with room" "$("$BIN" othello games games.ggf 2>&1)" "6 games (GGF), 358 moves, 0 with errors, 0 with warnings"
rm -f games.ggf games.ggf.old

# the perft journal on a full disk: its name and the reason, status 1; the
# lines written stay, and the run goes on from them once there is room
limited 4 chess perft 5 --split 2 --journal j.txt --quiet
same "journal full: status" "$status" 1
grep -qF 'journal j.txt: File too large' err.txt && ok || bad "journal full: $(cat err.txt)"
same "journal full: no count printed" "$(cat out.txt)" ""
same "journal full: size" "$(wc -c < j.txt)" 4096
"$BIN" chess perft 5 --split 2 --journal j.txt --quiet > out.txt 2> err.txt
same "journal resumed" "$?:$(cat out.txt)" "0:4865609"
same "journal resumed: lines" "$(wc -l < j.txt)" 401

echo "outfiles: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
