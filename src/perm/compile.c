/* The permutation compiler (bb_perm_compile): strategies that each turn a
 * map into tracer programs, priced by the target's cost model; the cheapest
 * that the tracer proves wins.  The strategies (docs/PERM.md):
 *   search    one operation (rotate, byte swap, delta swap, byte shuffle,
 *             gf2p8affine, the board as gf2p8affine's matrix, pext/pdep)
 *             after up to three of a set of whole-board moves (rotates, the
 *             byte swap, swaps and complements of square-index bits)
 *   groups    bits that move by the same amount moved together: rotates
 *             under masks, or-ed together
 *   barrel    classes of squares (files, ...) each turned by its own
 *             amount: masked rotations by 1, 2, 4, ... steps
 *   pext      the map cut into the fewest increasing chains, each a pext and
 *             a pdep (or a shift)
 *   multiply  a partial map gathered by one multiplication (no two partial
 *             products meet, so no carry), then a shift
 *   benes     a Benes network of delta swaps, its 6 dimensions in the best
 *             of the 720 orders, empty stages dropped: any permutation in at
 *             most 11 swaps
 *   bitgather one vpshufbitqmb (avx512)
 *   library   the library's own program, when the map is a named transform */
#include <stdlib.h>
#include <string.h>

#include "../core/text.h"
#include "perm_private.h"

/* ---- building programs -------------------------------------------------- */

typedef struct {
    bb_trace_program *p;
    int bad;
} pb;

static void pb_init(pb *b)
{
    b->p = bb_trace_new();
    b->bad = !b->p;
}
static void op_k(pb *b, bb_trace_op op, uint64_t k)
{
    if (!b->bad && bb_trace_add(b->p, op, NULL, k, 0, NULL) != 0) b->bad = 1;
}
static void op_n(pb *b, bb_trace_op op, const char *name)
{
    if (!b->bad && bb_trace_add(b->p, op, name, 0, 0, NULL) != 0) b->bad = 1;
}
static void op_dswap(pb *b, uint64_t mask, int n)
{
    if (!b->bad && bb_trace_add(b->p, BB_TRACE_DSWAP, NULL, mask, n, NULL) != 0) b->bad = 1;
}
static void op_rol(pb *b, int r)
{
    r &= 63;
    if (r) op_k(b, BB_TRACE_ROL, (uint64_t)r);
}

/* ---- partial maps over positions ---------------------------------------- */

/* A residual map: for each position p, where the bit now at p must go (or -1). */
typedef bb_perm_map rmap;

static uint64_t bit(int i) { return 1ULL << i; }

/* One swap stage, as the target prefers: a delta swap, or shifts and masks
 * (fewer cycles when every bit outside the swapped pairs may be anything or
 * when latency matters more than micro-operations). */
static void emit_swap(pb *b, uint64_t mask, int n, uint64_t care, bb_perm_target t)
{
    uint64_t fixed = ~(mask | mask << n) & care;
    if (t == BB_PERM_ARRAY) {
        op_dswap(b, mask, n);
        return;
    }
    op_n(b, BB_TRACE_LET, "v");
    op_k(b, BB_TRACE_SHR, (uint64_t)n);
    op_k(b, BB_TRACE_AND, mask);
    op_n(b, BB_TRACE_LET, "t");
    op_n(b, BB_TRACE_LOAD, "v");
    op_k(b, BB_TRACE_AND, mask);
    op_k(b, BB_TRACE_SHL, (uint64_t)n);
    op_n(b, BB_TRACE_OR, "t");
    if (fixed) {
        op_n(b, BB_TRACE_LET, "t");
        op_n(b, BB_TRACE_LOAD, "v");
        op_k(b, BB_TRACE_AND, fixed);
        op_n(b, BB_TRACE_OR, "t");
    }
}

/* ---- terminal solvers: one operation that realises a residual map -------- */

/* 1 (and the operation emitted) if r is a rotation by some amount. */
static int t_rol(const rmap *r, pb *b)
{
    int amount = -1;
    for (int p = 0; p < 64; p++) {
        if (r->to[p] < 0) continue;
        int a = (r->to[p] - p) & 63;
        if (amount < 0) amount = a;
        else if (a != amount) return 0;
    }
    if (b) op_rol(b, amount < 0 ? 0 : amount);
    return 1;
}

static int t_bswap(const rmap *r, pb *b)
{
    for (int p = 0; p < 64; p++)
        if (r->to[p] >= 0 && r->to[p] != (p ^ 56)) return 0;
    if (b) op_k(b, BB_TRACE_BSWAP, 0);
    return 1;
}

