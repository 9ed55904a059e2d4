/* Legal move generation with check and pin masks (no make-and-test), make and
 * unmake with the Polyglot key kept incrementally, and the queries around
 * them (checkers, pinned, attackers_to, is_legal).
 *
 * How the generator works (the scheme of the Chess Programming Wiki's "Legal
 * Move Generation" and "Checks and Pinned Pieces" pages; the rules of checks,
 * pins, pawns under pins, en passant and castling are legal_inline.h's,
 * written once for this file and the perft kernel, perft_kernel.c):
 *   - checkers: the enemy pieces attacking our king; two of them leave only
 *     king moves; one gives the check mask (the checker and the squares
 *     between it and the king), which every other move's target must hit;
 *   - checkers and pin rays from the enemy sliders on a line through the king
 *     (no slider lookup); a pinned piece stays on its ray (a knight never
 *     moves; a pawn pinned on the king's file only pushes, on a diagonal
 *     only takes along it);
 *   - danger: every square the enemy attacks with our king lifted off the
 *     board, so the king cannot step back along a checking ray;
 *   - en passant (rare) is tested on its own: both pawns leave the rank,
 *     which a rook can see through (the horizontal pin);
 *   - castling (king takes own rook, Chess960 included): the squares both
 *     pieces cross empty but for themselves, the king's path not attacked,
 *     and its target square not attacked once the rook has left.
 * The generator is one always-inlined body specialized on the side to move
 * and, for the default method, on the method, so its path has no switch in it. */
#include "chess_internal.h"
#include "legal_inline.h"

#include <string.h>

/* BODY: the generator's one big body (gen), forced inline like the rest
 * unless BB_NO_FORCE_INLINE (make test's fuzz, ThreadSanitizer and
 * ASan+UBSan builds): then one copy, compiled in a fraction of the time
 * (README, "Build macros"). */
#if defined(__GNUC__) || defined(__clang__)
#define BB__FORCE_INLINE static inline __attribute__((always_inline))
#else
#define BB__FORCE_INLINE static inline
#endif
#ifdef BB_NO_FORCE_INLINE
#define BODY static inline
#else
#define BODY BB__FORCE_INLINE
#endif

#define RANK_1 0x00000000000000FFULL
#define RANK_8 0xFF00000000000000ULL

enum { PLAIN = BB__CHESS_PLAIN }; /* the default method through the plain names */

static inline uint64_t bit(int sq) { return (uint64_t)1 << sq; }

/* ---- Slider attacks by method: m is a constant in every inlined body ---------------- */

typedef struct {
    uint64_t occ;
    bb_rotated_occ rot; /* only for BB_ATTACKS_ROTATED */
} actx;

BB__FORCE_INLINE void actx_set(int m, actx *a, uint64_t occ)
{
    a->occ = occ;
    if (m == BB_ATTACKS_ROTATED) bb_rotated_occ_init(&a->rot, occ);
}
BB__FORCE_INLINE uint64_t ratt(int m, const actx *a, int sq)
{
    if (m == PLAIN) return bb_rook_attacks(sq, a->occ);
    if (m == BB_ATTACKS_ROTATED) return bb_rotated_rook_attacks(&a->rot, sq);
    return bb_rook_attacks_with((bb_attack_method)m, sq, a->occ);
}
BB__FORCE_INLINE uint64_t batt(int m, const actx *a, int sq)
{
    if (m == PLAIN) return bb_bishop_attacks(sq, a->occ);
    if (m == BB_ATTACKS_ROTATED) return bb_rotated_bishop_attacks(&a->rot, sq);
    return bb_bishop_attacks_with((bb_attack_method)m, sq, a->occ);
}
/* With another occupancy (the rotated method builds its state from occ). */
BB__FORCE_INLINE uint64_t ratt_occ(int m, int sq, uint64_t occ) { return bb__chess_rook_by(m, sq, occ); }
BB__FORCE_INLINE uint64_t batt_occ(int m, int sq, uint64_t occ) { return bb__chess_bishop_by(m, sq, occ); }

/* Every square the pawns b of colour color attack. */
static inline uint64_t pawn_attacks_all(int color, uint64_t b)
{
    return bb__chess_cap_west(color, b) | bb__chess_cap_east(color, b);
}

/* ---- Emitting moves -------------------------------------------------------------- */

#if defined(__AVX512VBMI2__) && defined(__AVX512BW__) && defined(__x86_64__) && !defined(BB_PORTABLE)
/* AVX-512 VBMI2: the squares of a target set compressed into bytes in one instruction, widened
 * to 16-bit moves, stored under a mask (at most 32 targets: one piece, or one pawn shift). */
