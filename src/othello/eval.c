/* The solver's evaluation (eval.h): pattern weights summed over the 8 images
 * of the board. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bitboard.h"
#include "eval.h"
#include "eval_pack.h"

/* The patterns (eval.h lists them).  In the 8 images each is read along
 * every edge and corner of the board. */
const uint64_t bb__eval_mask[BB__EVAL_PATTERNS] = {BB__EVAL_MASKS};

/* 3^10, 3^10, 3^9, 3^8 four times, 3^7, 3^6, 3^5, 3^4, added up
 * (tests/test_othello_eval.c checks them against the masks). */
const int bb__eval_offset[BB__EVAL_PATTERNS + 1] = {
    0, 59049, 118098, 137781, 144342, 150903, 157464, 164025, 166212, 166941, 167184, 167265,
};

/* The bits of x under mask, packed in ascending order (pext). */
static inline unsigned gather(uint64_t x, uint64_t mask)
{
#if BB_HAVE_BMI2
    return (unsigned)_pext_u64(x, mask);
#else
    unsigned r = 0, bit = 1;
    for (; mask; mask &= mask - 1, bit <<= 1)
        if (x & mask & (0 - mask)) r |= bit;
    return r;
#endif
}

/* base3[b]: the bits of b (up to 10) read as base-3 digits 0/1.  B3_k
 * lists the 2^(k+1) values of bits 0..k: those with bit k clear, then those
 * with it set (3^k more). */
#define B3_0(x) (x), (x) + 1
#define B3_1(x) B3_0(x), B3_0((x) + 3)
#define B3_2(x) B3_1(x), B3_1((x) + 9)
#define B3_3(x) B3_2(x), B3_2((x) + 27)
#define B3_4(x) B3_3(x), B3_3((x) + 81)
#define B3_5(x) B3_4(x), B3_4((x) + 243)
#define B3_6(x) B3_5(x), B3_5((x) + 729)
#define B3_7(x) B3_6(x), B3_6((x) + 2187)
#define B3_8(x) B3_7(x), B3_7((x) + 6561)
#define B3_9(x) B3_8(x), B3_8((x) + 19683)
static const uint16_t base3[1024] = {B3_9(0)};

void bb__othello_eval_indices(uint64_t p, uint64_t o, int *idx)
{
    int k = 0;
    for (int s = 0; s < BB_SYM_COUNT; s++) {
        uint64_t ps = bb_sym_apply(p, (bb_sym)s), os = bb_sym_apply(o, (bb_sym)s);
        for (int j = 0; j < BB__EVAL_PATTERNS; j++)
            idx[k++] = bb__eval_offset[j] + base3[gather(ps, bb__eval_mask[j])] + 2 * base3[gather(os, bb__eval_mask[j])];
    }
}

void bb__othello_eval_scalars(uint64_t p, uint64_t o, int *x)
{
    x[0] = 1;
    x[1] = bb_othello_mobility(p, o) - bb_othello_mobility(o, p);
    x[2] = bb_othello_potential_mobility(p, o) - bb_othello_potential_mobility(o, p);
    x[3] = bb_popcount(~(p | o)) & 1 ? 1 : -1;
}

int bb__othello_eval(uint64_t p, uint64_t o)
{
    return bb__othello_eval_with(bb__othello_eval_weights[bb__eval_stage(64 - bb_popcount(p | o))], p, o);
}

int bb__othello_eval_with(const int16_t *w, uint64_t p, uint64_t o)
{
    int idx[BB__EVAL_INDICES], x[BB__EVAL_SCALARS], v = 0;
    bb__othello_eval_indices(p, o, idx);
    bb__othello_eval_scalars(p, o, x);
    for (int k = 0; k < BB__EVAL_INDICES; k++) v += w[idx[k]];
    for (int k = 0; k < BB__EVAL_SCALARS; k++) v += w[BB__EVAL_TABLE + k] * x[k];
    return v;
}

#if !BB__EVAL_PACKED
int bb__othello_solver_eval(uint64_t p, uint64_t o)
{
    return bb__othello_eval_with(bb__othello_solver_weights, p, o);
}
#endif

