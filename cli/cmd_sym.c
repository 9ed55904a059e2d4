/* show, transform, canonical, and the symmetry part of the demo. */
#include <string.h>

#include "cli.h"

/* ---- show ----------------------------------------------------------------------- */

typedef struct { const cli_opts *o; long count; } show_ctx;

static int show_one(uint64_t x, void *p)
{
    show_ctx *c = p;
    if (c->o->format == BB_FORMAT_DIAGRAM && c->count++) putchar('\n');
    cli_print_board(x, c->o);
    return 0;
}

int cli_cmd_show(int argc, char **argv, const cli_opts *o)
{
    show_ctx c = {o, 0};
    return cli_for_each_board(argc, argv, 1, o, show_one, &c);
}

/* ---- transform -------------------------------------------------------------------- */

enum { BATCH = 4096 };
typedef struct {
    const cli_opts *o;
    int all;
    bb_sym sym;
    long count;
    size_t n;
    uint64_t buf[BATCH];
} transform_ctx;

/* One image of transform all: "NAME VALUE", or {"sym":NAME,"board":BOARD}. */
static void print_named(const char *name, uint64_t x, const cli_opts *o)
{
    char buf[BB_FORMAT_MAX];
    bb_format_board(buf, sizeof buf, x, o->format, o->io_flags);
    if (o->format == BB_FORMAT_JSON) printf("{\"sym\":\"%s\",\"board\":%s}\n", name, buf);
    else printf("%s %s\n", name, buf);
}

/* Transforms and prints the batch; stops at the first failed write (1). */
static int transform_flush(transform_ctx *c)
{
    size_t n = c->n;
    c->n = 0;
    bb_sym_apply_array(c->buf, c->buf, n, c->sym);
    for (size_t i = 0; i < n; i++) {
        if (c->o->format == BB_FORMAT_DIAGRAM && c->count++) putchar('\n');
        cli_print_board(c->buf[i], c->o);
        if (cli_check_output()) return 1;
    }
    return 0;
}

static int transform_one(uint64_t x, void *p)
{
    transform_ctx *c = p;
    if (!c->all) {
        c->buf[c->n++] = x;
        return c->n == BATCH ? transform_flush(c) : 0;
    }
    uint64_t img[BB_SYM_COUNT];
    const char *names[BB_SYM_COUNT];
    for (int s = 0; s < BB_SYM_COUNT; s++) {
        img[s] = bb_sym_apply(x, (bb_sym)s);
        names[s] = bb_sym_name((bb_sym)s);
    }
    if (c->o->format == BB_FORMAT_DIAGRAM) {
        if (c->count++) putchar('\n');
        cli_print_diagrams(img, names, BB_SYM_COUNT, 4, c->o);
    } else {
        for (int s = 0; s < BB_SYM_COUNT; s++) print_named(names[s], img[s], c->o);
    }
    return 0;
}

int cli_cmd_transform(int argc, char **argv, const cli_opts *o)
{
    static transform_ctx c; /* the batch is too large for some stacks */
    memset(&c, 0, sizeof c);
    c.o = o;
    if (argc < 2)
        return cli_error("transform needs a symmetry (or all) and a BOARD: transform rotate_cw e4");
    if (cli_name_is(argv[1], "all")) c.all = 1;
    else if (bb_sym_from_name(argv[1], &c.sym) != 0)
        return cli_error("argument 1: unknown symmetry '%s': use one of identity, rotate_cw, rotate_180, "
                         "rotate_ccw, flip_vertical, flip_horizontal, flip_diagonal, "
                         "flip_antidiagonal, or all", argv[1]);
    int rc = cli_for_each_board(argc, argv, 2, o, transform_one, &c);
    if (c.n && rc != 1) { /* after a bad line, the boards before it still print */
        int wrc = transform_flush(&c);
        if (rc == 0) rc = wrc;
    }
    return rc;
}

/* ---- canonical ----------------------------------------------------------------------- */

/* A batch of boards or pairs becomes canonical in place, with the symmetry
 * used per element (the array forms choose vector code at run time). */
typedef struct {
    const cli_opts *o;
    int pair;
    long count;
    size_t n;
    uint64_t p[BATCH], q[BATCH];
    unsigned char used[BATCH];
} canonical_ctx;

/* One result: a diagram (two side by side for a pair) and "symmetry: SYM";
 * "VALUE SYM" / "VALUE VALUE2 SYM"; or {"sym":SYM,"board":B[,"board2":B2]}. */
static void print_canonical(canonical_ctx *c, uint64_t p, uint64_t q, bb_sym used)
{
    const cli_opts *o = c->o;
    const char *name = bb_sym_name(used);
    char a[BB_FORMAT_MAX], b[BB_FORMAT_MAX];
    bb_format_board(a, sizeof a, p, o->format, o->io_flags);
    bb_format_board(b, sizeof b, q, o->format, o->io_flags);
    switch (o->format) {
    case BB_FORMAT_DIAGRAM:
        if (c->count++) putchar('\n');
        if (c->pair) {
            uint64_t both[2] = {p, q};
            const char *titles[2] = {"board", "board2"};
            cli_print_diagrams(both, titles, 2, 2, o);
        } else {
            fputs(a, stdout);
        }
        printf("symmetry: %s\n", name);
        break;
    case BB_FORMAT_JSON:
        if (c->pair) printf("{\"sym\":\"%s\",\"board\":%s,\"board2\":%s}\n", name, a, b);
        else printf("{\"sym\":\"%s\",\"board\":%s}\n", name, a);
        break;
    default:
        if (c->pair) printf("%s %s %s\n", a, b, name);
        else printf("%s %s\n", a, name);
        break;
    }
}

