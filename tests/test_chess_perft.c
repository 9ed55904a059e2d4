/* Chess perft (bb_chess_perft, bb_chess_perft_divide): the dedicated kernel
 * and the per-method walk, against published counts and against the slow
 * generator (src/chess/slow.c):
 *   - the Chess Programming Wiki's "Perft Results" table, every depth that
 *     runs in seconds, and the Chess960 positions of its "Chess960 Perft
 *     Results" page; the castling, promotion and en-passant cases of the
 *     common perft suite (perftsuite.epd) and Martin Sedlak's positions;
 *   - positions of random games (standard and Chess960) to depth 2 or 3
 *     against the slow generator's perft, and depth 1 at every node of the
 *     wiki trees to depth 3 (which exercises the count of the last ply);
 *   - every attack method (use_method) on the first four positions;
 *   - threads 1, 2, 3 and 4 give the same counts, with and without the table;
 *   - the table on equals the table off, also in a deep transposing tree;
 *   - divide: one call per legal move in the generator's order, each count
 *     the perft of that child, the sum the perft;
 *   - progress reports and the stop flag (set before, set by progress, set
 *     by another thread during a search that would take hours). */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__unix__) || defined(__APPLE__)
#include <pthread.h>
#define HAVE_THREADS 1
#else
#define HAVE_THREADS 0
#endif

#include "bitboard.h"
#include "harness.h"
#include "../src/chess/slow.h"
#include "chess_positions.h"

static uint64_t perft_opts(const bb_chess_pos *pos, int depth, int threads, size_t hash_mb)
{
    bb_chess_perft_opts o;
    memset(&o, 0, sizeof o);
    o.threads = threads;
    o.hash_mb = hash_mb;
    return bb_chess_perft(pos, depth, &o);
}

/* ---- the positions -------------------------------------------------------------- */



/* ---- published counts ------------------------------------------------------------- */

static void perft_wiki(void)
{
    for (size_t i = 0; i < N_WIKI; i++) {
        bb_chess_pos pos;
        parse(&pos, wiki[i].fen);
        for (int d = 0; d <= wiki[i].depth; d++) {
            uint64_t want = d ? wiki[i].nodes[d - 1] : 1, got = bb_chess_perft(&pos, d, NULL);
            CHECK(got == want, "perft %d of '%s': got %llu, want %llu", d, wiki[i].fen,
                  (unsigned long long)got, (unsigned long long)want);
        }
    }
}

static void run_cases(const perft_case *c, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        bb_chess_pos pos;
        parse(&pos, c[i].fen);
        uint64_t got = bb_chess_perft(&pos, c[i].depth, NULL);
        CHECK(got == c[i].nodes, "perft %d of '%s': got %llu, want %llu", c[i].depth, c[i].fen,
              (unsigned long long)got, (unsigned long long)c[i].nodes);
    }
}
static void perft_chess960(void) { run_cases(chess960, N_960); }
static void perft_suite(void) { run_cases(suite, N_SUITE); }

