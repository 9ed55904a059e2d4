/* line, deposit, rotate45, rotated, convert, and the lines part of the demo. */
#include <ctype.h>
#include <string.h>

#include "cli.h"

static int parse_line(const char *text, int argn, bb_line *line)
{
    if (bb_line_from_name(text, line) == 0) return 0;
    cli_error("argument %d: unknown line '%s': use rank, file, diagonal or antidiagonal", argn, text);
    return -1;
}

/* "0b00101001" for the low 8 bits of v; buf needs 11 bytes. */
static const char *binary8(unsigned v, char buf[11])
{
    buf[0] = '0', buf[1] = 'b';
    for (int i = 0; i < 8; i++) buf[2 + i] = (char)('0' + ((v >> (7 - i)) & 1));
    buf[10] = '\0';
    return buf;
}

/* Prints the 8 bits and a board: "0xBITS BOARD" on one line, or as json, or
 * a labelled diagram. */
static void print_bits_and_board(unsigned bits, uint64_t x, const char *what, const char *order, const cli_opts *o)
{
    char b[11], buf[BB_FORMAT_MAX];
    bb_format_board(buf, sizeof buf, x, o->format, o->io_flags);
    switch (o->format) {
    case BB_FORMAT_DIAGRAM:
        printf("bits: 0x%02x %s (%s)\n%s:\n%s", bits, binary8(bits, b), order, what, buf);
        break;
    case BB_FORMAT_JSON: printf("{\"bits\":\"0x%02x\",\"%s\":%s}\n", bits, what, buf); break;
    default: printf("0x%02x %s\n", bits, buf); break;
    }
}

static const char *bit_order(bb_line line)
{
    return line == BB_LINE_FILE ? "bit i = rank i+1" : "bit i = file a+i";
}

/* ---- line -------------------------------------------------------------------------- */

int cli_cmd_line(int argc, char **argv, const cli_opts *o)
{
    if (argc != 4) return cli_error("line takes BOARD SQUARE LINE: line 0x8142241818244281 e4 diagonal");
    uint64_t x;
    bb_line line;
    if (cli_parse_board(argv[1], 1, o, &x) != 0) return EXIT_USAGE;
    int sq = cli_parse_square(argv[2], 2);
    if (sq < 0 || parse_line(argv[3], 3, &line) != 0) return EXIT_USAGE;
    print_bits_and_board(bb_line_extract(x, sq, line), bb_line_mask(sq, line), "mask", bit_order(line), o);
    return 0;
}

/* ---- deposit -------------------------------------------------------------------------- */

/* BITS: a number 0..255, read by the board parser's number syntax (decimal,
 * 0x.. or 0b..); -1 (error printed) if it is anything else or too big. */
static int parse_bits(const char *text, int argn)
{
    size_t a = 0, n = strlen(text);
    while (a < n && isspace((unsigned char)text[a])) a++;
    while (n > a && isspace((unsigned char)text[n - 1])) n--;
    if (a == n || !isdigit((unsigned char)text[a]) || memchr(text + a, '\n', n - a))
        return cli_error("argument %d: '%s' is not a number (BITS is 0..255: decimal, 0x.. or 0b..)", argn, text), -1;
    uint64_t v;
    bb_parse_error e;
    if (bb_parse_board(text, 0, &v, &e) != 0) return cli_error("argument %d: %s", argn, e.msg), -1;
    if (v > 255) return cli_error("argument %d: %s is more than 8 bits (BITS is 0..255)", argn, text), -1;
    return (int)v;
}

int cli_cmd_deposit(int argc, char **argv, const cli_opts *o)
{
    if (argc != 4) return cli_error("deposit takes BITS SQUARE LINE: deposit 0xff e4 file");
    bb_line line;
    int bits = parse_bits(argv[1], 1);
    if (bits < 0) return EXIT_USAGE;
    int sq = cli_parse_square(argv[2], 2);
    if (sq < 0 || parse_line(argv[3], 3, &line) != 0) return EXIT_USAGE;
    cli_print_board(bb_line_deposit((unsigned)bits, sq, line), o);
    return 0;
}

/* ---- rotate45 and rotated ---------------------------------------------------------------- */

typedef struct { const char *name; uint64_t (*fn)(uint64_t); } named_fn;

static uint64_t prot_cw(uint64_t x) { return bb_pseudo_rotate45_cw(x); }
static uint64_t prot_ccw(uint64_t x) { return bb_pseudo_rotate45_ccw(x); }
static uint64_t prot_uncw(uint64_t x) { return bb_pseudo_unrotate45_cw(x); }
static uint64_t prot_unccw(uint64_t x) { return bb_pseudo_unrotate45_ccw(x); }
static uint64_t rot90(uint64_t x) { return bb_rotated90(x); }
static uint64_t rot45(uint64_t x) { return bb_rotated45(x); }
static uint64_t rot315(uint64_t x) { return bb_rotated315(x); }
static uint64_t unrot90(uint64_t x) { return bb_unrotated90(x); }
static uint64_t unrot45(uint64_t x) { return bb_unrotated45(x); }
static uint64_t unrot315(uint64_t x) { return bb_unrotated315(x); }

static const named_fn pseudo_fns[] = {
    {"cw", prot_cw}, {"ccw", prot_ccw}, {"uncw", prot_uncw}, {"unccw", prot_unccw},
};
static const named_fn rotated_fns[] = {
    {"90", rot90}, {"45", rot45}, {"315", rot315}, {"un90", unrot90}, {"un45", unrot45}, {"un315", unrot315},
};

/* Prints fn(x) for each board; diagrams apart by a blank line. */
typedef struct { uint64_t (*fn)(uint64_t); const cli_opts *o; long count; } apply_ctx;

