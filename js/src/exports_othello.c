/* The Othello functions the JavaScript package calls (js/othello.js).  A
 * position crosses the boundary as three uint64_t on the heap: p, o and the
 * side to move (0 black, 1 white); errors come back as the C library's text.
 * Only the public API is used here. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "bitboard.h"
#include "layout.h"

/* Imported from JavaScript (js/core.js's `callbacks`: a no-op answering 0
 * until a module registers one): the solver reports here about 4 times a
 * second, and stops when it answers non-zero.  js/othello-worker.js posts
 * the progress and reads a cancel flag.  (Perft has none of this: without
 * threads the C library reports its progress only at the end, and its
 * stoppable path splits the tree into tasks, slower here.) */
__attribute__((import_module("bitboard"), import_name("progress"))) int bb_js_progress(double nodes, double seconds);

static void solve_progress(uint64_t nodes, double seconds, void *arg)
{
    if (bb_js_progress((double)nodes, seconds)) *(volatile int *)arg = 1;
}

static bb_othello_pos pos_in(const uint64_t *io)
{
    bb_othello_pos pos;
    pos.p = io[0];
    pos.o = io[1];
    pos.side = io[2] ? BB_OTHELLO_WHITE : BB_OTHELLO_BLACK;
    return pos;
}

static void pos_out(uint64_t *io, const bb_othello_pos *pos)
{
    io[0] = pos->p;
    io[1] = pos->o;
    io[2] = (uint64_t)(pos->side & 1);
}

static void message(char *msg, int size, const bb_parse_error *e)
{
    if (size <= 0) return;
    strncpy(msg, e->msg, (size_t)size - 1);
    msg[size - 1] = '\0';
}

BB_JS_EXPORT uint64_t bb_js_othello_moves(uint64_t p, uint64_t o) { return bb_othello_moves(p, o); }
BB_JS_EXPORT uint64_t bb_js_othello_flips(uint64_t p, uint64_t o, int sq) { return bb_othello_flips(p, o, sq); }

BB_JS_EXPORT void bb_js_othello_start(uint64_t *io)
{
    bb_othello_pos pos = bb_othello_start();
    pos_out(io, &pos);
}

/* 0 and the position after sq (64: a pass) in io, or -1 and io unchanged */
BB_JS_EXPORT int bb_js_othello_play(uint64_t *io, int sq)
{
    bb_othello_pos pos = pos_in(io);
    int rc = sq == BB_OTHELLO_PASS ? bb_othello_pass(&pos) : bb_othello_play(&pos, sq);
    if (rc == 0) pos_out(io, &pos);
    return rc;
}

BB_JS_EXPORT int bb_js_othello_game_over(const uint64_t *io)
{
    bb_othello_pos pos = pos_in(io);
    return bb_othello_game_over(&pos);
}

BB_JS_EXPORT int bb_js_othello_discs(const uint64_t *io, int color)
{
    bb_othello_pos pos = pos_in(io);
    return bb_othello_discs(&pos, color);
}

BB_JS_EXPORT int bb_js_othello_score(const uint64_t *io)
{
    bb_othello_pos pos = pos_in(io);
    return bb_othello_score(&pos);
}

/* 0 and the position in io, or -1 and the error's text in msg (size bytes) */
BB_JS_EXPORT int bb_js_othello_parse(const char *text, uint64_t *io, char *msg, int size)
{
    bb_othello_pos pos;
    bb_parse_error e;
    if (bb_othello_parse(text, &pos, &e) != 0) {
        message(msg, size, &e);
        return -1;
    }
    pos_out(io, &pos);
    return 0;
}

/* the board string (diagram 0) or the diagram (1); the length the text needs */
BB_JS_EXPORT int bb_js_othello_format(char *buf, int size, const uint64_t *io, int diagram)
{
    bb_othello_pos pos = pos_in(io);
    size_t n = diagram ? bb_othello_format_diagram(buf, (size_t)size, &pos) : bb_othello_format(buf, (size_t)size, &pos);
    return (int)n;
}

/* 0 and the position after the transcript in io, or -1 - (the fault's position in the text,
 * 1-based) with io the position before it and the error's text in msg */
BB_JS_EXPORT int bb_js_othello_play_transcript(uint64_t *io, const char *text, char *msg, int size)
{
    bb_othello_pos pos = pos_in(io);
    bb_parse_error e;
    int rc = bb_othello_play_transcript(&pos, text, &e);
    pos_out(io, &pos);
    if (rc == 0) return 0;
    message(msg, size, &e);
    return -1 - e.pos;
}

