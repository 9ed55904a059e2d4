/* Othello moves and flips: every flip method on every pattern of every line
 * through every square against a per-direction walk; the lookup tables
 * against their definitions; every method of moves and flips on positions
 * of random games and on random boards; the _with forms; the default.
 * Vector methods the CPU lacks are skipped. */
#include <string.h>

#include "bitboard.h"
#include "harness.h"
#include "reference_othello.h"

static uint64_t bit(int sq) { return (uint64_t)1 << sq; }
static int lowest(uint64_t x)
{
    int sq = 0;
    while (x && !(x & 1)) x >>= 1, sq++;
    return sq;
}

/* The oracle is ref_othello_flips / ref_othello_moves (reference_othello.h). */

/* ---- The methods under test ------------------------------------------------- */
typedef uint64_t (*moves_fn)(uint64_t, uint64_t);
typedef uint64_t (*flips_fn)(uint64_t, uint64_t, int);
static uint64_t moves_plain(uint64_t p, uint64_t o) { return bb_othello_moves(p, o); }
static uint64_t flips_plain(uint64_t p, uint64_t o, int sq) { return bb_othello_flips(p, o, sq); }
static uint64_t moves_with_lookup(uint64_t p, uint64_t o) { return bb_othello_moves_with(BB_OTHELLO_LOOKUP, p, o); }
static uint64_t moves_with_shifts(uint64_t p, uint64_t o) { return bb_othello_moves_with(BB_OTHELLO_SHIFTS, p, o); }
static uint64_t moves_with_avx2(uint64_t p, uint64_t o) { return bb_othello_moves_with(BB_OTHELLO_AVX2, p, o); }
static uint64_t moves_with_avx512(uint64_t p, uint64_t o) { return bb_othello_moves_with(BB_OTHELLO_AVX512, p, o); }
static uint64_t flips_with_lookup(uint64_t p, uint64_t o, int sq) { return bb_othello_flips_with(BB_OTHELLO_LOOKUP, p, o, sq); }
static uint64_t flips_with_shifts(uint64_t p, uint64_t o, int sq) { return bb_othello_flips_with(BB_OTHELLO_SHIFTS, p, o, sq); }
static uint64_t flips_with_avx2(uint64_t p, uint64_t o, int sq) { return bb_othello_flips_with(BB_OTHELLO_AVX2, p, o, sq); }
static uint64_t flips_with_avx512(uint64_t p, uint64_t o, int sq) { return bb_othello_flips_with(BB_OTHELLO_AVX512, p, o, sq); }

static const struct {
    const char *name;
    bb_othello_method needs; /* skipped unless available */
    moves_fn moves;
    flips_fn flips;
} methods[] = {
    {"lookup", BB_OTHELLO_LOOKUP, bb_othello_moves_shifts, bb_othello_flips_lookup},
    {"shifts", BB_OTHELLO_SHIFTS, bb_othello_moves_shifts, bb_othello_flips_shifts},
    {"avx2", BB_OTHELLO_AVX2, bb_othello_moves_avx2, bb_othello_flips_avx2},
    {"avx512", BB_OTHELLO_AVX512, bb_othello_moves_avx512, bb_othello_flips_avx512},
    {"with(lookup)", BB_OTHELLO_LOOKUP, moves_with_lookup, flips_with_lookup},
    {"with(shifts)", BB_OTHELLO_SHIFTS, moves_with_shifts, flips_with_shifts},
    {"with(avx2)", BB_OTHELLO_AVX2, moves_with_avx2, flips_with_avx2},
    {"with(avx512)", BB_OTHELLO_AVX512, moves_with_avx512, flips_with_avx512},
    {"plain", BB_OTHELLO_SHIFTS, moves_plain, flips_plain}, /* its instructions are the target's */
};
#define N_METHODS (int)(sizeof methods / sizeof methods[0])
static int cur; /* the method the running test checks */

#define MAX_REPORTS 5 /* failures reported per test before it stops */

/* ---- Every line pattern --------------------------------------------------------
 * For every square, every line through it and every assignment of player,
 * opponent or empty to the line's other squares (the rest of the board
 * empty): the flips, and whether the moves hold the square. */
