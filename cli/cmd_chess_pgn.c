/* bitboard chess pgn FILE|- : PGN files checked, converted and counted.
 * Every game's main line and variations are resolved and played; a game
 * that stops at an error is reported on stderr (game number, line, column,
 * move, why) and the reader goes on with the next.  Every game gives its
 * block of output, a bad one too (what was read before its error), so that
 * block N is game N; --label names the game on each block.  Warnings (no
 * result, a Result tag contradicting the movetext) are counted and named
 * on stderr without changing the status.  The exit status is 1 if any game
 * had an error or a read or write failed, 2 for bad usage or a file that
 * cannot be opened.
 *
 * With --threads N (the check and --stats, from a file), the file is split
 * where the reader itself ends a game (bb_pgn_split) into parts read at once; the errors are collected and
 * printed in file order afterwards with their lines and game numbers
 * counted from the start of the file.  Standard input and a compressed
 * file, which cannot be cut by offset, go through the library's pool
 * (bb_pgn_pool): cut into chunks of whole games as they are read, the
 * chunks read at once, their errors printed in file order as they finish. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

enum { MODE_CHECK, MODE_FEN, MODE_EPD, MODE_UCI, MODE_SAN, MODE_EXPORT, MODE_STATS };
static const char *const mode_names[] = {"check", "--fen", "--epd", "--uci", "--san", "--export", "--stats"};

typedef struct {
    long games, bad, warned, truncated, plies, max_plies, results[4]; /* 1-0, 0-1, 1/2-1/2, * */
    long dropped; /* --filter: games read and not kept (games counts the kept) */
} pgn_counts;

/* One reader's run: a whole input, or one part of a file. */
typedef struct {
    const char *path;
    int mode, final;
    bb_pgn_reader *r;
    pgn_counts n;
    /* the game being read */
    bb_chess_pos pos;
    int ply;
    long number;
    int has_start;       /* the game's start position was read (its tags were good) */
    int label_done;      /* the label is out for this game's line (--uci, --san) */
    const char *label;   /* --label: "number" or a tag's name; NULL: none */
    char label_text[128];
    char line[8192];
    size_t line_len;
    /* errors: printed at once, or (threads) kept for later */
    int keep_errors;
    bb_pgn_error *errors;
    char *is_warning;    /* errors[i] is a warning */
    long nerrors, errors_cap;
    long lost, lost_first; /* errors that found no memory to be kept, the first one's game (in this part) */
    cli_progress *progress; /* NULL, or the line on stderr: updated after each game, cleared before an error */
    _Atomic uint64_t bytes; /* for the progress line of a threaded run: the bytes and games read */
    _Atomic long done;
    /* threads */
    uint64_t offset, length;
    long lines;          /* newlines in this part */
    char open_error[sizeof(((bb_pgn_error *)0)->msg)];
    int read_failed;
    char read_error[192];
    /* --filter: NULL, or the games to keep (read whole by bb_pgn_next, then shown to the visitor) */
    const bb_pgn_filter *filter;
} pgn_run;

static void print_error(const char *path, const bb_pgn_error *e, int warning)
{
    if (warning) {
        fprintf(stderr, "bitboard: warning: %s: game %ld, line %ld, column %ld: %s\n", path, e->game, e->line,
                e->column, e->msg);
        return;
    }
    /* the reason names the move already, or the move is worth naming */
    size_t k = strcspn(e->move, "+#!?");
    int named = k && strncmp(e->msg, e->move, k) == 0;
    if (e->move[0] && !named)
        cli_error("%s: game %ld, line %ld, column %ld: %s: %s", path, e->game, e->line, e->column, e->move, e->msg);
    else
        cli_error("%s: game %ld, line %ld, column %ld: %s", path, e->game, e->line, e->column, e->msg);
}

static void note_error(pgn_run *s, const bb_pgn_error *e, int warning)
{
    if (!s->keep_errors) {
        if (s->progress) cli_progress_clear(s->progress);
        print_error(s->path, e, warning);
        return;
    }
    if (s->nerrors == s->errors_cap) {
        long cap = s->errors_cap ? s->errors_cap * 2 : 16;
        bb_pgn_error *x = realloc(s->errors, sizeof *x * (size_t)cap);
        if (x) s->errors = x;
        char *w = x ? realloc(s->is_warning, (size_t)cap) : NULL;
        if (w) s->is_warning = w;
        if (!w) { /* not kept: said as an error of its own when the parts are merged */
            if (!s->lost++) s->lost_first = e->game;
            return;
        }
        s->errors_cap = cap;
    }
    s->is_warning[s->nerrors] = (char)warning;
    s->errors[s->nerrors++] = *e;
}


/* ---- the visitor of the plain modes ------------------------------------------------ */

