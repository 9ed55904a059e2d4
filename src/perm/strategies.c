/* The permutation compiler's one-pass strategies: each builds its program
 * straight from the map (groups, barrel, pext chains, multiplication
 * gathers, bitgather, the library's own programs).  compile.h says what
 * they share. */
#include <stdlib.h>
#include <string.h>

#include "compile.h"

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

void bb__perm_groups(ctx *x, const rmap *r)
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
    bb__perm_consider(x, &b, "groups");
}

/* ---- barrel: classes of squares turned by their own amounts -------------- */

void bb__perm_barrel(ctx *x, const rmap *r)
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
        bb__perm_consider(x, &b, "barrel");
    }
}

/* ---- pext chains --------------------------------------------------------- */

void bb__perm_pext(ctx *x, const rmap *r)
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
            bb__perm_pext_pdep(&one, &b);
        }
        if (n > 1) accumulate(&b, &a);
    }
    if (n > 1) combine(&b, a.count < 4 ? a.count : 4);
    bb__perm_consider(x, &b, "pext");
}

/* ---- multiplication gathers ---------------------------------------------- */

void bb__perm_multiply(ctx *x, const rmap *r)
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
        bb__perm_consider(x, &b, "multiply");
        return;
    }
}

/* ---- bitgather and the library's own programs ---------------------------- */

void bb__perm_bitgather(ctx *x, const rmap *r)
{
    if (!bb_perm_target_allows(x->t, BB_TRACE_BITGATHER)) return;
    unsigned char idx[64];
    for (int i = 0; i < 64; i++) idx[i] = (unsigned char)i;
    for (int p = 0; p < 64; p++)
        if (r->to[p] >= 0) idx[r->to[p]] = (unsigned char)p;
    pb b;
    pb_init(&b);
    if (!b.bad && bb_trace_add_gather(b.p, idx, NULL) != 0) b.bad = 1;
    bb__perm_consider(x, &b, "bitgather");
}

void bb__perm_library(ctx *x)
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
            bb__perm_consider(x, &b, "library");
        }
    }
}
