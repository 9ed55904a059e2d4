/* The tracer's forms of the line routines (bitboard/lines.h: extract and
 * deposit by multiplication, from the table, by pext and pdep), each with its
 * definition and the compiled routine.  Listed by forms.c. */
#include "forms_private.h"

/* ============================================================================
 * Lines (bitboard/lines.h)
 * ========================================================================== */

/* Is (f2, r2) on the line of kind `line` through (f, r)? */
int bb__form_on_line(int sq, int s2, bb_line line)
{
    int f = sq & 7, r = sq >> 3, f2 = s2 & 7, r2 = s2 >> 3;
    switch (line) {
    case BB_LINE_RANK: return r2 == r;
    case BB_LINE_FILE: return f2 == f;
    case BB_LINE_DIAGONAL: return f2 - r2 == f - r;
    case BB_LINE_ANTIDIAGONAL: return f2 + r2 == f + r;
    }
    return 0;
}
/* Bit i of the 8: the line's square on file i (on rank i for a file). */
int bb__form_line_pos(int s, bb_line line) { return line == BB_LINE_FILE ? s >> 3 : s & 7; }
static uint64_t line_extract_def(uint64_t x, int sq, bb_line line)
{
    uint64_t y = 0;
    for (int s = 0; s < 64; s++)
        if (bb__form_on_line(sq, s, line) && (x & bit(s))) y |= bit(bb__form_line_pos(s, line));
    return y;
}
uint64_t bb__form_line_deposit_def(uint64_t bits, int sq, bb_line line)
{
    uint64_t y = 0;
    for (int s = 0; s < 64; s++)
        if (bb__form_on_line(sq, s, line) && (bits & bit(bb__form_line_pos(s, line)))) y |= bit(s);
    return y;
}
#define LINE_DEFS(kind, LINE)                                                                            \
    static uint64_t def_extract_##kind(const uint64_t *in, int sq) { return line_extract_def(in[0], sq, LINE); } \
    static uint64_t def_deposit_##kind(const uint64_t *in, int sq)                                           \
    {                                                                                                        \
        return bb__form_line_deposit_def(in[0], sq, LINE);                                                   \
    }
LINE_DEFS(rank, BB_LINE_RANK)
LINE_DEFS(file, BB_LINE_FILE)
LINE_DEFS(diagonal, BB_LINE_DIAGONAL)
LINE_DEFS(antidiagonal, BB_LINE_ANTIDIAGONAL)

#define FILE_TO_RANK8 0x0102040810204080ULL

/* The multiplication forms, as bb_line_extract_mul / bb_line_deposit_mul. */
void bb__form_extract_mul(pb *b, int sq, bb_line line)
{
    sq &= 63;
    int f = sq & 7;
    switch (line) {
    case BB_LINE_RANK:
        if (sq & 56) emit(b, ">> %d", sq & 56);
        emit(b, "& 0xFF");
        return;
    case BB_LINE_FILE:
        if (f) emit(b, ">> %d", f);
        emit(b, "& 0x%016llX", K(BB_FILE_A));
        emit(b, "* 0x%016llX", K(FILE_TO_RANK8));
        break;
    case BB_LINE_DIAGONAL:
    case BB_LINE_ANTIDIAGONAL:
        emit(b, "& 0x%016llX", K(bb_line_mask(sq, line)));
        emit(b, "* 0x%016llX", K(BB_FILE_A));
        break;
    }
    emit(b, ">> 56");
}
static void b_deposit_mul(pb *b, int sq, bb_line line)
{
    sq &= 63;
    int f = sq & 7;
    switch (line) {
    case BB_LINE_RANK:
        emit(b, "& 0xFF");
        if (sq & 56) emit(b, "<< %d", sq & 56);
        return;
    case BB_LINE_FILE: /* bits 0..6 by multiplication onto the h-file, bit 7 by a shift */
        name(b, "bits");
        emit(b, "& 0x7F");
        emit(b, "* 0x%016llX", K(FILE_TO_RANK8));
        emit(b, "& 0x%016llX", K(BB_FILE_H));
        name(b, "h");
        from(b, "bits");
        emit(b, "& 0x80");
        emit(b, "<< 56");
        emit(b, "| h");
        if (7 - f) emit(b, ">> %d", 7 - f);
        return;
    case BB_LINE_DIAGONAL:
    case BB_LINE_ANTIDIAGONAL:
        emit(b, "& 0xFF");
        emit(b, "* 0x%016llX", K(BB_FILE_A));
        emit(b, "& 0x%016llX", K(bb_line_mask(sq, line)));
        return;
    }
}
/* The lookup forms: the same multiplications with the table's mask and
 * multipliers (so the proofs cover the generated table entries too).  The
 * deposit for a file starts from bb__a_file_of_byte, a table the tracer has
 * no operation for: it has no form. */
