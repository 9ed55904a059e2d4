/* chess show|moves|play|perft, and the chess part of the demo. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "dist.h"

static const char *const color_names[2] = {"white", "black"};
static const char *const piece_names[6] = {"pawn", "knight", "bishop", "rook", "queen", "king"};

typedef struct {
    const cli_opts *o;
    int san, uci, captures, quiets, chess960;
    int divide, verify, quiet, method_given, threads, hash_given;
    bb_attack_method method;
    long hash_mb;
    const char *epd;
    const char *journal; /* --journal: perft by subtrees, recorded (cli/dist.c) */
    int split;           /* --split: the subtrees' ply, -1 if not given */
    int no_fsync;        /* --no-fsync: the journal's lines are not synced */
} chess_opts;

/* ---- Shared pieces ---------------------------------------------------------------- */

/* Reads POSITION (argument argn): "start" / "startpos", or FEN as one argument. */
static int parse_position(const chess_opts *c, const char *text, int argn, bb_chess_pos *pos)
{
    return cli_parse_chess_position(text, argn, c->chess960, pos);
}

int cli_parse_chess_position(const char *text, int argn, int chess960, bb_chess_pos *pos)
{
    bb_parse_error e;
    if (cli_name_is(text, "start") || cli_name_is(text, "startpos")) {
        bb_chess_start(pos);
    } else if (bb_chess_from_fen(pos, text, &e) != 0) {
        int one_field = strchr(text, ' ') == NULL && strchr(text, '/') != NULL;
        cli_error("argument %d: %s%s", argn, e.msg, one_field ? " (quote the whole FEN as one argument)" : "");
        return -1;
    }
    if (chess960) pos->chess960 = 1;
    return 0;
}

/* A position's FEN: Shredder-FEN (castling by rook files) for Chess960, else standard. */
static const char *fen_of(const bb_chess_pos *pos, char buf[BB_CHESS_FEN_MAX])
{
    bb_chess_to_fen(buf, BB_CHESS_FEN_MAX, pos, pos->chess960 ? BB_FEN_SHREDDER : BB_FEN_STANDARD);
    return buf;
}

/* The FEN's castling field alone. */
static const char *castling_text(const bb_chess_pos *pos, char buf[16])
{
    char fen[BB_CHESS_FEN_MAX];
    const char *p = fen_of(pos, fen);
    for (int i = 0; i < 2 && p; i++) p = strchr(p, ' ') ? strchr(p, ' ') + 1 : NULL;
    size_t n = p ? strcspn(p, " ") : 0;
    if (n > 15) n = 15;
    memcpy(buf, p ? p : "", n);
    buf[n] = '\0';
    return buf;
}

static const char *square_or_dash(int sq, char buf[3])
{
    if (sq >= 0 && sq < 64) return bb_square_name(sq, buf);
    buf[0] = '-', buf[1] = '\0';
    return buf;
}

/* Sorts moves by their UCI text, so the output does not depend on generation order. */
static const bb_chess_pos *sort_pos;
static int by_uci(const void *a, const void *b)
{
    char x[BB_CHESS_MOVE_TEXT_MAX], y[BB_CHESS_MOVE_TEXT_MAX];
    bb_chess_move_to_uci(x, sizeof x, sort_pos, *(const bb_chess_move *)a);
    bb_chess_move_to_uci(y, sizeof y, sort_pos, *(const bb_chess_move *)b);
    return strcmp(x, y);
}
static void sort_moves(const bb_chess_pos *pos, bb_chess_move *moves, int n)
{
    sort_pos = pos;
    qsort(moves, (size_t)n, sizeof *moves, by_uci);
}

/* The board, rank 8 on top: white pieces in capitals, '.' empty. */
static void draw(const bb_chess_pos *pos)
{
    for (int r = 7; r >= 0; r--) {
        printf("%d", r + 1);
        for (int f = 0; f < 8; f++) {
            int p = pos->board[r * 8 + f];
            char ch = p == BB_CHESS_EMPTY ? '.' : "PNBRQK"[p & 7];
            if (p != BB_CHESS_EMPTY && (p >> 3) == BB_BLACK) ch = (char)(ch | 0x20);
            printf(" %c", ch);
        }
        putchar('\n');
    }
    printf("  a b c d e f g h\n");
}

/* "in check from the knight on f6", "checkmate", "stalemate" or "" */
static const char *status_text(const bb_chess_pos *pos, int nmoves, char *buf, size_t size)
{
    uint64_t ch = bb_chess_checkers(pos);
    buf[0] = '\0';
    if (!ch) {
        if (!nmoves) snprintf(buf, size, "stalemate");
        return buf;
    }
    size_t n = (size_t)snprintf(buf, size, "%s", nmoves ? "in check from" : "checkmate by");
    int k = 0;
    for (int sq = 0; sq < 64 && n < size; sq++) {
        if (!(ch >> sq & 1)) continue;
        char s[3];
        n += (size_t)snprintf(buf + n, size - n, "%s the %s on %s", k++ ? " and" : "", piece_names[pos->board[sq] & 7],
                              bb_square_name(sq, s));
    }
    return buf;
}

