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
 * configuration that disagrees with another on a case shows it.
 * BB_DIFF_SHARE=1 (all) or =10 (a tenth) in the environment overrides the
 * choice: make check (the edit loop) runs a tenth.
 * BB_DIFF_PART=K/N (N <= 16) in a run of all of them keeps the first tenth
 * of each family (the cases every configuration runs) and, of the rest, the
 * cases i with i % N == K: make test gives gcc native a quarter of the rest,
 * a different one each run (tests/run-all.sh); make unit and the soak
 * (tests/soak/soak_chess.c) still run every case. */
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
        fprintf(stderr, "test_chess_diff: BB_DIFF_SEED='%s' is not a number (hex 0x... or decimal)\n", e);
        exit(2);
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

/* The share of each family this run takes: 1 (all) or 10 (a tenth). */
static int share_of_run(void)
{
    const char *e = getenv("BB_DIFF_SHARE");
    if (!e || !*e) return DIFF_SHARE;
    if (strcmp(e, "1") == 0) return 1;
    if (strcmp(e, "10") == 0) return 10;
    fprintf(stderr, "test_chess_diff: BB_DIFF_SHARE='%s' is neither 1 (all positions) nor 10 (a tenth)\n", e);
    exit(2);
}

/* BB_DIFF_PART=K/N: *k and *n (0 and 1 without it: every case). */
static void part_of_run(int *k, int *n)
{
    const char *e = getenv("BB_DIFF_PART");
    *k = 0, *n = 1;
    if (!e || !*e) return;
    int used = 0;
    if (sscanf(e, "%d/%d%n", k, n, &used) != 2 || e[used] != '\0' || *n < 1 || *n > 16 || *k < 0 || *k >= *n) {
        fprintf(stderr, "test_chess_diff: BB_DIFF_PART='%s' is not K/N with 0 <= K < N <= 16\n", e);
        exit(2);
    }
}

