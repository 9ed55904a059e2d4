/* bitboard/sym.h - the 8 symmetries of the square: flips, rotations, their
 * composition, canonical forms.  Included by <bitboard.h>.
 *
 * Contents (each name: what it returns; what it requires)
 *   bb_sym                      the 8 symmetries, values 0..7 in this order:
 *   BB_SYM_IDENTITY               (f, r)
 *   BB_SYM_ROTATE_CW              (f, r) -> (r, 7-f)      a1 -> a8 -> h8
 *   BB_SYM_ROTATE_180             (f, r) -> (7-f, 7-r)    bit reversal
 *   BB_SYM_ROTATE_CCW             (f, r) -> (7-r, f)      a1 -> h1 -> h8
 *   BB_SYM_FLIP_VERTICAL          (f, r) -> (f, 7-r)      rank 1 <-> rank 8
 *   BB_SYM_FLIP_HORIZONTAL        (f, r) -> (7-f, r)      file a <-> file h
 *   BB_SYM_FLIP_DIAGONAL          (f, r) -> (r, f)        about a1-h8
 *   BB_SYM_FLIP_ANTIDIAGONAL      (f, r) -> (7-r, 7-f)    about a8-h1
 *   BB_SYM_COUNT                8
 *   bb_flip_vertical(x)         x mirrored top to bottom (a byte swap)
 *   bb_flip_horizontal(x)       x mirrored left to right
 *   bb_flip_diagonal(x)         x mirrored about a1-h8
 *   bb_flip_antidiagonal(x)     x mirrored about a8-h1
 *   bb_rotate_cw(x)             x turned a quarter clockwise
 *   bb_rotate_ccw(x)            x turned a quarter counter-clockwise
 *   bb_rotate_180(x)            x turned half a turn (all 64 bits reversed)
 *   bb_sym_apply(x, s)          x under symmetry s; s 0..7
 *   bb_sym_square(sq, s)        where sq goes under s: apply(1 << sq, s) == 1 << result; sq 0..63, s 0..7
 *   bb_sym_compose(first, then) the symmetry equal to applying first, then then; both 0..7
 *   bb_sym_inverse(s)           the symmetry undoing s; s 0..7
 *   bb_sym_name(s)              "identity", "rotate_cw", ...; NULL if s is not 0..7
 *   bb_sym_from_name(name, s)   0 and *s for a name as bb_sym_name prints it (any case), else -1; s not NULL
 *   bb_canonical(x, used)       the least of x's 8 images; *used (may be NULL) = the lowest s giving it
 *   bb_canonical_pair(p, o, used)  both boards under the one s making (*p, *o) least (p high, o low);
 *                               *used as for bb_canonical; p, o not NULL
 *   bb_canonical_array(dst, src, n, used)  dst[i] = canonical(src[i]) and, if used is not NULL,
 *                               used[i] = the bb_sym used, i < n; dst == src or no overlap; run-time choice
 *   bb_canonical_pair_array(p, o, n, used) canonical_pair on every (p[i], o[i]) in place, used[i] as
 *                               above; p and o do not overlap; run-time choice
 *   bb_canonical_array_impl()   which code the two array forms run here: "avx512-gfni", "avx2-gfni", "portable"
 *   bb_sym_apply_array(dst, src, n, s)  dst[i] = apply(src[i], s), i < n; dst == src or no overlap;
 *                               picks AVX-512 GFNI, AVX2 GFNI or portable code at run time
 *   bb_sym_apply_array_impl()   which code bb_sym_apply_array runs here: "avx512-gfni", "avx2-gfni", "portable"
 *
 * Implementation variants: the same contracts, one implementation each.
 *   bb_flip_vertical_portable(x)       delta swaps and byte swaps: any C compiler
 *   bb_flip_horizontal_portable(x)
 *   bb_flip_diagonal_portable(x)
 *   bb_flip_antidiagonal_portable(x)
 *   bb_rotate_cw_portable(x)
 *   bb_rotate_ccw_portable(x)
 *   bb_rotate_180_portable(x)
 *   bb_flip_vertical_gfni(x)           one gf2p8affineqb (and byte swaps); only if BB_HAVE_GFNI
 *   bb_flip_horizontal_gfni(x)
 *   bb_flip_diagonal_gfni(x)
 *   bb_flip_antidiagonal_gfni(x)
 *   bb_rotate_cw_gfni(x)
 *   bb_rotate_ccw_gfni(x)
 *   bb_rotate_180_gfni(x)
 *   bb_sym_apply_array_portable(dst, src, n, s)     the scalar loop
 *   bb_sym_apply_array_avx2_gfni(dst, src, n, s)    requires bb_cpu_has(BB_CPU_AVX2_GFNI)
 *   bb_sym_apply_array_avx512_gfni(dst, src, n, s)  requires bb_cpu_has(BB_CPU_AVX512_GFNI)
 *   bb_canonical_portable(x, used)           the 3-deep select tree over the portable transforms
 *   bb_canonical_pair_portable(p, o, used)
 *   bb_canonical_gfni(x, used)               the same over the GFNI transforms; only if BB_HAVE_GFNI
 *   bb_canonical_pair_gfni(p, o, used)
 *   bb_canonical_array_portable(dst, src, n, used)      the scalar loop
 *   bb_canonical_array_avx2_gfni(dst, src, n, used)     requires bb_cpu_has(BB_CPU_AVX2_GFNI)
 *   bb_canonical_array_avx512_gfni(dst, src, n, used)   requires bb_cpu_has(BB_CPU_AVX512_GFNI)
 *   bb_canonical_pair_array_portable(p, o, n, used)
 *   bb_canonical_pair_array_avx2_gfni(p, o, n, used)
 *   bb_canonical_pair_array_avx512_gfni(p, o, n, used)
 * Derivations of every constant: docs/SYMMETRIES.md. */
