/* python/src/planes.c: boards to and from numpy planes (to_planes, from_planes). */
#include "core.h"

/* ------------------------------------------------------------------------
 * Planes.  Plane layout: out[..., r, c] = bit (r * 8 + c): row 0 is rank 1
 * (a1 in row 0, column 0), as the board's bytes lie in memory. */

static uint64_t byte_spread[256]; /* byte b -> 8 bytes, byte c = bit c of b */
static float byte_spread_f[256][8]; /* byte b -> 8 floats, float c = bit c of b */

/* The 8x8 bit matrix x (row k = byte k, column j = bit j) transposed: bit j
 * of byte k goes to bit k of byte j (three swaps of blocks, 2x2 to 4x4). */
static inline uint64_t transpose8(uint64_t x)
{
    uint64_t t;
    t = (x ^ (x >> 7)) & 0x00AA00AA00AA00AAULL;
    x ^= t ^ (t << 7);
    t = (x ^ (x >> 14)) & 0x0000CCCC0000CCCCULL;
    x ^= t ^ (t << 14);
    t = (x ^ (x >> 28)) & 0x00000000F0F0F0F0ULL;
    x ^= t ^ (t << 28);
    return x;
}

/* The 64 bits of x as 64 bytes 0/1 (byte q = bit q): one AVX-512 masked
 * move; in SSE2 (x86-64's baseline) each byte repeated 8 times by unpacks,
 * its bits picked by a mask, min(., 1); else 8 table look-ups. */
static inline void spread64_u8(void *o, uint64_t x)
{
#if defined(CORE_AVX512)
    _mm512_storeu_si512(o, _mm512_maskz_mov_epi8((__mmask64)x, _mm512_set1_epi8(1)));
#elif defined(CORE_SSE2)
    const __m128i bit = _mm_set_epi8(-128, 64, 32, 16, 8, 4, 2, 1, -128, 64, 32, 16, 8, 4, 2, 1);
    const __m128i one = _mm_set1_epi8(1);
    __m128i v = _mm_cvtsi64_si128((long long)x);
    __m128i u = _mm_unpacklo_epi8(v, v), lo = _mm_unpacklo_epi16(u, u), hi = _mm_unpackhi_epi16(u, u);
    __m128i q[4] = {_mm_unpacklo_epi32(lo, lo), _mm_unpackhi_epi32(lo, lo), _mm_unpacklo_epi32(hi, hi),
                    _mm_unpackhi_epi32(hi, hi)};
    for (int k = 0; k < 4; k++)
        _mm_storeu_si128((__m128i *)o + k, _mm_min_epu8(_mm_and_si128(q[k], bit), one));
#else
    for (int r = 0; r < 8; r++) memcpy((char *)o + 8 * r, &byte_spread[(x >> (8 * r)) & 0xff], 8);
#endif
}

/* The 64 bits of x as 64 floats 0.0/1.0: four AVX-512 masked moves, else 8 table look-ups. */
static inline void spread64_f32(float *o, uint64_t x)
{
#if defined(CORE_AVX512)
    for (int q = 0; q < 4; q++)
        _mm512_storeu_ps(o + 16 * q, _mm512_maskz_mov_ps((__mmask16)(x >> (16 * q)), _mm512_set1_ps(1.0f)));
#else
    for (int r = 0; r < 8; r++) memcpy(o + 8 * r, byte_spread_f[(x >> (8 * r)) & 0xff], 32);
#endif
}

/* NCHW: n boards to n 8x8 planes of bytes (0/1) or floats (0.0/1.0). */
static void planes_nchw(void *out, const uint64_t *b, npy_intp n, int f32)
{
    if (f32)
        for (npy_intp i = 0; i < n; i++) spread64_f32((float *)out + 64 * i, b[i]);
    else
        for (npy_intp i = 0; i < n; i++) spread64_u8((char *)out + 64 * i, b[i]);
}

/* The bits of x in the even bits of the result (bit i -> bit 2i). */
static inline uint64_t spread_even(uint32_t x)
{
    uint64_t v = x;
    v = (v | v << 16) & 0x0000FFFF0000FFFFULL;
    v = (v | v << 8) & 0x00FF00FF00FF00FFULL;
    v = (v | v << 4) & 0x0F0F0F0F0F0F0F0FULL;
    v = (v | v << 2) & 0x3333333333333333ULL;
    v = (v | v << 1) & 0x5555555555555555ULL;
    return v;
}

/* NHWC, the common case of two channels (p, o): a position's cells in
 * memory order are the bits of the two boards interleaved (bit 2s + c is
 * square s of board c), spread as NCHW's planes are. */
