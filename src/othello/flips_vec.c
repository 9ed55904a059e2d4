/* Othello moves and flips in vector registers: AVX2 (four directions a YMM,
 * shifted left in one and right in another) and AVX-512 (all eight in one
 * ZMM, rotated by a per-lane count).  Compiled with target attributes so
 * they exist in every x86-64 build with run-time paths (BB__DISPATCH); the
 * caller checks bb_cpu_has.  Without BB__DISPATCH they are the shifts. */
#include "bitboard.h"

#if BB__DISPATCH
#include <immintrin.h>

#define INNER_FILES 0x7E7E7E7E7E7E7E7EULL

/* ---- AVX2: lanes north/south (8), east/west (1), 7, 9 ------------------------
 * The left shifts go north, east, north-west, north-east; the right shifts
 * the opposite ways.  The opponent's discs are masked to files b-g in the
 * lanes whose direction has an east or west step (as the shifts do). */
#define T256 __attribute__((target("avx2")))

static inline T256 uint64_t or_lanes256(__m256i v)
{
    __m128i x = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    return (uint64_t)_mm_cvtsi128_si64(_mm_or_si128(x, _mm_unpackhi_epi64(x, x)));
}

T256 uint64_t bb_othello_moves_avx2(uint64_t p, uint64_t o)
{
    const __m256i s1 = _mm256_set_epi64x(9, 7, 1, 8), s2 = _mm256_add_epi64(s1, s1);
    const __m256i mask = _mm256_set_epi64x((long long)INNER_FILES, (long long)INNER_FILES,
                                           (long long)INNER_FILES, -1);
    __m256i pp = _mm256_set1_epi64x((long long)p);
    __m256i om = _mm256_and_si256(_mm256_set1_epi64x((long long)o), mask);
    /* left: a run of 1-2 from p, then doubled twice (up to 6) */
    __m256i t = _mm256_and_si256(om, _mm256_sllv_epi64(pp, s1));
    t = _mm256_or_si256(t, _mm256_and_si256(om, _mm256_sllv_epi64(t, s1)));
    __m256i pre = _mm256_and_si256(om, _mm256_sllv_epi64(om, s1));
    t = _mm256_or_si256(t, _mm256_and_si256(pre, _mm256_sllv_epi64(t, s2)));
    t = _mm256_or_si256(t, _mm256_and_si256(pre, _mm256_sllv_epi64(t, s2)));
    __m256i moves = _mm256_sllv_epi64(t, s1);
    /* right */
    t = _mm256_and_si256(om, _mm256_srlv_epi64(pp, s1));
    t = _mm256_or_si256(t, _mm256_and_si256(om, _mm256_srlv_epi64(t, s1)));
    pre = _mm256_and_si256(om, _mm256_srlv_epi64(om, s1));
    t = _mm256_or_si256(t, _mm256_and_si256(pre, _mm256_srlv_epi64(t, s2)));
    t = _mm256_or_si256(t, _mm256_and_si256(pre, _mm256_srlv_epi64(t, s2)));
    moves = _mm256_or_si256(moves, _mm256_srlv_epi64(t, s1));
    return or_lanes256(moves) & ~(p | o);
}

/* The run of opponent discs from m each way (Kogge-Stone's occluded fill),
 * kept in the lanes where a p disc ends it. */
#define FLIPS256(SHIFT)                                                                           \
    do {                                                                                          \
        __m256i g = mm, pr = om;                                                                  \
        g = _mm256_or_si256(g, _mm256_and_si256(pr, SHIFT(g, s1)));                               \
        pr = _mm256_and_si256(pr, SHIFT(pr, s1));                                                 \
        g = _mm256_or_si256(g, _mm256_and_si256(pr, SHIFT(g, s2)));                               \
        pr = _mm256_and_si256(pr, SHIFT(pr, s2));                                                 \
        g = _mm256_or_si256(g, _mm256_and_si256(pr, SHIFT(g, s4)));                               \
        __m256i none = _mm256_cmpeq_epi64(_mm256_and_si256(SHIFT(g, s1), pp), zero);              \
        flips = _mm256_or_si256(flips, _mm256_andnot_si256(_mm256_or_si256(none, mm), g));        \
    } while (0)

T256 uint64_t bb_othello_flips_avx2(uint64_t p, uint64_t o, int sq)
{
    BB__ASSERT_SQUARE(sq);
    sq &= 63;
    const __m256i s1 = _mm256_set_epi64x(9, 7, 1, 8), s2 = _mm256_add_epi64(s1, s1), s4 = _mm256_add_epi64(s2, s2);
    const __m256i mask = _mm256_set_epi64x((long long)INNER_FILES, (long long)INNER_FILES,
                                           (long long)INNER_FILES, -1);
    const __m256i zero = _mm256_setzero_si256();
    __m256i pp = _mm256_set1_epi64x((long long)p), mm = _mm256_set1_epi64x((long long)((uint64_t)1 << sq));
    __m256i om = _mm256_and_si256(_mm256_set1_epi64x((long long)o), mask), flips = zero;
    FLIPS256(_mm256_sllv_epi64);
    FLIPS256(_mm256_srlv_epi64);
    return or_lanes256(flips) & (0 - ((~(p | o) >> sq) & 1));
}

