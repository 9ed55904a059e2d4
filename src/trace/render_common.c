/* What the text, SVG and HTML pictures of a trace share: cells, labels, colours. */
#include "render_common.h"
#include "trace_private.h"

#include <stdlib.h>
#include <string.h>

int bb__rc_sources(const bb_trace_bit *b)
{
    int n = 0;
    for (int v = 0; v < BB_TRACE_MAX_VARS; v++) n += bb_popcount(b->in[v]);
    return n;
}

int bb__rc_single(const bb_trace_bit *b)
{
    if (bb__rc_sources(b) != 1) return -1;
    for (int v = 0; v < BB_TRACE_MAX_VARS; v++)
        for (int s = 0; s < 64; s++)
            if ((b->in[v] >> s) & 1) return v * 64 + s;
    return -1;
}

uint64_t bb__rc_value(const bb_trace_result *r, int s)
{
    return s < 0 ? r->inputs[-s] : r->state[s].value;
}

int bb__rc_cells(const bb_trace_result *r, int s, bb__rc_cell *cell)
{
    if (s < 0) { /* input -s as it comes in: each bit on its own square */
        static const bb_trace_bit zero;
        for (int i = 0; i < 64; i++) {
            cell[i].pos = i;
            cell[i].bit = zero;
            cell[i].bit.in[-s] = (uint64_t)1 << i;
        }
        return 64;
    }
    const bb_trace_state *st = &r->state[s];
    int n = 0;
    for (int i = 0; i < 64; i++) {
        cell[n].pos = i;
        cell[n].bit = st->bit[i];
        n++;
    }
    /* lost bits by would-be position -64..127; count how many variable ones met */
    static const bb_trace_bit zero;
    bb_trace_bit lost[192];
    int met[192];
    for (int i = 0; i < 192; i++) lost[i] = zero, met[i] = 0;
    for (int k = 0; k < st->nlost; k++) {
        const bb_trace_lost *l = &st->lost[k];
        if (l->pos < -64 || l->pos >= 128 || (l->pos >= 0 && l->pos < 64)) continue;
        bb_trace_bit *b = &lost[l->pos + 64];
        for (int v = 0; v < BB_TRACE_MAX_VARS; v++) b->in[v] ^= l->bit.in[v];
        b->konst ^= l->bit.konst;
        b->flags |= l->bit.flags;
        if (l->bit.flags & BB_TRACE_NONLINEAR) /* a dependence set: union, not XOR */
            for (int v = 0; v < BB_TRACE_MAX_VARS; v++) b->in[v] |= l->bit.in[v];
        if (bb__rc_sources(&l->bit)) met[l->pos + 64]++;
    }
    for (int i = 0; i < 192; i++) {
        const bb_trace_bit *b = &lost[i];
        if (!met[i] && !b->konst) continue;
        cell[n].pos = i - 64;
        cell[n].bit = *b;
        if (met[i] > 1) cell[n].bit.flags |= BB_TRACE_CARRY_RISK;
        n++;
    }
    return n;
}

/* "e4", or "oe4" / "occ.e4" when p has several inputs, into o. */
static void source_name(bb__out_buf *o, const bb_trace_program *p, int vbit)
{
    char sq[3];
    bb_square_name(vbit & 63, sq);
    const char *name = p && p->nvars > 1 ? bb_trace_name(p, vbit >> 6) : NULL;
    if (name) bb__put(o, "%s%s", name, name[0] && name[1] ? "." : "");
    bb__put(o, "%s", sq);
}

const char *bb__rc_label(const bb_trace_program *p, const bb_trace_bit *b, char *buf)
{
    int n = bb__rc_sources(b), one = bb__rc_single(b);
    bb__out_buf o = {buf, BB__RC_LABEL_MAX, 0};
    buf[0] = '\0';
    if (b->flags & BB_TRACE_NONLINEAR) {
        bb__put(&o, "?");
        if (one >= 0) source_name(&o, p, one);
        else bb__put(&o, "%d", n);
    } else if (n == 0) {
        bb__put(&o, "%s", b->konst ? "1" : "");
    } else if (one >= 0) {
        bb__put(&o, "%s", b->konst ? "~" : "");
        source_name(&o, p, one);
    } else {
        bb__put(&o, "%s^%d", b->konst ? "~" : "", n);
    }
    return buf;
}

/* Hue by rank (red, orange, gold, grass, green, water, navy, purple, as in
 * hand-drawn bit-flow pictures), lightness by file; later inputs paler. */
void bb__rc_colour(int vbit, int rgb[3], int *dark)
{
    static const double hue[8] = {0, 28, 48, 95, 140, 185, 225, 275};
    static const double sat[BB_TRACE_MAX_VARS] = {0.78, 0.42, 0.95, 0.25};
    int v = (vbit >> 6) & (BB_TRACE_MAX_VARS - 1), sq = vbit & 63;
    double h = hue[sq >> 3] / 60.0, s = sat[v], l = 0.30 + 0.065 * (sq & 7);
    double c = (1 - (2 * l - 1 < 0 ? 1 - 2 * l : 2 * l - 1)) * s;
    double hm = h - 2 * (double)(int)(h / 2); /* h mod 2 */
    double x = c * (1 - (hm - 1 < 0 ? 1 - hm : hm - 1)), m = l - c / 2;
    double rr = 0, gg = 0, bb = 0;
    switch ((int)h) {
    case 0: rr = c, gg = x; break;
    case 1: rr = x, gg = c; break;
    case 2: gg = c, bb = x; break;
    case 3: gg = x, bb = c; break;
    case 4: rr = x, bb = c; break;
    default: rr = c, bb = x; break;
    }
    rgb[0] = (int)((rr + m) * 255 + 0.5);
    rgb[1] = (int)((gg + m) * 255 + 0.5);
    rgb[2] = (int)((bb + m) * 255 + 0.5);
    /* relative luminance, roughly: white text on the darker half */
    *dark = 299 * rgb[0] + 587 * rgb[1] + 114 * rgb[2] < 140000;
}

