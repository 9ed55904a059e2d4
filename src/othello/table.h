/* The one transposition table of the Othello searches: the exact solver
 * (solve.c) and the midgame search (search.c) probe and store here, and a
 * table kept by the caller (bb_othello_search_table) serves both, move
 * after move.  Not API.  (perft's counting table is another thing: tt.h.)
 *
 * A bucket is one 64-byte cache line: a lock and two entries.  An entry is
 * a whole position (the key: a hit is never a collision), its bounds, the
 * draft it was searched to, the best move, its selectivity and its age:
 *   draft  the moves searched below it: the depth (midgame), or the
 *          empties (endgame: to the end of the game); 0 = an empty slot
 *   move   the best move found, in the key's frame (64: none)
 *   sel    its kind and selectivity: BB__SEL_END for the solver's bounds
 *          of the final score in discs, without it the search's bounds of
 *          a depth-limited score in 1/BB__EVAL_UNIT of a disc; and in the
 *          low bits the level: BB__SEL_EXACT found without probable
 *          cut-offs, 0.. below it with them (a lower level more selective)
 *   age    the table's age when it was stored: every search or solve on
 *          the table is one age older than the last
 *
 * When a bound is taken (bb__table_bounds):
 *   - only by a search of the same kind (the other kind's units and
 *     meaning differ; its move is still taken);
 *   - never from a level below the searcher's: a bound found with probable
 *     cut-offs holds for that selectivity and the more selective ones, so
 *     an exact search never takes it, nor a less selective level;
 *   - a selective bound only from the current age: its margins belong to
 *     the search that made it, and what it cut off another search may not
 *     (a kept table's selective entries give the next search their moves).
 *     An exact bound (BB__SEL_EXACT) is taken from any age: the solver's is
 *     a proof about the position, the midgame search's the position's
 *     depth-limited score, a function of the position, the depth and the
 *     evaluation alone.  The age is a byte: 256 searches on, an old entry
 *     looks current again; that costs selective bounds' accuracy, never an
 *     exact answer, which takes no selective bound.
 *
 * Storing (bb__table_store) an entry already there: one as deep and at the
 * same level of the current age (or exact) has its bounds tightened; one
 * deeper or as deep and less selective (comparable: same kind, and current
 * or exact) keeps its bounds and, if as deep, takes the new move; any other
 * is replaced.  A new entry: slot 0 keeps the current entry with the
 * larger draft, slot 1 takes the rest; an older entry is the first to go.
 *
 * Threads share a table under one discipline: a table marked shared
 * (several threads on it) reads and writes a bucket under its spin lock,
 * with a pause in the spin; one thread alone takes no lock. */
#ifndef BB_SRC_OTHELLO_TABLE_H
#define BB_SRC_OTHELLO_TABLE_H

#include "bitboard.h"

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

enum {
    BB__SEL_EXACT = 15, /* the level of a bound found without probable cut-offs */
    BB__SEL_LEVEL = 15, /* the level's bits in sel */
    BB__SEL_END = 16,   /* the solver's kind: a bound of the final score, in discs */
};

typedef struct {
    uint64_t p, o;        /* the key: the position, p to move */
    int16_t lower, upper; /* the bounds (the kind's units) */
    uint8_t draft;        /* the depth or empties searched; 0 = empty slot */
    uint8_t move;         /* the best move, in the key's frame; 64 = none */
    uint8_t sel;          /* kind | level */
    uint8_t age;
} bb__table_entry;

typedef struct {
    _Alignas(64) atomic_uint lock; /* 0 free, 1 held (a shared table only) */
    uint32_t unused_;
    bb__table_entry e[2];
} bb__table_bucket;

/* The public bb_othello_search_table is this table. */
struct bb_othello_search_table {
    bb__table_bucket *b;
    size_t count;  /* buckets: a power of two */
    void *memory;  /* what to free */
    int shared;    /* 1: threads share it (the lock is taken) */
    uint8_t age;   /* the age of the search on it now */
};
typedef struct bb_othello_search_table bb__table;

/* A table of at most mb MiB (the largest power of two of buckets that
 * fits, at least one), every entry empty, 2 MiB aligned and asked for in
 * huge pages where the system has them: 0, or -1 (no memory, or over
 * 1 TiB, 2^20 MiB, or more than half the address space).  bb__table_free
 * frees what it took (not t itself). */
int bb__table_alloc(bb__table *t, size_t mb);
void bb__table_free(bb__table *t);
/* The tables allocated since the program started (the tests count them). */
uint64_t bb__table_allocations(void);

/* The tests: every entry of sel's kind given sel's level and these
 * bounds, and the age the next search on t will have (stale 0) or the last
 * one's (stale 1): tests/test_othello_search.c and test_othello_solve.c
 * fill a table with nonsense to show which entries a search takes its
 * bounds from. */
void bb__table_mark(bb__table *t, unsigned sel, int stale, int lower, int upper);

/* The next search on t: one age on.  Called once by each bb_othello_search
 * and bb_othello_solve before its threads start. */
static inline void bb__table_next_age(bb__table *t) { t->age = (uint8_t)(t->age + 1); }

