/* bitboard/mapping.h - the 8 ways to number the squares, and conversions
 * between them, for boards and squares from other engines.  Included by
 * <bitboard.h>.
 *
 * Contents (each name: what it returns; what it requires)
 *   bb_mapping                      the 8 numberings, values 0..7 in this order (table below):
 *   BB_MAP_LERF                       8r + f        this library, Stockfish
 *   BB_MAP_LERBEF                     8r + (7-f)
 *   BB_MAP_BERLEF                     8(7-r) + f    Hyatt's paper (a8 = 0)
 *   BB_MAP_BERF                       8(7-r) + (7-f)
 *   BB_MAP_LEFR                       8f + r
 *   BB_MAP_LEFBER                     8f + (7-r)
 *   BB_MAP_BEFLER                     8(7-f) + r
 *   BB_MAP_BEFR                       8(7-f) + (7-r)
 *   BB_MAP_COUNT                    8
 *   bb_mapping_sym(m)               the symmetry taking a LERF board to the same squares in m; m 0..7
 *   bb_mapping_convert(x, from, to) a board numbered by from, renumbered by to; both 0..7
 *   bb_mapping_square(sq, from, to) the index in to of the square with index sq in from; sq 0..63, both 0..7
 *   bb_mapping_to_lerf(x, m)        bb_mapping_convert(x, m, BB_MAP_LERF)
 *   bb_mapping_from_lerf(x, m)      bb_mapping_convert(x, BB_MAP_LERF, m)
 *   bb_mapping_name(m)              "lerf", "lerbef", ... (lowercase); NULL if m is not 0..7
 *   bb_mapping_from_name(name, m)   0 and *m for a name as bb_mapping_name prints it (any case), else -1;
 *                                   m not NULL
 *
 * Named as in the chess programming literature (the Chess Programming
 * Wiki's "Square Mapping Considerations"): rank-file mappings number a
 * rank's squares together (index = 8 * rank' + file'), file-rank ones a
 * file's (8 * file' + rank'); little-endian rank means rank' = rank (rank 1
 * first), big-endian rank' = 7 - rank; the same for files (file a first, or
 * file h first).
 *
 *   mapping  index of (f, r)     a1  h1  a8  h8   e.g.
 *   LERF     8r + f               0   7  56  63   this library, Stockfish
 *   LERBEF   8r + (7-f)           7   0  63  56
 *   BERLEF   8(7-r) + f          56  63   0   7   Hyatt's rotated-bitboards paper (a8 = 0)
 *   BERF     8(7-r) + (7-f)      63  56   7   0   a Japanese Othello blog post on lines (a1 = bit 63)
 *   LEFR     8f + r               0  56   7  63
 *   LEFBER   8f + (7-r)           7  63   0  56
 *   BEFLER   8(7-f) + r          56   0  63   7
 *   BEFR     8(7-f) + (7-r)      63   7  56   0
 *
 * Each is one of the 8 symmetries applied to a LERF board, so a conversion
 * costs one bb_sym_apply.  A mapping out of range acts as LERF (core.h). */
#ifndef BITBOARD_MAPPING_H
#define BITBOARD_MAPPING_H

#include "core.h"
#include "sym.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    BB_MAP_LERF,
    BB_MAP_LERBEF,
    BB_MAP_BERLEF,
    BB_MAP_BERF,
    BB_MAP_LEFR,
    BB_MAP_LEFBER,
    BB_MAP_BEFLER,
    BB_MAP_BEFR
} bb_mapping;

#define BB_MAP_COUNT 8

static inline bb_sym bb_mapping_sym(bb_mapping m);
static inline uint64_t bb_mapping_convert(uint64_t x, bb_mapping from, bb_mapping to);
static inline int bb_mapping_square(int sq, bb_mapping from, bb_mapping to);
static inline uint64_t bb_mapping_to_lerf(uint64_t x, bb_mapping m);
static inline uint64_t bb_mapping_from_lerf(uint64_t x, bb_mapping m);
const char *bb_mapping_name(bb_mapping m);
int bb_mapping_from_name(const char *name, bb_mapping *m);

/* ============================================================================
 * Implementation: everything below is how, not what.
 * ========================================================================== */

static inline bb_sym bb_mapping_sym(bb_mapping m)
{
    BB__ASSERT((unsigned)m < BB_MAP_COUNT, "m", m);
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

static inline uint64_t bb_mapping_convert(uint64_t x, bb_mapping from, bb_mapping to)
{
    bb_sym s = bb_sym_compose(bb_sym_inverse(bb_mapping_sym(from)), bb_mapping_sym(to));
    return bb_sym_apply(x, s);
}
static inline int bb_mapping_square(int sq, bb_mapping from, bb_mapping to)
{
    return bb_sym_square(bb_sym_square(sq, bb_sym_inverse(bb_mapping_sym(from))), bb_mapping_sym(to));
}
static inline uint64_t bb_mapping_to_lerf(uint64_t x, bb_mapping m) { return bb_mapping_convert(x, m, BB_MAP_LERF); }
static inline uint64_t bb_mapping_from_lerf(uint64_t x, bb_mapping m) { return bb_mapping_convert(x, BB_MAP_LERF, m); }

#ifdef __cplusplus
}
#endif

#endif /* BITBOARD_MAPPING_H */
