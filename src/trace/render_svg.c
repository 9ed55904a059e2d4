/* bb_trace_render_svg: a trace as one self-contained SVG file.  Every state
 * is a board of 8x8 cells, three to a row, the step's text above it; each
 * cell is coloured by the input bit it holds (hue by rank, lightness by
 * file) and labelled with its square; overflow rows above a board, underflow
 * rows below.  Sized to stay readable on an A4 page. */
#include <stdlib.h>
#include <string.h>

#include "render_common.h"
#include "trace_private.h"

enum {
    CELL = 30,       /* a cell's side */
    LEFT = 24,       /* room for the rank labels */
    PANEL_W = LEFT + 8 * CELL + 34,
    COLS = 3,
    MARGIN = 20,
    GAP = 14,        /* between a board and its overflow/underflow rows */
    LEGEND_H = 16    /* the legend line under the verdict */
};

/* A non-linear bit (an and/or of two variable bits, a carry) is a property of
 * the routine, not a fault: it is drawn in a neutral slate, never in the red
 * the drawing keeps for what went wrong (a lossy verdict, a carry risk). */
#define NONLINEAR_PAPER "#f1f2f6"
#define NONLINEAR_STRIPE "#a9afc2"
#define NONLINEAR_INK "#3d4560"

typedef struct {
    bb__out_buf o;
    const bb_trace_result *r;
} svg_ctx;

/* The overflow rows (above the board) and underflow rows (below) of state s. */
static void spill_rows(const bb_trace_result *r, int s, int *over, int *under)
{
    bb__rc_cell cell[BB__RC_MAX_CELLS];
    int n = bb__rc_cells(r, s, cell), hi = 7, lo = 0;
    for (int k = 64; k < n; k++) {
        int row = cell[k].pos >= 0 ? cell[k].pos >> 3 : -((-cell[k].pos + 7) >> 3);
        if (row > hi) hi = row;
        if (row < lo) lo = row;
    }
    *over = hi - 7;
    *under = -lo;
}

static int is_mul(const bb_trace_result *r, int s)
{
    return s > 0 && r->prog->step[s - 1].op == BB_TRACE_MUL && r->state[s].parts;
}

/* One cell at (x, y): its rectangle, label and a tooltip naming its bits;
 * nothing for a constant 0 (the board's grid is drawn under the cells). */
static void put_cell(svg_ctx *c, int s, const bb__rc_cell *cell, int x, int y)
{
    const bb_trace_program *p = c->r->prog;
    char label[BB__RC_LABEL_MAX];
    bb__rc_label(p, &cell->bit, label);
    if (!label[0]) return;
    int one = bb__rc_single(&cell->bit), n = bb__rc_sources(&cell->bit), rgb[3] = {255, 255, 255}, dark = 0;
    const char *fill = "#ffffff", *ink = "";
    char colour[8];
    if (cell->bit.flags & BB_TRACE_NONLINEAR) fill = "url(#nonlinear)", ink = " n";
    else if (one >= 0) {
        bb__rc_colour(one, rgb, &dark);
        snprintf(colour, sizeof colour, "#%02x%02x%02x", rgb[0], rgb[1], rgb[2]);
        fill = colour;
        ink = dark ? " w" : "";
    } else if (n > 1) fill = "url(#xor)";
    int flagged = (cell->bit.flags & (BB_TRACE_MERGE | BB_TRACE_CARRY_RISK)) != 0;
    int tip = n > 1 || (cell->bit.flags & BB_TRACE_NONLINEAR) || flagged;
    int on = bb__rc_concrete(c->r, s, cell);
    bb__put(&c->o, "%s<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"%s/>", tip ? "<g>" : "", x, y,
            CELL, CELL, fill, flagged ? " class=\"flag\"" : "");
    bb__put(&c->o, "<text class=\"lab%s%s\" x=\"%d\" y=\"%d\">", ink, on == 1 ? " on" : "", x + CELL / 2,
            y + CELL / 2 + 4);
    bb__rc_xml(&c->o, label);
    bb__put(&c->o, "</text>");
    if (tip) { /* what the cell holds, spelled out */
        char name[BB__RC_LABEL_MAX];
        int k = 0;
        bb__put(&c->o, "<title>");
        if (cell->bit.flags & BB_TRACE_NONLINEAR) bb__put(&c->o, "not linear, depends on: ");
        else if (cell->bit.konst) bb__put(&c->o, "1 ^ ");
        for (int v = 0; v < BB_TRACE_MAX_VARS; v++)
            for (int sq = 0; sq < 64; sq++) {
                if (!((cell->bit.in[v] >> sq) & 1)) continue;
                if (k == 12) { /* enough to say what it is */
                    bb__put(&c->o, " ... (%d bits)", n);
                    v = BB_TRACE_MAX_VARS;
                    break;
                }
                bb_trace_bit b = {{0}, 0, 0};
                b.in[v] = (uint64_t)1 << sq;
                bb__put(&c->o, "%s", k++ ? (cell->bit.flags & BB_TRACE_NONLINEAR ? " " : " ^ ") : "");
                bb__rc_xml(&c->o, bb__rc_label(p, &b, name));
            }
        if (cell->bit.flags & BB_TRACE_CARRY_RISK) bb__put(&c->o, " (partial products meet: carry risk)");
        else if (cell->bit.flags & BB_TRACE_MERGE) bb__put(&c->o, " (merged)");
        bb__put(&c->o, "</title></g>");
    }
    bb__put(&c->o, "\n");
}

