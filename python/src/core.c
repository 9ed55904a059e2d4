/* bitboard._core - the CPython extension behind `import bitboard`.
 *
 * It calls the C library's public API (include/bitboard.h) only.  Every
 * board function takes numpy uint64 arrays of any shape (or a Python int,
 * which gives a Python int back) and loops in C with the GIL released; the
 * Python layer (python/bitboard/) adds the names, the enums and the
 * docstrings users read.
 *
 * Argument rules, the same everywhere:
 *   - a numpy array, a numpy scalar or a buffer must have dtype uint64
 *     (TypeError names the argument and the dtype it got);
 *   - a Python int must be 0 .. 2**64-1 (ValueError otherwise);
 *   - a list or tuple of such ints is taken as a uint64 array;
 *   - two board arguments have the same shape, or one of them is a scalar
 *     (ValueError names both shapes);
 *   - p and o of one position must not share a square (ValueError names the
 *     first index where they do). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <numpy/arrayobject.h>

#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>
#include <time.h>
#if defined(__AVX512BW__) && defined(__AVX512F__)
#include <immintrin.h>
#define CORE_AVX512 1 /* the planes loops use one masked move per board */
#endif

#include "bitboard.h"

/* The GIL is released around every loop over an array of at least
 * NOGIL_MIN elements; below that, saving and restoring the thread state
 * costs more than the loop (a scalar call stays under 100 ns). */
#define NOGIL_MIN 2048
#define NOGIL_BEGIN(n) { PyThreadState *nogil_save_ = (n) >= NOGIL_MIN ? PyEval_SaveThread() : NULL;
#define NOGIL_END if (nogil_save_) PyEval_RestoreThread(nogil_save_); }

/* ------------------------------------------------------------------------
 * Arguments */

typedef struct {
    PyArrayObject *arr; /* a C-contiguous aligned native uint64 array (owned), or NULL for a Python int */
    uint64_t value;     /* the Python int */
    const uint64_t *data;
    npy_intp n;         /* elements */
    int ndim;
    npy_intp dims[NPY_MAXDIMS];
    int is_int;         /* from a Python int: results come back as Python ints */
} u64arg;

static void u64_release(u64arg *a)
{
    Py_XDECREF(a->arr);
    a->arr = NULL;
}

static int dtype_is_u64(PyArray_Descr *d)
{
    return d->kind == 'u' && d->elsize == 8;
}

/* obj -> *a.  Returns 0, or -1 with the exception set. */
static int u64_get(PyObject *obj, const char *name, u64arg *a)
{
    memset(a, 0, sizeof *a);
    if (PyBool_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "%s: expected a uint64 board or array, got bool", name);
        return -1;
    }
    if (PyLong_Check(obj)) {
        unsigned long long v = PyLong_AsUnsignedLongLong(obj);
        if (v == (unsigned long long)-1 && PyErr_Occurred()) {
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError, "%s: %R is not a board (a board is 0 .. 2**64-1)", name, obj);
            return -1;
        }
        a->value = v;
        a->data = &a->value;
        a->n = 1;
        a->ndim = 0;
        a->is_int = 1;
        return 0;
    }
    PyArrayObject *raw = NULL;
    if (PyArray_Check(obj) || PyArray_IsScalar(obj, Generic) || PyObject_CheckBuffer(obj)) {
        raw = (PyArrayObject *)PyArray_FromAny(obj, NULL, 0, 0, 0, NULL);
        if (!raw) return -1;
        if (!dtype_is_u64(PyArray_DESCR(raw))) {
            PyObject *dt = PyObject_Str((PyObject *)PyArray_DESCR(raw));
            PyErr_Format(PyExc_TypeError, "%s: expected dtype uint64, got %S (convert with .astype(numpy.uint64))",
                         name, dt ? dt : Py_None);
            Py_XDECREF(dt);
            Py_DECREF(raw);
            return -1;
        }
    } else if (PyList_Check(obj) || PyTuple_Check(obj)) {
        /* a list of Python ints: each must be a board */
        raw = (PyArrayObject *)PyArray_FromAny(obj, NULL, 0, 0, 0, NULL);
        if (!raw) return -1;
        PyArray_Descr *d = PyArray_DESCR(raw);
        if (PyArray_SIZE(raw) == 0) {
            /* an empty list: a zero-length board array */
        } else if (d->kind == 'i') {
            PyArrayObject *s = (PyArrayObject *)PyArray_FromArray(raw, PyArray_DescrFromType(NPY_INT64),
                                                                  NPY_ARRAY_IN_ARRAY | NPY_ARRAY_FORCECAST);
            if (!s) { Py_DECREF(raw); return -1; }
            const int64_t *v = (const int64_t *)PyArray_DATA(s);
            for (npy_intp i = 0, n = PyArray_SIZE(s); i < n; i++)
                if (v[i] < 0) {
                    PyErr_Format(PyExc_ValueError, "%s: element %zd is %lld, not a board (0 .. 2**64-1)", name,
                                 (Py_ssize_t)i, (long long)v[i]);
                    Py_DECREF(s);
                    Py_DECREF(raw);
                    return -1;
                }
            Py_DECREF(s);
        } else if (!dtype_is_u64(d)) {
            PyObject *dt = PyObject_Str((PyObject *)d);
            PyErr_Format(PyExc_TypeError, "%s: expected boards (ints 0 .. 2**64-1), got elements of dtype %S", name,
                         dt ? dt : Py_None);
            Py_XDECREF(dt);
            Py_DECREF(raw);
            return -1;
        }
    } else {
        PyErr_Format(PyExc_TypeError, "%s: expected a uint64 board or array, got %.80s", name, Py_TYPE(obj)->tp_name);
        return -1;
    }
    a->arr = (PyArrayObject *)PyArray_FromArray(raw, PyArray_DescrFromType(NPY_UINT64),
                                                NPY_ARRAY_IN_ARRAY | NPY_ARRAY_FORCECAST);
    Py_DECREF(raw);
    if (!a->arr) return -1;
    a->data = (const uint64_t *)PyArray_DATA(a->arr);
    a->n = PyArray_SIZE(a->arr);
    a->ndim = PyArray_NDIM(a->arr);
    memcpy(a->dims, PyArray_DIMS(a->arr), sizeof(npy_intp) * (size_t)a->ndim);
    return 0;
}

/* "(3, 8, 7)": a shape as Python writes it (a new reference, or NULL). */
static PyObject *dims_str(int ndim, const npy_intp *dims)
{
    PyObject *t = PyTuple_New(ndim);
    if (!t) return NULL;
    for (int i = 0; i < ndim; i++) PyTuple_SET_ITEM(t, i, PyLong_FromSsize_t(dims[i]));
    PyObject *s = PyObject_Repr(t);
    Py_DECREF(t);
    return s;
}

static PyObject *shape_str(const u64arg *a) { return dims_str(a->ndim, a->dims); }

/* The shape of two shapes broadcast together by numpy's rules (the shapes
 * aligned on their last axes; each pair of lengths equal, or one of them
 * 1): 0 and *nd, dims; -1 if they cannot be. */
static int broadcast_shape(int na, const npy_intp *a, int nb, const npy_intp *b, int *nd, npy_intp *dims)
{
    int n = na > nb ? na : nb;
    if (n > NPY_MAXDIMS) return -1;
    for (int k = 1; k <= n; k++) {
        npy_intp x = k <= na ? a[na - k] : 1, y = k <= nb ? b[nb - k] : 1;
        if (x != y && x != 1 && y != 1) return -1;
        dims[n - k] = x == 1 ? y : x;
    }
    *nd = n;
    return 0;
}

/* *arr (owned) replaced by a C-contiguous copy broadcast to shape dims,
 * unless it has that shape already.  0, or -1 with the exception set. */
static int broadcast_to(PyArrayObject **arr, int nd, const npy_intp *dims)
{
    if (PyArray_NDIM(*arr) == nd && !memcmp(PyArray_DIMS(*arr), dims, sizeof(npy_intp) * (size_t)nd)) return 0;
    PyArray_Descr *d = PyArray_DESCR(*arr);
    Py_INCREF(d);
    PyArrayObject *b = (PyArrayObject *)PyArray_Empty(nd, (npy_intp *)dims, d, 0);
    if (!b) return -1;
    if (PyArray_CopyInto(b, *arr)) { Py_DECREF(b); return -1; }
    Py_DECREF(*arr);
    *arr = b;
    return 0;
}

/* A board argument broadcast to shape dims (a scalar stays as it is: the
 * loops read it with stride 0).  0, or -1 with the exception set. */
static int u64_broadcast(u64arg *a, int nd, const npy_intp *dims)
{
    if (a->ndim == 0) return 0;
    if (broadcast_to(&a->arr, nd, dims)) return -1;
    a->data = (const uint64_t *)PyArray_DATA(a->arr);
    a->n = PyArray_SIZE(a->arr);
    a->ndim = nd;
    memcpy(a->dims, dims, sizeof(npy_intp) * (size_t)nd);
    return 0;
}

/* Two board arguments brought to one shape by numpy's broadcasting rules
 * (a 0-d one stays a scalar): *big = the one whose shape the result takes.
 * 0, or -1 with ValueError naming both shapes. */
static int pair_shape(u64arg *a, const char *an, u64arg *b, const char *bn, const u64arg **big)
{
    if (a->ndim == 0) { *big = b; return 0; }
    if (b->ndim == 0) { *big = a; return 0; }
    int nd;
    npy_intp dims[NPY_MAXDIMS];
    if (broadcast_shape(a->ndim, a->dims, b->ndim, b->dims, &nd, dims) == 0) {
        if (u64_broadcast(a, nd, dims) || u64_broadcast(b, nd, dims)) return -1;
        *big = a;
        return 0;
    }
    PyObject *sa = shape_str(a), *sb = shape_str(b);
    PyErr_Format(PyExc_ValueError, "%s and %s: shapes %S and %S cannot be broadcast together (numpy's rules: "
                 "lengths from the last axis equal, or one of them 1)", an, bn, sa ? sa : Py_None, sb ? sb : Py_None);
    Py_XDECREF(sa);
    Py_XDECREF(sb);
    return -1;
}

/* A new uint64 array of shape dims (+ extra axes). */
static PyArrayObject *new_array(int ndim, const npy_intp *dims, int extra_n, const npy_intp *extra, int type)
{
    npy_intp d[NPY_MAXDIMS];
    if (ndim + extra_n > NPY_MAXDIMS) {
        PyErr_SetString(PyExc_ValueError, "too many dimensions");
        return NULL;
    }
    memcpy(d, dims, sizeof(npy_intp) * (size_t)ndim);
    for (int i = 0; i < extra_n; i++) d[ndim + i] = extra[i];
    return (PyArrayObject *)PyArray_SimpleNew(ndim + extra_n, d, type);
}

/* What a result becomes: a Python int when every input was one, a numpy
 * scalar for 0-d, else the array. */
