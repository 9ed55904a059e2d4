/* bb_chess_from_fen: a failure fills in its error (a message, a position in
 * the text); a position that parses is consistent (one king each, boards
 * agree, the key is bb_chess_key's, the side not to move not in check), writes
 * in every FEN style and reads back equal (bb_chess_to_fen keeps snprintf's
 * contract), and its moves agree with the slow generator's; every move makes
 * to a consistent position with the right key and unmakes to the same one. */
#include <bitboard.h>

#include "fuzz.h"
#include "../../src/chess/slow.h"

static void check_error(const bb_parse_error *e, const char *text)
{
    FUZZ_ASSERT(e->msg[0] != '\0' && memchr(e->msg, '\0', sizeof e->msg) != NULL, "'%s': empty error", text);
    FUZZ_ASSERT(strncmp(e->msg, "FEN", 3) == 0, "'%s': error '%s'", text, e->msg);
    FUZZ_ASSERT(e->pos >= 0 && (size_t)e->pos <= strlen(text) + 1, "'%s': error at %d", text, e->pos);
    for (const char *c = e->msg; *c; c++)
        FUZZ_ASSERT(*c >= 0x20 && *c <= 0x7e, "'%s': unprintable byte in the error", text);
}

static void check_consistent(const bb_chess_pos *p, const char *what)
{
    uint64_t all = 0;
    for (int c = 0; c < 2; c++) {
        uint64_t u = 0;
        for (int t = 0; t < 6; t++) {
            FUZZ_ASSERT(!(u & p->pieces[c][t]), "%s: overlapping boards", what);
            u |= p->pieces[c][t];
        }
        FUZZ_ASSERT(u == p->color[c], "%s: colour board", what);
        FUZZ_ASSERT(bb_popcount(p->pieces[c][BB_KING]) == 1, "%s: kings", what);
        all |= u;
    }
    FUZZ_ASSERT(!(p->color[0] & p->color[1]) && all == p->occupied, "%s: occupancy", what);
    for (int sq = 0; sq < 64; sq++) {
        int pc = p->board[sq];
        if (pc == BB_CHESS_EMPTY) FUZZ_ASSERT(!(p->occupied >> sq & 1), "%s: board[%d]", what, sq);
        else FUZZ_ASSERT(pc < 14 && (pc & 7) < 6 && (p->pieces[pc >> 3][pc & 7] >> sq & 1), "%s: board[%d]", what, sq);
    }
    FUZZ_ASSERT(p->key == bb_chess_key(p), "%s: key", what);
    FUZZ_ASSERT(p->side < 2 && p->castling < 16, "%s: side or rights", what);
    for (int i = 0; i < 4; i++)
        if (p->castling >> i & 1)
            FUZZ_ASSERT(p->board[p->castle_rook[i]] == (i >> 1) * 8 + BB_ROOK, "%s: right %d without its rook", what, i);
    FUZZ_ASSERT(p->ep == BB_CHESS_NO_EP || p->ep < 64, "%s: ep", what);
    int them = p->side ^ 1, k = __builtin_ctzll(p->pieces[them][BB_KING]);
    FUZZ_ASSERT(!(bb_chess_attackers_to(p, k, p->occupied) & p->color[p->side]), "%s: the side not to move in check",
                what);
}

static int same(const bb_chess_pos *a, const bb_chess_pos *b)
{
    if (memcmp(a->pieces, b->pieces, sizeof a->pieces) || memcmp(a->board, b->board, 64)) return 0;
    if (a->key != b->key || a->side != b->side || a->castling != b->castling || a->ep != b->ep) return 0;
    if (a->halfmove != b->halfmove || a->fullmove != b->fullmove) return 0;
    for (int i = 0; i < 4; i++)
        if ((a->castling >> i & 1) && a->castle_rook[i] != b->castle_rook[i]) return 0;
    return 1;
}

static int cmp(const void *a, const void *b) { return (int)*(const bb_chess_move *)a - (int)*(const bb_chess_move *)b; }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    if (!text) return 0;
    bb_chess_pos pos, back;
    bb_parse_error e;
    memset(&e, 0, sizeof e);
    if (bb_chess_from_fen(&pos, text, &e) != 0) {
        check_error(&e, text);
        free(text);
        return 0;
    }
    check_consistent(&pos, text);
    char buf[BB_CHESS_FEN_MAX], small[BB_CHESS_FEN_MAX];
    for (int style = 0; style < 3; style++) {
        size_t n = bb_chess_to_fen(buf, sizeof buf, &pos, style);
        FUZZ_ASSERT(n == strlen(buf) && n < BB_CHESS_FEN_MAX, "'%s' style %d: %zu", text, style, n);
        FUZZ_ASSERT(bb_chess_from_fen(&back, buf, &e) == 0, "'%s' -> '%s': %s", text, buf, e.msg);
        FUZZ_ASSERT(same(&pos, &back), "'%s' -> '%s' reads back different", text, buf);
        for (size_t s = 0; s < sizeof small; s += 9) {
            memset(small, '#', sizeof small);
            FUZZ_ASSERT(bb_chess_to_fen(small, s, &pos, style) == n, "size %zu", s);
            FUZZ_ASSERT(s == 0 ? small[0] == '#' : strncmp(small, buf, s - 1) == 0 && strlen(small) == (s - 1 < n ? s - 1 : n),
                        "size %zu", s);
        }
    }

    bb_chess_movelist all, slow, caps, quiets;
    bb_chess_generate(&pos, BB_GEN_ALL, &all);
    bb_chess_generate(&pos, BB_GEN_CAPTURES, &caps);
    bb_chess_generate(&pos, BB_GEN_QUIETS, &quiets);
    FUZZ_ASSERT(all.count <= BB_CHESS_MAX_MOVES, "'%s': %d moves", text, all.count);
    if (all.count < BB_CHESS_MAX_MOVES) { /* a full list may have been cut short */
        FUZZ_ASSERT(caps.count + quiets.count == all.count, "'%s': modes", text);
        bb__chess_slow_generate(&pos, BB_GEN_ALL, &slow);
        qsort(all.moves, (size_t)all.count, sizeof all.moves[0], cmp);
        qsort(slow.moves, (size_t)slow.count, sizeof slow.moves[0], cmp);
        FUZZ_ASSERT(all.count == slow.count &&
                        memcmp(all.moves, slow.moves, (size_t)all.count * sizeof all.moves[0]) == 0,
                    "'%s': %d moves, the slow generator %d", text, all.count, slow.count);
    }
    for (int i = 0; i < all.count; i++) {
        bb_chess_move m = all.moves[i];
        FUZZ_ASSERT(bb_chess_is_legal(&pos, m), "'%s': move 0x%04x not legal", text, m);
        bb_chess_pos before = pos;
        bb_chess_undo u;
        bb_chess_make(&pos, m, &u);
        check_consistent(&pos, text);
        bb_chess_unmake(&pos, m, &u);
        FUZZ_ASSERT(same(&pos, &before), "'%s': unmake of 0x%04x", text, m);
    }
    free(text);
    return 0;
}
