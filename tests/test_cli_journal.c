/* The CLI's perft journal (cli/journal.c) by itself: its hash, its first
 * line, lines written and read back (and gone on with), a cut last line
 * dropped, every kind of damaged line refused with its line number, other
 * parameters refused naming the field, format 1 read and continued.  The
 * whole command is tested by tests/cli/perft_journal.sh and tests/mpi.sh. */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../cli/journal.h"
#include "harness.h"

enum { TASKS = 5 };

static char err_text[2048];
static int errors;

static int capture(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err_text, sizeof err_text, fmt, ap);
    va_end(ap);
    errors++;
    return 2;
}

static const journal_params PARAMS = {"chess", 5, 2, "-", "-", TASKS, 0x0123456789abcdefULL, "8/8/8/8/8/8/8/K6k w - - 0 1"};
static char dir[64], path[96];

static void setup(void)
{
    if (dir[0]) return;
    snprintf(dir, sizeof dir, "/tmp/test_cli_journal.XXXXXX");
    if (!mkdtemp(dir)) {
        fprintf(stderr, "mkdtemp failed\n");
        exit(1);
    }
    snprintf(path, sizeof path, "%s/j.txt", dir);
}

static void write_file(const char *text)
{
    FILE *f = fopen(path, "w");
    if (!f) exit(1);
    fputs(text, f);
    fclose(f);
}

/* the file's text (static; "" if it cannot be read) */
static const char *file_text(void)
{
    static char buf[8192];
    FILE *f = fopen(path, "r");
    size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
    if (f) fclose(f);
    buf[n] = 0;
    return buf;
}

/* text and its hash, as the journal ends its lines of format 2 (appended to out) */
static void sign(char *out, size_t size, const char *text)
{
    size_t n = strlen(out);
    snprintf(out + n, size - n, "%s %016" PRIx64 "\n", text, journal_fnv1a(JOURNAL_FNV_START, text, strlen(text)));
}

/* the first line for PARAMS in format version, signed (format 2) or not */
static void first_line(char *out, size_t size, int version)
{
    char line[512];
    journal_params_line(&PARAMS, version, line, sizeof line);
    out[0] = 0;
    if (version == 2) sign(out, size, line);
    else snprintf(out, size, "%s\n", line);
}

typedef struct {
    int rc;
    unsigned char done[TASKS];
    uint64_t count[TASKS];
    char notes[1024];
} opened;

/* journal_open on the file at path (left open in *j when it succeeds) */
static opened open_it(journal *j, const journal_params *p)
{
    opened r;
    memset(&r, 0, sizeof r);
    err_text[0] = 0;
    errors = 0;
    char *buf = NULL;
    size_t len = 0;
    FILE *notes = open_memstream(&buf, &len);
    r.rc = journal_open(j, path, p, 1, capture, r.done, r.count, notes);
    fclose(notes);
    snprintf(r.notes, sizeof r.notes, "%s", buf ? buf : "");
    free(buf);
    return r;
}

static void hash(void)
{
    CHECK_EQ64(journal_fnv1a(JOURNAL_FNV_START, "", 0), 0xcbf29ce484222325ULL, "empty");
    CHECK_EQ64(journal_fnv1a(JOURNAL_FNV_START, "a", 1), 0xaf63dc4c8601ec8cULL, "'a'");
    CHECK_EQ64(journal_fnv1a(JOURNAL_FNV_START, "foobar", 6), 0x85944171f73967e8ULL, "'foobar'");
    CHECK_EQ64(journal_fnv1a(journal_fnv1a(JOURNAL_FNV_START, "foo", 3), "bar", 3), 0x85944171f73967e8ULL,
               "'foo' then 'bar'");
}

static void params_line(void)
{
    char line[512];
    journal_params_line(&PARAMS, 2, line, sizeof line);
    CHECK(!strcmp(line, "bitboard-perft-journal 2 game=chess depth=5 split=2 convention=- symmetry=- tasks=5 "
                        "checksum=0123456789abcdef position=8/8/8/8/8/8/8/K6k w - - 0 1"), "%s", line);
    journal_params o = {"othello", 11, 7, "bik", "off", 1773, 7, "-"};
    journal_params_line(&o, 1, line, sizeof line);
    CHECK(!strcmp(line, "bitboard-perft-journal 1 game=othello depth=11 split=7 convention=bik symmetry=off "
                        "tasks=1773 checksum=0000000000000007 position=-"), "%s", line);
}

