/* Tracer programs: building them (bb_trace_new, bb_trace_input, bb_trace_add),
 * reading their text (bb_trace_parse), printing a step, and running them on
 * concrete values (bb_trace_eval). */
#include <stdlib.h>
#include <string.h>

#include "../core/text.h"
#include "trace_private.h"

static const char *const op_names[BB_TRACE_OP_COUNT] = {
    "load", "let", "&", "|", "^", "andnot", "<<", ">>", "rol", "ror", "bswap",
    "neg", "not", "*", "+", "-", "pext", "pdep", "dswap", "gf2p8affine", "bshuf", "bitgather"};

const char *bb_trace_op_name(bb_trace_op op)
{
    return (unsigned)op < BB_TRACE_OP_COUNT ? op_names[op] : NULL;
}

bb_trace_program *bb_trace_new(void)
{
    bb_trace_program *p = (bb_trace_program *)calloc(1, sizeof *p);
    if (!p) return NULL;
    p->nvars = p->nnames = 1;
    memcpy(p->name[0], "x", 2);
    return p;
}

void bb_trace_free(bb_trace_program *p)
{
    if (!p) return;
    free(p->step);
    free(p->gather);
    free(p);
}

int bb_trace_step_count(const bb_trace_program *p) { return p ? p->nsteps : 0; }
int bb_trace_var_count(const bb_trace_program *p) { return p ? p->nvars : 0; }

const bb_trace_step *bb_trace_get_step(const bb_trace_program *p, int i)
{
    return p && i >= 0 && i < p->nsteps ? &p->step[i] : NULL;
}

const char *bb_trace_name(const bb_trace_program *p, int slot)
{
    return p && slot >= 0 && slot < p->nnames ? p->name[slot] : NULL;
}

static int find_name(const bb_trace_program *p, const char *name)
{
    for (int i = 0; i < p->nnames; i++)
        if (strcmp(p->name[i], name) == 0) return i;
    return -1;
}

static int is_ident_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
static int is_ident_char(char c) { return is_ident_start(c) || (c >= '0' && c <= '9'); }

/* 1 if the word is an operation or keyword of the text (not usable as a name). */
static int is_keyword(const char *s, size_t n)
{
    static const char *const words[] = {"andnot", "rol", "ror", "bswap", "neg", "not", "pext", "pdep", "dswap",
                                        "gf2p8affine", "bshuf", "bitgather", "let", "input", "and", "or", "xor"};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strlen(words[i]) == n && memcmp(words[i], s, n) == 0) return 1;
    return 0;
}

/* 1 if name is a usable name: an identifier, short enough, not a keyword. */
static int valid_name(const char *name)
{
    size_t n = strlen(name);
    if (n == 0 || n >= BB_TRACE_NAME_MAX || !is_ident_start(name[0])) return 0;
    for (size_t i = 1; i < n; i++)
        if (!is_ident_char(name[i])) return 0;
    return !is_keyword(name, n);
}

int bb_trace_input(bb_trace_program *p, const char *name, bb_parse_error *err)
{
    char q[BB__QUOTE_MAX];
    BB__ASSERT_NOT_NULL(p, "p");
    if (!p) return bb__fail(err, 0, 0, 0, "no program");
    if (!name) return bb__fail(err, 0, 0, 0, "no input name given");
    if (p->nsteps > 0) return bb__fail(err, 0, 0, 0, "inputs are declared before the first step");
    if (!valid_name(name))
        return bb__fail(err, 0, 0, 0, "'%s' is not a name (letters, digits and _, at most %d, not a keyword)",
                        bb__quote(q, name, strlen(name)), BB_TRACE_NAME_MAX - 1);
    if (!p->declared) { /* the implied x gives way to the declared inputs */
        p->declared = 1;
        p->nvars = p->nnames = 0;
    }
    if (find_name(p, name) >= 0) return bb__fail(err, 0, 0, 0, "input '%s' is declared twice", name);
    if (p->nvars == BB_TRACE_MAX_VARS)
        return bb__fail(err, 0, 0, 0, "too many inputs: a program has at most %d", BB_TRACE_MAX_VARS);
    int slot = p->nvars++;
    p->nnames = p->nvars;
    memcpy(p->name[slot], name, strlen(name) + 1);
    p->is_const[slot] = 0;
    p->value[slot] = 0;
    return slot;
}

