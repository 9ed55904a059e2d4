/* The rules of legal moves, written once for both chess generators (not
 * API): src/chess/movegen.c (bb_chess_generate, the API's move lists) and
 * src/chess/perft_kernel.c (bb_chess_perft's kernel and the fast walk)
 * include this file; every function is forced inline, so that each
 * generator compiles them into its own body (the kernel's speed with them
 * inlined: docs/BENCHMARKS.md, "One set of legality rules").
 *
 *   - checks and pins by sliders, without a slider lookup: an enemy slider
 *     on a line through the king checks if nothing stands between, and pins
 *     if exactly one piece stands between and it is ours; the pin ray is
 *     the squares from the king (left out) to the pinner (kept), so a
 *     pinned piece moves only onto its ray (bb__chess_pin_rays);
 *   - checks by knights and pawns: a table entry each (bb__chess_leaper_checkers);
 *   - the check mask: where a move other than the king's must land
 *     (bb__chess_check_mask);
 *   - pawns under pins: a pawn pinned straight only pushes along its file,
 *     one pinned diagonally only takes along its ray (bb__chess_pawn_targets);
 *   - en passant: both pawns leave their squares and the taker lands on
 *     the ep square, so the king is looked at again through the new
 *     occupancy (the rank's horizontal pin), and a knight or pawn check
 *     stays unless the pawn taken gave it (bb__chess_ep_exposes);
 *   - castling (the king takes its own rook; Chess960 included): the right
 *     held, the king not in check, the squares both pieces cross and land
 *     on empty but for themselves (bb__chess_castle_empty), no square the
 *     king crosses or lands on attacked with the king lifted off the board
 *     (bb__chess_castle_king_path: each generator asks its own attack
 *     test), and, for a Chess960 rook off the a- and h-files, which may
 *     shield the king's landing square along the rank, that square not
 *     attacked by a straight slider once the rook has left
 *     (bb__chess_castle_xray, bb__chess_castle_uncovered).
 *
 * Squares are 0..63 wherever they come from here (a bit scan, a board's
 * rook square): the tables are read without masking the index. */
#ifndef BITBOARD_SRC_CHESS_LEGAL_INLINE_H
#define BITBOARD_SRC_CHESS_LEGAL_INLINE_H

#include "chess_internal.h"

#if defined(__GNUC__) || defined(__clang__)
#define BB__LEGAL static inline __attribute__((always_inline))
#else
#define BB__LEGAL static inline
#endif

/* The attack method of the slider lookups below: a bb_attack_method, or
 * BB__CHESS_PLAIN for the default method through the plain names (what the
 * kernel and bb_chess_generate use; a constant in every caller). */
enum { BB__CHESS_PLAIN = -1 };

BB__LEGAL uint64_t bb__chess_rook_by(int m, int sq, uint64_t occ)
{
    if (m == BB__CHESS_PLAIN) return bb_rook_attacks(sq, occ);
    return bb_rook_attacks_with((bb_attack_method)m, sq, occ);
}
BB__LEGAL uint64_t bb__chess_bishop_by(int m, int sq, uint64_t occ)
{
    if (m == BB__CHESS_PLAIN) return bb_bishop_attacks(sq, occ);
    return bb_bishop_attacks_with((bb_attack_method)m, sq, occ);
}

/* sq's rank and file, sq left out; its diagonal and anti-diagonal, sq left out. */
BB__LEGAL uint64_t bb__chess_lines_o(int sq) { return ((BB_FILE_A << (sq & 7)) | (BB_RANK_1 << (sq & 56))) ^ ((uint64_t)1 << sq); }
BB__LEGAL uint64_t bb__chess_lines_d(int sq) { return bb__diagonals_ex[2 * sq] | bb__diagonals_ex[2 * sq + 1]; }

/* ---- Pawns of side us (a constant in every caller) ----------------------------------- */
/* One step forward; a capture towards the a-file; towards the h-file. */
BB__LEGAL uint64_t bb__chess_push(int us, uint64_t b) { return us ? b >> 8 : b << 8; }
BB__LEGAL uint64_t bb__chess_cap_west(int us, uint64_t b) { return us ? (b & ~BB_FILE_A) >> 9 : (b & ~BB_FILE_A) << 7; }
BB__LEGAL uint64_t bb__chess_cap_east(int us, uint64_t b) { return us ? (b & ~BB_FILE_H) >> 7 : (b & ~BB_FILE_H) << 9; }
/* The rank a pawn reaches by its first step when it may take a second. */
BB__LEGAL uint64_t bb__chess_double_rank(int us) { return us ? 0x0000FF0000000000ULL : 0x0000000000FF0000ULL; }

/* ---- Checks and pins ------------------------------------------------------------------ */

/* The enemy knights (of `knights`) and pawns (of `pawns`) that attack the
 * king of side us on k. */
BB__LEGAL uint64_t bb__chess_leaper_checkers(int k, int us, uint64_t knights, uint64_t pawns)
{
    return (bb__knight_attacks[k] & knights) | (bb__pawn_attacks[64 * us + k] & pawns);
}

/* For the enemy sliders `sliders` of one kind, each on a line through our
 * king on k along which it moves: adds to *checkers those with nothing
 * between them and k, and returns the pin rays of those with exactly one
 * piece between, ours (each ray from k, left out, to the pinner, kept).
 * With live (else NULL) it also adds to *live every slider's square and
 * the squares between it and k. */