/* The largest table the package takes, in MiB: less than the library's
 * BB_MAX_HASH_MB (the CLI's and Python's), because WebAssembly's memory is
 * 32-bit: 4 GiB at most, and size_t is 32 bits (4096 MiB in bytes wraps to
 * 0).  The module's data, stack and heap need room beside the table, so the
 * largest power of two that fits: 2048 (js/othello.js takes it from here). */
#define JS_MAX_HASH_MB 2048
_Static_assert(JS_MAX_HASH_MB <= BB_MAX_HASH_MB, "the package's table cap is the library's or less");
_Static_assert((uint64_t)JS_MAX_HASH_MB << 20 <= (uint64_t)SIZE_MAX / 2 + 1, "a table of JS_MAX_HASH_MB is half the memory or less");
BB_JS_EXPORT int bb_js_othello_max_hash_mb(void) { return JS_MAX_HASH_MB; }

/* perft's deepest depth and why (the library's: every front end refuses deeper) */
BB_JS_EXPORT int bb_js_othello_perft_max_depth(void) { return BB_OTHELLO_PERFT_MAX_DEPTH; }
BB_JS_EXPORT const char *bb_js_othello_perft_max_depth_why(void) { return BB_OTHELLO_PERFT_MAX_DEPTH_WHY; }

/* perft by convention (0 oeis, 1 bik, 2 nopass), with a table of hash_mb MiB if not 0;
 * *status: 0, 1 if the count overflowed, -1 if the table could not be had */
BB_JS_EXPORT uint64_t bb_js_othello_perft(uint64_t p, uint64_t o, int depth, int convention, int hash_mb, int *status)
{
    bb_othello_perft_opts opts;
    bb_othello_perft_stats stats;
    memset(&opts, 0, sizeof opts);
    memset(&stats, 0, sizeof stats);
    opts.convention = (bb_othello_convention)convention;
    opts.method = BB_OTHELLO_DEFAULT;
    opts.stats = &stats;
    *status = 0;
    if (hash_mb > 0) {
        opts.tt = bb_othello_tt_new((size_t)hash_mb << 20);
        if (!opts.tt) {
            *status = -1;
            return 0;
        }
    }
    uint64_t n = bb_othello_perft(p, o, depth, &opts);
    bb_othello_tt_free(opts.tt);
    if (stats.overflow) *status = 1;
    return n;
}

/* The solver's result as it crosses to JavaScript.  This struct is its one
 * definition: SOLVE_FIELDS lists its fields with their element types (the
 * compiler checks the list against the struct: layout.h), and
 * bb_js_othello_solve_layout describes them, name, type, offset and count,
 * to js/othello.js, which reads the result by those names and refuses to
 * load when a field it reads is missing or of another type. */
typedef struct {
    uint64_t nodes;
    uint64_t table_bytes;
    int32_t score, wld, bound, best; /* best: -1 if the game is over */
    int32_t pv_length;
    int32_t pv[sizeof(((bb_othello_solve_result *)0)->pv) / sizeof(int)]; /* pv_length moves, then -1 */
} js_solve_out;
#define SOLVE_FIELDS(X)                                                                                             \
    X(js_solve_out, nodes, uint64_t)                                                                                \
    X(js_solve_out, table_bytes, uint64_t)                                                                          \
    X(js_solve_out, score, int32_t)                                                                                 \
    X(js_solve_out, wld, int32_t)                                                                                   \
    X(js_solve_out, bound, int32_t)                                                                                 \
    X(js_solve_out, best, int32_t)                                                                                  \
    X(js_solve_out, pv_length, int32_t)                                                                             \
    X(js_solve_out, pv, int32_t)

JS_LAYOUT(bb_js_othello_solve_layout, js_solve_out, SOLVE_FIELDS)

/* The solver's result in out (a js_solve_out).  Returns solve's status (0;
 * -1 if the table could not be had; -2 if the progress import asked it to
 * stop). */
BB_JS_EXPORT int bb_js_othello_solve(const uint64_t *io, int wld, int alpha, int beta, int hash_mb, unsigned char *out)
{
    bb_othello_pos pos = pos_in(io);
    bb_othello_solve_opts opts;
    bb_othello_solve_result r;
    memset(&opts, 0, sizeof opts);
    memset(&r, 0, sizeof r);
    opts.wld = wld;
    opts.alpha = alpha;
    opts.beta = beta;
    opts.hash_mb = (size_t)hash_mb;
    volatile int stop = 0;
    opts.stop = &stop;
    opts.progress = solve_progress;
    opts.progress_arg = (void *)&stop;
    int rc = bb_othello_solve(&pos, &opts, &r);
    if (rc != 0) return rc;
    js_solve_out o;
    o.nodes = r.nodes;
    o.table_bytes = (uint64_t)r.table_bytes;
    o.score = r.score;
    o.wld = r.wld;
    o.bound = r.bound;
    o.best = r.best;
    o.pv_length = r.pv_length;
    for (int i = 0; i < (int)(sizeof o.pv / sizeof o.pv[0]); i++) o.pv[i] = i < r.pv_length ? r.pv[i] : -1;
    memcpy(out, &o, sizeof o);
    return 0;
}

