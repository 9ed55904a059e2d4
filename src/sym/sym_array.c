/* bb_sym_apply_array: one loop body, stamped for portable code, AVX2 + GFNI
 * and AVX-512 + GFNI, and a run-time choice among them.  The vector bodies
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
 *   gf:   0 none; 1 gf(board, const) mirrors each rank; 2 gf(const, board)
 *         uses the board as the matrix (a transpose with rank reversal)
 *   post: byte-swap each board last                                      */
typedef struct { unsigned char pre, gf, post; uint64_t k; } sym_recipe;

static const sym_recipe recipes[BB_SYM_COUNT] = {
    [BB_SYM_IDENTITY] = {0, 0, 0, 0},
    [BB_SYM_ROTATE_CW] = {1, 2, 0, 0x0102040810204080ULL},
    [BB_SYM_ROTATE_180] = {0, 1, 1, 0x8040201008040201ULL},
    [BB_SYM_ROTATE_CCW] = {0, 2, 0, 0x8040201008040201ULL},
    [BB_SYM_FLIP_VERTICAL] = {1, 0, 0, 0},
    [BB_SYM_FLIP_HORIZONTAL] = {0, 1, 0, 0x8040201008040201ULL},
    [BB_SYM_FLIP_DIAGONAL] = {1, 2, 0, 0x8040201008040201ULL},
    [BB_SYM_FLIP_ANTIDIAGONAL] = {0, 2, 0, 0x0102040810204080ULL},
};

/* The stamped body.  VEC, LOAD, STORE, BSWAP, GF, SET1 and WIDTH are defined
 * per instruction set below; TAIL handles the last n % WIDTH boards. */
#define BB__ARRAY_BODY(VEC, WIDTH)                                                     \
    const sym_recipe r = recipes[(unsigned)s & 7];                                     \
    const VEC k = SET1(r.k);                                                           \
    size_t i = 0;                                                                      \
    if (!r.pre && !r.gf && !r.post) {                                                  \
        if (dst != src && n) memmove(dst, src, n * sizeof *dst);                       \
        return;                                                                        \
    }                                                                                  \
    for (; i + (WIDTH) <= n; i += (WIDTH)) {                                           \
        VEC v = LOAD(src + i);                                                         \
        if (r.pre) v = BSWAP(v);                                                       \
        if (r.gf == 1) v = GF(v, k);                                                   \
        else if (r.gf == 2) v = GF(k, v);                                              \
        if (r.post) v = BSWAP(v);                                                      \
        STORE(dst + i, v);                                                             \
    }                                                                                  \
    TAIL

/* ---- AVX-512 + GFNI: 8 boards a step, masked tail -------------------------- */
#define BB__AVX512_TARGET __attribute__((target("avx512f,avx512bw,gfni")))
BB__AVX512_TARGET
void bb_sym_apply_array_avx512_gfni(uint64_t *dst, const uint64_t *src, size_t n, bb_sym s)
{
    const __m512i bswap_idx = _mm512_set_epi8(
        56, 57, 58, 59, 60, 61, 62, 63, 48, 49, 50, 51, 52, 53, 54, 55,
        40, 41, 42, 43, 44, 45, 46, 47, 32, 33, 34, 35, 36, 37, 38, 39,
        24, 25, 26, 27, 28, 29, 30, 31, 16, 17, 18, 19, 20, 21, 22, 23,
        8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7);
#define SET1(c) _mm512_set1_epi64((long long)(c))
#define LOAD(p) _mm512_loadu_si512((const void *)(p))
#define STORE(p, v) _mm512_storeu_si512((void *)(p), (v))
#define BSWAP(v) _mm512_shuffle_epi8((v), bswap_idx)
#define GF(d, m) _mm512_gf2p8affine_epi64_epi8((d), (m), 0)
#define TAIL                                                                           \
    if (i < n) {                                                                       \
        __mmask8 m = (__mmask8)((1u << (n - i)) - 1);                                  \
        __m512i v = _mm512_maskz_loadu_epi64(m, src + i);                              \
        if (r.pre) v = BSWAP(v);                                                       \
        if (r.gf == 1) v = GF(v, k);                                                   \
        else if (r.gf == 2) v = GF(k, v);                                              \
        if (r.post) v = BSWAP(v);                                                      \
        _mm512_mask_storeu_epi64(dst + i, m, v);                                       \
    }
    BB__ARRAY_BODY(__m512i, 8)
#undef SET1
#undef LOAD
#undef STORE
#undef BSWAP
#undef GF
#undef TAIL
}

/* ---- AVX2 + GFNI: 4 boards a step, portable tail ---------------------------- */
#define BB__AVX2_TARGET __attribute__((target("avx2,gfni")))
BB__AVX2_TARGET
void bb_sym_apply_array_avx2_gfni(uint64_t *dst, const uint64_t *src, size_t n, bb_sym s)
{
    const __m256i bswap_idx = _mm256_set_epi8(
        8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7,
        8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7);
#define SET1(c) _mm256_set1_epi64x((long long)(c))
#define LOAD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define STORE(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), (v))
#define BSWAP(v) _mm256_shuffle_epi8((v), bswap_idx)
#define GF(d, m) _mm256_gf2p8affine_epi64_epi8((d), (m), 0)
#define TAIL bb_sym_apply_array_portable(dst + i, src + i, n - i, s);
    BB__ARRAY_BODY(__m256i, 4)
#undef SET1
#undef LOAD
#undef STORE
#undef BSWAP
#undef GF
#undef TAIL
}

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

int bb_cpu_has(unsigned features) { return (cpu_features() & features) == features; }

typedef void (*array_fn)(uint64_t *, const uint64_t *, size_t, bb_sym);

/* The one process-wide write the library makes: an idempotent cache of the
 * CPU probe (cpuid can cost microseconds under a hypervisor).  It is atomic,
 * so concurrent first calls are safe, and every value it can hold gives the
 * same results. */
static _Atomic(array_fn) array_choice;

static array_fn choose(void)
{
    array_fn f = atomic_load_explicit(&array_choice, memory_order_relaxed);
    if (!f) {
        unsigned feat = cpu_features();
        f = (feat & BB_CPU_AVX512_GFNI) ? bb_sym_apply_array_avx512_gfni
          : (feat & BB_CPU_AVX2_GFNI) ? bb_sym_apply_array_avx2_gfni
          : bb_sym_apply_array_portable;
        atomic_store_explicit(&array_choice, f, memory_order_relaxed);
    }
    return f;
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
