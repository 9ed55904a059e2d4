"""Symmetries, canonical forms, unique and planes against naive numpy."""
import glob
import os
import shutil
import subprocess
import sys

import numpy as np
import pytest

import bitboard
from bitboard import Sym, othello
from naive import naive_transform, pack, unpack

RNG = np.random.default_rng(20261125)


def rand_boards(n):
    return RNG.integers(0, 2**64, size=n, dtype=np.uint64)


def test_sym_enum_matches_c_names():
    names = ["identity", "rotate_cw", "rotate_180", "rotate_ccw", "flip_vertical", "flip_horizontal",
             "flip_diagonal", "flip_antidiagonal"]
    assert [s.c_name for s in Sym] == names
    assert [s.name.lower() for s in Sym] == names
    assert [int(s) for s in Sym] == list(range(8))


@pytest.mark.parametrize("s", list(Sym))
def test_transform_against_numpy(s):
    singles = np.array([1 << i for i in range(64)], dtype=np.uint64)
    for b in (singles, rand_boards(2000), np.array([0, 2**64 - 1], dtype=np.uint64)):
        assert np.array_equal(bitboard.transform(b, s), naive_transform(b, s))


@pytest.mark.parametrize("s", list(Sym))
def test_sym_square_and_scalars(s):
    for sq in range(64):
        to = bitboard.sym_square(sq, s)
        assert bitboard.transform(1 << sq, s) == 1 << to
        assert isinstance(to, int)
    assert np.array_equal(bitboard.sym_square(np.arange(64), s),
                          [bitboard.sym_square(q, s) for q in range(64)])


def test_composition_and_inverse():
    b = rand_boards(300)
    for a in Sym:
        assert np.array_equal(bitboard.transform(bitboard.transform(b, a), a.inverse()), b)
        for t in Sym:
            want = bitboard.transform(bitboard.transform(b, a), t)
            assert np.array_equal(bitboard.transform(b, a.compose(t)), want)


def test_transform_all():
    b = rand_boards(500).reshape(20, 25)
    allb = bitboard.transform_all(b)
    assert allb.shape == (20, 25, 8)
    for s in Sym:
        assert np.array_equal(allb[..., s], bitboard.transform(b, s))


def test_canonical_is_min_of_images():
    b = np.concatenate([rand_boards(3000), np.array([1 << i for i in range(64)], dtype=np.uint64),
                        np.array([0, 2**64 - 1], dtype=np.uint64)])
    canon, syms = bitboard.canonical(b)
    assert syms.dtype == np.uint8
    assert np.array_equal(canon, bitboard.transform_all(b).min(axis=-1))
    for s in Sym:
        sel = syms == s
        assert np.array_equal(bitboard.transform(b[sel], s), canon[sel])
    # the lowest symmetry giving the minimum
    imgs = bitboard.transform_all(b)
    assert np.array_equal(syms, np.argmax(imgs == canon[:, None], axis=1))


def test_canonical_pair_against_brute_force():
    p = rand_boards(2000)
    o = rand_boards(2000) & ~p
    cp, co, syms = bitboard.canonical_pair(p, o)
    ip, io = bitboard.transform_all(p), bitboard.transform_all(o)
    for i in range(len(p)):
        best = min((int(ip[i, s]), int(io[i, s]), s) for s in range(8))
        assert (int(cp[i]), int(co[i]), int(syms[i])) == best
    # every image of a position gives the same pair
    for s in Sym:
        a, b, _ = bitboard.canonical_pair(bitboard.transform(p, s), bitboard.transform(o, s))
        assert np.array_equal(a, cp) and np.array_equal(b, co)


