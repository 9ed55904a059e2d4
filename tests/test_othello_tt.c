/* Othello perft with the transposition table (bb_othello_tt): the same
 * counts as without it in every convention, with and without the symmetry
 * reduction, with tables so small that entries are replaced all the time,
 * one table shared by conventions, depths and positions, threads; and the
 * reports (stats, progress) and the stop flag.  The reference is the walk
 * without a table (tests/test_othello_perft.c checks it against a naive walk
 * and the published counts).  tests/tsan.sh runs the threaded tests here
 * under ThreadSanitizer. */
#include <stdlib.h>
#include <string.h>

#include "bitboard.h"
#include "harness.h"
#include "../src/othello/tt.h"

/* Not API: perft without a table, the kernel chosen (0: the scalar walk). */
uint64_t bb__othello_perft_kernel(uint64_t p, uint64_t o, int depth, int conv, int threads, int vector);

static const int conventions[3] = {BB_OTHELLO_OEIS, BB_OTHELLO_BIK, BB_OTHELLO_NOPASS};

static const uint64_t published[3][11] = {
    {1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571056},
    {1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571284},
    {1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005320, 24571420},
};

static uint64_t unhashed(uint64_t p, uint64_t o, int depth, int conv)
{
    return bb__othello_perft_kernel(p, o, depth, conv, 1, 1);
}

/* unhashed perft 11 of the start (no count of it is published for every
 * convention), walked once per convention and program */
static uint64_t start_11(int conv)
{
    static uint64_t memo[3];
    if (!memo[conv]) {
        bb_othello_pos s = bb_othello_start();
        memo[conv] = unhashed(s.p, s.o, 11, conv);
    }
    return memo[conv];
}

/* perft with table t (may be NULL), symmetry on or off, `threads` threads;
 * *st (may be NULL) gets the report. */
static uint64_t hashed(uint64_t p, uint64_t o, int depth, int conv, bb_othello_tt *t, int no_sym, int threads,
                       bb_othello_perft_stats *st)
{
    bb_othello_perft_opts opts;
    memset(&opts, 0, sizeof opts);
    opts.convention = (bb_othello_convention)conv;
    opts.threads = threads;
    opts.method = BB_OTHELLO_DEFAULT;
    opts.tt = t;
    opts.no_symmetry = no_sym;
    opts.stats = st;
    return bb_othello_perft(p, o, depth, &opts);
}

/* Plays a random game from the start for up to `plies` plies (passes
 * included); returns the position reached. */
static void random_position(uint64_t *seed, int plies, uint64_t *pp, uint64_t *po)
{
    bb_othello_pos s = bb_othello_start();
    uint64_t p = s.p, o = s.o;
    for (int i = 0; i < plies; i++) {
        uint64_t m = bb_othello_moves(p, o);
        if (!m) {
            if (!bb_othello_moves(o, p)) break;
            uint64_t t = p;
            p = o, o = t;
            continue;
        }
        int k = (int)(bbt_next(seed) % (uint64_t)__builtin_popcountll(m));
        while (k--) m &= m - 1;
        int sq = __builtin_ctzll(m);
        uint64_t f = bb_othello_flips(p, o, sq);
        uint64_t np = o ^ f, no = p ^ f ^ ((uint64_t)1 << sq);
        p = np, o = no;
    }
    *pp = p, *po = o;
}

/* ---- the table itself ----------------------------------------------------------- */

static void table_sizes(void)
{
    CHECK(bb_othello_tt_new(0) == NULL, "0 bytes");
    CHECK(bb_othello_tt_new(63) == NULL, "63 bytes: less than one bucket");
    bb_othello_tt *t = bb_othello_tt_new(64);
    CHECK(t != NULL, "64 bytes: one bucket");
    if (t) CHECK(bb_othello_tt_bytes(t) == 64, "one bucket: %zu bytes", bb_othello_tt_bytes(t));
    bb_othello_tt_free(t);
    t = bb_othello_tt_new(1000);
    if (t) CHECK(bb_othello_tt_bytes(t) == 960 , "1000 bytes: 15 buckets, %zu bytes", bb_othello_tt_bytes(t));
    bb_othello_tt_free(t);
    t = bb_othello_tt_new((size_t)8 << 20);
    CHECK(t != NULL, "8 MiB");
    if (t) CHECK(bb_othello_tt_bytes(t) == (size_t)8 << 20, "8 MiB: %zu bytes", bb_othello_tt_bytes(t));
    bb_othello_tt_free(t);
    bb_othello_tt_free(NULL);
}

