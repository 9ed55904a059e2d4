#!/usr/bin/env bash
# Golden tests for chess show, moves, play and perft (the demo, its chess
# section included, is checked whole by tests/cli/sym.sh).
# usage: tests/cli/chess.sh path/to/bitboard     (UPDATE=1 to rewrite goldens)
set -u
BIN=${1:-build/bitboard}
here=$(cd "$(dirname "$0")" && pwd)
GOLDEN=$here/chess
. "$here/golden.lib"

kiwi='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
pos3='8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1'
pos4='r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1'
frc='bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9'
# Chess960: king and rook on each other's destination squares (f1, g1)
swap='1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBgb - 0 1'
pinned='4r1k1/5ppp/8/8/1b6/8/PPP1NPPP/R1BQK2R w KQ - 0 1'
mated='rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3'
stalemate='7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'
ep='rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3'
promo='8/4P3/8/8/k7/8/8/4K3 w - - 0 1'
two_knights='rnbqkb1r/ppp2ppp/5n2/3pp3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 0 1'

# show: the start, positions with check, mate, stalemate, en passant, Chess960; every format
golden_case show-start 0 chess show
golden_case show-start-named 0 chess show startpos
golden_case show-kiwipete 0 chess show "$kiwi"
golden_case show-check 0 chess show "$pinned"
golden_case show-mate 0 chess show "$mated"
golden_case show-stalemate 0 chess show "$stalemate"
golden_case show-ep 0 chess show "$ep"
golden_case show-960 0 chess show "$frc"
golden_case show-4-fields 0 chess show 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -'
golden_case show-json 0 -o json chess show "$pinned"
golden_case show-json-mate 0 -o json chess show "$mated"
golden_case show-hex 0 -o hex chess show
golden_case show-squares 0 -o squares chess show "$kiwi"

# moves: SAN on one line; one a line in UCI, SAN or both; the two halves; JSON
golden_case moves-start 0 chess moves
golden_case moves-kiwipete 0 chess moves "$kiwi"
golden_case moves-uci 0 chess moves "$kiwi" --uci
golden_case moves-san 0 chess moves "$kiwi" --san
golden_case moves-both 0 chess moves "$pos4" --uci --san
golden_case moves-captures 0 chess moves "$kiwi" --captures
golden_case moves-quiets 0 chess moves "$kiwi" --quiets
golden_case moves-json 0 -o json chess moves "$pinned"
golden_case moves-check 0 chess moves "$pinned"
golden_case moves-mate 0 chess moves "$mated"
golden_case moves-stalemate 0 chess moves "$stalemate"
golden_case moves-ep 0 chess moves "$ep" --uci --san
golden_case moves-promo 0 chess moves "$promo" --uci --san
golden_case moves-ambiguous 0 chess moves "$two_knights" --san
golden_case moves-960 0 chess moves "$frc" --uci --san
golden_case moves-960-swap 0 chess moves "$swap" --uci --san
golden_case show-960-swap 0 chess show "$swap"
golden_case moves-chess960-flag 0 chess moves "$kiwi" --uci --chess960 --quiets

# play: SAN, UCI, mixed, several in one argument, move numbers; what it prints
golden_case play-san 0 chess play start e4 e5 Nf3 Nc6 Bb5
golden_case play-san 0 chess play start e2e4 e7e5 g1f3 b8c6 f1b5
golden_case play-san 0 chess play start 'e4 e5 g1f3' Nc6 f1b5
golden_case play-san 0 chess play start '1. e4 e5 2. Nf3 Nc6 3. Bb5'
golden_case play-san 0 chess play START 'e4 e5 Nf3' '2... Nc6' Bb5
golden_case play-list-san 0 chess play start e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5c6 --san
golden_case play-list-uci 0 chess play "$kiwi" O-O Bxe2 Qxe2 --uci
golden_case play-black-first 0 chess play "$two_knights" Nbd7 d3 --san
golden_case play-castle-960 0 chess play "$swap" --uci O-O O-O-O
golden_case play-castle-960 0 chess play "$swap" --uci f1g1 f8b8
golden_case play-castle-960-san 0 chess play "$swap" --san f1b1 O-O
golden_case err-play-960-blocked 2 chess play "$frc" O-O
golden_case perft-960-swap 0 chess perft 3 "$swap" --verify --quiet
golden_case play-promo 0 chess play "$promo" e8=Q+
golden_case play-mate 0 chess play start f3 e5 g4 Qh4#
golden_case play-ep 0 chess play "$ep" exd6
golden_case play-nothing 0 chess play "$kiwi"
golden_case play-diagram 0 -o diagram chess play start e4
golden_case play-json 0 -o json chess play start f3 e5 g4 Qh4
golden_case play-hex 0 -o hex chess play start e4

