"""Othello over numpy arrays: moves, flips, play, features, perft, the exact
endgame solver, board strings, transcripts, WTHOR and GGF game records, and
augmentation for training.

A position is two boards: ``p``, the discs of the side to move, and ``o``,
the opponent's (``p & o == 0``).  Squares are 0..63 (a1 = 0, h1 = 7,
a8 = 56); :data:`PASS` (64) is a pass.  Array functions take ``uint64``
arrays of any shape (``p`` and ``o`` of the same shape, or one a scalar)
and loop in C with the GIL released.

>>> from bitboard import othello
>>> p, o, side = othello.start()
>>> othello.mobility(p, o)
4
>>> p2, o2 = othello.play(p, o, othello.square("f5"))
>>> othello.board_string(p2, o2, 1)[24:40]      # rows 4 and 5 after f5
'---OX------XXX--'
"""
from collections import namedtuple as _namedtuple
import os as _os

import numpy as _np

from . import _core, _SQ

PASS = 64
BLACK = 0
WHITE = 1

def square(name):
    """The square number of a name: ``square("f5") == 37``; ``"pa"`` or ``"--"`` is :data:`PASS`."""
    s = str(name).strip().lower()
    if s in ("pa", "ps", "--"):
        return PASS
    if len(s) != 2 or s[0] not in "abcdefgh" or s[1] not in "12345678":
        raise ValueError("square: %r is not a square name (a1 .. h8)" % (name,))
    return (ord(s[1]) - ord("1")) * 8 + ord(s[0]) - ord("a")


def square_name(sq):
    """The name of square ``sq``: ``square_name(37) == "f5"``; :data:`PASS` is ``"pa"``."""
    sq = int(sq)
    if sq == PASS:
        return "pa"
    if not 0 <= sq < 64:
        raise ValueError("sq: %d is not a square (0..63, or 64 = pass)" % sq)
    return "abcdefgh"[sq & 7] + str(1 + (sq >> 3))


def start():
    """The start position: ``(p, o, side)`` with black (:data:`BLACK`) to move."""
    return _core.othello_parse("-" * 27 + "OX------XO" + "-" * 27 + " X")


moves = _core.moves


flips = _core.flips


play = _core.play


mobility = _core.mobility


potential_mobility = _core.potential_mobility


frontier = _core.frontier


stable = _core.stable


stable_edges = _core.stable_edges


parity = _core.parity


final_score = _core.final_score


def squares(board):
    """The squares of a board, ascending: ``squares(0b101) == [0, 2]``.

    ``board`` is one 64-bit board: an int 0 .. 2**64-1 or a numpy uint64
    scalar; anything else (a negative or larger int, a float, a bool) is
    refused."""
    if isinstance(board, _np.unsignedinteger) and board.dtype == _np.uint64:
        board = int(board)
    if isinstance(board, bool) or not isinstance(board, int):
        raise TypeError("board: expected an int or numpy.uint64 board, got %s" % type(board).__name__)
    if not 0 <= board < 1 << 64:
        raise ValueError("board: %r is not a board (a board is 0 .. 2**64-1)" % (board,))
    b = board
    out = []
    while b:
        low = b & -b
        out.append(low.bit_length() - 1)
        b ^= low
    return out


def perft(p, o, depth, convention="oeis", threads=1, hash_mb=0, progress=None):
    """The leaves of the game tree ``depth`` plies deep (``convention``:
    ``"oeis"`` a pass is a ply and an early game end counts nothing;
    ``"bik"`` it counts one; ``"nopass"`` a pass is not a ply).

    The GIL is released and Ctrl-C raises ``KeyboardInterrupt`` (within
    about 0.2 s).  ``progress``: None, or called about 10 times a second
    with a dict ``{"nodes", "seconds", "done", "total"}`` (leaves so far,
    and the subtrees finished of all); an exception raised in it stops the
    count and is raised from ``perft``.

    >>> p, o, _ = start()
    >>> perft(p, o, 4)
    244
    """
    return _core.othello_perft(p, o, depth, convention, threads, hash_mb, progress)


