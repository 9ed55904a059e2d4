#!/usr/bin/env python3
"""Random PGN files for the threads differential of tests/cli/chess_pgn.sh.

usage: random_pgn.py SEED COUNT DIR  -- writes DIR/r000.pgn ... (COUNT files)

Each file holds a few games built from real openings cut anywhere: tags
(now and then a Chess960 or FEN start, a bad tag, a tag holding '{'),
move numbers, NAGs, { } comments holding blank lines and lines that start
with '[' (a whole game's text, even), ; comments, % lines, variations
(nested, some not closed), results or none, CRLF, a byte-order mark; a
third of the files then have bytes flipped, dropped or doubled.  The
bytes are what matters, not legality: a bad game is as welcome as a good
one, as long as one thread and N threads must read them the same."""
import os
import random
import sys

LINES = [
    "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7",
    "d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7 e3 O-O Nf3 h6 Bh4 b6 cxd5 Nxd5 Bxe7 Qxe7",
    "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3 e5 Nb3 Be6 f3 Be7 Qd2 O-O O-O-O",
    "e4 e6 d4 d5 Nc3 Bb4 e5 c5 a3 Bxc3+ bxc3 Ne7 Qg4 O-O Bd3 Nbc6",
    "f4 e5 fxe5 d6 exd6 Bxd6 Nf3 g5 g3 g4 Nh4 Ne7",
]
CHESS960 = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
RESULTS = ["1-0", "0-1", "1/2-1/2", "*"]


def comment(rng, game_text):
    body = rng.choice(["see:", "a note", "[%clk 0:01:00]", "1. e4 e5 *", "(a d4 line)"])
    if rng.random() < 0.5:  # a blank line, then a line that starts with '['
        body += rng.choice(["\n\n", "\n \n", "\r\n\r\n"]) + rng.choice(
            ['[Event "quoted"]\n1. d4 *', game_text, "[", "[Site \"x\"]"])
    return "{" + body + "}"


def game(rng, nested_text):
    out = []
    if rng.random() < 0.9:
        out.append('[Event "g%d"]' % rng.randrange(1000))
        out.append('[Site "?"]')
        r = rng.random()
        if r < 0.15:
            out.append('[Variant "Chess960"]\n[SetUp "1"]\n[FEN "%s"]' % CHESS960)
        elif r < 0.2:
            out.append('[FEN "8/8/8/8/8/8/8/K6k w - - 0 1"]')
        elif r < 0.25:
            out.append('[Bad tag "x"]')
        elif r < 0.3:
            out.append('[Annotator "{ not a comment"]')
        out.append("")
    moves = rng.choice(LINES).split()[: rng.randrange(0, 21)]
    text = []
    depth = 0
    for i, m in enumerate(moves):
        if i % 2 == 0 and rng.random() < 0.8:
            text.append("%d." % (i // 2 + 1))
        text.append(m)
        r = rng.random()
        if r < 0.08:
            text.append(comment(rng, nested_text))
        elif r < 0.12:
            text.append(rng.choice(["$1", "!?", "?"]))
        elif r < 0.16:
            text.append("; a line comment [Event \"x\"]\n")
        elif r < 0.22 and depth < 3:
            text.append("(" + rng.choice(["Nf3", "d4", "a3", "c4"]))
            depth += 1
        elif r < 0.28 and depth > 0:
            text.append(")")
            depth -= 1
        elif r < 0.3:
            text.append("\n%escaped line\n")
        elif r < 0.4:
            text.append("\n")
    while depth > 0 and rng.random() < 0.8:
        text.append(")")
        depth -= 1
    if rng.random() < 0.85:
        text.append(rng.choice(RESULTS))
    if rng.random() < 0.15:
        text.append(comment(rng, nested_text))
    out.append(" ".join(text))
    return "\n".join(out) + rng.choice(["\n\n", "\n", " ", "\n\n\n"])


def damage(rng, data):
    data = bytearray(data)
    for _ in range(rng.randrange(1, 6)):
        if not data:
            break
        i = rng.randrange(len(data))
        r = rng.random()
        if r < 0.6:
            data[i] = rng.choice(b"{}()[]\";%\n\r *$.") if rng.random() < 0.7 else rng.randrange(256)
        elif r < 0.8:
            del data[i]
        else:
            data[i:i] = data[i:i + rng.randrange(1, 40)]
    return bytes(data)


def main():
    seed, count, where = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    rng = random.Random(seed)
    for n in range(count):
        inner = game(rng, "")
        text = "".join(game(rng, inner) for _ in range(rng.randrange(1, 12)))
        if rng.random() < 0.2:
            text = text.replace("\n", "\r\n")
        data = text.encode()
        if rng.random() < 0.1:
            data = b"\xef\xbb\xbf" + data
        if rng.random() < 0.35:
            data = damage(rng, data)
        with open(os.path.join(where, "r%03d.pgn" % n), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main()
