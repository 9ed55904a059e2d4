/* Soak area records: the readers of stored games and positions against
 * slow twins written here from the formats' definitions.
 *
 * A case does three things:
 *   - WTHOR: a random game played by the reference rules
 *     (tests/reference_othello.h), written as a 68-byte record by hand
 *     (move byte 10 * row + column, 1-based), then damaged or not (all move
 *     bytes 0, one move byte changed, a byte after the end, two moves
 *     swapped, black's count wrong or split evenly) and put in a file of one
 *     to five games; bb_othello_wthor_game's answer (0, 1 or -1, the moves
 *     with their passes, the error's byte) must be the slow decoder's, an
 *     accepted record must write back byte for byte, and a file cut at a
 *     random length must fail bb_othello_wthor_check while each whole game
 *     before the cut reads as in the whole file;
 *   - the board string: random text near the grammar (cells of every
 *     spelling, bad characters, 63 to 65 cells, the side in every form,
 *     trailing junk, "start" in any case with and without junk) parsed by
 *     bb_othello_parse and by a slow parser of the grammar in
 *     include/bitboard/othello.h: the same answer, position and error byte;
 *     and bb_othello_format of a random position parses back to it;
 *   - the Polyglot book: random entries (keys and moves from small pools,
 *     so many merge; weights near the 65535 cap) saved by
 *     bb_chess_book_save and opened again must be the slow sort and merge;
 *     the file's bytes cut or with two entries swapped must be refused by
 *     bb_chess_book_from_memory exactly when the slow check refuses, at the
 *     same byte.
 * Work: records, strings and entries checked. */
#define _POSIX_C_SOURCE 200809L /* mkstemp */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bitboard.h"
#include "soak_util.h"

soak_area_fn soak_area_records;

#define AREA "records"
#define START_BLACK 0x0000000810000000ULL /* d5 e4 */
#define START_WHITE 0x0000001008000000ULL /* d4 e5 */

static int popc(uint64_t x) { return __builtin_popcountll(x); }

/* ---- WTHOR ------------------------------------------------------------------------------ */

/* The slow decoder: status 0, 1 (count split evenly) or -1 with *at the
 * record's byte at fault (0-based); moves[] with passes as BB_OTHELLO_PASS. */
static int slow_wthor(const unsigned char r[68], uint8_t *moves, int *count, int *at)
{
    uint64_t p = START_BLACK, o = START_WHITE;
    int side = 0, ended = 0;
    *count = 0;
    for (int k = 0; k < 60; k++) {
        int b = r[8 + k];
        if (b == 0) {
            ended = 1;
            continue;
        }
        *at = 8 + k;
        if (ended) return -1;
        if (b / 10 < 1 || b / 10 > 8 || b % 10 < 1 || b % 10 > 8) return -1;
        int sq = (b / 10 - 1) * 8 + b % 10 - 1;
        if (!ref_othello_moves(p, o) && ref_othello_moves(o, p)) {
            uint64_t t = p;
            p = o, o = t, side ^= 1;
            moves[(*count)++] = BB_OTHELLO_PASS;
        }
        uint64_t f = ref_othello_flips(p, o, sq);
        if (!f) return -1;
        uint64_t t = p;
        p = o & ~f, o = t | f | (uint64_t)1 << sq, side ^= 1;
        moves[(*count)++] = (uint8_t)sq;
    }
    *at = 8;
    if (*count == 0) return -1;
    if (ref_othello_moves(p, o) || ref_othello_moves(o, p)) return 0;
    int black = popc(side ? o : p), white = popc(side ? p : o), e = 64 - black - white;
    int given = black > white ? black + e : black < white ? black : black + e / 2;
    if (given == r[6]) return 0;
    *at = 6;
    return black + e / 2 + (e % 2 && black > white) == r[6] ? 1 : -1;
}

