/* The table methods of bitboard/attacks.h (magic, PEXT, Hyatt's rotated
 * bitboards) against the oracle, bb_rook_attacks_naive and
 * bb_bishop_attacks_naive: every square, every subset of its relevant
 * occupancy, with and without random bits outside it; every generated magic
 * re-verified; the rotated state along random move sequences against a
 * rebuild after every step. */
#include "bitboard.h"
#include "harness.h"

typedef uint64_t (*naive_fn)(int, uint64_t);
static const struct {
    const char *name;
    const bb__magic *magic;
    unsigned shift, bits;
    const uint64_t *table, *pext;
    size_t size, pext_size;
    naive_fn naive;
} pieces[2] = {
    {"rook", bb__rook_magic, BB__ROOK_MAGIC_SHIFT, 12, bb__rook_magic_table, bb__rook_pext_table,
     BB__ROOK_MAGIC_SIZE, BB__ROOK_PEXT_SIZE, bb_rook_attacks_naive},
    {"bishop", bb__bishop_magic, BB__BISHOP_MAGIC_SHIFT, 9, bb__bishop_magic_table, bb__bishop_pext_table,
     BB__BISHOP_MAGIC_SIZE, BB__BISHOP_PEXT_SIZE, bb_bishop_attacks_naive},
};

static const char square_names[64][3] = {
    "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2",
    "a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3", "a4", "b4", "c4", "d4", "e4", "f4", "g4", "h4",
    "a5", "b5", "c5", "d5", "e5", "f5", "g5", "h5", "a6", "b6", "c6", "d6", "e6", "f6", "g6", "h6",
    "a7", "b7", "c7", "d7", "e7", "f7", "g7", "h7", "a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8",
};
#define sqname(sq) square_names[(sq) & 63]

/* The relevant occupancy from the oracle alone: the attacked squares (on an
 * empty board) whose occupancy changes the attack set. */
static uint64_t ref_mask(naive_fn naive, int sq)
{
    uint64_t empty = naive(sq, 0), m = 0;
    for (int s = 0; s < 64; s++)
        if ((empty >> s & 1) && naive(sq, (uint64_t)1 << s) != empty) m |= (uint64_t)1 << s;
    return m;
}

/* pext by its definition: bit j of the result is the j-th lowest set bit of
 * mask, taken from x. */
static uint64_t ref_pext(uint64_t x, uint64_t mask)
{
    uint64_t r = 0;
    int j = 0;
    for (int s = 0; s < 64; s++)
        if (mask >> s & 1) r |= (x >> s & 1) << j++;
    return r;
}

static void magic_masks_and_offsets(void)
{
    for (int p = 0; p < 2; p++) {
        size_t pext = 0;
        for (int sq = 0; sq < 64; sq++) {
            const bb__magic *m = &pieces[p].magic[sq];
            CHECK_EQ64(m->mask, ref_mask(pieces[p].naive, sq), "%.16s mask %.16s", pieces[p].name, sqname(sq));
            CHECK(m->pext_offset == pext, "%.16s pext offset %.16s: %u, want %zu", pieces[p].name, sqname(sq),
                  (unsigned)m->pext_offset, pext);
            pext += (size_t)1 << bb_popcount(m->mask);
        }
        CHECK(pext == pieces[p].pext_size, "%.16s pext size %zu, want %zu", pieces[p].name, pieces[p].pext_size, pext);
    }
}

/* Every magic: each subset's index holds its attack set, no two subsets with
 * different attack sets share an index, every index is inside the table,
 * and the table ends where the last slice does. */
