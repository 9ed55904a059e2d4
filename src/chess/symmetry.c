/* The symmetries the rules allow: the colour-swap mirror always; the
 * left-right mirror without castling rights; all 8 symmetries of the square
 * without pawns and without castling rights. */
#include "chess_internal.h"

#include <string.h>

int bb_chess_sym_allowed(const bb_chess_pos *pos, bb_sym s, const char **why)
{
    BB__ASSERT_NOT_NULL(pos, "pos");
    BB__ASSERT((unsigned)s < BB_SYM_COUNT, "s", s);
    if ((unsigned)s >= BB_SYM_COUNT) s = BB_SYM_IDENTITY; /* out of range: the identity (bitboard/core.h) */
    const char *no = NULL;
    int pawns = (pos->pieces[0][BB_PAWN] | pos->pieces[1][BB_PAWN]) != 0;
    if (s == BB_SYM_IDENTITY) no = NULL;
    else if (pos->castling & 15)
        no = s == BB_SYM_FLIP_HORIZONTAL ? "castling rights remain (a mirrored king and rook could not castle)"
                                         : "castling rights remain (castling ties the kings and rooks to their ranks and sides)";
    else if (s != BB_SYM_FLIP_HORIZONTAL && pawns)
        no = "pawns on the board (pawns move towards one side and promote on one rank)";
    if (why) *why = no;
    return no == NULL;
}

/* *out = pos under symmetry s, or mirrored top to bottom with the colours swapped if swap. */
static void remap(const bb_chess_pos *pos, bb_sym s, int swap, bb_chess_pos *out)
{
    bb_chess_pos p;
    memset(&p, 0, sizeof p);
    memset(p.board, BB_CHESS_EMPTY, sizeof p.board);
    for (uint64_t b = pos->occupied; b; b &= b - 1) {
        int sq = bb__chess_lsb(b), pc = pos->board[sq];
        if (pc == BB_CHESS_EMPTY || (pc & 7) > BB_KING) continue;
        int to = swap ? sq ^ 56 : bb_sym_square(sq, s);
        if (swap) pc ^= 8;
        uint64_t t = (uint64_t)1 << to;
        p.pieces[pc >> 3][pc & 7] |= t;
        p.color[pc >> 3] |= t;
        p.occupied |= t;
        p.board[to] = (uint8_t)pc;
    }
    p.side = (uint8_t)((pos->side & 1) ^ swap);
    p.halfmove = pos->halfmove;
    p.fullmove = pos->fullmove;
    p.chess960 = pos->chess960;
    p.ep = BB_CHESS_NO_EP;
    if (pos->ep < 64) p.ep = (uint8_t)(swap ? pos->ep ^ 56 : bb_sym_square(pos->ep, s));
    if (!swap) {
        p.castling = pos->castling & 15; /* only the identity keeps rights */
        memcpy(p.castle_rook, pos->castle_rook, sizeof p.castle_rook);
    } else {
        /* white's rights become black's: WK <-> BK, WQ <-> BQ */
        for (int i = 0; i < 4; i++)
            if (pos->castling >> i & 1) {
                p.castling |= (uint8_t)(1 << (i ^ 2));
                p.castle_rook[i ^ 2] = (uint8_t)(pos->castle_rook[i] ^ 56);
            }
    }
    p.key = bb__chess_key_full(&p);
    *out = p;
}

int bb_chess_transform(const bb_chess_pos *pos, bb_sym s, bb_chess_pos *out, const char **why)
{
    BB__ASSERT_NOT_NULL(out, "out");
    if (!bb_chess_sym_allowed(pos, s, why)) return -1;
    remap(pos, (unsigned)s < BB_SYM_COUNT ? s : BB_SYM_IDENTITY, 0, out);
    return 0;
}

void bb_chess_color_flip(const bb_chess_pos *pos, bb_chess_pos *out)
{
    BB__ASSERT_NOT_NULL(pos, "pos");
    BB__ASSERT_NOT_NULL(out, "out");
    remap(pos, BB_SYM_FLIP_VERTICAL, 1, out);
}
