#!/usr/bin/env bash
# python/deps.sh PYTHON: makes sure PYTHON can build and test the package:
# CPython's headers, numpy, pytest, venv and setuptools.  On Debian, as root,
# it installs what is missing (python3-dev python3-numpy python3-pytest
# python3-venv python3-setuptools), as tests/run-all.sh installs clang.
# Exit 0 when everything is there (after installing), 1 otherwise.
set -u
PY=${1:-/usr/bin/python3}
check() {
    "$PY" - <<'PYEOF' 2>/dev/null
import sysconfig, os, sys
import numpy, pytest, setuptools, venv  # noqa: F401
inc = sysconfig.get_paths()["include"]
sys.exit(0 if os.path.exists(os.path.join(inc, "Python.h")) else 1)
PYEOF
}
check && exit 0
pkgs="python3-dev python3-numpy python3-pytest python3-venv python3-setuptools"
if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ] && [ "$PY" = /usr/bin/python3 ]; then
    echo "installing $pkgs (needed by the Python package)"
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $pkgs; } >/dev/null 2>&1 ||
        echo "could not install $pkgs"
    check && exit 0
fi
echo "the Python package needs, for $PY: Python.h, numpy, pytest, setuptools, venv" >&2
echo "(Debian: apt-get install $pkgs)" >&2
exit 1
