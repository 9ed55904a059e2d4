/* bitboard othello solve: not written yet. */
#include "cli.h"

int cli_othello_solve(int argc, char **argv, const cli_opts *o)
{
    (void)argc, (void)argv, (void)o;
    return cli_error("othello solve: not written yet");
}
