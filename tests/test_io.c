/* Board text I/O: every accepted form, round trips, and every bad input. */
#include <string.h>

#include "bitboard.h"
#include "harness.h"

static uint64_t parse_ok(const char *text, unsigned flags, int *ok)
{
    uint64_t x = 0xDEADBEEFULL;
    bb_parse_error e;
    *ok = bb_parse_board(text, flags, &x, &e) == 0;
    if (!*ok) fprintf(stderr, "    unexpected error for '%s': %s\n", text, e.msg);
    return x;
}

#define CHECK_PARSE(text, flags, want)                                             \
    do {                                                                           \
        int ok_;                                                                   \
        uint64_t got_ = parse_ok((text), (flags), &ok_);                           \
        CHECK(ok_, "'%s' should parse", (text));                                   \
        CHECK_EQ64(got_, (want), "'%s'", (text));                                  \
    } while (0)

static void numbers(void)
{
    CHECK_PARSE("0x10000000", 0, 0x10000000ULL);
    CHECK_PARSE("0X00000000000000FF", 0, 0xFFULL);
    CHECK_PARSE("0xffffffffffffffff", 0, ~0ULL);
    CHECK_PARSE("0x0000000000000000000001", 0, 1); /* leading zeros are not bits */
    CHECK_PARSE("268435456", 0, 0x10000000ULL);
    CHECK_PARSE("0", 0, 0);
    CHECK_PARSE("18446744073709551615", 0, ~0ULL);
    CHECK_PARSE("0b101", 0, 5);
    CHECK_PARSE("0b1111111111111111111111111111111111111111111111111111111111111111", 0, ~0ULL);
    CHECK_PARSE("  0x1 \n", 0, 1);
}

static void squares(void)
{
    CHECK_PARSE("e4", 0, (uint64_t)1 << BB_E4);
    CHECK_PARSE("e4,d5", 0, ((uint64_t)1 << BB_E4) | ((uint64_t)1 << BB_D5));
    CHECK_PARSE("e4 d5", 0, ((uint64_t)1 << BB_E4) | ((uint64_t)1 << BB_D5));
    CHECK_PARSE("E4, D5 ,a1", 0, ((uint64_t)1 << BB_E4) | ((uint64_t)1 << BB_D5) | 1);
    CHECK_PARSE("h8", 0, (uint64_t)1 << 63);
    CHECK_PARSE("none", 0, 0);
    CHECK_PARSE("NONE", 0, 0);
    CHECK_PARSE(" None ", 0, 0);
    for (int sq = 0; sq < 64; sq++) {
        char name[3];
        bb_square_name(sq, name);
        CHECK(bb_parse_square(name) == sq, "square %d (%s)", sq, name);
        CHECK(name[0] == 'a' + sq % 8 && name[1] == '1' + sq / 8, "name of %d", sq);
    }
    char buf[3];
    CHECK(strcmp(bb_square_name(64, buf), "??") == 0, "out of range name");
    CHECK(bb_parse_square("i1") == -1 && bb_parse_square("a9") == -1 && bb_parse_square("a10") == -1 &&
              bb_parse_square("") == -1 && bb_parse_square("a") == -1,
          "bad squares");
}

static void diagrams(void)
{
    const char *plain =
        "........\n........\n........\n........\n....1...\n........\n........\nx......x\n";
    CHECK_PARSE(plain, 0, ((uint64_t)1 << BB_E4) | 1 | ((uint64_t)1 << BB_H1));
    /* the same text read Othello-style: row 1 first */
    CHECK_PARSE(plain, BB_IO_OTHELLO, ((uint64_t)1 << BB_E5) | ((uint64_t)1 << BB_A8) | ((uint64_t)1 << BB_H8));
    const char *labelled =
        "8 . . . . . . . . 8\n7 . . . . . . . . 7\n6 . . . . . . . . 6\n5 . . . . . . . . 5\n"
        "4 . . . . 1 . . . 4\n3 . . . . . . . . 3\n2 . . . . . . . . 2\n1 1 . . . . . . . 1\n"
        "  a b c d e f g h\n";
    CHECK_PARSE(labelled, 0, ((uint64_t)1 << BB_E4) | 1);
}