#include <immintrin.h>
#define BB__CHESS_COMPRESS 1
static const uint8_t squares_iota[64] = {
    0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21,
    22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43,
    44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63};
BB__FORCE_INLINE __m512i target_squares(uint64_t to)
{
    __m512i sq = _mm512_maskz_compress_epi8(to, _mm512_loadu_si512((const void *)squares_iota));
    return _mm512_cvtepu8_epi16(_mm512_castsi512_si256(sq));
}
/* Stores the first c moves of w at out + n; every buffer gen writes holds at least
 * BB_CHESS_MAX_MOVES moves, so below that a whole vector is stored (masked stores are slow on
 * some cores) and the words past n + c are left for later moves to overwrite. */
BB__FORCE_INLINE int store_moves(bb_chess_move *out, int n, __m512i w, int c)
{
    if (n <= BB_CHESS_MAX_MOVES - 32)
        _mm512_storeu_si512((void *)(out + n), w);
    else
        _mm512_mask_storeu_epi16(out + n, (__mmask32)((1ULL << c) - 1), w);
    return n + c;
}
BB__FORCE_INLINE int emit_from(bb_chess_move *out, int n, int from, uint64_t to)
{
    if (!to) return n;
    __m512i w = _mm512_or_si512(_mm512_slli_epi16(target_squares(to), 6), _mm512_set1_epi16((short)from));
    return store_moves(out, n, w, bb_popcount(to));
}
BB__FORCE_INLINE int emit_shifted(bb_chess_move *out, int n, uint64_t to, int delta)
{
    __m512i t = target_squares(to);
    __m512i w = _mm512_or_si512(_mm512_slli_epi16(t, 6), _mm512_sub_epi16(t, _mm512_set1_epi16((short)delta)));
    return store_moves(out, n, w, bb_popcount(to));
}
#else
BB__FORCE_INLINE int emit_from(bb_chess_move *out, int n, int from, uint64_t to)
{
    for (; to; to &= to - 1) out[n++] = (bb_chess_move)(from | bb__chess_lsb(to) << 6);
    return n;
}
BB__FORCE_INLINE int emit_shifted(bb_chess_move *out, int n, uint64_t to, int delta)
{
    for (; to; to &= to - 1) {
        int t = bb__chess_lsb(to);
        out[n++] = (bb_chess_move)((t - delta) | t << 6);
    }
    return n;
}
#endif
BB__FORCE_INLINE int emit_promos(bb_chess_move *out, int n, uint64_t to, int delta)
{
    for (; to; to &= to - 1) {
        int t = bb__chess_lsb(to);
        unsigned base = (unsigned)((t - delta) | t << 6) | BB_MOVE_PROMOTION;
        out[n++] = (bb_chess_move)(base | 3u << 12); /* queen first */
        out[n++] = (bb_chess_move)(base | 0u << 12);
        out[n++] = (bb_chess_move)(base | 2u << 12);
        out[n++] = (bb_chess_move)(base | 1u << 12);
    }
    return n;
}

/* ---- The generator ------------------------------------------------------------- */

