/* The tracer's functions the JavaScript package calls (js/trace.js).  A
 * program parsed from text lives on the heap as a handle (bb_js_trace_open
 * .. bb_js_trace_close) while JavaScript reads its steps, runs it, copies out
 * the states and the verdict and has it drawn; fixed layouts of uint64,
 * int32 and text, written field by field, carry the C structs across (their
 * offsets are in the comments, read by js/trace.js).  Errors come back as
 * the C library's text.  Only the public API is used here. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bitboard.h"

#define BB_JS_EXPORT __attribute__((used, visibility("default")))

typedef struct {
    bb_trace_program *p;
    bb_trace_result r;
    int ran; /* r holds a run to free */
} js_trace;

static void put64(unsigned char *out, uint64_t x) { memcpy(out, &x, 8); }
static void put32(unsigned char *out, int32_t x) { memcpy(out, &x, 4); }

static void text_out(char *dst, int size, const char *src)
{
    if (size <= 0) return;
    strncpy(dst, src, (size_t)size - 1);
    dst[size - 1] = '\0';
}

/* ---- the library's forms ------------------------------------------------------------ */

BB_JS_EXPORT int bb_js_trace_form_count(void) { return bb_trace_library_count(); }

/* form i's name (0), summary (1) or inputs (2); NULL if i or what is out of range */
BB_JS_EXPORT const char *bb_js_trace_form_string(int i, int what)
{
    const bb_trace_form *f = bb_trace_library(i);
    if (!f) return NULL;
    return what == 0 ? f->name : what == 1 ? f->summary : what == 2 ? f->inputs : NULL;
}

/* form i's example square (-1: it takes none) and, in *has_def, whether it has a definition */
BB_JS_EXPORT int bb_js_trace_form_square(int i, int *has_def)
{
    const bb_trace_form *f = bb_trace_library(i);
    if (!f) return -2;
    *has_def = f->definition != NULL;
    return f->square;
}

/* form i's program text for square sq; the length it needs, like snprintf */
BB_JS_EXPORT int bb_js_trace_form_text(char *buf, int size, int i, int sq)
{
    const bb_trace_form *f = bb_trace_library(i);
    if (!f) return -1;
    return (int)bb_trace_form_text(buf, (size_t)size, f, sq);
}

/* form i's definition (which 0) or compiled routine (1) on inputs, for square sq if it takes
 * one; *ok 0 if it has none */
BB_JS_EXPORT uint64_t bb_js_trace_form_eval(int i, int sq, int which, const uint64_t *inputs, int *ok)
{
    const bb_trace_form *f = bb_trace_library(i);
    bb_trace_def *fn = !f ? NULL : which ? f->compiled : f->definition;
    *ok = fn != NULL;
    if (!fn) return 0;
    return fn(inputs, f->square >= 0 ? (const void *)&sq : f->arg);
}

/* Proves p against def(arg) into out (the layout below): bb_trace_prove's 0, 1 or -1. */
static int prove_out(const bb_trace_program *p, bb_trace_def *def, const void *arg, unsigned char *out)
{
    bb_trace_proof proof;
    memset(&proof, 0, sizeof proof);
    int rc = bb_trace_prove(p, def, arg, &proof);
    put64(out, proof.cases);
    for (int v = 0; v < BB_TRACE_MAX_VARS; v++) put64(out + 8 + 8 * v, proof.counterexample[v]);
    put64(out + 40, proof.got);
    put64(out + 48, proof.want);
    put32(out + 56, proof.method);
    put32(out + 60, proof.bits);
    text_out((char *)out + 64, 232, proof.msg);
    return rc;
}

/* Proves form i, for square sq, against its definition.  out (296 bytes): uint64 cases,
 * counterexample[4], got, want (offsets 0..55), int32 method (56), bits (60), then the
 * message (64, 232 bytes).  Returns bb_trace_prove's 0, 1 or -1, -2 if the form has no
 * definition, -3 if its text does not parse or there is no memory (the message says). */
BB_JS_EXPORT int bb_js_trace_prove_form(int i, int sq, unsigned char *out)
{
    const bb_trace_form *f = bb_trace_library(i);
    memset(out, 0, 296);
    if (!f || !f->definition) return -2;
    size_t n = bb_trace_form_text(NULL, 0, f, sq);
    char *text = malloc(n + 1);
    if (!text) {
        text_out((char *)out + 64, 232, "out of memory");
        return -3;
    }
    bb_trace_form_text(text, n + 1, f, sq);
    bb_parse_error e;
    bb_trace_program *p = bb_trace_parse(text, &e);
    free(text);
    if (!p) {
        text_out((char *)out + 64, 232, e.msg);
        return -3;
    }
    int rc = prove_out(p, f->definition, f->square >= 0 ? (const void *)&sq : f->arg, out);
    bb_trace_free(p);
    return rc;
}

