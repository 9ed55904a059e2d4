/* PGN written in the export format (the seven-tag roster first, movetext
 * wrapped at 80 columns), as a visitor of the reader (pgn.c) or from a
 * bb_pgn_game. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess_internal.h"
#include "../core/input.h"
#include "../core/text.h"

/* ---- writing: the export format --------------------------------------------------- */

static const char *const roster[7] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};
static const char *const roster_default[7] = {"?", "?", "????.??.??", "?", "?", "?", "*"};

void bb_pgn_writer_init(bb_pgn_writer *w, FILE *out)
{
    BB__ASSERT_NOT_NULL(w, "w");
    memset(w, 0, sizeof *w);
    w->out = out;
}

void bb_pgn_writer_free(bb_pgn_writer *w)
{
    if (!w) return;
    free(w->buf);
    free(w->tags);
    FILE *out = w->out;
    bb_pgn_writer_init(w, out);
}

int bb_pgn_writer_error(const bb_pgn_writer *w)
{
    BB__ASSERT_NOT_NULL(w, "w");
    return w->error;
}

static void wraw(bb_pgn_writer *w, const char *t, size_t n)
{
    if (w->oom) return;
    if (bb__pgn_grow(&w->buf, &w->cap, w->len + n + 1, 4096) != 0) {
        w->oom = 1;
        return;
    }
    memcpy(w->buf + w->len, t, n);
    w->len += n;
}

/* A movetext token, wrapped so that no line passes 80 characters; glue:
 * no space before it (after "("), and glue_next: none after it. */
static void wtok(bb_pgn_writer *w, const char *t, int glue_next)
{
    size_t n = strlen(t);
    int space = w->col > 0 && !w->glue;
    if (w->col > 0 && w->col + space + (int)n > 80) {
        wraw(w, "\n", 1);
        w->col = 0;
        space = 0;
    }
    if (w->col == 0 && t[0] == '%') space = 1; /* '%' in column 1 would hide the line */
    if (space) wraw(w, " ", 1), w->col++;
    wraw(w, t, n);
    w->col += (int)n;
    w->glue = glue_next;
}

static void w_tag_raw(bb_pgn_writer *w, const char *name, const char *value)
{
    if (w->error || !w->out) return;
    FILE *f = w->out;
    fputc('[', f);
    fputs(name, f);
    fputs(" \"", f);
    for (const char *c = value; *c; c++) {
        if (*c == '"' || *c == '\\') fputc('\\', f);
        fputc(*c == '\n' || *c == '\r' ? ' ' : *c, f); /* a tag value stays on its line */
    }
    if (fputs("\"]\n", f) == EOF) w->error = errno ? errno : EIO;
}

static const char *w_find_tag(const bb_pgn_writer *w, const char *name)
{
    for (size_t i = 0; i < w->tags_len;) {
        const char *n = w->tags + i, *v = n + strlen(n) + 1;
        if (strcmp(n, name) == 0) return v;
        i = (size_t)(v + strlen(v) + 1 - w->tags);
    }
    return NULL;
}

/* The tags, roster first (defaults for the missing; the Result tag is the
 * game's result, the one its movetext ends with), then the rest in order
 * ([SetUp "1"] added before a [FEN] that lacks it), then a blank line. */
static void w_put_tags(bb_pgn_writer *w, const char *result)
{
    for (int i = 0; i < 7; i++) {
        const char *v = w_find_tag(w, roster[i]);
        w_tag_raw(w, roster[i], i == 6 ? result : v ? v : roster_default[i]);
    }
    int setup = w_find_tag(w, "SetUp") != NULL;
    for (size_t i = 0; i < w->tags_len;) {
        const char *n = w->tags + i, *v = n + strlen(n) + 1;
        int in_roster = 0;
        for (int k = 0; k < 7; k++) in_roster |= strcmp(n, roster[k]) == 0;
        if (!setup && strcmp(n, "FEN") == 0) w_tag_raw(w, "SetUp", "1"), setup = 1;
        if (!in_roster) w_tag_raw(w, n, v);
        i = (size_t)(v + strlen(v) + 1 - w->tags);
    }
    if (!w->error && w->out && fputc('\n', w->out) == EOF) w->error = errno ? errno : EIO;
}

static void wv_begin(void *arg, long game)
{
    bb_pgn_writer *w = arg;
    (void)game;
    w->len = w->tags_len = 0;
    w->col = w->glue = w->started = w->oom = w->depth = 0;
    w->need_number = 1;
    w->result[0] = '\0';
}

static void wv_tag(void *arg, const char *name, const char *value)
{
    bb_pgn_writer *w = arg;
    size_t a = strlen(name) + 1, b = strlen(value) + 1;
    if (bb__pgn_grow(&w->tags, &w->tags_cap, w->tags_len + a + b, 1024) != 0) {
        w->oom = 1;
        return;
    }
    memcpy(w->tags + w->tags_len, name, a);
    memcpy(w->tags + w->tags_len + a, value, b);
    w->tags_len += a + b;
}

static int wv_start(void *arg, const bb_chess_pos *pos)
{
    (void)arg, (void)pos;
    return 0;
}

static void wv_move(void *arg, const bb_chess_pos *before, bb_chess_move m, const char *text, int depth)
{
    bb_pgn_writer *w = arg;
    char num[32], san[BB_CHESS_MOVE_TEXT_MAX];
    (void)text, (void)depth;
    if (m == BB_CHESS_NULL_MOVE) snprintf(san, sizeof san, "--");
    else bb_chess_move_to_san(san, sizeof san, before, m);
    if (before->side == BB_WHITE || w->need_number) { /* the number stays on the move's line */
        char both[64];
        snprintf(num, sizeof num, "%u.%s", (unsigned)before->fullmove, before->side == BB_WHITE ? "" : "..");
        snprintf(both, sizeof both, "%s %s", num, san);
        wtok(w, both, 0);
    } else {
        wtok(w, san, 0);
    }
    w->need_number = 0;
}

