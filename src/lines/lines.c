/* Lines: the line names.  The tables behind the *_lookup and *_pext forms
 * and the byte mirror are generated into line_tables.c. */
#include "bitboard.h"

static const char *const line_names[BB_LINE_COUNT] = {"rank", "file", "diagonal", "antidiagonal"};

const char *bb_line_name(bb_line line)
{
    return (unsigned)line < BB_LINE_COUNT ? line_names[line] : NULL;
}

int bb_line_from_name(const char *name, bb_line *line)
{
    BB__ASSERT_NOT_NULL(name, "name");
    BB__ASSERT_NOT_NULL(line, "line");
    int i = bb__name_index(name, line_names, BB_LINE_COUNT);
    if (i < 0 || !line) return -1;
    *line = (bb_line)i;
    return 0;
}
