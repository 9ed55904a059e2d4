/* Perft split into subtrees, journaled, and (in bitboard-mpi) spread over
 * MPI ranks: chess perft D --journal FILE, othello perft D --journal FILE.
 *
 * The root is expanded `split` plies into subtrees: for chess the distinct
 * positions (transpositions merged, with their multiplicity), for Othello
 * the distinct positions up to the 8 symmetries.  Each subtree is counted
 * with the library's perft (its threads and table), and the total is
 *     base + sum over subtrees of multiplicity * count     (128 bits)
 * where base holds the games that ended before the split (Othello's bik and
 * nopass conventions count them as leaves).  The subtrees are ordered by a
 * size estimate, largest first, so the order, the list and its checksum are
 * the same on every rank and every run of the same parameters.
 *
 * The journal (cli/journal.c) records each finished subtree, so that a
 * stopped run goes on from where it was.
 *
 * In bitboard-mpi (make MPI=1) cli/mpi.c spreads the subtrees over the MPI
 * ranks (rank 0 owns the journal); bitboard links cli/mpi_stub.c, one
 * process counting them all.  Uses only <bitboard.h>. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "dist.h"
#include "dist_run.h"
#include "journal.h"
#include "mpi.h"

static int push_task(task_list *l, const task *x)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 1024;
        task *t = realloc(l->t, cap * sizeof *t);
        if (!t) return -1;
        l->t = t, l->cap = cap;
    }
    l->t[l->n++] = *x;
    return 0;
}

/* ---- the expansion ------------------------------------------------------------------ */

static int expand_chess(task_list *l, bb_chess_pos *pos, int left)
{
    if (left == 0) {
        task x;
        memset(&x, 0, sizeof x);
        x.chess = *pos;
        x.chess.halfmove = 0; /* perft does not depend on the clocks: merge across them */
        x.chess.fullmove = 1;
        x.key = pos->key;
        x.mult = 1;
        bb_chess_movelist ml;
        x.est = (uint64_t)bb_chess_generate(pos, BB_GEN_ALL, &ml);
        return push_task(l, &x);
    }
    bb_chess_movelist ml;
    int n = bb_chess_generate(pos, BB_GEN_ALL, &ml);
    for (int i = 0; i < n; i++) {
        bb_chess_undo u;
        bb_chess_make(pos, ml.moves[i], &u);
        int rc = expand_chess(l, pos, left - 1);
        bb_chess_unmake(pos, ml.moves[i], &u);
        if (rc) return rc;
    }
    return 0; /* mate or stalemate before the split: no leaves below it */
}

static int expand_othello(task_list *l, uint64_t p, uint64_t o, int left)
{
    const dist_job *j = l->job;
    if (left == 0) {
        task x;
        memset(&x, 0, sizeof x);
        x.p = p, x.o = o;
        if (!j->no_symmetry) bb_canonical_pair(&x.p, &x.o, NULL);
        x.key = x.p * 0x9e3779b97f4a7c15ULL ^ (x.o + (x.o >> 29));
        x.mult = 1;
        x.est = (uint64_t)bb_othello_mobility(p, o) + 1;
        return push_task(l, &x);
    }
    uint64_t m = bb_othello_moves(p, o);
    if (m) {
        for (; m; m &= m - 1) {
            int sq = __builtin_ctzll(m);
            uint64_t f = bb_othello_flips(p, o, sq);
            int rc = expand_othello(l, o & ~f, p | f | ((uint64_t)1 << sq), left - 1);
            if (rc) return rc;
        }
        return 0;
    }
    if (bb_othello_moves(o, p)) /* a pass: a ply, except in the nopass convention */
        return expand_othello(l, o, p, j->convention == BB_OTHELLO_NOPASS ? left : left - 1);
    if (j->convention != BB_OTHELLO_OEIS) l->base += 1; /* the game is over: bik and nopass count a leaf */
    return 0;
}

