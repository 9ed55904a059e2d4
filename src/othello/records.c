/* Othello game records: WTHOR (.wtb, .jou, .trn) and GGF.
 *
 * WTHOR, as the French federation publishes it (and as Edax's base.c reads
 * it): a 16-byte header (century, year, month, day: one byte each; N1, the
 * games, 4 bytes little-endian; N2, the players or tournaments, 2 bytes;
 * the year of the games, 2 bytes; board size, game type, the depth of the
 * theoretical score, a reserved byte), then records: 68 bytes a game
 * (tournament, black and white player numbers, 2 bytes each; black's discs
 * at the end; the theoretical score; 60 move bytes, 10 * row + column with
 * rows and columns 1..8, 0 after the last move; passes are not written),
 * 20 bytes a player name, 26 a tournament name, NUL-padded Latin-1.
 *
 * GGF (the Generic Game Format of the GGS server): "(;GM[Othello]PC[..]
 * DT[..]PB[..]PW[..]RE[..]TY[8]BO[8 board side]B[f5]W[d6//1.2]...;)", a
 * move's text possibly followed by /eval/time, "pa" for a pass. */
#include <stdio.h>
#include <string.h>

#include "bitboard.h"
#include "../core/text.h"

static const char *const side_names[2] = {"black", "white"};

void bb_othello_record_init(bb_othello_record *g)
{
    BB__ASSERT_NOT_NULL(g, "g");
    memset(g, 0, sizeof *g);
    g->start = bb_othello_start();
    g->black_discs = g->theoretical = g->tournament = g->black_player = g->white_player = -1;
}

static void square_name(int sq, char out[3])
{
    if (sq == BB_OTHELLO_PASS) out[0] = 'P', out[1] = 'A';
    else out[0] = (char)('a' + (sq & 7)), out[1] = (char)('1' + (sq >> 3));
    out[2] = '\0';
}

int bb_othello_record_replay(const bb_othello_record *g, bb_othello_pos *final, bb_parse_error *err)
{
    BB__ASSERT_NOT_NULL(g, "g");
    bb_othello_pos pos = g->start;
    for (int i = 0; i < g->count; i++) {
        char sq[3];
        square_name(g->moves[i], sq);
        int rc = g->moves[i] == BB_OTHELLO_PASS ? bb_othello_pass(&pos) : g->moves[i] < 64 ? bb_othello_play(&pos, g->moves[i]) : -1;
        if (rc != 0)
            return bb__fail(err, i + 1, 0, 0, "move %d (%s) is illegal for %s", i + 1, sq, side_names[pos.side & 1]);
    }
    if (final) *final = pos;
    return 0;
}

size_t bb_othello_record_transcript(char *buf, size_t size, const bb_othello_record *g)
{
    BB__ASSERT_NOT_NULL(g, "g");
    bb__out_buf o = {buf, size, 0};
    if (size) buf[0] = '\0';
    for (int i = 0; i < g->count; i++) {
        char sq[3];
        square_name(g->moves[i], sq);
        bb__put(&o, "%s", sq);
    }
    return o.len;
}

/* ---- WTHOR ----------------------------------------------------------------------- */

static unsigned le16(const unsigned char *p) { return (unsigned)p[0] | (unsigned)p[1] << 8; }
static uint32_t le32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

int bb_othello_wthor_read_header(const unsigned char *data, size_t size, bb_othello_wthor_header *h, bb_parse_error *err)
{
    BB__ASSERT_NOT_NULL(h, "h");
    if (err) memset(err, 0, sizeof *err);
    if (!data || size < BB_OTHELLO_WTHOR_HEADER)
        return bb__fail(err, 0, 0, 0, "the file is %zu bytes, shorter than the 16-byte WTHOR header", data ? size : 0);
    h->century = data[0], h->year = data[1], h->month = data[2], h->day = data[3];
    h->count = le32(data + 4);
    h->records = (uint16_t)le16(data + 8);
    h->game_year = (uint16_t)le16(data + 10);
    h->board_size = data[12], h->game_type = data[13], h->depth = data[14];
    return 0;
}

