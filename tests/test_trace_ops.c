/* The tracer's byte shuffle (bshuf, pshufb) and bit gather (bitgather,
 * vpshufbitqmb) against slow bit-by-bit references on seeded random inputs:
 * concrete evaluation, the symbolic map on every single-bit input, verdicts,
 * proofs against flip_vertical's definition, the builder API, the text round
 * trip, parse errors with their positions, and the pictures' headings. */
#include <stdlib.h>
#include <string.h>

#include <bitboard.h>

#include "harness.h"
#include "trace_test.h"

#define TRIALS 200

/* pshufb on the 128-bit register (high qword 0, low qword v), result's low
 * qword: byte i is 0 if bit 7 of control byte i is set, else register byte
 * (control byte i & 15); written bit by bit. */
static uint64_t ref_bshuf(uint64_t v, uint64_t c)
{
    unsigned char reg[16] = {0};
    for (int b = 0; b < 64; b++)
        if (v >> b & 1) reg[b / 8] = (unsigned char)(reg[b / 8] | 1u << (b % 8));
    uint64_t r = 0;
    for (int i = 0; i < 8; i++) {
        unsigned ci = (unsigned)(c >> (8 * i)) & 0xff;
        if (ci & 0x80) continue;
        for (int t = 0; t < 8; t++)
            if (reg[ci & 0x0f] >> t & 1) r |= 1ULL << (8 * i + t);
    }
    return r;
}

/* vpshufbitqmb of v broadcast with the 64 index bytes: mask bit n = bit idx[n] of v. */
static uint64_t ref_bitgather(uint64_t v, const unsigned char *idx)
{
    uint64_t r = 0;
    for (int n = 0; n < 64; n++)
        if (v >> idx[n] & 1) r |= 1ULL << n;
    return r;
}

/* A control with every case: bytes with bit 7 set, indices 8..15, junk in bits 4..6. */
static uint64_t random_control(uint64_t *seed)
{
    uint64_t c = 0;
    for (int i = 0; i < 8; i++) {
        uint64_t r = bbt_next(seed), b;
        switch (r % 4) {
        case 0: b = 0x80 | (r >> 8 & 0x7f); break;  /* zeroed */
        case 1: b = 8 + (r >> 8 & 7); break;        /* the register's zero high qword */
        case 2: b = (r >> 8 & 7) | (r >> 16 & 0x70); break; /* bits 4..6 set: ignored */
        default: b = r >> 8 & 7; break;
        }
        c |= b << (8 * i);
    }
    return c;
}

/* A permutation (shuffled 0..63) or, half the time, an arbitrary map with repeats. */
static void random_indices(uint64_t *seed, unsigned char *idx, int perm)
{
    for (int n = 0; n < 64; n++) idx[n] = (unsigned char)(perm ? (uint64_t)n : bbt_next(seed) & 63);
    if (perm)
        for (int n = 63; n > 0; n--) {
            int j = (int)(bbt_next(seed) % (uint64_t)(n + 1));
            unsigned char t = idx[n];
            idx[n] = idx[j];
            idx[j] = t;
        }
}

static size_t gather_text(char *buf, size_t size, const char *prefix, const unsigned char *idx)
{
    size_t n = (size_t)snprintf(buf, size, "%sbitgather ", prefix);
    for (int i = 0; i < 64 && n < size; i++) n += (size_t)snprintf(buf + n, size - n, "%s%d", i ? "," : "", idx[i]);
    return n;
}

/* The symbolic map of p's one step, read on every single-bit input, equals
 * bb_trace_eval's value on it (the ops are linear: no constant, no non-linear
 * bit), and on random inputs the XOR of the map is the value. */