def test_unique_against_numpy_unique():
    # a data set with duplicates and symmetric images
    p = rand_boards(400)
    o = rand_boards(400) & ~p
    syms = RNG.integers(0, 8, size=3000)
    pick = RNG.integers(0, 400, size=3000)
    P = np.array([bitboard.transform(int(p[k]), int(s)) for k, s in zip(pick, syms)], dtype=np.uint64)
    O = np.array([bitboard.transform(int(o[k]), int(s)) for k, s in zip(pick, syms)], dtype=np.uint64)
    up, uo, index, inverse, counts = bitboard.unique(P, O)
    cp, co, _ = bitboard.canonical_pair(P, O)
    rows = np.stack([cp, co], axis=1)
    want, wi, winv, wc = np.unique(rows, axis=0, return_index=True, return_inverse=True, return_counts=True)
    assert np.array_equal(up, want[:, 0]) and np.array_equal(uo, want[:, 1])
    assert np.array_equal(index, wi) and np.array_equal(inverse, winv.reshape(-1))
    assert np.array_equal(counts, wc)
    assert len(up) == len(set(map(tuple, np.stack([*bitboard.canonical_pair(p[np.unique(pick)],
                                                                                o[np.unique(pick)])[:2]], 1).tolist())))
    # without symmetry: plain numpy.unique over the rows
    up2, uo2, index2, inverse2, counts2 = bitboard.unique(P, O, symmetric=False)
    want2, wi2, winv2, wc2 = np.unique(np.stack([P, O], 1), axis=0, return_index=True, return_inverse=True,
                                        return_counts=True)
    assert np.array_equal(up2, want2[:, 0]) and np.array_equal(uo2, want2[:, 1])
    assert np.array_equal(index2, wi2) and np.array_equal(inverse2, winv2.reshape(-1))
    assert np.array_equal(counts2, wc2)
    # single boards
    ub, ib, invb, cb = bitboard.unique(P)
    wb = np.unique(bitboard.canonical(P)[0])
    assert np.array_equal(ub, wb) and np.array_equal(ub[invb], bitboard.canonical(P)[0])
    assert cb.sum() == len(P)


def test_unique_empty_and_one():
    e = np.zeros(0, dtype=np.uint64)
    up, uo, ix, inv, ct = bitboard.unique(e, e)
    assert len(up) == len(uo) == len(ix) == len(inv) == len(ct) == 0
    up, uo, ix, inv, ct = bitboard.unique(np.array([1 << 63], dtype=np.uint64), np.array([1 << 7], dtype=np.uint64))
    assert up.tolist() == [1] and uo.tolist() == [128] and ct.tolist() == [1]


def test_scalars_and_shapes():
    assert isinstance(bitboard.transform(5, Sym.ROTATE_CW), int)
    s = bitboard.transform(np.uint64(5), Sym.ROTATE_CW)
    assert isinstance(s, np.uint64) and int(s) == bitboard.transform(5, Sym.ROTATE_CW)
    assert bitboard.transform([1, 2], Sym.IDENTITY).tolist() == [1, 2]
    z = np.zeros((0, 3), dtype=np.uint64)
    assert bitboard.transform(z, 1).shape == (0, 3)
    assert bitboard.transform_all(z).shape == (0, 3, 8)
    assert bitboard.canonical(z)[0].shape == (0, 3)
    assert bitboard.to_planes(z).shape == (0, 3, 8, 8)


def test_non_contiguous_inputs():
    b = rand_boards(4000).reshape(40, 100)
    for view in (b[:, ::3], b.T, b[::-1], np.asfortranarray(b)):
        for s in Sym:
            assert np.array_equal(bitboard.transform(view, s), naive_transform(np.ascontiguousarray(view), s))
        assert np.array_equal(bitboard.canonical(view)[0], bitboard.canonical(np.ascontiguousarray(view))[0])
    big = b.astype(">u8")   # byte-swapped uint64 is still uint64
    assert np.array_equal(bitboard.transform(big, 1), bitboard.transform(b, 1))
    mv = memoryview(np.ascontiguousarray(b[0]))
    assert np.array_equal(bitboard.transform(mv, 2), bitboard.transform(b[0], 2))


def test_argument_errors():
    with pytest.raises(TypeError, match="boards: expected dtype uint64, got int64"):
        bitboard.transform(np.arange(4), 1)
    with pytest.raises(TypeError, match="boards"):
        bitboard.canonical(np.zeros(3, dtype=np.float64))
    with pytest.raises(TypeError, match="boards"):
        bitboard.transform("abc", 1)
    with pytest.raises(ValueError, match="boards: -1 is not a board"):
        bitboard.transform(-1, 1)
    with pytest.raises(ValueError, match="boards: element 1 is -3"):
        bitboard.transform([1, -3], 1)
    with pytest.raises(ValueError, match="sym: 8 is not a symmetry"):
        bitboard.transform(1, 8)
    with pytest.raises(ValueError, match=r"p and o: shapes \(3,\) and \(4,\) cannot be broadcast together"):
        bitboard.canonical_pair(np.zeros(3, np.uint64), np.zeros(4, np.uint64))
    with pytest.raises(ValueError, match=r"p and o overlap at index \(1,\) \(square b1"):
        bitboard.canonical_pair(np.array([1, 2], np.uint64), np.array([0, 2], np.uint64))
    with pytest.raises(ValueError, match="layout"):
        bitboard.to_planes(1, layout="CHW")
    with pytest.raises(TypeError, match="dtype"):
        bitboard.to_planes(1, dtype=np.int16)
    with pytest.raises(ValueError, match=r"planes: expected shape \(\.\.\., 8, 8\) \(layout NCHW\), "
                                         r"got shape \(3, 8, 7\)$"):
        bitboard.from_planes(np.zeros((3, 8, 7), bool))
    with pytest.raises(ValueError, match=r"expected shape \(\.\.\., 8, 8, C\) \(layout NHWC\), got shape \(8, 8\)$"):
        bitboard.from_planes(np.zeros((8, 8), bool), layout="NHWC")
    with pytest.raises(ValueError, match="NHWC"):
        bitboard.to_planes(1, layout="NHWC")
    with pytest.raises(ValueError, match="sq: 64 is not a square"):
        bitboard.sym_square(64, 0)


