/* bitboard othello match A B: two engines play each other from balanced
 * openings, each opening with both colours.  An engine is `depth:N` or
 * `time:S` (the midgame search), or `nboard:COMMAND` (any program that
 * speaks the NBoard protocol, started with /bin/sh -c COMMAND; this one's
 * `othello nboard` among them).  The openings: the distinct positions
 * (up to the 8 symmetries) after PLY moves from the start whose depth-4
 * search scores within 4 discs of even, in the order of their canonical
 * boards, N of them evenly spaced.  Prints each game, then a table of the
 * openings, the score and an Elo estimate with its 95% interval; Ctrl-C
 * keeps the games played.  --ggf FILE writes every game in GGF.  An nboard
 * engine that does not answer within --move-time seconds, answers what is
 * not a legal move, or ends, forfeits that game (one error line): it is
 * restarted and the match goes on.
 *
 * --clock S[+I]: each side has S seconds for the game (and I more after
 * each of its moves).  The match times every move (an nboard engine's from
 * the set game it is sent to its answer; the search's around it), sends
 * nboard engines the clock and every move's time in set game (TI and
 * MOVE//TIME, as the NBoard GUI does), and a side whose time runs out loses
 * the game on time (counted apart from the forfeits; an nboard engine that
 * has not answered when its time is out is restarted).  The engine `clock`
 * is the search within the library's budget for the time left
 * (bb_othello_clock_budget), as `othello nboard` plays under a clock.  The
 * summary then gives each engine's mean and longest move. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"

typedef struct {
    const char *spec;
    int depth;        /* depth:N */
    double seconds;   /* time:S */
    const char *cmd;  /* nboard:COMMAND */
    int clock;        /* clock: the search within the clock's budget */
    int timeouts;          /* games lost on time */
    double think, longest; /* the time its moves took (--clock), and the longest */
    long timed;            /* its moves timed */
    pid_t pid;
    FILE *to;
    int from;              /* the engine's output, read with a deadline */
    char rbuf[8192];       /* what was read from it and not yet taken */
    size_t rlen;
    int forfeits;
    int named;             /* its name taken (from set myname at the first start) */
    char name[64];
    bb_othello_search_table *table; /* depth:N and time:S: one kept from move to move, as an engine keeps one */
    uint64_t searched;              /* the squares taken in the position it last searched */
} player;

typedef struct { uint64_t p, o; int moves[60], n; } opening;

static int parse_player(const char *spec, player *pl)
{
    memset(pl, 0, sizeof *pl);
    pl->from = -1;
    pl->spec = spec;
    char *end;
    if (strncmp(spec, "depth:", 6) == 0) {
        long d = strtol(spec + 6, &end, 10);
        if (*end || d < 1 || d > BB_OTHELLO_SEARCH_MAX_DEPTH)
            return cli_error("othello match: '%s': depth:N needs N 1..%d", spec, BB_OTHELLO_SEARCH_MAX_DEPTH);
        pl->depth = (int)d;
    } else if (strncmp(spec, "time:", 5) == 0) {
        double s = strtod(spec + 5, &end);
        if (*end || !(s > 0 && s <= 3600)) return cli_error("othello match: '%s': time:S needs seconds above 0", spec);
        pl->seconds = s;
    } else if (strncmp(spec, "nboard:", 7) == 0 && spec[7]) {
        pl->cmd = spec + 7;
    } else if (strcmp(spec, "clock") == 0) {
        pl->clock = 1;
    } else {
        return cli_error("othello match: '%s' is not an engine: depth:N, time:S, clock or nboard:COMMAND", spec);
    }
    snprintf(pl->name, sizeof pl->name, "%s", spec);
    return 0;
}

/* Reads a line from an NBoard engine within `seconds`: 1, or 0 at its end,
 * -1 after the time (a line longer than the buffer comes in parts). */