static PyObject *u64_result(PyArrayObject *out, int all_int)
{
    if (all_int) {
        uint64_t v = *(const uint64_t *)PyArray_DATA(out);
        Py_DECREF(out);
        return PyLong_FromUnsignedLongLong(v);
    }
    return PyArray_Return(out);
}

/* The first index (as a tuple) of flat position i in an array of shape dims. */
static PyObject *index_tuple(int ndim, const npy_intp *dims, npy_intp i)
{
    PyObject *t = PyTuple_New(ndim);
    if (!t) return NULL;
    for (int k = ndim - 1; k >= 0; k--) {
        PyTuple_SET_ITEM(t, k, PyLong_FromSsize_t(dims[k] ? i % dims[k] : 0));
        if (dims[k]) i /= dims[k];
    }
    return t;
}

static int get_sym(PyObject *obj, const char *name, bb_sym *s)
{
    long v = PyLong_AsLong(obj);
    if (v == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "%s: expected a symmetry 0..7 (bitboard.Sym), got %.80s", name,
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    if (v < 0 || v > 7) {
        PyErr_Format(PyExc_ValueError, "%s: %ld is not a symmetry (0..7, bitboard.Sym)", name, v);
        return -1;
    }
    *s = (bb_sym)v;
    return 0;
}

/* p & o overlap somewhere: ValueError naming the first index. */
static int check_disjoint(const u64arg *p, const u64arg *o, const u64arg *big)
{
    npy_intp n = big->n, sp = p->ndim ? 1 : 0, so = o->ndim ? 1 : 0, bad = -1;
    NOGIL_BEGIN(n)
    for (npy_intp i = 0; i < n; i++)
        if (p->data[i * sp] & o->data[i * so]) { bad = i; break; }
    NOGIL_END
    if (bad < 0) return 0;
    PyObject *ix = index_tuple(big->ndim, big->dims, bad);
    uint64_t both = p->data[bad * sp] & o->data[bad * so];
    PyErr_Format(PyExc_ValueError, "p and o overlap at index %S (square %c%c is in both)", ix ? ix : Py_None,
                 'a' + (int)(__builtin_ctzll(both) & 7), '1' + (int)(__builtin_ctzll(both) >> 3));
    Py_XDECREF(ix);
    return -1;
}

/* MemoryError saying what could not be allocated (PyErr_NoMemory's has no
 * message); NULL. */
static PyObject *no_memory(const char *what)
{
    return PyErr_Format(PyExc_MemoryError, "out of memory: %s", what);
}

/* The UTF-8 text of str argument `name`, or NULL with an error: TypeError
 * for a non-str, ValueError naming the argument and the character position
 * of a NUL (C text would end there, silently cutting what follows). */
static const char *text_arg(PyObject *obj, const char *name)
{
    if (!PyUnicode_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "%s: expected a str, got %.80s", name, Py_TYPE(obj)->tp_name);
        return NULL;
    }
    Py_ssize_t n;
    const char *text = PyUnicode_AsUTF8AndSize(obj, &n);
    if (!text) return NULL;
    if (memchr(text, 0, (size_t)n)) {
        Py_ssize_t at = PyUnicode_FindChar(obj, 0, 0, PyUnicode_GET_LENGTH(obj), 1);
        PyErr_Format(PyExc_ValueError, "%s: a NUL character at position %zd (text cannot hold NUL)", name, at);
        return NULL;
    }
    return text;
}

/* text_arg as a PyArg_Parse "O&" converter: *out is a named_text whose
 * name the caller sets. */
typedef struct {
    const char *name;
    const char *text;
} named_text;

static int text_conv(PyObject *obj, void *out)
{
    named_text *t = out;
    t->text = text_arg(obj, t->name);
    return t->text != NULL;
}

/* The arguments of a METH_FASTCALL | METH_KEYWORDS function, positional or
 * by name, into out[0..n) (NULL where not given); the first `required` must
 * be given.  0, or -1 with TypeError. */
static int fast_args(const char *fname, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames,
                     const char *const *names, int n, int required, PyObject **out)
{
    for (int i = 0; i < n; i++) out[i] = NULL;
    if (nargs > n) {
        PyErr_Format(PyExc_TypeError, "%s() takes at most %d arguments (%zd given)", fname, n, nargs);
        return -1;
    }
    for (Py_ssize_t i = 0; i < nargs; i++) out[i] = args[i];
    Py_ssize_t nk = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
    for (Py_ssize_t k = 0; k < nk; k++) {
        Py_ssize_t len;
        const char *name = PyUnicode_AsUTF8AndSize(PyTuple_GET_ITEM(kwnames, k), &len);
        if (!name) return -1;
        int at = -1;
        for (int i = 0; i < n; i++)
            if (strlen(names[i]) == (size_t)len && !memcmp(name, names[i], (size_t)len)) at = i;
        if (at < 0) {
            PyErr_Format(PyExc_TypeError, "%s() got an unexpected keyword argument %R", fname,
                         PyTuple_GET_ITEM(kwnames, k));
            return -1;
        }
        if (out[at]) {
            PyErr_Format(PyExc_TypeError, "%s() got multiple values for argument '%s'", fname, name);
            return -1;
        }
        out[at] = args[nargs + k];
    }
    for (int i = 0; i < required; i++)
        if (!out[i]) {
            PyErr_Format(PyExc_TypeError, "%s() missing required argument '%s' (pos %d)", fname, names[i], i + 1);
            return -1;
        }
    return 0;
}

/* ------------------------------------------------------------------------
 * Symmetries */

/* out=: a writeable, C-contiguous, aligned native array of type and the
 * given shape; the input itself (in place) or memory apart from it.  A new
 * reference, or NULL with the exception set. */
static PyArrayObject *out_array(PyObject *out, const char *name, int ndim, const npy_intp *dims, int type,
                                const void *src, size_t src_bytes)
{
    if (!PyArray_Check(out)) {
        PyErr_Format(PyExc_TypeError, "%s: expected a numpy array, got %.80s", name, Py_TYPE(out)->tp_name);
        return NULL;
    }
    PyArrayObject *a = (PyArrayObject *)out;
    PyArray_Descr *d = PyArray_DESCR(a);
    int ok_type = type == NPY_UINT64 ? dtype_is_u64(d) && PyArray_ISNOTSWAPPED(a) : PyArray_TYPE(a) == type;
    if (!ok_type) {
        PyObject *dt = PyObject_Str((PyObject *)d);
        PyErr_Format(PyExc_TypeError, "%s: expected dtype %s, got %S", name, type == NPY_UINT64 ? "uint64" : "uint8",
                     dt ? dt : Py_None);
        Py_XDECREF(dt);
        return NULL;
    }
    if (PyArray_NDIM(a) != ndim || memcmp(PyArray_DIMS(a), dims, sizeof(npy_intp) * (size_t)ndim)) {
        PyErr_Format(PyExc_ValueError, "%s: its shape differs from the result's", name);
        return NULL;
    }
    if (!PyArray_ISCARRAY(a)) {
        PyErr_Format(PyExc_ValueError, "%s: must be C-contiguous, aligned and writeable", name);
        return NULL;
    }
    const char *o0 = PyArray_DATA(a), *o1 = o0 + PyArray_NBYTES(a), *s0 = src, *s1 = s0 + src_bytes;
    if (src && o0 != s0 && o0 < s1 && s0 < o1) {
        PyErr_Format(PyExc_ValueError, "%s: overlaps the input without being it (pass the input itself for in place)",
                     name);
        return NULL;
    }
    Py_INCREF(out);
    return a;
}

static PyObject *py_transform(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    (void)self;
    static const char *const names[] = {"boards", "sym", "out"};
    PyObject *a[3];
    if (fast_args("transform", args, nargs, kwnames, names, 3, 2, a)) return NULL;
    PyObject *bo = a[0], *so = a[1], *oo = a[2] && a[2] != Py_None ? a[2] : Py_None;
    bb_sym s;
    if (get_sym(so, "sym", &s)) return NULL;
    u64arg b;
    if (u64_get(bo, "boards", &b)) return NULL;
    if (b.is_int && oo == Py_None) return PyLong_FromUnsignedLongLong(bb_sym_apply(b.value, s));
    PyArrayObject *out = oo == Py_None ? new_array(b.ndim, b.dims, 0, NULL, NPY_UINT64)
                                       : out_array(oo, "out", b.ndim, b.dims, NPY_UINT64, b.data, (size_t)b.n * 8);
    if (!out) { u64_release(&b); return NULL; }
    uint64_t *d = (uint64_t *)PyArray_DATA(out);
    NOGIL_BEGIN(b.n)
    bb_sym_apply_array(d, b.data, (size_t)b.n, s);
    NOGIL_END
    u64_release(&b);
    return oo == Py_None ? PyArray_Return(out) : (PyObject *)out;
}

static PyObject *py_transform_all(PyObject *self, PyObject *arg)
{
    (void)self;
    u64arg b;
    if (u64_get(arg, "boards", &b)) return NULL;
    npy_intp eight = 8;
    PyArrayObject *out = new_array(b.ndim, b.dims, 1, &eight, NPY_UINT64);
    if (!out) { u64_release(&b); return NULL; }
    uint64_t *d = (uint64_t *)PyArray_DATA(out);
    NOGIL_BEGIN(b.n)
    for (npy_intp i = 0; i < b.n; i++) {
        uint64_t x = b.data[i];
        for (int s = 0; s < 8; s++) d[i * 8 + s] = bb_sym_apply(x, (bb_sym)s);
    }
    NOGIL_END
    u64_release(&b);
    return (PyObject *)out;
}

static PyObject *py_canonical(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    (void)self;
    static const char *const names[] = {"boards", "out", "syms_out"};
    PyObject *a[3];
    if (fast_args("canonical", args, nargs, kwnames, names, 3, 1, a)) return NULL;
    PyObject *bo = a[0], *oo = a[1] ? a[1] : Py_None, *so = a[2] ? a[2] : Py_None;
    u64arg b;
    if (u64_get(bo, "boards", &b)) return NULL;
    if (b.is_int && oo == Py_None && so == Py_None) {
        bb_sym used;
        uint64_t c = bb_canonical(b.value, &used);
        return Py_BuildValue("(Ni)", PyLong_FromUnsignedLongLong(c), (int)used);
    }
    PyArrayObject *out = oo == Py_None ? new_array(b.ndim, b.dims, 0, NULL, NPY_UINT64)
                                       : out_array(oo, "out", b.ndim, b.dims, NPY_UINT64, b.data, (size_t)b.n * 8);
    PyArrayObject *syms = !out ? NULL
                          : so == Py_None ? new_array(b.ndim, b.dims, 0, NULL, NPY_UINT8)
                                          : out_array(so, "syms_out", b.ndim, b.dims, NPY_UINT8, NULL, 0);
    if (!out || !syms) { Py_XDECREF(out); Py_XDECREF(syms); u64_release(&b); return NULL; }
    uint64_t *d = (uint64_t *)PyArray_DATA(out);
    unsigned char *u = (unsigned char *)PyArray_DATA(syms);
    NOGIL_BEGIN(b.n)
    bb_canonical_array(d, b.data, (size_t)b.n, u);
    NOGIL_END
    u64_release(&b);
    return Py_BuildValue("(NN)", oo == Py_None ? PyArray_Return(out) : (PyObject *)out,
                         so == Py_None ? PyArray_Return(syms) : (PyObject *)syms);
}

