/* The fast walk (bitboard/chess_board.h) against the position API:
 *   - every node of the published perft trees (the wiki's positions, its
 *     Chess960 table, the perft suite) to depth 2 or 3: the board's moves are
 *     bb_chess_generate's, its count is their number (bb_chess_count too,
 *     and bb_chess_board_count_many over its children, with and without
 *     their counts; over boards of different positions too),
 *     each child board is bb_chess_board_play's and is the board of the
 *     position bb_chess_make reaches (whole struct), whose to_pos is that
 *     position (pieces, mailbox, side, rights, ep, key), and is_check agrees;
 *   - the published counts through the perft of the header's example;
 *   - positions of random games (standard and Chess960) against the slow
 *     generator's perft (src/chess/slow.c);
 *   - all 960 Chess960 start positions, more castling geometries than the
 *     context cache holds, each after a random opening with castling;
 *   - positions the walk cannot stand on are refused, the output untouched;
 *   - two threads walking different geometries at once agree with one. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#if defined(__unix__) || defined(__APPLE__)
#include <pthread.h>
#define HAVE_THREADS 1
#else
#define HAVE_THREADS 0
#endif

#include "bitboard.h"
#include "harness.h"
#include "../src/chess/slow.h"
#include "chess_positions.h"

static uint64_t board_perft(const bb_chess_board *b, int depth)
{
    if (depth <= 1) return depth == 1 ? (uint64_t)bb_chess_board_count(b) : 1;
    bb_chess_move moves[BB_CHESS_MAX_MOVES];
    bb_chess_board next[BB_CHESS_MAX_MOVES];
    int n = bb_chess_board_moves(b, moves, next);
    uint64_t total = 0;
    if (depth == 2) /* the last ply: count the children's moves, make none */
        return bb_chess_board_count_many(next, n, NULL);
    for (int i = 0; i < n; i++) total += board_perft(&next[i], depth - 1);
    return total;
}

static int cmp_move(const void *a, const void *b)
{
    bb_chess_move x = *(const bb_chess_move *)a, y = *(const bb_chess_move *)b;
    return (x > y) - (x < y);
}

static int failures;
#define NODE_CHECK(cond, ...)                                      \
    do {                                                           \
        if (!(cond) && failures++ < 8) CHECK(cond, __VA_ARGS__);   \
    } while (0)

/* pos and the position of board b agree on everything the board holds. */
static int same_position(const bb_chess_pos *want, const bb_chess_pos *got)
{
    if (memcmp(want->pieces, got->pieces, sizeof want->pieces) || memcmp(want->board, got->board, 64) ||
        want->occupied != got->occupied || want->color[0] != got->color[0] || want->color[1] != got->color[1] ||
        want->side != got->side || want->castling != got->castling || want->ep != got->ep ||
        want->key != got->key || want->chess960 != got->chess960)
        return 0;
    for (int i = 0; i < 4; i++)
        if ((want->castling >> i & 1) && want->castle_rook[i] != got->castle_rook[i]) return 0;
    return 1;
}

/* Two boards of one position: the same pieces, ep, rights and side, and the
 * same geometry for the rights held (a right lost keeps its squares in a
 * walked board, while from_pos marks it 64). */
static int same_board(const bb_chess_board *a, const bb_chess_board *b)
{
    if (a->pawns != b->pawns || a->knights != b->knights || a->diag != b->diag || a->orth != b->orth ||
        a->kings != b->kings || a->color[0] != b->color[0] || a->color[1] != b->color[1] || a->ep != b->ep ||
        a->castling != b->castling || a->side != b->side || (a->castle_kings & 64) != (b->castle_kings & 64))
        return 0;
    for (int i = 0; i < 4; i++)
        if ((a->castling >> i & 1) && (a->castle_rook[i] != b->castle_rook[i] ||
                                       ((a->castle_kings ^ b->castle_kings) >> 3 * (i >> 1) & 7) != 0))
            return 0;
    return 1;
}

