/* python/src/othello.c: Othello over arrays of positions, and perft, solve, search,
 * the text formats and the game files. */
#include "core.h"

/* ------------------------------------------------------------------------
 * Othello over arrays */

enum { OP_MOVES, OP_MOBILITY, OP_POTENTIAL, OP_FRONTIER, OP_STABLE, OP_STABLE_EDGES, OP_PARITY, OP_FINAL };

static PyObject *othello_op(PyObject *po, PyObject *oo, int op)
{
    u64arg p, o;
    if (u64_get(po, "p", &p)) return NULL;
    if (u64_get(oo, "o", &o)) { u64_release(&p); return NULL; }
    const u64arg *big;
    PyObject *res = NULL;
    if (pair_shape(&p, "p", &o, "o", &big) || check_disjoint(&p, &o, big)) goto done;
    int boards = op == OP_MOVES || op == OP_FRONTIER || op == OP_STABLE || op == OP_STABLE_EDGES;
    if (p.is_int && o.is_int) {
        uint64_t a = p.value, b = o.value;
        switch (op) {
        case OP_MOVES: res = PyLong_FromUnsignedLongLong(bb_othello_moves(a, b)); break;
        case OP_MOBILITY: res = PyLong_FromLong(bb_othello_mobility(a, b)); break;
        case OP_POTENTIAL: res = PyLong_FromLong(bb_othello_potential_mobility(a, b)); break;
        case OP_FRONTIER: res = PyLong_FromUnsignedLongLong(bb_othello_frontier(a, b)); break;
        case OP_STABLE: res = PyLong_FromUnsignedLongLong(bb_othello_stable(a, b)); break;
        case OP_STABLE_EDGES: res = PyLong_FromUnsignedLongLong(bb_othello_stable_edges(a, b)); break;
        case OP_PARITY: res = PyLong_FromLong((long)bb_othello_parity(a, b)); break;
        default: res = PyLong_FromLong(bb_othello_final_score(a, b)); break;
        }
        goto done;
    }
    {
        PyArrayObject *out = new_array(big->ndim, big->dims, 0, NULL, boards ? NPY_UINT64 : NPY_INT32);
        if (!out) goto done;
        npy_intp n = big->n, sp = p.ndim ? 1 : 0, so = o.ndim ? 1 : 0;
        uint64_t *du = boards ? (uint64_t *)PyArray_DATA(out) : NULL;
        int32_t *di = boards ? NULL : (int32_t *)PyArray_DATA(out);
        NOGIL_BEGIN(n)
        for (npy_intp i = 0; i < n; i++) {
            uint64_t a = p.data[i * sp], b = o.data[i * so];
            switch (op) {
            case OP_MOVES: du[i] = bb_othello_moves(a, b); break;
            case OP_MOBILITY: di[i] = bb_othello_mobility(a, b); break;
            case OP_POTENTIAL: di[i] = bb_othello_potential_mobility(a, b); break;
            case OP_FRONTIER: du[i] = bb_othello_frontier(a, b); break;
            case OP_STABLE: du[i] = bb_othello_stable(a, b); break;
            case OP_STABLE_EDGES: du[i] = bb_othello_stable_edges(a, b); break;
            case OP_PARITY: di[i] = (int32_t)bb_othello_parity(a, b); break;
            default: di[i] = bb_othello_final_score(a, b); break;
            }
        }
        NOGIL_END
        res = PyArray_Return(out);
    }
done:
    u64_release(&p);
    u64_release(&o);
    return res;
}

/* squares: a Python int or an integer array, each 0..63 (or 64 = pass where
 * allow_pass).  0 and *out (owned) / *scalar, or -1. */
static int squares_get(PyObject *obj, int allow_pass, PyArrayObject **out, long *scalar, int *is_scalar)
{
    *out = NULL;
    *is_scalar = 0;
    if (PyLong_Check(obj) && !PyBool_Check(obj)) {
        long v = PyLong_AsLong(obj);
        if (v == -1 && PyErr_Occurred()) return -1;
        if (v < 0 || v > (allow_pass ? 64 : 63)) {
            PyErr_Format(PyExc_ValueError, "sq: %ld is not a square (0..63%s)", v, allow_pass ? ", or 64 = pass" : "");
            return -1;
        }
        *scalar = v;
        *is_scalar = 1;
        return 0;
    }
    PyArrayObject *raw = (PyArrayObject *)PyArray_FromAny(obj, NULL, 0, 0, 0, NULL);
    if (!raw) return -1;
    if (PyArray_DESCR(raw)->kind != 'i' && PyArray_DESCR(raw)->kind != 'u') {
        PyObject *dt = PyObject_Str((PyObject *)PyArray_DESCR(raw));
        PyErr_Format(PyExc_TypeError, "sq: expected integer squares, got dtype %S", dt ? dt : Py_None);
        Py_XDECREF(dt);
        Py_DECREF(raw);
        return -1;
    }
    *out = (PyArrayObject *)PyArray_FromArray(raw, PyArray_DescrFromType(NPY_INT64),
                                              NPY_ARRAY_IN_ARRAY | NPY_ARRAY_FORCECAST);
    Py_DECREF(raw);
    if (!*out) return -1;
    const int64_t *v = PyArray_DATA(*out);
    for (npy_intp i = 0, n = PyArray_SIZE(*out); i < n; i++)
        if (v[i] < 0 || v[i] > (allow_pass ? 64 : 63)) {
            PyObject *ix = index_tuple(PyArray_NDIM(*out), PyArray_DIMS(*out), i);
            PyErr_Format(PyExc_ValueError, "sq: %lld at index %S is not a square (0..63%s)", (long long)v[i],
                         ix ? ix : Py_None, allow_pass ? ", or 64 = pass" : "");
            Py_XDECREF(ix);
            Py_CLEAR(*out);
            return -1;
        }
    return 0;
}

