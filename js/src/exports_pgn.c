/* The PGN, EPD and Polyglot book functions the JavaScript package calls
 * (js/pgn.js).  Built with the library into build/wasm/bitboard.wasm by
 * `make wasm`; only the public API is used here.
 *
 * The streaming PGN reader: the JavaScript side appends the input's bytes,
 * chunk by chunk, to a stream's buffer (bb_js_pgn_space, then
 * bb_js_pgn_feed).  feed reads the buffer with bb_pgn_open_memory and keeps
 * every game that is known to be whole: one that stops before the buffer's
 * end (its result token, then the next game's first byte), or any game when
 * the input has ended.  The bytes of the unfinished game at the end stay in
 * the buffer (moved to its front) and are read again with the next chunk:
 * the buffer holds that tail and one chunk, never the whole input.  Game
 * numbers, lines and columns are counted across feeds, so an error names
 * the place in the whole input.
 *
 * The games read are written to the stream's output as text for the
 * JavaScript side to split: per game, fields separated by 0x1f, the game
 * ended by 0x1e:
 *   result  start-FEN  final-FEN (both "" when a bad tag stopped the game before its start)  tag-count  name value ...  SAN moves (one
 *   space apart)  UCI moves (or "")  FENs after each move (0x1d apart, or "")
 *   error ("" or game|line|column|move|why)  warning (the same)
 * A tag value holding a byte below 0x20 (none of PGN's) is written as 0x01
 * and its bytes in hex, so that no value holds a separator. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bitboard.h"

#define BB_JS_EXPORT __attribute__((used, visibility("default")))

enum { PGN_UCI = 1, PGN_FENS = 2 };
enum { FIELD = 0x1f, GAME_END = 0x1e, FEN_SEP = 0x1d };

/* ---- a growing byte buffer ------------------------------------------------------------- */

typedef struct {
    char *data;
    size_t len, cap;
    int oom;
} bytes;

static int reserve(bytes *b, size_t more)
{
    if (b->oom) return -1;
    if (b->len + more <= b->cap) return 0;
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < b->len + more) {
        if (cap > SIZE_MAX / 2) return b->oom = 1, -1;
        cap *= 2;
    }
    char *d = realloc(b->data, cap);
    if (!d) return b->oom = 1, -1;
    b->data = d;
    b->cap = cap;
    return 0;
}

static void add(bytes *b, const char *s, size_t n)
{
    if (reserve(b, n) != 0) return;
    memcpy(b->data + b->len, s, n);
    b->len += n;
}

static void add_str(bytes *b, const char *s) { add(b, s, strlen(s)); }

static void add_char(bytes *b, char c) { add(b, &c, 1); }

static void add_long(bytes *b, long v)
{
    char t[24];
    int n = snprintf(t, sizeof t, "%ld", v);
    add(b, t, (size_t)n);
}

/* ---- text of positions and moves, fast ------------------------------------------------
 * A game's text is most of the reader's work: the library's writers format
 * through snprintf and SAN generates every legal move for its
 * disambiguation.  These write the same text directly (the tests hold them
 * to the CLI's) and call the library only where it is needed: a piece move
 * with another piece of its kind reaching the square (disambiguation), a
 * check (# or +), castling in UCI. */

static const char LETTERS[] = "pnbrqk";

static char *put_square(char *t, int sq)
{
    *t++ = (char)('a' + (sq & 7));
    *t++ = (char)('1' + (sq >> 3));
    return t;
}

static char *put_uint(char *t, unsigned v)
{
    char d[10];
    int n = 0;
    do d[n++] = (char)('0' + v % 10), v /= 10;
    while (v);
    while (n) *t++ = d[--n];
    return t;
}

/* FEN as the CLI writes it: Shredder-FEN for a Chess960 position, else
 * standard, as bb_chess_to_fen writes it; written here when the castling
 * rights are KQkq's (each right's rook in its corner), else by the library
 * (Chess960, X-FEN letters) */
static const uint8_t CORNER[4] = {7, 0, 63, 56}; /* the rook squares of KQkq */

