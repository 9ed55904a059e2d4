"""bitboard: 8x8 bitboards over numpy arrays.

A board is a 64-bit integer, bit ``r * 8 + f`` for file ``f`` (a..h = 0..7)
and rank or row ``r`` (1..8 = 0..7): a1 = bit 0, h1 = bit 7, a8 = bit 56,
h8 = bit 63.  Every function here takes numpy ``uint64`` arrays of any
shape (C-contiguous or not; anything with the buffer protocol) and returns
numpy arrays of that shape, looping in C with the GIL released.  A Python
``int`` gives a Python ``int`` back.

Errors: an array of another dtype is a ``TypeError`` naming the argument;
shapes that differ (and are not one scalar) or ``p`` and ``o`` sharing a
square are a ``ValueError`` naming the argument and the index.

>>> import numpy as np, bitboard
>>> bitboard.transform(1, bitboard.Sym.ROTATE_CW)          # a1 -> a8
72057594037927936
>>> boards = np.array([1, 2, 4], dtype=np.uint64)
>>> canon, syms = bitboard.canonical(boards)
>>> canon
array([1, 2, 4], dtype=uint64)

Submodules: :mod:`bitboard.othello` and :mod:`bitboard.chess`.
"""
import enum as _enum

import numpy as _np

from . import _core

__version__ = _core.VERSION

_SQ, _COMPOSE, _INVERSE, _NAMES = _core.sym_tables()


class Sym(_enum.IntEnum):
    """The 8 symmetries of the square, with the C library's values.

    Directions are as seen with rank 8 (row 8) on top.

    >>> Sym.ROTATE_CW.compose(Sym.ROTATE_CW) is Sym.ROTATE_180
    True
    >>> Sym.FLIP_DIAGONAL.inverse() is Sym.FLIP_DIAGONAL
    True
    """

    IDENTITY = 0
    ROTATE_CW = 1
    ROTATE_180 = 2
    ROTATE_CCW = 3
    FLIP_VERTICAL = 4
    FLIP_HORIZONTAL = 5
    FLIP_DIAGONAL = 6
    FLIP_ANTIDIAGONAL = 7

    def compose(self, then):
        """The symmetry equal to applying ``self`` first, then ``then``."""
        return Sym(int(_COMPOSE[int(self), int(Sym(then))]))

    def inverse(self):
        """The symmetry that undoes ``self``."""
        return Sym(int(_INVERSE[int(self)]))

    @property
    def c_name(self):
        """The name the C library and the CLI print ("rotate_cw", ...)."""
        return _NAMES[int(self)]


transform = _core.transform


def transform_all(boards):
    """All 8 images of every board: shape ``boards.shape + (8,)``, image ``s``
    at index ``s`` of the last axis (``Sym`` order).

    >>> transform_all(1)[[0, 1, 2]]
    array([                   1,    72057594037927936, 9223372036854775808], dtype=uint64)
    """
    return _core.transform_all(boards)


canonical = _core.canonical


canonical_pair = _core.canonical_pair


def unique(p, o=None, symmetric=True):
    """Deduplicate boards (``o`` None) or positions ``(p, o)``, up to the 8
    symmetries unless ``symmetric=False``, as ``numpy.unique`` does with
    ``return_index``, ``return_inverse`` and ``return_counts``.

    Returns ``(up, uo, index, inverse, counts)`` for positions and
    ``(ub, index, inverse, counts)`` for boards: the distinct canonical
    values sorted (``p`` first), the first index where each occurs, for each
    input the row of its value, and how often each occurs.  Inputs are
    flattened first.

    >>> import numpy as np
    >>> b = np.array([1, 1 << 7, 1 << 63, 2], dtype=np.uint64)   # three corners, one b1
    >>> ub, index, inverse, counts = unique(b)
    >>> ub, counts
    (array([1, 2], dtype=uint64), array([3, 1]))
    """
    return _core.unique(p, o, symmetric)


