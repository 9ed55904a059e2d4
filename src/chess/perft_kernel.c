/* The dedicated chess perft kernel (private interface: perft_kernel.h).
 *
 * How it is fast:
 *   - its own 64-byte board, copied for each child (copy-make): five
 *     colourless piece boards, the colour boards, ep square and rights;
 *   - legal moves straight from check and pin masks, found without a single
 *     slider lookup: each enemy slider on a line with the king (empty-board
 *     rays) is a checker if nothing stands between, and pins our piece if
 *     exactly that piece does (the masks of Gigantua and of the Chess
 *     Programming Wiki's "Checks and Pinned Pieces"); those rules, the
 *     pawns' under pins, en passant's and castling's are legal_inline.h's,
 *     written once for this kernel and movegen.c;
 *   - the last ply counted, not made: popcounts of the masked attack sets,
 *     pawns all at once by shifts, promotions four times;
 *   - at the last ply, the children of one node share its analysis for their
 *     side: a child whose move changed no square between that king and our
 *     sliders on its lines (a square changes when its colour or its slider
 *     kind does) nor put a slider on one has the parent's pins and no slider
 *     check, and skips the rays (96% of the children of the start position's
 *     tree, 82% of Kiwipete's; analyse_child states the invariant);
 *   - the walk specialized at compile time on the side to move and on
 *     whether any castling right is left: each node function is one of four
 *     copies of the same always-inlined body with those two as constants
 *     (so pawn directions are shifts by constants and positions without
 *     rights never look at castling);
 *   - slider attacks by the library's default method (PEXT with BMI2, magic
 *     multiplication otherwise), inlined.
 * Positions reached are legal, so checks the rules make impossible (a king
 * missing, a double check answered by a non-king move) are not tested. */
/* GCC's tuning for AMD Zen (what -march=native picks here) keeps values in
 * vector registers when general registers run out, and this kernel's node
 * needs more than 16: the round trips (vmovq both ways) cost 13% on Zen 5.
 * The Skylake tuning spills to the stack instead; it changes no instruction
 * set, only scheduling and register allocation, so every build takes it
 * (before the headers, so that their inline functions match and inline). */
#if defined(__GNUC__) && !defined(__clang__) && (defined(__x86_64__) || defined(__i386__))
#pragma GCC target("tune=skylake")
#endif
/* And -O3 where the build optimizes at all (gcc; 4% on Zen 5 over -O2, best
 * of 7 runs A/B; a -O0 build stays -O0 for the debugger). */
#if defined(__GNUC__) && !defined(__clang__) && defined(__OPTIMIZE__)
#pragma GCC optimize("O3")
#endif
#include "perft_kernel.h"
#include "legal_inline.h"

#include <stddef.h>
#include <string.h>

/* AVX-512 with its 64-bit popcount: the sliders' moves of the last ply are
 * counted for all pieces at once, one direction a lane (KSLIDE_VEC). */
#if defined(__AVX512F__) && defined(__AVX512VPOPCNTDQ__) && defined(__x86_64__) && !defined(BB_PORTABLE)
#define KSLIDE_VEC 1
#include <immintrin.h>
#else
#define KSLIDE_VEC 0
#endif

/* KBODY: the three big bodies (gen, count_acc, node_impl), forced inline
 * like the rest unless BB_NO_FORCE_INLINE (make test's fuzz, ThreadSanitizer
 * and ASan+UBSan builds): then one copy of each, compiled in a quarter of
 * the time and run slower (README, "Build macros"). */
#if defined(__GNUC__) || defined(__clang__)
#define KINLINE static inline __attribute__((always_inline))
#ifdef BB_NO_FORCE_INLINE
#define KBODY static inline
#else
#define KBODY KINLINE
#endif
#define KNOINLINE static __attribute__((noinline))
#define CTZ(x) __builtin_ctzll(x)
#else
#define KINLINE static inline
#define KBODY static inline
#define KNOINLINE static
static inline int ctz_portable(uint64_t x)
{
    int n = 0;
    while (!(x & 1)) x >>= 1, n++;
    return n;
}
#define CTZ(x) ctz_portable(x)
#endif

/* Without the POPCNT instruction (x86-64 baseline: ARCH=x86-64, PORTABLE=1)
 * gcc's builtin is a call into libgcc; the library's inline SWAR count is
 * 10% faster here. */
#if defined(__POPCNT__) || !(defined(__GNUC__) || defined(__clang__)) || !(defined(__x86_64__) || defined(__i386__))
#define POP(x) ((uint64_t)bb_popcount(x))
#else
#define POP(x) ((uint64_t)bb__popcount_portable(x))
#endif
#define BIT(sq) ((uint64_t)1 << (sq))
#define NOT_A 0xFEFEFEFEFEFEFEFEULL
#define NOT_H 0x7F7F7F7F7F7F7F7FULL

/* ---- pawn geometry for side us (a constant in every caller; the moves: legal_inline.h) */
#define PUSH_OFF(us) ((us) ? -8 : 8)
#define CAPW_OFF(us) ((us) ? -9 : 7)
#define CAPE_OFF(us) ((us) ? -7 : 9)
#define PROMO_RANK(us) ((us) ? 0x00000000000000FFULL : 0xFF00000000000000ULL)

/* ---- what a node knows before it moves ---------------------------------------- */
typedef struct {
    uint64_t own, enemy, occ;
    uint64_t checkers;
    uint64_t checkmask; /* where a non-king move must land: all squares if not in check */
    uint64_t pin_d, pin_hv; /* the pin rays (king excluded, pinner included), diagonal and straight */
    int k;
} kinfo;

/* With lines (NULL elsewhere): the king's straight and diagonal lines, and
 * the squares from the king to each enemy slider on them, the slider
 * included (kshared's live). */
