/* The 8 symmetries: every implementation against the naive per-square loop. */
#include <stdlib.h>
#include <string.h>

#include "bitboard.h"
#include "harness.h"
#include "reference.h"
#include "seeds.h"
#include "sym_forms.h"

typedef uint64_t (*sym_fn)(uint64_t);
typedef struct { const char *name; bb_sym sym; sym_fn fn; } impl;

static uint64_t apply_identity(uint64_t x) { return x; }

/* Every scalar implementation of every symmetry, by explicit name. */
static const impl impls[] = {
#define IMPL(name, sym, fn) {name, sym, fn},
    SYM_FORMS(IMPL)
#undef IMPL
    {"identity", BB_SYM_IDENTITY, apply_identity},
    /* the Chess Programming Wiki's delta swaps, as corrected in bench/seeds.h */
    {"wiki flip_vertical", BB_SYM_FLIP_VERTICAL, seed_flip_vertical},
    {"wiki mirror_horizontal", BB_SYM_FLIP_HORIZONTAL, seed_mirror_horizontal},
    {"wiki flip_diag_a1h8", BB_SYM_FLIP_DIAGONAL, seed_flip_diag_a1h8},
    {"wiki flip_diag_a8h1", BB_SYM_FLIP_ANTIDIAGONAL, seed_flip_diag_a8h1},
    {"wiki rotate_cw", BB_SYM_ROTATE_CW, seed_rotate_cw},
    {"wiki rotate_ccw", BB_SYM_ROTATE_CCW, seed_rotate_ccw},
    {"wiki rotate_180", BB_SYM_ROTATE_180, seed_rotate_180},
};
#define N_IMPLS (sizeof impls / sizeof impls[0])

static void reference_maps_known_squares(void)
{
    /* The reference itself, pinned by the examples in the documentation. */
    CHECK(ref_sym_square(BB_A1, BB_SYM_ROTATE_CW) == BB_A8, "a1 -> a8");
    CHECK(ref_sym_square(BB_A8, BB_SYM_ROTATE_CW) == BB_H8, "a8 -> h8");
    CHECK(ref_sym_square(BB_A1, BB_SYM_ROTATE_CCW) == BB_H1, "a1 -> h1");
    CHECK(ref_sym_square(BB_A1, BB_SYM_FLIP_VERTICAL) == BB_A8, "a1 -> a8");
    CHECK(ref_sym_square(BB_A1, BB_SYM_FLIP_HORIZONTAL) == BB_H1, "a1 -> h1");
    CHECK(ref_sym_square(BB_B1, BB_SYM_FLIP_DIAGONAL) == BB_A2, "b1 -> a2");
    CHECK(ref_sym_square(BB_A1, BB_SYM_FLIP_ANTIDIAGONAL) == BB_H8, "a1 -> h8");
    CHECK(ref_sym_square(BB_E4, BB_SYM_ROTATE_180) == BB_D5, "e4 -> d5");
    for (int s = 0; s < 8; s++) { /* each map is a permutation */
        uint64_t seen = 0;
        for (int sq = 0; sq < 64; sq++) seen |= (uint64_t)1 << ref_sym_square(sq, (bb_sym)s);
        CHECK(seen == ~(uint64_t)0, "sym %d is not a permutation", s);
    }
}

static void every_impl_single_bits(void)
{
    for (size_t i = 0; i < N_IMPLS; i++)
        for (int sq = 0; sq < 64; sq++) {
            uint64_t x = (uint64_t)1 << sq;
            CHECK_EQ64(impls[i].fn(x), ref_sym_apply(x, impls[i].sym), "%s(1<<%d)", impls[i].name, sq);
        }
}

static void every_impl_random_boards(void)
{
    uint64_t st = 1;
    for (int k = 0; k < BBT_RANDOM_BOARDS; k++) {
        uint64_t x = bbt_board(&st);
        for (int s = 0; s < 8; s++) {
            uint64_t want = ref_sym_apply(x, (bb_sym)s);
            for (size_t i = 0; i < N_IMPLS; i++)
                if (impls[i].sym == (bb_sym)s)
                    CHECK_EQ64(impls[i].fn(x), want, "%s(0x%016llx)", impls[i].name, (unsigned long long)x);
            CHECK_EQ64(bb_sym_apply(x, (bb_sym)s), want, "bb_sym_apply(x, %d)", s);
        }
    }
}

