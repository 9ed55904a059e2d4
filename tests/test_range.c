/* Arguments out of range (the policy in bitboard/core.h): without BB_DEBUG
 * nothing crashes or reads outside a table (the ASan build proves that), and
 * every form of a function gives the same answer, today the answer for
 * sq & 63, line & 3, which & 3, or the identity symmetry and mapping.
 * The inline functions are compiled here without BB_DEBUG even in a BB_DEBUG
 * build; the library's compiled functions assert if it was built with
 * BB_DEBUG (bb__debug_checks() says), so their out-of-range calls run only
 * when it was not (tests/test_debug.c checks that they abort otherwise). */
#undef BB_DEBUG

#include <limits.h>
#include <string.h>

#include "bitboard.h"
#include "harness.h"

static const int bad_squares[] = {-1, 64, 65, -64, 127, 1000, INT_MAX, INT_MIN};
#define N_BAD_SQUARES (sizeof bad_squares / sizeof bad_squares[0])
/* Bad values of an enum of 8 (bb_sym, bb_mapping) and of 4 (bb_line,
 * bb_rot45); unsigned, as the enums' values are. */
static const unsigned bad8[] = {8, 9, 15, 100, (unsigned)-1, (unsigned)INT_MIN};
static const unsigned bad4[] = {4, 5, 7, 8, 9, 100, (unsigned)-1, (unsigned)INT_MIN};
#define N_BAD8 (sizeof bad8 / sizeof bad8[0])
#define N_BAD4 (sizeof bad4 / sizeof bad4[0])

static void core_squares(void)
{
    for (size_t i = 0; i < N_BAD_SQUARES; i++) {
        int sq = bad_squares[i], ok = sq & 63;
        CHECK_EQ64(bb_square_bb(sq), bb_square_bb(ok), "square_bb(%d)", sq);
        CHECK(bb_square_file(sq) == bb_square_file(ok), "file(%d)", sq);
        CHECK(bb_square_rank(sq) == bb_square_rank(ok), "rank(%d)", sq);
        CHECK(bb_square_at(sq, 3) == bb_square_at(ok & 7, 3), "at(%d, 3)", sq);
        CHECK(bb_square_at(2, sq) == bb_square_at(2, ok & 7), "at(2, %d)", sq);
        CHECK((unsigned)bb_square_at(sq, sq) < 64, "at(%d, %d) is a square", sq, sq);
    }
}

typedef void (*sym_array_fn)(uint64_t *, const uint64_t *, size_t, bb_sym);