BB__LEGAL uint64_t bb__chess_pin_rays(int k, uint64_t sliders, uint64_t occ, uint64_t own, uint64_t *checkers,
                                      uint64_t *live)
{
    uint64_t rays = 0;
    while (sliders) {
        int s = bb__chess_lsb(sliders);
        sliders &= sliders - 1;
        uint64_t btw = bb__between[64 * k + s], blk = btw & occ;
        if (live) *live |= btw | (uint64_t)1 << s;
        if (!blk) *checkers |= (uint64_t)1 << s;
        else if (!(blk & (blk - 1)) && (blk & own)) rays |= btw | (uint64_t)1 << s;
    }
    return rays;
}

/* Where a move other than the king's must land with `checkers` attacking
 * our king on k: anywhere without a check; the checker or a square between
 * it and k in a single check; nowhere in a double check. */
BB__LEGAL uint64_t bb__chess_check_mask(int k, uint64_t checkers)
{
    if (!checkers) return ~(uint64_t)0;
    if (checkers & (checkers - 1)) return 0;
    return bb__between[64 * k + bb__chess_lsb(checkers)] | checkers;
}

/* ---- Pawn moves under pins -------------------------------------------------------------- */

/* Where our pawn moves land: one step, two steps, a capture towards the
 * a-file, towards the h-file (en passant apart, promotions included). */
typedef struct {
    uint64_t s1, s2, cw, ce;
} bb__chess_pawn_moves;

/* The pawn moves of our pawns P (side us) among the empty squares `empty`
 * and the enemy pieces `enemy`, every target in the check mask cm, with
 * the pin rays pin_hv (straight) and pin_d (diagonal). */
BB__LEGAL void bb__chess_pawn_targets(uint64_t P, uint64_t empty, uint64_t enemy, uint64_t cm, uint64_t pin_hv,
                                      uint64_t pin_d, const int us, bb__chess_pawn_moves *p)
{
    uint64_t tm = enemy & cm;
    if (!(P & (pin_d | pin_hv))) { /* no pawn pinned: the common case, without the pin rays */
        uint64_t s1 = bb__chess_push(us, P) & empty;
        p->s2 = bb__chess_push(us, s1 & bb__chess_double_rank(us)) & empty & cm;
        p->s1 = s1 & cm;
        p->cw = bb__chess_cap_west(us, P) & tm;
        p->ce = bb__chess_cap_east(us, P) & tm;
        return;
    }
    uint64_t pp = P & ~pin_d, pc = P & ~pin_hv;
    uint64_t s1 = (bb__chess_push(us, pp & ~pin_hv) | (bb__chess_push(us, pp & pin_hv) & pin_hv)) & empty;
    p->s2 = bb__chess_push(us, s1 & bb__chess_double_rank(us)) & empty & cm;
    p->s1 = s1 & cm;
    p->cw = (bb__chess_cap_west(us, pc & ~pin_d) | (bb__chess_cap_west(us, pc & pin_d) & pin_d)) & tm;
    p->ce = (bb__chess_cap_east(us, pc & ~pin_d) | (bb__chess_cap_east(us, pc & pin_d) & pin_d)) & tm;
}

/* ---- En passant ------------------------------------------------------------------------ */

/* 1 if our pawn on f taking en passant on ep, the enemy pawn on cap going,
 * leaves our king on k attacked: by an enemy straight slider (of e_orth)
 * or diagonal one (of e_diag) through the occupancy after the capture
 * (occ before it), or by a knight or pawn of leaper_checkers (the king's
 * checkers before the capture; sliders among them are ignored) other than
 * the pawn taken. */
BB__LEGAL int bb__chess_ep_exposes(int m, int k, int f, int ep, int cap, uint64_t occ, uint64_t e_orth,
                                   uint64_t e_diag, uint64_t leaper_checkers)
{
    if (leaper_checkers & ~((uint64_t)1 << cap)) return 1;
    uint64_t o = occ ^ ((uint64_t)1 << f) ^ ((uint64_t)1 << ep) ^ ((uint64_t)1 << cap);
    return ((bb__chess_rook_by(m, k, o) & e_orth) | (bb__chess_bishop_by(m, k, o) & e_diag)) != 0;
}

/* ---- Castling --------------------------------------------------------------------------- */

/* Castling right i (0..3: WK WQ BK BQ) with the king on k: the squares it
 * crosses or lands on (k itself only when it is the landing square). */
BB__LEGAL uint64_t bb__chess_castle_king_path(int i, int k)
{
    int kt = bb__chess_castle_king_to(i);
    return bb__between[64 * k + kt] | (uint64_t)1 << kt;
}
/* ... and with the rook on r: the squares that must be empty, the king's
 * and the rook's paths and landing squares but for those two pieces. */
BB__LEGAL uint64_t bb__chess_castle_empty(int i, int k, int r)
{
    int rt = bb__chess_castle_rook_to(i);
    uint64_t span = bb__chess_castle_king_path(i, k) | bb__between[64 * r + rt] | (uint64_t)1 << rt;
    return span & ~((uint64_t)1 << k | (uint64_t)1 << r);
}
/* 1 if a castling rook on r may shield the king's landing square along the
 * rank (a Chess960 rook off the a- and h-files: the enemy's straight slider
 * beyond it sees the king once it has left). */
BB__LEGAL int bb__chess_castle_xray(int r) { return (r & 7) != 0 && (r & 7) != 7; }
/* 1 if, once the king on k and the rook on r of right i have left, an enemy
 * straight slider of e_orth attacks the king's landing square through
 * occupancy occ (before the castling). */
BB__LEGAL int bb__chess_castle_uncovered(int m, int i, int k, int r, uint64_t occ, uint64_t e_orth)
{
    uint64_t o = occ ^ ((uint64_t)1 << k) ^ ((uint64_t)1 << r);
    return (bb__chess_rook_by(m, bb__chess_castle_king_to(i), o) & e_orth) != 0;
}

#undef BB__LEGAL

#endif
