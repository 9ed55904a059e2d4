/* bitboard/core.h - squares, the compile-time implementation choice, and the
 * small helpers every module shares.  Included by <bitboard.h>. */
#ifndef BITBOARD_CORE_H
#define BITBOARD_CORE_H

#include <stddef.h>
#include <stdint.h>

#define BB_VERSION_MAJOR 0
#define BB_VERSION_MINOR 1
#define BB_VERSION_PATCH 0
#define BB_VERSION_STRING "0.1.0"

/* ---- Squares --------------------------------------------------------------
 * One 64-bit word, one bit per square, little-endian rank-file mapping:
 *
 *        a  b  c  d  e  f  g  h
 *    8  56 57 58 59 60 61 62 63     chess diagrams print rank 8 on top,
 *    7  48 49 50 51 52 53 54 55     Othello diagrams print row 1 on top;
 *    6  40 41 42 43 44 45 46 47     the bits are the same either way.
 *    5  32 33 34 35 36 37 38 39
 *    4  24 25 26 27 28 29 30 31     file = sq & 7    rank = sq >> 3
 *    3  16 17 18 19 20 21 22 23     sq   = 8 * rank + file
 *    2   8  9 10 11 12 13 14 15
 *    1   0  1  2  3  4  5  6  7     a1 = bit 0, h1 = bit 7, h8 = bit 63
 *
 * Directions (clockwise, up, ...) are as seen with rank 8 on top.        */
enum {
    BB_A1, BB_B1, BB_C1, BB_D1, BB_E1, BB_F1, BB_G1, BB_H1,
    BB_A2, BB_B2, BB_C2, BB_D2, BB_E2, BB_F2, BB_G2, BB_H2,
    BB_A3, BB_B3, BB_C3, BB_D3, BB_E3, BB_F3, BB_G3, BB_H3,
    BB_A4, BB_B4, BB_C4, BB_D4, BB_E4, BB_F4, BB_G4, BB_H4,
    BB_A5, BB_B5, BB_C5, BB_D5, BB_E5, BB_F5, BB_G5, BB_H5,
    BB_A6, BB_B6, BB_C6, BB_D6, BB_E6, BB_F6, BB_G6, BB_H6,
    BB_A7, BB_B7, BB_C7, BB_D7, BB_E7, BB_F7, BB_G7, BB_H7,
    BB_A8, BB_B8, BB_C8, BB_D8, BB_E8, BB_F8, BB_G8, BB_H8
};

#define BB_FILE_A 0x0101010101010101ULL /* a1..a8 */
#define BB_FILE_H 0x8080808080808080ULL /* h1..h8 */
#define BB_RANK_1 0x00000000000000FFULL /* a1..h1 */
#define BB_RANK_8 0xFF00000000000000ULL /* a8..h8 */
#define BB_DIAGONAL_A1H8 0x8040201008040201ULL
#define BB_ANTIDIAGONAL_A8H1 0x0102040810204080ULL

/* The square's bit; requires 0 <= sq < 64. */
static inline uint64_t bb_square_bb(int sq) { return (uint64_t)1 << sq; }
static inline int bb_square_file(int sq) { return sq & 7; }
static inline int bb_square_rank(int sq) { return sq >> 3; }
/* Square at (file, rank); both 0..7. */
static inline int bb_square_at(int file, int rank) { return 8 * rank + file; }

/* ---- Implementation choice ------------------------------------------------
 * Hot operations are static inline and come in several implementations, all
 * always callable by explicit name where the compiler targets their ISA.  The
 * plain names (bb_flip_diagonal, ...) use the fastest one the compiler
 * targets.  Define BB_NO_GFNI, BB_NO_BMI2, BB_NO_BITALG (or BB_PORTABLE,
 * which implies every BB_NO_*) before including <bitboard.h> to leave an
 * instruction set out.                                                     */
