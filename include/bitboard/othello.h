/* bitboard/othello.h - Othello: legal moves and disc flips by several
 * methods, positions, the text formats Othello programs exchange, and perft.
 * Included by <bitboard.h>.  How each method works: docs/OTHELLO.md.
 *
 * Boards: p holds the discs of the side to move, o the opponent's (disjoint).
 * Squares as everywhere in the library: a1 = 0 ... h8 = 63; Othello writes
 * them as column letter a-h and row 1-8 (row 1 is drawn on top).  The
 * start position has d5 and e4 black, d4 and e5 white; black (X) moves first.
 *
 * Contents (each name: what it returns; what it requires)
 *   bb_othello_moves(p, o)           the squares where the side owning p may play; p & o == 0
 *   bb_othello_flips(p, o, sq)       the discs of o that p playing sq turns; 0 if sq is not a legal
 *                                    move (occupied, or flips nothing); p & o == 0, sq 0..63
 *   bb_othello_perft(p, o, depth, opts)  the number of leaves of the game tree depth plies deep from
 *                                    (p to move, o); opts may be NULL (oeis convention, one thread);
 *                                    depth >= 0; the same with a table (opts->tt) and any threads;
 *                                    0 if opts->stop stopped it
 *   BB_OTHELLO_PERFT_MAX_DEPTH       19: the deepest perft the CLI, Python and JS accept (the library
 *                                    itself counts any depth, saturating at UINT64_MAX)
 *   BB_OTHELLO_PERFT_MAX_DEPTH_WHY   why, one string for their errors
 *   bb_othello_method                the flip and move methods, values 0..3 in this order:
 *   BB_OTHELLO_LOOKUP                  per line: extract 8 bits, look the flips up, deposit them
 *   BB_OTHELLO_SHIFTS                  directional shifts in 8 directions over the whole board
 *   BB_OTHELLO_AVX2                    the 8 directions in vector registers (AVX2)
 *   BB_OTHELLO_AVX512                  the 8 directions in one ZMM register (AVX-512)
 *   BB_OTHELLO_METHOD_COUNT          4
 *   BB_OTHELLO_DEFAULT               the method the plain names use in this build
 *   bb_othello_method_name(m)        "lookup", "shifts", "avx2", "avx512"; NULL if m is not 0..3
 *   bb_othello_method_from_name(name, m)  0 and *m for a name as printed (any case), else -1
 *   bb_othello_method_available(m)   1 if method m can run here (compiled in, and the CPU has it)
 *   bb_othello_moves_with(m, p, o)   bb_othello_moves by method m; m available
 *   bb_othello_flips_with(m, p, o, sq)   bb_othello_flips by method m; m available
 *   bb_othello_convention            how perft counts, values 0..2:
 *   BB_OTHELLO_OEIS                    a pass is a ply; a game over before the last ply counts
 *                                      nothing (OEIS A124004)
 *   BB_OTHELLO_BIK                     a pass is a ply; a game over before the last ply is one leaf
 *                                      (Aart Bik's table)
 *   BB_OTHELLO_NOPASS                  a pass is not a ply; a game over before the last ply is one leaf
 *   bb_othello_convention_name(c)    "oeis", "bik", "nopass"; NULL if c is not 0..2
 *   bb_othello_convention_from_name(name, c)  0 and *c (any case), else -1
 *   bb_othello_perft_opts            perft's options: convention, threads (0 or 1: this thread),
 *                                    method (for the moves and flips), and what it reports back;
 *                                    zeroed: oeis, one thread, no table
 *   bb_othello_perft_stats           what a perft call reports: leaves, table probes, hits and stores,
 *                                    subtrees done, time, whether it was stopped
 *   bb_othello_tt                    a transposition table for perft (opaque); any number of calls,
 *                                    positions, depths, conventions and threads may share one
 *   bb_othello_tt_new(bytes)         a table of at most bytes (at least 64), empty; NULL if out of
 *                                    memory or bytes < 64; free it with bb_othello_tt_free
 *   bb_othello_tt_free(t)            frees t; t may be NULL
 *   bb_othello_tt_clear(t)           empties t; not while a perft uses it; t not NULL
 *   bb_othello_tt_bytes(t)           the bytes t's entries take; t not NULL
 *   bb_othello_pos                   a position: p (side to move), o, and which colour is to move
 *   BB_OTHELLO_BLACK                 0: black (X, moves first)
 *   BB_OTHELLO_WHITE                 1: white (O)
 *   bb_othello_start()               the start position, black to move
 *   bb_othello_play(pos, sq)         plays sq for the side to move: 0, or -1 (pos unchanged) if it is
 *                                    not a legal move; pos not NULL, sq 0..63
 *   bb_othello_pass(pos)             passes: 0 if the side to move has no move and the opponent has
 *                                    one, else -1 (pos unchanged); pos not NULL
 *   bb_othello_game_over(pos)        1 if neither side has a move, else 0
 *   bb_othello_discs(pos, color)     the number of discs of that colour (0 black, 1 white)
 *   bb_othello_score(pos)            black's discs minus white's, with the empty squares given to the
 *                                    winner (the usual final score); for any position
 *   bb_othello_parse(text, pos, err)     reads a board string: 64 characters (a1 b1 ... h8; X, x or *
 *                                    black, O or o white, - or . empty), white space, then the side
 *                                    to move X or O (white space around is ignored): 0 and *pos, or
 *                                    -1 and *err (may be NULL) naming the position of the fault;
 *                                    the word start (any case) is the standard start
 *   bb_othello_format(buf, size, pos)    writes pos as a board string and side (66 characters and NUL);
 *                                    returns the length needed, like snprintf
 *   bb_othello_format_diagram(buf, size, pos)  writes an 8-row diagram, row 1 on top, with the side
 *                                    to move and the disc count; returns the length needed
 *   BB_OTHELLO_FORMAT_MAX            the buffer size that holds either format's text
 *   bb_othello_play_transcript(pos, text, err)  plays a transcript ("f5d6c3", any case; passes as
 *                                    PA or --, or left out where the side has no move) from *pos:
 *                                    0, or -1 with *pos as it was before the first illegal move and
 *                                    *err naming it and its position in the text
 *   bb_othello_normalize_transcript(buf, size, text, err)  the transcript turned by the one symmetry
 *                                    that makes its first move f5 (as game databases store it), in
 *                                    lower case without passes (a pass at the end is left out like
 *                                    every pass); returns the length needed, or
 *                                    (size_t)-1 and *err for a text that is not a transcript from
 *                                    the start
 *   bb_othello_positions(pos, plies, raw, sym, opts)  for each ply k = 0..plies, raw[k] = the number of
 *                                    distinct positions k plies from *pos, sym[k] = the same up to the 8
 *                                    symmetries (a pass is a ply; the side to move is part of a position);
 *                                    0, or -1 if memory ran out (malloc, or opts->max_bytes), or -2 if
 *                                    opts->ply_done asked to stop (entries of plies not reached are 0);
 *                                    pos, raw, sym not NULL, raw and sym hold plies + 1, plies 0..60;
 *                                    opts may be NULL
 *   bb_othello_positions_opts        its options: a memory limit, threads, a callback after each ply,
 *                                    and the peak memory it reports back
 *
 * Implementation variants: the same contracts, one method each (the vector
 * ones are compiled into every x86-64 build and need bb_cpu_has).
 *   bb_othello_moves_shifts(p, o)          bb_othello_flips_lookup(p, o, sq)
 *   bb_othello_moves_avx2(p, o)            bb_othello_flips_shifts(p, o, sq)
 *   bb_othello_moves_avx512(p, o)          bb_othello_flips_avx2(p, o, sq)
 *                                          bb_othello_flips_avx512(p, o, sq)
 * (Moves by lookup would test every square's four lines; the lookup method
 * finds moves by shifts.)                                                   */
