/* The fast walk's board (bitboard/chess_board.h): conversions to and from
 * bb_chess_pos, and one move played by copy.  Generating and counting are
 * the perft kernel's own code (perft_kernel.c). */
#include "chess_internal.h"
#include "perft_kernel.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BIT(sq) ((uint64_t)1 << (sq))

int bb_chess_board_from_pos(const bb_chess_pos *pos, bb_chess_board *out)
{
    if (!pos || bb_popcount(pos->pieces[0][BB_KING]) != 1 || bb_popcount(pos->pieces[1][BB_KING]) != 1 ||
        (pos->side & ~1) != 0)
        return -1;
    bb__kboard_from_pos(pos, out);
    return 0;
}

int bb_chess_count(const bb_chess_pos *pos)
{
    bb_chess_board b;
    if (bb_chess_board_from_pos(pos, &b) != 0) return 0;
    return bb_chess_board_count(&b);
}

void bb_chess_board_to_pos(const bb_chess_board *b, bb_chess_pos *out)
{
    static const uint8_t standard_rook[4] = {7, 0, 63, 56};
    bb_chess_pos p;
    memset(&p, 0, sizeof p);
    uint64_t bishops = b->diag & ~b->orth, rooks = b->orth & ~b->diag, queens = b->diag & b->orth;
    for (int c = 0; c < 2; c++) {
        uint64_t own = b->color[c];
        p.pieces[c][BB_PAWN] = b->pawns & own;
        p.pieces[c][BB_KNIGHT] = b->knights & own;
        p.pieces[c][BB_BISHOP] = bishops & own;
        p.pieces[c][BB_ROOK] = rooks & own;
        p.pieces[c][BB_QUEEN] = queens & own;
        p.pieces[c][BB_KING] = b->kings & own;
        p.color[c] = own;
    }
    p.occupied = p.color[0] | p.color[1];
    memset(p.board, BB_CHESS_EMPTY, sizeof p.board);
    for (int c = 0; c < 2; c++)
        for (int t = BB_PAWN; t <= BB_KING; t++)
            for (uint64_t x = p.pieces[c][t]; x; x &= x - 1) p.board[bb__chess_lsb(x)] = (uint8_t)(c * 8 + t);
    p.side = b->side & 1;
    p.castling = b->castling & 15;
    for (int i = 0; i < 4; i++)
        p.castle_rook[i] = b->castle_rook[i] < 64 ? b->castle_rook[i] : standard_rook[i];
    p.ep = b->ep ? b->ep : BB_CHESS_NO_EP;
    p.chess960 = (uint8_t)((b->castle_kings >> 6) & 1);
    p.halfmove = 0;
    p.fullmove = 1;
    p.key = bb_chess_key(&p);
    *out = p;
}

#if defined(BB_DEBUG)
/* play's precondition, checked: names the move in UCI and the board in FEN. */
static void check_legal(const bb_chess_board *b, bb_chess_move move)
{
    bb_chess_move moves[BB_CHESS_MAX_MOVES];
    int n = bb_chess_board_moves(b, moves, NULL);
    for (int i = 0; i < n; i++)
        if (moves[i] == move) return;
    bb_chess_pos p;
    char fen[BB_CHESS_FEN_MAX], uci[BB_CHESS_MOVE_TEXT_MAX];
    bb_chess_board_to_pos(b, &p);
    bb_chess_to_fen(fen, sizeof fen, &p, BB_FEN_STANDARD);
    bb_chess_move_to_uci(uci, sizeof uci, &p, move);
    fprintf(stderr, "bitboard: bb_chess_board_play: move %s (value %u) is not legal in %s\n", uci, (unsigned)move,
            fen);
    abort();
}
#define CHECK_LEGAL(b, move) check_legal((b), (move))
#else
#define CHECK_LEGAL(b, move) ((void)0)
#endif

void bb_chess_board_play(const bb_chess_board *b, bb_chess_move move, bb_chess_board *child)
{
    CHECK_LEGAL(b, move);
    const int f = bb_chess_move_from(move), t = bb_chess_move_to(move), kind = bb_chess_move_kind(move);
    const int us = b->side & 1, them = us ^ 1;
    const uint64_t F = BIT(f), T = BIT(t), mv = F | T;
    bb__kctx spare;
    const bb__kctx *c = bb__kctx_for(b, &spare);
    bb_chess_board n = *b;
    n.ep = 0;
    n.side = (uint8_t)them;
    if (kind == BB_MOVE_CASTLING) { /* the king takes its own rook: to is the rook's square */
        const int i = 2 * us + (t < f);
        const uint64_t K = BIT(c->king_to[i]), R = BIT(c->rook_to[i]);
        n.kings = (n.kings & ~F) | K;
        n.orth = (n.orth & ~T) | R;
        n.color[us] = (n.color[us] & ~mv) | K | R;
        n.castling &= (uint8_t)(us ? 3 : 12);
        *child = n;
        return;
    }
    /* what stood on the target goes (a king never does) */
    n.pawns &= ~T, n.knights &= ~T, n.diag &= ~T, n.orth &= ~T, n.color[them] &= ~T;
    if (b->pawns & F) {
        if (kind == BB_MOVE_EN_PASSANT) {
            const uint64_t cap = us ? T << 8 : T >> 8;
            n.pawns &= ~cap, n.color[them] &= ~cap;
        }
        if (kind == BB_MOVE_PROMOTION) {
            n.pawns &= ~F;
            switch (bb_chess_move_promotion(move)) {
            case BB_KNIGHT: n.knights |= T; break;
            case BB_BISHOP: n.diag |= T; break;
            case BB_ROOK: n.orth |= T; break;
            default: n.diag |= T, n.orth |= T; break;
            }
        } else {
            n.pawns ^= mv;
            if ((f ^ t) == 16) { /* a double step: ep only if an enemy pawn could take */
                const int e = (f + t) >> 1;
                if (bb__pawn_attacks[64 * us + e] & b->pawns & b->color[them]) n.ep = (uint8_t)e;
            }
        }
    } else if (b->knights & F) {
        n.knights ^= mv;
    } else if (b->kings & F) {
        n.kings ^= mv;
    } else {
        if (b->diag & F) n.diag ^= mv;
        if (b->orth & F) n.orth ^= mv;
    }
    n.color[us] ^= mv;
    n.castling = (uint8_t)(b->castling & c->cmask[f] & c->cmask[t]);
    *child = n;
}
