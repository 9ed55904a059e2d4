/* othello_train - makes the Othello evaluation's weights
 * (data/othello/eval.bin, tools/eval_file.h) from real games:
 *
 *   build/tools/othello_train wthor [options] -o FILE.bin PATH...
 *   build/tools/othello_train games [--count N] [--seed S] -o FILE.wtb
 *
 * `make othello-eval DATA=DIR` runs `wthor` with the settings the committed
 * weights were made with (docs/OTHELLO.md, "The evaluation"); CONTRIBUTING
 * says where the games come from.
 *
 * wthor reads every game of the WTHOR files named (a directory: its *.wtb
 * files in name order), replays it, and takes each position in which the
 * mover has a move, mover first, as its least image under the 8 symmetries.
 * Games are numbered in reading order; every tenth (numbers 0, 10, 20...)
 * is held out.  A position seen in a training game trains; one seen only in
 * held-out games measures.
 *
 * The weights come by stage (eval.h: BB__EVAL_STAGE_EMPTIES empties each),
 * from the end of the game back:
 *   - stages whose positions have at most --exact empties (default 12) are
 *     labelled by the exact solver: the final disc difference under perfect
 *     play;
 *   - a later stage's positions are labelled by principal-variation
 *     searches --depth moves deep (4), or down to the last empties count of
 *     the stage before it when that is nearer, whose (already fitted and
 *     rounded) weights score the leaves; a game ending on the way scores its
 *     final difference.  The label is the mean of the search to that depth
 *     and the one a move shallower (the odd-even effect cancels).  So each
 *     stage bootstraps from the one after it in the game.
 * A stage's weights are fitted to its training labels by least squares:
 * stochastic gradient descent over the samples in a fixed shuffled order,
 * the step halved after half the epochs and again after three quarters, a
 * small L2 pull of the pattern weights toward 0.  They are rounded to
 * 1/BB__EVAL_UNIT of a disc.
 *
 * Labelling runs on --threads threads, each position on its own (no shared
 * table), and the fit on one: the output depends only on the games and the
 * options.  The report (stderr, or --report FILE) gives the held-out RMS
 * error against the labels per number of empties, and beside it that of the
 * weights in --baseline FILE (a weights file, or an older weights file in C
 * of this or the earlier one-stage form).
 *
 * games writes COUNT games of a simple randomised player as a WTHOR file
 * (for the tests; depends only on the seed).
 *
 * gen and fit make the exact solver's own move-order weights
 * (data/othello/eval_solver.bin, `make othello-solver-eval`): the
 * solver orders its moves better with weights fitted to its own exact
 * scores of self-play positions than with the staged weights above
 * (docs/OTHELLO.md, "The evaluation").  gen plays games from the standard
 * start and stops each at a number of empties drawn from LO..HI (default
 * 10-16): the first 2-11 plies at random, then each move at random with a
 * probability drawn per game from 20-79%, otherwise by a small mobility
 * heuristic with a little noise.  A position whose mover has no move is
 * skipped; the others are solved exactly and written one a line,
 * "P O SCORE EMPTIES".  fit reads such lines and fits one set of weights by
 * least squares (the first tenth of a fixed shuffle held out), 40 epochs by
 * default.
 *
 * pack writes a weights file in C (the form committed before the weights
 * moved to data/othello/) as a weights file, with its comment as the notes. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "bitboard.h"
#include "othello/eval.h"
#include "eval_file.h"

#define UNIT BB__EVAL_UNIT
#define PLAIN 8

static void usage(FILE *f)
{
    fprintf(f, "usage: othello_train wthor [--threads N] [--exact E] [--depth D] [--epochs N] [--lr X] [--l2 X]\n"
               "                          [--baseline OLD.bin] [--report FILE] -o FILE.bin PATH...\n"
               "       othello_train games [--count N] [--seed S] -o FILE.wtb\n"
               "       othello_train gen [--count N] [--empties LO-HI] [--seed S] [-o FILE]\n"
               "       othello_train fit [--epochs N] [--lr X] [--l2 X] -o FILE.bin DATA...\n"
               "       othello_train pack OLD.c -o FILE.bin\n");
}

static int die(const char *what, const char *arg)
{
    fprintf(stderr, "othello_train: %s: '%s'\n", what, arg);
    usage(stderr);
    return 2;
}

static void *xalloc(size_t n)
{
    void *p = calloc(n ? n : 1, 1);
    if (!p) {
        fprintf(stderr, "othello_train: out of memory (%zu bytes)\n", n);
        exit(1);
    }
    return p;
}

static uint64_t rng;
static uint64_t next(void)
{
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return rng;
}
static int below(int n) { return (int)(next() % (uint64_t)n); }

/* ---- games: random games for the tests ---------------------------------- */

/* The heuristic's value of playing sq: few replies, none in a corner, not an
 * X square, few discs flipped. */
static int heuristic(uint64_t p, uint64_t o, int sq)
{
    uint64_t f = bb_othello_flips(p, o, sq), np = p | f | (1ULL << sq), no = o & ~f;
    uint64_t replies = bb_othello_moves(no, np);
    int v = -16 * bb_popcount(replies) - 40 * bb_popcount(replies & 0x8100000000000081ULL);
    if ((1ULL << sq) & 0x0042000000004200ULL) v -= 30;
    return v - 2 * bb_popcount(f);
}

