/* Canonical forms: every scalar and array implementation against the naive
 * definition (all 8 images by the per-square loop, the least, ties to the
 * lowest symmetry), on single squares, random boards, boards with every
 * kind of self-symmetry (the ties), and pairs whose first board ties. */
#include <stdlib.h>
#include <string.h>

#include "bitboard.h"
#include "harness.h"
#include "reference.h"

static uint64_t ref_canonical(uint64_t x, bb_sym *used)
{
    int best = 0;
    uint64_t b = x;
    for (int s = 1; s < 8; s++) {
        uint64_t y = ref_sym_apply(x, (bb_sym)s);
        if (y < b) b = y, best = s;
    }
    *used = (bb_sym)best;
    return b;
}
static void ref_canonical_pair(uint64_t *p, uint64_t *o, bb_sym *used)
{
    int best = 0;
    uint64_t bp = *p, bo = *o;
    for (int s = 1; s < 8; s++) {
        uint64_t yp = ref_sym_apply(*p, (bb_sym)s), yo = ref_sym_apply(*o, (bb_sym)s);
        if (yp < bp || (yp == bp && yo < bo)) bp = yp, bo = yo, best = s;
    }
    *p = bp, *o = bo, *used = (bb_sym)best;
}

/* The test boards: every single square, boards symmetric under each
 * subgroup (the OR of a board's images under it: ties), random boards of
 * mixed density, and the extremes. */
#define N_SYMMETRIC 4000
#define N_BOARDS (64 + 2 + N_SYMMETRIC + 20000)
static uint64_t boards[N_BOARDS];

static void make_boards(void)
{
    uint64_t st = 7;
    int k = 0;
    for (int sq = 0; sq < 64; sq++) boards[k++] = (uint64_t)1 << sq;
    boards[k++] = 0;
    boards[k++] = ~(uint64_t)0;
    for (int i = 0; i < N_SYMMETRIC; i++) {
        /* OR over the orbit of a random subset of symmetries (a subgroup's orbit
         * when closed; any other set still makes frequent ties). */
        uint64_t x = bbt_board(&st), y = x;
        unsigned set = (unsigned)bbt_next(&st) & 0xFF;
        for (int s = 1; s < 8; s++)
            if (set >> s & 1) y |= ref_sym_apply(x, (bb_sym)s);
        boards[k++] = y;
    }
    while (k < N_BOARDS) boards[k++] = bbt_board(&st);
}

typedef uint64_t (*canon_fn)(uint64_t, bb_sym *);
typedef void (*pair_fn)(uint64_t *, uint64_t *, bb_sym *);
typedef void (*array_fn)(uint64_t *, const uint64_t *, size_t, unsigned char *);
typedef void (*pair_array_fn)(uint64_t *, uint64_t *, size_t, unsigned char *);

static const struct { const char *name; canon_fn fn; } scalars[] = {
    {"bb_canonical", bb_canonical},
    {"bb_canonical_portable", bb_canonical_portable},
#if BB_HAVE_GFNI
    {"bb_canonical_gfni", bb_canonical_gfni},
#endif
};
static const struct { const char *name; pair_fn fn; } pairs[] = {
    {"bb_canonical_pair", bb_canonical_pair},
    {"bb_canonical_pair_portable", bb_canonical_pair_portable},
#if BB_HAVE_GFNI
    {"bb_canonical_pair_gfni", bb_canonical_pair_gfni},
#endif
};
/* Array forms with the CPU features each needs. */
static const struct { const char *name; array_fn fn; unsigned needs; } arrays[] = {
    {"bb_canonical_array", bb_canonical_array, 0},
    {"bb_canonical_array_portable", bb_canonical_array_portable, 0},
    {"bb_canonical_array_avx2_gfni", bb_canonical_array_avx2_gfni, BB_CPU_AVX2_GFNI},
    {"bb_canonical_array_avx512_gfni", bb_canonical_array_avx512_gfni, BB_CPU_AVX512_GFNI},
};
static const struct { const char *name; pair_array_fn fn; unsigned needs; } pair_arrays[] = {
    {"bb_canonical_pair_array", bb_canonical_pair_array, 0},
    {"bb_canonical_pair_array_portable", bb_canonical_pair_array_portable, 0},
    {"bb_canonical_pair_array_avx2_gfni", bb_canonical_pair_array_avx2_gfni, BB_CPU_AVX2_GFNI},
    {"bb_canonical_pair_array_avx512_gfni", bb_canonical_pair_array_avx512_gfni, BB_CPU_AVX512_GFNI},
};
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static uint64_t want[N_BOARDS];
static unsigned char want_used[N_BOARDS];
/* The second board of each pair: often a function of the first, so that the
 * first ties and the second decides. */
static uint64_t other[N_BOARDS], want_p[N_BOARDS], want_o[N_BOARDS];
static unsigned char want_pair_used[N_BOARDS];

