/* A chess game: the start position, the position now, and the moves played
 * with their undo records and the key before each, in three arrays that
 * grow by doubling and are kept across reset (no allocation per move once a
 * game has reached its length).  Repetition is a look-up over the keys. */
#include <stdlib.h>
#include <string.h>

#include "chess_internal.h"
#include "../core/text.h"

void bb_chess_game_init(bb_chess_game *g)
{
    BB__ASSERT_NOT_NULL(g, "g");
    memset(g, 0, sizeof *g);
    bb_chess_start(&g->start);
    g->pos = g->start;
}

int bb_chess_game_init_fen(bb_chess_game *g, const char *fen, bb_parse_error *err)
{
    BB__ASSERT_NOT_NULL(g, "g");
    bb_chess_game_init(g);
    bb_chess_pos pos;
    if (bb_chess_from_fen(&pos, fen, err) != 0) return -1;
    g->start = g->pos = pos;
    return 0;
}

void bb_chess_game_set_start(bb_chess_game *g, const bb_chess_pos *pos)
{
    BB__ASSERT_NOT_NULL(g, "g");
    BB__ASSERT_NOT_NULL(pos, "pos");
    g->start = g->pos = *pos;
    g->count = 0;
}

void bb_chess_game_reset(bb_chess_game *g)
{
    BB__ASSERT_NOT_NULL(g, "g");
    g->pos = g->start;
    g->count = 0;
}

void bb_chess_game_free(bb_chess_game *g)
{
    if (!g) return;
    free(g->moves);
    free(g->undo);
    free(g->keys);
    bb_chess_game_init(g);
}

/* Room for at least need moves: 0, or -1 (the game unchanged). */
static int reserve(bb_chess_game *g, int need)
{
    if (need <= g->capacity) return 0;
    if (need > (1 << 24)) return -1; /* 16 million plies: no real game, and the sizes stay small */
    int cap = g->capacity ? g->capacity : 128;
    while (cap < need) cap *= 2;
    bb_chess_move *m = realloc(g->moves, sizeof *m * (size_t)cap);
    if (!m) return -1;
    g->moves = m;
    bb_chess_undo *u = realloc(g->undo, sizeof *u * (size_t)cap);
    if (!u) return -1;
    g->undo = u;
    uint64_t *k = realloc(g->keys, sizeof *k * (size_t)cap);
    if (!k) return -1;
    g->keys = k;
    g->capacity = cap;
    return 0;
}

int bb_chess_game_copy(bb_chess_game *dst, const bb_chess_game *src)
{
    BB__ASSERT_NOT_NULL(dst, "dst");
    BB__ASSERT_NOT_NULL(src, "src");
    if (dst == src) return 0;
    if (reserve(dst, src->count) != 0) return -1;
    dst->start = src->start;
    dst->pos = src->pos;
    dst->count = src->count;
    if (src->count) {
        memcpy(dst->moves, src->moves, sizeof *src->moves * (size_t)src->count);
        memcpy(dst->undo, src->undo, sizeof *src->undo * (size_t)src->count);
        memcpy(dst->keys, src->keys, sizeof *src->keys * (size_t)src->count);
    }
    return 0;
}

/* Plays move, known legal (the PGN reader's path). */
int bb__chess_game_play(bb_chess_game *g, bb_chess_move move)
{
    if (g->count >= g->capacity && reserve(g, g->count + 1) != 0) return BB_CHESS_GAME_NO_MEMORY;
    int i = g->count++;
    g->moves[i] = move;
    g->keys[i] = g->pos.key;
    if (move == BB_CHESS_NULL_MOVE) bb_chess_make_null(&g->pos, &g->undo[i]);
    else bb_chess_make(&g->pos, move, &g->undo[i]);
    return 0;
}

int bb_chess_game_push(bb_chess_game *g, bb_chess_move move)
{
    BB__ASSERT_NOT_NULL(g, "g");
    if (move == BB_CHESS_NULL_MOVE || !bb_chess_is_legal(&g->pos, move)) return BB_CHESS_GAME_ILLEGAL;
    return bb__chess_game_play(g, move);
}

