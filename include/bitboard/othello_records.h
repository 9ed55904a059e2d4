/* bitboard/othello_records.h - Othello game records: the WTHOR databases of
 * the French federation (.wtb games, .jou players, .trn tournaments) and
 * the GGF games of the GGS server, read (every move replayed and checked),
 * written, and turned into transcripts.  Included by <bitboard.h>.  How
 * it works: docs/OTHELLO.md, "Game records".
 *
 * Contents (each name: what it returns; what it requires)
 *   bb_othello_record                one game: its start, its moves (passes explicit), the recorded
 *                                    result fields, the players and event as numbers or names
 *   BB_OTHELLO_RECORD_MOVES          the most moves a record holds (passes included): 120
 *   bb_othello_record_init(g)        *g = an empty game from the standard start; fields unknown (-1, "")
 *   bb_othello_record_replay(g, final, err)  plays g's moves from its start: 0 and *final (may be
 *                                    NULL), or -1 and *err naming the move (number, square, side) and
 *                                    why it is illegal
 *   bb_othello_record_transcript(buf, size, g)  the moves as "f5d6c3..." (passes as PA); the
 *                                    length needed, like snprintf
 *   bb_othello_wthor_header          a WTHOR file's 16-byte header, decoded
 *   BB_OTHELLO_WTHOR_HEADER  BB_OTHELLO_WTHOR_GAME  BB_OTHELLO_WTHOR_PLAYER  BB_OTHELLO_WTHOR_TOURNAMENT
 *                                    the sizes: 16, 68, 20 and 26 bytes
 *   bb_othello_wthor_read_header(data, size, h, err)  0 and *h, or -1 and *err (shorter than a header)
 *   bb_othello_wthor_check(h, size, kind, err)  0 if the header's count fits the file's size for records
 *                                    of kind (a size above), else -1 and *err saying how they differ
 *   bb_othello_wthor_game(data, size, i, g, err)  game i (from 0) of a .wtb file: decoded, its moves
 *                                    replayed (a side with no move passes), its disc count checked
 *                                    when the moves end the game (the empties go to the winner): 0
 *                                    and *g; 1 and *g with a warning in *err when the count splits
 *                                    the empties evenly instead (Logistello's book does); or -1 and
 *                                    *err naming the move byte, move or count at fault (a record
 *                                    whose 60 move bytes are all 0 is an error: no moves)
 *   bb_othello_wthor_name(data, size, kind, i, buf, bufsize)  name i of a .jou or .trn file as UTF-8
 *                                    (from Latin-1): 0, or -1 if i is out of range
 *   bb_othello_wthor_write_header(out, h)  the 16 bytes of h
 *   bb_othello_wthor_write_game(out, g, err)  the 68 bytes of g (its moves replayed for the count and
 *                                    passes dropped): 0, or -1 and *err (illegal, not from the
 *                                    standard start)
 *   bb_othello_ggf_read(text, n, used, g, err)  the first GGF game in text[0..n): 1 and *g, 0 if none
 *                                    is left, -1 and *err (the game is skipped); *used = the bytes
 *                                    read, so the next call starts at text + *used
 *   bb_othello_ggf_write(buf, size, g)  g as one GGF game (with its start board and the tags known);
 *                                    the length needed, like snprintf
 *   bb_othello_clock                 a GGF game's clock: each side's initial time, increment,
 *                                    extension, the time its moves took, its moves, its time left
 *   bb_othello_ggf_read_clock(text, n, used, g, clock, err)  bb_othello_ggf_read, and *clock from
 *                                    the game's TI, TB, TW and each move's /TIME (clock->timed 0 if
 *                                    it has none); -1 and *err also for a clock or a time it cannot read
 *   bb_othello_ggf_write_clock(buf, size, g, clock, times)  bb_othello_ggf_write with the clock
 *                                    (TI, or TB and TW; none if clock is NULL or not timed) and move i's
 *                                    time times[i] in seconds (MOVE//TIME, to the ms; times may be NULL)
 *
 * Implementation variants: none.                                          */
#ifndef BITBOARD_OTHELLO_RECORDS_H
#define BITBOARD_OTHELLO_RECORDS_H

#include "othello.h"
#include "othello_solve.h" /* BB_OTHELLO_PASS */
#include "io.h"            /* bb_parse_error */

