/* Boards and squares as text: parsing with precise errors, formatting. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "bitboard.h"
#include "../core/text.h"

/* ---- Errors ------------------------------------------------------------------ */

/* Whether s[0..n) is `word` (lower case), ignoring case. */
static int equals_ignoring_case(const char *s, size_t n, const char *word)
{
    for (size_t i = 0; i < n; i++) {
        char c = s[i] >= 'A' && s[i] <= 'Z' ? (char)(s[i] - 'A' + 'a') : s[i];
        if (word[i] == '\0' || c != word[i]) return 0;
    }
    return word[n] == '\0';
}


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
    BB__ASSERT_NOT_NULL(buf, "buf");
    if (!buf) return buf;
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
    char q[BB__QUOTE_MAX], c[BB__QUOTE_MAX];
    unsigned base = 10;
    size_t i = 0;
    const char *kind = "decimal";
    if (n >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) base = 16, i = 2, kind = "hex";
    else if (n >= 2 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B')) base = 2, i = 2, kind = "binary";
    if (i == n)
        return bb__fail(err, pos0, 0, 0, "'%s' has no digits after its %s prefix", bb__quote(q, s, n), kind);
    uint64_t v = 0;
    for (; i < n; i++) {
        int d = digit_value(s[i], base);
        if (d < 0)
            return bb__fail(err, pos0 + (int)i, 0, 0, "invalid %s digit '%s' at position %d in '%s'",
                        kind, bb__quote(c, s + i, 1), pos0 + (int)i, bb__quote(q, s, n));
        if (v > (UINT64_MAX - (uint64_t)d) / base)
            return bb__fail(err, pos0, 0, 0, "'%s' does not fit in 64 bits", bb__quote(q, s, n));
        v = v * base + (uint64_t)d;
    }
    *out = v;
    return 0;
}

/* ---- Square lists ------------------------------------------------------------------ */

static int parse_squares(const char *s, size_t n, int pos0, uint64_t *out, bb_parse_error *err)
{
    char q[BB__QUOTE_MAX];
    if (equals_ignoring_case(s, n, "none")) { *out = 0; return 0; }
    uint64_t v = 0;
    size_t i = 0;
    int index = 0;
    while (i < n) {
        size_t start = i;
        while (i < n && s[i] != ',' && !bb__is_space(s[i])) i++;
        index++;
        if (i == start)
            return bb__fail(err, pos0 + (int)start, 0, 0, "empty square #%d at position %d (two commas?)",
                        index, pos0 + (int)start);
        int sq = (i - start == 2) ? square_at(s + start) : -1;
        if (sq < 0)
            return bb__fail(err, pos0 + (int)start, 0, 0,
                        "invalid square '%s' (#%d, at position %d): expected a1..h8",
                        bb__quote(q, s + start, i - start), index, pos0 + (int)start);
        v |= (uint64_t)1 << sq;
        /* one separator: spaces, optionally one comma, spaces */
        while (i < n && bb__is_space(s[i])) i++;
        if (i < n && s[i] == ',') {
            i++;
            while (i < n && bb__is_space(s[i])) i++;
            if (i == n)
                return bb__fail(err, pos0 + (int)i - 1, 0, 0, "square list ends with a comma at position %d",
                            pos0 + (int)i - 1);
        }
    }
    *out = v;
    return 0;
}

/* ---- Diagrams --------------------------------------------------------------------- */

/* A diagram is, after leading and trailing blank lines: an optional line of
 * file letters, 8 rows, an optional line of file letters, with no blank line
 * in between.  A row is 8 cells, optionally spaced, with a row label before
 * and/or after them (separated by white space) in every row or in none. */

static int cell_value(char c)
{
    if (c && strchr(".0-_", c)) return 0;
    if (c && strchr("1xX#*@oO", c)) return 1;
    return -1;
}

typedef struct { size_t start, end; int line; } text_line; /* s[start..end), 1-based line */

/* A line's words (runs of non-space characters): how many, the first, the last. */
typedef struct { int n; size_t first, first_len, last, last_len; } line_words;

static line_words split_words(const char *s, text_line l)
{
    line_words w = {0, 0, 0, 0, 0};
    for (size_t k = l.start; k < l.end;) {
        if (bb__is_space(s[k])) { k++; continue; }
        size_t b = k;
        while (k < l.end && !bb__is_space(s[k])) k++;
        if (w.n++ == 0) w.first = b, w.first_len = k - b;
        w.last = b, w.last_len = k - b;
    }
    return w;
}

