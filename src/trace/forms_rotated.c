/* The tracer's forms of the pseudo-rotations and Hyatt's rotated boards
 * (bitboard/rotate.h), with their index reads, each with its definition and
 * the compiled routine.  Listed by forms.c. */
#include "forms_private.h"

/* ============================================================================
 * Pseudo-rotations and Hyatt's rotated boards (bitboard/rotated.h)
 * ========================================================================== */

/* The square maps, as the header states them. */
static int prot_cw(int s) { return (s - 8 * (s & 7)) & 63; }
static int prot_ccw(int s) { return (s + 8 * ((s & 7) + 1)) & 63; }
static int prot_uncw(int s) { return (s + 8 * (s & 7)) & 63; }
static int prot_unccw(int s) { return (s - 8 * ((s & 7) + 1)) & 63; }
static uint64_t permute(uint64_t x, int (*map)(int))
{
    uint64_t y = 0;
    for (int s = 0; s < 64; s++)
        if (x & bit(s)) y |= bit(map(s));
    return y;
}
static uint64_t def_prot_cw(const uint64_t *in, int sq) { (void)sq; return permute(in[0], prot_cw); }
static uint64_t def_prot_ccw(const uint64_t *in, int sq) { (void)sq; return permute(in[0], prot_ccw); }
static uint64_t def_prot_uncw(const uint64_t *in, int sq) { (void)sq; return permute(in[0], prot_uncw); }
static uint64_t def_prot_unccw(const uint64_t *in, int sq) { (void)sq; return permute(in[0], prot_unccw); }

/* Three masked rotations of whole ranks: (x & ~m) | (rotate(x, 8d) & m) (`andnot m` is & ~m). */
static void b_files_rotate(pb *b, const uint64_t m[3], const char *rot)
{
    for (int i = 0; i < 3; i++) {
        name(b, "t");
        emit(b, "%s %d", rot, 8 << i);
        emit(b, "& 0x%016llX", K(m[i]));
        name(b, "moved");
        from(b, "t");
        emit(b, "andnot 0x%016llX", K(m[i]));
        emit(b, "| moved");
    }
}
static const uint64_t pr_cw[3] = {0xAAAAAAAAAAAAAAAAULL, 0xCCCCCCCCCCCCCCCCULL, 0xF0F0F0F0F0F0F0F0ULL};
static const uint64_t pr_ccw[3] = {0x5555555555555555ULL, 0x6666666666666666ULL, 0x7878787878787878ULL};
static void b_prot_cw(pb *b, int sq) { (void)sq; b_files_rotate(b, pr_cw, "ror"); }
static void b_prot_ccw(pb *b, int sq) { (void)sq; b_files_rotate(b, pr_ccw, "rol"); }
static void b_prot_uncw(pb *b, int sq) { (void)sq; b_files_rotate(b, pr_cw, "rol"); }
static void b_prot_unccw(pb *b, int sq) { (void)sq; b_files_rotate(b, pr_ccw, "ror"); }

/* The select forms: file f from the board rotated by (first + f) ranks. */
static void b_files_select(pb *b, int first, const char *rot)
{
    name(b, "board");
    for (int f = 0; f < 8; f++) {
        int n = 8 * ((first + f) & 7);
        from(b, "board");
        if (n) emit(b, "%s %d", rot, n);
        emit(b, "& 0x%016llX", K(BB_FILE_A << f));
        if (f) emit(b, "| acc");
        if (f < 7) name(b, "acc");
    }
}
static void b_prot_cw_select(pb *b, int sq) { (void)sq; b_files_select(b, 0, "ror"); }
static void b_prot_ccw_select(pb *b, int sq) { (void)sq; b_files_select(b, 1, "rol"); }
static void b_prot_uncw_select(pb *b, int sq) { (void)sq; b_files_select(b, 0, "rol"); }
static void b_prot_unccw_select(pb *b, int sq) { (void)sq; b_files_select(b, 1, "ror"); }

/* Hyatt's layouts by counting, from the header's description: rotated-45
 * holds the diagonals file - rank = 7, 6, ..., -7, each from its lowest file;
 * rotated-315 the anti-diagonals file + rank = 0..14, each from its lowest file. */
