/* Othello game records (othello_records.h):
 *   - WTHOR: random legal games (some to the end, some cut short, passes
 *     included) written as 68-byte records in a .wtb file built here, read
 *     back with the same moves (passes put back where a side had no move),
 *     numbers and disc counts, each record's bytes checked by hand; the
 *     header's fields; .jou and .trn names (Latin-1 to UTF-8);
 *   - every malformed case: a short header, a header counting more or
 *     fewer games than the file holds, a bad square byte, a byte after the
 *     end of the moves, an illegal move, a wrong disc count; the next game
 *     reads after a bad one;
 *   - the stored count of games the moves end with empty squares: given
 *     to the winner (read), split evenly (kept, with a warning), anything
 *     else (an error); a line cut short keeps any count unchecked;
 *   - GGF: the same games (and some from another start board) written one
 *     after another and read back equal; the tags; every malformed case
 *     (unclosed bracket, bad board, bad move, illegal move, wrong turn, not
 *     Othello, not closed), each skipped so that the next game reads. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bitboard.h"
#include "harness.h"

/* A random game from pos: to the end, or stopped after `stop` plies. */
static void random_game(uint64_t *rng, bb_othello_record *g, int stop)
{
    bb_othello_pos pos = g->start;
    while (g->count < stop) {
        uint64_t m = bb_othello_moves(pos.p, pos.o);
        if (!m) {
            if (bb_othello_pass(&pos) != 0) break;
            g->moves[g->count++] = BB_OTHELLO_PASS;
            continue;
        }
        int k = (int)(bbt_next(rng) % (uint64_t)bb_popcount(m));
        while (k--) m &= m - 1;
        int sq = __builtin_ctzll(m);
        bb_othello_play(&pos, sq);
        g->moves[g->count++] = (uint8_t)sq;
    }
}

static int same_moves(const bb_othello_record *a, const bb_othello_record *b)
{
    return a->count == b->count && memcmp(a->moves, b->moves, (size_t)a->count) == 0;
}

enum { GAMES = 300 };

static unsigned char *build_wtb(bb_othello_record *games, size_t *size)
{
    uint64_t rng = 77;
    unsigned char *f = calloc(1, 16 + 68 * GAMES);
    bb_othello_wthor_header h = {20, 26, 11, 25, GAMES, 0, 2026, 8, 0, 22};
    bb_othello_wthor_write_header(f, &h);
    for (int i = 0; i < GAMES; i++) {
        bb_othello_record *g = &games[i];
        bb_othello_record_init(g);
        random_game(&rng, g, i % 4 == 3 ? 20 + (int)(bbt_next(&rng) % 30) : 200);
        g->tournament = i % 7, g->black_player = i, g->white_player = i + 1000;
        bb_parse_error e;
        CHECK(bb_othello_wthor_write_game(f + 16 + 68 * i, g, &e) == 0, "write game %d: %s", i, e.msg);
    }
    *size = 16 + 68 * GAMES;
    return f;
}

