/* The features' bodies, inline for the solver (src/othello/solve.c) and the
 * public wrappers (features.c).  Not API. */
#ifndef BB_SRC_OTHELLO_EVAL_FEATURES_H
#define BB_SRC_OTHELLO_EVAL_FEATURES_H

#include "bitboard.h"

#define BB__FILE_A 0x0101010101010101ULL
#define BB__FILE_H 0x8080808080808080ULL
#define BB__RANK_1 0x00000000000000FFULL
#define BB__RANK_8 0xFF00000000000000ULL
#define BB__EDGES (BB__FILE_A | BB__FILE_H | BB__RANK_1 | BB__RANK_8)

/* The quadrants a1-d4, e1-h4, a5-d8, e5-h8. */
static const uint64_t bb__othello_quadrant[4] = {0x000000000F0F0F0FULL, 0x00000000F0F0F0F0ULL,
                                                 0x0F0F0F0F00000000ULL, 0xF0F0F0F000000000ULL};

/* The squares next to a square of x (8 neighbours); x's own squares too
 * where they touch each other. */
static inline uint64_t bb__othello_neighbours(uint64_t x)
{
    uint64_t w = (x >> 1) & ~BB__FILE_H, e = (x << 1) & ~BB__FILE_A;
    uint64_t row = x | w | e;
    return w | e | (row << 8) | (row >> 8);
}

static inline int bb__othello_final_score(uint64_t p, uint64_t o)
{
    int np = bb_popcount(p), no = bb_popcount(o), d = np - no, e = 64 - np - no;
    return d > 0 ? d + e : d < 0 ? d - e : 0;
}

/* The squares whose whole line is full, per direction: rows, files,
 * diagonals (a1-h8 way) and anti-diagonals (h1-a8 way). */
static inline void bb__othello_full_lines(uint64_t occ, uint64_t full[4])
{
    uint64_t h = occ & (occ >> 1) & (occ >> 2) & (occ >> 3) & (occ >> 4) & (occ >> 5) & (occ >> 6) & (occ >> 7);
    h &= BB__FILE_A; /* bit a of a full row */
    full[0] = h * 0xFF;
    uint64_t v = occ & (occ >> 8);
    v &= v >> 16;
    v &= v >> 32;
    v &= BB__RANK_1; /* bit of a full file on rank 1 */
    full[1] = v * BB__FILE_A;
    /* diagonals: propagate "empty" along the diagonal both ways, then the
       squares reached by no empty square are on full diagonals */
    uint64_t e = ~occ, d = e;
    for (int k = 0; k < 7; k++) d |= ((d << 9) & ~BB__FILE_A) | ((d >> 9) & ~BB__FILE_H);
    full[2] = ~d;
    uint64_t a = e;
    for (int k = 0; k < 7; k++) a |= ((a << 7) & ~BB__FILE_H) | ((a >> 7) & ~BB__FILE_A);
    full[3] = ~a;
}

/* The line rule to its fixed point (see othello_solve.h). */
static inline uint64_t bb__othello_stable(uint64_t p, uint64_t o)
{
    uint64_t full[4];
    bb__othello_full_lines(p | o, full);
    /* a direction is settled by a full line or a wall on either side */
    const uint64_t wall_h = BB__FILE_A | BB__FILE_H, wall_v = BB__RANK_1 | BB__RANK_8;
    uint64_t base_h = full[0] | wall_h, base_v = full[1] | wall_v, base_d = full[2] | BB__EDGES,
             base_a = full[3] | BB__EDGES;
    uint64_t s = p & base_h & base_v & base_d & base_a, prev;
    do {
        prev = s;
        uint64_t h = base_h | ((s << 1) & ~BB__FILE_A) | ((s >> 1) & ~BB__FILE_H);
        uint64_t v = base_v | (s << 8) | (s >> 8);
        uint64_t d = base_d | ((s << 9) & ~BB__FILE_A) | ((s >> 9) & ~BB__FILE_H);
        uint64_t a = base_a | ((s << 7) & ~BB__FILE_H) | ((s >> 7) & ~BB__FILE_A);
        s |= p & h & v & d & a;
    } while (s != prev);
    return s;
}

/* The edges alone: on an edge the three directions across it end at a wall,
 * so a disc there is stable when its edge is full or it is joined to a
 * corner by a run of p's discs. */
static inline uint64_t bb__othello_stable_edges(uint64_t p, uint64_t o)
{
    uint64_t occ = p | o, s = 0;
    static const uint64_t edge[4] = {BB__RANK_1, BB__RANK_8, BB__FILE_A, BB__FILE_H};
    for (int k = 0; k < 4; k++)
        if ((occ & edge[k]) == edge[k]) s |= p & edge[k];
    /* runs from the corners along each edge */
    uint64_t r = p & 0x8100000000000081ULL, prev;
    do {
        prev = r;
        uint64_t along = ((r << 1) & ~BB__FILE_A & (BB__RANK_1 | BB__RANK_8)) |
                         ((r >> 1) & ~BB__FILE_H & (BB__RANK_1 | BB__RANK_8)) |
                         ((r << 8) & (BB__FILE_A | BB__FILE_H)) | ((r >> 8) & (BB__FILE_A | BB__FILE_H));
        r |= along & p;
    } while (r != prev);
    return s | r;
}

#endif