/* An error's message must start "line L, column C: " and pos must point there. */
static void check_located(const char *text, const bb_parse_error *e)
{
    char head[64];
    snprintf(head, sizeof head, "line %d, column %d: ", e->line, e->column);
    CHECK(e->line >= 1 && e->column >= 1 && strncmp(e->msg, head, strlen(head)) == 0,
          "message '%s' should start '%s'", e->msg, head);
    size_t start = 0;
    for (int l = 1; l < e->line; l++) {
        const char *nl = strchr(text + start, '\n');
        if (!nl) break;
        start = (size_t)(nl - text) + 1;
    }
    CHECK(e->pos == (int)start + e->column, "pos %d, but line %d column %d is at %d (%s)", e->pos, e->line,
          e->column, (int)start + e->column, e->msg);
    for (const char *m = e->msg; *m; m++)
        CHECK(*m >= 0x20 && *m <= 0x7e, "control or non-ASCII byte 0x%02x in '%s'", (unsigned char)*m, e->msg);
}

/* Each bad input must fail, name the offending token, and point at it. */
static void expect_error(const char *text, unsigned flags, const char *needle, int pos, int line)
{
    uint64_t x = 12345;
    bb_parse_error e;
    memset(&e, 0, sizeof e);
    int rc = bb_parse_board(text, flags, &x, &e);
    CHECK(rc == -1, "'%s' should be rejected", text);
    CHECK(x == 12345, "'%s': output untouched on error", text);
    CHECK(strstr(e.msg, needle) != NULL, "'%s': message '%s' lacks '%s'", text, e.msg, needle);
    CHECK(e.pos == pos, "'%s': pos %d, want %d (%s)", text, e.pos, pos, e.msg);
    CHECK(e.line == line, "'%s': line %d, want %d (%s)", text, e.line, line, e.msg);
    if (line) check_located(text, &e);
}