def test_broadcasting_as_numpy():
    # two board arrays (and Othello's squares) broadcast by numpy's rules,
    # each result equal to the one of the arrays numpy broadcasts
    rng = np.random.default_rng(7)
    p = rng.integers(0, 2**64, size=(2, 3), dtype=np.uint64) & np.uint64(0x00000000FFFFFFFF)
    o = rng.integers(0, 2**64, size=(3,), dtype=np.uint64) & np.uint64(0xFFFFFFFF00000000)
    bp, bo = np.broadcast_arrays(p, o)
    for f, g in ((p, o), (o[None, :], p), (p[:, :1], o)):
        want = [np.asarray(x) for x in bitboard.canonical_pair(*map(np.ascontiguousarray, np.broadcast_arrays(f, g)))]
        got = bitboard.canonical_pair(f, g)
        assert [x.shape for x in got] == [x.shape for x in want]
        assert all((x == y).all() for x, y in zip(got, want))
    assert (othello.moves(p, o) == othello.moves(bp.copy(), bo.copy())).all()
    assert (othello.mobility(o, p) == othello.mobility(bo.copy(), bp.copy())).all()
    up, uo, index, inverse, counts = bitboard.unique(p, o)
    assert counts.sum() == 6
    # squares broadcast with the boards: two positions, each with its column of moves
    s, t, _ = othello.start()
    pp = np.array([s, s], np.uint64)
    sq = np.array([[19], [26], [37]])
    f = othello.flips(pp, t, sq)
    assert f.shape == (3, 2) and (f == np.array([[othello.flips(s, t, q)] * 2 for q in (19, 26, 37)])).all()
    with pytest.raises(ValueError, match=r"sq: shape \(3,\) cannot be broadcast with the boards' shape \(2,\)"):
        othello.flips(pp, t, np.array([19, 26, 37]))
    with pytest.raises(ValueError, match=r"p and o: shapes \(2, 3\) and \(2,\) cannot be broadcast"):
        othello.moves(p, np.zeros(2, np.uint64))


@pytest.mark.parametrize("dtype", [bool, np.uint8, np.float32])
def test_planes_against_unpackbits(dtype):
    b = rand_boards(600).reshape(200, 3)
    pl = bitboard.to_planes(b, dtype=dtype)
    assert pl.shape == (200, 3, 8, 8) and pl.dtype == np.dtype(dtype)
    want = unpack(b).reshape(200, 3, 8, 8)
    assert np.array_equal(pl.astype(bool), want)
    if dtype is np.float32:
        assert set(np.unique(pl).tolist()) <= {0.0, 1.0}
    nhwc = bitboard.to_planes(b, layout="NHWC", dtype=dtype)
    assert nhwc.shape == (200, 8, 8, 3)
    assert np.array_equal(nhwc, np.moveaxis(pl, 1, -1))
    assert np.array_equal(bitboard.from_planes(pl), b)
    assert np.array_equal(bitboard.from_planes(nhwc, layout="NHWC"), b)



def slow_planes(b, layout, dtype):
    """to_planes written plainly in numpy: cell (r, c) = bit r * 8 + c, one shift a square."""
    b = np.asarray(b, np.uint64)
    bits = (b[..., None] >> np.arange(64, dtype=np.uint64)) & np.uint64(1)
    pl = bits.reshape(b.shape + (8, 8)).astype(dtype)
    return np.moveaxis(pl, -3, -1) if layout == "NHWC" else pl


