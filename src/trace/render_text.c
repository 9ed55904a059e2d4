/* bb_trace_render_text: a trace as text for a terminal.  Every state is an
 * 8x8 grid (rank 8 on top) whose cells name the input bit each position
 * holds; what a step pushed above bit 63 (overflow) is drawn as extra rows
 * above the grid, what fell below bit 0 (underflow) as rows below it. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "render_common.h"
#include "trace_private.h"

typedef struct {
    bb__out_buf o;
    const bb_trace_result *r;
    unsigned flags;
    int width; /* a cell's label column width (the flag mark comes after it) */
} text_ctx;

/* The 256-colour palette entry nearest rgb (the 6x6x6 cube). */
static int ansi256(const int rgb[3])
{
    int k[3];
    for (int i = 0; i < 3; i++) k[i] = rgb[i] < 48 ? 0 : rgb[i] < 115 ? 1 : (rgb[i] - 35) / 40;
    return 16 + 36 * k[0] + 6 * k[1] + k[2];
}

/* One cell: a space, the label right-aligned in t->width, a mark ('+' merge,
 * '!' carry risk).  Labels of bits that are 1 on the run's inputs in capitals. */
static void put_cell(text_ctx *t, int s, const bb__rc_cell *c, int last)
{
    char label[BB__RC_LABEL_MAX];
    bb__rc_label(t->r->prog, &c->bit, label);
    if (!label[0]) snprintf(label, sizeof label, ".");
    int on = bb__rc_concrete(t->r, s, c);
    if (on == 1)
        for (char *q = label; *q; q++) *q = (char)toupper((unsigned char)*q);
    char mark = (c->bit.flags & BB_TRACE_CARRY_RISK) ? '!' : (c->bit.flags & BB_TRACE_MERGE) ? '+' : ' ';
    bb__put(&t->o, " ");
    if (t->flags & BB_TRACE_COLOR) {
        int one = bb__rc_single(&c->bit), rgb[3], dark;
        if (c->bit.flags & BB_TRACE_NONLINEAR) bb__put(&t->o, "\033[38;5;160;48;5;224m");
        else if (one >= 0) {
            bb__rc_colour(one, rgb, &dark);
            bb__put(&t->o, "\033[38;5;%d;48;5;%dm", dark ? 231 : 16, ansi256(rgb));
        } else if (bb__rc_sources(&c->bit) > 1) bb__put(&t->o, "\033[38;5;16;48;5;250m");
        else if (!c->bit.konst) bb__put(&t->o, "\033[38;5;245m");
        if (on == 1) bb__put(&t->o, "\033[1;4m");
        bb__put(&t->o, "%*s\033[0m", t->width, label);
        if (mark != ' ') bb__put(&t->o, "\033[1;31m%c\033[0m", mark);
        else if (!last) bb__put(&t->o, " ");
    } else {
        bb__put(&t->o, "%*s", t->width, label);
        if (mark != ' ' || !last) bb__put(&t->o, "%c", mark);
    }
}

/* Rows hi down to lo of the cells (position 8 * row + file; a row outside
 * 0..7 shows the lost bits there), with their labels and a note after the
 * first row. */
static void put_rows(text_ctx *t, int s, const bb__rc_cell *cell, int n, int hi, int lo, const char *note)
{
    for (int row = hi; row >= lo; row--) {
        char lab[16];
        if (row >= 8) snprintf(lab, sizeof lab, "+%d", row - 7);
        else if (row < 0) snprintf(lab, sizeof lab, "%d", row);
        else snprintf(lab, sizeof lab, "%d", row + 1);
        bb__put(&t->o, "%4s ", lab);
        for (int f = 0; f < 8; f++) {
            int pos = 8 * row + f;
            bb__rc_cell c = {pos, {{0}, 0, 0}};
            for (int k = 0; k < n; k++)
                if (cell[k].pos == pos) c = cell[k];
            put_cell(t, s, &c, f == 7);
        }
        if (row == hi && note) bb__put(&t->o, "   %s", note);
        bb__put(&t->o, "\n");
    }
}

