/* The game object (bb_chess_game_*):
 *   - random games from the standard start and from Chess960 starts, pushed
 *     and popped move by move: after each push the position is the one a
 *     plain make gives, keys[i] is the key of position i, the position at
 *     every ply (forward and backward paths) matches a replay kept here,
 *     SAN and UCI of every move match the text functions on that replay,
 *     and popping everything gives back the start exactly;
 *   - refusals leave the game alone: an illegal move, bad SAN and UCI, a
 *     null move in check;
 *   - copy and reset: the copy is equal and independent, reset keeps the
 *     arrays (no allocation in steady state: the pointers do not change);
 *   - the outcome over the game's own keys: the knight dance to three and
 *     five repetitions, fool's mate, and the null move's key. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bitboard.h"
#include "harness.h"
#include "chess_positions.h"

static int same(const bb_chess_pos *a, const bb_chess_pos *b)
{
    return memcmp(a, b, sizeof *a) == 0;
}

/* One random game of up to plies moves, checked as it goes. */
static void random_game(bb_chess_game *g, uint64_t *rng, int plies, const char *what)
{
    bb_chess_pos replay[401];
    int n = 0;
    replay[0] = g->pos;
    CHECK(g->count == 0, "%s: a fresh game has moves", what);
    while (n < plies && n < 400) {
        bb_chess_movelist l;
        int k = bb_chess_generate(&g->pos, BB_GEN_ALL, &l);
        if (k == 0) break;
        bb_chess_move m = l.moves[bbt_next(rng) % (uint64_t)k];
        bb_chess_undo u;
        replay[n + 1] = replay[n];
        bb_chess_make(&replay[n + 1], m, &u);
        int rc = bb_chess_game_push(g, m);
        CHECK(rc == 0, "%s: push of a legal move at ply %d gave %d", what, n, rc);
        if (rc != 0) return;
        n++;
        CHECK(g->count == n, "%s: count %d after %d pushes", what, g->count, n);
        CHECK(same(&g->pos, &replay[n]), "%s: position after ply %d differs from make", what, n);
        CHECK_EQ64(g->keys[n - 1], replay[n - 1].key, "%s: keys[%d]", what, n - 1);
        CHECK(g->moves[n - 1] == m, "%s: moves[%d]", what, n - 1);
    }
    for (int ply = 0; ply <= n; ply++) {
        bb_chess_pos p;
        CHECK(bb_chess_game_position(g, ply, &p) == 0 && same(&p, &replay[ply]), "%s: position at ply %d", what, ply);
    }
    bb_chess_pos p;
    CHECK(bb_chess_game_position(g, -1, &p) == -1 && bb_chess_game_position(g, n + 1, &p) == -1,
          "%s: positions outside 0..count", what);
    for (int i = 0; i < n; i++) {
        char a[BB_CHESS_MOVE_TEXT_MAX], b[BB_CHESS_MOVE_TEXT_MAX];
        size_t la = bb_chess_game_san(g, i, a, sizeof a), lb = bb_chess_move_to_san(b, sizeof b, &replay[i], g->moves[i]);
        CHECK(la == lb && strcmp(a, b) == 0, "%s: SAN of move %d: %s, want %s", what, i, a, b);
        la = bb_chess_game_uci(g, i, a, sizeof a);
        lb = bb_chess_move_to_uci(b, sizeof b, &replay[i], g->moves[i]);
        CHECK(la == lb && strcmp(a, b) == 0, "%s: UCI of move %d: %s, want %s", what, i, a, b);
    }
    char t[8] = "x";
    CHECK(bb_chess_game_san(g, n, t, sizeof t) == 0 && t[0] == '\0', "%s: SAN past the end", what);
    /* the game read back through SAN and UCI gives the same moves */
    bb_chess_game h;
    bb_chess_game_init(&h);
    bb_chess_game_set_start(&h, &g->start);
    for (int i = 0; i < n; i++) {
        char s[BB_CHESS_MOVE_TEXT_MAX];
        bb_chess_game_san(g, i, s, sizeof s);
        if (i % 2) bb_chess_game_uci(g, i, s, sizeof s);
        bb_parse_error e;
        int rc = i % 2 ? bb_chess_game_push_uci(&h, s, &e) : bb_chess_game_push_san(&h, s, &e);
        CHECK(rc == 0, "%s: %s did not read back at ply %d: %s", what, s, i, e.msg);
        if (rc != 0) break;
    }
    CHECK(h.count == n && same(&h.pos, &g->pos), "%s: the game pushed as text differs", what);
    bb_chess_game_free(&h);
    /* pop everything */
    for (int i = n - 1; i >= 0; i--) {
        bb_chess_move m = bb_chess_game_pop(g);
        CHECK(m == g->moves[i] && g->count == i && same(&g->pos, &replay[i]), "%s: pop to ply %d", what, i);
    }
    CHECK(bb_chess_game_pop(g) == BB_CHESS_NULL_MOVE && g->count == 0 && same(&g->pos, &g->start),
          "%s: pop of an empty game changed it", what);
}

