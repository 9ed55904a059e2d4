/* bb_othello_wthor_* and bb_othello_ggf_*: any bytes as a .wtb file and as
 * GGF text.  A game that reads replays legally; written again (68 bytes, or
 * GGF) it reads back with the same moves; a refusal fills a printable error,
 * and so does a game kept with a warning (a count with the empties split);
 * the GGF reader always moves on (no endless loop). */
#include <bitboard.h>

#include "fuzz.h"

static void printable(const bb_parse_error *e)
{
    FUZZ_ASSERT(e->msg[0] != '\0', "empty error");
    for (const char *c = e->msg; *c; c++) FUZZ_ASSERT(*c >= 0x20 && *c <= 0x7e, "unprintable byte in '%s'", e->msg);
}

static void same(const bb_othello_record *a, const bb_othello_record *b, const char *what)
{
    FUZZ_ASSERT(a->count == b->count && memcmp(a->moves, b->moves, (size_t)a->count) == 0, "%s: moves differ", what);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    bb_othello_wthor_header h;
    bb_parse_error e;
    bb_othello_record g, back;
    if (bb_othello_wthor_read_header(data, size, &h, &e) == 0) {
        size_t n = (size - 16) / 68;
        for (size_t i = 0; i < n && i < 64; i++) {
            int rc = bb_othello_wthor_game(data, size, (long)i, &g, &e);
            FUZZ_ASSERT(rc >= -1 && rc <= 1 && (rc != 1 || strstr(e.msg, "split evenly")), "rc %d: %s", rc, e.msg);
            if (rc != 0) printable(&e); /* the error, or the warning of a game kept */
            if (rc < 0) continue;
            FUZZ_ASSERT(bb_othello_record_replay(&g, NULL, &e) == 0, "a game that read does not replay: %s", e.msg);
            unsigned char out[16 + 68];
            bb_othello_wthor_write_header(out, &h);
            out[4] = 1, out[5] = out[6] = out[7] = 0;
            FUZZ_ASSERT(bb_othello_wthor_write_game(out + 16, &g, &e) == 0, "write: %s", e.msg);
            if (bb_othello_wthor_game(out, sizeof out, 0, &back, &e) == 0) same(&g, &back, "wthor");
        }
    } else {
        printable(&e);
    }
    const char *text = (const char *)data;
    size_t at = 0, used;
    int rounds = 0;
    for (;;) {
        int rc = bb_othello_ggf_read(text + at, size - at, &used, &g, &e);
        if (rc == 0) break;
        FUZZ_ASSERT(used > 0 && used <= size - at, "used %zu of %zu", used, size - at);
        FUZZ_ASSERT(++rounds <= (int)size, "more games than bytes");
        if (rc < 0) {
            printable(&e);
        } else {
            FUZZ_ASSERT(bb_othello_record_replay(&g, NULL, &e) == 0, "a GGF game that read does not replay: %s", e.msg);
            char buf[4096];
            size_t n = bb_othello_ggf_write(buf, sizeof buf, &g);
            FUZZ_ASSERT(n < sizeof buf, "GGF of %zu bytes", n);
            size_t u2;
            FUZZ_ASSERT(bb_othello_ggf_read(buf, n, &u2, &back, &e) == 1, "written GGF does not read: %s", e.msg);
            same(&g, &back, "ggf");
        }
        at += used;
        if (at >= size) break;
    }
    return 0;
}
