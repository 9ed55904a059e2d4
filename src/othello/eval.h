/* The Othello evaluation: an estimate of the final disc difference of a
 * position for the side to move: the midgame search's leaves
 * (src/othello/search.c), and the exact solver's move order
 * (src/othello/solve.c).  Internal: the search, the solver and the training
 * program (tools/othello_train.c) use it; the public API returns its values
 * only as the search's scores.
 *
 * It is a sum of pattern weights, the usual form of Othello evaluations:
 * each of BB__EVAL_PATTERNS square sets (bb__eval_mask[], below) is read in
 * each of the 8 images of the board (bb_sym_apply), the squares of the set in
 * ascending order as the digits of a base-3 number (0 empty, 1 the mover's,
 * 2 the opponent's), and that number picks one weight of the pattern's
 * table; four more weights multiply a bias, the mobility difference, the
 * potential mobility difference and the parity of the empties (+1 odd, -1
 * even).  Summing over all 8 images makes the value the same for a position
 * and its mirror images, exactly (the weights are integers).
 *
 * There is one set of weights per stage of the game (BB__EVAL_STAGE_EMPTIES
 * empties each).  They (data/othello/eval.bin, built into the library as
 * constant C by tools/gen_eval_weights.c) are fitted by least
 * squares to positions of real games (the WTHOR databases), labelled by the
 * exact solver near the end and by searches with the next stage's weights
 * before it (tools/othello_train.c, `make othello-eval DATA=DIR`); they are
 * committed, the games are not.  The exact solver orders its moves and
 * makes its probable cut-offs with them too (src/othello/solve.c,
 * BB__SOLVE_STAGED); its own older set (bb__othello_solver_weights, below)
 * is there for -DBB__SOLVE_STAGED=0. */
#ifndef BB_SRC_OTHELLO_EVAL_H
#define BB_SRC_OTHELLO_EVAL_H

#include <stddef.h>
#include <stdint.h>

enum {
    BB__EVAL_PATTERNS = 11,
    BB__EVAL_INDICES = 8 * BB__EVAL_PATTERNS, /* table indices a position reads */
    BB__EVAL_SCALARS = 4,                     /* bias, mobility, potential mobility, parity */
    BB__EVAL_TABLE = 167265,                  /* the pattern tables' weights, all patterns */
    BB__EVAL_WEIGHTS = BB__EVAL_TABLE + BB__EVAL_SCALARS,
    BB__EVAL_UNIT = 64, /* weights and values are in 1/64 of a disc */
    BB__EVAL_STAGES = 10,       /* weight sets by game stage: */
    BB__EVAL_STAGE_EMPTIES = 6  /* stage s is for 6s+1 .. 6s+6 empties */
};

/* The stage of a position with `empties` empty squares (0..60). */
static inline int bb__eval_stage(int empties)
{
    int s = (empties - 1) / BB__EVAL_STAGE_EMPTIES;
    return s < 0 ? 0 : s >= BB__EVAL_STAGES ? BB__EVAL_STAGES - 1 : s;
}

/* The square sets, in square numbering (a1 = bit 0): the edge with its two
 * X squares, the 2x5 corner block, the 3x3 corner, the second, third and
 * fourth rows, and the diagonals of 8, 7, 6, 5 and 4 squares (the list is
 * also the weights files', tools/eval_file.h). */
#define BB__EVAL_MASKS                                                                                         \
    0x00000000000042FFULL, 0x0000000000001F1FULL, 0x0000000000070707ULL, 0x000000000000FF00ULL,               \
        0x0000000000FF0000ULL, 0x00000000FF000000ULL, 0x8040201008040201ULL, 0x0080402010080402ULL,           \
        0x0000804020100804ULL, 0x0000008040201008ULL, 0x0000000080402010ULL
extern const uint64_t bb__eval_mask[BB__EVAL_PATTERNS];
/* Where each pattern's table starts in the weights (the last: BB__EVAL_TABLE). */
extern const int bb__eval_offset[BB__EVAL_PATTERNS + 1];
/* The weights by stage, generated at build time from data/othello/eval.bin:
 * constant data, or (BB__EVAL_PACKED, the WebAssembly build) expanded from
 * the packed form when the module starts. */
#if BB__EVAL_PACKED
extern int16_t bb__othello_eval_weights[BB__EVAL_STAGES][BB__EVAL_WEIGHTS];
#else
extern const int16_t bb__othello_eval_weights[BB__EVAL_STAGES][BB__EVAL_WEIGHTS];
#endif
/* The weights by stage in their packed form (eval_pack.h), generated at
 * build time from data/othello/eval.bin: in the builds that link
 * gen/eval_packed.o (the WebAssembly build, the eval tests). */
extern const unsigned char bb__othello_eval_packed[];
extern const size_t bb__othello_eval_packed_size;
/* Expands the packed weights b (n bytes) into w (BB__EVAL_STAGES sets, as
 * bb__othello_eval_weights): 0, or 1 with what is wrong (and where) in err,
 * of size errn, and w all zeros.  Every field, the size, both checksums and
 * the counts are checked: a damaged or cut form is an error, never a zero
 * or wrong weight. */
int bb__othello_eval_unpack(const unsigned char *b, size_t n, int16_t (*w)[BB__EVAL_WEIGHTS], char *err, size_t errn);

/* The BB__EVAL_INDICES table indices of (p, o), p to move: image by image
 * (bb_sym order), pattern by pattern. */
void bb__othello_eval_indices(uint64_t p, uint64_t o, int *idx);
/* The scalars: 1, mobility difference, potential mobility difference, parity. */
void bb__othello_eval_scalars(uint64_t p, uint64_t o, int *x);
/* The estimate, in 1/BB__EVAL_UNIT of a disc, for p to move: the weights
 * of the position's stage. */
int bb__othello_eval(uint64_t p, uint64_t o);
/* The same with one stage's weights w (the trainer's and the tests'). */
int bb__othello_eval_with(const int16_t *w, uint64_t p, uint64_t o);

/* The exact solver's own move-order weights (data/othello/eval_solver.bin,
 * one set, fitted to the solver's exact scores of self-play positions with
 * 10-16 empties: `make othello-solver-eval`), and the estimate with them.
 * Without selective levels the solver searched 109.7 M nodes on FFO #40-#44
 * with these and 135.3 M with the staged weights; with the levels (since
 * 2026-11-27) #40-#49 take 791.6 M with these and 751.3 M with the staged
 * weights, which the solver now uses (docs/OTHELLO.md, "The evaluation"). */
#if !BB__EVAL_PACKED /* the packed (WebAssembly) build carries the staged weights only */
extern const int16_t bb__othello_solver_weights[BB__EVAL_WEIGHTS];
int bb__othello_solver_eval(uint64_t p, uint64_t o);
#endif

#endif