/* Prints a position: the diagram and its state, JSON, the key (hex) or the FEN. */
static void print_position(const chess_opts *c, const bb_chess_pos *pos, int diagram)
{
    char fen[BB_CHESS_FEN_MAX], cast[16], ep[3], status[160], board[BB_FORMAT_MAX];
    bb_chess_movelist list;
    int n = bb_chess_generate(pos, BB_GEN_ALL, &list);
    bb_chess_result res; /* the position alone: no earlier positions, so no repetition */
    bb_chess_outcome_of(pos, NULL, 0, &res);
    int claim = res.outcome == BB_CHESS_FIFTY_MOVES || res.outcome == BB_CHESS_THREEFOLD_REPETITION;
    fen_of(pos, fen);
    switch (c->o->format) {
    case BB_FORMAT_JSON:
        bb_format_board(board, sizeof board, bb_chess_checkers(pos), BB_FORMAT_JSON, 0);
        status_text(pos, n, status, sizeof status);
        printf("{\"fen\":\"%s\",\"side\":\"%s\",\"castling\":\"%s\",\"ep\":\"%s\",\"halfmove\":%u,\"fullmove\":%u,"
               "\"key\":\"0x%016llx\",\"moves\":%d,\"checkers\":%s,\"result\":%s,\"outcome\":\"%s\",\"game_over\":%s,"
               "\"can_claim_draw\":%s,\"winner\":%s,\"why\":\"%s\"}\n",
               fen, color_names[pos->side & 1], castling_text(pos, cast), square_or_dash(pos->ep, ep),
               (unsigned)pos->halfmove, (unsigned)pos->fullmove, (unsigned long long)pos->key, n, board,
               n ? "null" : bb_chess_is_check(pos) ? "\"checkmate\"" : "\"stalemate\"", bb_chess_outcome_name(res.outcome),
               res.game_over ? "true" : "false", claim ? "true" : "false",
               res.winner < 0 ? "null" : res.winner ? "\"black\"" : "\"white\"", res.why);
        break;
    case BB_FORMAT_HEX: printf("0x%016llx\n", (unsigned long long)pos->key); break;
    default:
        if (c->o->format == BB_FORMAT_DIAGRAM && diagram) {
            draw(pos);
            status_text(pos, n, status, sizeof status);
            printf("%s to move%s%s; %d legal move%s\n", color_names[pos->side & 1], status[0] ? ": " : "", status, n,
                   n == 1 ? "" : "s");
            printf("castling %s; en passant %s; halfmove clock %u; move %u\n", castling_text(pos, cast),
                   square_or_dash(pos->ep, ep), (unsigned)pos->halfmove, (unsigned)pos->fullmove);
            if (res.game_over)
                printf("game over: %s (%s)\n", bb_chess_outcome_name(res.outcome), res.why);
            else if (claim)
                printf("a draw can be claimed: %s (%s)\n", bb_chess_outcome_name(res.outcome), res.why);
            printf("key 0x%016llx (Polyglot)\nFEN %s\n", (unsigned long long)pos->key, fen);
        } else {
            printf("%s\n", fen);
        }
        break;
    }
}

/* ---- show, moves, play ---------------------------------------------------------------- */

static int position_arg(const chess_opts *c, char **argv, const int *args, int n, bb_chess_pos *pos)
{
    if (n == 0) {
        bb_chess_start(pos);
        if (c->chess960) pos->chess960 = 1;
        return 0;
    }
    return parse_position(c, argv[args[0]], args[0], pos);
}

static int cmd_show(const chess_opts *c, char **argv, const int *args, int n)
{
    bb_chess_pos pos;
    if (n > 1)
        return cli_error("chess show takes at most one FEN: argument %d ('%s') is one too many%s", args[1], argv[args[1]],
                         n >= 4 ? " (quote the whole FEN as one argument)" : "");
    if (position_arg(c, argv, args, n, &pos) != 0) return EXIT_USAGE;
    print_position(c, &pos, 1);
    return 0;
}

