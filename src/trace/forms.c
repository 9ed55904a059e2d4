/* The library's routines as tracer programs: one form per transform, line
 * routine, rotated-board conversion, attack method and Othello flip method,
 * each with the definition it must equal (a square-by-square loop straight
 * from the contract in the routine's header).  tests/test_trace_forms.c
 * proves every form against its definition and checks it against the
 * compiled routine; docs/TRACE.md says what is proved for each. */
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "bitboard.h"

/* ---- Writing program text ---------------------------------------------------------
 * A form's text is written by a builder, for any square (the forms without a
 * square ignore it): one statement per line, a chain of operations on the
 * running value, named by `let NAME = ...` where a later line needs it. */
typedef struct {
    char *buf;
    size_t size, len;  /* the text so far (len may pass size: the length needed) */
    char line[512];    /* the statement being written */
    size_t ll;
    int closed;        /* the statement ends with a name bound: the next operation starts a new one */
    char cur[24];      /* the running value's name while it is exactly a named value */
} pb;

static void put(pb *b, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++, b->len++)
        if (b->len + 1 < b->size) b->buf[b->len] = s[i];
    if (b->size) b->buf[b->len < b->size ? b->len : b->size - 1] = '\0';
}
static void flush(pb *b)
{
    b->closed = 0;
    if (!b->ll) return;
    if (b->len) put(b, "\n", 1);
    put(b, b->line, b->ll);
    b->ll = 0;
    b->closed = 0;
}
static void append(pb *b, const char *s)
{
    size_t n = strlen(s);
    if (b->ll + n + 1 < sizeof b->line) {
        memcpy(b->line + b->ll, s, n);
        b->ll += n;
        b->line[b->ll] = '\0';
    }
}
/* Appends one operation to the running value. */
static void emit(pb *b, const char *fmt, ...)
{
    char op[128];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(op, sizeof op, fmt, ap);
    va_end(ap);
    if (b->closed) { /* a new statement, from the value just named */
        char c[24];
        snprintf(c, sizeof c, "%s", b->cur);
        flush(b);
        append(b, c);
    }
    if (b->ll) append(b, " ");
    append(b, op);
    b->cur[0] = '\0';
}
/* The running value becomes the named value (an input or a name bound before). */
static void from(pb *b, const char *name)
{
    flush(b);
    append(b, name);
    snprintf(b->cur, sizeof b->cur, "%s", name);
}
/* The running value becomes the constant c. */
static void from_const(pb *b, uint64_t c)
{
    char k[24];
    snprintf(k, sizeof k, "0x%016llX", (unsigned long long)c);
    from(b, k);
}
/* Names the running value n. */
static void name(pb *b, const char *n)
{
    char head[64];
    snprintf(head, sizeof head, "let %s = ", n);
    if (b->ll && !b->closed) {
        size_t h = strlen(head);
        if (b->ll + h + 1 < sizeof b->line) {
            memmove(b->line + h, b->line, b->ll + 1);
            memcpy(b->line, head, h);
            b->ll += h;
        }
    } else {
        flush(b);
        append(b, head);
        append(b, b->cur);
    }
    b->closed = 1;
    snprintf(b->cur, sizeof b->cur, "%s", n);
}
#define K(c) ((unsigned long long)(c))

/* ---- Helpers for the definitions ----------------------------------------------------- */
static uint64_t bit(int sq) { return (uint64_t)1 << sq; }
static int on_board(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }

/* ============================================================================
 * Symmetries (bitboard/sym.h)
 * ========================================================================== */

/* Square by square through bb_sym_square: a coordinate formula that
 * tests/test_sym.c checks against the table in bitboard/sym.h. */
static uint64_t sym_def(uint64_t x, bb_sym s)
{
    uint64_t y = 0;
    for (int sq = 0; sq < 64; sq++)
        if (x & bit(sq)) y |= bit(bb_sym_square(sq, s));
    return y;
}
#define SYM_DEF(fn, S) \
    static uint64_t fn(const uint64_t *in, int sq) { (void)sq; return sym_def(in[0], S); }
SYM_DEF(def_flip_vertical, BB_SYM_FLIP_VERTICAL)
SYM_DEF(def_flip_horizontal, BB_SYM_FLIP_HORIZONTAL)
SYM_DEF(def_flip_diagonal, BB_SYM_FLIP_DIAGONAL)
SYM_DEF(def_flip_antidiagonal, BB_SYM_FLIP_ANTIDIAGONAL)
SYM_DEF(def_rotate_cw, BB_SYM_ROTATE_CW)
SYM_DEF(def_rotate_ccw, BB_SYM_ROTATE_CCW)
SYM_DEF(def_rotate_180, BB_SYM_ROTATE_180)

/* The delta swaps of bitboard/sym.h. */
static void b_flip_diagonal_swaps(pb *b)
{
    emit(b, "dswap 0x00000000F0F0F0F0 28");
    emit(b, "dswap 0x0000CCCC0000CCCC 14");
    emit(b, "dswap 0x00AA00AA00AA00AA 7");
}
/* ((x >> k) & m) | ((x & m) << k) for k = 1, 2, 4: neighbours, pairs, nibbles. */
static void b_flip_horizontal_steps(pb *b)
{
    static const uint64_t m[3] = {0x5555555555555555ULL, 0x3333333333333333ULL, 0x0F0F0F0F0F0F0F0FULL};
    for (int i = 0; i < 3; i++) {
        name(b, "t");
        emit(b, ">> %d", 1 << i);
        emit(b, "& 0x%016llX", K(m[i]));
        name(b, "hi");
        from(b, "t");
        emit(b, "& 0x%016llX", K(m[i]));
        emit(b, "<< %d", 1 << i);
        emit(b, "| hi");
    }
}
static void b_flip_vertical(pb *b, int sq) { (void)sq; emit(b, "bswap"); }
static void b_flip_horizontal(pb *b, int sq) { (void)sq; b_flip_horizontal_steps(b); }
static void b_flip_diagonal(pb *b, int sq) { (void)sq; b_flip_diagonal_swaps(b); }
static void b_flip_antidiagonal(pb *b, int sq)
{
    (void)sq;
    emit(b, "dswap 0x000000000F0F0F0F 36");
    emit(b, "dswap 0x0000333300003333 18");
    emit(b, "dswap 0x0055005500550055 9");
}
static void b_rotate_cw(pb *b, int sq) { (void)sq; b_flip_diagonal_swaps(b); emit(b, "bswap"); }
static void b_rotate_ccw(pb *b, int sq) { (void)sq; emit(b, "bswap"); b_flip_diagonal_swaps(b); }
static void b_rotate_180(pb *b, int sq) { (void)sq; b_flip_horizontal_steps(b); emit(b, "bswap"); }

/* GFNI: gf2p8affine(data, matrix); the board is the data or the matrix. */
#define GF_IDENT 0x8040201008040201ULL
#define GF_REV 0x0102040810204080ULL
static void b_flip_horizontal_gfni(pb *b, int sq) { (void)sq; emit(b, "gf2p8affine 0x%016llX", K(GF_IDENT)); }
static void b_gf_board_matrix(pb *b, uint64_t data, int swap_first)
{
    if (swap_first) emit(b, "bswap");
    name(b, "board");
    from_const(b, data);
    emit(b, "gf2p8affine board");
}
static void b_rotate_ccw_gfni(pb *b, int sq) { (void)sq; b_gf_board_matrix(b, GF_IDENT, 0); }
static void b_flip_antidiagonal_gfni(pb *b, int sq) { (void)sq; b_gf_board_matrix(b, GF_REV, 0); }
static void b_flip_diagonal_gfni(pb *b, int sq) { (void)sq; b_gf_board_matrix(b, GF_IDENT, 1); }
static void b_rotate_cw_gfni(pb *b, int sq) { (void)sq; b_gf_board_matrix(b, GF_REV, 1); }
static void b_rotate_180_gfni(pb *b, int sq)
{
    (void)sq;
    emit(b, "gf2p8affine 0x%016llX", K(GF_IDENT));
    emit(b, "bswap");
}

/* ---- The byte mirror (bitboard/lines.h) ---- */
static uint64_t def_mirror_byte(const uint64_t *in, int sq)
{
    (void)sq;
    uint64_t y = 0;
    for (int i = 0; i < 8; i++)
        if (in[0] & bit(i)) y |= bit(7 - i);
    return y;
}
static void b_mirror_byte_mul(pb *b, int sq)
{
    (void)sq;
    emit(b, "& 0xFF");
    emit(b, "* 0x80200802");
    emit(b, "& 0x0884422110");
    emit(b, "* 0x0101010101");
    emit(b, ">> 32");
    emit(b, "& 0xFF");
}
static void b_mirror_byte_swap(pb *b, int sq)
{
    static const unsigned m[3] = {0x0F, 0x33, 0x55};
    (void)sq;
    emit(b, "& 0xFF");
    for (int i = 0; i < 3; i++) {
        int k = 4 >> i;
        name(b, "t");
        emit(b, ">> %d", k);
        emit(b, "& 0x%02X", m[i]);
        name(b, "lo");
        from(b, "t");
        emit(b, "& 0x%02X", m[i]);
        emit(b, "<< %d", k);
        emit(b, "| lo");
    }
}