SolveResult = _namedtuple("SolveResult", "score wld bound best pv nodes seconds table_bytes")
SolveResult.__doc__ = """What solve found: ``score`` (final disc difference for the side to move,
empties to the winner), ``wld`` (1 win, 0 draw, -1 loss), ``bound`` (0 exact, 1 at least, -1 at
most: outside an aspiration window, or in wld mode), ``best`` (0..63, PASS, -1 if the game is
over), ``pv`` (list of squares), ``nodes``, ``seconds``, ``table_bytes``."""


def solve(p, o, wld=False, threads=1, hash_mb=0, alpha=0, beta=0, symmetry=True, evaluation=True, progress=None):
    """Solves one position exactly under perfect play by both sides.

    ``wld=True`` finds only win, draw or loss (much faster); ``alpha, beta``
    an aspiration window (both 0: the full window); ``threads`` share a
    table of ``hash_mb`` MiB keyed by the canonical position (``symmetry``;
    ``hash_mb=0``: sized from the position, 64 MiB from 19 empties, half that
    for each fewer, at least 1 MiB).  ``evaluation=False`` orders moves
    without the trained evaluation (the same score, more nodes).
    ``threads``: 1..64, as the CLI's ``othello solve --threads``; ``hash_mb``:
    0..65536, as its ``--hash``.
    The GIL is released.  The score, best move and PV do not depend on the
    thread count.  Ctrl-C raises ``KeyboardInterrupt`` (within about
    0.2 s).  ``progress``: None, or called about 4 times a second with a
    dict ``{"nodes", "seconds"}``; an exception raised in it stops the
    solver and is raised from ``solve``.

    >>> p, o, _ = board("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X")
    >>> r = solve(p, o)
    >>> r.score, square_name(r.best)
    (18, 'g8')
    """
    return SolveResult(**_core.othello_solve(p, o, wld, threads, hash_mb, alpha, beta, symmetry=symmetry,
                                            evaluation=evaluation, progress=progress))


SearchResult = _namedtuple("SearchResult", "score exact best pv depth nodes seconds stopped wld")
SearchResult.__doc__ = """What search found: ``score`` (the side to move's expected final disc
difference, a float), ``exact`` (True if it is the exact final difference), ``best`` (0..63, PASS,
-1 if the game is over), ``pv`` (list of squares), ``depth`` (the last depth finished), ``nodes``,
``seconds``, ``stopped`` (the time ended a depth early), ``wld`` (1 a win, 0 a draw, -1 a loss
under perfect play, when the solver proved it: always with ``exact``, and with ``seconds`` up to 8
empties more than ``exact_empties`` when its win/loss/draw search finished in time; else None)."""


class SearchTable(_core.SearchTable):
    """A transposition table that outlives a search (``SearchTable(mb=16)``,
    1..65536 MiB; ``clear()`` empties it): pass it as ``search(..., table=t)`` move after move of a
    game, and each search finds the last one's entries, as an engine keeps its table.  A search
    without the cut-offs (``probcut=False``) takes only bounds found without them at the same depth,
    so its fixed-depth score stays the plain alpha-beta one whatever the table held.  One search at a
    time uses a table (another raises ``RuntimeError``).

    >>> t = SearchTable(1)
    >>> p, o, _ = start()
    >>> first = search(p, o, depth=8, table=t).nodes
    >>> search(p, o, depth=8, table=t).nodes < first  # the second search finds the first's entries
    True
    """


def search(p, o, depth=0, seconds=0.0, hash_mb=0, exact_empties=0, probcut=True, threads=1, table=None):
    """Searches a position of any stage (the midgame search, docs/OTHELLO.md).

    Iterative deepening principal-variation search over the trained
    evaluation: ``depth`` (0..60 moves, passes free; 0: no limit) or
    ``seconds`` (0..86400; 0: no limit; no depth starts after half of it; the
    last finished counts); both 0: depth 10.  ``hash_mb``: 0..65536 (0: 16).
    From ``exact_empties`` empties (0: 14; -1: never) the exact solver
    answers and ``exact`` is True.  ``probcut=False`` turns the selective
    cut-offs (multi-ProbCut) off: every line is searched to the depth.
    ``threads`` (1..64) share the table (lazy SMP); ``table``, a
    :class:`SearchTable`, is kept from search to search (``hash_mb`` is then
    ignored).  The GIL is released;
    Ctrl-C raises ``KeyboardInterrupt``.

    >>> p, o, _ = start()
    >>> r = search(p, o, depth=6)
    >>> square_name(r.best), r.depth, r.exact
    ('d3', 6, False)
    """
    return SearchResult(**_core.othello_search(p, o, depth, seconds, hash_mb, exact_empties, bool(probcut), threads,
                                              table))


