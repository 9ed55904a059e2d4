/* bitboard othello games FILE: WTHOR (.wtb) or GGF game files, detected by
 * their content, every game replayed and checked; FILE '-' is standard
 * input.  Modes: the check (the default: counts, errors on stderr),
 * --transcripts, --positions (every position of every game, turned so the
 * first move is f5, or --canonical), --stats.  A bad game is reported as
 * FILE: game N: why, and the reading goes on; the exit status is then 1 (a
 * fault in the data), where a file that cannot be opened or read, or is
 * neither format, is 2 (the command could not run).  A WTHOR file cut
 * short gives its whole games, then the error naming the game it ends in.  A WTHOR game whose
 * count splits the empty squares evenly instead of giving them to the
 * winner is kept, with a warning (FILE: game N: both counts) that leaves
 * the status 0. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

enum { MODE_CHECK, MODE_TRANSCRIPTS, MODE_POSITIONS, MODE_STATS };

typedef struct {
    const char *path; /* as given; shown as <stdin> for '-' */
    int mode, canonical, json;
    unsigned char *names, *trns;
    size_t names_size, trns_size;
    long games, bad, warned, moves, unfinished, wins[3]; /* black, white, draws */
    long score_sum, scored;
} games_run;

static const char *shown(const char *path) { return strcmp(path, "-") == 0 ? "<stdin>" : path; }

/* Reads the whole of path ('-': standard input) into *out (malloc'd, *size
 * bytes): 0; or the error printed and the exit status, EXIT_USAGE when the
 * file cannot be opened or read, 1 when memory runs out. */
static int slurp(const char *path, unsigned char **out, size_t *size)
{
    bb_parse_error e;
    bb_input *in = bb_input_open(path, &e); /* zstd, gzip and bzip2 too */
    if (!in) return cli_error("%s", e.msg);
    size_t cap = 1 << 16, n = 0;
    long k;
    unsigned char *b = malloc(cap);
    int rc = b ? 0 : 1;
    while (!rc && (k = bb_input_read(in, b + n, cap - n)) > 0) {
        n += (size_t)k;
        if (n < cap) continue;
        unsigned char *x = cap <= SIZE_MAX / 2 ? realloc(b, cap * 2) : NULL;
        if (!x) rc = 1;
        else b = x, cap *= 2;
    }
    if (rc) cli_error("%s: out of memory after %zu bytes", shown(path), n);
    else if (bb_input_error(in)) rc = cli_error("%s", bb_input_error(in));
    bb_input_close(in);
    if (rc) {
        free(b);
        return rc;
    }
    *out = b, *size = n;
    return 0;
}

/* The symmetry that keeps the start and takes the first move to f5 (as
 * game databases store games), or the identity. */
static bb_sym f5_symmetry(const bb_othello_record *g)
{
    bb_othello_pos s = bb_othello_start();
    if (g->count == 0 || g->start.p != s.p || g->start.o != s.o || g->moves[0] >= 64) return BB_SYM_IDENTITY;
    for (int k = 0; k < 8; k++) {
        bb_sym y = (bb_sym)k;
        if (bb_sym_apply(s.p, y) == s.p && bb_sym_apply(s.o, y) == s.o && bb_sym_square(g->moves[0], y) == 37) return y;
    }
    return BB_SYM_IDENTITY;
}

static void print_pos(const games_run *s, bb_othello_pos pos, bb_sym y, long number, int ply)
{
    if (s->canonical) {
        bb_canonical_pair(&pos.p, &pos.o, NULL);
    } else {
        pos.p = bb_sym_apply(pos.p, y), pos.o = bb_sym_apply(pos.o, y);
    }
    char b[BB_OTHELLO_FORMAT_MAX];
    bb_othello_format(b, sizeof b, &pos);
    if (s->json) printf("{\"game\":%ld,\"ply\":%d,\"position\":\"%s\"}\n", number, ply, b);
    else printf("%s\n", b);
}

