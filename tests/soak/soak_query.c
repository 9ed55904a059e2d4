/* The soak's oracle (build/tests/soak --query): the python and cli areas
 * (tests/soak/soak_python.py, soak_cli.py) send one request a line on
 * standard input and read the library's answer, one line each, flushed.
 * Numbers are 0x hex or decimal; boards come back as 0x%016x.  A request
 * that cannot be read is answered "error: why".
 *   sym S X...             bb_sym_apply of each X by symmetry S (0..7)
 *   canonical X...         "0xC S" for each X (bb_canonical)
 *   pair P O               "0xP 0xO S" (bb_canonical_pair)
 *   line X SQ L            "0xBITS 0xMASK" (bb_line_extract, bb_line_mask; L 0..3)
 *   deposit BITS SQ L      bb_line_deposit
 *   rot45 W X              pseudo-rotation W (0 cw, 1 ccw, 2 uncw, 3 unccw)
 *   rotated A X            A 90, 45, 315: bb_rotatedA; -90, -45, -315: bb_unrotatedA
 *   convert FROM TO X      bb_mapping_convert (mappings 0..7)
 *   attacks PIECE SQ OCC   PIECE rook, bishop, queen, knight, king, wpawn, bpawn
 *   omoves P O             bb_othello_moves
 *   oflips P O SQ          bb_othello_flips
 *   operft P O D C         bb_othello_perft, convention C (0 oeis, 1 bik, 2 nopass)
 *   osolve P O WLD         "SCORE WLD BEST PV" (PV: squares joined by commas, - if none)
 *   ofeatures P O          "MOBILITY POTENTIAL 0xFRONTIER 0xSTABLE 0xEDGES PARITY FINAL"
 *   cmoves FEN             the legal moves in UCI, sorted, space separated
 *   cperft D FEN           bb_chess_perft
 *   cplay FEN|UCI...       the FEN (standard style) after the moves
 *   csan FEN|UCI           the move in SAN
 * A chess request's FEN may start with "960 ": a Chess960 game (castling in
 * UCI as king takes rook) even where the FEN reads as a standard one. */
#define _POSIX_C_SOURCE 200809L /* getline */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bitboard.h"
#include "soak_util.h"

int soak_query(FILE *in, FILE *out);

/* The next number of *s (0x hex or decimal, a sign allowed): 0, or -1. */
static int num(char **s, long long *v)
{
    char *end;
    *s += strspn(*s, " \t");
    if (!**s) return -1;
    int neg = **s == '-';
    const char *d = *s + neg;
    unsigned long long x = (d[0] == '0' && (d[1] == 'x' || d[1] == 'X')) ? strtoull(d + 2, &end, 16) : strtoull(d, &end, 10);
    if (end == d || (*end && *end != ' ' && *end != '\t')) return -1;
    *v = neg ? -(long long)x : (long long)x;
    *s = end;
    return 0;
}

/* n numbers into v: 0, or -1. */
static int nums(char **s, long long *v, int n)
{
    for (int k = 0; k < n; k++)
        if (num(s, &v[k])) return -1;
    return 0;
}

static int cmp_text(const void *a, const void *b) { return strcmp((const char *)a, (const char *)b); }

/* The position of a FEN ("960 " first: a Chess960 game), or an error line. */
static int read_fen(const char *fen, bb_chess_pos *pos, FILE *out)
{
    bb_parse_error err;
    int c960 = strncmp(fen, "960 ", 4) == 0;
    if (bb_chess_from_fen(pos, fen + 4 * c960, &err) == 0) {
        if (c960) pos->chess960 = 1;
        return 0;
    }
    fprintf(out, "error: FEN '%s': %s\n", fen, err.msg);
    return -1;
}

/* Plays UCI moves (space separated) on pos: 0, or -1 after an error line. */
static int play_uci(bb_chess_pos *pos, char *moves, FILE *out)
{
    for (char *m = strtok(moves, " \t"); m; m = strtok(NULL, " \t")) {
        bb_chess_move mv;
        bb_parse_error err;
        if (bb_chess_move_from_uci(pos, m, &mv, &err)) {
            fprintf(out, "error: move '%s': %s\n", m, err.msg);
            return -1;
        }
        bb_chess_undo u;
        bb_chess_make(pos, mv, &u);
    }
    return 0;
}

