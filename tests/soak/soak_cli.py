#!/usr/bin/env python3
"""Soak area cli: the command-line tool (build/bitboard) against the C
library's answers (build/tests/soak --query) on random inputs, boards given
in every form the CLI reads (hex, decimal, binary, square lists, none),
as arguments and on standard input: transform (one symmetry and all),
canonical (boards and pairs), line and deposit, rotate45, rotated, convert,
attacks (every method), Othello moves and flips (every method), perft
(conventions, threads, table) and solve (--wld, threads, --no-eval,
--no-symmetry, JSON), chess perft (methods, threads, table), moves and
play (UCI and SAN), and bad arguments refused with status 2.  Needs only
Python's standard library.  tests/soak/run.sh runs it under make soak."""

import json
import os
import shlex
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from soak_common import Failure, chess_start, difference, hexb, othello_position, othello_string, run_area  # noqa: E402

SYMS = ["identity", "rotate_cw", "rotate_180", "rotate_ccw", "flip_vertical", "flip_horizontal", "flip_diagonal",
        "flip_antidiagonal"]
LINES = ["rank", "file", "diagonal", "antidiagonal"]
MAPPINGS = ["lerf", "lerbef", "berlef", "berf", "lefr", "lefber", "befler", "befr"]
OTHELLO_METHODS = ["lookup", "shifts", "avx2", "avx512"]
ATTACK_METHODS = ["naive", "rotated", "kindergarten", "magic", "pext", "hyperbola", "kogge-stone"]
CONVENTIONS = ["oeis", "bik", "nopass"]


