/* Pseudo-rotations, Hyatt's rotated boards and square mappings against the
 * square-by-square references.  Every transform here is linear over GF(2)
 * (ands with constants, rotates, ors of disjoint parts), so the 64 single
 * bits prove it for all 2^64 boards; random boards check it again. */
#include "bitboard.h"
#include "harness.h"
#include "reference_lines.h"

typedef uint64_t (*board_fn)(uint64_t);
typedef struct { const char *name; board_fn fn; int (*map)(int); } perm;

static uint64_t rot90_portable(uint64_t x) { return bb_rotate_cw_portable(x); }

static const perm perms[] = {
    {"pseudo_rotate45_cw", bb_pseudo_rotate45_cw, ref_prot_cw},
    {"pseudo_rotate45_ccw", bb_pseudo_rotate45_ccw, ref_prot_ccw},
    {"pseudo_unrotate45_cw", bb_pseudo_unrotate45_cw, ref_prot_uncw},
    {"pseudo_unrotate45_ccw", bb_pseudo_unrotate45_ccw, ref_prot_unccw},
    {"pseudo_rotate45_cw_select", bb_pseudo_rotate45_cw_select, ref_prot_cw},
    {"pseudo_rotate45_ccw_select", bb_pseudo_rotate45_ccw_select, ref_prot_ccw},
    {"pseudo_unrotate45_cw_select", bb_pseudo_unrotate45_cw_select, ref_prot_uncw},
    {"pseudo_unrotate45_ccw_select", bb_pseudo_unrotate45_ccw_select, ref_prot_unccw},
    {"rotated90", bb_rotated90, ref_rot90},
    {"rotated90 (portable)", rot90_portable, ref_rot90},
    {"rotated45", bb_rotated45, ref_rot45},
    {"rotated45_portable", bb_rotated45_portable, ref_rot45},
    {"rotated315", bb_rotated315, ref_rot315},
    {"rotated315_portable", bb_rotated315_portable, ref_rot315},
#if BB_HAVE_BMI2
    {"rotated45_pext", bb_rotated45_pext, ref_rot45},
    {"rotated315_pext", bb_rotated315_pext, ref_rot315},
#endif
#if BB_HAVE_BITALG
    {"rotated45_bitalg", bb_rotated45_bitalg, ref_rot45},
    {"rotated315_bitalg", bb_rotated315_bitalg, ref_rot315},
#endif
};
static const struct { const char *name; board_fn fwd, back; } inverses[] = {
    {"pseudo cw", bb_pseudo_rotate45_cw, bb_pseudo_unrotate45_cw},
    {"pseudo ccw", bb_pseudo_rotate45_ccw, bb_pseudo_unrotate45_ccw},
    {"rotated90", bb_rotated90, bb_unrotated90},
    {"rotated45", bb_rotated45, bb_unrotated45},
    {"rotated45_portable", bb_rotated45_portable, bb_unrotated45_portable},
    {"rotated315", bb_rotated315, bb_unrotated315},
    {"rotated315_portable", bb_rotated315_portable, bb_unrotated315_portable},
#if BB_HAVE_BMI2
    {"rotated45_pext", bb_rotated45_pext, bb_unrotated45_pext},
    {"rotated315_pext", bb_rotated315_pext, bb_unrotated315_pext},
#endif
#if BB_HAVE_BITALG
    {"rotated45_bitalg", bb_rotated45_bitalg, bb_unrotated45_bitalg},
    {"rotated315_bitalg", bb_rotated315_bitalg, bb_unrotated315_bitalg},
#endif
};
#define N_PERMS (sizeof perms / sizeof perms[0])
#define N_INVERSES (sizeof inverses / sizeof inverses[0])

