/* STAND-IN: replaced by the leaper tables, between/line tables, hyperbola
 * quintessence, Kogge-Stone and kindergarten.  Not API. */
#ifndef BITBOARD_IMPL_ATTACKS_BASIC_H
#define BITBOARD_IMPL_ATTACKS_BASIC_H
static inline uint64_t bb__standin_leap(int sq, const int (*d)[2], int n)
{
    uint64_t a = 0;
    for (int i = 0; i < n; i++) {
        int f = (sq & 63) % 8 + d[i][0], r = (sq & 63) / 8 + d[i][1];
        if (f >= 0 && f < 8 && r >= 0 && r < 8) a |= (uint64_t)1 << (8 * r + f);
    }
    return a;
}
static inline uint64_t bb_knight_attacks(int sq)
{
    static const int d[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    return bb__standin_leap(sq, d, 8);
}
static inline uint64_t bb_king_attacks(int sq)
{
    static const int d[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    return bb__standin_leap(sq, d, 8);
}
static inline uint64_t bb_pawn_attacks(int color, int sq)
{
    static const int w[2][2] = {{1, 1}, {-1, 1}}, b[2][2] = {{1, -1}, {-1, -1}};
    return bb__standin_leap(sq, color ? b : w, 2);
}
static inline uint64_t bb_line_through(int a, int b)
{
    uint64_t bb = (uint64_t)1 << (b & 63);
    if ((a & 63) == (b & 63)) return 0;
    if (bb_rook_attacks_naive(a, 0) & bb)
        return ((bb_rook_attacks_naive(a, 0) & bb_rook_attacks_naive(b, 0)) | ((uint64_t)1 << (a & 63)) | bb) &
               (((a ^ b) & 7) == 0 ? BB_FILE_A << (a & 7) : BB_RANK_1 << (a & 56));
    if (bb_bishop_attacks_naive(a, 0) & bb) {
        uint64_t l = ((uint64_t)1 << (a & 63)) | bb;
        for (int s = 0; s < 64; s++)
            if ((bb_bishop_attacks_naive(s, 0) & l) == l || ((l >> s & 1) && (bb_bishop_attacks_naive(s, 0) & l)))
                if (((s % 8 - (a & 63) % 8) == (s / 8 - (a & 63) / 8)) == ((b & 63) % 8 - (a & 63) % 8 == (b & 63) / 8 - (a & 63) / 8)) l |= (uint64_t)1 << s;
        return l;
    }
    return 0;
}
static inline uint64_t bb_between(int a, int b)
{
    uint64_t ba = (uint64_t)1 << (a & 63), bb = (uint64_t)1 << (b & 63);
    if (bb_rook_attacks_naive(a, bb) & bb) return bb_rook_attacks_naive(a, bb) & bb_rook_attacks_naive(b, ba);
    if (bb_bishop_attacks_naive(a, bb) & bb) return bb_bishop_attacks_naive(a, bb) & bb_bishop_attacks_naive(b, ba);
    return 0;
}
static inline uint64_t bb_rook_fill(uint64_t rooks, uint64_t occ) { (void)rooks; (void)occ; return 0; }
static inline uint64_t bb_bishop_fill(uint64_t bishops, uint64_t occ) { (void)bishops; (void)occ; return 0; }
static inline uint64_t bb_queen_fill(uint64_t queens, uint64_t occ) { (void)queens; (void)occ; return 0; }
static inline uint64_t bb_rook_attacks_kindergarten(int sq, uint64_t occ) { return bb_rook_attacks_naive(sq, occ); }
static inline uint64_t bb_bishop_attacks_kindergarten(int sq, uint64_t occ) { return bb_bishop_attacks_naive(sq, occ); }
static inline uint64_t bb_rook_attacks_hyperbola(int sq, uint64_t occ) { return bb_rook_attacks_naive(sq, occ); }
static inline uint64_t bb_bishop_attacks_hyperbola(int sq, uint64_t occ) { return bb_bishop_attacks_naive(sq, occ); }
static inline uint64_t bb_rook_attacks_kogge_stone(int sq, uint64_t occ) { return bb_rook_attacks_naive(sq, occ); }
static inline uint64_t bb_bishop_attacks_kogge_stone(int sq, uint64_t occ) { return bb_bishop_attacks_naive(sq, occ); }
#endif
