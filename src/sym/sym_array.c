/* The forms of bb_sym_apply_array: one recipe table and one loop body
 * (sym_array_body.h), stamped for AVX2 + GFNI and AVX-512 + GFNI beside the
 * portable loop.  The vector bodies are compiled with target attributes, so
 * any x86-64 build contains all three; src/core/dispatch.c chooses among
 * them at run time. */
#include <string.h>

#include "bitboard.h"

void bb_sym_apply_array_portable(uint64_t *dst, const uint64_t *src, size_t n, bb_sym s)
{
    /* One switch outside the loop; each loop body is a plain inline call. */
#define BB__LOOP(fn) for (size_t i = 0; i < n; i++) dst[i] = fn(src[i]); break
    switch (s) {
    case BB_SYM_ROTATE_CW: BB__LOOP(bb_rotate_cw_portable);
    case BB_SYM_ROTATE_180: BB__LOOP(bb_rotate_180_portable);
    case BB_SYM_ROTATE_CCW: BB__LOOP(bb_rotate_ccw_portable);
    case BB_SYM_FLIP_VERTICAL: BB__LOOP(bb_flip_vertical_portable);
    case BB_SYM_FLIP_HORIZONTAL: BB__LOOP(bb_flip_horizontal_portable);
    case BB_SYM_FLIP_DIAGONAL: BB__LOOP(bb_flip_diagonal_portable);
    case BB_SYM_FLIP_ANTIDIAGONAL: BB__LOOP(bb_flip_antidiagonal_portable);
    case BB_SYM_IDENTITY:
    default:
        if (dst != src && n) memmove(dst, src, n * sizeof *dst);
        break;
    }
#undef BB__LOOP
}

#if BB__DISPATCH
#include <immintrin.h>

/* How each symmetry is built from at most three steps on a vector of boards
 * (the same identities as the scalar GFNI code in sym.h):
 *   pre:  byte-swap each board first
 *   gf:   0 none; 1 gf(board, K) mirrors each rank; 2 gf(K, board) uses the
 *         board as the matrix (a transpose with rank reversal)
 *   post: byte-swap each board last
 * LOOP(pre, gf, post, K) is expanded with constants, so each case compiles to
 * a loop with no branches inside.                                           */
#define BB__IDENT 0x8040201008040201ULL /* byte j = 1 << j     */
#define BB__REV 0x0102040810204080ULL   /* byte j = 1 << (7-j) */
#define BB__FOR_EACH_RECIPE(LOOP)                                               \
    switch (s) {                                                                \
    case BB_SYM_ROTATE_CW: LOOP(1, 2, 0, BB__REV); break;                       \
    case BB_SYM_ROTATE_180: LOOP(0, 1, 1, BB__IDENT); break;                    \
    case BB_SYM_ROTATE_CCW: LOOP(0, 2, 0, BB__IDENT); break;                    \
    case BB_SYM_FLIP_VERTICAL: LOOP(1, 0, 0, 0); break;                         \
    case BB_SYM_FLIP_HORIZONTAL: LOOP(0, 1, 0, BB__IDENT); break;               \
    case BB_SYM_FLIP_DIAGONAL: LOOP(1, 2, 0, BB__IDENT); break;                 \
    case BB_SYM_FLIP_ANTIDIAGONAL: LOOP(0, 2, 0, BB__REV); break;               \
    case BB_SYM_IDENTITY:                                                       \
    default:                                                                    \
        if (dst != src && n) memmove(dst, src, n * sizeof *dst);                \
        break;                                                                  \
    }

/* Arrays of at least this many bytes take the streaming path. */
#define BB__BIG_BYTES ((size_t)16 << 20)

/* ---- AVX-512 + GFNI: 8 boards a vector, masked tail --------------------------- */
#define ISA_NAME avx512_gfni
#define ISA_TARGET __attribute__((target("avx512f,avx512bw,gfni")))
#define VEC __m512i
#define W 8
#define LOADU(p) _mm512_loadu_si512((const void *)(p))
#define STOREU(p, v) _mm512_storeu_si512((void *)(p), (v))
#define STREAM(p, v) _mm512_stream_si512((void *)(p), (v))
#define SET1(k) _mm512_set1_epi64((long long)(k))
#define BSWAP_IDX _mm512_set_epi8(                                            \
        56, 57, 58, 59, 60, 61, 62, 63, 48, 49, 50, 51, 52, 53, 54, 55,        \
        40, 41, 42, 43, 44, 45, 46, 47, 32, 33, 34, 35, 36, 37, 38, 39,        \
        24, 25, 26, 27, 28, 29, 30, 31, 16, 17, 18, 19, 20, 21, 22, 23,        \
        8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7)
#define SHUFFLE(v, idx) _mm512_shuffle_epi8((v), (idx))
#define GF(d, m) _mm512_gf2p8affine_epi64_epi8((d), (m), 0)
#define TAIL                                                                   \
    for (; i < n; i += 8) {                                                    \
        __mmask8 m = (__mmask8)(n - i >= 8 ? 0xFF : (1u << (n - i)) - 1);      \
        __m512i v = _mm512_maskz_loadu_epi64(m, src + i);                      \
        BB__STEP(v);                                                           \
        _mm512_mask_storeu_epi64(dst + i, m, v);                               \
    }
#include "sym_array_body.h"

/* ---- AVX2 + GFNI: 4 boards a vector, portable tail ---------------------------- */
#define ISA_NAME avx2_gfni
#define ISA_TARGET __attribute__((target("avx2,gfni")))
#define VEC __m256i
#define W 4
#define LOADU(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define STOREU(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), (v))
#define STREAM(p, v) _mm256_stream_si256((__m256i *)(void *)(p), (v))
#define SET1(k) _mm256_set1_epi64x((long long)(k))
#define BSWAP_IDX _mm256_set_epi8(                                            \
        8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7,                  \
        8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7)
#define SHUFFLE(v, idx) _mm256_shuffle_epi8((v), (idx))
#define GF(d, m) _mm256_gf2p8affine_epi64_epi8((d), (m), 0)
#define TAIL bb_sym_apply_array_portable(dst + i, src + i, n - i, s);
#include "sym_array_body.h"

#else /* no run-time paths (BB__DISPATCH is 0): the vector names run the portable loop */
void bb_sym_apply_array_avx2_gfni(uint64_t *dst, const uint64_t *src, size_t n, bb_sym s)
{
    bb_sym_apply_array_portable(dst, src, n, s);
}
void bb_sym_apply_array_avx512_gfni(uint64_t *dst, const uint64_t *src, size_t n, bb_sym s)
{
    bb_sym_apply_array_portable(dst, src, n, s);
}
void bb__sym_apply_array_paged_avx2_gfni(uint64_t *dst, const uint64_t *src, size_t n, bb_sym s, int pages)
{
    (void)pages;
    bb_sym_apply_array_portable(dst, src, n, s);
}
void bb__sym_apply_array_paged_avx512_gfni(uint64_t *dst, const uint64_t *src, size_t n, bb_sym s, int pages)
{
    (void)pages;
    bb_sym_apply_array_portable(dst, src, n, s);
}
#endif