static int nth_bit(uint64_t m, int k)
{
    while (k--) m &= m - 1;
    return bb_popcount((m & (0 - m)) - 1);
}

static int games(long count, uint64_t seed, const char *out)
{
    FILE *f = fopen(out, "wb");
    if (!f) return fprintf(stderr, "othello_train: %s: %s\n", out, strerror(errno)), 1;
    bb_othello_wthor_header h;
    memset(&h, 0, sizeof h);
    h.century = 20, h.year = 26, h.month = 1, h.day = 1, h.count = (uint32_t)count, h.game_year = 2026;
    h.board_size = 8, h.depth = 0;
    unsigned char buf[BB_OTHELLO_WTHOR_GAME];
    bb_othello_wthor_write_header(buf, &h);
    fwrite(buf, 1, BB_OTHELLO_WTHOR_HEADER, f);
    rng = seed * 0x9E3779B97F4A7C15ULL + 1;
    for (long made = 0; made < count; made++) {
        int opening = 2 + below(10), randomness = 10 + below(50);
        bb_othello_record g;
        bb_othello_record_init(&g);
        bb_othello_pos pos = bb_othello_start();
        while (!bb_othello_game_over(&pos)) {
            uint64_t m = bb_othello_moves(pos.p, pos.o);
            if (!m) {
                bb_othello_pass(&pos);
                g.moves[g.count++] = BB_OTHELLO_PASS;
                continue;
            }
            int sq = -1;
            if (g.count < opening || below(100) < randomness) {
                sq = nth_bit(m, below(bb_popcount(m)));
            } else {
                int best = -(1 << 30);
                for (uint64_t x = m; x; x &= x - 1) {
                    int s = bb_popcount((x & (0 - x)) - 1), v = heuristic(pos.p, pos.o, s) + below(8);
                    if (v > best) best = v, sq = s;
                }
            }
            bb_othello_play(&pos, sq);
            g.moves[g.count++] = (uint8_t)sq;
        }
        g.tournament = g.black_player = g.white_player = 0;
        bb_parse_error err;
        if (bb_othello_wthor_write_game(buf, &g, &err) != 0) {
            fprintf(stderr, "othello_train: game %ld: %s\n", made, err.msg);
            fclose(f);
            return 1;
        }
        fwrite(buf, 1, BB_OTHELLO_WTHOR_GAME, f);
    }
    int bad = ferror(f);
    if (fclose(f) != 0) bad = 1;
    if (bad) fprintf(stderr, "othello_train: %s: write error\n", out);
    return bad;
}

/* ---- gen: the solver's own positions, solved ---------------------------- */

static int gen(long count, int lo, int hi, uint64_t seed, FILE *out)
{
    rng = seed * 0x9E3779B97F4A7C15ULL + 1;
    for (long made = 0; made < count;) {
        int target = lo + below(hi - lo + 1), opening = 2 + below(10), randomness = 20 + below(60), ply = 0, over = 0;
        bb_othello_pos pos = bb_othello_start();
        while (64 - bb_popcount(pos.p | pos.o) > target) {
            uint64_t m = bb_othello_moves(pos.p, pos.o);
            if (!m) {
                if (bb_othello_pass(&pos)) {
                    over = 1;
                    break;
                }
                continue;
            }
            int sq = -1;
            if (ply < opening || below(100) < randomness) {
                sq = nth_bit(m, below(bb_popcount(m)));
            } else {
                int best = -(1 << 30);
                for (uint64_t x = m; x; x &= x - 1) {
                    int s = __builtin_ctzll(x), v = heuristic(pos.p, pos.o, s) + below(8);
                    if (v > best) best = v, sq = s;
                }
            }
            bb_othello_play(&pos, sq);
            ply++;
        }
        if (over || !bb_othello_moves(pos.p, pos.o)) continue;
        bb_othello_solve_opts opts = {0};
        opts.hash_mb = 4; /* plenty at these sizes, and quick to clear */
        bb_othello_solve_result r; /* exact: the weights in use change only the time */
        if (bb_othello_solve(&pos, &opts, &r) != 0) {
            fprintf(stderr, "othello_train: the solver failed (out of memory?)\n");
            return 1;
        }
        fprintf(out, "%016llx %016llx %d %d\n", (unsigned long long)pos.p, (unsigned long long)pos.o, r.score,
                64 - bb_popcount(pos.p | pos.o));
        if (++made % 10000 == 0) fprintf(stderr, "othello_train: %ld positions\n", made);
    }
    return ferror(out) ? 1 : 0;
}

/* ---- reading the games --------------------------------------------------- */

typedef struct {
    uint64_t p, o;
    uint8_t seen; /* 1: in a training game; 2: in a held-out game */
    uint8_t empties;
} position;

typedef struct {
    position *a;
    size_t n, cap;
} positions;

static void add(positions *s, uint64_t p, uint64_t o, int held)
{
    bb_canonical_pair(&p, &o, NULL);
    if (s->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 1 << 16;
        position *a = realloc(s->a, cap * sizeof *a);
        if (!a) {
            fprintf(stderr, "othello_train: out of memory\n");
            exit(1);
        }
        s->a = a, s->cap = cap;
    }
    position *x = &s->a[s->n++];
    x->p = p, x->o = o, x->seen = held ? 2 : 1, x->empties = (uint8_t)(64 - bb_popcount(p | o));
}

