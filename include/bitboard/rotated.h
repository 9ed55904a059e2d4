/* bitboard/rotated.h - pseudo-rotations by 45 degrees and Hyatt's rotated
 * boards, where every diagonal (or file) is a run of contiguous bits.
 * Included by <bitboard.h>.  Derivations in docs/LINES.md.
 *
 * Contents (each name: what it returns; what it requires)
 *   bb_pseudo_rotate45_cw(x)         file f turned down f ranks (wrapping): a1-h8 lands on rank 1
 *   bb_pseudo_rotate45_ccw(x)        file f turned up f+1 ranks: a8-h1 lands on rank 1
 *   bb_pseudo_unrotate45_cw(x)       the inverse of bb_pseudo_rotate45_cw
 *   bb_pseudo_unrotate45_ccw(x)      the inverse of bb_pseudo_rotate45_ccw
 *   bb_pseudo_rotate45_cw_square(sq)    where sq goes under bb_pseudo_rotate45_cw; sq 0..63
 *   bb_pseudo_rotate45_ccw_square(sq)   ... under bb_pseudo_rotate45_ccw; sq 0..63
 *   bb_pseudo_unrotate45_cw_square(sq)  ... under bb_pseudo_unrotate45_cw; sq 0..63
 *   bb_pseudo_unrotate45_ccw_square(sq) ... under bb_pseudo_unrotate45_ccw; sq 0..63
 *   bb_pseudo_rotate45_cw_rank(sq)   the rank (0..7) of the cw board holding sq's diagonal; sq 0..63
 *   bb_pseudo_rotate45_cw_mask(sq)   that diagonal's squares on the cw board; sq 0..63
 *   bb_pseudo_rotate45_ccw_rank(sq)  the rank of the ccw board holding sq's anti-diagonal; sq 0..63
 *   bb_pseudo_rotate45_ccw_mask(sq)  that anti-diagonal's squares on the ccw board; sq 0..63
 *   bb_rot45                         the four pseudo-rotations as a value, 0..3 in this order:
 *   BB_ROT45_CW                        bb_pseudo_rotate45_cw
 *   BB_ROT45_CCW                       bb_pseudo_rotate45_ccw
 *   BB_UNROT45_CW                      bb_pseudo_unrotate45_cw
 *   BB_UNROT45_CCW                     bb_pseudo_unrotate45_ccw
 *   bb_pseudo_rotate45_array(dst, src, n, which)  dst[i] = rotation which of src[i], i < n;
 *                                    dst == src or no overlap; which 0..3; AVX-512 when the CPU has it
 *   bb_rotated90(x)                  Hyatt's rotated-90 board of x (layout below)
 *   bb_rotated45(x)                  Hyatt's rotated-45 board of x
 *   bb_rotated315(x)                 Hyatt's rotated-315 board of x
 *   bb_unrotated90(r)                the board whose rotated-90 board is r
 *   bb_unrotated45(r)                the board whose rotated-45 board is r
 *   bb_unrotated315(r)               the board whose rotated-315 board is r
 *   bb_rotated90_index(r90, sq)      sq's file in a rotated-90 board: 8 bits, rank 1 first; sq 0..63
 *   bb_rotated45_index(r45, sq)      sq's diagonal in a rotated-45 board: length bits, lowest file first; sq 0..63
 *   bb_rotated315_index(r315, sq)    sq's anti-diagonal in a rotated-315 board, the same way; sq 0..63
 *   bb_rotated90_square(sq)          the bit of the rotated-90 board holding sq; sq 0..63
 *   bb_rotated45_square(sq)          the bit of the rotated-45 board holding sq; sq 0..63
 *   bb_rotated315_square(sq)         the bit of the rotated-315 board holding sq; sq 0..63
 *   bb_rotated90_shift[64]           table: the first bit of sq's file, 8 * (7 - file) (length 8)
 *   bb_rotated45_shift[64]           table: the first bit of sq's diagonal
 *   bb_rotated45_length[64]          table: its length, 8 - |file - rank|
 *   bb_rotated315_shift[64]          table: the first bit of sq's anti-diagonal
 *   bb_rotated315_length[64]         table: its length, 8 - |file + rank - 7|
 *
 * Implementation variants: the same contracts, one implementation each.
 *   bb_pseudo_rotate45_cw_select(x)      8 rotates selected file by file: more instructions,
 *   bb_pseudo_rotate45_ccw_select(x)     5 deep instead of 9 (for latency)
 *   bb_pseudo_unrotate45_cw_select(x)
 *   bb_pseudo_unrotate45_ccw_select(x)
 *   bb_pseudo_rotate45_array_portable(dst, src, n, which)  the scalar loop
 *   bb_pseudo_rotate45_array_avx512(dst, src, n, which)    requires bb_cpu_has(BB_CPU_AVX512)
 *   bb_rotated45_portable(x)             pseudo-rotation, then two order-keeping compressions
 *   bb_unrotated45_portable(r)           by shift steps (Hacker's Delight 7-4); any C compiler
 *   bb_rotated315_portable(x)
 *   bb_unrotated315_portable(r)
 *   bb_rotated45_pext(x)                 the compressions by pext/pdep; only if BB_HAVE_BMI2
 *   bb_unrotated45_pext(r)
 *   bb_rotated315_pext(x)
 *   bb_unrotated315_pext(r)
 *   bb_rotated45_bitalg(x)               one vpshufbitqmb bit gather; only if BB_HAVE_BITALG
 *   bb_unrotated45_bitalg(r)
 *   bb_rotated315_bitalg(x)
 *   bb_unrotated315_bitalg(r)
 *
 * Pseudo-rotations turn each file f as a ring of 8 squares, so that every
 * diagonal lands on one rank (two short ones share a rank, each keeping its
 * files; bit i of that rank is still file i, as bb_line_extract gives it):
 *   cw    file f down f ranks:    s -> (s - 8*(s&7)) & 63      a1-h8 on rank 1
 *   ccw   file f up f+1 ranks:    s -> (s + 8*((s&7)+1)) & 63  a8-h1 on rank 1
 *   uncw, unccw                   their inverses
 *
 * Hyatt's rotated boards (bit b of the rotated board holds the square
 * bb_rotated90_square, bb_rotated45_square or bb_rotated315_square maps to b):
 *   90    the board turned clockwise: file f is byte 7-f, bit i = rank i
 *   45    the 15 diagonals (file - rank = 7, 6, ..., -7: h1 first, a8 last),
 *         each from its lowest file up: h1 | g1 h2 | f1 g2 h3 | ... | a8
 *   315   the 15 anti-diagonals (file + rank = 0..14: a1 first, h8 last),
 *         each from its lowest file up: a1 | a2 b1 | a3 b2 c1 | ... | h8
 * (rotated >> shift[sq]) & ((1 << length[sq]) - 1) is the occupancy of the
 * line through sq: 8 - |file - rank| (or |file + rank - 7|) bits, lowest file
 * first.  Every shift is at most 63: no shift by 64 (Crafty has one).  The
 * tables are indexed by a square 0..63 as they stand; the _index and
 * _square functions follow the out-of-range policy of core.h. */
