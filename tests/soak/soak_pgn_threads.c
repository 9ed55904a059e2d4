/* Soak area pgn-threads: a file read in parts (bb_pgn_split, then
 * bb_pgn_open_range for each part, as chess pgn --threads does) against
 * the same file read whole by one reader.
 *
 * A case writes a file of 1 to 40 games cut from real openings, with what
 * can hide a game's start from a naive splitter: { } comments holding blank
 * lines, lines that start with '[' and whole games; ; comments holding tags;
 * tag values holding '{'; % lines; nested and unclosed variations; games
 * with no result; games run together on one line; Chess960 and FEN starts;
 * CRLF; byte-order marks; then, in half of the cases, bytes flipped, dropped
 * or repeated.  Every visitor event of every game (tags, start, moves,
 * NAGs, comments, variations, result; the end's error with its game, line,
 * column and move; truncation; the warning) is written as text, the parts'
 * games and lines shifted by the parts before them; the texts must be
 * equal byte for byte, for 2 to 64 parts. */
#define _POSIX_C_SOURCE 200809L /* mkstemp, fdopen */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bitboard.h"
#include "soak_text.h"
#include "soak_util.h"

soak_area_fn soak_area_pgn_threads;

#define AREA "pgn-threads"

typedef soak_text text;

static void adds(text *t, const char *s) { soak_text_put(t, s, strlen(s)); }

/* ---- the file ------------------------------------------------------------------------ */

static const char *const lines[] = {
    "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7",
    "d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7 e3 O-O Nf3 h6 Bh4 b6 cxd5 Nxd5 Bxe7 Qxe7",
    "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3 e5 Nb3 Be6 f3 Be7 Qd2 O-O O-O-O",
    "f4 e5 fxe5 d6 exd6 Bxd6 Nf3 g5 g3 g4 Nh4 Ne7",
};
static const char *const results[] = {"1-0", "0-1", "1/2-1/2", "*"};
static const char *const hidden[] = {"[Event \"quoted\"]\n1. d4 *", "[", "[Site \"x\"]\n\n1. e4 e5 1-0\n",
                                     "(1. d4 *", "%not an escape", "1/2-1/2"};

static void comment(text *t, soak_rng *r)
{
    adds(t, "{");
    adds(t, soak_below(r, 2) ? "see:" : "[%clk 0:01:00]");
    if (soak_below(r, 2)) {
        const char *gap[] = {"\n\n", "\n \n", "\r\n\r\n", "\n"};
        adds(t, gap[soak_below(r, 4)]);
        adds(t, hidden[soak_below(r, 6)]);
    }
    adds(t, "} ");
}

static void write_game(text *t, soak_rng *r)
{
    if (soak_below(r, 10)) {
        soak_text_printf(t, "[Event \"g%d\"]\n", soak_below(r, 1000));
        switch (soak_below(r, 8)) {
        case 0: adds(t, "[Variant \"Chess960\"]\n[SetUp \"1\"]\n"
                        "[FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"]\n"); break;
        case 1: adds(t, "[Annotator \"{ not a comment\"]\n"); break;
        case 2: adds(t, "[Bad tag\n"); break;
        case 3: adds(t, "[White \"a\"] [Black \"b\"]\n"); break;
        default: break;
        }
        if (soak_below(r, 4)) adds(t, "\n");
    }
    char moves[200];
    snprintf(moves, sizeof moves, "%s", lines[soak_below(r, 4)]);
    int n = soak_below(r, 21), depth = 0, i = 0;
    for (char *m = strtok(moves, " "); m && i < n; m = strtok(NULL, " "), i++) {
        if (i % 2 == 0 && soak_below(r, 5)) soak_text_printf(t, "%d. ", i / 2 + 1);
        soak_text_printf(t, "%s ", m);
        switch (soak_below(r, 24)) {
        case 0: case 1: comment(t, r); break;
        case 2: adds(t, "$1 "); break;
        case 3: adds(t, "; [Event \"not a tag\"]\n"); break;
        case 4: if (depth < 3) adds(t, "(Nf3 "), depth++; break;
        case 5: case 6: if (depth > 0) adds(t, ") "), depth--; break;
        case 7: adds(t, "\n%an escape line\n"); break;
        case 8: case 9: adds(t, "\n"); break;
        default: break;
        }
    }
    while (depth > 0 && soak_below(r, 5)) adds(t, ") "), depth--;
    if (soak_below(r, 8)) adds(t, results[soak_below(r, 4)]);
    if (soak_below(r, 8) == 0) adds(t, " "), comment(t, r);
    const char *end[] = {"\n\n", "\n", " ", "\n\n\n", "\r\n\r\n"};
    adds(t, end[soak_below(r, 5)]);
}

