/* The solver's evaluation (src/othello/eval.h, weights in eval_weights.c):
 *   - the table offsets are the sums of 3^(squares of each pattern);
 *   - every index against a square-by-square definition written here (each
 *     image's squares found by searching all 64 for the one bb_sym_square
 *     maps there), on positions of random games and random boards;
 *   - the scalars against the public features they are made of;
 *   - the value is the same for a position and its 8 images, exactly;
 *   - the committed weights know something: on positions of random games
 *     with 12 and 14 empties, solved exactly here, the estimate's error is
 *     well under the scores' own spread and it ranks the moves of a position
 *     better than chance (a table of zeros or a shuffled one fails both);
 *   - the solver searches far fewer nodes with it than without it
 *     (--no-eval) on FFO #40 and #41, and finds the published scores;
 *   - the score does not depend on where the estimate puts the first test:
 *     positions of random games with 16-18 empties, with and without it;
 *   - the weights are the ones trained: digests of every weight of both
 *     sets, and of the values of 30,000 positions (every stage's weights on
 *     each, and both estimates), against figures taken before the weights
 *     moved from C source to data/othello/ (commit d32536e);
 *   - the packed form (eval_pack.h, the WebAssembly build's) expands to the
 *     full tables and to data/othello/eval.bin's weights, byte for byte, and
 *     the same values; cut, damaged or inconsistent forms are refused with
 *     what is wrong named and every weight left 0, never half expanded. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bitboard.h"
#include "harness.h"
#include "ffo.h"
#include "othello_games.h"
#include "../src/othello/eval.h"
#include "../tools/eval_file.h"

static void offsets(void)
{
    int at = 0;
    for (int j = 0; j < BB__EVAL_PATTERNS; j++) {
        int n = bb_popcount(bb__eval_mask[j]), size = 1;
        for (int i = 0; i < n; i++) size *= 3;
        CHECK(n >= 4 && n <= 10, "pattern %d has %d squares", j, n);
        CHECK(bb__eval_offset[j] == at, "pattern %d starts at %d, want %d", j, bb__eval_offset[j], at);
        at += size;
    }
    CHECK(bb__eval_offset[BB__EVAL_PATTERNS] == at && at == BB__EVAL_TABLE, "the tables end at %d, want %d", at,
          BB__EVAL_TABLE);
}

/* The index of pattern j in image s of (p, o), square by square. */
static int slow_index(uint64_t p, uint64_t o, int s, int j)
{
    int v = 0, power = 1;
    for (int sq = 0; sq < 64; sq++) { /* the pattern's squares in ascending order */
        if (!(bb__eval_mask[j] >> sq & 1)) continue;
        int from = -1; /* the square of (p, o) that the image puts at sq */
        for (int x = 0; x < 64; x++)
            if (bb_sym_square(x, (bb_sym)s) == sq) from = x;
        int digit = p >> from & 1 ? 1 : o >> from & 1 ? 2 : 0;
        v += digit * power;
        power *= 3;
    }
    return bb__eval_offset[j] + v;
}

static void check_indices(uint64_t p, uint64_t o, const char *what)
{
    int idx[BB__EVAL_INDICES];
    bb__othello_eval_indices(p, o, idx);
    for (int s = 0; s < 8; s++)
        for (int j = 0; j < BB__EVAL_PATTERNS; j++) {
            int want = slow_index(p, o, s, j), got = idx[s * BB__EVAL_PATTERNS + j];
            CHECK(got == want, "%s: image %d pattern %d: index %d, want %d", what, s, j, got, want);
            if (got != want) return;
        }
}

static void indices(void)
{
    uint64_t rng = 3;
    for (int t = 0; t < 300; t++) {
        bb_othello_pos pos;
        if (!random_position(&rng, t % 60, &pos)) continue;
        check_indices(pos.p, pos.o, "a position of a random game");
        uint64_t a = bbt_next(&rng), b = bbt_next(&rng) & ~a; /* random boards: every digit everywhere */
        check_indices(a, b, "a random board");
        check_indices(b, a, "a random board, the other side");
    }
    check_indices(0, 0, "the empty board");
    check_indices(~0ULL, 0, "a full board");
}

