/* Polyglot opening books (bitboard/chess_book.h):
 *   - a book built here from known entries (the start position, after 1.e4,
 *     castling both ways and for black, Chess960 castling, promotions, en
 *     passant, and entries that must be skipped: illegal moves, malformed
 *     moves, another position's key), written to a temporary file with
 *     bb_chess_book_save, its bytes compared with big-endian written by hand,
 *     read back with open and from_memory, looked up and compared;
 *   - save merging the entries that repeat a key and move (weights added up
 *     to 65535, the larger learn), in any order of the entries given;
 *   - every legal move of many positions of random games (from the start and
 *     from Chess960 starts) encoded, compared with an encoder written here
 *     from the UCI text, and decoded back by lookup from a book of them all;
 *   - pick's distribution over 2^16 evenly spread random numbers against the
 *     weights, exactly where they divide 2^16 and within one otherwise;
 *   - every error: truncated, unsorted, missing, a directory, an empty file
 *     (a valid book without entries), a file that cannot be created. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bitboard.h"
#include "harness.h"
#include "chess_positions.h"

#define START_KEY 0x463b96181691fc9cULL

/* ---- helpers --------------------------------------------------------------------------- */

/* A fresh temporary file name (the file exists, empty); the caller removes it. */
static void temp_name(char buf[64])
{
    snprintf(buf, 64, "/tmp/bb_book_XXXXXX");
    int fd = mkstemp(buf);
    CHECK(fd >= 0, "mkstemp");
    if (fd >= 0) close(fd);
}

static void write_file(const char *path, const unsigned char *data, size_t n)
{
    FILE *f = fopen(path, "wb");
    CHECK(f != NULL, "cannot create %s", path);
    if (!f) return;
    CHECK(fwrite(data, 1, n, f) == n, "write %s", path);
    fclose(f);
}

static size_t read_file(const char *path, unsigned char *buf, size_t cap)
{
    FILE *f = fopen(path, "rb");
    CHECK(f != NULL, "cannot open %s", path);
    if (!f) return 0;
    size_t n = fread(buf, 1, cap, f);
    fclose(f);
    return n;
}

static bb_chess_move uci(const bb_chess_pos *pos, const char *text)
{
    bb_chess_move m = BB_CHESS_NULL_MOVE;
    bb_parse_error e;
    CHECK(bb_chess_move_from_uci(pos, text, &m, &e) == 0, "'%s' in %s: %s", text, fen_of(pos), e.msg);
    return m;
}

/* The slow, independent encoder: the move's UCI text in king-takes-rook form, field by field. */
static uint16_t slow_encode(const bb_chess_pos *pos, bb_chess_move m)
{
    bb_chess_pos p = *pos;
    p.chess960 = 1; /* castling as the king taking its rook: e1h1 */
    char t[BB_CHESS_MOVE_TEXT_MAX];
    bb_chess_move_to_uci(t, sizeof t, &p, m);
    unsigned promo = 0;
    if (t[4]) promo = (unsigned)(strchr("nbrq", t[4]) - "nbrq") + 1;
    return (uint16_t)((unsigned)(t[2] - 'a') | (unsigned)(t[3] - '1') << 3 | (unsigned)(t[0] - 'a') << 6 |
                      (unsigned)(t[1] - '1') << 9 | promo << 12);
}

/* The slow decoder: a Polyglot move as UCI text in king-takes-rook form ("e1h1", "e7e8q"). */
static void slow_decode(uint16_t raw, char out[6])
{
    out[0] = (char)('a' + (raw >> 6 & 7)), out[1] = (char)('1' + (raw >> 9 & 7));
    out[2] = (char)('a' + (raw & 7)), out[3] = (char)('1' + (raw >> 3 & 7));
    out[4] = (raw >> 12 & 7) ? "?nbrq???"[raw >> 12 & 7] : '\0';
    out[5] = '\0';
}

/* ---- a book from known entries --------------------------------------------------------------- */

typedef struct {
    const char *fen;   /* NULL: the start position */
    const char *moves; /* played from fen first (UCI, space-separated), or NULL */
    const char *move;  /* the entry's move in king-takes-rook UCI, or "raw:0xNNNN" */
    uint16_t weight;
    uint32_t learn;
    int legal;         /* 1: lookup must return it */
} known;

#define CASTLE "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"
#define CASTLE_B "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1"
#define PROMO "8/4P3/8/8/k7/8/8/4K3 w - - 0 1"
#define EP "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"
#define SWAP960 "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBgb - 0 1"

