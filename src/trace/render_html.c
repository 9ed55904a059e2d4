/* bb_trace_render_html: a trace as one self-contained HTML page (no network,
 * no external script): the input, the current step and the result as boards
 * side by side, Prev/Next buttons and the arrow keys to step, and a hovered
 * bit highlighted wherever it is.  The trace is embedded as JSON:
 *   {"title", "program", "verdict", "ok", "nsteps", "colours": {bit: "#rrggbb"},
 *    "ink": {bit: "#rrggbb"}, "steps": [{"n" (the step's number), "op", "value"?, "cells":
 *    [[label, [input bits v*64+s], note, position, on], ...]}]}
 * (cells of constant 0 left out; on: 1 or 0 on the run's inputs, -1 unknown). */
#include <stdlib.h>
#include <string.h>

#include "render_common.h"
#include "trace_private.h"

static const char *const page_head[] = {
    "<!DOCTYPE html>\n",
    "<html lang=\"en\">\n",
    "<head>\n",
    "<meta charset=\"utf-8\">\n",
    "<title>",
    NULL};
static const char *const page_mid[] = {
    "</title>\n",
    "<style>\n",
    "body { font-family: sans-serif; margin: 16px; color: #222; background: #fff; }\n",
    "h1 { font-size: 20px; margin: 0 0 4px 0; }\n",
    ".prog { font-family: monospace; font-size: 14px; white-space: pre-wrap; overflow-wrap: anywhere; margin: 4px 0; }\n",
    ".verdict { font-size: 14px; margin: 4px 0 10px 0; }\n",
    ".verdict.ok { color: #006000; } .verdict.bad { color: #b00000; }\n",
    ".controls { display: flex; align-items: center; gap: 12px; margin: 8px 0; }\n",
    ".controls button { font-size: 15px; padding: 4px 12px; }\n",
    "#where { font-family: monospace; font-size: 15px; }\n",
    ".boards { display: flex; gap: 24px; flex-wrap: wrap; align-items: flex-start; }\n",
    ".panel h2 { font-size: 14px; font-weight: normal; margin: 0 0 4px 0; font-family: monospace; }\n",
    ".grid { display: grid; grid-template-columns: 14px repeat(8, 34px); grid-auto-rows: 30px; gap: 1px; }\n",
    ".grid .lab { font-size: 11px; min-height: 14px; color: #777; display: flex; align-items: center; justify-content: center; }\n",
    ".cell { display: flex; align-items: center; justify-content: center; font-family: monospace; font-size: 12px;\n",
    "        border: 1px solid #ccc; box-sizing: border-box; cursor: default; }\n",
    ".cell.zero { background: #fff; color: #bbb; }\n",
    ".cell.one { background: #fff; color: #000; font-weight: bold; }\n",
    ".cell.mix { background: repeating-linear-gradient(45deg, #ddd, #ddd 4px, #fff 4px, #fff 8px); }\n",
    ".cell.flag { outline: 2px dashed #c00; outline-offset: -3px; }\n",
    ".cell.on { font-weight: bold; text-decoration: underline; }\n",
    ".cell.hl { border: 3px solid #000; }\n",
    ".cell.dim { opacity: 0.25; }\n",
    ".spill { margin-top: 8px; }\n",
    ".note { font-size: 12px; color: #555; margin-top: 12px; }\n",
    "</style>\n",
    "</head>\n",
    "<body>\n",
    "<h1 id=\"title\"></h1>\n",
    "<div class=\"prog\" id=\"prog\"></div>\n",
    "<div class=\"verdict\" id=\"verdict\"></div>\n",
    "<div class=\"controls\">\n",
    "<button id=\"prev\" type=\"button\">&#9664; Prev</button>\n",
    "<span id=\"where\"></span>\n",
    "<button id=\"next\" type=\"button\">Next &#9654;</button>\n",
    "</div>\n",
    "<div class=\"boards\">\n",
    "<div class=\"panel\"><h2 id=\"h-in\"></h2><div class=\"grid\" id=\"board-in\"></div></div>\n",
    "<div class=\"panel\"><h2 id=\"h-step\"></h2><div class=\"grid\" id=\"board-step\"></div>\n",
    "<div class=\"spill\" id=\"spill\"></div></div>\n",
    "<div class=\"panel\"><h2 id=\"h-out\"></h2><div class=\"grid\" id=\"board-out\"></div></div>\n",
    "</div>\n",
    "<div class=\"note\">Left/right arrow keys or the buttons step through the program; hover a bit to see\n",
    "where it comes from and where it goes.  Each source square has its own colour: hue by rank, lightness\n",
    "by file.  A striped cell is an exclusive-or of several bits; a dashed outline marks a merge, a carry\n",
    "risk or a non-linear bit.</div>\n",
    "<script id=\"data\" type=\"application/json\">",
    NULL};
