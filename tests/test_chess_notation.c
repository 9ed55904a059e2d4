/* Chess moves as text (UCI, SAN), the slow reference generator, and
 * bb_chess_perft_verify.  The round trips run over every position of the
 * Chess Programming Wiki's perft trees to depth 3, each move's SAN held
 * against a second SAN writer here that works from the slow generator. */
#include <stdlib.h>
#include <string.h>

#include "bitboard.h"
#include "harness.h"
#include "../src/chess/slow.h"
#include "chess_diff.h"

static const char *const wiki_fens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
};
#define N_WIKI ((int)(sizeof wiki_fens / sizeof wiki_fens[0]))

/* Chess960 positions and their perft counts to depth 4 from the published
 * Chess960 perft table (chess960.perft, Reinhard Scharnagl's and H. G.
 * Muller's counts, as python-chess and many engines test against). */
static const struct { const char *fen; uint64_t n[4]; } c960[] = {
    {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", {21, 528, 12189, 326672}},
    {"2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", {21, 807, 18002, 667366}},
    {"b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9", {20, 479, 10471, 273318}},
    {"bqnr1kr1/pppppp1p/6p1/5n2/4B3/3N2PP/PbPPPP2/BQNR1KR1 w GDgd - 2 9", {31, 1132, 36559, 1261476}},
    {"nqn2krb/p1prpppp/1pbp4/7P/5P2/8/PPPPPKP1/NQNRB1RB w g - 3 9", {21, 461, 10608, 248069}},
};
#define N_960 ((int)(sizeof c960 / sizeof c960[0]))

static int read_fen(const char *fen, bb_chess_pos *pos)
{
    bb_parse_error e;
    if (bb_chess_from_fen(pos, fen, &e) == 0) return 1;
    CHECK(0, "FEN '%s' does not read: %s", fen, e.msg);
    return 0;
}

/* ---- The slow generator --------------------------------------------------------- */

static void slow_perft_wiki(void)
{
    static const uint64_t want[N_WIKI][3] = {{20, 400, 8902},   {48, 2039, 97862}, {14, 191, 2812}, {6, 264, 9467},
                                             {6, 264, 9467},    {44, 1486, 62379}, {46, 2079, 89890}};
    for (int i = 0; i < N_WIKI; i++) {
        bb_chess_pos pos;
        if (!read_fen(wiki_fens[i], &pos)) continue;
        for (int d = 1; d <= 3; d++)
            CHECK(bb__chess_slow_perft(&pos, d) == want[i][d - 1], "%s depth %d: %llu", wiki_fens[i], d,
                  (unsigned long long)bb__chess_slow_perft(&pos, d));
    }
    bb_chess_pos pos;
    if (read_fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", &pos))
        CHECK(bb__chess_slow_perft(&pos, 5) == 674624, "position 3 depth 5");
}

static void slow_perft_960(void)
{
    for (int i = 0; i < N_960; i++) {
        bb_chess_pos pos;
        if (!read_fen(c960[i].fen, &pos)) continue;
        for (int d = 1; d <= 3; d++)
            CHECK(bb__chess_slow_perft(&pos, d) == c960[i].n[d - 1], "%s depth %d: %llu", c960[i].fen, d,
                  (unsigned long long)bb__chess_slow_perft(&pos, d));
    }
}

/* The slow generator's modes split its full list. */
static void slow_modes(void)
{
    for (int i = 0; i < N_WIKI; i++) {
        bb_chess_pos pos;
        if (!read_fen(wiki_fens[i], &pos)) continue;
        bb_chess_movelist all, caps, quiets;
        bb__chess_slow_generate(&pos, BB_GEN_ALL, &all);
        bb__chess_slow_generate(&pos, BB_GEN_CAPTURES, &caps);
        bb__chess_slow_generate(&pos, BB_GEN_QUIETS, &quiets);
        CHECK(caps.count + quiets.count == all.count, "%s", wiki_fens[i]);
        for (int j = 0; j < caps.count; j++) {
            bb_chess_move m = caps.moves[j];
            int k = bb_chess_move_kind(m);
            CHECK(k == BB_MOVE_PROMOTION || k == BB_MOVE_EN_PASSANT || pos.board[bb_chess_move_to(m)] != BB_CHESS_EMPTY,
                  "%s: capture list holds a quiet move", wiki_fens[i]);
        }
    }
}

/* ---- Round trips over the perft trees ---------------------------------------------- */

typedef struct { long moves, bad; } trip_stats;

static void round_trip_node(const bb_chess_pos *pos, int ply, int plies, const char *root, trip_stats *st)
{
    bb_chess_movelist list;
    bb__chess_slow_generate(pos, BB_GEN_ALL, &list);
    /* every move's SAN in one call (one generation for all), against the
     * reference one by one (tests/chess_diff.h); each square's moves in one
     * call too in the first two plies (the soak's chess area checks them in
     * each random position and after each of its moves, tests/soak/soak_chess.c) */
    char why[1024];
    if (cdiff_check_san_of(pos, ply < 2, why, sizeof why) && st->bad++ < 5) CHECK(0, "from %s, ply %d: %s", root, ply, why);
    for (int i = 0; i < list.count; i++) {
        bb_chess_move m = list.moves[i], back = 0;
        char uci[BB_CHESS_MOVE_TEXT_MAX], san[BB_CHESS_MOVE_TEXT_MAX], want[BB_CHESS_MOVE_TEXT_MAX];
        bb_parse_error e;
        st->moves++;
        size_t n = bb_chess_move_to_uci(uci, sizeof uci, pos, m);
        int ok = n == strlen(uci) && (n == 4 || n == 5);
        ok = ok && bb_chess_move_from_uci(pos, uci, &back, &e) == 0 && back == m;
        n = bb_chess_move_to_san(san, sizeof san, pos, m);
        cdiff_ref_san(pos, &list, m, want);
        ok = ok && n == strlen(san) && strcmp(san, want) == 0;
        back = 0;
        ok = ok && bb_chess_move_from_san(pos, san, &back, &e) == 0 && back == m;
        /* without its check mark too */
        size_t body = strcspn(san, "+#");
        if (ok && body < n) {
            char bare[BB_CHESS_MOVE_TEXT_MAX];
            memcpy(bare, san, body);
            bare[body] = '\0';
            back = 0;
            ok = bb_chess_move_from_san(pos, bare, &back, &e) == 0 && back == m;
        }
        if (!ok && st->bad++ < 5)
            CHECK(0, "from %s, ply %d: move %s / SAN '%s' (want '%s'): %s", root, ply, uci, san, want, e.msg);
        if (ply + 1 < plies) {
            bb_chess_pos child;
            bb__chess_slow_play(pos, m, &child);
            round_trip_node(&child, ply + 1, plies, root, st);
        }
    }
}

static void round_trips_wiki(void)
{
    for (int i = 0; i < N_WIKI; i++) {
        bb_chess_pos pos;
        trip_stats st = {0, 0};
        if (!read_fen(wiki_fens[i], &pos)) continue;
        round_trip_node(&pos, 0, 3, wiki_fens[i], &st);
        CHECK(st.bad == 0, "%s: %ld of %ld moves failed", wiki_fens[i], st.bad, st.moves);
        CHECK(st.moves > 0, "%s: no moves", wiki_fens[i]);
    }
}

static void round_trips_960(void)
{
    for (int i = 0; i < N_960; i++) {
        bb_chess_pos pos;
        trip_stats st = {0, 0};
        if (!read_fen(c960[i].fen, &pos)) continue;
        CHECK(pos.chess960, "%s: not read as Chess960", c960[i].fen);
        round_trip_node(&pos, 0, 2, c960[i].fen, &st);
        CHECK(st.bad == 0, "%s: %ld of %ld moves failed", c960[i].fen, st.bad, st.moves);
    }
}

/* ---- Examples ------------------------------------------------------------------------ */

static bb_chess_move mv(const char *uci_text, const bb_chess_pos *pos)
{
    bb_chess_move m = 0;
    bb_parse_error e;
    if (bb_chess_move_from_uci(pos, uci_text, &m, &e) != 0) CHECK(0, "UCI %s: %s", uci_text, e.msg);
    return m;
}

/* SAN text reads as the move given in UCI, and that move writes as want_san. */
static void san_is(const char *fen, const char *text, const char *uci_text, const char *want_san)
{
    bb_chess_pos pos;
    if (!read_fen(fen, &pos)) return;
    bb_chess_move m = 0, want = mv(uci_text, &pos);
    bb_parse_error e;
    memset(&e, 0, sizeof e);
    CHECK(bb_chess_move_from_san(&pos, text, &m, &e) == 0 && m == want, "'%s' in %s: %s", text, fen, e.msg);
    char buf[BB_CHESS_MOVE_TEXT_MAX];
    bb_chess_move_to_san(buf, sizeof buf, &pos, want);
    CHECK(strcmp(buf, want_san) == 0, "%s in %s writes '%s', want '%s'", uci_text, fen, buf, want_san);
}

/* SAN text is refused with a message containing `reason`, printable, and an error position in range. */
static void san_fails(const char *fen, const char *text, const char *reason)
{
    bb_chess_pos pos;
    if (!read_fen(fen, &pos)) return;
    bb_chess_move m = 0x1234;
    bb_parse_error e;
    memset(&e, 0, sizeof e);
    CHECK(bb_chess_move_from_san(&pos, text, &m, &e) == -1, "'%s' in %s was accepted", text, fen);
    CHECK(m == 0x1234, "'%s': *move written on failure", text);
    CHECK(strstr(e.msg, reason) != NULL, "'%s' in %s: message '%s' lacks '%s'", text, fen, e.msg, reason);
    CHECK(e.pos >= 0 && (size_t)e.pos <= strlen(text), "'%s': error position %d", text, e.pos);
    for (const char *c = e.msg; *c; c++) CHECK(*c >= 0x20 && *c <= 0x7e, "'%s': unprintable message", text);
}

static void uci_fails(const char *fen, const char *text, const char *reason)
{
    bb_chess_pos pos;
    if (!read_fen(fen, &pos)) return;
    bb_chess_move m = 0x1234;
    bb_parse_error e;
    memset(&e, 0, sizeof e);
    CHECK(bb_chess_move_from_uci(&pos, text, &m, &e) == -1, "UCI '%s' in %s was accepted", text, fen);
    CHECK(m == 0x1234, "UCI '%s': *move written on failure", text);
    CHECK(strstr(e.msg, reason) != NULL, "UCI '%s' in %s: message '%s' lacks '%s'", text, fen, e.msg, reason);
    for (const char *c = e.msg; *c; c++) CHECK(*c >= 0x20 && *c <= 0x7e, "UCI '%s': unprintable message", text);
}

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define KIWI "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
#define TWO_KNIGHTS "rnbqkb1r/ppp2ppp/5n2/3pp3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 0 1"
#define EP "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"
#define PROMO "8/4P3/8/8/k7/8/8/4K3 w - - 0 1"
#define FOOL "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2"
#define PINNED "4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1"
#define ROOKS "4k3/8/8/8/R6R/8/8/R3K3 w - - 0 1"

static void san_examples(void)
{
    san_is(START, "Nf3", "g1f3", "Nf3");
    san_is(START, "e4", "e2e4", "e4");
    san_is(START, "e3", "e2e3", "e3");
    san_is(TWO_KNIGHTS, "Nbd7", "b8d7", "Nbd7");
    san_is(TWO_KNIGHTS, "Nfd7", "f6d7", "Nfd7");
    san_is(TWO_KNIGHTS, "Nxe4", "f6e4", "Nxe4");
    san_is(TWO_KNIGHTS, "dxe4", "d5e4", "dxe4");
    san_is(EP, "exd6", "e5d6", "exd6");
    san_is(PROMO, "e8=Q+", "e7e8q", "e8=Q+");
    san_is(PROMO, "e8=Q", "e7e8q", "e8=Q+");
    san_is(PROMO, "e8=N", "e7e8n", "e8=N");
    san_is(FOOL, "Qh4#", "d8h4", "Qh4#");
    san_is(FOOL, "Qh4", "d8h4", "Qh4#");
    san_is(KIWI, "O-O", "e1g1", "O-O");
    san_is(KIWI, "O-O-O", "e1c1", "O-O-O");
    san_is(KIWI, "Nxd7", "e5d7", "Nxd7");
    /* rooks on a1, a4, h4: a4-d4 shares the rank with h4 and the file with a1 */
    san_is(ROOKS, "Rad4", "a4d4", "Rad4");
    san_is(ROOKS, "Rhd4", "h4d4", "Rhd4");
    san_is(ROOKS, "R1a2", "a1a2", "R1a2");
    san_is(ROOKS, "R4a2", "a4a2", "R4a2");
    san_is(ROOKS, "Rb1", "a1b1", "Rb1");
    /* what reading accepts beyond SAN as written: more disambiguation than needed, annotation glyphs */
    san_is(START, "Ngf3", "g1f3", "Nf3");
    san_is(START, "Ng1f3", "g1f3", "Nf3");
    san_is(START, "e4!?", "e2e4", "e4");
    san_is(FOOL, "Qh4#!!", "d8h4", "Qh4#");
    san_is(ROOKS, "Ra4d4", "a4d4", "Rad4");
}

static void san_errors(void)
{
    san_fails(TWO_KNIGHTS, "Nd7", "ambiguous: the knights on f6 and b8 can both move to d7");
    san_fails(ROOKS, "Rd4", "ambiguous");
    san_fails(ROOKS, "Ra2", "ambiguous: the rooks on a1 and a4 can both");
    san_fails(PINNED, "Nc3", "illegal: moving the knight on e2 would leave the white king in check");
    san_fails(START, "Nd4", "no white knight can move to d4");
    san_fails(START, "Nbf3", "no white knight from there can move to f3");
    san_fails(START, "Ng3", "no white knight can move to g3");
    san_fails(START, "Nd2", "d2 holds a white piece of its own");
    san_fails(START, "e5", "no white pawn can move to e5");
    san_fails(START, "exd3", "nothing to capture on d3");
    san_fails(START, "O-O", "illegal now");
    san_fails(ROOKS, "O-O", "no kingside castling right");
    san_fails(KIWI, "Nd7", "captures on d7: write it with 'x'");
    san_fails(START, "Nxf3", "f3 is empty: write the move without 'x'");
    san_fails(START, "Nf3+", "does not give check");
    san_fails(START, "Nf3#", "does not give mate");
    san_fails(FOOL, "Qh4+", "mates: write # instead of +");
    san_fails(PROMO, "e8=Q#", "gives check but not mate");
    san_fails(PROMO, "e8", "must promote");
    san_fails(PROMO, "e8Q", "write a promotion with '=': e8=Q");
    san_fails(PROMO, "e8=K", "not a promotion piece");
    san_fails(PROMO, "e8=", "needs a promotion piece");
    san_fails(START, "Nf3=Q", "only a pawn promotes");
    san_fails(START, "e4=Q", "only a pawn reaching the last rank promotes");
    san_fails(START, "0-0", "capital letters O");
    san_fails(START, "O-O-O-O", "is not castling");
    san_fails(START, "nf3", "piece letters are capitals");
    san_fails(START, "Pe4", "a pawn move has no letter");
    san_fails(START, "Zf3", "'Z' at character 1 is not a piece letter");
    san_fails(START, "e9", "'9' at character 2 does not belong");
    san_fails(START, "Nf", "does not end in a destination square");
    san_fails(START, "Nf3 ", "' ' at character 4");
    san_fails(START, "e4\n", "'\\n' at character 3");
    san_fails(START, "Nf3++", "two check marks");
    san_fails(START, "ed3", "written with 'x': exd3");
    san_fails(START, "xd3", "'x' at character 1 is not a piece letter");
    san_fails(START, "e2e4", "a pawn move names only its file");
    san_fails(START, "exe3", "captures onto the next file");
    san_fails(START, "Nf3!!!", "'!' at character 4");
    san_fails(START, "+", "nothing before the suffix");
    san_fails(START, "", "empty move");
    san_fails(START, "Nfxx3", "does not end in a destination square");
    san_fails(START, "Nxfe3", "'x' at character 2 is out of place");
    san_fails(START, "Qd1d1d1d1d1", "too long");
    bb_chess_pos pos;
    bb_parse_error e;
    bb_chess_move m;
    bb_chess_start(&pos);
    CHECK(bb_chess_move_from_san(&pos, NULL, &m, &e) == -1 && strstr(e.msg, "no move"), "NULL text");
    CHECK(bb_chess_move_from_san(&pos, "Nf9", &m, NULL) == -1, "NULL err");
}

static void uci_examples(void)
{
    bb_chess_pos pos;
    if (!read_fen(KIWI, &pos)) return;
    bb_chess_move m = 0;
    char buf[BB_CHESS_MOVE_TEXT_MAX];
    CHECK(bb_chess_move_from_uci(&pos, "e1g1", &m, NULL) == 0 && bb_chess_move_kind(m) == BB_MOVE_CASTLING &&
              bb_chess_move_to(m) == BB_H1, "e1g1 is castling");
    CHECK(bb_chess_move_from_uci(&pos, "e1h1", &m, NULL) == 0 && bb_chess_move_kind(m) == BB_MOVE_CASTLING,
          "e1h1 is castling too outside Chess960");
    bb_chess_move_to_uci(buf, sizeof buf, &pos, m);
    CHECK(strcmp(buf, "e1g1") == 0, "castling writes %s", buf);
    pos.chess960 = 1;
    bb_chess_move_to_uci(buf, sizeof buf, &pos, m);
    CHECK(strcmp(buf, "e1h1") == 0, "Chess960 castling writes %s", buf);
    CHECK(bb_chess_move_from_uci(&pos, "e1g1", &m, NULL) == -1, "Chess960: e1g1 is not castling");
    CHECK(bb_chess_move_from_uci(&pos, "e1a1", &m, NULL) == 0 && bb_chess_move_to(m) == BB_A1, "e1a1");
    /* a Chess960 set-up with the flag cleared: castling whose king moves one square (b1c1 is
     * also a plain king move) is written as king takes rook, and each form reads back */
    if (read_fen("rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w GAga - 0 1", &pos)) {
        pos.chess960 = 0;
        trip_stats st = {0, 0};
        round_trip_node(&pos, 0, 2, "rk4r1/... with chess960 = 0", &st);
        CHECK(st.bad == 0, "%ld of %ld moves failed", st.bad, st.moves);
        CHECK(bb_chess_move_from_uci(&pos, "b1c1", &m, NULL) == 0 && bb_chess_move_kind(m) == BB_MOVE_NORMAL, "b1c1");
        CHECK(bb_chess_move_from_uci(&pos, "b1a1", &m, NULL) == 0 && bb_chess_move_kind(m) == BB_MOVE_CASTLING, "b1a1");
        bb_chess_move_to_uci(buf, sizeof buf, &pos, m);
        CHECK(strcmp(buf, "b1a1") == 0, "O-O-O writes %s", buf);
    }
    if (read_fen(PROMO, &pos)) {
        CHECK(bb_chess_move_from_uci(&pos, "e7e8q", &m, NULL) == 0 && bb_chess_move_promotion(m) == BB_QUEEN, "e7e8q");
        CHECK(bb_chess_move_from_uci(&pos, "e7e8N", &m, NULL) == 0 && bb_chess_move_promotion(m) == BB_KNIGHT, "e7e8N");
        bb_chess_move_to_uci(buf, sizeof buf, &pos, m);
        CHECK(strcmp(buf, "e7e8n") == 0, "promotion writes %s", buf);
    }
    bb_chess_move_to_uci(buf, sizeof buf, &pos, BB_CHESS_NULL_MOVE);
    CHECK(strcmp(buf, "0000") == 0, "null move: %s", buf);
    bb_chess_move_to_san(buf, sizeof buf, &pos, BB_CHESS_NULL_MOVE);
    CHECK(strcmp(buf, "--") == 0, "null move SAN: %s", buf);
    bb_chess_start(&pos);
    CHECK(bb_chess_move_to_san(buf, sizeof buf, &pos, bb_chess_move_make(BB_E2, BB_E5, BB_MOVE_NORMAL, 0)) == 0 &&
              buf[0] == '\0', "an illegal move has no SAN");
}

static void uci_errors(void)
{
    uci_fails(START, "e2e9", "'9' at character 4 is not a rank 1..8");
    uci_fails(START, "i2e4", "'i' at character 1 is not a file a..h");
    uci_fails(START, "E2E4", "'E' at character 1");
    uci_fails(START, "e2", "too short");
    uci_fails(START, "e2e4x", "not a promotion piece");
    uci_fails(START, "e2e4qq", "extra characters");
    uci_fails(START, "0000", "null move");
    uci_fails(START, "", "empty move");
    uci_fails(START, "e3e4", "there is no piece on e3");
    uci_fails(START, "e7e5", "e7 holds a black pawn, and white is to move");
    uci_fails(START, "e2e5", "the white pawn on e2 can move to e3 e4");
    uci_fails(START, "e1e2", "the white king on e1 has no legal move");
    uci_fails(START, "e2e4q", "only a pawn reaching the last rank promotes");
    uci_fails(PROMO, "e7e8", "must promote");
    uci_fails(PINNED, "e2c3", "the white knight on e2 has no legal move");
}

/* Both writers keep snprintf's contract at every buffer size. */
static void buffer_sizes(void)
{
    bb_chess_pos pos;
    if (!read_fen(PROMO, &pos)) return;
    bb_chess_move m = mv("e7e8q", &pos);
    char full[BB_CHESS_MOVE_TEXT_MAX], small[BB_CHESS_MOVE_TEXT_MAX + 2];
    for (int which = 0; which < 2; which++) {
        size_t n = which ? bb_chess_move_to_san(full, sizeof full, &pos, m) : bb_chess_move_to_uci(full, sizeof full, &pos, m);
        CHECK(n == strlen(full) && n == (which ? 5u : 5u), "%s: %zu", full, n);
        for (size_t size = 0; size < sizeof small; size++) {
            memset(small, '#', sizeof small);
            size_t k = which ? bb_chess_move_to_san(small, size, &pos, m) : bb_chess_move_to_uci(small, size, &pos, m);
            CHECK(k == n, "size %zu returns %zu", size, k);
            if (size == 0) CHECK(small[0] == '#', "size 0 wrote");
            else CHECK(strlen(small) == (size - 1 < n ? size - 1 : n) && strncmp(small, full, strlen(small)) == 0,
                       "size %zu: '%s'", size, small);
        }
    }
}

/* bb_chess_moves_to_san: snprintf's contract at every size, and a move that
 * is not legal makes the whole call 0 and "" */
static void list_buffer_sizes(void)
{
    bb_chess_pos pos;
    if (!read_fen(PROMO, &pos)) return;
    bb_chess_movelist list;
    bb_chess_generate(&pos, BB_GEN_ALL, &list);
    char full[BB_CHESS_MAX_MOVES * (BB_CHESS_MOVE_TEXT_MAX + 1)], small[32];
    size_t n = bb_chess_moves_to_san(full, sizeof full, &pos, list.moves, list.count);
    CHECK(n == strlen(full) && n > sizeof small, "%zu: '%s'", n, full);
    for (size_t size = 0; size < sizeof small; size++) {
        memset(small, '#', sizeof small);
        size_t k = bb_chess_moves_to_san(small, size, &pos, list.moves, list.count);
        CHECK(k == n, "size %zu returns %zu", size, k);
        if (size == 0) CHECK(small[0] == '#', "size 0 wrote");
        else CHECK(strlen(small) == size - 1 && strncmp(small, full, size - 1) == 0, "size %zu: '%s'", size, small);
    }
    CHECK(bb_chess_moves_to_san(full, sizeof full, &pos, list.moves, 0) == 0 && full[0] == '\0', "no moves");
    bb_chess_move bad[2] = {list.moves[0], bb_chess_move_make(BB_A1, BB_H8, BB_MOVE_NORMAL, 0)};
    CHECK(bb_chess_moves_to_san(full, sizeof full, &pos, bad, 2) == 0 && full[0] == '\0', "an illegal move: '%s'", full);
}

/* ---- bb_chess_perft_verify ------------------------------------------------------------ */

static void verify_agrees(void)
{
    char report[2048];
    for (int i = 0; i < N_WIKI; i++) {
        bb_chess_pos pos;
        if (!read_fen(wiki_fens[i], &pos)) continue;
        int rc = bb_chess_perft_verify(&pos, 3, report, sizeof report);
        CHECK(rc == 0 && strstr(report, "positions checked"), "%s: %s", wiki_fens[i], report);
    }
    for (int i = 0; i < N_960; i++) {
        bb_chess_pos pos;
        if (!read_fen(c960[i].fen, &pos)) continue;
        int rc = bb_chess_perft_verify(&pos, 2, report, sizeof report);
        CHECK(rc == 0, "%s: %s", c960[i].fen, report);
    }
}

/* A position whose bitboards hold a knight its board array lacks: the two
 * generators must disagree, and the report must say where and how. */
static void verify_finds_a_difference(void)
{
    bb_chess_pos pos;
    char report[2048];
    if (!read_fen(START, &pos)) return;
    pos.board[BB_G1] = BB_CHESS_EMPTY; /* the slow generator reads the array */
    int rc = bb_chess_perft_verify(&pos, 1, report, sizeof report);
    CHECK(rc == 1, "no difference found: %s", report);
    CHECK(strstr(report, "FEN: ") && strstr(report, "differs") && strstr(report, "extra"), "report: %s", report);
    CHECK(strstr(report, "g1f3") != NULL, "report names the move: %s", report);
    /* the report keeps snprintf's contract: cut short, still a string */
    char small[24];
    memset(small, '#', sizeof small);
    CHECK(bb_chess_perft_verify(&pos, 1, small, sizeof small) == 1 && strlen(small) == sizeof small - 1, "small");
    CHECK(bb_chess_perft_verify(&pos, 1, NULL, 0) == 1, "no report buffer");
}

int main(void)
{
    RUN(slow_perft_wiki);
    RUN(slow_perft_960);
    RUN(slow_modes);
    RUN(san_examples);
    RUN(san_errors);
    RUN(uci_examples);
    RUN(uci_errors);
    RUN(buffer_sizes);
    RUN(list_buffer_sizes);
    RUN(round_trips_wiki);
    RUN(round_trips_960);
    RUN(verify_agrees);
    RUN(verify_finds_a_difference);
    return bbt_finish("chess_notation");
}
