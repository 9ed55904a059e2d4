#!/usr/bin/env bash
# Compressed input in the CLI: chess pgn, chess epd and othello games read
# zstd, gzip and bzip2 files (told by their bytes, never by their names) as
# they read the plain file, byte for byte the same output; a file cut short
# or damaged gives the games before the fault, then one error naming the
# file and the byte, status 1; a plain file named as compressed is refused
# (status 2); --threads on a compressed file gives one thread's output, byte
# for byte (chunks of whole games cut as the stream is read).
# The compressors come with tests/run-all.sh (installed when missing).
# usage: tests/cli/compressed.sh path/to/bitboard
set -u
BIN=${1:-build/bitboard}
case $BIN in /*) ;; *) BIN=$PWD/$BIN ;; esac
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
pass=0 fail=0 skip=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $1"; shift; for l in "$@"; do echo "  $l"; done; }

# a few thousand games, each with its own comment so that the files do not
# compress to nothing (a cut then falls after whole games)
for i in $(seq 1 400); do
    cat "$here/chess_pgn/games.pgn"
    printf '\n[Event "n%d"]\n\n1. e4 {%d %s} e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n' "$i" "$i" "$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')"
done > games.pgn
# for --threads: several MB (a chunk is about 1 MiB) of bad games, comments,
# variations, Chess960 and CRLF line ends, with the tests' PGN files between
for i in $(seq 1 60); do
    cat "$here/chess_pgn/games.pgn" "$here/chess_pgn/bad.pgn" "$here/chess_pgn/filter.pgn"
    printf '\n'
    sed 's/$/\r/' "$here/chess_pgn/games.pgn" "$here/chess_pgn/rule.pgn" "$here/chess_pgn/split.pgn"
    printf '\n'
    [ $((i % 3)) = 0 ] && cat games.pgn
done > mixed.pgn
for i in $(seq 1 2000); do
    printf '[Event "c%d"]\n\n1. d4 {%d %s} d5 2. c4 e6 1/2-1/2\n\n' "$i" "$i" "$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')"
done > clean.pgn
cat > t.epd <<'E'
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; id "start";
4k3/8/8/8/8/8/4P3/4K3 w - - pm Kd2;
r3k2r/8/8/8/8/8/8/R3K2R w KQkq - bm O-O;
E
cat > t.ggf <<'G'
(;GM[Othello]PC[GGS/os]PB[a]PW[b]RE[+2.000]TY[8]B[f5//0.1]W[d6]B[c3];)
(;GM[Othello]PB[c]PW[d]TY[8]B[a1];)
G

tools=()
for t in zstd gzip bzip2; do
    if command -v $t >/dev/null; then tools+=($t); else skip=$((skip + 1)); echo "SKIP $t: no $t program here"; fi
done
ext() { case $1 in zstd) echo zst ;; gzip) echo gz ;; bzip2) echo bz2 ;; esac; }
compress() { case $1 in zstd) zstd -q -c "$2" ;; gzip) gzip -c "$2" ;; bzip2) bzip2 -1 -c "$2" ;; esac; }

# same: the plain file's stdout and status against the compressed one's
same() { # NAME CMD... (with @F@ for the file) -- plain compressed
    local name=$1 plain=$2 comp=$3; shift 3
    local a b ra rb
    a=$("$BIN" "${@/@F@/$plain}" 2>/dev/null); ra=$?
    b=$("$BIN" "${@/@F@/$comp}" 2>/dev/null); rb=$?
    if [ "$a" = "$b" ] && [ $ra = $rb ] && [ -n "$a" ]; then ok; else bad "$name" "plain: status $ra, ${#a} bytes; $comp: status $rb, ${#b} bytes"; fi
}

for t in "${tools[@]}"; do
    e=$(ext $t)
    compress $t games.pgn > games.pgn.$e
    compress $t t.epd > t.epd.$e
    compress $t t.ggf > t.ggf.$e
    same "pgn-stats-$t" games.pgn games.pgn.$e chess pgn @F@ --stats
    same "pgn-check-json-$t" games.pgn games.pgn.$e chess pgn @F@ -o json
    same "pgn-export-$t" games.pgn games.pgn.$e chess pgn @F@ --export
    same "pgn-fen-$t" games.pgn games.pgn.$e chess pgn @F@ --fen
    same "epd-$t" t.epd t.epd.$e chess epd @F@ --uci
    same "ggf-$t" t.ggf t.ggf.$e othello games @F@ --transcripts
    # told by the bytes: a compressed file named .pgn, and standard input
    cp games.pgn.$e disguised.pgn
    same "pgn-by-bytes-$t" games.pgn disguised.pgn chess pgn @F@ --stats
    a=$("$BIN" chess pgn games.pgn --stats 2>/dev/null)
    b=$("$BIN" chess pgn - --stats < games.pgn.$e 2>/dev/null)
    [ "$a" = "$b" ] && ok || bad "pgn-stdin-$t" "standard input differs"
    # cut in half: the games before the cut, then the error (file, byte), status 1
    size=$(stat -c %s games.pgn.$e)
    head -c $((size / 2)) games.pgn.$e > cut.pgn.$e
    out=$("$BIN" chess pgn cut.pgn.$e --stats -o json 2>err); rc=$?
    games=$(printf '%s' "$out" | sed -n 's/.*"games": *\([0-9]*\).*/\1/p')
    if [ $rc = 1 ] && grep -q "cut.pgn.$e: the $t stream is cut short: the file ends at byte $((size / 2)) inside" err &&
        [ "${games:-0}" -gt 0 ] && [ "$(grep -c 'cut short' err)" = 1 ]; then ok
    else bad "pgn-cut-$t" "status $rc, games '${games:-}'" "$(cat err)"; fi
    # one fault, one line: the game the cut falls in is not a PGN warning too
    # (clean.pgn: every game whole, with its result), on 1 and 3 threads
    compress $t clean.pgn > clean.pgn.$e
    csize=$(stat -c %s clean.pgn.$e)
    head -c $((csize / 2)) clean.pgn.$e > ccut.pgn.$e
    for n in 1 3; do
        "$BIN" -o json chess pgn ccut.pgn.$e --stats --quiet --threads $n > /dev/null 2>err; rc=$?
        if [ $rc = 1 ] && [ "$(wc -l < err)" = 1 ] && grep -q "ccut.pgn.$e: the $t stream is cut short" err; then ok
        else bad "pgn-cut-one-error-$n-$t" "status $rc" "$(cat err)"; fi
    done
    # a byte changed in the middle: an error naming the file (never status 0 with other games)
    cp games.pgn.$e broken.pgn.$e
    printf '\377\377\377\377' | dd of=broken.pgn.$e bs=1 seek=$((size / 2)) conv=notrunc 2>/dev/null
    "$BIN" chess pgn broken.pgn.$e --stats > /dev/null 2>err; rc=$?
    if [ $rc = 1 ] && grep -q "broken.pgn.$e: " err; then ok; else bad "pgn-damaged-$t" "status $rc" "$(cat err)"; fi
    # --threads: the stream cut into chunks of whole games as it is read;
    # 1..4 threads give one thread's counts, errors and status, byte for byte
    compress $t mixed.pgn > mixed.pgn.$e
    "$BIN" -o json chess pgn mixed.pgn --stats --quiet > m0.out 2> m0.err; r0=$?
    for n in 1 2 3 4; do
        "$BIN" -o json chess pgn mixed.pgn.$e --stats --quiet --threads $n > m$n.out 2> mz.err; rn=$?
        sed "s/mixed\.pgn\.$e:/mixed.pgn:/" mz.err > m$n.err
        if [ $rn = $r0 ] && cmp -s m0.out m$n.out && cmp -s m0.err m$n.err; then ok
        else bad "pgn-threads-$n-$t" "status $rn (plain $r0)" "$(diff m0.out m$n.out | head -5)" "$(diff m0.err m$n.err | head -5)"; fi
    done
    "$BIN" chess pgn mixed.pgn.$e --threads 2 > m.out 2> mz.err; rn=$?
    sed "s/mixed\.pgn\.$e:/mixed.pgn:/" mz.err > m.err
    "$BIN" chess pgn mixed.pgn > p.out 2> p.err; r0=$?
    if [ $rn = $r0 ] && cmp -s p.out m.out && cmp -s p.err m.err; then ok; else bad "pgn-threads-check-$t" "status $rn"; fi
    # cut in half with threads: the same games and the one error as one thread
    msize=$(stat -c %s mixed.pgn.$e)
    head -c $((msize / 2)) mixed.pgn.$e > mcut.pgn.$e
    "$BIN" -o json chess pgn mcut.pgn.$e --stats --quiet > c1.out 2> c1.err; r1=$?
    "$BIN" -o json chess pgn mcut.pgn.$e --stats --quiet --threads 3 > c3.out 2> c3.err; r3=$?
    if [ $r1 = 1 ] && [ $r3 = 1 ] && cmp -s c1.out c3.out && cmp -s c1.err c3.err && grep -q 'cut short' c3.err; then ok
    else bad "pgn-threads-cut-$t" "status $r1/$r3" "$(cat c1.err | tail -2)" "$(cat c3.err | tail -2)"; fi
    # a plain file named as this format: refused, status 2
    cp games.pgn plain.pgn.$e
    "$BIN" chess pgn plain.pgn.$e --stats > out 2>err; rc=$?
    if [ $rc = 2 ] && grep -q "plain.pgn.$e: the name says $t-compressed, but the file does not start with its magic bytes" err &&
        [ ! -s out ]; then ok; else bad "pgn-plain-named-$t" "status $rc" "$(cat err)"; fi
    cp t.ggf plain.ggf.$e
    "$BIN" othello games plain.ggf.$e > out 2>err; rc=$?
    [ $rc = 2 ] && grep -q "the name says" err && ok || bad "ggf-plain-named-$t" "status $rc" "$(cat err)"
