#!/usr/bin/env python3
"""flippy_nboard.py: Flippy (jeffreyan11/othello_engine) as an NBoard engine.

Our own driver (python3, standard library only); no Flippy code is in it.
It speaks the NBoard protocol on stdin/stdout (what `bitboard othello match`
and the NBoard GUI send: `nboard`, `ping`, `set game`, `move`, `go`, `quit`)
and runs Flippy's `FlippyT` program (protocol.cpp, built by Flippy's own
Makefile: `make Flippy FlippyT`) as a child, with DIR as its working
directory (Flippy opens "Flippy_Resources/..." relative to it).

Flippy's protocol (protocol.cpp): `FlippyT black|white [TAKEN BLACK]`, the
colour in argv ("black" or anything else = white) and optionally the
position as two hex bitboards (occupied squares, black's squares; bit
x + 8*y, x the column a..h, y the row 1..8: our a1 = bit 0).  It waits for
the word `isready` and answers `ready`; then each line `X Y MS_LEFT` is the
opponent's last move (`-1 -1` for a pass, or for "nothing yet" when Flippy
moves first) and the milliseconds Flippy has left, and Flippy answers its
own move `X Y BLACKCOUNT WHITECOUNT` (`-1 -1 ...` for a pass).  Every input
line is answered: Flippy's moves and the opponent's strictly alternate.

Why FlippyT and not `Flippy` (wrapper.cpp): `Flippy` always starts from the
initial position and is told only the opponent's moves, so it cannot be put
into a match opening whose moves it did not choose.  FlippyT takes the
position on its command line.

How games are followed: the driver keeps the game Flippy knows (start
position and every move, its own answers included).  On `go`, if the game
set is that game plus exactly one opponent move (or pass), Flippy is sent
that move; otherwise (a new game, a colour change, a game taken back or
jumped ahead) Flippy is restarted from the current position with itself to
move and sent `-1 -1`.  A restart costs Flippy's start-up (reading its
pattern tables), once a game in a match.

The opening book: Flippy's own book (Flippy_Resources/openings.txt:
occupied squares, black squares, move) is used by Flippy only from its
first move of a game until the first position it lacks, and never when it
starts from a given position (player.cpp, setPosition sets bookExhausted).
So the driver does the lookup itself, with Flippy's rule: while the book has
not missed in this game (and no one has passed), a position found in the book
is answered with the book's move, if legal (the book ignores the side to
move); the first miss ends the book for the game.  --no-book turns it off.

Time ("equal time per move"): Flippy has no per-move limit; it gets
MS_LEFT, the time left for the game, and sets its own per-move limit
(player.cpp, doMove):  when more than 14 squares are empty it first takes
off a safety margin of 500 + 120 * empties ms (for a GUI's latency), then
limit = 3 * MS_LEFT / min(max(1, empties / 2), 20).  The search stops when
the limit is reached (and starts no deeper iteration it expects to overrun).
The driver gives it the MS_LEFT that makes that limit N ms (--ms-per-move N):
MS_LEFT = ceil(N * min(max(1, empties/2), 20) / 3), plus the margin when more
than 14 squares are empty (without it, N = 100 leaves Flippy 1 ms and no
search at all in the midgame).  The exceptions are Flippy's: an endgame solve
attempt gets MS_LEFT / 4 and a win/loss/draw check MS_LEFT / 6, which the
margin inflates at 15 to about 20 empties.  The driver measures how long
Flippy took for each move and prints the count, mean and maximum on stderr
when it quits (Flippy's start-up not included).

Flippy's own output on stderr (it prints its search) goes to --flippy-log
FILE if given, otherwise it is dropped; its last lines are kept and printed
if Flippy dies.  A dead Flippy (or one that answers nonsense) ends the
driver with a message on stderr and exit status 2.

usage: flippy_nboard.py --flippy DIR [--ms-per-move N] [--no-book]
                        [--flippy-log FILE] [--program NAME]
"""

import argparse
import collections
import math
import os
import re
import subprocess
import sys
import threading
import time

# --- the board: bit 8 * row + column, a1 = 0, as ours and Flippy's ---------

DIRS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
BLACK, WHITE = 0, 1


