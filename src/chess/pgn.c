/* PGN read as files really are: the reader, its visitor and the splitter.
 *
 * The reader is a byte-at-a-time tokenizer over a window of the input (a
 * 1 MiB buffer refilled from a FILE, or the caller's bytes), so a file of
 * any size streams through in constant memory.  A game is: tag pairs, then
 * movetext (move numbers, SAN, NAGs, comments, variations) up to a result
 * token, the next game's tags at the start of a line, or the end of input.
 * Moves are resolved and played as they come; an illegal or ambiguous move,
 * or text that is not PGN, stops the game with an error naming the place,
 * and the rest of the game is tokenized (so the next game is found) but not
 * resolved.  Variations are resolved for every visitor (so that a game is
 * good or bad the same way whatever reads it) and shown only to a visitor
 * that asks for them: each level keeps its own position, and "(" starts
 * from the position before the enclosing level's last move.  Comments after
 * a result belong to the game it ends.  The plain stream over this reader is
 * pgn_game.c, the export writer pgn_write.c. */
#define _POSIX_C_SOURCE 200809L /* fseeko, ftello */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "chess_internal.h"
#include "pgn_internal.h"
#include "../core/input.h"
#include "../core/text.h"

/* ---- input ----------------------------------------------------------------------- */

static bb_pgn_reader *reader_new(void)
{
    bb_pgn_reader *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    r->line = 1;
    return r;
}

bb_pgn_reader *bb_pgn_open_memory(const char *data, size_t size)
{
    bb_pgn_reader *r = reader_new();
    if (!r) return NULL;
    r->win = r->p = (const unsigned char *)(data ? data : "");
    r->end = r->win + (data ? size : 0);
    r->eof = 1;
    return r;
}

/* A reader over a window of its own, reading in (taken) or f (a range). */
static bb_pgn_reader *reader_over(bb_input *in, FILE *f)
{
    bb_pgn_reader *r = reader_new();
    if (!r) return NULL;
    r->buf = malloc(WINDOW);
    if (!r->buf) {
        free(r);
        return NULL;
    }
    r->in = in, r->f = f;
    r->win = r->p = r->end = r->buf;
    return r;
}

bb_pgn_reader *bb_pgn_open_file(FILE *f)
{
    BB__ASSERT_NOT_NULL(f, "f");
    if (!f) return NULL;
    bb_parse_error e;
    bb_input *in = bb_input_from_file(f, NULL, &e);
    if (!in) { /* a compressed stream this build cannot decode: read as it is, its junk reported as PGN */
        bb_pgn_reader *r = reader_over(NULL, f);
        if (r) snprintf(r->read_msg, sizeof r->read_msg, "%.250s", e.msg);
        return r;
    }
    bb_pgn_reader *r = reader_over(in, NULL);
    if (!r) bb_input_close(in);
    return r;
}

bb_pgn_reader *bb_pgn_open(const char *path, bb_pgn_error *err)
{
    BB__ASSERT_NOT_NULL(path, "path");
    if (err) memset(err, 0, sizeof *err);
    if (!path) {
        if (err) snprintf(err->msg, sizeof err->msg, "no file given");
        return NULL;
    }
    bb_parse_error e;
    bb_input *in = bb_input_open(path, &e);
    if (!in) {
        if (err) snprintf(err->msg, sizeof err->msg, "%s", e.msg);
        return NULL;
    }
    bb_pgn_reader *r = reader_over(in, NULL);
    if (!r) {
        bb_input_close(in);
        if (err) snprintf(err->msg, sizeof err->msg, "%s: out of memory", path);
        return NULL;
    }
    return r;
}

void bb_pgn_close(bb_pgn_reader *r)
{
    if (!r) return;
    bb_input_close(r->in);
    if (r->close_f) fclose(r->f);
    free(r->buf);
    free(r->text);
    free(r->state);
    free(r);
}

