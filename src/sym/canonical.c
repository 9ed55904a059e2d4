/* Canonical forms in bulk: bb_canonical_array and bb_canonical_pair_array,
 * portable and stamped for AVX2 + GFNI and AVX-512 + GFNI.
 *
 * The vector forms hold 4 or 8 boards a register, one board a lane, and
 * build the 8 images of all of them at once with the recipes of the scalar
 * GFNI code (three gf2p8affineqb, four byte swaps).  Then, image by image in
 * bb_sym order, a lane keeps the new image only if it is strictly less:
 * ties keep the lower symmetry, with no reduction across lanes.
 * For pairs, the least p image is found first (seven unsigned mins); then,
 * going down from the last symmetry, a lane takes an image whose p equals
 * that minimum and whose o is at most the best o so far: the last one taken
 * is the least o with the lowest symmetry. */
#include <string.h>

#include "bitboard.h"

void bb_canonical_array_portable(uint64_t *dst, const uint64_t *src, size_t n, unsigned char *used)
{
    for (size_t i = 0; i < n; i++) {
        bb_sym s;
        dst[i] = bb_canonical_portable(src[i], &s);
        if (used) used[i] = (unsigned char)s;
    }
}

void bb_canonical_pair_array_portable(uint64_t *p, uint64_t *o, size_t n, unsigned char *used)
{
    for (size_t i = 0; i < n; i++) {
        bb_sym s;
        bb_canonical_pair_portable(&p[i], &o[i], &s);
        if (used) used[i] = (unsigned char)s;
    }
}

#if BB__DISPATCH
#include <immintrin.h>

#define BB__IDENT 0x8040201008040201ULL /* byte j = 1 << j: as a matrix, mirrors each byte */
#define INLINE static inline __attribute__((always_inline))

/* ---- AVX-512 + GFNI: 8 boards a vector ------------------------------------- */
#define T512 __attribute__((target("avx512f,avx512bw,avx512vl,gfni")))

INLINE T512 __m512i bswap512(__m512i v)
{
    const __m512i idx = _mm512_set_epi8(
        56, 57, 58, 59, 60, 61, 62, 63, 48, 49, 50, 51, 52, 53, 54, 55,
        40, 41, 42, 43, 44, 45, 46, 47, 32, 33, 34, 35, 36, 37, 38, 39,
        24, 25, 26, 27, 28, 29, 30, 31, 16, 17, 18, 19, 20, 21, 22, 23,
        8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7);
    return _mm512_shuffle_epi8(v, idx);
}
/* img[s] = symmetry s of every lane of x (the scalar identities of sym.h). */
INLINE T512 void images512(__m512i x, __m512i img[8])
{
    const __m512i id = _mm512_set1_epi64((long long)BB__IDENT);
    __m512i h = _mm512_gf2p8affine_epi64_epi8(x, id, 0);  /* flip_horizontal */
    __m512i c = _mm512_gf2p8affine_epi64_epi8(id, x, 0);  /* rotate_ccw */
    __m512i bx = bswap512(x);
    __m512i d = _mm512_gf2p8affine_epi64_epi8(id, bx, 0); /* flip_diagonal */
    img[BB_SYM_IDENTITY] = x;
    img[BB_SYM_ROTATE_CW] = bswap512(d);
    img[BB_SYM_ROTATE_180] = bswap512(h);
    img[BB_SYM_ROTATE_CCW] = c;
    img[BB_SYM_FLIP_VERTICAL] = bx;
    img[BB_SYM_FLIP_HORIZONTAL] = h;
    img[BB_SYM_FLIP_DIAGONAL] = d;
    img[BB_SYM_FLIP_ANTIDIAGONAL] = bswap512(c);
}

