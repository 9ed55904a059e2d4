/* How a chess game stands (bb_chess_outcome_of and the calls around it):
 *   - every rule on positions chosen for it, the order the rules take
 *     (a mate on the 150th ply is a mate), and the dead material exactly as
 *     documented, including the cases that are not dead;
 *   - repetition over a game's history: the start position reached again by
 *     knight moves, three and five times;
 *   - random games in positions with few pieces (so that repetitions, the
 *     fifty- and seventy-five-move rules and dead positions occur), every
 *     ply against a slow reference written here: mate and stalemate from the
 *     move count, material square by square on the board array, repetitions
 *     by comparing whole positions (placement, side, rights, en passant) of
 *     the game so far, not keys. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bitboard.h"
#include "harness.h"
#include "chess_positions.h"

/* ---- the slow reference ---------------------------------------------------------------- */

static int slow_dead(const bb_chess_pos *pos)
{
    int knights = 0, bishops = 0, light = 0, dark = 0;
    for (int sq = 0; sq < 64; sq++) {
        int pc = pos->board[sq];
        if (pc == BB_CHESS_EMPTY) continue;
        int type = pc & 7;
        if (type == BB_PAWN || type == BB_ROOK || type == BB_QUEEN) return 0;
        if (type == BB_KNIGHT) knights++;
        if (type == BB_BISHOP) {
            bishops++;
            if (((sq & 7) + (sq >> 3)) % 2) light++;
            else dark++;
        }
    }
    if (knights + bishops <= 1) return 1;
    return knights == 0 && (light == 0 || dark == 0);
}

static int same_position(const bb_chess_pos *a, const bb_chess_pos *b)
{
    return memcmp(a->board, b->board, 64) == 0 && a->side == b->side && a->castling == b->castling &&
           a->ep == b->ep;
}

/* The outcome from first principles; seen[0..n-1] the game's earlier positions. */
static bb_chess_outcome slow_outcome(const bb_chess_pos *pos, const bb_chess_pos *seen, int n, int *reps)
{
    bb_chess_movelist l;
    int moves = bb_chess_generate(pos, BB_GEN_ALL, &l);
    *reps = 1;
    for (int i = 0; i < n; i++) *reps += same_position(&seen[i], pos);
    if (moves == 0) return bb_chess_is_check(pos) ? BB_CHESS_CHECKMATE : BB_CHESS_STALEMATE;
    if (slow_dead(pos)) return BB_CHESS_INSUFFICIENT_MATERIAL;
    if (pos->halfmove >= 150) return BB_CHESS_SEVENTYFIVE_MOVES;
    if (*reps >= 5) return BB_CHESS_FIVEFOLD_REPETITION;
    if (pos->halfmove >= 100) return BB_CHESS_FIFTY_MOVES;
    if (*reps >= 3) return BB_CHESS_THREEFOLD_REPETITION;
    return BB_CHESS_ONGOING;
}

/* ---- positions chosen for each rule ------------------------------------------------------- */