/* A random game (whole or stopped early) as a record, damaged one way or none. */
static void make_record(soak_rng *rng, unsigned char r[68], const char **how)
{
    memset(r, 0, 68);
    for (int k = 0; k < 6; k++) r[k] = (unsigned char)soak_below(rng, 256);
    uint64_t p = START_BLACK, o = START_WHITE;
    int side = 0, n = 0, stop = soak_below(rng, 3) ? 60 : soak_range(rng, 1, 60);
    while (n < stop) {
        uint64_t m = ref_othello_moves(p, o);
        if (!m) {
            if (!ref_othello_moves(o, p)) break;
            uint64_t t = p;
            p = o, o = t, side ^= 1;
            continue;
        }
        int sq = soak_nth_bit(m, soak_below(rng, popc(m)));
        uint64_t f = ref_othello_flips(p, o, sq), t = p;
        p = o & ~f, o = t | f | (uint64_t)1 << sq, side ^= 1;
        r[8 + n++] = (unsigned char)(10 * (sq / 8 + 1) + sq % 8 + 1);
    }
    int black = popc(side ? o : p), white = popc(side ? p : o), e = 64 - black - white;
    int over = !ref_othello_moves(p, o) && !ref_othello_moves(o, p);
    r[6] = (unsigned char)(over ? (black > white ? black + e : black < white ? black : black + e / 2)
                                : soak_below(rng, 65));
    r[7] = (unsigned char)soak_below(rng, 65);
    *how = "intact";
    switch (soak_below(rng, 10)) {
    case 0:
        memset(r + 8, 0, 60), *how = "all move bytes 0";
        break;
    case 1: {
        int k = soak_below(rng, n), v = soak_below(rng, 4) ? soak_range(rng, 11, 88) : soak_below(rng, 256);
        r[8 + k] = (unsigned char)v, *how = "one move byte changed";
        break;
    }
    case 2:
        if (n < 60) r[8 + soak_range(rng, n, 59)] = (unsigned char)soak_range(rng, 11, 88);
        *how = "a byte after the end";
        break;
    case 3:
        if (n > 1) {
            int a = soak_below(rng, n), b = soak_below(rng, n);
            unsigned char t = r[8 + a];
            r[8 + a] = r[8 + b], r[8 + b] = t;
        }
        *how = "two moves swapped";
        break;
    case 4:
        r[6] = (unsigned char)soak_below(rng, 256), *how = "black's count random";
        break;
    case 5:
        r[6] = (unsigned char)(black + e / 2 + (e % 2 && black > white)), *how = "black's count split evenly";
        break;
    default:
        break;
    }
}

static int check_wthor(soak_rng *rng, char *msg, size_t size)
{
    enum { MAXG = 5 };
    unsigned char file[16 + MAXG * 68];
    int games = soak_range(rng, 1, MAXG);
    bb_othello_wthor_header h = {20, 26, 12, 7, (uint32_t)games, 0, 2026, 8, 0, 22};
    bb_othello_wthor_write_header(file, &h);
    const char *how[MAXG];
    for (int g = 0; g < games; g++) make_record(rng, file + 16 + 68 * g, &how[g]);
    size_t whole = 16 + 68 * (size_t)games;
    bb_parse_error err;
    for (int g = 0; g < games; g++) {
        const unsigned char *r = file + 16 + 68 * g;
        uint8_t want[120];
        int count, at = 0, status = slow_wthor(r, want, &count, &at);
        bb_othello_record rec;
        int got = bb_othello_wthor_game(file, whole, g, &rec, &err);
        int pos = 16 + 68 * g + at + 1;
        if (got != status || (status == -1 && err.pos != pos)) {
            snprintf(msg, size, "wthor game %d (%s): library %d at byte %d (%s), slow %d at byte %d", g + 1, how[g], got,
                     err.pos, err.msg, status, status == -1 ? pos : 0);
            return 1;
        }
        if (status < 0) continue;
        if (rec.count != count || memcmp(rec.moves, want, (size_t)count) ||
            rec.tournament != (r[0] | r[1] << 8) || rec.black_player != (r[2] | r[3] << 8) ||
            rec.white_player != (r[4] | r[5] << 8) || rec.black_discs != r[6] || rec.theoretical != r[7]) {
            snprintf(msg, size, "wthor game %d (%s): decoded %d moves, the slow decoder %d, or the fields differ",
                     g + 1, how[g], rec.count, count);
            return 1;
        }
        unsigned char back[68];
        if (status == 0 && (bb_othello_wthor_write_game(back, &rec, &err) != 0 || memcmp(back, r, 68))) {
            snprintf(msg, size, "wthor game %d (%s): written back, the record differs", g + 1, how[g]);
            return 1;
        }
    }
    /* a file cut anywhere: the header no longer fits; whole games before the cut read the same */
    size_t cut = (size_t)soak_below(rng, (int)whole + 1);
    bb_othello_wthor_header hh;
    if (cut >= 16 && bb_othello_wthor_read_header(file, cut, &hh, &err) == 0 &&
        (bb_othello_wthor_check(&hh, cut, BB_OTHELLO_WTHOR_GAME, &err) == 0) != (cut == whole)) {
        snprintf(msg, size, "wthor file of %zu bytes cut to %zu: the check says %s", whole, cut,
                 cut == whole ? "bad" : "good");
        return 1;
    }
    for (int g = 0; g < games; g++) {
        bb_othello_record a, b;
        bb_parse_error ea, eb;
        int in_cut = 16 + 68 * (size_t)(g + 1) <= cut;
        int ra = bb_othello_wthor_game(file, cut, g, &a, &ea), rb = bb_othello_wthor_game(file, whole, g, &b, &eb);
        if (in_cut ? (ra != rb || (ra >= 0 && (a.count != b.count || memcmp(a.moves, b.moves, (size_t)a.count))))
                   : ra != -1) {
            snprintf(msg, size, "wthor file cut to %zu bytes: game %d reads %d, in the whole file %d", cut, g + 1, ra,
                     rb);
            return 1;
        }
    }
    return 0;
}

