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

static void round_trips(void)
{
    uint64_t st = 11;
    const bb_format fmts[] = {BB_FORMAT_HEX, BB_FORMAT_DIAGRAM, BB_FORMAT_SQUARES};
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
    CHECK(bb_format_from_name("xml", &f) == -1, "unknown format");
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
                 0, "this is a 9th", 73, 9);
    expect_error("........\n........\n........\n........\n........\n........\n........", 0,
                 "this one has 7", 0, 7);
    expect_error("........\n........\n.......\n........\n........\n........\n........\n........", 0,
                 "line 3: row has 7 cells", 19, 3);
    expect_error("........\n........\n...?....\n........\n........\n........\n........\n........", 0,
                 "line 3, column 4: '?' is not a cell", 22, 3);
    expect_error("7 ........\n........\n........\n........\n........\n........\n........\n........", 0,
                 "labelled '7' but this row is rank 8", 1, 1);
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
    RUN(round_trips);
    RUN(formats);
    RUN(bad_inputs);
    return bbt_finish("io");
}
