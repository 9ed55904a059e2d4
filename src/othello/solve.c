/* The exact Othello endgame solver: negamax alpha-beta with null windows,
 * fail-soft, driven from the root by a sequence of null-window tests
 * (MTD(f) style: each test starts where the last one's bound left it, with
 * the table full of its moves), in three layers by the number of empty
 * squares n (each named by its window, ab_ any alpha-beta window, pvs_ the
 * first move with the window and the rest with null windows, nws_ null
 * windows only, then its phase and the empties it serves; the knobs, with
 * what they were measured to do: solve_tuning.h):
 *   n <= 4      ab_end_2to4 and score_end_last1: no move generation, each
 *               empty square tried for flips directly, the last square
 *               counted without playing it;
 *   n <= SHALLOW    pvs_end_shallow: the empty squares tried in parity order (odd regions first,
 *               corners before the squares next to them), no table, and the
 *               stability cut-off;
 *   above       pvs_end_table: move generation, a transposition table (table.h; from TABLE_MIN
 *               empties; from SYM_MIN empties keyed by the least of the
 *               position's 8 images, so a position and its mirror images share
 *               one entry; the best move is stored in that image's frame and
 *               mapped back), moves ordered fastest-first (fewest replies for
 *               the opponent, corners, the table's move first) with the
 *               trained evaluation beside it from EVAL_MIN empties (eval.h),
 *               an enhanced transposition cut-off, and a stability cut-off:
 *               the opponent's stable discs cap the score.
 * From BB__SOLVE_GUESS_MIN empties the first test goes just below the evaluation's
 * estimate of the score (a short search), not at 0.  From BB__SOLVE_SEL_MIN
 * empties the root first searches selective levels, as Edax and Egaroucid do:
 * the same tests with probable cut-offs (multi-ProbCut from MPC_MIN empties,
 * by the moves' estimates, mpc.h) at t = 1.0, 1.5, 2.0 and 2.6 standard deviations
 * (nws_end_levels, each level's tests by nws_end_mtd),
 * each level's score the next one's first test and its table moves the next
 * one's order; then the exact search.  The table tags each bound with the
 * level that proved it, and a later (less selective) level never takes a
 * bound of an earlier one: only its move.
 * Threads share the table (lazy SMP): every thread searches the root, the
 * helpers with their moves in another order, and the first thread's answer
 * is the result.  The best move and the principal variation are then read
 * off by null-window tests in the move order without the table (a function
 * of the position alone), so they do not depend on which thread filled
 * which entry.  docs/OTHELLO.md tells more, with figures. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "bitboard.h"
#include "eval.h"
#include "solve_with.h"
#include "eval_features.h"
#include "mpc.h"
#include "table.h"
#include "threads.h"

#include "solve_tuning.h"

#if BB__SOLVE_STAGED
#define SOLVE_EVAL(p, o) bb__othello_eval(p, o)
#else
#define SOLVE_EVAL(p, o) bb__othello_solver_eval(p, o)
#endif
enum { LEVEL_EXACT = BB__SEL_EXACT }; /* the table's level of an exact bound; selective levels are 0.. below it */
enum { SHALLOW = BB__SOLVE_SHALLOW, TABLE_MIN = BB__SOLVE_TABLE_MIN, SYM_MIN = BB__SOLVE_SYM_MIN,
       ETC_MIN = BB__SOLVE_ETC_MIN, EVAL_MIN = BB__SOLVE_EVAL_MIN, SORT_MIN = 8, INF = 65 };

/* ---- the table (table.h: the one the midgame search uses too) ---------------------- */

/* 1 and the entry's bounds and move if (p, o) is there; bounds the solver
 * at `level` may not take (table.h: proven at a more selective level, a
 * selective one of an older search, the midgame search's) come back as no
 * bounds (-INF, INF): only its move is of use there. */
static inline int probe(const bb__table *t, uint64_t p, uint64_t o, int level, int *lower, int *upper, int *move)
{
    bb__table_entry e;
    if (!bb__table_probe(t, p, o, &e)) return 0;
    *move = e.move;
    if (bb__table_bounds(t, &e, BB__SEL_END | (unsigned)level)) *lower = e.lower, *upper = e.upper;
    else *lower = -INF, *upper = INF;
    return 1;
}

/* Stores the search's bounds, proven at `level` with n empties (table.h:
 * an entry of the same position and level has them tightened, one of a
 * higher level keeps its own: a lazy-SMP helper may still search a level
 * the main thread has left; slot 0 keeps the most empties). */
static inline void store(const bb__table *t, uint64_t p, uint64_t o, int n, int level, int lower, int upper, int move)
{
    bb__table_store(t, p, o, n, BB__SEL_END | (unsigned)level, lower, upper, move);
}

