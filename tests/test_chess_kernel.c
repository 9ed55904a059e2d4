/* The perft kernel's shortcuts (src/chess/perft_kernel.c), each against
 * positions built to break it: every position is counted by the kernel and
 * by the slow generator (src/chess/slow.c) at every depth up to its own, in
 * every image the rules allow (the colours swapped, the board mirrored left
 * to right when no castling right is left, and the other symmetries where
 * no pawn stands), so that both of the kernel's colour copies and every edge
 * of its masks are tried.  Each count was also checked once against
 * Stockfish 15.1 (`go perft`, UCI_Chess960 on).
 *
 * tests/mutants.sh weakens each shortcut in turn (the list and what each
 * weakening does: tests/mutants/perft_kernel.txt) and requires the test
 * named there to fail: a shortcut whose condition can be loosened without a
 * test here failing is a shortcut without a test. */
#include <string.h>

#include "bitboard.h"
#include "harness.h"
#include "../src/chess/slow.h"
#include "chess_positions.h"

typedef struct {
    const char *fen;
    int depth;
    uint64_t nodes; /* at depth, Stockfish's count */
} kcase;

/* The kernel's and the slow generator's perft of pos at depths 1..depth;
 * the first difference is reported. */
static int agree(const bb_chess_pos *pos, int depth, const char *what)
{
    for (int d = 1; d <= depth; d++) {
        uint64_t want = bb__chess_slow_perft(pos, d), got = bb_chess_perft(pos, d, NULL);
        if (got != want) {
            CHECK(0, "%s: perft %d of '%s': the kernel counts %llu, the slow generator %llu", what, d, fen_of(pos),
                  (unsigned long long)got, (unsigned long long)want);
            return 0;
        }
    }
    return 1;
}

/* Every case in every image the rules allow, and its published count. */
static void run(const kcase *c, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        bb_chess_pos pos, flipped;
        parse(&pos, c[i].fen);
        uint64_t got = bb_chess_perft(&pos, c[i].depth, NULL);
        CHECK(got == c[i].nodes, "perft %d of '%s': got %llu, Stockfish %llu", c[i].depth, c[i].fen,
              (unsigned long long)got, (unsigned long long)c[i].nodes);
        bb_chess_color_flip(&pos, &flipped);
        for (int colours = 0; colours < 2; colours++) {
            const bb_chess_pos *p = colours ? &flipped : &pos;
            for (int s = 0; s < BB_SYM_COUNT; s++) {
                bb_chess_pos img;
                const char *why;
                if (bb_chess_transform(p, (bb_sym)s, &img, &why) != 0) continue;
                if (!agree(&img, c[i].depth, bb_sym_name((bb_sym)s))) break;
            }
        }
    }
}
#define RUN_CASES(c) run(c, sizeof c / sizeof c[0])

/* ---- the children's analysis taken from the parent's --------------------------------- */
/* (a check the kernel misses shows in the count only where the side in
 * check has a piece that could move if it were not: hence the black
 * knights that stand far from the action) */

/* A child's checks and pins by sliders are its parent's unless a square
 * changed (its colour, or its slider kind) on the lines from the child's
 * king to the parent's sliders, or a slider landed on a king line it moves
 * along.  Each position's critical move is the root's, two plies from the
 * leaves. */

/* A square whose colour changed: the mover's piece leaves the line (a
 * discovered check), the pinner leaves, a capture en passant removes the
 * defender's only blocker (the one square whose colour changes only on the
 * defender's board). */
static void kept_pins_colours(void)
{
    static const kcase c[] = {
        {"4k2n/8/8/8/4N3/8/8/K3R3 w - - 0 1", 2, 101},  /* the knight leaves the e-file: check */
        {"4k3/8/2N5/8/B7/8/8/n6K w - - 0 1", 2, 64},    /* the knight leaves the diagonal: check */
        {"4k3/8/8/4n3/8/8/8/4R2K w - - 0 1", 2, 108},   /* the pinning rook steps aside: e5 free */
        {"4k3/8/2n5/8/B7/8/8/7K w - - 0 1", 2, 62},     /* the pinning bishop steps aside: c6 free */
        {"k6n/8/8/3pP3/8/8/6B1/K7 w - d6 0 2", 2, 52},  /* exd6 e.p. takes d5 off the g2-a8 diagonal */
    };
    RUN_CASES(c);
}

/* A square whose slider kind changed and whose colour did not: a Chess960
 * castling that puts the rook where the king stood, or the king where the
 * rook stood (issue 31's positions among them). */
