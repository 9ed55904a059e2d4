/* bb_othello_perft: the leaves of the Othello game tree, in the three
 * conventions, on one thread or several.
 *
 * The walk has its own kernels (perft_kernels.h, this file, perft_avx512.c,
 * perft_avx2.c): moves and flips by directional shifts with Edax-style
 * parallel prefix (two doubling steps instead of six single ones), the last
 * ply counted as popcount(moves), and near the leaves the children and
 * grandchildren made and counted several at a time in vector registers
 * (eight with AVX-512, four with AVX2) where the CPU has them, one at a time
 * here otherwise.  opts->method is not used: the perft kernels are the
 * fastest this file knows.
 *
 * Threads: the tree is expanded a few plies deep into a list of subtrees;
 * opts->threads workers (the caller among them) take them from an atomic
 * counter.  The sum does not depend on the order, so the count is the same
 * for any number of threads.                                               */
#include "bitboard.h"
#include "perft_kernels.h"

#include <stdatomic.h>
#include <stdlib.h>
#if BB__PERFT_THREADS
#include <pthread.h>
#endif

/* ---- the scalar walk -------------------------------------------------------- */

/* The count at two plies from the leaves, children one at a time; m = the
 * moves of (p, o), not 0. */
static uint64_t perft2_scalar(uint64_t p, uint64_t o, uint64_t m, int conv)
{
    uint64_t n = 0;
    while (m) {
        uint64_t x = m & (0 - m);
        m ^= x;
        uint64_t f = bb__perft_flips(p, o, x);
        n += bb__perft_leaf(o ^ f, p ^ f ^ x, conv);
    }
    return n;
}

/* The count of (p to move, o) depth d >= 1 plies deep, scalar kernels. */
static uint64_t perft_scalar(uint64_t p, uint64_t o, int d, int conv);

/* The count d >= 2 plies deep over the moves m (not 0) of (p to move, o). */
static uint64_t perft_many_scalar(uint64_t p, uint64_t o, uint64_t m, int d, int conv)
{
    if (d == 2) return perft2_scalar(p, o, m, conv);
    uint64_t n = 0;
    while (m) {
        uint64_t x = m & (0 - m);
        m ^= x;
        uint64_t f = bb__perft_flips(p, o, x);
        n += perft_scalar(o ^ f, p ^ f ^ x, d - 1, conv);
    }
    return n;
}

static uint64_t perft_scalar(uint64_t p, uint64_t o, int d, int conv)
{
    BB__PERFT_NODE(perft_scalar, perft_many_scalar, p, o, d, conv);
}

typedef uint64_t (*perft_kernel)(uint64_t p, uint64_t o, int d, int conv);

/* The kernel: vector 0 scalar; 1 the fastest this CPU runs; 2 AVX2 (if it
 * runs here, else scalar). */
static perft_kernel pick_kernel(int vector)
{
#if BB__DISPATCH
    if (vector == 1 && bb__perft_avx512_available()) return bb__perft_avx512;
    if (vector >= 1 && bb__perft_avx2_available()) return bb__perft_avx2;
#else
    (void)vector;
#endif
    return perft_scalar;
}

/* ---- threads: subtrees from a shallow expansion ------------------------------ */

typedef struct { uint64_t p, o; int d; } perft_task;

typedef struct {
    perft_task *t;
    size_t n, cap;
    uint64_t fixed; /* leaves counted during the expansion (early ends, depth 0) */
    int failed;     /* out of memory */
} task_list;

static void push_task(task_list *l, uint64_t p, uint64_t o, int d)
{
    if (l->failed) return;
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 256;
        perft_task *t = realloc(l->t, cap * sizeof *t);
        if (!t) { l->failed = 1; return; }
        l->t = t, l->cap = cap;
    }
    l->t[l->n++] = (perft_task){p, o, d};
}