/* ---- the search ------------------------------------------------------------------ */

typedef struct {
    const bb__table *t;
    int sym;                  /* key by the least image */
    int helper;               /* a lazy-SMP helper: its moves in another order */
    int eval;                 /* order by the evaluation from EVAL_MIN empties */
    int level;                /* the search level: LEVEL_EXACT, or a selective one (0..) */
    int cut;                  /* a selective level's probable cut-off: t in 1/16 (0: exact) */
    int margin[BB__EVAL_STAGES]; /* the level's t deviations (mpc.h, BB__MPC_END) by stage, in 1/BB__EVAL_UNIT */
    int sel_min;              /* the fewest empties at the root that search the selective levels first */
    uint64_t nodes, next_check;
    bb__stop halt;            /* the caller's flag, the main thread done (helpers), the deadline */
    int stopped;
    /* the main thread: progress about 4 times a second */
    void (*progress)(uint64_t nodes, double seconds, void *arg);
    void *progress_arg;
    double t0, last;
} search;

static inline int stopping(search *s)
{
    if (s->nodes >= s->next_check) { /* every 4096 nodes or so */
        s->next_check = s->nodes + 4096;
        if (bb__stop_now(&s->halt)) s->stopped = 1;
        if (s->progress) {
            double now = bb__now();
            if (now - s->last >= 0.25) s->last = now, s->progress(s->nodes, now - s->t0, s->progress_arg);
        }
    }
    return s->stopped;
}

static inline int lsb(uint64_t x) { return __builtin_ctzll(x); }

/* The flips of a move on empty square sq: by rays with AVX-512 CD
 * (flips_rays.h), else the library's default form. */
#include "flips_rays.h"
#if BB__OTHELLO_FLIPS_RAYS
static inline uint64_t flips(uint64_t p, uint64_t o, int sq) { return bb__othello_flips_rays(p, o, sq); }

_Alignas(64) uint64_t bb__othello_ray[64][8];
void bb__othello_rays_fill(void)
{
    static const int df[8] = {0, 1, 1, -1, 0, -1, -1, 1}, dr[8] = {1, 0, 1, 1, -1, 0, -1, -1};
    for (int sq = 0; sq < 64; sq++)
        for (int d = 0; d < 8; d++) {
            uint64_t m = 0;
            for (int f = (sq & 7) + df[d], r = (sq >> 3) + dr[d]; f >= 0 && f < 8 && r >= 0 && r < 8;
                 f += df[d], r += dr[d])
                m |= 1ULL << (8 * r + f);
            bb__othello_ray[sq][d] = m;
        }
}
#else
static inline uint64_t flips(uint64_t p, uint64_t o, int sq) { return bb_othello_flips(p, o, sq); }
#endif

/* The last empty square: every other square holds a disc, so along each
 * line the opponent's discs are all the squares not the mover's (sq itself
 * aside), and the line's flips depend on the mover's line bits alone.
 * last_count[x][l] is their number for position x and mover's bits l, read
 * once from the lookup form's own tables (impl/othello_flips.h) and kept as
 * a byte: one load a line.  Positions a short diagonal does not have read as
 * the opponent's; a run into them never ends on a mover's disc, so they flip
 * nothing. */
static unsigned char last_count[8][256];
#if BB__OTHELLO_THREADS
static pthread_once_t last_count_once = PTHREAD_ONCE_INIT;
#else
static int last_count_done; /* one thread: no race to fill it */
#endif
static void last_count_fill(void)
{
#if BB__OTHELLO_FLIPS_RAYS
    bb__othello_rays_fill();
#endif
    for (unsigned x = 0; x < 8; x++)
        for (unsigned l = 0; l < 256; l++) {
            unsigned out = bb__othello_outflank[64 * x + ((~l >> 1) & 63)] & l;
            last_count[x][l] = (unsigned char)bb_popcount(bb__othello_flipped[256 * x + out]);
        }
}

static inline int last_flips(uint64_t p, int sq)
{
    int f = sq & 7, r = sq >> 3;
    return last_count[f][bb_line_extract(p, sq, BB_LINE_RANK)] + last_count[r][bb_line_extract(p, sq, BB_LINE_FILE)] +
           last_count[f][bb_line_extract(p, sq, BB_LINE_DIAGONAL)] +
           last_count[f][bb_line_extract(p, sq, BB_LINE_ANTIDIAGONAL)];
}

/* One empty square left: the score without playing it. */
static inline int score_end_last1(search *s, uint64_t p, uint64_t o, int sq)
{
    s->nodes++;
    int n = last_flips(p, sq);
    if (n) return 2 * (bb_popcount(p) + n + 1) - 64;
    n = last_flips(o, sq);
    if (n) return 64 - 2 * (bb_popcount(o) + n + 1);
    int d = 2 * bb_popcount(p) - 63; /* 63 discs: never a draw */
    return d > 0 ? d + 1 : d - 1;
}

