/* Polyglot opening books: the file read whole into memory and checked
 * (size, order by key), entries found by binary search on the key, each
 * move accepted only if it is the encoding of a legal move of the position,
 * a weighted pick from the caller's random number, and the writer (which
 * merges entries that repeat a position and move). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess_internal.h"
#include "../core/text.h"

enum { ENTRY = BB_CHESS_BOOK_ENTRY_SIZE };

/* ---- bytes ---------------------------------------------------------------------------- */

static uint64_t get_be(const unsigned char *p, int n)
{
    uint64_t v = 0;
    for (int i = 0; i < n; i++) v = v << 8 | p[i];
    return v;
}
static void put_be(unsigned char *p, uint64_t v, int n)
{
    for (int i = n - 1; i >= 0; i--, v >>= 8) p[i] = (unsigned char)(v & 0xFF);
}
static uint64_t key_at(const bb_chess_book *b, size_t i) { return get_be(b->data + i * ENTRY, 8); }
static uint16_t raw_at(const bb_chess_book *b, size_t i) { return (uint16_t)get_be(b->data + i * ENTRY + 8, 2); }

static void decode(const unsigned char *p, bb_chess_book_entry *e)
{
    e->key = get_be(p, 8);
    e->move = BB_CHESS_NULL_MOVE;
    e->raw_move = (uint16_t)get_be(p + 8, 2);
    e->weight = (uint16_t)get_be(p + 10, 2);
    e->learn = (uint32_t)get_be(p + 12, 4);
}

/* The 1-based byte offset of entry i for bb_parse_error.pos (0 if it does not fit an int). */
static int pos_of(size_t i) { return i < (size_t)(INT_MAX / ENTRY) ? (int)(i * ENTRY + 1) : 0; }

/* path as printable ASCII for a message: at most the last 100 characters (after "..."). */
static const char *path_text(char buf[4 * 100 + 4], const char *path)
{
    static const char hex[] = "0123456789abcdef";
    size_t n = strlen(path), start = n > 100 ? n - 97 : 0, o = 0;
    if (start) memcpy(buf, "...", 3), o = 3;
    for (size_t i = start; i < n; i++) {
        unsigned char c = (unsigned char)path[i];
        if (c >= 0x20 && c <= 0x7e) buf[o++] = (char)c;
        else buf[o++] = '\\', buf[o++] = 'x', buf[o++] = hex[c >> 4], buf[o++] = hex[c & 15];
    }
    buf[o] = '\0';
    return buf;
}

/* ---- reading ------------------------------------------------------------------------- */

/* Checks size and order; takes ownership of data (malloc'd, or NULL for size 0). */
static int adopt(bb_chess_book *book, unsigned char *data, size_t size, bb_parse_error *err)
{
    if (size % ENTRY) {
        size_t last = size - size % ENTRY;
        free(data);
        return bb__fail(err, pos_of(last / ENTRY), 0, 0,
                        "truncated: %zu byte%s, not a multiple of the %d-byte entry; the last entry starts at "
                        "byte %zu and has %zu of its %d bytes",
                        size, size == 1 ? "" : "s", ENTRY, last, size % ENTRY, ENTRY);
    }
    bb_chess_book b = {data, size / ENTRY};
    for (size_t i = 1; i < b.count; i++) {
        uint64_t prev = key_at(&b, i - 1), key = key_at(&b, i);
        if (key < prev) {
            free(data);
            return bb__fail(err, pos_of(i), 0, 0,
                            "not sorted by key: entry %zu (byte %zu) has key 0x%016llx, below entry %zu's 0x%016llx",
                            i, i * ENTRY, (unsigned long long)key, i - 1, (unsigned long long)prev);
        }
    }
    *book = b;
    return 0;
}