/* A depth below 0 counts nothing, depth 0 one leaf; the options may be NULL. */
static void perft_edges(void)
{
    bb_chess_pos pos;
    bb_chess_start(&pos);
    CHECK(bb_chess_perft(&pos, 0, NULL) == 1, "perft 0");
    CHECK(bb_chess_perft(&pos, -1, NULL) == 0, "perft -1");
    CHECK(bb_chess_perft(NULL, 3, NULL) == 0, "perft of NULL");
    /* mate and stalemate: nothing below */
    parse(&pos, "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    CHECK(bb_chess_perft(&pos, 1, NULL) == 0 && bb_chess_perft(&pos, 3, NULL) == 0, "mated: %s", fen_of(&pos));
    CHECK(bb_chess_perft(&pos, 0, NULL) == 1, "mated, depth 0");
    parse(&pos, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    CHECK(bb_chess_perft(&pos, 2, NULL) == 0, "stalemate: %s", fen_of(&pos));
    /* a hand-filled struct without a king, or with two: no count, no crash */
    bb_chess_start(&pos);
    pos.pieces[BB_BLACK][BB_KING] = 0;
    CHECK(bb_chess_perft(&pos, 3, NULL) == 0, "no black king");
    bb_chess_start(&pos);
    pos.pieces[BB_WHITE][BB_KING] |= 1ULL << 20;
    CHECK(bb_chess_perft(&pos, 3, NULL) == 0, "two white kings");
}

/* ---- against the slow generator ------------------------------------------------------ */

/* Every node of pos's tree to depth d: the kernel's count of the last ply
 * equals the slow generator's list length there, and perft 2 at the top. */
static int walk_nodes(bb_chess_pos *pos, int d, int *bad)
{
    bb_chess_movelist l;
    int n = bb__chess_slow_generate(pos, BB_GEN_ALL, &l);
    uint64_t k = bb_chess_perft(pos, 1, NULL);
    if (k != (uint64_t)n && (*bad)++ < 5)
        CHECK(0, "'%s': %d legal moves, the perft kernel counts %llu", fen_of(pos), n, (unsigned long long)k);
    if (d == 0) return 1;
    int nodes = 1;
    for (int i = 0; i < n; i++) {
        bb_chess_pos child;
        bb__chess_slow_play(pos, l.moves[i], &child);
        nodes += walk_nodes(&child, d - 1, bad);
    }
    return nodes;
}

static void tree_last_ply_against_slow(void)
{
    for (size_t i = 0; i < N_WIKI; i++) {
        if (!bbt_mine((long)i)) continue;
        bb_chess_pos pos;
        parse(&pos, wiki[i].fen);
        int bad = 0;
        walk_nodes(&pos, i == 1 ? 2 : 3, &bad);
    }
    for (size_t i = 0; i < N_960; i += 3) {
        if (!bbt_mine((long)(N_WIKI + i / 3))) continue;
        bb_chess_pos pos;
        parse(&pos, chess960[i].fen);
        int bad = 0;
        walk_nodes(&pos, 2, &bad);
    }
}

/* Positions of random games from the wiki's and the Chess960 positions:
 * perft 3 (2 from the busier ones) by the kernel and by the slow generator. */
static void random_games_against_slow(void)
{
    uint64_t rng = 8;
    int bad = 0;
    for (int game = 0; game < 60; game++) {
        bb_chess_pos pos;
        parse(&pos, game % 2 ? chess960[(size_t)game % N_960].fen : wiki[(size_t)game % N_WIKI].fen);
        int plies = (int)(bbt_next(&rng) % 40);
        for (int p = 0; p < plies; p++) {
            bb_chess_movelist l;
            int n = bb__chess_slow_generate(&pos, BB_GEN_ALL, &l);
            if (!n) break;
            bb_chess_pos next;
            bb__chess_slow_play(&pos, l.moves[bbt_next(&rng) % (uint64_t)n], &next);
            pos = next;
        }
        if (!bbt_mine(game)) continue; /* (after its walk: every game is the same in every slice) */
        int depth = bb_popcount(pos.occupied) > 20 ? 2 : 3;
        uint64_t want = bb__chess_slow_perft(&pos, depth), got = bb_chess_perft(&pos, depth, NULL);
        if (got != want && bad++ < 5)
            CHECK(0, "perft %d of '%s': got %llu, the slow generator %llu", depth, fen_of(&pos),
                  (unsigned long long)got, (unsigned long long)want);
    }
}

/* Chess960 castling where the rook shields the king's path (the rook b1 stands
 * between the black rook a1 and c1) and where king and rook land on each
 * other's squares: the kernel against the slow generator. */
static void chess960_castling_edges(void)
{
    static const char *const fens[] = {
        "1r1k4/8/8/8/8/8/8/rR1K4 w B - 0 1",
        "3k4/8/8/8/8/8/8/rR1K4 w B - 0 1",
        "4k3/8/8/8/8/8/8/r1RK4 w C - 0 1",
        "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1",
        "4k3/8/8/8/8/8/8/5RKq w F - 0 1",
        "1r2k3/8/8/8/8/8/8/1RK5 w B - 0 1",
        "4k3/8/8/8/8/8/8/2RK3r w C - 0 1",
        "nrkbbrqn/pppppppp/8/8/8/8/PPPPPPPP/NRKBBRQN w FBfb - 0 1",
    };
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        bb_chess_pos pos;
        bb_parse_error err;
        if (bb_chess_from_fen(&pos, fens[i], &err) != 0) continue; /* a position the reader refuses */
        for (int d = 1; d <= 3; d++) {
            uint64_t want = bb__chess_slow_perft(&pos, d), got = bb_chess_perft(&pos, d, NULL);
            CHECK(got == want, "perft %d of '%s': got %llu, the slow generator %llu", d, fens[i],
                  (unsigned long long)got, (unsigned long long)want);
        }
    }
}

/* ---- every method --------------------------------------------------------------------- */
static void perft_methods(void)
{
    static const perft_case c[] = {
        {START, 4, 197281}, {KIWIPETE, 3, 97862}, {POS3, 4, 43238}, {POS4, 3, 9467}, {POS4M, 3, 9467},
    };
    for (int m = 0; m < BB_ATTACK_METHOD_COUNT; m++) {
        if (!bb_attack_method_available((bb_attack_method)m)) continue;
        for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
            bb_chess_pos pos;
            parse(&pos, c[i].fen);
            bb_chess_perft_opts o;
            memset(&o, 0, sizeof o);
            o.use_method = 1;
            o.method = (bb_attack_method)m;
            uint64_t got = bb_chess_perft(&pos, c[i].depth, &o);
            CHECK(got == c[i].nodes, "method %s, perft %d of '%s': got %llu, want %llu",
                  bb_attack_method_name((bb_attack_method)m), c[i].depth, c[i].fen, (unsigned long long)got,
                  (unsigned long long)c[i].nodes);
            o.threads = 2;
            got = bb_chess_perft(&pos, c[i].depth, &o);
            CHECK(got == c[i].nodes, "method %s, 2 threads, perft %d of '%s': got %llu",
                  bb_attack_method_name((bb_attack_method)m), c[i].depth, c[i].fen, (unsigned long long)got);
        }
    }
}

