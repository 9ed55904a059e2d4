/* attacks, attacks --methods, and the attacks part of the demo. */
#include <string.h>

#include "cli.h"

enum { P_ROOK, P_BISHOP, P_QUEEN, P_KNIGHT, P_KING, P_PAWN, PIECE_COUNT };
static const char *const piece_names[PIECE_COUNT] = {"rook", "bishop", "queen", "knight", "king", "pawn"};
static const char piece_letters[PIECE_COUNT] = {'R', 'B', 'Q', 'N', 'K', 'P'};
static const char *const color_names[2] = {"white", "black"};

typedef struct {
    const cli_opts *o;
    int piece, sq, color; /* color: 0 white, 1 black (pawns) */
    int method_given;
    bb_attack_method method;
    long count; /* results printed so far */
} attacks_ctx;

/* The attack set of the context's piece with occupancy occ. */
static uint64_t attack_set(const attacks_ctx *c, uint64_t occ)
{
    int sq = c->sq;
    switch (c->piece) {
    case P_ROOK: return c->method_given ? bb_rook_attacks_with(c->method, sq, occ) : bb_rook_attacks(sq, occ);
    case P_BISHOP: return c->method_given ? bb_bishop_attacks_with(c->method, sq, occ) : bb_bishop_attacks(sq, occ);
    case P_QUEEN:
        return c->method_given ? bb_rook_attacks_with(c->method, sq, occ) | bb_bishop_attacks_with(c->method, sq, occ)
                               : bb_queen_attacks(sq, occ);
    case P_KNIGHT: return bb_knight_attacks(sq);
    case P_KING: return bb_king_attacks(sq);
    default: return bb_pawn_attacks(c->color, sq);
    }
}

/* Draws the attack set: the piece's letter on sq, x attacked, * attacked and
 * occupied, o occupied, . empty; rank 8 on top (row 1 and files on top with
 * BB_IO_OTHELLO), as bb_format_board draws a board. */
static void print_attack_diagram(int sq, char letter, uint64_t occ, uint64_t att, unsigned flags)
{
    static const char files[] = "  a b c d e f g h\n";
    int othello = (flags & BB_IO_OTHELLO) != 0;
    if (othello) fputs(files, stdout);
    for (int i = 0; i < 8; i++) {
        int r = othello ? i : 7 - i;
        printf("%d", r + 1);
        for (int f = 0; f < 8; f++) {
            int s = 8 * r + f;
            uint64_t b = (uint64_t)1 << s;
            char ch = s == sq ? letter : (att & b) ? ((occ & b) ? '*' : 'x') : (occ & b) ? 'o' : '.';
            printf(" %c", ch);
        }
        putchar('\n');
    }
    if (!othello) fputs(files, stdout);
}

/* The one-line legend under an attack diagram. */
static void print_legend(char letter, const char *what, int sq)
{
    char name[3];
    printf("%c %s on %s   x attacked   * attacked, occupied   o occupied\n", letter, what, bb_square_name(sq, name));
}

static int attacks_one(uint64_t occ, void *p)
{
    attacks_ctx *c = p;
    const cli_opts *o = c->o;
    uint64_t att = attack_set(c, occ);
    char sqname[3], a[BB_FORMAT_MAX], b[BB_FORMAT_MAX];
    bb_square_name(c->sq, sqname);
    switch (o->format) {
    case BB_FORMAT_DIAGRAM: {
        char what[16];
        char letter = piece_letters[c->piece];
        if (c->piece == P_PAWN) {
            snprintf(what, sizeof what, "%s pawn", color_names[c->color]);
            if (c->color) letter = 'p';
        } else {
            snprintf(what, sizeof what, "%s", piece_names[c->piece]);
        }
        if (c->count++) putchar('\n');
        print_attack_diagram(c->sq, letter, occ, att, o->io_flags);
        print_legend(letter, what, c->sq);
        break;
    }
    case BB_FORMAT_JSON:
        bb_format_board(a, sizeof a, occ, o->format, o->io_flags);
        bb_format_board(b, sizeof b, att, o->format, o->io_flags);
        printf("{\"piece\":\"%s\",", piece_names[c->piece]);
        if (c->piece == P_PAWN) printf("\"color\":\"%s\",", color_names[c->color]);
        printf("\"square\":\"%s\",\"occupancy\":%s,\"attacks\":%s}\n", sqname, a, b);
        break;
    default: cli_print_board(att, o); break;
    }
    return 0;
}