static void check_map(const bb_trace_program *p, const char *what, uint64_t *seed)
{
    bb_trace_result r;
    CHECK(bb_trace_run(p, NULL, &r) == 0, "%s: run", what);
    if (r.nstates < 2) return;
    const bb_trace_state *st = &r.state[r.nstates - 1];
    for (int i = 0; i < 64; i++)
        CHECK(st->bit[i].konst == 0 && !(st->bit[i].flags & BB_TRACE_NONLINEAR), "%s: bit %d", what, i);
    for (int s = 0; s < 64; s++) {
        uint64_t in[BB_TRACE_MAX_VARS] = {1ULL << s}, sym = 0;
        for (int i = 0; i < 64; i++)
            if (st->bit[i].in[0] >> s & 1) sym |= 1ULL << i;
        CHECK_EQ64(sym, bb_trace_eval(p, in), "%.80s: the map on input bit %d", what, s);
    }
    for (int t = 0; t < 8; t++) {
        uint64_t in[BB_TRACE_MAX_VARS] = {bbt_board(seed)}, sym = 0;
        for (int i = 0; i < 64; i++)
            if (bb_popcount(st->bit[i].in[0] & in[0]) & 1) sym |= 1ULL << i;
        CHECK_EQ64(sym, bb_trace_eval(p, in), "%.80s: the map on a random input", what);
    }
    bb_trace_result_free(&r);
}

static void bshuf_against_reference(void)
{
    uint64_t seed = 0xb5ef0001;
    char text[64], what[96];
    for (int t = 0; t < TRIALS; t++) {
        uint64_t c = random_control(&seed);
        snprintf(text, sizeof text, "x bshuf 0x%016llx", (unsigned long long)c);
        bb_trace_program *p = parse_ok(text);
        if (!p) return;
        for (int k = 0; k < 16; k++) {
            uint64_t in[BB_TRACE_MAX_VARS] = {bbt_board(&seed)};
            CHECK_EQ64(bb_trace_eval(p, in), ref_bshuf(in[0], c), "'%.80s' on 0x%016llx", text, (unsigned long long)in[0]);
        }
        snprintf(what, sizeof what, "'%s'", text);
        check_map(p, what, &seed);
        bb_trace_free(p);
    }
    /* the named constant, and pshufb's own cases, by hand */
    bb_trace_program *p = parse_ok("let c = 0x8008ff7f71050403; x bshuf c");
    uint64_t in[BB_TRACE_MAX_VARS] = {0x8877665544332211ULL};
    CHECK_EQ64(bb_trace_eval(p, in), 0x0000000022665544ULL,
               "0x71 is byte 1 (bits 4..6 ignored); 0x7f is 15 (the zero high qword), 0x08 too; 0x80, 0xff zero");
    bb_trace_free(p);
}

static void bitgather_against_reference(void)
{
    uint64_t seed = 0x9a7e0002;
    static char text[400];
    char what[64];
    unsigned char idx[64];
    for (int t = 0; t < TRIALS; t++) {
        random_indices(&seed, idx, t & 1);
        gather_text(text, sizeof text, "x ", idx);
        bb_trace_program *p = parse_ok(text);
        if (!p) return;
        for (int k = 0; k < 16; k++) {
            uint64_t in[BB_TRACE_MAX_VARS] = {bbt_board(&seed)};
            CHECK_EQ64(bb_trace_eval(p, in), ref_bitgather(in[0], idx), "trial %d on 0x%016llx", t,
                       (unsigned long long)in[0]);
        }
        const unsigned char *g = bb_trace_step_gather(p, bb_trace_step_count(p) - 1);
        CHECK(g && memcmp(g, idx, 64) == 0, "trial %d: bb_trace_step_gather", t);
        snprintf(what, sizeof what, "bitgather trial %d", t);
        check_map(p, what, &seed);
        bb_trace_verdict v;
        bb_trace_result r;
        CHECK(bb_trace_run(p, NULL, &r) == 0, "run");
        bb_trace_judge(&r, &v);
        if (t & 1) {
            CHECK(v.kind == BB_TRACE_PERMUTATION, "a permutation index vector: %s", v.msg);
            for (int n = 0; n < 64; n++) CHECK(v.from[n] == idx[n], "from[%d] %d, want %d", n, v.from[n], idx[n]);
        } else {
            CHECK(v.kind != BB_TRACE_NONLINEAR_KIND && v.kind != BB_TRACE_PERMUTATION, "a map with repeats: %s", v.msg);
        }
        bb_trace_result_free(&r);
        bb_trace_free(p);
    }
}