static PyObject *py_canonical_pair(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    (void)self;
    static const char *const names[] = {"p", "o"};
    PyObject *a[2];
    if (fast_args("canonical_pair", args, nargs, kwnames, names, 2, 2, a)) return NULL;
    PyObject *po = a[0], *oo = a[1];
    u64arg p, o;
    if (u64_get(po, "p", &p)) return NULL;
    if (u64_get(oo, "o", &o)) { u64_release(&p); return NULL; }
    const u64arg *big;
    PyObject *res = NULL;
    PyArrayObject *rp = NULL, *ro = NULL, *rs = NULL;
    if (pair_shape(&p, "p", &o, "o", &big) || check_disjoint(&p, &o, big)) goto done;
    if (p.is_int && o.is_int) {
        uint64_t a = p.value, c = o.value;
        bb_sym used;
        bb_canonical_pair(&a, &c, &used);
        res = Py_BuildValue("(NNi)", PyLong_FromUnsignedLongLong(a), PyLong_FromUnsignedLongLong(c), (int)used);
        goto done;
    }
    rp = new_array(big->ndim, big->dims, 0, NULL, NPY_UINT64);
    ro = new_array(big->ndim, big->dims, 0, NULL, NPY_UINT64);
    rs = new_array(big->ndim, big->dims, 0, NULL, NPY_UINT8);
    if (!rp || !ro || !rs) goto done;
    {
        uint64_t *dp = (uint64_t *)PyArray_DATA(rp), *dq = (uint64_t *)PyArray_DATA(ro);
        unsigned char *u = (unsigned char *)PyArray_DATA(rs);
        npy_intp n = big->n, sp = p.ndim ? 1 : 0, so = o.ndim ? 1 : 0;
        NOGIL_BEGIN(n)
        for (npy_intp i = 0; i < n; i++) { dp[i] = p.data[i * sp]; dq[i] = o.data[i * so]; }
        bb_canonical_pair_array(dp, dq, (size_t)n, u);
        NOGIL_END
    }
    res = Py_BuildValue("(NNN)", PyArray_Return(rp), PyArray_Return(ro), PyArray_Return(rs));
    rp = ro = rs = NULL;
done:
    Py_XDECREF(rp);
    Py_XDECREF(ro);
    Py_XDECREF(rs);
    u64_release(&p);
    u64_release(&o);
    return res;
}

/* unique: equal keys grouped with a hash table (probes prefetched a block
 * ahead), then the distinct keys sorted by an MSD radix sort on bytes.  Big
 * scratch buffers are mapped with transparent huge pages where the kernel
 * offers them (fewer page faults and TLB misses on random access). */
static void *big_alloc(size_t bytes)
{
    if (bytes < ((size_t)4 << 20)) return malloc(bytes ? bytes : 1);
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return NULL;
#ifdef MADV_HUGEPAGE
    madvise(p, bytes, MADV_HUGEPAGE);
#endif
    return p;
}

static void big_free(void *p, size_t bytes)
{
    if (!p) return;
    if (bytes < ((size_t)4 << 20)) free(p);
    else munmap(p, bytes);
}

/* unique's scratch memory, kept for the next call when it is at most
 * SCRATCH_KEEP bytes: fresh pages cost a fault each, and in a VM a fault
 * costs microseconds (measured: most of a 10**5-board call).  Taken and
 * given back with the GIL held; a second thread in unique meanwhile gets
 * memory of its own. */
#define SCRATCH_KEEP ((size_t)1 << 30)
static char *scratch_mem;
static size_t scratch_size;
static int scratch_busy;

static char *scratch_take(size_t need)
{
    if (scratch_busy) return big_alloc(need);
    if (scratch_size < need) {
        big_free(scratch_mem, scratch_size);
        scratch_mem = NULL;
        scratch_size = 0;
        char *m = big_alloc(need);
        if (!m) return NULL;
        if (need > SCRATCH_KEEP) return m;
        scratch_mem = m;
        scratch_size = need;
    }
    scratch_busy = 1;
    return scratch_mem;
}

static void scratch_give(char *mem, size_t need)
{
    if (!mem) return;
    if (mem == scratch_mem) scratch_busy = 0;
    else big_free(mem, need);
}

typedef struct {
    uint64_t hi, lo;
    uint32_t group, pad_; /* the group number; pad_ carries its count */
} ukey;

typedef struct {
    uint64_t hi, lo;
    uint32_t first, cnt;
} uslot;

static inline unsigned key_byte(const ukey *k, int shift)
{
    return (unsigned)((shift >= 64 ? k->hi >> (shift - 64) : k->lo >> shift) & 0xff);
}

static inline int key_less(const ukey *a, const ukey *b)
{
    return a->hi < b->hi || (a->hi == b->hi && a->lo < b->lo);
}

/* sorts k[0..n) by (hi, lo) on bytes from bit shift down; tmp holds n */
static void msd_sort(ukey *k, ukey *tmp, size_t n, int shift)
{
    while (n > 48 && shift >= 0) {
        size_t count[256] = {0};
        for (size_t i = 0; i < n; i++) count[key_byte(&k[i], shift)]++;
        if (count[key_byte(&k[0], shift)] == n) { shift -= 8; continue; } /* one bucket: the next byte */
        size_t start[256], sum = 0;
        for (int b = 0; b < 256; b++) { start[b] = sum; sum += count[b]; }
        size_t at[256];
        memcpy(at, start, sizeof at);
        for (size_t i = 0; i < n; i++) tmp[at[key_byte(&k[i], shift)]++] = k[i];
        memcpy(k, tmp, n * sizeof *k);
        for (int b = 0; b < 256; b++)
            if (count[b] > 1) msd_sort(k + start[b], tmp + start[b], count[b], shift - 8);
        return;
    }
    for (size_t i = 1; i < n; i++) { /* insertion sort: small or all bytes done */
        ukey x = k[i];
        size_t j = i;
        while (j > 0 && key_less(&x, &k[j - 1])) { k[j] = k[j - 1]; j--; }
        k[j] = x;
    }
}

static inline uint64_t mix64(uint64_t x)
{
    x ^= x >> 31;
    x *= 0x7fb5d329728ea185ULL;
    x ^= x >> 27;
    x *= 0x81dadef4bc2dd44dULL;
    x ^= x >> 33;
    return x;
}

/* the table's entries into groups (key, group number, count in pad_); their number */
static size_t table_entries(const uslot *table, size_t cap, ukey *groups)
{
    size_t g = 0;
    for (size_t h = 0; h < cap; h++)
        if (table[h].cnt) {
            groups[g].hi = table[h].hi;
            groups[g].lo = table[h].lo;
            groups[g].group = table[h].first;
            groups[g].pad_ = table[h].cnt;
            g++;
        }
    return g;
}

/* Big inputs: the keys partitioned by hash first (a stable scatter), then each
 * part grouped with a small table that stays in the caches.  Fills groups
 * (key, group number, count in pad_) for m groups, firsts[g], dinv[i] = g;
 * returns m.  a and b hold n keys each; lt holds at least 2 * the largest part. */
static size_t group_partitioned(const uint64_t *pd, npy_intp sp, const uint64_t *od, npy_intp so, int pair,
                                int symmetric, size_t n, ukey *a, ukey *b, uint32_t *lt, size_t lt_cap,
                                uint32_t *firsts, int64_t *dinv)
{
    int bits = 1;
    while (bits < 16 && ((size_t)1 << (bits + 12)) < n) bits++; /* parts of about 4096 keys */
    size_t parts = (size_t)1 << bits, *count = calloc(parts + 1, sizeof *count);
    if (!count) return (size_t)-1;
    enum { BLOCK = 512 };
    uint64_t kp[BLOCK], ko[BLOCK];
    for (size_t i0 = 0; i0 < n; i0 += BLOCK) {
        size_t len = n - i0 < BLOCK ? n - i0 : BLOCK;
        for (size_t j = 0; j < len; j++) {
            kp[j] = pd[(i0 + j) * sp];
            ko[j] = pair ? od[(i0 + j) * so] : 0;
        }
        if (symmetric) {
            if (pair) bb_canonical_pair_array(kp, ko, len, NULL);
            else bb_canonical_array(kp, kp, len, NULL);
        }
        for (size_t j = 0; j < len; j++) {
            ukey *k = &a[i0 + j];
            k->hi = kp[j], k->lo = ko[j], k->group = (uint32_t)(i0 + j);
            uint64_t h = mix64(kp[j] ^ mix64(ko[j] + 0x9e3779b97f4a7c15ULL));
            k->pad_ = (uint32_t)(h >> 32);
            count[h >> (64 - bits)]++;
        }
    }
    size_t sum = 0, largest = 0;
    for (size_t q = 0; q < parts; q++) {
        size_t c = count[q];
        count[q] = sum;
        sum += c;
        if (c > largest) largest = c;
    }
    count[parts] = n;
    for (size_t i = 0; i < n; i++) b[count[a[i].pad_ >> (32 - bits)]++] = a[i];
    /* count[q] is now the end of part q */
    size_t m = 0, cap = 16;
    while (cap < 2 * largest) cap <<= 1;
    if (cap > lt_cap) { free(count); return (size_t)-1; }
    size_t start = 0;
    for (size_t q = 0; q < parts; q++) {
        size_t end = count[q];
        /* each part's own table: one huge part (a data set of one repeated
           position) must not make every other part clear a huge table */
        size_t pcap = 16;
        while (pcap < 2 * (end - start)) pcap <<= 1;
        memset(lt, 0, pcap * sizeof *lt);
        size_t mask = pcap - 1;
        for (size_t e = start; e < end; e++) {
            const ukey *k = &b[e];
            size_t h = (size_t)k->pad_ & mask;
            for (;;) {
                uint32_t g1 = lt[h];
                if (g1 == 0) {
                    lt[h] = (uint32_t)(m + 1);
                    a[m].hi = k->hi, a[m].lo = k->lo, a[m].group = (uint32_t)m, a[m].pad_ = 1;
                    firsts[m] = k->group;
                    dinv[k->group] = (int64_t)m;
                    m++;
                    break;
                }
                ukey *g = &a[g1 - 1];
                if (g->hi == k->hi && g->lo == k->lo) {
                    g->pad_++;
                    dinv[k->group] = (int64_t)(g1 - 1);
                    break;
                }
                h = (h + 1) & mask;
            }
        }
        start = end;
    }
    free(count);
    return m;
}