int bb_othello_wthor_check(const bb_othello_wthor_header *h, size_t size, int kind, bb_parse_error *err)
{
    BB__ASSERT_NOT_NULL(h, "h");
    if (err) memset(err, 0, sizeof *err);
    if (kind != BB_OTHELLO_WTHOR_GAME && kind != BB_OTHELLO_WTHOR_PLAYER && kind != BB_OTHELLO_WTHOR_TOURNAMENT)
        return bb__fail(err, 0, 0, 0, "record size %d: WTHOR records are 68 (games), 20 (players) or 26 (tournaments) bytes", kind);
    uint64_t n = kind == BB_OTHELLO_WTHOR_GAME ? h->count : h->records;
    const char *what = kind == BB_OTHELLO_WTHOR_GAME ? "game" : kind == BB_OTHELLO_WTHOR_PLAYER ? "player" : "tournament";
    const char *many = n == 1 ? "" : "s";
    if (kind == BB_OTHELLO_WTHOR_GAME && h->board_size != 0 && h->board_size != 8)
        return bb__fail(err, 13, 0, 0, "the header's board size is %d: only 8x8 games are read", h->board_size);
    uint64_t want = BB_OTHELLO_WTHOR_HEADER + n * (uint64_t)kind;
    if (want > size) {
        size_t whole = size > BB_OTHELLO_WTHOR_HEADER ? (size - BB_OTHELLO_WTHOR_HEADER) / (size_t)kind : 0;
        return bb__fail(err, 0, 0, 0, "the header says %llu %s%s (%llu bytes with the header), but the file has %zu bytes: "
                        "%zu whole record%s", (unsigned long long)n, what, many, (unsigned long long)want, size,
                        whole, whole == 1 ? "" : "s");
    }
    if (want < size)
        return bb__fail(err, (int)(want < 0x7fffffff ? want + 1 : 0), 0, 0,
                        "the header says %llu %s%s (%llu bytes with the header), but the file has %zu bytes: %zu more",
                        (unsigned long long)n, what, many, (unsigned long long)want, size, size - (size_t)want);
    return 0;
}

static void final_discs(const bb_othello_pos *pos, int *b, int *w)
{
    uint64_t black = pos->side == BB_OTHELLO_BLACK ? pos->p : pos->o, white = pos->side == BB_OTHELLO_BLACK ? pos->o : pos->p;
    *b = bb_popcount(black), *w = bb_popcount(white);
}

/* Black's final disc count the WTHOR way: the empties go to the winner,
 * half each on a draw. */
static int black_count(const bb_othello_pos *pos)
{
    int b, w;
    final_discs(pos, &b, &w);
    int e = 64 - b - w;
    return b > w ? b + e : b < w ? b : b + e / 2;
}

/* Black's count with the empties split evenly, an odd one to the winner:
 * 32 + (b - w) / 2 rounded away from 32, the disc difference written as a
 * count (Logistello's book stores its finished lines so). */
static int black_count_split(const bb_othello_pos *pos)
{
    int b, w;
    final_discs(pos, &b, &w);
    int e = 64 - b - w;
    return b + e / 2 + (e % 2 && b > w);
}