/* ---- game records: WTHOR and GGF ---------------------------------------------------
 * A record crosses the boundary as REC_BYTES bytes: uint64 start p, start o; int32
 * side, count, black_discs, theoretical, tournament, black_player, white_player;
 * uint8 moves[120] (0..63, 64 a pass); then NUL-terminated black[64], white[64],
 * event[64], date[32], result[32]. */
enum {
    REC_MOVES = 44,
    REC_BLACK = REC_MOVES + BB_OTHELLO_RECORD_MOVES,
    REC_WHITE = REC_BLACK + 64,
    REC_EVENT = REC_WHITE + 64,
    REC_DATE = REC_EVENT + 64,
    REC_RESULT = REC_DATE + 32,
    REC_BYTES = REC_RESULT + 32
};

static void rec_out(unsigned char *out, const bb_othello_record *g)
{
    uint64_t start[2] = {g->start.p, g->start.o};
    int32_t fields[7] = {g->start.side & 1, g->count, g->black_discs, g->theoretical, g->tournament, g->black_player,
                         g->white_player};
    memcpy(out, start, sizeof start);
    memcpy(out + 16, fields, sizeof fields);
    memcpy(out + REC_MOVES, g->moves, BB_OTHELLO_RECORD_MOVES);
    memcpy(out + REC_BLACK, g->black, 64);
    memcpy(out + REC_WHITE, g->white, 64);
    memcpy(out + REC_EVENT, g->event, 64);
    memcpy(out + REC_DATE, g->date, 32);
    memcpy(out + REC_RESULT, g->result, 32);
}

static void rec_in(bb_othello_record *g, const unsigned char *in)
{
    uint64_t start[2];
    int32_t fields[7];
    memcpy(start, in, sizeof start);
    memcpy(fields, in + 16, sizeof fields);
    bb_othello_record_init(g);
    g->start.p = start[0], g->start.o = start[1], g->start.side = fields[0] ? BB_OTHELLO_WHITE : BB_OTHELLO_BLACK;
    g->count = fields[1] < 0 ? 0 : fields[1] > BB_OTHELLO_RECORD_MOVES ? BB_OTHELLO_RECORD_MOVES : fields[1];
    g->black_discs = fields[2], g->theoretical = fields[3];
    g->tournament = fields[4], g->black_player = fields[5], g->white_player = fields[6];
    memcpy(g->moves, in + REC_MOVES, BB_OTHELLO_RECORD_MOVES);
    memcpy(g->black, in + REC_BLACK, 64);
    memcpy(g->white, in + REC_WHITE, 64);
    memcpy(g->event, in + REC_EVENT, 64);
    memcpy(g->date, in + REC_DATE, 32);
    memcpy(g->result, in + REC_RESULT, 32);
    g->black[63] = g->white[63] = g->event[63] = g->date[31] = g->result[31] = '\0';
}

BB_JS_EXPORT int bb_js_othello_record_bytes(void) { return REC_BYTES; }

/* A WTHOR header in out (int32 century, year, month, day, count, records, game_year,
 * board_size, game_type, depth): 0 if the file's size fits it for records of `kind`
 * bytes; 1, the header and why in msg if the file is cut short of its count (its
 * whole records can be read); else -1 and the error's text in msg */
BB_JS_EXPORT int bb_js_othello_wthor_header(const unsigned char *data, int size, int kind, int32_t *out, char *msg,
                                            int msg_size)
{
    bb_othello_wthor_header h;
    bb_parse_error e;
    if (bb_othello_wthor_read_header(data, (size_t)size, &h, &e) != 0) {
        message(msg, msg_size, &e);
        return -1;
    }
    int rc = 0;
    if (bb_othello_wthor_check(&h, (size_t)size, kind, &e) != 0) {
        message(msg, msg_size, &e);
        if ((size_t)size > BB_OTHELLO_WTHOR_HEADER + (size_t)h.count * (size_t)kind) return -1;
        rc = 1;
    }
    int32_t v[10] = {h.century, h.year, h.month, h.day, (int32_t)h.count, h.records, h.game_year, h.board_size,
                     h.game_type, h.depth};
    memcpy(out, v, sizeof v);
    return rc;
}

/* Game i of a .wtb file (data may hold just its header and that game): 0 and the
 * record in out; 1, the record and a warning's text in msg; or -1, what was read of
 * it in out and the error's text in msg */
