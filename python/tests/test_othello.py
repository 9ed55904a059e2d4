"""bitboard.othello against a plain Python flip walk and known counts."""
import os
import struct

import numpy as np
import pytest

import bitboard
from bitboard import Sym, othello
from naive import naive_flips, naive_moves, naive_negamax, random_positions

RNG = np.random.default_rng(1125)
P, O = random_positions(RNG, 400)


def test_moves_flips_play_against_walk():
    m = othello.moves(P, O)
    for i in range(len(P)):
        assert int(m[i]) == naive_moves(int(P[i]), int(O[i]))
    # every square of every position, as arrays: flips(p, o, sq) with sq an array
    for sq in range(64):
        f = othello.flips(P, O, sq)
        want = [naive_flips(int(P[i]), int(O[i]), sq) for i in range(len(P))]
        assert f.tolist() == want
    # play a legal move in each position that has one
    has = m != 0
    p, o, mm = P[has], O[has], m[has]
    sqs = np.array([othello.squares(int(x))[0] for x in mm])
    p2, o2 = othello.play(p, o, sqs)
    for i in range(len(p)):
        f = naive_flips(int(p[i]), int(o[i]), int(sqs[i]))
        assert int(p2[i]) == int(o[i]) & ~f
        assert int(o2[i]) == int(p[i]) | f | (1 << int(sqs[i]))


def test_scalar_forms():
    p, o, side = othello.start()
    assert side == othello.BLACK
    assert isinstance(othello.moves(p, o), int)
    assert othello.mobility(p, o) == 4
    assert othello.flips(p, o, othello.square("f5")) == 1 << othello.square("e5")
    assert othello.flips(p, o, 0) == 0
    a, b = othello.play(p, o, 37)
    assert isinstance(a, int) and bin(b).count("1") == 4


def test_play_errors_and_pass():
    p, o, _ = othello.start()
    with pytest.raises(ValueError, match=r"sq: a1 at index \(\) is not a legal move"):
        othello.play(p, o, 0)
    with pytest.raises(ValueError, match=r"sq: d4 at index \(1,\) is not a legal move"):
        othello.play(np.array([p, p], np.uint64), np.array([o, o], np.uint64), np.array([37, 27]))
    with pytest.raises(ValueError, match="a pass at index"):
        othello.play(p, o, othello.PASS)
    with pytest.raises(ValueError, match="sq: 65 is not a square"):
        othello.play(p, o, 65)
    with pytest.raises(ValueError, match="sq: 64 is not a square"):
        othello.flips(p, o, 64)
    with pytest.raises(TypeError, match="sq: expected integer squares"):
        othello.flips(p, o, np.array([1.5]))
    with pytest.raises(ValueError, match="p and o overlap"):
        othello.moves(3, 1)
    with pytest.raises(TypeError, match="o: expected dtype uint64"):
        othello.moves(np.zeros(2, np.uint64), np.zeros(2, np.int32))
    # positions from random games where the side to move must pass
    rng = np.random.default_rng(3)
    found = 0
    for _ in range(400):
        ps, os_ = random_positions(rng, 1)
        b, w = int(ps[0]), int(os_[0])
        if naive_moves(b, w) == 0 and naive_moves(w, b) != 0:
            assert othello.play(b, w, othello.PASS) == (w, b)
            found += 1
    assert found > 0


