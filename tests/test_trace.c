/* The tracer's engine: every operation's symbolic semantics against concrete
 * evaluation on random inputs (every bit of every step), what falls off the
 * ends, verdicts on known programs (the file gather by multiplication, a
 * multiplier whose partial products collide), proofs and counterexamples,
 * the builder API, and errors with their positions. */
#include <stdlib.h>
#include <string.h>

#include <bitboard.h>

#include "harness.h"
#include "trace_test.h"

static uint64_t random_input(uint64_t *seed, int t)
{
    switch (t % 5) {
    case 0: return bbt_board(seed) & 0xffULL;
    case 1: return bbt_board(seed) & 0x0101010101010101ULL;
    default: return bbt_board(seed);
    }
}

/* The reference: one operation on concrete values, written from each
 * operation's definition independently of the library. */
static uint64_t ref_apply(bb_trace_op op, uint64_t v, uint64_t k, int shift)
{
    uint64_t r = 0;
    int j = 0;
    switch (op) {
    case BB_TRACE_LOAD: return k;
    case BB_TRACE_LET: return v;
    case BB_TRACE_AND: return v & k;
    case BB_TRACE_OR: return v | k;
    case BB_TRACE_XOR: return v ^ k;
    case BB_TRACE_ANDNOT: return v & ~k;
    case BB_TRACE_SHL: return k < 64 ? v << k : 0;
    case BB_TRACE_SHR: return k < 64 ? v >> k : 0;
    case BB_TRACE_ROL:
        for (int i = 0; i < 64; i++) r |= (v >> i & 1) << ((i + (int)k) % 64);
        return r;
    case BB_TRACE_ROR:
        for (int i = 0; i < 64; i++) r |= (v >> ((i + (int)k) % 64) & 1) << i;
        return r;
    case BB_TRACE_BSWAP: return BB_BSWAP64(v);
    case BB_TRACE_NEG: return ~v + 1;
    case BB_TRACE_NOT: return ~v;
    case BB_TRACE_MUL: return v * k;
    case BB_TRACE_ADD: return v + k;
    case BB_TRACE_SUB: return v - k;
    case BB_TRACE_PEXT:
        for (int i = 0; i < 64; i++)
            if (k >> i & 1) r |= (v >> i & 1) << j++;
        return r;
    case BB_TRACE_PDEP:
        for (int i = 0; i < 64; i++)
            if (k >> i & 1) r |= (v >> j++ & 1) << i;
        return r;
    case BB_TRACE_DSWAP: { /* swap bit i and bit i + shift wherever the mask has bit i */
        uint64_t t = ((v >> shift) ^ v) & k;
        return v ^ t ^ (t << shift);
    }
    case BB_TRACE_GF2P8AFFINE:
        for (int b = 0; b < 8; b++)
            for (int i = 0; i < 8; i++) {
                int par = 0;
                for (int t = 0; t < 8; t++) par ^= (int)((v >> (8 * b + t)) & (k >> (8 * (7 - i) + t)) & 1);
                r |= (uint64_t)par << (8 * b + i);
            }
        return r;
    case BB_TRACE_BSHUF:     /* their references and tests: tests/test_trace_ops.c */
    case BB_TRACE_BITGATHER: /* (the programs here use neither) */
        return 0;
    }
    return 0;
}

/* The running value after every step (vals[0] before the first). */
static void ref_states(const bb_trace_program *p, const uint64_t *in, uint64_t *vals)
{
    uint64_t slot[BB_TRACE_MAX_NAMES] = {0};
    for (int v = 0; v < p->nvars; v++) slot[v] = in[v];
    uint64_t x = in[0];
    vals[0] = x;
    for (int i = 0; i < p->nsteps; i++) {
        const bb_trace_step *s = &p->step[i];
        if (s->op == BB_TRACE_LET) slot[s->slot] = x;
        else x = ref_apply(s->op, x, s->slot >= 0 ? slot[s->slot] : s->k, s->shift);
        vals[i + 1] = x;
    }
}

/* Every state of the symbolic run r on concrete inputs: each linear bit
 * equals the reference's bit; a non-linear bit does not change when an input
 * bit outside what it depends on flips.  The library's evaluation agrees. */
static void check_states(const bb_trace_program *p, const bb_trace_result *r, const char *text, const uint64_t *in,
                         uint64_t *seed)
{
    static uint64_t vals[BB_TRACE_MAX_STEPS + 1], vals2[BB_TRACE_MAX_STEPS + 1];
    ref_states(p, in, vals);
    CHECK_EQ64(bb_trace_eval(p, in), vals[p->nsteps], "'%s': bb_trace_eval", text);
    uint64_t in2[BB_TRACE_MAX_VARS];
    memcpy(in2, in, sizeof in2);
    int fv = (int)(bbt_next(seed) % (uint64_t)p->nvars), fs = (int)(bbt_next(seed) & 63);
    in2[fv] ^= 1ULL << fs;
    ref_states(p, in2, vals2);
    for (int s = 0; s < r->nstates; s++) {
        const bb_trace_state *st = &r->state[s];
        for (int i = 0; i < 64; i++) {
            const bb_trace_bit *b = &st->bit[i];
            int concrete = (int)(vals[s] >> i & 1);
            if (!(b->flags & BB_TRACE_NONLINEAR)) {
                CHECK(bit_value(b, in) == concrete, "'%s' state %d bit %d: symbolic %d, concrete %d", text, s, i,
                      bit_value(b, in), concrete);
            } else if (!(b->in[fv] >> fs & 1)) {
                CHECK((int)(vals2[s] >> i & 1) == concrete,
                      "'%s' state %d bit %d: changes with input bit %d.%d it does not depend on", text, s, i, fv, fs);
            }
        }
    }
}

static void check_program(const char *text, int trials, uint64_t *seed)
{
    bb_trace_program *p = parse_ok(text);
    if (!p) return;
    bb_trace_result r;
    uint64_t in[BB_TRACE_MAX_VARS] = {0};
    for (int v = 0; v < p->nvars; v++) in[v] = bbt_board(seed);
    /* once with concrete inputs: every state's value is the reference's */
    if (bb_trace_run(p, in, &r) == 0) {
        static uint64_t vals[BB_TRACE_MAX_STEPS + 1];
        ref_states(p, in, vals);
        CHECK(r.has_inputs && r.nstates == p->nsteps + 1, "'%s'", text);
        for (int s = 0; s < r.nstates; s++) CHECK_EQ64(r.state[s].value, vals[s], "'%s' state %d value", text, s);
        bb_trace_result_free(&r);
    }
    if (bb_trace_run(p, NULL, &r) != 0) {
        CHECK(0, "'%s': run failed", text);
        bb_trace_free(p);
        return;
    }
    CHECK(!r.has_inputs && r.state[r.nstates - 1].value == 0, "no inputs, no values");
    for (int t = 0; t < trials; t++) {
        for (int v = 0; v < p->nvars; v++) in[v] = random_input(seed, t + v);
        check_states(p, &r, text, in, seed);
    }
    bb_trace_result_free(&r);
    bb_trace_free(p);
}

