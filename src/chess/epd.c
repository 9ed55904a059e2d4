/* EPD records: the four FEN fields, then operations, read, checked, changed
 * and written back (bitboard/chess_epd.h says what is accepted).  A record
 * holds its operations as text in its own buffer, moves already resolved and
 * written as SAN, so writing and reading again always gives the same record. */
#include <string.h>

#include "bitboard.h"
#include "../core/text.h"

#define EPD_LINE_LIMIT (1 << 20) /* longer lines are refused (positions stay ints) */

/* bb__fail for a one-line text (no line or column): -1 and *err. */
#define fail(err, pos, ...) bb__fail((err), (pos), 0, 0, __VA_ARGS__)

/* ---- opcodes ---------------------------------------------------------------------- */

static int is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static int is_digit(char c) { return c >= '0' && c <= '9'; }

static int all_digits(const char *s, size_t n)
{
    if (n == 0) return 0;
    for (size_t i = 0; i < n; i++)
        if (!is_digit(s[i])) return 0;
    return 1;
}

/* bm am pm sm: moves of the position; pv: a line from it. */
static int is_move_op(const char *op)
{
    return !strcmp(op, "bm") || !strcmp(op, "am") || !strcmp(op, "pm") || !strcmp(op, "sm") || !strcmp(op, "pv");
}
static int is_string_op(const char *op)
{
    return !strcmp(op, "id") || (op[0] == 'c' && is_digit(op[1]) && op[2] == '\0');
}
/* D<digits>: a perft depth; -1 for any other opcode.  (check_opcode has refused bad depths.) */
static int perft_depth(const char *op)
{
    size_t n = strlen(op);
    if (op[0] != 'D' || !all_digits(op + 1, n - 1)) return -1;
    int d = 0;
    for (size_t i = 1; i < n && d <= 64; i++) d = d * 10 + (op[i] - '0');
    return d;
}

/* Checks op[0..n): a letter, then letters, digits or '_', at most 15; a D<depth> has a depth
 * 0..64 without leading zeros.  base: the 1-based character of op[0] (0: positions unknown). */
static int check_opcode(const char *op, size_t n, int base, bb_parse_error *err)
{
    char q[BB__QUOTE_MAX];
    if (n == 0) return fail(err, base, "a string where an opcode should be (an operation is: opcode operand ...;)");
    if (!is_letter(op[0]))
        return fail(err, base, "'%s' is not an opcode: an opcode starts with a letter", bb__quote(q, op, n));
    for (size_t i = 1; i < n; i++) {
        char c = op[i];
        if (!is_letter(c) && !is_digit(c) && c != '_') {
            char qc[BB__QUOTE_MAX];
            return fail(err, base ? base + (int)i : 0, "opcode '%s': '%s' is not a letter, digit or '_'",
                        bb__quote(q, op, n), bb__quote(qc, op + i, 1));
        }
    }
    if (n > BB_CHESS_EPD_OPCODE_MAX)
        return fail(err, base, "opcode '%s' is longer than %d characters", bb__quote(q, op, n), BB_CHESS_EPD_OPCODE_MAX);
    if (op[0] == 'D' && all_digits(op + 1, n - 1)) {
        int d = 0;
        for (size_t i = 1; i < n && d <= 64; i++) d = d * 10 + (op[i] - '0');
        if ((n > 2 && op[1] == '0') || d > 64)
            return fail(err, base, "'%s': a perft depth is 0..64, without leading zeros (D1 .. D64)", bb__quote(q, op, n));
    }
    return 0;
}

/* ---- operands --------------------------------------------------------------------- */

typedef struct {
    const char *s; /* the word, or a string's text without its quotes */
    size_t n;
    int at;        /* the 1-based character where it starts (a string: its quote), 0 if unknown */
    int string;
} epd_tok;

/* The next operand of text[*i..n): 1 and *t, 0 at the end, -1 and *err.  base: the 1-based
 * character of text[0] (0: unknown); op names the operation in messages. */