# play: refused moves name the move, why, and the position
golden_case err-play-ambiguous 2 chess play "$two_knights" Nd7
golden_case err-play-illegal 2 chess play "$pinned" Nc3
golden_case err-play-no-such 2 chess play start e4 e5 Nd4
golden_case err-play-wrong-check 2 chess play start f3 e5 g4 Qh4+
golden_case err-play-missing-x 2 chess play "$kiwi" Nd7
golden_case err-play-malformed 2 chess play start e4 'e5?!?'
golden_case err-play-zero-castle 2 chess play "$kiwi" 0-0
golden_case err-play-promo-missing 2 chess play "$promo" e8
golden_case err-play-uci-illegal 2 chess play start e2e5
golden_case err-play-uci-promo 2 chess play "$promo" e7e8
golden_case err-play-960-castle 2 chess play "$kiwi" --chess960 e1g1
golden_case err-play-no-position 2 chess play e4 e5
golden_case err-play-nothing 2 chess play
golden_case err-play-escape 2 chess play start "$(printf 'e4\033[2J')"

# perft: counts (quiet: the rate on stderr changes run to run), divide, JSON,
# every method, threads, hash, verify
golden_case perft-start-4 0 chess perft 4 --quiet
golden_case perft-0 0 chess perft 0 --quiet
golden_case perft-kiwipete 0 chess perft 3 "$kiwi" --quiet
golden_case perft-pos3 0 chess perft 5 "$pos3" --quiet
golden_case perft-960 0 chess perft 3 "$frc" --quiet
golden_case perft-mate 0 chess perft 3 "$mated" --quiet
golden_case perft-divide 0 chess perft 3 --divide --quiet
golden_case perft-divide-kiwipete 0 chess perft 2 "$kiwi" --divide --quiet
golden_case perft-divide-json 0 -o json chess perft 2 "$pos4" --divide --quiet
golden_case perft-json 0 -o json chess perft 3 --quiet
for m in naive rotated kindergarten magic pext hyperbola kogge-stone; do
    if "$BIN" attacks rook e4 --method $m > /dev/null 2>&1; then
        golden_case perft-kiwipete 0 chess perft 3 "$kiwi" --method $m --quiet
    else
        echo "SKIP perft-method-$m: not in this build"
        golden_case "err-method-$m-unavailable" 2 chess perft 3 --method $m
    fi
done
golden_case perft-kiwipete 0 chess perft 3 "$kiwi" --threads 3 --quiet
golden_case perft-kiwipete 0 chess perft 3 "$kiwi" --hash 1 --quiet
golden_case perft-kiwipete 0 chess perft 3 "$kiwi" --hash=2 --threads=2 --method=magic --quiet
golden_case perft-kiwipete 0 chess perft 3 "$kiwi" --verify --quiet
golden_case perft-pos4-verify 0 chess perft 3 "$pos4" --verify --quiet
golden_case perft-960-verify 0 chess perft 3 "$frc" --verify --quiet

# perft --epd: a suite passes; a failing line fails (status 1); DEPTH caps it
golden_case epd-suite 0 chess perft --epd "$here/chess/suite.epd" --quiet
golden_case epd-capped 0 chess perft 2 --epd "$here/chess/suite.epd" --quiet
golden_stdin epd-stdin 0 "$here/chess/suite.epd" chess perft 1 --epd - --quiet
golden_case epd-failing 1 chess perft --epd "$here/chess/failing.epd" --quiet
golden_stdin err-epd-malformed 2 "$here/chess/malformed.epd" chess perft --epd - --quiet
golden_case err-epd-missing 1 chess perft --epd no-such-file.epd --quiet
golden_stdin err-epd-fen 2 "$here/chess/malformed-fen.epd" chess perft --epd - --quiet