bb_pgn_reader *bb_pgn_open_range(const char *path, uint64_t offset, uint64_t length, bb_pgn_error *err)
{
    BB__ASSERT_NOT_NULL(path, "path");
    if (err) memset(err, 0, sizeof *err);
    if (offset > (uint64_t)INT64_MAX) {
        if (err) snprintf(err->msg, sizeof err->msg, "%s: offset %llu is too large", path, (unsigned long long)offset);
        return NULL;
    }
    FILE *f = fopen(path, "rb");
    if (!f || fseeko(f, (off_t)offset, SEEK_SET) != 0) {
        if (err) snprintf(err->msg, sizeof err->msg, "%s: %s", path, strerror(errno));
        if (f) fclose(f);
        return NULL;
    }
    bb_pgn_reader *r = reader_over(NULL, f);
    if (!r) {
        fclose(f);
        if (err) snprintf(err->msg, sizeof err->msg, "%s: out of memory", path);
        return NULL;
    }
    r->close_f = 1;
    r->limited = 1;
    r->remaining = length;
    return r;
}

long bb_pgn_lines(const bb_pgn_reader *r)
{
    BB__ASSERT_NOT_NULL(r, "r");
    return r ? r->line - 1 : 0;
}

uint64_t bb_pgn_bytes(const bb_pgn_reader *r)
{
    BB__ASSERT_NOT_NULL(r, "r");
    return r ? r->base + (uint64_t)(r->p - r->win) : 0;
}

uint64_t bb_pgn_stored_bytes(const bb_pgn_reader *r)
{
    BB__ASSERT_NOT_NULL(r, "r");
    if (!r) return 0;
    /* a compressed input's own count; a plain one is read as it is stored */
    if (r->in && bb_input_format(r->in) != BB_INPUT_PLAIN) return bb_input_compressed_bytes(r->in);
    return bb_pgn_bytes(r);
}

const char *bb_pgn_read_error(const bb_pgn_reader *r)
{
    BB__ASSERT_NOT_NULL(r, "r");
    return r && r->read_msg[0] ? r->read_msg : NULL;
}

/* Refills an empty window: 1 if bytes came, 0 at the end (or an error). */
static int refill(bb_pgn_reader *r)
{
    if (r->eof) return 0;
    if (r->tee) { /* the window's bytes from tee->from on, kept before the window is read over */
        bb__pgn_tee *t = r->tee;
        uint64_t end = r->base + (uint64_t)(r->end - r->win), from = t->from > r->base ? t->from : r->base;
        size_t n = end > from ? (size_t)(end - from) : 0;
        if (n && !t->oom && bb__pgn_grow(&t->buf, &t->cap, t->len + n, 1 << 20) == 0) {
            memcpy(t->buf + t->len, r->win + (from - r->base), n);
            t->len += n;
        } else if (n) {
            t->oom = 1;
        }
    }
    r->base += (uint64_t)(r->end - r->win);
    size_t want = WINDOW;
    if (r->limited && r->remaining < want) want = (size_t)r->remaining;
    if (r->in) {
        long got = bb_input_read(r->in, r->buf, want);
        size_t n = got > 0 ? (size_t)got : 0;
        if (got < 0) {
            r->eof = 1;
            r->read_errno = EIO;
            snprintf(r->read_msg, sizeof r->read_msg, "%.250s", bb__input_reason(r->in));
        } else if (got == 0) {
            r->eof = 1;
        }
        r->win = r->p = r->buf;
        r->end = r->buf + n;
        return n > 0;
    }
    if (r->read_msg[0]) { /* bb_pgn_open_file met a format it cannot decode */
        r->eof = 1;
        r->end = r->p = r->win = r->buf;
        return 0;
    }
    size_t n = want ? fread(r->buf, 1, want, r->f) : 0;
    if (r->limited) r->remaining -= n;
    if (n < WINDOW) {
        r->eof = 1;
        if (ferror(r->f)) {
            r->read_errno = errno ? errno : EIO;
            snprintf(r->read_msg, sizeof r->read_msg, "read error after %llu bytes: %s",
                     (unsigned long long)r->base + n, strerror(r->read_errno));
        }
    }
    r->win = r->p = r->buf;
    r->end = r->buf + n;
    return n > 0;
}

/* The next byte without taking it, or -1 at the end. */
static inline int peek(bb_pgn_reader *r)
{
    if (r->p < r->end) return *r->p;
    return refill(r) ? *r->p : -1;
}

/* Takes the byte peek returned (there is one). */
static inline void take(bb_pgn_reader *r)
{
    if (*r->p++ == '\n') {
        r->line++;
        r->line_start = r->base + (uint64_t)(r->p - r->win);
    }
}

static inline long column(const bb_pgn_reader *r)
{
    return (long)(r->base + (uint64_t)(r->p - r->win) - r->line_start) + 1;
}