static void damage(text *t, soak_rng *r)
{
    static const char bytes[] = "{}()[]\";%\n\r *$.";
    for (int k = soak_range(r, 1, 6); k > 0 && t->n > 0; k--) {
        size_t i = (size_t)soak_next(r) % t->n;
        switch (soak_below(r, 4)) {
        case 0: case 1: t->s[i] = bytes[soak_below(r, (int)sizeof bytes - 1)]; break;
        case 2: memmove(t->s + i, t->s + i + 1, t->n - i), t->n--; break; /* the NUL moves too */
        default: {
            size_t len = (size_t)soak_range(r, 1, 40);
            if (i + len > t->n) len = t->n - i;
            char copy[40];
            memcpy(copy, t->s + i, len);
            size_t tail = t->n - i;
            soak_text_put(t, copy, len); /* room, then the copy put in its place */
            memmove(t->s + i + len, t->s + i, tail);
            memcpy(t->s + i, copy, len);
            t->s[t->n] = 0;
        }
        }
    }
}

/* ---- what a reader reports, as text ----------------------------------------------------- */

typedef struct {
    text *out;
    bb_pgn_reader *r;
    long games, lines; /* added to a part's game numbers and lines */
} log_state;

static void l_begin(void *a, long g) { log_state *l = a; soak_text_printf(l->out, "game %ld\n", g + l->games); }
static void l_tag(void *a, const char *n, const char *v) { log_state *l = a; soak_text_printf(l->out, "tag %s=%s\n", n, v); }
static int l_start(void *a, const bb_chess_pos *p)
{
    log_state *l = a;
    char fen[BB_CHESS_FEN_MAX];
    bb_chess_to_fen(fen, sizeof fen, p, BB_FEN_SHREDDER);
    soak_text_printf(l->out, "start %s\n", fen);
    return 0;
}
static void l_move(void *a, const bb_chess_pos *b, bb_chess_move m, const char *t, int d)
{
    log_state *l = a;
    char u[16] = "0000";
    if (m != BB_CHESS_NULL_MOVE) bb_chess_move_to_uci(u, sizeof u, b, m);
    soak_text_printf(l->out, "move %d %s %s\n", d, u, t);
}
static void l_nag(void *a, int n, int d) { soak_text_printf(((log_state *)a)->out, "nag %d %d\n", d, n); }
static void l_comment(void *a, const char *t, size_t n, int d)
{
    log_state *l = a;
    soak_text_printf(l->out, "comment %d %zu:", d, n);
    soak_text_put(l->out, t, n);
    adds(l->out, "\n");
}
static void l_vbegin(void *a, int d) { soak_text_printf(((log_state *)a)->out, "( %d\n", d); }
static void l_vend(void *a, int d) { soak_text_printf(((log_state *)a)->out, ") %d\n", d); }
static void l_result(void *a, const char *t) { soak_text_printf(((log_state *)a)->out, "result %s\n", t); }
static void l_end(void *a, const bb_pgn_error *e, int truncated)
{
    log_state *l = a;
    const bb_pgn_error *w = bb_pgn_warning(l->r);
    if (w) soak_text_printf(l->out, "warning game %ld line %ld column %ld: %s\n", w->game + l->games, w->line + l->lines,
                w->column, w->msg);
    if (e)
        soak_text_printf(l->out, "error game %ld line %ld column %ld move '%s': %s\n", e->game + l->games, e->line + l->lines,
             e->column, e->move, e->msg);
    soak_text_printf(l->out, "end truncated %d\n", truncated);
}

static const bb_pgn_visitor logger = {l_begin, l_tag, l_start, l_move, l_nag, l_comment, l_vbegin, l_vend,
                                      l_result, l_end};

/* Every game of r into out; the games and lines read (for the next part). */
static void log_all(bb_pgn_reader *r, text *out, long *games, long *lines)
{
    log_state l = {out, r, *games, *lines};
    int rc;
    long n = 0;
    while ((rc = bb_pgn_visit(r, &logger, &l)) == 1) n++;
    if (rc < 0) soak_text_printf(out, "read error: %s\n", bb_pgn_read_error(r));
    *games += n;
    *lines += bb_pgn_lines(r);
}

