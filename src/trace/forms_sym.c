/* The tracer's forms of the symmetries (bitboard/sym.h: delta swaps, byte
 * swaps, GFNI's affine transform) and of the byte mirror (bitboard/lines.h),
 * each with its definition and the compiled routine.  Listed by forms.c. */
#include "forms_private.h"

/* ============================================================================
 * Symmetries (bitboard/sym.h)
 * ========================================================================== */

/* Square by square through bb_sym_square: a coordinate formula that
 * tests/test_sym.c checks against the table in bitboard/sym.h. */
static uint64_t sym_def(uint64_t x, bb_sym s)
{
    uint64_t y = 0;
    for (int sq = 0; sq < 64; sq++)
        if (x & bit(sq)) y |= bit(bb_sym_square(sq, s));
    return y;
}
#define SYM_DEF(fn, S) \
    static uint64_t fn(const uint64_t *in, int sq) { (void)sq; return sym_def(in[0], S); }
SYM_DEF(def_flip_vertical, BB_SYM_FLIP_VERTICAL)
SYM_DEF(def_flip_horizontal, BB_SYM_FLIP_HORIZONTAL)
SYM_DEF(def_flip_diagonal, BB_SYM_FLIP_DIAGONAL)
SYM_DEF(def_flip_antidiagonal, BB_SYM_FLIP_ANTIDIAGONAL)
SYM_DEF(def_rotate_cw, BB_SYM_ROTATE_CW)
SYM_DEF(def_rotate_ccw, BB_SYM_ROTATE_CCW)
SYM_DEF(def_rotate_180, BB_SYM_ROTATE_180)

/* The delta swaps of bitboard/sym.h. */
static void b_flip_diagonal_swaps(pb *b)
{
    emit(b, "dswap 0x00000000F0F0F0F0 28");
    emit(b, "dswap 0x0000CCCC0000CCCC 14");
    emit(b, "dswap 0x00AA00AA00AA00AA 7");
}
/* ((x >> k) & m) | ((x & m) << k) for k = 1, 2, 4: neighbours, pairs, nibbles. */
static void b_flip_horizontal_steps(pb *b)
{
    static const uint64_t m[3] = {0x5555555555555555ULL, 0x3333333333333333ULL, 0x0F0F0F0F0F0F0F0FULL};
    for (int i = 0; i < 3; i++) {
        name(b, "t");
        emit(b, ">> %d", 1 << i);
        emit(b, "& 0x%016llX", K(m[i]));
        name(b, "hi");
        from(b, "t");
        emit(b, "& 0x%016llX", K(m[i]));
        emit(b, "<< %d", 1 << i);
        emit(b, "| hi");
    }
}
static void b_flip_vertical(pb *b, int sq) { (void)sq; emit(b, "bswap"); }
static void b_flip_horizontal(pb *b, int sq) { (void)sq; b_flip_horizontal_steps(b); }
static void b_flip_diagonal(pb *b, int sq) { (void)sq; b_flip_diagonal_swaps(b); }
static void b_flip_antidiagonal(pb *b, int sq)
{
    (void)sq;
    emit(b, "dswap 0x000000000F0F0F0F 36");
    emit(b, "dswap 0x0000333300003333 18");
    emit(b, "dswap 0x0055005500550055 9");
}
void bb__form_rotate_cw(pb *b, int sq) { (void)sq; b_flip_diagonal_swaps(b); emit(b, "bswap"); }
void bb__form_rotate_ccw(pb *b, int sq) { (void)sq; emit(b, "bswap"); b_flip_diagonal_swaps(b); }
static void b_rotate_180(pb *b, int sq) { (void)sq; b_flip_horizontal_steps(b); emit(b, "bswap"); }

