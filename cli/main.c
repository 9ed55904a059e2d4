/* bitboard: the command-line tool.  Option parsing, help, shared I/O. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int cli_error(const char *fmt, ...)
{
    va_list ap;
    fputs("bitboard: error: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return EXIT_USAGE;
}

int cli_parse_board(const char *text, int argn, const cli_opts *o, uint64_t *out)
{
    bb_parse_error e;
    if (bb_parse_board(text, o->io_flags, out, &e) == 0) return 0;
    cli_error("board argument %d: %s", argn, e.msg);
    return -1;
}

int cli_parse_square(const char *text, int argn)
{
    int sq = bb_parse_square(text);
    if (sq < 0) cli_error("argument %d: '%s' is not a square (a1..h8)", argn, text);
    return sq;
}

int cli_read_stdin_boards(const cli_opts *o, int (*fn)(uint64_t x, void *ctx), void *ctx)
{
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    long lineno = 0;
    int rc = 0;
    while (rc == 0 && (len = getline(&line, &cap, stdin)) >= 0) {
        lineno++;
        if (memchr(line, '\0', (size_t)len)) {
            rc = cli_error("<stdin>:%ld: line contains a NUL byte", lineno);
            break;
        }
        size_t k = 0;
        while (line[k] == ' ' || line[k] == '\t') k++;
        if (line[k] == '\n' || line[k] == '\r' || line[k] == '\0' || line[k] == '#') continue;
        bb_parse_error e;
        uint64_t x;
        if (bb_parse_board(line, o->io_flags, &x, &e) != 0) {
            rc = cli_error("<stdin>:%ld: %s", lineno, e.msg);
            break;
        }
        rc = fn(x, ctx);
    }
    if (rc == 0 && ferror(stdin)) rc = (cli_error("reading standard input failed"), 1);
    free(line);
    return rc;
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
               "(e4,d5 or \"e4 d5\"; none for the empty board), or an 8-line diagram\n"
               "(rank 8 first; row 1 first with --othello).  '-' reads boards from\n"
               "standard input, one per line.\n\n"
               "Options:\n"
               "  -o, --output FORMAT   hex, diagram (the default), squares or json\n"
               "  --othello             diagrams with row 1 on top, files on top\n"
               "  -h, --help            this text;  bitboard help COMMAND for one command\n"
               "  --version             print the version\n\n"
               "Exit status: 0 on success, 2 on bad input or usage, 1 on an I/O error.\n");
}

int cli_cmd_help(int argc, char **argv, const cli_opts *o)
{
    (void)o;
    if (argc < 2) {
        print_usage(stdout);
        return 0;
    }
    if (argc > 2) return cli_error("help takes at most one command name");
    const cli_command *c = find_command(argv[1]);
    if (!c) return cli_error("no command '%s' (bitboard help lists them)", argv[1]);
    printf("usage: bitboard %s\n\n%s\n\n%s", c->usage, c->summary, c->help);
    return 0;
}

int main(int argc, char **argv)
{
    cli_opts o = {BB_FORMAT_DIAGRAM, 0, 0};
    char **args = argv; /* non-option arguments are compacted in place */
    int n = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "-o") == 0 || strcmp(a, "--output") == 0 || strncmp(a, "--output=", 9) == 0) {
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
            print_usage(stdout);
            return 0;
        } else if (strcmp(a, "--version") == 0) {
            printf("bitboard %s (symmetries: %s; arrays: %s)\n", bb_version(),
                   BB_HAVE_GFNI ? "gfni" : "portable", bb_sym_apply_array_impl());
            return 0;
        } else if (a[0] == '-' && a[1] != '\0' && !(a[1] >= '0' && a[1] <= '9')) {
            const cli_command *c = n > 0 ? find_command(args[0]) : NULL;
            if (!c || !c->own_options)
                return cli_error("unknown option '%s' (bitboard --help lists them)", a);
            args[n++] = argv[i]; /* the command parses its own options */
        } else {
            args[n++] = argv[i];
        }
    }
    if (n == 0) {
        print_usage(stderr);
        return EXIT_USAGE;
    }
    args[n] = NULL;
    if (strcmp(args[0], "help") == 0) return cli_cmd_help(n, args, &o);
    const cli_command *c = find_command(args[0]);
    if (!c) return cli_error("unknown command '%s' (bitboard help lists them)", args[0]);
    int rc = c->run(n, args, &o);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        cli_error("writing standard output failed");
        return rc ? rc : 1;
    }
    return rc;
}
