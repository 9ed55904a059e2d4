"""Chess for training pipelines: a small fast :class:`Position`, network
input planes, the AlphaZero 8x8x73 policy layout, augmentation by the
symmetries the rules allow, and PGN streamed into arrays.

>>> from bitboard.chess import Position
>>> pos = Position()
>>> pos.push_san("e4")
'e2e4'
>>> len(pos.legal_moves())
20
>>> Position().perft(4)
197281

Planes (:func:`to_planes`, ``float32``, shape ``(21, 8, 8)``), from the side
to move's view: when black moves the board is mirrored top to bottom, so
"my" pawns always move towards row 7.  ``plane[r, c]`` is square
``r * 8 + c`` of that view (row 0 = the mover's first rank, column 0 =
file a)::

     0..5   my pawns, knights, bishops, rooks, queens, king
     6..11  the opponent's, in the same order
    12      all ones if this position stood before (twice or more)
    13      all ones if it stood three times or more
    14      all ones if black is to move
    15, 16  all ones if I may castle king side, queen side
    17, 18  the same for the opponent
    19      the en-passant target square
    20      the halfmove clock / 100, everywhere

Policy (:func:`move_index`): ``index = plane * 64 + from_square`` with the
squares in the same view, 73 planes: 0..55 queen-like moves (direction
N NE E SE S SW W NW as ``d``, distance ``k`` 1..7 at ``d * 7 + k - 1``;
queen promotions included), 56..63 knight jumps ((+1,+2) (+2,+1) (+2,-1)
(+1,-2) (-1,-2) (-2,-1) (-2,+1) (-1,+2) as (files, ranks)), 64..72
under-promotions to knight, bishop, rook (``64 + piece * 3``) going
forward-left, forward, forward-right (``+ 0, 1, 2``).  Castling is the
king's two-square step.
"""
import numpy as _np

from . import Sym, _core

Position = _core.Position

PLANES = _core.PLANES
POLICY_SIZE = 73 * 64

WHITE = 0
BLACK = 1


def to_planes(position):
    """The network input of a :class:`Position`: ``float32`` ``(21, 8, 8)``,
    the layout in this module's docstring.  Repetition planes count over the
    moves pushed on that object.

    >>> to_planes(Position())[0].sum()      # eight pawns
    8.0
    """
    return _core.chess_planes(position)


def move_index(position, move):
    """The policy index (0..4671) of a legal move given in UCI.

    >>> move_index(Position(), "e2e4")     # plane 1 (N, distance 2), from e2 = 12
    76
    """
    return _core.chess_move_index(position, move)


def move_from_index(position, index):
    """The legal move (UCI) with that policy index; ``ValueError`` if no legal move has it."""
    return _core.chess_move_from_index(position, int(index))


_DEST = {}
_PERM = {}


def _dest(view_sym):
    """dest[i]: where policy index i goes under the view's symmetry."""
    if view_sym not in _DEST:
        _DEST[view_sym] = _core.chess_policy_perm(int(view_sym))
    return _DEST[view_sym]


def _perm(view_sym):
    """src[j]: the policy index that lands at j (dense[src] moves a policy)."""
    if view_sym not in _PERM:
        dest = _dest(view_sym)
        src = _np.empty_like(dest)
        src[dest] = _np.arange(dest.size)
        _PERM[view_sym] = src
    return _PERM[view_sym]