/* A delta swap: pairs (p, p + n) exchanged, every other named bit fixed. */
static int t_swap(const rmap *r, pb *b, bb_perm_target t, uint64_t care)
{
    int first = 0;
    while (first < 64 && (r->to[first] < 0 || r->to[first] == first)) first++;
    if (first == 64) return 0;
    int n = r->to[first] > first ? r->to[first] - first : first - r->to[first];
    {
        uint64_t mask = 0;
        int ok = 1;
        for (int p = 0; p < 64 && ok; p++) {
            int d = r->to[p];
            if (d < 0 || d == p) continue;
            if (d == p + n) mask |= bit(p);
            else if (d == p - n) mask |= bit(d);
            else ok = 0;
        }
        if (!ok || !mask || (mask & mask << n)) return 0;
        /* every named bit at a swapped place must move, every other stay */
        for (int p = 0; p < 64 && ok; p++) {
            int d = r->to[p];
            if (d < 0) continue;
            if ((mask >> p & 1) && d != p + n) ok = 0;
            if (p >= n && (mask >> (p - n) & 1) && d != p - n) ok = 0;
        }
        if (!ok) return 0;
        if (b) emit_swap(b, mask, n, care, t);
        return 1;
    }
}

/* Byte shuffle: every named bit keeps its place in its byte, whole bytes move. */
static int t_bshuf(const rmap *r, pb *b)
{
    int src[8];
    for (int j = 0; j < 8; j++) src[j] = -1;
    for (int p = 0; p < 64; p++) {
        int d = r->to[p];
        if (d < 0) continue;
        if ((d & 7) != (p & 7)) return 0;
        if (src[d >> 3] >= 0 && src[d >> 3] != p >> 3) return 0;
        src[d >> 3] = p >> 3;
    }
    if (b) {
        uint64_t c = 0;
        for (int j = 0; j < 8; j++) c |= (uint64_t)(src[j] < 0 ? 0x80 : src[j]) << (8 * j);
        op_k(b, BB_TRACE_BSHUF, c);
    }
    return 1;
}

/* gf2p8affine with a constant matrix: the same bit permutation in every
 * byte, no bit leaving its byte.  Out bit i = parity(byte & A.byte(7 - i)). */
static int t_affine(const rmap *r, pb *b)
{
    int from[8];
    for (int i = 0; i < 8; i++) from[i] = -1;
    for (int p = 0; p < 64; p++) {
        int d = r->to[p];
        if (d < 0) continue;
        if ((d >> 3) != (p >> 3)) return 0;
        if (from[d & 7] >= 0 && from[d & 7] != (p & 7)) return 0;
        from[d & 7] = p & 7;
    }
    if (b) {
        uint64_t a = 0;
        for (int i = 0; i < 8; i++)
            if (from[i] >= 0) a |= (uint64_t)(1u << from[i]) << (8 * (7 - i));
        op_k(b, BB_TRACE_GF2P8AFFINE, a);
    }
    return 1;
}

/* Byte decomposition: whole bytes move (a byte shuffle) and every byte's
 * bits are permuted the same way (one gf2p8affine): the within-byte part
 * first, then the shuffle. */
static int t_bytes(const rmap *r, pb *b)
{
    int src[8], from[8];
    for (int i = 0; i < 8; i++) src[i] = from[i] = -1;
    for (int p = 0; p < 64; p++) {
        int d = r->to[p];
        if (d < 0) continue;
        if (src[d >> 3] >= 0 && src[d >> 3] != p >> 3) return 0;
        if (from[d & 7] >= 0 && from[d & 7] != (p & 7)) return 0;
        src[d >> 3] = p >> 3;
        from[d & 7] = p & 7;
    }
    if (b) {
        uint64_t a = 0, c = 0;
        for (int i = 0; i < 8; i++)
            if (from[i] >= 0) a |= (uint64_t)(1u << from[i]) << (8 * (7 - i));
        for (int j = 0; j < 8; j++) c |= (uint64_t)(src[j] < 0 ? 0x80 : src[j]) << (8 * j);
        op_k(b, BB_TRACE_GF2P8AFFINE, a);
        op_k(b, BB_TRACE_BSHUF, c);
    }
    return 1;
}

/* The board as gf2p8affine's matrix, a constant as the data: with byte b of
 * the constant 1 << k_b, out bit 8b + i = board bit 8 (7 - i) + k_b. */
static int t_xmatrix(const rmap *r, pb *b)
{
    int k[8];
    for (int j = 0; j < 8; j++) k[j] = -1;
    for (int p = 0; p < 64; p++) {
        int d = r->to[p];
        if (d < 0) continue;
        if ((p >> 3) != 7 - (d & 7)) return 0;
        if (k[d >> 3] >= 0 && k[d >> 3] != (p & 7)) return 0;
        k[d >> 3] = p & 7;
    }
    if (b) {
        uint64_t c = 0;
        for (int j = 0; j < 8; j++)
            if (k[j] >= 0) c |= (uint64_t)(1u << k[j]) << (8 * j);
        op_n(b, BB_TRACE_LET, "v");
        op_k(b, BB_TRACE_LOAD, c);
        op_n(b, BB_TRACE_GF2P8AFFINE, "v");
    }
    return 1;
}

/* pext, then pdep or a shift: the named bits in increasing order land in
 * increasing order. */