static void scalars(void)
{
    uint64_t rng = 4;
    for (int t = 0; t < 200; t++) {
        bb_othello_pos pos;
        if (!random_position(&rng, 4 + t % 56, &pos)) continue;
        int x[BB__EVAL_SCALARS];
        bb__othello_eval_scalars(pos.p, pos.o, x);
        int want[4] = {1, bb_othello_mobility(pos.p, pos.o) - bb_othello_mobility(pos.o, pos.p),
                       bb_othello_potential_mobility(pos.p, pos.o) - bb_othello_potential_mobility(pos.o, pos.p),
                       (64 - bb_popcount(pos.p | pos.o)) % 2 ? 1 : -1};
        CHECK(memcmp(x, want, sizeof want) == 0, "position %d: scalars %d %d %d %d", t, x[0], x[1], x[2], x[3]);
    }
}

/* Every stage was trained: no stage's table is all zeros, and each stage
 * differs from the one before it (a stage copied or left out fails). */
static void stages(void)
{
    for (int s = 0; s < BB__EVAL_STAGES; s++) {
        int nonzero = 0, differ = 0;
        for (int i = 0; i < BB__EVAL_WEIGHTS; i++) {
            nonzero += bb__othello_eval_weights[s][i] != 0;
            if (s) differ += bb__othello_eval_weights[s][i] != bb__othello_eval_weights[s - 1][i];
        }
        CHECK(nonzero > 100, "stage %d: %d weights not zero", s, nonzero); /* stage 9: 426, 307 positions */
        if (s) CHECK(differ > 100, "stage %d: %d weights differ from stage %d", s, differ, s - 1);
    }
    /* the stage of each number of empties */
    for (int e = 0; e <= 60; e++) {
        int want = e <= 6 ? 0 : (e - 1) / 6;
        CHECK(bb__eval_stage(e) == want, "%d empties: stage %d, want %d", e, bb__eval_stage(e), want);
    }
}

static void symmetric(void)
{
    uint64_t rng = 6;
    for (int t = 0; t < 300; t++) {
        bb_othello_pos pos;
        if (!random_position(&rng, t % 60, &pos)) continue;
        int v = bb__othello_eval(pos.p, pos.o);
        for (int s = 1; s < 8; s++) {
            int w = bb__othello_eval(bb_sym_apply(pos.p, (bb_sym)s), bb_sym_apply(pos.o, (bb_sym)s));
            CHECK(w == v, "position %d: %d in image %d, %d as it stands", t, w, s, v);
        }
    }
}

static double root(double x) /* no libm in the tests */
{
    double r = x > 1 ? x : 1;
    for (int i = 0; i < 60; i++) r = (r + x / r) / 2;
    return r;
}

/* The estimate against exact scores, and the moves it ranks. */
static void knows_something(void)
{
    uint64_t rng = 11;
    bb_othello_solve_opts o;
    memset(&o, 0, sizeof o);
    o.hash_mb = 1;
    double se = 0, sum = 0, sum2 = 0;
    int n = 0, ranked = 0, best_first = 0;
    double chance = 0; /* the hits a random pick expects */
    for (int t = 0; t < 160; t++) {
        bb_othello_pos pos;
        if (!random_position(&rng, t % 2 ? 14 : 12, &pos)) continue;
        if (!bbt_mine(t)) continue; /* (after its position: the same in every slice) */
        uint64_t m = bb_othello_moves(pos.p, pos.o);
        if (!m) continue;
        bb_othello_solve_result r;
        CHECK(bb_othello_solve(&pos, &o, &r) == 0, "solve");
        double e = bb__othello_eval(pos.p, pos.o) / (double)BB__EVAL_UNIT - r.score;
        se += e * e, sum += r.score, sum2 += (double)r.score * r.score, n++;
        if (bb_popcount(m) < 3) continue;
        /* the move the estimate likes best: does it reach the exact score? */
        int pick = -1, top = -(1 << 30), reach = 0;
        for (uint64_t x = m; x; x &= x - 1) {
            int sq = __builtin_ctzll(x);
            uint64_t f = bb_othello_flips(pos.p, pos.o, sq);
            int v = -bb__othello_eval(pos.o & ~f, pos.p | f | (1ULL << sq));
            if (v > top) top = v, pick = sq;
        }
        for (uint64_t x = m; x; x &= x - 1) {
            bb_othello_pos q = pos;
            bb_othello_play(&q, __builtin_ctzll(x));
            bb_othello_solve_result c;
            CHECK(bb_othello_solve(&q, &o, &c) == 0, "solve");
            int good = -c.score == r.score;
            reach += good;
            if (__builtin_ctzll(x) == pick) best_first += good;
        }
        ranked++;
        chance += (double)reach / bb_popcount(m);
    }
    double rms = root(se / n), spread = root(sum2 / n - (sum / n) * (sum / n));
    printf("  evaluation: %d positions, error %.2f discs (RMS), scores' spread %.2f; its favourite move is a best "
           "move in %d of %d (a random pick: %.1f)\n",
           n, rms, spread, best_first, ranked, chance);
    CHECK(n >= 140 / bbt_slices(), "only %d positions", n);
    /* (the evaluation's quality, a property of its weights, is judged on
       every position: in the runs that have them all) */
    if (bbt_slices() == 1) {
        CHECK(rms < 0.6 * spread, "error %.2f discs against a spread of %.2f", rms, spread);
        CHECK(best_first > 2.5 * chance, "a best move in %d of %d, a random pick %.1f", best_first, ranked, chance);
    }
}

