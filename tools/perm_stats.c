/* perm_stats: the permutation compiler's figures for docs/PERM.md (make
 * perm-stats).  Three tables, each from seeded inputs:
 *   named   every library transform without a square (and each line kind at
 *           every square): the compiler's cost per target beside the
 *           cheapest of the library's own programs, and the winning strategy
 *   random  N random permutations (default 10,000; --count N), each compiled
 *           on every target and proved: the mean and worst cost, the Benes
 *           swaps (mean, max: never over 11), which strategy won how often,
 *           the compile time (mean, max)
 *   partial 8 random squares into a random byte, the same figures
 * Exit status 1 if any compile failed, any candidate was wrong, or a Benes
 * network took more than 11 swaps. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bitboard.h"

static uint64_t rng = 0x7065726d73ULL;
static uint64_t next(void)
{
    uint64_t z = (rng += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

typedef struct {
    double cost, cost_max, ms, ms_max, swaps;
    int swaps_max, n, wins[8];
} tally;

static int failures;

static void compile_into(const bb_perm_map *m, int t, tally *y)
{
    bb_trace_program *p;
    bb_perm_report r;
    double t0 = now_ms();
    int rc = bb_perm_compile(m, (bb_perm_target)t, &p, &r);
    double ms = now_ms() - t0;
    if (rc != 0 || r.rejected || r.swaps > 11) {
        fprintf(stderr, "perm_stats: %s: %s (%d wrong candidates, %d swaps)\n", bb_perm_target_name((bb_perm_target)t),
                r.msg, r.rejected, r.swaps);
        failures++;
        if (rc == 0) bb_trace_free(p);
        return;
    }
    y->n++;
    y->cost += r.cost.cost;
    if (r.cost.cost > y->cost_max) y->cost_max = r.cost.cost;
    y->ms += ms;
    if (ms > y->ms_max) y->ms_max = ms;
    y->swaps += r.swaps;
    if (r.swaps > y->swaps_max) y->swaps_max = r.swaps;
    for (int k = 0; k < bb_perm_strategy_count(); k++)
        if (strcmp(r.strategy, bb_perm_strategy_name(k)) == 0) y->wins[k]++;
    bb_trace_free(p);
}

static void print_tallies(const char *what, tally *y)
{
    printf("\n%s\n\n| target | mean cost | worst | Benes swaps mean / max | compile ms mean / max | strategies that won |\n"
           "|---|---:|---:|---:|---:|---|\n", what);
    for (int t = 0; t < BB_PERM_TARGET_COUNT; t++) {
        tally *a = &y[t];
        if (!a->n) continue;
        printf("| %s | %.2f | %.2f | %.2f / %d | %.1f / %.1f |", bb_perm_target_name((bb_perm_target)t), a->cost / a->n,
               a->cost_max, a->swaps / a->n, a->swaps_max, a->ms / a->n, a->ms_max);
        for (int k = 0; k < bb_perm_strategy_count(); k++)
            if (a->wins[k]) printf(" %s %d", bb_perm_strategy_name(k), a->wins[k]);
        printf(" |\n");
    }
}

static void shuffle_map(bb_perm_map *m)
{
    for (int s = 0; s < 64; s++) m->to[s] = (signed char)s;
    for (int s = 63; s > 0; s--) {
        int j = (int)(next() % (uint64_t)(s + 1));
        signed char x = m->to[s];
        m->to[s] = m->to[j];
        m->to[j] = x;
    }
}

/* The cheapest of the library's own programs for a named transform on t (-1: none runs there). */
static double library_cost(const char *name, int t)
{
    const char *forms[4];
    int nf = bb_perm_named_forms(name, forms, 4);
    const char *u = strrchr(name, '_');
    int sq = u ? bb_parse_square(u + 1) : -1;
    double best = -1;
    for (int j = 0; j < nf; j++) {
        const bb_trace_form *f = bb_trace_find(forms[j]);
        if (!f) continue;
        char text[8192];
        bb_trace_form_text(text, sizeof text, f, sq < 0 ? 0 : sq);
        bb_trace_program *p = bb_trace_parse(text, NULL);
        bb_perm_cost c;
        if (p && bb_perm_price(p, (bb_perm_target)t, &c) == 0 && (best < 0 || c.cost < best)) best = c.cost;
        bb_trace_free(p);
    }
    return best;
}

