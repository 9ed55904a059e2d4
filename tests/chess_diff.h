/* Differential checks of chess move counting: positions made to stress each
 * rule, and every way the library counts moves compared on them, depth by
 * depth, against the slow generator.  Shared by tests/test_chess_diff.c (the
 * bounded check in make test), tests/soak/soak_chess.c (the soak's area),
 * tests/fuzz/fuzz_chess_perft.c and tools/chess_positions.c (positions for
 * Stockfish, tests/stockfish.sh).  Everything is a static function, as in
 * tests/chess_positions.h; it needs no test harness (include it with
 * "../chess_diff.h" or -Itests; it finds src/chess/slow.h by itself).
 *
 * Positions (cdiff_position): ten families, each a function of a splitmix64
 * state (cdiff_next), with at most one draw in any expression (C leaves the
 * order of a call's arguments open: gcc and clang must draw the same).  A family builds a placement, writes it as FEN and
 * keeps it only if bb_chess_from_fen reads it (so the side not to move is
 * not in check, castling rights have their rooks, an en-passant square has
 * its pawn); a refusal draws again from the same state.
 *   game        random games from the standard start (the slow generator's moves)
 *   game960     random games from one of the 960 starts (Scharnagl's numbering)
 *   castling    castling whose rook lands on a line of the other king: a-side and
 *               h-side, both colours, the rook landing where the king stood, the king
 *               where the rook stood, king and rook swapping squares
 *   en_passant  en passant with the capturing pawn, the taken pawn or the square
 *               between on a line from the king to an enemy slider (horizontal and
 *               diagonal pins), and en passant out of the pawn's check
 *   promotion   pawns about to promote where a promotion (or underpromotion) gives
 *               check, or uncovers one
 *   double_check  the side to move in double check, or with a piece in front of a
 *               slider aimed at the enemy king
 *   pins        pieces pinned to their king with enemy pieces along the pin and
 *               across it
 *   corners     kings in the corners, 0-10 other pieces
 *   piece_count 0-30 other pieces anywhere (from bare kings up)
 *   sparse960   kings and castling rooks on their first ranks keeping castling
 *               rights, 2-12 other pieces (where the kernel's bug of 88a8b28 showed)
 * The scattering families give a king on its first rank castling rights
 * with the rooks beside it now and then (KQkq for the standard corners,
 * Shredder-FEN file letters otherwise).
 *
 * The implementations compared (cdiff_count, cdiff_divide), CDIFF_IMPLS:
 *   kernel          bb_chess_perft(pos, d, NULL): the dedicated kernel
 *   <method>        bb_chess_perft with use_method, each available attack method
 *   board walk      bb_chess_board_moves down the tree, bb_chess_board_count_many for
 *                   the last ply (the example of bitboard/chess_board.h)
 *   generate/make   bb_chess_generate, bb_chess_make, bb_chess_unmake
 *   slow            bb__chess_slow_perft (src/chess/slow.h): the reference
 * cdiff_check compares them at depths 1..D (D the deepest up to max_depth
 * whose kernel count fits a node budget); on a disagreement its message has
 * the FEN (Shredder-FEN for Chess960), the depth, every count, and for each
 * implementation that differs from the slow generator the first difference
 * found by descending its divide against the slow generator's. */
#ifndef BB_TESTS_CHESS_DIFF_H
#define BB_TESTS_CHESS_DIFF_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bitboard.h"
#include "../src/chess/slow.h"

/* ---- randomness -------------------------------------------------------------------- */

/* splitmix64 (the same sequence as bbt_next in tests/harness.h). */
static inline uint64_t cdiff_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}
/* 0..n-1 (n >= 1). */
static inline int cdiff_below(uint64_t *state, int n) { return (int)(cdiff_next(state) % (uint64_t)n); }
/* lo..hi. */
static inline int cdiff_range(uint64_t *state, int lo, int hi) { return lo + cdiff_below(state, hi - lo + 1); }
/* 1 with probability num/den. */
static inline int cdiff_chance(uint64_t *state, int num, int den) { return cdiff_below(state, den) < num; }

/* The seed of case i of a family in a run seeded with seed. */
static inline uint64_t cdiff_case_seed(uint64_t seed, int family, int64_t i)
{
    uint64_t s = seed ^ ((uint64_t)family << 56) ^ ((uint64_t)i * 0xD1B54A32D192ED03ULL);
    cdiff_next(&s);
    return cdiff_next(&s);
}

/* ---- a placement, written as FEN and read by the library ----------------------------- */

typedef struct {
    char sq[64];       /* '.' or a FEN piece letter, a1 = 0 */
    uint64_t reserved; /* squares the scattering must leave empty */
} cdiff_sketch;

static inline void cdiff_clear(cdiff_sketch *s)
{
    memset(s->sq, '.', sizeof s->sq);
    s->reserved = 0;
}
static inline char cdiff_letter(int color, int type) { return (char)("PNBRQK"[type] + (color ? 'a' - 'A' : 0)); }
static inline int cdiff_is_empty(const cdiff_sketch *s, int sq)
{
    return sq >= 0 && sq < 64 && s->sq[sq] == '.' && !(s->reserved >> sq & 1);
}
/* Puts a piece on an empty square (never a pawn on rank 1 or 8): 1, or 0. */
static inline int cdiff_put(cdiff_sketch *s, int sq, int color, int type)
{
    if (!cdiff_is_empty(s, sq)) return 0;
    if (type == BB_PAWN && (sq < 8 || sq >= 56)) return 0;
    s->sq[sq] = cdiff_letter(color, type);
    return 1;
}
/* The square n steps from sq in direction (df, dr), or -1 off the board. */
static inline int cdiff_step(int sq, int df, int dr, int n)
{
    int f = (sq & 7) + df * n, r = (sq >> 3) + dr * n;
    return f < 0 || f > 7 || r < 0 || r > 7 ? -1 : r * 8 + f;
}
/* Direction i of 8: 0-3 along ranks and files, 4-7 along diagonals. */
static inline void cdiff_dir(int i, int *df, int *dr)
{
    static const int d[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, -1}, {1, -1}, {-1, 1}};
    *df = d[i & 7][0], *dr = d[i & 7][1];
}
/* A random empty square n steps (1.. while empty) from sq along a direction,
 * stepping over the squares of `through` (pieces the line passes), or -1. */