static void push_pop_random(void)
{
    uint64_t rng = 42;
    bb_chess_game g;
    bb_chess_game_init(&g);
    for (int t = 0; t < 60; t++) random_game(&g, &rng, 20 + (int)(bbt_next(&rng) % 300), "standard");
    bb_chess_game_free(&g); /* init_fen starts a new game: it does not free the old arrays */
    for (size_t i = 0; i < N_960; i++) {
        bb_parse_error e;
        CHECK(bb_chess_game_init_fen(&g, chess960[i].fen, &e) == 0, "%s: %s", chess960[i].fen, e.msg);
        random_game(&g, &rng, 200, chess960[i].fen);
        bb_chess_game_free(&g);
    }
    bb_chess_game_free(&g);
}

static void refusals(void)
{
    bb_chess_game g;
    bb_chess_game_init(&g);
    bb_chess_pos before = g.pos;
    bb_parse_error e;
    CHECK(bb_chess_game_push(&g, bb_chess_move_make(12, 36, BB_MOVE_NORMAL, 0)) == BB_CHESS_GAME_ILLEGAL,
          "e2e5 accepted");
    CHECK(bb_chess_game_push(&g, BB_CHESS_NULL_MOVE) == BB_CHESS_GAME_ILLEGAL, "the null move through push");
    CHECK(bb_chess_game_push_san(&g, "Nf6", &e) == BB_CHESS_GAME_ILLEGAL && strstr(e.msg, "Nf6"),
          "Nf6 for white: %s", e.msg);
    CHECK(bb_chess_game_push_uci(&g, "e2e5", &e) == BB_CHESS_GAME_ILLEGAL && e.msg[0], "e2e5 as UCI");
    CHECK(bb_chess_game_push_san(&g, "e4+", &e) == BB_CHESS_GAME_ILLEGAL && strstr(e.msg, "check"),
          "push_san is strict about the check mark: %s", e.msg);
    CHECK(g.count == 0 && same(&g.pos, &before), "a refusal changed the game");
    CHECK(bb_chess_game_init_fen(&g, "not a fen", &e) == -1 && e.msg[0] && g.count == 0, "bad FEN accepted");
    bb_chess_pos start;
    bb_chess_start(&start);
    CHECK(same(&g.pos, &start) && same(&g.start, &start), "a refused FEN leaves a standard game");
    /* the null move: not in check; keys and pop */
    CHECK(bb_chess_game_push_null(&g) == 0 && g.count == 1 && g.pos.side == BB_BLACK, "null move from the start");
    CHECK_EQ64(g.pos.key, bb_chess_key(&g.pos), "the null move's key");
    char t[8];
    CHECK(bb_chess_game_san(&g, 0, t, sizeof t) == 2 && strcmp(t, "--") == 0, "null SAN %s", t);
    CHECK(bb_chess_game_uci(&g, 0, t, sizeof t) == 4 && strcmp(t, "0000") == 0, "null UCI %s", t);
    CHECK(bb_chess_game_pop(&g) == BB_CHESS_NULL_MOVE && g.count == 0 && same(&g.pos, &start), "null pop");
    const char *moves[] = {"e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7"};
    for (int i = 0; i < 7; i++) CHECK(bb_chess_game_push_san(&g, moves[i], &e) == 0, "%s: %s", moves[i], e.msg);
    CHECK(bb_chess_game_push_null(&g) == BB_CHESS_GAME_ILLEGAL && g.count == 7, "a null move while in check");
    bb_chess_result r;
    CHECK(bb_chess_game_outcome(&g, &r) == BB_CHESS_CHECKMATE && r.winner == BB_WHITE, "scholar's mate: %s", r.why);
    bb_chess_game_free(&g);
}