KINLINE void analyse_lines(const bb__kboard *b, const int us, kinfo *I, uint64_t *lines)
{
    const int them = us ^ 1;
    uint64_t own = b->color[us], enemy = b->color[them], occ = own | enemy;
    int k = CTZ(b->kings & own);
    uint64_t checkers = bb__chess_leaper_checkers(k, us, b->knights & enemy, b->pawns & enemy);
    uint64_t rays_o = bb__chess_lines_o(k), rays_d = bb__chess_lines_d(k), live = 0;
    uint64_t *lp = lines ? &live : NULL;
    uint64_t pin_hv = bb__chess_pin_rays(k, rays_o & b->orth & enemy, occ, own, &checkers, lp);
    uint64_t pin_d = bb__chess_pin_rays(k, rays_d & b->diag & enemy, occ, own, &checkers, lp);
    I->own = own, I->enemy = enemy, I->occ = occ, I->k = k;
    I->checkers = checkers, I->checkmask = bb__chess_check_mask(k, checkers), I->pin_d = pin_d, I->pin_hv = pin_hv;
    if (lines) lines[0] = rays_o, lines[1] = rays_d, lines[2] = live;
}
KINLINE void analyse(const bb__kboard *b, const int us, kinfo *I) { analyse_lines(b, us, I, NULL); }

/* What the children of one node share for their own analyse(): the node
 * analysed for the children's side (base: the children's king, and the
 * pins of its pieces), the squares whose change could change a slider's
 * check or pin (live: from that king to each of our sliders on its lines,
 * the slider included), and the king's straight and diagonal lines. */
typedef struct {
    kinfo base;
    uint64_t live, rays_o, rays_d;
} kshared;

/* What the children of b (us to move) share. */
KINLINE void shared_of(const bb__kboard *b, const int us, kshared *S)
{
    uint64_t lines[3];
    analyse_lines(b, us ^ 1, &S->base, lines);
    S->rays_o = lines[0], S->rays_d = lines[1], S->live = lines[2];
}

/* analyse() for a child ch of `parent`, S what parent's children share.
 *
 * The invariant: the sliders' checks and pins against a king on k are a
 * function of four boards on k's lines and nothing else: the two colours
 * (so the occupancy), and which squares hold a straight slider and which a
 * diagonal one.  Let `changed` be every square where one of those four
 * differs between parent and child.  A move changes a square's colour where
 * a piece leaves or lands, where a capture (en passant too) takes a piece,
 * and where a promotion puts its new piece.  Only castling can change a
 * square and leave its colour: a Chess960 castling may put the rook where
 * the king stood, or the king where the rook stood.  It moves a king and a
 * straight slider, so `changed` is the colours' changes and the straight
 * sliders' (the diagonal board never changes where no colour does).
 * If no changed square is on S->live (from the king to each of the parent's
 * sliders on its lines, the slider included: a slider gone, a blocker moved,
 * added or recoloured) nor holds a slider of the child on a king line it
 * moves along (a slider arrived), the child's slider checks and pins are
 * the parent's: none (the parent's side was to move, so it gave no check)
 * and S->base's pins.  The child's king stood still, so only a knight or a
 * pawn can give a new check from outside the lines: those are looked up.
 * Otherwise analyse() from the start.  tests/test_chess_kernel.c holds the
 * positions that break each part of this condition when it is left out. */
KINLINE void analyse_child(const bb__kboard *ch, const bb__kboard *parent, const kshared *S, const int us,
                           kinfo *I)
{
    const int them = us ^ 1;
    uint64_t own = ch->color[us], enemy = ch->color[them];
    uint64_t changed = (own ^ parent->color[us]) | (enemy ^ parent->color[them]) | (ch->orth ^ parent->orth);
    if (changed & (S->live | (S->rays_o & ch->orth) | (S->rays_d & ch->diag))) {
        analyse(ch, us, I);
        return;
    }
    int k = S->base.k;
    uint64_t checkers = bb__chess_leaper_checkers(k, us, ch->knights & enemy, ch->pawns & enemy);
    I->own = own, I->enemy = enemy, I->occ = own | enemy, I->k = k;
    I->checkers = checkers, I->checkmask = checkers ? checkers : ~(uint64_t)0;
    I->pin_d = S->base.pin_d, I->pin_hv = S->base.pin_hv;
}

#if KSLIDE_VEC
/* The squares the straight sliders `orth` and the diagonal sliders `diag`
 * attack through occupancy occ, one direction a lane: N E NE NW S W SW SE.
 * Kogge-Stone fills by rotation, each lane's mask dropping the squares a
 * rotation wraps onto.  Rays of one direction never overlap but on a
 * blocker, so the lanes' popcounts under a target without our own pieces
 * add up to the moves. */
KINLINE __m512i slide8(uint64_t orth, uint64_t diag, uint64_t occ)
{
    const __m512i r1 = _mm512_set_epi64(57, 55, 63, 56, 7, 9, 1, 8);
    const __m512i r2 = _mm512_set_epi64(50, 46, 62, 48, 14, 18, 2, 16);
    const __m512i r4 = _mm512_set_epi64(36, 28, 60, 32, 28, 36, 4, 32);
    const uint64_t na = NOT_A, nh = NOT_H, n1 = ~0xFFULL, n8 = ~0xFF00000000000000ULL;
    const __m512i m = _mm512_set_epi64((long long)(na & n8), (long long)(nh & n8), (long long)nh, (long long)n8,
                                       (long long)(nh & n1), (long long)(na & n1), (long long)na, (long long)n1);
    __m512i gen = _mm512_set_epi64((long long)diag, (long long)diag, (long long)orth, (long long)orth,
                                   (long long)diag, (long long)diag, (long long)orth, (long long)orth);
    __m512i pro = _mm512_and_si512(_mm512_set1_epi64((long long)~occ), m);
    gen = _mm512_ternarylogic_epi64(gen, pro, _mm512_rolv_epi64(gen, r1), 0xF8); /* gen | pro & rot */
    pro = _mm512_and_si512(pro, _mm512_rolv_epi64(pro, r1));
    gen = _mm512_ternarylogic_epi64(gen, pro, _mm512_rolv_epi64(gen, r2), 0xF8);
    pro = _mm512_and_si512(pro, _mm512_rolv_epi64(pro, r2));
    gen = _mm512_ternarylogic_epi64(gen, pro, _mm512_rolv_epi64(gen, r4), 0xF8);
    return _mm512_and_si512(_mm512_rolv_epi64(gen, r1), m);
}

