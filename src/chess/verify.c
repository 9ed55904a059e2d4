/* bb_chess_perft_verify: walks the perft tree and, at every position, holds
 * the generator (default method, the naive method, captures + quiets)
 * against the slow reference (slow.c), and make/unmake against the slow
 * play; stops at the first difference and reports it. */
#include <stdlib.h>
#include <string.h>

#include "bitboard.h"
#include "../core/text.h"
#include "slow.h"

typedef struct {
    bb__out_buf out;
    bb_chess_move path[64];
    uint64_t nodes;
    const char *failed; /* what differed, NULL while everything agrees */
} verify_state;

static int cmp_move(const void *a, const void *b)
{
    return (int)*(const bb_chess_move *)a - (int)*(const bb_chess_move *)b;
}

static void sorted(const bb_chess_movelist *in, bb_chess_movelist *out)
{
    *out = *in;
    qsort(out->moves, (size_t)out->count, sizeof out->moves[0], cmp_move);
}

/* The line of moves from the root and the position's FEN, into the report. */
static void where(verify_state *v, const bb_chess_pos *root, int ply, const bb_chess_pos *pos)
{
    char fen[BB_CHESS_FEN_MAX], m[BB_CHESS_MOVE_TEXT_MAX];
    bb_chess_pos p = *root;
    bb__put(&v->out, "position after");
    if (ply == 0) bb__put(&v->out, " no moves (the root)");
    for (int i = 0; i < ply; i++) {
        bb_chess_move_to_uci(m, sizeof m, &p, v->path[i]);
        bb__put(&v->out, " %s", m);
        bb_chess_pos next;
        bb__chess_slow_play(&p, v->path[i], &next);
        p = next;
    }
    bb_chess_to_fen(fen, sizeof fen, pos, pos->chess960 ? BB_FEN_SHREDDER : BB_FEN_STANDARD);
    bb__put(&v->out, "\nFEN: %s\n", fen);
}

/* The moves of a but not b, as UCI, after label. */
static void list_diff(verify_state *v, const bb_chess_pos *pos, const char *label, const bb_chess_movelist *a,
                      const bb_chess_movelist *b)
{
    int n = 0;
    for (int i = 0; i < a->count; i++) {
        int found = 0;
        for (int j = 0; j < b->count && !found; j++) found = a->moves[i] == b->moves[j];
        if (found) continue;
        char m[BB_CHESS_MOVE_TEXT_MAX];
        bb_chess_move_to_uci(m, sizeof m, pos, a->moves[i]);
        bb__put(&v->out, "%s%s", n++ ? " " : label, m);
        if (bb_chess_move_kind(a->moves[i]) == BB_MOVE_CASTLING) bb__put(&v->out, "(castling)");
        if (bb_chess_move_kind(a->moves[i]) == BB_MOVE_EN_PASSANT) bb__put(&v->out, "(en passant)");
    }
    if (n) bb__put(&v->out, "\n");
}

/* Compares a generated list with the reference's; 0 if they hold the same moves once each. */
static int compare_lists(verify_state *v, const bb_chess_pos *root, int ply, const bb_chess_pos *pos,
                         const char *what, const bb_chess_movelist *got, const bb_chess_movelist *want)
{
    bb_chess_movelist a, b;
    sorted(got, &a);
    sorted(want, &b);
    int same = a.count == b.count && memcmp(a.moves, b.moves, sizeof a.moves[0] * (size_t)a.count) == 0;
    if (same) return 0;
    v->failed = what;
    bb__put(&v->out, "%s differs from the slow generator's list at ", what);
    where(v, root, ply, pos);
    bb__put(&v->out, "%s: %d moves, slow generator: %d moves\n", what, got->count, want->count);
    list_diff(v, pos, "missing (the slow generator has them): ", &b, &a);
    list_diff(v, pos, "extra (only the generator has them): ", &a, &b);
    for (int i = 1; i < a.count; i++)
        if (a.moves[i] == a.moves[i - 1]) {
            char m[BB_CHESS_MOVE_TEXT_MAX];
            bb_chess_move_to_uci(m, sizeof m, pos, a.moves[i]);
            bb__put(&v->out, "listed twice: %s\n", m);
        }
    return 1;
}

