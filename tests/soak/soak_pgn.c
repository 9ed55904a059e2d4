/* Soak area pgn: PGN written here, read by the library, checked move by
 * move against the slow generator (src/chess/slow.h) that made the games.
 *
 * A case writes one to three games from the standard start, a random
 * Chess960 start or a start built for castling and promotions (FEN, SetUp
 * and Variant tags), moves picked by the slow generator with castling,
 * promotions and en passant favoured, in SAN written here from the slow
 * generator's lists (disambiguation, check and mate marks; now and then
 * 0-0, a missing or wrong mark, a promotion without '='), with move numbers
 * glued or not, NAGs ($n and glyphs), { } and ; comments holding PGN-like
 * text, nested variations, null moves, escaped tag values, tags sharing a
 * line, CRLF games, a byte-order mark, % lines and long lines.  While
 * writing it records the events a reader must report; then:
 *   - bb_pgn_visit (from memory, and now and then from a FILE) reports
 *     exactly those events: tags, start position, each move with the
 *     position before it equal to the slow replay's, NAGs, comments,
 *     variations, result, no error;
 *   - bb_pgn_next gives each game's tags, main line and positions;
 *   - the export (bb_pgn_writer_visitor) read back reports the same
 *     events (comments up to white space, tags a superset), and exporting
 *     the export changes nothing;
 *   - bb_pgn_write_game's text reads back to the same main lines. */
#define _POSIX_C_SOURCE 200809L /* open_memstream, fmemopen */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bitboard.h"
#include "soak_text.h"
#include "soak_util.h"
#include "../../src/chess/slow.h"

soak_area_fn soak_area_pgn;

#define AREA "pgn"
#define MAX_DEPTH 3 /* variations nested this deep at most */

typedef soak_text buf;

/* ---- events ----------------------------------------------------------------------------- */

enum { EV_BEGIN, EV_TAG, EV_START, EV_MOVE, EV_NAG, EV_COMMENT, EV_VBEGIN, EV_VEND, EV_RESULT, EV_END };
static const char *const ev_names[] = {"game begin", "tag", "start", "move", "NAG", "comment",
                                       "variation (", "variation )", "result", "game end"};

/* One event; text a (the tag name, the move's text, the comment, the result,
 * the error) and b (the tag value) are offsets into the list's pool. */
typedef struct {
    int kind, depth;
    long num; /* the game number, the NAG, the end's error (1) and truncation (2) */
    bb_chess_move move;
    bb_chess_pos pos;
    size_t a, alen, b, blen;
} event;

typedef struct {
    event *e;
    size_t n, cap;
    buf pool;
} events;

static event *add_event(events *l, int kind, int depth)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 256;
        event *e = realloc(l->e, cap * sizeof *e);
        if (!e) abort();
        l->e = e, l->cap = cap;
    }
    event *e = &l->e[l->n++];
    memset(e, 0, sizeof *e);
    e->kind = kind, e->depth = depth;
    return e;
}

static size_t pool_add(events *l, const char *t, size_t n)
{
    size_t at = l->pool.n;
    soak_text_put(&l->pool, t, n);
    return at;
}

static void set_a(events *l, event *e, const char *t, size_t n)
{
    size_t at = pool_add(l, t, n); /* may move l->e? no: the pool is apart */
    e->a = at, e->alen = n;
}

static const char *text_a(const events *l, const event *e) { return l->pool.s ? l->pool.s + e->a : ""; }
static const char *text_b(const events *l, const event *e) { return l->pool.s ? l->pool.s + e->b : ""; }

static void clear_events(events *l) { l->n = 0, l->pool.n = 0; }

/* ---- the recording visitor ------------------------------------------------------------ */