/* flips (play = 0) or play (play = 1) */
static PyObject *othello_flips_play(PyObject *po, PyObject *oo, PyObject *so, int play)
{
    u64arg p, o;
    if (u64_get(po, "p", &p)) return NULL;
    if (u64_get(oo, "o", &o)) { u64_release(&p); return NULL; }
    PyArrayObject *sqa = NULL, *r1 = NULL, *r2 = NULL;
    long sqs = 0;
    int sq_scalar = 0;
    PyObject *res = NULL;
    const u64arg *big;
    if (pair_shape(&p, "p", &o, "o", &big) || check_disjoint(&p, &o, big)) goto done;
    if (squares_get(so, play, &sqa, &sqs, &sq_scalar)) goto done;
    if (p.is_int && o.is_int && sq_scalar) { /* one position: no arrays */
        uint64_t a = p.value, b = o.value;
        int sq = (int)sqs;
        if (!play) {
            res = PyLong_FromUnsignedLongLong(bb_othello_flips(a, b, sq));
        } else if (sq == 64) {
            if (bb_othello_moves(a, b) || !bb_othello_moves(b, a))
                PyErr_SetString(PyExc_ValueError, "sq: a pass at index () is not legal (the side to move has a move, "
                                                  "or the game is over)");
            else
                res = Py_BuildValue("(NN)", PyLong_FromUnsignedLongLong(b), PyLong_FromUnsignedLongLong(a));
        } else {
            uint64_t f = ((a | b) >> sq) & 1 ? 0 : bb_othello_flips(a, b, sq);
            if (!f)
                PyErr_Format(PyExc_ValueError, "sq: %c%d at index () is not a legal move", 'a' + (sq & 7), 1 + (sq >> 3));
            else
                res = Py_BuildValue("(NN)", PyLong_FromUnsignedLongLong(b & ~f),
                                    PyLong_FromUnsignedLongLong(a | f | ((uint64_t)1 << sq)));
        }
        goto done;
    }
    {
        /* the result's shape: the boards', or the squares' if the boards are scalars */
        int nd = big->ndim;
        npy_intp dims[NPY_MAXDIMS];
        memcpy(dims, big->dims, sizeof(npy_intp) * (size_t)nd);
        if (sqa && PyArray_NDIM(sqa) > 0) {
            /* numpy's broadcasting between the boards and the squares */
            if (broadcast_shape(nd, dims, PyArray_NDIM(sqa), PyArray_DIMS(sqa), &nd, dims)) {
                PyObject *sb = shape_str(big), *sq = dims_str(PyArray_NDIM(sqa), PyArray_DIMS(sqa));
                PyErr_Format(PyExc_ValueError, "sq: shape %S cannot be broadcast with the boards' shape %S",
                             sq ? sq : Py_None, sb ? sb : Py_None);
                Py_XDECREF(sb);
                Py_XDECREF(sq);
                goto done;
            }
            if (broadcast_to(&sqa, nd, dims) || (p.ndim && u64_broadcast(&p, nd, dims)) ||
                (o.ndim && u64_broadcast(&o, nd, dims)))
                goto done;
        }
        int all_int = p.is_int && o.is_int && sq_scalar;
        r1 = new_array(nd, dims, 0, NULL, NPY_UINT64);
        if (!r1) goto done;
        if (play && !(r2 = new_array(nd, dims, 0, NULL, NPY_UINT64))) goto done;
        npy_intp n = PyArray_SIZE(r1), sp = p.ndim ? 1 : 0, so2 = o.ndim ? 1 : 0;
        npy_intp ss = sqa && PyArray_NDIM(sqa) ? 1 : 0;
        const int64_t *sv = sqa ? PyArray_DATA(sqa) : NULL;
        uint64_t *d1 = PyArray_DATA(r1), *d2 = play ? PyArray_DATA(r2) : NULL;
        npy_intp bad = -1;
        int bad_kind = 0;
        NOGIL_BEGIN(n)
        for (npy_intp i = 0; i < n; i++) {
            uint64_t a = p.data[i * sp], b = o.data[i * so2];
            int sq = sv ? (int)sv[i * ss] : (int)sqs;
            if (!play) {
                d1[i] = bb_othello_flips(a, b, sq);
                continue;
            }
            if (sq == 64) {
                if (bb_othello_moves(a, b) || !bb_othello_moves(b, a)) { bad = i; bad_kind = 1; break; }
                d1[i] = b;
                d2[i] = a;
                continue;
            }
            uint64_t f = ((a | b) >> sq) & 1 ? 0 : bb_othello_flips(a, b, sq);
            if (!f) { bad = i; break; }
            d1[i] = b & ~f;
            d2[i] = a | f | ((uint64_t)1 << sq);
        }
        NOGIL_END
        if (bad >= 0) {
            PyObject *ix = index_tuple(nd, dims, bad);
            int sq = sv ? (int)sv[bad * ss] : (int)sqs;
            if (bad_kind)
                PyErr_Format(PyExc_ValueError, "sq: a pass at index %S is not legal (the side to move has a move, "
                                               "or the game is over)", ix ? ix : Py_None);
            else
                PyErr_Format(PyExc_ValueError, "sq: %c%d at index %S is not a legal move", 'a' + (sq & 7),
                             1 + (sq >> 3), ix ? ix : Py_None);
            Py_XDECREF(ix);
            goto done;
        }
        if (play) {
            res = Py_BuildValue("(NN)", u64_result(r1, all_int), u64_result(r2, all_int));
            r1 = r2 = NULL;
        } else {
            res = u64_result(r1, all_int);
            r1 = NULL;
        }
    }
done:
    Py_XDECREF(sqa);
    Py_XDECREF(r1);
    Py_XDECREF(r2);
    u64_release(&p);
    u64_release(&o);
    return res;
}