#ifndef BITBOARD_SYM_H
#define BITBOARD_SYM_H

#include "core.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    BB_SYM_IDENTITY,
    BB_SYM_ROTATE_CW,
    BB_SYM_ROTATE_180,
    BB_SYM_ROTATE_CCW,
    BB_SYM_FLIP_VERTICAL,
    BB_SYM_FLIP_HORIZONTAL,
    BB_SYM_FLIP_DIAGONAL,
    BB_SYM_FLIP_ANTIDIAGONAL
} bb_sym;

#define BB_SYM_COUNT 8

static inline uint64_t bb_flip_vertical(uint64_t x);
static inline uint64_t bb_flip_horizontal(uint64_t x);
static inline uint64_t bb_flip_diagonal(uint64_t x);
static inline uint64_t bb_flip_antidiagonal(uint64_t x);
static inline uint64_t bb_rotate_cw(uint64_t x);
static inline uint64_t bb_rotate_ccw(uint64_t x);
static inline uint64_t bb_rotate_180(uint64_t x);
static inline uint64_t bb_sym_apply(uint64_t x, bb_sym s);
static inline int bb_sym_square(int sq, bb_sym s);
bb_sym bb_sym_compose(bb_sym first, bb_sym then);
bb_sym bb_sym_inverse(bb_sym s);
const char *bb_sym_name(bb_sym s);
int bb_sym_from_name(const char *name, bb_sym *s);
static inline uint64_t bb_canonical(uint64_t x, bb_sym *used);
static inline void bb_canonical_pair(uint64_t *p, uint64_t *o, bb_sym *used);
void bb_canonical_array(uint64_t *dst, const uint64_t *src, size_t n, unsigned char *used);
void bb_canonical_pair_array(uint64_t *p, uint64_t *o, size_t n, unsigned char *used);
const char *bb_canonical_array_impl(void);
void bb_sym_apply_array(uint64_t *dst, const uint64_t *src, size_t n, bb_sym s);
const char *bb_sym_apply_array_impl(void);

