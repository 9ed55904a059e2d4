#!/usr/bin/env python3
"""Soak area python: the Python package's wrappers (python/bitboard, built
by `make python`) against the C library's answers (build/tests/soak --query)
on random inputs: transforms and canonical forms of arrays (boards built to
tie, scalars and arrays, out= in place), unique, planes; Othello moves,
flips, play, the features, perft and the solver on positions of random
games; chess positions along random games (standard and Chess960): legal
moves, SAN, FEN after each move, pop, perft.  Skips, saying why, when the
package cannot be built.  tests/soak/run.sh runs it under make soak."""

import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from soak_common import Failure, ROOT, chess_start, difference, hexb, othello_position, run_area  # noqa: E402

bitboard = np = None


def setup(build):
    """Builds the package if needed; a reason to skip, or None."""
    global bitboard, np
    if not os.environ.get("SOAK_NO_BUILD"):
        make = os.environ.get("SOAK_MAKE", "make")
        py = os.environ.get("PYTHON", sys.executable)
        r = subprocess.run([make, "--no-print-directory", "-s", "python", "BUILD=" + build, "PYTHON=" + py],
                           cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if r.returncode:
            lines = r.stdout.strip().splitlines() or ["no output"]
            return "the package cannot be built for %s (make python: %s)" % (py, lines[0])
    sys.path.insert(0, os.path.join(ROOT, "python"))
    try:
        import numpy
        import bitboard as bb
    except ImportError as e:
        return "the package cannot be imported (%s; make python builds it)" % e
    bitboard, np = bb, numpy
    return None


def image(x, s):
    """x under symmetry s, square by square (the table in bitboard/sym.h)."""
    y = 0
    for sq in range(64):
        if x >> sq & 1:
            f, r = sq % 8, sq // 8
            f, r = [(f, r), (r, 7 - f), (7 - f, 7 - r), (7 - r, f), (f, 7 - r), (7 - f, r), (r, f), (7 - r, 7 - f)][s]
            y |= 1 << (8 * r + f)
    return y


def expect(what, got, want):
    """got (the package's) must equal want (the library's)."""
    if got != want:
        raise Failure("%s: %s" % (what, difference(got, want, "Python", "C")))


def boards_case(rng, ctx):
    ask = ctx.oracle.ask
    n = rng.range(0, 40) if rng.below(4) else rng.range(0, 400)
    xs = []
    for _ in range(n):  # ties: a board ORed with some of its images
        x0 = x = rng.board()
        if rng.below(2):
            for s in range(1, 8):
                if rng.below(2):
                    x |= image(x0, s)
        xs.append(x)
    arr = np.array(xs, dtype=np.uint64)
    ctx.note("%d boards%s" % (n, ", the first " + hexb(xs[0]) if n else ""))
    s = rng.below(8)
    want = [int(t, 16) for t in ask("sym %d %s" % (s, " ".join(map(str, xs)))).split()] if n else []
    expect("transform(array, %d)" % s, [int(v) for v in bitboard.transform(arr, s)], want)
    if n:
        expect("transform(int, %d)" % s, bitboard.transform(xs[0], s), want[0])
        allimg = bitboard.transform_all(arr)
        t = rng.below(8)
        wt = [int(v, 16) for v in ask("sym %d %s" % (t, " ".join(map(str, xs)))).split()]
        expect("transform_all(array)[:, %d]" % t, [int(v) for v in allimg[:, t]], wt)
    canon_want = ask("canonical %s" % " ".join(map(str, xs))).split() if n else []
    wc = [int(canon_want[2 * k], 16) for k in range(n)]
    ws = [int(canon_want[2 * k + 1]) for k in range(n)]
    c, syms = bitboard.canonical(arr)
    expect("canonical(array) boards", [int(v) for v in c], wc)
    expect("canonical(array) syms", [int(v) for v in syms], ws)
    if n:
        inplace = arr.copy()
        bitboard.canonical(inplace, out=inplace)
        expect("canonical(array, out=itself)", [int(v) for v in inplace], wc)
        c1, s1 = bitboard.canonical(xs[0])
        expect("canonical(int)", (int(c1), int(s1)), (wc[0], ws[0]))
    # pairs: the second board disjoint from the first, or an image of it
    os_ = [(rng.board() & ~x) if rng.below(2) else (image(x, rng.below(8)) & ~x) for x in xs]
    wp = [ask("pair %d %d" % (x, o)).split() for x, o in zip(xs, os_)]
    cp, co, cs = bitboard.canonical_pair(arr, np.array(os_, dtype=np.uint64))
    expect("canonical_pair", [(int(a), int(b), int(u)) for a, b, u in zip(cp, co, cs)],
           [(int(a, 16), int(b, 16), int(u)) for a, b, u in wp])
    # unique up to symmetry: the distinct canonical pairs sorted p first, first index, inverse, counts
    up, uo, index, inverse, counts = bitboard.unique(arr, np.array(os_, dtype=np.uint64))
    keys = [(int(a, 16), int(b, 16)) for a, b, _ in wp]
    distinct = sorted(set(keys))
    first = {}
    for k, key in enumerate(keys):
        first.setdefault(key, k)
    expect("unique: values", list(zip([int(v) for v in up], [int(v) for v in uo])), distinct)
    expect("unique: first index", [int(v) for v in index], [first[k] for k in distinct])
    expect("unique: inverse", [int(v) for v in inverse], [distinct.index(k) for k in keys])
    expect("unique: counts", [int(v) for v in counts], [keys.count(k) for k in distinct])
    # unique of single boards (the radix sort that was quadratic on them):
    # the boards above under random symmetries, repeated, shuffled; one case
    # in 16 up to 60,000 of them.  Their canonical forms are the CLI's (wc).
    if n:
        m = rng.range(1, 60000) if rng.below(16) == 0 else rng.range(1, 2000)
        images = {}
        picks, many = [], []
        for _ in range(m):
            k, s = rng.below(n), rng.below(8)
            if (k, s) not in images:
                images[(k, s)] = image(xs[k], s)
            picks.append(k)
            many.append(images[(k, s)])
        ub, index1, inverse1, counts1 = bitboard.unique(np.array(many, dtype=np.uint64))
        keys1 = [wc[k] for k in picks]
        distinct1 = sorted(set(keys1))
        row = {key: r for r, key in enumerate(distinct1)}
        first1, count1 = {}, {}
        for k, key in enumerate(keys1):
            first1.setdefault(key, k)
            count1[key] = count1.get(key, 0) + 1
        expect("unique(%d boards): values" % m, [int(v) for v in ub], distinct1)
        expect("unique(%d boards): first index" % m, [int(v) for v in index1], [first1[k] for k in distinct1])
        expect("unique(%d boards): inverse" % m, [int(v) for v in inverse1], [row[k] for k in keys1])
        expect("unique(%d boards): counts" % m, [int(v) for v in counts1], [count1[k] for k in distinct1])
    # planes: plane[r, c] is bit 8r + c, and back
    if n:
        planes = bitboard.to_planes(arr.reshape(n, 1))
        k = rng.below(n)
        bits = [[bool(xs[k] >> (8 * r + f) & 1) for f in range(8)] for r in range(8)]
        expect("to_planes, board %d" % k, planes[k, 0].tolist(), bits)
        expect("from_planes(to_planes)", [int(v) for v in bitboard.from_planes(planes).reshape(n)], xs)
        # every layout, dtype and channel count against one shift per square (to_planes'
        # NHWC word writes: 2 channels interleaved, more in groups of 8)
        c = [1, 2, 3, 8, 12, 13][rng.below(6)]
        m = n // c
        if m:
            grid = arr[:m * c].reshape(m, c)
            want = ((grid[:, :, None] >> np.arange(64, dtype=np.uint64)) & np.uint64(1)).astype(np.uint8).reshape(m, c, 8, 8)
            for layout in ("NCHW", "NHWC"):
                for dt in (bool, np.uint8, np.float32):
                    got = bitboard.to_planes(grid, layout=layout, dtype=dt)
                    ref = want if layout == "NCHW" else want.transpose(0, 2, 3, 1)
                    expect("to_planes %s %s, %d boards of %d channels" % (layout, np.dtype(dt).name, m, c),
                           bool(got.dtype == np.dtype(dt) and got.shape == ref.shape and np.array_equal(got.astype(np.uint8), ref)), True)
    return n


def othello_case(rng, ctx):
    ask = ctx.oracle.ask
    oth = bitboard.othello
    p, o = othello_position(rng, ctx.oracle, rng.range(0, 62))
    ctx.note("position p=%s o=%s" % (hexb(p), hexb(o)))
    what = " of p=%s o=%s" % (hexb(p), hexb(o))
    m = int(ask("omoves %d %d" % (p, o)), 16)
    expect("moves" + what, int(oth.moves(p, o)), m)
    squares = list(range(64))
    got = oth.flips(np.full(64, p, np.uint64), np.full(64, o, np.uint64), np.array(squares))
    expect("flips (every square)" + what, [int(v) for v in got],
           [int(ask("oflips %d %d %d" % (p, o, sq)), 16) for sq in squares])
    for sq in [s for s in squares if m >> s & 1][:3]:
        f = int(ask("oflips %d %d %d" % (p, o, sq)), 16)
        expect("play %d" % sq + what, tuple(int(v) for v in oth.play(p, o, sq)), (o & ~f, p | f | (1 << sq)))
    feats = ask("ofeatures %d %d" % (p, o)).split()
    expect("mobility" + what, int(oth.mobility(p, o)), int(feats[0]))
    expect("potential_mobility" + what, int(oth.potential_mobility(p, o)), int(feats[1]))
    expect("frontier" + what, int(oth.frontier(p, o)), int(feats[2], 16))
    expect("stable" + what, int(oth.stable(p, o)), int(feats[3], 16))
    expect("stable_edges" + what, int(oth.stable_edges(p, o)), int(feats[4], 16))
    expect("parity" + what, int(oth.parity(p, o)), int(feats[5]))
    expect("final_score" + what, int(oth.final_score(p, o)), int(feats[6]))
    empties = 64 - bin(p | o).count("1")
    depth = rng.range(1, 6 if empties < 14 else 4)
    conv = rng.below(3)
    threads, hash_mb = rng.pick([1, 1, 2]), rng.pick([0, 0, 1])
    expect("perft(depth %d, %s, threads %d, hash %d)" % (depth, ["oeis", "bik", "nopass"][conv], threads, hash_mb) + what,
           oth.perft(p, o, depth, convention=["oeis", "bik", "nopass"][conv], threads=threads, hash_mb=hash_mb),
           int(ask("operft %d %d %d %d" % (p, o, depth, conv))))
    if empties <= 10:
        wld = rng.below(3) == 0
        score, w, best, pv = ask("osolve %d %d %d" % (p, o, int(wld))).split()
        r = oth.solve(p, o, wld=wld, threads=rng.pick([1, 2]), evaluation=bool(rng.below(4)))
        expect("solve(wld=%s)" % wld + what, (r.score, r.wld), (int(score), int(w)))
        if not wld and r.best != int(best):  # another move order may pick another best move of the same score
            r2 = oth.solve(p, o)
            expect("solve best and pv" + what, (r2.best, list(r2.pv)),
                   (int(best), [] if pv == "-" else [int(x) for x in pv.split(",")]))
    text = oth.board_string(p, o, 0)
    expect("board(board_string())" + what, tuple(oth.board(text))[:2], (p, o))
    return 1


def chess_case(rng, ctx):
    ask = ctx.oracle.ask
    fen, c960 = chess_start(rng)
    pos = bitboard.chess.Position(fen)
    ctx.note("start %s" % fen)
    fens = [ask("cplay %s" % fen)]
    g = "960 " if c960 else ""  # the oracle's FENs are standard style: say which game they are
    expect("fen() of the start '%s'" % fen, pos.fen(), fens[0])
    plies = rng.range(1, 60)
    for k in range(plies):
        now = fens[-1]
        want = ask("cmoves %s%s" % (g, now)).split()
        expect("legal_moves() of '%s'" % now, sorted(pos.legal_moves()), want)
        expect("count_moves() of '%s'" % now, pos.count_moves(), len(want))
        if not want:
            break
        mv = rng.pick(want)
        expect("san(%s) in '%s'" % (mv, now), pos.san(mv), ask("csan %s%s|%s" % (g, now, mv)))
        pos.push_uci(mv)
        fens.append(ask("cplay %s%s|%s" % (g, now, mv)))
        expect("fen() after %s from '%s'" % (mv, now), pos.fen(), fens[-1])
    depth = rng.range(1, 3)
    expect("perft(%d) of '%s'" % (depth, fens[-1]), pos.perft(depth), int(ask("cperft %d %s%s" % (depth, g, fens[-1]))))
    back = rng.range(0, len(fens) - 1)
    for _ in range(back):
        pos.pop()
    expect("fen() after %d pops" % back, pos.fen(), fens[-1 - back])
    return len(fens) - 1


def case(rng, ctx):
    kind = rng.below(3)
    return (boards_case, othello_case, chess_case)[kind](rng, ctx)


if __name__ == "__main__":
    sys.exit(run_area("python", "the Python package against the C library", "items", case, setup=setup,
                      interpreter=sys.executable))
