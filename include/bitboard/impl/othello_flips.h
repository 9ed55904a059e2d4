/* Othello moves and flips: the line lookup, the directional shifts, and the
 * default.  Included by bitboard/othello.h; not API.  How each works:
 * docs/OTHELLO.md, "Moves and flips". */
#ifndef BITBOARD_IMPL_OTHELLO_FLIPS_H
#define BITBOARD_IMPL_OTHELLO_FLIPS_H

/* ---- Line lookup ------------------------------------------------------------
 * A line through the square (rank, file, diagonal, anti-diagonal) is read as
 * 8 bits (bitboard/lines.h's order), the square at position x on it.
 *   bb__othello_outflank[64 * x + o6]: o6 = the opponent's bits 1..6 of the
 *     line; the squares just beyond the run of opponent discs next to x on
 *     either side (only where that run is not empty).  The player's discs on
 *     them are the outflanking discs.
 *   bb__othello_flipped[256 * x + out]: the squares strictly between x and
 *     each set bit of out.
 * 512 + 2048 bytes.  Generated into src/othello/flip_tables.c by
 * tools/gen_tables.c (`gen_tables othello`). */
extern const unsigned char bb__othello_outflank[8 * 64];
extern const unsigned char bb__othello_flipped[8 * 256];

/* The discs one line through sq flips; x is sq's position on the line. */
static inline uint64_t bb__othello_line_flips(uint64_t p, uint64_t o, int sq, bb_line line, unsigned x)
{
    unsigned pl = bb_line_extract(p, sq, line), ol = bb_line_extract(o, sq, line);
    unsigned out = bb__othello_outflank[64 * x + ((ol >> 1) & 63)] & pl;
    return bb_line_deposit(bb__othello_flipped[256 * x + out], sq, line);
}

static inline uint64_t bb_othello_flips_lookup(uint64_t p, uint64_t o, int sq)
{
    BB__ASSERT_SQUARE(sq);
    sq &= 63;
    unsigned f = (unsigned)sq & 7, r = (unsigned)sq >> 3;
    uint64_t flips = bb__othello_line_flips(p, o, sq, BB_LINE_RANK, f) |
                     bb__othello_line_flips(p, o, sq, BB_LINE_FILE, r) |
                     bb__othello_line_flips(p, o, sq, BB_LINE_DIAGONAL, f) |
                     bb__othello_line_flips(p, o, sq, BB_LINE_ANTIDIAGONAL, f);
    return flips & (0 - ((~(p | o) >> sq) & 1)); /* nothing on an occupied square */
}

/* ---- Directional shifts ------------------------------------------------------
 * Direction +s (a left shift: north 8, east 1, north-west 7, north-east 9) or
 * -s (a right shift).  om is the opponent's discs that may lie inside a line
 * of flips in that direction: for a direction with an east or west step, the
 * discs on files b-g (a disc on file a or h has no square beyond it), so a
 * shift never carries a run from file h into file a.  */
#define BB__OTHELLO_INNER_FILES 0x7E7E7E7E7E7E7E7EULL

/* The empty-or-not squares that end a line of om discs starting next to a p
 * disc, in direction +s (Edax's doubling: runs of 1-2, then up to 6). */
#define BB__OTHELLO_MOVES_DIR(SH, p, om, s)                                  \
    do {                                                                     \
        uint64_t t_ = (om) & ((p) SH(s));                                     \
        t_ |= (om) & (t_ SH(s));                                             \
        uint64_t pre_ = (om) & ((om) SH(s));                                  \
        t_ |= pre_ & (t_ SH(2 * (s)));                                       \
        t_ |= pre_ & (t_ SH(2 * (s)));                                       \
        moves |= t_ SH(s);                                                   \
    } while (0)
/* The run of om discs from the square m in one direction (occluded fill:
 * Kogge-Stone's three doubling steps), kept only if a p disc ends it. */