/* The solver with and without it on FFO #40 and #41 (tests/ffo.h): the
 * published scores both ways, and far fewer nodes with it (0.64x and 0.58x
 * when this was written; a table of zeros changes almost nothing). */
static void saves_nodes(void)
{
    for (int k = 0; k < 2; k++) {
        if (!bbt_mine(k)) continue;
        const ffo_case *c = &ffo_cases[k];
        bb_othello_pos pos;
        CHECK(bb_othello_parse(c->position, &pos, NULL) == 0, "FFO #%d", c->number);
        bb_othello_solve_opts o;
        memset(&o, 0, sizeof o);
        o.hash_mb = 16;
        bb_othello_solve_result a, b;
        CHECK(bb_othello_solve(&pos, &o, &a) == 0, "solve");
        o.no_eval = 1;
        CHECK(bb_othello_solve(&pos, &o, &b) == 0, "solve without the evaluation");
        CHECK(a.score == c->score && b.score == c->score, "FFO #%d: %d with the evaluation, %d without, want %d",
              c->number, a.score, b.score, c->score);
        printf("  FFO #%d: %llu nodes with the evaluation, %llu without\n", c->number, (unsigned long long)a.nodes,
               (unsigned long long)b.nodes);
        CHECK(a.nodes < 0.8 * (double)b.nodes, "FFO #%d: %llu nodes with the evaluation, %llu without", c->number,
              (unsigned long long)a.nodes, (unsigned long long)b.nodes);
    }
}

/* From 16 empties the first null-window test goes where the estimate says:
 * the score must not depend on it.  Positions of random games with 16-18
 * empties (some with a pass to come), solved with and without the
 * evaluation, and with a window around the score. */
static void same_scores(void)
{
    uint64_t rng = 31;
    int made = 0;
    for (int t = 0; t < 16; t++) {
        bb_othello_pos pos;
        if (!random_position(&rng, 16 + t % 3, &pos)) continue;
        made++;
        if (!bbt_mine(t)) continue; /* (after its position: the same in every slice) */
        bb_othello_solve_opts o;
        memset(&o, 0, sizeof o);
        o.hash_mb = 4;
        bb_othello_solve_result a, b, w;
        CHECK(bb_othello_solve(&pos, &o, &a) == 0, "solve");
        o.no_eval = 1;
        CHECK(bb_othello_solve(&pos, &o, &b) == 0, "solve without the evaluation");
        o.no_eval = 0, o.alpha = a.score - 2, o.beta = a.score + 2;
        CHECK(bb_othello_solve(&pos, &o, &w) == 0, "solve in a window");
        CHECK(a.score == b.score && w.score == a.score && w.bound == 0 && a.bound == 0,
              "position %d: %d with the evaluation, %d without, %d in (%d, %d)", t, a.score, b.score, w.score,
              o.alpha, o.beta);
    }
    CHECK(made >= 14, "only %d positions", made);
}

/* FNV-1a over the 16 bits of each value. */
static uint64_t fnv(uint64_t h, int v)
{
    unsigned u = (unsigned)v & 0xFFFFu;
    h = (h ^ (u & 0xFF)) * 0x100000001B3ULL;
    return (h ^ (u >> 8)) * 0x100000001B3ULL;
}