def augment(position, policy, form="dense"):
    """The images of a position the rules allow, each with its policy moved to
    match: a list of ``(Position, policy)``.

    Offered: the colour swap (mirror top to bottom, colours exchanged) always;
    the left-right mirror when no side may castle; all 8 symmetries when
    there are no pawns and no castling rights -- each also with the colour
    swap.  ``policy``: shape ``(4672,)`` in :func:`move_index`'s layout (any
    dtype).  Because planes and policy are in the mover's view, the colour
    swap leaves the policy as it is.  Images lose the move history
    (repetitions).

    ``form="index"``: ``policy`` is one move index instead (the move played:
    an int 0..4671 as :func:`move_index` gives, or a negative number for no
    move, kept as it is), and each image's is an int: the argmax of the
    dense form's image of a one-hot policy.

    >>> len(augment(Position(), _np.zeros(4672)))       # castling rights: colour swap only
    2
    >>> pos = Position("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")     # no castling: the mirror too
    >>> [(move_from_index(img, ix), ix) for img, ix in augment(pos, move_index(pos, "e2e4"), form="index")]
    [('e2e4', 76), ('e7e5', 76), ('d2d4', 75), ('d7d5', 75)]
    """
    if form not in ("dense", "index"):
        raise ValueError("form: %r is not 'dense' or 'index'" % (form,))
    if form == "index":
        pol = _move_arg(policy)
    else:
        pol = _np.asarray(policy)
        if pol.shape != (POLICY_SIZE,):
            raise ValueError("policy: expected shape (4672,), got %r%s"
                             % (pol.shape, "; for one move index pass form='index'" if pol.shape == () else ""))
    out = []
    black = position.turn == BLACK
    for s in Sym:
        if not position.sym_allowed(s):
            continue
        img = position.copy() if s == Sym.IDENTITY else position.transform(s)
        # the symmetry as the mover sees it: conjugated by the view's vertical flip when black moves
        view = Sym.FLIP_VERTICAL.compose(s).compose(Sym.FLIP_VERTICAL) if black else s
        if view == Sym.IDENTITY:
            moved = pol
        elif form == "index":
            moved = pol if pol < 0 else int(_dest(view)[pol])
        else:
            moved = pol[_perm(view)]
        out.append((img, moved))
        out.append((img.color_flip(), moved))
    return out


def _move_arg(policy):
    """augment(form="index")'s policy: an int below POLICY_SIZE (negative: no move)."""
    if isinstance(policy, (bool, _np.bool_)) or not isinstance(policy, (int, _np.integer)):
        raise TypeError("policy: with form='index' expected an int move index (0..4671, negative: none), got %s"
                        % type(policy).__name__)
    ix = int(policy)
    if ix >= POLICY_SIZE:
        raise ValueError("policy: %d is not a move index (0..4671, negative: none)" % ix)
    return ix


def read_pgn(path, positions=True, filter=None, *, elo=None, elo_rule="both", time_control=None, result=None,
             min_plies=None, tag=None, variant=None):
    """Streams the games of a PGN file (``"-"``: standard input), one dict each:

    ``number``, ``tags`` (dict), ``result``, ``moves`` (``uint16`` codes of the
    main line), ``uci`` (list of str), ``start_fen`` (a Chess960 game's in
    Shredder-FEN, ``HAha``), ``error`` (None, or where and why the game
    stopped), ``warning`` (None, or a game read whole with something doubtful:
    no result, or a Result tag contradicting the movetext's); with
    ``positions``: ``boards`` (``uint64`` ``(plies + 1, 12)``: white pawn..king,
    black pawn..king of each position), ``side``, ``castling`` and ``ep``
    (``uint8``, 64 = none) per position.

    The rule of ``bitboard chess pgn``: every game gives one dict, a bad game
    too, holding what was read before its error (the start position at
    least, unless its tags were bad), so the Nth dict is the Nth game.
    Variations are checked as the main line is (an illegal move in one is
    the game's error) but not returned.  The reader is the C library's (1 MiB
    window, lenient SAN, long algebraic); the GIL is released while it
    parses.  A path that cannot be opened (a directory) raises OSError
    naming it.

    Filters (the terms of ``bitboard chess pgn --filter``, parsed by the
    same library function; docs/CHESS.md "Filters"): ``filter``, a list of
    terms (``["elo=2000..", "tc=blitz,rapid"]``), and/or the keywords
    ``elo=(MIN, MAX)`` (either may be None) with ``elo_rule`` ``"both"``,
    ``"either"`` or ``"mean"``; ``time_control`` (``"blitz"`` or a list of
    bullet, blitz, rapid, classical: lichess's classes by base + 40 *
    increment seconds, < 180, < 480, < 1500); ``result`` (``"1-0"`` or a
    list); ``min_plies``; ``tag=(name, value)``; ``variant`` (``"standard"``
    or ``"chess960"``).  With any filter only the games that pass are given
    (a game with an error never passes), and the reader's ``kept`` and
    ``dropped`` attributes count the games given and skipped so far.  A bad
    term raises ValueError naming it.
    """
    terms = _filter_terms(filter, elo, elo_rule, time_control, result, min_plies, tag, variant)
    return _core.chess_read_pgn(str(path), positions, terms)