/* Both ops in one program, after other steps and with two inputs, against
 * the references step by step. */
static void mixed_programs(void)
{
    uint64_t seed = 0x313ed003;
    static char text[600];
    unsigned char idx[64];
    for (int t = 0; t < 50; t++) {
        uint64_t c = random_control(&seed);
        random_indices(&seed, idx, t & 1);
        size_t n = (size_t)snprintf(text, sizeof text, "input a b\na ^ b; bshuf 0x%016llx; let m\n",
                                    (unsigned long long)c);
        n += gather_text(text + n, sizeof text - n, "m rol 3 ", idx);
        snprintf(text + n, sizeof text - n, "; ^ b");
        bb_trace_program *p = parse_ok(text);
        if (!p) return;
        for (int k = 0; k < 8; k++) {
            uint64_t in[BB_TRACE_MAX_VARS] = {bbt_board(&seed), bbt_board(&seed)};
            uint64_t m = ref_bshuf(in[0] ^ in[1], c);
            uint64_t want = ref_bitgather(m << 3 | m >> 61, idx) ^ in[1];
            CHECK_EQ64(bb_trace_eval(p, in), want, "'%.80s'", text);
            bb_trace_result r;
            CHECK(bb_trace_run(p, in, &r) == 0, "run");
            CHECK_EQ64(r.state[r.nstates - 1].value, want, "the run's value");
            for (int i = 0; i < 64; i++) {
                const bb_trace_bit *b = &r.state[r.nstates - 1].bit[i];
                CHECK(!(b->flags & BB_TRACE_NONLINEAR) && bit_value(b, in) == (int)(want >> i & 1), "'%s' bit %d",
                      text, i);
            }
            bb_trace_result_free(&r);
        }
        bb_trace_free(p);
    }
}

/* Every step's text, one a line after the input line, parses to the same program. */
static void round_trip(void)
{
    uint64_t seed = 0x7e470004;
    static char text[800], again[1600];
    unsigned char idx[64];
    for (int t = 0; t < 50; t++) {
        random_indices(&seed, idx, t & 1);
        size_t n = (size_t)snprintf(text, sizeof text, "input a b\nlet c = 0x%016llx\na bshuf c; ",
                                    (unsigned long long)random_control(&seed));
        n += gather_text(text + n, sizeof text - n, "", idx);
        n += (size_t)snprintf(text + n, sizeof text - n, "; bshuf 0x%016llx; ", (unsigned long long)random_control(&seed));
        random_indices(&seed, idx, !(t & 1));
        gather_text(text + n, sizeof text - n, "", idx);
        bb_trace_program *p = parse_ok(text);
        if (!p) return;
        size_t len = (size_t)snprintf(again, sizeof again, "input a b\n");
        for (int i = 0; i < bb_trace_step_count(p); i++) {
            size_t need = bb_trace_step_text(again + len, sizeof again - len, p, i);
            CHECK(need < sizeof again - len, "room");
            len += need;
            again[len++] = '\n';
            again[len] = '\0';
        }
        bb_trace_program *q = parse_ok(again);
        if (!q) return;
        CHECK(q->nsteps == p->nsteps && q->nnames == p->nnames, "'%s' -> '%s'", text, again);
        for (int i = 0; i < p->nsteps && i < q->nsteps; i++) {
            const bb_trace_step *a = bb_trace_get_step(p, i), *b = bb_trace_get_step(q, i);
            CHECK(a->op == b->op && a->slot == b->slot && a->k == b->k && a->shift == b->shift, "step %d", i);
            const unsigned char *ga = bb_trace_step_gather(p, i), *gb = bb_trace_step_gather(q, i);
            CHECK((ga == NULL) == (gb == NULL) && (!ga || memcmp(ga, gb, 64) == 0), "step %d's indices", i);
        }
        for (int k = 0; k < 4; k++) {
            uint64_t in[BB_TRACE_MAX_VARS] = {bbt_board(&seed), bbt_board(&seed)};
            CHECK_EQ64(bb_trace_eval(p, in), bb_trace_eval(q, in), "'%.80s' -> '%.80s'", text, again);
        }
        bb_trace_free(q);
        bb_trace_free(p);
    }
}

