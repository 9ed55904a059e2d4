/* chess book: a Polyglot opening book's moves for a position, a weighted
 * pick, a check of the file, and --make to build a book from text lines. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char usage[] = "chess book FILE [FEN|start] [--pick N] [--chess960], chess book FILE --check, "
                            "or chess book --make OUT < LINES";

typedef struct {
    const cli_opts *o;
    int check, chess960;
    const char *pick, *make;
} book_opts;

/* Reads FILE: 0, or the error printed and the exit status: 2 when the file
 * cannot be opened or read or is not a book, 1 when memory runs out. */
static int open_book(const char *path, bb_chess_book *book)
{
    bb_parse_error e;
    int rc = bb_chess_book_open(book, path, &e);
    if (rc == 0) return 0;
    if (rc == BB_CHESS_BOOK_IO_ERROR) return cli_error("chess book: %s", e.msg), strncmp(e.msg, "out of memory", 13) ? EXIT_USAGE : 1;
    return cli_error("chess book: '%s' is not a Polyglot book: %s", path, e.msg);
}

/* "start" / "startpos", or FEN as one argument (argument argn). */
static int parse_position(const book_opts *b, const char *text, int argn, bb_chess_pos *pos)
{
    return cli_parse_chess_position(text, argn, b->chess960, pos);
}

/* N as a 64-bit number, decimal or 0x hex. */
static int parse_u64(const char *text, uint64_t *out)
{
    if (!text || !*text || text[0] == '-' || text[0] == '+' || text[0] == ' ') return -1;
    int hex = text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
    if (hex && !text[2]) return -1;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, hex ? 16 : 10);
    if (errno || *end || (hex && (text[2] == '-' || text[2] == '+' || text[2] == ' '))) return -1;
    *out = (uint64_t)v;
    return 0;
}

/* ---- the moves of a position ---------------------------------------------------------- */

static int by_weight(const void *a, const void *b)
{
    const bb_chess_book_entry *x = a, *y = b;
    if (x->weight != y->weight) return x->weight > y->weight ? -1 : 1;
    return (x->learn > y->learn) - (x->learn < y->learn); /* learn holds the book order here */
}

static int list_moves(const book_opts *b, const bb_chess_book *book, const bb_chess_pos *pos)
{
    int n = bb_chess_book_lookup(book, pos, NULL, 0);
    bb_chess_book_entry *e = malloc(sizeof *e * (size_t)(n ? n : 1));
    uint32_t *learn = malloc(sizeof *learn * (size_t)(n ? n : 1));
    if (!e || !learn) {
        free(e), free(learn);
        return cli_error("out of memory"), 1;
    }
    bb_chess_book_lookup(book, pos, e, n);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        total += e[i].weight;
        learn[i] = e[i].learn, e[i].learn = (uint32_t)i; /* a stable sort by weight */
    }
    qsort(e, (size_t)n, sizeof *e, by_weight);
    char fen[BB_CHESS_FEN_MAX], uci[BB_CHESS_MOVE_TEXT_MAX], san[BB_CHESS_MOVE_TEXT_MAX];
    bb_chess_to_fen(fen, sizeof fen, pos, pos->chess960 ? BB_FEN_SHREDDER : BB_FEN_STANDARD);
    if (b->o->format == BB_FORMAT_JSON) {
        printf("{\"fen\":\"%s\",\"key\":\"0x%016llx\",\"total_weight\":%llu,\"moves\":[", fen,
               (unsigned long long)pos->key, (unsigned long long)total);
    } else {
        printf("%s\nkey 0x%016llx: %d book move%s", fen, (unsigned long long)pos->key, n, n == 1 ? "" : "s");
        if (n) printf(", total weight %llu\n%-7s %-6s %6s %8s %10s\n", (unsigned long long)total, "SAN", "UCI",
                      "weight", "percent", "learn");
        else putchar('\n');
    }
    for (int i = 0; i < n; i++) {
        bb_chess_move_to_uci(uci, sizeof uci, pos, e[i].move);
        bb_chess_move_to_san(san, sizeof san, pos, e[i].move);
        double pct = total ? 100.0 * e[i].weight / (double)total : 0.0;
        unsigned long long lrn = learn[e[i].learn];
        if (b->o->format == BB_FORMAT_JSON)
            printf("%s{\"san\":\"%s\",\"uci\":\"%s\",\"weight\":%u,\"percent\":%.2f,\"learn\":%llu}", i ? "," : "", san,
                   uci, e[i].weight, pct, lrn);
        else
            printf("%-7s %-6s %6u %7.2f%% %10llu\n", san, uci, e[i].weight, pct, lrn);
    }
    if (b->o->format == BB_FORMAT_JSON) printf("]}\n");
    free(e), free(learn);
    return 0;
}