/* A symmetry out of range acts as the identity in every form. */
static void sym_out_of_range(void)
{
    uint64_t st = 31, src[37], dst[37];
    for (size_t k = 0; k < 37; k++) src[k] = bbt_board(&st);
    for (size_t i = 0; i < N_BAD8; i++) {
        bb_sym s = (bb_sym)bad8[i];
        for (size_t k = 0; k < 37; k++) CHECK_EQ64(bb_sym_apply(src[k], s), src[k], "apply(s = %u)", bad8[i]);
        for (int sq = 0; sq < 64; sq++) CHECK(bb_sym_square(sq, s) == sq, "square(%d, s = %u)", sq, bad8[i]);
        CHECK(bb_sym_name(s) == NULL, "name(%u) is NULL", bad8[i]);
        const struct { const char *name; sym_array_fn fn; int run; } arrays[] = {
            {"portable", bb_sym_apply_array_portable, 1},
            {"avx2_gfni", bb_sym_apply_array_avx2_gfni, bb_cpu_has(BB_CPU_AVX2_GFNI)},
            {"avx512_gfni", bb_sym_apply_array_avx512_gfni, bb_cpu_has(BB_CPU_AVX512_GFNI)},
            {"dispatched", bb_sym_apply_array, !bb__debug_checks()},
        };
        for (size_t a = 0; a < sizeof arrays / sizeof arrays[0]; a++) {
            if (!arrays[a].run) continue;
            memset(dst, 0xA5, sizeof dst);
            arrays[a].fn(dst, src, 37, s);
            CHECK(memcmp(dst, src, sizeof dst) == 0, "%s array, s = %u: a copy", arrays[a].name, bad8[i]);
        }
        if (bb__debug_checks()) continue;
        for (int t = 0; t < BB_SYM_COUNT; t++) {
            CHECK(bb_sym_compose(s, (bb_sym)t) == (bb_sym)t, "compose(%u, %d)", bad8[i], t);
            CHECK(bb_sym_compose((bb_sym)t, s) == (bb_sym)t, "compose(%d, %u)", t, bad8[i]);
        }
        CHECK(bb_sym_inverse(s) == BB_SYM_IDENTITY, "inverse(%u)", bad8[i]);
    }
    for (size_t i = 0; i < N_BAD_SQUARES; i++)
        for (int s = 0; s < BB_SYM_COUNT; s++)
            CHECK(bb_sym_square(bad_squares[i], (bb_sym)s) == bb_sym_square(bad_squares[i] & 63, (bb_sym)s),
                  "square(%d, %d)", bad_squares[i], s);
    if (bb__debug_checks()) return;
    bb_sym s = BB_SYM_ROTATE_CW;
    CHECK(bb_sym_from_name(NULL, &s) == -1 && s == BB_SYM_ROTATE_CW, "NULL name: -1, *s untouched");
    CHECK(bb_sym_from_name("identity", NULL) == -1, "NULL result pointer: -1");
    uint64_t one = 1;
    bb_sym_apply_array(NULL, &one, 1, BB_SYM_ROTATE_CW); /* nothing happens */
    bb_sym_apply_array(&one, NULL, 1, BB_SYM_ROTATE_CW);
    CHECK(one == 1, "NULL src: dst untouched");
}

typedef unsigned (*extract_fn)(uint64_t, int, bb_line);
typedef uint64_t (*deposit_fn)(unsigned, int, bb_line);
static unsigned extract_plain(uint64_t x, int sq, bb_line l) { return bb_line_extract(x, sq, l); }
static uint64_t deposit_plain(unsigned b, int sq, bb_line l) { return bb_line_deposit(b, sq, l); }
static unsigned extract_mul(uint64_t x, int sq, bb_line l) { return bb_line_extract_mul(x, sq, l); }
static uint64_t deposit_mul(unsigned b, int sq, bb_line l) { return bb_line_deposit_mul(b, sq, l); }
static unsigned extract_lookup(uint64_t x, int sq, bb_line l) { return bb_line_extract_lookup(x, sq, l); }
static uint64_t deposit_lookup(unsigned b, int sq, bb_line l) { return bb_line_deposit_lookup(b, sq, l); }
#if BB_HAVE_BMI2
static unsigned extract_pext(uint64_t x, int sq, bb_line l) { return bb_line_extract_pext(x, sq, l); }
static uint64_t deposit_pext(unsigned b, int sq, bb_line l) { return bb_line_deposit_pext(b, sq, l); }
#endif
static const struct { const char *name; extract_fn ex; deposit_fn dep; } line_forms[] = {
    {"plain", extract_plain, deposit_plain},
    {"mul", extract_mul, deposit_mul},
    {"lookup", extract_lookup, deposit_lookup},
#if BB_HAVE_BMI2
    {"pext", extract_pext, deposit_pext},
#endif
};
#define N_LINE_FORMS (sizeof line_forms / sizeof line_forms[0])