/* unique(p, o or None, symmetric) -> (up, uo or None, index, inverse, counts) */
static PyObject *py_unique(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *po, *oo;
    int symmetric;
    if (!PyArg_ParseTuple(args, "OOp:unique", &po, &oo, &symmetric)) return NULL;
    int pair = oo != Py_None;
    u64arg p, o;
    memset(&o, 0, sizeof o);
    if (u64_get(po, pair ? "p" : "boards", &p)) return NULL;
    if (pair && u64_get(oo, "o", &o)) { u64_release(&p); return NULL; }
    PyObject *res = NULL;
    const u64arg *big = &p;
    PyArrayObject *inv = NULL;
    if (pair && (pair_shape(&p, "p", &o, "o", &big) || check_disjoint(&p, &o, big))) goto fail;
    if ((uint64_t)big->n >= 0x7fffffffULL / 2) {
        PyErr_SetString(PyExc_ValueError, "unique: at most 2**30 boards in one call");
        goto fail;
    }
    {
        size_t n = (size_t)big->n;
        npy_intp nn = (npy_intp)n;
        inv = (PyArrayObject *)PyArray_SimpleNew(1, &nn, NPY_INT64);
        if (!inv) goto fail;
        int64_t *dinv = PyArray_DATA(inv);
        size_t capmax = 1024;
        while (capmax < n + n / 2) capmax <<= 1; /* the table grows up to this: load at most 0.7 */
        size_t tbytes = capmax * sizeof(uslot), gbytes = (n ? n : 1) * sizeof(ukey), rbytes = (n + 1) * sizeof(uint32_t);
        size_t sizes[5] = {tbytes, gbytes, gbytes, rbytes, rbytes}, need = 0;
        for (int k = 0; k < 5; k++) need += (sizes[k] + 63) & ~(size_t)63;
        char *mem = scratch_take(need);
        char *cur = mem;
        void *parts[5] = {0};
        for (int k = 0; mem && k < 5; k++) { parts[k] = cur; cur += (sizes[k] + 63) & ~(size_t)63; }
        uslot *table = parts[0]; /* cnt == 0: empty; first holds the group number */
        ukey *groups = parts[1], *tmp = parts[2];
        uint32_t *rank = parts[3], *firsts = parts[4];
        size_t m = 0;
        if (!mem) {
            PyErr_Format(PyExc_MemoryError, "out of memory: unique's working space for %zu boards (%zu bytes)", n,
                         need);
        } else {
            Py_BEGIN_ALLOW_THREADS
            npy_intp sp = p.ndim ? 1 : 0, so = o.ndim ? 1 : 0;
            size_t pm = n >= ((size_t)1 << 16)
                            ? group_partitioned(p.data, sp, pair ? o.data : NULL, so, pair, symmetric, n, groups, tmp,
                                                (uint32_t *)table, tbytes / sizeof(uint32_t), firsts, dinv)
                            : (size_t)-1;
            if (pm != (size_t)-1) {
                m = pm;
                goto grouped;
            }
            /* start small and double: a data set with many repeats keeps a table that fits the caches */
            size_t cap = 1024;
            while (cap < capmax && cap < 2 * (n < 4096 ? n : 4096)) cap <<= 1;
            memset(table, 0, cap * sizeof *table);
            enum { BLOCK = 512, AHEAD = 16 };
            uint64_t kp[BLOCK], ko[BLOCK], hs[BLOCK];
            for (size_t i0 = 0; i0 < n; i0 += BLOCK) {
                size_t len = n - i0 < BLOCK ? n - i0 : BLOCK;
                if ((m + len) * 10 > cap * 7 && cap < capmax) {
                    /* grow: the entries out to groups, the table doubled, back in */
                    size_t g = table_entries(table, cap, groups);
                    while ((m + len) * 10 > cap * 7 && cap < capmax) cap <<= 1;
                    memset(table, 0, cap * sizeof *table);
                    for (size_t k = 0; k < g; k++) {
                        size_t h = (size_t)(mix64(groups[k].hi ^ mix64(groups[k].lo + 0x9e3779b97f4a7c15ULL)) & (cap - 1));
                        while (table[h].cnt) h = (h + 1) & (cap - 1);
                        table[h].hi = groups[k].hi;
                        table[h].lo = groups[k].lo;
                        table[h].first = groups[k].group;
                        table[h].cnt = groups[k].pad_;
                    }
                }
                for (size_t j = 0; j < len; j++) {
                    kp[j] = p.data[(i0 + j) * sp];
                    ko[j] = pair ? o.data[(i0 + j) * so] : 0;
                }
                if (symmetric) {
                    if (pair) bb_canonical_pair_array(kp, ko, len, NULL);
                    else bb_canonical_array(kp, kp, len, NULL);
                }
                for (size_t j = 0; j < len; j++) hs[j] = mix64(kp[j] ^ mix64(ko[j] + 0x9e3779b97f4a7c15ULL)) & (cap - 1);
                for (size_t j = 0; j < len && j < AHEAD; j++) __builtin_prefetch(&table[hs[j]]);
                for (size_t j = 0; j < len; j++) {
                    if (j + AHEAD < len) __builtin_prefetch(&table[hs[j + AHEAD]]);
                    size_t h = (size_t)hs[j];
                    for (;;) {
                        uslot *e = &table[h];
                        if (e->cnt == 0) {
                            e->hi = kp[j];
                            e->lo = ko[j];
                            e->first = (uint32_t)m;
                            e->cnt = 1;
                            firsts[m] = (uint32_t)(i0 + j);
                            dinv[i0 + j] = (int64_t)m;
                            m++;
                            break;
                        }
                        if (e->hi == kp[j] && e->lo == ko[j]) {
                            e->cnt++;
                            dinv[i0 + j] = (int64_t)e->first;
                            break;
                        }
                        h = (h + 1) & (cap - 1);
                    }
                }
            }
            table_entries(table, cap, groups);
        grouped:
            /* by hi, then lo: a single board is hi (lo 0), so both start at the top
               byte of hi (from 56, the lo bytes, every key fell into one bucket and
               then to the insertion sort: quadratic, 24 s for 300,000 boards) */
            msd_sort(groups, tmp, m, 120);
            for (size_t r = 0; r < m; r++) rank[groups[r].group] = (uint32_t)r;
            for (size_t i = 0; i < n; i++) dinv[i] = rank[dinv[i]];
            Py_END_ALLOW_THREADS
            npy_intp mm = (npy_intp)m;
            PyArrayObject *up = (PyArrayObject *)PyArray_SimpleNew(1, &mm, NPY_UINT64);
            PyArrayObject *uo = pair ? (PyArrayObject *)PyArray_SimpleNew(1, &mm, NPY_UINT64) : NULL;
            PyArrayObject *ix = (PyArrayObject *)PyArray_SimpleNew(1, &mm, NPY_INT64);
            PyArrayObject *ct = (PyArrayObject *)PyArray_SimpleNew(1, &mm, NPY_INT64);
            if (up && (uo || !pair) && ix && ct) {
                uint64_t *dup = PyArray_DATA(up), *duo = pair ? PyArray_DATA(uo) : NULL;
                int64_t *dix = PyArray_DATA(ix), *dct = PyArray_DATA(ct);
                Py_BEGIN_ALLOW_THREADS
                for (size_t r = 0; r < m; r++) {
                    dup[r] = groups[r].hi;
                    if (pair) duo[r] = groups[r].lo;
                    dix[r] = firsts[groups[r].group];
                    dct[r] = groups[r].pad_;
                }
                Py_END_ALLOW_THREADS
                if (pair) res = Py_BuildValue("(NNNNN)", up, uo, ix, inv, ct);
                else res = Py_BuildValue("(NNNN)", up, ix, inv, ct);
                inv = NULL;
            } else {
                Py_XDECREF(up);
                Py_XDECREF(uo);
                Py_XDECREF(ix);
                Py_XDECREF(ct);
            }
        }
        scratch_give(mem, need);
    }
fail:
    Py_XDECREF(inv);
    u64_release(&p);
    if (pair) u64_release(&o);
    return res;
}

/* ------------------------------------------------------------------------
 * Planes.  Plane layout: out[..., r, c] = bit (r * 8 + c): row 0 is rank 1
 * (a1 in row 0, column 0), as the board's bytes lie in memory. */

static uint64_t byte_spread[256]; /* byte b -> 8 bytes, byte c = bit c of b */
static float byte_spread_f[256][8]; /* byte b -> 8 floats, float c = bit c of b */

/* to_planes(boards, nhwc, kind): kind 0 bool, 1 uint8, 2 float32 */
static PyObject *py_to_planes(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *bo;
    int nhwc, kind;
    if (!PyArg_ParseTuple(args, "Opi:to_planes", &bo, &nhwc, &kind)) return NULL;
    u64arg b;
    if (u64_get(bo, "boards", &b)) return NULL;
    if (nhwc && b.ndim == 0) {
        u64_release(&b);
        PyErr_SetString(PyExc_ValueError, "boards: layout NHWC needs an array whose last axis is the channels "
                                          "(shape (..., C)); a single board has none");
        return NULL;
    }
    int type = kind == 0 ? NPY_BOOL : kind == 1 ? NPY_UINT8 : NPY_FLOAT32;
    npy_intp d[NPY_MAXDIMS];
    int nd = 0;
    npy_intp C = nhwc ? b.dims[b.ndim - 1] : 1;
    for (int i = 0; i < b.ndim - (nhwc ? 1 : 0); i++) d[nd++] = b.dims[i];
    d[nd++] = 8;
    d[nd++] = 8;
    if (nhwc) d[nd++] = C;
    if (nd > NPY_MAXDIMS) { u64_release(&b); PyErr_SetString(PyExc_ValueError, "boards: too many dimensions"); return NULL; }
    PyArrayObject *out = (PyArrayObject *)PyArray_SimpleNew(nd, d, type);
    if (!out) { u64_release(&b); return NULL; }
    void *od = PyArray_DATA(out);
    npy_intp n = b.n;
    Py_BEGIN_ALLOW_THREADS
    if (!nhwc && kind != 2) {
        uint64_t *o8 = (uint64_t *)od;
#ifdef CORE_AVX512
        const __m512i ones = _mm512_set1_epi8(1);
        for (npy_intp i = 0; i < n; i++)
            _mm512_storeu_si512((void *)(o8 + i * 8), _mm512_maskz_mov_epi8((__mmask64)b.data[i], ones));
        if (0)
#endif
        for (npy_intp i = 0; i < n; i++) {
            uint64_t x = b.data[i];
            for (int r = 0; r < 8; r++) o8[i * 8 + r] = byte_spread[(x >> (8 * r)) & 0xff];
        }
    } else if (!nhwc) {
        float *of = (float *)od;
#ifdef CORE_AVX512
        const __m512 onef = _mm512_set1_ps(1.0f);
        for (npy_intp i = 0; i < n; i++) {
            uint64_t x = b.data[i];
            for (int q = 0; q < 4; q++)
                _mm512_storeu_ps(of + i * 64 + q * 16, _mm512_maskz_mov_ps((__mmask16)(x >> (16 * q)), onef));
        }
        if (0)
#endif
        for (npy_intp i = 0; i < n; i++) {
            uint64_t x = b.data[i];
            for (int r = 0; r < 8; r++) memcpy(of + i * 64 + r * 8, byte_spread_f[(x >> (8 * r)) & 0xff], 32);
        }
    } else {
        npy_intp outer = C ? n / C : 0;
        for (npy_intp i = 0; i < outer; i++)
            for (npy_intp c = 0; c < C; c++) {
                uint64_t x = b.data[i * C + c];
                npy_intp base = i * 64 * C + c;
                if (kind == 2)
                    for (int s = 0; s < 64; s++) ((float *)od)[base + s * C] = (float)((x >> s) & 1);
                else
                    for (int s = 0; s < 64; s++) ((uint8_t *)od)[base + s * C] = (uint8_t)((x >> s) & 1);
            }
    }
    Py_END_ALLOW_THREADS
    u64_release(&b);
    return (PyObject *)out;
}

