/* python/src/args.c: the arguments every function parses (boards as uint64 arrays or ints,
 * shapes, symmetries, text) and the errors that name them. */
#include "core.h"

/* ------------------------------------------------------------------------
 * Arguments */


void u64_release(u64arg *a)
{
    Py_XDECREF(a->arr);
    a->arr = NULL;
}

int dtype_is_u64(PyArray_Descr *d)
{
    return d->kind == 'u' && d->elsize == 8;
}

/* obj -> *a.  Returns 0, or -1 with the exception set. */
int u64_get(PyObject *obj, const char *name, u64arg *a)
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
PyObject *dims_str(int ndim, const npy_intp *dims)
{
    PyObject *t = PyTuple_New(ndim);
    if (!t) return NULL;
    for (int i = 0; i < ndim; i++) PyTuple_SET_ITEM(t, i, PyLong_FromSsize_t(dims[i]));
    PyObject *s = PyObject_Repr(t);
    Py_DECREF(t);
    return s;
}

PyObject *shape_str(const u64arg *a) { return dims_str(a->ndim, a->dims); }

/* The shape of two shapes broadcast together by numpy's rules (the shapes
 * aligned on their last axes; each pair of lengths equal, or one of them
 * 1): 0 and *nd, dims; -1 if they cannot be. */
int broadcast_shape(int na, const npy_intp *a, int nb, const npy_intp *b, int *nd, npy_intp *dims)
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
int broadcast_to(PyArrayObject **arr, int nd, const npy_intp *dims)
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
int u64_broadcast(u64arg *a, int nd, const npy_intp *dims)
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
int pair_shape(u64arg *a, const char *an, u64arg *b, const char *bn, const u64arg **big)
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
PyArrayObject *new_array(int ndim, const npy_intp *dims, int extra_n, const npy_intp *extra, int type)
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
PyObject *u64_result(PyArrayObject *out, int all_int)
{
    if (all_int) {
        uint64_t v = *(const uint64_t *)PyArray_DATA(out);
        Py_DECREF(out);
        return PyLong_FromUnsignedLongLong(v);
    }
    return PyArray_Return(out);
}

/* The first index (as a tuple) of flat position i in an array of shape dims. */
PyObject *index_tuple(int ndim, const npy_intp *dims, npy_intp i)
{
    PyObject *t = PyTuple_New(ndim);
    if (!t) return NULL;
    for (int k = ndim - 1; k >= 0; k--) {
        PyTuple_SET_ITEM(t, k, PyLong_FromSsize_t(dims[k] ? i % dims[k] : 0));
        if (dims[k]) i /= dims[k];
    }
    return t;
}

int get_sym(PyObject *obj, const char *name, bb_sym *s)
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
int check_disjoint(const u64arg *p, const u64arg *o, const u64arg *big)
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
PyObject *no_memory(const char *what)
{
    return PyErr_Format(PyExc_MemoryError, "out of memory: %s", what);
}

/* The UTF-8 text of str argument `name`, or NULL with an error: TypeError
 * for a non-str, ValueError naming the argument and the character position
 * of a NUL (C text would end there, silently cutting what follows). */
const char *text_arg(PyObject *obj, const char *name)
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

/* text_arg as a PyArg_Parse "O&" converter (out: a named_text). */
int text_conv(PyObject *obj, void *out)
{
    named_text *t = out;
    t->text = text_arg(obj, t->name);
    return t->text != NULL;
}

/* The arguments of a METH_FASTCALL | METH_KEYWORDS function, positional or
 * by name, into out[0..n) (NULL where not given); the first `required` must
 * be given.  0, or -1 with TypeError. */
int fast_args(const char *fname, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames,
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