/* Every check of the header at pos and below it, depth plies deep. */
static void walk(bb_chess_pos *pos, int depth)
{
    bb_chess_board b;
    NODE_CHECK(bb_chess_board_from_pos(pos, &b) == 0, "from_pos refused '%s'", fen_of(pos));
    bb_chess_movelist l;
    int n = bb_chess_generate(pos, BB_GEN_ALL, &l);
    bb_chess_move moves[BB_CHESS_MAX_MOVES], sorted[BB_CHESS_MAX_MOVES];
    bb_chess_board kids[BB_CHESS_MAX_MOVES];
    int m = bb_chess_board_moves(&b, moves, kids);
    NODE_CHECK(m == n, "'%s': %d moves, the generator %d", fen_of(pos), m, n);
    NODE_CHECK(bb_chess_board_count(&b) == n, "'%s': count %d, the generator %d", fen_of(pos),
               bb_chess_board_count(&b), n);
    NODE_CHECK(bb_chess_count(pos) == n, "'%s': bb_chess_count %d, the generator %d", fen_of(pos),
               bb_chess_count(pos), n);
    NODE_CHECK(bb_chess_board_is_check(&b) == bb_chess_is_check(pos), "'%s': is_check differs", fen_of(pos));
    bb_chess_move only[BB_CHESS_MAX_MOVES];
    NODE_CHECK(bb_chess_board_moves(&b, only, NULL) == m && memcmp(only, moves, (size_t)m * sizeof *moves) == 0,
               "'%s': the moves without children differ", fen_of(pos));
    bb_chess_pos back;
    bb_chess_board_to_pos(&b, &back);
    NODE_CHECK(same_position(pos, &back), "'%s': to_pos gives '%s'", fen_of(pos), fen_of(&back));
    if (m != n) return;
    memcpy(sorted, moves, (size_t)m * sizeof *moves);
    qsort(sorted, (size_t)m, sizeof *sorted, cmp_move);
    qsort(l.moves, (size_t)n, sizeof *l.moves, cmp_move);
    NODE_CHECK(memcmp(sorted, l.moves, (size_t)n * sizeof *sorted) == 0, "'%s': other moves than the generator's",
               fen_of(pos));
    for (int i = 0; i < m; i++) {
        bb_chess_board played, made;
        bb_chess_board_play(&b, moves[i], &played);
        NODE_CHECK(memcmp(&played, &kids[i], sizeof played) == 0, "'%s': play and moves differ on move %d",
                   fen_of(pos), i);
        bb_chess_undo u;
        bb_chess_make(pos, moves[i], &u);
        NODE_CHECK(bb_chess_board_from_pos(pos, &made) == 0 && same_board(&made, &kids[i]),
                   "'%s' (after move %d): the child board is not the made position's", fen_of(pos), i);
        bb_chess_pos child;
        bb_chess_board_to_pos(&kids[i], &child);
        NODE_CHECK(same_position(pos, &child), "after move %d: to_pos gives '%s', make '%s'", i, fen_of(&child),
                   fen_of(pos));
        if (depth > 1) walk(pos, depth - 1);
        bb_chess_unmake(pos, moves[i], &u);
    }
    if (m) { /* the children's counts, one by one and at once */
        int counts[BB_CHESS_MAX_MOVES];
        uint64_t sum = 0;
        for (int i = 0; i < m; i++) sum += (uint64_t)bb_chess_board_count(&kids[i]);
        NODE_CHECK(bb_chess_board_count_many(kids, m, NULL) == sum, "'%s': count_many without counts",
                   fen_of(pos));
        NODE_CHECK(bb_chess_board_count_many(kids, m, counts) == sum, "'%s': count_many with counts", fen_of(pos));
        for (int i = 0; i < m; i++)
            NODE_CHECK(counts[i] == bb_chess_board_count(&kids[i]), "'%s': count_many's count %d", fen_of(pos), i);
    }
    bb_chess_board self = b;
    if (m) {
        bb_chess_board_play(&self, moves[0], &self);
        NODE_CHECK(memcmp(&self, &kids[0], sizeof self) == 0, "'%s': play onto its own board differs", fen_of(pos));
    }
}

static void trees(void)
{
    failures = 0;
    for (size_t i = 0; i < N_WIKI; i++) {
        bb_chess_pos pos;
        parse(&pos, wiki[i].fen);
        walk(&pos, 3);
    }
    for (size_t i = 0; i < N_960; i++) {
        bb_chess_pos pos;
        parse(&pos, chess960[i].fen);
        walk(&pos, 2);
    }
    for (size_t i = 0; i < N_SUITE; i++) {
        bb_chess_pos pos;
        parse(&pos, suite[i].fen);
        walk(&pos, 3);
    }
}

static void published_counts(void)
{
    for (size_t i = 0; i < N_WIKI; i++) {
        bb_chess_pos pos;
        bb_chess_board b;
        parse(&pos, wiki[i].fen);
        CHECK(bb_chess_board_from_pos(&pos, &b) == 0, "'%s'", wiki[i].fen);
        for (int d = 1; d <= wiki[i].depth; d++)
            CHECK(board_perft(&b, d) == wiki[i].nodes[d - 1], "perft %d of '%s': got %llu, want %llu", d,
                  wiki[i].fen, (unsigned long long)board_perft(&b, d), (unsigned long long)wiki[i].nodes[d - 1]);
    }
    const perft_case *sets[2] = {chess960, suite};
    size_t sizes[2] = {N_960, N_SUITE};
    for (int s = 0; s < 2; s++)
        for (size_t i = 0; i < sizes[s]; i++) {
            bb_chess_pos pos;
            bb_chess_board b;
            parse(&pos, sets[s][i].fen);
            CHECK(bb_chess_board_from_pos(&pos, &b) == 0, "'%s'", sets[s][i].fen);
            uint64_t got = board_perft(&b, sets[s][i].depth);
            CHECK(got == sets[s][i].nodes, "perft %d of '%s': got %llu, want %llu", sets[s][i].depth,
                  sets[s][i].fen, (unsigned long long)got, (unsigned long long)sets[s][i].nodes);
        }
}

