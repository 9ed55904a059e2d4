/* The permutation compiler: maps (parsing, errors, the named transforms
 * against the library's own routines), the cost model on hand-priced
 * programs, and compiled programs checked three ways: the tracer's proof,
 * evaluation against the slow reference bb_perm_apply on random inputs, and
 * the price against the library's own programs and the Benes network.  Each
 * strategy is run alone on maps built for it, so a strategy that breaks
 * fails here even when another one would have covered for it. */
#include <stdlib.h>
#include <string.h>

#include "bitboard.h"
#include "harness.h"

static uint64_t seed = 0x7065726d2d74ULL;
static uint64_t rnd(void)
{
    uint64_t z = (seed += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* The slow reference, written again here: bit by bit. */
static uint64_t apply_ref(const bb_perm_map *m, uint64_t x)
{
    uint64_t y = 0;
    for (int s = 0; s < 64; s++)
        if (m->to[s] >= 0 && (x >> s & 1)) y |= 1ULL << m->to[s];
    return y;
}

static uint64_t named_outputs(const bb_perm_map *m)
{
    uint64_t c = 0;
    for (int s = 0; s < 64; s++)
        if (m->to[s] >= 0) c |= 1ULL << m->to[s];
    return c;
}

static void random_perm(bb_perm_map *m)
{
    for (int s = 0; s < 64; s++) m->to[s] = (signed char)s;
    for (int s = 63; s > 0; s--) {
        int j = (int)(rnd() % (uint64_t)(s + 1));
        signed char t = m->to[s];
        m->to[s] = m->to[j];
        m->to[j] = t;
    }
}

/* k distinct random sources going to k distinct random destinations. */
static void random_partial(bb_perm_map *m, int k, int dst_base, int dst_span)
{
    bb_perm_map p;
    random_perm(&p);
    memset(m->to, BB_PERM_ANY, sizeof m->to);
    int used[64] = {0};
    for (int i = 0; i < k; i++) {
        int d;
        do d = dst_base + (int)(rnd() % (uint64_t)dst_span);
        while (used[d]);
        used[d] = 1;
        m->to[p.to[i]] = (signed char)d;
    }
}

/* A compiled program computes the map: on the named outputs it equals the
 * reference on random, sparse and dense inputs and on every single bit. */
static int computes(const bb_trace_program *p, const bb_perm_map *m)
{
    uint64_t care = named_outputs(m);
    for (int i = 0; i < 64 + 300; i++) {
        uint64_t x = i < 64 ? 1ULL << i : rnd();
        if (i >= 64 && i % 3 == 1) x &= rnd();
        if (i >= 64 && i % 3 == 2) x |= rnd();
        uint64_t in[BB_TRACE_MAX_VARS] = {x};
        if ((bb_trace_eval(p, in) & care) != apply_ref(m, x)) return 0;
    }
    return 1;
}

static const char *tname(int t) { return bb_perm_target_name((bb_perm_target)t); }

/* ---- maps ----------------------------------------------------------------- */

static void parse_maps(void)
{
    bb_perm_map m;
    bb_parse_error e;
    char text[512];
    int n = 0;
    /* identity written three ways: numbers, squares, commas */
    for (int s = 0; s < 64; s++) n += snprintf(text + n, sizeof text - (size_t)n, "%d ", s);
    CHECK(bb_perm_parse(text, &m, &e) == 0, "%s", e.msg);
    for (int s = 0; s < 64; s++) CHECK(m.to[s] == s, "square %d", s);
    n = 0;
    for (int s = 0; s < 64; s++) n += snprintf(text + n, sizeof text - (size_t)n, "%c%d,", 'a' + (s & 7), 1 + (s >> 3));
    CHECK(bb_perm_parse(text, &m, &e) == 0, "%s", e.msg);
    for (int s = 0; s < 64; s++) CHECK(m.to[s] == s, "square %d", s);
    /* '-' entries */
    n = 0;
    for (int s = 0; s < 64; s++) n += snprintf(text + n, sizeof text - (size_t)n, s % 2 ? "- " : "%d, ", 63 - s);
    CHECK(bb_perm_parse(text, &m, &e) == 0, "%s", e.msg);
    CHECK(m.to[0] == 63 && m.to[1] == BB_PERM_ANY && m.to[2] == 61 && !bb_perm_is_full(&m), "partial");
    /* a name */
    CHECK(bb_perm_parse("  flip_vertical ", &m, &e) == 0, "%s", e.msg);
    CHECK(m.to[0] == 56 && m.to[63] == 7, "flip_vertical");

    /* errors name the entry and where it is */
    n = 0;
    for (int s = 0; s < 64; s++) n += snprintf(text + n, sizeof text - (size_t)n, "%d ", s == 5 ? 2 : s);
    CHECK(bb_perm_parse(text, &m, &e) == -1, "a destination twice");
    CHECK(strstr(e.msg, "entry 5 (f1)") && strstr(e.msg, "already taken by entry 2 (c1)"), "%s", e.msg);
    CHECK(e.pos == 11, "position %d", e.pos); /* "0 1 2 3 4 2": the second 2 is character 11 */
    CHECK(bb_perm_parse("0 1 2", &m, &e) == -1 && strstr(e.msg, "3 entries"), "%s", e.msg);
    n = 0;
    for (int s = 0; s < 65; s++) n += snprintf(text + n, sizeof text - (size_t)n, "%d ", s % 64);
    CHECK(bb_perm_parse(text, &m, &e) == -1 && strstr(e.msg, "too many"), "%s", e.msg);
    n = 0;
    for (int s = 0; s < 64; s++) n += snprintf(text + n, sizeof text - (size_t)n, "%s ", s == 9 ? "i9" : "-");
    CHECK(bb_perm_parse(text, &m, &e) == -1 && strstr(e.msg, "entry 9 (b2)") && strstr(e.msg, "'i9'"), "%s", e.msg);
    CHECK(e.pos == 19, "position %d", e.pos);
    n = 0;
    for (int s = 0; s < 64; s++) n += snprintf(text + n, sizeof text - (size_t)n, "%s ", s == 0 ? "64" : "-");
    CHECK(bb_perm_parse(text, &m, &e) == -1 && strstr(e.msg, "entry 0 (a1)"), "%s", e.msg);
    CHECK(bb_perm_parse("flip_verticle", &m, &e) == -1 && strstr(e.msg, "not a library transform"), "%s", e.msg);
    CHECK(bb_perm_parse(NULL, &m, &e) == -1, "NULL");
    CHECK(bb_perm_parse("", &m, &e) == -1 && strstr(e.msg, "0 entries"), "%s", e.msg);

    /* bb_perm_check_map and the inverse */
    random_perm(&m);
    CHECK(bb_perm_check_map(&m, &e) == 0, "%s", e.msg);
    bb_perm_map inv;
    bb_perm_inverse(&m, &inv);
    for (int i = 0; i < 50; i++) {
        uint64_t x = rnd();
        CHECK_EQ64(apply_ref(&inv, apply_ref(&m, x)), x, "inverse");
        CHECK_EQ64(bb_perm_apply(&m, x), apply_ref(&m, x), "bb_perm_apply");
    }
    m.to[7] = m.to[8];
    CHECK(bb_perm_check_map(&m, &e) == -1 && strstr(e.msg, "entry 8 (a2)"), "%s", e.msg);
    m.to[8] = 70;
    CHECK(bb_perm_check_map(&m, &e) == -1 && strstr(e.msg, "not 0..63"), "%s", e.msg);
}

/* Every named transform's map against the library routine (or formula). */
static void named_maps(void)
{
    bb_perm_map m;
    for (int s = 0; s < BB_SYM_COUNT; s++) {
        CHECK(bb_perm_named(bb_sym_name((bb_sym)s), &m) == 0, "%s", bb_sym_name((bb_sym)s));
        for (int q = 0; q < 64; q++) CHECK(m.to[q] == bb_sym_square(q, (bb_sym)s), "%s %d", bb_sym_name((bb_sym)s), q);
    }
    for (int k = 1; k < BB_MAP_COUNT; k++) {
        char name[40];
        snprintf(name, sizeof name, "lerf_to_%s", bb_mapping_name((bb_mapping)k));
        CHECK(bb_perm_named(name, &m) == 0, "%s", name);
        for (int i = 0; i < 20; i++) {
            uint64_t x = rnd();
            CHECK_EQ64(apply_ref(&m, x), bb_mapping_from_lerf(x, (bb_mapping)k), "%s", name);
        }
        snprintf(name, sizeof name, "%s_to_lerf", bb_mapping_name((bb_mapping)k));
        CHECK(bb_perm_named(name, &m) == 0, "%s", name);
        for (int i = 0; i < 20; i++) {
            uint64_t x = rnd();
            CHECK_EQ64(apply_ref(&m, x), bb_mapping_to_lerf(x, (bb_mapping)k), "%s", name);
        }
    }
    /* the pseudo-rotations by the wiki's square formulas */
    static const struct { const char *name; int add, plus1, sign; } pr[] = {
        {"pseudo_rotate45_cw", 8, 0, -1}, {"pseudo_rotate45_ccw", 8, 1, 1},
        {"pseudo_unrotate45_cw", 8, 0, 1}, {"pseudo_unrotate45_ccw", 8, 1, -1}};
    for (int i = 0; i < 4; i++) {
        CHECK(bb_perm_named(pr[i].name, &m) == 0, "%s", pr[i].name);
        for (int q = 0; q < 64; q++)
            CHECK(m.to[q] == ((q + pr[i].sign * 8 * ((q & 7) + pr[i].plus1)) & 63), "%s %d", pr[i].name, q);
    }
    /* Hyatt's boards and the line gathers against the library's routines */
    static const struct { const char *name; uint64_t (*f)(uint64_t); } hy[] = {
        {"rotated90", bb_rotated90}, {"unrotated90", bb_unrotated90}, {"rotated45", bb_rotated45},
        {"unrotated45", bb_unrotated45}, {"rotated315", bb_rotated315}, {"unrotated315", bb_unrotated315}};
    for (int i = 0; i < 6; i++) {
        CHECK(bb_perm_named(hy[i].name, &m) == 0 && bb_perm_is_full(&m), "%s", hy[i].name);
        for (int j = 0; j < 20; j++) {
            uint64_t x = rnd();
            CHECK_EQ64(apply_ref(&m, x), hy[i].f(x), "%s", hy[i].name);
        }
    }
    static const char *const kinds[4] = {"rank", "file", "diagonal", "antidiagonal"};
    for (int k = 0; k < 4; k++)
        for (int sq = 0; sq < 64; sq++) {
            char name[40];
            snprintf(name, sizeof name, "line_%s_%c%d", kinds[k], 'a' + (sq & 7), 1 + (sq >> 3));
            CHECK(bb_perm_named(name, &m) == 0, "%s", name);
            uint64_t x = rnd();
            CHECK_EQ64(apply_ref(&m, x), bb_line_extract(x, sq, (bb_line)k), "%s", name);
            snprintf(name, sizeof name, "deposit_%s_%c%d", kinds[k], 'a' + (sq & 7), 1 + (sq >> 3));
            CHECK(bb_perm_named(name, &m) == 0, "%s", name);
            CHECK_EQ64(apply_ref(&m, x & 0xFF), bb_line_deposit((unsigned)(x & 0xFF), sq, (bb_line)k), "%s", name);
        }
    /* every listed name resolves, none twice */
    int count = bb_perm_named_count();
    CHECK(count == 18 + 14 + 8 * 64, "%d names", count);
    char a[48], b[48];
    for (int i = 0; i < count; i++) {
        bb_perm_named_name(i, a, sizeof a);
        CHECK(bb_perm_named(a, &m) == 0, "%s", a);
        if (i) {
            bb_perm_named_name(i - 1, b, sizeof b);
            CHECK(strcmp(a, b) != 0, "%s twice", a);
        }
    }
    CHECK(bb_perm_named("line_rank_i9", &m) == -1 && bb_perm_named("nothing", &m) == -1, "bad names");
}

/* ---- the cost model -------------------------------------------------------- */

static bb_perm_cost price(const char *text, bb_perm_target t, int *rc)
{
    bb_perm_cost c;
    bb_trace_program *p = bb_trace_parse(text, NULL);
    memset(&c, 0, sizeof c);
    *rc = p ? bb_perm_price(p, t, &c) : -2;
    bb_trace_free(p);
    return c;
}

static void cost_model(void)
{
    int rc;
    bb_perm_cost c = price("bswap", BB_PERM_PORTABLE, &rc);
    CHECK(rc == 0 && c.latency == 1 && c.uops == 1 && c.cost == 1, "bswap %.2f %.2f", c.latency, c.uops);
    /* the busiest resource: 16 independent pext on one port outlast their 3-cycle chains */
    c = price("x pext 1; let a; x pext 2 | a; let a; x pext 4 | a; let a; x pext 8 | a; let a; x pext 16 | a; let a;"
              "x pext 32 | a; let a; x pext 64 | a; let a; x pext 128 | a", BB_PERM_BMI2, &rc);
    CHECK(rc == 0 && c.cost == 10 && c.latency == 10, "pext chain %.2f %.2f", c.latency, c.cost);
    c = price("x rol 1; let a; x rol 2 | a; let a; x rol 3 | a; let a; x rol 4 | a; let a; x rol 5 | a; let a;"
              "x rol 6 | a; let a; x rol 7 | a; let a; x rol 8 | a; let a; x rol 9 | a; let a; x rol 10 | a",
              BB_PERM_PORTABLE, &rc);
    CHECK(rc == 0 && c.latency == 10 && c.uops == 19 && c.cost == 10, "rotates %.2f %.2f %.2f", c.latency, c.uops, c.cost);
    /* 12 pext in parallel, or-ed as a tree: 7 cycles deep, but port 1 takes 12 */
    c = price("x pext 1; let a; x pext 2; let b; x pext 3; let c; x pext 4; let d; x pext 5; let e; x pext 6; let f;"
              "x pext 7; let g; x pext 8; let h; x pext 9; let i; x pext 10; let j; x pext 11; let k; x pext 12; let l;"
              "a | b; let a; c | d; let c; e | f; let e; g | h; let g; i | j; let i; k | l; let k;"
              "a | c; let a; e | g; let e; i | k; let i; a | e | i", BB_PERM_BMI2, &rc);
    CHECK(rc == 0 && c.latency == 7 && c.cost == 12, "parallel pext %.2f %.2f", c.latency, c.cost);
    c = price("dswap 0x5555555555555555 1", BB_PERM_PORTABLE, &rc);
    CHECK(rc == 0 && c.latency == 5 && c.uops == 7, "dswap %.2f %.2f (a movabs for the mask)", c.latency, c.uops);
    /* two independent chains joined: the longer one counts */
    c = price("x & 0xff rol 8; let a; x pext 0xff00 | a", BB_PERM_BMI2, &rc);
    CHECK(rc == 0 && c.latency == 4 && c.uops == 4, "chains %.2f %.2f", c.latency, c.uops);
    c = price("x pext 0xff00", BB_PERM_PORTABLE, &rc);
    CHECK(rc == -1 && !c.feasible, "pext is not portable");
    /* a vector instruction pays the moves in and out: 3 + 5 + 3 */
    c = price("gf2p8affine 0x0102040810204080", BB_PERM_GFNI, &rc);
    CHECK(rc == 0 && c.latency == 11 && c.uops == 4, "gfni %.2f %.2f", c.latency, c.uops);
    c = price("gf2p8affine 0x0102040810204080; bshuf 0x0001020304050607", BB_PERM_GFNI, &rc);
    CHECK(rc == 0 && c.latency == 12 && c.uops == 6, "stays in the vector unit %.2f %.2f", c.latency, c.uops);
    /* front-end bound: 40 masks, each a 10-byte movabs; 40 ands, 40 rotates, 39 ors */
    {
        char text[4096];
        int n = 0;
        for (int i = 0; i < 40; i++)
            n += snprintf(text + n, sizeof text - (size_t)n, "x & 0x%016llx rol %d%s; let a\n",
                          (unsigned long long)((0x0101010101010101ULL << (i % 8)) ^ (uint64_t)i << 40), i + 1,
                          i ? " | a" : "");
        c = price(text, BB_PERM_PORTABLE, &rc);
        CHECK(rc == 0 && c.uops == 159 && c.cost == (40 * 10 + 119 * 4) / 16.0, "front end %.2f %.2f %.2f", c.latency,
              c.uops, c.cost);
    }
    c = price("bitgather 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,"
              "33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63",
              BB_PERM_AVX512, &rc);
    CHECK(rc == 0 && c.latency == 9, "bitgather %.2f", c.latency);
    c = price("bswap; dswap 0x5555555555555555 1", BB_PERM_ARRAY, &rc);
    CHECK(rc == 0 && c.uops == 5.0 / 8 && c.cost == c.uops, "array %.3f", c.uops);
    CHECK(bb_perm_target_allows(BB_PERM_PORTABLE, BB_TRACE_DSWAP) && !bb_perm_target_allows(BB_PERM_BMI2, BB_TRACE_BSHUF) &&
              bb_perm_target_allows(BB_PERM_GFNI, BB_TRACE_PDEP) && !bb_perm_target_allows(BB_PERM_GFNI, BB_TRACE_BITGATHER),
          "op sets nest");
    bb_perm_target t;
    CHECK(bb_perm_target_from_name("AVX512", &t) == 0 && t == BB_PERM_AVX512 && bb_perm_target_from_name("sse", &t) == -1,
          "target names");
}

/* ---- compiling ------------------------------------------------------------- */

/* Compiles m for t: proved, computes m, cost no more than the Benes
 * network's and each of the given library programs'. */
static double compile_checked(const bb_perm_map *m, int t, const char *what, int against_benes)
{
    bb_trace_program *p;
    bb_perm_report r;
    int rc = bb_perm_compile(m, (bb_perm_target)t, &p, &r);
    CHECK(rc == 0, "%s on %s: %s", what, tname(t), r.msg);
    if (rc) return -1;
    CHECK(r.proof.method != 0 && strstr(r.proof.msg, "proven"), "%s on %s: %s", what, tname(t), r.proof.msg);
    CHECK(computes(p, m), "%s on %s: the program does not compute the map", what, tname(t));
    CHECK(r.swaps <= 11, "%s: %d swaps", what, r.swaps);
    CHECK(r.rejected == 0, "%s on %s: %d cheaper candidates were wrong", what, tname(t), r.rejected);
    bb_trace_proof pr;
    CHECK(bb_perm_prove(p, m, &pr) == 0, "%s on %s: %s", what, tname(t), pr.msg);
    bb_trace_program *q;
    bb_perm_report rb;
    /* the Benes network is the same program on portable, bmi2, gfni and avx512 */
    if (!against_benes || (t != BB_PERM_PORTABLE && t != BB_PERM_ARRAY)) {
        bb_trace_free(p);
        return r.cost.cost;
    }
    if (bb_perm_compile_using(m, (bb_perm_target)t, "benes", &q, &rb) == 0) {
        CHECK(r.cost.cost <= rb.cost.cost + 1e-9, "%s on %s: %.2f > benes %.2f", what, tname(t), r.cost.cost,
              rb.cost.cost);
        CHECK(computes(q, m), "%s: the Benes network does not compute the map", what);
        int swaps = 0;
        for (int i = 0; i < bb_trace_step_count(q); i++) swaps += bb_trace_get_step(q, i)->op == BB_TRACE_DSWAP;
        if (t == BB_PERM_ARRAY) CHECK(swaps == rb.swaps && swaps <= 11, "%s: %d dswap steps", what, swaps);
        bb_trace_free(q);
    } else {
        CHECK(0, "%s: no Benes network: %s", what, rb.msg);
    }
    bb_trace_free(p);
    return r.cost.cost;
}

static void compile_named(void)
{
    int count = bb_perm_named_count();
    char name[48];
    for (int i = 0; i < count; i++) {
        bb_perm_named_name(i, name, sizeof name);
        /* line gathers: one square in 23 (every square in make perm-stats and the soak) */
        if (strncmp(name, "line_", 5) == 0 || strncmp(name, "deposit_", 8) == 0) {
            size_t n = strlen(name);
            int sq = (name[n - 2] - 'a') + 8 * (name[n - 1] - '1');
            if ((sq * 5 + i) % 23) continue;
        }
        if (!bbt_mine(i)) continue;
        bb_perm_map m;
        bb_perm_named(name, &m);
        const char *forms[4];
        int nf = bb_perm_named_forms(name, forms, 4);
        const char *u = strrchr(name, '_');
        int sq = u ? bb_parse_square(u + 1) : -1;
        for (int t = 0; t < BB_PERM_TARGET_COUNT; t++) {
            double cost = compile_checked(&m, t, name, 0);
            if (cost < 0) continue;
            /* no costlier than any of the library's own programs for it */
            for (int j = 0; j < nf; j++) {
                const bb_trace_form *f = bb_trace_find(forms[j]);
                CHECK(f != NULL, "%s: form %s", name, forms[j]);
                if (!f) continue;
                char text[8192];
                bb_trace_form_text(text, sizeof text, f, sq < 0 ? 0 : sq);
                bb_trace_program *lib = bb_trace_parse(text, NULL);
                bb_perm_cost c;
                if (lib && bb_perm_price(lib, (bb_perm_target)t, &c) == 0)
                    CHECK(cost <= c.cost + 1e-9, "%s on %s: %.2f, the library's %s %.2f", name, tname(t), cost,
                          f->name, c.cost);
                bb_trace_free(lib);
            }
        }
    }
}

/* The diagonal and the antidiagonal are mirror images (one swaps two index
 * bits, the other swaps one with the other's complement): the search finds
 * the same 12-cycle shift-and-mask form for both. */
static void compile_mirrors(void)
{
    static const char *const pairs[][2] = {{"flip_diagonal", "flip_antidiagonal"}};
    for (int k = 0; k < 1; k++)
        for (int t = BB_PERM_PORTABLE; t <= BB_PERM_BMI2; t++) {
            bb_perm_map a, b;
            bb_perm_named(pairs[k][0], &a);
            bb_perm_named(pairs[k][1], &b);
            double ca = compile_checked(&a, t, pairs[k][0], 0), cb = compile_checked(&b, t, pairs[k][1], 0);
            CHECK(ca == cb, "%s %.2f, %s %.2f on %s", pairs[k][0], ca, pairs[k][1], cb, tname(t));
        }
}

static void compile_random(void)
{
    for (int i = 0; i < 24; i++) {
        bb_perm_map m;
        char what[48];
        int kind = i % 4;
        if (kind == 0) random_perm(&m);
        else if (kind == 1) random_partial(&m, 8, 8 * (int)(rnd() % 8), 8); /* 8 squares into a byte */
        else if (kind == 2) random_partial(&m, 1 + (int)(rnd() % 40), 0, 64);
        else random_partial(&m, 8, 56, 8);
        if (!bbt_mine(i)) continue;
        snprintf(what, sizeof what, "random map %d (kind %d)", i, kind);
        for (int t = 0; t < BB_PERM_TARGET_COUNT; t++) compile_checked(&m, t, what, 1);
    }
}

/* Runs one strategy alone on m; it must apply and compute m. */
static void strategy_applies(const char *s, const bb_perm_map *m, bb_perm_target t, const char *what)
{
    bb_trace_program *p;
    bb_perm_report r;
    int rc = bb_perm_compile_using(m, t, s, &p, &r);
    CHECK(rc == 0, "%s on %s (%s): %s", s, tname(t), what, r.msg);
    if (rc) return;
    CHECK(strcmp(r.strategy, s) == 0, "%s: %s won", s, r.strategy);
    CHECK(r.rejected == 0, "%s (%s): %d wrong candidates", s, what, r.rejected);
    CHECK(computes(p, m), "%s (%s): wrong program", s, what);
    bb_trace_free(p);
}

static void each_strategy(void)
{
    bb_perm_map m;
    for (int i = 0; i < 12; i++) {
        if (!bbt_mine(i)) continue;
        /* search: a rotation; a delta swap with a random mask */
        int r = 1 + (int)(rnd() % 63);
        for (int s = 0; s < 64; s++) m.to[s] = (signed char)((s + r) & 63);
        strategy_applies("search", &m, BB_PERM_PORTABLE, "rotation");
        int n = 1 + (int)(rnd() % 32);
        uint64_t mask = rnd(), ok = 0;
        for (int s = 0; s < 64; s++) m.to[s] = (signed char)s;
        for (int s = 0; s + n < 64; s++)
            if ((mask >> s & 1) && !(ok >> s & 1) && !(ok >> (s + n) & 1)) {
                m.to[s] = (signed char)(s + n), m.to[s + n] = (signed char)s;
                ok |= 1ULL << s | 1ULL << (s + n);
            }
        strategy_applies("search", &m, BB_PERM_PORTABLE, "delta swap");
        /* search (gfni): bytes shuffled; a bit permutation inside every byte */
        int bp[8], ip[8];
        for (int k = 0; k < 8; k++) bp[k] = ip[k] = k;
        for (int k = 7; k > 0; k--) {
            int j = (int)(rnd() % (uint64_t)(k + 1)), t = bp[k];
            bp[k] = bp[j], bp[j] = t;
            j = (int)(rnd() % (uint64_t)(k + 1)), t = ip[k];
            ip[k] = ip[j], ip[j] = t;
        }
        for (int s = 0; s < 64; s++) m.to[s] = (signed char)(8 * bp[s >> 3] + (s & 7));
        strategy_applies("search", &m, BB_PERM_GFNI, "byte shuffle");
        for (int s = 0; s < 64; s++) m.to[s] = (signed char)((s & ~7) | ip[s & 7]);
        strategy_applies("search", &m, BB_PERM_GFNI, "bits within bytes");
        for (int s = 0; s < 64; s++) m.to[s] = (signed char)(8 * bp[s >> 3] + ip[s & 7]);
        strategy_applies("search", &m, BB_PERM_GFNI, "bytes and bits within bytes");
        {
            bb_trace_program *p;
            bb_perm_report r;
            CHECK(bb_perm_compile_using(&m, BB_PERM_GFNI, "search", &p, &r) == 0 && r.cost.steps <= 2,
                  "byte decomposition: %d steps", r.cost.steps);
            if (r.cost.steps) bb_trace_free(p);
        }
        /* search (gfni): the board as gf2p8affine's matrix: out 8b+i = in 8(7-i)+k_b */
        memset(m.to, BB_PERM_ANY, sizeof m.to);
        for (int b = 0; b < 8; b++)
            for (int k2 = 0; k2 < 8; k2++) m.to[8 * (7 - k2) + bp[b]] = (signed char)(8 * b + k2);
        strategy_applies("search", &m, BB_PERM_GFNI, "board as matrix");
        /* pext: a random increasing map; multiply: 8 squares into the top byte */
        random_partial(&m, 12, 0, 64);
        {
            int last = -1, src[12], k = 0;
            for (int s = 0; s < 64; s++)
                if (m.to[s] >= 0) src[k++] = s;
            memset(m.to, BB_PERM_ANY, sizeof m.to);
            for (int j = 0; j < k; j++) {
                last += 1 + (int)(rnd() % 3);
                m.to[src[j]] = (signed char)last;
            }
        }
        strategy_applies("pext", &m, BB_PERM_BMI2, "increasing");
        strategy_applies("search", &m, BB_PERM_BMI2, "increasing (one pext, one pdep)");
        memset(m.to, BB_PERM_ANY, sizeof m.to);
        int f = (int)(rnd() % 8);
        for (int k = 0; k < 8; k++) m.to[8 * k + f] = (signed char)(56 + k); /* a file into rank 8 */
        strategy_applies("multiply", &m, BB_PERM_PORTABLE, "a file");
        /* groups: bits moving by three amounts */
        for (int s = 0; s < 64; s++) m.to[s] = BB_PERM_ANY;
        for (int s = 0; s < 64; s++) {
            int d = (s + 8 * (int)(rnd() % 3)) & 63;
            int taken = 0;
            for (int q = 0; q < 64; q++) taken |= m.to[q] == d;
            if (!taken) m.to[s] = (signed char)d;
        }
        strategy_applies("groups", &m, BB_PERM_PORTABLE, "three amounts");
        /* barrel: every file turned by its own number of ranks */
        int turn[8];
        for (int k = 0; k < 8; k++) turn[k] = (int)(rnd() % 8);
        for (int s = 0; s < 64; s++) m.to[s] = (signed char)((s + 8 * turn[s & 7]) & 63);
        strategy_applies("barrel", &m, BB_PERM_PORTABLE, "files turned");
        /* benes and bitgather: any permutation */
        random_perm(&m);
        strategy_applies("benes", &m, BB_PERM_PORTABLE, "random");
        strategy_applies("benes", &m, BB_PERM_ARRAY, "random");
        strategy_applies("bitgather", &m, BB_PERM_AVX512, "random");
        strategy_applies("groups", &m, BB_PERM_PORTABLE, "random");
        strategy_applies("pext", &m, BB_PERM_BMI2, "random");
    }
    /* maps built against the shortcuts: a chain a1 -> b1 -> c1 (two moves by
     * one, not a swap), a 3-cycle, pairs that overlap */
    static const int chains[][4] = {{0, 1, 1, 2}, {0, 1, 1, 2}, {8, 16, 16, 24}, {5, 12, 12, 19}};
    for (int i = 0; i < 4; i++) {
        memset(m.to, BB_PERM_ANY, sizeof m.to);
        m.to[chains[i][0]] = (signed char)chains[i][1];
        m.to[chains[i][2]] = (signed char)chains[i][3];
        if (i == 1) m.to[2] = 0; /* closed into a 3-cycle */
        for (int t = 0; t < BB_PERM_TARGET_COUNT; t++) compile_checked(&m, t, "a chain of moves", 1);
    }
    /* the library: a named transform's own program */
    bb_perm_named("rotated45", &m);
    strategy_applies("library", &m, BB_PERM_PORTABLE, "rotated45");
    /* where a strategy does not apply it says so */
    random_perm(&m);
    bb_trace_program *p = NULL;
    bb_perm_report r;
    CHECK(bb_perm_compile_using(&m, BB_PERM_PORTABLE, "bitgather", &p, &r) == -1 && !p &&
              strstr(r.msg, "does not apply"), "%s", r.msg);
    CHECK(bb_perm_compile_using(&m, BB_PERM_PORTABLE, "magic", &p, &r) == -1 && strstr(r.msg, "no strategy"), "%s",
          r.msg);
    m.to[3] = m.to[4];
    CHECK(bb_perm_compile(&m, BB_PERM_PORTABLE, &p, &r) == -1 && strstr(r.msg, "already taken"), "%s", r.msg);
    CHECK(bb_perm_strategy_count() == 8 && strcmp(bb_perm_strategy_name(5), "benes") == 0 &&
              bb_perm_strategy_name(8) == NULL, "strategy names");
}

/* ---- programs in, C out ------------------------------------------------------ */

static void from_programs(void)
{
    bb_perm_map m, v;
    bb_parse_error e;
    bb_trace_program *p = bb_trace_parse("bswap", NULL);
    CHECK(bb_perm_from_program(p, &m, &e) == 0, "%s", e.msg);
    bb_perm_named("flip_vertical", &v);
    CHECK(memcmp(m.to, v.to, sizeof m.to) == 0, "bswap is flip_vertical");
    bb_trace_proof pr;
    CHECK(bb_perm_prove(p, &v, &pr) == 0, "%s", pr.msg);
    bb_perm_named("flip_horizontal", &v);
    CHECK(bb_perm_prove(p, &v, &pr) == 1 && pr.got != pr.want, "bswap is not flip_horizontal: %s", pr.msg);
    bb_trace_free(p);
    p = bb_trace_parse("x & 0x0101010101010101; * 0x0102040810204080; >> 56", NULL);
    CHECK(bb_perm_from_program(p, &m, &e) == 0, "%s", e.msg);
    CHECK(m.to[0] == 0 && m.to[8] == 1 && m.to[56] == 7 && m.to[1] == BB_PERM_ANY, "the file gather");
    bb_trace_free(p);
    static const char *const bad[] = {"not", "x + 1", "input a b; a ^ b", "x & 0xff; let t; >> 1 | t"};
    for (int i = 0; i < 4; i++) {
        p = bb_trace_parse(bad[i], NULL);
        CHECK(p && bb_perm_from_program(p, &m, &e) == -1, "'%s' has no map", bad[i]);
        bb_trace_free(p);
    }
}

static void emit_c(void)
{
    bb_perm_map m;
    bb_perm_named("flip_diagonal", &m);
    for (int t = 0; t < BB_PERM_TARGET_COUNT; t++) {
        bb_trace_program *p;
        bb_perm_report r;
        if (bb_perm_compile(&m, (bb_perm_target)t, &p, &r) != 0) continue;
        for (unsigned fl = 0; fl < 2; fl++) {
            size_t n = bb_perm_emit_c(NULL, 0, p, &m, (bb_perm_target)t, "flip_diag", fl);
            char *buf = malloc(n + 1);
            CHECK(buf && bb_perm_emit_c(buf, n + 1, p, &m, (bb_perm_target)t, "flip_diag", fl) == n && strlen(buf) == n,
                  "length");
            if (!buf) continue;
            CHECK(strstr(buf, "static inline uint64_t flip_diag(uint64_t x)") && strstr(buf, "Proved by bitboard's tracer: proven"),
                  "%s", buf);
            CHECK(!(fl || t == BB_PERM_PORTABLE) || !strstr(buf, "immintrin"), "portable C has no intrinsics");
            /* the program in the comment reads back to the same map */
            char *start = strstr(buf, "reads it back):\n"), *end = strstr(buf, " */\n");
            CHECK(start && end && end > start, "the program in the comment");
            if (start && end) {
                char text[16384] = {0};
                size_t k = 0;
                for (char *q = start + 16; q < end && k + 1 < sizeof text; q++) {
                    if (q[0] == ' ' && q[1] == '*' && (q == start + 16 || q[-1] == '\n')) q += 4;
                    text[k++] = *q;
                }
                bb_trace_program *back = bb_trace_parse(text, NULL);
                bb_trace_proof pr;
                CHECK(back && bb_perm_prove(back, &m, &pr) == 0, "comment program: %s", text);
                bb_trace_free(back);
            }
            free(buf);
        }
        /* program text reads back */
        size_t n = bb_perm_program_text(NULL, 0, p);
        char *text = malloc(n + 1);
        bb_perm_program_text(text, n + 1, p);
        bb_trace_program *back = bb_trace_parse(text, NULL);
        CHECK(back && bb_trace_step_count(back) == bb_trace_step_count(p), "program text: %s", text);
        bb_trace_free(back);
        free(text);
        bb_trace_free(p);
    }
}

int main(void)
{
    RUN(parse_maps);
    RUN(named_maps);
    RUN(cost_model);
    RUN(compile_named);
    RUN(compile_mirrors);
    RUN(compile_random);
    RUN(each_strategy);
    RUN(from_programs);
    RUN(emit_c);
    return bbt_finish("perm");
}
