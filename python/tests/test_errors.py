"""Errors of the extension: text with a NUL is refused, not cut; every
MemoryError says what could not be allocated; messages carry their numbers
(PyErr_Format has no %g)."""
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import bitboard
from bitboard import chess, othello

START = "-" * 27 + "OX------XO" + "-" * 27 + " X"


def test_nul_in_text_is_refused_with_argument_and_position():
    pos = chess.Position()
    calls = [
        ("san", 2, lambda: pos.push_san("e4\x00e5")),
        ("uci", 4, lambda: pos.push_uci("e2e4\x00")),
        ("uci", 0, lambda: pos.san("\x00e2e4")),
        ("move", 4, lambda: chess.move_index(pos, "e2e4\x00junk")),
        ("fen", 3, lambda: chess.Position("rnb\x00qkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")),
        ("path", 1, lambda: chess.read_pgn("a\x00b.pgn")),
        ("text", 66, lambda: othello.board(START + "\x00junk")),
        ("text", 4, lambda: othello.transcript("f5d6\x00c3")),
        ("text", 2, lambda: othello.normalize_transcript("f5\x00d6")),
        ("san", 3, lambda: pos.push_san("\u00e9 \u00e9\x00")),  # characters, not UTF-8 bytes
    ]
    for arg, at, call in calls:
        with pytest.raises(ValueError, match=r"^%s: a NUL character at position %d " % (arg, at)):
            call()
    assert pos.fen() == chess.Position().fen()  # nothing was played
    # the text without the NUL still works
    assert pos.push_san("e4") == "e2e4"
    assert othello.transcript("f5d6") == othello.transcript("f5 d6")


def test_keyword_name_with_nul_is_not_a_prefix_match():
    # fast_args compared C strings: "boards\0x" matched "boards"
    with pytest.raises(TypeError, match="unexpected keyword argument 'boards\\\\x00x'"):
        bitboard.transform(**{"boards\x00x": 1, "sym": 0})


def test_search_seconds_message_has_the_number():
    p, o, _ = othello.start()
    for bad, shown in ((-1, "-1.0"), (1e6, "1000000.0"), (float("nan"), "nan"), (-0.25, "-0.25")):
        with pytest.raises(ValueError) as e:
            othello.search(p, o, seconds=bad)
        assert str(e.value) == "seconds: %s is not 0..86400 (0: no limit)" % shown


def run_limited(code):
    """Runs code in a child whose address space is capped just above what it
    uses, so a large allocation fails; returns its stdout."""
    prog = textwrap.dedent("""
        import resource, numpy as np, bitboard
        from bitboard import othello
        def cap(extra_mb=64):
            with open("/proc/self/statm") as f:
                vm = int(f.read().split()[0]) * resource.getpagesize()
            resource.setrlimit(resource.RLIMIT_AS, (vm + (extra_mb << 20), resource.RLIM_INFINITY))
        """) + textwrap.dedent(code)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    r = subprocess.run([sys.executable, "-c", prog], capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    return r.stdout


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS and /proc are Linux's")
def test_memory_errors_say_what():
    out = run_limited("""
        n = 4_000_000
        p = np.arange(1, n + 1, dtype=np.uint64) << np.uint64(32)
        o = np.arange(1, n + 1, dtype=np.uint64)
        cap()
        for f in (lambda: bitboard.unique(p, o), lambda: othello.SearchTable(mb=4096)):
            try:
                f()
                print("no error")
            except MemoryError as e:
                print(str(e))
        """)
    lines = out.splitlines()
    assert len(lines) == 2, out
    assert lines[0].startswith("out of memory: unique's working space for 4000000 boards ("), out
    assert lines[1] == "out of memory: a SearchTable of 4096 MiB", out
