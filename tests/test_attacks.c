/* Attacks: the leaper, between and line tables against definitions for every
 * square and pair; every slider method against the naive oracle for every
 * square and every subset of its relevant occupancy (with random bits
 * outside); the set-wise fills against the union of single attacks; names. */
#include <ctype.h>
#include <string.h>

#include "bitboard.h"
#include "harness.h"

typedef uint64_t (*slider_fn)(int, uint64_t);
static uint64_t rook_with_hyperbola(int sq, uint64_t occ) { return bb_rook_attacks_with(BB_ATTACKS_HYPERBOLA, sq, occ); }
static uint64_t rook_with_kogge(int sq, uint64_t occ) { return bb_rook_attacks_with(BB_ATTACKS_KOGGE_STONE, sq, occ); }
static uint64_t rook_with_kinder(int sq, uint64_t occ) { return bb_rook_attacks_with(BB_ATTACKS_KINDERGARTEN, sq, occ); }
static uint64_t bishop_with_hyperbola(int sq, uint64_t occ) { return bb_bishop_attacks_with(BB_ATTACKS_HYPERBOLA, sq, occ); }
static uint64_t bishop_with_kogge(int sq, uint64_t occ) { return bb_bishop_attacks_with(BB_ATTACKS_KOGGE_STONE, sq, occ); }
static uint64_t bishop_with_kinder(int sq, uint64_t occ) { return bb_bishop_attacks_with(BB_ATTACKS_KINDERGARTEN, sq, occ); }
static uint64_t rook_fill_one(int sq, uint64_t occ) { return bb_rook_fill((uint64_t)1 << sq, occ); }
static uint64_t bishop_fill_one(int sq, uint64_t occ) { return bb_bishop_fill((uint64_t)1 << sq, occ); }

/* This file's methods, each by its own name and through bb_*_attacks_with. */
static const struct { const char *name; slider_fn rook, bishop; } methods[] = {
    {"hyperbola", bb_rook_attacks_hyperbola, bb_bishop_attacks_hyperbola},
    {"kogge-stone", bb_rook_attacks_kogge_stone, bb_bishop_attacks_kogge_stone},
    {"kindergarten", bb_rook_attacks_kindergarten, bb_bishop_attacks_kindergarten},
    {"with(hyperbola)", rook_with_hyperbola, bishop_with_hyperbola},
    {"with(kogge-stone)", rook_with_kogge, bishop_with_kogge},
    {"with(kindergarten)", rook_with_kinder, bishop_with_kinder},
    {"fill of one", rook_fill_one, bishop_fill_one},
};
#define N_METHODS (sizeof methods / sizeof methods[0])

static int iabs(int x) { return x < 0 ? -x : x; }
static uint64_t bit(int sq) { return (uint64_t)1 << sq; }

/* ---- Definitions, square by square -------------------------------------------- */
/* 1 rank, 2 file, 3 diagonal, 4 anti-diagonal if a != b share that line, else 0. */
static int line_kind(int a, int b)
{
    int df = b % 8 - a % 8, dr = b / 8 - a / 8;
    if (a == b) return 0;
    if (dr == 0) return 1;
    if (df == 0) return 2;
    if (df == dr) return 3;
    if (df == -dr) return 4;
    return 0;
}
/* 1 if c lies on the line of kind k through a. */
static int on_kind(int k, int a, int c)
{
    switch (k) {
    case 1: return c / 8 == a / 8;
    case 2: return c % 8 == a % 8;
    case 3: return c % 8 - c / 8 == a % 8 - a / 8;
    case 4: return c % 8 + c / 8 == a % 8 + a / 8;
    default: return 0;
    }
}
static int strictly_inside(int x, int lo, int hi)
{
    return lo < hi ? lo < x && x < hi : hi < x && x < lo;
}

/* The relevant occupancy of a rook or bishop on sq: its empty-board attacks
 * without the last square of each ray (whether that is occupied never matters). */