static int text_put(bb_pgn_reader *r, char c)
{
    if (r->text_len + 2 > r->text_cap && bb__pgn_grow(&r->text, &r->text_cap, r->text_len + 2, 256) != 0) return -1;
    r->text[r->text_len++] = c;
    r->text[r->text_len] = '\0';
    return 0;
}

static void text_clear(bb_pgn_reader *r)
{
    r->text_len = 0;
    if (r->text) r->text[0] = '\0';
}

/* ---- a game ---------------------------------------------------------------------- */

typedef struct {
    bb_chess_pos pos;          /* the position now at this level */
    bb_chess_move last;        /* the last move played at this level */
    bb_chess_undo last_undo;
    int has_last;
} level;

typedef struct game_state {
    bb_pgn_reader *r;
    const bb_pgn_visitor *v;
    void *arg;
    bb_pgn_error err;
    int failed;                /* err is set: resolve nothing more */
    int skip_moves;            /* start() asked to skip the moves */
    int truncated;
    int depth;                 /* variations open */
    level lev[MAX_DEPTH + 1];
    long tok_line, tok_col;    /* where the current token starts */
    char result_tag[8];        /* the Result tag's value (if short enough to be a result) */
    int warned;                /* warning is set (bb_pgn_warning) */
    bb_pgn_error warning;
} game_state;

BB__PRINTF(3, 4) static void fail(game_state *s, const char *move, const char *fmt, ...)
{
    if (s->failed) return;
    s->failed = 1;
    s->err.game = s->r->game;
    s->err.line = s->tok_line;
    s->err.column = s->tok_col;
    s->err.move[0] = '\0';
    if (move) snprintf(s->err.move, sizeof s->err.move, "%s", move); /* symbol characters: printable */
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->err.msg, sizeof s->err.msg, fmt, ap);
    va_end(ap);
}

BB__PRINTF(2, 3) static void warn(game_state *s, const char *fmt, ...)
{
    if (s->failed || s->warned) return;
    s->warned = 1;
    bb_pgn_error *w = &s->warning;
    memset(w, 0, sizeof *w);
    w->game = s->r->game;
    w->line = s->tok_line;
    w->column = s->tok_col;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(w->msg, sizeof w->msg, fmt, ap);
    va_end(ap);
}

static const char no_result[] = "the game ends here without a result (1-0, 0-1, 1/2-1/2 or *)";

const bb_pgn_error *bb_pgn_warning(const bb_pgn_reader *r)
{
    BB__ASSERT_NOT_NULL(r, "r");
    return r->state && r->state->warned && !r->state->failed ? &r->state->warning : NULL;
}

static void mark(game_state *s)
{
    s->tok_line = s->r->line;
    s->tok_col = column(s->r);
}

/* Byte classes: 1 white space, 2 a symbol character (PGN's letters,
 * digits and _+#=:-/). */
enum { SPACE = 1, SYMBOL = 2 };
static const unsigned char byte_class[256] = {
    ['\t'] = SPACE, ['\n'] = SPACE, ['\v'] = SPACE, ['\f'] = SPACE, ['\r'] = SPACE, [' '] = SPACE,
    ['0'] = SYMBOL, ['1'] = SYMBOL, ['2'] = SYMBOL, ['3'] = SYMBOL, ['4'] = SYMBOL,
    ['5'] = SYMBOL, ['6'] = SYMBOL, ['7'] = SYMBOL, ['8'] = SYMBOL, ['9'] = SYMBOL,
    ['a'] = SYMBOL, ['b'] = SYMBOL, ['c'] = SYMBOL, ['d'] = SYMBOL, ['e'] = SYMBOL, ['f'] = SYMBOL,
    ['g'] = SYMBOL, ['h'] = SYMBOL, ['i'] = SYMBOL, ['j'] = SYMBOL, ['k'] = SYMBOL, ['l'] = SYMBOL,
    ['m'] = SYMBOL, ['n'] = SYMBOL, ['o'] = SYMBOL, ['p'] = SYMBOL, ['q'] = SYMBOL, ['r'] = SYMBOL,
    ['s'] = SYMBOL, ['t'] = SYMBOL, ['u'] = SYMBOL, ['v'] = SYMBOL, ['w'] = SYMBOL, ['x'] = SYMBOL,
    ['y'] = SYMBOL, ['z'] = SYMBOL,
    ['A'] = SYMBOL, ['B'] = SYMBOL, ['C'] = SYMBOL, ['D'] = SYMBOL, ['E'] = SYMBOL, ['F'] = SYMBOL,
    ['G'] = SYMBOL, ['H'] = SYMBOL, ['I'] = SYMBOL, ['J'] = SYMBOL, ['K'] = SYMBOL, ['L'] = SYMBOL,
    ['M'] = SYMBOL, ['N'] = SYMBOL, ['O'] = SYMBOL, ['P'] = SYMBOL, ['Q'] = SYMBOL, ['R'] = SYMBOL,
    ['S'] = SYMBOL, ['T'] = SYMBOL, ['U'] = SYMBOL, ['V'] = SYMBOL, ['W'] = SYMBOL, ['X'] = SYMBOL,
    ['Y'] = SYMBOL, ['Z'] = SYMBOL,
    ['_'] = SYMBOL, ['+'] = SYMBOL, ['#'] = SYMBOL, ['='] = SYMBOL, [':'] = SYMBOL, ['-'] = SYMBOL, ['/'] = SYMBOL,
};

