/* The Othello functions the JavaScript package calls (js/othello.js).  A
 * position crosses the boundary as three uint64_t on the heap: p, o and the
 * side to move (0 black, 1 white); errors come back as the C library's text.
 * Only the public API is used here. */
#include <stdint.h>
#include <string.h>

#include "bitboard.h"

#define BB_JS_EXPORT __attribute__((used, visibility("default")))

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

/* The solver's result in out: uint64 nodes, uint64 table bytes, then int32
 * score, wld, bound, best, pv_length, pv[61] (272 bytes).  Returns solve's
 * status (0, or -1 if the table could not be had). */
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
    int rc = bb_othello_solve(&pos, &opts, &r);
    if (rc != 0) return rc;
    uint64_t big[2] = {r.nodes, (uint64_t)r.table_bytes};
    int32_t small[5 + 61];
    small[0] = r.score;
    small[1] = r.wld;
    small[2] = r.bound;
    small[3] = r.best;
    small[4] = r.pv_length;
    for (int i = 0; i < 61; i++) small[5 + i] = i < r.pv_length ? r.pv[i] : -1;
    memcpy(out, big, sizeof big);
    memcpy(out + sizeof big, small, sizeof small);
    return 0;
}
