/* Slow, obviously correct references for lines, pseudo-rotations, rotated
 * boards and square mappings: loops over squares, straight from the
 * definitions in the headers' comments. */
#ifndef BB_TESTS_REFERENCE_LINES_H
#define BB_TESTS_REFERENCE_LINES_H

#include <stdint.h>

#include "bitboard.h"

/* Is (f2, r2) on the line of kind `line` through (f, r)? */
static inline int ref_on_line(int f, int r, int f2, int r2, bb_line line)
{
    switch (line) {
    case BB_LINE_RANK: return r2 == r;
    case BB_LINE_FILE: return f2 == f;
    case BB_LINE_DIAGONAL: return f2 - r2 == f - r;
    case BB_LINE_ANTIDIAGONAL: return f2 + r2 == f + r;
    }
    return 0;
}

static inline uint64_t ref_line_mask(int sq, bb_line line)
{
    uint64_t m = 0;
    for (int s = 0; s < 64; s++)
        if (ref_on_line(sq % 8, sq / 8, s % 8, s / 8, line)) m |= (uint64_t)1 << s;
    return m;
}

/* Bit i: the line's square on file i (rank i for a file). */
static inline unsigned ref_line_extract(uint64_t x, int sq, bb_line line)
{
    unsigned bits = 0;
    for (int s = 0; s < 64; s++)
        if (ref_on_line(sq % 8, sq / 8, s % 8, s / 8, line) && (x >> s & 1))
            bits |= 1u << (line == BB_LINE_FILE ? s / 8 : s % 8);
    return bits;
}

static inline uint64_t ref_line_deposit(unsigned bits, int sq, bb_line line)
{
    uint64_t x = 0;
    for (int s = 0; s < 64; s++)
        if (ref_on_line(sq % 8, sq / 8, s % 8, s / 8, line) &&
            (bits >> (line == BB_LINE_FILE ? s / 8 : s % 8) & 1))
            x |= (uint64_t)1 << s;
    return x;
}

static inline unsigned ref_mirror_byte(unsigned b)
{
    unsigned m = 0;
    for (int i = 0; i < 8; i++) m |= ((b >> i) & 1) << (7 - i);
    return m;
}

/* A board moved square by square by a square map. */
static inline uint64_t ref_permute(uint64_t x, int (*map)(int sq))
{
    uint64_t y = 0;
    for (int s = 0; s < 64; s++)
        if (x >> s & 1) y |= (uint64_t)1 << map(s);
    return y;
}

/* The pseudo-rotations, as the issue states them. */
static inline int ref_prot_cw(int s) { return (s - 8 * (s & 7)) & 63; }
static inline int ref_prot_ccw(int s) { return (s + 8 * ((s & 7) + 1)) & 63; }
static inline int ref_prot_uncw(int s) { return (s + 8 * (s & 7)) & 63; }
static inline int ref_prot_unccw(int s) { return (s - 8 * ((s & 7) + 1)) & 63; }

/* Hyatt's rotated boards as documented in bitboard/rotated.h, by counting:
 * rotated-45 holds the diagonals (file - rank = 7, 6, ..., -7), each from
 * its lowest file up; rotated-315 the anti-diagonals (file + rank = 0..14),
 * each from its lowest file up; rotated-90 is the board turned clockwise. */
static inline int ref_rot45(int s)
{
    int f = s % 8, r = s / 8, bit = 0;
    for (int k = 7; k > f - r; k--) bit += 8 - (k < 0 ? -k : k);
    return bit + (f < r ? f : r);
}
static inline int ref_rot315(int s)
{
    int f = s % 8, r = s / 8, bit = 0;
    for (int t = 0; t < f + r; t++) bit += t <= 7 ? t + 1 : 15 - t;
    return bit + f - (f + r > 7 ? f + r - 7 : 0);
}
static inline int ref_rot90(int s) { return 8 * (7 - s % 8) + s / 8; }

#endif
