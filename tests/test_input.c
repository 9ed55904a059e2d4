/* bb_input (include/bitboard/io.h): plain, zstd, gzip and bzip2 input read
 * back byte for byte against the bytes that were compressed, by Debian's
 * own zstd, gzip and bzip2 programs (tests/run-all.sh installs zstd when
 * missing; a test without one says so and skips).  Random data of many
 * sizes and kinds, read in random chunk sizes; concatenated frames; every
 * cut of a compressed file (the bytes before the cut delivered, then an
 * error naming the file and the byte, never a clean end); single bytes
 * changed (an error or the same bytes, never other bytes with a clean end);
 * names that lie; and the PGN reader over each format. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, popen */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bitboard.h"
#include "harness.h"

static char dir[64];
static const char *const tools[] = {NULL, "zstd -q -c", "gzip -c", "bzip2 -1 -c"}; /* bzip2 -1: 100 kB blocks, so a cut file has whole blocks before the cut */
static const char *const ext[] = {"", ".zst", ".gz", ".bz2"};

static int have_tool(int format)
{
    char cmd[96];
    snprintf(cmd, sizeof cmd, "command -v %.*s >/dev/null 2>&1", (int)strcspn(tools[format], " "), tools[format]);
    return system(cmd) == 0;
}

static void put_file(const char *path, const unsigned char *data, size_t n)
{
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, n, f) != n || fclose(f) != 0) abort();
}

static unsigned char *get_file(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, len = 0, k;
    unsigned char *b = malloc(cap);
    while (b && (k = fread(b + len, 1, cap - len, f)) > 0) {
        len += k;
        if (len == cap) b = realloc(b, cap *= 2);
    }
    fclose(f);
    *n = len;
    return b;
}

/* data compressed by the format's program into path (path = dir/name + ext). */
static void compress_to(int format, const unsigned char *data, size_t n, const char *name, char *path, size_t size)
{
    char raw[128], cmd[512];
    snprintf(raw, sizeof raw, "%s/%s.raw", dir, name);
    put_file(raw, data, n);
    snprintf(path, size, "%s/%s%s", dir, name, ext[format]);
    if (!format) {
        put_file(path, data, n);
        return;
    }
    snprintf(cmd, sizeof cmd, "%s '%s' > '%s'", tools[format], raw, path);
    if (system(cmd) != 0) abort();
}

/* Random bytes of one of several kinds: text, random, runs, zeros. */
static unsigned char *random_data(uint64_t *s, size_t n)
{
    unsigned char *b = malloc(n ? n : 1);
    static const char pgnish[] = " [Event\"e4d5Nf3*]\n1.-0";
    int kind = (int)(bbt_next(s) % 4);
    for (size_t i = 0; i < n; i++) {
        uint64_t r = bbt_next(s);
        b[i] = kind == 0   ? (unsigned char)pgnish[r % (sizeof pgnish - 1)]
               : kind == 1 ? (unsigned char)r
               : kind == 2 ? (unsigned char)(i / (1 + r % 64 % 7) % 5 + 'a')
                           : (unsigned char)(r % 50 == 0);
    }
    return b;
}

/* Reads all of path with bb_input in random chunks: the bytes, their count,
 * and the result (0 a clean end, -1 an error, then *msg). */
static unsigned char *read_all(const char *path, uint64_t *s, size_t *n, int *rc, char *msg, size_t msize)
{
    bb_parse_error err;
    *n = 0, *rc = 0, msg[0] = '\0';
    bb_input *in = bb_input_open(path, &err);
    if (!in) {
        *rc = -2;
        snprintf(msg, msize, "%s", err.msg);
        return NULL;
    }
    size_t cap = 1 << 16;
    unsigned char *b = malloc(cap);
    for (;;) {
        size_t want = 1 + (size_t)(bbt_next(s) % (bbt_next(s) % 2 ? 7 : 200000));
        if (*n + want > cap) b = realloc(b, cap = 2 * (*n + want));
        long got = bb_input_read(in, b + *n, want);
        if (got < 0) {
            *rc = -1;
            snprintf(msg, msize, "%s", bb_input_error(in));
            CHECK(bb_input_read(in, b, 1) == -1, "a read after an error gives -1 again");
            break;
        }
        if (got == 0) break;
        CHECK((size_t)got <= want, "read %ld of %zu asked", got, want);
        *n += (size_t)got;
    }
    bb_input_close(in);
    return b;
}