/* Canonicalizes and prints the batch; stops at the first failed write (1). */
static int canonical_flush(canonical_ctx *c)
{
    size_t n = c->n;
    c->n = 0;
    if (c->pair) bb_canonical_pair_array(c->p, c->q, n, c->used);
    else bb_canonical_array(c->p, c->p, n, c->used);
    for (size_t i = 0; i < n; i++) {
        print_canonical(c, c->p[i], c->q[i], (bb_sym)c->used[i]);
        if (cli_check_output()) return 1;
    }
    return 0;
}

static int canonical_add(canonical_ctx *c, uint64_t p, uint64_t q)
{
    c->p[c->n] = p, c->q[c->n] = q;
    return ++c->n == BATCH ? canonical_flush(c) : 0;
}

/* A line of `canonical -`: one board. */
static int canonical_line(char *line, long lineno, void *ctx)
{
    canonical_ctx *c = ctx;
    bb_parse_error e;
    uint64_t x;
    if (strchr(line, '|'))
        return cli_error("<stdin>:%ld: a '|' (a pair?): `canonical - -` reads pairs, `canonical -` one board a line",
                         lineno);
    if (bb_parse_board(line, c->o->io_flags, &x, &e) != 0) return cli_error("<stdin>:%ld: %s", lineno, e.msg);
    return canonical_add(c, x, 0);
}

/* A line of `canonical - -`: "BOARD | BOARD2". */
static int canonical_pair_line(char *line, long lineno, void *ctx)
{
    canonical_ctx *c = ctx;
    char *bar = strchr(line, '|');
    if (!bar)
        return cli_error("<stdin>:%ld: a pair is two boards with '|' between them (e4,d5 | 0x1); no '|' here",
                         lineno);
    if (strchr(bar + 1, '|'))
        return cli_error("<stdin>:%ld: a second '|' at position %d; a pair is two boards with one '|' between them",
                         lineno, (int)(strchr(bar + 1, '|') - line) + 1);
    /* each board is parsed in place with the rest blanked, so positions count from the line's start */
    size_t at = (size_t)(bar - line);
    bb_parse_error e;
    uint64_t p, q;
    *bar = '\0';
    if (bb_parse_board(line, c->o->io_flags, &p, &e) != 0)
        return cli_error("<stdin>:%ld: the first board: %s", lineno, e.msg);
    memset(line, ' ', at + 1);
    if (bb_parse_board(line, c->o->io_flags, &q, &e) != 0)
        return cli_error("<stdin>:%ld: the second board: %s", lineno, e.msg);
    return canonical_add(c, p, q);
}

int cli_cmd_canonical(int argc, char **argv, const cli_opts *o)
{
    static canonical_ctx c; /* the batch is too large for some stacks */
    memset(&c, 0, sizeof c);
    c.o = o;
    if (argc < 2 || argc > 3)
        return cli_error("canonical takes one BOARD, or two (a pair); '-' ('- -' for pairs) reads standard input");
    c.pair = argc == 3;
    int dashes = 0;
    for (int i = 1; i < argc; i++) dashes += strcmp(argv[i], "-") == 0;
    int rc;
    if (dashes == argc - 1) { /* canonical - : boards; canonical - - : pairs */
        rc = cli_read_stdin_lines(c.pair ? canonical_pair_line : canonical_line, &c);
    } else if (dashes) {
        return cli_error("canonical reads a pair from standard input with '- -' (lines \"BOARD | BOARD2\"), "
                         "not with one '-'");
    } else {
        uint64_t p, q = 0;
        if (cli_parse_board(argv[1], 1, o, &p) != 0) return EXIT_USAGE;
        if (c.pair && cli_parse_board(argv[2], 2, o, &q) != 0) return EXIT_USAGE;
        rc = canonical_add(&c, p, q);
    }
    if (c.n && rc != 1) { /* after a bad line, the boards before it still print */
        int wrc = canonical_flush(&c);
        if (rc == 0) rc = wrc;
    }
    return rc;
}

/* ---- demo ------------------------------------------------------------------------------ */

void cli_demo_symmetries(const cli_opts *o)
{
    /* An "F": no symmetry maps it onto itself, so all 8 images differ. */
    uint64_t f = 0;
    const char *sq[] = {"c2", "c3", "c4", "c5", "c6", "c7", "d7", "e7", "f7", "d5", "e5"};
    for (size_t i = 0; i < sizeof sq / sizeof sq[0]; i++) f |= (uint64_t)1 << bb_parse_square(sq[i]);
    uint64_t img[BB_SYM_COUNT];
    const char *names[BB_SYM_COUNT];
    for (int s = 0; s < BB_SYM_COUNT; s++) {
        img[s] = bb_sym_apply(f, (bb_sym)s);
        names[s] = bb_sym_name((bb_sym)s);
    }
    if (o->io_flags & BB_IO_OTHELLO)
        printf("A letter F under each of the 8 symmetries of the square (row 1 on top, as\n"
               "--othello prints; the names are as seen with rank 8 on top, so on this page\n"
               "rotate_cw turns counter-clockwise):\n\n");
    else
        printf("A letter F under each of the 8 symmetries of the square (rank 8 on top):\n\n");
    cli_print_diagrams(img, names, BB_SYM_COUNT, 4, o);
    bb_sym used;
    uint64_t c = bb_canonical(f, &used);
    printf("\nAll eight share one canonical form, the least of the images:\n"
           "  bitboard -o hex canonical 0x%016llx  ->  0x%016llx %s\n",
           (unsigned long long)f, (unsigned long long)c, bb_sym_name(used));
    printf("so a transposition table stores one entry for the whole class.\n");
}
