/* The soak driver (make soak): runs every differential area of the soak
 * (tests/soak/soak_*.c) with one seed until the time is up, the time split
 * among the areas in round-robin slices, and prints each failure with the
 * command that replays it, each area's counts, and the total
 * "soak: N passed, M failed" (exit status 1 if anything failed, 2 on bad
 * arguments).  --help says the rest; CONTRIBUTING.md, "Soak", how to add an
 * area.  The python and cli areas are scripts (tests/soak/run.sh runs them
 * beside this program); they ask this program for the library's answers
 * with --query (soak_query.c). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "soak.h"
#include "soak_util.h"

soak_area_fn soak_area_othello_perft, soak_area_othello_solve, soak_area_othello_flips, soak_area_canonical,
    soak_area_sym, soak_area_lines, soak_area_attacks, soak_area_pgn, soak_area_pgn_threads, soak_area_chess,
    soak_area_perm, soak_area_othello_search, soak_area_records;

/* The query mode (soak_query.c): the library's answers, one line each. */
int soak_query(FILE *in, FILE *out);

typedef struct {
    const char *name;
    soak_area_fn *fn;
    const char *what;
} soak_area;

static const soak_area areas[] = {
    {"othello-perft", soak_area_othello_perft,
     "perft kernels (scalar, AVX2, AVX-512; table, threads; 3 conventions) against a naive walk"},
    {"othello-solve", soak_area_othello_solve,
     "the exact solver (wld, windows, threads, no evaluation, no symmetry) against plain alpha-beta"},
    {"othello-flips", soak_area_othello_flips,
     "moves and flips by every method, the solver's flips, the features, against direction walks"},
    {"canonical", soak_area_canonical,
     "canonical forms (scalar, pair, arrays, every implementation) against the least of 8 naive images"},
    {"sym", soak_area_sym, "the 8 symmetries (every form, arrays, compose, inverse, mappings) against a square loop"},
    {"lines", soak_area_lines, "line extract/deposit, byte mirror, pseudo-rotations, rotated boards against loops"},
    {"attacks", soak_area_attacks,
     "slider attacks by every method, the rotated state, fills, leapers, between/line against ray walks"},
    {"pgn", soak_area_pgn,
     "random legal games written as PGN (comments, NAGs, variations, Chess960) read back against the slow replay"},
    {"pgn-threads", soak_area_pgn_threads,
     "random and damaged PGN files read in 2-64 parts (bb_pgn_split, as --threads) against one reader, event for event"},
    {"chess", soak_area_chess,
     "perft 1-5 by the kernel, every method, the fast walk, generate/make and the slow generator (chess_diff.h)"},
    {"othello-search", soak_area_othello_search,
     "the midgame search against plain alpha-beta (depths 1-4) and the exact solver (to the end)"},
    {"records", soak_area_records,
     "WTHOR records (damaged, cut files), board strings and Polyglot books against slow readers of their formats"},
    {"perm", soak_area_perm,
     "the permutation compiler on random maps of every kind and target: each program against a bit loop"},
};
#define AREA_COUNT ((int)(sizeof areas / sizeof areas[0]))

#define SMOKE_SEED 0x50A4ULL
#define SMOKE_CASES 12
#define SMOKE_SECONDS 0.6 /* at most per area */
#define MAX_PRINTED 10    /* failures printed per area; the rest only counted */

static const char *prog = "build/tests/soak";
int soak_verbose;
static double deadline; /* 0: none */
static int current = -1, printed[AREA_COUNT];

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int soak_time_left(void) { return deadline == 0 || now() < deadline; }

void soak_note(const char *fmt, ...)
{
    if (!soak_verbose) return;
    va_list ap;
    va_start(ap, fmt);
    fputs("  ", stdout);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
}

void soak_report_failure(const char *area, uint64_t seed, int64_t i, const char *fmt, ...)
{
    if (current >= 0 && printed[current]++ >= MAX_PRINTED) {
        if (printed[current] == MAX_PRINTED + 1)
            printf("FAIL %s: more failures, counted but not printed\n", area);
        return;
    }
    printf("FAIL %s seed=0x%016llx case=%lld: ", area, (unsigned long long)seed, (long long)i);
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n  replay: %s --area %s --seed 0x%016llx --case %lld\n", prog, area, (unsigned long long)seed,
           (long long)i);
    fflush(stdout);
}