/* ---- threads and the table ------------------------------------------------------------ */
static void threads_same(void)
{
    for (size_t i = 0; i < N_WIKI; i++) {
        bb_chess_pos pos;
        parse(&pos, wiki[i].fen);
        int d = wiki[i].depth;
        uint64_t want = wiki[i].nodes[d - 1];
        for (int t = 1; t <= 4; t++) {
            uint64_t got = perft_opts(&pos, d, t, 0);
            CHECK(got == want, "'%s' perft %d on %d threads: got %llu, want %llu", wiki[i].fen, d, t,
                  (unsigned long long)got, (unsigned long long)want);
            got = perft_opts(&pos, d, t, 1);
            CHECK(got == want, "'%s' perft %d on %d threads, 1 MiB table: got %llu", wiki[i].fen, d, t,
                  (unsigned long long)got);
        }
    }
}

/* The table on and off: the wiki positions one ply deeper than above (the
 * table makes them quick), and a small table that must replace entries. */
static void hash_same(void)
{
    static const perft_case c[] = {
        {START, 6, 119060324}, {POS3, 6, 11030083}, {POS4, 5, 15833292}, {POS6, 5, 164075551},
        {"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", 6, 2788982},
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        if (!bbt_mine((long)i)) continue;
        bb_chess_pos pos;
        parse(&pos, c[i].fen);
        uint64_t got = perft_opts(&pos, c[i].depth, 1, 16);
        CHECK(got == c[i].nodes, "'%s' perft %d with a 16 MiB table: got %llu, want %llu", c[i].fen, c[i].depth,
              (unsigned long long)got, (unsigned long long)c[i].nodes);
        got = perft_opts(&pos, c[i].depth, 2, 1);
        CHECK(got == c[i].nodes, "'%s' perft %d, 2 threads, 1 MiB table: got %llu", c[i].fen, c[i].depth,
              (unsigned long long)got);
    }
    /* off and on agree where no count is published: positions of a random game */
    if (!bbt_mine((long)(sizeof c / sizeof c[0]))) return;
    bb_chess_pos pos;
    parse(&pos, KIWIPETE);
    uint64_t off = perft_opts(&pos, 4, 1, 0), on = perft_opts(&pos, 4, 1, 1);
    CHECK(off == on, "Kiwipete perft 4: table off %llu, on %llu", (unsigned long long)off, (unsigned long long)on);
}