static void sym_square_agrees_with_apply(void)
{
    for (int s = 0; s < 8; s++)
        for (int sq = 0; sq < 64; sq++) {
            CHECK(bb_sym_square(sq, (bb_sym)s) == ref_sym_square(sq, (bb_sym)s), "sym %d sq %d", s, sq);
            CHECK_EQ64(bb_sym_apply((uint64_t)1 << sq, (bb_sym)s),
                       (uint64_t)1 << bb_sym_square(sq, (bb_sym)s), "sym %d sq %d", s, sq);
        }
}

static void composition_table(void)
{
    uint64_t st = 2;
    for (int a = 0; a < 8; a++)
        for (int b = 0; b < 8; b++) {
            bb_sym c = bb_sym_compose((bb_sym)a, (bb_sym)b);
            CHECK((unsigned)c < 8, "compose(%d, %d) out of range", a, b);
            for (int sq = 0; sq < 64; sq++)
                CHECK(ref_sym_square(ref_sym_square(sq, (bb_sym)a), (bb_sym)b) == ref_sym_square(sq, c),
                      "compose(%d, %d) = %d at square %d", a, b, (int)c, sq);
            for (int k = 0; k < 100; k++) {
                uint64_t x = bbt_board(&st);
                CHECK_EQ64(bb_sym_apply(bb_sym_apply(x, (bb_sym)a), (bb_sym)b), bb_sym_apply(x, c),
                           "compose(%d, %d)", a, b);
            }
        }
}

static void inverses(void)
{
    uint64_t st = 3;
    for (int s = 0; s < 8; s++) {
        bb_sym inv = bb_sym_inverse((bb_sym)s);
        CHECK(bb_sym_compose((bb_sym)s, inv) == BB_SYM_IDENTITY, "s %d", s);
        CHECK(bb_sym_compose(inv, (bb_sym)s) == BB_SYM_IDENTITY, "s %d", s);
        for (int k = 0; k < 1000; k++) {
            uint64_t x = bbt_board(&st);
            CHECK_EQ64(bb_sym_apply(bb_sym_apply(x, (bb_sym)s), inv), x, "inverse of %d", s);
        }
    }
    CHECK(bb_sym_inverse(BB_SYM_ROTATE_CW) == BB_SYM_ROTATE_CCW, "cw^-1");
}

static uint64_t reverse_bits(uint64_t x)
{
    uint64_t y = 0;
    for (int i = 0; i < 64; i++) y |= ((x >> i) & 1) << (63 - i);
    return y;
}

static void identities_from_the_wiki(void)
{
    uint64_t st = 4;
    for (int k = 0; k < BBT_RANDOM_BOARDS; k++) {
        uint64_t x = bbt_board(&st);
        CHECK_EQ64(bb_rotate_cw(x), bb_flip_vertical(bb_flip_diagonal(x)), "cw = v . d");
        CHECK_EQ64(bb_rotate_cw(x), bb_flip_antidiagonal(bb_flip_vertical(x)), "cw = ad . v");
        CHECK_EQ64(bb_rotate_ccw(x), bb_flip_diagonal(bb_flip_vertical(x)), "ccw = d . v");
        CHECK_EQ64(bb_rotate_180(x), bb_flip_vertical(bb_flip_horizontal(x)), "180 = v . h");
        CHECK_EQ64(bb_rotate_180(x), reverse_bits(x), "180 = bit reversal");
        CHECK_EQ64(bb_rotate_cw(bb_rotate_cw(x)), bb_rotate_180(x), "cw . cw = 180");
        CHECK_EQ64(bb_flip_vertical(x), bb__bswap64_portable(x), "byte swap fallback");
        CHECK(bb_popcount(x) == bb__popcount_portable(x), "popcount fallback");
    }
}