static void magic_numbers_reverified(void)
{
    static uint64_t seen[4096];
    static unsigned char used[4096];
    for (int p = 0; p < 2; p++) {
        size_t end = 0;
        for (int sq = 0; sq < 64; sq++) {
            const bb__magic *m = &pieces[p].magic[sq];
            uint64_t sub = 0;
            int bad = 0;
            for (int i = 0; i < 4096; i++) used[i] = 0;
            do {
                uint64_t want = pieces[p].naive(sq, sub);
                size_t idx = (size_t)((sub * m->magic) >> pieces[p].shift);
                CHECK(idx < ((size_t)1 << pieces[p].bits), "%.16s %.16s: index %zu", pieces[p].name, sqname(sq), idx);
                idx &= ((size_t)1 << pieces[p].bits) - 1;
                if (used[idx] && seen[idx] != want && bad++ == 0)
                    CHECK(0, "%.16s %.16s magic 0x%016llx: subset 0x%016llx collides at index %zu", pieces[p].name,
                          sqname(sq), (unsigned long long)m->magic, (unsigned long long)sub, idx);
                used[idx] = 1, seen[idx] = want;
                if (m->offset + idx + 1 > end) end = m->offset + idx + 1;
                CHECK(m->offset + idx < pieces[p].size, "%.16s %.16s: entry %zu outside the table", pieces[p].name,
                      sqname(sq), m->offset + idx);
                if (m->offset + idx < pieces[p].size && pieces[p].table[m->offset + idx] != want && bad++ == 0)
                    CHECK_EQ64(pieces[p].table[m->offset + idx], want, "%.16s %.16s table entry for subset 0x%016llx",
                               pieces[p].name, sqname(sq), (unsigned long long)sub);
                sub = (sub - m->mask) & m->mask;
            } while (sub);
        }
        CHECK(end == pieces[p].size, "%.16s magic table: %zu entries, the slices end at %zu", pieces[p].name,
              pieces[p].size, end);
    }
}

/* f(sq, occ) against the oracle for every square and every subset of its
 * mask, alone and with random bits outside the mask (which may hold sq). */
typedef uint64_t (*attack_fn)(int, uint64_t);
static void exhaustive(const char *name, attack_fn rook, attack_fn bishop)
{
    uint64_t rng = 0x7461626C65730001ULL;
    long errors = 0;
    for (int p = 0; p < 2; p++) {
        attack_fn f = p == 0 ? rook : bishop;
        for (int sq = 0; sq < 64; sq++) {
            uint64_t mask = pieces[p].magic[sq].mask, sub = 0;
            do {
                uint64_t out = sub | (bbt_board(&rng) & ~mask);
                uint64_t want = pieces[p].naive(sq, sub), want_out = pieces[p].naive(sq, out);
                uint64_t got = f(sq, sub), got_out = f(sq, out);
                if ((got != want || got_out != want_out) && errors++ < 5) {
                    CHECK_EQ64(got, want, "%.16s %.16s %.16s occ 0x%016llx", name, pieces[p].name, sqname(sq),
                               (unsigned long long)sub);
                    CHECK_EQ64(got_out, want_out, "%.16s %.16s %.16s occ 0x%016llx", name, pieces[p].name, sqname(sq),
                               (unsigned long long)out);
                }
                sub = (sub - mask) & mask;
            } while (sub);
        }
    }
    CHECK(errors == 0, "%.16s: %ld wrong attack sets", name, errors);
}

static uint64_t rook_with_magic(int sq, uint64_t occ) { return bb_rook_attacks_with(BB_ATTACKS_MAGIC, sq, occ); }
static uint64_t bishop_with_magic(int sq, uint64_t occ) { return bb_bishop_attacks_with(BB_ATTACKS_MAGIC, sq, occ); }
static uint64_t rook_with_rotated(int sq, uint64_t occ) { return bb_rook_attacks_with(BB_ATTACKS_ROTATED, sq, occ); }
static uint64_t bishop_with_rotated(int sq, uint64_t occ)
{
    return bb_bishop_attacks_with(BB_ATTACKS_ROTATED, sq, occ);
}
/* The PEXT tables through a pext by its definition: they are in every
 * build, BMI2 or not. */