static void random_games_against_slow(void)
{
    uint64_t rng = 20;
    int bad = 0;
    for (int game = 0; game < 80; game++) {
        bb_chess_pos pos;
        random_position(&pos, game % 2 ? chess960[(size_t)game % N_960].fen : wiki[(size_t)game % N_WIKI].fen, 60, &rng);
        int depth = bb_popcount(pos.occupied) > 20 ? 2 : 3;
        bb_chess_board b;
        CHECK(bb_chess_board_from_pos(&pos, &b) == 0, "'%s'", fen_of(&pos));
        uint64_t want = bb__chess_slow_perft(&pos, depth), got = board_perft(&b, depth);
        if (got != want && bad++ < 5)
            CHECK(0, "perft %d of '%s': got %llu, the slow generator %llu", depth, fen_of(&pos),
                  (unsigned long long)got, (unsigned long long)want);
    }
}

/* The Chess960 start position numbered n (0..959), as Shredder-FEN with
 * every right: bishops, queen and knights placed by n's digits, the rook,
 * king and rook on the three squares left (Scharnagl's numbering). */
static void chess960_start(int n, char *fen, size_t size)
{
    char r[9] = "........";
    r[2 * (n % 4) + 1] = 'B', n /= 4;
    r[2 * (n % 4)] = 'B', n /= 4;
    int q = n % 6, kn = n / 6;
    static const int knights[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2},
                                       {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};
    int free_i = 0;
    for (int s = 0; s < 8; s++)
        if (r[s] == '.' && free_i++ == q) r[s] = 'Q';
    free_i = 0;
    for (int s = 0; s < 8; s++)
        if (r[s] == '.') {
            if (free_i == knights[kn][0] || free_i == knights[kn][1]) r[s] = 'N';
            free_i++;
        }
    const char *rkr = "RKR";
    int f[2], j = 0;
    for (int s = 0; s < 8; s++)
        if (r[s] == '.') {
            if (*rkr == 'R') f[j++ < 1 ? 0 : 1] = s;
            r[s] = *rkr++;
        }
    char lower[9];
    for (int s = 0; s < 8; s++) lower[s] = (char)(r[s] + ('a' - 'A'));
    lower[8] = 0;
    snprintf(fen, size, "%s/pppppppp/8/8/8/8/PPPPPPPP/%s w %c%c%c%c - 0 1", lower, r, 'A' + f[1], 'A' + f[0],
             'a' + f[1], 'a' + f[0]);
}

static void every_chess960_start(void)
{
    uint64_t rng = 960;
    failures = 0;
    for (int n = 0; n < 960; n++) {
        char fen[128];
        chess960_start(n, fen, sizeof fen);
        bb_chess_pos pos;
        parse(&pos, fen);
        bb_chess_board b;
        CHECK(bb_chess_board_from_pos(&pos, &b) == 0, "'%s'", fen);
        uint64_t want = bb__chess_slow_perft(&pos, 2), got = board_perft(&b, 2);
        CHECK(got == want, "perft 2 of '%s': got %llu, the slow generator %llu", fen, (unsigned long long)got,
              (unsigned long long)want);
        /* an opening that clears the back rank, then every check of walk: castling arises */
        for (int p = 0; p < 24; p++) {
            bb_chess_movelist l;
            int k = bb_chess_generate(&pos, BB_GEN_ALL, &l);
            if (!k) break;
            int pick = (int)(bbt_next(&rng) % (uint64_t)k);
            for (int i = 0; i < k; i++) /* castle when it can */
                if (bb_chess_move_kind(l.moves[i]) == BB_MOVE_CASTLING) pick = i;
            bb_chess_undo u;
            bb_chess_make(&pos, l.moves[pick], &u);
        }
        walk(&pos, 1);
    }
}

/* count_many over boards of different positions, sides and castling
 * geometries (the wiki's, the Chess960 table's, the suite's), and n <= 0. */
