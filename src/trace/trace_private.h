/* Private to src/trace/: what the tracer's files share (not API). */
#ifndef BITBOARD_SRC_TRACE_PRIVATE_H
#define BITBOARD_SRC_TRACE_PRIVATE_H

#include "bitboard.h"

/* One operation on concrete values: v op k (shift: dswap's; idx: bitgather's 64 indices, else NULL). */
uint64_t bb__trace_apply(bb_trace_op op, uint64_t v, uint64_t k, int shift, const unsigned char *idx);
/* Step s's bitgather indices (p->gather[s->k]), or NULL if s is not a bitgather. */
const unsigned char *bb__trace_gather_of(const bb_trace_program *p, const bb_trace_step *s);
/* bb_trace_add, recording the step's place in the text (1-based pos, len). */
int bb__trace_add_at(bb_trace_program *p, bb_trace_op op, const char *name, uint64_t k, int shift,
                     bb_parse_error *err, int pos, int len);
/* bb_trace_add_gather, recording the step's place in the text. */
int bb__trace_add_gather_at(bb_trace_program *p, const unsigned char *idx, bb_parse_error *err, int pos, int len);
/* Step i as a heading for the pictures and verdicts: bb_trace_step_text,
 * but a bitgather's 64 indices abbreviated ("bitgather [64 indices: 7,6,5,...]"). */
size_t bb__trace_step_label(char *buf, size_t size, const bb_trace_program *p, int i);

/* Whether state s (s >= 1: after step s - 1) is worth drawing: not a let,
 * not a load that changes nothing (`input p o; p & o` loads p onto p). */
int bb__trace_visible(const bb_trace_result *r, int s);
/* The number a reader sees for step i (0-based): the steps drawn up to and
 * including it, so hidden steps leave no gaps ("step 1" is the first drawn
 * step in the pictures and the verdicts alike). */
int bb__trace_step_number(const bb_trace_result *r, int i);

/* 1 if the symbolic bit is a constant (linear, no input bits). */
int bb__trace_is_const(const bb_trace_bit *a);

#endif
