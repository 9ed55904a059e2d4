/* bb_othello_positions: the number of distinct positions at each ply, as
 * they are and up to the 8 symmetries.
 *
 * Breadth first, one ply at a time, over distinct positions only: the
 * positions of ply k (an array of (p, o) pairs) make the children of ply
 * k + 1, which go into a hash set (open addressing, linear probing, at most
 * 3/4 full, doubled when it would be fuller; its first size the last ply's
 * growth again, and 10% more); its count is raw[k + 1].  The set is then
 * read 64 pairs at a time, each group put in canonical form by
 * bb_canonical_pair_array and added to a second set, whose count is
 * sym[k + 1].  Last the first set is packed in place into the array of the
 * next ply's parents.  Inserts go 64 at a time, every slot prefetched
 * before any is read, so the cache misses overlap; big sets ask for 2 MiB
 * pages (madvise, Linux), which took ply 10 from 6.0 s to 1.8 s.
 *
 * Threads: opts->threads = N splits each ply's positions into N parts by
 * their hash; worker i (a thread) makes every child of every parent and
 * keeps those of part i in its own set, then puts every position of every
 * set in canonical form and keeps the forms of part i in a second set of its
 * own.  No two threads write the same memory, and a part's counts do not
 * depend on the others, so the sums are the same for any N.  Making all the
 * children N times costs little: moves and flips are under a tenth of the
 * time, the inserts the rest.
 *
 * The side to move: every ply, a move or a pass, hands the move to the
 * other side, so all the positions of one ply have the same side to move
 * and (p, o) with p the side to move's discs is the whole position.
 *
 * Why a hash set and not sorted arrays: the set holds each distinct child
 * once; sorting needs every child first, duplicates included, and a buffer
 * as big for the sort.  Ply 10 from the start: 11,922,442 distinct of
 * 14,324,682 children; the sets peak at 320 MiB (256 MiB of positions, 64
 * of canonical forms), sorted arrays (bench/bench_othello_positions.c, a
 * radix sort) at 801 MiB, and 4 times slower (docs/BENCHMARKS.md).       */
#if defined(__linux__)
#define _DEFAULT_SOURCE /* madvise */
#endif
#include "bitboard.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#if defined(__GNUC__) || defined(__clang__)
#define BB__PREFETCH(a) __builtin_prefetch(a)
#else
#define BB__PREFETCH(a) ((void)(a))
#endif

#define BB__POSITIONS_MAX_THREADS 64

typedef struct {
    uint64_t p, o;
} pair;

/* The bytes held now and at most, and the limit (0: none); shared by the
 * threads. */
typedef struct {
    atomic_size_t now, peak;
    size_t max;
} budget;

/* bytes of memory (zeroed if zero is set), counted against the budget; NULL
 * if it would go over or malloc fails. */
static void *take(budget *b, size_t bytes, int zero)
{
    size_t now = atomic_fetch_add(&b->now, bytes) + bytes;
    void *m = NULL;
    if (!b->max || (bytes <= b->max && now <= b->max)) m = zero ? calloc(bytes ? bytes : 1, 1) : malloc(bytes ? bytes : 1);
    if (!m) {
        atomic_fetch_sub(&b->now, bytes);
        return NULL;
    }
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    /* A big set is touched all over: 2 MiB pages take 512 times fewer
     * faults (where the kernel gives them on request).  calloc's big
     * blocks are fresh pages, zeroed by the kernel: no memset either. */
    if (zero && bytes >= ((size_t)8 << 20)) {
        uintptr_t start = ((uintptr_t)m + 4095) & ~(uintptr_t)4095, end = ((uintptr_t)m + bytes) & ~(uintptr_t)4095;
        madvise((void *)start, end - start, MADV_HUGEPAGE); /* a hint: failure changes nothing */
    }
#endif
    size_t peak = atomic_load(&b->peak);
    while (now > peak && !atomic_compare_exchange_weak(&b->peak, &peak, now)) {
    }
    return m;
}

static void give(budget *b, void *m, size_t bytes)
{
    if (!m) return;
    free(m);
    atomic_fetch_sub(&b->now, bytes);
}

/* ---- the set of pairs ------------------------------------------------------------
 * An empty slot is (0, 0): no position reached by a move or a pass has no
 * disc (the root, which may, is never inserted). */
typedef struct {
    pair *slot;
    size_t mask, count; /* mask = slots - 1, slots a power of two */
} pair_set;