def test_features_against_definitions():
    neigh = []
    for sq in range(64):
        n = 0
        for df in (-1, 0, 1):
            for dr in (-1, 0, 1):
                f, r = (sq & 7) + df, (sq >> 3) + dr
                if (df or dr) and 0 <= f < 8 and 0 <= r < 8:
                    n |= 1 << (r * 8 + f)
        neigh.append(n)
    mob = othello.mobility(P, O)
    pot = othello.potential_mobility(P, O)
    fr = othello.frontier(P, O)
    st = othello.stable(P, O)
    se = othello.stable_edges(P, O)
    par = othello.parity(P, O)
    fs = othello.final_score(P, O)
    assert mob.dtype == np.int32 and fr.dtype == np.uint64
    for i in range(len(P)):
        p, o = int(P[i]), int(O[i])
        empty = ~(p | o) & (2**64 - 1)
        assert mob[i] == bin(naive_moves(p, o)).count("1")
        assert pot[i] == sum(1 for s in range(64) if empty >> s & 1 and neigh[s] & o)
        assert int(fr[i]) == sum(1 << s for s in range(64) if p >> s & 1 and neigh[s] & empty)
        assert int(se[i]) & ~int(st[i]) == 0 and int(st[i]) & ~p == 0
        q = 0
        for k, (f0, r0) in enumerate([(0, 0), (4, 0), (0, 4), (4, 4)]):
            cnt = sum(1 for f in range(f0, f0 + 4) for r in range(r0, r0 + 4) if empty >> (r * 8 + f) & 1)
            q |= (cnt & 1) << k
        assert par[i] == q
        d = bin(p).count("1") - bin(o).count("1")
        e = bin(empty).count("1")
        assert fs[i] == (d + e if d > 0 else d - e if d < 0 else 0)


def test_stable_discs_cannot_be_flipped():
    # play random continuations: a stable disc never changes colour
    for i in range(0, len(P), 8):
        p, o = int(P[i]), int(O[i])
        mine = int(othello.stable(p, o))
        me = 0   # whose discs `mine` are: 0 = the side to move at the start
        for _ in range(60):
            m = naive_moves(p, o)
            if not m:
                if not naive_moves(o, p):
                    break
                p, o, me = o, p, me ^ 1
                continue
            sqs = othello.squares(m)
            p, o = othello.play(p, o, sqs[int(RNG.integers(len(sqs)))])
            me ^= 1
            owner = p if me == 0 else o
            assert mine & ~owner == 0


def test_perft_known_counts():
    p, o, _ = othello.start()
    assert [othello.perft(p, o, d) for d in range(1, 8)] == [4, 12, 56, 244, 1396, 8200, 55092]
    assert othello.perft(p, o, 7, threads=2, hash_mb=4) == 55092
    with pytest.raises(ValueError, match="convention"):
        othello.perft(p, o, 3, convention="xyz")
    with pytest.raises(ValueError, match="depth"):
        othello.perft(p, o, -1)


def test_solve_against_negamax():
    rng = np.random.default_rng(7)
    found = 0
    while found < 12:
        ps, os_ = random_positions(rng, 1, max_plies=60)
        p, o = int(ps[0]), int(os_[0])
        empties = 64 - bin(p | o).count("1")
        if not 1 <= empties <= 7:
            continue
        found += 1
        want = naive_negamax(p, o)
        r = othello.solve(p, o)
        assert r.score == want and r.bound == 0
        assert r.wld == (want > 0) - (want < 0)
        w = othello.solve(p, o, wld=True)
        assert w.wld == r.wld
        if r.best not in (-1, othello.PASS):
            q, s = othello.play(p, o, r.best)
            assert -naive_negamax(q, s) == want


def test_search_to_the_end_is_the_solver():
    rng = np.random.default_rng(11)
    found = 0
    while found < 8:
        ps, os_ = random_positions(rng, 1, max_plies=60)
        p, o = int(ps[0]), int(os_[0])
        empties = 64 - bin(p | o).count("1")
        if not 1 <= empties <= 8:
            continue
        found += 1
        want = othello.solve(p, o).score
        r = othello.search(p, o, depth=60, exact_empties=-1)
        assert r.exact and r.score == want and r.wld == (want > 0) - (want < 0)  # exact: win/loss/draw proven
        assert othello.search(p, o).score == want  # the solver answers by default here