static int next_tok(const char *text, size_t n, size_t *i, int base, const char *op, epd_tok *t,
                    bb_parse_error *err)
{
    char q[BB__QUOTE_MAX];
    size_t k = *i;
    while (k < n && bb__is_space(text[k])) k++;
    *i = k;
    if (k >= n) return 0;
#define AT(j) (base ? base + (int)(j) : 0)
    if (text[k] == '"') {
        size_t j = k + 1;
        for (; j < n && text[j] != '"'; j++) {
            unsigned char c = (unsigned char)text[j];
            if (c < 0x20 || c == 0x7f)
                return fail(err, AT(j), "%s: a control character (%s) in a string", op, bb__quote(q, text + j, 1));
        }
        if (j >= n)
            return fail(err, AT(k), "%s: the string opened at character %d is not closed (no '\"' after it)", op,
                        AT(k));
        t->s = text + k + 1, t->n = j - k - 1, t->at = AT(k), t->string = 1;
        j++;
        if (j < n && !bb__is_space(text[j]))
            return fail(err, AT(j), "%s: '%s' right after a string's closing quote: put a space between", op,
                        bb__quote(q, text + j, 1));
        *i = j;
        return 1;
    }
    size_t j = k;
    for (; j < n && !bb__is_space(text[j]); j++) {
        unsigned char c = (unsigned char)text[j];
        if (c == '"')
            return fail(err, AT(j), "%s: a '\"' inside the word '%s' (a string starts after a space)", op,
                        bb__quote(q, text + k, j - k + 1));
        if (c == ';') return fail(err, AT(j), "%s: a ';' outside a string (one operation at a time)", op);
        if (c < 0x21 || c > 0x7e)
            return fail(err, AT(j), "%s: %s is not printable ASCII (only strings may hold other bytes)", op,
                        bb__quote(q, text + j, 1));
    }
    t->s = text + k, t->n = j - k, t->at = AT(k), t->string = 0;
    *i = j;
    return 1;
#undef AT
}

/* a1b2, or a7a8q: UCI, not SAN */
static int uci_shaped(const char *s, size_t n)
{
    if (n != 4 && !(n == 5 && (s[4] == 'q' || s[4] == 'r' || s[4] == 'b' || s[4] == 'n'))) return 0;
    return s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8' && s[2] >= 'a' && s[2] <= 'h' && s[3] >= '1' &&
           s[3] <= '8';
}

/* A move as EPD suites write it: UCI, strict SAN, then SAN or UCI with the marks + # ! ?
 * dropped, 0-0 for O-O and e8Q for e8=Q.  0 and *m, or -1 and *e from the strict reader. */
static int resolve_move(const bb_chess_pos *pos, const char *s, size_t n, bb_chess_move *m, bb_parse_error *e)
{
    char buf[BB_CHESS_MOVE_TEXT_MAX + 8], q[BB__QUOTE_MAX];
    if (n > BB_CHESS_MOVE_TEXT_MAX) return fail(e, 1, "'%s' is too long to be a move", bb__quote(q, s, n));
    memcpy(buf, s, n);
    buf[n] = '\0';
    if (uci_shaped(buf, n)) return bb_chess_move_from_uci(pos, buf, m, e);
    if (bb_chess_move_from_san(pos, buf, m, e) == 0) return 0;
    char t[sizeof buf];
    size_t k = n;
    memcpy(t, buf, n + 1);
    while (k > 0 && (t[k - 1] == '+' || t[k - 1] == '#' || t[k - 1] == '!' || t[k - 1] == '?')) t[--k] = '\0';
    if ((k == 3 && !strcmp(t, "0-0")) || (k == 5 && !strcmp(t, "0-0-0")))
        for (size_t i = 0; i < k; i += 2) t[i] = 'O';
    if (k >= 3 && (t[k - 1] == 'N' || t[k - 1] == 'B' || t[k - 1] == 'R' || t[k - 1] == 'Q') && t[k - 2] >= '1' &&
        t[k - 2] <= '8') {
        t[k] = t[k - 1], t[k - 1] = '=', t[++k] = '\0';
    }
    if (k > 0 && strcmp(t, buf) != 0 &&
        (uci_shaped(t, k) ? bb_chess_move_from_uci(pos, t, m, NULL) : bb_chess_move_from_san(pos, t, m, NULL)) == 0)
        return 0;
    return -1;
}

