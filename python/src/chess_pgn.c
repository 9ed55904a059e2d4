/* python/src/chess_pgn.c: chess PGN files streamed as dicts (read_pgn). */
#include "core.h"

/* PGN: an iterator of games as dicts. */
typedef struct {
    PyObject_HEAD
    bb_pgn_reader *r;
    bb_pgn_game pg;
    int positions;
    char *path; /* for a read error's message */
    int filtered;         /* filter terms were given: games not passing bb_pgn_filter_match are skipped */
    bb_pgn_filter filter;
    long kept, dropped;   /* the games given and skipped so far (the attributes kept, dropped) */
} PgnIterObject;

static PyTypeObject PgnIterType;

static PyObject *py_chess_read_pgn(PyObject *self, PyObject *args)
{
    (void)self;
    named_text pt = {"path", NULL};
    int positions = 1;
    PyObject *terms = NULL;
    if (!PyArg_ParseTuple(args, "O&|pO", text_conv, &pt, &positions, &terms)) return NULL;
    const char *path = pt.text;
    bb_pgn_filter filter;
    bb_pgn_filter_init(&filter);
    int filtered = terms && terms != Py_None;
    if (filtered) { /* a sequence of terms, each parsed by the library (the CLI's --filter) */
        PyObject *seq = PySequence_Fast(terms, "filter: expected a list of terms (str)");
        if (!seq) return NULL;
        for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(seq); i++) {
            PyObject *t = PySequence_Fast_GET_ITEM(seq, i);
            const char *text = text_arg(t, "filter"); /* a str without NUL, or the error set */
            bb_parse_error pe;
            if (!text) {
                Py_DECREF(seq);
                return NULL;
            }
            if (bb_pgn_filter_add(&filter, text, &pe) != 0) {
                Py_DECREF(seq);
                return PyErr_Format(PyExc_ValueError, "%s", pe.msg);
            }
        }
        Py_DECREF(seq);
    }
    bb_pgn_error e;
    bb_pgn_reader *r = bb_pgn_open(path, &e);
    if (!r) return PyErr_Format(PyExc_OSError, "%s", e.msg); /* e.msg names the path and why */
    PgnIterObject *it = PyObject_New(PgnIterObject, &PgnIterType);
    if (!it) { bb_pgn_close(r); return NULL; }
    it->r = r;
    it->positions = positions;
    it->filtered = filtered;
    it->filter = filter;
    it->kept = it->dropped = 0;
    size_t plen = strlen(path) + 1;
    if ((it->path = malloc(plen)) != NULL) memcpy(it->path, path, plen);
    if (!it->path) { bb_pgn_close(r); PyObject_Free(it); return no_memory("the path's copy"); }
    bb_pgn_game_init(&it->pg);
    return (PyObject *)it;
}

static void pgniter_dealloc(PgnIterObject *it)
{
    bb_pgn_game_free(&it->pg);
    bb_pgn_close(it->r);
    free(it->path);
    PyObject_Free(it);
}