BB_JS_EXPORT int bb_js_othello_wthor_game(const unsigned char *data, int size, int i, unsigned char *out, char *msg,
                                          int msg_size)
{
    bb_othello_record g;
    bb_parse_error e;
    int rc = bb_othello_wthor_game(data, (size_t)size, i, &g, &e);
    rec_out(out, &g);
    if (rc != 0) message(msg, msg_size, &e);
    return rc;
}

/* Name i of a .jou (kind 20) or .trn (kind 26) file as UTF-8 in buf: 0, or -1 */
BB_JS_EXPORT int bb_js_othello_wthor_name(const unsigned char *data, int size, int kind, int i, char *buf, int buf_size)
{
    return bb_othello_wthor_name(data, (size_t)size, kind, i, buf, (size_t)buf_size);
}

/* The first GGF game of text[0..n): 1 and the record in out, 0 if there is none, or -1
 * and the error's text in msg; *used = the bytes read */
BB_JS_EXPORT int bb_js_othello_ggf_read(const char *text, int n, int *used, unsigned char *out, char *msg, int msg_size)
{
    bb_othello_record g;
    bb_parse_error e;
    size_t u = 0;
    bb_othello_record_init(&g);
    int rc = bb_othello_ggf_read(text, (size_t)n, &u, &g, &e);
    *used = (int)u;
    rec_out(out, &g);
    if (rc < 0) message(msg, msg_size, &e);
    return rc;
}

/* Sets the record's moves from moves[0..n) (0..63, 64 a pass), a pass put in where the
 * side to move has no move and the other side has one: 0, or -(the move's index + 1)
 * and the error's text in msg (an illegal move, or more than the record holds) */
BB_JS_EXPORT int bb_js_othello_record_moves(unsigned char *rec, const unsigned char *moves, int n, char *msg, int msg_size)
{
    bb_othello_record g;
    rec_in(&g, rec);
    bb_othello_pos pos = g.start;
    g.count = 0;
    for (int i = 0; i < n; i++) {
        int sq = moves[i];
        if (sq != BB_OTHELLO_PASS && !bb_othello_moves(pos.p, pos.o) && bb_othello_pass(&pos) == 0 &&
            g.count < BB_OTHELLO_RECORD_MOVES)
            g.moves[g.count++] = BB_OTHELLO_PASS;
        int rc = g.count >= BB_OTHELLO_RECORD_MOVES ? -2
                 : sq == BB_OTHELLO_PASS            ? bb_othello_pass(&pos)
                 : sq < 64                          ? bb_othello_play(&pos, sq)
                                                    : -1;
        if (rc != 0) {
            bb_parse_error e;
            g.moves[g.count++ % BB_OTHELLO_RECORD_MOVES] = (uint8_t)(sq < 64 ? sq : BB_OTHELLO_PASS);
            if (rc == -2) {
                snprintf(e.msg, sizeof e.msg, "more than %d moves and passes", BB_OTHELLO_RECORD_MOVES);
                message(msg, msg_size, &e);
            } else {
                bb_othello_record_replay(&g, NULL, &e);
                message(msg, msg_size, &e);
            }
            return -1 - i;
        }
        g.moves[g.count++] = (uint8_t)sq;
    }
    rec_out(rec, &g);
    return 0;
}

/* The record as one GGF game in buf; the length it needs */
BB_JS_EXPORT int bb_js_othello_ggf_write(char *buf, int size, const unsigned char *rec)
{
    bb_othello_record g;
    rec_in(&g, rec);
    return (int)bb_othello_ggf_write(buf, (size_t)size, &g);
}

/* The 16 bytes of a WTHOR header from int32 fields as bb_js_othello_wthor_header gives them */
BB_JS_EXPORT void bb_js_othello_wthor_write_header(unsigned char *out, const int32_t *v)
{
    bb_othello_wthor_header h;
    memset(&h, 0, sizeof h);
    h.century = v[0], h.year = v[1], h.month = v[2], h.day = v[3];
    h.count = (uint32_t)v[4], h.records = (uint16_t)v[5], h.game_year = (uint16_t)v[6];
    h.board_size = v[7], h.game_type = v[8], h.depth = v[9];
    bb_othello_wthor_write_header(out, &h);
}

/* The 68 bytes of the record as a WTHOR game: 0, or -1 and the error's text in msg */
BB_JS_EXPORT int bb_js_othello_wthor_write_game(unsigned char *out, const unsigned char *rec, char *msg, int msg_size)
{
    bb_othello_record g;
    bb_parse_error e;
    rec_in(&g, rec);
    if (bb_othello_wthor_write_game(out, &g, &e) == 0) return 0;
    message(msg, msg_size, &e);
    return -1;
}
