/* gen_attack_tables - writes the big attack tables (magic, PEXT, Hyatt's
 * rotated bitboards: 2.6 MB of attack sets) as constant C, so that they sit
 * in the program's read-only data: nothing fills them at load time, and the
 * system maps in the pages a program reads, when it first reads them.
 *
 *   build/tools/gen_attack_tables [-o FILE]     (C on stdout, or into FILE)
 *
 * The output (4 MB of C, 1 s to compile) is not committed: the Makefile and
 * CMakeLists.txt build this program and run it into
 * <build>/gen/attack_tables.c, a source file of the library, on every
 * build that lacks it.  tests/test_attacks_tables.c compares every entry
 * with the slow oracle (bb_*_attacks_naive).
 *
 * It needs only the committed tables it indexes by: the magic numbers
 * (src/attacks/magic_constants.c) and the rotated boards' layout
 * (src/rotated/rotated_tables.c, src/lines/line_tables.c), compiled into
 * this one program with it, not the library, which it precedes. */
#include "../src/attacks/magic_constants.c"
#include "../src/lines/line_tables.c"
#include "../src/rotated/rotated_tables.c"

#include <stdio.h>
#include <string.h>

static const char *const square_names[64] = {
    "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2",
    "a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3", "a4", "b4", "c4", "d4", "e4", "f4", "g4", "h4",
    "a5", "b5", "c5", "d5", "e5", "f5", "g5", "h5", "a6", "b6", "c6", "d6", "e6", "f6", "g6", "h6",
    "a7", "b7", "c7", "d7", "e7", "f7", "g7", "h7", "a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8",
};

/* ---- magic and PEXT ----------------------------------------------------------------- */

/* The rays from each square in the 8 directions (rook: +1 +8 -1 -8, then
 * bishop: +9 +7 -7 -9), without the square itself. */
static uint64_t rays[2][4][64];

static void rays_init(void)
{
    static const int step[2][4][2] = {{{1, 0}, {0, 1}, {-1, 0}, {0, -1}}, {{1, 1}, {-1, 1}, {1, -1}, {-1, -1}}};
    for (int p = 0; p < 2; p++)
        for (int d = 0; d < 4; d++)
            for (int sq = 0; sq < 64; sq++) {
                uint64_t r = 0;
                int f = sq % 8 + step[p][d][0], k = sq / 8 + step[p][d][1];
                for (; f >= 0 && f < 8 && k >= 0 && k < 8; f += step[p][d][0], k += step[p][d][1])
                    r |= (uint64_t)1 << (8 * k + f);
                rays[p][d][sq] = r;
            }
}

/* The attacks of a rook (piece 0) or bishop (1) on sq: each ray, cut behind
 * its first blocker (the lowest square of an upward ray, the highest of a
 * downward one).  The first two directions of each piece go up, the others
 * down. */
static uint64_t slider(int piece, int sq, uint64_t occ)
{
    uint64_t a = 0;
    for (int d = 0; d < 4; d++) {
        uint64_t r = rays[piece][d][sq], b = r & occ;
        if (b) r ^= rays[piece][d][d < 2 ? __builtin_ctzll(b) : 63 - __builtin_clzll(b)];
        a |= r;
    }
    return a;
}

static uint64_t rook_magic_table[BB__ROOK_MAGIC_SIZE], bishop_magic_table[BB__BISHOP_MAGIC_SIZE];
static uint64_t rook_pext_table[BB__ROOK_PEXT_SIZE], bishop_pext_table[BB__BISHOP_PEXT_SIZE];

/* Every subset of each square's mask, with its attack set, into both
 * tables.  The carry-rippler (sub - mask) & mask counts the subsets in the
 * order of pext(sub, mask): the k-th subset is PEXT entry k.  Entries of the
 * magic table that no subset reaches stay 0. */
static void fill(const bb__magic magic[64], int piece, unsigned shift, uint64_t *mtab, uint64_t *ptab)
{
    for (int sq = 0; sq < 64; sq++) {
        const bb__magic *m = &magic[sq];
        uint64_t sub = 0, k = 0;
        do {
            uint64_t a = slider(piece, sq, sub);
            mtab[m->offset + ((sub * m->magic) >> shift)] = a;
            ptab[m->pext_offset + k++] = a;
            sub = (sub - m->mask) & m->mask;
        } while (sub);
    }
}

