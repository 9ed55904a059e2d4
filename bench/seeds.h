/* The delta-swap formulas of the Chess Programming Wiki's "Flipping Mirroring
 * and Rotating" (as transcribed in ../shared/seeds/003), with the masks that
 * the transcription garbled put right.  They are the baseline the benchmarks
 * compare against; tests/test_sym.c proves them against the naive loop.
 *
 * Corrections (transcribed text -> correct value):
 *   flipVertical      k2 0x00FFF0000FFFF      -> 0x0000FFFF0000FFFF
 *   mirrorHorizontal  k1 0x55555555555555     -> 0x5555555555555555 (16 digits)
 *                     k2 0x33333333333333     -> 0x3333333333333333
 *                     k4 0x676767...          -> 0x0F0F0F0F0F0F0F0F
 *   flipDiagA1H8      k2 0x3333000033333000   -> 0x3333000033330000
 *                     k4 0x0767676700000000   -> 0x0F0F0F0F00000000
 *   flipDiagA8H1      k4 0xfeffeffef0eff0effeff -> 0xF0F0F0F00F0F0F0F
 *   rotate180         h1, h2 short, h4 0x80FF00F00FF00FF0 -> 0x0F0F0F0F0F0F0F0F,
 *                     v1 0x00FF00F00FF0 -> 0x00FF00FF00FF00FF,
 *                     v2 0x000FFFF0000FFF -> 0x0000FFFF0000FFFF               */
#ifndef BB_BENCH_SEEDS_H
#define BB_BENCH_SEEDS_H

#include <stdint.h>

static inline uint64_t seed_flip_vertical(uint64_t x)
{
    const uint64_t k1 = 0x00FF00FF00FF00FFULL, k2 = 0x0000FFFF0000FFFFULL;
    x = ((x >> 8) & k1) | ((x & k1) << 8);
    x = ((x >> 16) & k2) | ((x & k2) << 16);
    x = (x >> 32) | (x << 32);
    return x;
}

static inline uint64_t seed_mirror_horizontal(uint64_t x)
{
    const uint64_t k1 = 0x5555555555555555ULL, k2 = 0x3333333333333333ULL,
                   k4 = 0x0F0F0F0F0F0F0F0FULL;
    x = ((x >> 1) & k1) + 2 * (x & k1);
    x = ((x >> 2) & k2) + 4 * (x & k2);
    x = ((x >> 4) & k4) + 16 * (x & k4);
    return x;
}

static inline uint64_t seed_flip_diag_a1h8(uint64_t x)
{
    uint64_t t;
    const uint64_t k1 = 0x5500550055005500ULL, k2 = 0x3333000033330000ULL,
                   k4 = 0x0F0F0F0F00000000ULL;
    t = k4 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    t = k2 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    t = k1 & (x ^ (x << 7));
    x ^= t ^ (t >> 7);
    return x;
}

static inline uint64_t seed_flip_diag_a8h1(uint64_t x)
{
    uint64_t t;
    const uint64_t k1 = 0xAA00AA00AA00AA00ULL, k2 = 0xCCCC0000CCCC0000ULL,
                   k4 = 0xF0F0F0F00F0F0F0FULL;
    t = x ^ (x << 36);
    x ^= k4 & (t ^ (x >> 36));
    t = k2 & (x ^ (x << 18));
    x ^= t ^ (t >> 18);
    t = k1 & (x ^ (x << 9));
    x ^= t ^ (t >> 9);
    return x;
}

static inline uint64_t seed_rotate_180(uint64_t x)
{
    const uint64_t h1 = 0x5555555555555555ULL, h2 = 0x3333333333333333ULL,
                   h4 = 0x0F0F0F0F0F0F0F0FULL, v1 = 0x00FF00FF00FF00FFULL,
                   v2 = 0x0000FFFF0000FFFFULL;
    x = ((x >> 1) & h1) | ((x & h1) << 1);
    x = ((x >> 2) & h2) | ((x & h2) << 2);
    x = ((x >> 4) & h4) | ((x & h4) << 4);
    x = ((x >> 8) & v1) | ((x & v1) << 8);
    x = ((x >> 16) & v2) | ((x & v2) << 16);
    x = (x >> 32) | (x << 32);
    return x;
}

/* The seed builds the quarter turns from the above. */
static inline uint64_t seed_rotate_cw(uint64_t x) { return seed_flip_vertical(seed_flip_diag_a1h8(x)); }
static inline uint64_t seed_rotate_ccw(uint64_t x) { return seed_flip_diag_a1h8(seed_flip_vertical(x)); }

#endif
