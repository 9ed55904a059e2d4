/* Private to src/chess/: the PGN reader's state, shared by the reader
 * (pgn.c) and the pool that reads a stream on threads (pgn_pool.c).  Not API. */
#ifndef BITBOARD_SRC_CHESS_PGN_INTERNAL_H
#define BITBOARD_SRC_CHESS_PGN_INTERNAL_H

#include <stdint.h>
#include <stdio.h>

#include "bitboard.h"
#include "../core/input.h"

/* The bytes of the input from `from` on that have left the reader's window
 * (refill appends them before it reads the next window): with the window's
 * own, the text of the games read since `from`.  oom: an append failed. */
typedef struct {
    char *buf;
    size_t len, cap;
    uint64_t from;
    int oom;
} bb__pgn_tee;

enum { WINDOW = 1 << 20, MAX_DEPTH = 64, TOKEN_MAX = 32 };

struct bb_pgn_reader {
    bb_input *in;                  /* the input (decompressed if it is compressed), or NULL: */
    FILE *f;                       /* a range of a plain file, read as it is */
    int close_f;
    unsigned char *buf;            /* FILE mode: the window's storage */
    const unsigned char *win, *p, *end; /* the window and the read point */
    uint64_t base;                 /* the offset of win in the input */
    uint64_t line_start;           /* the offset of the current line's first byte */
    long line;
    int eof;                       /* FILE mode: nothing more to read */
    int limited;                   /* FILE mode: read at most `remaining` more bytes */
    uint64_t remaining;
    int read_errno;
    char read_msg[256];
    long game;
    char *text;                    /* scratch: a comment or a tag value */
    size_t text_len, text_cap;
    struct game_state *state;      /* a game's state, kept from game to game */
    bb__pgn_tee *tee;              /* NULL, or where the bytes leaving the window are kept (pgn_pool.c) */
};

#endif /* BITBOARD_SRC_CHESS_PGN_INTERNAL_H */
