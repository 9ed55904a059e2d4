/* The tracer's forms of the attack methods (bitboard/attacks.h: hyperbola
 * quintessence, kindergarten, magic and PEXT indices, Kogge-Stone fills),
 * each with its definition and, where one exists, the compiled routine.
 * Listed by forms.c. */
#include "forms_private.h"

/* ============================================================================
 * Attacks (bitboard/attacks.h)
 * ========================================================================== */

/* The squares a slider on sq attacks in direction (df, dr): up to and
 * including the first square of occ. */
static uint64_t ray(int sq, uint64_t occ, int df, int dr)
{
    uint64_t a = 0;
    for (int f = (sq & 7) + df, r = (sq >> 3) + dr; on_board(f, r); f += df, r += dr) {
        a |= bit(8 * r + f);
        if (occ & bit(8 * r + f)) break;
    }
    return a;
}
static uint64_t def_attacks_file(const uint64_t *in, int sq) { return ray(sq, in[0], 0, 1) | ray(sq, in[0], 0, -1); }
static uint64_t def_attacks_diagonal(const uint64_t *in, int sq)
{
    return ray(sq, in[0], 1, 1) | ray(sq, in[0], -1, -1);
}
static uint64_t def_attacks_antidiagonal(const uint64_t *in, int sq)
{
    return ray(sq, in[0], 1, -1) | ray(sq, in[0], -1, 1);
}
static uint64_t def_rook_attacks(const uint64_t *in, int sq)
{
    return ray(sq, in[0], 1, 0) | ray(sq, in[0], -1, 0) | ray(sq, in[0], 0, 1) | ray(sq, in[0], 0, -1);
}
static uint64_t def_bishop_attacks(const uint64_t *in, int sq)
{
    return ray(sq, in[0], 1, 1) | ray(sq, in[0], -1, 1) | ray(sq, in[0], 1, -1) | ray(sq, in[0], -1, -1);
}

/* Hyperbola quintessence along one line m (without the slider s):
 * o = occ & m; up = o - s; down = bswap(bswap(o) - bswap(s)); (up ^ down) & m. */
static void b_hyperbola(pb *b, int sq, uint64_t m)
{
    uint64_t s = bit(sq & 63);
    emit(b, "& 0x%016llX", K(m));
    name(b, "o");
    emit(b, "- 0x%016llX", K(s));
    name(b, "up");
    from(b, "o");
    emit(b, "bswap");
    emit(b, "- 0x%016llX", K(BB_BSWAP64(s)));
    emit(b, "bswap");
    emit(b, "^ up");
    emit(b, "& 0x%016llX", K(m));
}
static void b_hyperbola_file(pb *b, int sq) { b_hyperbola(b, sq, (BB_FILE_A << (sq & 7)) ^ bit(sq & 63)); }
static void b_hyperbola_diagonal(pb *b, int sq) { b_hyperbola(b, sq, bb__diagonals_ex[2 * (sq & 63)]); }
static void b_hyperbola_antidiagonal(pb *b, int sq) { b_hyperbola(b, sq, bb__diagonals_ex[2 * (sq & 63) + 1]); }

/* The table indices of kindergarten (and of hyperbola's rank): the 6 inner
 * squares of the line, bit i = the square on file i + 1 (rank i + 1 for a
 * file).  sq itself may be among them for a rank or a file (the table
 * ignores its own square); kindergarten's diagonals leave it out. */