static const known book_entries[] = {
    {NULL, NULL, "e2e4", 10, 1, 1},
    {NULL, NULL, "d2d4", 5, 2, 1},
    {NULL, NULL, "g1f3", 1, 3, 1},
    {NULL, NULL, "e2e5", 100, 4, 0},        /* not legal: skipped */
    {NULL, NULL, "raw:0x0000", 100, 5, 0},  /* a1a1 */
    {NULL, NULL, "raw:0x831c", 100, 6, 0},  /* e2e4 with bit 15 set */
    {NULL, NULL, "raw:0x731c", 100, 7, 0},  /* e2e4 with promotion 7 */
    {NULL, NULL, "raw:0x131c", 100, 8, 0},  /* e2e4=N */
    {NULL, "e2e4", "c7c5", 7, 9, 1},
    {NULL, "e2e4", "e7e5", 3, 10, 1},
    {NULL, "e2e4", "e2e4", 9, 11, 0},       /* white's move in black's position */
    {CASTLE, NULL, "e1h1", 4, 12, 1},
    {CASTLE, NULL, "e1a1", 2, 13, 1},
    {CASTLE, NULL, "e1g1", 9, 14, 0},       /* not Polyglot's castling */
    {CASTLE_B, NULL, "e8h8", 6, 15, 1},
    {CASTLE_B, NULL, "e8a8", 1, 16, 1},
    {PROMO, NULL, "e7e8q", 30, 17, 1},
    {PROMO, NULL, "e7e8n", 2, 18, 1},
    {PROMO, NULL, "e7e8r", 1, 19, 1},
    {PROMO, NULL, "raw:0x0d3c", 1, 20, 0},   /* e7e8 with no piece */
    {EP, NULL, "e5f6", 8, 21, 1},
    {EP, NULL, "e5d6", 8, 22, 0},           /* d6 is empty and not the en-passant square */
    {SWAP960, NULL, "f1g1", 5, 23, 1},      /* king takes the rook beside it */
    {SWAP960, NULL, "f1b1", 4, 24, 1},
    {SWAP960, NULL, "f1e1", 3, 25, 1},
};
#define N_KNOWN (sizeof book_entries / sizeof book_entries[0])

static void known_position(const known *k, bb_chess_pos *pos)
{
    if (k->fen) parse(pos, k->fen);
    else bb_chess_start(pos);
    if (k->moves) {
        char buf[64];
        snprintf(buf, sizeof buf, "%s", k->moves);
        for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
            bb_chess_undo u;
            bb_chess_make(pos, uci(pos, t), &u);
        }
    }
}

static uint16_t known_raw(const known *k)
{
    if (strncmp(k->move, "raw:", 4) == 0) return (uint16_t)strtoul(k->move + 4, NULL, 16);
    const char *t = k->move;
    unsigned promo = t[4] ? (unsigned)(strchr("nbrq", t[4]) - "nbrq") + 1 : 0;
    return (uint16_t)((unsigned)(t[2] - 'a') + 8u * (unsigned)(t[3] - '1') +
                      64u * ((unsigned)(t[0] - 'a') + 8u * (unsigned)(t[1] - '1')) + 4096u * promo);
}

static void known_book(bb_chess_book_entry *e)
{
    for (size_t i = 0; i < N_KNOWN; i++) {
        bb_chess_pos pos;
        known_position(&book_entries[i], &pos);
        e[i].key = pos.key;
        e[i].move = BB_CHESS_NULL_MOVE;
        e[i].raw_move = known_raw(&book_entries[i]);
        e[i].weight = book_entries[i].weight;
        e[i].learn = book_entries[i].learn;
    }
}

