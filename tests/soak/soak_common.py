"""What the soak's script areas share (tests/soak/soak_python.py and
soak_cli.py): the seed of a case (soak_case_seed of tests/soak/soak.h), a
case's random numbers (splitmix64, as tests/soak/soak_util.h draws them),
the oracle (build/tests/soak --query: the C library's answers), the
command line, failures with the command that replays them, and the counts.

An area is a function case(rng, ctx) -> work done: it raises Failure (or
anything else) when something disagrees.  run_area() runs case 0, 1, ...
until the time is up, or one case (--case I, verbose), and ends with the
area's line and "soak: N passed, M failed"; exit status 1 if a case failed,
2 on bad arguments."""

import os
import subprocess
import sys
import time
import traceback

MASK = (1 << 64) - 1
ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))


def case_seed(seed, i):
    """soak_case_seed(seed, i) of tests/soak/soak.h."""
    z = (seed ^ ((i * 0xD1B54A32D192ED03) & MASK) ^ 0x9E3779B97F4A7C15) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


class Rng:
    """splitmix64 from a case's seed."""

    def __init__(self, seed):
        self.s = seed & MASK

    def next(self):
        self.s = (self.s + 0x9E3779B97F4A7C15) & MASK
        z = self.s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n):
        return self.next() % n

    def range(self, lo, hi):
        return lo + self.below(hi - lo + 1)

    def pick(self, seq):
        return seq[self.below(len(seq))]

    def board(self):
        """A board of mixed density (as soak_board draws them)."""
        k = self.below(8)
        if k == 0:
            return self.next() & self.next() & self.next()
        if k == 1:
            return self.next() | self.next() | self.next()
        if k == 2:
            x = 0
            for _ in range(self.below(4) + 1):
                x |= 1 << self.below(64)
            return x
        if k == 3:
            return self.next() & 0xFF818181818181FF
        return self.next()


class Failure(Exception):
    """A disagreement: the message says what, the input and the difference."""


def difference(got, want, a="got", b="want"):
    """got against want in a line: for two lists, the first index where they
    differ and their lengths."""
    if isinstance(got, list) and isinstance(want, list):
        k = next((k for k, (x, y) in enumerate(zip(got, want)) if x != y), min(len(got), len(want)))
        return "[%d] %s %r, %s %r (lengths %d and %d)" % (k, a, got[k] if k < len(got) else None, b,
                                                         want[k] if k < len(want) else None, len(got), len(want))
    return "%s %r, %s %r" % (a, got, b, want)


def hexb(x):
    return "0x%016x" % x


