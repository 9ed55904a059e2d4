/* Lines and the byte mirror: every implementation against the references,
 * exhaustively (64 squares x 4 lines x 256 patterns) and on random boards. */
#include "bitboard.h"
#include "harness.h"
#include "reference_lines.h"

typedef unsigned (*extract_fn)(uint64_t, int, bb_line);
typedef uint64_t (*deposit_fn)(unsigned, int, bb_line);
static const struct { const char *name; extract_fn ex; deposit_fn dep; } impls[] = {
    {"mul", bb_line_extract_mul, bb_line_deposit_mul},
    {"lookup", bb_line_extract_lookup, bb_line_deposit_lookup},
#if BB_HAVE_BMI2
    {"pext", bb_line_extract_pext, bb_line_deposit_pext},
#endif
    {"default", bb_line_extract, bb_line_deposit},
};
#define N_IMPLS (sizeof impls / sizeof impls[0])

static void reference_is_sane(void)
{
    CHECK_EQ64(ref_line_mask(BB_E4, BB_LINE_RANK), BB_RANK_1 << 24, "rank 4");
    CHECK_EQ64(ref_line_mask(BB_E4, BB_LINE_FILE), BB_FILE_A << 4, "file e");
    CHECK_EQ64(ref_line_mask(BB_C3, BB_LINE_DIAGONAL), BB_DIAGONAL_A1H8, "a1-h8");
    CHECK_EQ64(ref_line_mask(BB_D5, BB_LINE_ANTIDIAGONAL), BB_ANTIDIAGONAL_A8H1, "a8-h1");
    CHECK_EQ64(ref_line_mask(BB_H1, BB_LINE_DIAGONAL), (uint64_t)1 << BB_H1, "h1 alone");
    CHECK(ref_line_extract((uint64_t)1 << BB_C6, BB_E4, BB_LINE_ANTIDIAGONAL) == 1u << 2, "c6 is file c");
    CHECK(ref_line_extract((uint64_t)1 << BB_E6, BB_E4, BB_LINE_FILE) == 1u << 5, "e6 is rank 6");
}

static void masks(void)
{
    for (int sq = 0; sq < 64; sq++)
        for (int l = 0; l < BB_LINE_COUNT; l++) {
            uint64_t want = ref_line_mask(sq, (bb_line)l);
            CHECK_EQ64(bb_line_mask(sq, (bb_line)l), want, "mask sq %d line %d", sq, l);
            CHECK_EQ64(bb__line_table[bb__line_index(sq, (bb_line)l)].mask, want, "table sq %d line %d", sq, l);
            CHECK(want >> sq & 1, "sq %d on its own line %d", sq, l);
        }
}

/* Every pattern on every line: deposit, then extract from the deposit with
 * noise on every other square. */
static void every_pattern_every_line(void)
{
    uint64_t st = 11;
    for (int sq = 0; sq < 64; sq++)
        for (int l = 0; l < BB_LINE_COUNT; l++) {
            bb_line line = (bb_line)l;
            uint64_t m = ref_line_mask(sq, line);
            unsigned reach = ref_line_extract(~(uint64_t)0, sq, line);
            for (unsigned bits = 0; bits < 256; bits++) {
                uint64_t want = ref_line_deposit(bits, sq, line);
                uint64_t noisy = want | (bbt_next(&st) & ~m);
                for (size_t i = 0; i < N_IMPLS; i++) {
                    CHECK_EQ64(impls[i].dep(bits, sq, line), want, "%s deposit %u sq %d line %d",
                               impls[i].name, bits, sq, l);
                    CHECK(impls[i].ex(want, sq, line) == (bits & reach), "%s extract sq %d line %d bits %u",
                          impls[i].name, sq, l, bits);
                    CHECK(impls[i].ex(noisy, sq, line) == (bits & reach), "%s extract (noise) sq %d line %d",
                          impls[i].name, sq, l);
                    CHECK(impls[i].ex(~m | want, sq, line) == (bits & reach), "%s extract (full) sq %d line %d",
                          impls[i].name, sq, l);
                }
            }
        }
}

static void random_boards(void)
{
    uint64_t st = 12;
    for (int k = 0; k < BBT_RANDOM_BOARDS / 10; k++) {
        uint64_t x = bbt_board(&st);
        int sq = (int)(bbt_next(&st) & 63);
        for (int l = 0; l < BB_LINE_COUNT; l++) {
            unsigned want = ref_line_extract(x, sq, (bb_line)l);
            for (size_t i = 0; i < N_IMPLS; i++) {
                CHECK(impls[i].ex(x, sq, (bb_line)l) == want, "%s extract 0x%016llx sq %d line %d", impls[i].name,
                      (unsigned long long)x, sq, l);
                /* deposit ignores everything above bit 7 */
                CHECK_EQ64(impls[i].dep((unsigned)x, sq, (bb_line)l), ref_line_deposit((unsigned)x & 0xFF, sq, (bb_line)l),
                           "%s deposit high bits sq %d line %d", impls[i].name, sq, l);
            }
        }
    }
}

