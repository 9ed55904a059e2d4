/* The library's routines as tracer programs: one form per transform, line
 * routine, rotated-board conversion, attack method and Othello flip method,
 * each with the definition it must equal (a square-by-square loop straight
 * from the contract in the routine's header).  tests/test_trace_forms.c
 * proves every form against its definition and checks it against the
 * compiled routine; docs/TRACE.md says what is proved for each.
 *
 * This file is the registry: the forms, one file a subsystem (see
 * forms_private.h), listed in order, their texts written once, and the
 * public look-ups (bb_trace_library, bb_trace_find, bb_trace_form_text). */
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "forms_private.h"

#define NENTRIES (BB__FORMS_SYM_N + BB__FORMS_ROTATED_N + BB__FORMS_LINES_N + BB__FORMS_ATTACKS_N + BB__FORMS_OTHELLO_N)

/* The subsystems' tables, in the order of the list. */
static const struct {
    const bb__form_entry *entry;
    int n;
} tables[] = {
    {bb__forms_sym, BB__FORMS_SYM_N},         {bb__forms_rotated, BB__FORMS_ROTATED_N},
    {bb__forms_lines, BB__FORMS_LINES_N},     {bb__forms_attacks, BB__FORMS_ATTACKS_N},
    {bb__forms_othello, BB__FORMS_OTHELLO_N},
};

/* The list's entry i, 0 <= i < NENTRIES. */
static const bb__form_entry *entry_at(int i)
{
    int t = 0;
    while (i >= tables[t].n) i -= tables[t++].n;
    return &tables[t].entry[i];
}

/* Writes entry e's program for square sq; returns the length needed. */
static size_t write_text(char *buf, size_t size, const bb__form_entry *e, int sq)
{
    pb b = {buf, size, 0, {0}, 0, 1, "x"};
    if (size) buf[0] = '\0';
    if (strcmp(e->inputs, OTHELLO) == 0) {
        put(&b, "input p o", 9);
        snprintf(b.cur, sizeof b.cur, "p");
    } else if (strcmp(e->inputs, FILL) == 0) {
        put(&b, "input s o", 9);
        snprintf(b.cur, sizeof b.cur, "s");
    }
    e->build(&b, sq & 63);
    flush(&b);
    return b.len;
}

/* The forms, with their texts for the example squares, written once, by the
 * first call that needs them (not before main: a program that never asks
 * for a form pays nothing), and never changed afterwards. */
#define POOL_SIZE (32 * 1024) /* the texts take about 18 KiB; the_list test fails if they outgrow it */
static char pool[POOL_SIZE];
static bb_trace_form forms[NENTRIES];
static int sq_arg[NENTRIES];

static void forms_write(void)
{
    size_t used = 0;
    for (int i = 0; i < NENTRIES; i++) {
        const bb__form_entry *e = entry_at(i);
        size_t n = write_text(pool + used, POOL_SIZE - used, e, e->square < 0 ? 0 : e->square);
        const char *text = used + n < POOL_SIZE ? pool + used : "# (text too long)";
        used = used + n < POOL_SIZE ? used + n + 1 : used;
        sq_arg[i] = e->square;
        forms[i] = (bb_trace_form){e->name, e->summary, text, e->definition, e->compiled,
                                   e->square < 0 ? NULL : &sq_arg[i], e->inputs, e->square};
    }
}

/* 0: not written, 1: being written, 2: ready.  The first caller writes (about
 * 0.1 ms); a caller on another thread meanwhile waits for it.  The release
 * store publishes the forms to every acquire load that sees 2. */
static _Atomic int forms_state;

static const bb_trace_form *forms_ready(void)
{
    if (atomic_load_explicit(&forms_state, memory_order_acquire) != 2) {
        int expected = 0;
        if (atomic_compare_exchange_strong_explicit(&forms_state, &expected, 1, memory_order_acquire,
                                                    memory_order_acquire)) {
            forms_write();
            atomic_store_explicit(&forms_state, 2, memory_order_release);
        } else {
            while (atomic_load_explicit(&forms_state, memory_order_acquire) != 2) continue;
        }
    }
    return forms;
}

int bb_trace_library_count(void) { return NENTRIES; }

const bb_trace_form *bb_trace_library(int i) { return i >= 0 && i < NENTRIES ? &forms_ready()[i] : NULL; }

const bb_trace_form *bb_trace_find(const char *name)
{
    if (!name) return NULL;
    for (int i = 0; i < NENTRIES; i++)
        if (strcmp(entry_at(i)->name, name) == 0) return &forms_ready()[i];
    return NULL;
}

size_t bb_trace_form_text(char *buf, size_t size, const bb_trace_form *f, int sq)
{
    if (size) buf[0] = '\0';
    if (!f) return 0;
    for (int i = 0; i < NENTRIES; i++)
        if (f == &forms[i]) return write_text(buf, size, entry_at(i), sq);
    return (size_t)snprintf(buf, size, "%s", f->program ? f->program : "");
}
