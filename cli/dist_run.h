/* What a perft by subtrees (cli/dist.c) shares with its scheduler: cli/mpi.c
 * in bitboard-mpi (make MPI=1), cli/mpi_stub.c (one process) elsewhere. */
#ifndef BB_CLI_DIST_RUN_H
#define BB_CLI_DIST_RUN_H

#include <stddef.h>
#include <stdint.h>

#include "dist.h"
#include "journal.h"

__extension__ typedef unsigned __int128 u128;

typedef struct {
    bb_chess_pos chess;   /* chess: the subtree's root */
    uint64_t p, o;        /* othello: its root (canonical unless no_symmetry) */
    uint64_t key;         /* what merges equal subtrees */
    uint64_t mult;        /* how many paths reach it */
    uint64_t est;         /* the size estimate that orders the list */
} task;

typedef struct {
    const dist_job *job;
    task *t;
    size_t n, cap;
    u128 base;            /* leaves of games that ended before the split */
} task_list;

typedef struct dist_sched dist_sched; /* the scheduler's own (rank 0's view of the workers) */

typedef struct {
    const dist_job *job;
    task_list list;
    uint64_t checksum;
    unsigned char *done;      /* done[i]: subtree i is counted (rank 0) */
    uint64_t *count;          /* its count (rank 0) */
    size_t ndone, next;       /* how many are done; the next to hand out */
    u128 total_nodes;         /* base + the done subtrees' leaves so far */
    uint64_t est_total, est_done;
    journal journal;          /* its file open in journal.f, or none (rank 0) */
    size_t journal_done;      /* the subtrees that came from the journal */
    u128 journal_nodes;       /* and their leaves */
    uint64_t journal_est;     /* and their estimates */
    double t0, last_progress;
    int rank, size, show_progress, failed;
    bb_othello_tt *tt;        /* othello: this rank's table, kept across subtrees */
    dist_sched *sched;        /* NULL in one process */
} dist_state;

/* cli/dist.c, for the scheduler */
/* perft of subtree i: 0 and *out, or -1 (overflow, no memory, stopped: message printed) */
int dist_count_task(dist_state *s, size_t i, uint64_t *out);
/* subtree i counted: recorded, and written to the journal if there is one; 0 or -1 */
int dist_finish_task(dist_state *s, size_t i, uint64_t count, double seconds);
/* the next subtree to hand out, or -1 */
int64_t dist_take_next(dist_state *s);
/* the progress line on stderr (rank 0, a terminal), at most 4 times a second unless force */
void dist_show_progress(dist_state *s, int force);

/* the scheduler (cli/mpi.c, cli/mpi_stub.c), for cli/dist.c */
/* rank 0's status after opening the journal, told to every rank (and the
   scheduler's state made on rank 0): the status */
int dist_sched_begin(dist_state *s, int rc);
/* rank 0: answers the requests that wait (also from perft's progress callback) */
void dist_serve(dist_state *s);
/* ranks 1..: counts the subtrees rank 0 hands out until it says stop: the status */
int dist_sched_worker(dist_state *s);
/* rank 0, its own subtrees counted: waits for the workers' and tells each to stop */
void dist_sched_finish(dist_state *s);
void dist_sched_free(dist_state *s);

#endif