/* Implementation variants (see the contents list). */
void bb_sym_apply_array_portable(uint64_t *dst, const uint64_t *src, size_t n, bb_sym s);
void bb_sym_apply_array_avx2_gfni(uint64_t *dst, const uint64_t *src, size_t n, bb_sym s);
void bb_sym_apply_array_avx512_gfni(uint64_t *dst, const uint64_t *src, size_t n, bb_sym s);
static inline uint64_t bb_canonical_portable(uint64_t x, bb_sym *used);
static inline void bb_canonical_pair_portable(uint64_t *p, uint64_t *o, bb_sym *used);
#if BB_HAVE_GFNI
static inline uint64_t bb_canonical_gfni(uint64_t x, bb_sym *used);
static inline void bb_canonical_pair_gfni(uint64_t *p, uint64_t *o, bb_sym *used);
#endif
void bb_canonical_array_portable(uint64_t *dst, const uint64_t *src, size_t n, unsigned char *used);
void bb_canonical_array_avx2_gfni(uint64_t *dst, const uint64_t *src, size_t n, unsigned char *used);
void bb_canonical_array_avx512_gfni(uint64_t *dst, const uint64_t *src, size_t n, unsigned char *used);
void bb_canonical_pair_array_portable(uint64_t *p, uint64_t *o, size_t n, unsigned char *used);
void bb_canonical_pair_array_avx2_gfni(uint64_t *p, uint64_t *o, size_t n, unsigned char *used);
void bb_canonical_pair_array_avx512_gfni(uint64_t *p, uint64_t *o, size_t n, unsigned char *used);

/* ============================================================================
 * Implementation: everything below is how, not what.
 * ========================================================================== */

/* Not API: the vector array forms with the big-array walk chosen by the
 * caller (pages: four 4 KiB pages at a time), so tests reach both walks on
 * any CPU; the public forms choose by CPU (src/sym/sym_array_body.h). */
void bb__sym_apply_array_paged_avx2_gfni(uint64_t *dst, const uint64_t *src, size_t n, bb_sym s, int pages);
void bb__sym_apply_array_paged_avx512_gfni(uint64_t *dst, const uint64_t *src, size_t n, bb_sym s, int pages);

/* ---- Portable: delta swaps ------------------------------------------------
 * A delta swap exchanges the bits selected by mask m with the bits d places
 * above them (m & (m << d) == 0):  t = (x ^ (x >> d)) & m;  x ^ t ^ (t << d).
 * Each mask below is derived in docs/SYMMETRIES.md and proved by the tests. */

static inline uint64_t bb__delta_swap(uint64_t x, uint64_t m, unsigned d)
{
    uint64_t t = (x ^ (x >> d)) & m;
    return x ^ t ^ (t << d);
}

/* rank r -> rank 7-r: a byte swap. */
static inline uint64_t bb_flip_vertical_portable(uint64_t x) { return BB_BSWAP64(x); }

/* file f -> file 7-f: swap neighbouring bits, then pairs, then nibbles. */
static inline uint64_t bb_flip_horizontal_portable(uint64_t x)
{
    x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
    x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
    x = ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((x & 0x0F0F0F0F0F0F0F0FULL) << 4);
    return x;
}

/* (f, r) -> (r, f): swap the off-diagonal 4x4 blocks, then 2x2 blocks inside
 * them, then single bits.  Square (f, r) with f > r moves by 7 * (f - r). */
static inline uint64_t bb_flip_diagonal_portable(uint64_t x)
{
    x = bb__delta_swap(x, 0x00000000F0F0F0F0ULL, 28); /* f 4..7, r 0..3 <-> f-4, r+4 */
    x = bb__delta_swap(x, 0x0000CCCC0000CCCCULL, 14); /* 2x2 blocks inside each 4x4 */
    x = bb__delta_swap(x, 0x00AA00AA00AA00AAULL, 7);  /* single bits inside each 2x2 */
    return x;
}

/* (f, r) -> (7-r, 7-f): the same three levels, about the other diagonal.
 * Square (f, r) with f + r < 7 moves up by 9 * (7 - f - r). */
static inline uint64_t bb_flip_antidiagonal_portable(uint64_t x)
{
    x = bb__delta_swap(x, 0x000000000F0F0F0FULL, 36); /* f 0..3, r 0..3 <-> f+4, r+4 */
    x = bb__delta_swap(x, 0x0000333300003333ULL, 18);
    x = bb__delta_swap(x, 0x0055005500550055ULL, 9);
    return x;
}