/* ---- attacks --methods ------------------------------------------------------------ */

/* One line per method: "NAME  BYTES bytes[  default]" or "NAME  not in this
 * build (...)"; with -o json {"method":..,"available":..,"bytes":..,"default":..}. */
static int print_methods(const cli_opts *o)
{
    for (int i = 0; i < BB_ATTACK_METHOD_COUNT; i++) {
        bb_attack_method m = (bb_attack_method)i;
        const char *name = bb_attack_method_name(m);
        int avail = bb_attack_method_available(m), dflt = m == BB_ATTACKS_DEFAULT;
        size_t bytes = avail ? bb_attack_method_memory(m) : 0;
        if (o->format == BB_FORMAT_JSON) {
            printf("{\"method\":\"%s\",\"available\":%s,\"bytes\":", name, avail ? "true" : "false");
            if (avail) printf("%zu", bytes);
            else printf("null");
            printf(",\"default\":%s}\n", dflt ? "true" : "false");
        } else if (avail) {
            printf("%-13s %9zu bytes%s\n", name, bytes, dflt ? "  default" : "");
        } else {
            printf("%-13s not in this build%s\n", name, m == BB_ATTACKS_PEXT ? " (pext needs BMI2)" : "");
        }
    }
    return 0;
}

/* ---- attacks ---------------------------------------------------------------------- */

static const char method_list[] = "naive, rotated, kindergarten, magic, pext, hyperbola or kogge-stone";

int cli_cmd_attacks(int argc, char **argv, const cli_opts *o)
{
    attacks_ctx c;
    memset(&c, 0, sizeof c);
    c.o = o;
    int pos[3], n = 0, methods = 0, color_given = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (strcmp(a, "--methods") == 0) {
            methods = 1;
        } else if (cli_option_value(argc, argv, &i, "--method", &v)) {
            if (c.method_given) return cli_error("--method given twice");
            if (!v) return cli_error("--method needs a method: %s", method_list);
            if (bb_attack_method_from_name(v, &c.method) != 0)
                return cli_error("--method: unknown method '%s': use %s", v, method_list);
            if (!bb_attack_method_available(c.method))
                return cli_error("--method %s: not in this build%s", bb_attack_method_name(c.method),
                                 c.method == BB_ATTACKS_PEXT
                                     ? " (pext needs BMI2: this build is portable or for a CPU without it)"
                                     : "");
            c.method_given = 1;
        } else if (cli_option_value(argc, argv, &i, "--color", &v)) {
            if (color_given) return cli_error("--color given twice");
            if (!v) return cli_error("--color needs a colour: white or black");
            if (cli_name_is(v, "white")) c.color = 0;
            else if (cli_name_is(v, "black")) c.color = 1;
            else return cli_error("--color: unknown colour '%s': use white or black", v);
            color_given = 1;
        } else if (a[0] == '-' && a[1] != '\0') {
            return cli_error("attacks: unknown option '%s': use --method M, --color white|black or --methods", a);
        } else if (n == 3) {
            return cli_error("attacks takes PIECE SQUARE [OCC]: argument %d ('%s') is one too many "
                             "('-' reads many OCC from standard input)", i, a);
        } else {
            pos[n++] = i;
        }
    }
    if (methods) {
        if (n || c.method_given || color_given) return cli_error("attacks --methods takes no other arguments");
        return print_methods(o);
    }
    if (n == 0)
        return cli_error("attacks needs a PIECE and a SQUARE: attacks rook e4 [OCC] (or attacks --methods)");
    if (n == 1) return cli_error("attacks %s needs a SQUARE: attacks %s e4 [OCC]", argv[pos[0]], argv[pos[0]]);
    c.piece = -1;
    for (int k = 0; k < PIECE_COUNT; k++)
        if (cli_name_is(argv[pos[0]], piece_names[k])) c.piece = k;
    if (c.piece < 0)
        return cli_error("argument %d: unknown piece '%s': use rook, bishop, queen, knight, king or pawn", pos[0],
                         argv[pos[0]]);
    if ((c.sq = cli_parse_square(argv[pos[1]], pos[1])) < 0) return EXIT_USAGE;
    if (c.method_given && c.piece > P_QUEEN)
        return cli_error("--method applies to rook, bishop and queen, not %s", piece_names[c.piece]);
    if (color_given && c.piece != P_PAWN) return cli_error("--color applies to pawn, not %s", piece_names[c.piece]);
    if (n == 2) return attacks_one(0, &c);
    return cli_for_each_board(pos[2] + 1, argv, pos[2], o, attacks_one, &c);
}

