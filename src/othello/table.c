/* The Othello searches' one transposition table (table.h): its allocator
 * and the public bb_othello_search_table functions. */
#if defined(__linux__)
#define _DEFAULT_SOURCE 1 /* madvise's MADV_HUGEPAGE */
#include <sys/mman.h>
#endif
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "table.h"

static atomic_uint_fast64_t allocations;

uint64_t bb__table_allocations(void) { return (uint64_t)atomic_load(&allocations); }

int bb__table_alloc(bb__table *t, size_t mb)
{
    if (mb > ((size_t)1 << 20)) return -1; /* more than 1 TiB: refused, not tried */
    uint64_t bytes = (uint64_t)mb << 20, n64 = 1;
    while (n64 * 2 * sizeof(bb__table_bucket) <= bytes) n64 *= 2;
    if (n64 * sizeof(bb__table_bucket) > (uint64_t)(SIZE_MAX / 2)) return -1; /* more than the address space */
    size_t n = (size_t)n64;
    /* 2 MiB aligned, and asked for in huge pages where the system has them
     * on request: a probe is then one cache miss, not a cache miss and a TLB
     * walk (FFO #40-#44 on Zen 1, 208 MiB: 21.0-21.3 s against 22.0-22.3 s). */
    size_t huge = (size_t)2 << 20, size = (n * sizeof(bb__table_bucket) + huge - 1) / huge * huge;
    /* zeroed memory is an empty table (every lock 0, every draft 0): from
     * calloc, whose large blocks are fresh pages the system clears as they
     * are first touched, so nothing here writes all of it again */
    t->memory = calloc(size + huge, 1);
    if (!t->memory) return -1;
    atomic_fetch_add(&allocations, 1);
    uintptr_t at = ((uintptr_t)t->memory + huge - 1) & ~(uintptr_t)(huge - 1);
    t->b = (bb__table_bucket *)at;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    (void)madvise(t->b, size, MADV_HUGEPAGE); /* a hint: without it, small pages */
#endif
    t->count = n;
    t->shared = 0;
    t->age = 0;
    return 0;
}

void bb__table_free(bb__table *t)
{
    free(t->memory);
    t->memory = NULL, t->b = NULL, t->count = 0;
}

void bb__table_mark(bb__table *t, unsigned sel, int stale, int lower, int upper)
{
    for (size_t i = 0; i < t->count; i++)
        for (int k = 0; k < 2; k++) {
            bb__table_entry *e = &t->b[i].e[k];
            if (!e->draft || ((e->sel ^ sel) & BB__SEL_END)) continue;
            e->sel = (uint8_t)sel, e->lower = (int16_t)lower, e->upper = (int16_t)upper;
            e->age = stale ? t->age : (uint8_t)(t->age + 1);
        }
}

bb_othello_search_table *bb_othello_search_table_new(size_t mb)
{
    bb__table *t = (bb__table *)malloc(sizeof *t);
    if (!t) return NULL;
    if (bb__table_alloc(t, mb ? mb : 16) != 0) {
        free(t);
        return NULL;
    }
    return t;
}

void bb_othello_search_table_clear(bb_othello_search_table *t)
{
    BB__ASSERT_NOT_NULL(t, "t");
    if (t) memset(t->b, 0, t->count * sizeof(bb__table_bucket));
}

void bb_othello_search_table_free(bb_othello_search_table *t)
{
    if (!t) return;
    bb__table_free(t);
    free(t);
}