static void round_trips(void)
{
    uint64_t s = 0x1A2B3C;
    static const size_t sizes[] = {0, 1, 2, 3, 4, 5, 100, 4095, 131071, 131072, 131073, 300000, 1500000};
    for (int format = 0; format < 4; format++) {
        if (format && !have_tool(format)) {
            bbt_skip("no %s program here", tools[format]);
            continue;
        }
        for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
            if (!bbt_mine((long)(format * 16 + (int)k))) continue;
            unsigned char *data = random_data(&s, sizes[k]);
            char path[160], msg[400];
            compress_to(format, data, sizes[k], "rt", path, sizeof path);
            size_t n;
            int rc;
            unsigned char *got = read_all(path, &s, &n, &rc, msg, sizeof msg);
            CHECK(rc == 0 && n == sizes[k] && (n == 0 || memcmp(got, data, n) == 0),
                  "%s, %zu bytes: rc %d, %zu bytes back (%s)", bb_input_format_name(format), sizes[k], rc, n, msg);
            bb_input *in = bb_input_open(path, NULL);
            int want_format = format;
            if (format == 0 && sizes[k] >= 4) want_format = bb_input_format_of(data, sizes[k]);
            CHECK(in && bb_input_format(in) == want_format, "%s: format %d", path, in ? bb_input_format(in) : -1);
            bb_input_close(in);
            free(data), free(got);
        }
    }
}

/* Two or three compressed pieces one after another read as their bytes in order. */
static void concatenated(void)
{
    uint64_t s = 0xC0C0A;
    for (int format = 1; format < 4; format++) {
        if (!have_tool(format)) {
            bbt_skip("no %s program here", tools[format]);
            continue;
        }
        unsigned char *all = NULL;
        size_t total = 0, cn = 0;
        unsigned char *joined = NULL;
        for (int piece = 0; piece < 3; piece++) {
            size_t n = (size_t)(bbt_next(&s) % 200000);
            unsigned char *d = random_data(&s, n);
            all = realloc(all, total + n + 1);
            memcpy(all + total, d, n);
            total += n;
            char path[160];
            compress_to(format, d, n, "piece", path, sizeof path);
            size_t pn;
            unsigned char *p = get_file(path, &pn);
            joined = realloc(joined, cn + pn);
            memcpy(joined + cn, p, pn);
            cn += pn;
            free(d), free(p);
        }
        char path[160], msg[400];
        snprintf(path, sizeof path, "%s/joined%s", dir, ext[format]);
        put_file(path, joined, cn);
        size_t n;
        int rc;
        unsigned char *got = read_all(path, &s, &n, &rc, msg, sizeof msg);
        CHECK(rc == 0 && n == total && memcmp(got, all, n) == 0, "%s: rc %d, %zu of %zu bytes (%s)",
              bb_input_format_name(format), rc, n, total, msg);
        /* junk after the last piece is an error, after all of the data */
        joined = realloc(joined, cn + 3);
        memcpy(joined + cn, "xyz", 3);
        put_file(path, joined, cn + 3);
        free(got);
        got = read_all(path, &s, &n, &rc, msg, sizeof msg);
        CHECK(rc == -1 && n == total && memcmp(got, all, n) == 0 && strstr(msg, path) &&
                  strstr(msg, format == BB_INPUT_ZSTD ? "corrupt zstd data" : "are not a"),
              "%s with junk after it: rc %d, %zu of %zu bytes (%s)", bb_input_format_name(format), rc, n, total, msg);
        free(got), free(all), free(joined);
    }
}