/* ---- Hyatt's rotated bitboards ------------------------------------------------------ */

static uint64_t rotated_rank[64][256], rotated_file[64][256];
static uint64_t rotated45[BB__ROTATED_DIAG_SIZE], rotated315[BB__ROTATED_DIAG_SIZE];
static unsigned offset45[64], offset315[64];

/* The attacks along one line: line[0..n-1] are its squares in index order
 * (bit j of occ is line[j]), sq is line[at].  Walks both ways from at,
 * stopping after the first occupied square. */
static uint64_t line_attacks(const int *line, int n, int at, unsigned occ)
{
    uint64_t a = 0;
    for (int j = at + 1; j < n; j++) {
        a |= (uint64_t)1 << line[j];
        if (occ >> j & 1) break;
    }
    for (int j = at - 1; j >= 0; j--) {
        a |= (uint64_t)1 << line[j];
        if (occ >> j & 1) break;
    }
    return a;
}

static uint64_t rank_bits(uint64_t x) { return x; }
/* The portable forms: this program runs on the machine that builds, which
 * may lack the instructions the library is compiled for. */
static uint64_t unrot90(uint64_t r) { return bb_rotate_ccw_portable(r); }
static uint64_t unrot45(uint64_t r) { return bb_unrotated45_portable(r); }
static uint64_t unrot315(uint64_t r) { return bb_unrotated315_portable(r); }

/* The 2^n entries of one square's table: line[j] is the square whose bit on
 * the rotated board is shift + j (found through unrotate). */
static void fill_line(uint64_t *t, uint64_t (*unrotate)(uint64_t), unsigned shift, int n, int sq)
{
    int line[8], at = 0;
    for (int j = 0; j < n; j++) {
        line[j] = __builtin_ctzll(unrotate((uint64_t)1 << (shift + j)));
        if (line[j] == sq) at = j;
    }
    for (unsigned occ = 0; occ < 1u << n; occ++) t[occ] = line_attacks(line, n, at, occ);
}

static void fill_rotated(void)
{
    unsigned o45 = 0, o315 = 0;
    for (int sq = 0; sq < 64; sq++) {
        fill_line(rotated_rank[sq], rank_bits, (unsigned)(sq & 56), 8, sq);
        fill_line(rotated_file[sq], unrot90, bb_rotated90_shift[sq], 8, sq);
        offset45[sq] = o45;
        fill_line(rotated45 + o45, unrot45, bb_rotated45_shift[sq], bb_rotated45_length[sq], sq);
        o45 += 1u << bb_rotated45_length[sq];
        offset315[sq] = o315;
        fill_line(rotated315 + o315, unrot315, bb_rotated315_shift[sq], bb_rotated315_length[sq], sq);
        o315 += 1u << bb_rotated315_length[sq];
    }
}

/* ---- output ------------------------------------------------------------------------- */

/* n words, 8 a line, in hexadecimal without padding or suffix (the type is
 * the array's); where starts[] says a square's slice begins, a comment
 * naming the square opens a new line. */
static void words(const uint64_t *v, size_t n, const unsigned starts[64], const char *indent)
{
    int next = 0, col = 0;
    for (size_t i = 0; i < n; i++) {
        for (; starts && next < 64 && starts[next] == i; next++) {
            if (col) putchar('\n'), col = 0;
            printf("%s/* %s */\n", indent, square_names[next]);
        }
        printf(v[i] ? "%s0x%llx," : "%s%llu,", col ? " " : indent, (unsigned long long)v[i]);
        if (++col == 8 || i + 1 == n) putchar('\n'), col = 0;
    }
}

static void table(const char *decl, const uint64_t *v, size_t n, const unsigned starts[64])
{
    printf("\n%s = {\n", decl);
    words(v, n, starts, "");
    printf("};\n");
}

/* A [64][256] table: one brace pair a square. */
static void table64(const char *decl, uint64_t (*v)[256])
{
    printf("\n%s = {\n", decl);
    for (int sq = 0; sq < 64; sq++) {
        printf("    { /* %s */\n", square_names[sq]);
        words(v[sq], 256, NULL, "    ");
        printf("    },\n");
    }
    printf("};\n");
}