#ifndef BITBOARD_ROTATED_H
#define BITBOARD_ROTATED_H

#include "core.h"
#include "lines.h"
#include "sym.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { BB_ROT45_CW, BB_ROT45_CCW, BB_UNROT45_CW, BB_UNROT45_CCW } bb_rot45;

static inline uint64_t bb_pseudo_rotate45_cw(uint64_t x);
static inline uint64_t bb_pseudo_rotate45_ccw(uint64_t x);
static inline uint64_t bb_pseudo_unrotate45_cw(uint64_t x);
static inline uint64_t bb_pseudo_unrotate45_ccw(uint64_t x);
static inline int bb_pseudo_rotate45_cw_square(int sq);
static inline int bb_pseudo_rotate45_ccw_square(int sq);
static inline int bb_pseudo_unrotate45_cw_square(int sq);
static inline int bb_pseudo_unrotate45_ccw_square(int sq);
static inline int bb_pseudo_rotate45_cw_rank(int sq);
static inline uint64_t bb_pseudo_rotate45_cw_mask(int sq);
static inline int bb_pseudo_rotate45_ccw_rank(int sq);
static inline uint64_t bb_pseudo_rotate45_ccw_mask(int sq);
void bb_pseudo_rotate45_array(uint64_t *dst, const uint64_t *src, size_t n, bb_rot45 which);
static inline uint64_t bb_rotated90(uint64_t x);
static inline uint64_t bb_rotated45(uint64_t x);
static inline uint64_t bb_rotated315(uint64_t x);
static inline uint64_t bb_unrotated90(uint64_t r);
static inline uint64_t bb_unrotated45(uint64_t r);
static inline uint64_t bb_unrotated315(uint64_t r);
static inline unsigned bb_rotated90_index(uint64_t r90, int sq);
static inline unsigned bb_rotated45_index(uint64_t r45, int sq);
static inline unsigned bb_rotated315_index(uint64_t r315, int sq);
static inline int bb_rotated90_square(int sq);
static inline int bb_rotated45_square(int sq);
static inline int bb_rotated315_square(int sq);
extern const unsigned char bb_rotated90_shift[64];
extern const unsigned char bb_rotated45_shift[64];
extern const unsigned char bb_rotated45_length[64];
extern const unsigned char bb_rotated315_shift[64];
extern const unsigned char bb_rotated315_length[64];