static inline int cdiff_along(const cdiff_sketch *s, int sq, int df, int dr, uint64_t through, uint64_t *rng)
{
    int cand[8], n = 0;
    for (int k = 1;; k++) {
        int t = cdiff_step(sq, df, dr, k);
        if (t < 0) break;
        if (through >> t & 1) continue;
        if (!cdiff_is_empty(s, t)) break;
        cand[n++] = t;
    }
    return n ? cand[cdiff_below(rng, n)] : -1;
}
/* A random type other than the king: pawns most often, queens least. */
static inline int cdiff_random_type(uint64_t *rng)
{
    static const unsigned char w[11] = {BB_PAWN,   BB_PAWN,   BB_PAWN, BB_PAWN, BB_KNIGHT, BB_KNIGHT,
                                        BB_BISHOP, BB_BISHOP, BB_ROOK, BB_ROOK, BB_QUEEN};
    return w[cdiff_below(rng, 11)];
}
/* A random empty square (-1 if none after some tries). */
static inline int cdiff_random_empty(const cdiff_sketch *s, uint64_t *rng)
{
    for (int tries = 0; tries < 200; tries++) {
        int sq = cdiff_below(rng, 64);
        if (cdiff_is_empty(s, sq)) return sq;
    }
    return -1;
}
/* n random pieces of random colours on random empty squares. */
static inline void cdiff_scatter(cdiff_sketch *s, int n, uint64_t *rng)
{
    for (int i = 0, tries = 0; i < n && tries < 400; tries++) {
        int sq = cdiff_random_empty(s, rng);
        if (sq < 0) continue;
        int color = cdiff_below(rng, 2); /* one draw an expression: the same pieces from gcc and clang */
        if (cdiff_put(s, sq, color, cdiff_random_type(rng))) i++;
    }
}
/* A king of color on a random empty square: its square, or -1. */
static inline int cdiff_put_king(cdiff_sketch *s, int color, uint64_t *rng)
{
    int sq = cdiff_random_empty(s, rng);
    return sq >= 0 && cdiff_put(s, sq, color, BB_KING) ? sq : -1;
}
static inline int cdiff_find(const cdiff_sketch *s, char letter)
{
    for (int sq = 0; sq < 64; sq++)
        if (s->sq[sq] == letter) return sq;
    return -1;
}

/* Castling rights for the rooks beside a king on its first rank, each with
 * probability 1/2: KQkq where king and rook stand on the standard squares,
 * the rook's file letter otherwise.  Writes the castling field into out (at
 * least 9 bytes). */
static inline void cdiff_some_rights(const cdiff_sketch *s, uint64_t *rng, char *out)
{
    int n = 0;
    for (int c = 0; c < 2; c++) {
        int rank = c ? 56 : 0, k = cdiff_find(s, cdiff_letter(c, BB_KING));
        if (k < rank || k >= rank + 8) continue;
        char rook = cdiff_letter(c, BB_ROOK);
        /* the nearest rook on each side: Shredder-FEN names any, the nearest
         * keeps the X-FEN meaning of a standard KQ too */
        for (int side = 0; side < 2; side++) {
            int step = side ? -1 : 1, r = -1;
            for (int sq = k + step; sq >= rank && sq < rank + 8; sq += step)
                if (s->sq[sq] == rook) { r = sq; break; }
            if (r < 0 || !cdiff_chance(rng, 1, 2)) continue;
            int standard = (k & 7) == 4 && (r & 7) == (side ? 0 : 7);
            char l = standard ? (side ? 'Q' : 'K') : (char)('A' + (r & 7));
            out[n++] = (char)(c ? l + ('a' - 'A') : l);
        }
    }
    if (!n) out[n++] = '-';
    out[n] = '\0';
}

/* Reads the sketch as a position: side to move, castling field (NULL: "-"),
 * en-passant square (-1: none).  0 and *pos if the library's FEN reader
 * accepts it, else -1. */
static inline int cdiff_read(const cdiff_sketch *s, int side, const char *castling, int ep, bb_chess_pos *pos)
{
    char fen[BB_CHESS_FEN_MAX + 16];
    int n = 0;
    for (int r = 7; r >= 0; r--) {
        int run = 0;
        for (int f = 0; f < 8; f++) {
            char c = s->sq[r * 8 + f];
            if (c == '.') { run++; continue; }
            if (run) fen[n++] = (char)('0' + run), run = 0;
            fen[n++] = c;
        }
        if (run) fen[n++] = (char)('0' + run);
        if (r) fen[n++] = '/';
    }
    char eps[3] = "-";
    if (ep >= 0) eps[0] = (char)('a' + (ep & 7)), eps[1] = (char)('1' + (ep >> 3)), eps[2] = '\0';
    snprintf(fen + n, sizeof fen - (size_t)n, " %c %s %s 0 1", side ? 'b' : 'w', castling && *castling ? castling : "-",
             eps);
    return bb_chess_from_fen(pos, fen, NULL) == 0 ? 0 : -1;
}

/* The end of most families: n pieces scattered, castling rights for the
 * rooks beside a king on its first rank now and then (cdiff_some_rights),
 * read with side to move. */
static inline int cdiff_finish(cdiff_sketch *s, int n, int side, uint64_t *rng, bb_chess_pos *pos)
{
    cdiff_scatter(s, n, rng);
    char rights[9];
    cdiff_some_rights(s, rng, rights);
    return cdiff_read(s, side, rights, -1, pos);
}

/* ---- the families ---------------------------------------------------------------------- */

enum {
    CDIFF_GAME,
    CDIFF_GAME960,
    CDIFF_CASTLING,
    CDIFF_EN_PASSANT,
    CDIFF_PROMOTION,
    CDIFF_DOUBLE_CHECK,
    CDIFF_PINS,
    CDIFF_CORNERS,
    CDIFF_PIECE_COUNT,
    CDIFF_SPARSE960,
    CDIFF_FAMILIES
};

static inline const char *cdiff_family_name(int family)
{
    switch (family) {
    case CDIFF_GAME: return "game";
    case CDIFF_GAME960: return "game960";
    case CDIFF_CASTLING: return "castling";
    case CDIFF_EN_PASSANT: return "en_passant";
    case CDIFF_PROMOTION: return "promotion";
    case CDIFF_DOUBLE_CHECK: return "double_check";
    case CDIFF_PINS: return "pins";
    case CDIFF_CORNERS: return "corners";
    case CDIFF_PIECE_COUNT: return "piece_count";
    case CDIFF_SPARSE960: return "sparse960";
    default: return NULL;
    }
}
static inline int cdiff_family_from_name(const char *name)
{
    for (int f = 0; f < CDIFF_FAMILIES; f++)
        if (strcmp(name, cdiff_family_name(f)) == 0) return f;
    return -1;
}

/* Chess960 start n (0..959) by Scharnagl's numbering (518 is the standard
 * array): white's first rank into files[0..7] as piece types. */
static inline void cdiff_scharnagl(int n, int files[8])
{
    for (int f = 0; f < 8; f++) files[f] = -1;
    files[(n % 4) * 2 + 1] = BB_BISHOP; /* the light-squared bishop: b, d, f, h */
    n /= 4;
    files[(n % 4) * 2] = BB_BISHOP; /* the dark-squared one: a, c, e, g */
    n /= 4;
    int q = n % 6;
    n /= 6;
    /* the knights on the five squares left, by the code 0..9 */
    static const int knights[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};
    int free_sq[8], nfree = 0;
    for (int f = 0; f < 8; f++)
        if (files[f] < 0) free_sq[nfree++] = f;
    files[free_sq[q]] = BB_QUEEN;
    nfree = 0;
    for (int f = 0; f < 8; f++)
        if (files[f] < 0) free_sq[nfree++] = f;
    files[free_sq[knights[n][0]]] = BB_KNIGHT;
    files[free_sq[knights[n][1]]] = BB_KNIGHT;
    static const int rkr[3] = {BB_ROOK, BB_KING, BB_ROOK};
    for (int f = 0, i = 0; f < 8; f++)
        if (files[f] < 0) files[f] = rkr[i++];
}

