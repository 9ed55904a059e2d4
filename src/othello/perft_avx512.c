/* perft's AVX-512 walk: one move per 64-bit lane, eight a register.  The
 * flips of eight moves come at once (the shifts in the 8 directions, each
 * direction one parallel-prefix run for all lanes), and so do the eight
 * children and their moves.  Three plies from the leaves, all the
 * grandchildren's moves of a node become one list (square bytes by VBMI2
 * compress, parent boards written beside them) counted a full register at a
 * time: flips, the resulting boards' moves, VPOPCNTQ.  A board without moves
 * (pass or game end) is counted by the scalar rule.  Compiled with target
 * attributes, used where bb__perft_avx512_available() says so.            */
#include "perft_kernels.h"

#if BB__DISPATCH
#include <immintrin.h>

#define T __attribute__((target("avx512f,avx512bw,avx512vl,avx512vpopcntdq,avx512vbmi2,popcnt,bmi,bmi2")))

int bb__perft_avx512_available(void)
{
    return bb_cpu_has(BB_CPU_AVX512 | BB__CPU_AVX512_VPOPCNT_VBMI2 | BB__CPU_POPCNT_BMI);
}

#define SLL(v, d) _mm512_slli_epi64((v), (d))
#define SRL(v, d) _mm512_srli_epi64((v), (d))
#define AND(a, b) _mm512_and_si512((a), (b))
/* a | (b & c) */
#define OR_AND(a, b, c) _mm512_ternarylogic_epi64((a), (b), (c), 0xF8)

/* The flips of the moves x (one bit a lane, or 0) along direction pair d,
 * added to f: m = the discs of o a run may cross (broadcast), pl = m & m << d. */
#define FLIPS_DIR(f, p, m, pl, x, d)                                               \
    do {                                                                           \
        __m512i pr_ = SRL(pl, d);                                                  \
        __m512i l_ = AND(m, SLL(x, d)), r_ = AND(m, SRL(x, d));                    \
        l_ = OR_AND(l_, m, SLL(l_, d)), r_ = OR_AND(r_, m, SRL(r_, d));            \
        l_ = OR_AND(l_, pl, SLL(l_, 2 * (d))), r_ = OR_AND(r_, pr_, SRL(r_, 2 * (d))); \
        l_ = OR_AND(l_, pl, SLL(l_, 2 * (d))), r_ = OR_AND(r_, pr_, SRL(r_, 2 * (d))); \
        f = _mm512_ternarylogic_epi64(f, _mm512_maskz_mov_epi64(_mm512_test_epi64_mask(p, SLL(l_, d)), l_), \
                                      _mm512_maskz_mov_epi64(_mm512_test_epi64_mask(p, SRL(r_, d)), r_), 0xFE); \
    } while (0)

/* The discs flipped by p playing each lane's move x (0 in unused lanes). */
static inline T __attribute__((always_inline)) __m512i vflips(uint64_t p, uint64_t o, __m512i x)
{
    uint64_t oi = o & BB__PERFT_INNER;
    __m512i vp = _mm512_set1_epi64((long long)p);
    __m512i vo = _mm512_set1_epi64((long long)o), voi = _mm512_set1_epi64((long long)oi);
    __m512i f1 = _mm512_setzero_si512(), f2 = f1;
    FLIPS_DIR(f1, vp, voi, _mm512_set1_epi64((long long)(oi & (oi << 1))), x, 1);
    FLIPS_DIR(f2, vp, vo, _mm512_set1_epi64((long long)(o & (o << 8))), x, 8);
    FLIPS_DIR(f1, vp, voi, _mm512_set1_epi64((long long)(oi & (oi << 7))), x, 7);
    FLIPS_DIR(f2, vp, voi, _mm512_set1_epi64((long long)(oi & (oi << 9))), x, 9);
    return _mm512_or_si512(f1, f2);
}