int bb_othello_wthor_game(const unsigned char *data, size_t size, long i, bb_othello_record *g, bb_parse_error *err)
{
    BB__ASSERT_NOT_NULL(g, "g");
    if (err) memset(err, 0, sizeof *err);
    if (!data || i < 0 || (uint64_t)BB_OTHELLO_WTHOR_HEADER + (uint64_t)(i + 1) * BB_OTHELLO_WTHOR_GAME > size)
        return bb__fail(err, 0, 0, 0, "game %ld is past the end of the file (%zu bytes)", i + 1, data ? size : 0);
    const unsigned char *r = data + BB_OTHELLO_WTHOR_HEADER + (size_t)i * BB_OTHELLO_WTHOR_GAME;
    int base = (int)(r - data) + 1;
    bb_othello_record_init(g);
    g->tournament = (int)le16(r), g->black_player = (int)le16(r + 2), g->white_player = (int)le16(r + 4);
    g->black_discs = r[6], g->theoretical = r[7];
    bb_othello_pos pos = g->start;
    int ended = 0;
    for (int k = 0; k < 60; k++) {
        int b = r[8 + k];
        if (b == 0) {
            ended = 1;
            continue;
        }
        if (ended)
            return bb__fail(err, base + 8 + k, 0, 0, "move byte %d is %d, after a 0 that ended the moves", k + 1, b);
        int row = b / 10, col = b % 10;
        if (row < 1 || row > 8 || col < 1 || col > 8)
            return bb__fail(err, base + 8 + k, 0, 0, "move byte %d is %d (0x%02x), not a square 11..88", k + 1, b, b);
        int sq = (row - 1) * 8 + (col - 1);
        char name[3];
        square_name(sq, name);
        if (!bb_othello_moves(pos.p, pos.o) && bb_othello_pass(&pos) == 0) g->moves[g->count++] = BB_OTHELLO_PASS;
        if (bb_othello_play(&pos, sq) != 0)
            return bb__fail(err, base + 8 + k, 0, 0, "move %d (%s) is illegal for %s", k + 1, name, side_names[pos.side & 1]);
        g->moves[g->count++] = (uint8_t)sq;
    }
    if (g->count == 0) /* a record has a first move: sixty zeros are no game */
        return bb__fail(err, base + 8, 0, 0, "no moves: all 60 move bytes are 0");
    if (!bb_othello_game_over(&pos) || black_count(&pos) == g->black_discs) return 0;
    int b, w;
    final_discs(&pos, &b, &w);
    int e = 64 - b - w;
    if (black_count_split(&pos) != g->black_discs)
        return bb__fail(err, base + 6, 0, 0, "black's disc count is %d, but the moves end with %d", g->black_discs,
                        black_count(&pos));
    /* the empties split instead of given to the winner: the game is kept, the count flagged */
    bb__fail(err, base + 6, 0, 0,
             "black's disc count is %d, but the moves end with %d: %d-%d with %d empty squares, split evenly "
             "instead of given to the winner", g->black_discs, black_count(&pos), b, w, e);
    return 1;
}

int bb_othello_wthor_name(const unsigned char *data, size_t size, int kind, long i, char *buf, size_t bufsize)
{
    if (bufsize) buf[0] = '\0';
    if (!data || i < 0 || (kind != BB_OTHELLO_WTHOR_PLAYER && kind != BB_OTHELLO_WTHOR_TOURNAMENT) ||
        (uint64_t)BB_OTHELLO_WTHOR_HEADER + (uint64_t)(i + 1) * (uint64_t)kind > size)
        return -1;
    const unsigned char *r = data + BB_OTHELLO_WTHOR_HEADER + (size_t)i * (size_t)kind;
    size_t n = 0;
    for (int k = 0; k < kind && r[k]; k++) {
        unsigned c = r[k];
        if (c < 0x20 || c == 0x7f) c = '?';
        if (c < 0x80) {
            if (n + 1 < bufsize) buf[n++] = (char)c;
        } else if (n + 2 < bufsize) { /* Latin-1 to UTF-8 */
            buf[n++] = (char)(0xC0 | c >> 6);
            buf[n++] = (char)(0x80 | (c & 0x3F));
        }
    }
    while (n > 0 && buf[n - 1] == ' ') n--;
    if (bufsize) buf[n < bufsize ? n : bufsize - 1] = '\0';
    return 0;
}

