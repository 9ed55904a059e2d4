/* Soak area sym: the 8 symmetries in every form (the named transforms,
 * their portable and GFNI bodies, bb_sym_apply, bb_sym_square, the array
 * forms dispatched and by name, the vector array walks with and without
 * pages) against the per-square loop of reference.h; composition and
 * inverse against the square maps; the square mappings (LERF, BERF, ...)
 * against their index formulas.  Arrays of random lengths up to several
 * pages, in place and not, with a guard past the end. */
#include <stdlib.h>
#include <string.h>

#include "bitboard.h"
#include "reference.h"
#include "soak_util.h"
#include "sym_forms.h"

soak_area_fn soak_area_sym;

#define AREA "sym"
#define MAXN 5000
/* 16 MiB of boards and more: the vector forms' paged walk (src/sym/sym_array.c,
 * BB__BIG_BYTES), with its aligning prefix; one case in 1000 */
#define BIG (((size_t)16 << 20) / 8)
#define ROOM (BIG + MAXN + 16)

typedef uint64_t transform_fn(uint64_t);
static const struct {
    const char *name;
    transform_fn *fn;
    bb_sym s;
} transforms[] = {
#define FORM(name, sym, fn) {name, fn, sym},
    SYM_FORMS(FORM)
#undef FORM
};

static void paged_avx2(uint64_t *d, const uint64_t *s, size_t n, bb_sym y) { bb__sym_apply_array_paged_avx2_gfni(d, s, n, y, 1); }
static void flat_avx2(uint64_t *d, const uint64_t *s, size_t n, bb_sym y) { bb__sym_apply_array_paged_avx2_gfni(d, s, n, y, 0); }
static void paged_avx512(uint64_t *d, const uint64_t *s, size_t n, bb_sym y) { bb__sym_apply_array_paged_avx512_gfni(d, s, n, y, 1); }
static void flat_avx512(uint64_t *d, const uint64_t *s, size_t n, bb_sym y) { bb__sym_apply_array_paged_avx512_gfni(d, s, n, y, 0); }

typedef void array_fn(uint64_t *, const uint64_t *, size_t, bb_sym);
static const struct {
    const char *name;
    array_fn *fn;
    unsigned needs;
} arrays[] = {
    {"bb_sym_apply_array", bb_sym_apply_array, 0},
    {"portable", bb_sym_apply_array_portable, 0},
    {"avx2_gfni", bb_sym_apply_array_avx2_gfni, BB_CPU_AVX2_GFNI},
    {"avx512_gfni", bb_sym_apply_array_avx512_gfni, BB_CPU_AVX512_GFNI},
    {"avx2_gfni paged", paged_avx2, BB_CPU_AVX2_GFNI},
    {"avx2_gfni flat", flat_avx2, BB_CPU_AVX2_GFNI},
    {"avx512_gfni paged", paged_avx512, BB_CPU_AVX512_GFNI},
    {"avx512_gfni flat", flat_avx512, BB_CPU_AVX512_GFNI},
};

/* The index of square (f, r) in mapping m, from the table in mapping.h. */
static int mapped(int f, int r, int m)
{
    int rr = (m == 2 || m == 3) ? 7 - r : r, ff = (m == 1 || m == 3) ? 7 - f : f; /* rank-file ones */
    switch (m) {
    case 4: return 8 * f + r;
    case 5: return 8 * f + (7 - r);
    case 6: return 8 * (7 - f) + r;
    case 7: return 8 * (7 - f) + (7 - r);
    default: return 8 * rr + ff;
    }
}

/* Index sq of mapping `from`, as an index of mapping `to`. */
static int remap(int sq, int from, int to)
{
    for (int f = 0; f < 8; f++)
        for (int r = 0; r < 8; r++)
            if (mapped(f, r, from) == sq) return mapped(f, r, to);
    return -1;
}