const unsigned char *bb__trace_gather_of(const bb_trace_program *p, const bb_trace_step *s)
{
    return s->op == BB_TRACE_BITGATHER && s->k < (uint64_t)p->ngather ? p->gather[s->k] : NULL;
}

/* One operation on concrete values: v op (operand k, shift; idx: bitgather's indices). */
uint64_t bb__trace_apply(bb_trace_op op, uint64_t v, uint64_t k, int shift, const unsigned char *idx)
{
    unsigned s = (unsigned)(k & 63);
    switch (op) {
    case BB_TRACE_LOAD: return k;
    case BB_TRACE_LET: return v;
    case BB_TRACE_AND: return v & k;
    case BB_TRACE_OR: return v | k;
    case BB_TRACE_XOR: return v ^ k;
    case BB_TRACE_ANDNOT: return v & ~k;
    case BB_TRACE_SHL: return v << s;
    case BB_TRACE_SHR: return v >> s;
    case BB_TRACE_ROL: return s ? (v << s) | (v >> (64 - s)) : v;
    case BB_TRACE_ROR: return s ? (v >> s) | (v << (64 - s)) : v;
    case BB_TRACE_BSWAP: {
        uint64_t r = 0;
        for (int i = 0; i < 8; i++) r |= ((v >> (8 * i)) & 0xff) << (8 * (7 - i));
        return r;
    }
    case BB_TRACE_NEG: return 0 - v;
    case BB_TRACE_NOT: return ~v;
    case BB_TRACE_MUL: return v * k;
    case BB_TRACE_ADD: return v + k;
    case BB_TRACE_SUB: return v - k;
    case BB_TRACE_PEXT: {
        uint64_t r = 0;
        int j = 0;
        for (int i = 0; i < 64; i++)
            if (k >> i & 1) r |= (v >> i & 1) << j++;
        return r;
    }
    case BB_TRACE_PDEP: {
        uint64_t r = 0;
        int j = 0;
        for (int i = 0; i < 64; i++)
            if (k >> i & 1) r |= (v >> j++ & 1) << i;
        return r;
    }
    case BB_TRACE_DSWAP: {
        unsigned d = (unsigned)shift & 63;
        uint64_t t = ((v >> d) ^ v) & k;
        return v ^ t ^ (t << d);
    }
    case BB_TRACE_GF2P8AFFINE: {
        uint64_t r = 0;
        for (int j = 0; j < 8; j++) {
            uint64_t b = v >> (8 * j) & 0xff;
            for (int i = 0; i < 8; i++) {
                uint64_t row = k >> (8 * (7 - i)) & 0xff;
                r |= (uint64_t)(bb_popcount(b & row) & 1) << (8 * j + i);
            }
        }
        return r;
    }
    case BB_TRACE_BSHUF: { /* pshufb on (0, v): byte i from byte C_i & 15 of the 128 bits, or 0 */
        uint64_t r = 0;
        for (int i = 0; i < 8; i++) {
            unsigned c = (unsigned)(k >> (8 * i)) & 0xff, j = c & 15;
            if (!(c & 0x80) && j < 8) r |= (v >> (8 * j) & 0xff) << (8 * i);
        }
        return r;
    }
    case BB_TRACE_BITGATHER: {
        uint64_t r = 0;
        for (int n = 0; idx && n < 64; n++) r |= (v >> (idx[n] & 63) & 1) << n;
        return r;
    }
    }
    return v;
}

/* 1 if op takes an operand, 2 if it must be a constant, 3 for bitgather's
 * index list, 0 if none. */
static int operand_kind(bb_trace_op op)
{
    switch (op) {
    case BB_TRACE_BITGATHER: return 3;
    case BB_TRACE_BSWAP: case BB_TRACE_NEG: case BB_TRACE_NOT: return 0;
    case BB_TRACE_LOAD: case BB_TRACE_LET: case BB_TRACE_AND: case BB_TRACE_OR: case BB_TRACE_XOR:
    case BB_TRACE_ANDNOT: case BB_TRACE_ADD: case BB_TRACE_SUB: case BB_TRACE_GF2P8AFFINE: return 1;
    default: return 2;
    }
}

static int is_shift(bb_trace_op op)
{
    return op == BB_TRACE_SHL || op == BB_TRACE_SHR || op == BB_TRACE_ROL || op == BB_TRACE_ROR;
}

/* Appends a checked step (k: bitgather's vector, stored already):
 * 0, or -1 and *err (out of memory). */