static int same_task(const dist_job *j, const task *a, const task *b)
{
    if (a->key != b->key) return 0;
    if (j->game == DIST_OTHELLO) return a->p == b->p && a->o == b->o;
    const bb_chess_pos *x = &a->chess, *y = &b->chess;
    return !memcmp(x->pieces, y->pieces, sizeof x->pieces) && x->side == y->side && x->castling == y->castling &&
           !memcmp(x->castle_rook, y->castle_rook, sizeof x->castle_rook) && x->ep == y->ep;
}

static int by_key(const void *a, const void *b)
{
    const task *x = a, *y = b;
    if (x->key != y->key) return x->key < y->key ? -1 : 1;
    if (x->p != y->p) return x->p < y->p ? -1 : 1;
    if (x->o != y->o) return x->o < y->o ? -1 : 1;
    const bb_chess_pos *a1 = &x->chess, *b1 = &y->chess;
    int c = memcmp(a1->pieces, b1->pieces, sizeof a1->pieces);
    if (c) return c;
    if (a1->side != b1->side) return a1->side < b1->side ? -1 : 1;
    if (a1->castling != b1->castling) return a1->castling < b1->castling ? -1 : 1;
    if (a1->ep != b1->ep) return a1->ep < b1->ep ? -1 : 1;
    return memcmp(a1->castle_rook, b1->castle_rook, sizeof a1->castle_rook);
}

static int by_estimate(const void *a, const void *b)
{
    const task *x = a, *y = b;
    if (x->est != y->est) return x->est > y->est ? -1 : 1; /* largest first */
    return by_key(a, b);
}

/* The subtree list of the job: 0, or -1 (out of memory). */
static int build_tasks(const dist_job *j, task_list *l)
{
    memset(l, 0, sizeof *l);
    l->job = j;
    int rc;
    if (j->game == DIST_CHESS) {
        bb_chess_pos pos = j->chess;
        rc = expand_chess(l, &pos, j->split);
    } else {
        rc = expand_othello(l, j->othello.p, j->othello.o, j->split);
    }
    if (rc) return -1;
    /* merge equal subtrees (their positions compared in full, not only by key) */
    qsort(l->t, l->n, sizeof *l->t, by_key);
    size_t w = 0;
    for (size_t i = 0; i < l->n; i++) {
        if (w > 0 && same_task(j, &l->t[w - 1], &l->t[i])) l->t[w - 1].mult += l->t[i].mult;
        else l->t[w++] = l->t[i];
    }
    l->n = w;
    qsort(l->t, l->n, sizeof *l->t, by_estimate);
    return 0;
}

/* FNV-1a over what identifies each subtree, in order (each value's bytes
   from the lowest): the list's checksum, named in the journal. */
static uint64_t list_checksum(const task_list *l)
{
    uint64_t h = JOURNAL_FNV_START;
    for (size_t i = 0; i < l->n; i++) {
        uint64_t v[4] = {l->t[i].key, l->t[i].mult, l->t[i].p, l->t[i].o};
        unsigned char b[sizeof v];
        for (size_t k = 0; k < sizeof b; k++) b[k] = (unsigned char)(v[k / 8] >> (8 * (k % 8)));
        h = journal_fnv1a(h, b, sizeof b);
    }
    return h;
}

static void u128_text(u128 v, char *buf)
{
    char tmp[48];
    int n = 0;
    do {
        tmp[n++] = (char)('0' + (int)(v % 10));
        v /= 10;
    } while (v);
    for (int i = 0; i < n; i++) buf[i] = tmp[n - 1 - i];
    buf[n] = 0;
}

/* ---- counting one subtree ------------------------------------------------------------- */

static void chess_progress(uint64_t nodes, int done, int total, void *arg)
{
    (void)nodes, (void)done, (void)total;
    dist_serve(arg);
}

static void othello_progress(const bb_othello_perft_stats *now, void *arg)
{
    (void)now;
    dist_serve(arg);
}

