/* The bitboard command-line tool: shared pieces.  Uses only <bitboard.h>. */
#ifndef BB_CLI_H
#define BB_CLI_H

#include <signal.h>
#include <stdio.h>

#include "bitboard.h"

#define EXIT_USAGE 2 /* bad input or usage; 1 is an I/O failure */

typedef struct {
    bb_format format;   /* -o; BB_FORMAT_DIAGRAM unless given */
    int format_given;
    unsigned io_flags;  /* BB_IO_OTHELLO with --othello */
} cli_opts;

typedef struct {
    const char *name;
    int (*run)(int argc, char **argv, const cli_opts *o); /* argv[0] is the command */
    const char *usage;   /* "transform SYM|all BOARD..." */
    const char *summary; /* one line */
    const char *help;    /* the rest of `bitboard help CMD` */
    int own_options;     /* options after the command name that the global
                            parser does not know go to the command */
    const char *const *more; /* NULL, or more help printed after `help`: strings, NULL last
                            (one C string literal holds at most 4095 characters) */
    int own_output;      /* -o after the command name is the command's own (not a board format) */
} cli_command;

/* A subcommand's own help page, printed by `COMMAND SUB --help`. */
typedef struct { const char *command, *sub, *text; } cli_subcommand_help;
extern const cli_subcommand_help cli_subcommand_helps[];
extern const int cli_subcommand_help_count;

extern const cli_command cli_commands[];
extern const int cli_command_count;

/* A section of `bitboard demo`: prints to stdout. */
typedef struct { const char *title; void (*run)(const cli_opts *o); } cli_demo_section;
extern const cli_demo_section cli_demo_sections[];
extern const int cli_demo_section_count;

/* Prints "bitboard: error: ..." to stderr, control characters and non-ASCII
 * bytes escaped (\n, \t, \r, \xHH); returns EXIT_USAGE. */
int cli_error(const char *fmt, ...);
/* Writes msg to f as cli_error does: bytes outside printable ASCII escaped. */
void cli_put_escaped(const char *msg, FILE *f);
/* bitboard-mpi: this process's rank (0 elsewhere); ranks above 0 print their
 * errors only once cli_error_rank_speaks is set (after the shared argument
 * checks), as one line "bitboard (rank N): error: ...". */
extern int cli_error_rank, cli_error_rank_speaks;
/* Parses command argument number `argn` (1-based, for the message) as a board;
 * prints the error and returns -1 on failure. */
/* The one rule, for every command, that tells an option from an operand (a
 * position, a board, a file, '-'), so that the board strings that begin
 * with '-' (a1 and b1 empty) are positions everywhere.  An option is '-' or
 * "--", a letter, then letters, digits and '-' up to an optional "=VALUE",
 * and not text the library reads as a position; the first "--" ends the
 * options (every argument after it is an operand).  Returns CLI_ARG_OPTION,
 * CLI_ARG_OPERAND, or CLI_ARG_END for that "--" (skip it); *ended, 0 at the
 * start of the loop, records that it was seen. */
enum { CLI_ARG_OPERAND, CLI_ARG_OPTION, CLI_ARG_END };
int cli_arg_kind(const char *a, int *ended);
/* If argv[*i] is option `name` (as "--name V" or "--name=V"), sets *value
 * (NULL if missing) and returns 1, stepping *i over a separate value. */
int cli_option_value(int argc, char **argv, int *i, const char *name, const char **value);
int cli_parse_board(const char *text, int argn, const cli_opts *o, uint64_t *out);
/* Whether text is name (lower case), ignoring case, as the library's name parsers do. */
int cli_name_is(const char *text, const char *name);
/* Parses perft's DEPTH argument (argument argn): 0 and *depth, or an error
 * naming it (-1): not a number, or deeper than max, with the library's
 * reason why (BB_OTHELLO_PERFT_MAX_DEPTH_WHY, BB_CHESS_PERFT_MAX_DEPTH_WHY). */
int cli_parse_perft_depth(const char *text, int argn, long max, const char *why, long *depth);
/* Parses a square name or prints an error naming the argument; -1 on failure. */
int cli_parse_square(const char *text, int argn);