def read_pgn_arrays(path, batch=65536, filter=None, *, threads=1, elo=None, elo_rule="both", time_control=None,
                    result=None, min_plies=None, tag=None, variant=None):
    """Streams the positions of a PGN file as training arrays: dicts of numpy
    arrays of ``batch`` rows each (the last one shorter), one row per
    position before a main-line move, with no Python object per position.

    Per row: ``boards`` (``uint64`` ``(rows, 12)``: white pawn..king, black
    pawn..king, as :func:`read_pgn`), ``side``, ``castling``, ``ep``
    (``uint8``, 64 = none), ``move`` (``int16``: the move played as
    :func:`move_index`'s policy index, -1 for a null move), ``result``
    (``int8``: 1 white won, 0 draw, -1 black won, -2 none or ``*``),
    ``white_elo``, ``black_elo`` (``int16``, -1 missing or not a number),
    ``tc_base``, ``tc_increment`` (``int32`` seconds of ``TimeControl``
    ``BASE+INC`` or ``BASE``, -1 otherwise), ``ply`` (``int16``, 0 the game's
    first position), ``game`` (``int64``, the game's number in the file).

    The file is read as :func:`read_pgn` reads it (compressed or not, the same
    filters, ``"-"`` standard input), on ``threads`` parser threads (the
    library's pool: the stream cut into chunks of whole games, rows in file
    order whatever ``threads``), the GIL released.  Games with an error are
    left out; the reader's ``kept``, ``dropped`` and ``errors`` count games.
    """
    terms = _filter_terms(filter, elo, elo_rule, time_control, result, min_plies, tag, variant)
    return _core.chess_read_pgn_arrays(str(path), int(batch), int(threads), terms)


def _names(v):
    return v if isinstance(v, str) else ",".join(v)


def _filter_terms(filter, elo, elo_rule, time_control, result, min_plies, tag, variant):
    """The keywords as the library's filter terms (None: no filter)."""
    terms = [filter] if isinstance(filter, str) else list(filter or [])
    if elo is not None:
        keys = {"both": "elo", "either": "elo-either", "mean": "elo-mean"}
        if elo_rule not in keys:
            raise ValueError("elo_rule: expected 'both', 'either' or 'mean', got %r" % (elo_rule,))
        lo, hi = elo
        terms.append("%s=%s..%s" % (keys[elo_rule], "" if lo is None else int(lo), "" if hi is None else int(hi)))
    if time_control is not None:
        terms.append("tc=" + _names(time_control))
    if result is not None:
        terms.append("result=" + _names(result))
    if min_plies is not None:
        terms.append("min-plies=%d" % int(min_plies))
    if tag is not None:
        terms.append("tag:%s=%s" % tuple(tag))
    if variant is not None:
        terms.append("variant=" + variant)
    return terms or None


__all__ = ["Position", "PLANES", "POLICY_SIZE", "WHITE", "BLACK", "to_planes", "move_index", "move_from_index",
           "augment", "read_pgn", "read_pgn_arrays"]