static uint32_t get32(const unsigned char *b)
{
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

#define UNPACK_BAD(...)                                                                                        \
    do {                                                                                                      \
        snprintf(err, errn, __VA_ARGS__);                                                                     \
        for (int s_ = 0; s_ < S; s_++) memset(w[s_], 0, sizeof *w);                                           \
        return 1;                                                                                             \
    } while (0)

int bb__othello_eval_unpack(const unsigned char *b, size_t n, int16_t (*w)[BB__EVAL_WEIGHTS], char *err, size_t errn)
{
    enum { S = BB__EVAL_STAGES, HEAD = BB__EVAL_PACK_FIXED + 4 * S };
    if (n < 8 || memcmp(b, bb__eval_pack_magic, 8)) UNPACK_BAD("not the packed weights (no \"BBOEPACK\" header)");
    if (n < HEAD) UNPACK_BAD("%zu bytes, cut short within the %d-byte header", n, (int)HEAD);
    if (get32(b + 8) != BB__EVAL_PACK_VERSION)
        UNPACK_BAD("format version %lu, this build reads %d", (unsigned long)get32(b + 8), BB__EVAL_PACK_VERSION);
    if (get32(b + 16) != n)
        UNPACK_BAD("%zu bytes, the header says %lu (%s)", n, (unsigned long)get32(b + 16),
                   n < get32(b + 16) ? "cut short" : "bytes after the end");
    uint32_t t[256];
    bb__eval_crc_table(t);
    uint32_t crc = bb__eval_crc(t, 0, b + 16, n - 16);
    if (crc != get32(b + 12))
        UNPACK_BAD("checksum 0x%08lx, the header says 0x%08lx: the data is damaged", (unsigned long)crc,
                   (unsigned long)get32(b + 12));
    if (get32(b + 20) != S || get32(b + 24) != BB__EVAL_WEIGHTS)
        UNPACK_BAD("%lu sets of %lu weights, eval.h has %d of %d", (unsigned long)get32(b + 20),
                   (unsigned long)get32(b + 24), S, BB__EVAL_WEIGHTS);
    size_t stored = get32(b + 28), bitmap = (stored + 7) / 8, at = HEAD;
    const unsigned char *set[S], *v[S], *end[S];
    for (int s = 0; s < S; s++) {
        size_t len = get32(b + BB__EVAL_PACK_FIXED + 4 * s);
        if (len < bitmap || len > n - at)
            UNPACK_BAD("set %d: %zu bytes, %s", s, len, len < bitmap ? "fewer than its bitmap's" : "past the end");
        set[s] = b + at, v[s] = b + at + bitmap, end[s] = b + at + len;
        at += len;
    }
    if (at != n) UNPACK_BAD("its sets end %zu bytes before its end", n - at);
    size_t ordinal = 0, nonzero = 0;
    uint32_t sum = 0;
    for (int j = 0; j <= BB__EVAL_PATTERNS; j++) {
        bb__eval_walk m;
        int base = bb__eval_offset[j], count = j < BB__EVAL_PATTERNS ? bb__eval_offset[j + 1] - base : BB__EVAL_SCALARS;
        for (bb__eval_walk_start(&m, j < BB__EVAL_PATTERNS ? bb__eval_mask[j] : 0); m.index < count; bb__eval_walk_next(&m)) {
            int i = m.index, least = m.least, k = base + i;
            if (least != i) {
                for (int s = 0; s < S; s++)
                    w[s][k] = w[s][base + least], sum = bb__eval_pack_sum(sum, (size_t)s * BB__EVAL_WEIGHTS + k, w[s][k]);
                continue;
            }
            if (ordinal >= stored) UNPACK_BAD("%zu weights stored per set, the header says %zu", ordinal + 1, stored);
            for (int s = 0; s < S; s++) {
                w[s][k] = 0;
                if (!(set[s][ordinal / 8] >> ordinal % 8 & 1)) continue;
                int escape = v[s] < end[s] && *v[s] == BB__EVAL_PACK_ESCAPE;
                if (end[s] - v[s] < 1 + 2 * escape)
                    UNPACK_BAD("set %d: its weights end at weight %d, its bitmap marks more", s, k);
                int x = escape ? (int)(v[s][1] | v[s][2] << 8) : *v[s];
                x = escape ? (x >= 0x8000 ? x - 0x10000 : x) : (x >= 0x80 ? x - 0x100 : x);
                if (!x) UNPACK_BAD("set %d: weight %d is 0, its bitmap says not", s, k);
                v[s] += 1 + 2 * escape;
                w[s][k] = (int16_t)x;
                sum = bb__eval_pack_sum(sum, (size_t)s * BB__EVAL_WEIGHTS + k, x);
                nonzero++;
            }
            ordinal++;
        }
    }
    if (ordinal != stored) UNPACK_BAD("%zu weights stored per set, the header says %zu", ordinal, stored);
    for (int s = 0; s < S; s++)
        if (v[s] != end[s]) UNPACK_BAD("set %d: its weights end %zu bytes before the set does", s, (size_t)(end[s] - v[s]));
    if (nonzero != get32(b + 32))
        UNPACK_BAD("%zu weights not 0, the header says %lu", nonzero, (unsigned long)get32(b + 32));
    if (sum != get32(b + 36))
        UNPACK_BAD("the expanded weights' sum 0x%08lx, the header says 0x%08lx", (unsigned long)sum,
                   (unsigned long)get32(b + 36));
    return 0;
}
#undef UNPACK_BAD

#if BB__EVAL_PACKED
int16_t bb__othello_eval_weights[BB__EVAL_STAGES][BB__EVAL_WEIGHTS];

/* The packed build (WebAssembly) expands its weights as the module starts
 * (its _initialize runs the constructors); a damaged form stops it there,
 * with what is wrong on stderr (the package's import throws it). */
__attribute__((constructor)) static void unpack_at_start(void)
{
    char err[256];
    if (!bb__othello_eval_unpack(bb__othello_eval_packed, bb__othello_eval_packed_size, bb__othello_eval_weights, err,
                                 sizeof err))
        return;
    fprintf(stderr, "bitboard: the Othello evaluation's packed weights: %s\n", err);
    abort();
}
#endif
