/* Private to src/perm/: what the permutation compiler's files share (not API). */
#ifndef BITBOARD_SRC_PERM_PRIVATE_H
#define BITBOARD_SRC_PERM_PRIVATE_H

#include "bitboard.h"

/* The output positions a map names. */
uint64_t bb__perm_named_outputs(const bb_perm_map *map);

/* The lowest set bit's index; x not 0. */
static inline int bb__perm_ctz(uint64_t x)
{
    int n = 0;
    while (!(x & 1)) x >>= 1, n++;
    return n;
}

/* A copy of p as text with `& mask` appended when mask is not all ones;
 * NULL if out of memory.  The proof of a partial map runs on it. */
bb_trace_program *bb__perm_masked_copy(const bb_trace_program *p, uint64_t mask);

/* The library transforms whose map is map (names under 40 characters). */
int bb__perm_match_named(const bb_perm_map *map, char (*out)[40], int max);

#endif