static int push_step(bb_trace_program *p, bb_trace_op op, int slot, uint64_t k, int shift, bb_parse_error *err,
                     int pos, int len)
{
    if (p->nsteps == p->cap) {
        int cap = p->cap ? p->cap * 2 : 16;
        if (cap > BB_TRACE_MAX_STEPS) cap = BB_TRACE_MAX_STEPS;
        bb_trace_step *s = (bb_trace_step *)realloc(p->step, (size_t)cap * sizeof *s);
        if (!s) return bb__fail(err, 0, 0, 0, "out of memory");
        p->step = s;
        p->cap = cap;
    }
    /* Track whether the running value is a constant, so let can bind names
     * usable as constant operands. */
    int operand_const = operand_kind(op) == 0 || operand_kind(op) == 3 || slot < 0 || p->is_const[slot];
    if (op == BB_TRACE_LET) {
        p->is_const[slot] = (unsigned char)(p->nsteps > 0 && p->running_const);
        p->value[slot] = p->is_const[slot] ? p->running : 0;
    } else if (op == BB_TRACE_LOAD) {
        p->running_const = operand_const;
        p->running = operand_const ? k : 0;
    } else {
        int was = p->nsteps > 0 && p->running_const; /* before any step the value is the first input */
        p->running_const = was && operand_const;
        const unsigned char *idx = op == BB_TRACE_BITGATHER ? p->gather[k] : NULL;
        p->running = p->running_const ? bb__trace_apply(op, p->running, k, shift, idx) : 0;
    }
    bb_trace_step *s = &p->step[p->nsteps++];
    s->op = op;
    s->slot = slot;
    s->k = k;
    s->shift = shift;
    s->pos = pos;
    s->len = len;
    return 0;
}

int bb__trace_add_at(bb_trace_program *p, bb_trace_op op, const char *name, uint64_t k, int shift,
                     bb_parse_error *err, int pos, int len)
{
    char q[BB__QUOTE_MAX];
    if ((unsigned)op >= BB_TRACE_OP_COUNT) return bb__fail(err, 0, 0, 0, "unknown operation %d", (int)op);
    const char *on = op_names[op];
    if (op == BB_TRACE_BITGATHER)
        return bb__fail(err, 0, 0, 0, "bitgather takes 64 indices: bb_trace_add_gather adds it");
    if (p->nsteps >= BB_TRACE_MAX_STEPS)
        return bb__fail(err, 0, 0, 0, "too many steps: a program has at most %d", BB_TRACE_MAX_STEPS);
    int kind = operand_kind(op), slot = -1;
    if (op == BB_TRACE_LET) {
        if (!name) return bb__fail(err, 0, 0, 0, "let needs a name");
        if (!valid_name(name))
            return bb__fail(err, 0, 0, 0, "'%s' is not a name (letters, digits and _, at most %d, not a keyword)",
                            bb__quote(q, name, strlen(name)), BB_TRACE_NAME_MAX - 1);
        slot = find_name(p, name);
        if (slot >= 0 && slot < p->nvars) return bb__fail(err, 0, 0, 0, "'%s' is an input: it cannot be let", name);
        if (slot < 0) {
            if (p->nnames == BB_TRACE_MAX_NAMES)
                return bb__fail(err, 0, 0, 0, "too many names: a program has at most %d", BB_TRACE_MAX_NAMES);
            slot = p->nnames++;
            memcpy(p->name[slot], name, strlen(name) + 1);
        }
        k = 0;
    } else if (kind == 0) {
        if (name) return bb__fail(err, 0, 0, 0, "%s takes no operand", on);
        k = 0;
    } else if (name) {
        slot = find_name(p, name);
        if (slot < 0) return bb__fail(err, 0, 0, 0, "undefined name '%s'", bb__quote(q, name, strlen(name)));
        if (kind == 2 && !p->is_const[slot])
            return bb__fail(err, 0, 0, 0, "%s needs a constant: '%s' is not one", on, name);
        k = p->is_const[slot] ? p->value[slot] : 0;
    }
    if (is_shift(op) && k >= 64)
        return bb__fail(err, 0, 0, 0, "shift by %llu: %s takes 0..63", (unsigned long long)k, on);
    if (op == BB_TRACE_DSWAP && (shift < 1 || shift > 63))
        return bb__fail(err, 0, 0, 0, "dswap shift %d: it takes 1..63", shift);
    if (op != BB_TRACE_DSWAP) shift = 0;
    return push_step(p, op, slot, k, shift, err, pos, len);
}

