/* othello_mpc - fits multi-ProbCut's parameters for the midgame search
 * (src/othello/mpc.c, bb__mpc_sigma_table's depth columns; docs/OTHELLO.md, "Selective cut-offs"):
 *
 *   build/tools/othello_mpc [--per-stage N] [--max-depth D] [--seed S] PATH...
 *
 * Reads the games of the WTHOR files (or directories of .wtb files) named,
 * takes from the held-out tenth of them (games 0, 10, 20... in reading
 * order, as tools/othello_train.c numbers them) N positions per stage of the
 * evaluation (eval.h), each at a random point of a random game where the
 * mover has a move, and searches each without selective cut-offs to every
 * depth 1..D.  For each stage and depth d it prints the regression of the
 * depth-d score on the score at the shallow depth search.c pairs with d
 * (about d/2, of d's parity) (a, b), the mean difference and the
 * standard deviation of the difference, in discs, and then the table of
 * deviations as C rows for mpc.c.
 *
 *   build/tools/othello_mpc --end [--per-stage N] [--last-stage S] [--seed S] PATH...
 *
 * fits the solver's column instead (BB__MPC_END): for each stage from 1
 * (the solver's probable cut-offs start at BB__SOLVE_MPC_MIN = 8 empties)
 * to S (default 4: 25-30 empties, the deepest whose exact solves take
 * seconds here), the RMS of the exact score minus the solver's estimate
 * at that node: the best of its moves' estimates, a search of the
 * position one move deeper than solve.c's order_moves searches each move
 * (depth 1 below BB__SOLVE_SEARCH_MIN empties, 2 below
 * BB__SOLVE_SEARCH2_MIN, else 3), in discs; stages past S copy S's figure
 * (the solver's roots have at most 34 empties on FFO #40-#59, and the
 * deeper stages see few of its nodes).  Depends only on the files and the
 * seed. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bitboard.h"
#include "othello/eval.h"
#include "othello/solve_tuning.h"

#define MAXD 12

typedef struct { uint64_t p, o; } pos2;

static uint64_t rng = 1;
static uint64_t next(void)
{
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return rng;
}

static int usage(const char *what, const char *arg)
{
    fprintf(stderr, "othello_mpc: %s: '%s'\nusage: othello_mpc [--end] [--per-stage N] [--max-depth D] [--last-stage S] [--seed S] PATH...\n",
            what, arg);
    return 2;
}

/* The held-out games' positions with a move, per stage (reservoir samples). */
static pos2 *pool[BB__EVAL_STAGES];
static long seen[BB__EVAL_STAGES], per_stage = 40, games;

static void offer(uint64_t p, uint64_t o)
{
    int s = bb__eval_stage(64 - bb_popcount(p | o));
    long k = seen[s]++;
    if (k < per_stage) pool[s][k] = (pos2){p, o};
    else {
        uint64_t j = next() % (uint64_t)(k + 1);
        if (j < (uint64_t)per_stage) pool[s][j] = (pos2){p, o};
    }
}

static int read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return fprintf(stderr, "othello_mpc: %s: %s\n", path, strerror(errno)), 1;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *d = malloc((size_t)(n > 0 ? n : 1));
    if (!d || fread(d, 1, (size_t)n, f) != (size_t)n) return fprintf(stderr, "othello_mpc: %s: read error\n", path), 1;
    fclose(f);
    bb_othello_wthor_header h;
    bb_parse_error err;
    if (bb_othello_wthor_read_header(d, (size_t)n, &h, &err) || bb_othello_wthor_check(&h, (size_t)n, BB_OTHELLO_WTHOR_GAME, &err))
        return fprintf(stderr, "othello_mpc: %s: %s\n", path, err.msg), free(d), 1;
    for (uint32_t i = 0; i < h.count; i++) {
        bb_othello_record g;
        if (bb_othello_wthor_game(d, (size_t)n, i, &g, &err) < 0) continue;
        if (games++ % 10) continue;
        bb_othello_pos pos = g.start;
        for (int k = 0; k < g.count; k++) {
            if (g.moves[k] == BB_OTHELLO_PASS) {
                bb_othello_pass(&pos);
                continue;
            }
            offer(pos.p, pos.o);
            bb_othello_play(&pos, g.moves[k]);
        }
    }
    free(d);
    return 0;
}