/* ---- divide ------------------------------------------------------------------------------ */
typedef struct {
    bb_chess_move moves[BB_CHESS_MAX_MOVES];
    uint64_t counts[BB_CHESS_MAX_MOVES];
    int n;
} divide_log;

static void log_move(bb_chess_move move, uint64_t count, void *arg)
{
    divide_log *l = arg;
    if (l->n < BB_CHESS_MAX_MOVES) l->moves[l->n] = move, l->counts[l->n] = count;
    l->n++;
}

static void divide_check(const char *fen, int depth, const bb_chess_perft_opts *o, const char *what)
{
    bb_chess_pos pos;
    parse(&pos, fen);
    divide_log l;
    memset(&l, 0, sizeof l);
    uint64_t total = bb_chess_perft_divide(&pos, depth, o, log_move, &l);
    bb_chess_movelist list;
    int n = bb_chess_generate(&pos, BB_GEN_ALL, &list);
    CHECK(l.n == n, "%s: divide %d of '%s' made %d calls for %d legal moves", what, depth, fen, l.n, n);
    uint64_t sum = 0;
    for (int i = 0; i < l.n && i < n; i++) {
        CHECK(l.moves[i] == list.moves[i], "%s: divide of '%s': call %d is move %04x, the generator's is %04x",
              what, fen, i, l.moves[i], list.moves[i]);
        bb_chess_pos child = pos;
        bb_chess_undo u;
        bb_chess_make(&child, l.moves[i], &u);
        uint64_t want = bb_chess_perft(&child, depth - 1, NULL);
        CHECK(l.counts[i] == want, "%s: divide %d of '%s': move %d counted %llu, its perft %llu", what, depth,
              fen, i, (unsigned long long)l.counts[i], (unsigned long long)want);
        sum += l.counts[i];
    }
    CHECK(sum == total && total == bb_chess_perft(&pos, depth, NULL), "%s: divide %d of '%s': sum %llu, total %llu",
          what, depth, fen, (unsigned long long)sum, (unsigned long long)total);
}

static void divide_sums(void)
{
    bb_chess_perft_opts o;
    memset(&o, 0, sizeof o);
    for (size_t i = 0; i < N_WIKI; i++) {
        divide_check(wiki[i].fen, 3, NULL, "1 thread");
        divide_check(wiki[i].fen, 1, NULL, "depth 1");
        o.threads = 3;
        divide_check(wiki[i].fen, 4, &o, "3 threads");
        o.threads = 1, o.hash_mb = 1;
        divide_check(wiki[i].fen, 4, &o, "table");
        o.hash_mb = 0, o.use_method = 1, o.method = BB_ATTACKS_MAGIC;
        divide_check(wiki[i].fen, 2, &o, "magic method");
        o.use_method = 0;
    }
    divide_check(chess960[4].fen, 3, NULL, "Chess960");
    /* depth 0: no root move is counted */
    bb_chess_pos pos;
    bb_chess_start(&pos);
    divide_log l;
    memset(&l, 0, sizeof l);
    CHECK(bb_chess_perft_divide(&pos, 0, NULL, log_move, &l) == 1 && l.n == 0, "divide 0");
    CHECK(bb_chess_perft_divide(&pos, 3, NULL, NULL, NULL) == 8902, "divide without a callback");
}

/* ---- counts past 2^64 -------------------------------------------------------------------- */

/* K v K perft by dynamic programming over (white king, black king, side) in
 * 128-bit arithmetic: the exact count at any depth, to check that a count
 * that fits is right and one that does not comes back as UINT64_MAX with
 * stats.overflow set (never wrapped). */