static inline uint64_t bb_rotate_cw_portable(uint64_t x)
{
    return BB_BSWAP64(bb_flip_diagonal_portable(x));
}
static inline uint64_t bb_rotate_ccw_portable(uint64_t x)
{
    return bb_flip_diagonal_portable(BB_BSWAP64(x));
}
static inline uint64_t bb_rotate_180_portable(uint64_t x)
{
    return BB_BSWAP64(bb_flip_horizontal_portable(x));
}

/* ---- GFNI: one affine byte transform per symmetry ----------------------------
 * gf2p8affineqb(data, A) sets bit i of each data byte to the parity of
 * (A.byte[7-i] & byte).  With A = the board (a rank per byte) and data a
 * constant with byte j = 1 << p(j), byte j of the result gets bit i =
 * board(file p(j), rank 7-i): a transpose-like move in one instruction.   */
#if BB_HAVE_GFNI
#define BB__GF_IDENT 0x8040201008040201ULL /* byte j = 1 << j     */
#define BB__GF_REV 0x0102040810204080ULL   /* byte j = 1 << (7-j) */

static inline uint64_t bb__gf(uint64_t data, uint64_t matrix)
{
    __m128i d = _mm_cvtsi64_si128((long long)data);
    __m128i m = _mm_cvtsi64_si128((long long)matrix);
    return (uint64_t)_mm_cvtsi128_si64(_mm_gf2p8affine_epi64_epi8(d, m, 0));
}
static inline uint64_t bb_flip_vertical_gfni(uint64_t x) { return BB_BSWAP64(x); }
static inline uint64_t bb_flip_horizontal_gfni(uint64_t x) { return bb__gf(x, BB__GF_IDENT); }
static inline uint64_t bb_rotate_ccw_gfni(uint64_t x) { return bb__gf(BB__GF_IDENT, x); }
static inline uint64_t bb_flip_antidiagonal_gfni(uint64_t x) { return bb__gf(BB__GF_REV, x); }
static inline uint64_t bb_flip_diagonal_gfni(uint64_t x) { return bb__gf(BB__GF_IDENT, BB_BSWAP64(x)); }
static inline uint64_t bb_rotate_cw_gfni(uint64_t x) { return bb__gf(BB__GF_REV, BB_BSWAP64(x)); }
static inline uint64_t bb_rotate_180_gfni(uint64_t x) { return BB_BSWAP64(bb__gf(x, BB__GF_IDENT)); }
#define BB__SYM_IMPL(name) name##_gfni
#else
#define BB__SYM_IMPL(name) name##_portable
#endif

/* ---- The plain names: the fastest implementation the compiler targets ---- */
static inline uint64_t bb_flip_vertical(uint64_t x) { return BB__SYM_IMPL(bb_flip_vertical)(x); }
static inline uint64_t bb_flip_horizontal(uint64_t x) { return BB__SYM_IMPL(bb_flip_horizontal)(x); }
static inline uint64_t bb_flip_diagonal(uint64_t x) { return BB__SYM_IMPL(bb_flip_diagonal)(x); }
static inline uint64_t bb_flip_antidiagonal(uint64_t x) { return BB__SYM_IMPL(bb_flip_antidiagonal)(x); }
static inline uint64_t bb_rotate_cw(uint64_t x) { return BB__SYM_IMPL(bb_rotate_cw)(x); }
static inline uint64_t bb_rotate_ccw(uint64_t x) { return BB__SYM_IMPL(bb_rotate_ccw)(x); }
static inline uint64_t bb_rotate_180(uint64_t x) { return BB__SYM_IMPL(bb_rotate_180)(x); }

/* (A symmetry out of range acts as the identity, as in the array forms.) */
static inline uint64_t bb_sym_apply(uint64_t x, bb_sym s)
{
    BB__ASSERT((unsigned)s < BB_SYM_COUNT, "s", s);
    switch (s) {
    case BB_SYM_ROTATE_CW: return bb_rotate_cw(x);
    case BB_SYM_ROTATE_180: return bb_rotate_180(x);
    case BB_SYM_ROTATE_CCW: return bb_rotate_ccw(x);
    case BB_SYM_FLIP_VERTICAL: return bb_flip_vertical(x);
    case BB_SYM_FLIP_HORIZONTAL: return bb_flip_horizontal(x);
    case BB_SYM_FLIP_DIAGONAL: return bb_flip_diagonal(x);
    case BB_SYM_FLIP_ANTIDIAGONAL: return bb_flip_antidiagonal(x);
    case BB_SYM_IDENTITY: break;
    }
    return x;
}

