/* Slider attacks, every method side by side, on occupancies from random
 * games (not uniform random bits: real positions have 2-32 pieces, most of
 * them near the back ranks early on).
 *
 * The games: both sides start from the chess start position and, in turn,
 * move a random piece to a random square it attacks or (pawns) pushes to,
 * capturing what stands there; no kings are taken and nothing checks legality
 * (the occupancies are what matter here).  Each sample is a position and the
 * square of one of its sliders. */
#include <stdio.h>
#include <stdlib.h>

#include "bench.h"
#include "bitboard.h"

enum { SAMPLES = 4096, GAME_MOVES = 4096 };
typedef struct { uint64_t occ; int sq; int rook; } sample;
/* Games' moves, for the game-like pattern: from, to (from == -1: a new game
 * from the start position), whether `to` was occupied (a capture), and after
 * the move the square of a rook-like and a bishop-like slider to look up (or -1). */
typedef struct { signed char from, to, capture, rsq, bsq; } game_move;

enum { EMPTY, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING };
typedef struct { signed char piece[64], color[64]; uint64_t occ; int side; } pos;

static void start(pos *p)
{
    static const signed char back[8] = {ROOK, KNIGHT, BISHOP, QUEEN, KING, BISHOP, KNIGHT, ROOK};
    for (int s = 0; s < 64; s++) p->piece[s] = EMPTY, p->color[s] = -1;
    for (int f = 0; f < 8; f++) {
        p->piece[f] = back[f], p->color[f] = 0;
        p->piece[8 + f] = PAWN, p->color[8 + f] = 0;
        p->piece[48 + f] = PAWN, p->color[48 + f] = 1;
        p->piece[56 + f] = back[f], p->color[56 + f] = 1;
    }
    p->occ = 0xFFFF00000000FFFFULL;
    p->side = 0;
}

static uint64_t targets(const pos *p, int s)
{
    uint64_t own = 0, occ = p->occ;
    for (int t = 0; t < 64; t++)
        if (p->color[t] == p->color[s]) own |= (uint64_t)1 << t;
    uint64_t a = 0;
    switch (p->piece[s]) {
    case PAWN: {
        int up = p->color[s] ? -8 : 8, to = s + up;
        if (to >= 0 && to < 64 && !(occ >> to & 1)) a |= (uint64_t)1 << to;
        a |= bb_pawn_attacks(p->color[s], s) & occ;
        break;
    }
    case KNIGHT: a = bb_knight_attacks(s); break;
    case BISHOP: a = bb_bishop_attacks_naive(s, occ); break;
    case ROOK: a = bb_rook_attacks_naive(s, occ); break;
    case QUEEN: a = bb_rook_attacks_naive(s, occ) | bb_bishop_attacks_naive(s, occ); break;
    case KING: a = bb_king_attacks(s); break;
    }
    uint64_t kings = 0;
    for (int t = 0; t < 64; t++)
        if (p->piece[t] == KING) kings |= (uint64_t)1 << t;
    return a & ~own & ~kings;
}

/* Plays one random move; returns 0 if the side has none. */
static int play(pos *p, uint64_t *rng, game_move *m)
{
    int from[64], n = 0;
    for (int s = 0; s < 64; s++)
        if (p->color[s] == p->side && targets(p, s)) from[n++] = s;
    if (n == 0) return 0;
    int s = from[bench_rand(rng) % (uint64_t)n];
    uint64_t t = targets(p, s);
    int k = (int)(bench_rand(rng) % (uint64_t)bb_popcount(t)), to = -1;
    for (int i = 0; i < 64; i++)
        if ((t >> i & 1) && k-- == 0) to = i;
    m->from = (signed char)s, m->to = (signed char)to, m->capture = p->piece[to] != EMPTY;
    p->piece[to] = p->piece[s], p->color[to] = p->color[s];
    p->piece[s] = EMPTY, p->color[s] = -1;
    p->occ = (p->occ & ~((uint64_t)1 << s)) | (uint64_t)1 << to;
    p->side ^= 1;
    return 1;
}