static void usage(FILE *f)
{
    fprintf(f,
            "usage: %s [--seconds N] [--seed S] [--area NAME]... [--case I]\n"
            "       %s --smoke | --list | --query | --help\n"
            "Runs the soak's differential areas (each a fast path against its slow\n"
            "twin on random inputs) with one seed until N seconds are up, the time\n"
            "split among the areas in round-robin slices.  Prints each failure with\n"
            "the command that replays it, a line of counts per area, and\n"
            "`soak: N passed, M failed` (cases); exit status 1 if any case failed,\n"
            "2 on bad arguments.\n"
            "  --seconds N   the time in all (default 60; make soak: SECONDS=600)\n"
            "  --seed S      the run's seed, hex (0x...) or decimal (default: fresh)\n"
            "  --area NAME   only this area (repeatable, or NAME,NAME); --list names them\n"
            "  --case I      only case I of the area(s), verbose: what it checks\n"
            "  --smoke       %d cases of every area (at most %.1f s each), seed 0x%llx\n"
            "                unless --seed, and one request of each kind to --query:\n"
            "                make test's check that the soak still runs\n"
            "  --list        the areas and what each compares\n"
            "  --query       answer requests on standard input with the library's\n"
            "                results, one line each (the python and cli areas' oracle;\n"
            "                soak_query.c lists the requests)\n",
            prog, prog, SMOKE_CASES, SMOKE_SECONDS, (unsigned long long)SMOKE_SEED);
}

static int bad_arg(const char *opt, const char *val, const char *why)
{
    if (val)
        fprintf(stderr, "%s: %s: '%s' %s\n", prog, opt, val, why);
    else
        fprintf(stderr, "%s: %s %s\n", prog, opt, why);
    fprintf(stderr, "(%s --help lists the options)\n", prog);
    return 2;
}

/* A 64-bit number: 0x... hex or decimal, nothing else after it. */
static int parse_u64(const char *s, uint64_t *v)
{
    int base = 10;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) base = 16, s += 2;
    if (!*s || *s == '-' || *s == '+' || *s == ' ') return -1;
    char *end;
    errno = 0;
    unsigned long long x = strtoull(s, &end, base);
    if (errno || *end) return -1;
    *v = (uint64_t)x;
    return 0;
}

static int find_area(const char *name, size_t len)
{
    for (int a = 0; a < AREA_COUNT; a++)
        if (strlen(areas[a].name) == len && strncmp(areas[a].name, name, len) == 0) return a;
    return -1;
}

static uint64_t fresh_seed(void)
{
    uint64_t s = 0;
    FILE *f = fopen("/dev/urandom", "rb");
    if (!f || fread(&s, sizeof s, 1, f) != 1) {
        struct timespec t;
        clock_gettime(CLOCK_REALTIME, &t);
        s = (uint64_t)t.tv_sec * 1000000007ULL ^ (uint64_t)t.tv_nsec ^ ((uint64_t)(uintptr_t)&s << 20);
    }
    if (f) fclose(f);
    return s;
}

/* --smoke's check of the query mode: one request of each kind; every
 * answer is there and none is an error, and two are known counts. */
static const char *const smoke_requests[] = {
    "sym 1 0x1", "canonical 0x80 3", "pair 0x80 0x1", "line 0x1234 4 2", "deposit 255 2 3", "rot45 0 0x1234",
    "rotated -45 0x1234", "convert 0 3 0x1234", "attacks queen 28 0x10000010",
    "omoves 0x0000000810000000 0x0000001008000000", "oflips 0x0000000810000000 0x0000001008000000 19",
    "operft 0x0000000810000000 0x0000001008000000 3 0", "osolve 0x7FFFFFFF00000000 0x00000000FFFFFFFF 0",
    "ofeatures 1 2", "cmoves rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "cperft 2 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "cplay 960 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|e2e4",
    "csan rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|g1f3"};
