/* Othello as text: the board string (every error, round trips over positions
 * from random games), the diagram, transcripts (legal, illegal, passes) and
 * their normalization to a first move of f5. */
#include <stdlib.h>
#include <string.h>

#include "bitboard.h"
#include "harness.h"

static const char start_text[] =
    "---------------------------OX------XO--------------------------- X";

/* A slow reference for the discs one move flips: walk each of 8 directions. */
static uint64_t flips_walk(uint64_t p, uint64_t o, int sq)
{
    static const int df[8] = {1, -1, 0, 0, 1, 1, -1, -1}, dr[8] = {0, 0, 1, -1, 1, -1, 1, -1};
    if (((p | o) >> sq) & 1) return 0;
    uint64_t all = 0;
    for (int d = 0; d < 8; d++) {
        uint64_t run = 0;
        int f = (sq & 7) + df[d], r = (sq >> 3) + dr[d];
        while (f >= 0 && f < 8 && r >= 0 && r < 8 && ((o >> (8 * r + f)) & 1)) {
            run |= (uint64_t)1 << (8 * r + f);
            f += df[d], r += dr[d];
        }
        if (f >= 0 && f < 8 && r >= 0 && r < 8 && ((p >> (8 * r + f)) & 1)) all |= run;
    }
    return all;
}

static uint64_t moves_walk(uint64_t p, uint64_t o)
{
    uint64_t m = 0;
    for (int sq = 0; sq < 64; sq++)
        if (flips_walk(p, o, sq)) m |= (uint64_t)1 << sq;
    return m;
}

/* A random game from the start, stopping after at most `plies` moves (passes
 * not counted) or at the end.  Writes the transcript to t (passes as `pass`,
 * which may be NULL: left out) and every position reached, positions[0] the
 * start, into pos[] (room for 61+passes, 128 is plenty); returns the number of
 * positions.  Also counts the passes. */
static int random_game(uint64_t *state, int plies, char *t, const char *pass, bb_othello_pos *pos, int *passes)
{
    bb_othello_pos x = bb_othello_start();
    int n = 0, k = 0;
    t[0] = '\0';
    if (passes) *passes = 0;
    pos[n++] = x;
    while (k < plies) {
        uint64_t m = moves_walk(x.p, x.o);
        if (!m) {
            if (!moves_walk(x.o, x.p)) break;
            CHECK(bb_othello_pass(&x) == 0, "pass");
            if (pass) strcat(t, pass);
            if (passes) ++*passes;
            pos[n++] = x;
            continue;
        }
        int c = (int)(bbt_next(state) % (uint64_t)bb_popcount(m));
        while (c--) m &= m - 1;
        int sq = bb_popcount((m & (0 - m)) - 1);
        char name[3];
        bb_square_name(sq, name);
        if (bbt_next(state) & 1) name[0] = (char)(name[0] - 'a' + 'A');
        strcat(t, name);
        uint64_t f = flips_walk(x.p, x.o, sq);
        uint64_t np = x.o ^ f, no = x.p ^ f ^ ((uint64_t)1 << sq);
        CHECK(bb_othello_play(&x, sq) == 0, "play %s", name);
        CHECK(x.p == np && x.o == no, "play %s", name);
        pos[n++] = x;
        k++;
    }
    return n;
}

static int same(const bb_othello_pos *a, const bb_othello_pos *b)
{
    return a->p == b->p && a->o == b->o && a->side == b->side;
}

/* ---- The board string ---------------------------------------------------------- */