static int apply_one(uint64_t x, void *p)
{
    apply_ctx *c = p;
    if (c->o->format == BB_FORMAT_DIAGRAM && c->count++) putchar('\n');
    cli_print_board(c->fn(x), c->o);
    return 0;
}

/* Applies the function named argv[1] to each BOARD argv[2..] ('-': stdin). */
static int apply_named(int argc, char **argv, const cli_opts *o, const named_fn *fns, size_t n, const char *choices)
{
    if (argc < 3) return cli_error("%s takes %s and at least one BOARD", argv[0], choices);
    const named_fn *f = NULL;
    for (size_t i = 0; i < n; i++)
        if (cli_name_is(argv[1], fns[i].name)) f = &fns[i];
    if (!f) return cli_error("argument 1: unknown %s '%s': use %s", argv[0], argv[1], choices);
    apply_ctx c = {f->fn, o, 0};
    return cli_for_each_board(argc, argv, 2, o, apply_one, &c);
}

int cli_cmd_rotate45(int argc, char **argv, const cli_opts *o)
{
    return apply_named(argc, argv, o, pseudo_fns, sizeof pseudo_fns / sizeof pseudo_fns[0], "cw, ccw, uncw or unccw");
}

int cli_cmd_rotated(int argc, char **argv, const cli_opts *o)
{
    return apply_named(argc, argv, o, rotated_fns, sizeof rotated_fns / sizeof rotated_fns[0],
                       "90, 45, 315, un90, un45 or un315");
}

/* ---- convert ---------------------------------------------------------------------------------- */

static int parse_mapping(const char *text, const char *what, bb_mapping *m)
{
    if (bb_mapping_from_name(text, m) == 0) return 0;
    cli_error("%s: unknown square mapping '%s': use lerf, lerbef, berlef, berf, lefr, lefber, befler or befr",
              what, text);
    return -1;
}

typedef struct { bb_mapping from, to; const cli_opts *o; long count; } convert_ctx;

static int convert_one(uint64_t x, void *p)
{
    convert_ctx *c = p;
    if (c->o->format == BB_FORMAT_DIAGRAM && c->count++) putchar('\n');
    cli_print_board(bb_mapping_convert(x, c->from, c->to), c->o);
    return 0;
}

int cli_cmd_convert(int argc, char **argv, const cli_opts *o)
{
    bb_mapping from = BB_MAP_LERF, to = BB_MAP_LERF;
    int i = 1, given = 0;
    for (; i < argc && strncmp(argv[i], "--", 2) == 0; i++) { /* --from M, --to M, --from=M, --to=M */
        const char *a = argv[i], *v = NULL;
        int is_from = strncmp(a, "--from", 6) == 0 && (a[6] == '\0' || a[6] == '=');
        int is_to = strncmp(a, "--to", 4) == 0 && (a[4] == '\0' || a[4] == '=');
        if (!is_from && !is_to)
            return cli_error("convert: unknown option '%s': use --from MAPPING and --to MAPPING", a);
        size_t k = is_from ? 6 : 4;
        if (a[k] == '=') v = a + k + 1;
        else if (i + 1 < argc) v = argv[++i];
        else return cli_error("%s needs a square mapping", a);
        if (parse_mapping(v, is_from ? "--from" : "--to", is_from ? &from : &to) != 0) return EXIT_USAGE;
        given = 1;
    }
    if (!given) { /* the positional form: convert FROM TO BOARD... */
        if (argc - i < 3) return cli_error("convert takes --from MAPPING --to MAPPING BOARD... (or FROM TO BOARD...)");
        if (parse_mapping(argv[i], "argument 1", &from) != 0 || parse_mapping(argv[i + 1], "argument 2", &to) != 0)
            return EXIT_USAGE;
        i += 2;
    }
    if (i >= argc) return cli_error("convert needs at least one BOARD");
    convert_ctx c = {from, to, o, 0};
    return cli_for_each_board(argc, argv, i, o, convert_one, &c);
}

/* ---- demo ---------------------------------------------------------------------------------------- */

void cli_demo_lines(const cli_opts *o)
{
    uint64_t x = 0x0000102A44A81000ULL; /* a small pattern around e4 */
    const bb_line lines[4] = {BB_LINE_RANK, BB_LINE_FILE, BB_LINE_DIAGONAL, BB_LINE_ANTIDIAGONAL};
    char b[11];
    printf("Any line through a square comes out as 8 bits and goes back in:\n\n");
    cli_print_board(x, o);
    printf("\n");
    for (int i = 0; i < 4; i++) {
        unsigned bits = bb_line_extract(x, BB_E4, lines[i]);
        printf("  %-12s through e4: 0x%02x %s  (%s)\n", bb_line_name(lines[i]), bits, binary8(bits, b),
               bit_order(lines[i]));
    }
    printf("\nbb_line_deposit puts them back.  Each is a shift, a pext/pdep (BMI2) or a\n"
           "multiplication, whichever measured fastest for the line (docs/LINES.md).\n");
    uint64_t img[4] = {x, bb_pseudo_rotate45_cw(x), bb_pseudo_rotate45_ccw(x), bb_rotated45(x)};
    const char *titles[4] = {"board", "pseudo-rotated cw", "pseudo-rotated ccw", "rotated-45 (Hyatt)"};
    printf("\nPseudo-rotations turn each file so that every diagonal lies on one rank\n"
           "(cw: a1-h8 on rank 1; ccw: a8-h1 on rank 1); Hyatt's rotated-45 board\n"
           "packs the 15 diagonals end to end, h1 first:\n\n");
    cli_print_diagrams(img, titles, 4, 4, o);
    printf("\n  bitboard -o hex rotated 45 0x%016llx  ->  0x%016llx\n", (unsigned long long)x,
           (unsigned long long)bb_rotated45(x));
}
