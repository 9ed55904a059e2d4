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
 * engine to stop thinking before its pong).
 *
 * The clock: a set game with a clock (TI, TB, TW and each move's /TIME,
 * bb_othello_ggf_read_clock) and the moves played on it (move M/EVAL/TIME)
 * give each side's time left; go then searches within the library's budget
 * for it (bb_othello_clock_budget: a `status clock ...` line says it), to
 * the depth set by --depth or set depth if one was (the clock caps it), else
 * as deep as the time allows; --time S stays S seconds a move, capped by the
 * clock's limit too.  Without a clock, as before: the depth, or --time. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

#define MOVE_TAG 40 /* the room for one move added to a game: B[f5/EVAL/TIME], 30 characters of notes */

typedef struct {
    bb_othello_pos pos;
    int have_pos;       /* 0 after a refused set game: go, hint and move refuse until a good one */
    int depth;          /* set depth, or --depth */
    int depth_given;    /* a depth was set (--depth, set depth): with a clock, it still applies */
    char *game;         /* the last set game with a clock, without its ";)", and the moves since */
    size_t game_cap;    /* its room: the set game and MOVE_TAG for each move a game may hold */
    bb_othello_clock clock; /* its clock (clock.timed 0: none) */
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

/* The budget for the side to move from the clock (none: 0). */
static double clock_limit(engine *e, int say)
{
    if (!e->clock.timed) return 0;
    int side = e->pos.side & 1;
    bb_othello_budget b;
    bb_othello_clock_budget(&e->pos, e->clock.left[side], e->clock.increment[side], &b);
    if (say)
        printf("status clock: %.3f s left, +%.3f a move: this move %.3f s, at most %.3f s\n", e->clock.left[side],
               e->clock.increment[side], b.soft, b.hard);
    return b.hard;
}

/* clock: a go (the clock's budget applies), not a hint */
static int search_with(engine *e, bb_othello_search_result *r, int clock)
{
    bb_othello_search_opts o;
    memset(&o, 0, sizeof o);
    o.depth = e->seconds > 0 ? 0 : e->depth;
    o.seconds = e->seconds;
    double limit = clock ? clock_limit(e, 1) : 0;
    if (limit > 0) {
        if (!(e->seconds > 0)) o.depth = e->depth_given ? e->depth : 0;
        if (!(o.seconds > 0) || o.seconds > limit) o.seconds = limit;
    }
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

static int search(engine *e, bb_othello_search_result *r) { return search_with(e, r, 0); }

/* set game: the game and its clock.  A clock it cannot read leaves the game
 * (read without it) and no clock, and says so. */
static void set_game(engine *e, const char *value)
{
    bb_othello_record g;
    bb_parse_error err;
    size_t used;
    bb_othello_pos end;
    e->have_pos = 0; /* a refused game leaves no position: the last one is not this one */
    free(e->game), e->game = NULL;
    memset(&e->clock, 0, sizeof e->clock);
    if (!value) {
        status_error("set game: no game");
        return;
    }
    size_t n = strlen(value);
    int clocked = bb_othello_ggf_read_clock(value, n, &used, &g, &e->clock, &err) == 1;
    if (!clocked) {
        memset(&e->clock, 0, sizeof e->clock);
        char why[sizeof err.msg];
        snprintf(why, sizeof why, "%s", err.msg);
        if (bb_othello_ggf_read(value, n, &used, &g, &err) != 1) {
            status_error("set game: %s", err.msg);
            return;
        }
        status_error("set game: the clock: %s (the game is taken, without a clock)", why);
    }
    if (bb_othello_record_replay(&g, &end, &err) != 0) {
        status_error("set game: %s", err.msg);
        return;
    }
    e->pos = end, e->have_pos = 1;
    if (!e->clock.timed) return;
    /* kept to add the moves that come with move M/EVAL/TIME */
    const char *close = strstr(value, ";)");
    size_t keep = close ? (size_t)(close - value) : n;
    e->game_cap = keep + MOVE_TAG * BB_OTHELLO_RECORD_MOVES + 3;
    if ((e->game = malloc(e->game_cap)) != NULL) memcpy(e->game, value, keep), e->game[keep] = '\0';
    else memset(&e->clock, 0, sizeof e->clock);
}

/* Adds the move (its square sqs, then nn characters of note: /EVAL/TIME) to
 * the kept game and reads its clock again: 1, or 0 and *err (the game as it was). */
static int clock_add(engine *e, int side, const char *sqs, const char *note, size_t nn, bb_parse_error *err)
{
    size_t len = strlen(e->game), used;
    snprintf(e->game + len, MOVE_TAG, "%c[%s%.*s]", side == BB_OTHELLO_BLACK ? 'B' : 'W', sqs, (int)nn, note);
    size_t n = strlen(e->game);
    memcpy(e->game + n, ";)", 3);
    bb_othello_record g;
    bb_othello_clock c;
    int ok = bb_othello_ggf_read_clock(e->game, n + 2, &used, &g, &c, err) == 1;
    if (ok) e->clock = c, e->game[n] = '\0';
    else e->game[len] = '\0';
    return ok;
}

/* After move M/EVAL/TIME was played (by side): the clock takes its time, read
 * as the game's own moves are (the move added to the kept game, read again).
 * A time it cannot read: a status line, and the move counts without it. */
static void clock_move(engine *e, int side, int sq, const char *text)
{
    if (!e->clock.timed || !e->game) return;
    char sqs[3] = "pa";
    if (sq != BB_OTHELLO_PASS) sqs[0] = (char)('a' + (sq & 7)), sqs[1] = (char)('1' + (sq >> 3));
    if (strlen(e->game) + MOVE_TAG + 3 > e->game_cap) { /* cannot be: a game holds 120 moves */
        status_error("move: more moves than a game holds: no clock from here");
        memset(&e->clock, 0, sizeof e->clock);
        return;
    }
    size_t a = strcspn(text, "/ \t");
    const char *note = text[a] == '/' ? text + a : "";
    size_t nn = strcspn(note, " \t");
    bb_parse_error err;
    int odd = nn > MOVE_TAG - 8 || strcspn(note, "[]();") < nn; /* not a note: it would change the game */
    if (odd) snprintf(err.msg, sizeof err.msg, "not /EVAL/TIME");
    if (nn == 0 || (!odd && clock_add(e, side, sqs, note, nn, &err))) return;
    status_error("move '%s': the time is not read (%s): the move counts without it", text, err.msg);
    if (!clock_add(e, side, sqs, "", 0, &err)) {
        status_error("move: the clock: %s (no clock from here)", err.msg);
        memset(&e->clock, 0, sizeof e->clock);
    }
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
            else if (e->depth = (int)d, e->depth_given = 1, e->seconds > 0)
                printf("status depth %ld kept, but --time %g decides each move\n", d, e->seconds); /* not silently */
        } else if (strcmp(what, "contempt") == 0) {
            /* taken, not used: the search plays for the disc difference */
        } else if (strcmp(what, "game") == 0) {
            set_game(e, value);
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
        int side = e->pos.side & 1;
        int bad = sq == -2 || sq == -1 ||
                  (sq == BB_OTHELLO_PASS ? bb_othello_pass(&e->pos) : bb_othello_play(&e->pos, sq)) != 0;
        if (bad) status_error("move '%s' is not legal here", rest ? rest : "");
        else clock_move(e, side, sq, rest);
    } else if (strcmp(cmd, "hint") == 0 && hint_n > 1) {
        hint_moves(e, (int)hint_n);
    } else if (strcmp(cmd, "go") == 0 || strcmp(cmd, "hint") == 0) {
        bb_othello_search_result r;
        input_arm_stop(e);
        int rc = search_with(e, &r, strcmp(cmd, "go") == 0);
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
            e.depth = d, e.depth_given = 1;
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
    free(e.game);
    return cli_check_output();
}
