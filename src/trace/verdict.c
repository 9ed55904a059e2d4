/* Verdicts (bb_trace_judge): what a program does to its inputs, judged from
 * the symbolic run, exact for every input, with the step that breaks it. */
#include <string.h>

#include "../core/text.h"
#include "trace_private.h"

static const char *const kind_names[] = {"permutation", "gather", "scatter", "linear", "lossy", "nonlinear"};

const char *bb_trace_kind_name(bb_trace_kind kind)
{
    return (unsigned)kind < 6 ? kind_names[kind] : NULL;
}

typedef struct { uint64_t w[BB_TRACE_MAX_VARS]; } bitset; /* a set of input bits */

static int set_count(const bitset *s)
{
    int n = 0;
    for (int v = 0; v < BB_TRACE_MAX_VARS; v++) n += bb_popcount(s->w[v]);
    return n;
}

/* Writes up to 8 input bits of s ("e4", or "o.e4" with several inputs) and
 * "and N more". */
static void put_bits(bb__out_buf *o, const bb_trace_program *p, const bitset *s)
{
    int n = set_count(s), shown = 0;
    for (int v = 0; v < BB_TRACE_MAX_VARS; v++)
        for (int i = 0; i < 64; i++) {
            if (!(s->w[v] >> i & 1)) continue;
            if (shown == 8) {
                bb__put(o, " and %d more", n - shown);
                return;
            }
            char sq[3];
            if (p->nvars > 1) bb__put(o, "%s%s.%s", shown ? " " : "", p->name[v], bb_square_name(i, sq));
            else bb__put(o, "%s%s", shown ? " " : "", bb_square_name(i, sq));
            shown++;
        }
    if (!shown) bb__put(o, "none");
}

/* Positions as square names, up to 8. */
static void put_positions(bb__out_buf *o, uint64_t m)
{
    int n = bb_popcount(m), shown = 0;
    for (int i = 0; i < 64; i++) {
        if (!(m >> i & 1)) continue;
        if (shown == 8) {
            bb__put(o, " and %d more", n - shown);
            return;
        }
        char sq[3];
        bb__put(o, "%s%s", shown ? " " : "", bb_square_name(i, sq));
        shown++;
    }
}

static void put_step(bb__out_buf *o, const bb_trace_result *r, int i)
{
    char t[160];
    bb__trace_step_label(t, sizeof t, r->prog, i);
    bb__put(o, "step %d (%s)", bb__trace_step_number(r, i), t);
}

/* Column elimination over GF(2): the input bits in cols[] (as sets of output
 * positions) in order; returns the rank and, if the columns are dependent,
 * the first dependency found in *dep (the input bits whose columns XOR to
 * zero), else *dep empty. */
typedef struct { uint64_t vec; bitset comb; } basis_row;

static int rank_of(const bb_trace_bit *bits, const bitset *cols_of, bitset *dep)
{
    static const bitset empty;
    basis_row basis[64];
    int rank = 0;
    if (dep) *dep = empty;
    for (int v = 0; v < BB_TRACE_MAX_VARS; v++)
        for (int s = 0; s < 64; s++) {
            if (!(cols_of->w[v] >> s & 1)) continue;
            uint64_t vec = 0;
            for (int pos = 0; pos < 64; pos++)
                if (bits[pos].in[v] >> s & 1) vec |= 1ULL << pos;
            bitset comb = empty;
            comb.w[v] = 1ULL << s;
            for (int b = 0; b < rank; b++) {
                uint64_t top = basis[b].vec & (0 - basis[b].vec); /* pivot: lowest set bit */
                if (vec & top) {
                    vec ^= basis[b].vec;
                    for (int u = 0; u < BB_TRACE_MAX_VARS; u++) comb.w[u] ^= basis[b].comb.w[u];
                }
            }
            if (vec) {
                /* keep pivots distinct: reduce the others by the new row */
                uint64_t top = vec & (0 - vec);
                for (int b = 0; b < rank; b++)
                    if (basis[b].vec & top) {
                        basis[b].vec ^= vec;
                        for (int u = 0; u < BB_TRACE_MAX_VARS; u++) basis[b].comb.w[u] ^= comb.w[u];
                    }
                basis[rank].vec = vec;
                basis[rank].comb = comb;
                rank++;
            } else if (dep && set_count(dep) == 0) {
                *dep = comb;
            }
        }
    return rank;
}

