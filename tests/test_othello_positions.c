/* Othello distinct positions per ply: plies 1-6 against a naive count (every
 * game walked square by square, each position written out as 64 cells and
 * the side to move, the set a sorted array of those strings, the symmetric
 * form the least of the 8 images drawn cell by cell), from the start and
 * from positions with passes and game overs; the published counts from the
 * start (OEIS A124005) to ply 9; the same on 2, 3 and 4 threads; the
 * callback, the stop, the memory limit. */
#include <stdlib.h>
#include <string.h>

#include "bitboard.h"
#include "harness.h"
#include "reference_othello.h"

/* ---- the naive walk -------------------------------------------------------------- */


enum { KEY = 66 }; /* 64 cells, the side to move, NUL */
typedef struct { char s[KEY]; } key;

/* The position as text: cell 8r+f is 'X' black, 'O' white, '-' empty; then
 * the side to move. */
static key write_key(uint64_t p, uint64_t o, int side)
{
    key k;
    uint64_t black = side ? o : p, white = side ? p : o;
    for (int sq = 0; sq < 64; sq++)
        k.s[sq] = ((black >> sq) & 1) ? 'X' : ((white >> sq) & 1) ? 'O' : '-';
    k.s[64] = side ? 'O' : 'X';
    k.s[65] = '\0';
    return k;
}

/* The least of the 8 images of the cells (the side to move stays):
 * (f, r) goes to (f, r), (7-f, r), (f, 7-r), (7-f, 7-r) and the same with f
 * and r exchanged. */
static key least_image(const key *k)
{
    key best = *k;
    for (int s = 1; s < 8; s++) {
        key img = *k;
        for (int r = 0; r < 8; r++)
            for (int f = 0; f < 8; f++) {
                int ff = (s & 1) ? 7 - f : f, rr = (s & 2) ? 7 - r : r;
                if (s & 4) {
                    int t = ff;
                    ff = rr, rr = t;
                }
                img.s[8 * rr + ff] = k->s[8 * r + f];
            }
        if (strcmp(img.s, best.s) < 0) best = img;
    }
    return best;
}

typedef struct { key *k; size_t n, cap; } key_list;

static void list_add(key_list *l, key k)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 1024;
        l->k = realloc(l->k, l->cap * sizeof(key));
        if (!l->k) abort();
    }
    l->k[l->n++] = k;
}

static int cmp_key(const void *a, const void *b) { return strcmp(((const key *)a)->s, ((const key *)b)->s); }

/* The number of distinct entries. */
static uint64_t count_distinct(key_list *l)
{
    if (l->n == 0) return 0;
    qsort(l->k, l->n, sizeof(key), cmp_key);
    uint64_t d = 1;
    for (size_t i = 1; i < l->n; i++) d += strcmp(l->k[i].s, l->k[i - 1].s) != 0;
    return d;
}

/* Every game from (p, o, side) to ply max: each position reached at ply k
 * goes into at[k] (as it is) and sym_at[k] (its least image).  A pass (no
 * move, the opponent has one) is a ply; when neither side can move the game
 * ends there. */
static long passes_seen, ends_seen;
static void walk(uint64_t p, uint64_t o, int side, int ply, int max, key_list *at, key_list *sym_at)
{
    key k = write_key(p, o, side);
    list_add(&at[ply], k);
    list_add(&sym_at[ply], least_image(&k));
    if (ply == max) return;
    uint64_t m = ref_othello_moves(p, o);
    if (!m) {
        if (ref_othello_moves(o, p)) passes_seen++, walk(o, p, side ^ 1, ply + 1, max, at, sym_at);
        else ends_seen++;
        return;
    }
    for (int sq = 0; sq < 64; sq++) {
        if (!((m >> sq) & 1)) continue;
        uint64_t f = ref_othello_flips(p, o, sq);
        walk(o ^ f, p ^ f ^ ((uint64_t)1 << sq), side ^ 1, ply + 1, max, at, sym_at);
    }
}