int bb__trace_add_gather_at(bb_trace_program *p, const unsigned char *idx, bb_parse_error *err, int pos, int len)
{
    if (p->nsteps >= BB_TRACE_MAX_STEPS)
        return bb__fail(err, 0, 0, 0, "too many steps: a program has at most %d", BB_TRACE_MAX_STEPS);
    for (int n = 0; n < 64; n++)
        if (idx[n] > 63) return bb__fail(err, 0, 0, 0, "bitgather index %d (entry %d): indices are 0..63", idx[n], n);
    if (p->ngather == p->gather_cap) {
        int cap = p->gather_cap ? p->gather_cap * 2 : 4;
        unsigned char(*g)[64] = (unsigned char(*)[64])realloc(p->gather, (size_t)cap * sizeof *g);
        if (!g) return bb__fail(err, 0, 0, 0, "out of memory");
        p->gather = g;
        p->gather_cap = cap;
    }
    memcpy(p->gather[p->ngather], idx, 64); /* in use once the step is */
    if (push_step(p, BB_TRACE_BITGATHER, -1, (uint64_t)p->ngather, 0, err, pos, len)) return -1;
    p->ngather++;
    return 0;
}

int bb_trace_add_gather(bb_trace_program *p, const unsigned char idx[64], bb_parse_error *err)
{
    BB__ASSERT_NOT_NULL(p, "p");
    BB__ASSERT_NOT_NULL(idx, "idx");
    if (!p) return bb__fail(err, 0, 0, 0, "no program");
    if (!idx) return bb__fail(err, 0, 0, 0, "no indices given");
    return bb__trace_add_gather_at(p, idx, err, 0, 0);
}

const unsigned char *bb_trace_step_gather(const bb_trace_program *p, int i)
{
    const bb_trace_step *s = bb_trace_get_step(p, i);
    return s ? bb__trace_gather_of(p, s) : NULL;
}

int bb_trace_add(bb_trace_program *p, bb_trace_op op, const char *name, uint64_t k, int shift, bb_parse_error *err)
{
    BB__ASSERT_NOT_NULL(p, "p");
    if (!p) return bb__fail(err, 0, 0, 0, "no program");
    return bb__trace_add_at(p, op, name, k, shift, err, 0, 0);
}

size_t bb_trace_step_text(char *buf, size_t size, const bb_trace_program *p, int i)
{
    bb__out_buf o = {buf, size, 0};
    if (buf && size) buf[0] = '\0';
    const bb_trace_step *s = bb_trace_get_step(p, i);
    if (!s) return 0;
    const char *on = op_names[s->op];
    const char *nm = s->slot >= 0 ? p->name[s->slot] : NULL;
    unsigned long long k = (unsigned long long)s->k;
    switch (operand_kind(s->op)) {
    case 0: bb__put(&o, "%s", on); break;
    case 3: {
        const unsigned char *g = bb__trace_gather_of(p, s);
        bb__put(&o, "%s ", on);
        for (int n = 0; g && n < 64; n++) bb__put(&o, "%s%d", n ? "," : "", g[n]);
        break;
    }
    default:
        if (s->op == BB_TRACE_LET) bb__put(&o, "let %s", nm);
        else if (s->op == BB_TRACE_LOAD) nm ? bb__put(&o, "%s", nm) : bb__put(&o, "0x%016llx", k);
        else if (nm) bb__put(&o, "%s %s", on, nm);
        else if (is_shift(s->op)) bb__put(&o, "%s %llu", on, k);
        else if (s->op == BB_TRACE_DSWAP) bb__put(&o, "%s 0x%016llx %d", on, k, s->shift);
        else bb__put(&o, "%s 0x%016llx", on, k);
    }
    return o.len;
}

size_t bb__trace_step_label(char *buf, size_t size, const bb_trace_program *p, int i)
{
    const bb_trace_step *s = bb_trace_get_step(p, i);
    const unsigned char *g = s ? bb__trace_gather_of(p, s) : NULL;
    if (!g) return bb_trace_step_text(buf, size, p, i);
    bb__out_buf o = {buf, size, 0};
    if (buf && size) buf[0] = '\0';
    bb__put(&o, "%s [64 indices: %d,%d,%d,...]", op_names[s->op], g[0], g[1], g[2]);
    return o.len;
}