static void planes_nhwc2(void *out, const uint64_t *b, npy_intp outer, int f32)
{
    for (npy_intp i = 0; i < outer; i++, b += 2)
        for (int h = 0; h < 2; h++) {
            uint64_t w = spread_even((uint32_t)(b[0] >> (32 * h))) | spread_even((uint32_t)(b[1] >> (32 * h))) << 1;
            if (f32) spread64_f32((float *)out + 128 * i + 64 * h, w);
            else spread64_u8((char *)out + 128 * i + 64 * h, w);
        }
}

#if defined(__GNUC__)
#define PLANES_INLINE static inline __attribute__((always_inline))
#else
#define PLANES_INLINE static inline
#endif

/* The 8x8 byte matrix a[0..8) transposed in place: byte r of a[k] goes to
 * byte k of a[r] (swaps of bytes, then pairs, then quads). */
static inline void transpose8_bytes(uint64_t a[8])
{
    static const uint64_t mask[3] = {0x00FF00FF00FF00FFULL, 0x0000FFFF0000FFFFULL, 0x00000000FFFFFFFFULL};
    for (int l = 0; l < 3; l++) {
        int d = 1 << l, sh = 8 * d;
        for (int k = 0; k < 8; k++)
            if (!(k & d)) {
                uint64_t t = ((a[k] >> sh) ^ a[k + d]) & mask[l];
                a[k + d] ^= t;
                a[k] ^= t << sh;
            }
    }
}

/* One position's cells (64 squares of C cells) from t (below); f32: floats,
 * else bytes.  Each group's 8 cells go in one store, so a short last group's
 * store runs on into the next cells, written after it; exact: the last
 * position of the output, where the stores stop at its own cells. */
PLANES_INLINE void nhwc_cells(char *o, const uint64_t *t, npy_intp C, int f32, int exact)
{
    const size_t cell = f32 ? 4 : 1;
    const npy_intp groups = (C + 7) / 8;
    const int last = (int)(C - 8 * (groups - 1)); /* the last group's channels, 1..8 */
    for (int s = 0; s < 64; s++, o += (size_t)C * cell)
        for (npy_intp g = 0; g < groups; g++) {
            unsigned bits = (unsigned)(t[g * 8 + (s >> 3)] >> (8 * (s & 7))) & 0xff;
            char *d = o + (size_t)(8 * g) * cell;
            if (exact && g == groups - 1 && last < 8)
                for (int k = 0; k < last; k++) {
                    if (f32) ((float *)d)[k] = byte_spread_f[bits][k];
                    else d[k] = (char)((bits >> k) & 1);
                }
            else if (f32) memcpy(d, byte_spread_f[bits], 32);
            else memcpy(d, &byte_spread[bits], 8);
        }
}

/* NHWC, C > 2 channels: per group of up to 8 channels, the boards' bytes
 * transposed give each rank's 8x8 bit matrix (row = channel); transposed
 * in turn (t[g * 8 + r], scratch of (C + 7) / 8 * 8 words), its byte j holds
 * square (r, j) of the group's boards, which one look-up spreads into the
 * group's cells. */
PLANES_INLINE void nhwc_body(void *out, const uint64_t *b, npy_intp outer, npy_intp C, int f32, uint64_t *t)
{
    const npy_intp groups = (C + 7) / 8;
    char *o = out;
    for (npy_intp i = 0; i < outer; i++, b += C, o += (size_t)64 * (size_t)C * (f32 ? 4 : 1)) {
        for (npy_intp g = 0; g < groups; g++) {
            int w = C - 8 * g < 8 ? (int)(C - 8 * g) : 8;
            uint64_t *a = t + g * 8;
            for (int k = 0; k < 8; k++) a[k] = k < w ? b[8 * g + k] : 0;
            transpose8_bytes(a);
            for (int r = 0; r < 8; r++) a[r] = transpose8(a[r]);
        }
        if (i + 1 < outer) nhwc_cells(o, t, C, f32, 0);
        else nhwc_cells(o, t, C, f32, 1);
    }
}

static void planes_nhwc(void *out, const uint64_t *b, npy_intp outer, npy_intp C, int f32, uint64_t *t)
{
    if (f32) nhwc_body(out, b, outer, C, 1, t);
    else nhwc_body(out, b, outer, C, 0, t);
}

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
    uint64_t *scratch = NULL;
    if (nhwc && C > 2 && !(scratch = malloc(sizeof(uint64_t) * 8 * (size_t)((C + 7) / 8)))) {
        Py_DECREF(out);
        u64_release(&b);
        return no_memory("to_planes' scratch");
    }
    Py_BEGIN_ALLOW_THREADS
    if (!nhwc || C == 1) planes_nchw(od, b.data, n, kind == 2); /* one channel: the same cells */
    else if (C == 2) planes_nhwc2(od, b.data, n / 2, kind == 2);
    else planes_nhwc(od, b.data, C ? n / C : 0, C, kind == 2, scratch);
    Py_END_ALLOW_THREADS
    free(scratch);
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
