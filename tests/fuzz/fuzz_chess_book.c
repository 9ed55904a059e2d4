/* bb_chess_book_from_memory, lookup and pick: the input is a book file.  A
 * refusal leaves the book empty with a printable, non-empty error (the
 * bytes' size not a multiple of 16, or keys out of order: checked here
 * independently); a book that opens has every entry, and is looked up in a
 * few positions and some positions one move later (the seeds hold their
 * keys).  Every move that comes back is legal, has the position's key and
 * re-encodes as the stored move; pick returns one of the moves lookup found
 * with a weight above 0 (none when their weights sum to 0). */
#include <bitboard.h>

#include "fuzz.h"

static const char *const fens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBgb - 0 1",
    "8/4P3/8/8/k7/8/8/4K3 w - - 0 1",
};
#define N_FENS (sizeof fens / sizeof fens[0])

static void check_error(const bb_parse_error *e, size_t size)
{
    FUZZ_ASSERT(e->msg[0] != '\0' && memchr(e->msg, '\0', sizeof e->msg) != NULL, "%zu bytes: empty error", size);
    for (const char *c = e->msg; *c; c++)
        FUZZ_ASSERT(*c >= 0x20 && *c <= 0x7e, "%zu bytes: unprintable byte in the error '%s'", size, e->msg);
    FUZZ_ASSERT(e->pos >= 0 && (size_t)e->pos <= size + 1, "%zu bytes: error at byte %d", size, e->pos);
}

static uint64_t key_of(const uint8_t *p)
{
    uint64_t k = 0;
    for (int i = 0; i < 8; i++) k = k << 8 | p[i];
    return k;
}

static void check_position(const bb_chess_book *book, const bb_chess_pos *pos, uint64_t random)
{
    bb_chess_book_entry e[64];
    int n = bb_chess_book_lookup(book, pos, e, 64);
    FUZZ_ASSERT(n >= 0 && (size_t)n <= book->count, "lookup: %d of %zu entries", n, book->count);
    FUZZ_ASSERT(bb_chess_book_lookup(book, pos, NULL, 0) == n, "counting alone differs");
    uint64_t total = 0;
    for (int i = 0; i < n && i < 64; i++) {
        FUZZ_ASSERT(e[i].key == pos->key, "entry %d: key 0x%016llx", i, (unsigned long long)e[i].key);
        FUZZ_ASSERT(bb_chess_is_legal(pos, e[i].move), "entry %d: illegal move 0x%04x (raw 0x%04x)", i, e[i].move,
                    e[i].raw_move);
        FUZZ_ASSERT(bb_chess_book_encode_move(pos, e[i].move) == e[i].raw_move, "entry %d: raw 0x%04x re-encodes",
                    i, e[i].raw_move);
        total += e[i].weight;
    }
    bb_chess_move m = bb_chess_book_pick(book, pos, random);
    if (n > 64) return; /* the moves past 64 are not here to compare with */
    if (total == 0) {
        FUZZ_ASSERT(m == BB_CHESS_NULL_MOVE, "pick with no weight: 0x%04x", m);
        return;
    }
    int found = 0;
    for (int i = 0; i < n; i++) found |= e[i].move == m && e[i].weight > 0;
    FUZZ_ASSERT(found, "pick 0x%04x is not a book move of weight > 0", m);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    bb_chess_book book;
    bb_parse_error err;
    memset(&err, 0, sizeof err);
    int rc = bb_chess_book_from_memory(&book, data, size, &err);
    int sorted = 1;
    for (size_t i = 16; i + 16 <= size; i += 16) sorted &= key_of(data + i - 16) <= key_of(data + i);
    int valid = size % 16 == 0 && sorted;
    if (rc != 0) {
        FUZZ_ASSERT(rc == BB_CHESS_BOOK_BAD_FORMAT && !valid, "%zu bytes: rc %d (valid: %d)", size, rc, valid);
        FUZZ_ASSERT(book.data == NULL && book.count == 0, "a refused book is not empty");
        check_error(&err, size);
        return 0;
    }
    FUZZ_ASSERT(valid && book.count == size / 16, "%zu bytes accepted as %zu entries", size, book.count);
    for (size_t i = 0; i < book.count; i++) {
        bb_chess_book_entry e;
        FUZZ_ASSERT(bb_chess_book_entry_at(&book, i, &e) == 0, "entry_at %zu", i);
        const uint8_t *p = data + 16 * i;
        FUZZ_ASSERT(e.key == key_of(p) && e.raw_move == (p[8] << 8 | p[9]) && e.weight == (p[10] << 8 | p[11]) &&
                        e.learn == ((uint32_t)p[12] << 24 | (uint32_t)p[13] << 16 | (uint32_t)p[14] << 8 | p[15]) &&
                        e.move == BB_CHESS_NULL_MOVE,
                    "entry %zu is not as stored", i);
    }
    bb_chess_book_entry past;
    FUZZ_ASSERT(bb_chess_book_entry_at(&book, book.count, &past) == -1, "entry_at past the end");
    uint64_t random = size >= 8 ? key_of(data + size - 8) : 0x9e3779b97f4a7c15ULL;
    for (size_t f = 0; f < N_FENS; f++) {
        bb_chess_pos pos;
        if (bb_chess_from_fen(&pos, fens[f], NULL) != 0) abort();
        check_position(&book, &pos, random);
        bb_chess_movelist list;
        bb_chess_generate(&pos, BB_GEN_ALL, &list);
        for (int i = 0; i < list.count && i < 4; i++) {
            bb_chess_undo u;
            bb_chess_pos next = pos;
            bb_chess_make(&next, list.moves[(size_t)i * 7 % (size_t)list.count], &u);
            check_position(&book, &next, random ^ (uint64_t)i);
        }
    }
    bb_chess_book_free(&book);
    return 0;
}
