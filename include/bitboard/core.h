/* bitboard/core.h - squares, the compile-time implementation choice, the
 * out-of-range policy, and the small helpers every module shares.  Included
 * by <bitboard.h>.
 *
 * Contents (each name: what it is or returns; what it requires)
 *   BB_VERSION_MAJOR      0 (the headers' version, as a number: semantic versioning, README.md;
 *                         this is the one place the version of the library, the CLI and the
 *                         Python and npm packages is defined; make release VERSION=X.Y.Z sets it)
 *   BB_VERSION_MINOR      2
 *   BB_VERSION_PATCH      0
 *   BB_VERSION_STRING     "0.2.0"
 *   BB_ABI_VERSION        1 (the shared library's ABI: its soname is libbitboard.so.1; raised
 *                         when a change breaks programs linked against the last release,
 *                         CONTRIBUTING.md "ABI and versions")
 *   bb_version()          the compiled library's version string; may differ from BB_VERSION_STRING
 *   BB_MAX_HASH_MB        65536: the largest table (MiB) the CLI, Python and JS take for any
 *                         module (JS: less, its memory's cap; js/src/exports.c)
 *   BB_MAX_SECONDS        86400: the longest time budget (seconds, a day) the front ends take
 *   BB_MAX_THREADS        256: the most threads perft (chess, Othello) runs, and the front ends take
 *                         for it and for reading PGN
 *   BB_DEPRECATED(msg)    marks a declaration on its way out: a compiler warning with msg where
 *                         it is used (gcc, clang; nothing elsewhere); CHANGELOG.md lists them
 *   BB_A1 ... BB_H8       the 64 squares, a1 = 0 ... h8 = 63 (all listed below the diagram)
 *   BB_FILE_A             the a-file (a1..a8)
 *   BB_FILE_H             the h-file (h1..h8)
 *   BB_RANK_1             rank 1 (a1..h1)
 *   BB_RANK_8             rank 8 (a8..h8)
 *   BB_DIAGONAL_A1H8      the long diagonal a1-h8
 *   BB_ANTIDIAGONAL_A8H1  the long anti-diagonal a8-h1
 *   bb_square_bb(sq)      the board with only sq set; sq 0..63
 *   bb_square_file(sq)    0..7 (a..h); sq 0..63
 *   bb_square_rank(sq)    0..7 (rank 1..8); sq 0..63
 *   bb_square_at(f, r)    the square on file f, rank r; both 0..7
 *   bb_popcount(x)        the number of set squares of x, 0..64
 *   BB_BSWAP64(x)         x with its bytes (ranks) reversed
 *   bb_cpu_has(features)  nonzero if this CPU and library build may use every bb_cpu_feature in the mask
 *   bb_cpu_feature        the bits bb_cpu_has takes:
 *   BB_CPU_BMI2             pext/pdep
 *   BB_CPU_GFNI             the scalar *_gfni forms
 *   BB_CPU_AVX2_GFNI        AVX2 + GFNI, with YMM state saved by the OS
 *   BB_CPU_AVX512_GFNI      AVX-512 F/BW/VL + GFNI, with ZMM state saved by the OS
 *   BB_CPU_AVX512           AVX-512 F/BW/VL, with ZMM state saved by the OS
 *   BB_CPU_AVX2             AVX2, with YMM state saved by the OS
 * Build macros (define before including <bitboard.h>; the Makefile's
 * PORTABLE=1 and DEBUG/SAN options define them for the library):
 *   BB_PORTABLE           portable code only: implies BB_NO_GFNI, BB_NO_BMI2, BB_NO_BITALG, BB_NO_DISPATCH
 *   BB_NO_GFNI            leave out the *_gfni forms
 *   BB_NO_BMI2            leave out the *_pext forms
 *   BB_NO_BITALG          leave out the *_bitalg forms
 *   BB_NO_DISPATCH        (library build) no run-time AVX paths; bb_cpu_has then says 0
 *   BB_DEBUG              check arguments: a bad one aborts with a message (see below)
 * Set by this header (1 if the forms exist in this translation unit, else 0):
 *   BB_HAVE_GFNI          the *_gfni forms (the compiler targets GFNI)
 *   BB_HAVE_BMI2          the *_pext forms (the compiler targets BMI2)
 *   BB_HAVE_FAST_PEXT     BMI2 where pext is fast: the plain names use it (not AMD Zen 1 or 2)
 *   BB_HAVE_BITALG        the *_bitalg forms (the compiler targets AVX-512 BITALG)
 *
 * ---- Arguments out of range: one policy for the whole library -------------
 * Every argument has a range: a square is 0..63; a bb_sym or a bb_mapping
 * is 0..7; a bb_line or a bb_rot45 is 0..3; a pointer is not NULL unless its
 * contract says it may be.  Anything else is a caller error (a precondition),
 * in every function:
 *   - With BB_DEBUG defined (by your code for the inline functions, by the
 *     library's build for the compiled ones) the function prints
 *       bitboard: <function>: <argument> = <value> out of range
 *     (or "<argument> is NULL") to stderr and calls abort().
 *   - Without it the result is unspecified but safe: no function reads or
 *     writes outside its tables or follows a NULL pointer because of a bad
 *     argument, and every form of a function (the plain name, _portable,
 *     _gfni, _mul, _lookup, _pext, _select, _bitalg, the array forms) gives
 *     the same result.  (Today: a square is taken as sq & 63; a bb_line or a
 *     bb_rot45 as value & 3; a bb_sym or a bb_mapping out of range as the
 *     identity; a NULL name does not parse (-1); an array function given
 *     NULL does nothing.  Do not rely on these.)
 * Not errors, because their contracts define them: bb_sym_name, bb_line_name
 * and bb_mapping_name of a value out of range return NULL, bb_square_name
 * writes "??"; a NULL text given to bb_parse_board or bb_parse_square is no
 * input (-1); the bits of a byte argument above bit 7 are ignored.
 *
 * Thread safety: no function writes shared state the caller can observe. */