/* An operation checked and written as the record holds it. */
typedef struct {
    char opcode[BB_CHESS_EPD_OPCODE_MAX + 1];
    char text[BB_CHESS_EPD_TEXT_MAX];
    size_t len;
    int count, string;
    long clock; /* hmvc, fmvn: the value; else -1 */
} epd_norm;

static int append(epd_norm *nm, const char *s, size_t n, int at, bb_parse_error *err)
{
    if (nm->len + n + 1 > BB_CHESS_EPD_TEXT_MAX)
        return fail(err, at, "%s: the operands take more than %d bytes", nm->opcode, BB_CHESS_EPD_TEXT_MAX - 1);
    memcpy(nm->text + nm->len, s, n);
    nm->len += n;
    nm->text[nm->len] = '\0';
    return 0;
}

/* Reads op's operands text[0..n) (base: the 1-based character of text[0], 0 if unknown) in
 * position pos into *nm: 0, or -1 and *err. */
static int normalise(const bb_chess_pos *pos, const char *op, const char *text, size_t n, int base, epd_norm *nm,
                     bb_parse_error *err)
{
    char q[BB__QUOTE_MAX];
    memset(nm, 0, sizeof *nm);
    memcpy(nm->opcode, op, strlen(op) + 1);
    nm->clock = -1;
    int moves = is_move_op(op), pv = !strcmp(op, "pv"), depth = perft_depth(op);
    int hmvc = !strcmp(op, "hmvc"), fmvn = !strcmp(op, "fmvn"), one_string = is_string_op(op);
    bb_chess_pos p = *pos;
    epd_tok t, first = {NULL, 0, 0, 0};
    size_t i = 0;
    int r;
    while ((r = next_tok(text, n, &i, base, op, &t, err)) == 1) {
        if (nm->count == 0) first = t;
        if (nm->count == 65535) return fail(err, t.at, "%s: more than 65535 operands", op);
        if (nm->count++ && append(nm, " ", 1, t.at, err)) return -1;
        if (moves) {
            if (t.string) return fail(err, t.at, "%s: \"%s\" is a string, not a move", op, bb__quote(q, t.s, t.n));
            bb_chess_move m;
            bb_parse_error e;
            memset(&e, 0, sizeof e);
            if (resolve_move(&p, t.s, t.n, &m, &e) != 0) {
                int at = t.at && e.pos > 0 && (size_t)e.pos <= t.n ? t.at + e.pos - 1 : t.at;
                if (pv) return fail(err, at, "pv %s (move %d of the line)", e.msg, nm->count);
                return fail(err, at, "%s %s", op, e.msg);
            }
            char san[BB_CHESS_MOVE_TEXT_MAX];
            size_t k = bb_chess_move_to_san(san, sizeof san, &p, m);
            if (append(nm, san, k, t.at, err)) return -1;
            if (pv) {
                bb_chess_undo u;
                bb_chess_make(&p, m, &u);
            }
        } else if (t.string && !one_string) {
            if (append(nm, "\"", 1, t.at, err) || append(nm, t.s, t.n, t.at, err) || append(nm, "\"", 1, t.at, err))
                return -1;
        } else if (append(nm, t.s, t.n, t.at, err)) {
            return -1;
        }
    }
    if (r < 0) return -1;
    int end = base ? base + (int)n : 0;
    if (moves && nm->count == 0) return fail(err, end, "%s needs at least one move", op);
    if (hmvc || fmvn || depth >= 0) {
        const char *what = hmvc ? "the halfmove clock, 0..65535" : fmvn ? "the full move number, 1..65535"
                                                                  : "the perft count, like D1 20";
        if (nm->count != 1 || first.string)
            return fail(err, nm->count > 1 ? end : first.at ? first.at : end, "%s needs one number (%s)%s", op, what,
                        nm->count > 1 ? ", not several operands" : first.string ? ", not a string" : "");
        if (!all_digits(first.s, first.n))
            return fail(err, first.at, "%s: '%s' is not a number (%s)", op, bb__quote(q, first.s, first.n), what);
        if (depth >= 0) {
            uint64_t v = 0;
            for (size_t k = 0; k < first.n; k++) {
                unsigned d = (unsigned)(first.s[k] - '0');
                if (v > (UINT64_MAX - d) / 10)
                    return fail(err, first.at, "%s: the count %s does not fit in 64 bits", op, bb__quote(q, first.s, first.n));
                v = v * 10 + d;
            }
        } else {
            long v = 0;
            for (size_t k = 0; k < first.n && v <= 65535; k++) v = v * 10 + (first.s[k] - '0');
            if (v > 65535 || (fmvn && v == 0))
                return fail(err, first.at, "%s: %s is out of range (%s)", op, bb__quote(q, first.s, first.n), what);
            nm->clock = v;
        }
    }
    if (one_string && nm->count != 1)
        return fail(err, end, "%s takes one operand (a \"string\"), not %d", op,
                    nm->count);
    nm->string = nm->count == 1 && (one_string || first.string);
    if (nm->string && first.string) { /* held without its quotes */
        nm->len = 0;
        if (append(nm, first.s, first.n, first.at, err)) return -1;
    }
    return 0;
}

