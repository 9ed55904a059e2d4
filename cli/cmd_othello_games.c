/* bitboard othello games: not written yet. */
#include "cli.h"

int cli_othello_games(int argc, char **argv, const cli_opts *o)
{
    (void)argc, (void)argv, (void)o;
    return cli_error("othello games: not written yet");
}
