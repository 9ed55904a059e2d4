/* Death tests of the out-of-range policy (bitboard/core.h): with BB_DEBUG a
 * bad argument aborts with "bitboard: <function>: <argument> ...".  Each case
 * runs in a child process (fork, POSIX only) whose stderr the parent reads.
 *
 * The inline functions are checked in every build: this file defines
 * BB_DEBUG for them itself.  The library's compiled functions assert only if
 * the library was built with BB_DEBUG (bb__debug_checks() says); otherwise
 * their cases are skipped, and reported as skipped. */
#define _POSIX_C_SOURCE 200809L
#ifndef BB_DEBUG
#define BB_DEBUG 1
#endif

#include <stdio.h>
#include <string.h>

#include "bitboard.h"
#include "harness.h"

#if defined(__unix__) || defined(__APPLE__)
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#define HAVE_FORK 1
#else
#define HAVE_FORK 0
#endif

/* Arguments the compiler cannot see through. */
static volatile int bad_sq = 64, minus_one = -1, eight = 8;
static volatile uint64_t sink;

#if HAVE_FORK
/* Runs fn in a child; the child must die of SIGABRT having written `want`
 * (a substring) to stderr, or nothing at all if want is "". */
static void expect_abort(const char *what, void (*fn)(void), const char *want)
{
    int fds[2];
    if (pipe(fds) != 0) {
        CHECK(0, "%s: pipe failed", what);
        return;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        CHECK(0, "%s: fork failed", what);
        return;
    }
    if (pid == 0) {
        close(fds[0]);
        dup2(fds[1], 2);
        fn();
        _exit(0); /* returned: no abort */
    }
    close(fds[1]);
    char buf[512];
    size_t len = 0;
    ssize_t k;
    while ((k = read(fds[0], buf + len, sizeof buf - 1 - len)) > 0) len += (size_t)k;
    buf[len] = '\0';
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT, "%s: the child should abort (status 0x%x)", what, status);
    if (*want) CHECK(strstr(buf, want) != NULL, "%s: stderr '%s' should contain '%s'", what, buf, want);
    else CHECK(len == 0, "%s: stderr '%s' should be empty", what, buf);
}

/* ---- Inline functions: BB_DEBUG is on for this file ------------------------- */
static void d_square_bb(void) { sink = bb_square_bb(bad_sq); }
static void d_square_at(void) { sink = (uint64_t)bb_square_at(eight, 0); }
static void d_sym_apply(void) { sink = bb_sym_apply(1, (bb_sym)eight); }
static void d_sym_square(void) { sink = (uint64_t)bb_sym_square(minus_one, BB_SYM_ROTATE_CW); }
static void d_line_mask(void) { sink = bb_line_mask(bad_sq, BB_LINE_RANK); }
static void d_line_extract(void) { sink = bb_line_extract(1, BB_E4, (bb_line)minus_one); }
static void d_line_extract_const(void) { sink = bb_line_extract(1, bad_sq, BB_LINE_DIAGONAL); }
static void d_line_deposit_mul(void) { sink = bb_line_deposit_mul(1, BB_E4, (bb_line)eight); }
static void d_rotated45_index(void) { sink = bb_rotated45_index(1, minus_one); }
static void d_rotated315_square(void) { sink = (uint64_t)bb_rotated315_square(bad_sq); }
static void d_cw_mask(void) { sink = bb_pseudo_rotate45_cw_mask(minus_one); }
static void d_mapping_sym(void) { sink = bb_mapping_sym((bb_mapping)eight); }
static void d_knight(void) { sink = bb_knight_attacks(bad_sq); }
static void d_king(void) { sink = bb_king_attacks(minus_one); }
static void d_pawn_color(void) { sink = bb_pawn_attacks(eight / 4, BB_E4); }
static void d_pawn_sq(void) { sink = bb_pawn_attacks(1, bad_sq); }
static void d_between(void) { sink = bb_between(minus_one, BB_E4); }
static void d_line_through(void) { sink = bb_line_through(BB_E4, bad_sq); }
static void d_rook_hyperbola(void) { sink = bb_rook_attacks_hyperbola(bad_sq, 0); }
static void d_bishop_hyperbola(void) { sink = bb_bishop_attacks_hyperbola(minus_one, 0); }
static void d_rook_kogge(void) { sink = bb_rook_attacks_kogge_stone(bad_sq, 0); }
static void d_bishop_kogge(void) { sink = bb_bishop_attacks_kogge_stone(bad_sq, 0); }
static void d_rook_kinder(void) { sink = bb_rook_attacks_kindergarten(bad_sq, 0); }
static void d_bishop_kinder(void) { sink = bb_bishop_attacks_kindergarten(minus_one, 0); }
static void d_rook_with(void) { sink = bb_rook_attacks_with((bb_attack_method)eight, BB_E4, 0); }
static void d_bishop_with(void) { sink = bb_bishop_attacks_with((bb_attack_method)minus_one, BB_E4, 0); }
static uint64_t *null_board;
static void d_canonical_pair(void) { uint64_t o = 1; bb_canonical_pair(null_board, &o, NULL); }