/* Implementation variants (see the contents list). */
void bb_pseudo_rotate45_array_portable(uint64_t *dst, const uint64_t *src, size_t n, bb_rot45 which);
void bb_pseudo_rotate45_array_avx512(uint64_t *dst, const uint64_t *src, size_t n, bb_rot45 which);

/* ============================================================================
 * Implementation: everything below is how, not what.
 * ========================================================================== */

/* Rotations of a 64-bit word; n must be 1..63. */
static inline uint64_t bb__rotr64(uint64_t x, unsigned n) { return (x >> n) | (x << (64 - n)); }
static inline uint64_t bb__rotl64(uint64_t x, unsigned n) { return (x << n) | (x >> (64 - n)); }

/* ---- Pseudo-rotations by 45 degrees ---------------------------------------------
 * Rotating the whole word by 8d moves every file d ranks (wrapping); a masked
 * rotate moves only the selected files.  Three of them, by 1, 2 and 4 ranks,
 * give every file its own amount: the masks hold the files whose amount has
 * that bit: f for cw (0xAA 0xCC 0xF0 per rank), (f + 1) & 7 for ccw (0x55
 * 0x66 0x78).  x & ~m and rotate & m run side by side: 3 cycles a step. */
#define BB__PR_CW1 0xAAAAAAAAAAAAAAAAULL
#define BB__PR_CW2 0xCCCCCCCCCCCCCCCCULL
#define BB__PR_CW4 0xF0F0F0F0F0F0F0F0ULL
#define BB__PR_CCW1 0x5555555555555555ULL
#define BB__PR_CCW2 0x6666666666666666ULL
#define BB__PR_CCW4 0x7878787878787878ULL

/* x with the files in m rotated down (right) by 8d bits: d ranks. */
static inline uint64_t bb__files_down(uint64_t x, uint64_t m, unsigned d)
{
    return (x & ~m) | (bb__rotr64(x, 8 * d) & m);
}
static inline uint64_t bb__files_up(uint64_t x, uint64_t m, unsigned d)
{
    return (x & ~m) | (bb__rotl64(x, 8 * d) & m);
}