static inline int is_symbol_char(int c) { return c >= 0 && byte_class[c] == SYMBOL; }

/* Skips white space and %-escape lines (a '%' in column 1 hides its line). */
static void skip_space(bb_pgn_reader *r)
{
    for (;;) {
        /* the common case: spaces within the window, no newline */
        while (r->p < r->end && *r->p == ' ') r->p++;
        int c = peek(r);
        if (c >= 0 && byte_class[c] == SPACE) {
            take(r);
        } else if (c == '%' && column(r) == 1) {
            while ((c = peek(r)) >= 0 && c != '\n') take(r);
        } else {
            return;
        }
    }
}

static int ieq(const char *a, const char *b)
{
    for (; *a && *b; a++, b++) {
        int x = *a >= 'A' && *a <= 'Z' ? *a + 32 : *a, y = *b >= 'A' && *b <= 'Z' ? *b + 32 : *b;
        if (x != y) return 0;
    }
    return *a == *b;
}

/* One tag pair at '[': calls the visitor; notes FEN and Variant. */
static void read_tag(game_state *s, char *fen, size_t fen_size, int *fen_given, int *variant_bad, int *chess960)
{
    bb_pgn_reader *r = s->r;
    char name[64], q[BB__QUOTE_MAX];
    size_t n = 0;
    mark(s);
    take(r); /* '[' */
    while (peek(r) == ' ' || peek(r) == '\t') take(r);
    int c;
    while ((c = peek(r)) >= 0 && is_symbol_char(c)) {
        if (n + 1 < sizeof name) name[n++] = (char)c;
        take(r);
    }
    name[n] = '\0';
    while (peek(r) == ' ' || peek(r) == '\t') take(r);
    if (n == 0 || peek(r) != '"') {
        c = peek(r);
        char cc = (char)c;
        if (n == 0) fail(s, NULL, "a tag pair must start with its name: [Event \"...\"]");
        else if (c < 0) fail(s, NULL, "tag %s: the input ends inside the tag", name);
        else fail(s, NULL, "tag %s: its value must be in double quotes, not '%s'", name, bb__quote(q, &cc, 1));
        while ((c = peek(r)) >= 0 && c != '\n') take(r);
        return;
    }
    take(r);
    text_clear(r);
    for (;;) {
        c = peek(r);
        if (c < 0 || c == '\n' || c == '\r') {
            fail(s, NULL, "tag %s: the value's closing quote is missing", name);
            while ((c = peek(r)) >= 0 && c != '\n') take(r);
            return;
        }
        if (c == 0) { /* would end the value's C string: the rest would be lost */
            mark(s);
            fail(s, NULL, "tag %s: the value holds a NUL byte", name);
        }
        take(r);
        if (c == '"') break;
        if (c == '\\' && (peek(r) == '"' || peek(r) == '\\')) {
            c = peek(r);
            take(r);
        }
        if (text_put(r, (char)c) != 0) {
            fail(s, NULL, "tag %s: out of memory", name);
            return;
        }
    }
    while (peek(r) == ' ' || peek(r) == '\t') take(r);
    if (peek(r) != ']') {
        fail(s, NULL, "tag %s: ']' missing after the value", name);
        while ((c = peek(r)) >= 0 && c != '\n') take(r);
        return;
    }
    take(r);
    const char *value = r->text ? r->text : "";
    if (strcmp(name, "Result") == 0 && strlen(value) < sizeof s->result_tag) {
        snprintf(s->result_tag, sizeof s->result_tag, "%s", value);
    }
    if (strcmp(name, "FEN") == 0) {
        *fen_given = 1;
        snprintf(fen, fen_size, "%s", value);
    } else if (strcmp(name, "Variant") == 0) {
        if (ieq(value, "chess960") || ieq(value, "chess 960") || ieq(value, "fischerandom") ||
            ieq(value, "fischer random"))
            *chess960 = 1;
        else if (!(ieq(value, "standard") || ieq(value, "from position") || ieq(value, "normal") || value[0] == '\0'))
            *variant_bad = 1, snprintf(fen, fen_size, "%s", value);
    }
    if (s->v->tag && !s->failed) s->v->tag(s->arg, name, value);
}

