/* python/src/boards.c: symmetries over arrays of boards (transform, canonical,
 * canonical_pair), unique, and the symmetry tables. */
#include "core.h"

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

PyMethodDef core_boards_methods[] = {
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
    {"transform_all", py_transform_all, METH_O, NULL},
    {"unique", py_unique, METH_VARARGS, NULL},
    {"sym_tables", py_sym_tables, METH_NOARGS, NULL},
    {"impl", py_impl, METH_NOARGS, NULL},
    {NULL, NULL, 0, NULL},
};