static inline uint64_t bb_pseudo_rotate45_cw(uint64_t x)
{
    return bb__files_down(bb__files_down(bb__files_down(x, BB__PR_CW1, 1), BB__PR_CW2, 2), BB__PR_CW4, 4);
}
static inline uint64_t bb_pseudo_rotate45_ccw(uint64_t x)
{
    return bb__files_up(bb__files_up(bb__files_up(x, BB__PR_CCW1, 1), BB__PR_CCW2, 2), BB__PR_CCW4, 4);
}
/* uncw: file f up f ranks. */
static inline uint64_t bb_pseudo_unrotate45_cw(uint64_t x)
{
    return bb__files_up(bb__files_up(bb__files_up(x, BB__PR_CW1, 1), BB__PR_CW2, 2), BB__PR_CW4, 4);
}
/* unccw: file f down f+1 ranks. */
static inline uint64_t bb_pseudo_unrotate45_ccw(uint64_t x)
{
    return bb__files_down(bb__files_down(bb__files_down(x, BB__PR_CCW1, 1), BB__PR_CCW2, 2), BB__PR_CCW4, 4);
}

/* The same four by selection: file f taken from the word rotated by its own
 * amount (8 rotates, 8 ands, an or tree).  More instructions, but only
 * 5 deep: for when latency matters more than throughput. */
static inline uint64_t bb__rot8(uint64_t x, unsigned ranks, int up)
{
    unsigned n = 8 * (ranks & 7);
    return n == 0 ? x : up ? bb__rotl64(x, n) : bb__rotr64(x, n);
}
/* File f rotated by f + first ranks (up or down). */
static inline uint64_t bb__files_select(uint64_t x, unsigned first, int up)
{
    return ((bb__rot8(x, first, up) & BB_FILE_A) | (bb__rot8(x, first + 1, up) & (BB_FILE_A << 1))) |
           ((bb__rot8(x, first + 2, up) & (BB_FILE_A << 2)) | (bb__rot8(x, first + 3, up) & (BB_FILE_A << 3))) |
           (((bb__rot8(x, first + 4, up) & (BB_FILE_A << 4)) | (bb__rot8(x, first + 5, up) & (BB_FILE_A << 5))) |
            ((bb__rot8(x, first + 6, up) & (BB_FILE_A << 6)) | (bb__rot8(x, first + 7, up) & (BB_FILE_A << 7))));
}
static inline uint64_t bb_pseudo_rotate45_cw_select(uint64_t x) { return bb__files_select(x, 0, 0); }
static inline uint64_t bb_pseudo_rotate45_ccw_select(uint64_t x) { return bb__files_select(x, 1, 1); }
static inline uint64_t bb_pseudo_unrotate45_cw_select(uint64_t x) { return bb__files_select(x, 0, 1); }
static inline uint64_t bb_pseudo_unrotate45_ccw_select(uint64_t x) { return bb__files_select(x, 1, 0); }

/* ---- Squares, ranks and masks of the pseudo-rotations ------------------------------
 * (bb_pseudo_rotate45_cw(x) & cw_mask) >> 8*cw_rank == bb_line_extract(x, sq,
 * BB_LINE_DIAGONAL); the rank's other files hold a second diagonal.  The same
 * for ccw and BB_LINE_ANTIDIAGONAL. */