static void wthor_round_trip(void)
{
    static bb_othello_record games[GAMES];
    size_t size;
    unsigned char *f = build_wtb(games, &size);
    CHECK(f[0] == 20 && f[1] == 26 && f[4] == (GAMES & 255) && f[5] == (GAMES >> 8) && f[10] == (2026 & 255) &&
              f[12] == 8 && f[14] == 22,
          "header bytes");
    bb_othello_wthor_header h;
    bb_parse_error e;
    CHECK(bb_othello_wthor_read_header(f, size, &h, &e) == 0 && h.count == GAMES && h.game_year == 2026 &&
              h.depth == 22 && h.board_size == 8,
          "header read");
    CHECK(bb_othello_wthor_check(&h, size, BB_OTHELLO_WTHOR_GAME, &e) == 0, "check: %s", e.msg);
    int passes = 0, ended = 0;
    for (int i = 0; i < GAMES; i++) {
        bb_othello_record g;
        CHECK(bb_othello_wthor_game(f, size, i, &g, &e) == 0, "game %d: %s", i + 1, e.msg);
        CHECK(same_moves(&g, &games[i]), "game %d: moves differ", i + 1);
        CHECK(g.tournament == i % 7 && g.black_player == i && g.white_player == i + 1000, "game %d: numbers", i + 1);
        /* the record's bytes by hand: square bytes 10 * row + column, no passes */
        const unsigned char *r = f + 16 + 68 * i;
        int k = 0;
        for (int m = 0; m < games[i].count; m++)
            if (games[i].moves[m] != BB_OTHELLO_PASS) {
                int sq = games[i].moves[m];
                CHECK(r[8 + k] == 10 * (sq / 8 + 1) + sq % 8 + 1, "game %d move %d byte", i + 1, k + 1);
                k++;
            }
        for (; k < 60; k++) CHECK(r[8 + k] == 0, "game %d: byte after the moves", i + 1);
        bb_othello_pos fin;
        bb_othello_record_replay(&g, &fin, NULL);
        if (bb_othello_game_over(&fin)) {
            ended++;
            int b = bb_othello_discs(&fin, BB_OTHELLO_BLACK), w = bb_othello_discs(&fin, BB_OTHELLO_WHITE);
            int want = b > w ? 64 - w : b < w ? b : 32;
            CHECK(g.black_discs == want, "game %d: black discs %d, want %d", i + 1, g.black_discs, want);
        }
        for (int m = 0; m < g.count; m++) passes += g.moves[m] == BB_OTHELLO_PASS;
    }
    CHECK(passes > 0 && ended > 100, "%d passes, %d finished games", passes, ended);
    /* the transcript */
    char t[400];
    size_t n = bb_othello_record_transcript(t, sizeof t, &games[0]);
    CHECK(n == 2 * (size_t)games[0].count && strlen(t) == n, "transcript length");
    bb_othello_pos p = bb_othello_start();
    CHECK(bb_othello_play_transcript(&p, t, &e) == 0, "the transcript plays: %s", e.msg);
    free(f);
}

static void wthor_malformed(void)
{
    static bb_othello_record games[GAMES];
    size_t size;
    unsigned char *f = build_wtb(games, &size);
    bb_othello_wthor_header h;
    bb_parse_error e;
    bb_othello_record g;
    CHECK(bb_othello_wthor_read_header(f, 15, &h, &e) == -1 && strstr(e.msg, "shorter than the 16-byte"), "%s", e.msg);
    bb_othello_wthor_read_header(f, size, &h, &e);
    CHECK(bb_othello_wthor_check(&h, size - 68, BB_OTHELLO_WTHOR_GAME, &e) == -1 && strstr(e.msg, "says 300 games"),
          "a short file: %s", e.msg);
    CHECK(bb_othello_wthor_check(&h, size + 5, BB_OTHELLO_WTHOR_GAME, &e) == -1 && strstr(e.msg, "5 more"),
          "a long file: %s", e.msg);
    CHECK(bb_othello_wthor_game(f, size, GAMES, &g, &e) == -1 && strstr(e.msg, "past the end"), "past the end");
    unsigned char *r = f + 16 + 68 * 5;
    unsigned char save = r[8 + 3];
    r[8 + 3] = 99;
    CHECK(bb_othello_wthor_game(f, size, 5, &g, &e) == -1 && strstr(e.msg, "move byte 4 is 99") &&
              e.pos == 16 + 68 * 5 + 8 + 3 + 1,
          "bad square: %s at %d", e.msg, e.pos);
    r[8 + 3] = 11; /* a1: illegal this early */
    CHECK(bb_othello_wthor_game(f, size, 5, &g, &e) == -1 && strstr(e.msg, "move 4 (a1) is illegal"), "illegal: %s",
          e.msg);
    r[8 + 3] = save;
    CHECK(bb_othello_wthor_game(f, size, 5, &g, &e) == 0, "restored");
    /* sixty zero move bytes are no game, not a game of no moves */
    unsigned char moves[60];
    memcpy(moves, r + 8, 60);
    memset(r + 8, 0, 60);
    CHECK(bb_othello_wthor_game(f, size, 5, &g, &e) == -1 && strstr(e.msg, "no moves") && e.pos == 16 + 68 * 5 + 8 + 1,
          "all zero: %s at %d", e.msg, e.pos);
    memcpy(r + 8, moves, 60);
    /* a finished game with a wrong count, and a byte after the end */
    int i = 0;
    while (i < GAMES && games[i].count < 60) i++;
    r = f + 16 + 68 * i;
    bb_othello_record ok;
    CHECK(bb_othello_wthor_game(f, size, i, &ok, &e) == 0, "game %d", i);
    bb_othello_pos fin;
    bb_othello_record_replay(&ok, &fin, NULL);
    if (bb_othello_game_over(&fin)) {
        r[6] ^= 1;
        CHECK(bb_othello_wthor_game(f, size, i, &g, &e) == -1 && strstr(e.msg, "black's disc count"), "count: %s",
              e.msg);
        r[6] ^= 1;
    }
    int j = 3; /* a game cut short: a byte after its 0 */
    r = f + 16 + 68 * j;
    int k = 0;
    while (k < 60 && r[8 + k]) k++;
    if (k < 59) {
        r[8 + k + 1] = 44;
        CHECK(bb_othello_wthor_game(f, size, j, &g, &e) == -1 && strstr(e.msg, "after a 0"), "after the end: %s", e.msg);
        CHECK(bb_othello_wthor_game(f, size, j + 1, &g, &e) == 0, "the next game reads");
    }
    free(f);
}