/* ---- the counts ------------------------------------------------------------------- */

/* From the start, depths 0-11, every convention: the published counts (to
 * 10) and the walk without a table (11); symmetry on and off; a table big
 * enough to keep everything, and one of a single bucket. */
static void start_counts(void)
{
    bb_othello_tt *big = bb_othello_tt_new((size_t)16 << 20), *one = bb_othello_tt_new(64);
    if (!big || !one) {
        CHECK(0, "out of memory");
        bb_othello_tt_free(big), bb_othello_tt_free(one);
        return;
    }
    bb_othello_pos s = bb_othello_start();
    for (int c = 0; c < 3; c++) {
        if (!bbt_mine(c)) continue;
        uint64_t d11 = start_11(conventions[c]);
        for (int d = 0; d <= 11; d++) {
            uint64_t want = d <= 10 ? published[c][d] : d11;
            CHECK_EQ64(hashed(s.p, s.o, d, conventions[c], big, 0, 1, NULL), want, "conv %d depth %d", c, d);
            if (d <= 9) CHECK_EQ64(hashed(s.p, s.o, d, conventions[c], one, 0, 1, NULL), want, "one bucket, conv %d depth %d", c, d);
        }
        bb_othello_tt_clear(big);
        CHECK_EQ64(hashed(s.p, s.o, 11, conventions[c], big, 1, 1, NULL), d11, "no symmetry, conv %d depth 11", c);
        bb_othello_tt_clear(big);
    }
    bb_othello_tt_free(big);
    bb_othello_tt_free(one);
}

/* One table kept through every convention and depth in turn, then the
 * depths going down: every count read back from it is right. */
static void one_table_for_all(void)
{
    bb_othello_tt *t = bb_othello_tt_new((size_t)4 << 20);
    if (!t) { CHECK(0, "out of memory"); return; }
    bb_othello_pos s = bb_othello_start();
    for (int round = 0; round < 2; round++)
        for (int d = round ? 10 : 5; round ? d >= 5 : d <= 10; d += round ? -1 : 1)
            for (int c = 0; c < 3; c++)
                CHECK_EQ64(hashed(s.p, s.o, d, conventions[c], t, round, 1, NULL), published[c][d],
                           "round %d depth %d conv %d", round, d, c);
    /* the same table from white's side of the start (colours swapped) */
    CHECK_EQ64(hashed(s.o, s.p, 10, BB_OTHELLO_OEIS, t, 0, 1, NULL), published[0][10], "colours swapped");
    bb_othello_tt_free(t);
}

/* Positions from random games, early, middle and late (passes and game ends
 * inside the tree), every convention, against the walk without a table;
 * tables of 1 and 64 buckets and one of 4 MiB shared by all. */
static void random_games(void)
{
    bb_othello_tt *tiny = bb_othello_tt_new(64), *small = bb_othello_tt_new(64 * 64),
                  *shared = bb_othello_tt_new((size_t)4 << 20);
    if (!tiny || !small || !shared) {
        CHECK(0, "out of memory");
        bb_othello_tt_free(tiny), bb_othello_tt_free(small), bb_othello_tt_free(shared);
        return;
    }
    uint64_t seed = 0x77AB1E;
    int games = 60, differ = 0;
    for (int g = 0; g < games; g++) {
        uint64_t p, o;
        int plies = g % 3 == 0 ? (int)(bbt_next(&seed) % 20) : 36 + (int)(bbt_next(&seed) % 22);
        random_position(&seed, plies, &p, &o);
        int depth = plies < 20 ? 6 : plies < 46 ? 6 : 7 + (int)(bbt_next(&seed) % 2);
        if (!bbt_mine(g)) continue; /* (after its position: each game is the same in every slice) */
        uint64_t n[3];
        for (int c = 0; c < 3; c++) {
            uint64_t want = unhashed(p, o, depth, conventions[c]);
            n[c] = want;
            CHECK_EQ64(hashed(p, o, depth, conventions[c], shared, 0, 1, NULL), want, "game %d depth %d conv %d", g, depth, c);
            CHECK_EQ64(hashed(p, o, depth, conventions[c], shared, 1, 1, NULL), want, "no symmetry: game %d conv %d", g, c);
            CHECK_EQ64(hashed(p, o, depth, conventions[c], small, 0, 1, NULL), want, "64 buckets: game %d conv %d", g, c);
            CHECK_EQ64(hashed(p, o, depth, conventions[c], tiny, 0, 1, NULL), want, "1 bucket: game %d conv %d", g, c);
        }
        differ += n[0] != n[1] || n[0] != n[2];
    }
    CHECK(differ > 5 / bbt_slices(), "only %d positions where the conventions differ", differ);
    bb_othello_tt_free(tiny), bb_othello_tt_free(small), bb_othello_tt_free(shared);
}