/* One bad (sq, line) against its reduction (sq & 63, line & 3), every form. */
static void check_line_args(int sq, unsigned line, uint64_t x)
{
    bb_line bad = (bb_line)line, ok = (bb_line)(line & 3);
    int oks = sq & 63;
    CHECK_EQ64(bb_line_mask(sq, bad), bb_line_mask(oks, ok), "mask(%d, %u)", sq, line);
    for (size_t i = 0; i < N_LINE_FORMS; i++) {
        CHECK(line_forms[i].ex(x, sq, bad) == line_forms[i].ex(x, oks, ok), "%s extract(%d, %u)", line_forms[i].name,
              sq, line);
        CHECK(line_forms[i].ex(x, sq, bad) == line_forms[0].ex(x, sq, bad), "%s extract(%d, %u) agrees",
              line_forms[i].name, sq, line);
        CHECK_EQ64(line_forms[i].dep((unsigned)x, sq, bad), line_forms[i].dep((unsigned)x, oks, ok),
                   "%s deposit(%d, %u)", line_forms[i].name, sq, line);
        CHECK_EQ64(line_forms[i].dep((unsigned)x, sq, bad), line_forms[0].dep((unsigned)x, sq, bad),
                   "%s deposit(%d, %u) agrees", line_forms[i].name, sq, line);
    }
}

static void lines_out_of_range(void)
{
    uint64_t st = 32;
    for (int k = 0; k < 200; k++) {
        uint64_t x = bbt_board(&st);
        for (size_t i = 0; i < N_BAD_SQUARES; i++)
            for (unsigned l = 0; l < BB_LINE_COUNT; l++) check_line_args(bad_squares[i], l, x);
        for (size_t i = 0; i < N_BAD4; i++)
            for (int sq = 0; sq < 64; sq += 9) check_line_args(sq, bad4[i], x);
    }
    /* line -1 with the line known at compile time: the plain form's other path */
    uint64_t x = 0x0123456789ABCDEFULL;
    CHECK(bb_line_extract(x, BB_E4, (bb_line)-1) == bb_line_extract(x, BB_E4, BB_LINE_ANTIDIAGONAL), "constant -1");
    CHECK_EQ64(bb_line_deposit(0xFF, BB_E4, (bb_line)-1), bb_line_deposit(0xFF, BB_E4, BB_LINE_ANTIDIAGONAL),
               "constant -1 deposit");
    CHECK(bb_line_name((bb_line)4) == NULL && bb_line_name((bb_line)-1) == NULL, "name out of range");
    for (unsigned b = 256; b < 2048; b += 37) {
        unsigned want = bb_mirror_byte(b & 0xFF);
        CHECK(bb_mirror_byte(b) == want && bb_mirror_byte_mul(b) == want && bb_mirror_byte_swap(b) == want &&
                  bb_mirror_byte_table(b) == want, "mirror(%u): bits above 7 ignored", b);
    }
    if (bb__debug_checks()) return;
    bb_line l = BB_LINE_FILE;
    CHECK(bb_line_from_name(NULL, &l) == -1 && l == BB_LINE_FILE, "NULL name: -1, *line untouched");
    CHECK(bb_line_from_name("rank", NULL) == -1, "NULL result pointer: -1");
}

typedef void (*rot45_array_fn)(uint64_t *, const uint64_t *, size_t, bb_rot45);

