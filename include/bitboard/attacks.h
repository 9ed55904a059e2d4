/* bitboard/attacks.h - what pieces attack: the leapers by table, the sliders
 * by Hyatt's rotated bitboards and every method that replaced them, side by
 * side.  Included by <bitboard.h>.  How each method works: docs/ATTACKS.md.
 *
 * An attack set holds every square the piece on sq attacks: for a slider,
 * along each ray up to and including the first occupied square (a blocker of
 * either colour; the caller masks off its own pieces).  occ is the board's
 * occupancy; whether sq itself is in occ does not matter.
 *
 * Contents (each name: what it returns; what it requires)
 *   bb_attack_method                 the slider methods, values 0..6 in this order:
 *   BB_ATTACKS_NAIVE                   ray walking square by square: the oracle
 *   BB_ATTACKS_ROTATED                 Hyatt's rotated bitboards: [64][256] tables by line occupancy
 *   BB_ATTACKS_KINDERGARTEN            line extraction by multiplication, then an [8][64] first-rank table
 *   BB_ATTACKS_MAGIC                   fixed-shift "fancy" magic multiplication into shared tables
 *   BB_ATTACKS_PEXT                    BMI2 pext index into the same kind of tables; only if BB_HAVE_BMI2
 *   BB_ATTACKS_HYPERBOLA               hyperbola quintessence: o ^ (o - 2r), and again byte-swapped
 *   BB_ATTACKS_KOGGE_STONE             parallel-prefix fills in 8 directions: no tables at all
 *   BB_ATTACK_METHOD_COUNT           7
 *   BB_ATTACKS_DEFAULT               the method the plain names use in this build (chosen in this header
 *                                    from the compiler's target: PEXT where BMI2 is fast, else MAGIC)
 *   bb_rook_attacks(sq, occ)         rook attacks from sq with occupancy occ (default method); sq 0..63
 *   bb_bishop_attacks(sq, occ)       bishop attacks (default method); sq 0..63
 *   bb_queen_attacks(sq, occ)        rook | bishop attacks (default method); sq 0..63
 *   bb_rook_attacks_with(m, sq, occ)    rook attacks by method m; sq 0..63; m one of the 7, available
 *   bb_bishop_attacks_with(m, sq, occ)  bishop attacks by method m; the same
 *   bb_knight_attacks(sq)            the squares a knight on sq attacks; sq 0..63
 *   bb_king_attacks(sq)              the squares a king on sq attacks; sq 0..63
 *   bb_pawn_attacks(color, sq)       the two (or one) diagonal captures of a pawn on sq: color 0 white
 *                                    (towards rank 8), 1 black; color 0..1, sq 0..63 (any rank)
 *   bb_between(a, b)                 squares strictly between a and b if they share a rank, file,
 *                                    diagonal or anti-diagonal, else 0 (0 for a == b); a, b 0..63
 *   bb_line_through(a, b)            the whole rank, file, diagonal or anti-diagonal through a and b
 *                                    (both included), else 0 (0 for a == b); a, b 0..63
 *   bb_rook_fill(rooks, occ)         the union of the rook attacks of every square in rooks (Kogge-Stone)
 *   bb_bishop_fill(bishops, occ)     the same for bishops
 *   bb_queen_fill(queens, occ)       the same for queens
 *   bb_attack_method_name(m)         "naive", "rotated", "kindergarten", "magic", "pext", "hyperbola",
 *                                    "kogge-stone"; NULL if m is not 0..6
 *   bb_attack_method_from_name(name, m)  0 and *m for a name as printed (any case; "kogge_stone" too),
 *                                    else -1; name and m not NULL
 *   bb_attack_method_available(m)    1 if method m is compiled into this build (PEXT needs BB_HAVE_BMI2), else 0
 *   bb_attack_method_memory(m)       the bytes of tables method m reads (rook and bishop together);
 *                                    0 for a method without tables
 *   bb_rotated_occ                   Hyatt's state: the occupancy and its rotated-90, -45 and -315 boards
 *   bb_rotated_occ_init(s, occ)      *s = the state of occupancy occ; s not NULL
 *   bb_rotated_occ_set(s, sq)        puts a piece on sq (empty before) in all four boards; sq 0..63
 *   bb_rotated_occ_clear(s, sq)      takes the piece off sq (occupied before); sq 0..63
 *   bb_rotated_occ_move(s, from, to) a piece moves from `from` (occupied) to `to` (empty: captures
 *                                    are clear(to) first); from != to, both 0..63
 *   bb_rotated_rook_attacks(s, sq)   rook attacks from sq looked up in the rotated state; sq 0..63
 *   bb_rotated_bishop_attacks(s, sq) bishop attacks from the rotated state; sq 0..63
 *   bb_rotated_queen_attacks(s, sq)  queen attacks from the rotated state; sq 0..63
 *
 * Implementation variants: the same contract as bb_rook_attacks /
 * bb_bishop_attacks, one method each (the _rotated form builds the state
 * from occ first; the _pext forms exist only if BB_HAVE_BMI2).
 *   bb_rook_attacks_naive(sq, occ)          bb_bishop_attacks_naive(sq, occ)
 *   bb_rook_attacks_rotated(sq, occ)        bb_bishop_attacks_rotated(sq, occ)
 *   bb_rook_attacks_kindergarten(sq, occ)   bb_bishop_attacks_kindergarten(sq, occ)
 *   bb_rook_attacks_magic(sq, occ)          bb_bishop_attacks_magic(sq, occ)
 *   bb_rook_attacks_pext(sq, occ)           bb_bishop_attacks_pext(sq, occ)
 *   bb_rook_attacks_hyperbola(sq, occ)      bb_bishop_attacks_hyperbola(sq, occ)
 *   bb_rook_attacks_kogge_stone(sq, occ)    bb_bishop_attacks_kogge_stone(sq, occ)
 *
 * Tables are ready when the program starts: constants, generated into the
 * tree by tools/gen_tables.c or at build time by tools/gen_attack_tables.c
 * (the big attack tables), in read-only data; nothing runs at load time,
 * there is no init call to forget, and every function is safe from many
 * threads. */
