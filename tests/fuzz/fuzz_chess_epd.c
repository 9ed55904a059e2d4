/* bb_chess_epd_parse: the input is one EPD line (any bytes; the text ends at
 * its first NUL).  A refusal leaves the record alone and fills in a
 * printable, non-empty error that points inside the line.  A record that
 * reads is written in SAN and in UCI; each text reads back as the same
 * record (position, clocks, operations) and writes again as the same text;
 * every move operation resolves to legal moves; write behaves like
 * snprintf. */
#include <bitboard.h>

#include "fuzz.h"

static void check_error(const bb_parse_error *e, const char *text)
{
    FUZZ_ASSERT(e->msg[0] != '\0' && memchr(e->msg, '\0', sizeof e->msg) != NULL, "'%s': empty error", text);
    FUZZ_ASSERT(e->pos >= 0 && (size_t)e->pos <= strlen(text) + 1, "'%s': error at %d", text, e->pos);
    for (const char *c = e->msg; *c; c++)
        FUZZ_ASSERT(*c >= 0x20 && *c <= 0x7e, "'%s': unprintable byte in the error '%s'", text, e->msg);
}

static int same_record(const bb_chess_epd *a, const bb_chess_epd *b)
{
    if (a->pos.key != b->pos.key || a->pos.halfmove != b->pos.halfmove || a->pos.fullmove != b->pos.fullmove ||
        a->pos.chess960 != b->pos.chess960 || memcmp(a->pos.board, b->pos.board, 64) != 0 || a->count != b->count)
        return 0;
    for (int i = 0; i < a->count; i++) {
        bb_chess_epd_op x, y;
        if (bb_chess_epd_at(a, i, &x) != 0 || bb_chess_epd_at(b, i, &y) != 0) return 0;
        if (strcmp(x.opcode, y.opcode) || strcmp(x.operands, y.operands) || x.count != y.count || x.string != y.string)
            return 0;
    }
    return 1;
}

static void check_moves(const bb_chess_epd *rec, const char *text)
{
    static const char *const ops[] = {"bm", "am", "pm", "sm", "pv"};
    for (int k = 0; k < 5; k++) {
        bb_chess_move m[BB_CHESS_EPD_TEXT_MAX];
        bb_parse_error e;
        int n = bb_chess_epd_moves(rec, ops[k], m, BB_CHESS_EPD_TEXT_MAX, &e);
        FUZZ_ASSERT(n >= 0, "'%s': %s does not resolve: %s", text, ops[k], e.msg);
        bb_chess_pos p = rec->pos;
        for (int i = 0; i < n; i++) {
            FUZZ_ASSERT(bb_chess_is_legal(&p, m[i]), "'%s': %s move %d is illegal", text, ops[k], i + 1);
            if (k == 4) {
                bb_chess_undo u;
                bb_chess_make(&p, m[i], &u);
            }
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s = fuzz_text(data, size);
    if (!s) return 0;
    static bb_chess_epd rec, back, again;
    bb_parse_error e;
    memset(&e, 0, sizeof e);
    memset(&rec, 0x5a, sizeof rec);
    if (bb_chess_epd_parse(&rec, s, &e) != 0) {
        check_error(&e, s);
        FUZZ_ASSERT(rec.count == 0x5a5a5a5a, "'%s': a refused line changed the record", s);
        free(s);
        return 0;
    }
    FUZZ_ASSERT(rec.count >= 0 && rec.count <= BB_CHESS_EPD_MAX_OPS && rec.used <= BB_CHESS_EPD_TEXT_MAX,
                "'%s': %d operations, %zu bytes", s, rec.count, rec.used);
    check_moves(&rec, s);
    for (int style = 0; style < 2; style++) {
        static char text[BB_CHESS_EPD_LINE_MAX], text2[BB_CHESS_EPD_LINE_MAX];
        size_t n = bb_chess_epd_write(text, sizeof text, &rec, style);
        FUZZ_ASSERT(n < sizeof text && n == strlen(text), "'%s': written length %zu", s, n);
        char small[7];
        FUZZ_ASSERT(bb_chess_epd_write(small, sizeof small, &rec, style) == n && strlen(small) == (n < 6 ? n : 6) &&
                    strncmp(small, text, strlen(small)) == 0, "'%s': write into 7 bytes", s);
        FUZZ_ASSERT(bb_chess_epd_parse(&back, text, &e) == 0, "'%s' written as '%s' does not read: %s", s, text, e.msg);
        FUZZ_ASSERT(same_record(&rec, &back), "'%s' written as '%s' reads as another record", s, text);
        bb_chess_epd_write(text2, sizeof text2, &back, style);
        FUZZ_ASSERT(strcmp(text, text2) == 0, "'%s': '%s' is written again as '%s'", s, text, text2);
        /* a copy changed through set reads the same: each operation set again in place */
        again = back;
        for (int i = 0; i < back.count; i++) {
            bb_chess_epd_op op;
            bb_chess_epd_at(&back, i, &op);
            int rc = op.string ? bb_chess_epd_set_string(&again, op.opcode, op.operands, &e)
                               : bb_chess_epd_set(&again, op.opcode, op.operands, &e);
            FUZZ_ASSERT(rc == 0, "'%s': setting %s '%s' again: %s", s, op.opcode, op.operands, e.msg);
        }
        FUZZ_ASSERT(same_record(&back, &again), "'%s': set changed the record", s);
    }
    free(s);
    return 0;
}