static int t_pext(const rmap *r, pb *b)
{
    uint64_t src = 0, dst = 0;
    int last = -1;
    for (int p = 0; p < 64; p++) {
        int d = r->to[p];
        if (d < 0) continue;
        if (d <= last) return 0;
        last = d;
        src |= bit(p);
        dst |= bit(d);
    }
    if (!src) return 0;
    int n = bb_popcount(src), low = bb__perm_ctz(dst);
    int contiguous = (dst >> low) == (n == 64 ? ~0ULL : (1ULL << n) - 1);
    int src_low = src == (n == 64 ? ~0ULL : (1ULL << n) - 1);
    if (b) {
        if (src_low) {
            op_k(b, BB_TRACE_PDEP, dst);
        } else {
            op_k(b, BB_TRACE_PEXT, src);
            if (contiguous) {
                if (low) op_k(b, BB_TRACE_SHL, (uint64_t)low);
            } else {
                op_k(b, BB_TRACE_PDEP, dst);
            }
        }
    }
    return 1;
}

/* ---- the candidates ------------------------------------------------------ */

static uint64_t mix(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}


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

/* The order of prices: the cost, then the uops, then the steps. */
static int cheaper(const bb_perm_cost *a, const bb_perm_cost *b)
{
    if (a->cost != b->cost) return a->cost < b->cost;
    if (a->uops != b->uops) return a->uops < b->uops;
    return a->steps < b->steps;
}

/* Takes b's program as a candidate of strategy s (keeping the cheaper of two
 * from the same strategy); frees what it does not keep. */
static void consider(ctx *x, pb *b, const char *s)
{
    if (b->bad) {
        if (!b->p) x->oom = 1;
        bb_trace_free(b->p);
        b->p = NULL;
        return;
    }
    cand k = {b->p, s, {0, 0, 0, 0, 0}};
    b->p = NULL;
    x->priced++;
    /* a quick look before the price: every single bit and a few boards
     * against the map (the tracer's proof of the winner comes later; a
     * candidate that fails here is a strategy's bug, counted) */
    uint64_t salt = 0x636865636bULL ^ (uint64_t)x->priced;
    for (int i = 0; i < 64 + 4; i++) {
        uint64_t in[BB_TRACE_MAX_VARS] = {0};
        in[0] = i < 64 ? 1ULL << i : mix(&salt);
        if ((bb_trace_eval(k.p, in) & x->care) != bb_perm_apply(x->map, in[0])) {
            x->wrong++;
            bb_trace_free(k.p);
            return;
        }
    }
    if (bb_perm_price(k.p, x->t, &k.cost) != 0) {
        bb_trace_free(k.p);
        return;
    }
    for (int i = 0; i < x->n; i++) {
        if (strcmp(x->c[i].strategy, s) != 0) continue;
        if (cheaper(&k.cost, &x->c[i].cost)) {
            bb_trace_free(x->c[i].p);
            x->c[i] = k;
        } else {
            bb_trace_free(k.p);
        }
        return;
    }
    if (x->n < MAX_CAND) x->c[x->n++] = k;
    else bb_trace_free(k.p);
}

/* ---- search: prefix moves, then one terminal operation ------------------ */

static void add_move(ctx *x, bb_trace_op op, uint64_t k, int n)
{
    move *m = &x->moves[x->nmoves++];
    m->op = op;
    m->k = k;
    m->n = n;
    for (int p = 0; p < 64; p++) {
        int d = p;
        switch (op) {
        case BB_TRACE_ROL: d = (p + (int)k) & 63; break;
        case BB_TRACE_BSWAP: d = p ^ 56; break;
        case BB_TRACE_GF2P8AFFINE: d = p ^ 7; break;
        default:
            if (k >> p & 1) d = p + n;
            else if (p >= n && (k >> (p - n) & 1)) d = p - n;
            break;
        }
        m->perm[p] = (signed char)d;
    }
}

/* The moves, the small set (for depth 3) first: the byte swap, the byte
 * mirror, swaps of two square-index bits (straight and with one of them
 * complemented), complements of one, rotations by whole ranks; then every
 * other rotation. */
static void init_moves(ctx *x)
{
    add_move(x, BB_TRACE_BSWAP, 0, 0);
    add_move(x, BB_TRACE_GF2P8AFFINE, 0x8040201008040201ULL, 0); /* out bit i = in bit 7 - i */
    for (int i = 0; i < 6; i++)
        for (int j = i + 1; j < 6; j++) {
            uint64_t mask = 0;
            for (int p = 0; p < 64; p++)
                if ((p >> i & 1) && !(p >> j & 1)) mask |= bit(p);
            add_move(x, BB_TRACE_DSWAP, mask, (1 << j) - (1 << i));
        }
    /* swaps of one index bit with another's complement (the antidiagonal's
     * 9, 18 and 36): position p with bits i and j clear goes to p + 2^i + 2^j */
    for (int i = 0; i < 6; i++)
        for (int j = i + 1; j < 6; j++) {
            uint64_t mask = 0;
            for (int p = 0; p < 64; p++)
                if (!(p >> i & 1) && !(p >> j & 1)) mask |= bit(p);
            add_move(x, BB_TRACE_DSWAP, mask, (1 << j) + (1 << i));
        }
    for (int i = 0; i < 6; i++) {
        uint64_t mask = 0;
        for (int p = 0; p < 64; p++)
            if (!(p >> i & 1)) mask |= bit(p);
        add_move(x, BB_TRACE_DSWAP, mask, 1 << i);
    }
    for (int r = 8; r < 64; r += 8) add_move(x, BB_TRACE_ROL, (uint64_t)r, 0);
    x->nsmall = x->nmoves;
    for (int r = 1; r < 64; r++)
        if (r & 7) add_move(x, BB_TRACE_ROL, (uint64_t)r, 0);
}

