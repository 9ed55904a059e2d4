/* Soak area canonical: every canonical form (bb_canonical, the pair, the
 * array forms dispatched and by name: portable, AVX2 GFNI, AVX-512 GFNI
 * where the CPU has them, the scalar portable and GFNI forms) against the
 * definition: the least of the 8 images by the per-square loop
 * (reference.h), ties to the lowest symmetry; for pairs the least (p, o)
 * with p deciding first.  The boards are built to tie: ORs of a board's
 * images under a random set of symmetries, pairs whose first board is
 * symmetric so the second decides, second boards that are images of the
 * first; arrays of random lengths (tails), in place and not, with and
 * without `used`, with a guard past the end. */
#include <string.h>

#include "bitboard.h"
#include "reference.h"
#include "soak_util.h"

soak_area_fn soak_area_canonical;

#define AREA "canonical"
#define MAXN 300

/* The least image of x and the lowest symmetry reaching it. */
static uint64_t least_image(uint64_t x, int *used)
{
    uint64_t best = ~(uint64_t)0;
    for (int s = 7; s >= 0; s--) { /* downwards, so ties end at the lowest s */
        uint64_t y = ref_sym_apply(x, (bb_sym)s);
        if (y <= best) best = y, *used = s;
    }
    return best;
}

static void least_pair(uint64_t *p, uint64_t *o, int *used)
{
    uint64_t bp = ~(uint64_t)0, bo = ~(uint64_t)0;
    for (int s = 7; s >= 0; s--) {
        uint64_t yp = ref_sym_apply(*p, (bb_sym)s), yo = ref_sym_apply(*o, (bb_sym)s);
        if (yp < bp || (yp == bp && yo <= bo)) bp = yp, bo = yo, *used = s;
    }
    *p = bp, *o = bo;
}

/* A board that ties under some symmetries: x ORed with its images. */
static uint64_t tying_board(soak_rng *r)
{
    uint64_t x = soak_board(r), y = x;
    unsigned set = (unsigned)soak_next(r);
    for (int s = 1; s < 8; s++)
        if (set >> s & 1) y |= ref_sym_apply(x, (bb_sym)s);
    return y;
}

static uint64_t first_board(soak_rng *r)
{
    switch (soak_below(r, 6)) {
    case 0: return soak_board(r);
    case 1: return (uint64_t)1 << soak_below(r, 64);
    case 2: return soak_below(r, 2) ? 0 : ~(uint64_t)0;
    default: return tying_board(r);
    }
}

static uint64_t second_board(soak_rng *r, uint64_t p)
{
    switch (soak_below(r, 5)) {
    case 0: return soak_board(r);
    case 1: return soak_board(r) & ~p;                                 /* disjoint, as in Othello */
    case 2: return ref_sym_apply(p, (bb_sym)soak_below(r, 8));         /* an image of the first */
    case 3: return tying_board(r) & ~p;
    default: return ref_sym_apply(p, (bb_sym)soak_below(r, 8)) ^ ((uint64_t)1 << soak_below(r, 64));
    }
}

typedef void array_fn(uint64_t *, const uint64_t *, size_t, unsigned char *);
typedef void pair_array_fn(uint64_t *, uint64_t *, size_t, unsigned char *);

static const struct {
    const char *name;
    array_fn *fn;
    pair_array_fn *pair;
    unsigned needs;
} arrays[] = {
    {"dispatched", bb_canonical_array, bb_canonical_pair_array, 0},
    {"portable", bb_canonical_array_portable, bb_canonical_pair_array_portable, 0},
    {"avx2_gfni", bb_canonical_array_avx2_gfni, bb_canonical_pair_array_avx2_gfni, BB_CPU_AVX2_GFNI},
    {"avx512_gfni", bb_canonical_array_avx512_gfni, bb_canonical_pair_array_avx512_gfni, BB_CPU_AVX512_GFNI},
};

typedef uint64_t scalar_fn(uint64_t, bb_sym *);
typedef void pair_fn(uint64_t *, uint64_t *, bb_sym *);
static uint64_t plain(uint64_t x, bb_sym *u) { return bb_canonical(x, u); }
static uint64_t portable(uint64_t x, bb_sym *u) { return bb_canonical_portable(x, u); }
static void plain_pair(uint64_t *p, uint64_t *o, bb_sym *u) { bb_canonical_pair(p, o, u); }
static void portable_pair(uint64_t *p, uint64_t *o, bb_sym *u) { bb_canonical_pair_portable(p, o, u); }
#if BB_HAVE_GFNI
static uint64_t gfni(uint64_t x, bb_sym *u) { return bb_canonical_gfni(x, u); }
static void gfni_pair(uint64_t *p, uint64_t *o, bb_sym *u) { bb_canonical_pair_gfni(p, o, u); }
#endif
static const struct {
    const char *name;
    scalar_fn *fn;
    pair_fn *pair;
} scalars[] = {
    {"bb_canonical", plain, plain_pair},
    {"portable", portable, portable_pair},
#if BB_HAVE_GFNI
    {"gfni", gfni, gfni_pair},
#endif
};