static int rot45_bit(int s)
{
    int f = s & 7, r = s >> 3, n = 0;
    for (int k = 7; k > f - r; k--) n += 8 - (k < 0 ? -k : k);
    return n + (f < r ? f : r);
}
static int rot315_bit(int s)
{
    int f = s & 7, r = s >> 3, n = 0;
    for (int t = 0; t < f + r; t++) n += t <= 7 ? t + 1 : 15 - t;
    return n + f - (f + r > 7 ? f + r - 7 : 0);
}
static uint64_t unpermute(uint64_t r, int (*map)(int))
{
    uint64_t y = 0;
    for (int s = 0; s < 64; s++)
        if (r & bit(map(s))) y |= bit(s);
    return y;
}
static int rot90_bit(int s) { return 8 * (7 - (s & 7)) + (s >> 3); }
static uint64_t def_rotated90(const uint64_t *in, int sq) { (void)sq; return permute(in[0], rot90_bit); }
static uint64_t def_unrotated90(const uint64_t *in, int sq) { (void)sq; return unpermute(in[0], rot90_bit); }
static uint64_t def_rotated45(const uint64_t *in, int sq) { (void)sq; return permute(in[0], rot45_bit); }
static uint64_t def_rotated315(const uint64_t *in, int sq) { (void)sq; return permute(in[0], rot315_bit); }
static uint64_t def_unrotated45(const uint64_t *in, int sq) { (void)sq; return unpermute(in[0], rot45_bit); }
static uint64_t def_unrotated315(const uint64_t *in, int sq) { (void)sq; return unpermute(in[0], rot315_bit); }

#define R45_LOW 0xFEFCF8F0E0C08000ULL
#define R315_LOW 0x7F3F1F0F07030100ULL
static const uint64_t cmp_r45_lo[6] = {0x00FCF80000C08000ULL, 0x007E00F0E0004000ULL, 0xFE00003C00601000ULL,
                                       0x00000003F8000100ULL, 0x0000000003FE0000ULL, 0x0FFFFC0000000000ULL};
static const uint64_t cmp_r45_hi[6] = {0x010300001F3F0000ULL, 0x0001870F0F800000ULL, 0x00806003C0000000ULL,
                                       0x000007C000000000ULL, 0x0008000000000000ULL, 0x0000000000000000ULL};
static const uint64_t cmp_r315_lo[6] = {0x7F3F000007030000ULL, 0x3F801F0F00018000ULL, 0x000007C003806000ULL,
                                        0x0000007FC0000700ULL, 0x000000007FF80000ULL, 0x0FFF800000000000ULL};
static const uint64_t cmp_r315_hi[6] = {0x00C0E00000FCFE00ULL, 0x000070F0F87E0000ULL, 0x80601C003E000000ULL,
                                        0x080001FC00000000ULL, 0x000E000000000000ULL, 0x0000000000000000ULL};

/* bb__compress6: x & m, then each step moves the bits in mv down by s:
 * t = x & mv; (x ^ t) | (t >> s).  A step with an empty mask is left out. */
