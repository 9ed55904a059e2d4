/* bitboard/trace.h - the bit-flow tracer: follows every bit of a board
 * through a sequence of bit operations, proves what the sequence does, and
 * draws it.  Included by <bitboard.h>.  How it works: docs/TRACE.md.
 *
 * A program is a list of steps on a running 64-bit value.  It starts as the
 * first input; each step applies one operation to it (or names it, or loads
 * a named value).  Symbolic execution gives, after every step and for every
 * bit position, what that bit is as a function of the input bits: a constant
 * bit XOR a set of input bits (exact over GF(2) for the linear operations),
 * or, where a step is not linear (an and/or of two variable bits, a carry),
 * a bit flagged BB_TRACE_NONLINEAR holding the input bits it depends on.
 *
 * Program text: statements separated by ';' or newlines, '#' to the end of a
 * line is a comment.  A statement is an optional starting operand (a name or
 * a constant: the running value becomes it) followed by operations, applied
 * left to right; `let NAME = STATEMENT` also names the result, and `let NAME`
 * alone names the running value (bb_trace_step_text's text of a let step).
 *   input o r            declares the inputs, in order (first statement only;
 *                        at most BB_TRACE_MAX_VARS); without it the input is x
 *   & A   | A   ^ A   andnot A    (andnot A: value & ~A)   A: a name or constant
 *   + A   - A            addition, subtraction (mod 2^64)
 *   * C                  multiplication by a constant
 *   << N  >> N  rol N  ror N      N 0..63 (decimal or 0x)
 *   bswap  neg  not      byte swap, two's complement negation, complement (~)
 *   pext C  pdep C       parallel bit extract/deposit with a constant mask
 *   dswap C N            delta swap: t = ((v >> N) ^ v) & C; v ^= t ^ (t << N)
 *   gf2p8affine A        per byte b: bit i = parity(b & byte 7-i of A) (GFNI,
 *                        immediate 0); A a constant or a name (the board as
 *                        the matrix: `0x8040201008040201 gf2p8affine b`)
 *   bshuf C              byte shuffle (SSSE3 pshufb, v in the low qword, the
 *                        high one zero): byte i = 0 if bit 7 of byte i of C is
 *                        set, else byte (C_i & 15) of v (0 for 8..15)
 *   bitgather I0,...,I63 bit n = bit I_n of v: exactly 64 indices 0..63, no
 *                        spaces (AVX-512 BITALG vpshufbitqmb, v broadcast)
 *   constants: 0x..., 0b..., decimal, or a name bound by let to a constant value
 *   `let` of a name already bound (not an input) binds it again, from there on
 *   example: x & 0x0101010101010101; * 0x0102040810204080; >> 56
 *
 * Contents (each name: what it returns; what it requires)
 *   bb_trace_program               a program: its inputs and names, its steps (read-only fields;
 *                                  made only by bb_trace_new or bb_trace_parse, freed by
 *                                  bb_trace_free; its size is not API: not-API members are
 *                                  added at its end)
 *   bb_trace_op                    the operations, values 0..21 in this order:
 *   BB_TRACE_LOAD                    value = operand (a name or constant)
 *   BB_TRACE_LET                     name = value (value unchanged)
 *   BB_TRACE_AND  BB_TRACE_OR  BB_TRACE_XOR  BB_TRACE_ANDNOT   with a name or constant
 *   BB_TRACE_SHL  BB_TRACE_SHR  BB_TRACE_ROL  BB_TRACE_ROR     by a constant 0..63
 *   BB_TRACE_BSWAP  BB_TRACE_NEG  BB_TRACE_NOT                 no operand
 *   BB_TRACE_MUL                     by a constant
 *   BB_TRACE_ADD  BB_TRACE_SUB       a name or constant
 *   BB_TRACE_PEXT  BB_TRACE_PDEP     with a constant mask
 *   BB_TRACE_DSWAP                   delta swap: constant mask, shift 1..63
 *   BB_TRACE_GF2P8AFFINE             with a matrix: a name or constant
 *   BB_TRACE_BSHUF                   byte shuffle (pshufb) with a constant control
 *   BB_TRACE_BITGATHER               bit n = bit I_n: 64 indices (bb_trace_add_gather)
 *   BB_TRACE_OP_COUNT              22
 *   BB_TRACE_MAX_VARS              4: the most inputs a program has
 *   BB_TRACE_MAX_NAMES             32: the most names (inputs and lets)
 *   BB_TRACE_MAX_STEPS             4096: the most steps a program has
 *   BB_TRACE_NAME_MAX              16: a name's longest length plus one
 *   bb_trace_step                  one step: op, its operand (slot or constant), where in the text
 *   bb_trace_new()                 an empty program (input x implied until bb_trace_input); NULL if
 *                                  out of memory
 *   bb_trace_free(p)               frees p (NULL is fine)
 *   bb_trace_input(p, name, err)   declares the next input: its slot (0..3), or -1 and *err (after a
 *                                  step, too many, a bad or taken name); p not NULL
 *   bb_trace_add(p, op, name, k, shift, err)  appends a step: operand the named value if name is not
 *                                  NULL, else the constant k (shift amount for shifts, mask for
 *                                  dswap with shift its N); LET names the value (name not NULL).
 *                                  0, or -1 and *err (err may be NULL); p not NULL.  Not for
 *                                  BITGATHER (-1: bb_trace_add_gather adds it)
 *   bb_trace_add_gather(p, idx, err)  appends a bitgather step with the 64 indices idx[0..63]:
 *                                  0, or -1 and *err (an index above 63, too many steps, out
 *                                  of memory; err may be NULL); p, idx not NULL
 *   bb_trace_step_gather(p, i)     step i's 64 indices (const unsigned char[64]); NULL if step i
 *                                  is not a bitgather (or out of range)
 *   bb_trace_parse(text, err)      a new program from text, or NULL and *err (pos: 1-based offset
 *                                  of the fault, line and column too); unknown operation, bad
 *                                  constant, shift of 64 or more, undefined name, more than
 *                                  BB_TRACE_MAX_STEPS steps, a bitgather without exactly 64
 *                                  indices 0..63 are errors; text NULL is an error
 *   bb_trace_step_count(p)         the number of steps
 *   bb_trace_get_step(p, i)        step i (0-based); NULL if i is out of range
 *   bb_trace_var_count(p)          the number of inputs (1..BB_TRACE_MAX_VARS)
 *   bb_trace_name(p, slot)         the name of a slot (inputs first, then lets); NULL if none
 *   bb_trace_op_name(op)           "load", "let", "&", "|", "^", "andnot", "<<", ">>", "rol",
 *                                  "ror", "bswap", "neg", "not", "*", "+", "-", "pext", "pdep",
 *                                  "dswap", "gf2p8affine", "bshuf", "bitgather"; NULL if op is
 *                                  not 0..21
 *   bb_trace_step_text(buf, size, p, i)  step i as program text ("* 0x0102040810204080",
 *                                  "let m"); the steps' texts, one a line (after `input ...` if
 *                                  declared), parse back to the same program; returns the
 *                                  length needed, like snprintf
 *   bb_trace_eval(p, inputs)       the program's value on concrete inputs (inputs[0..vars-1])
 *   bb_trace_bit                   one symbolic bit: constant, input-bit sets per input, flags
 *   BB_TRACE_NONLINEAR             flag: not an XOR of input bits; in[] holds what it depends on
 *   BB_TRACE_MERGE                 flag: an or/add/sub of two variable bits met at this position
 *   BB_TRACE_CARRY_RISK            flag: two partial products of a multiplication meet here
 *   bb_trace_lost                  a bit that fell off: the bit, would-be position, partial product
 *   bb_trace_state                 the running value after one step: 64 bits, what fell off,
 *                                  the multiplication's partial products, the concrete value
 *   bb_trace_result                a symbolic run: the states before and after every step
 *   bb_trace_run(p, inputs, r)     runs p symbolically into *r (inputs may be NULL; if given, every
 *                                  state's concrete value too): 0, or -1 if out of memory
 *   bb_trace_result_free(r)        frees what bb_trace_run allocated (r may be NULL)
 *   bb_trace_kind                  verdicts, values 0..5 in this order:
 *   BB_TRACE_PERMUTATION             the 64 bits of one input land on 64 distinct positions
 *   BB_TRACE_GATHER                  some input bits (not all) land on distinct positions
 *   BB_TRACE_SCATTER                 the low k bits of one input spread out to other positions
 *   BB_TRACE_LINEAR                  exact over GF(2), bits combined by XOR, nothing lost
 *   BB_TRACE_LOSSY                   exact over GF(2), but input bits are combined past recovery
 *   BB_TRACE_NONLINEAR_KIND          a carry or an and/or of two variable bits reaches the output
 *   bb_trace_verdict               the kind, the breaking step and positions, the bit map, a message
 *   bb_trace_judge(r, v)           fills *v from a run's final state; r, v not NULL
 *   bb_trace_kind_name(kind)       "permutation", "gather", "scatter", "linear", "lossy",
 *                                  "nonlinear"; NULL if kind is not 0..5
 *   bb_trace_def                   a definition's function type: uint64_t f(const uint64_t *inputs,
 *                                  const void *arg); passed as bb_trace_def *
 *   bb_trace_proof                 a proof's outcome: method, bits, cases, counterexample, message
 *   BB_TRACE_BY_SYMBOLIC           proof method: the symbolic map against the definition
 *   BB_TRACE_BY_EXHAUSTION         proof method: every value of the input bits that matter
 *   BB_TRACE_EXHAUST_MAX_BITS      24: exhaustion refuses more input bits than this
 *   bb_trace_prove(p, def, arg, proof)  0 if p equals def for every input, 1 with a counterexample,
 *                                  -1 if refused (too many bits, and no counterexample among the
 *                                  inputs with up to 3 of them set nor 65536 random ones) or out
 *                                  of memory; proof->msg says which; proof not NULL
 *   bb_trace_form                  a library routine's program form: name, summary, program text,
 *                                  definition, compiled routine, input roles, example square
 *   bb_trace_library_count()       the number of library forms
 *   bb_trace_library(i)            form i (0-based), or NULL if out of range
 *   bb_trace_find(name)            the form with that name (exact), or NULL
 *   bb_trace_form_text(buf, size, f, sq)  f's program text for square sq (sq ignored by a form
 *                                  without a square); returns the length needed, like snprintf
 *   BB_TRACE_COLOR                 render flag: ANSI colours in the terminal picture
 *   bb_trace_render_text(buf, size, r, title, flags)  the terminal picture: every step as an 8x8
 *                                  grid of source squares, the overflow/underflow panels; title
 *                                  may be NULL (the program text names it); like snprintf
 *   bb_trace_render_svg(buf, size, r, title, flags)   one self-contained SVG file; like snprintf
 *   bb_trace_render_html(buf, size, r, title, flags)  one self-contained HTML page; like snprintf
 *
 * Input bit numbering in messages and maps: input v's bit s is v * 64 + s.
 * Proofs: a program whose final value is linear over GF(2) is compared with
 * the definition's value at zero and at every single-bit input (exact when
 * the definition is affine over GF(2), as every bit move, mask, symmetry and
 * line gather is; that assumption is then checked on every pair of single
 * bits and on random inputs, where any failure is a real counterexample).
 * A non-linear program is run on every value of the input bits it depends
 * on (all other bits set to several random backgrounds in turn), refusing
 * above 2^BB_TRACE_EXHAUST_MAX_BITS values.                                 */