/* ---- a program ---------------------------------------------------------------------- */

/* A program parsed from text, or NULL with err (int32 pos, line, column, then the message,
 * 192 bytes: 204 bytes) filled. */
BB_JS_EXPORT js_trace *bb_js_trace_open(const char *text, unsigned char *err)
{
    bb_parse_error e;
    memset(err, 0, 204);
    js_trace *t = calloc(1, sizeof *t);
    if (!t) {
        text_out((char *)err + 12, 192, "out of memory");
        return NULL;
    }
    if (!(t->p = bb_trace_parse(text, &e))) {
        free(t);
        put32(err, e.pos);
        put32(err + 4, e.line);
        put32(err + 8, e.column);
        text_out((char *)err + 12, 192, e.msg);
        return NULL;
    }
    return t;
}

BB_JS_EXPORT void bb_js_trace_close(js_trace *t)
{
    if (!t) return;
    if (t->ran) bb_trace_result_free(&t->r);
    bb_trace_free(t->p);
    free(t);
}

BB_JS_EXPORT int bb_js_trace_step_count(const js_trace *t) { return bb_trace_step_count(t->p); }
BB_JS_EXPORT int bb_js_trace_var_count(const js_trace *t) { return bb_trace_var_count(t->p); }
BB_JS_EXPORT int bb_js_trace_name_count(const js_trace *t) { return t->p->nnames; }
BB_JS_EXPORT const char *bb_js_trace_name(const js_trace *t, int slot) { return bb_trace_name(t->p, slot); }
BB_JS_EXPORT int bb_js_trace_op_count(void) { return BB_TRACE_OP_COUNT; }
BB_JS_EXPORT const char *bb_js_trace_op_name(int op) { return bb_trace_op_name((bb_trace_op)op); }
BB_JS_EXPORT const char *bb_js_trace_kind_name(int kind) { return bb_trace_kind_name((bb_trace_kind)kind); }

/* step i: out (28 bytes) uint64 k (0), int32 op (8), slot (12), shift (16), pos (20), len (24);
 * -1 if i is out of range */
BB_JS_EXPORT int bb_js_trace_step(const js_trace *t, int i, unsigned char *out)
{
    const bb_trace_step *s = bb_trace_get_step(t->p, i);
    if (!s) return -1;
    put64(out, s->k);
    put32(out + 8, (int32_t)s->op);
    put32(out + 12, s->slot);
    put32(out + 16, s->shift);
    put32(out + 20, s->pos);
    put32(out + 24, s->len);
    return 0;
}

/* step i's 64 bitgather indices into out (64 bytes): 0, or -1 if step i is not a bitgather */
BB_JS_EXPORT int bb_js_trace_step_gather(const js_trace *t, int i, unsigned char *out)
{
    const unsigned char *g = bb_trace_step_gather(t->p, i);
    if (!g) return -1;
    memcpy(out, g, 64);
    return 0;
}

/* step i as program text; the length it needs, like snprintf */
BB_JS_EXPORT int bb_js_trace_step_text(char *buf, int size, const js_trace *t, int i)
{
    return (int)bb_trace_step_text(buf, (size_t)size, t->p, i);
}

/* Runs the program symbolically, on inputs[0..vars-1] too if inputs is not NULL: 0, or -1
 * if out of memory.  A new run replaces the last. */
BB_JS_EXPORT int bb_js_trace_run(js_trace *t, const uint64_t *inputs)
{
    if (t->ran) bb_trace_result_free(&t->r);
    t->ran = 0;
    if (bb_trace_run(t->p, inputs, &t->r) != 0) return -1;
    t->ran = 1;
    return 0;
}

BB_JS_EXPORT uint64_t bb_js_trace_eval(const js_trace *t, const uint64_t *inputs) { return bb_trace_eval(t->p, inputs); }

/* one symbolic bit: uint64 in[4] (0..31), uint32 konst (32), flags (36): 40 bytes */
static void bit_out(unsigned char *out, const bb_trace_bit *b)
{
    for (int v = 0; v < BB_TRACE_MAX_VARS; v++) put64(out + 8 * v, b->in[v]);
    put32(out + 32, b->konst);
    put32(out + 36, b->flags);
}

/* State s of the last run (0: before the first step): out (2592 bytes) uint64 value (0),
 * parts (8), overlap (16), int32 nlost (24), then the 64 bits at 32, 40 bytes each.
 * Returns nlost, or -1 if s is out of range (or nothing ran). */