/* *pos = Chess960 start n (0..959) with all four rights in Shredder-FEN. */
static inline void cdiff_chess960_start(int n, bb_chess_pos *pos)
{
    int files[8];
    cdiff_scharnagl(n, files);
    cdiff_sketch s;
    cdiff_clear(&s);
    char rights[5];
    int nr = 0;
    for (int c = 0; c < 2; c++) {
        for (int f = 0; f < 8; f++) {
            cdiff_put(&s, (c ? 56 : 0) + f, c, files[f]);
            cdiff_put(&s, (c ? 48 : 8) + f, c, BB_PAWN);
        }
        for (int f = 7; f >= 0; f--) /* h-side rook first, as Shredder writes it */
            if (files[f] == BB_ROOK) rights[nr++] = (char)((c ? 'a' : 'A') + f);
    }
    rights[nr] = '\0';
    if (cdiff_read(&s, BB_WHITE, rights, -1, pos) != 0) bb_chess_start(pos); /* cannot happen */
}

/* Plays move k % count of the slow generator's list of pos: 1, or 0 where
 * there is none (the game is over). */
static inline int cdiff_play_nth(bb_chess_pos *pos, uint64_t k)
{
    bb_chess_movelist l;
    int n = bb__chess_slow_generate(pos, BB_GEN_ALL, &l);
    if (!n) return 0;
    bb_chess_pos next;
    bb__chess_slow_play(pos, l.moves[k % (uint64_t)n], &next);
    *pos = next;
    return 1;
}

/* Up to max_plies random legal moves (the slow generator's list), stopping
 * where the game ends; then written as FEN and read again (the judge). */
static inline void cdiff_random_walk(bb_chess_pos *pos, int max_plies, uint64_t *rng)
{
    int plies = cdiff_below(rng, max_plies + 1);
    for (int p = 0; p < plies && cdiff_play_nth(pos, cdiff_next(rng)); p++) {}
    char fen[BB_CHESS_FEN_MAX];
    bb_chess_pos back;
    bb_chess_to_fen(fen, sizeof fen, pos, pos->chess960 ? BB_FEN_SHREDDER : BB_FEN_STANDARD);
    if (bb_chess_from_fen(&back, fen, NULL) == 0) *pos = back;
}

/* The position bytes lead to (tests/fuzz/fuzz_chess_perft.c's input): bytes
 * 0 and 1 pick the start, (256 * b0 + b1) % 961: Chess960 start n by
 * Scharnagl's numbering, or 960 for the standard start (not Chess960); each
 * later byte, up to max_plies of them, picks a legal move (cdiff_play_nth),
 * until the game ends.  Fewer than 2 bytes: the standard start. */
static inline void cdiff_position_from_bytes(const uint8_t *data, size_t size, size_t max_plies, bb_chess_pos *pos)
{
    int start = size >= 2 ? (data[0] * 256 + data[1]) % 961 : 960;
    if (start == 960) bb_chess_start(pos);
    else cdiff_chess960_start(start, pos);
    for (size_t i = 2; i < size && i - 2 < max_plies && cdiff_play_nth(pos, data[i]); i++) {}
}

/* A game's length: short, middling or long games alike. */
static inline int cdiff_game_length(uint64_t *rng)
{
    static const int cap[4] = {12, 40, 90, 160};
    return cap[cdiff_below(rng, 4)];
}

static inline int cdiff_gen_game(uint64_t *rng, bb_chess_pos *pos)
{
    bb_chess_start(pos);
    cdiff_random_walk(pos, cdiff_game_length(rng), rng);
    return 0;
}

static inline int cdiff_gen_game960(uint64_t *rng, bb_chess_pos *pos)
{
    cdiff_chess960_start(cdiff_below(rng, 960), pos);
    cdiff_random_walk(pos, cdiff_game_length(rng), rng);
    return 0;
}

/* Appends a Shredder-FEN right (rook on file f of color) to a castling field. */
static inline void cdiff_add_right(char *rights, int color, int file)
{
    size_t n = strlen(rights);
    rights[n] = (char)((color ? 'a' : 'A') + file);
    rights[n + 1] = '\0';
}

/* Castling whose rook lands on a line of the other king. */
static inline int cdiff_gen_castling(uint64_t *rng, bb_chess_pos *pos)
{
    cdiff_sketch s;
    cdiff_clear(&s);
    int c = cdiff_below(rng, 2), o = c ^ 1, rank = c ? 56 : 0, orank = o ? 56 : 0;
    int hside = cdiff_below(rng, 2), shape = cdiff_below(rng, 10), kf, rf;
    /* h side: the king goes to g, the rook to f; a side: c and d */
    if (hside) {
        if (shape < 4) kf = 5, rf = cdiff_range(rng, 6, 7);      /* the rook lands where the king stood */
        else if (shape < 7) rf = 6, kf = cdiff_range(rng, 1, 5); /* the king lands where the rook stood */
        else if (shape < 8) kf = 5, rf = 6;                      /* they swap squares */
        else kf = cdiff_range(rng, 1, 6), rf = cdiff_range(rng, kf + 1, 7);
    } else {
        if (shape < 4) kf = 3, rf = cdiff_range(rng, 0, 2);
        else if (shape < 7) rf = 2, kf = cdiff_range(rng, 3, 6);
        else if (shape < 8) kf = 3, rf = 2;
        else kf = cdiff_range(rng, 1, 6), rf = cdiff_range(rng, 0, kf - 1);
    }
    cdiff_put(&s, rank + kf, c, BB_KING);
    cdiff_put(&s, rank + rf, c, BB_ROOK);
    char wr[8] = "", br[8] = "";
    cdiff_add_right(c ? br : wr, c, rf);
    if (cdiff_chance(rng, 1, 2)) { /* the other right as well, where there is room */
        int lo = hside ? 0 : kf + 1, hi = hside ? kf - 1 : 7;
        if (lo <= hi) {
            int f2 = cdiff_range(rng, lo, hi);
            if (cdiff_put(&s, rank + f2, c, BB_ROOK)) cdiff_add_right(c ? br : wr, c, f2);
        }
    }
    int land = rank + (hside ? 5 : 3), ok = -1;
    int where = cdiff_below(rng, 4);
    if (where <= 1) { /* on the landing square's file */
        int df = 0, dr = c ? -1 : 1;
        ok = cdiff_along(&s, land, df, dr, 1ULL << (rank + kf) | 1ULL << (rank + rf), rng);
        if (ok >= 0 && where == 1 && (ok & 56) != orank) ok = orank + (land & 7); /* on its first rank */
        if (ok >= 0 && !cdiff_put(&s, ok, o, BB_KING)) ok = -1;
    } else if (where == 2) { /* on the castling rank, past the king or the rooks */
        int sq = cdiff_along(&s, land, hside ? 1 : -1, 0, 1ULL << (rank + kf) | 1ULL << (rank + rf), rng);
        ok = sq >= 0 && cdiff_put(&s, sq, o, BB_KING) ? sq : -1;
    } else { /* on its own first rank, on the landing file's line or anywhere, with rooks of its own */
        int f = cdiff_chance(rng, 2, 3) ? (land & 7) : cdiff_range(rng, 1, 6);
        ok = cdiff_put(&s, orank + f, o, BB_KING) ? orank + f : -1;
        if (ok >= 0) {
            for (int side = 0; side < 2; side++) {
                int lo = side ? f + 1 : 0, hi = side ? 7 : f - 1;
                if (lo > hi || !cdiff_chance(rng, 2, 3)) continue;
                int f2 = cdiff_range(rng, lo, hi);
                if (cdiff_put(&s, orank + f2, o, BB_ROOK)) cdiff_add_right(o ? br : wr, o, f2);
            }
        }
    }
    if (ok < 0) return -1;
    /* pieces between the landing square and that king: pinned after the castling */
    int dfl = (ok & 7) > (land & 7) ? 1 : (ok & 7) < (land & 7) ? -1 : 0;
    int drl = (ok >> 3) > (land >> 3) ? 1 : (ok >> 3) < (land >> 3) ? -1 : 0;
    if (dfl == 0 || drl == 0) {
        for (int k = 1;; k++) {
            int t = cdiff_step(land, dfl, drl, k);
            if (t < 0 || t == ok) break;
            if (!cdiff_chance(rng, 1, 3)) continue;
            int color = cdiff_chance(rng, 3, 4) ? o : c;
            cdiff_put(&s, t, color, cdiff_random_type(rng));
        }
    }
    /* the squares king and rook cross stay free of the scattering (most of the time) */
    if (cdiff_chance(rng, 3, 4)) {
        int kt = hside ? 6 : 2, rt = hside ? 5 : 3;
        for (int f = 0; f < 8; f++) {
            int past_all = (f < kf && f < rf && f < kt && f < rt) || (f > kf && f > rf && f > kt && f > rt);
            if (!past_all) s.reserved |= 1ULL << (rank + f);
        }
    }
    cdiff_scatter(&s, cdiff_range(rng, 0, 6), rng);
    char rights[16];
    snprintf(rights, sizeof rights, "%s%s", wr, br);
    int side = cdiff_chance(rng, 3, 4) ? c : o;
    return cdiff_read(&s, side, rights, -1, pos);
}

