/* The library's routines as tracer programs (bb_trace_library).
 * STAND-IN: trace-forms replaces this file with the real forms; until then
 * the library has no forms. */
#include <string.h>

#include "bitboard.h"

/* STAND-IN: the number of forms. */
int bb_trace_library_count(void) { return 0; }

/* STAND-IN: form i, or NULL. */
const bb_trace_form *bb_trace_library(int i)
{
    (void)i;
    return NULL;
}

/* The form named name, or NULL (searches bb_trace_library). */
const bb_trace_form *bb_trace_find(const char *name)
{
    if (!name) return NULL;
    for (int i = 0; i < bb_trace_library_count(); i++) {
        const bb_trace_form *f = bb_trace_library(i);
        if (f && strcmp(f->name, name) == 0) return f;
    }
    return NULL;
}

/* STAND-IN: f's program text as it is (sq ignored); like snprintf. */
size_t bb_trace_form_text(char *buf, size_t size, const bb_trace_form *f, int sq)
{
    (void)sq;
    const char *t = f && f->program ? f->program : "";
    size_t n = strlen(t);
    if (buf && size) {
        size_t c = n < size - 1 ? n : size - 1;
        memcpy(buf, t, c);
        buf[c] = '\0';
    }
    return n;
}
