/* Proofs of a program against a definition (bb_trace_prove). */
#include <string.h>

#include "trace_private.h"

int bb_trace_prove(const bb_trace_program *p, bb_trace_def *def, const void *arg, bb_trace_proof *proof)
{
    (void)p; (void)def; (void)arg;
    memset(proof, 0, sizeof *proof);
    return -1;
}
