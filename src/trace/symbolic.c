/* Symbolic execution over GF(2) (bb_trace_run): every bit of the running
 * value as a constant XOR a set of input bits, or a non-linear bit with the
 * input bits it depends on; what falls off each end; multiplications' partial
 * products and where they meet. */
#include <stdlib.h>
#include <string.h>

#include "trace_private.h"

typedef bb_trace_bit bit;

static const bit ZERO; /* constant 0: all fields zero */

static int has_input(const bit *a)
{
    for (int v = 0; v < BB_TRACE_MAX_VARS; v++)
        if (a->in[v]) return 1;
    return 0;
}
/* A constant bit: linear with no input bits. */
int bb__trace_is_const(const bit *a) { return !(a->flags & BB_TRACE_NONLINEAR) && !has_input(a); }
static int is_const(const bit *a) { return bb__trace_is_const(a); }
static int is_linear(const bit *a) { return !(a->flags & BB_TRACE_NONLINEAR); }
static int same_inputs(const bit *a, const bit *b)
{
    for (int v = 0; v < BB_TRACE_MAX_VARS; v++)
        if (a->in[v] != b->in[v]) return 0;
    return 1;
}
static bit konst(int one)
{
    bit r = ZERO;
    r.konst = (unsigned char)(one & 1);
    return r;
}
/* The value bit of a, without the step-event flags (MERGE, CARRY_RISK). */
static bit plain(bit a)
{
    a.flags &= BB_TRACE_NONLINEAR;
    return a;
}
/* A non-linear bit depending on the input bits of a and b. */
static bit nonlinear(const bit *a, const bit *b)
{
    bit r = ZERO;
    for (int v = 0; v < BB_TRACE_MAX_VARS; v++) r.in[v] = a->in[v] | b->in[v];
    r.flags = BB_TRACE_NONLINEAR;
    return r;
}

static bit bxor(bit a, bit b)
{
    if (!is_linear(&a) || !is_linear(&b)) return nonlinear(&a, &b);
    bit r = ZERO;
    for (int v = 0; v < BB_TRACE_MAX_VARS; v++) r.in[v] = a.in[v] ^ b.in[v];
    r.konst = (unsigned char)(a.konst ^ b.konst);
    return r;
}
static bit bnot(bit a)
{
    a = plain(a);
    if (is_linear(&a)) a.konst ^= 1;
    return a;
}
static bit band(bit a, bit b)
{
    a = plain(a), b = plain(b);
    if (is_const(&a)) return a.konst ? b : ZERO;
    if (is_const(&b)) return b.konst ? a : ZERO;
    if (is_linear(&a) && is_linear(&b) && same_inputs(&a, &b)) return a.konst == b.konst ? a : ZERO;
    return nonlinear(&a, &b);
}
static bit bor(bit a, bit b)
{
    a = plain(a), b = plain(b);
    if (is_const(&a)) return a.konst ? a : b;
    if (is_const(&b)) return b.konst ? b : a;
    if (is_linear(&a) && is_linear(&b) && same_inputs(&a, &b)) return a.konst == b.konst ? a : konst(1);
    return nonlinear(&a, &b);
}
/* The majority of three bits: the carry of a full adder. */
static bit bmaj(bit a, bit b, bit c)
{
    a = plain(a), b = plain(b), c = plain(c);
    const bit *t[3] = {&a, &b, &c};
    for (int i = 0; i < 3; i++) {
        const bit *x = t[i], *y = t[(i + 1) % 3], *z = t[(i + 2) % 3];
        if (is_linear(x) && is_linear(y) && same_inputs(x, y)) return x->konst == y->konst ? *x : *z;
    }
    for (int i = 0; i < 3; i++) {
        const bit *x = t[i], *y = t[(i + 1) % 3], *z = t[(i + 2) % 3];
        if (is_const(x)) return x->konst ? bor(*y, *z) : band(*y, *z);
    }
    bit r = nonlinear(&a, &b);
    return nonlinear(&r, &c);
}

/* The constant k as 64 symbolic bits. */
static void const_bits(bit *out, uint64_t k)
{
    for (int i = 0; i < 64; i++) out[i] = konst((int)(k >> i & 1));
}

/* A step's output under construction: the new bits and what fell off. */
typedef struct {
    bit b[64];
    bb_trace_lost *lost;
    int nlost, cap;
    int oom;
} work;

static void lose(work *w, const bit *b, int pos, int part)
{
    if (is_const(b) && !b->konst) return;
    if (w->nlost == w->cap) {
        int cap = w->cap ? w->cap * 2 : 64;
        bb_trace_lost *l = (bb_trace_lost *)realloc(w->lost, (size_t)cap * sizeof *l);
        if (!l) {
            w->oom = 1;
            return;
        }
        w->lost = l;
        w->cap = cap;
    }
    bb_trace_lost *l = &w->lost[w->nlost++];
    l->bit = plain(*b);
    l->pos = pos;
    l->part = part;
}

