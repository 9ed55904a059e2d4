/* bitboard/chess_game.h - chess games: a game with its history (push, pop,
 * repetition over its keys, SAN and UCI of every move) and PGN read and
 * written, streamed from files far larger than memory.  Included by
 * <bitboard.h>.  How it works: docs/CHESS.md, "Games" and "PGN".
 *
 * Contents (each name: what it returns; what it requires)
 *   bb_chess_game                    a game: its start position, the position now, the moves
 *                                    played with their undo records and the key before each
 *   bb_chess_game_init(g)            *g = the standard start, no moves (allocates nothing yet; on a
 *                                    game that holds arrays, free it first, or use set_start)
 *   bb_chess_game_init_fen(g, fen, err)  *g = that start (standard or Chess960), no moves: 0, or
 *                                    -1 and *err (may be NULL) as bb_chess_from_fen; *g is then the
 *                                    standard start
 *   bb_chess_game_set_start(g, pos)  clears the moves and starts again from *pos (capacity kept)
 *   bb_chess_game_reset(g)           clears the moves, back to the start position (capacity kept)
 *   bb_chess_game_free(g)            releases the move arrays; *g is then an empty standard game
 *   bb_chess_game_copy(dst, src)     *dst = *src, reusing dst's arrays: 0, or -1 out of memory;
 *                                    dst initialised (init, or an earlier game)
 *   bb_chess_game_push(g, move)      plays a move: 0, BB_CHESS_GAME_ILLEGAL if the move is not
 *                                    legal now, BB_CHESS_GAME_NO_MEMORY
 *   bb_chess_game_push_san(g, text, err)  the same for SAN; err (may be NULL) says why not
 *   bb_chess_game_push_uci(g, text, err)  the same for UCI
 *   bb_chess_game_push_null(g)       passes the turn ("--" in PGN): 0, ILLEGAL when in check
 *   bb_chess_game_pop(g)             takes back the last move and returns it; BB_CHESS_NULL_MOVE and
 *                                    nothing changed when no move is left (a popped null move
 *                                    also returns BB_CHESS_NULL_MOVE: see g->count)
 *   bb_chess_game_position(g, ply, out)  *out = the position after ply moves (0: the start): 0,
 *                                    or -1 if ply is not 0..g->count
 *   bb_chess_game_san(g, i, buf, size)   SAN of move i (0-based, with + or #): the length, as
 *                                    snprintf; "--" for a null move; 0 and "" if i is out of range
 *   bb_chess_game_uci(g, i, buf, size)   the same in UCI ("0000" for a null move)
 *   bb_chess_game_outcome(g, r)      bb_chess_outcome_of the position now, over the game's keys
 *   BB_CHESS_GAME_ILLEGAL  BB_CHESS_GAME_NO_MEMORY   push's refusals, -1 and -2
 *
 *   bb_pgn_reader                    a PGN source (opaque): a path, standard input, a FILE or bytes
 *   bb_pgn_open(path, err)           reads path ("-": standard input): the reader, or NULL and *err
 *                                    naming the file and why
 *   bb_pgn_open_file(f)              reads an open FILE (not closed by bb_pgn_close); NULL: no memory
 *   bb_pgn_open_memory(data, size)   reads size bytes (not copied: they must outlive the reader)
 *   bb_pgn_open_range(path, offset, length, err)  reads length bytes of path from offset (a part
 *                                    of bb_pgn_split): the reader, or NULL and *err
 *   bb_pgn_split(path, parts, offsets, err)  offsets[0..parts]: 0, the reader's own game ends
 *                                    (a result, then a line start) near each parts-th of the
 *                                    file, its size (ascending; parts may be empty), for reading
 *                                    a file in parts that read as the whole: 0, or -1 and *err
 *   bb_pgn_close(r)                  releases the reader (r may be NULL)
 *   bb_pgn_pool                      a PGN input read on threads in file order (opaque): one
 *                                    thread cuts the stream (compressed or not) into chunks of
 *                                    whole games where bb_pgn_split would, parser threads read them
 *   bb_pgn_pool_options              the work function (on a parser thread: read every game of
 *                                    the reader it is given, one chunk, numbered, lined and placed
 *                                    as in the whole input; return a result), discard, arg,
 *                                    threads (1..256), chunk_bytes (about; 0: 1 MiB)
 *   bb_pgn_pool_open(path, o, err)   starts reading path ("-": standard input): the pool, or NULL
 *                                    and *err naming the file and why
 *   bb_pgn_pool_next(p, &result)     the next chunk's result, in file order (the one before is
 *                                    done with): 1, 0 at the end, -1 a read error after the whole
 *                                    games before it (a game it cut is not given)
 *   bb_pgn_pool_error(p)             the read error after next gave -1, else NULL
 *   bb_pgn_pool_bytes(p)             the input's bytes read, decompressed: the chunks given so far,
 *                                    all once next gave 0 or -1 (as bb_pgn_bytes of one reader)
 *   bb_pgn_pool_stored_bytes(p)      the file's bytes as stored (compressed if it is) that the
 *                                    chunks given so far were cut from (ahead of their end by the
 *                                    reader's read-ahead), all once next gave 0 or -1: for progress
 *   bb_pgn_pool_close(p)             stops the threads, discards the results not taken (p may be NULL)
 *   bb_pgn_bytes(r)                  the bytes read so far
 *   bb_pgn_stored_bytes(r)           the bytes of the file as stored taken so far: a compressed
 *                                    input's compressed bytes (ahead of the games read by the
 *                                    read-ahead, at most the file's size; the size at the end),
 *                                    else bb_pgn_bytes: for progress against the file's size
 *   bb_pgn_lines(r)                  the newlines read so far
 *   bb_pgn_error                     where and why a game stopped: game number, line, column,
 *                                    the move text, why
 *   bb_pgn_visitor                   callbacks for a game's parts (tags, start, moves, NAGs,
 *                                    comments, variations, result, end), any of them
 *                                    NULL; a NULL comment callback skips comments unread; the
 *                                    moves of variations are resolved (an illegal one is the
 *                                    game's error) and given only to a visitor with variation_begin
 *   bb_pgn_visit(r, v, arg)          reads the next game, calling v's callbacks: 1 a game was read
 *                                    (v->end says whether it had an error), 0 the input has ended,
 *                                    -1 a read error (*bb_pgn_read_error; a game it cut short is
 *                                    not ended: its end callback is not called)
 *   bb_pgn_read_error(r)             the read error (errno-style text) after visit or next gave -1
 *   bb_pgn_warning(r)                the game being ended or just read (from its end callback, or
 *                                    after visit or next gave 1): NULL, or what is doubtful in a
 *                                    game read whole: its result missing (the input or the next
 *                                    game's tags come first), or the Result tag contradicting the
 *                                    movetext's result (the movetext's is the game's result, and
 *                                    the writer's Result tag); a game has at most one
 *   bb_pgn_game                      a game read by bb_pgn_next: tags, the main line as a
 *                                    bb_chess_game, the result, the error if one stopped it
 *   bb_pgn_game_init(pg)  bb_pgn_game_free(pg)   before the first next and after the last
 *   bb_pgn_next(r, pg)               the next game into *pg (main line only; comments skipped,
 *                                    variations checked): 1, 0 at the end, -1 a read error
 *   bb_pgn_tag(pg, name)             the value of tag name, or NULL
 *   bb_pgn_writer                    writes PGN in the export format to a FILE
 *   bb_pgn_writer_init(w, out)       a writer to out (a FILE open for writing)
 *   bb_pgn_writer_free(w)            releases the writer's buffers (not out)
 *   bb_pgn_writer_visitor            a visitor (arg: the writer) that writes every game it is
 *                                    shown, comments and variations kept: reading with it converts
 *                                    a file to the export format
 *   bb_pgn_write_game(w, pg)         writes a bb_pgn_game (tags, main line, result; a game with an
 *                                    error: its moves before it, result "*"): 0, or -1 a write failed
 *   bb_pgn_writer_error(w)           0, or the errno of the first failed write (ENOMEM: memory)
 *   bb_pgn_filter                    which games to keep: Elo range (both sides, either, or their
 *                                    mean), time-control classes, results, minimum plies, a tag's
 *                                    value, the variant; a zeroed one (or init) keeps every game
 *   bb_pgn_filter_init(f)            *f = keep every game
 *   bb_pgn_filter_add(f, term, err)  adds one term of the text form ("elo=2000..", "tc=blitz,rapid",
 *                                    "result=1-0", "min-plies=20", "tag:Event=X", "variant=chess960";
 *                                    docs/CHESS.md "Filters"): 0, or -1 and *err (may be NULL)
 *                                    naming the term and why; f unchanged then
 *   bb_pgn_filter_match(f, pg)       1 if the game read passes every term of f, else 0 (always 0
 *                                    for a game with an error)
 *   bb_pgn_time_class(tc)            the class of a TimeControl value by lichess's estimate
 *                                    (base + 40 * increment seconds): BB_PGN_TC_BULLET (< 180),
 *                                    BLITZ (< 480), RAPID (< 1500), CLASSICAL; -1 for NULL, "-",
 *                                    "?" or anything not "BASE" or "BASE+INC"
 *   BB_PGN_TC_BULLET  BB_PGN_TC_BLITZ  BB_PGN_TC_RAPID  BB_PGN_TC_CLASSICAL   0..3
 *   BB_PGN_ELO_BOTH  BB_PGN_ELO_EITHER  BB_PGN_ELO_MEAN   how an Elo range applies, 0..2
 *
 * Implementation variants: none.                                            */