static int cmd_moves(const chess_opts *c, char **argv, const int *args, int n)
{
    bb_chess_pos pos;
    if (n > 1)
        return cli_error("chess moves takes at most one FEN: argument %d ('%s') is one too many%s", args[1],
                         argv[args[1]], n >= 4 ? " (quote the whole FEN as one argument)" : "");
    if (position_arg(c, argv, args, n, &pos) != 0) return EXIT_USAGE;
    bb_chess_movelist list;
    bb_chess_gen mode = c->captures ? BB_GEN_CAPTURES : c->quiets ? BB_GEN_QUIETS : BB_GEN_ALL;
    int count = bb_chess_generate(&pos, mode, &list);
    sort_moves(&pos, list.moves, count);
    char uci[BB_CHESS_MOVE_TEXT_MAX], san[BB_CHESS_MOVE_TEXT_MAX], fen[BB_CHESS_FEN_MAX];
    if (c->o->format == BB_FORMAT_JSON) {
        printf("{\"fen\":\"%s\",\"moves\":[", fen_of(&pos, fen));
        for (int i = 0; i < count; i++) {
            bb_chess_move_to_uci(uci, sizeof uci, &pos, list.moves[i]);
            bb_chess_move_to_san(san, sizeof san, &pos, list.moves[i]);
            printf("%s{\"uci\":\"%s\",\"san\":\"%s\"}", i ? "," : "", uci, san);
        }
        printf("]}\n");
        return 0;
    }
    if (c->san || c->uci) { /* one move a line */
        for (int i = 0; i < count; i++) {
            bb_chess_move_to_uci(uci, sizeof uci, &pos, list.moves[i]);
            bb_chess_move_to_san(san, sizeof san, &pos, list.moves[i]);
            if (c->san && c->uci) printf("%s %s\n", uci, san);
            else printf("%s\n", c->uci ? uci : san);
        }
        return 0;
    }
    char status[160];
    bb_chess_movelist all;
    status_text(&pos, bb_chess_generate(&pos, BB_GEN_ALL, &all), status, sizeof status);
    const char *what = c->captures ? " capture or promotion" : c->quiets ? " quiet" : " legal";
    printf("%s to move%s%s; %d%s move%s%s", color_names[pos.side & 1], status[0] ? ": " : "", status, count, what,
           count == 1 ? "" : "s", count ? ":" : "");
    for (int i = 0; i < count; i++) {
        bb_chess_move_to_san(san, sizeof san, &pos, list.moves[i]);
        printf(" %s", san);
    }
    putchar('\n');
    return 0;
}

/* Whether text has UCI's shape: e2e4 or e7e8q. */
static int uci_shaped(const char *t)
{
    size_t n = strlen(t);
    return (n == 4 || (n == 5 && strchr("nbrqNBRQ", t[4]))) && t[0] >= 'a' && t[0] <= 'h' && t[1] >= '1' &&
           t[1] <= '8' && t[2] >= 'a' && t[2] <= 'h' && t[3] >= '1' && t[3] <= '8';
}

/* Whether text is a move number: "12." or "12..." */
static int move_number(const char *t)
{
    size_t d = strspn(t, "0123456789");
    return d > 0 && (strcmp(t + d, ".") == 0 || strcmp(t + d, "...") == 0);
}

static int cmd_play(const chess_opts *c, char **argv, const int *args, int n)
{
    bb_chess_pos pos;
    if (n == 0) return cli_error("chess play needs a FEN (or start) and MOVES: chess play start e4 e5 Nf3");
    if (!strchr(argv[args[0]], '/') && !cli_name_is(argv[args[0]], "start") && !cli_name_is(argv[args[0]], "startpos"))
        return cli_error("argument %d: '%s' is not a position: give the FEN (or start) first, then the moves",
                         args[0], argv[args[0]]);
    if (parse_position(c, argv[args[0]], args[0], &pos) != 0) return EXIT_USAGE;
    char played[4096];
    size_t len = 0;
    played[0] = '\0';
    int number = 0;
    for (int i = 1; i < n; i++) {
        const char *arg = argv[args[i]];
        size_t at = 0;
        while (arg[at]) { /* the argument's moves, split at white space */
            while (arg[at] == ' ' || arg[at] == '\t' || arg[at] == '\n') at++;
            size_t k = strcspn(arg + at, " \t\n");
            if (!k) break;
            char tok[64];
            if (k >= sizeof tok) return cli_error("argument %d: '%.20s...' is too long to be a move", args[i], arg + at);
            memcpy(tok, arg + at, k);
            tok[k] = '\0';
            at += k;
            if (move_number(tok)) continue;
            number++;
            bb_chess_move m;
            bb_parse_error e;
            int rc = uci_shaped(tok) || strcmp(tok, "0000") == 0 ? bb_chess_move_from_uci(&pos, tok, &m, &e)
                                                                  : bb_chess_move_from_san(&pos, tok, &m, &e);
            if (rc != 0) {
                char fen[BB_CHESS_FEN_MAX];
                return cli_error("argument %d, move %d: %s (position: %s)", args[i], number, e.msg, fen_of(&pos, fen));
            }
            char text[BB_CHESS_MOVE_TEXT_MAX];
            if (c->san) {
                bb_chess_move_to_san(text, sizeof text, &pos, m);
                if (pos.side == BB_WHITE)
                    len += (size_t)snprintf(played + len, sizeof played - len, "%s%u. %s", len ? " " : "",
                                            (unsigned)pos.fullmove, text);
                else if (len == 0)
                    len += (size_t)snprintf(played, sizeof played, "%u... %s", (unsigned)pos.fullmove, text);
                else len += (size_t)snprintf(played + len, sizeof played - len, " %s", text);
            } else if (c->uci) {
                bb_chess_move_to_uci(text, sizeof text, &pos, m);
                len += (size_t)snprintf(played + len, sizeof played - len, "%s%s", len ? " " : "", text);
            }
            if (len >= sizeof played) len = sizeof played - 1;
            bb_chess_undo undo;
            bb_chess_make(&pos, m, &undo);
        }
    }
    if (c->san || c->uci) printf("%s\n", played);
    print_position(c, &pos, c->o->format_given);
    return 0;
}

