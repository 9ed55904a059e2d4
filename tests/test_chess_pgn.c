/* PGN (bb_pgn_*):
 *   - a corpus written here with every construct of real files: tags in any
 *     order with escaped quotes, move numbers glued or not (1.e4, 1...e5),
 *     0-0 and O-O, check marks missing or wrong, !? and NAGs, { } and ;
 *     comments, % lines, nested variations, FEN/SetUp and Chess960 games,
 *     clock and eval comments kept as text, CRLF, a byte-order mark, games
 *     with no tags, no result, a truncated last game; each game's main line
 *     (as UCI), tags, result and visitor events compared with what is
 *     written here by hand;
 *   - every error: the game number, line and column, the move text and the
 *     reason, and the reader going on with the next game; a NUL byte in a
 *     tag value or a comment is one;
 *   - the lenient SAN against the strict one: every legal move of random
 *     positions written with its check mark dropped, doubled or wrong,
 *     castling with zeros, promotions without '=', reads as that move;
 *   - round trips: random games with comments, NAGs and variations written
 *     here as PGN, read, written by the export writer, read and written
 *     again: the second export equals the first, and the moves are the
 *     games' own;
 *   - streaming: a file of several MiB (so the 1 MiB window refills inside
 *     tokens) read from a FILE gives the same games, errors and line numbers
 *     as the same bytes from memory. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bitboard.h"
#include "harness.h"

/* ---- a visitor that records what it is shown ------------------------------------- */

typedef struct {
    char ev[8192];   /* the events of the last game, space separated */
    size_t len;
    char uci[4096];  /* the main line in UCI */
    bb_pgn_error err;
    int has_err, truncated, games;
} rec;

static void add(rec *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (r->len < sizeof r->ev - 1) {
        int n = vsnprintf(r->ev + r->len, sizeof r->ev - r->len, fmt, ap);
        if (n > 0) r->len += (size_t)n;
        if (r->len > sizeof r->ev - 1) r->len = sizeof r->ev - 1;
    }
    va_end(ap);
}

