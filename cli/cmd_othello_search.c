/* bitboard othello search POSITION: the midgame search (iterative deepening
 * principal-variation search over the trained evaluation, the exact solver
 * near the end).  Prints the score for the side to move, whether it is
 * exact, the best move, the principal variation, the depth reached, the
 * nodes and the time; -o json one object. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static void square_text(int sq, char out[3])
{
    if (sq == BB_OTHELLO_PASS) out[0] = 'P', out[1] = 'A';
    else if (sq < 0 || sq > 63) out[0] = out[1] = '-';
    else out[0] = (char)('a' + (sq & 7)), out[1] = (char)('1' + (sq >> 3));
    out[2] = '\0';
}

static int number(const char *opt, const char *v, double lo, double hi, double *out)
{
    char *end;
    if (!v || !*v) return cli_error("%s needs a number", opt);
    double x = strtod(v, &end);
    if (*end || !(x >= lo && x <= hi)) return cli_error("%s: '%s' is not a number %g..%g", opt, v, lo, hi);
    *out = x;
    return 0;
}

int cli_othello_search(int argc, char **argv, const cli_opts *o)
{
    bb_othello_search_opts so;
    memset(&so, 0, sizeof so);
    const char *what = NULL;
    int json = o->format_given && o->format == BB_FORMAT_JSON;
    if (o->format_given && !json) return cli_error("othello search: -o json or the default text");
    int ended = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        double x;
        int kind = cli_arg_kind(a, &ended);
        if (kind == CLI_ARG_END) continue;
        if (kind == CLI_ARG_OPERAND) {
            if (what) return cli_error("othello search takes one POSITION: '%s' is one too many", a);
            what = a;
        } else if (cli_option_value(argc, argv, &i, "--depth", &v)) {
            /* 0, as the library's (and Python's) 0: no depth limit */
            if (number("--depth", v, 0, BB_OTHELLO_SEARCH_MAX_DEPTH, &x) || x != (int)x) return EXIT_USAGE;
            so.depth = (int)x;
        } else if (cli_option_value(argc, argv, &i, "--time", &v)) {
            if (number("--time", v, 0, BB_MAX_SECONDS, &x)) return EXIT_USAGE; /* 0: no time limit */
            so.seconds = x;
        } else if (cli_option_value(argc, argv, &i, "--hash", &v)) {
            if (number("--hash", v, 0, BB_MAX_HASH_MB, &x) || x != (int)x) return EXIT_USAGE; /* 0: the default */
            so.hash_mb = (size_t)x;
        } else if (cli_option_value(argc, argv, &i, "--exact-from", &v)) {
            if (number("--exact-from", v, -1, 60, &x) || x != (int)x) return EXIT_USAGE;
            so.exact_empties = x == 0 ? -1 : (int)x;
        } else if (strcmp(a, "--no-probcut") == 0) {
            so.no_probcut = 1;
        } else if (cli_option_value(argc, argv, &i, "--threads", &v)) {
            if (number("--threads", v, 1, BB_OTHELLO_SOLVE_MAX_THREADS, &x) || x != (int)x) return EXIT_USAGE;
            so.threads = (int)x;
        } else {
            return cli_error("othello search: unknown option '%s': use --depth D, --time S, --hash MB, --exact-from N, "
                             "--no-probcut, --threads N",
                             a);
        }
    }
    if (!what) return cli_error("othello search needs a POSITION (start, a board string and side, or a transcript)");
    if (so.depth == 0 && so.seconds == 0) so.depth = BB_OTHELLO_SEARCH_DEFAULT_DEPTH; /* neither limit */
    bb_othello_pos pos;
    bb_parse_error e, te;
    if (cli_name_is(what, "start")) pos = bb_othello_start();
    else if (bb_othello_parse(what, &pos, &e) != 0) {
        pos = bb_othello_start();
        if (bb_othello_play_transcript(&pos, what, &te) != 0)
            return cli_error("othello search: '%s' is neither a position (%s) nor a transcript (%s)", what, e.msg,
                             te.msg);
    }
    cli_interrupt_begin();
    so.stop = (const volatile int *)&cli_interrupted;
    bb_othello_search_result r;
    int rc = bb_othello_search(&pos, &so, &r);
    cli_interrupt_end();
    if (rc == -1) return cli_error("othello search: the table could not be allocated"), 1;
    if (rc == -2) return cli_report_interrupt("othello search", NULL, r.seconds);
    char best[3], sq[3];
    square_text(r.best, best);
    if (json) {
        printf("{\"score\":%.2f,\"exact\":%s,\"best\":%s%s%s,\"pv\":[", r.score, r.exact ? "true" : "false",
               r.best < 0 ? "" : "\"", r.best < 0 ? "null" : best, r.best < 0 ? "" : "\"");
        for (int i = 0; i < r.pv_length; i++) square_text(r.pv[i], sq), printf("%s\"%s\"", i ? "," : "", sq);
        printf("],\"depth\":%d,\"nodes\":%llu,\"seconds\":%.3f,\"stopped\":%s,\"wld\":%s}\n", r.depth,
               (unsigned long long)r.nodes, r.seconds, r.stopped ? "true" : "false",
               !r.wld_proven ? "null" : r.wld > 0 ? "\"win\"" : r.wld < 0 ? "\"loss\"" : "\"draw\"");
    } else {
        if (r.exact) printf("score %+.0f (exact)", r.score);
        else printf("score %+.2f (depth %d%s%s)", r.score, r.depth, r.stopped ? ", stopped" : "",
                    !r.wld_proven ? "" : r.wld > 0 ? ", a win proven" : r.wld < 0 ? ", a loss proven" : ", a draw proven");
        printf(", best %s, pv", best);
        for (int i = 0; i < r.pv_length; i++) square_text(r.pv[i], sq), printf(" %s", sq);
        if (r.pv_length == 0) printf(" (none)");
        printf(", %llu nodes, %.3f s\n", (unsigned long long)r.nodes, r.seconds);
    }
    if (cli_check_output()) return 1;
    /* Ctrl-C after a finished depth: that depth's answer, then the usual report */
    if (cli_interrupted) return cli_report_interrupt("othello search", NULL, r.seconds);
    return 0;
}