/* GFNI: gf2p8affine(data, matrix); the board is the data or the matrix. */
#define GF_IDENT 0x8040201008040201ULL
#define GF_REV 0x0102040810204080ULL
static void b_flip_horizontal_gfni(pb *b, int sq) { (void)sq; emit(b, "gf2p8affine 0x%016llX", K(GF_IDENT)); }
static void b_gf_board_matrix(pb *b, uint64_t data, int swap_first)
{
    if (swap_first) emit(b, "bswap");
    name(b, "board");
    from_const(b, data);
    emit(b, "gf2p8affine board");
}
static void b_rotate_ccw_gfni(pb *b, int sq) { (void)sq; b_gf_board_matrix(b, GF_IDENT, 0); }
static void b_flip_antidiagonal_gfni(pb *b, int sq) { (void)sq; b_gf_board_matrix(b, GF_REV, 0); }
static void b_flip_diagonal_gfni(pb *b, int sq) { (void)sq; b_gf_board_matrix(b, GF_IDENT, 1); }
static void b_rotate_cw_gfni(pb *b, int sq) { (void)sq; b_gf_board_matrix(b, GF_REV, 1); }
static void b_rotate_180_gfni(pb *b, int sq)
{
    (void)sq;
    emit(b, "gf2p8affine 0x%016llX", K(GF_IDENT));
    emit(b, "bswap");
}

/* ---- The byte mirror (bitboard/lines.h) ---- */
static uint64_t def_mirror_byte(const uint64_t *in, int sq)
{
    (void)sq;
    uint64_t y = 0;
    for (int i = 0; i < 8; i++)
        if (in[0] & bit(i)) y |= bit(7 - i);
    return y;
}
static void b_mirror_byte_mul(pb *b, int sq)
{
    (void)sq;
    emit(b, "& 0xFF");
    emit(b, "* 0x80200802");
    emit(b, "& 0x0884422110");
    emit(b, "* 0x0101010101");
    emit(b, ">> 32");
    emit(b, "& 0xFF");
}
static void b_mirror_byte_swap(pb *b, int sq)
{
    static const unsigned m[3] = {0x0F, 0x33, 0x55};
    (void)sq;
    emit(b, "& 0xFF");
    for (int i = 0; i < 3; i++) {
        int k = 4 >> i;
        name(b, "t");
        emit(b, ">> %d", k);
        emit(b, "& 0x%02X", m[i]);
        name(b, "lo");
        from(b, "t");
        emit(b, "& 0x%02X", m[i]);
        emit(b, "<< %d", k);
        emit(b, "| lo");
    }
}


COMPILED1(c_flip_vertical, bb_flip_vertical_portable(in[0]))
COMPILED1(c_flip_horizontal, bb_flip_horizontal_portable(in[0]))
COMPILED1(c_flip_diagonal, bb_flip_diagonal_portable(in[0]))
COMPILED1(c_flip_antidiagonal, bb_flip_antidiagonal_portable(in[0]))
COMPILED1(c_rotate_cw, bb_rotate_cw_portable(in[0]))
COMPILED1(c_rotate_ccw, bb_rotate_ccw_portable(in[0]))
COMPILED1(c_rotate_180, bb_rotate_180_portable(in[0]))
#if BB_HAVE_GFNI
COMPILED1(c_flip_horizontal_gfni, bb_flip_horizontal_gfni(in[0]))
COMPILED1(c_flip_diagonal_gfni, bb_flip_diagonal_gfni(in[0]))
COMPILED1(c_flip_antidiagonal_gfni, bb_flip_antidiagonal_gfni(in[0]))
COMPILED1(c_rotate_cw_gfni, bb_rotate_cw_gfni(in[0]))
COMPILED1(c_rotate_ccw_gfni, bb_rotate_ccw_gfni(in[0]))
COMPILED1(c_rotate_180_gfni, bb_rotate_180_gfni(in[0]))
#define GFNI(fn) fn
#else
#define GFNI(fn) NULL
#endif
COMPILED1(c_mirror_byte_mul, bb_mirror_byte_mul((unsigned)in[0]))
COMPILED1(c_mirror_byte_swap, bb_mirror_byte_swap((unsigned)in[0]))