/* Looks up every known position in book and compares with the table. */
static void check_known(const bb_chess_book *book, const char *how)
{
    for (size_t i = 0; i < N_KNOWN; i++) {
        const known *k = &book_entries[i];
        bb_chess_pos pos;
        known_position(k, &pos);
        bb_chess_book_entry got[16];
        int n = bb_chess_book_lookup(book, &pos, got, 16);
        int want = 0, found = 0;
        for (size_t j = 0; j < N_KNOWN; j++) {
            bb_chess_pos p;
            known_position(&book_entries[j], &p);
            want += p.key == pos.key && book_entries[j].legal;
        }
        CHECK(n == want, "%s: %s: %d entries, want %d", how, fen_of(&pos), n, want);
        for (int j = 0; j < n && j < 16; j++) {
            CHECK(got[j].key == pos.key, "%s: entry %d key", how, j);
            CHECK(bb_chess_is_legal(&pos, got[j].move), "%s: entry %d: illegal move 0x%04x", how, j, got[j].move);
            if (got[j].learn == k->learn) {
                found++;
                CHECK(k->legal, "%s: %s: the skipped entry %s came back", how, fen_of(&pos), k->move);
                CHECK(got[j].raw_move == known_raw(k) && got[j].weight == k->weight, "%s: %s", how, k->move);
                bb_chess_pos p = pos;
                p.chess960 = 1;
                char t[BB_CHESS_MOVE_TEXT_MAX];
                bb_chess_move_to_uci(t, sizeof t, &p, got[j].move);
                CHECK(strcmp(t, k->move) == 0, "%s: %s: move %s, want %s", how, fen_of(&pos), t, k->move);
            }
        }
        CHECK(found == k->legal, "%s: %s: entry %s found %d times", how, fen_of(&pos), k->move, found);
    }
}

static void known_entries(void)
{
    bb_chess_book_entry e[N_KNOWN];
    known_book(e);
    bb_chess_pos start;
    bb_chess_start(&start);
    CHECK_EQ64(start.key, START_KEY, "the start position's published Polyglot key");
    CHECK_EQ64(e[0].key, START_KEY, "entry 0");
    CHECK(e[0].raw_move == 0x031c, "e2e4 is 0x031c, got 0x%04x", e[0].raw_move);
    CHECK(bb_chess_book_encode_move(&start, uci(&start, "e2e4")) == 0x031c, "encode e2e4");
    CHECK(bb_chess_book_encode_move(&start, uci(&start, "g1f3")) == 0x0195, "encode g1f3");

    /* the writer: big-endian by hand */
    unsigned char bytes[16], want[16] = {0x46, 0x3b, 0x96, 0x18, 0x16, 0x91, 0xfc, 0x9c,
                                         0x03, 0x1c, 0x00, 0x0a, 0x00, 0x00, 0x00, 0x01};
    CHECK(bb_chess_book_write_entry(bytes, &e[0]) == 16 && memcmp(bytes, want, 16) == 0, "write_entry e2e4");
    bb_chess_book_entry big = {0x0102030405060708ULL, 0, 0xa1b2, 0xc3d4, 0xe5f60718u};
    unsigned char want_big[16] = {1, 2, 3, 4, 5, 6, 7, 8, 0xa1, 0xb2, 0xc3, 0xd4, 0xe5, 0xf6, 0x07, 0x18};
    CHECK(bb_chess_book_write_entry(bytes, &big) == 16 && memcmp(bytes, want_big, 16) == 0, "write_entry order");

    /* save sorts (by key, then move) and writes every entry */
    char path[64];
    temp_name(path);
    bb_parse_error err;
    CHECK(bb_chess_book_save(path, e, N_KNOWN, &err) == 0, "save: %s", err.msg);
    unsigned char file[16 * N_KNOWN + 16];
    size_t size = read_file(path, file, sizeof file);
    CHECK(size == 16 * N_KNOWN, "file of %zu bytes", size);
    int used[N_KNOWN] = {0};
    for (size_t i = 0; i < size / 16; i++) {
        bb_chess_book_entry r = {0, 0, 0, 0, 0};
        for (int b = 0; b < 8; b++) r.key = r.key << 8 | file[16 * i + b];
        r.raw_move = (uint16_t)(file[16 * i + 8] << 8 | file[16 * i + 9]);
        r.weight = (uint16_t)(file[16 * i + 10] << 8 | file[16 * i + 11]);
        for (int b = 12; b < 16; b++) r.learn = r.learn << 8 | file[16 * i + b];
        if (i > 0) {
            uint64_t pk = 0;
            for (int b = 0; b < 8; b++) pk = pk << 8 | file[16 * (i - 1) + b];
            unsigned pm = (unsigned)(file[16 * (i - 1) + 8] << 8 | file[16 * (i - 1) + 9]);
            CHECK(pk < r.key || (pk == r.key && pm <= r.raw_move), "file entry %zu out of order", i);
        }
        int match = 0;
        for (size_t j = 0; j < N_KNOWN; j++)
            if (!used[j] && e[j].key == r.key && e[j].raw_move == r.raw_move && e[j].weight == r.weight &&
                e[j].learn == r.learn) {
                used[j] = 1, match = 1;
                break;
            }
        CHECK(match, "file entry %zu is none of the entries saved", i);
    }

    bb_chess_book book;
    memset(&book, 0x55, sizeof book);
    CHECK(bb_chess_book_open(&book, path, &err) == 0, "open: %s", err.msg);
    CHECK(book.count == N_KNOWN, "%zu entries", book.count);
    check_known(&book, "open");
    for (size_t i = 0; i < book.count; i++) {
        bb_chess_book_entry r;
        CHECK(bb_chess_book_entry_at(&book, i, &r) == 0, "entry_at %zu", i);
        unsigned char back[16];
        bb_chess_book_write_entry(back, &r);
        CHECK(memcmp(back, file + 16 * i, 16) == 0 && r.move == BB_CHESS_NULL_MOVE, "entry_at %zu as stored", i);
    }
    bb_chess_book_entry r;
    CHECK(bb_chess_book_entry_at(&book, book.count, &r) == -1, "entry_at past the end");

    /* max: the count of all, only max written */
    bb_chess_book_entry few[3];
    memset(few, 0x77, sizeof few);
    CHECK(bb_chess_book_lookup(&book, &start, few, 2) == 3, "lookup with max 2");
    CHECK(few[2].key == 0x7777777777777777ULL, "lookup wrote past max");
    CHECK(bb_chess_book_lookup(&book, &start, NULL, 0) == 3, "lookup counting only");
    bb_chess_pos other;
    parse(&other, KIWIPETE);
    CHECK(bb_chess_book_lookup(&book, &other, few, 3) == 0, "a position not in the book");
    CHECK(bb_chess_book_pick(&book, &other, 12345) == BB_CHESS_NULL_MOVE, "pick: not in the book");

    /* from_memory: the same book; the bytes are copied */
    bb_chess_book mem;
    CHECK(bb_chess_book_from_memory(&mem, file, size, &err) == 0, "from_memory: %s", err.msg);
    memset(file, 0, sizeof file);
    check_known(&mem, "from_memory");
    bb_chess_book_free(&mem);
    CHECK(mem.data == NULL && mem.count == 0, "free empties");
    bb_chess_book_free(&mem);
    bb_chess_book_free(&book);
    remove(path);
}

