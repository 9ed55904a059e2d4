/* gen_magics - finds the fixed-shift magic numbers of the magic method and
 * writes them, with the relevant-occupancy masks and the offsets into the
 * shared tables, as plain C:
 *
 *   make tools && build/tools/gen_magics > src/attacks/magic_constants.c
 *
 * Fixed shift: every rook index is the top 12 bits of (occ & mask) * magic,
 * every bishop index the top 9 ("fixed-shift fancy" in the Chess Programming
 * Wiki's words).  A candidate magic is a sparse random word (the AND of three
 * draws of splitmix64, seeded with SEED below, so every run writes the same
 * file); it is good if no two subsets of the mask with different attack
 * sets share an index.  Each good magic's slice of the shared table goes at
 * the lowest offset where every index it uses is free or already holds the
 * same attack set (first fit), so slices overlap where they can; among the
 * first CANDIDATES good magics of a square, the one that leaves the table
 * shortest is kept (ties: the shortest slice).  Squares go a1 to h8.  The
 * PEXT offsets are the running sums of 2^bits.
 *
 * The output is committed; tests/test_attacks_tables.c re-verifies every
 * magic, mask and offset.  Self-contained on purpose: no <bitboard.h>. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SEED 0x6D61676963733031ULL /* "magics01" */
#define CANDIDATES 64

static uint64_t rng_state = SEED;
static uint64_t next(void) /* splitmix64 */
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static int popcount(uint64_t x)
{
    int n = 0;
    for (; x; x &= x - 1) n++;
    return n;
}

static const int dirs[2][4][2] = {
    {{1, 0}, {-1, 0}, {0, 1}, {0, -1}}, /* rook */
    {{1, 1}, {-1, 1}, {1, -1}, {-1, -1}}, /* bishop */
};

/* The attacks of the slider on sq (piece 0 rook, 1 bishop): each ray up to
 * and including the first square of occ. */
static uint64_t attacks(int piece, int sq, uint64_t occ)
{
    uint64_t a = 0;
    for (int d = 0; d < 4; d++) {
        int f = sq % 8 + dirs[piece][d][0], r = sq / 8 + dirs[piece][d][1];
        while (f >= 0 && f < 8 && r >= 0 && r < 8) {
            uint64_t b = (uint64_t)1 << (8 * r + f);
            a |= b;
            if (occ & b) break;
            f += dirs[piece][d][0], r += dirs[piece][d][1];
        }
    }
    return a;
}

/* The relevant occupancy: each ray without its last square (the edge square
 * is attacked whether or not it is occupied). */
static uint64_t relevant_mask(int piece, int sq)
{
    uint64_t m = 0;
    for (int d = 0; d < 4; d++) {
        int f = sq % 8 + dirs[piece][d][0], r = sq / 8 + dirs[piece][d][1];
        int nf = f + dirs[piece][d][0], nr = r + dirs[piece][d][1];
        while (nf >= 0 && nf < 8 && nr >= 0 && nr < 8) {
            m |= (uint64_t)1 << (8 * r + f);
            f = nf, r = nr, nf += dirs[piece][d][0], nr += dirs[piece][d][1];
        }
    }
    return m;
}

#define MAX_SUBSETS 4096
#define TABLE_CAP (64 * 4096 + 4096)

static uint64_t subset[MAX_SUBSETS], attack[MAX_SUBSETS];
static uint64_t slot_val[4096];
static unsigned slot_epoch[4096], epoch;
static uint64_t table[TABLE_CAP];
static unsigned char used[TABLE_CAP];

/* The highest index magic m gives, or -1 if two subsets with different
 * attacks collide. */
static int try_magic(uint64_t m, int n, int shift)
{
    int hi = 0;
    epoch++;
    for (int i = 0; i < n; i++) {
        int idx = (int)((subset[i] * m) >> shift);
        if (slot_epoch[idx] == epoch) {
            if (slot_val[idx] != attack[i]) return -1;
        } else {
            slot_epoch[idx] = epoch, slot_val[idx] = attack[i];
        }
        if (idx > hi) hi = idx;
    }
    return hi;
}

/* Whether magic m's slice fits at offset o of the shared table. */
static int fits(uint64_t m, int n, int shift, size_t o)
{
    for (int i = 0; i < n; i++) {
        size_t k = o + (size_t)((subset[i] * m) >> shift);
        if (used[k] && table[k] != attack[i]) return 0;
    }
    return 1;
}