static inline int bb_pseudo_rotate45_cw_square(int sq)
{
    BB__ASSERT_SQUARE(sq);
    sq &= 63;
    return (sq - 8 * (sq & 7)) & 63;
}
static inline int bb_pseudo_rotate45_ccw_square(int sq)
{
    BB__ASSERT_SQUARE(sq);
    sq &= 63;
    return (sq + 8 * ((sq & 7) + 1)) & 63;
}
static inline int bb_pseudo_unrotate45_cw_square(int sq)
{
    BB__ASSERT_SQUARE(sq);
    sq &= 63;
    return (sq + 8 * (sq & 7)) & 63;
}
static inline int bb_pseudo_unrotate45_ccw_square(int sq)
{
    BB__ASSERT_SQUARE(sq);
    sq &= 63;
    return (sq - 8 * ((sq & 7) + 1)) & 63;
}
static inline int bb_pseudo_rotate45_cw_rank(int sq)
{
    BB__ASSERT_SQUARE(sq);
    sq &= 63;
    return ((sq >> 3) - (sq & 7)) & 7;
}
static inline uint64_t bb_pseudo_rotate45_cw_mask(int sq)
{
    BB__ASSERT_SQUARE(sq);
    sq &= 63;
    int k = (sq & 7) - (sq >> 3); /* file - rank: files k..7 if k >= 0, else 0..7+k */
    uint64_t files = k >= 0 ? (0xFFu << k) & 0xFFu : 0xFFu >> -k;
    return files << (8 * bb_pseudo_rotate45_cw_rank(sq));
}
static inline int bb_pseudo_rotate45_ccw_rank(int sq)
{
    BB__ASSERT_SQUARE(sq);
    sq &= 63;
    return ((sq >> 3) + (sq & 7) + 1) & 7;
}
static inline uint64_t bb_pseudo_rotate45_ccw_mask(int sq)
{
    BB__ASSERT_SQUARE(sq);
    sq &= 63;
    int s = (sq & 7) + (sq >> 3); /* file + rank: files 0..s if s <= 7, else s-7..7 */
    uint64_t files = s <= 7 ? 0xFFu >> (7 - s) : (0xFFu << (s - 7)) & 0xFFu;
    return files << (8 * bb_pseudo_rotate45_ccw_rank(sq));
}

/* ---- Hyatt's rotated boards: indices and squares ------------------------------------
 * The tables (public, listed above) are generated into
 * src/rotated/rotated_tables.c by tools/gen_tables.c. */
static inline unsigned bb_rotated90_index(uint64_t r90, int sq)
{
    BB__ASSERT_SQUARE(sq);
    return (unsigned)(r90 >> bb_rotated90_shift[sq & 63]) & 0xFF;
}
static inline unsigned bb_rotated45_index(uint64_t r45, int sq)
{
    BB__ASSERT_SQUARE(sq);
    sq &= 63;
    return (unsigned)(r45 >> bb_rotated45_shift[sq]) & ((1u << bb_rotated45_length[sq]) - 1);
}
static inline unsigned bb_rotated315_index(uint64_t r315, int sq)
{
    BB__ASSERT_SQUARE(sq);
    sq &= 63;
    return (unsigned)(r315 >> bb_rotated315_shift[sq]) & ((1u << bb_rotated315_length[sq]) - 1);
}
static inline int bb_rotated90_square(int sq)
{
    BB__ASSERT_SQUARE(sq);
    sq &= 63;
    return 8 * (7 - (sq & 7)) + (sq >> 3);
}
static inline int bb_rotated45_square(int sq)
{
    BB__ASSERT_SQUARE(sq);
    sq &= 63;
    int f = sq & 7, r = sq >> 3;
    return bb_rotated45_shift[sq] + (f < r ? f : r);
}
static inline int bb_rotated315_square(int sq)
{
    BB__ASSERT_SQUARE(sq);
    sq &= 63;
    int f = sq & 7, s = f + (sq >> 3);
    return bb_rotated315_shift[sq] + f - (s > 7 ? s - 7 : 0);
}

/* ---- Whole-board conversions ----------------------------------------------------------
 * After the cw pseudo-rotation, rank j >= 1 holds diagonal 8-j in its top j
 * bits and diagonal -j in its low 8-j bits; rank 0 holds diagonal 0.  The
 * rotated-45 board is the top parts packed in rank order (28 bits), then the
 * low parts with rank 0 first (36 bits): two order-keeping compressions, pext
 * with BMI2 or six shift steps each (Hacker's Delight 7-4) without.  The ccw
 * board gives rotated-315 the same way with the low and top parts swapped. */
#define BB__R45_LOW 0xFEFCF8F0E0C08000ULL  /* bits that form rotated-45 bits 0..27 */
#define BB__R315_LOW 0x7F3F1F0F07030100ULL /* bits that form rotated-315 bits 0..27 */

