/* Perft split into subtrees, journaled, and spread over MPI ranks in
 * bitboard-mpi (cli/dist.c says how; cli/mpi.h is its MPI face). */
#ifndef BB_CLI_DIST_H
#define BB_CLI_DIST_H

#include <stddef.h>

#include "cli.h"
#include "mpi.h"

enum { DIST_CHESS, DIST_OTHELLO };

typedef struct {
    int game;                          /* DIST_CHESS or DIST_OTHELLO */
    int depth, split;                  /* 0 <= split < depth */
    bb_chess_pos chess;                /* the root (chess) */
    bb_othello_pos othello;            /* the root (othello) */
    bb_othello_convention convention;  /* othello */
    int no_symmetry;                   /* othello: subtrees (and the table) not merged by symmetry */
    int threads;                       /* per rank */
    size_t hash_mb;                    /* per rank (chess: per subtree) */
    const char *journal;               /* NULL: none */
    int no_fsync;                      /* --no-fsync: lines written, not synced (measurements, tmpfs) */
    int quiet;
} dist_job;

/* Fills *job's common part (the position and the game's own fields are the
 * caller's): 0, or EXIT_USAGE after printing why (a depth below 1, a split
 * not below the depth).  split -1: the default. */
int cli_dist_job(dist_job *job, int game, long depth, int split, int threads, size_t hash_mb, const char *journal,
                 int no_fsync, int quiet);
/* Runs the job: prints the count (128 bits) on rank 0; returns the exit status. */
int cli_dist_perft(const dist_job *job, const cli_opts *o);
/* The split depth used when --split is not given. */
int cli_dist_default_split(int game, int depth);
#endif