/* Rows hi down to lo of state s, the top one at y; returns the y below them. */
static int put_rows(svg_ctx *c, int s, const bb__rc_cell *cell, int n, int hi, int lo, int x0, int y)
{
    int k = hi - lo + 1, gx = x0 + LEFT;
    bb__put(&c->o, "<path class=\"grid\" d=\"");
    for (int i = 0; i <= 8; i++) bb__put(&c->o, "M%d %dv%d", gx + i * CELL, y, k * CELL);
    for (int i = 0; i <= k; i++) bb__put(&c->o, "M%d %dh%d", gx, y + i * CELL, 8 * CELL);
    bb__put(&c->o, "\"/>\n");
    for (int row = hi; row >= lo; row--, y += CELL) {
        char lab[16];
        if (row >= 8) snprintf(lab, sizeof lab, "+%d", row - 7);
        else if (row < 0) snprintf(lab, sizeof lab, "%d", row);
        else snprintf(lab, sizeof lab, "%d", row + 1);
        bb__put(&c->o, "<text class=\"coord\" x=\"%d\" y=\"%d\">%s</text>\n", x0 + LEFT / 2, y + CELL / 2 + 4, lab);
        for (int f = 0; f < 8; f++) {
            int pos = 8 * row + f;
            bb__rc_cell e = {pos, {{0}, 0, 0}};
            for (int k = 0; k < n; k++)
                if (cell[k].pos == pos) e = cell[k];
            put_cell(c, s, &e, x0 + LEFT + f * CELL, y);
        }
    }
    return y;
}

/* State s's panel with its top-left corner at (x0, y0); over/under: the
 * overflow and underflow rows its row of panels makes room for. */
static void put_state(svg_ctx *c, int s, int x0, int y0, int over_room)
{
    bb__rc_cell cell[BB__RC_MAX_CELLS];
    int n = bb__rc_cells(c->r, s, cell), over, under;
    spill_rows(c->r, s, &over, &under);
    char op[256];
    bb__rc_state_op(c->r, s, op, sizeof op);
    bb__put(&c->o, "<g class=\"step\" id=\"step%d\">\n<text class=\"op\" x=\"%d\" y=\"%d\">", s, x0, y0 + 14);
    if (s <= 0) bb__rc_xml(&c->o, op);
    else {
        bb__put(&c->o, "%d: ", bb__trace_step_number(c->r, s - 1)); /* as the verdict numbers it */
        bb__rc_xml(&c->o, op);
    }
    bb__put(&c->o, "</text>\n");
    if (c->r->has_inputs)
        bb__put(&c->o, "<text class=\"value\" x=\"%d\" y=\"%d\">= 0x%016llx</text>\n", x0, y0 + 30,
                (unsigned long long)bb__rc_value(c->r, s));
    int y = y0 + (c->r->has_inputs ? 36 : 22);
    for (int f = 0; f < 8; f++)
        bb__put(&c->o, "<text class=\"coord\" x=\"%d\" y=\"%d\">%c</text>\n", x0 + LEFT + f * CELL + CELL / 2, y + 11,
                'a' + f);
    y += 16;
    int top = y + over_room * CELL + (over_room ? GAP : 0);
    if (over) {
        bb__put(&c->o, "<g class=\"overflow\">\n");
        int below = put_rows(c, s, cell, n, 7 + over, 8, x0, top - over * CELL - GAP);
        bb__put(&c->o, "<text class=\"note\" x=\"%d\" y=\"%d\">overflow: above bit 63</text>\n</g>\n",
                x0 + LEFT, below + GAP - 3);
    }
    int bottom = put_rows(c, s, cell, n, 7, 0, x0, top);
    bb__put(&c->o, "<rect class=\"frame\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>\n", x0 + LEFT, top, 8 * CELL,
            8 * CELL);
    if (under) {
        bb__put(&c->o, "<g class=\"underflow\">\n<text class=\"note\" x=\"%d\" y=\"%d\">underflow: below bit 0</text>\n",
                x0 + LEFT, bottom + GAP - 3);
        bottom = put_rows(c, s, cell, n, -1, -under, x0, bottom + GAP);
        bb__put(&c->o, "</g>\n");
    }
    if (is_mul(c->r, s)) {
        const bb_trace_state *st = &c->r->state[s];
        bb__put(&c->o, "<text class=\"note\" x=\"%d\" y=\"%d\">%d partial products, ", x0 + LEFT, bottom + 14,
                bb_popcount(st->parts));
        if (st->overlap) bb__put(&c->o, "meeting at %d place%s (!)", bb_popcount(st->overlap),
                                 bb_popcount(st->overlap) == 1 ? "" : "s");
        else bb__put(&c->o, "none meet: no carry");
        bb__put(&c->o, "</text>\n");
    }
    bb__put(&c->o, "</g>\n");
}