static int engine_line(player *pl, char *buf, size_t size, double seconds)
{
    double deadline = cli_now() + seconds;
    for (;;) {
        char *nl = memchr(pl->rbuf, '\n', pl->rlen);
        if (nl || pl->rlen == sizeof pl->rbuf) {
            size_t n = nl ? (size_t)(nl - pl->rbuf) : pl->rlen, take = n < size - 1 ? n : size - 1;
            memcpy(buf, pl->rbuf, take);
            buf[take] = '\0';
            buf[strcspn(buf, "\r")] = '\0';
            size_t used = nl ? n + 1 : n;
            memmove(pl->rbuf, pl->rbuf + used, pl->rlen - used);
            pl->rlen -= used;
            return 1;
        }
        double left = deadline - cli_now();
        if (left <= 0) return -1;
        struct pollfd pf = {pl->from, POLLIN, 0};
        int r = poll(&pf, 1, left > 1e6 ? 1000000000 : (int)(left * 1000) + 1);
        if (r < 0 && errno == EINTR) {
            if (cli_interrupted) return 0;
            continue;
        }
        if (r == 0) continue;
        ssize_t k = r > 0 ? read(pl->from, pl->rbuf + pl->rlen, sizeof pl->rbuf - pl->rlen) : -1;
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return 0;
        pl->rlen += (size_t)k;
    }
}

static int start_engine(player *pl, double move_time)
{
    int in[2], out[2];
    if (pipe(in) != 0 || pipe(out) != 0) return cli_error("othello match: pipe: %s", strerror(errno)), 1;
    pl->pid = fork();
    if (pl->pid < 0) return cli_error("othello match: fork: %s", strerror(errno)), 1;
    if (pl->pid == 0) {
        setpgid(0, 0); /* its own group: a hung engine is ended with all it started */
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        execl("/bin/sh", "sh", "-c", pl->cmd, (char *)NULL);
        _exit(127);
    }
    close(in[0]), close(out[1]);
    pl->to = fdopen(in[1], "w");
    pl->from = out[0], pl->rlen = 0;
    if (!pl->to) return cli_error("othello match: fdopen: %s", strerror(errno)), 1;
    fprintf(pl->to, "nboard 2\nping 1\n");
    fflush(pl->to);
    char line[4096];
    int got;
    while ((got = engine_line(pl, line, sizeof line, move_time)) == 1) {
        if (strncmp(line, "set myname ", 11) == 0 && !pl->named)
            snprintf(pl->name, sizeof pl->name, "%.50s (nboard)", line + 11);
        if (strcmp(line, "pong 1") == 0) return pl->named = 1, 0;
    }
    if (got < 0) return cli_error("othello match: the engine '%s' did not answer ping in %g s", pl->cmd, move_time), 1;
    return cli_error("othello match: the engine '%s' ended before answering ping", pl->cmd), 1;
}

/* Ends an engine: quit, or (kill: it hung, died or misbehaved) SIGKILL to its group. */
static void stop_engine(player *pl, int kill_it)
{
    bb_othello_search_table_free(pl->table);
    pl->table = NULL;
    if (!pl->cmd || pl->pid <= 0) return;
    if (pl->to) {
        if (!kill_it) fprintf(pl->to, "quit\n");
        fclose(pl->to);
        pl->to = NULL;
    }
    if (kill_it) kill(-pl->pid, SIGKILL), kill(pl->pid, SIGKILL);
    if (pl->from >= 0) close(pl->from);
    pl->from = -1;
    int st;
    waitpid(pl->pid, &st, 0);
    pl->pid = 0;
}

/* The match's clock (--clock): each side's time for the game, its
 * increment; per game each move's time and each side's time left. */
typedef struct {
    int on;
    double initial, increment;
    double times[128];
    double left[2];
} match_clock;

/* The move player pl makes in the game so far (moves from the start): 0..63
 * or PASS; -1 after an error, -2 for an nboard engine's fault (why: what),
 * -3 for no answer within the clock's time left (the game lost on time). */