/* 0 while stdout is fine; after a failed write, prints the error (once) and
 * returns 1.  Call it right after printing, while errno still says why. */
int cli_check_output(void);

/* A file a command writes (cli/outfile.c), whole or not at all: a regular
 * file or a new one is written as a temporary file beside it, renamed over it
 * by cli_outfile_close(of, 1) once the writes, the flush, the fsync and the
 * close succeeded; after a failure the temporary file is removed, the old
 * file left as it was.  A destination that exists and is not a regular file
 * (/dev/null, a FIFO) is written in place; "-" is stdout with CLI_OUT_STDOUT.
 * Every error is printed as "WHAT PATH: ...: REASON" and returns 1. */
typedef struct {
    FILE *f;                /* write here (cli_outfile_put); NULL with CLI_OUT_BY_PATH */
    const char *write_path; /* with CLI_OUT_BY_PATH: the file to write by name */
    const char *what, *path;
    char *tmp, *dest;       /* the temporary file, and the destination with links followed */
    int fd, err, in_place, existed;
} cli_outfile;
enum {
    CLI_OUT_STDOUT = 1, /* "-" is standard output */
    CLI_OUT_BY_PATH = 2 /* the caller writes write_path by name (a library writer taking a path) */
};
/* 0, or 1 after the error ("--svg x.svg: cannot create it: Permission denied"). */
int cli_outfile_open(cli_outfile *of, const char *what, const char *path, unsigned flags);
/* Writes len bytes to of->f: 0, or -1 (the first failure's errno kept for the message). */
int cli_outfile_put(cli_outfile *of, const void *data, size_t len);
/* keep 1: finishes the file (0, or 1 after the error); keep 0: discards it, no message. */
int cli_outfile_close(cli_outfile *of, int keep);

/* Ctrl-C in a long command, one shape for all of them.  cli_interrupt_begin()
 * clears cli_interrupted and installs a SIGINT handler that sets it (a second
 * Ctrl-C ends the program at once); pass &cli_interrupted as the library's
 * stop flag.  cli_interrupt_end() puts the old handler back.
 * cli_report_interrupt(what, detail, seconds) prints
 *     bitboard: WHAT: interrupted[ DETAIL] after T s
 * on stderr ("bitboard: chess perft: interrupted after 1.3 s",
 * "bitboard: othello perft: interrupted at depth 14 after 2.0 s") and returns
 * 130 (128 + SIGINT), the exit status of every interrupted command. */
extern volatile sig_atomic_t cli_interrupted;
void cli_interrupt_begin(void);
void cli_interrupt_end(void);
int cli_report_interrupt(const char *what, const char *detail, double seconds);
/* For a long call that has no stop flag: Ctrl-C prints the same message
 * (from the handler, with write(2) alone) and ends the program with status
 * 130 at once; what must outlive the call.  cli_interrupt_end() undoes it. */
void cli_interrupt_exit_begin(const char *what);
/* Reads a chess position argument (number argn, for the message): "start"
 * or "startpos", or a FEN as one argument; chess960 sets pos->chess960.
 * Prints the error and returns -1 on failure. */
int cli_parse_chess_position(const char *text, int argn, int chess960, bb_chess_pos *pos);

/* othello solve|games: argv[0] is the subcommand's name; each parses its own options. */
int cli_othello_solve(int argc, char **argv, const cli_opts *o);
int cli_othello_search(int argc, char **argv, const cli_opts *o);
int cli_othello_nboard(int argc, char **argv, const cli_opts *o);
int cli_othello_match(int argc, char **argv, const cli_opts *o);
int cli_othello_games(int argc, char **argv, const cli_opts *o);

/* chess pgn|epd|book: argv[0] is the subcommand's name; each parses its own options. */
int cli_chess_pgn(int argc, char **argv, const cli_opts *o);
void cli_chess_pgn_help(void); /* `bitboard help chess pgn` */
int cli_chess_epd(int argc, char **argv, const cli_opts *o);
int cli_chess_book(int argc, char **argv, const cli_opts *o);

/* A monotonic clock in seconds. */
double cli_now(void);