static uint64_t rook_pext_table(int sq, uint64_t occ)
{
    const bb__magic *m = &bb__rook_magic[sq];
    return bb__rook_pext_table[m->pext_offset + ref_pext(occ, m->mask)];
}
static uint64_t bishop_pext_table(int sq, uint64_t occ)
{
    const bb__magic *m = &bb__bishop_magic[sq];
    return bb__bishop_pext_table[m->pext_offset + ref_pext(occ, m->mask)];
}

static void magic_exhaustive(void) { exhaustive("magic", bb_rook_attacks_magic, bb_bishop_attacks_magic); }
static void magic_with_exhaustive(void) { exhaustive("with(MAGIC)", rook_with_magic, bishop_with_magic); }
static void pext_tables_exhaustive(void) { exhaustive("pext tables", rook_pext_table, bishop_pext_table); }
static void pext_exhaustive(void)
{
#if BB_HAVE_BMI2
    exhaustive("pext", bb_rook_attacks_pext, bb_bishop_attacks_pext);
#else
    SKIP("the _pext forms need BB_HAVE_BMI2");
#endif
}
static void rotated_exhaustive(void) { exhaustive("rotated", bb_rook_attacks_rotated, bb_bishop_attacks_rotated); }
static void rotated_with_exhaustive(void) { exhaustive("with(ROTATED)", rook_with_rotated, bishop_with_rotated); }

/* The generated tables (tools/gen_attack_tables.c, compiled in as
 * constants) entry by entry, each derived here again from the oracle.
 *
 * Magic: the table each magic implies, built from nothing: every subset's
 * index holds its attack set, and an index no subset of any square reaches
 * holds 0 (the generator leaves the gaps between slices empty).  Every entry
 * of the table is compared, not only the ones a lookup reaches. */
static void magic_tables_every_entry(void)
{
    static uint64_t want[BB__ROOK_MAGIC_SIZE];
    for (int p = 0; p < 2; p++) {
        for (size_t i = 0; i < pieces[p].size; i++) want[i] = 0;
        for (int sq = 0; sq < 64; sq++) {
            const bb__magic *m = &pieces[p].magic[sq];
            uint64_t sub = 0;
            do {
                size_t idx = m->offset + (size_t)((sub * m->magic) >> pieces[p].shift);
                if (idx < pieces[p].size) want[idx] = pieces[p].naive(sq, sub);
                sub = (sub - m->mask) & m->mask;
            } while (sub);
        }
        long errors = 0;
        for (size_t i = 0; i < pieces[p].size; i++)
            if (pieces[p].table[i] != want[i] && errors++ < 5)
                CHECK_EQ64(pieces[p].table[i], want[i], "%.16s magic table entry %zu", pieces[p].name, i);
        CHECK(errors == 0, "%.16s magic table: %ld wrong entries", pieces[p].name, errors);
    }
}

/* pdep by its definition: the j-th lowest set bit of mask takes bit j of x. */
static uint64_t ref_pdep(uint64_t x, uint64_t mask)
{
    uint64_t r = 0;
    int j = 0;
    for (int s = 0; s < 64; s++)
        if (mask >> s & 1) r |= (x >> j++ & 1) << s;
    return r;
}

/* PEXT: entry k of a square's slice is the attack set of the k-th subset,
 * pdep(k, mask), for every k of every slice: every entry of the table. */
static void pext_tables_every_entry(void)
{
    for (int p = 0; p < 2; p++) {
        long errors = 0;
        size_t at = 0;
        for (int sq = 0; sq < 64; sq++) {
            const bb__magic *m = &pieces[p].magic[sq];
            size_t n = (size_t)1 << bb_popcount(m->mask);
            for (size_t k = 0; k < n; k++, at++) {
                uint64_t want = pieces[p].naive(sq, ref_pdep(k, m->mask));
                if (pieces[p].pext[m->pext_offset + k] != want && errors++ < 5)
                    CHECK_EQ64(pieces[p].pext[m->pext_offset + k], want, "%.16s pext %.2s entry %zu", pieces[p].name,
                               sqname(sq), k);
            }
        }
        CHECK(at == pieces[p].pext_size, "%.16s pext: %zu entries, want %zu", pieces[p].name, at, pieces[p].pext_size);
        CHECK(errors == 0, "%.16s pext table: %ld wrong entries", pieces[p].name, errors);
    }
}