static void flip_vertical_indices(unsigned char *idx)
{
    for (int n = 0; n < 64; n++) idx[n] = (unsigned char)((7 - n / 8) * 8 + n % 8);
}

static void proofs(void)
{
    const bb_trace_form *f = bb_trace_find("flip_vertical");
    CHECK(f && f->definition, "flip_vertical has a definition");
    if (!f || !f->definition) return;
    static char text[400];
    unsigned char idx[64];
    flip_vertical_indices(idx);
    gather_text(text, sizeof text, "", idx);
    bb_trace_program *p = parse_ok(text);
    bb_trace_proof pr;
    CHECK(p && bb_trace_prove(p, f->definition, f->arg, &pr) == 0 && pr.method == BB_TRACE_BY_SYMBOLIC,
          "bitgather of flip_vertical's indices: %s", pr.msg);
    bb_trace_free(p);
    idx[17] = (unsigned char)(idx[17] + 1); /* one index off */
    gather_text(text, sizeof text, "", idx);
    p = parse_ok(text);
    CHECK(p && bb_trace_prove(p, f->definition, f->arg, &pr) == 1, "one index off: %s", pr.msg);
    if (p) {
        CHECK(pr.got == bb_trace_eval(p, pr.counterexample) &&
                  pr.want == f->definition(pr.counterexample, f->arg) && pr.got != pr.want,
              "a real counterexample: %s", pr.msg);
        CHECK(strstr(pr.msg, "counterexample") || strstr(pr.msg, "WRONG") || strstr(pr.msg, "differ"), "%s", pr.msg);
    }
    bb_trace_free(p);
    /* the byte shuffle reversing the bytes is a flip too */
    p = parse_ok("bshuf 0x0001020304050607");
    CHECK(p && bb_trace_prove(p, f->definition, f->arg, &pr) == 0, "bshuf byte reversal: %s", pr.msg);
    bb_trace_free(p);
    p = parse_ok("bshuf 0x0001020304050687"); /* byte 0 zeroed */
    CHECK(p && bb_trace_prove(p, f->definition, f->arg, &pr) == 1, "bshuf with a zeroed byte: %s", pr.msg);
    bb_trace_free(p);
}

static void builder(void)
{
    bb_parse_error e;
    unsigned char idx[64];
    flip_vertical_indices(idx);
    bb_trace_program *p = bb_trace_new();
    if (!p) return;
    CHECK(bb_trace_add(p, BB_TRACE_BITGATHER, NULL, 0, 0, &e) == -1 && strstr(e.msg, "bb_trace_add_gather"), "%s",
          e.msg);
    CHECK(bb_trace_add_gather(p, idx, &e) == 0, "%s", e.msg);
    CHECK(bb_trace_add(p, BB_TRACE_BSHUF, NULL, 0x0001020304050607ULL, 0, &e) == 0, "%s", e.msg);
    CHECK(bb_trace_add(p, BB_TRACE_BSHUF, "x", 0, 0, &e) == -1 && strstr(e.msg, "constant"), "%s", e.msg);
    idx[5] = 64;
    CHECK(bb_trace_add_gather(p, idx, &e) == -1 && strstr(e.msg, "64") && strstr(e.msg, "entry 5"), "%s", e.msg);
    CHECK(bb_trace_add_gather(p, idx, NULL) == -1, "err may be NULL");
    CHECK(bb_trace_step_count(p) == 2, "the refused steps are not added: %d", bb_trace_step_count(p));
    CHECK(bb_trace_step_gather(p, 0) != NULL && bb_trace_step_gather(p, 1) == NULL &&
              bb_trace_step_gather(p, 2) == NULL && bb_trace_step_gather(p, -1) == NULL,
          "only step 0 has indices");
    uint64_t in[BB_TRACE_MAX_VARS] = {0x0123456789abcdefULL};
    CHECK_EQ64(bb_trace_eval(p, in), in[0], "flip twice");
    CHECK(strcmp(bb_trace_op_name(BB_TRACE_BSHUF), "bshuf") == 0 &&
              strcmp(bb_trace_op_name(BB_TRACE_BITGATHER), "bitgather") == 0 && BB_TRACE_BSHUF == 20 &&
              BB_TRACE_BITGATHER == 21 && BB_TRACE_OP_COUNT == 22 &&
              bb_trace_op_name((bb_trace_op)BB_TRACE_OP_COUNT) == NULL,
          "the names and values");
    char t[256];
    size_t need = bb_trace_step_text(t, sizeof t, p, 0);
    CHECK(need == strlen(t) && strncmp(t, "bitgather 56,57,58,", 19) == 0 && strstr(t, ",6,7") && strchr(t, ' ') == strrchr(t, ' '),
          "%s", t);
    CHECK(bb_trace_step_text(NULL, 0, p, 0) == need, "the length needed");
    bb_trace_step_text(t, sizeof t, p, 1);
    CHECK(strcmp(t, "bshuf 0x0001020304050607") == 0, "%s", t);
    /* a constant running value: let binds it, bshuf takes it */
    bb_trace_free(p);
    p = parse_ok("0x0706050403020100 bitgather 8,9,10,11,12,13,14,15,0,1,2,3,4,5,6,7,16,17,18,19,20,21,22,23,"
                 "24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,"
                 "56,57,58,59,60,61,62,63; let c; x bshuf c");
    in[0] = 0x8877665544332211ULL;
    CHECK_EQ64(bb_trace_eval(p, in), ref_bshuf(in[0], 0x0706050403020001ULL), "a let-bound constant control");
    bb_trace_free(p);
}

