/* bb_chess_perft and bb_chess_perft_divide: the number of legal move
 * sequences, by the dedicated kernel (perft_kernel.c) or, with use_method,
 * through the public generator with one attack method (generate, make,
 * recurse, unmake; the last ply counted as the list's length).
 *
 * Around either walk: the root moves in the public generator's order (when
 * it lists the same moves), a work queue of subtrees (the root moves, or
 * their children when several threads share the work) taken by an atomic
 * counter, the exact table (perft_kernel.h: whole boards, so no collision
 * can change a count; the kernel's walk only: use_method measures the
 * generator and ignores hash_mb), progress reports from the calling thread,
 * and the stop flag.  The sum does not depend on the order the subtrees
 * finish in, so any number of threads gives the same count. */
#include "perft_kernel.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#if defined(__unix__) || defined(__APPLE__)
#define PERFT_THREADS 1
#include <pthread.h>
#else
#define PERFT_THREADS 0
#endif

#define MAX_THREADS BB_MAX_THREADS

static int stopped(const bb_chess_perft_opts *o) { return o->stop && *o->stop; }

/* ---- through the public API, one attack method ----------------------------------- */

/* The count of pos depth >= 1 plies deep by generate_with(m), make, unmake. */
static uint64_t method_walk(bb_chess_pos *pos, int depth, bb_attack_method m, const volatile int *stop)
{
    bb_chess_movelist list;
    int n = bb_chess_generate_with(m, pos, BB_GEN_ALL, &list);
    if (depth == 1) return (uint64_t)n;
    if (stop && *stop) return 0;
    uint64_t total = 0;
    if (depth == 2) {
        /* the last ply inline: each child's count is its list's length (at most
         * 218 * 218 in all: no overflow) */
        bb_chess_movelist leaf;
        for (int i = 0; i < n; i++) {
            bb_chess_undo u;
            bb_chess_make(pos, list.moves[i], &u);
            total += (uint64_t)bb_chess_generate_with(m, pos, BB_GEN_ALL, &leaf);
            bb_chess_unmake(pos, list.moves[i], &u);
        }
        return total;
    }
    for (int i = 0; i < n; i++) {
        bb_chess_undo u;
        bb_chess_make(pos, list.moves[i], &u);
        total = bb__count_add(total, method_walk(pos, depth - 1, m, stop));
        bb_chess_unmake(pos, list.moves[i], &u);
    }
    return total;
}

/* ---- subtrees and the work queue ---------------------------------------------------- */
typedef struct {
    int root;  /* the root move this subtree hangs from */
    int depth; /* plies still to count below the board */
    union {
        bb__kboard kb;     /* the kernel's board */
        bb_chess_pos pos;  /* the public position (use_method) */
    } u;
} task;

typedef struct {
    task *t;
    size_t n, cap;
    int failed;
} task_list;

static task *push_task(task_list *l)
{
    if (l->failed) return NULL;
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 256;
        task *t = realloc(l->t, cap * sizeof *t);
        if (!t) { l->failed = 1; return NULL; }
        l->t = t, l->cap = cap;
    }
    return &l->t[l->n++];
}

/* Largest subtrees first, so that no thread is left with a big one at the
 * end while the others wait: each kernel subtree weighed by its count two
 * plies deep (one ply when it has fewer left), a few thousand move
 * generations for a split of hundreds.  The sum does not depend on the
 * order. */
typedef struct { uint64_t w; size_t i; } weighed;
static int heavier_first(const void *a, const void *b)
{
    const weighed *x = a, *y = b;
    if (x->w != y->w) return x->w > y->w ? -1 : 1;
    return x->i < y->i ? -1 : x->i > y->i;
}
static void order_tasks(task_list *l, const bb__kctx *c)
{
    if (l->n < 2) return;
    bb__kctx light = *c;
    light.tt = NULL, light.stop = NULL; /* a plain count: no table, never stopped */
    weighed *w = malloc(l->n * sizeof *w);
    task *t = malloc(l->n * sizeof *t);
    if (w && t) {
        for (size_t i = 0; i < l->n; i++) {
            int d = l->t[i].depth < 2 ? l->t[i].depth : 2;
            w[i].w = l->t[i].depth <= 0 ? 0 : bb__kperft(&l->t[i].u.kb, d, &light);
            w[i].i = i;
        }
        qsort(w, l->n, sizeof *w, heavier_first);
        for (size_t i = 0; i < l->n; i++) t[i] = l->t[w[i].i];
        memcpy(l->t, t, l->n * sizeof *t);
    }
    free(w), free(t);
}