#ifndef BITBOARD_CORE_H
#define BITBOARD_CORE_H

#include <stddef.h>
#include <stdint.h>

#define BB_VERSION_MAJOR 0
#define BB_VERSION_MINOR 2
#define BB_VERSION_PATCH 0
#define BB_VERSION_STRING "0.2.0"
/* The soname's number (libbitboard.so.N): the Makefile and CMakeLists.txt read it here. */
#define BB_ABI_VERSION 1

/* The front ends' limits shared by every module (the CLI, Python and JS
 * check their arguments against these, and their errors quote them):
 * a table of more than 64 GiB is a typing mistake rather than a wish; a
 * time budget of more than a day, the same; and perft splits its work over
 * at most 256 threads (src/othello/perft.c, src/chess/perft.c: more are
 * taken as 256). */
#define BB_MAX_HASH_MB 65536
#define BB_MAX_SECONDS 86400
#define BB_MAX_THREADS 256

/* A declaration on its way out, e.g.
 *   BB_DEPRECATED("use bb_new_name") int bb_old_name(int x);
 * warns where it is used; removed in a later minor release (before 1.0) or
 * the next major one (CHANGELOG.md's Deprecated and Removed). */
#if defined(__GNUC__) || defined(__clang__)
#define BB_DEPRECATED(msg) __attribute__((deprecated(msg)))
#else
#define BB_DEPRECATED(msg)
#endif

/* ---- Implementation choice (compile time) -----------------------------------
 * Hot operations are static inline and come in several implementations, all
 * callable by name where the compiler targets their instruction set.  The
 * plain names use the fastest one the compiler targets. */
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
#define BB_HAVE_GFNI 1
#else
#define BB_HAVE_GFNI 0
#endif
#if defined(__BMI2__) && defined(__x86_64__) && !defined(BB_NO_BMI2)
#define BB_HAVE_BMI2 1
#else
#define BB_HAVE_BMI2 0
#endif
/* BB_HAVE_FAST_PEXT: BMI2 and a target whose pext/pdep take 3 cycles.  AMD
 * before Zen 3 (-march=znver1, znver2, which -march=native picks there) runs
 * them in microcode, 18 to 300 cycles by the mask: there the plain names
 * (bb_line_extract, bb_rotated45, the attacks default) use the multiplication
 * and magic forms, and the _pext forms stay available.  Measured on AMD Zen 1
 * (family 23 model 1): bb_othello_flips_lookup over lines by pext 105 ns a
 * call, by multiplication 13 ns (docs/BENCHMARKS.md). */
#if BB_HAVE_BMI2 && !defined(__znver1__) && !defined(__znver2__)
#define BB_HAVE_FAST_PEXT 1
#else
#define BB_HAVE_FAST_PEXT 0
#endif
/* AVX-512 BITALG's vpshufbitqmb gathers any 64 bits of a word: one
 * instruction for any fixed permutation of the board. */
#if defined(__AVX512BITALG__) && defined(__AVX512BW__) && defined(__x86_64__) && !defined(BB_NO_BITALG)
#define BB_HAVE_BITALG 1
#else
#define BB_HAVE_BITALG 0
#endif

/* BB__DISPATCH (not API; meaningful in the library's own build): 1 when the
 * library compiles its run-time paths (x86-64 with GCC or Clang, and no
 * BB_NO_DISPATCH).  The one place that decides it; src/core/dispatch.c holds
 * the run-time choices. */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(BB_NO_DISPATCH)
#define BB__DISPATCH 1
#else
#define BB__DISPATCH 0
#endif

#if BB_HAVE_GFNI || BB_HAVE_BMI2 || BB_HAVE_BITALG
#include <immintrin.h>
#endif
#if defined(BB_DEBUG)
#include <stdio.h>
#include <stdlib.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Library version as "MAJOR.MINOR.PATCH" (the compiled library's). */
const char *bb_version(void);

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