static int ab_end_2to4(search *s, uint64_t p, uint64_t o, int alpha, int beta, int passed, int n, const int *sq);

/* n (2..4) empty squares sq[], in parity order. */
static int ab_end_2to4(search *s, uint64_t p, uint64_t o, int alpha, int beta, int passed, int n, const int *sq)
{
    s->nodes++;
    int best = -INF;
    for (int i = 0; i < n; i++) {
        if (!(bb_king_attacks(sq[i]) & o)) continue; /* no disc of theirs around it: no flip */
        uint64_t f = flips(p, o, sq[i]);
        if (!f) continue;
        uint64_t np = p | f | (1ULL << sq[i]), no = o & ~f;
        int rest[4], k = 0;
        for (int j = 0; j < n; j++)
            if (j != i) rest[k++] = sq[j];
        int v = n == 2 ? -score_end_last1(s, no, np, rest[0]) : -ab_end_2to4(s, no, np, -beta, -(alpha > best ? alpha : best), 0, n - 1, rest);
        if (v > best) {
            best = v;
            if (v >= beta) return v;
        }
    }
    if (best > -INF) return best;
    if (passed) return bb__othello_final_score(o, p) * -1; /* neither side can move: from p's side */
    return -ab_end_2to4(s, o, p, -beta, -alpha, 1, n, sq);
}

/* The squares by how good they usually are to take near the end, best
 * first: corners, the edge squares two from a corner, ..., the C and X
 * squares next to a corner last (a ranking by square type, folded by the
 * board's symmetries; the centre is never empty here). */
static const uint64_t square_rank[9] = {
    0x8100000000000081ULL, 0x2400810000810024ULL, 0x0000240000240000ULL,
    0x1800008181000018ULL, 0x0000182424180000ULL, 0x0018004242001800ULL,
    0x0024420000422400ULL, 0x4281000000008142ULL, 0x0042000000004200ULL | 0x0000001818000000ULL,
};

/* The quadrant of each square, as a bit (the parity mask's). */
static inline unsigned quadrant_bit(int sq) { return 1u << (((sq >> 5) & 1) * 2 + ((sq >> 2) & 1)); }

/* n (5..SHALLOW) empties, no table.  list[] holds the empties in
 * square_rank order, fixed for the whole shallow search; parity has bit q
 * set when quadrant q holds an odd number of them, kept up to date move by
 * move.  Moves are tried odd quadrants first, each group in list order:
 * the parity order (odd quadrants first, each by square type), without
 * rebuilding it at every node. */
static int pvs_end_shallow_list(search *s, uint64_t p, uint64_t o, int alpha, int beta, int passed, int n, const int *list,
                        unsigned parity)
{
    if (n <= 4) {
        int sq[4], k = 0;
        for (int i = 0; i < n; i++)
            if (parity & quadrant_bit(list[i])) sq[k++] = list[i];
        for (int i = 0; i < n; i++)
            if (!(parity & quadrant_bit(list[i]))) sq[k++] = list[i];
        if (n == 1) return score_end_last1(s, p, o, sq[0]);
        return ab_end_2to4(s, p, o, alpha, beta, passed, n, sq);
    }
    s->nodes++;
    if (alpha >= 64 - 2 * bb_popcount(o) && alpha > BB__SOLVE_SHALLOW_STABLE) { /* as in pvs_end_table() */
        int cap = 64 - 2 * bb_popcount(bb__othello_stable(o, p));
        if (cap <= alpha) return cap;
        if (cap < beta) beta = cap;
    }
    int best = -INF;
    for (int odd = 1; odd >= 0; odd--)
        for (int i = 0; i < n; i++) {
            int sq = list[i];
            unsigned qb = quadrant_bit(sq);
            if (!(parity & qb) != !odd || !(bb_king_attacks(sq) & o)) continue;
            uint64_t f = flips(p, o, sq);
            if (!f) continue;
            uint64_t np = p | f | (1ULL << sq), no = o & ~f;
            int rest[SHALLOW], k = 0;
            for (int j = 0; j < n; j++)
                if (j != i) rest[k++] = list[j];
            int a = alpha > best ? alpha : best, v;
            if (best == -INF) {
                v = -pvs_end_shallow_list(s, no, np, -beta, -a, 0, n - 1, rest, parity ^ qb);
            } else {
                v = -pvs_end_shallow_list(s, no, np, -a - 1, -a, 0, n - 1, rest, parity ^ qb);
                if (v > a && v < beta) v = -pvs_end_shallow_list(s, no, np, -beta, -v, 0, n - 1, rest, parity ^ qb);
            }
            if (v > best) {
                best = v;
                if (v >= beta) return v;
            }
        }
    if (best > -INF) return best;
    if (passed) return -bb__othello_final_score(o, p);
    return -pvs_end_shallow_list(s, o, p, -beta, -alpha, 1, n, list, parity);
}

