/* othello show|moves|play|perft, and the Othello part of the demo. */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "dist.h"

static const char *const color_names[2] = {"black", "white"};

typedef struct {
    const cli_opts *o;
    bb_othello_method method;
    int method_given;
    bb_othello_convention convention;
    int convention_given, threads, each, quiet;
    const char *moves; /* --moves */
    int moves_argn;
    long hash_mb;      /* --hash: perft's table in MiB, 0 none */
    int hash_given, no_symmetry;
    const char *journal; /* --journal: perft by subtrees, recorded (cli/dist.c) */
    int split;           /* --split: the subtrees' ply, -1 if not given */
    int no_fsync;        /* --no-fsync: the journal's lines are not synced */
} othello_opts;

/* perft's table when --hash is not given, sized from the depth (the deepest
 * with --each): none below depth 11 (the kernels count a shallow tree
 * faster than a table is set up: perft 9 took 0.23 s with 256 MiB, 0.007 s
 * without), then 4 MiB at depth 11, four times more a ply, 256 MiB from
 * depth 14 on (enough for depth 14 from the start: 3.5 million entries, 8
 * million places).  Measured on AMD Zen 5: docs/OTHELLO.md. */
static long default_hash_mb(long depth)
{
    if (depth < 11) return 0;
    if (depth >= 14) return 256;
    return 4L << (2 * (depth - 11));
}

/* ---- Shared pieces ---------------------------------------------------------------- */

/* Reads POSITION (argument argn): "start" or the board string and side. */
static int parse_position(const char *text, int argn, bb_othello_pos *pos)
{
    bb_parse_error e;
    if (cli_name_is(text, "start")) {
        *pos = bb_othello_start();
        return 0;
    }
    if (bb_othello_parse(text, pos, &e) == 0) return 0;
    bb_othello_pos played = bb_othello_start();
    bb_parse_error te;
    if (bb_othello_play_transcript(&played, text, &te) == 0 && played.p != bb_othello_start().p) {
        /* moves where a board was expected */
        const char *q = strchr(text, ' ') ? "'" : "";
        cli_error("argument %d: %s (it reads as a transcript: give it as --moves %s%.200s%s)", argn, e.msg, q, text, q);
        return -1;
    }
    cli_error("argument %d: %s%s", argn, e.msg,
              strncmp(e.msg, "missing the side", 16) == 0 ? " (quote the board and the side as one argument)" : "");
    return -1;
}

/* Plays --moves on *pos; -1 after printing the error. */
static int play_moves_option(const othello_opts *c, bb_othello_pos *pos)
{
    bb_parse_error e;
    if (!c->moves || bb_othello_play_transcript(pos, c->moves, &e) == 0) return 0;
    cli_error("--moves: %s", e.msg);
    return -1;
}

static uint64_t moves_of(const othello_opts *c, const bb_othello_pos *pos)
{
    return c->method_given ? bb_othello_moves_with(c->method, pos->p, pos->o) : bb_othello_moves(pos->p, pos->o);
}

static uint64_t flips_of(const othello_opts *c, const bb_othello_pos *pos, int sq)
{
    return c->method_given ? bb_othello_flips_with(c->method, pos->p, pos->o, sq)
                           : bb_othello_flips(pos->p, pos->o, sq);
}

/* "c4 d3 e6 f5" (square order) into buf; "none" for no square. */
static const char *square_list(uint64_t x, char *buf, size_t size)
{
    size_t n = 0;
    char name[3];
    buf[0] = '\0';
    if (!x) snprintf(buf, size, "none");
    for (int sq = 0; sq < 64 && n + 4 < size; sq++)
        if ((x >> sq) & 1) n += (size_t)snprintf(buf + n, size - n, n ? " %s" : "%s", bb_square_name(sq, name));
    return buf;
}

/* The position with row 1 on top; legal squares as '+' (if marks), or with
 * sq >= 0 the move as '@' and the discs it flips as '#'. */
static void draw(const bb_othello_pos *pos, uint64_t marks, int sq, uint64_t flips)
{
    uint64_t black = pos->side ? pos->o : pos->p, white = pos->side ? pos->p : pos->o;
    printf("  a b c d e f g h\n");
    for (int r = 0; r < 8; r++) {
        printf("%d", r + 1);
        for (int f = 0; f < 8; f++) {
            int s = 8 * r + f;
            uint64_t b = (uint64_t)1 << s;
            char ch = s == sq ? '@' : (flips & b) ? '#' : (black & b) ? 'X' : (white & b) ? 'O' : (marks & b) ? '+' : '-';
            printf(" %c", ch);
        }
        putchar('\n');
    }
}