static void r_begin(void *arg, long game) { add_event(arg, EV_BEGIN, 0)->num = game; }
static void r_tag(void *arg, const char *name, const char *value)
{
    events *l = arg;
    event *e = add_event(l, EV_TAG, 0);
    set_a(l, e, name, strlen(name));
    e->b = pool_add(l, value, strlen(value)), e->blen = strlen(value);
}
static int r_start(void *arg, const bb_chess_pos *pos)
{
    add_event(arg, EV_START, 0)->pos = *pos;
    return 0;
}
static void r_move(void *arg, const bb_chess_pos *before, bb_chess_move move, const char *text, int depth)
{
    events *l = arg;
    event *e = add_event(l, EV_MOVE, depth);
    e->pos = *before, e->move = move;
    set_a(l, e, text, strlen(text));
}
static void r_nag(void *arg, int nag, int depth) { add_event(arg, EV_NAG, depth)->num = nag; }
static void r_comment(void *arg, const char *text, size_t len, int depth)
{
    events *l = arg;
    set_a(l, add_event(l, EV_COMMENT, depth), text, len);
}
static void r_vbegin(void *arg, int depth) { add_event(arg, EV_VBEGIN, depth); }
static void r_vend(void *arg, int depth) { add_event(arg, EV_VEND, depth); }
static void r_result(void *arg, const char *result)
{
    events *l = arg;
    set_a(l, add_event(l, EV_RESULT, 0), result, strlen(result));
}
static void r_end(void *arg, const bb_pgn_error *err, int truncated)
{
    events *l = arg;
    event *e = add_event(l, EV_END, 0);
    e->num = (err != NULL) | (truncated ? 2 : 0);
    if (err) {
        char t[400];
        int n = snprintf(t, sizeof t, "line %ld column %ld '%s': %s", err->line, err->column, err->move, err->msg);
        set_a(l, e, t, n < 0 ? 0 : (size_t)n < sizeof t ? (size_t)n : sizeof t - 1);
    }
}
static const bb_pgn_visitor recorder = {r_begin, r_tag, r_start, r_move, r_nag, r_comment,
                                        r_vbegin, r_vend, r_result, r_end};

/* ---- positions ------------------------------------------------------------------------ */

/* Field by field; castle_rook only where the right is held. */
static int same_pos(const bb_chess_pos *a, const bb_chess_pos *b)
{
    if (memcmp(a->pieces, b->pieces, sizeof a->pieces) || memcmp(a->board, b->board, 64) || a->key != b->key) return 0;
    if (a->color[0] != b->color[0] || a->color[1] != b->color[1] || a->occupied != b->occupied) return 0;
    if (a->side != b->side || a->castling != b->castling || a->ep != b->ep || a->chess960 != b->chess960) return 0;
    if (a->halfmove != b->halfmove || a->fullmove != b->fullmove) return 0;
    for (int i = 0; i < 4; i++)
        if ((a->castling >> i & 1) && a->castle_rook[i] != b->castle_rook[i]) return 0;
    return 1;
}

static const char *fen_of(const bb_chess_pos *pos, char *buf, size_t n)
{
    bb_chess_to_fen(buf, n, pos, BB_FEN_SHREDDER);
    return buf;
}

static int king_of(const bb_chess_pos *pos, int color)
{
    for (int sq = 0; sq < 64; sq++)
        if (pos->board[sq] == color * 8 + BB_KING) return sq;
    return -1;
}

static int in_check(const bb_chess_pos *pos)
{
    int k = king_of(pos, pos->side);
    return k >= 0 && bb__chess_slow_attacked(pos, k, pos->side ^ 1, pos->occupied);
}

/* pos after a null move, every field by hand. */
static void null_move(const bb_chess_pos *pos, bb_chess_pos *out)
{
    *out = *pos;
    out->side ^= 1;
    out->ep = BB_CHESS_NO_EP;
    if (out->halfmove < 65535) out->halfmove++;
    if (pos->side == BB_BLACK && out->fullmove < 65535) out->fullmove++;
    out->key = bb_chess_key(out);
}

/* ---- writing -------------------------------------------------------------------------- */

typedef struct {
    soak_rng *r;
    buf text;
    events want;
    int crlf, col, wrap, glue, number;
    uint64_t plies;
    const char *trouble; /* a start the library would not read: the case fails */
} writer;

static void newline(writer *w)
{
    soak_text_printf(&w->text, w->crlf ? "\r\n" : "\n");
    w->col = 0;
}

/* A token, after a space or a newline (none after glue). */
static void token(writer *w, const char *t)
{
    size_t n = strlen(t);
    if (w->col > 0 && !w->glue) {
        if (w->wrap && w->col + 1 + (int)n > w->wrap)
            newline(w);
        else
            soak_text_printf(&w->text, " "), w->col++;
    }
    w->glue = 0;
    soak_text_put(&w->text, t, n);
    w->col += (int)n;
}

static const char *const words[] = {
    "a", "good", "move", "[%clk 0:01:02]", "[%eval -0.35]", "(not a variation)", "$12", "is", "1.", "e4",
    "1-0", "*", "O-O", "\"quoted\"", "%", "Nf3?!", "--", "{", "[Event \"x\"]", "0-1", "...", "\\", "!?"};

/* A comment's text: words, maybe with line breaks (brace comments, LF games). */
static void comment_text(writer *w, char *out, size_t size, int brace)
{
    size_t n = 0;
    int count = soak_range(w->r, 0, 8);
    if (soak_below(w->r, 3) == 0) out[n++] = ' ';
    for (int k = 0; k < count && n + 40 < size; k++) {
        const char *word = words[soak_below(w->r, (int)(sizeof words / sizeof words[0]))];
        if (!brace && word[0] == '{') word = "}"; /* a ; comment may hold a closing brace */
        n += (size_t)snprintf(out + n, size - n, "%s%s", k ? (brace && !w->crlf && soak_below(w->r, 6) == 0 ? "\n" : " ") : "",
                              word);
    }
    if (soak_below(w->r, 3) == 0 && n + 1 < size) out[n++] = ' ';
    out[n] = 0;
}

