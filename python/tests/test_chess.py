"""bitboard.chess: Position, planes, the 8x8x73 policy, augmentation, PGN."""
import numpy as np
import pytest

import bitboard
from bitboard import Sym, chess
from bitboard.chess import Position

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
POSITIONS = [
    None,
    KIWIPETE,
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "8/8/3k4/8/2N5/5B2/3K4/8 b - - 5 40",            # no pawns, no castling: all 8 symmetries
    "4k3/1P6/8/8/8/8/6p1/4K3 b - - 0 1",              # promotions both ways
]


def test_perft_known_counts():
    assert [Position().perft(d) for d in range(1, 5)] == [20, 400, 8902, 197281]
    assert [Position(KIWIPETE).perft(d) for d in range(1, 4)] == [48, 2039, 97862]
    assert Position(POSITIONS[2]).perft(4) == 43238
    assert Position(POSITIONS[3]).perft(3) == 9467
    assert Position(POSITIONS[4]).perft(3) == 62379
    assert Position().perft(4, threads=2, hash_mb=4) == 197281


def test_moves_push_pop_fen():
    pos = Position()
    assert pos.fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    assert pos.push_san("e4") == "e2e4"
    assert pos.push_uci("e7e5") == "e7e5"
    assert pos.push_san("Nf3") == "g1f3"
    assert pos.move_stack == ["e2e4", "e7e5", "g1f3"] and pos.ply == 3
    assert pos.turn == chess.BLACK and pos.fullmove_number == 2
    assert pos.pop() == "g1f3" and pos.ply == 2
    assert pos.san("g1f3") == "Nf3"
    codes = pos.legal_move_codes()
    assert codes.dtype == np.uint16 and len(codes) == len(pos.legal_moves()) == pos.count_moves() == 29
    pos.push(int(codes[0]))
    assert pos.ply == 3
    q = Position(pos.fen())
    assert q == pos and q.fen() == pos.fen()
    c = pos.copy()
    c.pop()
    assert c != pos and pos.ply == 3
    assert repr(Position()).startswith("Position('rnbqkbnr/")
    assert Position().pieces.shape == (2, 6) and int(Position().pieces[0, 0]) == 0xFF00
    assert Position().castling == 15 and Position().ep is None and Position().key == 0x463B96181691FC9C


def test_position_takes_the_words_start_and_startpos():
    # the words the CLI takes, in any case
    for word in ("start", "startpos", "START", "StartPos"):
        assert Position(word) == Position() and Position(word).ply == 0
    with pytest.raises(ValueError, match="fen: "):
        Position("starting")


def test_errors():
    pos = Position()
    with pytest.raises(ValueError, match="san e5: "):
        pos.push_san("e5")
    with pytest.raises(ValueError, match="uci e2e5: "):
        pos.push_uci("e2e5")
    with pytest.raises(ValueError, match="fen: "):
        Position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1")
    with pytest.raises(IndexError, match="no move"):
        pos.pop()
    with pytest.raises(ValueError, match="castling rights"):
        pos.transform(Sym.FLIP_HORIZONTAL)
    with pytest.raises(ValueError, match="depth"):
        pos.perft(-1)
    with pytest.raises(ValueError, match="not a legal move"):
        pos.push(0)


def test_outcomes():
    pos = Position()
    for m in ["f3", "e5", "g4", "Qh4"]:
        pos.push_san(m)
    out = pos.outcome()
    assert out["outcome"] == "checkmate" and out["game_over"] and out["winner"] == chess.BLACK
    assert pos.is_check()
    pos = Position()
    for _ in range(2):
        for m in ["Nf3", "Nf6", "Ng1", "Ng8"]:
            pos.push_san(m)
    out = pos.outcome()
    assert out["outcome"] == "threefold repetition" and out["claimable"] and not out["game_over"]
    assert out["repetitions"] == 3
    assert Position().outcome()["outcome"] == "ongoing"