def board(text):
    """Reads a board string: 64 characters a1 b1 .. h8 (``X`` black, ``O``
    white, ``-`` empty) and the side to move: ``(p, o, side)``; the word
    ``"start"`` (any case, as the CLI takes it) is :func:`start`.  A
    ``ValueError`` names the character at fault.

    >>> board("start") == start()
    True
    """
    if isinstance(text, str) and text.strip().lower() == "start":
        return start()
    return _core.othello_parse(text)


def board_string(p, o, side=BLACK):
    """``p`` (the side to move, colour ``side``) and ``o`` as a board string."""
    return _core.othello_format(p, o, side, False)


def diagram(p, o, side=BLACK):
    """An 8-row diagram (row 1 on top) with the side to move and the disc count."""
    return _core.othello_format(p, o, side, True)


def transcript(text, start=None):
    """Plays a transcript (``"f5d6c3"``, passes as ``PA`` or left out) from the
    start (or from ``start = (p, o, side)``): ``(p, o, side)`` after it.  A
    ``ValueError`` names the first illegal move and where it is."""
    return _core.othello_transcript(text, start)


def normalize_transcript(text):
    """The transcript turned by the symmetry that makes its first move f5 (as
    game databases store games), lower case, passes left out."""
    return _core.othello_normalize(text)


# augment: for each symmetry s, the policy index a square goes to.  The pass
# entry (64) stays.
_POLICY_SRC = _np.empty((8, 65), dtype=_np.int64)
for _s in range(8):
    _POLICY_SRC[_s, _SQ[_s].astype(_np.int64)] = _np.arange(64)
    _POLICY_SRC[_s, 64] = 64
# augment(form="index"): _MOVE_DST[q, s], the image of move q (a square, or
# the pass) under symmetry s
_MOVE_DST = _np.empty((65, 8), dtype=_np.int64)
_MOVE_DST[:64] = _SQ.T
_MOVE_DST[64] = 64


def augment(p, o, policy, form="dense"):
    """The 8 symmetric images of positions and their policies, moved together.

    ``p``, ``o``: boards of shape ``S``; ``policy``: shape ``S + (65,)``
    (64 squares and the pass, any dtype).  Returns ``(p8, o8, policy8)`` of
    shapes ``S + (8,)``, ``S + (8,)``, ``S + (8, 65)``: image ``s`` (in
    :class:`bitboard.Sym` order) with ``policy8[..., s, sym_square(q, s)] ==
    policy[..., q]`` and the pass kept.

    ``form="index"``: ``policy`` is one move per position instead (the move
    played, a class label), integers of shape ``S``: a square 0..63,
    :data:`PASS` (64), or a negative number for no move (-1, or PyTorch's
    ``ignore_index`` -100).  ``policy8`` then has shape ``S + (8,)`` and
    ``policy``'s dtype: ``sym_square(q, s)`` for a square, the pass and a
    negative number as they are -- the argmax of the dense form's images of
    a one-hot policy, in 1 to 8 bytes an image where float32 takes 260.
    ``ValueError`` names the first index holding more than 64.

    >>> import numpy as np
    >>> p, o, _ = start()
    >>> pol = np.zeros(65, dtype=np.float32); pol[square("f5")] = 1
    >>> p8, o8, pol8 = augment(p, o, pol)
    >>> [square_name(int(np.argmax(pol8[s]))) for s in range(8)]
    ['f5', 'e3', 'c4', 'd6', 'f4', 'c5', 'e6', 'd3']
    >>> p8, o8, m8 = augment(p, o, square("f5"), form="index")
    >>> [square_name(int(m)) for m in m8]
    ['f5', 'e3', 'c4', 'd6', 'f4', 'c5', 'e6', 'd3']
    """
    if form not in ("dense", "index"):
        raise ValueError("form: %r is not 'dense' or 'index'" % (form,))
    pol = _np.asarray(policy)
    p8 = _core.transform_all(p)
    o8 = _core.transform_all(o)
    shape = tuple(_np.shape(p8)[:-1])
    if form == "index":
        _check_moves(pol, shape)
    elif pol.shape != shape + (65,):
        raise ValueError("policy: expected shape %r (the boards' shape and 65), got %r%s"
                         % (shape + (65,), pol.shape,
                            "; for one move a position pass form='index'" if pol.shape == shape else ""))
    if _np.any(_np.bitwise_and(p8[..., 0], o8[..., 0])):
        raise ValueError("p and o overlap (a square is in both)")
    if form == "dense":
        return p8, o8, pol[..., _POLICY_SRC]
    moves = pol.astype(_np.int64)
    none = moves < 0
    m8 = _MOVE_DST[_np.where(none, 0, moves)]
    m8[none] = moves[none, None]
    return p8, o8, m8.astype(pol.dtype)