static void tables(void)
{
    for (unsigned b = 0; b < 256; b++) {
        uint64_t a = 0;
        for (int r = 0; r < 8; r++) a |= (uint64_t)(b >> r & 1) << (8 * r);
        CHECK_EQ64(bb__a_file_of_byte[b], a, "a-file of %u", b);
        CHECK_EQ64(bb__byte_to_file_h(b), a << 7, "h-file of %u", b);
        CHECK(bb__mirror_byte_table[b] == ref_mirror_byte(b), "mirror table %u", b);
    }
    for (int sq = 0; sq < 64; sq++)
        for (int l = 0; l < BB_LINE_COUNT; l++) {
            const bb__line_entry *e = &bb__line_table[bb__line_index(sq, (bb_line)l)];
            int f = sq & 7;
            CHECK_EQ64(e->gather, l == BB_LINE_FILE ? BB__FILE_TO_RANK8 >> f : BB_FILE_A, "gather %d %d", sq, l);
            CHECK_EQ64(e->spread, l == BB_LINE_FILE ? (uint64_t)1 << f : BB_FILE_A, "spread %d %d", sq, l);
            /* pext reads the line from the byte-swapped board for an anti-diagonal,
             * and its bits start at the line's lowest file (0 for a file) */
            uint64_t m = ref_line_mask(sq, (bb_line)l);
            CHECK_EQ64(e->pmask, l == BB_LINE_ANTIDIAGONAL ? bb__bswap64_portable(m) : m, "pmask %d %d", sq, l);
            int first = 8;
            for (int t = 0; t < 64; t++)
                if ((m >> t & 1) && (t & 7) < first) first = t & 7;
            CHECK(bb__line_pext_shift[bb__line_index(sq, (bb_line)l)] == (l == BB_LINE_FILE ? 0 : first),
                  "pext shift %d %d", sq, l);
        }
}

static void mirror_byte(void)
{
    for (unsigned b = 0; b < 256; b++) {
        unsigned want = ref_mirror_byte(b);
        CHECK(bb_mirror_byte_mul(b) == want, "mul %u", b);
        CHECK(bb_mirror_byte_swap(b) == want, "swap %u", b);
        CHECK(bb_mirror_byte_table(b) == want, "table %u", b);
        CHECK(bb_mirror_byte(b) == want, "default %u", b);
        CHECK(bb_mirror_byte_swap(b | 0xFF00u) == want, "swap ignores high bits %u", b);
        CHECK(bb_mirror_byte_mul(b | 0x3F00u) == want, "mul ignores high bits %u", b);
    }
}

/* The default takes a shortcut when it can see the line is a rank: call it
 * with each line as a literal, so every path the compiler may pick is run. */
static void default_with_literal_lines(void)
{
    uint64_t st = 13;
    for (int k = 0; k < 2000; k++) {
        uint64_t x = bbt_board(&st);
        unsigned bits = (unsigned)bbt_next(&st) & 0x1FF; /* bit 8 must be ignored */
        for (int sq = 0; sq < 64; sq++) {
            CHECK(bb_line_extract(x, sq, BB_LINE_RANK) == ref_line_extract(x, sq, BB_LINE_RANK), "rank %d", sq);
            CHECK(bb_line_extract(x, sq, BB_LINE_FILE) == ref_line_extract(x, sq, BB_LINE_FILE), "file %d", sq);
            CHECK(bb_line_extract(x, sq, BB_LINE_DIAGONAL) == ref_line_extract(x, sq, BB_LINE_DIAGONAL), "diag %d", sq);
            CHECK(bb_line_extract(x, sq, BB_LINE_ANTIDIAGONAL) == ref_line_extract(x, sq, BB_LINE_ANTIDIAGONAL),
                  "anti %d", sq);
            CHECK_EQ64(bb_line_deposit(bits, sq, BB_LINE_RANK), ref_line_deposit(bits, sq, BB_LINE_RANK), "rank %d", sq);
            CHECK_EQ64(bb_line_deposit(bits, sq, BB_LINE_FILE), ref_line_deposit(bits, sq, BB_LINE_FILE), "file %d", sq);
            CHECK_EQ64(bb_line_deposit(bits, sq, BB_LINE_DIAGONAL), ref_line_deposit(bits, sq, BB_LINE_DIAGONAL),
                       "diag %d", sq);
            CHECK_EQ64(bb_line_deposit(bits, sq, BB_LINE_ANTIDIAGONAL),
                       ref_line_deposit(bits, sq, BB_LINE_ANTIDIAGONAL), "anti %d", sq);
        }
    }
}

static void names(void)
{
    for (int l = 0; l < BB_LINE_COUNT; l++) {
        bb_line back;
        CHECK(bb_line_from_name(bb_line_name((bb_line)l), &back) == 0 && back == (bb_line)l, "name %d", l);
    }
    bb_line dummy;
    CHECK(bb_line_name((bb_line)4) == NULL, "out of range");
    CHECK(bb_line_from_name("diag", &dummy) == -1, "unknown name");
    CHECK(bb_line_from_name("", &dummy) == -1 && bb_line_from_name("ranks", &dummy) == -1, "unknown names");
    /* Case is ignored, as in every bb_*_from_name. */
    CHECK(bb_line_from_name("DIAGONAL", &dummy) == 0 && dummy == BB_LINE_DIAGONAL, "upper case");
    CHECK(bb_line_from_name("AntiDiagonal", &dummy) == 0 && dummy == BB_LINE_ANTIDIAGONAL, "mixed case");
}

int main(void)
{
    RUN(reference_is_sane);
    RUN(masks);
    RUN(every_pattern_every_line);
    RUN(random_boards);
    RUN(tables);
    RUN(mirror_byte);
    RUN(default_with_literal_lines);
    RUN(names);
    return bbt_finish("lines");
}
