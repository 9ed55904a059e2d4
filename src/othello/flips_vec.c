/* STAND-IN: replaced by the AVX2 and AVX-512 forms. */
#include "bitboard.h"
uint64_t bb_othello_moves_avx2(uint64_t p, uint64_t o) { return bb_othello_moves_shifts(p, o); }
uint64_t bb_othello_moves_avx512(uint64_t p, uint64_t o) { return bb_othello_moves_shifts(p, o); }
uint64_t bb_othello_flips_avx2(uint64_t p, uint64_t o, int sq) { return bb_othello_flips_shifts(p, o, sq); }
uint64_t bb_othello_flips_avx512(uint64_t p, uint64_t o, int sq) { return bb_othello_flips_shifts(p, o, sq); }