static void make_wants(void)
{
    uint64_t st = 99;
    for (int i = 0; i < N_BOARDS; i++) {
        bb_sym u;
        want[i] = ref_canonical(boards[i], &u);
        want_used[i] = (unsigned char)u;
        switch (i % 4) {
        case 0: other[i] = bbt_board(&st); break;
        case 1: other[i] = boards[i] ^ ~(uint64_t)0; break;        /* symmetric as the first */
        case 2: other[i] = bbt_board(&st) & ~boards[i]; break;      /* disjoint, as in Othello */
        default: other[i] = boards[(i * 7) % N_BOARDS]; break;
        }
        want_p[i] = boards[i], want_o[i] = other[i];
        ref_canonical_pair(&want_p[i], &want_o[i], &u);
        want_pair_used[i] = (unsigned char)u;
    }
}

static void scalar_forms(void)
{
    for (size_t f = 0; f < COUNT(scalars); f++)
        for (int i = 0; i < N_BOARDS; i++) {
            bb_sym u = (bb_sym)99;
            uint64_t c = scalars[f].fn(boards[i], &u);
            CHECK_EQ64(c, want[i], "%s(0x%016llx)", scalars[f].name, (unsigned long long)boards[i]);
            CHECK(u == (bb_sym)want_used[i], "%s(0x%016llx): used %d, want %d", scalars[f].name,
                  (unsigned long long)boards[i], (int)u, want_used[i]);
            CHECK_EQ64(scalars[f].fn(boards[i], NULL), want[i], "%s(NULL used)", scalars[f].name);
        }
}

static void scalar_pairs(void)
{
    for (size_t f = 0; f < COUNT(pairs); f++)
        for (int i = 0; i < N_BOARDS; i++) {
            uint64_t p = boards[i], o = other[i];
            bb_sym u = (bb_sym)99;
            pairs[f].fn(&p, &o, &u);
            CHECK(p == want_p[i] && o == want_o[i] && u == (bb_sym)want_pair_used[i],
                  "%s(0x%016llx, 0x%016llx): got (0x%016llx, 0x%016llx, %d), want (0x%016llx, 0x%016llx, %d)",
                  pairs[f].name, (unsigned long long)boards[i], (unsigned long long)other[i],
                  (unsigned long long)p, (unsigned long long)o, (int)u, (unsigned long long)want_p[i],
                  (unsigned long long)want_o[i], want_pair_used[i]);
            p = boards[i], o = other[i];
            pairs[f].fn(&p, &o, NULL);
            CHECK(p == want_p[i] && o == want_o[i], "%s(NULL used)", pairs[f].name);
        }
}

/* The canonical form is the same for every image, and is a fixed point. */
static void invariance(void)
{
    for (int i = 0; i < N_BOARDS; i += 7)
        for (int s = 0; s < 8; s++) {
            uint64_t y = bb_sym_apply(boards[i], (bb_sym)s);
            bb_sym u;
            CHECK_EQ64(bb_canonical(y, &u), want[i], "canonical of image %d", s);
            CHECK_EQ64(bb_sym_apply(y, u), want[i], "used symmetry maps the image onto it");
        }
    bb_sym u;
    CHECK_EQ64(bb_canonical(0x8100000000000081ULL, &u), 0x8100000000000081ULL, "corners");
    CHECK(u == BB_SYM_IDENTITY, "corners: every symmetry ties, the identity wins");
    CHECK_EQ64(bb_canonical((uint64_t)1 << BB_H8, &u), 1, "h8 -> a1");
    CHECK(u == BB_SYM_ROTATE_180, "h8 reaches a1 first by rotate_180 (value 2), got %d", (int)u);
}

/* Array forms: every length up to 40 (all tails), misaligned starts, in place
 * and not, with and without `used`, against the precomputed answers. */
static void check_array_form(size_t f)
{
    enum { MAXN = 1000 };
    static uint64_t src[MAXN + 1], dst[MAXN + 2];
    static unsigned char used[MAXN + 2];
    if (arrays[f].needs && !bb_cpu_has(arrays[f].needs))
        SKIP("%s: not on this CPU (or a BB_NO_DISPATCH build)", arrays[f].name);
    {
        for (int start = 0; start + MAXN <= N_BOARDS; start += N_BOARDS / 5) {
            for (size_t n = 0; n <= MAXN; n = n < 40 ? n + 1 : n * 3 + 1) {
                if (n > MAXN) break;
                for (int off = 0; off < 2; off++) {
                    memcpy(src + off, boards + start, n * sizeof *src);
                    memset(used, 0xEE, sizeof used);
                    dst[off + n] = 0x5A5A; /* a guard past the end */
                    arrays[f].fn(dst + off, src + off, n, used + off);
                    for (size_t i = 0; i < n; i++) {
                        CHECK_EQ64(dst[off + i], want[start + i], "%s n=%zu off=%d i=%zu", arrays[f].name, n, off, i);
                        CHECK(used[off + i] == want_used[start + i], "%s n=%zu i=%zu: used %d, want %d",
                              arrays[f].name, n, i, used[off + i], want_used[start + i]);
                    }
                    CHECK(dst[off + n] == 0x5A5A && used[off + n] == 0xEE, "%s n=%zu wrote past the end",
                          arrays[f].name, n);
                    /* in place, no `used` */
                    arrays[f].fn(src + off, src + off, n, NULL);
                    for (size_t i = 0; i < n; i++)
                        CHECK_EQ64(src[off + i], want[start + i], "%s in place n=%zu i=%zu", arrays[f].name, n, i);
                }
            }
        }
    }
}

