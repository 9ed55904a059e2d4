/* A growing text for the soak's areas (the PGN ones write files and
 * reports with it): bytes appended, always NUL-ended, abort() when memory
 * runs out (a soak case has no use for half a text). */
#ifndef BB_TESTS_SOAK_TEXT_H
#define BB_TESTS_SOAK_TEXT_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    char *s;
    size_t n, cap;
} soak_text;

/* Appends n bytes of p. */
static inline void soak_text_put(soak_text *t, const char *p, size_t n)
{
    if (t->n + n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap : 4096;
        while (t->n + n + 1 > cap) cap *= 2;
        char *s = realloc(t->s, cap);
        if (!s) abort();
        t->s = s, t->cap = cap;
    }
    memcpy(t->s + t->n, p, n);
    t->n += n;
    t->s[t->n] = 0;
}

/* Appends printf's text (at most 599 bytes of it). */
static inline void soak_text_printf(soak_text *t, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static inline void soak_text_printf(soak_text *t, const char *fmt, ...)
{
    char tmp[600];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    soak_text_put(t, tmp, n < 0 ? 0 : (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

#endif