/* ============================================================================
 * Pseudo-rotations and Hyatt's rotated boards (bitboard/rotated.h)
 * ========================================================================== */

/* The square maps, as the header states them. */
static int prot_cw(int s) { return (s - 8 * (s & 7)) & 63; }
static int prot_ccw(int s) { return (s + 8 * ((s & 7) + 1)) & 63; }
static int prot_uncw(int s) { return (s + 8 * (s & 7)) & 63; }
static int prot_unccw(int s) { return (s - 8 * ((s & 7) + 1)) & 63; }
static uint64_t permute(uint64_t x, int (*map)(int))
{
    uint64_t y = 0;
    for (int s = 0; s < 64; s++)
        if (x & bit(s)) y |= bit(map(s));
    return y;
}
static uint64_t def_prot_cw(const uint64_t *in, int sq) { (void)sq; return permute(in[0], prot_cw); }
static uint64_t def_prot_ccw(const uint64_t *in, int sq) { (void)sq; return permute(in[0], prot_ccw); }
static uint64_t def_prot_uncw(const uint64_t *in, int sq) { (void)sq; return permute(in[0], prot_uncw); }
static uint64_t def_prot_unccw(const uint64_t *in, int sq) { (void)sq; return permute(in[0], prot_unccw); }

/* Three masked rotations of whole ranks: (x & ~m) | (rotate(x, 8d) & m) (`andnot m` is & ~m). */
static void b_files_rotate(pb *b, const uint64_t m[3], const char *rot)
{
    for (int i = 0; i < 3; i++) {
        name(b, "t");
        emit(b, "%s %d", rot, 8 << i);
        emit(b, "& 0x%016llX", K(m[i]));
        name(b, "moved");
        from(b, "t");
        emit(b, "andnot 0x%016llX", K(m[i]));
        emit(b, "| moved");
    }
}
static const uint64_t pr_cw[3] = {0xAAAAAAAAAAAAAAAAULL, 0xCCCCCCCCCCCCCCCCULL, 0xF0F0F0F0F0F0F0F0ULL};
static const uint64_t pr_ccw[3] = {0x5555555555555555ULL, 0x6666666666666666ULL, 0x7878787878787878ULL};
static void b_prot_cw(pb *b, int sq) { (void)sq; b_files_rotate(b, pr_cw, "ror"); }
static void b_prot_ccw(pb *b, int sq) { (void)sq; b_files_rotate(b, pr_ccw, "rol"); }
static void b_prot_uncw(pb *b, int sq) { (void)sq; b_files_rotate(b, pr_cw, "rol"); }
static void b_prot_unccw(pb *b, int sq) { (void)sq; b_files_rotate(b, pr_ccw, "ror"); }

/* The select forms: file f from the board rotated by (first + f) ranks. */
static void b_files_select(pb *b, int first, const char *rot)
{
    name(b, "board");
    for (int f = 0; f < 8; f++) {
        int n = 8 * ((first + f) & 7);
        from(b, "board");
        if (n) emit(b, "%s %d", rot, n);
        emit(b, "& 0x%016llX", K(BB_FILE_A << f));
        if (f) emit(b, "| acc");
        if (f < 7) name(b, "acc");
    }
}
static void b_prot_cw_select(pb *b, int sq) { (void)sq; b_files_select(b, 0, "ror"); }
static void b_prot_ccw_select(pb *b, int sq) { (void)sq; b_files_select(b, 1, "rol"); }
static void b_prot_uncw_select(pb *b, int sq) { (void)sq; b_files_select(b, 0, "rol"); }
static void b_prot_unccw_select(pb *b, int sq) { (void)sq; b_files_select(b, 1, "ror"); }

/* Hyatt's layouts by counting, from the header's description: rotated-45
 * holds the diagonals file - rank = 7, 6, ..., -7, each from its lowest file;
 * rotated-315 the anti-diagonals file + rank = 0..14, each from its lowest file. */
static int rot45_bit(int s)
{
    int f = s & 7, r = s >> 3, n = 0;
    for (int k = 7; k > f - r; k--) n += 8 - (k < 0 ? -k : k);
    return n + (f < r ? f : r);
}
static int rot315_bit(int s)
{
    int f = s & 7, r = s >> 3, n = 0;
    for (int t = 0; t < f + r; t++) n += t <= 7 ? t + 1 : 15 - t;
    return n + f - (f + r > 7 ? f + r - 7 : 0);
}
static uint64_t unpermute(uint64_t r, int (*map)(int))
{
    uint64_t y = 0;
    for (int s = 0; s < 64; s++)
        if (r & bit(map(s))) y |= bit(s);
    return y;
}
static int rot90_bit(int s) { return 8 * (7 - (s & 7)) + (s >> 3); }
static uint64_t def_rotated90(const uint64_t *in, int sq) { (void)sq; return permute(in[0], rot90_bit); }
static uint64_t def_unrotated90(const uint64_t *in, int sq) { (void)sq; return unpermute(in[0], rot90_bit); }
static uint64_t def_rotated45(const uint64_t *in, int sq) { (void)sq; return permute(in[0], rot45_bit); }
static uint64_t def_rotated315(const uint64_t *in, int sq) { (void)sq; return permute(in[0], rot315_bit); }
static uint64_t def_unrotated45(const uint64_t *in, int sq) { (void)sq; return unpermute(in[0], rot45_bit); }
static uint64_t def_unrotated315(const uint64_t *in, int sq) { (void)sq; return unpermute(in[0], rot315_bit); }

#define R45_LOW 0xFEFCF8F0E0C08000ULL
#define R315_LOW 0x7F3F1F0F07030100ULL
static const uint64_t cmp_r45_lo[6] = {0x00FCF80000C08000ULL, 0x007E00F0E0004000ULL, 0xFE00003C00601000ULL,
                                       0x00000003F8000100ULL, 0x0000000003FE0000ULL, 0x0FFFFC0000000000ULL};
static const uint64_t cmp_r45_hi[6] = {0x010300001F3F0000ULL, 0x0001870F0F800000ULL, 0x00806003C0000000ULL,
                                       0x000007C000000000ULL, 0x0008000000000000ULL, 0x0000000000000000ULL};
static const uint64_t cmp_r315_lo[6] = {0x7F3F000007030000ULL, 0x3F801F0F00018000ULL, 0x000007C003806000ULL,
                                        0x0000007FC0000700ULL, 0x000000007FF80000ULL, 0x0FFF800000000000ULL};
static const uint64_t cmp_r315_hi[6] = {0x00C0E00000FCFE00ULL, 0x000070F0F87E0000ULL, 0x80601C003E000000ULL,
                                        0x080001FC00000000ULL, 0x000E000000000000ULL, 0x0000000000000000ULL};

/* bb__compress6: x & m, then each step moves the bits in mv down by s:
 * t = x & mv; (x ^ t) | (t >> s).  A step with an empty mask is left out. */
static void b_compress6(pb *b, uint64_t m, const uint64_t mv[6])
{
    emit(b, "& 0x%016llX", K(m));
    for (int i = 0; i < 6; i++) {
        if (!mv[i]) continue;
        name(b, "y");
        emit(b, "& 0x%016llX", K(mv[i]));
        name(b, "t");
        emit(b, ">> %d", 1 << i);
        name(b, "down");
        from(b, "y");
        emit(b, "^ t");
        emit(b, "| down");
    }
}
/* bb__expand6: the steps in reverse, (x & ~mv) | ((x << s) & mv), then & m. */
static void b_expand6(pb *b, uint64_t m, const uint64_t mv[6])
{
    for (int i = 5; i >= 0; i--) {
        if (!mv[i]) continue;
        name(b, "y");
        emit(b, "<< %d", 1 << i);
        emit(b, "& 0x%016llX", K(mv[i]));
        name(b, "up");
        from(b, "y");
        emit(b, "andnot 0x%016llX", K(mv[i]));
        emit(b, "| up");
    }
    emit(b, "& 0x%016llX", K(m));
}
static void b_rotated_portable(pb *b, const uint64_t pr[3], const char *rot, uint64_t low, const uint64_t lo[6],
                               const uint64_t hi[6])
{
    b_files_rotate(b, pr, rot);
    name(b, "p");
    b_compress6(b, low, lo);
    name(b, "low");
    from(b, "p");
    b_compress6(b, ~low, hi);
    emit(b, "<< 28");
    emit(b, "| low");
}
static void b_unrotated_portable(pb *b, const uint64_t pr[3], const char *rot, uint64_t low, const uint64_t lo[6],
                                 const uint64_t hi[6])
{
    name(b, "r");
    emit(b, "& 0x000000000FFFFFFF");
    b_expand6(b, low, lo);
    name(b, "low");
    from(b, "r");
    emit(b, ">> 28");
    b_expand6(b, ~low, hi);
    emit(b, "| low");
    b_files_rotate(b, pr, rot);
}
static void b_rotated45(pb *b, int sq)
{
    (void)sq;
    b_rotated_portable(b, pr_cw, "ror", R45_LOW, cmp_r45_lo, cmp_r45_hi);
}
static void b_rotated315(pb *b, int sq)
{
    (void)sq;
    b_rotated_portable(b, pr_ccw, "rol", R315_LOW, cmp_r315_lo, cmp_r315_hi);
}
static void b_unrotated45(pb *b, int sq)
{
    (void)sq;
    b_unrotated_portable(b, pr_cw, "rol", R45_LOW, cmp_r45_lo, cmp_r45_hi);
}
static void b_unrotated315(pb *b, int sq)
{
    (void)sq;
    b_unrotated_portable(b, pr_ccw, "ror", R315_LOW, cmp_r315_lo, cmp_r315_hi);
}

