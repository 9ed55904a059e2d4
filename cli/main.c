/* bitboard: the command-line tool.  Option parsing, help, shared I/O. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "mpi.h"

/* Writes msg to f with every byte outside printable ASCII escaped: \n, \t, \r,
 * else \xHH, so no argument can move the cursor or clear the terminal. */
void cli_put_escaped(const char *msg, FILE *f)
{
    static const char hex[] = "0123456789abcdef";
    for (const unsigned char *p = (const unsigned char *)msg; *p; p++) {
        if (*p >= 0x20 && *p <= 0x7e) fputc(*p, f);
        else if (*p == '\n') fputs("\\n", f);
        else if (*p == '\t') fputs("\\t", f);
        else if (*p == '\r') fputs("\\r", f);
        else fputc('\\', f), fputc('x', f), fputc(hex[*p >> 4], f), fputc(hex[*p & 15], f);
    }
}

int cli_error_rank = 0, cli_error_rank_speaks = 0;

int cli_error(const char *fmt, ...)
{
    char small[512], *msg = small;
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (k >= (int)sizeof small && (msg = malloc((size_t)k + 1)) != NULL) {
        va_start(ap, fmt);
        vsnprintf(msg, (size_t)k + 1, fmt, ap);
        va_end(ap);
    }
    if (!msg) msg = small; /* out of memory: the message cut short */
    cli_progress_clear(NULL); /* a progress line on the terminal goes first */
    if (cli_error_rank > 0) {
        /* bitboard-mpi: the other ranks found the same usage errors as rank 0, which
           prints them; their own errors come as one line with the rank */
        if (cli_error_rank_speaks) {
            char line[1024];
            snprintf(line, sizeof line, "bitboard (rank %d): error: %s\n", cli_error_rank, msg);
            fputs(line, stderr);
            fflush(stderr);
        }
        if (msg != small) free(msg);
        return EXIT_USAGE;
    }
    fputs("bitboard: error: ", stderr);
    cli_put_escaped(msg, stderr);
    fputc('\n', stderr);
    if (msg != small) free(msg);
    return EXIT_USAGE;
}

/* Reports a failed write on stdout (errno e, 0 if unknown), once; returns 1.
 * A closed pipe (EPIPE: `bitboard ... | head`) is how a filter's reader says
 * it has enough: status 1, no message (SIGPIPE is ignored, see main). */
static int output_error(int e)
{
    static int reported;
    if (!reported) {
        reported = 1;
        if (e == EPIPE) return 1;
        if (e) cli_error("writing standard output: %s", strerror(e));
        else cli_error("writing standard output failed");
    }
    return 1;
}

volatile sig_atomic_t cli_interrupted;
static struct sigaction interrupt_old;
static int interrupt_installed;

static void on_interrupt(int sig)
{
    (void)sig;
    cli_interrupted = 1;
}

void cli_interrupt_begin(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_interrupt;
    sa.sa_flags = SA_RESETHAND; /* a second Ctrl-C ends the program at once */
    sigemptyset(&sa.sa_mask);
    cli_interrupted = 0;
    interrupt_installed = sigaction(SIGINT, &sa, &interrupt_old) == 0;
}

void cli_interrupt_end(void)
{
    if (interrupt_installed) sigaction(SIGINT, &interrupt_old, NULL);
    interrupt_installed = 0;
}

/* The handler of cli_interrupt_exit_begin: async-signal-safe (clock_gettime,
 * write and _exit only; the number formatted by hand). */
static const char *exit_what;
static struct timespec exit_t0;
static void on_interrupt_exit(int sig)
{
    (void)sig;
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    long long ds = (long long)(t.tv_sec - exit_t0.tv_sec) * 10 + (t.tv_nsec - exit_t0.tv_nsec) / 100000000;
    if (ds < 0) ds = 0;
    char buf[256], digits[24];
    size_t n = 0, k = 0;
    const char *parts[3] = {"bitboard: ", exit_what, ": interrupted after "};
    for (int i = 0; i < 3; i++)
        for (const char *p = parts[i]; *p && n < 200; p++) buf[n++] = *p;
    long long whole = ds / 10;
    do digits[k++] = (char)('0' + whole % 10), whole /= 10;
    while (whole && k < sizeof digits);
    while (k) buf[n++] = digits[--k];
    buf[n++] = '.', buf[n++] = (char)('0' + ds % 10), buf[n++] = ' ', buf[n++] = 's', buf[n++] = '\n';
    ssize_t w = write(2, buf, n);
    (void)w;
    _exit(130);
}