/* from_planes(planes uint8/bool C-contiguous, nhwc) -> boards */
static PyObject *py_from_planes(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *po;
    int nhwc;
    if (!PyArg_ParseTuple(args, "Op:from_planes", &po, &nhwc)) return NULL;
    /* bool and uint8 are read as they are (one byte a cell, any non-zero byte set) */
    int type = PyArray_Check(po) && PyArray_TYPE((PyArrayObject *)po) == NPY_BOOL ? NPY_BOOL : NPY_UINT8;
    PyArrayObject *a = (PyArrayObject *)PyArray_FromAny(po, PyArray_DescrFromType(type), 0, 0,
                                                        NPY_ARRAY_IN_ARRAY | NPY_ARRAY_FORCECAST, NULL);
    if (!a) return NULL;
    int nd = PyArray_NDIM(a);
    const npy_intp *dims = PyArray_DIMS(a);
    int h = nhwc ? nd - 3 : nd - 2;
    if (h < 0 || dims[h] != 8 || dims[h + 1] != 8) {
        PyObject *got = dims_str(nd, dims);
        Py_DECREF(a);
        PyErr_Format(PyExc_ValueError, "planes: expected shape %s (layout %s), got shape %S",
                     nhwc ? "(..., 8, 8, C)" : "(..., 8, 8)", nhwc ? "NHWC" : "NCHW", got ? got : Py_None);
        Py_XDECREF(got);
        return NULL;
    }
    npy_intp od[NPY_MAXDIMS];
    int ond = 0;
    for (int i = 0; i < h; i++) od[ond++] = dims[i];
    npy_intp C = nhwc ? dims[nd - 1] : 1;
    if (nhwc) od[ond++] = C;
    PyArrayObject *out = (PyArrayObject *)PyArray_SimpleNew(ond, od, NPY_UINT64);
    if (!out) { Py_DECREF(a); return NULL; }
    const uint8_t *src = (const uint8_t *)PyArray_DATA(a);
    uint64_t *dst = (uint64_t *)PyArray_DATA(out);
    npy_intp n = PyArray_SIZE(out);
    Py_BEGIN_ALLOW_THREADS
    if (!nhwc) {
#ifdef CORE_AVX512
        for (npy_intp i = 0; i < n; i++) {
            __m512i v = _mm512_loadu_si512((const void *)(src + i * 64));
            dst[i] = (uint64_t)_mm512_test_epi8_mask(v, v);
        }
        if (0)
#endif
        for (npy_intp i = 0; i < n; i++) {
            uint64_t x = 0;
            for (int r = 0; r < 8; r++) {
                uint64_t row;
                memcpy(&row, src + i * 64 + r * 8, 8);
                row = (row | (row >> 1) | (row >> 2) | (row >> 3) | (row >> 4) | (row >> 5) | (row >> 6) |
                       (row >> 7)) & 0x0101010101010101ULL; /* any non-zero byte -> 1 */
                x |= ((row * 0x0102040810204080ULL) >> 56) << (8 * r);
            }
            dst[i] = x;
        }
    } else {
        npy_intp outer = C ? n / C : 0;
        for (npy_intp i = 0; i < outer; i++)
            for (npy_intp c = 0; c < C; c++) {
                uint64_t x = 0;
                for (int s = 0; s < 64; s++) x |= (uint64_t)(src[(i * 64 + s) * C + c] != 0) << s;
                dst[i * C + c] = x;
            }
    }
    Py_END_ALLOW_THREADS
    Py_DECREF(a);
    return PyArray_Return(out);
}

static PyObject *py_sym_tables(PyObject *self, PyObject *noargs)
{
    (void)self;
    (void)noargs;
    npy_intp d2[2] = {8, 64}, d3[2] = {8, 8};
    PyArrayObject *sq = (PyArrayObject *)PyArray_SimpleNew(2, d2, NPY_INT8);
    PyArrayObject *comp = (PyArrayObject *)PyArray_SimpleNew(2, d3, NPY_INT8);
    npy_intp d1 = 8;
    PyArrayObject *inv = (PyArrayObject *)PyArray_SimpleNew(1, &d1, NPY_INT8);
    if (!sq || !comp || !inv) { Py_XDECREF(sq); Py_XDECREF(comp); Py_XDECREF(inv); return NULL; }
    int8_t *a = PyArray_DATA(sq), *c = PyArray_DATA(comp), *v = PyArray_DATA(inv);
    for (int s = 0; s < 8; s++) {
        for (int q = 0; q < 64; q++) a[s * 64 + q] = (int8_t)bb_sym_square(q, (bb_sym)s);
        for (int t = 0; t < 8; t++) c[s * 8 + t] = (int8_t)bb_sym_compose((bb_sym)s, (bb_sym)t);
        v[s] = (int8_t)bb_sym_inverse((bb_sym)s);
    }
    PyObject *names = PyList_New(8);
    for (int s = 0; s < 8; s++) PyList_SET_ITEM(names, s, PyUnicode_FromString(bb_sym_name((bb_sym)s)));
    return Py_BuildValue("(NNNN)", sq, comp, inv, names);
}

static PyObject *py_impl(PyObject *self, PyObject *noargs)
{
    (void)self;
    (void)noargs;
    return Py_BuildValue("{ssssss}", "transform", bb_sym_apply_array_impl(), "canonical", bb_canonical_array_impl(),
                         "version", bb_version());
}

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

/* ------------------------------------------------------------------------
 * Long calls (perft, solve) can be interrupted.  The C call runs on a worker
 * thread with every signal blocked; the calling thread waits with the GIL
 * released and wakes every WATCH_TICK_NS to run Python's signal handlers
 * (PyErr_CheckSignals: Ctrl-C raises KeyboardInterrupt) and the caller's
 * progress callback.  An exception from either sets the library's stop flag,
 * the call ends within about 0.1 s, and the exception is raised. */

#define WATCH_TICK_NS 50000000L /* 50 ms */

typedef struct {
    void (*run)(void *arg);          /* the C call: runs on the worker */
    void *arg;
    volatile int stop;               /* chess perft's and solve's stop flag */
    volatile sig_atomic_t stop_sig;  /* Othello perft's */
    pthread_mutex_t mu;              /* guards what follows */
    pthread_cond_t cv;
    int finished;
    int fresh;                       /* a progress report not yet passed on */
    uint64_t nodes;
    long done, total;                /* total -1: the call counts no parts */
} watch;

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

static void watch_othello_perft(const bb_othello_perft_stats *s, void *ctx)
{
    watch_report(ctx, s->leaves, (long)s->tasks_done, (long)s->tasks);
}

static void watch_chess_perft(uint64_t nodes, int done, int total, void *arg)
{
    watch_report(arg, nodes, done, total);
}

static void watch_solve(uint64_t nodes, double seconds, void *arg)
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
static int watch_call(watch *w, void (*run)(void *), void *arg, PyObject *progress, int direct)
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
static int progress_arg(PyObject **progress)
{
    if (*progress == Py_None) *progress = NULL;
    if (*progress && !PyCallable_Check(*progress)) {
        PyErr_Format(PyExc_TypeError, "progress: expected a callable or None, got %.80s", Py_TYPE(*progress)->tp_name);
        return -1;
    }
    return 0;
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

typedef struct {
    bb_chess_pos pos;
    int depth;
    bb_chess_perft_opts opts;
    uint64_t n;
} chess_perft_call;

static void run_chess_perft(void *arg)
{
    chess_perft_call *c = arg;
    c->n = bb_chess_perft(&c->pos, c->depth, &c->opts);
}

/* Calls shorter than a few milliseconds run here: a thread costs more than
 * a Ctrl-C saves. */
enum { OTHELLO_PERFT_DIRECT = 8, CHESS_PERFT_DIRECT = 4, SOLVE_DIRECT_EMPTIES = 12 };

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
    if (threads < 1 || threads > 256) return PyErr_Format(PyExc_ValueError, "threads: %d is not 1..256", threads);
    if (hash_mb < 0) return PyErr_Format(PyExc_ValueError, "hash_mb: %zd is negative", hash_mb);
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
    if (threads < 1 || threads > 64) return PyErr_Format(PyExc_ValueError, "threads: %d is not a number 1..64", threads);
    if (hash_mb < 0)
        return PyErr_Format(PyExc_ValueError, "hash_mb: %zd is negative (0: sized from the position)", hash_mb);
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
    if (mb < 1 || mb > 65536) return PyErr_Format(PyExc_ValueError, "mb: %zd is not 1..65536", mb);
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
    if (depth < 0 || depth > 60) return PyErr_Format(PyExc_ValueError, "depth: %d is not 0..60 (0: no limit)", depth);
    if (!(seconds >= 0 && seconds <= 86400)) { /* PyErr_Format has no %g: the float's repr */
        PyObject *f = PyFloat_FromDouble(seconds);
        if (f) PyErr_Format(PyExc_ValueError, "seconds: %R is not 0..86400 (0: no limit)", f);
        Py_XDECREF(f);
        return NULL;
    }
    if (hash_mb < 0 || hash_mb > 65536) return PyErr_Format(PyExc_ValueError, "hash_mb: %zd is not 0..65536", hash_mb);
    if (exact < -1 || exact > 60) return PyErr_Format(PyExc_ValueError, "exact_empties: %d is not -1..60", exact);
    if (threads < 1 || threads > 64) return PyErr_Format(PyExc_ValueError, "threads: %d is not 1..64", threads);
    if (depth == 0 && seconds == 0) depth = 10; /* as the CLI: an answer in well under a second */
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

/* ------------------------------------------------------------------------
 * Chess: Position wraps a bb_chess_game (the start, the moves, the keys for
 * repetitions). */

typedef struct {
    PyObject_HEAD
    bb_chess_game g;
} PositionObject;

static PyTypeObject PositionType;

static PyObject *position_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    (void)args;
    (void)kw;
    PositionObject *self = (PositionObject *)type->tp_alloc(type, 0);
    if (self) bb_chess_game_init(&self->g);
    return (PyObject *)self;
}