/* save writes entries that repeat a key and move as one: weights added (at
 * most 65535), the larger learn; the same bytes for the entries in any order. */
static void save_merges_repeats(void)
{
    bb_chess_pos start;
    bb_chess_start(&start);
    const uint64_t other = START_KEY + 1; /* another position with the same move bytes */
    bb_chess_book_entry e[7] = {
        {START_KEY, 0, 0x031c, 10, 1},     {START_KEY, 0, 0x02db, 5, 0},  {START_KEY, 0, 0x031c, 20, 7},
        {other, 0, 0x031c, 3, 0},          {START_KEY, 0, 0x0195, 65535, 2}, {START_KEY, 0, 0x0195, 1, 9},
        {START_KEY, 0, 0x031c, 4, 2},
    };
    /* what the file must hold, sorted by key, then move */
    const bb_chess_book_entry want[4] = {
        {START_KEY, 0, 0x0195, 65535, 9}, {START_KEY, 0, 0x02db, 5, 0}, {START_KEY, 0, 0x031c, 34, 7},
        {other, 0, 0x031c, 3, 0},
    };
    unsigned char want_bytes[4 * 16];
    for (int i = 0; i < 4; i++) bb_chess_book_write_entry(want_bytes + 16 * i, &want[i]);
    char path[64];
    temp_name(path);
    bb_parse_error err;
    for (int order = 0; order < 2; order++) {
        bb_chess_book_entry given[7], copy[7];
        for (int i = 0; i < 7; i++) given[i] = e[order ? 6 - i : i];
        memcpy(copy, given, sizeof copy);
        CHECK(bb_chess_book_save(path, given, 7, &err) == 0, "save: %s", err.msg);
        CHECK(memcmp(given, copy, sizeof copy) == 0, "save changed the entries given");
        unsigned char file[8 * 16];
        size_t size = read_file(path, file, sizeof file);
        CHECK(size == sizeof want_bytes && memcmp(file, want_bytes, size) == 0,
              "order %d: %zu bytes, want 4 entries (e2e4 34, d2d4 5, g1f3 65535 saturated, the other key apart)",
              order, size);
    }
    /* a lookup lists each move once */
    bb_chess_book book;
    CHECK(bb_chess_book_open(&book, path, &err) == 0, "open: %s", err.msg);
    bb_chess_book_entry got[8];
    CHECK(bb_chess_book_lookup(&book, &start, got, 8) == 3, "3 moves of the start position");
    bb_chess_book_free(&book);
    remove(path);
}

