/* The Othello searches' clock and thread launcher (threads.h). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <time.h>

#include "threads.h"

double bb__now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int bb__helpers_start(bb__helpers *h, int threads, void *(*run)(void *), void *jobs, size_t job_size)
{
    h->started = 0;
#if BB__OTHELLO_THREADS
    if (threads > BB__MAX_THREADS) threads = BB__MAX_THREADS;
    for (int i = 1; i < threads; i++) {
        if (pthread_create(&h->tid[i], NULL, run, (char *)jobs + (size_t)i * job_size) != 0) break;
        h->started = i;
    }
#else
    (void)threads, (void)run, (void)jobs, (void)job_size;
#endif
    return h->started;
}

void bb__helpers_join(bb__helpers *h)
{
#if BB__OTHELLO_THREADS
    for (int i = 1; i <= h->started; i++) {
        pthread_join(h->tid[i], NULL);
    }
#endif
    h->started = 0;
}