#define OTHELLO_FN2(name, op)                                                                                  \
    static PyObject *py_othello_##name(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kw)    \
    {                                                                                                          \
        (void)self;                                                                                            \
        static const char *const names[] = {"p", "o"};                                                         \
        PyObject *a[2];                                                                                        \
        if (fast_args(#name, args, nargs, kw, names, 2, 2, a)) return NULL;                                    \
        return othello_op(a[0], a[1], op);                                                                     \
    }
OTHELLO_FN2(moves, OP_MOVES)
OTHELLO_FN2(mobility, OP_MOBILITY)
OTHELLO_FN2(potential_mobility, OP_POTENTIAL)
OTHELLO_FN2(frontier, OP_FRONTIER)
OTHELLO_FN2(stable, OP_STABLE)
OTHELLO_FN2(stable_edges, OP_STABLE_EDGES)
OTHELLO_FN2(parity, OP_PARITY)
OTHELLO_FN2(final_score, OP_FINAL)

static PyObject *py_othello_flips(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kw)
{
    (void)self;
    static const char *const names[] = {"p", "o", "sq"};
    PyObject *a[3];
    if (fast_args("flips", args, nargs, kw, names, 3, 3, a)) return NULL;
    return othello_flips_play(a[0], a[1], a[2], 0);
}

static PyObject *py_othello_play(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kw)
{
    (void)self;
    static const char *const names[] = {"p", "o", "sq"};
    PyObject *a[3];
    if (fast_args("play", args, nargs, kw, names, 3, 3, a)) return NULL;
    return othello_flips_play(a[0], a[1], a[2], 1);
}

static int scalar_pos(PyObject *po, PyObject *oo, uint64_t *p, uint64_t *o)
{
    u64arg a, b;
    if (u64_get(po, "p", &a)) return -1;
    if (u64_get(oo, "o", &b)) { u64_release(&a); return -1; }
    int bad = a.ndim != 0 || b.ndim != 0;
    *p = a.data[0];
    *o = b.data[0];
    u64_release(&a);
    u64_release(&b);
    if (bad) {
        PyErr_SetString(PyExc_TypeError, "p, o: expected one position (two boards), not arrays");
        return -1;
    }
    if (*p & *o) {
        PyErr_SetString(PyExc_ValueError, "p and o overlap (a square is in both)");
        return -1;
    }
    return 0;
}

/* The calls a watch runs: their arguments in, their results out. */
typedef struct {
    uint64_t p, o, n;
    int depth;
    bb_othello_perft_opts opts;
} othello_perft_call;

static void run_othello_perft(void *arg)
{
    othello_perft_call *c = arg;
    c->n = bb_othello_perft(c->p, c->o, c->depth, &c->opts);
}

typedef struct {
    bb_othello_pos pos;
    bb_othello_solve_opts opts;
    bb_othello_solve_result r;
    int rc;
} othello_solve_call;

static void run_othello_solve(void *arg)
{
    othello_solve_call *c = arg;
    c->rc = bb_othello_solve(&c->pos, &c->opts, &c->r);
}

typedef struct {
    bb_othello_pos pos;
    bb_othello_search_opts opts;
    bb_othello_search_result r;
    int rc;
} othello_search_call;

static void run_othello_search(void *arg)
{
    othello_search_call *c = arg;
    c->rc = bb_othello_search(&c->pos, &c->opts, &c->r);
}
static PyObject *py_othello_perft(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwl[] = {"p", "o", "depth", "convention", "threads", "hash_mb", "progress", NULL};
    PyObject *po, *oo, *progress = Py_None;
    int depth, threads = 1;
    const char *conv = "oeis";
    Py_ssize_t hash_mb = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOi|sinO:perft", kwl, &po, &oo, &depth, &conv, &threads, &hash_mb,
                                     &progress))
        return NULL;
    othello_perft_call c;
    memset(&c, 0, sizeof c);
    if (scalar_pos(po, oo, &c.p, &c.o) || progress_arg(&progress)) return NULL;
    if (depth < 0) return PyErr_Format(PyExc_ValueError, "depth: %d is negative", depth);
    if (depth > BB_OTHELLO_PERFT_MAX_DEPTH)
        return PyErr_Format(PyExc_ValueError, "depth: %d is too deep: %s", depth, BB_OTHELLO_PERFT_MAX_DEPTH_WHY);
    if (threads < 1 || threads > BB_MAX_THREADS)
        return PyErr_Format(PyExc_ValueError, "threads: %d is not 1..%d", threads, BB_MAX_THREADS);
    if (hash_mb < 0 || hash_mb > BB_MAX_HASH_MB)
        return PyErr_Format(PyExc_ValueError, "hash_mb: %zd is not 0..%d", hash_mb, BB_MAX_HASH_MB);
    c.depth = depth;
    c.opts.method = BB_OTHELLO_DEFAULT;
    if (bb_othello_convention_from_name(conv, &c.opts.convention))
        return PyErr_Format(PyExc_ValueError, "convention: %s is not oeis, bik or nopass", conv);
    c.opts.threads = threads;
    bb_othello_perft_stats st;
    memset(&st, 0, sizeof st);
    c.opts.stats = &st;
    if (hash_mb > 0) {
        c.opts.tt = bb_othello_tt_new((size_t)hash_mb << 20);
        if (!c.opts.tt) return PyErr_NoMemory();
    }
    watch w;
    int direct = depth <= OTHELLO_PERFT_DIRECT && !progress;
    if (!direct) c.opts.stop = &w.stop_sig;
    if (progress) c.opts.progress = watch_othello_perft, c.opts.progress_ctx = &w;
    int rc = watch_call(&w, run_othello_perft, &c, progress, direct);
    bb_othello_tt_free(c.opts.tt);
    if (rc) return NULL;
    if (st.overflow) return PyErr_Format(PyExc_OverflowError, "the count is 2**64 - 1 or more");
    return PyLong_FromUnsignedLongLong(c.n);
}

