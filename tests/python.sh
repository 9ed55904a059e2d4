#!/usr/bin/env bash
# The Python package's tests (python/tests, pytest) as one part of make test:
# builds bitboard._core in place against build/libbitboard.a, then runs every
# test, the install into a fresh venv included.  Prints "python: N passed,
# M failed, K skipped".  Needs Debian's python3-dev, -numpy, -pytest, -venv
# (python/deps.sh installs them as root).
set -u
cd "$(dirname "$0")/.."
MAKE=${MAKE:-make}
PY=${PYTHON:-$( [ -x /usr/bin/python3 ] && echo /usr/bin/python3 || command -v python3 )}
if ! python/deps.sh "$PY"; then
    echo "FAIL the Python dependencies are missing and could not be installed"
    echo "python: 0 passed, 1 failed"
    exit 1
fi
if ! $MAKE --no-print-directory -s python PYTHON="$PY" BB_STRICT=1; then
    echo "FAIL make python"
    echo "python: 0 passed, 1 failed"
    exit 1
fi
out=$(mktemp)
# the venv install test builds the portable wheel (setup.py's default,
# -march=x86-64): against make test's x86-64 library when there is one, so
# that it does not compile the library once more
if [ -f build/x86-64/libbitboard.a ]; then export BB_BUILD=$PWD/build/x86-64 BB_ARCH=x86-64; fi
# (BB_PY_SHARE=5: the leak test's loops a fifth as long, tests/test_runtime.py)
(cd python && BB_PY_SHARE=5 PYTHONPATH=.:tests timeout 1200 "$PY" -m pytest -q -p no:cacheprovider tests) 2>&1 | tee "$out"
rc=${PIPESTATUS[0]}
# the portable path: the extension built for x86-64 (no AVX-512 planes code)
# against the portable library build, the board and Othello tests again
if [ -f build/x86-64/libbitboard.a ]; then
    tmp=$(mktemp -d)
    mkdir -p "$tmp/bitboard"
    cp python/bitboard/*.py python/bitboard/*.pyi "$tmp/bitboard/"
    if (cd python && BB_STRICT=1 BB_BUILD="$PWD/../build/x86-64" BB_ARCH=x86-64 "$PY" setup.py -q build_ext -b "$tmp" -t "$tmp/obj" >/dev/null 2>&1); then
        echo "== portable build (x86-64)"
        (cd python && PYTHONPATH="$tmp:tests" timeout 600 "$PY" -m pytest -q -p no:cacheprovider tests/test_boards.py tests/test_othello.py) 2>&1 | tee -a "$out"
        [ "${PIPESTATUS[0]}" -ne 0 ] && rc=1
    else
        echo "FAIL the x86-64 build of the extension"
        rc=1
    fi
    rm -rf "$tmp"
else
    echo "SKIP the x86-64 build: build/x86-64/libbitboard.a is missing (make ARCH=x86-64 BUILD=build/x86-64 lib)"
fi
p_all=0 f_all=0 s_all=0
while read -r line; do
    p=$(sed -n 's/.*\b\([0-9][0-9]*\) passed.*/\1/p' <<<"$line")
    f=$(sed -n 's/.*\b\([0-9][0-9]*\) failed.*/\1/p' <<<"$line")
    e=$(sed -n 's/.*\b\([0-9][0-9]*\) error.*/\1/p' <<<"$line")
    s=$(sed -n 's/.*\b\([0-9][0-9]*\) skipped.*/\1/p' <<<"$line")
    p_all=$((p_all + ${p:-0})) f_all=$((f_all + ${f:-0} + ${e:-0})) s_all=$((s_all + ${s:-0}))
done < <(grep -E '^[0-9]+ (passed|failed)|^=+ .*(passed|failed)' "$out")
rm -f "$out"
p=$p_all f=$f_all s=$s_all
[ "$rc" -ne 0 ] && [ "$f" -eq 0 ] && f=1
echo "python: $p passed, $f failed, $s skipped"
[ "$f" -eq 0 ]
