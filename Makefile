# bitboard - the official build.  `make help` lists the targets and options;
# the README's "Building" section says the rest.
#
# Build options:
#   ARCH=native     -march= target; x86-64 gives a build that runs anywhere
#                   (the default when PORTABLE=1, unless ARCH is given)
#   PORTABLE=1      portable code only: no GFNI/BMI2 inline paths, no run-time
#                   AVX dispatch (defines BB_PORTABLE)
#   CC=gcc          compiler (gcc and clang are tested)
#   OPT=-O2         optimization flags (library, CLI, tests and bench)
#   SAN=1           AddressSanitizer + UndefinedBehaviorSanitizer
#   DEBUG=1         -g and BB_DEBUG (the library checks its preconditions)
#   V=1             print the full compiler commands
#   BUILD=build     output directory
#   T=sym           `make unit`/`make fuzz`: only these suites (a list)
#   K=pattern       `make unit`: only the tests whose name contains pattern
#   FUZZ_SECONDS=60 `make fuzz`: how long each fuzz target runs
#   SECONDS=600     `make soak`: how long the soak runs in all
#   SEED=0x...      `make soak`: its seed (hex or decimal; default fresh, printed)
#   AREA="a b"      `make soak`: only these areas (default all; `build/tests/soak
#                   --list` and tests/soak/run.sh name them)
#   PREFIX, DESTDIR, LIBDIR, INCLUDEDIR, BINDIR, MANDIR   for `make install`

CC       ?= gcc
ifeq ($(origin CC),default)
CC       := gcc
endif
ifeq ($(origin ARCH),undefined)
ARCH     := $(if $(PORTABLE),x86-64,native)
endif
OPT      ?= -O2
BUILD    ?= build
PREFIX   ?= /usr/local
LIBDIR   ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
BINDIR   ?= $(PREFIX)/bin
MANDIR   ?= $(PREFIX)/share/man
FUZZ_CC  ?= clang
FUZZ_SECONDS ?= 60
VERSION  := $(shell find include -name '*.h' -exec sed -n 's/^\#define BB_VERSION_STRING "\(.*\)"/\1/p' {} + | head -n 1)
# The shared library's ABI number (BB_ABI_VERSION, beside the version in
# core.h): the soname is libbitboard.so.$(ABI), the file libbitboard.so.$(VERSION).
ABI      := $(shell sed -n 's/^\#define BB_ABI_VERSION \([0-9]*\)$$/\1/p' include/bitboard/core.h)

WARN     := -std=c11 -Wall -Wextra -Wpedantic -Werror
DEPFLAGS := -MMD -MP
SANITIZE := -fsanitize=address,undefined
CPPFLAGS_ALL := -Iinclude $(if $(PORTABLE),-DBB_PORTABLE) $(if $(DEBUG),-DBB_DEBUG) $(CPPFLAGS)
CFLAGS_ALL   := $(WARN) $(OPT) -march=$(ARCH) $(if $(DEBUG)$(SAN),-g) \
                $(if $(SAN),$(SANITIZE) -fno-sanitize-recover=all -fno-omit-frame-pointer) $(CFLAGS)
LDFLAGS_ALL  := -pthread $(if $(SAN),$(SANITIZE)) $(LDFLAGS)
# The benchmark is built without auto-vectorization so scalar numbers are
# the scalar code's (clang needs its SLP vectorizer turned off as well).
CC_IS_CLANG   = $(shell $(CC) -dM -E -x c /dev/null 2>/dev/null | grep -c __clang__)
BENCH_CFLAGS  = $(CFLAGS_ALL) -fno-tree-vectorize $(if $(filter-out 0,$(CC_IS_CLANG)),-fno-slp-vectorize)
# Fuzz targets: clang's libFuzzer with ASan + UBSan, library checks on.
FUZZ_CFLAGS  := $(WARN) -O1 -g -march=$(ARCH) -fno-omit-frame-pointer \
                -fsanitize=address,undefined -fno-sanitize-recover=all
# (BB_NO_FORCE_INLINE: the chess generator and perft kernel compiled in
# one copy each; forced inline under coverage they took 50 s of the 74)
FUZZ_CPPFLAGS := -Iinclude $(if $(PORTABLE),-DBB_PORTABLE) -DBB_DEBUG -DBB_NO_FORCE_INLINE $(CPPFLAGS)

