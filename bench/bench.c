/* bench: `make bench` runs every section; `bench SECTION...` runs some.
 * Timing: CLOCK_MONOTONIC around whole runs, medians over repetitions;
 * cycles from a measured core clock (a chain of dependent adds: 1 cycle each). */
#define _POSIX_C_SOURCE 200809L
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bitboard.h"

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double core_ghz;

double bench_core_ghz(void)
{
    if (core_ghz > 0) return core_ghz;
    /* 8 dependent register-register adds per iteration (add-immediate chains
     * are folded at rename on recent cores, so they would not count cycles);
     * the loop overhead runs in parallel. */
    double best = 0;
    for (int rep = 0; rep < 15; rep++) {
        uint64_t x = 1, n = 2000000;
        double t0 = now_ns();
        for (uint64_t i = 0; i < n; i++) {
            __asm__ volatile("add %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\t"
                             "add %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\tadd %1, %0"
                             : "+r"(x) : "r"(i));
        }
        double t = now_ns() - t0;
        double ghz = (double)(8 * n) / t;
        if (ghz > best) best = ghz; /* the fastest run is the undisturbed one */
    }
    core_ghz = best;
    return core_ghz;
}

bench_stat bench_time(const bench_opts *o, void (*fn)(void *ctx), void *ctx, double ops)
{
    enum { MAXR = 101 };
    double t[MAXR];
    int reps = o->reps < MAXR ? o->reps : MAXR;
    fn(ctx); /* warm-up: caches, branch predictors, page faults */
    for (int r = 0; r < reps; r++) {
        double t0 = now_ns();
        fn(ctx);
        t[r] = (now_ns() - t0) / ops;
    }
    qsort(t, (size_t)reps, sizeof t[0], cmp_double);
    bench_stat s = {t[reps / 2], t[0], t[reps - 1], 0};
    s.cycles = s.ns * bench_core_ghz();
    return s;
}

void bench_table_header(const char *title, const char *note)
{
    printf("\n### %s\n", title);
    if (note && *note) printf("%s\n", note);
    printf("\n| op | implementation | latency ns | latency cycles | throughput ns/op | cycles/op | ops/cycle | ns spread (min-max) |\n"
           "|---|---|---:|---:|---:|---:|---:|---|\n");
}

void bench_row(const char *op, const char *impl, const bench_stat *lat, const bench_stat *thr)
{
    char l1[32] = "-", l2[32] = "-", t1[32] = "-", t2[32] = "-", t3[32] = "-", sp[64] = "";
    if (lat) {
        snprintf(l1, sizeof l1, "%.2f", lat->ns);
        snprintf(l2, sizeof l2, "%.1f", lat->cycles);
    }
    if (thr) {
        snprintf(t1, sizeof t1, "%.3f", thr->ns);
        snprintf(t2, sizeof t2, "%.2f", thr->cycles);
        snprintf(t3, sizeof t3, "%.2f", thr->cycles > 0 ? 1.0 / thr->cycles : 0);
    }
    if (lat && thr)
        snprintf(sp, sizeof sp, "lat %.2f-%.2f, thr %.3f-%.3f", lat->ns_lo, lat->ns_hi, thr->ns_lo, thr->ns_hi);
    else if (thr)
        snprintf(sp, sizeof sp, "thr %.3f-%.3f", thr->ns_lo, thr->ns_hi);
    else if (lat)
        snprintf(sp, sizeof sp, "lat %.2f-%.2f", lat->ns_lo, lat->ns_hi);
    printf("| %s | %s | %s | %s | %s | %s | %s | %s |\n", op, impl, l1, l2, t1, t2, t3, sp);
    fflush(stdout);
}

void bench_bulk_header(const char *title, const char *note)
{
    printf("\n### %s\n", title);
    if (note && *note) printf("%s\n", note);
    printf("\n| work | implementation | ns/board | cycles/board | boards/cycle | GB/s (read+write) | ns spread (min-max) |\n"
           "|---|---|---:|---:|---:|---:|---|\n");
}

void bench_bulk_row(const char *what, const char *impl, const bench_stat *s, double bytes)
{
    printf("| %s | %s | %.4f | %.3f | %.2f | %.1f | %.4f-%.4f |\n", what, impl, s->ns, s->cycles,
           s->cycles > 0 ? 1.0 / s->cycles : 0, bytes / s->ns, s->ns_lo, s->ns_hi);
    fflush(stdout);
}

