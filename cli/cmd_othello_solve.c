/* bitboard othello solve POSITION|FILE: the exact endgame solver.
 * POSITION is a board string and side (one argument), `start`, or a
 * transcript from the start ("f5d6c3..."); FILE holds positions one a line
 * in the FFO/OBF layout (board, side, optional "; comment").  Prints the
 * score for the side to move, the best move, the principal variation, the
 * nodes and the time; -o json one object a position.  Before a position of
 * ESTIMATE_FROM empties or more, with the progress line, an estimate of its
 * nodes and time from a model fitted to measured solves. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

typedef struct {
    bb_othello_solve_opts opts;
    int json, quiet, show_progress, tty;
    int bad, solved;
    uint64_t nodes;
    double seconds;
    double estimate;     /* the current position's estimated nodes (0: none shown) */
    double last_line;    /* off a terminal: when the last progress line was written */
} solve_run;

/* The model of the estimate: nodes = NODES_AT_20 * GROWTH^(empties - 20),
 * fitted (least squares on the logarithms) to the exact one-thread solves of
 * FFO #40-#58 (20-30 empties) with the selective levels (docs/OTHELLO.md,
 * "How it searches"; 2026-11-27); 14 of the 19 lie within a factor SPREAD
 * of it (#55 took 6.8 times, #47 an eighth).  --wld searches about 5 times
 * fewer nodes, --no-eval about 6 times more; RATE is one thread's rate on
 * the solves before the levels (13-27 M nodes/s, Zen 4), not measured again
 * on a quiet machine since. */
#define NODES_AT_20 4.75e6
#define GROWTH 1.88
#define SPREAD 3
#define RATE 17e6
#define ESTIMATE_FROM 24

static void duration_text(double s, char *buf, size_t size)
{
    if (s < 90) snprintf(buf, size, "%.0f s", s);
    else if (s < 5400) snprintf(buf, size, "%.0f min", s / 60);
    else if (s < 172800) snprintf(buf, size, "%.1f hours", s / 3600);
    else snprintf(buf, size, "%.0f days", s / 86400);
}

/* Prints the estimate for pos (when it is worth one) and keeps its nodes for the progress line. */
static void show_estimate(solve_run *s, const bb_othello_pos *pos)
{
    int empties = 64 - bb_popcount(pos->p | pos->o);
    s->estimate = 0;
    if (!s->show_progress || empties < ESTIMATE_FROM) return;
    double nodes = NODES_AT_20;
    for (int e = 20; e < empties; e++) nodes *= GROWTH;
    if (s->opts.wld) nodes /= 5;
    if (s->opts.no_eval) nodes *= 6;
    s->estimate = nodes;
    char t[32], lo[32], hi[32];
    duration_text(nodes / RATE, t, sizeof t);
    duration_text(nodes / RATE / SPREAD, lo, sizeof lo);
    duration_text(nodes / RATE * SPREAD, hi, sizeof hi);
    fprintf(stderr, "othello solve: %d empties: an estimate, not a promise: about %.2g nodes, %s at one thread's "
                    "%.0f M nodes/s (most positions %s to %s; nodes grow about %.1fx an empty)\n",
            empties, nodes, t, RATE / 1e6, lo, hi, GROWTH);
}

static void square_text(int sq, char out[3])
{
    if (sq == BB_OTHELLO_PASS) out[0] = 'P', out[1] = 'A';
    else if (sq < 0 || sq > 63) out[0] = out[1] = '-';
    else out[0] = (char)('a' + (sq & 7)), out[1] = (char)('1' + (sq >> 3));
    out[2] = '\0';
}

/* The progress line: in place on a terminal, a line every 10 s elsewhere (--progress). */
static void progress(uint64_t nodes, double seconds, void *arg)
{
    solve_run *s = arg;
    if (!s->tty && seconds - s->last_line < 10) return;
    s->last_line = seconds;
    double rate = seconds > 0 ? nodes / seconds : 0;
    char left[64] = "";
    if (s->estimate > 0 && rate > 0) {
        char t[32];
        if (nodes < s->estimate) duration_text((s->estimate - nodes) / rate, t, sizeof t);
        snprintf(left, sizeof left, nodes < s->estimate ? ", about %s left (estimate)" : ", beyond the estimate", t);
    }
    fprintf(stderr, "%s%.1f M nodes, %.1f s, %.1f M nodes/s%s %s", s->tty ? "\r" : "", nodes / 1e6, seconds,
            rate / 1e6, left, s->tty ? "" : "\n");
}

static const char *result_word(const bb_othello_solve_result *r)
{
    return r->wld > 0 ? "win" : r->wld < 0 ? "loss" : "draw";
}

