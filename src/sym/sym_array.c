/* bb_sym_apply_array: one recipe table and one step, stamped for AVX2 + GFNI
 * and AVX-512 + GFNI beside the portable loop, and a run-time choice.  The vector bodies
 * are compiled with target attributes, so any x86-64 build contains all three
 * and uses what the CPU it runs on supports. */
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

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(BB_NO_DISPATCH)
#include <cpuid.h>
#include <immintrin.h>
#include <stdatomic.h>

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

/* One vector of boards through a recipe; BSWAP and GF are per-ISA macros. */
#define BB__STEP(v, pre, gf, post, k)                                           \
    do {                                                                        \
        if (pre) v = BSWAP(v);                                                  \
        if ((gf) == 1) v = GF(v, k);                                            \
        else if ((gf) == 2) v = GF(k, v);                                       \
        if (post) v = BSWAP(v);                                                 \
    } while (0)

/* ---- AVX-512 + GFNI: 16 boards an iteration, masked tail ------------------ */
#define BB__AVX512 __attribute__((target("avx512f,avx512bw,gfni")))
#define BSWAP(v) _mm512_shuffle_epi8((v), bswap_idx)
#define GF(d, m) _mm512_gf2p8affine_epi64_epi8((d), (m), 0)

/* Arrays of at least this many bytes take the streaming path below. */
#define BB__BIG_BYTES ((size_t)16 << 20)

static inline __attribute__((always_inline)) BB__AVX512 void
avx512_loop(uint64_t *dst, const uint64_t *src, size_t n, int pre, int gf, int post, uint64_t kv)
{
    const __m512i bswap_idx = _mm512_set_epi8(
        56, 57, 58, 59, 60, 61, 62, 63, 48, 49, 50, 51, 52, 53, 54, 55,
        40, 41, 42, 43, 44, 45, 46, 47, 32, 33, 34, 35, 36, 37, 38, 39,
        24, 25, 26, 27, 28, 29, 30, 31, 16, 17, 18, 19, 20, 21, 22, 23,
        8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7);
    const __m512i k = _mm512_set1_epi64((long long)kv);
    size_t i = 0;
    if (n * sizeof *dst >= BB__BIG_BYTES) {
        /* Memory-bound: walk four 4 KiB pages at once (fewer DRAM page
         * switches) and, when not in place, store around the caches once the
         * output is 64-byte aligned (no read-for-ownership of the output).
         * Measured in docs/BENCHMARKS.md against memcpy. */
        int stream = dst != src;
        size_t head = stream ? ((64 - ((uintptr_t)dst & 63)) & 63) / 8 : 0;
        for (; i < head; i += 8) {
            __mmask8 m = (__mmask8)((1u << (head - i < 8 ? head - i : 8)) - 1);
            __m512i v = _mm512_maskz_loadu_epi64(m, src + i);
            BB__STEP(v, pre, gf, post, k);
            _mm512_mask_storeu_epi64(dst + i, m, v);
        }
        i = head;
        for (; i + 2048 <= n; i += 2048)
            for (size_t o = i; o < i + 512; o += 8) {
                __m512i v0 = _mm512_loadu_si512((const void *)(src + o));
                __m512i v1 = _mm512_loadu_si512((const void *)(src + o + 512));
                __m512i v2 = _mm512_loadu_si512((const void *)(src + o + 1024));
                __m512i v3 = _mm512_loadu_si512((const void *)(src + o + 1536));
                BB__STEP(v0, pre, gf, post, k);
                BB__STEP(v1, pre, gf, post, k);
                BB__STEP(v2, pre, gf, post, k);
                BB__STEP(v3, pre, gf, post, k);
                if (stream) {
                    _mm512_stream_si512((void *)(dst + o), v0);
                    _mm512_stream_si512((void *)(dst + o + 512), v1);
                    _mm512_stream_si512((void *)(dst + o + 1024), v2);
                    _mm512_stream_si512((void *)(dst + o + 1536), v3);
                } else {
                    _mm512_storeu_si512((void *)(dst + o), v0);
                    _mm512_storeu_si512((void *)(dst + o + 512), v1);
                    _mm512_storeu_si512((void *)(dst + o + 1024), v2);
                    _mm512_storeu_si512((void *)(dst + o + 1536), v3);
                }
            }
        if (stream) _mm_sfence(); /* order the streaming stores before returning */
    }
    for (; i + 16 <= n; i += 16) {
        __m512i a = _mm512_loadu_si512((const void *)(src + i));
        __m512i b = _mm512_loadu_si512((const void *)(src + i + 8));
        BB__STEP(a, pre, gf, post, k);
        BB__STEP(b, pre, gf, post, k);
        _mm512_storeu_si512((void *)(dst + i), a);
        _mm512_storeu_si512((void *)(dst + i + 8), b);
    }
    for (; i < n; i += 8) {
        __mmask8 m = (__mmask8)(n - i >= 8 ? 0xFF : (1u << (n - i)) - 1);
        __m512i v = _mm512_maskz_loadu_epi64(m, src + i);
        BB__STEP(v, pre, gf, post, k);
        _mm512_mask_storeu_epi64(dst + i, m, v);
    }
}

BB__AVX512 void bb_sym_apply_array_avx512_gfni(uint64_t *dst, const uint64_t *src, size_t n, bb_sym s)
{
#define LOOP(pre, gf, post, k) avx512_loop(dst, src, n, pre, gf, post, k)
    BB__FOR_EACH_RECIPE(LOOP)
#undef LOOP
}
#undef BSWAP
#undef GF