/* 1 if some position of bits sees u (holds an odd number of u's bits), and
 * the positions that hold any of them in *touch. */
static int sees(const bb_trace_bit *bits, const bitset *u, uint64_t *touch)
{
    int seen = 0;
    *touch = 0;
    for (int pos = 0; pos < 64; pos++) {
        int par = 0, any = 0;
        for (int v = 0; v < BB_TRACE_MAX_VARS; v++) {
            uint64_t m = bits[pos].in[v] & u->w[v];
            par ^= bb_popcount(m) & 1;
            any |= m != 0;
        }
        if (par) seen = 1;
        if (any) *touch |= 1ULL << pos;
    }
    return seen;
}

void bb_trace_judge(const bb_trace_result *r, bb_trace_verdict *v)
{
    BB__ASSERT_NOT_NULL(r, "r");
    BB__ASSERT_NOT_NULL(v, "v");
    if (!v) return;
    memset(v, 0, sizeof *v);
    v->step = -1;
    for (int i = 0; i < 64; i++) v->from[i] = -1;
    for (int u = 0; u < BB_TRACE_MAX_VARS; u++)
        for (int i = 0; i < 64; i++) v->to[u][i] = -1;
    bb__out_buf o = {v->msg, sizeof v->msg, 0};
    if (!r || !r->state || r->nstates < 1) {
        bb__put(&o, "no run to judge");
        return;
    }
    const bb_trace_program *p = r->prog;
    const bb_trace_bit *f = r->state[r->nstates - 1].bit;
    bitset used = {{0}};
    uint64_t nonlin = 0;
    for (int i = 0; i < 64; i++) {
        for (int u = 0; u < BB_TRACE_MAX_VARS; u++) used.w[u] |= f[i].in[u];
        if (f[i].flags & BB_TRACE_NONLINEAR) nonlin |= 1ULL << i;
        else if (bb__trace_is_const(&f[i])) {
            v->constant |= 1ULL << i;
            if (f[i].konst) v->ones |= 1ULL << i;
        }
    }
    memcpy(v->used, used.w, sizeof v->used);
    int n = set_count(&used);

    if (nonlin) {
        v->kind = BB_TRACE_NONLINEAR_KIND;
        /* the first step whose result holds a non-linear bit */
        for (int s = 1; s < r->nstates; s++) {
            uint64_t m = 0;
            for (int i = 0; i < 64; i++)
                if (r->state[s].bit[i].flags & BB_TRACE_NONLINEAR) m |= 1ULL << i;
            if (!m) continue;
            const bb_trace_state *st = &r->state[s];
            const bb_trace_step *sp = &p->step[s - 1];
            v->step = s - 1;
            bb__put(&o, "nonlinear: ");
            put_step(&o, r, s - 1);
            if (sp->op == BB_TRACE_MUL && st->overlap) {
                v->where = st->overlap;
                bb__put(&o, ": partial products collide at ");
                put_positions(&o, st->overlap);
                bb__put(&o, ", where a carry can occur");
            } else {
                v->where = m;
                const char *why = sp->op == BB_TRACE_ADD || sp->op == BB_TRACE_SUB || sp->op == BB_TRACE_NEG
                                      ? "can carry"
                                  : sp->op == BB_TRACE_MUL ? "multiplies non-linear bits"
                                                           : "combines two variable bits by and/or";
                bb__put(&o, " %s: ", why);
                put_positions(&o, m);
                bb__put(&o, " depend on the inputs non-linearly");
            }
            break;
        }
        bb__put(&o, "; the output depends on %d input bits", n);
        return;
    }

    /* Linear.  A move: every position one input bit or constant, every input
     * bit in at most one position. */
    int move = 1;
    bitset seen = {{0}};
    for (int i = 0; i < 64 && move; i++) {
        int c = 0, vv = 0, ss = 0;
        for (int u = 0; u < BB_TRACE_MAX_VARS; u++) {
            c += bb_popcount(f[i].in[u]);
            if (f[i].in[u]) vv = u, ss = bb_popcount((f[i].in[u] & (0 - f[i].in[u])) - 1);
        }
        if (c == 0) continue;
        if (c > 1 || (seen.w[vv] >> ss & 1)) {
            move = 0;
            break;
        }
        seen.w[vv] |= 1ULL << ss;
        v->from[i] = (short)(vv * 64 + ss);
        v->to[vv][ss] = (short)i;
        if (f[i].konst) v->complemented |= 1ULL << i;
    }
    if (!move) {
        for (int i = 0; i < 64; i++) v->from[i] = -1;
        for (int u = 0; u < BB_TRACE_MAX_VARS; u++)
            for (int i = 0; i < 64; i++) v->to[u][i] = -1;
        v->complemented = 0;
    }
    int vars_used = 0, only = 0;
    for (int u = 0; u < BB_TRACE_MAX_VARS; u++)
        if (used.w[u]) vars_used++, only = u;

    if (n == 0) {
        v->kind = BB_TRACE_LOSSY;
        for (int s = 1; s < r->nstates; s++) {
            int any = 0;
            for (int i = 0; i < 64; i++) any |= bb__trace_is_const(&r->state[s].bit[i]) ? 0 : 1;
            if (!any) {
                v->step = s - 1;
                break;
            }
        }
        bb__put(&o, "lossy: the output is constant 0x%016llx", (unsigned long long)v->ones);
        if (v->step >= 0) {
            bb__put(&o, "; ");
            put_step(&o, r, v->step);
            bb__put(&o, " leaves no input bit");
        }
        return;
    }
    if (move) {
        uint64_t low = n >= 64 ? ~0ULL : (1ULL << n) - 1, outpos = ~v->constant;
        if (n == 64 && vars_used == 1) {
            v->kind = BB_TRACE_PERMUTATION;
            int moved = 0;
            for (int i = 0; i < 64; i++) moved += v->from[i] != only * 64 + i;
            if (moved) bb__put(&o, "permutation: the 64 bits of %s land on 64 different squares (none lost, none "
                                   "combined; %d of them move)", p->name[only], moved);
            else bb__put(&o, "permutation: the identity: every bit of %s stays on its square", p->name[only]);
            if (v->complemented) bb__put(&o, " (%d complemented)", bb_popcount(v->complemented));
            return;
        }
        if (vars_used == 1 && used.w[only] == low && outpos != low) {
            v->kind = BB_TRACE_SCATTER;
            bb__put(&o, "scatter: the low %d bits of %s spread to ", n, p->name[only]);
            put_positions(&o, outpos);
            return;
        }
        v->kind = BB_TRACE_GATHER;
        bb__put(&o, "gather: %d input bits (", n);
        put_bits(&o, p, &used);
        bb__put(&o, ") land on ");
        put_positions(&o, outpos);
        return;
    }
    bitset dep;
    int rank = rank_of(f, &used, &dep);
    if (rank == n) {
        v->kind = BB_TRACE_LINEAR;
        bb__put(&o, "linear: %d input bits combined by exclusive or, none lost (rank %d)", n, rank);
        return;
    }
    v->kind = BB_TRACE_LOSSY;
    /* The step after which the dependency dep stays invisible. */
    int from = r->nstates - 1;
    uint64_t touch = 0;
    for (int s = r->nstates - 1; s >= 0; s--) {
        uint64_t t;
        if (sees(r->state[s].bit, &dep, &t)) break;
        from = s;
        touch = t;
    }
    v->step = from >= 1 ? from - 1 : -1;
    v->where = touch;
    bb__put(&o, "lossy: %d input bits reach the output but only %d independent combinations; ", n, rank);
    if (v->step >= 0) {
        put_step(&o, r, v->step);
        bb__put(&o, " loses the exclusive or of ");
    } else {
        bb__put(&o, "lost: the exclusive or of ");
    }
    put_bits(&o, p, &dep);
}