/* The least of the 8 images, lane by lane: a tree of unsigned mins. */
INLINE T512 __m512i min8_512(const __m512i v[8])
{
    return _mm512_min_epu64(_mm512_min_epu64(_mm512_min_epu64(v[0], v[1]), _mm512_min_epu64(v[2], v[3])),
                            _mm512_min_epu64(_mm512_min_epu64(v[4], v[5]), _mm512_min_epu64(v[6], v[7])));
}
/* Lane by lane, the lowest s with v[s] == m (byte i for lane i), given the
 * masks eq[s] of the lanes where v[s] == m (eq[7] is implied: some s is).
 * Two short chains of masked byte moves, low symmetries 3..0 over 8 ("none")
 * and high ones 6..4 over 7; the low answer wins where there is one, so the
 * lesser byte is the answer.  The equality masks are the costly part on
 * both CPUs (one compare into a mask register per cycle). */
INLINE T512 __m128i first_equal512(__mmask8 e0, __mmask8 e1, __mmask8 e2, __mmask8 e3, __mmask8 e4, __mmask8 e5,
                                   __mmask8 e6)
{
#define BB__MOV(u, e, s) _mm_mask_mov_epi8((u), (__mmask16)(e), _mm_set1_epi8(s))
    __m128i hi = BB__MOV(BB__MOV(BB__MOV(_mm_set1_epi8(7), e6, 6), e5, 5), e4, 4);
    __m128i lo = BB__MOV(BB__MOV(BB__MOV(BB__MOV(_mm_set1_epi8(8), e3, 3), e2, 2), e1, 1), e0, 0);
#undef BB__MOV
    return _mm_min_epu8(lo, hi);
}
/* Bytes 0..7 of u into used[0..7]; a partial group through a byte mask. */
INLINE T512 void store_used512(unsigned char *used, __mmask8 m, __m128i u)
{
    if (m == 0xFF) _mm_storel_epi64((__m128i *)(void *)used, u);
    else _mm_mask_storeu_epi8(used, (__mmask16)m, u);
}

/* Boards i..i+7 (lanes outside m untouched). */
INLINE T512 void canon512(uint64_t *dst, const uint64_t *src, unsigned char *used, size_t i, __mmask8 m,
                          int track)
{
    __m512i img[8];
    images512(_mm512_maskz_loadu_epi64(m, src + i), img);
    __m512i best = min8_512(img);
    _mm512_mask_storeu_epi64(dst + i, m, best);
    if (track) {
#define EQ(s) _mm512_cmpeq_epu64_mask(img[s], best)
        store_used512(used + i, m, first_equal512(EQ(0), EQ(1), EQ(2), EQ(3), EQ(4), EQ(5), EQ(6)));
#undef EQ
    }
}

INLINE T512 void canon512_loop(uint64_t *dst, const uint64_t *src, size_t n, unsigned char *used, int track)
{
    size_t i = 0;
    for (; i + 8 <= n; i += 8) canon512(dst, src, used, i, 0xFF, track);
    if (i < n) canon512(dst, src, used, i, (__mmask8)((1u << (n - i)) - 1), track);
}

T512 void bb_canonical_array_avx512_gfni(uint64_t *dst, const uint64_t *src, size_t n, unsigned char *used)
{
    if (used) canon512_loop(dst, src, n, used, 1);
    else canon512_loop(dst, src, n, used, 0);
}