/* ---- every move of random games ----------------------------------------------------------------- */

static void check_position_moves(const bb_chess_pos *pos, const char *where)
{
    bb_chess_movelist list;
    int n = bb_chess_generate(pos, BB_GEN_ALL, &list);
    bb_chess_book_entry e[BB_CHESS_MAX_MOVES];
    for (int i = 0; i < n; i++) {
        bb_chess_move m = list.moves[i];
        uint16_t raw = bb_chess_book_encode_move(pos, m), slow = slow_encode(pos, m);
        if (raw != slow) {
            CHECK(0, "%s: %s: move 0x%04x encoded 0x%04x, want 0x%04x", where, fen_of(pos), m, raw, slow);
            return;
        }
        /* decoded by hand: from square, to square (the rook for castling), promotion */
        char t[6];
        slow_decode(raw, t);
        int from = (t[1] - '1') * 8 + (t[0] - 'a'), to = (t[3] - '1') * 8 + (t[2] - 'a');
        int piece = pos->board[from];
        CHECK(piece != BB_CHESS_EMPTY && (piece >> 3) == pos->side, "%s: %s from an empty square", where, t);
        if (bb_chess_move_kind(m) == BB_MOVE_CASTLING)
            CHECK((piece & 7) == BB_KING && pos->board[to] == pos->side * 8 + BB_ROOK, "%s: %s: castling %s", where,
                  fen_of(pos), t);
        CHECK(!t[4] || ((piece & 7) == BB_PAWN && (to >> 3) == (pos->side ? 0 : 7)), "%s: %s", where, t);
        e[i].key = pos->key, e[i].move = 0, e[i].raw_move = raw, e[i].weight = (uint16_t)(i + 1), e[i].learn = (uint32_t)i;
    }
    bb_chess_move not_legal = bb_chess_move_make(BB_A1, BB_H8, BB_MOVE_NORMAL, 0);
    if (!bb_chess_is_legal(pos, not_legal))
        CHECK(bb_chess_book_encode_move(pos, not_legal) == 0, "%s: an illegal move encodes", where);
    /* decoded back by lookup from a book of them all (in book order: sorted by raw move) */
    unsigned char bytes[16 * BB_CHESS_MAX_MOVES];
    for (int i = 0; i < n; i++) bb_chess_book_write_entry(bytes + 16 * i, &e[i]);
    bb_chess_book book;
    bb_parse_error err;
    if (bb_chess_book_from_memory(&book, bytes, 16 * (size_t)n, &err) != 0) {
        CHECK(0, "%s: %s", where, err.msg);
        return;
    }
    bb_chess_book_entry got[BB_CHESS_MAX_MOVES];
    int k = bb_chess_book_lookup(&book, pos, got, BB_CHESS_MAX_MOVES);
    CHECK(k == n, "%s: %s: %d of %d moves found", where, fen_of(pos), k, n);
    for (int i = 0; i < k && i < n; i++)
        CHECK(got[i].move == list.moves[got[i].learn] && got[i].raw_move == e[got[i].learn].raw_move &&
                  got[i].learn == (uint32_t)i,
              "%s: %s: entry %d decoded as 0x%04x", where, fen_of(pos), i, got[i].move);
    bb_chess_book_free(&book);
}