static void usage(void)
{
    printf("usage: bench [--quick] [--reps N] [SECTION...]\nsections:");
    for (int i = 0; i < bench_section_count; i++) printf(" %s", bench_sections[i].name);
    printf("\n");
}

/* The CPU as /proc/cpuinfo names it: vendor, family and model in decimal,
 * the microarchitecture where the pair is one we know, and the model name
 * when it says more than the vendor's brand ("AMD EPYC" alone does not:
 * family 25 model 17 is Zen 4, family 26 is Zen 5). */
static const char *microarchitecture(const char *vendor, int family, int model)
{
    if (strcmp(vendor, "AuthenticAMD") == 0) {
        if (family == 23) return model >= 0x30 ? "Zen 2" : "Zen / Zen+";
        if (family == 25) return (model >= 0x10 && model <= 0x1f) || (model >= 0x60 && model <= 0x7f) || model >= 0xa0
                                     ? "Zen 4" : "Zen 3";
        if (family == 26) return "Zen 5";
    } else if (strcmp(vendor, "GenuineIntel") == 0 && family == 6) {
        switch (model) {
        case 85: return "Skylake-SP / Cascade Lake";
        case 106: return "Ice Lake-SP";
        case 143: return "Sapphire Rapids";
        case 167: return "Rocket Lake";
        case 173: return "Granite Rapids";
        case 207: return "Emerald Rapids";
        default: break;
        }
    }
    return NULL;
}

static void bench_cpu_name(char *out, size_t size)
{
    char vendor[64] = "unknown", name[256] = "";
    int family = -1, model = -1;
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (f) {
        char line[512];
        while (fgets(line, sizeof line, f)) {
            char *p = strchr(line, ':');
            if (!p) continue;
            p += p[1] == ' ' ? 2 : 1;
            p[strcspn(p, "\n")] = '\0';
            if (strncmp(line, "vendor_id", 9) == 0 && !strcmp(vendor, "unknown")) snprintf(vendor, sizeof vendor, "%s", p);
            else if (strncmp(line, "cpu family", 10) == 0 && family < 0) family = atoi(p);
            else if (strncmp(line, "model\t", 6) == 0 && model < 0) model = atoi(p);
            else if (strncmp(line, "model name", 10) == 0 && !name[0]) snprintf(name, sizeof name, "%s", p);
            else if (line[0] == '\n' && family >= 0) break;
        }
        fclose(f);
    }
    const char *arch = microarchitecture(vendor, family, model);
    snprintf(out, size, "%s family %d model %d%s%s, \"%s\"", vendor, family, model, arch ? " = " : "", arch ? arch : "",
             name[0] ? name : "no model name");
}

int main(int argc, char **argv)
{
    bench_opts o = {31, 0};
    const char *only[32];
    int n_only = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--quick") == 0) o.quick = 1, o.reps = 7;
        else if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc) o.reps = atoi(argv[++i]);
        else if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) return usage(), 0;
        else if (argv[i][0] == '-') return fprintf(stderr, "bench: unknown option %s\n", argv[i]), usage(), 2;
        else if (n_only < 32) only[n_only++] = argv[i];
    }
    if (o.reps < 1 || o.reps > 101) return fprintf(stderr, "bench: --reps takes 1..101\n"), 2;
    for (int j = 0; j < n_only; j++) {
        int found = 0;
        for (int i = 0; i < bench_section_count; i++) found |= strcmp(only[j], bench_sections[i].name) == 0;
        if (!found) return fprintf(stderr, "bench: no section '%s'\n", only[j]), usage(), 2;
    }

    char cpu[400];
    bench_cpu_name(cpu, sizeof cpu);
    printf("## bitboard %s benchmarks\n\n", bb_version());
    printf("- CPU: %s; core clock measured at %.2f GHz (dependent-add chain)\n", cpu, bench_core_ghz());
    printf("- bb_sym_apply_array dispatches to: %s; scalar default: %s\n", bb_sym_apply_array_impl(),
           BB_HAVE_GFNI ? "GFNI" : "portable");
    printf("- each figure is the median of %d timed runs (after a warm-up); spread is min-max\n", o.reps);
    printf("- latency: a dependent chain x = f(x); throughput: f over 4096 independent boards\n");
    printf("- compiled with -O2 -fno-tree-vectorize: scalar code stays scalar\n");
    for (int i = 0; i < bench_section_count; i++) {
        int run = n_only == 0;
        for (int j = 0; j < n_only; j++) run |= strcmp(only[j], bench_sections[i].name) == 0;
        if (run) bench_sections[i].run(&o);
    }
    return 0;
}