#ifndef BITBOARD_OTHELLO_H
#define BITBOARD_OTHELLO_H

#include <signal.h> /* sig_atomic_t: perft's stop flag */

#include "core.h"
#include "io.h"    /* bb_parse_error */
#include "lines.h" /* the lookup method gathers lines */

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { BB_OTHELLO_LOOKUP, BB_OTHELLO_SHIFTS, BB_OTHELLO_AVX2, BB_OTHELLO_AVX512 } bb_othello_method;
#define BB_OTHELLO_METHOD_COUNT 4

typedef enum { BB_OTHELLO_OEIS, BB_OTHELLO_BIK, BB_OTHELLO_NOPASS } bb_othello_convention;

/* The deepest perft the front ends accept: the deepest whose count from the
 * start is published and fits in 64 bits.  OEIS A124004 (the oeis
 * convention) lists the counts to depth 19: depth 18 is
 * 2,534,535,926,617,852 and depth 19 29,335,558,770,589,276, below 2^64 =
 * 18,446,744,073,709,551,616.  Deeper counts are not known; by their growth
 * (a factor of about 11.6 a ply there) depth 20 would be near 3.4 * 10^17
 * and depth 22 would pass 2^64, but that is an estimate, not a count, and no
 * bound proves it (a proven bound, 60 * 59 * ... empty squares per ply,
 * stops at depth 11).  A position other than the start may overflow sooner:
 * the library reports that (stats->overflow) rather than wrap. */