/* The strict diagram rules: what reads as what, and single lines stay square lists. */
static void diagram_rules(void)
{
    /* no labels anywhere: a rank-1 row "1 . . . . . . ." is 8 cells, a1 set */
    const char *unlabelled = ". . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n"
                             ". . . . . . . .\n. . . . . . . .\n. . . . . . . .\n1 . . . . . . .\n";
    CHECK_PARSE(unlabelled, 0, 1);
    /* labels after the cells only; file letters above and below, upper case */
    const char *right =
        "ABCDEFGH\n........ 8\n........ 7\n........ 6\n........ 5\n....x... 4\n........ 3\n........ 2\n"
        "x....... 1\nA B C D E F G H\n";
    CHECK_PARSE(right, 0, ((uint64_t)1 << BB_E4) | 1);
    /* blank lines and spaces around the diagram are fine, CR LF line ends too */
    CHECK_PARSE("\n\n  8 . . . . . . . .\r\n7 . . . . . . . .\r\n6 . . . . . . . .\r\n5 . . . . . . . .\r\n"
                "4 . . . . . . . .\r\n3 . . . . . . . .\r\n2 . . . . . . . .\r\n1 . . . . . . . 1\r\n"
                "  a b c d e f g h\r\n\n \n",
                0, (uint64_t)1 << BB_H1);
    /* Othello rows go 1..8 top to bottom */
    CHECK_PARSE("  a b c d e f g h\n1 . . . . . . . 1\n2 . . . . . . . .\n3 . . . . . . . .\n4 . . . . . . . .\n"
                "5 . . . . . . . .\n6 . . . . . . . .\n7 . . . . . . . .\n8 1 . . . . . . .\n",
                BB_IO_OTHELLO, ((uint64_t)1 << BB_H1) | ((uint64_t)1 << BB_A8));
    /* one line is never a diagram: square lists with any spacing, and a trailing newline */
    CHECK_PARSE("a1 b2", 0, 1 | ((uint64_t)1 << BB_B2));
    CHECK_PARSE(" a1\tb2 \n", 0, 1 | ((uint64_t)1 << BB_B2));
    CHECK_PARSE("a1  ,  b2\r\n", 0, 1 | ((uint64_t)1 << BB_B2));
    CHECK_PARSE("0x1\n", 0, 1);

    /* the formatted diagram of a1 with a cell lost on rank 1 */
    expect_error("8 . . . . . . . .\n7 . . . . . . . .\n6 . . . . . . . .\n5 . . . . . . . .\n"
                 "4 . . . . . . . .\n3 . . . . . . . .\n2 . . . . . . . .\n1 . . . . . . .\n  a b c d e f g h\n",
                 0, "line 8, column 3: the row has 7 cells; it needs 8", 129, 8);
    /* a label missing where the other rows have one */
    expect_error("8 . . . . . . . .\n7 . . . . . . . .\n. . . . . . . .\n5 . . . . . . . .\n"
                 "4 . . . . . . . .\n3 . . . . . . . .\n2 . . . . . . . .\n1 . . . . . . . .\n",
                 0, "line 3, column 1: expected the rank label '6' before the cells", 37, 3);
    expect_error("........ 8\n........ 7\n........ 6\n........ 5\n........ 4\n........ 3\n........ 2\n........\n",
                 0, "line 8, column 9: expected the rank label '1' after the cells", 86, 8);
    /* labels that do not match their row */
    expect_error("  a b c d e f g h\n1 . . . . . . . .\n2 . . . . . . . .\n3 . . . . . . . .\n4 . . . . . . . .\n"
                 "5 . . . . . . . .\n6 . . . . . . . .\n7 . . . . . . . .\n8 . . . . . . . .\n",
                 0, "line 2, column 1: the row is labelled '1' but it is rank 8", 19, 2);
    expect_error("8 . . . . . . . . 8\n7 . . . . . . . . 7\n6 . . . . . . . . 6\n5 . . . . . . . . 5\n"
                 "4 . . . . . . . . 4\n3 . . . . . . . . 3\n2 . . . . . . . . 2\n1 . . . . . . . . 2\n",
                 0, "line 8, column 19: the row is labelled '2' but it is rank 1", 159, 8);
    expect_error("8 . . . . . . . .\n7 . . . . . . . .\n6 . . . . . . . .\n5 . . . . . . . .\n"
                 "4 . . . . . . . .\n3 . . . . . . . .\n2 . . . . . . . .\n1 . . . . . . . .\n",
                 BB_IO_OTHELLO, "line 1, column 1: the row is labelled '8' but it is row 1", 1, 1);
    /* file letters: only above or below, exactly a..h */
    expect_error("8 . . . . . . . .\n7 . . . . . . . .\n6 . . . . . . . .\n5 . . . . . . . .\n  a b c d e f g h\n"
                 "4 . . . . . . . .\n3 . . . . . . . .\n2 . . . . . . . .\n1 . . . . . . . .\n",
                 0, "line 5, column 1: file letters go above or below the 8 rows", 73, 5);
    expect_error("  a b c d e f h g\n8 . . . . . . . .\n7 . . . . . . . .\n6 . . . . . . . .\n5 . . . . . . . .\n"
                 "4 . . . . . . . .\n3 . . . . . . . .\n2 . . . . . . . .\n1 . . . . . . . .\n",
                 0, "line 1, column 15: 'h' in a line of file letters", 15, 1);
    expect_error("8 . . . . . . . .\n7 . . . . . . . .\n6 . . . . . . . .\n5 . . . . . . . .\n"
                 "4 . . . . . . . .\n3 . . . . . . . .\n2 . . . . . . . .\n1 . . . . . . . .\n  a b c d e f g\n",
                 0, "line 9, column 16: the file letters stop after 'g'", 160, 9);
    expect_error("8 . . . . . . . .\n7 . . . . . . . .\n6 . . . . . . . .\n5 . . . . . . . .\n"
                 "4 . . . . . . . .\n3 . . . . . . . .\n2 . . . . . . . .\n1 . . . . . . . .\n  a b c d e f g h i\n",
                 0, "line 9, column 19: 'i' in a line of file letters", 163, 9);
    /* no blank line between rows, or between the rows and the file letters */
    expect_error("8 . . . . . . . .\n7 . . . . . . . .\n\n6 . . . . . . . .\n5 . . . . . . . .\n"
                 "4 . . . . . . . .\n3 . . . . . . . .\n2 . . . . . . . .\n1 . . . . . . . .\n",
                 0, "line 3, column 1: a blank line inside the diagram", 37, 3);
    expect_error("8 . . . . . . . .\n7 . . . . . . . .\n6 . . . . . . . .\n5 . . . . . . . .\n"
                 "4 . . . . . . . .\n3 . . . . . . . .\n2 . . . . . . . .\n1 . . . . . . . .\n \n  a b c d e f g h\n",
                 0, "line 9, column 1: a blank line inside the diagram", 145, 9);
    /* a label stuck to the cells */
    expect_error("8........\n7........\n6........\n5........\n4........\n3........\n2........\n1........\n", 0,
                 "line 1, column 1: a row label needs white space between it and the cells", 1, 1);
    /* 9 cells */
    expect_error("8 . . . . . . . . .\n7 . . . . . . . .\n6 . . . . . . . .\n5 . . . . . . . .\n"
                 "4 . . . . . . . .\n3 . . . . . . . .\n2 . . . . . . . .\n1 . . . . . . . .\n",
                 0, "line 1, column 19: a 9th cell", 19, 1);
}