done

# the WTHOR reader gets the decompressed bytes too
printf '\x14\x1a\x0b\x19\x01\x00\x00\x00\x00\x00\xea\x07\x08\x00\x16\x00' > t.wtb
printf '\x01\x00\x00\x00\x01\x00\x20\x20\x38\x40\x21' >> t.wtb; head -c 57 /dev/zero >> t.wtb
for t in "${tools[@]}"; do
    e=$(ext $t)
    compress $t t.wtb > t.wtb.$e
    same "wtb-$t" t.wtb t.wtb.$e othello games @F@ --transcripts
done

# docs/CHESS.md, "Compressed files", as a reader runs it: each "$ " line of
# its ```console block in order (bitboard as the binary under test), the
# output the page shows: standard output, then the error lines
doc=$here/../../docs/CHESS.md
mkdir doc && cd doc || exit 1
awk '/^\*\*Compressed files\.\*\*/ { on = 1 } on && /^```console$/ { inb = 1; next }
     inb && /^```$/ { exit } inb { print }' "$doc" > block
n=0
while IFS= read -r line; do
    case $line in
    '$ '*)
        n=$((n + 1)); printf '%s\n' "${line#\$ }" > cmd.$n; : > want.$n ;;
    *) printf '%s\n' "$line" >> want.$n ;;
    esac
done < block
ran=0
for k in $(seq 1 $n); do
    line=$(cat cmd.$k)
    bitboard() { "$BIN" "$@"; }
    eval "$line" > out 2> err
    { cat out; grep '^bitboard: error' err; } > got
    if cmp -s got want.$k; then ok; else bad "docs/CHESS.md: \$ $line" "$(diff want.$k got | head -5)"; fi
    ran=$((ran + 1))
done
[ $ran -ge 4 ] && ok || bad "docs/CHESS.md: the Compressed files block has $ran commands"
cd .. || exit 1

echo "cli-compressed: $pass passed, $fail failed, $skip skipped"
[ $fail = 0 ]