/* ---- demo ------------------------------------------------------------------------------ */

/* The 8 bits of a line as cells, bit 0 first ("1 . R ..."); the rook's own bit shows as R. */
static const char *bits_drawn(unsigned bits, int rook_at, char buf[16])
{
    for (int i = 0; i < 8; i++) {
        buf[2 * i] = i == rook_at ? 'R' : (bits >> i) & 1 ? '1' : '.';
        buf[2 * i + 1] = ' ';
    }
    buf[15] = '\0';
    return buf;
}

void cli_demo_attacks(const cli_opts *o)
{
    const int sq = BB_D4;
    uint64_t occ = 0;
    const char *sqs[] = {"d4", "b4", "g4", "d2", "d6", "b7", "f6", "g1"};
    for (size_t i = 0; i < sizeof sqs / sizeof sqs[0]; i++) occ |= (uint64_t)1 << bb_parse_square(sqs[i]);
    uint64_t att = bb_rook_attacks(sq, occ);
    printf("A rook attacks along its rank and file up to and including the first\n"
           "occupied square each way:\n\n");
    print_attack_diagram(sq, 'R', occ, att, o->io_flags);
    print_legend('R', "rook", sq);

    uint64_t img[4] = {occ, bb_rotated90(occ), bb_rotated45(occ), bb_rotated315(occ)};
    const char *titles[4] = {"occupancy", "rotated-90", "rotated-45", "rotated-315"};
    printf("\nHyatt's rotated bitboards keep the occupancy four ways, so that every\n"
           "rank, file, diagonal and anti-diagonal is a run of bits in one of them\n"
           "(file d is byte 4 of rotated-90, drawn as rank 5):\n\n");
    cli_print_diagrams(img, titles, 4, 4, o);

    unsigned rank = bb_line_extract(occ, sq, BB_LINE_RANK);
    unsigned file = bb_rotated90_index(bb_rotated90(occ), sq);
    char rb[16], fb[16], line[40];
    printf("\nEach index is 8 bits, a shift and a mask away (R, the rook's own bit, is set):\n\n");
    printf("  %-37s%s\n", "rank 4: (occupancy >> 24) & 0xff", "file d: bb_rotated90_index(r90, d4)");
    printf("  %-37s%s\n", "a b c d e f g h", "1 2 3 4 5 6 7 8");
    snprintf(line, sizeof line, "%s  = 0x%02x", bits_drawn(rank, bb_square_file(sq), rb), rank);
    printf("  %-37s%s  = 0x%02x\n", line, bits_drawn(file, bb_square_rank(sq), fb), file);
    printf("\nrank_attacks[d4][0x%02x] | file_attacks[d4][0x%02x] is the rook's attack set.\n", rank, file);
    printf("A bishop reads its diagonals from rotated-45 and rotated-315 the same way,\n"
           "as many bits as each is long (bb_rotated45_index, bb_rotated315_index).\n"
           "  bitboard -o hex attacks rook d4 0x%016llx  ->  0x%016llx\n",
           (unsigned long long)occ, (unsigned long long)att);
}
