#!/usr/bin/env bash
# othello games: a WTHOR .wtb built here byte by byte (two good games and
# one with a bad move byte), its .jou names (Latin-1), a file cut short, and
# GGF games (tags, evals after a move, a start board, an illegal move); a
# WTHOR count that splits the empties evenly (a warning, status 0);
# every mode, the errors named by game with the reading going on, standard
# input as '-', and the exit statuses: 1 for a bad game in a file read to
# the end, 2 for a file that cannot be opened or is neither format, and for
# usage errors.
# usage: tests/cli/othello_games.sh path/to/bitboard
set -u
BIN=${1:-build/bitboard}
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
pass=0 fail=0
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
expect() { # NAME STATUS WANT_STDOUT WANT_STDERR ARGS...  (standard input: $IN, else /dev/null)
    local name=$1 want_rc=$2 want_out=$3 want_err=$4; shift 4
    local out err rc
    out=$("$BIN" "$@" 2> "$d/err" < "${IN:-/dev/null}"); rc=$?
    err=$(sed "s|$d/||g" "$d/err")
    if [ "$rc" = "$want_rc" ] && [ "$out" = "$want_out" ] && [ "$err" = "$want_err" ]; then pass=$((pass + 1)); else
        fail=$((fail + 1)); echo "FAIL $name: exit $rc (want $want_rc)"
        [ "$out" = "$want_out" ] || printf '  stdout:\n%s\n  want:\n%s\n' "$out" "$want_out"
        [ "$err" = "$want_err" ] || printf '  stderr:\n%s\n  want:\n%s\n' "$err" "$want_err"
    fi
}
cd "$d" || exit 1
# header: 2026-11-25, 3 games, year 2026, 8x8, depth 22; then 3 records of 68 bytes:
# game 1: f5 d6 c3 (56 64 33), black 32; game 2: a bad byte 99; game 3: f5 f6 e6 f4 (56 66 65 46)
printf '\x14\x1a\x0b\x19\x03\x00\x00\x00\x00\x00\xea\x07\x08\x00\x16\x00' > t.wtb
printf '\x01\x00\x00\x00\x01\x00\x20\x20\x38\x40\x21' >> t.wtb; head -c 57 /dev/zero >> t.wtb
printf '\x00\x00\x01\x00\x00\x00\x20\x20\x38\x63' >> t.wtb; head -c 58 /dev/zero >> t.wtb
printf '\x00\x00\x00\x00\x01\x00\x21\x21\x38\x42\x41\x2e' >> t.wtb; head -c 56 /dev/zero >> t.wtb
printf '\x14\x1a\x0b\x19\x00\x00\x00\x00\x02\x00\x00\x00\x00\x00\x00\x00Alice\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0L\xe9vy\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0' > t.jou
head -c 100 t.wtb > short.wtb
cat > t.ggf <<'GGF'
(;GM[Othello]PC[GGS/os]PB[a]PW[b]RE[+2.000]TY[8]B[f5//0.1]W[d6]B[c3];)
(;GM[Othello]PB[c]PW[d]TY[8]B[a1];)
(;GM[Othello]TY[8]BO[8 ---------------------------O*------*O--------------------------- O]W[c5];)
GGF
bad1="bitboard: error: t.wtb: game 2: move byte 2 is 99 (0x63), not a square 11..88"
bad2="bitboard: error: t.ggf: game 2: B[a1]: move 1 is illegal for black"
expect wthor-check 1 '3 games (WTHOR), 7 moves, 1 with errors, 0 with warnings' "$bad1" othello games t.wtb
expect wthor-transcripts 1 'f5d6c3 32-32 Alice - Lévy
# game 2: an error (on stderr)
f5f6e6f4 33-31 Alice - Lévy' "$bad1" othello games t.wtb --transcripts --names t.jou
expect wthor-positions 1 '---------------------------OX------XO--------------------------- X
---------------------------OX------XXX-------------------------- O
---------------------------OX------OXX-----O-------------------- X
------------------X--------XX------OXX-----O-------------------- O
---------------------------OX------XO--------------------------- X
---------------------------OX------XXX-------------------------- O
---------------------------OX------XOX-------O------------------ X
---------------------------OX------XXX------XO------------------ O
---------------------------OOO-----XXO------XO------------------ X' "$bad1" othello games t.wtb --positions
expect wthor-stats-json 1 '{"format":"wthor","games":3,"errors":1,"warnings":0,"moves":7,"black_wins":1,"white_wins":0,"draws":1,"unfinished":0,"mean_score":1.00}' "$bad1" -o json othello games t.wtb --stats
expect ggf-check 1 '3 games (GGF), 4 moves, 1 with errors, 0 with warnings' "$bad2" othello games t.ggf
expect ggf-transcripts-json 1 '{"game":1,"transcript":"f5d6c3","black_discs":-1,"black":"a","white":"b","event":"GGS/os"}
{"game":2,"error":true}
{"game":3,"transcript":"c5","black_discs":-1}' "$bad2" -o json othello games t.ggf --transcripts
expect ggf-canonical 1 "$("$BIN" othello games t.ggf --positions --canonical 2>/dev/null)" "$bad2" othello games t.ggf --positions --canonical
# a file cut inside game 2: game 1 is read, then the error names game 2 and the byte
cut='the header says 3 games (220 bytes with the header), but the file has 100 bytes: 1 whole record'
expect short 1 '2 games (WTHOR), 3 moves, 1 with errors, 0 with warnings' "bitboard: error: short.wtb: game 2: the file ends inside it, at byte 100 ($cut)" othello games short.wtb
expect short-transcripts 1 'f5d6c3 32-32
# game 2: an error (on stderr)' "bitboard: error: short.wtb: game 2: the file ends inside it, at byte 100 ($cut)" othello games short.wtb --transcripts
head -c 84 t.wtb > cut1.wtb
expect cut-between 1 '2 games (WTHOR), 3 moves, 1 with errors, 0 with warnings' 'bitboard: error: cut1.wtb: game 2: the file ends before it, at byte 84 (the header says 3 games (220 bytes with the header), but the file has 84 bytes: 1 whole record)' othello games cut1.wtb
{ cat t.wtb; printf xx; } > long.wtb
expect trailing-bytes 1 '3 games (WTHOR), 7 moves, 1 with errors, 0 with warnings' "${bad1/t.wtb/long.wtb}
bitboard: error: long.wtb: after game 3: the header says 3 games (220 bytes with the header), but the file has 222 bytes: 2 more" othello games long.wtb
# a record whose 60 move bytes are all 0 is no game
{ head -c 16 t.wtb; printf '\x01\x00\x00\x00\x01\x00\x20\x20'; head -c 60 /dev/zero; tail -c 136 t.wtb; } > zero.wtb
expect zero-moves 1 '3 games (WTHOR), 4 moves, 2 with errors, 0 with warnings' "bitboard: error: zero.wtb: game 1: no moves: all 60 move bytes are 0
${bad1/t.wtb/zero.wtb}" othello games zero.wtb
expect no-file 2 '' 'bitboard: error: othello games needs a FILE (WTHOR .wtb or GGF)' othello games
expect missing 2 '' 'bitboard: error: none.wtb: cannot open: No such file or directory' othello games none.wtb
expect directory 2 '' 'bitboard: error: .: cannot read: Is a directory' othello games .
expect missing-names 2 '' 'bitboard: error: none.jou: cannot open: No such file or directory' othello games t.wtb --names none.jou
# standard input as '-': the same games, errors named <stdin>
IN=t.wtb expect stdin-wthor 1 '3 games (WTHOR), 7 moves, 1 with errors, 0 with warnings' "${bad1/t.wtb/<stdin>}" othello games -
IN=t.ggf expect stdin-ggf-stats-json 1 '{"format":"ggf","games":3,"errors":1,"warnings":0,"moves":4,"black_wins":0,"white_wins":0,"draws":0,"unfinished":2,"mean_score":0.00}' "${bad2/t.ggf/<stdin>}" -o json othello games - --stats
IN=t.jou expect stdin-names 1 'f5d6c3 32-32 Alice - Lévy
# game 2: an error (on stderr)
f5f6e6f4 33-31 Alice - Lévy' "$bad1" othello games t.wtb --transcripts --names -
IN=short.wtb expect stdin-short 1 '2 games (WTHOR), 3 moves, 1 with errors, 0 with warnings' "bitboard: error: <stdin>: game 2: the file ends inside it, at byte 100 ($cut)" othello games -
expect stdin-empty 2 '' 'bitboard: error: <stdin>: no game: neither GGF (no "(;") nor a WTHOR .wtb file' othello games -
expect stdin-twice 2 '' "bitboard: error: othello games: standard input ('-') can be read once: give it to one of FILE, --names, --tournaments" othello games - --names -
# singular counts: one game, one move, one whole record
head -1 t.ggf | sed 's/W\[d6\]B\[c3\]//' > one.ggf
expect one-game 0 '1 game (GGF), 1 move, 0 with errors, 0 with warnings' '' othello games one.ggf
{ printf '\x14\x1a\x0b\x19\x02\x00\x00\x00\x00\x00\xea\x07\x08\x00\x16\x00'; tail -c +17 t.wtb | head -c 100; } > one-whole.wtb
expect one-whole 1 '2 games (WTHOR), 3 moves, 1 with errors, 0 with warnings' 'bitboard: error: one-whole.wtb: game 2: the file ends inside it, at byte 116 (the header says 2 games (152 bytes with the header), but the file has 116 bytes: 1 whole record)' othello games one-whole.wtb
{ printf '\x14\x1a\x0b\x19\x01\x00\x00\x00\x00\x00\xea\x07\x08\x00\x16\x00'; tail -c +17 t.wtb | head -c 100; } > one-more.wtb
expect one-more 1 '1 game (WTHOR), 3 moves, 0 with errors, 0 with warnings' 'bitboard: error: one-more.wtb: after game 1: the header says 1 game (84 bytes with the header), but the file has 116 bytes: 32 more' othello games one-more.wtb
# a game the moves end with 51 empty squares, black 13-0 (d3 c3 b3 d2 e1 d6 d7 e3 f4): WTHOR gives the
# empties to the winner (64); 39 splits them evenly (Logistello's book does): kept, with a warning; 13 is an error
rec() { printf '\x00\x00\x00\x00\x01\x00'; printf "\\x$(printf %02x "$1")\\x$(printf %02x "$1")"; printf '\x22\x21\x20\x18\x0f\x40\x4a\x23\x2e'; head -c 51 /dev/zero; }
{ printf '\x14\x1a\x0b\x1b\x03\x00\x00\x00\x00\x00\xcf\x07\x08\x00\x00\x00'; rec 39; rec 64; rec 13; } > split.wtb
{ printf '\x14\x1a\x0b\x1b\x01\x00\x00\x00\x00\x00\xcf\x07\x08\x00\x00\x00'; rec 39; } > split1.wtb
warn="black's disc count is 39, but the moves end with 64: 13-0 with 51 empty squares, split evenly instead of given to the winner"
expect split-check 1 '3 games (WTHOR), 18 moves, 1 with errors, 1 with warnings' "bitboard: warning: split.wtb: game 1: $warn
bitboard: error: split.wtb: game 3: black's disc count is 13, but the moves end with 64" othello games split.wtb
expect split-only 0 '1 game (WTHOR), 9 moves, 0 with errors, 1 with warnings' "bitboard: warning: split1.wtb: game 1: $warn" othello games split1.wtb
expect split-transcripts 0 'd3c3b3d2e1d6d7e3f4 13-0' "bitboard: warning: split1.wtb: game 1: $warn" othello games split1.wtb --transcripts
expect split-stats-json 0 '{"format":"wthor","games":1,"errors":0,"warnings":1,"moves":9,"black_wins":1,"white_wins":0,"draws":0,"unfinished":0,"mean_score":13.00}' "bitboard: warning: split1.wtb: game 1: $warn" -o json othello games split1.wtb --stats
IN=split1.wtb expect split-stdin 0 '1 game (WTHOR), 9 moves, 0 with errors, 1 with warnings' "bitboard: warning: <stdin>: game 1: $warn" othello games -
expect two-modes 2 '' 'bitboard: error: othello games: give one of --check, --transcripts, --positions, --stats' othello games t.wtb --stats --positions
expect canonical-alone 2 '' 'bitboard: error: --canonical applies to --positions' othello games t.wtb --canonical
echo "othello-games: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