static void canonical_forms(void)
{
    uint64_t st = 5;
    for (int k = 0; k < 20000; k++) {
        uint64_t x = bbt_board(&st);
        bb_sym used;
        uint64_t c = bb_canonical(x, &used);
        /* least image, first symmetry reaching it */
        uint64_t least = ~(uint64_t)0;
        int first = -1;
        for (int s = 0; s < 8; s++) {
            uint64_t y = ref_sym_apply(x, (bb_sym)s);
            if (first < 0 || y < least) least = y, first = s;
        }
        CHECK_EQ64(c, least, "canonical(0x%016llx)", (unsigned long long)x);
        CHECK((int)used == first, "used %d, want %d", (int)used, first);
        for (int s = 0; s < 8; s++) /* invariant under the group */
            CHECK_EQ64(bb_canonical(bb_sym_apply(x, (bb_sym)s), NULL), c, "canonical(sym %d)", s);
    }
    /* ties go to the lowest enum value */
    bb_sym used = BB_SYM_ROTATE_CW;
    CHECK_EQ64(bb_canonical(0, &used), 0, "empty");
    CHECK(used == BB_SYM_IDENTITY, "empty board: identity");
    CHECK_EQ64(bb_canonical(0x8100000000000081ULL, &used), 0x8100000000000081ULL, "corners");
    CHECK(used == BB_SYM_IDENTITY, "corners: identity");
    /* h1 alone: rotate_cw and flip_horizontal both give a1; rotate_cw is lower */
    CHECK_EQ64(bb_canonical((uint64_t)1 << BB_H1, &used), 1, "h1");
    CHECK(used == BB_SYM_ROTATE_CW, "h1 -> a1 by rotate_cw, got %d", (int)used);
}

static void canonical_pairs(void)
{
    uint64_t st = 6;
    for (int k = 0; k < 20000; k++) {
        uint64_t p = bbt_board(&st), o = bbt_board(&st) & ~p;
        if (k % 4 == 0) p = bb_flip_vertical(o); /* ties on p are common in play; force some */
        if (k % 8 == 1) p = 0;
        uint64_t cp = p, co = o;
        bb_sym used;
        bb_canonical_pair(&cp, &co, &used);
        int best = 0;
        for (int s = 1; s < 8; s++) {
            uint64_t ps = ref_sym_apply(p, (bb_sym)s), os = ref_sym_apply(o, (bb_sym)s);
            uint64_t pb = ref_sym_apply(p, (bb_sym)best), ob = ref_sym_apply(o, (bb_sym)best);
            if (ps < pb || (ps == pb && os < ob)) best = s;
        }
        CHECK((int)used == best, "pair: used %d want %d", (int)used, best);
        CHECK_EQ64(cp, ref_sym_apply(p, (bb_sym)best), "pair p");
        CHECK_EQ64(co, ref_sym_apply(o, (bb_sym)best), "pair o");
        for (int s = 0; s < 8; s++) {
            uint64_t ps = bb_sym_apply(p, (bb_sym)s), os = bb_sym_apply(o, (bb_sym)s);
            bb_canonical_pair(&ps, &os, NULL);
            CHECK(ps == cp && os == co, "pair invariant under sym %d", s);
        }
    }
}

typedef void (*array_fn)(uint64_t *, const uint64_t *, size_t, bb_sym);

