/* Positions: the start position, FEN in (standard, X-FEN, Shredder-FEN, with
 * every check the issue lists) and out, and the Polyglot key from scratch. */
#include "chess_internal.h"

#include "../core/text.h"

#include <string.h>

static const char piece_letters[] = "pnbrqk";
static const char *const field_names[6] = {"placement", "side to move", "castling", "en passant",
                                           "halfmove clock", "fullmove number"};

static void put(bb_chess_pos *p, int sq, int pc)
{
    uint64_t b = (uint64_t)1 << sq;
    p->pieces[pc >> 3][pc & 7] |= b;
    p->color[pc >> 3] |= b;
    p->occupied |= b;
    p->board[sq] = (uint8_t)pc;
}

uint64_t bb__chess_key_full(const bb_chess_pos *pos)
{
    uint64_t k = 0;
    for (uint64_t b = pos->occupied; b; b &= b - 1) {
        int sq = bb__chess_lsb(b);
        k ^= bb__chess_zpiece(pos->board[sq], sq);
    }
    k ^= bb__chess_zcastle(pos->castling);
    if (pos->ep != BB_CHESS_NO_EP && bb__chess_ep_usable(pos, pos->ep & 63))
        k ^= bb__polyglot_random[BB__PG_EP + (pos->ep & 7)];
    if (pos->side == BB_WHITE) k ^= bb__polyglot_random[BB__PG_TURN];
    return k;
}

uint64_t bb_chess_key(const bb_chess_pos *pos)
{
    BB__ASSERT_NOT_NULL(pos, "pos");
    return bb__chess_key_full(pos);
}

void bb_chess_start(bb_chess_pos *pos)
{
    static const uint8_t back[8] = {BB_ROOK, BB_KNIGHT, BB_BISHOP, BB_QUEEN, BB_KING, BB_BISHOP, BB_KNIGHT, BB_ROOK};
    BB__ASSERT_NOT_NULL(pos, "pos");
    bb_chess_pos p;
    memset(&p, 0, sizeof p);
    memset(p.board, BB_CHESS_EMPTY, sizeof p.board);
    for (int f = 0; f < 8; f++) {
        put(&p, f, back[f]);
        put(&p, 8 + f, BB_PAWN);
        put(&p, 48 + f, 8 + BB_PAWN);
        put(&p, 56 + f, 8 + back[f]);
    }
    p.side = BB_WHITE;
    p.castling = 15;
    p.castle_rook[0] = 7, p.castle_rook[1] = 0, p.castle_rook[2] = 63, p.castle_rook[3] = 56;
    p.ep = BB_CHESS_NO_EP;
    p.fullmove = 1;
    p.key = bb__chess_key_full(&p);
    *pos = p;
}

/* ---- FEN in ---------------------------------------------------------------------- */

/* "FEN field N (name), character P: " then the message; returns -1. */
BB__PRINTF(4, 5) static int fen_fail(bb_parse_error *err, int field, int pos, const char *fmt, ...)
{
    if (!err) return -1;
    char what[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    if (field >= 0 && pos > 0)
        return bb__fail(err, pos, 0, 0, "FEN field %d (%s), character %d: %s", field + 1, field_names[field], pos, what);
    if (field >= 0) return bb__fail(err, pos, 0, 0, "FEN field %d (%s): %s", field + 1, field_names[field], what);
    return bb__fail(err, pos, 0, 0, "FEN: %s", what);
}

/* Reads a decimal clock of at most 5 digits into *out (0..65535); 0 or -1. */
static int read_clock(const char *s, size_t n, unsigned *out)
{
    if (n == 0 || n > 5) return -1;
    unsigned v = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9') return -1;
        v = v * 10 + (unsigned)(s[i] - '0');
    }
    if (v > 65535) return -1;
    *out = v;
    return 0;
}

/* The rook square of castling letter c for colour `color` whose king is on ksq (back rank),
 * or -1 with *why set. */