/* ---- threads ---------------------------------------------------------------------- */

/* 2, 3 and 4 threads on one table: big, or 16 buckets (the threads fight over
 * them); from the start and from random late positions. */
static void threads_same_counts(void)
{
    bb_othello_tt *big = bb_othello_tt_new((size_t)4 << 20), *few = bb_othello_tt_new(16 * 64);
    if (!big || !few) {
        CHECK(0, "out of memory");
        bb_othello_tt_free(big), bb_othello_tt_free(few);
        return;
    }
    bb_othello_pos s = bb_othello_start();
    for (int c = 0; c < 3; c++)
        for (int t = 2; t <= 4; t++) {
            if (!bbt_mine(c * 3 + t - 2)) continue;
            bb_othello_tt_clear(big);
            CHECK_EQ64(hashed(s.p, s.o, 10, conventions[c], big, 0, t, NULL), published[c][10], "%d threads conv %d", t, c);
            CHECK_EQ64(hashed(s.p, s.o, 9, conventions[c], few, t == 3, t, NULL), published[c][9],
                       "%d threads, 16 buckets, conv %d", t, c);
        }
    uint64_t seed = 0x7EAD5;
    for (int g = 0; g < 16; g++) {
        uint64_t p, o;
        random_position(&seed, 40 + (int)(bbt_next(&seed) % 18), &p, &o);
        if (!bbt_mine(9 + g)) continue;
        for (int c = 0; c < 3; c++) {
            uint64_t want = unhashed(p, o, 8, conventions[c]);
            CHECK_EQ64(hashed(p, o, 8, conventions[c], big, 0, 2, NULL), want, "late game %d conv %d, 2 threads", g, c);
            CHECK_EQ64(hashed(p, o, 8, conventions[c], few, 0, 3, NULL), want, "late game %d conv %d, 3 threads", g, c);
        }
    }
    bb_othello_tt_free(big), bb_othello_tt_free(few);
}

/* ---- reports and stopping --------------------------------------------------------- */

static void stats_add_up(void)
{
    bb_othello_tt *t = bb_othello_tt_new((size_t)4 << 20);
    if (!t) { CHECK(0, "out of memory"); return; }
    bb_othello_pos s = bb_othello_start();
    for (int threads = 1; threads <= 2; threads++) {
        bb_othello_tt_clear(t);
        bb_othello_perft_stats st;
        memset(&st, 0xA5, sizeof st);
        uint64_t n = hashed(s.p, s.o, 10, BB_OTHELLO_OEIS, t, 0, threads, &st);
        CHECK_EQ64(n, published[0][10], "%d threads", threads);
        CHECK_EQ64(st.leaves, n, "stats.leaves, %d threads", threads);
        CHECK(st.depth == 10 && st.stopped == 0, "depth %d stopped %d", st.depth, st.stopped);
        CHECK(st.probes > 0 && st.hits > 0 && st.hits < st.probes, "probes %llu hits %llu",
              (unsigned long long)st.probes, (unsigned long long)st.hits);
        /* every miss is stored, and nothing else */
        CHECK_EQ64(st.stores, st.probes - st.hits, "stores, %d threads", threads);
        CHECK(st.tasks >= 1 && st.tasks_done == st.tasks, "tasks %llu done %llu", (unsigned long long)st.tasks,
              (unsigned long long)st.tasks_done);
        CHECK(st.seconds >= 0, "seconds %g", st.seconds);
        /* again on the full table: the root's count is there */
        n = hashed(s.p, s.o, 10, BB_OTHELLO_OEIS, t, 0, threads, &st);
        CHECK_EQ64(n, published[0][10], "again, %d threads", threads);
        CHECK(st.hits == st.probes && st.stores == 0, "again: probes %llu hits %llu stores %llu",
              (unsigned long long)st.probes, (unsigned long long)st.hits, (unsigned long long)st.stores);
    }
    /* without a table: no probes */
    bb_othello_perft_stats st;
    CHECK_EQ64(hashed(s.p, s.o, 8, BB_OTHELLO_BIK, NULL, 0, 2, &st), published[1][8], "no table");
    CHECK(st.probes == 0 && st.hits == 0 && st.stores == 0 && st.leaves == published[1][8], "no table: stats");
    bb_othello_tt_free(t);
}

