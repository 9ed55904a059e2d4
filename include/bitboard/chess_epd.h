/* bitboard/chess_epd.h - EPD (Extended Position Description) records: a
 * position's four FEN fields and its operations (bm, am, id, c0, hmvc, D1...),
 * read, checked, changed and written back.  Test suites (WAC, ERET, ...) and
 * perft suites ("FEN ;D1 20 ;D2 400") both read.  Included by <bitboard.h>.
 * How it works: docs/CHESS.md, "EPD".
 *
 * Contents (each name: what it returns; what it requires)
 *   bb_chess_epd                     a record: the position, up to BB_CHESS_EPD_MAX_OPS operations
 *                                    and their text, all inside the struct (no allocation); its
 *                                    fields are for reading, change it through the functions
 *   BB_CHESS_EPD_MAX_OPS             32: the most operations a record holds
 *   BB_CHESS_EPD_TEXT_MAX            1024: the bytes a record's opcodes and operands take as held
 *                                    (moves in SAN), one NUL after each (a record needing more is
 *                                    an error, never cut)
 *   BB_CHESS_EPD_OPCODE_MAX          15: the longest opcode (a letter, then letters, digits, '_')
 *   bb_chess_epd_op                  one operation as bb_chess_epd_at shows it: opcode, operand
 *                                    text, how many operands, whether it is one quoted string,
 *                                    where it stood in the line
 *   BB_CHESS_EPD_SAN  BB_CHESS_EPD_UCI   how write spells the moves of bm am pm sm pv
 *   bb_chess_epd_init(rec, pos)      *rec = pos (the standard start if pos is NULL), no operations
 *   bb_chess_epd_parse(rec, line, err)  reads one EPD line (below): 0 and *rec, or -1 and *err (may
 *                                    be NULL) naming the field or operation, err->pos the 1-based
 *                                    character; every move operand is checked legal in the position
 *   bb_chess_epd_get(rec, opcode)    the operand text of opcode as held: operands one space apart,
 *                                    moves in SAN, a single quoted string without its quotes; ""
 *                                    for an operation with no operands; NULL if absent
 *   bb_chess_epd_at(rec, i, op)      *op = operation i (0 .. rec->count - 1, in record order): 0,
 *                                    or -1 if i is out of range
 *   bb_chess_epd_moves(rec, opcode, out, max, err)  the moves of bm, am, pm, sm (each legal in the
 *                                    position) or pv (a line played from it): their count (0 if the
 *                                    opcode is absent), or -1 and *err (more than max, not a move
 *                                    opcode, a move that does not resolve); out may be NULL if max is 0
 *   bb_chess_epd_perft(rec, depth, count)  1 and *count if the record has D<depth>, else 0
 *   bb_chess_epd_set(rec, opcode, operands, err)  adds the operation, or replaces the operands of
 *                                    opcode where it stands; operands as EPD writes them (moves,
 *                                    numbers, "strings"; NULL or "": none), checked as parse checks
 *                                    them (hmvc and fmvn set the position's clocks): 0, or -1 and
 *                                    *err with *rec unchanged
 *   bb_chess_epd_set_string(rec, opcode, text, err)  the same with one string operand: text holds
 *                                    no '"' and no control character (EPD strings have no escapes)
 *   bb_chess_epd_set_moves(rec, opcode, moves, n, err)  the same with n legal moves written in SAN
 *                                    (for pv, a line played from the position); n >= 1
 *   bb_chess_epd_remove(rec, opcode) 1 if opcode was there and is gone, else 0 (removing hmvc or
 *                                    fmvn puts that clock back to 0 or 1 unless the record has the
 *                                    FEN clock fields)
 *   bb_chess_epd_write(buf, size, rec, move_style)  writes the record as one line (no newline),
 *                                    moves in BB_CHESS_EPD_SAN or _UCI: returns the length the full
 *                                    text needs, like snprintf
 *   BB_CHESS_EPD_LINE_MAX            a buffer size that holds any record write produces
 *
 * A line: the four FEN fields (placement, side, castling, en passant), as
 * bb_chess_from_fen reads them (X-FEN and Shredder-FEN castling too), then
 * optionally the FEN's two clock fields (halfmove, full move), then
 * operations, each "opcode operand ...;".  A ';' may also come before the
 * first operation (perft suites: "FEN 0 1 ;D1 20 ;D2 400"), the last ';'
 * may be left out, and empty operations (";;") are skipped.  Operands are
 * separated by white space; a string runs from '"' to the next '"' (no
 * escapes: a string cannot hold '"'; it may hold ';', spaces and bytes
 * 0x80..0xff, not control characters); a word outside strings is printable
 * ASCII without ';' or '"'.  Opcodes are case-sensitive, each once per
 * record.  Operations checked as they are read:
 *   bm am pm sm  one or more moves, each legal in the position: SAN (check
 *                marks and !? may be missing or wrong, 0-0 for O-O, e8Q for
 *                e8=Q are taken too) or UCI; held as SAN with its check marks
 *   pv           one or more moves, a line played from the position (as bm)
 *   hmvc  fmvn   one number, 0..65535 and 1..65535: the position's clocks
 *                (they must agree with the FEN clock fields if both are given)
 *   D<depth>     perft suites: depth 0..64 (no leading zero), one count 0..2^64-1
 *   id  c0..c9   one operand (a bare word is taken as a string)
 * The position's clocks are hmvc and fmvn, or the FEN clock fields, else 0 and 1.
 *
 * Writing: the four fields (and the two clock fields if the line had them),
 * then the operations in the order held, each "opcode operands;" with one
 * space between operands, strings in quotes (id and c0..c9 always), and
 * the moves of bm am pm sm pv in SAN (with its check marks) or UCI by
 * move_style.  The FEN fields are standard (X-FEN letters where KQkq is
 * ambiguous), or Shredder-FEN for a Chess960 position.  A record read in the
 * perft suites' form (';' before its first operation) is written in it:
 * "FEN ;D1 20 ;D2 400".  What write produces reads back as the same record,
 * and writing that gives the same text.
 *
 * Implementation variants: none.                                            */