/* Every cut of a small compressed file, and random cuts of a large one:
 * a prefix of the data, then an error naming the file and "cut short" (or
 * the corruption found), never a clean end before the data's end. */
static void cuts(void)
{
    uint64_t s = 0xC075;
    for (int format = 1; format < 4; format++) {
        if (!have_tool(format)) {
            bbt_skip("no %s program here", tools[format]);
            continue;
        }
        for (int big = 0; big < 2; big++) {
            size_t n = big ? 400000 : 3000;
            unsigned char *data = random_data(&s, n);
            char path[160], cut[160], msg[400];
            compress_to(format, data, n, "whole", path, sizeof path);
            size_t cn;
            unsigned char *comp = get_file(path, &cn);
            snprintf(cut, sizeof cut, "%s/cut%s", dir, ext[format]);
            int tries = big ? 40 : (int)cn;
            for (int t = 0; t < tries; t++) {
                size_t at = big ? (size_t)(bbt_next(&s) % cn) : (size_t)t;
                if (!bbt_mine((long)t)) continue;
                put_file(cut, comp, at);
                size_t got_n;
                int rc;
                unsigned char *got = read_all(cut, &s, &got_n, &rc, msg, sizeof msg);
                int prefix = got_n <= n && (got_n == 0 || memcmp(got, data, got_n) == 0);
                CHECK(rc < 0 && prefix && strstr(msg, "cut"),
                      "%s cut at byte %zu of %zu: rc %d, %zu bytes, prefix %d (%s)", bb_input_format_name(format), at,
                      cn, rc, got_n, prefix, msg);
                if (rc == -1)
                    CHECK(strncmp(msg, cut, strlen(cut)) == 0 && strstr(msg, "byte"), "'%s' names the file and byte",
                          msg);
                free(got);
            }
            free(data), free(comp);
        }
    }
}

/* One byte changed anywhere: an error, or exactly the data (a field the
 * format does not check); never other bytes with a clean end. */
static void damage(void)
{
    uint64_t s = 0xDA3A6E;
    for (int format = 1; format < 4; format++) {
        if (!have_tool(format)) {
            bbt_skip("no %s program here", tools[format]);
            continue;
        }
        size_t n = 50000;
        unsigned char *data = random_data(&s, n);
        char path[160], bad[160], msg[400];
        compress_to(format, data, n, "clean", path, sizeof path);
        size_t cn;
        unsigned char *comp = get_file(path, &cn);
        snprintf(bad, sizeof bad, "%s/bad%s", dir, ext[format]);
        for (int t = 0; t < 300; t++) {
            if (!bbt_mine(t)) continue;
            size_t at = (size_t)(bbt_next(&s) % cn);
            unsigned char keep = comp[at];
            comp[at] ^= (unsigned char)(1 + bbt_next(&s) % 255);
            put_file(bad, comp, cn);
            comp[at] = keep;
            size_t got_n;
            int rc;
            unsigned char *got = read_all(bad, &s, &got_n, &rc, msg, sizeof msg);
            CHECK(rc != 0 || (got_n == n && memcmp(got, data, n) == 0),
                  "%s with byte %zu changed: a clean end with %zu bytes, not the data", bb_input_format_name(format),
                  at, got_n);
            free(got);
        }
        free(data), free(comp);
    }
}