def _check_moves(m, shape):
    """augment(form="index")'s policy: integers 0..64 or negative, of the boards' shape."""
    if m.dtype == _np.bool_ or m.dtype.kind not in "iu":
        raise TypeError("policy: with form='index' expected integer moves (0..63, PASS = 64, negative: none), "
                        "got dtype %s" % m.dtype)
    if m.shape != shape:
        raise ValueError("policy: with form='index' expected shape %r (the boards' shape), got %r" % (shape, m.shape))
    bad = _np.argwhere(m > 64)
    if len(bad):
        at = tuple(int(k) for k in bad[0])
        raise ValueError("policy: %d at index %r is not a move (0..63, PASS = 64, negative: none)"
                         % (int(m[at]), at))


def games(path, errors="raise"):
    """The games of a WTHOR ``.wtb`` or GGF file (detected from the content),
    one dict each, every move replayed and checked:

    ``number`` (from 1), ``transcript``, ``moves`` (``uint8``, PASS = 64),
    ``p``, ``o``, ``side`` (the position before each move and the last one,
    ``count + 1`` of each; ``p`` is the side to move), ``score`` (black's
    final disc difference, empties to the winner), ``black_discs`` and
    ``theoretical`` (WTHOR's fields, -1 if none), ``black``, ``white``,
    ``event``, ``date``, ``result`` (GGF tags), the WTHOR player and
    tournament numbers; ``warning`` (only in a WTHOR game whose stored count
    splits the empties evenly instead of giving them to the winner, as
    Logistello's book does: the game is kept, the text says both counts).

    ``errors``: ``"raise"`` (a ``ValueError`` naming the game and why),
    ``"skip"``, or ``"yield"`` (a ``(number, message)`` tuple in its place).
    A WTHOR file cut short gives its whole games, then the game it ends in
    (or before) is that error, naming the byte the file ends at, as the
    CLI's ``othello games`` does.
    """
    if errors not in ("raise", "skip", "yield"):
        raise ValueError("errors: %r is not 'raise', 'skip' or 'yield'" % (errors,))
    # a path, never a file descriptor: open(2) would read the caller's
    # standard error and close it
    if isinstance(path, (bool, int)) or not isinstance(path, (str, bytes, _os.PathLike)):
        raise TypeError("path: expected a file name (str, bytes or os.PathLike), got %s" % type(path).__name__)
    with open(path, "rb") as f:
        data = f.read()
    ggf = data.lstrip()[:2] == b"(;"
    try:
        items = _core.othello_read(data, ggf)
    except ValueError as e:
        raise ValueError("%s: %s" % (path, e)) from None
    for item in items:
        if isinstance(item, tuple):
            if errors == "raise":
                raise ValueError("%s: game %d: %s" % (path, item[0], item[1]))
            if errors == "yield":
                yield item
            continue
        yield item


__all__ = ["SearchTable", "PASS", "BLACK", "WHITE", "square", "square_name", "start", "moves", "flips", "play", "mobility",
           "potential_mobility", "frontier", "stable", "stable_edges", "parity", "final_score", "squares",
           "perft", "solve", "SolveResult", "search", "SearchResult", "board", "board_string", "diagram", "transcript",
           "normalize_transcript", "augment", "games"]
