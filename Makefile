# bitboard - the official build.  `make help` lists the targets.
#
# Build options (see the README's table):
#   ARCH=native     -march= target; x86-64 gives a build that runs anywhere
#   PORTABLE=1      portable code only: no GFNI/BMI2 inline paths, no run-time
#                   AVX dispatch (defines BB_PORTABLE)
#   CC=gcc          compiler (gcc and clang are tested)
#   SAN=1           AddressSanitizer + UndefinedBehaviorSanitizer
#   BUILD=build     output directory
#   PREFIX, DESTDIR, LIBDIR, INCLUDEDIR, BINDIR, MANDIR   for `make install`

CC       ?= gcc
ifeq ($(origin CC),default)
CC       := gcc
endif
ARCH     ?= native
OPT      ?= -O2
BUILD    ?= build
PREFIX   ?= /usr/local
LIBDIR   ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
BINDIR   ?= $(PREFIX)/bin
MANDIR   ?= $(PREFIX)/share/man
VERSION  := $(shell sed -n 's/^\#define BB_VERSION_STRING "\(.*\)"/\1/p' include/bitboard/core.h)

WARN     := -std=c11 -Wall -Wextra -Wpedantic -Werror
CPPFLAGS_ALL := -Iinclude $(if $(PORTABLE),-DBB_PORTABLE) $(CPPFLAGS)
SANITIZE     := -fsanitize=address,undefined
CFLAGS_ALL   := $(WARN) $(OPT) -march=$(ARCH) -fPIC $(if $(SAN),-g $(SANITIZE) -fno-sanitize-recover=all -fno-omit-frame-pointer) $(CFLAGS)
LDFLAGS_ALL  := $(if $(SAN),$(SANITIZE)) $(LDFLAGS)

LIB_SRC  := $(wildcard src/*/*.c)
LIB_OBJ  := $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
CLI_SRC  := $(wildcard cli/*.c)
CLI_OBJ  := $(CLI_SRC:%.c=$(BUILD)/obj/%.o)
TEST_SRC := $(wildcard tests/test_*.c)
TEST_BIN := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
HEADERS  := include/bitboard.h $(wildcard include/bitboard/*.h)

.PHONY: all lib cli unit test demo bench install uninstall clean help FORCE
.DEFAULT_GOAL := all

all: lib cli ## library (static + shared) and the CLI into $(BUILD)/
lib: $(BUILD)/libbitboard.a $(BUILD)/libbitboard.so
cli: $(BUILD)/bitboard

$(BUILD)/obj/%.o: %.c $(HEADERS) $(wildcard src/*/*.h cli/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS_ALL) $(CFLAGS_ALL) -c $< -o $@

$(BUILD)/libbitboard.a: $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/libbitboard.so: $(LIB_OBJ)
	$(CC) -shared -Wl,-soname,libbitboard.so.0 $(LDFLAGS_ALL) -o $@ $^

$(BUILD)/bitboard: $(CLI_OBJ) $(BUILD)/libbitboard.a
	$(CC) $(LDFLAGS_ALL) -o $@ $(CLI_OBJ) $(BUILD)/libbitboard.a

# Unit tests: one program per tests/test_*.c, sharing tests/harness.c.
$(BUILD)/tests/%: tests/%.c tests/harness.c tests/harness.h tests/reference.h $(BUILD)/libbitboard.a
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS_ALL) -Itests -Ibench $(CFLAGS_ALL) $(LDFLAGS_ALL) -o $@ $< tests/harness.c $(BUILD)/libbitboard.a

unit: $(TEST_BIN) ## build the unit tests of this configuration and run them
	@tests/run-unit.sh $(TEST_BIN)

# Every test: unit tests in five configurations, golden CLI tests, and the
# three ways a consumer finds the library.  Ends with "N passed, M failed".
test: ## build and run every test
	@tests/run-all.sh

demo: cli ## build, then run the tour
	@$(BUILD)/bitboard demo