uint64_t bb_trace_eval(const bb_trace_program *p, const uint64_t *inputs)
{
    uint64_t slot[BB_TRACE_MAX_NAMES] = {0};
    BB__ASSERT_NOT_NULL(p, "p");
    if (!p) return 0;
    for (int v = 0; v < p->nvars; v++) slot[v] = inputs ? inputs[v] : 0;
    /* names get their values from their let steps, which run before any use */
    uint64_t x = slot[0];
    for (int i = 0; i < p->nsteps; i++) {
        const bb_trace_step *s = &p->step[i];
        if (s->op == BB_TRACE_LET) {
            slot[s->slot] = x;
            continue;
        }
        uint64_t k = s->slot >= 0 ? slot[s->slot] : s->k;
        x = bb__trace_apply(s->op, x, k, s->shift, bb__trace_gather_of(p, s));
    }
    return x;
}

/* ---- The text ---------------------------------------------------------- */

typedef struct {
    const char *text;
    size_t at;  /* the next character */
    /* the current token */
    size_t tpos, tlen;
    int tkind;  /* 0 end of text, ';' end of statement, 'i' word, 'n' number, or the operator's char;
                 * '<' and '>' stand for << and >> */
    bb_parse_error *err;
} lexer;

static void next(lexer *l)
{
    const char *t = l->text;
    for (;;) {
        char c = t[l->at];
        if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
            l->at++;
        } else if (c == '#') {
            while (t[l->at] && t[l->at] != '\n') l->at++;
        } else {
            break;
        }
    }
    l->tpos = l->at;
    char c = t[l->at];
    if (!c) {
        l->tkind = 0, l->tlen = 0;
    } else if (c == ';' || c == '\n') {
        l->tkind = ';', l->tlen = 1, l->at++;
    } else if (is_ident_start(c)) {
        while (is_ident_char(t[l->at])) l->at++;
        l->tkind = 'i', l->tlen = l->at - l->tpos;
    } else if (c >= '0' && c <= '9') {
        while (is_ident_char(t[l->at])) l->at++;
        l->tkind = 'n', l->tlen = l->at - l->tpos;
    } else if ((c == '<' || c == '>') && t[l->at + 1] == c) {
        l->tkind = c, l->tlen = 2, l->at += 2;
    } else {
        l->tkind = (unsigned char)c, l->tlen = 1, l->at++;
    }
}

/* Fills *err for the token at byte offset pos: "line L, column C: msg". */
static int fail_at(lexer *l, size_t pos, const char *msg)
{
    int line = 1, col = 1;
    for (size_t i = 0; i < pos; i++) {
        if (l->text[i] == '\n') line++, col = 1;
        else col++;
    }
    return bb__fail(l->err, (int)pos + 1, line, col, "line %d, column %d: %s", line, col, msg);
}

static int fail_tok(lexer *l, const char *fmt_what)
{
    char q[BB__QUOTE_MAX], m[sizeof l->err->msg];
    if (l->tkind == 0) snprintf(m, sizeof m, "%s, found the end of the text", fmt_what);
    else if (l->tkind == ';') snprintf(m, sizeof m, "%s, found the end of the statement", fmt_what);
    else snprintf(m, sizeof m, "%s, found '%s'", fmt_what, bb__quote(q, l->text + l->tpos, l->tlen));
    return fail_at(l, l->tpos, m);
}

/* Reads the number token: 0 and *out, or -1 ("bad constant"). */
static int number(lexer *l, uint64_t *out)
{
    const char *s = l->text + l->tpos;
    size_t n = l->tlen, i = 0;
    unsigned base = 10;
    if (n >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) base = 16, i = 2;
    else if (n >= 2 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B')) base = 2, i = 2;
    uint64_t v = 0;
    int digits = 0;
    char q[BB__QUOTE_MAX], m[sizeof l->err->msg];
    for (; i < n; i++) {
        char c = s[i];
        unsigned d = c >= '0' && c <= '9' ? (unsigned)(c - '0')
                     : c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10)
                     : c >= 'A' && c <= 'F' ? (unsigned)(c - 'A' + 10) : 99;
        if (c == '_' && i > 0 && digits > 0) continue; /* digit separators */
        if (d >= base) {
            snprintf(m, sizeof m, "bad constant '%s': '%c' is not a %s digit", bb__quote(q, s, n), c,
                     base == 16 ? "hex" : base == 2 ? "binary" : "decimal");
            return fail_at(l, l->tpos, m);
        }
        if (v > (UINT64_MAX - d) / base) {
            snprintf(m, sizeof m, "bad constant '%s': more than 64 bits", bb__quote(q, s, n));
            return fail_at(l, l->tpos, m);
        }
        v = v * base + d;
        digits++;
    }
    if (digits == 0) {
        snprintf(m, sizeof m, "bad constant '%s': no digits", bb__quote(q, s, n));
        return fail_at(l, l->tpos, m);
    }
    *out = v;
    return 0;
}