void bb_othello_wthor_write_header(unsigned char out[16], const bb_othello_wthor_header *h)
{
    BB__ASSERT_NOT_NULL(h, "h");
    out[0] = (unsigned char)h->century, out[1] = (unsigned char)h->year, out[2] = (unsigned char)h->month;
    out[3] = (unsigned char)h->day;
    for (int k = 0; k < 4; k++) out[4 + k] = (unsigned char)(h->count >> (8 * k));
    out[8] = (unsigned char)h->records, out[9] = (unsigned char)(h->records >> 8);
    out[10] = (unsigned char)h->game_year, out[11] = (unsigned char)(h->game_year >> 8);
    out[12] = (unsigned char)h->board_size, out[13] = (unsigned char)h->game_type;
    out[14] = (unsigned char)h->depth, out[15] = 0;
}

int bb_othello_wthor_write_game(unsigned char out[68], const bb_othello_record *g, bb_parse_error *err)
{
    BB__ASSERT_NOT_NULL(g, "g");
    if (err) memset(err, 0, sizeof *err);
    bb_othello_pos start = bb_othello_start(), final;
    if (g->start.p != start.p || g->start.o != start.o || g->start.side != start.side)
        return bb__fail(err, 0, 0, 0, "WTHOR games start from the standard position; this one does not");
    if (bb_othello_record_replay(g, &final, err) != 0) return -1;
    memset(out, 0, BB_OTHELLO_WTHOR_GAME);
    int numbers[3] = {g->tournament, g->black_player, g->white_player};
    for (int k = 0; k < 3; k++) {
        unsigned v = numbers[k] < 0 ? 0 : (unsigned)numbers[k] & 0xFFFF;
        out[2 * k] = (unsigned char)v, out[2 * k + 1] = (unsigned char)(v >> 8);
    }
    int black = black_count(&final);
    out[6] = (unsigned char)(g->black_discs >= 0 && !bb_othello_game_over(&final) ? g->black_discs : black);
    out[7] = (unsigned char)(g->theoretical >= 0 ? g->theoretical : out[6]);
    int n = 0;
    for (int i = 0; i < g->count; i++) {
        if (g->moves[i] == BB_OTHELLO_PASS) continue;
        if (n == 60) return bb__fail(err, 0, 0, 0, "more than 60 moves");
        out[8 + n++] = (unsigned char)(10 * ((g->moves[i] >> 3) + 1) + (g->moves[i] & 7) + 1);
    }
    return 0;
}

/* ---- GGF ------------------------------------------------------------------------- */

static int is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* The GGF board "8 <64 cells> <side>": 0 and *pos, or -1. */
static int ggf_board(const char *v, size_t n, bb_othello_pos *pos)
{
    size_t i = 0;
    while (i < n && is_space(v[i])) i++;
    if (i >= n || v[i] != '8') return -1;
    i++;
    uint64_t black = 0, white = 0;
    int cells = 0;
    while (i < n && cells < 64) {
        char c = v[i++];
        if (is_space(c)) continue;
        if (c == '*' || c == 'X' || c == 'x') black |= 1ULL << cells;
        else if (c == 'O' || c == 'o') white |= 1ULL << cells;
        else if (c != '-' && c != '.') return -1;
        cells++;
    }
    while (i < n && is_space(v[i])) i++;
    if (cells != 64 || i >= n) return -1;
    char side = v[i++];
    while (i < n && is_space(v[i])) i++;
    if (i != n) return -1;
    if (side == '*' || side == 'X' || side == 'x') pos->side = BB_OTHELLO_BLACK, pos->p = black, pos->o = white;
    else if (side == 'O' || side == 'o') pos->side = BB_OTHELLO_WHITE, pos->p = white, pos->o = black;
    else return -1;
    return 0;
}

static void copy_tag(char *dst, size_t size, const char *v, size_t n)
{
    size_t k = n < size - 1 ? n : size - 1;
    memcpy(dst, v, k);
    dst[k] = '\0';
}

/* A GGS time "[[HH:]MM:]SS" (SS may have a fraction; empty: 0): 0 and
 * *out in seconds, or -1. */
