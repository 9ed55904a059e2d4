# mk/bench.mk - the benchmark program, $(BUILD)/bench/bench (bench/*.c and
# the earlier releases' code in bench/baseline/), its generated inputs (the
# permutation functions the compiler emits, a PGN file of 100,000 games),
# and make bench.
# Reads:   BUILD, CC, DEPFLAGS, CPPFLAGS_ALL, CFLAGS_ALL, LDFLAGS_ALL (the
#          front Makefile's); FLAGS_STAMP, msg, Q (common.mk); LIB_A
#          (lib.mk); BENCH_ARGS (the command line)
# Defines: CC_IS_CLANG, BENCH_CFLAGS, BENCH_SRC, BENCH_OBJ, BASELINE_SRC,
#          BASELINE_OBJ; the target bench

.PHONY: bench

# The benchmark is built without auto-vectorization so scalar numbers are
# the scalar code's (clang needs its SLP vectorizer turned off as well).
CC_IS_CLANG   = $(shell $(CC) -dM -E -x c /dev/null 2>/dev/null | grep -c __clang__)
BENCH_CFLAGS  = $(CFLAGS_ALL) -fno-tree-vectorize $(if $(filter-out 0,$(CC_IS_CLANG)),-fno-slp-vectorize)
BENCH_SRC := $(wildcard bench/*.c)
BENCH_OBJ := $(BENCH_SRC:%.c=$(BUILD)/obj/%.o)
# Baselines (earlier releases' code) are compiled as the library is.
BASELINE_SRC := $(wildcard bench/baseline/*.c)
BASELINE_OBJ := $(BASELINE_SRC:%.c=$(BUILD)/obj/%.o)

$(BUILD)/obj/bench/baseline/%.o: bench/baseline/%.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(call msg,CC,$<)
	$(Q)$(CC) $(CPPFLAGS_ALL) $(DEPFLAGS) $(CFLAGS_ALL) -c $< -o $@

$(BUILD)/obj/bench/%.o: bench/%.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(call msg,CC,$<)
	$(Q)$(CC) $(CPPFLAGS_ALL) -Ibench -Itests $(DEPFLAGS) $(BENCH_CFLAGS) -c $< -o $@

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

# the PGN benchmark's file: generated (100,000 games, seed 1), never committed
$(BUILD)/bench/bench.pgn: $(BUILD)/tools/gen_pgn
	@mkdir -p $(dir $@)
	$(call msg,GEN,$@)
	$(Q)$(BUILD)/tools/gen_pgn --games 100000 --seed 1 -o $@.tmp && mv $@.tmp $@

bench: $(BUILD)/bench/bench $(BUILD)/bench/bench.pgn ## benchmarks (BENCH_ARGS=...); results belong in docs/BENCHMARKS.md
	BENCH_PGN=$(BUILD)/bench/bench.pgn $(BUILD)/bench/bench $(BENCH_ARGS)
