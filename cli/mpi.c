/* bitboard-mpi's scheduler for perft by subtrees (compiled only by make
 * MPI=1; bitboard has cli/mpi_stub.c).  Rank 0 owns the journal and hands
 * out subtree numbers on request, and counts subtrees itself between
 * requests (answering them from perft's progress callback while it counts);
 * each other rank keeps two subtrees asked for, so it never waits for rank 0
 * between two.  Every rank builds the same subtree list itself (cli/dist.c):
 * messages carry numbers and counts only.  Uses <mpi.h> and the run's
 * dist_run.h. */
#include <stdint.h>
#include <stdlib.h>

#include <mpi.h>

#include "cli.h"
#include "dist_run.h"
#include "mpi.h"

enum { TAG_REQUEST = 1, TAG_ASSIGN = 2 };

/* a request: the subtree just counted (-1: none), its count, its seconds */
typedef struct { int64_t idx; uint64_t count; double seconds; } request_msg;

/* rank 0's view of each worker */
struct dist_sched {
    int *stop_sent, *initial, *unreported;
};

int dist_sched_begin(dist_state *s, int rc)
{
    MPI_Bcast(&rc, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (s->rank == 0 && s->size > 1) {
        dist_sched *w = calloc(1, sizeof *w);
        if (!w) MPI_Abort(MPI_COMM_WORLD, 1);
        s->sched = w;
        w->stop_sent = calloc((size_t)s->size, sizeof *w->stop_sent);
        w->initial = calloc((size_t)s->size, sizeof *w->initial);
        w->unreported = calloc((size_t)s->size, sizeof *w->unreported);
        if (!w->stop_sent || !w->initial || !w->unreported) MPI_Abort(MPI_COMM_WORLD, 1);
    }
    return rc;
}

static int all_finished(dist_state *s)
{
    if (s->ndone < s->list.n) return 0;
    const dist_sched *w = s->sched;
    for (int k = 1; k < s->size; k++)
        if (!w->stop_sent[k] || w->initial[k] < 2 || w->unreported[k] > 0) return 0;
    return 1;
}

/* answers one request from worker src (rank 0) */
static void answer(dist_state *s, int src, const request_msg *r)
{
    dist_sched *w = s->sched;
    if (r->idx < 0) w->initial[src]++;
    else {
        w->unreported[src]--;
        if (!s->failed && dist_finish_task(s, (size_t)r->idx, r->count, r->seconds)) s->failed = 1;
    }
    int64_t next = s->failed ? -1 : dist_take_next(s);
    if (next < 0) w->stop_sent[src] = 1;
    else w->unreported[src]++;
    MPI_Send(&next, 1, MPI_INT64_T, src, TAG_ASSIGN, MPI_COMM_WORLD);
    dist_show_progress(s, 0);
}

void dist_serve(dist_state *s)
{
    if (s->rank != 0 || s->size < 2) return;
    for (;;) {
        int flag = 0;
        MPI_Status st;
        MPI_Iprobe(MPI_ANY_SOURCE, TAG_REQUEST, MPI_COMM_WORLD, &flag, &st);
        if (!flag) return;
        request_msg r;
        MPI_Recv(&r, (int)sizeof r, MPI_BYTE, st.MPI_SOURCE, TAG_REQUEST, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        answer(s, st.MPI_SOURCE, &r);
    }
}

int dist_sched_worker(dist_state *s)
{
    int64_t queue[2];
    int queued = 0, outstanding = 0, stopped = 0;
    request_msg none = {-1, 0, 0};
    for (int k = 0; k < 2; k++) {
        MPI_Send(&none, (int)sizeof none, MPI_BYTE, 0, TAG_REQUEST, MPI_COMM_WORLD);
        outstanding++;
    }
    for (;;) {
        /* take the answers that are there; wait for one when there is nothing to count */
        while (outstanding > 0) {
            int flag = 1;
            if (queued > 0) MPI_Iprobe(0, TAG_ASSIGN, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
            if (!flag) break;
            int64_t idx;
            MPI_Recv(&idx, 1, MPI_INT64_T, 0, TAG_ASSIGN, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            outstanding--;
            if (idx < 0) stopped = 1;
            else queue[queued++] = idx;
        }
        if (queued == 0) {
            if (stopped && outstanding == 0) return 0;
            continue;
        }
        int64_t idx = queue[0];
        queue[0] = queue[1];
        queued--;
        double t0 = cli_now();
        uint64_t count;
        if (dist_count_task(s, (size_t)idx, &count)) MPI_Abort(MPI_COMM_WORLD, cli_interrupted ? 130 : 1);
        request_msg r = {idx, count, cli_now() - t0};
        MPI_Send(&r, (int)sizeof r, MPI_BYTE, 0, TAG_REQUEST, MPI_COMM_WORLD);
        outstanding++;
    }
}

void dist_sched_finish(dist_state *s)
{
    while (s->size > 1 && !all_finished(s)) {
        request_msg r;
        MPI_Status st;
        MPI_Recv(&r, (int)sizeof r, MPI_BYTE, MPI_ANY_SOURCE, TAG_REQUEST, MPI_COMM_WORLD, &st);
        answer(s, st.MPI_SOURCE, &r);
    }
}

void dist_sched_free(dist_state *s)
{
    dist_sched *w = s->sched;
    if (!w) return;
    free(w->stop_sent);
    free(w->initial);
    free(w->unreported);
    free(w);
    s->sched = NULL;
}

int cli_dist_mpi(void)
{
    return 1;
}

void cli_mpi_init(int *argc, char ***argv)
{
    MPI_Init(argc, argv);
}

void cli_mpi_finalize(void)
{
    MPI_Finalize();
}

int cli_mpi_rank(void)
{
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    return rank;
}

int cli_mpi_size(void)
{
    int size = 1;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    return size;
}
