# mk/mpi.mk - bitboard-mpi, $(BUILD)/bitboard-mpi: the CLI's objects with
# cli/mpi.c in place of cli/mpi_stub.c, linked with Open MPI; make mpi, or
# any build with MPI=1.
# Reads:   BUILD, CC, DEPFLAGS, CPPFLAGS_ALL, CFLAGS_ALL, LDFLAGS_ALL, MPI
#          (the front Makefile's); FLAGS_STAMP, msg, Q (common.mk); LIB_A
#          (lib.mk); CLI_OBJ (cli.mk)
# Defines: MPI_OBJ, MPI_CFLAGS, MPI_LIBS; the target mpi (and, with MPI=1,
#          bitboard-mpi as a prerequisite of all)

.PHONY: mpi

# bitboard-mpi (make MPI=1): the same CLI objects with cli/mpi.c (compiled
# with BB_CLI_MPI) in place of cli/mpi_stub.c, linked with Open MPI (Debian's
# libopenmpi-dev; installed when missing, as root).  The normal build does
# not depend on MPI.  MPI's headers are system headers here, so the warning
# flags stay the library's.
MPI_OBJ = $(filter-out $(BUILD)/obj/cli/mpi_stub.o,$(CLI_OBJ)) $(BUILD)/mpi/obj/cli/mpi.o
MPI_CFLAGS = $(shell mpicc --showme:compile 2>/dev/null | sed 's/-I/-isystem /g')
MPI_LIBS = $(shell mpicc --showme:link 2>/dev/null)
ifneq ($(MPI),)
all: $(BUILD)/bitboard-mpi
endif
mpi: $(BUILD)/bitboard-mpi ## build/bitboard-mpi (the same as make MPI=1)

$(BUILD)/mpi/.deps:
	@command -v mpicc >/dev/null || tests/mpi-deps.sh
	@command -v mpicc >/dev/null || { echo "make MPI=1 needs Open MPI (Debian: apt-get install libopenmpi-dev openmpi-bin)"; exit 1; }
	@mkdir -p $(dir $@) && touch $@

$(BUILD)/mpi/obj/cli/%.o: cli/%.c $(FLAGS_STAMP) $(BUILD)/mpi/.deps
	@mkdir -p $(dir $@)
	$(call msg,CC,$< (mpi))
	$(Q)$(CC) $(CPPFLAGS_ALL) -DBB_CLI_MPI $(MPI_CFLAGS) $(DEPFLAGS) $(CFLAGS_ALL) -c $< -o $@

$(BUILD)/bitboard-mpi: $(MPI_OBJ) $(LIB_A)
	$(call msg,LD,$@)
	$(Q)$(CC) $(LDFLAGS_ALL) -o $@ $(MPI_OBJ) $(LIB_A) $(MPI_LIBS) -lm