static void emit_move(pb *b, const move *m, ctx *x)
{
    if (m->op == BB_TRACE_DSWAP) emit_swap(b, m->k, m->n, ~0ULL, x->t);
    else if (m->op == BB_TRACE_ROL) op_rol(b, (int)m->k);
    else op_k(b, m->op, m->k);
}

/* Tries every terminal operation on r after the moves seq[0..depth). */
static void terminals(ctx *x, const rmap *r, const int *seq, int depth)
{
    typedef int solver(const rmap *, pb *);
    static solver *const plain[] = {t_rol, t_bswap};
    for (int k = 0; k < 8; k++) {
        int ok;
        switch (k) {
        case 0: case 1: ok = plain[k](r, NULL); break;
        case 2: ok = t_swap(r, NULL, x->t, x->care); break;
        case 3: ok = bb_perm_target_allows(x->t, BB_TRACE_BSHUF) && t_bshuf(r, NULL); break;
        case 4: ok = bb_perm_target_allows(x->t, BB_TRACE_GF2P8AFFINE) && t_affine(r, NULL); break;
        case 5: ok = bb_perm_target_allows(x->t, BB_TRACE_GF2P8AFFINE) && t_xmatrix(r, NULL); break;
        case 6: ok = bb_perm_target_allows(x->t, BB_TRACE_BSHUF) && t_bytes(r, NULL); break;
        default: ok = bb_perm_target_allows(x->t, BB_TRACE_PEXT) && t_pext(r, NULL); break;
        }
        if (!ok) continue;
        pb b;
        pb_init(&b);
        for (int i = 0; i < depth; i++) emit_move(&b, &x->moves[seq[i]], x);
        switch (k) {
        case 0: case 1: plain[k](r, &b); break;
        case 2: t_swap(r, &b, x->t, x->care); break;
        case 3: t_bshuf(r, &b); break;
        case 4: t_affine(r, &b); break;
        case 5: t_xmatrix(r, &b); break;
        case 6: t_bytes(r, &b); break;
        default: t_pext(r, &b); break;
        }
        consider(x, &b, "search");
    }
}

/* The cheapest search candidate so far (a large number if none). */
static double best_of(const ctx *x, const char *s)
{
    for (int i = 0; i < x->n; i++)
        if (strcmp(x->c[i].strategy, s) == 0) return x->c[i].cost.cost;
    return 1e9;
}

static void search_rec(ctx *x, const rmap *r, int *seq, int depth, int maxdepth)
{
    /* every move costs at least one cycle (array: 1/8 uop): a longer
     * sequence cannot beat what is found */
    double least = x->t == BB_PERM_ARRAY ? 0.125 : 1.0;
    if (best_of(x, "search") <= depth * least) return;
    terminals(x, r, seq, depth);
    if (depth == maxdepth || best_of(x, "search") <= (depth + 1) * least) return;
    int limit = depth >= 2 || x->affine ? x->nsmall : x->nmoves;
    for (int i = 0; i < limit; i++) {
        const move *m = &x->moves[i];
        if (m->op == BB_TRACE_GF2P8AFFINE && !bb_perm_target_allows(x->t, BB_TRACE_GF2P8AFFINE)) continue;
        if (depth && seq[depth - 1] == i && m->op != BB_TRACE_ROL) continue; /* its own inverse */
        /* the bit now at p goes, after m, to m->perm[p]: the rest of the map
         * starts from there */
        rmap nr;
        for (int p = 0; p < 64; p++) nr.to[m->perm[p]] = r->to[p];
        seq[depth] = i;
        search_rec(x, &nr, seq, depth + 1, maxdepth);
    }
}

/* 1 if the map is a full permutation whose destination's index bits are an
 * affine function of the source's (the symmetries, the numberings): then
 * the search goes one move deeper. */
static int index_affine(const rmap *r)
{
    if (!bb_perm_is_full(r)) return 0;
    for (int s = 0; s < 64; s++) {
        int d = r->to[0];
        for (int i = 0; i < 6; i++)
            if (s >> i & 1) d ^= r->to[1 << i] ^ r->to[0];
        if (d != r->to[s]) return 0;
    }
    return 1;
}

static void s_search(ctx *x, const rmap *r)
{
    init_moves(x);
    int seq[4];
    /* an index-affine map (a symmetry, a numbering) is a product of index-bit
     * swaps, complements and byte moves: the small set, one move deeper */
    x->affine = index_affine(r);
    search_rec(x, r, seq, 0, x->affine ? 3 : 2);
}

/* ---- groups: rotates under masks ---------------------------------------- */

/* Or-s the values named a0..a3 (those used) into the running value. */
static void combine(pb *b, int used)
{
    static const char *const acc[4] = {"a0", "a1", "a2", "a3"};
    if (used >= 4) {
        op_n(b, BB_TRACE_LOAD, acc[0]);
        op_n(b, BB_TRACE_OR, acc[1]);
        op_n(b, BB_TRACE_LET, acc[0]);
        op_n(b, BB_TRACE_LOAD, acc[2]);
        op_n(b, BB_TRACE_OR, acc[3]);
        op_n(b, BB_TRACE_OR, acc[0]);
        return;
    }
    op_n(b, BB_TRACE_LOAD, acc[0]);
    for (int i = 1; i < used; i++) op_n(b, BB_TRACE_OR, acc[i]);
}