/* Rotated: for every square and every index of its four tables (all 256 of
 * the rank and the file, all 2^length of each diagonal), the occupancy the
 * index stands for (bit j: the square at bit shift + j of that rotated board,
 * found through bb_rotated*_square) and the oracle's attacks along that
 * line.  The slices of the diagonal tables follow one another. */
typedef int (*rot_square_fn)(int);
static int rank_square(int sq) { return sq; }
static long rotated_line(const char *what, const uint64_t *t, rot_square_fn rot, unsigned shift, int n, int sq,
                         naive_fn naive)
{
    int line[8], k = 0;
    uint64_t mask = 0;
    for (int j = 0; j < n; j++) {
        line[j] = -1;
        for (int s = 0; s < 64; s++)
            if (rot(s) == (int)(shift + (unsigned)j)) line[j] = s;
        if (line[j] >= 0) mask |= (uint64_t)1 << line[j], k++;
    }
    if (k != n || !(mask >> sq & 1)) {
        CHECK(0, "%.16s %.2s: the line has %d of %d squares%s", what, sqname(sq), k, n,
              mask >> sq & 1 ? "" : ", without the square");
        return 1;
    }
    long errors = 0;
    for (unsigned idx = 0; idx < 1u << n; idx++) {
        uint64_t occ = 0;
        for (int j = 0; j < n; j++)
            if (idx >> j & 1) occ |= (uint64_t)1 << line[j];
        uint64_t want = naive(sq, occ) & mask;
        if (t[idx] != want && errors++ < 3)
            CHECK_EQ64(t[idx], want, "%.16s %.2s index 0x%02x", what, sqname(sq), idx);
    }
    return errors;
}
static void rotated_tables_every_entry(void)
{
    long errors = 0;
    unsigned o45 = 0, o315 = 0;
    for (int sq = 0; sq < 64; sq++) {
        errors += rotated_line("rank", bb__rotated_rank_attacks[sq], rank_square, (unsigned)(sq & 56), 8, sq,
                               bb_rook_attacks_naive);
        errors += rotated_line("file", bb__rotated_file_attacks[sq], bb_rotated90_square, bb_rotated90_shift[sq], 8,
                               sq, bb_rook_attacks_naive);
        CHECK(bb__rotated45_offset[sq] == o45, "45 offset %.2s: %u, want %u", sqname(sq),
              (unsigned)bb__rotated45_offset[sq], o45);
        CHECK(bb__rotated315_offset[sq] == o315, "315 offset %.2s: %u, want %u", sqname(sq),
              (unsigned)bb__rotated315_offset[sq], o315);
        errors += rotated_line("45", bb__rotated45_attacks + o45, bb_rotated45_square, bb_rotated45_shift[sq],
                               bb_rotated45_length[sq], sq, bb_bishop_attacks_naive);
        errors += rotated_line("315", bb__rotated315_attacks + o315, bb_rotated315_square, bb_rotated315_shift[sq],
                               bb_rotated315_length[sq], sq, bb_bishop_attacks_naive);
        o45 += 1u << bb_rotated45_length[sq];
        o315 += 1u << bb_rotated315_length[sq];
    }
    CHECK(o45 == BB__ROTATED_DIAG_SIZE && o315 == BB__ROTATED_DIAG_SIZE, "diagonal tables: %u and %u entries", o45,
          o315);
    CHECK(errors == 0, "rotated tables: %ld wrong entries", errors);
}

