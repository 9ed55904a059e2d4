/* Lines: the compile-time tables behind the *_lookup forms and the byte
 * mirror, and the line names.  tests/test_lines.c re-verifies every entry. */
#include <string.h>

#include "bitboard.h"

/* Constant-expression twins of bb_line_mask and the multipliers (the shifts
 * are masked to 0..63 so that no branch, taken or not, shifts by 64). */
#define L_F(sq) ((sq) & 7)
#define L_K(sq) (L_F(sq) - ((sq) >> 3))
#define L_S(sq) (L_F(sq) + ((sq) >> 3))
#define L_DIAG(k) ((k) >= 0 ? BB_DIAGONAL_A1H8 >> ((8 * (k)) & 63) : BB_DIAGONAL_A1H8 << ((-8 * (k)) & 63))
#define L_ANTI(s) ((s) <= 7 ? BB_ANTIDIAGONAL_A8H1 >> ((8 * (7 - (s))) & 63) \
                            : BB_ANTIDIAGONAL_A8H1 << ((8 * ((s) - 7)) & 63))
#define L_MASK(line, sq)                                                                 \
    ((line) == BB_LINE_RANK ? BB_RANK_1 << ((sq) & 56)                                   \
     : (line) == BB_LINE_FILE ? BB_FILE_A << L_F(sq)                                     \
     : (line) == BB_LINE_DIAGONAL ? L_DIAG(L_K(sq)) : L_ANTI(L_S(sq)))
/* An anti-diagonal (file + rank = s) on the byte-swapped board is the diagonal
 * with file - rank = s - 7. */
#define L_PMASK(line, sq) ((line) == BB_LINE_ANTIDIAGONAL ? L_DIAG(L_S(sq) - 7) : L_MASK(line, sq))
#define L_ENTRY(line, sq)                                                                \
    {L_MASK(line, sq), (line) == BB_LINE_FILE ? BB__FILE_TO_RANK8 >> L_F(sq) : BB_FILE_A, \
     (line) == BB_LINE_FILE ? (uint64_t)1 << L_F(sq) : BB_FILE_A, L_PMASK(line, sq)}
/* The line's first file: 0 for ranks and files, k = file - rank > 0 for a
 * diagonal starting on rank 1, s - 7 for an anti-diagonal past the long one. */
#define L_SHIFT(line, sq)                                                                \
    ((line) == BB_LINE_DIAGONAL ? (L_K(sq) > 0 ? L_K(sq) : 0)                             \
     : (line) == BB_LINE_ANTIDIAGONAL ? (L_S(sq) > 7 ? L_S(sq) - 7 : 0) : 0)

#define L_8(M, a, n) M(a, (n)), M(a, (n) + 1), M(a, (n) + 2), M(a, (n) + 3), \
                     M(a, (n) + 4), M(a, (n) + 5), M(a, (n) + 6), M(a, (n) + 7)
#define L_64(M, a, n) L_8(M, a, (n)), L_8(M, a, (n) + 8), L_8(M, a, (n) + 16), L_8(M, a, (n) + 24), \
    L_8(M, a, (n) + 32), L_8(M, a, (n) + 40), L_8(M, a, (n) + 48), L_8(M, a, (n) + 56)
#define L_256(M) L_64(M, 0, 0), L_64(M, 0, 64), L_64(M, 0, 128), L_64(M, 0, 192)

/* Ordered as bb__line_index: line * 64 + square. */
const bb__line_entry bb__line_table[BB_LINE_COUNT * 64] = {
    L_64(L_ENTRY, BB_LINE_RANK, 0), L_64(L_ENTRY, BB_LINE_FILE, 0),
    L_64(L_ENTRY, BB_LINE_DIAGONAL, 0), L_64(L_ENTRY, BB_LINE_ANTIDIAGONAL, 0),
};

const unsigned char bb__line_pext_shift[BB_LINE_COUNT * 64] = {
    L_64(L_SHIFT, BB_LINE_RANK, 0), L_64(L_SHIFT, BB_LINE_FILE, 0),
    L_64(L_SHIFT, BB_LINE_DIAGONAL, 0), L_64(L_SHIFT, BB_LINE_ANTIDIAGONAL, 0),
};

/* bit r of the byte -> square 8r (a-file). */
#define L_AFILE_BIT(b, r) ((uint64_t)(((b) >> (r)) & 1) << (8 * (r)))
#define L_AFILE(z, b) (L_AFILE_BIT(b, 0) | L_AFILE_BIT(b, 1) | L_AFILE_BIT(b, 2) | L_AFILE_BIT(b, 3) | \
                       L_AFILE_BIT(b, 4) | L_AFILE_BIT(b, 5) | L_AFILE_BIT(b, 6) | L_AFILE_BIT(b, 7))
const uint64_t bb__a_file_of_byte[256] = {L_256(L_AFILE)};

/* The multiplication of bb_mirror_byte_mul, as a constant expression. */
#define L_MIRROR(z, b) (unsigned char)((((((uint64_t)(b) * 0x80200802ULL) & 0x0884422110ULL) \
                                         * 0x0101010101ULL) >> 32) & 0xFF)
const unsigned char bb__mirror_byte_table[256] = {L_256(L_MIRROR)};

static const char *const line_names[BB_LINE_COUNT] = {"rank", "file", "diagonal", "antidiagonal"};

const char *bb_line_name(bb_line line)
{
    return (unsigned)line < BB_LINE_COUNT ? line_names[line] : NULL;
}

int bb_line_from_name(const char *name, bb_line *line)
{
    for (int i = 0; i < BB_LINE_COUNT; i++)
        if (strcmp(name, line_names[i]) == 0) {
            *line = (bb_line)i;
            return 0;
        }
    return -1;
}