static int column(text_line l, size_t at) { return (int)(at - l.start) + 1; }

/* bb__fail() for the character at s[at] on line l: the message starts "line L, column C: ". */
static int fail_at(bb_parse_error *err, text_line l, size_t at, const char *fmt, ...)
{
    if (err) {
        char msg[sizeof err->msg];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, sizeof msg, fmt, ap);
        va_end(ap);
        bb__fail(err, (int)at + 1, l.line, column(l, at), "line %d, column %d: %s", l.line, column(l, at), msg);
    }
    return -1;
}

static int is_file_letter(char c) { return (c >= 'a' && c <= 'h') || (c >= 'A' && c <= 'H'); }
static int is_digit(char c) { return c >= '0' && c <= '9'; }

/* A line of file letters: exactly a b c d e f g h (or A..H), spaced or not. */
static int check_file_letters(const char *s, text_line l, bb_parse_error *err)
{
    char q[BB__QUOTE_MAX];
    int k = 0;
    char first = 'a';
    size_t last = l.start;
    for (size_t i = l.start; i < l.end; i++) {
        if (bb__is_space(s[i])) continue;
        if (k == 0 && s[i] >= 'A' && s[i] <= 'H') first = 'A';
        if (k == 8 || s[i] != (char)(first + k))
            return fail_at(err, l, i, "'%s' in a line of file letters, which reads %s", bb__quote(q, s + i, 1),
                           first == 'a' ? "a b c d e f g h" : "A B C D E F G H");
        k++;
        last = i;
    }
    if (k < 8)
        return fail_at(err, l, last + 1, "the file letters stop after '%c'; they read %s", first + k - 1,
                       first == 'a' ? "a b c d e f g h" : "A B C D E F G H");
    return 0;
}

/* Reads one row, rank (or Othello row) `rank` 0..7, with labels where left/right say. */
static int parse_row(const char *s, text_line l, int rank, int left, int right, const char *kind,
                     uint64_t *v, bb_parse_error *err)
{
    char q[BB__QUOTE_MAX];
    line_words w = split_words(s, l);
    char label = (char)('1' + rank);
    size_t from = l.start, to = l.end; /* the cells lie in s[from..to) */
    if (left) {
        if (w.first_len != 1 || !is_digit(s[w.first]))
            return fail_at(err, l, w.first, "expected the %s label '%c' before the cells, as other rows have",
                           kind, label);
        if (s[w.first] != label)
            return fail_at(err, l, w.first, "the row is labelled '%c' but it is %s %c", s[w.first], kind, label);
        from = w.first + 1;
    }
    if (right) {
        if (w.n < 1 + left || w.last_len != 1 || !is_digit(s[w.last]))
            return fail_at(err, l, w.last + w.last_len,
                           "expected the %s label '%c' after the cells, as other rows have", kind, label);
        if (s[w.last] != label)
            return fail_at(err, l, w.last, "the row is labelled '%c' but it is %s %c", s[w.last], kind, label);
        to = w.last;
    }
    int count = 0;
    size_t first = to;
    for (size_t i = from; i < to; i++) {
        if (bb__is_space(s[i])) continue;
        if (count == 0) first = i;
        if (count == 8 && !left && s[first] == label && !bb__is_space(s[first + 1]))
            return fail_at(err, l, first, "a row label needs white space between it and the cells");
        if (count == 8) return fail_at(err, l, i, "a 9th cell; a row has 8");
        count++;
    }
    if (count < 8)
        return fail_at(err, l, first, "the row has %d cell%s; it needs 8", count, count == 1 ? "" : "s");
    for (size_t i = from, c = 0; i < to; i++) {
        if (bb__is_space(s[i])) continue;
        int cv = cell_value(s[i]);
        if (cv < 0)
            return fail_at(err, l, i, "'%s' is not a cell (use '.' for empty, '1' or 'x' for set)",
                           bb__quote(q, s + i, 1));
        if (cv) *v |= (uint64_t)1 << (8 * rank + (int)c);
        c++;
    }
    return 0;
}

/* Whether the rows carry labels before (*left) and after (*right) their cells:
 * a first (last) word that is a lone digit 2..8 can only be a label, as no
 * cell is such a digit; then every row must have one there. */