typedef struct {
    int calls;
    bb_othello_perft_stats last;
    volatile sig_atomic_t *stop_after_first; /* NULL, or a flag to set on the first call */
} progress_log;

static void on_progress(const bb_othello_perft_stats *now, void *ctx)
{
    progress_log *log = ctx;
    log->calls++;
    log->last = *now;
    if (log->stop_after_first) *log->stop_after_first = 1;
}

static uint64_t with_progress(uint64_t p, uint64_t o, int depth, bb_othello_tt *t, int threads, progress_log *log,
                              volatile sig_atomic_t *stop, bb_othello_perft_stats *st)
{
    bb_othello_perft_opts opts;
    memset(&opts, 0, sizeof opts);
    opts.threads = threads;
    opts.tt = t;
    opts.stop = stop;
    opts.progress = log ? on_progress : NULL;
    opts.progress_ctx = log;
    opts.stats = st;
    return bb_othello_perft(p, o, depth, &opts);
}

/* The progress callback is called at least once, last with the final report;
 * the counts are the same with it, with or without a table. */
static void progress_reports(void)
{
    bb_othello_tt *t = bb_othello_tt_new((size_t)4 << 20);
    if (!t) { CHECK(0, "out of memory"); return; }
    bb_othello_pos s = bb_othello_start();
    for (int threads = 1; threads <= 3; threads++)
        for (int d = 0; d <= 10; d += 5)
            for (int use_table = 0; use_table < 2; use_table++) {
                progress_log log;
                memset(&log, 0, sizeof log);
                bb_othello_perft_stats st;
                uint64_t n = with_progress(s.p, s.o, d, use_table ? t : NULL, threads, &log, NULL, &st);
                CHECK_EQ64(n, published[0][d], "depth %d, %d threads, table %d", d, threads, use_table);
                CHECK(log.calls >= 1, "no progress call");
                CHECK_EQ64(log.last.leaves, n, "the last progress call's leaves");
                CHECK(log.last.tasks_done == log.last.tasks && !log.last.stopped, "the last call: %llu of %llu done",
                      (unsigned long long)log.last.tasks_done, (unsigned long long)log.last.tasks);
                CHECK(memcmp(&log.last, &st, sizeof st) == 0, "the last progress call is the report");
            }
    bb_othello_tt_free(t);
}

/* A stop flag set before the call: 0 and stopped, at once, with or without a
 * table or threads; a flag never set changes nothing.  A flag set during the
 * count (by the progress callback, after about 0.1 s): 0 and stopped, or the
 * count if it ended first; either way the table still gives right counts. */
static void stop_flag(void)
{
    bb_othello_tt *t = bb_othello_tt_new((size_t)4 << 20);
    if (!t) { CHECK(0, "out of memory"); return; }
    bb_othello_pos s = bb_othello_start();
    for (int threads = 1; threads <= 2; threads++)
        for (int use_table = 0; use_table < 2; use_table++) {
            volatile sig_atomic_t stop = 1;
            bb_othello_perft_stats st;
            uint64_t n = with_progress(s.p, s.o, 14, use_table ? t : NULL, threads, NULL, &stop, &st);
            CHECK(n == 0 && st.stopped == 1, "stopped before: %llu, stopped %d", (unsigned long long)n, st.stopped);
            stop = 0;
            n = with_progress(s.p, s.o, 9, use_table ? t : NULL, threads, NULL, &stop, &st);
            CHECK(n == published[0][9] && st.stopped == 0, "never stopped: %llu", (unsigned long long)n);
        }
    for (int threads = 1; threads <= 2; threads++) {
        if (!bbt_mine(threads)) continue;
        bb_othello_tt_clear(t);
        volatile sig_atomic_t stop = 0;
        progress_log log;
        memset(&log, 0, sizeof log);
        log.stop_after_first = &stop;
        bb_othello_perft_stats st;
        uint64_t n = with_progress(s.p, s.o, 12, t, threads, &log, &stop, &st);
        if (st.stopped) CHECK(n == 0, "stopped, yet %llu", (unsigned long long)n);
        else CHECK_EQ64(n, 1939879668ULL, "not stopped, %d threads", threads);
        /* the table holds no part-counted subtree */
        CHECK_EQ64(hashed(s.p, s.o, 10, BB_OTHELLO_OEIS, t, 0, 1, NULL), published[0][10], "after the stop");
        CHECK_EQ64(hashed(s.p, s.o, 11, BB_OTHELLO_OEIS, t, 0, threads, NULL), start_11(BB_OTHELLO_OEIS),
                   "after the stop");
    }
    bb_othello_tt_free(t);
}

