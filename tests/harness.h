/* A small test harness: a test is a function; it passes if no CHECK in it
 * fails, and counts as skipped if it calls SKIP (or bbt_skip) and no CHECK
 * failed.  Each program ends with "<suite>: N passed, M failed, K skipped".
 *
 * A test program defines int main(void), RUNs its tests and returns
 * bbt_finish("suite").  The harness supplies the real main (harness.c), which
 * reads the command line first:
 *   -k PATTERN   run only the tests whose name contains PATTERN (the others
 *                are not counted); may be given more than once
 *   -l           list the test names instead of running them             */
#ifndef BB_TESTS_HARNESS_H
#define BB_TESTS_HARNESS_H

#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The test program's main(void) becomes bbt_test_main, called by the
 * harness's main(argc, argv) after it has read the options above. */
#define main bbt_test_main
int bbt_test_main(void);

void bbt_run(const char *name, void (*fn)(void));
void bbt_fail(const char *file, int line, const char *cond, const char *fmt, ...);
/* Marks the running test skipped (printf-style reason); it still fails if a
 * CHECK failed.  The caller returns on its own; SKIP does both. */
void bbt_skip(const char *fmt, ...);
/* Prints the summary; returns the exit status (0 if nothing failed). */
int bbt_finish(const char *suite);

/* Slices.  A heavy loop over many inputs (random positions, walks against
 * a slow reference, symbolic proofs) asks bbt_mine(i) of its i-th input and
 * skips the inputs that are not its own.  BB_TEST_SLICE=K/N (K < N <= 16)
 * makes input i this run's when i % N == K; without it (or with 0/1) every
 * input is.  make test gives its three secondary builds (clang native, gcc
 * x86-64, clang ASan+UBSan) the slices 0/3, 1/3 and 2/3, so between them
 * they run every input once more; gcc native (the vector code) runs all of
 * them, and the portable build (the scalar code) half of them, 0/2 or 1/2,
 * a different half from run to run (tests/run-all.sh).  A failure in a sliced
 * run names its slice; the same input fails in every run that has it. */
int bbt_mine(long i);
/* N of K/N: 1 when this run has every input.  A check of an aggregate
 * (a rate, a minimum count over all inputs) holds when bbt_slices() == 1. */
int bbt_slices(void);

#define RUN(fn) bbt_run(#fn, fn)
/* SKIP("printf-style reason", ...): skip the rest of the current test. */
#define SKIP(...) do { bbt_skip(__VA_ARGS__); return; } while (0)
/* CHECK(cond, "printf-style context", ...) */
#define CHECK(cond, ...) \
    do { if (!(cond)) bbt_fail(__FILE__, __LINE__, #cond, __VA_ARGS__); } while (0)
#define CHECK_EQ64(a, b, ...)                                                          \
    do {                                                                               \
        uint64_t bbt_a = (a), bbt_b = (b);                                             \
        if (bbt_a != bbt_b) {                                                          \
            char bbt_ctx[200];                                                         \
            snprintf(bbt_ctx, sizeof bbt_ctx, __VA_ARGS__);                            \
            bbt_fail(__FILE__, __LINE__, #a " == " #b, "%s: got 0x%016llx, want 0x%016llx", \
                     bbt_ctx, (unsigned long long)bbt_a, (unsigned long long)bbt_b);   \
        }                                                                              \
    } while (0)

/* Deterministic pseudo-random boards (splitmix64). */
static inline uint64_t bbt_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}
/* Mixed densities: dense, sparse (AND of three) and very dense (OR of three). */
static inline uint64_t bbt_board(uint64_t *state)
{
    uint64_t a = bbt_next(state);
    switch (a & 3) {
    case 0: return bbt_next(state) & bbt_next(state) & bbt_next(state);
    case 1: return bbt_next(state) | bbt_next(state) | bbt_next(state);
    default: return bbt_next(state);
    }
}

/* The seed of input i of a loop whose inputs are drawn from seed: each
 * input its own stream, so that a slice (bbt_mine) skips an input without
 * drawing it. */
static inline uint64_t bbt_case_seed(uint64_t seed, long i)
{
    uint64_t s = seed + (uint64_t)i * 0xD1B54A32D192ED03ULL;
    return bbt_next(&s);
}

#define BBT_RANDOM_BOARDS 100000

#ifdef __cplusplus
}
#endif

#endif