static void write_comment(writer *w, int depth)
{
    char t[400];
    int brace = w->crlf || soak_below(w->r, 4) != 0;
    comment_text(w, t, sizeof t, brace);
    set_a(&w->want, add_event(&w->want, EV_COMMENT, depth), t, strlen(t));
    if (brace) {
        token(w, "{");
        w->glue = 1;
        soak_text_printf(&w->text, "%s}", t);
        const char *nl = strrchr(t, '\n');
        w->col = nl ? (int)strlen(nl + 1) + 1 : w->col + (int)strlen(t) + 1;
    } else {
        token(w, ";");
        w->glue = 1;
        soak_text_printf(&w->text, "%s", t);
        newline(w);
    }
}

static const char *const glyphs[6] = {"!", "?", "!!", "??", "!?", "?!"};

/* The move's SAN, written here: from the slow generator's list at pos
 * (disambiguation) and the position after it (check, mate: next_count is
 * its number of moves). */
static void san(writer *w, const bb_chess_pos *pos, const bb_chess_movelist *l, bb_chess_move m, const bb_chess_pos *next,
                int next_count, char *out)
{
    int from = bb_chess_move_from(m), to = bb_chess_move_to(m), kind = bb_chess_move_kind(m);
    int type = pos->board[from] & 7, n = 0;
    if (kind == BB_MOVE_CASTLING) {
        const char *o = soak_below(w->r, 6) ? "O" : "0";
        n = sprintf(out, (to & 7) > (from & 7) ? "%s-%s" : "%s-%s-%s", o, o, o);
    } else {
        int capture = kind == BB_MOVE_EN_PASSANT || pos->board[to] != BB_CHESS_EMPTY;
        if (type == BB_PAWN) {
            if (capture) out[n++] = (char)('a' + (from & 7));
        } else {
            out[n++] = "PNBRQK"[type];
            int others = 0, same_file = 0, same_rank = 0;
            for (int k = 0; k < l->count; k++) {
                bb_chess_move x = l->moves[k];
                int xf = bb_chess_move_from(x);
                if (x == m || bb_chess_move_to(x) != to || xf == from || (pos->board[xf] & 7) != type ||
                    bb_chess_move_kind(x) == BB_MOVE_CASTLING)
                    continue;
                others++, same_file += (xf & 7) == (from & 7), same_rank += (xf >> 3) == (from >> 3);
            }
            if (others && (!same_file || same_rank)) out[n++] = (char)('a' + (from & 7));
            if (others && same_file) out[n++] = (char)('1' + (from >> 3));
        }
        if (capture) out[n++] = 'x';
        out[n++] = (char)('a' + (to & 7)), out[n++] = (char)('1' + (to >> 3));
        if (kind == BB_MOVE_PROMOTION) {
            if (soak_below(w->r, 6)) out[n++] = '=';
            out[n++] = "PNBRQK"[bb_chess_move_promotion(m)];
        }
    }
    int check = in_check(next), roll = soak_below(w->r, 16);
    if (check && roll) out[n++] = next_count ? '+' : '#'; /* else the mark is left out */
    if (!check && roll == 0) out[n++] = '+';            /* a wrong mark */
    out[n] = 0;
}

/* A move of l, castling, promotions and en passant favoured. */
static bb_chess_move pick(writer *w, const bb_chess_pos *pos, const bb_chess_movelist *l)
{
    int weight[BB_CHESS_MAX_MOVES], total = 0;
    for (int k = 0; k < l->count; k++) {
        bb_chess_move m = l->moves[k];
        int kind = bb_chess_move_kind(m), to = bb_chess_move_to(m), from = bb_chess_move_from(m);
        weight[k] = kind == BB_MOVE_CASTLING ? 16 : kind == BB_MOVE_PROMOTION || kind == BB_MOVE_EN_PASSANT ? 10
                    : pos->board[to] != BB_CHESS_EMPTY                            ? 3
                    : (pos->board[from] & 7) == BB_PAWN                           ? 3
                                                                                  : 1;
        total += weight[k];
    }
    int x = soak_below(w->r, total), k = 0;
    while (x >= weight[k]) x -= weight[k++];
    return l->moves[k];
}

/* The moves of a line from pos: up to plies of them with their NAGs,
 * comments and variations; depth 0 is the main line. */