static void one_game(games_run *s, const bb_othello_record *g, long number)
{
    bb_othello_pos pos = g->start, fin;
    bb_othello_record_replay(g, &fin, NULL);
    s->games++;
    for (int i = 0; i < g->count; i++) s->moves += g->moves[i] != BB_OTHELLO_PASS;
    int over = bb_othello_game_over(&fin);
    int b = bb_othello_discs(&fin, BB_OTHELLO_BLACK), w = bb_othello_discs(&fin, BB_OTHELLO_WHITE);
    if (!over && g->black_discs >= 0) b = g->black_discs, w = 64 - g->black_discs; /* WTHOR's recorded result */
    if (!over && g->black_discs < 0) s->unfinished++;
    else {
        s->wins[b > w ? 0 : b < w ? 1 : 2]++;
        s->score_sum += b - w, s->scored++;
    }
    if (s->mode == MODE_TRANSCRIPTS) {
        char t[2 * BB_OTHELLO_RECORD_MOVES + 1], black[64] = "", white[64] = "";
        bb_othello_record_transcript(t, sizeof t, g);
        if (s->names && g->black_player >= 0)
            bb_othello_wthor_name(s->names, s->names_size, BB_OTHELLO_WTHOR_PLAYER, g->black_player, black, sizeof black);
        if (s->names && g->white_player >= 0)
            bb_othello_wthor_name(s->names, s->names_size, BB_OTHELLO_WTHOR_PLAYER, g->white_player, white, sizeof white);
        char event[64] = "";
        if (s->trns && g->tournament >= 0)
            bb_othello_wthor_name(s->trns, s->trns_size, BB_OTHELLO_WTHOR_TOURNAMENT, g->tournament, event, sizeof event);
        if (!event[0]) snprintf(event, sizeof event, "%s", g->event);
        if (!black[0]) snprintf(black, sizeof black, "%s", g->black);
        if (!white[0]) snprintf(white, sizeof white, "%s", g->white);
        if (s->json) {
            printf("{\"game\":%ld,\"transcript\":\"%s\",\"black_discs\":%d", number, t, over || g->black_discs >= 0 ? b : -1);
            if (black[0]) printf(",\"black\":\"%s\"", black);
            if (white[0]) printf(",\"white\":\"%s\"", white);
            if (event[0]) printf(",\"event\":\"%s\"", event);
            printf("}\n");
        } else {
            printf("%s", t);
            if (over || g->black_discs >= 0) printf(" %d-%d", b, w);
            if (black[0] || white[0]) printf(" %s - %s", black[0] ? black : "?", white[0] ? white : "?");
            if (event[0]) printf(" (%s)", event);
            printf("\n");
        }
    } else if (s->mode == MODE_POSITIONS) {
        bb_sym y = f5_symmetry(g);
        print_pos(s, pos, y, number, 0);
        for (int i = 0; i < g->count; i++) {
            if (g->moves[i] == BB_OTHELLO_PASS) bb_othello_pass(&pos);
            else bb_othello_play(&pos, g->moves[i]);
            print_pos(s, pos, y, number, i + 1);
        }
    }
}

/* A bad game: the error on stderr, and with --transcripts a line in its
 * place, so that line N of the output is still game N. */
static void game_error(games_run *s, long number, const char *why)
{
    s->games++, s->bad++;
    cli_error("%s: game %ld: %s", shown(s->path), number, why);
    if (s->mode == MODE_TRANSCRIPTS) {
        if (s->json) printf("{\"game\":%ld,\"error\":true}\n", number);
        else printf("# game %ld: an error (on stderr)\n", number);
    }
}

/* 1 if data looks like a WTHOR game file cut short (or with bytes after its
 * games): a header for 8x8 games whose count the size does not fit, and no
 * GGF game ("(;") anywhere.  Its whole records are read, then the rest is
 * one error. */
static int damaged_wthor(const unsigned char *data, size_t size, const bb_othello_wthor_header *h)
{
    if (size < BB_OTHELLO_WTHOR_HEADER || (h->board_size != 0 && h->board_size != 8) || h->count == 0) return 0;
    for (size_t i = 0; i + 1 < size; i++)
        if (data[i] == '(' && data[i + 1] == ';') return 0;
    return 1;
}

