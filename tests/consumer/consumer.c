/* A program that uses the installed library the way a user would. */
#include <bitboard.h>
#include <stdio.h>

int main(void)
{
    uint64_t x;
    if (bb_parse_board("e4,d5", 0, &x, NULL) != 0) return 1;
    bb_sym used;
    uint64_t c = bb_canonical(bb_rotate_cw(x), &used);
    char buf[BB_FORMAT_MAX];
    bb_format_board(buf, sizeof buf, c, BB_FORMAT_SQUARES, 0);
    printf("%s %s %s\n", bb_version(), buf, bb_sym_name(used));
    return 0;
}
