/* othello_train - makes the solver's evaluation weights
 * (src/othello/eval_weights.c) from the solver's own exact scores:
 *
 *   build/tools/othello_train gen [--count N] [--empties LO-HI] [--seed S] [-o FILE]
 *   build/tools/othello_train fit [--epochs N] [--lr X] [--l2 X] [-o FILE.c] DATA...
 *
 * `make othello-eval` runs both with the settings the committed weights were
 * made with (docs/OTHELLO.md, "The evaluation").
 *
 * gen plays games from the standard start and stops each at a number of
 * empties drawn from LO..HI (default 10-16): the first 2-11 plies at random,
 * then each move at random with a probability drawn per game from 20-79%,
 * otherwise by a small mobility heuristic with a little noise.  A position
 * whose mover has no move is skipped; the others are solved exactly
 * (bb_othello_solve) and written one a line, "P O SCORE EMPTIES": the
 * mover's and the opponent's discs in hex, the exact final disc difference
 * for the mover, the empties.  The output depends only on the seed and the
 * count.
 *
 * fit reads such lines and fits the weights of eval.h by least squares:
 * stochastic gradient descent over the samples in a fixed shuffled order
 * (the first tenth held out and its error printed), the step halved after
 * half the epochs and again after three quarters, a small L2 pull of the
 * pattern weights toward 0.  It writes the weights as C, rounded to
 * 1/BB__EVAL_UNIT of a disc. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bitboard.h"
#include "othello/eval.h"

static void usage(FILE *f)
{
    fprintf(f, "usage: othello_train gen [--count N] [--empties LO-HI] [--seed S] [-o FILE]\n"
               "       othello_train fit [--epochs N] [--lr X] [--l2 X] [-o FILE.c] DATA...\n");
}

static int die(const char *what, const char *arg)
{
    fprintf(stderr, "othello_train: %s: '%s'\n", what, arg);
    usage(stderr);
    return 2;
}

static uint64_t rng;
static uint64_t next(void)
{
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return rng;
}
static int below(int n) { return (int)(next() % (uint64_t)n); }

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
    return __builtin_ctzll(m);
}

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

typedef struct {
    int idx[BB__EVAL_INDICES];
    float x[BB__EVAL_SCALARS];
    float score;
} sample;

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

static float predict(const float *w, const sample *s)
{
    float v = 0;
    for (int k = 0; k < BB__EVAL_INDICES; k++) v += w[s->idx[k]];
    for (int k = 0; k < BB__EVAL_SCALARS; k++) v += w[BB__EVAL_TABLE + k] * s->x[k];
    return v;
}

static int write_weights(const char *path, const float *w, long n, double rmse, int argc, char **argv)
{
    FILE *f = path ? fopen(path, "w") : stdout;
    if (!f) {
        fprintf(stderr, "othello_train: %s: %s\n", path, strerror(errno));
        return 1;
    }
    fprintf(f, "/* Generated by tools/othello_train.c (`make othello-eval`): the solver's\n"
               " * evaluation weights (src/othello/eval.h), in 1/%d of a disc.  Do not edit.\n"
               " * Fitted to %ld exact scores; held-out error %.2f discs (RMS).\n * Command:",
            BB__EVAL_UNIT, n, rmse);
    for (int i = 0; i < argc; i++) fprintf(f, " %s", argv[i]);
    fprintf(f, " */\n#include \"eval.h\"\n\nconst int16_t bb__othello_eval_weights[BB__EVAL_WEIGHTS] = {\n");
    for (int i = 0; i < BB__EVAL_WEIGHTS; i++) {
        double q = nearbyint((double)w[i] * BB__EVAL_UNIT);
        if (q > 32767) q = 32767;
        if (q < -32767) q = -32767;
        fprintf(f, "%d,%s", (int)q, i % 20 == 19 || i == BB__EVAL_WEIGHTS - 1 ? "\n" : "");
    }
    fprintf(f, "};\n");
    int bad = ferror(f);
    if (path && fclose(f) != 0) bad = 1;
    return bad;
}

