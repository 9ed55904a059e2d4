/* python/src/planes.c: boards to and from numpy planes (to_planes, from_planes). */
#include "core.h"

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

PyMethodDef core_planes_methods[] = {
    {"to_planes", py_to_planes, METH_VARARGS, NULL},
    {"from_planes", py_from_planes, METH_VARARGS, NULL},
    {NULL, NULL, 0, NULL},
};

int core_planes_init(PyObject *m)
{
    (void)m;
    for (int b = 0; b < 256; b++) {
        uint64_t v = 0;
        for (int c = 0; c < 8; c++) v |= (uint64_t)((b >> c) & 1) << (8 * c);
        byte_spread[b] = v;
        for (int c = 0; c < 8; c++) byte_spread_f[b][c] = (float)((b >> c) & 1);
    }
    return 0;
}