int main(int argc, char **argv)
{
    const char *out = argc == 3 && strcmp(argv[1], "-o") == 0 ? argv[2] : NULL;
    if (argc != 1 && !out) {
        fprintf(stderr, "usage: gen_attack_tables [-o FILE]   (C source on stdout, or into FILE)\n");
        return 2;
    }
    if (out && !freopen(out, "w", stdout)) {
        perror(out);
        return 1;
    }
    rays_init();
    fill(bb__rook_magic, 0, BB__ROOK_MAGIC_SHIFT, rook_magic_table, rook_pext_table);
    fill(bb__bishop_magic, 1, BB__BISHOP_MAGIC_SHIFT, bishop_magic_table, bishop_pext_table);
    fill_rotated();

    unsigned rook_pext_starts[64], bishop_pext_starts[64];
    for (int sq = 0; sq < 64; sq++)
        rook_pext_starts[sq] = bb__rook_magic[sq].pext_offset, bishop_pext_starts[sq] = bb__bishop_magic[sq].pext_offset;

    printf("/* The attack sets of the magic, PEXT and rotated methods, as constants in\n"
           " * read-only data: nothing fills them, the system maps their pages in when\n"
           " * first read.\n"
           " * Generated by tools/gen_attack_tables.c at build time: do not edit, and\n"
           " * do not commit.  tests/test_attacks_tables.c compares every entry with\n"
           " * the oracle. */\n"
           "#include \"bitboard.h\"\n");
    table("const uint64_t bb__rook_magic_table[BB__ROOK_MAGIC_SIZE]", rook_magic_table, BB__ROOK_MAGIC_SIZE, NULL);
    table("const uint64_t bb__bishop_magic_table[BB__BISHOP_MAGIC_SIZE]", bishop_magic_table, BB__BISHOP_MAGIC_SIZE,
          NULL);
    table("const uint64_t bb__rook_pext_table[BB__ROOK_PEXT_SIZE]", rook_pext_table, BB__ROOK_PEXT_SIZE,
          rook_pext_starts);
    table("const uint64_t bb__bishop_pext_table[BB__BISHOP_PEXT_SIZE]", bishop_pext_table, BB__BISHOP_PEXT_SIZE,
          bishop_pext_starts);
    table64("const uint64_t bb__rotated_rank_attacks[64][256]", rotated_rank);
    table64("const uint64_t bb__rotated_file_attacks[64][256]", rotated_file);
    table("const uint64_t bb__rotated45_attacks[BB__ROTATED_DIAG_SIZE]", rotated45, BB__ROTATED_DIAG_SIZE, offset45);
    table("const uint64_t bb__rotated315_attacks[BB__ROTATED_DIAG_SIZE]", rotated315, BB__ROTATED_DIAG_SIZE,
          offset315);
    printf("\n/* Where each square's slice starts in the two tables above. */\n");
    for (int t = 0; t < 2; t++) {
        printf("const uint16_t bb__rotated%s_offset[64] = {\n", t ? "315" : "45");
        for (int sq = 0; sq < 64; sq++)
            printf("%s%u,%s", sq % 8 ? " " : "    ", (t ? offset315 : offset45)[sq], sq % 8 == 7 ? "\n" : "");
        printf("};\n");
    }
    printf("\n/* Each square's bit on the four boards: occupancy, rotated 90, 45, 315. */\n"
           "const bb_rotated_occ bb__rotated_occ_bit[64] = {\n");
    for (int sq = 0; sq < 64; sq++)
        printf("    {0x%016llxULL, 0x%016llxULL, 0x%016llxULL, 0x%016llxULL}, /* %s */\n",
               (unsigned long long)1 << sq, (unsigned long long)1 << bb_rotated90_square(sq),
               (unsigned long long)1 << bb_rotated45_square(sq), (unsigned long long)1 << bb_rotated315_square(sq),
               square_names[sq]);
    printf("};\n");
    return ferror(stdout) || fflush(stdout) ? 1 : 0;
}