static void rotated_out_of_range(void)
{
    uint64_t st = 33;
    uint64_t r = bbt_board(&st);
    for (size_t i = 0; i < N_BAD_SQUARES; i++) {
        int sq = bad_squares[i], ok = sq & 63;
        CHECK(bb_pseudo_rotate45_cw_square(sq) == bb_pseudo_rotate45_cw_square(ok), "cw_square(%d)", sq);
        CHECK(bb_pseudo_rotate45_ccw_square(sq) == bb_pseudo_rotate45_ccw_square(ok), "ccw_square(%d)", sq);
        CHECK(bb_pseudo_unrotate45_cw_square(sq) == bb_pseudo_unrotate45_cw_square(ok), "uncw_square(%d)", sq);
        CHECK(bb_pseudo_unrotate45_ccw_square(sq) == bb_pseudo_unrotate45_ccw_square(ok), "unccw_square(%d)", sq);
        CHECK(bb_pseudo_rotate45_cw_rank(sq) == bb_pseudo_rotate45_cw_rank(ok), "cw_rank(%d)", sq);
        CHECK(bb_pseudo_rotate45_ccw_rank(sq) == bb_pseudo_rotate45_ccw_rank(ok), "ccw_rank(%d)", sq);
        CHECK_EQ64(bb_pseudo_rotate45_cw_mask(sq), bb_pseudo_rotate45_cw_mask(ok), "cw_mask(%d)", sq);
        CHECK_EQ64(bb_pseudo_rotate45_ccw_mask(sq), bb_pseudo_rotate45_ccw_mask(ok), "ccw_mask(%d)", sq);
        CHECK(bb_rotated90_index(r, sq) == bb_rotated90_index(r, ok), "r90 index(%d)", sq);
        CHECK(bb_rotated45_index(r, sq) == bb_rotated45_index(r, ok), "r45 index(%d)", sq);
        CHECK(bb_rotated315_index(r, sq) == bb_rotated315_index(r, ok), "r315 index(%d)", sq);
        CHECK(bb_rotated90_square(sq) == bb_rotated90_square(ok), "r90 square(%d)", sq);
        CHECK(bb_rotated45_square(sq) == bb_rotated45_square(ok), "r45 square(%d)", sq);
        CHECK(bb_rotated315_square(sq) == bb_rotated315_square(ok), "r315 square(%d)", sq);
    }
    /* A bad `which` writes dst, the same in every form: which & 3. */
    enum { N = 29 };
    uint64_t src[N], want[N], got[N];
    for (int k = 0; k < N; k++) src[k] = bbt_board(&st);
    const struct { const char *name; rot45_array_fn fn; int run; } forms[] = {
        {"portable", bb_pseudo_rotate45_array_portable, 1},
        {"avx512", bb_pseudo_rotate45_array_avx512, bb_cpu_has(BB_CPU_AVX512)},
        {"dispatched", bb_pseudo_rotate45_array, !bb__debug_checks()},
    };
    for (size_t i = 0; i < N_BAD4; i++) {
        bb_pseudo_rotate45_array_portable(want, src, N, (bb_rot45)(bad4[i] & 3));
        for (size_t f = 0; f < sizeof forms / sizeof forms[0]; f++) {
            if (!forms[f].run) continue;
            memset(got, 0xA5, sizeof got);
            forms[f].fn(got, src, N, (bb_rot45)bad4[i]);
            CHECK(memcmp(got, want, sizeof got) == 0, "%s, which = %u", forms[f].name, bad4[i]);
        }
    }
    uint64_t one = 1;
    for (size_t f = 0; f < sizeof forms / sizeof forms[0]; f++) {
        if (!forms[f].run) continue;
        forms[f].fn(NULL, &one, 1, BB_ROT45_CW); /* nothing happens */
        forms[f].fn(&one, NULL, 1, BB_ROT45_CW);
        CHECK(one == 1, "%s: NULL src leaves dst alone", forms[f].name);
    }
}