#define BB__OTHELLO_FLIPS_DIR(SH, m, p, om, s)                               \
    do {                                                                     \
        uint64_t g_ = (m), pr_ = (om);                                       \
        g_ |= pr_ & (g_ SH(s));                                              \
        pr_ &= pr_ SH(s);                                                    \
        g_ |= pr_ & (g_ SH(2 * (s)));                                        \
        pr_ &= pr_ SH(2 * (s));                                              \
        g_ |= pr_ & (g_ SH(4 * (s)));                                        \
        flips |= (g_ & ~(m)) & (0 - (uint64_t)(((g_ SH(s)) & (p)) != 0));    \
    } while (0)

static inline uint64_t bb_othello_moves_shifts(uint64_t p, uint64_t o)
{
    uint64_t moves = 0, oh = o & BB__OTHELLO_INNER_FILES;
    BB__OTHELLO_MOVES_DIR(<<, p, o, 8);
    BB__OTHELLO_MOVES_DIR(>>, p, o, 8);
    BB__OTHELLO_MOVES_DIR(<<, p, oh, 1);
    BB__OTHELLO_MOVES_DIR(>>, p, oh, 1);
    BB__OTHELLO_MOVES_DIR(<<, p, oh, 7);
    BB__OTHELLO_MOVES_DIR(>>, p, oh, 7);
    BB__OTHELLO_MOVES_DIR(<<, p, oh, 9);
    BB__OTHELLO_MOVES_DIR(>>, p, oh, 9);
    return moves & ~(p | o);
}

static inline uint64_t bb_othello_flips_shifts(uint64_t p, uint64_t o, int sq)
{
    BB__ASSERT_SQUARE(sq);
    sq &= 63;
    uint64_t m = (uint64_t)1 << sq, flips = 0, oh = o & BB__OTHELLO_INNER_FILES;
    BB__OTHELLO_FLIPS_DIR(<<, m, p, o, 8);
    BB__OTHELLO_FLIPS_DIR(>>, m, p, o, 8);
    BB__OTHELLO_FLIPS_DIR(<<, m, p, oh, 1);
    BB__OTHELLO_FLIPS_DIR(>>, m, p, oh, 1);
    BB__OTHELLO_FLIPS_DIR(<<, m, p, oh, 7);
    BB__OTHELLO_FLIPS_DIR(>>, m, p, oh, 7);
    BB__OTHELLO_FLIPS_DIR(<<, m, p, oh, 9);
    BB__OTHELLO_FLIPS_DIR(>>, m, p, oh, 9);
    return flips & (0 - ((~(p | o) >> sq) & 1)); /* nothing on an occupied square */
}

#undef BB__OTHELLO_MOVES_DIR
#undef BB__OTHELLO_FLIPS_DIR

/* ---- The default (BB_OTHELLO_DEFAULT in bitboard/othello.h) ----------------
 * The vector forms are calls into the library (inlined they measured only
 * 0.1 ns faster); the compiler targets their instructions, so no check. */
#if BB__OTHELLO_DEFAULT_VECTOR == 512
static inline uint64_t bb_othello_moves(uint64_t p, uint64_t o) { return bb_othello_moves_avx512(p, o); }
static inline uint64_t bb_othello_flips(uint64_t p, uint64_t o, int sq) { return bb_othello_flips_avx512(p, o, sq); }
#elif BB__OTHELLO_DEFAULT_VECTOR == 256
static inline uint64_t bb_othello_moves(uint64_t p, uint64_t o) { return bb_othello_moves_avx2(p, o); }
static inline uint64_t bb_othello_flips(uint64_t p, uint64_t o, int sq) { return bb_othello_flips_avx2(p, o, sq); }
#else
static inline uint64_t bb_othello_moves(uint64_t p, uint64_t o) { return bb_othello_moves_shifts(p, o); }
static inline uint64_t bb_othello_flips(uint64_t p, uint64_t o, int sq) { return bb_othello_flips_lookup(p, o, sq); }
#endif

#endif