/* ---- the record ------------------------------------------------------------------- */

static int find(const bb_chess_epd *rec, const char *op)
{
    for (int i = 0; i < rec->count; i++)
        if (!strcmp(rec->text + rec->ops[i].opcode, op)) return i;
    return -1;
}

static size_t op_bytes(const bb_chess_epd *rec, int i)
{
    return strlen(rec->text + rec->ops[i].opcode) + strlen(rec->text + rec->ops[i].operands) + 2;
}

/* Packs the text of every operation but `skip` (-1: none) to the front of the buffer. */
static void pack(bb_chess_epd *rec, int skip)
{
    char tmp[BB_CHESS_EPD_TEXT_MAX];
    size_t u = 0;
    for (int i = 0; i < rec->count; i++) {
        if (i == skip) continue;
        const char *a = rec->text + rec->ops[i].opcode, *b = rec->text + rec->ops[i].operands;
        size_t na = strlen(a) + 1, nb = strlen(b) + 1;
        memcpy(tmp + u, a, na);
        rec->ops[i].opcode = (uint16_t)u;
        memcpy(tmp + u + na, b, nb);
        rec->ops[i].operands = (uint16_t)(u + na);
        u += na + nb;
    }
    memcpy(rec->text, tmp, u);
    rec->used = u;
}

static void apply_clock(bb_chess_epd *rec, const epd_norm *nm)
{
    if (nm->clock < 0) return;
    if (!strcmp(nm->opcode, "hmvc")) rec->pos.halfmove = (uint16_t)nm->clock;
    else rec->pos.fullmove = (uint16_t)nm->clock;
}

/* Adds *nm (replace: in place of an operation with its opcode, else that is an error): 0 or
 * -1 and *err with *rec unchanged.  at: the opcode's character in the line (0: set). */
