#!/usr/bin/env bash
# Golden tests for chess epd: test suites and perft suites written back in
# SAN, UCI and JSON; --check; bad records named by file, line and column
# (the reader goes on, status 1; a file that cannot be opened: 2); standard input; usage and I/O errors; a
# round trip through the command's own output.  The input files and the
# expected outputs are written by this script (nothing under tests/cli/).
# usage: tests/cli/chess_epd.sh path/to/bitboard
set -u
BIN=${1:-build/bitboard}
case $BIN in /*) ;; *) BIN=$PWD/$BIN ;; esac
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
GOLDEN=$work/golden
mkdir -p "$GOLDEN"
. "$here/golden.lib"
UPDATE=0 # the goldens are below, not in files
cd "$work" || exit 1

# want NAME out|err: the expected stdout or stderr of case NAME, read from stdin
want() { cat > "$GOLDEN/$1.std$2.exact"; }

# ---- inputs ----------------------------------------------------------------------------
cat > suite.epd <<'EOF'
# test suites: WAC, ERET, and records built for this test
2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";
8/7p/5k2/5p2/p1p2P2/Pr1pPK2/1P1R3P/8 b - - bm Rxb2; id "WAC.002";
r1bqk1r1/1p1p1n2/p1n2pN1/2p1b2Q/2P1Pp2/1PN5/PB4PP/R4RK1 w q - bm Rxf4; id "ERET 001 - Relief";

rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4 d4 Nf3 c4; am f3 g4; c0 "Fischer; 1972 (game 6)";
4k3/8/8/8/8/8/4P3/4K3 w - - hmvc 12; fmvn 34; pm Kd2;
r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5; pv Bb5 a6 Ba4 Nf6 O-O; id "ruy";
r3k2r/8/8/8/8/8/8/R3K2R w KQkq - bm 0-0 O-O-O; am Kf1;
	8/4P3/8/8/k7/8/8/4K3 w - - bm e8Q e7e8r; am e8=N;   id   promo ;
1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBgb - bm O-O; pm f1b1;
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902
r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - ;D1 48 ;D2 2039
EOF
# CRLF, UTF-8 and a byte that is not UTF-8 in a string
printf '4k3/8/8/8/8/8/4P3/4K3 w - - bm e4; c0 "caf\303\251 \377";\r\n' > crlf.epd
cat > bad.epd <<'EOF'
2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm Qxf7; id "no queen";
rnbqkb1r/ppp2ppp/5n2/3pp3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - bm Nd7;
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4!!x;
rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4;
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR bm e4;
4k3/8/8/8/8/8/4P3/4K3 w - - b#m e4;
4k3/8/8/8/8/8/4P3/4K3 w - - id "WAC.001;
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2
4k3/8/8/8/8/8/4P3/4K3 w - - hmvc 70000;
4k3/8/8/8/8/8/4P3/4K3 w - - bm e4; bm e3;
8/7p/5k2/5p2/p1p2P2/Pr1pPK2/1P1R3P/8 b - - bm Rxb2; id "WAC.002";
EOF

# ---- the records written back ----------------------------------------------------------
want san out <<'EOF'
2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";
8/7p/5k2/5p2/p1p2P2/Pr1pPK2/1P1R3P/8 b - - bm Rxb2; id "WAC.002";
r1bqk1r1/1p1p1n2/p1n2pN1/2p1b2Q/2P1Pp2/1PN5/PB4PP/R4RK1 w q - bm Rxf4; id "ERET 001 - Relief";
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4 d4 Nf3 c4; am f3 g4; c0 "Fischer; 1972 (game 6)";
4k3/8/8/8/8/8/4P3/4K3 w - - hmvc 12; fmvn 34; pm Kd2;
r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5; pv Bb5 a6 Ba4 Nf6 O-O; id "ruy";
r3k2r/8/8/8/8/8/8/R3K2R w KQkq - bm O-O O-O-O; am Kf1;
8/4P3/8/8/k7/8/8/4K3 w - - bm e8=Q+ e8=R; am e8=N; id "promo";
1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBgb - bm O-O; pm O-O-O;
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902
r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - ;D1 48 ;D2 2039
EOF
golden_case san 0 chess epd suite.epd
cp "$GOLDEN/san.stdout.exact" "$GOLDEN/san-flag.stdout.exact"
golden_case san-flag 0 chess epd --san suite.epd
cp "$GOLDEN/san.stdout.exact" "$GOLDEN/stdin.stdout.exact"
golden_stdin stdin 0 suite.epd chess epd -

want uci out <<'EOF'
2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm g3g6; id "WAC.001";
8/7p/5k2/5p2/p1p2P2/Pr1pPK2/1P1R3P/8 b - - bm b3b2; id "WAC.002";
r1bqk1r1/1p1p1n2/p1n2pN1/2p1b2Q/2P1Pp2/1PN5/PB4PP/R4RK1 w q - bm f1f4; id "ERET 001 - Relief";
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e2e4 d2d4 g1f3 c2c4; am f2f3 g2g4; c0 "Fischer; 1972 (game 6)";
4k3/8/8/8/8/8/4P3/4K3 w - - hmvc 12; fmvn 34; pm e1d2;
r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm f1b5; pv f1b5 a7a6 b5a4 g8f6 e1g1; id "ruy";
r3k2r/8/8/8/8/8/8/R3K2R w KQkq - bm e1g1 e1c1; am e1f1;
8/4P3/8/8/k7/8/8/4K3 w - - bm e7e8q e7e8r; am e7e8n; id "promo";
1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBgb - bm f1g1; pm f1b1;
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902
r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - ;D1 48 ;D2 2039
EOF
golden_case uci 0 chess epd --uci suite.epd
printf '4k3/8/8/8/8/8/4P3/4K3 w - - bm e2e4; c0 "caf\303\251 \377";\n' > "$GOLDEN/crlf-uci.stdout.exact"
golden_case crlf-uci 0 chess epd --uci crlf.epd

# the command's own output reads back as the same records, in either style
"$BIN" chess epd suite.epd > san-out.epd
"$BIN" chess epd --uci suite.epd > uci-out.epd
cp "$GOLDEN/san.stdout.exact" "$GOLDEN/again-san.stdout.exact"
golden_case again-san 0 chess epd san-out.epd
cp "$GOLDEN/san.stdout.exact" "$GOLDEN/again-uci.stdout.exact"
golden_case again-uci 0 chess epd uci-out.epd
cp "$GOLDEN/uci.stdout.exact" "$GOLDEN/again-uci-uci.stdout.exact"
golden_case again-uci-uci 0 chess epd --uci uci-out.epd

want json out <<'EOF'
{"file":"suite.epd","line":2,"fen":"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1","id":"WAC.001","bm":{"san":["Qg6"],"uci":["g3g6"]},"am":{"san":[],"uci":[]},"operations":{"bm":"Qg6","id":"WAC.001"}}
{"file":"suite.epd","line":3,"fen":"8/7p/5k2/5p2/p1p2P2/Pr1pPK2/1P1R3P/8 b - - 0 1","id":"WAC.002","bm":{"san":["Rxb2"],"uci":["b3b2"]},"am":{"san":[],"uci":[]},"operations":{"bm":"Rxb2","id":"WAC.002"}}
{"file":"suite.epd","line":4,"fen":"r1bqk1r1/1p1p1n2/p1n2pN1/2p1b2Q/2P1Pp2/1PN5/PB4PP/R4RK1 w q - 0 1","id":"ERET 001 - Relief","bm":{"san":["Rxf4"],"uci":["f1f4"]},"am":{"san":[],"uci":[]},"operations":{"bm":"Rxf4","id":"ERET 001 - Relief"}}
{"file":"suite.epd","line":6,"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","id":null,"bm":{"san":["e4","d4","Nf3","c4"],"uci":["e2e4","d2d4","g1f3","c2c4"]},"am":{"san":["f3","g4"],"uci":["f2f3","g2g4"]},"operations":{"bm":"e4 d4 Nf3 c4","am":"f3 g4","c0":"Fischer; 1972 (game 6)"}}
{"file":"suite.epd","line":7,"fen":"4k3/8/8/8/8/8/4P3/4K3 w - - 12 34","id":null,"bm":{"san":[],"uci":[]},"am":{"san":[],"uci":[]},"pm":{"san":["Kd2"],"uci":["e1d2"]},"operations":{"hmvc":"12","fmvn":"34","pm":"Kd2"}}
{"file":"suite.epd","line":8,"fen":"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1","id":"ruy","bm":{"san":["Bb5"],"uci":["f1b5"]},"am":{"san":[],"uci":[]},"pv":{"san":["Bb5","a6","Ba4","Nf6","O-O"],"uci":["f1b5","a7a6","b5a4","g8f6","e1g1"]},"operations":{"bm":"Bb5","pv":"Bb5 a6 Ba4 Nf6 O-O","id":"ruy"}}
{"file":"suite.epd","line":9,"fen":"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1","id":null,"bm":{"san":["O-O","O-O-O"],"uci":["e1g1","e1c1"]},"am":{"san":["Kf1"],"uci":["e1f1"]},"operations":{"bm":"O-O O-O-O","am":"Kf1"}}
{"file":"suite.epd","line":10,"fen":"8/4P3/8/8/k7/8/8/4K3 w - - 0 1","id":"promo","bm":{"san":["e8=Q+","e8=R"],"uci":["e7e8q","e7e8r"]},"am":{"san":["e8=N"],"uci":["e7e8n"]},"operations":{"bm":"e8=Q+ e8=R","am":"e8=N","id":"promo"}}
{"file":"suite.epd","line":11,"fen":"1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBgb - 0 1","id":null,"bm":{"san":["O-O"],"uci":["f1g1"]},"am":{"san":[],"uci":[]},"pm":{"san":["O-O-O"],"uci":["f1b1"]},"operations":{"bm":"O-O","pm":"O-O-O"}}
{"file":"suite.epd","line":12,"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","id":null,"bm":{"san":[],"uci":[]},"am":{"san":[],"uci":[]},"operations":{"D1":"20","D2":"400","D3":"8902"}}
{"file":"suite.epd","line":13,"fen":"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1","id":null,"bm":{"san":[],"uci":[]},"am":{"san":[],"uci":[]},"operations":{"D1":"48","D2":"2039"}}
{"file":"crlf.epd","line":1,"fen":"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1","id":null,"bm":{"san":["e4"],"uci":["e2e4"]},"am":{"san":[],"uci":[]},"operations":{"bm":"e4","c0":"café \u00ff"}}
EOF
golden_case json 0 -o json chess epd suite.epd crlf.epd

want check-good err <<'EOF'
11 records, 0 with errors
EOF
golden_case check-good 0 chess epd --check suite.epd

# ---- bad records: each named, the others still written ---------------------------------
want bad out <<'EOF'
2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";
8/7p/5k2/5p2/p1p2P2/Pr1pPK2/1P1R3P/8 b - - bm Rxb2; id "WAC.002";
EOF
want bad err <<'EOF'
bitboard: error: bad.epd:2:57: bm Qxf7: no white queen can move to f7
bitboard: error: bad.epd:3:65: bm Nd7 is ambiguous: the knights on f6 and b8 can both move to d7; name the one that moves by its file or rank
bitboard: error: bad.epd:4:59: bm 'e4!!x': '!' at character 3 does not belong in a move
bitboard: error: bad.epd:5:17: FEN field 1 (placement), character 17: rank 7 has 7 squares, not 8
bitboard: error: bad.epd:6:45: EPD field 2 (side to move): 'bm' is not w or b
bitboard: error: bad.epd:7:30: opcode 'b#m': '#' is not a letter, digit or '_'
bitboard: error: bad.epd:8:32: id: the string opened at character 32 is not closed (no '"' after it)
bitboard: error: bad.epd:9:68: D2 needs one number (the perft count, like D1 20)
bitboard: error: bad.epd:10:34: hmvc: 70000 is out of range (the halfmove clock, 0..65535)
bitboard: error: bad.epd:11:36: bm appears twice (first at character 29): an opcode may appear once
EOF
golden_case bad 1 chess epd bad.epd
{ cat "$GOLDEN/bad.stderr.exact"; echo "23 records, 10 with errors"; } > "$GOLDEN/check-bad.stderr.exact"
golden_case check-bad 1 chess epd --check bad.epd suite.epd

# ---- usage and I/O ---------------------------------------------------------------------
want no-file err <<'EOF'
bitboard: error: chess epd needs a FILE ('-' for standard input)
EOF
golden_case no-file 2 chess epd
want missing err <<'EOF'
bitboard: error: missing.epd: cannot open: No such file or directory
EOF
golden_case missing 2 chess epd missing.epd
want bogus err <<'EOF'
bitboard: error: chess epd: unknown option '--bogus' (bitboard help chess lists them)
EOF
golden_case bogus 2 chess epd --bogus suite.epd
want two-modes err <<'EOF'
bitboard: error: chess epd: --san and --uci: give one
EOF
golden_case two-modes 2 chess epd --san --uci suite.epd
want hex err <<'EOF'
bitboard: error: chess epd: -o json is its only output format
EOF
golden_case hex 2 -o hex chess epd suite.epd
want json-check err <<'EOF'
bitboard: error: chess epd: -o json writes SAN and UCI both: it does not combine with --check
EOF
golden_case json-check 2 -o json chess epd --check suite.epd
want two-stdin err <<'EOF'
bitboard: error: chess epd: standard input ('-') given twice
EOF
golden_case two-stdin 2 chess epd - -
want full-epd err <<'EOF'
bitboard: error: writing standard output: No space left on device
EOF
golden_full full-epd 1 chess epd suite.epd < /dev/null

golden_finish cli-chess-epd