/* A comment from '{' to '}' (or ';' to the end of the line), to the visitor
 * when it wants comments. */
static void read_comment(game_state *s, int brace)
{
    bb_pgn_reader *r = s->r;
    int want = s->v->comment && !s->failed && !s->skip_moves, c;
    take(r);
    text_clear(r);
    for (;;) {
        c = peek(r);
        if (c < 0) {
            if (brace) {
                s->truncated = 1;
                fail(s, NULL, "the comment opened here is not closed: the input ends inside it");
            }
            break;
        }
        if (brace ? c == '}' : c == '\n') {
            take(r);
            break;
        }
        if (c == 0) {
            mark(s);
            fail(s, NULL, "the comment holds a NUL byte");
            want = 0;
        }
        if (want && text_put(r, (char)c) != 0) { /* an error, never a comment lost in silence */
            mark(s);
            fail(s, NULL, "the comment: out of memory after %zu bytes of it", r->text_len);
            want = 0;
        }
        take(r);
    }
    if (want && !s->failed) s->v->comment(s->arg, r->text ? r->text : "", r->text_len, s->depth);
}

static int nag_of(const char *t)
{
    static const char *const glyphs[] = {"!", "?", "!!", "??", "!?", "?!"};
    for (int i = 0; i < 6; i++)
        if (strcmp(t, glyphs[i]) == 0) return i + 1;
    return -1;
}

/* A move token at the current level. */
static void play(game_state *s, const char *tok, size_t n)
{
    if (s->failed || s->skip_moves) return;
    int show = s->depth == 0 || s->v->variation_begin != NULL;
    level *L = &s->lev[s->depth];
    bb_chess_move m;
    if ((tok[0] == '-' || tok[0] == 'Z') && (strcmp(tok, "--") == 0 || strcmp(tok, "Z0") == 0)) {
        if (bb_chess_is_check(&L->pos)) {
            fail(s, tok, "a null move (%s) while in check", tok);
            return;
        }
        if (s->v->move && show) s->v->move(s->arg, &L->pos, BB_CHESS_NULL_MOVE, tok, s->depth);
        L->last = BB_CHESS_NULL_MOVE;
        bb_chess_make_null(&L->pos, &L->last_undo);
        L->has_last = 1;
        return;
    }
    bb_parse_error pe;
    if (bb__chess_san_lenient(&L->pos, tok, n, &m, &pe) != 0) {
        char fen[BB_CHESS_FEN_MAX];
        bb_chess_to_fen(fen, sizeof fen, &L->pos, BB_FEN_STANDARD);
        /* the error names the move: "Bxf7: why" or "'Bxf7': why" loses its
           head, as the move is given beside it */
        const char *why = pe.msg;
        size_t k = strcspn(tok, "+#!?");
        if (strncmp(why, tok, k) == 0 && why[k] == ':' && why[k + 1] == ' ') why += k + 2;
        else if (why[0] == '\'' && strncmp(why + 1, tok, k) == 0 && why[k + 1] == '\'' && why[k + 2] == ':')
            why += k + 3 + (why[k + 3] == ' ');
        fail(s, tok, "%s (in %s)", why, fen);
        return;
    }
    if (s->v->move && show) s->v->move(s->arg, &L->pos, m, tok, s->depth);
    L->last = m;
    bb_chess_make(&L->pos, m, &L->last_undo);
    L->has_last = 1;
}

/* "e.p." after an en passant capture (the 'e' read): the mark is checked
 * and dropped. */
