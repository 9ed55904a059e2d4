"""Slow, obviously correct references the tests compare the package with:
boards unpacked to (N, 8, 8) planes and turned with numpy's own np.rot90 and
np.flip, and an Othello flip walk in plain Python."""
import numpy as np

# planes: [row, col] = bit row * 8 + col; row 0 = rank 1.  With rank 8 drawn
# on top (the library's convention for directions), the picture is the
# planes upside down: pic = planes[::-1].


def unpack(boards):
    b = np.ascontiguousarray(np.asarray(boards, dtype=np.uint64).reshape(-1))
    bits = np.unpackbits(b.view(np.uint8).reshape(-1, 8), axis=1, bitorder="little")
    return bits.reshape(-1, 8, 8).astype(bool)


def pack(planes):
    p = np.asarray(planes, dtype=np.uint8).reshape(-1, 64)
    return np.packbits(p, axis=1, bitorder="little").reshape(-1).view(np.uint64).copy()


def _pic(planes):
    return planes[:, ::-1, :]


def _unpic(pic):
    return pic[:, ::-1, :]


# each symmetry as numpy does it on the picture (rank 8 on top)
PICTURE_OPS = [
    lambda a: a,                                    # identity
    lambda a: np.rot90(a, k=-1, axes=(1, 2)),       # rotate clockwise
    lambda a: np.rot90(a, k=2, axes=(1, 2)),        # rotate 180
    lambda a: np.rot90(a, k=1, axes=(1, 2)),        # rotate counter-clockwise
    lambda a: np.flip(a, axis=1),                   # flip vertical (rank 1 <-> rank 8)
    lambda a: np.flip(a, axis=2),                   # flip horizontal (file a <-> file h)
    # about a1-h8: (f, r) -> (r, f); on the picture (row 7 - r, col f)
    lambda a: np.rot90(np.flip(a, axis=1), k=1, axes=(1, 2)),
    # about a8-h1: (f, r) -> (7 - r, 7 - f)
    lambda a: np.rot90(np.flip(a, axis=1), k=-1, axes=(1, 2)),
]


def naive_transform(boards, s):
    pl = unpack(boards)
    return pack(_unpic(PICTURE_OPS[s](_pic(pl)))).reshape(np.shape(boards))


DIRS = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]


def naive_flips(p, o, sq):
    p, o = int(p), int(o)
    if (p | o) >> sq & 1:
        return 0
    f0, r0 = sq & 7, sq >> 3
    total = 0
    for df, dr in DIRS:
        f, r, run = f0 + df, r0 + dr, 0
        while 0 <= f < 8 and 0 <= r < 8 and o >> (r * 8 + f) & 1:
            run |= 1 << (r * 8 + f)
            f += df
            r += dr
        if run and 0 <= f < 8 and 0 <= r < 8 and p >> (r * 8 + f) & 1:
            total |= run
    return total


def naive_moves(p, o):
    m = 0
    for sq in range(64):
        if naive_flips(p, o, sq):
            m |= 1 << sq
    return m


def naive_play(p, o, sq):
    f = naive_flips(p, o, sq)
    assert f
    return o & ~f, p | f | (1 << sq)


def naive_negamax(p, o, passed=False):
    """The exact final score for the side to move (empties to the winner)."""
    best = None
    for sq in range(64):
        f = naive_flips(p, o, sq)
        if f:
            v = -naive_negamax(o & ~f, p | f | (1 << sq))
            best = v if best is None or v > best else best
    if best is not None:
        return best
    if passed:
        mine, theirs = bin(p).count("1"), bin(o).count("1")
        empties = 64 - mine - theirs
        d = mine - theirs
        return d + empties if d > 0 else d - empties if d < 0 else 0
    return -naive_negamax(o, p, True)


def random_positions(rng, n, max_plies=60):
    """(p, o) pairs from random games (each stops at a random ply)."""
    ps, os_ = [], []
    start_p = (1 << 28) | (1 << 35)   # e4, d5 black
    start_o = (1 << 27) | (1 << 36)   # d4, e5 white
    while len(ps) < n:
        p, o = start_p, start_o
        stop = int(rng.integers(0, max_plies + 1))
        for _ in range(stop):
            m = naive_moves(p, o)
            if not m:
                if not naive_moves(o, p):
                    break
                p, o = o, p
                continue
            sqs = [s for s in range(64) if m >> s & 1]
            p, o = naive_play(p, o, sqs[int(rng.integers(len(sqs)))])
        ps.append(p)
        os_.append(o)
    return np.array(ps, dtype=np.uint64), np.array(os_, dtype=np.uint64)