#ifndef BITBOARD_CHESS_GAME_H
#define BITBOARD_CHESS_GAME_H

#include <stdio.h>

#include "chess.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- a game ---------------------------------------------------------------------- */

/* The fields are for reading; change a game through the functions. */
typedef struct {
    bb_chess_pos start;    /* the position before the first move */
    bb_chess_pos pos;      /* the position now, after count moves */
    bb_chess_move *moves;  /* moves[i]: the move played from position i (BB_CHESS_NULL_MOVE: a null move) */
    bb_chess_undo *undo;   /* undo[i]: what taking back moves[i] needs */
    uint64_t *keys;        /* keys[i]: the key of position i (before moves[i]): the history
                              bb_chess_outcome_of and bb_chess_repetitions take */
    int count;             /* the moves played */
    int capacity;          /* the moves the arrays hold (grows by doubling; never shrinks) */
} bb_chess_game;

enum { BB_CHESS_GAME_ILLEGAL = -1, BB_CHESS_GAME_NO_MEMORY = -2 };

void bb_chess_game_init(bb_chess_game *g);
int bb_chess_game_init_fen(bb_chess_game *g, const char *fen, bb_parse_error *err);
void bb_chess_game_set_start(bb_chess_game *g, const bb_chess_pos *pos);
void bb_chess_game_reset(bb_chess_game *g);
void bb_chess_game_free(bb_chess_game *g);
int bb_chess_game_copy(bb_chess_game *dst, const bb_chess_game *src);
int bb_chess_game_push(bb_chess_game *g, bb_chess_move move);
int bb_chess_game_push_san(bb_chess_game *g, const char *text, bb_parse_error *err);
int bb_chess_game_push_uci(bb_chess_game *g, const char *text, bb_parse_error *err);
int bb_chess_game_push_null(bb_chess_game *g);
bb_chess_move bb_chess_game_pop(bb_chess_game *g);
int bb_chess_game_position(const bb_chess_game *g, int ply, bb_chess_pos *out);
size_t bb_chess_game_san(const bb_chess_game *g, int i, char *buf, size_t size);
size_t bb_chess_game_uci(const bb_chess_game *g, int i, char *buf, size_t size);
bb_chess_outcome bb_chess_game_outcome(const bb_chess_game *g, bb_chess_result *r);