void cli_interrupt_exit_begin(const char *what)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_interrupt_exit;
    sigemptyset(&sa.sa_mask);
    exit_what = what;
    clock_gettime(CLOCK_MONOTONIC, &exit_t0);
    cli_interrupted = 0;
    interrupt_installed = sigaction(SIGINT, &sa, &interrupt_old) == 0;
}

int cli_report_interrupt(const char *what, const char *detail, double seconds)
{
    fflush(stdout);
    fprintf(stderr, "bitboard: %s: interrupted%s%s after %.1f s\n", what, detail ? " " : "", detail ? detail : "",
            seconds);
    return 130;
}

double cli_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int cli_check_output(void)
{
    int e = errno; /* from the write that failed, if one did */
    return ferror(stdout) ? output_error(e) : 0;
}

int cli_arg_kind(const char *a, int *ended)
{
    if (*ended) return CLI_ARG_OPERAND;
    if (strcmp(a, "--") == 0) return *ended = 1, CLI_ARG_END;
    const char *p = a[0] == '-' ? a + 1 + (a[1] == '-') : a;
    if (p == a || !((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z'))) return CLI_ARG_OPERAND;
    for (; *p && *p != '='; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '-'))
            return CLI_ARG_OPERAND; /* "--XO-- X", "-x.o": cells, not an option's name */
    bb_othello_pos pos;
    return bb_othello_parse(a, &pos, NULL) == 0 ? CLI_ARG_OPERAND : CLI_ARG_OPTION;
}

/* If argv[*i] is option `name` (as "--name V" or "--name=V"), sets *value
 * (NULL if missing) and returns 1, stepping *i over a separate value. */
int cli_option_value(int argc, char **argv, int *i, const char *name, const char **value)
{
    const char *a = argv[*i];
    size_t k = strlen(name);
    if (strncmp(a, name, k) != 0 || (a[k] != '\0' && a[k] != '=')) return 0;
    if (a[k] == '=') *value = a + k + 1;
    else *value = *i + 1 < argc ? argv[++*i] : NULL;
    return 1;
}

int cli_parse_board(const char *text, int argn, const cli_opts *o, uint64_t *out)
{
    bb_parse_error e;
    if (strcmp(text, "-") == 0) {
        cli_error("board argument %d: '-' (standard input) does not work here; give the board itself", argn);
        return -1;
    }
    if (bb_parse_board(text, o->io_flags, out, &e) == 0) return 0;
    cli_error("board argument %d: %s", argn, e.msg);
    return -1;
}

int cli_name_is(const char *text, const char *name)
{
    for (; *text && *name; text++, name++)
        if ((*text >= 'A' && *text <= 'Z' ? *text - 'A' + 'a' : *text) != *name) return 0;
    return *text == *name;
}

int cli_parse_square(const char *text, int argn)
{
    int sq = bb_parse_square(text);
    if (sq < 0) cli_error("argument %d: '%s' is not a square (a1..h8)", argn, text);
    return sq;
}

int cli_parse_perft_depth(const char *text, int argn, long max, const char *why, long *depth)
{
    char *end;
    int digits = text[0] >= '0' && text[0] <= '9';
    errno = 0;
    *depth = strtol(text, &end, 10);
    if (!digits || *end) return cli_error("argument %d: DEPTH '%s' is not a number 0..%ld", argn, text, max);
    if (errno || *depth > max) return cli_error("argument %d: DEPTH %s is too deep: %s", argn, text, why);
    return 0;
}

int cli_read_stdin_lines(int (*fn)(char *line, long lineno, void *ctx), void *ctx)
{
    return cli_read_lines(stdin, NULL, fn, ctx);
}

int cli_input_lines(bb_input *in, int (*fn)(char *line, size_t len, long lineno, void *ctx), void *ctx)
{
    size_t cap = 1 << 16, n = 0, start = 0;
    char *b = malloc(cap);
    if (!b) return cli_error("out of memory");
    long lineno = 0, got;
    int rc = 0;
    while (rc == 0 && (got = bb_input_read(in, b + n, cap - n - 1)) > 0) { /* room kept for a NUL */
        n += (size_t)got;
        char *nl;
        while (rc == 0 && (nl = memchr(b + start, '\n', n - start)) != NULL) {
            size_t end = (size_t)(nl - b) + 1;
            char keep = b[end];
            b[end] = '\0'; /* each line is a string too (it ends in its newline) */
            rc = fn(b + start, end - start, ++lineno, ctx);
            b[end] = keep;
            start = end;
        }
        if (start > 0) memmove(b, b + start, n - start), n -= start, start = 0;
        if (n + 1 >= cap) { /* a line longer than the buffer: grow it */
            char *x = cap <= SIZE_MAX / 2 ? realloc(b, cap * 2) : NULL;
            if (!x) {
                free(b);
                return cli_error("out of memory: a line of more than %zu bytes", n);
            }
            b = x, cap *= 2;
        }
    }
    if (rc == 0 && bb_input_error(in)) rc = cli_error("%s", bb_input_error(in));
    else if (rc == 0 && n > 0) { /* the last line, without a newline */
        b[n] = '\0';
        rc = fn(b, n, ++lineno, ctx);
    }
    free(b);
    return rc;
}

int cli_read_lines(FILE *f, const char *name, int (*fn)(char *line, long lineno, void *ctx), void *ctx)
{
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    long lineno = 0;
    int rc = 0;
    while (rc == 0 && (errno = 0, len = getline(&line, &cap, f)) >= 0) {
        lineno++;
        if (memchr(line, '\0', (size_t)len)) {
            rc = cli_error("%s:%ld: line contains a NUL byte", name ? name : "<stdin>", lineno);
            break;
        }
        size_t k = 0;
        while (line[k] == ' ' || line[k] == '\t') k++;
        if (line[k] == '\n' || line[k] == '\r' || line[k] == '\0' || line[k] == '#') continue;
        rc = fn(line, lineno, ctx);
        if (rc == 0) rc = cli_check_output();
    }
    if (rc == 0 && ferror(f)) {
        int e = errno;
        if (name) { /* a named file that cannot be read is bad input (status 2), as one that cannot be opened */
            rc = cli_error("cannot read '%s': %s", name, e ? strerror(e) : "failed");
        } else {
            cli_error("reading standard input: %s", e ? strerror(e) : "failed");
            rc = 1;
        }
    }
    free(line);
    return rc;
}

typedef struct { const cli_opts *o; int (*fn)(uint64_t x, void *ctx); void *ctx; } board_lines;

static int board_line(char *line, long lineno, void *p)
{
    board_lines *b = p;
    bb_parse_error e;
    uint64_t x;
    if (bb_parse_board(line, b->o->io_flags, &x, &e) != 0) return cli_error("<stdin>:%ld: %s", lineno, e.msg);
    return b->fn(x, b->ctx);
}

int cli_read_stdin_boards(const cli_opts *o, int (*fn)(uint64_t x, void *ctx), void *ctx)
{
    board_lines b = {o, fn, ctx};
    return cli_read_stdin_lines(board_line, &b);
}

/* Runs fn on each board argument in argv[first..argc), or on stdin for "-". */
int cli_for_each_board(int argc, char **argv, int first, const cli_opts *o,
                       int (*fn)(uint64_t x, void *ctx), void *ctx)
{
    if (first >= argc) return cli_error("%s needs at least one BOARD (or '-' for standard input)", argv[0]);
    for (int i = first; i < argc; i++) {
        int rc;
        if (strcmp(argv[i], "-") == 0) {
            rc = cli_read_stdin_boards(o, fn, ctx);
        } else {
            uint64_t x;
            if (cli_parse_board(argv[i], i, o, &x) != 0) return EXIT_USAGE;
            rc = fn(x, ctx);
            if (rc == 0) rc = cli_check_output();
        }
        if (rc) return rc;
    }
    return 0;
}

void cli_print_board(uint64_t x, const cli_opts *o)
{
    char buf[BB_FORMAT_MAX];
    bb_format_board(buf, sizeof buf, x, o->format, o->io_flags);
    fputs(buf, stdout);
    if (o->format != BB_FORMAT_DIAGRAM) fputc('\n', stdout);
}

void cli_print_diagrams(const uint64_t *x, const char *const *titles, int n, int per_row, const cli_opts *o)
{
    for (int first = 0; first < n; first += per_row) {
        int k = n - first < per_row ? n - first : per_row;
        int w = 17; /* a diagram line is 17 characters wide; a longer title widens its row */
        char text[8][BB_FORMAT_MAX];
        const char *lines[8][9];
        for (int j = 0; j < k; j++) {
            int t = (int)strlen(titles[first + j]);
            if (t > w) w = t;
            bb_format_board(text[j], sizeof text[j], x[first + j], BB_FORMAT_DIAGRAM, o->io_flags);
            char *p = text[j];
            for (int l = 0; l < 9; l++) { /* split in place into 9 lines */
                lines[j][l] = p;
                p = strchr(p, '\n');
                *p++ = '\0';
            }
        }
        for (int l = -1; l < 9; l++) /* the titles, then the 9 diagram lines */
            for (int j = 0; j < k; j++) {
                const char *t = l < 0 ? titles[first + j] : lines[j][l];
                if (j + 1 < k) printf("%-*s    ", w, t);
                else printf("%s\n", t);
            }
        if (first + per_row < n) putchar('\n');
    }
}

/* ---- help ------------------------------------------------------------------------- */

static const cli_command *find_command(const char *name)
{
    for (int i = 0; i < cli_command_count; i++)
        if (strcmp(cli_commands[i].name, name) == 0) return &cli_commands[i];
    return NULL;
}

static void print_usage(FILE *f)
{
    fprintf(f, "usage: bitboard [-o hex|diagram|squares|json] [--othello] COMMAND [ARGS]\n\n"
               "Commands:\n");
    for (int i = 0; i < cli_command_count; i++)
        fprintf(f, "  %-38s %s\n", cli_commands[i].usage, cli_commands[i].summary);
    fprintf(f, "\nA BOARD is a number (0x10000000, 268435456, 0b1...), a square list\n"
               "(e4,d5 or \"e4 d5\"; none for the empty board), a diagram as printed\n"
               "(8 rows of 8 cells, rank 8 first, row 1 first with --othello; the row\n"
               "labels and the file letters may be left out), or a board as -o json\n"
               "prints it.  '-' reads boards from standard input, one per line.\n\n"
               "Options:\n"
               "  -o, --output FORMAT   hex, diagram (the default), squares or json\n"
               "  --othello             diagrams with row 1 on top, files on top\n"
               "  -h, --help            this text; after a COMMAND, that command's help\n"
               "  --version             print the version\n\n"
               "Exit status: 0 on success, 1 when reading or writing fails, 2 on bad\n"
               "input or usage.  man bitboard has the details.\n");
}

static void print_command_help(const cli_command *c)
{
    printf("usage: bitboard %s\n\n%s\n\n%s", c->usage, c->summary, c->help);
    for (const char *const *m = c->more; m && *m; m++) fputs(*m, stdout);
}

int cli_cmd_help(int argc, char **argv, const cli_opts *o)
{
    (void)o;
    if (argc < 2) {
        print_usage(stdout);
        return 0;
    }
    if (argc == 3 && strcmp(argv[1], "chess") == 0 && strcmp(argv[2], "pgn") == 0) {
        cli_chess_pgn_help(); /* the one subcommand with a page of its own */
        return 0;
    }
    if (argc > 2) return cli_error("help takes at most one command name (or: help chess pgn)");
    const cli_command *c = find_command(argv[1]);
    if (!c) return cli_error("no command '%s' (bitboard help lists them)", argv[1]);
    print_command_help(c);
    return 0;
}

/* Flushes and closes stdout; a failed write turns status 0 into 1. */
static int finish(int rc)
{
    errno = 0;
    int bad = fflush(stdout) != 0 || ferror(stdout);
    int e = errno;
    if (fclose(stdout) != 0 && !bad) bad = 1, e = errno;
    if (bad) {
        output_error(e);
        return rc ? rc : 1;
    }
    return rc;
}

static int run(int argc, char **argv);

/* bitboard-mpi (make MPI=1): MPI_Init and MPI_Finalize around the command.
 * With more than one rank only chess perft and othello perft run (they
 * split the work); every rank parses the same command line, so a usage
 * error is found by all of them and printed by rank 0 alone. */
int main(int argc, char **argv)
{
    if (!cli_dist_mpi()) return run(argc, argv);
    cli_mpi_init(&argc, &argv);
    int rank = cli_mpi_rank(), size = cli_mpi_size(), rc;
    cli_error_rank = rank;
    int perft = 0;
    for (int i = 1; i + 1 < argc; i++)
        if ((!strcmp(argv[i], "chess") || !strcmp(argv[i], "othello")))
            for (int j = i + 1; j < argc; j++)
                if (!strcmp(argv[j], "perft")) perft = 1;
    if (size > 1 && !perft) {
        if (rank == 0)
            cli_error("bitboard-mpi with %d ranks runs chess perft and othello perft; run other commands with "
                      "bitboard, or with one rank", size);
        rc = EXIT_USAGE;
    } else {
        /* the result is rank 0's to print; the other ranks' errors go to stderr */
        if (rank > 0 && !freopen("/dev/null", "w", stdout)) rc = cli_error("rank %d: cannot silence standard output", rank);
        else rc = run(argc, argv);
    }
    cli_mpi_finalize();
    return rc;
}

static int run(int argc, char **argv)
{
    cli_opts o = {BB_FORMAT_DIAGRAM, 0, 0};
    /* A reader that closes the pipe early ends the program through the
     * failed write (status 1, quietly), not through SIGPIPE (status 141). */
    signal(SIGPIPE, SIG_IGN);
    char **args = argv; /* non-option arguments are compacted in place */
    int n = 0, help = 0, ended = 0, end_pending = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int kind = cli_arg_kind(a, &ended);
        if (kind == CLI_ARG_END) {
            /* the end of the options: a command that parses its own options
               gets the "--" too (after its name), so it stops there as well */
            const cli_command *own = n > 0 ? find_command(args[0]) : NULL;
            if (n == 0) end_pending = 1;
            else if (own && own->own_options) args[n++] = argv[i];
            continue;
        }
        if (kind == CLI_ARG_OPERAND) {
            args[n++] = argv[i];
            if (n == 1 && end_pending) {
                const cli_command *own = find_command(args[0]);
                if (own && own->own_options) args[n++] = "--";
            }
            continue;
        }
        if (strcmp(a, "-o") == 0 || strcmp(a, "--output") == 0 || strncmp(a, "--output=", 9) == 0) {
            const cli_command *own = n > 0 ? find_command(args[0]) : NULL;
            if (own && own->own_output) { /* the command's own -o (perm: text, c, svg, html, json) */
                args[n++] = argv[i];
                if (a[1] != '-' || a[8] != '=') {
                    if (i + 1 < argc) args[n++] = argv[++i];
                }
                continue;
            }
            const char *v = NULL;
            if (a[1] == '-' && a[8] == '=') v = a + 9;
            else if (i + 1 < argc) v = argv[++i];
            if (!v) return cli_error("%s needs a format: hex, diagram, squares or json", a);
            if (bb_format_from_name(v, &o.format) != 0)
                return cli_error("unknown output format '%s': use hex, diagram, squares or json", v);
            o.format_given = 1;
        } else if (strcmp(a, "--othello") == 0) {
            o.io_flags |= BB_IO_OTHELLO;
        } else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            help = 1;
        } else if (strcmp(a, "--version") == 0) {
            printf("bitboard %s (symmetries: %s; arrays: %s)\n", bb_version(),
                   BB_HAVE_GFNI ? "gfni" : "portable", bb_sym_apply_array_impl());
            return finish(0);
        } else {
            const cli_command *c = n > 0 ? find_command(args[0]) : NULL;
            if (!c || !c->own_options) {
                for (int j = i + 1; n == 0 && j < argc; j++) { /* a command's option before its name? */
                    const cli_command *d = find_command(argv[j]);
                    if (d && d->own_options)
                        return cli_error("unknown option '%s' before the command: %s's own options go after "
                                         "its name (bitboard %s ... %s)", a, d->name, d->name, a);
                }
                return cli_error("unknown option '%s' (bitboard --help lists them)", a);
            }
            args[n++] = argv[i]; /* the command parses its own options */
        }
    }
    const cli_command *c = n > 0 ? find_command(args[0]) : NULL;
    if (help) { /* -h alone: the usage; after a command name: that command's help (a subcommand's own if it has one) */
        for (int k = 0; c && n > 1 && k < cli_subcommand_help_count; k++)
            if (!strcmp(cli_subcommand_helps[k].command, c->name) && !strcmp(cli_subcommand_helps[k].sub, args[1])) {
                fputs(cli_subcommand_helps[k].text, stdout);
                return finish(0);
            }
        if (c && n > 1 && !strcmp(c->name, "chess") && !strcmp(args[1], "pgn")) {
            cli_chess_pgn_help();
            return finish(0);
        }
        if (c) print_command_help(c);
        else print_usage(stdout);
        return finish(0);
    }
    if (n == 0) {
        print_usage(stderr);
        return EXIT_USAGE;
    }
    args[n] = NULL;
    if (!c && args[0][0] == '-' && !ended) return cli_error("unknown option '%s' (bitboard --help lists them)", args[0]);
    if (!c) return cli_error("unknown command '%s' (bitboard help lists them)", args[0]);
    return finish(c->run(n, args, &o));
}
