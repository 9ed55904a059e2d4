/* Text helpers private to the library (src/ only), shared by every module
 * that reads or writes text (io, othello):
 *   bb__out_buf, bb__put    write into a caller's buffer the way snprintf
 *                           does: what does not fit is counted, not written
 *   bb__fail                fill a bb_parse_error; returns -1
 *   bb__quote               a token as printable ASCII for a message
 *   bb__is_space            ASCII white space                              */
#ifndef BITBOARD_SRC_CORE_TEXT_H
#define BITBOARD_SRC_CORE_TEXT_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "bitboard.h"

typedef struct { char *buf; size_t size, len; } bb__out_buf;

#if defined(__GNUC__) || defined(__clang__)
#define BB__PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define BB__PRINTF(f, a)
#endif

BB__PRINTF(2, 3) static inline void bb__put(bb__out_buf *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t room = o->len < o->size ? o->size - o->len : 0;
    int k = vsnprintf(room ? o->buf + o->len : NULL, room, fmt, ap);
    va_end(ap);
    if (k > 0) o->len += (size_t)k;
}

/* Fills *err (if not NULL): the 1-based position pos (0: the whole text),
 * line and column in a diagram (else 0), and the message.  Returns -1. */
BB__PRINTF(5, 6) static inline int bb__fail(bb_parse_error *err, int pos, int line, int column, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
        err->pos = pos;
        err->line = line;
        err->column = column;
    }
    return -1;
}

/* Writes s[0..n) to buf as printable ASCII, never a control character: \n,
 * \t and \r as themselves escaped, other bytes outside 0x20..0x7e as \xHH.
 * At most 24 characters of s are shown (21 and "..." if longer); buf needs
 * 4 bytes a character shown and the NUL: BB__QUOTE_MAX always does.
 * Returns buf. */
#define BB__QUOTE_MAX (24 * 4 + 1)
static inline const char *bb__quote(char *buf, const char *s, size_t n)
{
    static const char hex[] = "0123456789abcdef";
    size_t k = n > 24 ? 21 : n;
    size_t o = 0;
    for (size_t i = 0; i < k; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c <= 0x7e) {
            buf[o++] = (char)c;
        } else if (c == '\n' || c == '\t' || c == '\r') {
            buf[o++] = '\\';
            buf[o++] = c == '\n' ? 'n' : c == '\t' ? 't' : 'r';
        } else {
            buf[o++] = '\\', buf[o++] = 'x', buf[o++] = hex[c >> 4], buf[o++] = hex[c & 15];
        }
    }
    if (k < n) { memcpy(buf + o, "...", 3); o += 3; }
    buf[o] = '\0';
    return buf;
}

static inline int bb__is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}

#endif
