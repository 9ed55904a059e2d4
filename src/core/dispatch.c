/* The run-time choices: every function that picks an implementation for the
 * CPU it runs on lives here, and nowhere else.  BB__DISPATCH (core.h) says
 * whether the vector forms exist; without it each choice is the portable
 * form.  The one file of core that sees other modules (CONTRIBUTING.md).
 *
 * The pattern, for a compiled function bb_X with forms bb_X_<isa>:
 *   1. x_choice(): the best form bb_cpu_has allows, the portable one last;
 *   2. bb_X(...): checks its arguments (core.h's policy), calls x_choice();
 *   3. if callers may ask, bb_X_impl(): the name of what x_choice() picks.
 * bb_cpu_has caches its probe, so a choice costs a load and a branch or two. */
#include "bitboard.h"

/* ---- bb_sym_apply_array --------------------------------------------------------- */
typedef void (*sym_array_fn)(uint64_t *, const uint64_t *, size_t, bb_sym);

static sym_array_fn sym_apply_array_choice(void)
{
#if BB__DISPATCH
    if (bb_cpu_has(BB_CPU_AVX512_GFNI)) return bb_sym_apply_array_avx512_gfni;
    if (bb_cpu_has(BB_CPU_AVX2_GFNI)) return bb_sym_apply_array_avx2_gfni;
#endif
    return bb_sym_apply_array_portable;
}

void bb_sym_apply_array(uint64_t *dst, const uint64_t *src, size_t n, bb_sym s)
{
    BB__ASSERT((unsigned)s < BB_SYM_COUNT, "s", s);
    BB__ASSERT_NOT_NULL(dst || n == 0, "dst");
    BB__ASSERT_NOT_NULL(src || n == 0, "src");
    if (!dst || !src) return;
    sym_apply_array_choice()(dst, src, n, s);
}

const char *bb_sym_apply_array_impl(void)
{
    sym_array_fn f = sym_apply_array_choice();
    return f == bb_sym_apply_array_avx512_gfni ? "avx512-gfni"
         : f == bb_sym_apply_array_avx2_gfni ? "avx2-gfni" : "portable";
}

/* ---- bb_pseudo_rotate45_array ----------------------------------------------------- */
typedef void (*rot45_array_fn)(uint64_t *, const uint64_t *, size_t, bb_rot45);

static rot45_array_fn pseudo_rotate45_array_choice(void)
{
#if BB__DISPATCH
    if (bb_cpu_has(BB_CPU_AVX512)) return bb_pseudo_rotate45_array_avx512;
#endif
    return bb_pseudo_rotate45_array_portable;
}

void bb_pseudo_rotate45_array(uint64_t *dst, const uint64_t *src, size_t n, bb_rot45 which)
{
    BB__ASSERT((unsigned)which < 4, "which", which);
    BB__ASSERT_NOT_NULL(dst || n == 0, "dst");
    BB__ASSERT_NOT_NULL(src || n == 0, "src");
    if (!dst || !src) return;
    pseudo_rotate45_array_choice()(dst, src, n, which);
}

/* ---- bb_canonical_array, bb_canonical_pair_array --------------------------------- */
typedef void (*canonical_array_fn)(uint64_t *, const uint64_t *, size_t, unsigned char *);
typedef void (*canonical_pair_array_fn)(uint64_t *, uint64_t *, size_t, unsigned char *);

static canonical_array_fn canonical_array_choice(void)
{
#if BB__DISPATCH
    if (bb_cpu_has(BB_CPU_AVX512_GFNI)) return bb_canonical_array_avx512_gfni;
    if (bb_cpu_has(BB_CPU_AVX2_GFNI)) return bb_canonical_array_avx2_gfni;
#endif
    return bb_canonical_array_portable;
}
static canonical_pair_array_fn canonical_pair_array_choice(void)
{
#if BB__DISPATCH
    if (bb_cpu_has(BB_CPU_AVX512_GFNI)) return bb_canonical_pair_array_avx512_gfni;
    if (bb_cpu_has(BB_CPU_AVX2_GFNI)) return bb_canonical_pair_array_avx2_gfni;
#endif
    return bb_canonical_pair_array_portable;
}

void bb_canonical_array(uint64_t *dst, const uint64_t *src, size_t n, unsigned char *used)
{
    BB__ASSERT_NOT_NULL(dst || n == 0, "dst");
    BB__ASSERT_NOT_NULL(src || n == 0, "src");
    if (!dst || !src) return;
    canonical_array_choice()(dst, src, n, used);
}

void bb_canonical_pair_array(uint64_t *p, uint64_t *o, size_t n, unsigned char *used)
{
    BB__ASSERT_NOT_NULL(p || n == 0, "p");
    BB__ASSERT_NOT_NULL(o || n == 0, "o");
    if (!p || !o) return;
    canonical_pair_array_choice()(p, o, n, used);
}

const char *bb_canonical_array_impl(void)
{
    canonical_array_fn f = canonical_array_choice();
    return f == bb_canonical_array_avx512_gfni ? "avx512-gfni"
         : f == bb_canonical_array_avx2_gfni ? "avx2-gfni" : "portable";
}