static int pick_move(const book_opts *b, const bb_chess_book *book, const bb_chess_pos *pos)
{
    uint64_t r;
    if (parse_u64(b->pick, &r) != 0)
        return cli_error("--pick: '%s' is not a number 0..18446744073709551615 (decimal, or hex with 0x)", b->pick);
    bb_chess_move m = bb_chess_book_pick(book, pos, r);
    char uci[BB_CHESS_MOVE_TEXT_MAX], san[BB_CHESS_MOVE_TEXT_MAX];
    if (m == BB_CHESS_NULL_MOVE) {
        if (b->o->format == BB_FORMAT_JSON) printf("{\"random\":\"0x%016llx\",\"pick\":null}\n", (unsigned long long)r);
        else printf("0000\n");
        return 0;
    }
    bb_chess_move_to_uci(uci, sizeof uci, pos, m);
    bb_chess_move_to_san(san, sizeof san, pos, m);
    if (b->o->format == BB_FORMAT_JSON)
        printf("{\"random\":\"0x%016llx\",\"pick\":{\"uci\":\"%s\",\"san\":\"%s\"}}\n", (unsigned long long)r, uci, san);
    else
        printf("%s %s\n", uci, san);
    return 0;
}

/* ---- --check ------------------------------------------------------------------------------ */

/* 1 if raw can be no position's move: bit 15, promotion 5..7, from = to, a promotion that is
 * not a step from the seventh rank to the eighth (or the second to the first). */
static int malformed(uint16_t raw)
{
    int to = raw & 63, from = raw >> 6 & 63, promo = raw >> 12 & 7;
    if ((raw & 0x8000) || promo > 4 || from == to) return 1;
    if (!promo) return 0;
    int df = (to & 7) - (from & 7);
    return !(df >= -1 && df <= 1 && (((from >> 3) == 6 && (to >> 3) == 7) || ((from >> 3) == 1 && (to >> 3) == 0)));
}

/* raw as UCI text from its squares alone ("e2e4", "a7a8q"), or "" if malformed. */
static const char *raw_text(char out[6], uint16_t raw)
{
    int to = raw & 63, from = raw >> 6 & 63, promo = raw >> 12 & 7;
    if (malformed(raw)) return out[0] = '\0', out;
    out[0] = (char)('a' + (from & 7)), out[1] = (char)('1' + (from >> 3));
    out[2] = (char)('a' + (to & 7)), out[3] = (char)('1' + (to >> 3));
    out[4] = promo ? "nbrq"[promo - 1] : '\0', out[5] = '\0';
    return out;
}

/* The entries of one key, from first to end: counts those that repeat the
 * move of an earlier entry of the key into *dups; the first such sets
 * *first and *earlier.  seen: 65536 bits, all 0, and left so. */
static void find_repeats(const bb_chess_book *book, size_t first, size_t end, uint64_t *seen, size_t *dups,
                         size_t *first_dup, size_t *earlier)
{
    for (size_t i = first; i < end; i++) {
        bb_chess_book_entry e;
        bb_chess_book_entry_at(book, i, &e);
        uint64_t bit = (uint64_t)1 << (e.raw_move & 63);
        if (!(seen[e.raw_move >> 6] & bit)) {
            seen[e.raw_move >> 6] |= bit;
            continue;
        }
        if ((*dups)++ == 0) {
            *first_dup = i;
            for (size_t j = first; j < i; j++) {
                bb_chess_book_entry x;
                bb_chess_book_entry_at(book, j, &x);
                if (x.raw_move == e.raw_move) {
                    *earlier = j;
                    break;
                }
            }
        }
    }
    for (size_t i = first; i < end; i++) {
        bb_chess_book_entry e;
        bb_chess_book_entry_at(book, i, &e);
        seen[e.raw_move >> 6] = 0;
    }
}