int dist_count_task(dist_state *s, size_t i, uint64_t *out)
{
    const dist_job *j = s->job;
    const task *t = &s->list.t[i];
    int serving = s->rank == 0 && s->size > 1;
    if (j->game == DIST_CHESS) {
        bb_chess_perft_opts po;
        bb_chess_perft_stats st;
        memset(&po, 0, sizeof po);
        memset(&st, 0, sizeof st);
        po.threads = j->threads;
        po.hash_mb = j->hash_mb;
        po.stats = &st;
        po.stop = (const volatile int *)&cli_interrupted;
        if (serving) po.progress = chess_progress, po.progress_arg = s;
        bb_chess_pos pos = t->chess;
        *out = bb_chess_perft(&pos, j->depth - j->split, &po);
        if (st.overflow) {
            cli_error("subtree %zu: its count is 2^64 - 1 or more", i);
            return -1;
        }
        if (st.table_failed) {
            cli_error("subtree %zu: --hash %zu: no memory for the table", i, j->hash_mb);
            return -1;
        }
        if (st.stopped || cli_interrupted) return -1;
        return 0;
    }
    bb_othello_perft_opts po;
    bb_othello_perft_stats st;
    memset(&po, 0, sizeof po);
    memset(&st, 0, sizeof st);
    po.convention = j->convention;
    po.threads = j->threads;
    po.method = BB_OTHELLO_DEFAULT;
    po.tt = s->tt;
    po.no_symmetry = j->no_symmetry;
    po.stats = &st;
    /* the stop flag and the progress callback make Othello's perft watch from
       the calling thread (a worker thread and naps of 1 ms and more): worth it
       for subtrees of 9 plies and more, far too slow for the millisecond ones,
       which end soon anyway (Ctrl-C is seen between subtrees) */
    if (j->depth - j->split >= 9) {
        po.stop = &cli_interrupted;
        if (serving) po.progress = othello_progress, po.progress_ctx = s;
    }
    *out = bb_othello_perft(t->p, t->o, j->depth - j->split, &po);
    if (st.overflow) {
        cli_error("subtree %zu: its count is 2^64 - 1 or more", i);
        return -1;
    }
    if (st.stopped || cli_interrupted) return -1;
    return 0;
}

/* ---- the journal ---------------------------------------------------------------------- */

/* adds subtree i (done, its count known) to the totals */
static void tally(dist_state *s, size_t i)
{
    s->ndone++;
    s->total_nodes += (u128)s->count[i] * s->list.t[i].mult;
    s->est_done += s->list.t[i].est;
}

static void record(dist_state *s, size_t i, uint64_t count)
{
    if (s->done[i]) return;
    s->done[i] = 1;
    s->count[i] = count;
    tally(s, i);
}

/* Opens the journal (rank 0): reads what is done, or starts a new one.
 * 0, or an exit status (message printed). */
static int open_journal(dist_state *s)
{
    const dist_job *j = s->job;
    char pos[BB_CHESS_FEN_MAX > BB_OTHELLO_FORMAT_MAX ? BB_CHESS_FEN_MAX : BB_OTHELLO_FORMAT_MAX];
    if (j->game == DIST_CHESS) bb_chess_to_fen(pos, sizeof pos, &j->chess, BB_FEN_STANDARD);
    else bb_othello_format(pos, sizeof pos, &j->othello);
    journal_params p = {
        .game = j->game == DIST_CHESS ? "chess" : "othello",
        .depth = j->depth,
        .split = j->split,
        .convention = j->game == DIST_CHESS ? "-" : bb_othello_convention_name(j->convention),
        .symmetry = j->game == DIST_CHESS ? "-" : j->no_symmetry ? "off" : "on",
        .tasks = s->list.n,
        .checksum = s->checksum,
        .position = pos,
    };
    int rc = journal_open(&s->journal, j->journal, &p, j->no_fsync, cli_error, s->done, s->count,
                          j->quiet ? NULL : stderr);
    if (rc) return rc;
    for (size_t i = 0; i < s->list.n; i++)
        if (s->done[i]) tally(s, i);
    s->journal_done = s->ndone;
    s->journal_nodes = s->total_nodes - s->list.base;
    s->journal_est = s->est_done;
    return 0;
}