static void random_games_encoding(void)
{
    uint64_t seed = 0x600df00d;
    int positions = 0, castles = 0, promotions = 0, eps = 0;
    for (int g = 0; g < 120; g++) {
        bb_chess_pos pos;
        if (g % 3 == 2) parse(&pos, chess960[(size_t)g % N_960].fen);
        else bb_chess_start(&pos);
        char where[48];
        for (int ply = 0; ply < 160; ply++) {
            snprintf(where, sizeof where, "game %d ply %d", g, ply);
            check_position_moves(&pos, where);
            positions++;
            bb_chess_movelist list;
            int n = bb_chess_generate(&pos, BB_GEN_ALL, &list);
            if (n == 0) break;
            for (int i = 0; i < n; i++) {
                int kind = bb_chess_move_kind(list.moves[i]);
                castles += kind == BB_MOVE_CASTLING, promotions += kind == BB_MOVE_PROMOTION;
                eps += kind == BB_MOVE_EN_PASSANT;
            }
            bb_chess_undo u;
            bb_chess_make(&pos, list.moves[bbt_next(&seed) % (uint64_t)n], &u);
        }
    }
    /* the suite's own fixed positions too */
    for (size_t i = 0; i < N_WIKI; i++) {
        bb_chess_pos pos;
        parse(&pos, wiki[i].fen);
        check_position_moves(&pos, "wiki");
    }
    CHECK(positions > 10000 && castles > 100 && promotions > 100 && eps > 10,
          "coverage: %d positions, %d castling, %d promotion and %d en-passant moves", positions, castles, promotions,
          eps);
}

/* ---- pick ------------------------------------------------------------------------------------------------- */

/* A book of the start position with the given weights on e2e4 d2d4 g1f3 c2c4 (n of them), plus
 * an illegal entry of weight 1000 that must never count. */
static void weighted_book(bb_chess_book *book, const uint16_t *w, int n)
{
    static const char *const moves[] = {"e2e4", "d2d4", "g1f3", "c2c4"};
    bb_chess_pos start;
    bb_chess_start(&start);
    unsigned char bytes[16 * 5];
    for (int i = 0; i < n; i++) {
        bb_chess_book_entry e = {start.key, 0, bb_chess_book_encode_move(&start, uci(&start, moves[i])), w[i], 0};
        bb_chess_book_write_entry(bytes + 16 * i, &e);
    }
    bb_chess_book_entry bad = {start.key, 0, 0x0d3c, 1000, 0};
    bb_chess_book_write_entry(bytes + 16 * n, &bad);
    bb_parse_error err;
    CHECK(bb_chess_book_from_memory(book, bytes, 16 * (size_t)(n + 1), &err) == 0, "%s", err.msg);
}

static void pick_distribution(void)
{
    static const struct { uint16_t w[4]; int n; } c[] = {
        {{10, 5, 1, 0}, 4},  {{7, 3, 1, 0}, 3}, {{1, 0, 0, 0}, 1}, {{65535, 65535, 1, 3}, 4},
        {{0, 3, 0, 1}, 4},   {{1, 1, 1, 0}, 3}, {{40000, 25535, 1, 0}, 3},
    };
    bb_chess_pos start;
    bb_chess_start(&start);
    uint64_t seed = 99;
    for (size_t k = 0; k < sizeof c / sizeof c[0]; k++) {
        bb_chess_book book;
        weighted_book(&book, c[k].w, c[k].n);
        bb_chess_book_entry e[8];
        int n = bb_chess_book_lookup(&book, &start, e, 8);
        CHECK(n == c[k].n, "case %zu: %d entries", k, n);
        uint64_t total = 0;
        for (int i = 0; i < n; i++) total += e[i].weight;
        long count[8] = {0}, count_noisy[8] = {0};
        for (uint64_t i = 0; i < 65536; i++) {
            uint64_t r = i << 48, noisy = r | (bbt_next(&seed) >> 16);
            bb_chess_move m = bb_chess_book_pick(&book, &start, r), mn = bb_chess_book_pick(&book, &start, noisy);
            CHECK(m == bb_chess_book_pick(&book, &start, r), "case %zu: not deterministic", k);
            int hit = 0;
            for (int j = 0; j < n; j++) {
                if (e[j].move == m) count[j]++, hit++;
                if (e[j].move == mn) count_noisy[j]++;
            }
            if (!hit) {
                CHECK(0, "case %zu: random 0x%016llx picked 0x%04x, not a book move", k, (unsigned long long)r, m);
                break;
            }
        }
        for (int j = 0; j < n; j++) {
            double want = 65536.0 * e[j].weight / (double)total;
            long exact = (long)want;
            int divides = (65536ULL * e[j].weight) % total == 0;
            CHECK(divides ? count[j] == exact : (count[j] == exact || count[j] == exact + 1),
                  "case %zu move %d: %ld picks of 65536, weight %u of %llu wants %.2f", k, j, count[j], e[j].weight,
                  (unsigned long long)total, want);
            CHECK(count_noisy[j] >= exact - 2 && count_noisy[j] <= exact + 2, "case %zu move %d (noisy): %ld, want %.2f",
                  k, j, count_noisy[j], want);
        }
        /* the ends: 0 is the first entry of weight > 0, UINT64_MAX the last */
        int first = 0, last = n - 1;
        while (first < n && e[first].weight == 0) first++;
        while (last >= 0 && e[last].weight == 0) last--;
        CHECK(bb_chess_book_pick(&book, &start, 0) == e[first].move, "case %zu: pick(0)", k);
        CHECK(bb_chess_book_pick(&book, &start, UINT64_MAX) == e[last].move, "case %zu: pick(max)", k);
        bb_chess_book_free(&book);
    }
    /* all weights 0, and no entries at all */
    uint16_t zero[3] = {0, 0, 0};
    bb_chess_book book;
    weighted_book(&book, zero, 3);
    CHECK(bb_chess_book_lookup(&book, &start, NULL, 0) == 3, "zero weights: 3 entries");
    CHECK(bb_chess_book_pick(&book, &start, 0) == BB_CHESS_NULL_MOVE &&
              bb_chess_book_pick(&book, &start, 1ULL << 63) == BB_CHESS_NULL_MOVE,
          "all weights 0: no move");
    bb_chess_book_free(&book);
    weighted_book(&book, zero, 0); /* the illegal entry alone */
    CHECK(bb_chess_book_pick(&book, &start, 1ULL << 63) == BB_CHESS_NULL_MOVE, "only an illegal entry");
    bb_chess_book_free(&book);
}