static int cmp_str(const void *x, const void *y) { return strcmp(*(char *const *)x, *(char *const *)y); }

static int read_path(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0) return fprintf(stderr, "othello_mpc: %s: %s\n", path, strerror(errno)), 1;
    if (!S_ISDIR(st.st_mode)) return read_file(path);
    DIR *dir = opendir(path);
    if (!dir) return fprintf(stderr, "othello_mpc: %s: %s\n", path, strerror(errno)), 1;
    char *names[4096];
    int n = 0;
    for (struct dirent *e; (e = readdir(dir)) && n < 4096;) {
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 4, ".wtb")) continue;
        names[n] = malloc(strlen(path) + len + 2);
        if (!names[n]) return 1;
        sprintf(names[n++], "%s/%s", path, e->d_name);
    }
    closedir(dir);
    qsort(names, (size_t)n, sizeof *names, cmp_str);
    int rc = 0;
    for (int i = 0; i < n; i++) {
        if (!rc) rc = read_file(names[i]);
        free(names[i]);
    }
    return rc;
}

/* The solver's column (--end): see the top. */
static int fit_end(int last)
{
    double sigma[BB__EVAL_STAGES] = {0};
    printf("# %ld games read; positions of the held-out tenth, %ld per stage; exact score vs the solver's estimate\n",
           games, per_stage);
    printf("# stage  empties  n  estimate-depth  mean(exact-estimate)  sd  rms  (discs)\n");
    for (int s = 1; s <= last; s++) {
        long n = seen[s] < per_stage ? seen[s] : per_stage, used = 0;
        double sum = 0, sum2 = 0;
        int lo = s * BB__EVAL_STAGE_EMPTIES + 1, hi = lo + BB__EVAL_STAGE_EMPTIES - 1;
        for (long k = 0; k < n; k++) {
            bb_othello_pos pos = {pool[s][k].p, pool[s][k].o, BB_OTHELLO_BLACK};
            int e = 64 - bb_popcount(pos.p | pos.o);
            if (e < BB__SOLVE_MPC_MIN) continue;
            int d = e >= BB__SOLVE_SEARCH2_MIN ? 3 : e >= BB__SOLVE_SEARCH_MIN ? 2 : 1;
            bb_othello_search_opts o;
            memset(&o, 0, sizeof o);
            o.depth = d, o.exact_empties = -1, o.no_probcut = 1, o.hash_mb = 1;
            bb_othello_search_result r;
            bb_othello_solve_opts so;
            memset(&so, 0, sizeof so);
            bb_othello_solve_result sr;
            if (bb_othello_search(&pos, &o, &r) != 0 || bb_othello_solve(&pos, &so, &sr) != 0)
                return fprintf(stderr, "othello_mpc: search failed\n"), 1;
            double x = sr.score - r.score;
            sum += x, sum2 += x * x, used++;
        }
        if (!used) continue;
        double mean = sum / used;
        sigma[s] = sqrt(sum2 / used);
        printf("%7d  %2d-%2d  %3ld  %s  %+.2f  %.2f  %.2f\n", s, lo < BB__SOLVE_MPC_MIN ? BB__SOLVE_MPC_MIN : lo, hi,
               used, lo >= BB__SOLVE_SEARCH2_MIN ? "3" : hi < BB__SOLVE_SEARCH_MIN ? "1" : "1-2", mean,
               sqrt(sum2 / used - mean * mean), sigma[s]);
        fflush(stdout);
    }
    printf("# the last column of mpc.c's rows, stage 0 to %d (stage 0 copies 1, past %d copies %d):\n", BB__EVAL_STAGES - 1,
           last, last);
    for (int s = 0; s < BB__EVAL_STAGES; s++) {
        int src = s < 1 ? 1 : s > last ? last : s;
        printf("%s%.2f", s ? ", " : "    ", sigma[src]);
    }
    printf("\n");
    return 0;
}