static inline int bb_sym_square(int sq, bb_sym s)
{
    BB__ASSERT_SQUARE(sq);
    BB__ASSERT((unsigned)s < BB_SYM_COUNT, "s", s);
    sq &= 63;
    int f = sq & 7, r = sq >> 3;
    switch (s) {
    case BB_SYM_ROTATE_CW: return 8 * (7 - f) + r;
    case BB_SYM_ROTATE_180: return 63 - sq;
    case BB_SYM_ROTATE_CCW: return 8 * f + (7 - r);
    case BB_SYM_FLIP_VERTICAL: return sq ^ 56;
    case BB_SYM_FLIP_HORIZONTAL: return sq ^ 7;
    case BB_SYM_FLIP_DIAGONAL: return 8 * f + r;
    case BB_SYM_FLIP_ANTIDIAGONAL: return 8 * (7 - f) + (7 - r);
    case BB_SYM_IDENTITY: break;
    }
    return sq;
}

/* ---- Canonical forms --------------------------------------------------------
 * The 8 images come from three transforms of x (a mirror, a transpose, a
 * quarter turn) and byte swaps; the least is found by a tree of
 * compare-and-select 3 deep.  On the project's CPUs this beats gathering
 * the 8 images in one vector register: a vector min-reduction and the trip
 * back to a general register cost more than the tree (docs/SYMMETRIES.md).
 * The array forms (src/sym/canonical.c) hold a board per vector lane and
 * need no reduction across lanes. */
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

/* The lesser of a and b.  On x86-64 with GCC or Clang, a compare and a
 * conditional move in general registers, written out: compilers otherwise
 * may branch, or move the values to vector registers for vpminuq, both
 * slower here (2-cycle vector integer ops and two crossings on AMD Zen 5). */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
static inline uint64_t bb__umin(uint64_t a, uint64_t b)
{
    __asm__("cmp %[a], %[b]\n\tcmovb %[b], %[a]" : [a] "+r"(a) : [b] "r"(b) : "cc");
    return a;
}
#else
static inline uint64_t bb__umin(uint64_t a, uint64_t b) { return b < a ? b : a; }
#endif

/* The least of v[0..7]: a tree 3 deep, the images that are ready first
 * (the board and its byte swap) paired with the last ones. */
static inline uint64_t bb__least8(const uint64_t v[8])
{
    return bb__umin(bb__umin(bb__umin(v[5], v[6]), v[3]),
                    bb__umin(bb__umin(v[1], v[2]), bb__umin(v[7], bb__umin(v[0], v[4]))));
}
/* The least of v[0..7] and the lowest s giving it, together: the same
 * depth-3 tree with each image's index carried beside it by a second
 * conditional move, so the symmetry is ready when the board is (finding it
 * afterwards by comparing the images with the least is a chain of its own,
 * and a caller that maps a move back has the symmetry on its critical path).
 * The images are paired in bb_sym order, the right one taken only when it is
 * strictly less: on a tie the left, lower, index stays. */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