static size_t fen_text(char *buf, const bb_chess_pos *pos)
{
    int corners = !pos->chess960;
    for (int i = 0; i < 4 && corners; i++) corners = !(pos->castling >> i & 1) || pos->castle_rook[i] == CORNER[i];
    if (!corners) return bb_chess_to_fen(buf, BB_CHESS_FEN_MAX, pos, pos->chess960 ? BB_FEN_SHREDDER : BB_FEN_STANDARD);
    char *t = buf;
    for (int rank = 7; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < 8; file++) {
            int pc = pos->board[rank * 8 + file];
            if (pc == BB_CHESS_EMPTY || (pc & 7) > BB_KING) {
                empty++;
                continue;
            }
            if (empty) *t++ = (char)('0' + empty), empty = 0;
            *t++ = pc >> 3 ? LETTERS[pc & 7] : (char)(LETTERS[pc & 7] - 32);
        }
        if (empty) *t++ = (char)('0' + empty);
        if (rank) *t++ = '/';
    }
    *t++ = ' ';
    *t++ = pos->side ? 'b' : 'w';
    *t++ = ' ';
    if (!(pos->castling & 15)) *t++ = '-';
    for (int i = 0; i < 4; i++)
        if (pos->castling >> i & 1) *t++ = "KQkq"[i];
    *t++ = ' ';
    if (pos->ep < 64) t = put_square(t, pos->ep);
    else *t++ = '-';
    *t++ = ' ';
    t = put_uint(t, pos->halfmove);
    *t++ = ' ';
    t = put_uint(t, pos->fullmove);
    return (size_t)(t - buf);
}

static void add_fen(bytes *b, const bb_chess_pos *pos)
{
    char fen[BB_CHESS_FEN_MAX];
    add(b, fen, fen_text(fen, pos));
}

/* the SAN of legal move m of before, after being the position it leads to */
static size_t san_text(char *buf, const bb_chess_pos *before, bb_chess_move m, const bb_chess_pos *after)
{
    int from = bb_chess_move_from(m), to = bb_chess_move_to(m), kind = bb_chess_move_kind(m);
    int type = before->board[from] & 7, capture = before->board[to] != BB_CHESS_EMPTY;
    char *t = buf;
    if (kind == BB_MOVE_CASTLING) {
        memcpy(t, (to & 7) > (from & 7) ? "O-O" : "O-O-O", (to & 7) > (from & 7) ? 3 : 5);
        t += (to & 7) > (from & 7) ? 3 : 5;
    } else if (type == BB_PAWN) {
        if (capture || kind == BB_MOVE_EN_PASSANT) *t++ = (char)('a' + (from & 7)), *t++ = 'x';
        t = put_square(t, to);
        if (kind == BB_MOVE_PROMOTION) *t++ = '=', *t++ = (char)(LETTERS[bb_chess_move_promotion(m)] - 32);
    } else {
        uint64_t own = before->pieces[before->side][type], occ = before->occupied, reach;
        switch (type) {
        case BB_KNIGHT: reach = bb_knight_attacks(to); break;
        case BB_BISHOP: reach = bb_bishop_attacks(to, occ); break;
        case BB_ROOK: reach = bb_rook_attacks(to, occ); break;
        case BB_QUEEN: reach = bb_queen_attacks(to, occ); break;
        default: reach = 0; break; /* one king */
        }
        if (reach & own & ~((uint64_t)1 << from)) /* another may go there: the library disambiguates */
            return bb_chess_move_to_san(buf, BB_CHESS_MOVE_TEXT_MAX, before, m);
        *t++ = (char)(LETTERS[type] - 32);
        if (capture) *t++ = 'x';
        t = put_square(t, to);
    }
    if (bb_chess_is_check(after)) {
        bb_chess_movelist list;
        *t++ = bb_chess_generate(after, BB_GEN_ALL, &list) ? '+' : '#';
    }
    return (size_t)(t - buf);
}

static size_t uci_text(char *buf, const bb_chess_pos *before, bb_chess_move m)
{
    if (bb_chess_move_kind(m) == BB_MOVE_CASTLING) return bb_chess_move_to_uci(buf, BB_CHESS_MOVE_TEXT_MAX, before, m);
    char *t = put_square(put_square(buf, bb_chess_move_from(m)), bb_chess_move_to(m));
    if (bb_chess_move_kind(m) == BB_MOVE_PROMOTION) *t++ = LETTERS[bb_chess_move_promotion(m)];
    return (size_t)(t - buf);
}

