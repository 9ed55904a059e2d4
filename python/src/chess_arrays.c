/* bitboard.chess.read_pgn_arrays: PGN games straight into training arrays.
 *
 * The library's pool (bb_pgn_pool) reads the file (plain or compressed) on
 * `threads` parser threads, in file order; each chunk's games are read by
 * bb_pgn_next, kept or dropped by bb_pgn_filter_match, and every position
 * of a kept game before a main-line move becomes one row of plain C arrays,
 * with no Python object made.  The iterator copies rows into numpy arrays
 * of `batch` rows each (the last one shorter), the GIL released while it
 * waits for the pool.  Games with an error are left out (counted).  It
 * calls the C library's public API only. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <numpy/arrayobject.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bitboard.h"

/* ---- the policy index (bitboard.chess.move_index's layout) ---------------------- */

/* 73 planes of 64 from-squares, squares in the mover's view (mirrored top to
 * bottom when black moves): index = plane * 64 + from.  Queen-like steps:
 * plane direction * 7 + distance - 1, directions N NE E SE S SW W NW;
 * knight jumps 56..63 in the order (1,2) (2,1) (2,-1) (1,-2) (-1,-2) (-2,-1)
 * (-2,1) (-1,2) as (file, rank) steps; under-promotions to knight, bishop,
 * rook 64 + 3 * (piece - knight) + file step + 1.  -1: no index. */
static const signed char queen_dir[3][3] = {/* [rank step + 1][file step + 1] */
                                            {5, 4, 3}, {6, -1, 2}, {7, 0, 1}};
static const signed char knight_plane[5][5] = {/* [rank step + 2][file step + 2] */
                                               {-1, 60, -1, 59, -1}, {61, -1, -1, -1, 58}, {-1, -1, -1, -1, -1},
                                               {62, -1, -1, -1, 57}, {-1, 63, -1, 56, -1}};

static int policy_of(const bb_chess_pos *pos, bb_chess_move m)
{
    if (m == BB_CHESS_NULL_MOVE) return -1;
    int v = pos->side == BB_BLACK ? 56 : 0;
    int from = bb_chess_move_from(m) ^ v, to = bb_chess_move_to(m) ^ v, kind = bb_chess_move_kind(m);
    if (kind == BB_MOVE_CASTLING) { /* the king's own step to the g or c file (Chess960: towards its rook) */
        to = (from & 56) | ((to & 7) > (from & 7) ? 6 : 2);
        if (to == from) return -1;
    }
    int fs = (to & 7) - (from & 7), rs = (to >> 3) - (from >> 3);
    if (kind == BB_MOVE_PROMOTION && bb_chess_move_promotion(m) != BB_QUEEN)
        return (64 + 3 * (bb_chess_move_promotion(m) - BB_KNIGHT) + fs + 1) * 64 + from;
    if (fs >= -2 && fs <= 2 && rs >= -2 && rs <= 2 && knight_plane[rs + 2][fs + 2] >= 0)
        return knight_plane[rs + 2][fs + 2] * 64 + from;
    int d = fs ? abs(fs) : abs(rs);
    if (d == 0 || (fs && abs(fs) != d) || (rs && abs(rs) != d)) return -1;
    int dir = queen_dir[(rs > 0) - (rs < 0) + 1][(fs > 0) - (fs < 0) + 1];
    return (dir * 7 + d - 1) * 64 + from;
}

/* ---- one chunk's rows (a parser thread's work) ----------------------------------- */

enum { COLS = 12 };
static const char *const col_names[COLS] = {"boards", "side",    "castling", "ep",     "move",   "result",
                                            "white_elo", "black_elo", "tc_base", "tc_increment", "ply", "game"};
static const int col_type[COLS] = {NPY_UINT64, NPY_UINT8, NPY_UINT8, NPY_UINT8, NPY_INT16, NPY_INT8,
                                   NPY_INT16,  NPY_INT16, NPY_INT32, NPY_INT32, NPY_INT16, NPY_INT64};