/* n (1..SHALLOW) empties: the list and the parity, then shallow_list. */
static int pvs_end_shallow(search *s, uint64_t p, uint64_t o, int alpha, int beta, int passed, int n)
{
    uint64_t e = ~(p | o);
    int list[64], k = 0;
    unsigned parity = 0;
    for (int q = 0; q < 4; q++)
        if (bb_popcount(e & bb__othello_quadrant[q]) & 1) parity |= 1u << q;
    for (int r = 0; r < 9 && e; r++) {
        for (uint64_t x = e & square_rank[r]; x; x &= x - 1) list[k++] = lsb(x);
        e &= ~square_rank[r];
    }
    return pvs_end_shallow_list(s, p, o, alpha, beta, passed, n, list, parity);
}

/* The key of (p, o) and the symmetry that makes it. */
static inline void key_of(const search *s, uint64_t p, uint64_t o, int n, uint64_t *kp, uint64_t *ko, bb_sym *used)
{
    *kp = p, *ko = o, *used = BB_SYM_IDENTITY;
    if (s->sym && n >= SYM_MIN) bb_canonical_pair(kp, ko, used);
}

/* The moves of (p, o), n empties, ordered: the table's move, then fastest
 * first, from EVAL_MIN empties with the evaluation of the position after the
 * move beside it (from SEARCH_MIN empties a one-move search's, from
 * SEARCH2_MIN a two-move search's, weighted more: docs/OTHELLO.md has the
 * runs that chose these). */
typedef struct { int sq, value; uint64_t f; } scored;

static int ab_mid_estimate(search *s, uint64_t p, uint64_t o, int alpha, int beta, int depth, int passed);

/* Whether a node with n empties and the window (alpha, beta) orders its
 * moves with the evaluation: from EVAL_MIN empties, unless the window asks
 * for a wipe-out (all 64 discs, or none).  There only the wipe-out counts,
 * and the fewest replies lead to it faster than the evaluation's idea of a
 * good position: FFO #59 (+64) takes 4,263 nodes that way and 61.9 M with
 * the evaluation. */
static inline int eval_order(const search *s, int n, int alpha, int beta)
{
    return s->eval && (n >= EVAL_MIN || (s->cut && n >= BB__SOLVE_MPC_MIN)) && alpha < 62 && beta > -62;
}

static int order_moves(search *s, uint64_t p, uint64_t o, int n, uint64_t moves, int tt_move, int use_eval, scored *m,
                       int *est)
{
    int k = 0;
    *est = -INF * BB__EVAL_UNIT;
    for (uint64_t x = moves; x; x &= x - 1) {
        int sq = lsb(x);
        uint64_t f = flips(p, o, sq), np = p | f | (1ULL << sq), no = o & ~f;
        uint64_t replies = bb_othello_moves(no, np);
        /* the weights: solve_tuning.h */
        int v = -BB__SOLVE_W_MOB * bb_popcount(replies) - BB__SOLVE_W_CORNER * bb_popcount(replies & 0x8100000000000081ULL);
        v += BB__SOLVE_W_EDGE * bb_popcount(bb__othello_stable_edges(np, no) & ~p); /* new edge discs that stay */
        v -= BB__SOLVE_W_FRONT * bb_popcount(bb__othello_neighbours(~(np | no)) & np) / 2; /* frontier */
        v -= BB__SOLVE_W_POT * bb_popcount(bb__othello_neighbours(np) & ~(np | no)); /* their potential mobility */
        int e = 0;
        if (use_eval && n >= BB__SOLVE_SEARCH_MIN)
            v -= BB__SOLVE_W_SEARCH *
                 (e = ab_mid_estimate(s, no, np, -INF * BB__EVAL_UNIT, INF * BB__EVAL_UNIT,
                               n >= BB__SOLVE_SEARCH3_MIN ? 3 : n >= BB__SOLVE_SEARCH2_MIN ? 2 : 1, 0)) /
                 BB__EVAL_UNIT;
        else if (use_eval)
            v -= BB__SOLVE_W_EVAL * (e = SOLVE_EVAL(no, np)) / BB__EVAL_UNIT;
        if (use_eval && -e > *est) *est = -e;
        if (sq == tt_move) v = 1 << 20;
        if (s->helper) v = (v & ~15) ^ (int)((unsigned)sq * 2654435761u >> 28); /* another order */
        int j = k++;
        while (j > 0 && m[j - 1].value < v) m[j] = m[j - 1], j--;
        m[j].sq = sq, m[j].value = v, m[j].f = f;
    }
    return k;
}

