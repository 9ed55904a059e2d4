# mk/tools.mk - the helper programs, $(BUILD)/tools/<name> from each
# tools/*.c (built on request: make tools, or as another target needs
# one), and the targets that run them to remake committed data: make
# perm-stats (docs/PERM.md's figures), make othello-eval and make
# othello-solver-eval (data/othello/*.bin, the Othello evaluation's weights).
# (The table generators the library's build runs are lib.mk's.)
# Reads:   BUILD, CC, DEPFLAGS, CPPFLAGS_ALL, CFLAGS_ALL, LDFLAGS_ALL, MAKE
#          (the front Makefile's); FLAGS_STAMP, msg, Q (common.mk); LIB_A,
#          EVAL_DATA, EVAL_SOLVER_DATA (lib.mk); COUNT, DATA (the command line)
# Defines: TOOL_SRC, TOOL_BIN, SOLVER_EVAL_DATA; the targets tools,
#          perm-stats, othello-eval, othello-solver-eval

.PHONY: tools perm-stats othello-eval othello-solver-eval

TOOL_SRC  := $(wildcard tools/*.c)
TOOL_BIN  := $(TOOL_SRC:tools/%.c=$(BUILD)/tools/%)

$(BUILD)/obj/tools/%.o: tools/%.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(call msg,CC,$<)
	$(Q)$(CC) $(CPPFLAGS_ALL) -Isrc $(DEPFLAGS) $(CFLAGS_ALL) -c $< -o $@
$(BUILD)/tools/%: $(BUILD)/obj/tools/%.o $(LIB_A)
	@mkdir -p $(dir $@)
	$(call msg,LD,$@)
	$(Q)$(CC) $(LDFLAGS_ALL) -o $@ $^ -lm
tools: $(TOOL_BIN)

perm-stats: $(BUILD)/tools/perm_stats ## the permutation compiler's figures for docs/PERM.md (COUNT=10000 random maps)
	$(BUILD)/tools/perm_stats --count $(or $(COUNT),10000)

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