INLINE T512 void pair512(uint64_t *p, uint64_t *o, unsigned char *used, size_t i, __mmask8 m, int track)
{
    __m512i ip[8], io[8];
    images512(_mm512_maskz_loadu_epi64(m, p + i), ip);
    images512(_mm512_maskz_loadu_epi64(m, o + i), io);
    __m512i pmin = min8_512(ip);
    /* The o images of the symmetries that reach pmin; the others count as
     * all ones, which no candidate's o exceeds. */
#define CAND(s) __mmask8 c##s = _mm512_cmpeq_epu64_mask(ip[s], pmin); \
    __m512i oc##s = _mm512_mask_mov_epi64(_mm512_set1_epi64(-1), c##s, io[s])
    CAND(0); CAND(1); CAND(2); CAND(3); CAND(4); CAND(5); CAND(6); CAND(7);
#undef CAND
    __m512i omin = _mm512_min_epu64(_mm512_min_epu64(_mm512_min_epu64(oc0, oc1), _mm512_min_epu64(oc2, oc3)),
                                    _mm512_min_epu64(_mm512_min_epu64(oc4, oc5), _mm512_min_epu64(oc6, oc7)));
    _mm512_mask_storeu_epi64(p + i, m, pmin);
    _mm512_mask_storeu_epi64(o + i, m, omin);
    if (track) {
#define EQ(s) _mm512_mask_cmpeq_epu64_mask(c##s, io[s], omin)
        store_used512(used + i, m, first_equal512(EQ(0), EQ(1), EQ(2), EQ(3), EQ(4), EQ(5), EQ(6)));
#undef EQ
    }
}

INLINE T512 void pair512_loop(uint64_t *p, uint64_t *o, size_t n, unsigned char *used, int track)
{
    size_t i = 0;
    for (; i + 8 <= n; i += 8) pair512(p, o, used, i, 0xFF, track);
    if (i < n) pair512(p, o, used, i, (__mmask8)((1u << (n - i)) - 1), track);
}

T512 void bb_canonical_pair_array_avx512_gfni(uint64_t *p, uint64_t *o, size_t n, unsigned char *used)
{
    if (used) pair512_loop(p, o, n, used, 1);
    else pair512_loop(p, o, n, used, 0);
}

/* ---- AVX2 + GFNI: 4 boards a vector ----------------------------------------------
 * No unsigned 64-bit compare: a < b unsigned iff a ^ 2^63 < b ^ 2^63 signed,
 * so the images are kept with their top bit flipped until stored. */
#define T256 __attribute__((target("avx2,gfni")))

INLINE T256 __m256i bswap256(__m256i v)
{
    const __m256i idx = _mm256_set_epi8(8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7,
                                        8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7);
    return _mm256_shuffle_epi8(v, idx);
}
INLINE T256 void images256(__m256i x, __m256i img[8])
{
    const __m256i id = _mm256_set1_epi64x((long long)BB__IDENT);
    const __m256i top = _mm256_set1_epi64x((long long)0x8000000000000000ULL);
    __m256i h = _mm256_gf2p8affine_epi64_epi8(x, id, 0);
    __m256i c = _mm256_gf2p8affine_epi64_epi8(id, x, 0);
    __m256i bx = bswap256(x);
    __m256i d = _mm256_gf2p8affine_epi64_epi8(id, bx, 0);
    img[BB_SYM_IDENTITY] = _mm256_xor_si256(x, top);
    img[BB_SYM_ROTATE_CW] = _mm256_xor_si256(bswap256(d), top);
    img[BB_SYM_ROTATE_180] = _mm256_xor_si256(bswap256(h), top);
    img[BB_SYM_ROTATE_CCW] = _mm256_xor_si256(c, top);
    img[BB_SYM_FLIP_VERTICAL] = _mm256_xor_si256(bx, top);
    img[BB_SYM_FLIP_HORIZONTAL] = _mm256_xor_si256(h, top);
    img[BB_SYM_FLIP_DIAGONAL] = _mm256_xor_si256(d, top);
    img[BB_SYM_FLIP_ANTIDIAGONAL] = _mm256_xor_si256(bswap256(c), top);
}
/* The low byte of each of the 4 lanes of u, in order. */
INLINE T256 void store_used4(unsigned char *used, __m256i u)
{
    uint64_t lanes[4];
    _mm256_storeu_si256((__m256i *)(void *)lanes, u);
    for (int j = 0; j < 4; j++) used[j] = (unsigned char)lanes[j];
}