/* text with no byte below 0x20 as it is, else 0x01 and its bytes in hex */
static void add_safe(bytes *b, const char *s)
{
    size_t n = strlen(s);
    int plain = 1;
    for (size_t i = 0; i < n && plain; i++) plain = (unsigned char)s[i] >= 0x20;
    if (plain) {
        add(b, s, n);
        return;
    }
    static const char HEX[] = "0123456789abcdef";
    add_char(b, 0x01);
    for (size_t i = 0; i < n; i++) {
        add_char(b, HEX[(unsigned char)s[i] >> 4]);
        add_char(b, HEX[(unsigned char)s[i] & 15]);
    }
}

/* ---- the stream ------------------------------------------------------------------------ */

typedef struct {
    bytes in;              /* the unfinished tail, then the bytes appended since */
    bytes out;             /* the games of the last feed */
    bytes moves, uci, fens; /* the game being read */
    int flags;
    long games;            /* games given so far */
    long line;             /* the line of in.data[0] in the input (from 1) */
    long column;           /* its column (from 1) */
    /* the game being read */
    bb_chess_pos pos;
    int plies;
} pgn_stream;

BB_JS_EXPORT pgn_stream *bb_js_pgn_new(int flags)
{
    pgn_stream *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->flags = flags;
    s->line = s->column = 1;
    return s;
}

BB_JS_EXPORT void bb_js_pgn_delete(pgn_stream *s)
{
    if (!s) return;
    free(s->in.data);
    free(s->out.data);
    free(s->moves.data);
    free(s->uci.data);
    free(s->fens.data);
    free(s);
}

/* room for n more input bytes: where to write them (then bb_js_pgn_feed(s, n, ...)), or NULL */
BB_JS_EXPORT char *bb_js_pgn_space(pgn_stream *s, int n)
{
    if (n < 0 || reserve(&s->in, (size_t)n + 1) != 0) return NULL;
    return s->in.data + s->in.len;
}

BB_JS_EXPORT const char *bb_js_pgn_output(const pgn_stream *s) { return s->out.data; }

/* bytes held: the unfinished tail and what came after it */
BB_JS_EXPORT int bb_js_pgn_held(const pgn_stream *s) { return (int)s->in.len; }

typedef struct {
    pgn_stream *s;
    long tags;             /* the tags read, at the front of s->moves (before any move) */
    bb_chess_pos start;
    char result[8];
    bb_pgn_error err;
    int has_err, truncated;
    int started;           /* the start position was reached (a bad tag stops a game before) */
} game_read;

/* The visitor's argument is a game_read; the stream is reached through it. */
static void g_begin(void *arg, long game)
{
    game_read *g = arg;
    pgn_stream *s = g->s;
    (void)game; /* counted by the stream, across feeds */
    s->moves.len = s->uci.len = s->fens.len = 0;
    s->plies = 0;
    bb_chess_start(&s->pos);
    g->started = 0;
    g->tags = 0;
    g->result[0] = '\0';
    g->has_err = g->truncated = 0;
    bb_chess_start(&g->start);
}

static void g_tag(void *arg, const char *name, const char *value)
{
    game_read *g = arg;
    bytes *b = &g->s->moves;
    add_safe(b, name);
    add_char(b, FIELD);
    add_safe(b, value);
    add_char(b, FIELD);
    g->tags++;
}

static int g_start(void *arg, const bb_chess_pos *pos)
{
    game_read *g = arg;
    g->start = *pos;
    g->s->pos = *pos;
    g->started = 1;
    return 0;
}

static void g_move(void *arg, const bb_chess_pos *before, bb_chess_move m, const char *text, int depth)
{
    game_read *g = arg;
    pgn_stream *s = g->s;
    char t[BB_CHESS_MOVE_TEXT_MAX];
    bb_chess_undo undo;
    (void)text, (void)depth; /* depth is 0: no variation_begin, no variation moves */
    s->pos = *before;
    bb_chess_make(&s->pos, m, &undo);
    if (s->plies > 0) add_char(&s->moves, ' ');
    add(&s->moves, t, san_text(t, before, m, &s->pos));
    if (s->flags & PGN_UCI) {
        if (s->plies > 0) add_char(&s->uci, ' ');
        add(&s->uci, t, uci_text(t, before, m));
    }
    if (s->flags & PGN_FENS) {
        if (s->plies > 0) add_char(&s->fens, FEN_SEP);
        add_fen(&s->fens, &s->pos);
    }
    s->plies++;
}

