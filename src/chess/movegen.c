/* STAND-IN (helper chess-core replaces this file): legal moves, make/unmake,
 * checks, pins, symmetries.  Everything here does nothing. */
#include "bitboard.h"

int bb_chess_generate(const bb_chess_pos *pos, bb_chess_gen mode, bb_chess_movelist *list)
{
    (void)pos, (void)mode;
    list->count = 0;
    return 0;
}
int bb_chess_generate_with(bb_attack_method m, const bb_chess_pos *pos, bb_chess_gen mode,
                           bb_chess_movelist *list)
{
    (void)m;
    return bb_chess_generate(pos, mode, list);
}
void bb_chess_make(bb_chess_pos *pos, bb_chess_move move, bb_chess_undo *undo) { (void)pos, (void)move, (void)undo; }
void bb_chess_unmake(bb_chess_pos *pos, bb_chess_move move, const bb_chess_undo *undo) { (void)pos, (void)move, (void)undo; }
int bb_chess_is_legal(const bb_chess_pos *pos, bb_chess_move move) { (void)pos, (void)move; return 0; }
int bb_chess_is_check(const bb_chess_pos *pos) { (void)pos; return 0; }
uint64_t bb_chess_checkers(const bb_chess_pos *pos) { (void)pos; return 0; }
uint64_t bb_chess_pinned(const bb_chess_pos *pos) { (void)pos; return 0; }
uint64_t bb_chess_attackers_to(const bb_chess_pos *pos, int sq, uint64_t occ) { (void)pos, (void)sq, (void)occ; return 0; }
int bb_chess_sym_allowed(const bb_chess_pos *pos, bb_sym s, const char **why) { (void)pos, (void)s; if (why) *why = "not built"; return 0; }
int bb_chess_transform(const bb_chess_pos *pos, bb_sym s, bb_chess_pos *out, const char **why) { (void)pos, (void)s, (void)out; if (why) *why = "not built"; return -1; }
void bb_chess_color_flip(const bb_chess_pos *pos, bb_chess_pos *out) { *out = *pos; }