/* Walks as perft_scalar does down to depth `stop`, listing the nodes there. */
static void expand(task_list *l, uint64_t p, uint64_t o, int d, int stop, int conv)
{
    if (d <= stop) { push_task(l, p, o, d); return; }
    uint64_t m = bb__perft_moves(p, o);
    if (!m) {
        uint64_t mo = bb__perft_moves(o, p);
        if (!mo) { l->fixed += conv == BB_OTHELLO_OEIS ? 0 : 1; return; }
        expand(l, o, p, conv == BB_OTHELLO_NOPASS ? d : d - 1, stop, conv);
        return;
    }
    while (m) {
        uint64_t x = m & (0 - m);
        m ^= x;
        uint64_t f = bb__perft_flips(p, o, x);
        expand(l, o ^ f, p ^ f ^ x, d - 1, stop, conv);
    }
}

typedef struct {
    const task_list *l;
    perft_kernel k;
    int conv;
    atomic_size_t next;
    atomic_uint_fast64_t sum;
} work_queue;

static uint64_t run_tasks(work_queue *q)
{
    uint64_t n = 0;
    for (;;) {
        size_t i = atomic_fetch_add(&q->next, 1);
        if (i >= q->l->n) break;
        const perft_task *t = &q->l->t[i];
        n += t->d == 0 ? 1 : q->k(t->p, t->o, t->d, q->conv);
    }
    return n;
}

#if BB__PERFT_THREADS
static void *worker(void *arg)
{
    work_queue *q = arg;
    atomic_fetch_add(&q->sum, run_tasks(q));
    return NULL;
}
#endif

#define MAX_THREADS 256

/* Which kernel `vector` (as bb__othello_perft_kernel takes it) runs here:
 * 0 scalar, 1 AVX2, 2 AVX-512 (tests say which kernels they compare). */
int bb__othello_perft_vector_kind(int vector);
int bb__othello_perft_vector_kind(int vector)
{
    perft_kernel k = pick_kernel(vector);
#if BB__DISPATCH
    if (k == bb__perft_avx512) return 2;
    if (k == bb__perft_avx2) return 1;
#endif
    return k == perft_scalar ? 0 : -1;
}

/* bb_othello_perft with the kernel chosen by `vector` (0 scalar, 1 the
 * fastest here, 2 AVX2 where it runs; tests compare them). */
uint64_t bb__othello_perft_kernel(uint64_t p, uint64_t o, int depth, int conv, int threads, int vector);
uint64_t bb__othello_perft_kernel(uint64_t p, uint64_t o, int depth, int conv, int threads, int vector)
{
    if (conv < 0 || conv > BB_OTHELLO_NOPASS) conv = BB_OTHELLO_OEIS;
    if (depth <= 0) return 1;
    perft_kernel k = pick_kernel(vector);
    if (threads <= 1 || depth < 5) return k(p, o, depth, conv);
    if (threads > MAX_THREADS) threads = MAX_THREADS;

    /* Subtrees 4 plies down (fewer for shallow searches): hundreds of them
     * from the start, enough to keep the workers evenly busy. */
    int split = depth - 4 < 4 ? depth - 4 : 4;
    task_list l = {0};
    expand(&l, p, o, depth, depth - split, conv);
    if (l.failed) { free(l.t); return k(p, o, depth, conv); }

    work_queue q = {.l = &l, .k = k, .conv = conv};
    atomic_init(&q.next, 0);
    atomic_init(&q.sum, 0);
#if BB__PERFT_THREADS
    pthread_t tid[MAX_THREADS];
    int started = 0;
    for (int i = 1; i < threads; i++) {
        if (pthread_create(&tid[started], NULL, worker, &q) != 0) break; /* the rest run here */
        started++;
    }
    uint64_t n = run_tasks(&q);
    for (int i = 0; i < started; i++) pthread_join(tid[i], NULL);
#else
    uint64_t n = run_tasks(&q);
#endif
    n += atomic_load(&q.sum) + l.fixed;
    free(l.t);
    return n;
}

uint64_t bb_othello_perft(uint64_t p, uint64_t o, int depth, const bb_othello_perft_opts *opts)
{
    int conv = opts ? (int)opts->convention : BB_OTHELLO_OEIS;
    int threads = opts ? opts->threads : 1;
    return bb__othello_perft_kernel(p, o, depth, conv, threads, 1);
}
