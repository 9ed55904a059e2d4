/* perft's transposition table (src/othello/tt.c, perft.c): buckets of two
 * entries in one 64-byte cache line, a spin lock each.  Not API.
 *
 * An entry is a position (p to move, o) as the caller keys it (perft: the
 * least of its 8 symmetric images, or as it is), a tag (the depth left,
 * 2..60, and the convention: depth | convention << 6; 0 = empty) and the
 * count.  The whole position is stored, so a hit is never a collision.
 *
 * Replacement (bb__tt_store): slot 0 keeps the deeper work.  A count at
 * least as deep as slot 0's goes there and slot 0's moves down to slot 1;
 * a shallower one goes to slot 1.  Slot 1's old entry is lost.  In a perft
 * the deep entries are few and each saves a large subtree, and the shallow
 * ones, most of the table, turn over. */
#ifndef BB_SRC_OTHELLO_TT_H
#define BB_SRC_OTHELLO_TT_H

#include "bitboard.h"

#include <stdatomic.h>

typedef struct {
    _Alignas(64) atomic_uint lock; /* 0 free, 1 held */
    unsigned char tag[2];          /* depth | convention << 6; 0: empty */
    unsigned char unused_[2];
    uint64_t p[2], o[2], n[2];
} bb__tt_bucket;

/* bb_othello_tt's fields: buckets_, count_ of them, 64-byte aligned (2 MiB
 * for tables of 4 MiB and more), in the block memory_ (what to free). */
static inline bb__tt_bucket *bb__tt_buckets(const bb_othello_tt *t) { return (bb__tt_bucket *)t->buckets_; }

/* The bucket of a key (p, o): a 64-bit mix of both boards (the finaliser
 * of MurmurHash3) reduced modulo the bucket count. */
static inline bb__tt_bucket *bb__tt_bucket_of(const bb_othello_tt *t, uint64_t p, uint64_t o)
{
    uint64_t h = p + o * 0x9E3779B97F4A7C15ULL;
    h ^= h >> 33;
    h *= 0xFF51AFD7ED558CCDULL;
    h ^= h >> 33;
    h *= 0xC4CEB9FE1A85EC53ULL;
    h ^= h >> 33;
    return &bb__tt_buckets(t)[h % t->count_];
}

static inline void bb__tt_prefetch(const bb__tt_bucket *b)
{
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(b);
#else
    (void)b;
#endif
}

static inline void bb__tt_lock(bb__tt_bucket *b)
{
    while (atomic_exchange_explicit(&b->lock, 1u, memory_order_acquire))
        while (atomic_load_explicit(&b->lock, memory_order_relaxed)) {
#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
            __builtin_ia32_pause();
#endif
        }
}

static inline void bb__tt_unlock(bb__tt_bucket *b) { atomic_store_explicit(&b->lock, 0u, memory_order_release); }

/* 1 and *n if the bucket holds (p, o) with this tag, else 0. */
static inline int bb__tt_probe(bb__tt_bucket *b, uint64_t p, uint64_t o, unsigned tag, uint64_t *n)
{
    int found = 0;
    bb__tt_lock(b);
    for (int i = 0; i < 2; i++)
        if (b->tag[i] == tag && b->p[i] == p && b->o[i] == o) {
            *n = b->n[i];
            found = 1;
            break;
        }
    bb__tt_unlock(b);
    return found;
}

/* Writes (p, o, tag, n) by the replacement rule at the top; tag not 0. */
static inline void bb__tt_store(bb__tt_bucket *b, uint64_t p, uint64_t o, unsigned tag, uint64_t n)
{
    bb__tt_lock(b);
    int slot = 1;
    if ((tag & 63) >= (b->tag[0] & 63u)) {
        b->tag[1] = b->tag[0], b->p[1] = b->p[0], b->o[1] = b->o[0], b->n[1] = b->n[0];
        slot = 0;
    }
    b->tag[slot] = (unsigned char)tag, b->p[slot] = p, b->o[slot] = o, b->n[slot] = n;
    bb__tt_unlock(b);
}

#endif
