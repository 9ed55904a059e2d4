/* Othello: method and convention names, the method switch, and positions. */
#include "bitboard.h"

static const char *const method_names[BB_OTHELLO_METHOD_COUNT] = {"lookup", "shifts", "avx2", "avx512"};
static const char *const convention_names[3] = {"oeis", "bik", "nopass"};

const char *bb_othello_method_name(bb_othello_method m)
{
    return (unsigned)m < BB_OTHELLO_METHOD_COUNT ? method_names[m] : NULL;
}

int bb_othello_method_from_name(const char *name, bb_othello_method *m)
{
    BB__ASSERT_NOT_NULL(name, "name");
    BB__ASSERT_NOT_NULL(m, "m");
    int i = bb__name_index(name, method_names, BB_OTHELLO_METHOD_COUNT);
    if (i < 0 || !m) return -1;
    *m = (bb_othello_method)i;
    return 0;
}

const char *bb_othello_convention_name(bb_othello_convention c)
{
    return (unsigned)c < 3 ? convention_names[c] : NULL;
}

int bb_othello_convention_from_name(const char *name, bb_othello_convention *c)
{
    BB__ASSERT_NOT_NULL(name, "name");
    BB__ASSERT_NOT_NULL(c, "c");
    int i = bb__name_index(name, convention_names, 3);
    if (i < 0 || !c) return -1;
    *c = (bb_othello_convention)i;
    return 0;
}

int bb_othello_method_available(bb_othello_method m)
{
    switch (m) {
    case BB_OTHELLO_LOOKUP:
    case BB_OTHELLO_SHIFTS: return 1;
    case BB_OTHELLO_AVX2: return bb_cpu_has(BB_CPU_AVX2);
    case BB_OTHELLO_AVX512: return bb_cpu_has(BB_CPU_AVX512);
    }
    return 0;
}

uint64_t bb_othello_moves_with(bb_othello_method m, uint64_t p, uint64_t o)
{
    BB__ASSERT((unsigned)m < BB_OTHELLO_METHOD_COUNT, "m", m);
    switch (m) {
    case BB_OTHELLO_AVX2: if (bb_othello_method_available(m)) return bb_othello_moves_avx2(p, o); break;
    case BB_OTHELLO_AVX512: if (bb_othello_method_available(m)) return bb_othello_moves_avx512(p, o); break;
    case BB_OTHELLO_LOOKUP:
    case BB_OTHELLO_SHIFTS: break;
    }
    return bb_othello_moves_shifts(p, o);
}

uint64_t bb_othello_flips_with(bb_othello_method m, uint64_t p, uint64_t o, int sq)
{
    BB__ASSERT((unsigned)m < BB_OTHELLO_METHOD_COUNT, "m", m);
    BB__ASSERT_SQUARE(sq);
    sq &= 63;
    switch (m) {
    case BB_OTHELLO_LOOKUP: return bb_othello_flips_lookup(p, o, sq);
    case BB_OTHELLO_AVX2: if (bb_othello_method_available(m)) return bb_othello_flips_avx2(p, o, sq); break;
    case BB_OTHELLO_AVX512: if (bb_othello_method_available(m)) return bb_othello_flips_avx512(p, o, sq); break;
    case BB_OTHELLO_SHIFTS: break;
    }
    return bb_othello_flips_shifts(p, o, sq);
}

/* ---- Positions ------------------------------------------------------------------ */
bb_othello_pos bb_othello_start(void)
{
    bb_othello_pos pos;
    pos.p = ((uint64_t)1 << BB_D5) | ((uint64_t)1 << BB_E4); /* black */
    pos.o = ((uint64_t)1 << BB_D4) | ((uint64_t)1 << BB_E5); /* white */
    pos.side = BB_OTHELLO_BLACK;
    return pos;
}

int bb_othello_play(bb_othello_pos *pos, int sq)
{
    BB__ASSERT_NOT_NULL(pos, "pos");
    BB__ASSERT_SQUARE(sq);
    if (!pos) return -1;
    uint64_t f = bb_othello_flips(pos->p, pos->o, sq & 63);
    if (!f) return -1;
    uint64_t p = pos->p ^ f ^ ((uint64_t)1 << (sq & 63)), o = pos->o ^ f;
    pos->p = o, pos->o = p, pos->side ^= 1;
    return 0;
}

int bb_othello_pass(bb_othello_pos *pos)
{
    BB__ASSERT_NOT_NULL(pos, "pos");
    if (!pos || bb_othello_moves(pos->p, pos->o) || !bb_othello_moves(pos->o, pos->p)) return -1;
    uint64_t p = pos->p;
    pos->p = pos->o, pos->o = p, pos->side ^= 1;
    return 0;
}

int bb_othello_game_over(const bb_othello_pos *pos)
{
    BB__ASSERT_NOT_NULL(pos, "pos");
    return pos && !bb_othello_moves(pos->p, pos->o) && !bb_othello_moves(pos->o, pos->p);
}

int bb_othello_discs(const bb_othello_pos *pos, int color)
{
    BB__ASSERT_NOT_NULL(pos, "pos");
    BB__ASSERT((unsigned)color < 2, "color", color);
    if (!pos) return 0;
    return bb_popcount((color & 1) == pos->side ? pos->p : pos->o);
}

int bb_othello_score(const bb_othello_pos *pos)
{
    BB__ASSERT_NOT_NULL(pos, "pos");
    if (!pos) return 0;
    int black = bb_othello_discs(pos, BB_OTHELLO_BLACK), white = bb_othello_discs(pos, BB_OTHELLO_WHITE);
    int empty = 64 - black - white, d = black - white;
    return d > 0 ? d + empty : d < 0 ? d - empty : 0;
}