static int cmp_position(const void *x, const void *y)
{
    const position *a = x, *b = y;
    if (a->p != b->p) return a->p < b->p ? -1 : 1;
    return a->o < b->o ? -1 : a->o > b->o;
}

/* Sorts and merges duplicates (their seen flags or'ed). */
static void merge(positions *s)
{
    if (!s->n) return;
    qsort(s->a, s->n, sizeof *s->a, cmp_position);
    size_t k = 0;
    for (size_t i = 1; i < s->n; i++) {
        if (s->a[i].p == s->a[k].p && s->a[i].o == s->a[k].o) s->a[k].seen |= s->a[i].seen;
        else s->a[++k] = s->a[i];
    }
    s->n = k + 1;
}

typedef struct {
    long games, errors, warnings, files;
    positions stage[BB__EVAL_STAGES];
} corpus;

static int read_wtb(const char *path, corpus *c)
{
    FILE *f = fopen(path, "rb");
    if (!f) return fprintf(stderr, "othello_train: %s: %s\n", path, strerror(errno)), 1;
    size_t cap = 1 << 20, n = 0;
    unsigned char *data = xalloc(cap);
    for (size_t got; (got = fread(data + n, 1, cap - n, f)) > 0;) {
        n += got;
        if (n == cap) {
            unsigned char *d = realloc(data, cap *= 2);
            if (!d) return fprintf(stderr, "othello_train: out of memory\n"), 1;
            data = d;
        }
    }
    fclose(f);
    bb_othello_wthor_header h;
    bb_parse_error err;
    if (bb_othello_wthor_read_header(data, n, &h, &err) != 0 ||
        bb_othello_wthor_check(&h, n, BB_OTHELLO_WTHOR_GAME, &err) != 0) {
        fprintf(stderr, "othello_train: %s: %s\n", path, err.msg);
        free(data);
        return 1;
    }
    c->files++;
    for (uint32_t i = 0; i < h.count; i++) {
        bb_othello_record g;
        int rc = bb_othello_wthor_game(data, n, i, &g, &err);
        if (rc < 0) {
            c->errors++;
            continue;
        }
        if (rc > 0) c->warnings++;
        int held = c->games++ % 10 == 0;
        bb_othello_pos pos = g.start;
        for (int k = 0; k < g.count; k++) {
            if (g.moves[k] == BB_OTHELLO_PASS) {
                bb_othello_pass(&pos);
                continue;
            }
            int e = 64 - bb_popcount(pos.p | pos.o);
            add(&c->stage[bb__eval_stage(e)], pos.p, pos.o, held);
            bb_othello_play(&pos, g.moves[k]);
        }
    }
    free(data);
    return 0;
}

static int cmp_str(const void *x, const void *y) { return strcmp(*(char *const *)x, *(char *const *)y); }

static int read_path(const char *path, corpus *c)
{
    struct stat st;
    if (stat(path, &st) != 0) return fprintf(stderr, "othello_train: %s: %s\n", path, strerror(errno)), 1;
    if (!S_ISDIR(st.st_mode)) return read_wtb(path, c);
    DIR *d = opendir(path);
    if (!d) return fprintf(stderr, "othello_train: %s: %s\n", path, strerror(errno)), 1;
    char **names = NULL;
    size_t n = 0, cap = 0;
    for (struct dirent *e; (e = readdir(d));) {
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 4, ".wtb")) continue;
        if (n == cap) {
            char **m = realloc(names, (cap = cap ? 2 * cap : 64) * sizeof *m);
            if (!m) return fprintf(stderr, "othello_train: out of memory\n"), 1;
            names = m;
        }
        names[n] = xalloc(strlen(path) + len + 2);
        sprintf(names[n++], "%s/%s", path, e->d_name);
    }
    closedir(d);
    qsort(names, n, sizeof *names, cmp_str);
    int rc = n ? 0 : (fprintf(stderr, "othello_train: %s: no .wtb file in it\n", path), 1);
    for (size_t i = 0; i < n; i++) {
        if (!rc) rc = read_wtb(names[i], c);
        free(names[i]);
    }
    free(names);
    return rc;
}

/* ---- the labels ------------------------------------------------------------ */

/* The evaluation with one stage's weights w, kept inside the final scores' range. */
static int eval_with(const int16_t *w, uint64_t p, uint64_t o)
{
    int v = bb__othello_eval_with(w, p, o);
    return v > 64 * UNIT ? 64 * UNIT : v < -64 * UNIT ? -64 * UNIT : v;
}