def sym_square(sq, sym):
    """Where square ``sq`` (0..63, int or integer array) goes under ``sym``:
    ``transform(1 << sq, sym) == 1 << sym_square(sq, sym)``.

    >>> sym_square(0, Sym.ROTATE_CW)    # a1 -> a8
    56
    """
    sym = Sym(sym)
    if isinstance(sq, int) and not isinstance(sq, bool):
        if not 0 <= sq < 64:
            raise ValueError("sq: %d is not a square (0..63)" % sq)
        return int(_SQ[int(sym), sq])
    a = _np.asarray(sq)
    if a.dtype.kind not in "iu":
        raise TypeError("sq: expected integer squares, got dtype %s" % a.dtype)
    if a.size and (a.min() < 0 or a.max() > 63):
        raise ValueError("sq: squares must be 0..63")
    return _SQ[int(sym)][a].astype(_np.int64)


_LAYOUTS = ("NCHW", "NHWC")
_DTYPES = {_np.dtype(bool): 0, _np.dtype(_np.uint8): 1, _np.dtype(_np.float32): 2}


def to_planes(boards, layout="NCHW", dtype=bool):
    """Boards as 8x8 planes: ``plane[r, c]`` is bit ``r * 8 + c``.

    Row 0 is rank (row) 1 and column 0 is file a, so a1 is at ``[0, 0]``
    and h8 at ``[7, 7]``::

                  column 0 1 2 3 4 5 6 7
                         a b c d e f g h
        row 0 (rank 1)   a1 ...        h1     bits  0 ..  7
        row 1 (rank 2)   a2 ...        h2     bits  8 .. 15
          ...
        row 7 (rank 8)   a8 ...        h8     bits 56 .. 63

    This is Othello's own picture (row 1 on top); a chess diagram (rank 8 on
    top) is ``planes[..., ::-1, :]``.

    ``layout="NCHW"``: shape ``boards.shape + (8, 8)``, so boards of shape
    ``(N, C)`` give ``(N, C, 8, 8)``.  ``layout="NHWC"``: the last axis of
    ``boards`` is the channels, ``(N, C)`` gives ``(N, 8, 8, C)``.
    ``dtype``: ``bool``, ``numpy.uint8`` or ``numpy.float32`` (0.0 / 1.0).

    Into PyTorch without a copy: ``torch.from_numpy(to_planes(b, dtype=np.float32))``.

    >>> to_planes(1 | (1 << 63))[[0, 7], [0, 7]]
    array([ True,  True])
    """
    if layout not in _LAYOUTS:
        raise ValueError("layout: %r is not 'NCHW' or 'NHWC'" % (layout,))
    try:
        kind = _DTYPES[_np.dtype(dtype)]
    except (KeyError, TypeError):
        raise TypeError("dtype: %r is not bool, numpy.uint8 or numpy.float32" % (dtype,)) from None
    return _core.to_planes(boards, layout == "NHWC", kind)


def from_planes(planes, layout="NCHW"):
    """The boards of planes as :func:`to_planes` lays them out: every
    non-zero cell is a set bit.  ``(..., 8, 8)`` gives ``(...)`` (NCHW);
    ``(..., 8, 8, C)`` gives ``(..., C)`` (NHWC).

    >>> import numpy as np
    >>> int(from_planes(np.eye(8, dtype=bool)))    # the a1-h8 diagonal
    9241421688590303745
    """
    if layout not in _LAYOUTS:
        raise ValueError("layout: %r is not 'NCHW' or 'NHWC'" % (layout,))
    a = _np.asarray(planes)
    if a.dtype != _np.uint8 and a.dtype != _np.bool_:
        if a.dtype.kind not in "biuf":
            raise TypeError("planes: expected a numeric or bool array, got dtype %s" % a.dtype)
        a = a != 0
    return _core.from_planes(a, layout == "NHWC")


def implementation():
    """Which code the array functions run on this CPU, and the C library's
    version: ``{'transform': 'avx512-gfni', 'canonical': ..., 'version': ...}``."""
    return _core.impl()


from . import chess, othello  # noqa: E402  (they use the names above)

__all__ = ["Sym", "transform", "transform_all", "canonical", "canonical_pair", "unique", "sym_square",
           "to_planes", "from_planes", "implementation", "othello", "chess", "__version__"]