static int commit(bb_chess_epd *rec, const epd_norm *nm, int at, int replace, bb_parse_error *err)
{
    int i = find(rec, nm->opcode);
    if (i >= 0 && !replace)
        return fail(err, at, "%s appears twice (first at character %d): an opcode may appear once", nm->opcode,
                    rec->ops[i].pos);
    if (i < 0 && rec->count == BB_CHESS_EPD_MAX_OPS)
        return fail(err, at, "%s: more than %d operations", nm->opcode, BB_CHESS_EPD_MAX_OPS);
    size_t need = strlen(nm->opcode) + 1 + nm->len + 1;
    size_t now = rec->used - (i >= 0 ? op_bytes(rec, i) : 0);
    if (now + need > BB_CHESS_EPD_TEXT_MAX)
        return fail(err, at, "%s: the record's operations would take more than %d bytes", nm->opcode,
                    BB_CHESS_EPD_TEXT_MAX);
    if (i >= 0) pack(rec, i);
    else i = rec->count++;
    size_t u = rec->used, na = strlen(nm->opcode) + 1;
    memcpy(rec->text + u, nm->opcode, na);
    memcpy(rec->text + u + na, nm->text, nm->len + 1);
    rec->ops[i].opcode = (uint16_t)u;
    rec->ops[i].operands = (uint16_t)(u + na);
    rec->ops[i].count = (uint16_t)nm->count;
    rec->ops[i].string = (uint8_t)nm->string;
    rec->ops[i].pos = at;
    rec->used = u + need;
    apply_clock(rec, nm);
    return 0;
}

void bb_chess_epd_init(bb_chess_epd *rec, const bb_chess_pos *pos)
{
    BB__ASSERT_NOT_NULL(rec, "rec");
    memset(rec, 0, sizeof *rec);
    if (pos) rec->pos = *pos;
    else bb_chess_start(&rec->pos);
}

static const char *const field_names[4] = {"placement", "side to move", "castling", "en passant"};

int bb_chess_epd_parse(bb_chess_epd *rec, const char *line, bb_parse_error *err)
{
    BB__ASSERT_NOT_NULL(rec, "rec");
    char q[BB__QUOTE_MAX];
    if (err) memset(err, 0, sizeof *err);
    if (!line) return fail(err, 0, "no EPD line given");
    size_t len = strlen(line);
    if (len > EPD_LINE_LIMIT) return fail(err, 0, "the line is longer than %d characters", EPD_LINE_LIMIT);

    /* the four FEN fields, and the two clock fields if both follow as numbers */
    size_t fs[6], fl[6], i = 0;
    int nf = 0;
    while (nf < 6) {
        size_t k = i;
        while (line[k] && bb__is_space(line[k])) k++;
        if (!line[k] || line[k] == ';') break;
        size_t j = k;
        while (line[j] && !bb__is_space(line[j]) && line[j] != ';') j++;
        if (nf >= 4 && !all_digits(line + k, j - k)) break;
        fs[nf] = k, fl[nf] = j - k, nf++;
        i = j;
    }
    if (nf < 4) {
        if (nf >= 2 && !(fl[1] == 1 && (line[fs[1]] == 'w' || line[fs[1]] == 'b')))
            return fail(err, (int)fs[1] + 1, "EPD field 2 (side to move): '%s' is not w or b",
                        bb__quote(q, line + fs[1], fl[1]));
        size_t k = i;
        while (line[k] && bb__is_space(line[k])) k++;
        return fail(err, (int)k + 1, "EPD field %d (%s) is missing: a record starts with FEN's first four fields",
                    nf + 1, field_names[nf]);
    }
    if (nf == 5)
        return fail(err, (int)fs[4] + 1, "'%s' after the four fields: the FEN clocks come as two numbers "
                    "(halfmove, full move), and an opcode starts with a letter", bb__quote(q, line + fs[4], fl[4]));
    char fen[256];
    size_t end = fs[nf - 1] + fl[nf - 1];
    if (end >= sizeof fen)
        return fail(err, (int)fs[0] + 1, "the position's fields run past character %d: too long for a FEN",
                    (int)sizeof fen - 1);
    memcpy(fen, line, end);
    fen[end] = '\0';
    bb_chess_epd r;
    bb_chess_epd_init(&r, NULL);
    if (bb_chess_from_fen(&r.pos, fen, err) != 0) return -1;
    r.fen_clocks = nf == 6;

    /* operations */
    i = end;
    while (line[i] && bb__is_space(line[i])) i++;
    if (line[i] == ';') r.perft_form = 1, i++;
    for (;;) {
        while (line[i] && bb__is_space(line[i])) i++;
        if (!line[i]) break;
        if (line[i] == ';') { i++; continue; }
        size_t os = i;
        while (line[i] && !bb__is_space(line[i]) && line[i] != ';' && line[i] != '"') i++;
        if (check_opcode(line + os, i - os, (int)os + 1, err) != 0) return -1;
        char op[BB_CHESS_EPD_OPCODE_MAX + 1];
        memcpy(op, line + os, i - os);
        op[i - os] = '\0';
        size_t as = i;
        for (; line[i] && line[i] != ';'; i++) {
            if (line[i] != '"') continue;
            size_t qs = i++;
            while (line[i] && line[i] != '"') i++;
            if (!line[i])
                return fail(err, (int)qs + 1, "%s: the string opened at character %d is not closed (no '\"' after it)",
                            op, (int)qs + 1);
        }
        epd_norm nm;
        if (normalise(&r.pos, op, line + as, i - as, (int)as + 1, &nm, err) != 0) return -1;
        if (nm.clock >= 0 && r.fen_clocks) {
            int h = !strcmp(op, "hmvc");
            long fen_value = h ? r.pos.halfmove : r.pos.fullmove;
            if (nm.clock != fen_value)
                return fail(err, (int)os + 1, "%s %ld disagrees with the FEN's %s field, %ld", op, nm.clock,
                            h ? "halfmove clock" : "full move", fen_value);
        }
        if (commit(&r, &nm, (int)os + 1, 0, err) != 0) return -1;
        if (line[i] == ';') i++;
    }
    if (r.count == 0) r.perft_form = 0;
    *rec = r;
    return 0;
}