#define BB_FILE_A 0x0101010101010101ULL
#define BB_FILE_H 0x8080808080808080ULL
#define BB_RANK_1 0x00000000000000FFULL
#define BB_RANK_8 0xFF00000000000000ULL
#define BB_DIAGONAL_A1H8 0x8040201008040201ULL
#define BB_ANTIDIAGONAL_A8H1 0x0102040810204080ULL

/* ---- Run-time CPU features ---------------------------------------------------
 * The compiled array functions choose their code at run time with these. */
typedef enum {
    BB_CPU_BMI2 = 1,
    BB_CPU_GFNI = 2,
    BB_CPU_AVX2_GFNI = 4,
    BB_CPU_AVX512_GFNI = 8,
    BB_CPU_AVX512 = 16,
    BB_CPU_AVX2 = 32
} bb_cpu_feature;
/* Not API: a tuning choice the probe makes by vendor (Intel), for the
 * in-place pass of bb_sym_apply_array over big arrays (src/sym/). */
#define BB__CPU_PAGES_IN_PLACE (1u << 30)
/* Not API: instruction sets only the Othello perft kernels need. */
#define BB__CPU_POPCNT_BMI (1u << 29)             /* POPCNT, BMI1 and BMI2 */
#define BB__CPU_AVX512_VPOPCNT_VBMI2 (1u << 28)   /* AVX-512 VPOPCNTDQ and VBMI2 */
/* Nonzero if this CPU and OS support every feature in the mask and this
 * library build may use them (a BB_NO_DISPATCH build uses none: then only 0
 * is supported).  Cheap: the probe runs once per process. */
int bb_cpu_has(unsigned features);

static inline uint64_t bb_square_bb(int sq);
static inline int bb_square_file(int sq);
static inline int bb_square_rank(int sq);
static inline int bb_square_at(int file, int rank);
static inline int bb_popcount(uint64_t x);

/* ============================================================================
 * Implementation: everything below is how, not what.
 * ========================================================================== */

/* BB__ASSERT(cond, "argument", value) (value an int or an enum) and
 * BB__ASSERT_NOT_NULL(p, "argument") (not API): the checks of the
 * out-of-range policy above; nothing without BB_DEBUG. */
#if defined(BB_DEBUG)
static inline void bb__range_error(const char *fn, const char *arg, long long value)
{
    fprintf(stderr, "bitboard: %s: %s = %lld out of range\n", fn, arg, value);
    abort();
}
static inline void bb__null_error(const char *fn, const char *arg)
{
    fprintf(stderr, "bitboard: %s: %s is NULL\n", fn, arg);
    abort();
}
#define BB__ASSERT(cond, arg, value) ((cond) ? (void)0 : bb__range_error(__func__, (arg), (long long)(int)(value)))
#define BB__ASSERT_NOT_NULL(p, arg) ((p) ? (void)0 : bb__null_error(__func__, (arg)))
#else
#define BB__ASSERT(cond, arg, value) ((void)0)
#define BB__ASSERT_NOT_NULL(p, arg) ((void)0)
#endif
/* 1 if the compiled library checks its arguments (was built with BB_DEBUG),
 * else 0: for the tests (not API). */
int bb__debug_checks(void);

/* The index of name in names[0..count) ignoring ASCII case, or -1 (also for
 * a NULL name): the one name matcher of every *_from_name (not API). */
int bb__name_index(const char *name, const char *const names[], int count);

/* a + b for counts that must never wrap (perft): a sum of 2^64 - 1 or more
 * stays at UINT64_MAX, which the callers report as "too many to count in
 * 64 bits" (not API). */
static inline uint64_t bb__count_add(uint64_t a, uint64_t b)
{
    uint64_t s = a + b;
    return s < a ? UINT64_MAX : s;
}

/* The square check every function taking a square makes (not API). */
#define BB__ASSERT_SQUARE(sq) BB__ASSERT((unsigned)(sq) < 64, "sq", (sq))

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

static inline uint64_t bb_square_bb(int sq)
{
    BB__ASSERT_SQUARE(sq);
    return (uint64_t)1 << (sq & 63);
}
static inline int bb_square_file(int sq)
{
    BB__ASSERT_SQUARE(sq);
    return sq & 7;
}
static inline int bb_square_rank(int sq)
{
    BB__ASSERT_SQUARE(sq);
    return (sq & 63) >> 3;
}
static inline int bb_square_at(int file, int rank)
{
    BB__ASSERT((unsigned)file < 8, "file", file);
    BB__ASSERT((unsigned)rank < 8, "rank", rank);
    return 8 * (rank & 7) + (file & 7);
}

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

/* Set-bit count without compiler help. */
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

#ifdef __cplusplus
}
#endif

#endif /* BITBOARD_CORE_H */