int bb_chess_game_push_null(bb_chess_game *g)
{
    BB__ASSERT_NOT_NULL(g, "g");
    if (bb_chess_is_check(&g->pos)) return BB_CHESS_GAME_ILLEGAL;
    return bb__chess_game_play(g, BB_CHESS_NULL_MOVE);
}

static int push_text(bb_chess_game *g, const char *text, bb_parse_error *err, int san)
{
    BB__ASSERT_NOT_NULL(g, "g");
    bb_chess_move m;
    int rc = san ? bb_chess_move_from_san(&g->pos, text, &m, err) : bb_chess_move_from_uci(&g->pos, text, &m, err);
    if (rc != 0) return BB_CHESS_GAME_ILLEGAL;
    rc = bb__chess_game_play(g, m);
    if (rc != 0) bb__fail(err, 0, 0, 0, "out of memory after %d moves", g->count);
    return rc;
}

int bb_chess_game_push_san(bb_chess_game *g, const char *text, bb_parse_error *err)
{
    return push_text(g, text, err, 1);
}

int bb_chess_game_push_uci(bb_chess_game *g, const char *text, bb_parse_error *err)
{
    return push_text(g, text, err, 0);
}

bb_chess_move bb_chess_game_pop(bb_chess_game *g)
{
    BB__ASSERT_NOT_NULL(g, "g");
    if (g->count == 0) return BB_CHESS_NULL_MOVE;
    int i = --g->count;
    bb_chess_move m = g->moves[i];
    if (m == BB_CHESS_NULL_MOVE) bb_chess_unmake_null(&g->pos, &g->undo[i]);
    else bb_chess_unmake(&g->pos, m, &g->undo[i]);
    return m;
}

int bb_chess_game_position(const bb_chess_game *g, int ply, bb_chess_pos *out)
{
    BB__ASSERT_NOT_NULL(g, "g");
    BB__ASSERT_NOT_NULL(out, "out");
    if (ply < 0 || ply > g->count) return -1;
    bb_chess_pos p;
    if (ply >= g->count / 2) { /* back from the position now */
        p = g->pos;
        for (int i = g->count - 1; i >= ply; i--) {
            if (g->moves[i] == BB_CHESS_NULL_MOVE) bb_chess_unmake_null(&p, &g->undo[i]);
            else bb_chess_unmake(&p, g->moves[i], &g->undo[i]);
        }
    } else { /* forward from the start */
        p = g->start;
        bb_chess_undo u;
        for (int i = 0; i < ply; i++) {
            if (g->moves[i] == BB_CHESS_NULL_MOVE) bb_chess_make_null(&p, &u);
            else bb_chess_make(&p, g->moves[i], &u);
        }
    }
    *out = p;
    return 0;
}

static size_t move_text(const bb_chess_game *g, int i, char *buf, size_t size, int san)
{
    BB__ASSERT_NOT_NULL(g, "g");
    bb_chess_pos p;
    if (i < 0 || i >= g->count || bb_chess_game_position(g, i, &p) != 0) {
        if (size) buf[0] = '\0';
        return 0;
    }
    if (g->moves[i] == BB_CHESS_NULL_MOVE) {
        bb__out_buf o = {buf, size, 0};
        bb__put(&o, "%s", san ? "--" : "0000");
        return o.len;
    }
    return san ? bb_chess_move_to_san(buf, size, &p, g->moves[i]) : bb_chess_move_to_uci(buf, size, &p, g->moves[i]);
}

size_t bb_chess_game_san(const bb_chess_game *g, int i, char *buf, size_t size)
{
    return move_text(g, i, buf, size, 1);
}

size_t bb_chess_game_uci(const bb_chess_game *g, int i, char *buf, size_t size)
{
    return move_text(g, i, buf, size, 0);
}

bb_chess_outcome bb_chess_game_outcome(const bb_chess_game *g, bb_chess_result *r)
{
    BB__ASSERT_NOT_NULL(g, "g");
    return bb_chess_outcome_of(&g->pos, g->keys, g->count, r);
}
