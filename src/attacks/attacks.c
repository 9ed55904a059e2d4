/* Attacks: the naive oracle (ray walking), the method names, and what each
 * method's tables weigh.  Everything fast is inline in bitboard/attacks.h. */
#include "bitboard.h"

/* Walks each of the n directions (file step, rank step) from sq until the
 * edge, stopping after the first square in occ. */
static uint64_t walk(int sq, uint64_t occ, const int (*dir)[2], int n)
{
    uint64_t a = 0;
    for (int d = 0; d < n; d++) {
        int f = sq % 8 + dir[d][0], r = sq / 8 + dir[d][1];
        while (f >= 0 && f < 8 && r >= 0 && r < 8) {
            uint64_t b = (uint64_t)1 << (8 * r + f);
            a |= b;
            if (occ & b) break;
            f += dir[d][0], r += dir[d][1];
        }
    }
    return a;
}

static const int rook_dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
static const int bishop_dirs[4][2] = {{1, 1}, {-1, 1}, {1, -1}, {-1, -1}};

uint64_t bb_rook_attacks_naive(int sq, uint64_t occ)
{
    BB__ASSERT_SQUARE(sq);
    return walk(sq & 63, occ, rook_dirs, 4);
}

uint64_t bb_bishop_attacks_naive(int sq, uint64_t occ)
{
    BB__ASSERT_SQUARE(sq);
    return walk(sq & 63, occ, bishop_dirs, 4);
}

static const char *const method_names[BB_ATTACK_METHOD_COUNT] = {
    "naive", "rotated", "kindergarten", "magic", "pext", "hyperbola", "kogge-stone",
};

const char *bb_attack_method_name(bb_attack_method m)
{
    return (unsigned)m < BB_ATTACK_METHOD_COUNT ? method_names[m] : NULL;
}

int bb_attack_method_from_name(const char *name, bb_attack_method *m)
{
    static const char *const aliases[] = {"kogge_stone", "koggestone"};
    BB__ASSERT_NOT_NULL(name, "name");
    BB__ASSERT_NOT_NULL(m, "m");
    int i = bb__name_index(name, method_names, BB_ATTACK_METHOD_COUNT);
    if (i < 0 && bb__name_index(name, aliases, 2) >= 0) i = BB_ATTACKS_KOGGE_STONE;
    if (i < 0 || !m) return -1;
    *m = (bb_attack_method)i;
    return 0;
}

int bb_attack_method_available(bb_attack_method m)
{
    if ((unsigned)m >= BB_ATTACK_METHOD_COUNT) return 0;
    return m != BB_ATTACKS_PEXT || BB_HAVE_BMI2;
}
/* The bytes of tables each method reads, rook and bishop together.  The
 * leaper, between and line tables (67,584 bytes) belong to no method. */
size_t bb_attack_method_memory(bb_attack_method m)
{
    size_t squares = sizeof bb__rook_magic + sizeof bb__bishop_magic; /* magic and pext share them */
    size_t small = sizeof bb__first_rank_attacks + sizeof bb__diagonals_ex;
    switch (m) {
    case BB_ATTACKS_ROTATED:
        return sizeof bb__rotated_rank_attacks + sizeof bb__rotated_file_attacks + sizeof bb__rotated45_attacks +
               sizeof bb__rotated315_attacks + sizeof bb__rotated45_offset + sizeof bb__rotated315_offset +
               sizeof bb__rotated_occ_bit + sizeof bb_rotated90_shift + sizeof bb_rotated45_shift +
               sizeof bb_rotated45_length + sizeof bb_rotated315_shift + sizeof bb_rotated315_length;
    case BB_ATTACKS_KINDERGARTEN:
    case BB_ATTACKS_HYPERBOLA: return small;
    case BB_ATTACKS_MAGIC: return sizeof bb__rook_magic_table + sizeof bb__bishop_magic_table + squares;
    case BB_ATTACKS_PEXT:
        return BB_HAVE_BMI2 ? sizeof bb__rook_pext_table + sizeof bb__bishop_pext_table + squares : 0;
    case BB_ATTACKS_NAIVE:
    case BB_ATTACKS_KOGGE_STONE: break;
    }
    return 0;
}