/* En passant with a pin through one of its squares, or out of the pawn's check. */
static inline int cdiff_gen_en_passant(uint64_t *rng, bb_chess_pos *pos)
{
    cdiff_sketch s;
    cdiff_clear(&s);
    int us = cdiff_below(rng, 2), them = us ^ 1, fwd = us ? -1 : 1;
    int rank = us ? 3 : 4, f = cdiff_below(rng, 8);
    int vf = f == 0 ? 1 : f == 7 ? 6 : f + (cdiff_chance(rng, 1, 2) ? 1 : -1);
    int from = rank * 8 + f, victim = rank * 8 + vf, target = victim + 8 * fwd, origin = victim + 16 * fwd;
    cdiff_put(&s, from, us, BB_PAWN);
    cdiff_put(&s, victim, them, BB_PAWN);
    s.reserved = 1ULL << target | 1ULL << origin;
    if (cdiff_chance(rng, 1, 3)) { /* a second pawn to take with */
        int f2 = vf + (vf - f);
        if (f2 >= 0 && f2 < 8) cdiff_put(&s, rank * 8 + f2, us, BB_PAWN);
    }
    uint64_t pair = 1ULL << from | 1ULL << victim;
    int mode = cdiff_below(rng, 10), k = -1;
    if (mode < 7) {
        /* a line from the king through one of the squares to an enemy slider:
         * along the rank through both pawns (4 in 10), else any line through
         * the pawn, the taken pawn or the target */
        int keys[3] = {from, victim, target}, d, key;
        if (mode < 4) d = cdiff_below(rng, 2), key = victim;
        else d = cdiff_below(rng, 8), key = keys[cdiff_below(rng, 3)];
        int df, dr;
        cdiff_dir(d, &df, &dr);
        uint64_t through = pair | 1ULL << target;
        k = cdiff_along(&s, key, df, dr, through, rng);
        if (k < 0 || !cdiff_put(&s, k, us, BB_KING)) return -1;
        int p = cdiff_along(&s, key, -df, -dr, through, rng);
        int type = cdiff_chance(rng, 1, 3) ? BB_QUEEN : d < 4 ? BB_ROOK : BB_BISHOP;
        if (p < 0 || !cdiff_put(&s, p, them, type)) return -1;
    } else if (mode < 9) {
        /* the pawn that moved gives check: en passant takes the checker */
        int ks = cdiff_step(victim, cdiff_chance(rng, 1, 2) ? 1 : -1, -fwd, 1);
        if (ks < 0 || !cdiff_put(&s, ks, us, BB_KING)) return -1;
        k = ks;
    }
    if (k < 0 && cdiff_put_king(&s, us, rng) < 0) return -1;
    if (cdiff_put_king(&s, them, rng) < 0) return -1;
    cdiff_scatter(&s, cdiff_range(rng, 0, 6), rng);
    s.reserved = 0;
    return cdiff_read(&s, us, NULL, target, pos);
}

