#!/usr/bin/env python3
"""make bench-python: the Python package side by side with what people do
today, in one run.

    PYTHONPATH=python python3 python/bench/bench_python.py [--n N] [--quick]

Sections (each a median of repeated runs, with the spread min..max, times in
ns per board or per call and cycles at the nominal clock where /proc/cpuinfo
gives one):

  arrays   transform, canonical, canonical_pair, unique on N boards (default
           10**7): bitboard vs numpy as people write it (unpack to (N, 8, 8)
           bool planes, np.rot90 / np.flip, pack back; np.unique over rows)
           vs the C library's array functions called straight from C
           (libbitboard.so through ctypes: one call, the loop in C)
  planes   to_planes into bool / uint8 / float32 vs numpy writing the same
           bytes into a new array (numpy.ones: the memory bandwidth ceiling)
  calls    the cost of one scalar call (Python int in, int out)
  chess    legal moves, perft and PGN to positions vs python-chess, when its
           source is found (PYTHON_CHESS=/path/to/python-chess checkout; it
           runs from source without installation)

The numbers go into docs/BENCHMARKS.md ("Python") with the CPU and this
command.
"""
import argparse
import ctypes
import os
import statistics
import sys
import time
import timeit

import numpy as np

import bitboard
from bitboard import Sym, chess, othello

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def cpu_name():
    info = {}
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if ":" in line:
                    k, v = line.split(":", 1)
                    info.setdefault(k.strip(), v.strip())
    except OSError:
        pass
    return "%s family %s model %s (%s)" % (info.get("vendor_id", "?"), info.get("cpu family", "?"),
                                          info.get("model", "?"), info.get("model name", "?"))


def nominal_ghz():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("cpu MHz"):
                    return float(line.split(":")[1]) / 1000.0
    except OSError:
        pass
    return None


GHZ = nominal_ghz()


def timed(fn, reps):
    ts = []
    for _ in range(reps):
        t0 = time.perf_counter()
        fn()
        ts.append(time.perf_counter() - t0)
    return ts


def fmt(ts, per):
    med = statistics.median(ts) / per * 1e9
    lo, hi = min(ts) / per * 1e9, max(ts) / per * 1e9
    cyc = " %7.2f cyc" % (med * GHZ) if GHZ else ""
    return "%9.3f ns%s  (%.3f..%.3f)" % (med, cyc, lo, hi)


def row(name, ts, per, base=None):
    ratio = ""
    if base is not None:
        ratio = "   %8.1fx" % (statistics.median(base) / statistics.median(ts))
    print("  %-44s %s%s" % (name, fmt(ts, per), ratio))


# --- numpy as people write it ------------------------------------------------

def np_unpack(b):
    return np.unpackbits(b.view(np.uint8).reshape(-1, 8), axis=1, bitorder="little").reshape(-1, 8, 8)


def np_pack(planes):
    return np.packbits(planes.reshape(-1, 64), axis=1, bitorder="little").reshape(-1).view(np.uint64)


def np_images(b):
    pl = np_unpack(b)[:, ::-1, :]        # rank 8 on top
    ops = [lambda a: a, lambda a: np.rot90(a, -1, (1, 2)), lambda a: np.rot90(a, 2, (1, 2)),
           lambda a: np.rot90(a, 1, (1, 2)), lambda a: a[:, ::-1, :], lambda a: a[:, :, ::-1],
           lambda a: np.rot90(a[:, ::-1, :], 1, (1, 2)), lambda a: np.rot90(a[:, ::-1, :], -1, (1, 2))]
    return [np_pack(np.ascontiguousarray(op(pl)[:, ::-1, :])) for op in ops]


def np_transform(b, s):
    pl = np_unpack(b)[:, ::-1, :]
    op = [None, lambda a: np.rot90(a, -1, (1, 2))][s]
    return np_pack(np.ascontiguousarray(op(pl)[:, ::-1, :]))


def np_canonical(b):
    return np.minimum.reduce(np_images(b))


def np_unique_pairs(p, o):
    ip, io = np_images(p), np_images(o)
    # the least (p, o) pair over the images, as a numpy user would: lexicographic minimum
    best_p, best_o = ip[0], io[0]
    for k in range(1, 8):
        better = (ip[k] < best_p) | ((ip[k] == best_p) & (io[k] < best_o))
        best_p = np.where(better, ip[k], best_p)
        best_o = np.where(better, io[k], best_o)
    return np.unique(np.stack([best_p, best_o], 1), axis=0, return_index=True, return_inverse=True,
                     return_counts=True)


# --- the C library straight from C ----------------------------------------------

