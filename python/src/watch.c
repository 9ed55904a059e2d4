/* python/src/watch.c: long calls run on a worker thread so that Ctrl-C and a
 * progress callback reach them. */
#include "core.h"

/* ------------------------------------------------------------------------
 * Long calls (perft, solve) can be interrupted.  The C call runs on a worker
 * thread with every signal blocked; the calling thread waits with the GIL
 * released and wakes every WATCH_TICK_NS to run Python's signal handlers
 * (PyErr_CheckSignals: Ctrl-C raises KeyboardInterrupt) and the caller's
 * progress callback.  An exception from either sets the library's stop flag,
 * the call ends within about 0.1 s, and the exception is raised. */

#define WATCH_TICK_NS 50000000L /* 50 ms */


static void *watch_worker(void *arg)
{
    watch *w = arg;
    w->run(w->arg);
    pthread_mutex_lock(&w->mu);
    w->finished = 1;
    pthread_cond_signal(&w->cv);
    pthread_mutex_unlock(&w->mu);
    return NULL;
}

/* The library's progress, on the worker: kept for the calling thread. */
static void watch_report(watch *w, uint64_t nodes, long done, long total)
{
    pthread_mutex_lock(&w->mu);
    w->nodes = nodes, w->done = done, w->total = total, w->fresh = 1;
    pthread_mutex_unlock(&w->mu);
}

void watch_othello_perft(const bb_othello_perft_stats *s, void *ctx)
{
    watch_report(ctx, s->leaves, (long)s->tasks_done, (long)s->tasks);
}

void watch_chess_perft(uint64_t nodes, int done, int total, void *arg)
{
    watch_report(arg, nodes, done, total);
}

void watch_solve(uint64_t nodes, double seconds, void *arg)
{
    (void)seconds;
    watch_report(arg, nodes, 0, -1);
}

static double seconds_since(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) * 1e-9;
}

/* progress({"nodes", "seconds"[, "done", "total"]}); 0, or -1 if it raised. */
static int watch_progress(PyObject *progress, uint64_t nodes, double seconds, long done, long total)
{
    PyObject *d = total >= 0 ? Py_BuildValue("{sKsdslsl}", "nodes", (unsigned long long)nodes, "seconds", seconds,
                                             "done", done, "total", total)
                             : Py_BuildValue("{sKsd}", "nodes", (unsigned long long)nodes, "seconds", seconds);
    if (!d) return -1;
    PyObject *r = PyObject_CallOneArg(progress, d);
    Py_DECREF(d);
    Py_XDECREF(r);
    return r ? 0 : -1;
}

/* Runs run(arg) with the GIL released, interruptible unless direct (a
 * short call: it runs on this thread); progress: NULL or a callable.  0, or
 * -1 with the exception set once the call stopped.  The caller points the
 * call's stop flag and progress at w when it is not direct. */
int watch_call(watch *w, void (*run)(void *), void *arg, PyObject *progress, int direct)
{
    w->run = run, w->arg = arg;
    w->stop = 0, w->stop_sig = 0, w->finished = 0, w->fresh = 0;
    w->nodes = 0, w->done = 0, w->total = -1;
    pthread_condattr_t ca;
    if (direct || pthread_mutex_init(&w->mu, NULL)) goto here;
    if (pthread_condattr_init(&ca)) { pthread_mutex_destroy(&w->mu); goto here; }
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    int cv_ok = pthread_cond_init(&w->cv, &ca) == 0;
    pthread_condattr_destroy(&ca);
    if (!cv_ok) { pthread_mutex_destroy(&w->mu); goto here; }
    /* the worker (and the library's threads it starts) block every signal:
       a Ctrl-C is handled on this thread */
    sigset_t all, old;
    sigfillset(&all);
    int masked = pthread_sigmask(SIG_BLOCK, &all, &old) == 0;
    pthread_t tid;
    int started = pthread_create(&tid, NULL, watch_worker, w) == 0;
    if (masked) pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (!started) {
        pthread_cond_destroy(&w->cv);
        pthread_mutex_destroy(&w->mu);
        goto here;
    }
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int failed = 0;
    for (;;) {
        int finished, fresh;
        uint64_t nodes;
        long done, total;
        Py_BEGIN_ALLOW_THREADS
        struct timespec until;
        clock_gettime(CLOCK_MONOTONIC, &until);
        until.tv_nsec += WATCH_TICK_NS;
        if (until.tv_nsec >= 1000000000L) until.tv_sec++, until.tv_nsec -= 1000000000L;
        pthread_mutex_lock(&w->mu);
        while (!w->finished && pthread_cond_timedwait(&w->cv, &w->mu, &until) == 0) {}
        finished = w->finished, fresh = w->fresh, nodes = w->nodes, done = w->done, total = w->total;
        w->fresh = 0;
        pthread_mutex_unlock(&w->mu);
        Py_END_ALLOW_THREADS
        if (!failed && ((!finished && PyErr_CheckSignals()) ||
                        (fresh && progress && watch_progress(progress, nodes, seconds_since(&t0), done, total)))) {
            failed = 1;
            w->stop = 1, w->stop_sig = 1;
        }
        if (finished) break;
    }
    pthread_join(tid, NULL);
    pthread_cond_destroy(&w->cv);
    pthread_mutex_destroy(&w->mu);
    return failed ? -1 : 0;
here: /* a short call, or no thread to be had: it runs here, not interruptible */
    Py_BEGIN_ALLOW_THREADS
    w->run(w->arg);
    Py_END_ALLOW_THREADS
    return 0;
}

/* progress: None or a callable (TypeError names it otherwise). */
int progress_arg(PyObject **progress)
{
    if (*progress == Py_None) *progress = NULL;
    if (*progress && !PyCallable_Check(*progress)) {
        PyErr_Format(PyExc_TypeError, "progress: expected a callable or None, got %.80s", Py_TYPE(*progress)->tp_name);
        return -1;
    }
    return 0;
}