static void answer_chess(const char *cmd, char *rest, FILE *out)
{
    bb_chess_pos pos;
    char buf[BB_CHESS_FEN_MAX];
    long long v[1];
    if (!strcmp(cmd, "cperft")) {
        if (nums(&rest, v, 1) || v[0] < 0 || v[0] > 8) {
            fprintf(out, "error: cperft D FEN\n");
            return;
        }
        if (read_fen(rest + strspn(rest, " "), &pos, out) == 0)
            fprintf(out, "%llu\n", (unsigned long long)bb_chess_perft(&pos, (int)v[0], NULL));
        return;
    }
    char *bar = strchr(rest, '|');
    if (bar) *bar = 0;
    if (read_fen(rest, &pos, out)) return;
    if (!strcmp(cmd, "cmoves")) {
        bb_chess_movelist l;
        static char text[BB_CHESS_MAX_MOVES][BB_CHESS_MOVE_TEXT_MAX];
        int n = bb_chess_generate(&pos, BB_GEN_ALL, &l);
        for (int k = 0; k < n; k++) bb_chess_move_to_uci(text[k], sizeof text[k], &pos, l.moves[k]);
        qsort(text, (size_t)n, sizeof text[0], cmp_text);
        for (int k = 0; k < n; k++) fprintf(out, "%s%s", k ? " " : "", text[k]);
        fputc('\n', out);
    } else if (!strcmp(cmd, "cplay")) {
        if (bar && play_uci(&pos, bar + 1, out)) return;
        bb_chess_to_fen(buf, sizeof buf, &pos, BB_FEN_STANDARD);
        fprintf(out, "%s\n", buf);
    } else { /* csan */
        bb_chess_move mv;
        bb_parse_error err;
        char *m = bar ? bar + 1 + strspn(bar + 1, " ") : (char *)"";
        m[strcspn(m, " \t")] = 0;
        if (bb_chess_move_from_uci(&pos, m, &mv, &err)) {
            fprintf(out, "error: move '%s': %s\n", m, err.msg);
            return;
        }
        bb_chess_move_to_san(buf, sizeof buf, &pos, mv);
        fprintf(out, "%s\n", buf);
    }
}

static void answer_othello(const char *cmd, char *rest, FILE *out)
{
    long long v[4];
    int need = !strcmp(cmd, "oflips") ? 3 : !strcmp(cmd, "operft") ? 4 : !strcmp(cmd, "osolve") ? 3 : 2;
    if (nums(&rest, v, need) || ((uint64_t)v[0] & (uint64_t)v[1])) {
        fprintf(out, "error: %s: %d numbers, P and O disjoint\n", cmd, need);
        return;
    }
    uint64_t p = (uint64_t)v[0], o = (uint64_t)v[1];
    if (!strcmp(cmd, "omoves")) {
        fprintf(out, "0x%016llx\n", (unsigned long long)bb_othello_moves(p, o));
    } else if (!strcmp(cmd, "oflips")) {
        fprintf(out, "0x%016llx\n", (unsigned long long)bb_othello_flips(p, o, (int)(v[2] & 63)));
    } else if (!strcmp(cmd, "operft")) {
        bb_othello_perft_opts opts;
        memset(&opts, 0, sizeof opts);
        opts.convention = (bb_othello_convention)(v[3] >= 0 && v[3] <= 2 ? v[3] : 0);
        fprintf(out, "%llu\n", (unsigned long long)bb_othello_perft(p, o, (int)v[2], &opts));
    } else if (!strcmp(cmd, "osolve")) {
        bb_othello_pos pos = {p, o, BB_OTHELLO_BLACK};
        bb_othello_solve_opts opts;
        memset(&opts, 0, sizeof opts);
        opts.wld = v[2] != 0;
        bb_othello_solve_result r;
        if (bb_othello_solve(&pos, &opts, &r)) {
            fprintf(out, "error: solve failed\n");
            return;
        }
        fprintf(out, "%d %d %d ", r.score, r.wld, r.best);
        for (int k = 0; k < r.pv_length; k++) fprintf(out, "%s%d", k ? "," : "", r.pv[k]);
        fprintf(out, "%s\n", r.pv_length ? "" : "-");
    } else {
        fprintf(out, "%d %d 0x%016llx 0x%016llx 0x%016llx %u %d\n", bb_othello_mobility(p, o),
                bb_othello_potential_mobility(p, o), (unsigned long long)bb_othello_frontier(p, o),
                (unsigned long long)bb_othello_stable(p, o), (unsigned long long)bb_othello_stable_edges(p, o),
                bb_othello_parity(p, o), bb_othello_final_score(p, o));
    }
}

static uint64_t attacks_of(const char *piece, int sq, uint64_t occ, int *ok)
{
    *ok = 1;
    if (!strcmp(piece, "rook")) return bb_rook_attacks(sq, occ);
    if (!strcmp(piece, "bishop")) return bb_bishop_attacks(sq, occ);
    if (!strcmp(piece, "queen")) return bb_queen_attacks(sq, occ);
    if (!strcmp(piece, "knight")) return bb_knight_attacks(sq);
    if (!strcmp(piece, "king")) return bb_king_attacks(sq);
    if (!strcmp(piece, "wpawn")) return bb_pawn_attacks(BB_WHITE, sq);
    if (!strcmp(piece, "bpawn")) return bb_pawn_attacks(BB_BLACK, sq);
    *ok = 0;
    return 0;
}

static uint64_t rotated(long long a, uint64_t x, int *ok)
{
    *ok = 1;
    switch (a) {
    case 90: return bb_rotated90(x);
    case 45: return bb_rotated45(x);
    case 315: return bb_rotated315(x);
    case -90: return bb_unrotated90(x);
    case -45: return bb_unrotated45(x);
    case -315: return bb_unrotated315(x);
    default: *ok = 0; return 0;
    }
}

