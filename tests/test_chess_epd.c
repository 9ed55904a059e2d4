/* EPD records (bitboard/chess_epd.h):
 *   - the shapes test suites have: WAC and ERET lines (bm, id), several bm
 *     moves, am, pv, c0 strings holding ';', hmvc and fmvn, perft suites
 *     (";D1 20 ;D2 400", with and without the FEN clocks) whose counts are
 *     checked against bb_chess_perft;
 *   - what each operation holds: moves resolved (SAN, lenient SAN, UCI) and
 *     compared with moves found by UCI text here, clocks set;
 *   - every error: its message and the character it points at;
 *   - set, set_string, set_moves, remove, at, the write buffer's snprintf
 *     contract;
 *   - round trips over every record here (read, write in SAN and in UCI,
 *     read again, write again: the same text);
 *   - random games from several positions (Chess960 too): records with
 *     random bm and pv written in SAN, read, written in UCI, read, the same
 *     moves each time. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bitboard.h"
#include "harness.h"
#include "chess_positions.h"

/* the move of UCI text in pos (a test failure if it does not read) */
static bb_chess_move uci(const bb_chess_pos *pos, const char *text)
{
    bb_chess_move m = 0;
    bb_parse_error e;
    CHECK(bb_chess_move_from_uci(pos, text, &m, &e) == 0, "UCI '%s': %s", text, e.msg);
    return m;
}

/* Reads line into *rec; a failure is a test failure. */
static int read_ok(bb_chess_epd *rec, const char *line)
{
    bb_parse_error e;
    memset(&e, 0, sizeof e);
    int rc = bb_chess_epd_parse(rec, line, &e);
    CHECK(rc == 0, "'%s': %s (character %d)", line, e.msg, e.pos);
    return rc == 0;
}

/* Reads line, writes it in both styles, reads each back and writes again: the same text,
 * the same position.  Returns the SAN text (static buffer). */
static const char *round_trip(const char *line)
{
    static char san[BB_CHESS_EPD_LINE_MAX];
    bb_chess_epd a, b;
    if (!read_ok(&a, line)) return "";
    size_t n = bb_chess_epd_write(san, sizeof san, &a, BB_CHESS_EPD_SAN);
    CHECK(n == strlen(san) && n < BB_CHESS_EPD_LINE_MAX, "'%s': length %zu", line, n);
    for (int style = 0; style < 2; style++) {
        char t[BB_CHESS_EPD_LINE_MAX], u[BB_CHESS_EPD_LINE_MAX];
        bb_chess_epd_write(t, sizeof t, &a, style);
        if (!read_ok(&b, t)) continue;
        CHECK(b.pos.key == a.pos.key && b.pos.halfmove == a.pos.halfmove && b.pos.fullmove == a.pos.fullmove &&
              b.pos.chess960 == a.pos.chess960, "'%s' -> '%s': another position", line, t);
        CHECK(b.count == a.count, "'%s' -> '%s': %d operations, not %d", line, t, b.count, a.count);
        bb_chess_epd_write(u, sizeof u, &b, BB_CHESS_EPD_SAN);
        CHECK(strcmp(u, san) == 0, "'%s': style %d '%s' reads back and writes '%s', not '%s'", line, style, t, u, san);
        bb_chess_epd_write(u, sizeof u, &b, style);
        CHECK(strcmp(u, t) == 0, "'%s': '%s' written again is '%s'", line, t, u);
        for (int i = 0; i < a.count; i++) {
            bb_chess_epd_op x, y;
            CHECK(bb_chess_epd_at(&a, i, &x) == 0 && bb_chess_epd_at(&b, i, &y) == 0, "at %d", i);
            CHECK(strcmp(x.opcode, y.opcode) == 0 && strcmp(x.operands, y.operands) == 0 && x.count == y.count &&
                  x.string == y.string, "'%s': operation %d is %s '%s' after the round trip, not %s '%s'", line, i,
                  y.opcode, y.operands, x.opcode, x.operands);
        }
    }
    return san;
}

/* ---- the shapes of test suites ----------------------------------------------------------- */

#define WAC001 "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id \"WAC.001\";"
#define WAC002 "8/7p/5k2/5p2/p1p2P2/Pr1pPK2/1P1R3P/8 b - - bm Rxb2; id \"WAC.002\";"
#define ERET001 "r1bqk1r1/1p1p1n2/p1n2pN1/2p1b2Q/2P1Pp2/1PN5/PB4PP/R4RK1 w q - bm Rxf4; id \"ERET 001 - Relief\";"
#define SEVERAL "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4 d4 Nf3 c4; am f3 g4; id \"openings\";"
#define COMMENT "4k3/8/8/8/8/8/4P3/4K3 w - - bm e4; c0 \"Fischer; 1972, (game 6); see \u00e9tude\"; c1 plain;"
#define CLOCKS "4k3/8/8/8/8/8/4P3/4K3 w - - hmvc 12; fmvn 34; pm Kd2;"
#define PERFT6 "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902 ;D4 197281 " \
               ";D5 4865609 ;D6 119060324"