/* A mapping out of range acts as LERF. */
static void mapping_out_of_range(void)
{
    uint64_t st = 34;
    for (size_t i = 0; i < N_BAD8; i++) {
        bb_mapping bad = (bb_mapping)bad8[i];
        CHECK(bb_mapping_sym(bad) == BB_SYM_IDENTITY, "sym(%u)", bad8[i]);
        CHECK(bb_mapping_name(bad) == NULL, "name(%u)", bad8[i]);
        for (int m = 0; m < BB_MAP_COUNT; m++) {
            uint64_t x = bbt_board(&st);
            CHECK_EQ64(bb_mapping_convert(x, bad, (bb_mapping)m), bb_mapping_convert(x, BB_MAP_LERF, (bb_mapping)m),
                       "convert from %u to %d", bad8[i], m);
            CHECK_EQ64(bb_mapping_convert(x, (bb_mapping)m, bad), bb_mapping_convert(x, (bb_mapping)m, BB_MAP_LERF),
                       "convert from %d to %u", m, bad8[i]);
            CHECK_EQ64(bb_mapping_to_lerf(x, bad), x, "to_lerf(%u)", bad8[i]);
            CHECK_EQ64(bb_mapping_from_lerf(x, bad), x, "from_lerf(%u)", bad8[i]);
            for (int sq = 0; sq < 64; sq += 5)
                CHECK(bb_mapping_square(sq, bad, (bb_mapping)m) == bb_mapping_square(sq, BB_MAP_LERF, (bb_mapping)m),
                      "square %d from %u to %d", sq, bad8[i], m);
        }
    }
    for (size_t i = 0; i < N_BAD_SQUARES; i++)
        CHECK(bb_mapping_square(bad_squares[i], BB_MAP_BERF, BB_MAP_LEFR) ==
                  bb_mapping_square(bad_squares[i] & 63, BB_MAP_BERF, BB_MAP_LEFR), "square(%d)", bad_squares[i]);
    if (bb__debug_checks()) return;
    bb_mapping m = BB_MAP_BERF;
    CHECK(bb_mapping_from_name(NULL, &m) == -1 && m == BB_MAP_BERF, "NULL name: -1, *m untouched");
    CHECK(bb_mapping_from_name("lerf", NULL) == -1, "NULL result pointer: -1");
}

/* Attacks: a square out of range is sq & 63, a colour color & 1, in every
 * form; a method out of range in bb_*_attacks_with is the oracle (every
 * method gives the oracle's answer anyway). */
typedef uint64_t (*attack_fn)(int, uint64_t);
static uint64_t rook_hq(int sq, uint64_t occ) { return bb_rook_attacks_hyperbola(sq, occ); }
static uint64_t bishop_hq(int sq, uint64_t occ) { return bb_bishop_attacks_hyperbola(sq, occ); }
static uint64_t rook_ks(int sq, uint64_t occ) { return bb_rook_attacks_kogge_stone(sq, occ); }
static uint64_t bishop_ks(int sq, uint64_t occ) { return bb_bishop_attacks_kogge_stone(sq, occ); }
static uint64_t rook_kg(int sq, uint64_t occ) { return bb_rook_attacks_kindergarten(sq, occ); }
static uint64_t bishop_kg(int sq, uint64_t occ) { return bb_bishop_attacks_kindergarten(sq, occ); }
static uint64_t rook_magic(int sq, uint64_t occ) { return bb_rook_attacks_magic(sq, occ); }
static uint64_t bishop_magic(int sq, uint64_t occ) { return bb_bishop_attacks_magic(sq, occ); }
#if BB_HAVE_BMI2
static uint64_t rook_pext(int sq, uint64_t occ) { return bb_rook_attacks_pext(sq, occ); }
static uint64_t bishop_pext(int sq, uint64_t occ) { return bb_bishop_attacks_pext(sq, occ); }
#endif
static uint64_t rook_rotated(int sq, uint64_t occ) { return bb_rook_attacks_rotated(sq, occ); }
static uint64_t bishop_rotated(int sq, uint64_t occ) { return bb_bishop_attacks_rotated(sq, occ); }
static uint64_t rook_state(int sq, uint64_t occ)
{
    bb_rotated_occ s;
    bb_rotated_occ_init(&s, occ);
    return bb_rotated_rook_attacks(&s, sq);
}
static uint64_t bishop_state(int sq, uint64_t occ)
{
    bb_rotated_occ s;
    bb_rotated_occ_init(&s, occ);
    return bb_rotated_bishop_attacks(&s, sq);
}
static uint64_t queen_state(int sq, uint64_t occ)
{
    bb_rotated_occ s;
    bb_rotated_occ_init(&s, occ);
    return bb_rotated_queen_attacks(&s, sq);
}
static uint64_t rook_plain(int sq, uint64_t occ) { return bb_rook_attacks(sq, occ); }
static uint64_t bishop_plain(int sq, uint64_t occ) { return bb_bishop_attacks(sq, occ); }
static uint64_t queen_plain(int sq, uint64_t occ) { return bb_queen_attacks(sq, occ); }
static uint64_t queen_naive(int sq, uint64_t occ)
{
    return bb_rook_attacks_naive(sq & 63, occ) | bb_bishop_attacks_naive(sq & 63, occ);
}
static uint64_t rook_naive(int sq, uint64_t occ) { return bb_rook_attacks_naive(sq & 63, occ); }
static uint64_t bishop_naive(int sq, uint64_t occ) { return bb_bishop_attacks_naive(sq & 63, occ); }