enum { NAIVE_PLIES = 6 };

static void naive_counts(const bb_othello_pos *pos, int plies, uint64_t *raw, uint64_t *sym)
{
    key_list at[NAIVE_PLIES + 1], sym_at[NAIVE_PLIES + 1];
    memset(at, 0, sizeof at);
    memset(sym_at, 0, sizeof sym_at);
    walk(pos->p, pos->o, pos->side, 0, plies, at, sym_at);
    for (int k = 0; k <= plies; k++) {
        raw[k] = count_distinct(&at[k]);
        sym[k] = count_distinct(&sym_at[k]);
        free(at[k].k);
        free(sym_at[k].k);
    }
}

/* ---- positions to count from ----------------------------------------------------- */

enum { N_RANDOM = 16 };
static bb_othello_pos random_pos[N_RANDOM];
static int n_random;

/* Positions of random games (one side may have to pass, or the end be near). */
static void make_positions(void)
{
    uint64_t rng = 10;
    while (n_random < N_RANDOM) {
        bb_othello_pos pos = bb_othello_start();
        int stop = n_random < 2 ? 1 + (int)(bbt_next(&rng) % 3) : 46 + (int)(bbt_next(&rng) % 14);
        for (int i = 0; i < stop; i++) {
            uint64_t m = ref_othello_moves(pos.p, pos.o);
            if (!m) {
                if (bb_othello_pass(&pos) != 0) break;
                continue;
            }
            int r = (int)(bbt_next(&rng) % (uint64_t)bb_popcount(m));
            while (r--) m &= m - 1;
            int sq = 0;
            while (!((m >> sq) & 1)) sq++;
            bb_othello_play(&pos, sq);
        }
        random_pos[n_random++] = pos;
    }
}

static void check_against_naive(const char *what, const bb_othello_pos *pos)
{
    uint64_t raw[NAIVE_PLIES + 1], sym[NAIVE_PLIES + 1], want_raw[NAIVE_PLIES + 1], want_sym[NAIVE_PLIES + 1];
    naive_counts(pos, NAIVE_PLIES, want_raw, want_sym);
    bb_othello_positions_opts opts;
    memset(&opts, 0, sizeof opts);
    int rc = bb_othello_positions(pos, NAIVE_PLIES, raw, sym, &opts);
    CHECK(rc == 0, "%s: returned %d", what, rc);
    for (int k = 0; k <= NAIVE_PLIES; k++) {
        CHECK(raw[k] == want_raw[k], "%s ply %d: %llu positions, naive %llu", what, k, (unsigned long long)raw[k],
              (unsigned long long)want_raw[k]);
        CHECK(sym[k] == want_sym[k], "%s ply %d: %llu up to symmetry, naive %llu", what, k,
              (unsigned long long)sym[k], (unsigned long long)want_sym[k]);
    }
    CHECK(opts.peak_bytes > 0, "%s: peak %zu", what, opts.peak_bytes);
    /* on threads, each owning a part of the positions: the same counts */
    for (int t = 2; t <= 3; t++) {
        uint64_t traw[NAIVE_PLIES + 1], tsym[NAIVE_PLIES + 1];
        opts.threads = t;
        CHECK(bb_othello_positions(pos, NAIVE_PLIES, traw, tsym, &opts) == 0, "%s, %d threads", what, t);
        for (int k = 0; k <= NAIVE_PLIES; k++)
            CHECK(traw[k] == want_raw[k] && tsym[k] == want_sym[k], "%s, %d threads, ply %d: %llu %llu", what, t, k,
                  (unsigned long long)traw[k], (unsigned long long)tsym[k]);
    }
}

/* ---- the tests -------------------------------------------------------------------- */

static void test_start_naive(void)
{
    bb_othello_pos start = bb_othello_start();
    check_against_naive("start", &start);
}

