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
 * With a transposition table (opts->tt, tt.h), every node with HASH_MIN
 * plies or more to go is looked up by the least of its 8 symmetric images
 * (bb_canonical_pair; its children's all at once by bb_canonical_pair_array,
 * their buckets prefetched before the first is read) and its count stored;
 * nodes with fewer plies to go are counted by the kernels.
 *
 * Threads: the tree is expanded a few plies deep into a list of subtrees
 * (with a table: the distinct ones up to symmetry, each with how many times
 * it occurs); opts->threads workers take them from an atomic counter,
 * the caller among them unless it watches the stop flag and reports
 * progress.  The sum does not depend on the order, so the count is the same
 * for any number of threads.                                               */
#define _POSIX_C_SOURCE 200809L /* nanosleep, clock_gettime, pthread_sigmask */
#include "bitboard.h"
#include "perft_kernels.h"
#include "tt.h"

#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
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
        n = bb__count_add(n, perft_scalar(o ^ f, p ^ f ^ x, d - 1, conv));
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

/* ---- the hashed walk ---------------------------------------------------------- */

/* The least depth left at which a node is looked up: below, the kernels
 * count faster than a probe (a cache miss) returns. */
#ifndef HASH_MIN
#define HASH_MIN 4
#endif

typedef struct {
    bb_othello_tt *tt;
    perft_kernel k;
    int conv, sym;
    const atomic_int *abort; /* nonzero: stop, store nothing more */
    uint64_t probes, hits, stores;
} hwalk;

static uint64_t hchildren(hwalk *w, uint64_t p, uint64_t o, int d);

static int aborted(const hwalk *w) { return atomic_load_explicit(w->abort, memory_order_relaxed) != 0; }

/* The count of (p, o) d >= HASH_MIN deep, looked up as (kp, ko) in bucket b
 * and stored there on a miss (not when the walk was stopped: the count is
 * then partial). */
static uint64_t hlook(hwalk *w, uint64_t p, uint64_t o, uint64_t kp, uint64_t ko, bb__tt_bucket *b, int d)
{
    unsigned tag = (unsigned)d | (unsigned)w->conv << 6;
    uint64_t n;
    w->probes++;
    if (bb__tt_probe(b, kp, ko, tag, &n)) {
        w->hits++;
        return n;
    }
    n = hchildren(w, p, o, d);
    if (aborted(w)) return 0;
    bb__tt_store(b, kp, ko, tag, n);
    w->stores++;
    return n;
}

/* The count of (p, o) d >= 0 deep, the nodes HASH_MIN or more deep looked up. */
static uint64_t hperft(hwalk *w, uint64_t p, uint64_t o, int d)
{
    if (d < HASH_MIN) return d <= 0 ? 1 : w->k(p, o, d, w->conv);
    uint64_t kp = p, ko = o;
    if (w->sym) bb_canonical_pair(&kp, &ko, NULL);
    return hlook(w, p, o, kp, ko, bb__tt_bucket_of(w->tt, kp, ko), d);
}

/* The count of (p, o) d >= HASH_MIN deep from its children. */
static uint64_t hchildren(hwalk *w, uint64_t p, uint64_t o, int d)
{
    if (d == HASH_MIN) return w->k(p, o, d, w->conv);
    uint64_t m = bb__perft_moves(p, o);
    if (!m) {
        if (!bb__perft_moves(o, p)) return w->conv == BB_OTHELLO_OEIS ? 0 : 1;
        return hperft(w, o, p, w->conv == BB_OTHELLO_NOPASS ? d : d - 1);
    }
    if (aborted(w)) return 0;
    uint64_t cp[64], co[64], kp[64], ko[64];
    bb__tt_bucket *b[64];
    size_t nc = 0;
    for (; m; m &= m - 1, nc++) {
        uint64_t x = m & (0 - m), f = bb__perft_flips(p, o, x);
        kp[nc] = cp[nc] = o ^ f;
        ko[nc] = co[nc] = p ^ f ^ x;
    }
    if (w->sym) bb_canonical_pair_array(kp, ko, nc, NULL);
    for (size_t i = 0; i < nc; i++) bb__tt_prefetch(b[i] = bb__tt_bucket_of(w->tt, kp[i], ko[i]));
    uint64_t n = 0;
    for (size_t i = 0; i < nc; i++) n = bb__count_add(n, hlook(w, cp[i], co[i], kp[i], ko[i], b[i], d - 1));
    return n;
}

/* ---- threads: subtrees from a shallow expansion ------------------------------ */

typedef struct { uint64_t p, o, mult; int d; } perft_task;

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
    l->t[l->n++] = (perft_task){p, o, 1, d};
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