/* Each operation, with a constant and with a variable operand, on random
 * inputs: the symbolic bits agree with the concrete value at every step. */
static void ops_agree_with_concrete(void)
{
    uint64_t seed = 11;
    static const char *const ops[] = {"&", "|", "^", "andnot", "+", "-"};
    char text[300];
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
        for (int r = 0; r < 4; r++) {
            snprintf(text, sizeof text, "input x y\nx %s y", ops[i]);
            check_program(text, 200, &seed);
            snprintf(text, sizeof text, "x %s 0x%016llx", ops[i], (unsigned long long)bbt_board(&seed));
            check_program(text, 200, &seed);
            /* masked operands: the linear cases (no overlap, no carry) */
            snprintf(text, sizeof text, "input x y\nlet a = y & 0x%016llx\nx & 0x%016llx %s a",
                     (unsigned long long)bbt_board(&seed), (unsigned long long)bbt_board(&seed), ops[i]);
            check_program(text, 200, &seed);
            snprintf(text, sizeof text, "input x y\nlet a = y & 0xf0f0f0f0f0f0f0f0\nx & 0x0f0f0f0f0f0f0f0f %s a",
                     ops[i]);
            check_program(text, 200, &seed);
        }
    }
    static const char *const shifts[] = {"<<", ">>", "rol", "ror"};
    static const int amounts[] = {0, 1, 7, 8, 9, 31, 56, 63};
    for (size_t i = 0; i < 4; i++)
        for (size_t a = 0; a < sizeof amounts / sizeof amounts[0]; a++) {
            snprintf(text, sizeof text, "x %s %d", shifts[i], amounts[a]);
            check_program(text, 100, &seed);
        }
    check_program("x bswap", 100, &seed);
    check_program("x neg", 100, &seed);
    check_program("x & 0xff; neg", 100, &seed);
    check_program("x not", 100, &seed);
    check_program("x ~", 100, &seed);
    check_program("0x1234 neg; let c; x + c", 100, &seed);
    for (int r = 0; r < 24; r++) {
        uint64_t k = bbt_board(&seed), m = bbt_board(&seed);
        int d = 1 + (int)(bbt_next(&seed) % 63);
        snprintf(text, sizeof text, "x * 0x%016llx", (unsigned long long)k);
        check_program(text, 100, &seed);
        snprintf(text, sizeof text, "x & 0x%016llx; * 0x%016llx", (unsigned long long)m,
                 (unsigned long long)(k & bbt_next(&seed) & bbt_next(&seed)));
        check_program(text, 100, &seed);
        snprintf(text, sizeof text, "x pext 0x%016llx", (unsigned long long)m);
        check_program(text, 100, &seed);
        snprintf(text, sizeof text, "x pdep 0x%016llx", (unsigned long long)m);
        check_program(text, 100, &seed);
        snprintf(text, sizeof text, "x dswap 0x%016llx %d", (unsigned long long)(m >> d), d);
        check_program(text, 100, &seed);
        snprintf(text, sizeof text, "x dswap 0x%016llx %d", (unsigned long long)m, d); /* overlapping mask too */
        check_program(text, 100, &seed);
        snprintf(text, sizeof text, "x gf2p8affine 0x%016llx", (unsigned long long)k);
        check_program(text, 100, &seed);
        snprintf(text, sizeof text, "input x y\nx gf2p8affine y");
        check_program(text, 100, &seed);
        snprintf(text, sizeof text, "input b\nlet m = b\n0x%016llx gf2p8affine m", (unsigned long long)k);
        check_program(text, 100, &seed);
    }
}

/* Random programs of 1..12 steps mixing every operation. */
static void random_programs_agree(void)
{
    uint64_t seed = 12345;
    static const char *const forms[] = {"& %s", "| %s", "^ %s", "andnot %s", "+ %s", "- %s", "* K", "<< N",
                                        ">> N", "rol N", "ror N", "bswap", "neg", "not", "pext K", "pdep K",
                                        "dswap K N", "gf2p8affine %s", "let t", "t", "y"};
    int n = (int)(sizeof forms / sizeof forms[0]);
    for (int prog = 0; prog < 2000; prog++) {
        char text[2048];
        size_t len = (size_t)snprintf(text, sizeof text, "input x y\nlet t = y & 0x%016llx\nx",
                                      (unsigned long long)bbt_board(&seed));
        int steps = 1 + (int)(bbt_next(&seed) % 12);
        for (int s = 0; s < steps; s++) {
            const char *f = forms[bbt_next(&seed) % (uint64_t)n];
            char op[160], operand[40];
            if (bbt_next(&seed) & 1) snprintf(operand, sizeof operand, "%s", (bbt_next(&seed) & 1) ? "y" : "t");
            else snprintf(operand, sizeof operand, "0x%016llx", (unsigned long long)bbt_board(&seed));
            snprintf(op, sizeof op, "%s", f);
            char *pct = strstr(op, "%s");
            char out[200] = "";
            size_t o = 0;
            for (const char *c = op; *c && o + 24 < sizeof out; c++) {
                if (c == pct) {
                    o += (size_t)snprintf(out + o, sizeof out - o, "%s", operand);
                    c++;
                } else if (*c == 'K') {
                    o += (size_t)snprintf(out + o, sizeof out - o, "0x%llx", (unsigned long long)bbt_board(&seed));
                } else if (*c == 'N') {
                    o += (size_t)snprintf(out + o, sizeof out - o, "%d", 1 + (int)(bbt_next(&seed) % 63));
                } else {
                    out[o++] = *c;
                    out[o] = '\0';
                }
            }
            len += (size_t)snprintf(text + len, sizeof text - len, "; %s", out);
        }
        check_program(text, 40, &seed);
    }
}

static bb_trace_verdict judge_text(const char *text)
{
    bb_trace_verdict v;
    memset(&v, 0, sizeof v);
    bb_trace_program *p = parse_ok(text);
    if (!p) return v;
    bb_trace_result r;
    CHECK(bb_trace_run(p, NULL, &r) == 0, "run");
    bb_trace_judge(&r, &v);
    bb_trace_result_free(&r);
    bb_trace_free(p);
    return v;
}

#define FILE_GATHER "x & 0x0101010101010101; * 0x0102040810204080; >> 56"