/* A random slider of the position (rook-like if rook, else bishop-like), or -1. */
static int slider(const pos *p, int rook, uint64_t *rng)
{
    int c[64], n = 0;
    for (int s = 0; s < 64; s++)
        if (p->piece[s] == QUEEN || p->piece[s] == (rook ? ROOK : BISHOP)) c[n++] = s;
    return n ? c[bench_rand(rng) % (uint64_t)n] : -1;
}

static sample samples[SAMPLES];
static game_move game[GAME_MOVES];
static uint64_t game_start;
static int game_len;

static void make_positions(void)
{
    uint64_t rng = 2026;
    int k = 0;
    while (k < SAMPLES) {
        pos p;
        start(&p);
        int plies = 10 + (int)(bench_rand(&rng) % 90);
        for (int i = 0; i < plies; i++) {
            game_move m;
            if (!play(&p, &rng, &m)) break;
        }
        int rook = (int)(bench_rand(&rng) & 1), s = slider(&p, rook, &rng);
        if (s < 0) continue;
        samples[k].occ = p.occ, samples[k].sq = s, samples[k].rook = rook;
        k++;
    }
    /* Rooks first, then bishops: the loops' branch on the piece is then
     * predictable, and does not hide the methods' differences. */
    sample tmp[SAMPLES];
    int r = 0, b = 0;
    for (int i = 0; i < SAMPLES; i++) r += samples[i].rook;
    for (int i = 0; i < SAMPLES; i++) tmp[samples[i].rook ? b++ : r++] = samples[i];
    for (int i = 0; i < SAMPLES; i++) samples[i] = tmp[i];
    /* Games of 20 to 119 moves one after another for the pattern; a move
     * with from == -1 starts the next game from the start position. */
    pos p;
    start(&p);
    game_start = p.occ;
    int left = 0;
    for (game_len = 0; game_len < GAME_MOVES;) {
        game_move m = {-1, -1, 0, -1, -1};
        if (left-- <= 0 || !play(&p, &rng, &m)) {
            start(&p);
            left = 20 + (int)(bench_rand(&rng) % 100);
            m.from = m.to = -1, m.capture = 0;
        }
        m.rsq = (signed char)slider(&p, 1, &rng), m.bsq = (signed char)slider(&p, 0, &rng);
        game[game_len++] = m;
    }
}

typedef uint64_t (*attack_fn)(int, uint64_t);
typedef struct { attack_fn rook, bishop; uint64_t sink; } attack_ctx;

/* Latency: each lookup's occupancy depends on the last result (its a1 bit). */
static void lat(void *p)
{
    attack_ctx *c = p;
    uint64_t x = 0;
    for (int i = 0; i < SAMPLES; i++) {
        const sample *s = &samples[i];
        uint64_t occ = s->occ ^ (x & 1);
        x = s->rook ? c->rook(s->sq, occ) : c->bishop(s->sq, occ);
        BENCH_KEEP(x);
    }
    c->sink += x;
}
static void thr(void *p)
{
    attack_ctx *c = p;
    uint64_t acc = 0;
    for (int i = 0; i < SAMPLES; i++) {
        const sample *s = &samples[i];
        uint64_t y = s->rook ? c->rook(s->sq, s->occ) : c->bishop(s->sq, s->occ);
        BENCH_KEEP(y);
        acc ^= y;
    }
    c->sink += acc;
}

/* The game-like pattern: the occupancy follows the game move by move, and
 * after each move a rook and a bishop are looked up.  Every method but the
 * rotated one just updates occ; the rotated one updates its four boards. */
static void game_plain(void *p)
{
    attack_ctx *c = p;
    uint64_t occ = game_start, acc = 0;
    for (int i = 0; i < game_len; i++) {
        const game_move *m = &game[i];
        if (m->from < 0) occ = game_start;
        else occ = (occ & ~((uint64_t)1 << m->from)) | (uint64_t)1 << m->to;
        if (m->rsq >= 0) acc ^= c->rook(m->rsq, occ);
        if (m->bsq >= 0) acc ^= c->bishop(m->bsq, occ);
        BENCH_KEEP(acc);
    }
    c->sink += acc;
}
static void game_rotated(void *p)
{
    attack_ctx *c = p;
    bb_rotated_occ s;
    bb_rotated_occ_init(&s, game_start);
    uint64_t acc = 0;
    for (int i = 0; i < game_len; i++) {
        const game_move *m = &game[i];
        if (m->from < 0) {
            bb_rotated_occ_init(&s, game_start);
        } else {
            if (m->capture) bb_rotated_occ_clear(&s, m->to);
            bb_rotated_occ_move(&s, m->from, m->to);
        }
        if (m->rsq >= 0) acc ^= bb_rotated_rook_attacks(&s, m->rsq);
        if (m->bsq >= 0) acc ^= bb_rotated_bishop_attacks(&s, m->bsq);
        BENCH_KEEP(acc);
    }
    c->sink += acc;
}