def flips(own, opp, sq):
    """The squares a move at sq turns over (0 if none or if sq is taken)."""
    if (own | opp) >> sq & 1:
        return 0
    x0, y0 = sq & 7, sq >> 3
    total = 0
    for dx, dy in DIRS:
        x, y, line = x0 + dx, y0 + dy, 0
        while 0 <= x < 8 and 0 <= y < 8 and opp >> (8 * y + x) & 1:
            line |= 1 << (8 * y + x)
            x, y = x + dx, y + dy
        if line and 0 <= x < 8 and 0 <= y < 8 and own >> (8 * y + x) & 1:
            total |= line
    return total


def has_move(own, opp):
    return any(flips(own, opp, sq) for sq in range(64))


class Position:
    """discs[BLACK], discs[WHITE] and the side to move."""

    def __init__(self, black, white, side):
        self.discs = [black, white]
        self.side = side

    @staticmethod
    def start():
        return Position((1 << 28) | (1 << 35), (1 << 27) | (1 << 36), BLACK)

    def play(self, sq):
        """sq 0..63 or None for a pass; returns False if not legal."""
        me, you = self.side, 1 - self.side
        if sq is None:
            if has_move(self.discs[me], self.discs[you]):
                return False
        else:
            f = flips(self.discs[me], self.discs[you], sq)
            if not f:
                return False
            self.discs[me] |= f | (1 << sq)
            self.discs[you] &= ~f
        self.side = you
        return True

    def empties(self):
        return 64 - bin(self.discs[0] | self.discs[1]).count("1")


def sq_name(sq):
    return "PA" if sq is None else "abcdefgh"[sq & 7] + str((sq >> 3) + 1)


def parse_square(text):
    t = text.strip().lower()
    if t in ("pa", "pass", "-1"):
        return None
    if len(t) == 2 and "a" <= t[0] <= "h" and "1" <= t[1] <= "8":
        return ord(t[0]) - ord("a") + 8 * (ord(t[1]) - ord("1"))
    raise ValueError("'%s' is not a square" % text)


# --- GGF ---------------------------------------------------------------------

def parse_ggf(text):
    """(start Position, [(colour, square or None)]) of a GGF game."""
    m = re.search(r"BO\[([^\]]*)\]", text)
    if m:
        fields = m.group(1).split()
        if len(fields) != 3 or fields[0] != "8" or len(fields[1]) != 64:
            raise ValueError("BO[%s] is not an 8x8 board" % m.group(1))
        black = white = 0
        for i, c in enumerate(fields[1]):
            if c in "*xXbB":
                black |= 1 << i
            elif c in "OowW":
                white |= 1 << i
            elif c not in "-.":
                raise ValueError("BO[...] has '%s'" % c)
        side = BLACK if fields[2] in ("*", "x", "X", "b", "B") else WHITE
        start = Position(black, white, side)
    else:
        start = Position.start()
    moves = []
    for colour, body in re.findall(r"(?<![A-Z])([BW])\[([^\]]*)\]", text):
        moves.append((BLACK if colour == "B" else WHITE, parse_square(body.split("/")[0])))
    return start, moves


def replay(start, moves):
    pos = Position(start.discs[0], start.discs[1], start.side)
    for colour, sq in moves:
        if colour != pos.side:
            # a GGF game may leave a pass out: put it in if it is one
            if has_move(pos.discs[pos.side], pos.discs[1 - pos.side]):
                raise ValueError("%s moves out of turn" % "BW"[colour])
            pos.side = colour
        if not pos.play(sq):
            raise ValueError("%s %s is not legal" % ("BW"[colour], sq_name(sq)))
    return pos


# --- Flippy --------------------------------------------------------------------

class FlippyDied(Exception):
    pass