# bad input and usage
golden_case err-no-sub 2 chess
golden_case err-sub 2 chess board
golden_case err-fen-split 2 chess show rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
golden_case err-fen-piece 2 chess show 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1'
golden_case err-fen-kings 2 chess moves '8/8/8/8/8/8/8/K7 w - - 0 1'
golden_case err-depth 2 chess perft x
golden_case err-depth-big 2 chess perft 65
golden_case err-perft-none 2 chess perft
golden_case err-perft-extra 2 chess perft 3 start start
golden_case err-option 2 chess moves --bogus
golden_case err-divide-moves 2 chess moves --divide
golden_case err-san-perft 2 chess perft 3 --san
golden_case err-captures-show 2 chess show --captures
golden_case err-captures-quiets 2 chess moves --captures --quiets
golden_case err-method-unknown 2 chess perft 3 --method slow
golden_case err-method-missing 2 chess perft 3 --method
golden_case err-threads 2 chess perft 3 --threads 0
golden_case err-hash 2 chess perft 3 --hash lots
# the rate line names the table's real size (--hash 1 said "hash 0 MiB")
if "$BIN" chess perft 4 --hash 1 2>&1 >/dev/null | grep -Eq ', hash [1-9][0-9]* (KiB|MiB)\)$'; then golden_pass=$((golden_pass + 1))
else echo "FAIL perft-hash-size: $("$BIN" chess perft 4 --hash 1 2>&1 >/dev/null)"; golden_fail=$((golden_fail + 1)); fi
golden_case err-epd-divide 2 chess perft --epd x --divide
golden_case err-play-both 2 chess play start e4 --san --uci
# DEPTH is at most BB_CHESS_PERFT_MAX_DEPTH, 13, the deepest whose count from
# the start fits in 64 bits: 14 is refused with the reason (status 2), in the
# plain count, divide, a suite's DEPTH and a suite's line; 13 counts (K v K,
# quick with the table).  The library's counts past 2^64 - 1 (K v K at depth
# 24) are tested in tests/test_chess_perft.c: no depth the CLI takes reaches them quickly
kk='8/8/8/4k3/8/8/8/4K3 w - - 0 1'
golden_case perft-too-deep 2 chess perft 14 "$kk" --hash 64 --quiet
golden_case perft-too-deep-divide 2 chess perft 14 --divide
golden_case perft-too-deep-epd 2 chess perft 14 --epd "$here/chess/overflow.epd"
golden_stdin perft-too-deep-epd-line 2 "$here/chess/overflow.epd" chess perft --epd - --hash 64 --quiet
golden_case perft-kk-13 0 chess perft 13 "$kk" --hash 64 --quiet
# a table that cannot be had is the machine's fault (status 1), not a slow
# count without one; skipped where 64 GiB can be allocated
if [ "$(awk '/^MemTotal:/ { print int($2 / 1048576) }' /proc/meminfo 2>/dev/null || echo 0)" -lt 60 ]; then
    golden_case err-hash-unavailable 1 chess perft 5 --hash 65536
else
    echo "SKIP err-hash-unavailable: this machine may hold a 64 GiB table"