BODY int gen(const bb_chess_pos *pos, bb_chess_gen mode, bb_chess_move *out, const int m, const int us)
{
    const int them = us ^ 1;
    const uint64_t occ = pos->occupied, own = pos->color[us], enemy = pos->color[them];
    if (!pos->pieces[us][BB_KING]) return 0; /* not a position: no moves */
    const int ksq = bb__chess_lsb(pos->pieces[us][BB_KING]);
    const uint64_t kbit = bit(ksq);
    const uint64_t eP = pos->pieces[them][BB_PAWN], eN = pos->pieces[them][BB_KNIGHT];
    const uint64_t eQ = pos->pieces[them][BB_QUEEN];
    const uint64_t eB = pos->pieces[them][BB_BISHOP] | eQ, eR = pos->pieces[them][BB_ROOK] | eQ;
    int n = 0;
    actx a = {0}; /* (the rotated state is read only by that method; gcc cannot tell) */
    actx_set(m, &a, occ);

    /* checks and pins (legal_inline.h): only the enemy sliders on a line through the king
     * matter, and none is looked up */
    uint64_t checkers = bb__chess_leaper_checkers(ksq, us, eN, eP);
    const uint64_t pin_hv = bb__chess_pin_rays(ksq, bb__chess_lines_o(ksq) & eR, occ, own, &checkers, NULL);
    const uint64_t pin_d = bb__chess_pin_rays(ksq, bb__chess_lines_d(ksq) & eB, occ, own, &checkers, NULL);

    const uint64_t empty = ~occ;
    const uint64_t targets = (mode == BB_GEN_QUIETS ? 0 : enemy) | (mode == BB_GEN_CAPTURES ? 0 : empty);

    /* the squares the king might step on: its moves, and the paths of the castlings whose
     * squares are empty; then which of them the enemy does not attack with the king lifted */
    uint64_t kt = bb_king_attacks(ksq) & targets, need = kt, kpaths[2] = {0, 0};
    int rsqs[2] = {-1, -1};
    if (!checkers && mode != BB_GEN_CAPTURES && (pos->castling & (3 << 2 * us))) {
        for (int j = 0; j < 2; j++) {
            int i = 2 * us + j;
            if (!(pos->castling >> i & 1)) continue;
            const int rsq = pos->castle_rook[i] & 63;
            if (bb__chess_castle_empty(i, ksq, rsq) & occ) continue;
            if (bb__chess_castle_xray(rsq) && bb__chess_castle_uncovered(m, i, ksq, rsq, occ, eR)) continue;
            const uint64_t kpath = bb__chess_castle_king_path(i, ksq);
            rsqs[j] = rsq, kpaths[j] = kpath, need |= kpath;
        }
    }
    uint64_t safe = 0;
    if (need) {
        const uint64_t eK = pos->pieces[them][BB_KING], occk = occ ^ kbit;
        const uint64_t rest = need & (need - 1);
        if (!(rest & (rest - 1))) {
            /* one or two squares: ask each */
            for (uint64_t s = need; s; s &= s - 1) {
                int sq = bb__chess_lsb(s);
                if ((bb_knight_attacks(sq) & eN) | (bb_pawn_attacks(us, sq) & eP) | (bb_king_attacks(sq) & eK)) continue;
                const uint64_t r = eR & bb__chess_lines_o(sq), b = eB & bb__chess_lines_d(sq);
                if ((r && (ratt_occ(m, sq, occk) & r)) || (b && (batt_occ(m, sq, occk) & b))) continue;
                safe |= bit(sq);
            }
        } else {
            /* more: what the enemy attacks, from the sliders on a line through one of them */
            uint64_t rl = 0, bl = 0;
            for (uint64_t s = need; s; s &= s - 1) {
                int sq = bb__chess_lsb(s);
                rl |= bb__chess_lines_o(sq);
                bl |= bb__chess_lines_d(sq);
            }
            uint64_t danger = pawn_attacks_all(them, eP) | (eK ? bb_king_attacks(bb__chess_lsb(eK)) : 0);
            for (uint64_t s = eN; s; s &= s - 1) danger |= bb_knight_attacks(bb__chess_lsb(s));
            actx ak;
            if (m == BB_ATTACKS_ROTATED) {
                ak = a;
                ak.occ = occk;
                bb_rotated_occ_clear(&ak.rot, ksq);
            } else {
                ak.occ = occk;
            }
            for (uint64_t s = eB & bl; s; s &= s - 1) danger |= batt(m, &ak, bb__chess_lsb(s));
            for (uint64_t s = eR & rl; s; s &= s - 1) danger |= ratt(m, &ak, bb__chess_lsb(s));
            safe = need & ~danger;
        }
    }

    n = emit_from(out, n, ksq, kt & safe);
    const uint64_t check = bb__chess_check_mask(ksq, checkers);
    if (!check) return n; /* double check: the king alone moves */
    const uint64_t tgt = targets & check;

    /* castling: the king takes its own rook */
    for (int j = 0; j < 2; j++)
        if (rsqs[j] >= 0 && !(kpaths[j] & ~safe)) out[n++] = (bb_chess_move)(ksq | rsqs[j] << 6 | BB_MOVE_CASTLING);

    /* pawns, all at once; a pinned pawn moves only along its pin ray */
    {
        const int fwd = us ? -8 : 8, west = us ? -9 : 7, east = us ? -7 : 9;
        const uint64_t last = us ? RANK_1 : RANK_8;
        const uint64_t P = pos->pieces[us][BB_PAWN];
        bb__chess_pawn_moves p;
        bb__chess_pawn_targets(P, empty, enemy, check, pin_hv, pin_d, us, &p);
        if (mode != BB_GEN_CAPTURES) {
            n = emit_shifted(out, n, p.s1 & ~last, fwd);
            n = emit_shifted(out, n, p.s2, 2 * fwd);
        }
        if (mode != BB_GEN_QUIETS) {
            if (p.cw | p.ce) {
                n = emit_shifted(out, n, p.cw & ~last, west);
                n = emit_shifted(out, n, p.ce & ~last, east);
            }
            if ((p.s1 | p.cw | p.ce) & last) {
                n = emit_promos(out, n, p.s1 & last, fwd);
                n = emit_promos(out, n, p.cw & last, west);
                n = emit_promos(out, n, p.ce & last, east);
            }
            if (pos->ep != BB_CHESS_NO_EP) {
                const int ep = pos->ep & 63, capsq = ep - fwd;
                for (uint64_t s = bb_pawn_attacks(them, ep) & P; s; s &= s - 1) {
                    int from = bb__chess_lsb(s);
                    if (bb__chess_ep_exposes(m, ksq, from, ep, capsq, occ, eR, eB, checkers & (eN | eP))) continue;
                    out[n++] = (bb_chess_move)(from | ep << 6 | BB_MOVE_EN_PASSANT);
                }
            }
        }
    }

    /* knights (a pinned knight never moves) and sliders: a pinned slider moves along its
     * pin ray, one pinned across its kind's lines not at all */
    for (uint64_t s = pos->pieces[us][BB_KNIGHT] & ~(pin_hv | pin_d); s; s &= s - 1) {
        int from = bb__chess_lsb(s);
        n = emit_from(out, n, from, bb_knight_attacks(from) & tgt);
    }
    for (uint64_t s = pos->pieces[us][BB_BISHOP] & ~pin_hv; s; s &= s - 1) {
        int from = bb__chess_lsb(s);
        uint64_t t = batt(m, &a, from) & tgt;
        if (pin_d & bit(from)) t &= pin_d;
        n = emit_from(out, n, from, t);
    }
    for (uint64_t s = pos->pieces[us][BB_ROOK] & ~pin_d; s; s &= s - 1) {
        int from = bb__chess_lsb(s);
        uint64_t t = ratt(m, &a, from) & tgt;
        if (pin_hv & bit(from)) t &= pin_hv;
        n = emit_from(out, n, from, t);
    }
    for (uint64_t s = pos->pieces[us][BB_QUEEN]; s; s &= s - 1) {
        int from = bb__chess_lsb(s);
        const uint64_t fb = bit(from), all = ~(uint64_t)0;
        /* pinned on a diagonal: its bishop moves along the ray; straight: its rook moves */
        uint64_t t = (batt(m, &a, from) & (fb & pin_hv ? 0 : all)) | (ratt(m, &a, from) & (fb & pin_d ? 0 : all));
        if (fb & (pin_hv | pin_d)) t &= fb & pin_d ? pin_d : pin_hv;
        n = emit_from(out, n, from, t & tgt);
    }
    return n;
}