static void b_rotated_pext(pb *b, const uint64_t pr[3], const char *rot, uint64_t low)
{
    b_files_rotate(b, pr, rot);
    name(b, "p");
    emit(b, "pext 0x%016llX", K(low));
    name(b, "low");
    from(b, "p");
    emit(b, "pext 0x%016llX", K(~low));
    emit(b, "<< 28");
    emit(b, "| low");
}
static void b_unrotated_pext(pb *b, const uint64_t pr[3], const char *rot, uint64_t low)
{
    name(b, "r");
    emit(b, "pdep 0x%016llX", K(low));
    name(b, "low");
    from(b, "r");
    emit(b, ">> 28");
    emit(b, "pdep 0x%016llX", K(~low));
    emit(b, "| low");
    b_files_rotate(b, pr, rot);
}
static void b_rotated45_pext(pb *b, int sq) { (void)sq; b_rotated_pext(b, pr_cw, "ror", R45_LOW); }
static void b_rotated315_pext(pb *b, int sq) { (void)sq; b_rotated_pext(b, pr_ccw, "rol", R315_LOW); }
static void b_unrotated45_pext(pb *b, int sq) { (void)sq; b_unrotated_pext(b, pr_cw, "rol", R45_LOW); }
static void b_unrotated315_pext(pb *b, int sq) { (void)sq; b_unrotated_pext(b, pr_ccw, "ror", R315_LOW); }

/* The occupancy of sq's line read from a rotated board: the conversion (pext
 * form), then bb_rotated*_index's shift and mask from the public tables.
 * Definition: the line's squares, lowest file first (for a file: rank 1 first). */
static uint64_t line_bits_from(uint64_t x, int sq, int df, int dr)
{
    /* walk back to the line's first square, then forward */
    int f = sq & 7, r = sq >> 3;
    while (on_board(f - df, r - dr)) f -= df, r -= dr;
    uint64_t y = 0;
    for (int i = 0; on_board(f, r); i++, f += df, r += dr)
        if (x & bit(8 * r + f)) y |= bit(i);
    return y;
}
static uint64_t def_rotated90_index(const uint64_t *in, int sq) { return line_bits_from(in[0], sq, 0, 1); }
static uint64_t def_rotated45_index(const uint64_t *in, int sq) { return line_bits_from(in[0], sq, 1, 1); }
static uint64_t def_rotated315_index(const uint64_t *in, int sq) { return line_bits_from(in[0], sq, 1, -1); }
static void b_rotated90_index(pb *b, int sq)
{
    b_flip_diagonal_swaps(b);
    emit(b, "bswap");
    emit(b, ">> %d", bb_rotated90_shift[sq & 63]);
    emit(b, "& 0xFF");
}
static void b_rotated45_index(pb *b, int sq)
{
    b_rotated_pext(b, pr_cw, "ror", R45_LOW);
    if (bb_rotated45_shift[sq & 63]) emit(b, ">> %d", bb_rotated45_shift[sq & 63]);
    emit(b, "& 0x%llX", K((1u << bb_rotated45_length[sq & 63]) - 1));
}
static void b_rotated315_index(pb *b, int sq)
{
    b_rotated_pext(b, pr_ccw, "rol", R315_LOW);
    if (bb_rotated315_shift[sq & 63]) emit(b, ">> %d", bb_rotated315_shift[sq & 63]);
    emit(b, "& 0x%llX", K((1u << bb_rotated315_length[sq & 63]) - 1));
}

/* ============================================================================
 * Lines (bitboard/lines.h)
 * ========================================================================== */

/* Is (f2, r2) on the line of kind `line` through (f, r)? */
static int on_line(int sq, int s2, bb_line line)
{
    int f = sq & 7, r = sq >> 3, f2 = s2 & 7, r2 = s2 >> 3;
    switch (line) {
    case BB_LINE_RANK: return r2 == r;
    case BB_LINE_FILE: return f2 == f;
    case BB_LINE_DIAGONAL: return f2 - r2 == f - r;
    case BB_LINE_ANTIDIAGONAL: return f2 + r2 == f + r;
    }
    return 0;
}
/* Bit i of the 8: the line's square on file i (on rank i for a file). */
static int line_pos(int s, bb_line line) { return line == BB_LINE_FILE ? s >> 3 : s & 7; }
static uint64_t line_extract_def(uint64_t x, int sq, bb_line line)
{
    uint64_t y = 0;
    for (int s = 0; s < 64; s++)
        if (on_line(sq, s, line) && (x & bit(s))) y |= bit(line_pos(s, line));
    return y;
}
static uint64_t line_deposit_def(uint64_t bits, int sq, bb_line line)
{
    uint64_t y = 0;
    for (int s = 0; s < 64; s++)
        if (on_line(sq, s, line) && (bits & bit(line_pos(s, line)))) y |= bit(s);
    return y;
}
#define LINE_DEFS(kind, LINE)                                                                            \
    static uint64_t def_extract_##kind(const uint64_t *in, int sq) { return line_extract_def(in[0], sq, LINE); } \
    static uint64_t def_deposit_##kind(const uint64_t *in, int sq) { return line_deposit_def(in[0], sq, LINE); }
LINE_DEFS(rank, BB_LINE_RANK)
LINE_DEFS(file, BB_LINE_FILE)
LINE_DEFS(diagonal, BB_LINE_DIAGONAL)
LINE_DEFS(antidiagonal, BB_LINE_ANTIDIAGONAL)

#define FILE_TO_RANK8 0x0102040810204080ULL

/* The multiplication forms, as bb_line_extract_mul / bb_line_deposit_mul. */
static void b_extract_mul(pb *b, int sq, bb_line line)
{
    sq &= 63;
    int f = sq & 7;
    switch (line) {
    case BB_LINE_RANK:
        if (sq & 56) emit(b, ">> %d", sq & 56);
        emit(b, "& 0xFF");
        return;
    case BB_LINE_FILE:
        if (f) emit(b, ">> %d", f);
        emit(b, "& 0x%016llX", K(BB_FILE_A));
        emit(b, "* 0x%016llX", K(FILE_TO_RANK8));
        break;
    case BB_LINE_DIAGONAL:
    case BB_LINE_ANTIDIAGONAL:
        emit(b, "& 0x%016llX", K(bb_line_mask(sq, line)));
        emit(b, "* 0x%016llX", K(BB_FILE_A));
        break;
    }
    emit(b, ">> 56");
}
static void b_deposit_mul(pb *b, int sq, bb_line line)
{
    sq &= 63;
    int f = sq & 7;
    switch (line) {
    case BB_LINE_RANK:
        emit(b, "& 0xFF");
        if (sq & 56) emit(b, "<< %d", sq & 56);
        return;
    case BB_LINE_FILE: /* bits 0..6 by multiplication onto the h-file, bit 7 by a shift */
        name(b, "bits");
        emit(b, "& 0x7F");
        emit(b, "* 0x%016llX", K(FILE_TO_RANK8));
        emit(b, "& 0x%016llX", K(BB_FILE_H));
        name(b, "h");
        from(b, "bits");
        emit(b, "& 0x80");
        emit(b, "<< 56");
        emit(b, "| h");
        if (7 - f) emit(b, ">> %d", 7 - f);
        return;
    case BB_LINE_DIAGONAL:
    case BB_LINE_ANTIDIAGONAL:
        emit(b, "& 0xFF");
        emit(b, "* 0x%016llX", K(BB_FILE_A));
        emit(b, "& 0x%016llX", K(bb_line_mask(sq, line)));
        return;
    }
}
/* The lookup forms: the same multiplications with the table's mask and
 * multipliers (so the proofs cover the generated table entries too).  The
 * deposit for a file starts from bb__a_file_of_byte, a table the tracer has
 * no operation for: it has no form. */
static void b_extract_lookup(pb *b, int sq, bb_line line)
{
    const bb__line_entry *e = &bb__line_table[bb__line_index(sq, line)];
    emit(b, "& 0x%016llX", K(e->mask));
    emit(b, "* 0x%016llX", K(e->gather));
    emit(b, ">> 56");
}
static void b_deposit_lookup(pb *b, int sq, bb_line line)
{
    const bb__line_entry *e = &bb__line_table[bb__line_index(sq, line)];
    emit(b, "& 0xFF");
    emit(b, "* 0x%016llX", K(e->spread));
    emit(b, "& 0x%016llX", K(e->mask));
}
/* The BMI2 forms: pext/pdep with the table's pmask, a shift for a diagonal
 * that starts past file a, a byte swap for an anti-diagonal. */