static void r_begin(void *a, long g)
{
    rec *r = a;
    r->len = 0;
    r->ev[0] = r->uci[0] = '\0';
    r->has_err = r->truncated = 0;
    add(r, "begin%ld", g);
}
static void r_tag(void *a, const char *n, const char *v) { add(a, " [%s=%s]", n, v); }
static int r_start(void *a, const bb_chess_pos *p)
{
    char fen[BB_CHESS_FEN_MAX];
    bb_chess_to_fen(fen, sizeof fen, p, BB_FEN_STANDARD);
    if (strcmp(fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") != 0) add(a, " start<%s>", fen);
    return 0;
}
static void r_move(void *a, const bb_chess_pos *b, bb_chess_move m, const char *t, int d)
{
    rec *r = a;
    char u[8];
    if (m == BB_CHESS_NULL_MOVE) snprintf(u, sizeof u, "0000");
    else bb_chess_move_to_uci(u, sizeof u, b, m);
    add(r, d ? " %s/%d" : " %s", u, d);
    (void)t;
    if (d == 0) {
        size_t n = strlen(r->uci);
        snprintf(r->uci + n, sizeof r->uci - n, "%s%s", n ? " " : "", u);
    }
}
static void r_nag(void *a, int n, int d) { add(a, " $%d", n), (void)d; }
static void r_comment(void *a, const char *t, size_t n, int d) { add(a, " {%.*s}", (int)n, t), (void)d; }
static void r_vbegin(void *a, int d) { add(a, " (%d", d); }
static void r_vend(void *a, int d) { add(a, " %d)", d); }
static void r_result(void *a, const char *res) { add(a, " =%s", res); }
static void r_end(void *a, const bb_pgn_error *e, int truncated)
{
    rec *r = a;
    r->games++;
    r->truncated = truncated;
    if (e) r->has_err = 1, r->err = *e;
    add(r, truncated ? " end-truncated" : " end");
}

static const bb_pgn_visitor full = {r_begin, r_tag,    r_start,  r_move,   r_nag,
                                    r_comment, r_vbegin, r_vend, r_result, r_end};
static const bb_pgn_visitor plain = {r_begin, r_tag, r_start, r_move, NULL, NULL, NULL, NULL, r_result, r_end};

/* ---- the corpus ------------------------------------------------------------------ */

static const char corpus[] =
    "\xEF\xBB\xBF[Event \"The \\\"quoted\\\" open\"]\n"                    /* game 1: BOM, escapes */
    "[White \"A\\\\B\"]\n"
    "% an escape line, ignored\n"
    "[Result \"0-1\"]\n"
    "\n"
    "1.f3 e5 2. g4?? Qh4+ 0-1\n"                                        /* Qh4+ mates: lenient */
    "\n"
    "[Black \"x\"] [Event \"two tags on a line\"]\n"                   /* game 2 */
    "1. e4 {a comment\nover two lines} e5 (1... c5 2. Nf3 (2. Nc3 Nc6) d6 $1) 2. Nf3 Nc6 ; to the end\n"
    "3. Bb5 a6 4. Ba4 Nf6 5. 0-0!? Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 1/2-1/2\n"
    "\r\n"
    "[Event \"crlf\"]\r\n"                                             /* game 3: CRLF, clocks */
    "\r\n"
    "1. d4 { [%clk 0:03:00] } 1... d5 { [%eval 0.17] [%clk 0:02:59] } 2. c4 dxc4 3. e4 *\r\n"
    "\r\n"
    "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0\n"                     /* game 4: no tags */
    "[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"]\n"                /* game 5: FEN, no blank line */
    "[SetUp \"1\"]\n"
    "1. O-O O-O-O 2. Rf7 Rd7 3. Rxd7 Kxd7 *\n"
    "\n"
    "[Variant \"Chess960\"]\n"                                         /* game 6: Chess960 */
    "[FEN \"1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBgb - 0 1\"]\n"
    "1. O-O O-O-O *\n"
    "\n"
    "[Event \"promotions\"]\n"                                         /* game 7: e8Q, e8=Q+ */
    "[FEN \"8/4P1k1/8/8/8/8/1p6/4K3 w - - 0 1\"]\n"
    "1. e8Q b1=N 2. Qe5+ Kg6 3. Qe4+ Kg5 *\n"
    "\n"
    "[Event \"null and numbers\"]\n"                                   /* game 8: --, 1... */
    "1. e4 -- 2. d4 1-0\n"
    "\n"
    "[Event \"truncated\"]\n"                                          /* game 9: ends early */
    "1. e4 e5 2. Nf3";

typedef struct {
    const char *uci;     /* the main line */
    const char *result;  /* the result event, "" for none */
    int truncated;
    const char *has;     /* a piece of the event string that must be there, or NULL */
} expect;

static const expect corpus_games[] = {
    {"f2f3 e7e5 g2g4 d8h4", "=0-1", 0, "[Event=The \"quoted\" open] [White=A\\B] [Result=0-1] f2f3 e7e5 g2g4 $4 d8h4"},
    {"e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6 c2c3 e8g8", "=1/2-1/2", 0,
     "e2e4 {a comment\nover two lines} e7e5 (1 c7c5/1 g1f3/1 (2 b1c3/2 b8c6/2 2) d7d6/1 $1 1) g1f3 b8c6 { to the end} "
     "f1b5 a7a6 b5a4 g8f6 e1g1 $5 f8e7"},
    {"d2d4 d7d5 c2c4 d5c4 e2e4", "=*", 0, "d2d4 { [%clk 0:03:00] } d7d5 { [%eval 0.17] [%clk 0:02:59] }"},
    {"e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7", "=1-0", 0, "begin4 e2e4"},
    {"e1g1 e8c8 f1f7 d8d7 f7d7 c8d7", "=*", 0, "start<r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1>"},
    {"f1g1 f8b8", "=*", 0, "start<1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w KQkq - 0 1>"},
    {"e7e8q b2b1n e8e5 g7g6 e5e4 g6g5", "=*", 0, NULL},
    {"e2e4 0000 d2d4", "=1-0", 0, NULL},
    {"e2e4 e7e5 g1f3", "", 1, "end-truncated"},
};

static void corpus_read(void)
{
    const int n = (int)(sizeof corpus_games / sizeof corpus_games[0]);
    for (int pass = 0; pass < 2; pass++) {
        bb_pgn_reader *r = bb_pgn_open_memory(corpus, sizeof corpus - 1);
        rec rc;
        memset(&rc, 0, sizeof rc);
        for (int i = 0; i < n; i++) {
            int got = bb_pgn_visit(r, pass ? &plain : &full, &rc);
            CHECK(got == 1, "game %d: visit gave %d", i + 1, got);
            CHECK(!rc.has_err, "game %d: error at line %ld column %ld: %s: %s", i + 1, rc.err.line, rc.err.column,
                  rc.err.move, rc.err.msg);
            CHECK(strcmp(rc.uci, corpus_games[i].uci) == 0, "game %d: main line\n  %s\nwant\n  %s", i + 1, rc.uci,
                  corpus_games[i].uci);
            CHECK(corpus_games[i].result[0] ? strstr(rc.ev, corpus_games[i].result) != NULL : strstr(rc.ev, " =") == NULL,
                  "game %d: result in %s", i + 1, rc.ev);
            CHECK(rc.truncated == corpus_games[i].truncated, "game %d: truncated %d", i + 1, rc.truncated);
            if (pass == 0 && corpus_games[i].has)
                CHECK(strstr(rc.ev, corpus_games[i].has) != NULL, "game %d: events\n  %s\nlack\n  %s", i + 1, rc.ev,
                      corpus_games[i].has);
            if (pass == 1) /* the plain visitor: no comments, no variations */
                CHECK(strchr(rc.ev, '{') == NULL && strchr(rc.ev, '(') == NULL, "game %d: %s", i + 1, rc.ev);
        }
        CHECK(bb_pgn_visit(r, &full, &rc) == 0, "a game after the last");
        CHECK(bb_pgn_visit(r, &full, &rc) == 0, "the end, asked twice");
        CHECK(bb_pgn_bytes(r) == sizeof corpus - 1, "bytes %llu of %zu", (unsigned long long)bb_pgn_bytes(r),
              sizeof corpus - 1);
        bb_pgn_close(r);
    }
}

static void next_games(void)
{
    bb_pgn_reader *r = bb_pgn_open_memory(corpus, sizeof corpus - 1);
    bb_pgn_game pg;
    bb_pgn_game_init(&pg);
    int i = 0, rc;
    while ((rc = bb_pgn_next(r, &pg)) == 1) {
        char uci[4096] = "";
        for (int k = 0; k < pg.game.count; k++) {
            char u[8];
            bb_chess_game_uci(&pg.game, k, u, sizeof u);
            snprintf(uci + strlen(uci), sizeof uci - strlen(uci), "%s%s", k ? " " : "", u);
        }
        CHECK(pg.number == i + 1 && !pg.has_error, "game %d: number %ld, error %s", i + 1, pg.number, pg.error.msg);
        CHECK(strcmp(uci, corpus_games[i].uci) == 0, "game %d: %s", i + 1, uci);
        i++;
    }
    CHECK(rc == 0 && i == 9, "%d games, last rc %d", i, rc);
    bb_pgn_close(r);
    /* tags of the first game, and the game state */
    r = bb_pgn_open_memory(corpus, sizeof corpus - 1);
    CHECK(bb_pgn_next(r, &pg) == 1, "first game");
    CHECK(pg.ntags == 3 && strcmp(bb_pgn_tag(&pg, "Event"), "The \"quoted\" open") == 0 &&
              strcmp(bb_pgn_tag(&pg, "White"), "A\\B") == 0 && bb_pgn_tag(&pg, "Site") == NULL,
          "tags");
    CHECK(strcmp(pg.result, "0-1") == 0 && bb_chess_game_outcome(&pg.game, NULL) == BB_CHESS_CHECKMATE, "fool's mate");
    bb_pgn_close(r);
    bb_pgn_game_free(&pg);
}

/* ---- errors -------------------------------------------------------------------------- */

typedef struct {
    const char *text;   /* a game with a fault, followed by a good game */
    long line, column;  /* where the fault is */
    const char *move;   /* the move text at fault, "" if none */
    const char *why;    /* a piece of the reason */
} bad_case;

static const bad_case bad[] = {
    {"1. e4 e5 2. Nf3 Nf6 3. Bxf7 Nc6 *\n", 1, 24, "Bxf7", "no white bishop"},
    {"[Event \"x\"]\n1. e4 e5\n2. Ke3 *\n", 3, 4, "Ke3", "king"},
    {"1. e4 d5 2. Nc3 Nc6 3. Ne2 *\n", 1, 24, "Ne2", "ambiguous"},
    {"1. e4 e5 2. Ke2 Ke7 3. O-O *\n", 1, 24, "O-O", "castling"},
    {"1. e4 e5 2. e8=Q *\n", 1, 13, "e8=Q", ""},
    {"1. e4 @ e5 *\n", 1, 7, "", "'@' does not belong"},
    {"[Event \"x\"\n1. e4 *\n", 1, 1, "", "']' missing"},
    {"[Event x]\n1. e4 *\n", 1, 1, "", "double quotes"},
    {"[Event \"x]\n1. e4 *\n", 1, 1, "", "closing quote"},
    {"[FEN \"8/8/8 w - - 0 1\"]\n1. e4 *\n", 1, 1, "", "FEN tag"},
    {"[Variant \"Crazyhouse\"]\n1. e4 *\n", 1, 1, "", "Crazyhouse"},
    {"1. e4 ) e5 *\n", 1, 7, "", "')' without"},
    {"1. e4 (1. d4 d5 *\n", 1, 17, "*", "inside a variation"},
    {"(1. d4) 1. e4 *\n", 1, 1, "", "must follow the move"},
    {"1. e4 $ e5 *\n", 1, 7, "", "NAG"},
    {"1. e4 e5 ?!? *\n", 1, 10, "", "annotation"},
    {"1. e4 Qxqxqxqxqxqxqxqxqxqxqxqxqxqxqxqx *\n", 1, 7, "Qxqxqxqxqxqxqxqxqxqxqxqxqxqxqxq", "too long"},
    {"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 -- *\n", 1, 40, "--", "null move"},
    {"1. e4 e5 [Event \"y\"] *\n", 1, 10, "", "'['"},
};

static void errors(void)
{
    const char *good = "\n[Event \"good\"]\n1. d4 Nf6 2. c4 e6 1-0\n";
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char text[512];
        snprintf(text, sizeof text, "%s%s", bad[i].text, good);
        bb_pgn_reader *r = bb_pgn_open_memory(text, strlen(text));
        rec rc;
        memset(&rc, 0, sizeof rc);
        CHECK(bb_pgn_visit(r, &full, &rc) == 1, "case %zu: no game", i);
        CHECK(rc.has_err, "case %zu: %s read without an error", i, bad[i].text);
        if (rc.has_err) {
            CHECK(rc.err.game == 1 && rc.err.line == bad[i].line && rc.err.column == bad[i].column,
                  "case %zu (%s): game %ld line %ld column %ld, want 1, %ld, %ld: %s", i, bad[i].text, rc.err.game,
                  rc.err.line, rc.err.column, bad[i].line, bad[i].column, rc.err.msg);
            CHECK(strcmp(rc.err.move, bad[i].move) == 0, "case %zu: move '%s', want '%s'", i, rc.err.move, bad[i].move);
            CHECK(strstr(rc.err.msg, bad[i].why) != NULL, "case %zu: '%s' lacks '%s'", i, rc.err.msg, bad[i].why);
            for (const char *c = rc.err.msg; *c; c++) CHECK(*c >= 0x20 && *c < 0x7f, "case %zu: unprintable", i);
        }
        /* the reader goes on: the good game reads whole (an unclosed tag
           swallows no more than its line) */
        int got = bb_pgn_visit(r, &full, &rc);
        CHECK(got == 1 && !rc.has_err && strcmp(rc.uci, "d2d4 g8f6 c2c4 e7e6") == 0,
              "case %zu: the next game: rc %d, %s, %s", i, got, rc.uci, rc.has_err ? rc.err.msg : "");
        CHECK(strstr(rc.ev, "begin2") != NULL, "case %zu: the next game is number 2: %s", i, rc.ev);
        bb_pgn_close(r);
    }
    /* an unclosed comment at the end */
    bb_pgn_reader *r = bb_pgn_open_memory("1. e4 {never closed", 19);
    rec rc;
    CHECK(bb_pgn_visit(r, &full, &rc) == 1 && rc.has_err && rc.truncated && strstr(rc.err.msg, "not closed"),
          "unclosed comment: %s", rc.err.msg);
    bb_pgn_close(r);
    /* a NUL byte in a tag value or a comment: an error at the byte, not a
       value or comment cut short in silence; the next game reads whole */
    static const struct { const char *text; size_t len; long line, column; } nul[] = {
        {"[Event \"a\0b\"]\n1. e4 *\n\n1. d4 *\n", 31, 1, 10},
        {"1. e4 {a\nb\0c} e5 *\n\n1. d4 *\n", 28, 2, 2},
        {"1. e4 ; a\0b\ne5 *\n\n1. d4 *\n", 26, 1, 10},
    };
    for (size_t i = 0; i < sizeof nul / sizeof nul[0]; i++) {
        r = bb_pgn_open_memory(nul[i].text, nul[i].len);
        memset(&rc, 0, sizeof rc);
        CHECK(bb_pgn_visit(r, &full, &rc) == 1 && rc.has_err && strstr(rc.err.msg, "NUL byte") &&
                  rc.err.game == 1 && rc.err.line == nul[i].line && rc.err.column == nul[i].column,
              "NUL case %zu: error %d: game %ld line %ld column %ld: %s", i, rc.has_err, rc.err.game, rc.err.line,
              rc.err.column, rc.err.msg);
        CHECK(bb_pgn_visit(r, &full, &rc) == 1 && !rc.has_err && strcmp(rc.uci, "d2d4") == 0,
              "NUL case %zu: the next game: %s", i, rc.uci);
        bb_pgn_close(r);
    }
    /* a missing file */
    bb_pgn_error e;
    CHECK(bb_pgn_open("/nonexistent/x.pgn", &e) == NULL && strstr(e.msg, "/nonexistent/x.pgn"), "missing file: %s",
          e.msg);
    /* empty input: no game */
    r = bb_pgn_open_memory("", 0);
    CHECK(bb_pgn_visit(r, &full, &rc) == 0, "empty input has a game");
    bb_pgn_close(r);
    r = bb_pgn_open_memory(" \n\n% only this\n", 15);
    CHECK(bb_pgn_visit(r, &full, &rc) == 0, "white space has a game");
    bb_pgn_close(r);
}

/* ---- the lenient SAN ----------------------------------------------------------------- */

static void lenient_san(void)
{
    uint64_t rng = 99;
    int checked = 0;
    static char text[1 << 16];
    for (int game = 0; game < 300; game++) {
        bb_chess_pos pos;
        bb_chess_start(&pos);
        bb_chess_move played[200];
        size_t len = 0;
        int n = 0;
        for (; n < 200; n++) {
            bb_chess_movelist l;
            int k = bb_chess_generate(&pos, BB_GEN_ALL, &l);
            if (!k) break;
            bb_chess_move m = l.moves[bbt_next(&rng) % (uint64_t)k];
            char san[BB_CHESS_MOVE_TEXT_MAX], w[32];
            bb_chess_move_to_san(san, sizeof san, &pos, m);
            /* spoil it: marks dropped, doubled, swapped; 0-0; e8Q */
            size_t sl = strcspn(san, "+#");
            int variant = (int)(bbt_next(&rng) % 5);
            char base[16];
            snprintf(base, sizeof base, "%.*s", (int)sl, san);
            if (base[0] == 'O' && (bbt_next(&rng) & 1))
                for (char *c = base; *c; c++) *c = *c == 'O' ? '0' : *c;
            char *eq = strchr(base, '=');
            if (eq && (bbt_next(&rng) & 1)) memmove(eq, eq + 1, strlen(eq));
            const char *marks[5] = {"", "+", "#", "!?", "+?"};
            snprintf(w, sizeof w, "%s%s", base, marks[variant]);
            len += (size_t)snprintf(text + len, sizeof text - len, "%s%s ", n % 2 ? "" : "1. ", w);
            played[n] = m;
            bb_chess_undo u;
            bb_chess_make(&pos, m, &u);
        }
        len += (size_t)snprintf(text + len, sizeof text - len, "*\n");
        bb_pgn_reader *r = bb_pgn_open_memory(text, len);
        bb_pgn_game pg;
        bb_pgn_game_init(&pg);
        CHECK(bb_pgn_next(r, &pg) == 1 && !pg.has_error, "game %d: %s (%s)", game, pg.error.msg, pg.error.move);
        CHECK(pg.game.count == n && memcmp(pg.game.moves, played, sizeof *played * (size_t)n) == 0,
              "game %d: %d moves of %d read back", game, pg.game.count, n);
        checked += n;
        bb_pgn_game_free(&pg);
        bb_pgn_close(r);
    }
    CHECK(checked > 20000, "only %d moves", checked);
}

/* ---- round trips ----------------------------------------------------------------------- */

/* A random game as PGN with comments, NAGs and variations, appended to buf. */
static size_t random_pgn(char *buf, size_t size, uint64_t *rng, int number)
{
    size_t len = 0;
#define PUT(...) (len += (size_t)snprintf(buf + len, len < size ? size - len : 0, __VA_ARGS__))
    PUT("[Event \"round trip %d\"]\n[Site \"here \\\"and\\\" there\"]\n[Round \"%d\"]\n[Annotator \"test\"]\n\n",
        number, number);
    bb_chess_pos pos, before;
    bb_chess_start(&pos);
    int plies = 10 + (int)(bbt_next(rng) % 120);
    for (int i = 0; i < plies; i++) {
        bb_chess_movelist l;
        int k = bb_chess_generate(&pos, BB_GEN_ALL, &l);
        if (!k) break;
        bb_chess_move m = l.moves[bbt_next(rng) % (uint64_t)k];
        char san[BB_CHESS_MOVE_TEXT_MAX];
        bb_chess_move_to_san(san, sizeof san, &pos, m);
        if (pos.side == BB_WHITE) PUT("%u. ", (unsigned)pos.fullmove);
        PUT("%s ", san);
        before = pos;
        bb_chess_undo u;
        bb_chess_make(&pos, m, &u);
        uint64_t x = bbt_next(rng);
        if ((x & 15) == 0) PUT("$%d ", (int)((x >> 8) % 20));
        if ((x & 0x70) == 0) PUT("{ [%%clk 0:0%d:%02d] a  long\n comment   number %d with words enough to wrap } ",
                                 (int)((x >> 12) % 10), (int)((x >> 16) % 60), i);
        if ((x & 0x380) == 0) { /* a variation of one or two moves from before */
            bb_chess_movelist v;
            int kv = bb_chess_generate(&before, BB_GEN_ALL, &v);
            bb_chess_move vm = v.moves[(x >> 20) % (uint64_t)kv];
            bb_chess_move_to_san(san, sizeof san, &before, vm);
            PUT("(%u%s %s { inner } ) ", (unsigned)before.fullmove, before.side == BB_WHITE ? "." : "...", san);
        }
    }
    static const char *const res[4] = {"1-0", "0-1", "1/2-1/2", "*"};
    PUT("%s\n\n", res[bbt_next(rng) % 4]);
#undef PUT
    return len;
}

static char *export_text(const char *in, size_t n, size_t *out_len, int *games)
{
    char *out = NULL;
    size_t out_size = 0;
    FILE *f = open_memstream(&out, &out_size);
    bb_pgn_writer w;
    bb_pgn_writer_init(&w, f);
    bb_pgn_reader *r = bb_pgn_open_memory(in, n);
    *games = 0;
    while (bb_pgn_visit(r, &bb_pgn_writer_visitor, &w) == 1) (*games)++;
    bb_pgn_close(r);
    CHECK(bb_pgn_writer_error(&w) == 0, "writer error %d", bb_pgn_writer_error(&w));
    bb_pgn_writer_free(&w);
    fclose(f);
    *out_len = out_size;
    return out;
}

static void round_trip(void)
{
    size_t cap = 1 << 22, len = 0;
    char *text = malloc(cap);
    uint64_t rng = 5;
    int games = 300;
    for (int g = 0; g < games; g++) len += random_pgn(text + len, cap - len, &rng, g + 1);
    CHECK(len < cap, "buffer too small");
    {
        bb_pgn_reader *r = bb_pgn_open_memory(text, len);
        bb_pgn_game pg;
        bb_pgn_game_init(&pg);
        int bad_games = 0;
        while (bb_pgn_next(r, &pg) == 1) {
            CHECK(!pg.has_error || bad_games++, "game %ld: line %ld column %ld: %s: %s", pg.number, pg.error.line,
                  pg.error.column, pg.error.move, pg.error.msg);
        }
        CHECK(bad_games == 0, "%d games written here do not read", bad_games);
        bb_pgn_game_free(&pg);
        bb_pgn_close(r);
    }
    size_t l1, l2;
    int n0, n1, n2;
    char *one = export_text(text, len, &l1, &n0);
    char *two = export_text(one, l1, &l2, &n1);
    char *three = export_text(two, l2, &l2, &n2);
    CHECK(n0 == games && n1 == games && n2 == games, "games %d %d %d of %d", n0, n1, n2, games);
    CHECK(strcmp(two, three) == 0, "export is not stable");
    CHECK(strcmp(one, two) == 0, "the export of an export differs");
    /* the seven-tag roster first, lines of at most 80, the same moves */
    const char *roster = "[Event \"round trip 1\"]\n[Site \"here \\\"and\\\" there\"]\n[Date \"????.??.??\"]\n"
                         "[Round \"1\"]\n[White \"?\"]\n[Black \"?\"]\n[Result ";
    CHECK(strncmp(one, roster, strlen(roster)) == 0, "the roster: %.200s", one);
    size_t col = 0, longest = 0;
    for (const char *c = one; *c; c++) {
        if (*c == '\n') col = 0;
        else if (++col > longest) longest = col;
    }
    CHECK(longest <= 80, "a line of %zu characters", longest);
    CHECK(strstr(one, "{ [%clk") && strstr(one, "inner }") && strstr(one, "...") && strstr(one, "$"),
          "comments, variations and NAGs kept");
    bb_pgn_reader *a = bb_pgn_open_memory(text, len), *b = bb_pgn_open_memory(one, l1);
    bb_pgn_game ga, gb;
    bb_pgn_game_init(&ga);
    bb_pgn_game_init(&gb);
    int same = 0;
    while (bb_pgn_next(a, &ga) == 1 && bb_pgn_next(b, &gb) == 1)
        same += ga.game.count == gb.game.count &&
                memcmp(ga.game.moves, gb.game.moves, sizeof *ga.game.moves * (size_t)ga.game.count) == 0 &&
                strcmp(ga.result, gb.result) == 0 && strcmp(bb_pgn_tag(&ga, "Site"), bb_pgn_tag(&gb, "Site")) == 0;
    CHECK(same == games, "%d of %d games kept their moves, result and tags", same, games);
    /* bb_pgn_write_game writes the main line as the visitor does without
       comments and variations */
    bb_pgn_close(a);
    a = bb_pgn_open_memory(one, l1);
    char *out = NULL;
    size_t out_size = 0;
    FILE *f = open_memstream(&out, &out_size);
    bb_pgn_writer w;
    bb_pgn_writer_init(&w, f);
    while (bb_pgn_next(a, &ga) == 1) CHECK(bb_pgn_write_game(&w, &ga) == 0, "write_game");
    bb_pgn_writer_free(&w);
    fclose(f);
    CHECK(strstr(out, "{") == NULL && strstr(out, "(") == NULL && strstr(out, "[Round \"300\"]"), "main lines only");
    int nm;
    size_t lm;
    char *again = export_text(out, out_size, &lm, &nm);
    CHECK(nm == games && strcmp(again, out) == 0, "write_game's text is not the export format");
    free(again);
    free(out);
    bb_pgn_game_free(&ga);
    bb_pgn_game_free(&gb);
    bb_pgn_close(a);
    bb_pgn_close(b);
    free(one);
    free(two);
    free(three);
    free(text);
}

/* ---- issue 32: one rule for bad games, variations, results ----------------------------- */

/* text's games through bb_pgn_next: "N:uci|error-substring|warning-substring;" each */
static void next_summary(const char *text, char *out, size_t size)
{
    bb_pgn_reader *r = bb_pgn_open_memory(text, strlen(text));
    bb_pgn_game pg;
    bb_pgn_game_init(&pg);
    size_t len = 0;
    out[0] = '\0';
    while (bb_pgn_next(r, &pg) == 1 && len < size) {
        char u[8];
        len += (size_t)snprintf(out + len, size - len, "%ld:", pg.number);
        for (int k = 0; k < pg.game.count && len < size; k++) {
            bb_chess_game_uci(&pg.game, k, u, sizeof u);
            len += (size_t)snprintf(out + len, size - len, "%s%s", k ? " " : "", u);
        }
        const bb_pgn_error *w = bb_pgn_warning(r);
        if (len < size)
            len += (size_t)snprintf(out + len, size - len, "|%s|%s;", pg.has_error ? pg.error.msg : "", w ? w->msg : "");
    }
    bb_pgn_game_free(&pg);
    bb_pgn_close(r);
}

static void one_rule(void)
{
    char got[2048];
    /* an illegal move in a variation is the game's error for every reader:
       the plain visitor and bb_pgn_next too, not only the full visitor */
    const char *var = "1. e4 e5 (1... Ke7 2. Qxe8) 2. Nf3 *\n\n1. d4 *\n";
    rec rc;
    for (int pass = 0; pass < 2; pass++) {
        bb_pgn_reader *r = bb_pgn_open_memory(var, strlen(var));
        memset(&rc, 0, sizeof rc);
        CHECK(bb_pgn_visit(r, pass ? &plain : &full, &rc) == 1 && rc.has_err && strcmp(rc.err.move, "Ke7") == 0 &&
                  rc.err.line == 1 && rc.err.column == 16,
              "pass %d: the variation's Ke7: %d %s %s", pass, rc.has_err, rc.err.move, rc.err.msg);
        CHECK(strcmp(rc.uci, "e2e4 e7e5") == 0, "pass %d: the moves before the error: %s", pass, rc.uci);
        bb_pgn_close(r);
    }
    next_summary(var, got, sizeof got);
    CHECK(strncmp(got, "1:e2e4 e7e5|e7 holds", 20) == 0 && strstr(got, "2:d2d4||;"), "bb_pgn_next: %s", got);
    /* a comment after the result belongs to its game: no phantom game, the
       next game keeps its number */
    const char *after = "[Event \"a\"]\n\n1. e4 1-0 {after the result} ; and more\n\n[Event \"b\"]\n\n1. d4 *\n";
    next_summary(after, got, sizeof got);
    CHECK(strcmp(got, "1:e2e4||;2:d2d4||;") == 0, "comment after the result: %s", got);
    bb_pgn_reader *r = bb_pgn_open_memory(after, strlen(after));
    CHECK(bb_pgn_visit(r, &full, &rc) == 1 && strstr(rc.ev, "=1-0 {after the result} { and more} end"),
          "the comment is the first game's: %s", rc.ev);
    bb_pgn_close(r);
    /* warnings: a Result tag against the movetext, a game without a result */
    const char *warned = "[Result \"1-0\"]\n\n1. e4 0-1\n\n[Event \"x\"]\n\n1. d4\n\n[Event \"y\"]\n\n1. c4";
    next_summary(warned, got, sizeof got);
    CHECK(strstr(got, "1:e2e4||the movetext's result 0-1 contradicts the Result tag's 1-0") &&
              strstr(got, "2:d2d4||the game ends here without a result") &&
              strstr(got, "3:c2c4||the game ends here without a result"),
          "warnings: %s", got);
    r = bb_pgn_open_memory(warned, strlen(warned));
    CHECK(bb_pgn_visit(r, &full, &rc) == 1 && bb_pgn_warning(r) && bb_pgn_warning(r)->game == 1 &&
              bb_pgn_warning(r)->line == 3 && bb_pgn_warning(r)->column == 7,
          "the warning's place");
    bb_pgn_close(r);
    /* long algebraic and e.p. as files have them */
    next_summary("1. e2-e4 d7-d5 2. e4xd5 Qd8xd5 3. Nb1-c3 Qd5-a5 4. Ng1-f3 Ng8-f6 5. Bf1-c4 e7-e6 6. Ke1-g1 "
                 "Bf8-e7 7. a2-a4 b7-b5 8. a4xb5 *\n1. e4 a6 2. e5 d5 3. exd6 e.p. *\n1. e4 a6 2. e5 d5 3. exd6 e.p e6 *\n"
                 "1. e4 e5 2. Nf3 e.p. *\n1. e2-e5 *\n1. e2xe4 *\n",
                 got, sizeof got);
    CHECK(strstr(got, "1:e2e4 d7d5 e4d5 d8d5 b1c3 d5a5 g1f3 g8f6 f1c4 e7e6 e1g1 f8e7 a2a4 b7b5 a4b5||;") &&
              strstr(got, "2:e2e4 a7a6 e4e5 d7d5 e5d6||;") &&
              strstr(got, "3:e2e4 a7a6 e4e5 d7d5 e5d6|'e' is not a move: an en passant mark is written e.p.") &&
              strstr(got, "4:e2e4 e7e5 g1f3|e.p. follows a move that is not an en passant capture|;") &&
              strstr(got, "5:|'e2-e5' is not a legal move now") && strstr(got, "6:|e4 is empty: write it with '-'"),
          "long algebraic: %s", got);
    /* a directory is not a PGN file, and says so at once */
    bb_pgn_error e;
    CHECK(bb_pgn_open("/", &e) == NULL && strstr(e.msg, "/: cannot read: Is a directory"), "a directory: %s", e.msg);
}