void soak_area_canonical(uint64_t seed, int64_t first, int64_t last, soak_stats *st)
{
    static uint64_t src[MAXN + 2], other[MAXN + 2], want[MAXN], want_p[MAXN], want_o[MAXN], a[MAXN + 2], b[MAXN + 2];
    static int want_used[MAXN], want_pair_used[MAXN];
    static unsigned char used[MAXN + 2];
    st->work_name = "boards";
    for (int64_t i = first; (last < 0 || i <= last) && soak_time_left(); i++) {
        soak_rng r = soak_rng_of(soak_case_seed(seed, i));
        size_t n = soak_below(&r, 4) ? (size_t)soak_below(&r, 40) : (size_t)soak_below(&r, MAXN + 1);
        for (size_t k = 0; k < n; k++) {
            src[k] = first_board(&r), other[k] = second_board(&r, src[k]);
            want[k] = least_image(src[k], &want_used[k]);
            want_p[k] = src[k], want_o[k] = other[k];
            least_pair(&want_p[k], &want_o[k], &want_pair_used[k]);
        }
        soak_note("%zu boards, the first 0x%016llx and 0x%016llx", n, n ? (unsigned long long)src[0] : 0ULL,
                  n ? (unsigned long long)other[0] : 0ULL);
        char why[240];
        const char *bad = NULL;
        /* the scalar forms, used and not */
        for (size_t f = 0; f < sizeof scalars / sizeof scalars[0] && !bad; f++)
            for (size_t k = 0; k < n && !bad; k++) {
                bb_sym u = (bb_sym)99, v = (bb_sym)99;
                uint64_t c = scalars[f].fn(src[k], &u), p = src[k], o = other[k], q = src[k], w = other[k];
                scalars[f].pair(&p, &o, &v);
                scalars[f].pair(&q, &w, NULL);
                if (c != want[k] || (int)u != want_used[k] || scalars[f].fn(src[k], NULL) != want[k])
                    snprintf(why, sizeof why, "%s(0x%016llx) = 0x%016llx by %d, want 0x%016llx by %d", scalars[f].name,
                             (unsigned long long)src[k], (unsigned long long)c, (int)u, (unsigned long long)want[k],
                             want_used[k]),
                        bad = why;
                else if (p != want_p[k] || o != want_o[k] || (int)v != want_pair_used[k] || q != p || w != o)
                    snprintf(why, sizeof why,
                             "%s pair (0x%016llx, 0x%016llx) = (0x%016llx, 0x%016llx) by %d, want (0x%016llx, "
                             "0x%016llx) by %d",
                             scalars[f].name, (unsigned long long)src[k], (unsigned long long)other[k],
                             (unsigned long long)p, (unsigned long long)o, (int)v, (unsigned long long)want_p[k],
                             (unsigned long long)want_o[k], want_pair_used[k]),
                        bad = why;
            }
        /* the array forms: a random offset, a guard past the end */
        for (size_t f = 0; f < sizeof arrays / sizeof arrays[0] && !bad; f++) {
            if (arrays[f].needs && !bb_cpu_has(arrays[f].needs)) continue;
            size_t off = (size_t)soak_below(&r, 2);
            int in_place = soak_below(&r, 2), track = soak_below(&r, 4) != 0;
            memcpy(a + off, src, n * sizeof *a);
            a[off + n] = b[off + n] = 0x5A5A5A5A5A5A5A5AULL;
            memset(used, 0xEE, sizeof used);
            uint64_t *dst = in_place ? a + off : b + off;
            arrays[f].fn(dst, a + off, n, track ? used + off : NULL);
            for (size_t k = 0; k < n && !bad; k++)
                if (dst[k] != want[k] || (track && used[off + k] != want_used[k]))
                    snprintf(why, sizeof why, "canonical_array %s (n %zu, %s): [%zu] = 0x%016llx by %d, want 0x%016llx by %d",
                             arrays[f].name, n, in_place ? "in place" : "apart", k, (unsigned long long)dst[k],
                             track ? used[off + k] : -1, (unsigned long long)want[k], want_used[k]),
                        bad = why;
            if (!bad && (dst[n] != 0x5A5A5A5A5A5A5A5AULL || used[off + n] != 0xEE))
                snprintf(why, sizeof why, "canonical_array %s (n %zu) wrote past the end", arrays[f].name, n), bad = why;
            if (bad) break;
            memcpy(a + off, src, n * sizeof *a);
            memcpy(b + off, other, n * sizeof *b);
            memset(used, 0xEE, sizeof used);
            arrays[f].pair(a + off, b + off, n, track ? used + off : NULL);
            for (size_t k = 0; k < n && !bad; k++)
                if (a[off + k] != want_p[k] || b[off + k] != want_o[k] || (track && used[off + k] != want_pair_used[k]))
                    snprintf(why, sizeof why,
                             "canonical_pair_array %s (n %zu): [%zu] (0x%016llx, 0x%016llx) = (0x%016llx, 0x%016llx) "
                             "by %d, want (0x%016llx, 0x%016llx) by %d",
                             arrays[f].name, n, k, (unsigned long long)src[k], (unsigned long long)other[k],
                             (unsigned long long)a[off + k], (unsigned long long)b[off + k], track ? used[off + k] : -1,
                             (unsigned long long)want_p[k], (unsigned long long)want_o[k], want_pair_used[k]),
                        bad = why;
            if (!bad && (a[off + n] != 0x5A5A5A5A5A5A5A5AULL || b[off + n] != 0x5A5A5A5A5A5A5A5AULL ||
                         used[off + n] != 0xEE))
                snprintf(why, sizeof why, "canonical_pair_array %s (n %zu) wrote past the end", arrays[f].name, n),
                    bad = why;
        }
        st->work += n;
        st->cases++;
        if (bad) {
            st->failures++;
            soak_report_failure(AREA, seed, i, "%s", bad);
        }
    }
}