def c_lib():
    path = os.path.join(ROOT, "build", "libbitboard.so")
    if not os.path.exists(path):
        return None
    lib = ctypes.CDLL(path)
    u64p = ctypes.POINTER(ctypes.c_uint64)
    lib.bb_sym_apply_array.argtypes = [u64p, u64p, ctypes.c_size_t, ctypes.c_int]
    lib.bb_canonical_array.argtypes = [u64p, u64p, ctypes.c_size_t, ctypes.c_void_p]
    lib.bb_canonical_pair_array.argtypes = [u64p, u64p, ctypes.c_size_t, ctypes.c_void_p]
    return lib


def ptr(a):
    return a.ctypes.data_as(ctypes.POINTER(ctypes.c_uint64))


def section_arrays(n, reps, base_reps):
    print("\n== arrays: %d boards (ns per board; ratio = numpy / this)" % n)
    rng = np.random.default_rng(1)
    b = rng.integers(0, 2**64, size=n, dtype=np.uint64)
    o = rng.integers(0, 2**64, size=n, dtype=np.uint64) & ~b
    # unique: a data set with repeats and symmetric images (each of n/4 positions 4 times, turned)
    k = max(n // 4, 1)
    pick = rng.integers(0, k, size=n)
    sym = rng.integers(0, 8, size=n)
    up_, uo_ = b[:k][pick], o[:k][pick]
    dp, do_ = np.empty_like(up_), np.empty_like(uo_)
    for s in range(8):
        m = sym == s
        dp[m] = bitboard.transform(up_[m], s)
        do_[m] = bitboard.transform(uo_[m], s)
    lib = c_lib()
    out = np.empty_like(b)
    out2 = np.empty_like(b)
    syms = np.empty(n, np.uint8)

    assert np.array_equal(bitboard.transform(b[:1000], 1), np_transform(b[:1000], 1))
    assert np.array_equal(bitboard.canonical(b[:1000])[0], np_canonical(b[:1000]))

    print("  transform (rotate_cw)")
    nb = timed(lambda: np_transform(b, 1), base_reps)
    row("numpy unpack + rot90 + pack", nb, n, nb)
    ours, ours_out, cc = [], [], []
    for _ in range(reps):       # alternate: ours (a new array), ours into out=, then C into a reused buffer
        ours += timed(lambda: bitboard.transform(b, Sym.ROTATE_CW), 1)
        ours_out += timed(lambda: bitboard.transform(b, Sym.ROTATE_CW, out=out2), 1)
        if lib:
            cc += timed(lambda: lib.bb_sym_apply_array(ptr(out), ptr(b), n, 1), 1)
    row("bitboard.transform (a new array)", ours, n, nb)
    row("bitboard.transform(out=reused)", ours_out, n, nb)
    if lib:
        row("C bb_sym_apply_array (from C, reused buffer)", cc, n, nb)
        print("    python / C: %.2fx with out=, %.2fx with a new array each call" % (
            statistics.median(ours_out) / statistics.median(cc), statistics.median(ours) / statistics.median(cc)))

    print("  canonical (least of 8 images)")
    nb = timed(lambda: np_canonical(b), base_reps)
    row("numpy 8 images + minimum", nb, n, nb)
    ours, ours_out, cc = [], [], []
    for _ in range(reps):
        ours += timed(lambda: bitboard.canonical(b), 1)
        ours_out += timed(lambda: bitboard.canonical(b, out=out2, syms_out=syms), 1)
        if lib:
            cc += timed(lambda: lib.bb_canonical_array(ptr(out), ptr(b), n, syms.ctypes.data), 1)
    row("bitboard.canonical (new arrays)", ours, n, nb)
    row("bitboard.canonical(out=, syms_out=)", ours_out, n, nb)
    if lib:
        row("C bb_canonical_array (from C, reused buffers)", cc, n, nb)
        print("    python / C: %.2fx with out=, %.2fx with new arrays each call" % (
            statistics.median(ours_out) / statistics.median(cc), statistics.median(ours) / statistics.median(cc)))

    print("  canonical_pair (positions)")
    ours, cc = [], []

    def c_pair():
        np.copyto(out, b)
        np.copyto(out2, o)
        lib.bb_canonical_pair_array(ptr(out), ptr(out2), n, syms.ctypes.data)

    for _ in range(reps):
        ours += timed(lambda: bitboard.canonical_pair(b, o), 1)
        if lib:
            cc += timed(c_pair, 1)
    row("bitboard.canonical_pair", ours, n)
    if lib:
        row("C copy + bb_canonical_pair_array", cc, n)
        print("    python / C: %.2fx" % (statistics.median(ours) / statistics.median(cc)))

    print("  unique positions up to symmetry (%d distinct of %d)" % (len(bitboard.unique(dp, do_)[0]), n))
    nb = timed(lambda: np_unique_pairs(dp, do_), base_reps)
    row("numpy 8 images + lexicographic min + np.unique", nb, n, nb)
    ours = timed(lambda: bitboard.unique(dp, do_), reps)
    row("bitboard.unique", ours, n, nb)
    got = bitboard.unique(dp[:100000], do_[:100000])
    want = np_unique_pairs(dp[:100000], do_[:100000])
    assert np.array_equal(got[0], want[0][:, 0]) and np.array_equal(got[4], want[3])
    nb2 = timed(lambda: np.unique(np.stack([dp, do_], 1), axis=0, return_index=True, return_inverse=True,
                                  return_counts=True), base_reps)
    row("numpy np.unique over rows, no symmetry", nb2, n, nb2)
    ours2 = timed(lambda: bitboard.unique(dp, do_, symmetric=False), reps)
    row("bitboard.unique(symmetric=False)", ours2, n, nb2)
    print("  unique boards (one board each, not positions)")
    nb3 = timed(lambda: np.unique(dp, return_index=True, return_inverse=True, return_counts=True), base_reps)
    row("numpy np.unique", nb3, n, nb3)
    ours3 = timed(lambda: bitboard.unique(dp, symmetric=False), reps)
    row("bitboard.unique(boards, symmetric=False)", ours3, n, nb3)


def section_planes(n, reps):
    print("\n== planes: %d boards as 8x8 planes (ns per board, GB/s written)" % n)
    rng = np.random.default_rng(2)
    b = rng.integers(0, 2**64, size=(n // 2, 2), dtype=np.uint64)
    for dt, size in ((bool, 64), (np.uint8, 64), (np.float32, 256)):
        ours, fill = [], []
        for _ in range(reps):       # alternate: ours, then numpy writing the same bytes into a new array
            ours += timed(lambda: bitboard.to_planes(b, dtype=dt), 1)
            fill += timed(lambda: np.ones((n // 2, 2, 8, 8), dtype=dt), 1)
        gb = lambda ts: n * size / statistics.median(ts) / 1e9
        row("to_planes %-8s (%.1f GB/s)" % (np.dtype(dt).name, gb(ours)), ours, n)
        row("numpy.ones, the same bytes (%.1f GB/s)" % gb(fill), fill, n)
        nb = timed(lambda: np.unpackbits(b.view(np.uint8).reshape(-1, 8), axis=1, bitorder="little")
                   .reshape(n // 2, 2, 8, 8).astype(dt), max(2, reps // 3))
        row("numpy unpackbits + astype", nb, n)
    pl = bitboard.to_planes(b)
    ours = timed(lambda: bitboard.from_planes(pl), reps)
    nb = timed(lambda: np.packbits(pl.reshape(-1, 64), axis=1, bitorder="little").view(np.uint64), reps)
    row("from_planes (bool)", ours, n, nb)
    row("numpy packbits", nb, n, nb)


def section_calls(reps):
    print("\n== calls: one scalar call (ns per call, timeit of 10**6 calls)")
    p, o, _ = othello.start()
    pos = chess.Position()
    cases = [
        ("bitboard.transform(x, 1)", lambda: bitboard.transform(12345, 1)),
        ("bitboard.canonical(x)", lambda: bitboard.canonical(12345)),
        ("othello.moves(p, o)", lambda: othello.moves(p, o)),
        ("othello.flips(p, o, 37)", lambda: othello.flips(p, o, 37)),
        ("Position.count_moves()", pos.count_moves),
        ("Python: a no-op function (the floor)", lambda: None),
    ]
    tr = bitboard._core.transform
    cases.insert(1, ("bitboard._core.transform(x, 1) (no wrapper)", lambda: tr(12345, 1)))
    for name, f in cases:
        ts = [timeit.timeit(f, number=1_000_000) for _ in range(reps)]
        row(name, ts, 1_000_000)


def section_chess(reps, pgn_path, pc_path):
    print("\n== chess: bitboard.chess vs python-chess (ratio = python-chess / this)")
    if not pc_path or not os.path.isdir(os.path.join(pc_path, "chess")):
        print("  SKIP python-chess not found (set PYTHON_CHESS to a checkout of its source)")
        return
    sys.path.insert(0, pc_path)
    import chess as pychess
    import chess.pgn as pychess_pgn
    try:
        import subprocess
        commit = subprocess.run(["git", "-C", pc_path, "rev-parse", "--short", "HEAD"], capture_output=True,
                                text=True).stdout.strip()
    except OSError:
        commit = "?"
    print("  python-chess %s (commit %s) from %s" % (pychess.__version__, commit or "?", pc_path))
    kiwi = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    # legal move lists (as each library hands them out)
    pb, ob = pychess.Board(kiwi), chess.Position(kiwi)
    n = 20000
    def loop(f):     # each list dropped at once (a comprehension would keep them all alive)
        def run():
            for _ in range(n):
                f()
        return run

    theirs = timed(loop(lambda: list(pb.legal_moves)), reps)
    row("python-chess list(board.legal_moves)", theirs, n, theirs)
    ours = timed(loop(ob.legal_moves), reps)
    row("Position.legal_moves() (UCI strings)", ours, n, theirs)
    ours = timed(loop(ob.legal_move_codes), reps)
    row("Position.legal_move_codes() (uint16 array)", ours, n, theirs)

    def pc_perft(board, depth):
        if depth == 1:
            return board.legal_moves.count()
        total = 0
        for m in board.legal_moves:
            board.push(m)
            total += pc_perft(board, depth - 1)
            board.pop()
        return total

    for fen, d in ((None, 4), (kiwi, 3)):
        pb = pychess.Board(fen) if fen else pychess.Board()
        ob = chess.Position(fen)
        want = ob.perft(d)
        assert pc_perft(pb, d) == want
        theirs = timed(lambda: pc_perft(pb, d), max(1, reps // 3))
        row("python-chess perft %d %s (%d)" % (d, "kiwipete" if fen else "start", want), theirs, want, theirs)

        def ours_py():     # a perft written in Python over our Position
            def rec(pos, depth):
                if depth == 1:
                    return pos.count_moves()
                t = 0
                for m in pos.legal_move_codes():
                    pos.push(int(m))
                    t += rec(pos, depth - 1)
                    pos.pop()
                return t
            assert rec(ob, d) == want
        ts = timed(ours_py, reps)
        row("  the same loop in Python over Position", ts, want, theirs)
        ts = timed(lambda: ob.perft(d), reps)
        row("  Position.perft (the loop in C)", ts, want, theirs)
    if pgn_path and os.path.exists(pgn_path):
        games = 2000
        data = open(pgn_path, encoding="utf-8").read()
        # the first `games` games of the file
        cut, at = 0, 0
        for _ in range(games + 1):
            at = data.find("[Event ", at + 1)
            if at < 0:
                break
            cut = at
        part = os.path.join("/tmp", "bench_python_%d.pgn" % os.getpid())
        with open(part, "w", encoding="utf-8") as f:
            f.write(data[:cut] if cut else data)

        def pc_read():
            import io
            count = 0
            with open(part, encoding="utf-8") as f:
                while True:
                    g = pychess_pgn.read_game(f)
                    if g is None:
                        break
                    board = g.board()
                    for m in g.mainline_moves():
                        board.push(m)
                        board.occupied  # the position is there
                    count += 1
            return count

        def ours_read():
            count = 0
            for g in chess.read_pgn(part):
                count += 1
            return count
        n_games = ours_read()
        theirs = timed(pc_read, max(1, reps // 5))
        row("python-chess read_game + replay (%d games)" % n_games, theirs, n_games, theirs)
        ours = timed(ours_read, reps)
        row("chess.read_pgn with positions", ours, n_games, theirs)
        os.unlink(part)
    else:
        print("  SKIP the PGN part: no file (BENCH_PGN=build/bench/bench.pgn, made by make bench)")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--n", type=int, default=10**7, help="boards in the array sections (default 10**7)")
    ap.add_argument("--reps", type=int, default=11, help="repetitions of the fast timings (default 11)")
    ap.add_argument("--base-reps", type=int, default=3, help="repetitions of the numpy baselines (default 3)")
    ap.add_argument("--quick", action="store_true", help="10**5 boards, 3 repetitions: a smoke run")
    ap.add_argument("--only", default="arrays,planes,calls,chess", help="sections, comma-separated")
    a = ap.parse_args()
    if a.quick:
        a.n, a.reps, a.base_reps = 10**5, 3, 1
    print("bitboard %s (Python %s, numpy %s) on %s; array code: %s" % (
        bitboard.__version__, sys.version.split()[0], np.__version__, cpu_name(), bitboard.implementation()))
    if GHZ:
        print("cycles at the %.2f GHz /proc/cpuinfo reports (nominal; the VM has no cycle counter)" % GHZ)
    only = set(a.only.split(","))
    if "arrays" in only:
        section_arrays(a.n, a.reps, a.base_reps)
    if "planes" in only:
        section_planes(a.n, a.reps)
    if "calls" in only:
        section_calls(5 if not a.quick else 2)
    if "chess" in only:
        section_chess(a.reps if not a.quick else 2, os.environ.get("BENCH_PGN"), os.environ.get("PYTHON_CHESS"))


if __name__ == "__main__":
    main()