static PyObject *py_othello_solve(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwl[] = {"p", "o", "wld", "threads", "hash_mb", "alpha", "beta", "symmetry", "evaluation",
                          "progress", NULL};
    PyObject *po, *oo, *progress = Py_None;
    int wld = 0, threads = 1, alpha = 0, beta = 0, symmetry = 1, evaluation = 1;
    Py_ssize_t hash_mb = 0; /* 0: the library sizes it from the position */
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OO|pinii$ppO:solve", kwl, &po, &oo, &wld, &threads, &hash_mb, &alpha,
                                     &beta, &symmetry, &evaluation, &progress))
        return NULL;
    othello_solve_call c;
    memset(&c, 0, sizeof c);
    if (scalar_pos(po, oo, &c.pos.p, &c.pos.o) || progress_arg(&progress)) return NULL;
    /* the CLI's limit and words (othello solve --threads) */
    if (threads < 1 || threads > BB_OTHELLO_SOLVE_MAX_THREADS)
        return PyErr_Format(PyExc_ValueError, "threads: %d is not a number 1..%d", threads, BB_OTHELLO_SOLVE_MAX_THREADS);
    if (hash_mb < 0 || hash_mb > BB_MAX_HASH_MB)
        return PyErr_Format(PyExc_ValueError, "hash_mb: %zd is not 0..%d (0: sized from the position)", hash_mb,
                            BB_MAX_HASH_MB);
    if ((alpha || beta) && !(alpha < beta && alpha >= -64 && beta <= 64))
        return PyErr_Format(PyExc_ValueError, "alpha, beta: (%d, %d) is not a window -64 <= alpha < beta <= 64",
                            alpha, beta);
    c.opts.wld = wld;
    c.opts.threads = threads;
    c.opts.hash_mb = (size_t)hash_mb;
    c.opts.alpha = alpha;
    c.opts.beta = beta;
    c.opts.no_symmetry = !symmetry;
    c.opts.no_eval = !evaluation;
    c.pos.side = BB_OTHELLO_BLACK;
    watch w;
    int direct = 64 - __builtin_popcountll(c.pos.p | c.pos.o) <= SOLVE_DIRECT_EMPTIES && !progress;
    if (!direct) c.opts.stop = &w.stop;
    if (progress) c.opts.progress = watch_solve, c.opts.progress_arg = &w;
    if (watch_call(&w, run_othello_solve, &c, progress, direct)) return NULL;
    if (c.rc == -1) return no_memory("the solver's table or its threads' state (hash_mb, threads)");
    const bb_othello_solve_result *r = &c.r;
    PyObject *pv = PyList_New(r->pv_length);
    if (!pv) return NULL;
    for (int i = 0; i < r->pv_length; i++) PyList_SET_ITEM(pv, i, PyLong_FromLong(r->pv[i]));
    return Py_BuildValue("{sisisisisNsKsdsn}", "score", r->score, "wld", r->wld, "bound", r->bound, "best", r->best,
                         "pv", pv, "nodes", (unsigned long long)r->nodes, "seconds", r->seconds, "table_bytes",
                         (Py_ssize_t)r->table_bytes);
}