static void round_trip(void)
{
    setup();
    unlink(path);
    journal j;
    opened r = open_it(&j, &PARAMS);
    CHECK(r.rc == 0 && errors == 0, "new journal: %d, %s", r.rc, err_text);
    CHECK(!strcmp(r.notes, ""), "a new journal has no note: %s", r.notes);
    CHECK(journal_append(&j, 3, 18446744073709551615ULL, 1.5) == 0, "append");
    CHECK(journal_append(&j, 0, 0, 0.0000004) == 0, "append");
    journal_close(&j);
    char want[2048];
    first_line(want, sizeof want, 2);
    sign(want, sizeof want, "done 3 18446744073709551615 1.500000");
    sign(want, sizeof want, "done 0 0 0.000000");
    CHECK(!strcmp(file_text(), want), "the file:\n%s\nwant:\n%s", file_text(), want);
    /* read back, then gone on with */
    r = open_it(&j, &PARAMS);
    CHECK(r.rc == 0 && errors == 0, "reopened: %d, %s", r.rc, err_text);
    CHECK(r.done[3] && r.done[0] && !r.done[1] && !r.done[2] && !r.done[4], "the done subtrees");
    CHECK_EQ64(r.count[3], 18446744073709551615ULL, "subtree 3");
    CHECK_EQ64(r.count[0], 0, "subtree 0");
    CHECK(strstr(r.notes, ": 2 of 5 subtrees done, going on\n") != NULL, "%s", r.notes);
    CHECK(journal_append(&j, 1, 42, 0.25) == 0, "append after reading");
    journal_close(&j);
    sign(want, sizeof want, "done 1 42 0.250000");
    CHECK(!strcmp(file_text(), want), "gone on:\n%s\nwant:\n%s", file_text(), want);
    /* the same subtree twice with the same count is read (a worker's answer written twice) */
    FILE *f = fopen(path, "a");
    char line[128] = "";
    sign(line, sizeof line, "done 1 42 0.300000");
    fputs(line, f);
    fclose(f);
    r = open_it(&j, &PARAMS);
    journal_close(&j);
    CHECK(r.rc == 0 && r.done[1] && r.count[1] == 42, "repeated line: %d, %s", r.rc, err_text);
    CHECK(strstr(r.notes, ": 3 of 5 subtrees done, going on\n") != NULL, "counted once: %s", r.notes);
}

static void cut_last_line(void)
{
    setup();
    char text[2048];
    first_line(text, sizeof text, 2);
    sign(text, sizeof text, "done 2 77 0.100000");
    size_t whole = strlen(text);
    strcat(text, "done 4 9"); /* killed while writing line 3 */
    write_file(text);
    journal j;
    opened r = open_it(&j, &PARAMS);
    CHECK(r.rc == 0 && errors == 0, "%d, %s", r.rc, err_text);
    CHECK(strstr(r.notes, ": line 3 is incomplete (the run stopped while writing it); that subtree is counted again\n"),
          "%s", r.notes);
    CHECK(r.done[2] && !r.done[4], "the cut line is not read");
    CHECK(journal_append(&j, 4, 9, 0.5) == 0, "append");
    journal_close(&j);
    text[whole] = 0;
    sign(text, sizeof text, "done 4 9 0.500000");
    CHECK(!strcmp(file_text(), text), "the cut line replaced:\n%s\nwant:\n%s", file_text(), text);
    /* an empty journal, or only a cut first line: started again */
    const char *starts[] = {"", "bitboard-perft-jour"};
    for (int k = 0; k < 2; k++) {
        write_file(starts[k]);
        r = open_it(&j, &PARAMS);
        journal_close(&j);
        first_line(text, sizeof text, 2);
        CHECK(r.rc == 0 && !strcmp(file_text(), text), "start %d: %d, %s", k, r.rc, file_text());
    }
}

/* a journal whose line `lineno` (2..4) is `bad` (its hash added when sign):
   refused, status 2, the error naming the line, as want */
static void refused(const char *bad, int sign_it, int lineno, const char *want_end)
{
    char text[4096];
    first_line(text, sizeof text, 2);
    const char *good[] = {"done 0 10 0.100000", "done 1 11 0.200000", "done 2 12 0.300000"};
    for (int l = 2; l <= 4; l++) {
        const char *t = l == lineno ? bad : good[l - 2];
        if (l != lineno || sign_it) sign(text, sizeof text, t);
        else snprintf(text + strlen(text), sizeof text - strlen(text), "%s\n", t);
    }
    write_file(text);
    journal j;
    opened r = open_it(&j, &PARAMS);
    journal_close(&j);
    char want[1024];
    snprintf(want, sizeof want, "journal %s, line %d: %s", path, lineno, want_end);
    CHECK(r.rc == 2 && errors == 1 && !strcmp(err_text, want), "'%s': status %d, %d errors,\n    got  %s\n    want %s",
          bad, r.rc, errors, err_text, want);
    CHECK(!strcmp(file_text(), text), "'%s': the journal is left as it was", bad);
}