static void test_line_patterns(void)
{
    if (!bb_othello_method_available(methods[cur].needs)) SKIP("%s: not on this CPU", methods[cur].name);
    static const int step[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}}; /* rank, file, diagonal, anti-diagonal */
    int reports = 0;
    long count = 0;
    for (int sq = 0; sq < 64; sq++)
        for (int k = 0; k < 4; k++) {
            int others[8], n = 0;
            for (int t = 0; t < 64; t++) {
                int df = t % 8 - sq % 8, dr = t / 8 - sq / 8;
                int on = step[k][1] == 0 ? dr == 0 : step[k][0] == 0 ? df == 0 : step[k][1] == 1 ? df == dr : df == -dr;
                if (on && t != sq) others[n++] = t;
            }
            int total = 1;
            for (int i = 0; i < n; i++) total *= 3;
            for (int c = 0; c < total; c++) {
                uint64_t p = 0, o = 0;
                for (int i = 0, v = c; i < n; i++, v /= 3) {
                    if (v % 3 == 1) p |= bit(others[i]);
                    if (v % 3 == 2) o |= bit(others[i]);
                }
                uint64_t want = ref_othello_flips(p, o, sq), got = methods[cur].flips(p, o, sq);
                int in_moves = (int)(methods[cur].moves(p, o) >> sq & 1);
                count++;
                if (got != want || in_moves != (want != 0)) {
                    CHECK_EQ64(got, want, "%s sq %d line %d p %016llx o %016llx", methods[cur].name, sq, k,
                               (unsigned long long)p, (unsigned long long)o);
                    CHECK(in_moves == (want != 0), "%s moves sq %d line %d", methods[cur].name, sq, k);
                    if (++reports >= MAX_REPORTS) return;
                }
            }
        }
    CHECK(count == 2 * 64 * 2187 + 2 * (2 * (1 + 6 + 27 + 108 + 405 + 1458 + 5103) + 8 * 2187), "patterns %ld", count);
}

/* ---- Random games and random boards ---------------------------------------- */
enum { GAMES = 300, BOARDS = 3000 };
static uint64_t game_p[GAMES * 64], game_o[GAMES * 64];
static int n_positions;

/* Random legal moves (by the oracle), passing when the side has none, to the
 * end; every position on the way is kept. */
static void make_games(void)
{
    uint64_t s = 0x0751E110ULL;
    for (int g = 0; g < GAMES; g++) {
        uint64_t p = bit(BB_D5) | bit(BB_E4), o = bit(BB_D4) | bit(BB_E5);
        for (;;) {
            uint64_t m = ref_othello_moves(p, o);
            if (!m) {
                if (!ref_othello_moves(o, p)) break;
                uint64_t t = p;
                p = o, o = t;
                continue;
            }
            game_p[n_positions] = p, game_o[n_positions] = o, n_positions++;
            int k = (int)(bbt_next(&s) % (uint64_t)bb_popcount(m));
            while (k--) m &= m - 1;
            int sq = lowest(m);
            uint64_t f = ref_othello_flips(p, o, sq);
            uint64_t np = o ^ f, no = p ^ f ^ bit(sq);
            p = np, o = no;
        }
    }
}

static void check_position(uint64_t p, uint64_t o, int *reports)
{
    uint64_t want = ref_othello_moves(p, o);
    CHECK_EQ64(methods[cur].moves(p, o), want, "%s moves p %016llx o %016llx", methods[cur].name,
               (unsigned long long)p, (unsigned long long)o);
    for (int sq = 0; sq < 64; sq++) {
        uint64_t wf = ref_othello_flips(p, o, sq), gf = methods[cur].flips(p, o, sq);
        if (gf != wf) {
            CHECK_EQ64(gf, wf, "%s flips sq %d p %016llx o %016llx", methods[cur].name, sq, (unsigned long long)p,
                       (unsigned long long)o);
            if (++*reports >= MAX_REPORTS) return;
        }
    }
}

static void test_games(void)
{
    if (!bb_othello_method_available(methods[cur].needs)) SKIP("%s: not on this CPU", methods[cur].name);
    CHECK(n_positions > 5000, "positions %d", n_positions);
    int reports = 0;
    for (int i = 0; i < n_positions && reports < MAX_REPORTS; i++) check_position(game_p[i], game_o[i], &reports);
}

static void test_random_boards(void)
{
    if (!bb_othello_method_available(methods[cur].needs)) SKIP("%s: not on this CPU", methods[cur].name);
    uint64_t s = 0xB0A2D5ULL;
    int reports = 0;
    for (int i = 0; i < BOARDS && reports < MAX_REPORTS; i++) {
        uint64_t a = bbt_board(&s), b = bbt_board(&s);
        check_position(a & ~b, b, &reports); /* disjoint, of many densities */
    }
}