/* ---- AVX-512: all eight directions in one ZMM --------------------------------
 * Lane counts rotate left by 8, 1, 7, 9 (north, east, north-west, north-east)
 * and by 56, 63, 57, 55 (the same steps backwards).  The opponent's discs
 * are masked to the squares with a square beyond them each way (ranks 2-7,
 * files b-g, or both), so no run ever rotates across the board's top or
 * bottom: a rotation moves them exactly as a shift would. */
#define T512 __attribute__((target("avx512f")))
#define INNER_RANKS 0x00FFFFFFFFFFFF00ULL
#define INNER_BOTH 0x007E7E7E7E7E7E00ULL

static inline T512 __m512i inner512(uint64_t o)
{
    const __m512i mask = _mm512_set_epi64((long long)INNER_BOTH, (long long)INNER_BOTH, (long long)INNER_FILES,
                                          (long long)INNER_RANKS, (long long)INNER_BOTH, (long long)INNER_BOTH,
                                          (long long)INNER_FILES, (long long)INNER_RANKS);
    return _mm512_and_si512(_mm512_set1_epi64((long long)o), mask);
}

T512 uint64_t bb_othello_moves_avx512(uint64_t p, uint64_t o)
{
    const __m512i s1 = _mm512_set_epi64(55, 57, 63, 56, 9, 7, 1, 8);
    const __m512i s2 = _mm512_set_epi64(46, 50, 62, 48, 18, 14, 2, 16);
    __m512i pp = _mm512_set1_epi64((long long)p), om = inner512(o);
    __m512i t = _mm512_and_si512(om, _mm512_rolv_epi64(pp, s1));
    t = _mm512_or_si512(t, _mm512_and_si512(om, _mm512_rolv_epi64(t, s1)));
    __m512i pre = _mm512_and_si512(om, _mm512_rolv_epi64(om, s1));
    t = _mm512_or_si512(t, _mm512_and_si512(pre, _mm512_rolv_epi64(t, s2)));
    t = _mm512_or_si512(t, _mm512_and_si512(pre, _mm512_rolv_epi64(t, s2)));
    return (uint64_t)_mm512_reduce_or_epi64(_mm512_rolv_epi64(t, s1)) & ~(p | o);
}

T512 uint64_t bb_othello_flips_avx512(uint64_t p, uint64_t o, int sq)
{
    BB__ASSERT_SQUARE(sq);
    sq &= 63;
    const __m512i s1 = _mm512_set_epi64(55, 57, 63, 56, 9, 7, 1, 8);
    const __m512i s2 = _mm512_set_epi64(46, 50, 62, 48, 18, 14, 2, 16);
    const __m512i s4 = _mm512_set_epi64(28, 36, 60, 32, 36, 28, 4, 32);
    __m512i pp = _mm512_set1_epi64((long long)p), mm = _mm512_set1_epi64((long long)((uint64_t)1 << sq));
    __m512i g = mm, pr = inner512(o);
    g = _mm512_or_si512(g, _mm512_and_si512(pr, _mm512_rolv_epi64(g, s1)));
    pr = _mm512_and_si512(pr, _mm512_rolv_epi64(pr, s1));
    g = _mm512_or_si512(g, _mm512_and_si512(pr, _mm512_rolv_epi64(g, s2)));
    pr = _mm512_and_si512(pr, _mm512_rolv_epi64(pr, s2));
    g = _mm512_or_si512(g, _mm512_and_si512(pr, _mm512_rolv_epi64(g, s4)));
    __mmask8 ended = _mm512_test_epi64_mask(_mm512_rolv_epi64(g, s1), pp);
    uint64_t flips = (uint64_t)_mm512_reduce_or_epi64(_mm512_maskz_andnot_epi64(ended, mm, g));
    return flips & (0 - ((~(p | o) >> sq) & 1));
}

#else /* no run-time paths: the shifts */
uint64_t bb_othello_moves_avx2(uint64_t p, uint64_t o) { return bb_othello_moves_shifts(p, o); }
uint64_t bb_othello_moves_avx512(uint64_t p, uint64_t o) { return bb_othello_moves_shifts(p, o); }
uint64_t bb_othello_flips_avx2(uint64_t p, uint64_t o, int sq) { return bb_othello_flips_shifts(p, o, sq); }
uint64_t bb_othello_flips_avx512(uint64_t p, uint64_t o, int sq) { return bb_othello_flips_shifts(p, o, sq); }
#endif
