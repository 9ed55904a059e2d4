/* The symmetry group's tables: composition, inverses, names.  (Canonical
 * forms are in canonical.c and the inline half of bitboard/sym.h.) */
#include "bitboard.h"

/* Each symmetry as a signed permutation of (file, rank) about the centre:
 * with u = 2f - 7, v = 2r - 7 (odd numbers -7..7), a symmetry maps
 * (u, v) -> (a*u + b*v, c*u + d*v) for a 2x2 matrix of 0 and +-1. */
typedef struct { signed char a, b, c, d; } sym_matrix;

static const sym_matrix sym_matrices[BB_SYM_COUNT] = {
    [BB_SYM_IDENTITY] = {1, 0, 0, 1},
    [BB_SYM_ROTATE_CW] = {0, 1, -1, 0},       /* (f, r) -> (r, 7-f)   */
    [BB_SYM_ROTATE_180] = {-1, 0, 0, -1},
    [BB_SYM_ROTATE_CCW] = {0, -1, 1, 0},      /* (f, r) -> (7-r, f)   */
    [BB_SYM_FLIP_VERTICAL] = {1, 0, 0, -1},
    [BB_SYM_FLIP_HORIZONTAL] = {-1, 0, 0, 1},
    [BB_SYM_FLIP_DIAGONAL] = {0, 1, 1, 0},
    [BB_SYM_FLIP_ANTIDIAGONAL] = {0, -1, -1, 0},
};

static bb_sym sym_from_matrix(sym_matrix m)
{
    for (int s = 0; s < BB_SYM_COUNT; s++) {
        const sym_matrix *t = &sym_matrices[s];
        if (t->a == m.a && t->b == m.b && t->c == m.c && t->d == m.d)
            return (bb_sym)s;
    }
    return BB_SYM_IDENTITY; /* unreachable: the group is closed */
}

/* A symmetry out of range acts as the identity, as in bb_sym_apply. */
static unsigned sym_index(bb_sym s) { return (unsigned)s < BB_SYM_COUNT ? (unsigned)s : 0; }

bb_sym bb_sym_compose(bb_sym first, bb_sym then)
{
    BB__ASSERT((unsigned)first < BB_SYM_COUNT, "first", first);
    BB__ASSERT((unsigned)then < BB_SYM_COUNT, "then", then);
    const sym_matrix *p = &sym_matrices[sym_index(first)];
    const sym_matrix *q = &sym_matrices[sym_index(then)];
    sym_matrix m = { /* q * p: p acts first */
        (signed char)(q->a * p->a + q->b * p->c), (signed char)(q->a * p->b + q->b * p->d),
        (signed char)(q->c * p->a + q->d * p->c), (signed char)(q->c * p->b + q->d * p->d),
    };
    return sym_from_matrix(m);
}

bb_sym bb_sym_inverse(bb_sym s)
{
    BB__ASSERT((unsigned)s < BB_SYM_COUNT, "s", s);
    /* Every element is its own inverse except the quarter turns. */
    if (s == BB_SYM_ROTATE_CW) return BB_SYM_ROTATE_CCW;
    if (s == BB_SYM_ROTATE_CCW) return BB_SYM_ROTATE_CW;
    return (bb_sym)sym_index(s);
}

static const char *const sym_names[BB_SYM_COUNT] = {
    "identity", "rotate_cw", "rotate_180", "rotate_ccw",
    "flip_vertical", "flip_horizontal", "flip_diagonal", "flip_antidiagonal",
};

const char *bb_sym_name(bb_sym s)
{
    return (unsigned)s < BB_SYM_COUNT ? sym_names[s] : NULL;
}

int bb_sym_from_name(const char *name, bb_sym *s)
{
    BB__ASSERT_NOT_NULL(name, "name");
    BB__ASSERT_NOT_NULL(s, "s");
    int i = bb__name_index(name, sym_names, BB_SYM_COUNT);
    if (i < 0 || !s) return -1;
    *s = (bb_sym)i;
    return 0;
}

