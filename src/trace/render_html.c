/* bb_trace_render_html: the html picture of a trace.
 * STAND-IN: trace-draw replaces this file; until then it writes an empty
 * text (the length needed is 0). */
#include "bitboard.h"

/* STAND-IN: writes "" and returns 0. */
size_t bb_trace_render_html(char *buf, size_t size, const bb_trace_result *r, const char *title, unsigned flags)
{
    (void)r;
    (void)title;
    (void)flags;
    if (buf && size) buf[0] = '\0';
    return 0;
}