static void v_begin(void *arg, long game)
{
    pgn_run *s = arg;
    s->number = game;
    s->ply = 0;
    s->line_len = 0;
    s->line[0] = '\0';
    s->has_start = s->label_done = 0;
    if (s->label && strcmp(s->label, "number") == 0) snprintf(s->label_text, sizeof s->label_text, "%ld", game);
    else snprintf(s->label_text, sizeof s->label_text, "?"); /* the tag's value, when it comes */
}

/* --label TAG: the tag's value, tabs and quotes made spaces and apostrophes
 * (it is one field of a tab-separated line, or an EPD id) */
static void v_tag(void *arg, const char *name, const char *value)
{
    pgn_run *s = arg;
    if (!s->label || strcmp(name, s->label) != 0) return;
    size_t k = 0;
    for (; value[k] && k + 1 < sizeof s->label_text; k++)
        s->label_text[k] = value[k] == '\t' ? ' ' : value[k] == '"' ? '\'' : value[k];
    s->label_text[k] = '\0';
}

static void print_position(pgn_run *s);

static int v_start(void *arg, const bb_chess_pos *pos)
{
    pgn_run *s = arg;
    s->pos = *pos;
    s->has_start = 1;
    if ((s->mode == MODE_FEN || s->mode == MODE_EPD) && !s->final) print_position(s); /* ply 0 */
    return 0;
}

/* --label: the game's number or tag, and a tab, before a line of output */
static void put_label(const pgn_run *s)
{
    if (s->label) printf("%s\t", s->label_text);
}

static void line_add(pgn_run *s, const char *t)
{
    size_t n = strlen(t);
    if (s->line_len + n + 2 >= sizeof s->line) { /* a very long game: write what is there */
        if (!s->label_done) put_label(s), s->label_done = 1;
        fputs(s->line, stdout);
        fputc(' ', stdout);
        s->line_len = 0;
        s->line[0] = '\0';
    }
    if (s->line_len) s->line[s->line_len++] = ' ';
    memcpy(s->line + s->line_len, t, n + 1);
    s->line_len += n;
}

static void print_position(pgn_run *s)
{
    char fen[BB_CHESS_FEN_MAX];
    if (!s->has_start) { /* the game's tags were bad: no position at all */
        if (s->final) fputc('\n', stdout);
        return;
    }
    /* a Chess960 game's castling rights in Shredder's rook files (HAha), as
       chess epd and Python write them: the FEN reads back as Chess960 */
    bb_chess_to_fen(fen, sizeof fen, &s->pos, s->pos.chess960 ? BB_FEN_SHREDDER : BB_FEN_STANDARD);
    if (s->mode == MODE_EPD) { /* the four fields, the clocks as operations; the label in the id */
        char *sp = fen;
        for (int k = 0; k < 4 && sp; k++) sp = strchr(sp + 1, ' ');
        if (sp) *sp = '\0';
        if (s->label)
            printf("%s hmvc %u; fmvn %u; id \"%s ply %d\";\n", fen, (unsigned)s->pos.halfmove,
                   (unsigned)s->pos.fullmove, s->label_text, s->ply);
        else
            printf("%s hmvc %u; fmvn %u; id \"game %ld ply %d\";\n", fen, (unsigned)s->pos.halfmove,
                   (unsigned)s->pos.fullmove, s->number, s->ply);
    } else {
        put_label(s);
        puts(fen);
    }
}

static void v_move(void *arg, const bb_chess_pos *before, bb_chess_move m, const char *text, int depth)
{
    pgn_run *s = arg;
    char t[BB_CHESS_MOVE_TEXT_MAX];
    (void)text;
    if (depth > 0) return; /* a variation's (not shown to this visitor) */
    s->ply++;
    if (s->mode == MODE_UCI) {
        if (m == BB_CHESS_NULL_MOVE) snprintf(t, sizeof t, "0000");
        else bb_chess_move_to_uci(t, sizeof t, before, m);
        line_add(s, t);
    } else if (s->mode == MODE_SAN) {
        if (m == BB_CHESS_NULL_MOVE) snprintf(t, sizeof t, "--");
        else bb_chess_move_to_san(t, sizeof t, before, m);
        line_add(s, t);
    } else if (s->mode == MODE_FEN || s->mode == MODE_EPD) { /* the position after the move */
        bb_chess_undo u;
        s->pos = *before;
        if (m == BB_CHESS_NULL_MOVE) bb_chess_make_null(&s->pos, &u);
        else bb_chess_make(&s->pos, m, &u);
        if (!s->final) print_position(s);
    }
}

static void v_result(void *arg, const char *result)
{
    pgn_run *s = arg;
    static const char *const names[4] = {"1-0", "0-1", "1/2-1/2", "*"};
    for (int i = 0; i < 4; i++)
        if (strcmp(result, names[i]) == 0) s->n.results[i]++;
}

