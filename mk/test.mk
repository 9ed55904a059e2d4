# mk/test.mk - the tests: the unit test programs ($(BUILD)/tests/test_*, one
# per tests/test_*.c, sharing tests/harness.c) and make unit; make check and
# make test (tests/run-all.sh); the soak ($(BUILD)/tests/soak, make soak,
# make soak-smoke); the libFuzzer targets ($(BUILD)/fuzz/fuzz_*, the library
# compiled again by clang with coverage: make fuzz-build, make fuzz); make
# mutants.
# Reads:   BUILD, CC, ARCH, PORTABLE, WARN, DEPFLAGS, CPPFLAGS, CPPFLAGS_ALL,
#          CFLAGS_ALL, LDFLAGS_ALL, FUZZ_CC, FUZZ_SECONDS, SECONDS, PYTHON,
#          MAKE (the front Makefile's); FLAGS_STAMP, sq, space, comma, stamp,
#          msg, Q (common.mk); LIB_SRC, LIB_A, GEN_NAMES (lib.mk); T, K, SEED,
#          AREA, M (the command line)
# Defines: TEST_SRC, TEST_BIN, HARNESS_OBJ, T_NAMES, UNIT_PICK, UNIT_BIN,
#          UNIT_MISSING, FUZZ_CFLAGS, FUZZ_CPPFLAGS, FUZZ_STAMP, FUZZ_NOW,
#          FUZZ_SRC, FUZZ_LIB_OBJ, FUZZ_PICK, FUZZ_BIN, FUZZ_MISSING, SOAK_SRC,
#          SOAK_OBJ, SOAK_STAMP; the targets unit, check, test, soak,
#          soak-smoke, fuzz-build, fuzz, mutants

.PHONY: unit check test soak soak-smoke fuzz fuzz-build mutants

TEST_SRC  := $(wildcard tests/test_*.c)
TEST_BIN  := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
HARNESS_OBJ := $(BUILD)/obj/tests/harness.o

# T=sym (or T="sym io", T=test_sym, T=tests/test_sym.c) picks suites.
T_NAMES   := $(patsubst test_%,%,$(patsubst fuzz_%,%,$(notdir $(basename $(T)))))
UNIT_PICK := $(if $(T),$(T_NAMES:%=tests/test_%.c),$(TEST_SRC))
UNIT_BIN  := $(patsubst tests/%.c,$(BUILD)/tests/%,$(filter $(TEST_SRC),$(UNIT_PICK)))
UNIT_MISSING := $(filter-out $(TEST_SRC),$(UNIT_PICK))

$(BUILD)/obj/tests/%.o: tests/%.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(call msg,CC,$<)
	$(Q)$(CC) $(CPPFLAGS_ALL) -Itests -Ibench $(DEPFLAGS) $(CFLAGS_ALL) -c $< -o $@

# Unit tests: one program per tests/test_*.c, sharing tests/harness.c.
$(BUILD)/tests/%: $(BUILD)/obj/tests/%.o $(HARNESS_OBJ) $(LIB_A)
	@mkdir -p $(dir $@)
	$(call msg,LD,$@)
	$(Q)$(CC) $(CFLAGS_ALL) $(LDFLAGS_ALL) -o $@ $^
# The CLI's journal (cli/journal.c) is unit-tested by itself: its test links its object.
$(BUILD)/tests/test_cli_journal: $(BUILD)/obj/cli/journal.o
# The packed weights' expansion is tested against the full tables: its test links them packed too.
$(BUILD)/tests/test_othello_eval: $(BUILD)/obj/gen/eval_packed.o

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

# The soak (tests/soak/): every differential check with a fresh seed until
# the time is up.  One program, $(BUILD)/tests/soak, from every
# tests/soak/*.c (the driver, the query mode and each area's
# tests/soak/soak_<area>.c; the list of sources is a stamp, so a file gone
# relinks too);
# tests/soak/run.sh shares SECONDS out between it and the python and
# cli areas (scripts), and prints the total.
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
# ASan + UBSan and fuzzer coverage, library checks on; each target runs
# FUZZ_SECONDS from its corpus in tests/fuzz/corpus/, new finds go to
# $(BUILD)/fuzz/corpus/.
FUZZ_CFLAGS  := $(WARN) -O1 -g -march=$(ARCH) -fno-omit-frame-pointer \
                -fsanitize=address,undefined -fno-sanitize-recover=all
# (BB_NO_FORCE_INLINE: the chess generator and perft kernel compiled in
# one copy each; forced inline under coverage they took 50 s of the 74)
FUZZ_CPPFLAGS := -Iinclude $(if $(PORTABLE),-DBB_PORTABLE) -DBB_DEBUG -DBB_NO_FORCE_INLINE $(CPPFLAGS)
FUZZ_STAMP  := $(BUILD)/fuzz/flags.stamp
FUZZ_NOW    := $(FUZZ_CC) $(FUZZ_CPPFLAGS) $(FUZZ_CFLAGS)
FUZZ_SRC  := $(wildcard tests/fuzz/fuzz_*.c)
FUZZ_LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/fuzz/obj/%.o) $(GEN_NAMES:%=$(BUILD)/fuzz/obj/gen/%.o)
FUZZ_PICK := $(if $(T),$(T_NAMES:%=tests/fuzz/fuzz_%.c),$(FUZZ_SRC))
FUZZ_BIN  := $(patsubst tests/fuzz/%.c,$(BUILD)/fuzz/%,$(filter $(FUZZ_SRC),$(FUZZ_PICK)))
FUZZ_MISSING := $(filter-out $(FUZZ_SRC),$(FUZZ_PICK))

$(FUZZ_STAMP): FORCE
	$(call stamp,FUZZ_NOW)
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

# The perft kernel's shortcuts weakened one at a time (tests/mutants.sh,
# the list in tests/mutants/perft_kernel.txt): each must make a test of
# tests/test_chess_kernel.c fail.  The AVX-512 fills are tried in a native
# build, the scalar paths in a portable one (make mutants PORTABLE=1);
# M="name ..." tries only those.
mutants: $(BUILD)/obj/tests/test_chess_kernel.o $(HARNESS_OBJ) $(LIB_A) ## weaken each perft kernel shortcut in turn: a test must fail for each
	@CC='$(CC)' CFLAGS='$(CPPFLAGS_ALL) $(CFLAGS_ALL)' LDFLAGS='$(LDFLAGS_ALL)' tests/mutants.sh '$(BUILD)' $(M)