static void check_array_impl(const char *name, array_fn fn)
{
    enum { MAX = 300 };
    uint64_t st = 7;
    uint64_t *src = malloc((MAX + 16) * sizeof *src), *dst = malloc((MAX + 16) * sizeof *dst);
    uint64_t *want = malloc((MAX + 16) * sizeof *want);
    if (!src || !dst || !want) { CHECK(0, "out of memory"); goto out; }
    for (int s = 0; s < 8; s++)
        for (size_t n = 0; n <= MAX; n += (n < 40 ? 1 : 37))
            for (size_t off = 0; off < 3; off++) { /* misaligned by whole boards */
                for (size_t i = 0; i < MAX + 16; i++) src[i] = bbt_board(&st), dst[i] = 0x5A5A5A5A5A5A5A5AULL;
                for (size_t i = 0; i < n; i++) want[i] = ref_sym_apply(src[off + i], (bb_sym)s);
                fn(dst + off, src + off, n, (bb_sym)s);
                int bad = 0;
                for (size_t i = 0; i < n; i++) bad |= dst[off + i] != want[i];
                for (size_t i = 0; i < off; i++) bad |= dst[i] != 0x5A5A5A5A5A5A5A5AULL;
                for (size_t i = off + n; i < MAX + 16; i++) bad |= dst[i] != 0x5A5A5A5A5A5A5A5AULL;
                CHECK(!bad, "%s sym %d n %zu off %zu", name, s, n, off);
                /* in place */
                fn(src + off, src + off, n, (bb_sym)s);
                bad = 0;
                for (size_t i = 0; i < n; i++) bad |= src[off + i] != want[i];
                CHECK(!bad, "%s in place: sym %d n %zu off %zu", name, s, n, off);
            }
out:
    free(src), free(dst), free(want);
}

static void array_portable(void) { check_array_impl("portable", bb_sym_apply_array_portable); }
static void array_dispatched(void) { check_array_impl("dispatched", bb_sym_apply_array); }
static void array_avx2_gfni(void)
{
    if (!bb_cpu_has(BB_CPU_AVX2_GFNI)) SKIP("no AVX2 + GFNI here (CPU, OS or a BB_NO_DISPATCH build)");
    check_array_impl("avx2_gfni", bb_sym_apply_array_avx2_gfni);
}
static void array_avx512_gfni(void)
{
    if (!bb_cpu_has(BB_CPU_AVX512_GFNI)) SKIP("no AVX-512 + GFNI here (CPU, OS or a BB_NO_DISPATCH build)");
    check_array_impl("avx512_gfni", bb_sym_apply_array_avx512_gfni);
}

static void array_cache_line_aligned_in_place(void)
{
    /* a 64-byte aligned buffer: every vector access is a whole cache line */
    enum { N = 77 };
    unsigned char raw[N * 8 + 64];
    uint64_t st = 8, in[N], out[N];
    for (int i = 0; i < N; i++) in[i] = bbt_board(&st);
    for (int s = 0; s < 8; s++) {
        uint64_t *p = (uint64_t *)(void *)(((uintptr_t)raw + 63) & ~(uintptr_t)63); /* 64-aligned */
        memcpy(p, in, sizeof in);
        bb_sym_apply_array(p, p, N, (bb_sym)s);
        memcpy(out, p, sizeof out);
        int bad = 0;
        for (int i = 0; i < N; i++) bad |= out[i] != ref_sym_apply(in[i], (bb_sym)s);
        CHECK(!bad, "aligned in place sym %d", s);
    }
    CHECK(strcmp(bb_sym_apply_array_impl(), "portable") == 0 || bb_cpu_has(BB_CPU_AVX2_GFNI),
          "dispatch chose %s without the CPU support", bb_sym_apply_array_impl());
}

/* Arrays past 16 MiB take a streaming path: check it, misaligned by one board,
 * copying and in place, against the portable loop (itself checked above). */
static void check_array_big(const char *name, array_fn fn)
{
    size_t n = ((size_t)16 << 20) / 8 + 2048 + 77;
    uint64_t *src = malloc((n + 1) * 8), *dst = malloc((n + 1) * 8), *want = malloc((n + 1) * 8), st = 9;
    if (!src || !dst || !want) { CHECK(0, "out of memory"); goto out; }
    for (size_t i = 0; i <= n; i++) src[i] = bbt_next(&st);
    for (int s = 0; s < 8; s++) {
        bb_sym_apply_array_portable(want, src + 1, n, (bb_sym)s);
        dst[0] = 0x77;
        fn(dst + 1, src + 1, n, (bb_sym)s);
        CHECK(memcmp(dst + 1, want, n * 8) == 0 && dst[0] == 0x77, "%s big copy, sym %d", name, s);
        memcpy(dst, src, (n + 1) * 8);
        fn(dst + 1, dst + 1, n, (bb_sym)s);
        CHECK(memcmp(dst + 1, want, n * 8) == 0 && dst[0] == src[0], "%s big in place, sym %d", name, s);
    }
out:
    free(src), free(dst), free(want);
}