static void label_layout(const char *s, const text_line *rows, int *left, int *right)
{
    *left = *right = 0;
    for (int r = 0; r < 8; r++) {
        line_words w = split_words(s, rows[r]);
        if (w.n < 2) continue;
        if (w.first_len == 1 && s[w.first] >= '2' && s[w.first] <= '8') *left = 1;
        if (w.last_len == 1 && s[w.last] >= '2' && s[w.last] <= '8') *right = 1;
    }
}

static int parse_diagram(const char *s, size_t n, unsigned flags, uint64_t *out, bb_parse_error *err)
{
    const char *kind = (flags & BB_IO_OTHELLO) ? "row" : "rank";
    text_line rows[8], blank = {0, 0, 0}, below = {0, 0, 0}, last = {0, 0, 0};
    int nrows = 0, lines = 0, seen = 0, have_blank = 0, have_below = 0;
    for (size_t i = 0; i < n;) {
        text_line l = {i, i, ++lines};
        while (i < n && s[i] != '\n') i++;
        l.end = i;
        if (i < n) i++; /* the newline */
        size_t k = l.start;
        while (k < l.end && bb__is_space(s[k])) k++;
        if (k == l.end) { /* blank: fine before or after the diagram, not inside it */
            if (seen && !have_blank) blank = l, have_blank = 1;
            continue;
        }
        if (have_blank)
            return fail_at(err, blank, blank.start, "a blank line inside the diagram (its lines go one after another)");
        if (have_below)
            return fail_at(err, below, below.start, "file letters go above or below the 8 rows, not between them");
        if (is_file_letter(s[k])) {
            if (check_file_letters(s, l, err) != 0) return -1;
            if (seen) below = l, have_below = 1; /* only the first line may be file letters above */
        } else {
            if (nrows == 8) return fail_at(err, l, k, "a 9th row; a diagram has 8");
            rows[nrows++] = l;
        }
        seen = 1;
        last = l;
    }
    if (nrows < 8)
        return fail_at(err, last, last.end, "the diagram ends after %d row%s; it needs 8", nrows, nrows == 1 ? "" : "s");
    int left, right;
    label_layout(s, rows, &left, &right);
    uint64_t v = 0;
    for (int r = 0; r < 8; r++) {
        int rank = (flags & BB_IO_OTHELLO) ? r : 7 - r;
        if (parse_row(s, rows[r], rank, left, right, kind, &v, err) != 0) return -1;
    }
    *out = v;
    return 0;
}

/* ---- JSON ------------------------------------------------------------------------- */

/* The object BB_FORMAT_JSON prints, {"hex":"0x..","squares":["e4",..],"count":N}:
 * members in any order, "hex" or "squares" or both, each at most once, and
 * everything given must agree.  White space between tokens; no escapes. */
typedef struct { const char *s; size_t n, i; int pos0; bb_parse_error *err; } json_text;

static void json_space(json_text *j)
{
    while (j->i < j->n && (j->s[j->i] == ' ' || j->s[j->i] == '\t' || j->s[j->i] == '\n' || j->s[j->i] == '\r'))
        j->i++;
}

/* bb__fail() at s[at], with the position added to the message. */
static int json_fail(json_text *j, size_t at, const char *fmt, ...)
{
    if (j->err) {
        char msg[sizeof j->err->msg];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, sizeof msg, fmt, ap);
        va_end(ap);
        bb__fail(j->err, j->pos0 + (int)at, 0, 0, "JSON board, position %d: %s", j->pos0 + (int)at, msg);
    }
    return -1;
}

/* Skips white space, then requires c. */
static int json_char(json_text *j, char c, const char *where)
{
    char q[BB__QUOTE_MAX];
    json_space(j);
    if (j->i < j->n && j->s[j->i] == c) { j->i++; return 0; }
    if (j->i == j->n) return json_fail(j, j->i, "the text ends where '%c' %s", c, where);
    return json_fail(j, j->i, "'%s' where '%c' %s", bb__quote(q, j->s + j->i, 1), c, where);
}

/* A string without escapes: its contents are s[*at..*at + *len). */
static int json_string(json_text *j, size_t *at, size_t *len, const char *where)
{
    if (json_char(j, '"', where) != 0) return -1;
    *at = j->i;
    for (; j->i < j->n && j->s[j->i] != '"'; j->i++) {
        unsigned char c = (unsigned char)j->s[j->i];
        if (c == '\\') return json_fail(j, j->i, "escapes are not read in a JSON board");
        if (c < 0x20) return json_fail(j, j->i, "a control character inside a string");
    }
    if (j->i == j->n) return json_fail(j, *at - 1, "a string that does not end");
    *len = j->i - *at;
    j->i++;
    return 0;
}

