/* The chess positions the chess tests share: the Chess Programming Wiki's
 * perft positions and counts, its Chess960 table, the perft suite, and two
 * helpers.  Include after harness.h (parse() checks with CHECK). */
#ifndef BB_TESTS_CHESS_POSITIONS_H
#define BB_TESTS_CHESS_POSITIONS_H

#include "bitboard.h"

typedef struct {
    const char *fen;
    int depth;
    uint64_t nodes;
} perft_case;

/* *pos = the position of fen, which must read (a failure is a test failure,
 * and *pos the start position then). */
static inline void parse(bb_chess_pos *pos, const char *fen)
{
    bb_parse_error err;
    int rc = bb_chess_from_fen(pos, fen, &err);
    CHECK(rc == 0, "'%s': %s", fen, err.msg);
    if (rc) bb_chess_start(pos);
}

/* pos as Shredder-FEN, in a static buffer (for messages). */
static inline const char *fen_of(const bb_chess_pos *pos)
{
    static char buf[BB_CHESS_FEN_MAX];
    bb_chess_to_fen(buf, sizeof buf, pos, BB_FEN_SHREDDER);
    return buf;
}

/* *pos = the position after up to max_plies random legal moves from fen
 * (stops early at a game's end); rng advances. */
static inline void random_position(bb_chess_pos *pos, const char *fen, int max_plies, uint64_t *rng)
{
    parse(pos, fen);
    int plies = max_plies > 0 ? (int)(bbt_next(rng) % (uint64_t)max_plies) : 0;
    for (int p = 0; p < plies; p++) {
        bb_chess_movelist l;
        int n = bb_chess_generate(pos, BB_GEN_ALL, &l);
        if (!n) break;
        bb_chess_undo u;
        bb_chess_make(pos, l.moves[bbt_next(rng) % (uint64_t)n], &u);
    }
}

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define KIWIPETE "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
#define POS3 "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
#define POS4 "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
#define POS4M "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1"
#define POS5 "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"
#define POS6 "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"

/* The Chess Programming Wiki's "Perft Results" page: perft 1, 2, ... of each. */
static const struct {
    const char *fen;
    int depth; /* run up to this depth here (the deeper ones are in make bench) */
    uint64_t nodes[6];
} wiki[] = {
    {START, 5, {20, 400, 8902, 197281, 4865609}},
    {KIWIPETE, 4, {48, 2039, 97862, 4085603}},
    {POS3, 5, {14, 191, 2812, 43238, 674624}},
    {POS4, 4, {6, 264, 9467, 422333}},
    {POS4M, 4, {6, 264, 9467, 422333}},
    {POS5, 4, {44, 1486, 62379, 2103487}},
    {POS6, 4, {46, 2079, 89890, 3894594}},
};
#define N_WIKI (sizeof wiki / sizeof wiki[0])

/* From the Chess Programming Wiki's "Chess960 Perft Results" page (its
 * positions after 8 moves each, Shredder-FEN, perft 4 of its table). */
static const perft_case chess960[] = {
    {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 4, 326672},
    {"2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", 4, 667366},
    {"b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9", 4, 273318},
    {"qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9", 4, 382958},
    {"1nbbnrkr/p1p1ppp1/3p4/1p3P1p/3Pq2P/8/PPP1P1P1/QNBBNRKR w HFhf - 0 9", 4, 1171749},
    {"qnbnr1kr/ppp1b1pp/4p3/3p1p2/8/2NPP3/PPP1BPPP/QNB1R1KR w HEhe - 1 9", 4, 824055},
    {"q1bnrkr1/ppppp2p/2n2p2/4b1p1/2NP4/8/PPP1PPPP/QNB1RRKB w ge - 1 9", 4, 732757},
    {"qbn1brkr/ppp1p1p1/2n4p/3p1p2/P7/6PP/QPPPPP2/1BNNBRKR w HFhf - 0 9", 4, 465806},
    {"qnnbbrkr/1p2ppp1/2pp3p/p7/1P5P/2NP4/P1P1PPP1/Q1NBBRKR w HFhf - 0 9", 4, 384260},
    {"qn1rbbkr/ppp2p1p/1n1pp1p1/8/3P4/P6P/1PP1PPPK/QNNRBB1R w hd - 2 9", 4, 679699},
    {"qnr1bkrb/pppp2pp/3np3/5p2/8/P2P2P1/NPP1PP1P/QN1RBKRB w GDg - 3 9", 4, 713420},
    {"qb1nrkbr/1pppp1p1/1n3p2/p1B4p/8/3P1P1P/PPP1P1P1/QBNNRK1R w HEhe - 0 9", 4, 735703},
    {"1qnrkbbr/1pppppp1/p1n4p/8/P7/1P1N1P2/2PPP1PP/QN1RKBBR w HDhd - 0 9", 4, 815535},
    {"qn1rkrbb/pp1p1ppp/2p1p3/3n4/4P2P/2NP4/PPP2PP1/Q1NRKRBB w FDfd - 1 9", 4, 356950},
    {"bnqnrbkr/1pp2pp1/p7/3pP2p/4P1P1/8/PPPP3P/BNQNRBKR w HEhe d6 0 9", 4, 962591},
    {"nqn2krb/p1prpppp/1pbp4/7P/5P2/8/PPPPPKP1/NQNRB1RB w g - 3 9", 4, 248069},
    {"nb1n1kbr/ppp1rppp/3pq3/P3p3/8/4P3/1PPPRPPP/NBQN1KBR w Hh - 1 9", 4, 358337},
    {"bnnqrbkr/pp1p2p1/2p1p2p/5p2/1P5P/1R6/P1PPPPP1/BNNQRBK1 w Ehe - 0 9", 4, 1024721},
};
#define N_960 (sizeof chess960 / sizeof chess960[0])

