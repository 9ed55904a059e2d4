/* bitboard without MPI: one process, rank 0 of 1, so the run (cli/dist.c)
 * counts every subtree itself; bitboard-mpi links cli/mpi.c instead. */
#include "dist_run.h"
#include "mpi.h"

int dist_sched_begin(dist_state *s, int rc)
{
    (void)s;
    return rc;
}

void dist_serve(dist_state *s)
{
    (void)s;
}

int dist_sched_worker(dist_state *s)
{
    (void)s;
    return 1; /* not reached: the only process is rank 0 */
}

void dist_sched_finish(dist_state *s)
{
    (void)s;
}

void dist_sched_free(dist_state *s)
{
    (void)s;
}

int cli_dist_mpi(void)
{
    return 0;
}

void cli_mpi_init(int *argc, char ***argv)
{
    (void)argc, (void)argv;
}

void cli_mpi_finalize(void)
{
}

int cli_mpi_rank(void)
{
    return 0;
}

int cli_mpi_size(void)
{
    return 1;
}
