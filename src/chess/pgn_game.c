/* The plain stream over the PGN reader (pgn.c): bb_pgn_next fills a
 * bb_pgn_game with the tags and the main line, through the visitor. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess_internal.h"
#include "../core/input.h"
#include "../core/text.h"

/* ---- the plain stream: tags and the main line ------------------------------------ */

void bb_pgn_game_init(bb_pgn_game *pg)
{
    BB__ASSERT_NOT_NULL(pg, "pg");
    memset(pg, 0, sizeof *pg);
    bb_chess_game_init(&pg->game);
}

void bb_pgn_game_free(bb_pgn_game *pg)
{
    if (!pg) return;
    bb_chess_game_free(&pg->game);
    free(pg->tag_names);
    free(pg->tag_values);
    free(pg->text_);
    bb_pgn_game_init(pg);
}

typedef struct {
    bb_pgn_game *pg;
    int oom;
} next_state;

static size_t pg_store(bb_pgn_game *pg, const char *t, int *oom)
{
    size_t n = strlen(t) + 1;
    if (bb__pgn_grow(&pg->text_, &pg->text_cap_, pg->text_len_ + n, 1024) != 0) {
        *oom = 1;
        return 0;
    }
    memcpy(pg->text_ + pg->text_len_, t, n);
    pg->text_len_ += n;
    return pg->text_len_ - n;
}

static void next_tag(void *arg, const char *name, const char *value)
{
    next_state *ns = arg;
    bb_pgn_game *pg = ns->pg;
    if (ns->oom) return;
    if (pg->ntags == pg->tags_cap_) {
        int cap = pg->tags_cap_ ? pg->tags_cap_ * 2 : 16;
        const char **a = realloc(pg->tag_names, sizeof *a * (size_t)cap);
        if (!a) { ns->oom = 1; return; }
        pg->tag_names = a;
        const char **b = realloc(pg->tag_values, sizeof *b * (size_t)cap);
        if (!b) { ns->oom = 1; return; }
        pg->tag_values = b;
        pg->tags_cap_ = cap;
    }
    /* offsets now, pointers once the text stops moving */
    size_t a = pg_store(pg, name, &ns->oom), b = pg_store(pg, value, &ns->oom);
    pg->tag_names[pg->ntags] = (const char *)(uintptr_t)a;
    pg->tag_values[pg->ntags] = (const char *)(uintptr_t)b;
    pg->ntags++;
}

static int next_start(void *arg, const bb_chess_pos *pos)
{
    next_state *ns = arg;
    bb_chess_game_set_start(&ns->pg->game, pos);
    return 0;
}

static void next_move(void *arg, const bb_chess_pos *before, bb_chess_move m, const char *text, int depth)
{
    next_state *ns = arg;
    (void)before, (void)text, (void)depth;
    if (!ns->oom && bb__chess_game_play(&ns->pg->game, m) != 0) ns->oom = 1;
}

static void next_result(void *arg, const char *result)
{
    next_state *ns = arg;
    snprintf(ns->pg->result, sizeof ns->pg->result, "%s", result);
}

static void next_end(void *arg, const bb_pgn_error *err, int truncated)
{
    next_state *ns = arg;
    if (err) ns->pg->has_error = 1, ns->pg->error = *err;
    ns->pg->truncated = truncated;
}

static void next_begin(void *arg, long game)
{
    next_state *ns = arg;
    bb_pgn_game *pg = ns->pg;
    pg->number = game;
    pg->ntags = 0;
    pg->text_len_ = 0;
    pg->result[0] = '\0';
    pg->has_error = pg->truncated = 0;
    memset(&pg->error, 0, sizeof pg->error);
    bb_chess_pos start;
    bb_chess_start(&start);
    bb_chess_game_set_start(&pg->game, &start);
}

int bb_pgn_next(bb_pgn_reader *r, bb_pgn_game *pg)
{
    BB__ASSERT_NOT_NULL(r, "r");
    BB__ASSERT_NOT_NULL(pg, "pg");
    static const bb_pgn_visitor v = {next_begin, next_tag, next_start, next_move, NULL, NULL,
                                     NULL, NULL, next_result, next_end};
    next_state ns = {pg, 0};
    int rc = bb_pgn_visit(r, &v, &ns);
    if (rc == 1 && ns.oom && !pg->has_error) {
        pg->has_error = 1;
        pg->error.game = pg->number;
        snprintf(pg->error.msg, sizeof pg->error.msg, "out of memory");
    }
    for (int i = 0; i < pg->ntags && !ns.oom; i++) {
        pg->tag_names[i] = pg->text_ + (uintptr_t)pg->tag_names[i];
        pg->tag_values[i] = pg->text_ + (uintptr_t)pg->tag_values[i];
    }
    if (ns.oom) pg->ntags = 0;
    return rc;
}

const char *bb_pgn_tag(const bb_pgn_game *pg, const char *name)
{
    BB__ASSERT_NOT_NULL(pg, "pg");
    BB__ASSERT_NOT_NULL(name, "name");
    for (int i = 0; i < pg->ntags; i++)
        if (strcmp(pg->tag_names[i], name) == 0) return pg->tag_values[i];
    return NULL;
}