/* ---- perft ------------------------------------------------------------------------ */

_Static_assert(_Generic((sig_atomic_t)0, int: 1, default: 0), "perft's stop flag is an int");
#define now cli_now

typedef struct { int depth; double t0, last; } progress_state;

static void progress(uint64_t nodes, int done, int total, void *arg)
{
    progress_state *p = arg;
    double t = now();
    if (t - p->last < 0.25) return;
    p->last = t;
    fprintf(stderr, "\rperft %d: %d/%d root moves done, %llu nodes, %.0f s ", p->depth, done, total,
            (unsigned long long)nodes, t - p->t0);
    fflush(stderr);
}

typedef struct { bb_chess_move move; uint64_t count; } divide_entry;
typedef struct { divide_entry e[BB_CHESS_MAX_MOVES]; int n; } divide_list;

static void divide_each(bb_chess_move move, uint64_t count, void *arg)
{
    divide_list *d = arg;
    if (d->n < BB_CHESS_MAX_MOVES) d->e[d->n].move = move, d->e[d->n].count = count, d->n++;
}

/* Fills po from the options; progress on a terminal for runs that may be long. */
static void perft_options(const chess_opts *c, bb_chess_perft_opts *po, progress_state *ps, int depth,
                          bb_chess_perft_stats *st)
{
    memset(po, 0, sizeof *po);
    po->use_method = c->method_given;
    po->method = c->method;
    po->threads = c->threads;
    po->hash_mb = c->method_given ? 0 : (size_t)c->hash_mb; /* the table is the kernel's */
    po->stop = (const volatile int *)&cli_interrupted;
    po->stats = st;
    ps->depth = depth;
    ps->t0 = ps->last = now();
    if (!c->quiet && depth >= 6 && isatty(2)) {
        po->progress = progress;
        po->progress_arg = ps;
    }
}

/* Ctrl-C during perft stops it cleanly (cli_interrupt_begin: the handler
 * only sets the stop flag); this ends the watch and clears the progress line. */
static int was_interrupted(int progress_shown)
{
    cli_interrupt_end();
    if (progress_shown) fprintf(stderr, "\r%*s\r", 72, "");
    return cli_interrupted != 0;
}

/* The errors a count can end in: a table that cannot be had (the machine:
 * status 1) and a count too big for 64 bits (status 1).  0 if neither. */
static int count_failed(const chess_opts *c, const bb_chess_perft_stats *st, long depth, const char *where)
{
    if (st->table_failed) {
        cli_error("--hash %ld: cannot allocate a table of %ld MiB (try a smaller --hash, or 0 for none)", c->hash_mb,
                  c->hash_mb);
        return 1;
    }
    if (st->overflow) {
        cli_error("chess perft %ld%s: the count is 2^64 - 1 = 18446744073709551615 or more, too many for a 64-bit "
                  "count (from the start position depth 13 is the deepest that fits)", depth, where);
        return 1;
    }
    return 0;
}
static const char *method_text(const chess_opts *c)
{
    return c->method_given ? bb_attack_method_name(c->method) : "dedicated kernel";
}

/* The rate line; "hash N MiB" only when a table was really counted with. */
static void print_rate(const chess_opts *c, uint64_t nodes, double t, size_t table_bytes)
{
    if (c->quiet) return;
    char hash[48] = "";
    /* a table under 1 MiB (--hash 1 rounds down to whole entries) in KiB, never "0 MiB" */
    if (table_bytes >= (size_t)1 << 20) snprintf(hash, sizeof hash, ", hash %zu MiB", table_bytes >> 20);
    else if (table_bytes) snprintf(hash, sizeof hash, ", hash %zu KiB", (table_bytes + 1023) >> 10);
    fprintf(stderr, "perft: %llu nodes in %.3f s: %.1f M nodes/s (%s, %d thread%s%s)\n", (unsigned long long)nodes, t,
            t > 0 ? (double)nodes / t / 1e6 : 0.0, method_text(c), c->threads > 1 ? c->threads : 1,
            c->threads > 1 ? "s" : "", hash);
}

/* Parses DEPTH (argument argn): 0..max. */
static int perft_depth(const char *d, int argn, long *depth)
{
    return cli_parse_perft_depth(d, argn, BB_CHESS_PERFT_MAX_DEPTH, BB_CHESS_PERFT_MAX_DEPTH_WHY, depth);
}