static void v_end(void *arg, const bb_pgn_error *err, int truncated)
{
    pgn_run *s = arg;
    s->n.games++;
    if (truncated) s->n.truncated++;
    const bb_pgn_error *w = bb_pgn_warning(s->r);
    if (w) s->n.warned++, note_error(s, w, 1);
    if (err) {
        s->n.bad++;
        note_error(s, err, 0);
    } else {
        s->n.plies += s->ply;
        if (s->ply > s->n.max_plies) s->n.max_plies = s->ply;
    }
    /* every game's block, a bad game's too (as far as it was read), ended the same way */
    if ((s->mode == MODE_FEN || s->mode == MODE_EPD) && s->final) print_position(s);
    if (s->mode == MODE_UCI || s->mode == MODE_SAN) {
        if (!s->label_done) put_label(s);
        puts(s->line);
    }
    if (s->mode == MODE_FEN || (s->mode == MODE_EPD && !s->final)) fputc('\n', stdout);
}

static const bb_pgn_visitor plain_visitor = {v_begin, v_tag, v_start, v_move, NULL, NULL, NULL, NULL, v_result, v_end};

/* --export: the library's writer, with this run's counting and error
 * reports around it. */
typedef struct { pgn_run *s; bb_pgn_writer *w; } export_run;
#define W(arg) (((export_run *)(arg))->w)
static void e_begin(void *arg, long g) { bb_pgn_writer_visitor.begin(W(arg), g); }
static void e_tag(void *arg, const char *n, const char *v) { bb_pgn_writer_visitor.tag(W(arg), n, v); }
static int e_start(void *arg, const bb_chess_pos *p) { return bb_pgn_writer_visitor.start(W(arg), p); }
static void e_move(void *arg, const bb_chess_pos *b, bb_chess_move m, const char *t, int d)
{
    ((export_run *)arg)->s->ply += d == 0;
    bb_pgn_writer_visitor.move(W(arg), b, m, t, d);
}
static void e_nag(void *arg, int n, int d) { bb_pgn_writer_visitor.nag(W(arg), n, d); }
static void e_comment(void *arg, const char *t, size_t n, int d) { bb_pgn_writer_visitor.comment(W(arg), t, n, d); }
static void e_vbegin(void *arg, int d) { bb_pgn_writer_visitor.variation_begin(W(arg), d); }
static void e_vend(void *arg, int d) { bb_pgn_writer_visitor.variation_end(W(arg), d); }
static void e_result(void *arg, const char *r)
{
    v_result(((export_run *)arg)->s, r);
    bb_pgn_writer_visitor.result(W(arg), r);
}
static void e_end(void *arg, const bb_pgn_error *err, int truncated)
{
    export_run *e = arg;
    bb_pgn_writer_visitor.end(e->w, err, truncated);
    v_end(e->s, err, truncated);
    e->s->ply = 0;
}
#undef W
static const bb_pgn_visitor export_visitor = {e_begin,   e_tag,    e_start, e_move,   e_nag,
                                              e_comment, e_vbegin, e_vend,  e_result, e_end};

/* ---- reading ----------------------------------------------------------------------- */

/* --filter: a game read whole shown to v as the reader would show it (its
 * main line only), when the filter keeps it; else counted as dropped, its
 * error (a game with one is never kept) named still. */
static void show_filtered(pgn_run *s, const bb_pgn_visitor *v, void *arg, const bb_pgn_game *pg)
{
    if (!bb_pgn_filter_match(s->filter, pg)) {
        s->n.dropped++;
        if (pg->has_error) s->n.bad++, note_error(s, &pg->error, 0);
        return;
    }
    const bb_chess_game *g = &pg->game;
    v->begin(arg, pg->number);
    for (int i = 0; i < pg->ntags; i++) v->tag(arg, pg->tag_names[i], pg->tag_values[i]);
    v->start(arg, &g->start);
    bb_chess_pos pos = g->start;
    for (int k = 0; k < g->count; k++) {
        v->move(arg, &pos, g->moves[k], "", 0);
        bb_chess_undo u;
        if (g->moves[k] == BB_CHESS_NULL_MOVE) bb_chess_make_null(&pos, &u);
        else bb_chess_make(&pos, g->moves[k], &u);
    }
    if (pg->result[0]) v->result(arg, pg->result);
    v->end(arg, NULL, pg->truncated);
}

/* One game of s->r to v: 1, 0 at the end, -1 a read error. */
static int read_one(pgn_run *s, const bb_pgn_visitor *v, void *arg, bb_pgn_game *pg)
{
    if (!s->filter) return bb_pgn_visit(s->r, v, arg);
    int rc = bb_pgn_next(s->r, pg);
    if (rc == 1) show_filtered(s, v, arg, pg);
    return rc;
}

/* Reads every game of s->r (up to Ctrl-C, between two games); 0, or -1
 * after a read error (s->read_error).  The bytes and games read are kept
 * after each game, for a progress line (s->progress, or the threads'). */
