# mk/release.mk - what a release and an install need: make release
# (tools/release.sh), the ABI check (make abi, make abi-baseline:
# tests/abi.sh), and make install / make uninstall with the files an install
# carries beside the build's: bitboard.pc, the CMake package files, the man
# page with its version.
# Reads:   BUILD, VERSION, ABI, PREFIX, DESTDIR, LIBDIR, INCLUDEDIR, BINDIR,
#          MANDIR, MAKE (the front Makefile's); sq, space, msg, Q
#          (common.mk); LIB_A, LIB_SO (lib.mk); $(BUILD)/bitboard (cli.mk)
# Defines: D_INC, D_LIB, D_BIN, D_MAN1, CMAKEDIR, D_CMAKE, sedrepl, pcpath;
#          the targets release, abi, abi-baseline, install, uninstall

.PHONY: release abi abi-baseline install uninstall

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

