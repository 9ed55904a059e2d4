/* The chess functions the JavaScript package calls (js/chess.js): a game
 * (bb_chess_game) on the heap per Chess object, its moves written as text
 * lines for the JavaScript side to split, errors as text.  Built with the
 * library into build/wasm/bitboard.wasm by `make wasm`; only the public API
 * is used here. */
/* open_memstream (POSIX 2008) for the PGN writer */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bitboard.h"

#define BB_JS_EXPORT __attribute__((used, visibility("default")))

/* ---- text out ---------------------------------------------------------------------- */

/* appends like snprintf: len counts every byte wanted, buf holds what fits */
typedef struct {
    char *buf;
    size_t size, len;
} out_text;

static void put(out_text *o, const char *fmt, ...)
{
    va_list ap;
    char *at = o->len < o->size ? o->buf + o->len : NULL;
    size_t room = o->len < o->size ? o->size - o->len : 0;
    va_start(ap, fmt);
    int n = vsnprintf(at, room, fmt, ap);
    va_end(ap);
    if (n > 0) o->len += (size_t)n;
}

static int out_end(const out_text *o) { return o->len > 0x7fffffff ? 0x7fffffff : (int)o->len; }

static void error_text(const char *text, char *msg, int size)
{
    if (size > 0) snprintf(msg, (size_t)size, "%s", text);
}

static const char PIECE_CHARS[] = "pnbrqk";

/* FEN as the CLI writes it: Shredder-FEN for a Chess960 position, else standard */
static size_t fen_of(char *buf, size_t size, const bb_chess_pos *pos)
{
    return bb_chess_to_fen(buf, size, pos, pos->chess960 ? BB_FEN_SHREDDER : BB_FEN_STANDARD);
}

/* One move of pos as a line: colour|from|to|piece|captured|promotion|flags|san|lan,
 * then |before|after (FEN) when verbose.  The castling king's square is its
 * destination (g or c file), as chess.js gives it. */
static void describe(out_text *o, const bb_chess_pos *pos, bb_chess_move m, int verbose)
{
    if (m == BB_CHESS_NULL_MOVE) { /* a pass: from and to the mover's king, flags '-', san "--", lan "0000" */
        char k[3], fen[BB_CHESS_FEN_MAX];
        bb_square_name(__builtin_ctzll(pos->pieces[pos->side][BB_KING]), k);
        put(o, "%c|%s|%s|k|-|-|-|--|0000", pos->side == BB_WHITE ? 'w' : 'b', k, k);
        if (verbose) {
            bb_chess_pos after = *pos;
            bb_chess_undo undo;
            fen_of(fen, sizeof fen, pos);
            put(o, "|%s", fen);
            bb_chess_make_null(&after, &undo);
            fen_of(fen, sizeof fen, &after);
            put(o, "|%s", fen);
        }
        put(o, "\n");
        return;
    }
    int from = bb_chess_move_from(m), to = bb_chess_move_to(m), kind = bb_chess_move_kind(m);
    int piece = pos->board[from] & 7, captured = -1, promo = -1;
    char flags[4] = {0}, san[BB_CHESS_MOVE_TEXT_MAX], f[3], t[3];
    if (kind == BB_MOVE_CASTLING) {
        int kingside = (to & 7) > (from & 7);
        to = (from & ~7) | (kingside ? 6 : 2);
        flags[0] = kingside ? 'k' : 'q';
    } else {
        if (kind == BB_MOVE_EN_PASSANT) captured = BB_PAWN;
        else if (pos->board[to] != BB_CHESS_EMPTY) captured = pos->board[to] & 7;
        if (kind == BB_MOVE_PROMOTION) promo = bb_chess_move_promotion(m);
        size_t n = 0;
        if (kind == BB_MOVE_EN_PASSANT) flags[n++] = 'e';
        else if (captured >= 0) flags[n++] = 'c';
        else if (piece == BB_PAWN && (to - from == 16 || from - to == 16)) flags[n++] = 'b';
        else flags[n++] = 'n';
        if (promo >= 0) flags[n++] = 'p';
    }
    bb_chess_move_to_san(san, sizeof san, pos, m);
    bb_square_name(from, f);
    bb_square_name(to, t);
    char pr[2] = {promo >= 0 ? PIECE_CHARS[promo] : '\0', '\0'};
    put(o, "%c|%s|%s|%c|%c|%c|%s|%s|%s%s%s", pos->side == BB_WHITE ? 'w' : 'b', f, t, PIECE_CHARS[piece],
        captured >= 0 ? PIECE_CHARS[captured] : '-', promo >= 0 ? pr[0] : '-', flags, san, f, t, pr);
    if (verbose) {
        char fen[BB_CHESS_FEN_MAX];
        bb_chess_pos after = *pos;
        bb_chess_undo undo;
        fen_of(fen, sizeof fen, pos);
        put(o, "|%s", fen);
        bb_chess_make(&after, m, &undo);
        fen_of(fen, sizeof fen, &after);
        put(o, "|%s", fen);
    }
    put(o, "\n");
}

