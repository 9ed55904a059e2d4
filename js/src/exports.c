/* The functions the JavaScript package calls (js/bitboard.js): the public
 * API's inline functions given a body each (WebAssembly exports only
 * functions with one), enums as ints, errors as text.  Built with the
 * library into build/wasm/bitboard.wasm by `make wasm`; only the public API
 * is used here. */
#include <stdint.h>
#include <string.h>

#include "bitboard.h"

/* the export list, one place: a name here is exported by `make wasm` */
#define BB_JS_EXPORT __attribute__((used, visibility("default")))

BB_JS_EXPORT const char *bb_js_version(void) { return bb_version(); }

/* ---- boards ------------------------------------------------------------------------ */

BB_JS_EXPORT uint64_t bb_js_sym_apply(uint64_t x, int s) { return bb_sym_apply(x, (bb_sym)s); }
BB_JS_EXPORT int bb_js_sym_square(int sq, int s) { return bb_sym_square(sq, (bb_sym)s); }
BB_JS_EXPORT int bb_js_sym_compose(int first, int then) { return (int)bb_sym_compose((bb_sym)first, (bb_sym)then); }
BB_JS_EXPORT int bb_js_sym_inverse(int s) { return (int)bb_sym_inverse((bb_sym)s); }
BB_JS_EXPORT const char *bb_js_sym_name(int s) { return bb_sym_name((bb_sym)s); }

/* -1 for a name that is not a symmetry's */
BB_JS_EXPORT int bb_js_sym_from_name(const char *name)
{
    bb_sym s;
    return bb_sym_from_name(name, &s) == 0 ? (int)s : -1;
}

/* the least image; *used the symmetry that gives it */
BB_JS_EXPORT uint64_t bb_js_canonical(uint64_t x, int *used)
{
    bb_sym s;
    uint64_t c = bb_canonical(x, &s);
    *used = (int)s;
    return c;
}

/* pair[0], pair[1]: the two boards in, their least image out; returns the symmetry */
BB_JS_EXPORT int bb_js_canonical_pair(uint64_t *pair)
{
    bb_sym s;
    bb_canonical_pair(&pair[0], &pair[1], &s);
    return (int)s;
}

/* many boards: dst[i] from src[i], i < n (dst == src allowed) */
BB_JS_EXPORT void bb_js_sym_apply_array(uint64_t *dst, const uint64_t *src, int n, int s)
{
    bb_sym_apply_array(dst, src, (size_t)n, (bb_sym)s);
}
BB_JS_EXPORT void bb_js_canonical_array(uint64_t *dst, const uint64_t *src, int n, unsigned char *used)
{
    bb_canonical_array(dst, src, (size_t)n, used);
}
BB_JS_EXPORT void bb_js_canonical_pair_array(uint64_t *p, uint64_t *o, int n, unsigned char *used)
{
    bb_canonical_pair_array(p, o, (size_t)n, used);
}

/* which: 0 cw, 1 ccw, 2 undo cw, 3 undo ccw (bb_rot45) */
BB_JS_EXPORT uint64_t bb_js_rotate45(uint64_t x, int which)
{
    switch (which) {
    case 0: return bb_pseudo_rotate45_cw(x);
    case 1: return bb_pseudo_rotate45_ccw(x);
    case 2: return bb_pseudo_unrotate45_cw(x);
    default: return bb_pseudo_unrotate45_ccw(x);
    }
}
BB_JS_EXPORT void bb_js_rotate45_array(uint64_t *dst, const uint64_t *src, int n, int which)
{
    bb_pseudo_rotate45_array(dst, src, (size_t)n, (bb_rot45)which);
}

BB_JS_EXPORT uint64_t bb_js_line_mask(int sq, int line) { return bb_line_mask(sq, (bb_line)line); }
BB_JS_EXPORT unsigned bb_js_line_extract(uint64_t x, int sq, int line) { return bb_line_extract(x, sq, (bb_line)line); }
BB_JS_EXPORT uint64_t bb_js_line_deposit(unsigned bits, int sq, int line) { return bb_line_deposit(bits, sq, (bb_line)line); }
BB_JS_EXPORT const char *bb_js_line_name(int line) { return bb_line_name((bb_line)line); }

BB_JS_EXPORT int bb_js_line_from_name(const char *name)
{
    bb_line l;
    return bb_line_from_name(name, &l) == 0 ? (int)l : -1;
}

/* piece: 0 knight, 1 bishop, 2 rook, 3 queen, 4 king, 5 white pawn, 6 black pawn */
BB_JS_EXPORT uint64_t bb_js_attacks(int piece, int sq, uint64_t occ)
{
    switch (piece) {
    case 0: return bb_knight_attacks(sq);
    case 1: return bb_bishop_attacks(sq, occ);
    case 2: return bb_rook_attacks(sq, occ);
    case 3: return bb_queen_attacks(sq, occ);
    case 4: return bb_king_attacks(sq);
    case 5: return bb_pawn_attacks(BB_WHITE, sq);
    default: return bb_pawn_attacks(BB_BLACK, sq);
    }
}

/* a rook (0), bishop (1) or queen (2) on sq by method m (bb_attack_method);
 * the caller checks that m is in this build (bb_js_attack_method_ok) */
BB_JS_EXPORT uint64_t bb_js_slider_attacks(int slider, int m, int sq, uint64_t occ)
{
    bb_attack_method method = (bb_attack_method)m;
    uint64_t a = 0;
    if (slider != 1) a |= bb_rook_attacks_with(method, sq, occ);
    if (slider != 0) a |= bb_bishop_attacks_with(method, sq, occ);
    return a;
}

/* 1 if method m (bb_attack_method) is in this build (not PEXT without BMI2) */
BB_JS_EXPORT int bb_js_attack_method_ok(int m)
{
    return m >= BB_ATTACKS_NAIVE && m <= BB_ATTACKS_KOGGE_STONE && (m != BB_ATTACKS_PEXT || BB_HAVE_BMI2);
}

/* ---- text -------------------------------------------------------------------------- */

BB_JS_EXPORT int bb_js_parse_square(const char *text) { return bb_parse_square(text); }

/* 0 and *out, or -1 and the error's text in msg (size bytes) */
BB_JS_EXPORT int bb_js_parse_board(const char *text, unsigned flags, uint64_t *out, char *msg, int size)
{
    bb_parse_error e;
    if (bb_parse_board(text, flags, out, &e) == 0) return 0;
    if (size > 0) {
        strncpy(msg, e.msg, (size_t)size - 1);
        msg[size - 1] = '\0';
    }
    return -1;
}

BB_JS_EXPORT int bb_js_format_board(char *buf, int size, uint64_t x, int fmt, unsigned flags)
{
    return (int)bb_format_board(buf, (size_t)size, x, (bb_format)fmt, flags);
}