#define PERFT4 "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - ;D1 48 ;D2 2039 ;D3 97862"
#define PV "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5; pv Bb5 a6 Ba4 Nf6 O-O; id \"ruy\";"
#define CASTLE "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - bm 0-0 O-O-O; am Kf1;"
#define PROMO "8/4P3/8/8/k7/8/8/4K3 w - - bm e8Q e7e8r; am e8=N;"
#define EP "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 bm exf6; am e6;"
#define FRC "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBgb - bm O-O; pm f1b1;"

static const char *const records[] = {WAC001, WAC002, ERET001, SEVERAL, COMMENT, CLOCKS,
                                      PERFT6, PERFT4, PV,     CASTLE,  PROMO,   EP, FRC};

static void suite_shapes(void)
{
    bb_chess_epd r;
    bb_chess_move m[8];
    bb_parse_error e;
    if (read_ok(&r, WAC001)) {
        CHECK(r.count == 2 && !r.perft_form && !r.fen_clocks, "WAC.001: %d operations", r.count);
        CHECK(strcmp(bb_chess_epd_get(&r, "id"), "WAC.001") == 0, "id '%s'", bb_chess_epd_get(&r, "id"));
        CHECK(strcmp(bb_chess_epd_get(&r, "bm"), "Qg6") == 0, "bm '%s'", bb_chess_epd_get(&r, "bm"));
        CHECK(bb_chess_epd_moves(&r, "bm", m, 8, &e) == 1 && m[0] == uci(&r.pos, "g3g6"), "bm: %s", e.msg);
        CHECK(bb_chess_epd_get(&r, "am") == NULL && bb_chess_epd_moves(&r, "am", m, 8, &e) == 0, "no am");
        CHECK(r.pos.halfmove == 0 && r.pos.fullmove == 1, "clocks %d %d", r.pos.halfmove, r.pos.fullmove);
        bb_chess_epd_op op;
        CHECK(bb_chess_epd_at(&r, 0, &op) == 0 && strcmp(op.opcode, "bm") == 0 && op.count == 1 && !op.string &&
              op.pos == 57, "op 0: %s at %d", op.opcode, op.pos);
        CHECK(bb_chess_epd_at(&r, 1, &op) == 0 && strcmp(op.opcode, "id") == 0 && op.string, "op 1: %s", op.opcode);
        CHECK(bb_chess_epd_at(&r, 2, &op) == -1 && bb_chess_epd_at(&r, -1, &op) == -1, "at out of range");
    }
    if (read_ok(&r, WAC002)) {
        CHECK(r.pos.side == BB_BLACK, "WAC.002: black to move");
        CHECK(bb_chess_epd_moves(&r, "bm", m, 8, &e) == 1 && m[0] == uci(&r.pos, "b3b2"), "bm: %s", e.msg);
    }
    if (read_ok(&r, ERET001)) {
        CHECK(strcmp(bb_chess_epd_get(&r, "id"), "ERET 001 - Relief") == 0, "id '%s'", bb_chess_epd_get(&r, "id"));
        CHECK(bb_chess_epd_moves(&r, "bm", m, 8, &e) == 1 && m[0] == uci(&r.pos, "f1f4"), "bm: %s", e.msg);
        CHECK(r.pos.castling == BB_CASTLE_BQ, "castling %d", r.pos.castling);
    }
    if (read_ok(&r, SEVERAL)) {
        static const char *const want[] = {"e2e4", "d2d4", "g1f3", "c2c4"};
        CHECK(bb_chess_epd_moves(&r, "bm", m, 8, &e) == 4, "bm: %s", e.msg);
        for (int i = 0; i < 4; i++) CHECK(m[i] == uci(&r.pos, want[i]), "bm move %d", i);
        CHECK(bb_chess_epd_moves(&r, "am", m, 8, &e) == 2 && m[0] == uci(&r.pos, "f2f3") && m[1] == uci(&r.pos, "g2g4"),
              "am: %s", e.msg);
        CHECK(bb_chess_epd_moves(&r, "bm", m, 3, &e) == -1 && strstr(e.msg, "bm has 4 moves"), "max 3: %s", e.msg);
        CHECK(bb_chess_epd_moves(&r, "id", m, 3, &e) == -1 && strstr(e.msg, "not a move operation"), "id: %s", e.msg);
        CHECK(bb_chess_epd_moves(&r, "bm", NULL, 0, &e) == -1, "max 0");
    }
    if (read_ok(&r, COMMENT)) {
        CHECK(strcmp(bb_chess_epd_get(&r, "c0"), "Fischer; 1972, (game 6); see \u00e9tude") == 0, "c0 '%s'",
              bb_chess_epd_get(&r, "c0"));
        CHECK(strcmp(bb_chess_epd_get(&r, "c1"), "plain") == 0, "c1 '%s'", bb_chess_epd_get(&r, "c1"));
        CHECK(r.count == 3, "%d operations", r.count);
    }
    if (read_ok(&r, CLOCKS)) {
        CHECK(r.pos.halfmove == 12 && r.pos.fullmove == 34, "clocks %d %d", r.pos.halfmove, r.pos.fullmove);
        CHECK(strcmp(bb_chess_epd_get(&r, "hmvc"), "12") == 0, "hmvc text");
        CHECK(bb_chess_epd_moves(&r, "pm", m, 1, &e) == 1 && m[0] == uci(&r.pos, "e1d2"), "pm: %s", e.msg);
    }
    if (read_ok(&r, PV)) {
        static const char *const line[] = {"f1b5", "a7a6", "b5a4", "g8f6", "e1g1"};
        bb_chess_pos p = r.pos;
        CHECK(bb_chess_epd_moves(&r, "pv", m, 8, &e) == 5, "pv: %s", e.msg);
        for (int i = 0; i < 5; i++) {
            CHECK(m[i] == uci(&p, line[i]), "pv move %d", i + 1);
            bb_chess_undo u;
            if (bb_chess_is_legal(&p, m[i])) bb_chess_make(&p, m[i], &u);
        }
    }
    /* lenient SAN and UCI, held as SAN */
    if (read_ok(&r, CASTLE)) {
        CHECK(strcmp(bb_chess_epd_get(&r, "bm"), "O-O O-O-O") == 0, "bm '%s'", bb_chess_epd_get(&r, "bm"));
        CHECK(bb_chess_epd_moves(&r, "bm", m, 2, &e) == 2 && bb_chess_move_kind(m[0]) == BB_MOVE_CASTLING, "castling");
    }
    if (read_ok(&r, PROMO)) CHECK(strcmp(bb_chess_epd_get(&r, "bm"), "e8=Q+ e8=R") == 0, "bm '%s'", bb_chess_epd_get(&r, "bm"));
    if (read_ok(&r, EP)) {
        CHECK(r.pos.ep == BB_F6, "ep square %d", r.pos.ep);
        CHECK(bb_chess_epd_moves(&r, "bm", m, 1, &e) == 1 && bb_chess_move_kind(m[0]) == BB_MOVE_EN_PASSANT, "ep");
    }
    if (read_ok(&r, FRC)) {
        CHECK(r.pos.chess960, "Chess960");
        CHECK(strcmp(bb_chess_epd_get(&r, "pm"), "O-O-O") == 0, "pm '%s'", bb_chess_epd_get(&r, "pm"));
        char out[BB_CHESS_EPD_LINE_MAX];
        bb_chess_epd_write(out, sizeof out, &r, BB_CHESS_EPD_UCI);
        CHECK(strcmp(out, "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBgb - bm f1g1; pm f1b1;") == 0,
              "UCI '%s'", out);
    }
    if (read_ok(&r, "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6+ g3g6!; id WAC.001;")) {
        CHECK(strcmp(bb_chess_epd_get(&r, "bm"), "Qg6 Qg6") == 0, "bm '%s'", bb_chess_epd_get(&r, "bm"));
        CHECK(strcmp(bb_chess_epd_get(&r, "id"), "WAC.001") == 0, "a bare id");
    }
    /* operations with no operands, empty ones, the last ';' left out, tabs */
    if (read_ok(&r, " 4k3/8/8/8/8/8/4P3/4K3\tw - -\tnoop;; ce 35 ;bm e3")) {
        CHECK(r.count == 3 && strcmp(bb_chess_epd_get(&r, "noop"), "") == 0, "noop");
        CHECK(strcmp(bb_chess_epd_get(&r, "ce"), "35") == 0 && strcmp(bb_chess_epd_get(&r, "bm"), "e3") == 0, "ce bm");
    }
    /* generic operations: operands one space apart, strings kept quoted */
    if (read_ok(&r, "4k3/8/8/8/8/8/4P3/4K3 w - - xyz  1   \"a b\"  c;  acs \"\";")) {
        CHECK(strcmp(bb_chess_epd_get(&r, "xyz"), "1 \"a b\" c") == 0, "xyz '%s'", bb_chess_epd_get(&r, "xyz"));
        CHECK(strcmp(bb_chess_epd_get(&r, "acs"), "") == 0, "empty string");
        bb_chess_epd_op op;
        CHECK(bb_chess_epd_at(&r, 0, &op) == 0 && op.count == 3 && !op.string, "xyz: 3 operands");
        CHECK(bb_chess_epd_at(&r, 1, &op) == 0 && op.count == 1 && op.string, "acs: a string");
        CHECK(strcmp(round_trip("4k3/8/8/8/8/8/4P3/4K3 w - - xyz  1   \"a b\"  c;  acs \"\";"),
                     "4k3/8/8/8/8/8/4P3/4K3 w - - xyz 1 \"a b\" c; acs \"\";") == 0, "written");
    }
}