static int ggf_time(const char *v, size_t n, double *out)
{
    double t = 0, field = 0;
    int fields = 1, digits = 0;
    size_t i = 0;
    *out = 0;
    if (n == 0) return 0;
    for (; i < n && v[i] != '.'; i++) {
        if (v[i] == ':') {
            if (!digits || ++fields > 3) return -1;
            t = t * 60 + field, field = 0, digits = 0;
        } else if (v[i] >= '0' && v[i] <= '9') {
            if (++digits > 9) return -1;
            field = field * 10 + (v[i] - '0');
        } else {
            return -1;
        }
    }
    if (i < n) { /* the fraction of the seconds */
        double scale = 0.1;
        if (++i == n) return -1;
        for (; i < n; i++, scale /= 10) {
            if (!(v[i] >= '0' && v[i] <= '9') || scale < 1e-9) return -1;
            field += scale * (v[i] - '0');
        }
    } else if (!digits) {
        return -1;
    }
    if (fields > 1 && field >= 60) return -1; /* MM:SS: the seconds under 60 */
    *out = t * 60 + field;
    return 0;
}

/* A GGS clock "[ini[,[N]m1]]/[inc[,[N]m2]]/[ext[,[N]m3]]" (the slashes
 * after ini may be left out): 0 and ini, inc, ext in seconds, or -1 and
 * *why.  Read: a time for the whole game (m1 absent or 0), an increment
 * after every move (m2 absent or 1, added whole: no N), an extension (m3
 * and its N read and left). */
static int ggf_clock_spec(const char *v, size_t n, double out[3], const char **why)
{
    size_t i = 0;
    *why = "a clock is INI/INC/EXT, each [[HH:]MM:]SS";
    for (int part = 0; part < 3; part++) {
        out[part] = 0;
        size_t t0 = i;
        while (i < n && v[i] != '/' && v[i] != ',') i++;
        if (ggf_time(v + t0, i - t0, &out[part]) != 0) return -1;
        if (i < n && v[i] == ',') { /* ,[N]m: moves per period (N: not loss, not additive) */
            size_t m0 = ++i;
            int not_flag = i < n && v[i] == 'N';
            if (not_flag) i++, m0++;
            long m = 0;
            while (i < n && v[i] >= '0' && v[i] <= '9' && m < 1000) m = m * 10 + (v[i++] - '0');
            if (i == m0 || (i < n && v[i] != '/')) return -1;
            if (part == 0 && m != 0) return *why = "a time for a number of moves (INI,M with M > 0) is not read", -1;
            if (part == 1 && (m != 1 || not_flag))
                return *why = "an increment every M moves or capped (INC,M or INC,NM) is not read", -1;
        }
        if (i == n) {
            for (int k = part + 1; k < 3; k++) out[k] = 0;
            return 0;
        }
        if (part == 2) return -1; /* a fourth part */
        i++; /* the '/' */
    }
    return -1;
}