#ifndef BITBOARD_ATTACKS_H
#define BITBOARD_ATTACKS_H

#include "core.h"
#include "lines.h"   /* kindergarten gathers lines by multiplication */
#include "rotated.h" /* Hyatt's state keeps the rotated boards */

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    BB_ATTACKS_NAIVE,
    BB_ATTACKS_ROTATED,
    BB_ATTACKS_KINDERGARTEN,
    BB_ATTACKS_MAGIC,
    BB_ATTACKS_PEXT,
    BB_ATTACKS_HYPERBOLA,
    BB_ATTACKS_KOGGE_STONE
} bb_attack_method;

#define BB_ATTACK_METHOD_COUNT 7

/* The default method: chosen here, once, from the compiler's target.  pext
 * where the target has BMI2, except AMD before Zen 3 (-march=znver1 or
 * znver2), whose pext is microcode (18+ cycles); magic everywhere else.
 * Measured on AMD Zen 5 (make bench BENCH_ARGS=attacks; cycles per lookup on
 * positions of random games: throughput / latency / move+rook+bishop along
 * games):
 *   pext 6.3 / 17.4 / 12.9      magic 6.3 / 20.6 / 12.9     hyperbola 7.1 / 9.8 / 16.2
 *   rotated 7.9 / 26.8 / 13.6 incremental    kindergarten 8.5 / 19.3 / 18.9
 *   kogge-stone 16.6 / 21.9 / 35.7           naive 83 / 61
 * pext ties magic for the fastest in bulk and along games with 0.6 of its
 * tables; hyperbola, whose 1.5 KB of tables stay in L1, has the lowest
 * latency when each lookup waits for the last (docs/BENCHMARKS.md). */
#if BB_HAVE_FAST_PEXT
#define BB_ATTACKS_DEFAULT BB_ATTACKS_PEXT
#else
#define BB_ATTACKS_DEFAULT BB_ATTACKS_MAGIC
#endif

typedef struct {
    uint64_t occ, r90, r45, r315; /* layouts of bitboard/rotated.h */
} bb_rotated_occ;

static inline uint64_t bb_rook_attacks(int sq, uint64_t occ);
static inline uint64_t bb_bishop_attacks(int sq, uint64_t occ);
static inline uint64_t bb_queen_attacks(int sq, uint64_t occ);
static inline uint64_t bb_rook_attacks_with(bb_attack_method m, int sq, uint64_t occ);
static inline uint64_t bb_bishop_attacks_with(bb_attack_method m, int sq, uint64_t occ);
static inline uint64_t bb_knight_attacks(int sq);
static inline uint64_t bb_king_attacks(int sq);
static inline uint64_t bb_pawn_attacks(int color, int sq);
static inline uint64_t bb_between(int a, int b);
static inline uint64_t bb_line_through(int a, int b);
static inline uint64_t bb_rook_fill(uint64_t rooks, uint64_t occ);
static inline uint64_t bb_bishop_fill(uint64_t bishops, uint64_t occ);
static inline uint64_t bb_queen_fill(uint64_t queens, uint64_t occ);
const char *bb_attack_method_name(bb_attack_method m);
int bb_attack_method_from_name(const char *name, bb_attack_method *m);
int bb_attack_method_available(bb_attack_method m);
size_t bb_attack_method_memory(bb_attack_method m);
static inline void bb_rotated_occ_init(bb_rotated_occ *s, uint64_t occ);
static inline void bb_rotated_occ_set(bb_rotated_occ *s, int sq);
static inline void bb_rotated_occ_clear(bb_rotated_occ *s, int sq);
static inline void bb_rotated_occ_move(bb_rotated_occ *s, int from, int to);
static inline uint64_t bb_rotated_rook_attacks(const bb_rotated_occ *s, int sq);
static inline uint64_t bb_rotated_bishop_attacks(const bb_rotated_occ *s, int sq);
static inline uint64_t bb_rotated_queen_attacks(const bb_rotated_occ *s, int sq);