static int read_all(pgn_run *s, const bb_pgn_visitor *v, void *arg)
{
    int rc;
    bb_pgn_game pg;
    bb_pgn_game_init(&pg);
    while ((rc = read_one(s, v, arg, &pg)) == 1) {
        long done = s->n.games + s->n.dropped;
        atomic_store_explicit(&s->bytes, bb_pgn_bytes(s->r), memory_order_relaxed);
        atomic_store_explicit(&s->done, done, memory_order_relaxed);
        if (s->progress) cli_progress_update(s->progress, bb_pgn_stored_bytes(s->r), done);
        if (cli_interrupted || ferror(stdout)) break;
    }
    bb_pgn_game_free(&pg);
    if (rc < 0) {
        s->read_failed = 1;
        snprintf(s->read_error, sizeof s->read_error, "%s", bb_pgn_read_error(s->r));
        return -1;
    }
    return 0;
}

static void part_read(pgn_run *s);

/* The threads take parts in file order until none is left: a thread on a
 * faster (or less busy) core reads more of them. */
typedef struct { pgn_run *parts; int nparts; atomic_int next; } part_queue;

static void *part_thread(void *arg)
{
    part_queue *q = arg;
    int k;
    while ((k = atomic_fetch_add(&q->next, 1)) < q->nparts && !cli_interrupted) part_read(&q->parts[k]);
    return NULL;
}

static void part_read(pgn_run *s)
{
    bb_pgn_error e;
    s->r = bb_pgn_open_range(s->path, s->offset, s->length, &e);
    if (!s->r) {
        snprintf(s->open_error, sizeof s->open_error, "%s", e.msg);
        return;
    }
    read_all(s, &plain_visitor, s);
    s->lines = bb_pgn_lines(s->r);
    atomic_store_explicit(&s->bytes, bb_pgn_bytes(s->r), memory_order_relaxed);
    bb_pgn_close(s->r);
    s->r = NULL;
}

/* Part p's errors printed (its games and lines after `games` and `lines`
 * of the parts before), its counts added to total's; its lists freed.
 * Returns 1 if an error of its own was said, else 0. */
static int merge_part(pgn_run *total, pgn_run *p, long games, long lines)
{
    int status = 0;
    for (long i = 0; i < p->nerrors; i++) {
        bb_pgn_error x = p->errors[i];
        x.game += games;
        if (x.line > 0) x.line += lines;
        print_error(total->path, &x, p->is_warning[i]);
    }
    if (p->lost)
        cli_error("%s: out of memory: %ld error%s or warning%s from game %ld on could not be kept to be printed",
                  total->path, p->lost, p->lost == 1 ? "" : "s", p->lost == 1 ? "" : "s", p->lost_first + games),
            status = 1;
    if (p->read_failed) cli_error("%s: %s", total->path, p->read_error), status = 1;
    total->n.games += p->n.games;
    total->n.bad += p->n.bad;
    total->n.warned += p->n.warned;
    total->n.truncated += p->n.truncated;
    total->n.dropped += p->n.dropped;
    total->n.plies += p->n.plies;
    if (p->n.max_plies > total->n.max_plies) total->n.max_plies = p->n.max_plies;
    for (int i = 0; i < 4; i++) total->n.results[i] += p->n.results[i];
    free(p->errors);
    free(p->is_warning);
    p->errors = NULL, p->is_warning = NULL;
    return status;
}

/* The check and --stats with threads: parts read at once, errors printed
 * after, in file order, counted from the start of the file. */