static const char *const page_tail[] = {
    "</script>\n",
    "<script>\n",
    "(function () {\n",
    "  \"use strict\";\n",
    "  var D = JSON.parse(document.getElementById(\"data\").textContent);\n",
    "  var cur = D.steps.length > 1 ? 1 : 0;\n",
    "  var files = \"abcdefgh\";\n",
    "  function colour(s) { return D.colours[s]; }\n",
    "  /* fills grid el with the rows of a step's cells: rows lo..hi (rank numbers, 0 = rank 1) */\n",
    "  function drawGrid(el, cells, lo, hi) {\n",
    "    el.textContent = \"\";\n",
    "    if (hi === 7) {\n",
    "      el.appendChild(document.createElement(\"div\"));\n",
    "      for (var k = 0; k < 8; k++) {\n",
    "        var fl = document.createElement(\"div\");\n",
    "        fl.className = \"lab\";\n",
    "        fl.textContent = files.charAt(k);\n",
    "        el.appendChild(fl);\n",
    "      }\n",
    "    }\n",
    "    for (var r = hi; r >= lo; r--) {\n",
    "      var lab = document.createElement(\"div\");\n",
    "      lab.className = \"lab\";\n",
    "      lab.textContent = r >= 0 && r < 8 ? String(r + 1) : (r >= 8 ? \"+\" + (r - 7) : String(r));\n",
    "      el.appendChild(lab);\n",
    "      for (var f = 0; f < 8; f++) {\n",
    "        var pos = 8 * r + f, c = cells[pos], d = document.createElement(\"div\");\n",
    "        d.className = \"cell\";\n",
    "        d.setAttribute(\"data-pos\", String(pos));\n",
    "        if (!c) { d.className += \" zero\"; d.textContent = \"\\u00b7\"; }\n",
    "        else {\n",
    "          d.setAttribute(\"data-src\", c[1].join(\" \"));\n",
    "          d.textContent = c[0];\n",
    "          if (c[1].length === 1) { d.style.background = colour(c[1][0]); d.style.color = D.ink[c[1][0]]; }\n",
    "          else if (c[1].length === 0) d.className += \" one\";\n",
    "          else d.className += \" mix\";\n",
    "          if (c[2]) { d.className += \" flag\"; d.title = c[2]; }\n",
    "          if (c[4] === 1) d.className += \" on\";\n",
    "        }\n",
    "        el.appendChild(d);\n",
    "      }\n",
    "    }\n",
    "  }\n",
    "  function board(step) { var m = {}; step.cells.forEach(function (c) { m[c[3]] = c; }); return m; }\n",
    "  function rowsOf(step, which) {\n",
    "    var lo = 99, hi = -99;\n",
    "    step.cells.forEach(function (c) {\n",
    "      var p = c[3];\n",
    "      if ((which > 0 && p >= 64) || (which < 0 && p < 0)) { var r = Math.floor(p / 8); if (r < lo) lo = r; if (r > hi) hi = r; }\n",
    "    });\n",
    "    return lo <= hi ? [lo, hi] : null;\n",
    "  }\n",
    "  function show() {\n",
    "    var s = D.steps[cur], last = D.steps.length - 1;\n",
    "    document.getElementById(\"where\").textContent = \"step \" + s.n + \" of \" + D.nsteps + \": \" + s.op;\n",
    "    document.getElementById(\"h-in\").textContent = D.steps[0].op + (D.steps[0].value ? \"  = \" + D.steps[0].value : \"\");\n",
    "    document.getElementById(\"h-step\").textContent = \"step \" + s.n + \": \" + s.op + (s.value ? \"  = \" + s.value : \"\");\n",
    "    document.getElementById(\"h-out\").textContent = \"result (step \" + D.steps[last].n + \")\";\n",
    "    document.getElementById(\"prev\").disabled = cur === 0;\n",
    "    document.getElementById(\"next\").disabled = cur === last;\n",
    "    drawGrid(document.getElementById(\"board-in\"), board(D.steps[0]), 0, 7);\n",
    "    drawGrid(document.getElementById(\"board-step\"), board(s), 0, 7);\n",
    "    drawGrid(document.getElementById(\"board-out\"), board(D.steps[last]), 0, 7);\n",
    "    var sp = document.getElementById(\"spill\");\n",
    "    sp.textContent = \"\";\n",
    "    [[1, \"overflow (above bit 63)\"], [-1, \"underflow (below bit 0)\"]].forEach(function (w) {\n",
    "      var rr = rowsOf(s, w[0]);\n",
    "      if (!rr) return;\n",
    "      var h = document.createElement(\"h2\"), g = document.createElement(\"div\");\n",
    "      h.textContent = w[1];\n",
    "      g.className = \"grid\";\n",
    "      g.id = w[0] > 0 ? \"board-over\" : \"board-under\";\n",
    "      sp.appendChild(h);\n",
    "      sp.appendChild(g);\n",
    "      drawGrid(g, board(s), rr[0], rr[1]);\n",
    "    });\n",
    "    location.hash = \"step\" + cur;\n",
    "  }\n",
    "  function go(k) { if (k >= 0 && k < D.steps.length && k !== cur) { cur = k; show(); } }\n",
    "  document.getElementById(\"prev\").addEventListener(\"click\", function () { go(cur - 1); });\n",
    "  document.getElementById(\"next\").addEventListener(\"click\", function () { go(cur + 1); });\n",
    "  document.addEventListener(\"keydown\", function (e) {\n",
    "    if (e.key === \"ArrowRight\") { go(cur + 1); e.preventDefault(); }\n",
    "    else if (e.key === \"ArrowLeft\") { go(cur - 1); e.preventDefault(); }\n",
    "    else if (e.key === \"Home\") { go(0); e.preventDefault(); }\n",
    "    else if (e.key === \"End\") { go(D.steps.length - 1); e.preventDefault(); }\n",
    "  });\n",
    "  function clear() {\n",
    "    Array.prototype.forEach.call(document.querySelectorAll(\".cell.hl, .cell.dim\"), function (c) {\n",
    "      c.classList.remove(\"hl\"); c.classList.remove(\"dim\");\n",
    "    });\n",
    "  }\n",
    "  document.addEventListener(\"mouseover\", function (e) {\n",
    "    var t = e.target;\n",
    "    clear();\n",
    "    if (!t.classList || !t.classList.contains(\"cell\") || !t.hasAttribute(\"data-src\")) return;\n",
    "    var want = t.getAttribute(\"data-src\").split(\" \").filter(function (x) { return x; });\n",
    "    if (!want.length) return;\n",
    "    Array.prototype.forEach.call(document.querySelectorAll(\".cell\"), function (c) {\n",
    "      var src = (c.getAttribute(\"data-src\") || \"\").split(\" \");\n",
    "      var hit = want.some(function (w) { return src.indexOf(w) >= 0; });\n",
    "      c.classList.add(hit ? \"hl\" : \"dim\");\n",
    "    });\n",
    "  });\n",
    "  document.getElementById(\"title\").textContent = D.title;\n",
    "  document.getElementById(\"prog\").textContent = D.program;\n",
    "  document.getElementById(\"verdict\").textContent = \"verdict: \" + D.verdict;\n",
    "  document.getElementById(\"verdict\").className = \"verdict \" + (D.ok ? \"ok\" : \"bad\");\n",
    "  var m = /^#step(\\d+)$/.exec(location.hash);\n",
    "  if (m && +m[1] < D.steps.length) cur = +m[1];\n",
    "  show();\n",
    "})();\n",
    "</script>\n",
    "</body>\n",
    "</html>\n",
    NULL};