static int ask(player *pl, const int *moves, int n, const bb_othello_pos *pos, double move_time, const match_clock *mc,
               char *why, size_t why_size)
{
    int side = pos->side & 1;
    if (!pl->cmd) {
        bb_othello_search_opts o;
        memset(&o, 0, sizeof o);
        o.depth = pl->depth;
        o.seconds = pl->seconds;
        if (pl->clock) {
            bb_othello_budget b;
            bb_othello_clock_budget(pos, mc->on ? mc->left[side] : 0, mc->on ? mc->increment : 0, &b);
            o.seconds = b.hard;
        }
        o.stop = (const volatile int *)&cli_interrupted;
        if (!pl->table && !(pl->table = bb_othello_search_table_new(0))) return -1;
        /* a new game (a square taken in the last position searched is empty
           here): the table starts empty, as `othello nboard`'s does */
        uint64_t taken = pos->p | pos->o;
        if ((taken & pl->searched) != pl->searched) bb_othello_search_table_clear(pl->table);
        pl->searched = taken;
        o.table = pl->table;
        bb_othello_search_result r;
        if (bb_othello_search(pos, &o, &r) != 0) return -1;
        return r.best;
    }
    bb_othello_record g;
    bb_othello_record_init(&g);
    g.start = bb_othello_start();
    for (int i = 0; i < n; i++) g.moves[i] = (uint8_t)moves[i];
    g.count = n;
    char ggf[4096];
    bb_othello_clock c;
    memset(&c, 0, sizeof c);
    c.timed = mc->on;
    c.initial[0] = c.initial[1] = mc->initial, c.increment[0] = c.increment[1] = mc->increment;
    bb_othello_ggf_write_clock(ggf, sizeof ggf, &g, &c, mc->on ? mc->times : NULL);
    ggf[strcspn(ggf, "\r\n")] = '\0';
    /* with the clock, no answer once the time left is gone: lost on time */
    int on_time = mc->on && mc->left[side] < move_time;
    if (on_time) move_time = mc->left[side] > 0 ? mc->left[side] : 0;
    fprintf(pl->to, "set game %s\ngo\n", ggf);
    fflush(pl->to);
    char line[4096];
    int got;
    while ((got = engine_line(pl, line, sizeof line, move_time)) == 1) {
        if (strncmp(line, "=== ", 4) != 0) continue;
        char m[3] = {line[4], line[4] ? line[5] : 0, 0};
        if ((m[0] == 'P' || m[0] == 'p') && (m[1] == 'A' || m[1] == 'a') && !isalnum((unsigned char)line[6]))
            return BB_OTHELLO_PASS;
        int sq = isalnum((unsigned char)line[6]) ? -1 : bb_parse_square(m);
        if (sq >= 0) return sq;
        char shown[80];
        snprintf(shown, sizeof shown, "%.60s%s", line, strlen(line) > 60 ? "..." : "");
        for (char *c = shown; *c; c++)
            if ((unsigned char)*c < 32 || (unsigned char)*c == 127) *c = '?';
        snprintf(why, why_size, "answered '%s', not a move", shown);
        return -2;
    }
    if (got < 0 && on_time) return -3;
    if (got < 0) snprintf(why, why_size, "did not answer in %g s (--move-time)", move_time);
    else if (cli_interrupted) return -1;
    else snprintf(why, why_size, "ended in the middle of the game");
    return -2;
}

static void transcript(const int *moves, int n, char *buf)
{
    int k = 0;
    for (int i = 0; i < n; i++) {
        if (moves[i] == BB_OTHELLO_PASS) buf[k++] = 'P', buf[k++] = 'A';
        else buf[k++] = (char)('a' + (moves[i] & 7)), buf[k++] = (char)('1' + (moves[i] >> 3));
    }
    buf[k] = '\0';
}

/* Plays one game from the opening; *score: black's final disc difference.
 * 0; 1 after an error; 2 if interrupted; 3 if an nboard engine forfeited
 * (*loser: it; its error line written, *score +-64 against it); 4 if a side
 * lost on time (*loser, *score as for a forfeit; *answered 0 if it never
 * answered: an nboard engine is then still thinking). */