static void verdict_file_gather(void)
{
    bb_trace_verdict v = judge_text(FILE_GATHER);
    CHECK(v.kind == BB_TRACE_GATHER, "kind %d: %s", (int)v.kind, v.msg);
    CHECK_EQ64(v.used[0], 0x0101010101010101ULL, "used");
    CHECK_EQ64(v.constant, ~0xffULL, "constant positions");
    CHECK_EQ64(v.ones, 0, "ones");
    for (int r = 0; r < 8; r++) {
        CHECK(v.from[r] == 8 * r, "output bit %d comes from %d", r, v.from[r]);
        CHECK(v.to[0][8 * r] == r, "a%d goes to %d", r + 1, v.to[0][8 * r]);
    }
    CHECK(v.to[0][1] == -1 && v.from[8] == -1, "no other bits");
    CHECK(strstr(v.msg, "gather") != NULL, "%s", v.msg);

    /* the multiplication step records its partial products and what falls off */
    bb_trace_program *p = parse_ok(FILE_GATHER);
    bb_trace_result r;
    CHECK(bb_trace_run(p, NULL, &r) == 0, "run");
    const bb_trace_state *m = &r.state[3]; /* x, &, *, >> */
    CHECK_EQ64(m->parts, 0x0102040810204080ULL, "partial products");
    CHECK_EQ64(m->overlap, 0, "no overlap: no carry can occur");
    int found = 0;
    for (int i = 0; i < m->nlost; i++) {
        const bb_trace_lost *l = &m->lost[i];
        CHECK(l->pos >= 64 && l->pos < 128 && l->part >= 0, "lost at %d part %d", l->pos, l->part);
        /* the lost bit is the input bit pos - part */
        int src = l->pos - l->part;
        CHECK(l->bit.in[0] == 1ULL << src && l->bit.konst == 0, "lost bit at %d is not input bit %d", l->pos, src);
        if (l->pos == 56 + 56 && l->part == 56) found = 1; /* a8 << 56 */
    }
    CHECK(found, "a8 shifted by 56 lands at 112");
    /* the shift's underflow panel: bits 0..55 fall off the bottom, as they were */
    const bb_trace_state *sh = &r.state[4];
    for (int i = 0; i < sh->nlost; i++) CHECK(sh->lost[i].pos < 0 && sh->lost[i].part == -1, "underflow");
    for (int i = 0; i < 64; i++) CHECK(!(m->bit[i].flags & (BB_TRACE_NONLINEAR | BB_TRACE_CARRY_RISK)), "bit %d", i);
    bb_trace_result_free(&r);
    bb_trace_free(p);
}

/* A known-bad multiplier: the rank magic 0x0101010101010101 makes the
 * partial products of a file collide, so carries break the gather. */
#define BAD_GATHER "x & 0x0101010101010101; * 0x0101010101010101; >> 56"

static uint64_t file_a_gathered(const uint64_t *in, const void *arg)
{
    (void)arg;
    uint64_t r = 0;
    for (int k = 0; k < 8; k++) r |= (in[0] >> (8 * k) & 1) << k;
    return r;
}

static void verdict_bad_multiplier(void)
{
    bb_trace_verdict v = judge_text(BAD_GATHER);
    CHECK(v.kind == BB_TRACE_NONLINEAR_KIND, "kind %d: %s", (int)v.kind, v.msg);
    CHECK(v.step == 2, "breaking step %d", v.step);
    CHECK(v.where >> 8 & 1, "a2 is where a1<<8 meets a2<<0: 0x%016llx", (unsigned long long)v.where);
    /* numbered as the reader counts the operations: the leading load of x is not drawn */
    CHECK(strstr(v.msg, "partial products collide") != NULL && strstr(v.msg, "step 2 (* ") != NULL, "%s", v.msg);

    bb_trace_program *p = parse_ok(BAD_GATHER);
    bb_trace_result r;
    CHECK(bb_trace_run(p, NULL, &r) == 0, "run");
    const bb_trace_state *m = &r.state[3];
    CHECK(m->overlap != 0 && (m->bit[8].flags & BB_TRACE_CARRY_RISK), "overlap 0x%016llx",
          (unsigned long long)m->overlap);
    bb_trace_result_free(&r);
    bb_trace_proof pr;
    int rc = bb_trace_prove(p, file_a_gathered, NULL, &pr);
    CHECK(rc == 1 && pr.method == BB_TRACE_BY_EXHAUSTION, "rc %d: %s", rc, pr.msg);
    CHECK(pr.bits == 8, "bits %d", pr.bits);
    CHECK(pr.got == bb_trace_eval(p, pr.counterexample) && pr.want == file_a_gathered(pr.counterexample, NULL) &&
              pr.got != pr.want,
          "the counterexample is real");
    CHECK(strstr(pr.msg, "counterexample") != NULL, "%s", pr.msg);
    bb_trace_free(p);

    /* a collision at the top only: the two bits are added, the carry falls
     * off; the sum is still exact (x0 ^ x63) and x0 is also kept at a1 */
    v = judge_text("x & 0x8000000000000001; * 0x8000000000000001");
    CHECK(v.kind == BB_TRACE_LINEAR, "kind %d: %s", (int)v.kind, v.msg);
    /* x * 3 on two bits: bit 1 is x0 ^ x1 and bit 2 a carry; keeping bit 1
     * only loses one of them */
    v = judge_text("x & 3; * 3; & 2");
    CHECK(v.kind == BB_TRACE_LOSSY && v.step == 3 && v.where == 2, "step %d where 0x%016llx: %s", v.step,
          (unsigned long long)v.where, v.msg);
    v = judge_text("x & 3; * 3; & 6");
    CHECK(v.kind == BB_TRACE_NONLINEAR_KIND && v.step == 2 && v.where == 2, "step %d where 0x%016llx: %s", v.step,
          (unsigned long long)v.where, v.msg);
}

