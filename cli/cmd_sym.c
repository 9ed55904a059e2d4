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

static void print_named(const char *name, uint64_t x, const cli_opts *o)
{
    char buf[BB_FORMAT_MAX];
    bb_format_board(buf, sizeof buf, x, o->format, o->io_flags);
    if (o->format == BB_FORMAT_JSON) printf("{\"sym\":\"%s\",%s\n", name, buf + 1);
    else printf("%s %s\n", name, buf);
}

static void transform_flush(transform_ctx *c)
{
    bb_sym_apply_array(c->buf, c->buf, c->n, c->sym);
    for (size_t i = 0; i < c->n; i++) {
        if (c->o->format == BB_FORMAT_DIAGRAM && c->count++) putchar('\n');
        cli_print_board(c->buf[i], c->o);
    }
    c->n = 0;
}

static int transform_one(uint64_t x, void *p)
{
    transform_ctx *c = p;
    if (!c->all) {
        c->buf[c->n++] = x;
        if (c->n == BATCH) transform_flush(c);
        return 0;
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
    if (strcmp(argv[1], "all") == 0) c.all = 1;
    else if (bb_sym_from_name(argv[1], &c.sym) != 0)
        return cli_error("unknown symmetry '%s': use one of identity, rotate_cw, rotate_180, "
                         "rotate_ccw, flip_vertical, flip_horizontal, flip_diagonal, "
                         "flip_antidiagonal, or all", argv[1]);
    int rc = cli_for_each_board(argc, argv, 2, o, transform_one, &c);
    if (c.n) transform_flush(&c);
    return rc;
}

/* ---- canonical ----------------------------------------------------------------------- */

int cli_cmd_canonical(int argc, char **argv, const cli_opts *o)
{
    if (argc < 2 || argc > 3) return cli_error("canonical takes one BOARD, or two (a pair)");
    uint64_t p, q = 0;
    if (cli_parse_board(argv[1], 1, o, &p) != 0) return EXIT_USAGE;
    if (argc == 3 && cli_parse_board(argv[2], 2, o, &q) != 0) return EXIT_USAGE;
    bb_sym used;
    if (argc == 3) bb_canonical_pair(&p, &q, &used);
    else p = bb_canonical(p, &used);
    const char *name = bb_sym_name(used);
    char a[BB_FORMAT_MAX], b[BB_FORMAT_MAX];
    bb_format_board(a, sizeof a, p, o->format, o->io_flags);
    bb_format_board(b, sizeof b, q, o->format, o->io_flags);
    switch (o->format) {
    case BB_FORMAT_DIAGRAM:
        if (argc == 3) {
            uint64_t both[2] = {p, q};
            const char *titles[2] = {"board", "board2"};
            cli_print_diagrams(both, titles, 2, 2, o);
        } else {
            fputs(a, stdout);
        }
        printf("symmetry: %s\n", name);
        break;
    case BB_FORMAT_JSON:
        if (argc == 3) printf("{\"board\":%s,\"board2\":%s,\"sym\":\"%s\"}\n", a, b, name);
        else printf("{\"board\":%s,\"sym\":\"%s\"}\n", a, name);
        break;
    default:
        if (argc == 3) printf("%s %s %s\n", a, b, name);
        else printf("%s %s\n", a, name);
        break;
    }
    return 0;
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
    printf("A letter F under each of the 8 symmetries of the square (rank 8 on top):\n\n");
    cli_print_diagrams(img, names, BB_SYM_COUNT, 4, o);
    bb_sym used;
    uint64_t c = bb_canonical(f, &used);
    printf("\nAll eight share one canonical form, the least of the images:\n"
           "  bitboard -o hex canonical 0x%016llx  ->  0x%016llx %s\n",
           (unsigned long long)f, (unsigned long long)c, bb_sym_name(used));
    printf("so a transposition table stores one entry for the whole class.\n");
}