static int run_verify(const chess_opts *c, const bb_chess_pos *pos, int depth)
{
    char report[4096];
    /* verify has no stop flag: Ctrl-C ends it at once, with the message perft's has */
    cli_interrupt_exit_begin("chess perft --verify");
    int bad = bb_chess_perft_verify(pos, depth, report, sizeof report);
    cli_interrupt_end();
    if (bad) {
        fputs(report, stdout);
        return 1;
    }
    if (!c->quiet) fprintf(stderr, "verify: %s", report);
    return 0;
}

static int cmd_epd(const chess_opts *c, long max_depth);

static int cmd_perft(const chess_opts *c, char **argv, const int *args, int n)
{
    long depth = -1;
    if (c->epd) {
        if (n > 1) return cli_error("chess perft --epd FILE takes at most a DEPTH (the deepest to check), not a FEN");
        if (n == 1 && perft_depth(argv[args[0]], args[0], &depth) != 0) return EXIT_USAGE;
        return cmd_epd(c, depth);
    }
    if (n == 0) return cli_error("chess perft needs a DEPTH: chess perft 5 [FEN]");
    if (perft_depth(argv[args[0]], args[0], &depth) != 0) return EXIT_USAGE;
    if (n > 2)
        return cli_error("chess perft takes DEPTH [FEN]: argument %d ('%s') is one too many%s", args[2], argv[args[2]],
                         n >= 5 ? " (quote the whole FEN as one argument)" : "");
    bb_chess_pos pos;
    if (position_arg(c, argv, args + 1, n - 1, &pos) != 0) return EXIT_USAGE;
    if (c->journal || c->split >= 0 || (cli_dist_mpi() && depth >= 1)) {
        if (c->divide || c->verify || c->method_given)
            return cli_error("--divide, --verify and --method do not go with --journal, --split or bitboard-mpi");
        dist_job job;
        int bad = cli_dist_job(&job, DIST_CHESS, depth, c->split, c->threads, (size_t)c->hash_mb, c->journal,
                               c->no_fsync, c->quiet);
        if (bad) return bad;
        job.chess = pos;
        return cli_dist_perft(&job, c->o);
    }
    if (c->verify) {
        int v = run_verify(c, &pos, (int)depth);
        if (v) return v;
    }
    if (c->method_given && c->hash_mb > 0 && !c->quiet)
        fprintf(stderr, "bitboard: note: --hash is ignored with --method (the table is the dedicated kernel's; "
                        "--method measures the public generator)\n");
    bb_chess_perft_opts po;
    bb_chess_perft_stats st;
    progress_state ps;
    perft_options(c, &po, &ps, (int)depth, &st);
    cli_interrupt_begin();
    double t0 = now();
    divide_list d;
    d.n = 0;
    uint64_t count = c->divide ? bb_chess_perft_divide(&pos, (int)depth, &po, divide_each, &d)
                               : bb_chess_perft(&pos, (int)depth, &po);
    double t = now() - t0;
    if (was_interrupted(po.progress != NULL)) return cli_report_interrupt("chess perft", NULL, t);
    if (count_failed(c, &st, depth, "")) return 1;
    if (c->divide) {
        /* sorted by UCI text, as engine authors sort before they diff */
        bb_chess_move moves[BB_CHESS_MAX_MOVES];
        for (int i = 0; i < d.n; i++) moves[i] = d.e[i].move;
        sort_moves(&pos, moves, d.n);
        if (c->o->format == BB_FORMAT_JSON) printf("{\"depth\":%ld,\"moves\":{", depth);
        for (int i = 0; i < d.n; i++) {
            uint64_t k = 0;
            for (int j = 0; j < d.n; j++)
                if (d.e[j].move == moves[i]) k = d.e[j].count;
            char uci[BB_CHESS_MOVE_TEXT_MAX];
            bb_chess_move_to_uci(uci, sizeof uci, &pos, moves[i]);
            if (c->o->format == BB_FORMAT_JSON) printf("%s\"%s\":%llu", i ? "," : "", uci, (unsigned long long)k);
            else printf("%s: %llu\n", uci, (unsigned long long)k);
        }
        if (c->o->format == BB_FORMAT_JSON) printf("},\"count\":%llu}\n", (unsigned long long)count);
        else printf("\nNodes searched: %llu\n", (unsigned long long)count);
    } else if (c->o->format == BB_FORMAT_JSON) {
        printf("{\"depth\":%ld,\"count\":%llu}\n", depth, (unsigned long long)count);
    } else {
        printf("%llu\n", (unsigned long long)count);
    }
    fflush(stdout);
    if (cli_check_output()) return 1;
    print_rate(c, count, t, st.table_bytes);
    return 0;
}

/* ---- perft --epd: a suite, one position a line ---------------------------------- */

typedef struct {
    const chess_opts *c;
    const char *name;
    long max_depth;
    int passed, failed, stopped;
    uint64_t nodes;
    size_t table_bytes;
} epd_state;

