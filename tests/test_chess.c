/* Chess move generation, make/unmake and the queries around them, through the
 * public API:
 *   - perft by generate/make/recurse/unmake on the Chess Programming Wiki's
 *     six "Perft Results" positions, and with every attack method;
 *   - Chess960 perft from the Chess Programming Wiki's "Chess960 Perft
 *     Results" table, and the castling cases of the common perft suite
 *     (perftsuite.epd);
 *   - every node of those trees to depth 3 against the slow generator
 *     (src/chess/slow.c: naive attacks, play on a copy, reject if the king is
 *     attacked): the same move list, captures + quiets = all, make equal to
 *     the slow play field by field, unmake restoring every field, the
 *     incremental key equal to bb_chess_key, FEN round trips, is_legal on
 *     every generated move, checkers and pinned against slow definitions;
 *   - is_legal on all 65536 move values against the generated list;
 *   - attackers_to against a square-by-square reference;
 *   - the symmetries: which are allowed, and perft unchanged by each. */
#include <stdlib.h>
#include <string.h>

#include "bitboard.h"
#include "harness.h"
#include "../src/chess/slow.h"
#include "chess_positions.h"

/* ---- Helpers -------------------------------------------------------------------- */

/* Field by field (castle_rook only where the right is held); chess960 too if with960. */
static int pos_equal(const bb_chess_pos *a, const bb_chess_pos *b, int with960)
{
    if (memcmp(a->pieces, b->pieces, sizeof a->pieces) || memcmp(a->color, b->color, sizeof a->color)) return 0;
    if (a->occupied != b->occupied || a->key != b->key || memcmp(a->board, b->board, 64)) return 0;
    if (a->side != b->side || a->castling != b->castling || a->ep != b->ep) return 0;
    if (a->halfmove != b->halfmove || a->fullmove != b->fullmove) return 0;
    for (int i = 0; i < 4; i++)
        if ((a->castling >> i & 1) && a->castle_rook[i] != b->castle_rook[i]) return 0;
    return !with960 || a->chess960 == b->chess960;
}

static int cmp_move(const void *a, const void *b)
{
    return (int)*(const bb_chess_move *)a - (int)*(const bb_chess_move *)b;
}
static void sort_list(bb_chess_movelist *l) { qsort(l->moves, (size_t)l->count, sizeof l->moves[0], cmp_move); }

static int same_list(bb_chess_movelist a, bb_chess_movelist b)
{
    if (a.count != b.count) return 0;
    sort_list(&a), sort_list(&b);
    return memcmp(a.moves, b.moves, (size_t)a.count * sizeof a.moves[0]) == 0;
}

static uint64_t perft(bb_chess_pos *pos, int depth)
{
    bb_chess_movelist list;
    int n = bb_chess_generate(pos, BB_GEN_ALL, &list);
    if (depth <= 1) return depth == 1 ? (uint64_t)n : 1;
    uint64_t total = 0;
    bb_chess_undo u;
    for (int i = 0; i < n; i++) {
        bb_chess_make(pos, list.moves[i], &u);
        total += perft(pos, depth - 1);
        bb_chess_unmake(pos, list.moves[i], &u);
    }
    return total;
}

static uint64_t perft_with(bb_attack_method m, bb_chess_pos *pos, int depth)
{
    bb_chess_movelist list;
    int n = bb_chess_generate_with(m, pos, BB_GEN_ALL, &list);
    if (depth <= 1) return depth == 1 ? (uint64_t)n : 1;
    uint64_t total = 0;
    bb_chess_undo u;
    for (int i = 0; i < n; i++) {
        bb_chess_make(pos, list.moves[i], &u);
        total += perft_with(m, pos, depth - 1);
        bb_chess_unmake(pos, list.moves[i], &u);
    }
    return total;
}

static void run_cases(const perft_case *c, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        bb_chess_pos pos, before;
        parse(&pos, c[i].fen);
        before = pos;
        uint64_t got = perft(&pos, c[i].depth);
        CHECK(got == c[i].nodes, "perft %d of '%s': got %llu, want %llu", c[i].depth, c[i].fen,
              (unsigned long long)got, (unsigned long long)c[i].nodes);
        CHECK(pos_equal(&pos, &before, 1), "'%s' not restored after perft", c[i].fen);
    }
}