static int fit(int epochs, float lr0, float l2, const char *out, char **files, int nfiles, int argc, char **argv)
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
        for (long i = ntr - 1; i > 0; i--) {
            long j = (long)(next() % (uint64_t)(i + 1)), t = order[i];
            order[i] = order[j], order[j] = t;
        }
        float lr = ep < epochs / 2 ? lr0 : ep < 3 * epochs / 4 ? lr0 / 2 : lr0 / 5;
        double se = 0;
        for (long t = 0; t < ntr; t++) {
            const sample *s = d + order[t];
            float e = predict(w, s) - s->score;
            se += (double)e * e;
            for (int k = 0; k < BB__EVAL_INDICES; k++) w[s->idx[k]] -= lr * (e + l2 * w[s->idx[k]]);
            for (int k = 0; k < BB__EVAL_SCALARS; k++) w[BB__EVAL_TABLE + k] -= lr * 0.05f * e * s->x[k];
        }
        val = 0;
        for (long i = 0; i < nval; i++) {
            float e = predict(w, d + i) - d[i].score;
            val += (double)e * e;
        }
        fprintf(stderr, "othello_train: epoch %d: train %.2f, held out %.2f discs (RMS; spread %.2f)\n", ep + 1,
                sqrt(se / (double)ntr), sqrt(val / (double)nval), sqrt(spread / (double)nval));
    }
    int rc = write_weights(out, w, n, sqrt(val / (double)nval), argc, argv);
    free(w), free(order), free(d);
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
    int is_gen = !strcmp(argv[1], "gen");
    if (!is_gen && strcmp(argv[1], "fit")) return die("no such command (gen, fit)", argv[1]);
    double count = 100000, seed = 1, epochs = 40, lr = 0.0015, l2 = 0.001;
    int lo = 10, hi = 16, nfiles = 0;
    const char *out = NULL;
    char **files = calloc((size_t)argc, sizeof *files);
    if (!files) return 1;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        int takes = !strcmp(a, "-o") || !strncmp(a, "--", 2);
        if (takes && !val) return die("needs a value", a);
        if (!strcmp(a, "-o")) {
            out = val;
        } else if (is_gen && !strcmp(a, "--count")) {
            if (number(val, 1, 1e9, &count)) return die("--count takes 1..1000000000", val);
        } else if (is_gen && !strcmp(a, "--seed")) {
            if (number(val, 0, 1e15, &seed)) return die("--seed takes 0..10^15", val);
        } else if (is_gen && !strcmp(a, "--empties")) {
            int end = 0;
            if (sscanf(val, "%d-%d%n", &lo, &hi, &end) != 2 || val[end] || lo < 1 || hi < lo || hi > 30)
                return die("--empties takes LO-HI within 1-30", val);
        } else if (!is_gen && !strcmp(a, "--epochs")) {
            if (number(val, 1, 10000, &epochs)) return die("--epochs takes 1..10000", val);
        } else if (!is_gen && !strcmp(a, "--lr")) {
            if (number(val, 1e-9, 1, &lr)) return die("--lr takes a step in (0, 1]", val);
        } else if (!is_gen && !strcmp(a, "--l2")) {
            if (number(val, 0, 1, &l2)) return die("--l2 takes 0..1", val);
        } else if (!is_gen && a[0] != '-') {
            files[nfiles++] = argv[i];
            continue;
        } else {
            return die("unknown option", a);
        }
        i++;
    }
    int rc;
    if (is_gen) {
        FILE *f = out ? fopen(out, "w") : stdout;
        if (!f) return fprintf(stderr, "othello_train: %s: %s\n", out, strerror(errno)), 1;
        rc = gen((long)count, lo, hi, (uint64_t)seed, f);
        if (out && fclose(f) != 0) rc = 1;
    } else {
        if (!nfiles) return die("fit needs DATA files", "");
        rc = fit((int)epochs, (float)lr, (float)l2, out, files, nfiles, argc, argv);
    }
    free(files);
    return rc;
}