/* Solves one position and prints it; label names it (NULL: a lone argument). */
static int solve_one(solve_run *s, const bb_othello_pos *pos, const char *label, const char *comment)
{
    bb_othello_solve_result r;
    show_estimate(s, pos);
    int rc = bb_othello_solve(pos, &s->opts, &r);
    if (s->show_progress && s->tty) fprintf(stderr, "\r%*s\r", 78, "");
    if (rc == -1) {
        if (s->opts.hash_mb) cli_error("othello solve: a table of %zu MiB could not be allocated", s->opts.hash_mb);
        else cli_error("othello solve: the default table (up to 64 MiB) could not be allocated; try a smaller --hash");
        return 1;
    }
    if (rc == -2) return 130;
    s->solved++;
    s->nodes += r.nodes;
    s->seconds += r.seconds;
    char best[3], sq[3], board[BB_OTHELLO_FORMAT_MAX];
    square_text(r.best, best);
    bb_othello_format(board, sizeof board, pos);
    if (s->json) {
        printf("{");
        if (label) printf("\"line\":%s,", label);
        printf("\"position\":\"%s\",", board);
        /* --wld: the result and the range of scores it allows, never a "score" that reads as discs;
         * final scores are even (the empties go to the winner: 64 - 2 * the loser's discs) */
        if (s->opts.wld)
            printf("\"result\":\"%s\",\"score_range\":[%d,%d],", result_word(&r), r.wld > 0 ? 2 : r.wld < 0 ? -64 : 0,
                   r.wld > 0 ? 64 : r.wld < 0 ? -2 : 0);
        else printf("\"score\":%d,", r.score);
        if (r.bound && !s->opts.wld) printf("\"bound\":\"%s\",", r.bound > 0 ? "lower" : "upper");
        printf("\"best\":%s%s%s,\"pv\":[", r.best < 0 ? "" : "\"", r.best < 0 ? "null" : best, r.best < 0 ? "" : "\"");
        for (int i = 0; i < r.pv_length; i++) square_text(r.pv[i], sq), printf("%s\"%s\"", i ? "," : "", sq);
        printf("],\"nodes\":%llu,\"seconds\":%.3f}\n", (unsigned long long)r.nodes, r.seconds);
    } else {
        if (label) printf("line %s: ", label);
        if (s->opts.wld) printf("%s", result_word(&r));
        else printf("score %+d%s (%s)", r.score, r.bound > 0 ? " or more" : r.bound < 0 ? " or less" : "", result_word(&r));
        printf(", best %s, pv", best);
        for (int i = 0; i < r.pv_length; i++) square_text(r.pv[i], sq), printf(" %s", sq);
        if (r.pv_length == 0) printf(" (none)");
        printf(", %llu nodes, %.3f s", (unsigned long long)r.nodes, r.seconds);
        if (comment && *comment) printf(" ;%s", comment);
        printf("\n");
    }
    fflush(stdout);
    return 0;
}

/* A position argument: start, a board string and side, or a transcript. */
/* file_errno: why it could not be opened as a file. */
static int parse_arg(const char *text, bb_othello_pos *pos, int file_errno)
{
    bb_parse_error e, te;
    if (cli_name_is(text, "start")) {
        *pos = bb_othello_start();
        return 0;
    }
    if (bb_othello_parse(text, pos, &e) == 0) return 0;
    bb_othello_pos t = bb_othello_start();
    if (bb_othello_play_transcript(&t, text, &te) == 0) {
        *pos = t;
        return 0;
    }
    /* say what it looked most like */
    size_t n = strlen(text);
    if (strchr(text, ' ')) cli_error("'%.20s%s' is not a position: %s", text, n > 20 ? "..." : "", e.msg);
    else if (strchr(text, '/') || strchr(text, '.')) /* a file name: say why it was not read */
        cli_error("othello solve: cannot open '%s': %s", text, strerror(file_errno));
    else cli_error("'%s' is neither a position (a board string and side) nor a transcript: %s", text, te.msg);
    return -1;
}

typedef struct { solve_run *s; const char *path; } solve_lines;

/* One line of a FILE (cli_read_lines: blank and '#' lines skipped, a NUL
 * byte refused): a bad position is named and skipped. */
static int solve_line(char *line, long lineno, void *arg)
{
    solve_lines *l = arg;
    solve_run *s = l->s;
    if (strlen(line) > 1022) {
        cli_error("%s:%ld: the line is longer than %d characters", l->path, lineno, 1022);
        s->bad++;
        return 0;
    }
    line[strcspn(line, "\r\n")] = '\0';
    char *p = line;
    if (lineno == 1 && !memcmp(p, "\xef\xbb\xbf", 3)) p += 3; /* a UTF-8 byte-order mark */
    while (*p == ' ' || *p == '\t') p++;
    if (*p == '\0' || *p == '#' || *p == '%') return 0;
    char *semi = strchr(p, ';'), *comment = NULL;
    if (semi) *semi = '\0', comment = semi + 1;
    bb_othello_pos pos;
    bb_parse_error e;
    if (bb_othello_parse(p, &pos, &e) != 0) {
        cli_error("%s:%ld: %s", l->path, lineno, e.msg);
        s->bad++;
        return 0;
    }
    char label[32];
    snprintf(label, sizeof label, "%ld", lineno);
    return solve_one(s, &pos, label, comment);
}