int bb_chess_book_from_memory(bb_chess_book *book, const void *data, size_t size, bb_parse_error *err)
{
    BB__ASSERT_NOT_NULL(book, "book");
    if (size) BB__ASSERT_NOT_NULL(data, "data");
    if (!book) return BB_CHESS_BOOK_BAD_FORMAT;
    book->data = NULL, book->count = 0;
    if (!data && size) return bb__fail(err, 0, 0, 0, "no data: NULL with a size of %zu bytes", size);
    unsigned char *copy = NULL;
    if (size) {
        copy = malloc(size);
        if (!copy) {
            bb__fail(err, 0, 0, 0, "out of memory: cannot copy a book of %zu bytes", size);
            return BB_CHESS_BOOK_IO_ERROR;
        }
        memcpy(copy, data, size);
    }
    return adopt(book, copy, size, err);
}

int bb_chess_book_open(bb_chess_book *book, const char *path, bb_parse_error *err)
{
    BB__ASSERT_NOT_NULL(book, "book");
    BB__ASSERT_NOT_NULL(path, "path");
    if (!book) return BB_CHESS_BOOK_BAD_FORMAT;
    book->data = NULL, book->count = 0;
    char shown[4 * 100 + 4];
    if (!path) {
        bb__fail(err, 0, 0, 0, "no file given");
        return BB_CHESS_BOOK_IO_ERROR;
    }
    FILE *f = fopen(path, "rb");
    if (!f) {
        bb__fail(err, 0, 0, 0, "cannot open '%s': %s", path_text(shown, path), strerror(errno));
        return BB_CHESS_BOOK_IO_ERROR;
    }
    unsigned char *data = NULL;
    size_t size = 0, cap = 0;
    for (;;) {
        if (size == cap) {
            size_t more = cap ? cap : 64 * 1024;
            unsigned char *p = more <= SIZE_MAX - cap ? realloc(data, cap + more) : NULL;
            if (!p) {
                free(data), fclose(f);
                bb__fail(err, 0, 0, 0, "out of memory reading '%s' (%zu bytes so far)", path_text(shown, path), size);
                return BB_CHESS_BOOK_IO_ERROR;
            }
            data = p, cap += more;
        }
        size_t got = fread(data + size, 1, cap - size, f);
        size += got;
        if (got == 0 || size < cap) {
            if (ferror(f)) {
                int e = errno;
                free(data), fclose(f);
                bb__fail(err, 0, 0, 0, "cannot read '%s': %s", path_text(shown, path), strerror(e));
                return BB_CHESS_BOOK_IO_ERROR;
            }
            if (feof(f)) break;
        }
    }
    fclose(f);
    if (size == 0) free(data), data = NULL;
    return adopt(book, data, size, err);
}

void bb_chess_book_free(bb_chess_book *book)
{
    if (!book) return;
    free(book->data);
    book->data = NULL, book->count = 0;
}

int bb_chess_book_entry_at(const bb_chess_book *book, size_t i, bb_chess_book_entry *out)
{
    BB__ASSERT_NOT_NULL(book, "book");
    BB__ASSERT_NOT_NULL(out, "out");
    if (!book || !out || i >= book->count) return -1;
    decode(book->data + i * ENTRY, out);
    return 0;
}

/* ---- moves ------------------------------------------------------------------------------ */

/* Polyglot's move: to (file 0-2, row 3-5) is our square number, from (6-11) likewise, the
 * promotion piece 1..4 is BB_KNIGHT..BB_QUEEN; castling is king takes rook in both. */
static uint16_t encode(bb_chess_move m)
{
    unsigned promo = bb_chess_move_kind(m) == BB_MOVE_PROMOTION ? (unsigned)bb_chess_move_promotion(m) : 0u;
    return (uint16_t)((unsigned)bb_chess_move_to(m) | (unsigned)bb_chess_move_from(m) << 6 | promo << 12);
}

uint16_t bb_chess_book_encode_move(const bb_chess_pos *pos, bb_chess_move move)
{
    BB__ASSERT_NOT_NULL(pos, "pos");
    if (!pos || !bb_chess_is_legal(pos, move)) return 0;
    return encode(move);
}