/* Adds a step at the token position tpos..tpos+tlen; on failure the error
 * names that position. */
static int add(lexer *l, bb_trace_program *p, bb_trace_op op, const char *name, uint64_t k, int shift, size_t tpos,
               size_t end)
{
    bb_parse_error e;
    if (bb__trace_add_at(p, op, name, k, shift, &e, (int)tpos + 1, (int)(end - tpos)) == 0) return 0;
    return fail_at(l, tpos, e.msg);
}

/* Reads an operand token (a word or a number) into name/k. */
static int operand(lexer *l, const char *what, char *name, uint64_t *k)
{
    name[0] = '\0';
    *k = 0;
    if (l->tkind == 'n') return number(l, k);
    if (l->tkind == 'i' && !is_keyword(l->text + l->tpos, l->tlen)) {
        char q[BB__QUOTE_MAX], m[sizeof l->err->msg];
        if (l->tlen >= BB_TRACE_NAME_MAX) {
            snprintf(m, sizeof m, "undefined name '%s' (names are at most %d characters)",
                     bb__quote(q, l->text + l->tpos, l->tlen), BB_TRACE_NAME_MAX - 1);
            return fail_at(l, l->tpos, m);
        }
        memcpy(name, l->text + l->tpos, l->tlen);
        name[l->tlen] = '\0';
        return 0;
    }
    return fail_tok(l, what);
}

static int word_is(const lexer *l, const char *w)
{
    return l->tkind == 'i' && strlen(w) == l->tlen && memcmp(l->text + l->tpos, w, l->tlen) == 0;
}

/* The operation the current token starts, or -1. */
static int op_of(const lexer *l)
{
    switch (l->tkind) {
    case '&': return BB_TRACE_AND;
    case '|': return BB_TRACE_OR;
    case '^': return BB_TRACE_XOR;
    case '<': return BB_TRACE_SHL;
    case '>': return BB_TRACE_SHR;
    case '*': return BB_TRACE_MUL;
    case '+': return BB_TRACE_ADD;
    case '-': return BB_TRACE_SUB;
    case '~': return BB_TRACE_NOT;
    case 'i': break;
    default: return -1;
    }
    static const struct { const char *w; bb_trace_op op; } words[] = {
        {"and", BB_TRACE_AND}, {"or", BB_TRACE_OR}, {"xor", BB_TRACE_XOR}, {"andnot", BB_TRACE_ANDNOT},
        {"rol", BB_TRACE_ROL}, {"ror", BB_TRACE_ROR}, {"bswap", BB_TRACE_BSWAP}, {"neg", BB_TRACE_NEG},
        {"not", BB_TRACE_NOT}, {"pext", BB_TRACE_PEXT}, {"pdep", BB_TRACE_PDEP}, {"dswap", BB_TRACE_DSWAP},
        {"gf2p8affine", BB_TRACE_GF2P8AFFINE}, {"bshuf", BB_TRACE_BSHUF}, {"bitgather", BB_TRACE_BITGATHER}};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (word_is(l, words[i].w)) return (int)words[i].op;
    return -1;
}

/* Fails at the current token if the program is full. */
static int too_many(lexer *l, const bb_trace_program *p)
{
    if (p->nsteps < BB_TRACE_MAX_STEPS) return 0;
    char m[96];
    snprintf(m, sizeof m, "too many steps: a program has at most %d", BB_TRACE_MAX_STEPS);
    return fail_at(l, l->tpos, m);
}

/* bitgather's list I0,I1,...,I63 from the current token, added as a step
 * whose text starts at at; the lexer is left after the list. */