/* The same with a different board in each lane. */
static inline T __attribute__((always_inline)) __m512i vflips_lanes(__m512i vp, __m512i vo, __m512i x)
{
    __m512i voi = AND(vo, _mm512_set1_epi64((long long)BB__PERFT_INNER));
    __m512i f1 = _mm512_setzero_si512(), f2 = f1;
    FLIPS_DIR(f1, vp, voi, AND(voi, SLL(voi, 1)), x, 1);
    FLIPS_DIR(f2, vp, vo, AND(vo, SLL(vo, 8)), x, 8);
    FLIPS_DIR(f1, vp, voi, AND(voi, SLL(voi, 7)), x, 7);
    FLIPS_DIR(f2, vp, voi, AND(voi, SLL(voi, 9)), x, 9);
    return _mm512_or_si512(f1, f2);
}

/* The moves of p (a lane each) along direction pair d over the crossable discs m. */
#define MOVES_DIR(mv, p, m, d)                                                      \
    do {                                                                            \
        __m512i pl_ = AND(m, SLL(m, d));                                            \
        __m512i pr_ = SRL(pl_, d);                                                  \
        __m512i l_ = AND(m, SLL(p, d)), r_ = AND(m, SRL(p, d));                     \
        l_ = OR_AND(l_, m, SLL(l_, d)), r_ = OR_AND(r_, m, SRL(r_, d));             \
        l_ = OR_AND(l_, pl_, SLL(l_, 2 * (d))), r_ = OR_AND(r_, pr_, SRL(r_, 2 * (d))); \
        l_ = OR_AND(l_, pl_, SLL(l_, 2 * (d))), r_ = OR_AND(r_, pr_, SRL(r_, 2 * (d))); \
        mv = _mm512_ternarylogic_epi64(mv, SLL(l_, d), SRL(r_, d), 0xFE);           \
    } while (0)

/* Each lane's moves for (p to move, o), empty squares e. */
static inline T __attribute__((always_inline)) __m512i vmoves(__m512i p, __m512i o, __m512i e)
{
    __m512i oi = AND(o, _mm512_set1_epi64((long long)BB__PERFT_INNER));
    __m512i m1 = _mm512_setzero_si512(), m2 = m1;
    MOVES_DIR(m1, p, oi, 1);
    MOVES_DIR(m2, p, o, 8);
    MOVES_DIR(m1, p, oi, 7);
    MOVES_DIR(m2, p, oi, 9);
    return _mm512_ternarylogic_epi64(m1, m2, e, 0xA8); /* (m1 | m2) & e */
}

/* Takes up to 8 moves off *m into lanes; *k = how many. */
static inline T __attribute__((always_inline)) __m512i take8(uint64_t *m, int *k)
{
    uint64_t xs[8] = {0};
    uint64_t r = *m;
    int i = 0;
    for (; i < 8 && r; i++) {
        xs[i] = r & (0 - r);
        r &= r - 1;
    }
    *m = r;
    *k = i;
    return _mm512_loadu_si512((const void *)xs);
}

/* The count two plies deep of (p to move, o) with moves m (not 0). */
static T uint64_t perft2(uint64_t p, uint64_t o, uint64_t m, int conv)
{
    __m512i acc = _mm512_setzero_si512();
    __m512i vp = _mm512_set1_epi64((long long)p), vo = _mm512_set1_epi64((long long)o);
    __m512i ve = _mm512_set1_epi64((long long)~(p | o));
    uint64_t extra = 0;
    while (m) {
        int k;
        __m512i x = take8(&m, &k);
        __mmask8 valid = (__mmask8)((1u << k) - 1);
        __m512i f = vflips(p, o, x);
        __m512i cp = _mm512_xor_si512(vo, f);                      /* the child's side to move */
        __m512i co = _mm512_ternarylogic_epi64(vp, f, x, 0x96);    /* p ^ f ^ x */
        __m512i mv = vmoves(cp, co, _mm512_andnot_si512(x, ve));
        acc = _mm512_add_epi64(acc, _mm512_maskz_popcnt_epi64(valid, mv));
        __mmask8 none = _mm512_mask_testn_epi64_mask(valid, mv, mv);
        if (none) { /* a pass or a game end: rare */
            uint64_t cps[8], cos[8];
            _mm512_storeu_si512((void *)cps, cp);
            _mm512_storeu_si512((void *)cos, co);
            for (unsigned b = none; b; b &= b - 1) {
                int i = __builtin_ctz(b);
                extra += bb__perft_leaf(cps[i], cos[i], conv);
            }
        }
    }
    return (uint64_t)_mm512_reduce_add_epi64(acc) + extra;
}