static void run_family(int family)
{
    static char msg[16384];
    uint64_t seed = seed_of_run();
    int share = share_of_run(), n = family_cases(family) / share, bad = 0, ran = 0, part_k, part_n;
    part_of_run(&part_k, &part_n);
    const char *name = cdiff_family_name(family);
    for (int i = 0; i < n; i++) {
        /* (with BB_DIFF_PART: the first tenth, then the part's cases) */
        if (share == 1 && i >= n / 10 && i % part_n != part_k) continue;
        ran++;
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
    CHECK(bad == 0, "family %s: %d of %d positions disagree (seed 0x%llx)", name, bad, ran, (unsigned long long)seed);
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

/* What a position has in play, from the slow generator's moves. */
enum {
    F_RIGHTS,        /* a castling right */
    F_CASTLE,        /* a legal castling */
    F_CASTLE_WHITE,  /* ... by white, by black, to the a side, to the h side */
    F_CASTLE_BLACK,
    F_CASTLE_A,
    F_CASTLE_H,
    F_CASTLE_ONTO,   /* a castling whose king lands where its rook stood, or the rook where the king stood */
    F_CASTLE_LINE,   /* a castling whose rook lands on the other king's file or rank */
    F_EP,            /* an en-passant square */
    F_EP_LEGAL,      /* a legal en-passant capture */
    F_EP_ILLEGAL,    /* an en-passant square and no legal capture to it */
    F_PROMO,         /* a promotion */
    F_PROMO_CHECK,   /* a promotion that gives check */
    F_UNDER_CHECK,   /* an underpromotion that gives check */
    F_PROMO_DISCOVER,/* a promotion that uncovers a check */
    F_DOUBLE,        /* the side to move in double check */
    F_PINNED,        /* a piece pinned to its king */
    F_PIN_CAPTURE,   /* a pinned piece that can capture (along its pin) */
    F_CORNER,        /* a king in a corner */
    F_960,           /* a Chess960 position */
    F_COUNT
};

static void features(const bb_chess_pos *pos, int has[F_COUNT])
{
    memset(has, 0, F_COUNT * sizeof has[0]);
    bb_chess_movelist l;
    int n = bb__chess_slow_generate(pos, BB_GEN_ALL, &l), them = pos->side ^ 1;
    int their_king = __builtin_ctzll(pos->pieces[them][BB_KING]);
    uint64_t pinned = bb_chess_pinned(pos);
    for (int j = 0; j < n; j++) {
        bb_chess_move m = l.moves[j];
        int kind = bb_chess_move_kind(m), from = bb_chess_move_from(m), to = bb_chess_move_to(m);
        if (kind == BB_MOVE_CASTLING) {
            int h = to > from, rank = from & 56, kto = rank + (h ? 6 : 2), rto = rank + (h ? 5 : 3);
            has[F_CASTLE] = has[pos->side ? F_CASTLE_BLACK : F_CASTLE_WHITE] = has[h ? F_CASTLE_H : F_CASTLE_A] = 1;
            has[F_CASTLE_ONTO] |= kto == to || rto == from;
            has[F_CASTLE_LINE] |= (rto & 7) == (their_king & 7) || (rto >> 3) == (their_king >> 3);
        }
        if (kind == BB_MOVE_EN_PASSANT) has[F_EP_LEGAL] = 1;
        if ((pinned >> from & 1) && (pos->occupied >> to & 1)) has[F_PIN_CAPTURE] = 1;
        if (kind == BB_MOVE_PROMOTION) {
            has[F_PROMO] = 1;
            bb_chess_pos child;
            bb__chess_slow_play(pos, m, &child);
            uint64_t checkers = bb_chess_checkers(&child);
            if (checkers) has[F_PROMO_CHECK] = 1;
            if (checkers && bb_chess_move_promotion(m) != BB_QUEEN) has[F_UNDER_CHECK] = 1;
            if (checkers & ~(1ULL << to)) has[F_PROMO_DISCOVER] = 1;
        }
    }
    has[F_RIGHTS] = pos->castling != 0;
    has[F_EP] = pos->ep != BB_CHESS_NO_EP;
    has[F_EP_ILLEGAL] = has[F_EP] && !has[F_EP_LEGAL];
    has[F_DOUBLE] = bb_popcount(bb_chess_checkers(pos)) >= 2;
    has[F_PINNED] = pinned != 0;
    has[F_CORNER] = ((pos->pieces[0][BB_KING] | pos->pieces[1][BB_KING]) & 0x8100000000000081ULL) != 0;
    has[F_960] = pos->chess960 != 0;
}

/* Each family produces positions with its rules in play, often enough:
 * for each family the features it must show and in how many of 400
 * positions at least (the fixed seed's: the floors leave room for others,
 * but this checks the generators, not a run's positions). */
static void families_cover_their_rules(void)
{
    enum { N = 400 };
    static const struct {
        int family, feature, at_least;
        const char *what;
    } want[] = {
        {CDIFF_GAME, F_RIGHTS, N / 4, "castling rights"},
        {CDIFF_GAME, F_CASTLE, N / 100, "a castling"},
        {CDIFF_GAME960, F_960, N / 4, "Chess960 (rights left)"},
        {CDIFF_GAME960, F_CASTLE, N / 20, "a castling"},
        {CDIFF_CASTLING, F_RIGHTS, N, "castling rights"},
        {CDIFF_CASTLING, F_960, N, "Chess960"},
        {CDIFF_CASTLING, F_CASTLE_WHITE, N / 10, "a castling by white"},
        {CDIFF_CASTLING, F_CASTLE_BLACK, N / 10, "a castling by black"},
        {CDIFF_CASTLING, F_CASTLE_A, N / 10, "an a-side castling"},
        {CDIFF_CASTLING, F_CASTLE_H, N / 10, "an h-side castling"},
        {CDIFF_CASTLING, F_CASTLE_ONTO, N / 10, "a castling onto the other piece's square"},
        {CDIFF_CASTLING, F_CASTLE_LINE, N / 10, "a castling rook landing on the other king's line"},
        {CDIFF_EN_PASSANT, F_EP, N, "an en-passant square"},
        {CDIFF_EN_PASSANT, F_EP_LEGAL, N / 4, "a legal en-passant capture"},
        {CDIFF_EN_PASSANT, F_EP_ILLEGAL, N / 8, "an en-passant capture the rules forbid"},
        {CDIFF_PROMOTION, F_PROMO, N / 2, "a promotion"},
        {CDIFF_PROMOTION, F_PROMO_CHECK, N / 3, "a promotion giving check"},
        {CDIFF_PROMOTION, F_UNDER_CHECK, N / 4, "an underpromotion giving check"},
        {CDIFF_PROMOTION, F_PROMO_DISCOVER, N / 16, "a promotion uncovering check"},
        {CDIFF_DOUBLE_CHECK, F_DOUBLE, N / 3, "double check"},
        {CDIFF_PINS, F_PINNED, N / 3, "a pinned piece"},
        {CDIFF_PINS, F_PIN_CAPTURE, N / 20, "a pinned piece capturing along its pin"},
        {CDIFF_CORNERS, F_CORNER, N, "a king in a corner"},
        {CDIFF_SPARSE960, F_RIGHTS, N, "castling rights"},
        {CDIFF_SPARSE960, F_960, N, "Chess960"},
        {CDIFF_SPARSE960, F_CASTLE, N / 5, "a castling"},
    };
    uint64_t seed = DIFF_DEFAULT_SEED;
    for (int f = 0; f < CDIFF_FAMILIES; f++) {
        int seen[F_COUNT] = {0}, counts[31] = {0};
        for (int i = 0; i < N; i++) {
            uint64_t rng = cdiff_case_seed(seed, f, i);
            bb_chess_pos pos;
            cdiff_position(f, &rng, &pos);
            int has[F_COUNT];
            features(&pos, has);
            for (int k = 0; k < F_COUNT; k++) seen[k] += has[k];
            int others = bb_popcount(pos.occupied) - 2;
            if (others <= 30) counts[others]++;
        }
        const char *name = cdiff_family_name(f);
        for (size_t w = 0; w < sizeof want / sizeof want[0]; w++)
            if (want[w].family == f)
                CHECK(seen[want[w].feature] >= want[w].at_least, "%s: %d of %d positions with %s, want %d or more", name,
                      seen[want[w].feature], N, want[w].what, want[w].at_least);
        if (f == CDIFF_GAME) CHECK(seen[F_960] == 0, "%s: %d Chess960 positions", name, seen[F_960]);
        if (f == CDIFF_PIECE_COUNT)
            for (int k = 0; k <= 30; k++) CHECK(counts[k] > 0, "%s: no position with %d pieces besides the kings", name, k);
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