/* ---- errors ------------------------------------------------------------------------------------------------ */

static void errors(void)
{
    bb_chess_pos start;
    bb_chess_start(&start);
    bb_chess_book_entry e[N_KNOWN];
    known_book(e);
    unsigned char bytes[16 * 3 + 8];
    for (int i = 0; i < 3; i++) bb_chess_book_write_entry(bytes + 16 * i, &e[i]);
    memset(bytes + 48, 0xab, 8);
    bb_chess_book book;
    bb_parse_error err;

    /* truncated: in memory and in a file */
    memset(&err, 0, sizeof err);
    book.data = (unsigned char *)bytes, book.count = 99;
    CHECK(bb_chess_book_from_memory(&book, bytes, 40, &err) == BB_CHESS_BOOK_BAD_FORMAT, "40 bytes");
    CHECK(book.data == NULL && book.count == 0, "a failed read leaves the book empty");
    CHECK(strstr(err.msg, "truncated: 40 bytes, not a multiple of the 16-byte entry; the last entry starts at byte 32"),
          "'%s'", err.msg);
    CHECK(err.pos == 33 && err.line == 0 && err.column == 0, "pos %d", err.pos);
    CHECK(bb_chess_book_from_memory(&book, bytes, 1, &err) == BB_CHESS_BOOK_BAD_FORMAT &&
              strstr(err.msg, "truncated: 1 byte,") && strstr(err.msg, "starts at byte 0") && err.pos == 1,
          "1 byte: '%s'", err.msg);
    char path[64];
    temp_name(path);
    write_file(path, bytes, 56);
    CHECK(bb_chess_book_open(&book, path, &err) == BB_CHESS_BOOK_BAD_FORMAT &&
              strstr(err.msg, "truncated: 56 bytes") && strstr(err.msg, "starts at byte 48"),
          "file of 56 bytes: '%s'", err.msg);
    CHECK(bb_chess_book_from_memory(&book, bytes, 48, &err) == 0 && book.count == 3, "48 bytes: %s", err.msg);
    bb_chess_book_free(&book);

    /* unsorted: entry 2 below entry 1 */
    bb_chess_book_entry a = {0x10, 0, 0, 1, 0}, b = {0x30, 0, 0, 1, 0}, c = {0x20, 0, 0, 1, 0};
    bb_chess_book_write_entry(bytes, &a), bb_chess_book_write_entry(bytes + 16, &b), bb_chess_book_write_entry(bytes + 32, &c);
    write_file(path, bytes, 48);
    CHECK(bb_chess_book_open(&book, path, &err) == BB_CHESS_BOOK_BAD_FORMAT, "unsorted");
    CHECK(strstr(err.msg, "not sorted by key: entry 2 (byte 32) has key 0x0000000000000020, below entry 1's "
                          "0x0000000000000030"),
          "'%s'", err.msg);
    CHECK(err.pos == 33, "pos %d", err.pos);
    CHECK(book.data == NULL && book.count == 0, "unsorted: book empty");
    /* equal keys are sorted; keys compare unsigned */
    bb_chess_book_entry hi = {0xffffffffffffffffULL, 0, 0, 1, 0};
    bb_chess_book_write_entry(bytes + 16, &a), bb_chess_book_write_entry(bytes + 32, &hi);
    CHECK(bb_chess_book_from_memory(&book, bytes, 48, &err) == 0, "equal keys: %s", err.msg);
    bb_chess_book_free(&book);
    bb_chess_book_write_entry(bytes, &hi), bb_chess_book_write_entry(bytes + 16, &a);
    CHECK(bb_chess_book_from_memory(&book, bytes, 32, &err) == BB_CHESS_BOOK_BAD_FORMAT &&
              strstr(err.msg, "entry 1 (byte 16) has key 0x0000000000000010, below entry 0's 0xffffffffffffffff"),
          "'%s'", err.msg);

    /* empty: a valid book with no entries */
    write_file(path, bytes, 0);
    memset(&book, 0x55, sizeof book);
    CHECK(bb_chess_book_open(&book, path, &err) == 0 && book.count == 0 && book.data == NULL, "empty file: %s", err.msg);
    CHECK(bb_chess_book_lookup(&book, &start, e, 3) == 0, "empty: lookup");
    CHECK(bb_chess_book_pick(&book, &start, 0) == BB_CHESS_NULL_MOVE, "empty: pick");
    bb_chess_book_free(&book);
    CHECK(bb_chess_book_from_memory(&book, NULL, 0, &err) == 0 && book.count == 0, "NULL, 0");
    bb_chess_book zero;
    memset(&zero, 0, sizeof zero);
    CHECK(bb_chess_book_lookup(&zero, &start, e, 3) == 0, "a zeroed book");

    /* missing, a directory, a file that cannot be created */
    remove(path);
    CHECK(bb_chess_book_open(&book, path, &err) == BB_CHESS_BOOK_IO_ERROR, "missing file");
    char want[128];
    snprintf(want, sizeof want, "cannot open '%s': %s", path, strerror(ENOENT));
    CHECK(strcmp(err.msg, want) == 0 && err.pos == 0, "'%s'", err.msg);
    CHECK(bb_chess_book_open(&book, "/tmp", &err) == BB_CHESS_BOOK_IO_ERROR &&
              strstr(err.msg, "'/tmp': ") && strstr(err.msg, strerror(EISDIR)),
          "a directory: '%s'", err.msg);
    /* errno says why, for a caller's own message (the CLI names the file it replaces) */
    errno = 0;
    CHECK(bb_chess_book_save("/nonexistent-dir/x.bin", e, 3, &err) == BB_CHESS_BOOK_IO_ERROR && errno == ENOENT &&
              strstr(err.msg, "cannot create '/nonexistent-dir/x.bin': No such file or directory"),
          "save: '%s', errno %d", err.msg, errno);
    if (access("/dev/full", W_OK) == 0) {
        errno = 0;
        CHECK(bb_chess_book_save("/dev/full", e, 3, &err) == BB_CHESS_BOOK_IO_ERROR && errno == ENOSPC &&
                  strstr(err.msg, "cannot write '/dev/full': No space left on device"),
              "save to /dev/full: '%s', errno %d", err.msg, errno);
    }
    /* a long path with control characters: shown printable and cut to its end */
    char long_path[300];
    memset(long_path, 'a', sizeof long_path);
    long_path[0] = '/', long_path[5] = '\n', long_path[298] = 'z', long_path[299] = '\0';
    CHECK(bb_chess_book_open(&book, long_path, &err) == BB_CHESS_BOOK_IO_ERROR, "long path");
    CHECK(strncmp(err.msg, "cannot open '...aaa", 19) == 0 && strstr(err.msg, "az': ") && strlen(err.msg) < 190,
          "'%s'", err.msg);
    long_path[290] = '\t';
    bb_chess_book_open(&book, long_path, &err);
    CHECK(strstr(err.msg, "\\x09"), "'%s'", err.msg);
    for (const char *p = err.msg; *p; p++) CHECK(*p >= 0x20 && *p <= 0x7e, "unprintable byte in '%s'", err.msg);
}

int main(void)
{
    RUN(known_entries);
    RUN(save_merges_repeats);
    RUN(random_games_encoding);
    RUN(pick_distribution);
    RUN(errors);
    return bbt_finish("chess_book");
}
