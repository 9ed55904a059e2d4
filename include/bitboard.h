/* bitboard.h - 8x8 bitboards for chess and Othello engines.
 *
 * The front door: include this one header.  It reads as a table of contents;
 * each module's header documents its functions.
 *
 *   bitboard/core.h   squares (a1 = bit 0 ... h8 = bit 63, diagram there),
 *                     square helpers, popcount, the compile-time choice of
 *                     implementation (BB_PORTABLE, BB_NO_GFNI, ...)
 *   bitboard/sym.h    the 8 symmetries of the square
 *                       bb_flip_vertical  bb_flip_horizontal  bb_flip_diagonal
 *                       bb_flip_antidiagonal  bb_rotate_cw  bb_rotate_ccw
 *                       bb_rotate_180  bb_sym_apply  bb_sym_square
 *                       bb_sym_compose  bb_sym_inverse  bb_sym_name
 *                       bb_canonical  bb_canonical_pair  bb_sym_apply_array
 *                     each with *_portable and (where compiled for) *_gfni
 *   bitboard/io.h     text: bb_parse_board  bb_parse_square  bb_square_name
 *                       bb_format_board  bb_format_from_name
 *   bitboard/lines.h  any line through a square as 8 bits and back
 *                       bb_line_mask  bb_line_extract  bb_line_deposit
 *                       bb_line_name  bb_mirror_byte
 *                     each with *_mul, *_lookup and (BMI2) *_pext forms
 *   bitboard/rotated.h  pseudo-rotations by 45 degrees and Hyatt's boards
 *                       bb_pseudo_rotate45_cw/_ccw  bb_pseudo_unrotate45_cw/_ccw
 *                       (+ _select, _square, _rank, _mask)
 *                       bb_pseudo_rotate45_array
 *                       bb_rotated90/45/315  bb_unrotated90/45/315
 *                       bb_rotatedNN_index  bb_rotatedNN_square
 *                       bb_rotatedNN_shift[]  bb_rotatedNN_length[]
 *   bitboard/mapping.h  the 8 square numberings of other engines
 *                       bb_mapping_convert  bb_mapping_square
 *                       bb_mapping_sym  bb_mapping_name
 *   (core.h)          bb_cpu_has: what the run-time paths may use
 *
 * Thread safety: no function writes shared state the caller can observe;
 * all are safe to call from many threads at once. */
#ifndef BITBOARD_H
#define BITBOARD_H

#include "bitboard/core.h"
#include "bitboard/sym.h"
#include "bitboard/io.h"
#include "bitboard/lines.h"
#include "bitboard/rotated.h"
#include "bitboard/mapping.h"

#endif /* BITBOARD_H */
