/* Moves as text: UCI and SAN, written and read.  Reading is strict: the
 * text must name exactly one legal move, and an error says what is wrong
 * with it (malformed at which character, no such move, illegal and why,
 * ambiguous between which pieces, a wrong capture mark, promotion or check
 * suffix).  docs/CHESS.md lists what SAN input accepts. */
#include <string.h>

#include "chess_internal.h"
#include "../core/text.h"

static const char piece_letters[] = "PNBRQK";
static const char *const piece_names[6] = {"pawn", "knight", "bishop", "rook", "queen", "king"};
static const char *const color_names[2] = {"white", "black"};

static int is_file(char c) { return c >= 'a' && c <= 'h'; }
static int is_rank(char c) { return c >= '1' && c <= '8'; }
static int piece_type(const bb_chess_pos *pos, int sq) { return pos->board[sq] & 7; }
static int is_capture(const bb_chess_pos *pos, bb_chess_move m)
{
    int kind = bb_chess_move_kind(m);
    return kind == BB_MOVE_EN_PASSANT || (kind != BB_MOVE_CASTLING && pos->board[bb_chess_move_to(m)] != BB_CHESS_EMPTY);
}

/* The king's destination of a castling move (g or c file of its rank). */
static int castle_king_to(bb_chess_move m)
{
    int from = bb_chess_move_from(m), to = bb_chess_move_to(m);
    return (from & 56) + ((to & 7) > (from & 7) ? 6 : 2);
}

/* Whether UCI writes castling m as the king's move (e1g1): outside Chess960,
 * when the king moves two squares, so no plain king move can read the same;
 * else as king takes rook (e1h1). */
static int uci_king_form(const bb_chess_pos *pos, bb_chess_move m)
{
    int d = castle_king_to(m) - bb_chess_move_from(m);
    return !pos->chess960 && (d == 2 || d == -2);
}

static int legal_moves(const bb_chess_pos *pos, bb_chess_movelist *list)
{
    return bb_chess_generate(pos, BB_GEN_ALL, list);
}

static int in_list(const bb_chess_movelist *list, bb_chess_move m)
{
    for (int i = 0; i < list->count; i++)
        if (list->moves[i] == m) return 1;
    return 0;
}

/* 0 no check, 1 check, 2 mate after the legal move m. */
static int check_after(const bb_chess_pos *pos, bb_chess_move m)
{
    bb_chess_pos child = *pos;
    bb_chess_undo undo;
    bb_chess_make(&child, m, &undo);
    if (!bb_chess_is_check(&child)) return 0;
    bb_chess_movelist replies;
    return legal_moves(&child, &replies) ? 1 : 2;
}

/* ---- UCI ------------------------------------------------------------------------- */

size_t bb_chess_move_to_uci(char *buf, size_t size, const bb_chess_pos *pos, bb_chess_move move)
{
    bb__out_buf o = {buf, size, 0};
    char a[3], b[3];
    if (size) buf[0] = '\0';
    if (move == BB_CHESS_NULL_MOVE) {
        bb__put(&o, "0000");
        return o.len;
    }
    int from = bb_chess_move_from(move), to = bb_chess_move_to(move), kind = bb_chess_move_kind(move);
    if (kind == BB_MOVE_CASTLING && uci_king_form(pos, move)) to = castle_king_to(move);
    bb__put(&o, "%s%s", bb_square_name(from, a), bb_square_name(to, b));
    if (kind == BB_MOVE_PROMOTION) bb__put(&o, "%c", "pnbrqk"[bb_chess_move_promotion(move)]);
    return o.len;
}

/* "e3 e4": the squares the legal moves from `from` go to, as UCI names
 * them (a castling king's square or its rook's), into buf; "" if none. */
static const char *targets_of(const bb_chess_pos *pos, const bb_chess_movelist *list, int from, char *buf, size_t size)
{
    bb__out_buf o = {buf, size, 0};
    uint64_t seen = 0;
    char s[3];
    buf[0] = '\0';
    for (int i = 0; i < list->count; i++) {
        bb_chess_move m = list->moves[i];
        if (bb_chess_move_from(m) != from) continue;
        int to = bb_chess_move_to(m);
        if (bb_chess_move_kind(m) == BB_MOVE_CASTLING && uci_king_form(pos, m)) to = castle_king_to(m);
        if (seen >> to & 1) continue;
        seen |= (uint64_t)1 << to;
        bb__put(&o, "%s%s", o.len ? " " : "", bb_square_name(to, s));
    }
    return buf;
}

