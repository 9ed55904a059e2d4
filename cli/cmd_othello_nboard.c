/* bitboard othello nboard: an engine that speaks the NBoard protocol on
 * standard input and output, so the NBoard GUI (and other tools that drive
 * Edax this way) can play against the midgame search.  Commands (one a
 * line): nboard VERSION, set depth N, set game GGF, set contempt N (taken,
 * not used), move M[/EVAL[/TIME]], go, hint N, ping N, learn, analyze (not
 * supported: a status line says so), quit.  Answers: `set myname`,
 * `=== MOVE/EVAL` for go, `search PV EVAL 0 DEPTH` for hint, `pong N`,
 * `learned`, and `status ...` lines (errors among them: the engine never
 * stops on a bad line).  A thread reads the input while the engine searches:
 * a ping or quit that comes during a go or hint stops the search, whose
 * answer is then not sent (the GUI has moved on: NBoard's protocol asks an
 * engine to stop thinking before its pong). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

typedef struct {
    bb_othello_pos pos;
    int have_pos;       /* 0 after a refused set game: go, hint and move refuse until a good one */
    int depth;          /* set depth, or --depth */
    double seconds;     /* --time: a budget per move instead of the depth */
    int no_probcut;     /* --no-probcut */
    int threads;        /* --threads */
    bb_othello_search_table *table; /* one for the session: each search finds the last one's entries */
    uint64_t searched;  /* the squares taken in the position the table last searched */
    volatile int stop;  /* set by the input thread: a ping or quit waits (the search's stop flag) */
} engine;

/* The input, read by a thread of its own so that a ping or quit reaches the
 * engine while it searches.  Static: the thread may still be blocked in
 * read() when the engine returns after a quit. */
static struct {
    pthread_mutex_t lock;
    pthread_cond_t ready;
    char **lines;        /* the lines not yet taken, oldest first, from head */
    size_t head, count, cap;
    int stops;           /* pings and quits among them: while any waits, no search runs */
    int eof, closing;    /* the input ended; the engine has quit (the thread drops what it reads) */
    volatile int *stop;  /* the engine's stop flag */
} input = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, NULL, 0, 0, 0, 0, 0, 0, NULL};

/* Whether a line is a ping or a quit (the commands that stop a search). */
static int stops_search(const char *line)
{
    line += strspn(line, " \t");
    size_t n = strcspn(line, " \t\r\n");
    return (n == 4 && !strncmp(line, "ping", 4)) || (n == 4 && !strncmp(line, "quit", 4));
}

/* Queues one line (NULL: out of memory, taken as the end of the input). */
static void input_push(char *line)
{
    pthread_mutex_lock(&input.lock);
    if (!line || input.closing) {
        if (!line) input.eof = 1;
        free(line);
    } else {
        if (input.head + input.count == input.cap) {
            if (input.head) memmove(input.lines, input.lines + input.head, input.count * sizeof *input.lines);
            input.head = 0;
            if (input.count == input.cap) {
                size_t cap = input.cap ? input.cap * 2 : 16;
                char **a = realloc(input.lines, cap * sizeof *a);
                if (!a) {
                    free(line), input.eof = 1;
                    goto done;
                }
                input.lines = a, input.cap = cap;
            }
        }
        input.lines[input.head + input.count++] = line;
        if (stops_search(line)) input.stops++, *input.stop = 1;
    }
done:
    pthread_cond_signal(&input.ready);
    pthread_mutex_unlock(&input.lock);
}

/* The input thread: reads standard input (fd 0, not stdin's FILE, so that
 * nothing is locked when the engine exits while it waits) line by line. */
static void *input_thread(void *arg)
{
    (void)arg;
    char *buf = NULL;
    size_t len = 0, cap = 0;
    for (;;) {
        if (len == cap) {
            size_t c = cap ? cap * 2 : 4096;
            char *b = realloc(buf, c);
            if (!b) break;
            buf = b, cap = c;
        }
        ssize_t k = read(0, buf + len, cap - len);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) break;
        size_t start = 0, end = len + (size_t)k;
        for (size_t i = len; i < end; i++)
            if (buf[i] == '\n') {
                char *line = malloc(i - start + 1);
                if (line) memcpy(line, buf + start, i - start), line[i - start] = '\0';
                input_push(line);
                if (!line) return free(buf), NULL;
                start = i + 1;
            }
        memmove(buf, buf + start, end - start);
        len = end - start;
    }
    if (len) { /* a last line without its newline */
        char *line = malloc(len + 1);
        if (line) memcpy(line, buf, len), line[len] = '\0', input_push(line);
    }
    free(buf);
    pthread_mutex_lock(&input.lock);
    input.eof = 1;
    pthread_cond_signal(&input.ready);
    pthread_mutex_unlock(&input.lock);
    return NULL;
}

