/* The tracer's forms of Othello's flips and moves by shifts
 * (bitboard/othello.h), each with its definition.  Listed by forms.c. */
#include "forms_private.h"

/* ============================================================================
 * Othello (bitboard/othello.h)
 * ========================================================================== */

/* The directions of bb_othello_flips_shifts: a left shift by s or a right
 * one, as (file step, rank step). */
typedef struct {
    const char *name;
    int left, s, df, dr;
} odir;
static const odir odirs[8] = {
    {"north", 1, 8, 0, 1},      {"south", 0, 8, 0, -1},     {"east", 1, 1, 1, 0},       {"west", 0, 1, -1, 0},
    {"northwest", 1, 7, -1, 1}, {"southeast", 0, 7, 1, -1}, {"northeast", 1, 9, 1, 1}, {"southwest", 0, 9, -1, -1},
};
/* The run of o discs next to sq in direction d, one step at a time; a
 * direction with an east or west step counts only discs on files b-g (one on
 * file a or h has no square beyond it).  Inputs: p, o. */
static uint64_t othello_run(uint64_t o, int sq, const odir *d)
{
    uint64_t run = 0;
    for (int f = (sq & 7) + d->df, r = (sq >> 3) + d->dr; on_board(f, r); f += d->df, r += d->dr) {
        if (!(o & bit(8 * r + f)) || (d->df && (f == 0 || f == 7))) break;
        run |= bit(8 * r + f);
    }
    return run;
}
static void b_othello_run(pb *b, int sq, const odir *d)
{
    const char *sh = d->left ? "<<" : ">>";
    from(b, "o");
    if (d->df) emit(b, "& 0x7E7E7E7E7E7E7E7E");
    name(b, "pr");
    from_const(b, bit(sq & 63));
    name(b, "g");
    for (int k = 1; k <= 4; k *= 2) {
        emit(b, "%s %d", sh, k * d->s);
        emit(b, "& pr");
        emit(b, "| g");
        if (k < 4) {
            name(b, "g");
            from(b, "pr");
            emit(b, "%s %d", sh, k * d->s);
            emit(b, "& pr");
            name(b, "pr");
            from(b, "g");
        }
    }
    emit(b, "andnot 0x%016llX", K(bit(sq & 63)));
}
#define ODIR(i, dn)                                                                                  \
    static uint64_t def_orun_##dn(const uint64_t *in, int sq) { return othello_run(in[1], sq, &odirs[i]); } \
    static void b_orun_##dn(pb *b, int sq) { b_othello_run(b, sq, &odirs[i]); }
ODIR(0, north)
ODIR(1, south)
ODIR(2, east)
ODIR(3, west)
ODIR(4, northwest)
ODIR(5, southeast)
ODIR(6, northeast)
ODIR(7, southwest)

/* The legal moves: empty squares from which some direction has one or more o
 * discs and then a p disc.  Inputs: p, o. */
static uint64_t def_othello_moves(const uint64_t *in, int sq)
{
    (void)sq;
    uint64_t p = in[0], o = in[1], moves = 0;
    /* p & o != 0 breaks bb_othello_moves' precondition: its value there is
     * unspecified, so the definition takes the routine's own, and a proof
     * compares the two on the positions that can occur */
    if (p & o) return bb_othello_moves_shifts(p, o);
    for (int s = 0; s < 64; s++) {
        if ((p | o) & bit(s)) continue;
        for (int d = 0; d < 8; d++) {
            int f = (s & 7) + odirs[d].df, r = (s >> 3) + odirs[d].dr, n = 0;
            while (on_board(f, r) && (o & bit(8 * r + f))) f += odirs[d].df, r += odirs[d].dr, n++;
            if (n && on_board(f, r) && (p & bit(8 * r + f))) moves |= bit(s);
        }
    }
    return moves;
}
/* bb_othello_moves_shifts: Edax's doubling in 8 directions. */
static void b_othello_moves(pb *b, int sq)
{
    (void)sq;
    from(b, "o");
    emit(b, "& 0x7E7E7E7E7E7E7E7E");
    name(b, "oh");
    for (int d = 0; d < 8; d++) {
        const char *sh = odirs[d].left ? "<<" : ">>", *om = odirs[d].df ? "oh" : "o";
        int s = odirs[d].s;
        from(b, "p");
        emit(b, "%s %d", sh, s);
        emit(b, "& %s", om);
        name(b, "t");
        emit(b, "%s %d", sh, s);
        emit(b, "& %s", om);
        emit(b, "| t");
        name(b, "t");
        from(b, om);
        emit(b, "%s %d", sh, s);
        emit(b, "& %s", om);
        name(b, "pre");
        from(b, "t");
        emit(b, "%s %d", sh, 2 * s);
        emit(b, "& pre");
        emit(b, "| t");
        name(b, "t");
        emit(b, "%s %d", sh, 2 * s);
        emit(b, "& pre");
        emit(b, "| t");
        emit(b, "%s %d", sh, s);
        if (d) emit(b, "| moves");
        name(b, "moves");
    }
    from(b, "p");
    emit(b, "| o");
    emit(b, "not");
    emit(b, "& moves");
}


COMPILED1(c_othello_moves, bb_othello_moves_shifts(in[0], in[1]))

/* Definitions in the bb_trace_def shape. */
DEF(orun_north)
DEF(orun_south)
DEF(orun_east)
DEF(orun_west)
DEF(orun_northwest)
DEF(orun_southeast)
DEF(orun_northeast)
DEF(orun_southwest)
DEF(othello_moves)

const bb__form_entry bb__forms_othello[] = {
#define ORUN(dn)                                                                                               \
    {"othello_run_" #dn, "flips by shifts: the run of o discs from sq going " #dn " (kept if a p disc ends it)", \
     OTHELLO, EX, b_orun_##dn, d_orun_##dn, NULL}
    ORUN(north),
    ORUN(south),
    ORUN(east),
    ORUN(west),
    ORUN(northwest),
    ORUN(southeast),
    ORUN(northeast),
    ORUN(southwest),
    {"othello_moves_shifts", "the legal moves by directional shifts (Edax's doubling) in 8 directions", OTHELLO,
     -1, b_othello_moves, d_othello_moves, c_othello_moves},
};
