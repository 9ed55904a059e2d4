/* The tables of Hyatt's rotated bitboards, filled before main by the
 * constructor below, as Hyatt's paper precomputes them: for every square
 * and every occupancy of its rank (file, diagonal, anti-diagonal), the
 * squares it reaches along that line.  The tables live in this object with
 * their constructor, so a static link that reads them also runs it. */
#include "bitboard.h"

uint64_t bb__rotated_rank_attacks[64][256], bb__rotated_file_attacks[64][256];
uint64_t bb__rotated45_attacks[BB__ROTATED_DIAG_SIZE], bb__rotated315_attacks[BB__ROTATED_DIAG_SIZE];
uint16_t bb__rotated45_offset[64], bb__rotated315_offset[64];
bb_rotated_occ bb__rotated_occ_bit[64];

/* The attacks along one line: line[0..n-1] are its squares in index order
 * (bit j of occ is line[j]), sq is line[at].  Walks both ways from at,
 * stopping after the first occupied square. */
static uint64_t line_attacks(const int *line, int n, int at, unsigned occ)
{
    uint64_t a = 0;
    for (int j = at + 1; j < n; j++) {
        a |= (uint64_t)1 << line[j];
        if (occ >> j & 1) break;
    }
    for (int j = at - 1; j >= 0; j--) {
        a |= (uint64_t)1 << line[j];
        if (occ >> j & 1) break;
    }
    return a;
}

/* line[] = the squares of sq's line on the rotated board rot, in the order of
 * its index bits (the bits shift..shift+n-1 of rot, through unrotate); *at is
 * sq's place.  Returns n. */
static int line_squares(uint64_t (*unrotate)(uint64_t), unsigned shift, int n, int sq, int line[8], int *at)
{
    for (int j = 0; j < n; j++) {
        line[j] = __builtin_ctzll(unrotate((uint64_t)1 << (shift + j)));
        if (line[j] == sq) *at = j;
    }
    return n;
}

static uint64_t rank_bits(uint64_t x) { return x; }
static uint64_t unrot90(uint64_t r) { return bb_unrotated90(r); }
static uint64_t unrot45(uint64_t r) { return bb_unrotated45(r); }
static uint64_t unrot315(uint64_t r) { return bb_unrotated315(r); }

/* The 2^n entries of one square's table. */
static void fill_line(uint64_t *t, uint64_t (*unrotate)(uint64_t), unsigned shift, int n, int sq)
{
    int line[8], at = 0;
    line_squares(unrotate, shift, n, sq, line, &at);
    for (unsigned occ = 0; occ < 1u << n; occ++) t[occ] = line_attacks(line, n, at, occ);
}

/* Priority 101 (the first one open to programs): before any constructor of
 * the program that might already want attacks. */
__attribute__((constructor(101))) static void bb__rotated_init(void)
{
    unsigned o45 = 0, o315 = 0;
    for (int sq = 0; sq < 64; sq++) {
        fill_line(bb__rotated_rank_attacks[sq], rank_bits, (unsigned)(sq & 56), 8, sq);
        fill_line(bb__rotated_file_attacks[sq], unrot90, bb_rotated90_shift[sq], 8, sq);
        bb__rotated45_offset[sq] = (uint16_t)o45;
        fill_line(bb__rotated45_attacks + o45, unrot45, bb_rotated45_shift[sq], bb_rotated45_length[sq], sq);
        o45 += 1u << bb_rotated45_length[sq];
        bb__rotated315_offset[sq] = (uint16_t)o315;
        fill_line(bb__rotated315_attacks + o315, unrot315, bb_rotated315_shift[sq], bb_rotated315_length[sq], sq);
        o315 += 1u << bb_rotated315_length[sq];
        bb_rotated_occ *b = &bb__rotated_occ_bit[sq];
        b->occ = (uint64_t)1 << sq;
        b->r90 = (uint64_t)1 << bb_rotated90_square(sq);
        b->r45 = (uint64_t)1 << bb_rotated45_square(sq);
        b->r315 = (uint64_t)1 << bb_rotated315_square(sq);
    }
}