/* ---- PGN ------------------------------------------------------------------------- */

typedef struct bb_pgn_reader bb_pgn_reader;

/* Where and why a game stopped.  game counts from 1 in the input; line and
 * column (in bytes) count from 1.  move is the move text at fault ("" when
 * the fault is not a move); msg says why, in printable ASCII. */
typedef struct {
    long game;
    long line;
    long column;
    char move[32];
    char msg[224];
} bb_pgn_error;

/* A game's parts, in the order they come.  Each callback may be NULL.  The
 * strings are valid during the call only.  depth is 0 on the main line and
 * n inside n nested variations. */
typedef struct {
    void (*begin)(void *arg, long game);                       /* a game starts (number from 1) */
    void (*tag)(void *arg, const char *name, const char *value); /* a tag pair, unescaped */
    /* after the tags: the start position ([FEN], [SetUp], [Variant "Chess960"]);
       return non-zero to skip the game's moves (they are not resolved) */
    int (*start)(void *arg, const bb_chess_pos *pos);
    /* a move, resolved and legal: the position before it, the move, its text as written */
    void (*move)(void *arg, const bb_chess_pos *before, bb_chess_move move, const char *text, int depth);
    void (*nag)(void *arg, int nag, int depth);                /* $n, or !, ?, !!, ??, !?, ?! as 1..6 */
    void (*comment)(void *arg, const char *text, size_t len, int depth); /* the text between { }, or after ; */
    void (*variation_begin)(void *arg, int depth);             /* "(": depth is the variation's */
    void (*variation_end)(void *arg, int depth);               /* ")" */
    void (*result)(void *arg, const char *result);             /* "1-0", "0-1", "1/2-1/2" or "*" */
    /* the game has ended: err is NULL, or the error that stopped it (the rest
       of that game was skipped); truncated: the input ended inside the game
       or before its result */
    void (*end)(void *arg, const bb_pgn_error *err, int truncated);
} bb_pgn_visitor;