static void inline_functions_abort(void)
{
    expect_abort("bb_square_bb", d_square_bb, "bitboard: bb_square_bb: sq = 64 out of range");
    expect_abort("bb_square_at", d_square_at, "bitboard: bb_square_at: file = 8 out of range");
    expect_abort("bb_sym_apply", d_sym_apply, "bitboard: bb_sym_apply: s = 8 out of range");
    expect_abort("bb_sym_square", d_sym_square, "bitboard: bb_sym_square: sq = -1 out of range");
    expect_abort("bb_line_mask", d_line_mask, "bitboard: bb_line_mask: sq = 64 out of range");
    expect_abort("bb_line_extract", d_line_extract, ": line = -1 out of range");
    expect_abort("bb_line_extract, constant line", d_line_extract_const, ": sq = 64 out of range");
    expect_abort("bb_line_deposit_mul", d_line_deposit_mul, "bitboard: bb_line_deposit_mul: line = 8 out of range");
    expect_abort("bb_rotated45_index", d_rotated45_index, "bitboard: bb_rotated45_index: sq = -1 out of range");
    expect_abort("bb_rotated315_square", d_rotated315_square, "bitboard: bb_rotated315_square: sq = 64 out of range");
    expect_abort("bb_pseudo_rotate45_cw_mask", d_cw_mask, "bitboard: bb_pseudo_rotate45_cw_mask: sq = -1 out of range");
    expect_abort("bb_mapping_sym", d_mapping_sym, "bitboard: bb_mapping_sym: m = 8 out of range");
    expect_abort("bb_canonical_pair", d_canonical_pair, "bitboard: bb_canonical_pair: p is NULL");
    expect_abort("bb_knight_attacks", d_knight, "bitboard: bb_knight_attacks: sq = 64 out of range");
    expect_abort("bb_king_attacks", d_king, "bitboard: bb_king_attacks: sq = -1 out of range");
    expect_abort("bb_pawn_attacks color", d_pawn_color, "bitboard: bb_pawn_attacks: color = 2 out of range");
    expect_abort("bb_pawn_attacks sq", d_pawn_sq, "bitboard: bb_pawn_attacks: sq = 64 out of range");
    expect_abort("bb_between", d_between, "bitboard: bb_between: a = -1 out of range");
    expect_abort("bb_line_through", d_line_through, "bitboard: bb_line_through: b = 64 out of range");
    expect_abort("bb_rook_attacks_hyperbola", d_rook_hyperbola,
                 "bitboard: bb_rook_attacks_hyperbola: sq = 64 out of range");
    expect_abort("bb_bishop_attacks_hyperbola", d_bishop_hyperbola,
                 "bitboard: bb_bishop_attacks_hyperbola: sq = -1 out of range");
    expect_abort("bb_rook_attacks_kogge_stone", d_rook_kogge,
                 "bitboard: bb_rook_attacks_kogge_stone: sq = 64 out of range");
    expect_abort("bb_bishop_attacks_kogge_stone", d_bishop_kogge,
                 "bitboard: bb_bishop_attacks_kogge_stone: sq = 64 out of range");
    expect_abort("bb_rook_attacks_kindergarten", d_rook_kinder,
                 "bitboard: bb_rook_attacks_kindergarten: sq = 64 out of range");
    expect_abort("bb_bishop_attacks_kindergarten", d_bishop_kinder,
                 "bitboard: bb_bishop_attacks_kindergarten: sq = -1 out of range");
    expect_abort("bb_rook_attacks_with", d_rook_with, "bitboard: bb_rook_attacks_with: m = 8 out of range");
    expect_abort("bb_bishop_attacks_with", d_bishop_with, "bitboard: bb_bishop_attacks_with: m = -1 out of range");
}