static void copy_and_reset(void)
{
    bb_chess_game g, c;
    bb_chess_game_init(&g);
    bb_chess_game_init(&c);
    uint64_t rng = 7;
    for (int i = 0; i < 150; i++) {
        bb_chess_movelist l;
        int k = bb_chess_generate(&g.pos, BB_GEN_ALL, &l);
        if (!k) break;
        bb_chess_game_push(&g, l.moves[bbt_next(&rng) % (uint64_t)k]);
    }
    CHECK(bb_chess_game_copy(&c, &g) == 0, "copy failed");
    CHECK(c.count == g.count && same(&c.pos, &g.pos) && same(&c.start, &g.start) &&
              memcmp(c.moves, g.moves, sizeof *g.moves * (size_t)g.count) == 0 &&
              memcmp(c.keys, g.keys, sizeof *g.keys * (size_t)g.count) == 0,
          "the copy differs");
    CHECK(c.moves != g.moves, "the copy shares the moves array");
    bb_chess_game_pop(&c);
    CHECK(c.count == g.count - 1 && g.moves[g.count - 1] != 0, "popping the copy changed the original");
    /* reset: the arrays stay; replaying the same game allocates nothing */
    bb_chess_move *moves = g.moves;
    uint64_t *keys = g.keys;
    int cap = g.capacity, n = g.count;
    bb_chess_move saved[400];
    memcpy(saved, g.moves, sizeof *saved * (size_t)n);
    bb_chess_game_reset(&g);
    CHECK(g.count == 0 && same(&g.pos, &g.start), "reset");
    for (int i = 0; i < n; i++) CHECK(bb_chess_game_push(&g, saved[i]) == 0, "replay %d", i);
    CHECK(g.moves == moves && g.keys == keys && g.capacity == cap, "the arrays moved in steady state");
    bb_chess_game_free(&g);
    bb_chess_game_free(&c);
    CHECK(g.moves == NULL && g.count == 0 && g.capacity == 0, "free leaves an empty game");
}

static void repetition_by_keys(void)
{
    bb_chess_game g;
    bb_chess_game_init(&g);
    const char *dance[] = {"Nf3", "Nf6", "Ng1", "Ng8"};
    bb_chess_result r;
    int third = 0, fifth = 0;
    for (int i = 0; i < 16; i++) {
        bb_parse_error e;
        CHECK(bb_chess_game_push_san(&g, dance[i % 4], &e) == 0, "%s: %s", dance[i % 4], e.msg);
        bb_chess_outcome o = bb_chess_game_outcome(&g, &r);
        if (o == BB_CHESS_THREEFOLD_REPETITION && !third) third = g.count;
        if (o == BB_CHESS_FIVEFOLD_REPETITION && !fifth) fifth = g.count;
    }
    CHECK(third == 8, "threefold after %d plies, want 8", third);
    CHECK(fifth == 16, "fivefold after %d plies, want 16", fifth);
    CHECK(r.repetitions == 5 && r.game_over, "repetitions %d", r.repetitions);
    /* a pop takes the repetition back */
    bb_chess_game_pop(&g);
    CHECK(bb_chess_game_outcome(&g, NULL) == BB_CHESS_THREEFOLD_REPETITION, "after the pop");
    bb_chess_game_free(&g);
}

int main(void)
{
    RUN(push_pop_random);
    RUN(refusals);
    RUN(copy_and_reset);
    RUN(repetition_by_keys);
    return bbt_finish("chess_game");
}
