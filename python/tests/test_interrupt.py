"""Long calls (Othello perft and solve, chess perft) stop on Ctrl-C with
KeyboardInterrupt, and report progress to a callback that can stop them."""
import os
import signal
import subprocess
import sys
import textwrap

import pytest

from bitboard import chess, othello

HERE = os.path.dirname(os.path.abspath(__file__))
PKG = os.path.dirname(HERE)

# 24 plies from the start (f5d6c5b6b5f4a7c6e6b7c4a6a5f6c7a8d7e7f7c8g4a4g6g5):
# minutes to solve
EMPTIES_36 = "------------------------O-XXXXX-OOXXOOO-OXXXXXX-OXXOXX--O-O----- X"

# Each runs for minutes if nothing stops it.
LONG_CALLS = {
    "othello_solve": "othello.solve(*othello.board(EMPTIES_36)[:2])",
    "othello_perft": "p, o, _ = othello.start(); othello.perft(p, o, 16)",
    "chess_perft": "chess.Position().perft(9)",
}


def _interrupted(code):
    """Runs code in a child, sends SIGINT once it has run for a second, and
    returns (exit status, stderr) once it ends; None if it had not ended 20 s
    after the signal (then it is killed)."""
    script = textwrap.dedent("""
        import signal, sys
        signal.signal(signal.SIGINT, signal.default_int_handler)  # even if the parent ignores SIGINT
        from bitboard import chess, othello
        EMPTIES_36 = %r
        print("running", flush=True)
    """ % EMPTIES_36) + textwrap.dedent(code)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([PKG] + [os.environ.get("PYTHONPATH", "")]))
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, env=env)
    try:
        assert child.stdout.readline() == "running\n"
        try:
            child.wait(timeout=1)
            pytest.fail("the long call ended by itself: " + child.stderr.read())
        except subprocess.TimeoutExpired:
            pass
        child.send_signal(signal.SIGINT)
        try:
            rc = child.wait(timeout=20)
        except subprocess.TimeoutExpired:
            return None
        return rc, child.stderr.read()
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        child.stdout.close()
        child.stderr.close()


@pytest.mark.parametrize("name", sorted(LONG_CALLS))
def test_ctrl_c_stops_long_calls(name):
    got = _interrupted(LONG_CALLS[name])
    assert got is not None, "%s went on for 20 s after SIGINT" % name
    rc, err = got
    assert rc != 0 and err.rstrip().endswith("KeyboardInterrupt"), err


class Stop(Exception):
    pass


def _stop_after(n, seen):
    def progress(info):
        seen.append(info)
        if len(seen) >= n:
            raise Stop("enough")
    return progress


def test_progress_reports_and_stops_othello_perft():
    p, o, _ = othello.start()
    seen = []
    with pytest.raises(Stop):
        othello.perft(p, o, 16, progress=_stop_after(2, seen))
    assert len(seen) == 2
    assert set(seen[0]) == {"nodes", "seconds", "done", "total"}
    assert 0 <= seen[0]["done"] <= seen[1]["done"] < seen[1]["total"]
    assert seen[0]["nodes"] <= seen[1]["nodes"]


# Issue 52: without a table (hash_mb=0, the default) from a midgame position,
# the stoppable walk listed its subtrees 8 plies down before it watched
# anything: 30-51 s before Ctrl-C was seen, no progress report at all.
MIDGAME = "f5d6c3d3c4f4f6f3e6e7c6"


def test_ctrl_c_and_progress_in_a_table_less_midgame_perft():
    code = """
        p, o, _ = othello.transcript(%r)
        seen = []
        try:
            othello.perft(p, o, 16, progress=seen.append)  # minutes if nothing stops it
        except KeyboardInterrupt:
            print("stopped", len(seen), max([s["nodes"] for s in seen] or [0]), file=sys.stderr)
            sys.exit(3)
    """ % MIDGAME
    got = _interrupted(code)
    assert got is not None, "othello.perft went on for 20 s after SIGINT"
    rc, err = got
    assert rc == 3, err
    words = err.split()
    assert words[0] == "stopped", err
    # reported before it stopped, and with leaves counted inside unfinished subtrees
    assert int(words[1]) >= 1 and int(words[2]) > 0, err


def test_progress_reports_and_stops_chess_perft():
    # reports come as root moves finish (on two threads, as the two-ply
    # subtrees that make them up finish)
    seen = []
    with pytest.raises(Stop):
        chess.Position().perft(7, threads=2, progress=_stop_after(1, seen))
    assert set(seen[0]) == {"nodes", "seconds", "done", "total"}
    assert seen[0]["total"] == 20 and 0 <= seen[0]["done"] < 20 and seen[0]["nodes"] > 0


def test_progress_reports_and_stops_solve():
    p, o, _ = othello.board(EMPTIES_36)
    seen = []
    with pytest.raises(Stop):
        othello.solve(p, o, progress=_stop_after(1, seen))
    assert set(seen[0]) == {"nodes", "seconds"} and seen[0]["nodes"] > 0


def test_progress_of_a_finished_call_and_its_result():
    # a call that ends: the same count as without a callback, and the last
    # report has every part done
    p, o, _ = othello.start()
    seen = []
    assert othello.perft(p, o, 9, progress=seen.append) == othello.perft(p, o, 9) == 3005288
    assert seen and seen[-1]["done"] == seen[-1]["total"]
    seen = []
    assert chess.Position().perft(5, progress=seen.append) == 4865609
    assert seen[-1]["done"] == seen[-1]["total"] == 20
    q, r, _ = othello.board("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X")
    assert othello.solve(q, r, progress=lambda info: None).score == 18


def test_progress_must_be_callable():
    p, o, _ = othello.start()
    with pytest.raises(TypeError, match="progress: expected a callable"):
        othello.perft(p, o, 3, progress=3)
    with pytest.raises(TypeError, match="progress: expected a callable"):
        othello.solve(p, o, progress="x")
    with pytest.raises(TypeError, match="progress: expected a callable"):
        chess.Position().perft(3, progress=[])