int dist_finish_task(dist_state *s, size_t i, uint64_t count, double seconds)
{
    if (s->done[i]) return 0;
    record(s, i, count);
    if (!s->journal.f) return 0;
    return journal_append(&s->journal, i, count, seconds);
}

void dist_show_progress(dist_state *s, int force)
{
    if (!s->show_progress) return;
    double t = cli_now();
    if (!force && t - s->last_progress < 0.25) return;
    s->last_progress = t;
    /* the rate and the time left from this run's subtrees only, not the journal's */
    uint64_t est_left = s->est_total - s->journal_est;
    double el = t - s->t0, frac = est_left ? (double)(s->est_done - s->journal_est) / (double)est_left : 0;
    double rate = el > 0 ? (double)(s->total_nodes - s->journal_nodes) / el : 0;
    fprintf(stderr, "\rperft: %zu/%zu subtrees, %.1f M nodes/s over %d rank%s, ", s->ndone, s->list.n, rate / 1e6,
            s->size, s->size == 1 ? "" : "s");
    if (frac > 0.001 && frac < 1) fprintf(stderr, "about %.0f s left   ", el / frac * (1 - frac));
    else fprintf(stderr, "%.0f s   ", el);
    fflush(stderr);
}

/* The summary line on stderr: the rate counts only what this run counted. */
static void print_rate(const dist_state *s, const char *total, double t)
{
    const dist_job *job = s->job;
    if (s->journal_done == s->list.n) {
        fprintf(stderr, "perft: %s nodes: all %zu subtrees were in the journal (no rate: nothing was counted in "
                        "this run)\n", total, s->list.n);
        return;
    }
    u128 counted = s->total_nodes - s->journal_nodes;
    double rate = t > 0 ? (double)counted / t / 1e6 : 0.0;
    char how[96];
    snprintf(how, sizeof how, "at ply %d, %d rank%s x %d thread%s", job->split, s->size, s->size == 1 ? "" : "s",
             job->threads, job->threads == 1 ? "" : "s");
    if (!s->journal_done) {
        fprintf(stderr, "perft: %s nodes in %.3f s: %.1f M nodes/s (%zu subtrees %s)\n", total, t, rate, s->list.n,
                how);
        return;
    }
    char run[48], jn[48];
    u128_text(counted, run);
    u128_text(s->journal_nodes, jn);
    fprintf(stderr, "perft: %s nodes; this run counted %s in %.3f s: %.1f M nodes/s (%zu of %zu subtrees %s); %s "
                    "came from the %zu subtrees in the journal\n", total, run, t, rate, s->list.n - s->journal_done,
            s->list.n, how, jn, s->journal_done);
}

int64_t dist_take_next(dist_state *s)
{
    while (s->next < s->list.n && s->done[s->next]) s->next++;
    if (s->next >= s->list.n) return -1;
    return (int64_t)s->next++;
}

/* ---- the run ------------------------------------------------------------------------------ */