__extension__ typedef unsigned __int128 u128;

static int kings_apart(int a, int b)
{
    int df = (a & 7) - (b & 7), dr = (a >> 3) - (b >> 3);
    return df * df > 1 || dr * dr > 1;
}

/* counts[side][wk][bk] at `depth` plies, side to move; d from 0 up. */
static u128 kk_dp(int wk0, int bk0, int side0, int depth)
{
    static u128 cur[2][64][64], nxt[2][64][64];
    for (int s = 0; s < 2; s++)
        for (int w = 0; w < 64; w++)
            for (int b = 0; b < 64; b++) cur[s][w][b] = kings_apart(w, b) ? 1 : 0;
    for (int d = 1; d <= depth; d++) {
        for (int s = 0; s < 2; s++)
            for (int w = 0; w < 64; w++)
                for (int b = 0; b < 64; b++) {
                    u128 n = 0;
                    if (kings_apart(w, b)) {
                        int k = s ? b : w;
                        for (uint64_t t = bb_king_attacks(k); t; t &= t - 1) {
                            int to = bb_popcount((t & (0 - t)) - 1);
                            int nw = s ? w : to, nb = s ? to : b;
                            if (kings_apart(nw, nb)) n += cur[s ^ 1][nw][nb];
                        }
                    }
                    nxt[s][w][b] = n;
                }
        memcpy(cur, nxt, sizeof cur);
    }
    return cur[side0][wk0][bk0];
}

static void kk_check(const bb_chess_pos *pos, int depth, int threads, u128 want, const char *what)
{
    bb_chess_perft_opts o;
    bb_chess_perft_stats st;
    memset(&o, 0, sizeof o);
    memset(&st, 0x55, sizeof st);
    o.threads = threads;
    o.hash_mb = 32;
    o.stats = &st;
    uint64_t got = bb_chess_perft(pos, depth, &o);
    CHECK(!st.table_failed && st.table_bytes > 0 && !st.stopped, "%s depth %d: stats", what, depth);
    if (want < (u128)UINT64_MAX) {
        CHECK(got == (uint64_t)want && !st.overflow, "%s depth %d (%d threads): got %llu, want %llu%s", what, depth,
              threads, (unsigned long long)got, (unsigned long long)want, st.overflow ? " (overflow reported)" : "");
    } else {
        CHECK(got == UINT64_MAX && st.overflow, "%s depth %d (%d threads): got %llu (overflow %d), want UINT64_MAX and "
              "overflow (the count is %llu * 2^64 + %llu)", what, depth, threads, (unsigned long long)got, st.overflow,
              (unsigned long long)(want >> 64), (unsigned long long)want);
    }
}

static void overflow_kk(void)
{
    bb_chess_pos pos;
    parse(&pos, "8/8/8/4k3/8/8/8/4K3 w - - 0 1");
    int first_over = 0;
    static const int depths[] = {1, 2, 3, 4, 6, 9, 13, 17, 20, 22, 23, 24};
    const long nd = (long)(sizeof depths / sizeof depths[0]);
    for (long i = 0; i < nd; i++) {
        int d = depths[i];
        u128 want = kk_dp(BB_E1, BB_E5, BB_WHITE, d);
        if (!first_over && want >= (u128)UINT64_MAX) first_over = d;
        if (bbt_mine(i)) kk_check(&pos, d, 1, want, "K v K");
    }
    CHECK(first_over == 24 && kk_dp(BB_E1, BB_E5, BB_WHITE, 23) < (u128)UINT64_MAX,
          "K v K first passes 2^64 at depth %d (the reference itself is off?)", first_over);
    if (bbt_mine(nd)) kk_check(&pos, 24, 2, kk_dp(BB_E1, BB_E5, BB_WHITE, 24), "K v K");
    if (!bbt_mine(nd + 1)) return;
    /* divide: each root move's count the child's, saturated alike */
    bb_chess_perft_opts o;
    bb_chess_perft_stats st;
    memset(&o, 0, sizeof o);
    o.hash_mb = 32;
    o.stats = &st;
    divide_log log;
    log.n = 0;
    uint64_t total = bb_chess_perft_divide(&pos, 24, &o, log_move, &log);
    CHECK(total == UINT64_MAX && st.overflow, "K v K divide 24: total %llu", (unsigned long long)total);
    CHECK(log.n == 5, "K v K divide: %d root moves", log.n);
    for (int i = 0; i < log.n; i++) {
        u128 want = kk_dp(bb_chess_move_to(log.moves[i]), BB_E5, BB_BLACK, 23);
        uint64_t w = want >= (u128)UINT64_MAX ? UINT64_MAX : (uint64_t)want;
        CHECK(log.counts[i] == w, "K v K divide 24, move to %d: got %llu, want %llu", bb_chess_move_to(log.moves[i]),
              (unsigned long long)log.counts[i], (unsigned long long)w);
    }
}