int bb_chess_move_from_uci(const bb_chess_pos *pos, const char *text, bb_chess_move *move, bb_parse_error *err)
{
    char q[BB__QUOTE_MAX], c[5];
    if (err) memset(err, 0, sizeof *err);
    if (!text) return bb__fail(err, 0, 0, 0, "no move given");
    size_t n = strlen(text);
    if (n == 0) return bb__fail(err, 0, 0, 0, "empty move: give a UCI move like e2e4 or e7e8q");
    bb__quote(q, text, n);
    if (strcmp(text, "0000") == 0) return bb__fail(err, 0, 0, 0, "'0000' is the null move, not a move of the position");
    for (size_t i = 0; i < n && i < 4; i++)
        if (!(i % 2 == 0 ? is_file(text[i]) : is_rank(text[i])))
            return bb__fail(err, (int)i + 1, 0, 0, "'%s': '%s' at character %d is not a %s", q,
                            bb__quote(c, text + i, 1), (int)i + 1, i % 2 == 0 ? "file a..h" : "rank 1..8");
    if (n < 4) return bb__fail(err, 0, 0, 0, "'%s' is too short: a UCI move is 4 or 5 characters (e2e4, e7e8q)", q);
    int promo = 0;
    if (n >= 5) {
        const char *p = strchr("nbrq", text[4] | 0x20);
        if (text[4] == '\0' || !p || (text[4] & 0x80))
            return bb__fail(err, 5, 0, 0, "'%s': '%s' at character 5 is not a promotion piece (q, r, b, n)", q,
                            bb__quote(c, text + 4, 1));
        promo = BB_KNIGHT + (int)(p - "nbrq");
        if (n > 5) return bb__fail(err, 6, 0, 0, "'%s': extra characters after the move", q);
    }
    int from = (text[1] - '1') * 8 + (text[0] - 'a'), to = (text[3] - '1') * 8 + (text[2] - 'a');
    char fs[3], ts[3];
    bb_square_name(from, fs), bb_square_name(to, ts);
    int us = pos->side, p = pos->board[from];
    if (p == BB_CHESS_EMPTY) return bb__fail(err, 0, 0, 0, "%s: there is no piece on %s", q, fs);
    if ((p >> 3) != us)
        return bb__fail(err, 0, 0, 0, "%s: %s holds a %s %s, and %s is to move", q, fs, color_names[p >> 3],
                        piece_names[p & 7], color_names[us]);
    bb_chess_movelist list;
    legal_moves(pos, &list);
    for (int i = 0; i < list.count; i++) {
        bb_chess_move m = list.moves[i];
        if (bb_chess_move_from(m) != from) continue;
        int kind = bb_chess_move_kind(m), mto = bb_chess_move_to(m);
        int match = mto == to || (kind == BB_MOVE_CASTLING && uci_king_form(pos, m) && castle_king_to(m) == to);
        if (!match) continue;
        if (kind == BB_MOVE_PROMOTION && !promo)
            return bb__fail(err, 0, 0, 0, "%s: a pawn reaching the last rank must promote: %s%sq, r, b or n", q, fs, ts);
        if (kind != BB_MOVE_PROMOTION && promo)
            return bb__fail(err, 5, 0, 0, "%s: only a pawn reaching the last rank promotes", q);
        if (kind == BB_MOVE_PROMOTION && bb_chess_move_promotion(m) != promo) continue;
        *move = m;
        return 0;
    }
    char list_text[256];
    targets_of(pos, &list, from, list_text, sizeof list_text);
    return bb__fail(err, 0, 0, 0, "%s is not a legal move: the %s %s on %s %s%s%s", q, color_names[us], piece_names[p & 7],
                    fs, list_text[0] ? "can move to " : "has no legal move", list_text,
                    p == us * 8 + BB_KING && pos->chess960 && list_text[0] ? " (Chess960 castling: king takes rook)" : "");
}

/* ---- SAN: writing ---------------------------------------------------------------- */

/* The SAN of a legal move of pos (list: pos's legal moves) into s, which
 * holds BB_CHESS_MOVE_TEXT_MAX bytes; returns its length.  Written a
 * character at a time: listing every move's SAN (bb_chess_moves_to_san, the
 * JavaScript package's moves()) spends its time here. */