def test_planes_layout():
    pos = Position()
    pl = chess.to_planes(pos)
    assert pl.shape == (chess.PLANES, 8, 8) and pl.dtype == np.float32
    assert np.array_equal(pl[0], bitboard.to_planes(0xFF00).astype(np.float32))          # my pawns, rank 2
    assert np.array_equal(pl[6], bitboard.to_planes(0xFF << 48).astype(np.float32))     # theirs, rank 7
    assert pl[14].sum() == 0 and pl[15].all() and pl[18].all() and pl[19].sum() == 0
    pos.push_san("e4")
    pl = chess.to_planes(pos)       # black to move: the view is mirrored, black's pawns on row 1
    assert np.array_equal(pl[0], bitboard.to_planes(0xFF00).astype(np.float32))
    assert pl[14].all()
    assert pl[19].sum() == 0        # no pawn can take en passant: no square
    black = Position("rnbqkbnr/ppp1pppp/8/8/2Pp4/8/PP1PPPPP/RNBQKBNR b KQkq c3 0 1")
    pl_b = chess.to_planes(black)
    assert int(np.argmax(pl_b[19].reshape(-1))) == (18 ^ 56) and pl_b[19].sum() == 1   # c3 from black's side
    white = Position("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 1")
    assert int(np.argmax(chess.to_planes(white)[19].reshape(-1))) == 45                  # f6
    # colour swap: the same planes apart from whose turn it is
    flipped = chess.to_planes(pos.color_flip())
    assert np.array_equal(np.delete(flipped, 14, axis=0), np.delete(pl, 14, axis=0))
    # repetitions
    pos = Position()
    for m in ["Nf3", "Nf6", "Ng1", "Ng8"]:
        pos.push_san(m)
    pl = chess.to_planes(pos)
    assert pl[12].all() and not pl[13].any()


def test_move_index_is_a_bijection_on_legal_moves():
    for fen in POSITIONS:
        pos = Position(fen)
        idx = [chess.move_index(pos, m) for m in pos.legal_moves()]
        assert len(set(idx)) == len(idx)
        assert all(0 <= i < chess.POLICY_SIZE for i in idx)
        for m, i in zip(pos.legal_moves(), idx):
            assert chess.move_from_index(pos, i) == m
    assert chess.move_index(Position(), "b1c3") == (56 + 0) * 64 + 1        # knight (+1, +2)
    assert chess.move_index(Position(), "g1f3") == (56 + 7) * 64 + 6        # knight (-1, +2)
    assert chess.move_index(Position(), "e2e4") == 1 * 64 + 12              # N, distance 2
    pos = Position(POSITIONS[6])                                           # black: g2g1 seen as g7g8
    assert chess.move_index(pos, "g2g1n") == (64 + 1) * 64 + (14 ^ 56)
    assert chess.move_index(pos, "g2g1q") == 0 * 64 + (14 ^ 56)             # queen promotion: N, 1
    with pytest.raises(ValueError, match="not a legal move"):
        chess.move_from_index(Position(), 0)


def test_augment_maps_legal_moves_to_legal_moves():
    for fen in POSITIONS:
        pos = Position(fen)
        legal = pos.legal_moves()
        pol = np.zeros(chess.POLICY_SIZE, np.float32)
        for k, m in enumerate(legal):
            pol[chess.move_index(pos, m)] = k + 1          # each move its own value
        images = chess.augment(pos, pol)
        allowed = [s for s in Sym if pos.sym_allowed(s)]
        assert len(images) == 2 * len(allowed)
        for (img, ipol), s in zip(images[::2], allowed):
            if s != Sym.IDENTITY:
                assert img == pos.transform(s)
            got = {chess.move_index(img, m) for m in img.legal_moves()}
            assert set(np.nonzero(ipol)[0].tolist()) == got
            assert sorted(ipol[ipol != 0].tolist()) == sorted(pol[pol != 0].tolist())
            # the move carried: the same value at the image of each move
            for k, m in enumerate(legal):
                frm, to = m[:2], m[2:4]
                f = (ord(frm[0]) - 97) + 8 * (int(frm[1]) - 1)
                t = (ord(to[0]) - 97) + 8 * (int(to[1]) - 1)
                fs, ts = bitboard.sym_square(f, s), bitboard.sym_square(t, s)
                um = "abcdefgh"[fs & 7] + str(1 + (fs >> 3)) + "abcdefgh"[ts & 7] + str(1 + (ts >> 3)) + m[4:]
                if um in img.legal_moves():
                    assert ipol[chess.move_index(img, um)] == k + 1
        for img, ipol in images[1::2]:
            got = {chess.move_index(img, m) for m in img.legal_moves()}
            assert set(np.nonzero(ipol)[0].tolist()) == got
    assert len(chess.augment(Position(POSITIONS[5]), np.zeros(4672))) == 16
    assert len(chess.augment(Position("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"), np.zeros(4672))) == 4
    with pytest.raises(ValueError, match="policy"):
        chess.augment(Position(), np.zeros(10))