/* "black (X)" */
static const char *side_name(const bb_othello_pos *pos, char buf[16])
{
    snprintf(buf, 16, "%s (%c)", color_names[pos->side & 1], (pos->side & 1) ? 'O' : 'X');
    return buf;
}

/* Prints a position in the output format: the diagram, the board string
 * (hex, squares), or JSON. */
static void print_position(const othello_opts *c, const bb_othello_pos *pos)
{
    char buf[BB_OTHELLO_FORMAT_MAX], line[80], moves[BB_FORMAT_MAX];
    switch (c->o->format) {
    case BB_FORMAT_DIAGRAM:
        bb_othello_format_diagram(buf, sizeof buf, pos);
        fputs(buf, stdout);
        break;
    case BB_FORMAT_JSON:
        bb_othello_format(line, sizeof line, pos);
        bb_format_board(moves, sizeof moves, moves_of(c, pos), BB_FORMAT_JSON, 0);
        printf("{\"position\":\"%s\",\"side\":\"%s\",\"black\":%d,\"white\":%d,\"moves\":%s,\"game_over\":%s}\n",
               line, color_names[pos->side & 1], bb_othello_discs(pos, BB_OTHELLO_BLACK),
               bb_othello_discs(pos, BB_OTHELLO_WHITE), moves, bb_othello_game_over(pos) ? "true" : "false");
        break;
    default:
        bb_othello_format(line, sizeof line, pos);
        printf("%s\n", line);
        break;
    }
}

/* ---- The subcommands ---------------------------------------------------------------- */

/* The position from the optional POSITION argument (or the start) and --moves. */
static int position_arg(const othello_opts *c, char **argv, const int *args, int nargs, bb_othello_pos *pos)
{
    *pos = bb_othello_start();
    if (nargs > 0 && parse_position(argv[args[0]], args[0], pos) != 0) return -1;
    return play_moves_option(c, pos);
}

static int cmd_show(const othello_opts *c, char **argv, const int *args, int n)
{
    bb_othello_pos pos;
    if (position_arg(c, argv, args, n > 0, &pos) != 0) return EXIT_USAGE;
    if (n > 1) return cli_error("othello show takes at most one POSITION: argument %d ('%s') is one too many", args[1],
                                argv[args[1]]);
    print_position(c, &pos);
    return 0;
}

static int cmd_moves(const othello_opts *c, char **argv, const int *args, int n)
{
    bb_othello_pos pos;
    int sq = -1, npos = 0;
    char list[256], name[3], who[16], line[80], board[BB_FORMAT_MAX];
    if (n > 2) return cli_error("othello moves takes [POSITION] [SQUARE]: argument %d ('%s') is one too many", args[2],
                                argv[args[2]]);
    if (n == 2) npos = 1;
    else if (n == 1 && bb_parse_square(argv[args[0]]) < 0) npos = 1;
    if (position_arg(c, argv, args, npos, &pos) != 0) return EXIT_USAGE;
    if (n > npos && (sq = cli_parse_square(argv[args[npos]], args[npos])) < 0) return EXIT_USAGE;
    side_name(&pos, who);
    bb_othello_format(line, sizeof line, &pos);
    if (sq < 0) {
        uint64_t m = moves_of(c, &pos);
        switch (c->o->format) {
        case BB_FORMAT_DIAGRAM:
            draw(&pos, m, -1, 0);
            if (m)
                printf("%s to move; %d legal move%s (+): %s\n", who, bb_popcount(m), bb_popcount(m) == 1 ? "" : "s",
                       square_list(m, list, sizeof list));
            else if (bb_othello_game_over(&pos)) printf("%s to move; game over: neither side has a move\n", who);
            else printf("%s to move; no legal move: %s must pass\n", who, color_names[pos.side & 1]);
            break;
        case BB_FORMAT_JSON:
            bb_format_board(board, sizeof board, m, BB_FORMAT_JSON, 0);
            printf("{\"position\":\"%s\",\"side\":\"%s\",\"moves\":%s}\n", line, color_names[pos.side & 1], board);
            break;
        default: cli_print_board(m, c->o); break;
        }
        return 0;
    }
    bb_square_name(sq, name);
    if (((pos.p | pos.o) >> sq) & 1)
        return cli_error("argument %d: %s is occupied: not a move for %s", args[npos], name, who);
    uint64_t f = flips_of(c, &pos, sq);
    if (!f) return cli_error("argument %d: %s flips nothing: not a legal move for %s", args[npos], name, who);
    switch (c->o->format) {
    case BB_FORMAT_DIAGRAM:
        draw(&pos, 0, sq, f);
        printf("@ %s plays %s   # flipped (%d): %s\n", who, name, bb_popcount(f), square_list(f, list, sizeof list));
        break;
    case BB_FORMAT_JSON:
        bb_format_board(board, sizeof board, f, BB_FORMAT_JSON, 0);
        printf("{\"position\":\"%s\",\"side\":\"%s\",\"square\":\"%s\",\"flips\":%s}\n", line,
               color_names[pos.side & 1], name, board);
        break;
    default: cli_print_board(f, c->o); break;
    }
    return 0;
}