static size_t san_text(char *s, const bb_chess_pos *pos, const bb_chess_movelist *list, bb_chess_move m)
{
    int from = bb_chess_move_from(m), to = bb_chess_move_to(m), kind = bb_chess_move_kind(m);
    int type = piece_type(pos, from);
    char *o = s;
    if (kind == BB_MOVE_CASTLING) {
        memcpy(o, (to & 7) > (from & 7) ? "O-O" : "O-O-O", (to & 7) > (from & 7) ? 3 : 5);
        o += (to & 7) > (from & 7) ? 3 : 5;
    } else if (type == BB_PAWN) {
        if (is_capture(pos, m)) *o++ = (char)('a' + (from & 7)), *o++ = 'x';
        *o++ = (char)('a' + (to & 7)), *o++ = (char)('1' + (to >> 3));
        if (kind == BB_MOVE_PROMOTION) *o++ = '=', *o++ = piece_letters[bb_chess_move_promotion(m)];
    } else {
        /* disambiguation: the other pieces of this type that can move to `to` */
        int others = 0, same_file = 0, same_rank = 0;
        for (int i = 0; i < list->count; i++) {
            bb_chess_move n = list->moves[i];
            int nf = bb_chess_move_from(n);
            if (nf == from || bb_chess_move_to(n) != to || bb_chess_move_kind(n) == BB_MOVE_CASTLING ||
                piece_type(pos, nf) != type)
                continue;
            others++;
            same_file += (nf & 7) == (from & 7);
            same_rank += (nf >> 3) == (from >> 3);
        }
        *o++ = piece_letters[type];
        if (others && (!same_file || same_rank)) *o++ = (char)('a' + (from & 7));
        if (others && same_file) *o++ = (char)('1' + (from >> 3));
        if (is_capture(pos, m)) *o++ = 'x';
        *o++ = (char)('a' + (to & 7)), *o++ = (char)('1' + (to >> 3));
    }
    int c = check_after(pos, m);
    if (c) *o++ = c == 2 ? '#' : '+';
    *o = '\0';
    return (size_t)(o - s);
}

size_t bb_chess_move_to_san(char *buf, size_t size, const bb_chess_pos *pos, bb_chess_move move)
{
    bb__out_buf o = {buf, size, 0};
    if (size) buf[0] = '\0';
    if (move == BB_CHESS_NULL_MOVE) {
        bb__put(&o, "--");
        return o.len;
    }
    bb_chess_movelist list;
    char s[BB_CHESS_MOVE_TEXT_MAX];
    legal_moves(pos, &list);
    if (!in_list(&list, move)) return 0; /* not a legal move: no text */
    san_text(s, pos, &list, move);
    bb__put(&o, "%s", s);
    return o.len;
}

size_t bb_chess_moves_to_san(char *buf, size_t size, const bb_chess_pos *pos, const bb_chess_move *moves, int count)
{
    bb_chess_movelist list;
    size_t len = 0;
    if (size) buf[0] = '\0';
    legal_moves(pos, &list);
    for (int i = 0; i < count; i++)
        if (!in_list(&list, moves[i])) return 0;
    for (int i = 0; i < count; i++) {
        char s[BB_CHESS_MOVE_TEXT_MAX + 1];
        size_t n = i ? 1 : 0;
        if (i) s[0] = ' ';
        n += san_text(s + n, pos, &list, moves[i]);
        if (len + 1 < size) { /* as snprintf: what fits, then the NUL */
            size_t k = n < size - 1 - len ? n : size - 1 - len;
            memcpy(buf + len, s, k);
            buf[len + k] = '\0';
        }
        len += n;
    }
    return len;
}

/* ---- SAN: reading ---------------------------------------------------------------- */

/* The squares from which a piece of `type` of the side to move could go to
 * `to` if pins and checks did not count (captures onto `to` when capture,
 * else steps onto it). */
static uint64_t pseudo_sources(const bb_chess_pos *pos, int type, int to, int capture)
{
    int us = pos->side;
    uint64_t own = pos->pieces[us][type], occ = pos->occupied;
    if (pos->color[us] >> to & 1) return 0;
    switch (type) {
    case BB_KNIGHT: return bb_knight_attacks(to) & own;
    case BB_BISHOP: return bb_bishop_attacks(to, occ) & own;
    case BB_ROOK: return bb_rook_attacks(to, occ) & own;
    case BB_QUEEN: return bb_queen_attacks(to, occ) & own;
    case BB_KING: return bb_king_attacks(to) & own;
    default: {
        if (capture) return bb_pawn_attacks(us ^ 1, to) & own;
        int back = us == BB_WHITE ? -8 : 8, one = to + back, two = to + 2 * back;
        if (one < 0 || one > 63) return 0;
        if (own >> one & 1) return (uint64_t)1 << one;
        if ((to >> 3) == (us == BB_WHITE ? 3 : 4) && !(occ >> one & 1) && (own >> two & 1)) return (uint64_t)1 << two;
        return 0;
    }
    }
}