static int read_threads(pgn_run *total, int threads, uint64_t *bytes)
{
    int nparts = threads * 8; /* parts of about 1/8 of a thread's share each */
    uint64_t *offsets = malloc(sizeof *offsets * (size_t)(nparts + 1));
    pgn_run *parts = calloc((size_t)nparts, sizeof *parts);
    pthread_t *tid = malloc(sizeof *tid * (size_t)threads);
    int status = 0;
    bb_pgn_error e;
    if (!offsets || !parts || !tid) {
        cli_error("out of memory");
        status = 1;
        goto out;
    }
    if (bb_pgn_split(total->path, nparts, offsets, &e) != 0) {
        status = cli_error("%s", e.msg); /* the file cannot be read: 2 */
        goto out;
    }
    for (int k = 0; k < nparts; k++) {
        parts[k].path = total->path;
        parts[k].mode = total->mode;
        parts[k].filter = total->filter;
        parts[k].keep_errors = 1;
        parts[k].offset = offsets[k];
        parts[k].length = offsets[k + 1] - offsets[k];
        atomic_init(&parts[k].bytes, 0);
        atomic_init(&parts[k].done, 0);
    }
    part_queue q = {parts, nparts, 0};
    atomic_init(&q.next, 0);
    int started = 0;
    for (int k = 0; k < threads; k++) {
        if (pthread_create(&tid[k], NULL, part_thread, &q) != 0) break;
        started++;
    }
    if (started == 0) part_thread(&q); /* no thread at all: read every part here */
    if (total->progress->on) { /* the parts report their bytes and games after each game */
        for (;;) {
            struct timespec ts = {0, 250000000};
            int busy = 0;
            uint64_t done = 0;
            long games = 0;
            for (int k = 0; k < nparts; k++) {
                uint64_t b = atomic_load_explicit(&parts[k].bytes, memory_order_relaxed);
                done += b;
                games += atomic_load_explicit(&parts[k].done, memory_order_relaxed);
                busy |= b < parts[k].length;
            }
            if (!busy || cli_interrupted) break;
            nanosleep(&ts, NULL); /* the first line after a quarter of a second, as one reader's */
            cli_progress_update(total->progress, done, games);
        }
        cli_progress_clear(total->progress);
    }
    for (int k = 0; k < started; k++) pthread_join(tid[k], NULL);
    /* in file order: games and lines counted from the start */
    long games = 0, lines = 0;
    for (int k = 0; k < nparts; k++) {
        pgn_run *p = &parts[k];
        if (p->open_error[0]) {
            cli_error("%s", p->open_error);
            status = 1;
            continue;
        }
        status |= merge_part(total, p, games, lines);
        games += p->n.games + p->n.dropped;
        lines += p->lines;
        *bytes += atomic_load_explicit(&p->bytes, memory_order_relaxed);
    }
out:
    free(offsets);
    free(parts);
    free(tid);
    return status;
}

/* A stream (compressed, or standard input) with threads: the library's pool
 * cuts it into chunks of whole games, read at once; a chunk's reader numbers
 * its games and lines as the whole stream's, so its errors are printed as
 * they are, chunk after chunk in file order. */
static void *pool_work(void *arg, bb_pgn_reader *r)
{
    const pgn_run *total = arg;
    pgn_run *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->path = total->path;
    s->mode = total->mode;
    s->filter = total->filter;
    s->keep_errors = 1;
    atomic_init(&s->bytes, 0);
    atomic_init(&s->done, 0);
    s->r = r;
    read_all(s, &plain_visitor, s);
    s->r = NULL;
    return s;
}

static void pool_discard(void *arg, void *result)
{
    pgn_run *s = result;
    (void)arg;
    free(s->errors);
    free(s->is_warning);
    free(s);
}

static int read_pool(pgn_run *total, int threads, uint64_t *bytes)
{
    bb_pgn_pool_options o;
    memset(&o, 0, sizeof o);
    o.work = pool_work;
    o.discard = pool_discard;
    o.arg = total;
    o.threads = threads;
    bb_pgn_error e;
    bb_pgn_pool *pool = bb_pgn_pool_open(total->path, &o, &e);
    if (!pool) return cli_error("%s", e.msg); /* cannot be opened: 2 */
    int status = 0, rc;
    void *result;
    while ((rc = bb_pgn_pool_next(pool, &result)) == 1) {
        pgn_run *p = result;
        if (!p) {
            cli_progress_clear(total->progress);
            status = cli_error("out of memory");
            break;
        }
        if (p->nerrors || p->lost || p->read_failed) cli_progress_clear(total->progress);
        status |= merge_part(total, p, 0, 0);
        pool_discard(NULL, p);
        cli_progress_update(total->progress, bb_pgn_pool_stored_bytes(pool), total->n.games + total->n.dropped);
        if (cli_interrupted) break; /* after the chunk: its games are counted */
    }
    cli_progress_clear(total->progress);
    if (rc < 0) cli_error("%s: %s", total->path, bb_pgn_pool_error(pool)), status = 1;
    *bytes = bb_pgn_pool_bytes(pool);
    bb_pgn_pool_close(pool);
    return status;
}

/* `bitboard help chess pgn`: the modes and the rules, in two parts (a C
 * string literal holds at most 4095 characters). */
