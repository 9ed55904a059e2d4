#!/usr/bin/env python3
"""to_planes against memcpy of the same output bytes, every dtype and layout.

    cd python && PYTHONPATH=. python3 bench/bench_planes.py [--n N] [--channels C] [--reps R]
                                                           [--before PATH/_core*.so]

N boards (default 2**20) of shape (N // C, C), seeded random, go to planes
(N // C, C, 8, 8) (NCHW) or (N // C, 8, 8, C) (NHWC) in bool, uint8 and
float32.  Each row is the median of R runs (min..max) in GB/s of output
written, a fresh array each run as to_planes makes one; "memcpy" copies a
ready array of the same bytes into a fresh one (numpy.copyto: page faults
and bandwidth, the ceiling).  --before loads another build of the extension
(e.g. one built from an older python/src) and times it in the same run.
Prints the CPU (vendor, family, model from /proc/cpuinfo) first.

--one LAYOUT:DTYPE (e.g. NHWC:uint8) makes one call and nothing else, of
--before's build if given, for an instruction count that a loaded machine
does not blur (valgrind has no AVX-512: use the portable build, x86-64):

    valgrind --tool=callgrind --toggle-collect=py_to_planes --callgrind-out-file=/dev/null \
        python3 bench/bench_planes.py --one NHWC:uint8      # "Collected" is the count
"""
import argparse
import importlib.machinery
import importlib.util
import statistics
import time

import numpy as np

from bitboard import _core
from bench_python import cpu_name  # this directory's

KINDS = ((bool, 0), (np.uint8, 1), (np.float32, 2))


def load(path):
    """The extension at path under another name (its init is PyInit__core)."""
    loader = importlib.machinery.ExtensionFileLoader("before._core", path)
    spec = importlib.util.spec_from_file_location("before._core", path, loader=loader)
    mod = importlib.util.module_from_spec(spec)
    loader.exec_module(mod)
    return mod


def gbs(fn, nbytes, reps):
    ts = []
    for _ in range(reps):
        t0 = time.perf_counter()
        fn()
        ts.append(time.perf_counter() - t0)
    med = statistics.median(ts)
    return "%6.2f GB/s (%.2f..%.2f)" % (nbytes / med / 1e9, nbytes / max(ts) / 1e9, nbytes / min(ts) / 1e9)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--n", type=int, default=1 << 20, help="boards (default 2**20)")
    ap.add_argument("--channels", type=int, default=2, help="C, the boards' last axis (default 2)")
    ap.add_argument("--reps", type=int, default=7)
    ap.add_argument("--before", help="another build of bitboard._core to time beside this one")
    ap.add_argument("--one", metavar="LAYOUT:DTYPE", help="one call only (of --before's build if given)")
    a = ap.parse_args()
    before = load(a.before) if a.before else None
    C = a.channels
    b = np.random.default_rng(3).integers(0, 2**64, size=(a.n // C, C), dtype=np.uint64)
    if a.one:
        layout, dt = a.one.split(":")
        kind = {np.dtype(d).name: k for d, k in KINDS}[dt]
        (before or _core).to_planes(b, layout == "NHWC", kind)
        return
    print("%s; %d boards as (%d, %d)" % (cpu_name(), b.size, b.shape[0], C))
    for nhwc in (False, True):
        for dt, kind in KINDS:
            ref = _core.to_planes(b, nhwc, kind)
            nb = ref.nbytes
            name = "%s %-7s" % ("NHWC" if nhwc else "NCHW", np.dtype(dt).name)
            rows = []
            if before is not None:
                assert np.array_equal(before.to_planes(b, nhwc, kind), ref)
                rows.append(("before", gbs(lambda: before.to_planes(b, nhwc, kind), nb, a.reps)))
            rows.append(("to_planes", gbs(lambda: _core.to_planes(b, nhwc, kind), nb, a.reps)))
            rows.append(("memcpy", gbs(lambda: np.copyto(np.empty_like(ref), ref), nb, a.reps)))
            print("  %s  " % name + "   ".join("%s %s" % r for r in rows))


if __name__ == "__main__":
    main()