static uint64_t inner6(uint64_t x, int sq, bb_line line, int without_sq)
{
    uint64_t y = 0;
    for (int s = 0; s < 64; s++) {
        int i = bb__form_line_pos(s, line);
        if (bb__form_on_line(sq, s, line) && i >= 1 && i <= 6 && (x & bit(s)) && !(without_sq && s == sq))
            y |= bit(i - 1);
    }
    return y;
}
static uint64_t def_kg_rank(const uint64_t *in, int sq) { return inner6(in[0], sq, BB_LINE_RANK, 0); }
static uint64_t def_kg_file(const uint64_t *in, int sq) { return inner6(in[0], sq, BB_LINE_FILE, 0); }
static uint64_t def_kg_diagonal(const uint64_t *in, int sq) { return inner6(in[0], sq, BB_LINE_DIAGONAL, 1); }
static uint64_t def_kg_antidiagonal(const uint64_t *in, int sq) { return inner6(in[0], sq, BB_LINE_ANTIDIAGONAL, 1); }
static void b_kg_rank(pb *b, int sq)
{
    emit(b, ">> %d", (sq & 56) + 1);
    emit(b, "& 63");
}
static void b_kg_file(pb *b, int sq)
{
    bb__form_extract_mul(b, sq, BB_LINE_FILE);
    emit(b, ">> 1");
    emit(b, "& 63");
}
static void b_kg_diag(pb *b, uint64_t m)
{
    emit(b, "& 0x%016llX", K(m));
    emit(b, "* 0x%016llX", K(BB_FILE_A));
    emit(b, ">> 57");
    emit(b, "& 63");
}
static void b_kg_diagonal(pb *b, int sq) { b_kg_diag(b, bb__diagonals_ex[2 * (sq & 63)]); }
static void b_kg_antidiagonal(pb *b, int sq) { b_kg_diag(b, bb__diagonals_ex[2 * (sq & 63) + 1]); }
/* Kindergarten's way back for a diagonal: the table's 8 bits times the a-file,
 * masked with the line without sq.  Definition: bit i -> the line's square on
 * file i, except sq. */
static uint64_t def_kg_spread_diagonal(const uint64_t *in, int sq)
{
    return bb__form_line_deposit_def(in[0], sq, BB_LINE_DIAGONAL) & ~bit(sq & 63);
}
static uint64_t def_kg_spread_antidiagonal(const uint64_t *in, int sq)
{
    return bb__form_line_deposit_def(in[0], sq, BB_LINE_ANTIDIAGONAL) & ~bit(sq & 63);
}
static void b_kg_spread(pb *b, uint64_t m)
{
    emit(b, "& 0xFF");
    emit(b, "* 0x%016llX", K(BB_FILE_A));
    emit(b, "& 0x%016llX", K(m));
}
static void b_kg_spread_diagonal(pb *b, int sq) { b_kg_spread(b, bb__diagonals_ex[2 * (sq & 63)]); }
static void b_kg_spread_antidiagonal(pb *b, int sq) { b_kg_spread(b, bb__diagonals_ex[2 * (sq & 63) + 1]); }

/* Magic and PEXT indices.  PEXT: bit k = the k-th lowest square of the mask. */
static uint64_t pext_def(uint64_t x, uint64_t m)
{
    uint64_t y = 0;
    int k = 0;
    for (int s = 0; s < 64; s++)
        if (m & bit(s)) {
            if (x & bit(s)) y |= bit(k);
            k++;
        }
    return y;
}
static uint64_t def_rook_pext_index(const uint64_t *in, int sq)
{
    return pext_def(in[0], bb__rook_magic[sq & 63].mask);
}
static uint64_t def_bishop_pext_index(const uint64_t *in, int sq)
{
    return pext_def(in[0], bb__bishop_magic[sq & 63].mask);
}
static void b_rook_pext_index(pb *b, int sq) { emit(b, "pext 0x%016llX", K(bb__rook_magic[sq & 63].mask)); }
static void b_bishop_pext_index(pb *b, int sq) { emit(b, "pext 0x%016llX", K(bb__bishop_magic[sq & 63].mask)); }
static void b_magic_index(pb *b, const bb__magic *m, int shift)
{
    emit(b, "& 0x%016llX", K(m->mask));
    emit(b, "* 0x%016llX", K(m->magic));
    emit(b, ">> %d", shift);
}
static void b_rook_magic_index(pb *b, int sq) { b_magic_index(b, &bb__rook_magic[sq & 63], BB__ROOK_MAGIC_SHIFT); }
static void b_bishop_magic_index(pb *b, int sq)
{
    b_magic_index(b, &bb__bishop_magic[sq & 63], BB__BISHOP_MAGIC_SHIFT);
}

/* Kogge-Stone: bb__kogge_fill_up/_down from the slider square g with the
 * empty squares p = ~occ, in one direction. */
