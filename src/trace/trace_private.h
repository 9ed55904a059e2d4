/* Private to src/trace/: what the tracer's files share (not API). */
#ifndef BITBOARD_SRC_TRACE_PRIVATE_H
#define BITBOARD_SRC_TRACE_PRIVATE_H

#include "bitboard.h"

/* One operation on concrete values: v op k (shift: dswap's). */
uint64_t bb__trace_apply(bb_trace_op op, uint64_t v, uint64_t k, int shift);
/* bb_trace_add, recording the step's place in the text (1-based pos, len). */
int bb__trace_add_at(bb_trace_program *p, bb_trace_op op, const char *name, uint64_t k, int shift,
                     bb_parse_error *err, int pos, int len);

/* 1 if the symbolic bit is a constant (linear, no input bits). */
int bb__trace_is_const(const bb_trace_bit *a);

#endif
