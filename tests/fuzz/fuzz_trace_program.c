/* bb_trace_parse: a program that parses has at most BB_TRACE_MAX_STEPS
 * steps; its steps' texts (after its input line) parse back to a program
 * with the same steps and the same value on a few inputs; its symbolic run
 * agrees with its concrete value bit by bit where the bits are linear, and
 * its verdict names a kind; a failure fills in its error with a position
 * inside the text and a printable message. */
#include <bitboard.h>

#include "fuzz.h"

static void check_error(const bb_parse_error *e, const char *text)
{
    FUZZ_ASSERT(e->msg[0] != '\0' && memchr(e->msg, '\0', sizeof e->msg) != NULL, "'%s': empty error", text);
    FUZZ_ASSERT(e->pos >= 0 && (size_t)e->pos <= strlen(text) + 1, "'%s': error at %d", text, e->pos);
    for (const char *c = e->msg; *c; c++)
        FUZZ_ASSERT(*c >= 0x20 && *c <= 0x7e, "'%s': unprintable byte in the error", text);
}

static int linear_bit(const bb_trace_bit *b, const uint64_t *in)
{
    int v = b->konst;
    for (int u = 0; u < BB_TRACE_MAX_VARS; u++) v ^= bb_popcount(b->in[u] & in[u]) & 1;
    return v;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    if (!text) return 0;
    bb_parse_error e;
    memset(&e, 0, sizeof e);
    bb_trace_program *p = bb_trace_parse(text, &e);
    if (!p) {
        check_error(&e, text);
        free(text);
        return 0;
    }
    FUZZ_ASSERT(p->nsteps <= BB_TRACE_MAX_STEPS && p->nvars >= 1 && p->nvars <= BB_TRACE_MAX_VARS, "'%s'", text);
    static const uint64_t inputs[3][BB_TRACE_MAX_VARS] = {
        {0, 0, 0, 0},
        {0xffffffffffffffffULL, 0x0123456789abcdefULL, 0x8000000000000001ULL, 0x00000000000000ffULL},
        {0x0000001818000000ULL, 0xfedcba9876543210ULL, 0x5555555555555555ULL, 0x0101010101010101ULL}};

    /* the steps' texts parse back */
    size_t cap = 64 + (size_t)p->nsteps * 208, len = 0; /* a bitgather's text is up to 201 */
    char *again = malloc(cap);
    FUZZ_ASSERT(again != NULL, "malloc");
    if (p->nvars > 1 || strcmp(p->name[0], "x") != 0) {
        len += (size_t)snprintf(again, cap, "input");
        for (int v = 0; v < p->nvars; v++) len += (size_t)snprintf(again + len, cap - len, " %s", p->name[v]);
        again[len++] = '\n';
    }
    for (int i = 0; i < p->nsteps; i++) {
        size_t n = bb_trace_step_text(again + len, cap - len, p, i);
        FUZZ_ASSERT(n > 0 && n < 208, "'%s': step %d text of %zu", text, i, n);
        len += n;
        again[len++] = '\n';
    }
    again[len] = '\0';
    bb_trace_program *q = bb_trace_parse(again, &e);
    FUZZ_ASSERT(q != NULL, "'%s' -> '%s' does not parse: %s", text, again, e.msg);
    FUZZ_ASSERT(q->nsteps == p->nsteps && q->nvars == p->nvars, "'%s' -> '%s'", text, again);
    for (int t = 0; t < 3; t++)
        FUZZ_ASSERT(bb_trace_eval(p, inputs[t]) == bb_trace_eval(q, inputs[t]), "'%s' -> '%s' differs", text, again);
    bb_trace_free(q);
    free(again);

    /* the symbolic run (short programs: a run is 3 KB a step) */
    if (p->nsteps <= 256) {
        for (int t = 0; t < 3; t++) {
            bb_trace_result r;
            FUZZ_ASSERT(bb_trace_run(p, inputs[t], &r) == 0, "'%s': run", text);
            FUZZ_ASSERT(r.state[r.nstates - 1].value == bb_trace_eval(p, inputs[t]), "'%s': run's value", text);
            for (int s = 0; s < r.nstates; s++)
                for (int i = 0; i < 64; i++) {
                    const bb_trace_bit *b = &r.state[s].bit[i];
                    if (b->flags & BB_TRACE_NONLINEAR) continue;
                    FUZZ_ASSERT(linear_bit(b, inputs[t]) == (int)(r.state[s].value >> i & 1),
                                "'%s': state %d bit %d", text, s, i);
                }
            bb_trace_verdict v;
            bb_trace_judge(&r, &v);
            FUZZ_ASSERT(bb_trace_kind_name(v.kind) != NULL && v.msg[0] != '\0', "'%s': verdict", text);
            bb_trace_result_free(&r);
        }
    }
    bb_trace_free(p);
    free(text);
    return 0;
}