static void names_and_errors(void)
{
    bb_parse_error err;
    char path[160];
    /* a plain file named as compressed is refused, naming both */
    static const char *const names[] = {"x.pgn.zst", "x.ZST", "x.zstd", "x.gz", "x.pgn.GZ", "x.gzip", "x.bz2"};
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[k]);
        put_file(path, (const unsigned char *)"[Event \"x\"]\n\n*\n", 16);
        bb_input *in = bb_input_open(path, &err);
        CHECK(!in && strstr(err.msg, path) && strstr(err.msg, "the name says") && strstr(err.msg, "not compressed"),
              "%s: '%s'", names[k], err.msg);
        bb_input_close(in);
    }
    /* a gzip file named .zst: refused, saying what it is */
    if (have_tool(2)) {
        compress_to(2, (const unsigned char *)"abc", 3, "gz-named", path, sizeof path);
        char named[180];
        snprintf(named, sizeof named, "%s/gz-named.zst", dir);
        CHECK(rename(path, named) == 0, "rename");
        bb_input *in = bb_input_open(named, &err);
        CHECK(!in && strstr(err.msg, "says zstd") && strstr(err.msg, "is gzip-compressed"), "'%s'", err.msg);
        bb_input_close(in);
    }
    CHECK(!bb_input_open("/nonexistent/x.pgn", &err) && strstr(err.msg, "No such file"), "'%s'", err.msg);
    CHECK(!bb_input_open(dir, &err) && strstr(err.msg, "Is a directory"), "'%s'", err.msg);
    CHECK(!bb_input_open(NULL, &err) && strstr(err.msg, "no file"), "'%s'", err.msg);
    CHECK(bb_input_read(NULL, path, 1) == -1 && bb_input_error(NULL) == NULL, "NULL input");
    bb_input_close(NULL);
    /* the magic numbers */
    CHECK(bb_input_format_of("\x28\xb5\x2f\xfd", 4) == BB_INPUT_ZSTD && bb_input_format_of("\x28\xb5\x2f", 3) == 0 &&
              bb_input_format_of("\x1f\x8b", 2) == BB_INPUT_GZIP && bb_input_format_of("BZh9", 4) == BB_INPUT_BZIP2 &&
              bb_input_format_of("BZh0", 4) == 0 && bb_input_format_of("[Eve", 4) == 0 &&
              bb_input_format_of(NULL, 4) == 0,
          "magic");
    CHECK(strcmp(bb_input_format_name(BB_INPUT_BZIP2), "bzip2") == 0 && strcmp(bb_input_format_name(9), "unknown") == 0,
          "names");
}

/* The pool's stored bytes over a file of size bytes: growing chunk after
 * chunk, never past the file, all of it at the end. */
static void *count_games(void *arg, bb_pgn_reader *r)
{
    long *n = malloc(sizeof *n);
    (void)arg;
    if (!n) return NULL;
    *n = 0;
    while (bb_pgn_visit(r, &(bb_pgn_visitor){0}, NULL) == 1) ++*n;
    return n;
}
static void pool_stored(const char *path, size_t size, int format)
{
    bb_pgn_pool_options o;
    memset(&o, 0, sizeof o);
    o.work = count_games;
    o.discard = NULL;
    o.threads = 2;
    o.chunk_bytes = 16384;
    bb_pgn_error err;
    bb_pgn_pool *p = bb_pgn_pool_open(path, &o, &err);
    CHECK(p != NULL, "%s: %s", path, err.msg);
    if (!p) return;
    void *res;
    long games = 0, chunks = 0;
    int ok = 1, rc;
    uint64_t last = 0;
    while ((rc = bb_pgn_pool_next(p, &res)) == 1) {
        uint64_t b = bb_pgn_pool_stored_bytes(p);
        ok &= res != NULL && b >= last && b <= size;
        if (res) games += *(long *)res;
        free(res);
        last = b;
        chunks++;
    }
    CHECK(rc == 0 && ok && games == 9000 && chunks > 1 && bb_pgn_pool_stored_bytes(p) == size,
          "%s pool: rc %d, ok %d, %ld games in %ld chunks, %llu stored bytes of %zu", bb_input_format_name(format), rc,
          ok, games, chunks, (unsigned long long)bb_pgn_pool_stored_bytes(p), size);
    bb_pgn_pool_close(p);
}

