/* chess_positions - prints chess positions from the generators of
 * tests/chess_diff.h, one FEN a line (Shredder-FEN for Chess960, standard
 * FEN otherwise): positions for an outside oracle (tests/stockfish.sh
 * gives them to Stockfish's perft).
 *
 *   make build/tools/chess_positions
 *   build/tools/chess_positions --count N --seed S [--family NAME]
 *
 * Without --family, line i alternates: even lines come from the Chess960
 * families (game960, castling, sparse960), odd lines from the others, drawn
 * again until the position is not a Chess960 one, so half the lines are
 * Chess960.  --family NAME (see --help for the names) takes every line from
 * that family.  Line i depends only on the seed and i (and the family). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../tests/chess_diff.h"

static int usage(FILE *f, int status)
{
    fprintf(f, "usage: chess_positions --count N --seed S [--family NAME]\n"
               "  prints N positions, one FEN a line: half Chess960 (Shredder-FEN) by default,\n"
               "  or all from one family:");
    for (int i = 0; i < CDIFF_FAMILIES; i++) fprintf(f, " %s", cdiff_family_name(i));
    fprintf(f, "\n");
    return status;
}

static int read_number(const char *text, const char *what, unsigned long long max, unsigned long long *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 0);
    if (!*text || *end || errno || v > max || text[0] == '-') {
        fprintf(stderr, "chess_positions: %s '%s' is not a number 0..%llu\n", what, text, max);
        return -1;
    }
    *out = v;
    return 0;
}

/* Position i of the run: one of the families in the list given (or all). */
static void position(uint64_t seed, long i, int family, bb_chess_pos *pos)
{
    static const int c960[3] = {CDIFF_GAME960, CDIFF_CASTLING, CDIFF_SPARSE960};
    static const int plain[7] = {CDIFF_GAME,   CDIFF_EN_PASSANT, CDIFF_PROMOTION,  CDIFF_DOUBLE_CHECK,
                                 CDIFF_PINS,   CDIFF_CORNERS,    CDIFF_PIECE_COUNT};
    uint64_t rng = cdiff_case_seed(seed, family < 0 ? CDIFF_FAMILIES : family, i);
    if (family >= 0) {
        cdiff_position(family, &rng, pos);
        return;
    }
    do {
        int f = i % 2 == 0 ? c960[cdiff_below(&rng, 3)] : plain[cdiff_below(&rng, 7)];
        cdiff_position(f, &rng, pos);
    } while ((i % 2 == 0) != (pos->chess960 != 0));
}

int main(int argc, char **argv)
{
    unsigned long long count = 0, seed = 0;
    int have_count = 0, have_seed = 0, family = -1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) return usage(stdout, 0);
        if (i + 1 >= argc) return usage(stderr, 2);
        if (!strcmp(a, "--count")) {
            if (read_number(argv[++i], "--count", 100000000ULL, &count)) return 2;
            have_count = 1;
        } else if (!strcmp(a, "--seed")) {
            if (read_number(argv[++i], "--seed", UINT64_MAX, &seed)) return 2;
            have_seed = 1;
        } else if (!strcmp(a, "--family")) {
            family = cdiff_family_from_name(argv[++i]);
            if (family < 0) {
                fprintf(stderr, "chess_positions: no family '%s'\n", argv[i]);
                return usage(stderr, 2);
            }
        } else {
            return usage(stderr, 2);
        }
    }
    if (!have_count || !have_seed) return usage(stderr, 2);
    for (unsigned long long i = 0; i < count; i++) {
        bb_chess_pos pos;
        char fen[BB_CHESS_FEN_MAX];
        position((uint64_t)seed, (long)i, family, &pos);
        if (printf("%s\n", cdiff_fen(fen, &pos)) < 0) return 1;
    }
    return fflush(stdout) == 0 ? 0 : 1;
}