const char *bb__rc_state_op(const bb_trace_result *r, int s, char *buf, size_t size)
{
    const bb_trace_program *p = r->prog;
    if (s > 0) {
        bb__trace_step_label(buf, size, p, s - 1);
        return buf;
    }
    bb__out_buf o = {buf, size, 0};
    bb__put(&o, "input %s", bb_trace_name(p, s < 0 ? -s : 0));
    return buf;
}

/* Steps [from, to) of p as text into o: joined by " " when the segment is
 * named by a let (let_slot >= 0: "let t = x >> 1 & 0x55"), else a load and
 * the operation after it joined by " " and the rest by "; ". */
static void put_segment(bb__out_buf *o, const bb_trace_program *p, int from, int to, int let_slot, int *first)
{
    char step[256];
    if (from >= to && let_slot < 0) return;
    bb__put(o, "%s", *first ? "" : "; ");
    *first = 0;
    if (let_slot >= 0) {
        const char *name = bb_trace_name(p, let_slot);
        bb__put(o, "let %s =", name ? name : "?");
        if (from >= to) bb__put(o, " %s", bb_trace_name(p, 0)); /* nothing since the last let: never parsed so */
    }
    for (int i = from; i < to; i++) {
        bb_trace_step_text(step, sizeof step, p, i);
        const char *sep = i == from ? (let_slot >= 0 ? " " : "")
                          : let_slot >= 0 || p->step[i - 1].op == BB_TRACE_LOAD ? " " : "; ";
        bb__put(o, "%s%s", sep, step);
    }
}

/* Program text again: the inputs if not just x, then the steps as statements
 * (a load starts one, a let ends one). */
void bb__rc_program(bb__out_buf *o, const bb_trace_program *p)
{
    int first = 1, from = 0;
    if (p->nvars > 1 || strcmp(bb_trace_name(p, 0), "x") != 0) {
        bb__put(o, "input");
        for (int v = 0; v < p->nvars; v++) bb__put(o, " %s", bb_trace_name(p, v));
        first = 0;
    }
    for (int i = 0; i < p->nsteps; i++) {
        if (p->step[i].op == BB_TRACE_LET) {
            put_segment(o, p, from, i, p->step[i].slot, &first);
            from = i + 1;
        } else if (p->step[i].op == BB_TRACE_LOAD && i > from) {
            put_segment(o, p, from, i, -1, &first);
            from = i;
        }
    }
    put_segment(o, p, from, p->nsteps, -1, &first);
}

void bb__rc_xml(bb__out_buf *o, const char *s)
{
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '&') bb__put(o, "&amp;");
        else if (c == '<') bb__put(o, "&lt;");
        else if (c == '>') bb__put(o, "&gt;");
        else if (c == '"') bb__put(o, "&quot;");
        else if (c == '\'') bb__put(o, "&#39;");
        else if (c < 0x20 || c >= 0x7f) bb__put(o, "?"); /* never invalid XML */
        else bb__put(o, "%c", c);
    }
}

int bb__rc_concrete(const bb_trace_result *r, int s, const bb__rc_cell *c)
{
    if (!r->has_inputs) return -1;
    if (c->pos >= 0 && c->pos < 64) return (int)((bb__rc_value(r, s) >> c->pos) & 1);
    if (c->bit.flags & BB_TRACE_NONLINEAR) return -1;
    int x = c->bit.konst;
    for (int v = 0; v < BB_TRACE_MAX_VARS; v++) x ^= bb_popcount(c->bit.in[v] & r->inputs[v]) & 1;
    return x;
}

int bb__trace_visible(const bb_trace_result *r, int s)
{
    if (s <= 0) return 1;
    const bb_trace_step *st = &r->prog->step[s - 1];
    const bb_trace_state *a = &r->state[s - 1], *b = &r->state[s];
    if (st->op == BB_TRACE_LET) return 0;
    if (st->op == BB_TRACE_LOAD && b->nlost == 0 && memcmp(a->bit, b->bit, sizeof a->bit) == 0) return 0;
    return 1;
}

int bb__trace_step_number(const bb_trace_result *r, int i)
{
    int n = 0;
    for (int s = 1; s <= i + 1 && s < r->nstates; s++) n += bb__trace_visible(r, s);
    return n;
}

int bb__rc_visible(const bb_trace_result *r, int *idx)
{
    int n = 0;
    for (int s = 0; s < r->nstates; s++) {
        if (bb__trace_visible(r, s)) idx[n++] = s;
        if (s == 0)
            for (int v = 1; v < r->prog->nvars; v++) idx[n++] = -v;
    }
    return n;
}

char *bb__rc_program_text(const bb_trace_program *p)
{
    bb__out_buf count = {NULL, 0, 0};
    bb__rc_program(&count, p);
    char *text = malloc(count.len + 1);
    if (text) {
        bb__out_buf o = {text, count.len + 1, 0};
        bb__rc_program(&o, p);
    }
    return text;
}