/* ---- reading a record ------------------------------------------------------------- */

const char *bb_chess_epd_get(const bb_chess_epd *rec, const char *opcode)
{
    BB__ASSERT_NOT_NULL(rec, "rec");
    if (!opcode) return NULL;
    int i = find(rec, opcode);
    return i < 0 ? NULL : rec->text + rec->ops[i].operands;
}

int bb_chess_epd_at(const bb_chess_epd *rec, int i, bb_chess_epd_op *op)
{
    BB__ASSERT_NOT_NULL(rec, "rec");
    BB__ASSERT_NOT_NULL(op, "op");
    if (i < 0 || i >= rec->count) return -1;
    op->opcode = rec->text + rec->ops[i].opcode;
    op->operands = rec->text + rec->ops[i].operands;
    op->count = rec->ops[i].count;
    op->string = rec->ops[i].string;
    op->pos = rec->ops[i].pos;
    return 0;
}

int bb_chess_epd_moves(const bb_chess_epd *rec, const char *opcode, bb_chess_move *out, int max, bb_parse_error *err)
{
    BB__ASSERT_NOT_NULL(rec, "rec");
    char q[BB__QUOTE_MAX];
    if (err) memset(err, 0, sizeof *err);
    if (!opcode || !is_move_op(opcode))
        return fail(err, 0, "'%s' is not a move operation (bm, am, pm, sm, pv)",
                    opcode ? bb__quote(q, opcode, strlen(opcode)) : "(null)");
    int i = find(rec, opcode);
    if (i < 0) return 0;
    int n = rec->ops[i].count;
    if (n > max) return fail(err, rec->ops[i].pos, "%s has %d moves, more than the %d asked for", opcode, n, max < 0 ? 0 : max);
    const char *s = rec->text + rec->ops[i].operands;
    size_t len = strlen(s), k = 0;
    bb_chess_pos p = rec->pos;
    epd_tok t;
    int got = 0, pv = !strcmp(opcode, "pv");
    while (next_tok(s, len, &k, 0, opcode, &t, err) == 1 && got < n) {
        bb_chess_move m;
        bb_parse_error e;
        if (resolve_move(&p, t.s, t.n, &m, &e) != 0) return fail(err, rec->ops[i].pos, "%s %s", opcode, e.msg);
        out[got++] = m;
        if (pv) {
            bb_chess_undo u;
            bb_chess_make(&p, m, &u);
        }
    }
    return got;
}