static void b_extract_lookup(pb *b, int sq, bb_line line)
{
    const bb__line_entry *e = &bb__line_table[bb__line_index(sq, line)];
    emit(b, "& 0x%016llX", K(e->mask));
    emit(b, "* 0x%016llX", K(e->gather));
    emit(b, ">> 56");
}
static void b_deposit_lookup(pb *b, int sq, bb_line line)
{
    const bb__line_entry *e = &bb__line_table[bb__line_index(sq, line)];
    emit(b, "& 0xFF");
    emit(b, "* 0x%016llX", K(e->spread));
    emit(b, "& 0x%016llX", K(e->mask));
}
/* The BMI2 forms: pext/pdep with the table's pmask, a shift for a diagonal
 * that starts past file a, a byte swap for an anti-diagonal. */
static void b_extract_pext(pb *b, int sq, bb_line line)
{
    unsigned i = bb__line_index(sq, line);
    if (line == BB_LINE_ANTIDIAGONAL) emit(b, "bswap");
    emit(b, "pext 0x%016llX", K(bb__line_table[i].pmask));
    if ((line == BB_LINE_DIAGONAL || line == BB_LINE_ANTIDIAGONAL) && bb__line_pext_shift[i])
        emit(b, "<< %d", bb__line_pext_shift[i]);
}
static void b_deposit_pext(pb *b, int sq, bb_line line)
{
    unsigned i = bb__line_index(sq, line);
    if ((line == BB_LINE_DIAGONAL || line == BB_LINE_ANTIDIAGONAL) && bb__line_pext_shift[i])
        emit(b, ">> %d", bb__line_pext_shift[i]);
    emit(b, "pdep 0x%016llX", K(bb__line_table[i].pmask));
    if (line == BB_LINE_ANTIDIAGONAL) emit(b, "bswap");
}
#define LINE_BUILDERS(kind, LINE)                                                               \
    static void b_extract_mul_##kind(pb *b, int sq) { bb__form_extract_mul(b, sq, LINE); }             \
    static void b_deposit_mul_##kind(pb *b, int sq) { b_deposit_mul(b, sq, LINE); }             \
    static void b_extract_lookup_##kind(pb *b, int sq) { b_extract_lookup(b, sq, LINE); }       \
    static void b_extract_pext_##kind(pb *b, int sq) { b_extract_pext(b, sq, LINE); }           \
    static void b_deposit_pext_##kind(pb *b, int sq) { b_deposit_pext(b, sq, LINE); }
LINE_BUILDERS(rank, BB_LINE_RANK)
LINE_BUILDERS(file, BB_LINE_FILE)
LINE_BUILDERS(diagonal, BB_LINE_DIAGONAL)
LINE_BUILDERS(antidiagonal, BB_LINE_ANTIDIAGONAL)
static void b_deposit_lookup_rank(pb *b, int sq) { b_deposit_lookup(b, sq, BB_LINE_RANK); }
static void b_deposit_lookup_diagonal(pb *b, int sq) { b_deposit_lookup(b, sq, BB_LINE_DIAGONAL); }
static void b_deposit_lookup_antidiagonal(pb *b, int sq) { b_deposit_lookup(b, sq, BB_LINE_ANTIDIAGONAL); }