static void b_compress6(pb *b, uint64_t m, const uint64_t mv[6])
{
    emit(b, "& 0x%016llX", K(m));
    for (int i = 0; i < 6; i++) {
        if (!mv[i]) continue;
        name(b, "y");
        emit(b, "& 0x%016llX", K(mv[i]));
        name(b, "t");
        emit(b, ">> %d", 1 << i);
        name(b, "down");
        from(b, "y");
        emit(b, "^ t");
        emit(b, "| down");
    }
}
/* bb__expand6: the steps in reverse, (x & ~mv) | ((x << s) & mv), then & m. */
static void b_expand6(pb *b, uint64_t m, const uint64_t mv[6])
{
    for (int i = 5; i >= 0; i--) {
        if (!mv[i]) continue;
        name(b, "y");
        emit(b, "<< %d", 1 << i);
        emit(b, "& 0x%016llX", K(mv[i]));
        name(b, "up");
        from(b, "y");
        emit(b, "andnot 0x%016llX", K(mv[i]));
        emit(b, "| up");
    }
    emit(b, "& 0x%016llX", K(m));
}
static void b_rotated_portable(pb *b, const uint64_t pr[3], const char *rot, uint64_t low, const uint64_t lo[6],
                               const uint64_t hi[6])
{
    b_files_rotate(b, pr, rot);
    name(b, "p");
    b_compress6(b, low, lo);
    name(b, "low");
    from(b, "p");
    b_compress6(b, ~low, hi);
    emit(b, "<< 28");
    emit(b, "| low");
}
static void b_unrotated_portable(pb *b, const uint64_t pr[3], const char *rot, uint64_t low, const uint64_t lo[6],
                                 const uint64_t hi[6])
{
    name(b, "r");
    emit(b, "& 0x000000000FFFFFFF");
    b_expand6(b, low, lo);
    name(b, "low");
    from(b, "r");
    emit(b, ">> 28");
    b_expand6(b, ~low, hi);
    emit(b, "| low");
    b_files_rotate(b, pr, rot);
}
static void b_rotated45(pb *b, int sq)
{
    (void)sq;
    b_rotated_portable(b, pr_cw, "ror", R45_LOW, cmp_r45_lo, cmp_r45_hi);
}
static void b_rotated315(pb *b, int sq)
{
    (void)sq;
    b_rotated_portable(b, pr_ccw, "rol", R315_LOW, cmp_r315_lo, cmp_r315_hi);
}
static void b_unrotated45(pb *b, int sq)
{
    (void)sq;
    b_unrotated_portable(b, pr_cw, "rol", R45_LOW, cmp_r45_lo, cmp_r45_hi);
}
static void b_unrotated315(pb *b, int sq)
{
    (void)sq;
    b_unrotated_portable(b, pr_ccw, "ror", R315_LOW, cmp_r315_lo, cmp_r315_hi);
}

static void b_rotated_pext(pb *b, const uint64_t pr[3], const char *rot, uint64_t low)
{
    b_files_rotate(b, pr, rot);
    name(b, "p");
    emit(b, "pext 0x%016llX", K(low));
    name(b, "low");
    from(b, "p");
    emit(b, "pext 0x%016llX", K(~low));
    emit(b, "<< 28");
    emit(b, "| low");
}
static void b_unrotated_pext(pb *b, const uint64_t pr[3], const char *rot, uint64_t low)
{
    name(b, "r");
    emit(b, "pdep 0x%016llX", K(low));
    name(b, "low");
    from(b, "r");
    emit(b, ">> 28");
    emit(b, "pdep 0x%016llX", K(~low));
    emit(b, "| low");
    b_files_rotate(b, pr, rot);
}
static void b_rotated45_pext(pb *b, int sq) { (void)sq; b_rotated_pext(b, pr_cw, "ror", R45_LOW); }
static void b_rotated315_pext(pb *b, int sq) { (void)sq; b_rotated_pext(b, pr_ccw, "rol", R315_LOW); }
static void b_unrotated45_pext(pb *b, int sq) { (void)sq; b_unrotated_pext(b, pr_cw, "rol", R45_LOW); }
static void b_unrotated315_pext(pb *b, int sq) { (void)sq; b_unrotated_pext(b, pr_ccw, "ror", R315_LOW); }

/* The occupancy of sq's line read from a rotated board: the conversion (pext
 * form), then bb_rotated*_index's shift and mask from the public tables.
 * Definition: the line's squares, lowest file first (for a file: rank 1 first). */
