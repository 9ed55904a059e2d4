/* The forms of bb_pseudo_rotate45_array: the scalar loop and AVX-512 (the
 * run-time choice is in src/core/dispatch.c).  Each of the three steps of
 * bb_pseudo_rotate45_* (a masked rotate of the whole word) is one
 * vprolvq/vprorvq and one vpternlogq (a bitwise select) on 8 boards at once.
 * A `which` out of range is taken as which & 3 by every form (core.h). */
#include "bitboard.h"

void bb_pseudo_rotate45_array_portable(uint64_t *dst, const uint64_t *src, size_t n, bb_rot45 which)
{
    if (!dst || !src) return;
#define BB__LOOP(fn) for (size_t i = 0; i < n; i++) dst[i] = fn(src[i]); break
    switch ((bb_rot45)((unsigned)which & 3)) {
    case BB_ROT45_CW: BB__LOOP(bb_pseudo_rotate45_cw);
    case BB_ROT45_CCW: BB__LOOP(bb_pseudo_rotate45_ccw);
    case BB_UNROT45_CW: BB__LOOP(bb_pseudo_unrotate45_cw);
    case BB_UNROT45_CCW: BB__LOOP(bb_pseudo_unrotate45_ccw);
    }
#undef BB__LOOP
}

#if BB__DISPATCH
#include <immintrin.h>

#define BB__AVX512 __attribute__((target("avx512f")))
/* vpternlogq truth table for "c ? b : a": bits 3, 4, 6, 7 of the 8 cases. */
#define BB__SELECT 0xD8

/* up: rotate left (files move up the board), else right; m1, m2, m4 select
 * the files that move by 1, 2 and 4 ranks. */
static inline __attribute__((always_inline)) BB__AVX512 __m512i
rot45_vec(__m512i x, int up, uint64_t m1, uint64_t m2, uint64_t m4)
{
    const __m512i s8 = _mm512_set1_epi64(8), s16 = _mm512_set1_epi64(16), s32 = _mm512_set1_epi64(32);
    __m512i r;
    r = up ? _mm512_rolv_epi64(x, s8) : _mm512_rorv_epi64(x, s8);
    x = _mm512_ternarylogic_epi64(x, r, _mm512_set1_epi64((long long)m1), BB__SELECT);
    r = up ? _mm512_rolv_epi64(x, s16) : _mm512_rorv_epi64(x, s16);
    x = _mm512_ternarylogic_epi64(x, r, _mm512_set1_epi64((long long)m2), BB__SELECT);
    r = up ? _mm512_rolv_epi64(x, s32) : _mm512_rorv_epi64(x, s32);
    return _mm512_ternarylogic_epi64(x, r, _mm512_set1_epi64((long long)m4), BB__SELECT);
}

static inline __attribute__((always_inline)) BB__AVX512 void
rot45_loop(uint64_t *dst, const uint64_t *src, size_t n, int up, uint64_t m1, uint64_t m2, uint64_t m4)
{
    size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        __m512i a = _mm512_loadu_si512((const void *)(src + i));
        __m512i b = _mm512_loadu_si512((const void *)(src + i + 8));
        _mm512_storeu_si512((void *)(dst + i), rot45_vec(a, up, m1, m2, m4));
        _mm512_storeu_si512((void *)(dst + i + 8), rot45_vec(b, up, m1, m2, m4));
    }
    for (; i < n; i += 8) {
        __mmask8 k = (__mmask8)(n - i >= 8 ? 0xFF : (1u << (n - i)) - 1);
        __m512i v = _mm512_maskz_loadu_epi64(k, src + i);
        _mm512_mask_storeu_epi64(dst + i, k, rot45_vec(v, up, m1, m2, m4));
    }
}

/* The same masks and directions as the scalar functions in rotated.h. */
BB__AVX512 void bb_pseudo_rotate45_array_avx512(uint64_t *dst, const uint64_t *src, size_t n, bb_rot45 which)
{
    if (!dst || !src) return;
    switch ((bb_rot45)((unsigned)which & 3)) {
    case BB_ROT45_CW: rot45_loop(dst, src, n, 0, BB__PR_CW1, BB__PR_CW2, BB__PR_CW4); break;
    case BB_ROT45_CCW: rot45_loop(dst, src, n, 1, BB__PR_CCW1, BB__PR_CCW2, BB__PR_CCW4); break;
    case BB_UNROT45_CW: rot45_loop(dst, src, n, 1, BB__PR_CW1, BB__PR_CW2, BB__PR_CW4); break;
    case BB_UNROT45_CCW: rot45_loop(dst, src, n, 0, BB__PR_CCW1, BB__PR_CCW2, BB__PR_CCW4); break;
    }
}

#else /* no run-time paths (BB__DISPATCH is 0): the scalar loop */
void bb_pseudo_rotate45_array_avx512(uint64_t *dst, const uint64_t *src, size_t n, bb_rot45 which)
{
    bb_pseudo_rotate45_array_portable(dst, src, n, which);
}
#endif
