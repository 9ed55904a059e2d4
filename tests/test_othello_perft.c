/* Othello perft: the published counts from the start in the three
 * conventions, positions with passes and early ends (from random games)
 * against a naive tree walk written here, threads, and the vector and scalar
 * kernels against each other. */
#include <string.h>

#include "bitboard.h"
#include "harness.h"
#include "reference_othello.h"

/* Not API: perft with the kernel chosen (vector 0: the scalar walk; 1: the
 * fastest this CPU runs; 2: the AVX2 walk where it runs, else scalar), and
 * which kernel a choice runs here (0 scalar, 1 AVX2, 2 AVX-512). */
uint64_t bb__othello_perft_kernel(uint64_t p, uint64_t o, int depth, int conv, int threads, int vector);
int bb__othello_perft_vector_kind(int vector);

#define MAX_DEPTH 10 /* 0.7 s with the scalar kernel too, even under ASan */

static const int conventions[3] = {BB_OTHELLO_OEIS, BB_OTHELLO_BIK, BB_OTHELLO_NOPASS};

/* ---- the naive walk: moves and flips from reference_othello.h ---------------- */

/* The rules, literally: one ply per move; a pass is a ply (not in
 * nopass); a game over before depth 0 counts 0 (oeis) or 1. */
static uint64_t naive_perft(uint64_t p, uint64_t o, int depth, int conv)
{
    if (depth == 0) return 1;
    uint64_t m = ref_othello_moves(p, o);
    if (!m) {
        if (!ref_othello_moves(o, p)) return conv == BB_OTHELLO_OEIS ? 0 : 1;
        return naive_perft(o, p, conv == BB_OTHELLO_NOPASS ? depth : depth - 1, conv);
    }
    uint64_t n = 0;
    for (int sq = 0; sq < 64; sq++) {
        if (!((m >> sq) & 1)) continue;
        uint64_t f = ref_othello_flips(p, o, sq);
        n += naive_perft(o ^ f, p ^ f ^ ((uint64_t)1 << sq), depth - 1, conv);
    }
    return n;
}

/* ---- the published counts ------------------------------------------------------ */

static const uint64_t published[3][11] = {
    {1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571056},
    {1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571284},
    {1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005320, 24571420},
};

static uint64_t perft_opts(uint64_t p, uint64_t o, int depth, int conv, int threads)
{
    bb_othello_perft_opts opts;
    memset(&opts, 0, sizeof opts);
    opts.convention = (bb_othello_convention)conv;
    opts.threads = threads;
    opts.method = BB_OTHELLO_DEFAULT;
    return bb_othello_perft(p, o, depth, &opts);
}

static void start_counts(void)
{
    bb_othello_pos s = bb_othello_start();
    for (int c = 0; c < 3; c++)
        for (int d = 0; d <= MAX_DEPTH; d++)
            CHECK_EQ64(perft_opts(s.p, s.o, d, conventions[c], 1), published[c][d], "%s depth %d",
                       bb_othello_convention_name((bb_othello_convention)conventions[c]), d);
}

static void start_counts_scalar(void)
{
    bb_othello_pos s = bb_othello_start();
    for (int c = 0; c < 3; c++)
        for (int d = 0; d <= MAX_DEPTH; d++)
            CHECK_EQ64(bb__othello_perft_kernel(s.p, s.o, d, conventions[c], 1, 0), published[c][d],
                       "scalar %s depth %d", bb_othello_convention_name((bb_othello_convention)conventions[c]), d);
}

static void null_opts_and_depth_zero(void)
{
    bb_othello_pos s = bb_othello_start();
    CHECK_EQ64(bb_othello_perft(s.p, s.o, 6, NULL), 8200, "NULL opts: oeis, one thread");
    CHECK_EQ64(bb_othello_perft(s.p, s.o, 0, NULL), 1, "depth 0");
    /* the start from white's side (colours swapped) is the same tree */
    CHECK_EQ64(bb_othello_perft(s.o, s.p, 7, NULL), 55092, "colours swapped");
    /* a finished game: depth 0 is one leaf; deeper it is 0 (oeis) or 1 (bik, nopass) */
    uint64_t full_p = 0xFFFFFFFF00000000ULL, full_o = 0x00000000FFFFFFFFULL;
    for (int c = 0; c < 3; c++) {
        CHECK_EQ64(perft_opts(full_p, full_o, 0, conventions[c], 1), 1, "full board depth 0");
        for (int d = 1; d <= 3; d++)
            CHECK_EQ64(perft_opts(full_p, full_o, d, conventions[c], 1), conventions[c] == BB_OTHELLO_OEIS ? 0 : 1,
                       "full board depth %d conv %d", d, c);
    }
}