static void write_line(writer *w, const bb_chess_pos *from, int plies, int depth)
{
    bb_chess_pos pos = *from, next;
    bb_chess_movelist l, nl;
    bb_chess_gen all = BB_GEN_ALL;
    bb__chess_slow_generate(&pos, all, &l);
    int number_due = 1;
    for (int k = 0; k < plies && l.count; k++) {
        char t[32], num[24];
        int null = depth == 0 && soak_below(w->r, 40) == 0 && !in_check(&pos);
        bb_chess_move m = null ? BB_CHESS_NULL_MOVE : pick(w, &pos, &l);
        if (null)
            null_move(&pos, &next);
        else
            bb__chess_slow_play(&pos, m, &next);
        bb__chess_slow_generate(&next, all, &nl);
        if (null)
            snprintf(t, sizeof t, "--");
        else
            san(w, &pos, &l, m, &next, nl.count, t);
        if (pos.side == BB_WHITE || number_due || soak_below(w->r, 8) == 0) {
            snprintf(num, sizeof num, "%u%s", (unsigned)pos.fullmove, pos.side == BB_WHITE ? "." : "...");
            token(w, num);
            w->glue = soak_below(w->r, 3) == 0;
        }
        number_due = 0;
        int glyph = soak_below(w->r, 12) == 0 ? soak_below(w->r, 6) : -1;
        event *e = add_event(&w->want, EV_MOVE, depth);
        e->pos = pos, e->move = m;
        set_a(&w->want, e, t, strlen(t));
        w->plies++;
        if (glyph >= 0 && !null) strcat(t, glyphs[glyph]); /* glued: the move's text stays without it */
        token(w, t);
        if (glyph >= 0 && !null) add_event(&w->want, EV_NAG, depth)->num = glyph + 1;
        if (soak_below(w->r, 10) == 0) {
            int nag = soak_below(w->r, 256);
            char d[8];
            snprintf(d, sizeof d, "$%d", nag);
            token(w, d);
            add_event(&w->want, EV_NAG, depth)->num = nag;
        }
        if (soak_below(w->r, 8) == 0) write_comment(w, depth), number_due = 1;
        for (int v = 0; depth < MAX_DEPTH && v < 2 && soak_below(w->r, depth ? 8 : 5) == 0; v++) {
            token(w, "(");
            w->glue = soak_below(w->r, 2);
            add_event(&w->want, EV_VBEGIN, depth + 1);
            write_line(w, &pos, soak_range(w->r, 1, 4), depth + 1);
            token(w, ")");
            add_event(&w->want, EV_VEND, depth + 1);
            number_due = 1;
        }
        pos = next, l = nl;
    }
}

/* ---- starts --------------------------------------------------------------------------- */

/* Puts piece on the j-th empty square of a back rank. */
static void place(char back[8], int j, char piece)
{
    for (int f = 0; f < 8; f++)
        if (!back[f] && j-- == 0) {
            back[f] = piece;
            return;
        }
}

/* The FEN of a start written here: Chess960 (Shredder castling letters) or a
 * position built for castling and promotions.  0, or -1 if the made
 * position would leave the side not to move in check (try again). */