/* Definitions in the bb_trace_def shape. */
DEF(flip_vertical)
DEF(flip_horizontal)
DEF(flip_diagonal)
DEF(flip_antidiagonal)
DEF(rotate_cw)
DEF(rotate_ccw)
DEF(rotate_180)
DEF(mirror_byte)

const bb__form_entry bb__forms_sym[] = {
    /* symmetries: delta swaps and byte swaps */
    {"flip_vertical", "rank r -> rank 7-r: a byte swap", BOARD, -1, b_flip_vertical, d_flip_vertical, c_flip_vertical},
    {"flip_horizontal", "file f -> file 7-f: neighbours, pairs, nibbles swapped by shifts and masks", BOARD, -1,
     b_flip_horizontal, d_flip_horizontal, c_flip_horizontal},
    {"flip_diagonal", "(f, r) -> (r, f): three delta swaps (4x4 blocks, 2x2 blocks, bits)", BOARD, -1,
     b_flip_diagonal, d_flip_diagonal, c_flip_diagonal},
    {"flip_antidiagonal", "(f, r) -> (7-r, 7-f): three delta swaps about a8-h1", BOARD, -1, b_flip_antidiagonal,
     d_flip_antidiagonal, c_flip_antidiagonal},
    {"rotate_cw", "a quarter turn clockwise: flip_diagonal, then a byte swap", BOARD, -1, bb__form_rotate_cw,
     d_rotate_cw, c_rotate_cw},
    {"rotate_ccw", "a quarter turn counter-clockwise: a byte swap, then flip_diagonal", BOARD, -1, bb__form_rotate_ccw,
     d_rotate_ccw, c_rotate_ccw},
    {"rotate_180", "half a turn (all 64 bits reversed): flip_horizontal, then a byte swap", BOARD, -1, b_rotate_180,
     d_rotate_180, c_rotate_180},
    /* symmetries: GFNI */
    {"flip_horizontal_gfni", "file f -> file 7-f: one gf2p8affine with the bit-reversing matrix", BOARD, -1,
     b_flip_horizontal_gfni, d_flip_horizontal, GFNI(c_flip_horizontal_gfni)},
    {"flip_diagonal_gfni", "(f, r) -> (r, f): the byte-swapped board as gf2p8affine's matrix", BOARD, -1,
     b_flip_diagonal_gfni, d_flip_diagonal, GFNI(c_flip_diagonal_gfni)},
    {"flip_antidiagonal_gfni", "(f, r) -> (7-r, 7-f): the board as gf2p8affine's matrix, reversed data", BOARD, -1,
     b_flip_antidiagonal_gfni, d_flip_antidiagonal, GFNI(c_flip_antidiagonal_gfni)},
    {"rotate_cw_gfni", "a quarter turn clockwise: the byte-swapped board as gf2p8affine's matrix", BOARD, -1,
     b_rotate_cw_gfni, d_rotate_cw, GFNI(c_rotate_cw_gfni)},
    {"rotate_ccw_gfni", "a quarter turn counter-clockwise: the board as gf2p8affine's matrix", BOARD, -1,
     b_rotate_ccw_gfni, d_rotate_ccw, GFNI(c_rotate_ccw_gfni)},
    {"rotate_180_gfni", "half a turn: gf2p8affine mirrors each byte, a byte swap the ranks", BOARD, -1,
     b_rotate_180_gfni, d_rotate_180, GFNI(c_rotate_180_gfni)},
    /* the byte mirror */
    {"mirror_byte_mul", "bit i -> bit 7-i of a byte: three multiplications (no carries)", BITS, -1,
     b_mirror_byte_mul, d_mirror_byte, c_mirror_byte_mul},
    {"mirror_byte_swap", "bit i -> bit 7-i of a byte: nibbles, pairs, neighbours", BITS, -1, b_mirror_byte_swap,
     d_mirror_byte, c_mirror_byte_swap},
};