static void parse_start(void)
{
    bb_othello_pos s = bb_othello_start(), x;
    bb_parse_error e;
    CHECK(bb_othello_parse(start_text, &x, &e) == 0, "%s", e.msg);
    CHECK(same(&x, &s), "start");
    char buf[BB_OTHELLO_FORMAT_MAX];
    CHECK(bb_othello_format(buf, sizeof buf, &s) == 66, "length");
    CHECK(strcmp(buf, start_text) == 0, "got %s", buf);
    /* the other spellings: * and ., lower case, white space around, a tab */
    const char *alt[] = {
        "...........................ox......xo........................... x",
        "...........................O*......*O........................... *",
        "  ---------------------------OX------XO--------------------------- X\n",
        "---------------------------OX------XO---------------------------\tX",
        "---------------------------OX------XO---------------------------   X  ",
        "start", "START", " Start\n", /* the word, as every front end takes it */
    };
    for (size_t i = 0; i < sizeof alt / sizeof alt[0]; i++) {
        CHECK(bb_othello_parse(alt[i], &x, &e) == 0, "'%s': %s", alt[i], e.msg);
        CHECK(same(&x, &s), "'%s'", alt[i]);
    }
    /* only the word itself */
    const char *not_start[] = {"starts", "star", "start X", "st art", "startx"};
    for (size_t i = 0; i < sizeof not_start / sizeof not_start[0]; i++)
        CHECK(bb_othello_parse(not_start[i], &x, &e) == -1, "'%s' read", not_start[i]);
    /* white to move: p is white's */
    CHECK(bb_othello_parse("---------------------------OX------XO--------------------------- O", &x, &e) == 0, "O");
    CHECK(x.side == BB_OTHELLO_WHITE && x.p == s.o && x.o == s.p, "white to move");
    CHECK(bb_othello_format(buf, sizeof buf, &x) == 66 && buf[65] == 'O', "%s", buf);
}