static int task_order(const void *a, const void *b)
{
    const perft_task *x = a, *y = b;
    if (x->p != y->p) return x->p < y->p ? -1 : 1;
    if (x->o != y->o) return x->o < y->o ? -1 : 1;
    return (x->d > y->d) - (x->d < y->d);
}

/* Replaces the tasks by the distinct ones (up to symmetry if sym), each
 * with how many times it occurred; -1 if out of memory (l unchanged). */
static int merge_tasks(task_list *l, int sym)
{
    if (sym && l->n) {
        uint64_t *kp = malloc(l->n * sizeof *kp), *ko = malloc(l->n * sizeof *ko);
        if (!kp || !ko) { free(kp), free(ko); return -1; }
        for (size_t i = 0; i < l->n; i++) kp[i] = l->t[i].p, ko[i] = l->t[i].o;
        bb_canonical_pair_array(kp, ko, l->n, NULL);
        for (size_t i = 0; i < l->n; i++) l->t[i].p = kp[i], l->t[i].o = ko[i];
        free(kp), free(ko);
    }
    if (l->n) qsort(l->t, l->n, sizeof *l->t, task_order);
    size_t k = 0;
    for (size_t i = 0; i < l->n; i++) {
        if (k && task_order(&l->t[k - 1], &l->t[i]) == 0) l->t[k - 1].mult = bb__count_add(l->t[k - 1].mult, l->t[i].mult);
        else l->t[k++] = l->t[i];
    }
    l->n = k;
    return 0;
}

typedef struct {
    const task_list *l;
    perft_kernel k;
    bb_othello_tt *tt;
    int conv, sym;
    atomic_size_t next;
    atomic_int abort;
    atomic_uint_fast64_t leaves, probes, hits, stores, done;
} work_queue;

/* *a += n, saturating at UINT64_MAX as every count does (bb__count_add). */
static void atomic_count_add(atomic_uint_fast64_t *a, uint64_t n)
{
    uint_fast64_t old = atomic_load(a), sum;
    do sum = bb__count_add(old, n);
    while (!atomic_compare_exchange_weak(a, &old, sum));
}

/* n * mult, saturating at UINT64_MAX. */
static uint64_t count_mul(uint64_t n, uint64_t mult)
{
    return mult && n > UINT64_MAX / mult ? UINT64_MAX : n * mult;
}

/* The count of (p, o) d deep without a table, the abort flag looked at on
 * every node more than STOP_LEAF plies from the leaves: a stop is obeyed
 * within one kernel call of at most STOP_LEAF plies, however deep the task.
 * Each kernel call's count goes into q->leaves as soon as it is known, so
 * the progress reports grow during a task, not only between tasks (tasks
 * without a table all have multiplicity 1).  Six plies: midgame positions
 * have 10-20 moves, so a call counts 10^6-6*10^7 leaves, milliseconds to
 * tens of them; at eight plies (the limit before issue 52) a call from a
 * midgame position counted billions of leaves, seconds each.  One relaxed
 * load per node that deep and one add per call: nothing next to the
 * thousands of leaves under each. */
#ifndef STOP_LEAF
#define STOP_LEAF 6
#endif
static uint64_t sperft(work_queue *q, uint64_t p, uint64_t o, int d)
{
    if (d <= STOP_LEAF) {
        uint64_t n = d <= 0 ? 1 : q->k(p, o, d, q->conv);
        atomic_count_add(&q->leaves, n);
        return n;
    }
    if (atomic_load_explicit(&q->abort, memory_order_relaxed)) return 0;
    uint64_t m = bb__perft_moves(p, o);
    if (!m) {
        if (!bb__perft_moves(o, p)) {
            uint64_t n = q->conv == BB_OTHELLO_OEIS ? 0 : 1;
            atomic_count_add(&q->leaves, n);
            return n;
        }
        return sperft(q, o, p, q->conv == BB_OTHELLO_NOPASS ? d : d - 1);
    }
    uint64_t n = 0;
    for (; m; m &= m - 1) {
        uint64_t x = m & (0 - m), f = bb__perft_flips(p, o, x);
        n = bb__count_add(n, sperft(q, o ^ f, p ^ f ^ x, d - 1));
    }
    return n;
}

/* Takes tasks until none is left or the walk is stopped; `stop` (the
 * caller's flag, only on the calling thread) is looked at between tasks,
 * and the abort flag it sets inside them (hperft, sperft). */