/* An upper bound of the number of moves gen can write (more than 256 is impossible in play,
 * but a hand-built position might). */
static inline int move_bound(const bb_chess_pos *pos)
{
    const uint64_t *p = pos->pieces[pos->side & 1];
    /* 16 pieces with at most 2 queens: at most 10 + 2 * 27 + 13 * 14 = 246 */
    if (bb_popcount(pos->color[pos->side & 1]) <= 16 && bb_popcount(p[BB_QUEEN]) <= 2) return 0;
    return 12 * bb_popcount(p[BB_PAWN]) + 8 * bb_popcount(p[BB_KNIGHT]) + 13 * bb_popcount(p[BB_BISHOP]) +
           14 * bb_popcount(p[BB_ROOK]) + 27 * bb_popcount(p[BB_QUEEN]) + 10 * bb_popcount(p[BB_KING]) + 2;
}

#define GEN_BOTH(m) (pos->side ? gen(pos, mode, out, (m), 1) : gen(pos, mode, out, (m), 0))

/* The other methods share one body with the method as a variable (their lookups branch on
 * it, predictably): fourteen specializations cost minutes of compilation under the
 * sanitizers for little gain. */
static int gen_method(int m, const bb_chess_pos *pos, bb_chess_gen mode, bb_chess_move *out)
{
    return pos->side ? gen(pos, mode, out, m, 1) : gen(pos, mode, out, m, 0);
}

static int gen_by(int m, const bb_chess_pos *pos, bb_chess_gen mode, bb_chess_move *out)
{
    if (m == PLAIN || m == BB_ATTACKS_DEFAULT) return GEN_BOTH(PLAIN);
    return gen_method(m, pos, mode, out);
}

/* The slow path of a position with more possible moves than a list holds: the first
 * BB_CHESS_MAX_MOVES are kept. */
static int gen_big(int m, const bb_chess_pos *pos, bb_chess_gen mode, bb_chess_movelist *list)
{
    bb_chess_move big[64 * 27 + 64];
    int n = gen_by(m, pos, mode, big);
    if (n > BB_CHESS_MAX_MOVES) n = BB_CHESS_MAX_MOVES;
    memcpy(list->moves, big, (size_t)n * sizeof big[0]);
    return list->count = n;
}

/* The list of the default method (bb_chess_generate's body); every move, the common case, with
 * the mode a constant. */