/* Each error: the position it names and a word of its message. */
static void parse_errors(void)
{
    char board[80], long_board[100];
    memset(board, '-', 64);
    board[64] = '\0';
    memset(long_board, '-', 65);
    strcpy(long_board + 65, " X");
    struct { const char *text; int pos; const char *words; } cases[] = {
        {"", 0, "empty position"},
        {"   ", 0, "empty position"},
        {"XO X", 1, "has 2 cells; it needs 64"},
        {"X X", 1, "has 1 cell;"},
        {long_board, 1, "has 65 cells"},
        {"---------------------------OX------XO---------------------------", 65, "missing the side to move"},
        {"---------------------------OX------XO--------------------------- ", 66, "missing the side to move"},
        {"---------------------------OX------XO---------------------------\nX", 65, "missing the side"},
        {"---------------------------OX------XO--------------------------- B", 66, "bad side to move at position 66: 'B'"},
        {"---------------------------OX------XO--------------------------- -", 66, "bad side to move"},
        {"---------------------------OX------XO--------------------------- XO", 66, "'X...'"},
        {"---------------------------OX------XO--------------------------- X O", 68, "unexpected 'O' at position 68"},
        {"---------------------------OZ------XO--------------------------- X", 29, "bad character 'Z' at position 29"},
        {"0---------------------------------------------------------------- X", 1, "bad character '0' at position 1"},
        {"--\x01------------------------------------------------------------- X", 3, "'\\x01' at position 3"},
        {"  ---------------------------OX------XO-------------------------#- X", 65, "'#' at position 65"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        bb_othello_pos x = {1, 2, 1};
        bb_parse_error e;
        memset(&e, 0, sizeof e);
        CHECK(bb_othello_parse(cases[i].text, &x, &e) == -1, "case %zu parsed", i);
        CHECK(e.pos == cases[i].pos, "case %zu: pos %d, want %d (%s)", i, e.pos, cases[i].pos, e.msg);
        CHECK(strstr(e.msg, cases[i].words) != NULL, "case %zu: '%s' lacks '%s'", i, e.msg, cases[i].words);
        CHECK(e.line == 0 && e.column == 0, "case %zu", i);
        CHECK(x.p == 1 && x.o == 2 && x.side == 1, "case %zu: *pos changed", i);
        CHECK(bb_othello_parse(cases[i].text, &x, NULL) == -1, "case %zu with err NULL", i);
    }
    bb_parse_error e;
    bb_othello_pos x;
    CHECK(bb_othello_parse(NULL, &x, &e) == -1 && strstr(e.msg, "no position"), "NULL text");
    (void)board;
}

/* parse(format(x)) == x for every position of many random games; the other
 * spellings of the same text too. */
static void round_trips(void)
{
    uint64_t state = 9;
    bb_othello_pos game[128];
    char t[256], buf[BB_OTHELLO_FORMAT_MAX];
    long checked = 0;
    for (int g = 0; g < 300; g++) {
        int n = random_game(&state, 60, t, NULL, game, NULL);
        for (int i = 0; i < n; i++) {
            bb_othello_pos x;
            bb_parse_error e;
            CHECK(bb_othello_format(buf, sizeof buf, &game[i]) == 66, "length");
            CHECK(bb_othello_parse(buf, &x, &e) == 0, "'%s': %s", buf, e.msg);
            CHECK(same(&x, &game[i]), "game %d position %d: %s", g, i, buf);
            for (int k = 0; k < 66; k++) /* lower case, * and . */
                buf[k] = buf[k] == 'X' ? ((k & 1) ? 'x' : '*') : buf[k] == 'O' ? 'o' : buf[k] == '-' ? '.' : buf[k];
            CHECK(bb_othello_parse(buf, &x, &e) == 0 && same(&x, &game[i]), "respelled '%s'", buf);
            checked++;
        }
    }
    CHECK(checked > 10000, "only %ld positions", checked);
}

/* Both formats keep snprintf's contract for every buffer size. */
static void format_sizes(void)
{
    bb_othello_pos s = bb_othello_start();
    char full[BB_OTHELLO_FORMAT_MAX], buf[BB_OTHELLO_FORMAT_MAX];
    for (int which = 0; which < 2; which++) {
        size_t n = which ? bb_othello_format_diagram(full, sizeof full, &s) : bb_othello_format(full, sizeof full, &s);
        CHECK(n == strlen(full) && n < BB_OTHELLO_FORMAT_MAX, "length %zu", n);
        CHECK((which ? bb_othello_format_diagram(NULL, 0, &s) : bb_othello_format(NULL, 0, &s)) == n, "NULL");
        for (size_t size = 0; size <= n + 2; size++) {
            memset(buf, '#', sizeof buf);
            size_t k = which ? bb_othello_format_diagram(buf, size, &s) : bb_othello_format(buf, size, &s);
            CHECK(k == n, "size %zu", size);
            if (size) CHECK(strlen(buf) == (size - 1 < n ? size - 1 : n) && strncmp(buf, full, strlen(buf)) == 0,
                            "size %zu", size);
            else CHECK(buf[0] == '#', "size 0 wrote");
        }
    }
}

static void diagram(void)
{
    bb_othello_pos s = bb_othello_start();
    char buf[BB_OTHELLO_FORMAT_MAX];
    bb_othello_format_diagram(buf, sizeof buf, &s);
    const char want[] = "  a b c d e f g h\n"
                        "1 - - - - - - - -\n"
                        "2 - - - - - - - -\n"
                        "3 - - - - - - - -\n"
                        "4 - - - O X - - -\n"
                        "5 - - - X O - - -\n"
                        "6 - - - - - - - -\n"
                        "7 - - - - - - - -\n"
                        "8 - - - - - - - -\n"
                        "black (X) to move; discs: black 2, white 2\n";
    CHECK(strcmp(buf, want) == 0, "got\n%s", buf);
    bb_othello_pos x;
    /* white to move without a move; then neither side */
    CHECK(bb_othello_parse("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOX O", &x, NULL) == 0, "parse");
    bb_othello_format_diagram(buf, sizeof buf, &x);
    CHECK(strstr(buf, "game over; discs: black 63, white 1\n") != NULL, "got\n%s", buf);
    CHECK(bb_othello_parse("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO-X O", &x, NULL) == 0, "parse");
    bb_othello_format_diagram(buf, sizeof buf, &x);
    CHECK(strstr(buf, "white (O) to move, must pass; discs: black 62, white 1\n") != NULL, "got\n%s", buf);
    /* every position of a game: the cells agree with the board string */
    uint64_t state = 5;
    bb_othello_pos game[128];
    char t[256], line[80];
    int n = random_game(&state, 60, t, NULL, game, NULL);
    for (int i = 0; i < n; i++) {
        bb_othello_format_diagram(buf, sizeof buf, &game[i]);
        bb_othello_format(line, sizeof line, &game[i]);
        for (int sq = 0; sq < 64; sq++) {
            char c = buf[18 * (1 + (sq >> 3)) + 2 + 2 * (sq & 7)];
            CHECK(c == line[sq], "position %d square %d", i, sq);
        }
    }
}

/* ---- Transcripts ---------------------------------------------------------------- */

/* Random games replayed from their transcripts: with passes left out, as PA,
 * pa, --; the positions agree move for move. */
static void transcripts_replay(void)
{
    uint64_t state = 77;
    const char *passes[] = {NULL, "PA", "pa", "--"};
    bb_othello_pos game[128];
    char t[300];
    int games_with_passes = 0;
    for (int g = 0; g < 2000; g++) {
        int np = 0, plies = 1 + (int)(bbt_next(&state) % 60);
        uint64_t s0 = state;
        int n = random_game(&state, plies, t, passes[g & 3], game, &np);
        if (np) games_with_passes++;
        bb_othello_pos x = bb_othello_start();
        bb_parse_error e;
        CHECK(bb_othello_play_transcript(&x, t, &e) == 0, "game %d '%s': %s", g, t, e.msg);
        CHECK(same(&x, &game[n - 1]), "game %d '%s'", g, t);
        /* with spaces between the moves */
        state = s0;
        (void)random_game(&state, plies, t, passes[g & 3], game, NULL);
        char spaced[600];
        size_t k = 0;
        for (size_t i = 0; t[i]; i += 2) spaced[k++] = t[i], spaced[k++] = t[i + 1], spaced[k++] = ' ';
        spaced[k] = '\0';
        x = bb_othello_start();
        CHECK(bb_othello_play_transcript(&x, spaced, &e) == 0 && same(&x, &game[n - 1]), "spaced '%s'", spaced);
    }
    CHECK(games_with_passes > 10, "only %d games with a pass", games_with_passes);
}

/* From a given position, not the start; an empty transcript changes nothing. */
static void transcripts_from_a_position(void)
{
    bb_othello_pos x = bb_othello_start(), y;
    bb_parse_error e;
    CHECK(bb_othello_play_transcript(&x, "f5d6", &e) == 0, "%s", e.msg);
    y = x;
    CHECK(bb_othello_play_transcript(&y, "", &e) == 0 && same(&x, &y), "empty");
    CHECK(bb_othello_play_transcript(&y, "  \n", &e) == 0 && same(&x, &y), "blank");
    CHECK(bb_othello_play_transcript(&x, "C3d3C4", &e) == 0, "%s", e.msg);
    bb_othello_pos z = bb_othello_start();
    CHECK(bb_othello_play_transcript(&z, "f5d6c3d3c4", &e) == 0 && same(&x, &z), "in two pieces");
    char buf[80];
    bb_othello_format(buf, sizeof buf, &z);
    CHECK(strcmp(buf, "------------------XO------XXX------OXX-----O-------------------- O") == 0, "got %s", buf);
}

/* Passes: implicit and explicit, where there is none to make, at the end. */
static void transcripts_passes(void)
{
    /* white has no move here; black does */
    bb_othello_pos x, y;
    bb_parse_error e;
    const char *t = "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO-X O";
    CHECK(bb_othello_parse(t, &x, NULL) == 0, "parse");
    CHECK(!bb_othello_moves(x.p, x.o) && bb_othello_moves(x.o, x.p), "set-up");
    y = x;
    CHECK(bb_othello_play_transcript(&y, "", &e) == 0 && same(&x, &y), "a trailing pass is not made");
    CHECK(bb_othello_play_transcript(&y, "g8", &e) == 0, "implicit: %s", e.msg);
    CHECK(bb_othello_discs(&y, BB_OTHELLO_BLACK) == 64 && bb_othello_game_over(&y), "g8 played by black");
    const char *explicit_passes[] = {"PAg8", "pa g8", "--G8", "Pa g8", "pA G8"};
    for (int i = 0; i < 5; i++) {
        bb_othello_pos z = x;
        CHECK(bb_othello_play_transcript(&z, explicit_passes[i], &e) == 0 && same(&z, &y), "'%s': %s",
              explicit_passes[i], e.msg);
    }
    /* a pass where the side has a move; two passes in a row; a move after the end */
    struct { const char *pos, *text; int at; const char *words; } bad[] = {
        {start_text, "PA", 1, "PA at position 1: black cannot pass, having 4 legal moves"},
        {start_text, "f5 --", 4, "-- at position 4: white cannot pass, having 3 legal moves"},
        {t, "PAPA", 3, "PA at position 3: black cannot pass, having 1 legal move"},
        {t, "g8a1", 3, "a1 at position 3: the game is over"},
        {t, "g8pa", 3, "pa at position 3: the game is over"},
    };
    for (int i = 0; i < 5; i++) {
        bb_othello_pos z, before;
        CHECK(bb_othello_parse(bad[i].pos, &z, NULL) == 0, "parse");
        CHECK(bb_othello_play_transcript(&z, bad[i].text, &e) == -1, "'%s' played", bad[i].text);
        CHECK(e.pos == bad[i].at && strstr(e.msg, bad[i].words), "'%s': %d '%s'", bad[i].text, e.pos, e.msg);
        /* *pos is the position the bad move was tried in */
        CHECK(bb_othello_parse(bad[i].pos, &before, NULL) == 0, "parse");
        size_t cut = (size_t)bad[i].at - 1;
        char head[32];
        memcpy(head, bad[i].text, cut);
        head[cut] = '\0';
        CHECK(bb_othello_play_transcript(&before, head, NULL) == 0 && same(&before, &z), "'%s': *pos", bad[i].text);
    }
}

/* The first illegal move named with its position and why; *pos before it. */
static void transcripts_illegal(void)
{
    struct { const char *text; int at; const char *words; } bad[] = {
        {"f5d6c3d3c4f4e3d5", 15, "d5 at position 15: d5 is occupied (white to move)"},
        {"f5d6c3d3c4f4a1", 13, "a1 at position 13: a1 flips nothing for black"},
        {"f5 d6 C3 h8", 10, "h8 at position 10: h8 flips nothing for white"},
        {"e4", 1, "e4 at position 1: e4 is occupied"},
        {"f5i1", 3, "'i1' at position 3 is not a move"},
        {"f5d9", 3, "'d9' at position 3 is not a move"},
        {"f5d", 3, "'d' at position 3 is not a move"},
        {"f5 d 6", 4, "'d' at position 4"},
        {"f5-", 3, "'-' at position 3"},
        {"f5-d6", 3, "'-d' at position 3"},
        {"f5,d6", 3, "',d' at position 3"},
        {"f5\x01\x02", 3, "'\\x01\\x02' at position 3"},
        {"p", 1, "'p' at position 1"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        bb_othello_pos x = bb_othello_start();
        bb_parse_error e;
        memset(&e, 0, sizeof e);
        CHECK(bb_othello_play_transcript(&x, bad[i].text, &e) == -1, "'%s' played", bad[i].text);
        CHECK(e.pos == bad[i].at, "'%s': pos %d, want %d (%s)", bad[i].text, e.pos, bad[i].at, e.msg);
        CHECK(strstr(e.msg, bad[i].words) != NULL, "'%s': '%s' lacks '%s'", bad[i].text, e.msg, bad[i].words);
        bb_othello_pos before = bb_othello_start();
        char head[32];
        memcpy(head, bad[i].text, (size_t)bad[i].at - 1);
        head[bad[i].at - 1] = '\0';
        CHECK(bb_othello_play_transcript(&before, head, NULL) == 0 && same(&before, &x), "'%s': *pos", bad[i].text);
        x = bb_othello_start();
        CHECK(bb_othello_play_transcript(&x, bad[i].text, NULL) == -1, "err NULL");
    }
    bb_othello_pos x = bb_othello_start();
    bb_parse_error e;
    CHECK(bb_othello_play_transcript(&x, NULL, &e) == -1, "NULL text");
    /* random games with one bad move put in: occupied squares and non-moves */
    uint64_t state = 3;
    bb_othello_pos game[128];
    char t[256];
    for (int g = 0; g < 500; g++) {
        int n = random_game(&state, 1 + (int)(bbt_next(&state) % 59), t, NULL, game, NULL);
        bb_othello_pos last = game[n - 1];
        if (bb_othello_game_over(&last)) continue;
        if (!bb_othello_moves(last.p, last.o)) bb_othello_pass(&last);
        uint64_t bad_sq = ~bb_othello_moves(last.p, last.o);
        int c = (int)(bbt_next(&state) % (uint64_t)bb_popcount(bad_sq));
        while (c--) bad_sq &= bad_sq - 1;
        int sq = bb_popcount((bad_sq & (0 - bad_sq)) - 1);
        char name[3];
        size_t len = strlen(t);
        strcat(t, bb_square_name(sq, name));
        x = bb_othello_start();
        CHECK(bb_othello_play_transcript(&x, t, &e) == -1, "'%s' played", t);
        CHECK(e.pos == (int)len + 1, "'%s': pos %d (%s)", t, e.pos, e.msg);
        CHECK(strstr(e.msg, ((last.p | last.o) >> sq) & 1 ? "is occupied" : "flips nothing") != NULL, "'%s': %s", t,
              e.msg);
        CHECK(same(&x, &last), "'%s': *pos", t);
    }
}

/* ---- Normalization ------------------------------------------------------------------ */

static void normalize_first_moves(void)
{
    struct { const char *text, *want; bb_sym sym; } cases[] = {
        {"f5", "f5", BB_SYM_IDENTITY},
        {"d3", "f5", BB_SYM_FLIP_ANTIDIAGONAL},
        {"c4", "f5", BB_SYM_ROTATE_180},
        {"e6", "f5", BB_SYM_FLIP_DIAGONAL},
        {"E6F4", "f5d6", BB_SYM_FLIP_DIAGONAL},
        {"d3c3", "f5f6", BB_SYM_FLIP_ANTIDIAGONAL},
        {"c4 c3", "f5f6", BB_SYM_ROTATE_180},
        {"", "", BB_SYM_IDENTITY},
    };
    bb_othello_pos s = bb_othello_start();
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char buf[200];
        bb_parse_error e;
        size_t n = bb_othello_normalize_transcript(buf, sizeof buf, cases[i].text, &e);
        CHECK(n == strlen(cases[i].want) && strcmp(buf, cases[i].want) == 0, "'%s' -> '%s'", cases[i].text, buf);
        /* the symmetry keeps the start position */
        CHECK(bb_sym_apply(s.p, cases[i].sym) == s.p && bb_sym_apply(s.o, cases[i].sym) == s.o, "%s",
              bb_sym_name(cases[i].sym));
        bb_othello_pos a = bb_othello_start(), b = bb_othello_start();
        CHECK(bb_othello_play_transcript(&a, cases[i].text, NULL) == 0, "plays");
        CHECK(bb_othello_play_transcript(&b, buf, NULL) == 0, "normalized plays");
        CHECK(bb_sym_apply(a.p, cases[i].sym) == b.p && bb_sym_apply(a.o, cases[i].sym) == b.o && a.side == b.side,
              "'%s': positions map by %s", cases[i].text, bb_sym_name(cases[i].sym));
    }
    /* errors: as play_transcript names them; from the start only */
    char buf[64];
    bb_parse_error e;
    strcpy(buf, "junk");
    CHECK(bb_othello_normalize_transcript(buf, sizeof buf, "f5f5", &e) == (size_t)-1 && buf[0] == '\0', "f5f5");
    CHECK(e.pos == 3 && strstr(e.msg, "f5 is occupied"), "%d %s", e.pos, e.msg);
    CHECK(bb_othello_normalize_transcript(buf, sizeof buf, "a1", &e) == (size_t)-1 && strstr(e.msg, "flips nothing"),
          "a1");
    CHECK(bb_othello_normalize_transcript(buf, sizeof buf, "x", NULL) == (size_t)-1, "err NULL");
    CHECK(bb_othello_normalize_transcript(buf, sizeof buf, NULL, &e) == (size_t)-1, "NULL");
    CHECK(bb_othello_normalize_transcript(NULL, 0, "d3c3", &e) == 4, "length only");
    CHECK(bb_othello_normalize_transcript(buf, 3, "d3c3", &e) == 4 && strcmp(buf, "f5") == 0, "cut: %s", buf);
}

/* Random games: the normalized transcript plays, starts with f5, has no
 * passes, is lower case, and every position is the original's image under
 * the one symmetry. */
static void normalize_random_games(void)
{
    uint64_t state = 11;
    bb_othello_pos game[128];
    char t[300], buf[300], again[300];
    int first_seen[64] = {0};
    for (int g = 0; g < 2000; g++) {
        int n = random_game(&state, 1 + (int)(bbt_next(&state) % 60), t, (g & 1) ? "PA" : NULL, game, NULL);
        bb_parse_error e;
        size_t k = bb_othello_normalize_transcript(buf, sizeof buf, t, &e);
        CHECK(k != (size_t)-1 && k == strlen(buf) && k % 2 == 0, "'%s': %s", t, e.msg);
        CHECK(strncmp(buf, "f5", 2) == 0, "'%s' -> '%s'", t, buf);
        for (size_t i = 0; i < k; i++)
            CHECK((buf[i] >= 'a' && buf[i] <= 'h') || (buf[i] >= '1' && buf[i] <= '8'), "'%s'", buf);
        char first_name[3] = {(char)(t[0] | 0x20), t[1], 0};
        int first = bb_parse_square(first_name);
        CHECK(first >= 0, "'%s'", t);
        if (first < 0) continue;
        first_seen[first]++;
        /* which symmetry: the one taking the first move to f5 that keeps the start */
        bb_sym s = BB_SYM_COUNT;
        bb_othello_pos st = bb_othello_start();
        for (int y = 0; y < BB_SYM_COUNT; y++)
            if (bb_sym_square(first, (bb_sym)y) == BB_F5 && bb_sym_apply(st.p, (bb_sym)y) == st.p &&
                bb_sym_apply(st.o, (bb_sym)y) == st.o)
                s = (bb_sym)y;
        CHECK(s != BB_SYM_COUNT, "no symmetry for '%s'", t);
        /* move for move (the original's passes taken out): every position maps */
        char moves[300];
        size_t nm = 0;
        for (size_t i = 0; t[i]; i += 2)
            if (t[i] != 'P') moves[nm++] = t[i], moves[nm++] = t[i + 1];
        moves[nm] = '\0';
        CHECK(nm == k, "'%s' -> '%s': %zu moves, %zu", t, buf, nm / 2, k / 2);
        bb_othello_pos x = bb_othello_start(), y = bb_othello_start();
        for (size_t i = 0; i < k && i < nm; i += 2) {
            char mx[3] = {moves[i], moves[i + 1], 0}, my[3] = {buf[i], buf[i + 1], 0};
            CHECK(bb_othello_play_transcript(&x, mx, &e) == 0, "'%s' at %zu: %s", t, i, e.msg);
            CHECK(bb_othello_play_transcript(&y, my, &e) == 0, "'%s' at %zu: %s", buf, i, e.msg);
            CHECK(bb_sym_apply(x.p, s) == y.p && bb_sym_apply(x.o, s) == y.o && x.side == y.side,
                  "'%s' -> '%s': move %zu", t, buf, i / 2);
        }
        CHECK(same(&x, &game[n - 1]), "'%s': the game's end", t);
        bb_othello_pos a = bb_othello_start(), b = bb_othello_start();
        CHECK(bb_othello_play_transcript(&a, t, NULL) == 0 && bb_othello_play_transcript(&b, buf, NULL) == 0, "play");
        CHECK(bb_sym_apply(a.p, s) == b.p && bb_sym_apply(a.o, s) == b.o && a.side == b.side, "'%s': the end", t);
        /* normalizing twice changes nothing */
        CHECK(bb_othello_normalize_transcript(again, sizeof again, buf, NULL) == k && strcmp(again, buf) == 0,
              "'%s' again -> '%s'", buf, again);
    }
    CHECK(first_seen[BB_D3] && first_seen[BB_C4] && first_seen[BB_F5] && first_seen[BB_E6], "all 4 first moves");
}

/* A pass at the end is left out like every pass: the normalized transcript
 * stops before it, where the side to move has no move. */
static void normalize_trailing_pass(void)
{
    uint64_t state = 21;
    bb_othello_pos game[128];
    char t[300], buf[300];
    int found = 0;
    for (int g = 0; g < 3000 && found < 20; g++) {
        int n = random_game(&state, 60, t, "PA", game, NULL);
        for (int i = 1; i < n; i++) {
            if (game[i].side != game[i - 1].side && (game[i - 1].p | game[i - 1].o) == (game[i].p | game[i].o)) {
                /* game[i] follows a pass: cut the transcript just after it */
                char cut[300];
                int k = 2 * i; /* every ply of the transcript, passes too, is 2 characters */
                memcpy(cut, t, (size_t)k);
                cut[k] = '\0';
                CHECK(k >= 4 && strcmp(cut + k - 2, "PA") == 0, "'%s' does not end with a pass", cut);
                size_t len = bb_othello_normalize_transcript(buf, sizeof buf, cut, NULL);
                int pas = 0;
                for (int j = 0; j < k; j += 2) pas += cut[j] == 'P';
                CHECK(len == (size_t)(k - 2 * pas) && strchr(buf, 'P') == NULL, "'%s' -> '%s'", cut, buf);
                bb_othello_pos a = bb_othello_start(), b = bb_othello_start();
                CHECK(bb_othello_play_transcript(&a, cut, NULL) == 0 && same(&a, &game[i]), "'%s'", cut);
                CHECK(bb_othello_play_transcript(&b, buf, NULL) == 0, "'%s' -> '%s'", cut, buf);
                CHECK(b.side != a.side && !bb_othello_moves(b.p, b.o) && bb_othello_pass(&b) == 0, "'%s' -> '%s'",
                      cut, buf);
                int mapped = 0;
                for (int y = 0; y < BB_SYM_COUNT; y++)
                    mapped |= bb_sym_apply(a.p, (bb_sym)y) == b.p && bb_sym_apply(a.o, (bb_sym)y) == b.o;
                CHECK(mapped && a.side == b.side, "'%s' -> '%s'", cut, buf);
                found++;
                break;
            }
        }
    }
    CHECK(found >= 5, "only %d games with a pass", found);
}

int main(void)
{
    RUN(parse_start);
    RUN(parse_errors);
    RUN(round_trips);
    RUN(format_sizes);
    RUN(diagram);
    RUN(transcripts_replay);
    RUN(transcripts_from_a_position);
    RUN(transcripts_passes);
    RUN(transcripts_illegal);
    RUN(normalize_first_moves);
    RUN(normalize_random_games);
    RUN(normalize_trailing_pass);
    return bbt_finish("othello_text");
}
