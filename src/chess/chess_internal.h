/* Private to src/chess/: the Polyglot table and the small helpers the
 * position, generator and symmetry files share (not API). */
#ifndef BITBOARD_SRC_CHESS_INTERNAL_H
#define BITBOARD_SRC_CHESS_INTERNAL_H

#include <stdlib.h>
#include <string.h>

#include "bitboard.h"

/* The 781 Polyglot Random64 numbers (polyglot_random.c). */
extern const uint64_t bb__polyglot_random[781];

enum { BB__PG_CASTLE = 768, BB__PG_EP = 772, BB__PG_TURN = 780 };

/* The Polyglot number of piece pc (colour * 8 + type) on sq: Polyglot's kind
 * is 2 * type + 1 for white, 2 * type for black. */
static inline uint64_t bb__chess_zpiece(int pc, int sq)
{
    return bb__polyglot_random[64 * (2 * (pc & 7) + ((pc >> 3) ^ 1)) + sq];
}
/* The xor of the castling numbers of the rights in mask (BB_CASTLE_* bits). */
static inline uint64_t bb__chess_zcastle(unsigned mask)
{
    uint64_t k = 0;
    for (int i = 0; i < 4; i++)
        if (mask >> i & 1) k ^= bb__polyglot_random[BB__PG_CASTLE + i];
    return k;
}

/* PGN (pgn.c, pgn_game.c, pgn_write.c): makes *buf (of *cap bytes) hold at least need bytes, doubling from
 * first: 0, or -1 with the buffer unchanged. */
static inline int bb__pgn_grow(char **buf, size_t *cap, size_t need, size_t first)
{
    if (need <= *cap) return 0;
    size_t c = *cap ? *cap : first;
    while (c < need) c *= 2;
    char *b = realloc(*buf, c);
    if (!b) return -1;
    *buf = b;
    *cap = c;
    return 0;
}

/* PGN: 1 if t is a result token (1-0, 0-1, 1/2-1/2, *). */
static inline int bb__pgn_is_result(const char *t)
{
    if (t[0] != '1' && t[0] != '0' && t[0] != '*') return 0; /* most tokens: moves */
    return strcmp(t, "1-0") == 0 || strcmp(t, "0-1") == 0 || strcmp(t, "1/2-1/2") == 0 || strcmp(t, "*") == 0;
}

static inline int bb__chess_lsb(uint64_t b) { return __builtin_ctzll(b); }

/* Where castling right i (0..3: WK WQ BK BQ) puts the king and the rook. */
static inline int bb__chess_castle_king_to(int i) { return (i >> 1) * 56 + ((i & 1) ? 2 : 6); }
static inline int bb__chess_castle_rook_to(int i) { return (i >> 1) * 56 + ((i & 1) ? 3 : 5); }

/* 1 if a pawn of the side to move attacks the en-passant target ep (the Polyglot rule, and
 * the rule for storing pos->ep). */
static inline int bb__chess_ep_usable(const bb_chess_pos *pos, int ep)
{
    return (bb_pawn_attacks(pos->side ^ 1, ep) & pos->pieces[pos->side][BB_PAWN]) != 0;
}

/* SAN as PGN files write it (notation.c): check and mate marks ignored,
 * 0-0 for O-O, e8Q for e8=Q; text need not be NUL-terminated (n bytes).
 * 0 and *move, or -1 and *err (may be NULL) from the strict reader. */
int bb__chess_san_lenient(const bb_chess_pos *pos, const char *text, size_t n, bb_chess_move *move,
                          bb_parse_error *err);

/* Plays a move known to be legal (or BB_CHESS_NULL_MOVE, a null move) in a
 * game (game.c): 0 or BB_CHESS_GAME_NO_MEMORY. */
int bb__chess_game_play(bb_chess_game *g, bb_chess_move move);

/* The whole-position key, from scratch (position.c). */
uint64_t bb__chess_key_full(const bb_chess_pos *pos);

#endif
