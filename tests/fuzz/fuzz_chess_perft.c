/* bb_chess_perft (the dedicated kernel) and the board walk's last-ply count
 * (bb_chess_board_count_many) against the slow generator: the input is a
 * start and a game (tests/chess_diff.h, cdiff_position_from_bytes: bytes 0
 * and 1 pick the standard start or one of the 960 by Scharnagl's number,
 * each later byte a legal move, up to 300 plies), and the counts must agree
 * at depths 1, 2 and, where the kernel counts at most 4,000 there, 3.  A
 * disagreement aborts with the FEN, every count and the first differing
 * move (chess_diff.h's descent). */
#include <bitboard.h>

#include "fuzz.h"
#include "../chess_diff.h"

#define MAX_PLIES 300
#define DEPTH3_BUDGET 4000

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char msg[16384];
    bb_chess_pos pos;
    cdiff_position_from_bytes(data, size, MAX_PLIES, &pos);
    int depth = bb_chess_perft(&pos, 3, NULL) <= DEPTH3_BUDGET ? 3 : 2;
    unsigned mask = 1u << CDIFF_KERNEL | 1u << CDIFF_BOARD;
    int differs = cdiff_check(&pos, mask, depth, UINT64_MAX, "the game's end", msg, sizeof msg, NULL);
    FUZZ_ASSERT(!differs, "%s", msg);
    return 0;
}
