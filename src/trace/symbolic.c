/* Symbolic execution over GF(2) (bb_trace_run), verdicts (bb_trace_judge). */
#include <stdlib.h>
#include <string.h>

#include "trace_private.h"

int bb_trace_run(const bb_trace_program *p, const uint64_t *inputs, bb_trace_result *r)
{
    (void)p; (void)inputs;
    memset(r, 0, sizeof *r);
    return -1;
}

void bb_trace_result_free(bb_trace_result *r)
{
    if (!r) return;
    for (int i = 0; i < r->nstates; i++) free(r->state[i].lost);
    free(r->state);
    memset(r, 0, sizeof *r);
}

static const char *const kind_names[] = {"permutation", "gather", "scatter", "linear", "lossy", "nonlinear"};

const char *bb_trace_kind_name(bb_trace_kind kind)
{
    return (unsigned)kind < 6 ? kind_names[kind] : NULL;
}

void bb_trace_judge(const bb_trace_result *r, bb_trace_verdict *v)
{
    (void)r;
    memset(v, 0, sizeof *v);
}