static int made_start(writer *w, int kind, char *fen, size_t size)
{
    char board[64];
    memset(board, 0, sizeof board); /* index 8 * rank + file; 0 empty */
    char rights[8];
    int nr = 0, side = BB_WHITE;
    if (kind == 0) { /* Chess960 */
        int f[8] = {0}, k;
        char back[8];
        memset(back, 0, sizeof back);
        back[2 * soak_below(w->r, 4)] = 'B'; /* one bishop on each colour */
        back[2 * soak_below(w->r, 4) + 1] = 'B';
        place(back, soak_below(w->r, 6), 'Q');
        place(back, soak_below(w->r, 5), 'N');
        place(back, soak_below(w->r, 4), 'N');
        place(back, 0, 'R'); /* the king between the rooks */
        place(back, 0, 'K');
        place(back, 0, 'R');
        for (k = 0; k < 8; k++) {
            board[k] = back[k], board[56 + k] = (char)tolower((unsigned char)back[k]);
            board[8 + k] = 'P', board[48 + k] = 'p';
            if (back[k] == 'R') f[k] = 1;
        }
        for (k = 7; k >= 0; k--)
            if (f[k]) rights[nr++] = (char)('A' + k);
        for (k = 7; k >= 0; k--)
            if (f[k]) rights[nr++] = (char)('a' + k);
    } else { /* kings and rooks at home, pawns about to promote, a few pieces */
        board[4] = 'K', board[60] = 'k';
        if (soak_below(w->r, 4)) board[7] = 'R', rights[nr++] = 'K';
        if (soak_below(w->r, 4)) board[0] = 'R', rights[nr++] = 'Q';
        if (soak_below(w->r, 4)) board[63] = 'r', rights[nr++] = 'k';
        if (soak_below(w->r, 4)) board[56] = 'r', rights[nr++] = 'q';
        for (int k = soak_range(w->r, 1, 3); k > 0; k--) board[48 + soak_below(w->r, 8)] = 'P';
        for (int k = soak_range(w->r, 1, 3); k > 0; k--) board[8 + soak_below(w->r, 8)] = 'p';
        for (int k = soak_range(w->r, 0, 4); k > 0; k--) {
            int sq = soak_range(w->r, 16, 47);
            if (!board[sq]) board[sq] = "NBRQnbrqPp"[soak_below(w->r, 10)];
        }
        side = soak_below(w->r, 2);
    }
    size_t n = 0;
    for (int rank = 7; rank >= 0; rank--) {
        for (int f = 0; f < 8;) {
            int empty = 0;
            while (f < 8 && !board[rank * 8 + f]) empty++, f++;
            if (empty) fen[n++] = (char)('0' + empty);
            if (f < 8) fen[n++] = board[rank * 8 + f++];
        }
        if (rank) fen[n++] = '/';
    }
    snprintf(fen + n, size - n, " %c %.*s%s - 0 %d", side == BB_WHITE ? 'w' : 'b', nr, rights, nr ? "" : "-",
             soak_range(w->r, 1, 60));
    bb_chess_pos pos;
    if (bb_chess_from_fen(&pos, fen, NULL)) return -1;
    int k = king_of(&pos, pos.side ^ 1);
    return k >= 0 && bb__chess_slow_attacked(&pos, k, pos.side, pos.occupied) ? -1 : 0;
}

/* ---- a game --------------------------------------------------------------------------- */

static void tag(writer *w, const char *name, const char *value)
{
    event *e = add_event(&w->want, EV_TAG, 0);
    set_a(&w->want, e, name, strlen(name));
    e->b = pool_add(&w->want, value, strlen(value)), e->blen = strlen(value);
    soak_text_printf(&w->text, "[%s \"", name);
    for (const char *c = value; *c; c++) soak_text_printf(&w->text, "%s%c", *c == '"' || *c == '\\' ? "\\" : "", *c);
    soak_text_printf(&w->text, "\"]");
    if (soak_below(w->r, 5))
        newline(w);
    else
        soak_text_printf(&w->text, " ");
}

static void write_game(writer *w, int number)
{
    static const char *const events_[] = {"The \"quoted\" open", "A\\B", "plain", "", "[brackets] {braces}",
                                          "caf\xC3\xA9 \xE2\x99\x9E", "semi; colon", "100% (percent)"};
    static const char *const results[4] = {"1-0", "0-1", "1/2-1/2", "*"};
    w->crlf = soak_below(w->r, 8) == 0;
    w->wrap = soak_below(w->r, 5) ? soak_range(w->r, 40, 90) : 0;
    w->col = 0, w->glue = 0;
    char fen[BB_CHESS_FEN_MAX] = "";
    int kind = soak_below(w->r, 10), is960 = kind == 6 || kind == 7;
    bb_chess_pos start;
    bb_chess_start(&start);
    if (kind >= 6) {
        int made = 0;
        for (int tries = 0; tries < 50 && !made; tries++) made = made_start(w, is960 ? 0 : 1, fen, sizeof fen) == 0;
        if (!made) fen[0] = 0, is960 = 0; /* 50 starts with the wrong king in check: the standard start */
        bb_parse_error err;
        if (fen[0] && bb_chess_from_fen(&start, fen, &err)) {
            w->trouble = "a start written here does not read as FEN";
            bb_chess_start(&start), fen[0] = 0;
        }
        if (is960) start.chess960 = 1;
    }
    add_event(&w->want, EV_BEGIN, 0)->num = number;
    char round[16];
    snprintf(round, sizeof round, "%d", number);
    tag(w, "Event", events_[soak_below(w->r, 8)]);
    tag(w, "Site", "soak");
    if (soak_below(w->r, 2)) tag(w, "Round", round);
    if (fen[0]) {
        if (is960) tag(w, "Variant", soak_below(w->r, 2) ? "Chess960" : "chess 960");
        tag(w, "SetUp", "1");
        tag(w, "FEN", fen);
    }
    if (soak_below(w->r, 3) == 0) tag(w, "Annotator", "soak \\ test");
    const char *result = results[soak_below(w->r, 4)];
    tag(w, "Result", result);
    add_event(&w->want, EV_START, 0)->pos = start;
    newline(w);
    if (soak_below(w->r, 6) == 0) write_comment(w, 0);
    write_line(w, &start, soak_range(w->r, 0, 90), 0);
    token(w, result);
    set_a(&w->want, add_event(&w->want, EV_RESULT, 0), result, strlen(result));
    add_event(&w->want, EV_END, 0);
    newline(w);
    if (soak_below(w->r, 6) == 0) soak_text_printf(&w->text, "%% an escape line\n");
    newline(w);
}