static int cmd_play(const othello_opts *c, char **argv, const int *args, int n)
{
    bb_othello_pos pos;
    if (n == 0) return cli_error("othello play needs a POSITION (or start) and MOVES: othello play start f5 d6");
    pos = bb_othello_start();
    if (!cli_name_is(argv[args[0]], "start") && bb_othello_parse(argv[args[0]], &pos, NULL) != 0 &&
        bb_othello_play_transcript(&pos, argv[args[0]], NULL) == 0)
        return cli_error("argument %d: '%s' is moves, not a POSITION: give the position first (othello play start %s)",
                         args[0], argv[args[0]], argv[args[0]]);
    if (position_arg(c, argv, args, 1, &pos) != 0) return EXIT_USAGE;
    for (int i = 1; i < n; i++) {
        bb_parse_error e;
        if (bb_othello_play_transcript(&pos, argv[args[i]], &e) != 0)
            return cli_error("argument %d: %s", args[i], e.msg);
    }
    print_position(c, &pos);
    return 0;
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Ctrl-C during perft: cli_interrupt_begin's handler sets the flag, perft
 * stops (its stop flag), the command says so and exits 130 (128 + SIGINT). */

/* The progress line's state: printed once the run has taken half a second. */
typedef struct {
    int shown;   /* a line is on the terminal */
    int depth, each;
} progress_line;

/* "1.23 G", "45.6 M", "789 k" */
static const char *si(double x, char buf[24])
{
    if (x >= 1e12) snprintf(buf, 24, "%.2f T", x / 1e12);
    else if (x >= 1e9) snprintf(buf, 24, "%.2f G", x / 1e9);
    else if (x >= 1e6) snprintf(buf, 24, "%.1f M", x / 1e6);
    else snprintf(buf, 24, "%.0f", x);
    return buf;
}

/* The progress line on stderr: the depth reached (of the deepest asked, with
 * --each), the subtrees done, the leaves counted, the rate, the time, and the
 * time left if the remaining subtrees take as long as the done ones did. */
static void on_progress(const bb_othello_perft_stats *s, void *ctx)
{
    progress_line *pl = ctx;
    if (s->seconds < 0.5 || s->tasks_done == s->tasks || s->stopped) return;
    char a[24], b[24], ply[32], left[40] = "";
    if (pl->each) snprintf(ply, sizeof ply, "depth %d of %d", s->depth, pl->depth);
    else snprintf(ply, sizeof ply, "depth %d", s->depth);
    if (s->tasks_done > 0) {
        double rest = s->seconds * (double)(s->tasks - s->tasks_done) / (double)s->tasks_done;
        snprintf(left, sizeof left, ", about %.0f s left", rest);
    }
    fprintf(stderr, "\rperft: %s, %llu/%llu subtrees, %s leaves, %s leaves/s, %.1f s%s\033[K", ply,
            (unsigned long long)s->tasks_done, (unsigned long long)s->tasks, si((double)s->leaves, a),
            si((double)s->leaves / s->seconds, b), s->seconds, left);
    fflush(stderr);
    pl->shown = 1;
}

static void clear_progress(progress_line *pl)
{
    if (!pl->shown) return;
    fputs("\r\033[K", stderr);
    fflush(stderr);
    pl->shown = 0;
}

static int cmd_perft(const othello_opts *c, char **argv, const int *args, int n)
{
    bb_othello_pos pos;
    if (n == 0) return cli_error("othello perft needs a DEPTH: othello perft 8 [POSITION]");
    long depth;
    if (cli_parse_perft_depth(argv[args[0]], args[0], BB_OTHELLO_PERFT_MAX_DEPTH, BB_OTHELLO_PERFT_MAX_DEPTH_WHY,
                              &depth) != 0)
        return EXIT_USAGE;
    if (position_arg(c, argv, args + 1, n > 1, &pos) != 0) return EXIT_USAGE;
    if (n > 2) return cli_error("othello perft takes DEPTH [POSITION]: argument %d ('%s') is one too many", args[2],
                                argv[args[2]]);
    if (c->journal || c->split >= 0 || (cli_dist_mpi() && depth >= 1)) {
        if (c->each) return cli_error("--each does not go with --journal, --split or bitboard-mpi (one depth a run)");
        if (c->method_given) return cli_error("--method does not go with --journal, --split or bitboard-mpi");
        dist_job job;
        int split = c->split >= 0 ? c->split : cli_dist_default_split(DIST_OTHELLO, (int)depth);
        long mb = c->hash_given ? c->hash_mb : default_hash_mb(depth - split);
        int bad = cli_dist_job(&job, DIST_OTHELLO, depth, c->split, c->threads, (size_t)(mb > 0 ? mb : 0), c->journal,
                               c->no_fsync, c->quiet);
        if (bad) return bad;
        job.othello = pos;
        job.convention = c->convention;
        job.no_symmetry = c->no_symmetry;
        return cli_dist_perft(&job, c->o);
    }
    long mb = c->hash_given ? c->hash_mb : default_hash_mb(depth);
    bb_othello_tt *tt = NULL;
    if (mb > 0 && !(tt = bb_othello_tt_new((size_t)mb << 20))) {
        /* the machine, not the input: status 1 */
        cli_error("--hash %ld: cannot allocate a table of %ld MiB (try a smaller --hash, or 0 for none)", mb, mb);
        return 1;
    }
    progress_line pl = {0, (int)depth, c->each};
    bb_othello_perft_stats st, sum;
    memset(&sum, 0, sizeof sum);
    bb_othello_perft_opts po;
    memset(&po, 0, sizeof po);
    po.convention = c->convention;
    po.threads = c->threads;
    po.method = c->method_given ? c->method : BB_OTHELLO_DEFAULT;
    po.tt = tt;
    po.no_symmetry = c->no_symmetry;
    po.stop = &cli_interrupted;
    po.stats = &st;
    if (!c->quiet && isatty(2)) po.progress = on_progress, po.progress_ctx = &pl;
    cli_interrupt_begin();
    int rc = 0;
    uint64_t last = 0;
    double t0 = now();
    for (long k = c->each ? (depth > 0 ? 1 : 0) : depth; k <= depth && rc == 0; k++) {
        uint64_t count = bb_othello_perft(pos.p, pos.o, (int)k, &po);
        clear_progress(&pl);
        if (cli_interrupted || st.stopped) {
            char at[32];
            snprintf(at, sizeof at, "at depth %ld", k);
            rc = cli_report_interrupt("othello perft", at, now() - t0);
            break;
        }
        if (st.overflow) {
            cli_error("othello perft %ld: the count is 2^64 - 1 = 18446744073709551615 or more, too many for a "
                      "64-bit count (docs/OTHELLO.md says which depths fit)", k);
            rc = 1;
            break;
        }
        last = count;
        sum.leaves = sum.leaves + count < sum.leaves ? UINT64_MAX : sum.leaves + count;
        sum.probes += st.probes, sum.hits += st.hits, sum.stores += st.stores;
        if (c->o->format == BB_FORMAT_JSON)
            printf("{\"depth\":%ld,\"convention\":\"%s\",\"count\":%llu}\n", k, bb_othello_convention_name(c->convention),
                   (unsigned long long)count);
        else if (c->each) printf("%ld %llu\n", k, (unsigned long long)count);
        else printf("%llu\n", (unsigned long long)count);
        fflush(stdout);
        if (cli_check_output()) rc = 1;
    }
    cli_interrupt_end();
    double t = now() - t0;
    if (rc == 0 && !c->quiet) {
        /* the count at DEPTH; with --each, the time and rate are those of every depth counted */
        char all[64] = "";
        if (c->each && depth > 1) snprintf(all, sizeof all, "; depths 1..%ld: %llu leaves", depth, (unsigned long long)sum.leaves);
        fprintf(stderr, "perft: %llu leaves at depth %ld%s in %.3f s: %.1f M leaves/s (%s, %d thread%s)\n",
                (unsigned long long)last, depth, all, t, t > 0 ? (double)sum.leaves / t / 1e6 : 0.0,
                bb_othello_convention_name(c->convention), c->threads > 1 ? c->threads : 1, c->threads > 1 ? "s" : "");
        if (sum.probes)
            fprintf(stderr, "perft: table %ld MiB, %s: %llu probes, %.1f%% hits, %llu stores\n", mb,
                    c->no_symmetry ? "positions as they are" : "positions up to symmetry",
                    (unsigned long long)sum.probes, 100.0 * (double)sum.hits / (double)sum.probes,
                    (unsigned long long)sum.stores);
    }
    bb_othello_tt_free(tt);
    return rc;
}

/* ---- othello positions ----------------------------------------------------------- */

#include <sys/resource.h> /* getrusage: the peak memory (here, with its one user) */

/* N's limit: ply 12 has 562,280,115 distinct positions (OEIS A124005); their
 * set at most 3/4 full is 2^30 slots of 16 bytes, 16 GiB, and the canonical
 * forms' 4 GiB more: 20 GiB, most of the 24 GiB of the machine this was
 * written on, and more than most have. */
#define POSITIONS_MAX_PLIES 11

typedef struct {
    const othello_opts *c;
    double t0, last;
    int failed, done; /* a write failed; the last ply counted */
} positions_run;

static double peak_rss_mib(void)
{
    struct rusage u;
    return getrusage(RUSAGE_SELF, &u) == 0 ? (double)u.ru_maxrss / 1024.0 : 0.0; /* KiB on Linux */
}

/* bb_othello_positions' ply_done: prints the ply's line (and its time on
 * stderr); non-zero after a failed write. */
static int positions_ply(void *arg, int ply, uint64_t raw, uint64_t sym)
{
    positions_run *r = arg;
    r->done = ply;
    if (ply == 0) return 0;
    if (r->c->o->format == BB_FORMAT_JSON)
        printf("{\"ply\":%d,\"positions\":%llu,\"symmetric\":%llu}\n", ply, (unsigned long long)raw,
               (unsigned long long)sym);
    else printf("%d %llu %llu\n", ply, (unsigned long long)raw, (unsigned long long)sym);
    fflush(stdout);
    if (cli_check_output()) return r->failed = 1;
    double t = now();
    if (!r->c->quiet)
        fprintf(stderr, "positions: ply %d in %.3f s (%.3f s in all), peak RSS %.1f MiB\n", ply, t - r->last,
                t - r->t0, peak_rss_mib());
    r->last = t;
    return 0;
}

static int cmd_positions(const othello_opts *c, char **argv, const int *args, int n)
{
    bb_othello_pos pos;
    if (c->method_given || c->convention_given || c->each)
        return cli_error("othello positions takes --moves, --threads and --quiet only (--method, --convention and "
                         "--each are perft's): a pass is always a ply");
    if (n == 0) return cli_error("othello positions needs N, the plies to count: othello positions 8 [POSITION]");
    const char *d = argv[args[0]];
    char *end;
    long plies = strtol(d, &end, 10);
    if (!((d[0] >= '0' && d[0] <= '9') || (d[0] == '-' && d[1] >= '0' && d[1] <= '9')) || *end)
        return cli_error("argument %d: N '%s' is not a number: give the plies to count, 1..%d", args[0], d,
                         POSITIONS_MAX_PLIES);
    if (plies < 1)
        return cli_error("argument %d: N %s is too small: count at least 1 ply (1..%d)", args[0], d,
                         POSITIONS_MAX_PLIES);
    if (plies > POSITIONS_MAX_PLIES) /* strtol gives LONG_MAX past its range */
        return cli_error("argument %d: N %s is too large: at most %d plies, as ply 12 has 562 million distinct "
                         "positions (OEIS A124005), whose sets need 20 GiB",
                         args[0], d, POSITIONS_MAX_PLIES);
    if (position_arg(c, argv, args + 1, n > 1, &pos) != 0) return EXIT_USAGE;
    if (n > 2) return cli_error("othello positions takes N [POSITION]: argument %d ('%s') is one too many", args[2],
                                argv[args[2]]);
    uint64_t raw[POSITIONS_MAX_PLIES + 1], sym[POSITIONS_MAX_PLIES + 1];
    positions_run run;
    run.c = c, run.t0 = run.last = now(), run.failed = 0, run.done = -1;
    bb_othello_positions_opts po;
    memset(&po, 0, sizeof po);
    po.threads = c->threads;
    po.ply_done = positions_ply, po.arg = &run;
    /* no stop flag here: Ctrl-C ends the count at once, with perft's message
     * (the plies already printed stay) */
    cli_interrupt_exit_begin("othello positions");
    int rc = bb_othello_positions(&pos, (int)plies, raw, sym, &po);
    cli_interrupt_end();
    if (run.failed) return 1;
    if (rc == -1) {
        fprintf(stderr, "bitboard: error: othello positions: out of memory at ply %d (the sets held %.1f MiB)\n",
                run.done + 1, (double)po.peak_bytes / 1048576.0);
        return 1;
    }
    if (!c->quiet)
        fprintf(stderr, "positions: %ld plies in %.3f s; the sets held %.1f MiB at most, peak RSS %.1f MiB\n", plies,
                now() - run.t0, (double)po.peak_bytes / 1048576.0, peak_rss_mib());
    return 0;
}

/* ---- othello ------------------------------------------------------------------------ */

static const char sub_list[] = "show, moves, play, perft, positions, solve, search, nboard, match or games";

int cli_cmd_othello(int argc, char **argv, const cli_opts *o)
{
    /* the subcommands with options of their own */
    if (argc > 1 && strcmp(argv[1], "solve") == 0) return cli_othello_solve(argc - 1, argv + 1, o);
    if (argc > 1 && strcmp(argv[1], "search") == 0) return cli_othello_search(argc - 1, argv + 1, o);
    if (argc > 1 && strcmp(argv[1], "nboard") == 0) return cli_othello_nboard(argc - 1, argv + 1, o);
    if (argc > 1 && strcmp(argv[1], "match") == 0) return cli_othello_match(argc - 1, argv + 1, o);
    if (argc > 1 && strcmp(argv[1], "games") == 0) return cli_othello_games(argc - 1, argv + 1, o);
    othello_opts c;
    memset(&c, 0, sizeof c);
    c.o = o;
    c.threads = 1;
    c.split = -1;
    int *args = malloc(sizeof(int) * (size_t)(argc + 1)), n = 0, each_given = 0, quiet_given = 0;
    if (!args) return cli_error("out of memory");
    int rc = 0;
    const char *sub = NULL;
    int ended = 0;
    for (int i = 1; i < argc && rc == 0; i++) {
        const char *a = argv[i], *v;
        int kind = cli_arg_kind(a, &ended);
        if (kind == CLI_ARG_END) continue;
        if (kind == CLI_ARG_OPERAND) { /* a position (it may start with '-'), a move ("--" after the end: a pass) */
            if (!sub) sub = a;
            else args[n++] = i;
        } else if (cli_option_value(argc, argv, &i, "--method", &v)) {
            if (c.method_given) rc = cli_error("--method given twice");
            else if (!v) rc = cli_error("--method needs a method: lookup, shifts, avx2 or avx512");
            else if (bb_othello_method_from_name(v, &c.method) != 0)
                rc = cli_error("--method: unknown method '%s': use lookup, shifts, avx2 or avx512", v);
            else if (!bb_othello_method_available(c.method))
                rc = cli_error("--method %s: not available here (this CPU or build lacks %s)",
                               bb_othello_method_name(c.method), c.method == BB_OTHELLO_AVX2 ? "AVX2" : "AVX-512");
            c.method_given = 1;
        } else if (cli_option_value(argc, argv, &i, "--convention", &v)) {
            if (c.convention_given) rc = cli_error("--convention given twice");
            else if (!v) rc = cli_error("--convention needs a convention: oeis, bik or nopass");
            else if (bb_othello_convention_from_name(v, &c.convention) != 0)
                rc = cli_error("--convention: unknown convention '%s': use oeis, bik or nopass", v);
            c.convention_given = 1;
        } else if (cli_option_value(argc, argv, &i, "--threads", &v)) {
            char *end;
            long t = v ? strtol(v, &end, 10) : 0;
            if (!v) rc = cli_error("--threads needs a number 1..%d", BB_MAX_THREADS);
            else if (!(v[0] >= '0' && v[0] <= '9') || *end || t < 1 || t > BB_MAX_THREADS)
                rc = cli_error("--threads: '%s' is not a number 1..%d", v, BB_MAX_THREADS);
            c.threads = (int)t;
        } else if (cli_option_value(argc, argv, &i, "--moves", &v)) {
            if (c.moves) rc = cli_error("--moves given twice (put all the moves in one)");
            else if (!v) rc = cli_error("--moves needs a transcript: --moves f5d6c3");
            c.moves = v;
        } else if (cli_option_value(argc, argv, &i, "--hash", &v)) {
            char *end;
            long mb = v ? strtol(v, &end, 10) : 0;
            if (c.hash_given) rc = cli_error("--hash given twice");
            else if (!v) rc = cli_error("--hash needs a table size in MiB: 0..%d (0: no table)", BB_MAX_HASH_MB);
            else if (!(v[0] >= '0' && v[0] <= '9') || *end || mb < 0 || mb > BB_MAX_HASH_MB)
                rc = cli_error("--hash: '%s' is not a size in MiB 0..%d (0: no table)", v, BB_MAX_HASH_MB);
            c.hash_mb = mb;
            c.hash_given = 1;
        } else if (cli_option_value(argc, argv, &i, "--journal", &v)) {
            if (c.journal) rc = cli_error("--journal given twice");
            else if (!v || !*v) rc = cli_error("--journal needs a FILE (created, or read to go on from where it stopped)");
            c.journal = v;
        } else if (cli_option_value(argc, argv, &i, "--split", &v)) {
            char *end;
            long k = v ? strtol(v, &end, 10) : 0;
            if (c.split >= 0) rc = cli_error("--split given twice");
            else if (!v) rc = cli_error("--split needs a ply 0..59");
            else if (!(v[0] >= '0' && v[0] <= '9') || *end || k < 0 || k > 59)
                rc = cli_error("--split: '%s' is not a ply 0..59", v);
            c.split = (int)k;
        } else if (strcmp(a, "--no-fsync") == 0) {
            c.no_fsync = 1;
        } else if (strcmp(a, "--no-symmetry") == 0) {
            c.no_symmetry = 1;
        } else if (strcmp(a, "--each") == 0) {
            c.each = each_given = 1;
        } else if (strcmp(a, "--quiet") == 0) {
            c.quiet = quiet_given = 1;
        } else {
            rc = cli_error("othello: unknown option '%s': use --moves T, --method M, --convention C, --threads N, "
                           "--hash MB, --no-symmetry, --each, --quiet, --journal FILE, --split K or --no-fsync", a);
        }
    }
    if (rc == 0) {
        int is_perft = sub && strcmp(sub, "perft") == 0;
        if (!sub) rc = cli_error("othello needs a subcommand: %s (bitboard help othello)", sub_list);
        else if (strcmp(sub, "positions") == 0) rc = cmd_positions(&c, argv, args, n);
        else if (!is_perft && (c.convention_given || c.threads > 1 || each_given || quiet_given))
            rc = cli_error("--convention, --threads, --each and --quiet apply to othello perft, not %s", sub);
        else if (!is_perft && (c.hash_given || c.no_symmetry))
            rc = cli_error("--hash and --no-symmetry apply to othello perft, not %s", sub);
        else if (!is_perft && (c.journal || c.split >= 0 || c.no_fsync))
            rc = cli_error("--journal, --split and --no-fsync apply to othello perft, not %s", sub);
        else if (strcmp(sub, "play") == 0 && c.moves)
            rc = cli_error("othello play takes its moves as arguments, not --moves");
        else if (strcmp(sub, "show") == 0) rc = cmd_show(&c, argv, args, n);
        else if (strcmp(sub, "moves") == 0) rc = cmd_moves(&c, argv, args, n);
        else if (strcmp(sub, "play") == 0) rc = cmd_play(&c, argv, args, n);
        else if (is_perft) rc = cmd_perft(&c, argv, args, n);
        else rc = cli_error("othello: unknown subcommand '%s': use %s", sub, sub_list);
    }
    free(args);
    return rc;
}

/* ---- demo ------------------------------------------------------------------------------ */

/* The 8 bits of a line as cells, bit 0 first; set bits as ch, the move's own as '@' (at >= 0). */
static const char *bits_drawn(unsigned bits, char ch, int at, char buf[16])
{
    for (int i = 0; i < 8; i++) {
        buf[2 * i] = i == at ? '@' : (bits >> i) & 1 ? ch : '.';
        buf[2 * i + 1] = ' ';
    }
    buf[15] = '\0';
    return buf;
}

void cli_demo_othello(const cli_opts *o)
{
    bb_othello_pos pos = bb_othello_start();
    bb_othello_play_transcript(&pos, "f5d6c3d3c4f4f6f3e6e7d7g6", NULL);
    char list[256], who[16], b[4][16], sqname[3];
    uint64_t m = bb_othello_moves(pos.p, pos.o);
    printf("Othello after f5 d6 c3 d3 c4 f4 f6 f3 e6 e7 d7 g6; p holds the discs of\n"
           "the side to move, o the opponent's.  The legal moves, all at once by\n"
           "shifts in the 8 directions:\n\n");
    draw(&pos, m, -1, 0);
    printf("%s to move; %d legal moves (+): %s\n", side_name(&pos, who), bb_popcount(m),
           square_list(m, list, sizeof list));

    /* the move that flips along the most lines (then the most discs), and its
     * line that flips the most */
    int sq = -1, best = 0;
    for (int s = 0; s < 64; s++) {
        if (!((m >> s) & 1)) continue;
        uint64_t fl = bb_othello_flips_with(BB_OTHELLO_LOOKUP, pos.p, pos.o, s);
        int score = bb_popcount(fl);
        for (int l = 0; l < BB_LINE_COUNT; l++) score += (fl & bb_line_mask(s, (bb_line)l)) ? 100 : 0;
        if (score > best) sq = s, best = score;
    }
    if (sq < 0) return;
    uint64_t f = bb_othello_flips_with(BB_OTHELLO_LOOKUP, pos.p, pos.o, sq);
    bb_line line = BB_LINE_RANK;
    for (int l = BB_LINE_COUNT - 1; l >= 0; l--)
        if (bb_popcount(f & bb_line_mask(sq, (bb_line)l)) >= bb_popcount(f & bb_line_mask(sq, line))) line = (bb_line)l;
    bb_square_name(sq, sqname);
    const char *lname = bb_line_name(line);
    printf("\n%s flips %s.  The lookup method takes each of the 4 lines\n"
           "through the square, gathers it into 8 bits, looks the flips up and puts\n"
           "them back.  The %s through %s (bit i is the square on %s):\n\n",
           sqname, square_list(f, list, sizeof list), lname, sqname, line == BB_LINE_FILE ? "row i+1" : "file i");
    unsigned pb = bb_line_extract(pos.p, sq, line), ob = bb_line_extract(pos.o, sq, line);
    unsigned fb = bb_line_extract(f, sq, line);
    int at = line == BB_LINE_FILE ? bb_square_rank(sq) : bb_square_file(sq);
    char l1[64], l2[64];
    snprintf(l1, sizeof l1, "p: bb_line_extract(p, %s, %s)", sqname, lname);
    snprintf(l2, sizeof l2, "o: bb_line_extract(o, %s, %s)", sqname, lname);
    printf("  %-42s%s\n", "", line == BB_LINE_FILE ? "1 2 3 4 5 6 7 8" : "a b c d e f g h");
    printf("  %-42s%s  = 0x%02x\n", l1, bits_drawn(pb, 'X', at, b[0]), pb);
    printf("  %-42s%s  = 0x%02x\n", l2, bits_drawn(ob, 'O', at, b[1]), ob);
    printf("  %-42s%s  = 0x%02x\n", "flipped: the table's entry for (p, o, @)", bits_drawn(fb, '#', at, b[2]), fb);
    uint64_t dep = bb_line_deposit(fb, sq, line);
    uint64_t img[2] = {dep, f};
    const char *titles[2] = {"", "all 4 lines"};
    char t0[48];
    snprintf(t0, sizeof t0, "deposit(0x%02x, %s, %s)", fb, sqname, lname);
    titles[0] = t0;
    cli_opts d = *o;
    d.io_flags |= BB_IO_OTHELLO;
    printf("\nbb_line_deposit puts the 8 bits back on the %s; the other lines add\n"
           "their own (bb_othello_flips_with(BB_OTHELLO_LOOKUP, p, o, %s)):\n\n", lname, sqname);
    cli_print_diagrams(img, titles, 2, 2, &d);
    bb_othello_play(&pos, sq);
    printf("\nAfter %s (p ^= flips | %s, o ^= flips, then the sides swap):\n\n", sqname, sqname);
    char buf[BB_OTHELLO_FORMAT_MAX];
    bb_othello_format_diagram(buf, sizeof buf, &pos);
    fputs(buf, stdout);
}