static int solve_file(solve_run *s, const char *path)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
    if (!f) return cli_error("othello solve: cannot open '%s': %s", path, strerror(errno));
    solve_lines l = {s, path};
    int rc = cli_read_lines(f, path, solve_line, &l);
    if (f != stdin) fclose(f);
    return rc;
}

int cli_othello_solve(int argc, char **argv, const cli_opts *o)
{
    solve_run s;
    memset(&s, 0, sizeof s);
    const char *arg = NULL;
    int ended = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        int kind = cli_arg_kind(a, &ended);
        if (kind == CLI_ARG_END) continue;
        if (kind == CLI_ARG_OPERAND) {
            if (arg) return cli_error("othello solve takes one POSITION or FILE, not also '%s'", a);
            arg = a;
        } else if (strcmp(a, "--wld") == 0) {
            s.opts.wld = 1;
        } else if (strcmp(a, "--no-symmetry") == 0) {
            s.opts.no_symmetry = 1;
        } else if (strcmp(a, "--no-eval") == 0) {
            s.opts.no_eval = 1;
        } else if (strcmp(a, "--quiet") == 0) {
            s.quiet = 1;
        } else if (strcmp(a, "--progress") == 0) {
            s.show_progress = 1;
        } else if (cli_option_value(argc, argv, &i, "--threads", &v)) {
            char *end;
            long t = v ? strtol(v, &end, 10) : 0;
            if (!v || !(v[0] >= '0' && v[0] <= '9') || *end || t < 1 || t > BB_OTHELLO_SOLVE_MAX_THREADS)
                return cli_error("--threads: '%s' is not a number 1..%d", v ? v : "", BB_OTHELLO_SOLVE_MAX_THREADS);
            s.opts.threads = (int)t;
        } else if (cli_option_value(argc, argv, &i, "--hash", &v)) {
            char *end;
            long h = v ? strtol(v, &end, 10) : 0;
            /* 0, as the library's (and Python's) 0: sized from the position */
            if (!v || !(v[0] >= '0' && v[0] <= '9') || *end || h < 0 || h > BB_MAX_HASH_MB)
                return cli_error("--hash: '%s' is not a size in MiB 0..%d (0: the default)", v ? v : "", BB_MAX_HASH_MB);
            s.opts.hash_mb = (size_t)h;
        } else {
            return cli_error("othello solve: unknown option '%s' (bitboard help othello lists them)", a);
        }
    }
    if (!arg) return cli_error("othello solve needs a POSITION (board and side, start, or a transcript) or a FILE");
    s.json = o->format_given && o->format == BB_FORMAT_JSON;
    if (o->format_given && !s.json) return cli_error("othello solve: -o json or the default text");
    if (s.quiet && s.show_progress) return cli_error("othello solve: --quiet and --progress ask for opposite things");
    s.tty = isatty(2);
    s.show_progress = s.show_progress || (!s.quiet && s.tty);
    if (s.show_progress) s.opts.progress = progress, s.opts.progress_arg = &s;
    double t0 = cli_now();
    cli_interrupt_begin();
    s.opts.stop = (const volatile int *)&cli_interrupted;
    int rc;
    bb_othello_pos pos;
    int is_file = strcmp(arg, "-") == 0 || access(arg, R_OK) == 0, file_errno = errno;
    if (is_file) {
        rc = solve_file(&s, arg);
    } else {
        if (parse_arg(arg, &pos, file_errno) != 0) {
            cli_interrupt_end();
            return EXIT_USAGE;
        }
        rc = solve_one(&s, &pos, NULL, NULL);
    }
    cli_interrupt_end();
    if (rc == 130 || cli_interrupted) return cli_report_interrupt("othello solve", NULL, cli_now() - t0);
    if (is_file && !rc && !s.quiet && !s.json)
        fprintf(stderr, "%d position%s, %llu nodes, %.3f s, %.1f M nodes/s\n", s.solved, s.solved == 1 ? "" : "s",
                (unsigned long long)s.nodes,
                s.seconds, s.seconds > 0 ? s.nodes / s.seconds / 1e6 : 0.0);
    if (cli_check_output()) return 1;
    if (rc) return rc;
    return s.bad ? 1 : 0; /* a line that is not a position: the others were solved */
}