/* "b8 and f6" or "b8, d6 and f6" for the squares of x. */
static const char *square_words(uint64_t x, char *buf, size_t size)
{
    bb__out_buf o = {buf, size, 0};
    int n = bb_popcount(x), k = 0;
    char s[3];
    buf[0] = '\0';
    for (int sq = 0; sq < 64; sq++)
        if (x >> sq & 1) {
            k++;
            bb__put(&o, "%s%s", k == 1 ? "" : k == n ? " and " : ", ", bb_square_name(sq, s));
        }
    return buf;
}

typedef struct {
    int castle;        /* 0, 1 (O-O) or 2 (O-O-O) */
    int type;          /* BB_PAWN..BB_KING */
    int from_file, from_rank; /* -1 if not given */
    int capture;       /* 'x' written */
    int to;
    int promo;         /* 0 or BB_KNIGHT..BB_QUEEN */
    int suffix;        /* 0, '+' or '#' */
    int named_from;    /* the text names the from file or rank */
} san_parts;

/* Splits SAN text into its parts; -1 and *err if it is not SAN's shape. */
static int san_split(const char *text, size_t n, san_parts *s, bb_parse_error *err)
{
    char q[BB__QUOTE_MAX], c[5];
    bb__quote(q, text, n);
    memset(s, 0, sizeof *s);
    s->from_file = s->from_rank = -1;
    /* annotation glyphs, then the check or mate suffix, from the end */
    size_t end = n;
    while (end > 0 && (text[end - 1] == '!' || text[end - 1] == '?') && n - end < 2) end--;
    if (end > 0 && (text[end - 1] == '+' || text[end - 1] == '#')) s->suffix = text[--end];
    if (end > 0 && (text[end - 1] == '+' || text[end - 1] == '#'))
        return bb__fail(err, (int)end, 0, 0, "'%s': two check marks (write one: + for check, # for mate)", q);
    if (end == 0) return bb__fail(err, 1, 0, 0, "'%s' is not a move: nothing before the suffix", q);
    if ((end == 3 || end == 5) && strncmp(text, "O-O-O", end) == 0) {
        s->castle = end == 3 ? 1 : 2;
        s->type = BB_KING;
        return 0;
    }
    if (text[0] == 'O')
        return bb__fail(err, 1, 0, 0, "'%s' is not castling: write O-O (kingside) or O-O-O (queenside)", q);
    if (text[0] == '0' || text[0] == 'o')
        return bb__fail(err, 1, 0, 0, "'%s': castling is written with capital letters O: O-O or O-O-O", q);
    size_t i = 0;
    const char *pl = strchr("NBRQK", text[0]);
    if (text[0] && pl) {
        s->type = BB_KNIGHT + (int)(pl - "NBRQK");
        i = 1;
    } else if (is_file(text[0])) {
        s->type = BB_PAWN;
    } else {
        const char *hint = text[0] == 'P' ? " (a pawn move has no letter: e4, exd5)"
                           : strchr("nrqk", text[0]) && text[0] ? " (piece letters are capitals: N B R Q K)"
                                                                : "";
        return bb__fail(err, 1, 0, 0, "'%s': '%s' at character 1 is not a piece letter (N B R Q K) or a file (a..h)%s",
                        q, bb__quote(c, text, 1), hint);
    }
    /* the rest: [file][rank][x]square[=P], read against its shape */
    size_t j = i;
    char buf[8];
    size_t k = 0;
    for (; j < end && k < sizeof buf - 1; j++) buf[k++] = text[j];
    if (j < end) return bb__fail(err, (int)j + 1, 0, 0, "'%s' is too long to be a move", q);
    buf[k] = '\0';
    /* promotion */
    if (k >= 2 && buf[k - 2] == '=') {
        const char *pp = strchr("NBRQ", buf[k - 1]);
        if (!pp || !buf[k - 1])
            return bb__fail(err, (int)(i + k), 0, 0, "'%s': '%s' after '=' is not a promotion piece (Q R B N)", q,
                            bb__quote(c, buf + k - 1, 1));
        s->promo = BB_KNIGHT + (int)(pp - "NBRQ");
        k -= 2;
    } else if (k >= 1 && buf[k - 1] == '=') {
        return bb__fail(err, (int)(i + k), 0, 0, "'%s': '=' needs a promotion piece after it (Q R B N)", q);
    } else if (k >= 3 && strchr("NBRQ", buf[k - 1]) && is_rank(buf[k - 2])) {
        return bb__fail(err, (int)(i + k), 0, 0, "'%s': write a promotion with '=': %.*s=%c", q, (int)(i + k - 1), text,
                        buf[k - 1]);
    }
    if (k < 2 || !is_file(buf[k - 2]) || !is_rank(buf[k - 1])) {
        /* find the first character that does not fit */
        size_t bad = k;
        for (size_t t = 0; t < k; t++)
            if (!is_file(buf[t]) && !is_rank(buf[t]) && buf[t] != 'x') { bad = t; break; }
        if (bad < k)
            return bb__fail(err, (int)(i + bad) + 1, 0, 0, "'%s': '%s' at character %d does not belong in a move", q,
                            bb__quote(c, buf + bad, 1), (int)(i + bad) + 1);
        return bb__fail(err, 0, 0, 0, "'%s' does not end in a destination square (like e4)", q);
    }
    s->to = (buf[k - 1] - '1') * 8 + (buf[k - 2] - 'a');
    k -= 2;
    if (k > 0 && buf[k - 1] == 'x') s->capture = 1, k--;
    size_t t = 0;
    if (t < k && is_file(buf[t])) s->from_file = buf[t++] - 'a';
    if (t < k && is_rank(buf[t])) s->from_rank = buf[t++] - '1';
    s->named_from = t > 0;
    if (t < k) {
        if (buf[t] == 'x')
            return bb__fail(err, (int)(i + t) + 1, 0, 0, "'%s': 'x' at character %d is out of place", q, (int)(i + t) + 1);
        return bb__fail(err, (int)(i + t) + 1, 0, 0, "'%s': '%s' at character %d does not belong in a move", q,
                        bb__quote(c, buf + t, 1), (int)(i + t) + 1);
    }
    if (s->type == BB_PAWN) {
        if (s->from_rank >= 0)
            return bb__fail(err, 2, 0, 0, "'%s': a pawn move names only its file (e4, exd5)", q);
        if (s->capture && s->from_file < 0) return bb__fail(err, 1, 0, 0, "'%s': a pawn capture starts with its file (exd5)", q);
        if (!s->capture && s->from_file >= 0)
            return bb__fail(err, 2, 0, 0, "'%s': a pawn capture is written with 'x': %c%c%c%c", q, text[0], 'x',
                            'a' + (s->to & 7), '1' + (s->to >> 3));
        if (s->capture && s->from_file == (s->to & 7))
            return bb__fail(err, 0, 0, 0, "'%s': a pawn captures onto the next file, not its own", q);
        if (!s->capture) s->from_file = s->to & 7; /* a push stays on its file */
    } else if (s->promo) {
        return bb__fail(err, 0, 0, 0, "'%s': only a pawn promotes", q);
    }
    return 0;
}

