/* The perft journal: the file that records which subtrees of a perft by
 * subtrees are counted, so that a run stopped (Ctrl-C, kill -9, a lost node)
 * goes on from where it was (cli/journal.c says the format).  Knows nothing
 * of perft or MPI: the run (cli/dist.c) hands it the parameters' fields and
 * gets back which subtrees are done. */
#ifndef BB_CLI_JOURNAL_H
#define BB_CLI_JOURNAL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* What the first line names: a journal of other parameters is refused. */
typedef struct {
    const char *game;       /* "chess" or "othello" */
    int depth, split;
    const char *convention; /* othello's convention name; "-" for chess */
    const char *symmetry;   /* "on", "off"; "-" for chess */
    size_t tasks;           /* the subtrees */
    uint64_t checksum;      /* the subtree list's (journal_fnv1a over what identifies them) */
    const char *position;   /* the root, as FEN or Othello text */
} journal_params;

/* Prints an error (the CLI's cli_error); returns anything. */
typedef int (*journal_error_fn)(const char *fmt, ...);

typedef struct {
    FILE *f;
    const char *path;
    int version;            /* 2, or 1: a journal of the first format, gone on with */
    int no_fsync;           /* lines flushed, not synced */
    journal_error_fn error;
} journal;

/* FNV-1a (64 bits) of n bytes, going on from h (JOURNAL_FNV_START to begin). */
#define JOURNAL_FNV_START 0xcbf29ce484222325ULL
uint64_t journal_fnv1a(uint64_t h, const void *data, size_t n);
/* The first line of format `version` (1 or 2) without its hash, in buf. */
void journal_params_line(const journal_params *p, int version, char *buf, size_t size);
/* Opens the journal at path: reads an existing one (checks every line; marks
 * done[i] = 1 and count[i] for each subtree in it; done and count have
 * p->tasks entries, zeroed) and goes on writing at its end, or starts a new
 * one.  Notes (a cut last line dropped, format 1, how many are done) go to
 * notes unless it is NULL.  0, or the exit status after error() was called:
 * 2 for a journal that is not this one's or is damaged (naming the line) or
 * cannot be opened, 1 for a failed write. */
int journal_open(journal *j, const char *path, const journal_params *p, int no_fsync, journal_error_fn error,
                 unsigned char *done, uint64_t *count, FILE *notes);
/* Appends `done INDEX COUNT SECONDS` (and its hash in format 2), flushed and
 * synced: 0, or -1 after error(). */
int journal_append(journal *j, size_t idx, uint64_t count, double seconds);
/* Closes it (nothing if it was never opened). */
void journal_close(journal *j);

#endif