def square(sq):
    return "abcdefgh"[sq % 8] + str(sq // 8 + 1)


def board_text(rng, x):
    """x as the CLI reads it: hex, decimal, binary, a square list, none."""
    k = rng.below(6)
    if k == 0:
        return str(x)
    if k == 1:
        return bin(x)
    if k == 2 and bin(x).count("1") <= 12:
        return ",".join(square(s) for s in range(64) if x >> s & 1) or "none"
    return "0x%x" % x if k == 3 else hexb(x)


class Cli:
    def __init__(self, ctx):
        self.exe = os.path.join(ctx.build, "bitboard")
        self.ctx = ctx
        self.runs = 0

    def run(self, args, stdin=None, status=0):
        """stdout of `bitboard ARGS`; a Failure unless it exits with status."""
        cmd = [self.exe] + args
        self.ctx.note("$ " + shlex.join(cmd) + (" <<< %d lines" % stdin.count("\n") if stdin else ""))
        r = subprocess.run(cmd, input=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=120)
        self.runs += 1
        if r.returncode != status:
            raise Failure("%s%s: exit status %d, want %d; stderr: %s" % (
                shlex.join(cmd), " (stdin: %r)" % stdin[:300] if stdin else "", r.returncode, status, r.stderr.strip()[:500]))
        return r.stdout

    _methods = {}

    def attack_methods(self):
        """The slider methods this build has (`attacks --methods`)."""
        if "attacks" not in Cli._methods:
            Cli._methods["attacks"] = [l.split()[0] for l in self.run(["attacks", "--methods"]).splitlines()
                                       if l.split() and "not in this build" not in l]
        return Cli._methods["attacks"]

    def othello_methods(self):
        """The Othello methods this build and CPU run (the others are refused)."""
        if "othello" not in Cli._methods:
            Cli._methods["othello"] = [m for m in OTHELLO_METHODS if subprocess.run(
                [self.exe, "othello", "moves", "start", "--method", m], stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL).returncode == 0]
        return Cli._methods["othello"]

    def same(self, args, got, want, stdin=None):
        if got != want:
            raise Failure("%s%s: %s" % (shlex.join([self.exe] + args), " (stdin: %r)" % stdin[:300] if stdin else "",
                                        difference(got, want, "CLI", "library")))


def boards(rng, n):
    return [rng.board() for _ in range(n)]


def case_symmetries(rng, ctx, cli):
    ask = ctx.oracle.ask
    xs = boards(rng, rng.range(1, 40))
    s = rng.below(8)
    want = ask("sym %d %s" % (s, " ".join(map(str, xs)))).split()
    texts = [board_text(rng, x) for x in xs]
    if rng.below(2):
        args = ["-o", "hex", "transform", SYMS[s], "-"]
        stdin = "".join(t + "\n" for t in texts)
        cli.same(args, cli.run(args, stdin).split(), want, stdin)
    else:
        args = ["-o", "hex", "transform", SYMS[s]] + texts
        cli.same(args, cli.run(args).split(), want)
    x = xs[0]
    args = ["-o", "hex", "transform", "all", board_text(rng, x)]
    want_all = ["%s %s" % (SYMS[t], ask("sym %d %d" % (t, x))) for t in range(8)]
    cli.same(args, cli.run(args).splitlines(), want_all)
    # canonical: one, a pair, and both streamed
    canon = ask("canonical %s" % " ".join(map(str, xs))).split()
    want_c = ["%s %s" % (canon[2 * k], SYMS[int(canon[2 * k + 1])]) for k in range(len(xs))]
    stdin = "".join(t + "\n" for t in texts)
    args = ["-o", "hex", "canonical", "-"]
    cli.same(args, cli.run(args, stdin).splitlines(), want_c, stdin)
    args = ["-o", "hex", "canonical", texts[0]]
    cli.same(args, cli.run(args).splitlines(), want_c[:1])
    os_ = [rng.board() & ~x for x in xs]
    want_p = []
    for x, o in zip(xs, os_):
        p2, o2, u = ask("pair %d %d" % (x, o)).split()
        want_p.append("%s %s %s" % (p2, o2, SYMS[int(u)]))
    stdin = "".join("%s | %s\n" % (board_text(rng, x), board_text(rng, o)) for x, o in zip(xs, os_))
    args = ["-o", "hex", "canonical", "-", "-"]
    cli.same(args, cli.run(args, stdin).splitlines(), want_p, stdin)
    args = ["-o", "hex", "canonical", hexb(xs[0]), hexb(os_[0])]
    cli.same(args, cli.run(args).splitlines(), want_p[:1])
    return 2 * len(xs) + 10


def case_lines(rng, ctx, cli):
    ask = ctx.oracle.ask
    n = 0
    for _ in range(4):
        x, sq, line = rng.board(), rng.below(64), rng.below(4)
        args = ["-o", "hex", "line", board_text(rng, x), square(sq), LINES[line]]
        cli.same(args, cli.run(args).split(), ask("line %d %d %d" % (x, sq, line)).split())
        bits = rng.below(256)
        args = ["-o", "hex", "deposit", rng.pick([str(bits), hex(bits), bin(bits)]), square(sq), LINES[line]]
        cli.same(args, cli.run(args).split(), [ask("deposit %d %d %d" % (bits, sq, line))])
        xs = boards(rng, rng.range(1, 6))
        w = rng.below(4)
        args = ["-o", "hex", "rotate45", ["cw", "ccw", "uncw", "unccw"][w]] + [hexb(b) for b in xs]
        cli.same(args, cli.run(args).split(), [ask("rot45 %d %d" % (w, b)) for b in xs])
        angle = rng.pick([90, 45, 315, -90, -45, -315])
        args = ["-o", "hex", "rotated", ("un%d" % -angle) if angle < 0 else str(angle)] + [hexb(b) for b in xs]
        cli.same(args, cli.run(args).split(), [ask("rotated %d %d" % (angle, b)) for b in xs])
        f, t = rng.below(8), rng.below(8)
        args = ["-o", "hex", "convert", "--from", MAPPINGS[f], "--to", MAPPINGS[t]] + [hexb(b) for b in xs]
        cli.same(args, cli.run(args).split(), [ask("convert %d %d %d" % (f, t, b)) for b in xs])
        n += 6
    return n


def case_attacks(rng, ctx, cli):
    ask = ctx.oracle.ask
    n = 0
    for _ in range(6):
        piece = rng.pick(["rook", "bishop", "queen", "knight", "king", "pawn"])
        sq, occ = rng.below(64), rng.board()
        args = ["-o", "hex", "attacks", piece, square(sq), board_text(rng, occ)]
        name = piece
        if piece in ("rook", "bishop", "queen") and rng.below(2):
            args += ["--method", rng.pick(cli.attack_methods())]
        if piece == "pawn":
            color = rng.pick(["white", "black"])
            args += ["--color", color]
            name = color[0] + "pawn"
        cli.same(args, cli.run(args).split(), [ask("attacks %s %d %d" % (name, sq, occ))])
        n += 1
    return n


def case_othello(rng, ctx, cli):
    ask = ctx.oracle.ask
    p, o = othello_position(rng, ctx.oracle, rng.range(0, 62))
    pos = othello_string(p, o)
    ctx.note("position %s" % pos)
    n = 0
    method = rng.pick(cli.othello_methods())
    m = int(ask("omoves %d %d" % (p, o)), 16)
    args = ["-o", "hex", "othello", "moves", pos, "--method", method]
    cli.same(args, cli.run(args).split(), [hexb(m)])
    legal = [s for s in range(64) if m >> s & 1]
    for sq in legal[:3]:
        args = ["-o", "hex", "othello", "moves", pos, square(sq), "--method", method]
        cli.same(args, cli.run(args).split(), [ask("oflips %d %d %d" % (p, o, sq))])
    empties = 64 - bin(p | o).count("1")
    depth = rng.range(1, 7 if empties < 12 else 4)
    conv = rng.below(3)
    args = ["othello", "perft", str(depth), pos, "--convention", CONVENTIONS[conv], "--quiet"]
    if rng.below(2):
        args += ["--threads", str(rng.range(1, 3))]
    if rng.below(3) == 0:
        args += ["--hash", str(rng.range(0, 2))]
    want = ask("operft %d %d %d %d" % (p, o, depth, conv))
    if rng.below(2):
        args = ["-o", "json"] + args
        got = json.loads(cli.run(args))
        cli.same(args, (got["depth"], got["convention"], got["count"]), (depth, CONVENTIONS[conv], int(want)))
    else:
        cli.same(args, cli.run(args).split(), [want])
    n += 5
    if empties <= 10:
        wld = rng.below(3) == 0
        score, w, best, pv = ask("osolve %d %d %d" % (p, o, int(wld))).split()
        args = ["-o", "json", "othello", "solve", pos, "--quiet"] + (["--wld"] if wld else [])
        extra = rng.pick([[], ["--threads", "2"], ["--no-symmetry"], ["--no-eval"], ["--hash", "1"]])
        got = json.loads(cli.run(args + extra))
        if wld:  # the result and the scores it allows, never a "score"
            cli.same(args + extra, (got["result"], got["score_range"], "score" in got),
                     (["loss", "draw", "win"][int(w) + 1], [[-64, -2], [0, 0], [2, 64]][int(w) + 1], False))
        else:
            cli.same(args + extra, (got["score"], "result" in got), (int(score), False))
        if not wld and "--no-eval" not in extra:  # the best move and pv do not depend on threads or the table key
            names = [] if pv == "-" else ["PA" if int(s) == 64 else square(int(s)) for s in pv.split(",")]
            cli.same(args + extra, (got["best"], got["pv"]), (None if int(best) < 0 else names[0] if names else None,
                                                              names))
        n += 1
    return n


def case_chess(rng, ctx, cli):
    ask = ctx.oracle.ask
    fen, c960 = chess_start(rng)
    g = "960 " if c960 else ""
    moves = []
    now = ask("cplay %s" % fen)
    for _ in range(rng.range(0, 40)):  # a random game by the library's moves
        legal = ask("cmoves %s%s" % (g, now)).split()
        if not legal:
            break
        mv = rng.pick(legal)
        moves.append((mv, ask("csan %s%s|%s" % (g, now, mv))))
        now = ask("cplay %s%s|%s" % (g, now, mv))
    ctx.note("from %s, %d moves, to %s" % (fen, len(moves), now))
    n = 0
    # play: UCI or SAN, one an argument, from the start FEN
    played = [u if rng.below(2) else s for u, s in moves]
    args = ["chess", "play", fen] + played + (["--chess960"] if c960 else [])
    got = cli.run(args).strip()  # a Chess960 FEN in Shredder letters: the oracle writes it as its FENs
    cli.same(args, ask("cplay %s%s" % (g, got)) if got.count(" ") >= 3 else got, now)
    # the legal moves, UCI
    args = ["chess", "moves", now, "--uci"] + (["--chess960"] if c960 else [])
    cli.same(args, sorted(cli.run(args).split()), ask("cmoves %s%s" % (g, now)).split())
    # perft by a method, threads, a table
    depth = rng.range(1, 3)
    args = ["chess", "perft", str(depth), now, "--quiet"]
    extra = rng.pick([[], ["--threads", "2"], ["--hash", "1"], ["--method", rng.pick(ATTACK_METHODS[:4])]])
    cli.same(args + extra, cli.run(args + extra).split(), [ask("cperft %d %s%s" % (depth, g, now))])
    n += 3 + len(moves)
    return n


def case_refused(rng, ctx, cli):
    """Bad arguments: status 2, a message on stderr naming the fault, nothing on stdout."""
    x = hexb(rng.board())
    bad = rng.pick([
        ["transform", rng.pick(SYMS)[:-1] + "x", x],
        ["transform", rng.pick(SYMS), x + "g"],
        ["canonical", "0x1" + "0" * 17],
        ["line", x, "i9", "rank"],
        ["line", x, square(rng.below(64)), "column"],
        ["deposit", "256", "a1", "rank"],
        ["othello", "perft", "-1"],
        ["othello", "moves", "-" * 64 + " Z"],
        ["chess", "play", "start", "e2e5"],
        ["convert", "--from", "lerf", "--to", "nowhere", x],
    ])
    r = subprocess.run([cli.exe] + bad, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=60)
    ctx.note("$ " + shlex.join([cli.exe] + bad) + " -> %d: %s" % (r.returncode, r.stderr.strip()))
    if r.returncode != 2 or r.stdout or not r.stderr.startswith("bitboard: "):
        raise Failure("%s: exit status %d (want 2), stdout %r, stderr %r" % (
            shlex.join([cli.exe] + bad), r.returncode, r.stdout[:200], r.stderr[:200]))
    return 1


KINDS = [case_symmetries, case_lines, case_attacks, case_othello, case_othello, case_chess, case_chess, case_refused]


def case(rng, ctx):
    cli = Cli(ctx)
    return KINDS[rng.below(len(KINDS))](rng, ctx, cli)


def setup(build):
    exe = os.path.join(build, "bitboard")
    return None if os.access(exe, os.X_OK) else "%s is missing (make %s)" % (exe, exe)


if __name__ == "__main__":
    sys.exit(run_area("cli", "the CLI against the C library", "results", case, setup=setup))