/* Promotions that give check, or uncover it. */
static inline int cdiff_gen_promotion(uint64_t *rng, bb_chess_pos *pos)
{
    cdiff_sketch s;
    cdiff_clear(&s);
    int us = cdiff_below(rng, 2), them = us ^ 1, fwd = us ? -1 : 1;
    int pawns[2], np = cdiff_range(rng, 1, 2);
    for (int i = 0; i < np; i++) {
        pawns[i] = (us ? 8 : 48) + cdiff_below(rng, 8);
        if (!cdiff_put(&s, pawns[i], us, BB_PAWN)) np = i;
    }
    if (!np) return -1;
    int p = pawns[cdiff_below(rng, np)], mode = cdiff_below(rng, 10);
    /* something to take on the last rank beside it */
    for (int side = -1; side <= 1; side += 2)
        if (cdiff_chance(rng, 1, 2)) {
            int t = cdiff_step(p, side, fwd, 1);
            if (t >= 0) cdiff_put(&s, t, them, cdiff_range(rng, BB_KNIGHT, BB_QUEEN));
        }
    if (mode < 5) { /* the king where a promoted piece on one of the targets checks it */
        int t = cdiff_step(p, cdiff_range(rng, -1, 1), fwd, 1), ks = -1;
        if (t < 0) return -1;
        if (cdiff_chance(rng, 1, 3)) { /* a knight's check */
            static const int jumps[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
            int j = cdiff_below(rng, 8);
            ks = cdiff_step(t, jumps[j][0], jumps[j][1], 1);
        } else {
            int df, dr;
            cdiff_dir(cdiff_below(rng, 8), &df, &dr);
            ks = cdiff_along(&s, t, df, dr, 1ULL << p, rng);
        }
        if (ks < 0 || !cdiff_put(&s, ks, them, BB_KING)) return -1;
    } else if (mode < 8) { /* the pawn leaves a line between its slider and the king */
        int d = cdiff_chance(rng, 1, 3) ? cdiff_below(rng, 2) : cdiff_range(rng, 4, 7), df, dr;
        cdiff_dir(d, &df, &dr);
        int ks = cdiff_along(&s, p, df, dr, 0, rng);
        if (ks < 0 || !cdiff_put(&s, ks, them, BB_KING)) return -1;
        int sl = cdiff_along(&s, p, -df, -dr, 0, rng);
        int type = cdiff_chance(rng, 1, 3) ? BB_QUEEN : d < 4 ? BB_ROOK : BB_BISHOP;
        if (sl < 0 || !cdiff_put(&s, sl, us, type)) return -1;
    } else if (cdiff_put_king(&s, them, rng) < 0) {
        return -1;
    }
    if (cdiff_put_king(&s, us, rng) < 0) return -1;
    /* the other side's pawns about to promote too */
    for (int i = cdiff_below(rng, 3); i > 0; i--) cdiff_put(&s, (us ? 48 : 8) + cdiff_below(rng, 8), them, BB_PAWN);
    cdiff_scatter(&s, cdiff_range(rng, 0, 5), rng);
    return cdiff_read(&s, us, NULL, -1, pos);
}

/* A piece of color attacking sq: a slider on a random line, a knight, a pawn. */
static inline int cdiff_put_attacker(cdiff_sketch *s, int sq, int color, uint64_t *rng)
{
    int kind = cdiff_below(rng, 4), at = -1, type;
    if (kind == 0) {
        static const int jumps[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
        int j = cdiff_below(rng, 8);
        at = cdiff_step(sq, jumps[j][0], jumps[j][1], 1), type = BB_KNIGHT;
    } else if (kind == 1) { /* a pawn of color attacks forward */
        at = cdiff_step(sq, cdiff_chance(rng, 1, 2) ? 1 : -1, color ? 1 : -1, 1), type = BB_PAWN;
    } else {
        int d = cdiff_below(rng, 8), df, dr;
        cdiff_dir(d, &df, &dr);
        at = cdiff_along(s, sq, df, dr, 0, rng);
        type = cdiff_chance(rng, 1, 3) ? BB_QUEEN : d < 4 ? BB_ROOK : BB_BISHOP;
    }
    return at >= 0 && cdiff_put(s, at, color, type) ? at : -1;
}

/* Double check now, or a piece that can uncover a check and give another. */
static inline int cdiff_gen_double_check(uint64_t *rng, bb_chess_pos *pos)
{
    cdiff_sketch s;
    cdiff_clear(&s);
    int us = cdiff_below(rng, 2), them = us ^ 1;
    if (cdiff_chance(rng, 1, 2)) {
        int k = cdiff_put_king(&s, us, rng);
        if (k < 0 || cdiff_put_attacker(&s, k, them, rng) < 0 || cdiff_put_attacker(&s, k, them, rng) < 0) return -1;
        if (cdiff_put_king(&s, them, rng) < 0) return -1;
        if (cdiff_finish(&s, cdiff_range(rng, 0, 6), us, rng, pos) != 0) return -1;
        return bb_popcount(bb_chess_checkers(pos)) >= 2 ? 0 : -1;
    }
    int k = cdiff_put_king(&s, them, rng), d = cdiff_below(rng, 8), df, dr;
    if (k < 0) return -1;
    cdiff_dir(d, &df, &dr);
    int front = cdiff_along(&s, k, df, dr, 0, rng);
    if (front < 0) return -1;
    /* the slider behind the piece in front */
    int back = cdiff_along(&s, front, df, dr, 0, rng);
    int type = cdiff_chance(rng, 1, 3) ? BB_QUEEN : d < 4 ? BB_ROOK : BB_BISHOP;
    if (back < 0 || !cdiff_put(&s, back, us, type)) return -1;
    static const unsigned char movers[6] = {BB_PAWN, BB_KNIGHT, BB_BISHOP, BB_ROOK, BB_QUEEN, BB_KING};
    int mover = movers[cdiff_below(rng, 6)];
    if (!cdiff_put(&s, front, us, mover)) return -1;
    if (mover != BB_KING && cdiff_put_king(&s, us, rng) < 0) return -1;
    return cdiff_finish(&s, cdiff_range(rng, 0, 6), us, rng, pos);
}

/* Pinned pieces with enemy pieces along the pin and across it. */
static inline int cdiff_gen_pins(uint64_t *rng, bb_chess_pos *pos)
{
    cdiff_sketch s;
    cdiff_clear(&s);
    int us = cdiff_below(rng, 2), them = us ^ 1;
    int k = cdiff_put_king(&s, us, rng);
    if (k < 0) return -1;
    for (int pins = cdiff_range(rng, 1, 3); pins > 0; pins--) {
        int d = cdiff_below(rng, 8), df, dr;
        cdiff_dir(d, &df, &dr);
        int pinned = cdiff_along(&s, k, df, dr, 0, rng);
        if (pinned < 0) continue;
        int type = cdiff_random_type(rng);
        if (!cdiff_put(&s, pinned, us, type)) continue;
        /* the pinner next to it half the time (a capture along the pin) */
        int pinner = cdiff_chance(rng, 1, 2) ? cdiff_step(pinned, df, dr, 1) : cdiff_along(&s, pinned, df, dr, 0, rng);
        int ptype = cdiff_chance(rng, 1, 3) ? BB_QUEEN : d < 4 ? BB_ROOK : BB_BISHOP;
        if (pinner < 0 || !cdiff_put(&s, pinner, them, ptype)) continue;
        /* enemy pieces the pinned piece would take across its pin */
        for (int i = cdiff_range(rng, 0, 3); i > 0; i--) {
            int t = -1;
            if (type == BB_PAWN) {
                t = cdiff_step(pinned, cdiff_chance(rng, 1, 2) ? 1 : -1, us ? -1 : 1, 1);
            } else if (type == BB_KNIGHT) { /* a square nearby */
                int df2 = cdiff_range(rng, -2, 2);
                t = cdiff_step(pinned, df2, cdiff_range(rng, -2, 2), 1);
            } else {
                int df2, dr2;
                cdiff_dir(cdiff_below(rng, 8), &df2, &dr2);
                t = cdiff_along(&s, pinned, df2, dr2, 0, rng);
            }
            if (t >= 0) cdiff_put(&s, t, them, cdiff_random_type(rng));
        }
    }
    if (cdiff_put_king(&s, them, rng) < 0) return -1;
    return cdiff_finish(&s, cdiff_range(rng, 0, 5), us, rng, pos);
}

/* Kings in the corners (one or both), 0-10 other pieces. */
static inline int cdiff_gen_corners(uint64_t *rng, bb_chess_pos *pos)
{
    static const int corners[4] = {0, 7, 56, 63};
    cdiff_sketch s;
    cdiff_clear(&s);
    int w = corners[cdiff_below(rng, 4)];
    cdiff_put(&s, w, BB_WHITE, BB_KING);
    if (cdiff_chance(rng, 2, 3)) {
        if (!cdiff_put(&s, corners[cdiff_below(rng, 4)], BB_BLACK, BB_KING)) return -1;
    } else if (cdiff_put_king(&s, BB_BLACK, rng) < 0) {
        return -1;
    }
    int side = cdiff_below(rng, 2);
    return cdiff_finish(&s, cdiff_range(rng, 0, 10), side, rng, pos);
}

/* From bare kings to 30 other pieces; kings often on their first ranks. */
static inline int cdiff_gen_piece_count(uint64_t *rng, bb_chess_pos *pos)
{
    cdiff_sketch s;
    cdiff_clear(&s);
    for (int c = 0; c < 2; c++) {
        int sq = cdiff_chance(rng, 1, 3) ? (c ? 56 : 0) + cdiff_below(rng, 8) : cdiff_random_empty(&s, rng);
        if (sq < 0 || !cdiff_put(&s, sq, c, BB_KING)) return -1;
        if (cdiff_chance(rng, 1, 4)) { /* rooks in the corners of its rank */
            cdiff_put(&s, (c ? 56 : 0), c, BB_ROOK);
            cdiff_put(&s, (c ? 63 : 7), c, BB_ROOK);
        }
    }
    int side = cdiff_below(rng, 2);
    return cdiff_finish(&s, cdiff_range(rng, 0, 30), side, rng, pos);
}

/* Kings and castling rooks on their first ranks with rights, 2-12 other pieces. */
static inline int cdiff_gen_sparse960(uint64_t *rng, bb_chess_pos *pos)
{
    cdiff_sketch s;
    cdiff_clear(&s);
    char rights[9] = "";
    int kf = cdiff_range(rng, 1, 6), ra = cdiff_range(rng, 0, kf - 1), rh = cdiff_range(rng, kf + 1, 7);
    int want = cdiff_range(rng, 1, 15); /* which of the four rights: not none */
    for (int c = 0; c < 2; c++) {
        if (c == 1 && cdiff_chance(rng, 1, 3)) /* black's own arrangement now and then */
            kf = cdiff_range(rng, 1, 6), ra = cdiff_range(rng, 0, kf - 1), rh = cdiff_range(rng, kf + 1, 7);
        int rank = c ? 56 : 0;
        cdiff_put(&s, rank + kf, c, BB_KING);
        if (want >> (2 * c) & 1 || cdiff_chance(rng, 1, 3)) {
            cdiff_put(&s, rank + rh, c, BB_ROOK);
            if (want >> (2 * c) & 1) cdiff_add_right(rights, c, rh);
        }
        if (want >> (2 * c + 1) & 1 || cdiff_chance(rng, 1, 3)) {
            cdiff_put(&s, rank + ra, c, BB_ROOK);
            if (want >> (2 * c + 1) & 1) cdiff_add_right(rights, c, ra);
        }
    }
    cdiff_scatter(&s, cdiff_range(rng, 2, 12), rng);
    return cdiff_read(&s, cdiff_below(rng, 2), rights, -1, pos);
}

/* *pos = a position of the family drawn from *rng (which advances), tried
 * again until the FEN reader accepts one.  0, or -1 for an unknown family. */
static inline int cdiff_position(int family, uint64_t *rng, bb_chess_pos *pos)
{
    for (;;) {
        int rc;
        switch (family) {
        case CDIFF_GAME: rc = cdiff_gen_game(rng, pos); break;
        case CDIFF_GAME960: rc = cdiff_gen_game960(rng, pos); break;
        case CDIFF_CASTLING: rc = cdiff_gen_castling(rng, pos); break;
        case CDIFF_EN_PASSANT: rc = cdiff_gen_en_passant(rng, pos); break;
        case CDIFF_PROMOTION: rc = cdiff_gen_promotion(rng, pos); break;
        case CDIFF_DOUBLE_CHECK: rc = cdiff_gen_double_check(rng, pos); break;
        case CDIFF_PINS: rc = cdiff_gen_pins(rng, pos); break;
        case CDIFF_CORNERS: rc = cdiff_gen_corners(rng, pos); break;
        case CDIFF_PIECE_COUNT: rc = cdiff_gen_piece_count(rng, pos); break;
        case CDIFF_SPARSE960: rc = cdiff_gen_sparse960(rng, pos); break;
        default: return -1;
        }
        if (rc == 0) return 0;
    }
}

/* pos as FEN (Shredder-FEN for Chess960) into buf (BB_CHESS_FEN_MAX bytes). */
static inline const char *cdiff_fen(char *buf, const bb_chess_pos *pos)
{
    bb_chess_to_fen(buf, BB_CHESS_FEN_MAX, pos, pos->chess960 ? BB_FEN_SHREDDER : BB_FEN_STANDARD);
    return buf;
}

/* ---- the implementations ------------------------------------------------------------------ */

/* 0 the kernel, 1 + m attack method m, then the board walk, generate/make, slow. */
enum {
    CDIFF_KERNEL = 0,
    CDIFF_METHOD0 = 1,
    CDIFF_BOARD = CDIFF_METHOD0 + BB_ATTACK_METHOD_COUNT,
    CDIFF_GENMAKE,
    CDIFF_SLOW,
    CDIFF_IMPLS
};
#define CDIFF_ALL ((1u << CDIFF_IMPLS) - 1u)
#define CDIFF_MAX_DEPTH 8

static inline const char *cdiff_impl_name(int impl)
{
    if (impl == CDIFF_KERNEL) return "kernel";
    if (impl == CDIFF_BOARD) return "board walk";
    if (impl == CDIFF_GENMAKE) return "generate/make";
    if (impl == CDIFF_SLOW) return "slow";
    return bb_attack_method_name((bb_attack_method)(impl - CDIFF_METHOD0));
}
/* 1 if the implementation exists in this build (an attack method may not). */
static inline int cdiff_impl_available(int impl)
{
    if (impl >= CDIFF_METHOD0 && impl < CDIFF_BOARD) return bb_attack_method_available((bb_attack_method)(impl - CDIFF_METHOD0));
    return impl >= 0 && impl < CDIFF_IMPLS;
}

static inline uint64_t cdiff_board_perft(const bb_chess_board *b, int depth)
{
    if (depth <= 1) return depth == 1 ? (uint64_t)bb_chess_board_count(b) : 1;
    bb_chess_move moves[BB_CHESS_MAX_MOVES];
    bb_chess_board next[BB_CHESS_MAX_MOVES];
    int n = bb_chess_board_moves(b, moves, next);
    if (depth == 2) return bb_chess_board_count_many(next, n, NULL);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) total += cdiff_board_perft(&next[i], depth - 1);
    return total;
}

static inline uint64_t cdiff_genmake_perft(bb_chess_pos *pos, int depth)
{
    if (depth <= 0) return 1;
    bb_chess_movelist l;
    int n = bb_chess_generate(pos, BB_GEN_ALL, &l);
    if (depth == 1) return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        bb_chess_undo u;
        bb_chess_make(pos, l.moves[i], &u);
        total += cdiff_genmake_perft(pos, depth - 1);
        bb_chess_unmake(pos, l.moves[i], &u);
    }
    return total;
}

