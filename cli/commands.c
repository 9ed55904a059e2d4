/* The command table and the demo's sections, in the order help lists them. */
#include "cli.h"

const cli_command cli_commands[] = {
    {"show", cli_cmd_show, "show BOARD...", "Print boards (as a diagram unless -o says otherwise).",
     "Each BOARD is printed in the output format.  '-' reads boards from standard\n"
     "input, one per line.  --othello prints row 1 on top.\n"
     "\nExamples:\n  bitboard show e4,d5\n  bitboard -o squares show 0x0000001008000000\n", 0},
    {"transform", cli_cmd_transform, "transform SYM|all BOARD...",
     "Apply one of the 8 symmetries (or all of them) to boards.",
     "SYM is one of: identity rotate_cw rotate_180 rotate_ccw flip_vertical\n"
     "flip_horizontal flip_diagonal flip_antidiagonal.  Directions are as seen\n"
     "with rank 8 on top (rotate_cw takes a1 to a8).\n"
     "\nWith SYM, each board's image is printed; with -o hex one 0x%016x line per\n"
     "board.  With all, the 8 images in enum order: as diagrams side by side, or\n"
     "with -o hex or squares one line `NAME VALUE` each, with -o json one line\n"
     "{\"sym\":NAME,\"board\":BOARD} each.\n"
     "'-' reads boards from standard input, one per line (large inputs stream).\n"
     "\nExamples:\n  bitboard -o hex transform rotate_cw 0x1\n  bitboard transform all e4,e5,d4\n", 0},
    {"canonical", cli_cmd_canonical, "canonical BOARD [BOARD2]",
     "The least image of a board (or a pair) under the 8 symmetries.",
     "Prints the canonical form and the symmetry that maps BOARD onto it (the\n"
     "lowest enum value on ties).  With BOARD2, both boards move by the one\n"
     "symmetry that makes the pair (BOARD, then BOARD2) least, as a\n"
     "transposition table keyed by (player, opponent) would store them.\n"
     "-o hex prints `0xCANON SYM` (or `0xP 0xO SYM`); -o json prints\n"
     "{\"sym\":SYM,\"board\":BOARD} (and \"board2\" for a pair).\n"
     "\n`canonical -` reads boards from standard input, one per line, and\n"
     "`canonical - -` reads pairs, one per line as `BOARD | BOARD2` (a '|', as\n"
     "a space can sit inside a square list); one result per line.\n"
     "\nExamples:\n  bitboard -o hex canonical 0x80\n  bitboard -o hex canonical h1 a1,h8\n"
     "  printf '0x80 | a1\\n' | bitboard -o hex canonical - -\n", 0},
    {"line", cli_cmd_line, "line BOARD SQUARE LINE", "The 8 bits of a rank, file, diagonal or anti-diagonal.",
     "LINE is rank, file, diagonal (a1-h8 direction) or antidiagonal (a8-h1\n"
     "direction), the one through SQUARE.  Bit i of the result is the line's\n"
     "square on file i (on rank i for a file); files a diagonal does not reach\n"
     "read as 0.  Prints the bits and the line's mask; -o hex prints\n"
     "`0xBITS 0xMASK`, -o json {\"bits\":\"0xBITS\",\"mask\":BOARD}.\n"
     "\nExamples:\n  bitboard line 0x0000102A44A81000 e4 diagonal\n  bitboard -o hex line e4,e6 e1 file\n", 0},
    {"deposit", cli_cmd_deposit, "deposit BITS SQUARE LINE", "Put 8 bits on a line: the inverse of `line`.",
     "BITS is 0..255 (decimal, 0x.. or 0b..; a larger number is an error, not cut\n"
     "to 8 bits), laid on the LINE through SQUARE in the bit order of `line`; bits\n"
     "for files a short diagonal does not reach are ignored.\n"
     "\nExamples:\n  bitboard deposit 0xff c1 antidiagonal\n  bitboard -o squares deposit 0b101 e4 file\n", 0},
    {"rotate45", cli_cmd_rotate45, "rotate45 cw|ccw|uncw|unccw BOARD...",
     "Pseudo-rotate boards by 45 degrees (or undo it).",
     "cw moves file f down f ranks, wrapping, so the a1-h8 diagonal lands on\n"
     "rank 1 and every other diagonal on one rank; ccw moves file f up f+1\n"
     "ranks, putting the a8-h1 anti-diagonal on rank 1.  uncw and unccw undo them.\n"
     "\nExamples:\n  bitboard rotate45 cw 0x8040201008040201\n  bitboard -o hex rotate45 unccw 0xff\n", 0},
    {"rotated", cli_cmd_rotated, "rotated ANGLE BOARD...",
     "Hyatt's rotated boards, and back (un...).",
     "ANGLE is 90, 45, 315, un90, un45 or un315.\n"
     "90 turns the board clockwise (files become bytes); 45 packs the 15\n"
     "diagonals (a1-h8 direction) end to end from h1 to a8; 315 the 15\n"
     "anti-diagonals from a1 to h8; each line from its lowest file up.  un90,\n"
     "un45 and un315 turn rotated boards back into normal ones.\n"
     "\nExamples:\n  bitboard -o hex rotated 45 0x8040201008040201\n  bitboard -o hex rotated un45 0xff0000000\n", 0},
    {"convert", cli_cmd_convert, "convert --from M --to M BOARD...",
     "Renumber boards between the 8 square mappings.",
     "M (a MAPPING) is lerf (ours: a1 = 0, h1 = 7, a8 = 56), lerbef, berlef (a8 = 0),\n"
     "berf (a1 = 63), lefr (a2 = 1), lefber, befler or befr; a missing --from or\n"
     "--to means lerf.  `convert FROM TO BOARD...` is the same without options.\n"
     "\nExamples:\n  bitboard -o hex convert --from berf --to lerf 0x8000000000000000\n"
     "  bitboard -o hex convert lerf berlef 0x1\n", 1},
    {"attacks", cli_cmd_attacks, "attacks PIECE SQUARE [OCC] [OPTIONS]",
     "The squares a piece attacks; --methods lists the slider methods.",
     "PIECE is rook, bishop, queen, knight, king or pawn, SQUARE a1..h8, and OCC\n"
     "the occupancy, a BOARD (empty if left out; '-' reads one a line from\n"
     "standard input, one result each).  A rook, bishop or queen attacks along\n"
     "each line up to and including the first occupied square, whatever its\n"
     "colour (mask off your own pieces); OCC changes nothing for the leapers.\n"
     "\nThe diagram shows the piece as its letter (a black pawn as p), x attacked,\n"
     "* attacked and occupied, o occupied, . empty; --othello puts row 1 on top.\n"
     "-o hex and -o squares print the attack set; -o json prints\n"
     "{\"piece\":\"rook\",\"square\":\"e4\",\"occupancy\":BOARD,\"attacks\":BOARD}\n"
     "(with \"color\" after \"piece\" for a pawn).\n"
     "\nOptions (after the command name):\n"
     "  --method M   rook, bishop, queen: compute with method M: naive, rotated,\n"
     "               kindergarten, magic, pext, hyperbola or kogge-stone (any\n"
     "               case).  All give the same set; without it, the build's\n"
     "               default.  A method not in this build (pext without BMI2)\n"
     "               is an error.\n"
     "  --color C    pawn: white (the default: captures towards rank 8) or black.\n"
     "  --methods    alone: one line per method: its table memory in bytes and\n"
     "               `default` for the build's default, or `not in this build`;\n"
     "               -o json {\"method\":M,\"available\":B,\"bytes\":N,\"default\":B}.\n"
     "\nExamples:\n  bitboard attacks rook e4 e7,b4,e2,g4\n"
     "  bitboard -o squares attacks pawn e4 --color black\n"
     "  bitboard -o hex attacks bishop c1 - --method magic < occupancies.txt\n"
     "  bitboard attacks --methods\n", 1},
    {"othello", cli_cmd_othello, "othello SUBCOMMAND [ARGS]",
     "Othello: show a position, moves and flips, play, perft, count positions.",
     "  othello show [POSITION]               the position: a diagram with the side\n"
     "                                        to move and the disc count\n"
     "  othello moves [POSITION] [SQUARE]     the legal squares (+); with SQUARE, the\n"
     "                                        discs that move flips (#)\n"
     "  othello play POSITION MOVES...        the position after the moves\n"
     "  othello perft DEPTH [POSITION]        the number of leaves DEPTH plies deep\n"
     "  othello positions N [POSITION]        the distinct positions at each ply up\n"
     "                                        to N, as they are and up to symmetry\n"
     "\nPOSITION is the 64-character board string of Othello test suites, a1 b1\n"
     "... h8 (row 1 first): X or * black, O white, - or . empty (lower case x\n"
     "and o too), then a space and the side to move, X or O, all as ONE argument\n"
     "(quote it); `start` (the default) is the start position.  MOVES are\n"
     "transcripts: squares like f5d6c3 or f5 d6 c3 (any case), a pass as PA or\n"
     "--, or left out where the side to move has no move.\n"
     "\n-o hex or -o squares print a position as its board string (show, play),\n"
     "the moves or flips as a board (moves); -o json prints\n"
     "{\"position\":..,\"side\":..,\"black\":N,\"white\":N,\"moves\":BOARD,\"game_over\":B}\n"
     "for a position, {\"position\":..,\"side\":..,\"moves\":BOARD} or\n"
     "{..,\"square\":..,\"flips\":BOARD} for moves, {\"depth\":D,\"convention\":C,\"count\":N}\n"
     "for perft.\n"
     "\nperft counts a pass (the side to move has no move, the other side has) as\n"
     "a ply.  It prints the count on standard output and the leaves per second\n"
     "on standard error; a progress line on standard error for long runs when\n"
     "that is a terminal.\n"
     "\npositions prints a line `PLY POSITIONS SYMMETRIC` for each ply 1..N: the\n"
     "number of distinct positions exactly PLY plies from POSITION, and how many\n"
     "of them differ up to the 8 rotations and reflections.  A position is the\n"
     "discs and the side to move.  A pass is a ply, as in perft: the position\n"
     "after it (the same discs, the other side to move) counts at the ply it is\n"
     "reached; a game over ends that line (nothing counts after it).  N is 1..11:\n"
     "ply 12 from the start has 562 million positions, 20 GiB to hold.\n"
     "The time and peak memory of each ply go to standard error (not with\n"
     "--quiet); --moves T plays T first; --threads N shares the positions out\n"
     "over N threads (the same counts).  -o json prints\n"
     "{\"ply\":P,\"positions\":N,\"symmetric\":N}.  Example: othello positions 8\n"
     "\nOptions (after the command name):\n"
     "  --moves T         show, moves, perft: play transcript T first\n"
     "  --method M        moves and flips by M: lookup, shifts, avx2 or avx512 (all\n"
     "                    give the same answer); one this CPU or build lacks is an error\n"
     "  --convention C    perft: oeis (the default: a game over before the last ply\n"
     "                    counts nothing, OEIS A124004), bik (it counts one leaf,\n"
     "                    Aart Bik's table) or nopass (a pass is not a ply; a game\n"
     "                    over counts one leaf)\n"
     "  --threads N       perft: split the tree over N threads (1..256)\n"
     "  --each            perft: one line `DEPTH COUNT` for every depth 1..DEPTH\n"
     "  --quiet           perft: no leaves per second on standard error\n"
     "  --hash MB         perft: a transposition table of MB MiB (0..65536; default\n"
     "                    256, enough for depth 14 from the start; 0: none): each\n"
     "                    subtree 4 plies deep or more counted once per position\n"
     "                    (up to symmetry)\n"
     "  --no-symmetry     perft: key the table by the position as it is, not by the\n"
     "                    least of its 8 rotations and reflections (for comparison)\n"
     "\nperft prints the table's probes and hits on standard error after the rate.\n"
     "Ctrl-C stops it: \"interrupted\" on standard error, exit status 130.\n"
     "\nExamples:\n  bitboard othello moves --moves f5d6\n  bitboard othello moves start f5\n"
     "  bitboard othello play start f5d6c3 d3c4\n  bitboard othello perft 8 --each\n"
     "  bitboard othello perft 9 --convention bik --threads 2\n"
     "  bitboard othello perft 14 --hash 1024 --threads 2\n", 1},
    {"chess", cli_cmd_chess, "chess show|moves|play|perft [ARGS]",
     "Chess positions: show one, its legal moves, play moves, perft.",
     "  chess show [FEN]                      the position: a diagram, the side to move,\n"
     "                                        check, castling rights, en passant, clocks,\n"
     "                                        the Polyglot key and the FEN\n"
     "  chess moves [FEN]                     the legal moves (SAN); --uci or --san: one a line\n"
     "  chess play FEN MOVES...               the FEN after the moves (SAN or UCI)\n"
     "  chess perft DEPTH [FEN]               the number of legal move sequences DEPTH\n"
     "                                        plies deep\n"
     "  chess perft [DEPTH] --epd FILE        a perft suite: each line `FEN ;D1 20 ;D2 400`\n"
     "                                        checked (up to DEPTH), pass or FAIL\n"
     "\nFEN is one argument (quote it): standard FEN, X-FEN or Shredder-FEN (Chess960\n"
     "castling by rook files, e.g. HAha); the clocks may be left out.  `start` (the\n"
     "default for show, moves and perft) is the standard start position.  MOVES\n"
     "are SAN (e4 Nf3 exd5 O-O e8=Q+) or UCI (e2e4 e7e8q), one an argument or\n"
     "several in one separated by spaces; move numbers (1. 12...) are skipped.\n"
     "SAN is read strictly: an ambiguous, illegal or malformed move is refused with\n"
     "the reason; a missing + or # is fine, a wrong one is not (docs/CHESS.md).\n"
     "\n-o json prints {\"fen\":..,\"side\":..,\"castling\":..,\"ep\":..,\"key\":..,\"moves\":N,..}\n"
     "for a position, {\"fen\":..,\"moves\":[{\"uci\":..,\"san\":..},..]} for moves,\n"
     "{\"depth\":D,\"count\":N} for perft; -o hex prints a position's key, -o squares\n"
     "its FEN.  play prints the FEN unless -o asks for something else.\n"
     "\nperft counts legal move sequences (no draw rules; a mate or stalemate above\n"
     "the last ply counts nothing).  It prints the count on standard output and\n"
     "the nodes per second on standard error; a progress line on standard error\n"
     "for long runs when that is a terminal.  Ctrl-C stops it (exit status 130).\n"
     "\nOptions (after the command name):\n"
     "  --uci, --san      moves: one move a line in that notation (both: UCI then\n"
     "                    SAN); play: print the moves played in it before the FEN\n"
     "  --captures        moves: only captures (en passant too) and promotions\n"
     "  --quiets          moves: only the other moves (castling among them)\n"
     "  --chess960        castling in UCI as king takes rook (e1h1), as a Shredder-\n"
     "                    or X-FEN position has it already\n"
     "  --divide          perft: each root move's count (`e2e4: 20`, sorted), then\n"
     "                    `Nodes searched: N`\n"
     "  --method M        perft through the legal move generator with slider\n"
     "                    method M (naive, rotated, kindergarten, magic, pext,\n"
     "                    hyperbola, kogge-stone) instead of the dedicated kernel\n"
     "  --threads N       perft: split the root moves over N threads (1..256)\n"
     "  --hash MB         perft: a transposition table of about MB MiB\n"
     "  --verify          perft: first walk the tree holding the generator and\n"
     "                    make/unmake against a slow reference generator; at the\n"
     "                    first difference print the position (FEN) and the moves\n"
     "                    that differ and exit with status 1\n"
     "  --epd FILE        perft: run the suite in FILE ('-': standard input); exit\n"
     "                    status 1 if a line fails\n"
     "  --quiet           perft: nothing on standard error\n"
     "\nExamples:\n  bitboard chess show\n"
     "  bitboard chess moves 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -'\n"
     "  bitboard chess play start e4 e5 Nf3 Nc6 Bb5\n"
     "  bitboard chess perft 5 --divide\n"
     "  bitboard chess perft 4 --verify 'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1'\n"
     "  bitboard chess perft 5 --epd perftsuite.epd\n", 1},
    {"trace", cli_cmd_trace, "trace NAME|PROGRAM [OPTIONS]",
     "Follow every bit through a program of bit operations: prove it, draw it.",
     "PROGRAM is bit operations on a running 64-bit value that starts as the\n"
     "input x, statements separated by ';' or newlines (quote it as one\n"
     "argument; '-' reads it from standard input):\n"
     "  & | ^ andnot A    with a name or constant     + - A    add, subtract\n"
     "  << >> rol ror N   by 0..63                     * C      multiply\n"
     "  bswap neg not     pext C  pdep C               dswap C N   delta swap\n"
     "  gf2p8affine M     let NAME = ...               input p o   several inputs\n"
     "NAME is a library routine's program form (--list names them).\n"
     "\nThe picture shows the value after every step as an 8x8 grid (rank 8 on\n"
     "top), each cell naming the input square whose bit it holds: e4, ~e4\n"
     "(complemented), ^3 (the exclusive-or of 3 bits), ?e4 or ?5 (not linear: a\n"
     "carry, an and/or of two variable bits), 1, or . for 0; with several\n"
     "inputs the square follows the input's name (oe4).  A cell marked + is a\n"
     "merge (or/add of overlapping bits), ! where partial products of a\n"
     "multiplication meet (a carry could occur).  Rows above a grid are what\n"
     "the step pushed past bit 63 (overflow), rows below what fell under bit 0\n"
     "(underflow).  With --input, labels of bits that are 1 are in capitals.\n"
     "Colours (hue by rank, lightness by file) when standard output is a\n"
     "terminal and NO_COLOR is not set.  Then the verdict: a permutation, a\n"
     "gather, a scatter, linear, lossy (bits combined past recovery) or not\n"
     "linear, naming the step and bits that break it; for a NAME, the proof\n"
     "against the routine's definition (every input, not a sample).\n"
     "\nOptions (after the command name):\n"
     "  --input [NAME=]BOARD  run on this input too (the inputs in order, or by\n"
     "                        name); the values appear beside each step\n"
     "  --svg FILE            write the picture as one SVG file instead\n"
     "  --html FILE           write a page that steps through the program (buttons,\n"
     "                        arrow keys; hover a bit to see where it comes from\n"
     "                        and goes); '-' for standard output, both allowed\n"
     "  --check               print the verdict alone; exit status 0 proven (a NAME\n"
     "                        equals its definition for every input; a PROGRAM\n"
     "                        loses nothing: a permutation, gather, scatter or\n"
     "                        linear), 1 not (a counterexample, a refused proof, a\n"
     "                        lossy or non-linear PROGRAM), 2 a bad program text.\n"
     "                        `trace all --check` proves every library form\n"
     "  --square S            a NAME that takes a square: this one (else its example)\n"
     "  --color WHEN          always, never or auto (the default)\n"
     "  --list                the library's program forms, one a line\n"
     "\nExamples:\n  bitboard trace 'x & 0x0101010101010101; * 0x0102040810204080; >> 56'\n"
     "  bitboard trace --list\n  bitboard trace flip_vertical --check\n"
     "  bitboard trace 'x >> 8' --input e4,h1 --html shift.html\n", 1},
    {"demo", cli_cmd_demo, "demo", "A short tour of what the library does.",
     "Shows a board under all 8 symmetries side by side, its canonical form, and\n"
     "one section for each module.\n", 0},
    {"help", cli_cmd_help, "help [COMMAND]", "Show help for all commands or for one.",
     "Prints the usage of COMMAND, what it does and examples.\n", 0},
};
const int cli_command_count = (int)(sizeof cli_commands / sizeof cli_commands[0]);

const cli_demo_section cli_demo_sections[] = {
    {"The 8 symmetries", cli_demo_symmetries},
    {"Lines, pseudo-rotations and rotated boards", cli_demo_lines},
    {"Attacks: Hyatt's rotated bitboards", cli_demo_attacks},
    {"Othello: moves, and flips by line lookup", cli_demo_othello},
    {"Chess: legal moves by check and pin masks", cli_demo_chess},
    {"The bit-flow tracer: where every bit goes", cli_demo_trace},
};
const int cli_demo_section_count = (int)(sizeof cli_demo_sections / sizeof cli_demo_sections[0]);
