"""The page of `bitboard trace --html` in a real browser (headless Chromium):
it loads with no network, steps with the buttons and the arrow keys, shows
the right bits at every step, highlights where a hovered bit comes from and
goes, and looks right (a screenshot goes to the log directory).  The SVG
picture is loaded too.
usage: python3 test_trace_page.py BITBOARD LOGDIR"""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cdp  # noqa: E402

passed = failed = 0


def check(name, cond, detail=""):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print("FAIL %s%s" % (name, ": " + detail if detail else ""))


def main():
    binary, logdir = sys.argv[1], sys.argv[2]
    os.makedirs(logdir, exist_ok=True)
    chromium = cdp.find_chromium()
    if not chromium:
        print("FAIL no Chromium (tests/browser/run.sh installs Debian's chromium)")
        print("browser: 0 passed, 1 failed")
        return 1
    work = tempfile.mkdtemp(prefix="bb-browser-")
    page = os.path.join(work, "gather.html")
    svg = os.path.join(work, "gather.svg")
    # gather file a into 8 bits: 4 states; the multiplication overflows
    program = "x & 0x0101010101010101; * 0x0102040810204080; >> 56"
    subprocess.run([binary, "trace", program, "--input", "a1,a3,b2", "--html", page, "--svg", svg], check=True)
    with open(page, encoding="utf-8") as f:
        html = f.read()
    check("self-contained", "http://" not in html and "https://" not in html and "<link" not in html
          and "src=" not in html, "the page refers to something outside it")

    b = cdp.Browser(chromium)
    try:
        b.load("file://" + page)
        js = b.js

        def where():
            return js("document.getElementById('where').textContent")

        def labels(board):
            """{position: label} of a board's labelled cells."""
            return {int(k): v for k, v in js(
                "(function(){var m={};document.querySelectorAll('#%s .cell[data-src]').forEach("
                "function(c){m[c.getAttribute('data-pos')]=c.textContent;});return m;})()" % board).items()}

        check("title", js("document.title").startswith("x & 0x0101010101010101"), js("document.title"))
        check("no network", js("performance.getEntriesByType('resource').length") == 0,
              json.dumps(js("performance.getEntriesByType('resource').map(function(e){return e.name;})")))
        check("opens at the first step", where() == "step 1 of 3: & 0x0101010101010101", where())
        step1 = labels("board-step")
        want1 = {8 * r: "a%d" % (r + 1) for r in range(8)}
        check("step 1 keeps file a", step1 == want1, json.dumps(step1))
        on = js("Array.prototype.map.call(document.querySelectorAll('#board-in .cell.on'),"
                "function(c){return +c.getAttribute('data-pos');})")
        check("the input's set bits marked", sorted(on) == [0, 9, 16], json.dumps(on))
        check("prev enabled", js("document.getElementById('prev').disabled") is False)

        b.key("ArrowRight", keycode=39)
        check("arrow key steps", where() == "step 2 of 3: * 0x0102040810204080", where())
        check("overflow panel", js("!!document.getElementById('board-over')") is True)
        over = js("document.querySelectorAll('#board-over .cell[data-src]').length")
        check("overflow cells", over > 0, str(over))
        b.screenshot(os.path.join(logdir, "trace-page-step2.png"))

        x, y = b.center("#next")
        b.click_at(x, y)
        check("next button steps", where() == "step 3 of 3: >> 56", where())
        check("next disabled at the end", js("document.getElementById('next').disabled") is True)
        out = labels("board-step")
        check("result: file a on rank 1", out == {i: "a%d" % (i + 1) for i in range(8)}, json.dumps(out))
        b.key("ArrowRight", keycode=39)
        check("no step past the end", where() == "step 3 of 3: >> 56", where())

        x, y = b.center("#prev")
        b.click_at(x, y)
        check("prev button steps back", where().startswith("step 2 of 3"), where())
        b.key("Home", keycode=36)
        check("Home goes to the input", where() == "step 0 of 3: input x", where())
        check("prev disabled at the start", js("document.getElementById('prev').disabled") is True)
        b.key("End", keycode=35)
        check("End goes to the result", where().startswith("step 3 of 3"), where())

        # hover the result's bit at position 2 (a3): where it comes from, where it goes
        x, y = b.center('#board-step .cell[data-pos="2"]')
        b.mouse("mouseMoved", x, y)
        hl_in = js("Array.prototype.map.call(document.querySelectorAll('#board-in .cell.hl'),"
                   "function(c){return +c.getAttribute('data-pos');})")
        hl_out = js("Array.prototype.map.call(document.querySelectorAll('#board-out .cell.hl'),"
                    "function(c){return +c.getAttribute('data-pos');})")
        check("hover: comes from a3", hl_in == [16], json.dumps(hl_in))
        check("hover: goes to bit 2", hl_out == [2], json.dumps(hl_out))
        dim = js("document.querySelectorAll('#board-in .cell.dim').length")
        check("hover: the rest dimmed", dim > 0, str(dim))
        b.key("ArrowLeft", keycode=37)
        check("arrow left steps back", where().startswith("step 2 of 3"), where())
        x, y = b.center('#board-step .cell[data-pos="23"]')  # a3's bit after the multiplication (a3 << 7)
        b.mouse("mouseMoved", x, y)
        n = js("document.querySelectorAll('.cell.hl').length")
        check("hover after a step", n >= 3, str(n))
        b.screenshot(os.path.join(logdir, "trace-page.png"))
        size = os.path.getsize(os.path.join(logdir, "trace-page.png"))
        check("screenshot", size > 10000, "%d bytes" % size)

        # the SVG picture: parses in the browser, every state drawn
        b.load("file://" + svg)
        check("svg root", js("document.documentElement.tagName") == "svg", js("document.documentElement.tagName"))
        check("svg states", js("document.querySelectorAll('g.step').length") == 4)
        check("svg renders", js("document.documentElement.getBBox().width") > 500)
        b.screenshot(os.path.join(logdir, "trace-svg.png"))
    finally:
        b.close()
    print("browser: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