def test_augment_index_form_is_the_dense_forms_argmax():
    rng = np.random.default_rng(52)
    for fen in POSITIONS:
        pos = Position(fen)
        legal = pos.legal_moves()
        for m in rng.choice(legal, size=min(6, len(legal)), replace=False):
            ix = chess.move_index(pos, m)
            pol = np.zeros(chess.POLICY_SIZE, np.float32)
            pol[ix] = 1
            dense = chess.augment(pos, pol)
            index = chess.augment(pos, np.int16(ix), form="index")
            assert len(index) == len(dense)
            for (img, d), (img2, j) in zip(dense, index):
                assert img2 == img and isinstance(j, int)
                assert j == int(np.argmax(d))
                assert chess.move_from_index(img, j) in img.legal_moves()
    # all 8 symmetries (no pawns, no castling), each with the colour swap
    assert len(chess.augment(Position(POSITIONS[5]), 0, form="index")) == 16


def test_augment_index_form_edges():
    pos = Position(POSITIONS[5])
    assert [j for _, j in chess.augment(pos, -1, form="index")] == [-1] * 16       # no move
    assert len({j for _, j in chess.augment(pos, 4671, form="index")}) > 1
    with pytest.raises(ValueError, match=r"^policy: 4672 is not a move index \(0\.\.4671, negative: none\)$"):
        chess.augment(pos, 4672, form="index")
    with pytest.raises(TypeError, match="expected an int move index.*float"):
        chess.augment(pos, 3.0, form="index")
    with pytest.raises(TypeError, match="got bool"):
        chess.augment(pos, True, form="index")
    with pytest.raises(ValueError, match="pass form='index'"):
        chess.augment(pos, np.int64(3))
    with pytest.raises(ValueError, match="^form: 'sparse' is not 'dense' or 'index'$"):
        chess.augment(pos, 3, form="sparse")