static void g_result(void *arg, const char *result)
{
    game_read *g = arg;
    snprintf(g->result, sizeof g->result, "%s", result);
}

static void g_end(void *arg, const bb_pgn_error *err, int truncated)
{
    game_read *g = arg;
    g->has_err = err != NULL;
    if (err) g->err = *err;
    g->truncated = truncated;
}

static void add_error(bytes *b, const pgn_stream *s, const bb_pgn_error *e)
{
    /* lines and columns of the whole input: the buffer's first line may start inside a line */
    add_long(b, s->games);
    add_char(b, '|');
    add_long(b, e->line + s->line - 1);
    add_char(b, '|');
    add_long(b, e->line == 1 ? e->column + s->column - 1 : e->column);
    add_char(b, '|');
    add_str(b, e->move);
    add_char(b, '|');
    add_str(b, e->msg);
}

/* Takes the n bytes written at bb_js_pgn_space; then, by mode, 0: nothing
 * more, 1: reads the games of the buffer, writes the whole ones to the
 * output and keeps the bytes after them, 2: the same when the input has
 * ended (every game is whole).  Returns the output's length, or -1 out of
 * memory (nothing is kept then). */
BB_JS_EXPORT int bb_js_pgn_feed(pgn_stream *s, int n, int mode)
{
    static const bb_pgn_visitor v = {g_begin, g_tag, g_start, g_move, NULL, NULL, NULL, NULL, g_result, g_end};
    int last = mode == 2;
    s->out.len = 0;
    s->out.oom = 0;
    if (n < 0 || (size_t)n > s->in.cap - s->in.len) return -1;
    s->in.len += (size_t)n;
    if (mode == 0) return 0;
    bb_pgn_reader *r = bb_pgn_open_memory(s->in.data, s->in.len);
    if (!r) return -1;
    size_t kept = 0; /* the bytes of whole games read */
    game_read g;
    memset(&g, 0, sizeof g);
    g.s = s;
    for (;;) {
        int rc = bb_pgn_visit(r, &v, &g);
        if (rc < 0) { /* no file is read: only memory can fail */
            bb_pgn_close(r);
            return -1;
        }
        if (rc == 0) { /* the end of the bytes held */
            if (last) kept = s->in.len;
            break;
        }
        size_t at = (size_t)bb_pgn_bytes(r);
        if (at >= s->in.len && !last) break; /* the next bytes may still belong to this game */
        kept = at;
        s->games++;
        bytes *o = &s->out;
        const bb_pgn_error *w = bb_pgn_warning(r);
        add_str(o, g.result);
        add_char(o, FIELD);
        if (g.started) add_fen(o, &g.start);
        add_char(o, FIELD);
        if (g.started) add_fen(o, &s->pos);
        add_char(o, FIELD);
        add_long(o, g.tags);
        add_char(o, FIELD);
        add(o, s->moves.data, s->moves.len); /* the tags, each name and value ended by FIELD, then the moves */
        add_char(o, FIELD);
        add(o, s->uci.data, s->uci.len);
        add_char(o, FIELD);
        add(o, s->fens.data, s->fens.len);
        add_char(o, FIELD);
        if (g.has_err) add_error(o, s, &g.err);
        add_char(o, FIELD);
        if (w) add_error(o, s, w);
        add_char(o, GAME_END);
    }
    bb_pgn_close(r);
    int oom = s->out.oom || s->moves.oom || s->uci.oom || s->fens.oom;
    s->moves.oom = s->uci.oom = s->fens.oom = 0;
    if (oom) return -1;
    /* the line and column where the kept bytes end */
    for (size_t i = 0; i < kept; i++) {
        if (s->in.data[i] == '\n') s->line++, s->column = 1;
        else s->column++;
    }
    memmove(s->in.data, s->in.data + kept, s->in.len - kept);
    s->in.len -= kept;
    return s->out.len > 0x7fffffff ? -1 : (int)s->out.len;
}