/* A table that cannot be had: no count, reported; the rate of a plain call. */
static void table_report(void)
{
    bb_chess_pos pos;
    bb_chess_start(&pos);
    bb_chess_perft_opts o;
    bb_chess_perft_stats st;
    memset(&o, 0, sizeof o);
    o.stats = &st;
    uint64_t n = bb_chess_perft(&pos, 3, &o);
    CHECK(n == 8902 && !st.overflow && !st.table_failed && st.table_bytes == 0, "plain perft 3: stats");
    o.hash_mb = 1;
    n = bb_chess_perft(&pos, 3, &o);
    CHECK(n == 8902 && st.table_bytes > 0 && st.table_bytes <= ((size_t)1 << 20), "1 MiB table: %zu bytes",
          st.table_bytes);
    o.use_method = 1, o.method = BB_ATTACKS_MAGIC;
    n = bb_chess_perft(&pos, 3, &o);
    CHECK(n == 8902 && st.table_bytes == 0, "use_method ignores hash_mb: %zu bytes", st.table_bytes);
    /* more than any machine here has (the library caps at 1 TiB): refused, not counted without
     * (AddressSanitizer's allocator aborts on such a request instead of failing it) */
#if defined(__SANITIZE_ADDRESS__)
    SKIP("AddressSanitizer aborts on a 1 TiB calloc (the other builds check it)");
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
    SKIP("AddressSanitizer aborts on a 1 TiB calloc (the other builds check it)");
#endif
#endif
    o.use_method = 0, o.hash_mb = (size_t)1 << 20;
    n = bb_chess_perft(&pos, 3, &o);
    if (st.table_bytes) SKIP("this machine allocated a 1 TiB table");
    CHECK(n == 0 && st.table_failed, "a 1 TiB table: count %llu, table_failed %d", (unsigned long long)n,
          st.table_failed);
}

/* ---- progress and stop ------------------------------------------------------------------- */
typedef struct {
    int calls, last_done, total, ordered;
    uint64_t last_nodes;
    volatile int *stop_after_first;
} progress_log;

static void on_progress(uint64_t nodes, int done, int total, void *arg)
{
    progress_log *p = arg;
    if (p->calls && (done < p->last_done || nodes < p->last_nodes)) p->ordered = 0;
    p->calls++, p->last_done = done, p->total = total, p->last_nodes = nodes;
    if (p->stop_after_first) *p->stop_after_first = 1;
}