static inline void cdiff_method_opts(int impl, bb_chess_perft_opts *o)
{
    memset(o, 0, sizeof *o);
    o->use_method = 1;
    o->method = (bb_attack_method)(impl - CDIFF_METHOD0);
}

/* The count of pos depth plies deep by one implementation. */
static inline uint64_t cdiff_count(int impl, const bb_chess_pos *pos, int depth)
{
    if (impl == CDIFF_KERNEL) return bb_chess_perft(pos, depth, NULL);
    if (impl == CDIFF_SLOW) return bb__chess_slow_perft(pos, depth);
    if (impl == CDIFF_GENMAKE) {
        bb_chess_pos p = *pos;
        return cdiff_genmake_perft(&p, depth);
    }
    if (impl == CDIFF_BOARD) {
        bb_chess_board b;
        return bb_chess_board_from_pos(pos, &b) == 0 ? cdiff_board_perft(&b, depth) : 0;
    }
    bb_chess_perft_opts o;
    cdiff_method_opts(impl, &o);
    return bb_chess_perft(pos, depth, &o);
}

/* A divide: each root move and its count. */
typedef struct {
    bb_chess_move moves[BB_CHESS_MAX_MOVES];
    uint64_t counts[BB_CHESS_MAX_MOVES];
    int n;
} cdiff_split;

static inline void cdiff_split_add(bb_chess_move move, uint64_t count, void *arg)
{
    cdiff_split *d = (cdiff_split *)arg;
    if (d->n < BB_CHESS_MAX_MOVES) d->moves[d->n] = move, d->counts[d->n] = count;
    d->n++;
}

