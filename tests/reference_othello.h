/* The slow, obviously correct Othello reference: each of the 8 directions
 * walked square by square.  Every flip and move method, and every perft and
 * position count, is checked against these (tests/test_othello*.c). */
#ifndef BB_TESTS_REFERENCE_OTHELLO_H
#define BB_TESTS_REFERENCE_OTHELLO_H

#include <stdint.h>

/* The discs of o that p playing sq turns; 0 if sq is occupied or flips nothing. */
static inline uint64_t ref_othello_flips(uint64_t p, uint64_t o, int sq)
{
    static const int dirs[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    if (((p | o) >> sq) & 1) return 0;
    uint64_t all = 0;
    for (int d = 0; d < 8; d++) {
        uint64_t run = 0;
        int f = sq % 8 + dirs[d][0], r = sq / 8 + dirs[d][1];
        for (; f >= 0 && f < 8 && r >= 0 && r < 8 && ((o >> (8 * r + f)) & 1); f += dirs[d][0], r += dirs[d][1])
            run |= (uint64_t)1 << (8 * r + f);
        if (f >= 0 && f < 8 && r >= 0 && r < 8 && ((p >> (8 * r + f)) & 1)) all |= run;
    }
    return all;
}

/* The squares where the side owning p may play. */
static inline uint64_t ref_othello_moves(uint64_t p, uint64_t o)
{
    uint64_t m = 0;
    for (int sq = 0; sq < 64; sq++)
        if (ref_othello_flips(p, o, sq)) m |= (uint64_t)1 << sq;
    return m;
}

#endif /* BB_TESTS_REFERENCE_OTHELLO_H */