/* The weights and the values are the trained ones, unchanged since commit
 * d32536e (where the weights were C source in src/othello/): the figures
 * below were printed there by this test.  A weight changed, dropped, moved
 * by one place, or a stage swapped fails it; new weights (make othello-eval)
 * come with new figures, printed here on failure. */
static void golden(void)
{
    uint64_t hw = 0xCBF29CE484222325ULL, hs = hw, hv = hw;
    for (int s = 0; s < BB__EVAL_STAGES; s++)
        for (int i = 0; i < BB__EVAL_WEIGHTS; i++) hw = fnv(hw, bb__othello_eval_weights[s][i]);
    for (int i = 0; i < BB__EVAL_WEIGHTS; i++) hs = fnv(hs, bb__othello_solver_weights[i]);
    /* positions of random games at every number of empties, and random boards */
    uint64_t rng = 47;
    int n = 0;
    for (int t = 0; t < 30000; t++) {
        bb_othello_pos pos;
        uint64_t p, o;
        if (t % 2 && random_position(&rng, 1 + t % 60, &pos)) {
            p = pos.p, o = pos.o;
        } else {
            p = bbt_board(&rng), o = bbt_board(&rng) & ~p;
        }
        for (int s = 0; s < BB__EVAL_STAGES; s++) hv = fnv(hv, bb__othello_eval_with(bb__othello_eval_weights[s], p, o));
        int e = bb__othello_eval(p, o), v = bb__othello_solver_eval(p, o);
        hv = fnv(fnv(hv, e), v);
        n++;
    }
    printf("  weights 0x%016llx (staged), 0x%016llx (solver's); values of %d positions 0x%016llx\n",
           (unsigned long long)hw, (unsigned long long)hs, n, (unsigned long long)hv);
    CHECK_EQ64(hw, 0x55cedc4283de7189ULL, "the staged weights' digest");
    CHECK_EQ64(hs, 0x8499a6c8b86f1ac1ULL, "the solver's weights' digest");
    CHECK_EQ64(hv, 0x574af37c810874dbULL, "the values' digest");
}

typedef int16_t weight_set[BB__EVAL_WEIGHTS];

/* The packed weights expand to the tables the library carries and to the
 * committed file's weights, every byte, and give the same values. */
static void packed(void)
{
    weight_set *w = malloc(BB__EVAL_STAGES * sizeof *w);
    char err[256] = "";
    eval_file e;
    CHECK(w, "out of memory");
    if (!w) return;
    CHECK(bb__othello_eval_unpack(bb__othello_eval_packed, bb__othello_eval_packed_size, w, err, sizeof err) == 0,
          "unpack: %s", err);
    CHECK(memcmp(w, bb__othello_eval_weights, sizeof bb__othello_eval_weights) == 0, "not the library's weights");
    CHECK(eval_file_read("data/othello/eval.bin", BB__EVAL_STAGES, &e, err, sizeof err) == 0, "%s", err);
    if (e.w) {
        size_t differ = 0;
        for (size_t i = 0; i < (size_t)BB__EVAL_STAGES * BB__EVAL_WEIGHTS; i++)
            differ += w[i / BB__EVAL_WEIGHTS][i % BB__EVAL_WEIGHTS] != e.w[i];
        CHECK(differ == 0, "%zu weights differ from data/othello/eval.bin's", differ);
    }
    eval_file_free(&e);
    uint64_t rng = 470;
    int same = 0;
    for (int t = 0; t < 2000; t++) {
        uint64_t p = bbt_board(&rng), o = bbt_board(&rng) & ~p;
        int s = t % BB__EVAL_STAGES;
        same += bb__othello_eval_with(w[s], p, o) == bb__othello_eval_with(bb__othello_eval_weights[s], p, o);
    }
    CHECK(same == 2000, "%d of 2000 values the same", same);
    /* the size the WebAssembly module carries: about an eighth of the tables */
    CHECK(bb__othello_eval_packed_size < sizeof bb__othello_eval_weights / 7, "%zu bytes packed",
          bb__othello_eval_packed_size);
    free(w);
}

/* unpack_bad(b, n, w, what): the form b (n bytes) is refused saying `what`,
 * with every weight of w 0. */