static void perft_suites(void)
{
    bb_chess_epd r;
    uint64_t n = 0;
    if (read_ok(&r, PERFT6)) {
        static const uint64_t want[] = {0, 20, 400, 8902, 197281, 4865609, 119060324};
        CHECK(r.perft_form && r.fen_clocks && r.count == 6, "perft form %d, clocks %d, %d operations", r.perft_form,
              r.fen_clocks, r.count);
        for (int d = 1; d <= 6; d++) CHECK(bb_chess_epd_perft(&r, d, &n) == 1 && n == want[d], "D%d: %llu", d, (unsigned long long)n);
        CHECK(bb_chess_epd_perft(&r, 7, &n) == 0 && bb_chess_epd_perft(&r, 0, &n) == 0, "no D7, no D0");
        CHECK(bb_chess_epd_perft(&r, -1, &n) == 0 && bb_chess_epd_perft(&r, 65, &n) == 0, "depths out of range");
        for (int d = 1; d <= 3; d++) CHECK(bb_chess_perft(&r.pos, d, NULL) == want[d], "perft %d", d);
        CHECK(strcmp(round_trip(PERFT6), PERFT6) == 0, "a perft line writes as read: '%s'", round_trip(PERFT6));
    }
    if (read_ok(&r, PERFT4)) {
        CHECK(!r.fen_clocks && r.perft_form, "four fields");
        for (int d = 1; d <= 3; d++) {
            CHECK(bb_chess_epd_perft(&r, d, &n) == 1, "D%d", d);
            CHECK(bb_chess_perft(&r.pos, d, NULL) == n, "kiwipete perft %d: %llu", d, (unsigned long long)n);
        }
        CHECK(strcmp(round_trip(PERFT4), PERFT4) == 0, "'%s'", round_trip(PERFT4));
    }
    /* the FEN clocks and the perft form, counts up to 2^64 - 1, depth 0 */
    if (read_ok(&r, "8/8/4k3/8/8/3K4/8/R7 w - - 7 40;D0 1;D2 18446744073709551615")) {
        CHECK(r.pos.halfmove == 7 && r.pos.fullmove == 40 && r.fen_clocks && r.perft_form, "clocks");
        CHECK(bb_chess_epd_perft(&r, 0, &n) == 1 && n == 1, "D0");
        CHECK(bb_chess_epd_perft(&r, 2, &n) == 1 && n == UINT64_MAX, "D2 = 2^64 - 1");
        CHECK(strcmp(round_trip("8/8/4k3/8/8/3K4/8/R7 w - - 7 40;D0 1;D2 18446744073709551615"),
                     "8/8/4k3/8/8/3K4/8/R7 w - - 7 40 ;D0 1 ;D2 18446744073709551615") == 0, "written");
    }
    /* hmvc and fmvn agreeing with the FEN clocks */
    if (read_ok(&r, "8/8/4k3/8/8/3K4/8/R7 w - - 7 40 hmvc 7; fmvn 40;"))
        CHECK(r.pos.halfmove == 7 && r.pos.fullmove == 40, "clocks");
}

