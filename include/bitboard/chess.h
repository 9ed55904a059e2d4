/* bitboard/chess.h - chess: positions, legal move generation (standard and
 * Chess960), make and unmake, FEN, UCI and SAN, Polyglot keys, the
 * symmetries the rules allow, and perft.  Included by <bitboard.h>.  How it
 * works: docs/CHESS.md.
 *
 * Squares as everywhere in the library: a1 = 0 ... h8 = 63.  Colours: white
 * 0, black 1 (the same numbers as bb_pawn_attacks).  Moves are 16-bit
 * values (bb_chess_move); castling is written internally as the king taking
 * its own rook (from = king square, to = rook square), which covers
 * Chess960 without special cases; UCI text writes e1g1 for standard games.
 *
 * Contents (each name: what it returns; what it requires)
 *   bb_chess_pos                     a position: piece boards by colour and type, the piece on each
 *                                    square, side to move, castling rights and their rooks, the
 *                                    en-passant square, clocks, the Polyglot key
 *   BB_WHITE  BB_BLACK               the colours, 0 and 1
 *   BB_PAWN  BB_KNIGHT  BB_BISHOP  BB_ROOK  BB_QUEEN  BB_KING   the piece types, 0..5
 *   BB_CHESS_EMPTY                   pos->board[sq] of an empty square (else colour * 8 + type)
 *   BB_CASTLE_WK  BB_CASTLE_WQ  BB_CASTLE_BK  BB_CASTLE_BQ   the castling-right bits 1, 2, 4, 8
 *   BB_CHESS_NO_EP                   pos->ep when there is no en-passant square (64)
 *   bb_chess_move                    a move: from (bits 0-5), to (6-11), promotion piece (12-13:
 *                                    knight..queen as 0..3), kind (14-15)
 *   BB_MOVE_NORMAL  BB_MOVE_PROMOTION  BB_MOVE_EN_PASSANT  BB_MOVE_CASTLING   the kinds
 *   BB_CHESS_NULL_MOVE               0: no move (a1a1)
 *   bb_chess_move_make(from, to, kind, promo)  the move value; promo BB_KNIGHT..BB_QUEEN or 0
 *   bb_chess_move_from(m)  bb_chess_move_to(m)  bb_chess_move_kind(m)  bb_chess_move_promotion(m)
 *                                    the parts (promotion as BB_KNIGHT..BB_QUEEN)
 *   bb_chess_movelist                up to BB_CHESS_MAX_MOVES moves and their count
 *   BB_CHESS_MAX_MOVES               256 (the most legal moves of any position is 218)
 *   bb_chess_gen                     what to generate:
 *   BB_GEN_ALL                         every legal move
 *   BB_GEN_CAPTURES                    captures (en passant too) and every promotion
 *   BB_GEN_QUIETS                      the rest: non-capturing non-promotions, castling
 *   bb_chess_undo                    what unmake needs back (filled by make)
 *   bb_chess_start(pos)              *pos = the standard start position; pos not NULL
 *   bb_chess_from_fen(pos, text, err)   reads FEN, X-FEN or Shredder-FEN: 0 and *pos, or -1 and
 *                                    *err (may be NULL) naming the field and position of the fault
 *   bb_chess_to_fen(buf, size, pos, style)  writes FEN in one of the styles below; returns the length
 *                                    needed, like snprintf
 *   BB_FEN_STANDARD  BB_FEN_SHREDDER  BB_FEN_XFEN   the castling field's style (standard KQkq
 *                                    falls back to X-FEN's file letters where KQkq is ambiguous)
 *   BB_CHESS_FEN_MAX                 a buffer size that holds any FEN the library writes
 *   bb_chess_generate(pos, mode, list)   the legal moves of mode into *list; returns their count
 *   bb_chess_generate_with(m, pos, mode, list)  the same with slider attacks by method m; m available
 *   bb_chess_make(pos, move, undo)   plays a legal move, key updated incrementally; *undo for unmake
 *                                    (move must be legal in pos: BB_DEBUG checks it, naming it in UCI)
 *   bb_chess_unmake(pos, move, undo) takes back the move make played with that undo
 *   bb_chess_make_null(pos, undo)    passes the turn (null-move pruning): side flipped, en passant
 *                                    cleared, halfmove clock + 1, key updated; pos not in check
 *                                    (BB_DEBUG checks it)
 *   bb_chess_unmake_null(pos, undo)  takes back the null move make_null played with that undo
 *   bb_chess_is_legal(pos, move)     1 if move is one of the legal moves of pos, else 0 (any value)
 *   bb_chess_is_check(pos)           1 if the side to move is in check
 *   bb_chess_checkers(pos)           the pieces giving check to the side to move
 *   bb_chess_pinned(pos)             the side to move's pieces pinned to its king
 *   bb_chess_attackers_to(pos, sq, occ)  the pieces of both colours attacking sq, sliders seen
 *                                    through occupancy occ; sq 0..63
 *   bb_chess_key(pos)                the Polyglot key computed from scratch (pos->key is kept equal)
 *   bb_chess_move_to_uci(buf, size, pos, move)  UCI text ("e2e4", "e7e8q"; castling e1g1, or the
 *                                    king-takes-rook e1h1 when pos->chess960); returns the length
 *   bb_chess_move_from_uci(pos, text, move, err)  0 and the legal move, or -1 and *err
 *   bb_chess_move_to_san(buf, size, pos, move)  SAN ("Nbd7", "exd6", "O-O", "e8=Q+", "Qh4#")
 *   bb_chess_moves_to_san(buf, size, pos, moves, count)  the SAN of each of count legal moves,
 *                                    one space apart, as snprintf writes (the length it needs); 0
 *                                    and "" if one of them is not legal in pos.  Faster than one
 *                                    call per move: the legal moves are generated once
 *   bb_chess_move_from_san(pos, text, move, err)  0 and the move, or -1 and *err naming why
 *                                    (no such move, ambiguous, illegal, malformed)
 *   BB_CHESS_MOVE_TEXT_MAX           a buffer size that holds any move's UCI or SAN text
 *   bb_chess_sym_allowed(pos, s, why)   1 if symmetry s (bb_sym) keeps pos a position of the same
 *                                    game, else 0 and *why (may be NULL) saying which rule forbids it
 *   bb_chess_transform(pos, s, out, why)  *out = pos under symmetry s: 0, or -1 and *why if the
 *                                    rules forbid it (castling rights, pawns)
 *   bb_chess_color_flip(pos, out)    *out = pos mirrored top to bottom with the colours swapped
 *                                    (always allowed)
 *   bb_chess_outcome                 how a game stands, values 0..7 in this order:
 *   BB_CHESS_ONGOING                   no rule ends the game and no draw can be claimed
 *   BB_CHESS_CHECKMATE                 game over: the side to move is mated
 *   BB_CHESS_STALEMATE                 game over: no legal move, not in check
 *   BB_CHESS_INSUFFICIENT_MATERIAL     game over: a dead position of bb_chess_insufficient_material
 *   BB_CHESS_SEVENTYFIVE_MOVES         game over: 150 plies without a capture or pawn move
 *   BB_CHESS_FIVEFOLD_REPETITION       game over: the position for the fifth time
 *   BB_CHESS_FIFTY_MOVES               the side to move may claim a draw: 100 plies without either
 *   BB_CHESS_THREEFOLD_REPETITION      the side to move may claim a draw: the third time
 *   BB_CHESS_OUTCOME_COUNT           8
 *   bb_chess_result                  an outcome and why: the winner, game over or a claim, the
 *                                    repetitions, one line of text
 *   bb_chess_outcome_of(pos, history, n, r)  how the game stands (the first rule that applies, in
 *                                    the order above); *r (may be NULL) says why.  history: the
 *                                    keys of the game's earlier positions, oldest first (NULL, 0:
 *                                    none known); pos not NULL
 *   bb_chess_game_over(pos, history, n)   1 if a rule ends the game (the first five outcomes)
 *   bb_chess_can_claim_draw(pos, history, n)  1 if the side to move may claim a draw (fifty
 *                                    moves, threefold) and no rule has ended the game
 *   bb_chess_insufficient_material(pos)  1 for the dead positions decided cheaply: no pawn, rook
 *                                    or queen, and at most one minor piece (K v K, K+N v K, K+B v
 *                                    K) or only bishops, all on squares of one colour
 *   bb_chess_repetitions(pos, history, n)  how many times pos has stood: 1 + the earlier positions
 *                                    with its key, the same side to move, within its halfmove clock
 *   bb_chess_outcome_name(o)         "ongoing", "checkmate", "stalemate", "insufficient material",
 *                                    "seventy-five-move rule", "fivefold repetition", "fifty-move
 *                                    rule", "threefold repetition"; NULL if o is not 0..7
 *   bb_chess_perft_opts              perft's options (a zeroed struct: the fastest method, one thread,
 *                                    no table, no progress, no report)
 *   bb_chess_perft_stats             what a perft call reports back: overflow, table, stopped
 *   bb_chess_perft(pos, depth, opts)   the number of legal move sequences depth plies deep; depth >= 0;
 *                                    UINT64_MAX if that number does not fit in 64 bits (never a
 *                                    wrapped count)
 *   BB_CHESS_PERFT_MAX_DEPTH         13: the deepest perft the CLI, Python and JS accept (the library
 *                                    itself counts any depth, saturating at UINT64_MAX)
 *   BB_CHESS_PERFT_MAX_DEPTH_WHY     why, one string for their errors
 *   bb_chess_perft_divide(pos, depth, opts, each, arg)  the same, calling each(move, count, arg) for
 *                                    every root move in generation order; returns the total
 *   bb_chess_perft_verify(pos, depth, report, size)  walks the tree comparing the generator with a
 *                                    slow one (naive attacks, make and test): 0 if every list agrees,
 *                                    else 1 and a report of the first difference (FEN, moves)
 *
 * Implementation variants: none; the attack method is a parameter
 * (bb_chess_generate_with, bb_chess_perft_opts.method).                  */