static void verdict_kinds(void)
{
    bb_trace_verdict v = judge_text("x bswap");
    CHECK(v.kind == BB_TRACE_PERMUTATION, "%s", v.msg);
    for (int i = 0; i < 64; i++) CHECK(v.from[i] == ((7 - (i >> 3)) * 8 + (i & 7)), "bswap %d", i);
    v = judge_text("x rol 9; not");
    CHECK(v.kind == BB_TRACE_PERMUTATION && v.complemented == ~0ULL, "%s", v.msg);
    v = judge_text("x dswap 0x00000000000000ff 8"); /* swaps ranks 1 and 2 */
    CHECK(v.kind == BB_TRACE_PERMUTATION && v.from[0] == 8 && v.from[8] == 0, "%s", v.msg);
    v = judge_text("x gf2p8affine 0x8040201008040201"); /* mirrors every rank */
    CHECK(v.kind == BB_TRACE_PERMUTATION && v.from[0] == 7 && v.from[63] == 56, "%s", v.msg);
    v = judge_text("x gf2p8affine 0x0102040810204080"); /* the identity matrix */
    CHECK(v.kind == BB_TRACE_PERMUTATION && v.from[0] == 0 && v.from[63] == 63, "%s", v.msg);
    v = judge_text("x & 0xff; pdep 0x8040201008040201");
    CHECK(v.kind == BB_TRACE_SCATTER && v.to[0][7] == 63 && v.to[0][1] == 9, "%s", v.msg);
    v = judge_text("x pext 0x8040201008040201");
    CHECK(v.kind == BB_TRACE_GATHER && v.from[7] == 63, "%s", v.msg);
    v = judge_text("let y = x << 1; x ^ y");
    CHECK(v.kind == BB_TRACE_LINEAR, "%s", v.msg);
    /* lossy: x ^ (x >> 8) is invertible, the mask then loses half of it */
    v = judge_text("let y = x >> 8; x ^ y; & 0xff");
    CHECK(v.kind == BB_TRACE_LOSSY && v.step == 5, "step %d: %s", v.step, v.msg);
    /* the let is not drawn, so not counted: >> 8, load x, ^ y, & 0xff are steps 1-4 */
    CHECK(strstr(v.msg, "step 4 (& 0x00000000000000ff)") != NULL && strstr(v.msg, "a1 a2") != NULL, "%s", v.msg);
    v = judge_text("x & 0");
    CHECK(v.kind == BB_TRACE_LOSSY && v.step == 1 && v.constant == ~0ULL, "%s", v.msg);
    v = judge_text("input o r\no ^ r");
    CHECK(v.kind == BB_TRACE_LOSSY && v.step == 1, "step %d: %s", v.step, v.msg);
    /* exact cases of the adder: no overlap, and the same bit added twice */
    v = judge_text("input x y\nlet a = y & 0xf0f0f0f0f0f0f0f0\nx & 0x0f0f0f0f0f0f0f0f + a");
    CHECK(v.kind == BB_TRACE_GATHER, "%s", v.msg);
    v = judge_text("x & 0xff; let a; + a");
    CHECK(v.kind == BB_TRACE_SCATTER && v.from[1] == 0 && v.from[8] == 7 && v.constant == ~0x1feULL,
          "x + x is x << 1: %s", v.msg);
    v = judge_text("x & 0xff; - 1");
    CHECK(v.kind == BB_TRACE_NONLINEAR_KIND && v.step == 2 && strstr(v.msg, "can carry") != NULL, "%s", v.msg);
    v = judge_text("input x y\nx | y");
    CHECK(v.kind == BB_TRACE_NONLINEAR_KIND && v.step == 1, "%s", v.msg);
    /* or of disjoint bits is exact, and flagged only where both are variable */
    v = judge_text("input x y\nlet a = y & 0xff00\nx & 0xff | a");
    CHECK(v.kind == BB_TRACE_GATHER, "%s", v.msg);
    CHECK(bb_trace_kind_name(BB_TRACE_PERMUTATION) && strcmp(bb_trace_kind_name(BB_TRACE_NONLINEAR_KIND), "nonlinear") == 0 &&
              bb_trace_kind_name((bb_trace_kind)6) == NULL,
          "kind names");
}

static void merge_flags(void)
{
    bb_trace_program *p = parse_ok("input x y\nx | y");
    bb_trace_result r;
    CHECK(bb_trace_run(p, NULL, &r) == 0, "run");
    for (int i = 0; i < 64; i++)
        CHECK((r.state[2].bit[i].flags & (BB_TRACE_MERGE | BB_TRACE_NONLINEAR)) == (BB_TRACE_MERGE | BB_TRACE_NONLINEAR),
              "bit %d", i);
    bb_trace_result_free(&r);
    bb_trace_free(p);
    p = parse_ok("input x y\nlet a = y & 0xff00\nx & 0xffff | a");
    CHECK(bb_trace_run(p, NULL, &r) == 0, "run");
    const bb_trace_state *s = &r.state[r.nstates - 1];
    for (int i = 0; i < 64; i++)
        CHECK(!!(s->bit[i].flags & BB_TRACE_MERGE) == (i >= 8 && i < 16), "merge at %d", i);
    bb_trace_result_free(&r);
    bb_trace_free(p);
    /* an addition's carry out falls off the top */
    p = parse_ok("x + 0x8000000000000000");
    CHECK(bb_trace_run(p, NULL, &r) == 0, "run");
    s = &r.state[2];
    CHECK(s->nlost == 1 && s->lost[0].pos == 64 && s->lost[0].bit.in[0] == 1ULL << 63, "carry out");
    bb_trace_result_free(&r);
    bb_trace_free(p);
}

static uint64_t flip_vertical_def(const uint64_t *in, const void *arg)
{
    (void)arg;
    uint64_t r = 0;
    for (int sq = 0; sq < 64; sq++)
        if (in[0] >> sq & 1) r |= 1ULL << (sq ^ 56);
    return r;
}
static uint64_t minus_one_def(const uint64_t *in, const void *arg)
{
    (void)arg;
    return in[0] - 1;
}
/* Another program as the definition (what `trace --against PROGRAM` does). */
static uint64_t eval_program(const uint64_t *in, const void *arg)
{
    return bb_trace_eval((const bb_trace_program *)arg, in);
}
static uint64_t plus_one_def(const uint64_t *in, const void *arg)
{
    (void)arg;
    return (in[0] & 0xff) + 1;
}
static uint64_t plus_one_wrong(const uint64_t *in, const void *arg)
{
    (void)arg;
    return ((in[0] & 0xff) + 1) & 0xff; /* differs at 0xff only */
}
static uint64_t depends_outside(const uint64_t *in, const void *arg)
{
    (void)arg;
    return ((in[0] & 0xff) + 1) ^ (in[0] >> 40 & 1);
}
static uint64_t not_affine(const uint64_t *in, const void *arg)
{
    (void)arg;
    uint64_t x = in[0];
    return flip_vertical_def(in, NULL) ^ ((x & 7) == 7); /* a cubic term: not seen by pairs */
}
static uint64_t or_def(const uint64_t *in, const void *arg)
{
    (void)arg;
    return (in[0] & 0xf0) | (in[1] & 0x3c);
}