/* The table methods, while they are stand-ins calling the compiled oracle,
 * abort on a bad square in a BB_DEBUG library; their real forms report their
 * table bytes (bb_attack_method_memory) and mask the square themselves. */
static int table_methods_masked(void)
{
    return !bb__debug_checks() || bb_attack_method_memory(BB_ATTACKS_MAGIC) != 0;
}

static void attacks_out_of_range(void)
{
    static const struct { const char *name; attack_fn fn, want; int tables; } forms[] = {
        {"rook hyperbola", rook_hq, rook_naive, 0},
        {"bishop hyperbola", bishop_hq, bishop_naive, 0},
        {"rook kogge-stone", rook_ks, rook_naive, 0},
        {"bishop kogge-stone", bishop_ks, bishop_naive, 0},
        {"rook kindergarten", rook_kg, rook_naive, 0},
        {"bishop kindergarten", bishop_kg, bishop_naive, 0},
        {"rook magic", rook_magic, rook_naive, 1},
        {"bishop magic", bishop_magic, bishop_naive, 1},
#if BB_HAVE_BMI2
        {"rook pext", rook_pext, rook_naive, 1},
        {"bishop pext", bishop_pext, bishop_naive, 1},
#endif
        {"rook rotated", rook_rotated, rook_naive, 1},
        {"bishop rotated", bishop_rotated, bishop_naive, 1},
        {"rook rotated state", rook_state, rook_naive, 1},
        {"bishop rotated state", bishop_state, bishop_naive, 1},
        {"queen rotated state", queen_state, queen_naive, 1},
        {"rook plain", rook_plain, rook_naive, 1},
        {"bishop plain", bishop_plain, bishop_naive, 1},
        {"queen plain", queen_plain, queen_naive, 1},
    };
    static const int bad_colors[] = {2, 3, -1, -2, 100, INT_MAX, INT_MIN};
    int tables = table_methods_masked();
    uint64_t st = 35;
    for (int k = 0; k < 20; k++) {
        uint64_t occ = bbt_board(&st);
        for (size_t i = 0; i < N_BAD_SQUARES; i++) {
            int sq = bad_squares[i], ok = sq & 63;
            for (size_t f = 0; f < sizeof forms / sizeof forms[0]; f++) {
                if (forms[f].tables && !tables) continue;
                CHECK_EQ64(forms[f].fn(sq, occ), forms[f].want(ok, occ), "%s(%d)", forms[f].name, sq);
            }
            for (int m = 0; m < BB_ATTACK_METHOD_COUNT; m++) {
                CHECK_EQ64(bb_rook_attacks_with((bb_attack_method)m, sq, occ), rook_naive(ok, occ),
                           "rook with(%d, %d)", m, sq);
                CHECK_EQ64(bb_bishop_attacks_with((bb_attack_method)m, sq, occ), bishop_naive(ok, occ),
                           "bishop with(%d, %d)", m, sq);
            }
        }
        for (size_t i = 0; i < N_BAD8; i++)
            for (int sq = 0; sq < 64; sq += 7) {
                bb_attack_method bad = (bb_attack_method)bad8[i];
                CHECK_EQ64(bb_rook_attacks_with(bad, sq, occ), rook_naive(sq, occ), "rook with(%u)", bad8[i]);
                CHECK_EQ64(bb_bishop_attacks_with(bad, sq, occ), bishop_naive(sq, occ), "bishop with(%u)", bad8[i]);
            }
    }
    for (size_t i = 0; i < N_BAD_SQUARES; i++) {
        int sq = bad_squares[i], ok = sq & 63;
        CHECK_EQ64(bb_knight_attacks(sq), bb_knight_attacks(ok), "knight(%d)", sq);
        CHECK_EQ64(bb_king_attacks(sq), bb_king_attacks(ok), "king(%d)", sq);
        CHECK_EQ64(bb_pawn_attacks(0, sq), bb_pawn_attacks(0, ok), "pawn(0, %d)", sq);
        CHECK_EQ64(bb_pawn_attacks(1, sq), bb_pawn_attacks(1, ok), "pawn(1, %d)", sq);
        for (int b = 0; b < 64; b++) {
            CHECK_EQ64(bb_between(sq, b), bb_between(ok, b), "between(%d, %d)", sq, b);
            CHECK_EQ64(bb_between(b, sq), bb_between(b, ok), "between(%d, %d)", b, sq);
            CHECK_EQ64(bb_line_through(sq, b), bb_line_through(ok, b), "line(%d, %d)", sq, b);
            CHECK_EQ64(bb_line_through(b, sq), bb_line_through(b, ok), "line(%d, %d)", b, sq);
        }
        CHECK_EQ64(bb_between(sq, sq), 0, "between(%d, %d)", sq, sq);
    }
    for (size_t i = 0; i < sizeof bad_colors / sizeof bad_colors[0]; i++)
        for (int sq = 0; sq < 64; sq++)
            CHECK_EQ64(bb_pawn_attacks(bad_colors[i], sq), bb_pawn_attacks(bad_colors[i] & 1, sq), "pawn(%d, %d)",
                       bad_colors[i], sq);
    if (tables) {
        /* the incremental state masks its squares too */
        bb_rotated_occ a, b;
        bb_rotated_occ_init(&a, 0);
        bb_rotated_occ_init(&b, 0);
        bb_rotated_occ_set(&a, 64 + BB_E4);
        bb_rotated_occ_set(&b, BB_E4);
        bb_rotated_occ_move(&a, BB_E4 - 64, BB_E5 + 128);
        bb_rotated_occ_move(&b, BB_E4, BB_E5);
        bb_rotated_occ_clear(&a, BB_E5 - 128);
        bb_rotated_occ_clear(&b, BB_E5);
        CHECK(memcmp(&a, &b, sizeof a) == 0, "rotated state: set, move, clear of squares out of range");
    }
    CHECK(bb_attack_method_name((bb_attack_method)7) == NULL, "name(7)");
    CHECK(!bb_attack_method_available((bb_attack_method)-1), "available(-1)");
    if (bb__debug_checks()) return;
    bb_attack_method m = BB_ATTACKS_MAGIC;
    CHECK(bb_attack_method_from_name(NULL, &m) == -1 && m == BB_ATTACKS_MAGIC, "NULL name: -1, *m untouched");
    CHECK(bb_attack_method_from_name("magic", NULL) == -1, "NULL result pointer: -1");
}