static void b_extract_pext(pb *b, int sq, bb_line line)
{
    unsigned i = bb__line_index(sq, line);
    if (line == BB_LINE_ANTIDIAGONAL) emit(b, "bswap");
    emit(b, "pext 0x%016llX", K(bb__line_table[i].pmask));
    if ((line == BB_LINE_DIAGONAL || line == BB_LINE_ANTIDIAGONAL) && bb__line_pext_shift[i])
        emit(b, "<< %d", bb__line_pext_shift[i]);
}
static void b_deposit_pext(pb *b, int sq, bb_line line)
{
    unsigned i = bb__line_index(sq, line);
    if ((line == BB_LINE_DIAGONAL || line == BB_LINE_ANTIDIAGONAL) && bb__line_pext_shift[i])
        emit(b, ">> %d", bb__line_pext_shift[i]);
    emit(b, "pdep 0x%016llX", K(bb__line_table[i].pmask));
    if (line == BB_LINE_ANTIDIAGONAL) emit(b, "bswap");
}
#define LINE_BUILDERS(kind, LINE)                                                               \
    static void b_extract_mul_##kind(pb *b, int sq) { b_extract_mul(b, sq, LINE); }             \
    static void b_deposit_mul_##kind(pb *b, int sq) { b_deposit_mul(b, sq, LINE); }             \
    static void b_extract_lookup_##kind(pb *b, int sq) { b_extract_lookup(b, sq, LINE); }       \
    static void b_extract_pext_##kind(pb *b, int sq) { b_extract_pext(b, sq, LINE); }           \
    static void b_deposit_pext_##kind(pb *b, int sq) { b_deposit_pext(b, sq, LINE); }
LINE_BUILDERS(rank, BB_LINE_RANK)
LINE_BUILDERS(file, BB_LINE_FILE)
LINE_BUILDERS(diagonal, BB_LINE_DIAGONAL)
LINE_BUILDERS(antidiagonal, BB_LINE_ANTIDIAGONAL)
static void b_deposit_lookup_rank(pb *b, int sq) { b_deposit_lookup(b, sq, BB_LINE_RANK); }
static void b_deposit_lookup_diagonal(pb *b, int sq) { b_deposit_lookup(b, sq, BB_LINE_DIAGONAL); }
static void b_deposit_lookup_antidiagonal(pb *b, int sq) { b_deposit_lookup(b, sq, BB_LINE_ANTIDIAGONAL); }

/* ============================================================================
 * Attacks (bitboard/attacks.h)
 * ========================================================================== */

/* The squares a slider on sq attacks in direction (df, dr): up to and
 * including the first square of occ. */
static uint64_t ray(int sq, uint64_t occ, int df, int dr)
{
    uint64_t a = 0;
    for (int f = (sq & 7) + df, r = (sq >> 3) + dr; on_board(f, r); f += df, r += dr) {
        a |= bit(8 * r + f);
        if (occ & bit(8 * r + f)) break;
    }
    return a;
}
static uint64_t def_attacks_file(const uint64_t *in, int sq) { return ray(sq, in[0], 0, 1) | ray(sq, in[0], 0, -1); }
static uint64_t def_attacks_diagonal(const uint64_t *in, int sq)
{
    return ray(sq, in[0], 1, 1) | ray(sq, in[0], -1, -1);
}
static uint64_t def_attacks_antidiagonal(const uint64_t *in, int sq)
{
    return ray(sq, in[0], 1, -1) | ray(sq, in[0], -1, 1);
}
static uint64_t def_rook_attacks(const uint64_t *in, int sq)
{
    return ray(sq, in[0], 1, 0) | ray(sq, in[0], -1, 0) | ray(sq, in[0], 0, 1) | ray(sq, in[0], 0, -1);
}
static uint64_t def_bishop_attacks(const uint64_t *in, int sq)
{
    return ray(sq, in[0], 1, 1) | ray(sq, in[0], -1, 1) | ray(sq, in[0], 1, -1) | ray(sq, in[0], -1, -1);
}

/* Hyperbola quintessence along one line m (without the slider s):
 * o = occ & m; up = o - s; down = bswap(bswap(o) - bswap(s)); (up ^ down) & m. */
static void b_hyperbola(pb *b, int sq, uint64_t m)
{
    uint64_t s = bit(sq & 63);
    emit(b, "& 0x%016llX", K(m));
    name(b, "o");
    emit(b, "- 0x%016llX", K(s));
    name(b, "up");
    from(b, "o");
    emit(b, "bswap");
    emit(b, "- 0x%016llX", K(BB_BSWAP64(s)));
    emit(b, "bswap");
    emit(b, "^ up");
    emit(b, "& 0x%016llX", K(m));
}
static void b_hyperbola_file(pb *b, int sq) { b_hyperbola(b, sq, (BB_FILE_A << (sq & 7)) ^ bit(sq & 63)); }
static void b_hyperbola_diagonal(pb *b, int sq) { b_hyperbola(b, sq, bb__diagonals_ex[2 * (sq & 63)]); }
static void b_hyperbola_antidiagonal(pb *b, int sq) { b_hyperbola(b, sq, bb__diagonals_ex[2 * (sq & 63) + 1]); }

/* The table indices of kindergarten (and of hyperbola's rank): the 6 inner
 * squares of the line, bit i = the square on file i + 1 (rank i + 1 for a
 * file).  sq itself may be among them for a rank or a file (the table
 * ignores its own square); kindergarten's diagonals leave it out. */
static uint64_t inner6(uint64_t x, int sq, bb_line line, int without_sq)
{
    uint64_t y = 0;
    for (int s = 0; s < 64; s++) {
        int i = line_pos(s, line);
        if (on_line(sq, s, line) && i >= 1 && i <= 6 && (x & bit(s)) && !(without_sq && s == sq)) y |= bit(i - 1);
    }
    return y;
}
static uint64_t def_kg_rank(const uint64_t *in, int sq) { return inner6(in[0], sq, BB_LINE_RANK, 0); }
static uint64_t def_kg_file(const uint64_t *in, int sq) { return inner6(in[0], sq, BB_LINE_FILE, 0); }
static uint64_t def_kg_diagonal(const uint64_t *in, int sq) { return inner6(in[0], sq, BB_LINE_DIAGONAL, 1); }
static uint64_t def_kg_antidiagonal(const uint64_t *in, int sq) { return inner6(in[0], sq, BB_LINE_ANTIDIAGONAL, 1); }
static void b_kg_rank(pb *b, int sq)
{
    emit(b, ">> %d", (sq & 56) + 1);
    emit(b, "& 63");
}
static void b_kg_file(pb *b, int sq)
{
    b_extract_mul(b, sq, BB_LINE_FILE);
    emit(b, ">> 1");
    emit(b, "& 63");
}
static void b_kg_diag(pb *b, uint64_t m)
{
    emit(b, "& 0x%016llX", K(m));
    emit(b, "* 0x%016llX", K(BB_FILE_A));
    emit(b, ">> 57");
    emit(b, "& 63");
}
static void b_kg_diagonal(pb *b, int sq) { b_kg_diag(b, bb__diagonals_ex[2 * (sq & 63)]); }
static void b_kg_antidiagonal(pb *b, int sq) { b_kg_diag(b, bb__diagonals_ex[2 * (sq & 63) + 1]); }
/* Kindergarten's way back for a diagonal: the table's 8 bits times the a-file,
 * masked with the line without sq.  Definition: bit i -> the line's square on
 * file i, except sq. */
static uint64_t def_kg_spread_diagonal(const uint64_t *in, int sq)
{
    return line_deposit_def(in[0], sq, BB_LINE_DIAGONAL) & ~bit(sq & 63);
}
static uint64_t def_kg_spread_antidiagonal(const uint64_t *in, int sq)
{
    return line_deposit_def(in[0], sq, BB_LINE_ANTIDIAGONAL) & ~bit(sq & 63);
}
static void b_kg_spread(pb *b, uint64_t m)
{
    emit(b, "& 0xFF");
    emit(b, "* 0x%016llX", K(BB_FILE_A));
    emit(b, "& 0x%016llX", K(m));
}
static void b_kg_spread_diagonal(pb *b, int sq) { b_kg_spread(b, bb__diagonals_ex[2 * (sq & 63)]); }
static void b_kg_spread_antidiagonal(pb *b, int sq) { b_kg_spread(b, bb__diagonals_ex[2 * (sq & 63) + 1]); }