def test_search_midgame():
    p, o, _ = othello.start()
    r = othello.search(p, o, depth=6)
    assert (othello.square_name(r.best), r.depth, r.exact, r.stopped, r.wld) == ("d3", 6, False, False, None)
    assert r.pv[0] == r.best and r.nodes == 966  # the CLI's `othello search start --depth 6`
    assert othello.search(p, o, seconds=0.05).depth >= 1
    # multi-ProbCut off: every line to the depth (the CLI's --no-probcut), more nodes, the same answer here
    q = othello.search(*othello.transcript("f5d6c3d3c4f4f6f3e6e7")[:2], depth=10, exact_empties=-1, probcut=False)
    r = othello.search(*othello.transcript("f5d6c3d3c4f4f6f3e6e7")[:2], depth=10, exact_empties=-1)
    assert (q.nodes, r.nodes, othello.square_name(q.best), othello.square_name(r.best)) == (532670, 50205, "f7", "f7")
    # two threads sharing the table: the same score without the cut-offs (the nodes vary)
    t = othello.search(*othello.transcript("f5d6c3d3c4f4f6f3e6e7")[:2], depth=10, exact_empties=-1, probcut=False, threads=2)
    assert (t.score, othello.square_name(t.best)) == (q.score, "f7")
    with pytest.raises(ValueError, match="threads"):
        othello.search(p, o, depth=2, threads=0)
    with pytest.raises(ValueError, match="depth"):
        othello.search(p, o, depth=61)
    with pytest.raises(ValueError, match="seconds"):
        othello.search(p, o, seconds=-1)


def test_search_table_kept():
    # a table kept over a game's moves: without the cut-offs the score is the one without a table
    t = othello.SearchTable(1)
    p, o, _ = othello.transcript("f5d6c3d3c4f4f6f3e6e7")
    for d in (4, 5):
        othello.search(p, o, depth=d, exact_empties=-1, table=t)  # with the cut-offs: their bounds in the table
        kept = othello.search(p, o, depth=d, exact_empties=-1, probcut=False, table=t)
        alone = othello.search(p, o, depth=d, exact_empties=-1, probcut=False)
        assert (kept.score, kept.depth) == (alone.score, d)
    t.clear()
    first = othello.search(p, o, depth=9, table=t)
    again = othello.search(p, o, depth=9, table=t)
    assert again.nodes < first.nodes and othello.moves(p, o) >> again.best & 1
    t.clear()
    assert othello.search(p, o, depth=9, table=t).nodes == first.nodes  # cleared: as it was before the two
    with pytest.raises(TypeError, match="SearchTable"):
        othello.search(p, o, depth=2, table=3)
    with pytest.raises(ValueError, match="mb"):
        othello.SearchTable(0)


def test_solve_14_empties_matches_cli_value():
    p, o, _ = othello.board("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X")
    r = othello.solve(p, o)
    assert (r.score, othello.square_name(r.best)) == (18, "g8")
    assert r.pv[0] == r.best and r.nodes > 0
    assert othello.solve(p, o, threads=2).score == 18
    assert othello.solve(p, o, symmetry=False).score == 18
    assert othello.solve(p, o, evaluation=False).score == 18
    with pytest.raises(ValueError, match="alpha, beta"):
        othello.solve(p, o, alpha=5, beta=5)
    with pytest.raises(TypeError, match="one position"):
        othello.solve(np.array([p, p], np.uint64), np.array([o, o], np.uint64))
    # the default table is sized from the empties (14 here: 2 MiB); a size given is kept
    assert r.table_bytes == 2 << 20
    assert othello.solve(p, o, hash_mb=8).table_bytes == 8 << 20
    with pytest.raises(ValueError, match="hash_mb"):
        othello.solve(p, o, hash_mb=-1)


def test_board_strings_and_transcripts():
    p, o, side = othello.transcript("f5d6c3d3c4")
    text = othello.board_string(p, o, side)
    assert othello.board(text) == (p, o, side)
    assert "X" in othello.diagram(p, o, side)
    assert othello.transcript("d6", start=othello.transcript("f5")) == othello.transcript("f5d6")
    assert othello.normalize_transcript("c4c3") == othello.normalize_transcript("f5f6")
    assert othello.normalize_transcript("E6f4") == "f5d6"
    with pytest.raises(ValueError, match="transcript"):
        othello.transcript("f5f5")
    with pytest.raises(ValueError, match="board"):
        othello.board("XO")
    assert othello.square("h8") == 63 and othello.square_name(0) == "a1" and othello.square("PA") == othello.PASS
    with pytest.raises(ValueError):
        othello.square("i9")