int main(int argc, char **argv)
{
    long maxd = 10, seed = 1, last = 4;
    int npaths = 0, end_fit = 0;
    for (int i = 1; i < argc; i++) {
        char *end;
        if (!strcmp(argv[i], "--end")) {
            end_fit = 1;
        } else if (!strcmp(argv[i], "--last-stage")) {
            long v = i + 1 < argc ? strtol(argv[i + 1], &end, 10) : 0;
            if (i + 1 >= argc || *end || v < 1 || v >= BB__EVAL_STAGES) return usage("takes 1..9", i + 1 < argc ? argv[i + 1] : "");
            last = v, i++;
        } else if (!strcmp(argv[i], "--per-stage") || !strcmp(argv[i], "--max-depth") || !strcmp(argv[i], "--seed")) {
            if (i + 1 >= argc) return usage("needs a value", argv[i]);
            long v = strtol(argv[i + 1], &end, 10);
            if (*end || v < 1 || v > 100000) return usage("takes 1..100000", argv[i + 1]);
            if (argv[i][2] == 'p') per_stage = v;
            else if (argv[i][2] == 'm') maxd = v > MAXD ? MAXD : v;
            else seed = v;
            i++;
        } else if (argv[i][0] == '-') {
            return usage("unknown option", argv[i]);
        } else {
            argv[++npaths] = argv[i];
        }
    }
    if (!npaths) return usage("needs WTHOR files or directories", "");
    rng = (uint64_t)seed * 0x9E3779B97F4A7C15ULL + 7;
    for (int s = 0; s < BB__EVAL_STAGES; s++)
        if (!(pool[s] = calloc((size_t)per_stage, sizeof(pos2)))) return 1;
    for (int i = 1; i <= npaths; i++)
        if (read_path(argv[i])) return 1;
    if (end_fit) return fit_end((int)last);
    double sigma[BB__EVAL_STAGES][MAXD + 1];
    memset(sigma, 0, sizeof sigma);
    printf("# %ld games read; positions of the held-out tenth, %ld per stage; no selective cut-offs\n", games, per_stage);
    printf("# stage  depth  shallow  n  a  b  mean(deep-shallow)  sd(deep-shallow)  (discs)\n");
    for (int s = 1; s < BB__EVAL_STAGES; s++) {
        long n = seen[s] < per_stage ? seen[s] : per_stage;
        double v[MAXD + 1][512];
        if (n > 512) n = 512;
        int lo = s * BB__EVAL_STAGE_EMPTIES + 1;
        for (long k = 0; k < n; k++) {
            bb_othello_pos pos = {pool[s][k].p, pool[s][k].o, BB_OTHELLO_BLACK};
            for (int d = 1; d <= maxd; d++) {
                bb_othello_search_opts o;
                memset(&o, 0, sizeof o);
                o.depth = d, o.exact_empties = -1, o.no_probcut = 1, o.hash_mb = 4;
                bb_othello_search_result r;
                if (bb_othello_search(&pos, &o, &r) != 0) return fprintf(stderr, "othello_mpc: search failed\n"), 1;
                v[d][k] = r.score;
            }
        }
        for (int d = 3; d <= maxd && d < lo + 6; d++) {
            int sd = d / 2; /* as mpc.h's bb__mpc_shallow: about half, the same parity */
            if ((d - sd) & 1) sd += d & 1 ? 1 : -1;
            if (sd < 1) sd = 1;
            double sx = 0, sy = 0, sxx = 0, sxy = 0, sdd = 0, sd1 = 0;
            for (long k = 0; k < n; k++) {
                double x = v[sd][k], y = v[d][k];
                sx += x, sy += y, sxx += x * x, sxy += x * y, sd1 += y - x, sdd += (y - x) * (y - x);
            }
            double a = (n * sxy - sx * sy) / (n * sxx - sx * sx), b = (sy - a * sx) / n, mean = sd1 / n;
            double sdv = sqrt(sdd / n - mean * mean);
            sigma[s][d] = sqrt(sdd / n); /* around the shallow score itself: the bias counts */
            printf("%7d  %5d  %7d  %3ld  %.3f  %+.2f  %+.2f  %.2f\n", s, d, sd, n, a, b, mean, sdv);
        }
        fflush(stdout);
    }
    printf("# the table for mpc.c (RMS of deep - shallow, discs; stage 0 copies stage 1; depths past the fit copy the last)\n");
    for (int s = 0; s < BB__EVAL_STAGES; s++) {
        int src = s ? s : 1;
        printf("    {0, 0, 0");
        double last = 0;
        for (int d = 3; d <= MAXD; d++) {
            if (sigma[src][d] > 0) last = sigma[src][d];
            printf(", %.2f", last);
        }
        printf(", 7}, /* stage %d */\n", s);
    }
    return 0;
}
