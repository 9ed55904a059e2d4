# mk/lib.mk - the library: every src/**/*.c and the generated tables and
# weights, compiled position-independent into $(BUILD)/libbitboard.a and
# $(BUILD)/libbitboard.so (the exports src/bitboard.map lists).
# Reads:   BUILD, CC, WARN, DEPFLAGS, CPPFLAGS_ALL, CFLAGS_ALL, LDFLAGS_ALL,
#          VERSION, ABI (the front Makefile's); FLAGS_STAMP, msg, Q (common.mk)
# Defines: LIB_SRC, LIB_OBJ, GEN_NAMES (the generated sources' names, which
#          the fuzz and wasm builds compile too), GEN_ATTACKS, GEN_ATTACKS_TOOL,
#          EVAL_DATA, EVAL_SOLVER_DATA, GEN_EVAL_TOOL, LIB_A, LIB_SO,
#          LIB_SO_REAL, LIB_MAP; the target lib

.PHONY: lib

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
LIB_A     := $(BUILD)/libbitboard.a
LIB_SO    := $(BUILD)/libbitboard.so

lib: $(LIB_A) $(LIB_SO)

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