static void damaged_lines(void)
{
    setup();
    static const char *counts[] = {"-10", "12345678901234567890123", "18446744073709551616", "10x", "abc", "+10", "010",
                                   ""};
    for (size_t k = 0; k < sizeof counts / sizeof *counts; k++) {
        char line[128], end[512];
        snprintf(line, sizeof line, "done 1 %s 0.2", counts[k]);
        snprintf(end, sizeof end, "'%s' is not 'done INDEX COUNT SECONDS': its count '%s' is not a number "
                                  "0..18446744073709551615 (2^64-1)", line, counts[k]);
        refused(line, 1, 3, end);
    }
    refused("done -0 10 0.1", 1, 2,
            "'done -0 10 0.1' is not 'done INDEX COUNT SECONDS': its index '-0' is not a number 0..2^64-1");
    refused("done 18446744073709551616 10 0.1", 1, 4, "'done 18446744073709551616 10 0.1' is not 'done INDEX COUNT "
                                                      "SECONDS': its index '18446744073709551616' is not a number 0..2^64-1");
    refused("done 0 10 1e3", 1, 2,
            "'done 0 10 1e3' is not 'done INDEX COUNT SECONDS': its seconds '1e3' are not a number like 0.123456");
    refused("done 0 10 .5", 1, 2,
            "'done 0 10 .5' is not 'done INDEX COUNT SECONDS': its seconds '.5' are not a number like 0.123456");
    refused("done 0 10 0.1 7", 1, 2,
            "'done 0 10 0.1 7' is not 'done INDEX COUNT SECONDS': its seconds '0.1 7' are not a number like 0.123456");
    refused("dome 0 10 0.1", 1, 3, "'dome 0 10 0.1' is not 'done INDEX COUNT SECONDS': it does not start with 'done '");
    refused("done 5 10 0.1", 1, 4, "subtree 5 does not exist (there are 5)");
    refused("done 0 11 0.1", 1, 3, "subtree 0 counted twice with different counts (10, 11)");
    /* no hash, a hash too short, in capitals, or not the text's */
    refused("done 1 11 0.2", 0, 3,
            "it does not end with its hash (16 hex digits); the line is damaged or cut short: 'done 1 11 0.2'");
    refused("done 1 11 0.2 0123456789abcde", 0, 3, "it does not end with its hash (16 hex digits); the line is damaged "
                                                   "or cut short: 'done 1 11 0.2 0123456789abcde'");
    char line[128] = "";
    sign(line, sizeof line, "done 1 11 0.200000");
    line[strlen(line) - 1] = 0;
    char upper[128];
    snprintf(upper, sizeof upper, "%s", line);
    for (char *c = strrchr(upper, ' '); *c; c++)
        if (*c >= 'a' && *c <= 'f') *c = (char)(*c - 'a' + 'A');
    if (strcmp(upper, line) != 0) { /* the hash has a letter */
        char end[256];
        snprintf(end, sizeof end, "it does not end with its hash (16 hex digits); the line is damaged or cut short: '%s'",
                 upper);
        refused(upper, 0, 3, end);
    }
    line[5] = '2'; /* done 2 ...: the hash is the text of done 1 */
    char end[256];
    snprintf(end, sizeof end, "its hash does not match its text; the line was changed or damaged: '%s'", line);
    refused(line, 0, 4, end);
}

