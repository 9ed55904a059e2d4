/* STAND-IN: replaced by the fast perft. */
#include "bitboard.h"
static uint64_t walk(uint64_t p, uint64_t o, int depth, int passed, bb_othello_convention c)
{
    if (depth == 0) return 1;
    uint64_t m = bb_othello_moves(p, o);
    if (!m) {
        if (passed || !bb_othello_moves(o, p)) return c == BB_OTHELLO_OEIS ? 0 : 1; /* game over */
        return walk(o, p, c == BB_OTHELLO_NOPASS ? depth : depth - 1, 1, c);
    }
    uint64_t n = 0;
    while (m) {
        int sq = __builtin_ctzll(m);
        m &= m - 1;
        uint64_t f = bb_othello_flips(p, o, sq);
        n += walk(o ^ f, p ^ f ^ ((uint64_t)1 << sq), depth - 1, 0, c);
    }
    return n;
}
uint64_t bb_othello_perft(uint64_t p, uint64_t o, int depth, const bb_othello_perft_opts *opts)
{
    return walk(p, o, depth < 0 ? 0 : depth, 0, opts ? opts->convention : BB_OTHELLO_OEIS);
}