static void put_lines(bb__out_buf *o, const char *const *lines)
{
    for (; *lines; lines++) bb__put(o, "%s", *lines);
}

/* s as a JSON string, '<', '>' and '&' escaped too (it sits in a script element). */
static void put_json_string(bb__out_buf *o, const char *s)
{
    bb__put(o, "\"");
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\') bb__put(o, "\\%c", ch);
        else if (ch < 0x20 || ch >= 0x7f || ch == '<' || ch == '>' || ch == '&') bb__put(o, "\\u%04x", ch < 0x80 ? ch : '?');
        else bb__put(o, "%c", ch);
    }
    bb__put(o, "\"");
}

static void put_cell(bb__out_buf *o, const bb_trace_result *r, int s, const bb__rc_cell *c, int first)
{
    char label[BB__RC_LABEL_MAX];
    bb__rc_label(r->prog, &c->bit, label);
    bb__put(o, "%s[", first ? "" : ",");
    put_json_string(o, label);
    bb__put(o, ",[");
    int k = 0;
    for (int v = 0; v < BB_TRACE_MAX_VARS; v++)
        for (int sq = 0; sq < 64; sq++)
            if ((c->bit.in[v] >> sq) & 1) bb__put(o, "%s%d", k++ ? "," : "", v * 64 + sq);
    const char *note = (c->bit.flags & BB_TRACE_CARRY_RISK)  ? "partial products meet here: carry risk"
                       : (c->bit.flags & BB_TRACE_MERGE)     ? "merged: or/add of overlapping bits"
                       : (c->bit.flags & BB_TRACE_NONLINEAR) ? "not linear (an and/or of variable bits, a carry)"
                                                             : "";
    bb__put(o, "],\"%s\",%d,%d]", note, c->pos, bb__rc_concrete(r, s, c));
}