#ifdef __cplusplus
extern "C" {
#endif

#define BB_OTHELLO_RECORD_MOVES 120

typedef struct {
    bb_othello_pos start;                   /* the standard start, or a GGF BO board */
    uint8_t moves[BB_OTHELLO_RECORD_MOVES]; /* 0..63, or BB_OTHELLO_PASS */
    int count;
    int black_discs;   /* the final black disc count the record gives (WTHOR, as stored), -1 if none */
    int theoretical;   /* WTHOR: black's discs under perfect play from the recorded depth, -1 */
    int tournament, black_player, white_player; /* WTHOR numbers, -1 if none */
    char black[64], white[64], event[64], date[32], result[32]; /* names and tags, "" if none */
} bb_othello_record;

enum {
    BB_OTHELLO_WTHOR_HEADER = 16,
    BB_OTHELLO_WTHOR_GAME = 68,
    BB_OTHELLO_WTHOR_PLAYER = 20,
    BB_OTHELLO_WTHOR_TOURNAMENT = 26
};

typedef struct {
    int century, year, month, day; /* when the file was written */
    uint32_t count;                /* N1: games (.wtb); 0 in .jou/.trn */
    uint16_t records;              /* N2: players or tournaments (.jou/.trn) */
    uint16_t game_year;            /* the year of the games */
    int board_size;                /* 8 (or 0, meaning 8) */
    int game_type;                 /* 0 games, 1 solitaires */
    int depth;                     /* the empties at which the theoretical score was computed */
} bb_othello_wthor_header;

void bb_othello_record_init(bb_othello_record *g);
int bb_othello_record_replay(const bb_othello_record *g, bb_othello_pos *final, bb_parse_error *err);
size_t bb_othello_record_transcript(char *buf, size_t size, const bb_othello_record *g);
int bb_othello_wthor_read_header(const unsigned char *data, size_t size, bb_othello_wthor_header *h,
                                 bb_parse_error *err);
int bb_othello_wthor_check(const bb_othello_wthor_header *h, size_t size, int kind, bb_parse_error *err);
int bb_othello_wthor_game(const unsigned char *data, size_t size, long i, bb_othello_record *g, bb_parse_error *err);
int bb_othello_wthor_name(const unsigned char *data, size_t size, int kind, long i, char *buf, size_t bufsize);
void bb_othello_wthor_write_header(unsigned char out[16], const bb_othello_wthor_header *h);
int bb_othello_wthor_write_game(unsigned char out[68], const bb_othello_record *g, bb_parse_error *err);
int bb_othello_ggf_read(const char *text, size_t n, size_t *used, bb_othello_record *g, bb_parse_error *err);
size_t bb_othello_ggf_write(char *buf, size_t size, const bb_othello_record *g);

/* A GGF game's clock (the GGS server's clock "INI/INC/EXT", each time
 * [[HH:]MM:]SS; TI gives both sides', TB and TW black's and white's, over
 * TI).  Read: a time for the whole game, an increment added after each
 * move, an extension; a time for a number of moves (INI,M with M > 0) or
 * an increment every M moves or capped (INC,M, INC,NM) is refused.  Arrays
 * are indexed by BB_OTHELLO_BLACK and BB_OTHELLO_WHITE. */
typedef struct {
    int timed;            /* 1 if the game gives a clock (TI, TB or TW); 0: everything below is 0 */
    double initial[2];    /* the time for the game, seconds */
    double increment[2];  /* added to the side's time after each of its moves */
    double extension[2];  /* the overtime once the initial time runs out: in Othello a game over
                             time is lost (by the least margin), so left does not count it */
    double spent[2];      /* the seconds its moves took (each move's MOVE/EVAL/TIME; none: 0) */
    int moves[2];         /* the moves it made (the passes written in the game among them) */
    double left[2];       /* initial + increment * moves - spent: the time left (below 0: over) */
} bb_othello_clock;

int bb_othello_ggf_read_clock(const char *text, size_t n, size_t *used, bb_othello_record *g, bb_othello_clock *clock,
                              bb_parse_error *err);
size_t bb_othello_ggf_write_clock(char *buf, size_t size, const bb_othello_record *g, const bb_othello_clock *clock,
                                  const double *times);

#ifdef __cplusplus
}
#endif

#endif /* BITBOARD_OTHELLO_RECORDS_H */