/* The divide of pos at depth >= 1 by one implementation, into *d. */
static inline void cdiff_divide(int impl, const bb_chess_pos *pos, int depth, cdiff_split *d)
{
    d->n = 0;
    if (impl == CDIFF_KERNEL) {
        bb_chess_perft_divide(pos, depth, NULL, cdiff_split_add, d);
    } else if (impl == CDIFF_SLOW) {
        bb_chess_movelist l;
        bb__chess_slow_generate(pos, BB_GEN_ALL, &l);
        for (int i = 0; i < l.count; i++) {
            bb_chess_pos child;
            bb__chess_slow_play(pos, l.moves[i], &child);
            cdiff_split_add(l.moves[i], bb__chess_slow_perft(&child, depth - 1), d);
        }
    } else if (impl == CDIFF_GENMAKE) {
        bb_chess_pos p = *pos;
        bb_chess_movelist l;
        bb_chess_generate(&p, BB_GEN_ALL, &l);
        for (int i = 0; i < l.count; i++) {
            bb_chess_undo u;
            bb_chess_make(&p, l.moves[i], &u);
            cdiff_split_add(l.moves[i], cdiff_genmake_perft(&p, depth - 1), d);
            bb_chess_unmake(&p, l.moves[i], &u);
        }
    } else if (impl == CDIFF_BOARD) {
        bb_chess_board b;
        if (bb_chess_board_from_pos(pos, &b) != 0) return;
        bb_chess_move moves[BB_CHESS_MAX_MOVES];
        bb_chess_board next[BB_CHESS_MAX_MOVES];
        int n = bb_chess_board_moves(&b, moves, next);
        for (int i = 0; i < n; i++) cdiff_split_add(moves[i], cdiff_board_perft(&next[i], depth - 1), d);
    } else {
        bb_chess_perft_opts o;
        cdiff_method_opts(impl, &o);
        bb_chess_perft_divide(pos, depth, &o, cdiff_split_add, d);
    }
}

/* ---- the comparison ----------------------------------------------------------------------- */

/* A message built piece by piece (truncated at its size, never overflowing). */
typedef struct {
    char *buf;
    size_t size, len;
} cdiff_text;

#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 2, 3)))
#endif
static inline void cdiff_say(cdiff_text *t, const char *fmt, ...)
{
    if (!t->buf || t->len + 1 >= t->size) return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(t->buf + t->len, t->size - t->len, fmt, ap);
    va_end(ap);
    if (n > 0) t->len = t->len + (size_t)n < t->size ? t->len + (size_t)n : t->size - 1;
}

static inline int cdiff_index_of(const cdiff_split *d, bb_chess_move m)
{
    for (int i = 0; i < d->n && i < BB_CHESS_MAX_MOVES; i++)
        if (d->moves[i] == m) return i;
    return -1;
}

/* Descends from pos (where impl's count depth plies deep differs from the
 * slow generator's) to the first difference, and says what it is. */
static inline void cdiff_explain(int impl, const bb_chess_pos *root, int depth, cdiff_text *t)
{
    const char *name = cdiff_impl_name(impl);
    bb_chess_pos pos = *root;
    char fen[BB_CHESS_FEN_MAX], mv[BB_CHESS_MOVE_TEXT_MAX];
    cdiff_say(t, "  %s: ", name);
    int plies = 0;
    for (int d = depth; d >= 1; d--) {
        static cdiff_split a, b; /* 4 KB each: kept off the stack of a deep caller */
        cdiff_divide(impl, &pos, d, &a);
        cdiff_divide(CDIFF_SLOW, &pos, d, &b);
        /* a move one lists and the other does not */
        for (int side = 0; side < 2; side++) {
            const cdiff_split *x = side ? &b : &a, *y = side ? &a : &b;
            for (int i = 0; i < x->n && i < BB_CHESS_MAX_MOVES; i++) {
                if (cdiff_index_of(y, x->moves[i]) >= 0) continue;
                bb_chess_move_to_uci(mv, sizeof mv, &pos, x->moves[i]);
                cdiff_say(t, "%sin '%s', %s lists %s (move 0x%04x) and %s does not (%s %d moves, slow %d)\n",
                          plies ? ": " : "", cdiff_fen(fen, &pos), side ? "slow" : name, mv, x->moves[i],
                          side ? name : "slow", name, a.n, b.n);
                return;
            }
        }
        if (a.n != b.n) {
            cdiff_say(t, "%sin '%s', %s lists %d moves and slow %d: the same ones, some twice\n", plies ? ": " : "",
                      cdiff_fen(fen, &pos), name, a.n, b.n);
            return;
        }
        /* the first move whose counts differ: go down it */
        int i = 0;
        while (i < b.n && a.counts[cdiff_index_of(&a, b.moves[i])] == b.counts[i]) i++;
        if (i == b.n) {
            uint64_t sum = 0, whole = cdiff_count(impl, &pos, d);
            for (int j = 0; j < a.n; j++) sum += a.counts[j];
            cdiff_say(t,
                      "%sin '%s': divide %d agrees with slow move by move (sum %llu), yet %s's perft %d counts "
                      "%llu: counting this node's tree in one piece goes wrong (the last ply counted from here)",
                      plies ? ": " : "", cdiff_fen(fen, &pos), d, (unsigned long long)sum, name, d,
                      (unsigned long long)whole);
            /* a hint, not a finding: the moves here that move two pieces or change one */
            int special = 0;
            for (int j = 0; j < b.n; j++) {
                if (bb_chess_move_kind(b.moves[j]) == BB_MOVE_NORMAL) continue;
                bb_chess_move_to_uci(mv, sizeof mv, &pos, b.moves[j]);
                cdiff_say(t, "%s%s", special++ ? " " : "; its castling, en-passant and promotion moves: ", mv);
            }
            cdiff_say(t, "\n");
            return;
        }
        uint64_t in_divide = a.counts[cdiff_index_of(&a, b.moves[i])];
        bb_chess_move_to_uci(mv, sizeof mv, &pos, b.moves[i]);
        cdiff_say(t, "%s%s (%s %llu, slow %llu)", plies++ ? " " : "after ", mv, name, (unsigned long long)in_divide,
                  (unsigned long long)b.counts[i]);
        bb_chess_pos child;
        bb__chess_slow_play(&pos, b.moves[i], &child);
        pos = child;
        if (d - 1 >= 1 && cdiff_count(impl, &pos, d - 1) == b.counts[i]) {
            cdiff_say(t, ": in '%s', counted alone, %s's perft %d agrees (%llu): its count depends on the "
                         "position before\n",
                      cdiff_fen(fen, &pos), name, d - 1, (unsigned long long)b.counts[i]);
            return;
        }
        if (d == 1) break;
    }
    cdiff_say(t, "%sin '%s': no smaller difference found\n", plies ? ": " : "", cdiff_fen(fen, &pos));
}

/* What cdiff_check did: the depth compared to and the nodes counted. */
typedef struct {
    int depth;          /* the deepest depth compared */
    uint64_t nodes;     /* the slow generator's leaves summed over the depths compared */
    int failed_depth;   /* 0, or the first depth where the counts differ */
} cdiff_result;

/* The deepest depth up to max_depth whose kernel count is within budget
 * (at least 1; the count of mated and stalemated positions is 0 below). */
static inline int cdiff_depth(const bb_chess_pos *pos, int max_depth, uint64_t budget)
{
    uint64_t prev = 1, cur = bb_chess_perft(pos, 1, NULL);
    int d = 1;
    while (d < max_depth) {
        /* skip counting a depth the last two say is far past the budget */
        if (cur > 0 && cur / prev * cur / 16 > budget) break;
        uint64_t next = bb_chess_perft(pos, d + 1, NULL);
        if (next > budget) break;
        prev = cur ? cur : 1, cur = next, d++;
    }
    return d;
}

