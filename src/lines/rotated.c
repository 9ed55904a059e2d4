/* The shift and length tables of Hyatt's rotated boards, built at compile
 * time from closed forms; tests/test_rotated.c recounts them square by square. */
#include "bitboard.h"

#define R_F(sq) ((sq) & 7)
#define R_R(sq) ((sq) >> 3)
#define R_ABS(v) ((v) < 0 ? -(v) : (v))
/* Diagonals come in the order k = file - rank = 7, 6, ..., -7 with lengths
 * 8 - |k|: those before k >= 0 add up to 1 + ... + (7 - k); after the main
 * diagonal (36 bits in all) come 7, 6, ... bits. */
#define R45_START(k) ((k) >= 0 ? (7 - (k)) * (8 - (k)) / 2 : 36 + 8 * (-(k) - 1) - (-(k) - 1) * (-(k)) / 2)
/* Anti-diagonals s = file + rank = 0..14: lengths 1, 2, ..., 8, 7, ..., 1. */
#define R315_START(s) ((s) <= 8 ? (s) * ((s) + 1) / 2 : 36 + 8 * ((s) - 8) - ((s) - 8) * ((s) - 7) / 2)

#define R90_SHIFT(sq) (8 * (7 - R_F(sq)))
#define R45_SHIFT(sq) R45_START(R_F(sq) - R_R(sq))
#define R45_LENGTH(sq) (8 - R_ABS(R_F(sq) - R_R(sq)))
#define R315_SHIFT(sq) R315_START(R_F(sq) + R_R(sq))
#define R315_LENGTH(sq) (8 - R_ABS(R_F(sq) + R_R(sq) - 7))

#define R_8(M, n) M(n), M((n) + 1), M((n) + 2), M((n) + 3), M((n) + 4), M((n) + 5), M((n) + 6), M((n) + 7)
#define R_64(M) R_8(M, 0), R_8(M, 8), R_8(M, 16), R_8(M, 24), R_8(M, 32), R_8(M, 40), R_8(M, 48), R_8(M, 56)

const unsigned char bb_rotated90_shift[64] = {R_64(R90_SHIFT)};
const unsigned char bb_rotated45_shift[64] = {R_64(R45_SHIFT)};
const unsigned char bb_rotated45_length[64] = {R_64(R45_LENGTH)};
const unsigned char bb_rotated315_shift[64] = {R_64(R315_SHIFT)};
const unsigned char bb_rotated315_length[64] = {R_64(R315_LENGTH)};

/* Where square sq lands on each rotated board (bb_rotated45_square and
 * bb_rotated315_square as constant expressions). */
#define R_MIN(a, b) ((a) < (b) ? (a) : (b))
#define R45_SQ(sq) (R45_SHIFT(sq) + R_MIN(R_F(sq), R_R(sq)))
#define R315_SQ(sq) (R315_SHIFT(sq) + R_F(sq) - (R_F(sq) + R_R(sq) > 7 ? R_F(sq) + R_R(sq) - 7 : 0))

/* The gather tables of the BITALG forms (bit b of the result is bit
 * gather[b] of the source).  Going back is the forward map itself; going
 * there is its inverse: the one square s that lands on b, found as the sum
 * over all s of s * (map(s) == b).  Compiled in every build, tested in all. */
#define R_HIT(map, b, s) ((map(s) == (b)) * (s))
#define R_HIT8(map, b, s) R_HIT(map, b, s) + R_HIT(map, b, (s) + 1) + R_HIT(map, b, (s) + 2) + \
    R_HIT(map, b, (s) + 3) + R_HIT(map, b, (s) + 4) + R_HIT(map, b, (s) + 5) + R_HIT(map, b, (s) + 6) + \
    R_HIT(map, b, (s) + 7)
#define R_INVERSE(map, b) (unsigned char)(R_HIT8(map, b, 0) + R_HIT8(map, b, 8) + R_HIT8(map, b, 16) + \
    R_HIT8(map, b, 24) + R_HIT8(map, b, 32) + R_HIT8(map, b, 40) + R_HIT8(map, b, 48) + R_HIT8(map, b, 56))
#define R_INV45(b) R_INVERSE(R45_SQ, b)
#define R_INV315(b) R_INVERSE(R315_SQ, b)

const unsigned char bb__rotated45_gather[64] = {R_64(R_INV45)};
const unsigned char bb__unrotated45_gather[64] = {R_64(R45_SQ)};
const unsigned char bb__rotated315_gather[64] = {R_64(R_INV315)};
const unsigned char bb__unrotated315_gather[64] = {R_64(R315_SQ)};

/* ---- Square mappings ------------------------------------------------------------- */
#include <ctype.h>
#include <string.h>

static const char *const mapping_names[BB_MAP_COUNT] = {
    "lerf", "lerbef", "berlef", "berf", "lefr", "lefber", "befler", "befr",
};

const char *bb_mapping_name(bb_mapping m)
{
    return (unsigned)m < BB_MAP_COUNT ? mapping_names[m] : NULL;
}

int bb_mapping_from_name(const char *name, bb_mapping *m)
{
    char low[8];
    size_t n = strlen(name);
    if (n >= sizeof low) return -1;
    for (size_t i = 0; i <= n; i++) low[i] = (char)tolower((unsigned char)name[i]);
    for (int i = 0; i < BB_MAP_COUNT; i++)
        if (strcmp(low, mapping_names[i]) == 0) {
            *m = (bb_mapping)i;
            return 0;
        }
    return -1;
}