/* The legal moves of a position and their Polyglot encodings. */
typedef struct {
    bb_chess_movelist list;
    uint16_t raw[BB_CHESS_MAX_MOVES];
} legal_moves;

static void legal_init(legal_moves *l, const bb_chess_pos *pos)
{
    bb_chess_generate(pos, BB_GEN_ALL, &l->list);
    for (int i = 0; i < l->list.count; i++) l->raw[i] = encode(l->list.moves[i]);
}
/* The legal move stored as raw, or BB_CHESS_NULL_MOVE. */
static bb_chess_move legal_find(const legal_moves *l, uint16_t raw)
{
    for (int i = 0; i < l->list.count; i++)
        if (l->raw[i] == raw) return l->list.moves[i];
    return BB_CHESS_NULL_MOVE;
}

/* The first entry whose key is not below key. */
static size_t lower_bound(const bb_chess_book *b, uint64_t key)
{
    size_t lo = 0, hi = b->count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (key_at(b, mid) < key) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

int bb_chess_book_lookup(const bb_chess_book *book, const bb_chess_pos *pos, bb_chess_book_entry *out, int max)
{
    BB__ASSERT_NOT_NULL(book, "book");
    BB__ASSERT_NOT_NULL(pos, "pos");
    if (max > 0) BB__ASSERT_NOT_NULL(out, "out");
    if (!book || !pos || !book->data) return 0;
    if (!out || max < 0) max = 0;
    size_t i = lower_bound(book, pos->key);
    if (i == book->count || key_at(book, i) != pos->key) return 0;
    legal_moves l;
    legal_init(&l, pos);
    int found = 0;
    for (; i < book->count && key_at(book, i) == pos->key && found < INT_MAX; i++) {
        bb_chess_move m = legal_find(&l, raw_at(book, i));
        if (m == BB_CHESS_NULL_MOVE) continue;
        if (found < max) {
            decode(book->data + i * ENTRY, &out[found]);
            out[found].move = m;
        }
        found++;
    }
    return found;
}

/* The high 64 bits of the 128-bit product a * b. */
static uint64_t mul_high(uint64_t a, uint64_t b)
{
    uint64_t al = a & 0xFFFFFFFFu, ah = a >> 32, bl = b & 0xFFFFFFFFu, bh = b >> 32;
    uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
    uint64_t mid = (ll >> 32) + (lh & 0xFFFFFFFFu) + (hl & 0xFFFFFFFFu);
    return hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
}

bb_chess_move bb_chess_book_pick(const bb_chess_book *book, const bb_chess_pos *pos, uint64_t random)
{
    BB__ASSERT_NOT_NULL(book, "book");
    BB__ASSERT_NOT_NULL(pos, "pos");
    if (!book || !pos || !book->data) return BB_CHESS_NULL_MOVE;
    size_t first = lower_bound(book, pos->key), end = first;
    while (end < book->count && key_at(book, end) == pos->key) end++;
    if (first == end) return BB_CHESS_NULL_MOVE;
    legal_moves l;
    legal_init(&l, pos);
    uint64_t total = 0; /* at most 65535 per entry: no overflow below 2^48 entries */
    for (size_t i = first; i < end; i++)
        if (legal_find(&l, raw_at(book, i)) != BB_CHESS_NULL_MOVE) total += get_be(book->data + i * ENTRY + 10, 2);
    if (total == 0) return BB_CHESS_NULL_MOVE;
    uint64_t target = mul_high(random, total), sum = 0; /* floor(random / 2^64 * total) < total */
    for (size_t i = first; i < end; i++) {
        bb_chess_move m = legal_find(&l, raw_at(book, i));
        if (m == BB_CHESS_NULL_MOVE) continue;
        sum += get_be(book->data + i * ENTRY + 10, 2);
        if (sum > target) return m;
    }
    return BB_CHESS_NULL_MOVE; /* not reached: sum ends at total > target */
}

/* ---- writing ------------------------------------------------------------------------------ */

size_t bb_chess_book_write_entry(unsigned char out[16], const bb_chess_book_entry *e)
{
    BB__ASSERT_NOT_NULL(out, "out");
    BB__ASSERT_NOT_NULL(e, "e");
    if (!out || !e) return 0;
    put_be(out, e->key, 8);
    put_be(out + 8, e->raw_move, 2);
    put_be(out + 10, e->weight, 2);
    put_be(out + 12, e->learn, 4);
    return ENTRY;
}

static int by_key_then_move(const void *a, const void *b)
{
    const bb_chess_book_entry *x = a, *y = b;
    if (x->key != y->key) return x->key < y->key ? -1 : 1;
    return (x->raw_move > y->raw_move) - (x->raw_move < y->raw_move);
}

/* Merges the entries of e[0..n) (sorted) that repeat a key and move into the
 * first of them: the weights added up to 65535 at most, the larger learn
 * kept (both rules give the same entry in any order); returns how many are left. */
static size_t merge_repeats(bb_chess_book_entry *e, size_t n)
{
    size_t kept = 0;
    for (size_t i = 0; i < n; i++) {
        bb_chess_book_entry *last = kept ? &e[kept - 1] : NULL;
        if (last && last->key == e[i].key && last->raw_move == e[i].raw_move) {
            unsigned w = (unsigned)last->weight + e[i].weight;
            last->weight = (uint16_t)(w > 65535u ? 65535u : w);
            if (e[i].learn > last->learn) last->learn = e[i].learn;
        } else {
            e[kept++] = e[i];
        }
    }
    return kept;
}

int bb_chess_book_save(const char *path, const bb_chess_book_entry *entries, size_t n, bb_parse_error *err)
{
    BB__ASSERT_NOT_NULL(path, "path");
    if (n) BB__ASSERT_NOT_NULL(entries, "entries");
    char shown[4 * 100 + 4];
    if (!path) {
        bb__fail(err, 0, 0, 0, "no file given");
        return BB_CHESS_BOOK_IO_ERROR;
    }
    if (!entries) n = 0;
    bb_chess_book_entry *sorted = n ? malloc(n * sizeof *sorted) : NULL;
    if (n && (n > SIZE_MAX / sizeof *sorted || !sorted)) {
        free(sorted);
        bb__fail(err, 0, 0, 0, "out of memory: cannot sort %zu entries", n);
        errno = ENOMEM;
        return BB_CHESS_BOOK_IO_ERROR;
    }
    if (n) memcpy(sorted, entries, n * sizeof *sorted);
    if (n > 1) qsort(sorted, n, sizeof *sorted, by_key_then_move);
    n = merge_repeats(sorted, n);
    FILE *f = fopen(path, "wb");
    if (!f) {
        int e = errno;
        free(sorted);
        bb__fail(err, 0, 0, 0, "cannot create '%s': %s", path_text(shown, path), strerror(e));
        errno = e;
        return BB_CHESS_BOOK_IO_ERROR;
    }
    unsigned char block[256 * ENTRY];
    int failed = 0;
    for (size_t i = 0; i < n && !failed;) {
        size_t k = 0;
        for (; k < 256 && i < n; k++, i++) bb_chess_book_write_entry(block + k * ENTRY, &sorted[i]);
        failed = fwrite(block, ENTRY, k, f) != k;
    }
    int e = errno;
    if (fclose(f) != 0 && !failed) failed = 1, e = errno;
    free(sorted);
    if (failed) {
        bb__fail(err, 0, 0, 0, "cannot write '%s': %s", path_text(shown, path), strerror(e));
        errno = e;
        return BB_CHESS_BOOK_IO_ERROR;
    }
    return 0;
}
