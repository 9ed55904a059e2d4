/* Chess positions as text: FEN, X-FEN and Shredder-FEN in and out, every
 * malformed FEN the issue lists (the message names the field and the
 * character position, err.pos points at it), and the Polyglot keys the
 * Polyglot book-format documentation publishes. */
#include <string.h>

#include "bitboard.h"
#include "harness.h"

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

static int read_ok(bb_chess_pos *pos, const char *fen)
{
    bb_parse_error err;
    int rc = bb_chess_from_fen(pos, fen, &err);
    CHECK(rc == 0, "'%s': %s", fen, err.msg);
    return rc == 0;
}

static void start_position(void)
{
    bb_chess_pos a, b;
    bb_chess_start(&a);
    if (!read_ok(&b, START)) return;
    CHECK(memcmp(a.pieces, b.pieces, sizeof a.pieces) == 0 && memcmp(a.board, b.board, 64) == 0, "pieces");
    CHECK(a.side == BB_WHITE && a.castling == 15 && a.ep == BB_CHESS_NO_EP && a.halfmove == 0 && a.fullmove == 1,
          "fields");
    CHECK(a.castle_rook[0] == BB_H1 && a.castle_rook[1] == BB_A1 && a.castle_rook[2] == BB_H8 &&
          a.castle_rook[3] == BB_A8, "castle rooks");
    CHECK(a.chess960 == 0 && b.chess960 == 0, "not Chess960");
    CHECK_EQ64(a.key, 0x463b96181691fc9cULL, "start key");
    CHECK_EQ64(b.key, a.key, "key read");
    char buf[BB_CHESS_FEN_MAX];
    for (int style = 0; style < 3; style++) {
        size_t n = bb_chess_to_fen(buf, sizeof buf, &a, style);
        const char *want = style == BB_FEN_SHREDDER ? "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1" : START;
        CHECK(strcmp(buf, want) == 0 && n == strlen(want), "style %d: '%s'", style, buf);
    }
    /* snprintf-like: the length needed, a truncated NUL-terminated prefix */
    char small[10];
    memset(small, 'x', sizeof small);
    CHECK(bb_chess_to_fen(small, sizeof small, &a, BB_FEN_STANDARD) == strlen(START), "length with a small buffer");
    CHECK(strcmp(small, "rnbqkbnr/") == 0, "truncated: '%s'", small);
    CHECK(bb_chess_to_fen(NULL, 0, &a, BB_FEN_STANDARD) == strlen(START), "length with no buffer");
}

/* The key examples of the Polyglot book format ("PG format") documentation, read from FEN
 * and reached by make from the start. */
