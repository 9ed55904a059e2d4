/* bb_chess_move_from_san, bb_chess_move_from_uci: the input is a move, or a
 * FEN, a newline and a move (a FEN that does not read leaves one of a few
 * fixed positions, picked by the first byte).  A move that reads is legal,
 * and its SAN and UCI as written read back as the same move; a refusal fills
 * in a printable error and leaves *move alone. */
#include <bitboard.h>

#include "fuzz.h"

static const char *const fens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbqkb1r/ppp2ppp/5n2/3pp3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
    "4r1k1/5ppp/8/8/1b6/8/PPP1NPPP/R1BQK2R w KQ - 0 1",
    "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBgb - 0 1",
    "4k3/8/8/8/R6R/8/8/R3K3 w - - 0 1",
};

static void check_error(const bb_parse_error *e, const char *what, const char *text)
{
    FUZZ_ASSERT(e->msg[0] != '\0' && memchr(e->msg, '\0', sizeof e->msg) != NULL, "%s '%s': empty error", what, text);
    FUZZ_ASSERT(e->pos >= 0 && (size_t)e->pos <= strlen(text) + 1, "%s '%s': error at %d", what, text, e->pos);
    for (const char *c = e->msg; *c; c++)
        FUZZ_ASSERT(*c >= 0x20 && *c <= 0x7e, "%s '%s': unprintable byte in the error", what, text);
}

/* The move's SAN and UCI, as written, read back as the move. */
static void check_written(const bb_chess_pos *pos, bb_chess_move m, const char *text)
{
    char buf[BB_CHESS_MOVE_TEXT_MAX];
    bb_chess_move back = 0;
    bb_parse_error e;
    size_t n = bb_chess_move_to_san(buf, sizeof buf, pos, m);
    FUZZ_ASSERT(n > 0 && n == strlen(buf), "'%s': SAN of length %zu", text, n);
    FUZZ_ASSERT(bb_chess_move_from_san(pos, buf, &back, &e) == 0 && back == m, "'%s' -> SAN '%s' does not read back",
                text, buf);
    n = bb_chess_move_to_uci(buf, sizeof buf, pos, m);
    FUZZ_ASSERT((n == 4 || n == 5) && n == strlen(buf), "'%s': UCI of length %zu", text, n);
    back = 0;
    FUZZ_ASSERT(bb_chess_move_from_uci(pos, buf, &back, &e) == 0 && back == m, "'%s' -> UCI '%s' does not read back",
                text, buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s = fuzz_text(data, size);
    if (!s) return 0;
    bb_chess_pos pos;
    char *text = s, *nl = strchr(s, '\n');
    if (bb_chess_from_fen(&pos, fens[size ? data[0] % (sizeof fens / sizeof fens[0]) : 0], NULL) != 0) abort();
    if (nl) {
        *nl = '\0';
        bb_chess_pos p;
        if (bb_chess_from_fen(&p, s, NULL) == 0) pos = p;
        text = nl + 1;
    }
    for (int which = 0; which < 2; which++) {
        bb_chess_move m = 0x5555;
        bb_parse_error e;
        memset(&e, 0, sizeof e);
        int rc = which ? bb_chess_move_from_uci(&pos, text, &m, &e) : bb_chess_move_from_san(&pos, text, &m, &e);
        const char *what = which ? "UCI" : "SAN";
        if (rc != 0) {
            FUZZ_ASSERT(rc == -1 && m == 0x5555, "%s '%s': rc %d, move written", what, text, rc);
            check_error(&e, what, text);
            continue;
        }
        FUZZ_ASSERT(fuzz_chess_legal(&pos, m), "%s '%s' reads as an illegal move", what, text);
        check_written(&pos, m, text);
    }
    free(s);
    return 0;
}
