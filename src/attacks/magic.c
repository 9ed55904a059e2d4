/* The magic and PEXT tables, filled before main by the constructor below
 * (the numbers are generated: magic_constants.c).  The tables live in this
 * object with their constructor, so a static link that reads them also
 * runs it. */
#include "bitboard.h"

/* The rays from each square in the 8 directions (rook: +1 +8 -1 -8, then
 * bishop: +9 +7 -7 -9), without the square itself. */
static uint64_t rays[2][4][64];

static void rays_init(void)
{
    static const int step[2][4][2] = {{{1, 0}, {0, 1}, {-1, 0}, {0, -1}}, {{1, 1}, {-1, 1}, {1, -1}, {-1, -1}}};
    for (int p = 0; p < 2; p++)
        for (int d = 0; d < 4; d++)
            for (int sq = 0; sq < 64; sq++) {
                uint64_t r = 0;
                int f = sq % 8 + step[p][d][0], k = sq / 8 + step[p][d][1];
                for (; f >= 0 && f < 8 && k >= 0 && k < 8; f += step[p][d][0], k += step[p][d][1])
                    r |= (uint64_t)1 << (8 * k + f);
                rays[p][d][sq] = r;
            }
}

/* The attacks of a rook (piece 0) or bishop (1) on sq: each ray, cut behind
 * its first blocker (the lowest square of an upward ray, the highest of a
 * downward one).  The first two directions of each piece go up, the others
 * down.  Faster than the oracle's square-by-square walk, which the tests
 * compare every entry with. */
static uint64_t slider(int piece, int sq, uint64_t occ)
{
    uint64_t a = 0;
    for (int d = 0; d < 4; d++) {
        uint64_t r = rays[piece][d][sq], b = r & occ;
        if (b) r ^= rays[piece][d][d < 2 ? __builtin_ctzll(b) : 63 - __builtin_clzll(b)];
        a |= r;
    }
    return a;
}

uint64_t bb__rook_magic_table[BB__ROOK_MAGIC_SIZE], bb__bishop_magic_table[BB__BISHOP_MAGIC_SIZE];
uint64_t bb__rook_pext_table[BB__ROOK_PEXT_SIZE], bb__bishop_pext_table[BB__BISHOP_PEXT_SIZE];

/* Every subset of each square's mask, with its attack set, into both
 * tables.  The carry-rippler (sub - mask) & mask counts the subsets in the
 * order of pext(sub, mask): the k-th subset is PEXT entry k, so no pext
 * instruction is needed here and the PEXT tables exist in every build. */
static void fill(const bb__magic magic[64], int piece, unsigned shift, uint64_t *mtab, uint64_t *ptab)
{
    for (int sq = 0; sq < 64; sq++) {
        const bb__magic *m = &magic[sq];
        uint64_t sub = 0, k = 0;
        do {
            uint64_t a = slider(piece, sq, sub);
            mtab[m->offset + ((sub * m->magic) >> shift)] = a;
            ptab[m->pext_offset + k++] = a;
            sub = (sub - m->mask) & m->mask;
        } while (sub);
    }
}

/* Priority 101 (the first one open to programs): before any constructor of
 * the program that might already want attacks. */
__attribute__((constructor(101))) static void bb__magic_init(void)
{
    rays_init();
    fill(bb__rook_magic, 0, BB__ROOK_MAGIC_SHIFT, bb__rook_magic_table, bb__rook_pext_table);
    fill(bb__bishop_magic, 1, BB__BISHOP_MAGIC_SHIFT, bb__bishop_magic_table, bb__bishop_pext_table);
}