static inline bb__table_bucket *bb__table_bucket_of(const bb__table *t, uint64_t p, uint64_t o)
{
    uint64_t h = p * 0x9E3779B97F4A7C15ULL ^ (o + (o >> 29)) * 0xC2B2AE3D27D4EB4FULL;
    h ^= h >> 31;
    return &t->b[h & (t->count - 1)];
}

static inline void bb__table_prefetch(const bb__table *t, uint64_t p, uint64_t o)
{
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(bb__table_bucket_of(t, p, o));
#else
    (void)t, (void)p, (void)o;
#endif
}

/* The spin's pause: the CPU's hint that this is a spin-wait loop (it saves
 * power and lets the lock holder's hyperthread run), else nothing. */
static inline void bb__cpu_pause(void)
{
#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
    __builtin_ia32_pause();
#elif defined(__aarch64__) && (defined(__GNUC__) || defined(__clang__))
    __asm__ __volatile__("yield");
#endif
}

static inline void bb__table_lock(const bb__table *t, bb__table_bucket *b)
{
    if (t->shared)
        while (atomic_exchange_explicit(&b->lock, 1u, memory_order_acquire))
            while (atomic_load_explicit(&b->lock, memory_order_relaxed)) bb__cpu_pause();
}
static inline void bb__table_unlock(const bb__table *t, bb__table_bucket *b)
{
    if (t->shared) atomic_store_explicit(&b->lock, 0u, memory_order_release);
}

/* 1 and a copy of (p, o)'s entry if it is there, else 0. */
static inline int bb__table_probe(const bb__table *t, uint64_t p, uint64_t o, bb__table_entry *out)
{
    bb__table_bucket *b = bb__table_bucket_of(t, p, o);
    int hit = 0;
    bb__table_lock(t, b);
    for (int i = 0; i < 2; i++)
        if (b->e[i].draft && b->e[i].p == p && b->e[i].o == o) {
            *out = b->e[i];
            hit = 1;
            break;
        }
    bb__table_unlock(t, b);
    return hit;
}

/* Whether a search of kind and level sel, on t now, takes e's bounds (the
 * rules at the top; the caller checks the draft). */
static inline int bb__table_bounds(const bb__table *t, const bb__table_entry *e, unsigned sel)
{
    unsigned level = e->sel & BB__SEL_LEVEL;
    if ((e->sel ^ sel) & BB__SEL_END) return 0;
    if (level < (sel & BB__SEL_LEVEL)) return 0;
    return level == BB__SEL_EXACT || e->age == t->age;
}

/* Stores a search's result for (p, o): its bounds, found at draft and
 * sel, and its best move (64: none); the rules at the top. */
static inline void bb__table_store(const bb__table *t, uint64_t p, uint64_t o, int draft, unsigned sel, int lower,
                                   int upper, int move)
{
    bb__table_bucket *b = bb__table_bucket_of(t, p, o);
    bb__table_lock(t, b);
    for (int i = 0; i < 2; i++) {
        bb__table_entry *x = &b->e[i];
        if (!x->draft || x->p != p || x->o != o) continue;
        unsigned xl = x->sel & BB__SEL_LEVEL, l = sel & BB__SEL_LEVEL;
        int comparable = !((x->sel ^ sel) & BB__SEL_END) && (x->age == t->age || xl == BB__SEL_EXACT);
        if (comparable && x->draft == draft && xl == l) { /* the same search's bounds: both hold */
            if (lower > x->lower) x->lower = (int16_t)lower;
            if (upper < x->upper) x->upper = (int16_t)upper;
            if (x->lower > x->upper) { /* crossed (a lazy-SMP race, or selective bounds) */
                if (sel & BB__SEL_END) /* the solver: the new bound that crossed, as the score */
                    x->lower = x->upper = (int16_t)(lower > x->upper ? lower : upper);
                else /* the search: the new bounds */
                    x->lower = (int16_t)lower, x->upper = (int16_t)upper;
            }
        } else if (comparable && x->draft >= draft && xl >= l) { /* deeper or less selective: kept */
            if (x->draft > draft || move == 64) {
                bb__table_unlock(t, b);
                return;
            }
            x->move = (uint8_t)move;
            bb__table_unlock(t, b);
            return;
        } else {
            x->lower = (int16_t)lower, x->upper = (int16_t)upper, x->draft = (uint8_t)draft, x->sel = (uint8_t)sel;
        }
        if (move != 64) x->move = (uint8_t)move;
        x->age = t->age;
        bb__table_unlock(t, b);
        return;
    }
    bb__table_entry e = {p, o, (int16_t)lower, (int16_t)upper, (uint8_t)draft, (uint8_t)move, (uint8_t)sel, t->age};
    bb__table_entry *e0 = &b->e[0], *e1 = &b->e[1];
    int cur0 = e0->draft && e0->age == t->age, cur1 = e1->draft && e1->age == t->age;
    if (cur0 && draft < e0->draft) {
        *e1 = e;
    } else {
        if (e0->draft && (cur0 || !cur1)) *e1 = *e0; /* an older slot 0 does not push out a current slot 1 */
        *e0 = e;
    }
    bb__table_unlock(t, b);
}

#endif