/* Accepted layouts, chosen by the bits of `style`: labels before/after the
 * cells, spaced or packed cells, file letters above/below, CR LF, blank lines
 * around, any of the cell characters.  Returns the text's length. */
static size_t diagram_variant(char *buf, uint64_t x, unsigned flags, unsigned style, uint64_t *st)
{
    size_t o = 0;
    const char *files = (style & 32) ? "A B C D E F G H" : "abcdefgh";
    const char *eol = (style & 64) ? "\r\n" : "\n";
    if (style & 128) o += (size_t)sprintf(buf + o, "\n \t\n");
    if (style & 8) o += (size_t)sprintf(buf + o, "  %s%s", files, eol);
    for (int row = 0; row < 8; row++) {
        int rank = (flags & BB_IO_OTHELLO) ? row : 7 - row;
        if (bbt_next(st) & 1) buf[o++] = ' ';
        if (style & 1) o += (size_t)sprintf(buf + o, "%d ", rank + 1);
        for (int f = 0; f < 8; f++) {
            int set = (int)((x >> (8 * rank + f)) & 1);
            buf[o++] = set ? "1xX#*@oO"[bbt_next(st) & 7] : ".0-_"[bbt_next(st) & 3];
            if ((style & 4) && f < 7) buf[o++] = (bbt_next(st) & 3) ? ' ' : '\t';
        }
        if (style & 2) o += (size_t)sprintf(buf + o, "  %d", rank + 1);
        o += (size_t)sprintf(buf + o, "%s", eol);
    }
    if (style & 16) o += (size_t)sprintf(buf + o, "  %s", files);
    if (style & 256) o += (size_t)sprintf(buf + o, "%s\n  \n", eol);
    buf[o] = '\0';
    return o;
}

static void diagram_variants(void)
{
    uint64_t st = 5;
    for (int k = 0; k < 20000; k++) {
        uint64_t x = k < 64 ? (uint64_t)1 << k : k == 64 ? 0 : k == 65 ? ~0ULL : bbt_board(&st);
        unsigned style = (unsigned)k & 511, flags = (unsigned)(k >> 9) & 1;
        char buf[BB_FORMAT_MAX];
        diagram_variant(buf, x, flags, style, &st);
        uint64_t y = 0;
        bb_parse_error e;
        int rc = bb_parse_board(buf, flags, &y, &e);
        CHECK(rc == 0 && y == x, "style %u flags %u:\n%s\n-> %s", style, flags, buf, rc ? e.msg : "wrong value");
    }
}