/* One EPD line, read by the library's EPD reader: FEN (4 or 6 fields),
 * then ";D1 20 ;D2 400 ..." (other operations are allowed and ignored). */
static int epd_line(char *line, long lineno, void *arg)
{
    epd_state *s = arg;
    line[strcspn(line, "\r\n")] = '\0';
    static bb_chess_epd rec; /* large; one line at a time */
    bb_parse_error e;
    if (bb_chess_epd_parse(&rec, line, &e) != 0) {
        if (e.pos > 0) return cli_error("%s:%ld:%d: %s", s->name, lineno, e.pos, e.msg);
        return cli_error("%s:%ld: %s", s->name, lineno, e.msg);
    }
    bb_chess_pos pos = rec.pos;
    if (s->c->chess960) pos.chess960 = 1;
    long depths[BB_CHESS_EPD_MAX_OPS];
    uint64_t want[BB_CHESS_EPD_MAX_OPS];
    int nd = 0;
    for (int i = 0; i < rec.count; i++) { /* the D operations, in the line's order */
        bb_chess_epd_op op;
        if (bb_chess_epd_at(&rec, i, &op) != 0 || op.opcode[0] != 'D' || !(op.opcode[1] >= '0' && op.opcode[1] <= '9'))
            continue;
        long d = strtol(op.opcode + 1, NULL, 10);
        if (bb_chess_epd_perft(&rec, (int)d, &want[nd]) == 1) depths[nd++] = d;
    }
    if (nd == 0) return cli_error("%s:%ld: no ';D1 COUNT' after the FEN", s->name, lineno);
    for (int i = 0; i < nd; i++) /* a depth to check that could not finish; DEPTH itself is at most the limit */
        if (s->max_depth < 0 && depths[i] > BB_CHESS_PERFT_MAX_DEPTH)
            return cli_error("%s:%ld: D%ld is too deep: %s (give the deepest to check: chess perft %d --epd FILE)",
                             s->name, lineno, depths[i], BB_CHESS_PERFT_MAX_DEPTH_WHY, BB_CHESS_PERFT_MAX_DEPTH);
    printf("line %ld:", lineno);
    int ok = 1, checked = 0;
    char fen[BB_CHESS_FEN_MAX];
    for (int i = 0; i < nd; i++) {
        if (s->max_depth >= 0 && depths[i] > s->max_depth) continue;
        bb_chess_perft_opts po;
        bb_chess_perft_stats st;
        progress_state ps;
        perft_options(s->c, &po, &ps, (int)depths[i], &st);
        po.progress = NULL;
        uint64_t got = bb_chess_perft(&pos, (int)depths[i], &po);
        if (cli_interrupted) {
            s->stopped = 1;
            printf(" interrupted\n");
            return 130;
        }
        char where[64];
        snprintf(where, sizeof where, " (%s line %ld)", s->name, lineno);
        if (st.overflow || st.table_failed) printf(" D%ld too many to count\n", depths[i]);
        if (count_failed(s->c, &st, depths[i], where)) return 1;
        s->table_bytes = st.table_bytes;
        s->nodes = s->nodes + got < s->nodes ? UINT64_MAX : s->nodes + got; /* only for the rate line */
        checked++;
        printf(" D%ld %llu", depths[i], (unsigned long long)got);
        if (got != want[i]) printf(" (want %llu)", (unsigned long long)want[i]), ok = 0;
    }
    if (checked && ok) printf(": pass\n");
    else if (checked) printf(": FAIL: %s\n", fen_of(&rec.pos, fen));
    else printf(" nothing at depth %ld or less\n", s->max_depth);
    fflush(stdout);
    if (ok) s->passed++;
    else s->failed++;
    return 0;
}

static int cmd_epd(const chess_opts *c, long max_depth)
{
    epd_state s = {c, c->epd, max_depth, 0, 0, 0, 0, 0};
    int from_stdin = strcmp(c->epd, "-") == 0;
    if (from_stdin) s.name = "<stdin>";
    else if (!freopen(c->epd, "r", stdin)) return cli_error("--epd %s: %s", c->epd, strerror(errno)), 1;
    cli_interrupt_begin();
    double t0 = now();
    int rc = cli_read_stdin_lines(epd_line, &s);
    double t = now() - t0;
    if (was_interrupted(0)) return cli_report_interrupt("chess perft --epd", NULL, t);
    if (rc) return rc;
    printf("%d passed, %d failed\n", s.passed, s.failed);
    print_rate(c, s.nodes, t, s.table_bytes);
    return s.failed ? 1 : 0;
}

/* ---- chess ------------------------------------------------------------------------ */

static const char sub_list[] = "show, moves, play, perft, pgn, epd or book";