static size_t set_bytes(const pair_set *s) { return s->slot ? (s->mask + 1) * sizeof(pair) : 0; }

static uint64_t pair_hash(uint64_t p, uint64_t o)
{
    uint64_t h = p * 0x9E3779B97F4A7C15ULL ^ o * 0xC2B2AE3D27D4EB4FULL;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ULL;
    return h ^ (h >> 32);
}

/* Which of `parts` sets a pair of hash h belongs to: its high half scaled
 * (the slot comes from the low bits). */
static int part_of(uint64_t h, int parts) { return (int)(((h >> 32) * (uint64_t)parts) >> 32); }

/* An empty set of 2^bits slots: 0, or -1 if memory ran out. */
static int set_init(pair_set *s, int bits, budget *b)
{
    size_t n = (size_t)1 << bits;
    s->mask = s->count = 0;
    s->slot = take(b, n * sizeof(pair), 1);
    if (!s->slot) return -1;
    s->mask = n - 1;
    return 0;
}

static void set_free(pair_set *s, budget *b)
{
    give(b, s->slot, set_bytes(s));
    s->slot = NULL;
    s->mask = s->count = 0;
}

/* Puts (p, o), not (0, 0), where it belongs, starting at slot i (its
 * hash's); no check for room. */
static void set_place_at(pair_set *s, size_t i, uint64_t p, uint64_t o)
{
    for (;; i = (i + 1) & s->mask) {
        pair *e = &s->slot[i];
        if (e->p == p && e->o == o) return;
        if (!(e->p | e->o)) {
            e->p = p, e->o = o;
            s->count++;
            return;
        }
    }
}

/* Twice the slots, everything rehashed: 0, or -1 (the set unchanged) if
 * memory ran out. */
static int set_grow(pair_set *s, budget *b)
{
    pair_set t;
    int bits = 0;
    while (((size_t)1 << bits) <= s->mask) bits++;
    if (set_init(&t, bits + 1, b) != 0) return -1;
    for (size_t i = 0; i <= s->mask; i++)
        if (s->slot[i].p | s->slot[i].o)
            set_place_at(&t, (size_t)pair_hash(s->slot[i].p, s->slot[i].o) & t.mask, s->slot[i].p, s->slot[i].o);
    set_free(s, b);
    *s = t;
    return 0;
}

/* Groups of inserts: BATCH pairs and one parent's children (at most 64: a
 * move is an empty square, a pass is the only child). */
enum { BATCH = 64, GROUP = BATCH + 64 };

/* Adds the n pairs (n <= GROUP) of hashes h: 0, or -1 if memory ran out.
 * Their slots are asked of memory all at once before any is used: the set
 * is far larger than the caches, and the misses overlap. */
static int set_add(pair_set *s, const uint64_t *p, const uint64_t *o, const uint64_t *h, size_t n, budget *b)
{
    size_t at[GROUP];
    while (s->count + n > (s->mask + 1) / 4 * 3)
        if (set_grow(s, b) != 0) return -1;
    for (size_t i = 0; i < n; i++) {
        at[i] = (size_t)h[i] & s->mask;
        BB__PREFETCH(&s->slot[at[i]]);
    }
    for (size_t i = 0; i < n; i++) set_place_at(s, at[i], p[i], o[i]);
    return 0;
}

/* The slots for about n entries at most 3/4 full (at least 2^10). */
static int bits_for(size_t n)
{
    int bits = 10;
    while (bits < 62 && ((size_t)1 << bits) / 4 * 3 < n) bits++;
    return bits;
}

/* ---- one ply, in parts -------------------------------------------------------------
 * Each of the `parts` workers (threads, or one after another) owns the
 * positions whose hash falls in its part: it makes every child of every
 * parent (cheap: under a tenth of the time) and keeps its own, in its own
 * set, so no two threads write the same memory.  Then each reads all the
 * sets, puts every position in canonical form and keeps the forms of its
 * part in a second set of its own. */
typedef struct {
    const pair *const *parent; /* the parents, one array per part */
    const size_t *n_parent;
    pair_set *raw;             /* the sets of the ply, one per part */
    int parts, part;           /* how many, and this worker's */
    size_t guess;              /* the entries its set is first sized for */
    budget *b;
    uint64_t sym;              /* out: the canonical forms of its part */
    int rc;                    /* out: 0, or -1 if memory ran out */
} worker;