size_t bb_trace_render_html(char *buf, size_t size, const bb_trace_result *r, const char *title, unsigned flags)
{
    (void)flags;
    bb__out_buf o = {buf, size, 0};
    bb_trace_verdict v;
    bb_trace_judge(r, &v);
    char *ptext = bb__rc_program_text(r->prog);
    bb__rc_cell *cell = malloc(sizeof(bb__rc_cell) * BB__RC_MAX_CELLS);
    if (!ptext || !cell) {
        free(ptext);
        free(cell);
        if (size) buf[0] = '\0';
        return 0;
    }
    put_lines(&o, page_head);
    bb__rc_xml(&o, title ? title : ptext);
    put_lines(&o, page_mid);
    bb__put(&o, "{\"title\":");
    put_json_string(&o, title ? title : "bit-flow trace");
    bb__put(&o, ",\n\"program\":");
    put_json_string(&o, ptext);
    bb__put(&o, ",\n\"verdict\":");
    put_json_string(&o, v.msg);
    bb__put(&o, ",\n\"nsteps\":%d", r->nstates > 1 ? bb__trace_step_number(r, r->nstates - 2) : 0);
    bb__put(&o, ",\n\"ok\":%s,\n\"colours\":{", v.kind != BB_TRACE_LOSSY && v.kind != BB_TRACE_NONLINEAR_KIND ? "true"
                                                                                                          : "false");
    uint64_t used[BB_TRACE_MAX_VARS] = {0};
    for (int s = 0; s < r->nstates; s++) {
        int n = bb__rc_cells(r, s, cell);
        for (int k = 0; k < n; k++)
            for (int w = 0; w < BB_TRACE_MAX_VARS; w++) used[w] |= cell[k].bit.in[w];
    }
    for (int pass = 0; pass < 2; pass++) {
        if (pass) bb__put(&o, "},\n\"ink\":{");
        int k = 0;
        for (int w = 0; w < BB_TRACE_MAX_VARS; w++)
            for (int sq = 0; sq < 64; sq++) {
                if (!((used[w] >> sq) & 1)) continue;
                int rgb[3], dark;
                bb__rc_colour(w * 64 + sq, rgb, &dark);
                if (pass) bb__put(&o, "%s\"%d\":\"%s\"", k++ ? "," : "", w * 64 + sq, dark ? "#ffffff" : "#000000");
                else bb__put(&o, "%s\"%d\":\"#%02x%02x%02x\"", k++ ? "," : "", w * 64 + sq, rgb[0], rgb[1], rgb[2]);
            }
    }
    bb__put(&o, "},\n\"steps\":[");
    char op[256];
    int *idx = malloc(sizeof(int) * (size_t)(r->nstates + r->prog->nvars)), shown = idx ? bb__rc_visible(r, idx) : 0;
    for (int k = 0; k < shown; k++) {
        int s = idx[k];
        bb__put(&o, "%s\n{\"n\":%d,\"op\":", k ? "," : "", s > 0 ? bb__trace_step_number(r, s - 1) : 0);
        put_json_string(&o, bb__rc_state_op(r, s, op, sizeof op));
        if (r->has_inputs) bb__put(&o, ",\"value\":\"0x%016llx\"", (unsigned long long)bb__rc_value(r, s));
        bb__put(&o, ",\"cells\":[");
        int n = bb__rc_cells(r, s, cell), first = 1;
        for (int k = 0; k < n; k++) {
            if (!cell[k].bit.konst && !bb__rc_sources(&cell[k].bit)) continue;
            put_cell(&o, r, s, &cell[k], first);
            first = 0;
        }
        bb__put(&o, "]}");
    }
    bb__put(&o, "]}");
    put_lines(&o, page_tail);
    free(idx);
    free(ptext);
    free(cell);
    if (size) buf[o.len < size ? o.len : size - 1] = '\0';
    return o.len;
}
