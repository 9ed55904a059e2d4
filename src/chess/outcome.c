/* How a chess game stands: checkmate, stalemate, the dead positions decided
 * cheaply, the seventy-five-move rule and fivefold repetition (the rules end
 * the game), the fifty-move rule and threefold repetition (a player may
 * claim a draw).  Repetition is counted over the keys of the game's earlier
 * positions, which a caller (or a game object) keeps. */
#include "chess_internal.h"

#include <stdio.h>
#include <string.h>

static const char *const side_names[2] = {"white", "black"};

/* Whether the position is dead by the cheap rules (see chess.h): no pawn,
 * rook or queen, and at most one minor piece, or bishops alone, all on
 * squares of one colour.  *why (may be NULL) names the material. */
static int dead_material(const bb_chess_pos *pos, char *why, size_t size)
{
    const uint64_t light = 0x55AA55AA55AA55AAULL; /* b1, d1, ..., a2, ...: the light squares */
    uint64_t heavy = 0;
    for (int c = 0; c < 2; c++)
        heavy |= pos->pieces[c][BB_PAWN] | pos->pieces[c][BB_ROOK] | pos->pieces[c][BB_QUEEN];
    if (heavy) return 0;
    uint64_t n = pos->pieces[0][BB_KNIGHT] | pos->pieces[1][BB_KNIGHT];
    uint64_t b = pos->pieces[0][BB_BISHOP] | pos->pieces[1][BB_BISHOP];
    int nn = bb_popcount(n), nb = bb_popcount(b);
    if (nn + nb == 0) {
        if (why) snprintf(why, size, "K v K");
    } else if (nn + nb == 1) {
        int c = (pos->color[1] & (n | b)) != 0;
        if (why) snprintf(why, size, "K+%c v K (%s has the %s)", nn ? 'N' : 'B', side_names[c], nn ? "knight" : "bishop");
    } else if (nn == 0 && ((b & light) == 0 || (b & ~light) == 0)) {
        if (why)
            snprintf(why, size, "bishops only, all %d on %s squares", nb, (b & light) ? "light" : "dark");
    } else {
        return 0;
    }
    return 1;
}

int bb_chess_insufficient_material(const bb_chess_pos *pos)
{
    BB__ASSERT_NOT_NULL(pos, "pos");
    return pos ? dead_material(pos, NULL, 0) : 0;
}

int bb_chess_repetitions(const bb_chess_pos *pos, const uint64_t *history, int n)
{
    BB__ASSERT_NOT_NULL(pos, "pos");
    if (!pos) return 0;
    int count = 1;
    if (!history || n <= 0) return count;
    /* only positions since the last capture or pawn move can repeat, and only
     * those with the same side to move: every second one back */
    int back = pos->halfmove < n ? pos->halfmove : n;
    for (int k = 2; k <= back; k += 2)
        if (history[n - k] == pos->key) count++;
    return count;
}

bb_chess_outcome bb_chess_outcome_of(const bb_chess_pos *pos, const uint64_t *history, int n, bb_chess_result *r)
{
    BB__ASSERT_NOT_NULL(pos, "pos");
    bb_chess_result local;
    if (!r) r = &local;
    memset(r, 0, sizeof *r);
    r->winner = -1;
    if (!pos) return r->outcome = BB_CHESS_ONGOING;
    BB__ASSERT(n >= 0, "n", n);
    bb_chess_movelist list;
    int moves = bb_chess_generate(pos, BB_GEN_ALL, &list);
    int us = pos->side & 1;
    r->repetitions = bb_chess_repetitions(pos, history, n);
    char mat[96];
    if (moves == 0 && bb_chess_is_check(pos)) {
        r->outcome = BB_CHESS_CHECKMATE, r->winner = us ^ 1, r->game_over = 1;
        snprintf(r->why, sizeof r->why, "%s is checkmated: %s wins", side_names[us], side_names[us ^ 1]);
    } else if (moves == 0) {
        r->outcome = BB_CHESS_STALEMATE, r->game_over = 1;
        snprintf(r->why, sizeof r->why, "%s has no legal move and is not in check", side_names[us]);
    } else if (dead_material(pos, mat, sizeof mat)) {
        r->outcome = BB_CHESS_INSUFFICIENT_MATERIAL, r->game_over = 1;
        snprintf(r->why, sizeof r->why, "no checkmate is possible: %s", mat);
    } else if (pos->halfmove >= 150) {
        r->outcome = BB_CHESS_SEVENTYFIVE_MOVES, r->game_over = 1;
        snprintf(r->why, sizeof r->why, "%u plies without a capture or a pawn move (150 end the game)",
                 (unsigned)pos->halfmove);
    } else if (r->repetitions >= 5) {
        r->outcome = BB_CHESS_FIVEFOLD_REPETITION, r->game_over = 1;
        snprintf(r->why, sizeof r->why, "the position has stood %d times (5 end the game)", r->repetitions);
    } else if (pos->halfmove >= 100) {
        r->outcome = BB_CHESS_FIFTY_MOVES;
        snprintf(r->why, sizeof r->why, "%u plies without a capture or a pawn move: %s may claim a draw",
                 (unsigned)pos->halfmove, side_names[us]);
    } else if (r->repetitions >= 3) {
        r->outcome = BB_CHESS_THREEFOLD_REPETITION;
        snprintf(r->why, sizeof r->why, "the position has stood %d times: %s may claim a draw", r->repetitions,
                 side_names[us]);
    } else {
        r->outcome = BB_CHESS_ONGOING;
        snprintf(r->why, sizeof r->why, "%s to move, %d legal move%s", side_names[us], moves, moves == 1 ? "" : "s");
    }
    return r->outcome;
}

int bb_chess_game_over(const bb_chess_pos *pos, const uint64_t *history, int n)
{
    bb_chess_result r;
    bb_chess_outcome_of(pos, history, n, &r);
    return r.game_over;
}

int bb_chess_can_claim_draw(const bb_chess_pos *pos, const uint64_t *history, int n)
{
    bb_chess_result r;
    bb_chess_outcome_of(pos, history, n, &r);
    return r.outcome == BB_CHESS_FIFTY_MOVES || r.outcome == BB_CHESS_THREEFOLD_REPETITION;
}

static const char *const outcome_names[BB_CHESS_OUTCOME_COUNT] = {
    "ongoing", "checkmate", "stalemate", "insufficient material", "seventy-five-move rule", "fivefold repetition",
    "fifty-move rule", "threefold repetition"};

const char *bb_chess_outcome_name(bb_chess_outcome o)
{
    return (unsigned)o < BB_CHESS_OUTCOME_COUNT ? outcome_names[o] : NULL;
}