static int check_book(const book_opts *b, const bb_chess_book *book)
{
    size_t keys = 0, bad = 0, first_bad = 0, zero = 0, dups = 0, first_dup = 0, earlier = 0;
    uint16_t first_raw = 0;
    uint64_t *seen = calloc(65536 / 64, sizeof *seen);
    if (!seen) return cli_error("out of memory"), 1;
    for (size_t i = 0, group = 0; i < book->count; i++) {
        bb_chess_book_entry e, next;
        bb_chess_book_entry_at(book, i, &e);
        zero += e.weight == 0;
        if (malformed(e.raw_move) && bad++ == 0) first_bad = i, first_raw = e.raw_move;
        if (i + 1 < book->count && (bb_chess_book_entry_at(book, i + 1, &next), next.key == e.key)) continue;
        keys++; /* entry i ends the entries of its key */
        find_repeats(book, group, i + 1, seen, &dups, &first_dup, &earlier);
        group = i + 1;
    }
    free(seen);
    bb_chess_book_entry d = {0, 0, 0, 0, 0};
    if (dups) bb_chess_book_entry_at(book, first_dup, &d);
    char uci[6];
    if (b->o->format == BB_FORMAT_JSON) {
        printf("{\"entries\":%zu,\"keys\":%zu,\"zero_weight\":%zu,\"malformed_moves\":%zu,\"duplicates\":%zu", book->count,
               keys, zero, bad, dups);
        if (bad) printf(",\"first_malformed\":{\"entry\":%zu,\"move\":\"0x%04x\"}", first_bad, first_raw);
        if (dups)
            printf(",\"first_duplicate\":{\"entry\":%zu,\"key\":\"0x%016llx\",\"move\":\"0x%04x\",\"uci\":\"%s\",\"as_entry\":%zu}",
                   first_dup, (unsigned long long)d.key, d.raw_move, raw_text(uci, d.raw_move), earlier);
        printf(",\"ok\":%s}\n", bad || dups ? "false" : "true");
        return bad || dups;
    }
    printf("%zu entr%s, %zu distinct key%s; sizes and order ok\n", book->count, book->count == 1 ? "y" : "ies", keys,
           keys == 1 ? "" : "s");
    if (zero) printf("%zu entr%s of weight 0 (never picked)\n", zero, zero == 1 ? "y" : "ies");
    if (bad)
        printf("%zu entr%s with a move no position has (skipped by lookups); the first: entry %zu, move 0x%04x\n", bad,
               bad == 1 ? "y" : "ies", first_bad, first_raw);
    if (dups)
        printf("%zu entr%s repeating the key and move of an earlier entry (the move is listed twice); the first: entry "
               "%zu, key 0x%016llx, move 0x%04x (%s), as entry %zu\n",
               dups, dups == 1 ? "y" : "ies", first_dup, (unsigned long long)d.key, d.raw_move,
               raw_text(uci, d.raw_move), earlier);
    return bad || dups;
}

/* ---- --make -------------------------------------------------------------------------------- */

typedef struct {
    const book_opts *b;
    bb_chess_book_entry *e;
    size_t n, cap;
} maker;

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t') s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n' || s[n - 1] == '\r')) s[--n] = '\0';
    return s;
}

static int uci_shaped(const char *t)
{
    size_t n = strlen(t);
    return (n == 4 || (n == 5 && strchr("nbrqNBRQ", t[4]))) && t[0] >= 'a' && t[0] <= 'h' && t[1] >= '1' &&
           t[1] <= '8' && t[2] >= 'a' && t[2] <= 'h' && t[3] >= '1' && t[3] <= '8';
}

/* "FEN | MOVE | WEIGHT [| LEARN]" */
static int make_line(char *line, long lineno, void *p)
{
    maker *m = p;
    char *field[5];
    int k = 0;
    field[k++] = line;
    for (char *c = line; *c && k < 5; c++)
        if (*c == '|') *c = '\0', field[k++] = c + 1;
    if (k < 3 || k > 4)
        return cli_error("<stdin>:%ld: want FEN | MOVE | WEIGHT [| LEARN], found %d field%s", lineno, k,
                         k == 1 ? "" : "s");
    for (int i = 0; i < k; i++) field[i] = trim(field[i]);
    bb_chess_pos pos;
    bb_parse_error e;
    if (cli_name_is(field[0], "start") || cli_name_is(field[0], "startpos")) bb_chess_start(&pos);
    else if (bb_chess_from_fen(&pos, field[0], &e) != 0) return cli_error("<stdin>:%ld: FEN: %s", lineno, e.msg);
    if (m->b->chess960) pos.chess960 = 1;
    bb_chess_move move = BB_CHESS_NULL_MOVE;
    int rc = uci_shaped(field[1]) ? bb_chess_move_from_uci(&pos, field[1], &move, &e)
                                  : bb_chess_move_from_san(&pos, field[1], &move, &e);
    if (rc != 0) return cli_error("<stdin>:%ld: move: %s", lineno, e.msg);
    uint64_t weight, learn = 0;
    if (parse_u64(field[2], &weight) != 0 || weight > 65535)
        return cli_error("<stdin>:%ld: weight '%s' is not a number 0..65535", lineno, field[2]);
    if (k == 4 && (parse_u64(field[3], &learn) != 0 || learn > 4294967295u))
        return cli_error("<stdin>:%ld: learn '%s' is not a number 0..4294967295", lineno, field[3]);
    if (m->n == m->cap) {
        size_t cap = m->cap ? 2 * m->cap : 64;
        bb_chess_book_entry *grown = realloc(m->e, cap * sizeof *grown);
        if (!grown) return cli_error("out of memory"), 1;
        m->e = grown, m->cap = cap;
    }
    bb_chess_book_entry *en = &m->e[m->n++];
    en->key = pos.key;
    en->move = move;
    en->raw_move = bb_chess_book_encode_move(&pos, move);
    en->weight = (uint16_t)weight;
    en->learn = (uint32_t)learn;
    return 0;
}