def test_board_takes_the_word_start():
    # the word the CLI takes for the start position
    assert othello.board("start") == othello.board(" Start ") == othello.start()
    with pytest.raises(ValueError, match="board"):
        othello.board("starts")


def test_solve_threads_limit_is_the_cli_one():
    p, o, _ = othello.board("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X")
    assert othello.solve(p, o, threads=64).score == 18
    with pytest.raises(ValueError, match=r"^threads: 65 is not a number 1\.\.64$"):
        othello.solve(p, o, threads=65)
    with pytest.raises(ValueError, match=r"^threads: 256 is not a number 1\.\.64$"):
        othello.solve(p, o, threads=256)


def test_augment_moves_policy_with_board():
    p, o = P[:50], O[:50]
    m = othello.moves(p, o)
    pol = np.zeros((50, 65), np.float32)
    for i in range(50):
        sq = othello.squares(int(m[i]))
        if sq:
            pol[i, sq] = 1.0 / len(sq)
        else:
            pol[i, 64] = 1.0
    p8, o8, pol8 = othello.augment(p, o, pol)
    assert p8.shape == (50, 8) and pol8.shape == (50, 8, 65)
    for s in Sym:
        assert np.array_equal(p8[:, s], bitboard.transform(p, s))
        m8 = othello.moves(p8[:, s], o8[:, s])
        for i in range(50):
            legal = othello.squares(int(m8[i]))
            assert sorted(np.nonzero(pol8[i, s, :64])[0].tolist()) == legal
            assert pol8[i, s, 64] == pol[i, 64]
            for q in range(64):
                assert pol8[i, s, bitboard.sym_square(q, s)] == pol[i, q]
    with pytest.raises(ValueError, match="policy: expected shape"):
        othello.augment(p, o, np.zeros((50, 64)))



def test_augment_index_form_is_the_dense_forms_argmax():
    rng = np.random.default_rng(52)
    m = othello.moves(P, O)
    moves = np.empty(len(P), np.int64)
    for i in range(len(P)):
        sq = othello.squares(int(m[i]))
        moves[i] = rng.choice(sq) if sq else othello.PASS
    moves[::7] = -1                                 # no move (the last position of a game)
    dense = np.zeros((len(P), 65), np.float32)
    has = moves >= 0
    dense[np.nonzero(has)[0], moves[has]] = 1
    p8, o8, d8 = othello.augment(P, O, dense)
    for dt in (np.int16, np.int32, np.int64, np.int8):
        q8, r8, i8 = othello.augment(P, O, moves.astype(dt), form="index")
        assert i8.shape == (len(P), 8) and i8.dtype == dt
        assert np.array_equal(q8, p8) and np.array_equal(r8, o8)
        assert np.array_equal(i8[has], np.argmax(d8[has], axis=-1))
        assert (i8[~has] == -1).all()
    # each image's move is legal in that image (or the pass where it has none)
    m8 = othello.moves(p8, o8)
    for i in np.nonzero(has)[0]:
        for s in Sym:
            if i8[i, s] == othello.PASS:
                assert m8[i, s] == 0
            else:
                assert (int(m8[i, s]) >> int(i8[i, s])) & 1
                assert i8[i, s] == bitboard.sym_square(int(moves[i]), s)
    # uint8 (othello.games' moves) stays uint8; a 2-D batch; one position as ints
    u8 = np.where(has, moves, othello.PASS).astype(np.uint8)
    assert othello.augment(P, O, u8, form="index")[2].dtype == np.uint8
    _, _, b8 = othello.augment(P[:40].reshape(10, 4), O[:40].reshape(10, 4), moves[:40].reshape(10, 4),
                               form="index")
    assert b8.shape == (10, 4, 8) and np.array_equal(b8.reshape(40, 8), i8[:40])