/* ---- the board string ------------------------------------------------------------------- */

static int sp(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'; }

static int cell_of(char c)
{
    return strchr("Xx*", c) && c ? 0 : strchr("Oo", c) && c ? 1 : strchr("-.", c) && c ? 2 : -1;
}

/* The slow parser: 0 and *pos, or -1 and *at (the error's 1-based byte, 0 none). */
static int slow_parse(const char *t, bb_othello_pos *pos, int *at)
{
    size_t n = strlen(t), i = 0;
    while (i < n && sp(t[i])) i++;
    size_t s = i;
    if (n - i >= 5) {
        int word = 1;
        for (int k = 0; k < 5; k++) word &= (t[i + k] | 0x20) == "start"[k];
        size_t j = i + 5;
        while (j < n && sp(t[j])) j++;
        if (word && j == n) {
            *pos = bb_othello_start();
            return 0;
        }
    }
    uint64_t d[2] = {0, 0};
    for (; i < n && !sp(t[i]); i++) {
        int c = cell_of(t[i]);
        if (c < 0) return *at = (int)i + 1, -1;
        if (i - s < 64 && c < 2) d[c] |= (uint64_t)1 << (i - s);
    }
    if (i == s) return *at = 0, -1;
    if (i - s != 64) return *at = (int)s + 1, -1;
    while (i < n && (t[i] == ' ' || t[i] == '\t')) i++;
    int side = i < n ? cell_of(t[i]) : -1;
    if (i == n || sp(t[i]) || side < 0 || side > 1 || (i + 1 < n && !sp(t[i + 1]))) return *at = (int)i + 1, -1;
    size_t j = i + 1;
    while (j < n && sp(t[j])) j++;
    if (j < n) return *at = (int)j + 1, -1;
    pos->p = d[side], pos->o = d[side ^ 1], pos->side = side;
    return 0;
}

static void random_text(soak_rng *rng, char *t, size_t size)
{
    static const char cells[] = "XxO o-.*", spaces[] = " \t\r\n\f\v", junk[] = "#abq19Z_\x01\x7f\xc3";
    size_t n = 0;
    for (int k = soak_below(rng, 3); k > 0; k--) t[n++] = spaces[soak_below(rng, 6)];
    if (soak_below(rng, 6) == 0) {
        for (int k = 0; k < 5; k++) t[n++] = (char)("start"[k] ^ (soak_below(rng, 2) ? 0x20 : 0));
        switch (soak_below(rng, 6)) { /* near misses: a letter changed, one short, one more */
        case 0: t[n - 1 - soak_below(rng, 5)] = (char)soak_range(rng, 'a', 'z'); break;
        case 1: n--; break;
        case 2: t[n++] = "tT"[soak_below(rng, 2)]; break;
        default: break;
        }
        if (soak_below(rng, 3) == 0) t[n++] = junk[soak_below(rng, (int)sizeof junk - 1)];
    } else {
        int len = soak_below(rng, 5) ? 64 : soak_range(rng, 0, 66);
        for (int k = 0; k < len; k++) {
            char c = cells[soak_below(rng, 8)];
            if (c == ' ') c = '-';
            if (soak_below(rng, 200) == 0) c = junk[soak_below(rng, (int)sizeof junk - 1)];
            t[n++] = c;
        }
        for (int k = soak_below(rng, 3); k > 0; k--) t[n++] = soak_below(rng, 4) ? ' ' : spaces[soak_below(rng, 6)];
        if (soak_below(rng, 8)) t[n++] = "XOxo*-#"[soak_below(rng, 7)];
        if (soak_below(rng, 6) == 0) t[n++] = "XO9"[soak_below(rng, 3)];
    }
    for (int k = soak_below(rng, 3); k > 0; k--) t[n++] = spaces[soak_below(rng, 6)];
    if (soak_below(rng, 10) == 0) t[n++] = junk[soak_below(rng, (int)sizeof junk - 1)];
    if (n >= size) n = size - 1;
    t[n] = '\0';
}

static int check_text(soak_rng *rng, char *msg, size_t size)
{
    for (int rep = 0; rep < 16; rep++) {
        char t[128];
        random_text(rng, t, sizeof t);
        bb_othello_pos a = {0, 0, 0}, b = {0, 0, 0};
        bb_parse_error err;
        int at = 0, want = slow_parse(t, &b, &at), got = bb_othello_parse(t, &a, &err);
        if (want != got || (want == 0 && (a.p != b.p || a.o != b.o || a.side != b.side)) ||
            (want != 0 && err.pos != at)) {
            char shown[4 * sizeof t];
            size_t o = 0;
            for (size_t k = 0; t[k]; k++)
                o += (size_t)snprintf(shown + o, sizeof shown - o,
                                      (unsigned char)t[k] < 0x20 || (unsigned char)t[k] >= 0x7f ? "\\x%02x" : "%c",
                                      (unsigned char)t[k]);
            snprintf(msg, size, "parse '%s': library %d (error byte %d: %s), slow %d (error byte %d)", shown, got,
                     err.pos, got ? err.msg : "", want, at);
            return 1;
        }
    }
    bb_othello_pos pos = {soak_board(rng), 0, soak_below(rng, 2)}, back;
    pos.o = soak_board(rng) & ~pos.p;
    char buf[80];
    bb_parse_error err;
    bb_othello_format(buf, sizeof buf, &pos);
    if (bb_othello_parse(buf, &back, &err) != 0 || back.p != pos.p || back.o != pos.o || back.side != pos.side) {
        snprintf(msg, size, "format '%s' does not parse back to its position", buf);
        return 1;
    }
    return 0;
}

/* ---- the Polyglot book ------------------------------------------------------------------ */

static int by_key_raw(const bb_chess_book_entry *a, const bb_chess_book_entry *b)
{
    return a->key != b->key ? (a->key < b->key ? -1 : 1) : a->raw_move - b->raw_move;
}

static int check_book(soak_rng *rng, const char *path, char *msg, size_t size)
{
    enum { MAXN = 48 };
    bb_chess_book_entry in[MAXN], want[MAXN];
    uint64_t keys[4];
    for (int k = 0; k < 4; k++) keys[k] = soak_next(rng) >> soak_below(rng, 64);
    int n = soak_below(rng, MAXN + 1), kept = 0;
    for (int k = 0; k < n; k++) {
        memset(&in[k], 0, sizeof in[k]);
        in[k].key = soak_below(rng, 3) ? keys[soak_below(rng, 4)] : soak_next(rng);
        in[k].raw_move = (uint16_t)(soak_below(rng, 2) ? soak_below(rng, 4) : soak_below(rng, 65536));
        in[k].weight = (uint16_t)(soak_below(rng, 3) ? 65535 - soak_below(rng, 40000) : soak_below(rng, 10));
        in[k].learn = (uint32_t)soak_next(rng);
    }
    /* the slow sort and merge: insertion, then one pass over equal neighbours */
    for (int k = 0; k < n; k++) {
        int j = kept;
        int found = -1;
        for (int m = 0; m < kept; m++)
            if (!by_key_raw(&want[m], &in[k])) found = m;
        if (found >= 0) {
            unsigned w = (unsigned)want[found].weight + in[k].weight;
            want[found].weight = (uint16_t)(w > 65535 ? 65535 : w);
            if (in[k].learn > want[found].learn) want[found].learn = in[k].learn;
            continue;
        }
        while (j > 0 && by_key_raw(&want[j - 1], &in[k]) > 0) want[j] = want[j - 1], j--;
        want[j] = in[k];
        kept++;
    }
    bb_parse_error err;
    bb_chess_book book;
    if (bb_chess_book_save(path, in, (size_t)n, &err) != 0 || bb_chess_book_open(&book, path, &err) != 0) {
        snprintf(msg, size, "book of %d entries: save or open failed: %s", n, err.msg);
        return 1;
    }
    int bad = book.count != (size_t)kept;
    for (int k = 0; !bad && k < kept; k++) {
        bb_chess_book_entry e;
        bad = bb_chess_book_entry_at(&book, (size_t)k, &e) != 0 || e.key != want[k].key ||
              e.raw_move != want[k].raw_move || e.weight != want[k].weight || e.learn != want[k].learn;
    }
    unsigned char bytes[MAXN * 16];
    size_t len = book.count * 16;
    if (len) memcpy(bytes, book.data, len);
    bb_chess_book_free(&book);
    if (bad) {
        snprintf(msg, size, "book of %d entries: read back %zu, the slow merge %d, or an entry differs", n,
                 (size_t)book.count, kept);
        return 1;
    }
    /* damaged bytes: cut, or two entries swapped */
    size_t use = soak_below(rng, 2) ? (size_t)soak_below(rng, (int)len + 1) : len;
    if (kept > 1 && soak_below(rng, 2)) {
        int a = soak_below(rng, kept), b = soak_below(rng, kept);
        unsigned char t[16];
        memcpy(t, bytes + 16 * a, 16), memcpy(bytes + 16 * a, bytes + 16 * b, 16), memcpy(bytes + 16 * b, t, 16);
    }
    int at = 0, refuse = 0;
    if (use % 16) refuse = 1, at = (int)(use - use % 16) + 1;
    for (size_t k = 1; !refuse && k < use / 16; k++) {
        uint64_t prev = 0, key = 0;
        for (int b = 0; b < 8; b++) prev = prev << 8 | bytes[16 * (k - 1) + b], key = key << 8 | bytes[16 * k + b];
        if (key < prev) refuse = 1, at = (int)(16 * k) + 1;
    }
    int got = bb_chess_book_from_memory(&book, bytes, use, &err);
    if ((got != 0) != refuse || (refuse && err.pos != at)) {
        snprintf(msg, size, "book bytes (%zu of %zu): library %d at byte %d (%s), slow %s at byte %d", use, len, got,
                 err.pos, got ? err.msg : "", refuse ? "refuses" : "takes", at);
        if (!got) bb_chess_book_free(&book);
        return 1;
    }
    if (!got) bb_chess_book_free(&book);
    return 0;
}

void soak_area_records(uint64_t seed, int64_t first, int64_t last, soak_stats *st)
{
    static char msg[1024];
    char path[] = "/tmp/bb-soak-book-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) {
        soak_report_failure(AREA, seed, first, "cannot make a temporary file for the book");
        st->failures++;
        return;
    }
    close(fd);
    st->work_name = "checks";
    for (int64_t i = first; (last < 0 || i <= last) && soak_time_left(); i++) {
        soak_rng rng = soak_rng_of(soak_case_seed(seed, i));
        msg[0] = '\0';
        int bad = check_wthor(&rng, msg, sizeof msg) || check_text(&rng, msg, sizeof msg) ||
                  check_book(&rng, path, msg, sizeof msg);
        st->cases++;
        st->work += 3;
        if (bad) {
            st->failures++;
            soak_report_failure(AREA, seed, i, "%s", msg);
        }
    }
    remove(path);
}
