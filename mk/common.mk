# mk/common.mk - what every part uses: shell quoting, the quiet output, and
# the stamps that make an object depend on the flags it was built with.
# Builds nothing.
# Reads:   V, MAKEFLAGS (-s), BUILD, CC, CPPFLAGS_ALL, CFLAGS_ALL, LDFLAGS_ALL
#          (the front Makefile's)
# Defines: sq, empty, space, comma, Q, msg, stamp, FLAGS_STAMP, FLAGS_NOW

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

# $(call stamp,VAR): rewrites the target only when $(VAR) differs from its contents.
stamp = @mkdir -p $(dir $@); if [ "$$(cat $@ 2>/dev/null)" != $(call sq,$($(1))) ]; then \
            printf '%s\n' $(call sq,$($(1))) > $@; fi
$(FLAGS_STAMP): FORCE
	$(call stamp,FLAGS_NOW)
