/* The Othello midgame search for JavaScript (js/othello.js's search,
 * searchAsync and SearchTable): bb_othello_search with its options as
 * numbers, a kept table by its address, the result and each progress
 * report as a js_search_out.  Only the public API is used here. */
#include <stdint.h>
#include <string.h>

#include "bitboard.h"
#include "layout.h"

/* Imported from JavaScript (js/core.js's `callbacks.search_progress`): a
 * report of the search so far, a js_search_out at `so_far` (valid during
 * the call); non-zero stops the search. */
__attribute__((import_module("bitboard"), import_name("search_progress"))) int
bb_js_search_progress(const unsigned char *so_far);

/* The search's result as it crosses to JavaScript; SEARCH_FIELDS is its
 * one description (layout.h checks it against the struct), read by name
 * in js/othello.js. */
typedef struct {
    uint64_t nodes;
    double score, seconds;
    int32_t exact, best, depth, stopped, wld, wld_proven; /* best: -1 if the game is over */
    int32_t pv_length;
    int32_t pv[sizeof(((bb_othello_search_result *)0)->pv) / sizeof(int)]; /* pv_length moves, then -1 */
} js_search_out;
#define SEARCH_FIELDS(X)                                                                                            \
    X(js_search_out, nodes, uint64_t)                                                                               \
    X(js_search_out, score, double)                                                                                 \
    X(js_search_out, seconds, double)                                                                               \
    X(js_search_out, exact, int32_t)                                                                                \
    X(js_search_out, best, int32_t)                                                                                 \
    X(js_search_out, depth, int32_t)                                                                                \
    X(js_search_out, stopped, int32_t)                                                                              \
    X(js_search_out, wld, int32_t)                                                                                  \
    X(js_search_out, wld_proven, int32_t)                                                                           \
    X(js_search_out, pv_length, int32_t)                                                                            \
    X(js_search_out, pv, int32_t)
JS_LAYOUT(bb_js_othello_search_layout, js_search_out, SEARCH_FIELDS)

static void search_out(js_search_out *o, const bb_othello_search_result *r)
{
    o->nodes = r->nodes;
    o->score = r->score;
    o->seconds = r->seconds;
    o->exact = r->exact, o->best = r->best, o->depth = r->depth, o->stopped = r->stopped;
    o->wld = r->wld, o->wld_proven = r->wld_proven;
    o->pv_length = r->pv_length;
    for (int i = 0; i < (int)(sizeof o->pv / sizeof o->pv[0]); i++) o->pv[i] = i < r->pv_length ? r->pv[i] : -1;
}

static void search_progress(const bb_othello_search_result *so_far, void *arg)
{
    js_search_out o;
    search_out(&o, so_far);
    if (bb_js_search_progress((const unsigned char *)&o)) *(volatile int *)arg = 1;
}

/* the search's limits and default, the library's (js/othello.js reads them) */
BB_JS_EXPORT int bb_js_othello_search_max_depth(void) { return BB_OTHELLO_SEARCH_MAX_DEPTH; }
BB_JS_EXPORT int bb_js_othello_search_default_depth(void) { return BB_OTHELLO_SEARCH_DEFAULT_DEPTH; }
BB_JS_EXPORT int bb_js_max_seconds(void) { return BB_MAX_SECONDS; }

/* A kept table of mb MiB (js/othello.js checks 1..its MAX_HASH_MB): its address, or 0 */
BB_JS_EXPORT bb_othello_search_table *bb_js_othello_search_table_new(int mb)
{
    return mb > 0 ? bb_othello_search_table_new((size_t)mb) : NULL;
}
BB_JS_EXPORT void bb_js_othello_search_table_clear(bb_othello_search_table *t) { bb_othello_search_table_clear(t); }
BB_JS_EXPORT void bb_js_othello_search_table_free(bb_othello_search_table *t) { bb_othello_search_table_free(t); }

/* Searches the position at io (checked by js/othello.js: depth 0..60, seconds
 * 0..BB_MAX_SECONDS, hash_mb 0..its cap, exact_empties -1..60), on the kept
 * table t if not NULL, reporting through search_progress if `progress`; the
 * result in out (a js_search_out).  Returns the search's status (0; -1 if
 * the table could not be had; -2 if stopped before depth 1 was done). */
BB_JS_EXPORT int bb_js_othello_search(const uint64_t *io, int depth, double seconds, int hash_mb, int exact_empties,
                                      int no_probcut, bb_othello_search_table *t, int progress, unsigned char *out)
{
    bb_othello_pos pos;
    pos.p = io[0], pos.o = io[1], pos.side = io[2] ? BB_OTHELLO_WHITE : BB_OTHELLO_BLACK;
    bb_othello_search_opts opts;
    memset(&opts, 0, sizeof opts);
    opts.depth = depth;
    opts.seconds = seconds;
    opts.hash_mb = (size_t)hash_mb;
    opts.exact_empties = exact_empties;
    opts.no_probcut = no_probcut;
    opts.table = t;
    volatile int stop = 0;
    opts.stop = &stop;
    if (progress) opts.progress = search_progress, opts.progress_arg = (void *)&stop;
    bb_othello_search_result r;
    int rc = bb_othello_search(&pos, &opts, &r);
    js_search_out o;
    search_out(&o, &r);
    memcpy(out, &o, sizeof o);
    return rc;
}