/* The next line (the caller frees it), or NULL at the end of the input. */
static char *input_next(void)
{
    pthread_mutex_lock(&input.lock);
    while (!input.count && !input.eof) pthread_cond_wait(&input.ready, &input.lock);
    char *line = NULL;
    if (input.count) {
        line = input.lines[input.head++], input.count--;
        if (stops_search(line)) input.stops--;
    }
    pthread_mutex_unlock(&input.lock);
    return line;
}

/* Before a search: the stop flag set if a ping or quit is already waiting. */
static void input_arm_stop(engine *e)
{
    pthread_mutex_lock(&input.lock);
    e->stop = input.stops > 0;
    pthread_mutex_unlock(&input.lock);
}

static void move_text(int sq, char out[3])
{
    if (sq < 0 || sq > 63) out[0] = 'P', out[1] = 'A';
    else out[0] = (char)('A' + (sq & 7)), out[1] = (char)('1' + (sq >> 3));
    out[2] = '\0';
}

static int search(engine *e, bb_othello_search_result *r)
{
    bb_othello_search_opts o;
    memset(&o, 0, sizeof o);
    o.depth = e->seconds > 0 ? 0 : e->depth;
    o.seconds = e->seconds;
    o.no_probcut = e->no_probcut;
    o.threads = e->threads;
    o.stop = &e->stop;
    if (!e->table && !(e->table = bb_othello_search_table_new(0))) return -1;
    /* another game (the position does not follow from the last one searched:
       a square taken there is empty here): the table starts empty, so a
       game is played the same whatever came before it */
    uint64_t taken = e->pos.p | e->pos.o;
    if ((taken & e->searched) != e->searched) bb_othello_search_table_clear(e->table);
    e->searched = taken;
    o.table = e->table;
    int rc = bb_othello_search(&e->pos, &o, r);
    /* a search a ping or quit stopped leaves nothing behind: what the next
       one finds does not depend on how far this one got */
    if (e->stop) bb_othello_search_table_clear(e->table);
    return rc;
}

/* A `status error: ...` line, escaped and cut as the CLI's errors are, so no
 * line from the GUI comes back with control characters or a megabyte long. */
static void status_error(const char *fmt, ...)
{
    char msg[240];
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fputs("status error: ", stdout);
    cli_put_escaped(msg, stdout);
    if (k >= (int)sizeof msg) fputs("...", stdout);
    fputc('\n', stdout);
}

/* hint N: up to N moves, each with its own search of the position after it
 * (a pass when there is no move), best first: one `search` line each, then
 * `status`. */
static void hint_moves(engine *e, int n)
{
    input_arm_stop(e);
    bb_othello_pos here = e->pos;
    int sq[64], count = 0;
    double score[64];
    int depth[64];
    char pv[64][130];
    uint64_t m = bb_othello_moves(here.p, here.o);
    for (int s = 0; s < 64; s++) {
        if (!((m >> s) & 1)) continue;
        bb_othello_search_result r;
        e->pos = here;
        bb_othello_play(&e->pos, s);
        int saved_depth = e->depth;
        if (e->depth > 1) e->depth--;
        int rc = bb_othello_game_over(&e->pos) ? 1 : search(e, &r);
        e->depth = saved_depth;
        if (e->stop) { /* a ping or quit came: the hint is abandoned */
            e->pos = here;
            return;
        }
        sq[count] = s;
        move_text(s, pv[count]);
        if (rc == 0) {
            score[count] = -r.score, depth[count] = r.exact ? 60 : r.depth + 1;
            for (int i = 0; i < r.pv_length && i < 60; i++) move_text(r.pv[i], pv[count] + 2 + 2 * i);
        } else {
            score[count] = bb_othello_final_score(e->pos.o, e->pos.p), depth[count] = 60; /* the game ends */
        }
        count++;
    }
    e->pos = here;
    for (int i = 1; i < count; i++) /* best first; ties in square order */
        for (int j = i; j > 0 && score[j] > score[j - 1]; j--) {
            double t = score[j]; score[j] = score[j - 1], score[j - 1] = t;
            int u = sq[j]; sq[j] = sq[j - 1], sq[j - 1] = u;
            u = depth[j]; depth[j] = depth[j - 1], depth[j - 1] = u;
            char b[130]; memcpy(b, pv[j], sizeof b), memcpy(pv[j], pv[j - 1], sizeof b), memcpy(pv[j - 1], b, sizeof b);
        }
    if (count == 0) printf("search PA 0.00 0 %d\n", e->depth); /* the side to move must pass */
    for (int i = 0; i < count && i < n; i++) printf("search %s %.2f 0 %d\n", pv[i], score[i], depth[i]);
    printf("status\n");
}