int bb_chess_move_from_san(const bb_chess_pos *pos, const char *text, bb_chess_move *move, bb_parse_error *err)
{
    char q[BB__QUOTE_MAX], ts[3], words[128];
    if (err) memset(err, 0, sizeof *err);
    if (!text) return bb__fail(err, 0, 0, 0, "no move given");
    size_t n = strlen(text);
    if (n == 0) return bb__fail(err, 0, 0, 0, "empty move: give a SAN move like e4, Nf3, exd5 or O-O");
    bb__quote(q, text, n);
    for (size_t i = 0; i < n; i++)
        if (bb__is_space(text[i]) || (unsigned char)text[i] < 0x20 || (unsigned char)text[i] > 0x7e) {
            char c[5];
            return bb__fail(err, (int)i + 1, 0, 0, "'%s': '%s' at character %d does not belong in a move", q,
                            bb__quote(c, text + i, 1), (int)i + 1);
        }
    san_parts s;
    if (san_split(text, n, &s, err) != 0) return -1;
    int us = pos->side;
    const char *who = color_names[us];
    bb_chess_movelist list;
    legal_moves(pos, &list);
    bb_chess_move found = BB_CHESS_NULL_MOVE;
    uint64_t from_set = 0;
    int count = 0;
    if (s.castle) {
        for (int i = 0; i < list.count; i++) {
            bb_chess_move m = list.moves[i];
            int kingside = (bb_chess_move_to(m) & 7) > (bb_chess_move_from(m) & 7);
            if (bb_chess_move_kind(m) == BB_MOVE_CASTLING && kingside == (s.castle == 1)) found = m, count = 1;
        }
        if (!count) {
            int right = us == BB_WHITE ? (s.castle == 1 ? BB_CASTLE_WK : BB_CASTLE_WQ)
                                       : (s.castle == 1 ? BB_CASTLE_BK : BB_CASTLE_BQ);
            const char *side = s.castle == 1 ? "kingside" : "queenside";
            if (!(pos->castling & right)) return bb__fail(err, 0, 0, 0, "%s: %s has no %s castling right", q, who, side);
            if (bb_chess_is_check(pos)) return bb__fail(err, 0, 0, 0, "%s is illegal: %s is in check", q, who);
            return bb__fail(err, 0, 0, 0,
                            "%s is illegal now: a square between king and rook is occupied, or the king would pass "
                            "through or land on an attacked square", q);
        }
    } else {
        for (int i = 0; i < list.count; i++) {
            bb_chess_move m = list.moves[i];
            int from = bb_chess_move_from(m);
            if (bb_chess_move_kind(m) == BB_MOVE_CASTLING || bb_chess_move_to(m) != s.to ||
                piece_type(pos, from) != s.type)
                continue;
            if (s.from_file >= 0 && (from & 7) != s.from_file) continue;
            if (s.from_rank >= 0 && (from >> 3) != s.from_rank) continue;
            if (bb_chess_move_kind(m) == BB_MOVE_PROMOTION && bb_chess_move_promotion(m) != s.promo) {
                if (!s.promo) {
                    return bb__fail(err, 0, 0, 0, "%s: a pawn reaching the last rank must promote: write %.*s=Q (or R, B, N)",
                                    q, (int)strcspn(text, "+#!?"), text);
                }
                continue;
            }
            if (bb_chess_move_kind(m) != BB_MOVE_PROMOTION && s.promo)
                return bb__fail(err, 0, 0, 0, "%s: only a pawn reaching the last rank promotes", q);
            if (!(from_set >> from & 1)) count++;
            from_set |= (uint64_t)1 << from;
            found = m;
        }
        bb_square_name(s.to, ts);
        const char *pname = piece_names[s.type];
        if (count == 0) {
            uint64_t mask = ~(uint64_t)0;
            if (s.from_file >= 0) mask &= (uint64_t)0x0101010101010101 << s.from_file;
            if (s.from_rank >= 0) mask &= (uint64_t)0xFF << (8 * s.from_rank);
            int cap = s.type == BB_PAWN ? s.capture : 1;
            if (s.type == BB_PAWN && s.capture && s.to == pos->ep) cap = 1;
            uint64_t pseudo = pseudo_sources(pos, s.type, s.to, cap) & mask;
            if (s.type == BB_PAWN && s.capture && s.to != pos->ep && pos->board[s.to] == BB_CHESS_EMPTY)
                return bb__fail(err, 0, 0, 0, "%s: there is nothing to capture on %s", q, ts);
            if (s.type == BB_PAWN && !s.capture && pos->board[s.to] != BB_CHESS_EMPTY) pseudo = 0;
            if (pseudo) {
                char sq[3];
                int from = 0;
                while (!(pseudo >> from & 1)) from++;
                return bb__fail(err, 0, 0, 0, "%s is illegal: moving the %s on %s would leave the %s king in check", q,
                                pname, bb_square_name(from, sq), who);
            }
            if (pos->color[us] >> s.to & 1)
                return bb__fail(err, 0, 0, 0, "%s: %s holds a %s piece of its own", q, ts, who);
            return bb__fail(err, 0, 0, 0, "%s: no %s %s%s can move to %s", q, who, pname,
                            s.named_from ? " from there" : "", ts);
        }
        if (count > 1) {
            square_words(from_set, words, sizeof words);
            return bb__fail(err, 0, 0, 0, "%s is ambiguous: the %ss on %s can %s move to %s; name the one that moves "
                            "by its file or rank", q, pname, words, count == 2 ? "both" : "all", ts);
        }
    }
    /* the capture mark and the check suffix must be right */
    if (!s.castle && s.capture != is_capture(pos, found))
        return bb__fail(err, 0, 0, 0, s.capture ? "%s: %s is empty: write the move without 'x'"
                                                 : "%s captures on %s: write it with 'x'", q, ts);
    int c = check_after(pos, found);
    if (s.suffix == '+' && c != 1)
        return bb__fail(err, 0, 0, 0, c == 2 ? "%s: the move mates: write # instead of +" : "%s: the move does not give check", q);
    if (s.suffix == '#' && c != 2)
        return bb__fail(err, 0, 0, 0, c == 1 ? "%s: the move gives check but not mate: write + instead of #"
                                             : "%s: the move does not give mate", q);
    *move = found;
    return 0;
}