BB__FORCE_INLINE int gen_plain(const bb_chess_pos *pos, bb_chess_gen mode, bb_chess_movelist *list)
{
    if (move_bound(pos) > BB_CHESS_MAX_MOVES) return gen_big(PLAIN, pos, mode, list);
    bb_chess_move *out = list->moves;
    if (mode == BB_GEN_ALL)
        return list->count = pos->side ? gen(pos, BB_GEN_ALL, out, PLAIN, 1) : gen(pos, BB_GEN_ALL, out, PLAIN, 0);
    return list->count = GEN_BOTH(PLAIN);
}

int bb_chess_generate(const bb_chess_pos *pos, bb_chess_gen mode, bb_chess_movelist *list)
{
    BB__ASSERT_NOT_NULL(pos, "pos");
    BB__ASSERT_NOT_NULL(list, "list");
    return gen_plain(pos, mode, list);
}

int bb_chess_generate_with(bb_attack_method m, const bb_chess_pos *pos, bb_chess_gen mode,
                           bb_chess_movelist *list)
{
    BB__ASSERT((unsigned)m < BB_ATTACK_METHOD_COUNT, "m", m);
    BB__ASSERT_NOT_NULL(pos, "pos");
    BB__ASSERT_NOT_NULL(list, "list");
    if (m == BB_ATTACKS_DEFAULT) return gen_plain(pos, mode, list);
    int mm = (unsigned)m < BB_ATTACK_METHOD_COUNT && bb_attack_method_available(m) ? (int)m : BB_ATTACKS_NAIVE;
    if (move_bound(pos) > BB_CHESS_MAX_MOVES) return gen_big(mm, pos, mode, list);
    return list->count = gen_by(mm, pos, mode, list->moves);
}

/* ---- Make and unmake ------------------------------------------------------------- */

/* 1 if pc is a piece code (colour * 8 + type); a move that is not legal (a precondition
 * of make) must still not index outside the boards. */
static inline int piece_ok(int pc) { return pc <= 13 && (pc & 7) <= BB_KING; }

BB__FORCE_INLINE void toggle(bb_chess_pos *pos, int pc, uint64_t b)
{
    pos->pieces[pc >> 3][pc & 7] ^= b;
    pos->color[pc >> 3] ^= b;
    pos->occupied ^= b;
}

/* What make and make_null change and unmake puts back (nothing captured yet). */
BB__FORCE_INLINE void save_undo(const bb_chess_pos *pos, bb_chess_undo *undo)
{
    undo->key = pos->key;
    undo->halfmove = pos->halfmove;
    undo->fullmove = pos->fullmove;
    undo->castling = pos->castling;
    undo->ep = pos->ep;
    undo->captured = BB_CHESS_EMPTY;
}

/* The clocks count up and stop at 65535 (a uint16_t) rather than wrap. */
static inline uint16_t clock_up(uint16_t c, int by) { return (uint16_t)(c + (c != UINT16_MAX ? by : 0)); }

#if defined(BB_DEBUG)
/* make's precondition, checked: names the move in UCI and the position in FEN. */
static void check_legal(const char *fn, const bb_chess_pos *pos, bb_chess_move move)
{
    if (bb_chess_is_legal(pos, move)) return;
    char fen[BB_CHESS_FEN_MAX], uci[BB_CHESS_MOVE_TEXT_MAX];
    bb_chess_to_fen(fen, sizeof fen, pos, BB_FEN_STANDARD);
    if (move == BB_CHESS_NULL_MOVE)
        fprintf(stderr, "bitboard: %s: the null move (0000) is not a move: use bb_chess_make_null (position %s)\n", fn,
                fen);
    else {
        bb_chess_move_to_uci(uci, sizeof uci, pos, move);
        fprintf(stderr, "bitboard: %s: move %s (value %u) is not legal in %s\n", fn, uci, (unsigned)move, fen);
    }
    abort();
}
#define CHECK_LEGAL(pos, move) check_legal(__func__, (pos), (move))
#else
#define CHECK_LEGAL(pos, move) ((void)0)
#endif