/* The table methods (magic, pext, rotated) and the plain names built on them:
 * while they are stand-ins (bb_attack_method_memory(BB_ATTACKS_MAGIC) still 0)
 * they check nothing themselves, so this waits for the real ones. */
static bb_rotated_occ state;
static void d_rook_magic(void) { sink = bb_rook_attacks_magic(bad_sq, 0); }
static void d_bishop_magic(void) { sink = bb_bishop_attacks_magic(minus_one, 0); }
#if BB_HAVE_BMI2
static void d_rook_pext(void) { sink = bb_rook_attacks_pext(bad_sq, 0); }
static void d_bishop_pext(void) { sink = bb_bishop_attacks_pext(bad_sq, 0); }
#endif
static void d_rook_rotated(void) { sink = bb_rook_attacks_rotated(bad_sq, 0); }
static void d_bishop_rotated(void) { sink = bb_bishop_attacks_rotated(bad_sq, 0); }
static void d_rotated_rook(void) { sink = bb_rotated_rook_attacks(&state, bad_sq); }
static void d_rotated_bishop(void) { sink = bb_rotated_bishop_attacks(&state, minus_one); }
static void d_rotated_set(void) { bb_rotated_occ_set(&state, bad_sq); }
static void d_rotated_clear(void) { bb_rotated_occ_clear(&state, minus_one); }
static void d_rotated_move(void) { bb_rotated_occ_move(&state, BB_E4, bad_sq); }
static void d_rook_plain(void) { sink = bb_rook_attacks(bad_sq, 0); }
static void d_bishop_plain(void) { sink = bb_bishop_attacks(minus_one, 0); }
static void d_queen_plain(void) { sink = bb_queen_attacks(bad_sq, 0); }