/* ---- EPD ---------------------------------------------------------------------------------- */

/* one record at a time: the JavaScript side is one thread, and no call keeps it */
static bb_chess_epd epd;

static int epd_failed(const bb_parse_error *e, char *msg, int size)
{
    if (size > 0) snprintf(msg, (size_t)size, "%s", e->msg);
    return -1 - (e->pos > 0 ? e->pos : 0); /* -1: no character named */
}

static int is_move_op(const char *op)
{
    return !strcmp(op, "bm") || !strcmp(op, "am") || !strcmp(op, "pm") || !strcmp(op, "sm") || !strcmp(op, "pv");
}

/* The record's FEN (its clocks too) and operations, each: opcode, kind (m
 * moves, s one string, w words as held, n no operand) and text, FIELD
 * apart; the moves in UCI when uci.  Returns the length (as snprintf). */
static int epd_text(bytes *b, int uci)
{
    add_fen(b, &epd.pos);
    for (int i = 0; i < epd.count; i++) {
        bb_chess_epd_op op;
        bb_chess_epd_at(&epd, i, &op);
        add_char(b, FIELD);
        add_str(b, op.opcode);
        add_char(b, FIELD);
        if (op.count == 0) {
            add_str(b, "n");
            add_char(b, FIELD);
        } else if (is_move_op(op.opcode)) {
            add_str(b, "m");
            add_char(b, FIELD);
            if (!uci) {
                add_str(b, op.operands);
                continue;
            }
            bb_chess_move m[256];
            int n = bb_chess_epd_moves(&epd, op.opcode, m, 256, NULL);
            bb_chess_pos pos = epd.pos;
            for (int k = 0; k < n; k++) {
                char t[BB_CHESS_MOVE_TEXT_MAX];
                bb_chess_undo undo;
                if (k) add_char(b, ' ');
                add(b, t, bb_chess_move_to_uci(t, sizeof t, &pos, m[k]));
                if (!strcmp(op.opcode, "pv")) bb_chess_make(&pos, m[k], &undo); /* a line, not a choice */
            }
        } else {
            add_str(b, op.string ? "s" : "w");
            add_char(b, FIELD);
            add_str(b, op.operands);
        }
    }
    return b->oom ? -1 : 0;
}

static bytes epd_out;

/* reads line: 0 and the text (bb_js_epd_output), or -1 - (the character at fault, 0 if none) and why in msg */
BB_JS_EXPORT int bb_js_epd_parse(const char *line, int uci, char *msg, int size)
{
    bb_parse_error e;
    if (bb_chess_epd_parse(&epd, line, &e) != 0) return epd_failed(&e, msg, size);
    epd_out.len = 0;
    if (epd_text(&epd_out, uci) != 0 || reserve(&epd_out, 1) != 0) {
        epd_out.oom = 0;
        if (size > 0) snprintf(msg, (size_t)size, "out of memory");
        return -1;
    }
    epd_out.data[epd_out.len] = '\0';
    return 0;
}

BB_JS_EXPORT const char *bb_js_epd_output(void) { return epd_out.data; }

/* a new record of fen with no operations: 0, or -1 - (the character at fault) and why */
BB_JS_EXPORT int bb_js_epd_begin(const char *fen, char *msg, int size)
{
    bb_chess_pos pos;
    bb_parse_error e;
    if (bb_chess_from_fen(&pos, fen, &e) != 0) return epd_failed(&e, msg, size);
    bb_chess_epd_init(&epd, &pos);
    return 0;
}

/* adds an operation to the record: operands as EPD writes them, or one string when string is 1 */
BB_JS_EXPORT int bb_js_epd_set(const char *opcode, const char *operands, int string, char *msg, int size)
{
    bb_parse_error e;
    int r = string ? bb_chess_epd_set_string(&epd, opcode, operands, &e) : bb_chess_epd_set(&epd, opcode, operands, &e);
    if (r == 0) return 0;
    epd_failed(&e, msg, size);
    return -1;
}

/* the record as one line, moves in SAN (uci 0) or UCI: the length (as snprintf) */
BB_JS_EXPORT int bb_js_epd_write(int uci, char *buf, int size)
{
    size_t n = bb_chess_epd_write(buf, size > 0 ? (size_t)size : 0, &epd, uci ? BB_CHESS_EPD_UCI : BB_CHESS_EPD_SAN);
    return n > 0x7fffffff ? -1 : (int)n;
}