/* The squares the knights `kn` jump to, one of the eight jumps a lane (a
 * jump is one-to-one, so the lanes' popcounts add up to the moves). */
KINLINE __m512i jump8(uint64_t kn)
{
    const __m512i r = _mm512_set_epi64(47, 49, 54, 58, 6, 10, 15, 17);
    const uint64_t na = NOT_A, nh = NOT_H, nab = 0xFCFCFCFCFCFCFCFCULL, ngh = 0x3F3F3F3F3F3F3F3FULL;
    const uint64_t r1 = ~0xFFULL, r12 = ~0xFFFFULL, r8 = ~0xFF00000000000000ULL, r78 = ~0xFFFF000000000000ULL;
    const __m512i m = _mm512_set_epi64((long long)(nh & r78), (long long)(na & r78), (long long)(ngh & r8),
                                       (long long)(nab & r8), (long long)(ngh & r1), (long long)(nab & r1),
                                       (long long)(nh & r12), (long long)(na & r12));
    return _mm512_and_si512(_mm512_rolv_epi64(_mm512_set1_epi64((long long)kn), r), m);
}
#endif

/* 1 if square sq is attacked by the pieces of `enemy` (a subset of the
 * side not to move) with sliders seeing through occupancy occ. */
KINLINE int attacked(const bb__kboard *b, int sq, uint64_t occ, uint64_t enemy, const int us)
{
    if (((bb__knight_attacks[sq] & b->knights) | (bb__pawn_attacks[64 * us + sq] & b->pawns) |
         (bb__king_attacks[sq] & b->kings)) & enemy)
        return 1;
    return ((bb_bishop_attacks(sq, occ) & b->diag) | (bb_rook_attacks(sq, occ) & b->orth)) & enemy ? 1 : 0;
}

/* The enemy's attacks, sliders seeing through our king: exact on the squares
 * on a line with zone zo (straight) and zd (diagonal), where only the enemy
 * sliders standing on those lines are looked up. */
KINLINE uint64_t enemy_attacks(const bb__kboard *b, const kinfo *I, uint64_t zo, uint64_t zd, const int us)
{
    const int them = us ^ 1;
    uint64_t occ = I->occ ^ BIT(I->k), ep = b->pawns & I->enemy;
    uint64_t a = bb__chess_cap_west(them, ep) | bb__chess_cap_east(them, ep) | bb__king_attacks[CTZ(b->kings & I->enemy)];
    uint64_t x = b->knights & I->enemy;
    while (x) {
        a |= bb__knight_attacks[CTZ(x)];
        x &= x - 1;
    }
#if KSLIDE_VEC
    (void)zo, (void)zd;
    return a | (uint64_t)_mm512_reduce_or_epi64(slide8(b->orth & I->enemy, b->diag & I->enemy, occ));
#else
    x = b->diag & I->enemy & zd;
    while (x) {
        a |= bb_bishop_attacks(CTZ(x), occ);
        x &= x - 1;
    }
    x = b->orth & I->enemy & zo;
    while (x) {
        a |= bb_rook_attacks(CTZ(x), occ);
        x &= x - 1;
    }
    return a;
#endif
}

/* 1 if a Chess960 rook of right i shields the king's landing square from a
 * straight slider that sees it once the rook has left (legal_inline.h). */
KINLINE int castle_shielded(const bb__kboard *b, const bb__kctx *c, const kinfo *I, int i)
{
    return c->xray[i] && bb__chess_castle_uncovered(BB__CHESS_PLAIN, i, I->k, c->rook_from[i], I->occ, b->orth & I->enemy);
}

/* 1 if castling right i (0..3, a right of us that b still has, its squares
 * empty) may be played now, the king not in check: no square of the king's
 * path attacked with the king off the board, and no rook's shield. */
KINLINE int castle_ok(const bb__kboard *b, const bb__kctx *c, const kinfo *I, int i, const int us)
{
    uint64_t occ = I->occ ^ BIT(I->k);
    uint64_t path = c->king_path[i];
    while (path) {
        int s = CTZ(path);
        path &= path - 1;
        if (attacked(b, s, occ, I->enemy, us)) return 0;
    }
    return !castle_shielded(b, c, I, i);
}

/* The squares the king may move to, and in *castles the castling rights
 * (bits 0..3) that may be played now (cas: some right is left).  Few squares
 * to test: each by itself; more: against the whole enemy attack map. */
KINLINE uint64_t king_moves(const bb__kboard *b, const bb__kctx *c, const kinfo *I, const int us,
                            const int cas, unsigned *castles)
{
    const int them = us ^ 1;
    uint64_t ep = b->pawns & I->enemy;
    uint64_t near = bb__chess_cap_west(them, ep) | bb__chess_cap_east(them, ep) | bb__king_attacks[CTZ(b->kings & I->enemy)];
    uint64_t cand = bb__king_attacks[I->k] & ~I->own & ~near, test = cand;
    unsigned cs = 0;
    uint64_t zo = 0, zd = 0;
    if (cas && !I->checkers && (b->castling & (us ? 12 : 3))) {
        for (int i = 2 * us; i < 2 * us + 2; i++) {
            if ((b->castling & (1 << i)) && !(I->occ & c->need_empty[i]) && !(c->king_path[i] & near)) {
                cs |= 1u << i;
                test |= c->king_path[i];
                zo |= c->path_zone_o[i], zd |= c->path_zone_d[i];
            }
        }
    }
    if (!test) {
        *castles = cs;
        return 0;
    }
    zo |= bb__kzone_o[I->k], zd |= bb__kzone_d[I->k];
    if (KSLIDE_VEC || POP(test) >= 2) { /* the vector map costs what one square's test does */
        uint64_t map = enemy_attacks(b, I, zo, zd, us);
        for (int i = 2 * us; i < 2 * us + 2; i++)
            if ((cs >> i & 1) && ((c->king_path[i] & map) || castle_shielded(b, c, I, i)))
                cs &= ~(1u << i);
        *castles = cs;
        return cand & ~map;
    }
    for (int i = 2 * us; i < 2 * us + 2; i++)
        if ((cs >> i & 1) && !castle_ok(b, c, I, i, us)) cs &= ~(1u << i);
    *castles = cs;
    uint64_t safe = 0, occ = I->occ ^ BIT(I->k);
    uint64_t en = b->knights & I->enemy, ed = b->diag & I->enemy, eo = b->orth & I->enemy;
    while (cand) {
        int s = CTZ(cand);
        cand &= cand - 1;
        if (bb__knight_attacks[s] & en) continue;
        if (bb_bishop_attacks(s, occ) & ed) continue;
        if (bb_rook_attacks(s, occ) & eo) continue;
        safe |= BIT(s);
    }
    return safe;
}