static bb_rotated_occ *null_state;
static void d_rotated_init(void) { bb_rotated_occ_init(null_state, 0); }
static void d_rotated_move_same(void)
{
    bb_rotated_occ s = {1, 0, 0, 0};
    bb_rotated_occ_move(&s, eight, eight);
    sink = s.occ;
}
static void table_methods_abort(void)
{
    static const struct { const char *name; void (*fn)(void); const char *want; } cases[] = {
        {"bb_rook_attacks_magic", d_rook_magic, "sq = 64 out of range"},
        {"bb_bishop_attacks_magic", d_bishop_magic, "sq = -1 out of range"},
#if BB_HAVE_BMI2
        {"bb_rook_attacks_pext", d_rook_pext, "sq = 64 out of range"},
        {"bb_bishop_attacks_pext", d_bishop_pext, "sq = 64 out of range"},
#endif
        {"bb_rook_attacks_rotated", d_rook_rotated, "sq = 64 out of range"},
        {"bb_bishop_attacks_rotated", d_bishop_rotated, "sq = 64 out of range"},
        {"bb_rotated_rook_attacks", d_rotated_rook, "sq = 64 out of range"},
        {"bb_rotated_bishop_attacks", d_rotated_bishop, "sq = -1 out of range"},
        {"bb_rotated_occ_set", d_rotated_set, "sq = 64 out of range"},
        {"bb_rotated_occ_clear", d_rotated_clear, "sq = -1 out of range"},
        {"bb_rotated_occ_move", d_rotated_move, " = 64 out of range"},
        {"bb_rotated_occ_move, from == to", d_rotated_move_same, "bitboard: bb_rotated_occ_move: to (== from) = 8 out of range"},
        {"bb_rotated_occ_init", d_rotated_init, "bitboard: bb_rotated_occ_init: s is NULL"},
        {"bb_rook_attacks", d_rook_plain, "sq = 64 out of range"},
        {"bb_bishop_attacks", d_bishop_plain, "sq = -1 out of range"},
        {"bb_queen_attacks", d_queen_plain, "sq = 64 out of range"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) expect_abort(cases[i].name, cases[i].fn, cases[i].want);
}

/* In range, nothing aborts (the checks are not inverted). */
static void d_in_range(void)
{
    sink = bb_square_bb(63) + bb_sym_apply(1, BB_SYM_FLIP_ANTIDIAGONAL) + bb_line_mask(0, BB_LINE_ANTIDIAGONAL) +
           bb_rotated45_index(1, 63) + bb_mapping_convert(1, BB_MAP_BEFR, BB_MAP_LERF) + bb_knight_attacks(63) +
           bb_pawn_attacks(1, 0) + bb_between(0, 63) + bb_line_through(63, 0) + bb_rook_attacks_hyperbola(63, 0) +
           bb_bishop_attacks_kogge_stone(0, 0) + bb_rook_attacks_kindergarten(63, 1) +
           bb_bishop_attacks_with(BB_ATTACKS_KOGGE_STONE, 0, 0);
    abort(); /* the expected way out, so expect_abort can check the rest ran */
}
static void in_range_is_quiet(void) { expect_abort("in range", d_in_range, ""); }

/* ---- Compiled functions: only if the library was built with BB_DEBUG ---------- */
static uint64_t buf[4];
static void d_sym_from_name(void) { bb_sym s; sink = (uint64_t)bb_sym_from_name(NULL, &s); }
static void d_line_from_name(void) { bb_line l; sink = (uint64_t)bb_line_from_name(NULL, &l); }
static void d_mapping_from_name(void) { sink = (uint64_t)bb_mapping_from_name("lerf", NULL); }
static void d_compose(void) { sink = bb_sym_compose((bb_sym)eight, BB_SYM_IDENTITY); }
static void d_inverse(void) { sink = bb_sym_inverse((bb_sym)minus_one); }
static void d_sym_array(void) { bb_sym_apply_array(buf, buf, 4, (bb_sym)eight); }
static void d_rot45_array(void) { bb_pseudo_rotate45_array(buf, buf, 4, (bb_rot45)(eight / 2)); }
static void d_rot45_array_null(void) { bb_pseudo_rotate45_array(NULL, buf, 4, BB_ROT45_CW); }
static void d_format_from_name(void) { bb_format f; sink = (uint64_t)bb_format_from_name(NULL, &f); }
static void d_canonical_array_null(void) { bb_canonical_array(buf, NULL, 4, NULL); }
static void d_canonical_pair_array_null(void) { bb_canonical_pair_array(NULL, buf, 4, NULL); }

static void d_othello_flips(void) { sink = bb_othello_flips(0x10, 0x20, bad_sq); }
static void d_othello_play_null(void) { sink = (uint64_t)bb_othello_play(NULL, 0); }
static void d_othello_play_sq(void)
{
    bb_othello_pos pos = bb_othello_start();
    sink = (uint64_t)bb_othello_play(&pos, minus_one);
}
static void d_othello_method(void) { sink = bb_othello_flips_with((bb_othello_method)eight, 0x10, 0x20, 0); }
static void d_othello_positions_plies(void)
{
    bb_othello_pos pos = bb_othello_start();
    uint64_t raw[2], sym[2];
    sink = (uint64_t)bb_othello_positions(&pos, minus_one, raw, sym, NULL);
}
static void d_othello_tt_clear_null(void) { bb_othello_tt_clear(NULL); }

static void d_chess_attackers_to(void)
{
    bb_chess_pos pos;
    bb_chess_start(&pos);
    sink = bb_chess_attackers_to(&pos, bad_sq, 0);
}
static void d_chess_generate_with(void)
{
    bb_chess_pos pos;
    bb_chess_movelist list;
    bb_chess_start(&pos);
    sink = (uint64_t)bb_chess_generate_with((bb_attack_method)eight, &pos, BB_GEN_ALL, &list);
}
static void d_chess_sym_allowed(void)
{
    bb_chess_pos pos;
    bb_chess_start(&pos);
    sink = (uint64_t)bb_chess_sym_allowed(&pos, (bb_sym)eight, NULL);
}
static void d_chess_make_illegal(void)
{
    bb_chess_pos pos;
    bb_chess_undo u;
    bb_chess_start(&pos);
    bb_chess_make(&pos, bb_chess_move_make(BB_E2, BB_E5, BB_MOVE_NORMAL, 0), &u);
}
static void d_chess_make_null_move(void)
{
    bb_chess_pos pos;
    bb_chess_undo u;
    bb_chess_start(&pos);
    bb_chess_make(&pos, BB_CHESS_NULL_MOVE, &u);
}
static void d_chess_make_null_in_check(void)
{
    bb_chess_pos pos;
    bb_chess_undo u;
    if (bb_chess_from_fen(&pos, "4k3/8/8/8/1b6/8/8/4K3 w - - 0 1", NULL) != 0) return;
    bb_chess_make_null(&pos, &u);
}
static void d_chess_generate_null(void)
{
    bb_chess_movelist list;
    sink = (uint64_t)bb_chess_generate(NULL, BB_GEN_ALL, &list);
}

static void library_functions_abort(void)
{
    expect_abort("bb_chess_attackers_to", d_chess_attackers_to, "bitboard: bb_chess_attackers_to: sq = 64 out of range");
    expect_abort("bb_chess_generate_with", d_chess_generate_with, "bitboard: bb_chess_generate_with: m = 8 out of range");
    expect_abort("bb_chess_sym_allowed", d_chess_sym_allowed, "bitboard: bb_chess_sym_allowed: s = 8 out of range");
    expect_abort("bb_chess_make illegal", d_chess_make_illegal,
                 "bitboard: bb_chess_make: move e2e5 (value 2316) is not legal in "
                 "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    expect_abort("bb_chess_make null", d_chess_make_null_move,
                 "bitboard: bb_chess_make: the null move (0000) is not a move: use bb_chess_make_null");
    expect_abort("bb_chess_make_null in check", d_chess_make_null_in_check,
                 "bitboard: bb_chess_make_null: the side to move is in check in 4k3/8/8/8/1b6/8/8/4K3 w - - 0 1");
    expect_abort("bb_chess_generate NULL", d_chess_generate_null, "bitboard: bb_chess_generate: pos is NULL");
    expect_abort("bb_sym_from_name", d_sym_from_name, "bitboard: bb_sym_from_name: name is NULL");
    expect_abort("bb_line_from_name", d_line_from_name, "bitboard: bb_line_from_name: name is NULL");
    expect_abort("bb_mapping_from_name", d_mapping_from_name, "bitboard: bb_mapping_from_name: m is NULL");
    expect_abort("bb_sym_compose", d_compose, "bitboard: bb_sym_compose: first = 8 out of range");
    expect_abort("bb_sym_inverse", d_inverse, "bitboard: bb_sym_inverse: s = -1 out of range");
    expect_abort("bb_sym_apply_array", d_sym_array, "bitboard: bb_sym_apply_array: s = 8 out of range");
    expect_abort("bb_pseudo_rotate45_array", d_rot45_array, "bitboard: bb_pseudo_rotate45_array: which = 4 out of range");
    expect_abort("bb_pseudo_rotate45_array NULL", d_rot45_array_null, "bitboard: bb_pseudo_rotate45_array: dst is NULL");
    expect_abort("bb_format_from_name", d_format_from_name, "bitboard: bb_format_from_name: name is NULL");
    expect_abort("bb_canonical_array NULL", d_canonical_array_null, "bitboard: bb_canonical_array: src is NULL");
    expect_abort("bb_othello_flips", d_othello_flips, "sq = 64 out of range");
    expect_abort("bb_othello_play NULL", d_othello_play_null, "bitboard: bb_othello_play: pos is NULL");
    expect_abort("bb_othello_play sq", d_othello_play_sq, "bitboard: bb_othello_play: sq = -1 out of range");
    expect_abort("bb_othello_flips_with", d_othello_method, "bitboard: bb_othello_flips_with: m = 8 out of range");
    expect_abort("bb_othello_positions plies", d_othello_positions_plies,
                 "bitboard: bb_othello_positions: plies = -1 out of range");
    expect_abort("bb_othello_tt_clear NULL", d_othello_tt_clear_null, "bitboard: bb_othello_tt_clear: t is NULL");
    expect_abort("bb_canonical_pair_array NULL", d_canonical_pair_array_null,
                 "bitboard: bb_canonical_pair_array: p is NULL");
}
static void library_functions(void)
{
    if (!bb__debug_checks()) SKIP("the library was built without BB_DEBUG (make DEBUG=1 checks these)");
    library_functions_abort();
}
#else
static void no_fork(void) { SKIP("no fork on this system: no death tests"); }
#endif /* HAVE_FORK */

int main(void)
{
#if HAVE_FORK
    RUN(inline_functions_abort);
    RUN(table_methods_abort);
    RUN(in_range_is_quiet);
    RUN(library_functions);
#else
    RUN(no_fork);
#endif
    return bbt_finish("debug");
}