static void position_dealloc(PositionObject *self)
{
    bb_chess_game_free(&self->g);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int position_init(PositionObject *self, PyObject *args, PyObject *kw)
{
    static char *kwl[] = {"fen", NULL};
    PyObject *fo = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|O:Position", kwl, &fo)) return -1;
    const char *fen = fo == Py_None ? NULL : text_arg(fo, "fen");
    if (fo != Py_None && !fen) return -1;
    bb_chess_game_free(&self->g);
    if (!fen || !strcasecmp(fen, "start") || !strcasecmp(fen, "startpos")) { /* the CLI's words */
        bb_chess_game_init(&self->g);
        return 0;
    }
    bb_parse_error e;
    if (bb_chess_game_init_fen(&self->g, fen, &e)) {
        PyErr_Format(PyExc_ValueError, "fen: %s (at character %d)", e.msg, e.pos);
        bb_chess_game_init(&self->g);
        return -1;
    }
    return 0;
}

static PyObject *position_from_pos(const bb_chess_pos *pos)
{
    PositionObject *r = (PositionObject *)position_new(&PositionType, NULL, NULL);
    if (r) bb_chess_game_set_start(&r->g, pos);
    return (PyObject *)r;
}

/* UCI text of a legal move, written here (the library's writer checks the
 * move against the position; the moves here come from the generator):
 * castling as the king's two-square step unless the game is Chess960. */
static PyObject *move_uci(const bb_chess_pos *pos, bb_chess_move m)
{
    if (m == BB_CHESS_NULL_MOVE) return PyUnicode_FromStringAndSize("0000", 4);
    int from = bb_chess_move_from(m), to = bb_chess_move_to(m), kind = bb_chess_move_kind(m);
    if (kind == BB_MOVE_CASTLING && !pos->chess960) to = (from & 56) | ((to & 7) > (from & 7) ? 6 : 2);
    char b[5] = {(char)('a' + (from & 7)), (char)('1' + (from >> 3)), (char)('a' + (to & 7)), (char)('1' + (to >> 3)), 0};
    if (kind == BB_MOVE_PROMOTION) {
        b[4] = "pnbrqk"[bb_chess_move_promotion(m)];
        return PyUnicode_FromStringAndSize(b, 5);
    }
    return PyUnicode_FromStringAndSize(b, 4);
}

static PyObject *position_fen(PositionObject *self, PyObject *noargs)
{
    (void)noargs;
    char buf[BB_CHESS_FEN_MAX];
    bb_chess_to_fen(buf, sizeof buf, &self->g.pos, BB_FEN_STANDARD);
    return PyUnicode_FromString(buf);
}

static PyObject *position_push_text(PositionObject *self, PyObject *arg, int san)
{
    const char *text = text_arg(arg, san ? "san" : "uci");
    if (!text) return NULL;
    bb_parse_error e;
    bb_chess_pos before = self->g.pos;
    int rc = san ? bb_chess_game_push_san(&self->g, text, &e) : bb_chess_game_push_uci(&self->g, text, &e);
    if (rc == BB_CHESS_GAME_NO_MEMORY) return no_memory("the game's move list");
    if (rc) return PyErr_Format(PyExc_ValueError, "%s %s: %s", san ? "san" : "uci", text, e.msg);
    return move_uci(&before, self->g.moves[self->g.count - 1]);
}

static PyObject *position_push_san(PositionObject *self, PyObject *arg) { return position_push_text(self, arg, 1); }
static PyObject *position_push_uci(PositionObject *self, PyObject *arg) { return position_push_text(self, arg, 0); }

static PyObject *position_push(PositionObject *self, PyObject *arg)
{
    long m = PyLong_AsLong(arg);
    if (m == -1 && PyErr_Occurred()) return NULL;
    if (m < 0 || m > 0xffff) return PyErr_Format(PyExc_ValueError, "move: %ld is not a 16-bit move code", m);
    int rc = bb_chess_game_push(&self->g, (bb_chess_move)m);
    if (rc == BB_CHESS_GAME_NO_MEMORY) return no_memory("the game's move list");
    if (rc) return PyErr_Format(PyExc_ValueError, "move: code %ld is not a legal move here", m);
    Py_RETURN_NONE;
}

static PyObject *position_pop(PositionObject *self, PyObject *noargs)
{
    (void)noargs;
    if (self->g.count == 0) return PyErr_Format(PyExc_IndexError, "pop: no move to take back");
    bb_chess_move m = bb_chess_game_pop(&self->g);
    return move_uci(&self->g.pos, m);
}

static PyObject *position_legal_moves(PositionObject *self, PyObject *noargs)
{
    (void)noargs;
    bb_chess_movelist l;
    bb_chess_generate(&self->g.pos, BB_GEN_ALL, &l);
    PyObject *list = PyList_New(l.count);
    if (!list) return NULL;
    for (int i = 0; i < l.count; i++) {
        PyObject *s = move_uci(&self->g.pos, l.moves[i]);
        if (!s) { Py_DECREF(list); return NULL; }
        PyList_SET_ITEM(list, i, s);
    }
    return list;
}

static PyObject *position_legal_move_codes(PositionObject *self, PyObject *noargs)
{
    (void)noargs;
    bb_chess_movelist l;
    bb_chess_generate(&self->g.pos, BB_GEN_ALL, &l);
    npy_intp n = l.count;
    PyArrayObject *a = (PyArrayObject *)PyArray_SimpleNew(1, &n, NPY_UINT16);
    if (a) memcpy(PyArray_DATA(a), l.moves, sizeof(bb_chess_move) * (size_t)l.count);
    return (PyObject *)a;
}

static PyObject *position_count_moves(PositionObject *self, PyObject *noargs)
{
    (void)noargs;
    bb_chess_movelist l;
    return PyLong_FromLong(bb_chess_generate(&self->g.pos, BB_GEN_ALL, &l));
}

static PyObject *position_san(PositionObject *self, PyObject *arg)
{
    const char *text = text_arg(arg, "uci");
    if (!text) return NULL;
    bb_chess_move m;
    bb_parse_error e;
    if (bb_chess_move_from_uci(&self->g.pos, text, &m, &e))
        return PyErr_Format(PyExc_ValueError, "uci %s: %s", text, e.msg);
    char buf[BB_CHESS_MOVE_TEXT_MAX];
    bb_chess_move_to_san(buf, sizeof buf, &self->g.pos, m);
    return PyUnicode_FromString(buf);
}

static PyObject *position_perft(PositionObject *self, PyObject *args, PyObject *kw)
{
    static char *kwl[] = {"depth", "threads", "hash_mb", "progress", NULL};
    int depth, threads = 1;
    Py_ssize_t hash_mb = 0;
    PyObject *progress = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "i|inO:perft", kwl, &depth, &threads, &hash_mb, &progress))
        return NULL;
    if (progress_arg(&progress)) return NULL;
    if (depth < 0) return PyErr_Format(PyExc_ValueError, "depth: %d is negative", depth);
    if (depth > BB_CHESS_PERFT_MAX_DEPTH)
        return PyErr_Format(PyExc_ValueError, "depth: %d is too deep: %s", depth, BB_CHESS_PERFT_MAX_DEPTH_WHY);
    if (threads < 1 || threads > 256) return PyErr_Format(PyExc_ValueError, "threads: %d is not 1..256", threads);
    if (hash_mb < 0) return PyErr_Format(PyExc_ValueError, "hash_mb: %zd is negative", hash_mb);
    chess_perft_call c;
    memset(&c, 0, sizeof c);
    bb_chess_perft_stats st;
    memset(&st, 0, sizeof st);
    c.opts.threads = threads;
    c.opts.hash_mb = (size_t)hash_mb;
    c.opts.stats = &st;
    c.pos = self->g.pos;
    c.depth = depth;
    watch w;
    int direct = depth <= CHESS_PERFT_DIRECT && !progress;
    if (!direct) c.opts.stop = &w.stop;
    if (progress) c.opts.progress = watch_chess_perft, c.opts.progress_arg = &w;
    if (watch_call(&w, run_chess_perft, &c, progress, direct)) return NULL;
    if (st.table_failed) return PyErr_NoMemory();
    if (st.overflow) return PyErr_Format(PyExc_OverflowError, "the count is 2**64 - 1 or more");
    return PyLong_FromUnsignedLongLong(c.n);
}

static PyObject *position_is_check(PositionObject *self, PyObject *noargs)
{
    (void)noargs;
    return PyBool_FromLong(bb_chess_is_check(&self->g.pos));
}

static PyObject *position_outcome(PositionObject *self, PyObject *noargs)
{
    (void)noargs;
    bb_chess_result r;
    bb_chess_outcome oc = bb_chess_game_outcome(&self->g, &r);
    return Py_BuildValue("{sssOsOsisisO}", "outcome", bb_chess_outcome_name(oc), "game_over",
                         r.game_over ? Py_True : Py_False, "claimable",
                         (!r.game_over && oc != BB_CHESS_ONGOING) ? Py_True : Py_False, "winner", r.winner,
                         "repetitions", r.repetitions, "why", r.why[0] ? PyUnicode_FromString(r.why) : Py_None);
}

static PyObject *position_copy(PositionObject *self, PyObject *noargs)
{
    (void)noargs;
    PositionObject *r = (PositionObject *)position_new(&PositionType, NULL, NULL);
    if (!r) return NULL;
    if (bb_chess_game_copy(&r->g, &self->g)) { Py_DECREF(r); return no_memory("the copy's move list"); }
    return (PyObject *)r;
}

static PyObject *position_transform(PositionObject *self, PyObject *arg)
{
    bb_sym s;
    if (get_sym(arg, "sym", &s)) return NULL;
    bb_chess_pos out;
    const char *why = NULL;
    if (bb_chess_transform(&self->g.pos, s, &out, &why))
        return PyErr_Format(PyExc_ValueError, "sym %s is not allowed here: %s", bb_sym_name(s), why);
    return position_from_pos(&out);
}

static PyObject *position_color_flip(PositionObject *self, PyObject *noargs)
{
    (void)noargs;
    bb_chess_pos out;
    bb_chess_color_flip(&self->g.pos, &out);
    return position_from_pos(&out);
}

static PyObject *position_sym_allowed(PositionObject *self, PyObject *arg)
{
    bb_sym s;
    if (get_sym(arg, "sym", &s)) return NULL;
    return PyBool_FromLong(bb_chess_sym_allowed(&self->g.pos, s, NULL));
}

static PyObject *position_move_stack(PositionObject *self, void *closure)
{
    (void)closure;
    PyObject *list = PyList_New(self->g.count);
    if (!list) return NULL;
    for (int i = 0; i < self->g.count; i++) {
        char buf[BB_CHESS_MOVE_TEXT_MAX];
        bb_chess_game_uci(&self->g, i, buf, sizeof buf);
        PyList_SET_ITEM(list, i, PyUnicode_FromString(buf));
    }
    return list;
}

/* the getters of one int field */
#define POSITION_INT_GETTER(name, expr)                                                                       \
    static PyObject *position_get_##name(PositionObject *self, void *c)                                        \
    {                                                                                                          \
        (void)c;                                                                                               \
        return PyLong_FromLong((long)(expr));                                                                  \
    }
