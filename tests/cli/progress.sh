#!/usr/bin/env bash
# The progress line of long reads (cli/progress.c) under a pseudo-terminal
# (tests/cli/progress.py): chess pgn on one thread, on threads over a plain
# file, on the pool (a compressed file, standard input), chess epd.  Every
# line parses (MB of MB (P%), N games, R games/s, ETA m:ss; no size, no ETA
# from standard input), its bytes never pass the file's size as stored (the
# compressed size of a .zst) and reach it, the games only grow, no other
# text is written over a line, the last one is cleared, and standard output
# and the rest of standard error are those of a run without a terminal.
# Without a terminal, or with --quiet, no progress at all (stderr byte for
# byte).  Ctrl-C (SIGINT) mid-read: status 130, the games read counted
# (the --stats summary marked "interrupted"), as many as were written.
# Nothing here measures time: a stalled pipe or a paused standard input
# keeps the read going while lines come due.
# usage: tests/cli/progress.sh path/to/bitboard
set -u
BIN=${1:-build/bitboard}
case $BIN in /*) ;; *) BIN=$PWD/$BIN ;; esac
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
if ! command -v python3 > /dev/null || ! python3 -c 'import pty' 2> /dev/null; then
    echo "SKIP progress: no python3 with pty"; echo "progress: 0 passed, 0 failed, 1 skipped"; exit 0
fi
if ! command -v zstd > /dev/null; then
    echo "SKIP progress: no zstd program"; echo "progress: 0 passed, 0 failed, 1 skipped"; exit 0
fi

# 6000 games (every 500th with an illegal move), each with its own random
# comment so that the .zst is some hundreds of kB
python3 - <<'EOF'
import random
r = random.Random(50)
moves = ("1.e4 {%s} e5 2.f4 exf4 3.Bc4 Qh4+ 4.Kf1 b5 5.Bxb5 Nf6 6.Nf3 Qh6 7.d3 Nh5 8.Nh4 Qg5\n"
         "9.Nf5 c6 10.g4 Nf6 11.Rg1 cxb5 12.h4 Qg6 13.h5 Qg5 14.Qf3 Ng8 15.Bxf4 Qf6\n"
         "16.Nc3 Bc5 17.Nd5 Qxb2 18.Bd6 Bxg1 19. e5 Qxa1+ 20. Ke2 Na6 21.Nxg7+ Kd8\n"
         "22.Qf6+ Nxf6 23.Be7# 1-0\n")
with open("db.pgn", "w") as f:
    for i in range(1, 6001):
        m = moves % ("%0160x" % r.getrandbits(640))
        if i % 500 == 0:
            m = m.replace("2.f4", "2.Ke3")
        f.write('[Event "g%d"]\n[White "Anderssen, Adolf"]\n[Black "Kieseritzky, Lionel"]\n'
                '[Result "1-0"]\n\n%s\n' % (i, m))
with open("db.epd", "w") as f:
    for i in range(1, 8001):
        f.write('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - bm e5; id "%d %0120x";\n'
                % (i, r.getrandbits(480)))
EOF
zstd -q -10 db.pgn -o db.pgn.zst
zstd -q db.epd -o db.epd.zst

# check NAME PY-ARGS -- ARGS: runs progress.py and checks its JSON (python
# below); the expected stdout and stderr are a run without a terminal.
# EXPECT: "total" (a file: size, ETA), "stream" (no size), "any" (lines may
# not come: fast threads), plus ",stopped" for a SIGINT run.
pass=0 fail=0
check() {
    local name=$1 expect=$2 size=$3 ref_out=$4 ref_err=$5; shift 5
    if python3 "$here/progress.py" "$@" > "$name.json" &&
       python3 - "$name.json" "$expect" "$size" "$ref_out" "$ref_err" > "$name.why" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
expect, size = sys.argv[2].split(","), int(sys.argv[3])
ref_out, ref_err = open(sys.argv[4], encoding="latin-1").read(), open(sys.argv[5], encoding="latin-1").read()
why = []
lines = d["lines"]
if "any" not in expect and len(lines) < 2:
    why.append("%d progress lines, want 2 or more" % len(lines))
last_items, last_mb = 0, 0.0
for l in lines:
    if l.get("bad"):
        why.append("a line that does not parse: %r" % l["text"]); continue
    if l["unit"] != l["unit2"]:
        why.append("two units: %r" % l["text"])
    mb, items = float(l["mb"]), int(l["items"])
    if items < last_items:
        why.append("the count went down: %r" % l["text"])
    if "stream" in expect:
        if l["total"] is not None or l["eta"] is not None:
            why.append("a size or an ETA from a stream: %r" % l["text"])
    else:
        if l["total"] != "%.1f" % (size / 1e6):
            why.append("size %s MB, the file has %d bytes: %r" % (l["total"], size, l["text"]))
        if mb > size / 1e6 + 0.05 or int(l["pct"]) > 100:
            why.append("past the file's size: %r" % l["text"])
        if mb < last_mb:
            why.append("the bytes went down: %r" % l["text"])
        if l["eta"] is None and mb > 0:
            why.append("no ETA: %r" % l["text"])
    last_items, last_mb = items, mb
if not d["cleared_last"]:
    why.append("the last line is not cleared")
if d["over"]:
    why.append("text over a progress line: %r" % d["over"][:2])
if "stopped" in expect:
    tail = d["other"].splitlines()[-1] if d["other"] else ""
    words = tail.split()
    if d["status"] != 130 or not tail.startswith("bitboard: chess pgn: interrupted with ") or words[6] not in ("game", "games"):
        why.append("status %d, last line %r" % (d["status"], tail))
    else:
        n = int(words[5])
        print(n)
        if not 1 <= n < 6000:
            why.append("%d games read of 6000 before the interruption" % n)
        if "uci" in expect and d["stdout"] != "".join(ref_out.splitlines(True)[:n]):
            why.append("stdout: not the first %d games' lines of a whole run" % n)
        if "stats" in expect:
            st = dict(l.split(None, 1) for l in d["stdout"].splitlines())
            if st.get("games") != str(n) or st.get("interrupted") != "yes":
                why.append("the summary: %r" % d["stdout"])
            # one reader: the first n games; the pool: whole chunks, maybe the last cut short
            elif "prefix" in expect and st["errors"] != str(n // 500):
                why.append("%s errors in the first %d games (want %d)" % (st["errors"], n, n // 500))
            if not 0 <= int(st.get("errors", "-1")) <= n // 500 + 1 or int(st.get("1-0", "-1")) > n:
                why.append("inconsistent: %r" % st)
        errs = [l for l in d["other"].splitlines()[:-1]]
        if any(e not in ref_err.splitlines() for e in errs):
            why.append("stderr lines a whole run does not have: %r" % errs[:3])
else:
    if d["status"] != 1:
        why.append("status %d, want 1 (the bad games)" % d["status"])
    if d["stdout"] != ref_out:
        why.append("stdout differs from a run without a terminal")
    if d["other"] != ref_err:
        why.append("stderr (the lines cleared) differs from a run without a terminal: %r" % d["other"][:300])
print("; ".join(why) if why else "", end="")
sys.exit(1 if why else 0)
EOF
    then
        pass=$((pass + 1))
    else
        fail=$((fail + 1)); echo "FAIL $name: $(tail -n 1 "$name.why")"
    fi
}
size() { wc -c < "$1" | tr -d ' '; }
plain=$(size db.pgn) zst=$(size db.pgn.zst) epd=$(size db.epd.zst)

# the runs without a terminal: no progress at all, stderr the errors only
"$BIN" chess pgn db.pgn --uci > uci.out 2> uci.err
"$BIN" chess pgn db.pgn > check.out 2> check.err
grep -v '^bitboard: error: db.pgn: game [0-9]*0, line [0-9]*, column [0-9]*: Ke3: ' check.err > unexpected
if [ "$(wc -l < check.err)" = 12 ] && [ ! -s unexpected ]; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL no terminal: stderr is not the 12 errors alone"; head -n 3 unexpected; fi
sed 's/^bitboard: error: db\.pgn:/bitboard: error: db.pgn.zst:/' uci.err > zst.err
sed 's/^bitboard: error: db\.pgn:/bitboard: error: -:/' check.err > stdin.err
for args in "db.pgn" "db.pgn.zst" "db.pgn --threads 2" "db.pgn.zst --threads 2" "- --threads 2" "db.pgn --uci"; do
    f=${args%% *}; in=/dev/null; [ "$f" = - ] && in=db.pgn.zst
    # shellcheck disable=SC2086
    "$BIN" chess pgn $args < "$in" > /dev/null 2> err
    want=check.err; case $f in db.pgn.zst) want=zst.err ;; -) want=stdin.err ;; esac
    if cmp -s err "$want"; then pass=$((pass + 1)); else
        fail=$((fail + 1)); echo "FAIL no terminal, chess pgn $args: stderr is not the errors alone"; diff "$want" err | head -n 5; fi
done

# one thread, the pipe to standard output stalled: a plain file, a .zst
check uci-plain total "$plain" uci.out uci.err --stall 262144 -- "$BIN" chess pgn db.pgn --uci
check uci-zst total "$zst" uci.out zst.err --stall 262144 -- "$BIN" chess pgn db.pgn.zst --uci
# --quiet: not a byte of progress, on a terminal too
check uci-quiet any "$zst" uci.out zst.err --stall 262144 -- "$BIN" chess pgn db.pgn.zst --uci --quiet
if grep -q '"lines": \[\]' uci-quiet.json; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL --quiet on a terminal: progress lines"; fi
# the pool over standard input (a .zst, paused every 64 kB): no size, no ETA
"$BIN" chess pgn - --stats --threads 2 --quiet < db.pgn.zst > stats.out 2> /dev/null
check pool-stdin stream 0 check.out stdin.err --stdin db.pgn.zst --piece 65536 -- "$BIN" chess pgn - --threads 2
# one thread over standard input, paused
check one-stdin stream 0 check.out stdin.err --stdin db.pgn.zst --piece 65536 -- "$BIN" chess pgn -
# threads over the plain file and the pool over the .zst: too fast for sure lines; any that come are right
"$BIN" chess pgn db.pgn --quiet > check.out 2> /dev/null
check threads any "$plain" check.out check.err -- "$BIN" chess pgn db.pgn --threads 2
check pool-file any "$zst" check.out zst.err -- "$BIN" chess pgn db.pgn.zst --threads 2
# chess epd: records, a .zst read as standard output stalls
"$BIN" chess epd db.epd.zst > epd.out 2> epd.err
if [ -s epd.err ]; then fail=$((fail + 1)); echo "FAIL chess epd without a terminal: stderr"; head -n 3 epd.err; else pass=$((pass + 1)); fi
python3 "$here/progress.py" --stall 131072 -- "$BIN" chess epd db.epd.zst > epd.json
if python3 - "$epd" <<'EOF'
import json, sys
d, size = json.load(open("epd.json")), int(sys.argv[1])
ok = d["status"] == 0 and len(d["lines"]) >= 2 and d["cleared_last"] and not d["over"] and d["other"] == ""
ok = ok and all(not l.get("bad") and l["unit"] == "records" and float(l["mb"]) <= size / 1e6 + 0.05 and
                l["total"] == "%.1f" % (size / 1e6) for l in d["lines"])
ok = ok and d["stdout"] == open("epd.out").read()
sys.exit(0 if ok else 1)
EOF
then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL chess epd under a terminal: $(head -c 600 epd.json)"; fi

# Ctrl-C: one thread stalled on its output (the lines written are the games
# read), one thread and the pool over a paused standard input
check sigint-uci total,stopped,uci "$plain" uci.out uci.err --stall 262144 --sigint-after 2 -- "$BIN" chess pgn db.pgn --uci
check sigint-one stream,stopped,stats,prefix 0 stats.out stdin.err --stdin db.pgn.zst --piece 65536 --sigint-after 3 -- \
    "$BIN" chess pgn - --stats
check sigint-pool stream,stopped,stats 0 stats.out stdin.err --stdin db.pgn.zst --piece 65536 --sigint-after 5 -- \
    "$BIN" chess pgn - --stats --threads 2
echo "progress: $pass passed, $fail failed, 0 skipped"
[ "$fail" -eq 0 ]
