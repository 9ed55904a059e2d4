/* perft's private kernels (src/othello/perft.c and perft_avx512.c): moves
 * and flips by directional shifts, the count one ply from the leaves, and
 * the AVX-512 and AVX2 walks.  Not API. */
#ifndef BB_SRC_OTHELLO_PERFT_KERNELS_H
#define BB_SRC_OTHELLO_PERFT_KERNELS_H

#include "bitboard.h"

#if defined(__unix__) || defined(__APPLE__)
#define BB__PERFT_THREADS 1 /* pthreads */
#else
#define BB__PERFT_THREADS 0
#endif

/* The rules every kernel applies at a node (p to move, o) with d >= 1 plies
 * to go, in one place: a side without a move passes, or the game is over,
 * as the convention counts them; one ply from the leaves the count is the
 * number of moves.  SELF(p, o, d, conv) is the kernel's node function,
 * MANY(p, o, m, d, conv) its count over the moves m (not 0) for d >= 2. */
#define BB__PERFT_NODE(SELF, MANY, p, o, d, conv)                                        \
    do {                                                                                 \
        uint64_t m_ = bb__perft_moves((p), (o));                                         \
        if (!m_) {                                                                       \
            if (!bb__perft_moves((o), (p))) return (conv) == BB_OTHELLO_OEIS ? 0 : 1;    \
            if ((conv) == BB_OTHELLO_NOPASS) return SELF((o), (p), (d), (conv));         \
            return (d) == 1 ? 1 : SELF((o), (p), (d) - 1, (conv));                       \
        }                                                                                \
        if ((d) == 1) return (uint64_t)__builtin_popcountll(m_);                         \
        return MANY((p), (o), m_, (d), (conv));                                          \
    } while (0)

/* Edge files masked out of the discs a horizontal or diagonal run may cross. */
#define BB__PERFT_INNER 0x7E7E7E7E7E7E7E7EULL

/* The moves of p along one direction pair (shift d, both ways) over the
 * discs m of o a run may cross: parallel prefix, a run of up to 6. */
static inline uint64_t bb__perft_moves_dir(uint64_t p, uint64_t m, int d)
{
    uint64_t l = m & (p << d), r = m & (p >> d);
    l |= m & (l << d), r |= m & (r >> d);
    uint64_t pl = m & (m << d), pr = pl >> d;
    l |= pl & (l << 2 * d), r |= pr & (r >> 2 * d);
    l |= pl & (l << 2 * d), r |= pr & (r >> 2 * d);
    return (l << d) | (r >> d);
}

/* The squares where p may play; p & o == 0. */
static inline uint64_t bb__perft_moves(uint64_t p, uint64_t o)
{
    uint64_t oi = o & BB__PERFT_INNER;
    uint64_t m = bb__perft_moves_dir(p, oi, 1) | bb__perft_moves_dir(p, o, 8) |
                 bb__perft_moves_dir(p, oi, 7) | bb__perft_moves_dir(p, oi, 9);
    return m & ~(p | o);
}

/* The discs flipped along one direction pair by p playing x (one bit). */
static inline uint64_t bb__perft_flips_dir(uint64_t p, uint64_t m, uint64_t x, int d)
{
    uint64_t l = m & (x << d), r = m & (x >> d);
    l |= m & (l << d), r |= m & (r >> d);
    uint64_t pl = m & (m << d), pr = pl >> d;
    l |= pl & (l << 2 * d), r |= pr & (r >> 2 * d);
    l |= pl & (l << 2 * d), r |= pr & (r >> 2 * d);
    return (p & (l << d) ? l : 0) | (p & (r >> d) ? r : 0);
}

/* The discs of o flipped by p playing x, a legal move (one bit). */
static inline uint64_t bb__perft_flips(uint64_t p, uint64_t o, uint64_t x)
{
    uint64_t oi = o & BB__PERFT_INNER;
    return bb__perft_flips_dir(p, oi, x, 1) | bb__perft_flips_dir(p, o, x, 8) |
           bb__perft_flips_dir(p, oi, x, 7) | bb__perft_flips_dir(p, oi, x, 9);
}

/* The count of (p to move, o) one ply deep, in convention conv: the moves;
 * a pass is one leaf (nopass: the opponent's moves); a game over is 0 (oeis)
 * or one leaf. */
static inline uint64_t bb__perft_leaf(uint64_t p, uint64_t o, int conv)
{
    uint64_t m = bb__perft_moves(p, o);
    if (m) return (uint64_t)__builtin_popcountll(m);
    uint64_t mo = bb__perft_moves(o, p);
    if (!mo) return conv == BB_OTHELLO_OEIS ? 0 : 1;
    return conv == BB_OTHELLO_NOPASS ? (uint64_t)__builtin_popcountll(mo) : 1;
}

#if BB__DISPATCH
/* 1 if the CPU runs bb__perft_avx512 (AVX-512 F/BW/VL and VPOPCNTDQ). */
int bb__perft_avx512_available(void);
/* The count of (p to move, o) d >= 1 plies deep, children eight at a time. */
uint64_t bb__perft_avx512(uint64_t p, uint64_t o, int d, int conv);
/* 1 if the CPU runs bb__perft_avx2 (AVX2, POPCNT). */
int bb__perft_avx2_available(void);
/* The same, four at a time (perft_avx2.c). */
uint64_t bb__perft_avx2(uint64_t p, uint64_t o, int d, int conv);
#endif

#endif