/* Phase 1: the worker's part of the children of every parent into its set. */
static void *make_children(void *arg)
{
    worker *w = arg;
    pair_set *set = &w->raw[w->part];
    uint64_t cp[GROUP], co[GROUP], ch[GROUP];
    size_t k = 0;
    w->rc = -1;
    if (set_init(set, bits_for(w->guess), w->b) != 0) return NULL;
    for (int a = 0; a < w->parts; a++)
        for (size_t i = 0; i < w->n_parent[a]; i++) {
            uint64_t p = w->parent[a][i].p, o = w->parent[a][i].o, m = bb_othello_moves(p, o);
            if (k >= BATCH) {
                if (set_add(set, cp, co, ch, k, w->b) != 0) return NULL;
                k = 0;
            }
            if (!m) {
                /* a pass if the opponent can move; else the game is over here */
                if (bb_othello_moves(o, p)) {
                    uint64_t h = pair_hash(o, p);
                    if (part_of(h, w->parts) == w->part) cp[k] = o, co[k] = p, ch[k] = h, k++;
                }
                continue;
            }
            while (m) {
                uint64_t x = m & (0 - m), f = bb_othello_flips(p, o, bb_popcount(x - 1));
                uint64_t q = o ^ f, r = p ^ f ^ x, h = pair_hash(q, r);
                m ^= x;
                if (part_of(h, w->parts) == w->part) cp[k] = q, co[k] = r, ch[k] = h, k++;
            }
        }
    if (set_add(set, cp, co, ch, k, w->b) != 0) return NULL;
    w->rc = 0;
    return NULL;
}

/* Phase 2: the canonical forms of every set's positions, those of the
 * worker's part counted in a set of its own (freed after). */
static void *count_symmetric(void *arg)
{
    worker *w = arg;
    pair_set canon;
    uint64_t p[BATCH], o[BATCH], h[BATCH], kp[BATCH], ko[BATCH], kh[BATCH];
    size_t total = 0;
    w->rc = -1;
    for (int a = 0; a < w->parts; a++) total += w->raw[a].count;
    if (set_init(&canon, bits_for(total / 4 / (size_t)w->parts), w->b) != 0) return NULL;
    for (int a = 0; a < w->parts; a++) {
        const pair_set *set = &w->raw[a];
        size_t n = 0;
        for (size_t i = 0; i <= set->mask; i++) {
            if (set->slot[i].p | set->slot[i].o) p[n] = set->slot[i].p, o[n] = set->slot[i].o, n++;
            if (n < BATCH && !(i == set->mask && n > 0)) continue;
            bb_canonical_pair_array(p, o, n, NULL);
            size_t k = 0;
            for (size_t j = 0; j < n; j++) {
                h[j] = pair_hash(p[j], o[j]);
                if (part_of(h[j], w->parts) == w->part) kp[k] = p[j], ko[k] = o[j], kh[k] = h[j], k++;
            }
            if (set_add(&canon, kp, ko, kh, k, w->b) != 0) {
                set_free(&canon, w->b);
                return NULL;
            }
            n = 0;
        }
    }
    w->sym = canon.count;
    set_free(&canon, w->b);
    w->rc = 0;
    return NULL;
}

#if defined(__unix__) || defined(__APPLE__)
#define BB__POSITIONS_THREADS 1 /* pthreads */
#include <pthread.h>
#else
#define BB__POSITIONS_THREADS 0
#endif

/* Runs fn on every worker: all but the first on threads of their own, the
 * first here (and here too any whose thread could not start); 0 if every
 * worker returned 0, else -1. */
static int run_workers(worker *w, int parts, void *(*fn)(void *))
{
    int rc = 0;
#if BB__POSITIONS_THREADS
    pthread_t tid[BB__POSITIONS_MAX_THREADS];
    int started[BB__POSITIONS_MAX_THREADS] = {0};
    for (int i = 1; i < parts; i++) started[i] = pthread_create(&tid[i], NULL, fn, &w[i]) == 0;
    fn(&w[0]);
    for (int i = 1; i < parts; i++) {
        if (started[i]) pthread_join(tid[i], NULL);
        else fn(&w[i]);
    }
#else
    for (int i = 0; i < parts; i++) fn(&w[i]);
#endif
    for (int i = 0; i < parts; i++) rc |= w[i].rc;
    return rc ? -1 : 0;
}

/* The set packed in place into an array of its count entries (the set is
 * consumed; the slots stay the array if the shrink fails, *bytes says how
 * big it is). */