/* ---- errors ------------------------------------------------------------------------------ */

static void errors(void)
{
    static const struct { const char *line; const char *want; int pos; } c[] = {
        {"", "EPD field 1 (placement) is missing", 1},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "EPD field 2 (side to move) is missing", 44},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR bm e4;", "EPD field 2 (side to move): 'bm' is not w or b", 45},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", "EPD field 4 (en passant) is missing", 51},
        {"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4;", "FEN field 1 (placement)", 17},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - bm e4;", "FEN field 2 (side to move)", 45},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 5 bm e4;", "'5' after the four fields", 54},
        {"4k3/8/8/8/8/8/4P3/4K3 w - - b#m e4;", "opcode 'b#m': '#' is not a letter, digit or '_'", 30},
        {"4k3/8/8/8/8/8/4P3/4K3 w - - 1bm e4;", "'1bm' is not an opcode: an opcode starts with a letter", 29},
        {"4k3/8/8/8/8/8/4P3/4K3 w - - abcdefghijklmnop 1;", "opcode 'abcdefghijklmnop' is longer than 15", 29},
        {"4k3/8/8/8/8/8/4P3/4K3 w - - bm e4; \"x\";", "a string where an opcode should be", 36},
        {"4k3/8/8/8/8/8/4P3/4K3 w - - bm e4; id \"WAC.001;", "id: the string opened at character 39 is not closed", 39},
        {"4k3/8/8/8/8/8/4P3/4K3 w - - c0 \"a\"b;", "c0: 'b' right after a string's closing quote", 35},
        {"4k3/8/8/8/8/8/4P3/4K3 w - - c0 a\"b\";", "c0: a '\"' inside the word 'a\"'", 33},
        {"4k3/8/8/8/8/8/4P3/4K3 w - - c0 \"a\tb\";", "c0: a control character (\\t) in a string", 34},
        {"4k3/8/8/8/8/8/4P3/4K3 w - - xx \x01;", "xx: \\x01 is not printable ASCII", 32},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm Qxf7; id \"x\";",
         "bm Qxf7: no white queen can move to f7", 57},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4 e5;", "bm e5: no white pawn can move to e5", 60},
        {"rnbqkb1r/ppp2ppp/5n2/3pp3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - bm Nd7;", "bm Nd7 is ambiguous", 65},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm Zz9;", "bm 'Zz9'", 57},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e2e5;", "bm e2e5 is not a legal move", 57},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm \"e4\";", "bm: \"e4\" is a string, not a move", 57},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm;", "bm needs at least one move", 56},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - pv e4 e4;", "pv e4: no black pawn can move to e4", 60},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2", "D2 needs one number", 68},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 twenty", "D1: 'twenty' is not a number", 62},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D1 20 400", "D1 needs one number", 64},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D1 18446744073709551616", "does not fit in 64 bits", 58},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D65 1", "'D65': a perft depth is 0..64", 55},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D01 20", "'D01': a perft depth is 0..64", 55},
        {"4k3/8/8/8/8/8/4P3/4K3 w - - hmvc 70000;", "hmvc: 70000 is out of range", 34},
        {"4k3/8/8/8/8/8/4P3/4K3 w - - fmvn 0;", "fmvn: 0 is out of range", 34},
        {"4k3/8/8/8/8/8/4P3/4K3 w - - hmvc -1;", "hmvc: '-1' is not a number", 34},
        {"4k3/8/8/8/8/8/4P3/4K3 w - - 3 9 hmvc 4;", "hmvc 4 disagrees with the FEN's halfmove clock field, 3", 33},
        {"4k3/8/8/8/8/8/4P3/4K3 w - - 3 9 fmvn 8;", "fmvn 8 disagrees with the FEN's full move field, 9", 33},
        {"4k3/8/8/8/8/8/4P3/4K3 w - - id \"a\" \"b\";", "id takes one operand (a \"string\"), not 2", 39},
        {"4k3/8/8/8/8/8/4P3/4K3 w - - c5;", "c5 takes one operand (a \"string\"), not 0", 31},
        {"4k3/8/8/8/8/8/4P3/4K3 w - - bm e4; id \"x\"; bm e3;", "bm appears twice (first at character 29)", 44},
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        bb_chess_epd r;
        bb_parse_error e;
        memset(&e, 0, sizeof e);
        memset(&r, 0x5a, sizeof r);
        int rc = bb_chess_epd_parse(&r, c[i].line, &e);
        CHECK(rc == -1, "'%s' reads", c[i].line);
        CHECK(strstr(e.msg, c[i].want) != NULL, "'%s': message '%s', want '%s'", c[i].line, e.msg, c[i].want);
        CHECK(e.pos == c[i].pos, "'%s' (%s): at character %d, want %d", c[i].line, e.msg, e.pos, c[i].pos);
        CHECK(r.count == 0x5a5a5a5a, "'%s': the record changed on an error", c[i].line);
        for (const char *p = e.msg; *p; p++) CHECK(*p >= 0x20 && *p <= 0x7e, "'%s': unprintable message", c[i].line);
    }
    bb_chess_epd r;
    bb_parse_error e;
    CHECK(bb_chess_epd_parse(&r, NULL, &e) == -1 && strstr(e.msg, "no EPD line"), "NULL: %s", e.msg);
    CHECK(bb_chess_epd_parse(&r, "junk", NULL) == -1, "err may be NULL");

    /* too many operations: 32 read, the 33rd is refused where it starts */
    char line[2048];
    int n = snprintf(line, sizeof line, "4k3/8/8/8/8/8/4P3/4K3 w - -");
    for (int i = 0; i < 32; i++) n += snprintf(line + n, sizeof line - (size_t)n, " op%d %d;", i, i);
    CHECK(read_ok(&r, line) && r.count == 32, "32 operations");
    int at = n + 2;
    snprintf(line + n, sizeof line - (size_t)n, " x 1;");
    CHECK(bb_chess_epd_parse(&r, line, &e) == -1 && strstr(e.msg, "x: more than 32 operations") && e.pos == at,
          "33 operations: %s at %d, want %d", e.msg, e.pos, at);

    /* too much text: one string, then several that add up */
    n = snprintf(line, sizeof line, "4k3/8/8/8/8/8/4P3/4K3 w - - c0 \"");
    for (int i = 0; i < 1030; i++) line[n++] = 'a';
    snprintf(line + n, sizeof line - (size_t)n, "\";");
    CHECK(bb_chess_epd_parse(&r, line, &e) == -1 && strstr(e.msg, "c0: the operands take more than 1023 bytes"),
          "a long string: %s", e.msg);
    n = snprintf(line, sizeof line, "4k3/8/8/8/8/8/4P3/4K3 w - -");
    for (int i = 0; i < 6; i++) {
        n += snprintf(line + n, sizeof line - (size_t)n, " c%d \"", i);
        for (int k = 0; k < 200; k++) line[n++] = (char)('a' + i);
        n += snprintf(line + n, sizeof line - (size_t)n, "\";");
    }
    CHECK(bb_chess_epd_parse(&r, line, &e) == -1 && strstr(e.msg, "c5: the record's operations would take more than 1024"),
          "the sum: %s", e.msg);
    /* exactly at the limit: 1024 bytes held */
    n = snprintf(line, sizeof line, "4k3/8/8/8/8/8/4P3/4K3 w - - c0 \"");
    for (int i = 0; i < 1020; i++) line[n++] = 'z';
    snprintf(line + n, sizeof line - (size_t)n, "\";");
    CHECK(read_ok(&r, line) && r.used == 1024, "1024 bytes: %zu", r.used);
    round_trip(line);
    line[n - 1] = 'z';  /* one more byte */
    memcpy(line + n, "z\";", 4);
    CHECK(bb_chess_epd_parse(&r, line, &e) == -1, "1025 bytes");
}