#define SMOKE_REQUESTS ((int)(sizeof smoke_requests / sizeof smoke_requests[0]))

/* 1 if the query mode answered smoke_requests well, else 0 (and says why). */
static int smoke_query(void)
{
    char in[2048], *out = NULL, line[4096];
    size_t n = 0, out_len = 0;
    for (int k = 0; k < SMOKE_REQUESTS; k++) n += (size_t)snprintf(in + n, sizeof in - n, "%s\n", smoke_requests[k]);
    FILE *fi = fmemopen(in, n, "r"), *fo = open_memstream(&out, &out_len);
    if (!fi || !fo) return 0;
    soak_query(fi, fo);
    fclose(fi);
    fclose(fo);
    FILE *f = fmemopen(out, out_len, "r");
    int k = 0, ok = f != NULL;
    while (ok && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = 0;
        ok = k < SMOKE_REQUESTS && strncmp(line, "error:", 6) != 0;
        if (ok && !strncmp(smoke_requests[k], "operft", 6)) ok = !strcmp(line, "56");
        if (ok && !strncmp(smoke_requests[k], "cperft", 6)) ok = !strcmp(line, "400");
        if (!ok) printf("FAIL query: '%s' answered '%s'\n", k < SMOKE_REQUESTS ? smoke_requests[k] : "", line);
        k++;
    }
    if (ok && k != SMOKE_REQUESTS) printf("FAIL query: %d answers to %d requests\n", k, SMOKE_REQUESTS), ok = 0;
    if (f) fclose(f);
    free(out);
    return ok;
}

typedef struct {
    soak_stats st;
    double seconds;
    int64_t next;
} area_run;

/* Runs area a from case first to last (last < 0: while time is left),
 * until `until` (0: no deadline). */
static void run_area(int a, area_run *r, uint64_t seed, int64_t last, double until)
{
    deadline = until;
    current = a;
    double t0 = now();
    uint64_t before = r->st.cases;
    areas[a].fn(seed, r->next, last, &r->st);
    r->next += (int64_t)(r->st.cases - before);
    r->seconds += now() - t0;
    current = -1;
}

static void summary(int a, const area_run *r, uint64_t seed)
{
    printf("%-14s seed=0x%016llx  cases %llu  failures %llu  work %llu %s  (%.1f s, %.1f cases/s)\n", areas[a].name,
           (unsigned long long)seed, (unsigned long long)r->st.cases, (unsigned long long)r->st.failures,
           (unsigned long long)r->st.work, r->st.work_name ? r->st.work_name : "", r->seconds,
           r->seconds > 0 ? (double)r->st.cases / r->seconds : 0.0);
}