#ifndef BITBOARD_CHESS_H
#define BITBOARD_CHESS_H

#include "core.h"
#include "io.h"      /* bb_parse_error */
#include "sym.h"     /* bb_sym */
#include "attacks.h" /* bb_attack_method */

#ifdef __cplusplus
extern "C" {
#endif

enum { BB_WHITE = 0, BB_BLACK = 1 };
enum { BB_PAWN = 0, BB_KNIGHT = 1, BB_BISHOP = 2, BB_ROOK = 3, BB_QUEEN = 4, BB_KING = 5 };
enum { BB_CHESS_EMPTY = 255 };
enum { BB_CASTLE_WK = 1, BB_CASTLE_WQ = 2, BB_CASTLE_BK = 4, BB_CASTLE_BQ = 8 };
enum { BB_CHESS_NO_EP = 64 };

typedef struct {
    uint64_t pieces[2][6];    /* [colour][type] */
    uint64_t color[2];        /* every piece of each colour */
    uint64_t occupied;        /* color[0] | color[1] */
    uint64_t key;             /* the Polyglot key (bb_chess_key) */
    uint8_t board[64];        /* BB_CHESS_EMPTY or colour * 8 + type */
    uint8_t side;             /* BB_WHITE or BB_BLACK: to move */
    uint8_t castling;         /* BB_CASTLE_* bits */
    uint8_t castle_rook[4];   /* the rook square of each right, indexed WK WQ BK BQ (0..3) */
    uint8_t ep;               /* the en-passant target square, or BB_CHESS_NO_EP */
    uint8_t chess960;         /* 1: Chess960 castling in UCI (king takes rook) and FEN */
    uint16_t halfmove;        /* plies since the last capture or pawn move; FEN up to 65535, and make
                                 stops counting there (saturates) rather than wrap */
    uint16_t fullmove;        /* starts at 1, grows after black's move; FEN 1..65535, and make
                                 saturates at 65535 */
} bb_chess_pos;

typedef uint16_t bb_chess_move;
enum {
    BB_MOVE_NORMAL = 0,
    BB_MOVE_PROMOTION = 1 << 14,
    BB_MOVE_EN_PASSANT = 2 << 14,
    BB_MOVE_CASTLING = 3 << 14
};
#define BB_CHESS_NULL_MOVE ((bb_chess_move)0)

#define BB_CHESS_MAX_MOVES 256
typedef struct {
    bb_chess_move moves[BB_CHESS_MAX_MOVES];
    int count;
} bb_chess_movelist;

typedef enum { BB_GEN_ALL, BB_GEN_CAPTURES, BB_GEN_QUIETS } bb_chess_gen;

typedef struct {
    uint64_t key;
    uint16_t halfmove;
    uint16_t fullmove;
    uint8_t captured;  /* the piece taken (colour * 8 + type), or BB_CHESS_EMPTY */
    uint8_t castling;
    uint8_t ep;
} bb_chess_undo;

enum { BB_FEN_STANDARD = 0, BB_FEN_SHREDDER = 1, BB_FEN_XFEN = 2 };
#define BB_CHESS_FEN_MAX 128
#define BB_CHESS_MOVE_TEXT_MAX 16

typedef enum {
    BB_CHESS_ONGOING,
    BB_CHESS_CHECKMATE,
    BB_CHESS_STALEMATE,
    BB_CHESS_INSUFFICIENT_MATERIAL,
    BB_CHESS_SEVENTYFIVE_MOVES,
    BB_CHESS_FIVEFOLD_REPETITION,
    BB_CHESS_FIFTY_MOVES,
    BB_CHESS_THREEFOLD_REPETITION
} bb_chess_outcome;
#define BB_CHESS_OUTCOME_COUNT 8

typedef struct {
    bb_chess_outcome outcome;
    int winner;       /* BB_WHITE or BB_BLACK after a checkmate, else -1 */
    int game_over;    /* 1: a rule has ended the game (checkmate ... fivefold); 0: not */
    int repetitions;  /* how many times the position has stood, this time included */
    char why[128];    /* one line: "black is checkmated: white wins", "no checkmate is possible: K+B v K ..." */
} bb_chess_result;

/* The deepest perft the front ends accept: from the start position depth 13
 * is the deepest whose count fits in 64 bits (OEIS A048987: depth 13 is
 * 1,981,066,775,000,396,239; depth 14 is 61,885,021,521,585,529,237, more
 * than 2^64 = 18,446,744,073,709,551,616).  Sparse positions fit deeper (two
 * bare kings to depth 23), positions with more moves overflow sooner: the
 * library counts any depth and reports an overflow rather than wrap. */
#define BB_CHESS_PERFT_MAX_DEPTH 13
#define BB_CHESS_PERFT_MAX_DEPTH_WHY                                                                         \
    "13 is the deepest whose count from the start fits in 64 bits "                                          \
    "(OEIS A048987: 1,981,066,775,000,396,239; depth 14 is 61,885,021,521,585,529,237)"

/* What a perft call reports (bb_chess_perft_opts.stats). */
typedef struct {
    int overflow;        /* 1: the count is 2^64 - 1 or more; perft returned UINT64_MAX (divide's
                            per-move counts that overflowed are UINT64_MAX too) */
    int table_failed;    /* 1: hash_mb asked for a table that could not be allocated; perft did
                            not count and returned 0 */
    int stopped;         /* 1: the stop flag ended the count early (the count means nothing) */
    size_t table_bytes;  /* the bytes of the table perft counted with (0: none) */
    uint64_t reserved_[4]; /* written 0: room for later reports without an ABI break */
} bb_chess_perft_stats;

/* Perft's options.  A zeroed struct: the default (fastest) kernel, one
 * thread, no hash table, no progress, never stopped, no report.
 *
 * Counts are 64-bit and never wrap: a count of 2^64 - 1 or more comes back
 * as UINT64_MAX (stats->overflow = 1).  From the start position depth 13
 * (1,981,066,775,000,396,239, OEIS A048987) fits and depth 14
 * (61,885,021,521,585,529,237) does not; positions with more moves overflow
 * sooner. */
typedef struct {
    int use_method;              /* 0: the fastest kernel; 1: generate with `method` */
    bb_attack_method method;     /* the slider method when use_method is 1 */
    int threads;                 /* 0 or 1: this thread; N: N threads splitting the root moves */
    size_t hash_mb;              /* 0: no table; else a table of about this many MiB */
    /* Called now and then from the calling thread while perft runs, and
     * once at the end with every root move done unless stopped (may be
     * NULL): nodes counted so far, root moves done and their total. */
    void (*progress)(uint64_t nodes, int done, int total, void *arg);
    void *progress_arg;
    const volatile int *stop;    /* if not NULL and *stop becomes non-zero, perft returns early
                                    (the count is then meaningless; check *stop) */
    bb_chess_perft_stats *stats; /* NULL, or where perft writes its report at the end; the table
                                    is only the dedicated kernel's: with use_method, hash_mb is
                                    ignored and table_bytes is 0 */
    void *reserved_[4];          /* zero (a zeroed struct): room for later options without an ABI break */
} bb_chess_perft_opts;

static inline bb_chess_move bb_chess_move_make(int from, int to, int kind, int promo);
static inline int bb_chess_move_from(bb_chess_move m);
static inline int bb_chess_move_to(bb_chess_move m);
static inline int bb_chess_move_kind(bb_chess_move m);
static inline int bb_chess_move_promotion(bb_chess_move m);

void bb_chess_start(bb_chess_pos *pos);
int bb_chess_from_fen(bb_chess_pos *pos, const char *text, bb_parse_error *err);
size_t bb_chess_to_fen(char *buf, size_t size, const bb_chess_pos *pos, int style);
int bb_chess_generate(const bb_chess_pos *pos, bb_chess_gen mode, bb_chess_movelist *list);
int bb_chess_generate_with(bb_attack_method m, const bb_chess_pos *pos, bb_chess_gen mode,
                           bb_chess_movelist *list);
void bb_chess_make(bb_chess_pos *pos, bb_chess_move move, bb_chess_undo *undo);
void bb_chess_unmake(bb_chess_pos *pos, bb_chess_move move, const bb_chess_undo *undo);
void bb_chess_make_null(bb_chess_pos *pos, bb_chess_undo *undo);
void bb_chess_unmake_null(bb_chess_pos *pos, const bb_chess_undo *undo);
int bb_chess_is_legal(const bb_chess_pos *pos, bb_chess_move move);
int bb_chess_is_check(const bb_chess_pos *pos);
uint64_t bb_chess_checkers(const bb_chess_pos *pos);
uint64_t bb_chess_pinned(const bb_chess_pos *pos);
uint64_t bb_chess_attackers_to(const bb_chess_pos *pos, int sq, uint64_t occ);
uint64_t bb_chess_key(const bb_chess_pos *pos);
size_t bb_chess_move_to_uci(char *buf, size_t size, const bb_chess_pos *pos, bb_chess_move move);
int bb_chess_move_from_uci(const bb_chess_pos *pos, const char *text, bb_chess_move *move,
                           bb_parse_error *err);
size_t bb_chess_move_to_san(char *buf, size_t size, const bb_chess_pos *pos, bb_chess_move move);
size_t bb_chess_moves_to_san(char *buf, size_t size, const bb_chess_pos *pos, const bb_chess_move *moves,
                             int count);
int bb_chess_move_from_san(const bb_chess_pos *pos, const char *text, bb_chess_move *move,
                           bb_parse_error *err);
int bb_chess_sym_allowed(const bb_chess_pos *pos, bb_sym s, const char **why);
int bb_chess_transform(const bb_chess_pos *pos, bb_sym s, bb_chess_pos *out, const char **why);
void bb_chess_color_flip(const bb_chess_pos *pos, bb_chess_pos *out);
bb_chess_outcome bb_chess_outcome_of(const bb_chess_pos *pos, const uint64_t *history, int n, bb_chess_result *r);
int bb_chess_game_over(const bb_chess_pos *pos, const uint64_t *history, int n);
int bb_chess_can_claim_draw(const bb_chess_pos *pos, const uint64_t *history, int n);
int bb_chess_insufficient_material(const bb_chess_pos *pos);
int bb_chess_repetitions(const bb_chess_pos *pos, const uint64_t *history, int n);
const char *bb_chess_outcome_name(bb_chess_outcome o);
uint64_t bb_chess_perft(const bb_chess_pos *pos, int depth, const bb_chess_perft_opts *opts);
uint64_t bb_chess_perft_divide(const bb_chess_pos *pos, int depth, const bb_chess_perft_opts *opts,
                               void (*each)(bb_chess_move move, uint64_t count, void *arg),
                               void *arg);
int bb_chess_perft_verify(const bb_chess_pos *pos, int depth, char *report, size_t size);

/* ============================================================================
 * Implementation: everything below is how, not what.
 * ========================================================================== */

static inline bb_chess_move bb_chess_move_make(int from, int to, int kind, int promo)
{
    unsigned p = kind == BB_MOVE_PROMOTION ? (unsigned)(promo - BB_KNIGHT) & 3u : 0u;
    return (bb_chess_move)(((unsigned)from & 63u) | (((unsigned)to & 63u) << 6) | (p << 12) |
                           ((unsigned)kind & 0xC000u));
}
static inline int bb_chess_move_from(bb_chess_move m) { return m & 63; }
static inline int bb_chess_move_to(bb_chess_move m) { return (m >> 6) & 63; }
static inline int bb_chess_move_kind(bb_chess_move m) { return m & 0xC000; }
static inline int bb_chess_move_promotion(bb_chess_move m) { return ((m >> 12) & 3) + BB_KNIGHT; }

#ifdef __cplusplus
}
#endif

#endif /* BITBOARD_CHESS_H */