/* The stored count of a game the moves end with empties: WTHOR gives them
 * to the winner; Logistello's book writes black's discs with them split
 * evenly (the disc difference as a count, 32 + d/2 rounded away from 32):
 * kept with a warning.  Any other count is an error.  A game whose moves
 * stop before the end (a book line) keeps what it stores unchecked. */
static int ends_with_empties(uint64_t *rng, bb_othello_record *g, int black_wins, int odd)
{
    for (int tries = 0; tries < 200000; tries++) {
        bb_othello_record_init(g);
        random_game(rng, g, 200);
        bb_othello_pos fin;
        bb_othello_record_replay(g, &fin, NULL);
        int b = bb_othello_discs(&fin, BB_OTHELLO_BLACK), w = bb_othello_discs(&fin, BB_OTHELLO_WHITE), e = 64 - b - w;
        if (e >= 2 && (b > w) == black_wins && b != w && (e % 2) == odd) return 1;
    }
    return 0;
}

static void wthor_scores(void)
{
    uint64_t rng = 2026;
    enum { N = 6 };
    bb_othello_record games[N];
    /* 0: black wins with an even number of empties, 1: white wins with an odd number,
       2: black wins with an odd number, 3: a line cut short, 4: a full board, 5: one empty */
    CHECK(ends_with_empties(&rng, &games[0], 1, 0), "a black win with empties");
    CHECK(ends_with_empties(&rng, &games[1], 0, 1), "a white win with an odd number of empties");
    CHECK(ends_with_empties(&rng, &games[2], 1, 1), "a black win with an odd number of empties");
    bb_othello_record_init(&games[3]);
    random_game(&rng, &games[3], 40);
    for (int k = 4; k < N; k++) {
        bb_othello_pos fin;
        int e;
        do {
            bb_othello_record_init(&games[k]);
            random_game(&rng, &games[k], 200);
            bb_othello_record_replay(&games[k], &fin, NULL);
            e = 64 - bb_othello_discs(&fin, BB_OTHELLO_BLACK) - bb_othello_discs(&fin, BB_OTHELLO_WHITE);
        } while (e != (k == 4 ? 0 : 1));
    }
    unsigned char f[16 + 68 * N];
    bb_othello_wthor_header h = {20, 26, 11, 27, N, 0, 1999, 8, 0, 0};
    bb_othello_wthor_write_header(f, &h);
    int winner[N], split[N], raw[N];
    bb_parse_error e;
    for (int i = 0; i < N; i++) {
        CHECK(bb_othello_wthor_write_game(f + 16 + 68 * i, &games[i], &e) == 0, "write %d: %s", i, e.msg);
        bb_othello_pos fin;
        bb_othello_record_replay(&games[i], &fin, NULL);
        int b = bb_othello_discs(&fin, BB_OTHELLO_BLACK), w = bb_othello_discs(&fin, BB_OTHELLO_WHITE), d = b - w;
        winner[i] = b > w ? 64 - w : b < w ? b : 32;
        raw[i] = b;
        split[i] = d >= 0 ? 32 + (d + 1) / 2 : 32 - (-d + 1) / 2;
        CHECK(i >= 3 || winner[i] != split[i], "game %d: the two rules differ (%d-%d)", i, b, w);
        CHECK(i < 4 || winner[i] == split[i], "game %d: the two rules agree (%d-%d)", i, b, w);
    }
    bb_othello_record g;
    for (int i = 0; i < 3; i++) { /* empties to the winner: read; split: kept, with a warning; else an error */
        unsigned char *r = f + 16 + 68 * i;
        CHECK(r[6] == winner[i], "game %d: the writer gives the empties to the winner: %d, want %d", i, r[6], winner[i]);
        CHECK(bb_othello_wthor_game(f, sizeof f, i, &g, &e) == 0 && g.black_discs == winner[i], "game %d: %s", i, e.msg);
        r[6] = (unsigned char)split[i];
        char want[96];
        snprintf(want, sizeof want, "black's disc count is %d, but the moves end with %d: ", split[i], winner[i]);
        memset(&g, 0, sizeof g);
        int rc = bb_othello_wthor_game(f, sizeof f, i, &g, &e);
        CHECK(rc == 1 && strstr(e.msg, want) && strstr(e.msg, "split evenly") && e.pos == 16 + 68 * i + 7,
              "game %d split: rc %d, %s at %d", i, rc, e.msg, e.pos);
        CHECK(same_moves(&g, &games[i]) && g.black_discs == split[i] && g.theoretical == r[7], "game %d: kept whole", i);
        /* the raw count (the empties to nobody), one further from the winner's count than split, a non-count */
        int bad[3] = {raw[i], split[i] + (split[i] > winner[i] ? 1 : -1), 99};
        for (int k = 0; k < 3; k++) {
            if (bad[k] < 0 || bad[k] > 255 || bad[k] == winner[i]) continue;
            r[6] = (unsigned char)bad[k];
            CHECK(bb_othello_wthor_game(f, sizeof f, i, &g, &e) == -1 && strstr(e.msg, "black's disc count is") &&
                      !strstr(e.msg, "split"),
                  "game %d count %d: %s", i, bad[k], e.msg);
        }
        r[6] = (unsigned char)winner[i];
    }
    /* a line cut short stores what it likes (a book's evaluation): read, unchecked */
    unsigned char *r = f + 16 + 68 * 3;
    for (int v = 0; v <= 64; v += 16) {
        r[6] = r[7] = (unsigned char)v;
        CHECK(bb_othello_wthor_game(f, sizeof f, 3, &g, &e) == 0 && g.black_discs == v && g.theoretical == v,
              "a cut line with %d: %s", v, e.msg);
    }
    /* a full board and one empty square: both rules agree; one off is an error */
    for (int i = 4; i < N; i++) {
        r = f + 16 + 68 * i;
        CHECK(bb_othello_wthor_game(f, sizeof f, i, &g, &e) == 0 && g.black_discs == winner[i], "game %d: %s", i, e.msg);
        r[6] = (unsigned char)(winner[i] + 1);
        CHECK(bb_othello_wthor_game(f, sizeof f, i, &g, &e) == -1 && !strstr(e.msg, "split"), "game %d + 1: %s", i, e.msg);
        r[6] = (unsigned char)winner[i];
    }
}

