/* Soak area othello-flips: Othello's moves and flips by every method this
 * CPU runs (lookup, shifts, AVX2, AVX-512, the plain names) and the
 * solver's own flips (src/othello/flips_rays.h, AVX-512 builds) against the
 * reference direction walk, on every square (occupied and illegal ones
 * too: they flip nothing); and the features the solver evaluates
 * (mobility, potential mobility, frontier, stable discs and their edge
 * bound, parity, the final score) against square-by-square definitions.
 * Positions of random games and boards no game reaches. */
#include "bitboard.h"
#include "soak_util.h"
#include "../../src/othello/flips_rays.h"

soak_area_fn soak_area_othello_flips;

#define AREA "othello-flips"

/* The 8 neighbours of sq that are on the board, as a board. */
static uint64_t around(int sq)
{
    uint64_t n = 0;
    for (int df = -1; df <= 1; df++)
        for (int dr = -1; dr <= 1; dr++) {
            int f = (sq & 7) + df, r = (sq >> 3) + dr;
            if ((df || dr) && f >= 0 && f < 8 && r >= 0 && r < 8) n |= (uint64_t)1 << (r * 8 + f);
        }
    return n;
}

/* 1 if (f, r) is off the board or in x. */
static int wall_or(uint64_t x, int f, int r) { return f < 0 || f > 7 || r < 0 || r > 7 || (x >> (r * 8 + f) & 1); }

/* Is every square of the line through (f, r) in direction (df, dr) in occ? */
static int line_full(uint64_t occ, int f, int r, int df, int dr)
{
    while (f - df >= 0 && f - df < 8 && r - dr >= 0 && r - dr < 8) f -= df, r -= dr; /* to one end */
    for (; f >= 0 && f < 8 && r >= 0 && r < 8; f += df, r += dr)
        if (!(occ >> (r * 8 + f) & 1)) return 0;
    return 1;
}

/* Stable discs by the line rule (othello_solve.h), found from the walls in:
 * a disc joins when in each of the 4 line directions its line is full or
 * one of its two neighbours on the line is a wall or a disc found already;
 * repeated until nothing joins. */
