/* The perft journal (format 2): a first line naming the parameters and the
 * subtree list's checksum, then one line `done INDEX COUNT SECONDS` per
 * finished subtree, each flushed and fsync'ed before the next is handed out.
 * Every line ends with a field of 16 hex digits, the FNV-1a hash of the text
 * before it, so a changed or damaged character is found.  A restart reads
 * it, skips what is done and goes on; a journal of other parameters is
 * refused, naming the field that differs; a malformed line (a count that is
 * not a decimal 0..2^64-1, a wrong hash) is an error with its line number; a
 * last line cut off without its newline (the job was killed while writing
 * it) is dropped and that subtree counted again.  A journal of format 1 (no
 * hashes) is still read, its lines checked for their form, and goes on in
 * format 1.  Tested by tests/test_cli_journal.c and tests/cli/perft_journal.sh. */
#define _POSIX_C_SOURCE 200809L
#include "journal.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "cli.h"

uint64_t journal_fnv1a(uint64_t h, const void *data, size_t n)
{
    const unsigned char *b = data;
    for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 0x100000001b3ULL;
    return h;
}

static uint64_t line_hash(const char *text, size_t n)
{
    return journal_fnv1a(JOURNAL_FNV_START, text, n);
}

void journal_params_line(const journal_params *p, int version, char *buf, size_t size)
{
    snprintf(buf, size, "bitboard-perft-journal %d game=%s depth=%d split=%d convention=%s symmetry=%s tasks=%zu "
                        "checksum=%016" PRIx64 " position=%s",
             version, p->game, p->depth, p->split, p->convention, p->symmetry, p->tasks, p->checksum, p->position);
}

/* Checks and strips the hash field that ends a line of format 2: 0, or a reason. */
static const char *strip_hash(char *line)
{
    char *sp = strrchr(line, ' ');
    if (!sp || strlen(sp + 1) != 16 || strspn(sp + 1, "0123456789abcdef") != 16)
        return "it does not end with its hash (16 hex digits); the line is damaged or cut short";
    uint64_t want = strtoull(sp + 1, NULL, 16);
    if (line_hash(line, (size_t)(sp - line)) != want)
        return "its hash does not match its text; the line was changed or damaged";
    *sp = 0;
    return NULL;
}

/* A decimal 0..2^64-1 without sign or leading zeros, at *p and up to a space
   or the end: 0 and *v (and *p past it), or -1. */
static int parse_u64(const char **p, uint64_t *v)
{
    const char *q = *p;
    uint64_t x = 0;
    size_t n = 0;
    for (; q[n] >= '0' && q[n] <= '9'; n++) {
        unsigned d = (unsigned)(q[n] - '0');
        if (x > (UINT64_MAX - d) / 10) return -1;
        x = x * 10 + d;
    }
    if (n == 0 || (n > 1 && q[0] == '0') || (q[n] != ' ' && q[n] != 0)) return -1;
    *v = x, *p = q + n;
    return 0;
}

/* `done INDEX COUNT SECONDS` (SECONDS: digits, a point, digits): NULL and the
   fields, or what is wrong in a sentence fragment (in why). */
static const char *parse_done(const char *line, uint64_t *idx, uint64_t *cnt, char *why, size_t size)
{
    const char *p = line;
    if (strncmp(p, "done ", 5) != 0) return "it does not start with 'done '";
    p += 5;
    const char *f = p;
    if (parse_u64(&p, idx) || *p != ' ') {
        snprintf(why, size, "its index '%.*s' is not a number 0..2^64-1", (int)strcspn(f, " "), f);
        return why;
    }
    f = ++p;
    if (parse_u64(&p, cnt) || *p != ' ') {
        snprintf(why, size, "its count '%.*s' is not a number 0..18446744073709551615 (2^64-1)",
                 (int)strcspn(f, " "), f);
        return why;
    }
    f = ++p;
    size_t a = strspn(p, "0123456789");
    size_t b = p[a] == '.' ? strspn(p + a + 1, "0123456789") : 0;
    if (a == 0 || b == 0 || p[a + 1 + b] != 0) {
        snprintf(why, size, "its seconds '%s' are not a number like 0.123456", f);
        return why;
    }
    return NULL;
}