/* ---- AVX2 + GFNI: 8 boards an iteration, portable tail ---------------------- */
#define BB__AVX2 __attribute__((target("avx2,gfni")))
#define BSWAP(v) _mm256_shuffle_epi8((v), bswap_idx)
#define GF(d, m) _mm256_gf2p8affine_epi64_epi8((d), (m), 0)

static inline __attribute__((always_inline)) BB__AVX2 void
avx2_loop(uint64_t *dst, const uint64_t *src, size_t n, int pre, int gf, int post, uint64_t kv, bb_sym s)
{
    const __m256i bswap_idx = _mm256_set_epi8(
        8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7,
        8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i k = _mm256_set1_epi64x((long long)kv);
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256i a = _mm256_loadu_si256((const __m256i *)(const void *)(src + i));
        __m256i b = _mm256_loadu_si256((const __m256i *)(const void *)(src + i + 4));
        BB__STEP(a, pre, gf, post, k);
        BB__STEP(b, pre, gf, post, k);
        _mm256_storeu_si256((__m256i *)(void *)(dst + i), a);
        _mm256_storeu_si256((__m256i *)(void *)(dst + i + 4), b);
    }
    bb_sym_apply_array_portable(dst + i, src + i, n - i, s);
}

BB__AVX2 void bb_sym_apply_array_avx2_gfni(uint64_t *dst, const uint64_t *src, size_t n, bb_sym s)
{
#define LOOP(pre, gf, post, k) avx2_loop(dst, src, n, pre, gf, post, k, s)
    BB__FOR_EACH_RECIPE(LOOP)
#undef LOOP
}
#undef BSWAP
#undef GF

/* ---- CPU features ------------------------------------------------------------ */
static unsigned long long xgetbv0(void)
{
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return ((unsigned long long)hi << 32) | lo;
}

static unsigned cpu_features(void)
{
    unsigned a, b, c, d, f = 0;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    int osxsave = (c >> 27) & 1;
    unsigned long long xcr0 = osxsave ? xgetbv0() : 0;
    int ymm_ok = (xcr0 & 0x6) == 0x6;    /* SSE and AVX state */
    int zmm_ok = (xcr0 & 0xE6) == 0xE6;  /* plus opmask, ZMM_Hi256, Hi16_ZMM */
    if (__get_cpuid_max(0, NULL) < 7) return 0;
    __cpuid_count(7, 0, a, b, c, d);
    int gfni = (c >> 8) & 1, avx2 = (b >> 5) & 1, bmi2 = (b >> 8) & 1;
    int avx512f = (b >> 16) & 1, avx512bw = (b >> 30) & 1;
    if (bmi2) f |= BB_CPU_BMI2;
    if (gfni) f |= BB_CPU_GFNI;
    if (gfni && avx2 && ymm_ok) f |= BB_CPU_AVX2_GFNI;
    if (gfni && avx512f && avx512bw && zmm_ok) f |= BB_CPU_AVX512_GFNI;
    return f;
}

/* The one process-wide write the library makes: an idempotent cache of the
 * CPU probe (cpuid can cost microseconds under a hypervisor).  It is atomic,
 * so concurrent first calls are safe, and every thread computes the same
 * value.  Bit 31 marks it filled. */
static _Atomic unsigned cached_features;

static unsigned features(void)
{
    unsigned f = atomic_load_explicit(&cached_features, memory_order_relaxed);
    if (!f) {
        f = cpu_features() | 0x80000000u;
        atomic_store_explicit(&cached_features, f, memory_order_relaxed);
    }
    return f;
}

int bb_cpu_has(unsigned want) { return (features() & want) == want; }

typedef void (*array_fn)(uint64_t *, const uint64_t *, size_t, bb_sym);

static array_fn choose(void)
{
    unsigned f = features();
    return (f & BB_CPU_AVX512_GFNI) ? bb_sym_apply_array_avx512_gfni
         : (f & BB_CPU_AVX2_GFNI) ? bb_sym_apply_array_avx2_gfni
         : bb_sym_apply_array_portable;
}

void bb_sym_apply_array(uint64_t *dst, const uint64_t *src, size_t n, bb_sym s)
{
    choose()(dst, src, n, s);
}

const char *bb_sym_apply_array_impl(void)
{
    array_fn f = choose();
    return f == bb_sym_apply_array_avx512_gfni ? "avx512-gfni"
         : f == bb_sym_apply_array_avx2_gfni ? "avx2-gfni" : "portable";
}

#else /* BB_NO_DISPATCH, or not x86-64 with GCC/Clang: portable only */
int bb_cpu_has(unsigned features) { return features == 0; }
void bb_sym_apply_array_avx2_gfni(uint64_t *dst, const uint64_t *src, size_t n, bb_sym s)
{
    bb_sym_apply_array_portable(dst, src, n, s);
}
void bb_sym_apply_array_avx512_gfni(uint64_t *dst, const uint64_t *src, size_t n, bb_sym s)
{
    bb_sym_apply_array_portable(dst, src, n, s);
}
void bb_sym_apply_array(uint64_t *dst, const uint64_t *src, size_t n, bb_sym s)
{
    bb_sym_apply_array_portable(dst, src, n, s);
}
const char *bb_sym_apply_array_impl(void) { return "portable"; }
#endif