/* out = a + b + cin (out may be a); merge marks where both addends are
 * variable.  Returns the carry out of bit 63. */
static bit adder(bit *out, const bit *a, const bit *b, int cin, int mark)
{
    bit c = konst(cin);
    for (int i = 0; i < 64; i++) {
        bit x = a[i], y = b[i];
        bit s = bxor(bxor(x, y), c);
        c = bmaj(x, y, c);
        if (mark && !is_const(&x) && !is_const(&y)) s.flags |= BB_TRACE_MERGE;
        out[i] = s;
    }
    return c;
}

static void shift_up(bit *out, const bit *in, int n)
{
    for (int i = 63; i >= 0; i--) out[i] = i >= n ? in[i - n] : ZERO;
}

static void gf2p8affine(bit *out, const bit *v, const bit *m)
{
    for (int j = 0; j < 8; j++)
        for (int i = 0; i < 8; i++) {
            bit acc = ZERO;
            for (int t = 0; t < 8; t++) acc = bxor(acc, band(v[8 * j + t], m[8 * (7 - i) + t]));
            out[8 * j + i] = acc;
        }
}

/* Applies one step symbolically: w->b from x (the running value) and
 * operand y; parts/overlap for a multiplication. */
static void apply(work *w, const bb_trace_step *s, const unsigned char *idx, const bit *x, const bit *y,
                  uint64_t *parts, uint64_t *overlap)
{
    bit *o = w->b;
    unsigned n = (unsigned)(s->k & 63);
    switch (s->op) {
    case BB_TRACE_LOAD:
        for (int i = 0; i < 64; i++) o[i] = plain(y[i]);
        break;
    case BB_TRACE_LET:
        for (int i = 0; i < 64; i++) o[i] = x[i];
        break;
    case BB_TRACE_AND:
        for (int i = 0; i < 64; i++) o[i] = band(x[i], y[i]);
        break;
    case BB_TRACE_ANDNOT:
        for (int i = 0; i < 64; i++) o[i] = band(x[i], bnot(y[i]));
        break;
    case BB_TRACE_OR:
        for (int i = 0; i < 64; i++) {
            o[i] = bor(x[i], y[i]);
            if (!is_const(&x[i]) && !is_const(&y[i])) o[i].flags |= BB_TRACE_MERGE;
        }
        break;
    case BB_TRACE_XOR:
        for (int i = 0; i < 64; i++) o[i] = bxor(x[i], y[i]);
        break;
    case BB_TRACE_SHL:
        for (int i = 64 - (int)n; i < 64; i++) lose(w, &x[i], i + (int)n, -1);
        shift_up(o, x, (int)n);
        break;
    case BB_TRACE_SHR:
        for (int i = 0; i < (int)n; i++) lose(w, &x[i], i - (int)n, -1);
        for (int i = 0; i < 64; i++) o[i] = i + (int)n < 64 ? x[i + n] : ZERO;
        break;
    case BB_TRACE_ROL:
        for (int i = 0; i < 64; i++) o[(i + (int)n) & 63] = x[i];
        break;
    case BB_TRACE_ROR:
        for (int i = 0; i < 64; i++) o[i] = x[(i + (int)n) & 63];
        break;
    case BB_TRACE_BSWAP:
        for (int i = 0; i < 64; i++) o[i] = x[(7 - (i >> 3)) * 8 + (i & 7)];
        break;
    case BB_TRACE_NOT:
        for (int i = 0; i < 64; i++) o[i] = bnot(x[i]);
        break;
    case BB_TRACE_NEG: {
        bit nx[64], z[64];
        for (int i = 0; i < 64; i++) nx[i] = bnot(x[i]);
        const_bits(z, 0);
        bit c = adder(o, nx, z, 1, 0);
        lose(w, &c, 64, -1);
        break;
    }
    case BB_TRACE_ADD:
    case BB_TRACE_SUB: {
        bit yy[64];
        for (int i = 0; i < 64; i++) yy[i] = s->op == BB_TRACE_SUB ? bnot(y[i]) : plain(y[i]);
        bit c = adder(o, x, yy, s->op == BB_TRACE_SUB, 1);
        lose(w, &c, 64, -1);
        break;
    }
    case BB_TRACE_MUL: {
        /* Each set bit j of k adds the partial product x << j; bits of it
         * above 63 are lost; where two partial products both hold variable
         * bits, a carry may occur. */
        uint64_t k = s->k, seen = 0, over = 0;
        *parts = k;
        const_bits(o, 0);
        for (int j = 0; j < 64; j++) {
            if (!(k >> j & 1)) continue;
            bit pp[64];
            for (int i = 64 - j; i < 64; i++) lose(w, &x[i], i + j, j);
            shift_up(pp, x, j);
            uint64_t var = 0;
            for (int i = 0; i < 64; i++)
                if (!is_const(&pp[i])) var |= 1ULL << i;
            over |= seen & var;
            seen |= var;
            adder(o, o, pp, 0, 0);
        }
        *overlap = over;
        for (int i = 0; i < 64; i++)
            if (over >> i & 1) o[i].flags |= BB_TRACE_CARRY_RISK;
        break;
    }
    case BB_TRACE_PEXT: {
        int j = 0;
        for (int i = 0; i < 64; i++)
            if (s->k >> i & 1) o[j++] = x[i];
        for (; j < 64; j++) o[j] = ZERO;
        break;
    }
    case BB_TRACE_PDEP: {
        int j = 0;
        for (int i = 0; i < 64; i++) o[i] = s->k >> i & 1 ? x[j++] : ZERO;
        break;
    }
    case BB_TRACE_DSWAP: {
        /* t = ((x >> d) ^ x) & k; x ^ t ^ (t << d) */
        int d = s->shift;
        bit t[64], tu[64];
        for (int i = 0; i < 64; i++) {
            bit hi = i + d < 64 ? x[i + d] : ZERO;
            t[i] = s->k >> i & 1 ? bxor(hi, x[i]) : ZERO;
        }
        shift_up(tu, t, d);
        for (int i = 0; i < 64; i++) o[i] = bxor(bxor(x[i], t[i]), tu[i]);
        break;
    }
    case BB_TRACE_GF2P8AFFINE:
        gf2p8affine(o, x, y);
        break;
    case BB_TRACE_BSHUF: /* pshufb on (0, x): byte i from byte C_i & 15, or 0 (bit 7 set, or 8..15) */
        for (int i = 0; i < 8; i++) {
            unsigned c = (unsigned)(s->k >> (8 * i)) & 0xff, j = c & 15;
            for (int t = 0; t < 8; t++) o[8 * i + t] = !(c & 0x80) && j < 8 ? x[8 * j + t] : ZERO;
        }
        break;
    case BB_TRACE_BITGATHER:
        for (int i = 0; i < 64; i++) o[i] = idx ? x[idx[i] & 63] : ZERO;
        break;
    }
}

