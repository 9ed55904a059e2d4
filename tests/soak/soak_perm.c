/* Soak area perm: the permutation compiler on random maps of every kind
 * (full permutations, k squares anywhere, 8 squares into a byte, files
 * turned, bytes shuffled, index-affine maps, the named transforms at every
 * square), each target, and one strategy alone at random.  Every program it
 * returns must be the tracer's proven one (bb_perm_compile proves), and
 * here it must also compute the map on random inputs against a bit loop,
 * read back from its text, and give back the map through
 * bb_perm_from_program. */
#include <stdlib.h>
#include <string.h>

#include "bitboard.h"
#include "soak_util.h"

soak_area_fn soak_area_perm;

#define AREA "perm"

static void shuffle(soak_rng *r, int *a, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = soak_below(r, i + 1), t = a[i];
        a[i] = a[j], a[j] = t;
    }
}

/* A random map of kind k (0..7); its description in what. */
static void make_map(soak_rng *r, int kind, bb_perm_map *m, char *what, size_t size)
{
    int p[64];
    for (int i = 0; i < 64; i++) p[i] = i;
    memset(m->to, BB_PERM_ANY, sizeof m->to);
    switch (kind) {
    case 0:
        shuffle(r, p, 64);
        for (int s = 0; s < 64; s++) m->to[s] = (signed char)p[s];
        snprintf(what, size, "a random permutation");
        break;
    case 1: {
        int k = 1 + soak_below(r, 63), q[64];
        for (int i = 0; i < 64; i++) q[i] = i;
        shuffle(r, p, 64);
        shuffle(r, q, 64);
        for (int i = 0; i < k; i++) m->to[p[i]] = (signed char)q[i];
        snprintf(what, size, "%d random squares to random places", k);
        break;
    }
    case 2: {
        int b = soak_below(r, 8), q[8] = {0, 1, 2, 3, 4, 5, 6, 7};
        shuffle(r, p, 64);
        shuffle(r, q, 8);
        for (int i = 0; i < 8; i++) m->to[p[i]] = (signed char)(8 * b + q[i]);
        snprintf(what, size, "8 random squares into byte %d", b);
        break;
    }
    case 3: {
        int u = 1 << soak_below(r, 6), t[64];
        for (int c = 0; c < u; c++) t[c] = soak_below(r, 64 / u);
        for (int s = 0; s < 64; s++) m->to[s] = (signed char)((s + u * t[s % u]) & 63);
        snprintf(what, size, "classes mod %d turned", u);
        break;
    }
    case 4: {
        int b[8] = {0, 1, 2, 3, 4, 5, 6, 7}, w[8] = {0, 1, 2, 3, 4, 5, 6, 7};
        shuffle(r, b, 8);
        shuffle(r, w, 8);
        for (int s = 0; s < 64; s++) m->to[s] = (signed char)(8 * b[s >> 3] + w[s & 7]);
        snprintf(what, size, "bytes shuffled, bits within bytes shuffled");
        break;
    }
    case 5: {
        /* an invertible 6x6 matrix over GF(2) and a constant: d = A s ^ c */
        int col[6], ok = 0;
        while (!ok) {
            for (int i = 0; i < 6; i++) col[i] = soak_below(r, 64);
            uint64_t seen = 1; /* bit v: value v is in the span so far */
            ok = 1;
            for (int i = 0; i < 6 && ok; i++) {
                if (seen >> col[i] & 1) ok = 0;
                uint64_t more = seen;
                for (int v = 0; v < 64; v++)
                    if (seen >> v & 1) more |= 1ULL << (v ^ col[i]);
                seen = more;
            }
        }
        int c = soak_below(r, 64);
        for (int s = 0; s < 64; s++) {
            int d = c;
            for (int i = 0; i < 6; i++)
                if (s >> i & 1) d ^= col[i];
            m->to[s] = (signed char)d;
        }
        snprintf(what, size, "index-affine");
        break;
    }
    case 6: {
        /* squares moving by one amount n: chains (a -> a+n -> a+2n) against the swap shortcut */
        int n = 1 + soak_below(r, 32), k = 1 + soak_below(r, 24);
        uint64_t taken = 0;
        for (int j = 0; j < k; j++) {
            int s = soak_below(r, 64), d = soak_below(r, 2) ? s + n : s - n;
            if (d < 0 || d > 63 || m->to[s] >= 0 || (taken >> d & 1)) continue;
            m->to[s] = (signed char)d;
            taken |= 1ULL << d;
        }
        snprintf(what, size, "squares moving by %d", n);
        break;
    }
    default: {
        int n = bb_perm_named_count(), i = soak_below(r, n);
        char name[48];
        bb_perm_named_name(i, name, sizeof name);
        bb_perm_named(name, m);
        snprintf(what, size, "the named %s", name);
        break;
    }
    }
}