void cli_chess_pgn_help(void)
{
    fputs("usage: bitboard chess pgn FILE|- [MODE] [OPTIONS]\n\n"
          "Read PGN: every game's main line and its variations resolved and played.  An\n"
          "error stops its game and is named on standard error, one line each: file,\n"
          "game number, line, column, the move, why; the reader goes on with the next.\n\n"
          "Modes:\n"
          "  (none), --check   the counts: N games, plies, with errors, with warnings\n"
          "  --fen             each game's start (ply 0: a [FEN] game's start is\n"
          "                    information) and the FEN after each ply; a blank line\n"
          "                    after each game.  --final: only the last, one line a game\n"
          "  --epd             the same as EPD, with hmvc, fmvn and id \"game N ply K\"\n"
          "  --uci, --san      each game's moves on one line\n"
          "  --export          PGN in the export format: the seven tags first (Result:\n"
          "                    the movetext's), [SetUp \"1\"] added to a [FEN] game, SAN\n"
          "                    with check marks, lines of at most 80, comments and\n"
          "                    variations kept\n"
          "  --stats           games, errors, warnings, truncated, plies, longest,\n"
          "                    results, bytes; the time, MB/s and threads on standard\n"
          "                    error\n"
          "Options:\n"
          "  --label number|TAG  --fen, --epd, --uci, --san: each line starts with the\n"
          "                    game's number or the value of its tag TAG (? if it has\n"
          "                    none) and a tab; --epd puts it in the id instead\n"
          "  --threads N       the check and --stats: the file read in N parts at once\n"
          "                    (standard input or a compressed file: cut into chunks of\n"
          "                    whole games as it is read); errors still in file order\n"
          "  --filter TERM     keep only the games that pass TERM (repeat it: every term\n"
          "                    must pass; below)\n"
          "  --quiet           no progress line or timing (the counts stay); the line (on\n"
          "                    a terminal): MB of MB as stored (compressed), games,\n"
          "                    games/s, ETA.  Ctrl-C: the counts so far, interrupted\n"
          "  -o json           the check and --stats as one object\n",
          stdout);
    fputs("\nFilters (--filter TERM, each KEY=VALUE; the same terms as Python's read_pgn):\n"
          "  elo=MIN..MAX        both WhiteElo and BlackElo in the range (MIN.. and ..MAX\n"
          "                      open; N alone: exactly N); a missing, \"?\" or \"-\" Elo fails\n"
          "  elo-either=MIN..MAX at least one side's Elo in the range\n"
          "  elo-mean=MIN..MAX   the mean of both (both needed) in the range\n"
          "  tc=CLASS,...        bullet, blitz, rapid, classical: lichess's classes of the\n"
          "                      TimeControl BASE+INC by the estimate BASE + 40 * INC\n"
          "                      seconds: bullet < 180, blitz < 480, rapid < 1500,\n"
          "                      classical from 1500; \"-\", \"?\" or none fails\n"
          "  result=R,...        1-0, 0-1, 1/2-1/2, * (the movetext's result; none is *)\n"
          "  min-plies=N         at least N plies in the main line\n"
          "  variant=V           standard or chess960 (the start position's rules)\n"
          "  tag:NAME=VALUE      the tag NAME present with exactly VALUE\n"
          "A game with an error is never kept (its error is still named and counted).\n"
          "With a filter each game is read whole first: --export writes the main line\n"
          "only (no comments or variations).  games, plies and results count the games\n"
          "kept; --stats adds read and dropped, and standard error says \"bitboard:\n"
          "filter: K of N games kept, D dropped\" (not with --quiet).\n"
          "  bitboard chess pgn db.pgn.zst --stats --filter elo=2000.. --filter tc=blitz,rapid\n"
          "  bitboard chess pgn db.pgn --export --filter variant=chess960 --filter min-plies=20\n"
          "  bitboard chess pgn db.pgn --uci --filter 'tag:Event=Rated Blitz game'\n",
          stdout);
    fputs("\nOne rule for a bad game, in every mode and in Python's read_pgn: it still\n"
          "gives its block, ended as every block is, holding what was read before its\n"
          "error (its start and the plies before; --final: the last position reached;\n"
          "--export: those moves, variations closed, and the result *).  A game whose\n"
          "tags are bad has no position: an empty block.  So block N is game N; the\n"
          "error on standard error says which games are cut short.\n"
          "Variations are checked as the main line is: an illegal move inside one is\n"
          "the game's error in every mode (the others show only the main line).\n"
          "Warnings (\"bitboard: warning: FILE: game N, line L, column C: why\"; the\n"
          "game is read whole and the exit status stays 0): a game that ends without a\n"
          "result, and a Result tag that contradicts the movetext's result (the\n"
          "movetext's is kept, counted and exported).  A comment after a result\n"
          "belongs to the game it ends.\n\n"
          "PGN as files have it: move numbers glued or not, 0-0, check marks missing or\n"
          "wrong, long algebraic (e2-e4, Ng1-f3, e4xd5, Ke1-g1) and exd6 e.p., !? and $n,\n"
          "{} and ; comments, % lines, FEN/SetUp and Chess960 games, CRLF, byte-order\n"
          "marks.  A Chess960 game's FENs give the castling rights in Shredder-FEN's\n"
          "rook files (HAha), as chess epd and Python write them.\n\n"
          "Compressed files (zstd, gzip, bzip2: .pgn.zst as game databases ship) are\n"
          "read as they are, told by their first bytes, never by their names; a plain\n"
          "file named .zst, .gz or .bz2 is refused.  A compressed file cut short or\n"
          "damaged: the games before the fault, then an error naming the byte.\n\n"
          "Exit status: 0; 1 if a game had an error, or a read or write failed; 2 for\n"
          "bad usage or a file that cannot be opened (a directory, a missing file).\n\n"
          "Examples:\n"
          "  bitboard chess pgn games.pgn --stats --threads 2\n"
          "  bitboard chess pgn lichess_db_standard_rated_2024-01.pgn.zst --stats\n"
          "  bitboard chess pgn games.pgn --uci --label Site > games.tsv\n"
          "  bitboard chess pgn games.pgn --fen --final --label number\n",
          stdout);
}