bench: lib ## benchmarks; results belong in docs/BENCHMARKS.md
	@mkdir -p $(BUILD)/bench
	$(CC) $(CPPFLAGS_ALL) -Ibench -Itests $(WARN) -O2 -march=$(ARCH) -fno-tree-vectorize $(if $(findstring clang,$(CC)),-fno-slp-vectorize) \
	    -o $(BUILD)/bench/bench $(wildcard bench/*.c) $(BUILD)/libbitboard.a
	$(BUILD)/bench/bench $(BENCH_ARGS)

$(BUILD)/bitboard.pc: bitboard.pc.in FORCE
	@mkdir -p $(BUILD)
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@LIBDIR@|$(LIBDIR)|g' -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|g' \
	    -e 's|@VERSION@|$(VERSION)|g' $< > $@

$(BUILD)/bitboardConfigVersion.cmake: cmake/bitboardConfigVersion.cmake.in include/bitboard/core.h
	@mkdir -p $(BUILD)
	sed -e 's|@VERSION@|$(VERSION)|g' $< > $@

# The CMake package file finds the library and headers relative to itself.
CMAKEDIR := $(LIBDIR)/cmake/bitboard
$(BUILD)/bitboardConfig.cmake: cmake/bitboardConfig.cmake.in FORCE
	@mkdir -p $(BUILD)
	sed -e "s|@REL_LIBDIR@|$$(realpath -m --relative-to=$(CMAKEDIR) $(LIBDIR))|g" \
	    -e "s|@REL_INCLUDEDIR@|$$(realpath -m --relative-to=$(CMAKEDIR) $(INCLUDEDIR))|g" $< > $@
FORCE:

install: all $(BUILD)/bitboard.pc $(BUILD)/bitboardConfig.cmake $(BUILD)/bitboardConfigVersion.cmake ## install into $(DESTDIR)$(PREFIX)
	install -d $(DESTDIR)$(INCLUDEDIR)/bitboard $(DESTDIR)$(LIBDIR)/pkgconfig \
	    $(DESTDIR)$(CMAKEDIR) $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1
	install -m 644 include/bitboard.h $(DESTDIR)$(INCLUDEDIR)/
	install -m 644 include/bitboard/*.h $(DESTDIR)$(INCLUDEDIR)/bitboard/
	install -m 644 $(BUILD)/libbitboard.a $(DESTDIR)$(LIBDIR)/
	install -m 755 $(BUILD)/libbitboard.so $(DESTDIR)$(LIBDIR)/libbitboard.so.$(VERSION)
	ln -sf libbitboard.so.$(VERSION) $(DESTDIR)$(LIBDIR)/libbitboard.so.0
	ln -sf libbitboard.so.0 $(DESTDIR)$(LIBDIR)/libbitboard.so
	install -m 644 $(BUILD)/bitboard.pc $(DESTDIR)$(LIBDIR)/pkgconfig/
	install -m 644 $(BUILD)/bitboardConfig.cmake $(BUILD)/bitboardConfigVersion.cmake $(DESTDIR)$(CMAKEDIR)/
	install -m 755 $(BUILD)/bitboard $(DESTDIR)$(BINDIR)/
	install -m 644 docs/bitboard.1 $(DESTDIR)$(MANDIR)/man1/

uninstall: ## remove what install put there
	rm -rf $(DESTDIR)$(INCLUDEDIR)/bitboard $(DESTDIR)$(CMAKEDIR)
	rm -f $(DESTDIR)$(INCLUDEDIR)/bitboard.h $(DESTDIR)$(LIBDIR)/libbitboard.* \
	    $(DESTDIR)$(LIBDIR)/pkgconfig/bitboard.pc $(DESTDIR)$(BINDIR)/bitboard \
	    $(DESTDIR)$(MANDIR)/man1/bitboard.1

clean: ## remove build/
	rm -rf $(BUILD)

help: ## this list
	@echo "bitboard $(VERSION) - make targets:"
	@grep -E '^[a-z]+:.*## ' $(MAKEFILE_LIST) | sed -e 's/:.*## /\t/' -e 's/^/  /'
	@echo "options: ARCH=native|x86-64|...  PORTABLE=1  CC=gcc|clang  SAN=1  BUILD=dir  PREFIX=/usr/local  DESTDIR="