/* Principal variation search down to `leaf` empties, scored by w there (1/UNIT discs). */
static int search(const int16_t *w, uint64_t p, uint64_t o, int alpha, int beta, int leaf)
{
    uint64_t moves = bb_othello_moves(p, o);
    if (!moves) {
        if (!bb_othello_moves(o, p)) return bb_othello_final_score(p, o) * UNIT;
        return -search(w, o, p, -beta, -alpha, leaf);
    }
    int left = 64 - bb_popcount(p | o) - leaf;
    if (left <= 0) return eval_with(w, p, o);
    if (!w) left = 0; /* to the end of the game: no evaluation to order moves by */
    int sq[32], key[32], n = 0;
    for (uint64_t m = moves; m; m &= m - 1) { /* best first: by w one move on, or the fewest replies */
        int q = bb_popcount((m & (0 - m)) - 1);
        uint64_t f = bb_othello_flips(p, o, q), np = o ^ f, no = p | f | (1ULL << q);
        int k = left >= 3 ? -bb__othello_eval_with(w, np, no) : -bb_popcount(bb_othello_moves(np, no));
        int j = n++;
        while (j > 0 && key[j - 1] < k) sq[j] = sq[j - 1], key[j] = key[j - 1], j--;
        sq[j] = q, key[j] = k;
    }
    int best = -65 * UNIT;
    for (int i = 0; i < n; i++) { /* principal variation search */
        uint64_t f = bb_othello_flips(p, o, sq[i]), np = o ^ f, no = p | f | (1ULL << sq[i]);
        int v;
        if (i == 0) {
            v = -search(w, np, no, -beta, -alpha, leaf);
        } else {
            v = -search(w, np, no, -alpha - 1, -alpha, leaf);
            if (v > alpha && v < beta) v = -search(w, np, no, -beta, -v, leaf);
        }
        if (v > best) best = v;
        if (v > alpha) alpha = v;
        if (alpha >= beta) break;
    }
    return best;
}

typedef struct {
    const position *a;
    float *label;
    size_t n;
    int threads, t, exact, leaf, depth;
    const int16_t *w; /* the stage before's weights (search labels) */
    int failed;
} label_job;

static void *label_run(void *arg)
{
    label_job *j = arg;
    for (size_t i = (size_t)j->t; i < j->n; i += (size_t)j->threads) {
        const position *x = &j->a[i];
        if (j->exact && x->empties <= PLAIN) { /* to the end: a plain search is quicker than setting up the solver */
            j->label[i] = (float)(search(j->w, x->p, x->o, -65 * UNIT, 65 * UNIT, 0) / UNIT);
        } else if (j->exact) {
            bb_othello_pos pos = {x->p, x->o, BB_OTHELLO_BLACK};
            bb_othello_solve_opts so;
            memset(&so, 0, sizeof so);
            so.hash_mb = 1;
            bb_othello_solve_result r; /* exact: the weights in use change only the time */
            if (bb_othello_solve(&pos, &so, &r) != 0) {
                j->failed = 1;
                return NULL;
            }
            j->label[i] = (float)r.score;
        } else {
            /* the mean of the searches to depth d and d - 1: an even depth ends on the
               opponent's move and undervalues the mover, an odd one overvalues him;
               one parity alone, bootstrapped stage after stage, adds up (it did:
               the parity weight grew from 1.3 discs at 7-12 empties to 11.6 at 49-54) */
            int leaf = x->empties - j->depth > j->leaf ? x->empties - j->depth : j->leaf;
            int v = search(j->w, x->p, x->o, -65 * UNIT, 65 * UNIT, leaf);
            if (x->empties - leaf >= 2) v += search(j->w, x->p, x->o, -65 * UNIT, 65 * UNIT, leaf + 1);
            else v *= 2;
            j->label[i] = (float)v / (2 * UNIT);
        }
    }
    return NULL;
}

static int label(const positions *s, float *lab, int threads, int exact, int leaf, int depth, const int16_t *w)
{
    label_job job[64];
    pthread_t th[64];
    for (int t = 0; t < threads; t++) {
        job[t] = (label_job){s->a, lab, s->n, threads, t, exact, leaf, depth, w, 0};
        if (t && pthread_create(&th[t], NULL, label_run, &job[t]) != 0) {
            fprintf(stderr, "othello_train: cannot start a thread\n");
            exit(1);
        }
    }
    label_run(&job[0]);
    int failed = job[0].failed;
    for (int t = 1; t < threads; t++) pthread_join(th[t], NULL), failed |= job[t].failed;
    if (failed) fprintf(stderr, "othello_train: the solver failed (out of memory?)\n");
    return failed;
}

/* ---- the fit ----------------------------------------------------------------- */

typedef struct {
    int idx[BB__EVAL_INDICES];
    float x[BB__EVAL_SCALARS];
    float score;
} sample;

static float predict(const float *w, const sample *s)
{
    float v = 0;
    for (int k = 0; k < BB__EVAL_INDICES; k++) v += w[s->idx[k]];
    for (int k = 0; k < BB__EVAL_SCALARS; k++) v += w[BB__EVAL_TABLE + k] * s->x[k];
    return v;
}

static void features(uint64_t p, uint64_t o, float score, sample *s)
{
    int x[BB__EVAL_SCALARS];
    bb__othello_eval_indices(p, o, s->idx);
    bb__othello_eval_scalars(p, o, x);
    for (int k = 0; k < BB__EVAL_SCALARS; k++) s->x[k] = (float)x[k];
    s->score = score;
}

/* One epoch of the least-squares fit: order[0..n) (indices into d) shuffled,
 * then a step for each sample in that order; the step is lr0, halved after
 * half the epochs and a fifth after three quarters.  The squared error
 * summed over the epoch. */