/* Each piece (a value computed from x) goes into one of four accumulators
 * in turn: four chains of or-s, joined at the end. */
typedef struct { int count; } accs;
static void accumulate(pb *b, accs *a)
{
    static const char *const acc[4] = {"a0", "a1", "a2", "a3"};
    int k = a->count % 4;
    if (a->count >= 4) op_n(b, BB_TRACE_OR, acc[k]);
    op_n(b, BB_TRACE_LET, acc[k]);
    a->count++;
}

static void s_groups(ctx *x, const rmap *r)
{
    uint64_t g[64] = {0};
    for (int p = 0; p < 64; p++)
        if (r->to[p] >= 0) g[(r->to[p] - p) & 63] |= bit(p);
    pb b;
    pb_init(&b);
    accs a = {0};
    int groups = 0;
    for (int k = 0; k < 64; k++) groups += g[k] != 0;
    if (!groups) {
        bb_trace_free(b.p);
        return;
    }
    for (int k = 0; k < 64; k++) {
        if (!g[k]) continue;
        if (groups > 1) op_n(&b, BB_TRACE_LOAD, "x");
        op_k(&b, BB_TRACE_AND, g[k]);
        op_rol(&b, k);
        if (groups > 1) accumulate(&b, &a);
    }
    if (groups > 1) combine(&b, a.count < 4 ? a.count : 4);
    consider(x, &b, "groups");
}

/* ---- barrel: classes of squares turned by their own amounts -------------- */

static void s_barrel(ctx *x, const rmap *r)
{
    for (int u = 1; u <= 32; u <<= 1) {
        int turn[64];
        for (int c = 0; c < u; c++) turn[c] = -1;
        int ok = 1;
        for (int p = 0; p < 64 && ok; p++) {
            if (r->to[p] < 0) continue;
            int a = (r->to[p] - p) & 63;
            if (a % u) ok = 0;
            else if (turn[p % u] >= 0 && turn[p % u] != a / u) ok = 0;
            else turn[p % u] = a / u;
        }
        if (!ok) continue;
        pb b;
        pb_init(&b);
        for (int j = 0; (u << j) < 64; j++) {
            uint64_t m = 0;
            for (int p = 0; p < 64; p++)
                if (turn[p % u] > 0 && (turn[p % u] >> j & 1)) m |= bit(p);
            if (!m) continue;
            op_n(&b, BB_TRACE_LET, "v");
            op_rol(&b, u << j);
            op_k(&b, BB_TRACE_AND, m);
            op_n(&b, BB_TRACE_LET, "t");
            op_n(&b, BB_TRACE_LOAD, "v");
            op_k(&b, BB_TRACE_ANDNOT, m);
            op_n(&b, BB_TRACE_OR, "t");
        }
        consider(x, &b, "barrel");
    }
}

/* ---- pext chains --------------------------------------------------------- */

static void s_pext(ctx *x, const rmap *r)
{
    if (!bb_perm_target_allows(x->t, BB_TRACE_PEXT)) return;
    /* the fewest increasing chains: each bit (in order of place) joins the
     * chain whose last destination is the largest one below its own */
    int last[64], n = 0;
    uint64_t src[64], dst[64];
    for (int p = 0; p < 64; p++) {
        int d = r->to[p];
        if (d < 0) continue;
        int best = -1;
        for (int c = 0; c < n; c++)
            if (last[c] < d && (best < 0 || last[c] > last[best])) best = c;
        if (best < 0) {
            best = n++;
            src[best] = dst[best] = 0;
        }
        last[best] = d;
        src[best] |= bit(p);
        dst[best] |= bit(d);
    }
    if (!n) return;
    pb b;
    pb_init(&b);
    accs a = {0};
    for (int c = 0; c < n; c++) {
        if (n > 1) op_n(&b, BB_TRACE_LOAD, "x");
        /* a chain whose bits all move the same way is a mask and a rotate */
        rmap one;
        memset(one.to, -1, sizeof one.to);
        for (int p = 0; p < 64; p++)
            if (src[c] >> p & 1) one.to[p] = r->to[p];
        int shift = -1, same = 1;
        for (int p = 0; p < 64; p++)
            if (one.to[p] >= 0) {
                int k = (one.to[p] - p) & 63;
                if (shift >= 0 && k != shift) same = 0;
                shift = k;
            }
        if (same) {
            op_k(&b, BB_TRACE_AND, src[c]);
            op_rol(&b, shift);
        } else {
            t_pext(&one, &b);
        }
        if (n > 1) accumulate(&b, &a);
    }
    if (n > 1) combine(&b, a.count < 4 ? a.count : 4);
    consider(x, &b, "pext");
}

/* ---- multiplication gathers ---------------------------------------------- */