/* ---- a game ------------------------------------------------------------------------ */

BB_JS_EXPORT bb_chess_game *bb_js_chess_new(void)
{
    bb_chess_game *g = malloc(sizeof *g);
    if (g) bb_chess_game_init(g);
    return g;
}

BB_JS_EXPORT void bb_js_chess_delete(bb_chess_game *g)
{
    if (!g) return;
    bb_chess_game_free(g);
    free(g);
}

/* 0 if fen is a position the library reads, else -1 and why in msg */
BB_JS_EXPORT int bb_js_chess_check_fen(const char *fen, char *msg, int size)
{
    bb_chess_pos pos;
    bb_parse_error e;
    if (bb_chess_from_fen(&pos, fen, &e) == 0) return 0;
    error_text(e.msg, msg, size);
    return -1;
}

/* the game starts again from fen: 0, or -1 and why in msg (the game unchanged) */
BB_JS_EXPORT int bb_js_chess_load(bb_chess_game *g, const char *fen, char *msg, int size)
{
    bb_chess_pos pos;
    bb_parse_error e;
    if (bb_chess_from_fen(&pos, fen, &e) != 0) {
        error_text(e.msg, msg, size);
        return -1;
    }
    bb_chess_game_set_start(g, &pos);
    return 0;
}

BB_JS_EXPORT int bb_js_chess_fen(const bb_chess_game *g, char *buf, int size)
{
    return (int)fen_of(buf, size > 0 ? (size_t)size : 0, &g->pos);
}

/* out[64]: the piece on each square (colour * 8 + type, 255 empty) */
BB_JS_EXPORT void bb_js_chess_board(const bb_chess_game *g, uint8_t *out) { memcpy(out, g->pos.board, 64); }

BB_JS_EXPORT int bb_js_chess_count(const bb_chess_game *g) { return g->count; }

/* the legal moves (of the piece on sq, or all when sq is -1) as lines of
 * describe; returns the length the text needs (size: buf's bytes) */
BB_JS_EXPORT int bb_js_chess_moves(const bb_chess_game *g, int sq, int verbose, char *buf, int size)
{
    bb_chess_movelist list;
    out_text o = {buf, size > 0 ? (size_t)size : 0, 0};
    bb_chess_generate(&g->pos, BB_GEN_ALL, &list);
    for (int i = 0; i < list.count; i++)
        if (sq < 0 || bb_chess_move_from(list.moves[i]) == sq) describe(&o, &g->pos, list.moves[i], verbose);
    if (o.size > 0) buf[o.len < o.size ? o.len : o.size - 1] = '\0';
    return out_end(&o);
}

/* the SAN of the legal moves (of the piece on sq, or all when sq is -1),
 * one space apart (moves() without verbose: no describe lines to build and split) */
BB_JS_EXPORT int bb_js_chess_sans(const bb_chess_game *g, int sq, char *buf, int size)
{
    bb_chess_movelist list;
    int n = 0;
    bb_chess_generate(&g->pos, BB_GEN_ALL, &list);
    for (int i = 0; i < list.count; i++)
        if (sq < 0 || bb_chess_move_from(list.moves[i]) == sq) list.moves[n++] = list.moves[i];
    size_t len = bb_chess_moves_to_san(buf, size > 0 ? (size_t)size : 0, &g->pos, list.moves, n);
    return len > 0x7fffffff ? 0x7fffffff : (int)len;
}

/* the moves played, oldest first, as lines of describe */
BB_JS_EXPORT int bb_js_chess_history(const bb_chess_game *g, int verbose, char *buf, int size)
{
    out_text o = {buf, size > 0 ? (size_t)size : 0, 0};
    bb_chess_pos pos = g->start;
    bb_chess_undo undo;
    for (int i = 0; i < g->count; i++) {
        describe(&o, &pos, g->moves[i], verbose);
        if (g->moves[i] == BB_CHESS_NULL_MOVE) bb_chess_make_null(&pos, &undo);
        else bb_chess_make(&pos, g->moves[i], &undo);
    }
    if (o.size > 0) buf[o.len < o.size ? o.len : o.size - 1] = '\0';
    return out_end(&o);
}

/* plays text (SAN, else UCI; only UCI when uci_only): the move's describe
 * line in buf and its length, or -1 and why in buf (the game unchanged) */