static double epoch(float *w, const sample *d, long *order, long n, int ep, int epochs, float lr0, float l2)
{
    for (long i = n - 1; i > 0; i--) {
        long j = (long)(next() % (uint64_t)(i + 1)), t = order[i];
        order[i] = order[j], order[j] = t;
    }
    float lr = ep < epochs / 2 ? lr0 : ep < 3 * epochs / 4 ? lr0 / 2 : lr0 / 5;
    double se = 0;
    for (long t = 0; t < n; t++) {
        const sample *s = d + order[t];
        float e = predict(w, s) - s->score;
        se += (double)e * e;
        for (int k = 0; k < BB__EVAL_INDICES; k++) w[s->idx[k]] -= lr * (e + l2 * w[s->idx[k]]);
        for (int k = 0; k < BB__EVAL_SCALARS; k++) w[BB__EVAL_TABLE + k] -= lr * 0.05f * e * s->x[k];
    }
    return se;
}

/* Fits w (BB__EVAL_WEIGHTS floats, zeroed) to d[0..n); returns the last epoch's training RMS. */
static double fit(float *w, const sample *d, long n, int epochs, float lr0, float l2, int stage)
{
    long *order = xalloc((size_t)n * sizeof *order);
    for (long i = 0; i < n; i++) order[i] = i;
    rng = 99 + (uint64_t)stage;
    double rms = 0;
    for (int ep = 0; ep < epochs; ep++) rms = sqrt(epoch(w, d, order, n, ep, epochs, lr0, l2) / (double)(n ? n : 1));
    free(order);
    return rms;
}

static void round_weights(const float *w, int16_t *q)
{
    for (int i = 0; i < BB__EVAL_WEIGHTS; i++) {
        double v = nearbyint((double)w[i] * UNIT);
        q[i] = (int16_t)(v > 32767 ? 32767 : v < -32767 ? -32767 : v);
    }
}

/* ---- fit: the solver's move-order weights --------------------------------- */

static int read_data(const char *path, sample **d, long *n, long *cap)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "othello_train: %s: %s\n", path, strerror(errno));
        return 1;
    }
    char line[256];
    long ln = 0;
    while (fgets(line, sizeof line, f)) {
        ln++;
        unsigned long long p, o;
        int score, empties, end = 0;
        if (sscanf(line, "%llx %llx %d %d %n", &p, &o, &score, &empties, &end) != 4 || line[end] || (p & o) ||
            score < -64 || score > 64 || score & 1 || empties != 64 - bb_popcount(p | o)) {
            fprintf(stderr, "othello_train: %s:%ld: not a line \"P O SCORE EMPTIES\" of a position\n", path, ln);
            fclose(f);
            return 1;
        }
        if (*n == *cap) {
            *cap = *cap ? 2 * *cap : 1 << 16;
            sample *g = realloc(*d, (size_t)*cap * sizeof *g);
            if (!g) {
                fprintf(stderr, "othello_train: out of memory\n");
                fclose(f);
                return 1;
            }
            *d = g;
        }
        sample *s = *d + (*n)++;
        int x[BB__EVAL_SCALARS];
        bb__othello_eval_indices(p, o, s->idx);
        bb__othello_eval_scalars(p, o, x);
        for (int k = 0; k < BB__EVAL_SCALARS; k++) s->x[k] = (float)x[k];
        s->score = (float)score;
    }
    fclose(f);
    return 0;
}

static int write_solver_weights(const char *path, const float *w, long n, double rmse, int argc, char **argv)
{
    int16_t *q = xalloc(BB__EVAL_WEIGHTS * sizeof *q);
    round_weights(w, q);
    char notes[2048];
    int at = snprintf(notes, sizeof notes, "Fitted to %ld exact scores; held-out error %.2f discs (RMS).\nCommand:", n, rmse);
    for (int i = 0; i < argc && at < (int)sizeof notes; i++) at += snprintf(notes + at, sizeof notes - (size_t)at, " %s", argv[i]);
    if (at < (int)sizeof notes - 1) notes[at++] = '\n', notes[at] = '\0';
    int rc = eval_file_write(path, q, 1, notes);
    free(q);
    return rc;
}

static int fit_solver(int epochs, float lr0, float l2, const char *out, char **files, int nfiles, int argc, char **argv)
{
    sample *d = NULL;
    long n = 0, cap = 0;
    for (int i = 0; i < nfiles; i++)
        if (read_data(files[i], &d, &n, &cap)) return 1;
    if (n < 100) {
        fprintf(stderr, "othello_train: %ld samples: too few to fit\n", n);
        free(d);
        return 1;
    }
    rng = 99;
    for (long i = n - 1; i > 0; i--) { /* a fixed shuffle: the held-out tenth is random */
        long j = (long)(next() % (uint64_t)(i + 1));
        sample t = d[i];
        d[i] = d[j], d[j] = t;
    }
    long nval = n / 10, ntr = n - nval;
    float *w = calloc(BB__EVAL_WEIGHTS, sizeof *w);
    long *order = malloc((size_t)ntr * sizeof *order);
    if (!w || !order) {
        fprintf(stderr, "othello_train: out of memory\n");
        return 1;
    }
    for (long i = 0; i < ntr; i++) order[i] = nval + i;
    double mean = 0, spread = 0, val = 0;
    for (long i = 0; i < nval; i++) mean += d[i].score;
    mean /= (double)nval;
    for (long i = 0; i < nval; i++) spread += (d[i].score - mean) * (d[i].score - mean);
    for (int ep = 0; ep < epochs; ep++) {
        double se = epoch(w, d, order, ntr, ep, epochs, lr0, l2);
        val = 0;
        for (long i = 0; i < nval; i++) {
            float e = predict(w, d + i) - d[i].score;
            val += (double)e * e;
        }
        fprintf(stderr, "othello_train: epoch %d: train %.2f, held out %.2f discs (RMS; spread %.2f)\n", ep + 1,
                sqrt(se / (double)ntr), sqrt(val / (double)nval), sqrt(spread / (double)nval));
    }
    int rc = write_solver_weights(out, w, n, sqrt(val / (double)nval), argc, argv);
    free(w), free(order), free(d);
    return rc;
}

