/* Every named scalar form of the 7 symmetries that move squares, as the
 * library exports it: the dispatched name, its portable body and (where
 * the build has it) its GFNI body.  One list for the unit test
 * (tests/test_sym.c) and the soak (tests/soak/soak_sym.c), so that a form
 * added to the library is added to both.
 *
 * SYM_FORMS(X) calls X(NAME, SYM, FN) for each, NAME a string such as
 * "rotate_cw_portable", FN the function. */
#ifndef BB_TESTS_SYM_FORMS_H
#define BB_TESTS_SYM_FORMS_H

#include "bitboard.h"

#define SYM_FORMS_OF(X, suffix)                                                     \
    X("flip_vertical" #suffix, BB_SYM_FLIP_VERTICAL, bb_flip_vertical##suffix)         \
    X("flip_horizontal" #suffix, BB_SYM_FLIP_HORIZONTAL, bb_flip_horizontal##suffix)   \
    X("flip_diagonal" #suffix, BB_SYM_FLIP_DIAGONAL, bb_flip_diagonal##suffix)         \
    X("flip_antidiagonal" #suffix, BB_SYM_FLIP_ANTIDIAGONAL, bb_flip_antidiagonal##suffix) \
    X("rotate_cw" #suffix, BB_SYM_ROTATE_CW, bb_rotate_cw##suffix)                     \
    X("rotate_ccw" #suffix, BB_SYM_ROTATE_CCW, bb_rotate_ccw##suffix)                  \
    X("rotate_180" #suffix, BB_SYM_ROTATE_180, bb_rotate_180##suffix)

#if BB_HAVE_GFNI
#define SYM_FORMS_GFNI(X) SYM_FORMS_OF(X, _gfni)
#else
#define SYM_FORMS_GFNI(X)
#endif

#define SYM_FORMS(X) SYM_FORMS_OF(X, ) SYM_FORMS_OF(X, _portable) SYM_FORMS_GFNI(X)

#endif