/* The error message for text, and its column; "" if it parses. */
static const char *error_of(const char *text, int *col)
{
    static bb_parse_error e;
    memset(&e, 0, sizeof e);
    bb_trace_program *p = bb_trace_parse(text, &e);
    *col = e.column;
    if (p) {
        bb_trace_free(p);
        return "";
    }
    return e.msg;
}

static void parse_errors(void)
{
    static char text[600];
    unsigned char idx[64];
    int col;
    flip_vertical_indices(idx);
    struct { const char *text; int col; const char *msg; } cases[] = {
        {"x bitgather 1,2,3,4,5,6,7,8,9,10,11,12", 13, "line 1, column 13: bitgather needs 64 indices, found 12"},
        {"x bitgather", 12, "expected bitgather's 64 indices"},
        {"x bitgather; x", 12, "expected bitgather's 64 indices"},
        {"x bitgather 1,2,", 17, "expected an index 0..63 after ','"},
        {"x bitgather 1,y", 15, "expected an index 0..63 after ','"},
        {"x bitgather 1,0x2", 15, "bad index '0x2': bitgather's indices are decimal 0..63"},
        {"x bitgather 1,2,64", 17, "bitgather index 64 (entry 2): indices are 0..63"},
        {"x bitgather 1,99999999999999999999999", 15, "bitgather index 99999999999999999999999 (entry 1)"},
        {"x bitgather 1 2", 15, "separated by commas"},
        {"x bitgather 1 ,2", 15, "separated by commas"},
        {"bshuf x", 7, "bshuf needs a constant: 'x' is not one"},
        {"bshuf", 6, "expected a constant after 'bshuf'"},
        {"let bshuf = 1", 5, "'bshuf' is not a name"},
        {"input bitgather", 7, "'bitgather' is not a name"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *m = error_of(cases[i].text, &col);
        CHECK(strstr(m, cases[i].msg) && col == cases[i].col, "'%s': column %d, %s (want %d, %s)", cases[i].text, col,
              m, cases[i].col, cases[i].msg);
    }
    /* 65 entries: the 65th is pointed at; second line columns */
    size_t n = gather_text(text, sizeof text, "x\n", idx);
    snprintf(text + n, sizeof text - n, ",5,6");
    const char *m = error_of(text, &col);
    CHECK(strstr(m, "line 2, column ") && strstr(m, "bitgather needs 64 indices, found 66") &&
              col == (int)n,
          "col %d: %s", col, m);
    /* whitespace after a comma is allowed, and the printed form has none */
    n = (size_t)snprintf(text, sizeof text, "bitgather 0, 1,\t2");
    for (int k = 3; k < 64; k++) n += (size_t)snprintf(text + n, sizeof text - n, ",%d", k);
    bb_trace_program *p = parse_ok(text);
    char t[256];
    if (p) {
        bb_trace_step_text(t, sizeof t, p, 0);
        CHECK(strncmp(t, "bitgather 0,1,2,3,", 18) == 0, "%s", t);
        CHECK(p->step[0].pos == 1 && p->step[0].len == (int)n, "the step's place: %d, %d", p->step[0].pos,
              p->step[0].len);
    }
    bb_trace_free(p);
}

typedef size_t render_fn(char *buf, size_t size, const bb_trace_result *r, const char *title, unsigned flags);

/* r drawn by f, in a new string (NULL if out of memory). */
static char *drawn(render_fn *f, const bb_trace_result *r)
{
    size_t n = f(NULL, 0, r, NULL, 0);
    char *buf = malloc(n + 1);
    if (buf) f(buf, n + 1, r, NULL, 0);
    return buf;
}

/* The pictures and the verdict name a bitgather step by an abbreviated
 * heading; the program text is given in full. */
static void pictures(void)
{
    static char text[400];
    unsigned char idx[64];
    flip_vertical_indices(idx);
    idx[0] = 7; /* not a permutation: a verdict naming the step */
    gather_text(text, sizeof text, "x ", idx);
    bb_trace_program *p = parse_ok(text);
    if (!p) return;
    bb_trace_result r;
    uint64_t in[BB_TRACE_MAX_VARS] = {0x00000000000000ffULL};
    CHECK(bb_trace_run(p, in, &r) == 0, "run");
    char *buf = drawn(bb_trace_render_text, &r);
    CHECK(buf && strstr(buf, "step 1: bitgather [64 indices: 7,57,58,...]"), "%s", buf ? buf : "");
    CHECK(buf && strstr(buf, text + 2), "the program in full");
    free(buf);
    buf = drawn(bb_trace_render_svg, &r);
    if (!buf) return;
    CHECK(strstr(buf, ">1: bitgather [64 indices: 7,57,58,...]</text>"), "the SVG heading");
    /* the program text in full, wrapped after commas: every line fits the
     * picture's width at the program font's 7.3 pixels a character */
    const char *wd = strstr(buf, "width=\"");
    int width = wd ? atoi(wd + 7) : 0, lines = 0;
    for (const char *s = strstr(buf, "<text class=\"prog\""); s; s = strstr(s + 1, "<text class=\"prog\"")) {
        const char *a = strchr(s, '>'), *b = strstr(s, "</text>");
        int x = atoi(strstr(s, "x=\"") + 3);
        CHECK(a && b && x + (b - a - 1) * 73 / 10 <= width && (b[-1] == ',' || b[-1] == ' ' || !strstr(b, "class=\"prog\"")),
              "a program line of %d characters in %d pixels: %.100s", (int)(b - a - 1), width, a);
        lines++;
    }
    CHECK(lines >= 3 && width > 0, "%d lines", lines);
    free(buf);
    buf = drawn(bb_trace_render_html, &r);
    CHECK(buf && strstr(buf, "\"op\":\"bitgather [64 indices: 7,57,58,...]\""), "the HTML step heading");
    /* the program in full, in a block that breaks a list without spaces anywhere */
    CHECK(buf && strstr(buf, text + 2) && strstr(buf, "overflow-wrap: anywhere"), "the HTML program text");
    free(buf);
    bb_trace_verdict v;
    bb_trace_judge(&r, &v);
    CHECK(v.kind != BB_TRACE_PERMUTATION && v.kind != BB_TRACE_NONLINEAR_KIND, "%s", v.msg);
    bb_trace_result_free(&r);
    bb_trace_free(p);
}

int main(void)
{
    RUN(bshuf_against_reference);
    RUN(bitgather_against_reference);
    RUN(mixed_programs);
    RUN(round_trip);
    RUN(proofs);
    RUN(builder);
    RUN(parse_errors);
    RUN(pictures);
    return bbt_finish("trace_ops");
}