/* ---- The positions ---------------------------------------------------------------- */


/* ---- Perft ------------------------------------------------------------------------ */

static void perft_wiki(void)
{
    static const perft_case c[] = {
        {START, 1, 20},         {START, 2, 400},         {START, 3, 8902},       {START, 5, 4865609},
        {KIWIPETE, 1, 48},      {KIWIPETE, 2, 2039},     {KIWIPETE, 4, 4085603}, {POS3, 1, 14},
        {POS3, 3, 2812},        {POS3, 5, 674624},       {POS4, 1, 6},           {POS4, 2, 264},
        {POS4, 4, 422333},      {POS4M, 1, 6},           {POS4M, 4, 422333},     {POS5, 1, 44},
        {POS5, 2, 1486},        {POS5, 4, 2103487},      {POS6, 1, 46},          {POS6, 2, 2079},
        {POS6, 4, 3894594},     {START, 0, 1},
    };
    run_cases(c, sizeof c / sizeof c[0]);
}

static void perft_chess960(void) { run_cases(chess960, N_960); }

/* Rules of src/chess/legal_inline.h the published trees leave untried (Stockfish 15.1's
 * counts), the first two for both colours: a double check that a rook could half answer by
 * taking the knight (only the king moves); a pawn pinned on a diagonal beside an enemy piece
 * it could take off its ray (it takes the pinner only); a Chess960 rook on b1 hiding a1's
 * attack on c1, the queenside king's landing square (no castling). */
static void legal_rules(void)
{
    static const perft_case c[] = {
        {"4r2k/8/8/8/8/R2n4/8/4K3 w - - 0 1", 1, 3}, {"4r2k/8/8/8/8/R2n4/8/4K3 w - - 0 1", 3, 970},
        {"4k3/8/r2N4/8/8/8/8/4R2K b - - 0 1", 1, 3}, {"4k3/8/r2N4/8/8/8/8/4R2K b - - 0 1", 3, 970},
        {"7k/8/8/8/8/n1b5/1P6/K7 w - - 0 1", 1, 2},  {"7k/8/8/8/8/n1b5/1P6/K7 w - - 0 1", 3, 114},
        {"k7/1p6/N1B5/8/8/8/8/7K b - - 0 1", 1, 2},  {"k7/1p6/N1B5/8/8/8/8/7K b - - 0 1", 3, 114},
        {"1r1k4/8/8/8/8/8/8/rR1K4 w B - 0 1", 2, 145}, {"3k4/8/8/8/8/8/8/rR1K4 w B - 0 1", 2, 82},
    };
    run_cases(c, sizeof c / sizeof c[0]);
}

static void perft_suite(void) { run_cases(suite, N_SUITE); }

/* Every attack method on the first four positions. */
static void perft_methods(void)
{
    static const perft_case c[] = {
        {START, 4, 197281}, {KIWIPETE, 3, 97862}, {POS3, 4, 43238}, {POS4, 3, 9467}, {POS4M, 3, 9467},
        {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 3, 12189},
    };
    int tried = 0;
    for (int m = 0; m < BB_ATTACK_METHOD_COUNT; m++) {
        if (!bb_attack_method_available((bb_attack_method)m)) continue;
        tried++;
        for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
            bb_chess_pos pos;
            parse(&pos, c[i].fen);
            uint64_t got = perft_with((bb_attack_method)m, &pos, c[i].depth);
            CHECK(got == c[i].nodes, "%s: perft %d of '%s': got %llu, want %llu",
                  bb_attack_method_name((bb_attack_method)m), c[i].depth, c[i].fen, (unsigned long long)got,
                  (unsigned long long)c[i].nodes);
        }
    }
    CHECK(tried >= 6, "only %d methods available", tried);
}

/* ---- Every node against the slow generator ------------------------------------ */

/* The pieces of the side to move that are alone between their king and an enemy slider on
 * a line (square by square). */
