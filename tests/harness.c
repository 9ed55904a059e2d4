#include "harness.h"
#undef main

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static int passed, failed, skipped, current_failures, current_skipped;
static const char *current;
static const char *patterns[16];
static int npatterns, list_only;

/* Returns 1 if the test named name was selected with -k (or no -k given). */
static int selected(const char *name)
{
    if (npatterns == 0) return 1;
    for (int i = 0; i < npatterns; i++)
        if (strstr(name, patterns[i])) return 1;
    return 0;
}

void bbt_run(const char *name, void (*fn)(void))
{
    if (!selected(name)) return;
    if (list_only) {
        printf("%s\n", name);
        return;
    }
    current = name;
    current_failures = 0;
    current_skipped = 0;
    fn();
    if (current_failures) failed++;
    else if (current_skipped) skipped++;
    else passed++;
    current = NULL;
}

static int slice_k = 0, slice_n = 1;

int bbt_mine(long i) { return i % slice_n == slice_k; }
int bbt_slices(void) { return slice_n; }

/* BB_TEST_SLICE=K/N; exits with a message when it is not K/N with K < N <= 16. */
static void read_slice(const char *prog)
{
    const char *e = getenv("BB_TEST_SLICE");
    if (!e || !*e) return;
    int k, n, used = 0;
    if (sscanf(e, "%d/%d%n", &k, &n, &used) != 2 || e[used] != '\0' || n < 1 || n > 16 || k < 0 || k >= n) {
        fprintf(stderr, "%s: BB_TEST_SLICE='%s' is not K/N with 0 <= K < N <= 16 (e.g. 1/3; 0/1 runs every input)\n",
                prog, e);
        exit(2);
    }
    slice_k = k, slice_n = n;
}

void bbt_fail(const char *file, int line, const char *cond, const char *fmt, ...)
{
    if (!current) failed++; /* a CHECK in main counts as a failed test */
    else if (++current_failures > 5) return; /* the first few say enough */
    fprintf(stderr, "FAIL %s (%s:%d): %s\n    ", current ? current : "(outside a test)", file, line, cond);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    if (slice_n > 1) fprintf(stderr, "    (in the run of slice BB_TEST_SLICE=%d/%d)\n", slice_k, slice_n);
}

void bbt_skip(const char *fmt, ...)
{
    if (!current || current_skipped) return;
    current_skipped = 1;
    printf("SKIP %s: ", current);
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
}

int bbt_finish(const char *suite)
{
    if (list_only) return 0;
    if (slice_n > 1) printf("%s: the heavy loops ran slice %d/%d of their inputs (BB_TEST_SLICE)\n", suite, slice_k, slice_n);
    printf("%s: %d passed, %d failed, %d skipped\n", suite, passed, failed, skipped);
    return failed ? 1 : 0;
}

static int usage(const char *prog)
{
    fprintf(stderr, "usage: %s [-k PATTERN]... [-l]\n"
                    "  -k PATTERN  run only the tests whose name contains PATTERN\n"
                    "  -l          list the test names\n"
                    "environment: BB_TEST_SLICE=K/N  the heavy loops run only their inputs i with\n"
                    "             i %% N == K (make test's clang, x86-64 and ASan builds; default all)\n", prog);
    return 2;
}

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-l") == 0) {
            list_only = 1;
        } else if (strcmp(argv[i], "-k") == 0 && i + 1 < argc) {
            if (npatterns == (int)(sizeof patterns / sizeof patterns[0])) return usage(argv[0]);
            patterns[npatterns++] = argv[++i];
        } else if (strncmp(argv[i], "-k", 2) == 0 && argv[i][2]) {
            if (npatterns == (int)(sizeof patterns / sizeof patterns[0])) return usage(argv[0]);
            patterns[npatterns++] = argv[i] + 2;
        } else {
            return usage(argv[0]);
        }
    }
    read_slice(argv[0]);
    return bbt_test_main();
}