static void named_table(void)
{
    printf("\nNamed transforms: the compiled program's cost beside the cheapest library program's (cost: cycles "
           "for one call; array: uops per board)\n\n| transform |");
    for (int t = 0; t < BB_PERM_TARGET_COUNT; t++) printf(" %s |", bb_perm_target_name((bb_perm_target)t));
    printf("\n|---|");
    for (int t = 0; t < BB_PERM_TARGET_COUNT; t++) printf("---|");
    printf("\n");
    char name[48];
    int count = bb_perm_named_count();
    for (int i = 0; i < count; i++) {
        bb_perm_named_name(i, name, sizeof name);
        size_t n = strlen(name);
        /* one square per line kind in the table (every square is compiled below) */
        int has_square = n > 3 && name[n - 3] == '_' && name[n - 2] >= 'a' && name[n - 2] <= 'h' &&
                         name[n - 1] >= '1' && name[n - 1] <= '8';
        if (has_square && strcmp(name + n - 2, "c1") != 0 && strcmp(name + n - 2, "e4") != 0) continue;
        bb_perm_map m;
        bb_perm_named(name, &m);
        printf("| %s |", name);
        for (int t = 0; t < BB_PERM_TARGET_COUNT; t++) {
            bb_trace_program *p;
            bb_perm_report r;
            if (bb_perm_compile(&m, (bb_perm_target)t, &p, &r) != 0 || r.rejected) {
                printf(" FAILED |");
                failures++;
                continue;
            }
            double lib = library_cost(name, t);
            if (lib >= 0 && r.cost.cost > lib + 1e-9) failures++;
            if (lib < 0) printf(" %.2f %s (library: -) |", r.cost.cost, r.strategy);
            else printf(" %.2f %s (library %.2f) |", r.cost.cost, r.strategy, lib);
            bb_trace_free(p);
        }
        printf("\n");
    }
    /* every square of every line kind: compiled, no costlier than the library */
    int lines = 0, worse = 0;
    for (int i = 0; i < count; i++) {
        bb_perm_named_name(i, name, sizeof name);
        if (!strchr(name, '_') || (strncmp(name, "line_", 5) != 0 && strncmp(name, "deposit_", 8) != 0)) continue;
        bb_perm_map m;
        bb_perm_named(name, &m);
        for (int t = 0; t < BB_PERM_TARGET_COUNT; t++) {
            bb_trace_program *p;
            bb_perm_report r;
            if (bb_perm_compile(&m, (bb_perm_target)t, &p, &r) != 0 || r.rejected) {
                failures++;
                continue;
            }
            double lib = library_cost(name, t);
            if (lib >= 0 && r.cost.cost > lib + 1e-9) worse++;
            lines++;
            bb_trace_free(p);
        }
    }
    failures += worse;
    printf("\nLine gathers and deposits at every square (%d compiles): %d costlier than the library's program\n", lines,
           worse);
}

int main(int argc, char **argv)
{
    int count = 10000, named = 1;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--count") == 0 && i + 1 < argc) count = atoi(argv[++i]);
        else if (strcmp(argv[i], "--no-named") == 0) named = 0;
        else {
            fprintf(stderr, "usage: perm_stats [--count N] [--no-named]\n");
            return 2;
        }
    }
    printf("perm_stats (bitboard %s): seed 0x7065726d73\n", bb_version());
    if (named) named_table();
    tally y[BB_PERM_TARGET_COUNT];
    memset(y, 0, sizeof y);
    for (int i = 0; i < count; i++) {
        bb_perm_map m;
        shuffle_map(&m);
        for (int t = 0; t < BB_PERM_TARGET_COUNT; t++) compile_into(&m, t, &y[t]);
    }
    char what[96];
    snprintf(what, sizeof what, "%d random permutations, every target (each proved by the tracer)", count);
    print_tallies(what, y);
    memset(y, 0, sizeof y);
    int partial = count / 10 > 0 ? count / 10 : 1;
    for (int i = 0; i < partial; i++) {
        bb_perm_map m, p;
        shuffle_map(&p);
        memset(m.to, BB_PERM_ANY, sizeof m.to);
        int byte = (int)(next() % 8);
        /* the 8 destinations: a random order of the byte's bits */
        int bits[8] = {0, 1, 2, 3, 4, 5, 6, 7};
        for (int k = 7; k > 0; k--) {
            int j = (int)(next() % (uint64_t)(k + 1)), x = bits[k];
            bits[k] = bits[j], bits[j] = x;
        }
        for (int k = 0; k < 8; k++) m.to[p.to[k]] = (signed char)(8 * byte + bits[k]);
        for (int t = 0; t < BB_PERM_TARGET_COUNT; t++) compile_into(&m, t, &y[t]);
    }
    snprintf(what, sizeof what, "%d partial maps: 8 random squares into a random byte, every target", partial);
    print_tallies(what, y);
    printf("\n%s\n", failures ? "FAILURES (see above)" : "no failures");
    return failures ? 1 : 0;
}