static int play_game(player *black, player *white, const opening *op, int *moves, int *n, int *score,
                     double move_time, match_clock *mc, player **loser, int *answered)
{
    bb_othello_pos pos = bb_othello_start();
    *n = 0;
    mc->left[0] = mc->left[1] = mc->initial;
    for (int i = 0; i < op->n; i++) {
        if (op->moves[i] == BB_OTHELLO_PASS) bb_othello_pass(&pos);
        else bb_othello_play(&pos, op->moves[i]);
        mc->times[*n] = 0;
        moves[(*n)++] = op->moves[i];
    }
    while (!bb_othello_game_over(&pos)) {
        if (cli_interrupted) return 2;
        int side = pos.side & 1;
        player *pl = side == BB_OTHELLO_BLACK ? black : white;
        char why[160];
        double t0 = cli_now();
        int sq = ask(pl, moves, *n, &pos, move_time, mc, why, sizeof why);
        double took = cli_now() - t0;
        if (cli_interrupted) return 2;
        if (sq == -1) return 1;
        if (mc->on && sq != -2) {
            pl->think += took, pl->timed++;
            if (took > pl->longest) pl->longest = took;
            mc->left[side] -= took;
            if (sq == -3 || mc->left[side] < 0) {
                char t[260];
                transcript(moves, *n, t);
                cli_error("othello match: %s loses the game on time after %s: %.3f s, %.3f s over", pl->name,
                          *n ? t : "the start", took, -mc->left[side]);
                *loser = pl, *answered = sq != -3;
                *score = pl == black ? -64 : 64;
                return 4;
            }
            mc->left[side] += mc->increment;
            mc->times[*n] = took;
        }
        int rc = sq == -2 ? -1 : sq == BB_OTHELLO_PASS ? bb_othello_pass(&pos) : bb_othello_play(&pos, sq);
        if (rc != 0) {
            if (sq != -2) {
                char t[3] = {(char)('a' + (sq & 7)), (char)('1' + (sq >> 3)), 0};
                snprintf(why, sizeof why, "played %s, which is not legal there", sq == BB_OTHELLO_PASS ? "a pass" : t);
            }
            char t[260];
            transcript(moves, *n, t);
            cli_error("othello match: %s forfeits the game after %s: it %s", pl->name, *n ? t : "the start", why);
            *loser = pl;
            *score = pl == black ? -64 : 64;
            return 3;
        }
        moves[(*n)++] = sq;
    }
    int s = bb_othello_final_score(pos.p, pos.o);
    *score = pos.side == BB_OTHELLO_BLACK ? s : -s;
    return 0;
}

/* The openings: distinct positions (canonical pairs) at `ply`, in the order of those pairs. */
typedef struct { opening *a; size_t n, cap; } openings;

static int cmp_opening(const void *x, const void *y)
{
    const opening *a = x, *b = y;
    if (a->p != b->p) return a->p < b->p ? -1 : 1;
    return a->o < b->o ? -1 : a->o > b->o;
}

static void walk(openings *set, bb_othello_pos pos, int *moves, int n, int ply)
{
    if (n == ply) {
        if (set->n == set->cap) {
            size_t cap = set->cap ? set->cap * 2 : 1024;
            opening *a = realloc(set->a, cap * sizeof *a);
            if (!a) return;
            set->a = a, set->cap = cap;
        }
        opening *op = &set->a[set->n++];
        op->p = pos.p, op->o = pos.o;
        bb_canonical_pair(&op->p, &op->o, NULL);
        memcpy(op->moves, moves, sizeof(int) * (size_t)n);
        op->n = n;
        return;
    }
    uint64_t m = bb_othello_moves(pos.p, pos.o);
    if (!m) return; /* openings without passes */
    for (; m; m &= m - 1) {
        int sq = bb_popcount((m & (0 - m)) - 1);
        bb_othello_pos next = pos;
        bb_othello_play(&next, sq);
        moves[n] = sq;
        walk(set, next, moves, n + 1, ply);
    }
}

