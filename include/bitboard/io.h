/* bitboard/io.h - boards and squares as text.  Included by <bitboard.h>.
 *
 * Contents (each name: what it returns; what it requires)
 *   BB_IO_OTHELLO                 flag: diagrams print and read row 1 on top, files on top
 *   bb_format                     output formats, values 0..3:
 *   BB_FORMAT_HEX                   0x0000000010000000
 *   BB_FORMAT_DIAGRAM               8 rows with coordinates, newline-terminated
 *   BB_FORMAT_SQUARES               e4,d5 (ascending; "none" if empty)
 *   BB_FORMAT_JSON                  {"hex":"0x...","squares":["e4"],"count":1}; reads back
 *   BB_FORMAT_MAX                 the buffer size that holds any format's text (1024)
 *   bb_parse_error                where and why parsing failed (pos, line, column, msg)
 *   bb_parse_board(text, flags, out, err)  0 and *out, or -1 and *err (err may be NULL; a NULL
 *                                 text is "no board given", -1); out not NULL
 *   bb_parse_square(text)         0..63 for "a1".."h8" (either case) alone, else -1 (also for NULL)
 *   bb_square_name(sq, buf)       buf = "a1".."h8" for 0..63, "??" for any other sq (not an error);
 *                                 buf holds 3 bytes; returns buf
 *   bb_format_board(buf, size, x, fmt, flags)  writes x as text (NUL-terminated if size > 0);
 *                                 returns the length the full text needs, like snprintf; fmt 0..3
 *   bb_format_from_name(name, fmt)  0 and *fmt for "hex", "diagram", "squares", "json" (any case),
 *                                 else -1; name and fmt not NULL
 *   bb_input                      a file read as a stream of bytes, decompressed when it is zstd,
 *                                 gzip or bzip2 (told by its first bytes, never by its name)
 *   BB_INPUT_PLAIN  BB_INPUT_ZSTD  BB_INPUT_GZIP  BB_INPUT_BZIP2   the formats, 0..3
 *   bb_input_open(path, err)      opens path ("-": standard input): the input, or NULL and *err
 *                                 (err may be NULL): cannot open, a folder, a name ending .zst/.zstd,
 *                                 .gz/.gzip or .bz2 whose bytes are not that format, a format this
 *                                 build or machine cannot decode (the message names the library)
 *   bb_input_from_file(f, name, err)  the same over an open FILE (not closed by bb_input_close;
 *                                 name for messages, may be NULL); no check of a name
 *   bb_input_read(in, buf, n)     up to n bytes (at most 2^30) decompressed into buf: the count, 0 at
 *                                 the end, -1 on an error (bb_input_error says it; later reads -1)
 *   bb_input_error(in)            the error after a read gave -1, naming the file and the byte of
 *                                 the compressed file ("x.pgn.zst: the zstd stream is cut short: the
 *                                 file ends at byte 4096 inside a frame"), else NULL
 *   bb_input_format(in)           the input's format, one of the four above
 *   bb_input_compressed_bytes(in) the bytes taken from the file so far
 *   bb_input_close(in)            closes (the file too if bb_input_open opened it); NULL is a no-op
 *   bb_input_format_of(data, n)   the format the first n bytes at data show (BB_INPUT_PLAIN if none)
 *   bb_input_format_name(format)  "plain", "zstd", "gzip", "bzip2" ("unknown" outside 0..3)
 *
 * Accepted board text (leading and trailing white space ignored):
 *   0x10000000          hex, 1 to 16 significant digits (0X too)
 *   268435456           decimal, at most 18446744073709551615
 *   0b1000...           binary, bit 0 (a1) rightmost
 *   e4,d5  or  e4 d5    a square list (commas and/or spaces, either case);
 *                       "none" (either case) is empty.  Text of one line is
 *                       never a diagram.
 *   a diagram           8 rows of 8 cells, one row a line, rank 8 first (row 1
 *                       first with BB_IO_OTHELLO): '.', '0', '-', '_' empty;
 *                       '1', 'x', 'X', '#', '*', '@', 'o', 'O' set; cells spaced
 *                       or not.  Read strictly: a row label (white space
 *                       between it and the cells) before and/or after the cells
 *                       in every row or in none, each matching its row; a line
 *                       of file letters, exactly a..h (or A..H), only above
 *                       and/or below the rows; no blank line inside; exactly 8
 *                       cells a row.  Everything BB_FORMAT_DIAGRAM prints reads back.
 *   a JSON board        {"hex":"0x..","squares":["e4",..],"count":N} as
 *                       BB_FORMAT_JSON prints it: members in any order, "hex"
 *                       or "squares" or both, "count" optional, all agreeing;
 *                       no escapes in strings.
 *
 * bb_parse_error.msg holds printable ASCII only: control and non-ASCII bytes
 * of the input appear as \n, \t, \r or \xHH.  A diagram error's message
 * starts "line L, column C: ".                                            */