/* One step of an order-keeping compression: the bits in mv move down by s. */
static inline uint64_t bb__compress_step(uint64_t x, uint64_t mv, unsigned s)
{
    uint64_t t = x & mv;
    return (x ^ t) | (t >> s);
}
/* Its inverse, for the expansion: the bits in mv come back up by s. */
static inline uint64_t bb__expand_step(uint64_t x, uint64_t mv, unsigned s)
{
    return (x & ~mv) | ((x << s) & mv);
}
/* The move masks of the steps (by 1, 2, 4, 8, 16, 32), computed from the
 * masks by Hacker's Delight's compress; tests/test_rotated.c recomputes them. */
#define BB__CMP_R45_LO 0x00FCF80000C08000ULL, 0x007E00F0E0004000ULL, 0xFE00003C00601000ULL, \
                       0x00000003F8000100ULL, 0x0000000003FE0000ULL, 0x0FFFFC0000000000ULL
#define BB__CMP_R45_HI 0x010300001F3F0000ULL, 0x0001870F0F800000ULL, 0x00806003C0000000ULL, \
                       0x000007C000000000ULL, 0x0008000000000000ULL, 0x0000000000000000ULL
#define BB__CMP_R315_LO 0x7F3F000007030000ULL, 0x3F801F0F00018000ULL, 0x000007C003806000ULL, \
                        0x0000007FC0000700ULL, 0x000000007FF80000ULL, 0x0FFF800000000000ULL
#define BB__CMP_R315_HI 0x00C0E00000FCFE00ULL, 0x000070F0F87E0000ULL, 0x80601C003E000000ULL, \
                        0x080001FC00000000ULL, 0x000E000000000000ULL, 0x0000000000000000ULL

static inline uint64_t bb__compress6(uint64_t x, uint64_t m, uint64_t a, uint64_t b, uint64_t c,
                                     uint64_t d, uint64_t e, uint64_t f)
{
    x &= m;
    x = bb__compress_step(x, a, 1);
    x = bb__compress_step(x, b, 2);
    x = bb__compress_step(x, c, 4);
    x = bb__compress_step(x, d, 8);
    x = bb__compress_step(x, e, 16);
    return bb__compress_step(x, f, 32);
}
static inline uint64_t bb__expand6(uint64_t x, uint64_t m, uint64_t a, uint64_t b, uint64_t c,
                                   uint64_t d, uint64_t e, uint64_t f)
{
    x = bb__expand_step(x, f, 32);
    x = bb__expand_step(x, e, 16);
    x = bb__expand_step(x, d, 8);
    x = bb__expand_step(x, c, 4);
    x = bb__expand_step(x, b, 2);
    return bb__expand_step(x, a, 1) & m;
}
#define BB__LOW28 0x000000000FFFFFFFULL

static inline uint64_t bb_rotated45_portable(uint64_t x)
{
    uint64_t p = bb_pseudo_rotate45_cw(x);
    return bb__compress6(p, BB__R45_LOW, BB__CMP_R45_LO) | bb__compress6(p, ~BB__R45_LOW, BB__CMP_R45_HI) << 28;
}
static inline uint64_t bb_unrotated45_portable(uint64_t r)
{
    uint64_t p = bb__expand6(r & BB__LOW28, BB__R45_LOW, BB__CMP_R45_LO) |
                 bb__expand6(r >> 28, ~BB__R45_LOW, BB__CMP_R45_HI);
    return bb_pseudo_unrotate45_cw(p);
}
static inline uint64_t bb_rotated315_portable(uint64_t x)
{
    uint64_t p = bb_pseudo_rotate45_ccw(x);
    return bb__compress6(p, BB__R315_LOW, BB__CMP_R315_LO) | bb__compress6(p, ~BB__R315_LOW, BB__CMP_R315_HI) << 28;
}
static inline uint64_t bb_unrotated315_portable(uint64_t r)
{
    uint64_t p = bb__expand6(r & BB__LOW28, BB__R315_LOW, BB__CMP_R315_LO) |
                 bb__expand6(r >> 28, ~BB__R315_LOW, BB__CMP_R315_HI);
    return bb_pseudo_unrotate45_ccw(p);
}