static uint64_t line_bits_from(uint64_t x, int sq, int df, int dr)
{
    /* walk back to the line's first square, then forward */
    int f = sq & 7, r = sq >> 3;
    while (on_board(f - df, r - dr)) f -= df, r -= dr;
    uint64_t y = 0;
    for (int i = 0; on_board(f, r); i++, f += df, r += dr)
        if (x & bit(8 * r + f)) y |= bit(i);
    return y;
}
static uint64_t def_rotated90_index(const uint64_t *in, int sq) { return line_bits_from(in[0], sq, 0, 1); }
static uint64_t def_rotated45_index(const uint64_t *in, int sq) { return line_bits_from(in[0], sq, 1, 1); }
static uint64_t def_rotated315_index(const uint64_t *in, int sq) { return line_bits_from(in[0], sq, 1, -1); }
static void b_rotated90_index(pb *b, int sq)
{
    bb__form_rotate_cw(b, sq); /* the quarter turn */
    emit(b, ">> %d", bb_rotated90_shift[sq & 63]);
    emit(b, "& 0xFF");
}
static void b_rotated45_index(pb *b, int sq)
{
    b_rotated_pext(b, pr_cw, "ror", R45_LOW);
    if (bb_rotated45_shift[sq & 63]) emit(b, ">> %d", bb_rotated45_shift[sq & 63]);
    emit(b, "& 0x%llX", K((1u << bb_rotated45_length[sq & 63]) - 1));
}
static void b_rotated315_index(pb *b, int sq)
{
    b_rotated_pext(b, pr_ccw, "rol", R315_LOW);
    if (bb_rotated315_shift[sq & 63]) emit(b, ">> %d", bb_rotated315_shift[sq & 63]);
    emit(b, "& 0x%llX", K((1u << bb_rotated315_length[sq & 63]) - 1));
}


COMPILED1(c_prot_cw, bb_pseudo_rotate45_cw(in[0]))
COMPILED1(c_prot_ccw, bb_pseudo_rotate45_ccw(in[0]))
COMPILED1(c_prot_uncw, bb_pseudo_unrotate45_cw(in[0]))
COMPILED1(c_prot_unccw, bb_pseudo_unrotate45_ccw(in[0]))
COMPILED1(c_prot_cw_select, bb_pseudo_rotate45_cw_select(in[0]))
COMPILED1(c_prot_ccw_select, bb_pseudo_rotate45_ccw_select(in[0]))
COMPILED1(c_prot_uncw_select, bb_pseudo_unrotate45_cw_select(in[0]))
COMPILED1(c_prot_unccw_select, bb_pseudo_unrotate45_ccw_select(in[0]))
COMPILED1(c_rotated90, bb_rotated90(in[0]))
COMPILED1(c_unrotated90, bb_unrotated90(in[0]))
COMPILED1(c_rotated45, bb_rotated45_portable(in[0]))
COMPILED1(c_unrotated45, bb_unrotated45_portable(in[0]))
COMPILED1(c_rotated315, bb_rotated315_portable(in[0]))
COMPILED1(c_unrotated315, bb_unrotated315_portable(in[0]))
#if BB_HAVE_BMI2
COMPILED1(c_rotated45_pext, bb_rotated45_pext(in[0]))
COMPILED1(c_unrotated45_pext, bb_unrotated45_pext(in[0]))
COMPILED1(c_rotated315_pext, bb_rotated315_pext(in[0]))
COMPILED1(c_unrotated315_pext, bb_unrotated315_pext(in[0]))
#endif
COMPILED_SQ(c_rotated90_index, bb_rotated90_index(bb_rotated90(in[0]), sq))
COMPILED_SQ(c_rotated45_index, bb_rotated45_index(bb_rotated45(in[0]), sq))
COMPILED_SQ(c_rotated315_index, bb_rotated315_index(bb_rotated315(in[0]), sq))

/* Definitions in the bb_trace_def shape. */
DEF(prot_cw)
DEF(prot_ccw)
DEF(prot_uncw)
DEF(prot_unccw)
DEF(rotated90)
DEF(unrotated90)
DEF(rotated45)
DEF(rotated315)
DEF(unrotated45)
DEF(unrotated315)
DEF(rotated90_index)
DEF(rotated45_index)
DEF(rotated315_index)