static PyObject *pgniter_next(PgnIterObject *it)
{
    int rc;
    long skipped = 0;
    Py_BEGIN_ALLOW_THREADS
    while ((rc = bb_pgn_next(it->r, &it->pg)) == 1 && it->filtered && !bb_pgn_filter_match(&it->filter, &it->pg))
        skipped++;
    Py_END_ALLOW_THREADS
    it->dropped += skipped;
    if (rc == 1) it->kept++;
    if (rc == 0) return NULL; /* StopIteration */
    if (rc < 0) return PyErr_Format(PyExc_OSError, "reading %s: %s", it->path, bb_pgn_read_error(it->r));
    bb_pgn_game *pg = &it->pg;
    const bb_chess_game *g = &pg->game;
    PyObject *tags = PyDict_New();
    if (!tags) return NULL;
    for (int i = 0; i < pg->ntags; i++) {
        PyObject *v = PyUnicode_DecodeUTF8(pg->tag_values[i], (Py_ssize_t)strlen(pg->tag_values[i]), "replace");
        if (!v || PyDict_SetItemString(tags, pg->tag_names[i], v)) { Py_XDECREF(v); Py_DECREF(tags); return NULL; }
        Py_DECREF(v);
    }
    npy_intp n = g->count, n1 = g->count + 1, d2[2] = {g->count + 1, 12};
    PyArrayObject *moves = (PyArrayObject *)PyArray_SimpleNew(1, &n, NPY_UINT16);
    PyObject *uci = PyList_New(n);
    PyArrayObject *boards = NULL, *side = NULL, *castling = NULL, *ep = NULL;
    if (it->positions) {
        boards = (PyArrayObject *)PyArray_SimpleNew(2, d2, NPY_UINT64);
        side = (PyArrayObject *)PyArray_SimpleNew(1, &n1, NPY_UINT8);
        castling = (PyArrayObject *)PyArray_SimpleNew(1, &n1, NPY_UINT8);
        ep = (PyArrayObject *)PyArray_SimpleNew(1, &n1, NPY_UINT8);
    }
    if (!moves || !uci || (it->positions && (!boards || !side || !castling || !ep))) {
        Py_XDECREF(moves); Py_XDECREF(uci); Py_XDECREF(boards); Py_XDECREF(side); Py_XDECREF(castling);
        Py_XDECREF(ep); Py_DECREF(tags);
        return NULL;
    }
    memcpy(PyArray_DATA(moves), g->moves, sizeof(bb_chess_move) * (size_t)g->count);
    bb_chess_pos pos = g->start;
    for (int k = 0; k <= g->count; k++) {
        if (it->positions) {
            memcpy((uint64_t *)PyArray_DATA(boards) + 12 * k, pos.pieces, sizeof pos.pieces);
            ((uint8_t *)PyArray_DATA(side))[k] = pos.side;
            ((uint8_t *)PyArray_DATA(castling))[k] = pos.castling;
            ((uint8_t *)PyArray_DATA(ep))[k] = pos.ep;
        }
        if (k == g->count) break;
        PyList_SET_ITEM(uci, k, move_uci(&pos, g->moves[k]));
        bb_chess_undo u;
        if (g->moves[k] == BB_CHESS_NULL_MOVE) bb_chess_make_null(&pos, &u);
        else bb_chess_make(&pos, g->moves[k], &u);
    }
    char fen[BB_CHESS_FEN_MAX];
    bb_chess_to_fen(fen, sizeof fen, &g->start, g->start.chess960 ? BB_FEN_SHREDDER : BB_FEN_STANDARD); /* as the CLI */
    PyObject *err = Py_None;
    Py_INCREF(err);
    if (pg->has_error) {
        Py_DECREF(err);
        err = PyUnicode_FromFormat("game %ld, line %ld, column %ld: %s%s%s", pg->error.game, pg->error.line,
                                   pg->error.column, pg->error.move[0] ? pg->error.move : "",
                                   pg->error.move[0] ? ": " : "", pg->error.msg);
    }
    const bb_pgn_error *w = bb_pgn_warning(it->r);
    PyObject *warn = w ? PyUnicode_FromFormat("game %ld, line %ld, column %ld: %s", w->game, w->line, w->column, w->msg)
                       : (Py_INCREF(Py_None), Py_None);
    PyObject *d = err && warn ? Py_BuildValue("{slsNsssNsNsssNsN}", "number", pg->number, "tags", tags, "result",
                                              pg->result, "moves", moves, "uci", uci, "start_fen", fen, "error", err,
                                              "warning", warn)
                              : NULL;
    if (!(err && warn)) {
        Py_DECREF(tags); Py_DECREF(moves); Py_DECREF(uci); Py_XDECREF(err); Py_XDECREF(warn);
    }
    if (d && it->positions) {
        PyDict_SetItemString(d, "boards", (PyObject *)boards);
        PyDict_SetItemString(d, "side", (PyObject *)side);
        PyDict_SetItemString(d, "castling", (PyObject *)castling);
        PyDict_SetItemString(d, "ep", (PyObject *)ep);
    }
    Py_XDECREF(boards);
    Py_XDECREF(side);
    Py_XDECREF(castling);
    Py_XDECREF(ep);
    return d;
}

static PyMemberDef pgniter_members[] = {
    {"kept", T_LONG, offsetof(PgnIterObject, kept), READONLY, "games given so far"},
    {"dropped", T_LONG, offsetof(PgnIterObject, dropped), READONLY, "games the filter skipped so far"},
    {NULL, 0, 0, 0, NULL},
};

static PyTypeObject PgnIterType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "bitboard._core.PgnReader",
    .tp_basicsize = sizeof(PgnIterObject),
    .tp_dealloc = (destructor)pgniter_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "An iterator over the games of a PGN file (bitboard.chess.read_pgn).",
    .tp_iter = PyObject_SelfIter,
    .tp_iternext = (iternextfunc)pgniter_next,
    .tp_members = pgniter_members,
};

PyMethodDef core_chess_pgn_methods[] = {
    {"chess_read_pgn", py_chess_read_pgn, METH_VARARGS, NULL},
    {NULL, NULL, 0, NULL},
    {NULL, NULL, 0, NULL},
};

int core_chess_pgn_init(PyObject *m)
{
    (void)m;
    return PyType_Ready(&PgnIterType);
}