static uint64_t relevant(int sq, int bishop)
{
    uint64_t edge = 0, a = bishop ? bb_bishop_attacks_naive(sq, 0) : bb_rook_attacks_naive(sq, 0);
    for (int t = 0; t < 64; t++) {
        if (!(a >> t & 1)) continue;
        int df = t % 8 - sq % 8, dr = t / 8 - sq / 8;
        int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
        int f = t % 8 + sf, r = t / 8 + sr; /* one step further from sq */
        if (f < 0 || f > 7 || r < 0 || r > 7) edge |= bit(t);
    }
    return a & ~edge;
}

/* ---- Tables ----------------------------------------------------------------------- */
static void oracle_is_sane(void)
{
    CHECK_EQ64(bb_rook_attacks_naive(BB_A1, 0), (BB_FILE_A | BB_RANK_1) & ~bit(BB_A1), "a1 empty");
    CHECK_EQ64(bb_bishop_attacks_naive(BB_A1, 0), BB_DIAGONAL_A1H8 & ~bit(BB_A1), "a1 empty");
    CHECK_EQ64(bb_rook_attacks_naive(BB_E4, bit(BB_E6) | bit(BB_C4) | bit(BB_E4)),
               bit(BB_E5) | bit(BB_E6) | bit(BB_D4) | bit(BB_C4) | bit(BB_F4) | bit(BB_G4) | bit(BB_H4) |
                   bit(BB_E3) | bit(BB_E2) | bit(BB_E1), "e4 with blockers e6, c4");
    CHECK(bb_popcount(relevant(BB_A1, 0)) == 12 && bb_popcount(relevant(BB_E4, 0)) == 10, "rook relevant");
    CHECK(bb_popcount(relevant(BB_A1, 1)) == 6 && bb_popcount(relevant(BB_E4, 1)) == 9, "bishop relevant");
}

/* Every leaper entry against its definition by distance. */
static void leapers(void)
{
    for (int sq = 0; sq < 64; sq++) {
        uint64_t kn = 0, kg = 0, pw = 0, pb = 0;
        for (int t = 0; t < 64; t++) {
            int df = iabs(t % 8 - sq % 8), dr = t / 8 - sq / 8, adr = iabs(dr);
            if ((df == 1 && adr == 2) || (df == 2 && adr == 1)) kn |= bit(t);
            if (t != sq && df <= 1 && adr <= 1) kg |= bit(t);
            if (df == 1 && dr == 1) pw |= bit(t);
            if (df == 1 && dr == -1) pb |= bit(t);
        }
        CHECK_EQ64(bb_knight_attacks(sq), kn, "knight %d", sq);
        CHECK_EQ64(bb_king_attacks(sq), kg, "king %d", sq);
        CHECK_EQ64(bb_pawn_attacks(0, sq), pw, "white pawn %d", sq);
        CHECK_EQ64(bb_pawn_attacks(1, sq), pb, "black pawn %d", sq);
        CHECK_EQ64(bb__knight_attacks[sq], kn, "table knight %d", sq);
        CHECK_EQ64(bb__king_attacks[sq], kg, "table king %d", sq);
        CHECK_EQ64(bb__pawn_attacks[sq], pw, "table white pawn %d", sq);
        CHECK_EQ64(bb__pawn_attacks[64 + sq], pb, "table black pawn %d", sq);
    }
    CHECK_EQ64(bb_knight_attacks(BB_B1), bit(BB_A3) | bit(BB_C3) | bit(BB_D2), "Nb1");
    CHECK(bb_popcount(bb_king_attacks(BB_H8)) == 3 && bb_popcount(bb_king_attacks(BB_E4)) == 8, "king counts");
    CHECK_EQ64(bb_pawn_attacks(0, BB_A2), bit(BB_B3), "a2 white");
    CHECK_EQ64(bb_pawn_attacks(1, BB_E7), bit(BB_D6) | bit(BB_F6), "e7 black");
    CHECK_EQ64(bb_pawn_attacks(0, BB_E8), 0, "white on rank 8");
}

