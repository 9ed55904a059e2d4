/* PGN read with every main-line move resolved from SAN and played: the work
 * a data pipeline does.  The file is tools/gen_pgn's (100,000 games, seed 1;
 * the Makefile writes it to $(BUILD)/bench/bench.pgn and passes its path in
 * BENCH_PGN).  The ways of reading, timed alternately in one run (one pass
 * of each per round, the median of the rounds):
 *   - bb_pgn_next from memory: tags and the main line into a bb_pgn_game;
 *   - bb_pgn_visit from memory, a visitor that counts moves: the reader
 *     alone, no game object;
 *   - bb_pgn_next from the file through a FILE (the 1 MiB window; the file
 *     in the page cache);
 *   - the file split in 16 parts (bb_pgn_split) that 2 threads take in
 *     turn (bb_pgn_open_range), as chess pgn --threads 2 does;
 * then the cost per move of the lenient SAN the reader uses against the
 * strict reader (bb_chess_game_push_san: every legal move generated, its
 * SAN compared), over the first 20,000 games' moves as SAN text. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "bitboard.h"

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

typedef struct { long games, plies, bad; } counts;

static void count_next(bb_pgn_reader *r, counts *c)
{
    bb_pgn_game pg;
    bb_pgn_game_init(&pg);
    while (bb_pgn_next(r, &pg) == 1) c->games++, c->plies += pg.game.count, c->bad += pg.has_error;
    bb_pgn_game_free(&pg);
}

static void v_move(void *arg, const bb_chess_pos *b, bb_chess_move m, const char *t, int d)
{
    (void)b, (void)m, (void)t, (void)d;
    ((counts *)arg)->plies++;
}
static void v_end(void *arg, const bb_pgn_error *e, int truncated)
{
    counts *c = arg;
    (void)truncated;
    c->games++, c->bad += e != NULL;
}

/* 2 threads take 16 parts of the file in order (a faster core reads more
 * of them), as chess pgn --threads does. */
enum { PARTS = 16 };
typedef struct {
    const char *path;
    uint64_t off[PARTS + 1];
    atomic_int next;
    counts c[2];
} part_queue;
typedef struct { part_queue *q; int id; } worker;

static void *part_run(void *arg)
{
    worker *w = arg;
    part_queue *q = w->q;
    bb_pgn_game pg;
    bb_pgn_game_init(&pg);
    int k;
    while ((k = atomic_fetch_add(&q->next, 1)) < PARTS) {
        bb_pgn_reader *r = bb_pgn_open_range(q->path, q->off[k], q->off[k + 1] - q->off[k], NULL);
        if (!r) continue;
        counts *c = &q->c[w->id];
        while (bb_pgn_next(r, &pg) == 1) c->games++, c->plies += pg.game.count, c->bad += pg.has_error;
        bb_pgn_close(r);
    }
    bb_pgn_game_free(&pg);
    return NULL;
}

enum { MEM_NEXT, MEM_VISIT, FILE_NEXT, THREADS2, WAYS };
static const char *const way_names[WAYS] = {
    "bb_pgn_next, from memory", "bb_pgn_visit (count moves), from memory", "bb_pgn_next, from the file",
    "bb_pgn_next, 2 threads (16 parts)"};

static counts run_way(int way, const char *path, const char *data, size_t size)
{
    counts c = {0, 0, 0};
    if (way == MEM_NEXT || way == MEM_VISIT) {
        bb_pgn_reader *r = bb_pgn_open_memory(data, size);
        if (way == MEM_NEXT) {
            count_next(r, &c);
        } else {
            static const bb_pgn_visitor v = {NULL, NULL, NULL, v_move, NULL, NULL, NULL, NULL, NULL, v_end};
            while (bb_pgn_visit(r, &v, &c) == 1) {}
        }
        bb_pgn_close(r);
    } else if (way == FILE_NEXT) {
        bb_pgn_reader *r = bb_pgn_open(path, NULL);
        if (r) count_next(r, &c), bb_pgn_close(r);
    } else {
        static part_queue q;
        memset(&q.c, 0, sizeof q.c);
        q.path = path;
        atomic_init(&q.next, 0);
        if (bb_pgn_split(path, PARTS, q.off, NULL) != 0) return c;
        pthread_t t[2];
        worker w[2] = {{&q, 0}, {&q, 1}};
        for (int k = 0; k < 2; k++) pthread_create(&t[k], NULL, part_run, &w[k]);
        for (int k = 0; k < 2; k++) {
            pthread_join(t[k], NULL);
            c.games += q.c[k].games, c.plies += q.c[k].plies, c.bad += q.c[k].bad;
        }
    }
    return c;
}

/* ---- SAN: lenient (inside the reader) against strict ------------------------------ */

typedef struct {
    bb_chess_pos *starts;   /* each game's start */
    char (*san)[8];         /* every move's SAN, games one after another */
    int *len;               /* moves per game */
    int games;
    long moves;
} san_set;

static void strict_pass(const san_set *s, long *sink)
{
    bb_chess_game g;
    bb_chess_game_init(&g);
    long k = 0;
    for (int i = 0; i < s->games; i++) {
        bb_chess_game_set_start(&g, &s->starts[i]);
        for (int j = 0; j < s->len[i]; j++, k++) *sink += bb_chess_game_push_san(&g, s->san[k], NULL) == 0;
    }
    bb_chess_game_free(&g);
}