static pair *pack(pair_set *set, size_t *bytes, budget *b)
{
    size_t n = 0;
    for (size_t i = 0; i <= set->mask; i++)
        if (set->slot[i].p | set->slot[i].o) set->slot[n++] = set->slot[i];
    pair *a = set->slot;
    size_t had = set_bytes(set);
    *bytes = had;
    if (n > 0) {
        pair *shrunk = realloc(a, n * sizeof(pair));
        if (shrunk) {
            a = shrunk;
            atomic_fetch_sub(&b->now, had - n * sizeof(pair));
            *bytes = n * sizeof(pair);
        }
    }
    set->slot = NULL;
    set->mask = set->count = 0;
    return a;
}

int bb_othello_positions(const bb_othello_pos *pos, int plies, uint64_t *raw, uint64_t *sym,
                         bb_othello_positions_opts *opts)
{
    BB__ASSERT_NOT_NULL(pos, "pos");
    BB__ASSERT_NOT_NULL(raw, "raw");
    BB__ASSERT_NOT_NULL(sym, "sym");
    BB__ASSERT(plies >= 0 && plies <= 60, "plies", plies);
    if (!pos || !raw || !sym || plies < 0) return -1;
    if (plies > 60) plies = 60;
    for (int k = 0; k <= plies; k++) raw[k] = sym[k] = 0;
    int parts = opts && opts->threads > 1 ? opts->threads : 1;
    if (parts > BB__POSITIONS_MAX_THREADS) parts = BB__POSITIONS_MAX_THREADS;
    budget b;
    atomic_init(&b.now, 0);
    atomic_init(&b.peak, 0);
    b.max = opts ? opts->max_bytes : 0;

    /* the parents: part 0 holds the root, the others nothing */
    pair *parent[BB__POSITIONS_MAX_THREADS] = {NULL};
    size_t n_parent[BB__POSITIONS_MAX_THREADS] = {0}, bytes[BB__POSITIONS_MAX_THREADS] = {0};
    pair_set set[BB__POSITIONS_MAX_THREADS];
    worker w[BB__POSITIONS_MAX_THREADS];
    memset(set, 0, sizeof set);
    int rc = 0;
    if (!(parent[0] = take(&b, sizeof(pair), 0))) rc = -1;
    else {
        parent[0][0].p = pos->p, parent[0][0].o = pos->o;
        n_parent[0] = 1, bytes[0] = sizeof(pair);
        raw[0] = sym[0] = 1;
        if (opts && opts->ply_done && opts->ply_done(opts->arg, 0, 1, 1)) rc = -2;
    }
    for (int k = 1; k <= plies && rc == 0; k++) {
        /* each set's first size: the last ply's growth again and 10% more,
         * shared out (a set doubles if that is too few) */
        size_t n = (size_t)raw[k - 1], guess = n * 8;
        if (k >= 2 && raw[k - 2] > 0) guess = (size_t)((double)n * ((double)raw[k - 1] / (double)raw[k - 2]) * 1.1);
        for (int i = 0; i < parts; i++) {
            w[i].parent = (const pair *const *)parent, w[i].n_parent = n_parent, w[i].raw = set;
            w[i].parts = parts, w[i].part = i, w[i].guess = guess / (size_t)parts, w[i].b = &b;
            w[i].sym = 0, w[i].rc = 0;
        }
        if (run_workers(w, parts, make_children) != 0) rc = -1;
        for (int i = 0; i < parts; i++) {
            give(&b, parent[i], bytes[i]);
            parent[i] = NULL, n_parent[i] = bytes[i] = 0;
        }
        if (rc == 0 && run_workers(w, parts, count_symmetric) != 0) rc = -1;
        if (rc != 0) break;
        for (int i = 0; i < parts; i++) raw[k] += set[i].count, sym[k] += w[i].sym;
        if (opts && opts->ply_done && opts->ply_done(opts->arg, k, raw[k], sym[k])) rc = -2;
        if (k == plies || rc != 0) break;
        for (int i = 0; i < parts; i++) {
            n_parent[i] = set[i].count;
            parent[i] = pack(&set[i], &bytes[i], &b);
        }
    }
    for (int i = 0; i < parts; i++) {
        set_free(&set[i], &b);
        give(&b, parent[i], bytes[i]);
    }
    if (opts) opts->peak_bytes = atomic_load(&b.peak);
    return rc;
}