def test_read_pgn(tmp_path):
    games = [["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"], ["d4", "d5", "c4", "dxc4", "e4"], ["f3", "e5", "g4", "Qh4#"]]
    text = ""
    for k, g in enumerate(games):
        moves = " ".join(("%d. " % (i // 2 + 1) if i % 2 == 0 else "") + m for i, m in enumerate(g))
        text += '[Event "t%d"]\n[White "w"]\n[Black "b"]\n[Result "*"]\n\n%s *\n\n' % (k, moves)
    text += '[Event "bad"]\n\n1. e4 e4 *\n'
    path = tmp_path / "g.pgn"
    path.write_text(text)
    got = list(chess.read_pgn(path))
    assert len(got) == 4
    for g, want in zip(got, games):
        pos = Position()
        for m in want:
            pos.push_san(m)
        assert g["uci"] == pos.move_stack and g["error"] is None
        assert g["boards"].shape == (len(want) + 1, 12) and g["moves"].dtype == np.uint16
        assert np.array_equal(g["boards"][-1], pos.pieces.reshape(-1))
        assert g["side"][-1] == pos.turn and g["castling"][-1] == pos.castling
    assert got[0]["tags"]["Event"] == "t0" and got[0]["start_fen"].startswith("rnbqkbnr/")
    assert got[3]["error"] is not None and "game 4" in got[3]["error"] and got[3]["uci"] == ["e2e4"]
    assert "boards" not in next(iter(chess.read_pgn(path, positions=False)))
    with pytest.raises(OSError, match="nope.pgn"):
        chess.read_pgn(tmp_path / "nope.pgn")


def test_read_pgn_follows_the_cli_rule(tmp_path):
    # a bad game is one dict with what was read before its error; an illegal
    # move in a variation is an error; a comment after the result is not a
    # game; warnings for a contradicted Result tag and a missing result
    path = tmp_path / "r.pgn"
    path.write_text('[Result "1-0"]\n\n1. e4 e5 (1... Ke7 2. Qxe8) 2. Nf3 *\n\n'
                    '[Result "1-0"]\n\n1. d4 d5 0-1 {after the result}\n\n'
                    '[Event "last"]\n\n1. e2-e4 d7-d5 2. e4xd5 c7-c5 3. dxc6 e.p.\n')
    got = list(chess.read_pgn(path))
    assert [g["number"] for g in got] == [1, 2, 3]
    assert "game 1, line 3" in got[0]["error"] and "Ke7" in got[0]["error"] and got[0]["uci"] == ["e2e4", "e7e5"]
    assert got[1]["error"] is None and got[1]["result"] == "0-1" and "contradicts" in got[1]["warning"]
    assert got[2]["error"] is None and got[2]["uci"] == ["e2e4", "d7d5", "e4d5", "c7c5", "d5c6"]
    assert "without a result" in got[2]["warning"] and got[0]["warning"] is None
    with pytest.raises(OSError) as e:
        chess.read_pgn(tmp_path)
    assert str(tmp_path) in str(e.value) and "directory" in str(e.value)
    with pytest.raises(OSError) as e:
        chess.read_pgn(tmp_path / "nope.pgn")
    assert str(e.value).count("nope.pgn") == 1


def test_read_pgn_compressed(tmp_path):
    # zstd, gzip and bzip2 told by their bytes (Python's own gzip and bz2
    # write two of them; zstd's program the third, when it is here)
    import bz2, gzip, shutil, subprocess
    text = "".join('[Event "e%d"]\n\n1. e4 {%d} e5 2. Nf3 *\n\n' % (k, k * 7919) for k in range(12000))
    plain = tmp_path / "g.pgn"
    plain.write_text(text)
    want = [g["uci"] for g in chess.read_pgn(plain)]
    files = {"gz": gzip.compress(text.encode()), "bz2": bz2.compress(text.encode(), 1)}
    if shutil.which("zstd"):
        files["zst"] = subprocess.run(["zstd", "-q", "-c", str(plain)], capture_output=True, check=True).stdout
    for ext, data in files.items():
        path = tmp_path / ("g.pgn." + ext)
        path.write_bytes(data)
        assert [g["uci"] for g in chess.read_pgn(path)] == want, ext
        named = tmp_path / ("by-bytes-%s.pgn" % ext)  # the name says nothing: the bytes do
        named.write_bytes(data)
        assert len(list(chess.read_pgn(named))) == 12000
        cut = tmp_path / ("cut.pgn." + ext)
        cut.write_bytes(data[: len(data) // 2])
        it = iter(chess.read_pgn(cut))
        got = 0
        with pytest.raises(OSError, match="cut short"):
            for _ in it:
                got += 1
        assert 0 < got < 12000, (ext, got)  # the games before the cut, then the error
    liar = tmp_path / "plain.pgn.zst"
    liar.write_text(text)
    with pytest.raises(OSError, match="the name says zstd"):
        chess.read_pgn(liar)


def test_read_pgn_chess960_start_fen_is_shredder(tmp_path):
    path = tmp_path / "c.pgn"
    path.write_text('[Variant "Chess960"]\n[FEN "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w KQkq - 0 1"]\n\n1. O-O *\n')
    (g,) = chess.read_pgn(path)
    assert g["error"] is None and g["start_fen"].split()[2] == "GBgb"


def test_uci_text_matches_the_library_writer():
    fens = [f for f in POSITIONS if f] + ["bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"]
    for fen in fens:
        pos = Position(fen)
        for m in pos.legal_moves():
            q = pos.copy()
            assert q.push_uci(m) == m
            assert q.move_stack[-1] == m          # bb_chess_game_uci, the library's own writer
            assert q.pop() == m


# ---- issue 50: filters, the CLI's terms ------------------------------------------------

import os  # noqa: E402
import re  # noqa: E402
import subprocess  # noqa: E402

FILTER_PGN = os.path.join(os.path.dirname(__file__), "..", "..", "tests", "cli", "chess_pgn", "filter.pgn")
BITBOARD = os.path.join(os.path.dirname(__file__), "..", "..", "build", "bitboard")


def _slow_keep(g, terms):
    """A slow reference of the filter over a parsed game (docs/CHESS.md "Filters")."""
    if g["error"]:
        return False
    tags = g["tags"]

    def elo(name):
        v = tags.get(name, "")
        return int(v) if v.isdigit() else None

    def tclass():
        tc = tags.get("TimeControl", "")
        base, _, inc = tc.partition("+")
        if not base.isdigit() or (_ and not inc.isdigit()):
            return None
        est = int(base) + 40 * int(inc or 0)
        return "bullet" if est < 180 else "blitz" if est < 480 else "rapid" if est < 1500 else "classical"

    for t in terms:
        k, _, v = t.partition("=")
        if k.startswith("elo"):
            lo, _, hi = v.partition("..")
            lo, hi = (int(lo or 0), int(hi or 10**6)) if _ else (int(v), int(v))
            w, b = elo("WhiteElo"), elo("BlackElo")
            inr = [x is not None and lo <= x <= hi for x in (w, b)]
            ok = {"elo": all(inr), "elo-either": any(inr),
                  "elo-mean": w is not None and b is not None and lo <= (w + b) / 2 <= hi}[k]
        elif k == "tc":
            ok = tclass() in v.split(",")
        elif k == "result":
            ok = (g["result"] or "*") in v.split(",")
        elif k == "min-plies":
            ok = len(g["moves"]) >= int(v)
        elif k == "variant":
            ok = (tags.get("Variant") == "Chess960") == (v == "chess960")
        else:
            name = k[4:]
            ok = tags.get(name) == v
        if not ok:
            return False
    return True


FILTER_CASES = [["elo=2000.."], ["elo-either=2500.."], ["elo-mean=2050"], ["tc=blitz"], ["tc=bullet,rapid"],
                ["tc=classical"], ["result=1-0,*"], ["min-plies=10"], ["variant=chess960"], ["variant=standard"],
                ["tag:Event=Rated Blitz game"], ["tc=blitz", "elo=2000.."], ["elo=..2100", "result=0-1,1/2-1/2"]]


@pytest.mark.parametrize("terms", FILTER_CASES)
def test_read_pgn_filter_against_reference_and_cli(terms):
    every = list(chess.read_pgn(FILTER_PGN))
    want = [g["number"] for g in every if _slow_keep(g, terms)]
    r = chess.read_pgn(FILTER_PGN, filter=terms)
    got = [g["number"] for g in r]
    assert got == want
    assert (r.kept, r.dropped) == (len(want), len(every) - len(want))
    if os.path.exists(BITBOARD):  # the CLI keeps the same games
        args = [BITBOARD, "chess", "pgn", FILTER_PGN, "--uci", "--label", "number"]
        for t in terms:
            args += ["--filter", t]
        out = subprocess.run(args, capture_output=True, text=True).stdout
        assert [int(line.split("\t")[0]) for line in out.splitlines()] == got


def test_read_pgn_filter_keywords():
    kw = list(chess.read_pgn(FILTER_PGN, elo=(2000, None), time_control=["blitz", "rapid"], positions=False))
    terms = list(chess.read_pgn(FILTER_PGN, filter=["elo=2000..", "tc=blitz,rapid"], positions=False))
    assert [g["number"] for g in kw] == [g["number"] for g in terms] == [1, 7, 10]
    assert [g["number"] for g in chess.read_pgn(FILTER_PGN, elo=(2050, 2050), elo_rule="mean")] == [5, 8]
    assert [g["number"] for g in chess.read_pgn(FILTER_PGN, variant="chess960", min_plies=8)] == [5]
    assert [g["number"] for g in chess.read_pgn(FILTER_PGN, tag=("Event", "FIDE"), result="1/2-1/2")] == [9]
    r = chess.read_pgn(FILTER_PGN, time_control="bullet")
    assert [g["number"] for g in r] == [2, 8] and (r.kept, r.dropped) == (2, 8)


@pytest.mark.parametrize("bad", [["tc=hyper"], ["elo=3..1"], ["nokey"], ["tag:a b=c"]])
def test_read_pgn_filter_bad_term(bad):
    with pytest.raises(ValueError, match="filter '%s'" % re.escape(bad[0])):
        chess.read_pgn(FILTER_PGN, filter=bad)
    with pytest.raises(ValueError, match="elo_rule"):
        chess.read_pgn(FILTER_PGN, elo=(1, 2), elo_rule="max")