static int pvs_end_table(search *s, uint64_t p, uint64_t o, int alpha, int beta, int passed, int n)
{
    if (n <= SHALLOW) return pvs_end_shallow(s, p, o, alpha, beta, passed, n);
    s->nodes++;
    if (stopping(s)) return 0;
    uint64_t moves = bb_othello_moves(p, o);
    if (!moves) {
        if (passed) return -bb__othello_final_score(o, p);
        return -pvs_end_table(s, o, p, -beta, -alpha, 1, n);
    }
    /* stability: o's stable discs are o's at the end */
    if (alpha >= 64 - 2 * bb_popcount(o) && alpha > 6) {
        int cap = 64 - 2 * bb_popcount(bb__othello_stable(o, p));
        if (cap <= alpha) return cap;
        if (cap < beta) beta = cap;
    }
    int use_table = n >= TABLE_MIN, tt_move = 64, lower = -INF, upper = INF;
    uint64_t kp = 0, ko = 0;
    bb_sym used = BB_SYM_IDENTITY;
    if (use_table) {
        key_of(s, p, o, n, &kp, &ko, &used);
        int l, u, mv;
        if (probe(s->t, kp, ko, s->level, &l, &u, &mv)) {
            if (l >= beta) return l;
            if (u <= alpha) return u;
            if (l == u) return l;
            if (l > alpha) alpha = l;
            if (u < beta) beta = u;
            lower = l, upper = u;
            if (mv != 64) tt_move = bb_sym_square(mv, bb_sym_inverse(used));
        }
    }
    int a0 = alpha, best = -INF, best_move = 64;
    scored m[64];
    int k;
    if (n >= SORT_MIN) {
        int use_eval = eval_order(s, n, alpha, beta), est;
        k = order_moves(s, p, o, n, moves, tt_move, use_eval, m, &est);
        if (use_table && n >= ETC_MIN) {
            /* enhanced transposition cut-off: a child whose entry already
               proves a cut-off ends the search here */
            uint64_t cp[64], co[64];
            for (int i = 0; i < k; i++) { /* every child's bucket asked for first: the misses overlap */
                uint64_t np = p | m[i].f | (1ULL << m[i].sq), no = o & ~m[i].f;
                bb_sym u;
                key_of(s, no, np, n - 1, &cp[i], &co[i], &u);
                bb__table_prefetch(s->t, cp[i], co[i]);
            }
            for (int i = 0; i < k; i++) {
                int l, up, mv;
                if (probe(s->t, cp[i], co[i], s->level, &l, &up, &mv) && -up >= beta) {
                    store(s->t, kp, ko, n, s->level, -up, INF > upper ? upper : INF, bb_sym_square(m[i].sq, used));
                    return -up;
                }
            }
        }
        /* a selective level's probable cut-off (multi-ProbCut): the best of
           the moves' estimates (a search one move deeper than each move's)
           at least t standard deviations of its error above beta, or below
           alpha; the deviation by stage: mpc.h's BB__MPC_END column (where
           it was measured: mpc.c) */
        if (s->cut && use_eval && n >= BB__SOLVE_MPC_MIN) {
            int margin = s->margin[bb__eval_stage(n)];
            /* scores are even: the bound is beta rounded up, or alpha rounded down, to even */
            if (est >= beta * BB__EVAL_UNIT + margin) {
                int v = beta + (beta & 1);
                if (use_table) store(s->t, kp, ko, n, s->level, v, upper, bb_sym_square(m[0].sq, used));
                return v;
            }
            if (est <= alpha * BB__EVAL_UNIT - margin) {
                int v = alpha - (alpha & 1);
                if (use_table) store(s->t, kp, ko, n, s->level, lower, v, bb_sym_square(m[0].sq, used));
                return v;
            }
        }
    } else {
        k = 0;
        for (uint64_t x = moves; x; x &= x - 1) m[k].sq = lsb(x), m[k].f = flips(p, o, m[k].sq), k++;
    }
    for (int i = 0; i < k; i++) {
        uint64_t np = p | m[i].f | (1ULL << m[i].sq), no = o & ~m[i].f;
        int a = alpha > best ? alpha : best, v;
        if (i == 0) {
            v = -pvs_end_table(s, no, np, -beta, -a, 0, n - 1);
        } else {
            v = -pvs_end_table(s, no, np, -a - 1, -a, 0, n - 1);
            if (v > a && v < beta && !s->stopped) v = -pvs_end_table(s, no, np, -beta, -v, 0, n - 1);
        }
        if (s->stopped) return 0;
        if (v > best) {
            best = v, best_move = m[i].sq;
            if (v >= beta) break;
        }
    }
    if (use_table) {
        int l = best >= beta ? best : best > a0 ? best : -INF;
        int u = best <= a0 ? best : best < beta ? best : INF;
        if (l < lower) l = lower;
        if (u > upper) u = upper;
        if (l < -64) l = -64;
        if (u > 64) u = 64;
        store(s->t, kp, ko, n, s->level, l, u, best_move == 64 ? 64 : bb_sym_square(best_move, used));
    }
    return best;
}