static void run_tasks(work_queue *q, const volatile sig_atomic_t *stop)
{
    hwalk w = {q->tt, q->k, q->conv, q->sym, &q->abort, 0, 0, 0};
    for (;;) {
        if (stop && *stop) atomic_store(&q->abort, 1);
        if (atomic_load_explicit(&q->abort, memory_order_relaxed)) break;
        size_t i = atomic_fetch_add(&q->next, 1);
        if (i >= q->l->n) break;
        const perft_task *t = &q->l->t[i];
        /* sperft adds its leaves to q->leaves as it counts them */
        uint64_t n = q->tt ? hperft(&w, t->p, t->o, t->d) : sperft(q, t->p, t->o, t->d);
        if (atomic_load_explicit(&q->abort, memory_order_relaxed)) break;
        if (q->tt) atomic_count_add(&q->leaves, count_mul(n, t->mult));
        atomic_fetch_add(&q->probes, w.probes);
        atomic_fetch_add(&q->hits, w.hits);
        atomic_fetch_add(&q->stores, w.stores);
        atomic_fetch_add(&q->done, 1);
        w.probes = w.hits = w.stores = 0;
    }
}

#if BB__PERFT_THREADS
static void *worker(void *arg)
{
    run_tasks(arg, NULL);
    return NULL;
}
#endif

#define MAX_THREADS BB_MAX_THREADS

static double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* What a run needs beyond the position: the options, resolved. */
typedef struct {
    int conv, threads, vector, sym;
    bb_othello_tt *tt;
    const volatile sig_atomic_t *stop;
    void (*progress)(const bb_othello_perft_stats *, void *);
    void *ctx;
} run_args;

static void snapshot(work_queue *q, const task_list *l, bb_othello_perft_stats *s, double t0)
{
    s->leaves = bb__count_add(atomic_load(&q->leaves), l->fixed);
    s->probes = atomic_load(&q->probes);
    s->hits = atomic_load(&q->hits);
    s->stores = atomic_load(&q->stores);
    s->tasks_done = atomic_load(&q->done);
    s->tasks = l->n;
    s->seconds = now_seconds() - t0;
}

/* The count split into tasks, on a->threads workers; the calling thread
 * works too, or watches a->stop and reports a->progress if either is set. */
static uint64_t run_split(uint64_t p, uint64_t o, int depth, const run_args *a, perft_kernel k,
                          bb_othello_perft_stats *s, double t0)
{
    /* Subtrees a few plies down: with a table, 6 (a thousand distinct ones
     * from the start), leaving at least HASH_MIN + 1 to go; without, 4 (fewer
     * for shallow searches), deep tasks being stoppable inside (sperft).  The
     * expansion runs before the watching starts: 8 plies without a table (so
     * it was before issue 52, for the stop) listed hundreds of millions of
     * nodes from a midgame position, minutes with no stop and no report. */
    int split;
    if (a->tt) split = depth - HASH_MIN - 1 < 6 ? depth - HASH_MIN - 1 : 6;
    else split = depth - 4 < 4 ? depth - 4 : 4;
    if (split < 0) split = 0;
    task_list l = {0};
    expand(&l, p, o, depth, depth - split, a->conv);
    if (!l.failed && a->tt && merge_tasks(&l, a->sym) != 0) l.failed = 1;
    if (l.failed) { /* out of memory: one task, the root */
        l.n = 0, l.fixed = 0, l.failed = 0;
        free(l.t);
        l.t = NULL, l.cap = 0;
        push_task(&l, p, o, depth);
        if (l.failed) { /* not even that: this thread, not stoppable */
            atomic_int no_abort;
            atomic_init(&no_abort, 0);
            hwalk w = {a->tt, k, a->conv, a->sym, &no_abort, 0, 0, 0};
            uint64_t n = a->tt ? hperft(&w, p, o, depth) : k(p, o, depth, a->conv);
            s->leaves = n, s->probes = w.probes, s->hits = w.hits, s->stores = w.stores;
            s->tasks = s->tasks_done = 1;
            return n;
        }
    }
    work_queue q = {.l = &l, .k = k, .tt = a->tt, .conv = a->conv, .sym = a->sym};
    atomic_init(&q.next, 0);
    atomic_init(&q.abort, 0);
    atomic_init(&q.leaves, 0);
    atomic_init(&q.probes, 0);
    atomic_init(&q.hits, 0);
    atomic_init(&q.stores, 0);
    atomic_init(&q.done, 0);
#if BB__PERFT_THREADS
    int watch = a->stop || a->progress;
    int threads = a->threads < 1 ? 1 : a->threads > MAX_THREADS ? MAX_THREADS : a->threads;
    pthread_t tid[MAX_THREADS];
    int started = 0;
    /* the workers block signals: a handler (of SIGINT, setting *stop) runs
     * on the calling thread, the one that reads the flag */
    sigset_t all, old;
    sigfillset(&all);
    int masked = pthread_sigmask(SIG_BLOCK, &all, &old) == 0;
    for (int i = watch ? 0 : 1; i < threads; i++) {
        if (pthread_create(&tid[started], NULL, worker, &q) != 0) break; /* the rest run here */
        started++;
    }
    if (masked) pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (watch && started > 0) {
        double next_report = t0 + 0.1;
        long nap = 1000000; /* 1 ms, doubling to 32 ms: short runs end soon */
        while (atomic_load(&q.done) < l.n && !atomic_load(&q.abort)) {
            struct timespec ts = {0, nap};
            nanosleep(&ts, NULL);
            if (nap < 32000000) nap *= 2;
            if (a->stop && *a->stop) atomic_store(&q.abort, 1);
            if (a->progress && now_seconds() >= next_report) {
                snapshot(&q, &l, s, t0);
                a->progress(s, a->ctx);
                next_report = now_seconds() + 0.1;
            }
        }
    } else {
        run_tasks(&q, a->stop);
    }
    for (int i = 0; i < started; i++) pthread_join(tid[i], NULL);
#else
    run_tasks(&q, a->stop);
#endif
    if (a->stop && *a->stop) atomic_store(&q.abort, 1);
    snapshot(&q, &l, s, t0);
    s->stopped = atomic_load(&q.abort) != 0;
    free(l.t);
    return s->stopped ? 0 : s->leaves;
}

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