void bb_chess_make(bb_chess_pos *pos, bb_chess_move move, bb_chess_undo *undo)
{
    const int from = move & 63, to = (move >> 6) & 63, kind = move & 0xC000;
    const int us = pos->side & 1, them = us ^ 1;
    const int pc = pos->board[from];
    uint64_t key = pos->key ^ bb__polyglot_random[BB__PG_TURN];

    save_undo(pos, undo);
    CHECK_LEGAL(pos, move);

    if (pos->ep != BB_CHESS_NO_EP) key ^= bb__polyglot_random[BB__PG_EP + (pos->ep & 7)];
    pos->ep = BB_CHESS_NO_EP;
    pos->halfmove = clock_up(pos->halfmove, 1);

    if (kind == BB_MOVE_CASTLING) {
        const int i = 2 * us + (to < from), kto = bb__chess_castle_king_to(i), rto = bb__chess_castle_rook_to(i);
        const int king = us * 8 + BB_KING, rook = us * 8 + BB_ROOK;
        toggle(pos, king, bit(from) ^ bit(kto));
        toggle(pos, rook, bit(to) ^ bit(rto));
        pos->board[from] = BB_CHESS_EMPTY;
        pos->board[to] = BB_CHESS_EMPTY;
        pos->board[kto] = (uint8_t)king;
        pos->board[rto] = (uint8_t)rook;
        key ^= bb__chess_zpiece(king, from) ^ bb__chess_zpiece(king, kto) ^ bb__chess_zpiece(rook, to) ^
               bb__chess_zpiece(rook, rto);
    } else if (piece_ok(pc)) {
        int capsq = to, cap = pos->board[to];
        if (kind == BB_MOVE_EN_PASSANT) capsq = to ^ 8, cap = them * 8 + BB_PAWN;
        if (piece_ok(cap)) {
            undo->captured = (uint8_t)cap;
            toggle(pos, cap, bit(capsq));
            pos->board[capsq] = BB_CHESS_EMPTY;
            key ^= bb__chess_zpiece(cap, capsq);
            pos->halfmove = 0;
        }
        toggle(pos, pc, bit(from) ^ bit(to));
        pos->board[from] = BB_CHESS_EMPTY;
        pos->board[to] = (uint8_t)pc;
        key ^= bb__chess_zpiece(pc, from) ^ bb__chess_zpiece(pc, to);
        if ((pc & 7) == BB_PAWN) {
            pos->halfmove = 0;
            if (kind == BB_MOVE_PROMOTION) {
                const int np = us * 8 + bb_chess_move_promotion(move);
                pos->pieces[us][BB_PAWN] ^= bit(to);
                pos->pieces[us][np & 7] ^= bit(to);
                pos->board[to] = (uint8_t)np;
                key ^= bb__chess_zpiece(pc, to) ^ bb__chess_zpiece(np, to);
            } else if ((from ^ to) == 16) {
                const int ep = (from + to) >> 1;
                if (bb_pawn_attacks(us, ep) & pos->pieces[them][BB_PAWN]) {
                    pos->ep = (uint8_t)ep;
                    key ^= bb__polyglot_random[BB__PG_EP + (ep & 7)];
                }
            }
        }
    }

    /* rights go when the king moves or a rook leaves or is taken on its square */
    if (pos->castling && ((pc & 7) == BB_ROOK || (pc & 7) == BB_KING || (undo->captured & 7) == BB_ROOK)) {
        unsigned lost = (pc & 7) == BB_KING ? 3u << 2 * us : 0u;
        for (int i = 0; i < 4; i++)
            if (pos->castle_rook[i] == from || pos->castle_rook[i] == to) lost |= 1u << i;
        lost &= pos->castling;
        if (lost) {
            pos->castling = (uint8_t)(pos->castling ^ lost);
            key ^= bb__chess_zcastle(lost);
        }
    }

    pos->fullmove = clock_up(pos->fullmove, us);
    pos->side = (uint8_t)them;
    pos->key = key;
}

void bb_chess_unmake(bb_chess_pos *pos, bb_chess_move move, const bb_chess_undo *undo)
{
    const int from = move & 63, to = (move >> 6) & 63, kind = move & 0xC000;
    const int us = (pos->side & 1) ^ 1;
    pos->side = (uint8_t)us;
    pos->fullmove = undo->fullmove;

    if (kind == BB_MOVE_CASTLING) {
        const int i = 2 * us + (to < from), kto = bb__chess_castle_king_to(i), rto = bb__chess_castle_rook_to(i);
        const int king = us * 8 + BB_KING, rook = us * 8 + BB_ROOK;
        toggle(pos, king, bit(from) ^ bit(kto));
        toggle(pos, rook, bit(to) ^ bit(rto));
        pos->board[kto] = BB_CHESS_EMPTY;
        pos->board[rto] = BB_CHESS_EMPTY;
        pos->board[from] = (uint8_t)king;
        pos->board[to] = (uint8_t)rook;
    } else if (piece_ok(pos->board[to])) { /* else make played nothing: not a move of the position */
        int pc = pos->board[to];
        if (kind == BB_MOVE_PROMOTION) {
            pos->pieces[us][pc & 7] ^= bit(to);
            pos->pieces[us][BB_PAWN] ^= bit(to);
            pc = us * 8 + BB_PAWN;
        }
        toggle(pos, pc, bit(from) ^ bit(to));
        pos->board[to] = BB_CHESS_EMPTY;
        pos->board[from] = (uint8_t)pc;
        if (piece_ok(undo->captured)) {
            const int capsq = kind == BB_MOVE_EN_PASSANT ? to ^ 8 : to;
            toggle(pos, undo->captured, bit(capsq));
            pos->board[capsq] = undo->captured;
        }
    }
    pos->key = undo->key;
    pos->halfmove = undo->halfmove;
    pos->castling = undo->castling;
    pos->ep = undo->ep;
}