/* Compares the implementations in mask (CDIFF_ALL: every one; the slow
 * generator is always in) on pos at depths 1..D, D = cdiff_depth(pos,
 * max_depth, budget).  0 if all agree; else 1 and a message in msg: what
 * (a label such as the family and case), the FEN, the depth, every count,
 * and each differing implementation's first difference. */
static inline int cdiff_check(const bb_chess_pos *pos, unsigned mask, int max_depth, uint64_t budget, const char *what,
                              char *msg, size_t size, cdiff_result *res)
{
    cdiff_text t = {msg, size, 0};
    if (msg && size) msg[0] = '\0';
    if (max_depth > CDIFF_MAX_DEPTH) max_depth = CDIFF_MAX_DEPTH;
    int depth = cdiff_depth(pos, max_depth, budget);
    cdiff_result r = {depth, 0, 0};
    mask |= 1u << CDIFF_SLOW;
    for (int d = 1; d <= depth && !r.failed_depth; d++) {
        uint64_t c[CDIFF_IMPLS];
        c[CDIFF_SLOW] = bb__chess_slow_perft(pos, d);
        r.nodes += c[CDIFF_SLOW];
        unsigned bad = 0;
        for (int i = 0; i < CDIFF_SLOW; i++) {
            if (!(mask >> i & 1) || !cdiff_impl_available(i)) continue;
            c[i] = cdiff_count(i, pos, d);
            if (c[i] != c[CDIFF_SLOW]) bad |= 1u << i;
        }
        if (!bad) continue;
        r.failed_depth = d;
        char fen[BB_CHESS_FEN_MAX];
        cdiff_say(&t, "%s: perft %d of '%s' differs:", what ? what : "position", d, cdiff_fen(fen, pos));
        for (int i = 0; i < CDIFF_IMPLS; i++)
            if (mask >> i & 1 && cdiff_impl_available(i))
                cdiff_say(&t, " %s %llu%s", cdiff_impl_name(i), (unsigned long long)c[i], bad >> i & 1 ? " (differs)" : "");
        cdiff_say(&t, "\n");
        for (int i = 0; i < CDIFF_SLOW; i++)
            if (bad >> i & 1) cdiff_explain(i, pos, d, &t);
    }
    if (res) *res = r;
    return r.failed_depth != 0;
}

/* ---- SAN --------------------------------------------------------------------------- */

/* A second SAN writer, from the slow generator: the SAN of m, a legal move
 * of pos (list: pos's legal moves), into out (BB_CHESS_MOVE_TEXT_MAX bytes). */
static inline void cdiff_ref_san(const bb_chess_pos *pos, const bb_chess_movelist *list, bb_chess_move m, char *out)
{
    static const char letters[] = "PNBRQK";
    int from = bb_chess_move_from(m), to = bb_chess_move_to(m), kind = bb_chess_move_kind(m);
    int type = pos->board[from] & 7;
    int capture = kind == BB_MOVE_EN_PASSANT || (kind != BB_MOVE_CASTLING && pos->board[to] != BB_CHESS_EMPTY);
    char *o = out;
    if (kind == BB_MOVE_CASTLING) {
        strcpy(o, (to & 7) > (from & 7) ? "O-O" : "O-O-O");
        o += strlen(o);
    } else {
        if (type != BB_PAWN) {
            *o++ = letters[type];
            /* try no prefix, the file, the rank, both: the first that no other candidate shares */
            int need_file = 0, need_rank = 0, clash = 0, clash_file = 0, clash_rank = 0;
            for (int i = 0; i < list->count; i++) {
                bb_chess_move n = list->moves[i];
                int f = bb_chess_move_from(n);
                if (f == from || bb_chess_move_to(n) != to || (pos->board[f] & 7) != type ||
                    bb_chess_move_kind(n) == BB_MOVE_CASTLING)
                    continue;
                clash = 1;
                if (f % 8 == from % 8) clash_file = 1;
                if (f / 8 == from / 8) clash_rank = 1;
            }
            if (clash) {
                if (!clash_file) need_file = 1;
                else if (!clash_rank) need_rank = 1;
                else need_file = need_rank = 1;
            }
            if (need_file) *o++ = (char)('a' + from % 8);
            if (need_rank) *o++ = (char)('1' + from / 8);
        } else if (capture) {
            *o++ = (char)('a' + from % 8);
        }
        if (capture) *o++ = 'x';
        *o++ = (char)('a' + to % 8);
        *o++ = (char)('1' + to / 8);
        if (kind == BB_MOVE_PROMOTION) *o++ = '=', *o++ = letters[bb_chess_move_promotion(m)];
    }
    bb_chess_pos after;
    bb__chess_slow_play(pos, m, &after);
    int king = 0;
    while (after.board[king] != after.side * 8 + BB_KING) king++;
    if (bb__chess_slow_attacked(&after, king, pos->side, after.occupied)) {
        bb_chess_movelist replies;
        *o++ = bb__chess_slow_generate(&after, BB_GEN_ALL, &replies) ? '+' : '#';
    }
    *o = '\0';
}

/* bb_chess_moves_to_san (every move's SAN in one call, the legal moves
 * generated once) against cdiff_ref_san move by move, joined by spaces: all
 * of pos's moves, then (per_square) the moves of each square that has some
 * (their disambiguation must still see the other pieces).  0, or 1 and msg. */
static inline int cdiff_check_san_of(const bb_chess_pos *pos, int per_square, char *msg, size_t size)
{
    bb_chess_movelist list;
    char got[BB_CHESS_MAX_MOVES * (BB_CHESS_MOVE_TEXT_MAX + 1)], want[sizeof got];
    bb__chess_slow_generate(pos, BB_GEN_ALL, &list);
    for (int from = -1; from < (per_square ? 64 : 0); from++) {
        bb_chess_move some[BB_CHESS_MAX_MOVES];
        int n = 0;
        size_t w = 0;
        want[0] = '\0';
        for (int i = 0; i < list.count; i++) {
            if (from >= 0 && bb_chess_move_from(list.moves[i]) != from) continue;
            some[n++] = list.moves[i];
            if (w) want[w++] = ' ';
            cdiff_ref_san(pos, &list, list.moves[i], want + w);
            w += strlen(want + w);
        }
        if (from >= 0 && n == 0) continue;
        size_t len = bb_chess_moves_to_san(got, sizeof got, pos, some, n);
        if (len != w || strcmp(got, want) != 0) {
            char fen[BB_CHESS_FEN_MAX];
            bb_chess_to_fen(fen, sizeof fen, pos, pos->chess960 ? BB_FEN_SHREDDER : BB_FEN_STANDARD);
            snprintf(msg, size, "%s: the SAN of %s: '%.300s' (%zu), the slow writer's '%.300s'", fen,
                     from < 0 ? "every move" : "the moves of one square", got, len, want);
            return 1;
        }
    }
    return 0;
}

/* Every move's list, then each square's (see above). */
static inline int cdiff_check_san(const bb_chess_pos *pos, char *msg, size_t size)
{
    return cdiff_check_san_of(pos, 1, msg, size);
}

#endif /* BB_TESTS_CHESS_DIFF_H */