/* The book is written beside OUT and read back (so a book that does not read
 * back never replaces OUT), then renamed over it (cli/outfile.c). */
static int make_book(const book_opts *b)
{
    maker m = {b, NULL, 0, 0};
    cli_outfile out;
    int rc = cli_read_stdin_lines(make_line, &m);
    if (rc == 0 && cli_outfile_open(&out, "chess book --make", b->make, CLI_OUT_BY_PATH)) {
        free(m.e);
        return 1;
    }
    if (rc == 0) {
        bb_parse_error e;
        if (bb_chess_book_save(out.write_path, m.e, m.n, &e) != 0) {
            out.err = errno ? errno : EIO; /* the message names OUT, not the temporary file */
            cli_outfile_close(&out, 1);
            free(m.e);
            return 1;
        }
        if (out.in_place) { /* /dev/null, a FIFO: nothing to read back */
            rc = cli_outfile_close(&out, 1);
            if (rc == 0) printf("%zu line%s written\n", m.n, m.n == 1 ? "" : "s");
            free(m.e);
            return rc;
        }
    }
    if (rc == 0) {
        size_t keys = 0;
        bb_chess_book book;
        if (open_book(out.write_path, &book) != 0) rc = 1;
        for (size_t i = 0; rc == 0 && i < book.count; i++) {
            bb_chess_book_entry e, prev;
            bb_chess_book_entry_at(&book, i, &e);
            if (i) bb_chess_book_entry_at(&book, i - 1, &prev);
            keys += i == 0 || e.key != prev.key;
        }
        if (cli_outfile_close(&out, rc == 0)) rc = 1;
        size_t merged = rc == 0 ? m.n - book.count : 0; /* lines that repeated an earlier line's position and move */
        if (rc == 0) {
            printf("%zu entr%s, %zu distinct key%s written", book.count, book.count == 1 ? "y" : "ies", keys,
                   keys == 1 ? "" : "s");
            if (merged)
                printf(" (%zu line%s repeated an earlier line's position and move: merged, weights added)", merged,
                       merged == 1 ? "" : "s");
            printf("\n");
        }
        bb_chess_book_free(&book);
    }
    free(m.e);
    return rc;
}

/* ---- chess book ----------------------------------------------------------------------------- */

int cli_chess_book(int argc, char **argv, const cli_opts *o)
{
    book_opts b;
    memset(&b, 0, sizeof b);
    b.o = o;
    int args[2], n = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (strcmp(a, "--check") == 0) {
            b.check = 1;
        } else if (strcmp(a, "--chess960") == 0) {
            b.chess960 = 1;
        } else if (cli_option_value(argc, argv, &i, "--pick", &v)) {
            if (!v) return cli_error("--pick needs a number N (the pick is the move at N / 2^64 of the total weight)");
            b.pick = v;
        } else if (cli_option_value(argc, argv, &i, "--make", &v)) {
            if (!v) return cli_error("--make needs the file to write: chess book --make OUT < LINES");
            b.make = v;
        } else if (a[0] == '-' && a[1]) {
            return cli_error("chess book: unknown option '%s' (bitboard help chess lists them)", a);
        } else if (n == 2) {
            return cli_error("chess book takes a FILE and at most one FEN: argument %d ('%s') is one too many "
                             "(quote the whole FEN as one argument)", i + 1, a);
        } else {
            args[n++] = i;
        }
    }
    if (b.make) {
        if (n || b.check || b.pick)
            return cli_error("chess book --make OUT reads its lines from standard input and takes nothing else");
        return make_book(&b);
    }
    if (n == 0) return cli_error("chess book needs a FILE: %s", usage);
    if (b.check && (n > 1 || b.pick)) return cli_error("chess book --check takes the FILE alone");
    bb_chess_pos pos;
    if (n == 2 && parse_position(&b, argv[args[1]], args[1] + 1, &pos) != 0) return EXIT_USAGE;
    if (n == 1) {
        bb_chess_start(&pos);
        if (b.chess960) pos.chess960 = 1;
    }
    bb_chess_book book;
    int rc = open_book(argv[args[0]], &book);
    if (rc) return rc;
    rc = b.check ? check_book(&b, &book) : b.pick ? pick_move(&b, &book, &pos) : list_moves(&b, &book, &pos);
    bb_chess_book_free(&book);
    return rc;
}