/* The first line where a and b differ, for the report. */
static void first_difference(const text *a, const text *b, char *why, size_t n)
{
    size_t i = 0, line = 1, start = 0;
    while (i < a->n && i < b->n && a->s[i] == b->s[i]) {
        if (a->s[i] == '\n') line++, start = i + 1;
        i++;
    }
    size_t ea = start, eb = start;
    while (ea < a->n && a->s[ea] != '\n') ea++;
    while (eb < b->n && b->s[eb] != '\n') eb++;
    snprintf(why, n, "report line %zu: one reader '%.*s', the parts '%.*s'", line, (int)(ea - start), a->s + start,
             (int)(eb - start), b->s + start);
}

void soak_area_pgn_threads(uint64_t seed, int64_t first, int64_t last, soak_stats *st)
{
    static text file, whole, parts;
    st->work_name = "parts";
    char path[] = "/tmp/bitboard-soak-pgn-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) {
        soak_report_failure(AREA, seed, first, "mkstemp %s failed", path);
        st->failures++;
        return;
    }
    close(fd);
    for (int64_t i = first; (last < 0 || i <= last) && soak_time_left(); i++) {
        soak_rng r = soak_rng_of(soak_case_seed(seed, i));
        file.n = whole.n = parts.n = 0;
        adds(&file, ""), adds(&whole, ""), adds(&parts, ""); /* none NULL */
        if (soak_below(&r, 10) == 0) adds(&file, "\xEF\xBB\xBF");
        for (int g = soak_range(&r, 1, 40); g > 0; g--) {
            if (soak_below(&r, 30) == 0) adds(&file, "\xEF\xBB\xBF"); /* files run together (cat) */
            write_game(&file, &r);
        }
        if (soak_below(&r, 5) == 0) { /* CRLF */
            text crlf = {0};
            for (size_t k = 0; k < file.n; k++) soak_text_put(&crlf, file.s[k] == '\n' ? "\r\n" : file.s + k, file.s[k] == '\n' ? 2 : 1);
            free(file.s);
            file = crlf;
        }
        if (soak_below(&r, 2)) damage(&file, &r);
        int nparts = soak_below(&r, 3) ? soak_range(&r, 2, 16) : soak_range(&r, 17, 64);
        soak_note("the file (%zu bytes, %d parts):\n%s", file.n, nparts, file.s ? file.s : "");
        FILE *f = fopen(path, "wb");
        if (!f || fwrite(file.s, 1, file.n, f) != file.n || fclose(f) != 0) {
            soak_report_failure(AREA, seed, i, "writing %s failed", path);
            st->failures++;
            break;
        }
        char why[1400];
        const char *bad = NULL;
        bb_pgn_error e;
        long games = 0, nlines = 0;
        bb_pgn_reader *rd = bb_pgn_open(path, &e);
        if (!rd) {
            snprintf(why, sizeof why, "bb_pgn_open: %s", e.msg), bad = why;
        } else {
            log_all(rd, &whole, &games, &nlines);
            bb_pgn_close(rd);
        }
        uint64_t offsets[65];
        if (!bad && bb_pgn_split(path, nparts, offsets, &e) != 0) snprintf(why, sizeof why, "bb_pgn_split: %s", e.msg), bad = why;
        if (!bad && (offsets[0] != 0 || offsets[nparts] != file.n))
            snprintf(why, sizeof why, "bb_pgn_split: offsets from %llu to %llu, not 0 to %zu",
                     (unsigned long long)offsets[0], (unsigned long long)offsets[nparts], file.n),
                bad = why;
        games = nlines = 0;
        for (int k = 0; !bad && k < nparts; k++) {
            if (offsets[k + 1] < offsets[k]) {
                snprintf(why, sizeof why, "bb_pgn_split: offset %d (%llu) before offset %d (%llu)", k + 1,
                         (unsigned long long)offsets[k + 1], k, (unsigned long long)offsets[k]), bad = why;
                break;
            }
            rd = bb_pgn_open_range(path, offsets[k], offsets[k + 1] - offsets[k], &e);
            if (!rd) {
                snprintf(why, sizeof why, "bb_pgn_open_range: %s", e.msg), bad = why;
                break;
            }
            log_all(rd, &parts, &games, &nlines);
            bb_pgn_close(rd);
        }
        if (!bad && (whole.n != parts.n || memcmp(whole.s, parts.s, whole.n) != 0)) {
            first_difference(&whole, &parts, why, sizeof why);
            bad = why;
        }
        st->work += (uint64_t)nparts;
        st->cases++;
        if (bad) {
            st->failures++;
            soak_report_failure(AREA, seed, i, "%d parts: %s (the file: --case prints it)", nparts, bad);
        }
    }
    remove(path);
}
