/* MPI for the CLI: cli/mpi.c in bitboard-mpi (make MPI=1, linked with Open
 * MPI), cli/mpi_stub.c (one process, no MPI) in bitboard. */
#ifndef BB_CLI_MPI_H
#define BB_CLI_MPI_H

/* 1 in bitboard-mpi (built with MPI), else 0. */
int cli_dist_mpi(void);
/* bitboard-mpi: MPI_Init / MPI_Finalize around main (no-ops elsewhere); the rank. */
void cli_mpi_init(int *argc, char ***argv);
void cli_mpi_finalize(void);
int cli_mpi_rank(void);
int cli_mpi_size(void);

#endif