static uint64_t stable_by_rule(uint64_t p, uint64_t o)
{
    static const int dir4[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    uint64_t s = 0;
    for (int grew = 1; grew;) {
        grew = 0;
        for (int sq = 0; sq < 64; sq++) {
            if (!(p >> sq & 1) || (s >> sq & 1)) continue;
            int f = sq & 7, r = sq >> 3, held = 0;
            for (int d = 0; d < 4; d++) {
                int df = dir4[d][0], dr = dir4[d][1];
                held += line_full(p | o, f, r, df, dr) || wall_or(s, f + df, r + dr) || wall_or(s, f - df, r - dr);
            }
            if (held == 4) s |= (uint64_t)1 << sq, grew = 1;
        }
    }
    return s;
}

/* The edge bound: on each edge (a line of 8), p's discs when the edge is
 * full, and p's runs from the edge's two corners. */
static uint64_t stable_edges_by_rule(uint64_t p, uint64_t o)
{
    uint64_t s = 0;
    for (int e = 0; e < 4; e++) {
        int at[8];
        for (int k = 0; k < 8; k++) at[k] = e == 0 ? k : e == 1 ? 56 + k : e == 2 ? 8 * k : 8 * k + 7;
        int full = 1;
        for (int k = 0; k < 8; k++) full = full && ((p | o) >> at[k] & 1);
        for (int k = 0; k < 8; k++) {
            int from_low = 1, from_high = 1;
            for (int j = 0; j <= k; j++) from_low = from_low && (p >> at[j] & 1);
            for (int j = k; j < 8; j++) from_high = from_high && (p >> at[j] & 1);
            if ((p >> at[k] & 1) && (full || from_low || from_high)) s |= (uint64_t)1 << at[k];
        }
    }
    return s;
}

static int final_by_count(uint64_t p, uint64_t o)
{
    int np = 0, no = 0;
    for (int sq = 0; sq < 64; sq++) np += (int)(p >> sq & 1), no += (int)(o >> sq & 1);
    return np == no ? 0 : np > no ? 64 - 2 * no : 2 * np - 64;
}

void soak_area_othello_flips(uint64_t seed, int64_t first, int64_t last, soak_stats *st)
{
    st->work_name = "squares";
#if BB__OTHELLO_FLIPS_RAYS
    bb__othello_rays_fill();
#endif
    for (int64_t i = first; (last < 0 || i <= last) && soak_time_left(); i++) {
        soak_rng r = soak_rng_of(soak_case_seed(seed, i));
        uint64_t p, o;
        const char *how = "a random game";
        if (soak_below(&r, 3) == 0) {
            p = soak_board(&r), o = soak_board(&r) & ~p;
            how = "a random board";
        } else {
            soak_othello_game(&r, soak_range(&r, 0, 64), &p, &o);
        }
        char text[SOAK_OTHELLO_TEXT], why[200];
        soak_othello_text(text, p, o);
        soak_note("%s: %s", how, text);
        const char *bad = NULL;
        uint64_t want_moves = ref_othello_moves(p, o);
        for (int m = -1; m < BB_OTHELLO_METHOD_COUNT && !bad; m++) {
            if (m >= 0 && !bb_othello_method_available((bb_othello_method)m)) continue;
            const char *name = m < 0 ? "bb_othello_moves" : bb_othello_method_name((bb_othello_method)m);
            uint64_t got = m < 0 ? bb_othello_moves(p, o) : bb_othello_moves_with((bb_othello_method)m, p, o);
            if (got != want_moves)
                snprintf(why, sizeof why, "moves by %s: 0x%016llx, want 0x%016llx", name, (unsigned long long)got,
                         (unsigned long long)want_moves),
                    bad = why;
            for (int sq = 0; sq < 64 && !bad; sq++) {
                uint64_t want = ref_othello_flips(p, o, sq);
                got = m < 0 ? bb_othello_flips(p, o, sq) : bb_othello_flips_with((bb_othello_method)m, p, o, sq);
                if (got != want)
                    snprintf(why, sizeof why, "flips by %s of square %d: 0x%016llx, want 0x%016llx", name, sq,
                             (unsigned long long)got, (unsigned long long)want),
                        bad = why;
#if BB__OTHELLO_FLIPS_RAYS
                if (!bad && m < 0 && !((p | o) >> sq & 1) && (got = bb__othello_flips_rays(p, o, sq)) != want)
                    snprintf(why, sizeof why, "the solver's flips of square %d: 0x%016llx, want 0x%016llx", sq,
                             (unsigned long long)got, (unsigned long long)want),
                        bad = why;
#endif
                st->work++;
            }
        }
        if (!bad) {
            int pot = 0, par[4] = {0, 0, 0, 0};
            uint64_t empty = ~(p | o), front = 0;
            for (int sq = 0; sq < 64; sq++) {
                if ((empty >> sq & 1) && (around(sq) & o)) pot++;
                if ((p >> sq & 1) && (around(sq) & empty)) front |= (uint64_t)1 << sq;
                if (empty >> sq & 1) par[(sq >> 5) * 2 + ((sq & 7) >> 2)] ^= 1;
            }
            unsigned parity = (unsigned)(par[0] | par[1] << 1 | par[2] << 2 | par[3] << 3);
            uint64_t stable = stable_by_rule(p, o), edges = stable_edges_by_rule(p, o);
            if (bb_othello_mobility(p, o) != __builtin_popcountll(want_moves))
                snprintf(why, sizeof why, "mobility %d, want %d", bb_othello_mobility(p, o),
                         __builtin_popcountll(want_moves)),
                    bad = why;
            else if (bb_othello_potential_mobility(p, o) != pot)
                snprintf(why, sizeof why, "potential mobility %d, want %d", bb_othello_potential_mobility(p, o), pot),
                    bad = why;
            else if (bb_othello_frontier(p, o) != front)
                snprintf(why, sizeof why, "frontier 0x%016llx, want 0x%016llx",
                         (unsigned long long)bb_othello_frontier(p, o), (unsigned long long)front),
                    bad = why;
            else if (bb_othello_stable(p, o) != stable)
                snprintf(why, sizeof why, "stable 0x%016llx, want 0x%016llx", (unsigned long long)bb_othello_stable(p, o),
                         (unsigned long long)stable),
                    bad = why;
            else if (bb_othello_stable_edges(p, o) != edges || (edges & ~stable))
                snprintf(why, sizeof why, "stable edges 0x%016llx, want 0x%016llx (within 0x%016llx)",
                         (unsigned long long)bb_othello_stable_edges(p, o), (unsigned long long)edges,
                         (unsigned long long)stable),
                    bad = why;
            else if (bb_othello_parity(p, o) != parity)
                snprintf(why, sizeof why, "parity %u, want %u", bb_othello_parity(p, o), parity), bad = why;
            else if (bb_othello_final_score(p, o) != final_by_count(p, o))
                snprintf(why, sizeof why, "final score %d, want %d", bb_othello_final_score(p, o), final_by_count(p, o)),
                    bad = why;
        }
        st->cases++;
        if (bad) {
            st->failures++;
            soak_report_failure(AREA, seed, i, "%s; %s (%s)", bad, text, how);
        }
    }
}