static int gather_list(lexer *l, bb_trace_program *p, size_t at)
{
    unsigned char idx[64];
    char q[BB__QUOTE_MAX], m[sizeof l->err->msg];
    size_t list = l->tpos, extra = 0, end = l->tpos;
    int n = 0;
    if (l->tkind != 'n') return fail_tok(l, "expected bitgather's 64 indices (I0,I1,...,I63, each 0..63)");
    for (;;) {
        if (l->tkind != 'n') return fail_tok(l, "expected an index 0..63 after ',' in bitgather's list");
        const char *t = l->text + l->tpos;
        unsigned v = 0;
        for (size_t i = 0; i < l->tlen; i++) {
            if (t[i] < '0' || t[i] > '9') {
                snprintf(m, sizeof m, "bad index '%s': bitgather's indices are decimal 0..63",
                         bb__quote(q, t, l->tlen));
                return fail_at(l, l->tpos, m);
            }
            if (v <= 63) v = v * 10 + (unsigned)(t[i] - '0');
        }
        if (v > 63) {
            snprintf(m, sizeof m, "bitgather index %s (entry %d): indices are 0..63", bb__quote(q, t, l->tlen), n);
            return fail_at(l, l->tpos, m);
        }
        if (n < 64) idx[n] = (unsigned char)v;
        else if (n == 64) extra = l->tpos;
        n++;
        end = l->tpos + l->tlen;
        next(l);
        if (l->tkind == ',' && l->tpos == end) {
            next(l);
            continue;
        }
        if (l->tkind == ',' || l->tkind == 'n')
            return fail_at(l, l->tpos, "bitgather's indices are separated by commas, with no space before one");
        break;
    }
    if (n != 64) {
        snprintf(m, sizeof m, "bitgather needs 64 indices, found %d", n);
        return fail_at(l, n > 64 ? extra : list, m);
    }
    bb_parse_error e;
    if (bb__trace_add_gather_at(p, idx, &e, (int)at + 1, (int)(end - at))) return fail_at(l, at, e.msg);
    return 0;
}

/* A chain: [operand] op... up to the end of the statement. */
static int chain(lexer *l, bb_trace_program *p)
{
    char name[BB_TRACE_NAME_MAX];
    uint64_t k;
    char q[BB__QUOTE_MAX], m[sizeof l->err->msg];
    if (l->tkind == 'n' || (l->tkind == 'i' && op_of(l) < 0 && !is_keyword(l->text + l->tpos, l->tlen))) {
        size_t at = l->tpos, end = l->tpos + l->tlen;
        if (too_many(l, p)) return -1;
        if (l->tkind == 'i') {
            /* an undefined word followed by an operand reads as an operation */
            char w[BB_TRACE_NAME_MAX];
            int known = 0;
            if (l->tlen < sizeof w) {
                memcpy(w, l->text + l->tpos, l->tlen);
                w[l->tlen] = '\0';
                known = find_name(p, w) >= 0;
            }
            lexer peek = *l;
            next(&peek);
            if (!known && (peek.tkind == 'n' || (peek.tkind == 'i' && op_of(&peek) < 0))) {
                snprintf(m, sizeof m, "unknown operation '%s'", bb__quote(q, l->text + l->tpos, l->tlen));
                return fail_at(l, l->tpos, m);
            }
        }
        if (operand(l, "expected a name or a constant", name, &k)) return -1;
        if (add(l, p, BB_TRACE_LOAD, name[0] ? name : NULL, k, 0, at, end)) return -1;
        next(l);
    }
    while (l->tkind != 0 && l->tkind != ';') {
        int op = op_of(l);
        size_t at = l->tpos;
        if (op >= 0 && too_many(l, p)) return -1;
        if (op < 0) {
            if (l->tkind == 'i' || l->tkind == 'n') {
                snprintf(m, sizeof m, "unknown operation '%s'", bb__quote(q, l->text + l->tpos, l->tlen));
                return fail_at(l, l->tpos, m);
            }
            return fail_tok(l, "expected an operation");
        }
        if (op == BB_TRACE_BITGATHER) {
            next(l);
            if (gather_list(l, p, at)) return -1;
            continue;
        }
        char what[64];
        snprintf(what, sizeof what, "expected %s after '%s'",
                 operand_kind((bb_trace_op)op) == 2 ? "a constant" : "a name or a constant",
                 op_names[op]);
        next(l);
        name[0] = '\0';
        k = 0;
        int shift = 0;
        size_t opnd = l->tpos;
        if (operand_kind((bb_trace_op)op) != 0) {
            if (operand(l, what, name, &k)) return -1;
            next(l);
            if (op == BB_TRACE_DSWAP) {
                uint64_t s;
                char sname[BB_TRACE_NAME_MAX];
                size_t spos = l->tpos;
                if (operand(l, "expected the shift after dswap's mask", sname, &s)) return -1;
                if (sname[0]) {
                    int sl = find_name(p, sname);
                    if (sl < 0 || !p->is_const[sl]) {
                        snprintf(m, sizeof m, "dswap's shift must be a constant: '%s' %s", sname,
                                 sl < 0 ? "is undefined" : "is not one");
                        return fail_at(l, spos, m);
                    }
                    s = p->value[sl];
                }
                if (s < 1 || s > 63) {
                    snprintf(m, sizeof m, "dswap shift %llu: it takes 1..63", (unsigned long long)s);
                    return fail_at(l, spos, m);
                }
                shift = (int)s;
                next(l);
            }
        }
        size_t end = l->tpos;
        while (end > at && bb__is_space(l->text[end - 1])) end--;
        if (add(l, p, (bb_trace_op)op, name[0] ? name : NULL, k, shift, name[0] ? opnd : (is_shift((bb_trace_op)op) ? opnd : at), end)) {
            /* undefined names, non-constants and shifts point at the operand */
            return -1;
        }
        p->step[p->nsteps - 1].pos = (int)at + 1;
        p->step[p->nsteps - 1].len = (int)(end - at);
    }
    return 0;
}

