/* The soak's areas (make soak): each area is a differential check of a fast
 * path against its slow twin, run case after case from a seed until the
 * time is up.  Case i of an area draws its input from its own generator,
 * seeded by soak_case_seed(seed, i) alone, so any failure is reproduced by
 * `build/tests/soak --area NAME --seed SEED --case I` (the line printed with
 * the failure says exactly that).  tests/soak/soak.c is the driver. */
#ifndef BB_TESTS_SOAK_H
#define BB_TESTS_SOAK_H

#include <stdint.h>
#include <stdio.h>

/* What an area ran: cases made, how many disagreed, and a unit of work of
 * the area's own (nodes, positions, games) with its name for the summary. */
typedef struct {
    uint64_t cases, failures, work;
    const char *work_name;
} soak_stats;

/* An area runs case `first`, first + 1, ... while soak_time_left() and
 * (last < 0 or case <= last); it prints each failure (what, the input, the
 * first difference) with soak_report_failure and counts it in st. */
typedef void soak_area_fn(uint64_t seed, int64_t first, int64_t last, soak_stats *st);

/* The seed of case i of a run seeded with seed (splitmix64 of both). */
static inline uint64_t soak_case_seed(uint64_t seed, int64_t i)
{
    uint64_t z = seed ^ ((uint64_t)i * 0xD1B54A32D192ED03ULL) ^ 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* 1 while the running area still has time (the driver sets its deadline;
 * a run with --case has no deadline). */
int soak_time_left(void);
/* Prints "FAIL AREA seed=0x... case=I: <message>" and the command that
 * replays that one case, to stdout. */
void soak_report_failure(const char *area, uint64_t seed, int64_t i, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

#endif
