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
 *   bb_canonical_pair(p, o, used)  both boards under the one s making (*p, *o) least; p, o not NULL
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
uint64_t bb_canonical(uint64_t x, bb_sym *used);
void bb_canonical_pair(uint64_t *p, uint64_t *o, bb_sym *used);
void bb_sym_apply_array(uint64_t *dst, const uint64_t *src, size_t n, bb_sym s);
const char *bb_sym_apply_array_impl(void);

/* Implementation variants (see the contents list). */
void bb_sym_apply_array_portable(uint64_t *dst, const uint64_t *src, size_t n, bb_sym s);
void bb_sym_apply_array_avx2_gfni(uint64_t *dst, const uint64_t *src, size_t n, bb_sym s);
void bb_sym_apply_array_avx512_gfni(uint64_t *dst, const uint64_t *src, size_t n, bb_sym s);

/* ============================================================================
 * Implementation: everything below is how, not what.
 * ========================================================================== */

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

#ifdef __cplusplus
}
#endif

#endif /* BITBOARD_SYM_H */