static const size_t col_size[COLS] = {12 * 8, 1, 1, 1, 2, 1, 2, 2, 4, 4, 2, 8};

typedef struct {
    unsigned char *col[COLS];
    size_t rows, cap;
    long kept, dropped, bad;
    int oom;
} rows_t;

typedef struct {
    bb_pgn_filter filter;
    int filtered;
} arrays_cfg;

static int rows_grow(rows_t *t, size_t need)
{
    if (need <= t->cap) return 0;
    size_t cap = t->cap ? t->cap : 4096;
    while (cap < need) cap *= 2;
    for (int c = 0; c < COLS; c++) {
        unsigned char *p = realloc(t->col[c], cap * col_size[c]);
        if (!p) return -1;
        t->col[c] = p;
    }
    t->cap = cap;
    return 0;
}

/* A tag's value as a whole number 0..limit, or -1. */
static long tag_number(const char *s, long limit)
{
    if (!s || !*s) return -1;
    long v = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9') return -1;
        v = v * 10 + (*s - '0');
        if (v > limit) return -1;
    }
    return v;
}

static void put(rows_t *t, int c, size_t row, const void *v) { memcpy(t->col[c] + row * col_size[c], v, col_size[c]); }

static void game_rows(rows_t *t, const bb_pgn_game *pg)
{
    const bb_chess_game *g = &pg->game;
    if (rows_grow(t, t->rows + (size_t)g->count) != 0) { t->oom = 1; return; }
    int8_t res = strcmp(pg->result, "1-0") == 0 ? 1 : strcmp(pg->result, "0-1") == 0 ? -1
                 : strcmp(pg->result, "1/2-1/2") == 0 ? 0 : -2;
    int16_t we = (int16_t)tag_number(bb_pgn_tag(pg, "WhiteElo"), 9999), be = (int16_t)tag_number(bb_pgn_tag(pg, "BlackElo"), 9999);
    int32_t base = -1, inc = -1;
    const char *tc = bb_pgn_tag(pg, "TimeControl");
    if (tc) {
        char b[24];
        const char *plus = strchr(tc, '+');
        size_t n = plus ? (size_t)(plus - tc) : strlen(tc);
        if (n < sizeof b) {
            memcpy(b, tc, n);
            b[n] = '\0';
            long x = tag_number(b, 100000000), y = plus ? tag_number(plus + 1, 100000000) : 0;
            if (x >= 0 && y >= 0) base = (int32_t)x, inc = (int32_t)y;
        }
    }
    int64_t number = pg->number;
    bb_chess_pos pos = g->start;
    for (int k = 0; k < g->count; k++) {
        size_t r = t->rows++;
        uint8_t side = (uint8_t)pos.side, castling = (uint8_t)pos.castling, ep = (uint8_t)pos.ep;
        int16_t mv = (int16_t)policy_of(&pos, g->moves[k]), ply = (int16_t)(k > 32767 ? 32767 : k);
        put(t, 0, r, pos.pieces);
        put(t, 1, r, &side);
        put(t, 2, r, &castling);
        put(t, 3, r, &ep);
        put(t, 4, r, &mv);
        put(t, 5, r, &res);
        put(t, 6, r, &we);
        put(t, 7, r, &be);
        put(t, 8, r, &base);
        put(t, 9, r, &inc);
        put(t, 10, r, &ply);
        put(t, 11, r, &number);
        bb_chess_undo u;
        if (g->moves[k] == BB_CHESS_NULL_MOVE) bb_chess_make_null(&pos, &u);
        else bb_chess_make(&pos, g->moves[k], &u);
    }
}

static void rows_free(rows_t *t)
{
    if (!t) return;
    for (int c = 0; c < COLS; c++) free(t->col[c]);
    free(t);
}

static void *arrays_work(void *arg, bb_pgn_reader *r)
{
    const arrays_cfg *cfg = arg;
    rows_t *t = calloc(1, sizeof *t);
    if (!t) return NULL;
    bb_pgn_game pg;
    bb_pgn_game_init(&pg);
    while (!t->oom && bb_pgn_next(r, &pg) == 1) {
        if (pg.has_error) { t->bad++; continue; }
        if (cfg->filtered && !bb_pgn_filter_match(&cfg->filter, &pg)) { t->dropped++; continue; }
        t->kept++;
        game_rows(t, &pg);
    }
    bb_pgn_game_free(&pg);
    return t;
}

