/* js/src/layout.h: a struct that crosses to JavaScript, described once.
 * A FIELDS(X) list names each field with its element type (int32_t,
 * uint64_t or double); JS_LAYOUT checks the list against the struct (each
 * type, and every field named: no padding) and defines an exported
 * function giving "bytes N;name type offset count;...", which js/core.js's
 * layout() reads, refusing to load when a field it reads is missing or of
 * another type.  Included by js/src/exports_*.c only. */
#ifndef BB_JS_LAYOUT_H
#define BB_JS_LAYOUT_H

#include <stddef.h>
#include <stdio.h>

#define BB_JS_EXPORT __attribute__((used, visibility("default")))

/* a field's size, and the number of elements of its type (1, or an array's length) */
#define JS_FIELD_SIZE(s, f) sizeof(((s *)0)->f)
#define JS_FIELD_COUNT(s, f, type) (JS_FIELD_SIZE(s, f) / sizeof(type))
/* the list's element type is the field's: a type, or an array of it */
#define JS_FIELD_CHECK(s, f, type)                                                                                  \
    _Static_assert(_Generic(&((s *)0)->f, type *: 1, type(*)[JS_FIELD_COUNT(s, f, type)]: 1, default: 0),           \
                   #s "." #f " is not " #type " as the list says");
#define JS_FIELD_PLUS(s, f, type) +JS_FIELD_SIZE(s, f)
#define JS_FIELD_TEXT(s, f, type)                                                                                   \
    n += snprintf(text + n, sizeof text - (size_t)n, ";%s %s %d %d", #f, #type, (int)offsetof(s, f),                 \
                  (int)JS_FIELD_COUNT(s, f, type));

/* the checks, and `const char *name(void)`: the layout's text (written once, then kept) */
#define JS_LAYOUT(name, s, FIELDS)                                                                                  \
    FIELDS(JS_FIELD_CHECK)                                                                                          \
    _Static_assert(0 FIELDS(JS_FIELD_PLUS) == sizeof(s), #FIELDS " lists every field of " #s);                      \
    BB_JS_EXPORT const char *name(void)                                                                             \
    {                                                                                                               \
        static char text[512];                                                                                      \
        if (!text[0]) {                                                                                             \
            int n = snprintf(text, sizeof text, "bytes %d", (int)sizeof(s));                                        \
            FIELDS(JS_FIELD_TEXT)                                                                                   \
        }                                                                                                           \
        return text;                                                                                                \
    }

#endif
