/* perft's AVX2 walk, for x86-64 CPUs without the AVX-512 subsets the
 * AVX-512 walk needs: the same plan with four 64-bit lanes.  Three plies from
 * the leaves a node's grandchildren moves are listed (move, parent boards)
 * and counted four at a time: flips by shifts in all lanes, the children's
 * moves, popcounts by nibble lookup.  Compiled with target attributes. */
#include "perft_kernels.h"

#if BB__DISPATCH
#include <immintrin.h>

#define T __attribute__((target("avx2,popcnt,bmi,bmi2")))
#define TI __attribute__((target("avx2,popcnt,bmi,bmi2"), always_inline))

int bb__perft_avx2_available(void) { return bb_cpu_has(BB_CPU_AVX2 | BB__CPU_POPCNT_BMI); }

#define SLL(v, d) _mm256_slli_epi64((v), (d))
#define SRL(v, d) _mm256_srli_epi64((v), (d))
#define AND(a, b) _mm256_and_si256((a), (b))
#define OR(a, b) _mm256_or_si256((a), (b))

/* Adds to f the flips along direction pair d of the moves x (a bit a lane, or
 * 0): m = the discs of o a run may cross, pl = m & m << d. */
#define FLIPS_DIR(f, p, m, pl, x, d)                                                  \
    do {                                                                              \
        __m256i zero_ = _mm256_setzero_si256(), pr_ = SRL(pl, d);                     \
        __m256i l_ = AND(m, SLL(x, d)), r_ = AND(m, SRL(x, d));                       \
        l_ = OR(l_, AND(m, SLL(l_, d))), r_ = OR(r_, AND(m, SRL(r_, d)));             \
        l_ = OR(l_, AND(pl, SLL(l_, 2 * (d)))), r_ = OR(r_, AND(pr_, SRL(r_, 2 * (d)))); \
        l_ = OR(l_, AND(pl, SLL(l_, 2 * (d)))), r_ = OR(r_, AND(pr_, SRL(r_, 2 * (d)))); \
        __m256i nl_ = _mm256_cmpeq_epi64(AND(p, SLL(l_, d)), zero_);                  \
        __m256i nr_ = _mm256_cmpeq_epi64(AND(p, SRL(r_, d)), zero_);                  \
        f = OR(f, OR(_mm256_andnot_si256(nl_, l_), _mm256_andnot_si256(nr_, r_)));    \
    } while (0)

/* The discs flipped by p playing each lane's move x, a board a lane. */
static inline TI __m256i vflips(__m256i vp, __m256i vo, __m256i x)
{
    __m256i voi = AND(vo, _mm256_set1_epi64x((long long)BB__PERFT_INNER));
    __m256i f1 = _mm256_setzero_si256(), f2 = f1;
    FLIPS_DIR(f1, vp, voi, AND(voi, SLL(voi, 1)), x, 1);
    FLIPS_DIR(f2, vp, vo, AND(vo, SLL(vo, 8)), x, 8);
    FLIPS_DIR(f1, vp, voi, AND(voi, SLL(voi, 7)), x, 7);
    FLIPS_DIR(f2, vp, voi, AND(voi, SLL(voi, 9)), x, 9);
    return OR(f1, f2);
}

#define MOVES_DIR(mv, p, m, d)                                                        \
    do {                                                                              \
        __m256i pl_ = AND(m, SLL(m, d));                                              \
        __m256i pr_ = SRL(pl_, d);                                                    \
        __m256i l_ = AND(m, SLL(p, d)), r_ = AND(m, SRL(p, d));                       \
        l_ = OR(l_, AND(m, SLL(l_, d))), r_ = OR(r_, AND(m, SRL(r_, d)));             \
        l_ = OR(l_, AND(pl_, SLL(l_, 2 * (d)))), r_ = OR(r_, AND(pr_, SRL(r_, 2 * (d)))); \
        l_ = OR(l_, AND(pl_, SLL(l_, 2 * (d)))), r_ = OR(r_, AND(pr_, SRL(r_, 2 * (d)))); \
        mv = OR(mv, OR(SLL(l_, d), SRL(r_, d)));                                      \
    } while (0)

/* Each lane's moves for (p to move, o), empty squares e. */
static inline TI __m256i vmoves(__m256i p, __m256i o, __m256i e)
{
    __m256i oi = AND(o, _mm256_set1_epi64x((long long)BB__PERFT_INNER));
    __m256i m1 = _mm256_setzero_si256(), m2 = m1;
    MOVES_DIR(m1, p, oi, 1);
    MOVES_DIR(m2, p, o, 8);
    MOVES_DIR(m1, p, oi, 7);
    MOVES_DIR(m2, p, oi, 9);
    return AND(OR(m1, m2), e);
}

/* Each lane's popcount (nibble lookup, then sums of bytes). */
static inline TI __m256i vpopcnt(__m256i v)
{
    const __m256i lut = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,
                                         0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
    const __m256i low = _mm256_set1_epi8(0x0F);
    __m256i a = _mm256_shuffle_epi8(lut, AND(v, low));
    __m256i b = _mm256_shuffle_epi8(lut, AND(_mm256_srli_epi16(v, 4), low));
    return _mm256_sad_epu8(_mm256_add_epi8(a, b), _mm256_setzero_si256());
}

