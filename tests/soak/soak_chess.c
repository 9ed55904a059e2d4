/* The soak's chess area: case i is a position drawn by one of the families
 * of tests/chess_diff.h (the family too is drawn from the case's seed), and
 * every way the library counts moves (the perft kernel, each attack
 * method's walk, the board walk, generate/make/unmake) compared with the
 * slow generator at each depth up to 5, as deep as a budget of 3,000,000
 * kernel nodes allows: deeper than tests/test_chess_diff.c goes.  Then every
 * move's SAN listed in one call (bb_chess_moves_to_san) against the slow
 * SAN writer, in the position and in each position one move on.  A
 * disagreement is reported with the FEN, every count and the first
 * differing move found by descending the divides.  Work: the slow
 * generator's nodes. */
#include "soak.h"
#include "../chess_diff.h"

#define SOAK_CHESS_DEPTH 5
#define SOAK_CHESS_BUDGET 3000000u

soak_area_fn soak_area_chess;

void soak_area_chess(uint64_t seed, int64_t first, int64_t last, soak_stats *st)
{
    static char msg[16384];
    st->work_name = "nodes";
    for (int64_t i = first; (last < 0 || i <= last) && soak_time_left(); i++) {
        uint64_t rng = soak_case_seed(seed, i);
        int family = cdiff_below(&rng, CDIFF_FAMILIES);
        bb_chess_pos pos;
        cdiff_position(family, &rng, &pos);
        char what[64];
        snprintf(what, sizeof what, "family %s", cdiff_family_name(family));
        cdiff_result r;
        int bad = cdiff_check(&pos, CDIFF_ALL, SOAK_CHESS_DEPTH, SOAK_CHESS_BUDGET, what, msg, sizeof msg, &r);
        /* every move's SAN in one call, in the position and after each of its moves */
        bb_chess_movelist list;
        bb_chess_generate(&pos, BB_GEN_ALL, &list);
        for (int k = -1; !bad && k < list.count; k++) {
            bb_chess_pos child = pos;
            bb_chess_undo undo;
            if (k >= 0) bb_chess_make(&child, list.moves[k], &undo);
            bad = cdiff_check_san(&child, msg, sizeof msg);
        }
        st->cases++;
        st->work += r.nodes;
        if (bad) {
            st->failures++;
            soak_report_failure("chess", seed, i, "%s", msg);
        }
    }
}