/* The height of state s's panel given the overflow and underflow rows of its row of panels. */
static int panel_height(const bb_trace_result *r, int over_room, int under_room, int mul)
{
    return (r->has_inputs ? 36 : 22) + 16 + (over_room ? over_room * CELL + GAP : 0) + 8 * CELL +
           (under_room ? under_room * CELL + GAP : 0) + (mul ? 22 : 0) + 18;
}

/* text broken into lines of at most width characters, after a "; " where
 * one fits, else after a space, else after a comma (a bitgather's list),
 * else anywhere; each line a <text> of class
 * cls at x, the first at y, step apart.  Returns the y after the last. */
static int put_wrapped(bb__out_buf *o, const char *text, int width, int x, int y, int step, const char *cls)
{
    size_t len = strlen(text), at = 0, w = width > 8 ? (size_t)width : 8;
    while (at < len) {
        size_t end = len;
        if (len - at > w) {
            size_t semi = 0, space = 0, comma = 0;
            for (size_t k = at + 1; k <= at + w; k++) {
                if (text[k - 1] == ' ') space = k;
                if (text[k - 1] == ',') comma = k;
                if (text[k - 1] == ' ' && text[k - 2] == ';') semi = k;
            }
            end = semi ? semi : space ? space : comma ? comma : at + w;
        }
        char line[512];
        size_t k = end - at < sizeof line - 1 ? end - at : sizeof line - 1;
        memcpy(line, text + at, k);
        line[k] = '\0';
        bb__put(o, "<text class=\"%s\" x=\"%d\" y=\"%d\">", cls, x, y);
        bb__rc_xml(o, line);
        bb__put(o, "</text>\n");
        y += step;
        at = end;
    }
    return y;
}

/* Whether a state drawn (idx[0..ns-1]) holds a non-linear bit. */
static int has_nonlinear(const bb_trace_result *r, const int *idx, int ns)
{
    bb__rc_cell cell[BB__RC_MAX_CELLS];
    for (int k = 0; k < ns; k++) {
        int n = bb__rc_cells(r, idx[k], cell);
        for (int i = 0; i < n; i++)
            if (cell[i].bit.flags & BB_TRACE_NONLINEAR) return 1;
    }
    return 0;
}