/* The reader; clock (may be NULL): the times, read (and checked) only then. */
static int ggf_read_with(const char *text, size_t n, size_t *used, bb_othello_record *g, bb_othello_clock *clock,
                         bb_parse_error *err)
{
    if (err) memset(err, 0, sizeof *err);
    *used = n;
    size_t i = 0;
    while (i + 1 < n && !(text[i] == '(' && text[i + 1] == ';')) i++;
    if (!text || i + 1 >= n) return 0;
    size_t start = i;
    i += 2;
    bb_othello_record_init(g);
    if (clock) memset(clock, 0, sizeof *clock);
    bb_othello_pos pos = g->start;
    int have_moves = 0, rc = 0;
    char q[BB__QUOTE_MAX];
    /* the end of this game, to skip to after an error */
    size_t end = i;
    while (end + 1 < n && !(text[end] == ';' && text[end + 1] == ')')) end++;
    size_t after = end + 1 < n ? end + 2 : n;
    while (i < end) {
        if (is_space(text[i])) {
            i++;
            continue;
        }
        size_t t0 = i;
        while (i < end && ((text[i] >= 'A' && text[i] <= 'Z') || (text[i] >= 'a' && text[i] <= 'z'))) i++;
        size_t tn = i - t0;
        if (tn == 0 || i >= end || text[i] != '[') {
            rc = bb__fail(err, (int)(t0 - start) + 1, 0, 0, "'%s' at character %d of the game: a tag is NAME[value]",
                          bb__quote(q, text + t0, 1), (int)(t0 - start) + 1);
            break;
        }
        size_t v0 = ++i;
        while (i < end && text[i] != ']') i++;
        if (i >= end) {
            rc = bb__fail(err, (int)(t0 - start) + 1, 0, 0, "tag %.*s: its '[' is not closed", (int)tn, text + t0);
            break;
        }
        const char *v = text + v0;
        size_t vn = i - v0;
        i++;
        const char *tag = text + t0;
#define TAG(s) (tn == sizeof(s) - 1 && memcmp(tag, s, tn) == 0)
        if (TAG("GM")) {
            if (!(vn == 7 && (memcmp(v, "Othello", 7) == 0 || memcmp(v, "othello", 7) == 0))) {
                rc = bb__fail(err, (int)(v0 - start) + 1, 0, 0, "GM[%s]: not an Othello game", bb__quote(q, v, vn));
                break;
            }
        } else if (TAG("TY")) {
            if (!(vn >= 1 && v[0] == '8' && (vn == 1 || (vn == 2 && v[1] == 'r')))) {
                rc = bb__fail(err, (int)(v0 - start) + 1, 0, 0, "TY[%s]: only 8x8 Othello (8, or 8r) is read",
                              bb__quote(q, v, vn));
                break;
            }
        } else if (TAG("BO")) {
            if (have_moves || ggf_board(v, vn, &pos) != 0) {
                rc = bb__fail(err, (int)(v0 - start) + 1, 0, 0,
                              have_moves ? "BO after the moves" : "BO[%s]: a board is 8, 64 cells of - * O, and the side * or O",
                              bb__quote(q, v, vn));
                break;
            }
            g->start = pos;
        } else if (TAG("B") || TAG("W")) {
            int color = tag[0] == 'B' ? BB_OTHELLO_BLACK : BB_OTHELLO_WHITE;
            size_t mn = 0;
            while (mn < vn && v[mn] != '/') mn++;
            int sq = -1;
            if (mn == 2 && (v[0] == 'p' || v[0] == 'P') && (v[1] == 'a' || v[1] == 'A')) sq = BB_OTHELLO_PASS;
            else if (mn == 2 && ((v[0] | 32) >= 'a' && (v[0] | 32) <= 'h') && v[1] >= '1' && v[1] <= '8')
                sq = ((v[1] - '1') << 3) | ((v[0] | 32) - 'a');
            if (sq < 0) {
                rc = bb__fail(err, (int)(v0 - start) + 1, 0, 0, "%c[%s]: not a move (a1..h8, or pa)", tag[0],
                              bb__quote(q, v, vn));
                break;
            }
            /* a side with no move passes without saying so */
            if (pos.side != color && !bb_othello_moves(pos.p, pos.o) && bb_othello_pass(&pos) == 0 &&
                g->count < BB_OTHELLO_RECORD_MOVES)
                g->moves[g->count++] = BB_OTHELLO_PASS;
            char name[3];
            square_name(sq, name);
            if (pos.side != color) {
                rc = bb__fail(err, (int)(t0 - start) + 1, 0, 0, "%c[%s]: it is %s's turn", tag[0], name,
                              side_names[pos.side & 1]);
                break;
            }
            int ok = g->count < BB_OTHELLO_RECORD_MOVES &&
                     (sq == BB_OTHELLO_PASS ? bb_othello_pass(&pos) : bb_othello_play(&pos, sq)) == 0;
            if (!ok) {
                rc = bb__fail(err, (int)(t0 - start) + 1, 0, 0, "%c[%s]: move %d is illegal for %s", tag[0], name,
                              g->count + 1, side_names[color]);
                break;
            }
            g->moves[g->count++] = (uint8_t)sq;
            have_moves = 1;
            if (clock) { /* MOVE/EVAL/TIME: the time this move took */
                size_t e = mn < vn ? mn + 1 : vn;
                while (e < vn && v[e] != '/') e++;
                double took = 0;
                char q2[BB__QUOTE_MAX];
                if (e < vn && ggf_time(v + e + 1, vn - e - 1, &took) != 0) {
                    rc = bb__fail(err, (int)(v0 - start) + 1, 0, 0, "%c[%s]: the time '%s' is not [[HH:]MM:]SS",
                                  tag[0], bb__quote(q, v, vn), bb__quote(q2, v + e + 1, vn - e - 1));
                    break;
                }
                clock->spent[color] += took;
                clock->moves[color]++;
            }
        } else if (TAG("PB")) {
            copy_tag(g->black, sizeof g->black, v, vn);
        } else if (TAG("PW")) {
            copy_tag(g->white, sizeof g->white, v, vn);
        } else if (TAG("PC")) {
            copy_tag(g->event, sizeof g->event, v, vn);
        } else if (TAG("DT")) {
            copy_tag(g->date, sizeof g->date, v, vn);
        } else if (TAG("RE")) {
            copy_tag(g->result, sizeof g->result, v, vn);
        } else if (clock && (TAG("TI") || TAG("TB") || TAG("TW"))) {
            double c[3];
            const char *why;
            if (ggf_clock_spec(v, vn, c, &why) != 0) {
                rc = bb__fail(err, (int)(v0 - start) + 1, 0, 0, "%.2s[%s]: %s", tag, bb__quote(q, v, vn), why);
                break;
            }
            for (int side = 0; side < 2; side++)
                if (tag[1] == 'I' || (tag[1] == 'B') == (side == BB_OTHELLO_BLACK)) {
                    if (tag[1] == 'I' && (clock->timed & (2 << side))) continue; /* TB/TW over TI */
                    clock->initial[side] = c[0], clock->increment[side] = c[1], clock->extension[side] = c[2];
                    clock->timed |= tag[1] == 'I' ? 1 : 2 << side;
                }
        } /* other tags (RB, RW, KB, ...) are read and left */
#undef TAG
    }
    if (rc == 0 && end + 1 >= n) rc = bb__fail(err, 0, 0, 0, "the game is not closed: ';)' is missing");
    *used = after;
    if (clock) {
        clock->timed = clock->timed != 0;
        for (int side = 0; side < 2; side++)
            clock->left[side] = clock->timed ? clock->initial[side] + clock->increment[side] * clock->moves[side] -
                                                   clock->spent[side]
                                             : 0;
    }
    return rc == 0 ? 1 : -1;
}