static void array_big(void) { check_array_big("dispatched", bb_sym_apply_array); }
/* Both walks of a big array (four pages at a time, or straight through),
 * whichever this CPU would choose in place. */
static void paged_avx2(uint64_t *d, const uint64_t *s, size_t n, bb_sym y) { bb__sym_apply_array_paged_avx2_gfni(d, s, n, y, 1); }
static void flat_avx2(uint64_t *d, const uint64_t *s, size_t n, bb_sym y) { bb__sym_apply_array_paged_avx2_gfni(d, s, n, y, 0); }
static void paged_avx512(uint64_t *d, const uint64_t *s, size_t n, bb_sym y) { bb__sym_apply_array_paged_avx512_gfni(d, s, n, y, 1); }
static void flat_avx512(uint64_t *d, const uint64_t *s, size_t n, bb_sym y) { bb__sym_apply_array_paged_avx512_gfni(d, s, n, y, 0); }
static void array_big_avx2_gfni(void)
{
    if (!bb_cpu_has(BB_CPU_AVX2_GFNI)) SKIP("no AVX2 + GFNI here (CPU, OS or a BB_NO_DISPATCH build)");
    check_array_big("avx2_gfni", bb_sym_apply_array_avx2_gfni);
    check_array_big("avx2_gfni, pages", paged_avx2);
    check_array_big("avx2_gfni, straight", flat_avx2);
}
static void array_big_avx512_gfni(void)
{
    if (!bb_cpu_has(BB_CPU_AVX512_GFNI)) SKIP("no AVX-512 + GFNI here (CPU, OS or a BB_NO_DISPATCH build)");
    check_array_big("avx512_gfni", bb_sym_apply_array_avx512_gfni);
    check_array_big("avx512_gfni, pages", paged_avx512);
    check_array_big("avx512_gfni, straight", flat_avx512);
}

static void names(void)
{
    const char *want[8] = {"identity", "rotate_cw", "rotate_180", "rotate_ccw",
                           "flip_vertical", "flip_horizontal", "flip_diagonal", "flip_antidiagonal"};
    for (int s = 0; s < 8; s++) {
        bb_sym back;
        CHECK(strcmp(bb_sym_name((bb_sym)s), want[s]) == 0, "name of %d", s);
        CHECK(bb_sym_from_name(want[s], &back) == 0 && back == (bb_sym)s, "parse %s", want[s]);
    }
    bb_sym dummy;
    CHECK(bb_sym_from_name("rotate_90", &dummy) == -1, "unknown name");
    CHECK(bb_sym_from_name("", &dummy) == -1 && bb_sym_from_name("rotate_cw_", &dummy) == -1 &&
              bb_sym_from_name("rotate_c", &dummy) == -1, "prefixes and extensions are unknown");
    CHECK(bb_sym_name((bb_sym)8) == NULL, "out of range");
    /* Case is ignored, as in every bb_*_from_name. */
    CHECK(bb_sym_from_name("ROTATE_CW", &dummy) == 0 && dummy == BB_SYM_ROTATE_CW, "upper case");
    CHECK(bb_sym_from_name("Flip_AntiDiagonal", &dummy) == 0 && dummy == BB_SYM_FLIP_ANTIDIAGONAL, "mixed case");
}

int main(void)
{
    RUN(reference_maps_known_squares);
    RUN(every_impl_single_bits);
    RUN(every_impl_random_boards);
    RUN(sym_square_agrees_with_apply);
    RUN(composition_table);
    RUN(inverses);
    RUN(identities_from_the_wiki);
    RUN(canonical_forms);
    RUN(canonical_pairs);
    RUN(array_portable);
    RUN(array_dispatched);
    RUN(array_avx2_gfni);
    RUN(array_avx512_gfni);
    RUN(array_cache_line_aligned_in_place);
    RUN(array_big);
    RUN(array_big_avx2_gfni);
    RUN(array_big_avx512_gfni);
    RUN(names);
    return bbt_finish("sym");
}