int bb_trace_run(const bb_trace_program *p, const uint64_t *inputs, bb_trace_result *r)
{
    BB__ASSERT_NOT_NULL(p, "p");
    BB__ASSERT_NOT_NULL(r, "r");
    if (!r) return -1;
    memset(r, 0, sizeof *r);
    if (!p) return -1;
    r->prog = p;
    int n = p->nsteps + 1;
    bit(*slot)[64] = (bit(*)[64])calloc((size_t)(p->nnames > 0 ? p->nnames : 1), sizeof *slot);
    r->state = (bb_trace_state *)calloc((size_t)n, sizeof *r->state);
    if (!slot || !r->state) {
        free(slot);
        free(r->state);
        r->state = NULL;
        return -1;
    }
    r->nstates = n;
    uint64_t cval[BB_TRACE_MAX_NAMES] = {0};
    if (inputs) {
        r->has_inputs = 1;
        for (int v = 0; v < p->nvars; v++) r->inputs[v] = cval[v] = inputs[v];
    }
    for (int v = 0; v < p->nvars; v++)
        for (int i = 0; i < 64; i++) {
            slot[v][i] = ZERO;
            slot[v][i].in[v] = 1ULL << i;
        }
    memcpy(r->state[0].bit, slot[0], sizeof slot[0]);
    r->state[0].value = cval[0];
    uint64_t cur = cval[0];
    for (int i = 0; i < p->nsteps; i++) {
        const bb_trace_step *s = &p->step[i];
        const bit *x = r->state[i].bit;
        bit y[64];
        if (s->slot >= 0 && s->op != BB_TRACE_LET) memcpy(y, slot[s->slot], sizeof y);
        else const_bits(y, s->k);
        work w;
        memset(&w, 0, sizeof w);
        bb_trace_state *st = &r->state[i + 1];
        bit xin[64];
        for (int b = 0; b < 64; b++) xin[b] = plain(x[b]);
        apply(&w, s, bb__trace_gather_of(p, s), xin, y, &st->parts, &st->overlap);
        if (w.oom) {
            free(w.lost);
            free(slot);
            bb_trace_result_free(r);
            return -1;
        }
        memcpy(st->bit, w.b, sizeof w.b);
        st->lost = w.lost;
        st->nlost = w.nlost;
        if (s->op == BB_TRACE_LET) {
            for (int b = 0; b < 64; b++) slot[s->slot][b] = plain(w.b[b]);
            cval[s->slot] = cur;
        } else {
            uint64_t k = s->slot >= 0 ? cval[s->slot] : s->k;
            cur = bb__trace_apply(s->op, cur, k, s->shift, bb__trace_gather_of(p, s));
        }
        st->value = inputs ? cur : 0;
    }
    free(slot);
    return 0;
}

void bb_trace_result_free(bb_trace_result *r)
{
    if (!r) return;
    for (int i = 0; i < r->nstates; i++) free(r->state[i].lost);
    free(r->state);
    memset(r, 0, sizeof *r);
}