static void references_are_permutations(void)
{
    for (size_t i = 0; i < N_PERMS; i++) {
        uint64_t seen = 0;
        for (int sq = 0; sq < 64; sq++) seen |= (uint64_t)1 << perms[i].map(sq);
        CHECK(seen == ~(uint64_t)0, "%s is not a permutation", perms[i].name);
    }
    /* pinned by the pictures in bitboard/rotated.h */
    CHECK(ref_rot45(BB_H1) == 0 && ref_rot45(BB_G1) == 1 && ref_rot45(BB_H2) == 2, "45: h1 | g1 h2");
    CHECK(ref_rot45(BB_A1) == 28 && ref_rot45(BB_H8) == 35 && ref_rot45(BB_A8) == 63, "45: main diagonal, a8");
    CHECK(ref_rot315(BB_A1) == 0 && ref_rot315(BB_A2) == 1 && ref_rot315(BB_B1) == 2, "315: a1 | a2 b1");
    CHECK(ref_rot315(BB_A8) == 28 && ref_rot315(BB_H1) == 35 && ref_rot315(BB_H8) == 63, "315: a8-h1, h8");
    CHECK(ref_rot90(BB_A8) == BB_H8 && ref_rot90(BB_H8) == BB_H1, "90: a8 -> h8 -> h1 (Hyatt)");
    CHECK(ref_prot_cw(BB_H8) == BB_H1 && ref_prot_ccw(BB_A8) == BB_A1 && ref_prot_ccw(BB_H1) == BB_H1,
          "main diagonals on rank 1");
}

static void single_bits_and_random(void)
{
    for (size_t i = 0; i < N_PERMS; i++) {
        CHECK_EQ64(perms[i].fn(0), 0, "%s(0)", perms[i].name);
        for (int sq = 0; sq < 64; sq++)
            CHECK_EQ64(perms[i].fn((uint64_t)1 << sq), (uint64_t)1 << perms[i].map(sq), "%s(1 << %d)",
                       perms[i].name, sq);
    }
    uint64_t st = 21;
    for (int k = 0; k < BBT_RANDOM_BOARDS; k++) {
        uint64_t x = bbt_board(&st);
        for (size_t i = 0; i < N_PERMS; i++)
            CHECK_EQ64(perms[i].fn(x), ref_permute(x, perms[i].map), "%s(0x%016llx)", perms[i].name,
                       (unsigned long long)x);
    }
}

static void inverses_undo(void)
{
    for (size_t i = 0; i < N_INVERSES; i++)
        for (int sq = 0; sq < 64; sq++) {
            uint64_t x = (uint64_t)1 << sq;
            CHECK_EQ64(inverses[i].back(inverses[i].fwd(x)), x, "%s back . fwd, sq %d", inverses[i].name, sq);
            CHECK_EQ64(inverses[i].fwd(inverses[i].back(x)), x, "%s fwd . back, bit %d", inverses[i].name, sq);
        }
    uint64_t st = 22;
    for (int k = 0; k < BBT_RANDOM_BOARDS; k++) {
        uint64_t x = bbt_board(&st);
        for (size_t i = 0; i < N_INVERSES; i++) {
            CHECK_EQ64(inverses[i].back(inverses[i].fwd(x)), x, "%s back . fwd", inverses[i].name);
            CHECK_EQ64(inverses[i].fwd(inverses[i].back(x)), x, "%s fwd . back", inverses[i].name);
        }
    }
}

static void square_maps(void)
{
    for (int sq = 0; sq < 64; sq++) {
        CHECK(bb_pseudo_rotate45_cw_square(sq) == ref_prot_cw(sq), "cw %d", sq);
        CHECK(bb_pseudo_rotate45_ccw_square(sq) == ref_prot_ccw(sq), "ccw %d", sq);
        CHECK(bb_pseudo_unrotate45_cw_square(sq) == ref_prot_uncw(sq), "uncw %d", sq);
        CHECK(bb_pseudo_unrotate45_ccw_square(sq) == ref_prot_unccw(sq), "unccw %d", sq);
        CHECK(bb_rotated90_square(sq) == ref_rot90(sq), "r90 %d", sq);
        CHECK(bb_rotated45_square(sq) == ref_rot45(sq), "r45 %d", sq);
        CHECK(bb_rotated315_square(sq) == ref_rot315(sq), "r315 %d", sq);
    }
}

/* Shift and length tables recounted (every entry of the generated
 * src/rotated/rotated_tables.c; the gathers in gather_tables): the line's
 * squares are exactly bits shift .. shift + length - 1 of the rotated board,
 * and no shift reaches 64. */