#ifndef BITBOARD_TRACE_H
#define BITBOARD_TRACE_H

#include "core.h"
#include "io.h" /* bb_parse_error */

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    BB_TRACE_LOAD,
    BB_TRACE_LET,
    BB_TRACE_AND,
    BB_TRACE_OR,
    BB_TRACE_XOR,
    BB_TRACE_ANDNOT,
    BB_TRACE_SHL,
    BB_TRACE_SHR,
    BB_TRACE_ROL,
    BB_TRACE_ROR,
    BB_TRACE_BSWAP,
    BB_TRACE_NEG,
    BB_TRACE_NOT,
    BB_TRACE_MUL,
    BB_TRACE_ADD,
    BB_TRACE_SUB,
    BB_TRACE_PEXT,
    BB_TRACE_PDEP,
    BB_TRACE_DSWAP,
    BB_TRACE_GF2P8AFFINE,
    BB_TRACE_BSHUF,     /* 20 */
    BB_TRACE_BITGATHER  /* 21 */
} bb_trace_op;
#define BB_TRACE_OP_COUNT 22

#define BB_TRACE_MAX_VARS 4
#define BB_TRACE_MAX_NAMES 32
#define BB_TRACE_MAX_STEPS 4096
#define BB_TRACE_NAME_MAX 16

