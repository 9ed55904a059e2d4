/* bitboard chess epd FILE|- ... : EPD files checked and written back.  Every
 * record is read with bb_chess_epd_parse, which checks the position as FEN
 * and every move of bm, am, pm, sm and pv; a bad record is reported on
 * stderr (file, line, column, why) and the reader goes on with the next
 * line.  Good records are written normalised (moves in SAN, or UCI with
 * --uci), or as JSON with -o json; --check writes nothing but the errors
 * and a summary.  Exit status (the rule of every command): 0, 1 if any
 * record was bad (the others are read) or the output could not be written,
 * 2 for bad usage or a file that cannot be opened or read. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

enum { OUT_SAN, OUT_UCI, OUT_CHECK, OUT_JSON };

typedef struct {
    int mode, quiet;
    long records, bad;
} epd_run;

/* s as a JSON string: '"' and '\\' escaped, control bytes as \u00XX, valid UTF-8 kept, any
 * other byte as the Latin-1 character \u00XX. */
static void put_json_string(const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    putchar('"');
    while (*p) {
        unsigned c = *p;
        if (c == '"' || c == '\\') {
            printf("\\%c", c);
            p++;
        } else if (c < 0x20 || c == 0x7f) {
            printf("\\u%04x", c);
            p++;
        } else if (c < 0x80) {
            putchar((int)c);
            p++;
        } else {
            int k = c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : 0;
            int ok = k > 0;
            for (int i = 1; ok && i <= k; i++) ok = (p[i] & 0xc0) == 0x80;
            if (ok) {
                fwrite(p, 1, (size_t)k + 1, stdout);
                p += k + 1;
            } else {
                printf("\\u%04x", c);
                p++;
            }
        }
    }
    putchar('"');
}

/* "bm":{"san":[...],"uci":[...]} for a move operation of rec (empty lists if absent). */
static void put_json_moves(const bb_chess_epd *rec, const char *op)
{
    bb_chess_move m[BB_CHESS_EPD_TEXT_MAX / 2];
    int n = bb_chess_epd_moves(rec, op, m, (int)(sizeof m / sizeof m[0]), NULL);
    printf(",\"%s\":{\"san\":[", op);
    for (int style = 0; style < 2; style++) {
        bb_chess_pos p = rec->pos;
        if (style) printf("],\"uci\":[");
        for (int i = 0; i < n; i++) {
            char t[BB_CHESS_MOVE_TEXT_MAX];
            if (style) bb_chess_move_to_uci(t, sizeof t, &p, m[i]);
            else bb_chess_move_to_san(t, sizeof t, &p, m[i]);
            printf("%s\"%s\"", i ? "," : "", t);
            if (strcmp(op, "pv") == 0) {
                bb_chess_undo u;
                bb_chess_make(&p, m[i], &u);
            }
        }
    }
    printf("]}");
}

static void put_json(const bb_chess_epd *rec, const char *name, long lineno)
{
    char fen[BB_CHESS_FEN_MAX];
    bb_chess_to_fen(fen, sizeof fen, &rec->pos, rec->pos.chess960 ? BB_FEN_SHREDDER : BB_FEN_STANDARD);
    printf("{\"file\":");
    put_json_string(name);
    printf(",\"line\":%ld,\"fen\":\"%s\",\"id\":", lineno, fen);
    const char *id = bb_chess_epd_get(rec, "id");
    if (id) put_json_string(id);
    else printf("null");
    put_json_moves(rec, "bm");
    put_json_moves(rec, "am");
    static const char *const more[] = {"pm", "sm", "pv"};
    for (int i = 0; i < 3; i++)
        if (bb_chess_epd_get(rec, more[i])) put_json_moves(rec, more[i]);
    printf(",\"operations\":{");
    bb_chess_epd_op op;
    for (int i = 0; bb_chess_epd_at(rec, i, &op) == 0; i++) {
        printf("%s\"%s\":", i ? "," : "", op.opcode);
        put_json_string(op.operands);
    }
    printf("}}\n");
}

