#!/usr/bin/env bash
# Golden tests for chess book: a book built with --make from text lines and,
# independently, byte by byte with printf (the two files must be equal);
# its moves listed for positions (text and JSON, castling, promotion,
# Chess960), --pick at both ends and the middle, --check, and every error:
# a missing, truncated, unsorted or empty file, bad lines for --make, bad
# usage.  Lines that repeat a position and move are merged by --make (the
# weights added, at most 65535); --check calls repeated entries and moves no
# position has a fault (exit status 1); a file that cannot be opened, read
# or is no book is status 2.  The files live in a temporary directory the commands run in, so
# the messages that name them are the same on every machine.
# usage: tests/cli/chess_book.sh path/to/bitboard     (UPDATE=1 to rewrite goldens)
set -u
BIN=${1:-build/bitboard}
here=$(cd "$(dirname "$0")" && pwd)
GOLDEN=$here/chess_book
. "$here/golden.lib"
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 2

castle='r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1'
after_e4='rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'
promo='8/4P3/8/8/k7/8/8/4K3 w - - 0 1'
swap='1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBgb - 0 1'
kiwi='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'

# --make: FEN | MOVE | WEIGHT [| LEARN], SAN or UCI, blank lines and comments skipped
cat > lines.txt <<EOF
# the start position
start | e2e4 | 10 | 1
start | d4 | 5
start|Nf3|1

$after_e4 | c5 | 7 | 2
$after_e4 | e7e5 | 3
$castle | O-O | 4
$castle | e1c1 | 2
$castle | Kf1 | 0
$promo | e8=Q | 30
$promo | e7e8n | 2
$swap | f1g1 | 5
$swap | O-O-O | 4
EOF
golden_stdin make 0 lines.txt chess book --make book.bin

# the same start-position entries written by hand, big-endian: key, move, weight, learn
# (sorted by key, then move: g1f3 0x0195, d2d4 0x02db, e2e4 0x031c)
key='\x46\x3b\x96\x18\x16\x91\xfc\x9c'
printf "$key"'\x01\x95\x00\x01\x00\x00\x00\x00'"$key"'\x02\xdb\x00\x05\x00\x00\x00\x00' > start.bin
printf "$key"'\x03\x1c\x00\x0a\x00\x00\x00\x01' >> start.bin
printf '%s\n' 'start | e2e4 | 10 | 1' 'start | d2d4 | 5' 'start | g1f3 | 1' > start.txt
golden_stdin make-start 0 start.txt chess book --make made.bin
if cmp -s start.bin made.bin; then golden_pass=$((golden_pass + 1))
else echo "FAIL make-bytes: --make differs from the bytes written by hand"; golden_fail=$((golden_fail + 1)); fi
golden_case hand-start 0 chess book start.bin

# the moves of positions: sorted by weight, SAN, UCI, percent, learn
golden_case list-start 0 chess book book.bin
golden_case list-start-named 0 chess book book.bin startpos
golden_case list-json 0 -o json chess book book.bin
golden_case list-after-e4 0 chess book book.bin "$after_e4"
golden_case list-castle 0 chess book book.bin "$castle"
golden_case list-castle-960 0 chess book book.bin "$castle" --chess960
golden_case list-promo 0 -o json chess book book.bin "$promo"
golden_case list-swap960 0 chess book book.bin "$swap"
golden_case list-none 0 chess book book.bin "$kiwi"
golden_case list-none-json 0 -o json chess book book.bin "$kiwi"

# --pick N: the move at N / 2^64 of the total weight
golden_case pick-0 0 chess book book.bin --pick 0
golden_case pick-half 0 chess book book.bin --pick 0x8000000000000000
golden_case pick-max 0 chess book book.bin --pick 18446744073709551615
golden_case pick-json 0 -o json chess book book.bin "$after_e4" --pick=0xc000000000000000
golden_case pick-none 0 chess book book.bin "$kiwi" --pick 5
golden_case pick-none-json 0 -o json chess book book.bin "$kiwi" --pick 5

# --check: counts, weight-0 entries, moves no position has
golden_case check 0 chess book book.bin --check
golden_case check-json 0 -o json chess book book.bin --check
printf "$key"'\x83\x1c\x00\x01\x00\x00\x00\x00'"$key"'\x7d\x3c\x00\x01\x00\x00\x00\x00' > malformed.bin
golden_case check-malformed 1 chess book malformed.bin --check
golden_case list-malformed 0 chess book malformed.bin

