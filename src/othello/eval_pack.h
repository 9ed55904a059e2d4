/* The packed form of the evaluation's staged weights (eval.h): what the
 * WebAssembly build carries in place of the full tables (3.35 MB), expanded
 * once when the module starts (bb__othello_eval_unpack, eval.c) into the
 * same tables, byte for byte.  tools/gen_eval_weights.c (`packed`) writes it
 * at build time from data/othello/eval.bin; it is never committed.
 *
 * Two facts make it small (413,950 bytes for the 10 sets):
 *  - a pattern that a symmetry of the board maps onto itself (all but the
 *    2x5 corner block) reads a configuration and its mirror image in the
 *    same 8 images of every position, so the fit gives the two one weight:
 *    only the least index of each set of mirror images is stored (113,881
 *    of a set's 167,269 weights); the writer checks the others equal it;
 *  - 76% of the weights are 0 (configurations no game reached): a bitmap
 *    marks the stored weights that are not, and only those follow, one byte
 *    each for -127..127, else the byte 0x80 then two bytes.
 *
 * All numbers little-endian:
 *
 *   offset  size  field
 *        0     8  magic "BBOEPACK"
 *        8     4  format version (1)
 *       12     4  CRC-32 (as zlib's crc32) of every byte from offset 16 to the end
 *       16     4  the size in bytes
 *       20     4  sets (BB__EVAL_STAGES)
 *       24     4  weights per set (BB__EVAL_WEIGHTS)
 *       28     4  weights stored per set (the least of each mirror set)
 *       32     4  stored weights not 0, all sets
 *       36     4  the expanded weights' sum: bb__eval_pack_sum over every
 *                 weight of every set, set after set (a check of the
 *                 expansion, cheaper than a CRC over its 3.35 MB)
 *       40  4*S   each set's bytes
 *        .        each set: its bitmap (bit t%8 of byte t/8: stored weight t
 *                 is not 0), then those weights */
#ifndef BB_SRC_OTHELLO_EVAL_PACK_H
#define BB_SRC_OTHELLO_EVAL_PACK_H

#include <stddef.h>
#include <stdint.h>

#include "bitboard/sym.h"
#include "eval.h"

enum { BB__EVAL_PACK_VERSION = 1, BB__EVAL_PACK_FIXED = 40, BB__EVAL_PACK_ESCAPE = 0x80, BB__EVAL_PACK_SQUARES = 10 };
static const char bb__eval_pack_magic[8] = {'B', 'B', 'O', 'E', 'P', 'A', 'C', 'K'};

/* A walk over a pattern's table in index order that knows, at each index,
 * the least index of its mirror images under the symmetries of the board
 * that map the pattern's squares onto themselves: `least` is `index` when
 * that index is the one stored.  The images move with the index's base-3
 * digits as an odometer does, a few additions a step (the writer and the
 * expansion walk the same way). */
typedef struct {
    int squares, images, index, least;
    int digit[BB__EVAL_PACK_SQUARES];
    int image[BB_SYM_COUNT - 1];
    int step[BB_SYM_COUNT - 1][BB__EVAL_PACK_SQUARES]; /* image a's change as digit k goes up by one */
} bb__eval_walk;

/* Starts the walk of the pattern of square set mask at index 0 (mask 0: the
 * scalars, their own images). */
static inline void bb__eval_walk_start(bb__eval_walk *w, uint64_t mask)
{
    int sq[BB__EVAL_PACK_SQUARES];
    w->squares = w->images = w->index = w->least = 0;
    for (int q = 0; q < 64 && w->squares < BB__EVAL_PACK_SQUARES; q++)
        if (mask >> q & 1) w->digit[w->squares] = 0, sq[w->squares++] = q;
    for (int s = 1; s < BB_SYM_COUNT; s++) {
        if (!mask || bb_sym_apply(mask, (bb_sym)s) != mask) continue;
        for (int k = 0; k < w->squares; k++) {
            int place = bb_popcount(mask & ((1ULL << bb_sym_square(sq[k], (bb_sym)s)) - 1)), step = 1;
            while (place--) step *= 3;
            w->step[w->images][k] = step;
        }
        w->image[w->images++] = 0;
    }
}

/* Moves the walk to the next index. */
static inline void bb__eval_walk_next(bb__eval_walk *w)
{
    w->least = ++w->index;
    for (int k = 0; k < w->squares; k++) {
        int up = w->digit[k] < 2;
        w->digit[k] = up ? w->digit[k] + 1 : 0;
        for (int a = 0; a < w->images; a++) w->image[a] += up ? w->step[a][k] : -2 * w->step[a][k];
        if (up) break;
    }
    for (int a = 0; a < w->images; a++)
        if (w->image[a] < w->least) w->least = w->image[a];
}

/* The sum of field 36 with weight x at place i (0.. of all the sets) added. */
static inline uint32_t bb__eval_pack_sum(uint32_t sum, size_t i, int x)
{
    return sum + (uint32_t)(i + 1) * ((uint32_t)x & 0xFFFFu);
}

/* CRC-32 (IEEE, as zlib's crc32): bb__eval_crc_table fills t once, then
 * crc = bb__eval_crc(t, crc, bytes, n) from crc 0, chunk after chunk. */
static inline void bb__eval_crc_table(uint32_t t[256])
{
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++) c = c >> 1 ^ (0xEDB88320u & (0u - (c & 1)));
        t[i] = c;
    }
}

static inline uint32_t bb__eval_crc(const uint32_t t[256], uint32_t crc, const unsigned char *b, size_t n)
{
    uint32_t c = ~crc;
    for (size_t i = 0; i < n; i++) c = c >> 8 ^ t[(c ^ b[i]) & 0xFF];
    return ~c;
}

#endif