static int balanced_openings(int ply, int want, opening **out, int *count)
{
    openings set = {NULL, 0, 0};
    int moves[60];
    walk(&set, bb_othello_start(), moves, 0, ply);
    if (!set.n) return cli_error("othello match: no openings at ply %d", ply);
    qsort(set.a, set.n, sizeof *set.a, cmp_opening);
    size_t k = 0;
    for (size_t i = 0; i < set.n; i++) /* one of each position */
        if (i == 0 || cmp_opening(&set.a[i], &set.a[k - 1]) != 0) set.a[k++] = set.a[i];
    size_t kept = 0;
    for (size_t i = 0; i < k; i++) { /* balanced: a depth-4 search within 4 discs of even */
        bb_othello_pos pos = {set.a[i].p, set.a[i].o, 0};
        bb_othello_search_opts o;
        memset(&o, 0, sizeof o);
        o.depth = 4;
        o.exact_empties = -1;
        bb_othello_search_result r;
        if (bb_othello_search(&pos, &o, &r) == 0 && fabs(r.score) <= 4) set.a[kept++] = set.a[i];
    }
    if ((int)kept < want) {
        free(set.a);
        return cli_error("othello match: %zu balanced openings at ply %d, fewer than the %d asked for", kept, ply, want);
    }
    opening *pick = malloc(sizeof *pick * (size_t)want);
    if (!pick) return free(set.a), cli_error("out of memory");
    for (int i = 0; i < want; i++) pick[i] = set.a[(size_t)i * kept / (size_t)want];
    free(set.a);
    *out = pick, *count = want;
    return 0;
}

