# mk/cli.mk - the bitboard command, $(BUILD)/bitboard: cli/*.c linked with
# libbitboard.a; and what runs it: make demo (the tour) and make docs
# (docs/gallery/ redrawn).
# Reads:   BUILD, CC, DEPFLAGS, CPPFLAGS_ALL, CFLAGS_ALL, LDFLAGS_ALL, PYTHON
#          (the front Makefile's); FLAGS_STAMP, msg, Q (common.mk); LIB_A (lib.mk)
# Defines: CLI_SRC, CLI_OBJ (mpi.mk relinks them); the targets cli, demo, docs

.PHONY: cli demo docs

# cli/mpi.c (MPI) only in bitboard-mpi; bitboard has cli/mpi_stub.c in its place.
CLI_SRC   := $(filter-out cli/mpi.c,$(wildcard cli/*.c cli/*/*.c))
CLI_OBJ   := $(CLI_SRC:%.c=$(BUILD)/obj/%.o)

cli: $(BUILD)/bitboard

$(BUILD)/obj/cli/%.o: cli/%.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(call msg,CC,$<)
	$(Q)$(CC) $(CPPFLAGS_ALL) $(DEPFLAGS) $(CFLAGS_ALL) -c $< -o $@

$(BUILD)/bitboard: $(CLI_OBJ) $(LIB_A)
	$(call msg,LD,$@)
	$(Q)$(CC) $(LDFLAGS_ALL) -o $@ $(CLI_OBJ) $(LIB_A) -lm

demo: ## build the library and the CLI (quietly), then the tour: bitboard demo, tools/demo.sh
	@$(MAKE) --no-print-directory -s all
	@$(BUILD)/bitboard demo
	@tools/demo.sh '$(subst ','\'',$(BUILD))' '$(subst ','\'',$(PYTHON))'

docs: ## redraw docs/gallery/ (the library's program forms traced, SVG + index.html)
	@$(MAKE) --no-print-directory -s cli
	@tests/gallery.sh '$(subst ','\'',$(BUILD))/bitboard' docs/gallery