int cli_cmd_chess(int argc, char **argv, const cli_opts *o)
{
    /* the game files' subcommands parse their own options */
    if (argc > 1 && strcmp(argv[1], "pgn") == 0) return cli_chess_pgn(argc - 1, argv + 1, o);
    if (argc > 1 && strcmp(argv[1], "epd") == 0) return cli_chess_epd(argc - 1, argv + 1, o);
    if (argc > 1 && strcmp(argv[1], "book") == 0) return cli_chess_book(argc - 1, argv + 1, o);
    chess_opts c;
    memset(&c, 0, sizeof c);
    c.o = o;
    c.threads = 1;
    c.split = -1;
    int *args = malloc(sizeof(int) * (size_t)(argc + 1)), n = 0;
    if (!args) return cli_error("out of memory");
    int rc = 0, perft_only = 0;
    const char *sub = NULL;
    for (int i = 1; i < argc && rc == 0; i++) {
        const char *a = argv[i], *v;
        if (cli_option_value(argc, argv, &i, "--method", &v)) {
            perft_only = 1;
            if (c.method_given) rc = cli_error("--method given twice");
            else if (!v) rc = cli_error("--method needs a method: naive, rotated, kindergarten, magic, pext, hyperbola "
                                        "or kogge-stone");
            else if (bb_attack_method_from_name(v, &c.method) != 0)
                rc = cli_error("--method: unknown method '%s': use naive, rotated, kindergarten, magic, pext, hyperbola "
                               "or kogge-stone", v);
            else if (!bb_attack_method_available(c.method))
                rc = cli_error("--method %s: not in this build", bb_attack_method_name(c.method));
            c.method_given = 1;
        } else if (cli_option_value(argc, argv, &i, "--threads", &v)) {
            char *end;
            long t = v ? strtol(v, &end, 10) : 0;
            perft_only = 1;
            if (!v) rc = cli_error("--threads needs a number 1..%d", BB_MAX_THREADS);
            else if (!(v[0] >= '0' && v[0] <= '9') || *end || t < 1 || t > BB_MAX_THREADS)
                rc = cli_error("--threads: '%s' is not a number 1..%d", v, BB_MAX_THREADS);
            c.threads = (int)t;
        } else if (cli_option_value(argc, argv, &i, "--hash", &v)) {
            char *end;
            long h = v ? strtol(v, &end, 10) : 0;
            perft_only = 1;
            if (c.hash_given) rc = cli_error("--hash given twice");
            else if (!v) rc = cli_error("--hash needs a size in MiB, 0..%d", BB_MAX_HASH_MB);
            else if (!(v[0] >= '0' && v[0] <= '9') || *end || h < 0 || h > BB_MAX_HASH_MB)
                rc = cli_error("--hash: '%s' is not a size in MiB 0..%d", v, BB_MAX_HASH_MB);
            c.hash_mb = h, c.hash_given = 1;
        } else if (cli_option_value(argc, argv, &i, "--journal", &v)) {
            perft_only = 1;
            if (c.journal) rc = cli_error("--journal given twice");
            else if (!v || !*v) rc = cli_error("--journal needs a FILE (created, or read to go on from where it stopped)");
            c.journal = v;
        } else if (cli_option_value(argc, argv, &i, "--split", &v)) {
            char *end;
            long k = v ? strtol(v, &end, 10) : 0;
            perft_only = 1;
            if (c.split >= 0) rc = cli_error("--split given twice");
            else if (!v) rc = cli_error("--split needs a ply 0..63");
            else if (!(v[0] >= '0' && v[0] <= '9') || *end || k < 0 || k > 63)
                rc = cli_error("--split: '%s' is not a ply 0..63", v);
            c.split = (int)k;
        } else if (cli_option_value(argc, argv, &i, "--epd", &v)) {
            perft_only = 1;
            if (c.epd) rc = cli_error("--epd given twice");
            else if (!v) rc = cli_error("--epd needs a FILE ('-' for standard input)");
            c.epd = v;
        } else if (strcmp(a, "--no-fsync") == 0) {
            c.no_fsync = perft_only = 1;
        } else if (strcmp(a, "--divide") == 0) {
            c.divide = perft_only = 1;
        } else if (strcmp(a, "--verify") == 0) {
            c.verify = perft_only = 1;
        } else if (strcmp(a, "--quiet") == 0) {
            c.quiet = perft_only = 1;
        } else if (strcmp(a, "--san") == 0) {
            c.san = 1;
        } else if (strcmp(a, "--uci") == 0) {
            c.uci = 1;
        } else if (strcmp(a, "--captures") == 0) {
            c.captures = 1;
        } else if (strcmp(a, "--quiets") == 0) {
            c.quiets = 1;
        } else if (strcmp(a, "--chess960") == 0) {
            c.chess960 = 1;
        } else if (a[0] == '-' && a[1] != '\0' && !(a[1] >= '0' && a[1] <= '9')) {
            rc = cli_error("chess: unknown option '%s' (bitboard help chess lists them)", a);
        } else if (!sub) {
            sub = a;
        } else {
            args[n++] = i;
        }
    }
    if (rc == 0) {
        int is_perft = sub && strcmp(sub, "perft") == 0, is_moves = sub && strcmp(sub, "moves") == 0;
        int is_play = sub && strcmp(sub, "play") == 0;
        if (!sub) rc = cli_error("chess needs a subcommand: %s (bitboard help chess)", sub_list);
        else if (!is_perft && perft_only)
            rc = cli_error("--divide, --method, --threads, --hash, --verify, --epd, --quiet, --journal, --split and --no-fsync "
                           "apply to chess perft, not %s", sub);
        else if ((c.san || c.uci) && !is_moves && !is_play)
            rc = cli_error("--san and --uci apply to chess moves and chess play, not %s", sub);
        else if ((c.captures || c.quiets) && !is_moves)
            rc = cli_error("--captures and --quiets apply to chess moves, not %s", sub);
        else if (c.captures && c.quiets) rc = cli_error("--captures and --quiets: give one (neither lists every move)");
        else if (c.epd && (c.divide || c.verify)) rc = cli_error("--epd does not combine with --divide or --verify");
        else if (is_play && c.san && c.uci) rc = cli_error("chess play: give --san or --uci, not both");
        else if (strcmp(sub, "show") == 0) rc = cmd_show(&c, argv, args, n);
        else if (is_moves) rc = cmd_moves(&c, argv, args, n);
        else if (is_play) rc = cmd_play(&c, argv, args, n);
        else if (is_perft) rc = cmd_perft(&c, argv, args, n);
        else rc = cli_error("chess: unknown subcommand '%s': use %s", sub, sub_list);
    }
    free(args);
    return rc;
}