class Oracle:
    """build/tests/soak --query: one request a line, the library's answer a line."""

    def __init__(self, soak):
        self.proc = subprocess.Popen([soak, "--query"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)

    def ask(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline()
        if not answer:
            raise RuntimeError("the oracle (soak --query) ended at: " + line)
        answer = answer.rstrip("\n")
        if answer.startswith("error:"):
            raise RuntimeError("the oracle refused '%s': %s" % (line, answer))
        return answer

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()


class Context:
    """What a case sees: the oracle, the build directory, notes when verbose."""

    def __init__(self, build, oracle, verbose):
        self.build = build
        self.oracle = oracle
        self.verbose = verbose

    def note(self, msg):
        if self.verbose:
            print("  " + msg, flush=True)


def usage(name, script, extra):
    return ("usage: %s [--seconds N] [--seed S] [--case I] [--build DIR]\n"
            "The soak's %s area: %s\n"
            "  --seconds N   how long (default 60)\n"
            "  --seed S      the seed, 0x... hex or decimal (default: fresh)\n"
            "  --case I      only case I, verbose\n"
            "  --build DIR   the build directory (default build)\n" % (script, name, extra))


def parse_number(text):
    t = text.strip()
    if t != text or not t or t[0] in "+-":
        raise ValueError(text)
    return int(t[2:], 16) if t[:2].lower() == "0x" else int(t, 10)


def run_area(name, describe, work_name, case, setup=None, argv=None, interpreter="python3"):
    """The command line, then the cases; returns the exit status.  The
    replay line runs the script with interpreter."""
    argv = sys.argv[1:] if argv is None else argv
    script = os.path.relpath(sys.argv[0]) if sys.argv[0] else "tests/soak/soak_%s.py" % name
    seconds, seed, one, build = 60.0, None, None, "build"
    k = 0
    while k < len(argv):
        a = argv[k]
        if a in ("-h", "--help"):
            print(usage(name, script, describe), end="")
            return 0
        if a not in ("--seconds", "--seed", "--case", "--build"):
            print("%s: %s is not an option (--help lists them)" % (script, a), file=sys.stderr)
            return 2
        if k + 1 >= len(argv):
            print("%s: %s needs a value" % (script, a), file=sys.stderr)
            return 2
        v = argv[k + 1]
        k += 2
        try:
            if a == "--seconds":
                seconds = float(v)
                if not seconds > 0 or seconds == float("inf"):
                    raise ValueError(v)
            elif a == "--seed":
                seed = parse_number(v) & MASK
            elif a == "--case":
                one = parse_number(v)
            else:
                build = v
        except ValueError:
            what = {"--seconds": "a positive number of seconds", "--seed": "a seed (0x... hex or decimal)",
                    "--case": "a case number (0, 1, ...)"}[a]
            print("%s: %s: '%s' is not %s" % (script, a, v, what), file=sys.stderr)
            return 2
    if seed is None:
        seed = int.from_bytes(os.urandom(8), "little")
    soak = os.path.join(build, "tests", "soak")
    if not os.access(soak, os.X_OK):
        print("%s: %s is missing (make %s)" % (script, soak, soak), file=sys.stderr)
        return 2
    replay = "%s %s --seed %s --case %%d%s" % (interpreter, script, hexb(seed),
                                              "" if build == "build" else " --build " + build)
    if setup:
        skip = setup(build)
        if skip:
            print("%-14s skipped: %s" % (name, skip))
            print("soak: 0 passed, 0 failed")
            return 0
    oracle = Oracle(soak)
    ctx = Context(build, oracle, one is not None)
    cases = failures = work = printed = 0
    t0 = time.monotonic()
    end = t0 + seconds
    i = one if one is not None else 0
    if one is None:
        print("%s: seed %s, %g s" % (name, hexb(seed), seconds), flush=True)
    else:
        print("%s seed=%s case=%d:" % (name, hexb(seed), one), flush=True)
    while (one is not None and cases == 0) or (one is None and time.monotonic() < end):
        rng = Rng(case_seed(seed, i))
        try:
            work += case(rng, ctx) or 0
        except Exception as e:  # every exception is a failed case, reported with its replay
            failures += 1
            why = str(e) if isinstance(e, Failure) else "%s: %s\n%s" % (type(e).__name__, e, traceback.format_exc())
            if printed < 10:
                print("FAIL %s seed=%s case=%d: %s\n  replay: %s" % (name, hexb(seed), i, why, replay % i), flush=True)
            elif printed == 10:
                print("FAIL %s: more failures, counted but not printed" % name, flush=True)
            printed += 1
        cases += 1
        i += 1
    took = time.monotonic() - t0
    oracle.close()
    print("%-14s seed=%s  cases %d  failures %d  work %d %s  (%.1f s, %.1f cases/s)"
          % (name, hexb(seed), cases, failures, work, work_name, took, cases / took if took > 0 else 0.0))
    print("soak: %d passed, %d failed" % (cases - failures, failures), flush=True)
    return 1 if failures else 0


def othello_position(rng, oracle, plies):
    """A position of a random game from the start, the library playing it:
    (p, o), p to move; a pass is a ply; it stops when the game ends."""
    p, o = 0x0000000810000000, 0x0000001008000000
    for _ in range(plies):
        m = int(oracle.ask("omoves %d %d" % (p, o)), 16)
        if not m:
            if not int(oracle.ask("omoves %d %d" % (o, p)), 16):
                break
            p, o = o, p
            continue
        squares = [s for s in range(64) if m >> s & 1]
        sq = rng.pick(squares)
        f = int(oracle.ask("oflips %d %d %d" % (p, o, sq)), 16)
        p, o = o & ~f, p | f | (1 << sq)
    return p, o


def othello_string(p, o):
    """The board string, X the side to move."""
    return "".join("X" if p >> s & 1 else "O" if o >> s & 1 else "-" for s in range(64)) + " X"


def chess_start(rng):
    """A start FEN and whether it is Chess960: the standard start, or a
    Chess960 start (Shredder castling letters)."""
    if rng.below(3):
        return "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", False
    back = [None] * 8
    back[2 * rng.below(4)] = "B"
    back[2 * rng.below(4) + 1] = "B"
    for piece in "QNN":
        free = [f for f in range(8) if back[f] is None]
        back[rng.pick(free)] = piece
    for piece in "RKR":
        back[back.index(None)] = piece
    rooks = [f for f in range(8) if back[f] == "R"]
    rights = "".join("ABCDEFGH"[f] for f in reversed(rooks)) + "".join("abcdefgh"[f] for f in reversed(rooks))
    row = "".join(back)
    return "%s/pppppppp/8/8/8/8/PPPPPPPP/%s w %s - 0 1" % (row.lower(), row, rights), True
