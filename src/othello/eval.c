/* The solver's evaluation (eval.h): pattern weights summed over the 8 images
 * of the board. */
#include "bitboard.h"
#include "eval.h"

/* The patterns (eval.h lists them).  In the 8 images each is read along
 * every edge and corner of the board. */
const uint64_t bb__eval_mask[BB__EVAL_PATTERNS] = {BB__EVAL_MASKS};

/* 3^10, 3^10, 3^9, 3^8 four times, 3^7, 3^6, 3^5, 3^4, added up
 * (tests/test_othello_eval.c checks them against the masks). */
const int bb__eval_offset[BB__EVAL_PATTERNS + 1] = {
    0, 59049, 118098, 137781, 144342, 150903, 157464, 164025, 166212, 166941, 167184, 167265,
};

/* The bits of x under mask, packed in ascending order (pext). */
static inline unsigned gather(uint64_t x, uint64_t mask)
{
#if BB_HAVE_BMI2
    return (unsigned)_pext_u64(x, mask);
#else
    unsigned r = 0, bit = 1;
    for (; mask; mask &= mask - 1, bit <<= 1)
        if (x & mask & (0 - mask)) r |= bit;
    return r;
#endif
}

/* base3[b]: the bits of b (up to 10) read as base-3 digits 0/1.  B3_k
 * lists the 2^(k+1) values of bits 0..k: those with bit k clear, then those
 * with it set (3^k more). */
#define B3_0(x) (x), (x) + 1
#define B3_1(x) B3_0(x), B3_0((x) + 3)
#define B3_2(x) B3_1(x), B3_1((x) + 9)
#define B3_3(x) B3_2(x), B3_2((x) + 27)
#define B3_4(x) B3_3(x), B3_3((x) + 81)
#define B3_5(x) B3_4(x), B3_4((x) + 243)
#define B3_6(x) B3_5(x), B3_5((x) + 729)
#define B3_7(x) B3_6(x), B3_6((x) + 2187)
#define B3_8(x) B3_7(x), B3_7((x) + 6561)
#define B3_9(x) B3_8(x), B3_8((x) + 19683)
static const uint16_t base3[1024] = {B3_9(0)};

void bb__othello_eval_indices(uint64_t p, uint64_t o, int *idx)
{
    int k = 0;
    for (int s = 0; s < BB_SYM_COUNT; s++) {
        uint64_t ps = bb_sym_apply(p, (bb_sym)s), os = bb_sym_apply(o, (bb_sym)s);
        for (int j = 0; j < BB__EVAL_PATTERNS; j++)
            idx[k++] = bb__eval_offset[j] + base3[gather(ps, bb__eval_mask[j])] + 2 * base3[gather(os, bb__eval_mask[j])];
    }
}

void bb__othello_eval_scalars(uint64_t p, uint64_t o, int *x)
{
    x[0] = 1;
    x[1] = bb_othello_mobility(p, o) - bb_othello_mobility(o, p);
    x[2] = bb_othello_potential_mobility(p, o) - bb_othello_potential_mobility(o, p);
    x[3] = bb_popcount(~(p | o)) & 1 ? 1 : -1;
}

int bb__othello_eval(uint64_t p, uint64_t o)
{
    return bb__othello_eval_with(bb__othello_eval_weights[bb__eval_stage(64 - bb_popcount(p | o))], p, o);
}

int bb__othello_eval_with(const int16_t *w, uint64_t p, uint64_t o)
{
    int idx[BB__EVAL_INDICES], x[BB__EVAL_SCALARS], v = 0;
    bb__othello_eval_indices(p, o, idx);
    bb__othello_eval_scalars(p, o, x);
    for (int k = 0; k < BB__EVAL_INDICES; k++) v += w[idx[k]];
    for (int k = 0; k < BB__EVAL_SCALARS; k++) v += w[BB__EVAL_TABLE + k] * x[k];
    return v;
}

int bb__othello_solver_eval(uint64_t p, uint64_t o)
{
    return bb__othello_eval_with(bb__othello_solver_weights, p, o);
}