/* ---- weights files --------------------------------------------------------- */

/* Reads a weights file: this tree's (data/othello/eval*.bin, tools/eval_file.h,
 * checked) or the integers of an older one in C (after its first '{').
 * One stage (BB__EVAL_WEIGHTS numbers), copied to every stage, or
 * BB__EVAL_STAGES.  The number of sets read, or 0 with a message. */
static int read_baseline(const char *path, int16_t *w)
{
    eval_file e;
    char err[512];
    FILE *f = fopen(path, "rb");
    if (!f) return fprintf(stderr, "othello_train: %s: %s\n", path, strerror(errno)), 0;
    char magic[8] = {0};
    size_t got = fread(magic, 1, sizeof magic, f);
    if (got == sizeof magic && !memcmp(magic, eval_file_magic, sizeof magic)) {
        fclose(f);
        if (eval_file_read(path, 0, &e, err, sizeof err)) return fprintf(stderr, "othello_train: %s\n", err), 0;
        for (int s = 0; s < BB__EVAL_STAGES; s++)
            memcpy(w + (size_t)s * BB__EVAL_WEIGHTS, e.w + (e.stages > 1 ? (size_t)s * BB__EVAL_WEIGHTS : 0),
                   BB__EVAL_WEIGHTS * sizeof *w);
        int n = e.stages;
        eval_file_free(&e);
        return n;
    }
    rewind(f);
    int c;
    long n = 0, max = (long)BB__EVAL_STAGES * BB__EVAL_WEIGHTS;
    while ((c = getc(f)) != EOF && c != '{') {} /* the array's brace: the header comment is before it */
    while (c != EOF) {
        long v;
        if (fscanf(f, " %ld", &v) == 1) {
            if (n >= max || v < -32767 || v > 32767) break;
            w[n++] = (int16_t)v;
        } else if ((c = getc(f)) == '/') { /* a comment between stages: skipped */
            int prev = 0;
            if ((c = getc(f)) != '*') break;
            while ((c = getc(f)) != EOF && !(prev == '*' && c == '/')) prev = c;
        } else if (c == EOF || (c != ',' && c != '{' && c != '}' && c != ';' && c != ' ' && c != '\n')) {
            break;
        }
    }
    fclose(f);
    if (n == BB__EVAL_WEIGHTS) {
        for (int s = 1; s < BB__EVAL_STAGES; s++) memcpy(w + (size_t)s * BB__EVAL_WEIGHTS, w, BB__EVAL_WEIGHTS * sizeof *w);
        return 1;
    }
    if (n == max) return BB__EVAL_STAGES;
    fprintf(stderr, "othello_train: %s: %ld weights, not %d (one stage) or %ld (all stages)\n", path, n,
            BB__EVAL_WEIGHTS, max);
    return 0;
}

/* pack: a weights file in C (the form committed until the weights moved to
 * data/othello/) written as a weights file, its comment's lines after "Do
 * not edit." as the notes. */
static int pack(const char *in, const char *out)
{
    int16_t *w = xalloc((size_t)BB__EVAL_STAGES * BB__EVAL_WEIGHTS * sizeof *w);
    int sets = read_baseline(in, w);
    FILE *f = sets ? fopen(in, "r") : NULL;
    if (!f) return free(w), sets ? fprintf(stderr, "othello_train: %s: %s\n", in, strerror(errno)), 1 : 1;
    char line[1024], notes[8192] = "";
    size_t at = 0;
    int on = 0;
    while (fgets(line, sizeof line, f)) {
        char *end = strstr(line, "*/"), *text = line;
        if (end) *end = '\0';
        if (!strncmp(text, " * ", 3)) text += 3;
        else if (!strncmp(text, "/* ", 3)) text += 3;
        size_t n = strcspn(text, "\n");
        while (n && text[n - 1] == ' ') n--;
        if (on && at + n + 2 < sizeof notes) memcpy(notes + at, text, n), at += n, notes[at++] = '\n', notes[at] = '\0';
        if (strstr(line, "Do not edit.")) on = 1;
        if (end) break;
    }
    fclose(f);
    while (at >= 2 && notes[at - 1] == '\n' && notes[at - 2] == '\n') notes[--at] = '\0'; /* the comment's last line */
    int rc = eval_file_write(out, w, sets == 1 ? 1 : BB__EVAL_STAGES, notes);
    free(w);
    return rc;
}

typedef struct {
    long train, held, exact;
    double rms_train, rms_held;
} stage_info;

