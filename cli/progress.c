/* The progress line of a long read (chess pgn, chess epd, othello games):
 * one line on standard error, rewritten in place,
 *
 *     12.3 of 45.6 MB (27%), 10234 games, 4100 games/s, ETA 0:08
 *
 * the bytes of the file as stored (compressed ones for a compressed file),
 * of its size when that is known (a regular file; not standard input or a
 * pipe: then no size, percentage or ETA), the items read, their rate since
 * the start and the time left at the bytes' rate so far.  At most four
 * updates a second, only when standard error is a terminal, and cleared
 * before any other line goes to standard error and before the end. */
#define _POSIX_C_SOURCE 200809L
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

static cli_progress *active; /* the line cli_error clears (one a process) */

void cli_progress_begin(cli_progress *p, const char *path, const char *unit, int enabled)
{
    memset(p, 0, sizeof *p);
    active = p;
    p->on = enabled && isatty(2);
    p->unit = unit;
    p->t0 = p->last = cli_now();
    struct stat st;
    if (path && strcmp(path, "-") != 0 && stat(path, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0)
        p->total = (uint64_t)st.st_size;
}

/* h:mm:ss from an hour on, else m:ss */
static void put_eta(char *buf, size_t size, double seconds)
{
    long s = seconds < 0 ? 0 : seconds > 3.6e8 ? 360000000L : (long)(seconds + 0.5);
    if (s >= 3600) snprintf(buf, size, ", ETA %ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
    else snprintf(buf, size, ", ETA %ld:%02ld", s / 60, s % 60);
}

void cli_progress_update(cli_progress *p, uint64_t bytes, long items)
{
    if (!p->on) return;
    double now = cli_now(), t = now - p->t0;
    if (now - p->last < 0.25 || t <= 0) return;
    p->last = now;
    char size[64] = " MB", eta[48] = "";
    if (p->total) {
        if (bytes > p->total) bytes = p->total; /* a file that grew while it was read */
        snprintf(size, sizeof size, " of %.1f MB (%d%%)", (double)p->total / 1e6,
                 (int)(100.0 * (double)bytes / (double)p->total));
        if (bytes > 0) put_eta(eta, sizeof eta, (double)(p->total - bytes) * t / (double)bytes);
    }
    fprintf(stderr, "\r%.1f%s, %ld %s, %.0f %s/s%s\033[K", (double)bytes / 1e6, size, items, p->unit,
            (double)items / t, p->unit, eta);
    fflush(stderr);
    p->shown = 1;
}

void cli_progress_clear(cli_progress *p)
{
    if (!p) p = active;
    if (!p || !p->shown) return;
    fputs("\r\033[K", stderr);
    fflush(stderr);
    p->shown = 0;
}
