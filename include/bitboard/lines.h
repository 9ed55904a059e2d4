/* bitboard/lines.h - any rank, file, diagonal or anti-diagonal as 8 bits and
 * back, and the byte mirror.  Included by <bitboard.h>.
 *
 * Contents (each name: what it returns; what it requires)
 *   bb_line                        the 4 kinds of line, values 0..3 in this order:
 *   BB_LINE_RANK                     a rank
 *   BB_LINE_FILE                     a file
 *   BB_LINE_DIAGONAL                 a1-h8 direction: file - rank constant
 *   BB_LINE_ANTIDIAGONAL             a8-h1 direction: file + rank constant
 *   BB_LINE_COUNT                  4
 *   bb_line_mask(sq, line)         the squares of the line through sq; sq 0..63, line 0..3
 *   bb_line_extract(x, sq, line)   the 8 bits of that line in x (order below); sq 0..63, line 0..3
 *   bb_line_deposit(bits, sq, line)  the board with that line set from bits, bits off the line
 *                                  ignored (as are bits above 7); sq 0..63, line 0..3
 *   bb_line_name(line)             "rank", "file", "diagonal", "antidiagonal"; NULL if line is not 0..3
 *   bb_line_from_name(name, line)  0 and *line for a name as bb_line_name prints it (any case), else -1;
 *                                  line not NULL
 *   bb_mirror_byte(b)              b with bit i moved to bit 7 - i; bits above 7 ignored
 *
 * Implementation variants: the same contracts, one implementation each
 * (derivations in docs/LINES.md).
 *   bb_line_extract_mul(x, sq, line)      multiplication by a constant gathers the line into
 *                                         the top byte; portable
 *   bb_line_deposit_mul(bits, sq, line)   multiplication spreads the byte; portable
 *   bb_line_extract_lookup(x, sq, line)   one table entry (mask, multiplier) per line and square:
 *                                         no switch on the line; portable
 *   bb_line_deposit_lookup(bits, sq, line)
 *   bb_line_extract_pext(x, sq, line)     BMI2 pext; only if BB_HAVE_BMI2
 *   bb_line_deposit_pext(bits, sq, line)  BMI2 pdep; only if BB_HAVE_BMI2
 *   bb_mirror_byte_mul(b)                 three multiplications
 *   bb_mirror_byte_swap(b)                nibbles, pairs, neighbours
 *   bb_mirror_byte_table(b)               a 256-byte table (the default)
 *
 * Bit order of the 8 bits: for a rank, a diagonal and an anti-diagonal, bit i
 * is the line's square on file i; for a file, bit i is the square on rank i.
 * Files a diagonal does not reach read as 0 and are ignored on deposit.  The
 * plain names pick per line, as measured: see "The plain names" below. */
#ifndef BITBOARD_LINES_H
#define BITBOARD_LINES_H

#include "core.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    BB_LINE_RANK,
    BB_LINE_FILE,
    BB_LINE_DIAGONAL,
    BB_LINE_ANTIDIAGONAL
} bb_line;

#define BB_LINE_COUNT 4

static inline uint64_t bb_line_mask(int sq, bb_line line);
static inline unsigned bb_line_extract(uint64_t x, int sq, bb_line line);
static inline uint64_t bb_line_deposit(unsigned bits, int sq, bb_line line);
const char *bb_line_name(bb_line line);
int bb_line_from_name(const char *name, bb_line *line);
static inline unsigned bb_mirror_byte(unsigned b);

/* ============================================================================
 * Implementation: everything below is how, not what.
 * ========================================================================== */

/* Out-of-range arguments (core.h): checked with BB_DEBUG, else reduced to
 * sq & 63 and line & 3 by every form alike (not API). */
#define BB__LINE_ARGS(sq, line)                                 \
    do {                                                        \
        BB__ASSERT_SQUARE(sq);                                  \
        BB__ASSERT((unsigned)(line) < BB_LINE_COUNT, "line", (line)); \
        (sq) &= 63;                                             \
        (line) = (bb_line)((unsigned)(line) & 3);               \
    } while (0)

/* The a1-h8-direction diagonal with file - rank == k; requires -7 <= k <= 7.
 * Shifting the main diagonal down a rank raises file - rank by one. */
static inline uint64_t bb__diagonal_mask(int k)
{
    return k >= 0 ? BB_DIAGONAL_A1H8 >> (8 * k) : BB_DIAGONAL_A1H8 << (-8 * k);
}
/* The anti-diagonal with file + rank == s; requires 0 <= s <= 14. */
static inline uint64_t bb__antidiagonal_mask(int s)
{
    return s <= 7 ? BB_ANTIDIAGONAL_A8H1 >> (8 * (7 - s)) : BB_ANTIDIAGONAL_A8H1 << (8 * (s - 7));
}