#if BB_HAVE_BMI2
#define PEXT_FNS bb_rook_attacks_pext, bb_bishop_attacks_pext
#else
#define PEXT_FNS NULL, NULL
#endif

void bench_attacks(const bench_opts *o)
{
    make_positions();
    double pieces = 0;
    for (int i = 0; i < SAMPLES; i++) pieces += bb_popcount(samples[i].occ);
    struct { bb_attack_method m; attack_fn rook, bishop; } methods[] = {
        {BB_ATTACKS_NAIVE, bb_rook_attacks_naive, bb_bishop_attacks_naive},
        {BB_ATTACKS_ROTATED, bb_rook_attacks_rotated, bb_bishop_attacks_rotated},
        {BB_ATTACKS_KINDERGARTEN, bb_rook_attacks_kindergarten, bb_bishop_attacks_kindergarten},
        {BB_ATTACKS_MAGIC, bb_rook_attacks_magic, bb_bishop_attacks_magic},
        {BB_ATTACKS_PEXT, PEXT_FNS},
        {BB_ATTACKS_HYPERBOLA, bb_rook_attacks_hyperbola, bb_bishop_attacks_hyperbola},
        {BB_ATTACKS_KOGGE_STONE, bb_rook_attacks_kogge_stone, bb_bishop_attacks_kogge_stone},
    };
    char note[256];
    snprintf(note, sizeof note,
             "%d rook or bishop lookups on positions of random games (%.1f pieces on average); default here: %s. "
             "Latency: each lookup's occupancy depends on the last result.",
             SAMPLES, pieces / SAMPLES, bb_attack_method_name(BB_ATTACKS_DEFAULT));
    bench_table_header("Slider attacks, one square at a time", note);
    uint64_t sink = 0;
    for (size_t k = 0; k < sizeof methods / sizeof methods[0]; k++) {
        if (!methods[k].rook) continue;
        attack_ctx c = {methods[k].rook, methods[k].bishop, 0};
        bench_stat l = bench_time(o, lat, &c, SAMPLES), t = bench_time(o, thr, &c, SAMPLES);
        char impl[96];
        snprintf(impl, sizeof impl, "%s%s (%zu bytes of tables)", bb_attack_method_name(methods[k].m),
                 methods[k].m == BB_ATTACKS_DEFAULT ? ", default" : "", bb_attack_method_memory(methods[k].m));
        bench_row("rook/bishop attacks", impl, &l, &t);
        sink += c.sink;
    }

    snprintf(note, sizeof note,
             "%d moves of random games: after each, the occupancy is updated and one rook and one bishop "
             "looked up. \"rotated, incremental\" keeps Hyatt's four boards up to date move by move.",
             game_len);
    bench_table_header("Slider attacks along a game", note);
    for (size_t k = 0; k < sizeof methods / sizeof methods[0]; k++) {
        if (!methods[k].rook || methods[k].m == BB_ATTACKS_NAIVE) continue;
        attack_ctx c = {methods[k].rook, methods[k].bishop, 0};
        bench_stat t = bench_time(o, game_plain, &c, game_len);
        char impl[96];
        snprintf(impl, sizeof impl, "%s%s", bb_attack_method_name(methods[k].m),
                 methods[k].m == BB_ATTACKS_ROTATED ? ", state rebuilt from occ" : "");
        bench_row("move + rook + bishop", impl, NULL, &t);
        sink += c.sink;
    }
    attack_ctx c = {NULL, NULL, 0};
    bench_stat t = bench_time(o, game_rotated, &c, game_len);
    bench_row("move + rook + bishop", "rotated, incremental", NULL, &t);
    sink += c.sink;
    if (sink == 42) printf("(sink)\n");
}
