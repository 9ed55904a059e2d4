/* bitboard.h - 8x8 bitboards for chess and Othello engines.
 *
 * The front door: include this one header (C11 or C++; every header is
 * extern "C").  Below is every public name, by module; each module's header
 * opens with the same names, one a line, with its contract.  Names starting
 * bb__ or BB__ are not API.  Arguments out of range: one policy, in core.h.
 *
 * bitboard/core.h      squares (a1 = bit 0 ... h8 = bit 63, diagram there), helpers, build macros
 *   BB_VERSION_MAJOR  BB_VERSION_MINOR  BB_VERSION_PATCH  BB_VERSION_STRING  bb_version  BB_DEPRECATED
 *   BB_ABI_VERSION  BB_MAX_HASH_MB  BB_MAX_SECONDS  BB_MAX_THREADS
 *   BB_A1 ... BB_H8 (the 64 squares)
 *   BB_FILE_A  BB_FILE_H  BB_RANK_1  BB_RANK_8  BB_DIAGONAL_A1H8  BB_ANTIDIAGONAL_A8H1
 *   bb_square_bb  bb_square_file  bb_square_rank  bb_square_at  bb_popcount  BB_BSWAP64
 *   bb_cpu_has  bb_cpu_feature  BB_CPU_BMI2  BB_CPU_GFNI  BB_CPU_AVX2_GFNI  BB_CPU_AVX512_GFNI
 *   BB_CPU_AVX512  BB_CPU_AVX2
 *   build macros: BB_PORTABLE  BB_NO_GFNI  BB_NO_BMI2  BB_NO_BITALG  BB_NO_DISPATCH  BB_DEBUG
 *   set by core.h: BB_HAVE_GFNI  BB_HAVE_BMI2  BB_HAVE_FAST_PEXT  BB_HAVE_BITALG
 *
 * bitboard/sym.h       the 8 symmetries of the square, canonical forms
 *   bb_sym  BB_SYM_IDENTITY  BB_SYM_ROTATE_CW  BB_SYM_ROTATE_180  BB_SYM_ROTATE_CCW
 *   BB_SYM_FLIP_VERTICAL  BB_SYM_FLIP_HORIZONTAL  BB_SYM_FLIP_DIAGONAL  BB_SYM_FLIP_ANTIDIAGONAL
 *   BB_SYM_COUNT
 *   bb_flip_vertical  bb_flip_horizontal  bb_flip_diagonal  bb_flip_antidiagonal
 *   bb_rotate_cw  bb_rotate_ccw  bb_rotate_180  bb_sym_apply  bb_sym_square
 *   bb_sym_compose  bb_sym_inverse  bb_sym_name  bb_sym_from_name
 *   bb_canonical  bb_canonical_pair  bb_canonical_array  bb_canonical_pair_array
 *   bb_canonical_array_impl  bb_sym_apply_array  bb_sym_apply_array_impl
 *   variants: bb_flip_vertical_portable  bb_flip_horizontal_portable  bb_flip_diagonal_portable
 *     bb_flip_antidiagonal_portable  bb_rotate_cw_portable  bb_rotate_ccw_portable
 *     bb_rotate_180_portable  bb_flip_vertical_gfni  bb_flip_horizontal_gfni
 *     bb_flip_diagonal_gfni  bb_flip_antidiagonal_gfni  bb_rotate_cw_gfni  bb_rotate_ccw_gfni
 *     bb_rotate_180_gfni  bb_sym_apply_array_portable  bb_sym_apply_array_avx2_gfni
 *     bb_sym_apply_array_avx512_gfni  bb_canonical_portable  bb_canonical_pair_portable
 *     bb_canonical_gfni  bb_canonical_pair_gfni  bb_canonical_array_portable
 *     bb_canonical_array_avx2_gfni  bb_canonical_array_avx512_gfni
 *     bb_canonical_pair_array_portable  bb_canonical_pair_array_avx2_gfni
 *     bb_canonical_pair_array_avx512_gfni
 *
 * bitboard/io.h        boards and squares as text; input that may be compressed
 *   BB_IO_OTHELLO  bb_format  BB_FORMAT_HEX  BB_FORMAT_DIAGRAM  BB_FORMAT_SQUARES  BB_FORMAT_JSON
 *   BB_FORMAT_MAX  bb_parse_error  bb_parse_board  bb_parse_square  bb_square_name
 *   bb_format_board  bb_format_from_name
 *   bb_input  BB_INPUT_PLAIN  BB_INPUT_ZSTD  BB_INPUT_GZIP  BB_INPUT_BZIP2  bb_input_open
 *   bb_input_from_file  bb_input_read  bb_input_error  bb_input_format  bb_input_compressed_bytes
 *   bb_input_close  bb_input_format_of  bb_input_format_name
 *
 * bitboard/lines.h     any line through a square as 8 bits and back; the byte mirror
 *   bb_line  BB_LINE_RANK  BB_LINE_FILE  BB_LINE_DIAGONAL  BB_LINE_ANTIDIAGONAL  BB_LINE_COUNT
 *   bb_line_mask  bb_line_extract  bb_line_deposit  bb_line_name  bb_line_from_name
 *   bb_mirror_byte
 *   variants: bb_line_extract_mul  bb_line_deposit_mul  bb_line_extract_lookup
 *     bb_line_deposit_lookup  bb_line_extract_pext  bb_line_deposit_pext
 *     bb_mirror_byte_mul  bb_mirror_byte_swap  bb_mirror_byte_table
 *
 * bitboard/rotated.h   pseudo-rotations by 45 degrees and Hyatt's rotated boards
 *   bb_pseudo_rotate45_cw  bb_pseudo_rotate45_ccw  bb_pseudo_unrotate45_cw
 *   bb_pseudo_unrotate45_ccw  bb_pseudo_rotate45_cw_square  bb_pseudo_rotate45_ccw_square
 *   bb_pseudo_unrotate45_cw_square  bb_pseudo_unrotate45_ccw_square
 *   bb_pseudo_rotate45_cw_rank  bb_pseudo_rotate45_cw_mask  bb_pseudo_rotate45_ccw_rank
 *   bb_pseudo_rotate45_ccw_mask  bb_rot45  BB_ROT45_CW  BB_ROT45_CCW  BB_UNROT45_CW
 *   BB_UNROT45_CCW  bb_pseudo_rotate45_array
 *   bb_rotated90  bb_rotated45  bb_rotated315  bb_unrotated90  bb_unrotated45  bb_unrotated315
 *   bb_rotated90_index  bb_rotated45_index  bb_rotated315_index
 *   bb_rotated90_square  bb_rotated45_square  bb_rotated315_square
 *   bb_rotated90_shift  bb_rotated45_shift  bb_rotated45_length  bb_rotated315_shift
 *   bb_rotated315_length
 *   variants: bb_pseudo_rotate45_cw_select  bb_pseudo_rotate45_ccw_select
 *     bb_pseudo_unrotate45_cw_select  bb_pseudo_unrotate45_ccw_select
 *     bb_pseudo_rotate45_array_portable  bb_pseudo_rotate45_array_avx512
 *     bb_rotated45_portable  bb_unrotated45_portable  bb_rotated315_portable
 *     bb_unrotated315_portable  bb_rotated45_pext  bb_unrotated45_pext  bb_rotated315_pext
 *     bb_unrotated315_pext  bb_rotated45_bitalg  bb_unrotated45_bitalg  bb_rotated315_bitalg
 *     bb_unrotated315_bitalg
 *
 * bitboard/mapping.h   the 8 square numberings of other engines
 *   bb_mapping  BB_MAP_LERF  BB_MAP_LERBEF  BB_MAP_BERLEF  BB_MAP_BERF  BB_MAP_LEFR
 *   BB_MAP_LEFBER  BB_MAP_BEFLER  BB_MAP_BEFR  BB_MAP_COUNT
 *   bb_mapping_sym  bb_mapping_convert  bb_mapping_square  bb_mapping_to_lerf
 *   bb_mapping_from_lerf  bb_mapping_name  bb_mapping_from_name
 *
 * bitboard/attacks.h   what pieces attack: leapers, and sliders by every method side by side
 *   bb_attack_method  BB_ATTACKS_NAIVE  BB_ATTACKS_ROTATED  BB_ATTACKS_KINDERGARTEN  BB_ATTACKS_MAGIC
 *   BB_ATTACKS_PEXT  BB_ATTACKS_HYPERBOLA  BB_ATTACKS_KOGGE_STONE  BB_ATTACK_METHOD_COUNT
 *   BB_ATTACKS_DEFAULT  bb_rook_attacks  bb_bishop_attacks  bb_queen_attacks  bb_rook_attacks_with
 *   bb_bishop_attacks_with  bb_knight_attacks  bb_king_attacks  bb_pawn_attacks  bb_between
 *   bb_line_through  bb_rook_fill  bb_bishop_fill  bb_queen_fill  bb_attack_method_name
 *   bb_attack_method_from_name  bb_attack_method_available  bb_attack_method_memory
 *   bb_rotated_occ  bb_rotated_occ_init  bb_rotated_occ_set  bb_rotated_occ_clear  bb_rotated_occ_move
 *   bb_rotated_rook_attacks  bb_rotated_bishop_attacks  bb_rotated_queen_attacks
 *   variants: bb_rook_attacks_naive  bb_bishop_attacks_naive  bb_rook_attacks_rotated
 *     bb_bishop_attacks_rotated  bb_rook_attacks_kindergarten  bb_bishop_attacks_kindergarten
 *     bb_rook_attacks_magic  bb_bishop_attacks_magic  bb_rook_attacks_pext  bb_bishop_attacks_pext
 *     bb_rook_attacks_hyperbola  bb_bishop_attacks_hyperbola  bb_rook_attacks_kogge_stone
 *     bb_bishop_attacks_kogge_stone
 *
 * bitboard/othello.h   Othello: moves and flips by four methods, positions, text formats, perft
 *   bb_othello_moves  bb_othello_flips  bb_othello_perft  bb_othello_method  BB_OTHELLO_LOOKUP
 *   BB_OTHELLO_PERFT_MAX_DEPTH  BB_OTHELLO_PERFT_MAX_DEPTH_WHY
 *   BB_OTHELLO_SHIFTS  BB_OTHELLO_AVX2  BB_OTHELLO_AVX512  BB_OTHELLO_METHOD_COUNT  BB_OTHELLO_DEFAULT
 *   bb_othello_method_name  bb_othello_method_from_name  bb_othello_method_available
 *   bb_othello_moves_with  bb_othello_flips_with  bb_othello_convention  BB_OTHELLO_OEIS
 *   BB_OTHELLO_BIK  BB_OTHELLO_NOPASS  bb_othello_convention_name  bb_othello_convention_from_name
 *   bb_othello_perft_opts  bb_othello_pos  BB_OTHELLO_BLACK  BB_OTHELLO_WHITE  bb_othello_start
 *   bb_othello_play  bb_othello_pass  bb_othello_game_over  bb_othello_discs  bb_othello_score
 *   bb_othello_parse  bb_othello_format  bb_othello_format_diagram  BB_OTHELLO_FORMAT_MAX
 *   bb_othello_play_transcript  bb_othello_normalize_transcript
 *   bb_othello_perft_stats  bb_othello_tt  bb_othello_tt_new  bb_othello_tt_free  bb_othello_tt_clear
 *   bb_othello_tt_bytes
 *   bb_othello_positions  bb_othello_positions_opts
 *   variants: bb_othello_moves_shifts  bb_othello_moves_avx2  bb_othello_moves_avx512
 *     bb_othello_flips_lookup  bb_othello_flips_shifts  bb_othello_flips_avx2  bb_othello_flips_avx512
 *
 * bitboard/othello_solve.h  Othello endgames: the exact solver and the features engines evaluate
 *   bb_othello_mobility  bb_othello_potential_mobility  bb_othello_frontier  bb_othello_stable
 *   bb_othello_stable_edges  bb_othello_parity  bb_othello_final_score  bb_othello_solve_opts
 *   bb_othello_solve_result  BB_OTHELLO_PASS  bb_othello_solve  BB_OTHELLO_SOLVE_MAX_THREADS
 *
 * bitboard/othello_search.h Othello's midgame search: iterative deepening PVS, the exact solver at the end
 *   bb_othello_search_table  bb_othello_search_table_new  bb_othello_search_table_clear
 *   bb_othello_search_table_free  bb_othello_search_opts  bb_othello_search_result  bb_othello_search
 *   BB_OTHELLO_SEARCH_MAX_DEPTH  BB_OTHELLO_SEARCH_DEFAULT_DEPTH
 *   bb_othello_budget  BB_OTHELLO_CLOCK_RESERVE  BB_OTHELLO_CLOCK_RESERVE_SHARE  BB_OTHELLO_CLOCK_SPEND
 *   BB_OTHELLO_CLOCK_MIN  bb_othello_clock_budget
 *
 * bitboard/othello_records.h  Othello game records: WTHOR (.wtb, .jou, .trn) and GGF, read and written
 *   bb_othello_record  BB_OTHELLO_RECORD_MOVES  bb_othello_record_init  bb_othello_record_replay
 *   bb_othello_record_transcript  bb_othello_wthor_header  BB_OTHELLO_WTHOR_HEADER  BB_OTHELLO_WTHOR_GAME
 *   BB_OTHELLO_WTHOR_PLAYER  BB_OTHELLO_WTHOR_TOURNAMENT  bb_othello_wthor_read_header
 *   bb_othello_wthor_check  bb_othello_wthor_game  bb_othello_wthor_name  bb_othello_wthor_write_header
 *   bb_othello_wthor_write_game  bb_othello_ggf_read  bb_othello_ggf_write
 *   bb_othello_clock  bb_othello_ggf_read_clock  bb_othello_ggf_write_clock
 *
 * bitboard/chess.h     chess: positions, legal moves (standard and Chess960), FEN, UCI, SAN, perft
 *   bb_chess_pos  BB_WHITE  BB_BLACK  BB_PAWN  BB_KNIGHT  BB_BISHOP  BB_ROOK  BB_QUEEN  BB_KING
 *   BB_CHESS_EMPTY  BB_CASTLE_WK  BB_CASTLE_WQ  BB_CASTLE_BK  BB_CASTLE_BQ  BB_CHESS_NO_EP
 *   bb_chess_move  BB_MOVE_NORMAL  BB_MOVE_PROMOTION  BB_MOVE_EN_PASSANT  BB_MOVE_CASTLING
 *   BB_CHESS_NULL_MOVE  bb_chess_move_make  bb_chess_move_from  bb_chess_move_to
 *   bb_chess_move_kind  bb_chess_move_promotion  bb_chess_movelist  BB_CHESS_MAX_MOVES
 *   bb_chess_gen  BB_GEN_ALL  BB_GEN_CAPTURES  BB_GEN_QUIETS  bb_chess_undo  bb_chess_start
 *   bb_chess_from_fen  bb_chess_to_fen  BB_FEN_STANDARD  BB_FEN_SHREDDER  BB_FEN_XFEN
 *   BB_CHESS_FEN_MAX  bb_chess_generate  bb_chess_generate_with  bb_chess_make  bb_chess_unmake
 *   bb_chess_make_null  bb_chess_unmake_null  bb_chess_outcome  BB_CHESS_ONGOING  BB_CHESS_CHECKMATE
 *   BB_CHESS_STALEMATE  BB_CHESS_INSUFFICIENT_MATERIAL  BB_CHESS_SEVENTYFIVE_MOVES
 *   BB_CHESS_FIVEFOLD_REPETITION  BB_CHESS_FIFTY_MOVES  BB_CHESS_THREEFOLD_REPETITION
 *   BB_CHESS_OUTCOME_COUNT  bb_chess_result  bb_chess_outcome_of  bb_chess_game_over
 *   bb_chess_can_claim_draw  bb_chess_insufficient_material  bb_chess_repetitions  bb_chess_outcome_name
 *   bb_chess_is_legal  bb_chess_is_check  bb_chess_checkers  bb_chess_pinned
 *   bb_chess_attackers_to  bb_chess_key  bb_chess_move_to_uci  bb_chess_move_from_uci
 *   bb_chess_move_to_san  bb_chess_moves_to_san  bb_chess_move_from_san  BB_CHESS_MOVE_TEXT_MAX
 *   bb_chess_sym_allowed  bb_chess_transform  bb_chess_color_flip  bb_chess_perft_opts  bb_chess_perft_stats
 *   bb_chess_perft  bb_chess_perft_divide  bb_chess_perft_verify  BB_CHESS_PERFT_MAX_DEPTH
 *   BB_CHESS_PERFT_MAX_DEPTH_WHY
 *
 * bitboard/chess_board.h  the fast walk: a 64-byte board, generated with its children, counted
 *   bb_chess_board  bb_chess_board_from_pos  bb_chess_board_to_pos  bb_chess_board_moves
 *   bb_chess_board_count  bb_chess_board_count_many  bb_chess_board_play  bb_chess_board_is_check
 *   bb_chess_count
 *
 * bitboard/chess_game.h  chess games: a game with its history, PGN read and written
 *   bb_chess_game  bb_chess_game_init  bb_chess_game_init_fen  bb_chess_game_set_start
 *   bb_chess_game_reset  bb_chess_game_free  bb_chess_game_copy  bb_chess_game_push
 *   bb_chess_game_push_san  bb_chess_game_push_uci  bb_chess_game_push_null  bb_chess_game_pop
 *   bb_chess_game_position  bb_chess_game_san  bb_chess_game_uci  bb_chess_game_outcome
 *   BB_CHESS_GAME_ILLEGAL  BB_CHESS_GAME_NO_MEMORY  bb_pgn_reader  bb_pgn_open  bb_pgn_open_file
 *   bb_pgn_open_memory  bb_pgn_open_range  bb_pgn_split  bb_pgn_close  bb_pgn_pool
 *   bb_pgn_pool_options  bb_pgn_pool_open  bb_pgn_pool_next  bb_pgn_pool_error  bb_pgn_pool_bytes
 *   bb_pgn_pool_stored_bytes  bb_pgn_pool_close  bb_pgn_bytes  bb_pgn_stored_bytes  bb_pgn_lines
 *   bb_pgn_error  bb_pgn_visitor  bb_pgn_visit  bb_pgn_read_error  bb_pgn_warning  bb_pgn_game
 *   bb_pgn_game_init  bb_pgn_game_free  bb_pgn_next  bb_pgn_tag  bb_pgn_writer  bb_pgn_writer_init
 *   bb_pgn_writer_free  bb_pgn_writer_visitor  bb_pgn_write_game  bb_pgn_writer_error
 *   bb_pgn_filter  bb_pgn_filter_init  bb_pgn_filter_add  bb_pgn_filter_match  bb_pgn_time_class
 *   BB_PGN_TC_BULLET  BB_PGN_TC_BLITZ  BB_PGN_TC_RAPID  BB_PGN_TC_CLASSICAL  BB_PGN_ELO_BOTH
 *   BB_PGN_ELO_EITHER  BB_PGN_ELO_MEAN
 *
 * bitboard/chess_book.h  Polyglot opening books: read and check, look up, pick by weight, write
 *   bb_chess_book_entry  bb_chess_book  BB_CHESS_BOOK_ENTRY_SIZE  BB_CHESS_BOOK_BAD_FORMAT
 *   BB_CHESS_BOOK_IO_ERROR  bb_chess_book_open  bb_chess_book_from_memory  bb_chess_book_free
 *   bb_chess_book_entry_at  bb_chess_book_lookup  bb_chess_book_pick  bb_chess_book_encode_move
 *   bb_chess_book_write_entry  bb_chess_book_save
 *
 * bitboard/chess_epd.h  EPD records: the four FEN fields and operations, read, checked and written
 *   bb_chess_epd  bb_chess_epd_op  BB_CHESS_EPD_MAX_OPS  BB_CHESS_EPD_TEXT_MAX  BB_CHESS_EPD_OPCODE_MAX
 *   BB_CHESS_EPD_LINE_MAX  BB_CHESS_EPD_SAN  BB_CHESS_EPD_UCI  bb_chess_epd_init  bb_chess_epd_parse
 *   bb_chess_epd_get  bb_chess_epd_at  bb_chess_epd_moves  bb_chess_epd_perft  bb_chess_epd_set
 *   bb_chess_epd_set_string  bb_chess_epd_set_moves  bb_chess_epd_remove  bb_chess_epd_write
 *
 * bitboard/trace.h     the bit-flow tracer: programs of bit operations, run symbolically, proved, drawn
 *   bb_trace_program  bb_trace_op  BB_TRACE_LOAD  BB_TRACE_LET  BB_TRACE_AND  BB_TRACE_OR  BB_TRACE_XOR
 *   BB_TRACE_ANDNOT  BB_TRACE_SHL  BB_TRACE_SHR  BB_TRACE_ROL  BB_TRACE_ROR  BB_TRACE_BSWAP
 *   BB_TRACE_NEG  BB_TRACE_NOT  BB_TRACE_MUL  BB_TRACE_ADD  BB_TRACE_SUB  BB_TRACE_PEXT
 *   BB_TRACE_PDEP  BB_TRACE_DSWAP  BB_TRACE_GF2P8AFFINE  BB_TRACE_BSHUF  BB_TRACE_BITGATHER
 *   BB_TRACE_OP_COUNT  BB_TRACE_MAX_VARS  BB_TRACE_MAX_NAMES  BB_TRACE_MAX_STEPS  BB_TRACE_NAME_MAX
 *   bb_trace_step  bb_trace_new  bb_trace_free  bb_trace_input  bb_trace_add  bb_trace_add_gather
 *   bb_trace_step_gather  bb_trace_parse  bb_trace_step_count
 *   bb_trace_get_step  bb_trace_var_count  bb_trace_name  bb_trace_op_name  bb_trace_step_text
 *   bb_trace_eval  bb_trace_bit  BB_TRACE_NONLINEAR  BB_TRACE_MERGE  BB_TRACE_CARRY_RISK
 *   bb_trace_lost  bb_trace_state  bb_trace_result  bb_trace_run  bb_trace_result_free
 *   bb_trace_kind  BB_TRACE_PERMUTATION  BB_TRACE_GATHER  BB_TRACE_SCATTER  BB_TRACE_LINEAR
 *   BB_TRACE_LOSSY  BB_TRACE_NONLINEAR_KIND  bb_trace_verdict  bb_trace_judge  bb_trace_kind_name
 *   bb_trace_def  bb_trace_proof  BB_TRACE_BY_SYMBOLIC  BB_TRACE_BY_EXHAUSTION
 *   BB_TRACE_EXHAUST_MAX_BITS  bb_trace_prove  bb_trace_form  bb_trace_library_count
 *   bb_trace_library  bb_trace_find  bb_trace_form_text  BB_TRACE_COLOR  bb_trace_render_text  bb_trace_render_svg
 *   bb_trace_render_html
 *
 * bitboard/perm.h      the permutation compiler: any map of squares to the cheapest program the tracer proves
 *   BB_PERM_ANY  bb_perm_map  bb_perm_target  BB_PERM_PORTABLE  BB_PERM_BMI2  BB_PERM_GFNI  BB_PERM_AVX512
 *   BB_PERM_ARRAY  BB_PERM_TARGET_COUNT  bb_perm_target_name  bb_perm_target_from_name
 *   bb_perm_target_allows  bb_perm_cost  bb_perm_price  bb_perm_parse  bb_perm_check_map
 *   bb_perm_named_count  bb_perm_named_name  bb_perm_named  bb_perm_named_forms  bb_perm_from_program
 *   bb_perm_apply  bb_perm_inverse  bb_perm_is_full  bb_perm_report  bb_perm_compile
 *   bb_perm_compile_using  bb_perm_strategy_count  bb_perm_strategy_name  bb_perm_prove
 *   bb_perm_program_text  BB_PERM_C_PORTABLE  bb_perm_emit_c
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
#include "bitboard/attacks.h"
#include "bitboard/othello.h"
#include "bitboard/othello_solve.h"
#include "bitboard/othello_search.h"
#include "bitboard/othello_records.h"
#include "bitboard/chess.h"
#include "bitboard/chess_board.h"
#include "bitboard/chess_game.h"
#include "bitboard/chess_book.h"
#include "bitboard/chess_epd.h"
#include "bitboard/trace.h"
#include "bitboard/perm.h"

#endif /* BITBOARD_H */