# repeated entries: --make merges them (weights added, at most 65535; the larger learn),
# --check names the first repeat in a book made elsewhere (exit status 1)
printf '%s\n' 'start | e4 | 10' 'start | e2e4 | 5 | 3' 'start | d4 | 65000' 'start | d2d4 | 1000' \
    "$after_e4 | e5 | 1" "$after_e4 | e7e5 | 2" > repeats.txt
golden_stdin make-repeats 0 repeats.txt chess book --make merged.bin
golden_case list-merged 0 chess book merged.bin
golden_case check-merged 0 chess book merged.bin --check
printf '%s\n' 'start | e4 | 1' 'start | e4 | 2' > repeat-one.txt
golden_stdin make-repeat-one 0 repeat-one.txt chess book --make merged-one.bin
printf "$key"'\x03\x1c\x00\x01\x00\x00\x00\x00'"$key"'\x02\xdb\x00\x01\x00\x00\x00\x00' > repeated.bin
printf "$key"'\x03\x1c\x00\x02\x00\x00\x00\x00'"$key"'\x02\xdb\x00\x01\x00\x00\x00\x00' >> repeated.bin
golden_case check-repeated 1 chess book repeated.bin --check
golden_case check-repeated-json 1 -o json chess book repeated.bin --check
golden_case check-malformed-json 1 -o json chess book malformed.bin --check
golden_case list-repeated 0 chess book repeated.bin

# bad files: empty (a book without moves), missing, truncated, unsorted, a directory
: > empty.bin
golden_case empty 0 chess book empty.bin
golden_case empty-check 0 chess book empty.bin --check
golden_case missing 2 chess book missing.bin
golden_case directory 2 chess book .
head -c 40 book.bin > truncated.bin
golden_case truncated 2 chess book truncated.bin
golden_case truncated-check 2 chess book truncated.bin --check
printf '\x46' > one-byte.bin
golden_case truncated-one-byte 2 chess book one-byte.bin
{ tail -c 32 start.bin; head -c 16 start.bin; } > unsorted.bin
printf '\xff\xff\xff\xff\xff\xff\xff\xff\x03\x1c\x00\x01\x00\x00\x00\x00' >> unsorted.bin
cat start.bin >> unsorted.bin
golden_case unsorted 2 chess book unsorted.bin

# --make: bad lines name the line; the file is not written
printf '%s\n' 'start | e2e4 | 10' 'start | e2e5 | 1' > bad-move.txt
golden_stdin make-bad-move 2 bad-move.txt chess book --make bad.bin
printf '%s\n' 'start | e4 | 65536' > bad-weight.txt
golden_stdin make-bad-weight 2 bad-weight.txt chess book --make bad.bin
printf '%s\n' 'start | e4 | 1 | -1' > bad-learn.txt
golden_stdin make-bad-learn 2 bad-learn.txt chess book --make bad.bin
printf '%s\n' 'start e4 1' > bad-fields.txt
golden_stdin make-bad-fields 2 bad-fields.txt chess book --make bad.bin
printf '%s\n' 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1 | e4 | 1' > bad-fen.txt
golden_stdin make-bad-fen 2 bad-fen.txt chess book --make bad.bin
if [ -e bad.bin ]; then echo "FAIL make-bad: bad.bin written"; golden_fail=$((golden_fail + 1))
else golden_pass=$((golden_pass + 1)); fi
golden_stdin make-empty 0 /dev/null chess book --make nothing.bin
golden_case make-empty-list 0 chess book nothing.bin
golden_stdin make-unwritable 1 start.txt chess book --make no-such-dir/x.bin

# usage
golden_case usage-no-file 2 chess book
golden_case usage-option 2 chess book book.bin --weights
golden_case usage-too-many 2 chess book book.bin rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
golden_case usage-bad-fen 2 chess book book.bin 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0'
golden_case usage-check-fen 2 chess book book.bin start --check
golden_case usage-pick-bad 2 chess book book.bin --pick 12x
golden_case usage-pick-negative 2 chess book book.bin --pick -1
golden_case usage-pick-big 2 chess book book.bin --pick 18446744073709551616
golden_case usage-pick-missing 2 chess book book.bin --pick
golden_case usage-make-file 2 chess book book.bin --make x.bin

golden_finish chess_book