int bb_othello_ggf_read(const char *text, size_t n, size_t *used, bb_othello_record *g, bb_parse_error *err)
{
    BB__ASSERT_NOT_NULL(used, "used");
    BB__ASSERT_NOT_NULL(g, "g");
    return ggf_read_with(text, n, used, g, NULL, err);
}

int bb_othello_ggf_read_clock(const char *text, size_t n, size_t *used, bb_othello_record *g, bb_othello_clock *clock,
                              bb_parse_error *err)
{
    BB__ASSERT_NOT_NULL(used, "used");
    BB__ASSERT_NOT_NULL(g, "g");
    BB__ASSERT_NOT_NULL(clock, "clock");
    return ggf_read_with(text, n, used, g, clock, err);
}

/* A tag whose value cannot hold ']' (it would end the value) nor ";)". */
static void put_tag(bb__out_buf *o, const char *name, const char *v)
{
    if (!v[0]) return;
    bb__put(o, "%s[", name);
    for (const char *c = v; *c; c++) bb__put(o, "%c", *c == ']' ? ')' : *c == ';' ? ',' : *c);
    bb__put(o, "]");
}

/* A time as GGS writes one, to the millisecond (".25"; none when whole): a
 * clock's as [H:]MM:SS, a move's (clock 0) as seconds. */