#define BB_OTHELLO_PERFT_MAX_DEPTH 19
#define BB_OTHELLO_PERFT_MAX_DEPTH_WHY                                                                       \
    "19 is the deepest whose count from the start is published and fits in 64 bits "                         \
    "(OEIS A124004: 29,335,558,770,589,276 leaves)"

/* Perft's transposition table: made by bb_othello_tt_new; the fields are
 * not API (src/othello/tt.h says what they hold). */
typedef struct bb_othello_tt {
    void *buckets_;
    size_t count_;
    void *memory_;
} bb_othello_tt;

typedef struct {
    uint64_t leaves;     /* the count: so far (progress), all of it (at the end) */
    uint64_t probes;     /* table look-ups (nodes with enough depth left to be worth one) */
    uint64_t hits;       /* look-ups that found their count */
    uint64_t stores;     /* counts written to the table */
    uint64_t tasks;      /* the subtrees the count was split into (1 if it was not) */
    uint64_t tasks_done; /* ... of which finished */
    double seconds;      /* wall time since the call began */
    int depth;           /* the call's depth */
    int stopped;         /* 1 if *stop ended the count early (it returned 0) */
    int overflow;        /* 1 if the count is 2^64 - 1 or more: perft returned UINT64_MAX (the
                            sums saturate there; a count never wraps) */
    uint64_t reserved_[4]; /* written 0: room for later reports without an ABI break */
} bb_othello_perft_stats;

typedef struct {
    bb_othello_convention convention; /* default BB_OTHELLO_OEIS */
    int threads;                      /* 0 or 1: this thread only; N: N threads */
    bb_othello_method method;         /* for moves and flips (perft's own kernels may go faster) */
    /* The transposition table and the reports (zeroed: none). */
    bb_othello_tt *tt;                /* NULL, or a table from bb_othello_tt_new to count with */
    int no_symmetry;                  /* 1: key the table by the position as it is, not by the least of
                                         its 8 symmetric images (slower; for comparison) */
    const volatile sig_atomic_t *stop; /* NULL, or a flag (a signal handler's): once nonzero, perft
                                         stops within about 0.1 s, returns 0, stats->stopped = 1 */
    void (*progress)(const bb_othello_perft_stats *now, void *ctx); /* NULL, or called from the
                                         calling thread about 10 times a second, and once at the end */
    void *progress_ctx;               /* passed to progress */
    bb_othello_perft_stats *stats;    /* NULL, or where perft writes its report at the end */
    void *reserved_[4];               /* zero (a zeroed struct): room for later options without an ABI break */
} bb_othello_perft_opts;

enum { BB_OTHELLO_BLACK = 0, BB_OTHELLO_WHITE = 1 };

typedef struct {
    uint64_t p, o; /* the side to move's discs, the opponent's */
    int side;      /* BB_OTHELLO_BLACK or BB_OTHELLO_WHITE: the colour of p */
} bb_othello_pos;

#define BB_OTHELLO_FORMAT_MAX 512

/* The default method of bb_othello_moves and bb_othello_flips, chosen here
 * from the compiler's target: avx512 where it targets AVX-512F, avx2 where it
 * targets AVX2 (either only with run-time paths: not BB_NO_DISPATCH), lookup
 * elsewhere (lookup's moves are the shifts).  Measured on AMD Zen 5, gcc and
 * clang -O2 -march=native, 4,096 positions of random games with a random
 * legal move each; ns per call, independent calls (docs/OTHELLO.md):
 *   flips: avx512 2.3   avx2 3.4-3.6   lookup 6.0   shifts 11.0-11.4
 *   moves: avx512 1.9-2.4   avx2 2.7-2.8   shifts 8.0-8.4
 * (-march=x86-64: lookup 6.4-7.8, shifts 10.9-11.3; moves 7.5-9.3.)  Each
 * call waiting for the last, the scalar forms are ahead (flips: lookup 11.6,
 * shifts 13, avx2 14.6, avx512 15.3; moves: shifts 10.4, avx512 13.8).
 * Not avx2 on AMD Zen 1 (-march=znver1), which splits each 256-bit operation
 * in two: there, measured on family 23 model 1 (ns per independent call),
 * flips: lookup 13.2 (lines by multiplication, BB_HAVE_FAST_PEXT in core.h)
 * avx2 21.6-24  shifts 24; moves: shifts 18.3  avx2 17.9. */
