"""No leaks over a million calls, the GIL released, the stub file true to the
module, and the install into a fresh venv.

BB_PY_SHARE=N (make test: tests/python.sh, 5) makes the leak test's loops
N times shorter (200,000 calls at 5): a leak of one object per call still
grows the traced memory past the limit several times over, and the
reference counts are exact at any length; make python-test runs them all."""
import ast
import os
import subprocess
import sys
import threading
import tracemalloc

import numpy as np
import pytest

import bitboard
from bitboard import chess, othello

HERE = os.path.dirname(os.path.abspath(__file__))
PKG = os.path.dirname(HERE)


SHARE = int(os.environ.get("BB_PY_SHARE", "1"))


def test_no_leaks_over_a_million_calls():
    b = np.arange(8, dtype=np.uint64)
    p, o, _ = othello.start()
    pos = chess.Position()
    calls = [
        lambda: bitboard.transform(12345, 1),
        lambda: bitboard.canonical(12345),
        lambda: bitboard.transform(b, 3),
        lambda: bitboard.canonical_pair(b, b << np.uint64(8)),
        lambda: othello.moves(p, o),
        lambda: othello.play(p, o, 37),
        lambda: pos.legal_moves(),
    ]
    for f in calls:          # warm up (caches, free lists)
        for _ in range(1000):
            f()
    refs = [sys.getrefcount(x) for x in (b, pos, None, True)]
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    n = 0
    while n < 1_000_000 // SHARE:
        for f in calls:
            f()
        n += len(calls)
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    grown = sum(s.size_diff for s in after.compare_to(before, "filename") if s.size_diff > 0)
    assert grown < 64 * 1024, "memory grew by %d bytes over %d calls" % (grown, n)
    assert [sys.getrefcount(x) for x in (b, pos)] == refs[:2]
    # errors do not leak either
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    for _ in range(100_000 // SHARE):
        try:
            bitboard.transform(np.zeros(2, np.int64), 1)
        except TypeError:
            pass
        try:
            othello.play(p, o, 0)
        except ValueError:
            pass
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    grown = sum(s.size_diff for s in after.compare_to(before, "filename") if s.size_diff > 0)
    assert grown < 64 * 1024


def _overlaps(long_call):
    """True if this thread runs Python code while long_call runs in another."""
    started, done = threading.Event(), threading.Event()

    def work():
        started.set()
        long_call()
        done.set()

    t = threading.Thread(target=work)
    t.start()
    started.wait()
    ticks = 0
    while not done.is_set():
        ticks += 1
    t.join()
    return ticks


def test_gil_released():
    # While a call holding the GIL runs, no other Python thread can count at
    # all; these calls run for many switch intervals, so a released GIL
    # shows as a large count.
    # On a loaded machine (make test runs four lanes on two cores) this thread
    # may get no core during one call, so each call has five tries; with the
    # GIL held every try counts next to nothing.
    p, o, _ = othello.start()
    big = np.random.default_rng(1).integers(0, 2**64, size=20_000_000, dtype=np.uint64)
    for name, call in (("othello.perft", lambda: othello.perft(p, o, 10)), ("canonical", lambda: bitboard.canonical(big)),
                       ("chess perft", lambda: chess.Position().perft(5))):
        counts = []
        while len(counts) < 5 and (not counts or counts[-1] <= 10_000):
            counts.append(_overlaps(call))
        assert counts[-1] > 10_000, "%s: this thread counted %s while it ran" % (name, counts)


def _names_in_stub(path):
    tree = ast.parse(open(path).read())
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return names


@pytest.mark.parametrize("mod,stub", [(bitboard, "__init__.pyi"), (othello, "othello.pyi"), (chess, "chess.pyi")])
def test_stub_matches_module(mod, stub):
    names = _names_in_stub(os.path.join(PKG, "bitboard", stub))
    public = set(mod.__all__) - {"othello", "chess"}
    assert names - {"__version__"} >= public - {"__version__"}, "missing in the stub: %s" % (public - names)
    extra = {n for n in names if not n.startswith("_")} - public
    assert not extra, "in the stub, not in the module: %s" % extra
    for n in public:
        assert hasattr(mod, n)


def test_stub_methods_of_position():
    tree = ast.parse(open(os.path.join(PKG, "bitboard", "chess.pyi")).read())
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Position")
    stubbed = {n.name for n in cls.body if isinstance(n, ast.FunctionDef)}
    real = {n for n in dir(chess.Position) if not n.startswith("_")}
    assert stubbed - {"__init__", "__eq__", "__copy__"} == real


def test_docstrings_everywhere():
    for mod in (bitboard, othello, chess):
        for n in mod.__all__:
            obj = getattr(mod, n)
            if callable(obj):
                assert obj.__doc__ and len(obj.__doc__) > 20, "%s.%s has no docstring" % (mod.__name__, n)


@pytest.mark.skipif(os.environ.get("BB_SKIP_INSTALL") == "1", reason="BB_SKIP_INSTALL=1")
def test_install_in_fresh_venv(tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], check=True)
    py = venv / "bin" / "python"
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    r = subprocess.run([str(py), "-m", "pip", "install", "--no-build-isolation", "--no-index", "-q", PKG],
                       capture_output=True, text=True, env=env, cwd=str(tmp_path))
    assert r.returncode == 0, r.stdout + r.stderr
    r = subprocess.run([str(py), "-c", "import bitboard, bitboard.othello as o; print(bitboard.__version__, "
                        "bitboard.__file__); p, q, _ = o.start(); print(o.perft(p, q, 5))"],
                       capture_output=True, text=True, env=env, cwd=str(tmp_path))
    assert r.returncode == 0, r.stderr
    version, where = r.stdout.split("\n")[0].split()
    assert version == bitboard.__version__
    assert str(venv) in where
    assert r.stdout.split("\n")[1] == "1396"


@pytest.mark.parametrize("mod", [bitboard, othello, chess])
def test_docstring_examples(mod):
    import doctest
    r = doctest.testmod(mod, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert r.failed == 0 and r.attempted > 0