static void unpack_bad(const unsigned char *b, size_t n, weight_set *w, const char *why, const char *what)
{
    char err[256] = "";
    for (int s = 0; s < BB__EVAL_STAGES; s++) memset(w[s], 0x55, sizeof *w);
    int rc = bb__othello_eval_unpack(b, n, w, err, sizeof err);
    size_t left = 0;
    for (int s = 0; s < BB__EVAL_STAGES; s++)
        for (int i = 0; i < BB__EVAL_WEIGHTS; i++) left += w[s][i] != 0;
    CHECK(rc == 1 && strstr(err, what) && left == 0, "%s: status %d, \"%s\" (want \"%s\"), %zu weights not 0", why, rc,
          err, what, left);
}

/* b's CRC-32 set again after a change, so that the checks past it see it. */
static void reseal(unsigned char *b, size_t n)
{
    eval_file_put(b + 12, eval_file_crc(b + 16, n - 16), 4);
}

static void packed_damaged(void)
{
    size_t n = bb__othello_eval_packed_size, bitmap = BB__EVAL_PACK_FIXED + 4 * BB__EVAL_STAGES;
    unsigned char *b = malloc(n + 1);
    weight_set *w = malloc(BB__EVAL_STAGES * sizeof *w);
    CHECK(b && w, "out of memory");
    if (!b || !w) {
        free(b), free(w);
        return;
    }
    memcpy(b, bb__othello_eval_packed, n);
    char what[128];
    /* cut */
    unpack_bad(b, 0, w, "no bytes", "not the packed weights");
    unpack_bad(b, 30, w, "30 bytes", "30 bytes, cut short within the 80-byte header");
    snprintf(what, sizeof what, "%zu bytes, the header says %zu (cut short)", n - 1, n);
    unpack_bad(b, n - 1, w, "the last byte cut", what);
    snprintf(what, sizeof what, "%zu bytes, the header says %zu (cut short)", n / 2, n);
    unpack_bad(b, n / 2, w, "cut in half", what);
    b[n] = 0;
    snprintf(what, sizeof what, "%zu bytes, the header says %zu (bytes after the end)", n + 1, n);
    unpack_bad(b, n + 1, w, "a byte after the end", what);
    /* a byte flipped: in the header, a bitmap, a weight, the last byte */
    const size_t at[] = {3, 20, 30, bitmap + 100, n / 2, n - 1};
    for (size_t k = 0; k < sizeof at / sizeof *at; k++) {
        b[at[k]] ^= 0x20;
        snprintf(what, sizeof what, "byte %zu flipped", at[k]);
        unpack_bad(b, n, w, what, at[k] < 8 ? "not the packed weights" : "the data is damaged");
        b[at[k]] ^= 0x20;
    }
    /* changed with the checksum made right: each count and the second checksum catch it */
    struct {
        size_t at;
        unsigned char x;
        const char *what;
    } change[] = {
        {8, 1, "format version 0"},
        {20, 1, "11 sets of 167269 weights"},
        {28, 1, "weights stored per set, the header says"},
        {32, 1, "weights not 0, the header says"},
        {36, 1, "the expanded weights' sum"},
        {40, 1, "its sets end 1 bytes before its end"},
        {bitmap, 0xFF, "set 0: "},            /* the bitmap marks more or fewer weights */
        {bitmap + 14300, 1, "the expanded weights' sum"}, /* one weight changed */
    };
    for (size_t k = 0; k < sizeof change / sizeof *change; k++) {
        unsigned char was = b[change[k].at];
        b[change[k].at] ^= change[k].x;
        reseal(b, n);
        snprintf(what, sizeof what, "byte %zu changed, the checksum made right", change[k].at);
        unpack_bad(b, n, w, what, change[k].what);
        b[change[k].at] = was;
        reseal(b, n);
    }
    char err[256] = "";
    CHECK(bb__othello_eval_unpack(b, n, w, err, sizeof err) == 0, "restored: %s", err);
    free(b), free(w);
}

int main(void)
{
    RUN(offsets);
    RUN(indices);
    RUN(scalars);
    RUN(stages);
    RUN(symmetric);
    RUN(knows_something);
    RUN(saves_nodes);
    RUN(same_scores);
    RUN(golden);
    RUN(packed);
    RUN(packed_damaged);
    return bbt_finish("othello_eval");
}