#if BB_HAVE_BMI2
static inline uint64_t bb_rotated45_pext(uint64_t x)
{
    uint64_t p = bb_pseudo_rotate45_cw(x);
    return _pext_u64(p, BB__R45_LOW) | _pext_u64(p, ~BB__R45_LOW) << 28;
}
static inline uint64_t bb_unrotated45_pext(uint64_t r)
{
    return bb_pseudo_unrotate45_cw(_pdep_u64(r, BB__R45_LOW) | _pdep_u64(r >> 28, ~BB__R45_LOW));
}
static inline uint64_t bb_rotated315_pext(uint64_t x)
{
    uint64_t p = bb_pseudo_rotate45_ccw(x);
    return _pext_u64(p, BB__R315_LOW) | _pext_u64(p, ~BB__R315_LOW) << 28;
}
static inline uint64_t bb_unrotated315_pext(uint64_t r)
{
    return bb_pseudo_unrotate45_ccw(_pdep_u64(r, BB__R315_LOW) | _pdep_u64(r >> 28, ~BB__R315_LOW));
}
#endif

/* AVX-512 BITALG: the whole conversion is one bit gather.  Broadcast the
 * board to 8 lanes; vpshufbitqmb sets mask bit b to bit gather[b] of the
 * board.  The gather tables (not API) are generated into
 * src/rotated/rotated_tables.c by tools/gen_tables.c. */
extern const unsigned char bb__rotated45_gather[64], bb__unrotated45_gather[64];
extern const unsigned char bb__rotated315_gather[64], bb__unrotated315_gather[64];
#if BB_HAVE_BITALG
/* Bit b of the result is bit gather[b] of x. */
static inline uint64_t bb__gather64_bitalg(uint64_t x, const unsigned char gather[64])
{
    __m512i v = _mm512_set1_epi64((long long)x);
    return (uint64_t)_mm512_bitshuffle_epi64_mask(v, _mm512_loadu_si512((const void *)gather));
}
static inline uint64_t bb_rotated45_bitalg(uint64_t x) { return bb__gather64_bitalg(x, bb__rotated45_gather); }
static inline uint64_t bb_unrotated45_bitalg(uint64_t r) { return bb__gather64_bitalg(r, bb__unrotated45_gather); }
static inline uint64_t bb_rotated315_bitalg(uint64_t x) { return bb__gather64_bitalg(x, bb__rotated315_gather); }
static inline uint64_t bb_unrotated315_bitalg(uint64_t r) { return bb__gather64_bitalg(r, bb__unrotated315_gather); }
#define BB__ROT_IMPL(name) name##_bitalg
#elif BB_HAVE_FAST_PEXT
#define BB__ROT_IMPL(name) name##_pext
#else
#define BB__ROT_IMPL(name) name##_portable
#endif

/* ---- The plain names: the fastest compiled form ---------------------------------------- */
static inline uint64_t bb_rotated90(uint64_t x) { return bb_rotate_cw(x); }
static inline uint64_t bb_unrotated90(uint64_t r) { return bb_rotate_ccw(r); }
static inline uint64_t bb_rotated45(uint64_t x) { return BB__ROT_IMPL(bb_rotated45)(x); }
static inline uint64_t bb_unrotated45(uint64_t r) { return BB__ROT_IMPL(bb_unrotated45)(r); }
static inline uint64_t bb_rotated315(uint64_t x) { return BB__ROT_IMPL(bb_rotated315)(x); }
static inline uint64_t bb_unrotated315(uint64_t r) { return BB__ROT_IMPL(bb_unrotated315)(r); }

#ifdef __cplusplus
}
#endif

#endif /* BITBOARD_ROTATED_H */