/* The progress line of a long read (cli/progress.c): the file's bytes as
 * stored (of its size when path is a regular file: then a percentage and
 * an ETA), the items read (unit: "games", "records"), items/s; at most four
 * updates a second, only when enabled and standard error is a terminal.
 * Clear it before anything else goes to standard error, and at the end
 * (cli_error does: NULL clears the line last begun). */
typedef struct {
    int on, shown;
    const char *unit;
    uint64_t total; /* the file's size, 0: not known */
    double t0, last;
} cli_progress;
void cli_progress_begin(cli_progress *p, const char *path, const char *unit, int enabled);
void cli_progress_update(cli_progress *p, uint64_t bytes, long items);
void cli_progress_clear(cli_progress *p);

/* Calls fn for each line of stdin (with its newline; lineno from 1), skipping
 * blank lines and lines starting with '#', and stops at the first non-zero
 * return, a failed write on stdout (1) or a read error (1, error printed). */
int cli_read_stdin_lines(int (*fn)(char *line, long lineno, void *ctx), void *ctx);
/* The same for any stream; name (NULL: "<stdin>") names it in the errors (a
 * named file that cannot be read: status 2). */
int cli_read_lines(FILE *f, const char *name, int (*fn)(char *line, long lineno, void *ctx), void *ctx);
/* Calls fn for each line of in (a file that may be compressed), with its
 * length, its newline kept (the last line may have none) and a NUL after
 * it: 0, fn's first non-zero result, or 2 after a read error (printed:
 * bb_input_error names the file and the byte). */
int cli_input_lines(bb_input *in, int (*fn)(char *line, size_t len, long lineno, void *ctx), void *ctx);

/* Reads boards, one per line, from stdin, calling fn for each; skips blank
 * lines and lines starting with '#'.  Returns 0, EXIT_USAGE on a bad line
 * (error printed with its line number), 1 on an I/O error, or whatever fn
 * returned non-zero. */
int cli_read_stdin_boards(const cli_opts *o, int (*fn)(uint64_t x, void *ctx), void *ctx);

/* Runs fn on each BOARD argument argv[first..argc), reading boards from
 * stdin (cli_read_stdin_boards) for "-"; an error if there is none. */
int cli_for_each_board(int argc, char **argv, int first, const cli_opts *o,
                       int (*fn)(uint64_t x, void *ctx), void *ctx);

/* Prints x in the chosen format, followed by a newline. */
void cli_print_board(uint64_t x, const cli_opts *o);
/* Prints diagrams side by side, each with a title above it, `per_row` to a row. */
void cli_print_diagrams(const uint64_t *x, const char *const *titles, int n, int per_row, const cli_opts *o);

/* Commands (cli/commands.c lists them) and the demo's sections, each defined
 * next to the commands it shows. */
int cli_cmd_help(int argc, char **argv, const cli_opts *o);
int cli_cmd_demo(int argc, char **argv, const cli_opts *o);
int cli_cmd_show(int argc, char **argv, const cli_opts *o);
int cli_cmd_transform(int argc, char **argv, const cli_opts *o);
int cli_cmd_canonical(int argc, char **argv, const cli_opts *o);
void cli_demo_symmetries(const cli_opts *o);
int cli_cmd_line(int argc, char **argv, const cli_opts *o);
int cli_cmd_deposit(int argc, char **argv, const cli_opts *o);
int cli_cmd_rotate45(int argc, char **argv, const cli_opts *o);
int cli_cmd_rotated(int argc, char **argv, const cli_opts *o);
int cli_cmd_convert(int argc, char **argv, const cli_opts *o);
void cli_demo_lines(const cli_opts *o);
int cli_cmd_attacks(int argc, char **argv, const cli_opts *o);
void cli_demo_attacks(const cli_opts *o);
int cli_cmd_othello(int argc, char **argv, const cli_opts *o);
void cli_demo_othello(const cli_opts *o);
int cli_cmd_chess(int argc, char **argv, const cli_opts *o);
void cli_demo_chess(const cli_opts *o);
int cli_cmd_trace(int argc, char **argv, const cli_opts *o);
int cli_cmd_perm(int argc, char **argv, const cli_opts *o);
void cli_demo_trace(const cli_opts *o);
void cli_demo_perm(const cli_opts *o);

#endif
