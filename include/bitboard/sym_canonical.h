/* bitboard/sym_canonical.h - canonical forms: the least of the 8 images of a
 * board or of a pair of boards, one at a time or in bulk.  Part of the sym
 * module; included by <bitboard/sym.h>.
 *
 *   bb_canonical(x, used)              the least image of x; *used (may be NULL) = the symmetry
 *   bb_canonical_pair(p, o, used)      *p, *o <- the least image of the pair, compared (p, then o)
 *   bb_canonical_array(dst, src, n, used)    dst[i] = bb_canonical(src[i]); used[i] (may be NULL)
 *   bb_canonical_pair_array(p, o, n, used)   bb_canonical_pair on every (p[i], o[i]), in place
 *   bb_canonical_array_impl()          which array code runs here: "avx512-gfni", "avx2-gfni", "portable"
 * Ties go to the lowest bb_sym value, in every form.
 *
 * Variants (same results; the plain names above pick the fastest compiled):
 *   bb_canonical_portable, bb_canonical_gfni            (scalar; _gfni where compiled for GFNI)
 *   bb_canonical_pair_portable, bb_canonical_pair_gfni
 *   bb_canonical_array_portable, bb_canonical_array_avx2_gfni, bb_canonical_array_avx512_gfni
 *   bb_canonical_pair_array_portable, bb_canonical_pair_array_avx2_gfni,
 *   bb_canonical_pair_array_avx512_gfni                (the _avx* ones need bb_cpu_has(...))
 *
 * How: the 8 images come from three transforms of x (a mirror, a transpose
 * and a quarter turn) and byte swaps; the least is found by a tree of
 * compare-and-select, 3 deep.  On both of the project's CPUs this beats
 * gathering the 8 images in one vector register: a vector min-reduction and
 * the trip back to a general register cost more than the tree (measured in
 * docs/BENCHMARKS.md).  The array forms keep 8 (or 4) boards in a vector
 * and one image per step, so they need no reduction at all.             */
#ifndef BITBOARD_SYM_CANONICAL_H
#define BITBOARD_SYM_CANONICAL_H