/* The PGN reader over every format reads the same games as over the plain text. */
static void pgn_over_each_format(void)
{
    size_t n = 0;
    unsigned char *many = NULL;
    uint64_t s = 0x96A3E5;
    for (int k = 0; k < 3000; k++) { /* a random comment each, so that the data do not shrink to nothing */
        char text[400];
        int len = snprintf(text, sizeof text,
                           "[Event \"a\"]\n[White \"w%d\"]\n\n1. e4 {%016llx} e5 2. Nf3 (2. f4) Nc6 1-0\n\n"
                           "[Event \"b\"]\n\n1. d4 d5 2. c4 *\n\n[Event \"c\"]\n\n1. e4 Ke7 2. Qxf7 *\n",
                           k, (unsigned long long)bbt_next(&s));
        many = realloc(many, n + (size_t)len);
        memcpy(many + n, text, (size_t)len);
        n += (size_t)len;
    }
    for (int format = 0; format < 4; format++) {
        if (format && !have_tool(format)) {
            bbt_skip("no %s program here", tools[format]);
            continue;
        }
        char path[160];
        compress_to(format, many, n, "games.pgn", path, sizeof path);
        bb_pgn_error err;
        bb_pgn_reader *r = bb_pgn_open(path, &err);
        CHECK(r != NULL, "%s: %s", path, err.msg);
        if (!r) continue;
        bb_pgn_game g;
        bb_pgn_game_init(&g);
        long games = 0, errors = 0, plies = 0;
        int rc, stored_ok = 1;
        size_t cn;
        free(get_file(path, &cn)); /* the file's size as stored */
        uint64_t stored = 0;
        while ((rc = bb_pgn_next(r, &g)) == 1) { /* the stored bytes only grow, never past the file */
            games++, errors += g.has_error, plies += g.game.count;
            stored_ok &= bb_pgn_stored_bytes(r) >= stored && bb_pgn_stored_bytes(r) <= cn;
            stored = bb_pgn_stored_bytes(r);
        }
        CHECK(rc == 0 && games == 9000 && errors == 3000 && plies == 3000 * (4 + 3 + 1) &&
                  bb_pgn_bytes(r) == n,
              "%s: rc %d, %ld games, %ld errors, %ld plies, %llu bytes", bb_input_format_name(format), rc, games,
              errors, plies, (unsigned long long)bb_pgn_bytes(r));
        CHECK(stored_ok && bb_pgn_stored_bytes(r) == cn, "%s: %llu stored bytes read of %zu",
              bb_input_format_name(format), (unsigned long long)bb_pgn_stored_bytes(r), cn);
        bb_pgn_game_free(&g);
        bb_pgn_close(r);
        pool_stored(path, cn, format);
        /* cut in half: the games before the cut, then a read error naming the cut */
        if (!format) continue;
        unsigned char *comp = get_file(path, &cn);
        put_file(path, comp, cn / 2);
        free(comp);
        r = bb_pgn_open(path, &err);
        bb_pgn_game_init(&g);
        games = 0;
        while ((rc = bb_pgn_next(r, &g)) == 1) games++;
        CHECK(rc == -1 && games > 0 && games < 9000 && strstr(bb_pgn_read_error(r), "cut short"),
              "%s cut: rc %d after %ld games: %s", bb_input_format_name(format), rc, games,
              rc < 0 ? bb_pgn_read_error(r) : "");
        bb_pgn_game_free(&g);
        bb_pgn_close(r);
    }
    free(many);
}

int main(void)
{
    snprintf(dir, sizeof dir, "/tmp/bb-input-XXXXXX");
    if (!mkdtemp(dir)) return 2;
    RUN(round_trips);
    RUN(concatenated);
    RUN(cuts);
    RUN(damage);
    RUN(names_and_errors);
    RUN(pgn_over_each_format);
    char cmd[96];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) return 2;
    return bbt_finish("input");
}