/* One ply more: each kernel subtree with 3 or more plies left becomes its
 * children's (one with no move stays: its count is 0 either way).  Keeps the
 * list as it was when memory runs out. */
static void split_tasks(task_list *l, const bb__kctx *c)
{
    task_list m = {0};
    bb_chess_move mv[BB_CHESS_MAX_MOVES];
    bb__kboard *gc = malloc(BB_CHESS_MAX_MOVES * sizeof *gc);
    if (!gc) return;
    for (size_t i = 0; i < l->n && !m.failed; i++) {
        const task *t = &l->t[i];
        int ng = t->depth >= 3 ? bb__kroot(&t->u.kb, c, mv, gc) : 0;
        if (ng == 0) {
            task *u = push_task(&m);
            if (u) *u = *t;
        }
        for (int j = 0; j < ng; j++) {
            task *u = push_task(&m);
            if (u) u->root = t->root, u->depth = t->depth - 1, u->u.kb = gc[j];
        }
    }
    free(gc);
    if (m.failed) {
        free(m.t);
        return;
    }
    free(l->t);
    *l = m;
}

typedef struct {
    const task_list *l;
    const bb__kctx *c;              /* the kernel's context, or NULL: use_method */
    bb_attack_method method;
    const bb_chess_perft_opts *o;
    int nroot;
    _Atomic uint64_t *root_count;   /* per root move */
    atomic_int *root_left;          /* subtrees still to count, per root move */
    atomic_size_t next;
    _Atomic uint64_t nodes;
    atomic_int roots_done;
    int reported;                   /* root moves done at the caller's last report */
    uint64_t reported_nodes;        /* and the nodes it gave */
} work_queue;

static uint64_t run_task(const work_queue *q, const task *t)
{
    if (t->depth <= 0) return 1;
    if (q->c) return bb__kperft(&t->u.kb, t->depth, q->c);
    bb_chess_pos p = t->u.pos;
    return method_walk(&p, t->depth, q->method, q->o->stop);
}

/* *a += n, saturating at UINT64_MAX (bb__count_add) as every count does. */
static uint64_t atomic_count_add(_Atomic uint64_t *a, uint64_t n)
{
    uint64_t old = atomic_load(a), sum;
    do sum = bb__count_add(old, n);
    while (!atomic_compare_exchange_weak(a, &old, sum));
    return sum;
}

/* Takes subtrees until none is left; the caller's thread reports progress. */
static void run_tasks(work_queue *q, int caller)
{
    for (;;) {
        if (stopped(q->o)) break;
        size_t i = atomic_fetch_add(&q->next, 1);
        if (i >= q->l->n) break;
        const task *t = &q->l->t[i];
        uint64_t n = run_task(q, t);
        atomic_count_add(&q->root_count[t->root], n);
        atomic_count_add(&q->nodes, n);
        int done;
        if (atomic_fetch_sub(&q->root_left[t->root], 1) == 1) done = atomic_fetch_add(&q->roots_done, 1) + 1;
        else done = atomic_load(&q->roots_done);
        if (caller && q->o->progress) {
            /* the nodes read after the roots done: each subtree adds its
             * nodes before it counts its root down, so the nodes include
             * every subtree of the roots counted done (read before, a
             * report could say 48 of 48 done with another thread's last
             * subtree missing, and be the last one) */
            uint64_t all = atomic_load(&q->nodes);
            q->o->progress(all, done, q->nroot, q->o->progress_arg);
            q->reported = done, q->reported_nodes = all;
        }
    }
}

#if PERFT_THREADS
static void *worker(void *arg)
{
    run_tasks(arg, 0);
    return NULL;
}
#endif

/* ---- the root ----------------------------------------------------------------------------- */

/* Puts the kernel's root moves (and their boards) in the order of the
 * public generator, when it lists the same moves; else leaves them. */
static void public_order(const bb_chess_pos *pos, bb_chess_move *mv, bb__kboard *ch, int n)
{
    bb_chess_movelist l;
    if (bb_chess_generate(pos, BB_GEN_ALL, &l) != n) return;
    int perm[BB_CHESS_MAX_MOVES];
    for (int i = 0; i < n; i++) {
        perm[i] = -1;
        for (int j = 0; j < n; j++)
            if (mv[j] == l.moves[i]) perm[i] = j;
        if (perm[i] < 0) return;
    }
    bb_chess_move m2[BB_CHESS_MAX_MOVES];
    bb__kboard *c2 = malloc((size_t)n * sizeof *c2 + 1);
    if (!c2) return;
    for (int i = 0; i < n; i++) m2[i] = mv[perm[i]], c2[i] = ch[perm[i]];
    memcpy(mv, m2, (size_t)n * sizeof *mv);
    memcpy(ch, c2, (size_t)n * sizeof *ch);
    free(c2);
}