static void kept_pins_castling(void)
{
    static const kcase c[] = {
        {"r1q1bkrb/ppp1p1pp/n2pn3/8/P1P1p3/3P1P2/1P1N2PP/R1QNBKRB b GAga - 0 6", 2, 977},
        {"2r2kr1/3r4/7p/8/8/1P2r3/8/2R2KR1 b GCgc - 0 1", 3, 38338},
        {"2r2k1r/8/8/4p2p/8/8/8/5K1R b Hhc - 0 1", 3, 5146},
        /* the rook lands on f1: f4 pinned */
        {"5k2/8/8/8/5n2/8/8/5K1R w H - 0 1", 2, 133},
        /* the king lands on g1: g4 free */
        {"6k1/8/8/8/6n1/8/8/4K1R1 w G - 0 1", 2, 61},
    };
    RUN_CASES(c);
}

/* A slider lands on a king line it moves along, from off every line of the
 * parent's sliders: a rook move, a bishop move, promotions to a queen or
 * rook (straight) and to a queen or bishop (diagonal). */
static void kept_pins_landing(void)
{
    static const kcase c[] = {
        {"4k2n/8/8/8/8/8/8/R6K w - - 0 1", 2, 98},   /* Re1+ */
        {"4k2n/8/8/8/8/8/2B5/7K w - - 0 1", 2, 78},  /* Ba4+ */
        {"4k3/P7/7n/8/8/8/8/7K w - - 0 1", 2, 51},   /* a8=Q+, a8=R+ */
        {"8/3kP3/8/8/8/8/8/n6K w - - 0 1", 2, 51},   /* e8=Q+, e8=B+ */
    };
    RUN_CASES(c);
}

/* Outside the sliders' lines only the piece moved can give check: a knight
 * or a pawn from where it landed. */
static void kept_pins_leapers(void)
{
    static const kcase c[] = {
        {"4k3/8/8/8/4N3/8/8/n6K w - - 0 1", 2, 69},  /* Nd6+, Nf6+ */
        {"4k3/8/3P4/8/8/8/8/n6K w - - 0 1", 2, 23},  /* d7+ */
    };
    RUN_CASES(c);
}

/* ---- the node's own analysis: pins and the squares it marks live --------------------- */
/* (the same walk of the sliders gives the pins and the children's live
 * squares; a pin needs exactly one blocker, ours) */
static void shared_analysis(void)
{
    static const kcase c[] = {
        {"4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1", 3, 759},     /* a pinned rook moves along its pin */
        {"4k3/8/8/8/8/2b5/1Q6/K7 w - - 0 1", 3, 781},      /* a pin on the king's corner ray */
        {"3k4/3q4/8/8/3B4/8/3R4/3K4 w - - 0 1", 3, 7708},  /* two of ours on a line: no pin */
        {"3k4/8/8/8/3b4/8/3R4/3K4 w - - 0 1", 2, 149},     /* theirs and ours: no pin for the rook */
        {"4r2k/8/8/8/8/R2n4/8/4K3 w - - 0 1", 3, 970},     /* double check: Rxd3 does not answer it */
    };
    RUN_CASES(c);
}

/* ---- pawns ---------------------------------------------------------------------------- */

/* Pawn moves without the pin masks when no pawn is pinned; with them when
 * one is, along each kind of pin. */
static void pawn_pins(void)
{
    static const kcase c[] = {
        {"8/8/8/K2P3r/8/8/8/7k w - - 0 1", 2, 65},      /* pinned along a rank: no push */
        {"4r2k/8/8/8/8/3n4/4P3/4K3 w - - 0 1", 2, 69},  /* along a file: pushes, no capture */
        {"7k/8/8/8/8/2b5/1P6/K7 w - - 0 1", 2, 27},     /* along a diagonal: takes the pinner only */
        {"7k/8/8/8/8/n1b5/1P6/K7 w - - 0 1", 3, 114},   /* ... not the knight off its ray */
    };
    RUN_CASES(c);
}

/* En passant: the pawn taken was the last blocker of a rank; the pawn taken
 * gave the check. */
static void pawn_en_passant(void)
{
    static const kcase c[] = {
        {"8/8/8/K2pP2r/8/8/8/7k w - d6 0 1", 2, 78},
        {"8/8/8/2Pp4/4K3/8/8/7k w - d6 0 1", 2, 32},
    };
    RUN_CASES(c);
}