const bb__form_entry bb__forms_rotated[] = {
    {"pseudo_rotate45_cw", "file f down f ranks (wrapping): three masked rotations", BOARD, -1, b_prot_cw, d_prot_cw,
     c_prot_cw},
    {"pseudo_rotate45_ccw", "file f up f+1 ranks (wrapping): three masked rotations", BOARD, -1, b_prot_ccw,
     d_prot_ccw, c_prot_ccw},
    {"pseudo_unrotate45_cw", "file f up f ranks: the inverse of pseudo_rotate45_cw", BOARD, -1, b_prot_uncw,
     d_prot_uncw, c_prot_uncw},
    {"pseudo_unrotate45_ccw", "file f down f+1 ranks: the inverse of pseudo_rotate45_ccw", BOARD, -1, b_prot_unccw,
     d_prot_unccw, c_prot_unccw},
    {"pseudo_rotate45_cw_select", "pseudo_rotate45_cw by selection: file f from the board rotated f ranks", BOARD,
     -1, b_prot_cw_select, d_prot_cw, c_prot_cw_select},
    {"pseudo_rotate45_ccw_select", "pseudo_rotate45_ccw by selection", BOARD, -1, b_prot_ccw_select, d_prot_ccw,
     c_prot_ccw_select},
    {"pseudo_unrotate45_cw_select", "pseudo_unrotate45_cw by selection", BOARD, -1, b_prot_uncw_select,
     d_prot_uncw, c_prot_uncw_select},
    {"pseudo_unrotate45_ccw_select", "pseudo_unrotate45_ccw by selection", BOARD, -1, b_prot_unccw_select,
     d_prot_unccw, c_prot_unccw_select},
    /* Hyatt's rotated boards */
    {"rotated90", "Hyatt's rotated-90 board: the quarter turn clockwise (file f is byte 7-f)", BOARD, -1,
     bb__form_rotate_cw, d_rotated90, c_rotated90},
    {"unrotated90", "the board back from its rotated-90 board: the quarter turn counter-clockwise",
     "x: the rotated-90 board", -1, bb__form_rotate_ccw, d_unrotated90, c_unrotated90},
    {"rotated45", "Hyatt's rotated-45 board: pseudo-rotation, then two compressions by shift steps", BOARD, -1,
     b_rotated45, d_rotated45, c_rotated45},
    {"unrotated45", "the board back from its rotated-45 board: two expansions, the inverse pseudo-rotation",
     "x: the rotated-45 board", -1, b_unrotated45, d_unrotated45, c_unrotated45},
    {"rotated315", "Hyatt's rotated-315 board: pseudo-rotation, then two compressions by shift steps", BOARD, -1,
     b_rotated315, d_rotated315, c_rotated315},
    {"unrotated315", "the board back from its rotated-315 board", "x: the rotated-315 board", -1, b_unrotated315,
     d_unrotated315, c_unrotated315},
    {"rotated45_pext", "Hyatt's rotated-45 board: pseudo-rotation, then two pext", BOARD, -1, b_rotated45_pext,
     d_rotated45, BMI2(c_rotated45_pext)},
    {"unrotated45_pext", "the board back from its rotated-45 board: two pdep, the inverse pseudo-rotation",
     "x: the rotated-45 board", -1, b_unrotated45_pext, d_unrotated45, BMI2(c_unrotated45_pext)},
    {"rotated315_pext", "Hyatt's rotated-315 board: pseudo-rotation, then two pext", BOARD, -1, b_rotated315_pext,
     d_rotated315, BMI2(c_rotated315_pext)},
    {"unrotated315_pext", "the board back from its rotated-315 board: two pdep", "x: the rotated-315 board", -1,
     b_unrotated315_pext, d_unrotated315, BMI2(c_unrotated315_pext)},
    {"rotated90_index", "sq's file read from the rotated-90 board: the quarter turn, shift, mask", BOARD, EX,
     b_rotated90_index, d_rotated90_index, c_rotated90_index},
    {"rotated45_index", "sq's diagonal read from the rotated-45 board: conversion, shift, mask", BOARD, EX,
     b_rotated45_index, d_rotated45_index, c_rotated45_index},
    {"rotated315_index", "sq's anti-diagonal read from the rotated-315 board: conversion, shift, mask", BOARD, EX,
     b_rotated315_index, d_rotated315_index, c_rotated315_index},
};