def test_augment_index_form_edges():
    p, o, _ = othello.start()
    assert othello.augment(p, o, othello.PASS, form="index")[2].tolist() == [64] * 8
    assert othello.augment(p, o, -100, form="index")[2].tolist() == [-100] * 8   # PyTorch's ignore_index
    dense = np.zeros(65, np.float32)
    dense[64] = 1
    assert np.argmax(othello.augment(p, o, dense)[2], axis=-1).tolist() == [64] * 8
    with pytest.raises(ValueError, match=r"^policy: 65 at index \(1,\) is not a move"):
        othello.augment(P[:3], O[:3], np.array([0, 65, 2]), form="index")
    with pytest.raises(TypeError, match="expected integer moves.*float64"):
        othello.augment(P[:3], O[:3], np.zeros(3), form="index")
    with pytest.raises(TypeError, match="got dtype bool"):
        othello.augment(P[:3], O[:3], np.zeros(3, bool), form="index")
    with pytest.raises(ValueError, match=r"expected shape \(3,\) \(the boards' shape\), got \(3, 65\)"):
        othello.augment(P[:3], O[:3], np.zeros((3, 65), np.int64), form="index")
    with pytest.raises(ValueError, match="pass form='index'"):
        othello.augment(P[:3], O[:3], np.zeros(3, np.int64))
    with pytest.raises(ValueError, match="^form: 'indices' is not 'dense' or 'index'$"):
        othello.augment(P[:3], O[:3], np.zeros(3, np.int64), form="indices")

# --- records: files written here in each format ---------------------------

GAMES = ["f5d6c3d3c4f4f6f3e6e7", "f5f6e6f4e3c5c4e7c6d3", "c4c3"]


def wthor_bytes(transcripts):
    head = struct.pack("<BBBBIHHBBBB", 20, 26, 11, 25, len(transcripts), 0, 2026, 8, 0, 22, 0)
    body = b""
    for k, t in enumerate(transcripts):
        sqs = [othello.square(t[i:i + 2]) for i in range(0, len(t), 2)]
        p, o, side = othello.transcript(t)
        black = bin(p if side == othello.BLACK else o).count("1")
        moves = bytes(10 * ((s >> 3) + 1) + (s & 7) + 1 for s in sqs) + bytes(60 - len(sqs))
        body += struct.pack("<HHHBB", 1, 2 + k, 3, black, black) + moves
    return head + body


def test_wthor_games(tmp_path):
    path = tmp_path / "g.wtb"
    path.write_bytes(wthor_bytes(GAMES))
    games = list(othello.games(path))
    assert [g["transcript"] for g in games] == GAMES
    for g in games:
        n = g["count"]
        assert g["moves"].shape == (n,) and g["p"].shape == (n + 1,)
        p, o, side = othello.transcript(g["transcript"])
        assert (int(g["p"][-1]), int(g["o"][-1]), int(g["side"][-1])) == (p, o, side)
        # each position's next one is the move played
        for k in range(n):
            q, r = othello.play(int(g["p"][k]), int(g["o"][k]), int(g["moves"][k]))
            assert (q, r) == (int(g["p"][k + 1]), int(g["o"][k + 1]))


def test_wthor_errors(tmp_path):
    data = bytearray(wthor_bytes(GAMES))
    data[16 + 68 + 8] = 99   # game 2, first move byte: not a square
    path = tmp_path / "bad.wtb"
    path.write_bytes(bytes(data))
    with pytest.raises(ValueError, match="game 2"):
        list(othello.games(path))
    got = list(othello.games(path, errors="yield"))
    assert isinstance(got[1], tuple) and got[1][0] == 2
    assert len(list(othello.games(path, errors="skip"))) == 2
    short = tmp_path / "short.wtb"
    short.write_bytes(bytes(data[:10]))
    with pytest.raises(ValueError, match="not a WTHOR game file"):
        list(othello.games(short))


CLI = os.path.join(os.path.dirname(__file__), "..", "..", "build", "bitboard")