/* Othello: a square out of range is masked the same way by every method;
 * unknown methods and conventions fall back without reading out of bounds. */
static void othello_out_of_range(void)
{
    bb_othello_pos pos = bb_othello_start();
    static const int bad[] = {64, 65, 127, -1, -64, 1000, -1000000};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        uint64_t want = bb_othello_flips_shifts(pos.p, pos.o, bad[i] & 63);
        if (!BB__OTHELLO_DEFAULT_VECTOR || !bb__debug_checks()) /* a vector default is compiled code */
            CHECK_EQ64(bb_othello_flips(pos.p, pos.o, bad[i]), want, "flips sq %d", bad[i]);
        CHECK_EQ64(bb_othello_flips_lookup(pos.p, pos.o, bad[i]), want, "lookup sq %d", bad[i]);
        for (int m = 0; m < BB_OTHELLO_METHOD_COUNT && !bb__debug_checks(); m++) /* compiled: they check */
            if (bb_othello_method_available((bb_othello_method)m))
                CHECK_EQ64(bb_othello_flips_with((bb_othello_method)m, pos.p, pos.o, bad[i]), want, "method %d sq %d", m,
                           bad[i]);
    }
    CHECK(bb_othello_method_name((bb_othello_method)4) == NULL && bb_othello_convention_name((bb_othello_convention)3) == NULL,
          "names out of range are NULL");
    CHECK(bb_othello_method_available((bb_othello_method)-1) == 0 && bb_othello_method_available((bb_othello_method)4) == 0,
          "unknown methods are unavailable");
}

