/* Soak area othello-perft: every perft kernel this CPU runs (scalar, AVX2,
 * AVX-512), one thread and several, with and without the transposition
 * table (keyed by the canonical position or as it stands, tables down to
 * 64 bytes so entries collide), in the three conventions, against a naive
 * walk of the game tree by the reference rules (reference_othello.h).
 * Positions: random games from the start (mostly late: passes and games
 * that end inside the tree), positions from the middle, random boards that
 * no game reaches, and boards where one side has almost nothing. */
#include <string.h>

#include "bitboard.h"
#include "soak_util.h"

/* Not API (src/othello/perft.c): perft by kernel `vector` (0 scalar, 1 the
 * fastest here, 2 AVX2 where it runs), and which kernel that is here (0
 * scalar, 1 AVX2, 2 AVX-512). */
uint64_t bb__othello_perft_kernel(uint64_t p, uint64_t o, int depth, int conv, int threads, int vector);
int bb__othello_perft_vector_kind(int vector);

soak_area_fn soak_area_othello_perft;

#define AREA "othello-perft"
#define LEAF_BUDGET 40000 /* the naive walk's leaves per case, about */

static const char *const conv_names[3] = {"oeis", "bik", "nopass"};

/* The rules as stated in othello.h, walked square by square: a move is a
 * ply; a side without a move passes, which is a ply except in nopass; when
 * neither side can move before the last ply the game is over, and that
 * counts nothing (oeis) or one leaf (bik, nopass). */
static uint64_t naive(uint64_t p, uint64_t o, int plies, int conv)
{
    if (plies == 0) return 1;
    int any = 0;
    uint64_t leaves = 0;
    for (int sq = 0; sq < 64; sq++) {
        uint64_t f = ref_othello_flips(p, o, sq);
        if (!f) continue;
        any = 1;
        uint64_t b = (uint64_t)1 << sq;
        leaves += naive(o & ~f, p | f | b, plies - 1, conv);
    }
    if (any) return leaves;
    if (ref_othello_moves(o, p) == 0) return conv == BB_OTHELLO_OEIS ? 0 : 1;
    return naive(o, p, conv == BB_OTHELLO_NOPASS ? plies : plies - 1, conv);
}

/* The case's position and how it was made. */
static const char *make_position(soak_rng *r, uint64_t *p, uint64_t *o)
{
    int kind = soak_below(r, 10);
    if (kind < 6) {
        soak_othello_game(r, soak_range(r, 34, 64), p, o);
        return "late in a random game";
    }
    if (kind < 8) {
        soak_othello_game(r, soak_range(r, 0, 33), p, o);
        return "early in a random game";
    }
    if (kind == 8) {
        *p = soak_board(r);
        *o = soak_board(r) & ~*p;
        return "a random board";
    }
    /* one side nearly wiped out: passes and early ends near the root */
    *p = soak_board(r);
    *o = ~*p & ((uint64_t)1 << soak_below(r, 64) | (uint64_t)1 << soak_below(r, 64));
    if (soak_below(r, 2)) {
        uint64_t t = *p;
        *p = *o, *o = t;
    }
    return "a board where one side has one or two discs";
}

void soak_area_othello_perft(uint64_t seed, int64_t first, int64_t last, soak_stats *st)
{
    st->work_name = "leaves";
    /* the kernels to compare: vector choices 0, 1, 2 where they differ */
    int kinds[3], nk = 0;
    for (int v = 0; v < 3; v++) {
        int k = bb__othello_perft_vector_kind(v), seen = 0;
        for (int j = 0; j < nk; j++) seen |= bb__othello_perft_vector_kind(kinds[j]) == k;
        if (!seen) kinds[nk++] = v;
    }
    static const char *const kind_names[3] = {"scalar", "avx2", "avx512"};
    for (int64_t i = first; (last < 0 || i <= last) && soak_time_left(); i++) {
        soak_rng r = soak_rng_of(soak_case_seed(seed, i));
        uint64_t p, o;
        const char *how = make_position(&r, &p, &o);
        char text[SOAK_OTHELLO_TEXT];
        soak_note("%s: %s", how, soak_othello_text(text, p, o));
        /* a table per case (so a case depends on nothing before it), sizes
         * from 64 bytes (every store evicts) to 1 MiB */
        size_t bytes = (size_t)64 << soak_below(&r, 15);
        bb_othello_tt *tt = bb_othello_tt_new(bytes);
        int threads = soak_range(&r, 2, 4), bad = 0;
        uint64_t spent = 0;
        for (int d = 0; d <= 12 && !bad && spent < LEAF_BUDGET; d++) {
            for (int c = 0; c < 3 && !bad; c++) {
                uint64_t want = naive(p, o, d, c);
                spent += want;
                st->work += want;
                struct {
                    const char *what;
                    uint64_t got;
                } got[12];
                int ng = 0;
                for (int k = 0; k < nk; k++) {
                    got[ng].what = kind_names[bb__othello_perft_vector_kind(kinds[k])];
                    got[ng++].got = bb__othello_perft_kernel(p, o, d, c, 1, kinds[k]);
                }
                got[ng].what = "scalar, threads";
                got[ng++].got = bb__othello_perft_kernel(p, o, d, c, threads, 0);
                bb_othello_perft_opts opts;
                memset(&opts, 0, sizeof opts);
                opts.convention = (bb_othello_convention)c;
                got[ng].what = "bb_othello_perft";
                got[ng++].got = bb_othello_perft(p, o, d, &opts);
                opts.threads = threads;
                got[ng].what = "bb_othello_perft threads";
                got[ng++].got = bb_othello_perft(p, o, d, &opts);
                if (tt) {
                    opts.tt = tt, opts.threads = 1;
                    got[ng].what = "bb_othello_perft table";
                    got[ng++].got = bb_othello_perft(p, o, d, &opts);
                    opts.no_symmetry = 1;
                    got[ng].what = "bb_othello_perft table, no symmetry";
                    got[ng++].got = bb_othello_perft(p, o, d, &opts);
                    opts.threads = threads, opts.no_symmetry = 0;
                    got[ng].what = "bb_othello_perft table, threads";
                    got[ng++].got = bb_othello_perft(p, o, d, &opts);
                }
                for (int g = 0; g < ng && !bad; g++) {
                    if (got[g].got == want) continue;
                    bad = 1;
                    soak_report_failure(AREA, seed, i, "%s (%d threads, table %zu bytes): depth %d %s: %llu, naive walk %llu; %s (%s)",
                                        got[g].what, threads, bytes, d, conv_names[c], (unsigned long long)got[g].got,
                                        (unsigned long long)want, soak_othello_text(text, p, o), how);
                }
                if (!bad) soak_note("depth %d %s: %llu (%d ways)", d, conv_names[c], (unsigned long long)want, ng);
            }
        }
        bb_othello_tt_free(tt);
        st->cases++;
        st->failures += (uint64_t)bad;
    }
}