static void ep_mark(game_state *s)
{
    bb_pgn_reader *r = s->r;
    const char *want = ".p.";
    for (int i = 0; i < 3; i++) {
        if (peek(r) != want[i]) {
            fail(s, NULL, "'e' is not a move: an en passant mark is written e.p. after the capture (exd6 e.p.)");
            return;
        }
        take(r);
    }
    if (s->failed || s->skip_moves) return;
    level *L = &s->lev[s->depth];
    if (!L->has_last || L->last == BB_CHESS_NULL_MOVE || bb_chess_move_kind(L->last) != BB_MOVE_EN_PASSANT)
        fail(s, NULL, "e.p. follows a move that is not an en passant capture");
}

static void variation_begin(game_state *s)
{
    int want = !s->failed && !s->skip_moves;
    if (s->depth >= MAX_DEPTH) {
        fail(s, NULL, "variations nested more than %d deep", MAX_DEPTH);
        s->depth++;
        return;
    }
    if (want) {
        level *P = &s->lev[s->depth], *C = &s->lev[s->depth + 1];
        if (!P->has_last) {
            fail(s, NULL, "a variation must follow the move it replaces");
        } else {
            C->pos = P->pos;
            if (P->last == BB_CHESS_NULL_MOVE) bb_chess_unmake_null(&C->pos, &P->last_undo);
            else bb_chess_unmake(&C->pos, P->last, &P->last_undo);
            C->has_last = 0;
        }
    }
    s->depth++;
    if (want && !s->failed && s->v->variation_begin) s->v->variation_begin(s->arg, s->depth);
}