/* The first field where two parameter lines differ, as "depth (journal 7, here 8)". */
static void first_difference(const char *journal, const char *here, char *buf, size_t size)
{
    const char *a = journal, *b = here;
    while (*a && *b) {
        size_t la = strcspn(a, " "), lb = strcspn(b, " ");
        const char *pa = a;
        if (la != lb || strncmp(a, b, la)) {
            const char *eq = memchr(pa, '=', la);
            if (!strncmp(a, "position=", 9) && !strncmp(b, "position=", 9)) {
                snprintf(buf, size, "the position (journal '%s', here '%s')", a + 9, b + 9);
                return;
            }
            int name = eq ? (int)(eq - pa) : (int)la;
            snprintf(buf, size, "%.*s (journal %.*s, here %.*s)", name, pa, (int)(la - (eq ? (size_t)name + 1 : 0)),
                     eq ? eq + 1 : pa, (int)(lb - (eq ? (size_t)name + 1 : 0)), eq ? b + name + 1 : b);
            return;
        }
        a += la, b += lb;
        while (*a == ' ') a++;
        while (*b == ' ') b++;
    }
    snprintf(buf, size, "%s", *a ? "the journal's line is longer" : "the journal's line is shorter");
}

static int sync_journal(journal *j)
{
    if (fflush(j->f) != 0 || (!j->no_fsync && fsync(fileno(j->f)) != 0)) {
        j->error("journal %s: %s", j->path, strerror(errno));
        return -1;
    }
    return 0;
}

/* Line 1 (its hash stripped) against the parameters: 0, or EXIT_USAGE after the error. */
static int check_params(const journal *j, const char *line, const journal_params *p)
{
    char params[1024];
    journal_params_line(p, j->version, params, sizeof params);
    if (strcmp(line, params) == 0) return 0;
    char why[600];
    if (strncmp(line, "bitboard-perft-journal ", 23) != 0)
        snprintf(why, sizeof why, "it is not a perft journal (its first line is not 'bitboard-perft-journal ...')");
    else if (j->version == 2 && strncmp(line, "bitboard-perft-journal 2 ", 25) != 0) /* format 1 is read as 1 */
        snprintf(why, sizeof why, "it is of format '%.*s', and this bitboard reads formats 1 and 2",
                 (int)strcspn(line + 23, " "), line + 23);
    else
        first_difference(line, params, why, sizeof why);
    j->error("journal %s was written for other parameters: %s; use another file, or the parameters it names", j->path,
             why);
    return EXIT_USAGE;
}

/* A `done` line (line lineno, its hash stripped) into done[] and count[]: 0,
   or EXIT_USAGE after the error. */
static int read_done(const journal *j, const char *line, long lineno, size_t tasks, unsigned char *done,
                     uint64_t *count, size_t *ndone)
{
    uint64_t idx, cnt;
    char why[128];
    const char *bad = parse_done(line, &idx, &cnt, why, sizeof why);
    if (bad)
        return j->error("journal %s, line %ld: '%s' is not 'done INDEX COUNT SECONDS': %s", j->path, lineno, line,
                        bad), EXIT_USAGE;
    if (idx >= tasks)
        return j->error("journal %s, line %ld: subtree %" PRIu64 " does not exist (there are %zu)", j->path, lineno,
                        idx, tasks), EXIT_USAGE;
    if (done[idx] && count[idx] != cnt)
        return j->error("journal %s, line %ld: subtree %" PRIu64 " counted twice with different counts (%" PRIu64
                        ", %" PRIu64 ")", j->path, lineno, idx, count[idx], cnt), EXIT_USAGE;
    if (!done[idx]) (*ndone)++;
    done[idx] = 1;
    count[idx] = cnt;
    return 0;
}