/* Whether text (trailing white space allowed) is a whole number lo..hi: then *out. */
static int whole_number(const char *text, long lo, long hi, long *out)
{
    char *end;
    if (!text || !(*text >= '0' && *text <= '9')) return 0;
    long n = strtol(text, &end, 10);
    while (*end == ' ' || *end == '\t') end++;
    if (*end || n < lo || n > hi) return 0;
    *out = n;
    return 1;
}

/* One command line; 1 to quit. */
static int command(engine *e, char *line)
{
    long hint_n = 1;
    char *save = NULL, *cmd = strtok_r(line, " \t\r\n", &save);
    if (!cmd) return 0;
    char *rest = strtok_r(NULL, "\r\n", &save);
    if (rest)
        while (*rest == ' ' || *rest == '\t') rest++;
    if (strcmp(cmd, "quit") == 0) return 1;
    if (strcmp(cmd, "nboard") == 0) {
        printf("set myname bitboard\n");
    } else if (strcmp(cmd, "ping") == 0) {
        long n;
        if (!whole_number(rest, 0, 2147483647L, &n)) status_error("ping needs a number 0..2147483647, not '%s'", rest ? rest : "");
        else printf("pong %ld\n", n);
    } else if (strcmp(cmd, "learn") == 0) {
        printf("learned\n");
    } else if (strcmp(cmd, "analyze") == 0) {
        printf("status analyze is not supported\n");
    } else if (strcmp(cmd, "set") == 0) {
        char *what = rest ? strtok_r(rest, " \t", &save) : NULL, *value = what ? strtok_r(NULL, "\r\n", &save) : NULL;
        if (!what) {
            status_error("set needs what to set (depth, game, contempt)");
        } else if (strcmp(what, "depth") == 0) {
            long d;
            if (!whole_number(value, 1, BB_OTHELLO_SEARCH_MAX_DEPTH, &d))
                status_error("set depth needs 1..%d, not '%s'", BB_OTHELLO_SEARCH_MAX_DEPTH, value ? value : "");
            else if (e->depth = (int)d, e->seconds > 0)
                printf("status depth %ld kept, but --time %g decides each move\n", d, e->seconds); /* not silently */
        } else if (strcmp(what, "contempt") == 0) {
            /* taken, not used: the search plays for the disc difference */
        } else if (strcmp(what, "game") == 0) {
            bb_othello_record g;
            bb_parse_error err;
            size_t used;
            bb_othello_pos end;
            e->have_pos = 0; /* a refused game leaves no position: the last one is not this one */
            if (!value || bb_othello_ggf_read(value, strlen(value), &used, &g, &err) != 1)
                status_error("set game: %s", value ? err.msg : "no game");
            else if (bb_othello_record_replay(&g, &end, &err) != 0)
                status_error("set game: %s", err.msg);
            else
                e->pos = end, e->have_pos = 1;
        } else {
            status_error("cannot set '%s' (depth, game, contempt)", what);
        }
    } else if ((strcmp(cmd, "move") == 0 || strcmp(cmd, "go") == 0 || strcmp(cmd, "hint") == 0) && !e->have_pos) {
        status_error("%s: no position: the last set game was refused; send a good one", cmd);
    } else if ((strcmp(cmd, "go") == 0 || strcmp(cmd, "hint") == 0) && bb_othello_game_over(&e->pos)) {
        status_error("%s: the game is over: neither side has a move", cmd); /* as move PA is refused there */
    } else if (strcmp(cmd, "go") == 0 && rest && *rest) {
        status_error("go takes nothing, not '%s'", rest);
    } else if (strcmp(cmd, "hint") == 0 && !whole_number(rest, 1, 64, &hint_n)) {
        status_error("hint needs a number of moves 1..64, not '%s'", rest ? rest : "");
    } else if (strcmp(cmd, "move") == 0) {
        char m[8] = {0};
        if (rest) snprintf(m, sizeof m, "%.2s", rest);
        int sq = -2;
        if (m[0] && (m[0] == 'P' || m[0] == 'p') && (m[1] == 'A' || m[1] == 'a')) sq = BB_OTHELLO_PASS;
        else if (m[0] && m[1]) sq = bb_parse_square(m);
        int bad = sq == -2 || sq == -1 ||
                  (sq == BB_OTHELLO_PASS ? bb_othello_pass(&e->pos) : bb_othello_play(&e->pos, sq)) != 0;
        if (bad) status_error("move '%s' is not legal here", rest ? rest : "");
    } else if (strcmp(cmd, "hint") == 0 && hint_n > 1) {
        hint_moves(e, (int)hint_n);
    } else if (strcmp(cmd, "go") == 0 || strcmp(cmd, "hint") == 0) {
        bb_othello_search_result r;
        input_arm_stop(e);
        int rc = search(e, &r);
        if (e->stop) {
            /* a ping or quit came during the search: abandoned, no answer */
        } else if (rc != 0) {
            status_error("%s: the search failed (out of memory)", cmd);
        } else if (strcmp(cmd, "go") == 0) {
            char mv[3];
            move_text(r.best, mv);
            printf("=== %s/%.2f\n", mv, r.score);
        } else {
            printf("search ");
            for (int i = 0; i < r.pv_length; i++) {
                char mv[3];
                move_text(r.pv[i], mv);
                printf("%s", mv);
            }
            printf(" %.2f 0 %d\n", r.score, r.exact ? 60 : r.depth);
            printf("status\n");
        }
    } else {
        status_error("unknown command '%s'", cmd);
    }
    fflush(stdout);
    return 0;
}