/* ---- changing a record ------------------------------------------------------------------- */

static void changing(void)
{
    bb_chess_epd r;
    bb_parse_error e;
    bb_chess_move m[4];
    char out[BB_CHESS_EPD_LINE_MAX];
    bb_chess_epd_init(&r, NULL);
    CHECK(r.count == 0 && r.pos.key == 0x463b96181691fc9cULL, "init: the start");
    bb_chess_epd_write(out, sizeof out, &r, BB_CHESS_EPD_SAN);
    CHECK(strcmp(out, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -") == 0, "'%s'", out);

    CHECK(bb_chess_epd_set(&r, "bm", "e2e4 Nf3", &e) == 0, "set bm: %s", e.msg);
    CHECK(bb_chess_epd_set_string(&r, "id", "start; \"opening\"", &e) == -1 && e.pos == 8 && strstr(e.msg, "no escapes"),
          "a quote in a string: %s at %d", e.msg, e.pos);
    CHECK(bb_chess_epd_set_string(&r, "id", "start; 1", &e) == 0, "set id: %s", e.msg);
    CHECK(bb_chess_epd_set(&r, "hmvc", "5", &e) == 0 && r.pos.halfmove == 5, "hmvc");
    CHECK(bb_chess_epd_set(&r, "fmvn", "3", &e) == 0 && r.pos.fullmove == 3, "fmvn");
    CHECK(bb_chess_epd_set(&r, "noop", NULL, &e) == 0, "noop");
    bb_chess_epd_write(out, sizeof out, &r, BB_CHESS_EPD_SAN);
    CHECK(strcmp(out, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4 Nf3; id \"start; 1\"; hmvc 5; fmvn 3; "
                      "noop;") == 0, "'%s'", out);
    bb_chess_epd_write(out, sizeof out, &r, BB_CHESS_EPD_UCI);
    CHECK(strcmp(out, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e2e4 g1f3; id \"start; 1\"; hmvc 5; "
                      "fmvn 3; noop;") == 0, "'%s'", out);
    round_trip(out);
    /* replacing keeps the place; errors leave the record alone */
    bb_chess_epd before = r;
    CHECK(bb_chess_epd_set(&r, "bm", "d4", &e) == 0, "replace bm");
    CHECK(bb_chess_epd_at(&r, 0, &(bb_chess_epd_op){0}) == 0 && strcmp(r.text + r.ops[0].opcode, "bm") == 0 &&
          strcmp(bb_chess_epd_get(&r, "bm"), "d4") == 0, "bm first, d4");
    before = r;
    CHECK(bb_chess_epd_set(&r, "bm", "Qxf7", &e) == -1 && strstr(e.msg, "bm Qxf7: no white queen can move to f7") &&
          e.pos == 1, "an illegal bm: %s at %d", e.msg, e.pos);
    CHECK(bb_chess_epd_set(&r, "hmvc", "99999", &e) == -1 && e.pos == 1 && r.pos.halfmove == 5, "hmvc 99999: %s", e.msg);
    CHECK(bb_chess_epd_set(&r, "c0", "a; b", &e) == -1 && strstr(e.msg, "';' outside a string") && e.pos == 2, "';': %s",
          e.msg);
    CHECK(bb_chess_epd_set(&r, "c0", "\"open", &e) == -1 && strstr(e.msg, "not closed") && e.pos == 1, "open: %s", e.msg);
    CHECK(bb_chess_epd_set(&r, "b m", "e4", &e) == -1 && strstr(e.msg, "opcode 'b m'"), "opcode: %s", e.msg);
    CHECK(bb_chess_epd_set(&r, "D2", "x", &e) == -1 && strstr(e.msg, "D2: 'x' is not a number"), "D2: %s", e.msg);
    CHECK(memcmp(&before, &r, sizeof r) == 0, "the errors changed the record");
    /* set_moves: SAN, a pv line, illegal moves */
    bb_chess_pos p = r.pos;
    bb_chess_move line[3] = {uci(&p, "e2e4"), 0, 0};
    bb_chess_undo u;
    bb_chess_make(&p, line[0], &u);
    line[1] = uci(&p, "e7e5");
    bb_chess_make(&p, line[1], &u);
    line[2] = uci(&p, "d1h5");
    CHECK(bb_chess_epd_set_moves(&r, "pv", line, 3, &e) == 0 && strcmp(bb_chess_epd_get(&r, "pv"), "e4 e5 Qh5") == 0,
          "pv: %s", e.msg);
    CHECK(bb_chess_epd_moves(&r, "pv", m, 4, &e) == 3 && memcmp(m, line, sizeof line) == 0, "pv back");
    CHECK(bb_chess_epd_set_moves(&r, "bm", line, 2, &e) == -1 && strstr(e.msg, "move 2"), "e5 for white: %s", e.msg);
    CHECK(bb_chess_epd_set_moves(&r, "id", line, 1, &e) == -1, "id is not a move operation");
    CHECK(bb_chess_epd_set_moves(&r, "am", line, 0, &e) == -1, "no moves");
    CHECK(bb_chess_epd_set_moves(&r, "am", line, 1, &e) == 0 && strcmp(bb_chess_epd_get(&r, "am"), "e4") == 0, "am");
    /* remove */
    int count = r.count;
    CHECK(bb_chess_epd_remove(&r, "hmvc") == 1 && r.pos.halfmove == 0 && r.count == count - 1, "remove hmvc");
    CHECK(bb_chess_epd_remove(&r, "hmvc") == 0 && bb_chess_epd_remove(&r, NULL) == 0, "remove twice");
    CHECK(bb_chess_epd_remove(&r, "fmvn") == 1 && r.pos.fullmove == 1, "remove fmvn");
    CHECK(bb_chess_epd_get(&r, "hmvc") == NULL && strcmp(bb_chess_epd_get(&r, "id"), "start; 1") == 0, "after removes");
    size_t used = r.used;
    for (int i = 0; i < 200; i++) CHECK(bb_chess_epd_set_string(&r, "c9", i % 2 ? "abcdefgh" : "x", &e) == 0, "c9 %d", i);
    CHECK(r.used == used + 3 + 9, "the text is reused: %zu", r.used);
    round_trip("4k3/8/8/8/8/8/4P3/4K3 w - - bm e4;");
    /* write: like snprintf */
    bb_chess_epd_write(out, sizeof out, &r, BB_CHESS_EPD_SAN);
    size_t full = strlen(out);
    char small[16];
    memset(small, '#', sizeof small);
    CHECK(bb_chess_epd_write(small, sizeof small, &r, BB_CHESS_EPD_SAN) == full && small[15] == '\0' &&
          strncmp(small, out, 15) == 0, "cut at 16");
    CHECK(bb_chess_epd_write(NULL, 0, &r, BB_CHESS_EPD_UCI) > full - 8, "size 0");
    /* perft form kept through set */
    if (read_ok(&r, PERFT4)) {
        CHECK(bb_chess_epd_set(&r, "D4", "4085603", &e) == 0, "D4");
        bb_chess_epd_write(out, sizeof out, &r, BB_CHESS_EPD_SAN);
        CHECK(strcmp(out, PERFT4 " ;D4 4085603") == 0, "'%s'", out);
    }
}

static void round_trips(void)
{
    for (size_t i = 0; i < sizeof records / sizeof records[0]; i++) round_trip(records[i]);
    CHECK(strcmp(round_trip(WAC001), WAC001) == 0, "WAC.001 is written as read");
    CHECK(strcmp(round_trip(ERET001), ERET001) == 0, "ERET 001 is written as read");
    CHECK(strcmp(round_trip(CASTLE), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - bm O-O O-O-O; am Kf1;") == 0, "'%s'",
          round_trip(CASTLE));
    CHECK(strcmp(round_trip(CLOCKS), CLOCKS) == 0, "'%s'", round_trip(CLOCKS));
}

/* ---- random games ------------------------------------------------------------------------ */

static void random_games(void)
{
    static const char *const starts[] = {START, KIWIPETE, POS4, POS5,
                                         "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
                                         "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBgb - 0 1"};
    uint64_t seed = 0xe9d;
    int records_checked = 0;
    for (int g = 0; g < 60; g++) {
        bb_chess_pos pos;
        parse(&pos, starts[g % 6]);
        for (int ply = 0; ply < 80; ply++) {
            bb_chess_movelist list;
            bb_chess_generate(&pos, BB_GEN_ALL, &list);
            if (list.count == 0) break;
            if (ply % 3 == 0) {
                bb_chess_epd r;
                bb_parse_error e;
                bb_chess_epd_init(&r, &pos);
                bb_chess_move bm[3], pv[4], got[8];
                int nb = 1 + (int)(bbt_next(&seed) % 3), np = 0;
                if (nb > list.count) nb = list.count;
                for (int i = 0; i < nb; i++) bm[i] = list.moves[(i + bbt_next(&seed) % (uint64_t)list.count) % (uint64_t)list.count];
                bb_chess_pos p = pos;
                for (; np < 4; np++) {
                    bb_chess_movelist l2;
                    if (bb_chess_generate(&p, BB_GEN_ALL, &l2) == 0) break;
                    pv[np] = l2.moves[bbt_next(&seed) % (uint64_t)l2.count];
                    bb_chess_undo u;
                    bb_chess_make(&p, pv[np], &u);
                }
                CHECK(bb_chess_epd_set_moves(&r, "bm", bm, nb, &e) == 0, "%s: bm: %s", fen_of(&pos), e.msg);
                if (np) CHECK(bb_chess_epd_set_moves(&r, "pv", pv, np, &e) == 0, "%s: pv: %s", fen_of(&pos), e.msg);
                char num[16];
                snprintf(num, sizeof num, "%d", pos.halfmove);
                CHECK(bb_chess_epd_set(&r, "hmvc", num, &e) == 0, "hmvc");
                snprintf(num, sizeof num, "%d", pos.fullmove);
                CHECK(bb_chess_epd_set(&r, "fmvn", num, &e) == 0, "fmvn");
                CHECK(bb_chess_epd_set_string(&r, "id", fen_of(&pos), &e) == 0, "id");
                char san[BB_CHESS_EPD_LINE_MAX], text[BB_CHESS_EPD_LINE_MAX], again[BB_CHESS_EPD_LINE_MAX];
                bb_chess_epd_write(san, sizeof san, &r, BB_CHESS_EPD_SAN);
                bb_chess_epd a, b;
                if (!read_ok(&a, san)) continue;
                CHECK(a.pos.key == pos.key && a.pos.halfmove == pos.halfmove && a.pos.fullmove == pos.fullmove,
                      "'%s': another position", san);
                CHECK(bb_chess_epd_moves(&a, "bm", got, 8, &e) == nb && memcmp(got, bm, sizeof bm[0] * (size_t)nb) == 0,
                      "'%s': bm moves differ", san);
                CHECK(bb_chess_epd_moves(&a, "pv", got, 8, &e) == np && memcmp(got, pv, sizeof pv[0] * (size_t)np) == 0,
                      "'%s': pv moves differ", san);
                bb_chess_epd_write(text, sizeof text, &a, BB_CHESS_EPD_UCI);
                if (!read_ok(&b, text)) continue;
                CHECK(bb_chess_epd_moves(&b, "bm", got, 8, &e) == nb && memcmp(got, bm, sizeof bm[0] * (size_t)nb) == 0,
                      "'%s': bm moves differ in UCI", text);
                CHECK(bb_chess_epd_moves(&b, "pv", got, 8, &e) == np && memcmp(got, pv, sizeof pv[0] * (size_t)np) == 0,
                      "'%s': pv moves differ in UCI", text);
                bb_chess_epd_write(again, sizeof again, &b, BB_CHESS_EPD_SAN);
                CHECK(strcmp(again, san) == 0, "SAN '%s' -> UCI '%s' -> SAN '%s'", san, text, again);
                records_checked++;
            }
            bb_chess_undo u;
            bb_chess_make(&pos, list.moves[bbt_next(&seed) % (uint64_t)list.count], &u);
        }
    }
    CHECK(records_checked > 1000, "only %d records", records_checked);
}

int main(void)
{
    RUN(suite_shapes);
    RUN(perft_suites);
    RUN(errors);
    RUN(changing);
    RUN(round_trips);
    RUN(random_games);
    return bbt_finish("chess_epd");
}