static void s_multiply(ctx *x, const rmap *r)
{
    int s[64], d[64], n = 0, maxd = 0;
    uint64_t mask = 0;
    for (int p = 0; p < 64; p++)
        if (r->to[p] >= 0) {
            s[n] = p;
            d[n] = r->to[p];
            if (d[n] > maxd) maxd = d[n];
            mask |= bit(p);
            n++;
        }
    if (n < 2 || n > 16) return;
    for (int sh = 0; sh + maxd < 64; sh++) {
        uint64_t k = 0;
        int ok = 1;
        for (int i = 0; i < n && ok; i++) {
            int a = d[i] + sh - s[i];
            if (a < 0) ok = 0;
            else k |= bit(a);
        }
        if (!ok) continue;
        /* no two partial products may meet below bit 64: then there is no
         * carry, and each named output holds exactly its own bit */
        uint64_t seen = 0;
        for (int i = 0; i < n && ok; i++)
            for (int a = 0; a < 64 && ok; a++) {
                if (!(k >> a & 1) || s[i] + a > 63) continue;
                if (seen >> (s[i] + a) & 1) ok = 0;
                seen |= bit(s[i] + a);
            }
        if (!ok) continue;
        pb b;
        pb_init(&b);
        if (mask != ~0ULL) op_k(&b, BB_TRACE_AND, mask);
        op_k(&b, BB_TRACE_MUL, k);
        if (sh) op_k(&b, BB_TRACE_SHR, (uint64_t)sh);
        consider(x, &b, "multiply");
        return;
    }
}

/* ---- Benes networks ------------------------------------------------------ */

/* Routes the permutation dest (the bit at position p goes to dest[p])
 * through a Benes network whose levels take the dimensions in order ord[];
 * first[i], last[i]: the lower positions of the pairs each level's two
 * stages swap.  Each cycle of the routing picks the colouring with fewer
 * swaps. */
static void benes_route(const int *dest, const int *ord, uint64_t first[6], uint64_t last[6])
{
    int pos[64], tgt[64], at[64], from[64];
    for (int e = 0; e < 64; e++) pos[e] = e, tgt[e] = dest[e];
    for (int i = 0; i < 6; i++) {
        int dd = 1 << ord[i];
        first[i] = last[i] = 0;
        for (int e = 0; e < 64; e++) at[pos[e]] = e, from[tgt[e]] = e;
        if (i == 5) {
            for (int e = 0; e < 64; e++)
                if (!(pos[e] & dd) && (tgt[e] & dd)) first[i] |= bit(pos[e]);
            break;
        }
        int color[64];
        for (int e = 0; e < 64; e++) color[e] = -1;
        for (int e0 = 0; e0 < 64; e0++) {
            if (color[e0] >= 0) continue;
            /* the cycle through e0: input partners differ, output partners differ */
            int cyc[64], len = 0, e = e0, c = 0;
            do {
                cyc[len++] = e;
                color[e] = c;
                int ip = at[pos[e] ^ dd];
                cyc[len++] = ip;
                color[ip] = !c;
                e = from[tgt[ip] ^ dd];
            } while (e != e0);
            /* swaps with this colouring; the other colouring swaps the rest */
            int swaps = 0;
            for (int j = 0; j < len; j++) {
                int f = cyc[j];
                if (!(pos[f] & dd) && color[f]) swaps++;
                if (!(tgt[f] & dd) && color[f]) swaps++;
            }
            if (2 * swaps > len)
                for (int j = 0; j < len; j++) color[cyc[j]] ^= 1;
        }
        for (int e = 0; e < 64; e++) {
            if (!(pos[e] & dd) && color[e]) first[i] |= bit(pos[e]);
            if (!(tgt[e] & dd) && color[e]) last[i] |= bit(tgt[e]);
            pos[e] = (pos[e] & ~dd) | (color[e] ? dd : 0);
            tgt[e] = (tgt[e] & ~dd) | (color[e] ? dd : 0);
        }
    }
}

static void s_benes_of(ctx *x, const int *dest)
{
    int ord[6] = {0, 1, 2, 3, 4, 5}, best_ord[6], best = 99;
    uint64_t f[6], l[6], bf[6] = {0}, bl[6] = {0};
    /* every order of the 6 dimensions (Heap's algorithm) */
    int c[6] = {0}, k = 0, tried = 0;
    for (;;) {
        benes_route(dest, ord, f, l);
        int stages = 0;
        for (int i = 0; i < 6; i++) stages += (f[i] != 0) + (l[i] != 0);
        /* a map the first 48 orders all route through all 11 stages (a
         * random one) is not routed the other 672 ways */
        if (++tried == 48 && best == 11 && stages == 11) break;
        if (stages < best) {
            best = stages;
            memcpy(best_ord, ord, sizeof ord);
            memcpy(bf, f, sizeof f);
            memcpy(bl, l, sizeof l);
        }
        while (k < 6 && c[k] >= k) c[k++] = 0;
        if (k == 6) break;
        int j = k % 2 ? c[k] : 0, tmp = ord[j];
        ord[j] = ord[k];
        ord[k] = tmp;
        c[k]++;
        k = 0;
    }
    if (best < x->swaps) x->swaps = best;
    pb b;
    pb_init(&b);
    for (int i = 0; i < 6; i++)
        if (bf[i]) emit_swap(&b, bf[i], 1 << best_ord[i], ~0ULL, x->t);
    for (int i = 4; i >= 0; i--)
        if (bl[i]) emit_swap(&b, bl[i], 1 << best_ord[i], ~0ULL, x->t);
    consider(x, &b, "benes");
}