bb_trace_program *bb_trace_parse(const char *text, bb_parse_error *err)
{
    if (!text) {
        bb__fail(err, 0, 0, 0, "no program given");
        return NULL;
    }
    bb_trace_program *p = bb_trace_new();
    if (!p) {
        bb__fail(err, 0, 0, 0, "out of memory");
        return NULL;
    }
    lexer l = {text, 0, 0, 0, 0, err};
    bb_parse_error scratch;
    if (!err) l.err = &scratch;
    next(&l);
    int first = 1;
    for (;;) {
        while (l.tkind == ';') next(&l);
        if (l.tkind == 0) break;
        if (word_is(&l, "input")) {
            if (!first) {
                fail_at(&l, l.tpos, "input must be the first statement");
                goto bad;
            }
            next(&l);
            if (l.tkind == 0 || l.tkind == ';') {
                fail_tok(&l, "expected an input name after 'input'");
                goto bad;
            }
            while (l.tkind != 0 && l.tkind != ';') {
                if (l.tkind == ',') { next(&l); continue; }
                char name[BB_TRACE_NAME_MAX + 8];
                bb_parse_error e;
                size_t n = l.tkind == 'i' && l.tlen < sizeof name ? l.tlen : 0;
                memcpy(name, text + l.tpos, n);
                name[n] = '\0';
                if (n == 0 || bb_trace_input(p, name, &e) < 0) {
                    if (n == 0) fail_tok(&l, "expected an input name");
                    else fail_at(&l, l.tpos, e.msg);
                    goto bad;
                }
                next(&l);
            }
        } else if (word_is(&l, "let")) {
            next(&l);
            size_t npos = l.tpos;
            char name[BB_TRACE_NAME_MAX + 8];
            size_t n = l.tkind == 'i' && l.tlen < sizeof name ? l.tlen : 0;
            if (n == 0) {
                fail_tok(&l, "expected a name after 'let'");
                goto bad;
            }
            memcpy(name, text + l.tpos, n);
            name[n] = '\0';
            next(&l);
            if (l.tkind == 0 || l.tkind == ';') { /* `let NAME` alone names the running value */
                if (add(&l, p, BB_TRACE_LET, name, 0, 0, npos, npos + n)) goto bad;
                first = 0;
                continue;
            }
            if (l.tkind != '=') {
                fail_tok(&l, "expected '=' after the name");
                goto bad;
            }
            next(&l);
            if (l.tkind == 0 || l.tkind == ';') {
                fail_tok(&l, "expected a value after '='");
                goto bad;
            }
            if (chain(&l, p)) goto bad;
            if (add(&l, p, BB_TRACE_LET, name, 0, 0, npos, npos + n)) goto bad;
        } else {
            if (chain(&l, p)) goto bad;
        }
        first = 0;
    }
    return p;
bad:
    bb_trace_free(p);
    return NULL;
}
