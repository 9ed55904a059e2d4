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
 *   library   the library's own program, when the map is a named transform
 * This file holds the driver (bb_perm_compile_using), the candidates and the
 * proofs; search is search.c's, benes benes.c's, the rest strategies.c's
 * (compile.h: what they share). */
#include <stdlib.h>
#include <string.h>

#include "../core/text.h"
#include "compile.h"

/* ---- building programs -------------------------------------------------- */

/* One swap stage, as the target prefers: a delta swap, or shifts and masks
 * (fewer cycles when every bit outside the swapped pairs may be anything or
 * when latency matters more than micro-operations). */
void bb__perm_emit_swap(pb *b, uint64_t mask, int n, uint64_t care, bb_perm_target t)
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

/* ---- the candidates ------------------------------------------------------ */

/* The order of prices: the cost, then the uops, then the steps. */
static int cheaper(const bb_perm_cost *a, const bb_perm_cost *b)
{
    if (a->cost != b->cost) return a->cost < b->cost;
    if (a->uops != b->uops) return a->uops < b->uops;
    return a->steps < b->steps;
}

/* Takes b's program as a candidate of strategy s (keeping the cheaper of two
 * from the same strategy); frees what it does not keep. */
void bb__perm_consider(ctx *x, pb *b, const char *s)
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
    RUN("search", bb__perm_search(&x, &r));
    RUN("groups", bb__perm_groups(&x, &r));
    RUN("barrel", bb__perm_barrel(&x, &r));
    RUN("pext", bb__perm_pext(&x, &r));
    RUN("multiply", bb__perm_multiply(&x, &r));
    bb__perm_benes(&x, &r); /* always: its stage count is reported */
    RUN("bitgather", bb__perm_bitgather(&x, &r));
    RUN("library", bb__perm_library(&x));
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
