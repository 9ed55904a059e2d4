"""Builds bitboard._core against the C library of this repository.

The version is the C library's (BB_VERSION_STRING in include/bitboard/core.h).
The extension links build/libbitboard.a (position-independent objects); when
it is missing, `make lib` in the repository builds it first.  BB_ARCH picks
the -march the library and the extension are compiled for (default native,
as the library's own build).
"""
import glob
import os
import re
import subprocess
import sys

try:
    import numpy
except ImportError:
    sys.exit("bitboard: this Python (%s) has no numpy, which the build needs.  Build with Debian's "
             "/usr/bin/python3 and its python3-numpy (apt-get install python3-numpy; in a venv: "
             "/usr/bin/python3 -m venv --system-site-packages venv), or install numpy into this "
             "interpreter first (%s -m pip install numpy)." % (sys.executable, sys.executable))
from setuptools import Extension, setup

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
BUILD = os.environ.get("BB_BUILD", os.path.join(ROOT, "build"))
ARCH = os.environ.get("BB_ARCH", "native")


def version():
    with open(os.path.join(ROOT, "include", "bitboard", "core.h")) as f:
        m = re.search(r'#define BB_VERSION_STRING "([^"]+)"', f.read())
    if not m:
        raise RuntimeError("BB_VERSION_STRING not found in include/bitboard/core.h")
    return m.group(1)


lib = os.path.join(BUILD, "libbitboard.a")
if not os.path.exists(lib):
    subprocess.check_call(["make", "-C", ROOT, "--no-print-directory", "-s", "BUILD=" + BUILD,
                           "ARCH=" + ARCH, os.path.join(BUILD, "libbitboard.a")])

# The C library's warning flags; numpy's and CPython's headers are system
# headers here (numpy's API table casts object pointers to function pointers,
# which -Wpedantic rejects).  BB_STRICT=1 (tests/python.sh) adds -Werror.
import sysconfig  # noqa: E402

WARN = ["-std=c11", "-Wall", "-Wextra", "-Wpedantic",
        "-isystem", numpy.get_include(), "-isystem", sysconfig.get_paths()["include"]]
if os.environ.get("BB_STRICT") == "1":
    WARN.append("-Werror")

core = Extension(
    "bitboard._core",
    sources=[os.path.relpath(os.path.join(HERE, "src", "core.c"), HERE)],
    include_dirs=[os.path.join(ROOT, "include"), numpy.get_include()],
    extra_compile_args=WARN + ["-O2", "-march=" + ARCH],
    extra_objects=[lib],
    depends=[lib] + glob.glob(os.path.join(ROOT, "include", "**", "*.h"), recursive=True),
    extra_link_args=["-pthread"],
)

setup(version=version(), ext_modules=[core], packages=["bitboard"],
      package_data={"bitboard": ["*.pyi", "py.typed"]})