LIB_SRC   := $(wildcard src/*.c src/*/*.c src/*/*/*.c)
GEN_NAMES := attack_tables eval_weights eval_solver_weights
LIB_OBJ   := $(LIB_SRC:%.c=$(BUILD)/obj/%.o) $(GEN_NAMES:%=$(BUILD)/obj/gen/%.o)
# The magic, PEXT and rotated attack tables: constants written at build time
# by tools/gen_attack_tables.c (4 MB of C, never committed), so that nothing
# fills them when a program starts.
GEN_ATTACKS := $(BUILD)/gen/attack_tables.c
GEN_ATTACKS_TOOL := $(BUILD)/tools/gen_attack_tables
# The Othello evaluation's trained weights, committed as data (data/othello/,
# tools/eval_file.h), written as constant C at build time by
# tools/gen_eval_weights.c, which checks each file (a damaged or cut one
# stops the build, naming it).
EVAL_DATA := data/othello/eval.bin
EVAL_SOLVER_DATA := data/othello/eval_solver.bin
GEN_EVAL_TOOL := $(BUILD)/tools/gen_eval_weights
# cli/mpi.c (MPI) only in bitboard-mpi; bitboard has cli/mpi_stub.c in its place.
CLI_SRC   := $(filter-out cli/mpi.c,$(wildcard cli/*.c cli/*/*.c))
CLI_OBJ   := $(CLI_SRC:%.c=$(BUILD)/obj/%.o)
TEST_SRC  := $(wildcard tests/test_*.c)
TEST_BIN  := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
HARNESS_OBJ := $(BUILD)/obj/tests/harness.o
BENCH_SRC := $(wildcard bench/*.c)
BENCH_OBJ := $(BENCH_SRC:%.c=$(BUILD)/obj/%.o)
# Baselines (earlier releases' code) are compiled as the library is.
BASELINE_SRC := $(wildcard bench/baseline/*.c)
BASELINE_OBJ := $(BASELINE_SRC:%.c=$(BUILD)/obj/%.o)
TOOL_SRC  := $(wildcard tools/*.c)
TOOL_BIN  := $(TOOL_SRC:tools/%.c=$(BUILD)/tools/%)
FUZZ_SRC  := $(wildcard tests/fuzz/fuzz_*.c)
FUZZ_LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/fuzz/obj/%.o) $(GEN_NAMES:%=$(BUILD)/fuzz/obj/gen/%.o)
LIB_A     := $(BUILD)/libbitboard.a
LIB_SO    := $(BUILD)/libbitboard.so

# T=sym (or T="sym io", T=test_sym, T=tests/test_sym.c) picks suites.
T_NAMES   := $(patsubst test_%,%,$(patsubst fuzz_%,%,$(notdir $(basename $(T)))))
UNIT_PICK := $(if $(T),$(T_NAMES:%=tests/test_%.c),$(TEST_SRC))
UNIT_BIN  := $(patsubst tests/%.c,$(BUILD)/tests/%,$(filter $(TEST_SRC),$(UNIT_PICK)))
UNIT_MISSING := $(filter-out $(TEST_SRC),$(UNIT_PICK))
FUZZ_PICK := $(if $(T),$(T_NAMES:%=tests/fuzz/fuzz_%.c),$(FUZZ_SRC))
FUZZ_BIN  := $(patsubst tests/fuzz/%.c,$(BUILD)/fuzz/%,$(filter $(FUZZ_SRC),$(FUZZ_PICK)))
FUZZ_MISSING := $(filter-out $(FUZZ_SRC),$(FUZZ_PICK))

# $(call sq,TEXT): TEXT quoted for the shell.
sq = '$(subst ','\'',$(1))'
empty :=
space := $(empty) $(empty)
comma := ,

# Quiet by default: one short line per step ("  CC  src/sym/sym.c"), nothing
# at all under `make -s`, the full commands with V=1.
ifeq ($(V),1)
Q   :=
msg :=
else ifneq ($(findstring s,$(firstword -$(MAKEFLAGS))),)
Q   := @
msg :=
else
Q   := @
msg = @printf '  %-5s %s\n' $(call sq,$(1)) $(call sq,$(2))
endif

# Every object depends on the flags it was built with: changing CC, ARCH,
# OPT, SAN, DEBUG, PORTABLE... in the same BUILD directory rebuilds.
FLAGS_STAMP := $(BUILD)/flags.stamp
FLAGS_NOW   := $(CC) $(CPPFLAGS_ALL) $(CFLAGS_ALL) $(LDFLAGS_ALL)
FUZZ_STAMP  := $(BUILD)/fuzz/flags.stamp
FUZZ_NOW    := $(FUZZ_CC) $(FUZZ_CPPFLAGS) $(FUZZ_CFLAGS)

.PHONY: all lib cli tools unit check test demo docs bench perm-stats othello-eval othello-solver-eval fuzz fuzz-build install uninstall clean help FORCE \
        python python-test bench-python mpi mutants soak soak-smoke wasm js-test bench-js web serve bench-web release \
        abi abi-baseline
.DEFAULT_GOAL := all
.SECONDARY:
.DELETE_ON_ERROR:

all: lib cli ## library (static + shared) and the CLI into $(BUILD)/
lib: $(LIB_A) $(LIB_SO)
cli: $(BUILD)/bitboard

# $(call stamp,VAR): rewrites the target only when $(VAR) differs from its contents.
stamp = @mkdir -p $(dir $@); if [ "$$(cat $@ 2>/dev/null)" != $(call sq,$($(1))) ]; then \
            printf '%s\n' $(call sq,$($(1))) > $@; fi
$(FLAGS_STAMP): FORCE
	$(call stamp,FLAGS_NOW)
$(FUZZ_STAMP): FORCE
	$(call stamp,FUZZ_NOW)

# Library objects are position-independent: they go into the shared library too.
$(BUILD)/obj/src/%.o: src/%.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(call msg,CC,$<)
	$(Q)$(CC) $(CPPFLAGS_ALL) $(DEPFLAGS) $(CFLAGS_ALL) -fPIC -c $< -o $@

# src/core/input.c reads zstd, gzip and bzip2 through the system's libraries
# (loaded at run time); their headers are installed first when missing
# (tools/decoders.sh: apt-get as root, else a note naming what will not be read).
$(BUILD)/obj/src/core/input.o: | $(BUILD)/decoders.stamp
$(BUILD)/decoders.stamp: tools/decoders.sh
	@mkdir -p $(dir $@)
	$(Q)sh tools/decoders.sh $(CC) && touch $@

# The generated tables: the generator is compiled for the machine that builds
# (no -march, no sanitizer: it runs here, whatever the library targets) from
# its one source, which includes the committed tables it needs.
$(GEN_ATTACKS_TOOL): tools/gen_attack_tables.c
	@mkdir -p $(dir $@)
	$(call msg,CC,$<)
	$(Q)$(CC) $(WARN) -O2 -Iinclude -MMD -MP -MF $@.d -o $@ $<
$(GEN_ATTACKS): $(GEN_ATTACKS_TOOL)
	@mkdir -p $(dir $@)
	$(call msg,GEN,$@)
	$(Q)$(GEN_ATTACKS_TOOL) -o $@.tmp && mv $@.tmp $@
$(GEN_EVAL_TOOL): tools/gen_eval_weights.c
	@mkdir -p $(dir $@)
	$(call msg,CC,$<)
	$(Q)$(CC) $(WARN) -O2 -Iinclude -MMD -MP -MF $@.d -o $@ $<
$(BUILD)/gen/eval_weights.c: $(EVAL_DATA) $(GEN_EVAL_TOOL)
	@mkdir -p $(dir $@)
	$(call msg,GEN,$@)
	$(Q)$(GEN_EVAL_TOOL) staged $< -o $@.tmp && mv $@.tmp $@
$(BUILD)/gen/eval_solver_weights.c: $(EVAL_SOLVER_DATA) $(GEN_EVAL_TOOL)
	@mkdir -p $(dir $@)
	$(call msg,GEN,$@)
	$(Q)$(GEN_EVAL_TOOL) solver $< -o $@.tmp && mv $@.tmp $@
# (the staged weights packed, src/othello/eval_pack.h: the wasm build's, and the eval test's)
$(BUILD)/gen/eval_packed.c: $(EVAL_DATA) $(GEN_EVAL_TOOL)
	@mkdir -p $(dir $@)
	$(call msg,GEN,$@)
	$(Q)$(GEN_EVAL_TOOL) packed $< -o $@.tmp && mv $@.tmp $@
# (-Isrc: the generated weights include src/othello/eval.h)
$(BUILD)/obj/gen/%.o: $(BUILD)/gen/%.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(call msg,CC,$<)
	$(Q)$(CC) $(CPPFLAGS_ALL) -Isrc $(DEPFLAGS) $(CFLAGS_ALL) -fPIC -c $< -o $@

$(BUILD)/obj/cli/%.o: cli/%.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(call msg,CC,$<)
	$(Q)$(CC) $(CPPFLAGS_ALL) $(DEPFLAGS) $(CFLAGS_ALL) -c $< -o $@

$(BUILD)/obj/tests/%.o: tests/%.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(call msg,CC,$<)
	$(Q)$(CC) $(CPPFLAGS_ALL) -Itests -Ibench $(DEPFLAGS) $(CFLAGS_ALL) -c $< -o $@

$(BUILD)/obj/bench/baseline/%.o: bench/baseline/%.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(call msg,CC,$<)
	$(Q)$(CC) $(CPPFLAGS_ALL) $(DEPFLAGS) $(CFLAGS_ALL) -c $< -o $@

$(BUILD)/obj/bench/%.o: bench/%.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(call msg,CC,$<)
	$(Q)$(CC) $(CPPFLAGS_ALL) -Ibench -Itests $(DEPFLAGS) $(BENCH_CFLAGS) -c $< -o $@

$(LIB_A): $(LIB_OBJ)
	@rm -f $@
	$(call msg,AR,$@)
	$(Q)ar rcs $@ $^

# The shared library as an install lays it out: the file libbitboard.so.VERSION,
# the soname link libbitboard.so.$(ABI) (what a program linked with -Lbuild
# -lbitboard asks for at run time, so LD_LIBRARY_PATH=build works) and the
# link libbitboard.so (what -lbitboard finds).  It exports only what
# src/bitboard.map lists: the public bb_ names and the tables the inline
# functions read (CONTRIBUTING.md "ABI and versions").
LIB_SO_REAL := $(BUILD)/libbitboard.so.$(VERSION)
LIB_MAP     := src/bitboard.map
$(LIB_SO): $(LIB_OBJ) $(LIB_MAP)
	$(call msg,LD,$(LIB_SO_REAL))
	$(Q)$(CC) -shared -Wl,-soname,libbitboard.so.$(ABI) -Wl,--version-script=$(LIB_MAP) $(LDFLAGS_ALL) \
	    -o $(LIB_SO_REAL) $(LIB_OBJ)
	$(Q)ln -sf libbitboard.so.$(VERSION) $(BUILD)/libbitboard.so.$(ABI)
	$(Q)ln -sf libbitboard.so.$(ABI) $@

$(BUILD)/bitboard: $(CLI_OBJ) $(LIB_A)
	$(call msg,LD,$@)
	$(Q)$(CC) $(LDFLAGS_ALL) -o $@ $(CLI_OBJ) $(LIB_A) -lm

# Unit tests: one program per tests/test_*.c, sharing tests/harness.c.
$(BUILD)/tests/%: $(BUILD)/obj/tests/%.o $(HARNESS_OBJ) $(LIB_A)
	@mkdir -p $(dir $@)
	$(call msg,LD,$@)
	$(Q)$(CC) $(CFLAGS_ALL) $(LDFLAGS_ALL) -o $@ $^
# The CLI's journal (cli/journal.c) is unit-tested by itself: its test links its object.
$(BUILD)/tests/test_cli_journal: $(BUILD)/obj/cli/journal.o
# The packed weights' expansion is tested against the full tables: its test links them packed too.
$(BUILD)/tests/test_othello_eval: $(BUILD)/obj/gen/eval_packed.o

# Table generators and other helper programs (tools/*.c), built on request.
$(BUILD)/obj/tools/%.o: tools/%.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(call msg,CC,$<)
	$(Q)$(CC) $(CPPFLAGS_ALL) -Isrc $(DEPFLAGS) $(CFLAGS_ALL) -c $< -o $@
$(BUILD)/tools/%: $(BUILD)/obj/tools/%.o $(LIB_A)
	@mkdir -p $(dir $@)
	$(call msg,LD,$@)
	$(Q)$(CC) $(LDFLAGS_ALL) -o $@ $^ -lm
tools: $(TOOL_BIN)

unit: $(UNIT_BIN) ## build and run the unit tests of this configuration (T=sym: one suite, K=pattern: some tests)
	$(if $(UNIT_MISSING),@echo "make unit: no $(UNIT_MISSING) (suites: $(patsubst tests/test_%.c,%,$(TEST_SRC)))" >&2; exit 2)
	@tests/run-unit.sh $(if $(K),-k '$(subst ','\'',$(K))') $(UNIT_BIN)

# The edit loop: this configuration's unit tests and the CLI golden tests.
check: ## unit tests of this configuration + CLI golden tests (fast)
	@BB_CHECK_BUILD='$(BUILD)' MAKE='$(MAKE)' tests/run-all.sh --check

# Every test: unit tests in five configurations, golden CLI tests, consumers,
# install paths and the fuzz targets.  Ends with "N passed, M failed, K skipped".
test: ## build and run every test
	@MAKE='$(MAKE)' tests/run-all.sh

demo: ## build the library and the CLI (quietly), then the tour: bitboard demo, tools/demo.sh
	@$(MAKE) --no-print-directory -s all
	@$(BUILD)/bitboard demo
	@tools/demo.sh '$(subst ','\'',$(BUILD))' '$(subst ','\'',$(PYTHON))'

docs: ## redraw docs/gallery/ (the library's program forms traced, SVG + index.html)
	@$(MAKE) --no-print-directory -s cli
	@tests/gallery.sh '$(subst ','\'',$(BUILD))/bitboard' docs/gallery

$(BUILD)/bench/bench: $(BENCH_OBJ) $(BASELINE_OBJ) $(LIB_A)
	@mkdir -p $(dir $@)
	$(call msg,LD,$@)
	$(Q)$(CC) $(LDFLAGS_ALL) -o $@ $^

# the permutation benchmark's functions: emitted by the compiler itself
$(BUILD)/gen/perm_bench.h: $(BUILD)/bitboard tools/perm_bench.sh
	@mkdir -p $(dir $@)
	$(call msg,GEN,$@)
	$(Q)tools/perm_bench.sh $(BUILD)/bitboard > $@.tmp && mv $@.tmp $@
$(BUILD)/obj/bench/bench_perm.o: $(BUILD)/gen/perm_bench.h
$(BUILD)/obj/bench/bench_perm.o: CPPFLAGS_ALL += -I$(BUILD)/gen

perm-stats: $(BUILD)/tools/perm_stats ## the permutation compiler's figures for docs/PERM.md (COUNT=10000 random maps)
	$(BUILD)/tools/perm_stats --count $(or $(COUNT),10000)

# the PGN benchmark's file: generated (100,000 games, seed 1), never committed
$(BUILD)/bench/bench.pgn: $(BUILD)/tools/gen_pgn
	@mkdir -p $(dir $@)
	$(call msg,GEN,$@)
	$(Q)$(BUILD)/tools/gen_pgn --games 100000 --seed 1 -o $@.tmp && mv $@.tmp $@

# The Othello evaluation's weights, data/othello/eval.bin (committed):
# trained on the games of the WTHOR files in DATA (a directory, or files;
# CONTRIBUTING, "Real game files", says where they come from), stage by
# stage from the end of the game: docs/OTHELLO.md, "The evaluation".  The
# same files give the same weights, byte for byte (the trainer's arithmetic
# is compiled without contraction into fused multiply-adds).  Without DATA
# the committed weights stay.  The held-out error per number of empties,
# beside the weights replaced: $(BUILD)/eval/report.txt.
$(BUILD)/obj/tools/othello_train.o: CFLAGS_ALL += -ffp-contract=off

# The exact solver's own move-order weights, data/othello/eval_solver.bin
# (committed): 300,000 positions of self-play games with 10-16 empties, each
# solved exactly by the library (two halves, one a CPU, 10 minutes or so),
# then a least-squares fit (docs/OTHELLO.md, "The evaluation").  Nothing is
# downloaded.
SOLVER_EVAL_DATA := $(BUILD)/eval/positions1.txt $(BUILD)/eval/positions2.txt
$(BUILD)/eval/positions%.txt: | $(BUILD)/tools/othello_train
	@mkdir -p $(dir $@)
	$(call msg,GEN,$@)
	$(Q)$(BUILD)/tools/othello_train gen --count 150000 --empties 10-16 --seed $* -o $@.tmp && mv $@.tmp $@

othello-solver-eval: $(BUILD)/tools/othello_train ## regenerate data/othello/eval_solver.bin (the solver's move order; make -j2)
	$(Q)$(MAKE) --no-print-directory $(SOLVER_EVAL_DATA)
	$(BUILD)/tools/othello_train fit -o $(EVAL_SOLVER_DATA) $(SOLVER_EVAL_DATA)
othello-eval: $(BUILD)/tools/othello_train ## regenerate data/othello/eval.bin from WTHOR games (DATA=DIR; 7 minutes on 2 cores)
ifeq ($(strip $(DATA)),)
	@echo "make othello-eval: no DATA=DIR: $(EVAL_DATA) stays as committed (CONTRIBUTING, \"Real game files\", says where the games come from)"
else
	@mkdir -p $(BUILD)/eval
	$(BUILD)/tools/othello_train wthor --threads 2 --baseline $(EVAL_DATA) --report $(BUILD)/eval/report.txt \
		-o $(BUILD)/eval/eval.bin $(DATA)
	mv $(BUILD)/eval/eval.bin $(EVAL_DATA)
	@echo "make othello-eval: $(EVAL_DATA) written; the held-out error per empties: $(BUILD)/eval/report.txt"
endif

bench: $(BUILD)/bench/bench $(BUILD)/bench/bench.pgn ## benchmarks (BENCH_ARGS=...); results belong in docs/BENCHMARKS.md
	BENCH_PGN=$(BUILD)/bench/bench.pgn $(BUILD)/bench/bench $(BENCH_ARGS)

# bitboard-mpi (make MPI=1): the same CLI objects with cli/mpi.c (compiled
# with BB_CLI_MPI) in place of cli/mpi_stub.c, linked with Open MPI (Debian's
# libopenmpi-dev; installed when missing, as root).  The normal build does
# not depend on MPI.  MPI's headers are system headers here, so the warning
# flags stay the library's.
MPI_OBJ = $(filter-out $(BUILD)/obj/cli/mpi_stub.o,$(CLI_OBJ)) $(BUILD)/mpi/obj/cli/mpi.o
MPI_CFLAGS = $(shell mpicc --showme:compile 2>/dev/null | sed 's/-I/-isystem /g')
MPI_LIBS = $(shell mpicc --showme:link 2>/dev/null)
ifneq ($(MPI),)
all: $(BUILD)/bitboard-mpi
endif
mpi: $(BUILD)/bitboard-mpi ## build/bitboard-mpi (the same as make MPI=1)

$(BUILD)/mpi/.deps:
	@command -v mpicc >/dev/null || tests/mpi-deps.sh
	@command -v mpicc >/dev/null || { echo "make MPI=1 needs Open MPI (Debian: apt-get install libopenmpi-dev openmpi-bin)"; exit 1; }
	@mkdir -p $(dir $@) && touch $@

$(BUILD)/mpi/obj/cli/%.o: cli/%.c $(FLAGS_STAMP) $(BUILD)/mpi/.deps
	@mkdir -p $(dir $@)
	$(call msg,CC,$< (mpi))
	$(Q)$(CC) $(CPPFLAGS_ALL) -DBB_CLI_MPI $(MPI_CFLAGS) $(DEPFLAGS) $(CFLAGS_ALL) -c $< -o $@

$(BUILD)/bitboard-mpi: $(MPI_OBJ) $(LIB_A)
	$(call msg,LD,$@)
	$(Q)$(CC) $(LDFLAGS_ALL) -o $@ $(MPI_OBJ) $(LIB_A) $(MPI_LIBS) -lm

# The Python package (python/): bitboard._core built in place against
# $(BUILD)/libbitboard.a with Debian's python3 (the one python3-numpy serves);
# python/deps.sh installs python3-dev, -numpy, -pytest, -venv when missing.
PYTHON ?= $(if $(wildcard /usr/bin/python3),/usr/bin/python3,python3)
python: $(LIB_A) ## build the Python package in place (python/bitboard/_core*.so)
	@python/deps.sh '$(PYTHON)'
	$(call msg,PY,python/bitboard/_core)
	$(Q)cd python && BB_STRICT=$(if $(BB_STRICT),$(BB_STRICT),0) BB_BUILD='$(abspath $(BUILD))' BB_ARCH='$(ARCH)' '$(PYTHON)' setup.py -q build_ext --inplace \
	    $(if $(V),,>/dev/null)

python-test: ## the Python package's tests (pytest; part of make test)
	@MAKE='$(MAKE)' PYTHON='$(PYTHON)' tests/python.sh

bench-python: python lib $(BUILD)/bench/bench.pgn ## Python benchmarks (BENCH_PY_ARGS=...; PYTHON_CHESS=checkout for the peer)
	cd python && PYTHONPATH=. BENCH_PGN='$(abspath $(BUILD))/bench/bench.pgn' '$(PYTHON)' bench/bench_python.py $(BENCH_PY_ARGS)

# The soak (tests/soak/): every differential check with a fresh seed until
# the time is up.  One program, $(BUILD)/tests/soak, from every
# tests/soak/*.c (the driver, the query mode and each area's
# tests/soak/soak_<area>.c; the list of sources is a stamp, so a file gone
# relinks too);
# tests/soak/run.sh shares SECONDS out between it and the python and
# cli areas (scripts), and prints the total.
SECONDS  ?= 600
SOAK_SRC := $(wildcard tests/soak/*.c)
SOAK_OBJ := $(SOAK_SRC:%.c=$(BUILD)/obj/%.o)
SOAK_STAMP := $(BUILD)/tests/soak.sources
$(SOAK_STAMP): FORCE
	$(call stamp,SOAK_SRC)
$(BUILD)/tests/soak: $(SOAK_OBJ) $(LIB_A) $(SOAK_STAMP)
	@mkdir -p $(dir $@)
	$(call msg,LD,$@)
	$(Q)$(CC) $(CFLAGS_ALL) $(LDFLAGS_ALL) -o $@ $(SOAK_OBJ) $(LIB_A)

soak: $(BUILD)/tests/soak $(BUILD)/bitboard ## differential checks for SECONDS (600) with a fresh seed (SEED=, AREA="a b")
	@SOAK_MAKE='$(MAKE)' PYTHON='$(PYTHON)' tests/soak/run.sh --build '$(subst ','\'',$(BUILD))' \
	    --seconds '$(subst ','\'',$(SECONDS))' $(if $(SEED),--seed '$(subst ','\'',$(SEED))') \
	    $(foreach a,$(subst $(comma),$(space),$(AREA)),--area '$(subst ','\'',$(a))')

soak-smoke: $(BUILD)/tests/soak ## the soak's smoke mode: a few cases of every C area (make test runs it)
	@$(BUILD)/tests/soak --smoke

# libFuzzer targets (tests/fuzz/): the library is compiled again with clang,
# ASan + UBSan and fuzzer coverage; each target runs FUZZ_SECONDS from its
# corpus in tests/fuzz/corpus/, new finds go to $(BUILD)/fuzz/corpus/.
$(BUILD)/fuzz/obj/%.o: %.c $(FUZZ_STAMP)
	@mkdir -p $(dir $@)
	$(call msg,CC,$< (fuzz))
	$(Q)$(FUZZ_CC) $(FUZZ_CPPFLAGS) $(DEPFLAGS) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c $< -o $@
$(BUILD)/fuzz/obj/gen/%.o: $(BUILD)/gen/%.c $(FUZZ_STAMP)
	@mkdir -p $(dir $@)
	$(call msg,CC,$< (fuzz))
	$(Q)$(FUZZ_CC) $(FUZZ_CPPFLAGS) -Isrc $(DEPFLAGS) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c $< -o $@

$(BUILD)/fuzz/fuzz_%: $(BUILD)/fuzz/obj/tests/fuzz/fuzz_%.o $(FUZZ_LIB_OBJ)
	$(call msg,LD,$@)
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $^

fuzz-build: $(FUZZ_BIN) ## build the fuzz targets (clang, libFuzzer)
	$(if $(FUZZ_MISSING),@echo "make fuzz: no $(FUZZ_MISSING) (targets: $(patsubst tests/fuzz/fuzz_%.c,%,$(FUZZ_SRC)))" >&2; exit 2)

fuzz: fuzz-build ## run each fuzz target FUZZ_SECONDS (default 60; T=board: one target)
	@tests/fuzz/run.sh '$(FUZZ_SECONDS)' '$(BUILD)/fuzz' $(FUZZ_BIN)

# WebAssembly (js/, docs/JS.md): the library's portable code and js/src/exports.c
# compiled by clang for wasm32-wasi against Debian's wasi-libc, linked by
# wasm-ld into a module with no start function (a "reactor"); tools/wasm.sh
# installs the toolchain when missing.  Only bb_js_* (and malloc/free) are
# exported, so the linker drops what the package does not call.
WASM_CC      ?= clang
WASM_DIR     := $(BUILD)/wasm
WASM_FLAGS   := --target=wasm32-wasi $(WARN) -O2 -DBB_PORTABLE -D_WASI_EMULATED_SIGNAL -DBB__EVAL_PACKED=1 -Iinclude
WASM_SRC     := $(LIB_SRC) $(wildcard js/src/*.c)
# The Othello weights packed (src/othello/eval_pack.h: 0.41 MB for 3.35), expanded as the
# module starts; the solver's own set (eval_solver_weights) is not carried (BB__SOLVE_STAGED).
WASM_GEN     := attack_tables eval_packed
WASM_OBJ     := $(WASM_SRC:%.c=$(WASM_DIR)/obj/%.o) $(WASM_GEN:%=$(WASM_DIR)/obj/gen/%.o)
# The stack: 1 MiB (wasm-ld's default is 64 KiB, which chess perft 6 overran,
# writing over the static data after it and printing wrong counts), placed
# first in memory, so that an overflow runs below address 0 and traps
# instead of corrupting data.
WASM_STACK   := -Wl,-z,stack-size=1048576 -Wl,--stack-first
WASM_STAMP   := $(WASM_DIR)/flags.stamp
WASM_NOW     := $(WASM_CC) $(WASM_FLAGS) $(WASM_STACK)
JS_FILES     := $(wildcard js/*.js js/*.cjs js/*.d.ts js/*.d.cts js/package.json js/README.md)

$(WASM_STAMP): FORCE
	$(call stamp,WASM_NOW)
$(WASM_DIR)/obj/%.o: %.c $(WASM_STAMP)
	@mkdir -p $(dir $@)
	$(call msg,CC,$< (wasm))
	$(Q)$(WASM_CC) $(WASM_FLAGS) $(DEPFLAGS) -c $< -o $@
$(WASM_DIR)/obj/gen/%.o: $(BUILD)/gen/%.c $(WASM_STAMP)
	@mkdir -p $(dir $@)
	$(call msg,CC,$< (wasm))
	$(Q)$(WASM_CC) $(WASM_FLAGS) -Isrc -c $< -o $@
$(WASM_DIR)/bitboard.wasm: $(WASM_OBJ)
	$(call msg,LD,$@)
	$(Q)$(WASM_CC) --target=wasm32-wasi -O2 -mexec-model=reactor -Wl,--export-dynamic -Wl,--export=malloc \
	    -Wl,--export=free -Wl,--strip-debug $(WASM_STACK) -o $@ $^ -lwasi-emulated-signal

# The npm package, staged in $(BUILD)/js/bitboard (npm pack there makes the tarball).
$(BUILD)/js/bitboard/bitboard.wasm: $(WASM_DIR)/bitboard.wasm $(JS_FILES) LICENSE include/bitboard/core.h
	@mkdir -p $(dir $@)
	$(Q)cp $(JS_FILES) LICENSE $(dir $@) && cp $< $@
	$(Q)sed -i -e $(call sq,s|"version": "[^"]*"|"version": "$(VERSION)"|) $(dir $@)package.json

wasm: ## the library as WebAssembly and the npm package, staged in $(BUILD)/js/bitboard (clang, wasi-libc)
	@tools/wasm.sh check
	@$(MAKE) --no-print-directory $(BUILD)/js/bitboard/bitboard.wasm
	@tools/wasm.sh size $(call sq,$(WASM_DIR)/bitboard.wasm)

# The playground (web/, docs/WEB.md): the page and the package staged
# together in $(BUILD)/web, served as static files.
WEB_DIR   := $(BUILD)/web
WEB_FILES := $(wildcard web/*)
PORT      ?= 8000
web: wasm ## the playground page with the package, staged in $(BUILD)/web (make serve shows it)
	@mkdir -p $(call sq,$(WEB_DIR))/bitboard
	@cp $(WEB_FILES) $(call sq,$(WEB_DIR))/ && cp $(call sq,$(BUILD))/js/bitboard/* $(call sq,$(WEB_DIR))/bitboard/
	@echo "web: $(WEB_DIR) ($$(du -sk $(call sq,$(WEB_DIR)) | cut -f1) KB)"

serve: web ## serve the playground at http://localhost:$(PORT)/ (PORT=8000; any static server will do)
	@echo "the playground: http://localhost:$(PORT)/  (Ctrl-C stops)"
	@python3 -m http.server --bind 127.0.0.1 --directory $(call sq,$(WEB_DIR)) $(PORT)

# The page in headless Chromium against the same calls in Node (docs/WEB.md);
# the browser tests' runner installs what it needs, then this measures.
bench-web: web ## the playground's first paint, interactive time, bytes, and perft and the solver in the page vs Node
	@BB_BROWSER_MEASURE=1 tests/browser/run.sh build/bitboard

js-test: wasm ## the npm package's tests (node --test, against the CLI)
	@$(MAKE) --no-print-directory cli
	@BB_CLI=$(call sq,$(BUILD)/bitboard) BB_JS=$(call sq,$(BUILD)/js/bitboard) node --test js/test/

# The package against chess.js and chessops (installed from npm into
# BENCH_JS_PEERS, never dependencies) and the wasm perft against the native
# portable build's, one Node process, pinned to one core where taskset is.
BENCH_JS_PEERS ?= /tmp/bitboard-bench-js
bench-js: wasm ## the npm package side by side with chess.js 1.4.0 and chessops 0.15.1 (docs/BENCHMARKS.md)
	@$(MAKE) --no-print-directory -s PORTABLE=1 BUILD=$(call sq,$(BUILD)/portable) cli
	@[ -d $(call sq,$(BENCH_JS_PEERS))/node_modules/chessops ] && [ -d $(call sq,$(BENCH_JS_PEERS))/node_modules/chess.js ] || \
	  { mkdir -p $(call sq,$(BENCH_JS_PEERS)) && cd $(call sq,$(BENCH_JS_PEERS)) && \
	    echo '{"name":"bitboard-bench-js","private":true}' > package.json && \
	    npm install --no-audit --no-fund --silent chess.js@1.4.0 chessops@0.15.1; }
	@$(MAKE) --no-print-directory -s cli
	@BENCH_JS_PEERS=$(call sq,$(BENCH_JS_PEERS)) BENCH_NATIVE=$(call sq,$(BUILD)/portable/bitboard:$(BUILD)/bitboard) \
	  $$(command -v taskset > /dev/null && echo taskset -c 0) node js/bench/bench.mjs $(call sq,$(BUILD)/js/bitboard)
	@$(MAKE) --no-print-directory -s $(BUILD)/bench/bench.pgn && { [ -d $(call sq,$(BENCH_JS_PEERS))/node_modules/pgn-parser ] || (cd $(call sq,$(BENCH_JS_PEERS)) && npm install --no-audit --no-fund --silent @mliebelt/pgn-parser@1.4.19 pgn-parser@2.2.1); } && BENCH_JS_PEERS=$(call sq,$(BENCH_JS_PEERS)) BENCH_PGN=$(call sq,$(BUILD)/bench/bench.pgn) $$(command -v taskset > /dev/null && echo taskset -c 0) node js/bench/pgn.mjs $(call sq,$(BUILD)/js/bitboard)

# A release (README.md "Versions"): make release VERSION=X.Y.Z sets the
# version in its one place (include/bitboard/core.h), checks that
# CHANGELOG.md has its section and that make test passes, then commits and
# tags vX.Y.Z.  Nothing is committed if a step fails.
release: ## cut a release: make release VERSION=X.Y.Z (the changelog section, make test, a commit and a tag)
	@tools/release.sh $(call sq,$(VERSION)) $(call sq,$(origin VERSION))

# The shared library's ABI (CONTRIBUTING.md "ABI and versions"): built again
# in build/abi as a distribution builds it (gcc, ARCH=x86-64, -O2) with -g,
# described by abidw (Debian's abigail-tools, installed when missing) and
# compared with abi/libbitboard.abi, the description committed at the last
# release or ABI bump; tests/abi.sh also checks the exported names.
abi: $(LIB_SO) ## check the shared library's exports and ABI against abi/libbitboard.abi (part of make test)
	@MAKE='$(MAKE)' BB_BUILD_DIR=$(call sq,$(BUILD)) tests/abi.sh
abi-baseline: ## write abi/libbitboard.abi from this tree (at a release, or after raising BB_ABI_VERSION)
	@MAKE='$(MAKE)' tests/abi.sh --baseline

# The perft kernel's shortcuts weakened one at a time (tests/mutants.sh,
# the list in tests/mutants/perft_kernel.txt): each must make a test of
# tests/test_chess_kernel.c fail.  The AVX-512 fills are tried in a native
# build, the scalar paths in a portable one (make mutants PORTABLE=1);
# M="name ..." tries only those.
mutants: $(BUILD)/obj/tests/test_chess_kernel.o $(HARNESS_OBJ) $(LIB_A) ## weaken each perft kernel shortcut in turn: a test must fail for each
	@CC='$(CC)' CFLAGS='$(CPPFLAGS_ALL) $(CFLAGS_ALL)' LDFLAGS='$(LDFLAGS_ALL)' tests/mutants.sh '$(BUILD)' $(M)

# Installation.  Every path is quoted, so PREFIX and DESTDIR may hold spaces.
D_INC     := $(call sq,$(DESTDIR)$(INCLUDEDIR))
D_LIB     := $(call sq,$(DESTDIR)$(LIBDIR))
D_BIN     := $(call sq,$(DESTDIR)$(BINDIR))
D_MAN1    := $(call sq,$(DESTDIR)$(MANDIR)/man1)
CMAKEDIR  := $(LIBDIR)/cmake/bitboard
D_CMAKE   := $(call sq,$(DESTDIR)$(CMAKEDIR))
# A value for a sed replacement: \, & and | escaped.
sedrepl   = $(subst |,\|,$(subst &,\&,$(subst \,\\,$(1))))
# A value for a .pc file: spaces escaped (pkg-config then prints "-I/a\ b/include").
pcpath    = $(subst $(space),\$(space),$(1))

$(BUILD)/bitboard.pc: bitboard.pc.in FORCE
	@mkdir -p $(dir $@)
	$(Q)sed -e $(call sq,s|@PREFIX@|$(call sedrepl,$(call pcpath,$(PREFIX)))|g) \
	    -e $(call sq,s|@LIBDIR@|$(call sedrepl,$(call pcpath,$(LIBDIR)))|g) \
	    -e $(call sq,s|@INCLUDEDIR@|$(call sedrepl,$(call pcpath,$(INCLUDEDIR)))|g) \
	    -e $(call sq,s|@VERSION@|$(VERSION)|g) $< > $@

# The man page as installed: docs/bitboard.1 with its @VERSION@ filled in.
$(BUILD)/bitboard.1: docs/bitboard.1 FORCE
	@mkdir -p $(dir $@)
	$(Q)sed -e $(call sq,s|@VERSION@|$(VERSION)|g) $< > $@

$(BUILD)/bitboardConfigVersion.cmake: cmake/bitboardConfigVersion.cmake.in FORCE
	@mkdir -p $(dir $@)
	$(Q)sed -e $(call sq,s|@VERSION@|$(VERSION)|g) $< > $@

# The CMake package file finds the library and headers relative to itself.
$(BUILD)/bitboardConfig.cmake: cmake/bitboardConfig.cmake.in FORCE
	@mkdir -p $(dir $@)
	$(Q)rel_lib=$$(realpath -m --relative-to=$(call sq,$(CMAKEDIR)) $(call sq,$(LIBDIR))) && \
	rel_inc=$$(realpath -m --relative-to=$(call sq,$(CMAKEDIR)) $(call sq,$(INCLUDEDIR))) && \
	esc() { printf '%s' "$$1" | sed -e 's/[\\&|]/\\&/g'; } && \
	sed -e "s|@REL_LIBDIR@|$$(esc "$$rel_lib")|g" -e "s|@REL_INCLUDEDIR@|$$(esc "$$rel_inc")|g" \
	    -e $(call sq,s|@VERSION@|$(VERSION)|g) -e $(call sq,s|@ABI@|$(ABI)|g) $< > $@
FORCE:

install: all $(BUILD)/bitboard.pc $(BUILD)/bitboardConfig.cmake $(BUILD)/bitboardConfigVersion.cmake $(BUILD)/bitboard.1 ## install what `make` built into $(DESTDIR)$(PREFIX)
	$(call msg,INSTALL,$(DESTDIR)$(PREFIX))
	$(Q)install -d $(D_INC)/bitboard $(D_LIB)/pkgconfig $(D_CMAKE) $(D_BIN) $(D_MAN1)
	$(Q)install -m 644 include/bitboard.h $(D_INC)/
	$(Q)cd include && find bitboard -name '*.h' | sort | while IFS= read -r h; do \
	    install -D -m 644 "$$h" $(D_INC)/"$$h" || exit 1; done
	$(Q)install -m 644 $(LIB_A) $(D_LIB)/
	$(Q)install -m 755 $(LIB_SO) $(D_LIB)/libbitboard.so.$(VERSION)
	$(Q)ln -sf libbitboard.so.$(VERSION) $(D_LIB)/libbitboard.so.$(ABI)
	$(Q)ln -sf libbitboard.so.$(ABI) $(D_LIB)/libbitboard.so
	$(Q)install -m 644 $(BUILD)/bitboard.pc $(D_LIB)/pkgconfig/
	$(Q)install -m 644 $(BUILD)/bitboardConfig.cmake $(BUILD)/bitboardConfigVersion.cmake $(D_CMAKE)/
	$(Q)install -m 755 $(BUILD)/bitboard $(D_BIN)/
	$(Q)install -m 644 $(BUILD)/bitboard.1 $(D_MAN1)/

uninstall: ## remove what install put there
	$(call msg,RM,$(DESTDIR)$(PREFIX))
	$(Q)rm -rf $(D_INC)/bitboard $(D_CMAKE)
	$(Q)rm -f $(D_INC)/bitboard.h $(D_LIB)/libbitboard.a $(D_LIB)/libbitboard.so* \
	    $(D_LIB)/pkgconfig/bitboard.pc $(D_BIN)/bitboard $(D_MAN1)/bitboard.1

clean: ## remove $(BUILD)/
	rm -rf $(call sq,$(BUILD))

help: ## this list
	@echo "bitboard $(VERSION) - make targets:"
	@grep -hE '^[a-z-]+:.*## ' $(firstword $(MAKEFILE_LIST)) | awk -F ':.*## ' '{ printf "  %-11s %s\n", $$1, $$2 }'
	@echo "options: ARCH=native|x86-64|...  PORTABLE=1 (implies ARCH=x86-64)  CC=gcc|clang  OPT=-O2"
	@echo "         SAN=1  DEBUG=1 (-g, BB_DEBUG)  V=1 (full commands)  BUILD=dir"
	@echo "         T=sym (unit, fuzz: these suites)  K=pattern (unit: these tests)  FUZZ_SECONDS=60"
	@echo "         SECONDS=600  SEED=0x...  AREA=\"a b\" (soak: time, seed, areas)"
	@echo "         PREFIX=/usr/local  DESTDIR=  LIBDIR  INCLUDEDIR  BINDIR  MANDIR"

-include $(wildcard $(BUILD)/tools/*.d $(BUILD)/obj/*/*.d $(BUILD)/obj/*/*/*.d $(BUILD)/obj/*/*/*/*.d \
                    $(BUILD)/fuzz/obj/*/*.d $(BUILD)/fuzz/obj/*/*/*.d $(BUILD)/fuzz/obj/*/*/*/*.d \
                    $(BUILD)/wasm/obj/*/*.d $(BUILD)/wasm/obj/*/*/*.d $(BUILD)/wasm/obj/*/*/*/*.d)