static void rules(void)
{
    static const struct { const char *fen; bb_chess_outcome want; int winner; const char *why; } c[] = {
        {START, BB_CHESS_ONGOING, -1, "white to move, 20 legal moves"},
        {"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", BB_CHESS_CHECKMATE, BB_BLACK,
         "white is checkmated: black wins"},
        {"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", BB_CHESS_STALEMATE, -1, "black has no legal move"},
        {"8/8/4k3/8/8/3K4/8/8 w - - 0 1", BB_CHESS_INSUFFICIENT_MATERIAL, -1, "K v K"},
        {"8/8/4k3/8/8/3K4/8/6N1 b - - 0 1", BB_CHESS_INSUFFICIENT_MATERIAL, -1, "K+N v K (white has the knight)"},
        {"8/8/4k3/8/2b5/3K4/8/8 w - - 0 1", BB_CHESS_INSUFFICIENT_MATERIAL, -1, "K+B v K (black has the bishop)"},
        {"5b2/8/4k3/8/8/3K4/8/2B5 w - - 0 1", BB_CHESS_INSUFFICIENT_MATERIAL, -1, "bishops only, all 2 on dark"},
        {"5b2/8/4k3/8/8/3K4/8/1B1B4 w - - 0 1", BB_CHESS_ONGOING, -1, NULL},  /* b1 light, d1 light, f8 dark */
        {"4b3/8/4k3/8/8/3K4/8/1B1B4 w - - 0 1", BB_CHESS_INSUFFICIENT_MATERIAL, -1, "all 3 on light"},
        {"8/8/4k3/8/8/3K4/8/5NN1 w - - 0 1", BB_CHESS_ONGOING, -1, NULL},     /* two knights can mate (helped) */
        {"8/8/4k1n1/8/8/3K4/8/6N1 w - - 0 1", BB_CHESS_ONGOING, -1, NULL},    /* K+N v K+N */
        {"8/8/4k1b1/8/8/3K4/8/6N1 w - - 0 1", BB_CHESS_ONGOING, -1, NULL},    /* K+N v K+B */
        {"8/8/4k3/8/8/3K4/4P3/8 w - - 0 1", BB_CHESS_ONGOING, -1, NULL},      /* a pawn */
        {"8/8/4k3/8/8/3K4/8/R7 w - - 150 100", BB_CHESS_SEVENTYFIVE_MOVES, -1, "150 plies"},
        {"8/8/4k3/8/8/3K4/8/R7 w - - 149 100", BB_CHESS_FIFTY_MOVES, -1, "may claim a draw"},
        {"8/8/4k3/8/8/3K4/8/R7 w - - 100 100", BB_CHESS_FIFTY_MOVES, -1, "100 plies"},
        {"8/8/4k3/8/8/3K4/8/R7 w - - 99 100", BB_CHESS_ONGOING, -1, NULL},
        /* a mate on the 150th ply is a mate; a dead position beats the clock */
        {"7k/7Q/6K1/8/8/8/8/8 b - - 150 100", BB_CHESS_CHECKMATE, BB_WHITE, "black is checkmated"},
        {"8/8/4k3/8/8/3K4/8/8 w - - 150 100", BB_CHESS_INSUFFICIENT_MATERIAL, -1, "K v K"},
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        bb_chess_pos pos;
        parse(&pos, c[i].fen);
        bb_chess_result r;
        memset(&r, 0x55, sizeof r);
        bb_chess_outcome o = bb_chess_outcome_of(&pos, NULL, 0, &r);
        CHECK(o == c[i].want && r.outcome == o, "'%s': %s, want %s (%s)", c[i].fen, bb_chess_outcome_name(o),
              bb_chess_outcome_name(c[i].want), r.why);
        CHECK(r.winner == c[i].winner, "'%s': winner %d", c[i].fen, r.winner);
        int over = o >= BB_CHESS_CHECKMATE && o <= BB_CHESS_FIVEFOLD_REPETITION;
        CHECK(r.game_over == over && bb_chess_game_over(&pos, NULL, 0) == over, "'%s': game over %d", c[i].fen, r.game_over);
        CHECK(bb_chess_can_claim_draw(&pos, NULL, 0) == (o == BB_CHESS_FIFTY_MOVES), "'%s': claim", c[i].fen);
        CHECK(bb_chess_insufficient_material(&pos) == slow_dead(&pos), "'%s': dead material", c[i].fen);
        CHECK(!c[i].why || strstr(r.why, c[i].why), "'%s': why '%s' lacks '%s'", c[i].fen, r.why, c[i].why);
        CHECK(r.repetitions == 1, "'%s': repetitions %d", c[i].fen, r.repetitions);
    }
    CHECK(bb_chess_outcome_name(BB_CHESS_OUTCOME_COUNT) == NULL && bb_chess_outcome_name((bb_chess_outcome)-1) == NULL,
          "names out of range");
    for (int o = 0; o < BB_CHESS_OUTCOME_COUNT; o++) CHECK(bb_chess_outcome_name((bb_chess_outcome)o), "name %d", o);
}

/* Nf3 Nf6 Ng1 Ng8 brings the start position back: three times after two
 * rounds, five after four; the keys of every position before are the history. */