static int parse_json(const char *s, size_t n, int pos0, uint64_t *out, bb_parse_error *err)
{
    char q[BB__QUOTE_MAX];
    json_text j = {s, n, 0, pos0, err};
    uint64_t hex = 0, squares = 0;
    unsigned count = 0;
    int have_hex = 0, have_squares = 0, have_count = 0;
    size_t squares_at = 0, count_at = 0;
    if (json_char(&j, '{', "opens a JSON board") != 0) return -1;
    json_space(&j);
    if (j.i < n && s[j.i] == '}') return json_fail(&j, j.i, "an empty object; a board has \"hex\" or \"squares\"");
    for (;;) {
        size_t at, len;
        if (json_string(&j, &at, &len, "opens a member name") != 0 || json_char(&j, ':', "follows a member name") != 0)
            return -1;
        json_space(&j);
        size_t value_at = j.i;
        if (len == 3 && memcmp(s + at, "hex", 3) == 0 && !have_hex) {
            size_t v, vlen;
            if (json_string(&j, &v, &vlen, "opens the \"hex\" string") != 0) return -1;
            if (vlen < 3 || s[v] != '0' || s[v + 1] != 'x')
                return json_fail(&j, v, "\"hex\" is '%s'; it needs 0x and hex digits", bb__quote(q, s + v, vlen));
            if (parse_number(s + v, vlen, pos0 + (int)v, &hex, err) != 0) return -1;
            have_hex = 1;
        } else if (len == 7 && memcmp(s + at, "squares", 7) == 0 && !have_squares) {
            squares_at = value_at;
            if (json_char(&j, '[', "opens the \"squares\" list") != 0) return -1;
            json_space(&j);
            if (j.i < n && s[j.i] == ']') {
                j.i++;
            } else {
                for (;;) {
                    size_t v, vlen;
                    if (json_string(&j, &v, &vlen, "opens a square name") != 0) return -1;
                    int sq = vlen == 2 ? square_at(s + v) : -1;
                    if (sq < 0) return json_fail(&j, v, "invalid square '%s': expected a1..h8", bb__quote(q, s + v, vlen));
                    if ((squares >> sq) & 1) return json_fail(&j, v, "square '%s' is listed twice", bb__quote(q, s + v, vlen));
                    squares |= (uint64_t)1 << sq;
                    json_space(&j);
                    if (j.i < n && s[j.i] == ',') { j.i++; continue; }
                    if (json_char(&j, ']', "closes the \"squares\" list (or ',' goes on)") != 0) return -1;
                    break;
                }
            }
            have_squares = 1;
        } else if (len == 5 && memcmp(s + at, "count", 5) == 0 && !have_count) {
            count_at = value_at;
            size_t b = j.i;
            while (j.i < n && s[j.i] >= '0' && s[j.i] <= '9' && j.i - b < 3) count = count * 10 + (unsigned)(s[j.i++] - '0');
            if (j.i == b || (s[b] == '0' && j.i - b > 1) || (j.i < n && s[j.i] >= '0' && s[j.i] <= '9') || count > 64)
                return json_fail(&j, b, "\"count\" needs a whole number 0..64");
            have_count = 1;
        } else if ((len == 3 && memcmp(s + at, "hex", 3) == 0) || (len == 7 && memcmp(s + at, "squares", 7) == 0) ||
                   (len == 5 && memcmp(s + at, "count", 5) == 0)) {
            return json_fail(&j, at - 1, "\"%s\" is given twice", bb__quote(q, s + at, len));
        } else {
            return json_fail(&j, at - 1, "unknown member \"%s\"; a board has \"hex\", \"squares\" and \"count\"",
                             bb__quote(q, s + at, len));
        }
        json_space(&j);
        if (j.i < n && s[j.i] == ',') { j.i++; continue; }
        if (json_char(&j, '}', "closes the board (or ',' goes on)") != 0) return -1;
        break;
    }
    json_space(&j);
    if (j.i < n) return json_fail(&j, j.i, "text after the board's closing '}'");
    if (!have_hex && !have_squares) return json_fail(&j, 0, "a board needs \"hex\" or \"squares\"");
    if (have_hex && have_squares && hex != squares)
        return json_fail(&j, squares_at, "\"squares\" (0x%016llx) disagree with \"hex\" (0x%016llx)",
                         (unsigned long long)squares, (unsigned long long)hex);
    uint64_t v = have_hex ? hex : squares;
    if (have_count && count != (unsigned)bb_popcount(v))
        return json_fail(&j, count_at, "\"count\" is %u but the board has %d square%s", count, bb_popcount(v),
                         bb_popcount(v) == 1 ? "" : "s");
    *out = v;
    return 0;
}