/* The en-passant captures of b that are legal: the origins of our pawns. */
KINLINE uint64_t ep_origins(const bb__kboard *b, const kinfo *I, const int us)
{
    const int them = us ^ 1;
    int ep = b->ep, cap = ep - PUSH_OFF(us);
    uint64_t cands = bb__pawn_attacks[64 * them + ep] & b->pawns & I->own, ok = 0;
    uint64_t leapers = I->checkers & (b->knights | b->pawns);
    while (cands) {
        int f = CTZ(cands);
        cands &= cands - 1;
        if (!bb__chess_ep_exposes(BB__CHESS_PLAIN, I->k, f, ep, cap, I->occ, b->orth & I->enemy, b->diag & I->enemy,
                                  leapers))
            ok |= BIT(f);
    }
    return ok;
}

/* ---- the last ply: count, do not make ------------------------------------------- */

#if KSLIDE_VEC
typedef __m512i kacc; /* the lane counts of the fills, summed once for many counts */
#else
typedef int kacc;
#endif

/* The legal moves of b; with acc, the fills' part is added to *acc instead
 * (the caller sums it). */
KBODY uint64_t count_acc(const bb__kboard *b, const bb__kctx *c, const int us, kacc *acc,
                           const bb__kboard *parent, const kshared *S)
{
    (void)acc; /* without the fills: no part to add */
    kinfo I;
    if (parent) analyse_child(b, parent, S, us, &I);
    else analyse(b, us, &I);
    unsigned cs;
    uint64_t n = POP(king_moves(b, c, &I, us, 1, &cs));
    if (!I.checkmask) return n; /* double check */
    n += POP(cs);
    uint64_t target = ~I.own & I.checkmask, occ = I.occ, pinned = I.pin_d | I.pin_hv;
    uint64_t x = b->knights & I.own & ~pinned;
#if KSLIDE_VEC
    uint64_t kn = x;
    x = 0; /* counted with the sliders */
#endif
    while (x) {
        int s = CTZ(x);
        x &= x - 1;
        n += POP(bb__knight_attacks[s] & target);
    }
    x = b->diag & I.own & ~I.pin_hv;
    uint64_t y = x & I.pin_d;
    x &= ~I.pin_d;
#if KSLIDE_VEC
    {
        uint64_t xo = b->orth & I.own & ~pinned;
        const __m512i t8 = _mm512_set1_epi64((long long)target);
        __m512i a = _mm512_popcnt_epi64(_mm512_and_si512(slide8(xo, x, occ), t8));
        a = _mm512_add_epi64(a, _mm512_popcnt_epi64(_mm512_and_si512(jump8(kn), t8)));
        /* the eight counts (each at most 128, their sum under 219: the most
         * moves a position has) as bytes of one word, summed by a multiply */
        if (acc) {
            *acc = _mm512_add_epi64(*acc, a);
        } else {
            uint64_t bytes = (uint64_t)_mm_cvtsi128_si64(_mm512_cvtepi64_epi8(a));
            n += (bytes * 0x0101010101010101ULL) >> 56;
        }
        x = 0;
    }
#endif
    while (x) {
        int s = CTZ(x);
        x &= x - 1;
        n += POP(bb_bishop_attacks(s, occ) & target);
    }
    while (y) {
        int s = CTZ(y);
        y &= y - 1;
        n += POP(bb_bishop_attacks(s, occ) & target & I.pin_d);
    }
    x = b->orth & I.own & ~I.pin_d;
    y = x & I.pin_hv;
    x &= ~I.pin_hv;
#if KSLIDE_VEC
    x = 0; /* counted with the diagonal ones */
#endif
    while (x) {
        int s = CTZ(x);
        x &= x - 1;
        n += POP(bb_rook_attacks(s, occ) & target);
    }
    while (y) {
        int s = CTZ(y);
        y &= y - 1;
        n += POP(bb_rook_attacks(s, occ) & target & I.pin_hv);
    }
    bb__chess_pawn_moves p;
    bb__chess_pawn_targets(b->pawns & I.own, ~I.occ, I.enemy, I.checkmask, I.pin_hv, I.pin_d, us, &p);
    const uint64_t pr = PROMO_RANK(us);
    n += POP(p.s1) + POP(p.cw) + POP(p.ce) + POP(p.s2);
    if ((p.s1 | p.cw | p.ce) & pr) /* rare: each promotion is four moves */
        n += 3 * (POP(p.s1 & pr) + POP(p.cw & pr) + POP(p.ce & pr));
    if (b->ep) n += POP(ep_origins(b, &I, us));
    return n;
}

KINLINE uint64_t count_impl(const bb__kboard *b, const bb__kctx *c, const int us)
{
    return count_acc(b, c, us, NULL, NULL, NULL);
}

KNOINLINE uint64_t count_w(const bb__kboard *b, const bb__kctx *c) { return count_impl(b, c, 0); }
KNOINLINE uint64_t count_b(const bb__kboard *b, const bb__kctx *c) { return count_impl(b, c, 1); }