static void count_many_mixed(void)
{
    static bb_chess_board all[N_WIKI + N_960 + N_SUITE];
    int counts[N_WIKI + N_960 + N_SUITE], n = 0;
    uint64_t sum = 0;
    const char *fens[N_WIKI + N_960 + N_SUITE];
    for (size_t i = 0; i < N_WIKI; i++) fens[n++] = wiki[i].fen;
    for (size_t i = 0; i < N_960; i++) fens[n++] = chess960[i].fen;
    for (size_t i = 0; i < N_SUITE; i++) fens[n++] = suite[i].fen;
    for (int i = 0; i < n; i++) {
        bb_chess_pos pos;
        parse(&pos, fens[i]);
        CHECK(bb_chess_board_from_pos(&pos, &all[i]) == 0, "'%s'", fens[i]);
        bb_chess_movelist l;
        sum += (uint64_t)bb_chess_generate(&pos, BB_GEN_ALL, &l);
    }
    CHECK(bb_chess_board_count_many(all, n, NULL) == sum, "the sum over %d positions: got %llu, want %llu", n,
          (unsigned long long)bb_chess_board_count_many(all, n, NULL), (unsigned long long)sum);
    CHECK(bb_chess_board_count_many(all, n, counts) == sum, "the sum with counts");
    for (int i = 0; i < n; i++) {
        bb_chess_pos pos;
        parse(&pos, fens[i]);
        bb_chess_movelist l;
        CHECK(counts[i] == bb_chess_generate(&pos, BB_GEN_ALL, &l), "'%s': count %d", fens[i], counts[i]);
    }
    CHECK(bb_chess_board_count_many(all, 0, NULL) == 0 && bb_chess_board_count_many(all, -3, counts) == 0,
          "n <= 0 counts nothing");
}

static void refused(void)
{
    bb_chess_pos pos;
    bb_chess_board b, before;
    memset(&before, 0x5A, sizeof before);
    parse(&pos, START);
    pos.pieces[BB_WHITE][BB_KING] = 0;
    b = before;
    CHECK(bb_chess_board_from_pos(&pos, &b) == -1 && memcmp(&b, &before, sizeof b) == 0, "no white king");
    CHECK(bb_chess_count(&pos) == 0, "no white king: count");
    parse(&pos, START);
    pos.pieces[BB_BLACK][BB_KING] |= 1ULL << 40;
    CHECK(bb_chess_board_from_pos(&pos, &b) == -1 && memcmp(&b, &before, sizeof b) == 0, "two black kings");
    parse(&pos, START);
    pos.side = 2;
    CHECK(bb_chess_board_from_pos(&pos, &b) == -1 && memcmp(&b, &before, sizeof b) == 0, "side 2");
    CHECK(bb_chess_board_from_pos(NULL, &b) == -1, "NULL position");
    /* a right the position cannot hold is dropped, as the perft kernel drops it */
    parse(&pos, "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    pos.pieces[BB_WHITE][BB_ROOK] = 0, pos.color[BB_WHITE] &= ~(1ULL << 7), pos.board[7] = BB_CHESS_EMPTY;
    CHECK(bb_chess_board_from_pos(&pos, &b) == 0 && b.castling == 0 && b.castle_rook[0] == 64,
          "a right without its rook is dropped");
    CHECK(sizeof(bb_chess_board) == 64, "the board is %zu bytes", sizeof(bb_chess_board));
}

#if HAVE_THREADS
typedef struct {
    int first, step;
    uint64_t sum;
} share;
static void *walk_starts(void *arg)
{
    share *s = arg;
    for (int n = s->first; n < 960; n += s->step) {
        char fen[128];
        chess960_start(n, fen, sizeof fen);
        bb_chess_pos pos;
        bb_chess_board b;
        if (bb_chess_from_fen(&pos, fen, NULL) || bb_chess_board_from_pos(&pos, &b)) continue;
        s->sum += board_perft(&b, 3) * (uint64_t)(n + 1);
    }
    return NULL;
}
#endif

static void threads_agree(void)
{
#if HAVE_THREADS
    share one = {0, 1, 0}, two[2] = {{0, 2, 0}, {1, 2, 0}};
    pthread_t t[2];
    int started = 0;
    for (int i = 0; i < 2; i++)
        if (pthread_create(&t[i], NULL, walk_starts, &two[i]) == 0) started++;
        else walk_starts(&two[i]);
    for (int i = 0; i < started; i++) pthread_join(t[i], NULL);
    walk_starts(&one);
    CHECK(one.sum == two[0].sum + two[1].sum && one.sum != 0, "one thread %llu, two %llu",
          (unsigned long long)one.sum, (unsigned long long)(two[0].sum + two[1].sum));
#else
    SKIP("no threads on this platform");
#endif
}

int main(void)
{
    RUN(refused);
    RUN(count_many_mixed);
    RUN(trees);
    RUN(published_counts);
    RUN(random_games_against_slow);
    RUN(every_chess960_start);
    RUN(threads_agree);
    return bbt_finish("chess_board");
}
