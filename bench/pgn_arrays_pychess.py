#!/usr/bin/env python3
"""Issue 50's Python figure: a PGN file (plain or .zst) into training arrays,
bitboard's chess.read_pgn_arrays against python-chess + zstandard doing the
same job with its usual recipe (chess.pgn.read_game in a loop), side by side
in one run.  Not run by make test (it needs python-chess, which Debian 12 does
not package: point PYTHON_CHESS at a checkout of its source).

  PYTHON_CHESS=/tmp/pychess python3 bench/pgn_arrays_pychess.py FILE [--games N] [--reps R]

The first N games of FILE (default 2000: python-chess manages a few hundred a
second) are cut into a file of their own, compressed again with zstd -19 when
FILE is zstd, which both read whole; then bitboard reads the whole FILE.  Before any
time is printed, the two sets of arrays are compared column by column
(boards, side, castling, en passant, the move's policy index, result, Elos,
time control, ply, game), so both did the same work.  Prints games/s,
positions/s and the ratio, medians of R runs (default 3) with the range.
"""
import argparse
import io
import os
import statistics
import subprocess
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "python"))
from bitboard import chess as bbchess  # noqa: E402

COLUMNS = ("boards", "side", "castling", "ep", "move", "result", "white_elo", "black_elo",
           "tc_base", "tc_increment", "ply", "game")


def open_text(path):
    raw = open(path, "rb")
    if raw.read(4) == b"\x28\xb5\x2f\xfd":
        import zstandard
        raw.seek(0)
        return io.TextIOWrapper(zstandard.ZstdDecompressor().stream_reader(raw), encoding="utf-8", errors="replace")
    raw.seek(0)
    return io.TextIOWrapper(raw, encoding="utf-8", errors="replace")


def pychess_arrays(pc, pcpgn, path, games):
    """The usual recipe, written as a training-set script would: one row a
    position before a main-line move, in bitboard's layout."""
    KNIGHT_PLANE = {(1, 2): 56, (2, 1): 57, (2, -1): 58, (1, -2): 59, (-1, -2): 60, (-2, -1): 61, (-2, 1): 62, (-1, 2): 63}
    QUEEN_DIR = {(0, 1): 0, (1, 1): 1, (1, 0): 2, (1, -1): 3, (0, -1): 4, (-1, -1): 5, (-1, 0): 6, (-1, 1): 7}
    sign = lambda x: (x > 0) - (x < 0)  # noqa: E731

    def policy(board, m):
        v = 56 if board.turn == pc.BLACK else 0
        f, t = m.from_square ^ v, m.to_square ^ v
        if board.is_castling(m):
            t = (f & 56) | (6 if (t & 7) > (f & 7) else 2)
        fs, rs = (t & 7) - (f & 7), (t >> 3) - (f >> 3)
        if m.promotion and m.promotion != pc.QUEEN:
            return (64 + 3 * (m.promotion - pc.KNIGHT) + fs + 1) * 64 + f
        if (fs, rs) in KNIGHT_PLANE:
            return KNIGHT_PLANE[(fs, rs)] * 64 + f
        d = max(abs(fs), abs(rs))
        return (QUEEN_DIR[(sign(fs), sign(rs))] * 7 + d - 1) * 64 + f

    def number(s):
        return int(s) if s and s.isdigit() and int(s) <= 9999 else -1

    cols = {c: [] for c in COLUMNS}
    n = 0
    with open_text(path) as f:
        while n < games:
            g = pcpgn.read_game(f)
            if g is None:
                break
            n += 1
            if g.errors:
                continue
            h = g.headers
            res = {"1-0": 1, "0-1": -1, "1/2-1/2": 0}.get(h.get("Result"), -2)
            we, be = number(h.get("WhiteElo")), number(h.get("BlackElo"))
            base, inc = -1, -1
            tc = h.get("TimeControl", "")
            b_, _, i_ = tc.partition("+")
            if b_.isdigit() and (i_ == "" or i_.isdigit()):
                base, inc = int(b_), int(i_ or 0)
            board = g.board()
            for ply, m in enumerate(g.mainline_moves()):
                cols["boards"].append([board.pieces_mask(pt, c) for c in (pc.WHITE, pc.BLACK) for pt in range(1, 7)])
                cols["side"].append(0 if board.turn == pc.WHITE else 1)
                cr = board.castling_rights
                cols["castling"].append((1 if cr & pc.BB_H1 else 0) | (2 if cr & pc.BB_A1 else 0)
                                        | (4 if cr & pc.BB_H8 else 0) | (8 if cr & pc.BB_A8 else 0))
                ep = board.ep_square if board.has_pseudo_legal_en_passant() else None  # a pawn beside, as bitboard keeps it
                cols["ep"].append(64 if ep is None else ep)
                cols["move"].append(policy(board, m))
                cols["result"].append(res)
                cols["white_elo"].append(we)
                cols["black_elo"].append(be)
                cols["tc_base"].append(base)
                cols["tc_increment"].append(inc)
                cols["ply"].append(ply)
                cols["game"].append(n)
                board.push(m)
    return n, cols