/* Random damage to formatted diagrams: each kind must be rejected, located. */
static void diagram_damage(void)
{
    uint64_t st = 99;
    for (int k = 0; k < 20000; k++) {
        unsigned flags = (unsigned)k & 1;
        uint64_t x = bbt_board(&st);
        char good[BB_FORMAT_MAX], bad[BB_FORMAT_MAX + 64];
        bb_format_board(good, sizeof good, x, BB_FORMAT_DIAGRAM, flags);
        /* the 9 lines: 8 rows of "L c c c c c c c c" (17 characters) and the file letters */
        size_t line_at[9];
        for (int l = 0, at = 0; l < 9; l++) line_at[l] = (size_t)at, at += 18;
        int first_row = (flags & BB_IO_OTHELLO) ? 1 : 0, files = first_row ? 0 : 8;
        int r = first_row + (int)(bbt_next(&st) % 8), r2 = first_row + (int)(bbt_next(&st) % 8);
        int cell = (int)(bbt_next(&st) % 8);
        size_t n = strlen(good), at = line_at[r] + 2 + 2 * (size_t)cell;
        int kind = (int)(bbt_next(&st) % 11);
        switch (kind) {
        case 0: /* lose a cell */
            memcpy(bad, good, at), strcpy(bad + at, good + at + 2);
            break;
        case 1: /* lose a label */
            memcpy(bad, good, line_at[r]), strcpy(bad + line_at[r], good + line_at[r] + 2);
            break;
        case 2: /* a wrong label */
            strcpy(bad, good);
            bad[line_at[r]] = (char)('1' + (bad[line_at[r]] - '1' + 1 + (int)(bbt_next(&st) % 7)) % 8);
            break;
        case 3: /* a blank line between two lines of the diagram */
            memcpy(bad, good, line_at[1 + r % 8]), strcpy(bad + line_at[1 + r % 8], "\n"),
                strcat(bad, good + line_at[1 + r % 8]);
            break;
        case 4: /* the file letters between two rows */
        {
            char rows[8 * 18 + 1];
            memcpy(rows, good + line_at[first_row], 8 * 18), rows[8 * 18] = '\0';
            size_t split = 18 * (size_t)(1 + r % 7);
            memcpy(bad, rows, split), memcpy(bad + split, good + line_at[files], 18);
            strcpy(bad + split + 18, rows + split);
            break;
        }
        case 5: /* a row lost */
            memcpy(bad, good, line_at[r]), strcpy(bad + line_at[r], good + line_at[r] + 18);
            break;
        case 6: /* a row twice */
            memcpy(bad, good, line_at[r] + 18), memcpy(bad + line_at[r] + 18, good + line_at[r], 18),
                strcpy(bad + line_at[r] + 36, good + line_at[r] + 18);
            break;
        case 7: /* a 9th cell */
            memcpy(bad, good, at), memcpy(bad + at, ". ", 2), strcpy(bad + at + 2, good + at);
            break;
        case 8: /* a cell that is not one: any byte but a cell, a space or a newline */
        {
            unsigned char b;
            do b = (unsigned char)(1 + bbt_next(&st) % 255);
            while (strchr(".0-_1xX#*@oO \t\r\n\v\f", b));
            strcpy(bad, good), bad[at] = (char)b;
            break;
        }
        case 9: /* a file letter lost or wrong */
            strcpy(bad, good);
            if (bbt_next(&st) & 1) bad[line_at[files] + 2 + 2 * (size_t)cell] = "ijzx1A."[bbt_next(&st) % 7];
            else memmove(bad + line_at[files] + 2 + 2 * (size_t)cell, bad + line_at[files] + 4 + 2 * (size_t)cell,
                         n - (line_at[files] + 4 + 2 * (size_t)cell) + 1);
            break;
        default: /* two rows swapped */
            if (r2 == r) r2 = first_row + (r - first_row + 1) % 8;
            strcpy(bad, good), memcpy(bad + line_at[r], good + line_at[r2], 18),
                memcpy(bad + line_at[r2], good + line_at[r], 18);
            break;
        }
        uint64_t y = 12345;
        bb_parse_error e;
        memset(&e, 0, sizeof e);
        int rc = bb_parse_board(bad, flags, &y, &e);
        CHECK(rc == -1 && y == 12345, "damage %d (flags %u) accepted:\n%s", kind, flags, bad);
        if (rc == -1) check_located(bad, &e);
    }
}

/* Random text from diagram-like characters: never a crash, and every
 * diagram error is located and printable. */
static void diagram_noise(void)
{
    static const char alphabet[] = "..........11xX#@oO0-_ \t\r\n\n\n12345678abcdefghAH?\x01\xff";
    uint64_t st = 7;
    for (int k = 0; k < 50000; k++) {
        char text[256];
        size_t n = 1 + (size_t)(bbt_next(&st) % 200);
        for (size_t i = 0; i < n; i++) text[i] = alphabet[bbt_next(&st) % (sizeof alphabet - 1)];
        text[n] = '\0';
        uint64_t y = 0;
        bb_parse_error e;
        memset(&e, 0, sizeof e);
        if (bb_parse_board(text, (unsigned)k & 1, &y, &e) != 0) {
            if (e.line) check_located(text, &e);
            for (const char *m = e.msg; *m; m++)
                CHECK(*m >= 0x20 && *m <= 0x7e, "0x%02x in '%s'", (unsigned char)*m, e.msg);
        }
    }
}