static void proofs(void)
{
    bb_trace_proof pr;
    bb_trace_program *p = parse_ok(FILE_GATHER);
    CHECK(bb_trace_prove(p, file_a_gathered, NULL, &pr) == 0, "%s", pr.msg);
    CHECK(pr.method == BB_TRACE_BY_SYMBOLIC && pr.bits == 8, "method %d bits %d", pr.method, pr.bits);
    CHECK(bb_trace_prove(p, flip_vertical_def, NULL, &pr) == 1, "%s", pr.msg);
    CHECK(pr.got == bb_trace_eval(p, pr.counterexample) && pr.want == flip_vertical_def(pr.counterexample, NULL) &&
              pr.got != pr.want,
          "a real counterexample");
    bb_trace_free(p);

    p = parse_ok("x bswap");
    CHECK(bb_trace_prove(p, flip_vertical_def, NULL, &pr) == 0 && pr.method == BB_TRACE_BY_SYMBOLIC, "%s", pr.msg);
    CHECK(bb_trace_prove(p, not_affine, NULL, &pr) == 1, "a non-affine definition is caught: %s", pr.msg);
    bb_trace_free(p);

    p = parse_ok("x & 0xff; + 1");
    CHECK(bb_trace_prove(p, plus_one_def, NULL, &pr) == 0, "%s", pr.msg);
    CHECK(pr.method == BB_TRACE_BY_EXHAUSTION && pr.bits == 8 && pr.cases == 4 * 256, "method %d bits %d cases %llu",
          pr.method, pr.bits, (unsigned long long)pr.cases);
    CHECK(bb_trace_prove(p, plus_one_wrong, NULL, &pr) == 1, "%s", pr.msg);
    CHECK_EQ64(pr.counterexample[0] & 0xff, 0xff, "the one failing value");
    CHECK(bb_trace_prove(p, depends_outside, NULL, &pr) == 1, "a definition reading other bits: %s", pr.msg);
    bb_trace_free(p);

    p = parse_ok("input x y\nlet a = y & 0x3c\nx & 0xf0 | a");
    CHECK(bb_trace_prove(p, or_def, NULL, &pr) == 0 && pr.method == BB_TRACE_BY_EXHAUSTION && pr.bits == 8,
          "the or overlaps at bits 4, 5: %s", pr.msg);
    bb_trace_free(p);
    p = parse_ok("input x y\nlet a = y & 0x0c\nx & 0xf0 | a");
    CHECK(bb_trace_prove(p, or_def, NULL, &pr) == 1, "%s", pr.msg); /* definition keeps y's 0x30 */
    bb_trace_free(p);

    /* hyperbola quintessence on rank 1 for a rook on d1: o - 2r, non-linear, 8 bits */
    p = parse_ok("input o\nlet m = o & 0xff\nm - 0x10; ^ m; & 0xf0");
    CHECK(bb_trace_prove(p, NULL, NULL, &pr) == -1, "no definition");
    bb_trace_free(p);

    /* above 2^24 values: a small counterexample is looked for first (x - 1 is
     * not x + 1 at x = 0), and only a program that has none is refused */
    p = parse_ok("x - 1");
    CHECK(bb_trace_prove(p, plus_one_def, NULL, &pr) == 1 && bb_trace_eval(p, pr.counterexample) == pr.got &&
              plus_one_def(pr.counterexample, NULL) == pr.want && pr.got != pr.want, "%s", pr.msg);
    CHECK(bb_trace_prove(p, minus_one_def, NULL, &pr) == -1, "%s", pr.msg);
    CHECK(pr.bits == 64 && strstr(pr.msg, "refused") && strstr(pr.msg, "2^24") && strstr(pr.msg, "x: 64") &&
              strstr(pr.msg, "no counterexample among"), "%s", pr.msg);
    bb_trace_free(p);
    /* a collision two bits deep: the or of b hides it from one-bit inputs on 0
     * but not on 1; found, with the fewest bits */
    p = parse_ok("input a b; a & 0x5555555555555557; << 1; | b");
    bb_trace_program *q = parse_ok("input a b; a & 0x5555555555555555; << 1; | b");
    CHECK(bb_trace_prove(p, eval_program, q, &pr) == 1 && pr.counterexample[0] == 2 && pr.counterexample[1] == 0 &&
              strstr(pr.msg, "(one bit)"), "%s", pr.msg);
    CHECK(bb_trace_prove(q, eval_program, q, &pr) == -1 && strstr(pr.msg, "refused"), "%s", pr.msg);
    /* a difference only when two bits are set together */
    bb_trace_free(p);
    p = parse_ok("input a b; let t = a & b; a | b; andnot 0x8000; let u; t & 0x8000; ^ u");
    bb_trace_program *q2 = parse_ok("input a b; a | b; andnot 0x8000");
    CHECK(bb_trace_prove(p, eval_program, q2, &pr) == 1 && strstr(pr.msg, "(two bits)") &&
              pr.counterexample[0] == 0x8000 && pr.counterexample[1] == 0x8000, "%s", pr.msg);
    bb_trace_free(q2);
    bb_trace_free(q);
    bb_trace_free(p);
}

static uint64_t east_of_d1(const uint64_t *in, const void *arg)
{
    /* the squares a rook on d1 sees to the east, blockers included */
    (void)arg;
    uint64_t r = 0;
    for (int sq = 4; sq < 8; sq++) {
        r |= 1ULL << sq;
        if (in[0] >> sq & 1) break;
    }
    return r;
}

/* o ^ (o - 2r) restricted to the ray: the positive half of hyperbola
 * quintessence, proven by exhaustion. */
static void proof_hyperbola_ray(void)
{
    bb_trace_proof pr;
    bb_trace_program *p = parse_ok("input o\nlet m = o & 0xf0\nm - 0x10; ^ m; & 0xf0");
    bb_trace_verdict v;
    bb_trace_result r;
    CHECK(bb_trace_run(p, NULL, &r) == 0, "run");
    bb_trace_judge(&r, &v);
    CHECK(v.kind == BB_TRACE_NONLINEAR_KIND && strstr(v.msg, "can carry"), "%s", v.msg);
    bb_trace_result_free(&r);
    int rc = bb_trace_prove(p, east_of_d1, NULL, &pr);
    CHECK(rc == 0 && pr.method == BB_TRACE_BY_EXHAUSTION && pr.bits == 4, "rc %d: %s", rc, pr.msg);
    bb_trace_free(p);
}

/* 0x8040201008040201 gf2p8affine x: output byte j bit i is bit j of x's
 * byte 7 - i, by the instruction's definition. */
static uint64_t gf_board_as_matrix(uint64_t x)
{
    uint64_t r = 0;
    for (int j = 0; j < 8; j++)
        for (int i = 0; i < 8; i++) r |= (x >> (8 * (7 - i) + j) & 1) << (8 * j + i);
    return r;
}

