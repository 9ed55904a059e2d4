/* The solver's evaluation: an estimate of the final disc difference of a
 * position for the side to move, used to order moves near the root of an
 * exact search (src/othello/solve.c).  Internal: the solver and the
 * training program (tools/othello_train.c) use it; nothing in the public API
 * depends on its values.
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
 * The weights (src/othello/eval_weights.c) are fitted by least squares to
 * exact scores the solver computes (tools/othello_train.c, `make
 * othello-eval`); they are committed, not downloaded. */
#ifndef BB_SRC_OTHELLO_EVAL_H
#define BB_SRC_OTHELLO_EVAL_H

#include <stdint.h>

enum {
    BB__EVAL_PATTERNS = 11,
    BB__EVAL_INDICES = 8 * BB__EVAL_PATTERNS, /* table indices a position reads */
    BB__EVAL_SCALARS = 4,                     /* bias, mobility, potential mobility, parity */
    BB__EVAL_TABLE = 167265,                  /* the pattern tables' weights, all patterns */
    BB__EVAL_WEIGHTS = BB__EVAL_TABLE + BB__EVAL_SCALARS,
    BB__EVAL_UNIT = 64 /* weights and values are in 1/64 of a disc */
};

/* The square sets, in square numbering (a1 = bit 0). */
extern const uint64_t bb__eval_mask[BB__EVAL_PATTERNS];
/* Where each pattern's table starts in the weights (the last: BB__EVAL_TABLE). */
extern const int bb__eval_offset[BB__EVAL_PATTERNS + 1];
/* The weights, generated (src/othello/eval_weights.c). */
extern const int16_t bb__othello_eval_weights[BB__EVAL_WEIGHTS];

/* The BB__EVAL_INDICES table indices of (p, o), p to move: image by image
 * (bb_sym order), pattern by pattern. */
void bb__othello_eval_indices(uint64_t p, uint64_t o, int *idx);
/* The scalars: 1, mobility difference, potential mobility difference, parity. */
void bb__othello_eval_scalars(uint64_t p, uint64_t o, int *x);
/* The estimate, in 1/BB__EVAL_UNIT of a disc, for p to move. */
int bb__othello_eval(uint64_t p, uint64_t o);

#endif
