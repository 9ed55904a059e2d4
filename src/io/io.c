/* Boards and squares as text: parsing with precise errors, formatting. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "bitboard.h"

/* ---- Errors ------------------------------------------------------------------ */

static int fail(bb_parse_error *err, int pos, int line, int column, const char *fmt, ...)
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

/* Copies at most 24 characters of s[0..n) for quoting in a message. */
static const char *quote(char *buf, const char *s, size_t n)
{
    size_t k = n > 24 ? 21 : n;
    size_t o = 0;
    for (size_t i = 0; i < k; i++) buf[o++] = (s[i] == '\n' || s[i] == '\t') ? ' ' : s[i];
    if (k < n) { memcpy(buf + o, "...", 3); o += 3; }
    buf[o] = '\0';
    return buf;
}

static int is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'; }

/* ---- Squares ------------------------------------------------------------------- */

static int square_at(const char *s)
{
    char f = s[0], r = s[1];
    if (f >= 'A' && f <= 'H') f = (char)(f - 'A' + 'a');
    if (f < 'a' || f > 'h' || r < '1' || r > '8') return -1;
    return 8 * (r - '1') + (f - 'a');
}

int bb_parse_square(const char *text)
{
    if (!text || strlen(text) != 2) return -1;
    return square_at(text);
}

char *bb_square_name(int sq, char buf[3])
{
    if (sq < 0 || sq > 63) {
        buf[0] = buf[1] = '?';
    } else {
        buf[0] = (char)('a' + (sq & 7));
        buf[1] = (char)('1' + (sq >> 3));
    }
    buf[2] = '\0';
    return buf;
}

/* ---- Numbers ---------------------------------------------------------------------- */

static int digit_value(char c, unsigned base)
{
    int v = -1;
    if (c >= '0' && c <= '9') v = c - '0';
    else if (c >= 'a' && c <= 'f') v = c - 'a' + 10;
    else if (c >= 'A' && c <= 'F') v = c - 'A' + 10;
    return (v >= 0 && (unsigned)v < base) ? v : -1;
}

/* s[0..n) is the whole token, which starts at 1-based position pos0. */
static int parse_number(const char *s, size_t n, int pos0, uint64_t *out, bb_parse_error *err)
{
    char q[32];
    unsigned base = 10;
    size_t i = 0;
    const char *kind = "decimal";
    if (n >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) base = 16, i = 2, kind = "hex";
    else if (n >= 2 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B')) base = 2, i = 2, kind = "binary";
    if (i == n)
        return fail(err, pos0, 0, 0, "'%s' has no digits after its %s prefix", quote(q, s, n), kind);
    uint64_t v = 0;
    for (; i < n; i++) {
        int d = digit_value(s[i], base);
        if (d < 0)
            return fail(err, pos0 + (int)i, 0, 0, "invalid %s digit '%c' at position %d in '%s'",
                        kind, s[i], pos0 + (int)i, quote(q, s, n));
        if (v > (UINT64_MAX - (uint64_t)d) / base)
            return fail(err, pos0, 0, 0, "'%s' does not fit in 64 bits", quote(q, s, n));
        v = v * base + (uint64_t)d;
    }
    *out = v;
    return 0;
}

/* ---- Square lists ------------------------------------------------------------------ */

static int parse_squares(const char *s, size_t n, int pos0, uint64_t *out, bb_parse_error *err)
{
    char q[32];
    if (n == 4 && strncmp(s, "none", 4) == 0) { *out = 0; return 0; }
    uint64_t v = 0;
    size_t i = 0;
    int index = 0;
    while (i < n) {
        size_t start = i;
        while (i < n && s[i] != ',' && !is_space(s[i])) i++;
        index++;
        if (i == start)
            return fail(err, pos0 + (int)start, 0, 0, "empty square #%d at position %d (two commas?)",
                        index, pos0 + (int)start);
        int sq = (i - start == 2) ? square_at(s + start) : -1;
        if (sq < 0)
            return fail(err, pos0 + (int)start, 0, 0,
                        "invalid square '%s' (#%d, at position %d): expected a1..h8",
                        quote(q, s + start, i - start), index, pos0 + (int)start);
        v |= (uint64_t)1 << sq;
        /* one separator: spaces, optionally one comma, spaces */
        while (i < n && is_space(s[i])) i++;
        if (i < n && s[i] == ',') {
            i++;
            while (i < n && is_space(s[i])) i++;
            if (i == n)
                return fail(err, pos0 + (int)i - 1, 0, 0, "square list ends with a comma at position %d",
                            pos0 + (int)i - 1);
        }
    }
    *out = v;
    return 0;
}

/* ---- Diagrams --------------------------------------------------------------------- */

static int cell_value(char c)
{
    if (strchr(".0-_", c)) return 0;
    if (strchr("1xX#*@oO", c)) return 1;
    return -1;
}

static int is_file_letter_line(const char *s, size_t n)
{
    char seen[9];
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (is_space(s[i])) continue;
        if (k == 8) return 0;
        seen[k++] = s[i];
    }
    if (k != 8) return 0;
    for (size_t j = 0; j < 8; j++)
        if (seen[j] != (char)('a' + j) && seen[j] != (char)('A' + j)) return 0;
    return 1;
}