int cli_othello_games(int argc, char **argv, const cli_opts *o)
{
    games_run s;
    memset(&s, 0, sizeof s);
    const char *names = NULL, *trns = NULL;
    int mode_given = 0, ended = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        int m = -1, kind = cli_arg_kind(a, &ended);
        if (kind == CLI_ARG_END) continue;
        if (kind == CLI_ARG_OPERAND) {
            if (s.path) return cli_error("othello games takes one FILE, not also '%s'", a);
            s.path = a;
        } else if (strcmp(a, "--check") == 0) m = MODE_CHECK;
        else if (strcmp(a, "--transcripts") == 0) m = MODE_TRANSCRIPTS;
        else if (strcmp(a, "--positions") == 0) m = MODE_POSITIONS;
        else if (strcmp(a, "--stats") == 0) m = MODE_STATS;
        else if (strcmp(a, "--canonical") == 0) s.canonical = 1;
        else if (cli_option_value(argc, argv, &i, "--names", &v)) {
            if (!v) return cli_error("--names needs a .jou FILE");
            names = v;
        } else if (cli_option_value(argc, argv, &i, "--tournaments", &v)) {
            if (!v) return cli_error("--tournaments needs a .trn FILE");
            trns = v;
        } else {
            return cli_error("othello games: unknown option '%s' (bitboard help othello lists them)", a);
        }
        if (m >= 0) {
            if (mode_given && m != s.mode) return cli_error("othello games: give one of --check, --transcripts, --positions, --stats");
            s.mode = m, mode_given = 1;
        }
    }
    if (!s.path) return cli_error("othello games needs a FILE (WTHOR .wtb or GGF)");
    if (s.canonical && s.mode != MODE_POSITIONS) return cli_error("--canonical applies to --positions");
    s.json = o->format_given && o->format == BB_FORMAT_JSON;
    if (o->format_given && !s.json) return cli_error("othello games: -o json or the default text");
    int dashes = !strcmp(s.path, "-") + (names && !strcmp(names, "-")) + (trns && !strcmp(trns, "-"));
    if (dashes > 1)
        return cli_error("othello games: standard input ('-') can be read once: give it to one of FILE, --names, --tournaments");
    size_t size = 0;
    unsigned char *data = NULL;
    int rc = slurp(s.path, &data, &size);
    if (rc) return rc;
    if (names) rc = slurp(names, &s.names, &s.names_size);
    if (!rc && trns) rc = slurp(trns, &s.trns, &s.trns_size);
    bb_othello_wthor_header h;
    bb_parse_error e;
    int have_header = bb_othello_wthor_read_header(data, size, &h, &e) == 0;
    bb_parse_error fit;
    int is_wthor = have_header && bb_othello_wthor_check(&h, size, BB_OTHELLO_WTHOR_GAME, &fit) == 0;
    int damaged = have_header && !is_wthor && damaged_wthor(data, size, &h), trailing = 0;
    if (rc) {
    } else if (is_wthor || damaged) {
        /* a damaged file: its whole games first, then what is wrong */
        long whole = (long)((size - BB_OTHELLO_WTHOR_HEADER) / BB_OTHELLO_WTHOR_GAME);
        long n = damaged && whole < (long)h.count ? whole : (long)h.count;
        for (long i = 0; i < n; i++) {
            bb_othello_record g;
            int r = bb_othello_wthor_game(data, size, i, &g, &e);
            if (r < 0) {
                game_error(&s, i + 1, e.msg);
            } else {
                if (r > 0) s.warned++, fprintf(stderr, "bitboard: warning: %s: game %ld: %s\n", shown(s.path), i + 1, e.msg);
                one_game(&s, &g, i + 1);
            }
            if (ferror(stdout)) break;
        }
        if (damaged && n < (long)h.count) {
            size_t at = BB_OTHELLO_WTHOR_HEADER + (size_t)n * BB_OTHELLO_WTHOR_GAME;
            char why[320];
            snprintf(why, sizeof why, "the file ends %s it, at byte %zu (%s)", at == size ? "before" : "inside", size,
                     fit.msg);
            game_error(&s, n + 1, why);
        } else if (damaged) {
            cli_error("%s: after game %ld: %s", shown(s.path), n, fit.msg);
            trailing = 1;
        }
        is_wthor = 1;
    } else {
        const char *text = (const char *)data;
        size_t at = 0, used;
        long number = 0;
        int found = 0;
        for (;;) {
            bb_othello_record g;
            int r = bb_othello_ggf_read(text + at, size - at, &used, &g, &e);
            if (r == 0) break;
            found = 1, number++;
            if (r < 0) game_error(&s, number, e.msg);
            else one_game(&s, &g, number);
            at += used;
            if (at >= size || ferror(stdout)) break;
        }
        if (!found) {
            if (size >= 16 && bb_othello_wthor_check(&h, size, BB_OTHELLO_WTHOR_GAME, &e) != 0)
                rc = cli_error("%s: neither GGF (no \"(;\" starts a game) nor a WTHOR .wtb file: %s", shown(s.path), e.msg);
            else rc = cli_error("%s: no game: neither GGF (no \"(;\") nor a WTHOR .wtb file", shown(s.path));
        }
    }
    if (!rc && (s.mode == MODE_CHECK || s.mode == MODE_STATS)) {
        if (s.json) {
            printf("{\"format\":\"%s\",\"games\":%ld,\"errors\":%ld,\"warnings\":%ld,\"moves\":%ld",
                   is_wthor ? "wthor" : "ggf", s.games, s.bad, s.warned, s.moves);
            if (s.mode == MODE_STATS)
                printf(",\"black_wins\":%ld,\"white_wins\":%ld,\"draws\":%ld,\"unfinished\":%ld,\"mean_score\":%.2f",
                       s.wins[0], s.wins[1], s.wins[2], s.unfinished, s.scored ? (double)s.score_sum / s.scored : 0.0);
            printf("}\n");
        } else if (s.mode == MODE_STATS) {
            printf("format      %s\ngames       %ld\nerrors      %ld\nwarnings    %ld\nmoves       %ld\nblack wins  %ld\n"
                   "white wins  %ld\ndraws       %ld\nunfinished  %ld\nmean score  %+.2f (black - white)\n",
                   is_wthor ? "WTHOR" : "GGF", s.games, s.bad, s.warned, s.moves, s.wins[0], s.wins[1], s.wins[2], s.unfinished,
                   s.scored ? (double)s.score_sum / s.scored : 0.0);
        } else {
            printf("%ld game%s (%s), %ld move%s, %ld with errors, %ld with warnings\n", s.games, s.games == 1 ? "" : "s",
                   is_wthor ? "WTHOR" : "GGF", s.moves, s.moves == 1 ? "" : "s", s.bad, s.warned);
        }
    }
    free(data);
    free(s.names);
    free(s.trns);
    if (cli_check_output()) return 1;
    if (rc) return rc;
    return s.bad || trailing ? 1 : 0;
}