/* The score of (p, o) in the window (alpha, beta), fail-soft. */
static int score_end(search *s, uint64_t p, uint64_t o, int alpha, int beta)
{
    int n = 64 - bb_popcount(p | o);
    if (n == 0) return bb__othello_final_score(p, o);
    if (n <= SHALLOW) return pvs_end_shallow(s, p, o, alpha, beta, 0, n);
    return pvs_end_table(s, p, o, alpha, beta, 0, n);
}

static void fill_tables_once(void)
{
#if BB__OTHELLO_THREADS
    pthread_once(&last_count_once, last_count_fill);
#else
    if (!last_count_done) last_count_fill(), last_count_done = 1;
#endif
}

int bb__othello_end_exact(const bb__table *t, uint64_t p, uint64_t o, int alpha, int beta, int helper, bb__stop *halt,
                          uint64_t *nodes, int *stopped)
{
    fill_tables_once();
    search s;
    memset(&s, 0, sizeof s);
    s.t = t, s.sym = 1, s.eval = 1, s.helper = helper, s.level = LEVEL_EXACT, s.sel_min = 64;
    s.halt = *halt;
    s.next_check = 4096 - (*nodes & 4095); /* the caller's rhythm of stop checks goes on */
    int v = score_end(&s, p, o, alpha, beta);
    *nodes += s.nodes;
    if (s.stopped) *stopped = 1;
    return v;
}

/* An estimate of the score of (p, o) in 1/BB__EVAL_UNIT of a disc: a plain
 * alpha-beta search `depth` moves deep with the evaluation at its leaves,
 * the moves ordered by the evaluation from depth 3.  Its nodes count. */
static int ab_mid_estimate(search *s, uint64_t p, uint64_t o, int alpha, int beta, int depth, int passed)
{
    s->nodes++;
    if (depth == 0) return SOLVE_EVAL(p, o);
    uint64_t moves = bb_othello_moves(p, o);
    if (!moves) {
        if (passed) return -bb__othello_final_score(o, p) * BB__EVAL_UNIT;
        return -ab_mid_estimate(s, o, p, -beta, -alpha, depth, 1);
    }
    scored m[64];
    int k = 0;
    for (uint64_t x = moves; x; x &= x - 1) {
        int sq = lsb(x), j = k++;
        uint64_t f = flips(p, o, sq);
        int v = depth > 2 ? -SOLVE_EVAL(o & ~f, p | f | (1ULL << sq)) : 0;
        while (j > 0 && m[j - 1].value < v) m[j] = m[j - 1], j--;
        m[j].sq = sq, m[j].value = v, m[j].f = f;
    }
    int best = -INF * BB__EVAL_UNIT;
    for (int i = 0; i < k && best < beta; i++) {
        uint64_t np = p | m[i].f | (1ULL << m[i].sq), no = o & ~m[i].f;
        int v = -ab_mid_estimate(s, no, np, -beta, -(alpha > best ? alpha : best), depth - 1, 0);
        if (v > best) best = v;
    }
    return best;
}

/* Where the first null-window test goes: a little below an estimate of
 * the score (solve_tuning.h, BB__SOLVE_GUESS_*). */
static int first_guess(search *s, uint64_t p, uint64_t o)
{
    int n = 64 - bb_popcount(p | o);
    if (!s->eval || n < BB__SOLVE_GUESS_MIN) return 0;
    int depth = n - BB__SOLVE_GUESS_LEAF;
    if (depth > BB__SOLVE_GUESS_DEPTH) depth = BB__SOLVE_GUESS_DEPTH;
    int e = ab_mid_estimate(s, p, o, -INF * BB__EVAL_UNIT, INF * BB__EVAL_UNIT, depth, 0);
    int g = 2 * ((e + (e >= 0 ? BB__EVAL_UNIT : -BB__EVAL_UNIT)) / (2 * BB__EVAL_UNIT)); /* the nearest even */
    int t = g - BB__SOLVE_GUESS_MARGIN;
    return t > 64 ? 64 : t < -62 ? -62 : t;
}

