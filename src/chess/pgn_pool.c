/* A PGN stream read on threads, in file order.
 *
 * One thread (the chunker) reads the input as one reader would, with the
 * tokenizer only (bb_pgn_visit with the moves skipped), and cuts it into
 * chunks of whole games at the places bb_pgn_split may cut a file: after a
 * game that ended with its result, at the start of a line.  The bytes
 * leaving the reader's window are kept (a bb__pgn_tee), so a chunk is the
 * input's own text, decompressed.  Parser threads read each chunk with a
 * memory reader that starts where the chunk starts (game number, line and
 * byte offset), so every game, error and warning reads as it does in one
 * reader over the whole input; the caller takes the results in chunk order.
 * Chunks in flight are bounded (slots), so memory stays flat with the
 * input's size.  A read error ends the chunks after the last whole game
 * before it (a game it cut is not given, as bb_pgn_visit does not end it). */
#include <stdlib.h>
#include <string.h>

#include "chess_internal.h"
#include "pgn_internal.h"

#if defined(__unix__) || defined(__APPLE__)
#include <pthread.h>

enum { SLOT_FREE, SLOT_READY, SLOT_BUSY, SLOT_DONE };
enum { DEFAULT_CHUNK = 1 << 20, MAX_THREADS = 256 };

typedef struct {
    int state;
    char *data;            /* the chunk's text, malloc'd */
    size_t size, cap;
    uint64_t offset;       /* where it starts in the input */
    uint64_t stored;       /* the input's bytes as stored taken when it was cut */
    long games_before, line; /* games before it, the line it starts on */
    void *result;
} slot;

struct bb_pgn_pool {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    bb_pgn_pool_options o;
    bb_pgn_reader *src;
    bb__pgn_tee tee;
    slot *slots;
    int nslots;
    long produced, parsed, consumed; /* chunks made, taken by a parser, given to the caller */
    int have_prev;         /* the slot of chunk consumed - 1 is still the caller's */
    int chunker_done, stop, failed;
    char error[256];
    pthread_t chunker, *parsers;
    int chunker_started, parsers_started;
};

/* ---- the chunker ------------------------------------------------------------------ */

typedef struct { int ended, truncated; } cut_state;

static int cut_start(void *arg, const bb_chess_pos *pos)
{
    (void)arg, (void)pos;
    return 1; /* tokens only */
}

static void cut_end(void *arg, const bb_pgn_error *err, int truncated)
{
    cut_state *c = arg;
    (void)err;
    c->ended = 1;
    c->truncated = truncated;
}

static const bb_pgn_visitor cut_visitor = {NULL, NULL, cut_start, NULL, NULL, NULL, NULL, NULL, NULL, cut_end};

/* Moves the input's bytes [tee.from, upto) into s (the tee's buffer and
 * the window's part), and starts the next chunk at upto: 0, or -1 (memory). */
static int take_chunk(bb_pgn_pool *p, slot *s, uint64_t upto)
{
    bb_pgn_reader *r = p->src;
    bb__pgn_tee *t = &p->tee;
    uint64_t from = t->from > r->base ? t->from : r->base;
    size_t n = upto > from ? (size_t)(upto - from) : 0;
    if (t->oom || bb__pgn_grow(&t->buf, &t->cap, t->len + n + 1, 1 << 20) != 0) return -1;
    if (n) memcpy(t->buf + t->len, r->win + (from - r->base), n);
    t->len += n;
    char *d = s->data; /* the slot's old buffer becomes the tee's */
    size_t dcap = s->cap;
    s->data = t->buf, s->cap = t->cap, s->size = (size_t)(upto - t->from); /* a cut game's bytes left out */
    t->buf = d, t->cap = dcap, t->len = 0;
    s->offset = t->from;
    s->stored = bb_pgn_stored_bytes(r);
    t->from = upto;
    return 0;
}

/* Fills s with the next chunk: 1, 0 at the end (s empty), -1 a read error
 * (s holds the whole games before it, maybe none). */
static int next_chunk(bb_pgn_pool *p, slot *s, size_t target)
{
    bb_pgn_reader *r = p->src;
    s->games_before = r->game;
    s->line = r->line;
    s->size = 0;
    uint64_t at = p->tee.from; /* after the last game given */
    int rc;
    for (;;) {
        cut_state c = {0, 0};
        rc = bb_pgn_visit(r, &cut_visitor, &c);
        if (rc == 1) {
            at = bb_pgn_bytes(r);
            if (!c.truncated && r->line_start == at && at - p->tee.from >= target) break;
            continue;
        }
        if (rc == 0) at = bb_pgn_bytes(r); /* white space at the end: the chunk's */
        else if (c.ended) at = bb_pgn_bytes(r); /* a game ended, then the read failed: it is given */
        break;
    }
    if (take_chunk(p, s, at) != 0) {
        snprintf(p->error, sizeof p->error, "out of memory");
        return -1;
    }
    if (rc < 0) snprintf(p->error, sizeof p->error, "%s", bb_pgn_read_error(r));
    return rc < 0 ? -1 : s->size ? 1 : 0;
}