static inline uint64_t bb_line_mask(int sq, bb_line line)
{
    BB__LINE_ARGS(sq, line);
    int f = sq & 7, r = sq >> 3;
    switch (line) {
    case BB_LINE_RANK: break;
    case BB_LINE_FILE: return BB_FILE_A << f;
    case BB_LINE_DIAGONAL: return bb__diagonal_mask(f - r);
    case BB_LINE_ANTIDIAGONAL: return bb__antidiagonal_mask(f + r);
    }
    return BB_RANK_1 << (sq & 56);
}

/* ---- Multiplication ---------------------------------------------------------
 * Masked rank, diagonal or anti-diagonal * BB_FILE_A: the square on file f
 * lands in bit 56 + f, every partial product at its own bit (no carries).
 * The a-file * BB__FILE_TO_RANK8 (= 2^(56-7r) summed): rank r lands in 56 + r. */
#define BB__FILE_TO_RANK8 0x0102040810204080ULL

static inline unsigned bb_line_extract_mul(uint64_t x, int sq, bb_line line)
{
    BB__LINE_ARGS(sq, line);
    int f = sq & 7, r = sq >> 3;
    switch (line) {
    case BB_LINE_RANK: break;
    case BB_LINE_FILE: return (unsigned)((((x >> f) & BB_FILE_A) * BB__FILE_TO_RANK8) >> 56);
    case BB_LINE_DIAGONAL: return (unsigned)(((x & bb__diagonal_mask(f - r)) * BB_FILE_A) >> 56);
    case BB_LINE_ANTIDIAGONAL: return (unsigned)(((x & bb__antidiagonal_mask(f + r)) * BB_FILE_A) >> 56);
    }
    return (unsigned)(x >> (sq & 56)) & 0xFF;
}

/* bits 0..6 * BB__FILE_TO_RANK8 puts bit r on h-file square 8r + 7 (bit 7
 * would collide with bit 0 at bit 14 and carry, so it goes by a shift). */
static inline uint64_t bb__byte_to_file_h(unsigned bits)
{
    return (((uint64_t)(bits & 0x7F) * BB__FILE_TO_RANK8) & BB_FILE_H) | ((uint64_t)(bits & 0x80) << 56);
}

static inline uint64_t bb_line_deposit_mul(unsigned bits, int sq, bb_line line)
{
    BB__LINE_ARGS(sq, line);
    int f = sq & 7, r = sq >> 3;
    uint64_t b = bits & 0xFF;
    switch (line) {
    case BB_LINE_RANK: break;
    case BB_LINE_FILE: return bb__byte_to_file_h(bits) >> (7 - f);
    case BB_LINE_DIAGONAL: return (b * BB_FILE_A) & bb__diagonal_mask(f - r);
    case BB_LINE_ANTIDIAGONAL: return (b * BB_FILE_A) & bb__antidiagonal_mask(f + r);
    }
    return b << (sq & 56);
}

/* ---- Lookup -------------------------------------------------------------------
 * bb__line_table[line][sq]: the mask and the multiplier that gathers it into
 * the top byte (BB_FILE_A, or BB__FILE_TO_RANK8 >> file for a file), and the
 * multiplier that spreads a spread byte back (BB_FILE_A, or 1 << file for a
 * file, whose byte is first spread down the a-file by bb__a_file_of_byte).
 * For pext/pdep: pmask, the line on the board pext reads (the byte-swapped
 * board for an anti-diagonal, where it runs the other way), and in
 * bb__line_pext_shift the line's first file (0 for a file), where its bits
 * start in the 8.  Not API: generated into src/lines/line_tables.c by
 * tools/gen_tables.c; indexed by bb__line_index.                           */
typedef struct { uint64_t mask, gather, spread, pmask; } bb__line_entry;
extern const bb__line_entry bb__line_table[BB_LINE_COUNT * 64];
extern const unsigned char bb__line_pext_shift[BB_LINE_COUNT * 64];
extern const uint64_t bb__a_file_of_byte[256];

/* The one index of (sq, line) in bb__line_table (masked: never outside it). */
static inline unsigned bb__line_index(int sq, bb_line line) { return ((unsigned)line & 3) * 64 + ((unsigned)sq & 63); }

static inline unsigned bb_line_extract_lookup(uint64_t x, int sq, bb_line line)
{
    BB__LINE_ARGS(sq, line);
    const bb__line_entry *e = &bb__line_table[bb__line_index(sq, line)];
    return (unsigned)(((x & e->mask) * e->gather) >> 56);
}
static inline uint64_t bb_line_deposit_lookup(unsigned bits, int sq, bb_line line)
{
    BB__LINE_ARGS(sq, line);
    const bb__line_entry *e = &bb__line_table[bb__line_index(sq, line)];
    uint64_t b = line == BB_LINE_FILE ? bb__a_file_of_byte[bits & 0xFF] : (uint64_t)(bits & 0xFF);
    return (b * e->spread) & e->mask;
}