static void arrays_discard(void *arg, void *result)
{
    (void)arg;
    rows_free(result);
}

/* ---- the iterator ----------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    bb_pgn_pool *pool;
    arrays_cfg *cfg;
    rows_t *cur;        /* the chunk being given, and its next row */
    size_t at;
    Py_ssize_t batch;
    int done;
    long kept, dropped, bad;
    char *path;
} ArraysObject;

static void arrays_dealloc(ArraysObject *it)
{
    rows_free(it->cur);
    bb_pgn_pool_close(it->pool); /* joins the threads before cfg goes */
    free(it->cfg);
    free(it->path);
    PyObject_Free(it);
}

static PyObject *arrays_next(ArraysObject *it)
{
    PyArrayObject *a[COLS] = {NULL};
    npy_intp n = it->batch;
    for (int c = 0; c < COLS; c++) {
        npy_intp d[2] = {n, 12};
        a[c] = (PyArrayObject *)PyArray_SimpleNew(c == 0 ? 2 : 1, d, col_type[c]);
        if (!a[c]) goto fail;
    }
    npy_intp got = 0;
    while (got < n && !it->done) {
        if (!it->cur || it->at == it->cur->rows) {
            rows_free(it->cur);
            it->cur = NULL;
            void *res = NULL;
            int rc;
            Py_BEGIN_ALLOW_THREADS
            rc = bb_pgn_pool_next(it->pool, &res);
            Py_END_ALLOW_THREADS
            if (rc <= 0) {
                it->done = 1;
                if (rc < 0) {
                    PyErr_Format(PyExc_OSError, "reading %s: %s", it->path, bb_pgn_pool_error(it->pool));
                    goto fail;
                }
                break;
            }
            it->cur = res;
            it->at = 0;
            if (!res || it->cur->oom) {
                PyErr_NoMemory();
                it->done = 1;
                goto fail;
            }
            it->kept += it->cur->kept, it->dropped += it->cur->dropped, it->bad += it->cur->bad;
            continue;
        }
        size_t k = it->cur->rows - it->at;
        if (k > (size_t)(n - got)) k = (size_t)(n - got);
        for (int c = 0; c < COLS; c++)
            memcpy((unsigned char *)PyArray_DATA(a[c]) + (size_t)got * col_size[c],
                   it->cur->col[c] + it->at * col_size[c], k * col_size[c]);
        got += (npy_intp)k;
        it->at += k;
    }
    if (got == 0) {
        for (int c = 0; c < COLS; c++) Py_DECREF(a[c]);
        return NULL; /* StopIteration */
    }
    PyObject *d = PyDict_New();
    if (!d) goto fail;
    for (int c = 0; c < COLS; c++) {
        PyObject *v = (PyObject *)a[c];
        if (got < n) { /* the last batch: its rows only */
            PyObject *sl = PySlice_New(NULL, PyLong_FromSsize_t(got), NULL);
            v = sl ? PyObject_GetItem((PyObject *)a[c], sl) : NULL;
            Py_XDECREF(sl);
            PyObject *cp = v ? PyArray_NewCopy((PyArrayObject *)v, NPY_CORDER) : NULL;
            Py_XDECREF(v);
            v = cp;
        } else {
            Py_INCREF(v);
        }
        if (!v || PyDict_SetItemString(d, col_names[c], v) < 0) {
            Py_XDECREF(v);
            Py_DECREF(d);
            goto fail;
        }
        Py_DECREF(v);
    }
    for (int c = 0; c < COLS; c++) Py_DECREF(a[c]);
    return d;
fail:
    for (int c = 0; c < COLS; c++) Py_XDECREF(a[c]);
    return NULL;
}