/* Each promotion counts four, whichever way the pawn gets there: by a push
 * alone, by a capture towards the a-file alone, towards the h-file alone. */
static void promotions_counted(void)
{
    static const kcase c[] = {
        {"7k/1P6/8/8/8/8/8/7K w - - 0 1", 2, 19},
        {"rr5k/1P6/8/8/8/8/8/7K w - - 0 1", 2, 98},
        {"1rr4k/1P6/8/8/8/8/8/7K w - - 0 1", 2, 78},
    };
    RUN_CASES(c);
}

/* ---- the king ------------------------------------------------------------------------- */

/* Squares next to the king ruled out by an enemy pawn or king before any
 * slider is looked at; a far slider that sees a square next to the king
 * along one of that square's lines only (the scalar count looks up only the
 * sliders on the lines through the king's neighbours and its castling
 * path); castling through a square a far slider sees (on no line through
 * the king's neighbours); Chess960 castlings whose rook hides an attack on
 * the king's path. */
static void king_squares(void)
{
    static const kcase c[] = {
        {"7k/8/8/8/8/8/5pPP/7K w - - 0 1", 2, 28},      /* g1 taken by the pawn f2 */
        {"8/8/8/8/8/8/5kPP/7K w - - 0 1", 2, 20},       /* g1 taken by the king f2 */
        {"k5r1/8/8/8/8/8/8/4K2R w K - 0 1", 2, 215},    /* g1 seen from g8: no castling */
        {"4k3/b7/8/8/8/8/8/4K3 w - - 0 1", 2, 48},      /* f2 seen along its other diagonal */
        {"1r1k4/8/8/8/8/8/8/rR1K4 w B - 0 1", 2, 145},  /* the rook b1 hides a1's attack on c1 */
        {"3k4/8/8/8/8/8/8/rR1K4 w B - 0 1", 2, 82},
    };
    RUN_CASES(c);
}

/* ---- the sliders' and knights' moves counted by fills --------------------------------- */

/* The most moves a position has (218, so the eight lane counts summed as
 * bytes stay under 256), and sliders and knights on every edge and corner
 * with the squares a wrap would reach left empty. */
static void fills_counted(void)
{
    static const kcase c[] = {
        {"R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1", 2, 99},
        {"Q6N/8/8/4k3/8/8/8/N3K2B w - - 0 1", 2, 156},
        {"n6b/1N4N1/8/3k4/8/8/1N4N1/q3K2r w - - 0 1", 2, 96},
    };
    RUN_CASES(c);
}

/* ---- the castling geometry's cache and the table -------------------------------------- */

/* Two geometries with the same rooks and the king on another file are two
 * contexts (the cache keys on the king files too). */
static void geometry_cache(void)
{
    static const kcase c[] = {
        {"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", 2, 112},
        {"5k2/8/8/8/8/8/8/R4K1R w HA - 0 1", 3, 3253},
        {"3k4/8/8/8/8/8/8/R2K3R w HA - 0 1", 3, 3265},
    };
    RUN_CASES(c);
}

/* The table keys on the whole board and on the depth left, the side, the
 * rights and ep: a deep transposing tree with the table on and off. */
static void table_keys(void)
{
    static const char *const fens[] = {
        "8/3k4/8/8/8/8/3K4/8 w - - 0 1",
        "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
    };
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        bb_chess_pos pos;
        parse(&pos, fens[i]);
        bb_chess_perft_opts o;
        memset(&o, 0, sizeof o);
        o.hash_mb = 1;
        for (int d = 3; d <= 7; d++) { /* from 7 a node meets itself 4 plies down, where 3 are left */
            uint64_t plain = bb_chess_perft(&pos, d, NULL), tabled = bb_chess_perft(&pos, d, &o);
            CHECK(plain == tabled, "perft %d of '%s': %llu without the table, %llu with it", d, fens[i],
                  (unsigned long long)plain, (unsigned long long)tabled);
        }
    }
}

int main(void)
{
    RUN(kept_pins_colours);
    RUN(kept_pins_castling);
    RUN(kept_pins_landing);
    RUN(kept_pins_leapers);
    RUN(shared_analysis);
    RUN(pawn_pins);
    RUN(pawn_en_passant);
    RUN(promotions_counted);
    RUN(king_squares);
    RUN(fills_counted);
    RUN(geometry_cache);
    RUN(table_keys);
    return bbt_finish("chess_kernel");
}
