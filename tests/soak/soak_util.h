/* What the soak's areas share (tests/soak/soak_*.c): a case's random
 * numbers, the verbose notes of a replayed case, and Othello positions of
 * random games.  The driver (soak.c) defines soak_verbose and soak_note. */
#ifndef BB_TESTS_SOAK_UTIL_H
#define BB_TESTS_SOAK_UTIL_H

#include <stdint.h>
#include <stdio.h>

#include "soak.h"
#include "reference_othello.h"

/* 1 while one case runs alone (--case): areas say what they check. */
extern int soak_verbose;
/* printf to stdout, "  " first, a newline after; only when soak_verbose. */
void soak_note(const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* A case's generator: splitmix64 from the case's seed. */
typedef struct {
    uint64_t s;
} soak_rng;

static inline soak_rng soak_rng_of(uint64_t case_seed)
{
    soak_rng r = {case_seed};
    return r;
}

static inline uint64_t soak_next(soak_rng *r)
{
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* 0..n-1 (n >= 1); the bias of the modulo is nothing at these sizes. */
static inline int soak_below(soak_rng *r, int n) { return (int)(soak_next(r) % (uint64_t)n); }

/* lo..hi inclusive */
static inline int soak_range(soak_rng *r, int lo, int hi) { return lo + soak_below(r, hi - lo + 1); }

/* A board of mixed density: half of the time uniform, else sparse (AND of
 * three), dense (OR of three), very sparse (a few squares) or edges only. */
static inline uint64_t soak_board(soak_rng *r)
{
    switch (soak_below(r, 8)) {
    case 0: return soak_next(r) & soak_next(r) & soak_next(r);
    case 1: return soak_next(r) | soak_next(r) | soak_next(r);
    case 2: {
        uint64_t x = 0;
        for (int k = soak_below(r, 4); k >= 0; k--) x |= (uint64_t)1 << soak_below(r, 64);
        return x;
    }
    case 3: return soak_next(r) & 0xFF818181818181FFULL;
    default: return soak_next(r);
    }
}

/* The i-th set bit of m (0-based; i < popcount(m)). */
static inline int soak_nth_bit(uint64_t m, int i)
{
    while (i--) m &= m - 1;
    return __builtin_ctzll(m);
}

/* One ply of a random Othello game played by the reference rules (*p to
 * move): a random legal move, or a pass.  Returns 0 (a move), 1 (a pass) or
 * -1 (the game is over: nothing changed). */
static inline int soak_othello_step(soak_rng *r, uint64_t *p, uint64_t *o)
{
    uint64_t m = ref_othello_moves(*p, *o), t = *p;
    if (!m) {
        if (!ref_othello_moves(*o, *p)) return -1;
        *p = *o, *o = t;
        return 1;
    }
    int sq = soak_nth_bit(m, soak_below(r, __builtin_popcountll(m)));
    uint64_t f = ref_othello_flips(*p, *o, sq);
    *p = *o & ~f, *o = t | f | ((uint64_t)1 << sq);
    return 0;
}

/* An Othello position from the start by a random game of up to `plies`
 * plies (a pass is a ply); it stops early when the game ends.  *p is the
 * side to move. */
static inline void soak_othello_game(soak_rng *r, int plies, uint64_t *p, uint64_t *o)
{
    *p = 0x0000000810000000ULL, *o = 0x0000001008000000ULL; /* d5 e4 black, to move */
    for (int k = 0; k < plies && soak_othello_step(r, p, o) >= 0; k++) {
    }
}

/* A position of a random game with `empties` empty squares (or the end of
 * the game, when it ends with more). */
static inline void soak_othello_empties(soak_rng *r, int empties, uint64_t *p, uint64_t *o)
{
    soak_othello_game(r, 0, p, o);
    while (64 - __builtin_popcountll(*p | *o) > empties && soak_othello_step(r, p, o) >= 0) {
    }
}

/* An Othello position for a failure message: both boards in hex and the
 * board string (a1 ... h8, X the side to move), written here square by
 * square.  buf holds SOAK_OTHELLO_TEXT bytes. */
#define SOAK_OTHELLO_TEXT 120
static inline const char *soak_othello_text(char *buf, uint64_t p, uint64_t o)
{
    int n = snprintf(buf, SOAK_OTHELLO_TEXT, "p=0x%016llx o=0x%016llx '", (unsigned long long)p,
                     (unsigned long long)o);
    for (int sq = 0; sq < 64; sq++) buf[n++] = (p >> sq & 1) ? 'X' : (o >> sq & 1) ? 'O' : '-';
    snprintf(buf + n, SOAK_OTHELLO_TEXT - (size_t)n, " X'");
    return buf;
}

#endif