/* Castling, promotion, en-passant and pin cases: the common perft suite
 * (perftsuite.epd, which the wiki's "Perft Results" page links), then from
 * "3k4/3p4..." Martin Sedlak's positions for illegal en passant, discovered
 * checks, promotions out of check and castling rights (posted on TalkChess,
 * collected in many engines' test suites). */
static const perft_case suite[] = {
    {"4k3/8/8/8/8/8/8/4K2R w K - 0 1", 5, 133987},
    {"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", 5, 145232},
    {"4k2r/8/8/8/8/8/8/4K3 w k - 0 1", 5, 47635},
    {"r3k3/8/8/8/8/8/8/4K3 w q - 0 1", 5, 52710},
    {"8/8/8/8/8/8/6k1/4K2R w K - 0 1", 5, 37735},
    {"8/8/8/8/8/8/1k6/R3K3 w Q - 0 1", 5, 80619},
    {"4k2r/6K1/8/8/8/8/8/8 w k - 0 1", 5, 10485},
    {"r3k3/1K6/8/8/8/8/8/8 w q - 0 1", 5, 20780},
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 4, 314346},
    {"r3k2r/8/8/8/8/8/8/1R2K2R w Kkq - 0 1", 4, 328965},
    {"r3k2r/8/8/8/8/8/8/2R1K2R w Kkq - 0 1", 4, 312835},
    {"r3k2r/8/8/8/8/8/8/R3K1R1 w Qkq - 0 1", 4, 316214},
    {"1r2k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1", 4, 334705},
    {"2r1k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1", 4, 317324},
    {"r3k1r1/8/8/8/8/8/8/R3K2R w KQq - 0 1", 4, 320792},
    {"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", 4, 314346},
    {"8/1n4N1/2k5/8/8/5K2/1N4n1/8 w - - 0 1", 4, 38675},
    {"B6b/8/8/8/2K5/4k3/8/b6B w - - 0 1", 4, 76778},
    {"R6r/8/8/2K5/5k2/8/8/r6R b - - 0 1", 4, 771368},
    {"K7/8/8/3Q4/4q3/8/8/7k w - - 0 1", 5, 166741},
    {"8/2k1p3/3pP3/3P2K1/8/8/8/8 b - - 0 1", 6, 34822},
    {"k7/8/3p4/8/3P4/8/8/7K b - - 0 1", 6, 21104},
    {"3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", 6, 1134888},
    {"8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1", 6, 1015133},
    {"8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", 6, 1440467},
    {"5k2/8/8/8/8/8/8/4K2R w K - 0 1", 6, 661072},
    {"3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", 6, 803711},
    {"r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", 4, 1274206},
    {"r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1", 4, 1720476},
    {"2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1", 6, 3821001},
    {"8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1", 5, 1004658},
    {"4k3/1P6/8/8/8/8/K7/8 w - - 0 1", 6, 217342},
    {"8/P1k5/K7/8/8/8/8/8 w - - 0 1", 6, 92683},
    {"K1k5/8/P7/8/8/8/8/8 w - - 0 1", 6, 2217},
    {"8/k1P5/8/1K6/8/8/8/8 w - - 0 1", 7, 567584},
    {"8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1", 4, 23527},
    {"8/Pk6/8/8/8/8/6Kp/8 w - - 0 1", 5, 90606},
    {"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", 4, 182838},
    /* more castling-rights and promotion cases of perftsuite.epd */
    {"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", 4, 17945},
    {"r3k2r/8/8/8/8/8/8/4K3 w kq - 0 1", 4, 22180},
    {"r3k2r/8/8/8/8/8/8/1R2K2R b Kkq - 0 1", 4, 334705},
    {"7k/8/8/3p4/8/8/3P4/K7 b - - 0 1", 6, 30749},
    {"n1n5/1Pk5/8/8/8/8/5Kp1/5N1N w - - 0 1", 4, 124608},
    {"8/PPPk4/8/8/8/8/4Kppp/8 b - - 0 1", 4, 79355},
};
#define N_SUITE (sizeof suite / sizeof suite[0])

#endif /* BB_TESTS_CHESS_POSITIONS_H */