/* ---- the exact table ---------------------------------------------------------------- */
KINLINE uint64_t board_hash(const bb__kboard *b, uint64_t meta)
{
    uint64_t h = b->pawns * 0x9E3779B97F4A7C15ULL ^ b->knights * 0xC2B2AE3D27D4EB4FULL ^
                 b->diag * 0x165667B19E3779F9ULL ^ b->orth * 0xD6E8FEB86659FD93ULL ^
                 b->kings * 0xFF51AFD7ED558CCDULL ^ b->color[0] * 0xC4CEB9FE1A85EC53ULL ^
                 b->color[1] * 0x94D049BB133111EBULL ^ meta * 0xBF58476D1CE4E5B9ULL;
    h ^= h >> 31;
    h *= 0x9E3779B97F4A7C15ULL;
    return h ^ (h >> 29);
}
KINLINE void board_words(const bb__kboard *b, uint64_t meta, uint64_t w[8])
{
    w[0] = b->pawns, w[1] = b->knights, w[2] = b->diag, w[3] = b->orth;
    w[4] = b->kings, w[5] = b->color[0], w[6] = b->color[1], w[7] = meta;
}

/* 1 and *n if the table holds b at depth d. */
static int tt_probe(const bb__ktable *t, const uint64_t w[8], uint64_t h, uint64_t *n)
{
    bb__kentry *e = &t->e[h & t->mask];
    uint64_t s1 = atomic_load_explicit(&e->seq, memory_order_acquire);
    if (s1 & 1) return 0;
    int same = 1;
    for (int i = 0; i < 8; i++) same &= atomic_load_explicit(&e->w[i], memory_order_relaxed) == w[i];
    uint64_t cnt = atomic_load_explicit(&e->count, memory_order_relaxed);
    atomic_thread_fence(memory_order_acquire);
    if (atomic_load_explicit(&e->seq, memory_order_relaxed) != s1 || !same) return 0;
    *n = cnt;
    return 1;
}
static void tt_store(const bb__ktable *t, const uint64_t w[8], uint64_t h, uint64_t n)
{
    bb__kentry *e = &t->e[h & t->mask];
    uint64_t s = atomic_load_explicit(&e->seq, memory_order_relaxed);
    if ((s & 1) || !atomic_compare_exchange_strong_explicit(&e->seq, &s, s + 1, memory_order_acquire,
                                                            memory_order_relaxed))
        return; /* another thread is writing it: skip */
    atomic_thread_fence(memory_order_release);
    for (int i = 0; i < 8; i++) atomic_store_explicit(&e->w[i], w[i], memory_order_relaxed);
    atomic_store_explicit(&e->count, n, memory_order_relaxed);
    atomic_store_explicit(&e->seq, s + 2, memory_order_release);
}

/* ---- the walk ------------------------------------------------------------------------- */
enum { KDEEP, KLEAF, KROOT };
typedef struct { bb_chess_move *moves; bb__kboard *children; int n; } kroot;

static uint64_t node_w_c(const bb__kboard *b, int d, const bb__kctx *c);
static uint64_t node_w_n(const bb__kboard *b, int d, const bb__kctx *c);
static uint64_t node_b_c(const bb__kboard *b, int d, const bb__kctx *c);
static uint64_t node_b_n(const bb__kboard *b, int d, const bb__kctx *c);

/* The count below child (the other side to move), one ply shorter than d. */
KINLINE uint64_t below(const bb__kboard *ch, int d, const bb__kctx *c, const int us, const int mode)
{
    if (mode == KLEAF) return us ? count_w(ch, c) : count_b(ch, c);
    if (us) return ch->castling ? node_w_c(ch, d - 1, c) : node_w_n(ch, d - 1, c);
    return ch->castling ? node_b_c(ch, d - 1, c) : node_b_n(ch, d - 1, c);
}

/* One more legal move, its child in *cp: listed (the root), counted below
 * (deeper nodes), or kept to be counted after the loop (the last two plies:
 * one call site for the inlined count, and the child's boards are read long
 * after they were written). */
#define EMIT(mv)                                                           \
    do {                                                                   \
        if (mode == KROOT) {                                               \
            out->moves[out->n++] = (mv);                                   \
            if (out->children) cp = &out->children[out->n];                \
        } else if (mode == KLEAF) {                                        \
            cp = &kids[++nk];                                              \
        } else {                                                           \
            n = bb__count_add(n, below(cp, d, c, us, mode));               \
        }                                                                  \
    } while (0)

/* The child of b after our piece moves from f to t: captures cleared, the
 * colours moved, rights updated; the piece board itself is the caller's. */
KINLINE void child_of(bb__kboard *ch, const bb__kboard *b, int f, int t, const int us, const int cas,
                      const bb__kctx *c, const int mode)
{
    if (mode == KROOT) { /* boards handed out carry the geometry; the walk's own need not */
        memcpy(ch->castle_rook, b->castle_rook, sizeof ch->castle_rook);
        ch->castle_kings = b->castle_kings;
    }
    uint64_t T = BIT(t), clr = ~T;
    /* field by field: plain 8-byte stores, which the child's loads forward from */
    ch->pawns = b->pawns & clr, ch->knights = b->knights & clr;
    ch->diag = b->diag & clr, ch->orth = b->orth & clr, ch->kings = b->kings;
    ch->color[us ^ 1] = b->color[us ^ 1] & clr;
    ch->color[us] = b->color[us] ^ (BIT(f) | T);
    ch->ep = 0;
    ch->side = (uint8_t)(us ^ 1);
    ch->castling = cas ? b->castling & c->cmask[f] & c->cmask[t] : b->castling;
}