/* bitboard.othello.SearchTable: a bb_othello_search_table a program keeps
 * from search to search; busy while a search (the GIL released) uses it. */
typedef struct {
    PyObject_HEAD
    bb_othello_search_table *t;
    int busy;
} SearchTableObject;

static PyTypeObject SearchTableType;

static PyObject *searchtable_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    static char *kwl[] = {"mb", NULL};
    Py_ssize_t mb = 16;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|n:SearchTable", kwl, &mb)) return NULL;
    if (mb < 1 || mb > BB_MAX_HASH_MB) return PyErr_Format(PyExc_ValueError, "mb: %zd is not 1..%d", mb, BB_MAX_HASH_MB);
    SearchTableObject *self = (SearchTableObject *)type->tp_alloc(type, 0);
    if (!self) return NULL;
    self->t = bb_othello_search_table_new((size_t)mb);
    if (!self->t) {
        Py_DECREF(self);
        return PyErr_Format(PyExc_MemoryError, "out of memory: a SearchTable of %zd MiB", mb);
    }
    return (PyObject *)self;
}

static void searchtable_dealloc(SearchTableObject *self)
{
    bb_othello_search_table_free(self->t);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *searchtable_clear(SearchTableObject *self, PyObject *unused)
{
    (void)unused;
    if (self->busy) return PyErr_Format(PyExc_RuntimeError, "SearchTable: a search is using it");
    bb_othello_search_table_clear(self->t);
    Py_RETURN_NONE;
}

static PyMethodDef searchtable_methods[] = {
    {"clear", (PyCFunction)searchtable_clear, METH_NOARGS, "Every entry empty again."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject SearchTableType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "bitboard._core.SearchTable",
    .tp_basicsize = sizeof(SearchTableObject),
    .tp_dealloc = (destructor)searchtable_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE, /* bitboard.othello.SearchTable adds its doc */
    .tp_doc = "A midgame search table kept from search to search (bitboard.othello.SearchTable).",
    .tp_methods = searchtable_methods,
    .tp_new = searchtable_new,
};

static PyObject *py_othello_search(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwl[] = {"p", "o", "depth", "seconds", "hash_mb", "exact_empties", "probcut", "threads", "table", NULL};
    PyObject *po, *oo, *to = Py_None;
    int depth = 0, exact = 0, probcut = 1, threads = 1;
    double seconds = 0;
    Py_ssize_t hash_mb = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OO|idnipiO:search", kwl, &po, &oo, &depth, &seconds, &hash_mb, &exact,
                                     &probcut, &threads, &to))
        return NULL;
    SearchTableObject *table = NULL;
    if (to != Py_None) {
        if (!PyObject_TypeCheck(to, &SearchTableType))
            return PyErr_Format(PyExc_TypeError, "table: a SearchTable or None, not %.80s", Py_TYPE(to)->tp_name);
        table = (SearchTableObject *)to;
        if (table->busy) return PyErr_Format(PyExc_RuntimeError, "table: another search is using it");
    }
    othello_search_call c;
    memset(&c, 0, sizeof c);
    if (scalar_pos(po, oo, &c.pos.p, &c.pos.o)) return NULL;
    /* the CLI's limits and words (othello search --depth, --time, --hash, --exact-from) */
    if (depth < 0 || depth > BB_OTHELLO_SEARCH_MAX_DEPTH)
        return PyErr_Format(PyExc_ValueError, "depth: %d is not 0..%d (0: no limit)", depth, BB_OTHELLO_SEARCH_MAX_DEPTH);
    if (!(seconds >= 0 && seconds <= BB_MAX_SECONDS)) { /* PyErr_Format has no %g: the float's repr */
        PyObject *f = PyFloat_FromDouble(seconds);
        if (f) PyErr_Format(PyExc_ValueError, "seconds: %R is not 0..%d (0: no limit)", f, BB_MAX_SECONDS);
        Py_XDECREF(f);
        return NULL;
    }
    if (hash_mb < 0 || hash_mb > BB_MAX_HASH_MB)
        return PyErr_Format(PyExc_ValueError, "hash_mb: %zd is not 0..%d", hash_mb, BB_MAX_HASH_MB);
    if (exact < -1 || exact > 60) return PyErr_Format(PyExc_ValueError, "exact_empties: %d is not -1..60", exact);
    if (threads < 1 || threads > BB_OTHELLO_SOLVE_MAX_THREADS)
        return PyErr_Format(PyExc_ValueError, "threads: %d is not 1..%d", threads, BB_OTHELLO_SOLVE_MAX_THREADS);
    if (depth == 0 && seconds == 0) depth = BB_OTHELLO_SEARCH_DEFAULT_DEPTH; /* as the CLI */
    c.opts.depth = depth;
    c.opts.seconds = seconds;
    c.opts.hash_mb = (size_t)hash_mb;
    c.opts.exact_empties = exact;
    c.opts.no_probcut = !probcut;
    c.opts.threads = threads;
    c.pos.side = BB_OTHELLO_BLACK;
    watch w;
    c.opts.stop = &w.stop;
    if (table) c.opts.table = table->t, table->busy = 1, Py_INCREF(table);
    int failed = watch_call(&w, run_othello_search, &c, NULL, 0);
    if (table) table->busy = 0, Py_DECREF(table);
    if (failed) return NULL;
    if (c.rc == -1) return no_memory("the search's table or its threads' state (hash_mb, threads)");
    const bb_othello_search_result *r = &c.r;
    PyObject *pv = PyList_New(r->pv_length);
    if (!pv) return NULL;
    for (int i = 0; i < r->pv_length; i++) PyList_SET_ITEM(pv, i, PyLong_FromLong(r->pv[i]));
    PyObject *wld = r->wld_proven ? PyLong_FromLong(r->wld) : (Py_INCREF(Py_None), Py_None);
    if (!wld) {
        Py_DECREF(pv);
        return NULL;
    }
    return Py_BuildValue("{sdsOsisNsisKsdsOsN}", "score", r->score, "exact", r->exact ? Py_True : Py_False, "best",
                         r->best, "pv", pv, "depth", r->depth, "nodes", (unsigned long long)r->nodes, "seconds",
                         r->seconds, "stopped", r->stopped ? Py_True : Py_False, "wld", wld);
}

