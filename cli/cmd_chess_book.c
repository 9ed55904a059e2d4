/* bitboard chess book: not written yet. */
#include "cli.h"

int cli_chess_book(int argc, char **argv, const cli_opts *o)
{
    (void)argc, (void)argv, (void)o;
    return cli_error("chess book: not written yet");
}