BB_JS_EXPORT int bb_js_chess_play(bb_chess_game *g, const char *text, int uci_only, char *buf, int size)
{
    bb_chess_move m;
    bb_parse_error e, e2;
    out_text o = {buf, size > 0 ? (size_t)size : 0, 0};
    int found = !uci_only && bb_chess_move_from_san(&g->pos, text, &m, &e) == 0;
    if (!found && bb_chess_move_from_uci(&g->pos, text, &m, &e2) == 0) found = 1;
    if (!found) {
        error_text(uci_only ? e2.msg : e.msg, buf, size);
        return -1;
    }
    describe(&o, &g->pos, m, 1);
    if (o.len >= o.size) {
        error_text("the move's text does not fit", buf, size);
        return -1;
    }
    int r = bb_chess_game_push(g, m);
    if (r != 0) {
        error_text(r == BB_CHESS_GAME_NO_MEMORY ? "out of memory" : "illegal move", buf, size);
        return -1;
    }
    return out_end(&o);
}

/* passes the turn (a null move, "--"): its describe line in buf and its
 * length, or -1 when the side to move is in check (or no memory: -2) */
BB_JS_EXPORT int bb_js_chess_pass(bb_chess_game *g, char *buf, int size)
{
    out_text o = {buf, size > 0 ? (size_t)size : 0, 0};
    if (bb_chess_is_check(&g->pos)) return -1;
    describe(&o, &g->pos, BB_CHESS_NULL_MOVE, 1);
    if (o.len >= o.size) return out_end(&o);
    return bb_chess_game_push_null(g) == 0 ? out_end(&o) : -2;
}

/* the position's Polyglot key */
BB_JS_EXPORT uint64_t bb_js_chess_key(const bb_chess_game *g) { return g->pos.key; }

/* takes back the last move: its describe line in buf and its length, or 0 when none */
BB_JS_EXPORT int bb_js_chess_undo(bb_chess_game *g, char *buf, int size)
{
    bb_chess_pos before;
    out_text o = {buf, size > 0 ? (size_t)size : 0, 0};
    if (g->count == 0 || bb_chess_game_position(g, g->count - 1, &before) != 0) return 0;
    describe(&o, &before, g->moves[g->count - 1], 1);
    if (o.len >= o.size) return -1;
    bb_chess_game_pop(g);
    return out_end(&o);
}

/* how the position stands: bit 0 check, bit 1 no legal move, bit 2
 * insufficient material, bit 3 fifty moves (halfmove clock >= 100), bits 8
 * up the times it has stood (1 + repetitions in the game) */
BB_JS_EXPORT int bb_js_chess_status(const bb_chess_game *g)
{
    bb_chess_movelist list;
    int reps = bb_chess_repetitions(&g->pos, g->keys, g->count);
    int s = bb_chess_is_check(&g->pos) ? 1 : 0;
    if (bb_chess_generate(&g->pos, BB_GEN_ALL, &list) == 0) s |= 2;
    if (bb_chess_insufficient_material(&g->pos)) s |= 4;
    if (g->pos.halfmove >= 100) s |= 8;
    return s | (reps > 255 ? 255 : reps) << 8;
}

/* perft's deepest depth and why (the library's: every front end refuses deeper) */
BB_JS_EXPORT int bb_js_chess_perft_max_depth(void) { return BB_CHESS_PERFT_MAX_DEPTH; }
BB_JS_EXPORT const char *bb_js_chess_perft_max_depth_why(void) { return BB_CHESS_PERFT_MAX_DEPTH_WHY; }

/* perft from the position now; UINT64_MAX when the count does not fit */
BB_JS_EXPORT uint64_t bb_js_chess_perft(const bb_chess_game *g, int depth)
{
    bb_chess_perft_opts opts;
    memset(&opts, 0, sizeof opts);
    return bb_chess_perft(&g->pos, depth, &opts);
}

/* ---- PGN --------------------------------------------------------------------------- */

/* the game in PGN's export format with tags ("name\nvalue\n" pairs) and
 * result: the length the text needs (buf as snprintf), or -1 (no memory, or
 * a write failed) */