/* Every legal move of b, each child counted d - 1 plies deep (or listed). */
KBODY uint64_t gen(const bb__kboard *b, int d, const bb__kctx *c, const int us, const int cas,
                     const int mode, kroot *out, bb__kboard *kids)
{
    uint64_t n = 0;
    kinfo I;
    bb__kboard one, *cp = mode == KLEAF ? kids : mode == KROOT && out->children ? out->children : &one;
    int nk = 0;
    analyse(b, us, &I);
    unsigned cs;
    uint64_t x = king_moves(b, c, &I, us, cas, &cs);
    while (x) {
        int t = CTZ(x);
        x &= x - 1;
        child_of(cp, b, I.k, t, us, cas, c, mode);
        cp->kings ^= BIT(I.k) | BIT(t);
        EMIT(bb_chess_move_make(I.k, t, BB_MOVE_NORMAL, 0));
    }
    if (!I.checkmask) goto done;
    if (cas && cs) {
        for (int i = 2 * us; i < 2 * us + 2; i++) {
            if (!(cs >> i & 1)) continue;
            int rf = c->rook_from[i], kt = c->king_to[i], rt = c->rook_to[i];
            *cp = *b;
            cp->kings = (cp->kings & ~BIT(I.k)) | BIT(kt);
            cp->orth = (cp->orth & ~BIT(rf)) | BIT(rt);
            cp->color[us] = (cp->color[us] & ~(BIT(I.k) | BIT(rf))) | BIT(kt) | BIT(rt);
            cp->castling &= (uint8_t)(us ? 3 : 12);
            cp->ep = 0;
            cp->side = (uint8_t)(us ^ 1);
            EMIT(bb_chess_move_make(I.k, rf, BB_MOVE_CASTLING, 0));
        }
    }
    uint64_t target = ~I.own & I.checkmask, occ = I.occ, pinned = I.pin_d | I.pin_hv;
    x = b->knights & I.own & ~pinned;
    while (x) {
        int f = CTZ(x);
        x &= x - 1;
        uint64_t a = bb__knight_attacks[f] & target;
        while (a) {
            int t = CTZ(a);
            a &= a - 1;
            child_of(cp, b, f, t, us, cas, c, mode);
            cp->knights ^= BIT(f) | BIT(t);
            EMIT(bb_chess_move_make(f, t, BB_MOVE_NORMAL, 0));
        }
    }
    x = b->diag & I.own & ~I.pin_hv;
    while (x) {
        int f = CTZ(x);
        x &= x - 1;
        uint64_t a = bb_bishop_attacks(f, occ) & target;
        if (BIT(f) & I.pin_d) a &= I.pin_d;
        uint64_t q = (b->orth >> f) & 1 ? ~(uint64_t)0 : 0;
        while (a) {
            int t = CTZ(a);
            a &= a - 1;
            child_of(cp, b, f, t, us, cas, c, mode);
            uint64_t mv = BIT(f) | BIT(t);
            cp->diag ^= mv, cp->orth ^= mv & q;
            EMIT(bb_chess_move_make(f, t, BB_MOVE_NORMAL, 0));
        }
    }
    x = b->orth & I.own & ~I.pin_d;
    while (x) {
        int f = CTZ(x);
        x &= x - 1;
        uint64_t a = bb_rook_attacks(f, occ) & target;
        if (BIT(f) & I.pin_hv) a &= I.pin_hv;
        uint64_t q = (b->diag >> f) & 1 ? ~(uint64_t)0 : 0;
        while (a) {
            int t = CTZ(a);
            a &= a - 1;
            child_of(cp, b, f, t, us, cas, c, mode);
            uint64_t mv = BIT(f) | BIT(t);
            cp->orth ^= mv, cp->diag ^= mv & q;
            EMIT(bb_chess_move_make(f, t, BB_MOVE_NORMAL, 0));
        }
    }
    bb__chess_pawn_moves p;
    bb__chess_pawn_targets(b->pawns & I.own, ~I.occ, I.enemy, I.checkmask, I.pin_hv, I.pin_d, us, &p);
    const uint64_t pr = PROMO_RANK(us);
    const uint64_t sets[3] = {p.s1, p.cw, p.ce};
    const int offs[3] = {PUSH_OFF(us), CAPW_OFF(us), CAPE_OFF(us)};
    for (int j = 0; j < 3; j++) {
        x = sets[j] & ~pr;
        while (x) {
            int t = CTZ(x), f = t - offs[j];
            x &= x - 1;
            child_of(cp, b, f, t, us, cas, c, mode);
            cp->pawns ^= BIT(f) | BIT(t);
            EMIT(bb_chess_move_make(f, t, BB_MOVE_NORMAL, 0));
        }
        x = sets[j] & pr;
        while (x) {
            int t = CTZ(x), f = t - offs[j];
            x &= x - 1;
            child_of(cp, b, f, t, us, cas, c, mode);
            cp->pawns ^= BIT(f);
            bb__kboard base = *cp;
            cp->diag |= BIT(t), cp->orth |= BIT(t);
            EMIT(bb_chess_move_make(f, t, BB_MOVE_PROMOTION, BB_QUEEN));
            *cp = base, cp->knights |= BIT(t);
            EMIT(bb_chess_move_make(f, t, BB_MOVE_PROMOTION, BB_KNIGHT));
            *cp = base, cp->orth |= BIT(t);
            EMIT(bb_chess_move_make(f, t, BB_MOVE_PROMOTION, BB_ROOK));
            *cp = base, cp->diag |= BIT(t);
            EMIT(bb_chess_move_make(f, t, BB_MOVE_PROMOTION, BB_BISHOP));
        }
    }
    x = p.s2;
    while (x) {
        int t = CTZ(x), f = t - 2 * PUSH_OFF(us), e = t - PUSH_OFF(us);
        x &= x - 1;
        child_of(cp, b, f, t, us, cas, c, mode);
        cp->pawns ^= BIT(f) | BIT(t);
        /* the ep square only if an enemy pawn could take there */
        if (bb__pawn_attacks[64 * us + e] & b->pawns & I.enemy) cp->ep = (uint8_t)e;
        EMIT(bb_chess_move_make(f, t, BB_MOVE_NORMAL, 0));
    }
    if (b->ep) {
        x = ep_origins(b, &I, us);
        int t = b->ep, cap = t - PUSH_OFF(us);
        while (x) {
            int f = CTZ(x);
            x &= x - 1;
            child_of(cp, b, f, t, us, cas, c, mode);
            cp->pawns ^= BIT(f) | BIT(t) | BIT(cap);
            cp->color[us ^ 1] ^= BIT(cap);
            EMIT(bb_chess_move_make(f, t, BB_MOVE_EN_PASSANT, 0));
        }
    }
done:
    if (mode == KLEAF) {
        kshared S;
        shared_of(b, us, &S);
#if KSLIDE_VEC
        kacc acc = _mm512_setzero_si512();
        for (int i = 0; i < nk; i++) n += count_acc(&kids[i], c, us ^ 1, &acc, b, &S);
        n += (uint64_t)_mm512_reduce_add_epi64(acc);
#else
        for (int i = 0; i < nk; i++) n += count_acc(&kids[i], c, us ^ 1, NULL, b, &S);
#endif
    }
    return n;
}