static PyObject *pos_tuple(const bb_othello_pos *pos)
{
    return Py_BuildValue("(NNi)", PyLong_FromUnsignedLongLong(pos->p), PyLong_FromUnsignedLongLong(pos->o),
                         pos->side);
}

static PyObject *parse_error(const char *what, const bb_parse_error *e)
{
    return PyErr_Format(PyExc_ValueError, "%s: %s (at character %d)", what, e->msg, e->pos);
}

static PyObject *py_othello_parse(PyObject *self, PyObject *arg)
{
    (void)self;
    const char *text = text_arg(arg, "text");
    if (!text) return NULL;
    bb_othello_pos pos;
    bb_parse_error e;
    if (bb_othello_parse(text, &pos, &e)) return parse_error("board", &e);
    return pos_tuple(&pos);
}

static PyObject *py_othello_format(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *po, *oo;
    int side, diagram;
    if (!PyArg_ParseTuple(args, "OOip", &po, &oo, &side, &diagram)) return NULL;
    bb_othello_pos pos;
    if (scalar_pos(po, oo, &pos.p, &pos.o)) return NULL;
    if (side != 0 && side != 1) return PyErr_Format(PyExc_ValueError, "side: %d is not 0 (black) or 1 (white)", side);
    pos.side = side;
    char buf[BB_OTHELLO_FORMAT_MAX];
    if (diagram) bb_othello_format_diagram(buf, sizeof buf, &pos);
    else bb_othello_format(buf, sizeof buf, &pos);
    return PyUnicode_FromString(buf);
}

static PyObject *py_othello_transcript(PyObject *self, PyObject *args)
{
    (void)self;
    named_text text = {"text", NULL};
    PyObject *start;
    if (!PyArg_ParseTuple(args, "O&O", text_conv, &text, &start)) return NULL;
    bb_othello_pos pos = bb_othello_start();
    if (start != Py_None) {
        PyObject *po, *oo;
        int side;
        if (!PyArg_ParseTuple(start, "OOi", &po, &oo, &side)) return NULL;
        if (scalar_pos(po, oo, &pos.p, &pos.o)) return NULL;
        pos.side = side & 1;
    }
    bb_parse_error e;
    if (bb_othello_play_transcript(&pos, text.text, &e)) return parse_error("transcript", &e);
    return pos_tuple(&pos);
}

static PyObject *py_othello_normalize(PyObject *self, PyObject *arg)
{
    (void)self;
    const char *text = text_arg(arg, "text");
    if (!text) return NULL;
    bb_parse_error e;
    size_t need = bb_othello_normalize_transcript(NULL, 0, text, &e);
    if (need == (size_t)-1) return parse_error("transcript", &e);
    char *buf = malloc(need + 1);
    if (!buf) return no_memory("the normalized transcript");
    bb_othello_normalize_transcript(buf, need + 1, text, &e);
    PyObject *r = PyUnicode_FromString(buf);
    free(buf);
    return r;
}