static void wthor_names(void)
{
    unsigned char f[16 + 2 * 20];
    memset(f, 0, sizeof f);
    bb_othello_wthor_header h = {20, 26, 1, 1, 0, 2, 0, 0, 0, 0};
    bb_othello_wthor_write_header(f, &h);
    memcpy(f + 16, "Tastet Marc", 11);
    memcpy(f + 36, "L\xE9vy Fran\xE7ois   ", 16); /* Latin-1, trailing spaces */
    char name[64];
    bb_parse_error e;
    bb_othello_wthor_header r;
    CHECK(bb_othello_wthor_read_header(f, sizeof f, &r, &e) == 0 &&
              bb_othello_wthor_check(&r, sizeof f, BB_OTHELLO_WTHOR_PLAYER, &e) == 0,
          "players header: %s", e.msg);
    CHECK(bb_othello_wthor_check(&r, sizeof f, BB_OTHELLO_WTHOR_TOURNAMENT, &e) == -1, "the wrong record size");
    CHECK(bb_othello_wthor_name(f, sizeof f, BB_OTHELLO_WTHOR_PLAYER, 0, name, sizeof name) == 0 &&
              strcmp(name, "Tastet Marc") == 0,
          "name 0: %s", name);
    CHECK(bb_othello_wthor_name(f, sizeof f, BB_OTHELLO_WTHOR_PLAYER, 1, name, sizeof name) == 0 &&
              strcmp(name, "L\xC3\xA9vy Fran\xC3\xA7ois") == 0,
          "name 1 in UTF-8: %s", name);
    CHECK(bb_othello_wthor_name(f, sizeof f, BB_OTHELLO_WTHOR_PLAYER, 2, name, sizeof name) == -1, "out of range");
}

