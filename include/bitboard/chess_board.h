/* bitboard/chess_board.h - the fast walk: a 64-byte chess board copied from
 * parent to child (copy-make), generated with its children, and counted
 * without making its moves.  What a perft, a move-path search or anything
 * that walks many positions and asks little of each should call.  Included
 * by <bitboard.h>.  How it works and what it costs: docs/CHESS.md, "The fast
 * walk".
 *
 * The board holds what legal move generation needs and nothing else: the
 * pieces as seven bitboards, the en-passant square, the castling rights and
 * where they castle from.  No mailbox, no key, no clocks: convert to a
 * bb_chess_pos (bb_chess_board_to_pos) for those, and for FEN, SAN, UCI and
 * outcomes.  Standard chess and Chess960 alike.
 *
 * Contents (each name: what it returns; what it requires)
 *   bb_chess_board                   the board (64 bytes): pawns, knights, diag (bishops and
 *                                    queens), orth (rooks and queens), kings, color[2], ep, castling,
 *                                    side, and the castling geometry
 *   bb_chess_board_from_pos(pos, out)   *out = the board of pos: 0, or -1 (and *out untouched) if
 *                                    pos is not a position the walk can stand on (not one king a
 *                                    side, side not 0 or 1)
 *   bb_chess_board_to_pos(b, out)    *out = the position of b: mailbox and key computed, halfmove
 *                                    clock 0, move number 1
 *   bb_chess_board_moves(b, moves, children)  the legal moves of b into moves[] and, unless
 *                                    children is NULL, the board after each into children[] (both
 *                                    BB_CHESS_MAX_MOVES long); returns their count
 *   bb_chess_board_count(b)          the number of legal moves of b, counted without making them
 *   bb_chess_board_count_many(boards, n, counts)  the legal moves of n boards (n <= 0: none), summed;
 *                                    each board's count into counts[] unless it is NULL (then the
 *                                    counts share one vector sum: the fastest last ply of a perft)
 *   bb_chess_board_play(b, move, child)   *child = b after move (a legal move of b: BB_DEBUG
 *                                    checks it); child may be b
 *   bb_chess_board_is_check(b)       1 if the side to move is in check
 *   bb_chess_count(pos)              bb_chess_board_count of pos's board: the legal moves of a
 *                                    position, counted without listing them (the last ply of a
 *                                    perft; mobility); 0 for a position the walk cannot stand on
 *
 * Every board function requires a board from bb_chess_board_from_pos or from
 * one of these functions (a legal position: the side not to move is not in
 * check).  The moves are the values bb_chess_generate lists, in another order.
 *
 * A perft over the fast walk (bench/bench_chess.c times it against the
 * library's dedicated kernel; docs/CHESS.md gives the figures):
 *
 *     uint64_t perft(const bb_chess_board *b, int depth)
 *     {
 *         if (depth <= 1) return depth == 1 ? (uint64_t)bb_chess_board_count(b) : 1;
 *         bb_chess_move moves[BB_CHESS_MAX_MOVES];
 *         bb_chess_board next[BB_CHESS_MAX_MOVES];
 *         int n = bb_chess_board_moves(b, moves, next);
 *         uint64_t total = 0;
 *         if (depth == 2)     // the last ply: count the children's moves, make none
 *             return bb_chess_board_count_many(next, n, NULL);
 *         for (int i = 0; i < n; i++) total += perft(&next[i], depth - 1);
 *         return total;
 *     }
 */
#ifndef BITBOARD_CHESS_BOARD_H
#define BITBOARD_CHESS_BOARD_H

#include "chess.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    uint64_t pawns, knights;
    uint64_t diag;           /* bishops and queens */
    uint64_t orth;           /* rooks and queens */
    uint64_t kings;
    uint64_t color[2];       /* every piece of each colour: BB_WHITE, BB_BLACK */
    uint8_t ep;              /* the en-passant target square, 0 if none (a1 never is one); set only
                                when a pawn of the side to move stands beside the pawn that passed */
    uint8_t castling;        /* BB_CASTLE_* bits still held */
    uint8_t side;            /* BB_WHITE or BB_BLACK: to move */
    /* The castling geometry, fixed where the walk began (a right lost since
     * keeps its squares here; castling says which rights are left): */
    uint8_t castle_rook[4];  /* the rook square of each right WK WQ BK BQ, or 64: none */
    uint8_t castle_kings;    /* bits 0-2, 3-5: the file white's and black's king castle from;
                                bit 6: Chess960 (as bb_chess_pos.chess960) */
} bb_chess_board;

int bb_chess_board_from_pos(const bb_chess_pos *pos, bb_chess_board *out);
void bb_chess_board_to_pos(const bb_chess_board *b, bb_chess_pos *out);
int bb_chess_board_moves(const bb_chess_board *b, bb_chess_move *moves, bb_chess_board *children);
int bb_chess_board_count(const bb_chess_board *b);
uint64_t bb_chess_board_count_many(const bb_chess_board *boards, int n, int *counts);
void bb_chess_board_play(const bb_chess_board *b, bb_chess_move move, bb_chess_board *child);
int bb_chess_board_is_check(const bb_chess_board *b);
int bb_chess_count(const bb_chess_pos *pos);

#ifdef __cplusplus
}
#endif

#endif
