#!/usr/bin/env bash
# docs/gallery/: every library routine's program form drawn by the tracer
# (one SVG each) and an index page.  `make docs` writes it; make test runs
# this with --check, which draws it afresh into a temporary directory and
# fails when docs/gallery/ differs (the documentation may not drift from the
# code: run `make docs` and commit the result).
# usage: tests/gallery.sh [--check] path/to/bitboard [DIR]   (DIR: docs/gallery)
set -u
check=0
if [ "${1:-}" = --check ]; then check=1; shift; fi
BIN=${1:-build/bitboard}
DIR=${2:-docs/gallery}
cd "$(dirname "$0")/.."

# draw BIN OUT: the gallery into directory OUT; non-zero on any failure.
draw() {
    local out=$1 names name summary status=0
    mkdir -p "$out"
    names=$("$BIN" trace --list) || { echo "FAIL bitboard trace --list"; return 1; }
    [ -n "$names" ] || { echo "FAIL bitboard trace --list names no form"; return 1; }
    {
        cat <<'EOF'
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>bitboard: the library's tricks, traced</title>
<style>
body { font-family: sans-serif; margin: 24px; max-width: 1100px; color: #222; }
h1 { font-size: 24px; }
h2 { font-size: 17px; margin: 28px 0 4px 0; font-family: monospace; }
p.summary { margin: 2px 0; }
p.check { margin: 2px 0 8px 0; font-family: monospace; font-size: 13px; color: #333; }
img { max-width: 100%; border: 1px solid #ddd; }
ul.toc { columns: 3; font-family: monospace; font-size: 13px; }
</style>
</head>
<body>
<h1>The library's tricks, traced</h1>
<p>Every routine of the library that moves bits has a program form: the same
operations written in the tracer's program text.  <code>bitboard trace</code>
follows every bit of the board through it, proves it equal to the routine's
definition for every input, and draws it: each square's bit keeps its colour
(hue by rank, lightness by file), rows above a board are what a step pushed
past bit 63, rows below what fell under bit 0.  <code>make docs</code> draws
this page again; <code>make test</code> fails when it is out of date.  How the
tracer works: <a href="../TRACE.md">docs/TRACE.md</a>.</p>
<ul class="toc">
EOF
        while IFS= read -r line; do
            name=${line%% *}
            printf '<li><a href="#%s">%s</a></li>\n' "$name" "$name"
        done <<< "$names"
        echo '</ul>'
    } > "$out/index.html"
    while IFS= read -r line; do
        name=${line%% *}
        summary=$(printf '%s' "${line#"$name"}" | sed 's/^ *//; s/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g')
        if ! "$BIN" trace "$name" --svg "$out/$name.svg"; then
            echo "FAIL bitboard trace $name --svg"
            status=1
            continue
        fi
        local verdict
        verdict=$("$BIN" trace "$name" --check | sed 's/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g')
        printf '<h2 id="%s">%s</h2>\n<p class="summary">%s</p>\n<p class="check">%s</p>\n' \
            "$name" "$name" "$summary" "$verdict" >> "$out/index.html"
        printf '<p><a href="%s.svg"><img src="%s.svg" alt="the trace of %s" loading="lazy"></a></p>\n' \
            "$name" "$name" "$name" >> "$out/index.html"
    done <<< "$names"
    printf '</body>\n</html>\n' >> "$out/index.html"
    return $status
}

if [ $check = 0 ]; then
    tmp=$(mktemp -d)
    draw "$tmp" || { rm -rf "$tmp"; exit 1; }
    mkdir -p "$DIR"
    rm -f "$DIR"/*.svg "$DIR"/index.html
    cp "$tmp"/* "$DIR"/
    rm -rf "$tmp"
    echo "docs: $(ls "$DIR"/*.svg | wc -l) pictures and index.html in $DIR"
    exit 0
fi

pass=0 fail=0
tmp=$(mktemp -d)
if draw "$tmp"; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
# every picture well-formed XML, with a step and a labelled cell
if python3 - "$tmp" <<'EOF'
import glob, sys, xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
bad = 0
for f in sorted(glob.glob(sys.argv[1] + "/*.svg")):
    try:
        root = ET.parse(f).getroot()
    except ET.ParseError as e:
        print("FAIL %s: not well-formed XML: %s" % (f, e)); bad += 1; continue
    steps = [g for g in root.iter(ns + "g") if g.get("class") == "step"]
    labs = [t for t in root.iter(ns + "text") if (t.get("class") or "").split()[:1] == ["lab"]]
    if not steps or not labs or int(root.get("data-states", "0")) != len(steps):
        print("FAIL %s: %d steps, %d labelled cells" % (f, len(steps), len(labs))); bad += 1
sys.exit(1 if bad else 0)
EOF
then pass=$((pass + 1)); else fail=$((fail + 1)); fi
if diff -r "$DIR" "$tmp" > "$tmp.diff" 2>&1; then
    pass=$((pass + 1))
else
    fail=$((fail + 1))
    echo "FAIL $DIR is stale: it is not what the tracer draws now; run make docs and commit it"
    head -n 20 "$tmp.diff"
fi
rm -rf "$tmp" "$tmp.diff"
echo "gallery: $pass passed, $fail failed"
[ $fail = 0 ]