static inline void bb__umin_sym(uint64_t *a, uint64_t *ia, uint64_t b, uint64_t ib)
{
    __asm__("cmp %[a], %[b]\n\tcmovb %[b], %[a]\n\tcmovb %[ib], %[ia]"
            : [a] "+r"(*a), [ia] "+r"(*ia)
            : [b] "r"(b), [ib] "r"(ib)
            : "cc");
}
#else
static inline void bb__umin_sym(uint64_t *a, uint64_t *ia, uint64_t b, uint64_t ib)
{
    int take = b < *a;
    *a = take ? b : *a;
    *ia = take ? ib : *ia;
}
#endif
static inline uint64_t bb__least8_sym(const uint64_t v[8], bb_sym *used)
{
    uint64_t a = v[0], ia = 0, b = v[2], ib = 2, c = v[4], ic = 4, d = v[6], id = 6;
    bb__umin_sym(&a, &ia, v[1], 1);
    bb__umin_sym(&b, &ib, v[3], 3);
    bb__umin_sym(&c, &ic, v[5], 5);
    bb__umin_sym(&d, &id, v[7], 7);
    bb__umin_sym(&a, &ia, b, ib);
    bb__umin_sym(&c, &ic, d, id);
    bb__umin_sym(&a, &ia, c, ic);
    *used = (bb_sym)ia;
    return a;
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
/* bb__pair_min carrying an index beside the pair, as bb__umin_sym does. */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
static inline void bb__pair_min_sym(uint64_t *a, uint64_t *ao, uint64_t *ia, uint64_t b, uint64_t bo, uint64_t ib)
{
    uint64_t x = *a, xo = *ao, xi = *ia, t;
    __asm__("mov %[b], %[t]\n\t"
            "cmp %[xo], %[bo]\n\t"
            "sbb %[x], %[t]\n\t"
            "cmovc %[b], %[x]\n\t"
            "cmovc %[bo], %[xo]\n\t"
            "cmovc %[ib], %[xi]"
            : [x] "+r"(x), [xo] "+r"(xo), [xi] "+r"(xi), [t] "=&r"(t)
            : [b] "r"(b), [bo] "r"(bo), [ib] "r"(ib)
            : "cc");
    *a = x, *ao = xo, *ia = xi;
}
#else
static inline void bb__pair_min_sym(uint64_t *a, uint64_t *ao, uint64_t *ia, uint64_t b, uint64_t bo, uint64_t ib)
{
    if (bb__pair_less(b, bo, *a, *ao)) *a = b, *ao = bo, *ia = ib;
}
#endif
/* The least pair and its lowest symmetry together (bb__least8_sym's tree). */
static inline void bb__least_pair8_sym(const uint64_t vp[8], const uint64_t vo[8], uint64_t *p, uint64_t *o,
                                       bb_sym *used)
{
    uint64_t ap = vp[0], ao = vo[0], ia = 0, bp = vp[2], bo = vo[2], ib = 2;
    uint64_t cp = vp[4], co = vo[4], ic = 4, dp = vp[6], dq = vo[6], id = 6;
    bb__pair_min_sym(&ap, &ao, &ia, vp[1], vo[1], 1);
    bb__pair_min_sym(&bp, &bo, &ib, vp[3], vo[3], 3);
    bb__pair_min_sym(&cp, &co, &ic, vp[5], vo[5], 5);
    bb__pair_min_sym(&dp, &dq, &id, vp[7], vo[7], 7);
    bb__pair_min_sym(&ap, &ao, &ia, bp, bo, ib);
    bb__pair_min_sym(&cp, &co, &ic, dp, dq, id);
    bb__pair_min_sym(&ap, &ao, &ia, cp, co, ic);
    *p = ap, *o = ao, *used = (bb_sym)ia;
}
static inline void bb__least_pair8(const uint64_t vp[8], const uint64_t vo[8], uint64_t *p, uint64_t *o,
                                   bb_sym *used)
{
    if (used) {
        bb__least_pair8_sym(vp, vo, p, o, used);
        return;
    }
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
}

/* bb_canonical_<impl> and bb_canonical_pair_<impl> from one implementation's
 * mirror (H), transpose (D) and quarter turn (C). */
#define BB__CANONICAL_FNS(impl, H, D, C)                                                        \
    static inline uint64_t bb_canonical_##impl(uint64_t x, bb_sym *used)                        \
    {                                                                                           \
        uint64_t v[8];                                                                          \
        BB__SYM_IMAGES(v, x, H, D, C);                                                          \
        if (used) return bb__least8_sym(v, used);                                               \
        return bb__least8(v);                                                                   \
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

static inline uint64_t bb_canonical(uint64_t x, bb_sym *used) { return BB__SYM_IMPL(bb_canonical)(x, used); }
static inline void bb_canonical_pair(uint64_t *p, uint64_t *o, bb_sym *used)
{
    BB__ASSERT_NOT_NULL(p, "p");
    BB__ASSERT_NOT_NULL(o, "o");
    if (!p || !o) return;
    BB__SYM_IMPL(bb_canonical_pair)(p, o, used);
}

#ifdef __cplusplus
}
#endif

#endif /* BITBOARD_SYM_H */