static void rotated_tables(void)
{
    for (int sq = 0; sq < 64; sq++) {
        uint64_t d = ref_line_mask(sq, BB_LINE_DIAGONAL), a = ref_line_mask(sq, BB_LINE_ANTIDIAGONAL);
        uint64_t f = ref_line_mask(sq, BB_LINE_FILE);
        int n45 = bb_popcount(d), n315 = bb_popcount(a);
        CHECK(bb_rotated45_length[sq] == n45, "45 length %d", sq);
        CHECK(bb_rotated315_length[sq] == n315, "315 length %d", sq);
        CHECK(bb_rotated45_shift[sq] + n45 <= 64 && bb_rotated315_shift[sq] + n315 <= 64, "in range %d", sq);
        CHECK(bb_rotated90_shift[sq] == 8 * (7 - (sq & 7)), "90 shift %d", sq);
        uint64_t run45 = (((uint64_t)1 << (n45 - 1) << 1) - 1) << bb_rotated45_shift[sq];
        uint64_t run315 = (((uint64_t)1 << (n315 - 1) << 1) - 1) << bb_rotated315_shift[sq];
        CHECK_EQ64(ref_permute(d, ref_rot45), run45, "45 run of %d", sq);
        CHECK_EQ64(ref_permute(a, ref_rot315), run315, "315 run of %d", sq);
        CHECK_EQ64(ref_permute(f, ref_rot90), (uint64_t)0xFF << bb_rotated90_shift[sq], "90 run of %d", sq);
    }
}

/* The occupancy indices agree with bb_line_extract (shifted down to the
 * line's first file), on every subset of each short line and at random. */
static void indices_match_lines(void)
{
    uint64_t st = 23;
    for (int k = 0; k < BBT_RANDOM_BOARDS / 4; k++) {
        uint64_t x = bbt_board(&st);
        uint64_t r90 = bb_rotated90(x), r45 = bb_rotated45(x), r315 = bb_rotated315(x);
        uint64_t pcw = bb_pseudo_rotate45_cw(x), pccw = bb_pseudo_rotate45_ccw(x);
        for (int sq = 0; sq < 64; sq++) {
            int f = sq & 7, r = sq >> 3;
            unsigned d = bb_line_extract(x, sq, BB_LINE_DIAGONAL), a = bb_line_extract(x, sq, BB_LINE_ANTIDIAGONAL);
            CHECK(bb_rotated90_index(r90, sq) == bb_line_extract(x, sq, BB_LINE_FILE), "90 index %d", sq);
            CHECK(bb_rotated45_index(r45, sq) == d >> (f > r ? f - r : 0), "45 index %d", sq);
            CHECK(bb_rotated315_index(r315, sq) == a >> (f + r > 7 ? f + r - 7 : 0), "315 index %d", sq);
            CHECK((pcw & bb_pseudo_rotate45_cw_mask(sq)) >> (8 * bb_pseudo_rotate45_cw_rank(sq)) == d, "cw rank %d", sq);
            CHECK((pccw & bb_pseudo_rotate45_ccw_mask(sq)) >> (8 * bb_pseudo_rotate45_ccw_rank(sq)) == a, "ccw rank %d", sq);
        }
    }
    for (int sq = 0; sq < 64; sq++) {
        CHECK(bb_pseudo_rotate45_cw_rank(sq) == ref_prot_cw(sq) >> 3, "cw rank of %d", sq);
        CHECK(bb_pseudo_rotate45_ccw_rank(sq) == ref_prot_ccw(sq) >> 3, "ccw rank of %d", sq);
        CHECK_EQ64(bb_pseudo_rotate45_cw_mask(sq), ref_permute(ref_line_mask(sq, BB_LINE_DIAGONAL), ref_prot_cw), "cw mask %d", sq);
        CHECK_EQ64(bb_pseudo_rotate45_ccw_mask(sq), ref_permute(ref_line_mask(sq, BB_LINE_ANTIDIAGONAL), ref_prot_ccw),
                   "ccw mask %d", sq);
    }
}