static void test_random_naive(void)
{
    passes_seen = ends_seen = 0;
    for (int i = 0; i < N_RANDOM; i++) {
        char what[32];
        snprintf(what, sizeof what, "random position %d", i);
        check_against_naive(what, &random_pos[i]);
    }
    /* the positions must reach the cases: passes and ends within 6 plies */
    CHECK(passes_seen > 0 && ends_seen > 0, "the walks saw %ld passes, %ld ends", passes_seen, ends_seen);
}

/* A pass: white has no move, black has g8; after g8 the board is full.  The
 * position after the pass has the same discs, black to move: it counts. */
static void test_pass_naive(void)
{
    static const char board[] = "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO-X O";
    bb_othello_pos pos;
    CHECK(bb_othello_parse(board, &pos, NULL) == 0, "parse");
    check_against_naive("white must pass", &pos);
    uint64_t raw[4], sym[4];
    CHECK(bb_othello_positions(&pos, 3, raw, sym, NULL) == 0, "NULL opts");
    /* ply 1 the pass, ply 2 g8 (the board full: the end), ply 3 nothing */
    CHECK(raw[0] == 1 && raw[1] == 1 && raw[2] == 1 && raw[3] == 0, "%llu %llu %llu %llu",
          (unsigned long long)raw[0], (unsigned long long)raw[1], (unsigned long long)raw[2],
          (unsigned long long)raw[3]);
    CHECK(sym[3] == 0 && sym[2] == 1, "sym %llu %llu", (unsigned long long)sym[2], (unsigned long long)sym[3]);
}

/* OEIS A124005, the number of distinct positions after n plies, n = 0..9. */
static void test_published(void)
{
    static const uint64_t a124005[10] = {1, 4, 12, 54, 236, 1288, 7092, 42614, 269352, 1743560};
    uint64_t raw[10], sym[10], traw[10], tsym[10];
    bb_othello_pos start = bb_othello_start();
    CHECK(bb_othello_positions(&start, 9, raw, sym, NULL) == 0, "rc");
    bb_othello_positions_opts opts;
    memset(&opts, 0, sizeof opts);
    opts.threads = 4;
    CHECK(bb_othello_positions(&start, 9, traw, tsym, &opts) == 0, "4 threads");
    CHECK(memcmp(raw, traw, sizeof raw) == 0 && memcmp(sym, tsym, sizeof sym) == 0, "4 threads: other counts");
    for (int k = 0; k <= 9; k++) {
        CHECK(raw[k] == a124005[k], "ply %d: %llu, A124005 %llu", k, (unsigned long long)raw[k],
              (unsigned long long)a124005[k]);
        /* a class holds at least 1 of the positions reached, at most 8 */
        CHECK(sym[k] <= raw[k] && 8 * sym[k] >= raw[k], "ply %d: %llu up to symmetry of %llu", k,
              (unsigned long long)sym[k], (unsigned long long)raw[k]);
    }
    CHECK(sym[1] == 1 && sym[2] == 3, "sym[1] %llu sym[2] %llu", (unsigned long long)sym[1],
          (unsigned long long)sym[2]);
}

typedef struct { int calls, stop_at, order_ok; uint64_t raw[8], sym[8]; } seen;
static int on_ply(void *arg, int ply, uint64_t raw, uint64_t sym)
{
    seen *s = arg;
    if (ply != s->calls) s->order_ok = 0;
    if (ply < 8) s->raw[ply] = raw, s->sym[ply] = sym;
    s->calls++;
    return s->stop_at >= 0 && ply == s->stop_at;
}