/* ---- SAN as PGN files write it ---------------------------------------------------- */

/* Long algebraic as older files write it: [piece]from('-'|'x')to[[=]promotion]
 * (e2-e4, Ng1-f3, e4xd5, e7-e8=Q; Ke1-g1 for castling).  1: it had that
 * form, and the result is in *rc (0 and *move, or -1 and *err); 0: another
 * form. */
static int long_algebraic(const bb_chess_pos *pos, const char *t, size_t n, bb_chess_move *move,
                          bb_parse_error *err, int *rc)
{
    size_t i = 0;
    int type = BB_PAWN, promo = 0;
    const char *pieces = "NBRQK";
    const char *pc = t[0] ? strchr(pieces, t[0]) : NULL;
    if (pc) type = BB_KNIGHT + (int)(pc - pieces), i = 1;
    if (n < i + 5 || !is_file(t[i]) || !is_rank(t[i + 1]) || (t[i + 2] != '-' && t[i + 2] != 'x') ||
        !is_file(t[i + 3]) || !is_rank(t[i + 4]))
        return 0;
    size_t e = i + 5;
    if (e < n && t[e] == '=') e++;
    if (e < n && type == BB_PAWN && (pc = strchr("NBRQ", t[e])) != NULL) promo = BB_KNIGHT + (int)(pc - "NBRQ"), e++;
    if (e != n) return 0;
    int from = (t[i + 1] - '1') * 8 + (t[i] - 'a'), to = (t[i + 4] - '1') * 8 + (t[i + 3] - 'a');
    int capture = t[i + 2] == 'x';
    char q[BB__QUOTE_MAX];
    bb__quote(q, t, n);
    if (piece_type(pos, from) != type || pos->board[from] == BB_CHESS_EMPTY || !(pos->color[pos->side] >> from & 1)) {
        *rc = bb__fail(err, 0, 0, 0, "'%s': the %s to move has no %s on %.2s", q, color_names[pos->side],
                       piece_names[type], t + i);
        return 1;
    }
    bb_chess_movelist list;
    legal_moves(pos, &list);
    for (int k = 0; k < list.count; k++) {
        bb_chess_move m = list.moves[k];
        if (bb_chess_move_from(m) != from) continue;
        int kind = bb_chess_move_kind(m), mto = bb_chess_move_to(m);
        if (kind == BB_MOVE_CASTLING) { /* the king's two-square step, in standard chess */
            if (pos->chess960 || capture) continue;
            mto = (from & 56) + ((mto & 7) > (from & 7) ? 6 : 2);
        }
        if (mto != to || (kind == BB_MOVE_PROMOTION && bb_chess_move_promotion(m) != promo)) continue;
        if (kind != BB_MOVE_PROMOTION && promo) continue;
        if (kind != BB_MOVE_CASTLING && capture != is_capture(pos, m)) {
            *rc = bb__fail(err, 0, 0, 0, capture ? "'%s': %.2s is empty: write it with '-'"
                                                  : "'%s' captures on %.2s: write it with 'x'", q, t + i + 3);
            return 1;
        }
        *move = m;
        *rc = 0;
        return 1;
    }
    if (type == BB_PAWN && (to >> 3) == (pos->side == BB_WHITE ? 7 : 0) && !promo)
        *rc = bb__fail(err, 0, 0, 0, "'%s': a pawn reaching the last rank must promote: write %.*s=Q", q, (int)n, t);
    else
        *rc = bb__fail(err, 0, 0, 0, "'%s' is not a legal move now", q);
    return 1;
}

