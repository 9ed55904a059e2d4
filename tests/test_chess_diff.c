/* Differential check of chess move counting at scale: 20,000 positions of
 * the ten families of tests/chess_diff.h (random games from the standard and
 * the 960 starts, positions built around castling, en passant, promotions,
 * double check, pins, kings in corners, every piece count, sparse Chess960
 * with castling rights), each counted at depths 1..4 by the perft kernel,
 * every attack method's walk, the board walk, generate/make/unmake and the
 * slow generator, which must all agree.  The depth is lowered so that a
 * position's kernel count stays within 8,000 nodes: many positions, not
 * deep trees (the soak goes deeper: tests/soak/soak_chess.c).  A test per
 * family, so a failure names it; each failure prints the seed, the case,
 * the FEN, every count and the first differing move (chess_diff.h).
 *
 * The seed is fixed below; BB_DIFF_SEED=0x... (or decimal) in the
 * environment replaces it, to replay a soak's or another run's seed.
 *
 * How much each configuration of make test runs (decided from the
 * compiler's macros):
 *   gcc native (-O2 -march=native: gcc, optimizing, __BMI2__, no BB_PORTABLE, no ASan)
 *                                   all 20,000 positions (about 17 s of one core)
 *   clang native, gcc -march=x86-64 (no __BMI2__), the portable build (BB_PORTABLE),
 *   clang ASan + UBSan with BB_DEBUG (__SANITIZE_ADDRESS__ or __has_feature(address_sanitizer))
 *                                   the first tenth of each family: 2,000 positions
 *                                   (about 6 s of one core under ASan)
 * Each runs the same cases from the start of each family's sequence, so a
 * configuration that disagrees with another on a case shows it. */
#include <stdlib.h>
#include <string.h>

#include "bitboard.h"
#include "harness.h"
#include "chess_diff.h"

#if defined(__SANITIZE_ADDRESS__)
#define DIFF_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define DIFF_ASAN 1
#endif
#endif
#ifndef DIFF_ASAN
#define DIFF_ASAN 0
#endif

#if !DIFF_ASAN && !defined(__clang__) && defined(__GNUC__) && defined(__OPTIMIZE__) && defined(__BMI2__) && !defined(BB_PORTABLE)
#define DIFF_SHARE 1
#else
#define DIFF_SHARE 10
#endif

#define DIFF_DEPTH 4
#define DIFF_BUDGET 8000u
#define DIFF_DEFAULT_SEED 0x5EEDD1FF0C4E55ULL

static uint64_t seed_of_run(void)
{
    const char *e = getenv("BB_DIFF_SEED");
    if (e && *e) {
        char *end;
        unsigned long long s = strtoull(e, &end, 0);
        if (*end == '\0') return (uint64_t)s;
        fprintf(stderr, "BB_DIFF_SEED='%s' is not a number: the fixed seed is used\n", e);
    }
    return DIFF_DEFAULT_SEED;
}

/* The positions of a family in the full run (20,000 in all). */
static int family_cases(int family)
{
    switch (family) {
    case CDIFF_CASTLING:
    case CDIFF_SPARSE960: return 3000;
    case CDIFF_GAME:
    case CDIFF_GAME960:
    case CDIFF_PINS:
    case CDIFF_PIECE_COUNT: return 2000;
    default: return 1500;
    }
}

static void run_family(int family)
{
    static char msg[16384];
    uint64_t seed = seed_of_run();
    int n = family_cases(family) / DIFF_SHARE, bad = 0;
    const char *name = cdiff_family_name(family);
    for (int i = 0; i < n; i++) {
        uint64_t rng = cdiff_case_seed(seed, family, i);
        bb_chess_pos pos;
        cdiff_position(family, &rng, &pos);
        char what[96];
        snprintf(what, sizeof what, "%s case %d", name, i);
        int differs = cdiff_check(&pos, CDIFF_ALL, DIFF_DEPTH, DIFF_BUDGET, what, msg, sizeof msg, NULL);
        bad += differs;
        if (differs && bad <= 3) { /* the first three in full, then the count */
            size_t len = strlen(msg);
            if (len && msg[len - 1] == '\n') msg[len - 1] = '\0';
            CHECK(!differs, "seed 0x%llx (replay: BB_DIFF_SEED=0x%llx test_chess_diff -k %s)\n%s",
                  (unsigned long long)seed, (unsigned long long)seed, name, msg);
        }
    }
    CHECK(bad == 0, "family %s: %d of %d positions disagree (seed 0x%llx)", name, bad, n, (unsigned long long)seed);
}

static void diff_game(void) { run_family(CDIFF_GAME); }
static void diff_game960(void) { run_family(CDIFF_GAME960); }
static void diff_castling(void) { run_family(CDIFF_CASTLING); }
static void diff_en_passant(void) { run_family(CDIFF_EN_PASSANT); }
static void diff_promotion(void) { run_family(CDIFF_PROMOTION); }
static void diff_double_check(void) { run_family(CDIFF_DOUBLE_CHECK); }
static void diff_pins(void) { run_family(CDIFF_PINS); }
static void diff_corners(void) { run_family(CDIFF_CORNERS); }
static void diff_piece_count(void) { run_family(CDIFF_PIECE_COUNT); }
static void diff_sparse960(void) { run_family(CDIFF_SPARSE960); }

