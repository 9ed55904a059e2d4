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

typedef struct {
    uint64_t p, o;
} pair;

/* The bytes held now and at most, and the limit (0: none). */
typedef struct {
    size_t now, peak, max;
} budget;

/* bytes of memory (zeroed if zero is set), counted against the budget; NULL
 * if it would go over or malloc fails. */
static void *take(budget *b, size_t bytes, int zero)
{
    if (b->max && (bytes > b->max || b->now > b->max - bytes)) return NULL;
    void *m = zero ? calloc(bytes ? bytes : 1, 1) : malloc(bytes ? bytes : 1);
    if (!m) return NULL;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    /* A big set is touched all over: 2 MiB pages take 512 times fewer
     * faults (where the kernel gives them on request).  calloc's big
     * blocks are fresh pages, zeroed by the kernel: no memset either. */
    if (zero && bytes >= ((size_t)8 << 20)) {
        uintptr_t start = ((uintptr_t)m + 4095) & ~(uintptr_t)4095, end = ((uintptr_t)m + bytes) & ~(uintptr_t)4095;
        madvise((void *)start, end - start, MADV_HUGEPAGE); /* a hint: failure changes nothing */
    }
#endif
    b->now += bytes;
    if (b->now > b->peak) b->peak = b->now;
    return m;
}

static void give(budget *b, void *m, size_t bytes)
{
    if (!m) return;
    free(m);
    b->now -= bytes;
}

/* ---- the set of pairs ------------------------------------------------------------
 * An empty slot is (0, 0): no position reached by a move or a pass has no
 * disc (the root, which may, is never inserted). */
typedef struct {
    pair *slot;
    size_t mask, count; /* mask = slots - 1, slots a power of two */
} pair_set;

static size_t set_bytes(const pair_set *s) { return s->slot ? (s->mask + 1) * sizeof(pair) : 0; }

static size_t pair_hash(uint64_t p, uint64_t o)
{
    uint64_t h = p * 0x9E3779B97F4A7C15ULL ^ o * 0xC2B2AE3D27D4EB4FULL;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ULL;
    return (size_t)(h ^ (h >> 32));
}

