/* The command table and the demo's sections, in the order help lists them. */
#include "cli.h"

const cli_command cli_commands[] = {
    {"show", cli_cmd_show, "show BOARD...", "Print boards (as a diagram unless -o says otherwise).",
     "Each BOARD is printed in the output format.  '-' reads boards from standard\n"
     "input, one per line.  --othello prints row 1 on top.\n"
     "\nExamples:\n  bitboard show e4,d5\n  bitboard -o squares show 0x0000001008000000\n"},
    {"transform", cli_cmd_transform, "transform SYM|all BOARD...",
     "Apply one of the 8 symmetries (or all of them) to boards.",
     "SYM is one of: identity rotate_cw rotate_180 rotate_ccw flip_vertical\n"
     "flip_horizontal flip_diagonal flip_antidiagonal.  Directions are as seen\n"
     "with rank 8 on top (rotate_cw takes a1 to a8).\n"
     "\nWith SYM, each board's image is printed; with -o hex one 0x%016x line per\n"
     "board.  With all, the 8 images in enum order: as diagrams side by side, or\n"
     "with -o hex|squares|json one line `NAME VALUE` each (json: one object a line).\n"
     "'-' reads boards from standard input, one per line (large inputs stream).\n"
     "\nExamples:\n  bitboard -o hex transform rotate_cw 0x1\n  bitboard transform all e4,e5,d4\n"},
    {"canonical", cli_cmd_canonical, "canonical BOARD [BOARD2]",
     "The least image of a board (or a pair) under the 8 symmetries.",
     "Prints the canonical form and the symmetry that maps BOARD onto it (the\n"
     "lowest enum value on ties).  With BOARD2, both boards move by the one\n"
     "symmetry that makes the pair (BOARD, then BOARD2) least, as a\n"
     "transposition table keyed by (player, opponent) would store them.\n"
     "-o hex prints `0xCANON SYM` (or `0xP 0xO SYM`).\n"},
    {"demo", cli_cmd_demo, "demo", "A short tour of what the library does.",
     "Shows a board under all 8 symmetries side by side, its canonical form, and\n"
     "one section for each module.\n"},
    {"help", cli_cmd_help, "help [COMMAND]", "Show help for all commands or for one.",
     "Prints the usage of COMMAND, what it does and examples.\n"},
};
const int cli_command_count = (int)(sizeof cli_commands / sizeof cli_commands[0]);

const cli_demo_section cli_demo_sections[] = {
    {"The 8 symmetries", cli_demo_symmetries},
};
const int cli_demo_section_count = (int)(sizeof cli_demo_sections / sizeof cli_demo_sections[0]);
