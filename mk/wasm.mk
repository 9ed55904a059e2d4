# mk/wasm.mk - the library as WebAssembly, $(BUILD)/wasm/bitboard.wasm (the
# portable code and js/src/*.c compiled by clang for wasm32-wasi), the npm
# package staged in $(BUILD)/js/bitboard, the playground page in
# $(BUILD)/web; their tests and benchmarks.
# Reads:   BUILD, WARN, DEPFLAGS, VERSION, MAKE (the front Makefile's); sq,
#          stamp, msg, Q (common.mk); LIB_SRC, GEN_NAMES and the generated
#          sources in $(BUILD)/gen (lib.mk); the targets cli (cli.mk) and
#          $(BUILD)/bench/bench.pgn (bench.mk); WASM_CC, PORT, BENCH_JS_PEERS
#          (the command line)
# Defines: WASM_CC, WASM_DIR, WASM_FLAGS, WASM_SRC, WASM_GEN, WASM_OBJ, WASM_STACK,
#          WASM_STAMP, WASM_NOW, JS_FILES, WEB_DIR, WEB_FILES, PORT,
#          BENCH_JS_PEERS; the targets wasm, web, serve, bench-web, js-test,
#          bench-js

.PHONY: wasm web serve bench-web js-test bench-js

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

