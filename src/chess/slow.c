/* The slow reference generator (slow.h): every piece's moves walked square
 * by square on the board array, each move played on a copy, kept if the
 * mover's king is then safe.  Nothing here is shared with movegen.c. */
#include "slow.h"

#include <string.h>

static const int knight_steps[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
static const int king_steps[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
/* rays: the first 4 straight (rook), the last 4 diagonal (bishop) */
static const int rays[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

static int on_board(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }
static int color_of(int piece) { return piece >> 3; }
static int type_of(int piece) { return piece & 7; }

/* The piece bitboards, colours and occupancy rebuilt from pos->board. */
static void rebuild(bb_chess_pos *pos)
{
    memset(pos->pieces, 0, sizeof pos->pieces);
    pos->color[0] = pos->color[1] = pos->occupied = 0;
    for (int sq = 0; sq < 64; sq++) {
        int p = pos->board[sq];
        if (p == BB_CHESS_EMPTY) continue;
        uint64_t b = (uint64_t)1 << sq;
        pos->pieces[color_of(p)][type_of(p)] |= b;
        pos->color[color_of(p)] |= b;
        pos->occupied |= b;
    }
}

int bb__chess_slow_attacked(const bb_chess_pos *pos, int sq, int by, uint64_t occ)
{
    int f = sq & 7, r = sq >> 3;
    for (int i = 0; i < 8; i++) { /* knights and kings one step away */
        int nf = f + knight_steps[i][0], nr = r + knight_steps[i][1];
        if (on_board(nf, nr) && pos->board[nr * 8 + nf] == by * 8 + BB_KNIGHT) return 1;
        nf = f + king_steps[i][0], nr = r + king_steps[i][1];
        if (on_board(nf, nr) && pos->board[nr * 8 + nf] == by * 8 + BB_KING) return 1;
    }
    int back = by == BB_WHITE ? -1 : 1; /* a white pawn attacks sq from the rank below */
    for (int df = -1; df <= 1; df += 2)
        if (on_board(f + df, r + back) && pos->board[(r + back) * 8 + f + df] == by * 8 + BB_PAWN) return 1;
    for (int d = 0; d < 8; d++) { /* walk each ray to the first square occ holds */
        int nf = f + rays[d][0], nr = r + rays[d][1];
        for (; on_board(nf, nr); nf += rays[d][0], nr += rays[d][1]) {
            int s = nr * 8 + nf;
            if (!((occ >> s) & 1)) continue;
            int p = pos->board[s];
            if (p != BB_CHESS_EMPTY && color_of(p) == by &&
                (type_of(p) == BB_QUEEN || type_of(p) == (d < 4 ? BB_ROOK : BB_BISHOP)))
                return 1;
            break;
        }
    }
    return 0;
}

static int king_square(const bb_chess_pos *pos, int color)
{
    for (int sq = 0; sq < 64; sq++)
        if (pos->board[sq] == color * 8 + BB_KING) return sq;
    return -1;
}

/* *out = pos after move, every field but the key. */
static void play_board(const bb_chess_pos *pos, bb_chess_move move, bb_chess_pos *out)
{
    int from = bb_chess_move_from(move), to = bb_chess_move_to(move), kind = bb_chess_move_kind(move);
    int us = pos->side, them = us ^ 1, piece = pos->board[from];
    *out = *pos;
    out->halfmove = (uint16_t)(pos->halfmove + 1);
    if (type_of(piece) == BB_PAWN || (kind != BB_MOVE_CASTLING && pos->board[to] != BB_CHESS_EMPTY))
        out->halfmove = 0;
    out->ep = BB_CHESS_NO_EP;
    if (kind == BB_MOVE_CASTLING) {
        int back = from & 56, kingside = (to & 7) > (from & 7);
        out->board[from] = out->board[to] = BB_CHESS_EMPTY;
        out->board[back + (kingside ? 6 : 2)] = (uint8_t)(us * 8 + BB_KING);
        out->board[back + (kingside ? 5 : 3)] = (uint8_t)(us * 8 + BB_ROOK);
    } else {
        out->board[from] = BB_CHESS_EMPTY;
        out->board[to] = (uint8_t)(kind == BB_MOVE_PROMOTION ? us * 8 + bb_chess_move_promotion(move) : piece);
        if (kind == BB_MOVE_EN_PASSANT) out->board[us == BB_WHITE ? to - 8 : to + 8] = BB_CHESS_EMPTY;
    }
    /* rights: the king's move loses both; a move from or onto a right's rook square loses that one */
    for (int i = 0; i < 4; i++) {
        int bit = 1 << i;
        if (!(pos->castling & bit)) continue;
        if ((type_of(piece) == BB_KING && i / 2 == us) || from == pos->castle_rook[i] || to == pos->castle_rook[i])
            out->castling = (uint8_t)(out->castling & ~bit);
    }
    /* a double step leaves an en-passant square when a pawn of the side now to move could take there */
    if (type_of(piece) == BB_PAWN && (to - from == 16 || from - to == 16)) {
        int f = to & 7;
        for (int df = -1; df <= 1; df += 2)
            if (f + df >= 0 && f + df < 8 && pos->board[to + df] == them * 8 + BB_PAWN)
                out->ep = (uint8_t)((from + to) / 2);
    }
    if (us == BB_BLACK) out->fullmove = (uint16_t)(pos->fullmove + 1);
    out->side = (uint8_t)them;
    rebuild(out);
}

void bb__chess_slow_play(const bb_chess_pos *pos, bb_chess_move move, bb_chess_pos *out)
{
    play_board(pos, move, out);
    out->key = bb_chess_key(out);
}

/* Adds move to list if it fits mode and leaves the mover's king unattacked. */
static void add(const bb_chess_pos *pos, bb_chess_gen mode, bb_chess_move move, bb_chess_movelist *list)
{
    int kind = bb_chess_move_kind(move), to = bb_chess_move_to(move);
    int tactical = kind == BB_MOVE_PROMOTION || kind == BB_MOVE_EN_PASSANT ||
                   (kind == BB_MOVE_NORMAL && pos->board[to] != BB_CHESS_EMPTY);
    if ((mode == BB_GEN_CAPTURES && !tactical) || (mode == BB_GEN_QUIETS && tactical)) return;
    bb_chess_pos after;
    play_board(pos, move, &after);
    int k = king_square(&after, pos->side);
    if (k >= 0 && bb__chess_slow_attacked(&after, k, pos->side ^ 1, after.occupied)) return;
    if (list->count < BB_CHESS_MAX_MOVES) list->moves[list->count++] = move;
}

static void add_pawn_move(const bb_chess_pos *pos, bb_chess_gen mode, int from, int to, bb_chess_movelist *list)
{
    if (to >= 56 || to < 8)
        for (int p = BB_QUEEN; p >= BB_KNIGHT; p--) add(pos, mode, bb_chess_move_make(from, to, BB_MOVE_PROMOTION, p), list);
    else
        add(pos, mode, bb_chess_move_make(from, to, BB_MOVE_NORMAL, 0), list);
}

/* Castling by right i (WK WQ BK BQ) if its squares are empty and the king
 * neither stands in, crosses nor lands on an attacked square. */
static void add_castling(const bb_chess_pos *pos, bb_chess_gen mode, int i, bb_chess_movelist *list)
{
    int us = pos->side, k = king_square(pos, us), r = pos->castle_rook[i];
    int back = us == BB_WHITE ? 0 : 56, kingside = i % 2 == 0;
    if (k < 0 || (k & 56) != back || r >= 64 || (r & 56) != back || pos->board[r] != us * 8 + BB_ROOK) return;
    int kto = back + (kingside ? 6 : 2), rto = back + (kingside ? 5 : 3);
    /* every square the king or the rook passes or lands on is empty but for the two of them */
    int a = k < kto ? k : kto, b = k < kto ? kto : k;
    for (int s = a; s <= b; s++)
        if (s != k && s != r && pos->board[s] != BB_CHESS_EMPTY) return;
    a = r < rto ? r : rto, b = r < rto ? rto : r;
    for (int s = a; s <= b; s++)
        if (s != k && s != r && pos->board[s] != BB_CHESS_EMPTY) return;
    int step = kto > k ? 1 : -1;
    for (int s = k;; s += step) { /* the king's square, each it crosses, and its destination */
        if (bb__chess_slow_attacked(pos, s, us ^ 1, pos->occupied)) return;
        if (s == kto) break;
    }
    add(pos, mode, bb_chess_move_make(k, r, BB_MOVE_CASTLING, 0), list);
}

int bb__chess_slow_generate(const bb_chess_pos *pos, bb_chess_gen mode, bb_chess_movelist *list)
{
    int us = pos->side, them = us ^ 1;
    list->count = 0;
    for (int from = 0; from < 64; from++) {
        int p = pos->board[from];
        if (p == BB_CHESS_EMPTY || color_of(p) != us) continue;
        int f = from & 7, r = from >> 3;
        switch (type_of(p)) {
        case BB_PAWN: {
            int dir = us == BB_WHITE ? 1 : -1, start = us == BB_WHITE ? 1 : 6;
            if (!on_board(f, r + dir)) break;
            int one = (r + dir) * 8 + f;
            if (pos->board[one] == BB_CHESS_EMPTY) {
                add_pawn_move(pos, mode, from, one, list);
                int two = (r + 2 * dir) * 8 + f;
                if (r == start && pos->board[two] == BB_CHESS_EMPTY)
                    add(pos, mode, bb_chess_move_make(from, two, BB_MOVE_NORMAL, 0), list);
            }
            for (int df = -1; df <= 1; df += 2) {
                if (!on_board(f + df, r + dir)) continue;
                int to = (r + dir) * 8 + f + df, q = pos->board[to];
                if (q != BB_CHESS_EMPTY && color_of(q) == them) add_pawn_move(pos, mode, from, to, list);
                else if (q == BB_CHESS_EMPTY && to == pos->ep &&
                         pos->board[us == BB_WHITE ? to - 8 : to + 8] == them * 8 + BB_PAWN)
                    add(pos, mode, bb_chess_move_make(from, to, BB_MOVE_EN_PASSANT, 0), list);
            }
            break;
        }
        case BB_KNIGHT:
        case BB_KING:
            for (int i = 0; i < 8; i++) {
                const int *st = type_of(p) == BB_KNIGHT ? knight_steps[i] : king_steps[i];
                int nf = f + st[0], nr = r + st[1];
                if (!on_board(nf, nr)) continue;
                int q = pos->board[nr * 8 + nf];
                if (q == BB_CHESS_EMPTY || color_of(q) == them)
                    add(pos, mode, bb_chess_move_make(from, nr * 8 + nf, BB_MOVE_NORMAL, 0), list);
            }
            break;
        default: /* bishop, rook, queen: walk each of their rays */
            for (int d = 0; d < 8; d++) {
                if (type_of(p) == BB_ROOK && d >= 4) break;
                if (type_of(p) == BB_BISHOP && d < 4) continue;
                for (int nf = f + rays[d][0], nr = r + rays[d][1]; on_board(nf, nr); nf += rays[d][0], nr += rays[d][1]) {
                    int q = pos->board[nr * 8 + nf];
                    if (q != BB_CHESS_EMPTY && color_of(q) == us) break;
                    add(pos, mode, bb_chess_move_make(from, nr * 8 + nf, BB_MOVE_NORMAL, 0), list);
                    if (q != BB_CHESS_EMPTY) break;
                }
            }
            break;
        }
    }
    for (int i = 2 * us; i < 2 * us + 2; i++)
        if (pos->castling & (1 << i)) add_castling(pos, mode, i, list);
    return list->count;
}

uint64_t bb__chess_slow_perft(const bb_chess_pos *pos, int depth)
{
    if (depth <= 0) return 1;
    bb_chess_movelist list;
    bb__chess_slow_generate(pos, BB_GEN_ALL, &list);
    if (depth == 1) return (uint64_t)list.count;
    uint64_t n = 0;
    for (int i = 0; i < list.count; i++) {
        bb_chess_pos child;
        play_board(pos, list.moves[i], &child);
        n += bb__chess_slow_perft(&child, depth - 1);
    }
    return n;
}
