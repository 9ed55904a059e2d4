/* STAND-IN: replaced by magic, pext and Hyatt's rotated bitboards.  Not API. */
#ifndef BITBOARD_IMPL_ATTACKS_TABLES_H
#define BITBOARD_IMPL_ATTACKS_TABLES_H
static inline uint64_t bb_rook_attacks_magic(int sq, uint64_t occ) { return bb_rook_attacks_naive(sq, occ); }
static inline uint64_t bb_bishop_attacks_magic(int sq, uint64_t occ) { return bb_bishop_attacks_naive(sq, occ); }
#if BB_HAVE_BMI2
static inline uint64_t bb_rook_attacks_pext(int sq, uint64_t occ) { return bb_rook_attacks_naive(sq, occ); }
static inline uint64_t bb_bishop_attacks_pext(int sq, uint64_t occ) { return bb_bishop_attacks_naive(sq, occ); }
#endif
static inline void bb_rotated_occ_init(bb_rotated_occ *s, uint64_t occ) { s->occ = occ; s->r90 = s->r45 = s->r315 = 0; }
static inline void bb_rotated_occ_set(bb_rotated_occ *s, int sq) { s->occ |= (uint64_t)1 << (sq & 63); }
static inline void bb_rotated_occ_clear(bb_rotated_occ *s, int sq) { s->occ &= ~((uint64_t)1 << (sq & 63)); }
static inline void bb_rotated_occ_move(bb_rotated_occ *s, int from, int to) { bb_rotated_occ_clear(s, from); bb_rotated_occ_set(s, to); }
static inline uint64_t bb_rotated_rook_attacks(const bb_rotated_occ *s, int sq) { return bb_rook_attacks_naive(sq, s->occ); }
static inline uint64_t bb_rotated_bishop_attacks(const bb_rotated_occ *s, int sq) { return bb_bishop_attacks_naive(sq, s->occ); }
static inline uint64_t bb_rotated_queen_attacks(const bb_rotated_occ *s, int sq) { return bb_rotated_rook_attacks(s, sq) | bb_rotated_bishop_attacks(s, sq); }
static inline uint64_t bb_rook_attacks_rotated(int sq, uint64_t occ) { return bb_rook_attacks_naive(sq, occ); }
static inline uint64_t bb_bishop_attacks_rotated(int sq, uint64_t occ) { return bb_bishop_attacks_naive(sq, occ); }
#endif
