/* bb_othello_parse, bb_othello_play_transcript, bb_othello_normalize_transcript:
 * a position that parses formats and reads back equal (both formats keep
 * snprintf's contract); a transcript that plays from the start normalizes to
 * one that starts with f5 and plays to the image of the same position under a
 * symmetry that keeps the start (up to a trailing pass, which normalization
 * leaves out like every pass); a failure fills in its error. */
#include <bitboard.h>

#include "fuzz.h"

static void check_error(const bb_parse_error *e, const char *what, const char *text)
{
    FUZZ_ASSERT(e->msg[0] != '\0' && memchr(e->msg, '\0', sizeof e->msg) != NULL, "%s '%s': empty error", what, text);
    FUZZ_ASSERT(e->pos >= 0 && (size_t)e->pos <= strlen(text) + 1, "%s '%s': error at %d", what, text, e->pos);
    for (const char *c = e->msg; *c; c++)
        FUZZ_ASSERT(*c >= 0x20 && *c <= 0x7e, "%s '%s': unprintable byte in the error", what, text);
}

static void check_position(const char *text)
{
    bb_othello_pos x, y;
    bb_parse_error e;
    memset(&e, 0, sizeof e);
    if (bb_othello_parse(text, &x, &e) != 0) {
        check_error(&e, "parse", text);
        return;
    }
    FUZZ_ASSERT((x.p & x.o) == 0 && (x.side == 0 || x.side == 1), "'%s' parsed to a bad position", text);
    char buf[BB_OTHELLO_FORMAT_MAX], small[80];
    size_t n = bb_othello_format(buf, sizeof buf, &x);
    FUZZ_ASSERT(n == 66 && strlen(buf) == 66, "'%s' formats to %zu characters", text, n);
    FUZZ_ASSERT(bb_othello_parse(buf, &y, &e) == 0, "'%s' -> '%s': %s", text, buf, e.msg);
    FUZZ_ASSERT(x.p == y.p && x.o == y.o && x.side == y.side, "'%s' -> '%s' reads back different", text, buf);
    size_t d = bb_othello_format_diagram(buf, sizeof buf, &x);
    FUZZ_ASSERT(d == strlen(buf) && d < BB_OTHELLO_FORMAT_MAX, "diagram of '%s': %zu", text, d);
    for (size_t size = 0; size < sizeof small; size += 7) {
        memset(small, '#', sizeof small);
        FUZZ_ASSERT(bb_othello_format(small, size, &x) == 66, "size %zu", size);
        FUZZ_ASSERT(size == 0 ? small[0] == '#' : strlen(small) == (size - 1 < 66 ? size - 1 : 66), "size %zu", size);
    }
}

static void check_transcript(const char *text)
{
    bb_othello_pos x = bb_othello_start(), before = x;
    bb_parse_error e;
    memset(&e, 0, sizeof e);
    int rc = bb_othello_play_transcript(&x, text, &e);
    char buf[256];
    size_t n = bb_othello_normalize_transcript(buf, sizeof buf, text, &e);
    if (rc != 0) {
        check_error(&e, "transcript", text);
        FUZZ_ASSERT(n == (size_t)-1, "'%s' fails to play but normalizes", text);
        FUZZ_ASSERT((x.p & x.o) == 0, "'%s' left a bad position", text);
        return;
    }
    (void)before;
    FUZZ_ASSERT(n != (size_t)-1 && n == strlen(buf) && n % 2 == 0 && n <= 120, "'%s' plays but normalizes to %zu",
                text, n);
    FUZZ_ASSERT(n == 0 || (buf[0] == 'f' && buf[1] == '5'), "'%s' -> '%s'", text, buf);
    bb_othello_pos y = bb_othello_start(), s = y;
    FUZZ_ASSERT(bb_othello_play_transcript(&y, buf, &e) == 0, "'%s' -> '%s' does not play: %s", text, buf, e.msg);
    /* a pass at the end of the text is left out like every other: the side
     * to move then has no move in the normalized position and passes */
    if (y.side != x.side) {
        FUZZ_ASSERT(bb_othello_pass(&y) == 0, "'%s' -> '%s': the sides differ and no pass is due", text, buf);
    }
    int found = 0;
    for (int k = 0; k < BB_SYM_COUNT; k++) {
        bb_sym sym = (bb_sym)k;
        if (bb_sym_apply(s.p, sym) != s.p || bb_sym_apply(s.o, sym) != s.o) continue;
        if (bb_sym_apply(x.p, sym) == y.p && bb_sym_apply(x.o, sym) == y.o && x.side == y.side) found = 1;
    }
    FUZZ_ASSERT(found, "'%s' -> '%s': the positions are not images of each other", text, buf);
    char again[256];
    FUZZ_ASSERT(bb_othello_normalize_transcript(again, sizeof again, buf, NULL) == n && strcmp(again, buf) == 0,
                "'%s' normalizes to '%s'", buf, again);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    if (!text) return 0;
    check_position(text);
    check_transcript(text);
    free(text);
    return 0;
}