/* ---- positions from random games ---------------------------------------------- */

/* Plays a random game from the start for up to `plies` plies (passes
 * included); returns the position reached. */
static void random_position(uint64_t *seed, int plies, uint64_t *pp, uint64_t *po)
{
    uint64_t p = 0x0000000810000000ULL, o = 0x0000001008000000ULL; /* d5 e4 black to move */
    for (int i = 0; i < plies; i++) {
        uint64_t m = ref_othello_moves(p, o);
        if (!m) {
            if (!ref_othello_moves(o, p)) break;
            uint64_t t = p; p = o; o = t;
            continue;
        }
        int k = (int)(bbt_next(seed) % (uint64_t)__builtin_popcountll(m));
        while (k--) m &= m - 1;
        int sq = __builtin_ctzll(m);
        uint64_t f = ref_othello_flips(p, o, sq);
        uint64_t np = o ^ f, no = p ^ f ^ ((uint64_t)1 << sq);
        p = np, o = no;
    }
    *pp = p, *po = o;
}

/* Positions near the end of games (passes and early ends within reach) and
 * from the middle, every convention, against the naive walk. */
static void random_games_vs_naive(void)
{
    uint64_t seed = 0x0E110;
    int games = 120, with_pass = 0, with_end = 0;
    for (int g = 0; g < games; g++) {
        uint64_t p, o;
        int late = g % 4 != 0;
        random_position(&seed, late ? 44 + (int)(bbt_next(&seed) % 16) : 10 + (int)(bbt_next(&seed) % 30), &p, &o);
        int depth = late ? 4 + (int)(bbt_next(&seed) % 3) : 3;
        uint64_t n[3];
        for (int c = 0; c < 3; c++) {
            uint64_t want = naive_perft(p, o, depth, conventions[c]);
            n[c] = want;
            CHECK_EQ64(perft_opts(p, o, depth, conventions[c], 1), want, "game %d depth %d conv %d", g, depth, c);
            CHECK_EQ64(bb__othello_perft_kernel(p, o, depth, conventions[c], 1, 0), want,
                       "scalar game %d depth %d conv %d", g, depth, c);
        }
        with_pass += n[0] != n[2];
        with_end += n[0] != n[1];
    }
    /* the games must exercise the cases that tell the conventions apart */
    CHECK(with_pass > 5, "only %d positions where passes mattered", with_pass);
    CHECK(with_end > 5, "only %d positions where early ends mattered", with_end);
}

/* A position where the side to move must pass, and one where it must pass at
 * the root and the game ends soon after: every depth 1-6 against the walk. */
static void passes_at_the_root(void)
{
    uint64_t seed = 0x9A55;
    int found = 0;
    for (int g = 0; g < 4000 && found < 12; g++) {
        uint64_t p, o;
        random_position(&seed, 40 + (int)(bbt_next(&seed) % 20), &p, &o);
        if (ref_othello_moves(p, o) || !ref_othello_moves(o, p)) continue; /* want: p passes, o plays */
        found++;
        for (int d = 1; d <= 6; d++)
            for (int c = 0; c < 3; c++)
                CHECK_EQ64(perft_opts(p, o, d, conventions[c], 1), naive_perft(p, o, d, conventions[c]),
                           "pass at the root, depth %d conv %d", d, c);
    }
    CHECK(found >= 3, "only %d positions with a pass at the root", found);
}

/* ---- threads and kernels -------------------------------------------------------- */

static void threads_same_counts(void)
{
    bb_othello_pos s = bb_othello_start();
    int depth = 9;
    for (int c = 0; c < 3; c++)
        for (int t = 0; t <= 5; t++)
            CHECK_EQ64(perft_opts(s.p, s.o, depth, conventions[c], t), published[c][depth], "threads %d conv %d", t, c);
    uint64_t seed = 0x7EAD;
    for (int g = 0; g < 12; g++) {
        uint64_t p, o;
        random_position(&seed, 36 + (int)(bbt_next(&seed) % 22), &p, &o);
        for (int c = 0; c < 3; c++) {
            uint64_t one = perft_opts(p, o, 6, conventions[c], 1);
            CHECK_EQ64(perft_opts(p, o, 6, conventions[c], 2), one, "game %d conv %d, 2 threads", g, c);
            CHECK_EQ64(perft_opts(p, o, 6, conventions[c], 3), one, "game %d conv %d, 3 threads", g, c);
            CHECK_EQ64(bb__othello_perft_kernel(p, o, 6, conventions[c], 2, 0), one, "game %d scalar 2 threads", g);
        }
    }
    /* near the end: games end and sides pass inside the part walked before
     * the split, whose leaves are counted there */
    for (int g = 0; g < 40; g++) {
        uint64_t p, o;
        random_position(&seed, 54 + (int)(bbt_next(&seed) % 5), &p, &o);
        for (int c = 0; c < 3; c++)
            CHECK_EQ64(perft_opts(p, o, 8, conventions[c], 2), naive_perft(p, o, 8, conventions[c]),
                       "late game %d conv %d, 2 threads", g, c);
    }
}