static void knight_dance(void)
{
    static const char *const dance[4] = {"g1f3", "g8f6", "f3g1", "f6g8"};
    bb_chess_pos pos;
    bb_chess_start(&pos);
    uint64_t history[64];
    int n = 0;
    for (int round = 1; round <= 4; round++) {
        for (int k = 0; k < 4; k++) {
            bb_chess_move m;
            if (bb_chess_move_from_uci(&pos, dance[k], &m, NULL) != 0) {
                CHECK(0, "%s", dance[k]);
                return;
            }
            history[n++] = pos.key;
            bb_chess_undo u;
            bb_chess_make(&pos, m, &u);
        }
        bb_chess_result r;
        bb_chess_outcome o = bb_chess_outcome_of(&pos, history, n, &r);
        bb_chess_outcome want = round >= 4 ? BB_CHESS_FIVEFOLD_REPETITION
                                : round >= 2 ? BB_CHESS_THREEFOLD_REPETITION
                                             : BB_CHESS_ONGOING;
        CHECK(r.repetitions == round + 1 && bb_chess_repetitions(&pos, history, n) == round + 1,
              "round %d: repetitions %d", round, r.repetitions);
        CHECK(o == want, "round %d: %s (%s)", round, bb_chess_outcome_name(o), r.why);
        CHECK(bb_chess_can_claim_draw(&pos, history, n) == (want == BB_CHESS_THREEFOLD_REPETITION), "round %d", round);
        CHECK(bb_chess_game_over(&pos, history, n) == (want == BB_CHESS_FIVEFOLD_REPETITION), "round %d", round);
    }
    /* the position after 1. Nf3 stood three times too, but with black to
     * move; the start position with black to move never did */
    bb_chess_pos black = pos;
    black.side = BB_BLACK;
    black.key = bb_chess_key(&black);
    CHECK(bb_chess_repetitions(&black, history, n) == 1, "side to move counts");
    /* only the halfmove window is looked at: a clock of 3 sees one round back at most */
    pos.halfmove = 3;
    CHECK(bb_chess_repetitions(&pos, history, n) == 1, "window: %d", bb_chess_repetitions(&pos, history, n));
    pos.halfmove = 4;
    CHECK(bb_chess_repetitions(&pos, history, n) == 2, "window 4");
}

/* Random games in light positions, every ply against the slow reference. */
static void random_games(void)
{
    /* queens and rooks (mates, stalemates, material lost), clocks near the
     * rules, minor pieces, and blocked pawns with boxed kings, where the
     * same positions come back again and again */
    static const char *const starts[] = {
        "4k3/8/8/8/8/8/8/4K2Q w - - 0 1", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "r3k3/8/8/8/8/8/8/4K2R w - - 90 60",
        "r3k3/8/8/8/8/8/8/4K2R b - - 140 60", "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", "2n1k3/8/8/8/8/8/8/4KN2 w - - 0 1",
        "8/8/8/8/p1p1p1p1/P1P1P1P1/8/K6k w - - 0 1", START,
    };
    uint64_t st = 99;
    int seen_outcome[BB_CHESS_OUTCOME_COUNT] = {0};
    long plies = 0;
    bb_chess_pos *seen = malloc(400 * sizeof *seen);
    uint64_t *keys = malloc(400 * sizeof *keys);
    if (!seen || !keys) {
        free(seen), free(keys);
        SKIP("no memory");
    }
    for (int game = 0; game < 240; game++) {
        bb_chess_pos pos;
        parse(&pos, starts[game % (sizeof starts / sizeof starts[0])]);
        for (int ply = 0; ply < 300; ply++) {
            int reps;
            bb_chess_outcome want = slow_outcome(&pos, seen, ply, &reps);
            bb_chess_result r;
            bb_chess_outcome got = bb_chess_outcome_of(&pos, keys, ply, &r);
            if (got != want || r.repetitions != reps) {
                CHECK(0, "game %d ply %d '%s': %s (%d), want %s (%d)", game, ply, fen_of(&pos),
                      bb_chess_outcome_name(got), r.repetitions, bb_chess_outcome_name(want), reps);
                free(seen), free(keys);
                return;
            }
            seen_outcome[got]++;
            plies++;
            if (r.game_over) break;
            bb_chess_movelist l;
            int n = bb_chess_generate(&pos, BB_GEN_ALL, &l);
            seen[ply] = pos, keys[ply] = pos.key;
            bb_chess_undo u;
            /* every other game of the blocked pawns picks among its first two
             * moves only: the same few positions, five times and more */
            uint64_t choices = game % 16 == 14 && n > 2 ? 2 : (uint64_t)n;
            bb_chess_make(&pos, l.moves[bbt_next(&st) % choices], &u);
        }
    }
    free(seen), free(keys);
    for (int o = 0; o < BB_CHESS_OUTCOME_COUNT; o++)
        CHECK(seen_outcome[o] > 0, "the random games never reached %s", bb_chess_outcome_name((bb_chess_outcome)o));
    CHECK(plies > 20000, "only %ld positions judged", plies);
    printf("random games: %ld positions judged:", plies);
    for (int o = 0; o < BB_CHESS_OUTCOME_COUNT; o++) printf(" %s %d;", bb_chess_outcome_name((bb_chess_outcome)o), seen_outcome[o]);
    printf("\n");
}

int main(void)
{
    RUN(rules);
    RUN(knight_dance);
    RUN(random_games);
    return bbt_finish("chess_outcome");
}
