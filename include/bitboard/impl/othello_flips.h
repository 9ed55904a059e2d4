/* STAND-IN: replaced by the lookup tables, the shifts and the default.  Not API. */
#ifndef BITBOARD_IMPL_OTHELLO_FLIPS_H
#define BITBOARD_IMPL_OTHELLO_FLIPS_H
static inline uint64_t bb__othello_flips_walk(uint64_t p, uint64_t o, int sq)
{
    static const int d[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    sq &= 63;
    if (((p | o) >> sq) & 1) return 0;
    uint64_t all = 0;
    for (int k = 0; k < 8; k++) {
        uint64_t line = 0;
        int f = sq % 8 + d[k][0], r = sq / 8 + d[k][1];
        while (f >= 0 && f < 8 && r >= 0 && r < 8 && ((o >> (8 * r + f)) & 1)) {
            line |= (uint64_t)1 << (8 * r + f);
            f += d[k][0], r += d[k][1];
        }
        if (f >= 0 && f < 8 && r >= 0 && r < 8 && ((p >> (8 * r + f)) & 1)) all |= line;
    }
    return all;
}
static inline uint64_t bb_othello_flips_lookup(uint64_t p, uint64_t o, int sq) { return bb__othello_flips_walk(p, o, sq); }
static inline uint64_t bb_othello_flips_shifts(uint64_t p, uint64_t o, int sq) { return bb__othello_flips_walk(p, o, sq); }
static inline uint64_t bb_othello_moves_shifts(uint64_t p, uint64_t o)
{
    uint64_t m = 0;
    for (int s = 0; s < 64; s++)
        if (bb__othello_flips_walk(p, o, s)) m |= (uint64_t)1 << s;
    return m;
}
static inline uint64_t bb_othello_moves(uint64_t p, uint64_t o) { return bb_othello_moves_shifts(p, o); }
static inline uint64_t bb_othello_flips(uint64_t p, uint64_t o, int sq) { return bb_othello_flips_shifts(p, o, sq); }
#endif