/* All 64 x 64 pairs against the definitions, and against the oracle. */
static void between_and_line(void)
{
    for (int a = 0; a < 64; a++)
        for (int b = 0; b < 64; b++) {
            int k = line_kind(a, b);
            uint64_t between = 0, line = 0;
            for (int c = 0; c < 64; c++) {
                if (!k || !on_kind(k, a, c)) continue;
                line |= bit(c);
                int inside = k == 2 ? strictly_inside(c / 8, a / 8, b / 8) : strictly_inside(c % 8, a % 8, b % 8);
                if (inside) between |= bit(c);
            }
            CHECK_EQ64(bb_between(a, b), between, "between %d %d", a, b);
            CHECK_EQ64(bb_line_through(a, b), line, "line %d %d", a, b);
            CHECK_EQ64(bb__between[64 * a + b], between, "table between %d %d", a, b);
            CHECK_EQ64(bb__line_through[64 * a + b], line, "table line %d %d", a, b);
            /* the same from the oracle: blockers on a and b meet between them */
            uint64_t ab = bit(a) | bit(b), via = 0;
            if (k == 1 || k == 2) via = bb_rook_attacks_naive(a, ab) & bb_rook_attacks_naive(b, ab);
            if (k == 3 || k == 4) via = bb_bishop_attacks_naive(a, ab) & bb_bishop_attacks_naive(b, ab);
            CHECK_EQ64(bb_between(a, b), via, "between %d %d by the oracle", a, b);
            CHECK_EQ64(bb_between(a, b), bb_between(b, a), "between symmetric %d %d", a, b);
            CHECK_EQ64(bb_line_through(a, b), bb_line_through(b, a), "line symmetric %d %d", a, b);
            if (k) {
                static const bb_line kinds[5] = {BB_LINE_RANK, BB_LINE_RANK, BB_LINE_FILE, BB_LINE_DIAGONAL,
                                                 BB_LINE_ANTIDIAGONAL};
                CHECK_EQ64(bb_line_through(a, b), bb_line_mask(a, kinds[k]), "line %d %d is a line mask", a, b);
            }
        }
    CHECK_EQ64(bb_between(BB_A1, BB_H8), BB_DIAGONAL_A1H8 & ~(bit(BB_A1) | bit(BB_H8)), "a1-h8");
    CHECK_EQ64(bb_between(BB_E4, BB_F6), 0, "a knight's step");
    CHECK_EQ64(bb_line_through(BB_C1, BB_C7), BB_FILE_A << 2, "c-file");
    CHECK_EQ64(bb_line_through(BB_E4, BB_E4), 0, "a == b");
}

/* The first-rank table, entry by entry, against the oracle on rank 1. */
static void first_rank_table(void)
{
    for (int f = 0; f < 8; f++)
        for (unsigned occ6 = 0; occ6 < 64; occ6++) {
            uint64_t want = bb_rook_attacks_naive(f, (uint64_t)occ6 << 1) & BB_RANK_1;
            CHECK(bb__first_rank_attacks[64 * f + occ6] == want, "file %d occ6 0x%02x", f, occ6);
        }
}

/* The diagonal masks without their square, against the definition and lines.h. */
static void diagonal_masks(void)
{
    for (int sq = 0; sq < 64; sq++) {
        uint64_t d = 0, a = 0;
        for (int t = 0; t < 64; t++) {
            if (t == sq) continue;
            if (t % 8 - t / 8 == sq % 8 - sq / 8) d |= bit(t);
            if (t % 8 + t / 8 == sq % 8 + sq / 8) a |= bit(t);
        }
        CHECK_EQ64(bb__diagonals_ex[2 * sq], d, "diagonal %d", sq);
        CHECK_EQ64(bb__diagonals_ex[2 * sq + 1], a, "anti-diagonal %d", sq);
        CHECK_EQ64(d, bb_line_mask(sq, BB_LINE_DIAGONAL) & ~bit(sq), "lines.h diagonal %d", sq);
        CHECK_EQ64(a, bb_line_mask(sq, BB_LINE_ANTIDIAGONAL) & ~bit(sq), "lines.h anti-diagonal %d", sq);
    }
}