bb_pgn_reader *bb_pgn_open(const char *path, bb_pgn_error *err);
bb_pgn_reader *bb_pgn_open_file(FILE *f);
bb_pgn_reader *bb_pgn_open_memory(const char *data, size_t size);
bb_pgn_reader *bb_pgn_open_range(const char *path, uint64_t offset, uint64_t length, bb_pgn_error *err);
int bb_pgn_split(const char *path, int parts, uint64_t *offsets, bb_pgn_error *err);
void bb_pgn_close(bb_pgn_reader *r);

typedef struct bb_pgn_pool bb_pgn_pool;

/* How a pool reads.  work runs on the parser threads, at once on different
 * chunks; its result is given back by bb_pgn_pool_next in file order. */
typedef struct {
    void *(*work)(void *arg, bb_pgn_reader *r); /* reads r (one chunk) to its end; returns the result */
    void (*discard)(void *arg, void *result);   /* frees a result bb_pgn_pool_close drops untaken; may be NULL */
    void *arg;
    int threads;               /* parser threads, 1..256 */
    size_t chunk_bytes;        /* a chunk's size, about (whole games; 0: 1 MiB) */
    void *reserved_[4];        /* zero (a zeroed struct): room for later options without an ABI break */
} bb_pgn_pool_options;

bb_pgn_pool *bb_pgn_pool_open(const char *path, const bb_pgn_pool_options *o, bb_pgn_error *err);
int bb_pgn_pool_next(bb_pgn_pool *p, void **result);
const char *bb_pgn_pool_error(const bb_pgn_pool *p);
uint64_t bb_pgn_pool_bytes(bb_pgn_pool *p);
uint64_t bb_pgn_pool_stored_bytes(bb_pgn_pool *p);
void bb_pgn_pool_close(bb_pgn_pool *p);
uint64_t bb_pgn_bytes(const bb_pgn_reader *r);
uint64_t bb_pgn_stored_bytes(const bb_pgn_reader *r);
long bb_pgn_lines(const bb_pgn_reader *r);
int bb_pgn_visit(bb_pgn_reader *r, const bb_pgn_visitor *v, void *arg);
const char *bb_pgn_read_error(const bb_pgn_reader *r);
const bb_pgn_error *bb_pgn_warning(const bb_pgn_reader *r);

