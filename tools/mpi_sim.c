/* mpi_sim - the scheduler of bitboard-mpi simulated, for docs/SCALING.md.
 *
 *   mpi_sim JOURNAL [--ranks 16,128,1024] [--work count|seconds] [--total S]
 *                   [--scale F] [--power G] [--latency S] [--fsync S] [--threads-eff E]
 *
 * Reads the subtree times of a perft journal (`done INDEX COUNT SECONDS`
 * lines; the index order is the order bitboard-mpi hands subtrees out:
 * largest estimate first) and replays the schedule deterministically: each
 * of N ranks takes the next subtree the moment it is free (after `latency`
 * seconds for the request and the answer), as rank 0 hands them out.  Prints
 * for each N: the run's time, the efficiency (work / (N x time)), the most
 * any rank waits at the end as a share of the run, rank 0's message rate and
 * the share of its time the journal's fsync takes.
 *
 *   --work W      what a subtree costs: `count` (default), its leaves, in
 *                 proportion (deterministic: the same journal gives the same
 *                 numbers on any machine), or `seconds`, its measured time
 *                 (tiny subtrees' times are mostly noise: preemption, faults)
 *   --total S     the whole work on one rank, in seconds (default: the sum of
 *                 the journal's times); the subtrees share it in proportion
 *   --scale F     multiplies every subtree's time (a deeper perft with the
 *                 same split: its subtrees are F times larger on average)
 *   --power G     raises each time (relative to the mean) to the power G
 *                 before scaling, keeping the total: G > 1 widens the
 *                 spread (deeper subtrees differ more than shallow ones)
 *   --latency S   one request and answer (default 20e-6 s)
 *   --fsync S     one journal line's fsync on rank 0 (default 2e-3 s)
 *   --threads-eff E   the subtree times are divided by E (a rank's threads:
 *                 16 threads at 90% efficiency is 14.4; default 1)
 *
 * No randomness: the same journal and options print the same numbers. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int die(const char *msg, const char *arg)
{
    fprintf(stderr, "mpi_sim: %s%s%s\n", msg, arg ? ": " : "", arg ? arg : "");
    return 2;
}

int main(int argc, char **argv)
{
    const char *path = NULL, *ranks_text = "16,128,1024";
    double scale = 1, power = 1, latency = 20e-6, fsync_s = 2e-3, teff = 1, total_given = 0;
    int by_count = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--ranks") && v) ranks_text = v, i++;
        else if (!strcmp(a, "--scale") && v) scale = atof(v), i++;
        else if (!strcmp(a, "--total") && v) total_given = atof(v), i++;
        else if (!strcmp(a, "--work") && v && (!strcmp(v, "count") || !strcmp(v, "seconds"))) by_count = !strcmp(v, "count"), i++;
        else if (!strcmp(a, "--power") && v) power = atof(v), i++;
        else if (!strcmp(a, "--latency") && v) latency = atof(v), i++;
        else if (!strcmp(a, "--fsync") && v) fsync_s = atof(v), i++;
        else if (!strcmp(a, "--threads-eff") && v) teff = atof(v), i++;
        else if (a[0] == '-') return die("unknown option (mpi_sim JOURNAL [--ranks N,..] [--scale F] [--power G] "
                                         "[--latency S] [--fsync S] [--threads-eff E])", a);
        else path = a;
    }
    if (!path) return die("usage: mpi_sim JOURNAL [options]", NULL);
    if (!(scale > 0) || !(power > 0) || !(teff > 0) || latency < 0 || fsync_s < 0)
        return die("--scale, --power, --threads-eff must be positive; --latency, --fsync not negative", NULL);
    FILE *f = fopen(path, "r");
    if (!f) return die("cannot open", path);
    size_t n = 0, cap = 1 << 16;
    double *t = malloc(cap * sizeof *t), *cnt = malloc(cap * sizeof *cnt), secs_sum = 0;
    long *idx = malloc(cap * sizeof *idx);
    char line[4096];
    long lineno = 0;
    while (t && idx && cnt && fgets(line, sizeof line, f)) {
        lineno++;
        if (lineno == 1) continue; /* the parameters */
        long i;
        unsigned long long c;
        double s;
        if (sscanf(line, "done %ld %llu %lf", &i, &c, &s) != 3) {
            fprintf(stderr, "mpi_sim: %s, line %ld: not 'done INDEX COUNT SECONDS'\n", path, lineno);
            return 2;
        }
        if (n == cap) {
            cap *= 2;
            t = realloc(t, cap * sizeof *t);
            cnt = realloc(cnt, cap * sizeof *cnt);
            idx = realloc(idx, cap * sizeof *idx);
            if (!t || !idx || !cnt) return die("out of memory", NULL);
        }
        t[n] = s, cnt[n] = (double)c, idx[n] = i, n++;
        secs_sum += s;
    }
    fclose(f);
    if (n == 0) return die("no subtrees in", path);
    /* the order rank 0 hands them out: by index */
    double *by = calloc((size_t)n, sizeof *by);
    long maxi = 0;
    for (size_t k = 0; k < n; k++) maxi = idx[k] > maxi ? idx[k] : maxi;
    double *slot = calloc((size_t)maxi + 1, sizeof *slot);
    unsigned char *have = calloc((size_t)maxi + 1, 1);
    if (!by || !slot || !have) return die("out of memory", NULL);
    for (size_t k = 0; k < n; k++) slot[idx[k]] = by_count ? cnt[k] : t[k], have[idx[k]] = 1;
    size_t m = 0;
    double total = 0, mean, maxt = 0;
    for (long i = 0; i <= maxi; i++)
        if (have[i]) by[m++] = slot[i], total += slot[i];
    mean = total / (double)m;
    double total2 = 0;
    for (size_t k = 0; k < m; k++) {
        by[k] = mean * pow(by[k] / mean, power);
        total2 += by[k];
    }
    /* in seconds: the subtrees share one rank's time for the whole work */
    double target = total_given > 0 ? total_given : secs_sum;
    double work = target * scale / teff;
    for (size_t k = 0; k < m; k++) {
        by[k] *= work / total2;
        if (by[k] > maxt) maxt = by[k];
    }
    printf("%zu subtrees, work %.6g s (one rank), the largest %.6g s (%.4f%% of the work)\n", m, work, maxt,
           100 * maxt / work);
    printf("%8s %14s %10s %16s %14s %14s\n", "ranks", "time (s)", "efficiency", "longest wait", "rank 0 msg/s",
           "fsync share");
    const char *p = ranks_text;
    while (*p) {
        long N = strtol(p, (char **)&p, 10);
        if (*p == ',') p++;
        if (N < 1) return die("--ranks: not a list of positive numbers", ranks_text);
        double *free_at = calloc((size_t)N, sizeof *free_at);
        if (!free_at) return die("out of memory", NULL);
        /* a binary heap would be faster; N is at most a few thousand, m at most millions */
        for (size_t k = 0; k < m; k++) {
            long best = 0;
            for (long r = 1; r < N; r++)
                if (free_at[r] < free_at[best]) best = r;
            free_at[best] += latency + by[k];
        }
        double end = 0, first_idle = INFINITY;
        for (long r = 0; r < N; r++) {
            if (free_at[r] > end) end = free_at[r];
            if (free_at[r] < first_idle) first_idle = free_at[r];
        }
        double eff = work / ((double)N * end);
        double rate = (double)m / end;
        printf("%8ld %14.6g %9.2f%% %15.3f%% %14.1f %13.2f%%\n", N, end, 100 * eff, 100 * (end - first_idle) / end,
               rate, 100 * rate * fsync_s);
        free(free_at);
    }
    free(t), free(cnt), free(idx), free(by), free(slot), free(have);
    return 0;
}