/* A game record as a dict, with its positions (p, o, side, each before move k). */
static PyObject *record_dict(const bb_othello_record *g, long number)
{
    npy_intp nm = g->count, np1 = g->count + 1;
    PyArrayObject *moves = (PyArrayObject *)PyArray_SimpleNew(1, &nm, NPY_UINT8);
    PyArrayObject *pa = (PyArrayObject *)PyArray_SimpleNew(1, &np1, NPY_UINT64);
    PyArrayObject *oa = (PyArrayObject *)PyArray_SimpleNew(1, &np1, NPY_UINT64);
    PyArrayObject *sa = (PyArrayObject *)PyArray_SimpleNew(1, &np1, NPY_UINT8);
    if (!moves || !pa || !oa || !sa) {
        Py_XDECREF(moves); Py_XDECREF(pa); Py_XDECREF(oa); Py_XDECREF(sa);
        return NULL;
    }
    uint8_t *mv = PyArray_DATA(moves), *sd = PyArray_DATA(sa);
    uint64_t *pd = PyArray_DATA(pa), *od = PyArray_DATA(oa);
    bb_othello_pos pos = g->start;
    for (int k = 0; k <= g->count; k++) {
        pd[k] = pos.p;
        od[k] = pos.o;
        sd[k] = (uint8_t)pos.side;
        if (k == g->count) break;
        mv[k] = g->moves[k];
        if (g->moves[k] == BB_OTHELLO_PASS) {
            uint64_t t = pos.p;
            pos.p = pos.o;
            pos.o = t;
            pos.side ^= 1;
        } else {
            bb_othello_play(&pos, g->moves[k]);
        }
    }
    char tr[BB_OTHELLO_RECORD_MOVES * 2 + 8];
    bb_othello_record_transcript(tr, sizeof tr, g);
    int final_black = -1;
    {
        int b = pos.side == BB_OTHELLO_BLACK ? __builtin_popcountll(pos.p) : __builtin_popcountll(pos.o);
        final_black = b;
    }
    return Py_BuildValue("{sl ss sN sN sN sN si si si si si si si ss ss ss ss ss si}", "number", number, "transcript", tr, "moves", moves,
                         "p", pa, "o", oa, "side", sa, "black_discs", g->black_discs, "theoretical", g->theoretical,
                         "tournament", g->tournament, "black_player", g->black_player, "white_player",
                         g->white_player, "final_black_discs", final_black, "score",
                         bb_othello_score(&pos), "black", g->black, "white",
                         g->white, "event", g->event, "date", g->date, "result", g->result, "count", g->count);
}

/* othello_read(data: bytes, ggf: bool) -> list of dicts or (number, message) tuples */
static PyObject *py_othello_read(PyObject *self, PyObject *args)
{
    (void)self;
    Py_buffer buf;
    int ggf;
    if (!PyArg_ParseTuple(args, "y*p", &buf, &ggf)) return NULL;
    PyObject *list = PyList_New(0);
    const unsigned char *data = buf.buf;
    size_t size = (size_t)buf.len;
    bb_othello_record g;
    bb_parse_error e;
    if (!list) goto fail;
    if (ggf) {
        size_t at = 0;
        long number = 0;
        for (;;) {
            size_t used = 0;
            int rc = bb_othello_ggf_read((const char *)data + at, size - at, &used, &g, &e);
            if (rc == 0) break;
            number++;
            PyObject *item = rc == 1 ? record_dict(&g, number) : Py_BuildValue("(ls)", number, e.msg);
            if (!item || PyList_Append(list, item)) { Py_XDECREF(item); goto fail; }
            Py_DECREF(item);
            if (used == 0) break;
            at += used;
            if (at >= size) break;
        }
    } else {
        bb_othello_wthor_header h;
        bb_parse_error fit;
        if (bb_othello_wthor_read_header(data, size, &h, &e)) {
            PyErr_Format(PyExc_ValueError, "not a WTHOR game file: %s", e.msg);
            goto fail;
        }
        /* a file cut short (as the CLI reads it): its whole games, then the
         * next game is the error naming the byte the file ends at */
        uint32_t whole = h.count;
        if (bb_othello_wthor_check(&h, size, BB_OTHELLO_WTHOR_GAME, &fit)) {
            size_t full = BB_OTHELLO_WTHOR_HEADER + (size_t)h.count * BB_OTHELLO_WTHOR_GAME;
            if (size > full || (h.board_size != 0 && h.board_size != 8)) {
                PyErr_Format(PyExc_ValueError, "not a WTHOR game file: %s", fit.msg);
                goto fail;
            }
            whole = (uint32_t)((size - BB_OTHELLO_WTHOR_HEADER) / BB_OTHELLO_WTHOR_GAME);
        }
        for (uint32_t i = 0; i <= whole && i < h.count; i++) {
            if (i == whole) {
                size_t at = BB_OTHELLO_WTHOR_HEADER + (size_t)whole * BB_OTHELLO_WTHOR_GAME;
                PyObject *item = PyUnicode_FromFormat("the file ends %s it, at byte %zu (%s)",
                                                      at == size ? "before" : "inside", size, fit.msg);
                PyObject *t = item ? Py_BuildValue("(lN)", (long)i + 1, item) : NULL;
                if (!t || PyList_Append(list, t)) { Py_XDECREF(t); goto fail; }
                Py_DECREF(t);
                break;
            }
            int rc = bb_othello_wthor_game(data, size, (long)i, &g, &e);
            /* 1: kept, with a warning (the stored count splits the empties) */
            PyObject *item = rc >= 0 ? record_dict(&g, (long)i + 1) : Py_BuildValue("(ls)", (long)i + 1, e.msg);
            if (item && rc == 1) {
                PyObject *w = PyUnicode_FromString(e.msg);
                if (!w || PyDict_SetItemString(item, "warning", w)) { Py_XDECREF(w); Py_DECREF(item); goto fail; }
                Py_DECREF(w);
            }
            if (!item || PyList_Append(list, item)) { Py_XDECREF(item); goto fail; }
            Py_DECREF(item);
        }
    }
    PyBuffer_Release(&buf);
    return list;
fail:
    Py_XDECREF(list);
    PyBuffer_Release(&buf);
    return NULL;
}

