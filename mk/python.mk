# mk/python.mk - the Python package (python/): bitboard._core built in place
# (python/bitboard/_core*.so) against $(BUILD)/libbitboard.a by setup.py;
# its tests (tests/python.sh) and benchmarks.  python/deps.sh installs
# python3-dev, -numpy, -pytest, -venv when missing.
# Reads:   BUILD, ARCH, PYTHON, MAKE, V (the front Makefile's); msg, Q
#          (common.mk); LIB_A (lib.mk); $(BUILD)/bench/bench.pgn (bench.mk);
#          BB_STRICT, BENCH_PY_ARGS (the command line)
# Defines: the targets python, python-test, bench-python

.PHONY: python python-test bench-python

python: $(LIB_A) ## build the Python package in place (python/bitboard/_core*.so)
	@python/deps.sh '$(PYTHON)'
	$(call msg,PY,python/bitboard/_core)
	$(Q)cd python && BB_STRICT=$(if $(BB_STRICT),$(BB_STRICT),0) BB_BUILD='$(abspath $(BUILD))' BB_ARCH='$(ARCH)' '$(PYTHON)' setup.py -q build_ext --inplace \
	    $(if $(V),,>/dev/null)

python-test: ## the Python package's tests (pytest; part of make test)
	@MAKE='$(MAKE)' PYTHON='$(PYTHON)' tests/python.sh

bench-python: python lib $(BUILD)/bench/bench.pgn ## Python benchmarks (BENCH_PY_ARGS=...; PYTHON_CHESS=checkout for the peer)
	cd python && PYTHONPATH=. BENCH_PGN='$(abspath $(BUILD))/bench/bench.pgn' '$(PYTHON)' bench/bench_python.py $(BENCH_PY_ARGS)