static int write_weights(const char *path, const int16_t *q, const corpus *c, const stage_info *info, const char *settings)
{
    char notes[4096];
    int at = snprintf(notes, sizeof notes,
                      "Games: %ld from %ld WTHOR file(s) (%ld unreadable, %ld with warnings); every\n"
                      "tenth held out.  Settings: %s.\n"
                      "stage  empties  train positions  held-out  labels  train RMS  held-out RMS (discs)\n",
                      c->games, c->files, c->errors, c->warnings, settings);
    for (int s = 0; s < BB__EVAL_STAGES && at < (int)sizeof notes; s++) {
        int lo = s * BB__EVAL_STAGE_EMPTIES + 1, hi = lo + BB__EVAL_STAGE_EMPTIES - 1;
        at += snprintf(notes + at, sizeof notes - (size_t)at, "%5d  %2d-%-2d    %15ld  %8ld  %-6s  %9.2f  %12.2f\n", s,
                       lo, hi, info[s].train, info[s].held, info[s].exact ? "exact" : "search", info[s].rms_train,
                       info[s].rms_held);
    }
    return eval_file_write(path, q, BB__EVAL_STAGES, notes);
}

/* ---- wthor ------------------------------------------------------------------- */

typedef struct {
    int threads, exact, depth, epochs;
    double lr, l2;
    const char *baseline, *report, *out;
} train_opts;

static int train(const train_opts *op, char **paths, int npaths)
{
    corpus c;
    memset(&c, 0, sizeof c);
    for (int i = 0; i < npaths; i++)
        if (read_path(paths[i], &c)) return 1;
    if (c.games < 10) return fprintf(stderr, "othello_train: %ld games: too few to train on\n", c.games), 1;
    fprintf(stderr, "othello_train: %ld games from %ld files (%ld unreadable, %ld with warnings)\n", c.games, c.files,
            c.errors, c.warnings);
    int16_t *base = NULL;
    int base_stages = 0;
    if (op->baseline) {
        base = xalloc((size_t)BB__EVAL_STAGES * BB__EVAL_WEIGHTS * sizeof *base);
        if (!(base_stages = read_baseline(op->baseline, base))) return 1;
    }
    FILE *rep = op->report ? fopen(op->report, "w") : stderr;
    if (!rep) return fprintf(stderr, "othello_train: %s: %s\n", op->report, strerror(errno)), 1;
    fprintf(rep, "empties  held-out  RMS (discs)%s\n", base ? "  baseline RMS" : "");

    int16_t *q = xalloc((size_t)BB__EVAL_STAGES * BB__EVAL_WEIGHTS * sizeof *q);
    float *w = xalloc(BB__EVAL_WEIGHTS * sizeof *w);
    stage_info info[BB__EVAL_STAGES];
    memset(info, 0, sizeof info);
    for (int s = 0; s < BB__EVAL_STAGES; s++) {
        positions *ps = &c.stage[s];
        merge(ps);
        int lo = s * BB__EVAL_STAGE_EMPTIES + 1, hi = lo + BB__EVAL_STAGE_EMPTIES - 1;
        int exact = hi <= op->exact;
        float *lab = xalloc(ps->n * sizeof *lab);
        struct timespec t0, t1, t2;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        if (label(ps, lab, op->threads, exact, lo - 1, op->depth, s ? q + (size_t)(s - 1) * BB__EVAL_WEIGHTS : NULL)) return 1;
        long ntr = 0, nheld = 0;
        for (size_t i = 0; i < ps->n; i++) ntr += ps->a[i].seen & 1, nheld += ps->a[i].seen == 2;
        sample *d = xalloc((size_t)ntr * sizeof *d);
        long k = 0;
        for (size_t i = 0; i < ps->n; i++)
            if (ps->a[i].seen & 1) features(ps->a[i].p, ps->a[i].o, lab[i], &d[k++]);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        memset(w, 0, BB__EVAL_WEIGHTS * sizeof *w);
        int16_t *qs = q + (size_t)s * BB__EVAL_WEIGHTS;
        info[s].rms_train = ntr ? fit(w, d, ntr, op->epochs, (float)op->lr, (float)op->l2, s) : 0;
        round_weights(w, qs);
        free(d);
        clock_gettime(CLOCK_MONOTONIC, &t2);
        /* held out: the error per number of empties, of these weights and the baseline's */
        double se[61] = {0}, sb[61] = {0}, all = 0;
        long cnt[61] = {0};
        for (size_t i = 0; i < ps->n; i++) {
            if (ps->a[i].seen != 2) continue;
            int e = ps->a[i].empties;
            double v = (double)eval_with(qs, ps->a[i].p, ps->a[i].o) / UNIT - lab[i];
            se[e] += v * v, all += v * v, cnt[e]++;
            if (base) {
                double b = (double)eval_with(base + (size_t)s * BB__EVAL_WEIGHTS, ps->a[i].p, ps->a[i].o) / UNIT - lab[i];
                sb[e] += b * b;
            }
        }
        info[s].train = ntr, info[s].held = nheld, info[s].exact = exact;
        info[s].rms_held = nheld ? sqrt(all / (double)nheld) : 0;
        for (int e = lo; e <= hi && e <= 60; e++) {
            if (!cnt[e]) continue;
            fprintf(rep, "%7d  %8ld  %11.2f", e, cnt[e], sqrt(se[e] / (double)cnt[e]));
            if (base) fprintf(rep, "  %12.2f", sqrt(sb[e] / (double)cnt[e]));
            fprintf(rep, "\n");
        }
        fflush(rep);
        fprintf(stderr, "othello_train: stage %d (%d-%d empties): %ld positions, %ld held out, %s labels (%.1f s); RMS %.2f, held out %.2f (fit %.1f s)\n",
                s, lo, hi, ntr, nheld, exact ? "exact" : "search",
                (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec), info[s].rms_train,
                info[s].rms_held, (double)(t2.tv_sec - t1.tv_sec) + 1e-9 * (double)(t2.tv_nsec - t1.tv_nsec));
        free(lab);
        free(ps->a);
    }
    if (op->report) fclose(rep);
    char settings[160];
    snprintf(settings, sizeof settings, "--exact %d --depth %d --epochs %d --lr %g --l2 %g", op->exact, op->depth, op->epochs, op->lr, op->l2);
    int rc = write_weights(op->out, q, &c, info, settings);
    free(q), free(w), free(base);
    return rc;
}