#if defined(BB_PORTABLE)
#ifndef BB_NO_GFNI
#define BB_NO_GFNI 1
#endif
#ifndef BB_NO_BMI2
#define BB_NO_BMI2 1
#endif
#ifndef BB_NO_BITALG
#define BB_NO_BITALG 1
#endif
#ifndef BB_NO_DISPATCH
#define BB_NO_DISPATCH 1 /* library build: no run-time AVX paths either */
#endif
#endif
#if defined(__GFNI__) && defined(__SSE2__) && defined(__x86_64__) && !defined(BB_NO_GFNI)
#define BB_HAVE_GFNI 1 /* the *_gfni scalar functions exist */
#else
#define BB_HAVE_GFNI 0
#endif

#if defined(__BMI2__) && defined(__x86_64__) && !defined(BB_NO_BMI2)
#define BB_HAVE_BMI2 1 /* the *_pext (pext/pdep) functions exist */
#else
#define BB_HAVE_BMI2 0
#endif

/* AVX-512 BITALG's vpshufbitqmb gathers any 64 bits of a word: one
 * instruction for any fixed permutation of the board. */
#if defined(__AVX512BITALG__) && defined(__AVX512BW__) && defined(__x86_64__) && !defined(BB_NO_BITALG)
#define BB_HAVE_BITALG 1 /* the *_bitalg functions exist */
#else
#define BB_HAVE_BITALG 0
#endif

#if BB_HAVE_GFNI || BB_HAVE_BMI2 || BB_HAVE_BITALG
#include <immintrin.h>
#endif

/* BB__ASSUME(c): the compiler may take c as true (lets it drop, e.g., the
 * zero-extension of a pext result it cannot see is below 256).
 * BB__CONSTANT_P(x): 1 if the compiler knows x's value here, else 0. */
#if defined(__GNUC__) || defined(__clang__)
#define BB__ASSUME(c) do { if (!(c)) __builtin_unreachable(); } while (0)
#define BB__CONSTANT_P(x) __builtin_constant_p(x)
#else
#define BB__ASSUME(c) ((void)0)
#define BB__CONSTANT_P(x) 0
#endif

/* Byte swap without compiler help: the fallback where no builtin exists. */
static inline uint64_t bb__bswap64_portable(uint64_t x)
{
    x = ((x >> 8) & 0x00FF00FF00FF00FFULL) | ((x & 0x00FF00FF00FF00FFULL) << 8);
    x = ((x >> 16) & 0x0000FFFF0000FFFFULL) | ((x & 0x0000FFFF0000FFFFULL) << 16);
    return (x >> 32) | (x << 32);
}
#if defined(__GNUC__) || defined(__clang__)
#define BB_BSWAP64(x) __builtin_bswap64(x)
#else
#define BB_BSWAP64(x) bb__bswap64_portable(x)
#endif

/* Number of set bits (squares) in x. */
static inline int bb__popcount_portable(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}
#if defined(__GNUC__) || defined(__clang__)
static inline int bb_popcount(uint64_t x) { return __builtin_popcountll(x); }
#else
static inline int bb_popcount(uint64_t x) { return bb__popcount_portable(x); }
#endif

/* ---- Run-time CPU features -------------------------------------------------
 * The compiled array functions choose their code at run time with these. */
typedef enum {
    BB_CPU_BMI2 = 1,
    BB_CPU_GFNI = 2,         /* with SSE: the scalar *_gfni functions */
    BB_CPU_AVX2_GFNI = 4,    /* AVX2 + GFNI, and the OS saves YMM state */
    BB_CPU_AVX512_GFNI = 8,  /* AVX-512 F/BW + GFNI, and the OS saves ZMM state */
    BB_CPU_AVX512 = 16       /* AVX-512 F/BW, and the OS saves ZMM state */
} bb_cpu_feature;
/* Nonzero if this CPU and OS support every feature in the mask and this
 * library build may use them (a BB_NO_DISPATCH build uses none: then only 0
 * is supported).  Cheap: the probe runs once per process. */
int bb_cpu_has(unsigned features);

/* Library version as "MAJOR.MINOR.PATCH" (the compiled library's, which may
 * differ from BB_VERSION_STRING if headers and library are mismatched). */
const char *bb_version(void);

#endif /* BITBOARD_CORE_H */