/* The queen and the two bishop/rook lookups from one state, on the states of
 * every subset of the rook and bishop masks would repeat the above: here the
 * queen on random boards, every square. */
static void rotated_queen_random(void)
{
    uint64_t rng = 0x7175656E00000001ULL;
    long errors = 0;
    for (int i = 0; i < 2000; i++) {
        uint64_t occ = bbt_board(&rng);
        bb_rotated_occ s;
        bb_rotated_occ_init(&s, occ);
        for (int sq = 0; sq < 64; sq++) {
            uint64_t want = bb_rook_attacks_naive(sq, occ) | bb_bishop_attacks_naive(sq, occ);
            if (bb_rotated_queen_attacks(&s, sq) != want && errors++ < 5)
                CHECK_EQ64(bb_rotated_queen_attacks(&s, sq), want, "queen %.16s occ 0x%016llx", sqname(sq),
                           (unsigned long long)occ);
        }
    }
    CHECK(errors == 0, "%ld wrong queen attack sets", errors);
}

/* The state of a single square: the bits the incremental updates use. */
static void rotated_square_bits(void)
{
    for (int sq = 0; sq < 64; sq++) {
        bb_rotated_occ s;
        bb_rotated_occ_init(&s, (uint64_t)1 << sq);
        CHECK_EQ64(bb__rotated_occ_bit[sq].occ, s.occ, "occ bit %.2s", sqname(sq));
        CHECK_EQ64(bb__rotated_occ_bit[sq].r90, s.r90, "r90 bit %.2s", sqname(sq));
        CHECK_EQ64(bb__rotated_occ_bit[sq].r45, s.r45, "r45 bit %.2s", sqname(sq));
        CHECK_EQ64(bb__rotated_occ_bit[sq].r315, s.r315, "r315 bit %.2s", sqname(sq));
    }
}

/* A random square of x (x not 0). */
static int random_square_of(uint64_t *rng, uint64_t x)
{
    int n = (int)(bbt_next(rng) % (uint64_t)bb_popcount(x));
    while (n--) x &= x - 1;
    return __builtin_ctzll(x);
}

/* Random games of set, clear, move and capture (clear, then move), valid by
 * construction; after every step the state equals the rebuild from its
 * occupancy, the occupancy equals the one kept beside it, and the lookups
 * equal the oracle on a few squares. */