/* Hacker's Delight's compress, computing the move masks of the six steps
 * for a mask m: the generator of the BB__CMP_* constants. */
static void compress_masks(uint64_t m, uint64_t mv[6])
{
    uint64_t mk = ~m << 1;
    for (int i = 0; i < 6; i++) {
        uint64_t mp = mk ^ (mk << 1);
        for (int s = 2; s < 64; s *= 2) mp ^= mp << s;
        mv[i] = mp & m;
        m = (m ^ mv[i]) | (mv[i] >> (1 << i));
        mk &= ~mp;
    }
}

static void compress_constants(void)
{
    static const uint64_t got[4][6] = {{BB__CMP_R45_LO}, {BB__CMP_R45_HI}, {BB__CMP_R315_LO}, {BB__CMP_R315_HI}};
    const uint64_t masks[4] = {BB__R45_LOW, ~BB__R45_LOW, BB__R315_LOW, ~BB__R315_LOW};
    for (int i = 0; i < 4; i++) {
        uint64_t mv[6];
        compress_masks(masks[i], mv);
        for (int s = 0; s < 6; s++) CHECK_EQ64(got[i][s], mv[s], "mask %d step %d", i, s);
    }
    CHECK(bb_popcount(BB__R45_LOW) == 28 && bb_popcount(BB__R315_LOW) == 28, "28 low bits");
}

/* The square mappings from the table in bitboard/mapping.h. */
static int ref_map_index(int sq, bb_mapping m)
{
    int f = sq & 7, r = sq >> 3;
    switch (m) {
    case BB_MAP_LERF: return 8 * r + f;
    case BB_MAP_LERBEF: return 8 * r + 7 - f;
    case BB_MAP_BERLEF: return 8 * (7 - r) + f;
    case BB_MAP_BERF: return 8 * (7 - r) + 7 - f;
    case BB_MAP_LEFR: return 8 * f + r;
    case BB_MAP_LEFBER: return 8 * f + 7 - r;
    case BB_MAP_BEFLER: return 8 * (7 - f) + r;
    case BB_MAP_BEFR: return 8 * (7 - f) + 7 - r;
    }
    return -1;
}

static void mappings(void)
{
    uint64_t st = 24;
    for (int a = 0; a < BB_MAP_COUNT; a++)
        for (int b = 0; b < BB_MAP_COUNT; b++) {
            for (int sq = 0; sq < 64; sq++) { /* sq is a LERF square */
                int ia = ref_map_index(sq, (bb_mapping)a), ib = ref_map_index(sq, (bb_mapping)b);
                CHECK(bb_mapping_square(ia, (bb_mapping)a, (bb_mapping)b) == ib, "square %d from %d to %d", sq, a, b);
                CHECK_EQ64(bb_mapping_convert((uint64_t)1 << ia, (bb_mapping)a, (bb_mapping)b), (uint64_t)1 << ib,
                           "board %d from %d to %d", sq, a, b);
            }
            for (int k = 0; k < 200; k++) {
                uint64_t x = bbt_board(&st);
                CHECK_EQ64(bb_mapping_convert(bb_mapping_convert(x, (bb_mapping)a, (bb_mapping)b), (bb_mapping)b,
                                              (bb_mapping)a), x, "round trip %d %d", a, b);
            }
        }
    /* the numberings of the sources: the Japanese Othello post on lines
     * (BERF, a1 = bit 63) and Hyatt's paper (BERLEF, a8 = 0) */
    CHECK(bb_mapping_square(63, BB_MAP_BERF, BB_MAP_LERF) == BB_A1, "BERF: a1 = bit 63");
    CHECK(bb_mapping_square(0, BB_MAP_BERLEF, BB_MAP_LERF) == BB_A8, "Hyatt: a8 = 0");
    CHECK(bb_mapping_square(56, BB_MAP_BERLEF, BB_MAP_LERF) == BB_A1, "Hyatt: a1 = 56");
    CHECK_EQ64(bb_mapping_to_lerf(0x8000000000000000ULL, BB_MAP_BERF), 1, "BERF a1");
    CHECK_EQ64(bb_mapping_from_lerf(1, BB_MAP_BERLEF), (uint64_t)1 << 56, "Hyatt a1");
    for (int m = 0; m < BB_MAP_COUNT; m++) {
        bb_mapping back;
        CHECK(bb_mapping_from_name(bb_mapping_name((bb_mapping)m), &back) == 0 && back == (bb_mapping)m, "name %d", m);
    }
    bb_mapping dummy;
    CHECK(bb_mapping_from_name("BERF", &dummy) == 0 && dummy == BB_MAP_BERF, "upper case");
    CHECK(bb_mapping_from_name("BefLer", &dummy) == 0 && dummy == BB_MAP_BEFLER, "mixed case");
    CHECK(bb_mapping_from_name("lerfxxxxxxxxxxxxxxxxxxxx", &dummy) == -1 && bb_mapping_from_name("ler", &dummy) == -1,
          "long and short names");
    CHECK(bb_mapping_from_name("lerfx", &dummy) == -1 && bb_mapping_from_name("", &dummy) == -1, "unknown");
    CHECK(bb_mapping_name((bb_mapping)8) == NULL, "out of range");
}