/* A partial map made whole: first every free bit that may stay stays, the
 * rest in order (try 0) or at random (other tries). */
static void s_benes(ctx *x, const rmap *r)
{
    uint64_t seed = 0x62656e6573ULL;
    int tries = bb_perm_is_full(r) ? 1 : 4;
    for (int t = 0; t < tries; t++) {
        int dest[64], free_d[64], nf = 0;
        uint64_t taken = 0;
        for (int p = 0; p < 64; p++)
            if (r->to[p] >= 0) taken |= bit(r->to[p]);
        for (int p = 0; p < 64; p++) {
            dest[p] = r->to[p];
            if (dest[p] < 0 && t == 0 && !(taken >> p & 1)) dest[p] = p, taken |= bit(p);
        }
        for (int p = 0; p < 64; p++)
            if (!(taken >> p & 1)) free_d[nf++] = p;
        for (int i = nf - 1; i > 0 && t; i--) {
            int j = (int)(mix(&seed) % (uint64_t)(i + 1)), tmp = free_d[i];
            free_d[i] = free_d[j];
            free_d[j] = tmp;
        }
        for (int p = 0, i = 0; p < 64; p++)
            if (dest[p] < 0) dest[p] = free_d[i++];
        s_benes_of(x, dest);
    }
}

/* ---- bitgather and the library's own programs ---------------------------- */

static void s_bitgather(ctx *x, const rmap *r)
{
    if (!bb_perm_target_allows(x->t, BB_TRACE_BITGATHER)) return;
    unsigned char idx[64];
    for (int i = 0; i < 64; i++) idx[i] = (unsigned char)i;
    for (int p = 0; p < 64; p++)
        if (r->to[p] >= 0) idx[r->to[p]] = (unsigned char)p;
    pb b;
    pb_init(&b);
    if (!b.bad && bb_trace_add_gather(b.p, idx, NULL) != 0) b.bad = 1;
    consider(x, &b, "bitgather");
}

static void s_library(ctx *x)
{
    char names[8][40];
    int count = bb__perm_match_named(x->map, names, 8);
    for (int i = 0; i < count; i++) {
        const char *forms[4];
        int nf = bb_perm_named_forms(names[i], forms, 4);
        const char *u = strrchr(names[i], '_');
        int sq = u ? bb_parse_square(u + 1) : -1;
        for (int j = 0; j < nf; j++) {
            const bb_trace_form *f = bb_trace_find(forms[j]);
            if (!f) continue;
            size_t len = bb_trace_form_text(NULL, 0, f, sq < 0 ? 0 : sq);
            char *text = (char *)malloc(len + 1);
            if (!text) {
                x->oom = 1;
                return;
            }
            bb_trace_form_text(text, len + 1, f, sq < 0 ? 0 : sq);
            pb b = {bb_trace_parse(text, NULL), 0};
            free(text);
            if (!b.p) continue; /* a form with more inputs than the board */
            if (bb_trace_var_count(b.p) != 1) b.bad = 1;
            consider(x, &b, "library");
        }
    }
}

/* ---- proofs and the driver ----------------------------------------------- */

static uint64_t map_def(const uint64_t *in, const void *arg) { return bb_perm_apply((const bb_perm_map *)arg, in[0]); }

bb_trace_program *bb__perm_masked_copy(const bb_trace_program *p, uint64_t mask)
{
    bb__out_buf o = {NULL, 0, 0};
    size_t need = 64;
    for (int pass = 0; pass < 2; pass++) {
        o.len = 0;
        int nv = bb_trace_var_count(p);
        if (nv != 1 || strcmp(bb_trace_name(p, 0), "x") != 0) {
            bb__put(&o, "input");
            for (int v = 0; v < nv; v++) bb__put(&o, " %s", bb_trace_name(p, v));
            bb__put(&o, "\n");
        }
        for (int i = 0; i < bb_trace_step_count(p); i++) {
            size_t room = o.len < o.size ? o.size - o.len : 0;
            o.len += bb_trace_step_text(room ? o.buf + o.len : NULL, room, p, i);
            bb__put(&o, "\n");
        }
        if (mask != ~0ULL) bb__put(&o, "& 0x%016llx\n", (unsigned long long)mask);
        if (pass) break;
        need = o.len + 1;
        o.buf = (char *)malloc(need);
        if (!o.buf) return NULL;
        o.size = need;
    }
    bb_trace_program *q = bb_trace_parse(o.buf, NULL);
    free(o.buf);
    return q;
}