static void put_time(bb__out_buf *o, double t, int clock)
{
    long long ms = t > 0 ? (long long)(t * 1000 + 0.5) : 0;
    long long sec = ms / 1000, h = sec / 3600;
    if (!clock) bb__put(o, "%lld", sec);
    else if (h) bb__put(o, "%lld:%02lld:%02lld", h, sec / 60 % 60, sec % 60);
    else bb__put(o, "%02lld:%02lld", sec / 60, sec % 60);
    if (ms % 1000) {
        char f[8];
        snprintf(f, sizeof f, "%03lld", ms % 1000);
        for (int k = 2; k > 0 && f[k] == '0'; k--) f[k] = '\0';
        bb__put(o, ".%s", f);
    }
}

/* One side's clock INI/INC/EXT (as short as it reads the same). */
static void put_clock(bb__out_buf *o, const char *tag, const bb_othello_clock *c, int side)
{
    bb__put(o, "%s[", tag);
    put_time(o, c->initial[side], 1);
    if (c->increment[side] > 0 || c->extension[side] > 0) bb__put(o, "/"), put_time(o, c->increment[side], 1);
    if (c->extension[side] > 0) bb__put(o, "/"), put_time(o, c->extension[side], 1);
    bb__put(o, "]");
}

static size_t ggf_write_with(char *buf, size_t size, const bb_othello_record *g, const bb_othello_clock *clock,
                             const double *times)
{
    bb__out_buf o = {buf, size, 0};
    if (size) buf[0] = '\0';
    bb__put(&o, "(;GM[Othello]");
    put_tag(&o, "PC", g->event);
    put_tag(&o, "DT", g->date);
    put_tag(&o, "PB", g->black);
    put_tag(&o, "PW", g->white);
    put_tag(&o, "RE", g->result);
    if (clock && clock->timed) {
        int same = clock->initial[0] == clock->initial[1] && clock->increment[0] == clock->increment[1] &&
                   clock->extension[0] == clock->extension[1];
        if (same) put_clock(&o, "TI", clock, BB_OTHELLO_BLACK);
        else put_clock(&o, "TB", clock, BB_OTHELLO_BLACK), put_clock(&o, "TW", clock, BB_OTHELLO_WHITE);
    }
    bb__put(&o, "TY[8]BO[8 ");
    uint64_t black = g->start.side == BB_OTHELLO_BLACK ? g->start.p : g->start.o;
    uint64_t white = g->start.side == BB_OTHELLO_BLACK ? g->start.o : g->start.p;
    for (int sq = 0; sq < 64; sq++) bb__put(&o, "%c", black >> sq & 1 ? '*' : white >> sq & 1 ? 'O' : '-');
    bb__put(&o, " %c]", g->start.side == BB_OTHELLO_BLACK ? '*' : 'O');
    int side = g->start.side & 1;
    for (int i = 0; i < g->count; i++) {
        char sq[3];
        square_name(g->moves[i], sq);
        bb__put(&o, "%c[%s", side == BB_OTHELLO_BLACK ? 'B' : 'W', g->moves[i] == BB_OTHELLO_PASS ? "pa" : sq);
        if (times) bb__put(&o, "//"), put_time(&o, times[i], 0);
        bb__put(&o, "]");
        side ^= 1;
    }
    bb__put(&o, ";)");
    return o.len;
}

size_t bb_othello_ggf_write(char *buf, size_t size, const bb_othello_record *g)
{
    BB__ASSERT_NOT_NULL(g, "g");
    return ggf_write_with(buf, size, g, NULL, NULL);
}

size_t bb_othello_ggf_write_clock(char *buf, size_t size, const bb_othello_record *g, const bb_othello_clock *clock,
                                  const double *times)
{
    BB__ASSERT_NOT_NULL(g, "g");
    return ggf_write_with(buf, size, g, clock, times);
}