INLINE T256 void canon256_loop(uint64_t *dst, const uint64_t *src, size_t n, unsigned char *used, int track)
{
    const __m256i top = _mm256_set1_epi64x((long long)0x8000000000000000ULL);
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        __m256i img[8];
        images256(_mm256_loadu_si256((const __m256i *)(const void *)(src + i)), img);
        __m256i best = img[0], u = _mm256_setzero_si256();
        for (int s = 1; s < 8; s++) {
            __m256i lt = _mm256_cmpgt_epi64(best, img[s]);
            best = _mm256_blendv_epi8(best, img[s], lt);
            if (track) u = _mm256_blendv_epi8(u, _mm256_set1_epi64x(s), lt);
        }
        _mm256_storeu_si256((__m256i *)(void *)(dst + i), _mm256_xor_si256(best, top));
        if (track) store_used4(used + i, u);
    }
    bb_canonical_array_portable(dst + i, src + i, n - i, used ? used + i : NULL);
}

T256 void bb_canonical_array_avx2_gfni(uint64_t *dst, const uint64_t *src, size_t n, unsigned char *used)
{
    if (used) canon256_loop(dst, src, n, used, 1);
    else canon256_loop(dst, src, n, used, 0);
}

INLINE T256 void pair256_loop(uint64_t *p, uint64_t *o, size_t n, unsigned char *used, int track)
{
    const __m256i top = _mm256_set1_epi64x((long long)0x8000000000000000ULL);
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        __m256i ip[8], io[8];
        images256(_mm256_loadu_si256((const __m256i *)(const void *)(p + i)), ip);
        images256(_mm256_loadu_si256((const __m256i *)(const void *)(o + i)), io);
        __m256i bp = ip[0], bo = io[0], u = _mm256_setzero_si256();
        for (int s = 1; s < 8; s++) {
            /* (ip, io) < (bp, bo): p less, or p equal and o less */
            __m256i lt = _mm256_or_si256(_mm256_cmpgt_epi64(bp, ip[s]),
                                         _mm256_and_si256(_mm256_cmpeq_epi64(bp, ip[s]), _mm256_cmpgt_epi64(bo, io[s])));
            bp = _mm256_blendv_epi8(bp, ip[s], lt);
            bo = _mm256_blendv_epi8(bo, io[s], lt);
            if (track) u = _mm256_blendv_epi8(u, _mm256_set1_epi64x(s), lt);
        }
        _mm256_storeu_si256((__m256i *)(void *)(p + i), _mm256_xor_si256(bp, top));
        _mm256_storeu_si256((__m256i *)(void *)(o + i), _mm256_xor_si256(bo, top));
        if (track) store_used4(used + i, u);
    }
    bb_canonical_pair_array_portable(p + i, o + i, n - i, used ? used + i : NULL);
}

T256 void bb_canonical_pair_array_avx2_gfni(uint64_t *p, uint64_t *o, size_t n, unsigned char *used)
{
    if (used) pair256_loop(p, o, n, used, 1);
    else pair256_loop(p, o, n, used, 0);
}

#else /* no run-time paths: the portable loops under every name (the choice is in
       * src/core/dispatch.c) */
void bb_canonical_array_avx2_gfni(uint64_t *dst, const uint64_t *src, size_t n, unsigned char *used)
{
    bb_canonical_array_portable(dst, src, n, used);
}
void bb_canonical_array_avx512_gfni(uint64_t *dst, const uint64_t *src, size_t n, unsigned char *used)
{
    bb_canonical_array_portable(dst, src, n, used);
}
void bb_canonical_pair_array_avx2_gfni(uint64_t *p, uint64_t *o, size_t n, unsigned char *used)
{
    bb_canonical_pair_array_portable(p, o, n, used);
}
void bb_canonical_pair_array_avx512_gfni(uint64_t *p, uint64_t *o, size_t n, unsigned char *used)
{
    bb_canonical_pair_array_portable(p, o, n, used);
}
#endif
