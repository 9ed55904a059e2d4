/* The endgame solver's flips (private: src/othello/solve.c; tested in
 * tests/test_othello_solve.c).  With AVX-512 and its lzcnt (AVX512CD) at
 * compile time, all eight rays from the square in one ZMM: on each ray the
 * nearest square without an opponent's disc (the lowest set bit on the rays
 * towards higher squares, the highest by lzcnt on the rays towards lower
 * ones) outflanks if it holds a mover's disc, and the ray's squares before
 * it flip.  No fill, so a shorter chain than the library's AVX-512 form
 * (Kogge-Stone: three dependent rotation steps); FFO #40, #41, #43, #44 on
 * AMD family 25 model 17 (Zen 4): 7.6-7.7 s against 7.9-8.2 s. */
#ifndef BB_SRC_OTHELLO_FLIPS_RAYS_H
#define BB_SRC_OTHELLO_FLIPS_RAYS_H

#include "bitboard.h"

#if defined(__AVX512F__) && defined(__AVX512CD__) && defined(__x86_64__) && !defined(BB_PORTABLE)
#define BB__OTHELLO_FLIPS_RAYS 1
#include <immintrin.h>

/* bb__othello_ray[sq][d]: the squares from sq (itself not) to the edge in
 * direction d; lanes 0-3 towards higher squares (north, east, north-east,
 * north-west), 4-7 towards lower ones (south, west, south-west, south-east).
 * Filled by bb__othello_rays_fill (once; before any call). */
extern uint64_t bb__othello_ray[64][8];
void bb__othello_rays_fill(void);

/* The discs a move on empty square sq (0..63) flips. */
static inline uint64_t bb__othello_flips_rays(uint64_t p, uint64_t o, int sq)
{
    const __m512i mask = _mm512_load_si512((const void *)bb__othello_ray[sq & 63]), zero = _mm512_setzero_si512();
    __m512i yzw = _mm512_andnot_si512(_mm512_set1_epi64((long long)o), mask);
    __m512i lo = _mm512_and_si512(yzw, _mm512_sub_epi64(zero, yzw));
    __m512i hi = _mm512_srlv_epi64(_mm512_set1_epi64((long long)0x8000000000000000ULL), _mm512_lzcnt_epi64(yzw));
    __m512i of = _mm512_and_si512(_mm512_mask_blend_epi64(0xF0, lo, hi), _mm512_set1_epi64((long long)p));
    __m512i up = _mm512_maskz_sub_epi64(_mm512_test_epi64_mask(of, of), of, _mm512_set1_epi64(1));
    __m512i dn = _mm512_sub_epi64(zero, _mm512_add_epi64(of, of));
    __m512i f = _mm512_and_si512(_mm512_mask_blend_epi64(0xF0, up, dn), mask);
    return (uint64_t)_mm512_reduce_or_epi64(f);
}
#else
#define BB__OTHELLO_FLIPS_RAYS 0
#endif

#endif