static void polyglot_keys(void)
{
    static const struct { const char *fen; uint64_t key; int from, to; } c[] = {
        {START, 0x463b96181691fc9cULL, -1, -1},
        {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", 0x823c9b50fd114196ULL, BB_E2, BB_E4},
        {"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", 0x0756b94461c50fb0ULL, BB_D7, BB_D5},
        {"rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2", 0x662fafb965db29d4ULL, BB_E4, BB_E5},
        {"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", 0x22a48b5a8e47ff78ULL, BB_F7, BB_F5},
        {"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 0 3", 0x652a607ca3f242c1ULL, BB_E1, BB_E2},
        {"rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 0 4", 0x00fdd303c946bdd9ULL, BB_E8, BB_F7},
        {"rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3", 0x3c8123ea7b067637ULL, -1, -1},
        {"rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 0 4", 0x5c3f9b829b279560ULL, -1, -1},
    };
    bb_chess_pos line;
    bb_chess_start(&line);
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        bb_chess_pos pos;
        if (!read_ok(&pos, c[i].fen)) continue;
        CHECK_EQ64(pos.key, c[i].key, "'%s'", c[i].fen);
        CHECK_EQ64(bb_chess_key(&pos), c[i].key, "bb_chess_key '%s'", c[i].fen);
        if (c[i].from >= 0) {
            bb_chess_undo u;
            bb_chess_move m = bb_chess_move_make(c[i].from, c[i].to, BB_MOVE_NORMAL, 0);
            CHECK(bb_chess_is_legal(&line, m), "move %zu legal", i);
            bb_chess_make(&line, m, &u);
            CHECK_EQ64(line.key, c[i].key, "after move %zu", i);
            /* the same position as the FEN (whose unusable ep squares are dropped on reading) */
            CHECK(memcmp(line.board, pos.board, 64) == 0 && line.ep == pos.ep && line.castling == pos.castling &&
                  line.side == pos.side, "after move %zu: not '%s'", i, c[i].fen);
        }
    }
    /* the en-passant rule: e3 after 1. e4 is written in the FEN but no pawn can take */
    bb_chess_pos a, b;
    if (read_ok(&a, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1") &&
        read_ok(&b, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")) {
        CHECK(a.ep == BB_CHESS_NO_EP, "unusable ep dropped");
        CHECK_EQ64(a.key, b.key, "same key");
    }
}

/* Chess960: Shredder-FEN and X-FEN in and out. */
static void chess960_fen(void)
{
    static const struct { const char *in, *standard, *shredder; } c[] = {
        {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
         "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9",
         "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"},
        {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9",
         "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9",
         "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"},
        /* an inner rook: X-FEN names it by its file */
        {"4k3/8/8/8/8/8/8/R1R1K2R w KC - 0 1", "4k3/8/8/8/8/8/8/R1R1K2R w KC - 0 1",
         "4k3/8/8/8/8/8/8/R1R1K2R w HC - 0 1"},
        {"r1r1k2r/8/8/8/8/8/8/4K3 b kc - 0 1", "r1r1k2r/8/8/8/8/8/8/4K3 b kc - 0 1",
         "r1r1k2r/8/8/8/8/8/8/4K3 b hc - 0 1"},
        /* the king and rook on each other's targets */
        {"1r1k3r/8/8/8/8/8/8/R4KR1 w GAhb - 0 1", "1r1k3r/8/8/8/8/8/8/R4KR1 w KQkq - 0 1",
         "1r1k3r/8/8/8/8/8/8/R4KR1 w GAhb - 0 1"},
        {"rk5r/8/8/8/8/8/8/RK5R w AHah - 0 1", "rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1",
         "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1"},
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        bb_chess_pos pos, back;
        if (!read_ok(&pos, c[i].in)) continue;
        CHECK(pos.chess960 == 1, "'%s' is Chess960", c[i].in);
        char buf[BB_CHESS_FEN_MAX];
        bb_chess_to_fen(buf, sizeof buf, &pos, BB_FEN_STANDARD);
        CHECK(strcmp(buf, c[i].standard) == 0, "standard: '%s', want '%s'", buf, c[i].standard);
        bb_chess_to_fen(buf, sizeof buf, &pos, BB_FEN_XFEN);
        CHECK(strcmp(buf, c[i].standard) == 0, "X-FEN: '%s', want '%s'", buf, c[i].standard);
        bb_chess_to_fen(buf, sizeof buf, &pos, BB_FEN_SHREDDER);
        CHECK(strcmp(buf, c[i].shredder) == 0, "Shredder: '%s', want '%s'", buf, c[i].shredder);
        if (read_ok(&back, buf)) {
            CHECK(back.castling == pos.castling && memcmp(back.castle_rook, pos.castle_rook, 4) == 0 &&
                  back.key == pos.key, "'%s' reads back", buf);
        }
    }
    /* the rights of the first position: H and F for white, h and f for black */
    bb_chess_pos pos;
    if (read_ok(&pos, c[0].in)) {
        CHECK(pos.castling == 15 && pos.castle_rook[0] == BB_H1 && pos.castle_rook[1] == BB_F1 &&
              pos.castle_rook[2] == BB_H8 && pos.castle_rook[3] == BB_F8, "HFhf rights");
    }
    /* Shredder letters for the standard set-up: a standard position read in Chess960 mode */
    if (read_ok(&pos, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1")) {
        CHECK(pos.castling == 15 && pos.chess960 == 1, "HAha");
        CHECK_EQ64(pos.key, 0x463b96181691fc9cULL, "same key as KQkq");
    }
}

/* What the reader accepts beyond the plain form. */
static void lenient_forms(void)
{
    bb_chess_pos a, b;
    if (!read_ok(&a, START)) return;
    static const char *const same[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",          /* 4 fields: clocks 0 1 */
        "  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w\tKQkq - 0 1 \n", /* white space */
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",      /* (any other order is malformed) */
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",      /* fullmove 0 taken as 1 */
    };
    for (size_t i = 0; i < sizeof same / sizeof same[0]; i++) {
        if (!read_ok(&b, same[i])) continue;
        CHECK(memcmp(a.board, b.board, 64) == 0 && a.castling == b.castling && a.key == b.key &&
              b.halfmove == 0 && b.fullmove == 1, "'%s'", same[i]);
    }
    if (read_ok(&b, "4k3/8/8/8/8/8/8/4K3 b - - 99 200")) CHECK(b.halfmove == 99 && b.fullmove == 200, "clocks");
    if (read_ok(&b, "4k3/8/8/8/8/8/8/4K3 b - - 65535 65535")) CHECK(b.halfmove == 65535 && b.fullmove == 65535, "max clocks");
    /* an en-passant square a pawn can use is kept */
    if (read_ok(&b, "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3")) CHECK(b.ep == BB_F6, "ep kept");
}

/* Every malformed FEN: the message names the field and the character, err.pos points there. */
static void bad_fen(void)
{
    static const struct { const char *fen; int field, pos; const char *says; } c[] = {
        {"", 1, 1, "missing"},
        {"   ", 1, 1, "missing"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", 2, 44, "missing (1 field given"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", 4, 51, "missing (3 fields given"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", 6, 55, "missing (5 fields given"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x", 0, 58, "extra text 'x'"},
        /* placement */
        {"rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, 14, "'x' is not a piece letter"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN9 w KQkq - 0 1", 1, 43, "'9' is not a piece letter"},
        {"rnbqkbnr/pppppppp/0/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, 19, "'0' is not a piece letter"},
        {"rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, 20, "two digits in a row ('44')"},
        {"8/8/4k3/8/8/3K4/8/17 w - - 0 1", 1, 20, "two digits in a row ('17')"},
        {"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, 18, "rank 7 has more than 8 squares"},
        {"rnbqkbnr/pppppppp/8/8/44p/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, 24, "two digits in a row ('44')"},
        {"rnbqkbnr/pppppppp/8/8/4p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, 25, "rank 4 has more than 8 squares"},
        {"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, 17, "rank 7 has 7 squares, not 8"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1", 1, 42, "rank 1 has 7 squares, not 8"},
        {"rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, 41, "7 ranks, not 8"},
        {"8/8/8/8/8/8/8/8/8 w - - 0 1", 1, 16, "more than 8 ranks"},
        {"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", 1, 1, "black has no king"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", 1, 1, "white has no king"},
        {"rnbqkbnr/pppppppp/8/8/8/2K5/PPPPPPPP/RNBQKBNR w kq - 0 1", 1, 1, "white has more than one king"},
        {"rnbqkbnP/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w Qq - 0 1", 1, 8, "a pawn on rank 8"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNp w Qkq - 0 1", 1, 43, "a pawn on rank 1"},
        /* side to move */
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", 2, 45, "'x' is not w or b"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1", 2, 45, "'W' is not w or b"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR wb KQkq - 0 1", 2, 45, "'wb' is not w or b"},
        /* castling */
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1", 3, 49, "'x' is not a castling letter"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ-q - 0 1", 3, 49, "'-' is not a castling letter"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KK - 0 1", 3, 48, "'K' repeats the white king-side right"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KH - 0 1", 3, 48, "'H' repeats the white king-side right"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w K - 0 1", 3, 47, "no rook on the king's h side"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQ - 0 1", 3, 48, "no rook on the king's a side"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqE - 0 1", 3, 51, "the king's own file"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w G - 0 1", 3, 47, "no rook of that colour on that file"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w - - 0 1", 1, 1, "white has no king"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR b kq - 0 1", 1, 1, "white has no king"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPKPPP/RNBQ1BNR w K - 0 1", 3, 47, "'K' needs the white king on rank 1"},
        {"rnbq1bnr/ppppkppp/8/8/8/8/PPPPPPPP/RNBQKBNR w q - 0 1", 3, 47, "'q' needs the black king on rank 8"},
        /* castling out of order: white's rights first, KQ king side first */
        {"r3k2r/8/8/8/8/8/8/R3K2R w QKqk - 0 1", 3, 28, "'K' comes after 'Q'"},
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQqk - 0 1", 3, 30, "'k' comes after 'q'"},
        {"r3k2r/8/8/8/8/8/8/R3K2R w kqKQ - 0 1", 3, 29, "'K' comes after black's rights"},
        {"r3k2r/8/8/8/8/8/8/R3K2R w kQ - 0 1", 3, 28, "'Q' comes after black's rights"},
        {"r3k2r/8/8/8/8/8/8/R3K2R w haHA - 0 1", 3, 29, "'H' comes after black's rights"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kqQK - 0 1", 3, 49, "'Q' comes after black's rights"},
        /* en passant */
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", 4, 52, "'e9' is not a square"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z3 0 1", 4, 52, "'z3' is not a square"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3x 0 1", 4, 52, "'e3x' is not a square"},
        {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1", 4, 54, "e4 is not on rank 3"},
        {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1", 4, 54, "e3 is not on rank 6"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq d6 0 1", 4, 52, "d6: no black pawn just moved two"},
        {"rnbqkbnr/pppppppp/8/8/4P3/4P3/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", 4, 56, "e3: no white pawn just moved two"},
        /* clocks */
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", 5, 54, "'x' is not a number"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", 5, 54, "'-1' is not a number"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 65536 1", 5, 54, "'65536' is not a number"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1x", 6, 56, "'1x' is not a number"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 9999999", 6, 56, "'9999999' is not a number"},
        /* the side not to move in check */
        {"4k3/8/8/8/8/8/8/4RK2 w - - 0 1", 2, 22, "white to move, but the black king on e8 is in check"},
        {"4k3/8/8/8/1b6/8/8/4K3 b - - 0 1", 2, 23, "black to move, but the white king on e1 is in check"},
        /* control bytes are shown escaped */
        {"rnbqkbnr/pppp\x01ppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, 14, "'\\x01' is not a piece letter"},
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        bb_chess_pos pos;
        bb_chess_start(&pos);
        bb_chess_pos before = pos;
        bb_parse_error err;
        memset(&err, 0x55, sizeof err);
        int rc = bb_chess_from_fen(&pos, c[i].fen, &err);
        CHECK(rc == -1, "'%s' accepted", c[i].fen);
        if (rc != -1) continue;
        CHECK(memcmp(&pos, &before, sizeof pos) == 0, "'%s': *pos changed on error", c[i].fen);
        CHECK(strstr(err.msg, c[i].says) != NULL, "'%s': message '%s' lacks '%s'", c[i].fen, err.msg, c[i].says);
        CHECK(err.pos == c[i].pos, "'%s': pos %d, want %d (%s)", c[i].fen, err.pos, c[i].pos, err.msg);
        char want[64];
        if (c[i].field) {
            snprintf(want, sizeof want, "field %d (", c[i].field);
            CHECK(strstr(err.msg, want) != NULL, "'%s': message '%s' does not name field %d", c[i].fen, err.msg,
                  c[i].field);
        }
        snprintf(want, sizeof want, "character %d", c[i].pos);
        CHECK(strstr(err.msg, want) != NULL, "'%s': message '%s' does not name character %d", c[i].fen, err.msg,
              c[i].pos);
        for (const char *s = err.msg; *s; s++) CHECK(*s >= 0x20 && *s < 0x7f, "printable message");
        CHECK(bb_chess_from_fen(&pos, c[i].fen, NULL) == -1, "NULL err");
    }
    bb_parse_error err;
    bb_chess_pos pos;
    CHECK(bb_chess_from_fen(&pos, NULL, &err) == -1 && strstr(err.msg, "no FEN") != NULL, "NULL text");
}

int main(void)
{
    RUN(start_position);
    RUN(polyglot_keys);
    RUN(chess960_fen);
    RUN(lenient_forms);
    RUN(bad_fen);
    return bbt_finish("chess_fen");
}