#if defined(__AVX512F__) && defined(__x86_64__) && !defined(BB_NO_DISPATCH)
#define BB_OTHELLO_DEFAULT BB_OTHELLO_AVX512
#define BB__OTHELLO_DEFAULT_VECTOR 512 /* for the preprocessor: impl/othello_flips.h */
#elif defined(__AVX2__) && defined(__x86_64__) && !defined(BB_NO_DISPATCH) && !defined(__znver1__)
#define BB_OTHELLO_DEFAULT BB_OTHELLO_AVX2
#define BB__OTHELLO_DEFAULT_VECTOR 256
#else
#define BB_OTHELLO_DEFAULT BB_OTHELLO_LOOKUP
#define BB__OTHELLO_DEFAULT_VECTOR 0
#endif

static inline uint64_t bb_othello_moves(uint64_t p, uint64_t o);
static inline uint64_t bb_othello_flips(uint64_t p, uint64_t o, int sq);
uint64_t bb_othello_perft(uint64_t p, uint64_t o, int depth, const bb_othello_perft_opts *opts);
bb_othello_tt *bb_othello_tt_new(size_t bytes);
void bb_othello_tt_free(bb_othello_tt *t);
void bb_othello_tt_clear(bb_othello_tt *t);
size_t bb_othello_tt_bytes(const bb_othello_tt *t);
const char *bb_othello_method_name(bb_othello_method m);
int bb_othello_method_from_name(const char *name, bb_othello_method *m);
int bb_othello_method_available(bb_othello_method m);
uint64_t bb_othello_moves_with(bb_othello_method m, uint64_t p, uint64_t o);
uint64_t bb_othello_flips_with(bb_othello_method m, uint64_t p, uint64_t o, int sq);
const char *bb_othello_convention_name(bb_othello_convention c);
int bb_othello_convention_from_name(const char *name, bb_othello_convention *c);
bb_othello_pos bb_othello_start(void);
int bb_othello_play(bb_othello_pos *pos, int sq);
int bb_othello_pass(bb_othello_pos *pos);
int bb_othello_game_over(const bb_othello_pos *pos);
int bb_othello_discs(const bb_othello_pos *pos, int color);
int bb_othello_score(const bb_othello_pos *pos);
int bb_othello_parse(const char *text, bb_othello_pos *pos, bb_parse_error *err);
size_t bb_othello_format(char *buf, size_t size, const bb_othello_pos *pos);
size_t bb_othello_format_diagram(char *buf, size_t size, const bb_othello_pos *pos);
int bb_othello_play_transcript(bb_othello_pos *pos, const char *text, bb_parse_error *err);
size_t bb_othello_normalize_transcript(char *buf, size_t size, const char *text, bb_parse_error *err);

/* Distinct positions per ply (src/othello/positions.c; docs/OTHELLO.md). */
typedef struct {
    size_t max_bytes; /* 0: no limit; else the most memory the sets may hold at once */
    int threads;      /* 0 or 1: this thread only; N: N threads (at most 64), the same counts */
    /* Called after each ply k = 0..plies with its counts (may be NULL); a
     * non-zero return stops the count (bb_othello_positions returns -2). */
    int (*ply_done)(void *arg, int ply, uint64_t raw, uint64_t sym);
    void *arg;         /* passed to ply_done */
    size_t peak_bytes; /* out: the most memory the sets held at once */
    void *reserved_[4]; /* zero (a zeroed struct): room for later options without an ABI break */
} bb_othello_positions_opts;
int bb_othello_positions(const bb_othello_pos *pos, int plies, uint64_t *raw, uint64_t *sym,
                         bb_othello_positions_opts *opts);

/* Implementation variants (see the contents list). */
static inline uint64_t bb_othello_moves_shifts(uint64_t p, uint64_t o);
uint64_t bb_othello_moves_avx2(uint64_t p, uint64_t o);
uint64_t bb_othello_moves_avx512(uint64_t p, uint64_t o);
static inline uint64_t bb_othello_flips_lookup(uint64_t p, uint64_t o, int sq);
static inline uint64_t bb_othello_flips_shifts(uint64_t p, uint64_t o, int sq);
uint64_t bb_othello_flips_avx2(uint64_t p, uint64_t o, int sq);
uint64_t bb_othello_flips_avx512(uint64_t p, uint64_t o, int sq);

/* ============================================================================
 * Implementation: everything below is how, not what.
 * ========================================================================== */

/* Moves and flips: the lookup tables, the shifts, the default. */
#include "impl/othello_flips.h"

#ifdef __cplusplus
}
#endif

#endif /* BITBOARD_OTHELLO_H */