/* ---- BMI2 -----------------------------------------------------------------------
 * pext packs the masked bits in square order, lowest first.  A diagonal
 * starting on file k > 0 is shifted up k; an anti-diagonal runs the other way
 * in square order, so it is read from the byte-swapped board, where it is a
 * diagonal.  Mask and shift come from the table, so the work per call is the
 * same for every square (one pext, one shift; a bswap for anti-diagonals). */
#if BB_HAVE_BMI2
static inline unsigned bb_line_extract_pext(uint64_t x, int sq, bb_line line)
{
    BB__LINE_ARGS(sq, line);
    unsigned i = bb__line_index(sq, line);
    uint64_t src = line == BB_LINE_ANTIDIAGONAL ? BB_BSWAP64(x) : x;
    uint64_t r = _pext_u64(src, bb__line_table[i].pmask);
    if (line == BB_LINE_DIAGONAL || line == BB_LINE_ANTIDIAGONAL) r <<= bb__line_pext_shift[i];
    BB__ASSUME(r <= 0xFF); /* at most 8 bits, and no zero-extension to pay for */
    return (unsigned)r;
}
static inline uint64_t bb_line_deposit_pext(unsigned bits, int sq, bb_line line)
{
    BB__LINE_ARGS(sq, line);
    unsigned i = bb__line_index(sq, line);
    uint64_t b = bits; /* pdep reads only as many low bits as the line has */
    if (line == BB_LINE_DIAGONAL || line == BB_LINE_ANTIDIAGONAL) b >>= bb__line_pext_shift[i];
    uint64_t d = _pdep_u64(b, bb__line_table[i].pmask);
    return line == BB_LINE_ANTIDIAGONAL ? BB_BSWAP64(d) : d;
}
#endif

/* ---- The plain names -------------------------------------------------------------
 * Measured (docs/BENCHMARKS.md): when the compiler can see the line, a rank is
 * a shift (2 cycles); a file or a diagonal is pext/pdep (3-5); an
 * anti-diagonal is the lookup form's multiplication (5, against 6-7 for
 * pext's extra byte swap).  When the line is only known at run time, the
 * lookup form: no branch on the line at all. */
#if BB_HAVE_FAST_PEXT
#define BB__LINE_FAST(name, line, ...) \
    ((line) == BB_LINE_ANTIDIAGONAL ? name##_lookup(__VA_ARGS__) : name##_pext(__VA_ARGS__))
#else
#define BB__LINE_FAST(name, line, ...) name##_lookup(__VA_ARGS__)
#endif

static inline unsigned bb_line_extract(uint64_t x, int sq, bb_line line)
{
    if (!BB__CONSTANT_P(line)) return bb_line_extract_lookup(x, sq, line);
    BB__LINE_ARGS(sq, line);
    if (line == BB_LINE_RANK) return (unsigned)(x >> (sq & 56)) & 0xFF;
    return BB__LINE_FAST(bb_line_extract, line, x, sq, line);
}
static inline uint64_t bb_line_deposit(unsigned bits, int sq, bb_line line)
{
    if (!BB__CONSTANT_P(line)) return bb_line_deposit_lookup(bits, sq, line);
    BB__LINE_ARGS(sq, line);
    if (line == BB_LINE_RANK) return (uint64_t)(bits & 0xFF) << (sq & 56);
    return BB__LINE_FAST(bb_line_deposit, line, bits, sq, line);
}

/* ---- Byte mirror: bit i -> bit 7-i of an 8-bit value -------------------------------
 * mul: b * 0x80200802 lays four copies of b 10 bits apart; the mask keeps one
 * bit of each with the residues mod 8 reversed; * 0x0101010101 sums them into
 * bits 32..39 (no two partial products meet, so no carries). */
static inline unsigned bb_mirror_byte_mul(unsigned b)
{
    return (unsigned)(((((uint64_t)(b & 0xFF) * 0x80200802ULL) & 0x0884422110ULL) * 0x0101010101ULL) >> 32) & 0xFF;
}
/* swap: nibbles, then pairs, then neighbours. */
static inline unsigned bb_mirror_byte_swap(unsigned b)
{
    b &= 0xFF;
    b = ((b >> 4) & 0x0F) | ((b & 0x0F) << 4);
    b = ((b >> 2) & 0x33) | ((b & 0x33) << 2);
    return ((b >> 1) & 0x55) | ((b & 0x55) << 1);
}
extern const unsigned char bb__mirror_byte_table[256]; /* not API: bit i -> bit 7 - i */
static inline unsigned bb_mirror_byte_table(unsigned b) { return bb__mirror_byte_table[b & 0xFF]; }
/* The plain name: the table (fastest measured, docs/BENCHMARKS.md). */
static inline unsigned bb_mirror_byte(unsigned b) { return bb_mirror_byte_table(b); }

#ifdef __cplusplus
}
#endif

#endif /* BITBOARD_LINES_H */
