/* bb_parse_square: a parsed square is 0..63 and its bb_square_name parses
 * back to it. */
#include <bitboard.h>

#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    if (!text) return 0;
    int sq = bb_parse_square(text);
    FUZZ_ASSERT(sq >= -1 && sq < 64, "'%s' gave %d", text, sq);
    if (sq >= 0) {
        char name[3];
        FUZZ_ASSERT(bb_square_name(sq, name) == name, "bb_square_name(%d) did not return its buffer", sq);
        FUZZ_ASSERT(name[2] == '\0' && bb_parse_square(name) == sq, "'%s' -> %d -> '%s' -> %d", text, sq, name,
                    bb_parse_square(name));
    }
    free(text);
    return 0;
}