static void builder_matches_text(void)
{
    bb_parse_error e;
    bb_trace_program *a = bb_trace_new();
    CHECK(a && a->nvars == 1 && strcmp(bb_trace_name(a, 0), "x") == 0, "x is implied");
    CHECK(bb_trace_input(a, "o", &e) == 0 && bb_trace_input(a, "r", &e) == 1, "%s", e.msg);
    CHECK(bb_trace_input(a, "r", &e) == -1 && strstr(e.msg, "twice"), "%s", e.msg);
    CHECK(bb_trace_add(a, BB_TRACE_AND, NULL, 0xff, 0, &e) == 0, "%s", e.msg);
    CHECK(bb_trace_add(a, BB_TRACE_LET, "m", 0, 0, &e) == 0, "%s", e.msg);
    CHECK(bb_trace_input(a, "z", &e) == -1 && strstr(e.msg, "before the first step"), "%s", e.msg);
    CHECK(bb_trace_add(a, BB_TRACE_SUB, "r", 0, 0, &e) == 0, "%s", e.msg);
    CHECK(bb_trace_add(a, BB_TRACE_XOR, "m", 0, 0, &e) == 0, "%s", e.msg);
    CHECK(bb_trace_add(a, BB_TRACE_DSWAP, NULL, 0x55, 1, &e) == 0, "%s", e.msg);
    CHECK(bb_trace_add(a, BB_TRACE_ROL, NULL, 64, 0, &e) == -1 && strstr(e.msg, "shift by 64"), "%s", e.msg);
    CHECK(bb_trace_add(a, BB_TRACE_MUL, "r", 0, 0, &e) == -1 && strstr(e.msg, "needs a constant"), "%s", e.msg);
    CHECK(bb_trace_add(a, BB_TRACE_XOR, "q", 0, 0, &e) == -1 && strstr(e.msg, "undefined name 'q'"), "%s", e.msg);
    CHECK(bb_trace_add(a, BB_TRACE_DSWAP, NULL, 0x55, 0, &e) == -1, "dswap 0");
    CHECK(bb_trace_add(a, BB_TRACE_LET, "o", 0, 0, &e) == -1 && strstr(e.msg, "input"), "%s", e.msg);
    CHECK(bb_trace_add(a, (bb_trace_op)99, NULL, 0, 0, &e) == -1, "bad op");
    CHECK(bb_trace_add(a, BB_TRACE_BSWAP, "m", 0, 0, NULL) == -1, "bswap takes no operand; err may be NULL");
    bb_trace_program *b = parse_ok("input o r\n& 0xff; let m\n- r; ^ m\ndswap 0x55 1");
    CHECK(a->nsteps == 5 && b && b->nsteps == 5, "steps %d %d", a->nsteps, b ? b->nsteps : -1);
    uint64_t seed = 5;
    for (int t = 0; t < 1000 && b; t++) {
        uint64_t in[4] = {bbt_board(&seed), bbt_board(&seed), 0, 0};
        uint64_t m = in[0] & 0xff, want = ((m - in[1]) ^ m);
        uint64_t tt = ((want >> 1) ^ want) & 0x55;
        want ^= tt ^ (tt << 1);
        CHECK_EQ64(bb_trace_eval(a, in), want, "built");
        CHECK_EQ64(bb_trace_eval(b, in), want, "parsed");
    }
    /* the steps' texts parse back to the same program */
    for (int w = 0; w < 2; w++) {
        bb_trace_program *src = w ? b : a;
        char text[1024] = "input o r\n", line[128];
        for (int i = 0; i < src->nsteps; i++) {
            size_t n = bb_trace_step_text(line, sizeof line, src, i);
            CHECK(n == strlen(line) && n > 0, "step %d", i);
            strcat(text, line);
            strcat(text, "\n");
        }
        bb_trace_program *c = parse_ok(text);
        for (int t = 0; t < 200 && c; t++) {
            uint64_t in[4] = {bbt_board(&seed), bbt_board(&seed), 0, 0};
            CHECK_EQ64(bb_trace_eval(c, in), bb_trace_eval(src, in), "'%s'", text);
        }
        CHECK(c && c->nsteps == src->nsteps, "round trip of\n%s", text);
        bb_trace_free(c);
    }
    char small[4];
    CHECK(bb_trace_step_text(small, sizeof small, a, 2) == 3 && strcmp(small, "- r") == 0, "'%s'", small);
    CHECK(bb_trace_step_text(small, 3, a, 2) == 3 && strcmp(small, "- ") == 0, "truncated like snprintf");
    CHECK(bb_trace_step_text(small, sizeof small, a, 99) == 0 && small[0] == 0, "out of range");
    CHECK(bb_trace_get_step(a, 5) == NULL && bb_trace_get_step(a, -1) == NULL && bb_trace_get_step(a, 0), "get");
    CHECK(bb_trace_step_count(a) == 5 && bb_trace_var_count(a) == 2 && bb_trace_name(a, 2) &&
              strcmp(bb_trace_name(a, 2), "m") == 0 && bb_trace_name(a, 3) == NULL,
          "accessors");
    CHECK(strcmp(bb_trace_op_name(BB_TRACE_GF2P8AFFINE), "gf2p8affine") == 0 &&
              bb_trace_op_name((bb_trace_op)BB_TRACE_OP_COUNT) == NULL,
          "op names");
    bb_trace_free(a);
    bb_trace_free(b);
    bb_trace_free(NULL);

    /* let binds a name again; named constants serve as constant operands */
    bb_trace_program *c = parse_ok("let K = 0x0101010101010101\nlet t = x & K\nlet t = t * 0x0102040810204080\n"
                                   "t >> 56; let t; 0x8040201008040201 gf2p8affine x");
    if (c) {
        CHECK(c->nnames == 3, "names %d", c->nnames);
        uint64_t seed2 = 9;
        for (int t = 0; t < 1000; t++) {
            uint64_t in[4] = {bbt_board(&seed2), 0, 0, 0};
            CHECK_EQ64(bb_trace_eval(c, in), gf_board_as_matrix(in[0]), "gf2p8affine with the board as the matrix");
        }
        check_program("let K = 0x0101010101010101\nlet t = x & K\nlet t = t * 0x0102040810204080\n"
                      "t >> 56; let t; 0x8040201008040201 gf2p8affine x", 100, &seed2);
        bb_trace_verdict v = judge_text("let b = x; 0x8040201008040201 gf2p8affine b");
        CHECK(v.kind == BB_TRACE_PERMUTATION, "%s", v.msg);
    }
    bb_trace_free(c);
}

struct perr { const char *text; int pos; const char *what; };

