/* Positions of random games for the Othello tests: from the standard start,
 * each move drawn uniformly from the legal ones (bbt_next), passes played,
 * until `empties` squares are left.  0 if the game ends before that, else
 * 1 with the position in *out (its side to move may have to pass). */
#ifndef BB_TESTS_OTHELLO_GAMES_H
#define BB_TESTS_OTHELLO_GAMES_H

#include "bitboard.h"
#include "harness.h"

static inline int random_position(uint64_t *rng, int empties, bb_othello_pos *out)
{
    bb_othello_pos pos = bb_othello_start();
    while (64 - bb_popcount(pos.p | pos.o) > empties) {
        uint64_t m = bb_othello_moves(pos.p, pos.o);
        if (!m) {
            if (bb_othello_pass(&pos) != 0) return 0; /* the game ended early */
            continue;
        }
        int k = (int)(bbt_next(rng) % (uint64_t)bb_popcount(m));
        while (k--) m &= m - 1;
        bb_othello_play(&pos, __builtin_ctzll(m));
    }
    *out = pos;
    return 1;
}

#endif