/* ---- Sliders, exhaustively ---------------------------------------------------------- */
static void check_all(int sq, uint64_t occ, int bishop, const char *what)
{
    uint64_t want = bishop ? bb_bishop_attacks_naive(sq, occ) : bb_rook_attacks_naive(sq, occ);
    for (size_t i = 0; i < N_METHODS; i++) {
        slider_fn fn = bishop ? methods[i].bishop : methods[i].rook;
        CHECK_EQ64(fn(sq, occ), want, "%s %s sq %d occ 0x%016llx (%s)", methods[i].name,
                   bishop ? "bishop" : "rook", sq, (unsigned long long)occ, what);
    }
}

/* Every square, every subset of the relevant mask (the carry-rippler walks them
 * all); alone, with sq occupied, and with random bits everywhere outside. */
static void every_subset(int bishop)
{
    uint64_t st = bishop ? 71 : 70;
    long n = 0;
    for (int sq = 0; sq < 64; sq++) {
        uint64_t mask = relevant(sq, bishop), sub = 0;
        do {
            check_all(sq, sub, bishop, "subset");
            check_all(sq, sub | bit(sq), bishop, "subset with sq");
            check_all(sq, sub | (bbt_next(&st) & ~mask), bishop, "subset + random outside");
            n++;
            sub = (sub - mask) & mask;
        } while (sub);
    }
    CHECK(n == (bishop ? 5248 : 102400), "%ld subsets", n);
}
static void rook_every_subset(void) { every_subset(0); }
static void bishop_every_subset(void) { every_subset(1); }

/* Random boards of every density; the queen is the union. */
static void random_boards(void)
{
    uint64_t st = 72;
    for (int i = 0; i < BBT_RANDOM_BOARDS / 4; i++) {
        uint64_t occ = bbt_board(&st);
        int sq = (int)(bbt_next(&st) & 63);
        check_all(sq, occ, 0, "random");
        check_all(sq, occ, 1, "random");
    }
}

/* ---- Set-wise fills ------------------------------------------------------------------- */
static void fills(void)
{
    uint64_t st = 73;
    for (int i = 0; i < 20000; i++) {
        uint64_t occ = bbt_board(&st);
        uint64_t sliders = i % 3 == 0 ? bbt_next(&st) & bbt_next(&st) : bbt_board(&st);
        if (i % 5 == 0) sliders &= occ; /* the usual case: the sliders stand on occupied squares */
        uint64_t r = 0, b = 0;
        for (int sq = 0; sq < 64; sq++)
            if (sliders >> sq & 1) r |= bb_rook_attacks_naive(sq, occ), b |= bb_bishop_attacks_naive(sq, occ);
        CHECK_EQ64(bb_rook_fill(sliders, occ), r, "rook fill 0x%016llx occ 0x%016llx", (unsigned long long)sliders,
                   (unsigned long long)occ);
        CHECK_EQ64(bb_bishop_fill(sliders, occ), b, "bishop fill 0x%016llx occ 0x%016llx",
                   (unsigned long long)sliders, (unsigned long long)occ);
        CHECK_EQ64(bb_queen_fill(sliders, occ), r | b, "queen fill");
    }
    CHECK_EQ64(bb_rook_fill(0, 0), 0, "no rooks");
    CHECK_EQ64(bb_rook_fill(~(uint64_t)0, ~(uint64_t)0), ~(uint64_t)0, "rooks everywhere, all blocked");
    CHECK_EQ64(bb_bishop_fill(bit(BB_A1) | bit(BB_H1), 0), BB_DIAGONAL_A1H8 ^ BB_ANTIDIAGONAL_A8H1 ^ bit(BB_A1) ^ bit(BB_H1),
               "both long diagonals");
}