@pytest.mark.parametrize("cut, where", [(30, "inside"), (0, "before")])
def test_wthor_cut_file_gives_its_whole_games_then_the_error(tmp_path, cut, where):
    data = wthor_bytes(GAMES)
    size = 16 + 2 * 68 + cut  # games 1 and 2 whole, the file ends in (or before) game 3
    path = tmp_path / "cut.wtb"
    path.write_bytes(data[:size])
    got = []
    with pytest.raises(ValueError) as e:
        for g in othello.games(path):
            got.append(g["transcript"])
    assert got == GAMES[:2]
    msg = str(e.value)
    assert msg.startswith("%s: game 3: the file ends %s it, at byte %d (the header says 3 games" % (path, where, size))
    yielded = list(othello.games(path, errors="yield"))
    assert [g["number"] for g in yielded[:2]] == [1, 2] and yielded[2] == (3, msg.split(": game 3: ", 1)[1])
    assert len(list(othello.games(path, errors="skip"))) == 2
    # the same facts as the CLI's message
    if os.path.exists(CLI):
        import subprocess
        r = subprocess.run([CLI, "othello", "games", str(path), "--check"], capture_output=True, text=True)
        assert "bitboard: error: " + msg in r.stderr.splitlines()
    # bytes after the last game are still refused whole
    path.write_bytes(data + b"x")
    with pytest.raises(ValueError, match="not a WTHOR game file"):
        list(othello.games(path))


def split_wthor(stored):
    # a 9-move wipe-out (d3 c3 b3 d2 e1 d6 d7 e3 f4: black 13-0, 51 empties) with black's count stored as given
    game = bytes([0, 0, 0, 0, 1, 0, stored, stored, 0x22, 0x21, 0x20, 0x18, 0x0f, 0x40, 0x4a, 0x23, 0x2e]) + bytes(51)
    return bytes([0x14, 0x1a, 0x0b, 0x1b, 1, 0, 0, 0, 0, 0, 0xcf, 0x07, 8, 0, 0, 0]) + game


def test_wthor_split_count_is_a_warning(tmp_path):
    # 39 splits the 51 empties evenly (Logistello's book does): kept, with a warning saying both counts;
    # 64 (empties to the winner, the WTHOR rule) reads cleanly; 13 is an error
    path = tmp_path / "split.wtb"
    path.write_bytes(split_wthor(39))
    g, = list(othello.games(path))
    assert g["transcript"] == "d3c3b3d2e1d6d7e3f4" and g["black_discs"] == 39
    assert "split evenly instead of given to the winner" in g["warning"]
    path.write_bytes(split_wthor(64))
    g, = list(othello.games(path))
    assert "warning" not in g
    path.write_bytes(split_wthor(13))
    with pytest.raises(ValueError, match="black's disc count is 13"):
        list(othello.games(path))


def test_ggf_games(tmp_path):
    text = "".join("(;GM[Othello]PB[a]PW[b]RE[?]BO[8 " + "-" * 27 + "O*------*O" + "-" * 27 + " *]"
                   + "".join(("B" if i % 2 == 0 else "W") + "[" + t[2 * i:2 * i + 2] + "]"
                             for i in range(len(t) // 2)) + ";)\n" for t in GAMES[:2])
    path = tmp_path / "g.ggf"
    path.write_text(text)
    games = list(othello.games(path))
    assert [g["transcript"] for g in games] == GAMES[:2]
    assert games[0]["black"] == "a" and games[0]["white"] == "b"


def test_squares_refuses_what_is_not_a_board():
    # -1 looped for ever, 2**64 gave [64], 1.9 gave [0]
    assert othello.squares(0) == [] and othello.squares((1 << 64) - 1) == list(range(64))
    assert othello.squares(np.uint64(5)) == [0, 2]
    for bad, kind in ((-1, ValueError), (1 << 64, ValueError), (1.9, TypeError), (True, TypeError), ("5", TypeError)):
        with pytest.raises(kind, match="board"):
            othello.squares(bad)


def test_games_takes_a_path_not_a_descriptor():
    # games(2) read and closed the caller's standard error
    for bad in (2, True, 1.5, None):
        with pytest.raises(TypeError, match="path"):
            next(othello.games(bad))
    os.fstat(2)  # still open
