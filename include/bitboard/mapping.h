/* bitboard/mapping.h - the 8 ways to number the squares, and conversions
 * between them, for boards and squares from other engines.  Included by
 * <bitboard.h>.
 *
 * Named as in the chess programming literature ("Square Mapping
 * Considerations"): rank-file mappings number a rank's squares together
 * (index = 8 * rank' + file'), file-rank ones a file's (8 * file' + rank');
 * little-endian rank means rank' = rank (rank 1 first), big-endian
 * rank' = 7 - rank; the same for files (file a first, or file h first).
 *
 *   mapping  index of (f, r)     a1  h1  a8  h8   e.g.
 *   LERF     8r + f               0   7  56  63   this library, Stockfish
 *   LERBEF   8r + (7-f)           7   0  63  56
 *   BERLEF   8(7-r) + f          56  63   0   7   seed 002 (Hyatt: a8 = 0)
 *   BERF     8(7-r) + (7-f)      63  56   7   0   seed 001 (a1 = bit 63)
 *   LEFR     8f + r               0  56   7  63
 *   LEFBER   8f + (7-r)           7  63   0  56
 *   BEFLER   8(7-f) + r          56   0  63   7
 *   BEFR     8(7-f) + (7-r)      63   7  56   0
 *
 * Each is one of the 8 symmetries applied to a LERF board, so a conversion
 * costs one bb_sym_apply. */
#ifndef BITBOARD_MAPPING_H
#define BITBOARD_MAPPING_H

#include "core.h"
#include "sym.h"

typedef enum {
    BB_MAP_LERF,
    BB_MAP_LERBEF,
    BB_MAP_BERLEF,
    BB_MAP_BERF,
    BB_MAP_LEFR,
    BB_MAP_LEFBER,
    BB_MAP_BEFLER,
    BB_MAP_BEFR
} bb_mapping; /* values 0..7 in this order */

#define BB_MAP_COUNT 8

/* The symmetry that takes a LERF board to the same squares in mapping m
 * (identity for an m out of range). */
static inline bb_sym bb_mapping_sym(bb_mapping m)
{
    switch (m) {
    case BB_MAP_LERBEF: return BB_SYM_FLIP_HORIZONTAL;
    case BB_MAP_BERLEF: return BB_SYM_FLIP_VERTICAL;
    case BB_MAP_BERF: return BB_SYM_ROTATE_180;
    case BB_MAP_LEFR: return BB_SYM_FLIP_DIAGONAL;
    case BB_MAP_LEFBER: return BB_SYM_ROTATE_CCW;
    case BB_MAP_BEFLER: return BB_SYM_ROTATE_CW;
    case BB_MAP_BEFR: return BB_SYM_FLIP_ANTIDIAGONAL;
    case BB_MAP_LERF: break;
    }
    return BB_SYM_IDENTITY;
}

/* A board numbered by `from`, renumbered by `to`: same squares, new bits. */
static inline uint64_t bb_mapping_convert(uint64_t x, bb_mapping from, bb_mapping to)
{
    bb_sym s = bb_sym_compose(bb_sym_inverse(bb_mapping_sym(from)), bb_mapping_sym(to));
    return bb_sym_apply(x, s);
}
/* The index in `to` of the square that has index sq (0..63) in `from`. */
static inline int bb_mapping_square(int sq, bb_mapping from, bb_mapping to)
{
    return bb_sym_square(bb_sym_square(sq, bb_sym_inverse(bb_mapping_sym(from))), bb_mapping_sym(to));
}
/* Shorthands for bringing boards in and out: from mapping m to ours and back. */
static inline uint64_t bb_mapping_to_lerf(uint64_t x, bb_mapping m) { return bb_mapping_convert(x, m, BB_MAP_LERF); }
static inline uint64_t bb_mapping_from_lerf(uint64_t x, bb_mapping m) { return bb_mapping_convert(x, BB_MAP_LERF, m); }

/* "lerf", "lerbef", ... (lowercase), or NULL if out of range. */
const char *bb_mapping_name(bb_mapping m);
/* Parses a name as printed by bb_mapping_name (either case); 0 and *m, or -1. */
int bb_mapping_from_name(const char *name, bb_mapping *m);

#endif /* BITBOARD_MAPPING_H */