void soak_area_sym(uint64_t seed, int64_t first, int64_t last, soak_stats *st)
{
    static uint64_t *orig, *src_at, *want, *dst_at;
    if (!orig) {
        orig = malloc(ROOM * sizeof *orig), want = malloc(ROOM * sizeof *want);
        src_at = malloc(ROOM * sizeof *src_at), dst_at = malloc(ROOM * sizeof *dst_at);
        if (!orig || !want || !src_at || !dst_at) abort();
    }
    st->work_name = "boards";
    for (int64_t i = first; (last < 0 || i <= last) && soak_time_left(); i++) {
        soak_rng r = soak_rng_of(soak_case_seed(seed, i));
        char why[240];
        const char *bad = NULL;
        /* single boards: every form */
        for (int k = 0; k < 64 && !bad; k++) {
            uint64_t x = soak_board(&r);
            for (size_t t = 0; t < sizeof transforms / sizeof transforms[0] && !bad; t++) {
                uint64_t got = transforms[t].fn(x), w = ref_sym_apply(x, transforms[t].s);
                if (got != w)
                    snprintf(why, sizeof why, "%s(0x%016llx) = 0x%016llx, want 0x%016llx", transforms[t].name,
                             (unsigned long long)x, (unsigned long long)got, (unsigned long long)w),
                        bad = why;
            }
            for (int s = 0; s < 8 && !bad; s++) {
                uint64_t got = bb_sym_apply(x, (bb_sym)s), w = ref_sym_apply(x, (bb_sym)s);
                if (got != w)
                    snprintf(why, sizeof why, "bb_sym_apply(0x%016llx, %s) = 0x%016llx, want 0x%016llx",
                             (unsigned long long)x, bb_sym_name((bb_sym)s), (unsigned long long)got,
                             (unsigned long long)w),
                        bad = why;
            }
            st->work++;
        }
        /* squares, composition, inverse */
        for (int s = 0; s < 8 && !bad; s++) {
            int t = soak_below(&r, 8), c = (int)bb_sym_compose((bb_sym)s, (bb_sym)t), inv = (int)bb_sym_inverse((bb_sym)s);
            for (int sq = 0; sq < 64 && !bad; sq++) {
                int to = ref_sym_square(sq, (bb_sym)s);
                if (bb_sym_square(sq, (bb_sym)s) != to)
                    snprintf(why, sizeof why, "bb_sym_square(%d, %s) = %d, want %d", sq, bb_sym_name((bb_sym)s),
                             bb_sym_square(sq, (bb_sym)s), to),
                        bad = why;
                else if (ref_sym_square(to, (bb_sym)t) != ref_sym_square(sq, (bb_sym)c))
                    snprintf(why, sizeof why, "bb_sym_compose(%s, %s) = %s moves square %d elsewhere",
                             bb_sym_name((bb_sym)s), bb_sym_name((bb_sym)t), bb_sym_name((bb_sym)c), sq),
                        bad = why;
                else if (ref_sym_square(to, (bb_sym)inv) != sq)
                    snprintf(why, sizeof why, "bb_sym_inverse(%s) = %s does not take square %d back",
                             bb_sym_name((bb_sym)s), bb_sym_name((bb_sym)inv), sq),
                        bad = why;
            }
        }
        /* the square mappings */
        for (int k = 0; k < 4 && !bad; k++) {
            int from = soak_below(&r, 8), to = soak_below(&r, 8);
            uint64_t x = soak_board(&r), w = 0;
            for (int sq = 0; sq < 64; sq++)
                if (x >> sq & 1) w |= (uint64_t)1 << remap(sq, from, to);
            uint64_t got = bb_mapping_convert(x, (bb_mapping)from, (bb_mapping)to);
            int sq = soak_below(&r, 64), gs = bb_mapping_square(sq, (bb_mapping)from, (bb_mapping)to);
            if (got != w)
                snprintf(why, sizeof why, "bb_mapping_convert(0x%016llx, %s, %s) = 0x%016llx, want 0x%016llx",
                         (unsigned long long)x, bb_mapping_name((bb_mapping)from), bb_mapping_name((bb_mapping)to),
                         (unsigned long long)got, (unsigned long long)w),
                    bad = why;
            else if (gs != remap(sq, from, to))
                snprintf(why, sizeof why, "bb_mapping_square(%d, %s, %s) = %d, want %d", sq,
                         bb_mapping_name((bb_mapping)from), bb_mapping_name((bb_mapping)to), gs, remap(sq, from, to)),
                    bad = why;
        }
        /* arrays: one symmetry, a random length (now and then the paged walk),
         * the input and output at random offsets (alignment) */
        bb_sym s = (bb_sym)soak_below(&r, 8);
        size_t n = soak_below(&r, 1000) == 0 ? BIG + (size_t)soak_below(&r, MAXN)
                   : soak_below(&r, 8)      ? (size_t)soak_below(&r, 70)
                                            : (size_t)soak_below(&r, MAXN + 1);
        uint64_t *src = src_at + soak_below(&r, 8), *dst = dst_at + soak_below(&r, 8);
        for (size_t k = 0; k < n; k++) orig[k] = soak_board(&r), want[k] = ref_sym_apply(orig[k], s);
        soak_note("arrays of %zu boards under %s", n, bb_sym_name(s));
        for (size_t f = 0; f < sizeof arrays / sizeof arrays[0] && !bad; f++) {
            if (arrays[f].needs && !bb_cpu_has(arrays[f].needs)) continue;
            int in_place = soak_below(&r, 2);
            memcpy(src, orig, n * sizeof *src);
            uint64_t *out = in_place ? src : dst;
            out[n] = 0x5A5A5A5A5A5A5A5AULL;
            arrays[f].fn(out, src, n, s);
            for (size_t k = 0; k < n && !bad; k++)
                if (out[k] != want[k])
                    snprintf(why, sizeof why, "%s (n %zu, %s, %s, output at 0x%llx): [%zu] = 0x%016llx, want 0x%016llx",
                             arrays[f].name, n, bb_sym_name(s), in_place ? "in place" : "apart",
                             (unsigned long long)(uintptr_t)out, k, (unsigned long long)out[k],
                             (unsigned long long)want[k]),
                        bad = why;
            if (!bad && out[n] != 0x5A5A5A5A5A5A5A5AULL)
                snprintf(why, sizeof why, "%s (n %zu) wrote past the end", arrays[f].name, n), bad = why;
            st->work += n;
        }
        st->cases++;
        if (bad) {
            st->failures++;
            soak_report_failure(AREA, seed, i, "%s", bad);
        }
    }
}