static void rotated_incremental(void)
{
    uint64_t rng = 0x726F746174656401ULL;
    long steps = 0, errors = 0;
    for (int game = 0; game < 40; game++) {
        uint64_t occ = bbt_board(&rng);
        bb_rotated_occ s;
        bb_rotated_occ_init(&s, occ);
        for (int step = 0; step < 500; step++, steps++) {
            uint64_t empty = ~occ;
            int op = (int)(bbt_next(&rng) % 4), a = -1;
            if (occ == 0) op = 0;
            if (empty == 0) op = 1;
            switch (op) {
            case 0: /* a piece appears */
                a = random_square_of(&rng, empty);
                bb_rotated_occ_set(&s, a), occ |= (uint64_t)1 << a;
                break;
            case 1: /* a piece leaves */
                a = random_square_of(&rng, occ);
                bb_rotated_occ_clear(&s, a), occ &= ~((uint64_t)1 << a);
                break;
            case 2: /* a move to an empty square */
                if (empty == 0) break;
                {
                    int from = random_square_of(&rng, occ), to = random_square_of(&rng, empty);
                    bb_rotated_occ_move(&s, from, to), occ ^= (uint64_t)1 << from | (uint64_t)1 << to;
                    a = to;
                }
                break;
            default: /* a capture: clear(to), then move */
                if (bb_popcount(occ) < 2) break;
                {
                    int from = random_square_of(&rng, occ), to;
                    do to = random_square_of(&rng, occ); while (to == from);
                    bb_rotated_occ_clear(&s, to);
                    bb_rotated_occ_move(&s, from, to), occ &= ~((uint64_t)1 << from);
                    a = to;
                }
                break;
            }
            bb_rotated_occ r;
            bb_rotated_occ_init(&r, s.occ);
            if ((s.occ != occ || s.r90 != r.r90 || s.r45 != r.r45 || s.r315 != r.r315) && errors++ < 5) {
                CHECK_EQ64(s.occ, occ, "game %d step %d (op %d) occ", game, step, op);
                CHECK_EQ64(s.r90, r.r90, "game %d step %d (op %d) r90", game, step, op);
                CHECK_EQ64(s.r45, r.r45, "game %d step %d (op %d) r45", game, step, op);
                CHECK_EQ64(s.r315, r.r315, "game %d step %d (op %d) r315", game, step, op);
            }
            int probe[3] = {a < 0 ? 0 : a, (int)(bbt_next(&rng) & 63), (int)(bbt_next(&rng) & 63)};
            for (int i = 0; i < 3; i++) {
                int sq = probe[i];
                uint64_t wr = bb_rook_attacks_naive(sq, occ), wb = bb_bishop_attacks_naive(sq, occ);
                if ((bb_rotated_rook_attacks(&s, sq) != wr || bb_rotated_bishop_attacks(&s, sq) != wb ||
                     bb_rotated_queen_attacks(&s, sq) != (wr | wb)) &&
                    errors++ < 5) {
                    CHECK_EQ64(bb_rotated_rook_attacks(&s, sq), wr, "game %d step %d rook %.16s", game, step, sqname(sq));
                    CHECK_EQ64(bb_rotated_bishop_attacks(&s, sq), wb, "game %d step %d bishop %.16s", game, step,
                               sqname(sq));
                    CHECK_EQ64(bb_rotated_queen_attacks(&s, sq), wr | wb, "game %d step %d queen %.16s", game, step,
                               sqname(sq));
                }
            }
        }
    }
    CHECK(steps == 20000, "%ld steps", steps);
    CHECK(errors == 0, "%ld wrong states or lookups", errors);
}

/* Out of range (without BB_DEBUG): every table lookup masks the square, so
 * sq and sq & 63 agree and nothing is read outside a table. */
static void out_of_range_masked(void)
{
#ifdef BB_DEBUG
    SKIP("BB_DEBUG: an out-of-range square aborts (tests/test_debug.c)");
#else
    static const int bad[] = {64, 65, 127, -1, -64, 1000, -1000000};
    uint64_t rng = 0x72616E6765000001ULL;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int sq = bad[i], in = sq & 63;
        uint64_t occ = bbt_board(&rng);
        bb_rotated_occ s, t;
        bb_rotated_occ_init(&s, occ);
        CHECK_EQ64(bb_rook_attacks_magic(sq, occ), bb_rook_attacks_magic(in, occ), "rook magic %d", sq);
        CHECK_EQ64(bb_bishop_attacks_magic(sq, occ), bb_bishop_attacks_magic(in, occ), "bishop magic %d", sq);
#if BB_HAVE_BMI2
        CHECK_EQ64(bb_rook_attacks_pext(sq, occ), bb_rook_attacks_pext(in, occ), "rook pext %d", sq);
        CHECK_EQ64(bb_bishop_attacks_pext(sq, occ), bb_bishop_attacks_pext(in, occ), "bishop pext %d", sq);
#endif
        CHECK_EQ64(bb_rook_attacks_rotated(sq, occ), bb_rook_attacks_rotated(in, occ), "rook rotated %d", sq);
        CHECK_EQ64(bb_bishop_attacks_rotated(sq, occ), bb_bishop_attacks_rotated(in, occ), "bishop rotated %d", sq);
        CHECK_EQ64(bb_rotated_queen_attacks(&s, sq), bb_rotated_queen_attacks(&s, in), "queen rotated %d", sq);
        t = s;
        bb_rotated_occ_set(&s, sq), bb_rotated_occ_set(&t, in);
        CHECK(s.occ == t.occ && s.r90 == t.r90 && s.r45 == t.r45 && s.r315 == t.r315, "set %d", sq);
        bb_rotated_occ_clear(&s, sq), bb_rotated_occ_clear(&t, in);
        CHECK(s.occ == t.occ && s.r90 == t.r90 && s.r45 == t.r45 && s.r315 == t.r315, "clear %d", sq);
        bb_rotated_occ_move(&s, sq, 7 ^ in), bb_rotated_occ_move(&t, in, 7 ^ in);
        CHECK(s.occ == t.occ && s.r90 == t.r90 && s.r45 == t.r45 && s.r315 == t.r315, "move %d", sq);
    }
