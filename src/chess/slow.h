/* A slow chess move generator that is obviously correct, private to the
 * library and its tests: the reference for bb_chess_perft_verify and for
 * the tests of the fast generator.  It shares nothing with movegen.c: it
 * walks the board square by square, makes pseudo-legal moves with the naive
 * attack method (ray walking) on a copy of the position, and keeps a move
 * when the mover's king is not attacked afterwards.
 *   bb__chess_slow_generate(pos, mode, list)  the legal moves of mode; returns their count
 *   bb__chess_slow_play(pos, move, out)       *out = pos after the (legal) move, every field
 *                                             rebuilt: rights, ep, clocks, key (bb_chess_key)
 *   bb__chess_slow_attacked(pos, sq, by, occ) 1 if a piece of colour `by` attacks sq, sliders
 *                                             seen through occ
 *   bb__chess_slow_perft(pos, depth)          perft by the slow generator (no bulk counting)
 * The move encoding is bb_chess_move's: castling as king takes own rook. */
#ifndef BITBOARD_SRC_CHESS_SLOW_H
#define BITBOARD_SRC_CHESS_SLOW_H

#include "bitboard.h"

int bb__chess_slow_generate(const bb_chess_pos *pos, bb_chess_gen mode, bb_chess_movelist *list);
void bb__chess_slow_play(const bb_chess_pos *pos, bb_chess_move move, bb_chess_pos *out);
int bb__chess_slow_attacked(const bb_chess_pos *pos, int sq, int by, uint64_t occ);
uint64_t bb__chess_slow_perft(const bb_chess_pos *pos, int depth);

#endif