static PyMemberDef arrays_members[] = {
    {"kept", T_LONG, offsetof(ArraysObject, kept), READONLY, "games whose positions were given so far"},
    {"dropped", T_LONG, offsetof(ArraysObject, dropped), READONLY, "games the filter skipped so far"},
    {"errors", T_LONG, offsetof(ArraysObject, bad), READONLY, "games left out for an error so far"},
    {NULL, 0, 0, 0, NULL},
};

static PyTypeObject ArraysType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "bitboard._core.PgnArrays",
    .tp_basicsize = sizeof(ArraysObject),
    .tp_dealloc = (destructor)arrays_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Batches of training arrays from a PGN file (bitboard.chess.read_pgn_arrays).",
    .tp_iter = PyObject_SelfIter,
    .tp_iternext = (iternextfunc)arrays_next,
    .tp_members = arrays_members,
};

/* chess_read_pgn_arrays(path, batch, threads, terms or None) */
static PyObject *py_read_pgn_arrays(PyObject *self, PyObject *args)
{
    (void)self;
    const char *path;
    Py_ssize_t batch;
    int threads;
    PyObject *terms = Py_None;
    if (!PyArg_ParseTuple(args, "sni|O", &path, &batch, &threads, &terms)) return NULL;
    if (batch < 1) return PyErr_Format(PyExc_ValueError, "batch: %zd rows: give 1 or more", batch);
    if (threads < 1 || threads > 256) return PyErr_Format(PyExc_ValueError, "threads: %d: give 1..256", threads);
    arrays_cfg *cfg = calloc(1, sizeof *cfg);
    if (!cfg) return PyErr_NoMemory();
    bb_pgn_filter_init(&cfg->filter);
    if (terms != Py_None) {
        PyObject *seq = PySequence_Fast(terms, "filter: expected a list of terms (str)");
        if (!seq) { free(cfg); return NULL; }
        cfg->filtered = 1;
        for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(seq); i++) {
            const char *t = PyUnicode_Check(PySequence_Fast_GET_ITEM(seq, i))
                                ? PyUnicode_AsUTF8(PySequence_Fast_GET_ITEM(seq, i)) : NULL;
            bb_parse_error pe;
            if (!t || bb_pgn_filter_add(&cfg->filter, t, &pe) != 0) {
                Py_DECREF(seq);
                free(cfg);
                if (!t && !PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "filter: expected a list of terms (str)");
                if (t) PyErr_Format(PyExc_ValueError, "%s", pe.msg);
                return NULL;
            }
        }
        Py_DECREF(seq);
    }
    bb_pgn_pool_options o;
    memset(&o, 0, sizeof o);
    o.work = arrays_work;
    o.discard = arrays_discard;
    o.arg = cfg;
    o.threads = threads;
    bb_pgn_error e;
    bb_pgn_pool *pool;
    Py_BEGIN_ALLOW_THREADS
    pool = bb_pgn_pool_open(path, &o, &e);
    Py_END_ALLOW_THREADS
    if (!pool) { free(cfg); return PyErr_Format(PyExc_OSError, "%s", e.msg); }
    ArraysObject *it = PyObject_New(ArraysObject, &ArraysType);
    char *p = malloc(strlen(path) + 1);
    if (!it || !p) {
        bb_pgn_pool_close(pool);
        free(cfg);
        free(p);
        if (it) PyObject_Free(it);
        return PyErr_NoMemory();
    }
    strcpy(p, path);
    it->pool = pool, it->cfg = cfg, it->cur = NULL, it->at = 0, it->batch = batch, it->done = 0;
    it->kept = it->dropped = it->bad = 0;
    it->path = p;
    return (PyObject *)it;
}

PyMethodDef core_chess_arrays_methods[] = {
    {"chess_read_pgn_arrays", py_read_pgn_arrays, METH_VARARGS, NULL},
    {NULL, NULL, 0, NULL},
};

/* This file's numpy table (it keeps its own) and its type: 0, or -1 with the error set. */
int core_chess_arrays_init(PyObject *m)
{
    (void)m;
    import_array1(-1);
    return PyType_Ready(&ArraysType);
}
