/* What the tracer's tests share (tests/test_trace.c, tests/test_trace_ops.c):
 * a symbolic bit's value on concrete inputs, and a program that must parse. */
#ifndef BB_TESTS_TRACE_TEST_H
#define BB_TESTS_TRACE_TEST_H

#include <string.h>

#include <bitboard.h>

#include "harness.h"

/* The value of a linear symbolic bit on concrete inputs. */
static inline int bit_value(const bb_trace_bit *b, const uint64_t *in)
{
    int v = b->konst;
    for (int u = 0; u < BB_TRACE_MAX_VARS; u++) v ^= bb_popcount(b->in[u] & in[u]) & 1;
    return v;
}

/* text parsed; a failed CHECK (and NULL) if it does not parse. */
static inline bb_trace_program *parse_ok(const char *text)
{
    bb_parse_error e;
    memset(&e, 0, sizeof e);
    bb_trace_program *p = bb_trace_parse(text, &e);
    CHECK(p != NULL, "'%s' does not parse: %s", text, e.msg);
    return p;
}

#endif