/* ---- Occupied squares and non-moves --------------------------------------- */
static void test_zero_cases(void)
{
    if (!bb_othello_method_available(methods[cur].needs)) SKIP("%s: not on this CPU", methods[cur].name);
    /* From the start; then an occupied square flips nothing even where its
     * lines would flip. */
    uint64_t p = bit(BB_D5) | bit(BB_E4), o = bit(BB_D4) | bit(BB_E5);
    CHECK_EQ64(methods[cur].flips(p, o, BB_D3), bit(BB_D4), "%s d3 from the start", methods[cur].name);
    CHECK_EQ64(methods[cur].flips(p, o, BB_A1), 0, "%s a1 from the start", methods[cur].name);
    CHECK_EQ64(methods[cur].flips(p, o, BB_D4), 0, "%s occupied d4", methods[cur].name);
    CHECK_EQ64(methods[cur].flips(p, o, BB_D5), 0, "%s occupied d5", methods[cur].name);
    CHECK_EQ64(methods[cur].moves(p, o), bit(BB_D3) | bit(BB_C4) | bit(BB_F5) | bit(BB_E6), "%s start moves",
               methods[cur].name);
    /* a1 p, b1..g1 o, h1 occupied by p or o: h1 flips nothing */
    uint64_t row = 0x7EULL;
    CHECK_EQ64(methods[cur].flips(bit(BB_A1) | bit(BB_H1), row, BB_H1), 0, "%s occupied h1 (p)", methods[cur].name);
    CHECK_EQ64(methods[cur].flips(bit(BB_A1), row | bit(BB_H1), BB_H1), 0, "%s occupied h1 (o)", methods[cur].name);
    CHECK_EQ64(methods[cur].flips(bit(BB_A1), row, BB_H1), row, "%s h1 flips the rank", methods[cur].name);
    /* no disc beyond a run that reaches the edge */
    CHECK_EQ64(methods[cur].flips(0, row | bit(BB_H1), BB_A1), 0, "%s run to the edge", methods[cur].name);
    /* no wrap: west from h2 over g2..a2 does not continue to h1 */
    CHECK_EQ64(methods[cur].flips(bit(BB_H1), 0x7F00ULL, BB_H2), 0, "%s no wrap", methods[cur].name);
    CHECK_EQ64(methods[cur].moves(0, 0), 0, "%s empty board", methods[cur].name);
    CHECK_EQ64(methods[cur].moves(~0ULL, 0), 0, "%s full board", methods[cur].name);
}

/* ---- The tables against their definitions ----------------------------------- */
static void test_tables(void)
{
    for (int x = 0; x < 8; x++) {
        for (unsigned o6 = 0; o6 < 64; o6++) {
            unsigned o = o6 << 1, want = 0;
            for (int d = -1; d <= 1; d += 2) { /* each way: count the run, then the square after it */
                int run = 0, j = x + d;
                while (j >= 1 && j <= 6 && (o >> j & 1)) run++, j += d;
                if (run > 0 && j >= 0 && j <= 7) want |= 1u << j;
            }
            CHECK(bb__othello_outflank[64 * x + o6] == want, "outflank x %d o6 %u: %u, want %u", x, o6,
                  bb__othello_outflank[64 * x + o6], want);
        }
        for (unsigned out = 0; out < 256; out++) {
            unsigned want = 0;
            for (int k = 0; k < 8; k++) /* k strictly between x and some bit of out */
                for (int j = 0; j < 8; j++)
                    if ((out >> j & 1) && ((j < k && k < x) || (x < k && k < j))) want |= 1u << k;
            CHECK(bb__othello_flipped[256 * x + out] == want, "flipped x %d out %u: %u, want %u", x, out,
                  bb__othello_flipped[256 * x + out], want);
        }
    }
}

/* ---- The default and the methods' availability ------------------------------- */
static void test_default(void)
{
#if BB__OTHELLO_DEFAULT_VECTOR == 512
    CHECK(BB_OTHELLO_DEFAULT == BB_OTHELLO_AVX512, "default %d", (int)BB_OTHELLO_DEFAULT);
#elif BB__OTHELLO_DEFAULT_VECTOR == 256
    CHECK(BB_OTHELLO_DEFAULT == BB_OTHELLO_AVX2, "default %d", (int)BB_OTHELLO_DEFAULT);
#else
    CHECK(BB_OTHELLO_DEFAULT == BB_OTHELLO_LOOKUP, "default %d", (int)BB_OTHELLO_DEFAULT);
#endif
    CHECK(BB_OTHELLO_DEFAULT >= 0 && BB_OTHELLO_DEFAULT < BB_OTHELLO_METHOD_COUNT, "default %d", (int)BB_OTHELLO_DEFAULT);
    CHECK(bb_othello_method_available(BB_OTHELLO_LOOKUP) && bb_othello_method_available(BB_OTHELLO_SHIFTS),
          "the portable methods are always available");
    for (int i = 0; i < n_positions; i += 7) {
        uint64_t p = game_p[i], o = game_o[i];
        CHECK_EQ64(bb_othello_moves(p, o), bb_othello_moves_with(BB_OTHELLO_DEFAULT, p, o), "position %d", i);
        int sq = lowest(bb_othello_moves(p, o));
        CHECK_EQ64(bb_othello_flips(p, o, sq), bb_othello_flips_with(BB_OTHELLO_DEFAULT, p, o, sq), "position %d", i);
    }
}

int main(void)
{
    static char names[4][N_METHODS][48];
    static const char *const kinds[4] = {"line_patterns", "games", "random_boards", "zero_cases"};
    static void (*const fns[4])(void) = {test_line_patterns, test_games, test_random_boards, test_zero_cases};
    make_games();
    RUN(test_tables);
    RUN(test_default);
    for (int k = 0; k < 4; k++)
        for (cur = 0; cur < N_METHODS; cur++) {
            snprintf(names[k][cur], sizeof names[k][cur], "test_%s_%s", kinds[k], methods[cur].name);
            bbt_run(names[k][cur], fns[k]);
        }
    return bbt_finish("othello");
}