/* ---- counts past 2^64 ---------------------------------------------------------------- */

/* Stores `count` as the oeis count `left` plies deep of every position `ply`
 * plies from (p, o), keyed as perft keys them (the least of the 8 images). */
static void plant(bb_othello_tt *t, uint64_t p, uint64_t o, int ply, int left, uint64_t count)
{
    if (ply == 0) {
        uint64_t kp = p, ko = o;
        bb_canonical_pair(&kp, &ko, NULL);
        bb__tt_store(bb__tt_bucket_of(t, kp, ko), kp, ko, (unsigned)left | (unsigned)BB_OTHELLO_OEIS << 6, count);
        return;
    }
    for (uint64_t m = bb_othello_moves(p, o); m; m &= m - 1) {
        int sq = 0;
        while (!((m >> sq) & 1)) sq++;
        uint64_t f = bb_othello_flips(p, o, sq);
        plant(t, o ^ f, p ^ f ^ ((uint64_t)1 << sq), ply - 1, left, count);
    }
}

/* The 244 positions 4 plies from the start, each planted as counting C
 * leaves 4 plies deeper: perft 8 is then 244 * C exactly, as long as that
 * fits, and UINT64_MAX with stats.overflow the moment it does not: C =
 * floor((2^64 - 1) / 244) fits (by 243), C + 1 passes 2^64 - 1 (by 1), on
 * one thread (the table's sums) and on two (the subtrees' multiplicities
 * and the shared sum). */
static void overflow_reported(void)
{
    bb_othello_pos start = bb_othello_start();
    const uint64_t c = UINT64_MAX / 244;
    static const struct { uint64_t count; int over; } cases[] = {{1000, 0}, {UINT64_MAX / 244, 0}, {UINT64_MAX / 244 + 1, 1},
                                                                  {UINT64_MAX / 2, 1}, {UINT64_MAX, 1}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (int threads = 1; threads <= 2; threads++) {
            bb_othello_tt *t = bb_othello_tt_new((size_t)64 << 20);
            if (!t) SKIP("no 64 MiB table");
            plant(t, start.p, start.o, 4, 4, cases[i].count);
            bb_othello_perft_stats st;
            memset(&st, 0x55, sizeof st);
            uint64_t got = hashed(start.p, start.o, 8, BB_OTHELLO_OEIS, t, 0, threads, &st);
            if (cases[i].over) {
                CHECK(got == UINT64_MAX && st.overflow == 1 && !st.stopped,
                      "planted %llu, %d thread(s): got %llu, overflow %d (want UINT64_MAX and the flag)",
                      (unsigned long long)cases[i].count, threads, (unsigned long long)got, st.overflow);
            } else {
                uint64_t want = 244 * cases[i].count;
                CHECK(got == want && st.overflow == 0, "planted %llu, %d thread(s): got %llu, want %llu (overflow %d)",
                      (unsigned long long)cases[i].count, threads, (unsigned long long)got, (unsigned long long)want,
                      st.overflow);
            }
            bb_othello_tt_free(t);
        }
    CHECK(244 * c > UINT64_MAX - 244 && 244 * c < UINT64_MAX, "the boundary case is the boundary");
    /* an ordinary count reports no overflow */
    bb_othello_perft_stats st;
    memset(&st, 0x55, sizeof st);
    CHECK(hashed(start.p, start.o, 6, BB_OTHELLO_OEIS, NULL, 0, 1, &st) == 8200 && st.overflow == 0, "perft 6");
}

int main(void)
{
    RUN(table_sizes);
    RUN(start_counts);
    RUN(one_table_for_all);
    RUN(random_games);
    RUN(threads_same_counts);
    RUN(stats_add_up);
    RUN(progress_reports);
    RUN(stop_flag);
    RUN(overflow_reported);
    return bbt_finish("othello_tt");
}
