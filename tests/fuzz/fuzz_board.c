/* bb_parse_board with both flag values; a board that parses formats in every
 * bb_format (into buffers of every interesting size) and reads back equal. */
#include <bitboard.h>

#include "fuzz.h"

/* Reads back JSON's "hex" string and "squares" list; each must give x. */
static void check_json(const char *json, uint64_t x, unsigned flags)
{
    const char *hex = strstr(json, "\"hex\"");
    FUZZ_ASSERT(hex, "no \"hex\" in %s", json);
    hex = strchr(hex + 5, '"');
    FUZZ_ASSERT(hex, "no hex value in %s", json);
    char buf[BB_FORMAT_MAX];
    size_t n = strcspn(hex + 1, "\"");
    FUZZ_ASSERT(n < sizeof buf, "hex value too long in %s", json);
    memcpy(buf, hex + 1, n);
    buf[n] = '\0';
    uint64_t y = ~x;
    FUZZ_ASSERT(bb_parse_board(buf, flags, &y, NULL) == 0 && y == x, "JSON hex '%s' does not read back", buf);

    const char *sq = strstr(json, "\"squares\"");
    if (!sq) return;
    const char *p = sq + 9 + strspn(sq + 9, " :"), *end;
    if (*p == '[') /* a list of names: ["e4","d5"] */
        end = strchr(p, ']');
    else if (*p == '"') /* one string: "e4,d5" */
        end = strchr(p + 1, '"');
    else
        end = NULL;
    FUZZ_ASSERT(end, "malformed squares value in %s", json);
    size_t len = 0;
    for (p++; p < end; p++) /* keep the names; '"' and ',' become spaces */
        if (len + 2 < sizeof buf) buf[len++] = (*p == '"' || *p == ',') ? ' ' : *p;
    buf[len] = '\0';
    if (strspn(buf, " ") == len) strcpy(buf, "none");
    y = ~x;
    FUZZ_ASSERT(bb_parse_board(buf, flags, &y, NULL) == 0 && y == x, "JSON squares '%s' do not read back", buf);
}

static void check_formats(uint64_t x, unsigned flags)
{
    static const bb_format formats[] = {BB_FORMAT_HEX, BB_FORMAT_DIAGRAM, BB_FORMAT_SQUARES, BB_FORMAT_JSON};
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
        char full[BB_FORMAT_MAX];
        size_t n = bb_format_board(full, sizeof full, x, formats[i], flags);
        FUZZ_ASSERT(n < sizeof full && strlen(full) == n, "format %d: length %zu", (int)formats[i], n);
        /* snprintf semantics: any size gets a NUL-terminated prefix and the full length */
        size_t sizes[] = {0, 1, n / 2, n, n + 1};
        for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
            char *b = malloc(sizes[k] ? sizes[k] : 1);
            if (!b) return;
            size_t m = bb_format_board(b, sizes[k], x, formats[i], flags);
            FUZZ_ASSERT(m == n, "format %d into %zu bytes: returned %zu, want %zu", (int)formats[i], sizes[k], m, n);
            if (sizes[k]) {
                size_t want = n < sizes[k] - 1 ? n : sizes[k] - 1;
                FUZZ_ASSERT(strlen(b) == want && memcmp(b, full, want) == 0,
                            "format %d into %zu bytes: not a prefix", (int)formats[i], sizes[k]);
            }
            free(b);
        }
        if (formats[i] == BB_FORMAT_JSON) {
            check_json(full, x, flags);
        } else {
            uint64_t y = ~x;
            bb_parse_error err;
            int rc = bb_parse_board(full, flags, &y, &err);
            FUZZ_ASSERT(rc == 0, "format %d of 0x%016llx does not parse (flags %u): %s\n%s", (int)formats[i],
                        (unsigned long long)x, flags, err.msg, full);
            FUZZ_ASSERT(y == x, "format %d of 0x%016llx reads back as 0x%016llx (flags %u)\n%s", (int)formats[i],
                        (unsigned long long)x, (unsigned long long)y, flags, full);
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    if (!text) return 0;
    size_t len = strlen(text);
    static const unsigned flag_values[] = {0, BB_IO_OTHELLO};
    for (size_t i = 0; i < 2; i++) {
        unsigned flags = flag_values[i];
        uint64_t x = 0, y = 0;
        bb_parse_error err;
        memset(&err, 0x55, sizeof err); /* the parser must fill what it reports */
        int rc = bb_parse_board(text, flags, &x, &err);
        FUZZ_ASSERT(rc == 0 || rc == -1, "returned %d", rc);
        FUZZ_ASSERT(bb_parse_board(text, flags, &y, NULL) == rc, "result differs without an error struct");
        if (rc == 0) {
            FUZZ_ASSERT(x == y, "value differs without an error struct");
            check_formats(x, flags);
        } else {
            FUZZ_ASSERT(memchr(err.msg, '\0', sizeof err.msg) && err.msg[0], "error message empty or unterminated");
            FUZZ_ASSERT(err.pos >= 0 && (size_t)err.pos <= len + 1, "error position %d outside 0..%zu", err.pos, len + 1);
            FUZZ_ASSERT(err.line >= 0 && err.column >= 0, "error line %d column %d", err.line, err.column);
        }
    }
    free(text);
    return 0;
}