#ifndef BITBOARD_CHESS_EPD_H
#define BITBOARD_CHESS_EPD_H

#include "chess.h"

#ifdef __cplusplus
extern "C" {
#endif

#define BB_CHESS_EPD_MAX_OPS 32
#define BB_CHESS_EPD_TEXT_MAX 1024
#define BB_CHESS_EPD_OPCODE_MAX 15
/* the four fields, the clocks and every operation written out, moves in their longest SAN */
#define BB_CHESS_EPD_LINE_MAX (BB_CHESS_FEN_MAX + 2 * BB_CHESS_EPD_TEXT_MAX + 4 * BB_CHESS_EPD_MAX_OPS)

enum { BB_CHESS_EPD_SAN = 0, BB_CHESS_EPD_UCI = 1 };

/* One operation (bb_chess_epd_at).  The pointers point into the record and
 * stay valid until it changes. */
typedef struct {
    const char *opcode;
    const char *operands; /* as bb_chess_epd_get returns it */
    int count;            /* how many operands */
    int string;           /* 1: one quoted string, operands is its text without the quotes */
    int pos;              /* the 1-based character of the opcode in the line read, 0 if set */
} bb_chess_epd_op;

/* A record.  Read the fields; change the record through the functions. */
typedef struct {
    bb_chess_pos pos;  /* the position, its clocks from hmvc/fmvn or the FEN clock fields */
    int count;         /* operations held, 0..BB_CHESS_EPD_MAX_OPS */
    int fen_clocks;    /* 1: the line had the FEN's two clock fields; write writes them */
    int perft_form;    /* 1: the line put ';' before its first operation; write does too */
    struct {
        uint16_t opcode, operands; /* offsets into text, each NUL-terminated */
        uint16_t count;            /* operands */
        uint8_t string;            /* 1: one quoted string, held without its quotes */
        int pos;                   /* the 1-based character of the opcode in the line read (0: set) */
    } ops[BB_CHESS_EPD_MAX_OPS];
    size_t used;       /* bytes of text in use */
    char text[BB_CHESS_EPD_TEXT_MAX];
} bb_chess_epd;

void bb_chess_epd_init(bb_chess_epd *rec, const bb_chess_pos *pos);
int bb_chess_epd_parse(bb_chess_epd *rec, const char *line, bb_parse_error *err);
const char *bb_chess_epd_get(const bb_chess_epd *rec, const char *opcode);
int bb_chess_epd_at(const bb_chess_epd *rec, int i, bb_chess_epd_op *op);
int bb_chess_epd_moves(const bb_chess_epd *rec, const char *opcode, bb_chess_move *out, int max,
                       bb_parse_error *err);
int bb_chess_epd_perft(const bb_chess_epd *rec, int depth, uint64_t *count);
int bb_chess_epd_set(bb_chess_epd *rec, const char *opcode, const char *operands, bb_parse_error *err);
int bb_chess_epd_set_string(bb_chess_epd *rec, const char *opcode, const char *text, bb_parse_error *err);
int bb_chess_epd_set_moves(bb_chess_epd *rec, const char *opcode, const bb_chess_move *moves, int n,
                           bb_parse_error *err);
int bb_chess_epd_remove(bb_chess_epd *rec, const char *opcode);
size_t bb_chess_epd_write(char *buf, size_t size, const bb_chess_epd *rec, int move_style);

#ifdef __cplusplus
}
#endif

#endif /* BITBOARD_CHESS_EPD_H */
