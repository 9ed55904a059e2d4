/* What the three pictures of a trace share (src/trace/render_*.c only):
 *   bb__rc_cell       one drawn bit: position, symbolic bit, how many lost bits met there
 *   bb__rc_cells      the bits of a state to draw: the 64 of the value, then what fell off
 *                     (overflow, underflow), bits at the same would-be position combined
 *   bb__rc_label      a bit's label: its source square ("e4", "oe4" with several inputs),
 *                     "~e4" complemented, "^3" an XOR of 3 bits, "?e4"/"?5" not linear, "1"
 *   bb__rc_sources    the number of input bits a bit holds (or depends on)
 *   bb__rc_colour     a source square's colour: hue by rank, lightness by file
 *   bb__rc_state_op   a state's heading: "input x" or the step's text
 *   bb__rc_program    the whole program as one line of text
 *   bb__rc_program_text  the same in a new string (malloc'd; NULL if out of memory)
 *   bb__rc_visible    the states worth drawing
 *   bb__rc_concrete   a cell's value on the run's concrete inputs
 *   bb__rc_xml        text escaped for XML and HTML                          */
#ifndef BITBOARD_SRC_TRACE_RENDER_COMMON_H
#define BITBOARD_SRC_TRACE_RENDER_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "bitboard.h"
#include "../core/text.h"

typedef struct {
    int pos;            /* 0..63 in the value, >= 64 overflow, < 0 underflow */
    bb_trace_bit bit;   /* lost bits at one position: their XOR, flags OR-ed */
} bb__rc_cell;

/* The bits of state s of r worth drawing into cell[] (room for 64 + 192):
 * the 64 positions of the value (all of them, constant zeros too), then the
 * lost bits (overflow and underflow, no constant zeros), combined per
 * position: two lost bits with variable parts meeting at one position are
 * flagged BB_TRACE_CARRY_RISK.  Returns the number of cells. */
int bb__rc_cells(const bb_trace_result *r, int s, bb__rc_cell *cell);
#define BB__RC_MAX_CELLS (64 + 192)

/* The number of input bits (over all inputs) in b.in[]. */
int bb__rc_sources(const bb_trace_bit *b);

/* b's label into buf (at least BB__RC_LABEL_MAX bytes); "" for a constant 0.
 * Square names are prefixed by the input's name when p has several inputs. */
#define BB__RC_LABEL_MAX (BB_TRACE_NAME_MAX + 8)
const char *bb__rc_label(const bb_trace_program *p, const bb_trace_bit *b, char *buf);

/* The single input bit b holds (v * 64 + s), or -1 if it holds none or several. */
int bb__rc_single(const bb_trace_bit *b);

/* The colour of input bit v * 64 + sq as 0..255 red, green, blue; *dark is 1
 * when text on it should be white. */
void bb__rc_colour(int vbit, int rgb[3], int *dark);

/* The panels drawn (bb__rc_visible) are states s >= 0 and, for a program
 * with several inputs, each further input v as the panel s = -v, right
 * after state 0 (which is the running value: the first input).
 * The heading of panel s: "input x" for 0 (the first input's name), "input
 * o" for -v, else step s's text ("* 0x0102040810204080").  Returns buf. */
const char *bb__rc_state_op(const bb_trace_result *r, int s, char *buf, size_t size);
/* Panel s's concrete value (has_inputs only). */
uint64_t bb__rc_value(const bb_trace_result *r, int s);

/* The program's steps joined by "; " into o. */
void bb__rc_program(bb__out_buf *o, const bb_trace_program *p);

/* The same text in a string of its own (free it), or NULL without memory. */
char *bb__rc_program_text(const bb_trace_program *p);

/* Cell c of state s on the run's concrete inputs: 0 or 1, or -1 when the
 * run had none (or c is a lost bit that is not linear). */
int bb__rc_concrete(const bb_trace_result *r, int s, const bb__rc_cell *c);

/* The states worth drawing into idx[] (room for r->nstates + nvars - 1
 * entries: the inputs after the first have panels too): state 0, the
 * further inputs, and every state after a step that changes something (not
 * a let, not a load of the value already there).  Returns their number. */
int bb__rc_visible(const bb_trace_result *r, int *idx);

/* s with &, <, >, " and ' as XML entities, control bytes as '?'. */
void bb__rc_xml(bb__out_buf *o, const char *s);

#endif
