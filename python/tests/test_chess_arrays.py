"""read_pgn_arrays against a slow reference built from read_pgn's game
objects, on the CLI tests' PGN files (bad games, comments, variations,
Chess960, CRLF), compressed, filtered and on threads."""
import gzip
import os

import numpy as np
import pytest

from bitboard import chess

PGN_DIR = os.path.join(os.path.dirname(__file__), "..", "..", "tests", "cli", "chess_pgn")
NAMES = ["games.pgn", "bad.pgn", "filter.pgn", "rule.pgn", "split.pgn", "nul.pgn"]
KEYS = ["boards", "side", "castling", "ep", "move", "result", "white_elo", "black_elo", "tc_base", "tc_increment",
        "ply", "game"]


def _number(v):
    return int(v) if v is not None and v.isdigit() and int(v) <= 9999 else -1


def _tc(v):
    parts = (v or "").split("+")
    if len(parts) in (1, 2) and all(p.isdigit() for p in parts):
        return int(parts[0]), int(parts[1]) if len(parts) == 2 else 0
    return -1, -1


def reference(path, **kw):
    """The rows, position by position, from read_pgn's games and move_index."""
    rows = {k: [] for k in KEYS}
    for g in chess.read_pgn(path, **kw):
        if g["error"]:
            continue
        res = {"1-0": 1, "0-1": -1, "1/2-1/2": 0}.get(g["result"], -2)
        base, inc = _tc(g["tags"].get("TimeControl"))
        pos = chess.Position(g["start_fen"])
        for k, uci in enumerate(g["uci"]):
            rows["boards"].append(g["boards"][k])
            rows["side"].append(g["side"][k])
            rows["castling"].append(g["castling"][k])
            rows["ep"].append(g["ep"][k])
            rows["move"].append(-1 if uci == "0000" else chess.move_index(pos, uci))
            rows["result"].append(res)
            rows["white_elo"].append(_number(g["tags"].get("WhiteElo")))
            rows["black_elo"].append(_number(g["tags"].get("BlackElo")))
            rows["tc_base"].append(base)
            rows["tc_increment"].append(inc)
            rows["ply"].append(k)
            rows["game"].append(g["number"])
            if uci == "0000":
                pos.push(0)
            else:
                pos.push_uci(uci)
    return rows


def joined(path, **kw):
    batches = list(chess.read_pgn_arrays(path, **kw))
    return {k: np.concatenate([b[k] for b in batches]) if batches else np.zeros(0) for k in KEYS}, batches


def mixed(tmp_path):
    text = b""
    for name in NAMES:
        with open(os.path.join(PGN_DIR, name), "rb") as f:
            data = f.read()
        text += data + b"\n" + data.replace(b"\n", b"\r\n") + b"\n"
    path = tmp_path / "mixed.pgn"
    path.write_bytes(text * 3)
    return path


def check_equal(got, want):
    for k in KEYS:
        w = np.array(want[k]).reshape(got[k].shape) if want[k] else np.zeros(got[k].shape)
        assert got[k].shape[0] == len(want[k]), k
        assert np.array_equal(got[k].astype(np.int64), w.astype(np.int64)), k


@pytest.mark.parametrize("name", NAMES)
def test_arrays_equal_the_reference(name):
    path = os.path.join(PGN_DIR, name)
    got, _ = joined(path, batch=7)
    check_equal(got, reference(path))


def test_arrays_mixed_compressed_threads_batches(tmp_path):
    path = mixed(tmp_path)
    want = reference(path)
    assert len(want["move"]) > 100
    gz = tmp_path / "mixed.pgn.gz"
    gz.write_bytes(gzip.compress(path.read_bytes()))
    for p in (path, gz):
        for threads in (1, 2, 3):
            got, batches = joined(p, batch=50, threads=threads)
            check_equal(got, want)
            assert all(len(b["move"]) == 50 for b in batches[:-1]) and 0 < len(batches[-1]["move"]) <= 50
            assert batches[0]["boards"].dtype == np.uint64 and batches[0]["move"].dtype == np.int16


def test_arrays_filters_and_counts():
    path = os.path.join(PGN_DIR, "filter.pgn")
    for kw in ({"elo": (2000, None)}, {"variant": "chess960"}, {"filter": ["result=1-0"]}, {"time_control": "blitz"}):
        got, _ = joined(path, batch=1000, **kw)
        check_equal(got, reference(path, **kw))
    it = chess.read_pgn_arrays(path, elo=(2000, None))
    list(it)
    games = list(chess.read_pgn(path))
    assert it.kept + it.dropped + it.errors == len(games)
    assert it.errors == sum(1 for g in games if g["error"]) and it.dropped > 0


def test_arrays_bad_arguments(tmp_path):
    with pytest.raises(ValueError, match="batch"):
        chess.read_pgn_arrays(os.path.join(PGN_DIR, "games.pgn"), batch=0)
    with pytest.raises(ValueError, match="threads"):
        chess.read_pgn_arrays(os.path.join(PGN_DIR, "games.pgn"), threads=0)
    with pytest.raises(ValueError, match="nonsense"):
        chess.read_pgn_arrays(os.path.join(PGN_DIR, "games.pgn"), filter=["nonsense=1"])
    with pytest.raises(OSError):
        chess.read_pgn_arrays(tmp_path / "nope.pgn")
    cut = tmp_path / "cut.pgn.gz"
    cut.write_bytes(gzip.compress(b"".join(b'[Event "%d"]\n\n1. e4 {%d} e5 *\n\n' % (k, k * 7919)
                                           for k in range(20000)))[:30000])
    with pytest.raises(OSError, match="cut"):
        list(chess.read_pgn_arrays(cut, batch=100))