static T uint64_t walk(uint64_t p, uint64_t o, int d, int conv);

#define MAX_MOVES 64

/* The count two or three plies deep (d) of (p to move, o) with moves m (not 0). */
static T uint64_t perft23(uint64_t p, uint64_t o, uint64_t m, int d, int conv)
{
    _Alignas(32) uint64_t xs[MAX_MOVES + 4], cps[MAX_MOVES + 4], cos[MAX_MOVES + 4], cms[MAX_MOVES + 4];
    _Alignas(32) uint64_t gx[MAX_MOVES * 40 + 8], gp[MAX_MOVES * 40 + 8], go[MAX_MOVES * 40 + 8];
    __m256i vp = _mm256_set1_epi64x((long long)p), vo = _mm256_set1_epi64x((long long)o);
    __m256i ve = _mm256_set1_epi64x((long long)~(p | o));
    __m256i acc = _mm256_setzero_si256();
    uint64_t extra = 0;
    int nm = 0;
    for (uint64_t r = m; r; r &= r - 1) xs[nm++] = r & (0 - r);
    for (int j = nm; j < nm + 4; j++) xs[j] = 0;
    for (int j = 0; j < nm; j += 4) {
        __m256i x = _mm256_load_si256((const __m256i *)(const void *)(xs + j));
        __m256i f = vflips(vp, vo, x);
        __m256i cp = _mm256_xor_si256(vo, f), co = _mm256_xor_si256(vp, _mm256_xor_si256(f, x));
        __m256i mv = vmoves(cp, co, _mm256_andnot_si256(x, ve));
        _mm256_store_si256((__m256i *)(void *)(cps + j), cp);
        _mm256_store_si256((__m256i *)(void *)(cos + j), co);
        _mm256_store_si256((__m256i *)(void *)(cms + j), mv);
        if (d == 2) acc = _mm256_add_epi64(acc, vpopcnt(mv)); /* lanes past nm: x = 0, counted below */
    }
    if (d == 2) {
        _mm256_store_si256((__m256i *)(void *)xs, acc);
        uint64_t n = xs[0] + xs[1] + xs[2] + xs[3];
        for (int j = nm; j < (nm + 3) / 4 * 4; j++) n -= (uint64_t)__builtin_popcountll(cms[j]);
        for (int i = 0; i < nm; i++)
            if (!cms[i]) n += bb__perft_leaf(cps[i], cos[i], conv); /* pass or game over */
        return n;
    }
    int ng = 0;
    for (int i = 0; i < nm; i++) {
        uint64_t cm = cms[i];
        if (!cm) { extra += walk(cps[i], cos[i], 2, conv); continue; }
        for (; cm; cm &= cm - 1, ng++) gx[ng] = cm & (0 - cm), gp[ng] = cps[i], go[ng] = cos[i];
    }
    for (int j = ng; j < ng + 4; j++) gx[j] = 0, gp[j] = 0, go[j] = ~(uint64_t)0;
    for (int j = 0; j < ng; j += 4) {
        __m256i x = _mm256_load_si256((const __m256i *)(const void *)(gx + j));
        __m256i bp = _mm256_load_si256((const __m256i *)(const void *)(gp + j));
        __m256i bo = _mm256_load_si256((const __m256i *)(const void *)(go + j));
        __m256i f = vflips(bp, bo, x);
        __m256i cp = _mm256_xor_si256(bo, f), co = _mm256_xor_si256(bp, _mm256_xor_si256(f, x));
        __m256i e = _mm256_andnot_si256(_mm256_or_si256(bp, _mm256_or_si256(bo, x)), _mm256_set1_epi64x(-1));
        __m256i mv = vmoves(cp, co, e); /* padding lanes: a full board, no moves */
        acc = _mm256_add_epi64(acc, vpopcnt(mv));
        int none = _mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64(mv, _mm256_setzero_si256())));
        if (none) {
            _Alignas(32) uint64_t c1[4], c2[4];
            _mm256_store_si256((__m256i *)(void *)c1, cp);
            _mm256_store_si256((__m256i *)(void *)c2, co);
            for (int i = 0; i < 4 && j + i < ng; i++)
                if ((none >> i) & 1) extra += bb__perft_leaf(c1[i], c2[i], conv);
        }
    }
    _mm256_store_si256((__m256i *)(void *)xs, acc);
    return xs[0] + xs[1] + xs[2] + xs[3] + extra;
}

/* The count d >= 2 plies deep of (p to move, o) with moves m (not 0). */
static T uint64_t walk_m(uint64_t p, uint64_t o, uint64_t m, int d, int conv)
{
    if (d <= 3) return perft23(p, o, m, d, conv);
    uint64_t n = 0;
    while (m) {
        uint64_t x = m & (0 - m);
        m ^= x;
        uint64_t f = bb__perft_flips(p, o, x);
        n = bb__count_add(n, walk(o ^ f, p ^ f ^ x, d - 1, conv));
    }
    return n;
}

static T uint64_t walk(uint64_t p, uint64_t o, int d, int conv)
{
    BB__PERFT_NODE(walk, walk_m, p, o, d, conv);
}

T uint64_t bb__perft_avx2(uint64_t p, uint64_t o, int d, int conv) { return walk(p, o, d, conv); }

#else
typedef int bb__perft_avx2_unused; /* no run-time paths in this build */
#endif