#ifndef BITBOARD_IO_H
#define BITBOARD_IO_H

#include <stdio.h>

#include "core.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
    BB_IO_OTHELLO = 1 /* diagrams print/read row 1 on top, files on top */
};

typedef enum {
    BB_FORMAT_HEX,     /* 0x0000000010000000 */
    BB_FORMAT_DIAGRAM, /* 8 rows with coordinates, then a newline-terminated */
    BB_FORMAT_SQUARES, /* e4,d5  (ascending square order; "none" if empty) */
    BB_FORMAT_JSON     /* {"hex":"0x...","squares":["e4"],"count":1} */
} bb_format;

/* Where and why parsing failed.  pos is the 1-based character position in
 * the text (0 if the whole text is at fault); line and column are 1-based
 * within a diagram (0 otherwise).  msg names the token and the problem. */
typedef struct {
    int pos, line, column;
    char msg[192];
} bb_parse_error;

/* Parses text into *out.  Returns 0, or -1 with *err (if not NULL) filled. */
int bb_parse_board(const char *text, unsigned flags, uint64_t *out, bb_parse_error *err);
/* Parses a square name "a1".."h8" (either case) alone; returns 0..63 or -1. */
int bb_parse_square(const char *text);
/* "a1".."h8" for 0..63, "??" otherwise; buf needs 3 bytes; returns buf. */
char *bb_square_name(int sq, char buf[3]);

/* Writes x in the format into buf (always NUL-terminated if size > 0) and
 * returns the length the full text needs, like snprintf.  flags: BB_IO_*.
 * BB_FORMAT_DIAGRAM needs at most BB_FORMAT_MAX bytes, the others fewer. */
size_t bb_format_board(char *buf, size_t size, uint64_t x, bb_format fmt, unsigned flags);
#define BB_FORMAT_MAX 1024
/* "hex", "diagram", "squares", "json" (any case) -> 0 and *fmt, else -1. */
int bb_format_from_name(const char *name, bb_format *fmt);

/* Input that may be compressed: the decoders are the system's libzstd,
 * zlib and libbz2, loaded when first needed (nothing more is linked);
 * memory stays constant (two 128 KiB buffers and the decoder's own).
 * Concatenated frames, members and streams are read one after another;
 * anything else after the last is an error, as is a stream cut short. */
typedef struct bb_input bb_input;
enum { BB_INPUT_PLAIN, BB_INPUT_ZSTD, BB_INPUT_GZIP, BB_INPUT_BZIP2 };
bb_input *bb_input_open(const char *path, bb_parse_error *err);
bb_input *bb_input_from_file(FILE *f, const char *name, bb_parse_error *err);
long bb_input_read(bb_input *in, void *buf, size_t n);
const char *bb_input_error(const bb_input *in);
int bb_input_format(const bb_input *in);
uint64_t bb_input_compressed_bytes(const bb_input *in);
void bb_input_close(bb_input *in);
int bb_input_format_of(const void *data, size_t n);
const char *bb_input_format_name(int format);

#ifdef __cplusplus
}
#endif

#endif /* BITBOARD_IO_H */
