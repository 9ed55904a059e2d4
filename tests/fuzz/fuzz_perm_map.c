/* bb_perm_parse: a map that parses is valid (no destination twice, every
 * entry -1 or 0..63), reads back from its own text, and compiles on a target
 * the input picks to a program that computes it (checked on single bits and
 * a few boards against bb_perm_apply; the compiler has the tracer prove it);
 * a failure fills in its error with a position inside the text and a
 * printable message. */
#include <bitboard.h>

#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    if (!text) return 0;
    bb_perm_map m;
    bb_parse_error e;
    memset(&e, 0, sizeof e);
    if (bb_perm_parse(text, &m, &e) != 0) {
        FUZZ_ASSERT(e.msg[0] != '\0' && memchr(e.msg, '\0', sizeof e.msg) != NULL, "'%s': empty error", text);
        FUZZ_ASSERT(e.pos >= 0 && (size_t)e.pos <= strlen(text) + 1, "'%s': error at %d", text, e.pos);
        for (const char *c = e.msg; *c; c++)
            FUZZ_ASSERT(*c >= 0x20 && *c <= 0x7e, "'%s': unprintable byte in the error", text);
        free(text);
        return 0;
    }
    FUZZ_ASSERT(bb_perm_check_map(&m, &e) == 0, "'%s' parsed to a bad map: %s", text, e.msg);
    /* its own text reads back */
    char back[64 * 4 + 1];
    size_t n = 0;
    for (int s = 0; s < 64; s++)
        n += (size_t)snprintf(back + n, sizeof back - n, m.to[s] < 0 ? "- " : "%d ", m.to[s]);
    bb_perm_map m2;
    FUZZ_ASSERT(bb_perm_parse(back, &m2, &e) == 0 && memcmp(m.to, m2.to, sizeof m.to) == 0, "'%s' does not read back",
                text);
    bb_trace_program *p;
    bb_perm_report r;
    bb_perm_target t = (bb_perm_target)(size % BB_PERM_TARGET_COUNT);
    FUZZ_ASSERT(bb_perm_compile(&m, t, &p, &r) == 0, "'%s' on %s: %s", text, bb_perm_target_name(t), r.msg);
    FUZZ_ASSERT(r.rejected == 0, "'%s' on %s: %d wrong candidates", text, bb_perm_target_name(t), r.rejected);
    uint64_t care = 0;
    for (int s = 0; s < 64; s++)
        if (m.to[s] >= 0) care |= 1ULL << m.to[s];
    for (int i = 0; i < 68; i++) {
        uint64_t in[BB_TRACE_MAX_VARS] = {i < 64 ? 1ULL << i : 0x9E3779B97F4A7C15ULL * (uint64_t)(i + 1)};
        FUZZ_ASSERT((bb_trace_eval(p, in) & care) == bb_perm_apply(&m, in[0]), "'%s' on %s: wrong program", text,
                    bb_perm_target_name(t));
    }
    bb_trace_free(p);
    free(text);
    return 0;
}