int bb_chess_epd_perft(const bb_chess_epd *rec, int depth, uint64_t *count)
{
    BB__ASSERT_NOT_NULL(rec, "rec");
    if (depth < 0 || depth > 64) return 0;
    char op[8];
    snprintf(op, sizeof op, "D%d", depth);
    const char *s = bb_chess_epd_get(rec, op);
    if (!s) return 0;
    uint64_t v = 0;
    for (; *s >= '0' && *s <= '9'; s++) v = v * 10 + (uint64_t)(*s - '0');
    if (count) *count = v;
    return 1;
}

/* ---- changing a record ------------------------------------------------------------ */

int bb_chess_epd_set(bb_chess_epd *rec, const char *opcode, const char *operands, bb_parse_error *err)
{
    BB__ASSERT_NOT_NULL(rec, "rec");
    if (err) memset(err, 0, sizeof *err);
    if (!opcode) return fail(err, 0, "no opcode given");
    if (check_opcode(opcode, strlen(opcode), 0, err) != 0) return -1;
    if (!operands) operands = "";
    size_t n = strlen(operands);
    if (n > EPD_LINE_LIMIT) return fail(err, 0, "%s: the operands are longer than %d characters", opcode, EPD_LINE_LIMIT);
    epd_norm nm;
    if (normalise(&rec->pos, opcode, operands, n, 1, &nm, err) != 0) return -1;
    return commit(rec, &nm, 0, 1, err);
}

int bb_chess_epd_set_string(bb_chess_epd *rec, const char *opcode, const char *text, bb_parse_error *err)
{
    BB__ASSERT_NOT_NULL(rec, "rec");
    if (err) memset(err, 0, sizeof *err);
    if (!text) return fail(err, 0, "no string given");
    size_t n = strlen(text);
    if (n > BB_CHESS_EPD_TEXT_MAX) return fail(err, 0, "the string is longer than %d bytes", BB_CHESS_EPD_TEXT_MAX);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c == '"') return fail(err, (int)i + 1, "a '\"' in the string: EPD strings have no escapes");
        if (c < 0x20 || c == 0x7f) {
            char q[BB__QUOTE_MAX];
            return fail(err, (int)i + 1, "a control character (%s) in the string", bb__quote(q, text + i, 1));
        }
    }
    char quoted[BB_CHESS_EPD_TEXT_MAX + 3];
    quoted[0] = '"';
    memcpy(quoted + 1, text, n);
    quoted[n + 1] = '"', quoted[n + 2] = '\0';
    if (bb_chess_epd_set(rec, opcode, quoted, err) != 0) {
        if (err && err->pos > 0) err->pos = err->pos > 1 ? err->pos - 1 : 1; /* a character of text */
        return -1;
    }
    return 0;
}

int bb_chess_epd_set_moves(bb_chess_epd *rec, const char *opcode, const bb_chess_move *moves, int n,
                           bb_parse_error *err)
{
    BB__ASSERT_NOT_NULL(rec, "rec");
    char q[BB__QUOTE_MAX];
    if (err) memset(err, 0, sizeof *err);
    if (!opcode || !is_move_op(opcode))
        return fail(err, 0, "'%s' is not a move operation (bm, am, pm, sm, pv)",
                    opcode ? bb__quote(q, opcode, strlen(opcode)) : "(null)");
    if (n < 1 || !moves) return fail(err, 0, "%s needs at least one move", opcode);
    char text[BB_CHESS_EPD_TEXT_MAX];
    size_t len = 0;
    bb_chess_pos p = rec->pos;
    int pv = !strcmp(opcode, "pv");
    for (int i = 0; i < n; i++) {
        if (!bb_chess_is_legal(&p, moves[i]))
            return fail(err, 0, "%s: move %d (0x%04x) is not legal in the position%s", opcode, i + 1, moves[i],
                        pv && i ? " the line reaches" : "");
        char san[BB_CHESS_MOVE_TEXT_MAX];
        size_t k = bb_chess_move_to_san(san, sizeof san, &p, moves[i]);
        if (len + k + 2 > sizeof text)
            return fail(err, 0, "%s: the moves take more than %d bytes", opcode, BB_CHESS_EPD_TEXT_MAX - 1);
        if (i) text[len++] = ' ';
        memcpy(text + len, san, k);
        len += k;
        if (pv) {
            bb_chess_undo u;
            bb_chess_make(&p, moves[i], &u);
        }
    }
    text[len] = '\0';
    return bb_chess_epd_set(rec, opcode, text, err);
}