/* Magic and PEXT indices.  PEXT: bit k = the k-th lowest square of the mask. */
static uint64_t pext_def(uint64_t x, uint64_t m)
{
    uint64_t y = 0;
    int k = 0;
    for (int s = 0; s < 64; s++)
        if (m & bit(s)) {
            if (x & bit(s)) y |= bit(k);
            k++;
        }
    return y;
}
static uint64_t def_rook_pext_index(const uint64_t *in, int sq)
{
    return pext_def(in[0], bb__rook_magic[sq & 63].mask);
}
static uint64_t def_bishop_pext_index(const uint64_t *in, int sq)
{
    return pext_def(in[0], bb__bishop_magic[sq & 63].mask);
}
static void b_rook_pext_index(pb *b, int sq) { emit(b, "pext 0x%016llX", K(bb__rook_magic[sq & 63].mask)); }
static void b_bishop_pext_index(pb *b, int sq) { emit(b, "pext 0x%016llX", K(bb__bishop_magic[sq & 63].mask)); }
static void b_magic_index(pb *b, const bb__magic *m, int shift)
{
    emit(b, "& 0x%016llX", K(m->mask));
    emit(b, "* 0x%016llX", K(m->magic));
    emit(b, ">> %d", shift);
}
static void b_rook_magic_index(pb *b, int sq) { b_magic_index(b, &bb__rook_magic[sq & 63], BB__ROOK_MAGIC_SHIFT); }
static void b_bishop_magic_index(pb *b, int sq)
{
    b_magic_index(b, &bb__bishop_magic[sq & 63], BB__BISHOP_MAGIC_SHIFT);
}

/* Kogge-Stone: bb__kogge_fill_up/_down from the slider square g with the
 * empty squares p = ~occ, in one direction. */
static void b_kogge_dir(pb *b, int sq, const char *sh, int n, uint64_t w, int first)
{
    from(b, "empty");
    if (w != ~(uint64_t)0) emit(b, "& 0x%016llX", K(w));
    name(b, "p");
    if (sq < 0) { /* the fill of a set: the sliders are the input s */
        from(b, "s");
    } else {
        from_const(b, bit(sq & 63));
    }
    name(b, "g");
    for (int k = 1; k <= 4; k *= 2) {
        emit(b, "%s %d", sh, k * n);
        emit(b, "& p");
        emit(b, "| g");
        if (k < 4) {
            name(b, "g");
            from(b, "p");
            emit(b, "%s %d", sh, k * n);
            emit(b, "& p");
            name(b, "p");
            from(b, "g");
        }
    }
    emit(b, "%s %d", sh, n);
    if (w != ~(uint64_t)0) emit(b, "& 0x%016llX", K(w));
    if (!first) emit(b, "| acc");
}
#define NOT_FILE_A 0xFEFEFEFEFEFEFEFEULL
#define NOT_FILE_H 0x7F7F7F7F7F7F7F7FULL
static void b_kogge(pb *b, int sq, const char *const sh[4], const int n[4], const uint64_t w[4])
{
    if (sq < 0) from(b, "o");
    emit(b, "not");
    name(b, "empty");
    for (int d = 0; d < 4; d++) {
        b_kogge_dir(b, sq, sh[d], n[d], w[d], d == 0);
        if (d < 3) name(b, "acc");
    }
}
static void b_rook_kogge(pb *b, int sq)
{
    static const char *const sh[4] = {"<<", ">>", "<<", ">>"};
    static const int n[4] = {8, 8, 1, 1};
    static const uint64_t w[4] = {~(uint64_t)0, ~(uint64_t)0, NOT_FILE_A, NOT_FILE_H};
    b_kogge(b, sq, sh, n, w);
}
static void b_bishop_kogge(pb *b, int sq)
{
    static const char *const sh[4] = {"<<", "<<", ">>", ">>"};
    static const int n[4] = {9, 7, 7, 9};
    static const uint64_t w[4] = {NOT_FILE_A, NOT_FILE_H, NOT_FILE_A, NOT_FILE_H};
    b_kogge(b, sq, sh, n, w);
}

/* The fills of a set of sliders s through the occupancy o: the union of
 * their attack sets. */
static void b_rook_fill(pb *b, int sq) { (void)sq; b_rook_kogge(b, -1); }
static void b_bishop_fill(pb *b, int sq) { (void)sq; b_bishop_kogge(b, -1); }
static uint64_t def_rook_fill(const uint64_t *in, int sq)
{
    uint64_t a = 0, occ[1] = {in[1]};
    (void)sq;
    for (int s = 0; s < 64; s++)
        if (in[0] & bit(s)) a |= def_rook_attacks(occ, s);
    return a;
}
static uint64_t def_bishop_fill(const uint64_t *in, int sq)
{
    uint64_t a = 0, occ[1] = {in[1]};
    (void)sq;
    for (int s = 0; s < 64; s++)
        if (in[0] & bit(s)) a |= def_bishop_attacks(occ, s);
    return a;
}

/* ============================================================================
 * Othello (bitboard/othello.h)
 * ========================================================================== */

/* The directions of bb_othello_flips_shifts: a left shift by s or a right
 * one, as (file step, rank step). */
typedef struct {
    const char *name;
    int left, s, df, dr;
} odir;
static const odir odirs[8] = {
    {"north", 1, 8, 0, 1},      {"south", 0, 8, 0, -1},     {"east", 1, 1, 1, 0},       {"west", 0, 1, -1, 0},
    {"northwest", 1, 7, -1, 1}, {"southeast", 0, 7, 1, -1}, {"northeast", 1, 9, 1, 1}, {"southwest", 0, 9, -1, -1},
};
/* The run of o discs next to sq in direction d, one step at a time; a
 * direction with an east or west step counts only discs on files b-g (one on
 * file a or h has no square beyond it).  Inputs: p, o. */
static uint64_t othello_run(uint64_t o, int sq, const odir *d)
{
    uint64_t run = 0;
    for (int f = (sq & 7) + d->df, r = (sq >> 3) + d->dr; on_board(f, r); f += d->df, r += d->dr) {
        if (!(o & bit(8 * r + f)) || (d->df && (f == 0 || f == 7))) break;
        run |= bit(8 * r + f);
    }
    return run;
}
static void b_othello_run(pb *b, int sq, const odir *d)
{
    const char *sh = d->left ? "<<" : ">>";
    from(b, "o");
    if (d->df) emit(b, "& 0x7E7E7E7E7E7E7E7E");
    name(b, "pr");
    from_const(b, bit(sq & 63));
    name(b, "g");
    for (int k = 1; k <= 4; k *= 2) {
        emit(b, "%s %d", sh, k * d->s);
        emit(b, "& pr");
        emit(b, "| g");
        if (k < 4) {
            name(b, "g");
            from(b, "pr");
            emit(b, "%s %d", sh, k * d->s);
            emit(b, "& pr");
            name(b, "pr");
            from(b, "g");
        }
    }
    emit(b, "andnot 0x%016llX", K(bit(sq & 63)));
}
#define ODIR(i, dn)                                                                                  \
    static uint64_t def_orun_##dn(const uint64_t *in, int sq) { return othello_run(in[1], sq, &odirs[i]); } \
    static void b_orun_##dn(pb *b, int sq) { b_othello_run(b, sq, &odirs[i]); }
ODIR(0, north)
ODIR(1, south)
ODIR(2, east)
ODIR(3, west)
ODIR(4, northwest)
ODIR(5, southeast)
ODIR(6, northeast)
ODIR(7, southwest)

/* The legal moves: empty squares from which some direction has one or more o
 * discs and then a p disc.  Inputs: p, o. */
static uint64_t def_othello_moves(const uint64_t *in, int sq)
{
    (void)sq;
    uint64_t p = in[0], o = in[1], moves = 0;
    /* p & o != 0 breaks bb_othello_moves' precondition: its value there is
     * unspecified, so the definition takes the routine's own, and a proof
     * compares the two on the positions that can occur */
    if (p & o) return bb_othello_moves_shifts(p, o);
    for (int s = 0; s < 64; s++) {
        if ((p | o) & bit(s)) continue;
        for (int d = 0; d < 8; d++) {
            int f = (s & 7) + odirs[d].df, r = (s >> 3) + odirs[d].dr, n = 0;
            while (on_board(f, r) && (o & bit(8 * r + f))) f += odirs[d].df, r += odirs[d].dr, n++;
            if (n && on_board(f, r) && (p & bit(8 * r + f))) moves |= bit(s);
        }
    }
    return moves;
}
/* bb_othello_moves_shifts: Edax's doubling in 8 directions. */
static void b_othello_moves(pb *b, int sq)
{
    (void)sq;
    from(b, "o");
    emit(b, "& 0x7E7E7E7E7E7E7E7E");
    name(b, "oh");
    for (int d = 0; d < 8; d++) {
        const char *sh = odirs[d].left ? "<<" : ">>", *om = odirs[d].df ? "oh" : "o";
        int s = odirs[d].s;
        from(b, "p");
        emit(b, "%s %d", sh, s);
        emit(b, "& %s", om);
        name(b, "t");
        emit(b, "%s %d", sh, s);
        emit(b, "& %s", om);
        emit(b, "| t");
        name(b, "t");
        from(b, om);
        emit(b, "%s %d", sh, s);
        emit(b, "& %s", om);
        name(b, "pre");
        from(b, "t");
        emit(b, "%s %d", sh, 2 * s);
        emit(b, "& pre");
        emit(b, "| t");
        name(b, "t");
        emit(b, "%s %d", sh, 2 * s);
        emit(b, "& pre");
        emit(b, "| t");
        emit(b, "%s %d", sh, s);
        if (d) emit(b, "| moves");
        name(b, "moves");
    }
    from(b, "p");
    emit(b, "| o");
    emit(b, "not");
    emit(b, "& moves");
}