int cli_dist_perft(const dist_job *job, const cli_opts *o)
{
    dist_state s;
    memset(&s, 0, sizeof s);
    s.job = job;
    s.rank = cli_mpi_rank();
    s.size = cli_mpi_size();
    int rc = 0;
    if (build_tasks(job, &s.list)) {
        cli_error("perft: no memory for the subtree list (split %d); use a smaller --split", job->split);
        return 1;
    }
    s.checksum = list_checksum(&s.list);
    s.done = calloc(s.list.n + 1, 1);
    s.count = calloc(s.list.n + 1, sizeof *s.count);
    if (!s.done || !s.count) {
        cli_error("perft: no memory");
        return 1;
    }
    for (size_t i = 0; i < s.list.n; i++) s.est_total += s.list.t[i].est;
    s.total_nodes = s.list.base;
    s.show_progress = s.rank == 0 && !job->quiet && isatty(2);
    if (job->game == DIST_OTHELLO && job->hash_mb > 0) {
        s.tt = bb_othello_tt_new(job->hash_mb << 20);
        if (!s.tt) {
            cli_error("--hash %zu: no memory for the table", job->hash_mb);
            return 1;
        }
    }
    /* rank 0 opens the journal; everyone learns whether to go on */
    if (s.rank == 0 && job->journal) rc = open_journal(&s);
    rc = dist_sched_begin(&s, rc);
    if (rc) goto out;
    cli_interrupt_begin();
    s.t0 = s.last_progress = cli_now();
    if (s.rank != 0) {
        cli_error_rank_speaks = 1;
        rc = dist_sched_worker(&s);
        cli_interrupt_end();
        goto out;
    }
    /* rank 0 (or the only process): count subtrees, answering requests between and during them */
    for (;;) {
        dist_serve(&s);
        if (s.failed) break;
        int64_t i = dist_take_next(&s);
        if (i < 0) break;
        double t0 = cli_now();
        uint64_t count;
        if (dist_count_task(&s, (size_t)i, &count)) {
            s.failed = 1;
            break;
        }
        if (dist_finish_task(&s, (size_t)i, count, cli_now() - t0)) {
            s.failed = 1;
            break;
        }
        dist_show_progress(&s, 0);
    }
    dist_sched_finish(&s); /* the rest: the workers' subtrees, then each told to stop */
    cli_interrupt_end();
    if (s.show_progress) fprintf(stderr, "\r%*s\r", 78, "");
    double t = cli_now() - s.t0;
    if (cli_interrupted) {
        char detail[96];
        snprintf(detail, sizeof detail, "with %zu of %zu subtrees done%s", s.ndone, s.list.n,
                 job->journal ? " (in the journal)" : "");
        rc = cli_report_interrupt(job->game == DIST_CHESS ? "chess perft" : "othello perft", detail, t);
        goto out;
    }
    if (s.failed) {
        rc = 1;
        goto out;
    }
    char total[48];
    u128_text(s.total_nodes, total);
    if (o->format == BB_FORMAT_JSON)
        printf("{\"depth\":%d,\"count\":%s,\"split\":%d,\"subtrees\":%zu,\"ranks\":%d}\n", job->depth, total,
               job->split, s.list.n, s.size);
    else
        printf("%s\n", total);
    fflush(stdout);
    if (cli_check_output()) rc = 1;
    else if (!job->quiet)
        print_rate(&s, total, t);
out:
    journal_close(&s.journal);
    bb_othello_tt_free(s.tt);
    free(s.list.t);
    free(s.done);
    free(s.count);
    dist_sched_free(&s);
    return rc;
}

int cli_dist_job(dist_job *job, int game, long depth, int split, int threads, size_t hash_mb, const char *journal,
                 int no_fsync, int quiet)
{
    const char *name = game == DIST_CHESS ? "chess" : "othello";
    if (depth < 1) return cli_error("%s perft %ld by subtrees: DEPTH must be at least 1", name, depth);
    if (split < 0) split = cli_dist_default_split(game, (int)depth);
    if (split >= depth)
        return cli_error("--split %d: the subtrees' ply must be below DEPTH %ld (0..%ld)", split, depth, depth - 1);
    memset(job, 0, sizeof *job);
    job->game = game;
    job->depth = (int)depth;
    job->split = split;
    job->threads = threads;
    job->hash_mb = hash_mb;
    job->journal = journal;
    job->no_fsync = no_fsync;
    job->quiet = quiet;
    return 0;
}

int cli_dist_default_split(int game, int depth)
{
    int k = game == DIST_CHESS ? 3 : 8;
    if (game == DIST_CHESS && depth >= 10) k = 4;
    if (k > depth - 1) k = depth - 1;
    return k < 0 ? 0 : k;
}