static uint64_t reference(const bb_perm_map *m, uint64_t x, uint64_t *care)
{
    uint64_t y = 0;
    *care = 0;
    for (int s = 0; s < 64; s++)
        if (m->to[s] >= 0) {
            *care |= 1ULL << m->to[s];
            if (x >> s & 1) y |= 1ULL << m->to[s];
        }
    return y;
}

/* NULL if p computes m, else why (in why). */
static const char *check(const bb_trace_program *p, const bb_perm_map *m, soak_rng *r, char *why, size_t size)
{
    for (int k = 0; k < 256; k++) {
        uint64_t x = soak_board(r), care, want = reference(m, x, &care);
        uint64_t in[BB_TRACE_MAX_VARS] = {x};
        uint64_t got = bb_trace_eval(p, in) & care;
        if (got != want) {
            snprintf(why, size, "input 0x%016llx: 0x%016llx on the named outputs, want 0x%016llx", (unsigned long long)x,
                     (unsigned long long)got, (unsigned long long)want);
            return why;
        }
    }
    size_t n = bb_perm_program_text(NULL, 0, p);
    char *text = malloc(n + 1);
    if (!text) return NULL;
    bb_perm_program_text(text, n + 1, p);
    bb_trace_program *back = bb_trace_parse(text, NULL);
    free(text);
    bb_perm_map got;
    const char *bad = NULL;
    if (!back) {
        snprintf(why, size, "its text does not read back");
        bad = why;
    } else if (bb_perm_from_program(back, &got, NULL) == 0) {
        for (int s = 0; s < 64 && !bad; s++)
            if (m->to[s] >= 0 && got.to[s] != m->to[s]) {
                snprintf(why, size, "read back, square %d goes to %d, want %d", s, got.to[s], m->to[s]);
                bad = why;
            }
    }
    bb_trace_free(back);
    return bad;
}

void soak_area_perm(uint64_t seed, int64_t first, int64_t last, soak_stats *st)
{
    st->work_name = "programs";
    for (int64_t i = first; (last < 0 || i <= last) && soak_time_left(); i++) {
        soak_rng r = soak_rng_of(soak_case_seed(seed, i));
        bb_perm_map m;
        char what[64], why[480];
        int kind = soak_below(&r, 8);
        make_map(&r, kind, &m, what, sizeof what);
        bb_perm_target t = (bb_perm_target)soak_below(&r, BB_PERM_TARGET_COUNT);
        const char *alone = bb_perm_strategy_name(soak_below(&r, bb_perm_strategy_count()));
        soak_note("%s, target %s, then %s alone", what, bb_perm_target_name(t), alone);
        st->cases++;
        const char *bad = NULL;
        for (int pass = 0; pass < 2 && !bad; pass++) {
            bb_trace_program *p;
            bb_perm_report rep;
            int rc = bb_perm_compile_using(&m, t, pass ? alone : NULL, &p, &rep);
            if (rc != 0) {
                if (pass) continue; /* a strategy that does not apply says so */
                snprintf(why, sizeof why, "%s: %s", what, rep.msg);
                bad = why;
                break;
            }
            st->work++;
            char inner[160];
            const char *e = check(p, &m, &r, inner, sizeof inner);
            if (!e && (rep.swaps > 11 || !strstr(rep.proof.msg, "proven") || rep.rejected))
                e = rep.swaps > 11 ? "more than 11 swaps" : rep.rejected ? "a cheaper candidate was wrong" : "not proven";
            if (e) {
                snprintf(why, sizeof why, "%s on %s (%s): %s", what, bb_perm_target_name(t), rep.strategy, e);
                bad = why;
            }
            bb_trace_free(p);
        }
        if (bad) {
            st->failures++;
            soak_report_failure(AREA, seed, i, "%s", bad);
        }
    }
}