/* A stop flag (never raised) makes the split leave tasks up to 8 plies
 * short of the depth, and a deep count leaves deeper ones: those are walked
 * by the stoppable walk (sperft in src/othello/perft.c) down to their last 8
 * plies, where the kernel takes over.  Positions of 9-10 empties counted
 * past the game's end, so that the walk meets passes and ends: the count
 * with the flag (one and two threads) against the count without it (the
 * kernel alone, itself held to the naive walk above), every convention. */
static void stoppable_deep_tasks(void)
{
    static volatile sig_atomic_t never;
    static const int depths[] = {17, 20, 30};
    uint64_t seed = 0x5709;
    int found = 0;
    for (int g = 0; g < 2000 && found < 12; g++) {
        uint64_t p, o;
        random_position(&seed, 50 + (int)(bbt_next(&seed) % 2), &p, &o);
        int empties = 64 - __builtin_popcountll(p | o);
        if (empties < 9 || empties > 10) continue;
        found++;
        if (!bbt_mine(found)) continue; /* (after its position: the same in every slice) */
        for (int c = 0; c < 3; c++) {
            int d = depths[found % 3];
            bb_othello_perft_opts opts;
            memset(&opts, 0, sizeof opts);
            opts.convention = (bb_othello_convention)conventions[c];
            uint64_t want = bb_othello_perft(p, o, d, &opts);
            opts.threads = 1 + found % 2;
            opts.stop = &never;
            CHECK_EQ64(bb_othello_perft(p, o, d, &opts), want, "%d empties, depth %d conv %d, %d threads, a stop flag",
                       empties, d, c, opts.threads);
        }
    }
    CHECK(found >= 12, "only %d positions of 9-10 empties", found);
}

/* Each vector kernel this CPU runs against the scalar one. */
static void vector_matches_scalar(void)
{
    static const int depths[] = {1, 2, 3, 4, 5};
    static const char *const names[] = {"scalar", "avx2", "avx512"};
    int compared = 0;
    for (int v = 1; v <= 2; v++) {
        int kind = bb__othello_perft_vector_kind(v);
        if (kind == 0 || (v == 2 && kind == bb__othello_perft_vector_kind(1))) continue;
        compared++;
        uint64_t seed = 0x5CA1A;
        for (int g = 0; g < 150; g++) {
            uint64_t p, o;
            random_position(&seed, (int)(bbt_next(&seed) % 60), &p, &o);
            for (int c = 0; c < 3; c++)
                for (int i = 0; i < 5; i++) {
                    int d = depths[i];
                    CHECK_EQ64(bb__othello_perft_kernel(p, o, d, conventions[c], 1, v),
                               bb__othello_perft_kernel(p, o, d, conventions[c], 1, 0), "%s: game %d depth %d conv %d",
                               names[kind], g, d, c);
                }
        }
        bb_othello_pos s = bb_othello_start();
        for (int c = 0; c < 3; c++)
            for (int d = 0; d <= MAX_DEPTH; d++)
                CHECK_EQ64(bb__othello_perft_kernel(s.p, s.o, d, conventions[c], 1, v), published[c][d],
                           "%s: start depth %d conv %d", names[kind], d, c);
    }
    if (!compared) SKIP("no AVX2 or AVX-512 walk on this CPU, or a build without run-time paths");
}

int main(void)
{
    RUN(start_counts);
    RUN(start_counts_scalar);
    RUN(null_opts_and_depth_zero);
    RUN(random_games_vs_naive);
    RUN(stoppable_deep_tasks);
    RUN(passes_at_the_root);
    RUN(threads_same_counts);
    RUN(vector_matches_scalar);
    return bbt_finish("othello_perft");
}
