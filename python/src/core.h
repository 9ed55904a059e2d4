/* python/src/core.h - what the files of bitboard._core share (private: not
 * installed, not part of the C library's API).
 *
 * bitboard._core is the CPython extension behind `import bitboard`.  It calls
 * the C library's public API (include/bitboard.h) only.  Every board function
 * takes numpy uint64 arrays of any shape (or a Python int, which gives a
 * Python int back) and loops in C with the GIL released; the Python layer
 * (python/bitboard/) adds the names, the enums and the docstrings users read.
 *
 * Argument rules, the same everywhere (args.c):
 *   - a numpy array, a numpy scalar or a buffer must have dtype uint64
 *     (TypeError names the argument and the dtype it got);
 *   - a Python int must be 0 .. 2**64-1 (ValueError otherwise);
 *   - a list or tuple of such ints is taken as a uint64 array;
 *   - two board arguments have the same shape, or one of them is a scalar
 *     (ValueError names both shapes);
 *   - p and o of one position must not share a square (ValueError names the
 *     first index where they do).
 *
 * One file a module: args.c (argument parsing), boards.c (symmetries,
 * unique), planes.c, othello.c, watch.c (interruptible long calls), chess.c,
 * chess_pgn.c; core.c makes the module from their method tables (see there
 * to add a file). */
#ifndef BB_PYTHON_CORE_H
#define BB_PYTHON_CORE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
/* numpy's C API table is one, filled by import_array() in core.c */
#define PY_ARRAY_UNIQUE_SYMBOL bb_core_numpy_api
#ifndef CORE_IMPORT_ARRAY
#define NO_IMPORT_ARRAY
#endif
#include <numpy/arrayobject.h>

#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>
#include <time.h>
/* CORE_NO_SIMD=1 (CFLAGS=-DCORE_NO_SIMD) builds the plain C planes loops,
 * those of a CPU other than x86, to test them on x86. */
#if defined(__SSE2__) && !defined(CORE_NO_SIMD)
#include <emmintrin.h>
#define CORE_SSE2 1 /* x86-64's baseline: the portable planes loops */
#endif
#if defined(__AVX512BW__) && defined(__AVX512F__) && !defined(CORE_NO_SIMD)
#include <immintrin.h>
#define CORE_AVX512 1 /* the planes loops use one masked move per board */
#endif

#include "bitboard.h"

/* The names below are the extension's own: hidden from other shared objects
 * (only PyInit__core, declared with default visibility, is exported). */
#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

/* The GIL is released around every loop over an array of at least
 * NOGIL_MIN elements; below that, saving and restoring the thread state
 * costs more than the loop (a scalar call stays under 100 ns). */
#define NOGIL_MIN 2048
#define NOGIL_BEGIN(n) { PyThreadState *nogil_save_ = (n) >= NOGIL_MIN ? PyEval_SaveThread() : NULL;
#define NOGIL_END if (nogil_save_) PyEval_RestoreThread(nogil_save_); }

/* ------------------------------------------------------------------------
 * args.c: every call returning int gives 0, or -1 with the exception set;
 * every PyObject * is a new reference, or NULL with the exception set. */

/* A board argument (u64_get); u64_release drops its array. */
typedef struct {
    PyArrayObject *arr; /* a C-contiguous aligned native uint64 array (owned), or NULL for a Python int */
    uint64_t value;     /* the Python int */
    const uint64_t *data;
    npy_intp n;         /* elements */
    int ndim;
    npy_intp dims[NPY_MAXDIMS];
    int is_int;         /* from a Python int: results come back as Python ints */
} u64arg;

/* A str argument for PyArg_Parse "O&" text_conv: name set by the caller, text filled. */
typedef struct {
    const char *name;
    const char *text;
} named_text;

void u64_release(u64arg *a);
int dtype_is_u64(PyArray_Descr *d);
int u64_get(PyObject *obj, const char *name, u64arg *a);
PyObject *dims_str(int ndim, const npy_intp *dims);
PyObject *shape_str(const u64arg *a);
int broadcast_shape(int na, const npy_intp *a, int nb, const npy_intp *b, int *nd, npy_intp *dims);
int broadcast_to(PyArrayObject **arr, int nd, const npy_intp *dims);
int u64_broadcast(u64arg *a, int nd, const npy_intp *dims);
int pair_shape(u64arg *a, const char *an, u64arg *b, const char *bn, const u64arg **big);
PyArrayObject *new_array(int ndim, const npy_intp *dims, int extra_n, const npy_intp *extra, int type);
PyObject *u64_result(PyArrayObject *out, int all_int);
PyObject *index_tuple(int ndim, const npy_intp *dims, npy_intp i);
int get_sym(PyObject *obj, const char *name, bb_sym *s);
int check_disjoint(const u64arg *p, const u64arg *o, const u64arg *big);
PyObject *no_memory(const char *what);
const char *text_arg(PyObject *obj, const char *name);
int text_conv(PyObject *obj, void *out);
int fast_args(const char *fname, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames,
              const char *const *names, int n, int required, PyObject **out);

/* ------------------------------------------------------------------------
 * watch.c: a long call on a worker thread, stopped by Ctrl-C or by an
 * exception from the progress callback (watch_call). */

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

void watch_othello_perft(const bb_othello_perft_stats *s, void *ctx);
void watch_chess_perft(uint64_t nodes, int done, int total, void *arg);
void watch_solve(uint64_t nodes, double seconds, void *arg);
int watch_call(watch *w, void (*run)(void *), void *arg, PyObject *progress, int direct);
int progress_arg(PyObject **progress);

/* Calls shorter than a few milliseconds run here: a thread costs more than
 * a Ctrl-C saves. */
enum { OTHELLO_PERFT_DIRECT = 8, CHESS_PERFT_DIRECT = 4, SOLVE_DIRECT_EMPTIES = 12 };

/* ------------------------------------------------------------------------
 * chess.c */

PyObject *move_uci(const bb_chess_pos *pos, bb_chess_move m);

/* ------------------------------------------------------------------------
 * The module's parts: each file's functions (a NULL-terminated table) and,
 * for a file with types or tables, its init (0, or -1 with the exception
 * set), run once by PyInit__core in core.c's order. */

extern PyMethodDef core_boards_methods[];
extern PyMethodDef core_planes_methods[];
extern PyMethodDef core_othello_methods[];
extern PyMethodDef core_chess_methods[];
extern PyMethodDef core_chess_pgn_methods[];
/* Type t readied and added to module m as name (core.c). */
int core_add_type(PyObject *m, const char *name, PyTypeObject *t);
int core_planes_init(PyObject *m);
int core_othello_init(PyObject *m);
int core_chess_init(PyObject *m);
int core_chess_pgn_init(PyObject *m);
/* chess_arrays.c: read_pgn_arrays (its own numpy table: it does not include this header) */
extern PyMethodDef core_chess_arrays_methods[];
int core_chess_arrays_init(PyObject *m);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif
