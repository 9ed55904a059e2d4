/* Othello as text: the board string and side, the diagram, move transcripts
 * and their normalization to a first move of f5. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "bitboard.h"
#include "../core/text.h"

/* c as printable ASCII in buf (itself, or \n, \t, \r, \xHH); buf needs 5 bytes. */
static const char *show_char(char c, char buf[5]) { return bb__quote(buf, &c, 1); }


/* 0 black, 1 white, 2 empty, -1 not a cell. */
static int cell(char c)
{
    switch (c) {
    case 'X': case 'x': case '*': return BB_OTHELLO_BLACK;
    case 'O': case 'o': return BB_OTHELLO_WHITE;
    case '-': case '.': return 2;
    default: return -1;
    }
}

static const char *const color_names[2] = {"black", "white"};

/* ---- The board string ---------------------------------------------------------- */

int bb_othello_parse(const char *text, bb_othello_pos *pos, bb_parse_error *err)
{
    BB__ASSERT_NOT_NULL(pos, "pos");
    char c5[5];
    if (!text) return bb__fail(err, 0, 0, 0, "no position given");
    if (!pos) return bb__fail(err, 0, 0, 0, "nowhere to put the position");
    size_t i = 0;
    while (bb__is_space(text[i])) i++;
    size_t start = i;
    /* "start" (any case): the standard start, for every front end alike */
    static const char word[] = "start";
    size_t w = 0;
    while (w < 5 && (text[i + w] | 0x20) == word[w]) w++;
    if (w == 5) {
        size_t j = i + 5;
        while (bb__is_space(text[j])) j++;
        if (!text[j]) {
            *pos = bb_othello_start();
            return 0;
        }
    }
    uint64_t disc[2] = {0, 0};
    for (; text[i] && !bb__is_space(text[i]); i++) {
        int k = cell(text[i]);
        if (k < 0)
            return bb__fail(err, (int)i + 1, 0, 0,
                        "bad character '%s' at position %d: a board cell is X or * (black), O (white), - or . (empty)",
                        show_char(text[i], c5), (int)i + 1);
        size_t sq = i - start;
        if (sq < 64 && k < 2) disc[k] |= (uint64_t)1 << sq;
    }
    size_t len = i - start;
    if (len == 0) return bb__fail(err, 0, 0, 0, "empty position: give 64 cells (a1 b1 ... h8), a space and X or O");
    if (len != 64)
        return bb__fail(err, (int)start + 1, 0, 0, "the board has %zu cell%s; it needs 64 (a1 b1 ... h8)", len,
                    len == 1 ? "" : "s");
    while (text[i] == ' ' || text[i] == '\t') i++;
    if (text[i] == '\0' || bb__is_space(text[i]))
        return bb__fail(err, (int)i + 1, 0, 0, "missing the side to move after the board at position %d: X or O", (int)i + 1);
    int side = cell(text[i]);
    if (side < 0 || side > 1 || (text[i + 1] && !bb__is_space(text[i + 1]))) {
        size_t n = 0;
        while (text[i + n] && !bb__is_space(text[i + n])) n++;
        return bb__fail(err, (int)i + 1, 0, 0, "bad side to move at position %d: '%s%s' (use X or O)", (int)i + 1,
                    show_char(text[i], c5), n > 1 ? "..." : "");
    }
    size_t j = i + 1;
    while (bb__is_space(text[j])) j++;
    if (text[j])
        return bb__fail(err, (int)j + 1, 0, 0, "unexpected '%s' at position %d after the side to move", show_char(text[j], c5),
                    (int)j + 1);
    pos->p = disc[side];
    pos->o = disc[side ^ 1];
    pos->side = side;
    return 0;
}

/* 'X', 'O' or '-' for square sq of pos. */
static char disc_char(const bb_othello_pos *pos, int sq)
{
    uint64_t b = (uint64_t)1 << sq, black = pos->side ? pos->o : pos->p, white = pos->side ? pos->p : pos->o;
    return (black & b) ? 'X' : (white & b) ? 'O' : '-';
}

size_t bb_othello_format(char *buf, size_t size, const bb_othello_pos *pos)
{
    BB__ASSERT_NOT_NULL(pos, "pos");
    if (!buf) size = 0;
    if (size) buf[0] = '\0';
    if (!pos) return 0;
    char s[67];
    for (int sq = 0; sq < 64; sq++) s[sq] = disc_char(pos, sq);
    s[64] = ' ';
    s[65] = (pos->side & 1) ? 'O' : 'X';
    s[66] = '\0';
    bb__out_buf o = {buf, size, 0};
    bb__put(&o, "%s", s);
    return o.len;
}

size_t bb_othello_format_diagram(char *buf, size_t size, const bb_othello_pos *pos)
{
    BB__ASSERT_NOT_NULL(pos, "pos");
    if (!buf) size = 0;
    if (size) buf[0] = '\0';
    if (!pos) return 0;
    bb__out_buf o = {buf, size, 0};
    bb__put(&o, "  a b c d e f g h\n");
    for (int row = 0; row < 8; row++) {
        bb__put(&o, "%d", row + 1);
        for (int f = 0; f < 8; f++) bb__put(&o, " %c", disc_char(pos, 8 * row + f));
        bb__put(&o, "\n");
    }
    int side = pos->side & 1;
    if (bb_othello_game_over(pos)) bb__put(&o, "game over");
    else
        bb__put(&o, "%s (%c) to move%s", color_names[side], side ? 'O' : 'X',
            bb_othello_moves(pos->p, pos->o) ? "" : ", must pass");
    bb__put(&o, "; discs: black %d, white %d\n", bb_othello_discs(pos, BB_OTHELLO_BLACK),
        bb_othello_discs(pos, BB_OTHELLO_WHITE));
    return o.len;
}

/* ---- Transcripts ---------------------------------------------------------------- */

/* Reads the move at text[i] (after white space), setting *at to its start:
 * 0..63 a square, 64 a pass, -1 the end, -2 not a move (error filled). */
enum { MOVE_PASS = 64, MOVE_END = -1, MOVE_BAD = -2 };
static int next_move(const char *text, size_t *i, size_t *at, bb_parse_error *err)
{
    while (bb__is_space(text[*i])) ++*i;
    *at = *i;
    const char *s = text + *i;
    if (!s[0]) return MOVE_END;
    char a = s[0] >= 'A' && s[0] <= 'Z' ? (char)(s[0] - 'A' + 'a') : s[0];
    char b = s[1] >= 'A' && s[1] <= 'Z' ? (char)(s[1] - 'A' + 'a') : s[1];
    int p = (int)*i + 1;
    char c5[5], d5[5];
    if (a >= 'a' && a <= 'h' && b >= '1' && b <= '8') {
        *i += 2;
        return (b - '1') * 8 + (a - 'a');
    }
    if ((a == 'p' && b == 'a') || (a == '-' && b == '-')) {
        *i += 2;
        return MOVE_PASS;
    }
    if (!s[1] || bb__is_space(s[1]))
        bb__fail(err, p, 0, 0, "'%s' at position %d is not a move: a move is a square a1..h8, or PA or -- for a pass",
             show_char(s[0], c5), p);
    else
        bb__fail(err, p, 0, 0, "'%s%s' at position %d is not a move: a move is a square a1..h8, or PA or -- for a pass",
             show_char(s[0], c5), show_char(s[1], d5), p);
    return MOVE_BAD;
}

/* The moves played from *pos by text, in order (squares only) into moves[]
 * (if not NULL, room for 64; *count set): 0, or -1 with *pos before the fault. */
static int play(bb_othello_pos *pos, const char *text, int *moves, int *count, bb_parse_error *err)
{
    size_t i = 0, at;
    int n = 0;
    char name[3];
    for (;;) {
        int m = next_move(text, &i, &at, err);
        if (m == MOVE_END) break;
        if (m == MOVE_BAD) return -1;
        int p = (int)at + 1, side = pos->side & 1;
        char tok[3] = {text[at], text[at + 1], '\0'};
        if (bb_othello_game_over(pos))
            return bb__fail(err, p, 0, 0, "%s at position %d: the game is over (neither side has a move)", tok, p);
        uint64_t legal = bb_othello_moves(pos->p, pos->o);
        if (m == MOVE_PASS) {
            if (legal)
                return bb__fail(err, p, 0, 0, "%s at position %d: %s cannot pass, having %d legal move%s", tok, p,
                            color_names[side], bb_popcount(legal), bb_popcount(legal) == 1 ? "" : "s");
            bb_othello_pass(pos);
            continue;
        }
        if (!legal) bb_othello_pass(pos), side ^= 1; /* the implicit pass */
        uint64_t b = (uint64_t)1 << m;
        bb_square_name(m, name);
        if ((pos->p | pos->o) & b)
            return bb__fail(err, p, 0, 0, "%s at position %d: %s is occupied (%s to move)", tok, p, name, color_names[side]);
        if (bb_othello_play(pos, m) != 0)
            return bb__fail(err, p, 0, 0, "%s at position %d: %s flips nothing for %s", tok, p, name, color_names[side]);
        if (moves && n < 64) moves[n] = m;
        n++;
    }
    if (count) *count = n;
    return 0;
}

int bb_othello_play_transcript(bb_othello_pos *pos, const char *text, bb_parse_error *err)
{
    BB__ASSERT_NOT_NULL(pos, "pos");
    if (!pos) return bb__fail(err, 0, 0, 0, "no position to play from");
    if (!text) return bb__fail(err, 0, 0, 0, "no transcript given");
    return play(pos, text, NULL, NULL, err);
}

size_t bb_othello_normalize_transcript(char *buf, size_t size, const char *text, bb_parse_error *err)
{
    if (!buf) size = 0;
    if (size) buf[0] = '\0';
    if (!text) return bb__fail(err, 0, 0, 0, "no transcript given"), (size_t)-1;
    bb_othello_pos pos = bb_othello_start();
    int moves[64], n = 0;
    if (play(&pos, text, moves, &n, err) != 0) return (size_t)-1;
    /* The symmetries that keep the start position: identity, rotate_180 and
     * the two diagonal flips; one of them takes the first move to f5. */
    static const bb_sym keep[4] = {BB_SYM_IDENTITY, BB_SYM_ROTATE_180, BB_SYM_FLIP_DIAGONAL,
                                   BB_SYM_FLIP_ANTIDIAGONAL};
    bb_sym s = BB_SYM_IDENTITY;
    for (int k = 0; n > 0 && k < 4; k++)
        if (bb_sym_square(moves[0], keep[k]) == BB_F5) s = keep[k];
    bb__out_buf o = {buf, size, 0};
    char name[3];
    for (int k = 0; k < n; k++) bb__put(&o, "%s", bb_square_name(bb_sym_square(moves[k], s), name));
    return o.len;
}