void bench_pgn(const bench_opts *o)
{
    const char *path = getenv("BENCH_PGN");
    if (!path) path = "build/bench/bench.pgn";
    FILE *f = fopen(path, "rb");
    if (!f) {
        printf("\n### PGN\n%s: not found: `make bench` writes it with build/tools/gen_pgn --games 100000 --seed 1\n",
               path);
        return;
    }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    rewind(f);
    char *data = malloc((size_t)size + 1);
    if (!data || fread(data, 1, (size_t)size, f) != (size_t)size) {
        printf("\n### PGN\n%s: cannot read\n", path);
        fclose(f);
        free(data);
        return;
    }
    fclose(f);
    int reps = o->quick ? 3 : (o->reps < 7 ? o->reps : 7);
    double t[WAYS][101];
    counts c[WAYS];
    run_way(MEM_NEXT, path, data, (size_t)size); /* warm-up: the page cache, the tables */
    for (int r = 0; r < reps; r++)
        for (int w = 0; w < WAYS; w++) { /* alternating: every way once a round */
            double t0 = now_s();
            c[w] = run_way(w, path, data, (size_t)size);
            t[w][r] = now_s() - t0;
        }
    printf("\n### PGN: read, every main-line move resolved from SAN and played\n"
           "%s: %ld games, %ld plies, %.1f MB (tools/gen_pgn --games 100000 --seed 1). The ways alternate, one pass "
           "each a round; median of %d rounds, spread min-max.\n\n"
           "| reading | games | seconds (median) | spread (s) | games/s | MB/s | ns/move | cycles/move |\n"
           "|---|---:|---:|---|---:|---:|---:|---:|\n",
           path, c[0].games, c[0].plies, size / 1e6, reps);
    for (int w = 0; w < WAYS; w++) {
        qsort(t[w], (size_t)reps, sizeof t[w][0], cmp_double);
        double med = t[w][reps / 2], ns = med * 1e9 / (double)c[w].plies;
        printf("| %s | %ld | %.3f | %.3f-%.3f | %.0f | %.1f | %.1f | %.0f |\n", way_names[w], c[w].games, med,
               t[w][0], t[w][reps - 1], c[w].games / med, size / 1e6 / med, ns, ns * bench_core_ghz());
        if (c[w].games != c[0].games || c[w].plies != c[0].plies || c[w].bad)
            printf("| (%s counted %ld games, %ld plies, %ld errors: not the same work) |\n", way_names[w],
                   c[w].games, c[w].plies, c[w].bad);
    }

    /* strict against lenient, per move, on the first games */
    san_set s;
    memset(&s, 0, sizeof s);
    int want = 20000;
    s.starts = malloc(sizeof *s.starts * (size_t)want);
    s.len = malloc(sizeof *s.len * (size_t)want);
    size_t cap = 1 << 20;
    s.san = malloc(sizeof *s.san * cap);
    bb_pgn_reader *r = bb_pgn_open_memory(data, (size_t)size);
    bb_pgn_game pg;
    bb_pgn_game_init(&pg);
    size_t bytes_of_first = 0;
    while (s.games < want && bb_pgn_next(r, &pg) == 1) {
        s.starts[s.games] = pg.game.start;
        s.len[s.games] = pg.game.count;
        for (int j = 0; j < pg.game.count; j++) {
            if ((size_t)s.moves >= cap) {
                cap *= 2;
                s.san = realloc(s.san, sizeof *s.san * cap);
            }
            bb_chess_game_san(&pg.game, j, s.san[s.moves++], 8);
        }
        s.games++;
    }
    bytes_of_first = (size_t)bb_pgn_bytes(r);
    bb_pgn_game_free(&pg);
    bb_pgn_close(r);
    double ts[101], tl[101];
    long sink = 0;
    for (int k = 0; k < reps; k++) {
        double t0 = now_s();
        strict_pass(&s, &sink);
        ts[k] = now_s() - t0;
        t0 = now_s();
        bb_pgn_reader *q = bb_pgn_open_memory(data, bytes_of_first);
        counts cc = {0, 0, 0};
        count_next(q, &cc);
        bb_pgn_close(q);
        tl[k] = now_s() - t0;
        sink += cc.plies;
    }
    qsort(ts, (size_t)reps, sizeof ts[0], cmp_double);
    qsort(tl, (size_t)reps, sizeof tl[0], cmp_double);
    double ns_s = ts[reps / 2] * 1e9 / (double)s.moves, ns_l = tl[reps / 2] * 1e9 / (double)s.moves;
    printf("\nSAN per move over the first %d games (%ld moves): the whole reader (tokens, lenient SAN, make) "
           "%.1f ns/move; bb_chess_game_push_san alone (strict: every legal move generated and written as SAN "
           "to compare, then make) %.1f ns/move, %.1fx the reader's whole cost. (checksum %ld)\n",
           s.games, s.moves, ns_l, ns_s, ns_s / ns_l, sink % 1000);
    free(s.starts);
    free(s.len);
    free(s.san);
    free(data);
}