#endif
}

/* The bytes each method's tables hold: what bb_attack_method_memory reports
 * once it is no longer the stand-in (until then: skipped, not passed). */
static size_t magic_bytes(void)
{
    return sizeof bb__rook_magic_table + sizeof bb__bishop_magic_table + sizeof bb__rook_magic +
           sizeof bb__bishop_magic;
}
static size_t pext_bytes(void)
{
    return sizeof bb__rook_pext_table + sizeof bb__bishop_pext_table + sizeof bb__rook_magic + sizeof bb__bishop_magic;
}
static size_t rotated_bytes(void)
{
    return sizeof bb__rotated_rank_attacks + sizeof bb__rotated_file_attacks + sizeof bb__rotated45_attacks +
           sizeof bb__rotated315_attacks + sizeof bb__rotated45_offset + sizeof bb__rotated315_offset +
           sizeof bb__rotated_occ_bit + sizeof bb_rotated90_shift + sizeof bb_rotated45_shift +
           sizeof bb_rotated45_length + sizeof bb_rotated315_shift + sizeof bb_rotated315_length;
}

static void table_bytes(void)
{
    /* the numbers docs/ATTACKS.md gives */
    CHECK(magic_bytes() == 1393424, "magic: %zu bytes", magic_bytes());
    CHECK(pext_bytes() == 864256, "pext: %zu bytes", pext_bytes());
    CHECK(rotated_bytes() == 346752, "rotated: %zu bytes", rotated_bytes());
    if (bb_attack_method_memory(BB_ATTACKS_MAGIC) == 0) SKIP("bb_attack_method_memory is still a stand-in");
    CHECK(bb_attack_method_memory(BB_ATTACKS_MAGIC) == magic_bytes(), "magic memory %zu",
          bb_attack_method_memory(BB_ATTACKS_MAGIC));
    /* without BMI2 the tables are there but the method is not: either answer */
    CHECK(bb_attack_method_memory(BB_ATTACKS_PEXT) == pext_bytes() ||
              (!BB_HAVE_BMI2 && bb_attack_method_memory(BB_ATTACKS_PEXT) == 0),
          "pext memory %zu",
          bb_attack_method_memory(BB_ATTACKS_PEXT));
    CHECK(bb_attack_method_memory(BB_ATTACKS_ROTATED) == rotated_bytes(), "rotated memory %zu",
          bb_attack_method_memory(BB_ATTACKS_ROTATED));
}

int main(void)
{
    RUN(magic_masks_and_offsets);
    RUN(magic_numbers_reverified);
    RUN(magic_tables_every_entry);
    RUN(pext_tables_every_entry);
    RUN(rotated_tables_every_entry);
    RUN(magic_exhaustive);
    RUN(magic_with_exhaustive);
    RUN(pext_tables_exhaustive);
    RUN(pext_exhaustive);
    RUN(rotated_exhaustive);
    RUN(rotated_with_exhaustive);
    RUN(rotated_queen_random);
    RUN(rotated_square_bits);
    RUN(rotated_incremental);
    RUN(out_of_range_masked);
    RUN(table_bytes);
    return bbt_finish("attacks_tables");
}