/* The JSON board: every part optional but one of hex/squares, all agreeing. */
static void json_boards(void)
{
    CHECK_PARSE("{\"hex\":\"0x0000000810000000\",\"squares\":[\"e4\",\"d5\"],\"count\":2}", 0,
                ((uint64_t)1 << BB_E4) | ((uint64_t)1 << BB_D5));
    CHECK_PARSE(" { \"count\" : 1 ,\n \"squares\" : [ \"A1\" ] }\n", 0, 1);
    CHECK_PARSE("{\"hex\":\"0x10\"}", 0, 0x10);
    CHECK_PARSE("{\"squares\":[]}", 0, 0);
    CHECK_PARSE("{\"squares\":[],\"count\":0,\"hex\":\"0x0\"}", 0, 0);
    expect_error("{}", 0, "JSON board, position 2: an empty object", 2, 0);
    expect_error("{\"hex\":\"0x1\",\"squares\":[\"a2\"]}", 0, "position 24: \"squares\" (0x0000000000000100) disagree", 24, 0);
    expect_error("{\"hex\":\"0x1\",\"count\":2}", 0, "position 22: \"count\" is 2 but the board has 1 square", 22, 0);
    expect_error("{\"hex\":\"0x1\",}", 0, "position 14: '}' where '\"' opens a member name", 14, 0);
    expect_error("{\"hex\":\"0x1\"} x", 0, "position 15: text after", 15, 0);
    expect_error("{\"hex\":\"0x1\",\"hex\":\"0x1\"}", 0, "position 14: \"hex\" is given twice", 14, 0);
    expect_error("{\"sym\":\"identity\"}", 0, "position 2: unknown member \"sym\"", 2, 0);
    expect_error("{\"squares\":[\"e4\",\"e4\"]}", 0, "position 19: square 'e4' is listed twice", 19, 0);
    expect_error("{\"squares\":[\"e9\"]}", 0, "position 14: invalid square 'e9'", 14, 0);
    expect_error("{\"hex\":\"16\"}", 0, "position 9: \"hex\" is '16'; it needs 0x", 9, 0);
    expect_error("{\"hex\":\"0xzz\"}", 0, "invalid hex digit 'z' at position 11", 11, 0);
    expect_error("{\"count\":01,\"hex\":\"0x1\"}", 0, "position 10: \"count\" needs a whole number 0..64", 10, 0);
    expect_error("{\"count\":65,\"hex\":\"0x1\"}", 0, "position 10: \"count\" needs a whole number 0..64", 10, 0);
    expect_error("{\"hex\":\"0x1", 0, "position 8: a string that does not end", 8, 0);
    expect_error("{\"hex\":\"\\u0030x1\"}", 0, "position 9: escapes are not read", 9, 0);
    expect_error("{\"hex\":\"0x1\"", 0, "position 13: the text ends where '}' closes the board", 13, 0);
    expect_error("{\"hex\":\"0x\x1b\"}", 0, "position 11: a control character inside a string", 11, 0);
    expect_error("{\"hex\"\x7f:\"0x1\"}", 0, "position 7: '\\x7f' where ':' follows a member name", 7, 0);

    /* one damaged character (deleted or replaced) never gives another board */
    uint64_t st = 3;
    for (int k = 0; k < 20000; k++) {
        uint64_t x = bbt_board(&st);
        char good[BB_FORMAT_MAX], bad[BB_FORMAT_MAX];
        size_t n = bb_format_board(good, sizeof good, x, BB_FORMAT_JSON, 0);
        size_t at = (size_t)(bbt_next(&st) % n);
        strcpy(bad, good);
        if (k & 1) memmove(bad + at, bad + at + 1, n - at);
        else bad[at] = (char)(1 + bbt_next(&st) % 255);
        uint64_t y = 12345;
        bb_parse_error e;
        if (bb_parse_board(bad, 0, &y, &e) == 0) {
            CHECK(y == x, "'%s' (from '%s') read as 0x%016llx", bad, good, (unsigned long long)y);
        } else {
            CHECK(y == 12345 && e.pos >= 1 && e.pos <= (int)n + 1, "'%s': pos %d", bad, e.pos);
            for (const char *m = e.msg; *m; m++)
                CHECK(*m >= 0x20 && *m <= 0x7e, "0x%02x in '%s'", (unsigned char)*m, e.msg);
        }
    }
}