static int parse_diagram(const char *s, size_t n, int pos0, unsigned flags, uint64_t *out,
                         bb_parse_error *err)
{
    uint64_t v = 0;
    int row = 0, line = 0;
    size_t i = 0;
    while (i < n) {
        size_t start = i;
        while (i < n && s[i] != '\n') i++;
        size_t end = i;
        line++;
        if (i < n) i++; /* the newline */
        size_t k = start;
        while (k < end && is_space(s[k])) k++;
        if (k == end || is_file_letter_line(s + start, end - start)) continue;
        if (row == 8)
            return fail(err, pos0 + (int)k, line, (int)(k - start) + 1,
                        "line %d: a diagram has 8 rows, this is a 9th", line);
        /* rank of this row, and an optional label for it */
        int rank = (flags & BB_IO_OTHELLO) ? row : 7 - row;
        char label = (char)('1' + rank);
        int cells[16], cols[16], m = 0;
        size_t first = k;
        for (; k < end; k++) {
            if (is_space(s[k])) continue;
            if (m == 16) break;
            cols[m] = (int)(k - start) + 1;
            cells[m++] = (unsigned char)s[k];
        }
        int lo = 0, hi = m;
        /* a leading label is a digit followed by white space */
        if (m >= 9 && cells[0] >= '1' && cells[0] <= '8' && first + 1 < end && is_space(s[first + 1])) {
            if (cells[0] != label)
                return fail(err, pos0 + (int)(start + (size_t)cols[0] - 1), line, cols[0],
                            "line %d: row is labelled '%c' but this row is %s %c", line, cells[0],
                            (flags & BB_IO_OTHELLO) ? "row" : "rank", label);
            lo = 1;
        }
        if (hi - lo == 9 && cells[hi - 1] == label && is_space(s[start + (size_t)cols[hi - 1] - 2])) hi--;
        if (hi - lo != 8)
            return fail(err, pos0 + (int)first, line, (int)(first - start) + 1,
                        "line %d: row has %s%d cells, expected 8", line, m == 16 ? "at least " : "",
                        hi - lo);
        for (int c = 0; c < 8; c++) {
            int cv = cell_value((char)cells[lo + c]);
            if (cv < 0)
                return fail(err, pos0 + (int)start + cols[lo + c] - 1, line, cols[lo + c],
                            "line %d, column %d: '%c' is not a cell (use '.' for empty, '1' or 'x' for set)",
                            line, cols[lo + c], cells[lo + c]);
            if (cv) v |= (uint64_t)1 << (8 * rank + c);
        }
        row++;
    }
    if (row != 8)
        return fail(err, 0, line, 0, "a diagram has 8 rows, this one has %d", row);
    *out = v;
    return 0;
}

/* ---- Boards ------------------------------------------------------------------------- */

int bb_parse_board(const char *text, unsigned flags, uint64_t *out, bb_parse_error *err)
{
    char q[32];
    if (!text) return fail(err, 0, 0, 0, "no board given");
    size_t n = strlen(text), a = 0;
    while (a < n && is_space(text[a])) a++;
    while (n > a && is_space(text[n - 1])) n--;
    if (a == n) return fail(err, 0, 0, 0, "empty board: give a number, a square list or a diagram");
    const char *s = text + a;
    size_t len = n - a;
    int pos0 = (int)a + 1;
    if (memchr(s, '\n', len)) return parse_diagram(text, strlen(text), 1, flags, out, err);
    if (s[0] >= '0' && s[0] <= '9') return parse_number(s, len, pos0, out, err);
    if ((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z'))
        return parse_squares(s, len, pos0, out, err);
    return fail(err, pos0, 0, 0,
                "'%s' is not a board: expected a number (0x.., 0b.., decimal), squares (e4,d5) "
                "or an 8-row diagram", quote(q, s, len));
}

/* ---- Formatting ---------------------------------------------------------------------- */

typedef struct { char *buf; size_t size, len; } out_buf;

static void put(out_buf *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t room = o->len < o->size ? o->size - o->len : 0;
    int k = vsnprintf(room ? o->buf + o->len : NULL, room, fmt, ap);
    va_end(ap);
    if (k > 0) o->len += (size_t)k;
}

static void put_files(out_buf *o) { put(o, "  a b c d e f g h\n"); }

size_t bb_format_board(char *buf, size_t size, uint64_t x, bb_format fmt, unsigned flags)
{
    out_buf o = {buf, size, 0};
    char name[3];
    if (size) buf[0] = '\0';
    switch (fmt) {
    case BB_FORMAT_HEX:
        put(&o, "0x%016llx", (unsigned long long)x);
        break;
    case BB_FORMAT_DIAGRAM: {
        int othello = (flags & BB_IO_OTHELLO) != 0;
        if (othello) put_files(&o);
        for (int row = 0; row < 8; row++) {
            int rank = othello ? row : 7 - row;
            put(&o, "%d", rank + 1);
            for (int f = 0; f < 8; f++) put(&o, " %c", (x >> (8 * rank + f)) & 1 ? '1' : '.');
            put(&o, "\n");
        }
        if (!othello) put_files(&o);
        break;
    }
    case BB_FORMAT_SQUARES:
        if (!x) put(&o, "none");
        for (int sq = 0, first = 1; sq < 64; sq++)
            if ((x >> sq) & 1) put(&o, first ? "%s" : ",%s", bb_square_name(sq, name)), first = 0;
        break;
    case BB_FORMAT_JSON:
        put(&o, "{\"hex\":\"0x%016llx\",\"squares\":[", (unsigned long long)x);
        for (int sq = 0, first = 1; sq < 64; sq++)
            if ((x >> sq) & 1) put(&o, first ? "\"%s\"" : ",\"%s\"", bb_square_name(sq, name)), first = 0;
        put(&o, "],\"count\":%d}", bb_popcount(x));
        break;
    }
    return o.len;
}

int bb_format_from_name(const char *name, bb_format *fmt)
{
    static const char *const names[] = {"hex", "diagram", "squares", "json"};
    for (int i = 0; i < 4; i++)
        if (strcmp(name, names[i]) == 0) { *fmt = (bb_format)i; return 0; }
    return -1;
}