/* ============================================================================
 * The list
 * ========================================================================== */

/* The compiled routines, called as the forms are: (inputs, the square). */
#define SQ(arg) ((arg) ? *(const int *)(arg) & 63 : 0)
#define COMPILED1(fn, expr) \
    static uint64_t fn(const uint64_t *in, const void *arg) { (void)arg; return (uint64_t)(expr); }
#define COMPILED_SQ(fn, expr) \
    static uint64_t fn(const uint64_t *in, const void *arg) { int sq = SQ(arg); (void)sq; return (uint64_t)(expr); }
COMPILED1(c_flip_vertical, bb_flip_vertical_portable(in[0]))
COMPILED1(c_flip_horizontal, bb_flip_horizontal_portable(in[0]))
COMPILED1(c_flip_diagonal, bb_flip_diagonal_portable(in[0]))
COMPILED1(c_flip_antidiagonal, bb_flip_antidiagonal_portable(in[0]))
COMPILED1(c_rotate_cw, bb_rotate_cw_portable(in[0]))
COMPILED1(c_rotate_ccw, bb_rotate_ccw_portable(in[0]))
COMPILED1(c_rotate_180, bb_rotate_180_portable(in[0]))
#if BB_HAVE_GFNI
COMPILED1(c_flip_horizontal_gfni, bb_flip_horizontal_gfni(in[0]))
COMPILED1(c_flip_diagonal_gfni, bb_flip_diagonal_gfni(in[0]))
COMPILED1(c_flip_antidiagonal_gfni, bb_flip_antidiagonal_gfni(in[0]))
COMPILED1(c_rotate_cw_gfni, bb_rotate_cw_gfni(in[0]))
COMPILED1(c_rotate_ccw_gfni, bb_rotate_ccw_gfni(in[0]))
COMPILED1(c_rotate_180_gfni, bb_rotate_180_gfni(in[0]))
#define GFNI(fn) fn
#else
#define GFNI(fn) NULL
#endif
COMPILED1(c_mirror_byte_mul, bb_mirror_byte_mul((unsigned)in[0]))
COMPILED1(c_mirror_byte_swap, bb_mirror_byte_swap((unsigned)in[0]))
COMPILED1(c_prot_cw, bb_pseudo_rotate45_cw(in[0]))
COMPILED1(c_prot_ccw, bb_pseudo_rotate45_ccw(in[0]))
COMPILED1(c_prot_uncw, bb_pseudo_unrotate45_cw(in[0]))
COMPILED1(c_prot_unccw, bb_pseudo_unrotate45_ccw(in[0]))
COMPILED1(c_prot_cw_select, bb_pseudo_rotate45_cw_select(in[0]))
COMPILED1(c_prot_ccw_select, bb_pseudo_rotate45_ccw_select(in[0]))
COMPILED1(c_prot_uncw_select, bb_pseudo_unrotate45_cw_select(in[0]))
COMPILED1(c_prot_unccw_select, bb_pseudo_unrotate45_ccw_select(in[0]))
COMPILED1(c_rotated90, bb_rotated90(in[0]))
COMPILED1(c_unrotated90, bb_unrotated90(in[0]))
COMPILED1(c_rotated45, bb_rotated45_portable(in[0]))
COMPILED1(c_unrotated45, bb_unrotated45_portable(in[0]))
COMPILED1(c_rotated315, bb_rotated315_portable(in[0]))
COMPILED1(c_unrotated315, bb_unrotated315_portable(in[0]))
#if BB_HAVE_BMI2
COMPILED1(c_rotated45_pext, bb_rotated45_pext(in[0]))
COMPILED1(c_unrotated45_pext, bb_unrotated45_pext(in[0]))
COMPILED1(c_rotated315_pext, bb_rotated315_pext(in[0]))
COMPILED1(c_unrotated315_pext, bb_unrotated315_pext(in[0]))
#define BMI2(fn) fn
#else
#define BMI2(fn) NULL
#endif
COMPILED_SQ(c_rotated90_index, bb_rotated90_index(bb_rotated90(in[0]), sq))
COMPILED_SQ(c_rotated45_index, bb_rotated45_index(bb_rotated45(in[0]), sq))
COMPILED_SQ(c_rotated315_index, bb_rotated315_index(bb_rotated315(in[0]), sq))
#define LINE_COMPILED(kind, LINE)                                                                       \
    COMPILED_SQ(c_extract_mul_##kind, bb_line_extract_mul(in[0], sq, LINE))                            \
    COMPILED_SQ(c_deposit_mul_##kind, bb_line_deposit_mul((unsigned)in[0], sq, LINE))                  \
    COMPILED_SQ(c_extract_lookup_##kind, bb_line_extract_lookup(in[0], sq, LINE))
LINE_COMPILED(rank, BB_LINE_RANK)
LINE_COMPILED(file, BB_LINE_FILE)
LINE_COMPILED(diagonal, BB_LINE_DIAGONAL)
LINE_COMPILED(antidiagonal, BB_LINE_ANTIDIAGONAL)
COMPILED_SQ(c_deposit_lookup_rank, bb_line_deposit_lookup((unsigned)in[0], sq, BB_LINE_RANK))
COMPILED_SQ(c_deposit_lookup_diagonal, bb_line_deposit_lookup((unsigned)in[0], sq, BB_LINE_DIAGONAL))
COMPILED_SQ(c_deposit_lookup_antidiagonal, bb_line_deposit_lookup((unsigned)in[0], sq, BB_LINE_ANTIDIAGONAL))
#if BB_HAVE_BMI2
#define LINE_COMPILED_PEXT(kind, LINE)                                                                  \
    COMPILED_SQ(c_extract_pext_##kind, bb_line_extract_pext(in[0], sq, LINE))                          \
    COMPILED_SQ(c_deposit_pext_##kind, bb_line_deposit_pext((unsigned)in[0], sq, LINE))
LINE_COMPILED_PEXT(rank, BB_LINE_RANK)
LINE_COMPILED_PEXT(file, BB_LINE_FILE)
LINE_COMPILED_PEXT(diagonal, BB_LINE_DIAGONAL)
LINE_COMPILED_PEXT(antidiagonal, BB_LINE_ANTIDIAGONAL)
#endif
/* Hyperbola quintessence's lines are the public routines' attacks on that line. */
COMPILED_SQ(c_hyperbola_file, bb_rook_attacks_hyperbola(sq, in[0]) & (BB_FILE_A << (sq & 7)))
COMPILED_SQ(c_hyperbola_diagonal, bb_bishop_attacks_hyperbola(sq, in[0]) & bb_line_mask(sq, BB_LINE_DIAGONAL))
COMPILED_SQ(c_hyperbola_antidiagonal, bb_bishop_attacks_hyperbola(sq, in[0]) & bb_line_mask(sq, BB_LINE_ANTIDIAGONAL))
COMPILED_SQ(c_rook_kogge, bb_rook_attacks_kogge_stone(sq, in[0]))
COMPILED_SQ(c_bishop_kogge, bb_bishop_attacks_kogge_stone(sq, in[0]))
COMPILED1(c_rook_fill, bb_rook_fill(in[0], in[1]))
COMPILED1(c_bishop_fill, bb_bishop_fill(in[0], in[1]))
COMPILED1(c_othello_moves, bb_othello_moves_shifts(in[0], in[1]))

/* Definitions in the bb_trace_def shape. */
#define DEF(fn) \
    static uint64_t d_##fn(const uint64_t *in, const void *arg) { return def_##fn(in, SQ(arg)); }
DEF(flip_vertical)
DEF(flip_horizontal)
DEF(flip_diagonal)
DEF(flip_antidiagonal)
DEF(rotate_cw)
DEF(rotate_ccw)
DEF(rotate_180)
DEF(mirror_byte)
DEF(prot_cw)
DEF(prot_ccw)
DEF(prot_uncw)
DEF(prot_unccw)
DEF(rotated90)
DEF(unrotated90)
DEF(rotated45)
DEF(rotated315)
DEF(unrotated45)
DEF(unrotated315)
DEF(rotated90_index)
DEF(rotated45_index)
DEF(rotated315_index)
DEF(extract_rank)
DEF(extract_file)
DEF(extract_diagonal)
DEF(extract_antidiagonal)
DEF(deposit_rank)
DEF(deposit_file)
DEF(deposit_diagonal)
DEF(deposit_antidiagonal)
DEF(attacks_file)
DEF(attacks_diagonal)
DEF(attacks_antidiagonal)
DEF(rook_attacks)
DEF(bishop_attacks)
DEF(kg_rank)
DEF(kg_file)
DEF(kg_diagonal)
DEF(kg_antidiagonal)
DEF(kg_spread_diagonal)
DEF(kg_spread_antidiagonal)
DEF(rook_pext_index)
DEF(bishop_pext_index)
DEF(orun_north)
DEF(orun_south)
DEF(orun_east)
DEF(orun_west)
DEF(orun_northwest)
DEF(orun_southeast)
DEF(orun_northeast)
DEF(orun_southwest)
DEF(othello_moves)
DEF(rook_fill)
DEF(bishop_fill)

/* ============================================================================
 * The list
 * ========================================================================== */

typedef struct {
    const char *name, *summary, *inputs;
    int square; /* the example square, or -1: the form takes none */
    void (*build)(pb *b, int sq);
    bb_trace_def *definition, *compiled;
} entry;

#define BOARD "x: the board"
#define BITS "x: the 8 bits (bits above 7 ignored)"
#define OCC "x: the occupancy"
#define OTHELLO "p: the side to move's discs, o: the opponent's"
#define FILL "s: the sliders, o: the occupancy"
#define EX 20 /* e3: its diagonal and anti-diagonal are both shorter than 8 */

static const entry entries[] = {
    /* symmetries: delta swaps and byte swaps */
    {"flip_vertical", "rank r -> rank 7-r: a byte swap", BOARD, -1, b_flip_vertical, d_flip_vertical, c_flip_vertical},
    {"flip_horizontal", "file f -> file 7-f: neighbours, pairs, nibbles swapped by shifts and masks", BOARD, -1,
     b_flip_horizontal, d_flip_horizontal, c_flip_horizontal},
    {"flip_diagonal", "(f, r) -> (r, f): three delta swaps (4x4 blocks, 2x2 blocks, bits)", BOARD, -1,
     b_flip_diagonal, d_flip_diagonal, c_flip_diagonal},
    {"flip_antidiagonal", "(f, r) -> (7-r, 7-f): three delta swaps about a8-h1", BOARD, -1, b_flip_antidiagonal,
     d_flip_antidiagonal, c_flip_antidiagonal},
    {"rotate_cw", "a quarter turn clockwise: flip_diagonal, then a byte swap", BOARD, -1, b_rotate_cw, d_rotate_cw,
     c_rotate_cw},
    {"rotate_ccw", "a quarter turn counter-clockwise: a byte swap, then flip_diagonal", BOARD, -1, b_rotate_ccw,
     d_rotate_ccw, c_rotate_ccw},
    {"rotate_180", "half a turn (all 64 bits reversed): flip_horizontal, then a byte swap", BOARD, -1, b_rotate_180,
     d_rotate_180, c_rotate_180},
    /* symmetries: GFNI */
    {"flip_horizontal_gfni", "file f -> file 7-f: one gf2p8affine with the bit-reversing matrix", BOARD, -1,
     b_flip_horizontal_gfni, d_flip_horizontal, GFNI(c_flip_horizontal_gfni)},
    {"flip_diagonal_gfni", "(f, r) -> (r, f): the byte-swapped board as gf2p8affine's matrix", BOARD, -1,
     b_flip_diagonal_gfni, d_flip_diagonal, GFNI(c_flip_diagonal_gfni)},
    {"flip_antidiagonal_gfni", "(f, r) -> (7-r, 7-f): the board as gf2p8affine's matrix, reversed data", BOARD, -1,
     b_flip_antidiagonal_gfni, d_flip_antidiagonal, GFNI(c_flip_antidiagonal_gfni)},
    {"rotate_cw_gfni", "a quarter turn clockwise: the byte-swapped board as gf2p8affine's matrix", BOARD, -1,
     b_rotate_cw_gfni, d_rotate_cw, GFNI(c_rotate_cw_gfni)},
    {"rotate_ccw_gfni", "a quarter turn counter-clockwise: the board as gf2p8affine's matrix", BOARD, -1,
     b_rotate_ccw_gfni, d_rotate_ccw, GFNI(c_rotate_ccw_gfni)},
    {"rotate_180_gfni", "half a turn: gf2p8affine mirrors each byte, a byte swap the ranks", BOARD, -1,
     b_rotate_180_gfni, d_rotate_180, GFNI(c_rotate_180_gfni)},
    /* the byte mirror */
    {"mirror_byte_mul", "bit i -> bit 7-i of a byte: three multiplications (no carries)", BITS, -1,
     b_mirror_byte_mul, d_mirror_byte, c_mirror_byte_mul},
    {"mirror_byte_swap", "bit i -> bit 7-i of a byte: nibbles, pairs, neighbours", BITS, -1, b_mirror_byte_swap,
     d_mirror_byte, c_mirror_byte_swap},
    /* pseudo-rotations */
    {"pseudo_rotate45_cw", "file f down f ranks (wrapping): three masked rotations", BOARD, -1, b_prot_cw, d_prot_cw,
     c_prot_cw},
    {"pseudo_rotate45_ccw", "file f up f+1 ranks (wrapping): three masked rotations", BOARD, -1, b_prot_ccw,
     d_prot_ccw, c_prot_ccw},
    {"pseudo_unrotate45_cw", "file f up f ranks: the inverse of pseudo_rotate45_cw", BOARD, -1, b_prot_uncw,
     d_prot_uncw, c_prot_uncw},
    {"pseudo_unrotate45_ccw", "file f down f+1 ranks: the inverse of pseudo_rotate45_ccw", BOARD, -1, b_prot_unccw,
     d_prot_unccw, c_prot_unccw},
    {"pseudo_rotate45_cw_select", "pseudo_rotate45_cw by selection: file f from the board rotated f ranks", BOARD,
     -1, b_prot_cw_select, d_prot_cw, c_prot_cw_select},
    {"pseudo_rotate45_ccw_select", "pseudo_rotate45_ccw by selection", BOARD, -1, b_prot_ccw_select, d_prot_ccw,
     c_prot_ccw_select},
    {"pseudo_unrotate45_cw_select", "pseudo_unrotate45_cw by selection", BOARD, -1, b_prot_uncw_select,
     d_prot_uncw, c_prot_uncw_select},
    {"pseudo_unrotate45_ccw_select", "pseudo_unrotate45_ccw by selection", BOARD, -1, b_prot_unccw_select,
     d_prot_unccw, c_prot_unccw_select},
    /* Hyatt's rotated boards */
    {"rotated90", "Hyatt's rotated-90 board: the quarter turn clockwise (file f is byte 7-f)", BOARD, -1,
     b_rotate_cw, d_rotated90, c_rotated90},
    {"unrotated90", "the board back from its rotated-90 board: the quarter turn counter-clockwise",
     "x: the rotated-90 board", -1, b_rotate_ccw, d_unrotated90, c_unrotated90},
    {"rotated45", "Hyatt's rotated-45 board: pseudo-rotation, then two compressions by shift steps", BOARD, -1,
     b_rotated45, d_rotated45, c_rotated45},
    {"unrotated45", "the board back from its rotated-45 board: two expansions, the inverse pseudo-rotation",
     "x: the rotated-45 board", -1, b_unrotated45, d_unrotated45, c_unrotated45},
    {"rotated315", "Hyatt's rotated-315 board: pseudo-rotation, then two compressions by shift steps", BOARD, -1,
     b_rotated315, d_rotated315, c_rotated315},
    {"unrotated315", "the board back from its rotated-315 board", "x: the rotated-315 board", -1, b_unrotated315,
     d_unrotated315, c_unrotated315},
    {"rotated45_pext", "Hyatt's rotated-45 board: pseudo-rotation, then two pext", BOARD, -1, b_rotated45_pext,
     d_rotated45, BMI2(c_rotated45_pext)},
    {"unrotated45_pext", "the board back from its rotated-45 board: two pdep, the inverse pseudo-rotation",
     "x: the rotated-45 board", -1, b_unrotated45_pext, d_unrotated45, BMI2(c_unrotated45_pext)},
    {"rotated315_pext", "Hyatt's rotated-315 board: pseudo-rotation, then two pext", BOARD, -1, b_rotated315_pext,
     d_rotated315, BMI2(c_rotated315_pext)},
    {"unrotated315_pext", "the board back from its rotated-315 board: two pdep", "x: the rotated-315 board", -1,
     b_unrotated315_pext, d_unrotated315, BMI2(c_unrotated315_pext)},
    {"rotated90_index", "sq's file read from the rotated-90 board: the quarter turn, shift, mask", BOARD, EX,
     b_rotated90_index, d_rotated90_index, c_rotated90_index},
    {"rotated45_index", "sq's diagonal read from the rotated-45 board: conversion, shift, mask", BOARD, EX,
     b_rotated45_index, d_rotated45_index, c_rotated45_index},
    {"rotated315_index", "sq's anti-diagonal read from the rotated-315 board: conversion, shift, mask", BOARD, EX,
     b_rotated315_index, d_rotated315_index, c_rotated315_index},
    /* lines */
#define LINE_ENTRIES(kind)                                                                                          \
    {"line_extract_mul_" #kind, "the " #kind " through sq as 8 bits: mask, multiply into the top byte, shift", \
     BOARD, EX, b_extract_mul_##kind, d_extract_##kind, c_extract_mul_##kind},                                   \
    {"line_deposit_mul_" #kind, "8 bits onto the " #kind " through sq: multiply to spread, mask", BITS, EX,      \
     b_deposit_mul_##kind, d_deposit_##kind, c_deposit_mul_##kind},                                              \
    {"line_extract_lookup_" #kind, "the " #kind " through sq as 8 bits, mask and multiplier from the table",   \
     BOARD, EX, b_extract_lookup_##kind, d_extract_##kind, c_extract_lookup_##kind},                             \
    {"line_extract_pext_" #kind, "the " #kind " through sq as 8 bits by pext", BOARD, EX, b_extract_pext_##kind, \
     d_extract_##kind, BMI2(c_extract_pext_##kind)},                                                             \
    {"line_deposit_pext_" #kind, "8 bits onto the " #kind " through sq by pdep", BITS, EX,                       \
     b_deposit_pext_##kind, d_deposit_##kind, BMI2(c_deposit_pext_##kind)}
    LINE_ENTRIES(rank),
    LINE_ENTRIES(file),
    LINE_ENTRIES(diagonal),
    LINE_ENTRIES(antidiagonal),
    {"line_deposit_lookup_rank", "8 bits onto the rank through sq, multiplier and mask from the table", BITS, EX,
     b_deposit_lookup_rank, d_deposit_rank, c_deposit_lookup_rank},
    {"line_deposit_lookup_diagonal", "8 bits onto the diagonal through sq, multiplier and mask from the table",
     BITS, EX, b_deposit_lookup_diagonal, d_deposit_diagonal, c_deposit_lookup_diagonal},
    {"line_deposit_lookup_antidiagonal", "8 bits onto the anti-diagonal through sq, from the table", BITS, EX,
     b_deposit_lookup_antidiagonal, d_deposit_antidiagonal, c_deposit_lookup_antidiagonal},
    /* attacks */
    {"hyperbola_file", "rook attacks along sq's file: o ^ (o - 2r) up, and again byte-swapped down", OCC, EX,
     b_hyperbola_file, d_attacks_file, c_hyperbola_file},
    {"hyperbola_diagonal", "bishop attacks along sq's diagonal by hyperbola quintessence", OCC, EX,
     b_hyperbola_diagonal, d_attacks_diagonal, c_hyperbola_diagonal},
    {"hyperbola_antidiagonal", "bishop attacks along sq's anti-diagonal by hyperbola quintessence", OCC, EX,
     b_hyperbola_antidiagonal, d_attacks_antidiagonal, c_hyperbola_antidiagonal},
    {"kindergarten_index_rank", "the first-rank table's index for sq's rank: its 6 inner squares by a shift", OCC,
     EX, b_kg_rank, d_kg_rank, NULL},
    {"kindergarten_index_file", "the table index for sq's file: the file gathered by multiplication, inner 6", OCC,
     EX, b_kg_file, d_kg_file, NULL},
    {"kindergarten_index_diagonal", "the table index for sq's diagonal: masked, times the a-file, top bits", OCC,
     EX, b_kg_diagonal, d_kg_diagonal, NULL},
    {"kindergarten_index_antidiagonal", "the table index for sq's anti-diagonal: masked, times the a-file", OCC,
     EX, b_kg_antidiagonal, d_kg_antidiagonal, NULL},
    {"kindergarten_spread_diagonal", "the table's 8 bits back onto sq's diagonal: times the a-file, masked",
     "x: the 8 bits from the table", EX, b_kg_spread_diagonal, d_kg_spread_diagonal, NULL},
    {"kindergarten_spread_antidiagonal", "the table's 8 bits back onto sq's anti-diagonal",
     "x: the 8 bits from the table", EX, b_kg_spread_antidiagonal, d_kg_spread_antidiagonal, NULL},
    {"rook_magic_index", "the rook magic index: relevant occupancy times the magic, top 12 bits", OCC, EX,
     b_rook_magic_index, NULL, NULL},
    {"bishop_magic_index", "the bishop magic index: relevant occupancy times the magic, top 9 bits", OCC, EX,
     b_bishop_magic_index, NULL, NULL},
    {"rook_pext_index", "the rook PEXT index: pext of the relevant occupancy", OCC, EX, b_rook_pext_index,
     d_rook_pext_index, NULL},
    {"bishop_pext_index", "the bishop PEXT index: pext of the relevant occupancy", OCC, EX, b_bishop_pext_index,
     d_bishop_pext_index, NULL},
    {"rook_kogge_stone", "rook attacks by Kogge-Stone occluded fills in 4 directions", OCC, EX, b_rook_kogge,
     d_rook_attacks, c_rook_kogge},
    {"bishop_kogge_stone", "bishop attacks by Kogge-Stone occluded fills in 4 directions", OCC, EX,
     b_bishop_kogge, d_bishop_attacks, c_bishop_kogge},
    {"rook_fill", "the union of the rook attacks of every square of s: Kogge-Stone fills", FILL, -1, b_rook_fill,
     d_rook_fill, c_rook_fill},
    {"bishop_fill", "the union of the bishop attacks of every square of s: Kogge-Stone fills", FILL, -1,
     b_bishop_fill, d_bishop_fill, c_bishop_fill},
    /* Othello */
#define ORUN(dn)                                                                                               \
    {"othello_run_" #dn, "flips by shifts: the run of o discs from sq going " #dn " (kept if a p disc ends it)", \
     OTHELLO, EX, b_orun_##dn, d_orun_##dn, NULL}
    ORUN(north),
    ORUN(south),
    ORUN(east),
    ORUN(west),
    ORUN(northwest),
    ORUN(southeast),
    ORUN(northeast),
    ORUN(southwest),
    {"othello_moves_shifts", "the legal moves by directional shifts (Edax's doubling) in 8 directions", OTHELLO,
     -1, b_othello_moves, d_othello_moves, c_othello_moves},
};
#define NENTRIES ((int)(sizeof entries / sizeof entries[0]))

/* Writes entry e's program for square sq; returns the length needed. */
static size_t write_text(char *buf, size_t size, const entry *e, int sq)
{
    pb b = {buf, size, 0, {0}, 0, 1, "x"};
    if (size) buf[0] = '\0';
    if (strcmp(e->inputs, OTHELLO) == 0) {
        put(&b, "input p o", 9);
        snprintf(b.cur, sizeof b.cur, "p");
    } else if (strcmp(e->inputs, FILL) == 0) {
        put(&b, "input s o", 9);
        snprintf(b.cur, sizeof b.cur, "s");
    }
    e->build(&b, sq & 63);
    flush(&b);
    return b.len;
}

/* The forms, with their texts for the example squares, written once, by the
 * first call that needs them (not before main: a program that never asks
 * for a form pays nothing), and never changed afterwards. */
#define POOL_SIZE (32 * 1024) /* the texts take about 18 KiB; the_list test fails if they outgrow it */
static char pool[POOL_SIZE];
static bb_trace_form forms[NENTRIES];
static int sq_arg[NENTRIES];

static void forms_write(void)
{
    size_t used = 0;
    for (int i = 0; i < NENTRIES; i++) {
        const entry *e = &entries[i];
        size_t n = write_text(pool + used, POOL_SIZE - used, e, e->square < 0 ? 0 : e->square);
        const char *text = used + n < POOL_SIZE ? pool + used : "# (text too long)";
        used = used + n < POOL_SIZE ? used + n + 1 : used;
        sq_arg[i] = e->square;
        forms[i] = (bb_trace_form){e->name, e->summary, text, e->definition, e->compiled,
                                   e->square < 0 ? NULL : &sq_arg[i], e->inputs, e->square};
    }
}

/* 0: not written, 1: being written, 2: ready.  The first caller writes (about
 * 0.1 ms); a caller on another thread meanwhile waits for it.  The release
 * store publishes the forms to every acquire load that sees 2. */
static _Atomic int forms_state;

static const bb_trace_form *forms_ready(void)
{
    if (atomic_load_explicit(&forms_state, memory_order_acquire) != 2) {
        int expected = 0;
        if (atomic_compare_exchange_strong_explicit(&forms_state, &expected, 1, memory_order_acquire,
                                                    memory_order_acquire)) {
            forms_write();
            atomic_store_explicit(&forms_state, 2, memory_order_release);
        } else {
            while (atomic_load_explicit(&forms_state, memory_order_acquire) != 2) continue;
        }
    }
    return forms;
}

int bb_trace_library_count(void) { return NENTRIES; }

const bb_trace_form *bb_trace_library(int i) { return i >= 0 && i < NENTRIES ? &forms_ready()[i] : NULL; }

const bb_trace_form *bb_trace_find(const char *name)
{
    if (!name) return NULL;
    for (int i = 0; i < NENTRIES; i++)
        if (strcmp(entries[i].name, name) == 0) return &forms_ready()[i];
    return NULL;
}

size_t bb_trace_form_text(char *buf, size_t size, const bb_trace_form *f, int sq)
{
    if (size) buf[0] = '\0';
    if (!f) return 0;
    for (int i = 0; i < NENTRIES; i++)
        if (f == &forms[i]) return write_text(buf, size, &entries[i], sq);
    return (size_t)snprintf(buf, size, "%s", f->program ? f->program : "");
}