KBODY uint64_t node_impl(const bb__kboard *b, int d, const bb__kctx *c, const int us, const int cas)
{
    if (d == 2) {
        bb__kboard kids[BB_CHESS_MAX_MOVES + 1];
        return gen(b, 2, c, us, cas, KLEAF, NULL, kids);
    }
    if (c->stop && *c->stop) return 0;
    if (c->tt) {
        uint64_t meta = (uint64_t)b->ep | (uint64_t)b->castling << 8 | (uint64_t)us << 16 | (uint64_t)d << 24;
        uint64_t w[8], h = board_hash(b, meta), n;
        board_words(b, meta, w);
        if (tt_probe(c->tt, w, h, &n)) return n;
        n = gen(b, d, c, us, cas, KDEEP, NULL, NULL);
        if (!(c->stop && *c->stop)) tt_store(c->tt, w, h, n);
        return n;
    }
    return gen(b, d, c, us, cas, KDEEP, NULL, NULL);
}

KNOINLINE uint64_t node_w_c(const bb__kboard *b, int d, const bb__kctx *c) { return node_impl(b, d, c, 0, 1); }
KNOINLINE uint64_t node_w_n(const bb__kboard *b, int d, const bb__kctx *c) { return node_impl(b, d, c, 0, 0); }
KNOINLINE uint64_t node_b_c(const bb__kboard *b, int d, const bb__kctx *c) { return node_impl(b, d, c, 1, 1); }
KNOINLINE uint64_t node_b_n(const bb__kboard *b, int d, const bb__kctx *c) { return node_impl(b, d, c, 1, 0); }

uint64_t bb__kperft(const bb__kboard *b, int depth, const bb__kctx *c)
{
    if (depth <= 0) return 1;
    if (depth == 1) return b->side ? count_b(b, c) : count_w(b, c);
    if (b->side) return b->castling ? node_b_c(b, depth, c) : node_b_n(b, depth, c);
    return b->castling ? node_w_c(b, depth, c) : node_w_n(b, depth, c);
}

int bb__kroot(const bb__kboard *b, const bb__kctx *c, bb_chess_move *moves, bb__kboard *children)
{
    kroot out = {moves, children, 0};
    if (b->side) {
        if (b->castling) gen(b, 2, c, 1, 1, KROOT, &out, NULL);
        else gen(b, 2, c, 1, 0, KROOT, &out, NULL);
    } else {
        if (b->castling) gen(b, 2, c, 0, 1, KROOT, &out, NULL);
        else gen(b, 2, c, 0, 0, KROOT, &out, NULL);
    }
    return out.n;
}

/* ---- the castling geometry's context -------------------------------------------------- */
uint64_t bb__kzone_o[64], bb__kzone_d[64];

static void zones_fill(void)
{
    for (int k = 0; k < 64; k++) {
        uint64_t zo = 0, zd = 0;
        for (uint64_t t = bb__king_attacks[k]; t; t &= t - 1) {
            int s = CTZ(t);
            zo |= (BB_FILE_A << (s & 7)) | (BB_RANK_1 << (s & 56));
            zd |= bb__diagonals_ex[2 * s] | bb__diagonals_ex[2 * s + 1];
        }
        bb__kzone_o[k] = zo, bb__kzone_d[k] = zd;
    }
}

/* The context of one geometry: for each right with a rook square, where the
 * king and rook land, what must be empty and unattacked, and which rights a
 * move from or to each square takes away. */
static void kctx_fill(bb__kctx *c, const bb__kboard *b)
{
    memset(c, 0, sizeof *c);
    memset(c->cmask, 15, sizeof c->cmask);
    for (int i = 0; i < 4; i++) {
        int color = i >> 1, rf = b->castle_rook[i];
        if (rf > 63) continue;
        int k = (color ? 56 : 0) + ((b->castle_kings >> 3 * color) & 7);
        c->rook_from[i] = (uint8_t)rf;
        c->king_to[i] = (uint8_t)bb__chess_castle_king_to(i), c->rook_to[i] = (uint8_t)bb__chess_castle_rook_to(i);
        c->need_empty[i] = bb__chess_castle_empty(i, k, rf);
        c->king_path[i] = bb__chess_castle_king_path(i, k);
        c->xray[i] = (uint8_t)bb__chess_castle_xray(rf);
        for (uint64_t t = c->king_path[i]; t; t &= t - 1) {
            int s = CTZ(t);
            c->path_zone_o[i] |= (BB_FILE_A << (s & 7)) | (BB_RANK_1 << (s & 56));
            c->path_zone_d[i] |= bb__diagonals_ex[2 * s] | bb__diagonals_ex[2 * s + 1];
        }
        c->cmask[k] &= (uint8_t)~(color ? 12 : 3);
        c->cmask[rf] &= (uint8_t)~(1 << i);
    }
}

/* The geometry as one number: the four rook squares and the king files
 * (the Chess960 flag aside: it changes no move). */
static inline uint64_t geometry_key(const bb__kboard *b)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    /* the board's last eight bytes in one load: ep, castling and side masked off */
    uint64_t tail;
    memcpy(&tail, (const unsigned char *)b + offsetof(bb__kboard, ep), sizeof tail);
    return tail & 0xBFFFFFFFFF000000ULL;
#else
    return (uint64_t)b->castle_rook[0] | (uint64_t)b->castle_rook[1] << 8 | (uint64_t)b->castle_rook[2] << 16 |
           (uint64_t)b->castle_rook[3] << 24 | (uint64_t)(b->castle_kings & 63) << 32;
#endif
}

/* The cache: slots filled once each, in order, and never changed after;
 * `filled` is published last, so a reader that sees a slot counted sees it
 * whole.  Writers take turns on `busy` (rare: once per geometry). */
#define KCTX_SLOTS 64
static bb__kctx kctx_slot[KCTX_SLOTS];
static uint64_t kctx_key[KCTX_SLOTS];
static atomic_int kctx_filled;
static atomic_flag kctx_busy = ATOMIC_FLAG_INIT;