POSITION_INT_GETTER(turn, self->g.pos.side)
POSITION_INT_GETTER(castling, self->g.pos.castling)
POSITION_INT_GETTER(halfmove, self->g.pos.halfmove)
POSITION_INT_GETTER(fullmove, self->g.pos.fullmove)
POSITION_INT_GETTER(ply, self->g.count)

static PyObject *position_get_key(PositionObject *self, void *c)
{
    (void)c;
    return PyLong_FromUnsignedLongLong(self->g.pos.key);
}

static PyObject *position_get_pieces(PositionObject *self, void *c)
{
    (void)c;
    npy_intp d[2] = {2, 6};
    PyArrayObject *a = (PyArrayObject *)PyArray_SimpleNew(2, d, NPY_UINT64);
    if (a) memcpy(PyArray_DATA(a), self->g.pos.pieces, sizeof self->g.pos.pieces);
    return (PyObject *)a;
}

static PyObject *position_get_ep(PositionObject *self, void *c)
{
    (void)c;
    if (self->g.pos.ep == BB_CHESS_NO_EP) Py_RETURN_NONE;
    return PyLong_FromLong(self->g.pos.ep);
}

static PyObject *position_repr(PositionObject *self)
{
    char buf[BB_CHESS_FEN_MAX];
    bb_chess_to_fen(buf, sizeof buf, &self->g.pos, BB_FEN_STANDARD);
    return PyUnicode_FromFormat("Position('%s')", buf);
}

static PyObject *position_richcompare(PyObject *a, PyObject *b, int op)
{
    if (!PyObject_TypeCheck(b, &PositionType) || (op != Py_EQ && op != Py_NE)) Py_RETURN_NOTIMPLEMENTED;
    const bb_chess_pos *x = &((PositionObject *)a)->g.pos, *y = &((PositionObject *)b)->g.pos;
    int eq = !memcmp(x->pieces, y->pieces, sizeof x->pieces) && x->side == y->side && x->castling == y->castling &&
             x->ep == y->ep && x->halfmove == y->halfmove && x->fullmove == y->fullmove;
    return PyBool_FromLong(op == Py_EQ ? eq : !eq);
}

/* The network input: 21 planes, from the side to move's view (the board
 * mirrored top to bottom when black moves, so "my" pawns always go up). */
enum { PLANES = 21 };

static void chess_planes(const bb_chess_game *g, float *out)
{
    const bb_chess_pos *pos = &g->pos;
    int me = pos->side, flip = me == BB_BLACK ? 56 : 0;
    memset(out, 0, sizeof(float) * PLANES * 64);
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < 6; t++) {
            int plane = (c == me ? 0 : 6) + t;
            for (uint64_t b = pos->pieces[c][t]; b; b &= b - 1) out[plane * 64 + (__builtin_ctzll(b) ^ flip)] = 1;
        }
    int reps = bb_chess_repetitions(pos, g->keys, g->count);
    for (int s = 0; s < 64; s++) {
        if (reps >= 2) out[12 * 64 + s] = 1;
        if (reps >= 3) out[13 * 64 + s] = 1;
        out[14 * 64 + s] = (float)me;
        int mine_k = me == BB_WHITE ? BB_CASTLE_WK : BB_CASTLE_BK, mine_q = me == BB_WHITE ? BB_CASTLE_WQ : BB_CASTLE_BQ;
        int his_k = me == BB_WHITE ? BB_CASTLE_BK : BB_CASTLE_WK, his_q = me == BB_WHITE ? BB_CASTLE_BQ : BB_CASTLE_WQ;
        out[15 * 64 + s] = (pos->castling & mine_k) ? 1.0f : 0.0f;
        out[16 * 64 + s] = (pos->castling & mine_q) ? 1.0f : 0.0f;
        out[17 * 64 + s] = (pos->castling & his_k) ? 1.0f : 0.0f;
        out[18 * 64 + s] = (pos->castling & his_q) ? 1.0f : 0.0f;
        out[20 * 64 + s] = (float)pos->halfmove / 100.0f;
    }
    if (pos->ep != BB_CHESS_NO_EP) out[19 * 64 + (pos->ep ^ flip)] = 1;
}

static PyObject *py_chess_planes(PyObject *self, PyObject *arg)
{
    (void)self;
    if (!PyObject_TypeCheck(arg, &PositionType))
        return PyErr_Format(PyExc_TypeError, "position: expected a bitboard.chess.Position, got %.80s",
                            Py_TYPE(arg)->tp_name);
    npy_intp d[3] = {PLANES, 8, 8};
    PyArrayObject *a = (PyArrayObject *)PyArray_SimpleNew(3, d, NPY_FLOAT32);
    if (a) chess_planes(&((PositionObject *)arg)->g, (float *)PyArray_DATA(a));
    return (PyObject *)a;
}

/* The AlphaZero policy: 73 planes of 64 from-squares, index = plane * 64 +
 * from, squares from the side to move's view.  Planes 0..55: queen-like moves,
 * direction d (0 N, 1 NE, 2 E, 3 SE, 4 S, 5 SW, 6 W, 7 NW) and distance k
 * (1..7) at d * 7 + (k - 1); 56..63: knight moves (the 8 jumps in the order
 * of knight_df/knight_dr below); 64..72: under-promotions to knight, bishop,
 * rook (3 each) going forward-left, forward, forward-right at
 * 64 + piece * 3 + (dir + 1).  Queen promotions are queen-like moves. */
static const int dir_df[8] = {0, 1, 1, 1, 0, -1, -1, -1}, dir_dr[8] = {1, 1, 0, -1, -1, -1, 0, 1};
static const int knight_df[8] = {1, 2, 2, 1, -1, -2, -2, -1}, knight_dr[8] = {2, 1, -1, -2, -2, -1, 1, 2};

static int policy_index(int from, int to, int under) /* view-frame squares; under: 0 or BB_KNIGHT..BB_ROOK */
{
    int df = (to & 7) - (from & 7), dr = (to >> 3) - (from >> 3);
    if (under) return (64 + (under - BB_KNIGHT) * 3 + (df + 1)) * 64 + from;
    for (int k = 0; k < 8; k++)
        if (df == knight_df[k] && dr == knight_dr[k]) return (56 + k) * 64 + from;
    int dist = abs(df) > abs(dr) ? abs(df) : abs(dr);
    if (dist == 0) return -1;
    int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
    if (df != sf * dist || dr != sr * dist) return -1;
    for (int d = 0; d < 8; d++)
        if (dir_df[d] == sf && dir_dr[d] == sr) return (d * 7 + dist - 1) * 64 + from;
    return -1;
}

static int move_policy_index(const bb_chess_pos *pos, bb_chess_move m)
{
    int flip = pos->side == BB_BLACK ? 56 : 0;
    int from = bb_chess_move_from(m), to = bb_chess_move_to(m), kind = bb_chess_move_kind(m);
    if (kind == BB_MOVE_CASTLING) {
        /* the king's own two-square step (standard chess); Chess960: towards the rook's side, to g or c file */
        int kingside = (to & 7) > (from & 7);
        to = (from & 56) | (kingside ? 6 : 2);
        if (to == from) return -1;
    }
    int under = 0;
    if (kind == BB_MOVE_PROMOTION && bb_chess_move_promotion(m) != BB_QUEEN) under = bb_chess_move_promotion(m);
    return policy_index(from ^ flip, to ^ flip, under);
}

static int parse_position_move(PyObject *po, PyObject *mo, PositionObject **pos, bb_chess_move *m)
{
    if (!PyObject_TypeCheck(po, &PositionType)) {
        PyErr_Format(PyExc_TypeError, "position: expected a bitboard.chess.Position, got %.80s", Py_TYPE(po)->tp_name);
        return -1;
    }
    *pos = (PositionObject *)po;
    const char *text = text_arg(mo, "move");
    if (!text) return -1;
    bb_parse_error e;
    if (bb_chess_move_from_uci(&(*pos)->g.pos, text, m, &e)) {
        PyErr_Format(PyExc_ValueError, "move %s: %s", text, e.msg);
        return -1;
    }
    return 0;
}

static PyObject *py_chess_move_index(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *po, *mo;
    if (!PyArg_ParseTuple(args, "OO", &po, &mo)) return NULL;
    PositionObject *pos;
    bb_chess_move m;
    if (parse_position_move(po, mo, &pos, &m)) return NULL;
    int ix = move_policy_index(&pos->g.pos, m);
    if (ix < 0) return PyErr_Format(PyExc_ValueError, "move: it has no index in the 8x8x73 layout");
    return PyLong_FromLong(ix);
}

static PyObject *py_chess_move_from_index(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *po;
    long ix;
    if (!PyArg_ParseTuple(args, "Ol", &po, &ix)) return NULL;
    if (!PyObject_TypeCheck(po, &PositionType))
        return PyErr_Format(PyExc_TypeError, "position: expected a bitboard.chess.Position");
    if (ix < 0 || ix >= 73 * 64) return PyErr_Format(PyExc_ValueError, "index: %ld is not 0..4671", ix);
    const bb_chess_pos *pos = &((PositionObject *)po)->g.pos;
    bb_chess_movelist l;
    bb_chess_generate(pos, BB_GEN_ALL, &l);
    for (int i = 0; i < l.count; i++)
        if (move_policy_index(pos, l.moves[i]) == ix) return move_uci(pos, l.moves[i]);
    return PyErr_Format(PyExc_ValueError, "index: %ld is not a legal move in this position", ix);
}

/* policy_permutation(sym) -> int array of 4672: where each index goes under
 * view-frame symmetry sym (queen and knight planes move with the board;
 * under-promotion planes move only under the horizontal mirror, else stay). */
static PyObject *py_chess_policy_perm(PyObject *self, PyObject *arg)
{
    (void)self;
    bb_sym s;
    if (get_sym(arg, "sym", &s)) return NULL;
    npy_intp n = 73 * 64;
    PyArrayObject *a = (PyArrayObject *)PyArray_SimpleNew(1, &n, NPY_INT64);
    if (!a) return NULL;
    int64_t *d = PyArray_DATA(a);
    for (int plane = 0; plane < 73; plane++)
        for (int from = 0; from < 64; from++) {
            int ix = plane * 64 + from, nf = bb_sym_square(from, s);
            /* the image of a (df, dr) step: apply s to the vector (as squares about the origin) */
            int df, dr;
            if (plane < 56) { df = dir_df[plane / 7] * (plane % 7 + 1); dr = dir_dr[plane / 7] * (plane % 7 + 1); }
            else if (plane < 64) { df = knight_df[plane - 56]; dr = knight_dr[plane - 56]; }
            else {
                int p3 = (plane - 64) / 3, dir = (plane - 64) % 3 - 1;
                if (s == BB_SYM_FLIP_HORIZONTAL) d[ix] = (64 + p3 * 3 + (-dir + 1)) * 64 + nf;
                else if (s == BB_SYM_IDENTITY) d[ix] = ix;
                else d[ix] = (int64_t)(plane * 64 + nf); /* no pawns: these entries are never legal moves */
                continue;
            }
            /* the step's image under s's linear part: the images of the unit
               steps d4->e4 and d4->d5 (all three squares stay on the board) */
            int o0 = bb_sym_square(27, s), ox = bb_sym_square(28, s), oy = bb_sym_square(35, s);
            int exf = (ox & 7) - (o0 & 7), exr = (ox >> 3) - (o0 >> 3);
            int eyf = (oy & 7) - (o0 & 7), eyr = (oy >> 3) - (o0 >> 3);
            int ndf = df * exf + dr * eyf, ndr = df * exr + dr * eyr;
            int k = plane < 56 ? 0 : 1, np = -1;
            if (!k) {
                int dist = plane % 7 + 1, sf = (ndf > 0) - (ndf < 0), sr = (ndr > 0) - (ndr < 0);
                for (int dd = 0; dd < 8; dd++)
                    if (dir_df[dd] == sf && dir_dr[dd] == sr) np = dd * 7 + dist - 1;
            } else {
                for (int kk = 0; kk < 8; kk++)
                    if (knight_df[kk] == ndf && knight_dr[kk] == ndr) np = 56 + kk;
            }
            d[ix] = (int64_t)np * 64 + nf;
        }
    return (PyObject *)a;
}

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