static void put_rule(text_ctx *t)
{
    bb__put(&t->o, "     ");
    for (int i = 0; i + 1 < 8 * (t->width + 2); i++) bb__put(&t->o, "%c", i % 2 ? ' ' : '-');
    bb__put(&t->o, "\n");
}

static void put_state(text_ctx *t, int s)
{
    const bb_trace_state *st = s >= 0 ? &t->r->state[s] : NULL;
    bb__rc_cell cell[BB__RC_MAX_CELLS];
    int n = bb__rc_cells(t->r, s, cell);
    char op[256];
    bb__rc_state_op(t->r, s, op, sizeof op);
    if (s <= 0) bb__put(&t->o, "%s", op);
    else bb__put(&t->o, "step %d: %s", bb__trace_step_number(t->r, s - 1), op); /* as the verdict numbers it */
    if (t->r->has_inputs) bb__put(&t->o, "   = 0x%016llx", (unsigned long long)bb__rc_value(t->r, s));
    bb__put(&t->o, "\n     ");
    for (int f = 0; f < 8; f++) bb__put(&t->o, " %*c%s", t->width, 'a' + f, f < 7 ? " " : "");
    bb__put(&t->o, "\n");
    int over = -1, under = 0; /* the highest overflow row, the lowest underflow row */
    for (int k = 64; k < n; k++) {
        int row = cell[k].pos >= 0 ? cell[k].pos >> 3 : -((-cell[k].pos + 7) >> 3);
        if (row > over) over = row;
        if (row < under) under = row;
    }
    if (over >= 8) {
        put_rows(t, s, cell, n, over, 8, "overflow: above bit 63");
        put_rule(t);
    }
    put_rows(t, s, cell, n, 7, 0, NULL);
    if (under < 0) {
        put_rule(t);
        put_rows(t, s, cell, n, -1, under, "underflow: below bit 0");
    }
    if (st && s > 0 && t->r->prog->step[s - 1].op == BB_TRACE_MUL && st->parts) {
        bb__put(&t->o, "     partial products:");
        for (int j = 0; j < 64; j++)
            if ((st->parts >> j) & 1) bb__put(&t->o, " <<%d", j);
        if (st->overlap)
            bb__put(&t->o, "\n     they meet at %d position%s (!): a carry could move bits there", bb_popcount(st->overlap),
                    bb_popcount(st->overlap) == 1 ? "" : "s");
        else bb__put(&t->o, "\n     no two of them meet: no carry can occur");
        bb__put(&t->o, "\n");
    }
}

/* The widest label any state has, plus nothing: the mark has its own column. */
static int label_width(const bb_trace_result *r)
{
    int w = 2;
    bb__rc_cell cell[BB__RC_MAX_CELLS];
    char label[BB__RC_LABEL_MAX];
    for (int s = 0; s < r->nstates; s++) {
        int n = bb__rc_cells(r, s, cell);
        for (int k = 0; k < n; k++) {
            int len = (int)strlen(bb__rc_label(r->prog, &cell[k].bit, label));
            if (len > w) w = len;
        }
    }
    return w;
}

size_t bb_trace_render_text(char *buf, size_t size, const bb_trace_result *r, const char *title, unsigned flags)
{
    text_ctx t = {{buf, size, 0}, r, flags, label_width(r)};
    bb_trace_verdict v;
    bb_trace_judge(r, &v);
    if (title) bb__put(&t.o, "%s\nprogram: ", title);
    bb__rc_program(&t.o, r->prog);
    bb__put(&t.o, "\nverdict: %s\n", v.msg);
    int *idx = malloc(sizeof(int) * (size_t)(r->nstates + r->prog->nvars));
    int n = idx ? bb__rc_visible(r, idx) : 0;
    for (int k = 0; k < n; k++) {
        bb__put(&t.o, "\n");
        put_state(&t, idx[k]);
    }
    free(idx);
    if (size) buf[t.o.len < size ? t.o.len : size - 1] = '\0';
    return t.o.len;
}
