/* The time a move may take from a game clock (othello_search.h,
 * bb_othello_clock_budget; the rule is docs/OTHELLO.md's, "The clock"). */
#include "bitboard.h"

/* A move's weight by the empties it is played at: the midgame's moves
 * count twice (the evaluation decides there and deeper pays most); the
 * opening's and the endgame's (the solver's, from 16 empties) once. */
static double move_weight(int empties) { return empties > 16 && empties <= 44 ? 2.0 : 1.0; }

int bb_othello_clock_budget(const bb_othello_pos *pos, double left, double increment, bb_othello_budget *b)
{
    BB__ASSERT_NOT_NULL(pos, "pos");
    BB__ASSERT_NOT_NULL(b, "b");
    if (!pos || !b) return -1;
    b->soft = b->hard = BB_OTHELLO_CLOCK_MIN;
    b->reserve = 0;
    if (!(left - left == 0) || !(increment - increment == 0) || increment < 0) return -1; /* NaN, infinite, < 0 */
    if (!bb_othello_moves(pos->p, pos->o)) return 0; /* a pass (or the end): nothing to think about */
    int empties = 64 - bb_popcount(pos->p | pos->o);
    b->reserve = BB_OTHELLO_CLOCK_RESERVE + BB_OTHELLO_CLOCK_RESERVE_SHARE * (left > 0 ? left : 0);
    uint64_t m = bb_othello_moves(pos->p, pos->o);
    if (!(m & (m - 1))) return 0; /* one legal move: played at once */
    /* the side's moves still to play, this one first, at every other empty count */
    int n = (empties + 1) / 2;
    double total = 0;
    for (int k = 0; k < n; k++) total += move_weight(empties - 2 * k);
    double usable = left - b->reserve, pool = usable + increment * (n - 1);
    double share = pool > 0 ? pool * move_weight(empties) / total : 0;
    double hard = BB_OTHELLO_CLOCK_SPEND * share;
    if (hard > usable) hard = usable;
    if (hard < BB_OTHELLO_CLOCK_MIN) hard = BB_OTHELLO_CLOCK_MIN;
    b->hard = hard;
    b->soft = share < hard ? share : hard;
    if (b->soft < BB_OTHELLO_CLOCK_MIN) b->soft = BB_OTHELLO_CLOCK_MIN;
    return 0;
}