static void check_pair_array_form(size_t f)
{
    enum { MAXN = 1000 };
    static uint64_t p[MAXN + 2], o[MAXN + 2];
    static unsigned char used[MAXN + 2];
    if (pair_arrays[f].needs && !bb_cpu_has(pair_arrays[f].needs))
        SKIP("%s: not on this CPU (or a BB_NO_DISPATCH build)", pair_arrays[f].name);
    {
        for (int start = 0; start + MAXN <= N_BOARDS; start += N_BOARDS / 5)
            for (size_t n = 0; n <= MAXN; n = n < 40 ? n + 1 : n * 3 + 1) {
                if (n > MAXN) break;
                for (int track = 0; track < 2; track++) {
                    memcpy(p + 1, boards + start, n * sizeof *p);
                    memcpy(o + 1, other + start, n * sizeof *o);
                    p[n + 1] = o[n + 1] = 0x5A5A;
                    memset(used, 0xEE, sizeof used);
                    pair_arrays[f].fn(p + 1, o + 1, n, track ? used + 1 : NULL);
                    for (size_t i = 0; i < n; i++) {
                        CHECK(p[i + 1] == want_p[start + i] && o[i + 1] == want_o[start + i],
                              "%s n=%zu i=%zu: pair differs", pair_arrays[f].name, n, i);
                        if (track)
                            CHECK(used[i + 1] == want_pair_used[start + i], "%s n=%zu i=%zu: used %d, want %d",
                                  pair_arrays[f].name, n, i, used[i + 1], want_pair_used[start + i]);
                    }
                    CHECK(p[n + 1] == 0x5A5A && o[n + 1] == 0x5A5A && used[n + 1] == 0xEE,
                          "%s n=%zu wrote past the end", pair_arrays[f].name, n);
                }
            }
    }
}

static void array_default(void) { check_array_form(0); }
static void array_portable(void) { check_array_form(1); }
static void array_avx2_gfni(void) { check_array_form(2); }
static void array_avx512_gfni(void) { check_array_form(3); }
static void pair_array_default(void) { check_pair_array_form(0); }
static void pair_array_portable(void) { check_pair_array_form(1); }
static void pair_array_avx2_gfni(void) { check_pair_array_form(2); }
static void pair_array_avx512_gfni(void) { check_pair_array_form(3); }

/* The 128-bit order of the pair form at its edges (the portable expression
 * and, where compiled, the borrow-and-cmov form must agree). */
static void pair_order_edges(void)
{
    static const uint64_t v[] = {0, 1, 2, 0x7FFFFFFFFFFFFFFFULL, 0x8000000000000000ULL, ~(uint64_t)1, ~(uint64_t)0};
    enum { NV = sizeof v / sizeof v[0] };
    for (int a = 0; a < NV; a++)
        for (int b = 0; b < NV; b++)
            for (int c = 0; c < NV; c++)
                for (int d = 0; d < NV; d++) {
                    uint64_t x = v[a], xo = v[b];
                    bb__pair_min(&x, &xo, v[c], v[d]);
                    int less = v[c] < v[a] || (v[c] == v[a] && v[d] < v[b]);
                    CHECK(less == bb__pair_less(v[c], v[d], v[a], v[b]), "pair_less edge");
                    CHECK(x == (less ? v[c] : v[a]) && xo == (less ? v[d] : v[b]), "pair_min edge %d %d %d %d", a, b,
                          c, d);
                }
}

int main(void)
{
    make_boards();
    make_wants();
    printf("canonical arrays here: %s\n", bb_canonical_array_impl());
    RUN(scalar_forms);
    RUN(scalar_pairs);
    RUN(invariance);
    RUN(array_default);
    RUN(array_portable);
    RUN(array_avx2_gfni);
    RUN(array_avx512_gfni);
    RUN(pair_array_default);
    RUN(pair_array_portable);
    RUN(pair_array_avx2_gfni);
    RUN(pair_array_avx512_gfni);
    RUN(pair_order_edges);
    return bbt_finish("canonical");
}