/* The score of (p, o) by null-window tests from t, MTD(f) style (nws_end_levels() below). */
static int nws_end_mtd(search *s, uint64_t p, uint64_t o, int alpha, int beta, int t)
{
    int lo = -64, hi = 64;
    while (lo < hi) {
        int r = score_end(s, p, o, t - 1, t);
        if (s->stopped) return 0;
        if (r >= t) lo = r;
        else hi = r;
        if (lo >= beta) return lo;
        if (hi <= alpha) return hi;
        t = r >= t ? lo + 1 : hi; /* scores are even: lo + 1 tests lo + 2 */
    }
    return lo;
}

static const int level_cut[] = {BB__SOLVE_LEVELS}; /* the selective levels' t (solve_tuning.h) */

/* The score of (p, o) by null-window tests, MTD(f) style: a test at t,
 * score_end(t - 1, t), says score >= r or score <= r for the r it returns
 * (fail-soft); the next test starts from that bound, and each test finds the
 * table full of the moves that refuted or proved the last.  On FFO #40-#45
 * that costs 10-25% fewer nodes than one search with the whole window
 * (docs/OTHELLO.md).  In (alpha, beta) the exact score; outside it the
 * bound found first, fail-soft.  With the whole window and the evaluation,
 * from sel_min empties, the selective levels first: the same tests with
 * probable cut-offs, t growing, each from the level before's score, then
 * the exact ones from the last level's score. */
static int nws_end_levels(search *s, uint64_t p, uint64_t o, int alpha, int beta)
{
    int t = alpha >= 0 ? alpha + 1 : beta <= 0 ? beta : 0;
    if (alpha < -64 && beta > 64) {
        t = first_guess(s, p, o);
        if (s->eval && 64 - bb_popcount(p | o) >= s->sel_min) {
            for (int l = 0; l < (int)(sizeof level_cut / sizeof level_cut[0]); l++) {
                s->level = l, s->cut = level_cut[l];
                for (int st = 0; st < BB__EVAL_STAGES; st++) /* the margins of this level, by stage */
                    s->margin[st] = (int)((double)s->cut * bb__mpc_sigma_table[st][BB__MPC_END] * BB__EVAL_UNIT / 16);
                int g = nws_end_mtd(s, p, o, -INF, INF, t);
                if (s->stopped) return 0;
                t = g - BB__SOLVE_LEVEL_MARGIN;
                t = t > 64 ? 64 : t < -62 ? -62 : t;
            }
            s->level = LEVEL_EXACT, s->cut = 0;
            t += BB__SOLVE_LEVEL_MARGIN - BB__SOLVE_EXACT_MARGIN;
            t = t > 64 ? 64 : t < -62 ? -62 : t;
        }
    }
    return nws_end_mtd(s, p, o, alpha, beta, t);
}

/* ---- threads --------------------------------------------------------------------- */

typedef struct {
    search s;
    uint64_t p, o;
    int alpha, beta, wld;
} helper_job;

static void *helper_run(void *arg)
{
    helper_job *j = arg;
    if (j->wld) score_end(&j->s, j->p, j->o, j->alpha, j->beta);
    else nws_end_levels(&j->s, j->p, j->o, j->alpha, j->beta);
    return NULL;
}

/* The first move, in the solver's own order without the table (fastest
 * first: a function of the position alone), whose score reaches target
 * (exact mode: the position's exact score); BB_OTHELLO_PASS, or -1 at the
 * game's end.  That order puts a move that reaches the score first far more
 * often than square order does, and a move tried before it must be refuted:
 * on FFO #59 refuting b3 (+54) at +64 takes minutes, the first move in this
 * order (e8, +64) a few thousand nodes. */
static int first_best(search *s, uint64_t p, uint64_t o, int target)
{
    uint64_t moves = bb_othello_moves(p, o);
    if (!moves) return bb_othello_moves(o, p) ? BB_OTHELLO_PASS : -1;
    scored m[64];
    int n = 64 - bb_popcount(p | o);
    int est;
    int k = order_moves(s, p, o, n, moves, 64, eval_order(s, n, target - 1, target), m, &est);
    if (target <= -64) return m[0].sq; /* every move reaches it */
    for (int i = 0; i < k; i++) {
        uint64_t np = p | m[i].f | (1ULL << m[i].sq), no = o & ~m[i].f;
        /* -score(child) >= target  <=>  score(child) <= -target */
        int v = -score_end(s, no, np, -target, -target + 1);
        if (s->stopped) return -1;
        if (v >= target) return m[i].sq;
    }
    return m[0].sq; /* not reached when target is the exact score */
}

/* The table when the caller names no size: 64 MiB from 19 empties, half
 * that for each empty fewer, at least 1 MiB.  Below 19 empties a smaller
 * table searches the same nodes (within 0.02%), and a program that solves
 * many small positions no longer pays for pages it never needed: 2-3x
 * faster at 14 empties, 1.2-1.4x at 16 (docs/OTHELLO.md). */