/* The export: a bad game written as far as it was read (its variations
 * closed, result "*"), the Result tag the movetext's, SetUp added to FEN. */
static void export_rule(void)
{
    const char *in = "[Event \"bad\"]\n[Result \"1-0\"]\n\n1. e4 e5 (1... d5 2. exd5 (2. Qxd7)) 2. Nf3 1-0\n\n"
                     "[Result \"1-0\"]\n\n1. d4 0-1\n\n"
                     "[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 *\n";
    bb_pgn_reader *r = bb_pgn_open_memory(in, strlen(in));
    char *out = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&out, &size);
    bb_pgn_writer w;
    bb_pgn_writer_init(&w, f);
    while (bb_pgn_visit(r, &bb_pgn_writer_visitor, &w) == 1) {
    }
    long written = w.games;
    bb_pgn_writer_free(&w);
    fclose(f);
    bb_pgn_close(r);
    CHECK(written == 3, "%ld games written of 3", written);
    CHECK(strstr(out, "[Event \"bad\"]") && strstr(out, "[Result \"*\"]\n\n1. e4 e5 (1... d5 2. exd5) *\n"),
          "the bad game: %s", out);
    CHECK(strstr(out, "[Result \"0-1\"]\n\n1. d4 0-1\n"), "the movetext's result wins: %s", out);
    CHECK(strstr(out, "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]"), "SetUp: %s", out);
    free(out);
    /* bb_pgn_write_game the same */
    r = bb_pgn_open_memory(in, strlen(in));
    bb_pgn_game pg;
    bb_pgn_game_init(&pg);
    f = open_memstream(&out, &size);
    bb_pgn_writer_init(&w, f);
    CHECK(bb_pgn_next(r, &pg) == 1 && pg.has_error && bb_pgn_write_game(&w, &pg) == 0, "write_game of a bad game");
    bb_pgn_writer_free(&w);
    fclose(f);
    CHECK(strstr(out, "[Result \"*\"]\n\n1. e4 e5 *\n"), "write_game: %s", out);
    free(out);
    bb_pgn_game_free(&pg);
    bb_pgn_close(r);
}

/* ---- streaming -------------------------------------------------------------------------- */

/* issue 50: the filter's terms, their refusals, lichess's time classes at each
 * threshold, and which games pass, on games whose tags are each case */