/* One line (its newline still on): a record checked and written, or its error printed. */
static int epd_record(epd_run *r, const char *name, char *line, size_t len, long lineno)
{
    if (memchr(line, '\0', len)) {
        r->records++, r->bad++;
        cli_error("%s:%ld: the line holds a NUL byte", name, lineno);
        return 0;
    }
    line[strcspn(line, "\r\n")] = '\0';
    size_t k = strspn(line, " \t");
    if (line[k] == '\0' || line[k] == '#') return 0;
    r->records++;
    static bb_chess_epd rec;
    bb_parse_error e;
    if (bb_chess_epd_parse(&rec, line, &e) != 0) {
        r->bad++;
        if (e.pos > 0) cli_error("%s:%ld:%d: %s", name, lineno, e.pos, e.msg);
        else cli_error("%s:%ld: %s", name, lineno, e.msg);
        return 0;
    }
    if (r->mode == OUT_CHECK) return 0;
    if (r->mode == OUT_JSON) {
        put_json(&rec, name, lineno);
    } else {
        static char out[BB_CHESS_EPD_LINE_MAX];
        bb_chess_epd_write(out, sizeof out, &rec, r->mode == OUT_UCI ? BB_CHESS_EPD_UCI : BB_CHESS_EPD_SAN);
        puts(out);
    }
    return cli_check_output();
}

/* Reads one file ("-": standard input): 0; 2 the file cannot be opened or
 * read; 1 the output cannot be written (each printed). */
typedef struct {
    epd_run *r;
    const char *name;
    bb_input *in;
    cli_progress *progress; /* the file's bytes as stored and the records (cli_error clears it) */
} epd_lines;

static int epd_line(char *line, size_t len, long lineno, void *ctx)
{
    epd_lines *l = ctx;
    int rc = epd_record(l->r, l->name, line, len, lineno);
    cli_progress_update(l->progress, bb_input_compressed_bytes(l->in), l->r->records);
    return rc;
}

static int epd_file(epd_run *r, const char *path)
{
    bb_parse_error e;
    bb_input *in = bb_input_open(path, &e); /* zstd, gzip and bzip2 too */
    if (!in) return cli_error("%s", e.msg);
    static cli_progress progress;
    cli_progress_begin(&progress, path, "records", !r->quiet);
    epd_lines l = {r, strcmp(path, "-") == 0 ? "<stdin>" : path, in, &progress};
    int rc = cli_input_lines(in, epd_line, &l);
    cli_progress_clear(&progress);
    bb_input_close(in);
    return rc;
}

int cli_chess_epd(int argc, char **argv, const cli_opts *o)
{
    epd_run r = {OUT_SAN, 0, 0, 0};
    const char *mode_name = NULL;
    int nfiles = 0, dashes = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int m = -1;
        if (strcmp(a, "--san") == 0) m = OUT_SAN;
        else if (strcmp(a, "--uci") == 0) m = OUT_UCI;
        else if (strcmp(a, "--check") == 0) m = OUT_CHECK;
        else if (strcmp(a, "--quiet") == 0) r.quiet = 1;
        else if (a[0] == '-' && a[1] != '\0') return cli_error("chess epd: unknown option '%s' (bitboard help chess lists them)", a);
        else nfiles++, dashes += strcmp(a, "-") == 0;
        if (m >= 0) {
            if (mode_name && strcmp(mode_name, a) != 0) return cli_error("chess epd: %s and %s: give one", mode_name, a);
            mode_name = a;
            r.mode = m;
        }
    }
    if (nfiles == 0) return cli_error("chess epd needs a FILE ('-' for standard input)");
    if (dashes > 1) return cli_error("chess epd: standard input ('-') given twice");
    if (o->format_given) {
        if (o->format != BB_FORMAT_JSON) return cli_error("chess epd: -o json is its only output format");
        if (mode_name) return cli_error("chess epd: -o json writes SAN and UCI both: it does not combine with %s", mode_name);
        r.mode = OUT_JSON;
    }
    int io = 0;
    for (int i = 1; i < argc && io == 0; i++)
        if (!(argv[i][0] == '-' && argv[i][1] != '\0')) io = epd_file(&r, argv[i]);
    if (r.mode == OUT_CHECK && io == 0)
        fprintf(stderr, "%ld record%s, %ld with errors\n", r.records, r.records == 1 ? "" : "s", r.bad);
    fflush(stdout);
    if (io) return io;
    if (cli_check_output()) return 1;
    return r.bad ? 1 : 0;
}
