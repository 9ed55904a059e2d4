/* What Othello engines evaluate, each by shifts over whole boards:
 * mobility, potential mobility, frontier discs, stable discs (the line rule
 * to its fixed point, and the cheap edge bound), the parity of the empty
 * regions, and the final score.  tests/test_othello_solve.c checks each
 * against a square-by-square definition. */
#include "bitboard.h"
#include "eval_features.h"

int bb_othello_mobility(uint64_t p, uint64_t o)
{
    return bb_popcount(bb_othello_moves(p, o));
}

int bb_othello_potential_mobility(uint64_t p, uint64_t o)
{
    return bb_popcount(bb__othello_neighbours(o) & ~(p | o));
}

uint64_t bb_othello_frontier(uint64_t p, uint64_t o)
{
    return p & bb__othello_neighbours(~(p | o));
}

uint64_t bb_othello_stable(uint64_t p, uint64_t o)
{
    return bb__othello_stable(p, o);
}

uint64_t bb_othello_stable_edges(uint64_t p, uint64_t o)
{
    return bb__othello_stable_edges(p, o);
}

unsigned bb_othello_parity(uint64_t p, uint64_t o)
{
    uint64_t e = ~(p | o);
    unsigned m = 0;
    for (int q = 0; q < 4; q++) m |= (unsigned)(bb_popcount(e & bb__othello_quadrant[q]) & 1) << q;
    return m;
}

int bb_othello_final_score(uint64_t p, uint64_t o)
{
    return bb__othello_final_score(p, o);
}
