/* What the tracer's program forms share: the writer of a form's program
 * text, the entry a form is listed by, and the macros that put a compiled
 * routine or a definition in the bb_trace_def shape.  The forms live one
 * file a subsystem (forms_sym.c: the symmetries and the byte mirror;
 * forms_rotated.c: pseudo-rotations and Hyatt's rotated boards;
 * forms_lines.c; forms_attacks.c; forms_othello.c), each with the table of
 * its entries; forms.c is the registry that lists those tables in order. */
#ifndef BB_TRACE_FORMS_PRIVATE_H
#define BB_TRACE_FORMS_PRIVATE_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "bitboard.h"

/* ---- Writing program text ---------------------------------------------------------
 * A form's text is written by a builder, for any square (the forms without a
 * square ignore it): one statement per line, a chain of operations on the
 * running value, named by `let NAME = ...` where a later line needs it. */
typedef struct {
    char *buf;
    size_t size, len;  /* the text so far (len may pass size: the length needed) */
    char line[512];    /* the statement being written */
    size_t ll;
    int closed;        /* the statement ends with a name bound: the next operation starts a new one */
    char cur[24];      /* the running value's name while it is exactly a named value */
} pb;

static inline void put(pb *b, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++, b->len++)
        if (b->len + 1 < b->size) b->buf[b->len] = s[i];
    if (b->size) b->buf[b->len < b->size ? b->len : b->size - 1] = '\0';
}
static inline void flush(pb *b)
{
    b->closed = 0;
    if (!b->ll) return;
    if (b->len) put(b, "\n", 1);
    put(b, b->line, b->ll);
    b->ll = 0;
    b->closed = 0;
}
static inline void append(pb *b, const char *s)
{
    size_t n = strlen(s);
    if (b->ll + n + 1 < sizeof b->line) {
        memcpy(b->line + b->ll, s, n);
        b->ll += n;
        b->line[b->ll] = '\0';
    }
}
/* Appends one operation to the running value. */
static inline void emit(pb *b, const char *fmt, ...)
{
    char op[128];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(op, sizeof op, fmt, ap);
    va_end(ap);
    if (b->closed) { /* a new statement, from the value just named */
        char c[24];
        snprintf(c, sizeof c, "%s", b->cur);
        flush(b);
        append(b, c);
    }
    if (b->ll) append(b, " ");
    append(b, op);
    b->cur[0] = '\0';
}
/* The running value becomes the named value (an input or a name bound before). */
static inline void from(pb *b, const char *name)
{
    flush(b);
    append(b, name);
    snprintf(b->cur, sizeof b->cur, "%s", name);
}
/* The running value becomes the constant c. */
static inline void from_const(pb *b, uint64_t c)
{
    char k[24];
    snprintf(k, sizeof k, "0x%016llX", (unsigned long long)c);
    from(b, k);
}
/* Names the running value n. */
static inline void name(pb *b, const char *n)
{
    char head[64];
    snprintf(head, sizeof head, "let %s = ", n);
    if (b->ll && !b->closed) {
        size_t h = strlen(head);
        if (b->ll + h + 1 < sizeof b->line) {
            memmove(b->line + h, b->line, b->ll + 1);
            memcpy(b->line, head, h);
            b->ll += h;
        }
    } else {
        flush(b);
        append(b, head);
        append(b, b->cur);
    }
    b->closed = 1;
    snprintf(b->cur, sizeof b->cur, "%s", n);
}
#define K(c) ((unsigned long long)(c))

/* ---- Helpers for the definitions ----------------------------------------------------- */
static inline uint64_t bit(int sq) { return (uint64_t)1 << sq; }
static inline int on_board(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }

/* The compiled routines, called as the forms are: (inputs, the square). */
#define SQ(arg) ((arg) ? *(const int *)(arg) & 63 : 0)
#define COMPILED1(fn, expr) \
    static uint64_t fn(const uint64_t *in, const void *arg) { (void)arg; return (uint64_t)(expr); }
#define COMPILED_SQ(fn, expr) \
    static uint64_t fn(const uint64_t *in, const void *arg) { int sq = SQ(arg); (void)sq; return (uint64_t)(expr); }
/* a routine built only with BMI2 (pext, pdep): NULL without it */
#if BB_HAVE_BMI2
#define BMI2(fn) fn
#else
#define BMI2(fn) NULL
#endif

/* Definitions in the bb_trace_def shape. */
#define DEF(fn) \
    static uint64_t d_##fn(const uint64_t *in, const void *arg) { return def_##fn(in, SQ(arg)); }

/* A form as the registry lists it. */
typedef struct {
    const char *name, *summary, *inputs;
    int square; /* the example square, or -1: the form takes none */
    void (*build)(pb *b, int sq);
    bb_trace_def *definition, *compiled;
} bb__form_entry;

#define BOARD "x: the board"
#define BITS "x: the 8 bits (bits above 7 ignored)"
#define OCC "x: the occupancy"
#define OTHELLO "p: the side to move's discs, o: the opponent's"
#define FILL "s: the sliders, o: the occupancy"
#define EX 20 /* e3: its diagonal and anti-diagonal are both shorter than 8 */

/* What one subsystem's forms borrow from another's: the line helpers
 * (forms_lines.c) kindergarten's forms use, the quarter turns (forms_sym.c)
 * that are also Hyatt's rotated-90 board and back. */
int bb__form_on_line(int sq, int s2, bb_line line);
int bb__form_line_pos(int s, bb_line line);
uint64_t bb__form_line_deposit_def(uint64_t bits, int sq, bb_line line);
void bb__form_extract_mul(pb *b, int sq, bb_line line);
void bb__form_rotate_cw(pb *b, int sq);
void bb__form_rotate_ccw(pb *b, int sq);

/* Each subsystem's entries, in the order the list gives them (a table of
 * another length than its count here does not compile). */
enum {
    BB__FORMS_SYM_N = 15,
    BB__FORMS_ROTATED_N = 21,
    BB__FORMS_LINES_N = 23,
    BB__FORMS_ATTACKS_N = 17,
    BB__FORMS_OTHELLO_N = 9
};
extern const bb__form_entry bb__forms_sym[BB__FORMS_SYM_N];
extern const bb__form_entry bb__forms_rotated[BB__FORMS_ROTATED_N];
extern const bb__form_entry bb__forms_lines[BB__FORMS_LINES_N];
extern const bb__form_entry bb__forms_attacks[BB__FORMS_ATTACKS_N];
extern const bb__form_entry bb__forms_othello[BB__FORMS_OTHELLO_N];

#endif