#define LINE_COMPILED(kind, LINE)                                                                       \
    COMPILED_SQ(c_extract_mul_##kind, bb_line_extract_mul(in[0], sq, LINE))                            \
    COMPILED_SQ(c_deposit_mul_##kind, bb_line_deposit_mul((unsigned)in[0], sq, LINE))                  \
    COMPILED_SQ(c_extract_lookup_##kind, bb_line_extract_lookup(in[0], sq, LINE))
LINE_COMPILED(rank, BB_LINE_RANK)
LINE_COMPILED(file, BB_LINE_FILE)
LINE_COMPILED(diagonal, BB_LINE_DIAGONAL)
LINE_COMPILED(antidiagonal, BB_LINE_ANTIDIAGONAL)
COMPILED_SQ(c_deposit_lookup_rank, bb_line_deposit_lookup((unsigned)in[0], sq, BB_LINE_RANK))
COMPILED_SQ(c_deposit_lookup_diagonal, bb_line_deposit_lookup((unsigned)in[0], sq, BB_LINE_DIAGONAL))
COMPILED_SQ(c_deposit_lookup_antidiagonal, bb_line_deposit_lookup((unsigned)in[0], sq, BB_LINE_ANTIDIAGONAL))
#if BB_HAVE_BMI2
#define LINE_COMPILED_PEXT(kind, LINE)                                                                  \
    COMPILED_SQ(c_extract_pext_##kind, bb_line_extract_pext(in[0], sq, LINE))                          \
    COMPILED_SQ(c_deposit_pext_##kind, bb_line_deposit_pext((unsigned)in[0], sq, LINE))
LINE_COMPILED_PEXT(rank, BB_LINE_RANK)
LINE_COMPILED_PEXT(file, BB_LINE_FILE)
LINE_COMPILED_PEXT(diagonal, BB_LINE_DIAGONAL)
LINE_COMPILED_PEXT(antidiagonal, BB_LINE_ANTIDIAGONAL)
#endif

/* Definitions in the bb_trace_def shape. */
DEF(extract_rank)
DEF(extract_file)
DEF(extract_diagonal)
DEF(extract_antidiagonal)
DEF(deposit_rank)
DEF(deposit_file)
DEF(deposit_diagonal)
DEF(deposit_antidiagonal)

const bb__form_entry bb__forms_lines[] = {
#define LINE_ENTRIES(kind)                                                                                          \
    {"line_extract_mul_" #kind, "the " #kind " through sq as 8 bits: mask, multiply into the top byte, shift", \
     BOARD, EX, b_extract_mul_##kind, d_extract_##kind, c_extract_mul_##kind},                                   \
    {"line_deposit_mul_" #kind, "8 bits onto the " #kind " through sq: multiply to spread, mask", BITS, EX,      \
     b_deposit_mul_##kind, d_deposit_##kind, c_deposit_mul_##kind},                                              \
    {"line_extract_lookup_" #kind, "the " #kind " through sq as 8 bits, mask and multiplier from the table",   \
     BOARD, EX, b_extract_lookup_##kind, d_extract_##kind, c_extract_lookup_##kind},                             \
    {"line_extract_pext_" #kind, "the " #kind " through sq as 8 bits by pext", BOARD, EX, b_extract_pext_##kind, \
     d_extract_##kind, BMI2(c_extract_pext_##kind)},                                                             \
    {"line_deposit_pext_" #kind, "8 bits onto the " #kind " through sq by pdep", BITS, EX,                       \
     b_deposit_pext_##kind, d_deposit_##kind, BMI2(c_deposit_pext_##kind)}
    LINE_ENTRIES(rank),
    LINE_ENTRIES(file),
    LINE_ENTRIES(diagonal),
    LINE_ENTRIES(antidiagonal),
    {"line_deposit_lookup_rank", "8 bits onto the rank through sq, multiplier and mask from the table", BITS, EX,
     b_deposit_lookup_rank, d_deposit_rank, c_deposit_lookup_rank},
    {"line_deposit_lookup_diagonal", "8 bits onto the diagonal through sq, multiplier and mask from the table",
     BITS, EX, b_deposit_lookup_diagonal, d_deposit_diagonal, c_deposit_lookup_diagonal},
    {"line_deposit_lookup_antidiagonal", "8 bits onto the anti-diagonal through sq, from the table", BITS, EX,
     b_deposit_lookup_antidiagonal, d_deposit_antidiagonal, c_deposit_lookup_antidiagonal},
};
