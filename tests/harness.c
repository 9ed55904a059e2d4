#include "harness.h"

#include <stdarg.h>

static int passed, failed, current_failures;
static const char *current;

void bbt_run(const char *name, void (*fn)(void))
{
    current = name;
    current_failures = 0;
    fn();
    if (current_failures) failed++;
    else passed++;
}

void bbt_fail(const char *file, int line, const char *cond, const char *fmt, ...)
{
    if (++current_failures > 5) return; /* the first few say enough */
    fprintf(stderr, "FAIL %s (%s:%d): %s\n    ", current, file, line, cond);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

int bbt_finish(const char *suite)
{
    printf("%s: %d passed, %d failed\n", suite, passed, failed);
    return failed ? 1 : 0;
}