static void filters(void)
{
    static const struct { const char *tc; int cls; } tcs[] = {
        {"0+0", BB_PGN_TC_BULLET}, {"179+0", BB_PGN_TC_BULLET}, {"180+0", BB_PGN_TC_BLITZ},
        {"2+4", BB_PGN_TC_BULLET}, {"0+5", BB_PGN_TC_BLITZ}, {"479+0", BB_PGN_TC_BLITZ}, {"0+12", BB_PGN_TC_RAPID},
        {"1499+0", BB_PGN_TC_RAPID}, {"1500+0", BB_PGN_TC_CLASSICAL}, {"0+38", BB_PGN_TC_CLASSICAL},
        {"1460+1", BB_PGN_TC_CLASSICAL}, {"999999999+999999999", BB_PGN_TC_CLASSICAL}, {"-", -1}, {"?", -1},
        {"", -1}, {"+5", -1}, {"60+", -1}, {"40/7200:3600", -1}, {"60+0 ", -1}, {"1234567890", -1}};
    for (size_t i = 0; i < sizeof tcs / sizeof tcs[0]; i++)
        CHECK(bb_pgn_time_class(tcs[i].tc) == tcs[i].cls, "time class of '%s': %d, want %d", tcs[i].tc,
              bb_pgn_time_class(tcs[i].tc), tcs[i].cls);
    CHECK(bb_pgn_time_class(NULL) == -1, "time class of NULL");
    static const char *const bad[] = {"", "elo", "elo=", "elo=..", "elo=a..", "elo=2100..2000", "elo=1..2..3",
                                      "tc=", "tc=blitz,", "tc=Blitz", "result=1-1", "min-plies=-1", "min-plies=x",
                                      "variant=960", "tag:=x", "tag:a b=x", "elox=1", "plies>=3"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        bb_pgn_filter f;
        bb_parse_error e;
        bb_pgn_filter_init(&f);
        CHECK(bb_pgn_filter_add(&f, bad[i], &e) == -1, "term '%s' accepted", bad[i]);
        CHECK(strstr(e.msg, bad[i]) != NULL, "term '%s': the message '%s' does not name it", bad[i], e.msg);
        bb_pgn_filter z;
        bb_pgn_filter_init(&z);
        CHECK(memcmp(&f, &z, sizeof f) == 0, "term '%s': refused but the filter changed", bad[i]);
    }
    static const char pgn[] =
        "[WhiteElo \"2100\"][BlackElo \"2050\"][TimeControl \"180+2\"][Event \"A\"]\n1. e4 e5 2. Nf3 Nc6 1-0\n\n"
        "[WhiteElo \"2100\"][TimeControl \"60+0\"]\n1. d4 d5 0-1\n\n"
        "[WhiteElo \"?\"][BlackElo \"2500\"][TimeControl \"-\"]\n1. c4 1/2-1/2\n\n"
        "[Variant \"Chess960\"][FEN \"nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w GBgb - 0 1\"]"
        "[WhiteElo \"1900\"][BlackElo \"2200\"][TimeControl \"1800+0\"]\n1. e4 e5 2. Ng3 *\n\n"
        "[WhiteElo \"2200\"][BlackElo \"2200\"][TimeControl \"300+0\"][Event \"A\"]\n1. e4 e5 2. Ke3 1-0\n\n";
    static const struct { const char *terms[3]; const char *kept; } cases[] = {
        {{NULL}, "1111-"},
        {{"elo=2000.."}, "1----"},
        {{"elo=..2100"}, "1----"}, {{"elo=..2200"}, "1--1-"},
        {{"elo-either=2500"}, "--1--"},
        {{"elo-either=2100"}, "11---"},
        {{"elo-mean=2050"}, "---1-"},
        {{"elo-mean=2075"}, "1----"},
        {{"tc=blitz"}, "1----"},
        {{"tc=bullet,classical"}, "-1-1-"},
        {{"result=1-0,*"}, "1--1-"},
        {{"result=1/2-1/2"}, "--1--"},
        {{"min-plies=3"}, "1--1-"},
        {{"variant=chess960"}, "---1-"},
        {{"variant=standard"}, "111--"},
        {{"tag:Event=A"}, "1----"},
        {{"tag:Event=a"}, "-----"},
        {{"elo=1900..", "tc=classical", "min-plies=3"}, "---1-"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        bb_pgn_filter f;
        bb_pgn_filter_init(&f);
        for (int t = 0; t < 3 && cases[c].terms[t]; t++)
            CHECK(bb_pgn_filter_add(&f, cases[c].terms[t], NULL) == 0, "term '%s' refused", cases[c].terms[t]);
        bb_pgn_reader *r = bb_pgn_open_memory(pgn, sizeof pgn - 1);
        bb_pgn_game pg;
        bb_pgn_game_init(&pg);
        char got[8] = "";
        int k = 0;
        while (k < 7 && bb_pgn_next(r, &pg) == 1) got[k++] = bb_pgn_filter_match(&f, &pg) ? '1' : '-';
        got[k] = '\0';
        CHECK(strcmp(got, cases[c].kept) == 0, "case %zu ('%s'...): kept %s, want %s", c,
              cases[c].terms[0] ? cases[c].terms[0] : "none", got, cases[c].kept);
        bb_pgn_game_free(&pg);
        bb_pgn_close(r);
    }
}

static void streaming(void)
{
    size_t cap = 6 << 20, len = 0;
    char *text = malloc(cap);
    uint64_t rng = 11;
    int g = 0, planted = 0;
    while (len + 100000 < cap) {
        len += random_pgn(text + len, cap - len, &rng, ++g);
        if (g % 97 == 0) /* a game with an error */
            len += (size_t)snprintf(text + len, cap - len, "1. e4 e5 2. Kf3 *\n\n"), g++, planted++;
    }
    FILE *f = tmpfile();
    CHECK(f && fwrite(text, 1, len, f) == len, "tmpfile");
    rewind(f);
    bb_pgn_reader *a = bb_pgn_open_memory(text, len), *b = bb_pgn_open_file(f);
    rec ra, rb;
    memset(&ra, 0, sizeof ra);
    memset(&rb, 0, sizeof rb);
    int games = 0, errs = 0, differ = 0;
    for (;;) {
        int x = bb_pgn_visit(a, &full, &ra), y = bb_pgn_visit(b, &full, &rb);
        CHECK(x == y, "visit %d vs %d", x, y);
        if (x != 1 || y != 1) break;
        games++;
        errs += ra.has_err;
        differ += strcmp(ra.ev, rb.ev) != 0 || ra.has_err != rb.has_err ||
                  (ra.has_err && (ra.err.line != rb.err.line || ra.err.column != rb.err.column));
    }
    CHECK(games == g && errs == planted && planted > 10 && differ == 0,
          "%d games of %d, %d errors, %d differ", games, g, errs, differ);
    CHECK(bb_pgn_bytes(b) == len, "bytes %llu of %zu", (unsigned long long)bb_pgn_bytes(b), len);
    bb_pgn_close(a);
    bb_pgn_close(b);
    fclose(f);
    free(text);
}

int main(void)
{
    RUN(corpus_read);
    RUN(next_games);
    RUN(errors);
    RUN(lenient_san);
    RUN(round_trip);
    RUN(one_rule);
    RUN(export_rule);
    RUN(streaming);
    RUN(filters);
    return bbt_finish("chess_pgn");
}