/* The null move: the turn passes and nothing else moves.  The key changes by
 * the side-to-move number and loses the en-passant file, as a move's would. */
void bb_chess_make_null(bb_chess_pos *pos, bb_chess_undo *undo)
{
    BB__ASSERT_NOT_NULL(pos, "pos");
    BB__ASSERT_NOT_NULL(undo, "undo");
#if defined(BB_DEBUG)
    if (bb_chess_is_check(pos)) {
        char fen[BB_CHESS_FEN_MAX];
        bb_chess_to_fen(fen, sizeof fen, pos, BB_FEN_STANDARD);
        fprintf(stderr, "bitboard: bb_chess_make_null: the side to move is in check in %s (a null move would "
                        "leave its king attacked)\n", fen);
        abort();
    }
#endif
    const int us = pos->side & 1;
    uint64_t key = pos->key ^ bb__polyglot_random[BB__PG_TURN];
    save_undo(pos, undo);
    if (pos->ep != BB_CHESS_NO_EP) key ^= bb__polyglot_random[BB__PG_EP + (pos->ep & 7)];
    pos->ep = BB_CHESS_NO_EP;
    pos->halfmove = clock_up(pos->halfmove, 1);
    pos->fullmove = clock_up(pos->fullmove, us);
    pos->side = (uint8_t)(us ^ 1);
    pos->key = key;
}

void bb_chess_unmake_null(bb_chess_pos *pos, const bb_chess_undo *undo)
{
    BB__ASSERT_NOT_NULL(pos, "pos");
    BB__ASSERT_NOT_NULL(undo, "undo");
    pos->side = (uint8_t)((pos->side & 1) ^ 1);
    pos->key = undo->key;
    pos->halfmove = undo->halfmove;
    pos->fullmove = undo->fullmove;
    pos->castling = undo->castling;
    pos->ep = undo->ep;
}

/* ---- Queries --------------------------------------------------------------------- */

uint64_t bb_chess_attackers_to(const bb_chess_pos *pos, int sq, uint64_t occ)
{
    BB__ASSERT_NOT_NULL(pos, "pos");
    BB__ASSERT_SQUARE(sq);
    sq &= 63;
    const uint64_t (*p)[6] = pos->pieces;
    const uint64_t q = p[0][BB_QUEEN] | p[1][BB_QUEEN];
    return (bb_pawn_attacks(BB_BLACK, sq) & p[0][BB_PAWN]) | (bb_pawn_attacks(BB_WHITE, sq) & p[1][BB_PAWN]) |
           (bb_knight_attacks(sq) & (p[0][BB_KNIGHT] | p[1][BB_KNIGHT])) |
           (bb_king_attacks(sq) & (p[0][BB_KING] | p[1][BB_KING])) |
           (bb_rook_attacks(sq, occ) & (p[0][BB_ROOK] | p[1][BB_ROOK] | q)) |
           (bb_bishop_attacks(sq, occ) & (p[0][BB_BISHOP] | p[1][BB_BISHOP] | q));
}

static int king_square(const bb_chess_pos *pos, int color)
{
    uint64_t k = pos->pieces[color][BB_KING];
    return k ? bb__chess_lsb(k) : -1;
}

uint64_t bb_chess_checkers(const bb_chess_pos *pos)
{
    BB__ASSERT_NOT_NULL(pos, "pos");
    int us = pos->side & 1, k = king_square(pos, us);
    if (k < 0) return 0;
    return bb_chess_attackers_to(pos, k, pos->occupied) & pos->color[us ^ 1];
}

int bb_chess_is_check(const bb_chess_pos *pos) { return bb_chess_checkers(pos) != 0; }