/* ---- demo ------------------------------------------------------------------------------ */

void cli_demo_chess(const cli_opts *o)
{
    chess_opts c;
    memset(&c, 0, sizeof c);
    c.split = -1;
    cli_opts diagram = *o;
    diagram.format = BB_FORMAT_DIAGRAM;
    diagram.io_flags = 0;
    c.o = &diagram;
    bb_chess_pos pos;
    bb_chess_start(&pos);
    const char *game = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O";
    char text[BB_CHESS_MOVE_TEXT_MAX], fen[BB_CHESS_FEN_MAX];
    printf("Chess: moves in SAN or UCI, read strictly and written back.  The Ruy\n"
           "Lopez, %s, in UCI:\n\n ", game);
    for (const char *p = game; *p;) {
        char tok[16];
        size_t k = strcspn(p, " ");
        memcpy(tok, p, k);
        tok[k] = '\0';
        p += k + (p[k] == ' ');
        bb_chess_move m;
        if (bb_chess_move_from_san(&pos, tok, &m, NULL) != 0) return;
        bb_chess_move_to_uci(text, sizeof text, &pos, m);
        printf(" %s", text);
        bb_chess_undo undo;
        bb_chess_make(&pos, m, &undo);
    }
    printf("\n\nthen the FEN (bitboard chess play start ...), and the Polyglot key\n"
           "that opening books index it by:\n\n  %s\n  0x%016llx\n", fen_of(&pos, fen), (unsigned long long)pos.key);

    /* a check and a pin at once */
    bb_chess_from_fen(&pos, "4r1k1/5ppp/8/8/1b6/8/PPP1NPPP/R1BQK2R w KQ - 0 1", NULL);
    printf("\nThe legal moves come from two masks, not from trying each move: in\n"
           "check, a move must take the checker or land between it and the king\n"
           "(or be a king move), and a pinned piece stays on its line to the king.\n"
           "Here the bishop checks from b4 and the rook on e8 pins the knight:\n\n");
    print_position(&c, &pos, 1);
    uint64_t boards[3] = {bb_chess_checkers(&pos), bb_chess_pinned(&pos), 0};
    bb_chess_movelist list;
    int n = bb_chess_generate(&pos, BB_GEN_ALL, &list);
    for (int i = 0; i < n; i++) boards[2] |= (uint64_t)1 << bb_chess_move_to(list.moves[i]);
    const char *titles[3] = {"bb_chess_checkers", "bb_chess_pinned", "the moves' squares"};
    putchar('\n');
    cli_print_diagrams(boards, titles, 3, 3, &diagram);
    sort_moves(&pos, list.moves, n);
    printf("\nSAN:");
    for (int i = 0; i < n; i++) {
        bb_chess_move_to_san(text, sizeof text, &pos, list.moves[i]);
        printf(" %s", text);
    }
    printf("\nUCI:");
    for (int i = 0; i < n; i++) {
        bb_chess_move_to_uci(text, sizeof text, &pos, list.moves[i]);
        printf(" %s", text);
    }
    bb_chess_perft_opts po;
    memset(&po, 0, sizeof po);
    printf("\nperft (bitboard chess perft D FEN):");
    for (int d = 1; d <= 4; d++) printf(" %d: %llu", d, (unsigned long long)bb_chess_perft(&pos, d, &po));
    printf("\n");
}
