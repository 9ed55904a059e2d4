/* bb_pgn_*: any bytes as a PGN file, read with a visitor that wants
 * everything.  Every game ends (the reader never stops early or loops);
 * every move it reports is legal in the position it gives; an error names
 * a game, a line and a column inside the input and has a printable reason;
 * the bytes read equal the input's size.  Every game is written in the
 * export format (a bad one as far as it was read, result *) and read
 * again: as many games, and every clean one clean again. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <bitboard.h>

#include "fuzz.h"

typedef struct {
    size_t size;
    long lines;
    int depth, games, clean;
    bb_chess_move main[512];
    int nmain;
} state;

static void v_begin(void *a, long g)
{
    state *s = a;
    FUZZ_ASSERT(g == s->games + 1, "game %ld after %d", g, s->games);
    s->nmain = 0;
}
static void v_move(void *a, const bb_chess_pos *b, bb_chess_move m, const char *t, int d)
{
    state *s = a;
    FUZZ_ASSERT(m == BB_CHESS_NULL_MOVE ? !bb_chess_is_check(b) : fuzz_chess_legal(b, m), "'%s' is not legal", t);
    if (d == 0 && s->nmain < 512) s->main[s->nmain++] = m;
}
static void v_vbegin(void *a, int d) { ((state *)a)->depth = d; }
static void v_end(void *a, const bb_pgn_error *e, int truncated)
{
    state *s = a;
    (void)truncated;
    s->games++;
    if (!e) {
        s->clean++;
        return;
    }
    FUZZ_ASSERT(e->game == s->games, "error of game %ld in game %d", e->game, s->games);
    FUZZ_ASSERT(e->line >= 1 && e->line <= s->lines + 1 && e->column >= 1, "error at line %ld column %ld", e->line,
                e->column);
    FUZZ_ASSERT(e->msg[0] != '\0', "empty error");
    for (const char *c = e->msg; *c; c++) FUZZ_ASSERT(*c >= 0x20 && *c <= 0x7e, "unprintable byte in the error");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const bb_pgn_visitor v = {v_begin, NULL, NULL, v_move, NULL, NULL, v_vbegin, NULL, NULL, v_end};
    state s;
    memset(&s, 0, sizeof s);
    s.size = size;
    for (size_t i = 0; i < size; i++) s.lines += data[i] == '\n';
    bb_pgn_reader *r = bb_pgn_open_memory((const char *)data, size);
    if (!r) return 0;
    int rc, rounds = 0;
    while ((rc = bb_pgn_visit(r, &v, &s)) == 1) FUZZ_ASSERT(++rounds <= (int)size + 1, "more games than bytes");
    FUZZ_ASSERT(rc == 0, "visit gave %d", rc);
    FUZZ_ASSERT(bb_pgn_bytes(r) == size, "read %llu of %zu bytes", (unsigned long long)bb_pgn_bytes(r), size);
    bb_pgn_close(r);
    /* every game written (a bad one as far as it was read) and read back */
    if (s.games > 0) {
        char *out = NULL;
        size_t out_size = 0;
        FILE *f = open_memstream(&out, &out_size);
        if (!f) return 0;
        bb_pgn_writer w;
        bb_pgn_writer_init(&w, f);
        r = bb_pgn_open_memory((const char *)data, size);
        while (bb_pgn_visit(r, &bb_pgn_writer_visitor, &w) == 1) {}
        bb_pgn_close(r);
        FUZZ_ASSERT(w.games == s.games, "%ld games written of %d", w.games, s.games);
        bb_pgn_writer_free(&w);
        fclose(f);
        bb_pgn_reader *a = bb_pgn_open_memory(out, out_size);
        state t;
        memset(&t, 0, sizeof t);
        t.size = out_size;
        for (size_t i = 0; i < out_size; i++) t.lines += out[i] == '\n';
        while (bb_pgn_visit(a, &v, &t) == 1) FUZZ_ASSERT(t.games <= s.games, "more games read back");
        /* a bad game's tags are written as read, so a bad [FEN] stays bad */
        FUZZ_ASSERT(t.games == s.games && t.clean >= s.clean, "%d games, %d clean read back of %d, %d clean", t.games,
                    t.clean, s.games, s.clean);
        bb_pgn_close(a);
        free(out);
    }
    return 0;
}
