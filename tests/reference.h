/* Slow, obviously correct references: every fast implementation is checked
 * against these.  They use only the definitions of the transforms. */
#ifndef BB_TESTS_REFERENCE_H
#define BB_TESTS_REFERENCE_H

#include <stdint.h>

#include "bitboard.h"

/* Where (f, r) goes under s, straight from the table in bitboard/sym.h. */
static inline int ref_sym_square(int sq, bb_sym s)
{
    int f = sq % 8, r = sq / 8, nf = f, nr = r;
    switch (s) {
    case BB_SYM_IDENTITY: break;
    case BB_SYM_ROTATE_CW: nf = r, nr = 7 - f; break;
    case BB_SYM_ROTATE_180: nf = 7 - f, nr = 7 - r; break;
    case BB_SYM_ROTATE_CCW: nf = 7 - r, nr = f; break;
    case BB_SYM_FLIP_VERTICAL: nr = 7 - r; break;
    case BB_SYM_FLIP_HORIZONTAL: nf = 7 - f; break;
    case BB_SYM_FLIP_DIAGONAL: nf = r, nr = f; break;
    case BB_SYM_FLIP_ANTIDIAGONAL: nf = 7 - r, nr = 7 - f; break;
    }
    return nr * 8 + nf;
}

/* The naive per-square loop: the oracle for every symmetry. */
static inline uint64_t ref_sym_apply(uint64_t x, bb_sym s)
{
    uint64_t y = 0;
    for (int sq = 0; sq < 64; sq++)
        if (x & ((uint64_t)1 << sq)) y |= (uint64_t)1 << ref_sym_square(sq, s);
    return y;
}

#endif