/* One request; the answer goes to out. */
static void answer(char *line, FILE *out)
{
    char *rest = line + strspn(line, " \t");
    size_t n = strcspn(rest, " \t");
    char cmd[16];
    if (n == 0 || n >= sizeof cmd) {
        fprintf(out, "error: no request\n");
        return;
    }
    memcpy(cmd, rest, n);
    cmd[n] = 0;
    rest += n;
    long long v[4];
    int ok = 1;
    if (!strcmp(cmd, "cmoves") || !strcmp(cmd, "cperft") || !strcmp(cmd, "cplay") || !strcmp(cmd, "csan")) {
        answer_chess(cmd, rest + strspn(rest, " \t"), out);
    } else if (!strcmp(cmd, "omoves") || !strcmp(cmd, "oflips") || !strcmp(cmd, "operft") || !strcmp(cmd, "osolve") ||
               !strcmp(cmd, "ofeatures")) {
        answer_othello(cmd, rest, out);
    } else if (!strcmp(cmd, "sym") || !strcmp(cmd, "canonical")) {
        int sym = !strcmp(cmd, "sym");
        if (sym && (num(&rest, &v[0]) || v[0] < 0 || v[0] > 7)) {
            fprintf(out, "error: sym S X...\n");
            return;
        }
        char sep = 0;
        while (num(&rest, &v[1]) == 0) {
            bb_sym u;
            if (sep) fputc(sep, out);
            if (sym)
                fprintf(out, "0x%016llx", (unsigned long long)bb_sym_apply((uint64_t)v[1], (bb_sym)v[0]));
            else {
                uint64_t c = bb_canonical((uint64_t)v[1], &u);
                fprintf(out, "0x%016llx %d", (unsigned long long)c, (int)u);
            }
            sep = ' ';
        }
        fputc('\n', out);
    } else if (!strcmp(cmd, "pair") && !nums(&rest, v, 2)) {
        uint64_t p = (uint64_t)v[0], o = (uint64_t)v[1];
        bb_sym u;
        bb_canonical_pair(&p, &o, &u);
        fprintf(out, "0x%016llx 0x%016llx %d\n", (unsigned long long)p, (unsigned long long)o, (int)u);
    } else if (!strcmp(cmd, "line") && !nums(&rest, v, 3) && v[1] >= 0 && v[1] < 64 && v[2] >= 0 && v[2] < 4) {
        fprintf(out, "0x%02x 0x%016llx\n", bb_line_extract((uint64_t)v[0], (int)v[1], (bb_line)v[2]),
                (unsigned long long)bb_line_mask((int)v[1], (bb_line)v[2]));
    } else if (!strcmp(cmd, "deposit") && !nums(&rest, v, 3) && v[1] >= 0 && v[1] < 64 && v[2] >= 0 && v[2] < 4) {
        fprintf(out, "0x%016llx\n", (unsigned long long)bb_line_deposit((unsigned)v[0], (int)v[1], (bb_line)v[2]));
    } else if (!strcmp(cmd, "rot45") && !nums(&rest, v, 2) && v[0] >= 0 && v[0] < 4) {
        uint64_t in = (uint64_t)v[1], res;
        bb_pseudo_rotate45_array(&res, &in, 1, (bb_rot45)v[0]);
        fprintf(out, "0x%016llx\n", (unsigned long long)res);
    } else if (!strcmp(cmd, "rotated") && !nums(&rest, v, 2)) {
        uint64_t res = rotated(v[0], (uint64_t)v[1], &ok);
        if (ok) fprintf(out, "0x%016llx\n", (unsigned long long)res);
    } else if (!strcmp(cmd, "convert") && !nums(&rest, v, 3) && v[0] >= 0 && v[0] < 8 && v[1] >= 0 && v[1] < 8) {
        fprintf(out, "0x%016llx\n",
                (unsigned long long)bb_mapping_convert((uint64_t)v[2], (bb_mapping)v[0], (bb_mapping)v[1]));
    } else if (!strcmp(cmd, "attacks")) {
        char piece[16] = "";
        rest += strspn(rest, " \t");
        size_t k = strcspn(rest, " \t");
        if (k < sizeof piece) memcpy(piece, rest, k), piece[k] = 0;
        rest += k;
        uint64_t res = 0;
        ok = !nums(&rest, v, 2) && v[0] >= 0 && v[0] < 64;
        if (ok) res = attacks_of(piece, (int)v[0], (uint64_t)v[1], &ok);
        if (ok) fprintf(out, "0x%016llx\n", (unsigned long long)res);
    } else {
        ok = 0;
    }
    if (!ok) fprintf(out, "error: cannot read '%s' (soak_query.c lists the requests)\n", line);
}

int soak_query(FILE *in, FILE *out)
{
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    while ((len = getline(&line, &cap, in)) >= 0) {
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r')) line[--len] = 0;
        answer(line, out);
        fflush(out);
    }
    free(line);
    return 0;
}