/* The BITALG gather tables (built in every configuration): result bit b
 * comes from source bit gather[b]. */
static void gather_tables(void)
{
    for (int sq = 0; sq < 64; sq++) {
        CHECK(bb__rotated45_gather[ref_rot45(sq)] == sq, "rotated45 gather at %d", ref_rot45(sq));
        CHECK(bb__unrotated45_gather[sq] == ref_rot45(sq), "unrotated45 gather at %d", sq);
        CHECK(bb__rotated315_gather[ref_rot315(sq)] == sq, "rotated315 gather at %d", ref_rot315(sq));
        CHECK(bb__unrotated315_gather[sq] == ref_rot315(sq), "unrotated315 gather at %d", sq);
    }
}

typedef void (*rot45_array_fn)(uint64_t *, const uint64_t *, size_t, bb_rot45);

/* The array forms against the square maps: every length up to 40 and a few
 * longer ones (vector body, masked tail), copying and in place. */
static void check_rot45_array(const char *name, rot45_array_fn fn)
{
    int (*const maps[4])(int) = {ref_prot_cw, ref_prot_ccw, ref_prot_uncw, ref_prot_unccw};
    enum { MAX = 300 };
    uint64_t src[MAX], dst[MAX + 1], st = 21;
    for (int w = 0; w < 4; w++)
        for (size_t n = 0; n <= MAX; n += n < 40 ? 1 : 43) {
            for (size_t i = 0; i < MAX; i++) src[i] = bbt_board(&st);
            dst[n] = 0xA5;
            fn(dst, src, n, (bb_rot45)w);
            int bad = dst[n] != 0xA5;
            for (size_t i = 0; i < n; i++) bad |= dst[i] != ref_permute(src[i], maps[w]);
            CHECK(!bad, "%s: rotation %d, n %zu", name, w, n);
            fn(src, src, n, (bb_rot45)w);
            for (size_t i = 0; i < n; i++) bad |= src[i] != dst[i];
            CHECK(!bad, "%s in place: rotation %d, n %zu", name, w, n);
        }
}

static void rot45_arrays(void)
{
    check_rot45_array("portable", bb_pseudo_rotate45_array_portable);
    check_rot45_array("dispatched", bb_pseudo_rotate45_array);
}
static void rot45_array_avx512(void)
{
    if (!bb_cpu_has(BB_CPU_AVX512)) SKIP("no AVX-512 here (CPU, OS or a BB_NO_DISPATCH build)");
    check_rot45_array("avx512", bb_pseudo_rotate45_array_avx512);
}

int main(void)
{
    RUN(references_are_permutations);
    RUN(single_bits_and_random);
    RUN(inverses_undo);
    RUN(square_maps);
    RUN(rotated_tables);
    RUN(indices_match_lines);
    RUN(compress_constants);
    RUN(mappings);
    RUN(rot45_arrays);
    RUN(rot45_array_avx512);
    RUN(gather_tables);
    return bbt_finish("rotated");
}