int bb_chess_epd_remove(bb_chess_epd *rec, const char *opcode)
{
    BB__ASSERT_NOT_NULL(rec, "rec");
    int i = opcode ? find(rec, opcode) : -1;
    if (i < 0) return 0;
    pack(rec, i);
    memmove(&rec->ops[i], &rec->ops[i + 1], sizeof rec->ops[0] * (size_t)(rec->count - i - 1));
    rec->count--;
    if (!rec->fen_clocks && !strcmp(opcode, "hmvc")) rec->pos.halfmove = 0;
    if (!rec->fen_clocks && !strcmp(opcode, "fmvn")) rec->pos.fullmove = 1;
    if (rec->count == 0) rec->perft_form = 0;
    return 1;
}

/* ---- writing ---------------------------------------------------------------------- */

/* The moves s of a move operation in UCI (pv: along its line); a word that does not
 * resolve (the record's position changed under it) is written as held. */
static void put_uci(bb__out_buf *o, const bb_chess_pos *pos, const char *op, const char *s)
{
    bb_chess_pos p = *pos;
    size_t len = strlen(s), k = 0;
    epd_tok t;
    int first = 1, pv = !strcmp(op, "pv");
    while (next_tok(s, len, &k, 0, op, &t, NULL) == 1) {
        bb_chess_move m;
        if (!first) bb__put(o, " ");
        first = 0;
        if (resolve_move(&p, t.s, t.n, &m, NULL) != 0) {
            bb__put(o, "%.*s", (int)t.n, t.s);
            pv = 0; /* the rest of a broken line cannot be followed */
            continue;
        }
        char uci[BB_CHESS_MOVE_TEXT_MAX];
        bb_chess_move_to_uci(uci, sizeof uci, &p, m);
        bb__put(o, "%s", uci);
        if (pv) {
            bb_chess_undo u;
            bb_chess_make(&p, m, &u);
        }
    }
}

size_t bb_chess_epd_write(char *buf, size_t size, const bb_chess_epd *rec, int move_style)
{
    BB__ASSERT_NOT_NULL(rec, "rec");
    bb__out_buf o = {buf, size, 0};
    if (size) buf[0] = '\0';
    char fen[BB_CHESS_FEN_MAX];
    bb_chess_to_fen(fen, sizeof fen, &rec->pos, rec->pos.chess960 ? BB_FEN_SHREDDER : BB_FEN_STANDARD);
    if (!rec->fen_clocks) {
        int spaces = 0;
        for (size_t k = 0; fen[k]; k++)
            if (fen[k] == ' ' && ++spaces == 4) { fen[k] = '\0'; break; }
    }
    bb__put(&o, "%s", fen);
    for (int i = 0; i < rec->count; i++) {
        const char *op = rec->text + rec->ops[i].opcode, *s = rec->text + rec->ops[i].operands;
        bb__put(&o, rec->perft_form ? " ;%s" : " %s", op);
        if (rec->ops[i].count) {
            if (rec->ops[i].string) bb__put(&o, " \"%s\"", s);
            else if (move_style == BB_CHESS_EPD_UCI && is_move_op(op)) bb__put(&o, " "), put_uci(&o, &rec->pos, op, s);
            else bb__put(&o, " %s", s);
        }
        if (!rec->perft_form) bb__put(&o, ";");
    }
    return o.len;
}