/* An empty set of 2^bits slots: 0, or -1 if memory ran out. */
static int set_init(pair_set *s, int bits, budget *b)
{
    size_t n = (size_t)1 << bits;
    s->slot = take(b, n * sizeof(pair), 1);
    if (!s->slot) return -1;
    s->mask = n - 1;
    s->count = 0;
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

static void set_place(pair_set *s, uint64_t p, uint64_t o) { set_place_at(s, pair_hash(p, o) & s->mask, p, o); }

/* Twice the slots, everything rehashed: 0, or -1 (the set unchanged) if
 * memory ran out. */
static int set_grow(pair_set *s, budget *b)
{
    pair_set t;
    int bits = 0;
    while (((size_t)1 << bits) <= s->mask) bits++;
    if (set_init(&t, bits + 1, b) != 0) return -1;
    for (size_t i = 0; i <= s->mask; i++)
        if (s->slot[i].p | s->slot[i].o) set_place(&t, s->slot[i].p, s->slot[i].o);
    set_free(s, b);
    *s = t;
    return 0;
}

/* Adds the n pairs (n <= BATCH): 0, or -1 if memory ran out.  Their slots
 * are asked of memory all at once before any is used: the set is far larger
 * than the caches, and the misses overlap. */
enum { BATCH = 64 };
static int set_add(pair_set *s, const uint64_t *p, const uint64_t *o, size_t n, budget *b)
{
    size_t at[BATCH];
    while (s->count + n > (s->mask + 1) / 4 * 3)
        if (set_grow(s, b) != 0) return -1;
    for (size_t i = 0; i < n; i++) {
        at[i] = pair_hash(p[i], o[i]) & s->mask;
        BB__PREFETCH(&s->slot[at[i]]);
    }
    for (size_t i = 0; i < n; i++) set_place_at(s, at[i], p[i], o[i]);
    return 0;
}

/* ---- one ply ---------------------------------------------------------------------- */

/* The slots for about n entries at most 3/4 full (at least 2^10). */
static int bits_for(size_t n)
{
    int bits = 10;
    while (bits < 62 && ((size_t)1 << bits) / 4 * 3 < n) bits++;
    return bits;
}

/* The children of the n parents into *set (made here): 0, or -1. */
static int children(const pair *parent, size_t n, size_t guess, pair_set *set, budget *b)
{
    uint64_t cp[BATCH], co[BATCH];
    size_t k = 0;
    if (set_init(set, bits_for(guess), b) != 0) return -1;
    for (size_t i = 0; i < n; i++) {
        uint64_t p = parent[i].p, o = parent[i].o, m = bb_othello_moves(p, o);
        if (k + 33 > BATCH) { /* at most 33 moves (a pass is one child) */
            if (set_add(set, cp, co, k, b) != 0) return -1;
            k = 0;
        }
        if (!m) {
            /* a pass if the opponent can move; else the game is over here */
            if (bb_othello_moves(o, p)) cp[k] = o, co[k] = p, k++;
            continue;
        }
        while (m) {
            uint64_t x = m & (0 - m), f = bb_othello_flips(p, o, bb_popcount(x - 1));
            m ^= x;
            cp[k] = o ^ f, co[k] = p ^ f ^ x, k++;
        }
    }
    return set_add(set, cp, co, k, b);
}

/* The number of distinct canonical forms of the positions in *set: 0 and
 * *count, or -1 if memory ran out. */
static int count_symmetric(const pair_set *set, uint64_t *count, budget *b)
{
    pair_set canon;
    uint64_t p[BATCH], o[BATCH];
    size_t n = 0;
    if (set_init(&canon, bits_for(set->count / 4), b) != 0) return -1;
    for (size_t i = 0; i <= set->mask; i++) {
        if (set->slot[i].p | set->slot[i].o) p[n] = set->slot[i].p, o[n] = set->slot[i].o, n++;
        if (n == BATCH || (i == set->mask && n > 0)) {
            bb_canonical_pair_array(p, o, n, NULL);
            if (set_add(&canon, p, o, n, b) != 0) {
                set_free(&canon, b);
                return -1;
            }
            n = 0;
        }
    }
    *count = canon.count;
    set_free(&canon, b);
    return 0;
}

/* The set packed in place into an array of its count entries (the set is
 * consumed): the array, NULL only for an empty set or a failed shrink
 * (then the slots stay the array, with *bytes saying so). */
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
            b->now -= had - n * sizeof(pair);
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
    budget b = {0, 0, opts ? opts->max_bytes : 0};
    int rc = 0;

    size_t n = 1, bytes = sizeof(pair);
    pair *parent = take(&b, bytes, 0);
    if (!parent) rc = -1;
    else {
        parent[0].p = pos->p, parent[0].o = pos->o;
        raw[0] = sym[0] = 1;
        if (opts && opts->ply_done && opts->ply_done(opts->arg, 0, 1, 1)) rc = -2;
    }
    for (int k = 1; k <= plies && rc == 0; k++) {
        pair_set set;
        /* the set's first size: the last ply's growth again and 10% more
         * (it doubles if that is too few) */
        size_t guess = n * 8;
        if (k >= 2 && raw[k - 2] > 0) guess = (size_t)((double)n * ((double)raw[k - 1] / (double)raw[k - 2]) * 1.1);
        if (children(parent, n, guess, &set, &b) != 0) {
            set_free(&set, &b);
            rc = -1;
            break;
        }
        give(&b, parent, bytes);
        parent = NULL;
        raw[k] = set.count;
        if (count_symmetric(&set, &sym[k], &b) != 0) {
            raw[k] = 0;
            set_free(&set, &b);
            rc = -1;
            break;
        }
        if (opts && opts->ply_done && opts->ply_done(opts->arg, k, raw[k], sym[k])) rc = -2;
        n = set.count;
        if (k == plies || rc != 0) set_free(&set, &b);
        else parent = pack(&set, &bytes, &b);
    }
    give(&b, parent, bytes);
    if (opts) opts->peak_bytes = b.peak;
    return rc;
}