/* Chess: a square out of range is sq & 63, a symmetry out of range the identity, a method
 * out of range some method (every method gives the same moves); make given a value that is
 * not a move of the position (a precondition) stays inside the boards and unmake undoes it. */
static void chess_out_of_range(void)
{
    if (bb__debug_checks()) return; /* compiled functions: they check */
    bb_chess_pos pos, out;
    bb_chess_start(&pos);
    for (size_t i = 0; i < N_BAD_SQUARES; i++) {
        int sq = bad_squares[i];
        CHECK_EQ64(bb_chess_attackers_to(&pos, sq, pos.occupied), bb_chess_attackers_to(&pos, sq & 63, pos.occupied),
                   "attackers_to(%d)", sq);
    }
    for (size_t i = 0; i < N_BAD8; i++) {
        const char *why = "unset";
        CHECK(bb_chess_sym_allowed(&pos, (bb_sym)bad8[i], &why) == 1 && why == NULL, "sym_allowed(%u)", bad8[i]);
        CHECK(bb_chess_transform(&pos, (bb_sym)bad8[i], &out, &why) == 0 && memcmp(out.board, pos.board, 64) == 0 &&
                  out.key == pos.key && out.castling == pos.castling,
              "transform(%u) is the identity", bad8[i]);
    }
    bb_chess_movelist a, b;
    bb_chess_generate(&pos, BB_GEN_ALL, &a);
    for (size_t i = 0; i < N_BAD8; i++) {
        CHECK(bb_chess_generate_with((bb_attack_method)bad8[i], &pos, BB_GEN_ALL, &b) == a.count, "generate_with(%u)",
              bad8[i]);
    }
    static const bb_chess_move junk[] = {0, 0xFFFF, 0x1234, BB_MOVE_CASTLING | 20, BB_MOVE_EN_PASSANT | 28 | 35 << 6,
                                         BB_MOVE_PROMOTION | 36 | 44 << 6};
    for (size_t i = 0; i < sizeof junk / sizeof junk[0]; i++) {
        bb_chess_pos p = pos;
        bb_chess_undo u;
        bb_chess_make(&p, junk[i], &u);
        bb_chess_unmake(&p, junk[i], &u);
        CHECK(p.key == pos.key && p.side == pos.side, "make/unmake of 0x%04x", junk[i]);
    }
}

int main(void)
{
    RUN(core_squares);
    RUN(sym_out_of_range);
    RUN(lines_out_of_range);
    RUN(rotated_out_of_range);
    RUN(mapping_out_of_range);
    RUN(attacks_out_of_range);
    RUN(othello_out_of_range);
    RUN(chess_out_of_range);
    return bbt_finish("range");
}