int cli_othello_match(int argc, char **argv, const cli_opts *o)
{
    const char *spec[2] = {NULL, NULL}, *ggf_path = NULL;
    int n_open = 8, ply = 6;
    double move_time = 60;
    match_clock mc;
    memset(&mc, 0, sizeof mc);
    if (o->format_given) return cli_error("othello match prints a report: -o does not apply (--ggf FILE writes the games)");
    int ended = 0;
    for (int i = 1; i < argc; i++) {
        const char *v;
        char *end;
        int kind = cli_arg_kind(argv[i], &ended);
        if (kind == CLI_ARG_END) continue;
        if (kind == CLI_ARG_OPERAND) {
            if (spec[1]) return cli_error("othello match takes two engines: '%s' is a third", argv[i]);
            spec[spec[0] ? 1 : 0] = argv[i];
        } else if (cli_option_value(argc, argv, &i, "--openings", &v)) {
            long x = v ? strtol(v, &end, 10) : 0;
            if (!v || *end || x < 1 || x > 10000) return cli_error("--openings needs a number 1..10000");
            n_open = (int)x;
        } else if (cli_option_value(argc, argv, &i, "--ply", &v)) {
            long x = v ? strtol(v, &end, 10) : 0;
            if (!v || *end || x < 1 || x > 10) return cli_error("--ply needs a number 1..10");
            ply = (int)x;
        } else if (cli_option_value(argc, argv, &i, "--move-time", &v)) {
            double x = v ? strtod(v, &end) : 0;
            if (!v || !*v || *end || !(x > 0 && x <= BB_MAX_SECONDS))
                return cli_error("--move-time needs seconds above 0, up to %d%s%s%s", BB_MAX_SECONDS, v ? " (not '" : "", v ? v : "",
                                 v ? "')" : "");
            move_time = x;
        } else if (cli_option_value(argc, argv, &i, "--clock", &v)) {
            double x = v ? strtod(v, &end) : 0, inc = 0;
            if (v && end != v && *end == '+') {
                const char *p = end + 1;
                inc = strtod(p, &end);
                if (end == p || !(inc >= 0 && inc <= BB_MAX_SECONDS)) end = (char *)"?";
            }
            if (!v || !*v || *end || !(x > 0 && x <= BB_MAX_SECONDS))
                return cli_error("--clock needs S[+I]: seconds for the game above 0, up to %d, and the seconds added "
                                 "after each move%s%s%s",
                                 BB_MAX_SECONDS, v ? " (not '" : "", v ? v : "", v ? "')" : "");
            mc.on = 1, mc.initial = x, mc.increment = inc;
        } else if (cli_option_value(argc, argv, &i, "--ggf", &v)) {
            if (!v || !*v) return cli_error("--ggf needs a FILE");
            ggf_path = v;
        } else {
            return cli_error("othello match: unknown option '%s': use --openings N, --ply P, --ggf FILE, --move-time S, "
                             "--clock S[+I]",
                             argv[i]);
        }
    }
    if (!spec[1]) return cli_error("othello match needs two engines A and B: depth:N, time:S, clock or nboard:COMMAND");
    player pl[2];
    if (parse_player(spec[0], &pl[0]) || parse_player(spec[1], &pl[1])) return EXIT_USAGE;
    if ((pl[0].clock || pl[1].clock) && !mc.on) return cli_error("othello match: the engine clock needs --clock S[+I]");
    opening *ops = NULL;
    int nops = 0;
    if (balanced_openings(ply, n_open, &ops, &nops)) return EXIT_USAGE;
    cli_outfile ggf_out, *ggf = NULL; /* the games, renamed into place at the end */
    if (ggf_path) {
        if (cli_outfile_open(&ggf_out, "--ggf", ggf_path, 0)) return free(ops), 1;
        ggf = &ggf_out;
    }
    int rc = 0;
    signal(SIGPIPE, SIG_IGN);
    for (int k = 0; k < 2 && !rc; k++)
        if (pl[k].cmd) rc = start_engine(&pl[k], move_time);
    if (rc) {
        for (int k = 0; k < 2; k++) stop_engine(&pl[k], 1);
        if (ggf) cli_outfile_close(ggf, 0);
        free(ops);
        return rc;
    }
    cli_interrupt_begin();
    printf("match: A = %s, B = %s; %d openings at ply %d, each with both colours: %d games", pl[0].name, pl[1].name,
           nops, ply, 2 * nops);
    if (mc.on) printf("; the clock: %g s a side, +%g s a move", mc.initial, mc.increment);
    printf("\n");
    int played = 0, wins = 0, draws = 0, losses = 0;
    double sum = 0, sum2 = 0;
    int (*results)[2] = calloc((size_t)nops, sizeof *results);
    int interactive = isatty(2);
    double t0 = cli_now();
    for (int i = 0; i < nops && !rc && !cli_interrupted; i++) {
        for (int a_black = 1; a_black >= 0 && !rc; a_black--) {
            int moves[128], n, score;
            if (interactive)
                fprintf(stderr, "\rgame %d of %d, %.0f s", played + 1, 2 * nops, cli_now() - t0), fflush(stderr);
            player *loser = NULL;
            int answered = 1;
            int g = play_game(a_black ? &pl[0] : &pl[1], a_black ? &pl[1] : &pl[0], &ops[i], moves, &n, &score,
                              move_time, &mc, &loser, &answered);
            if (g == 2) break;
            if (g == 1) {
                rc = 1;
                break;
            }
            if (g == 4) loser->timeouts++;
            if (loser && g == 3) loser->forfeits++;
            if (loser && loser->cmd && (g == 3 || !answered)) { /* the engine starts again for the next game */
                stop_engine(loser, 1);
                if (start_engine(loser, move_time)) rc = 1; /* the games so far still count */
            }
            int a_score = a_black ? score : -score;
            results[i][a_black ? 0 : 1] = a_score;
            double x = a_score > 0 ? 1 : a_score == 0 ? 0.5 : 0;
            wins += a_score > 0, draws += a_score == 0, losses += a_score < 0;
            sum += x, sum2 += x * x, played++;
            char t[260], o2[32];
            transcript(moves, n, t);
            transcript(ops[i].moves, ops[i].n, o2);
            if (interactive) fprintf(stderr, "\r%*s\r", 40, "");
            printf("game %d: opening %s, A %s: A %+d%s\n", played, o2, a_black ? "black" : "white", a_score,
                   !loser ? "" : g == 4 ? (loser == &pl[0] ? " (A loses on time)" : " (B loses on time)")
                                : loser == &pl[0] ? " (A forfeits)" : " (B forfeits)");
            if (ggf) {
                bb_othello_record rec;
                bb_othello_record_init(&rec);
                rec.start = bb_othello_start();
                for (int j = 0; j < n; j++) rec.moves[j] = (uint8_t)moves[j];
                rec.count = n;
                snprintf(rec.black, sizeof rec.black, "%.60s", a_black ? pl[0].name : pl[1].name);
                snprintf(rec.white, sizeof rec.white, "%.60s", a_black ? pl[1].name : pl[0].name);
                /* black's disc difference, as GGF writes it; a forfeit as GGF writes a
                   resignation, a loss on time as a time out */
                snprintf(rec.result, sizeof rec.result, "%+d.000%s", score, !loser ? "" : g == 4 ? ":t" : ":r");
                char buf[4096];
                bb_othello_clock c;
                memset(&c, 0, sizeof c);
                c.timed = mc.on;
                c.initial[0] = c.initial[1] = mc.initial, c.increment[0] = c.increment[1] = mc.increment;
                bb_othello_ggf_write_clock(buf, sizeof buf, &rec, &c, mc.on ? mc.times : NULL);
                cli_outfile_put(ggf, buf, strlen(buf));
                if (!strchr(buf, '\n')) cli_outfile_put(ggf, "\n", 1);
            }
            fflush(stdout);
        }
    }
    cli_interrupt_end();
    for (int k = 0; k < 2; k++) stop_engine(&pl[k], 0);
    if (ggf && cli_outfile_close(ggf, 1)) rc = 1;
    if (played) {
        printf("\n| opening | A black | A white |\n|---|---:|---:|\n");
        for (int i = 0; i < nops && 2 * i < played; i++) {
            char o2[32];
            transcript(ops[i].moves, ops[i].n, o2);
            printf("| %s | %+d |", o2, results[i][0]);
            if (2 * i + 1 < played) printf(" %+d |\n", results[i][1]);
            else printf(" - |\n");
        }
        double p = sum / played, var = sum2 / played - p * p, se = sqrt(var > 0 ? var / played : 0);
        printf("\nA: %d win%s, %d draw%s, %d loss%s of %d game%s: %.1f%%", wins, wins == 1 ? "" : "s", draws,
               draws == 1 ? "" : "s", losses, losses == 1 ? "" : "es", played, played == 1 ? "" : "s", 100 * p);
        if (pl[0].forfeits || pl[1].forfeits) printf("; forfeits: A %d, B %d", pl[0].forfeits, pl[1].forfeits);
        if (mc.on) printf("; lost on time: A %d, B %d", pl[0].timeouts, pl[1].timeouts);
        if (p <= 0 || p >= 1) {
            printf("; Elo beyond measure (%s every game)\n", p >= 1 ? "A won" : "B won");
        } else {
            double lo = p - 1.96 * se, hi = p + 1.96 * se;
            if (lo < 0.001) lo = 0.001;
            if (hi > 0.999) hi = 0.999;
#define ELO(x) (-400.0 * log10(1.0 / (x) - 1.0))
            double e = ELO(p);
            printf("; Elo %+.0f (95%%: %+.0f to %+.0f)\n", fabs(e) < 0.5 ? 0.0 : e, ELO(lo), ELO(hi));
        }
    }
    if (played && mc.on)
        for (int k = 0; k < 2; k++)
            printf("%s's moves: %ld timed, mean %.3f s, longest %.3f s\n", k ? "B" : "A", pl[k].timed,
                   pl[k].timed ? pl[k].think / (double)pl[k].timed : 0.0, pl[k].longest);
    free(results);
    free(ops);
    if (cli_check_output()) return 1;
    if (cli_interrupted) return cli_report_interrupt("othello match", NULL, cli_now() - t0);
    /* a forfeit or a loss on time: the report, then status 1 */
    return rc ? rc : pl[0].forfeits || pl[1].forfeits || pl[0].timeouts || pl[1].timeouts;
}