int main(int argc, char **argv)
{
    if (argc > 0 && argv[0] && *argv[0]) prog = argv[0];
    double seconds = 60;
    uint64_t seed = 0;
    int have_seed = 0, smoke = 0, list = 0, query = 0, chosen[AREA_COUNT] = {0}, any_chosen = 0;
    int64_t one_case = -1;
    uint64_t extra_cases = 0, extra_failed = 0; /* --smoke's query check */
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int takes = !strcmp(a, "--seconds") || !strcmp(a, "--seed") || !strcmp(a, "--area") || !strcmp(a, "--case");
        if (takes && i + 1 >= argc) return bad_arg(a, NULL, "needs a value");
        if (!strcmp(a, "--seconds")) {
            char *end;
            const char *v = argv[++i];
            errno = 0;
            seconds = strtod(v, &end);
            if (errno || end == v || *end || !(seconds > 0) || !isfinite(seconds))
                return bad_arg(a, v, "is not a positive number of seconds");
        } else if (!strcmp(a, "--seed")) {
            if (parse_u64(argv[++i], &seed)) return bad_arg(a, argv[i], "is not a seed (0x... hex or decimal)");
            have_seed = 1;
        } else if (!strcmp(a, "--area")) {
            const char *v = argv[++i], *p = v;
            if (!*v) return bad_arg(a, v, "is not an area (--list lists them)");
            while (*p) {
                size_t n = strcspn(p, ", ");
                int k = find_area(p, n);
                if (k < 0) {
                    fprintf(stderr, "%s: --area: no area '%.*s' (areas:", prog, (int)n, p);
                    for (int j = 0; j < AREA_COUNT; j++) fprintf(stderr, " %s", areas[j].name);
                    fprintf(stderr, ")\n");
                    return 2;
                }
                chosen[k] = any_chosen = 1;
                p += n;
                p += strspn(p, ", ");
            }
        } else if (!strcmp(a, "--case")) {
            uint64_t v;
            if (parse_u64(argv[++i], &v) || v > (uint64_t)INT64_MAX)
                return bad_arg(a, argv[i], "is not a case number (0, 1, ...)");
            one_case = (int64_t)v;
        } else if (!strcmp(a, "--smoke")) {
            smoke = 1;
        } else if (!strcmp(a, "--list")) {
            list = 1;
        } else if (!strcmp(a, "--query")) {
            query = 1;
        } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        } else {
            return bad_arg(a, NULL, "is not an option");
        }
    }
    if (smoke + list + query + (one_case >= 0) > 1)
        return bad_arg("--smoke, --list, --query and --case", NULL, "do not go together");
    if (list) {
        for (int a = 0; a < AREA_COUNT; a++)
            printf("%-14s %s\n", areas[a].name, areas[a].what);
        return 0;
    }
    if (query) return soak_query(stdin, stdout);

    if (!have_seed) seed = smoke ? SMOKE_SEED : fresh_seed();
    int sel[AREA_COUNT], n = 0;
    for (int a = 0; a < AREA_COUNT; a++) {
        if (any_chosen && !chosen[a]) continue;
        sel[n++] = a;
    }
    area_run runs[AREA_COUNT];
    memset(runs, 0, sizeof runs);
    setvbuf(stdout, NULL, _IOLBF, 0);

    if (one_case >= 0) {
        soak_verbose = 1;
        for (int k = 0; k < n; k++) {
            printf("%s seed=0x%016llx case=%lld:\n", areas[sel[k]].name, (unsigned long long)seed, (long long)one_case);
            runs[sel[k]].next = one_case;
            run_area(sel[k], &runs[sel[k]], seed, one_case, 0);
        }
    } else if (smoke) {
        printf("soak --smoke: seed 0x%016llx, %d cases of each area\n", (unsigned long long)seed, SMOKE_CASES);
        for (int k = 0; k < n; k++) run_area(sel[k], &runs[sel[k]], seed, SMOKE_CASES - 1, now() + SMOKE_SECONDS);
        int ok = smoke_query();
        printf("%-14s %d requests of every kind: %s\n", "query", SMOKE_REQUESTS, ok ? "answered" : "FAILED");
        extra_cases = 1, extra_failed = !ok;
    } else {
        printf("soak: seed 0x%016llx, %g s, %d area%s\n", (unsigned long long)seed, seconds, n, n == 1 ? "" : "s");
        double start = now(), end = start + seconds;
        /* slices of a tenth of an area's share (0.2 to 3 s): every area
         * gets time in a short run, and the last round shares out what is
         * left; an area whose long cases ran over its slices sits a round
         * out until the others have caught up */
        double slice = seconds / (10.0 * (n ? n : 1));
        slice = slice < 0.2 ? 0.2 : slice > 3 ? 3 : slice;
        while (n && now() < end) {
            for (int k = 0; k < n; k++) {
                double t = now();
                if (t >= end) break;
                if (runs[sel[k]].seconds > (t - start) / n + slice) continue;
                double share = (end - t) / (n - k);
                run_area(sel[k], &runs[sel[k]], seed, -1, t + (share < slice ? share : slice));
            }
        }
    }

    uint64_t cases = extra_cases, failed = extra_failed;
    for (int k = 0; k < n; k++) {
        summary(sel[k], &runs[sel[k]], seed);
        cases += runs[sel[k]].st.cases, failed += runs[sel[k]].st.failures;
    }
    printf("soak: %llu passed, %llu failed\n", (unsigned long long)(cases - failed), (unsigned long long)failed);
    return failed ? 1 : 0;
}