/* A game as bb_pgn_next reads it.  Fields for reading. */
typedef struct {
    long number;            /* the game's number in the input, from 1 */
    int ntags;
    const char **tag_names; /* ntags names and values, in the order read */
    const char **tag_values;
    bb_chess_game game;     /* the start position and the main line's moves (up to the error) */
    char result[8];         /* the result token, or "" if the game had none */
    int has_error;          /* 1: error says why the game stopped early */
    int truncated;          /* 1: the input ended inside this game */
    bb_pgn_error error;
    /* storage (private) */
    char *text_;
    size_t text_len_, text_cap_;
    int tags_cap_;
} bb_pgn_game;

void bb_pgn_game_init(bb_pgn_game *pg);
void bb_pgn_game_free(bb_pgn_game *pg);
int bb_pgn_next(bb_pgn_reader *r, bb_pgn_game *pg);
const char *bb_pgn_tag(const bb_pgn_game *pg, const char *name);

/* The writer's state (fields private).  A game is collected whole and
 * written at its end.  A game that stopped at an error is written too, as
 * far as it was read (its open variations closed) with the result "*", so
 * that the Nth game written is the Nth game read. */
typedef struct {
    FILE *out;
    int error;             /* errno of the first failed write, else 0 */
    long games;            /* games written */
    char *buf;             /* the game being written */
    size_t len, cap;
    char *tags;            /* its tags: name NUL value NUL ... */
    size_t tags_len, tags_cap;
    int col, glue, need_number, started, oom;
    char result[8];
    int depth;             /* variations open (an error inside one leaves them open) */
} bb_pgn_writer;

void bb_pgn_writer_init(bb_pgn_writer *w, FILE *out);
void bb_pgn_writer_free(bb_pgn_writer *w);
extern const bb_pgn_visitor bb_pgn_writer_visitor;
int bb_pgn_write_game(bb_pgn_writer *w, const bb_pgn_game *pg);
int bb_pgn_writer_error(const bb_pgn_writer *w);

/* ---- filters ---------------------------------------------------------------------- */

enum { BB_PGN_TC_BULLET = 0, BB_PGN_TC_BLITZ = 1, BB_PGN_TC_RAPID = 2, BB_PGN_TC_CLASSICAL = 3 };
enum { BB_PGN_ELO_BOTH = 0, BB_PGN_ELO_EITHER = 1, BB_PGN_ELO_MEAN = 2 };

/* Which games to keep; every member zero means "no condition".  A game
 * passes when it passes every condition given.  Set it with
 * bb_pgn_filter_add (the text form the CLI and Python share), or by hand. */
typedef struct {
    int elo_given;             /* 1: elo_min..elo_max applies, by elo_rule */
    int elo_min, elo_max;      /* inclusive; a missing, "?" or non-numeric Elo never passes */
    int elo_rule;              /* BB_PGN_ELO_BOTH (both sides in range), _EITHER, _MEAN (both needed) */
    unsigned time_classes;     /* bit (1u << BB_PGN_TC_x) per class kept; 0: any (an unknown class
                                  passes only when this is 0) */
    unsigned results;          /* bits 1 "1-0", 2 "0-1", 4 "1/2-1/2", 8 "*" or none; 0: any */
    int min_plies;             /* main-line plies read at least this many */
    int variant;               /* 0 any, 1 standard only, 2 Chess960 only (the start position's) */
    char tag_name[32];         /* "": none; else the tag must be present with exactly tag_value */
    char tag_value[96];
    void *reserved_[4];        /* zero (a zeroed struct): room for later options without an ABI break */
} bb_pgn_filter;

void bb_pgn_filter_init(bb_pgn_filter *f);
int bb_pgn_filter_add(bb_pgn_filter *f, const char *term, bb_parse_error *err);
int bb_pgn_filter_match(const bb_pgn_filter *f, const bb_pgn_game *pg);
int bb_pgn_time_class(const char *tc);

#ifdef __cplusplus
}
#endif

#endif /* BITBOARD_CHESS_GAME_H */