/* ---- Polyglot books ----------------------------------------------------------------------- */

/* the book of size bytes at data (copied), or NULL and why in msg */
BB_JS_EXPORT bb_chess_book *bb_js_book_open(const void *data, int size, char *msg, int msize)
{
    bb_chess_book *book = calloc(1, sizeof *book);
    bb_parse_error e;
    if (!book) {
        if (msize > 0) snprintf(msg, (size_t)msize, "out of memory");
        return NULL;
    }
    if (size < 0 || bb_chess_book_from_memory(book, data, (size_t)size, &e) != 0) {
        if (msize > 0) snprintf(msg, (size_t)msize, "%s", size < 0 ? "a negative size" : e.msg);
        free(book);
        return NULL;
    }
    return book;
}

BB_JS_EXPORT void bb_js_book_free(bb_chess_book *book)
{
    if (!book) return;
    bb_chess_book_free(book);
    free(book);
}

BB_JS_EXPORT double bb_js_book_size(const bb_chess_book *book) { return (double)book->count; }

static int book_pos(const char *fen, bb_chess_pos *pos, char *buf, int size)
{
    bb_parse_error e;
    if (bb_chess_from_fen(pos, fen, &e) == 0) return 0;
    if (size > 0) snprintf(buf, (size_t)size, "%s", e.msg);
    return -1;
}

static bytes book_out;

/* the book's legal moves for fen as lines "uci san weight learn", in book
 * order: 0 and the text (bb_js_book_output), or -1 and why in buf */
BB_JS_EXPORT int bb_js_book_lookup(const bb_chess_book *book, const char *fen, char *buf, int size)
{
    bb_chess_pos pos;
    if (book_pos(fen, &pos, buf, size) != 0) return -1;
    int n = bb_chess_book_lookup(book, &pos, NULL, 0);
    bb_chess_book_entry *e = n > 0 ? malloc(sizeof *e * (size_t)n) : NULL;
    if (n > 0 && !e) {
        if (size > 0) snprintf(buf, (size_t)size, "out of memory");
        return -1;
    }
    if (n > 0) bb_chess_book_lookup(book, &pos, e, n);
    book_out.len = 0;
    for (int i = 0; i < n; i++) {
        char t[BB_CHESS_MOVE_TEXT_MAX];
        add(&book_out, t, bb_chess_move_to_uci(t, sizeof t, &pos, e[i].move));
        add_char(&book_out, ' ');
        add(&book_out, t, bb_chess_move_to_san(t, sizeof t, &pos, e[i].move));
        add_char(&book_out, ' ');
        add_long(&book_out, e[i].weight);
        add_char(&book_out, ' ');
        add_long(&book_out, (long)e[i].learn);
        add_char(&book_out, '\n');
    }
    free(e);
    add_char(&book_out, '\0');
    if (book_out.oom) {
        book_out.oom = 0;
        if (size > 0) snprintf(buf, (size_t)size, "out of memory");
        return -1;
    }
    return 0;
}

BB_JS_EXPORT const char *bb_js_book_output(void) { return book_out.data; }

/* a move of fen picked by weight with random / 2^64 of the total: "uci san"
 * in buf (size >= 2 * BB_CHESS_MOVE_TEXT_MAX), "" when the book has none;
 * or -1 and why in buf */
BB_JS_EXPORT int bb_js_book_pick(const bb_chess_book *book, const char *fen, uint64_t random, char *buf, int size)
{
    bb_chess_pos pos;
    if (book_pos(fen, &pos, buf, size) != 0) return -1;
    bb_chess_move m = bb_chess_book_pick(book, &pos, random);
    if (size < 2 * BB_CHESS_MOVE_TEXT_MAX) return -1;
    buf[0] = '\0';
    if (m == BB_CHESS_NULL_MOVE) return 0;
    size_t n = bb_chess_move_to_uci(buf, BB_CHESS_MOVE_TEXT_MAX, &pos, m);
    buf[n] = ' ';
    bb_chess_move_to_san(buf + n + 1, (size_t)size - n - 1, &pos, m);
    return 0;
}