static void b_kogge_dir(pb *b, int sq, const char *sh, int n, uint64_t w, int first)
{
    from(b, "empty");
    if (w != ~(uint64_t)0) emit(b, "& 0x%016llX", K(w));
    name(b, "p");
    if (sq < 0) { /* the fill of a set: the sliders are the input s */
        from(b, "s");
    } else {
        from_const(b, bit(sq & 63));
    }
    name(b, "g");
    for (int k = 1; k <= 4; k *= 2) {
        emit(b, "%s %d", sh, k * n);
        emit(b, "& p");
        emit(b, "| g");
        if (k < 4) {
            name(b, "g");
            from(b, "p");
            emit(b, "%s %d", sh, k * n);
            emit(b, "& p");
            name(b, "p");
            from(b, "g");
        }
    }
    emit(b, "%s %d", sh, n);
    if (w != ~(uint64_t)0) emit(b, "& 0x%016llX", K(w));
    if (!first) emit(b, "| acc");
}
#define NOT_FILE_A 0xFEFEFEFEFEFEFEFEULL
#define NOT_FILE_H 0x7F7F7F7F7F7F7F7FULL
static void b_kogge(pb *b, int sq, const char *const sh[4], const int n[4], const uint64_t w[4])
{
    if (sq < 0) from(b, "o");
    emit(b, "not");
    name(b, "empty");
    for (int d = 0; d < 4; d++) {
        b_kogge_dir(b, sq, sh[d], n[d], w[d], d == 0);
        if (d < 3) name(b, "acc");
    }
}
static void b_rook_kogge(pb *b, int sq)
{
    static const char *const sh[4] = {"<<", ">>", "<<", ">>"};
    static const int n[4] = {8, 8, 1, 1};
    static const uint64_t w[4] = {~(uint64_t)0, ~(uint64_t)0, NOT_FILE_A, NOT_FILE_H};
    b_kogge(b, sq, sh, n, w);
}
static void b_bishop_kogge(pb *b, int sq)
{
    static const char *const sh[4] = {"<<", "<<", ">>", ">>"};
    static const int n[4] = {9, 7, 7, 9};
    static const uint64_t w[4] = {NOT_FILE_A, NOT_FILE_H, NOT_FILE_A, NOT_FILE_H};
    b_kogge(b, sq, sh, n, w);
}

/* The fills of a set of sliders s through the occupancy o: the union of
 * their attack sets. */
static void b_rook_fill(pb *b, int sq) { (void)sq; b_rook_kogge(b, -1); }
static void b_bishop_fill(pb *b, int sq) { (void)sq; b_bishop_kogge(b, -1); }
static uint64_t def_rook_fill(const uint64_t *in, int sq)
{
    uint64_t a = 0, occ[1] = {in[1]};
    (void)sq;
    for (int s = 0; s < 64; s++)
        if (in[0] & bit(s)) a |= def_rook_attacks(occ, s);
    return a;
}
static uint64_t def_bishop_fill(const uint64_t *in, int sq)
{
    uint64_t a = 0, occ[1] = {in[1]};
    (void)sq;
    for (int s = 0; s < 64; s++)
        if (in[0] & bit(s)) a |= def_bishop_attacks(occ, s);
    return a;
}


/* Hyperbola quintessence's lines are the public routines' attacks on that line. */
COMPILED_SQ(c_hyperbola_file, bb_rook_attacks_hyperbola(sq, in[0]) & (BB_FILE_A << (sq & 7)))
COMPILED_SQ(c_hyperbola_diagonal, bb_bishop_attacks_hyperbola(sq, in[0]) & bb_line_mask(sq, BB_LINE_DIAGONAL))
COMPILED_SQ(c_hyperbola_antidiagonal, bb_bishop_attacks_hyperbola(sq, in[0]) & bb_line_mask(sq, BB_LINE_ANTIDIAGONAL))
COMPILED_SQ(c_rook_kogge, bb_rook_attacks_kogge_stone(sq, in[0]))
COMPILED_SQ(c_bishop_kogge, bb_bishop_attacks_kogge_stone(sq, in[0]))
COMPILED1(c_rook_fill, bb_rook_fill(in[0], in[1]))
COMPILED1(c_bishop_fill, bb_bishop_fill(in[0], in[1]))

