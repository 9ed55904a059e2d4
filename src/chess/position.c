/* STAND-IN (helper chess-core replaces this file): positions, FEN, keys.
 * The FEN reader below takes standard FEN only and checks almost nothing. */
#include "bitboard.h"

#include <string.h>

static void put(bb_chess_pos *pos, int sq, int color, int type)
{
    uint64_t b = (uint64_t)1 << sq;
    pos->pieces[color][type] |= b;
    pos->color[color] |= b;
    pos->occupied |= b;
    pos->board[sq] = (uint8_t)(color * 8 + type);
}

int bb_chess_from_fen(bb_chess_pos *pos, const char *text, bb_parse_error *err)
{
    static const char letters[] = "pnbrqk";
    bb_chess_pos p;
    memset(&p, 0, sizeof p);
    memset(p.board, BB_CHESS_EMPTY, sizeof p.board);
    p.ep = BB_CHESS_NO_EP;
    p.fullmove = 1;
    if (err) memset(err, 0, sizeof *err);
    if (!text) return -1;
    const char *s = text;
    int rank = 7, file = 0;
    for (; *s && *s != ' '; s++) {
        if (*s == '/') { rank--; file = 0; continue; }
        if (*s >= '1' && *s <= '8') { file += *s - '0'; continue; }
        char c = *s, l = (char)(c | 0x20);
        const char *t = strchr(letters, l);
        if (!t || rank < 0 || file > 7) return -1;
        put(&p, rank * 8 + file, c == l ? BB_BLACK : BB_WHITE, (int)(t - letters));
        file++;
    }
    if (*s++ != ' ') return -1;
    p.side = *s == 'b' ? BB_BLACK : BB_WHITE;
    s++;
    if (*s++ != ' ') return -1;
    for (; *s && *s != ' '; s++) {
        if (*s == 'K') { p.castling |= BB_CASTLE_WK; p.castle_rook[0] = 7; }
        if (*s == 'Q') { p.castling |= BB_CASTLE_WQ; p.castle_rook[1] = 0; }
        if (*s == 'k') { p.castling |= BB_CASTLE_BK; p.castle_rook[2] = 63; }
        if (*s == 'q') { p.castling |= BB_CASTLE_BQ; p.castle_rook[3] = 56; }
    }
    if (*s == ' ') s++;
    if (*s >= 'a' && *s <= 'h' && s[1] >= '1' && s[1] <= '8') p.ep = (uint8_t)((s[1] - '1') * 8 + (s[0] - 'a'));
    *pos = p;
    return 0;
}

void bb_chess_start(bb_chess_pos *pos)
{
    bb_chess_from_fen(pos, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", NULL);
}

size_t bb_chess_to_fen(char *buf, size_t size, const bb_chess_pos *pos, int style)
{
    (void)pos, (void)style;
    if (size) buf[0] = 0;
    return 0;
}

uint64_t bb_chess_key(const bb_chess_pos *pos) { (void)pos; return 0; }