static void test_callback_and_stop(void)
{
    bb_othello_pos start = bb_othello_start();
    uint64_t raw[7], sym[7];
    seen s;
    memset(&s, 0, sizeof s);
    s.order_ok = 1, s.stop_at = -1;
    bb_othello_positions_opts opts;
    memset(&opts, 0, sizeof opts);
    opts.ply_done = on_ply, opts.arg = &s;
    CHECK(bb_othello_positions(&start, 6, raw, sym, &opts) == 0, "rc");
    CHECK(s.calls == 7 && s.order_ok, "%d calls, in order %d", s.calls, s.order_ok);
    for (int k = 0; k <= 6; k++)
        CHECK(s.raw[k] == raw[k] && s.sym[k] == sym[k], "ply %d: the callback saw other counts", k);

    memset(&s, 0, sizeof s);
    s.order_ok = 1, s.stop_at = 3;
    CHECK(bb_othello_positions(&start, 6, raw, sym, &opts) == -2, "stop");
    CHECK(s.calls == 4, "%d calls", s.calls);
    CHECK(raw[3] == 54 && raw[4] == 0 && raw[6] == 0 && sym[4] == 0, "after the stop: %llu %llu",
          (unsigned long long)raw[3], (unsigned long long)raw[4]);
}

static void test_memory_limit(void)
{
    bb_othello_pos start = bb_othello_start();
    uint64_t raw[9], sym[9];
    bb_othello_positions_opts opts;
    memset(&opts, 0, sizeof opts);
    CHECK(bb_othello_positions(&start, 8, raw, sym, &opts) == 0, "rc");
    size_t need = opts.peak_bytes;
    /* ply 8's 269,352 positions need at least 16 bytes each in the set */
    CHECK(need >= 269352 * 16, "peak %zu", need);
    opts.max_bytes = need;
    CHECK(bb_othello_positions(&start, 8, raw, sym, &opts) == 0, "with max_bytes = the peak");
    CHECK(opts.peak_bytes <= need, "peak %zu over %zu", opts.peak_bytes, need);
    opts.max_bytes = need / 2;
    CHECK(bb_othello_positions(&start, 8, raw, sym, &opts) == -1, "half the memory");
    CHECK(opts.peak_bytes <= need / 2, "peak %zu over %zu", opts.peak_bytes, need / 2);
    CHECK(raw[8] == 0 && sym[8] == 0, "ply 8 not reached: %llu", (unsigned long long)raw[8]);
    CHECK(raw[5] == 1288, "ply 5 reached: %llu", (unsigned long long)raw[5]);
    opts.threads = 2, opts.max_bytes = need / 2;
    CHECK(bb_othello_positions(&start, 8, raw, sym, &opts) == -1, "half the memory, 2 threads");
    CHECK(raw[8] == 0 && raw[5] == 1288, "2 threads: ply 8 %llu, ply 5 %llu", (unsigned long long)raw[8],
          (unsigned long long)raw[5]);
    opts.threads = 0, opts.max_bytes = 1;
    CHECK(bb_othello_positions(&start, 3, raw, sym, &opts) == -1, "1 byte");
    CHECK(raw[0] == 0, "nothing counted: %llu", (unsigned long long)raw[0]);
}

static void test_edges(void)
{
    bb_othello_pos start = bb_othello_start(), empty;
    uint64_t raw[61], sym[61];
    CHECK(bb_othello_positions(&start, 0, raw, sym, NULL) == 0 && raw[0] == 1 && sym[0] == 1, "ply 0");
    memset(&empty, 0, sizeof empty);
    CHECK(bb_othello_positions(&empty, 60, raw, sym, NULL) == 0, "the empty board");
    CHECK(raw[0] == 1 && sym[0] == 1 && raw[1] == 0 && raw[60] == 0, "the empty board: %llu %llu",
          (unsigned long long)raw[0], (unsigned long long)raw[1]);
#ifndef BB_DEBUG
    raw[0] = 7;
    CHECK(bb_othello_positions(&start, -1, raw, sym, NULL) == -1 && raw[0] == 7, "plies -1: nothing written");
#endif
}

int main(void)
{
    make_positions();
    RUN(test_start_naive);
    RUN(test_random_naive);
    RUN(test_pass_naive);
    RUN(test_published);
    RUN(test_callback_and_stop);
    RUN(test_memory_limit);
    RUN(test_edges);
    return bbt_finish("othello_positions");
}