int cli_chess_pgn(int argc, char **argv, const cli_opts *o)
{
    static pgn_run s; /* large (a line buffer); one run a process */
    memset(&s, 0, sizeof s);
    int mode_given = 0, quiet = 0, threads = 1;
    static bb_pgn_filter filter;
    bb_pgn_filter_init(&filter);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        int m = -1;
        if (strcmp(a, "--check") == 0) m = MODE_CHECK;
        else if (strcmp(a, "--fen") == 0) m = MODE_FEN;
        else if (strcmp(a, "--epd") == 0) m = MODE_EPD;
        else if (strcmp(a, "--uci") == 0) m = MODE_UCI;
        else if (strcmp(a, "--san") == 0) m = MODE_SAN;
        else if (strcmp(a, "--export") == 0) m = MODE_EXPORT;
        else if (strcmp(a, "--stats") == 0) m = MODE_STATS;
        else if (strcmp(a, "--final") == 0) s.final = 1;
        else if (strcmp(a, "--quiet") == 0) quiet = 1;
        else if (cli_option_value(argc, argv, &i, "--label", &v)) {
            if (!v || !v[0]) return cli_error("--label needs 'number' or a tag's name (Event, Site, ...)");
            for (const char *c = v; *c; c++)
                if (!((*c >= 'A' && *c <= 'Z') || (*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '_'))
                    return cli_error("--label: '%s' is neither 'number' nor a tag's name (letters, digits, _)", v);
            s.label = v;
        }
        else if (cli_option_value(argc, argv, &i, "--filter", &v)) {
            bb_parse_error fe;
            if (!v) return cli_error("--filter needs a term (elo=2000.., tc=blitz, result=1-0, min-plies=20, "
                                     "variant=chess960, tag:Event=NAME)");
            if (bb_pgn_filter_add(&filter, v, &fe) != 0) return cli_error("--filter: %s", fe.msg);
            s.filter = &filter;
        }
        else if (cli_option_value(argc, argv, &i, "--threads", &v)) {
            char *end;
            long t = v ? strtol(v, &end, 10) : 0;
            if (!v) return cli_error("--threads needs a number 1..%d", BB_MAX_THREADS);
            if (!(v[0] >= '0' && v[0] <= '9') || *end || t < 1 || t > BB_MAX_THREADS)
                return cli_error("--threads: '%s' is not a number 1..%d", v, BB_MAX_THREADS);
            threads = (int)t;
        } else if (a[0] == '-' && a[1] != '\0') {
            return cli_error("chess pgn: unknown option '%s' (bitboard help chess lists them)", a);
        } else if (s.path) {
            return cli_error("chess pgn takes one FILE ('-' for standard input), not also '%s'", a);
        } else {
            s.path = a;
        }
        if (m >= 0) {
            if (mode_given && m != s.mode)
                return cli_error("chess pgn: %s and %s: give one mode", mode_names[s.mode], mode_names[m]);
            s.mode = m;
            mode_given = 1;
        }
    }
    if (!s.path) return cli_error("chess pgn needs a FILE ('-' for standard input)");
    if (s.final && s.mode != MODE_FEN && s.mode != MODE_EPD) return cli_error("--final applies to --fen and --epd");
    if (s.label && !(s.mode == MODE_FEN || s.mode == MODE_EPD || s.mode == MODE_UCI || s.mode == MODE_SAN))
        return cli_error("--label applies to --fen, --epd, --uci and --san (the export keeps the tags; the "
                         "check's errors name the game numbers)");
    int json = o->format_given && o->format == BB_FORMAT_JSON;
    if (o->format_given && !(json && (s.mode == MODE_STATS || s.mode == MODE_CHECK)))
        return cli_error("chess pgn: -o json applies to --stats and the check; the other modes write their own text");
    if (threads > 1 && s.mode != MODE_STATS && s.mode != MODE_CHECK)
        return cli_error("--threads applies to the check and --stats (the other modes write the games in order)");
    int stream = 0; /* standard input or a compressed file: cut as it is read (the pool), not by offset */
    if (threads > 1) {
        stream = strcmp(s.path, "-") == 0;
        bb_input *in = stream ? NULL : bb_input_open(s.path, NULL);
        if (in && bb_input_format(in) != BB_INPUT_PLAIN) stream = 1;
        bb_input_close(in);
    }
    /* the progress line: on a terminal, not over the export on the same terminal */
    static cli_progress progress;
    cli_progress_begin(&progress, s.path, "games", !quiet && !(s.mode == MODE_EXPORT && isatty(1)));
    s.progress = &progress;
    int status = 0;
    uint64_t bytes = 0;
    double t0 = progress.t0;
    cli_interrupt_begin();
    /* Ctrl-C stops between two games: a read of standard input or a write
       to a pipe it catches is taken up again, not failed (EINTR) */
    struct sigaction sa;
    if (sigaction(SIGINT, NULL, &sa) == 0) sa.sa_flags |= SA_RESTART, sigaction(SIGINT, &sa, NULL);
    if (threads > 1 && stream) {
        status = read_pool(&s, threads, &bytes);
    } else if (threads > 1) {
        status = read_threads(&s, threads, &bytes);
    } else {
        bb_pgn_error oe;
        s.r = bb_pgn_open(s.path, &oe);
        if (!s.r) {
            cli_interrupt_end();
            return cli_error("%s", oe.msg); /* cannot be opened: 2 */
        }
        bb_pgn_writer w;
        bb_pgn_writer_init(&w, stdout);
        export_run er = {&s, &w};
        int export = s.mode == MODE_EXPORT;
        int rc = read_all(&s, export ? &export_visitor : &plain_visitor, export ? (void *)&er : (void *)&s);
        cli_progress_clear(&progress);
        if (rc != 0) cli_error("%s: %s", s.path, s.read_error), status = 1;
        if (export && bb_pgn_writer_error(&w)) {
            errno = bb_pgn_writer_error(&w);
            if (cli_check_output() == 0) cli_error("writing PGN: %s", strerror(errno));
            status = 1;
        }
        bytes = bb_pgn_bytes(s.r);
        bb_pgn_writer_free(&w);
        bb_pgn_close(s.r);
    }
    cli_interrupt_end();
    double t = cli_now() - t0;
    /* Ctrl-C: the games read before it counted (the check and --stats print
       their summary marked as interrupted), then the interruption said: 130 */
    int stopped = cli_interrupted;
    const pgn_counts *n = &s.n;
    if (s.filter && !quiet)
        fprintf(stderr, "bitboard: filter: %ld of %ld games kept, %ld dropped\n", n->games, n->games + n->dropped,
                n->dropped);
    if (s.mode == MODE_STATS || s.mode == MODE_CHECK) {
        double mb = (double)bytes / 1e6;
        if (json) {
            printf("{\"games\":%ld,\"errors\":%ld,\"warnings\":%ld,\"truncated\":%ld,\"plies\":%ld,\"longest\":%ld,"
                   "\"results\":{\"1-0\":%ld,\"0-1\":%ld,\"1/2-1/2\":%ld,\"*\":%ld},\"bytes\":%llu",
                   n->games, n->bad, n->warned, n->truncated, n->plies, n->max_plies, n->results[0], n->results[1],
                   n->results[2], n->results[3], (unsigned long long)bytes);
            if (s.filter) printf(",\"read\":%ld,\"dropped\":%ld", n->games + n->dropped, n->dropped);
            printf("%s}\n", stopped ? ",\"interrupted\":true" : "");
        } else if (s.mode == MODE_STATS) {
            printf("games      %ld\nerrors     %ld\nwarnings   %ld\ntruncated  %ld\nplies      %ld\n"
                   "longest    %ld plies\n1-0        %ld\n0-1        %ld\n1/2-1/2    %ld\n*          %ld\n"
                   "bytes      %llu\n",
                   n->games, n->bad, n->warned, n->truncated, n->plies, n->max_plies, n->results[0], n->results[1],
                   n->results[2], n->results[3], (unsigned long long)bytes);
            if (s.filter) printf("read       %ld\ndropped    %ld\n", n->games + n->dropped, n->dropped);
            if (stopped) printf("interrupted yes\n");
        } else { /* --quiet drops the progress and the timing, not the counts */
            printf("%ld game%s, %ld pl%s, %ld with errors, %ld with warnings", n->games, n->games == 1 ? "" : "s",
                   n->plies, n->plies == 1 ? "y" : "ies", n->bad, n->warned);
            if (s.filter) printf(" (%ld read, %ld dropped by the filter)", n->games + n->dropped, n->dropped);
            printf("%s\n", stopped ? " (interrupted)" : "");
        }
        if (!quiet && !stopped && s.mode == MODE_STATS)
            fprintf(stderr, "%.3f s, %.0f games/s, %.1f MB/s, %d thread%s\n", t, t > 0 ? n->games / t : 0.0,
                    t > 0 ? mb / t : 0.0, threads, threads == 1 ? "" : "s");
    }
    fflush(stdout);
    if (stopped) {
        char detail[64];
        snprintf(detail, sizeof detail, "with %ld game%s read", n->games + n->dropped,
                 n->games + n->dropped == 1 ? "" : "s");
        return cli_report_interrupt("chess pgn", detail, t);
    }
    if (cli_check_output()) return 1;
    if (status) return status;
    return n->bad ? 1 : 0;
}