static bb__ktable *table_new(size_t mb)
{
    if (!mb) return NULL;
    if (mb > ((size_t)1 << 20)) mb = (size_t)1 << 20; /* 1 TiB is plenty */
    size_t want = mb * ((size_t)1 << 20) / sizeof(bb__kentry), n = 1;
    while (n * 2 <= want) n *= 2;
    bb__ktable *t = malloc(sizeof *t);
    if (!t) return NULL;
    t->e = calloc(n, sizeof *t->e); /* all zero: seq 0, no board (a board has kings) */
    if (!t->e) { free(t); return NULL; }
    t->mask = n - 1;
    return t;
}
static void table_free(bb__ktable *t)
{
    if (t) free(t->e);
    free(t);
}

/* The count, and each root move's count through `each` (may be NULL). */
static uint64_t perft_count(const bb_chess_pos *pos, int depth, const bb_chess_perft_opts *opts,
                            void (*each)(bb_chess_move move, uint64_t count, void *arg), void *arg,
                            bb_chess_perft_stats *st)
{
    static const bb_chess_perft_opts zero;
    const bb_chess_perft_opts *o = opts ? opts : &zero;
    if (depth < 0 || !pos) return 0;
    if (depth == 0) return 1;
    /* not a position the walk can stand on (a hand-filled struct): no count */
    if (bb_popcount(pos->pieces[0][BB_KING]) != 1 || bb_popcount(pos->pieces[1][BB_KING]) != 1 ||
        (pos->side & ~1) != 0)
        return 0;
    int threads = o->threads < 1 ? 1 : o->threads > MAX_THREADS ? MAX_THREADS : o->threads;
    int method = o->use_method != 0;
    bb_attack_method m = o->method;
    if (method && ((unsigned)m >= BB_ATTACK_METHOD_COUNT || !bb_attack_method_available(m)))
        m = BB_ATTACKS_DEFAULT;

    bb__kboard kb;
    bb__kctx c;
    bb__kboard_from_pos(pos, &kb);
    c = *bb__kctx_for(&kb, &c);
    c.stop = o->stop;
    bb__ktable *tt = method ? NULL : table_new(o->hash_mb);
    if (!method && o->hash_mb && !tt) { /* asked for a table that cannot be had: no count */
        st->table_failed = 1;
        return 0;
    }
    if (tt) st->table_bytes = (tt->mask + 1) * sizeof *tt->e;
    c.tt = tt;

    /* The plain count on one thread: the kernel from the root. */
    if (!method && !each && threads == 1 && !o->progress) {
        uint64_t n = bb__kperft(&kb, depth, &c);
        table_free(tt);
        return n;
    }

    /* The root moves. */
    bb_chess_move moves[BB_CHESS_MAX_MOVES];
    int nroot;
    task_list l = {0};
    if (!method) {
        bb__kboard *children = malloc(BB_CHESS_MAX_MOVES * sizeof *children);
        if (!children) { table_free(tt); return 0; }
        nroot = bb__kroot(&kb, &c, moves, children);
        public_order(pos, moves, children, nroot);
        for (int i = 0; i < nroot; i++) {
            if (threads > 1 && depth >= 4) { /* two plies: many small subtrees */
                bb_chess_move gm[BB_CHESS_MAX_MOVES];
                bb__kboard *gc = malloc(BB_CHESS_MAX_MOVES * sizeof *gc);
                if (!gc) { l.failed = 1; break; }
                int ng = bb__kroot(&children[i], &c, gm, gc);
                for (int j = 0; j < ng; j++) {
                    task *t = push_task(&l);
                    if (t) t->root = i, t->depth = depth - 2, t->u.kb = gc[j];
                }
                free(gc);
                if (ng == 0) { /* mated or stalemated below the root: an empty subtree */
                    task *t = push_task(&l);
                    if (t) t->root = i, t->depth = 1, t->u.kb = children[i];
                }
            } else {
                task *t = push_task(&l);
                if (t) t->root = i, t->depth = depth - 1, t->u.kb = children[i];
            }
        }
        free(children);
        /* Few subtrees (a root in check, a bare endgame): split deeper, so
         * that the threads share many pieces, not a few uneven ones. */
        for (int extra = 0; extra < 2 && threads > 1 && !l.failed && l.n < (size_t)threads * 64; extra++)
            split_tasks(&l, &c);
        if (threads > 1 && !l.failed) order_tasks(&l, &c);
    } else {
        bb_chess_movelist root;
        nroot = bb_chess_generate_with(m, pos, BB_GEN_ALL, &root);
        for (int i = 0; i < nroot; i++) {
            moves[i] = root.moves[i];
            bb_chess_pos p = *pos;
            bb_chess_undo u;
            bb_chess_make(&p, root.moves[i], &u);
            task *t = push_task(&l);
            if (t) t->root = i, t->depth = depth - 1, t->u.pos = p;
        }
    }
    uint64_t total = 0;
    _Atomic uint64_t *rc = calloc((size_t)nroot + 1, sizeof *rc);
    atomic_int *left = calloc((size_t)nroot + 1, sizeof *left);
    if (l.failed || !rc || !left) {
        /* out of memory: count on this thread, no split */
        free(rc), free(left), free(l.t);
        uint64_t n = 0;
        if (method) {
            bb_chess_pos p = *pos;
            n = method_walk(&p, depth, m, o->stop);
        } else {
            n = bb__kperft(&kb, depth, &c);
        }
        table_free(tt);
        return n;
    }
    for (int i = 0; i < nroot; i++) atomic_init(&rc[i], 0), atomic_init(&left[i], 0);
    for (size_t i = 0; i < l.n; i++) atomic_fetch_add(&left[l.t[i].root], 1);

    work_queue q;
    q.l = &l, q.c = method ? NULL : &c, q.method = m, q.o = o, q.nroot = nroot;
    q.root_count = rc, q.root_left = left;
    atomic_init(&q.next, 0);
    atomic_init(&q.nodes, 0);
    atomic_init(&q.roots_done, 0);
    q.reported = 0, q.reported_nodes = 0;
#if PERFT_THREADS
    pthread_t tid[MAX_THREADS];
    int started = 0;
    for (int i = 1; i < threads && (size_t)i < l.n; i++) {
        if (pthread_create(&tid[started], NULL, worker, &q) != 0) break; /* the rest run here */
        started++;
    }
    run_tasks(&q, 1);
    for (int i = 0; i < started; i++) pthread_join(tid[i], NULL);
#else
    run_tasks(&q, 1);
#endif
    /* the other threads may have taken every subtree: the caller's report
     * of the end, whoever counted it */
    if (o->progress && !stopped(o) &&
        (q.reported != atomic_load(&q.roots_done) || q.reported_nodes != atomic_load(&q.nodes)))
        o->progress(atomic_load(&q.nodes), atomic_load(&q.roots_done), nroot, o->progress_arg);
    for (int i = 0; i < nroot; i++) {
        uint64_t n = atomic_load(&rc[i]);
        total = bb__count_add(total, n);
        if (each && !stopped(o)) each(moves[i], n, arg);
    }
    free(rc), free(left), free(l.t);
    table_free(tt);
    return total;
}

/* perft_count, and the report: a count of UINT64_MAX is an overflow (the
 * sums saturate there), a stop flag seen set means the count is partial. */
static uint64_t perft_run(const bb_chess_pos *pos, int depth, const bb_chess_perft_opts *opts,
                          void (*each)(bb_chess_move move, uint64_t count, void *arg), void *arg)
{
    bb_chess_perft_stats st;
    memset(&st, 0, sizeof st);
    uint64_t n = perft_count(pos, depth, opts, each, arg, &st);
    st.stopped = opts && opts->stop && *opts->stop;
    st.overflow = n == UINT64_MAX && !st.stopped;
    if (opts && opts->stats) *opts->stats = st;
    return n;
}

uint64_t bb_chess_perft(const bb_chess_pos *pos, int depth, const bb_chess_perft_opts *opts)
{
    return perft_run(pos, depth, opts, NULL, NULL);
}

uint64_t bb_chess_perft_divide(const bb_chess_pos *pos, int depth, const bb_chess_perft_opts *opts,
                               void (*each)(bb_chess_move move, uint64_t count, void *arg), void *arg)
{
    return perft_run(pos, depth, opts, each, arg);
}