/* No byte of the input reaches a message raw: controls and non-ASCII are escaped. */
static void messages_printable(void)
{
    static const char *const shapes[] = {"%c", "0x1%c", "0b1%c", "12%c", "e4,%c", "e4,%c5", "%c4", "x%c"};
    for (int b = 1; b < 256; b++)
        for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
            char text[16];
            snprintf(text, sizeof text, shapes[k], b);
            uint64_t y;
            bb_parse_error e;
            if (bb_parse_board(text, 0, &y, &e) == 0) continue;
            for (const char *m = e.msg; *m; m++)
                CHECK(*m >= 0x20 && *m <= 0x7e, "'%s' (byte 0x%02x): 0x%02x in '%s'", shapes[k], b,
                      (unsigned char)*m, e.msg);
        }
    uint64_t y;
    bb_parse_error e;
    CHECK(bb_parse_board("\x1b[2J", 0, &y, &e) == -1 && strstr(e.msg, "'\\x1b[2J' is not a board"), "%s", e.msg);
    CHECK(bb_parse_board("e4,\x7f\x01\xc3\xa9", 0, &y, &e) == -1 && strstr(e.msg, "'\\x7f\\x01\\xc3\\xa9'"), "%s", e.msg);
    CHECK(bb_parse_board("0x\n", 0, &y, &e) == -1 && strstr(e.msg, "'0x' has no digits"), "%s", e.msg);
    /* Tokens of every length up to past the 24 bytes a message quotes, all
     * bytes escaped (4 characters each): the quote must fit (ASan checks). */
    for (int len = 1; len <= 40; len++)
        for (int shape = 0; shape < 3; shape++) {
            char text[64];
            int k = 0;
            if (shape == 1) text[k++] = 'e';
            if (shape == 2) memcpy(text, "e4,", 3), k = 3;
            for (int i = 0; i < len; i++) text[k++] = (char)0xFF;
            text[k] = '\0';
            CHECK(bb_parse_board(text, 0, &y, &e) == -1 && strlen(e.msg) < sizeof e.msg, "len %d", len);
            for (const char *m = e.msg; *m; m++) CHECK(*m >= 0x20 && *m <= 0x7e, "len %d: raw byte", len);
        }
}

static void round_trips(void)
{
    uint64_t st = 11;
    const bb_format fmts[] = {BB_FORMAT_HEX, BB_FORMAT_DIAGRAM, BB_FORMAT_SQUARES, BB_FORMAT_JSON};
    for (int k = 0; k < 20000; k++) {
        uint64_t x = k < 64 ? (uint64_t)1 << k : k == 64 ? 0 : k == 65 ? ~0ULL : bbt_board(&st);
        for (size_t f = 0; f < sizeof fmts / sizeof fmts[0]; f++)
            for (unsigned flags = 0; flags < 2; flags++) {
                char buf[BB_FORMAT_MAX];
                size_t len = bb_format_board(buf, sizeof buf, x, fmts[f], flags);
                CHECK(len < sizeof buf && strlen(buf) == len, "length %zu", len);
                uint64_t y;
                bb_parse_error e;
                int rc = bb_parse_board(buf, flags, &y, &e);
                CHECK(rc == 0 && y == x, "format %d flags %u: '%s' -> %s", (int)fmts[f], flags, buf,
                      rc ? e.msg : "wrong value");
                /* a labelled diagram read in the other orientation is an error, not a mirror image */
                if (fmts[f] == BB_FORMAT_DIAGRAM)
                    CHECK(bb_parse_board(buf, flags ^ BB_IO_OTHELLO, &y, &e) == -1 && e.line == (flags ? 2 : 1),
                          "flags %u, read with %u:\n%s", flags, flags ^ BB_IO_OTHELLO, buf);
            }
    }
}

static void formats(void)
{
    char buf[BB_FORMAT_MAX];
    uint64_t x = ((uint64_t)1 << BB_E4) | ((uint64_t)1 << BB_D5);
    bb_format_board(buf, sizeof buf, x, BB_FORMAT_HEX, 0);
    CHECK(strcmp(buf, "0x0000000810000000") == 0, "hex: %s", buf);
    bb_format_board(buf, sizeof buf, x, BB_FORMAT_SQUARES, 0);
    CHECK(strcmp(buf, "e4,d5") == 0, "squares: %s", buf);
    bb_format_board(buf, sizeof buf, 0, BB_FORMAT_SQUARES, 0);
    CHECK(strcmp(buf, "none") == 0, "squares of empty: %s", buf);
    bb_format_board(buf, sizeof buf, x, BB_FORMAT_JSON, 0);
    CHECK(strcmp(buf, "{\"hex\":\"0x0000000810000000\",\"squares\":[\"e4\",\"d5\"],\"count\":2}") == 0,
          "json: %s", buf);
    bb_format_board(buf, sizeof buf, 1, BB_FORMAT_DIAGRAM, 0);
    CHECK(strcmp(buf, "8 . . . . . . . .\n7 . . . . . . . .\n6 . . . . . . . .\n5 . . . . . . . .\n"
                      "4 . . . . . . . .\n3 . . . . . . . .\n2 . . . . . . . .\n1 1 . . . . . . .\n"
                      "  a b c d e f g h\n") == 0,
          "chess diagram:\n%s", buf);
    bb_format_board(buf, sizeof buf, 1, BB_FORMAT_DIAGRAM, BB_IO_OTHELLO);
    CHECK(strncmp(buf, "  a b c d e f g h\n1 1 . . . . . . .\n2 . ", 40) == 0, "othello diagram:\n%s", buf);
    /* snprintf semantics: truncation still reports the full length */
    char small[5];
    size_t need = bb_format_board(small, sizeof small, x, BB_FORMAT_HEX, 0);
    CHECK(need == 18 && strcmp(small, "0x00") == 0, "truncated: %zu '%s'", need, small);
    CHECK(bb_format_board(NULL, 0, ~0ULL, BB_FORMAT_JSON, 0) < BB_FORMAT_MAX, "json of full board fits");
    bb_format f;
    CHECK(bb_format_from_name("json", &f) == 0 && f == BB_FORMAT_JSON, "json name");
    CHECK(bb_format_from_name("JSON", &f) == 0 && f == BB_FORMAT_JSON, "names ignore case");
    CHECK(bb_format_from_name("Hex", &f) == 0 && f == BB_FORMAT_HEX, "names ignore case");
    CHECK(bb_format_from_name("xml", &f) == -1, "unknown format");
    CHECK(bb_format_from_name("hexx", &f) == -1 && bb_format_from_name("he", &f) == -1 &&
              bb_format_from_name("", &f) == -1,
          "near misses");
    /* A NULL name breaks the precondition: -1 in a normal build, an abort
     * under BB_DEBUG (tests/test_debug.c checks that). */
    if (!bb__debug_checks()) CHECK(bb_format_from_name(NULL, &f) == -1, "NULL name");
}

