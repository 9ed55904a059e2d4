/* Private to src/perm/: what the permutation compiler's files share (not
 * API).  compile.c holds the driver, the candidates and the proofs; each
 * strategy adds its candidates to a ctx: search.c (one operation after a
 * few whole-board moves), benes.c (Benes networks), strategies.c (groups,
 * barrel, pext chains, multiplication gathers, bitgather, the library's
 * own programs). */
#ifndef BITBOARD_SRC_PERM_COMPILE_H
#define BITBOARD_SRC_PERM_COMPILE_H

#include "perm_private.h"

/* ---- building programs -------------------------------------------------- */

/* A program being built; bad once a step could not be added. */
typedef struct {
    bb_trace_program *p;
    int bad;
} pb;

static inline void pb_init(pb *b)
{
    b->p = bb_trace_new();
    b->bad = !b->p;
}
static inline void op_k(pb *b, bb_trace_op op, uint64_t k)
{
    if (!b->bad && bb_trace_add(b->p, op, NULL, k, 0, NULL) != 0) b->bad = 1;
}
static inline void op_n(pb *b, bb_trace_op op, const char *name)
{
    if (!b->bad && bb_trace_add(b->p, op, name, 0, 0, NULL) != 0) b->bad = 1;
}
static inline void op_dswap(pb *b, uint64_t mask, int n)
{
    if (!b->bad && bb_trace_add(b->p, BB_TRACE_DSWAP, NULL, mask, n, NULL) != 0) b->bad = 1;
}
static inline void op_rol(pb *b, int r)
{
    r &= 63;
    if (r) op_k(b, BB_TRACE_ROL, (uint64_t)r);
}

/* One swap stage (the pairs p, p + n for p in mask), as the target prefers:
 * a delta swap, or shifts and masks keeping the care bits outside the pairs. */
void bb__perm_emit_swap(pb *b, uint64_t mask, int n, uint64_t care, bb_perm_target t);

/* ---- partial maps over positions ---------------------------------------- */

/* A residual map: for each position p, where the bit now at p must go (or -1). */
typedef bb_perm_map rmap;

static inline uint64_t bit(int i) { return 1ULL << i; }

/* The next of a sequence of pseudo-random numbers (splitmix64). */
static inline uint64_t mix(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* 1 (and, when b is not NULL, pext then pdep or a shift emitted) if the named
 * bits of r in increasing order land in increasing order: search.c's last
 * operation, and each of the pext chains' links. */
int bb__perm_pext_pdep(const rmap *r, pb *b);

/* ---- the candidates ------------------------------------------------------ */

/* One of the search's whole-board moves. */
typedef struct {
    bb_trace_op op;  /* ROL, BSWAP, DSWAP or GF2P8AFFINE */
    uint64_t k;
    int n;
    signed char perm[64]; /* position p -> perm[p] */
} move;

#define MAX_CAND 16
typedef struct {
    bb_trace_program *p;
    const char *strategy;
    bb_perm_cost cost;
} cand;

/* One compilation: the map, the target and the best candidate of each strategy. */
typedef struct {
    const bb_perm_map *map;
    bb_perm_target t;
    uint64_t care;    /* named outputs */
    cand c[MAX_CAND]; /* the best of each strategy */
    int n;
    int priced;
    int oom;
    move moves[128]; /* the search's moves (101) */
    int nmoves, nsmall;
    int swaps;       /* the fewest stages a Benes network took */
    int affine;      /* the map's index bits are affine: the search uses the small set of moves */
    int wrong;       /* candidates that did not compute the map */
    const char *only; /* the one strategy to run, or NULL */
} ctx;

/* Takes b's program as a candidate of strategy s (keeping the cheaper of two
 * from the same strategy); frees what it does not keep. */
void bb__perm_consider(ctx *x, pb *b, const char *s);

/* ---- the strategies: each adds its candidates (none if it does not apply) */

void bb__perm_search(ctx *x, const rmap *r);    /* search.c */
void bb__perm_benes(ctx *x, const rmap *r);     /* benes.c; sets x->swaps */
void bb__perm_groups(ctx *x, const rmap *r);    /* strategies.c, as the rest */
void bb__perm_barrel(ctx *x, const rmap *r);
void bb__perm_pext(ctx *x, const rmap *r);
void bb__perm_multiply(ctx *x, const rmap *r);
void bb__perm_bitgather(ctx *x, const rmap *r);
void bb__perm_library(ctx *x);

#endif