static void *chunker_thread(void *arg)
{
    bb_pgn_pool *p = arg;
    size_t target = p->o.chunk_bytes ? p->o.chunk_bytes : DEFAULT_CHUNK;
    for (long k = 0;; k++) {
        slot *s = &p->slots[k % p->nslots];
        pthread_mutex_lock(&p->mu);
        while (!p->stop && s->state != SLOT_FREE) pthread_cond_wait(&p->cv, &p->mu);
        int stop = p->stop;
        pthread_mutex_unlock(&p->mu);
        if (stop) break;
        int rc = next_chunk(p, s, target); /* s is free: the chunker's alone */
        pthread_mutex_lock(&p->mu);
        if (s->size) s->state = SLOT_READY, p->produced++;
        if (rc < 0) p->failed = 1;
        pthread_cond_broadcast(&p->cv);
        pthread_mutex_unlock(&p->mu);
        if (rc <= 0) break;
    }
    pthread_mutex_lock(&p->mu);
    p->chunker_done = 1;
    pthread_cond_broadcast(&p->cv);
    pthread_mutex_unlock(&p->mu);
    return NULL;
}

/* ---- the parsers ------------------------------------------------------------------ */

static void *parser_thread(void *arg)
{
    bb_pgn_pool *p = arg;
    pthread_mutex_lock(&p->mu);
    for (;;) {
        while (!p->stop && p->parsed == p->produced && !p->chunker_done) pthread_cond_wait(&p->cv, &p->mu);
        if (p->stop || p->parsed == p->produced) break;
        slot *s = &p->slots[p->parsed++ % p->nslots];
        s->state = SLOT_BUSY;
        pthread_mutex_unlock(&p->mu);
        bb_pgn_reader *r = bb_pgn_open_memory(s->data, s->size);
        if (r) { /* numbered and placed as the whole input's reader would be here */
            r->game = s->games_before;
            r->line = s->line;
            r->base = r->line_start = s->offset;
        }
        void *result = r ? p->o.work(p->o.arg, r) : NULL;
        int oom = !r;
        bb_pgn_close(r);
        pthread_mutex_lock(&p->mu);
        s->result = result;
        s->state = SLOT_DONE;
        if (oom && !p->failed) p->failed = 1, snprintf(p->error, sizeof p->error, "out of memory");
        pthread_cond_broadcast(&p->cv);
    }
    pthread_mutex_unlock(&p->mu);
    return NULL;
}

/* ---- the pool --------------------------------------------------------------------- */

bb_pgn_pool *bb_pgn_pool_open(const char *path, const bb_pgn_pool_options *o, bb_pgn_error *err)
{
    BB__ASSERT_NOT_NULL(path, "path");
    BB__ASSERT_NOT_NULL(o, "o");
    if (err) memset(err, 0, sizeof *err);
    if (!o->work || o->threads < 1 || o->threads > MAX_THREADS) {
        if (err)
            snprintf(err->msg, sizeof err->msg, o->work ? "%d threads: give 1..%d" : "no work function given",
                     o->threads, MAX_THREADS);
        return NULL;
    }
    bb_pgn_reader *src = bb_pgn_open(path, err);
    if (!src) return NULL;
    bb_pgn_pool *p = calloc(1, sizeof *p);
    int n = 2 * o->threads + 2;
    slot *slots = p ? calloc((size_t)n, sizeof *slots) : NULL;
    pthread_t *parsers = slots ? malloc(sizeof *parsers * (size_t)o->threads) : NULL;
    if (!parsers) {
        free(slots);
        free(p);
        bb_pgn_close(src);
        if (err) snprintf(err->msg, sizeof err->msg, "%s: out of memory", path);
        return NULL;
    }
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->cv, NULL);
    p->o = *o;
    p->src = src;
    p->slots = slots;
    p->nslots = n;
    p->parsers = parsers;
    src->tee = &p->tee;
    if (pthread_create(&p->chunker, NULL, chunker_thread, p) == 0) p->chunker_started = 1;
    for (int k = 0; k < o->threads && p->chunker_started; k++) {
        if (pthread_create(&p->parsers[k], NULL, parser_thread, p) != 0) break;
        p->parsers_started++;
    }
    if (!p->parsers_started) {
        bb_pgn_pool_close(p);
        if (err) snprintf(err->msg, sizeof err->msg, "%s: no thread could be started", path);
        return NULL;
    }
    return p;
}