int cli_othello_nboard(int argc, char **argv, const cli_opts *o)
{
    engine e;
    memset(&e, 0, sizeof e);
    e.pos = bb_othello_start();
    e.have_pos = 1;
    e.depth = 12;
    if (o->format_given) return cli_error("othello nboard speaks the NBoard protocol: -o does not apply");
    for (int i = 1; i < argc; i++) {
        const char *v;
        if (cli_option_value(argc, argv, &i, "--depth", &v)) {
            int d = v ? atoi(v) : 0;
            if (d < 1 || d > BB_OTHELLO_SEARCH_MAX_DEPTH)
                return cli_error("--depth needs 1..%d%s%s%s", BB_OTHELLO_SEARCH_MAX_DEPTH, v ? " (not '" : "", v ? v : "",
                                 v ? "')" : "");
            e.depth = d;
        } else if (cli_option_value(argc, argv, &i, "--time", &v)) {
            char *end;
            double s = v ? strtod(v, &end) : 0;
            if (!v || *end || !(s > 0 && s <= BB_MAX_SECONDS))
                return cli_error("--time needs seconds, more than 0, up to %d", BB_MAX_SECONDS);
            e.seconds = s;
        } else if (strcmp(argv[i], "--no-probcut") == 0) {
            e.no_probcut = 1;
        } else if (cli_option_value(argc, argv, &i, "--threads", &v)) {
            int n = v ? atoi(v) : 0;
            if (n < 1 || n > BB_OTHELLO_SOLVE_MAX_THREADS)
                return cli_error("--threads needs 1..%d%s%s%s", BB_OTHELLO_SOLVE_MAX_THREADS, v ? " (not '" : "", v ? v : "",
                                 v ? "')" : "");
            e.threads = n;
        } else {
            return cli_error("othello nboard: unknown argument '%s': use --depth D, --time S, --threads N or --no-probcut",
                             argv[i]);
        }
    }
    input.stop = &e.stop;
    pthread_t reader;
    if (pthread_create(&reader, NULL, input_thread, NULL) != 0) return cli_error("othello nboard: cannot start a thread");
    pthread_detach(reader);
    char *line;
    int quit = 0;
    while (!quit && (line = input_next())) {
        quit = command(&e, line);
        free(line);
    }
    pthread_mutex_lock(&input.lock); /* what is still queued goes; the thread drops what it reads after this */
    input.closing = 1;
    while (input.count) free(input.lines[input.head++]), input.count--;
    free(input.lines);
    input.lines = NULL, input.head = input.cap = 0;
    pthread_mutex_unlock(&input.lock);
    bb_othello_search_table_free(e.table);
    return cli_check_output();
}