class Flippy:
    def __init__(self, directory, colour, pos, log):
        exe = os.path.join(directory, "FlippyT")
        if not os.access(exe, os.X_OK):
            raise FlippyDied("%s is not an executable (build it: make Flippy FlippyT in %s)" % (exe, directory))
        taken = pos.discs[BLACK] | pos.discs[WHITE]
        args = [exe, "black" if colour == BLACK else "white",
                "%x" % taken, "%x" % pos.discs[BLACK]]
        self.tail = collections.deque(maxlen=20)
        self.log = log
        self.proc = subprocess.Popen(args, cwd=directory, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True, bufsize=1)
        self.reader = threading.Thread(target=self._drain, daemon=True)
        self.reader.start()
        self._send("isready")
        while True:
            line = self._line()
            if line.strip() == "ready":
                break

    def _drain(self):
        for line in self.proc.stderr:
            self.tail.append(line.rstrip("\n"))
            if self.log:
                self.log.write(line)
                self.log.flush()

    def _send(self, text):
        try:
            self.proc.stdin.write(text + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise FlippyDied(self._death())

    def _line(self):
        line = self.proc.stdout.readline()
        if not line:
            raise FlippyDied(self._death())
        return line

    def _death(self):
        try:
            rc = self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            rc = None
        self.reader.join(timeout=1)
        if rc is None:
            how = "closed its output"
        elif rc < 0:
            how = "was killed by signal %d" % -rc
        else:
            how = "exited with status %d" % rc
        tail = "".join("\n  | " + t for t in self.tail)
        return "Flippy %s%s" % (how, (", its last words:" + tail) if tail else "")

    def move(self, opponent_sq, ms_left):
        """Flippy's answer (a square or None) to the opponent's move (None: pass or nothing)."""
        if opponent_sq is None:
            x, y = -1, -1
        else:
            x, y = opponent_sq & 7, opponent_sq >> 3
        self._send("%d %d %d" % (x, y, ms_left))
        fields = self._line().split()
        try:
            x, y = int(fields[0]), int(fields[1])
        except (IndexError, ValueError):
            raise FlippyDied("Flippy answered '%s', not 'X Y ...'" % " ".join(fields))
        if x < 0 or y < 0:
            return None
        if x > 7 or y > 7:
            raise FlippyDied("Flippy answered the square (%d, %d)" % (x, y))
        return x + 8 * y

    def close(self):
        if self.proc.poll() is None:
            try:
                self.proc.stdin.close()
            except OSError:
                pass
            try:
                self.proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def ms_left_for(ms_per_move, empties):
    """MS_LEFT that makes Flippy's own per-move limit ms_per_move (see the header)."""
    moves_left = min(max(1, empties // 2), 20)
    ms = math.ceil(ms_per_move * moves_left / 3)
    if empties > 14:
        ms += 500 + 120 * empties
    return ms


def load_book(directory):
    book = {}
    path = os.path.join(directory, "Flippy_Resources", "openings.txt")
    with open(path) as f:
        f.readline()
        for line in f:
            fields = line.split()
            if len(fields) == 3:
                book[(int(fields[0], 0), int(fields[1], 0))] = int(fields[2], 0)
    return book


# --- the NBoard side -------------------------------------------------------------

class Driver:
    def __init__(self, args):
        self.args = args
        self.log = open(args.flippy_log, "a") if args.flippy_log else None
        self.book = load_book(args.flippy) if args.book else {}
        self.flippy = None
        self.known = None        # (start, moves) of the game Flippy is in, its own answers included
        self.colour = None
        self.game = (Position.start(), [])
        self.last_game = None    # the game after our last answer, to tell a new game from a continued one
        self.book_alive = False
        self.times = []

    def out(self, text):
        sys.stdout.write(text + "\n")
        sys.stdout.flush()

    def restart(self, colour, pos, start, moves):
        if self.flippy:
            self.flippy.close()
        self.flippy = Flippy(self.args.flippy, colour, pos, self.log)
        self.colour = colour
        self.known = (start, list(moves))

    def same_start(self, a, b):
        return a.discs == b.discs and a.side == b.side

    def go(self):
        start, moves = self.game
        pos = replay(start, moves)
        colour = pos.side
        if pos.empties() == 0 or (not has_move(pos.discs[0], pos.discs[1]) and not has_move(pos.discs[1], pos.discs[0])):
            raise ValueError("the game is over")
        # a new game?  (not the last one we answered in, continued)
        last = self.last_game
        continued = (last is not None and self.same_start(last[0], start)
                     and moves[:len(last[1])] == last[1])
        if not continued:
            self.book_alive = bool(self.book)
        if any(sq is None for _, sq in moves[len(last[1]) if continued else 0:]):
            self.book_alive = False  # Flippy's book ends at a pass (player.cpp)
        answer = None
        if self.book_alive:
            key = (pos.discs[BLACK] | pos.discs[WHITE], pos.discs[BLACK])
            book_sq = self.book.get(key)
            if book_sq is not None and 0 <= book_sq < 64 and flips(pos.discs[colour], pos.discs[1 - colour], book_sq):
                answer = book_sq
            else:
                self.book_alive = False
        if answer is None:
            ms = ms_left_for(self.args.ms_per_move, pos.empties())
            k = self.known
            if (self.flippy and self.colour == colour and k and self.same_start(k[0], start)
                    and len(moves) == len(k[1]) + 1 and moves[:-1] == k[1] and moves[-1][0] != colour):
                opp = moves[-1][1]
            else:
                self.restart(colour, pos, start, moves)
                opp = None
            t0 = time.monotonic()
            answer = self.flippy.move(opp, ms)
            self.times.append((time.monotonic() - t0, pos.empties()))
            check = Position(pos.discs[0], pos.discs[1], pos.side)
            if not check.play(answer):
                sys.stderr.write("flippy_nboard: Flippy played %s, which is not legal\n" % sq_name(answer))
            self.known = (start, list(moves) + [(colour, answer)])
        self.last_game = (start, list(moves) + [(colour, answer)])
        return answer

    def run(self):
        for raw in sys.stdin:
            line = raw.strip()
            if not line:
                continue
            word = line.split()[0]
            rest = line[len(word):].strip()
            try:
                if word == "nboard":
                    self.out("set myname %s" % self.args.program)
                elif word == "ping":
                    self.out("pong %s" % rest)
                elif word == "set":
                    what = rest.split()[0] if rest else ""
                    if what == "game":
                        g = parse_ggf(rest[4:])
                        replay(*g)
                        self.game = g
                    # depth, contempt, ...: Flippy plays on time; taken, not used
                elif word == "move":
                    start, moves = self.game
                    pos = replay(start, moves)
                    sq = parse_square(rest.split("/")[0])
                    if not Position(pos.discs[0], pos.discs[1], pos.side).play(sq):
                        raise ValueError("move %s is not legal" % rest)
                    self.game = (start, moves + [(pos.side, sq)])
                elif word == "go":
                    sq = self.go()
                    self.out("=== %s" % sq_name(sq))
                    start, moves = self.game
                    self.game = (start, moves + [(replay(start, moves).side, sq)])
                elif word == "hint":
                    self.out("status hint is not supported")
                elif word == "learn":
                    self.out("learned")
                elif word == "quit":
                    break
                else:
                    self.out("status error: unknown command '%s'" % word)
            except ValueError as e:
                self.out("status error: %s" % e)
        self.finish()

    def finish(self):
        if self.flippy:
            self.flippy.close()
        if self.times:
            ms = [1000 * t for t, _ in self.times]
            worst = max(self.times)
            sys.stderr.write("flippy_nboard: %d searched moves, %.1f ms mean, %.1f ms max (at %d empties; --ms-per-move %d)\n"
                             % (len(ms), sum(ms) / len(ms), 1000 * worst[0], worst[1], self.args.ms_per_move))


def main():
    p = argparse.ArgumentParser(description="Flippy (FlippyT) as an NBoard engine")
    p.add_argument("--flippy", required=True, metavar="DIR", help="Flippy's directory: FlippyT and Flippy_Resources/")
    p.add_argument("--ms-per-move", type=int, default=1000, metavar="N",
                   help="Flippy's per-move limit in ms (MS_LEFT is made to give it; see the header)")
    p.add_argument("--no-book", dest="book", action="store_false", help="do not use Flippy's opening book")
    p.add_argument("--flippy-log", metavar="FILE", help="append Flippy's stderr (its search output) to FILE")
    p.add_argument("--program", default="Flippy", help="the name given to NBoard (set myname)")
    args = p.parse_args()
    if args.ms_per_move < 1:
        p.error("--ms-per-move must be at least 1")
    exe = os.path.join(args.flippy, "FlippyT")
    tables = os.path.join(args.flippy, "Flippy_Resources")
    if not os.access(exe, os.X_OK) or not os.path.isdir(tables):
        sys.stderr.write("flippy_nboard: %s needs FlippyT (make Flippy FlippyT there) and Flippy_Resources/\n" % args.flippy)
        sys.exit(2)
    try:
        driver = Driver(args)
        driver.run()
    except FlippyDied as e:
        sys.stderr.write("flippy_nboard: %s\n" % e)
        sys.exit(2)


if __name__ == "__main__":
    main()