/* The first geometry met (standard chess, nearly always) is looked up here;
 * the others in kctx_find. */
static const bb__kctx *kctx_find(const bb__kboard *b, bb__kctx *spare, uint64_t key);
KINLINE const bb__kctx *kctx_get(const bb__kboard *b, bb__kctx *spare)
{
    uint64_t key = geometry_key(b);
    if (atomic_load_explicit(&kctx_filled, memory_order_acquire) > 0 && kctx_key[0] == key) return &kctx_slot[0];
    return kctx_find(b, spare, key);
}
const bb__kctx *bb__kctx_for(const bb__kboard *b, bb__kctx *spare) { return kctx_get(b, spare); }

KNOINLINE const bb__kctx *kctx_find(const bb__kboard *b, bb__kctx *spare, uint64_t key)
{
    int n = atomic_load_explicit(&kctx_filled, memory_order_acquire);
    for (int i = 0; i < n; i++)
        if (kctx_key[i] == key) return &kctx_slot[i];
    while (atomic_flag_test_and_set_explicit(&kctx_busy, memory_order_acquire)) {
    }
    n = atomic_load_explicit(&kctx_filled, memory_order_relaxed);
    const bb__kctx *found = NULL;
    for (int i = 0; i < n && !found; i++)
        if (kctx_key[i] == key) found = &kctx_slot[i];
    if (!found && n < KCTX_SLOTS) {
        if (n == 0) zones_fill();
        kctx_fill(&kctx_slot[n], b);
        kctx_key[n] = key;
        found = &kctx_slot[n];
        atomic_store_explicit(&kctx_filled, n + 1, memory_order_release);
    }
    atomic_flag_clear_explicit(&kctx_busy, memory_order_release);
    if (found) return found;
    kctx_fill(spare, b); /* the cache is full: this call's own */
    return spare;
}

/* ---- from the library's position ------------------------------------------------------ */
void bb__kboard_from_pos(const bb_chess_pos *pos, bb__kboard *b)
{
    memset(b, 0, sizeof *b);
    b->pawns = pos->pieces[0][BB_PAWN] | pos->pieces[1][BB_PAWN];
    b->knights = pos->pieces[0][BB_KNIGHT] | pos->pieces[1][BB_KNIGHT];
    uint64_t q = pos->pieces[0][BB_QUEEN] | pos->pieces[1][BB_QUEEN];
    b->diag = pos->pieces[0][BB_BISHOP] | pos->pieces[1][BB_BISHOP] | q;
    b->orth = pos->pieces[0][BB_ROOK] | pos->pieces[1][BB_ROOK] | q;
    b->kings = pos->pieces[0][BB_KING] | pos->pieces[1][BB_KING];
    for (int s = 0; s < 2; s++)
        b->color[s] = pos->pieces[s][0] | pos->pieces[s][1] | pos->pieces[s][2] | pos->pieces[s][3] |
                      pos->pieces[s][4] | pos->pieces[s][5];
    b->side = pos->side & 1;
    /* The ep square only if a pawn of the side to move could take there (the
     * library stores it so; a hand-made position is treated the same). */
    int us = b->side;
    if (pos->ep < 64 && pos->ep != 0 &&
        (bb__pawn_attacks[64 * (us ^ 1) + pos->ep] & b->pawns & b->color[us]))
        b->ep = pos->ep;
    memset(b->castle_rook, 64, sizeof b->castle_rook);
    for (int i = 0; i < 4; i++) {
        int color = i >> 1;
        uint64_t kb = b->kings & b->color[color];
        int rf = pos->castle_rook[i];
        if (!(pos->castling & (1 << i)) || !kb || rf > 63) continue;
        int k = CTZ(kb), home = color ? 56 : 0;
        if ((k & 56) != home || (rf & 56) != home || !((b->orth & ~b->diag & b->color[color]) >> rf & 1))
            continue; /* not a right the position can hold: dropped */
        b->castling |= (uint8_t)(1 << i);
        b->castle_rook[i] = (uint8_t)rf;
        b->castle_kings |= (uint8_t)((k & 7) << 3 * color);
    }
    if (pos->chess960) b->castle_kings |= 64;
}

/* ---- the public fast walk (bitboard/chess_board.h) ------------------------------------ */
int bb_chess_board_moves(const bb_chess_board *b, bb_chess_move *moves, bb_chess_board *children)
{
    bb__kctx spare;
    return bb__kroot(b, kctx_get(b, &spare), moves, children);
}

int bb_chess_board_count(const bb_chess_board *b)
{
    bb__kctx spare;
    /* without rights the count reads no context */
    const bb__kctx *c = b->castling ? kctx_get(b, &spare) : NULL;
    return (int)(b->side ? count_b(b, c) : count_w(b, c));
}

uint64_t bb_chess_board_count_many(const bb_chess_board *boards, int n, int *counts)
{
    bb__kctx spare;
    uint64_t total = 0;
#if KSLIDE_VEC
    if (!counts) {
        kacc acc = _mm512_setzero_si512(); /* the fills' part of every count, summed once */
        for (int i = 0; i < n; i++) {
            const bb_chess_board *b = &boards[i];
            const bb__kctx *c = b->castling ? kctx_get(b, &spare) : NULL;
            total += b->side ? count_acc(b, c, 1, &acc, NULL, NULL) : count_acc(b, c, 0, &acc, NULL, NULL);
        }
        return total + (uint64_t)_mm512_reduce_add_epi64(acc);
    }
#endif
    for (int i = 0; i < n; i++) {
        const bb_chess_board *b = &boards[i];
        const bb__kctx *c = b->castling ? kctx_get(b, &spare) : NULL;
        uint64_t k = b->side ? count_b(b, c) : count_w(b, c);
        if (counts) counts[i] = (int)k;
        total += k;
    }
    return total;
}

int bb_chess_board_is_check(const bb_chess_board *b)
{
    kinfo I;
    if (b->side) analyse(b, 1, &I);
    else analyse(b, 0, &I);
    return I.checkers != 0;
}