/* Reads the journal open in j->f: 0 and *good_end (the offset past its last
   whole line; 0: none, start it again), or EXIT_USAGE after the error. */
static int read_journal(journal *j, const journal_params *p, unsigned char *done, uint64_t *count, FILE *notes,
                        size_t *ndone, long *good_end)
{
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    long lineno = 0;
    int rc = 0;
    *good_end = 0;
    while (rc == 0 && (len = getline(&line, &cap, j->f)) > 0) {
        lineno++;
        if (line[len - 1] != '\n') { /* cut off while being written */
            if (notes)
                fprintf(notes, "bitboard: note: journal %s: line %ld is incomplete (the run stopped while writing "
                               "it); that subtree is counted again\n", j->path, lineno);
            break;
        }
        line[len - 1] = 0;
        if (lineno == 1 && !strncmp(line, "bitboard-perft-journal 1 ", 25)) j->version = 1;
        const char *damaged = j->version == 2 && (lineno > 1 || !strncmp(line, "bitboard-perft-journal 2 ", 25))
                                  ? strip_hash(line) : NULL;
        if (damaged) {
            j->error("journal %s, line %ld: %s: '%s'", j->path, lineno, damaged, line);
            rc = EXIT_USAGE;
        } else if (lineno == 1) rc = check_params(j, line, p);
        else rc = read_done(j, line, lineno, p->tasks, done, count, ndone);
        if (rc == 0) *good_end = ftell(j->f);
    }
    free(line);
    return rc;
}

int journal_open(journal *j, const char *path, const journal_params *p, int no_fsync, journal_error_fn error,
                 unsigned char *done, uint64_t *count, FILE *notes)
{
    memset(j, 0, sizeof *j);
    j->path = path;
    j->version = 2;
    j->no_fsync = no_fsync;
    j->error = error;
    j->f = fopen(path, "r+");
    if (!j->f && errno != ENOENT) /* the run's state cannot be opened: status 2, as any file that cannot be */
        return error("journal %s: %s", path, strerror(errno)), EXIT_USAGE;
    if (j->f) {
        size_t ndone = 0;
        long good_end;
        int rc = read_journal(j, p, done, count, notes, &ndone, &good_end);
        if (rc) {
            journal_close(j);
            return rc;
        }
        if (good_end == 0) { /* empty, or only a cut-off first line: start it again */
            journal_close(j);
            j->version = 2;
        } else {
            if (ftruncate(fileno(j->f), good_end) != 0 || fseek(j->f, good_end, SEEK_SET) != 0) {
                error("journal %s: %s", path, strerror(errno));
                journal_close(j);
                return 1;
            }
            if (j->version == 1 && notes)
                fprintf(notes, "bitboard: note: journal %s is of format 1, whose lines have no hash: they are "
                               "checked for their form only, and the journal goes on in format 1\n", path);
            if (ndone && notes)
                fprintf(notes, "bitboard: journal %s: %zu of %zu subtrees done, going on\n", path, ndone, p->tasks);
        }
    }
    if (!j->f) {
        j->f = fopen(path, "w");
        if (!j->f) return error("journal %s: %s", path, strerror(errno)), EXIT_USAGE;
        char params[1024];
        journal_params_line(p, 2, params, sizeof params);
        fprintf(j->f, "%s %016" PRIx64 "\n", params, line_hash(params, strlen(params)));
    }
    return sync_journal(j) ? 1 : 0;
}

int journal_append(journal *j, size_t idx, uint64_t count, double seconds)
{
    char line[96];
    int n = snprintf(line, sizeof line, "done %zu %" PRIu64 " %.6f", idx, count, seconds);
    if (j->version == 1) fprintf(j->f, "%s\n", line);
    else fprintf(j->f, "%s %016" PRIx64 "\n", line, line_hash(line, (size_t)n));
    return sync_journal(j);
}

void journal_close(journal *j)
{
    if (j->f) fclose(j->f);
    j->f = NULL;
}