def plane_boards(rng, n):
    """Seeded random boards, with the edge cases first: empty, full, a1 alone, h8 alone, each square alone."""
    edge = [0, 2**64 - 1, 1, 1 << 63] + [1 << q for q in range(64)]
    rand = rng.integers(0, 2**64, size=max(0, n - len(edge)), dtype=np.uint64)
    return np.concatenate([np.array(edge, np.uint64), rand])[:n] if n >= len(edge) else rand[:0]


@pytest.mark.parametrize("layout", ["NCHW", "NHWC"])
@pytest.mark.parametrize("dtype", [bool, np.uint8, np.float32])
def test_planes_against_slow_reference(layout, dtype):
    rng = np.random.default_rng(52)
    # every channel count the NHWC code treats apart (1; 2; 3..7, one short group; 8, 9, 12, 16, 17, 24, 119:
    # whole groups and a short last one), position counts 1 and 2 (the last position is written exactly)
    # and enough boards to release the GIL
    for c in (1, 2, 3, 4, 5, 7, 8, 9, 12, 16, 17, 24, 119):
        for n in (1, 2, 5, max(3, 4100 // c)):
            b = np.concatenate([plane_boards(rng, 68), rng.integers(0, 2**64, size=n * c, dtype=np.uint64)])
            b = b[:n * c].reshape(n, c)
            got = bitboard.to_planes(b, layout=layout, dtype=dtype)
            want = slow_planes(b, layout, dtype)
            assert got.dtype == want.dtype and got.shape == want.shape, (c, n)
            assert np.array_equal(got, want), (layout, dtype, c, n)
    # the edge boards alone, one channel and as one position of 68 channels; all-zero and all-ones batches
    edge = plane_boards(rng, 68)
    for b in (edge, edge.reshape(1, 68), edge.reshape(2, 34), np.zeros((3, 12), np.uint64),
              np.full((3, 12), 2**64 - 1, np.uint64), np.zeros((0, 5), np.uint64)):
        assert np.array_equal(bitboard.to_planes(b, layout=layout, dtype=dtype), slow_planes(b, layout, dtype))
    if layout == "NCHW":
        for x in (0, 1, 1 << 63, 2**64 - 1):       # one board (a Python int)
            assert np.array_equal(bitboard.to_planes(x, dtype=dtype), slow_planes(np.uint64(x), layout, dtype))


PKG = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NATIVE_LIB = os.path.join(os.path.dirname(PKG), "build", "libbitboard.a")


@pytest.mark.skipif(not os.path.exists(NATIVE_LIB), reason="build/libbitboard.a (make lib) is missing")
def test_planes_plain_c_loops(tmp_path):
    """The planes loops a CPU other than x86 compiles (CORE_NO_SIMD: no SSE2, no AVX-512), built here
    against make's library and run through the reference test above."""
    env = dict(os.environ, CFLAGS="-DCORE_NO_SIMD", BB_STRICT="1", BB_BUILD=os.path.dirname(NATIVE_LIB),
               BB_ARCH="native")
    r = subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "-b", str(tmp_path), "-t",
                        str(tmp_path / "obj")], cwd=PKG, env=env, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    for f in glob.glob(os.path.join(PKG, "bitboard", "*.py")):
        shutil.copy(f, tmp_path / "bitboard")
    env = dict(os.environ, PYTHONPATH="%s%s%s" % (tmp_path, os.pathsep, os.path.join(PKG, "tests")))
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-k",
                        "slow_reference or against_unpackbits", os.path.join(PKG, "tests", "test_boards.py")],
                       cwd=str(tmp_path), env=env, capture_output=True, text=True)
    assert r.returncode == 0 and "9 passed" in r.stdout, r.stdout + r.stderr
    r = subprocess.run([sys.executable, "-c", "import bitboard; print(bitboard._core.__file__)"], cwd=str(tmp_path),
                       env=env, capture_output=True, text=True)
    assert r.stdout.startswith(str(tmp_path)), r.stdout + r.stderr      # the tests ran on that build

def test_planes_orientation():
    pl = bitboard.to_planes(1 | (1 << 7) | (1 << 56))       # a1, h1, a8
    assert pl[0, 0] and pl[0, 7] and pl[7, 0] and pl.sum() == 3
    assert np.array_equal(pack(pl[None]), [1 | (1 << 7) | (1 << 56)])
    # any non-zero value counts, in any numeric dtype
    x = np.zeros((8, 8), np.float64)
    x[2, 3] = 0.25
    assert int(bitboard.from_planes(x)) == 1 << 19
    x = np.zeros((8, 8), np.uint8)
    x[1, 1] = 128
    assert int(bitboard.from_planes(x)) == 1 << 9