/* ---- the generators make what they say --------------------------------------------------- */

/* Scharnagl's numbering: 518 is the standard array, 0 is BBQNNRKR, and the
 * 960 numbers give 960 different arrays, each with its bishops on squares of
 * both colours and its king between its rooks. */
static void scharnagl_numbering(void)
{
    static char seen[960][9];
    for (int n = 0; n < 960; n++) {
        int files[8];
        cdiff_scharnagl(n, files);
        int light = -1, dark = -1, king = -1, rooks = 0, rook_lo = 8, rook_hi = -1;
        for (int f = 0; f < 8; f++) {
            seen[n][f] = cdiff_letter(BB_WHITE, files[f]);
            if (files[f] == BB_BISHOP && (f & 1)) light = f;
            if (files[f] == BB_BISHOP && !(f & 1)) dark = f;
            if (files[f] == BB_KING) king = f;
            if (files[f] == BB_ROOK) rooks++, rook_lo = f < rook_lo ? f : rook_lo, rook_hi = f;
        }
        seen[n][8] = '\0';
        CHECK(light >= 0 && dark >= 0 && rooks == 2 && rook_lo < king && king < rook_hi, "start %d: %s", n, seen[n]);
        for (int m = 0; m < n; m++) CHECK(strcmp(seen[m], seen[n]) != 0, "starts %d and %d: %s", m, n, seen[n]);
        bb_chess_pos pos;
        cdiff_chess960_start(n, &pos);
        CHECK(pos.castling == 15 && bb_chess_perft(&pos, 1, NULL) == (uint64_t)bb__chess_slow_perft(&pos, 1),
              "start %d", n);
    }
    CHECK(strcmp(seen[518], "RNBQKBNR") == 0, "518: %s", seen[518]);
    CHECK(strcmp(seen[0], "BBQNNRKR") == 0, "0: %s", seen[0]);
}

/* Each family produces positions with its rule in play, often enough. */
static void families_cover_their_rules(void)
{
    enum { N = 400 };
    uint64_t seed = seed_of_run();
    for (int f = 0; f < CDIFF_FAMILIES; f++) {
        int rights = 0, castle_move = 0, ep = 0, dbl = 0, pinned = 0, promo = 0, corner = 0, c960 = 0;
        int counts[31] = {0};
        for (int i = 0; i < N; i++) {
            uint64_t rng = cdiff_case_seed(seed, f, i);
            bb_chess_pos pos;
            cdiff_position(f, &rng, &pos);
            bb_chess_movelist l;
            int n = bb_chess_generate(&pos, BB_GEN_ALL, &l), pr = 0, cm = 0;
            for (int j = 0; j < n; j++) {
                pr |= bb_chess_move_kind(l.moves[j]) == BB_MOVE_PROMOTION;
                cm |= bb_chess_move_kind(l.moves[j]) == BB_MOVE_CASTLING;
            }
            rights += pos.castling != 0, castle_move += cm, ep += pos.ep != BB_CHESS_NO_EP;
            dbl += bb_popcount(bb_chess_checkers(&pos)) >= 2, pinned += bb_chess_pinned(&pos) != 0, promo += pr;
            corner += ((pos.pieces[0][BB_KING] | pos.pieces[1][BB_KING]) & 0x8100000000000081ULL) != 0;
            c960 += pos.chess960;
            int others = bb_popcount(pos.occupied) - 2;
            if (others <= 30) counts[others]++;
        }
        const char *name = cdiff_family_name(f);
        switch (f) {
        case CDIFF_GAME: CHECK(c960 == 0 && rights > N / 4, "%s: %d Chess960, %d with rights", name, c960, rights); break;
        case CDIFF_GAME960: CHECK(castle_move > N / 20, "%s: %d can castle", name, castle_move); break;
        case CDIFF_CASTLING:
        case CDIFF_SPARSE960:
            CHECK(rights == N && c960 == N && castle_move > N / 4, "%s: %d with rights, %d Chess960, %d can castle",
                  name, rights, c960, castle_move);
            break;
        case CDIFF_EN_PASSANT: CHECK(ep == N, "%s: %d with an en-passant square", name, ep); break;
        case CDIFF_PROMOTION: CHECK(promo > N / 2, "%s: %d can promote", name, promo); break;
        case CDIFF_DOUBLE_CHECK: CHECK(dbl > N / 3, "%s: %d in double check", name, dbl); break;
        case CDIFF_PINS: CHECK(pinned > N / 3, "%s: %d with a pinned piece", name, pinned); break;
        case CDIFF_CORNERS: CHECK(corner == N, "%s: %d with a king in a corner", name, corner); break;
        case CDIFF_PIECE_COUNT:
            for (int k = 0; k <= 30; k++) CHECK(counts[k] > 0, "%s: no position with %d pieces besides the kings", name, k);
            break;
        default: break;
        }
    }
}

int main(void)
{
    RUN(scharnagl_numbering);
    RUN(families_cover_their_rules);
    RUN(diff_game);
    RUN(diff_game960);
    RUN(diff_castling);
    RUN(diff_en_passant);
    RUN(diff_promotion);
    RUN(diff_double_check);
    RUN(diff_pins);
    RUN(diff_corners);
    RUN(diff_piece_count);
    RUN(diff_sparse960);
    return bbt_finish("chess_diff");
}