static void other_parameters(void)
{
    setup();
    char text[2048];
    first_line(text, sizeof text, 2);
    write_file(text);
    journal j;
    journal_params p = PARAMS;
    p.depth = 6;
    opened r = open_it(&j, &p);
    char want[4096];
    snprintf(want, sizeof want, "journal %s was written for other parameters: depth (journal 5, here 6); use another "
                                "file, or the parameters it names", path);
    CHECK(r.rc == 2 && !strcmp(err_text, want), "depth: %d, %s", r.rc, err_text);
    p = PARAMS;
    p.checksum = 1;
    r = open_it(&j, &p);
    snprintf(want, sizeof want, "journal %s was written for other parameters: checksum (journal 0123456789abcdef, here "
                                "0000000000000001); use another file, or the parameters it names", path);
    CHECK(r.rc == 2 && !strcmp(err_text, want), "checksum: %d, %s", r.rc, err_text);
    p = PARAMS;
    p.position = "8/8/8/8/8/8/8/K5k1 w - - 0 1";
    r = open_it(&j, &p);
    snprintf(want, sizeof want, "journal %s was written for other parameters: the position (journal '%s', here '%s'); "
                                "use another file, or the parameters it names", path, PARAMS.position, p.position);
    CHECK(r.rc == 2 && !strcmp(err_text, want), "position: %d, %s", r.rc, err_text);
    write_file("hello\n");
    r = open_it(&j, &PARAMS);
    snprintf(want, sizeof want, "journal %s was written for other parameters: it is not a perft journal (its first "
                                "line is not 'bitboard-perft-journal ...'); use another file, or the parameters it "
                                "names", path);
    CHECK(r.rc == 2 && !strcmp(err_text, want), "not a journal: %d, %s", r.rc, err_text);
    write_file("bitboard-perft-journal 3 game=chess\n");
    r = open_it(&j, &PARAMS);
    snprintf(want, sizeof want, "journal %s was written for other parameters: it is of format '3', and this bitboard "
                                "reads formats 1 and 2; use another file, or the parameters it names", path);
    CHECK(r.rc == 2 && !strcmp(err_text, want), "format 3: %d, %s", r.rc, err_text);
    /* line 1 changed after it was signed */
    first_line(text, sizeof text, 2);
    text[strlen("bitboard-perft-journal 2 game=chess depth=")] = '4';
    write_file(text);
    r = open_it(&j, &PARAMS);
    text[strlen(text) - 1] = 0;
    snprintf(want, sizeof want, "journal %s, line 1: its hash does not match its text; the line was changed or "
                                "damaged: '%s'", path, text);
    CHECK(r.rc == 2 && !strcmp(err_text, want), "line 1 changed: %d, %s", r.rc, err_text);
    /* a journal that cannot be opened */
    snprintf(path, sizeof path, "%s/nodir/j.txt", dir);
    r = open_it(&j, &PARAMS);
    snprintf(want, sizeof want, "journal %s: No such file or directory", path);
    CHECK(r.rc == 2 && !strcmp(err_text, want), "no folder: %d, %s", r.rc, err_text);
    snprintf(path, sizeof path, "%s/j.txt", dir);
}

static void format_1(void)
{
    setup();
    char text[2048];
    first_line(text, sizeof text, 1);
    strcat(text, "done 4 44 0.400000\n");
    write_file(text);
    journal j;
    opened r = open_it(&j, &PARAMS);
    CHECK(r.rc == 0 && errors == 0 && r.done[4] && r.count[4] == 44, "format 1 read: %d, %s", r.rc, err_text);
    CHECK(strstr(r.notes, " is of format 1, whose lines have no hash: they are checked for their form only, and the "
                          "journal goes on in format 1\n") != NULL, "%s", r.notes);
    CHECK(journal_append(&j, 2, 22, 0.125) == 0, "append");
    journal_close(&j);
    strcat(text, "done 2 22 0.125000\n");
    CHECK(!strcmp(file_text(), text), "goes on in format 1:\n%s", file_text());
    /* its lines are checked for their form */
    first_line(text, sizeof text, 1);
    strcat(text, "done 4 4x4 0.400000\n");
    write_file(text);
    r = open_it(&j, &PARAMS);
    journal_close(&j);
    char want[512];
    snprintf(want, sizeof want, "journal %s, line 2: 'done 4 4x4 0.400000' is not 'done INDEX COUNT SECONDS': its count "
                                "'4x4' is not a number 0..18446744073709551615 (2^64-1)", path);
    CHECK(r.rc == 2 && !strcmp(err_text, want), "format 1 bad line: %d, %s", r.rc, err_text);
    /* and its first line against the parameters */
    first_line(text, sizeof text, 1);
    write_file(text);
    journal_params p = PARAMS;
    p.split = 3;
    r = open_it(&j, &p);
    CHECK(r.rc == 2 && strstr(err_text, "split (journal 2, here 3)"), "format 1 other split: %d, %s", r.rc, err_text);
}

int main(void)
{
    RUN(hash);
    RUN(params_line);
    RUN(round_trip);
    RUN(cut_last_line);
    RUN(damaged_lines);
    RUN(other_parameters);
    RUN(format_1);
    if (dir[0]) {
        unlink(path);
        rmdir(dir);
    }
    return bbt_finish("cli_journal");
}