uint64_t bb_chess_pinned(const bb_chess_pos *pos)
{
    BB__ASSERT_NOT_NULL(pos, "pos");
    int us = pos->side & 1, them = us ^ 1, k = king_square(pos, us);
    if (k < 0) return 0;
    const uint64_t *e = pos->pieces[them], own = pos->color[us], occ = pos->occupied;
    uint64_t checkers = 0;
    const uint64_t rays = bb__chess_pin_rays(k, bb__chess_lines_o(k) & (e[BB_ROOK] | e[BB_QUEEN]), occ, own, &checkers, NULL) |
                          bb__chess_pin_rays(k, bb__chess_lines_d(k) & (e[BB_BISHOP] | e[BB_QUEEN]), occ, own, &checkers, NULL);
    return rays & own;
}

/* 1 if the enemy (of colour them) attacks sq with occupancy occ, counting only the enemy
 * pieces in `alive` (a captured piece is not). */
static int attacked(const bb_chess_pos *pos, int sq, int them, uint64_t occ, uint64_t alive)
{
    const uint64_t *p = pos->pieces[them];
    const uint64_t a = (bb_pawn_attacks(them ^ 1, sq) & p[BB_PAWN]) | (bb_knight_attacks(sq) & p[BB_KNIGHT]) |
                       (bb_king_attacks(sq) & p[BB_KING]) | (bb_rook_attacks(sq, occ) & (p[BB_ROOK] | p[BB_QUEEN])) |
                       (bb_bishop_attacks(sq, occ) & (p[BB_BISHOP] | p[BB_QUEEN]));
    return (a & alive) != 0;
}

int bb_chess_is_legal(const bb_chess_pos *pos, bb_chess_move move)
{
    BB__ASSERT_NOT_NULL(pos, "pos");
    const int from = move & 63, to = (move >> 6) & 63, kind = move & 0xC000;
    const int us = pos->side & 1, them = us ^ 1;
    const int pc = pos->board[from];
    if (pc == BB_CHESS_EMPTY || pc >> 3 != us || (pc & 7) > BB_KING) return 0;
    if (kind != BB_MOVE_PROMOTION && (move >> 12 & 3)) return 0;
    const int type = pc & 7, ksq = king_square(pos, us);
    if (ksq < 0 || from == to) return 0;
    const uint64_t occ = pos->occupied, own = pos->color[us], enemy = pos->color[them];
    const uint64_t tb = bit(to), fb = bit(from);
    const uint64_t last = us ? RANK_1 : RANK_8;

    if (kind == BB_MOVE_CASTLING) {
        if (type != BB_KING) return 0;
        for (int i = 2 * us; i < 2 * us + 2; i++) {
            if (!(pos->castling >> i & 1) || pos->castle_rook[i] != to) continue;
            if (pos->board[to] != us * 8 + BB_ROOK) return 0;
            /* the rules of legal_inline.h, each square asked alone */
            if (bb__chess_castle_empty(i, from, to) & occ) return 0;
            if (attacked(pos, from, them, occ, enemy)) return 0;
            for (uint64_t s = bb__chess_castle_king_path(i, from); s; s &= s - 1)
                if (attacked(pos, bb__chess_lsb(s), them, occ ^ fb, enemy)) return 0;
            const uint64_t eR = pos->pieces[them][BB_ROOK] | pos->pieces[them][BB_QUEEN];
            return !(bb__chess_castle_xray(to) && bb__chess_castle_uncovered(PLAIN, i, from, to, occ, eR));
        }
        return 0;
    }
    if (tb & own) return 0;

    uint64_t alive = enemy & ~tb, occ2 = (occ ^ fb) | tb;
    if (type == BB_PAWN) {
        const int fwd = us ? -8 : 8;
        if (kind == BB_MOVE_EN_PASSANT) {
            if (pos->ep == BB_CHESS_NO_EP || to != pos->ep || !(bb_pawn_attacks(us, from) & tb)) return 0;
            alive = enemy & ~bit(to - fwd);
            occ2 ^= bit(to - fwd);
        } else {
            if ((kind == BB_MOVE_PROMOTION) != ((tb & last) != 0)) return 0;
            int ok = (to == from + fwd && !(tb & occ)) ||
                     (to == from + 2 * fwd && (from >> 3) == (us ? 6 : 1) && !(tb & occ) && !(bit(from + fwd) & occ)) ||
                     ((bb_pawn_attacks(us, from) & tb & enemy) != 0);
            if (!ok) return 0;
        }
    } else {
        if (kind != BB_MOVE_NORMAL) return 0;
        uint64_t att = type == BB_KNIGHT ? bb_knight_attacks(from)
                       : type == BB_BISHOP ? bb_bishop_attacks(from, occ)
                       : type == BB_ROOK ? bb_rook_attacks(from, occ)
                       : type == BB_QUEEN ? bb_queen_attacks(from, occ)
                                          : bb_king_attacks(from);
        if (!(att & tb)) return 0;
    }
    return !attacked(pos, type == BB_KING ? to : ksq, them, occ2, alive);
}