static int castle_rook_of(const bb_chess_pos *p, int color, char c, int ksq, const char **why)
{
    int base = color * 56, kf = ksq & 7;
    uint64_t rooks = p->pieces[color][BB_ROOK] & ((uint64_t)0xFF << base);
    char u = (char)(c & ~0x20);
    if (u == 'K' || u == 'Q') {
        /* X-FEN: the outermost rook on that side of the king */
        int best = -1;
        for (int f = 0; f < 8; f++) {
            if (!(rooks >> (base + f) & 1)) continue;
            if (u == 'K' && f > kf) best = base + f;
            if (u == 'Q' && f < kf && best < 0) best = base + f;
        }
        if (best < 0) *why = u == 'K' ? "no rook on the king's h side of its rank" : "no rook on the king's a side of its rank";
        return best;
    }
    int f = u - 'A';
    if (f == kf) { *why = "the file letter is the king's own file"; return -1; }
    if (!(rooks >> (base + f) & 1)) { *why = "no rook of that colour on that file of its first rank"; return -1; }
    return base + f;
}

int bb_chess_from_fen(bb_chess_pos *pos, const char *text, bb_parse_error *err)
{
    BB__ASSERT_NOT_NULL(pos, "pos");
    char q[BB__QUOTE_MAX];
    if (err) memset(err, 0, sizeof *err);
    if (!text) return fen_fail(err, -1, 0, "no FEN given");

    /* split into fields: start offsets and lengths */
    size_t start[7], len[7];
    int nf = 0;
    for (size_t i = 0; text[i];) {
        if (bb__is_space(text[i])) { i++; continue; }
        size_t j = i;
        while (text[j] && !bb__is_space(text[j])) j++;
        if (nf == 6) {
            return fen_fail(err, -1, (int)i + 1, "extra text '%s' at character %d, after the 6 fields",
                            bb__quote(q, text + i, j - i), (int)i + 1);
        }
        start[nf] = i, len[nf] = j - i, nf++;
        i = j;
    }
    if (nf != 4 && nf != 6) {
        size_t n = strlen(text);
        while (n && bb__is_space(text[n - 1])) n--;
        return fen_fail(err, nf, (int)n + 1, "missing (%d field%s given; FEN has 6, or the first 4 without the clocks)",
                        nf, nf == 1 ? "" : "s");
    }

    bb_chess_pos p;
    memset(&p, 0, sizeof p);
    memset(p.board, BB_CHESS_EMPTY, sizeof p.board);
    p.ep = BB_CHESS_NO_EP;
    p.fullmove = 1;

    /* field 1: placement, rank 8 first */
    {
        const char *s = text + start[0];
        int rank = 7, file = 0;
        for (size_t i = 0; i < len[0]; i++) {
            char c = s[i];
            int at = (int)(start[0] + i) + 1;
            if (c == '/') {
                if (file != 8)
                    return fen_fail(err, 0, at, "rank %d has %d squares, not 8", rank + 1, file);
                if (rank == 0) return fen_fail(err, 0, at, "more than 8 ranks");
                rank--, file = 0;
                continue;
            }
            if (c >= '1' && c <= '8') {
                if (i > 0 && s[i - 1] >= '0' && s[i - 1] <= '9')
                    return fen_fail(err, 0, at, "two digits in a row ('%c%c'): a run of empty squares is one digit 1-8",
                                    s[i - 1], c);
                file += c - '0';
                if (file > 8) return fen_fail(err, 0, at, "rank %d has more than 8 squares", rank + 1);
                continue;
            }
            char l = (char)(c | 0x20);
            const char *t = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ? strchr(piece_letters, l) : NULL;
            if (!t) return fen_fail(err, 0, at, "'%s' is not a piece letter (pnbrqk, PNBRQK) or 1-8", bb__quote(q, &c, 1));
            if (file >= 8) return fen_fail(err, 0, at, "rank %d has more than 8 squares", rank + 1);
            int type = (int)(t - piece_letters);
            if (type == BB_PAWN && (rank == 0 || rank == 7))
                return fen_fail(err, 0, at, "a pawn on rank %d", rank + 1);
            put(&p, rank * 8 + file, (c == l ? 8 : 0) + type);
            file++;
        }
        int at = (int)(start[0] + len[0]);
        if (rank > 0) return fen_fail(err, 0, at, "%d ranks, not 8", 8 - rank);
        if (file != 8) return fen_fail(err, 0, at, "rank 1 has %d squares, not 8", file);
        for (int c = 0; c < 2; c++) {
            int n = bb_popcount(p.pieces[c][BB_KING]);
            if (n != 1)
                return fen_fail(err, 0, (int)start[0] + 1, "%s has %s", c ? "black" : "white",
                                n == 0 ? "no king" : "more than one king");
        }
    }

    /* field 2: side to move */
    if (len[1] != 1 || (text[start[1]] != 'w' && text[start[1]] != 'b'))
        return fen_fail(err, 1, (int)start[1] + 1, "'%s' is not w or b", bb__quote(q, text + start[1], len[1]));
    p.side = text[start[1]] == 'b' ? BB_BLACK : BB_WHITE;

    /* field 3: castling: '-', KQkq (X-FEN: outermost rook) or file letters (Shredder-FEN) */
    {
        const char *s = text + start[2];
        int letters = 0, last = -1, last_kq = -1;
        if (!(len[2] == 1 && s[0] == '-')) {
            for (size_t i = 0; i < len[2]; i++) {
                char c = s[i];
                int at = (int)(start[2] + i) + 1;
                int color;
                if (c == 'K' || c == 'Q' || (c >= 'A' && c <= 'H')) color = BB_WHITE;
                else if (c == 'k' || c == 'q' || (c >= 'a' && c <= 'h')) color = BB_BLACK;
                else
                    return fen_fail(err, 2, at, "'%s' is not a castling letter (KQkq, A-H, a-h) or a lone '-'",
                                    bb__quote(q, &c, 1));
                if ((c & ~0x20) != 'K' && (c & ~0x20) != 'Q') letters = 1;
                int ksq = bb__chess_lsb(p.pieces[color][BB_KING]);
                if (ksq >> 3 != color * 7)
                    return fen_fail(err, 2, at, "'%c' needs the %s king on rank %d", c, color ? "black" : "white",
                                    color ? 8 : 1);
                const char *why = "";
                int rsq = castle_rook_of(&p, color, c, ksq, &why);
                if (rsq < 0) return fen_fail(err, 2, at, "'%c': %s", c, why);
                int i4 = color * 2 + ((rsq & 7) < (ksq & 7));
                if (p.castling >> i4 & 1)
                    return fen_fail(err, 2, at, "'%c' repeats the %s %s-side right", c, color ? "black" : "white",
                                    (i4 & 1) ? "queen" : "king");
                /* the order is white's rights, then black's, and KQ letters king side first
                 * (Shredder's file letters of one colour may come in either order) */
                if (last >= 0 && color < (last >> 1))
                    return fen_fail(err, 2, at, "'%c' comes after black's rights: white's come first (KQkq)", c);
                int kq = (c & ~0x20) == 'K' || (c & ~0x20) == 'Q';
                if (kq && last_kq >= 0 && (last_kq >> 1) == color && i4 < last_kq)
                    return fen_fail(err, 2, at, "'%c' comes after '%c': the king side comes first (KQkq)", c,
                                    (char)(color ? 'q' : 'Q'));
                last = i4;
                if (kq) last_kq = i4;
                p.castling |= (uint8_t)(1 << i4);
                p.castle_rook[i4] = (uint8_t)rsq;
            }
            for (int i = 0; i < 4; i++)
                if (p.castling >> i & 1) {
                    int ksq = bb__chess_lsb(p.pieces[i >> 1][BB_KING]);
                    if ((ksq & 7) != 4 || (p.castle_rook[i] & 7) != ((i & 1) ? 0 : 7)) letters = 1;
                }
            /* both rights of one colour with the king on the same side of both rooks cannot happen
             * (each right sits on its own side), so the rights are consistent */
        }
        p.chess960 = (uint8_t)letters;
    }

    /* field 4: en passant */
    {
        const char *s = text + start[3];
        int at = (int)start[3] + 1;
        if (!(len[3] == 1 && s[0] == '-')) {
            if (len[3] != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8')
                return fen_fail(err, 3, at, "'%s' is not a square (a3-h3, a6-h6) or '-'", bb__quote(q, s, len[3]));
            int sq = (s[1] - '1') * 8 + (s[0] - 'a');
            int want = p.side == BB_WHITE ? 5 : 2;
            if (sq >> 3 != want)
                return fen_fail(err, 3, at, "%c%c is not on rank %d, where %s could take en passant", s[0], s[1], want + 1, p.side == BB_WHITE ? "white" : "black");
            int pawn = p.side == BB_WHITE ? sq - 8 : sq + 8, origin = p.side == BB_WHITE ? sq + 8 : sq - 8;
            if (p.board[pawn] != (p.side ^ 1) * 8 + BB_PAWN || p.board[sq] != BB_CHESS_EMPTY ||
                p.board[origin] != BB_CHESS_EMPTY)
                return fen_fail(err, 3, at, "%c%c: no %s pawn just moved two squares past it", s[0], s[1],
                                p.side == BB_WHITE ? "black" : "white");
            if (bb__chess_ep_usable(&p, sq)) p.ep = (uint8_t)sq;
        }
    }

    /* fields 5, 6: clocks */
    if (nf == 6) {
        unsigned h, f;
        if (read_clock(text + start[4], len[4], &h) < 0)
            return fen_fail(err, 4, (int)start[4] + 1, "'%s' is not a number 0..65535",
                            bb__quote(q, text + start[4], len[4]));
        if (read_clock(text + start[5], len[5], &f) < 0)
            return fen_fail(err, 5, (int)start[5] + 1, "'%s' is not a number 0..65535",
                            bb__quote(q, text + start[5], len[5]));
        p.halfmove = (uint16_t)h;
        p.fullmove = (uint16_t)(f ? f : 1);
    }

    /* the side not to move must not be in check */
    {
        int them = p.side ^ 1;
        int k = bb__chess_lsb(p.pieces[them][BB_KING]);
        if (bb_chess_attackers_to(&p, k, p.occupied) & p.color[p.side]) {
            char name[3];
            return fen_fail(err, 1, (int)start[1] + 1, "%s to move, but the %s king on %s is in check",
                            p.side ? "black" : "white", them ? "black" : "white", bb_square_name(k, name));
        }
    }

    p.key = bb__chess_key_full(&p);
    *pos = p;
    return 0;
}

/* ---- FEN out --------------------------------------------------------------------- */

size_t bb_chess_to_fen(char *buf, size_t size, const bb_chess_pos *pos, int style)
{
    BB__ASSERT_NOT_NULL(pos, "pos");
    bb__out_buf o = {buf, size, 0};
    if (size) buf[0] = '\0';
    for (int rank = 7; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < 8; file++) {
            int pc = pos->board[rank * 8 + file];
            if (pc == BB_CHESS_EMPTY || (pc & 7) > BB_KING) { empty++; continue; }
            if (empty) bb__put(&o, "%d", empty), empty = 0;
            char c = piece_letters[pc & 7];
            bb__put(&o, "%c", pc >> 3 ? c : (char)(c - 32));
        }
        if (empty) bb__put(&o, "%d", empty);
        if (rank) bb__put(&o, "/");
    }
    bb__put(&o, " %c ", pos->side ? 'b' : 'w');
    if (!(pos->castling & 15)) bb__put(&o, "-");
    for (int i = 0; i < 4; i++) {
        if (!(pos->castling >> i & 1)) continue;
        int color = i >> 1, rsq = pos->castle_rook[i] & 63, base = color * 56;
        char c;
        if (style == BB_FEN_SHREDDER) {
            c = (char)('A' + (rsq & 7));
        } else {
            /* K or Q if the rook is the outermost on its side of the king, else its file */
            uint64_t rooks = pos->pieces[color][BB_ROOK] & ((uint64_t)0xFF << base);
            uint64_t beyond = (i & 1) ? rooks & (((uint64_t)1 << rsq) - 1) & ((uint64_t)0xFF << base)
                                      : rooks & ~((((uint64_t)1 << rsq) << 1) - 1);
            c = beyond ? (char)('A' + (rsq & 7)) : (i & 1) ? 'Q' : 'K';
        }
        bb__put(&o, "%c", color ? (char)(c | 0x20) : c);
    }
    if (pos->ep != BB_CHESS_NO_EP && pos->ep < 64) {
        char name[3];
        bb__put(&o, " %s", bb_square_name(pos->ep, name));
    } else {
        bb__put(&o, " -");
    }
    bb__put(&o, " %u %u", (unsigned)pos->halfmove, (unsigned)pos->fullmove);
    return o.len;
}
