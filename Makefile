# bitboard - the official build.  `make help` lists the targets and options;
# the README's "Building" section says the rest.  This file holds the
# options, the flags they give, the default target and `make help`; the
# rules are in mk/, one part an area (each part opens with what it builds
# and the variables it reads and defines):
#
#   mk/common.mk    quoting, quiet output, stamps (the flags an object was built with)
#   mk/lib.mk       the library: its objects, the generated tables and weights,
#                   libbitboard.a and libbitboard.so
#   mk/cli.mk       the bitboard command; make demo, make docs
#   mk/tools.mk     tools/*.c; the permutation figures, the Othello weights' training
#   mk/test.mk      unit, check, test, soak, fuzz, mutants
#   mk/bench.mk     the benchmark program and its generated inputs
#   mk/python.mk    the Python package
#   mk/wasm.mk      the WebAssembly module, the npm package, the playground
#   mk/mpi.mk       bitboard-mpi
#   mk/release.mk   release, the ABI check, install and uninstall
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
#   MPI=1           `make all` builds bitboard-mpi too (mk/mpi.mk)
#   PYTHON=python3  the Python that builds and tests the package (Debian's by default)
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
SECONDS  ?= 600
# Debian's python3 (the one python3-numpy serves)
PYTHON   ?= $(if $(wildcard /usr/bin/python3),/usr/bin/python3,python3)
VERSION  := $(shell find include -name '*.h' -exec sed -n 's/^\#define BB_VERSION_STRING "\(.*\)"/\1/p' {} + | head -n 1)
# The shared library's ABI number (BB_ABI_VERSION, beside the version in
# core.h): the soname is libbitboard.so.$(ABI), the file libbitboard.so.$(VERSION).
ABI      := $(shell sed -n 's/^\#define BB_ABI_VERSION \([0-9]*\)$$/\1/p' include/bitboard/core.h)

# The flags the options give: every C object of the library, the CLI, the
# tests and the tools is compiled with these.
WARN     := -std=c11 -Wall -Wextra -Wpedantic -Werror
DEPFLAGS := -MMD -MP
SANITIZE := -fsanitize=address,undefined
CPPFLAGS_ALL := -Iinclude $(if $(PORTABLE),-DBB_PORTABLE) $(if $(DEBUG),-DBB_DEBUG) $(CPPFLAGS)
CFLAGS_ALL   := $(WARN) $(OPT) -march=$(ARCH) $(if $(DEBUG)$(SAN),-g) \
                $(if $(SAN),$(SANITIZE) -fno-sanitize-recover=all -fno-omit-frame-pointer) $(CFLAGS)
LDFLAGS_ALL  := -pthread $(if $(SAN),$(SANITIZE)) $(LDFLAGS)

.PHONY: all clean help FORCE
.DEFAULT_GOAL := all
.SECONDARY:
.DELETE_ON_ERROR:

all: lib cli ## library (static + shared) and the CLI into $(BUILD)/

# The parts, in this order: each may use what the ones before it define
# (mk/wasm.mk the library's sources, mk/mpi.mk the CLI's objects...).
MK_PARTS := mk/common.mk mk/lib.mk mk/cli.mk mk/tools.mk mk/test.mk mk/bench.mk \
            mk/python.mk mk/wasm.mk mk/mpi.mk mk/release.mk
include $(MK_PARTS)

clean: ## remove $(BUILD)/
	rm -rf $(call sq,$(BUILD))

# The targets with a `## text` comment, in the order of this file and its
# parts, then the options.
help: ## this list
	@echo "bitboard $(VERSION) - make targets:"
	@grep -hE '^[a-z-]+:.*## ' $(firstword $(MAKEFILE_LIST)) $(MK_PARTS) | \
	    awk -F ':.*## ' '{ name[NR] = $$1; text[NR] = $$2; if (length($$1) > w) w = length($$1) } \
	        END { for (i = 1; i <= NR; i++) printf "  %-" w "s  %s\n", name[i], text[i] }'
	@echo "options: ARCH=native|x86-64|...  PORTABLE=1 (implies ARCH=x86-64)  CC=gcc|clang  OPT=-O2"
	@echo "         SAN=1  DEBUG=1 (-g, BB_DEBUG)  V=1 (full commands)  BUILD=dir  MPI=1  PYTHON=python3"
	@echo "         T=sym (unit, fuzz: these suites)  K=pattern (unit: these tests)  FUZZ_SECONDS=60"
	@echo "         SECONDS=600  SEED=0x...  AREA=\"a b\" (soak: time, seed, areas)"
	@echo "         PREFIX=/usr/local  DESTDIR=  LIBDIR  INCLUDEDIR  BINDIR  MANDIR"

FORCE:

-include $(wildcard $(BUILD)/tools/*.d $(BUILD)/obj/*/*.d $(BUILD)/obj/*/*/*.d $(BUILD)/obj/*/*/*/*.d \
                    $(BUILD)/fuzz/obj/*/*.d $(BUILD)/fuzz/obj/*/*/*.d $(BUILD)/fuzz/obj/*/*/*/*.d \
                    $(BUILD)/wasm/obj/*/*.d $(BUILD)/wasm/obj/*/*/*.d $(BUILD)/wasm/obj/*/*/*/*.d)
