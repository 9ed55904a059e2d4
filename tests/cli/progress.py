"""Runs one bitboard command with standard error on a pseudo-terminal and
prints what happened as one JSON object: the exit status, standard output,
the terminal's bytes (standard error) and the progress lines parsed from it.

tests/cli/progress.sh drives it.  Nothing here measures time: the pauses
only make sure a long read is still going when a line is due.

  progress.py [--stdin FILE] [--piece N] [--stall N] [--sigint-after K] -- BIN ARGS...

--stdin FILE      FILE on standard input, N bytes at a time (--piece, default
                  all at once) with a pause of 0.3 s between two pieces
--stall N         standard output read N bytes at a time with a pause of 0.3 s
                  between two reads (the command waits on a full pipe)
--sigint-after K  SIGINT after K pauses (of either kind); with --stdin the
                  rest of it is not sent (standard input is closed)
"""
import json
import os
import pty
import re
import select
import signal
import subprocess
import sys
import time

LINE = re.compile(
    r"^(?P<mb>\d+\.\d)(?: of (?P<total>\d+\.\d) MB \((?P<pct>\d+)%\))?(?P<nototal> MB)?, "
    r"(?P<items>\d+) (?P<unit>[a-z]+), (?P<rate>\d+) (?P<unit2>[a-z]+)/s(?:, ETA (?P<eta>\d+(?::\d\d){1,2}))?$"
)


def main(argv):
    opts = {"stdin": None, "piece": 0, "stall": False, "sigint": -1}
    i = 0
    while argv[i] != "--":
        a = argv[i]
        if a == "--stdin":
            opts["stdin"] = argv[i + 1]; i += 2
        elif a == "--piece":
            opts["piece"] = int(argv[i + 1]); i += 2
        elif a == "--stall":
            opts["stall"] = int(argv[i + 1]); i += 2
        elif a == "--sigint-after":
            opts["sigint"] = int(argv[i + 1]); i += 2
        else:
            raise SystemExit("progress.py: unknown option " + a)
    cmd = argv[i + 1:]
    data = open(opts["stdin"], "rb").read() if opts["stdin"] else None
    master, slave = pty.openpty()
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE if data is not None else subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=slave, close_fds=True)
    os.close(slave)
    out, term = bytearray(), bytearray()
    sent, pauses, interrupted = 0, 0, False
    piece = opts["piece"] or (len(data) if data else 0)
    out_open, term_open = True, True

    def drain(timeout, out_budget):
        """Reads the terminal (all of it) and stdout (up to out_budget bytes)."""
        nonlocal out_open, term_open
        budget = out_budget
        while True:
            fds = [master] if term_open else []
            if out_open and budget > 0:
                fds.append(proc.stdout.fileno())
            if not fds:
                return
            r, _, _ = select.select(fds, [], [], timeout)
            if not r:
                return
            for fd in r:
                if fd == master:
                    try:
                        b = os.read(master, 65536)
                    except OSError:
                        b = b""
                    if not b:
                        term_open = False
                    term.extend(b)
                else:
                    b = os.read(fd, min(65536, budget))
                    if not b:
                        out_open = False
                    out.extend(b)
                    budget -= len(b)

    def pause():
        nonlocal pauses, interrupted
        pauses += 1
        if pauses == opts["sigint"] and not interrupted:
            proc.send_signal(signal.SIGINT)
            interrupted = True

    while True:
        if data is not None and sent < len(data) and not interrupted:
            try:
                proc.stdin.write(data[sent:sent + piece])
                proc.stdin.flush()
            except BrokenPipeError:
                sent = len(data)
            sent += piece
            if sent >= len(data) or interrupted:
                proc.stdin.close()
            time.sleep(0.3)
            drain(0.05, 1 << 30 if not opts["stall"] else opts["stall"])
            pause()
            if interrupted and not proc.stdin.closed:
                proc.stdin.close()
            continue
        if data is not None and not proc.stdin.closed:
            proc.stdin.close()
        if opts["stall"] and out_open:
            time.sleep(0.3)
            drain(0.05, opts["stall"])
            pause()
            continue
        if not out_open and not term_open:
            break
        drain(0.5, 1 << 30)
        if proc.poll() is not None:
            drain(0.1, 1 << 30)
            if proc.poll() is not None and not out_open:
                break
    status = proc.wait()
    drain(0.1, 1 << 30)
    os.close(master)
    other = []
    text = term.decode("latin-1").replace("\r\n", "\n")
    # every update is "\r" LINE ESC[K, a clear "\r" ESC[K; any other text
    # must come with no line on the terminal (cleared before it)
    lines, shown, over = [], False, []
    for k, part in enumerate(text.split("\r")):
        if k == 0 and part == "":
            continue
        if k > 0 and part.startswith("\x1b[K"):
            shown, part = False, part[3:]
        elif k > 0 and part.endswith("\x1b[K") and "\n" not in part:
            body = part[:-3]
            m = LINE.match(body)
            lines.append({"text": body, **(m.groupdict() if m else {"bad": True})})
            shown, part = True, ""
        if part and shown:
            over.append(part)
        other.append(part)
    json.dump({"status": -status if status < 0 else status, "stdout": out.decode("latin-1"),
               "terminal": text, "lines": lines, "cleared_last": not shown,
               "over": over, "other": "".join(other)}, sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1:])