/* The count with everything the options say, the report in *s. */
static uint64_t run(uint64_t p, uint64_t o, int depth, const run_args *a, bb_othello_perft_stats *s)
{
    double t0 = now_seconds();
    memset(s, 0, sizeof *s);
    s->depth = depth;
    perft_kernel k = pick_kernel(a->vector);
    uint64_t n;
    if (a->stop && *a->stop) {
        n = 0, s->stopped = 1;
    } else if (depth <= 0) {
        n = 1;
        s->leaves = 1, s->tasks = s->tasks_done = 1;
    } else if (a->threads <= 1 && !a->stop && !a->progress) {
        if (a->tt) {
            atomic_int no_abort;
            atomic_init(&no_abort, 0);
            hwalk w = {a->tt, k, a->conv, a->sym, &no_abort, 0, 0, 0};
            n = hperft(&w, p, o, depth);
            s->probes = w.probes, s->hits = w.hits, s->stores = w.stores;
        } else {
            n = k(p, o, depth, a->conv);
        }
        s->leaves = n, s->tasks = s->tasks_done = 1;
    } else if (!a->tt && depth < 5 && !a->stop && !a->progress) {
        n = k(p, o, depth, a->conv);
        s->leaves = n, s->tasks = s->tasks_done = 1;
    } else {
        n = run_split(p, o, depth, a, k, s, t0);
    }
    s->seconds = now_seconds() - t0;
    if (a->progress) a->progress(s, a->ctx);
    return n;
}

/* bb_othello_perft with the kernel chosen by `vector` (0 scalar, 1 the
 * fastest here, 2 AVX2 where it runs; tests compare them). */
uint64_t bb__othello_perft_kernel(uint64_t p, uint64_t o, int depth, int conv, int threads, int vector);
uint64_t bb__othello_perft_kernel(uint64_t p, uint64_t o, int depth, int conv, int threads, int vector)
{
    if (conv < 0 || conv > BB_OTHELLO_NOPASS) conv = BB_OTHELLO_OEIS;
    run_args a = {conv, threads, vector, 0, NULL, NULL, NULL, NULL};
    bb_othello_perft_stats s;
    return run(p, o, depth, &a, &s);
}

uint64_t bb_othello_perft(uint64_t p, uint64_t o, int depth, const bb_othello_perft_opts *opts)
{
    run_args a = {BB_OTHELLO_OEIS, 1, 1, 1, NULL, NULL, NULL, NULL};
    bb_othello_perft_stats s;
    if (opts) {
        a.conv = (int)opts->convention;
        if (a.conv < 0 || a.conv > BB_OTHELLO_NOPASS) a.conv = BB_OTHELLO_OEIS;
        a.threads = opts->threads, a.tt = opts->tt, a.sym = !opts->no_symmetry;
        a.stop = opts->stop, a.progress = opts->progress, a.ctx = opts->progress_ctx;
    }
    uint64_t n = run(p, o, depth, &a, &s);
    s.overflow = n == UINT64_MAX && !s.stopped; /* the sums saturate there */
    if (opts && opts->stats) *opts->stats = s;
    return n;
}
