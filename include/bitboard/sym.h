/* bitboard/sym.h - the 8 symmetries of the square: flips, rotations, their
 * composition, canonical forms.  Included by <bitboard.h>.
 *
 * Every transform maps square (file, rank) as follows (rank 8 on top):
 *
 *   identity          (f, r)            rotate_cw   (f, r) -> (r, 7-f)  a1->a8->h8
 *   flip_vertical     (f, 7-r)          rotate_180  (7-f, 7-r)  bit reversal
 *   flip_horizontal   (7-f, r)          rotate_ccw  (f, r) -> (7-r, f)  a1->h1->h8
 *   flip_diagonal     (r, f)   about a1-h8
 *   flip_antidiagonal (7-r, 7-f) about a8-h1
 *
 * Implementations: *_portable (delta swaps and a byte swap; any C compiler)
 * and *_gfni (one gf2p8affineqb, which multiplies each byte by an 8x8 bit
 * matrix; only when the compiler targets GFNI).  See docs/SYMMETRIES.md. */
#ifndef BITBOARD_SYM_H
#define BITBOARD_SYM_H

#include "core.h"

typedef enum {
    BB_SYM_IDENTITY,
    BB_SYM_ROTATE_CW,
    BB_SYM_ROTATE_180,
    BB_SYM_ROTATE_CCW,
    BB_SYM_FLIP_VERTICAL,
    BB_SYM_FLIP_HORIZONTAL,
    BB_SYM_FLIP_DIAGONAL,
    BB_SYM_FLIP_ANTIDIAGONAL
} bb_sym; /* values 0..7 in this order */

#define BB_SYM_COUNT 8

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

/* ---- The default: the fastest implementation the compiler targets -------- */
static inline uint64_t bb_flip_vertical(uint64_t x) { return BB__SYM_IMPL(bb_flip_vertical)(x); }
static inline uint64_t bb_flip_horizontal(uint64_t x) { return BB__SYM_IMPL(bb_flip_horizontal)(x); }
static inline uint64_t bb_flip_diagonal(uint64_t x) { return BB__SYM_IMPL(bb_flip_diagonal)(x); }
static inline uint64_t bb_flip_antidiagonal(uint64_t x) { return BB__SYM_IMPL(bb_flip_antidiagonal)(x); }
static inline uint64_t bb_rotate_cw(uint64_t x) { return BB__SYM_IMPL(bb_rotate_cw)(x); }
static inline uint64_t bb_rotate_ccw(uint64_t x) { return BB__SYM_IMPL(bb_rotate_ccw)(x); }
static inline uint64_t bb_rotate_180(uint64_t x) { return BB__SYM_IMPL(bb_rotate_180)(x); }

/* x under symmetry s; requires 0 <= s < 8 (anything else returns x). */
static inline uint64_t bb_sym_apply(uint64_t x, bb_sym s)
{
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

/* Where square sq (0..63) goes under s: bb_sym_apply(1 << sq, s) == 1 << result. */
static inline int bb_sym_square(int sq, bb_sym s)
{
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

/* The symmetry equal to applying `first`, then `then`:
 * bb_sym_apply(bb_sym_apply(x, first), then) == bb_sym_apply(x, result). */
bb_sym bb_sym_compose(bb_sym first, bb_sym then);
/* The symmetry that undoes s: compose(s, inverse(s)) == identity. */
bb_sym bb_sym_inverse(bb_sym s);
/* Lowercase name ("rotate_cw", ...), or NULL if s is out of range. */
const char *bb_sym_name(bb_sym s);
/* Parses a name as printed by bb_sym_name; returns 0 and sets *s, or -1. */
int bb_sym_from_name(const char *name, bb_sym *s);

/* dst[i] = bb_sym_apply(src[i], s) for i < n.  dst may equal src; other
 * overlaps are not allowed.  Picks AVX-512 GFNI, AVX2 GFNI or portable code at
 * run time, so one build serves every x86-64. */
void bb_sym_apply_array(uint64_t *dst, const uint64_t *src, size_t n, bb_sym s);

/* The run-time choices, callable directly (tests, benchmarks).  The *_avx2_gfni
 * and *_avx512_gfni ones require bb_cpu_has(...) to say the CPU has them. */
void bb_sym_apply_array_portable(uint64_t *dst, const uint64_t *src, size_t n, bb_sym s);
void bb_sym_apply_array_avx2_gfni(uint64_t *dst, const uint64_t *src, size_t n, bb_sym s);
void bb_sym_apply_array_avx512_gfni(uint64_t *dst, const uint64_t *src, size_t n, bb_sym s);

/* Which implementation bb_sym_apply_array uses here: "avx512-gfni", ... */
const char *bb_sym_apply_array_impl(void);

#include "sym_canonical.h" /* bb_canonical, bb_canonical_pair and their array forms */

#endif /* BITBOARD_SYM_H */
