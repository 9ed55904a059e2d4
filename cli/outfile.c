/* Files the commands write (--make, --svg, --html, --ggf): written whole or
 * not at all.  A regular file (or a new one) is written as a temporary file
 * in the same folder and renamed over the destination once every write, the
 * flush, the fsync and the close have succeeded; after a failure the
 * temporary file is removed and the old destination is left as it was.  A
 * destination that exists and is not a regular file (/dev/null, a FIFO, a
 * terminal), or names an open descriptor (/dev/stdout), is written in place,
 * and "-" is standard output where allowed. */
#define _XOPEN_SOURCE 700 /* realpath, with POSIX 2008 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

/* The umask, read by setting it and putting it back (the CLI is one thread here). */
static mode_t current_umask(void)
{
    mode_t m = umask(022);
    umask(m);
    return m;
}

/* Prints "WHAT PATH: DOING: REASON[NOTE]" and returns 1. */
static int fail(const cli_outfile *of, const char *doing, int e, const char *note)
{
    cli_error("%s %s: %s: %s%s", of->what, of->path, doing, e ? strerror(e) : "a write failed", note);
    return 1;
}

/* The temporary file "DIR/.NAME.XXXXXX" for dest, created (mode 0600) with its fd in *fd. */
static char *make_temp(const char *dest, int *fd)
{
    const char *slash = strrchr(dest, '/');
    size_t dir = slash ? (size_t)(slash - dest) + 1 : 0, n = strlen(dest);
    char *tmp = malloc(n + 9);
    if (!tmp) return errno = ENOMEM, NULL;
    memcpy(tmp, dest, dir);
    tmp[dir] = '.';
    memcpy(tmp + dir + 1, dest + dir, n - dir);
    memcpy(tmp + n + 1, ".XXXXXX", 8);
    *fd = mkstemp(tmp);
    if (*fd < 0) {
        int e = errno;
        free(tmp);
        errno = e;
        return NULL;
    }
    return tmp;
}

int cli_outfile_open(cli_outfile *of, const char *what, const char *path, unsigned flags)
{
    memset(of, 0, sizeof *of);
    of->what = what, of->path = path, of->fd = -1;
    if ((flags & CLI_OUT_STDOUT) && strcmp(path, "-") == 0) {
        of->f = stdout, of->in_place = 1;
        of->write_path = NULL;
        return 0;
    }
    struct stat st;
    int exists = stat(path, &st) == 0;
    /* /dev/null, a FIFO, a terminal: in place; so is an open descriptor's name
     * (/dev/stdout, /dev/fd/N) on a regular file, appended to as the shell's
     * redirection left it (> or >>) */
    int descriptor = !strcmp(path, "/dev/stdout") || !strcmp(path, "/dev/stderr") || !strncmp(path, "/dev/fd/", 8) ||
                     !strncmp(path, "/proc/self/fd/", 14);
    if (exists && (!S_ISREG(st.st_mode) || descriptor)) {
        of->in_place = 1, of->write_path = path;
        if (flags & CLI_OUT_BY_PATH) return 0;
        of->f = fopen(path, S_ISREG(st.st_mode) ? "a" : "w");
        return of->f ? 0 : fail(of, "cannot open it", errno, "");
    }
    /* a symbolic link is followed, as fopen would: the file it names is replaced */
    of->dest = exists ? realpath(path, NULL) : NULL;
    if (exists && !of->dest) return fail(of, "cannot find its folder", errno, "");
    of->existed = exists;
    const char *dest = of->dest ? of->dest : path;
    of->tmp = make_temp(dest, &of->fd);
    if (!of->tmp) {
        int e = errno;
        free(of->dest), of->dest = NULL;
        return fail(of, exists ? "cannot create a temporary file beside it" : "cannot create it", e, "");
    }
    /* the mode a plain fopen would give: the old file's, or 0666 less the umask */
    mode_t mode = exists ? (st.st_mode & 07777) : (0666 & ~current_umask());
    if (fchmod(of->fd, mode) != 0 || (!(flags & CLI_OUT_BY_PATH) && !(of->f = fdopen(of->fd, "w")))) {
        int e = errno;
        cli_outfile_close(of, 0);
        return fail(of, "cannot create it", e, "");
    }
    if (of->f) of->fd = -1; /* the stream owns it now */
    of->write_path = of->tmp;
    return 0;
}

int cli_outfile_put(cli_outfile *of, const void *data, size_t len)
{
    if (of->err || ferror(of->f)) return -1;
    errno = 0;
    if (fwrite(data, 1, len, of->f) != len) {
        of->err = errno ? errno : EIO;
        return -1;
    }
    return 0;
}

int cli_outfile_close(cli_outfile *of, int keep)
{
    int e = of->err, failed = e != 0;
    if (of->f == stdout) { /* "-": the one message for standard output */
        of->f = NULL;
        if (failed) errno = e;
        else fflush(stdout);
        return cli_check_output();
    }
    if (of->f && !failed) {
        errno = 0;
        if (fflush(of->f) != 0 || ferror(of->f)) failed = 1, e = errno;
    }
    if (!failed && keep && of->tmp) {
        int fd = of->f ? fileno(of->f) : of->fd;
        if (fsync(fd) != 0) failed = 1, e = errno;
    }
    if (of->f) {
        if (fclose(of->f) != 0 && !failed) failed = 1, e = errno;
    } else if (of->fd >= 0) {
        if (close(of->fd) != 0 && !failed) failed = 1, e = errno;
    }
    of->f = NULL, of->fd = -1;
    int rc = 0;
    if (keep && !failed && of->tmp && rename(of->tmp, of->dest ? of->dest : of->path) != 0) {
        e = errno;
        rc = fail(of, "cannot replace it", e, of->existed ? " (the old file is left as it was)" : "");
    } else if (keep && failed) {
        rc = fail(of, "writing failed", e, of->tmp && of->existed ? " (the old file is left as it was)" : "");
    }
    if (of->tmp && (!keep || rc)) unlink(of->tmp);
    free(of->tmp), free(of->dest);
    of->tmp = of->dest = NULL;
    return rc;
}