/* The legend of the non-linear pattern, its text's baseline at y. */
static void put_legend(bb__out_buf *o, int y)
{
    bb__put(o, "<g class=\"legend\"><rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"url(#nonlinear)\" "
               "stroke=\"#999999\" stroke-width=\"0.6\"/><text class=\"note\" x=\"%d\" y=\"%d\">"
               "striped slate: a non-linear bit (an and/or of variable bits, a carry); hover it: what it depends on"
               "</text></g>\n",
            MARGIN, y - 10, MARGIN + 18, y);
}

size_t bb_trace_render_svg(char *buf, size_t size, const bb_trace_result *r, const char *title, unsigned flags)
{
    (void)flags;
    svg_ctx c = {{buf, size, 0}, r};
    bb_trace_verdict v;
    bb_trace_judge(r, &v);
    int *idx = malloc(sizeof(int) * (size_t)(r->nstates + r->prog->nvars));
    int ns = idx ? bb__rc_visible(r, idx) : 0, cols = ns < COLS ? ns : COLS, rows = (ns + COLS - 1) / COLS;
    int width = 2 * MARGIN + cols * PANEL_W;
    if (width < 2 * MARGIN + 2 * PANEL_W) width = 2 * MARGIN + 2 * PANEL_W;
    /* the program text, wrapped: the width in characters a line holds at 7.3 pixels each */
    char *ptext = bb__rc_program_text(r->prog);
    int chars = (width - 2 * MARGIN) * 10 / 73;
    bb__out_buf count = {NULL, 0, 0};
    const char *heading = title ? title : "bit-flow trace";
    int tchars = (width - 2 * MARGIN) / 11; /* the title's 18-pixel letters */
    int head = put_wrapped(&count, heading, tchars, 0, MARGIN + 18, 22, "title") + 2;
    if (ptext) head = put_wrapped(&count, ptext, chars, 0, head, 16, "prog");
    int vchars = (width - 2 * MARGIN) * 10 / 79; /* the verdict's 13-pixel letters */
    head = put_wrapped(&count, v.msg, vchars, 0, head + 4, 17, "verdict");
    int nl = has_nonlinear(r, idx, ns);
    head += (nl ? LEGEND_H : 0) + 10;
    int height = head;
    int *room = malloc(sizeof(int) * 3 * (size_t)(rows ? rows : 1));
    for (int row = 0; row < rows && room; row++) {
        int over = 0, under = 0, mul = 0;
        for (int k = row * COLS; k < ns && k < (row + 1) * COLS; k++) {
            int o, u;
            spill_rows(r, idx[k], &o, &u);
            if (o > over) over = o;
            if (u > under) under = u;
            mul |= is_mul(r, idx[k]);
        }
        room[3 * row] = over, room[3 * row + 1] = under, room[3 * row + 2] = mul;
        height += panel_height(r, over, under, mul);
    }
    height += MARGIN;
    bb__put(&c.o, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                  "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                  "class=\"bb-trace\" data-states=\"%d\">\n<title>",
            width, height, width, height, ns);
    bb__rc_xml(&c.o, title ? title : ptext ? ptext : "trace");
    bb__put(&c.o, "</title>\n<defs>\n"
                  "<pattern id=\"xor\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" "
                  "patternTransform=\"rotate(45)\"><rect width=\"6\" height=\"6\" fill=\"#ffffff\"/>"
                  "<rect width=\"3\" height=\"6\" fill=\"#d0d0d0\"/></pattern>\n"
                  "<pattern id=\"nonlinear\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" "
                  "patternTransform=\"rotate(-45)\"><rect width=\"6\" height=\"6\" fill=\"" NONLINEAR_PAPER "\"/>"
                  "<rect width=\"2\" height=\"6\" fill=\"" NONLINEAR_STRIPE "\"/></pattern>\n"
                  "<style>\n"
                  "text { font-family: 'DejaVu Sans Mono', Menlo, Consolas, monospace; }\n"
                  ".title { font-size: 18px; font-weight: bold; }\n"
                  ".prog { font-size: 12px; }\n"
                  ".verdict { font-size: 13px; }\n"
                  ".verdict.ok { fill: #006000; } .verdict.bad { fill: #b00000; } .verdict.nl { fill: " NONLINEAR_INK "; }\n"
                  ".op { font-size: 13px; font-weight: bold; }\n"
                  ".value { font-size: 11px; fill: #444444; }\n"
                  ".coord { font-size: 10px; fill: #777777; text-anchor: middle; }\n"
                  ".lab { font-size: 11px; text-anchor: middle; }\n"
                  ".lab.w { fill: #ffffff; } .lab.n { fill: " NONLINEAR_INK "; }\n"
                  ".lab.on { font-weight: bold; text-decoration: underline; }\n"
                  ".note { font-size: 10px; fill: #555555; }\n"
                  ".grid { fill: none; stroke: #bbbbbb; stroke-width: 0.6; }\n"
                  "rect.flag { stroke: #d00000; stroke-width: 2.2; stroke-dasharray: 4 2; }\n"
                  ".frame { fill: none; stroke: #333333; stroke-width: 1.2; }\n"
                  "</style>\n</defs>\n"
                  "<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n");
    int y = put_wrapped(&c.o, heading, tchars, MARGIN, MARGIN + 18, 22, "title") + 2;
    if (ptext) y = put_wrapped(&c.o, ptext, chars, MARGIN, y, 16, "prog");
    const char *vcls = v.kind == BB_TRACE_LOSSY ? "verdict bad" : v.kind == BB_TRACE_NONLINEAR_KIND ? "verdict nl"
                                                                                                  : "verdict ok";
    y = put_wrapped(&c.o, v.msg, vchars, MARGIN, y + 4, 17, vcls);
    if (nl) put_legend(&c.o, y);
    y = head;
    for (int row = 0; row < rows && room; row++) {
        for (int k = row * COLS; k < ns && k < (row + 1) * COLS; k++)
            put_state(&c, idx[k], MARGIN + (k % COLS) * PANEL_W, y, room[3 * row]);
        y += panel_height(r, room[3 * row], room[3 * row + 1], room[3 * row + 2]);
    }
    bb__put(&c.o, "</svg>\n");
    free(room);
    free(ptext);
    free(idx);
    if (size) buf[c.o.len < size ? c.o.len : size - 1] = '\0';
    return c.o.len;
}