/* The lenient, fast reading behind the PGN reader: a check or mate mark
 * that is missing or wrong is ignored, castling may be written with zeros,
 * a promotion without its '=', and a move in long algebraic (e2-e4, Ng1-f3,
 * e4xd5, Ke1-g1); otherwise SAN must name exactly one
 * legal move.  The common case finds the move from the few pieces that
 * could reach the square, without generating every move; anything else
 * falls back to the strict reader above for its error message. */
int bb__chess_san_lenient(const bb_chess_pos *pos, const char *text, size_t n, bb_chess_move *move, bb_parse_error *err)
{
    char t[BB_CHESS_MOVE_TEXT_MAX + 2];
    if (n == 0 || n > BB_CHESS_MOVE_TEXT_MAX) goto strict;
    memcpy(t, text, n);
    t[n] = '\0';
    while (n > 0 && (t[n - 1] == '+' || t[n - 1] == '#' || t[n - 1] == '!' || t[n - 1] == '?')) t[--n] = '\0';
    if (n == 0) goto strict;
    if (t[0] == '0' || t[0] == 'O') { /* castling: O-O, O-O-O, 0-0, 0-0-0 */
        if ((n == 3 || n == 5) && t[1] == '-' && t[2] == t[0] && (n == 3 || (t[3] == '-' && t[4] == t[0]))) {
            int kingside = n == 3, us = pos->side;
            int right = us * 2 + !kingside;
            if (!(pos->castling >> right & 1)) goto strict;
            int from = bb__chess_lsb(pos->pieces[us][BB_KING]);
            bb_chess_move m = bb_chess_move_make(from, pos->castle_rook[right], BB_MOVE_CASTLING, 0);
            if (!bb_chess_is_legal(pos, m)) goto strict;
            *move = m;
            return 0;
        }
        goto strict;
    }
    {
        /* [piece][file][rank][x]square[[=]promotion], read from both ends */
        san_parts s;
        memset(&s, 0, sizeof s);
        s.from_file = s.from_rank = -1;
        size_t i = 0, e = n;
        switch (t[0]) {
        case 'N': s.type = BB_KNIGHT, i = 1; break;
        case 'B': s.type = BB_BISHOP, i = 1; break;
        case 'R': s.type = BB_ROOK, i = 1; break;
        case 'Q': s.type = BB_QUEEN, i = 1; break;
        case 'K': s.type = BB_KING, i = 1; break;
        default:
            if (!is_file(t[0])) goto strict;
            s.type = BB_PAWN;
        }
        if (s.type == BB_PAWN && e >= 3) {
            char p = t[e - 1];
            int promo = p == 'N' ? BB_KNIGHT : p == 'B' ? BB_BISHOP : p == 'R' ? BB_ROOK : p == 'Q' ? BB_QUEEN : 0;
            if (promo) {
                s.promo = promo;
                e -= 1 + (t[e - 2] == '=');
            }
        }
        if (e < i + 2 || !is_file(t[e - 2]) || !is_rank(t[e - 1])) goto strict;
        s.to = (t[e - 1] - '1') * 8 + (t[e - 2] - 'a');
        e -= 2;
        if (e > i && t[e - 1] == 'x') s.capture = 1, e--;
        if (i < e && is_file(t[i])) s.from_file = t[i++] - 'a';
        if (i < e && is_rank(t[i])) s.from_rank = t[i++] - '1';
        if (i != e) goto strict;
        if (s.type == BB_PAWN) {
            if (s.from_rank >= 0 || s.capture != ((s.from_file >= 0) && (s.from_file != (s.to & 7)))) goto strict;
            if (!s.capture) s.from_file = s.to & 7;
        }
        uint64_t mask = ~(uint64_t)0;
        if (s.from_file >= 0) mask &= (uint64_t)0x0101010101010101 << s.from_file;
        if (s.from_rank >= 0) mask &= (uint64_t)0xFF << (8 * s.from_rank);
        int us = pos->side, cap = s.type == BB_PAWN ? s.capture : 1;
        uint64_t from_set = pseudo_sources(pos, s.type, s.to, cap) & mask;
        int last = us == BB_WHITE ? 7 : 0, kind = BB_MOVE_NORMAL;
        if (s.type == BB_PAWN) {
            if ((s.to >> 3) == last) {
                if (!s.promo) goto strict;
                kind = BB_MOVE_PROMOTION;
            } else if (s.promo) {
                goto strict;
            }
            if (s.capture && pos->board[s.to] == BB_CHESS_EMPTY) {
                if (s.to != pos->ep) goto strict;
                kind = BB_MOVE_EN_PASSANT;
            } else if (!s.capture && pos->board[s.to] != BB_CHESS_EMPTY) {
                goto strict;
            }
        }
        bb_chess_move found = BB_CHESS_NULL_MOVE;
        int count = 0;
        for (; from_set; from_set &= from_set - 1) {
            int from = bb__chess_lsb(from_set);
            bb_chess_move m = bb_chess_move_make(from, s.to, kind, kind == BB_MOVE_PROMOTION ? s.promo : 0);
            if (bb_chess_is_legal(pos, m)) found = m, count++;
        }
        if (count != 1) goto strict;
        *move = found;
        return 0;
    }
strict:
    if (n > 0 && n <= BB_CHESS_MOVE_TEXT_MAX) {
        int rc;
        if (long_algebraic(pos, t, n, move, err, &rc)) return rc;
    }
    /* the strict reader, over the text without its marks, says what is wrong
       (or finds the move the shortcut above does not take) */
    {
        char u[64];
        size_t k = n < sizeof u - 1 ? n : sizeof u - 1;
        if (n == 0 || n > BB_CHESS_MOVE_TEXT_MAX) {
            for (k = 0; k < sizeof u - 1 && k < n; k++) u[k] = text[k];
        } else {
            memcpy(u, t, k);
        }
        u[k] = '\0';
        if ((k == 3 || k == 5) && u[0] == '0') /* 0-0 as O-O */
            for (size_t i = 0; i < k; i += 2) u[i] = 'O';
        return bb_chess_move_from_san(pos, u, move, err);
    }
}
