/* bb_othello_tt: perft's transposition table (the layout and the
 * replacement rule: tt.h; how perft uses it: perft.c). */
#if defined(__linux__)
#define _DEFAULT_SOURCE /* madvise, MADV_HUGEPAGE */
#include <sys/mman.h>
#endif
#include <stdlib.h>

#include "tt.h"

#define HUGE_PAGE ((size_t)2 << 20)

bb_othello_tt *bb_othello_tt_new(size_t bytes)
{
    if (bytes < sizeof(bb__tt_bucket)) return NULL;
    size_t n = bytes / sizeof(bb__tt_bucket);
    if (n > ((size_t)-1 - 2 * HUGE_PAGE) / sizeof(bb__tt_bucket)) return NULL;
    bb_othello_tt *t = malloc(sizeof *t);
    if (!t) return NULL;
    /* calloc: large blocks come zeroed from the system, pages mapped on first
     * use; aligned to 2 MiB so that Linux can back it with huge pages (fewer
     * TLB misses on random probes). */
    size_t align = n * sizeof(bb__tt_bucket) >= 2 * HUGE_PAGE ? HUGE_PAGE : sizeof(bb__tt_bucket);
    t->memory_ = calloc(n * sizeof(bb__tt_bucket) + align, 1);
    if (!t->memory_) {
        free(t);
        return NULL;
    }
    uintptr_t a = ((uintptr_t)t->memory_ + align - 1) & ~(uintptr_t)(align - 1);
    t->buckets_ = (void *)a;
    t->count_ = n;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (align == HUGE_PAGE) madvise(t->buckets_, n * sizeof(bb__tt_bucket) / HUGE_PAGE * HUGE_PAGE, MADV_HUGEPAGE);
#endif
    return t;
}

void bb_othello_tt_free(bb_othello_tt *t)
{
    if (!t) return;
    free(t->memory_);
    free(t);
}

void bb_othello_tt_clear(bb_othello_tt *t)
{
    BB__ASSERT_NOT_NULL(t, "t");
    if (!t) return;
    bb__tt_bucket *b = bb__tt_buckets(t);
    for (size_t i = 0; i < t->count_; i++) {
        atomic_store_explicit(&b[i].lock, 0u, memory_order_relaxed);
        b[i].tag[0] = b[i].tag[1] = 0;
    }
}

size_t bb_othello_tt_bytes(const bb_othello_tt *t)
{
    BB__ASSERT_NOT_NULL(t, "t");
    return t ? t->count_ * sizeof(bb__tt_bucket) : 0;
}