static size_t default_mb(const bb_othello_pos *pos)
{
    int n = 64 - bb_popcount(pos->p | pos->o);
    return n >= 19 ? 64 : n <= 13 ? 1 : (size_t)1 << (n - 13);
}

int bb_othello_solve(const bb_othello_pos *pos, const bb_othello_solve_opts *opts, bb_othello_solve_result *r)
{
    return bb__othello_solve_with(pos, opts, NULL, 0, -1, r);
}

int bb__othello_solve_with(const bb_othello_pos *pos, const bb_othello_solve_opts *opts, bb__table *kept,
                           double deadline, int sel_min, bb_othello_solve_result *r)
{
    BB__ASSERT_NOT_NULL(pos, "pos");
    BB__ASSERT_NOT_NULL(r, "r");
    bb_othello_solve_opts none;
    memset(&none, 0, sizeof none);
    if (!opts) opts = &none;
    memset(r, 0, sizeof *r);
    double t0 = bb__now();
    fill_tables_once();
    bb__table own, *t = kept;
    if (!t) {
        t = &own;
        size_t mb = opts->hash_mb ? opts->hash_mb : default_mb(pos);
        if (bb__table_alloc(t, mb) != 0) return -1;
    }
    bb__table_next_age(t);
    t->shared = opts->threads > 1;
    r->table_bytes = t->count * sizeof(bb__table_bucket);
    int alpha = -INF, beta = INF; /* wider than any score: +-64 come back exact */
    if (opts->wld) alpha = -1, beta = 1;
    else if (opts->alpha < opts->beta) alpha = opts->alpha, beta = opts->beta;
    atomic_int done;
    atomic_init(&done, 0);
    search s;
    memset(&s, 0, sizeof s);
    s.t = t, s.sym = !opts->no_symmetry, s.eval = !opts->no_eval;
    s.halt.stop = opts->stop, s.halt.done = NULL, s.halt.deadline = deadline;
    s.level = LEVEL_EXACT, s.sel_min = sel_min < 0 ? BB__SOLVE_SEL_MIN : sel_min;
    s.t0 = s.last = t0;
    int threads = opts->threads > 1 ? opts->threads : 1;
    if (threads > BB__MAX_THREADS) threads = BB__MAX_THREADS;
    helper_job jobs[BB__MAX_THREADS];
    for (int i = 1; i < threads; i++) {
        jobs[i].s = s;
        jobs[i].s.helper = i, jobs[i].s.halt.done = &done, jobs[i].s.progress = NULL;
        jobs[i].p = pos->p, jobs[i].o = pos->o, jobs[i].alpha = alpha, jobs[i].beta = beta;
        jobs[i].wld = opts->wld;
    }
    bb__helpers helpers;
    int started = bb__helpers_start(&helpers, threads, helper_run, jobs, sizeof jobs[0]);
    s.progress = opts->progress, s.progress_arg = opts->progress_arg;
    int v = opts->wld ? score_end(&s, pos->p, pos->o, alpha, beta) : nws_end_levels(&s, pos->p, pos->o, alpha, beta);
    atomic_store(&done, 1);
    bb__helpers_join(&helpers);
    for (int i = 1; i <= started; i++) r->nodes += jobs[i].s.nodes;
    if (!s.stopped) {
        r->bound = v >= beta ? 1 : v <= alpha ? -1 : 0;
        if (opts->wld) r->bound = 0; /* the sign is exact */
        r->score = opts->wld ? (v > 0) - (v < 0) : v;
        r->wld = (v > 0) - (v < 0);
        /* the best move and the principal variation, by rule: the first
           move in the table-free move order (first_best) that reaches the score */
        uint64_t p = pos->p, o = pos->o;
        int target = opts->wld ? (r->wld > 0 ? 1 : r->wld == 0 ? 0 : -64) : v;
        r->best = r->bound ? -1 : first_best(&s, p, o, target);
        if (r->bound == 0 && !opts->wld) {
            while (r->pv_length < 61 && !s.stopped) {
                int mv = first_best(&s, p, o, target);
                if (mv < 0) break;
                r->pv[r->pv_length++] = mv;
                if (mv != BB_OTHELLO_PASS) {
                    uint64_t f = flips(p, o, mv);
                    p |= f | (1ULL << mv), o &= ~f;
                }
                uint64_t x = p;
                p = o, o = x, target = -target;
            }
        } else if (r->best >= 0) {
            r->pv[r->pv_length++] = r->best;
        }
    }
    r->nodes += s.nodes;
    r->seconds = bb__now() - t0;
    r->stopped = s.stopped;
    if (t == &own) bb__table_free(&own);
    if (s.stopped) {
        r->best = -1;
        return -2;
    }
    return 0;
}