/* Implementation variants (see the contents list). */
uint64_t bb_rook_attacks_naive(int sq, uint64_t occ);
uint64_t bb_bishop_attacks_naive(int sq, uint64_t occ);
static inline uint64_t bb_rook_attacks_rotated(int sq, uint64_t occ);
static inline uint64_t bb_bishop_attacks_rotated(int sq, uint64_t occ);
static inline uint64_t bb_rook_attacks_kindergarten(int sq, uint64_t occ);
static inline uint64_t bb_bishop_attacks_kindergarten(int sq, uint64_t occ);
static inline uint64_t bb_rook_attacks_magic(int sq, uint64_t occ);
static inline uint64_t bb_bishop_attacks_magic(int sq, uint64_t occ);
#if BB_HAVE_BMI2
static inline uint64_t bb_rook_attacks_pext(int sq, uint64_t occ);
static inline uint64_t bb_bishop_attacks_pext(int sq, uint64_t occ);
#endif
static inline uint64_t bb_rook_attacks_hyperbola(int sq, uint64_t occ);
static inline uint64_t bb_bishop_attacks_hyperbola(int sq, uint64_t occ);
static inline uint64_t bb_rook_attacks_kogge_stone(int sq, uint64_t occ);
static inline uint64_t bb_bishop_attacks_kogge_stone(int sq, uint64_t occ);

/* ============================================================================
 * Implementation: everything below is how, not what.
 * ========================================================================== */

/* The leapers, rays, lines and the table-free methods: hyperbola
 * quintessence, Kogge-Stone, and kindergarten. */
#include "impl/attacks_basic.h"
/* The table methods: magic, pext and Hyatt's rotated bitboards. */
#include "impl/attacks_tables.h"

static inline uint64_t bb_rook_attacks_with(bb_attack_method m, int sq, uint64_t occ)
{
    BB__ASSERT((unsigned)m < BB_ATTACK_METHOD_COUNT, "m", m);
    BB__ASSERT_SQUARE(sq);
    sq &= 63;
    switch (m) {
    case BB_ATTACKS_ROTATED: return bb_rook_attacks_rotated(sq, occ);
    case BB_ATTACKS_KINDERGARTEN: return bb_rook_attacks_kindergarten(sq, occ);
    case BB_ATTACKS_MAGIC: return bb_rook_attacks_magic(sq, occ);
#if BB_HAVE_BMI2
    case BB_ATTACKS_PEXT: return bb_rook_attacks_pext(sq, occ);
#endif
    case BB_ATTACKS_HYPERBOLA: return bb_rook_attacks_hyperbola(sq, occ);
    case BB_ATTACKS_KOGGE_STONE: return bb_rook_attacks_kogge_stone(sq, occ);
    default: return bb_rook_attacks_naive(sq, occ); /* the oracle; also any method not compiled */
    }
}
static inline uint64_t bb_bishop_attacks_with(bb_attack_method m, int sq, uint64_t occ)
{
    BB__ASSERT((unsigned)m < BB_ATTACK_METHOD_COUNT, "m", m);
    BB__ASSERT_SQUARE(sq);
    sq &= 63;
    switch (m) {
    case BB_ATTACKS_ROTATED: return bb_bishop_attacks_rotated(sq, occ);
    case BB_ATTACKS_KINDERGARTEN: return bb_bishop_attacks_kindergarten(sq, occ);
    case BB_ATTACKS_MAGIC: return bb_bishop_attacks_magic(sq, occ);
#if BB_HAVE_BMI2
    case BB_ATTACKS_PEXT: return bb_bishop_attacks_pext(sq, occ);
#endif
    case BB_ATTACKS_HYPERBOLA: return bb_bishop_attacks_hyperbola(sq, occ);
    case BB_ATTACKS_KOGGE_STONE: return bb_bishop_attacks_kogge_stone(sq, occ);
    default: return bb_bishop_attacks_naive(sq, occ);
    }
}

/* The default method, by name (BB_ATTACKS_DEFAULT above). */
#if BB_HAVE_FAST_PEXT
#define BB__ATTACKS_IMPL(name) name##_pext
#else
#define BB__ATTACKS_IMPL(name) name##_magic
#endif
static inline uint64_t bb_rook_attacks(int sq, uint64_t occ) { return BB__ATTACKS_IMPL(bb_rook_attacks)(sq, occ); }
static inline uint64_t bb_bishop_attacks(int sq, uint64_t occ) { return BB__ATTACKS_IMPL(bb_bishop_attacks)(sq, occ); }
static inline uint64_t bb_queen_attacks(int sq, uint64_t occ)
{
    return BB__ATTACKS_IMPL(bb_rook_attacks)(sq, occ) | BB__ATTACKS_IMPL(bb_bishop_attacks)(sq, occ);
}

#ifdef __cplusplus
}
#endif

#endif /* BITBOARD_ATTACKS_H */