static void progress_reports(void)
{
    bb_chess_pos pos;
    parse(&pos, KIWIPETE);
    for (int t = 1; t <= 2; t++) {
        progress_log p;
        memset(&p, 0, sizeof p);
        p.ordered = 1;
        bb_chess_perft_opts o;
        memset(&o, 0, sizeof o);
        o.threads = t;
        o.progress = on_progress;
        o.progress_arg = &p;
        uint64_t n = bb_chess_perft(&pos, 4, &o);
        CHECK(n == 4085603, "%d threads: perft with progress: %llu", t, (unsigned long long)n);
        CHECK(p.calls > 0 && p.ordered, "%d threads: %d progress calls, in order: %d", t, p.calls, p.ordered);
        CHECK(p.total == 48, "%d threads: progress total %d root moves", t, p.total);
        /* the last report is the end, even when the other thread counted every subtree */
        CHECK(p.last_done == 48 && p.last_nodes == 4085603, "%d threads: last report: %d done, %llu nodes", t,
              p.last_done, (unsigned long long)p.last_nodes);
    }
    /* the race at the end, run often: the caller counts its last subtree
       while another thread ends the last root move; the last report must
       carry every node (perft 2: many tiny subtrees; a run catches the old
       fault, a report read before the roots done, only now and then: the
       ordering in run_tasks, src/chess/perft.c, is the fix's argument) */
    int late = 0;
    for (int r = 0; r < 200; r++) {
        progress_log p;
        memset(&p, 0, sizeof p);
        p.ordered = 1;
        bb_chess_perft_opts o;
        memset(&o, 0, sizeof o);
        o.threads = 2;
        o.progress = on_progress;
        o.progress_arg = &p;
        uint64_t n = bb_chess_perft(&pos, 2, &o);
        if ((n != 2039 || p.last_done != 48 || p.last_nodes != 2039 || !p.ordered) && late++ < 3)
            CHECK(0, "run %d, 2 threads, perft 2: %llu; last report %d done, %llu nodes; in order %d", r,
                  (unsigned long long)n, p.last_done, (unsigned long long)p.last_nodes, p.ordered);
    }
    CHECK(late == 0, "%d of 200 runs ended on a report short of the count", late);
}

#if HAVE_THREADS
static volatile int async_stop;
static void *stop_later(void *arg)
{
    (void)arg;
    struct timespec ts = {0, 50 * 1000 * 1000};
    nanosleep(&ts, NULL);
    async_stop = 1;
    return NULL;
}
#endif

static void stop_flag(void)
{
    bb_chess_pos pos;
    bb_chess_start(&pos);
    /* set before: a search of hours returns at once */
    volatile int stop = 1;
    bb_chess_perft_opts o;
    memset(&o, 0, sizeof o);
    o.stop = &stop;
    (void)bb_chess_perft(&pos, 10, &o);
    o.threads = 2;
    (void)bb_chess_perft(&pos, 10, &o);
    o.use_method = 1;
    (void)bb_chess_perft(&pos, 10, &o);
    /* set by the progress callback after the first root move */
    stop = 0;
    progress_log p;
    memset(&p, 0, sizeof p);
    p.stop_after_first = &stop;
    memset(&o, 0, sizeof o);
    o.stop = &stop;
    o.progress = on_progress;
    o.progress_arg = &p;
    uint64_t n = bb_chess_perft(&pos, 5, &o);
    CHECK(stop == 1 && n < 4865609, "stopped by progress: %llu nodes", (unsigned long long)n);
    CHECK(p.calls == 1, "progress after the stop: %d calls", p.calls);
#if HAVE_THREADS
    /* set by another thread during a search of hours, one thread and two */
    for (int t = 1; t <= 2; t++) {
        async_stop = 0;
        memset(&o, 0, sizeof o);
        o.stop = &async_stop;
        o.threads = t;
        pthread_t th;
        if (pthread_create(&th, NULL, stop_later, NULL) != 0) SKIP("no thread");
        (void)bb_chess_perft(&pos, 10, &o);
        pthread_join(th, NULL);
        CHECK(async_stop == 1, "perft 10 returned before the stop");
    }
#endif
}

int main(void)
{
    RUN(perft_wiki);
    RUN(perft_chess960);
    RUN(perft_suite);
    RUN(perft_edges);
    RUN(tree_last_ply_against_slow);
    RUN(random_games_against_slow);
    RUN(chess960_castling_edges);
    RUN(perft_methods);
    RUN(threads_same);
    RUN(hash_same);
    RUN(overflow_kk);
    RUN(table_report);
    RUN(divide_sums);
    RUN(progress_reports);
    RUN(stop_flag);
    return bbt_finish("chess_perft");
}