int bb_pgn_visit(bb_pgn_reader *r, const bb_pgn_visitor *v, void *arg)
{
    BB__ASSERT_NOT_NULL(r, "r");
    BB__ASSERT_NOT_NULL(v, "v");
    if (!r->state && !(r->state = malloc(sizeof *r->state))) {
        snprintf(r->read_msg, sizeof r->read_msg, "out of memory");
        return -1;
    }
    game_state *s = r->state; /* the levels are set as they open */
    memset(&s->err, 0, sizeof s->err);
    s->failed = s->skip_moves = s->truncated = s->depth = 0;
    s->result_tag[0] = '\0';
    s->warned = 0;
    s->lev[0].has_last = 0;
    s->r = r;
    s->v = v;
    s->arg = arg;
    /* white space, and UTF-8 byte-order marks: at the start of the file, or
       of each file of several run together (cat *.pgn); a mark is not
       counted in the columns */
    for (;;) {
        skip_space(r);
        if (peek(r) != 0xEF) break;
        take(r);
        if (peek(r) == 0xBB) {
            take(r);
            if (peek(r) == 0xBF) {
                take(r);
                r->line_start = bb_pgn_bytes(r);
                continue;
            }
        }
        break; /* not a mark: the game reports what is there */
    }
    int rc = 1;
    if (peek(r) < 0) {
        rc = r->read_msg[0] ? -1 : 0;
        goto done;
    }
    r->game++;
    if (v->begin) v->begin(arg, r->game);

    /* tags */
    char fen[BB_CHESS_FEN_MAX + 64];
    int fen_given = 0, variant_bad = 0, chess960 = 0;
    long fen_line = 0, fen_col = 0, var_line = 0, var_col = 0;
    while (peek(r) == '[') {
        long l = r->line, c = column(r);
        int had = fen_given, had_var = variant_bad;
        read_tag(s, fen, sizeof fen, &fen_given, &variant_bad, &chess960);
        if (fen_given && !had) fen_line = l, fen_col = c;
        if (variant_bad && !had_var) var_line = l, var_col = c;
        skip_space(r);
    }
    bb_chess_pos *pos = &s->lev[0].pos;
    bb_chess_start(pos);
    if (variant_bad) {
        s->tok_line = var_line;
        s->tok_col = var_col;
        char q[BB__QUOTE_MAX];
        fail(s, NULL, "variant \"%s\" is not chess: only standard chess and Chess960 are read",
             bb__quote(q, fen, strlen(fen)));
    } else if (fen_given && !s->failed) {
        bb_parse_error pe;
        if (bb_chess_from_fen(pos, fen, &pe) != 0) {
            s->tok_line = fen_line;
            s->tok_col = fen_col;
            fail(s, NULL, "the FEN tag: %s", pe.msg);
        }
    }
    if (chess960) pos->chess960 = 1;
    if (!s->failed && v->start && v->start(arg, pos)) s->skip_moves = 1;

    /* movetext */
    char tok[TOKEN_MAX + 1];
    int ended = 0;
    while (!ended) {
        skip_space(r);
        int c = peek(r);
        mark(s);
        if (c < 0) {
            s->truncated = 1;
            if (s->depth > 0) fail(s, NULL, "the input ends inside a variation");
            else warn(s, "%s", no_result);
            break;
        }
        switch (c) {
        case '[':
            if (column(r) == 1) { /* the next game's tags: this one had no result */
                if (s->depth > 0) fail(s, NULL, "a variation is not closed before the next game");
                else warn(s, "%s", no_result); /* the same words as at the end of a part */
                s->truncated = 1;
                ended = 1;
                break;
            }
            fail(s, NULL, "'[' in the moves: a tag pair must come before them, at the start of a line");
            take(r);
            break;
        case '{':
            read_comment(s, 1);
            break;
        case ';':
            read_comment(s, 0);
            break;
        case '(':
            take(r);
            variation_begin(s);
            break;
        case ')':
            take(r);
            if (s->depth == 0) {
                fail(s, NULL, "')' without a '(' before it");
            } else {
                int want = v->variation_begin && !s->failed && !s->skip_moves;
                if (want && v->variation_end) v->variation_end(arg, s->depth);
                s->depth--;
            }
            break;
        case '$': {
            take(r);
            int nag = 0, digits = 0;
            while ((c = peek(r)) >= '0' && c <= '9') {
                if (nag < 1000) nag = nag * 10 + (c - '0');
                digits++;
                take(r);
            }
            if (digits == 0 || nag > 255) fail(s, NULL, "'$' must be followed by a NAG number 0..255");
            else if (v->nag && !s->failed && !s->skip_moves && (s->depth == 0 || v->variation_begin))
                v->nag(arg, nag, s->depth);
            break;
        }
        case '!':
        case '?': {
            size_t n = 0;
            while ((c = peek(r)) == '!' || c == '?') {
                if (n < 3) tok[n++] = (char)c;
                take(r);
            }
            tok[n] = '\0';
            int nag = n <= 2 ? nag_of(tok) : -1;
            if (nag < 0) fail(s, NULL, "'%s' is not a move annotation (!, ?, !!, ??, !?, ?!)", tok);
            else if (v->nag && !s->failed && !s->skip_moves && (s->depth == 0 || v->variation_begin))
                v->nag(arg, nag, s->depth);
            break;
        }
        case '.':
            take(r);
            break;
        case '*':
            take(r);
            tok[0] = '*', tok[1] = '\0';
            goto result;
        default:
            if (!is_symbol_char(c)) {
                char cc = (char)c, q[BB__QUOTE_MAX];
                fail(s, NULL, "'%s' does not belong in movetext", bb__quote(q, &cc, 1));
                take(r);
                break;
            }
            {
                size_t n = 0;
                int digits = 1, too_long = 0;
                /* symbol characters hold no newline: step over them directly */
                while ((c = peek(r)) >= 0 && byte_class[c] == SYMBOL) {
                    if (n < TOKEN_MAX) tok[n++] = (char)c;
                    else too_long = 1;
                    digits &= c >= '0' && c <= '9';
                    r->p++;
                }
                tok[n] = '\0';
                if (too_long) {
                    fail(s, tok, "'%s...' is too long to be a move", tok);
                    break;
                }
                if (digits) { /* a move number; its dots follow */
                    while (peek(r) == '.') take(r);
                    break;
                }
                if (bb__pgn_is_result(tok)) goto result;
                if (n == 1 && tok[0] == 'e' && peek(r) == '.') { /* "exd6 e.p.": en passant said */
                    ep_mark(s);
                    break;
                }
                play(s, tok, n);
            }
            break;
        result:
            if (s->depth > 0) {
                fail(s, tok, "the result %s inside a variation (a ')' is missing)", tok);
                s->depth = 0;
            }
            if (s->result_tag[0] && bb__pgn_is_result(s->result_tag) && strcmp(s->result_tag, tok) != 0)
                warn(s, "the movetext's result %s contradicts the Result tag's %s: the movetext's is kept", tok,
                     s->result_tag);
            if (v->result && !s->skip_moves) v->result(arg, tok);
            ended = 1;
            break;
        }
    }
    if (ended && !s->truncated) { /* comments after the result are the game's, not a new game */
        for (;;) {
            skip_space(r);
            int c = peek(r);
            if (c != '{' && c != ';') break;
            mark(s);
            read_comment(s, c == '{');
        }
    }
    if (r->read_msg[0] && !ended) return -1; /* a game a read error cut: not ended, one error (the read's) */
    if (v->end) v->end(arg, s->failed ? &s->err : NULL, s->truncated);
    if (r->read_msg[0]) rc = -1;
done:
    return rc;
}