BB_JS_EXPORT int bb_js_chess_pgn(const bb_chess_game *g, const char *tags, const char *result, char *buf, int size)
{
    size_t n = 0, tlen = strlen(tags);
    for (size_t i = 0; i < tlen; i++) n += tags[i] == '\n';
    char *copy = malloc(tlen + 1);
    const char **names = malloc((n / 2 + 1) * sizeof *names), **values = malloc((n / 2 + 1) * sizeof *values);
    char *text = NULL;
    size_t len = 0;
    int r = -1;
    if (!copy || !names || !values) goto done;
    memcpy(copy, tags, tlen + 1);
    bb_pgn_game pg;
    memset(&pg, 0, sizeof pg);
    pg.number = 1;
    for (char *p = copy; pg.ntags < (int)(n / 2);) {
        char *v = strchr(p, '\n'), *e;
        *v++ = '\0';
        e = strchr(v, '\n');
        *e = '\0';
        names[pg.ntags] = p;
        values[pg.ntags++] = v;
        p = e + 1;
    }
    pg.tag_names = names;
    pg.tag_values = values;
    pg.game = *g;  /* read only: the writer does not change or free it */
    snprintf(pg.result, sizeof pg.result, "%s", result);
    FILE *f = open_memstream(&text, &len);
    if (!f) goto done;
    bb_pgn_writer w;
    bb_pgn_writer_init(&w, f);
    int bad = bb_pgn_write_game(&w, &pg) != 0 || bb_pgn_writer_error(&w) != 0;
    bb_pgn_writer_free(&w);
    if (fclose(f) != 0 || bad || !text) goto done;
    r = len > 0x7ffffffe ? -1 : (int)len;
    if (r >= 0 && size > 0) snprintf(buf, (size_t)size, "%s", text);
done:
    free(text);
    free(copy);
    free(names);
    free(values);
    return r;
}

/* the first game of text (PGN) becomes the game: its tags as "name\nvalue\n"
 * pairs in out (then "Result\n" and the movetext's result, when it has one) and their length (out as snprintf), or -1 and why in out (the
 * game unchanged) */
BB_JS_EXPORT int bb_js_chess_load_pgn(bb_chess_game *g, const char *text, char *out, int size)
{
    bb_pgn_reader *r = bb_pgn_open_memory(text, strlen(text));
    bb_pgn_game pg;
    out_text o = {out, size > 0 ? (size_t)size : 0, 0};
    int rc = -1;
    if (!r) {
        error_text("out of memory", out, size);
        return -1;
    }
    bb_pgn_game_init(&pg);
    int got = bb_pgn_next(r, &pg);
    if (got != 1) {
        error_text(got == 0 ? "no game in the text" : bb_pgn_read_error(r), out, size);
    } else if (pg.has_error) {
        char why[320];
        snprintf(why, sizeof why, "line %ld, column %ld: %s", pg.error.line, pg.error.column, pg.error.msg);
        error_text(why, out, size);
    } else if (bb_chess_game_copy(g, &pg.game) != 0) {
        error_text("out of memory", out, size);
    } else {
        for (int i = 0; i < pg.ntags; i++) put(&o, "%s\n%s\n", pg.tag_names[i], pg.tag_values[i]);
        /* the movetext's result last: it is the game's, over a Result tag that disagrees */
        if (pg.result[0]) put(&o, "Result\n%s\n", pg.result);
        if (o.size > 0) out[o.len < o.size ? o.len : o.size - 1] = '\0';
        rc = out_end(&o);
    }
    bb_pgn_game_free(&pg);
    bb_pgn_close(r);
    return rc;
}

/* the comments of the main line of the first game of text, one a line:
 * "ply<TAB>comment" (ply: the moves played before it; white space runs in
 * the comment become one space); the length the text needs (out as snprintf) */
typedef struct {
    out_text o;
    int ply;
} comment_state;

static void on_move(void *arg, const bb_chess_pos *before, bb_chess_move m, const char *text, int depth)
{
    (void)before, (void)m, (void)text;
    if (depth == 0) ((comment_state *)arg)->ply++;
}

static void on_comment(void *arg, const char *text, size_t len, int depth)
{
    comment_state *st = arg;
    size_t i = 0;
    if (depth != 0) return;
    while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r')) i++;
    put(&st->o, "%d\t", st->ply);
    for (int space = 0; i < len; i++) {
        int white = text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r';
        if (white) {
            space = 1;
            continue;
        }
        put(&st->o, "%s%c", space ? " " : "", text[i]);
        space = 0;
    }
    put(&st->o, "\n");
}

BB_JS_EXPORT int bb_js_chess_pgn_comments(const char *text, char *out, int size)
{
    bb_pgn_reader *r = bb_pgn_open_memory(text, strlen(text));
    comment_state st = {{out, size > 0 ? (size_t)size : 0, 0}, 0};
    bb_pgn_visitor v;
    if (!r) return -1;
    memset(&v, 0, sizeof v);
    v.move = on_move;
    v.comment = on_comment;
    bb_pgn_visit(r, &v, &st);
    bb_pgn_close(r);
    if (st.o.size > 0) out[st.o.len < st.o.size ? st.o.len : st.o.size - 1] = '\0';
    return out_end(&st.o);
}
