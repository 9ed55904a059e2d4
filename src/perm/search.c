/* The permutation compiler's search strategy: up to three whole-board moves
 * (rotates, the byte swap, swaps and complements of square-index bits), then
 * one terminal operation that realises what is left of the map (a rotate,
 * the byte swap, a delta swap, a byte shuffle, gf2p8affine, the board as
 * gf2p8affine's matrix, pext/pdep).  compile.h says what it shares. */
#include <string.h>

#include "compile.h"

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
        if (b) bb__perm_emit_swap(b, mask, n, care, t);
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
int bb__perm_pext_pdep(const rmap *r, pb *b)
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
    if (m->op == BB_TRACE_DSWAP) bb__perm_emit_swap(b, m->k, m->n, ~0ULL, x->t);
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
        default: ok = bb_perm_target_allows(x->t, BB_TRACE_PEXT) && bb__perm_pext_pdep(r, NULL); break;
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
        default: bb__perm_pext_pdep(r, &b); break;
        }
        bb__perm_consider(x, &b, "search");
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

void bb__perm_search(ctx *x, const rmap *r)
{
    init_moves(x);
    int seq[4];
    /* an index-affine map (a symmetry, a numbering) is a product of index-bit
     * swaps, complements and byte moves: the small set, one move deeper */
    x->affine = index_affine(r);
    search_rec(x, r, seq, 0, x->affine ? 3 : 2);
}