int bb_perm_prove(const bb_trace_program *p, const bb_perm_map *map, bb_trace_proof *proof)
{
    BB__ASSERT_NOT_NULL(p, "p");
    BB__ASSERT_NOT_NULL(map, "map");
    BB__ASSERT_NOT_NULL(proof, "proof");
    if (!proof) return -1;
    if (!p || !map) {
        memset(proof, 0, sizeof *proof);
        snprintf(proof->msg, sizeof proof->msg, "refused: no program or no map");
        return -1;
    }
    uint64_t care = bb__perm_named_outputs(map);
    if (care == ~0ULL) return bb_trace_prove(p, map_def, map, proof);
    bb_trace_program *q = bb__perm_masked_copy(p, care);
    if (!q) {
        memset(proof, 0, sizeof *proof);
        snprintf(proof->msg, sizeof proof->msg, "refused: out of memory");
        return -1;
    }
    int rc = bb_trace_prove(q, map_def, map, proof);
    bb_trace_free(q);
    return rc;
}

static int by_cost(const void *a, const void *b)
{
    const cand *x = (const cand *)a, *y = (const cand *)b;
    return cheaper(&x->cost, &y->cost) ? -1 : cheaper(&y->cost, &x->cost) ? 1 : 0;
}

static const char *const strategies[] = {"search", "groups", "barrel", "pext", "multiply", "benes", "bitgather",
                                         "library"};
#define NSTRAT ((int)(sizeof strategies / sizeof strategies[0]))

int bb_perm_strategy_count(void) { return NSTRAT; }
const char *bb_perm_strategy_name(int i) { return i >= 0 && i < NSTRAT ? strategies[i] : NULL; }

int bb_perm_compile(const bb_perm_map *map, bb_perm_target t, bb_trace_program **program, bb_perm_report *report)
{
    return bb_perm_compile_using(map, t, NULL, program, report);
}

int bb_perm_compile_using(const bb_perm_map *map, bb_perm_target t, const char *strategy,
                          bb_trace_program **program, bb_perm_report *report)
{
    BB__ASSERT_NOT_NULL(map, "map");
    BB__ASSERT_NOT_NULL(program, "program");
    BB__ASSERT_NOT_NULL(report, "report");
    if (!report) return -1;
    memset(report, 0, sizeof *report);
    if (!map || !program) {
        snprintf(report->msg, sizeof report->msg, "no map or no place for the program");
        return -1;
    }
    *program = NULL;
    if ((unsigned)t >= BB_PERM_TARGET_COUNT) {
        snprintf(report->msg, sizeof report->msg, "target %d is not 0..%d", (int)t, BB_PERM_TARGET_COUNT - 1);
        return -1;
    }
    bb_parse_error err;
    if (bb_perm_check_map(map, &err) != 0) {
        snprintf(report->msg, sizeof report->msg, "%s", err.msg);
        return -1;
    }
    ctx x;
    memset(&x, 0, sizeof x);
    x.only = NULL;
    if (strategy) {
        for (int i = 0; i < NSTRAT; i++)
            if (strcmp(strategy, strategies[i]) == 0) x.only = strategies[i];
        if (!x.only) {
            snprintf(report->msg, sizeof report->msg, "no strategy '%.40s' (bitboard perm compile --help lists them)",
                     strategy);
            return -1;
        }
    }
    x.swaps = 99;
    x.map = map;
    x.t = t;
    x.care = bb__perm_named_outputs(map);
    rmap r;
    memcpy(r.to, map->to, sizeof r.to);
    report->full = bb_perm_is_full(map);
#define RUN(name, call) if (!x.only || strcmp(x.only, name) == 0) call
    RUN("search", s_search(&x, &r));
    RUN("groups", s_groups(&x, &r));
    RUN("barrel", s_barrel(&x, &r));
    RUN("pext", s_pext(&x, &r));
    RUN("multiply", s_multiply(&x, &r));
    s_benes(&x, &r); /* always: its stage count is reported */
    RUN("bitgather", s_bitgather(&x, &r));
    RUN("library", s_library(&x));
#undef RUN
    if (x.only && strcmp(x.only, "benes") != 0)
        for (int i = 0; i < x.n; i++)
            if (strcmp(x.c[i].strategy, "benes") == 0) {
                bb_trace_free(x.c[i].p);
                x.c[i] = x.c[--x.n];
            }
    report->swaps = x.swaps;
    qsort(x.c, (size_t)x.n, sizeof x.c[0], by_cost);
    report->candidates = x.priced;
    report->rejected = x.wrong;
    int won = -1;
    for (int i = 0; i < x.n && won < 0; i++) {
        int rc = bb_perm_prove(x.c[i].p, map, &report->proof);
        if (rc == 0) won = i;
        else report->rejected++; /* a strategy's bug: the tests and the soak count them */
    }
    for (int i = 0; i < x.n; i++)
        if (i != won) bb_trace_free(x.c[i].p);
    if (won < 0) {
        snprintf(report->msg, sizeof report->msg, "%s",
                 x.oom ? "out of memory"
                 : x.only ? "this strategy does not apply to the map on this target"
                          : "no candidate program was proved (a bug: please report the map)");
        return -1;
    }
    *program = x.c[won].p;
    report->strategy = x.c[won].strategy;
    report->cost = x.c[won].cost;
    snprintf(report->msg, sizeof report->msg, "%s won among %d strategies (%d programs priced): %d steps, %.1f cycles, %.1f uops",
             report->strategy, x.n, x.priced, report->cost.steps, report->cost.latency, report->cost.uops);
    return 0;
}