/* Whether two positions are the same: every field, the rooks of the rights held only. */
static const char *pos_differs(const bb_chess_pos *a, const bb_chess_pos *b)
{
    if (memcmp(a->board, b->board, sizeof a->board) != 0) return "the board";
    if (memcmp(a->pieces, b->pieces, sizeof a->pieces) != 0) return "the piece bitboards";
    if (a->color[0] != b->color[0] || a->color[1] != b->color[1] || a->occupied != b->occupied)
        return "the colour or occupancy bitboards";
    if (a->side != b->side) return "the side to move";
    if (a->castling != b->castling) return "the castling rights";
    for (int i = 0; i < 4; i++)
        if ((a->castling >> i & 1) && a->castle_rook[i] != b->castle_rook[i]) return "a castling right's rook";
    if (a->ep != b->ep) return "the en-passant square";
    if (a->halfmove != b->halfmove || a->fullmove != b->fullmove) return "the move clocks";
    if (a->chess960 != b->chess960) return "the Chess960 flag";
    if (a->key != b->key) return "the key";
    return NULL;
}

static int walk(verify_state *v, const bb_chess_pos *root, bb_chess_pos *pos, int ply, int depth)
{
    bb_chess_movelist slow, fast, naive, caps, quiets, slow_caps, slow_quiets;
    v->nodes++;
    bb__chess_slow_generate(pos, BB_GEN_ALL, &slow);
    bb_chess_generate(pos, BB_GEN_ALL, &fast);
    if (compare_lists(v, root, ply, pos, "bb_chess_generate", &fast, &slow)) return 1;
    bb_chess_generate_with(BB_ATTACKS_NAIVE, pos, BB_GEN_ALL, &naive);
    if (compare_lists(v, root, ply, pos, "bb_chess_generate_with(naive)", &naive, &slow)) return 1;
    bb__chess_slow_generate(pos, BB_GEN_CAPTURES, &slow_caps);
    bb_chess_generate(pos, BB_GEN_CAPTURES, &caps);
    if (compare_lists(v, root, ply, pos, "bb_chess_generate(captures)", &caps, &slow_caps)) return 1;
    bb__chess_slow_generate(pos, BB_GEN_QUIETS, &slow_quiets);
    bb_chess_generate(pos, BB_GEN_QUIETS, &quiets);
    if (compare_lists(v, root, ply, pos, "bb_chess_generate(quiets)", &quiets, &slow_quiets)) return 1;
    int king = -1;
    for (int sq = 0; sq < 64; sq++)
        if (pos->board[sq] == pos->side * 8 + BB_KING) king = sq;
    int check = king >= 0 && bb__chess_slow_attacked(pos, king, pos->side ^ 1, pos->occupied);
    if (bb_chess_is_check(pos) != check) {
        v->failed = "bb_chess_is_check";
        bb__put(&v->out, "bb_chess_is_check says %d, the slow generator %d, at ", bb_chess_is_check(pos), check);
        where(v, root, ply, pos);
        return 1;
    }
    for (int i = 0; i < slow.count; i++) {
        bb_chess_move m = slow.moves[i];
        char text[BB_CHESS_MOVE_TEXT_MAX];
        bb_chess_move_to_uci(text, sizeof text, pos, m);
        if (!bb_chess_is_legal(pos, m)) {
            v->failed = "bb_chess_is_legal";
            bb__put(&v->out, "bb_chess_is_legal says %s is not legal at ", text);
            where(v, root, ply, pos);
            return 1;
        }
        bb_chess_pos want, got = *pos, before = *pos;
        bb_chess_undo undo;
        bb__chess_slow_play(pos, m, &want);
        bb_chess_make(&got, m, &undo);
        const char *d = pos_differs(&got, &want);
        if (!d && got.key != bb_chess_key(&got)) d = "the incremental key (not bb_chess_key's)";
        if (d) {
            v->failed = "bb_chess_make";
            bb__put(&v->out, "bb_chess_make of %s gets %s wrong at ", text, d);
            where(v, root, ply, pos);
            return 1;
        }
        if (ply + 1 < depth) {
            v->path[ply] = m;
            if (walk(v, root, &got, ply + 1, depth)) return 1;
        }
        bb_chess_unmake(&got, m, &undo);
        if ((d = pos_differs(&got, &before)) != NULL) {
            v->failed = "bb_chess_unmake";
            bb__put(&v->out, "bb_chess_unmake of %s leaves %s wrong at ", text, d);
            where(v, root, ply, pos);
            return 1;
        }
    }
    return 0;
}

int bb_chess_perft_verify(const bb_chess_pos *pos, int depth, char *report, size_t size)
{
    verify_state v;
    memset(&v, 0, sizeof v);
    v.out.buf = report;
    v.out.size = size;
    if (size) report[0] = '\0';
    if (depth > 64) depth = 64;
    bb_chess_pos p = *pos;
    int bad = walk(&v, pos, &p, 0, depth);
    if (!bad)
        bb__put(&v.out, "depth %d: %llu positions checked; every move list, make and unmake agree with the slow "
                        "generator\n", depth, (unsigned long long)v.nodes);
    return bad;
}