PyMethodDef core_othello_methods[] = {
    {"moves", (PyCFunction)(void (*)(void))py_othello_moves, METH_FASTCALL | METH_KEYWORDS,
     "moves(p, o)\n"
     "--\n"
     "\n"
     "The legal moves of the side owning p, as a board of squares (p the side to\n"
     "move's discs, o the opponent's; arrays of one shape, or a scalar).\n"
     "\n"
     ">>> p, o, _ = start()\n"
     ">>> squares(moves(p, o))\n"
     "[19, 26, 37, 44]"},
    {"flips", (PyCFunction)(void (*)(void))py_othello_flips, METH_FASTCALL | METH_KEYWORDS,
     "flips(p, o, sq)\n"
     "--\n"
     "\n"
     "The discs of o that p playing sq turns (0 where sq is not a legal move).\n"
     "sq: an int or an integer array of the boards' shape, 0..63."},
    {"play", (PyCFunction)(void (*)(void))py_othello_play, METH_FASTCALL | METH_KEYWORDS,
     "play(p, o, sq)\n"
     "--\n"
     "\n"
     "Plays sq (or PASS = 64) in each position: (p, o) after it, the new side to\n"
     "move first.  An illegal move is a ValueError naming its index.\n"
     "\n"
     ">>> p, o, _ = start()\n"
     ">>> p2, o2 = play(p, o, square(\"f5\"))\n"
     ">>> bin(o2).count(\"1\"), bin(p2).count(\"1\")      # the mover now has 4 discs\n"
     "(4, 1)"},
    {"mobility", (PyCFunction)(void (*)(void))py_othello_mobility, METH_FASTCALL | METH_KEYWORDS,
     "mobility(p, o)\n"
     "--\n"
     "\n"
     "The number of legal moves of the side owning p (int32 arrays, or an int)."},
    {"potential_mobility", (PyCFunction)(void (*)(void))py_othello_potential_mobility, METH_FASTCALL | METH_KEYWORDS,
     "potential_mobility(p, o)\n"
     "--\n"
     "\n"
     "The number of empty squares next to a disc of o (int32)."},
    {"frontier", (PyCFunction)(void (*)(void))py_othello_frontier, METH_FASTCALL | METH_KEYWORDS,
     "frontier(p, o)\n"
     "--\n"
     "\n"
     "p's discs next to an empty square (a board)."},
    {"stable", (PyCFunction)(void (*)(void))py_othello_stable, METH_FASTCALL | METH_KEYWORDS,
     "stable(p, o)\n"
     "--\n"
     "\n"
     "p's discs that no sequence of moves can flip by the line rule (a board): the\n"
     "greatest set S of p's discs where each disc, in each of the 4 line\n"
     "directions, has its whole line full, or a wall or a disc of S next to it."},
    {"stable_edges", (PyCFunction)(void (*)(void))py_othello_stable_edges, METH_FASTCALL | METH_KEYWORDS,
     "stable_edges(p, o)\n"
     "--\n"
     "\n"
     "The cheap lower bound of stable(): its discs on the four edges."},
    {"parity", (PyCFunction)(void (*)(void))py_othello_parity, METH_FASTCALL | METH_KEYWORDS,
     "parity(p, o)\n"
     "--\n"
     "\n"
     "Bit q set when quadrant q (a1-d4, e1-h4, a5-d8, e5-h8) holds an odd number\n"
     "of empty squares (int32)."},
    {"final_score", (PyCFunction)(void (*)(void))py_othello_final_score, METH_FASTCALL | METH_KEYWORDS,
     "final_score(p, o)\n"
     "--\n"
     "\n"
     "p's discs minus o's, the empty squares to the side with more (int32)."},
    {"othello_perft", (PyCFunction)(void (*)(void))py_othello_perft, METH_VARARGS | METH_KEYWORDS, NULL},
    {"othello_solve", (PyCFunction)(void (*)(void))py_othello_solve, METH_VARARGS | METH_KEYWORDS, NULL},
    {"othello_search", (PyCFunction)(void (*)(void))py_othello_search, METH_VARARGS | METH_KEYWORDS, NULL},
    {"othello_parse", py_othello_parse, METH_O, NULL},
    {"othello_format", py_othello_format, METH_VARARGS, NULL},
    {"othello_transcript", py_othello_transcript, METH_VARARGS, NULL},
    {"othello_normalize", py_othello_normalize, METH_O, NULL},
    {"othello_read", py_othello_read, METH_VARARGS, NULL},
    {NULL, NULL, 0, NULL},
};

int core_othello_init(PyObject *m)
{
    return core_add_type(m, "SearchTable", &SearchTableType);
}
