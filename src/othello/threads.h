/* The Othello searches' one clock, stop check and lazy-SMP thread launcher
 * (the exact solver, solve.c, and the midgame search, search.c).  Not API.
 *
 * Lazy SMP: the caller's thread is the first; helpers 1..threads-1 search
 * the same root with the table shared, each in its own move order, until
 * the first one is done and raises `done`.  Where the platform has no
 * threads (WebAssembly without them) only the first thread runs. */
#ifndef BB_SRC_OTHELLO_THREADS_H
#define BB_SRC_OTHELLO_THREADS_H

#include <stdatomic.h>
#include <stddef.h>

#include "bitboard/othello_solve.h"

#if defined(__unix__) || defined(__APPLE__)
#define BB__OTHELLO_THREADS 1 /* pthreads */
#include <pthread.h>
#else
#define BB__OTHELLO_THREADS 0
#endif

enum { BB__MAX_THREADS = BB_OTHELLO_SOLVE_MAX_THREADS };

/* CLOCK_MONOTONIC in seconds. */
double bb__now(void);

/* When a search stops: the caller's flag (stop, may be NULL), the first
 * thread done (done: helpers only, may be NULL), or the clock past
 * deadline (0: none). */
typedef struct {
    const volatile int *stop;
    const atomic_int *done;
    double deadline;
} bb__stop;

static inline int bb__stop_now(const bb__stop *s)
{
    return (s->stop && *s->stop) || (s->done && atomic_load_explicit(s->done, memory_order_relaxed)) ||
           (s->deadline > 0 && bb__now() > s->deadline);
}

/* The helpers of one search. */
typedef struct {
    int started; /* helpers 1..started run */
#if BB__OTHELLO_THREADS
    pthread_t tid[BB__MAX_THREADS];
#endif
} bb__helpers;

/* Starts run(jobs + i * job_size) on a thread of its own for i = 1 ..
 * threads - 1 (at most BB__MAX_THREADS - 1); a thread that cannot be
 * started is not, nor any after it (the search goes on with fewer).
 * Returns how many started. */
int bb__helpers_start(bb__helpers *h, int threads, void *(*run)(void *), void *jobs, size_t job_size);
/* Waits for them all. */
void bb__helpers_join(bb__helpers *h);

#endif