fi
# the rate line names the table only when one was used; --hash with --method
# is ignored, and says so
check_rate() {
    local name=$1 want=$2 err ok=1; shift 2
    err=$("$BIN" chess perft "$@" 2>&1 >/dev/null)
    [[ $err =~ $want ]] || { echo "FAIL $name: stderr '$err'"; ok=0; }
    if [ $ok = 1 ]; then golden_pass=$((golden_pass + 1)); else golden_fail=$((golden_fail + 1)); fi
}
check_rate rate-hash '^perft: 197281 nodes in [0-9.]+ s: [0-9.]+ M nodes/s \(dedicated kernel, 1 thread, hash [0-9]+ MiB\)$' 4 --hash 4
check_rate rate-no-hash '^perft: 197281 nodes in [0-9.]+ s: [0-9.]+ M nodes/s \(dedicated kernel, 1 thread\)$' 4
check_rate rate-hash-0 '^perft: 197281 nodes in [0-9.]+ s: [0-9.]+ M nodes/s \(dedicated kernel, 1 thread\)$' 4 --hash 0
check_rate rate-method-hash $'^bitboard: note: --hash is ignored with --method [^\n]*\nperft: 197281 nodes in [0-9.]+ s: [0-9.]+ M nodes/s \(magic, 1 thread\)$' 4 --hash 4 --method magic

# FEN: two digits in a row and castling out of order are malformed; X-FEN and
# Shredder letters stay; clocks up to 65535, saturating there on make
golden_case err-fen-digits 2 chess show '8/8/4k3/8/8/3K4/8/44 w - - 0 1'
golden_case err-fen-digits-08 2 chess show '8/8/4k3/8/8/3K4/8/08 w - - 0 1'
golden_case err-fen-castling-order 2 chess show 'r3k2r/8/8/8/8/8/8/R3K2R w QKqk - 0 1'
golden_case err-fen-castling-colours 2 chess show 'r3k2r/8/8/8/8/8/8/R3K2R w kqKQ - 0 1'
golden_case fen-castling-shredder 0 chess play 'r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1'
golden_case fen-castling-partial 0 chess play 'r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1'
golden_case err-fen-clock 2 chess show '8/8/4k3/8/8/3K4/8/8 w - - 65536 80'
golden_case play-clock-saturates 0 chess play '8/8/4k3/8/8/3K4/8/8 w - - 65535 80' Kd4
golden_case play-fullmove-saturates 0 chess play '8/8/4k3/8/8/3K4/8/8 b - - 7 65535' Kd5

# Ctrl-C: every long chess command stops with one message shape, status 130
check_interrupt() {
    local name=$1 what=$2 out err status ok=1; shift 2
    out=$(timeout --foreground --preserve-status -s INT 1 "$BIN" chess perft "$@" 2> /tmp/chess-int.$$)
    status=$?
    err=$(tail -n 1 /tmp/chess-int.$$); rm -f /tmp/chess-int.$$
    [ "$status" = 130 ] || { echo "FAIL $name: exit status $status, want 130"; ok=0; }
    [[ $err =~ ^bitboard:\ $what:\ interrupted\ after\ [0-9]+\.[0-9]\ s$ ]] || { echo "FAIL $name: stderr '$err'"; ok=0; }
    if [ $ok = 1 ]; then golden_pass=$((golden_pass + 1)); else golden_fail=$((golden_fail + 1)); fi
}
check_interrupt perft-interrupt 'chess perft' 9
check_interrupt perft-interrupt-threads 'chess perft' 9 --threads 2 --hash 16
check_interrupt perft-interrupt-divide 'chess perft' 9 --divide
check_interrupt perft-interrupt-verify 'chess perft --verify' 7 --verify
printf 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D9 2439530234167\n' > /tmp/chess-int.$$.epd
check_interrupt perft-interrupt-epd 'chess perft --epd' --epd /tmp/chess-int.$$.epd
rm -f /tmp/chess-int.$$.epd
# the outcome of the position shown: dead material, the fifty- and
# seventy-five-move rules (a position alone: no repetition)
golden_case show-dead 0 chess show '8/8/4k3/8/8/3K4/8/6N1 b - - 0 1'
golden_case show-fifty 0 chess show '8/8/4k3/8/8/3K4/8/R7 w - - 100 100'
golden_case show-seventyfive 0 chess show '8/8/4k3/8/8/3K4/8/R7 w - - 150 100'
golden_case show-json-dead 0 -o json chess show '5b2/8/4k3/8/8/3K4/8/2B5 w - - 0 1'
golden_case help 0 help chess
golden_full full-moves 1 chess moves --uci < /dev/null
golden_full full-perft 1 chess perft 3 --divide --quiet < /dev/null

golden_finish chess