def ours_arrays(path, threads=1):
    parts = {c: [] for c in COLUMNS}
    rows = 0
    for batch in bbchess.read_pgn_arrays(path, threads=threads):
        for c in COLUMNS:
            parts[c].append(batch[c])
        rows += len(batch["game"])
    return rows, {c: np.concatenate(parts[c]) if parts[c] else np.zeros(0) for c in COLUMNS}


def cut(path, games, folder):
    """The first `games` games of path in a file of their own (zstd -19 again if path is zstd)."""
    with open_text(path) as f:
        text, at, n = [], 0, 0
        for line in f:
            if line.startswith("[Event ") and n == games:
                break
            if line.startswith("[Event "):
                n += 1
            text.append(line)
    data = "".join(text).encode("utf-8")
    with open(path, "rb") as f:
        zst = f.read(4) == b"\x28\xb5\x2f\xfd"
    out = os.path.join(folder, "first-%d.pgn%s" % (games, ".zst" if zst else ""))
    if zst:
        import zstandard
        data = zstandard.ZstdCompressor(level=19).compress(data)
    with open(out, "wb") as f:
        f.write(data)
    return out


def timed(f, reps):
    """Median, min and max wall seconds, the median CPU seconds of the
    process (every thread's), and f's result."""
    ts, cs = [], []
    for _ in range(reps):
        t, c = time.perf_counter(), time.process_time()
        out = f()
        ts.append(time.perf_counter() - t)
        cs.append(time.process_time() - c)
    return statistics.median(ts), min(ts), max(ts), statistics.median(cs), out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("file")
    ap.add_argument("--games", type=int, default=2000, help="games for python-chess (default 2000)")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--threads", type=int, default=2, help="bitboard's threads on the whole file (default 2)")
    a = ap.parse_args()
    pc_path = os.environ.get("PYTHON_CHESS")
    if pc_path:
        sys.path.insert(0, pc_path)
    import chess as pc
    import chess.pgn as pcpgn
    for k in ("vendor_id", "cpu family", "model\t"):
        print(next(line.strip() for line in open("/proc/cpuinfo") if line.startswith(k)))
    commit = ""
    if pc_path and os.path.isdir(os.path.join(pc_path, ".git")):
        commit = subprocess.run(["git", "-C", pc_path, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    import zstandard
    print("python-chess %s %s, zstandard %s, numpy %s, Python %s" % (pc.__version__, commit, zstandard.__version__,
                                                                     np.__version__, sys.version.split()[0]))
    print("file %s (%.1f MB as stored)" % (a.file, os.path.getsize(a.file) / 1e6))

    import tempfile
    folder = tempfile.mkdtemp(prefix="bb-pychess-")
    part = cut(a.file, a.games, folder)
    # the same work first: every column equal on the first N games
    n, theirs = pychess_arrays(pc, pcpgn, part, a.games + 1)
    _, ours = ours_arrays(part)
    for c in COLUMNS:
        t = np.asarray(theirs[c], dtype=np.uint64 if c == "boards" else np.int64)
        o = ours[c].astype(t.dtype)
        if t.shape != o.shape or not np.array_equal(t, o):
            bad = next((i for i in range(min(len(t), len(o))) if not np.array_equal(t[i], o[i])), min(len(t), len(o)))
            sys.exit("column %s differs: %s rows against %s, first at row %d" % (c, t.shape, o.shape, bad))
    rows = len(theirs["game"])
    print("the same arrays: %d games, %d rows, every column equal" % (n, rows))

    print("wall seconds: median (min-max) of %d runs; CPU: the median's process CPU seconds, every thread's" % a.reps)
    line = "%-42s %8.3f s (%.3f-%.3f) CPU %8.3f s %9.0f games/s %10.0f rows/s %s"
    tm, tlo, thi, tc, _ = timed(lambda: pychess_arrays(pc, pcpgn, part, n), a.reps)
    print(line % ("python-chess + zstandard, %d games" % n, tm, tlo, thi, tc, n / tm, rows / tm, ""))
    om, olo, ohi, oc, _ = timed(lambda: ours_arrays(part, threads=1), a.reps)
    print(line % ("read_pgn_arrays, 1 thread, %d games" % n, om, olo, ohi, oc, n / om, rows / om,
                  "%.0fx wall, %.0fx CPU" % (tm / om, tc / oc)))
    wm, wlo, whi, wc, (wrows, whole) = timed(lambda: ours_arrays(a.file, threads=a.threads), a.reps)
    wgames = len(np.unique(whole["game"]))
    print(line % ("read_pgn_arrays, %d threads, whole file" % a.threads, wm, wlo, whi, wc, wgames / wm, wrows / wm,
                  "%.0fx python-chess's games/s (wall), %.0fx per CPU second" % ((wgames / wm) / (n / tm), (wgames / wc) / (n / tc))))
    os.unlink(part)
    os.rmdir(folder)


if __name__ == "__main__":
    main()