struct result {
    uint64_t mask, magic;
    size_t offset, pext_offset;
};

/* Finds the 64 magics of one piece; returns the shared table's size. */
static size_t generate(int piece, struct result out[64], size_t *pext_size)
{
    int bits = piece == 0 ? 12 : 9, shift = 64 - bits;
    size_t size = 0, pext = 0;
    memset(used, 0, sizeof used);
    for (int sq = 0; sq < 64; sq++) {
        uint64_t mask = relevant_mask(piece, sq), sub = 0;
        int n = 0;
        do {
            subset[n] = sub, attack[n] = attacks(piece, sq, sub), n++;
            sub = (sub - mask) & mask;
        } while (sub);
        uint64_t best = 0;
        int best_hi = 0, found = 0;
        size_t o = 0, best_end = (size_t)-1;
        while (found < CANDIDATES) {
            uint64_t m = next() & next() & next();
            if (popcount((mask * m) & 0xFF00000000000000ULL) < 6) continue;
            int hi = try_magic(m, n, shift);
            if (hi < 0) continue;
            found++;
            size_t p = 0;
            while (!fits(m, n, shift, p)) p++;
            size_t e = p + (size_t)hi + 1;
            if (e < size) e = size;
            if (e < best_end || (e == best_end && hi < best_hi)) best_end = e, best = m, best_hi = hi, o = p;
        }
        for (int i = 0; i < n; i++) {
            size_t k = o + (size_t)((subset[i] * best) >> shift);
            used[k] = 1, table[k] = attack[i];
        }
        if (o + (size_t)best_hi + 1 > size) size = o + (size_t)best_hi + 1;
        out[sq].mask = mask, out[sq].magic = best, out[sq].offset = o, out[sq].pext_offset = pext;
        pext += (size_t)n;
    }
    *pext_size = pext;
    return size;
}

static void emit(const char *name, const struct result r[64])
{
    printf("\nconst bb__magic %s[64] = {\n", name);
    for (int sq = 0; sq < 64; sq++)
        printf("    {0x%016llxULL, 0x%016llxULL, %6zu, %6zu}, /* %c%d */\n", (unsigned long long)r[sq].mask,
               (unsigned long long)r[sq].magic, r[sq].offset, r[sq].pext_offset, 'a' + sq % 8, 1 + sq / 8);
    printf("};\n");
}

int main(void)
{
    static struct result rook[64], bishop[64];
    size_t rook_pext, bishop_pext;
    size_t rook_size = generate(0, rook, &rook_pext);
    size_t bishop_size = generate(1, bishop, &bishop_pext);
    printf("/* The magic method's numbers: per square the relevant-occupancy mask, the\n"
           " * magic, the offset of its slice in the shared magic table (index: the top\n"
           " * 12 bits of (occ & mask) * magic for a rook, 9 for a bishop) and the offset\n"
           " * of its slice in the PEXT table.\n"
           " * Generated by tools/gen_magics.c (`build/tools/gen_magics`, seed 0x%016llx,\n"
           " * %d candidates a square): do not edit.  tests/test_attacks_tables.c\n"
           " * re-verifies every magic. */\n"
           "#include \"bitboard.h\"\n\n"
           "_Static_assert(BB__ROOK_MAGIC_SIZE == %zu, \"attacks_tables.h: BB__ROOK_MAGIC_SIZE\");\n"
           "_Static_assert(BB__BISHOP_MAGIC_SIZE == %zu, \"attacks_tables.h: BB__BISHOP_MAGIC_SIZE\");\n"
           "_Static_assert(BB__ROOK_PEXT_SIZE == %zu, \"attacks_tables.h: BB__ROOK_PEXT_SIZE\");\n"
           "_Static_assert(BB__BISHOP_PEXT_SIZE == %zu, \"attacks_tables.h: BB__BISHOP_PEXT_SIZE\");\n",
           (unsigned long long)SEED, CANDIDATES, rook_size, bishop_size, rook_pext, bishop_pext);
    emit("bb__rook_magic", rook);
    emit("bb__bishop_magic", bishop);
    fprintf(stderr, "gen_magics: rook table %zu entries, bishop %zu (pext %zu, %zu)\n", rook_size, bishop_size,
            rook_pext, bishop_pext);
    return 0;
}
