/* Soak area attacks: slider attacks by every method compiled in (naive,
 * rotated, kindergarten, magic, pext, hyperbola, Kogge-Stone, the plain
 * names), Hyatt's incremental rotated state through a random walk of sets,
 * clears and moves, the fills, the leapers, bb_between and bb_line_through,
 * all against rays walked here square by square. */
#include "bitboard.h"
#include "soak_util.h"

soak_area_fn soak_area_attacks;

#define AREA "attacks"

static const int steps[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, -1}, {1, -1}, {-1, 1}};

static int inside(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }

/* The squares seen from sq along steps[d0..d1): up to and with the first
 * square occ holds. */
static uint64_t walk(int sq, uint64_t occ, int d0, int d1)
{
    uint64_t a = 0;
    for (int d = d0; d < d1; d++)
        for (int f = (sq & 7) + steps[d][0], r = (sq >> 3) + steps[d][1]; inside(f, r);
             f += steps[d][0], r += steps[d][1]) {
            a |= (uint64_t)1 << (r * 8 + f);
            if (occ >> (r * 8 + f) & 1) break;
        }
    return a;
}
static uint64_t rook_walk(int sq, uint64_t occ) { return walk(sq, occ, 0, 4); }
static uint64_t bishop_walk(int sq, uint64_t occ) { return walk(sq, occ, 4, 8); }

/* The squares a leaper on sq reaches by each of n steps (df, dr). */
static uint64_t leap(int sq, const int (*by)[2], int n)
{
    uint64_t a = 0;
    for (int k = 0; k < n; k++) {
        int f = (sq & 7) + by[k][0], r = (sq >> 3) + by[k][1];
        if (inside(f, r)) a |= (uint64_t)1 << (r * 8 + f);
    }
    return a;
}

/* The squares strictly between a and b on a shared line, and the whole line
 * (else 0 and 0). */
static void between_and_line(int a, int b, uint64_t *between, uint64_t *line)
{
    *between = *line = 0;
    for (int d = 0; d < 8; d++) {
        uint64_t run = 0;
        for (int f = (a & 7) + steps[d][0], r = (a >> 3) + steps[d][1]; inside(f, r); f += steps[d][0], r += steps[d][1]) {
            if (r * 8 + f == b) {
                *between = run;
                *line = walk(a, 0, d, d + 1) | walk(a, 0, d ^ 1, (d ^ 1) + 1) | (uint64_t)1 << a;
                return;
            }
            run |= (uint64_t)1 << (r * 8 + f);
        }
    }
}