/* ---- comparing -------------------------------------------------------------------------- */

/* a and b equal once runs of white space are one space and the ends trimmed */
static int same_words(const char *a, size_t an, const char *b, size_t bn)
{
    size_t i = 0, j = 0;
    for (;;) {
        while (i < an && isspace((unsigned char)a[i])) i++;
        while (j < bn && isspace((unsigned char)b[j])) j++;
        if (i == an || j == bn) return i == an && j == bn;
        while (i < an && j < bn && !isspace((unsigned char)a[i]) && !isspace((unsigned char)b[j]))
            if (a[i++] != b[j++]) return 0;
        if ((i < an && !isspace((unsigned char)a[i])) || (j < bn && !isspace((unsigned char)b[j]))) return 0;
    }
}

static void describe(const events *l, const event *e, char *out, size_t n)
{
    char fen[BB_CHESS_FEN_MAX], uci[BB_CHESS_MOVE_TEXT_MAX] = "--";
    switch (e->kind) {
    case EV_MOVE:
        if (e->move != BB_CHESS_NULL_MOVE) bb_chess_move_to_uci(uci, sizeof uci, &e->pos, e->move);
        snprintf(out, n, "move %s '%.*s' at depth %d from %s", uci, (int)e->alen, text_a(l, e), e->depth,
                 fen_of(&e->pos, fen, sizeof fen));
        break;
    case EV_START: snprintf(out, n, "start %s%s", fen_of(&e->pos, fen, sizeof fen), e->pos.chess960 ? " (960)" : ""); break;
    case EV_TAG:
        snprintf(out, n, "tag %.*s \"%.*s\"", (int)e->alen, text_a(l, e), (int)e->blen, text_b(l, e));
        break;
    case EV_COMMENT: snprintf(out, n, "comment {%.*s} at depth %d", (int)e->alen, text_a(l, e), e->depth); break;
    case EV_RESULT: snprintf(out, n, "result %.*s", (int)e->alen, text_a(l, e)); break;
    case EV_END:
        snprintf(out, n, "game end%s%s %.*s", e->num & 1 ? " with an error" : "", e->num & 2 ? " (truncated)" : "",
                 (int)e->alen, text_a(l, e));
        break;
    default: snprintf(out, n, "%s %ld at depth %d", ev_names[e->kind], e->num, e->depth); break;
    }
}

/* Do two events agree?  export: the export's text (move texts and tags not
 * compared here, comments up to white space). */
static int same_event(const events *wl, const event *a, const events *gl, const event *b, int export)
{
    if (a->kind != b->kind || a->depth != b->depth) return 0;
    switch (a->kind) {
    case EV_BEGIN: case EV_NAG: case EV_END: return a->num == b->num;
    case EV_START: return same_pos(&a->pos, &b->pos);
    case EV_MOVE:
        return a->move == b->move && same_pos(&a->pos, &b->pos) &&
               (export || (a->alen == b->alen && !memcmp(text_a(wl, a), text_a(gl, b), a->alen)));
    case EV_TAG:
        return a->alen == b->alen && a->blen == b->blen && !memcmp(text_a(wl, a), text_a(gl, b), a->alen) &&
               !memcmp(text_b(wl, a), text_b(gl, b), a->blen);
    case EV_COMMENT:
        return export ? same_words(text_a(wl, a), a->alen, text_a(gl, b), b->alen)
                      : a->alen == b->alen && !memcmp(text_a(wl, a), text_a(gl, b), a->alen);
    case EV_RESULT: return a->alen == b->alen && !memcmp(text_a(wl, a), text_a(gl, b), a->alen);
    default: return 1;
    }
}

/* The first difference between what was written and what was read, in why;
 * NULL if none.  export: tags are compared as a superset (the export adds
 * the roster) and the rest as same_event says. */