#ifdef __cplusplus
extern "C" {
#endif

void bb_canonical_array(uint64_t *dst, const uint64_t *src, size_t n, unsigned char *used);
void bb_canonical_pair_array(uint64_t *p, uint64_t *o, size_t n, unsigned char *used);
const char *bb_canonical_array_impl(void);

void bb_canonical_array_portable(uint64_t *dst, const uint64_t *src, size_t n, unsigned char *used);
void bb_canonical_array_avx2_gfni(uint64_t *dst, const uint64_t *src, size_t n, unsigned char *used);
void bb_canonical_array_avx512_gfni(uint64_t *dst, const uint64_t *src, size_t n, unsigned char *used);
void bb_canonical_pair_array_portable(uint64_t *p, uint64_t *o, size_t n, unsigned char *used);
void bb_canonical_pair_array_avx2_gfni(uint64_t *p, uint64_t *o, size_t n, unsigned char *used);
void bb_canonical_pair_array_avx512_gfni(uint64_t *p, uint64_t *o, size_t n, unsigned char *used);

/* ==== Inline implementation (not API below this line) ==================== */

/* The 8 images in bb_sym order, from three transforms and byte swaps. */
#define BB__SYM_IMAGES(v, x, H, D, C)                                            \
    do {                                                                         \
        uint64_t bb__h = H(x), bb__d = D(x), bb__c = C(x);                       \
        (v)[BB_SYM_IDENTITY] = (x);                                              \
        (v)[BB_SYM_ROTATE_CW] = BB_BSWAP64(bb__d);                               \
        (v)[BB_SYM_ROTATE_180] = BB_BSWAP64(bb__h);                              \
        (v)[BB_SYM_ROTATE_CCW] = bb__c;                                          \
        (v)[BB_SYM_FLIP_VERTICAL] = BB_BSWAP64(x);                               \
        (v)[BB_SYM_FLIP_HORIZONTAL] = bb__h;                                     \
        (v)[BB_SYM_FLIP_DIAGONAL] = bb__d;                                       \
        (v)[BB_SYM_FLIP_ANTIDIAGONAL] = BB_BSWAP64(bb__c);                       \
    } while (0)

static inline uint64_t bb__umin(uint64_t a, uint64_t b) { return b < a ? b : a; }

/* The least of v[0..7]: a tree 3 deep, the images that are ready first
 * (the board and its byte swap) paired with the last ones. */
static inline uint64_t bb__least8(const uint64_t v[8])
{
    return bb__umin(bb__umin(bb__umin(v[5], v[6]), v[3]),
                    bb__umin(bb__umin(v[1], v[2]), bb__umin(v[7], bb__umin(v[0], v[4]))));
}
/* The lowest s with v[s] == m (m is one of them): off the value's path. */
static inline bb_sym bb__first_equal8(const uint64_t v[8], uint64_t m)
{
    int s = 7;
    for (int i = 6; i >= 0; i--) s = v[i] == m ? i : s;
    return (bb_sym)s;
}
/* The pair form orders images as 128-bit numbers (p high, o low).
 * bb__pair_min: (*a, *ao) becomes (b, bo) if that is less.  On x86-64 with
 * GCC or Clang it is a subtract with borrow and two conditional moves
 * (3 cycles; compilers otherwise branch, and the branch mispredicts). */
static inline int bb__pair_less(uint64_t p1, uint64_t o1, uint64_t p2, uint64_t o2)
{
    return (p1 < p2) | ((p1 == p2) & (o1 < o2));
}
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
static inline void bb__pair_min(uint64_t *a, uint64_t *ao, uint64_t b, uint64_t bo)
{
    uint64_t x = *a, xo = *ao, t;
    __asm__("mov %[b], %[t]\n\t"
            "cmp %[xo], %[bo]\n\t"  /* CF = bo < xo              */
            "sbb %[x], %[t]\n\t"    /* CF = (b:bo) < (x:xo)      */
            "cmovc %[b], %[x]\n\t"
            "cmovc %[bo], %[xo]"
            : [x] "+r"(x), [xo] "+r"(xo), [t] "=&r"(t)
            : [b] "r"(b), [bo] "r"(bo)
            : "cc");
    *a = x;
    *ao = xo;
}
#else
static inline void bb__pair_min(uint64_t *a, uint64_t *ao, uint64_t b, uint64_t bo)
{
    if (bb__pair_less(b, bo, *a, *ao)) {
        *a = b;
        *ao = bo;
    }
}
#endif
static inline void bb__least_pair8(const uint64_t vp[8], const uint64_t vo[8], uint64_t *p, uint64_t *o,
                                   bb_sym *used)
{
    /* The same 3-deep tree as bb__least8. */
    uint64_t ap = vp[5], ao = vo[5], bp = vp[1], bo = vo[1], cp = vp[7], co = vo[7];
    bb__pair_min(&ap, &ao, vp[6], vo[6]);
    bb__pair_min(&bp, &bo, vp[2], vo[2]);
    bb__pair_min(&cp, &co, vp[0], vo[0]);
    bb__pair_min(&cp, &co, vp[4], vo[4]);
    bb__pair_min(&ap, &ao, vp[3], vo[3]);
    bb__pair_min(&bp, &bo, cp, co);
    bb__pair_min(&ap, &ao, bp, bo);
    *p = ap;
    *o = ao;
    if (used) {
        int s = 7;
        for (int i = 6; i >= 0; i--) s = ((vp[i] == ap) & (vo[i] == ao)) ? i : s;
        *used = (bb_sym)s;
    }
}

/* bb_canonical_<impl> and bb_canonical_pair_<impl> from one implementation's
 * mirror (H), transpose (D) and quarter turn (C). */
#define BB__CANONICAL_FNS(impl, H, D, C)                                                        \
    static inline uint64_t bb_canonical_##impl(uint64_t x, bb_sym *used)                        \
    {                                                                                           \
        uint64_t v[8];                                                                          \
        BB__SYM_IMAGES(v, x, H, D, C);                                                          \
        uint64_t m = bb__least8(v);                                                             \
        if (used) *used = bb__first_equal8(v, m);                                               \
        return m;                                                                               \
    }                                                                                           \
    static inline void bb_canonical_pair_##impl(uint64_t *p, uint64_t *o, bb_sym *used)        \
    {                                                                                           \
        uint64_t vp[8], vo[8];                                                                  \
        BB__SYM_IMAGES(vp, *p, H, D, C);                                                        \
        BB__SYM_IMAGES(vo, *o, H, D, C);                                                        \
        bb__least_pair8(vp, vo, p, o, used);                                                    \
    }
BB__CANONICAL_FNS(portable, bb_flip_horizontal_portable, bb_flip_diagonal_portable, bb_rotate_ccw_portable)
#if BB_HAVE_GFNI
BB__CANONICAL_FNS(gfni, bb_flip_horizontal_gfni, bb_flip_diagonal_gfni, bb_rotate_ccw_gfni)
#endif

/* The least of the 8 images of x; *used (if not NULL) gets the symmetry that
 * produced it, the lowest bb_sym value on ties. */
static inline uint64_t bb_canonical(uint64_t x, bb_sym *used) { return BB__SYM_IMPL(bb_canonical)(x, used); }
/* Transforms both boards by the one symmetry that makes (p, then o) least;
 * *used as for bb_canonical.  Requires p and o not NULL. */
static inline void bb_canonical_pair(uint64_t *p, uint64_t *o, bb_sym *used)
{
    BB__SYM_IMPL(bb_canonical_pair)(p, o, used);
}

#ifdef __cplusplus
}
#endif

#endif /* BITBOARD_SYM_CANONICAL_H */