static void wv_nag(void *arg, int nag, int depth)
{
    char t[8];
    (void)depth;
    snprintf(t, sizeof t, "$%d", nag);
    wtok(arg, t, 0);
}

/* A comment, its white space runs made single spaces, as "{ words }". */
static void wv_comment(void *arg, const char *text, size_t len, int depth)
{
    bb_pgn_writer *w = arg;
    (void)depth;
    if (memchr(text, '}', len)) {
        /* a '}' cannot be in a { } comment: it came from a ; comment, which
           holds no newline, and goes back as one, ending its line */
        if (w->col > 0) wraw(w, w->col + 2 + (int)len > 80 ? "\n" : " ", 1);
        wraw(w, ";", 1);
        for (size_t i = 0; i < len; i++) {
            char c = text[i] == '\r' || text[i] == '\t' ? ' ' : text[i];
            wraw(w, &c, 1);
        }
        wraw(w, "\n", 1);
        w->col = 0;
        w->glue = 0;
        w->need_number = 1;
        return;
    }
    wtok(w, "{", 0);
    size_t i = 0;
    for (;;) {
        while (i < len && (text[i] == ' ' || text[i] == '\n' || text[i] == '\r' || text[i] == '\t')) i++;
        if (i >= len) break;
        size_t j = i;
        while (j < len && !(text[j] == ' ' || text[j] == '\n' || text[j] == '\r' || text[j] == '\t')) j++;
        char word[256];
        size_t k = j - i;
        if (k < sizeof word) {
            memcpy(word, text + i, k);
            word[k] = '\0';
            wtok(w, word, 0);
        } else { /* a word longer than a line: written whole on its own line */
            if (w->col > 0) wraw(w, "\n", 1);
            wraw(w, text + i, k);
            w->col = (int)k;
            w->glue = 0;
        }
        i = j;
    }
    wtok(w, "}", 0);
    w->need_number = 1;
}

static void wv_var_begin(void *arg, int depth)
{
    bb_pgn_writer *w = arg;
    (void)depth;
    wtok(w, "(", 1);
    w->need_number = 1;
    w->depth++;
}

static void wv_var_end(void *arg, int depth)
{
    bb_pgn_writer *w = arg;
    (void)depth;
    w->glue = 1;
    wtok(w, ")", 0);
    w->need_number = 1;
    w->depth--;
}

static void wv_result(void *arg, const char *result)
{
    bb_pgn_writer *w = arg;
    snprintf(w->result, sizeof w->result, "%s", result);
}

static void w_put_out(bb_pgn_writer *w)
{
    if (w->error || !w->out) return;
    if (w->oom) {
        w->error = ENOMEM;
        return;
    }
    if (fwrite(w->buf, 1, w->len, w->out) != w->len) w->error = errno ? errno : EIO;
}

static void wv_end(void *arg, const bb_pgn_error *err, int truncated)
{
    bb_pgn_writer *w = arg;
    (void)truncated;
    /* a game that stopped at an error: what was read, its open variations
       closed, the result unknown */
    for (; err && w->depth > 0; w->depth--) {
        if (w->len > 0 && w->buf[w->len - 1] == '(') { /* nothing read in it: "(" taken back */
            w->len--;
            while (w->len > 0 && (w->buf[w->len - 1] == ' ' || w->buf[w->len - 1] == '\n')) w->len--;
            size_t k = w->len;
            while (k > 0 && w->buf[k - 1] != '\n') k--;
            w->col = (int)(w->len - k);
            w->glue = 0;
            continue;
        }
        w->glue = 1;
        wtok(w, ")", 0);
    }
    const char *res = err ? "*" : w->result[0] ? w->result : w_find_tag(w, "Result");
    if (!res || !bb__pgn_is_result(res)) res = "*";
    wtok(w, res, 0);
    wraw(w, "\n\n", 2);
    w_put_tags(w, res);
    w_put_out(w);
    w->games++;
}

const bb_pgn_visitor bb_pgn_writer_visitor = {wv_begin,  wv_tag,       wv_start,   wv_move,   wv_nag,
                                              wv_comment, wv_var_begin, wv_var_end, wv_result, wv_end};

int bb_pgn_write_game(bb_pgn_writer *w, const bb_pgn_game *pg)
{
    BB__ASSERT_NOT_NULL(w, "w");
    BB__ASSERT_NOT_NULL(pg, "pg");
    wv_begin(w, pg->number);
    for (int i = 0; i < pg->ntags; i++) wv_tag(w, pg->tag_names[i], pg->tag_values[i]);
    wv_start(w, &pg->game.start);
    bb_chess_pos p = pg->game.start;
    for (int i = 0; i < pg->game.count; i++) {
        bb_chess_undo u;
        bb_chess_move m = pg->game.moves[i];
        wv_move(w, &p, m, "", 0);
        if (m == BB_CHESS_NULL_MOVE) bb_chess_make_null(&p, &u);
        else bb_chess_make(&p, m, &u);
    }
    if (pg->result[0]) wv_result(w, pg->result);
    wv_end(w, pg->has_error ? &pg->error : NULL, pg->truncated);
    return w->error ? -1 : 0;
}