static const char *compare(const events *want, const events *got, int export, const char *what, char *why, size_t n)
{
    size_t i = 0, j = 0, game_w = 0, game_g = 0;
    long game = 0;
    char a[400], b[400];
    for (;;) {
        if (export) {
            while (i < want->n && want->e[i].kind == EV_TAG) i++;
            while (j < got->n && got->e[j].kind == EV_TAG) j++;
        }
        if (i == want->n || j == got->n) {
            if (i == want->n && j == got->n) return NULL;
            if (i < want->n) describe(want, &want->e[i], a, sizeof a);
            if (j < got->n) describe(got, &got->e[j], b, sizeof b);
            snprintf(why, n, "%s: game %ld: %s%s%s", what, game, i < want->n ? "missing: " : "more: ",
                     i < want->n ? a : b, "");
            return why;
        }
        const event *x = &want->e[i], *y = &got->e[j];
        if (x->kind == EV_BEGIN) game = x->num, game_w = i, game_g = j;
        if (!same_event(want, x, got, y, export)) {
            describe(want, x, a, sizeof a);
            describe(got, y, b, sizeof b);
            snprintf(why, n, "%s: game %ld, event %zu: wrote %s; read %s", what, game, i - game_w, a, b);
            return why;
        }
        if (export && x->kind == EV_END) { /* every tag written is in the export, with its value */
            for (size_t t = game_w; t < i; t++) {
                const event *wt = &want->e[t];
                if (wt->kind != EV_TAG) continue;
                int found = 0;
                for (size_t u = game_g; u < j && !found; u++)
                    found = got->e[u].kind == EV_TAG && same_event(want, wt, got, &got->e[u], 0);
                if (!found) {
                    describe(want, wt, a, sizeof a);
                    snprintf(why, n, "%s: game %ld: the %s is not there", what, game, a);
                    return why;
                }
            }
        }
        i++, j++;
    }
}

/* ---- reading ---------------------------------------------------------------------------- */

static void read_all(const char *text, size_t len, int from_file, events *got)
{
    FILE *f = NULL;
    bb_pgn_reader *r;
    if (from_file) {
        f = fmemopen((void *)text, len, "r");
        r = f ? bb_pgn_open_file(f) : NULL;
    } else {
        r = bb_pgn_open_memory(text, len);
    }
    if (!r) abort();
    int rc;
    while ((rc = bb_pgn_visit(r, &recorder, got)) == 1) {
    }
    if (rc < 0) {
        event *e = add_event(got, EV_END, 0);
        e->num = 4;
        set_a(got, e, "read error", 10);
    }
    bb_pgn_close(r);
    if (f) fclose(f);
}

/* A PGN writer into memory. */
typedef struct {
    char *text;
    size_t len;
    FILE *f;
    bb_pgn_writer w;
} sink;

static void sink_open(sink *k)
{
    k->text = NULL, k->len = 0;
    k->f = open_memstream(&k->text, &k->len);
    if (!k->f) abort();
    bb_pgn_writer_init(&k->w, k->f);
}

/* Ends the writing: k->text (malloc'ed) holds k->len bytes. */
static void sink_close(sink *k)
{
    bb_pgn_writer_free(&k->w);
    fclose(k->f);
}

/* Text through bb_pgn_writer_visitor (the export format). */
static char *export_of(const char *text, size_t len, size_t *out_len)
{
    sink k;
    sink_open(&k);
    bb_pgn_reader *r = bb_pgn_open_memory(text, len);
    while (bb_pgn_visit(r, &bb_pgn_writer_visitor, &k.w) == 1) {
    }
    bb_pgn_close(r);
    sink_close(&k);
    *out_len = k.len;
    return k.text;
}

/* bb_pgn_next over text: the games' tags, main lines and positions against
 * want; then bb_pgn_write_game's text read back to the same main lines. */