void soak_area_attacks(uint64_t seed, int64_t first, int64_t last, soak_stats *st)
{
    static const int knight[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    static const int white_pawn[2][2] = {{-1, 1}, {1, 1}}, black_pawn[2][2] = {{-1, -1}, {1, -1}};
    st->work_name = "lookups";
    for (int64_t i = first; (last < 0 || i <= last) && soak_time_left(); i++) {
        soak_rng r = soak_rng_of(soak_case_seed(seed, i));
        char why[240];
        const char *bad = NULL;
        uint64_t occ = soak_board(&r);
        soak_note("occupancy 0x%016llx", (unsigned long long)occ);
        for (int k = 0; k < 16 && !bad; k++) {
            int sq = soak_below(&r, 64);
            if (soak_below(&r, 2)) occ ^= (uint64_t)1 << sq; /* sq in occ or not: either must not matter */
            uint64_t rw = rook_walk(sq, occ), bw = bishop_walk(sq, occ);
            for (int m = -1; m < BB_ATTACK_METHOD_COUNT && !bad; m++) {
                if (m >= 0 && !bb_attack_method_available((bb_attack_method)m)) continue;
                uint64_t ra = m < 0 ? bb_rook_attacks(sq, occ) : bb_rook_attacks_with((bb_attack_method)m, sq, occ);
                uint64_t ba = m < 0 ? bb_bishop_attacks(sq, occ) : bb_bishop_attacks_with((bb_attack_method)m, sq, occ);
                uint64_t qa = m < 0 ? bb_queen_attacks(sq, occ) : rw | bw;
                if (ra != rw || ba != bw || qa != (rw | bw))
                    snprintf(why, sizeof why,
                             "%s from %d, occupancy 0x%016llx: rook 0x%016llx bishop 0x%016llx queen 0x%016llx, "
                             "want 0x%016llx 0x%016llx",
                             m < 0 ? "the plain names" : bb_attack_method_name((bb_attack_method)m), sq,
                             (unsigned long long)occ, (unsigned long long)ra, (unsigned long long)ba,
                             (unsigned long long)qa, (unsigned long long)rw, (unsigned long long)bw),
                        bad = why;
                st->work += 2;
            }
            uint64_t kn = leap(sq, knight, 8), kg = leap(sq, steps, 8), wp = leap(sq, white_pawn, 2),
                     bp = leap(sq, black_pawn, 2);
            if (!bad && (bb_knight_attacks(sq) != kn || bb_king_attacks(sq) != kg || bb_pawn_attacks(0, sq) != wp ||
                         bb_pawn_attacks(1, sq) != bp))
                snprintf(why, sizeof why, "leapers from %d: knight 0x%016llx king 0x%016llx pawns 0x%016llx 0x%016llx",
                         sq, (unsigned long long)bb_knight_attacks(sq), (unsigned long long)bb_king_attacks(sq),
                         (unsigned long long)bb_pawn_attacks(0, sq), (unsigned long long)bb_pawn_attacks(1, sq)),
                    bad = why;
            int other = soak_below(&r, 64);
            uint64_t btw, line;
            between_and_line(sq, other, &btw, &line);
            if (!bad && (bb_between(sq, other) != btw || bb_line_through(sq, other) != line))
                snprintf(why, sizeof why, "between/line of %d and %d: 0x%016llx 0x%016llx, want 0x%016llx 0x%016llx",
                         sq, other, (unsigned long long)bb_between(sq, other),
                         (unsigned long long)bb_line_through(sq, other), (unsigned long long)btw,
                         (unsigned long long)line),
                    bad = why;
        }
        /* fills: the union of the attack sets of a set of squares */
        uint64_t from = soak_board(&r) & soak_next(&r), rf = 0, bf = 0;
        for (int sq = 0; sq < 64; sq++)
            if (from >> sq & 1) rf |= rook_walk(sq, occ), bf |= bishop_walk(sq, occ);
        if (!bad && (bb_rook_fill(from, occ) != rf || bb_bishop_fill(from, occ) != bf || bb_queen_fill(from, occ) != (rf | bf)))
            snprintf(why, sizeof why, "fills of 0x%016llx, occupancy 0x%016llx: rook 0x%016llx bishop 0x%016llx, "
                     "want 0x%016llx 0x%016llx",
                     (unsigned long long)from, (unsigned long long)occ, (unsigned long long)bb_rook_fill(from, occ),
                     (unsigned long long)bb_bishop_fill(from, occ), (unsigned long long)rf, (unsigned long long)bf),
                bad = why;
        /* the incremental rotated state along random sets, clears and moves */
        bb_rotated_occ s;
        bb_rotated_occ_init(&s, occ);
        for (int k = 0; k < 24 && !bad; k++) {
            int a = soak_below(&r, 64), b = soak_below(&r, 64);
            const char *op;
            if (occ >> a & 1) {
                if (a != b && !(occ >> b & 1) && soak_below(&r, 2)) {
                    bb_rotated_occ_move(&s, a, b), op = "move";
                    occ ^= (uint64_t)1 << a | (uint64_t)1 << b;
                } else {
                    bb_rotated_occ_clear(&s, a), op = "clear";
                    occ ^= (uint64_t)1 << a;
                }
            } else {
                bb_rotated_occ_set(&s, a), op = "set";
                occ |= (uint64_t)1 << a;
            }
            int sq = soak_below(&r, 64);
            uint64_t ra = bb_rotated_rook_attacks(&s, sq), ba = bb_rotated_bishop_attacks(&s, sq),
                     qa = bb_rotated_queen_attacks(&s, sq), rw = rook_walk(sq, occ), bw = bishop_walk(sq, occ);
            if (s.occ != occ || ra != rw || ba != bw || qa != (rw | bw))
                snprintf(why, sizeof why,
                         "rotated state after %s %d (%d): occupancy 0x%016llx (want 0x%016llx), from %d rook 0x%016llx "
                         "bishop 0x%016llx, want 0x%016llx 0x%016llx",
                         op, a, b, (unsigned long long)s.occ, (unsigned long long)occ, sq, (unsigned long long)ra,
                         (unsigned long long)ba, (unsigned long long)rw, (unsigned long long)bw),
                    bad = why;
            st->work += 3;
        }
        st->cases++;
        if (bad) {
            st->failures++;
            soak_report_failure(AREA, seed, i, "%s", bad);
        }
    }
}
