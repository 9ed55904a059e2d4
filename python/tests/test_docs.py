"""docs/PYTHON.md as a user follows it: every ```python block runs, in
order, as one script; every ```pycon block runs as a doctest; the install
commands (the ```sh block) run as written.  And setup.py's sentence when the
interpreter has no numpy."""
import doctest
import os
import re
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
PKG = os.path.dirname(HERE)
DOC = os.path.join(os.path.dirname(PKG), "docs", "PYTHON.md")


def blocks(kind):
    """The ```kind blocks of the doc: (line number, text)."""
    text = open(DOC, encoding="utf-8").read()
    out = []
    for m in re.finditer(r"^```%s\n(.*?)^```$" % re.escape(kind), text, re.M | re.S):
        out.append((text.count("\n", 0, m.start()) + 2, m.group(1)))
    return out


def test_the_doc_has_examples():
    assert len(blocks("python")) >= 5 and len(blocks("pycon")) >= 1 and len(blocks("sh")) == 1


def test_python_blocks_run_in_order(capsys):
    try:
        import torch  # noqa: F401
        have_torch = True
    except ImportError:
        have_torch = False
    names = {"__name__": "__doc_examples__"}
    ran = 0
    for line, code in blocks("python"):
        if "import torch" in code and not have_torch:
            continue  # the doc says: torch is optional
        try:
            exec(compile(code, "%s:%d" % (DOC, line), "exec"), names)
        except Exception as e:
            pytest.fail("docs/PYTHON.md, the ```python block at line %d: %s: %s" % (line, type(e).__name__, e))
        ran += 1
    assert ran >= 5
    out = capsys.readouterr().out
    assert "stopped after" in out          # the progress example stopped the perft
    assert "18 g8" in out
    assert "20 games kept, 10 dropped" in out  # read_pgn_arrays' shards: Elo 2000.. of both


def test_pycon_blocks_are_doctests():
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    globs = {}
    for line, code in blocks("pycon"):
        test = parser.get_doctest(code, globs, "PYTHON.md", DOC, line)
        runner.run(test)
        globs = test.globs
    r = runner.summarize(verbose=False)
    assert r.failed == 0 and r.attempted >= 5


@pytest.mark.skipif(os.environ.get("BB_SKIP_INSTALL") == "1", reason="BB_SKIP_INSTALL=1")
def test_install_commands_as_written(tmp_path):
    (code_line, code), = blocks("sh")
    assert code.startswith("/usr/bin/python3 -m venv --system-site-packages venv\n")
    # the commands run from the top of the repository: here a directory whose
    # ./python is the package
    os.symlink(PKG, tmp_path / "python")
    env = dict(os.environ, PIP_NO_INDEX="1")  # no package index: nothing is fetched
    env.pop("PYTHONPATH", None)
    r = subprocess.run(["bash", "-euc", code], cwd=str(tmp_path), env=env, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    import bitboard
    assert r.stdout.strip().split("\n")[-1] == bitboard.__version__


def test_setup_without_numpy_names_the_interpreter(tmp_path):
    # an interpreter where `import numpy` fails, as a pyenv Python without it
    fake = tmp_path / "numpy"
    fake.mkdir()
    (fake / "__init__.py").write_text("raise ImportError(\"No module named 'numpy'\")\n")
    env = dict(os.environ, PYTHONPATH=str(tmp_path))
    # (a build: setup.py --version no longer needs numpy, a build does)
    r = subprocess.run([sys.executable, "setup.py", "build_ext", "-b", str(tmp_path / "lib"), "-t", str(tmp_path / "tmp")],
                       cwd=PKG, env=env, capture_output=True, text=True)
    assert r.returncode != 0
    msg = " ".join(r.stderr.split())
    assert "this Python (%s) has no numpy" % sys.executable in msg
    assert "/usr/bin/python3" in msg and "python3-numpy" in msg and "pip install numpy" in msg
    assert "Traceback" not in r.stderr