static int number(const char *s, double lo, double hi, double *v)
{
    char *end;
    errno = 0;
    *v = strtod(s, &end);
    return !*s || *end || errno || !(*v >= lo && *v <= hi);
}

int main(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    const char *cmd = argv[1];
    int is_games = !strcmp(cmd, "games"), is_gen = !strcmp(cmd, "gen"), is_fit = !strcmp(cmd, "fit");
    int is_wthor = !strcmp(cmd, "wthor"), is_pack = !strcmp(cmd, "pack");
    if (!is_games && !is_gen && !is_fit && !is_wthor && !is_pack) return die("no such command (wthor, games, gen, fit, pack)", cmd);
    train_opts op = {2, 12, 4, 20, 0.0015, 0.001, NULL, NULL, NULL};
    double count = is_gen ? 100000 : 100, seed = 1, v, epochs = 40;
    int lo = 10, hi = 16, npaths = 0;
    char **paths = xalloc((size_t)argc * sizeof *paths);
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        int takes = !strcmp(a, "-o") || !strncmp(a, "--", 2);
        if (takes && !val) return die("needs a value", a);
        if (!strcmp(a, "-o")) {
            op.out = val;
        } else if ((is_games || is_gen) && !strcmp(a, "--count")) {
            if (number(val, 1, 1e7, &count)) return die("--count takes 1..10000000", val);
        } else if ((is_games || is_gen) && !strcmp(a, "--seed")) {
            if (number(val, 0, 1e15, &seed)) return die("--seed takes 0..10^15", val);
        } else if (is_gen && !strcmp(a, "--empties")) {
            int end = 0;
            if (sscanf(val, "%d-%d%n", &lo, &hi, &end) != 2 || val[end] || lo < 1 || hi < lo || hi > 30)
                return die("--empties takes LO-HI within 1-30", val);
        } else if (is_wthor && !strcmp(a, "--threads")) {
            if (number(val, 1, 64, &v)) return die("--threads takes 1..64", val);
            op.threads = (int)v;
        } else if (is_wthor && !strcmp(a, "--exact")) {
            if (number(val, 0, 24, &v)) return die("--exact takes 0..24 empties", val);
            op.exact = (int)v;
        } else if (is_wthor && !strcmp(a, "--depth")) {
            if (number(val, 1, BB__EVAL_STAGE_EMPTIES, &v)) return die("--depth takes 1..6", val);
            op.depth = (int)v;
        } else if ((is_wthor || is_fit) && !strcmp(a, "--epochs")) {
            if (number(val, 1, 10000, &epochs)) return die("--epochs takes 1..10000", val);
            op.epochs = (int)epochs;
        } else if ((is_wthor || is_fit) && !strcmp(a, "--lr")) {
            if (number(val, 1e-9, 1, &op.lr)) return die("--lr takes a step in (0, 1]", val);
        } else if ((is_wthor || is_fit) && !strcmp(a, "--l2")) {
            if (number(val, 0, 1, &op.l2)) return die("--l2 takes 0..1", val);
        } else if (is_wthor && !strcmp(a, "--baseline")) {
            op.baseline = val;
        } else if (is_wthor && !strcmp(a, "--report")) {
            op.report = val;
        } else if ((is_wthor || is_fit || is_pack) && a[0] != '-') {
            paths[npaths++] = argv[i];
            continue;
        } else {
            return die("unknown option", a);
        }
        i++;
    }
    int rc;
    if (is_games) {
        if (!op.out) return die("games needs -o FILE.wtb", "");
        rc = games((long)count, (uint64_t)seed, op.out);
    } else if (is_gen) {
        FILE *f = op.out ? fopen(op.out, "w") : stdout;
        if (!f) return fprintf(stderr, "othello_train: %s: %s\n", op.out, strerror(errno)), 1;
        rc = gen((long)count, lo, hi, (uint64_t)seed, f);
        if (op.out && fclose(f) != 0) rc = 1;
    } else if (is_pack) {
        if (npaths != 1 || !op.out) return die("pack takes OLD.c -o FILE.bin", npaths ? paths[0] : "");
        rc = pack(paths[0], op.out);
    } else if (is_fit) {
        if (!npaths) return die("fit needs DATA files", "");
        if (!op.out) return die("fit needs -o FILE.bin", "");
        rc = fit_solver((int)epochs, (float)op.lr, (float)op.l2, op.out, paths, npaths, argc, argv);
    } else {
        if (!npaths) return die("wthor needs WTHOR files or directories", "");
        if (!op.out) return die("wthor needs -o FILE.bin", "");
        rc = train(&op, paths, npaths);
    }
    free(paths);
    return rc;
}
