/* bitboard chess epd: not written yet. */
#include "cli.h"

int cli_chess_epd(int argc, char **argv, const cli_opts *o)
{
    (void)argc, (void)argv, (void)o;
    return cli_error("chess epd: not written yet");
}