static void bad_inputs(void)
{
    expect_error("0x1g", 0, "'g' at position 4 in '0x1g'", 4, 0);
    expect_error("  0x1g", 0, "position 6", 6, 0);
    expect_error("i9", 0, "invalid square 'i9'", 1, 0);
    expect_error("e4,i9", 0, "invalid square 'i9' (#2, at position 4)", 4, 0);
    expect_error("e4,,d5", 0, "empty square #2", 4, 0);
    expect_error("e4,", 0, "ends with a comma", 3, 0);
    expect_error("e44", 0, "invalid square 'e44'", 1, 0);
    expect_error("nonee", 0, "invalid square 'nonee'", 1, 0);
    expect_error("none,e4", 0, "invalid square 'none'", 1, 0);
    expect_error("", 0, "empty board", 0, 0);
    expect_error("   \n ", 0, "empty board", 0, 0);
    expect_error("0x1ffffffffffffffff", 0, "'0x1ffffffffffffffff' does not fit in 64 bits", 1, 0);
    expect_error("18446744073709551616", 0, "does not fit in 64 bits", 1, 0);
    expect_error("0b11111111111111111111111111111111111111111111111111111111111111111", 0,
                 "does not fit in 64 bits", 1, 0);
    expect_error("0x", 0, "no digits after its hex prefix", 1, 0);
    expect_error("0b102", 0, "invalid binary digit '2' at position 5", 5, 0);
    expect_error("12a", 0, "invalid decimal digit 'a' at position 3", 3, 0);
    expect_error("-5", 0, "'-5' is not a board", 1, 0);
    expect_error("........\n........\n........\n........\n........\n........\n........\n........\n........",
                 0, "line 9, column 1: a 9th row", 73, 9);
    expect_error("........\n........\n........\n........\n........\n........\n........", 0,
                 "line 7, column 9: the diagram ends after 7 rows", 63, 7);
    expect_error("........\n........\n.......\n........\n........\n........\n........\n........", 0,
                 "line 3, column 1: the row has 7 cells", 19, 3);
    expect_error("........\n........\n...?....\n........\n........\n........\n........\n........", 0,
                 "line 3, column 4: '?' is not a cell", 22, 3);
    expect_error("7 ........\n........\n........\n........\n........\n........\n........\n........", 0,
                 "line 1, column 1: the row is labelled '7' but it is rank 8", 1, 1);
    /* a NULL error pointer is allowed */
    uint64_t x;
    CHECK(bb_parse_board("zz", 0, &x, NULL) == -1, "NULL err");
    CHECK(bb_parse_board(NULL, 0, &x, NULL) == -1, "NULL text");
}

int main(void)
{
    RUN(numbers);
    RUN(squares);
    RUN(diagrams);
    RUN(diagram_rules);
    RUN(diagram_variants);
    RUN(diagram_damage);
    RUN(diagram_noise);
    RUN(json_boards);
    RUN(messages_printable);
    RUN(round_trips);
    RUN(formats);
    RUN(bad_inputs);
    return bbt_finish("io");
}