/* Definitions in the bb_trace_def shape. */
DEF(attacks_file)
DEF(attacks_diagonal)
DEF(attacks_antidiagonal)
DEF(rook_attacks)
DEF(bishop_attacks)
DEF(kg_rank)
DEF(kg_file)
DEF(kg_diagonal)
DEF(kg_antidiagonal)
DEF(kg_spread_diagonal)
DEF(kg_spread_antidiagonal)
DEF(rook_pext_index)
DEF(bishop_pext_index)
DEF(rook_fill)
DEF(bishop_fill)

const bb__form_entry bb__forms_attacks[] = {
    {"hyperbola_file", "rook attacks along sq's file: o ^ (o - 2r) up, and again byte-swapped down", OCC, EX,
     b_hyperbola_file, d_attacks_file, c_hyperbola_file},
    {"hyperbola_diagonal", "bishop attacks along sq's diagonal by hyperbola quintessence", OCC, EX,
     b_hyperbola_diagonal, d_attacks_diagonal, c_hyperbola_diagonal},
    {"hyperbola_antidiagonal", "bishop attacks along sq's anti-diagonal by hyperbola quintessence", OCC, EX,
     b_hyperbola_antidiagonal, d_attacks_antidiagonal, c_hyperbola_antidiagonal},
    {"kindergarten_index_rank", "the first-rank table's index for sq's rank: its 6 inner squares by a shift", OCC,
     EX, b_kg_rank, d_kg_rank, NULL},
    {"kindergarten_index_file", "the table index for sq's file: the file gathered by multiplication, inner 6", OCC,
     EX, b_kg_file, d_kg_file, NULL},
    {"kindergarten_index_diagonal", "the table index for sq's diagonal: masked, times the a-file, top bits", OCC,
     EX, b_kg_diagonal, d_kg_diagonal, NULL},
    {"kindergarten_index_antidiagonal", "the table index for sq's anti-diagonal: masked, times the a-file", OCC,
     EX, b_kg_antidiagonal, d_kg_antidiagonal, NULL},
    {"kindergarten_spread_diagonal", "the table's 8 bits back onto sq's diagonal: times the a-file, masked",
     "x: the 8 bits from the table", EX, b_kg_spread_diagonal, d_kg_spread_diagonal, NULL},
    {"kindergarten_spread_antidiagonal", "the table's 8 bits back onto sq's anti-diagonal",
     "x: the 8 bits from the table", EX, b_kg_spread_antidiagonal, d_kg_spread_antidiagonal, NULL},
    {"rook_magic_index", "the rook magic index: relevant occupancy times the magic, top 12 bits", OCC, EX,
     b_rook_magic_index, NULL, NULL},
    {"bishop_magic_index", "the bishop magic index: relevant occupancy times the magic, top 9 bits", OCC, EX,
     b_bishop_magic_index, NULL, NULL},
    {"rook_pext_index", "the rook PEXT index: pext of the relevant occupancy", OCC, EX, b_rook_pext_index,
     d_rook_pext_index, NULL},
    {"bishop_pext_index", "the bishop PEXT index: pext of the relevant occupancy", OCC, EX, b_bishop_pext_index,
     d_bishop_pext_index, NULL},
    {"rook_kogge_stone", "rook attacks by Kogge-Stone occluded fills in 4 directions", OCC, EX, b_rook_kogge,
     d_rook_attacks, c_rook_kogge},
    {"bishop_kogge_stone", "bishop attacks by Kogge-Stone occluded fills in 4 directions", OCC, EX,
     b_bishop_kogge, d_bishop_attacks, c_bishop_kogge},
    {"rook_fill", "the union of the rook attacks of every square of s: Kogge-Stone fills", FILL, -1, b_rook_fill,
     d_rook_fill, c_rook_fill},
    {"bishop_fill", "the union of the bishop attacks of every square of s: Kogge-Stone fills", FILL, -1,
     b_bishop_fill, d_bishop_fill, c_bishop_fill},
};