static PyMethodDef position_methods[] = {
    {"fen", (PyCFunction)position_fen, METH_NOARGS, "fen() -> str: the position as FEN."},
    {"push_san", (PyCFunction)position_push_san, METH_O,
     "push_san(san) -> str: plays a move given in SAN ('Nf3', 'O-O', 'exd6'); returns its UCI.\n"
     "ValueError names the move and why it is not legal."},
    {"push_uci", (PyCFunction)position_push_uci, METH_O,
     "push_uci(uci) -> str: plays a move given in UCI ('e2e4', 'e7e8q'); returns it."},
    {"push", (PyCFunction)position_push, METH_O, "push(code): plays a 16-bit move code (legal_move_codes())."},
    {"pop", (PyCFunction)position_pop, METH_NOARGS, "pop() -> str: takes back the last move; returns its UCI."},
    {"legal_moves", (PyCFunction)position_legal_moves, METH_NOARGS,
     "legal_moves() -> list[str]: the legal moves in UCI, in generation order."},
    {"legal_move_codes", (PyCFunction)position_legal_move_codes, METH_NOARGS,
     "legal_move_codes() -> numpy.ndarray[uint16]: the legal moves as the C library's 16-bit codes."},
    {"count_moves", (PyCFunction)position_count_moves, METH_NOARGS, "count_moves() -> int: how many legal moves."},
    {"san", (PyCFunction)position_san, METH_O, "san(uci) -> str: the SAN of a legal move given in UCI."},
    {"perft", (PyCFunction)(void (*)(void))position_perft, METH_VARARGS | METH_KEYWORDS,
     "perft(depth, threads=1, hash_mb=0, progress=None) -> int: legal move sequences depth plies deep.\n"
     "The GIL is released; Ctrl-C raises KeyboardInterrupt.  progress: called with a dict\n"
     "(nodes, seconds, done and total root moves) as root moves finish; raise in it to stop."},
    {"is_check", (PyCFunction)position_is_check, METH_NOARGS, "is_check() -> bool: the side to move is in check."},
    {"outcome", (PyCFunction)position_outcome, METH_NOARGS,
     "outcome() -> dict: 'outcome' (name), 'game_over', 'claimable', 'winner' (0 white, 1 black, -1),\n"
     "'repetitions', 'why' -- over the moves pushed on this object (repetitions count)."},
    {"copy", (PyCFunction)position_copy, METH_NOARGS, "copy() -> Position: an independent copy with its history."},
    {"__copy__", (PyCFunction)position_copy, METH_NOARGS, NULL},
    {"transform", (PyCFunction)position_transform, METH_O,
     "transform(sym) -> Position: the position under a board symmetry the rules allow (ValueError says\n"
     "which rule forbids it: castling rights, pawns)."},
    {"color_flip", (PyCFunction)position_color_flip, METH_NOARGS,
     "color_flip() -> Position: mirrored top to bottom with the colours swapped (always allowed)."},
    {"sym_allowed", (PyCFunction)position_sym_allowed, METH_O,
     "sym_allowed(sym) -> bool: whether transform(sym) keeps this a position of the same game."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef position_getset[] = {
    {"turn", (getter)position_get_turn, NULL, "0 white, 1 black: the side to move.", NULL},
    {"key", (getter)position_get_key, NULL, "the Polyglot key.", NULL},
    {"pieces", (getter)position_get_pieces, NULL, "uint64 array (2, 6): [colour][pawn..king] boards.", NULL},
    {"castling", (getter)position_get_castling, NULL, "castling rights: bits 1 K, 2 Q, 4 k, 8 q.", NULL},
    {"ep", (getter)position_get_ep, NULL, "the en-passant square (0..63) or None.", NULL},
    {"halfmove_clock", (getter)position_get_halfmove, NULL, "plies since a capture or pawn move.", NULL},
    {"fullmove_number", (getter)position_get_fullmove, NULL, "the move number.", NULL},
    {"ply", (getter)position_get_ply, NULL, "moves pushed on this object.", NULL},
    {"move_stack", (getter)position_move_stack, NULL, "the moves pushed, in UCI.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject PositionType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "bitboard.chess.Position",
    .tp_basicsize = sizeof(PositionObject),
    .tp_dealloc = (destructor)position_dealloc,
    .tp_repr = (reprfunc)position_repr,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "Position(fen=None)\n\nA chess position and the moves pushed on it (for repetitions and pop).\n"
              "fen None, 'start' or 'startpos' (as the CLI takes them, any case): the standard start.  FEN, X-FEN and Shredder-FEN are read.\n\n"
              ">>> p = Position()\n>>> p.push_san('e4')\n'e2e4'\n>>> p.perft(3)\n13160",
    .tp_richcompare = position_richcompare,
    .tp_methods = position_methods,
    .tp_getset = position_getset,
    .tp_init = (initproc)position_init,
    .tp_new = position_new,
};

/* ------------------------------------------------------------------------ */

static PyMethodDef core_methods[] = {
    {"transform", (PyCFunction)(void (*)(void))py_transform, METH_FASTCALL | METH_KEYWORDS,
     "transform(boards, sym, out=None)\n"
     "--\n"
     "\n"
     "Every board under symmetry sym (a bitboard.Sym or 0..7).\n"
     "\n"
     "boards: a uint64 array of any shape, a numpy uint64 scalar or a Python int\n"
     "(which gives an int back).  out: a C-contiguous uint64 array of the\n"
     "result's shape to write into (boards itself for in place); it is returned.\n"
     "\n"
     ">>> transform(1, Sym.ROTATE_CW)      # a1 -> a8\n"
     "72057594037927936"},
    {"canonical", (PyCFunction)(void (*)(void))py_canonical, METH_FASTCALL | METH_KEYWORDS,
     "canonical(boards, out=None, syms_out=None)\n"
     "--\n"
     "\n"
     "(canon, syms): the least of each board's 8 images, and the lowest symmetry\n"
     "(uint8) giving it, so transform(boards, syms) == canon element by element.\n"
     "out (uint64, may be boards) and syms_out (uint8): arrays to write into.\n"
     "\n"
     ">>> canonical(1 << 63)\n"
     "(1, 2)"},
    {"canonical_pair", (PyCFunction)(void (*)(void))py_canonical_pair, METH_FASTCALL | METH_KEYWORDS,
     "canonical_pair(p, o)\n"
     "--\n"
     "\n"
     "(p, o, syms): both boards of each position under the one symmetry making\n"
     "(p, o) least (p compared first), and that symmetry.  A position and its\n"
     "images give the same pair: the key of a symmetric transposition table or of\n"
     "a deduplicated data set.  p & o must be 0 (ValueError names the index).\n"
     "\n"
     ">>> canonical_pair(1 << 63, 1 << 7)   # h8 and h1 -> a1 and h1 (by the anti-diagonal)\n"
     "(1, 128, 7)"},
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
    {"transform_all", py_transform_all, METH_O, NULL},
    {"unique", py_unique, METH_VARARGS, NULL},
    {"to_planes", py_to_planes, METH_VARARGS, NULL},
    {"from_planes", py_from_planes, METH_VARARGS, NULL},
    {"sym_tables", py_sym_tables, METH_NOARGS, NULL},
    {"impl", py_impl, METH_NOARGS, NULL},
    {"othello_perft", (PyCFunction)(void (*)(void))py_othello_perft, METH_VARARGS | METH_KEYWORDS, NULL},
    {"othello_solve", (PyCFunction)(void (*)(void))py_othello_solve, METH_VARARGS | METH_KEYWORDS, NULL},
    {"othello_search", (PyCFunction)(void (*)(void))py_othello_search, METH_VARARGS | METH_KEYWORDS, NULL},
    {"othello_parse", py_othello_parse, METH_O, NULL},
    {"othello_format", py_othello_format, METH_VARARGS, NULL},
    {"othello_transcript", py_othello_transcript, METH_VARARGS, NULL},
    {"othello_normalize", py_othello_normalize, METH_O, NULL},
    {"othello_read", py_othello_read, METH_VARARGS, NULL},
    {"chess_planes", py_chess_planes, METH_O, NULL},
    {"chess_move_index", py_chess_move_index, METH_VARARGS, NULL},
    {"chess_move_from_index", py_chess_move_from_index, METH_VARARGS, NULL},
    {"chess_policy_perm", py_chess_policy_perm, METH_O, NULL},
    {"chess_read_pgn", py_chess_read_pgn, METH_VARARGS, NULL},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT, "bitboard._core",
    "The C extension behind bitboard (use the bitboard package, not this module).", -1, core_methods,
    NULL, NULL, NULL, NULL,
};

int chess_arrays_add(PyObject *m); /* chess_arrays.c */
PyMODINIT_FUNC PyInit__core(void)
{
    import_array();
    for (int b = 0; b < 256; b++) {
        uint64_t v = 0;
        for (int c = 0; c < 8; c++) v |= (uint64_t)((b >> c) & 1) << (8 * c);
        byte_spread[b] = v;
        for (int c = 0; c < 8; c++) byte_spread_f[b][c] = (float)((b >> c) & 1);
    }
    if (PyType_Ready(&PositionType) < 0 || PyType_Ready(&PgnIterType) < 0 || PyType_Ready(&SearchTableType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&core_module);
    if (!m) return NULL;
    Py_INCREF(&SearchTableType);
    if (PyModule_AddObject(m, "SearchTable", (PyObject *)&SearchTableType) < 0) {
        Py_DECREF(&SearchTableType);
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&PositionType);
    if (PyModule_AddObject(m, "Position", (PyObject *)&PositionType) < 0) {
        Py_DECREF(&PositionType);
        Py_DECREF(m);
        return NULL;
    }
    PyModule_AddStringConstant(m, "VERSION", BB_VERSION_STRING);
    PyModule_AddIntConstant(m, "PLANES", PLANES);
    if (chess_arrays_add(m) < 0) { Py_DECREF(m); return NULL; }
    return m;
}