static T uint64_t walk(uint64_t p, uint64_t o, int d, int conv);

/* The square numbers of m's bits, in order, as bytes (VBMI2 compress). */
static inline T __attribute__((always_inline)) __m512i squares_of(uint64_t m)
{
    const __m512i iota = _mm512_set_epi8(63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48, 47, 46,
                                         45, 44, 43, 42, 41, 40, 39, 38, 37, 36, 35, 34, 33, 32, 31, 30, 29, 28,
                                         27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10,
                                         9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
    return _mm512_maskz_compress_epi8(m, iota);
}

/* Lanes of one bit each from 8 square-number bytes at s. */
static inline T __attribute__((always_inline)) __m512i bits_at(const uint8_t *s)
{
    __m512i idx = _mm512_cvtepu8_epi64(_mm_loadl_epi64((const __m128i *)(const void *)s));
    return _mm512_sllv_epi64(_mm512_set1_epi64(1), idx);
}

/* The lanes in use when n items are left: the lowest min(n, 8). */
static inline __mmask8 lanes_for(int n) { return (__mmask8)(n >= 8 ? 0xFF : (1u << n) - 1); }

/* Most moves a position has, rounded up to whole registers (the known
 * maximum is 33). */
#define MAX_MOVES 64

/* The count three plies deep of (p to move, o) with moves m (not 0): the
 * children eight at a time, then all the grandchildren's moves as one list
 * (square, parent boards) counted a full register at a time. */
static T uint64_t perft3(uint64_t p, uint64_t o, uint64_t m, int conv)
{
    _Alignas(64) uint8_t msq[64];
    _Alignas(64) uint64_t cps[MAX_MOVES], cos[MAX_MOVES], cms[MAX_MOVES];
    _Alignas(64) uint8_t gsq[MAX_MOVES * 64 + 64];
    _Alignas(64) uint64_t gp[MAX_MOVES * 64 + 64], go[MAX_MOVES * 64 + 64];
    __m512i vp = _mm512_set1_epi64((long long)p), vo = _mm512_set1_epi64((long long)o);
    __m512i ve = _mm512_set1_epi64((long long)~(p | o));
    uint64_t extra = 0;
    int nm = __builtin_popcountll(m), ng = 0;
    _mm512_store_si512((void *)msq, squares_of(m));
    for (int j = 0; j < nm; j += 8) {
        __mmask8 valid = lanes_for(nm - j);
        __m512i x = _mm512_maskz_mov_epi64(valid, bits_at(msq + j));
        __m512i f = vflips(p, o, x);
        __m512i cp = _mm512_xor_si512(vo, f);
        __m512i co = _mm512_ternarylogic_epi64(vp, f, x, 0x96);
        __m512i mv = _mm512_maskz_mov_epi64(valid, vmoves(cp, co, _mm512_andnot_si512(x, ve)));
        _mm512_store_si512((void *)(cps + j), cp);
        _mm512_store_si512((void *)(cos + j), co);
        _mm512_store_si512((void *)(cms + j), mv);
        for (unsigned b = _mm512_mask_testn_epi64_mask(valid, mv, mv); b; b &= b - 1) {
            int i = j + __builtin_ctz(b); /* a pass or a game over: rare */
            extra += walk(cps[i], cos[i], 2, conv);
        }
    }
    for (int i = 0; i < nm; i++) {
        int n = __builtin_popcountll(cms[i]);
        __m512i bp = _mm512_set1_epi64((long long)cps[i]), bo = _mm512_set1_epi64((long long)cos[i]);
        _mm512_storeu_si512((void *)(gsq + ng), squares_of(cms[i]));
        _mm512_storeu_si512((void *)(gp + ng), bp);
        _mm512_storeu_si512((void *)(go + ng), bo);
        _mm512_storeu_si512((void *)(gp + ng + 8), bp);
        _mm512_storeu_si512((void *)(go + ng + 8), bo);
        for (int t = 16; t < n; t += 8) { /* more than 16 moves: rare */
            _mm512_storeu_si512((void *)(gp + ng + t), bp);
            _mm512_storeu_si512((void *)(go + ng + t), bo);
        }
        ng += n;
    }
    __m512i acc = _mm512_setzero_si512();
    for (int j = 0; j < ng; j += 8) {
        __mmask8 valid = lanes_for(ng - j);
        __m512i vp2 = _mm512_loadu_si512((const void *)(gp + j));
        __m512i vo2 = _mm512_loadu_si512((const void *)(go + j));
        __m512i x = _mm512_maskz_mov_epi64(valid, bits_at(gsq + j));
        __m512i f = vflips_lanes(vp2, vo2, x);
        __m512i cp = _mm512_xor_si512(vo2, f);
        __m512i co = _mm512_ternarylogic_epi64(vp2, f, x, 0x96);
        __m512i e = _mm512_ternarylogic_epi64(vp2, vo2, x, 0x01); /* ~(p | o | x) */
        __m512i mv = vmoves(cp, co, e);
        acc = _mm512_add_epi64(acc, _mm512_maskz_popcnt_epi64(valid, mv));
        __mmask8 none = _mm512_mask_testn_epi64_mask(valid, mv, mv);
        if (none) { /* a pass or a game end: rare */
            uint64_t c1[8], c2[8];
            _mm512_storeu_si512((void *)c1, cp);
            _mm512_storeu_si512((void *)c2, co);
            for (unsigned b = none; b; b &= b - 1) {
                int i = __builtin_ctz(b);
                extra += bb__perft_leaf(c1[i], c2[i], conv);
            }
        }
    }
    return (uint64_t)_mm512_reduce_add_epi64(acc) + extra;
}

/* The count d >= 2 plies deep of (p to move, o) with moves m (not 0): the
 * children's flips and moves eight at a time, then each child's subtree. */
static T uint64_t walk_m(uint64_t p, uint64_t o, uint64_t m, int d, int conv)
{
    if (d == 2) return perft2(p, o, m, conv);
    if (d == 3) return perft3(p, o, m, conv);
    __m512i vp = _mm512_set1_epi64((long long)p), vo = _mm512_set1_epi64((long long)o);
    __m512i ve = _mm512_set1_epi64((long long)~(p | o));
    uint64_t n = 0;
    while (m) {
        int k;
        __m512i x = take8(&m, &k);
        __m512i f = vflips(p, o, x);
        __m512i cp = _mm512_xor_si512(vo, f);
        __m512i co = _mm512_ternarylogic_epi64(vp, f, x, 0x96);
        __m512i mv = vmoves(cp, co, _mm512_andnot_si512(x, ve));
        uint64_t cps[8], cos[8], cms[8];
        _mm512_storeu_si512((void *)cps, cp);
        _mm512_storeu_si512((void *)cos, co);
        _mm512_storeu_si512((void *)cms, mv);
        for (int i = 0; i < k; i++)
            n = bb__count_add(n, cms[i] ? walk_m(cps[i], cos[i], cms[i], d - 1, conv) : walk(cps[i], cos[i], d - 1, conv));
    }
    return n;
}

/* The count of (p to move, o) d >= 1 plies deep. */
static T uint64_t walk(uint64_t p, uint64_t o, int d, int conv)
{
    BB__PERFT_NODE(walk, walk_m, p, o, d, conv);
}

T uint64_t bb__perft_avx512(uint64_t p, uint64_t o, int d, int conv) { return walk(p, o, d, conv); }

#else
typedef int bb__perft_avx512_unused; /* no run-time paths in this build */
#endif
