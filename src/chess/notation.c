/* STAND-IN (helper chess-text replaces this file): UCI and SAN, perft --verify. */
#include "bitboard.h"

size_t bb_chess_move_to_uci(char *buf, size_t size, const bb_chess_pos *pos, bb_chess_move move)
{
    (void)pos, (void)move;
    if (size) buf[0] = 0;
    return 0;
}
int bb_chess_move_from_uci(const bb_chess_pos *pos, const char *text, bb_chess_move *move, bb_parse_error *err)
{
    (void)pos, (void)text, (void)move, (void)err;
    return -1;
}
size_t bb_chess_move_to_san(char *buf, size_t size, const bb_chess_pos *pos, bb_chess_move move)
{
    (void)pos, (void)move;
    if (size) buf[0] = 0;
    return 0;
}
int bb_chess_move_from_san(const bb_chess_pos *pos, const char *text, bb_chess_move *move, bb_parse_error *err)
{
    (void)pos, (void)text, (void)move, (void)err;
    return -1;
}
int bb_chess_perft_verify(const bb_chess_pos *pos, int depth, char *report, size_t size)
{
    (void)pos, (void)depth;
    if (size) report[0] = 0;
    return 0;
}
