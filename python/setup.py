"""Builds bitboard._core against the C library.

The C sources are the repository's (this directory's parent) or, in an sdist,
the copy it carries in csrc/ (Makefile, include/, src/ and the table
generator: `python3 -m build --sdist --no-isolation` writes it), so a wheel
builds from either.  The version is the C library's (BB_VERSION_STRING in
include/bitboard/core.h), the one source of every package's version.

The extension links BB_BUILD/libbitboard.a (position-independent objects);
when it is missing, the C library's Makefile builds it first.  The wheel is
portable by default: the library and the extension are compiled for
-march=x86-64 (the array functions still choose AVX2/AVX-512 at run time).
BB_NATIVE=1 compiles both for this CPU (-march=native: faster, runs only on
machines like it), BB_ARCH=... for another -march.  BB_BUILD defaults to
build/python-ARCH beside the sources, so it never mixes with `make`'s
build/ (native).
"""
import glob
import os
import re
import shutil
import subprocess
import sys
import sysconfig

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.sdist import sdist

HERE = os.path.dirname(os.path.abspath(__file__))
# the C sources an sdist carries, and where they come from
C_SOURCES = ["Makefile", "include", "src", "data", os.path.join("tools", "gen_attack_tables.c"),
             os.path.join("tools", "gen_eval_weights.c"), os.path.join("tools", "eval_file.h"),
             os.path.join("tools", "decoders.sh")]
if os.path.exists(os.path.join(HERE, "csrc", "include", "bitboard", "core.h")):
    ROOT = os.path.join(HERE, "csrc")
else:
    ROOT = os.path.dirname(HERE)
if os.environ.get("BB_ARCH"):
    ARCH = os.environ["BB_ARCH"]
elif os.environ.get("BB_NATIVE") == "1":
    ARCH = "native"
else:
    ARCH = "x86-64"
BUILD = os.environ.get("BB_BUILD", os.path.join(ROOT, "build", "python-" + ARCH))
LIB = os.path.join(BUILD, "libbitboard.a")


def version():
    with open(os.path.join(ROOT, "include", "bitboard", "core.h")) as f:
        m = re.search(r'#define BB_VERSION_STRING "([^"]+)"', f.read())
    if not m:
        raise RuntimeError("BB_VERSION_STRING not found in include/bitboard/core.h")
    return m.group(1)


class BuildExt(build_ext):
    """Builds the C library when it is missing, then the extension, with numpy's headers."""

    def run(self):
        try:
            import numpy
        except ImportError:
            sys.exit("bitboard: this Python (%s) has no numpy, which the build needs.  Build with Debian's "
                     "/usr/bin/python3 and its python3-numpy (apt-get install python3-numpy; in a venv: "
                     "/usr/bin/python3 -m venv --system-site-packages venv, then pip install "
                     "--no-build-isolation), or install numpy into this interpreter first (%s -m pip "
                     "install numpy)." % (sys.executable, sys.executable))
        if not os.path.exists(LIB):
            subprocess.check_call(["make", "-C", ROOT, "--no-print-directory", "-s", "BUILD=" + BUILD,
                                   "ARCH=" + ARCH, LIB])
        for ext in self.extensions:
            ext.include_dirs.append(numpy.get_include())
            # numpy's and CPython's headers are system headers here (numpy's
            # API table casts object pointers to function pointers, which
            # -Wpedantic rejects)
            ext.extra_compile_args[:0] = ["-isystem", numpy.get_include(),
                                          "-isystem", sysconfig.get_paths()["include"]]
        super().run()


class Sdist(sdist):
    """The sdist carries the C library's sources in csrc/ and the LICENSE."""

    def make_release_tree(self, base_dir, files):
        super().make_release_tree(base_dir, files)
        if ROOT == os.path.join(HERE, "csrc"):
            return  # an sdist of an sdist: csrc/ is listed in MANIFEST.in already
        for name in C_SOURCES:
            src, dst = os.path.join(ROOT, name), os.path.join(base_dir, "csrc", name)
            if os.path.isdir(src):
                shutil.copytree(src, dst)
            else:
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                shutil.copy2(src, dst)


# The C library's warning flags; BB_STRICT=1 (tests/python.sh) adds -Werror.
WARN = ["-std=c11", "-Wall", "-Wextra", "-Wpedantic"]
if os.environ.get("BB_STRICT") == "1":
    WARN.append("-Werror")

core = Extension(
    "bitboard._core",
    sources=[os.path.join("src", "core.c"), os.path.join("src", "chess_arrays.c")],
    include_dirs=[os.path.join(ROOT, "include")],
    extra_compile_args=WARN + ["-O2", "-march=" + ARCH],
    extra_objects=[LIB],
    depends=[LIB] + glob.glob(os.path.join(ROOT, "include", "**", "*.h"), recursive=True),
    extra_link_args=["-pthread"],
)

setup(version=version(), ext_modules=[core], packages=["bitboard"],
      package_data={"bitboard": ["*.pyi", "py.typed"]},
      cmdclass={"build_ext": BuildExt, "sdist": Sdist})