int bb_pgn_pool_next(bb_pgn_pool *p, void **result)
{
    BB__ASSERT_NOT_NULL(p, "p");
    BB__ASSERT_NOT_NULL(result, "result");
    *result = NULL;
    pthread_mutex_lock(&p->mu);
    if (p->have_prev) { /* the caller is done with the chunk before */
        p->slots[(p->consumed - 1) % p->nslots].state = SLOT_FREE;
        p->have_prev = 0;
        pthread_cond_broadcast(&p->cv);
    }
    slot *s = &p->slots[p->consumed % p->nslots];
    while (!(p->consumed < p->produced && s->state == SLOT_DONE) && !(p->chunker_done && p->consumed == p->produced))
        pthread_cond_wait(&p->cv, &p->mu);
    int rc = p->failed ? -1 : 0;
    if (p->consumed < p->produced) {
        *result = s->result;
        s->result = NULL;
        p->consumed++;
        p->have_prev = 1;
        rc = 1;
    }
    pthread_mutex_unlock(&p->mu);
    return rc;
}

const char *bb_pgn_pool_error(const bb_pgn_pool *p)
{
    BB__ASSERT_NOT_NULL(p, "p");
    return p->failed && p->chunker_done ? p->error : NULL;
}

uint64_t bb_pgn_pool_bytes(bb_pgn_pool *p)
{
    BB__ASSERT_NOT_NULL(p, "p");
    pthread_mutex_lock(&p->mu);
    uint64_t b = p->chunker_done ? bb_pgn_bytes(p->src) : 0;
    if (!p->chunker_done && p->consumed) {
        const slot *s = &p->slots[(p->consumed - 1) % p->nslots];
        b = s->offset + s->size;
    }
    pthread_mutex_unlock(&p->mu);
    return b;
}

uint64_t bb_pgn_pool_stored_bytes(bb_pgn_pool *p)
{
    BB__ASSERT_NOT_NULL(p, "p");
    pthread_mutex_lock(&p->mu);
    uint64_t b = 0;
    if (p->chunker_done && p->consumed == p->produced) b = bb_pgn_stored_bytes(p->src); /* the chunker is done with src */
    else if (p->consumed) b = p->slots[(p->consumed - 1) % p->nslots].stored;
    pthread_mutex_unlock(&p->mu);
    return b;
}

void bb_pgn_pool_close(bb_pgn_pool *p)
{
    if (!p) return;
    pthread_mutex_lock(&p->mu);
    p->stop = 1;
    pthread_cond_broadcast(&p->cv);
    pthread_mutex_unlock(&p->mu);
    if (p->chunker_started) pthread_join(p->chunker, NULL);
    for (int k = 0; k < p->parsers_started; k++) pthread_join(p->parsers[k], NULL);
    for (int k = 0; k < p->nslots; k++) {
        if (p->slots[k].result && p->o.discard) p->o.discard(p->o.arg, p->slots[k].result);
        free(p->slots[k].data);
    }
    bb_pgn_close(p->src);
    free(p->tee.buf);
    free(p->slots);
    free(p->parsers);
    pthread_cond_destroy(&p->cv);
    pthread_mutex_destroy(&p->mu);
    free(p);
}

#else /* no threads (wasm32-wasi): the pool says so; bb_pgn_open reads on one thread */

bb_pgn_pool *bb_pgn_pool_open(const char *path, const bb_pgn_pool_options *o, bb_pgn_error *err)
{
    BB__ASSERT_NOT_NULL(path, "path");
    BB__ASSERT_NOT_NULL(o, "o");
    (void)o;
    if (err) {
        memset(err, 0, sizeof *err);
        snprintf(err->msg, sizeof err->msg, "%s: this build has no threads (read it with bb_pgn_open)", path);
    }
    return NULL;
}

int bb_pgn_pool_next(bb_pgn_pool *p, void **result)
{
    (void)p;
    if (result) *result = NULL;
    return -1;
}

const char *bb_pgn_pool_error(const bb_pgn_pool *p)
{
    (void)p;
    return "this build has no threads";
}

uint64_t bb_pgn_pool_bytes(bb_pgn_pool *p)
{
    (void)p;
    return 0;
}

uint64_t bb_pgn_pool_stored_bytes(bb_pgn_pool *p)
{
    (void)p;
    return 0;
}

void bb_pgn_pool_close(bb_pgn_pool *p) { (void)p; }

#endif
