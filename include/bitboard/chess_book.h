/* bitboard/chess_book.h - Polyglot opening books (.bin files): read one,
 * look up a position's moves, pick one by weight, and write books.
 * Included by <bitboard.h>.  How it works: docs/CHESS.md.
 *
 * A Polyglot book is a file of 16-byte entries, each big-endian: the
 * position's Polyglot key (8 bytes, bb_chess_key), the move (2), its weight
 * (2) and a learn field (4), sorted by key.  The move: to file bits 0-2, to
 * row 3-5, from file 6-8, from row 9-11, promotion 12-14 (0 none, 1 knight
 * .. 4 queen); castling is the king taking its own rook (e1h1, e1a1, e8h8,
 * e8a8, and any king-takes-rook in Chess960), which is this library's own
 * castling move.  Entries are skipped by lookup and pick unless their move
 * is exactly the encoding of a legal move of the position (a key collision,
 * a book for another variant, a bad entry): a book can never hand back an
 * illegal move.
 *
 * Contents (each name: what it returns; what it requires)
 *   bb_chess_book_entry              one entry: key, the move decoded for a position (or
 *                                    BB_CHESS_NULL_MOVE), the move as stored, weight, learn
 *   bb_chess_book                    a book in memory: its own copy of the file's bytes (count
 *                                    entries of 16 bytes, as stored); a zeroed struct is empty
 *   BB_CHESS_BOOK_ENTRY_SIZE         16, the bytes of an entry
 *   BB_CHESS_BOOK_BAD_FORMAT         -1: the bytes are not a book (size, order); *err says where
 *   BB_CHESS_BOOK_IO_ERROR           -2: the file cannot be opened, read or written, or out of
 *                                    memory; *err says which and why (strerror)
 *   bb_chess_book_open(book, path, err)  reads the whole file: 0 and *book, or one of the two
 *                                    errors above, *book empty and *err (may be NULL) filled.
 *                                    An empty file is a valid book without entries
 *   bb_chess_book_from_memory(book, data, size, err)  the same over size bytes at data, which
 *                                    are copied (data may be freed after); data may be NULL if
 *                                    size is 0
 *   bb_chess_book_free(book)         frees the copy and empties *book (a no-op on an empty one)
 *   bb_chess_book_entry_at(book, i, out)  *out = entry i (0..count-1) as stored, move
 *                                    BB_CHESS_NULL_MOVE (no position known); 0, or -1 if i is
 *                                    not below count
 *   bb_chess_book_lookup(book, pos, out, max)  the entries of pos (by pos->key, binary search)
 *                                    whose move is legal in pos, in book order, the first max of
 *                                    them into out[] with move decoded; returns how many there
 *                                    are in all (may exceed max; out may be NULL if max is 0)
 *   bb_chess_book_pick(book, pos, random)  a move of pos from the book, picked with probability
 *                                    proportional to weight: random is read as the fraction
 *                                    random / 2^64 of the total weight (so the high bits matter:
 *                                    0 picks the first entry); the same number picks the same
 *                                    move.  BB_CHESS_NULL_MOVE if no entry, or all weights 0
 *   bb_chess_book_encode_move(pos, move)  the Polyglot move of a legal move of pos (castling as
 *                                    king takes rook, e1h1); 0 if move is not legal in pos
 *   bb_chess_book_write_entry(out, e)  writes e's key, raw_move, weight and learn big-endian
 *                                    into out[0..15] (e->move is not used); returns 16
 *   bb_chess_book_save(path, entries, n, err)  writes a book file of the n entries sorted by
 *                                    key, then raw_move, entries with the same key and raw_move
 *                                    merged into one (weights added, at most 65535; the larger
 *                                    learn kept); entries are left as they are: 0, or
 *                                    BB_CHESS_BOOK_IO_ERROR, *err (may be NULL) and errno
 *                                    (why).  It writes path in place: to replace a file
 *                                    only whole, save beside it and rename (the CLI does)
 *
 * Errors: bb_parse_error.pos is the 1-based byte offset in the file of the
 * entry at fault (0: the whole file), line and column 0, msg one line of
 * printable ASCII ("truncated: 40 bytes, not a multiple of the 16-byte
 * entry; the last entry starts at byte 32 and has 8 of its 16 bytes", "not
 * sorted by key: entry 3 (byte 48) has key 0x..., below entry 2's 0x...",
 * "cannot open 'x.bin': No such file or directory"; a path is shown by its
 * last 100 characters).
 *
 * Implementation variants: none.                                          */
#ifndef BITBOARD_CHESS_BOOK_H
#define BITBOARD_CHESS_BOOK_H

#include "chess.h"

#ifdef __cplusplus
extern "C" {
#endif

#define BB_CHESS_BOOK_ENTRY_SIZE 16
enum { BB_CHESS_BOOK_BAD_FORMAT = -1, BB_CHESS_BOOK_IO_ERROR = -2 };

typedef struct {
    uint64_t key;           /* the position's Polyglot key */
    bb_chess_move move;     /* raw_move as this library's move of the position looked up,
                               or BB_CHESS_NULL_MOVE where no position is known */
    uint16_t raw_move;      /* the Polyglot move, as stored */
    uint16_t weight;
    uint32_t learn;
} bb_chess_book_entry;

typedef struct {
    unsigned char *data;    /* count * 16 bytes as in the file (big-endian); owned, or NULL */
    size_t count;           /* the number of entries */
} bb_chess_book;

int bb_chess_book_open(bb_chess_book *book, const char *path, bb_parse_error *err);
int bb_chess_book_from_memory(bb_chess_book *book, const void *data, size_t size, bb_parse_error *err);
void bb_chess_book_free(bb_chess_book *book);
int bb_chess_book_entry_at(const bb_chess_book *book, size_t i, bb_chess_book_entry *out);
int bb_chess_book_lookup(const bb_chess_book *book, const bb_chess_pos *pos, bb_chess_book_entry *out, int max);
bb_chess_move bb_chess_book_pick(const bb_chess_book *book, const bb_chess_pos *pos, uint64_t random);
uint16_t bb_chess_book_encode_move(const bb_chess_pos *pos, bb_chess_move move);
size_t bb_chess_book_write_entry(unsigned char out[16], const bb_chess_book_entry *e);
int bb_chess_book_save(const char *path, const bb_chess_book_entry *entries, size_t n, bb_parse_error *err);

#ifdef __cplusplus
}
#endif

#endif /* BITBOARD_CHESS_BOOK_H */