static void parse_errors(void)
{
    static const struct perr cases[] = {
        {"x & 0xff; frob 3", 11, "unknown operation 'frob'"},
        {"x & 0x12g4", 5, "bad constant '0x12g4'"},
        {"x & 0x10000000000000000", 5, "more than 64 bits"},
        {"x & 18446744073709551616", 5, "more than 64 bits"},
        {"x << 64", 6, "shift by 64"},
        {"x ror 100", 7, "shift by 100"},
        {"x & y", 5, "undefined name 'y'"},
        {"y & 1", 1, "undefined name 'y'"},
        {"x\n  & 1\n  ^ zz", 13, "line 3, column 5: undefined name 'zz'"},
        {"x &", 4, "expected a name or a constant after '&', found the end of the text"},
        {"x * ;", 5, "expected a constant after '*'"},
        {"input o\no * o", 13, "needs a constant"},
        {"x dswap 0x55 0", 14, "dswap shift 0"},
        {"x dswap 0x55", 13, "expected the shift"},
        {"let = 3", 5, "expected a name after 'let'"},
        {"let a 3", 7, "expected '='"},
        {"let x = 3", 5, "is an input"},
        {"x; input o", 4, "input must be the first statement"},
        {"input a b c d e", 15, "too many inputs"},
        {"input a a", 9, "declared twice"},
        {"x @ 3", 3, "expected an operation, found '@'"},
        {"x & abcdefghijklmnopqrstuvwxyz", 5, "at most 15"},
        {"x 5", 3, "unknown operation '5'"},
        {"x & 0x", 5, "bad constant '0x': no digits"},
        {"x & 0x_", 5, "bad constant '0x_'"},
        {"x & 0b102", 5, "not a binary digit"},
        {"x; rotl 3", 4, "unknown operation 'rotl'"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        bb_parse_error e;
        memset(&e, 0, sizeof e);
        bb_trace_program *p = bb_trace_parse(cases[i].text, &e);
        CHECK(p == NULL, "'%s' parses", cases[i].text);
        bb_trace_free(p);
        CHECK(e.pos == cases[i].pos, "'%s': pos %d, want %d (%s)", cases[i].text, e.pos, cases[i].pos, e.msg);
        CHECK(strstr(e.msg, cases[i].what) != NULL, "'%s': '%s' lacks '%s'", cases[i].text, e.msg, cases[i].what);
        CHECK(strncmp(e.msg, "line ", 5) == 0 && e.line >= 1 && e.column >= 1, "'%s': %s", cases[i].text, e.msg);
    }
    bb_parse_error e;
    CHECK(bb_trace_parse(NULL, &e) == NULL && strstr(e.msg, "no program"), "NULL text");
    CHECK(bb_trace_parse("x & y", NULL) == NULL, "err may be NULL");
    bb_trace_program *p = parse_ok("  # only a comment\n\n;;\n");
    CHECK(p && p->nsteps == 0 && bb_trace_eval(p, (const uint64_t[4]){42, 0, 0, 0}) == 42, "empty program is x");
    bb_trace_free(p);
    /* control bytes in a token are escaped in the message */
    CHECK(bb_trace_parse("x & 0x1\x01", &e) == NULL && strstr(e.msg, "\\x01"), "%s", e.msg);
}

/* A 100,000-step program: refused at the first step over the limit, with
 * its position; the limit itself is fine. */
/* Every renderer numbers the steps as the verdict does (from 1, no gaps for
 * a let or a no-op load) and gives each input of a program its own panel. */
static char *render_with(size_t (*fn)(char *, size_t, const bb_trace_result *, const char *, unsigned),
                         const bb_trace_result *r)
{
    size_t n = fn(NULL, 0, r, NULL, 0);
    char *buf = malloc(n + 1);
    if (buf) fn(buf, n + 1, r, NULL, 0);
    return buf;
}
static void pictures_number_and_inputs(void)
{
    bb_trace_program *p = parse_ok("input p o; p & o; let t; >> 1; ^ t");
    uint64_t in[BB_TRACE_MAX_VARS] = {0x10000000ULL, 0x810000000ULL, 0, 0};
    bb_trace_result r;
    if (!p || bb_trace_run(p, in, &r) != 0) {
        CHECK(0, "run");
        bb_trace_free(p);
        return;
    }
    char *text = render_with(bb_trace_render_text, &r), *svg = render_with(bb_trace_render_svg, &r),
         *html = render_with(bb_trace_render_html, &r);
    CHECK(text && strstr(text, "\ninput p   = 0x0000000010000000") && strstr(text, "\ninput o   = 0x0000000810000000"),
          "text: a panel per input");
    CHECK(text && strstr(text, "step 1: & o") && strstr(text, "step 2: >> 1") && strstr(text, "step 3: ^ t") &&
              !strstr(text, "step 4") && !strstr(text, "inputs p o"), "text: steps 1-3");
    CHECK(svg && strstr(svg, ">input p<") && strstr(svg, ">input o<") && strstr(svg, ">1: &amp; o<") &&
              strstr(svg, ">3: ^ t<"), "svg: a panel per input, steps 1-3");
    CHECK(html && strstr(html, "\"n\":1,\"op\":\"\\u0026 o\"") && strstr(html, "\"n\":3,\"op\":\"^ t\"") &&
              strstr(html, "\"op\":\"input o\"") && strstr(html, "\"nsteps\":3"), "html: steps 1-3 of 3, input o");
    free(text), free(svg), free(html);
    bb_trace_verdict v;
    bb_trace_judge(&r, &v);
    CHECK(strstr(v.msg, "step 1 (& o)") != NULL, "verdict: %s", v.msg);
    bb_trace_result_free(&r);
    bb_trace_free(p);
}

/* The colour "selector { fill: #rrggbb" (or stroke) gives in svg's style sheet,
 * as 0xrrggbb; -1 when the sheet has no such rule. */
static long svg_rule_colour(const char *svg, const char *selector, const char *prop)
{
    char want[96];
    snprintf(want, sizeof want, "%s { %s: #", selector, prop);
    const char *at = strstr(svg, want);
    return at ? strtol(at + strlen(want), NULL, 16) : -1;
}

/* Red as an error is drawn: red well above green and blue. */
static int reddish(long rgb)
{
    long r = rgb >> 16 & 255, g = rgb >> 8 & 255, b = rgb & 255;
    return r > g + 48 && r > b + 48;
}

/* A non-linear bit is a property of a routine (every occluded fill has them),
 * not a fault: the SVG draws it, its verdict and its legend in a neutral
 * colour, never in the red of a lossy verdict or a carry risk (issue 46: the
 * playground showed "nonlinear" in error red). */
static char *svg_of(const char *text)
{
    bb_trace_program *p = parse_ok(text);
    uint64_t in[BB_TRACE_MAX_VARS] = {0x10000000ULL, 0x810000000ULL, 0, 0};
    bb_trace_result r;
    char *svg = NULL;
    if (p && bb_trace_run(p, in, &r) == 0) {
        svg = render_with(bb_trace_render_svg, &r);
        bb_trace_result_free(&r);
    }
    CHECK(svg != NULL, "%s: drawn", text);
    bb_trace_free(p);
    return svg;
}
static void pictures_nonlinear_not_error_red(void)
{
    char *svg = svg_of("input p o; p & o");
    long error = svg ? svg_rule_colour(svg, ".verdict.bad", "fill") : -1;
    CHECK(error >= 0 && reddish(error), "the error colour: %06lx", (unsigned long)error);
    const char *verdict = svg ? strstr(svg, "<text class=\"verdict ") : NULL;
    char cls[32] = "";
    if (verdict) sscanf(verdict + strlen("<text class=\"verdict "), "%31[a-z]", cls);
    char selector[48];
    snprintf(selector, sizeof selector, ".verdict.%s", cls);
    long vcol = svg ? svg_rule_colour(svg, selector, "fill") : -1;
    CHECK(strcmp(cls, "bad") != 0 && vcol >= 0 && vcol != error && !reddish(vcol), "the verdict: class %s, %06lx",
          cls, (unsigned long)vcol);
    /* the pattern's two colours and the ink of the cells that use it */
    const char *pat = svg ? strstr(svg, "<pattern id=\"nonlinear\"") : NULL, *end = pat ? strstr(pat, "</pattern>") : NULL;
    int colours = 0;
    for (const char *f = pat; f && end && (f = strstr(f, "fill=\"#")) && f < end; f++, colours++) {
        long c = strtol(f + strlen("fill=\"#"), NULL, 16);
        CHECK(c != error && !reddish(c), "the pattern's colour %06lx", (unsigned long)c);
    }
    CHECK(colours == 2, "the pattern has %d colours", colours);
    const char *cell = svg ? strstr(svg, "fill=\"url(#nonlinear)\"/><text class=\"lab ") : NULL;
    char ink[32] = "";
    if (cell) sscanf(strstr(cell, "class=\"lab ") + strlen("class=\"lab "), "%31[a-z]", ink);
    snprintf(selector, sizeof selector, ".lab.%s", ink);
    long icol = svg ? svg_rule_colour(svg, selector, "fill") : -1;
    CHECK(cell && icol >= 0 && icol != error && !reddish(icol), "a non-linear cell's ink: %s %06lx", ink,
          (unsigned long)icol);
    /* a legend names the pattern; a linear trace has none */
    const char *legend = svg ? strstr(svg, "<g class=\"legend\">") : NULL;
    CHECK(legend && strstr(legend, "url(#nonlinear)") && strstr(legend, "non-linear bit"), "the legend");
    free(svg);
    svg = svg_of("input p; >> 1");
    CHECK(svg && !strstr(svg, "class=\"legend\""), "a linear trace has no legend");
    free(svg);
}

/* More panels than states: each input after the first has a panel of its
 * own, and here three inputs and two steps make 5 panels of 3 states (the
 * renderers' panel list was sized by the states and overran: ASan caught it
 * from the JavaScript package's random programs). */
static void pictures_more_inputs_than_steps(void)
{
    for (int k = 0; k < 2; k++) {
        bb_trace_program *p = parse_ok(k ? "input a b c d; d neg; a bswap" : "input x p o; o neg; x bswap");
        uint64_t in[BB_TRACE_MAX_VARS] = {0x10ULL, 0x20ULL, 0x40ULL, 0x80ULL};
        bb_trace_result r;
        if (!p || bb_trace_run(p, in, &r) != 0) {
            CHECK(0, "run %d", k);
            bb_trace_free(p);
            return;
        }
        char *text = render_with(bb_trace_render_text, &r), *svg = render_with(bb_trace_render_svg, &r),
             *html = render_with(bb_trace_render_html, &r);
        const char *last = k ? "input c" : "input o";
        CHECK(text && strstr(text, last) && strstr(text, "neg") && strstr(text, "bswap"), "text %d", k);
        CHECK(svg && strstr(svg, k ? ">input d<" : ">input o<") && strstr(svg, ": bswap<"), "svg %d", k);
        CHECK(html && strstr(html, k ? "\"op\":\"input d\"" : "\"op\":\"input o\"") && strstr(html, "\"op\":\"bswap\""),
              "html %d", k);
        free(text), free(svg), free(html);
        bb_trace_result_free(&r);
        bb_trace_free(p);
    }
}

static void step_limit(void)
{
    size_t n = 100000, len = 0;
    char *text = (char *)malloc(n * 8 + 8);
    CHECK(text != NULL, "malloc");
    if (!text) return;
    len += (size_t)sprintf(text, "x");
    for (size_t i = 1; i < n; i++) len += (size_t)sprintf(text + len, "; rol 1");
    bb_parse_error e;
    bb_trace_program *p = bb_trace_parse(text, &e);
    CHECK(p == NULL, "100,000 steps parse");
    bb_trace_free(p);
    /* step 1 is "x" at 1; step k (k >= 2) is "rol" at 1-based 7 (k - 2) + 4 */
    int want = 7 * (BB_TRACE_MAX_STEPS + 1 - 2) + 4;
    CHECK(e.pos == want && strstr(e.msg, "too many steps") && strstr(e.msg, "4096"), "pos %d want %d: %s", e.pos,
          want, e.msg);
    /* exactly the limit parses */
    text[1 + 7 * (BB_TRACE_MAX_STEPS - 1)] = '\0';
    p = bb_trace_parse(text, &e);
    CHECK(p && p->nsteps == BB_TRACE_MAX_STEPS, "%s", e.msg);
    if (p) {
        uint64_t in[4] = {0x8000000000000001ULL, 0, 0, 0};
        CHECK_EQ64(bb_trace_eval(p, in), (0x8000000000000001ULL << (4095 % 64)) | (0x8000000000000001ULL >> (64 - 4095 % 64)),
                   "4095 rotations");
        bb_trace_result r;
        CHECK(bb_trace_run(p, in, &r) == 0 && r.nstates == BB_TRACE_MAX_STEPS + 1, "run");
        bb_trace_verdict v;
        bb_trace_judge(&r, &v);
        CHECK(v.kind == BB_TRACE_PERMUTATION, "%s", v.msg);
        bb_trace_result_free(&r);
    }
    bb_trace_free(p);
    free(text);
}

int main(void)
{
    RUN(ops_agree_with_concrete);
    RUN(random_programs_agree);
    RUN(verdict_file_gather);
    RUN(verdict_bad_multiplier);
    RUN(verdict_kinds);
    RUN(merge_flags);
    RUN(proofs);
    RUN(proof_hyperbola_ray);
    RUN(builder_matches_text);
    RUN(parse_errors);
    RUN(step_limit);
    RUN(pictures_number_and_inputs);
    RUN(pictures_more_inputs_than_steps);
    RUN(pictures_nonlinear_not_error_red);
    return bbt_finish("trace");
}