typedef struct {
    bb_trace_op op;
    int slot;      /* the named operand's slot (LET: the slot named), or -1: the constant k */
    uint64_t k;    /* the constant operand (for a named constant: its value), shift amount, mask;
                      BITGATHER: not API (bb_trace_step_gather gives its indices) */
    int shift;     /* DSWAP's shift; 0 otherwise */
    int pos, len;  /* where the step's text is: 1-based offset and length (0, 0 if built in C) */
} bb_trace_step;

/* Read-only: change a program only through bb_trace_input, bb_trace_add and
 * bb_trace_add_gather.  Made only by bb_trace_new and bb_trace_parse (never
 * declared by a caller), so its size is not API: not-API members are added
 * at its end. */
typedef struct {
    int nvars;   /* inputs: slots 0..nvars-1 */
    int nnames;  /* slots in use: the inputs, then the names let binds */
    char name[BB_TRACE_MAX_NAMES][BB_TRACE_NAME_MAX];
    unsigned char is_const[BB_TRACE_MAX_NAMES]; /* 1: the slot holds the constant value[slot] */
    uint64_t value[BB_TRACE_MAX_NAMES];
    int nsteps;
    bb_trace_step *step; /* nsteps entries */
    int cap;             /* not API: steps allocated */
    int declared;        /* not API: inputs were declared (x is no longer implied) */
    int running_const;   /* not API: the running value is a constant (while building) */
    uint64_t running;    /* not API: its value */
    unsigned char (*gather)[64]; /* not API: bitgather steps' index vectors (step k: gather[k]) */
    int ngather, gather_cap;     /* not API: vectors in use, allocated */
} bb_trace_program;

