/* The dedicated chess perft kernel's private interface (src/chess/perft.c
 * drives it; src/chess/perft_kernel.c is the kernel).  Not API.
 *
 * The kernel walks its own compact board: five colourless piece boards
 * (queens in both slider boards) and the two colour boards, the en-passant
 * square and the castling rights: 64 bytes, copied on every move (copy-make,
 * no unmake).  Legal moves come from check and pin masks; the last ply is
 * counted without making the moves. */
#ifndef BB_SRC_CHESS_PERFT_KERNEL_H
#define BB_SRC_CHESS_PERFT_KERNEL_H

#include "bitboard.h"

#include <stdatomic.h>
#include <stddef.h>

/* The kernel's board is the public fast-walk board (bitboard/chess_board.h):
 * seven piece boards, ep, rights, side and the castling geometry, 64 bytes. */
typedef bb_chess_board bb__kboard;
_Static_assert(sizeof(bb_chess_board) == 64 && offsetof(bb_chess_board, ep) == 56,
               "the board is 64 bytes, its last 8 the ep square, rights, side and geometry");

/* One entry of the exact transposition table: the whole board (so a hit is
 * the same position, never a collision), the depth and the count, written
 * and read under a sequence lock so that threads may share the table. */
typedef struct {
    _Atomic uint64_t seq;     /* odd while a writer holds the entry */
    _Atomic uint64_t w[8];    /* the board's 7 piece boards, then ep | castle | side | depth */
    _Atomic uint64_t count;
} bb__kentry;

typedef struct {
    bb__kentry *e;
    size_t mask;              /* entries - 1 (a power of two) */
} bb__ktable;

/* What the walk needs besides the board: the castling geometry (standard or
 * Chess960), the table, the stop flag. */
typedef struct {
    uint8_t cmask[64];        /* castle &= cmask[from] & cmask[to] after a move */
    uint8_t king_to[4], rook_to[4], rook_from[4];
    uint8_t xray[4];          /* 1: the rook may shield the king's landing square (bb__chess_castle_xray) */
    uint64_t need_empty[4];   /* squares that must be empty, the king and rook themselves aside */
    uint64_t king_path[4];    /* squares the king crosses or lands on (its start too if it is
                                 the landing square): none may be attacked */
    uint64_t path_zone_o[4], path_zone_d[4]; /* the same through each king path */
    const bb__ktable *tt;     /* NULL: no table */
    const volatile int *stop; /* NULL: never stopped */
} bb__kctx;

/* The lines (straight, diagonal) through the neighbours of a king on each
 * square: only enemy sliders on them can attack a square the king may go
 * to.  Filled with the first context (bb__kctx_for) and constant after. */
extern uint64_t bb__kzone_o[64], bb__kzone_d[64];

/* Fills *b from pos (a position with one king a side and side 0 or 1): its
 * castling geometry from the rights pos holds, rights it cannot hold
 * dropped.  Fills no context. */
void bb__kboard_from_pos(const bb_chess_pos *pos, bb__kboard *b);
/* The context of b's castling geometry (table and stop flag NULL): from a
 * process-wide cache of the first geometries met, else computed into
 * *spare. */
const bb__kctx *bb__kctx_for(const bb__kboard *b, bb__kctx *spare);
/* The perft count of b depth >= 0 plies deep. */
uint64_t bb__kperft(const bb__kboard *b, int depth, const bb__kctx *c);
/* The legal moves of b into moves[] and, unless children is NULL, the
 * boards they lead to into children[] (both BB_CHESS_MAX_MOVES long);
 * returns their count. */
int bb__kroot(const bb__kboard *b, const bb__kctx *c, bb_chess_move *moves, bb__kboard *children);

#endif
