/* The name parsers: bb_sym_from_name, bb_line_from_name,
 * bb_mapping_from_name and bb_format_from_name.  A name that parses gives a
 * value in range whose printed name parses back to the same value.  (Only
 * round trips: whether case is ignored is the parsers' business.) */
#include <bitboard.h>

#include "fuzz.h"

/* io.h has no bb_format_name; these are the names bb_format_from_name documents. */
static const char *format_name(bb_format f)
{
    static const char *const names[] = {"hex", "diagram", "squares", "json"};
    return (unsigned)f < 4 ? names[f] : NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    if (!text) return 0;

    bb_sym s, s2;
    if (bb_sym_from_name(text, &s) == 0) {
        FUZZ_ASSERT((unsigned)s < BB_SYM_COUNT, "sym '%s' gave %d", text, (int)s);
        const char *name = bb_sym_name(s);
        FUZZ_ASSERT(name && bb_sym_from_name(name, &s2) == 0 && s2 == s, "sym '%s' -> %d -> '%s' does not read back",
                    text, (int)s, name ? name : "(null)");
    }
    bb_line l, l2;
    if (bb_line_from_name(text, &l) == 0) {
        FUZZ_ASSERT((unsigned)l < BB_LINE_COUNT, "line '%s' gave %d", text, (int)l);
        const char *name = bb_line_name(l);
        FUZZ_ASSERT(name && bb_line_from_name(name, &l2) == 0 && l2 == l, "line '%s' -> %d -> '%s' does not read back",
                    text, (int)l, name ? name : "(null)");
    }
    bb_mapping m, m2;
    if (bb_mapping_from_name(text, &m) == 0) {
        FUZZ_ASSERT((unsigned)m < BB_MAP_COUNT, "mapping '%s' gave %d", text, (int)m);
        const char *name = bb_mapping_name(m);
        FUZZ_ASSERT(name && bb_mapping_from_name(name, &m2) == 0 && m2 == m,
                    "mapping '%s' -> %d -> '%s' does not read back", text, (int)m, name ? name : "(null)");
    }
    bb_format f, f2;
    if (bb_format_from_name(text, &f) == 0) {
        const char *name = format_name(f);
        FUZZ_ASSERT(name && bb_format_from_name(name, &f2) == 0 && f2 == f,
                    "format '%s' -> %d -> '%s' does not read back", text, (int)f, name ? name : "(null)");
    }
    free(text);
    return 0;
}