BB_JS_EXPORT int bb_js_trace_state(const js_trace *t, int s, unsigned char *out)
{
    if (!t->ran || s < 0 || s >= t->r.nstates) return -1;
    const bb_trace_state *st = &t->r.state[s];
    put64(out, st->value);
    put64(out + 8, st->parts);
    put64(out + 16, st->overlap);
    put32(out + 24, st->nlost);
    put32(out + 28, 0);
    for (int k = 0; k < 64; k++) bit_out(out + 32 + 40 * k, &st->bit[k]);
    return st->nlost;
}

/* Lost bit j of state s: out (48 bytes) the bit (40 bytes), int32 pos (40), part (44); -1 if
 * out of range */
BB_JS_EXPORT int bb_js_trace_lost(const js_trace *t, int s, int j, unsigned char *out)
{
    if (!t->ran || s < 0 || s >= t->r.nstates || j < 0 || j >= t->r.state[s].nlost) return -1;
    const bb_trace_lost *l = &t->r.state[s].lost[j];
    bit_out(out, &l->bit);
    put32(out + 40, l->pos);
    put32(out + 44, l->part);
    return 0;
}

/* The verdict of the last run: out (1608 bytes) uint64 where (0), used[4] (8), constant (40),
 * ones (48), complemented (56), int32 kind (64), step (68), from[64] (72), to[4][64] (328),
 * the message (1352, 256 bytes).  -1 if nothing ran. */
BB_JS_EXPORT int bb_js_trace_verdict(const js_trace *t, unsigned char *out)
{
    if (!t->ran) return -1;
    bb_trace_verdict v;
    bb_trace_judge(&t->r, &v);
    put64(out, v.where);
    for (int i = 0; i < BB_TRACE_MAX_VARS; i++) put64(out + 8 + 8 * i, v.used[i]);
    put64(out + 40, v.constant);
    put64(out + 48, v.ones);
    put64(out + 56, v.complemented);
    put32(out + 64, (int32_t)v.kind);
    put32(out + 68, v.step);
    for (int k = 0; k < 64; k++) put32(out + 72 + 4 * k, v.from[k]);
    for (int i = 0; i < BB_TRACE_MAX_VARS; i++)
        for (int k = 0; k < 64; k++) put32(out + 328 + 4 * (64 * i + k), v.to[i][k]);
    text_out((char *)out + 1352, 256, v.msg);
    return 0;
}

/* the other program, evaluated, as a definition */
static uint64_t eval_other(const uint64_t *inputs, const void *arg)
{
    return bb_trace_eval((const bb_trace_program *)arg, inputs);
}

/* Proves program t equal to form i (i >= 0) for square sq (its definition, or its compiled
 * routine where it has none) or to program other (i < 0), for every input; out as
 * bb_js_trace_prove_form's.  Returns 0, 1 or -1 as bb_trace_prove, -2 if the form has
 * neither a definition nor a routine, -3 if the two have different numbers of inputs. */
BB_JS_EXPORT int bb_js_trace_prove_against(const js_trace *t, int i, int sq, const js_trace *other, unsigned char *out)
{
    const bb_trace_form *f = i >= 0 ? bb_trace_library(i) : NULL;
    memset(out, 0, 296);
    if (i >= 0 && (!f || !(f->definition || f->compiled))) return -2;
    if (!f && !other) return -2;
    if (f) {
        size_t n = bb_trace_form_text(NULL, 0, f, sq);
        char *text = malloc(n + 1);
        if (!text) return -2;
        bb_trace_form_text(text, n + 1, f, sq);
        bb_parse_error e;
        bb_trace_program *q = bb_trace_parse(text, &e);
        free(text);
        int nvars = q ? bb_trace_var_count(q) : -1;
        bb_trace_free(q);
        if (nvars != bb_trace_var_count(t->p)) return -3;
        return prove_out(t->p, f->definition ? f->definition : f->compiled, f->square >= 0 ? (const void *)&sq : f->arg, out);
    }
    if (bb_trace_var_count(other->p) != bb_trace_var_count(t->p)) return -3;
    return prove_out(t->p, eval_other, other->p, out);
}

/* The last run drawn as text (how 0; flags: BB_TRACE_COLOR), SVG (1) or HTML (2), titled
 * title (NULL: the program text names it); the length it needs, like snprintf, or -1 if
 * nothing ran */
BB_JS_EXPORT int bb_js_trace_render(char *buf, int size, const js_trace *t, int how, const char *title, unsigned flags)
{
    if (!t->ran) return -1;
    size_t n = how == 2 ? bb_trace_render_html(buf, (size_t)size, &t->r, title, flags)
             : how == 1 ? bb_trace_render_svg(buf, (size_t)size, &t->r, title, flags)
                        : bb_trace_render_text(buf, (size_t)size, &t->r, title, flags);
    return (int)n;
}