/* ---- Boards ------------------------------------------------------------------------- */

int bb_parse_board(const char *text, unsigned flags, uint64_t *out, bb_parse_error *err)
{
    char q[BB__QUOTE_MAX];
    BB__ASSERT_NOT_NULL(out, "out");
    if (!out) return bb__fail(err, 0, 0, 0, "nowhere to put the board (out is NULL)");
    if (!text) return bb__fail(err, 0, 0, 0, "no board given");
    size_t n = strlen(text), a = 0;
    while (a < n && bb__is_space(text[a])) a++;
    while (n > a && bb__is_space(text[n - 1])) n--;
    if (a == n) return bb__fail(err, 0, 0, 0, "empty board: give a number, a square list or a diagram");
    const char *s = text + a;
    size_t len = n - a;
    int pos0 = (int)a + 1;
    if (s[0] == '{') return parse_json(s, len, pos0, out, err);
    if (memchr(s, '\n', len)) return parse_diagram(text, strlen(text), flags, out, err);
    if (s[0] >= '0' && s[0] <= '9') return parse_number(s, len, pos0, out, err);
    if ((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z'))
        return parse_squares(s, len, pos0, out, err);
    return bb__fail(err, pos0, 0, 0,
                "'%s' is not a board: expected a number (0x.., 0b.., decimal), squares (e4,d5), "
                "an 8-row diagram or a JSON board", bb__quote(q, s, len));
}

/* ---- Formatting ---------------------------------------------------------------------- */

static void put_files(bb__out_buf *o) { bb__put(o, "  a b c d e f g h\n"); }

size_t bb_format_board(char *buf, size_t size, uint64_t x, bb_format fmt, unsigned flags)
{
    BB__ASSERT((unsigned)fmt < 4, "fmt", fmt);
    if (!buf) size = 0; /* only the length is wanted */
    bb__out_buf o = {buf, size, 0};
    char name[3];
    if (size) buf[0] = '\0';
    switch (fmt) {
    case BB_FORMAT_HEX:
        bb__put(&o, "0x%016llx", (unsigned long long)x);
        break;
    case BB_FORMAT_DIAGRAM: {
        int othello = (flags & BB_IO_OTHELLO) != 0;
        if (othello) put_files(&o);
        for (int row = 0; row < 8; row++) {
            int rank = othello ? row : 7 - row;
            bb__put(&o, "%d", rank + 1);
            for (int f = 0; f < 8; f++) bb__put(&o, " %c", (x >> (8 * rank + f)) & 1 ? '1' : '.');
            bb__put(&o, "\n");
        }
        if (!othello) put_files(&o);
        break;
    }
    case BB_FORMAT_SQUARES:
        if (!x) bb__put(&o, "none");
        for (int sq = 0, first = 1; sq < 64; sq++)
            if ((x >> sq) & 1) bb__put(&o, first ? "%s" : ",%s", bb_square_name(sq, name)), first = 0;
        break;
    case BB_FORMAT_JSON:
        bb__put(&o, "{\"hex\":\"0x%016llx\",\"squares\":[", (unsigned long long)x);
        for (int sq = 0, first = 1; sq < 64; sq++)
            if ((x >> sq) & 1) bb__put(&o, first ? "\"%s\"" : ",\"%s\"", bb_square_name(sq, name)), first = 0;
        bb__put(&o, "],\"count\":%d}", bb_popcount(x));
        break;
    }
    return o.len;
}

int bb_format_from_name(const char *name, bb_format *fmt)
{
    static const char *const names[] = {"hex", "diagram", "squares", "json"};
    BB__ASSERT_NOT_NULL(name, "name");
    BB__ASSERT_NOT_NULL(fmt, "fmt");
    int i = bb__name_index(name, names, 4);
    if (i < 0 || !fmt) return -1;
    *fmt = (bb_format)i;
    return 0;
}