static const char *check_next(const char *text, size_t len, const events *want, char *why, size_t n)
{
    bb_pgn_reader *r = bb_pgn_open_memory(text, len);
    bb_pgn_game pg;
    bb_pgn_game_init(&pg);
    sink k;
    sink_open(&k);
    const char *bad = NULL;
    size_t i = 0;
    int games = 0;
    char a[400];
    while (!bad && bb_pgn_next(r, &pg) == 1) {
        games++;
        while (i < want->n && want->e[i].kind != EV_BEGIN) i++;
        int ply = 0, ntags = 0;
        bb_chess_pos at;
        for (i++; !bad && i < want->n && want->e[i].kind != EV_END; i++) {
            const event *e = &want->e[i];
            if (e->kind == EV_TAG) {
                if (ntags >= pg.ntags || strlen(pg.tag_names[ntags]) != e->alen ||
                    memcmp(pg.tag_names[ntags], text_a(want, e), e->alen) || strlen(pg.tag_values[ntags]) != e->blen ||
                    memcmp(pg.tag_values[ntags], text_b(want, e), e->blen))
                    describe(want, e, a, sizeof a), snprintf(why, n, "bb_pgn_next: game %d: tag %d is not the %s", games, ntags, a),
                        bad = why;
                ntags++;
            } else if (e->kind == EV_MOVE && e->depth == 0) {
                if (ply >= pg.game.count || pg.game.moves[ply] != e->move ||
                    bb_chess_game_position(&pg.game, ply, &at) || !same_pos(&at, &e->pos))
                    describe(want, e, a, sizeof a),
                        snprintf(why, n, "bb_pgn_next: game %d (%d plies): ply %d is not the %s", games, pg.game.count,
                                 ply, a),
                        bad = why;
                ply++;
            } else if (e->kind == EV_RESULT && (strlen(pg.result) != e->alen || memcmp(pg.result, text_a(want, e), e->alen))) {
                snprintf(why, n, "bb_pgn_next: game %d: result '%s'", games, pg.result), bad = why;
            }
        }
        if (!bad && (pg.has_error || ply != pg.game.count || ntags != pg.ntags))
            snprintf(why, n, "bb_pgn_next: game %d: %d plies (want %d), %d tags (want %d)%s%s", games, pg.game.count, ply,
                     pg.ntags, ntags, pg.has_error ? ", error: " : "", pg.has_error ? pg.error.msg : ""),
                bad = why;
        if (!bad && bb_pgn_write_game(&k.w, &pg)) snprintf(why, n, "bb_pgn_write_game: game %d failed", games), bad = why;
    }
    sink_close(&k);
    bb_pgn_close(r);
    int written = 0;
    for (size_t e = 0; e < want->n; e++) written += want->e[e].kind == EV_BEGIN;
    if (!bad && games != written) snprintf(why, n, "bb_pgn_next read %d games of %d", games, written), bad = why;
    /* bb_pgn_write_game's games: the same main lines */
    r = bb_pgn_open_memory(k.text, k.len);
    i = 0;
    for (int g = 1; !bad && g <= games; g++) {
        if (bb_pgn_next(r, &pg) != 1) {
            snprintf(why, n, "bb_pgn_write_game: game %d of %d does not read back", g, games), bad = why;
            break;
        }
        while (i < want->n && want->e[i].kind != EV_BEGIN) i++;
        int ply = 0, same = 1;
        for (i++; i < want->n && want->e[i].kind != EV_END; i++)
            if (want->e[i].kind == EV_MOVE && want->e[i].depth == 0) {
                same = same && ply < pg.game.count && pg.game.moves[ply] == want->e[i].move;
                ply++;
            }
        if (!same || ply != pg.game.count || pg.has_error)
            snprintf(why, n, "bb_pgn_write_game: game %d reads back as %d plies%s%s", g, pg.game.count,
                     pg.has_error ? ": " : "", pg.has_error ? pg.error.msg : ""),
                bad = why;
    }
    bb_pgn_close(r);
    bb_pgn_game_free(&pg);
    free(k.text);
    return bad;
}

void soak_area_pgn(uint64_t seed, int64_t first, int64_t last, soak_stats *st)
{
    static writer w;
    static events got, again;
    st->work_name = "plies";
    for (int64_t i = first; (last < 0 || i <= last) && soak_time_left(); i++) {
        soak_rng r = soak_rng_of(soak_case_seed(seed, i));
        w.r = &r, w.text.n = 0, w.plies = 0, w.trouble = NULL;
        clear_events(&w.want);
        if (w.text.s) w.text.s[0] = 0;
        if (soak_below(&r, 10) == 0) soak_text_printf(&w.text, "\xEF\xBB\xBF"); /* a byte-order mark */
        int games = soak_range(&r, 1, 3);
        for (int g = 1; g <= games; g++) write_game(&w, g);
        soak_note("the PGN (%zu bytes):\n%s", w.text.n, w.text.s);
        char why[1200];
        const char *bad = w.trouble;
        clear_events(&got);
        int from_file = soak_below(&r, 4) == 0;
        read_all(w.text.s, w.text.n, from_file, &got);
        if (!bad) bad = compare(&w.want, &got, 0, from_file ? "bb_pgn_visit (FILE)" : "bb_pgn_visit", why, sizeof why);
        if (!bad) bad = check_next(w.text.s, w.text.n, &w.want, why, sizeof why);
        if (!bad) {
            size_t n1, n2;
            char *one = export_of(w.text.s, w.text.n, &n1);
            clear_events(&again);
            read_all(one, n1, 0, &again);
            bad = compare(&w.want, &again, 1, "the export", why, sizeof why);
            char *two = bad ? NULL : export_of(one, n1, &n2);
            if (two && (n1 != n2 || memcmp(one, two, n1)))
                snprintf(why, sizeof why, "the export of the export differs:\n%s\n-- and --\n%s", one, two), bad = why;
            if (bad) soak_note("the export:\n%s", one);
            free(one);
            free(two);
        }
        st->work += w.plies;
        st->cases++;
        if (bad) {
            st->failures++;
            soak_report_failure(AREA, seed, i, "%s (the PGN: --case prints it)", bad);
        }
    }
}