bb_trace_program *bb_trace_new(void);
void bb_trace_free(bb_trace_program *p);
int bb_trace_input(bb_trace_program *p, const char *name, bb_parse_error *err);
int bb_trace_add(bb_trace_program *p, bb_trace_op op, const char *name, uint64_t k, int shift, bb_parse_error *err);
int bb_trace_add_gather(bb_trace_program *p, const unsigned char idx[64], bb_parse_error *err);
const unsigned char *bb_trace_step_gather(const bb_trace_program *p, int i);
bb_trace_program *bb_trace_parse(const char *text, bb_parse_error *err);
int bb_trace_step_count(const bb_trace_program *p);
const bb_trace_step *bb_trace_get_step(const bb_trace_program *p, int i);
int bb_trace_var_count(const bb_trace_program *p);
const char *bb_trace_name(const bb_trace_program *p, int slot);
const char *bb_trace_op_name(bb_trace_op op);
size_t bb_trace_step_text(char *buf, size_t size, const bb_trace_program *p, int i);
uint64_t bb_trace_eval(const bb_trace_program *p, const uint64_t *inputs);

/* One symbolic bit: konst XOR (for each input v, the XOR of its bits in[v]).
 * With BB_TRACE_NONLINEAR, in[] is the set of input bits it depends on and
 * konst means nothing. */
typedef struct {
    uint64_t in[BB_TRACE_MAX_VARS];
    unsigned char konst; /* 0 or 1 */
    unsigned char flags; /* BB_TRACE_NONLINEAR | BB_TRACE_MERGE | BB_TRACE_CARRY_RISK */
} bb_trace_bit;

enum { BB_TRACE_NONLINEAR = 1, BB_TRACE_MERGE = 2, BB_TRACE_CARRY_RISK = 4 };

/* A bit that fell off the value at a step: pos >= 64 above the top
 * (overflow), pos < 0 below the bottom (underflow).  part: for a
 * multiplication, the shift of the partial product it belonged to (0..63);
 * for an addition or subtraction the carry out of bit 63 (pos 64), -1. */
typedef struct {
    bb_trace_bit bit;
    int pos;
    int part;
} bb_trace_lost;

/* The running value after a step (state 0: before the first step).  Only
 * constant-zero bits are left out of lost[].  MERGE and CARRY_RISK mark what
 * happened at this step; NONLINEAR stays with a bit as it moves. */
typedef struct {
    bb_trace_bit bit[64];
    int nlost;
    bb_trace_lost *lost;  /* nlost entries, overflow and underflow */
    uint64_t parts;       /* multiplication: bit j set = the partial product value << j */
    uint64_t overlap;     /* multiplication: positions where two partial products' variable bits meet */
    uint64_t value;       /* the concrete value (if the run was given inputs) */
} bb_trace_state;