static void ggf_round_trip(void)
{
    uint64_t rng = 91;
    enum { N = 200 };
    static bb_othello_record games[N];
    size_t cap = 1 << 20, len = 0;
    char *text = malloc(cap);
    for (int i = 0; i < N; i++) {
        bb_othello_record *g = &games[i];
        bb_othello_record_init(g);
        if (i % 5 == 4) { /* another start: a position from a game */
            bb_othello_record tmp;
            bb_othello_record_init(&tmp);
            random_game(&rng, &tmp, 20);
            bb_othello_record_replay(&tmp, &g->start, NULL);
        }
        random_game(&rng, g, i % 3 ? 200 : 30);
        snprintf(g->black, sizeof g->black, "player%d", i);
        snprintf(g->white, sizeof g->white, "bot]%d", i); /* a ']' written as ')' */
        snprintf(g->event, sizeof g->event, "GGS/os");
        snprintf(g->result, sizeof g->result, "+%d.000", i % 64);
        len += bb_othello_ggf_write(text + len, cap - len, g);
        len += (size_t)snprintf(text + len, cap - len, "\n");
    }
    size_t at = 0, used;
    int read = 0;
    bb_othello_record g;
    bb_parse_error e;
    while (bb_othello_ggf_read(text + at, len - at, &used, &g, &e) == 1) {
        CHECK(same_moves(&g, &games[read]) && g.start.p == games[read].start.p && g.start.o == games[read].start.o &&
                  g.start.side == games[read].start.side,
              "game %d differs", read + 1);
        char want[64];
        snprintf(want, sizeof want, "bot)%d", read);
        CHECK(strcmp(g.white, want) == 0 && strcmp(g.event, "GGS/os") == 0, "tags of game %d: %s", read + 1, g.white);
        at += used;
        read++;
    }
    CHECK(read == N, "%d games read of %d", read, N);
    /* the GGS server's own shape: evals and times after the move, a pass, other tags */
    const char *ggs = "(;GM[Othello]PC[GGS/os]DT[2003.12.15_13:24:03.MST]PB[a]PW[b]RB[2197.61]RW[2042.85]"
                      "TI[05:00//02:00]TY[8]RE[+2.000]BO[8 ---------------------------O*------*O--------------------------- *]"
                      "B[f5//1.23]W[d6/-0.5/0.01]B[c3]W[PA];)";
    /* W[PA] is illegal here: white has moves */
    CHECK(bb_othello_ggf_read(ggs, strlen(ggs), &used, &g, &e) == -1 && strstr(e.msg, "W[PA]: move 4 is illegal"),
          "a pass with moves: %s", e.msg);
    free(text);
}

static void ggf_malformed(void)
{
    static const struct { const char *game, *why; } bad[] = {
        {"(;GM[Othello]PB[x;)", "not closed"},
        {"(;GM[Chess]B[f5];)", "not an Othello game"},
        {"(;GM[Othello]TY[10]B[f5];)", "only 8x8"},
        {"(;GM[Othello]BO[8 --- *]B[f5];)", "a board is 8"},
        {"(;GM[Othello]B[z9];)", "not a move"},
        {"(;GM[Othello]B[a1];)", "move 1 is illegal for black"},
        {"(;GM[Othello]W[f5];)", "it is black's turn"},
        {"(;GM[Othello]B[f5]BO[8 ---------------------------O*------*O--------------------------- *];)", "BO after"},
        {"(;GM[Othello]B f5];)", "a tag is NAME[value]"},
    };
    const char *good = "(;GM[Othello]TY[8]B[f5]W[d6]B[c3];)";
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char text[512];
        snprintf(text, sizeof text, "%s\n%s\n", bad[i].game, good);
        size_t used;
        bb_othello_record g;
        bb_parse_error e;
        int rc = bb_othello_ggf_read(text, strlen(text), &used, &g, &e);
        CHECK(rc == -1 && strstr(e.msg, bad[i].why), "case %zu: rc %d, '%s' lacks '%s'", i, rc, e.msg, bad[i].why);
        if (i == 0) continue; /* an unclosed game runs into the next */
        size_t used2;
        CHECK(bb_othello_ggf_read(text + used, strlen(text) - used, &used2, &g, &e) == 1 && g.count == 3,
              "case %zu: the next game", i);
    }
    size_t used;
    bb_othello_record g;
    CHECK(bb_othello_ggf_read("no game here", 12, &used, &g, NULL) == 0 && used == 12, "no game");
}

int main(void)
{
    RUN(wthor_round_trip);
    RUN(wthor_malformed);
    RUN(wthor_scores);
    RUN(wthor_names);
    RUN(ggf_round_trip);
    RUN(ggf_malformed);
    return bbt_finish("othello_records");
}