static uint64_t slow_pinned(const bb_chess_pos *pos)
{
    int us = pos->side, them = us ^ 1, k = __builtin_ctzll(pos->pieces[us][BB_KING]);
    uint64_t pinned = 0;
    static const int dirs[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    for (int d = 0; d < 8; d++) {
        int f = (k & 7) + dirs[d][0], r = (k >> 3) + dirs[d][1], own = -1;
        for (; f >= 0 && f < 8 && r >= 0 && r < 8; f += dirs[d][0], r += dirs[d][1]) {
            int sq = r * 8 + f, pc = pos->board[sq];
            if (pc == BB_CHESS_EMPTY) continue;
            if (pc >> 3 == us) {
                if (own >= 0) break;
                own = sq;
                continue;
            }
            int t = pc & 7, straight = d < 4;
            if (own >= 0 && (t == BB_QUEEN || (straight ? t == BB_ROOK : t == BB_BISHOP))) pinned |= (uint64_t)1 << own;
            break;
        }
    }
    (void)them;
    return pinned;
}

static uint64_t slow_checkers(const bb_chess_pos *pos)
{
    int us = pos->side, k = __builtin_ctzll(pos->pieces[us][BB_KING]);
    uint64_t c = 0;
    for (int sq = 0; sq < 64; sq++) {
        int pc = pos->board[sq];
        if (pc == BB_CHESS_EMPTY || pc >> 3 == us) continue;
        /* a lone piece attacks k iff the position with only it and the king says so */
        bb_chess_pos one;
        memset(&one, 0, sizeof one);
        memset(one.board, BB_CHESS_EMPTY, 64);
        one.board[sq] = (uint8_t)pc;
        one.pieces[pc >> 3][pc & 7] = (uint64_t)1 << sq;
        one.color[pc >> 3] = (uint64_t)1 << sq;
        one.occupied = pos->occupied;
        if (bb__chess_slow_attacked(&one, k, pc >> 3, pos->occupied)) c |= (uint64_t)1 << sq;
    }
    return c;
}

typedef struct {
    long nodes, failures;
    int check_fen; /* FEN round trips */
} walk_stats;

/* The positions at depth 1 (the leaves) get the list comparison, the key and a FEN round
 * trip; the others everything. */
static void leaf(bb_chess_pos *pos, walk_stats *st)
{
    st->nodes++;
    bb_chess_movelist all, slow;
    bb_chess_generate(pos, BB_GEN_ALL, &all);
    bb__chess_slow_generate(pos, BB_GEN_ALL, &slow);
    if (!same_list(all, slow)) {
        CHECK(0, "'%s': %d moves, the slow generator %d", fen_of(pos), all.count, slow.count);
        st->failures++;
    }
    CHECK_EQ64(pos->key, bb_chess_key(pos), "key of '%s'", fen_of(pos));
    char buf[BB_CHESS_FEN_MAX];
    bb_chess_to_fen(buf, sizeof buf, pos, BB_FEN_STANDARD);
    bb_chess_pos back;
    if (bb_chess_from_fen(&back, buf, NULL) != 0 || !pos_equal(&back, pos, 0)) {
        CHECK(0, "'%s' does not read back", buf);
        st->failures++;
    }
}

static void walk(bb_chess_pos *pos, int depth, walk_stats *st)
{
    if (st->failures > 5) return;
    if (depth == 0) {
        leaf(pos, st);
        return;
    }
    st->nodes++;
    bb_chess_movelist all, caps, quiets, slow;
    bb_chess_generate(pos, BB_GEN_ALL, &all);
    bb_chess_generate(pos, BB_GEN_CAPTURES, &caps);
    bb_chess_generate(pos, BB_GEN_QUIETS, &quiets);
    bb__chess_slow_generate(pos, BB_GEN_ALL, &slow);
    const char *fen = fen_of(pos);
    int ok = same_list(all, slow);
    CHECK(ok, "'%s': %d moves, the slow generator %d", fen, all.count, slow.count);
    bb_chess_movelist both = caps;
    memcpy(both.moves + both.count, quiets.moves, (size_t)quiets.count * sizeof both.moves[0]);
    both.count += quiets.count;
    CHECK(same_list(both, all), "'%s': captures (%d) + quiets (%d) != all (%d)", fen, caps.count, quiets.count,
          all.count);
    for (int i = 0; i < caps.count; i++) {
        bb_chess_move m = caps.moves[i];
        int to = bb_chess_move_to(m), kind = bb_chess_move_kind(m);
        int is_cap = kind == BB_MOVE_EN_PASSANT || kind == BB_MOVE_PROMOTION ||
                     (kind == BB_MOVE_NORMAL && pos->board[to] != BB_CHESS_EMPTY);
        CHECK(is_cap, "'%s': capture list holds move 0x%04x", fen, m);
    }
    for (int m = 0; m < BB_ATTACK_METHOD_COUNT; m++) {
        if (!bb_attack_method_available((bb_attack_method)m)) continue;
        static const bb_chess_gen modes[3] = {BB_GEN_ALL, BB_GEN_CAPTURES, BB_GEN_QUIETS};
        const bb_chess_movelist *want[3] = {&all, &caps, &quiets};
        for (int k = 0; k < 3; k++) {
            bb_chess_movelist l;
            bb_chess_generate_with((bb_attack_method)m, pos, modes[k], &l);
            CHECK(same_list(l, *want[k]), "'%s': method %d mode %d differs", fen, m, k);
        }
    }
    bb_chess_movelist slow_caps;
    bb__chess_slow_generate(pos, BB_GEN_CAPTURES, &slow_caps);
    CHECK(same_list(caps, slow_caps), "'%s': captures differ from the slow generator's", fen);

    CHECK_EQ64(pos->key, bb_chess_key(pos), "key of '%s'", fen);
    CHECK_EQ64(bb_chess_checkers(pos), slow_checkers(pos), "checkers of '%s'", fen);
    CHECK(bb_chess_is_check(pos) == (slow_checkers(pos) != 0), "is_check of '%s'", fen);
    CHECK_EQ64(bb_chess_pinned(pos), slow_pinned(pos), "pinned of '%s'", fen);

    /* FEN round trip in all three styles */
    static const int styles[3] = {BB_FEN_STANDARD, BB_FEN_SHREDDER, BB_FEN_XFEN};
    for (int s = 0; s < 3; s++) {
        char buf[BB_CHESS_FEN_MAX];
        size_t len = bb_chess_to_fen(buf, sizeof buf, pos, styles[s]);
        CHECK(len == strlen(buf) && len < sizeof buf, "to_fen length %zu", len);
        bb_chess_pos back;
        bb_parse_error err;
        int rc = bb_chess_from_fen(&back, buf, &err);
        CHECK(rc == 0 && pos_equal(&back, pos, 0), "style %d: '%s' does not read back (%s)", s, buf,
              rc ? err.msg : "different");
    }

    for (int i = 0; i < all.count && st->failures <= 5; i++) {
        bb_chess_move m = all.moves[i];
        CHECK(bb_chess_is_legal(pos, m), "'%s': is_legal(0x%04x) is 0 for a generated move", fen, m);
        bb_chess_pos before = *pos, played;
        bb__chess_slow_play(pos, m, &played);
        bb_chess_undo u;
        bb_chess_make(pos, m, &u);
        if (!pos_equal(pos, &played, 0)) {
            char a[BB_CHESS_FEN_MAX], b[BB_CHESS_FEN_MAX];
            bb_chess_to_fen(a, sizeof a, pos, BB_FEN_SHREDDER);
            bb_chess_to_fen(b, sizeof b, &played, BB_FEN_SHREDDER);
            CHECK(0, "'%s' move 0x%04x: make gives '%s' key %016llx, slow play '%s' key %016llx",
                  fen_of(&before), m, a, (unsigned long long)pos->key, b, (unsigned long long)played.key);
            st->failures++;
        }
        walk(pos, depth - 1, st);
        bb_chess_unmake(pos, m, &u);
        if (!pos_equal(pos, &before, 1)) {
            CHECK(0, "'%s': unmake of 0x%04x does not restore", fen_of(&before), m);
            st->failures++;
            *pos = before;
        }
    }
    if (!ok) st->failures++;
}

static void tree_against_slow(void)
{
    walk_stats st = {0, 0, 0};
    for (size_t i = 0; i < N_WIKI + 6; i++) {
        if (!bbt_mine((long)i)) continue;
        bb_chess_pos pos;
        parse(&pos, i < N_WIKI ? wiki[i].fen : chess960[i - N_WIKI].fen);
        walk(&pos, 3, &st);
    }
    CHECK(st.nodes > 100000 / bbt_slices(), "walked only %ld nodes", st.nodes);
}

/* ---- is_legal on every 16-bit value ----------------------------------------------- */

static void is_legal_exhaustive(void)
{
    const char *extra[] = {
        "4k3/8/8/2KPp2r/8/8/8/8 w - e6 0 1",                     /* en passant exposing the king */
        "8/8/8/8/k2Pp2Q/8/8/4K3 b - d3 0 1",                     /* the horizontal pin */
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",                  /* castling */
        "1r2k2r/8/8/8/8/8/8/R3K2R b KQk - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1",               /* promotions */
        "4k3/8/8/8/1b6/8/3P4/4K3 w - - 0 1",                     /* a pinned pawn */
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R b hf - 0 9",
        "1r1k3r/8/8/8/8/8/8/R4KR1 w GAhb - 0 1",
        "4k3/8/8/8/8/8/8/rR2K3 w B - 0 1",                       /* rook shields the king's target */
    };
    const size_t n_extra = sizeof extra / sizeof extra[0];
    for (size_t i = 0; i < N_WIKI + n_extra; i++) {
        bb_chess_pos root;
        parse(&root, i < N_WIKI ? wiki[i].fen : extra[i - N_WIKI]);
        bb_chess_movelist first;
        int n = bb_chess_generate(&root, BB_GEN_ALL, &first);
        for (int j = -1; j < n; j++) {
            bb_chess_pos pos = root;
            bb_chess_undo u;
            if (j >= 0) bb_chess_make(&pos, first.moves[j], &u);
            if (j >= 8 && i < N_WIKI) break; /* a few children each */
            bb_chess_movelist list;
            bb_chess_generate(&pos, BB_GEN_ALL, &list);
            static unsigned char in_list[65536];
            memset(in_list, 0, sizeof in_list);
            for (int k = 0; k < list.count; k++) in_list[list.moves[k]] = 1;
            long bad = 0;
            for (unsigned v = 0; v < 65536 && bad < 3; v++) {
                int got = bb_chess_is_legal(&pos, (bb_chess_move)v);
                if (got != in_list[v]) {
                    bad++;
                    CHECK(0, "'%s': is_legal(0x%04x) = %d, generated: %d", fen_of(&pos), v, got, in_list[v]);
                }
            }
        }
    }
}

/* ---- attackers_to ---------------------------------------------------------------- */

static void attackers_to_reference(void)
{
    uint64_t st = 7;
    for (size_t i = 0; i < N_WIKI + 6; i++) {
        bb_chess_pos pos;
        parse(&pos, i < N_WIKI ? wiki[i].fen : chess960[i - N_WIKI].fen);
        for (int trial = 0; trial < 20; trial++) {
            uint64_t occ = trial == 0 ? pos.occupied : bbt_board(&st);
            for (int sq = 0; sq < 64; sq++) {
                uint64_t want = 0;
                for (int from = 0; from < 64; from++) {
                    int pc = pos.board[from];
                    if (pc == BB_CHESS_EMPTY) continue;
                    uint64_t a;
                    switch (pc & 7) {
                    case BB_PAWN: a = bb_pawn_attacks(pc >> 3, from); break;
                    case BB_KNIGHT: a = bb_knight_attacks(from); break;
                    case BB_BISHOP: a = bb_bishop_attacks_naive(from, occ); break;
                    case BB_ROOK: a = bb_rook_attacks_naive(from, occ); break;
                    case BB_QUEEN: a = bb_rook_attacks_naive(from, occ) | bb_bishop_attacks_naive(from, occ); break;
                    default: a = bb_king_attacks(from); break;
                    }
                    if (a >> sq & 1) want |= (uint64_t)1 << from;
                }
                CHECK_EQ64(bb_chess_attackers_to(&pos, sq, occ), want, "'%s' sq %d", wiki[i % N_WIKI].fen, sq);
            }
        }
    }
}

/* ---- Random games: make/unmake over long lines ------------------------------------ */

static void random_games(void)
{
    uint64_t st = 2024;
    for (int game = 0; game < 200; game++) {
        bb_chess_pos pos;
        parse(&pos, game % 3 == 0 ? START : chess960[game % N_960].fen);
        bb_chess_pos start = pos;
        bb_chess_move moves[300];
        bb_chess_undo undos[300];
        bb_chess_pos seen[300];
        int plies = 0;
        for (; plies < 300; plies++) {
            bb_chess_movelist list;
            if (bb_chess_generate(&pos, BB_GEN_ALL, &list) == 0) break;
            bb_chess_move m = list.moves[bbt_next(&st) % (uint64_t)list.count];
            seen[plies] = pos;
            moves[plies] = m;
            bb_chess_pos played;
            bb__chess_slow_play(&pos, m, &played);
            bb_chess_make(&pos, m, &undos[plies]);
            if (!pos_equal(&pos, &played, 0)) {
                CHECK(0, "game %d ply %d: make of 0x%04x differs from the slow play from '%s'", game, plies, m,
                      fen_of(&seen[plies]));
                return;
            }
            CHECK_EQ64(pos.key, bb_chess_key(&pos), "game %d ply %d", game, plies);
        }
        while (plies-- > 0) {
            bb_chess_unmake(&pos, moves[plies], &undos[plies]);
            if (!pos_equal(&pos, &seen[plies], 1)) {
                CHECK(0, "game %d: unmake at ply %d", game, plies);
                return;
            }
        }
        CHECK(pos_equal(&pos, &start, 1), "game %d: start not restored", game);
    }
}

/* ---- The null move and the clocks ------------------------------------------------ */

/* At every node not in check of the wiki trees to depth 2: make_null flips the
 * side, clears en passant, moves the clocks as a move would, keeps the key
 * equal to bb_chess_key, and lists the moves of the same FEN with the other
 * side to move; unmake_null restores every field. */
static void null_walk(bb_chess_pos *pos, int depth, long *tried)
{
    if (!bb_chess_is_check(pos)) {
        bb_chess_pos before = *pos;
        bb_chess_undo u;
        bb_chess_make_null(pos, &u);
        (*tried)++;
        const char *fen = fen_of(&before);
        CHECK(pos->side == (before.side ^ 1) && pos->ep == BB_CHESS_NO_EP, "'%s': side or ep after null", fen);
        CHECK(pos->castling == before.castling && memcmp(pos->board, before.board, 64) == 0 &&
              memcmp(pos->pieces, before.pieces, sizeof pos->pieces) == 0, "'%s': the null move moved something", fen);
        CHECK(pos->halfmove == before.halfmove + 1 && pos->fullmove == before.fullmove + before.side,
              "'%s': clocks %u %u after null", fen, pos->halfmove, pos->fullmove);
        CHECK_EQ64(pos->key, bb_chess_key(pos), "key after the null move from '%s'", fen);
        /* the same position read from FEN: the same moves */
        char text[BB_CHESS_FEN_MAX];
        bb_chess_to_fen(text, sizeof text, pos, BB_FEN_SHREDDER);
        bb_chess_pos read;
        if (bb_chess_from_fen(&read, text, NULL) != 0) {
            CHECK(0, "'%s' (after the null move from '%s') does not read", text, fen);
        } else {
            CHECK_EQ64(read.key, pos->key, "key of '%s'", text);
            bb_chess_movelist a, b;
            bb_chess_generate(pos, BB_GEN_ALL, &a);
            bb_chess_generate(&read, BB_GEN_ALL, &b);
            CHECK(same_list(a, b), "'%s': the moves after the null move differ from the FEN's", text);
        }
        bb_chess_unmake_null(pos, &u);
        CHECK(pos_equal(pos, &before, 1), "'%s': unmake_null does not restore", fen);
        *pos = before;
    }
    if (depth == 0) return;
    bb_chess_movelist list;
    bb_chess_generate(pos, BB_GEN_ALL, &list);
    for (int i = 0; i < list.count; i++) {
        bb_chess_undo u;
        bb_chess_make(pos, list.moves[i], &u);
        null_walk(pos, depth - 1, tried);
        bb_chess_unmake(pos, list.moves[i], &u);
    }
}

static void null_move(void)
{
    long tried = 0;
    for (size_t i = 0; i < N_WIKI; i++) {
        bb_chess_pos pos;
        parse(&pos, wiki[i].fen);
        null_walk(&pos, 2, &tried);
    }
    for (size_t i = 0; i < 4; i++) {
        bb_chess_pos pos;
        parse(&pos, chess960[i].fen);
        null_walk(&pos, 2, &tried);
    }
    CHECK(tried > 5000, "only %ld null moves tried", tried);
    /* a position with en passant: the null move drops it from the key */
    bb_chess_pos pos, plain;
    parse(&pos, "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    parse(&plain, "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR b KQkq - 1 3");
    CHECK(pos.ep == BB_F6, "ep kept");
    bb_chess_undo u;
    bb_chess_make_null(&pos, &u);
    CHECK_EQ64(pos.key, plain.key, "null move from a position with en passant");
    CHECK(pos_equal(&pos, &plain, 0), "null move equals the FEN with black to move and no ep");
}

/* The clocks stop at 65535 rather than wrap, and unmake restores them exactly. */
static void clocks_saturate(void)
{
    static const struct { const char *fen, *uci; unsigned half, full; } c[] = {
        {"8/8/4k3/8/8/3K4/8/8 w - - 65535 80", "d3d4", 65535, 80},
        {"8/8/4k3/8/8/3K4/8/8 b - - 65534 80", "e6e5", 65535, 81},
        {"8/8/4k3/8/8/3K4/8/8 b - - 65535 65535", "e6e5", 65535, 65535},
        {"8/8/4k3/8/8/3K4/8/8 w - - 7 65535", "d3d4", 8, 65535},
        {"8/8/4k3/8/8/3K4/8/8 b - - 7 65534", "e6e5", 8, 65535},
        {"8/3p4/4k3/8/8/3K4/8/8 b - - 65535 65535", "d7d5", 0, 65535},
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        bb_chess_pos pos;
        parse(&pos, c[i].fen);
        bb_chess_pos before = pos;
        bb_chess_move m;
        if (bb_chess_move_from_uci(&pos, c[i].uci, &m, NULL) != 0) {
            CHECK(0, "'%s': %s not read", c[i].fen, c[i].uci);
            continue;
        }
        bb_chess_undo u;
        bb_chess_make(&pos, m, &u);
        CHECK(pos.halfmove == c[i].half && pos.fullmove == c[i].full, "'%s' %s: clocks %u %u, want %u %u", c[i].fen,
              c[i].uci, pos.halfmove, pos.fullmove, c[i].half, c[i].full);
        bb_chess_unmake(&pos, m, &u);
        CHECK(pos_equal(&pos, &before, 1), "'%s' %s: unmake does not restore the clocks (%u %u)", c[i].fen, c[i].uci,
              pos.halfmove, pos.fullmove);
        if (!bb_chess_is_check(&pos)) {
            bb_chess_make_null(&pos, &u);
            unsigned half = before.halfmove == 65535 ? 65535u : before.halfmove + 1u;
            unsigned full = before.fullmove == 65535 ? 65535u : before.fullmove + before.side;
            CHECK(pos.halfmove == half && pos.fullmove == full, "'%s': null move clocks %u %u, want %u %u", c[i].fen,
                  pos.halfmove, pos.fullmove, half, full);
            bb_chess_unmake_null(&pos, &u);
            CHECK(pos_equal(&pos, &before, 1), "'%s': unmake_null does not restore the clocks", c[i].fen);
        }
    }
}

/* ---- Symmetries --------------------------------------------------------------------- */

static void symmetry_rules(void)
{
    static const struct { const char *fen; unsigned allowed; } c[] = {
        {START, 1u << BB_SYM_IDENTITY},
        {POS3, 1u << BB_SYM_IDENTITY | 1u << BB_SYM_FLIP_HORIZONTAL},  /* pawns, no castling */
        {"R6r/8/8/2K5/5k2/8/8/r6R b - - 0 1", 0xFFu},                   /* neither */
        {"r3k2r/8/8/8/8/8/8/4K3 w kq - 0 1", 1u << BB_SYM_IDENTITY},        /* castling, no pawns */
        {"r3k2r/8/8/8/8/8/8/4K3 w - - 0 1", 0xFFu},
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        bb_chess_pos pos, out;
        parse(&pos, c[i].fen);
        for (int s = 0; s < BB_SYM_COUNT; s++) {
            const char *why = "unset";
            int want = (int)(c[i].allowed >> s & 1);
            CHECK(bb_chess_sym_allowed(&pos, (bb_sym)s, &why) == want, "'%s' sym %d", c[i].fen, s);
            CHECK(want ? why == NULL : why != NULL && strlen(why) > 10, "'%s' sym %d: why", c[i].fen, s);
            why = "unset";
            int rc = bb_chess_transform(&pos, (bb_sym)s, &out, &why);
            CHECK(rc == (want ? 0 : -1), "'%s' transform %d", c[i].fen, s);
            if (want) {
                CHECK_EQ64(out.key, bb_chess_key(&out), "key after sym %d", s);
                CHECK(perft(&out, 3) == perft(&pos, 3), "'%s': perft 3 changes under sym %d", c[i].fen, s);
            }
        }
        CHECK(bb_chess_sym_allowed(&pos, BB_SYM_IDENTITY, NULL) == 1, "NULL why");
    }
}

static void color_flip(void)
{
    bb_chess_pos a, b, m;
    parse(&a, POS4);
    parse(&m, POS4M);
    bb_chess_color_flip(&a, &b);
    CHECK(pos_equal(&b, &m, 0), "colour flip of position 4 is not position 4 mirrored: '%s'", fen_of(&b));
    const char *fens[] = {START, KIWIPETE, POS3, POS5, POS6, chess960[0].fen, chess960[14].fen,
                          "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3"};
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        bb_chess_pos p, f, ff;
        parse(&p, fens[i]);
        bb_chess_color_flip(&p, &f);
        bb_chess_color_flip(&f, &ff);
        CHECK(pos_equal(&ff, &p, 1), "'%s': flipping twice", fens[i]);
        CHECK_EQ64(f.key, bb_chess_key(&f), "'%s': key of the flip", fens[i]);
        CHECK(perft(&f, 3) == perft(&p, 3), "'%s': perft 3 of the flip", fens[i]);
    }
}

/* Hand-made positions whose pieces could make more moves than a list holds (the generator
 * then works in a larger buffer): the same lists as the slow generator's, by every method. */
static void many_pieces(void)
{
    static const char *const fens[] = {
        "kb6/pp6/2Q2Q2/Q2Q2Q1/2Q2Q2/Q2Q2Q1/2Q2Q2/K2Q2Q1 w - - 0 1",
        "kb6/pp6/1Q1QQQ2/1Q5Q/8/7Q/2QQ3Q/Q1K1QQQQ w - - 0 1",
        "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1", /* 218 moves, the most known */
    };
    static const int counts[] = {154, 190, 218};
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        bb_chess_pos pos;
        parse(&pos, fens[i]);
        bb_chess_movelist slow;
        bb__chess_slow_generate(&pos, BB_GEN_ALL, &slow);
        CHECK(slow.count == counts[i], "'%s': the slow generator finds %d", fens[i], slow.count);
        for (int m = -1; m < BB_ATTACK_METHOD_COUNT; m++) {
            if (m >= 0 && !bb_attack_method_available((bb_attack_method)m)) continue;
            bb_chess_movelist list;
            int n = m < 0 ? bb_chess_generate(&pos, BB_GEN_ALL, &list)
                          : bb_chess_generate_with((bb_attack_method)m, &pos, BB_GEN_ALL, &list);
            CHECK(n == list.count && same_list(list, slow), "'%s' method %d: %d moves", fens[i], m, n);
        }
    }
}

int main(void)
{
    RUN(perft_wiki);
    RUN(perft_chess960);
    RUN(legal_rules);
    RUN(perft_suite);
    RUN(perft_methods);
    RUN(tree_against_slow);
    RUN(is_legal_exhaustive);
    RUN(attackers_to_reference);
    RUN(random_games);
    RUN(null_move);
    RUN(clocks_saturate);
    RUN(symmetry_rules);
    RUN(color_flip);
    RUN(many_pieces);
    return bbt_finish("chess");
}