typedef struct {
    const bb_trace_program *prog;
    int nstates;           /* steps + 1 */
    bb_trace_state *state; /* state[0] before the first step, state[i + 1] after step i */
    int has_inputs;        /* 1 if the run had concrete inputs */
    uint64_t inputs[BB_TRACE_MAX_VARS];
} bb_trace_result;

int bb_trace_run(const bb_trace_program *p, const uint64_t *inputs, bb_trace_result *r);
void bb_trace_result_free(bb_trace_result *r);

typedef enum {
    BB_TRACE_PERMUTATION,
    BB_TRACE_GATHER,
    BB_TRACE_SCATTER,
    BB_TRACE_LINEAR,
    BB_TRACE_LOSSY,
    BB_TRACE_NONLINEAR_KIND
} bb_trace_kind;

typedef struct {
    bb_trace_kind kind;
    int step;         /* LOSSY, NONLINEAR_KIND: the step (0-based) that breaks it; else -1 */
    uint64_t where;   /* the positions of that step's result that break it */
    uint64_t used[BB_TRACE_MAX_VARS];  /* the input bits the output depends on */
    uint64_t constant;                 /* output positions that are constant ... */
    uint64_t ones;                     /* ... and which of them are 1 */
    uint64_t complemented;             /* output positions holding a complemented input bit */
    short from[64];   /* output position -> input bit (v * 64 + s) it is, or -1 (constant, mixed) */
    short to[BB_TRACE_MAX_VARS][64];   /* input bit -> output position, or -1 (lost, or several) */
    char msg[256];    /* one line: the kind and why, naming the step and bits */
} bb_trace_verdict;

void bb_trace_judge(const bb_trace_result *r, bb_trace_verdict *v);
const char *bb_trace_kind_name(bb_trace_kind kind);

/* A definition's function type (pointers to it are bb_trace_def *). */
typedef uint64_t bb_trace_def(const uint64_t *inputs, const void *arg);

enum { BB_TRACE_BY_SYMBOLIC = 1, BB_TRACE_BY_EXHAUSTION = 2 };
#define BB_TRACE_EXHAUST_MAX_BITS 24

typedef struct {
    int method;        /* BB_TRACE_BY_SYMBOLIC or BB_TRACE_BY_EXHAUSTION; 0 if refused */
    int bits;          /* the number of input bits that matter */
    uint64_t cases;    /* inputs tried */
    uint64_t counterexample[BB_TRACE_MAX_VARS];  /* on failure: the inputs ... */
    uint64_t got, want;                          /* ... the program's value, the definition's */
    char msg[256];     /* one line: proven how, the counterexample, or why refused */
} bb_trace_proof;

int bb_trace_prove(const bb_trace_program *p, bb_trace_def *def, const void *arg, bb_trace_proof *proof);

typedef struct {
    const char *name;        /* "flip_vertical", "line_extract_mul_file", ... */
    const char *summary;     /* one line */
    const char *program;     /* the program text */
    bb_trace_def *definition; /* the slow obvious definition; NULL where there is none
                                 (rook_magic_index, bishop_magic_index: the tests prove
                                 them as a table property) */
    bb_trace_def *compiled;   /* the library routine itself (may be NULL) */
    const void *arg;         /* passed to both */
    const char *inputs;      /* what the inputs are, e.g. "x: the board" */
    int square;              /* the example square, or -1; for a form with a square, arg points
                              * to an int holding it (const int *) */
} bb_trace_form;

int bb_trace_library_count(void);
const bb_trace_form *bb_trace_library(int i);
const bb_trace_form *bb_trace_find(const char *name);
size_t bb_trace_form_text(char *buf, size_t size, const bb_trace_form *f, int sq);

enum { BB_TRACE_COLOR = 1 };

size_t bb_trace_render_text(char *buf, size_t size, const bb_trace_result *r, const char *title,
                            unsigned flags);
size_t bb_trace_render_svg(char *buf, size_t size, const bb_trace_result *r, const char *title,
                            unsigned flags);
size_t bb_trace_render_html(char *buf, size_t size, const bb_trace_result *r, const char *title,
                            unsigned flags);

#ifdef __cplusplus
}
#endif

#endif /* BITBOARD_TRACE_H */