/* ---- the splitter: the reader's own game boundaries -------------------------------- */

/* A part may start only where the reader, reading the whole file, is
 * between two games in a state a fresh reader has: the game before ended
 * with its result (its comments after it read), and the next byte is the
 * first of a line.  Those places are found by reading the file with the
 * reader itself (bb_pgn_visit with the moves skipped), so a comment, a
 * variation or a tag is never cut: N parts read what one reader reads,
 * game for game, and each part's lines and game numbers, added to those of
 * the parts before, are the file's. */

static int split_start(void *arg, const bb_chess_pos *pos)
{
    (void)arg, (void)pos;
    return 1; /* tokens only: the moves are not resolved */
}

static void split_end(void *arg, const bb_pgn_error *err, int truncated)
{
    (void)err;
    *(int *)arg = truncated;
}

static const bb_pgn_visitor split_visitor = {NULL, NULL, split_start, NULL, NULL, NULL, NULL, NULL, NULL, split_end};

/* Reads games from r until one ends at a place a part may start at or
 * after `from`: 1 and *at, 0 at the end of the input, -1 a read error. */
static int split_next(bb_pgn_reader *r, uint64_t from, uint64_t *at)
{
    int rc, truncated = 0;
    while ((rc = bb_pgn_visit(r, &split_visitor, &truncated)) == 1) {
        uint64_t p = bb_pgn_bytes(r);
        if (!truncated && p >= from && r->line_start == p) {
            *at = p;
            return 1;
        }
    }
    return rc;
}

int bb_pgn_split(const char *path, int parts, uint64_t *offsets, bb_pgn_error *err)
{
    BB__ASSERT_NOT_NULL(path, "path");
    BB__ASSERT_NOT_NULL(offsets, "offsets");
    if (err) memset(err, 0, sizeof *err);
    if (parts < 1) {
        if (err) snprintf(err->msg, sizeof err->msg, "%d parts: give 1 or more", parts);
        return -1;
    }
    FILE *f = fopen(path, "rb");
    off_t size;
    if (!f || fseeko(f, 0, SEEK_END) != 0 || (size = ftello(f)) < 0 || fseeko(f, 0, SEEK_SET) != 0) {
        if (err) snprintf(err->msg, sizeof err->msg, "%s: %s", path, strerror(errno));
        if (f) fclose(f);
        return -1;
    }
    unsigned char head[4];
    size_t got = fread(head, 1, sizeof head, f);
    int format = bb_input_format_of(head, got);
    if (format != BB_INPUT_PLAIN || fseeko(f, 0, SEEK_SET) != 0) {
        if (err)
            snprintf(err->msg, sizeof err->msg, "%s: %s", path,
                     format ? "a compressed file is read whole, not in parts" : strerror(errno));
        fclose(f);
        return -1;
    }
    bb_pgn_reader *r = reader_over(NULL, f);
    if (!r) {
        fclose(f);
        if (err) snprintf(err->msg, sizeof err->msg, "%s: out of memory", path);
        return -1;
    }
    r->close_f = 1;
    r->limited = 1; /* the size measured: a file growing meanwhile is read to there */
    r->remaining = (uint64_t)size;
    offsets[0] = 0;
    int rc = 1;
    for (int k = 1; k < parts; k++) {
        uint64_t want = (uint64_t)size / (uint64_t)parts * (uint64_t)k;
        if (want < offsets[k - 1]) want = offsets[k - 1];
        if (rc == 1) rc = split_next(r, want, &offsets[k]);
        if (rc != 1) offsets[k] = (uint64_t)size; /* no place found: empty parts at the end */
    }
    offsets[parts] = (uint64_t)size;
    if (rc < 0 && err) snprintf(err->msg, sizeof err->msg, "%s: %s", path, bb_pgn_read_error(r));
    bb_pgn_close(r);
    return rc < 0 ? -1 : 0;
}