def test_planes_into_torch():
    torch = pytest.importorskip("torch")
    b = rand_boards(16).reshape(8, 2)
    pl = bitboard.to_planes(b, dtype=np.float32)
    t = torch.from_numpy(pl)
    assert t.shape == (8, 2, 8, 8) and t.dtype == torch.float32
    assert t.data_ptr() == pl.ctypes.data   # no copy


def test_out_arguments():
    b = rand_boards(1000)
    out = np.empty_like(b)
    r = bitboard.transform(b, Sym.ROTATE_CW, out=out)
    assert r is out and np.array_equal(out, naive_transform(b, 1))
    c = b.copy()
    assert bitboard.transform(c, 2, out=c) is c and np.array_equal(c, naive_transform(b, 2))   # in place
    s = np.empty(1000, np.uint8)
    canon, syms = bitboard.canonical(b, out=out, syms_out=s)
    assert canon is out and syms is s
    assert np.array_equal(out, bitboard.canonical(b)[0]) and np.array_equal(s, bitboard.canonical(b)[1])
    with pytest.raises(TypeError, match="out: expected dtype uint64"):
        bitboard.transform(b, 1, out=np.empty(1000, np.int64))
    with pytest.raises(ValueError, match="out: its shape differs"):
        bitboard.transform(b, 1, out=np.empty(999, np.uint64))
    with pytest.raises(ValueError, match="out: must be C-contiguous"):
        bitboard.transform(b[::2], 1, out=np.empty(1000, np.uint64)[::2])
    with pytest.raises(ValueError, match="out: overlaps the input"):
        bitboard.transform(b[:-1], 1, out=b[1:])
    with pytest.raises(TypeError, match="syms_out: expected dtype uint8"):
        bitboard.canonical(b, syms_out=np.empty(1000, np.int8))
    with pytest.raises(TypeError, match="out: expected a numpy array"):
        bitboard.transform(b, 1, out=[0] * 1000)


@pytest.mark.parametrize("symmetric", [True, False])
def test_unique_big_against_numpy(symmetric):
    # 300,000 positions (the partitioned path, from 65,536): each of 60,000 five times, turned
    k, n = 60000, 300000
    p = rand_boards(k)
    o = rand_boards(k) & ~p
    pick = RNG.integers(0, k, size=n)
    sym = RNG.integers(0, 8, size=n)
    P, O = np.empty(n, np.uint64), np.empty(n, np.uint64)
    for s in Sym:
        sel = sym == s
        P[sel] = bitboard.transform(p[pick[sel]], s)
        O[sel] = bitboard.transform(o[pick[sel]], s)
    up, uo, index, inverse, counts = bitboard.unique(P, O, symmetric=symmetric)
    if symmetric:
        cp, co, _ = bitboard.canonical_pair(P, O)
    else:
        cp, co = P, O
    want, wi, winv, wc = np.unique(np.stack([cp, co], 1), axis=0, return_index=True, return_inverse=True,
                                    return_counts=True)
    assert np.array_equal(up, want[:, 0]) and np.array_equal(uo, want[:, 1])
    assert np.array_equal(index, wi) and np.array_equal(inverse, winv.reshape(-1)) and np.array_equal(counts, wc)
    ub, ib, invb, cb = bitboard.unique(P, symmetric=symmetric)
    cb_want = np.unique(bitboard.canonical(P)[0] if symmetric else P, return_counts=True)
    assert np.array_equal(ub, cb_want[0]) and np.array_equal(cb, cb_want[1])


def test_unique_big_one_position_dominates():
    # 200,000 boards, 90% one position: one part of the partitioned path holds most keys
    n = 200000
    P = rand_boards(n)
    O = rand_boards(n) & ~P
    same = RNG.random(n) < 0.9
    P[same], O[same] = 0x0000000810000000, 0x0000001008000000
    up, uo, index, inverse, counts = bitboard.unique(P, O)
    cp, co, _ = bitboard.canonical_pair(P, O)
    want, wi, winv, wc = np.unique(np.stack([cp, co], 1), axis=0, return_index=True, return_inverse=True,
                                    return_counts=True)
    assert np.array_equal(up, want[:, 0]) and np.array_equal(uo, want[:, 1])
    assert np.array_equal(index, wi) and np.array_equal(inverse, winv.reshape(-1)) and np.array_equal(counts, wc)
    assert counts.max() == same.sum()
