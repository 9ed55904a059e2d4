/* Writing text into a caller's buffer the way snprintf does: what does not
 * fit is counted, not written, so the caller learns the length it needs.
 * Private to the library (src/ only): io and othello format with it. */
#ifndef BITBOARD_SRC_CORE_OUT_BUF_H
#define BITBOARD_SRC_CORE_OUT_BUF_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

typedef struct { char *buf; size_t size, len; } bb__out_buf;

#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 2, 3)))
#endif
static inline void bb__put(bb__out_buf *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t room = o->len < o->size ? o->size - o->len : 0;
    int k = vsnprintf(room ? o->buf + o->len : NULL, room, fmt, ap);
    va_end(ap);
    if (k > 0) o->len += (size_t)k;
}

#endif