/* ---- The dispatcher, the default, the names -------------------------------------------- */
static void with_every_method(void)
{
    uint64_t st = 74;
    for (int m = 0; m < BB_ATTACK_METHOD_COUNT; m++) {
        if (!bb_attack_method_available((bb_attack_method)m)) continue;
        for (int i = 0; i < 20000; i++) {
            uint64_t occ = bbt_board(&st);
            int sq = (int)(bbt_next(&st) & 63);
            CHECK_EQ64(bb_rook_attacks_with((bb_attack_method)m, sq, occ), bb_rook_attacks_naive(sq, occ),
                       "rook with %d sq %d", m, sq);
            CHECK_EQ64(bb_bishop_attacks_with((bb_attack_method)m, sq, occ), bb_bishop_attacks_naive(sq, occ),
                       "bishop with %d sq %d", m, sq);
        }
    }
    for (int i = 0; i < 20000; i++) {
        uint64_t occ = bbt_board(&st);
        int sq = (int)(bbt_next(&st) & 63);
        uint64_t r = bb_rook_attacks_naive(sq, occ), b = bb_bishop_attacks_naive(sq, occ);
        CHECK_EQ64(bb_rook_attacks(sq, occ), r, "default rook sq %d", sq);
        CHECK_EQ64(bb_bishop_attacks(sq, occ), b, "default bishop sq %d", sq);
        CHECK_EQ64(bb_queen_attacks(sq, occ), r | b, "default queen sq %d", sq);
    }
    CHECK(bb_attack_method_available(BB_ATTACKS_DEFAULT), "the default is compiled in");
    CHECK(bb_attack_method_available(BB_ATTACKS_PEXT) == BB_HAVE_BMI2, "pext iff BMI2");
    for (int m = 0; m < BB_ATTACK_METHOD_COUNT; m++)
        if (m != BB_ATTACKS_PEXT) CHECK(bb_attack_method_available((bb_attack_method)m), "method %d", m);
    CHECK(!bb_attack_method_available((bb_attack_method)BB_ATTACK_METHOD_COUNT), "7 is no method");
    CHECK(bb_attack_method_memory(BB_ATTACKS_NAIVE) == 0 && bb_attack_method_memory(BB_ATTACKS_KOGGE_STONE) == 0,
          "no tables");
}

static void names(void)
{
    static const char *const want[BB_ATTACK_METHOD_COUNT] = {"naive", "rotated", "kindergarten", "magic",
                                                             "pext", "hyperbola", "kogge-stone"};
    for (int m = 0; m < BB_ATTACK_METHOD_COUNT; m++) {
        const char *name = bb_attack_method_name((bb_attack_method)m);
        CHECK(name && strcmp(name, want[m]) == 0, "name(%d) = %s", m, name ? name : "NULL");
        if (!name) continue;
        char upper[32], mixed[32];
        size_t n = strlen(name);
        for (size_t i = 0; i <= n; i++) {
            upper[i] = (char)toupper((unsigned char)name[i]);
            mixed[i] = i % 2 ? upper[i] : name[i];
        }
        const char *forms[3] = {name, upper, mixed};
        for (int f = 0; f < 3; f++) {
            bb_attack_method got = (bb_attack_method)-1;
            CHECK(bb_attack_method_from_name(forms[f], &got) == 0 && got == (bb_attack_method)m, "from_name(%s)",
                  forms[f]);
        }
    }
    static const char *const aliases[] = {"kogge_stone", "KOGGE_STONE", "KoggeStone"};
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++) {
        bb_attack_method got = BB_ATTACKS_NAIVE;
        CHECK(bb_attack_method_from_name(aliases[i], &got) == 0 && got == BB_ATTACKS_KOGGE_STONE, "%s", aliases[i]);
    }
    static const char *const bad[] = {"", "kogge", "magic ", " naive", "pexts", "rotated45", "hyperbola-"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        bb_attack_method got = BB_ATTACKS_MAGIC;
        CHECK(bb_attack_method_from_name(bad[i], &got) == -1 && got == BB_ATTACKS_MAGIC, "'%s' is no name", bad[i]);
    }
    CHECK(bb_attack_method_name((bb_attack_method)BB_ATTACK_METHOD_COUNT) == NULL, "name(7)");
    CHECK(bb_attack_method_name((bb_attack_method)-1) == NULL, "name(-1)");
}

int main(void)
{
    RUN(oracle_is_sane);
    RUN(leapers);
    RUN(between_and_line);
    RUN(first_rank_table);
    RUN(diagonal_masks);
    RUN(rook_every_subset);
    RUN(bishop_every_subset);
    RUN(random_boards);
    RUN(fills);
    RUN(with_every_method);
    RUN(names);
    return bbt_finish("attacks");
}
