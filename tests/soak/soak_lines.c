/* Soak area lines: the line functions (mask, extract and deposit by every
 * implementation: the plain names, multiplication, lookup, pext/pdep where
 * compiled), the byte mirror in its three forms, the pseudo-rotations by
 * 45 degrees (shifts, selects, the array forms) and Hyatt's rotated boards
 * (90, 45, 315 and back, portable, pext and bitalg bodies, the index and
 * square functions) against the square loops of reference_lines.h, on
 * random boards, squares and lines. */
#include <string.h>

#include "bitboard.h"
#include "reference_lines.h"
#include "soak_util.h"

soak_area_fn soak_area_lines;

#define AREA "lines"

typedef unsigned extract_fn(uint64_t, int, bb_line);
typedef uint64_t deposit_fn(unsigned, int, bb_line);
static const struct {
    const char *name;
    extract_fn *extract;
    deposit_fn *deposit;
} line_forms[] = {
    {"plain", bb_line_extract, bb_line_deposit},
    {"mul", bb_line_extract_mul, bb_line_deposit_mul},
    {"lookup", bb_line_extract_lookup, bb_line_deposit_lookup},
#if BB_HAVE_BMI2
    {"pext", bb_line_extract_pext, bb_line_deposit_pext},
#endif
};

typedef unsigned mirror_fn(unsigned);
static const struct {
    const char *name;
    mirror_fn *fn;
} mirrors[] = {{"bb_mirror_byte", bb_mirror_byte},
               {"bb_mirror_byte_mul", bb_mirror_byte_mul},
               {"bb_mirror_byte_swap", bb_mirror_byte_swap},
               {"bb_mirror_byte_table", bb_mirror_byte_table}};

typedef uint64_t board_fn(uint64_t);
typedef int square_fn(int);
/* Each pseudo-rotation, its square map as the issue states it (reference_lines.h). */
static const struct {
    const char *name;
    board_fn *fn, *select;
    square_fn *square, *ref;
} prots[] = {
    {"cw", bb_pseudo_rotate45_cw, bb_pseudo_rotate45_cw_select, bb_pseudo_rotate45_cw_square, ref_prot_cw},
    {"ccw", bb_pseudo_rotate45_ccw, bb_pseudo_rotate45_ccw_select, bb_pseudo_rotate45_ccw_square, ref_prot_ccw},
    {"uncw", bb_pseudo_unrotate45_cw, bb_pseudo_unrotate45_cw_select, bb_pseudo_unrotate45_cw_square, ref_prot_uncw},
    {"unccw", bb_pseudo_unrotate45_ccw, bb_pseudo_unrotate45_ccw_select, bb_pseudo_unrotate45_ccw_square,
     ref_prot_unccw},
};

typedef void prot_array_fn(uint64_t *, const uint64_t *, size_t, bb_rot45);
static const struct {
    const char *name;
    prot_array_fn *fn;
    unsigned needs;
} prot_arrays[] = {
    {"bb_pseudo_rotate45_array", bb_pseudo_rotate45_array, 0},
    {"portable", bb_pseudo_rotate45_array_portable, 0},
    {"avx512", bb_pseudo_rotate45_array_avx512, BB_CPU_AVX512},
};

/* Hyatt's boards: the rotation, its inverse, the other bodies, the square map. */
static const struct {
    const char *name;
    board_fn *rot, *unrot;
    board_fn *alt_rot[2], *alt_unrot[2];
    square_fn *square, *ref;
} hyatt[] = {
    {"rotated90", bb_rotated90, bb_unrotated90, {NULL, NULL}, {NULL, NULL}, bb_rotated90_square, ref_rot90},
    {"rotated45", bb_rotated45, bb_unrotated45,
#if BB_HAVE_BMI2
     {bb_rotated45_portable, bb_rotated45_pext}, {bb_unrotated45_portable, bb_unrotated45_pext},
#else
     {bb_rotated45_portable, NULL}, {bb_unrotated45_portable, NULL},
#endif
     bb_rotated45_square, ref_rot45},
    {"rotated315", bb_rotated315, bb_unrotated315,
#if BB_HAVE_BMI2
     {bb_rotated315_portable, bb_rotated315_pext}, {bb_unrotated315_portable, bb_unrotated315_pext},
#else
     {bb_rotated315_portable, NULL}, {bb_unrotated315_portable, NULL},
#endif
     bb_rotated315_square, ref_rot315},
};

#if BB_HAVE_BITALG
static board_fn *const bitalg_rot[3] = {NULL, bb_rotated45_bitalg, bb_rotated315_bitalg};
static board_fn *const bitalg_unrot[3] = {NULL, bb_unrotated45_bitalg, bb_unrotated315_bitalg};
#endif

#define ARRAY_MAX 200

void soak_area_lines(uint64_t seed, int64_t first, int64_t last, soak_stats *st)
{
    static uint64_t src[ARRAY_MAX + 1], dst[ARRAY_MAX + 1], want[ARRAY_MAX];
    st->work_name = "checks";
    for (int64_t i = first; (last < 0 || i <= last) && soak_time_left(); i++) {
        soak_rng r = soak_rng_of(soak_case_seed(seed, i));
        char why[240];
        const char *bad = NULL;
        for (int k = 0; k < 32 && !bad; k++) {
            uint64_t x = soak_board(&r);
            int sq = soak_below(&r, 64);
            bb_line line = (bb_line)soak_below(&r, BB_LINE_COUNT);
            unsigned bits = (unsigned)soak_next(&r) & (soak_below(&r, 4) ? 0xFFu : 0xFFFFu); /* high bits ignored */
            unsigned want_bits = ref_line_extract(x, sq, line);
            uint64_t want_board = ref_line_deposit(bits & 0xFF, sq, line), mask = ref_line_mask(sq, line);
            if (bb_line_mask(sq, line) != mask)
                snprintf(why, sizeof why, "bb_line_mask(%d, %s) = 0x%016llx, want 0x%016llx", sq, bb_line_name(line),
                         (unsigned long long)bb_line_mask(sq, line), (unsigned long long)mask),
                    bad = why;
            for (size_t f = 0; f < sizeof line_forms / sizeof line_forms[0] && !bad; f++) {
                unsigned e = line_forms[f].extract(x, sq, line);
                uint64_t d = line_forms[f].deposit(bits, sq, line);
                if (e != want_bits)
                    snprintf(why, sizeof why, "extract %s(0x%016llx, %d, %s) = 0x%02x, want 0x%02x", line_forms[f].name,
                             (unsigned long long)x, sq, bb_line_name(line), e, want_bits),
                        bad = why;
                else if (d != want_board)
                    snprintf(why, sizeof why, "deposit %s(0x%x, %d, %s) = 0x%016llx, want 0x%016llx",
                             line_forms[f].name, bits, sq, bb_line_name(line), (unsigned long long)d,
                             (unsigned long long)want_board),
                        bad = why;
            }
            for (size_t f = 0; f < sizeof mirrors / sizeof mirrors[0] && !bad; f++)
                if (mirrors[f].fn(bits) != ref_mirror_byte(bits & 0xFF))
                    snprintf(why, sizeof why, "%s(0x%x) = 0x%02x, want 0x%02x", mirrors[f].name, bits,
                             mirrors[f].fn(bits), ref_mirror_byte(bits & 0xFF)),
                        bad = why;
            for (size_t f = 0; f < sizeof prots / sizeof prots[0] && !bad; f++) {
                uint64_t w = ref_permute(x, prots[f].ref), a = prots[f].fn(x), b = prots[f].select(x);
                if (a != w || b != w)
                    snprintf(why, sizeof why, "pseudo-rotation %s(0x%016llx) = 0x%016llx (select 0x%016llx), want 0x%016llx",
                             prots[f].name, (unsigned long long)x, (unsigned long long)a, (unsigned long long)b,
                             (unsigned long long)w),
                        bad = why;
                else if (prots[f].square(sq) != prots[f].ref(sq))
                    snprintf(why, sizeof why, "pseudo-rotation %s of square %d: %d, want %d", prots[f].name, sq,
                             prots[f].square(sq), prots[f].ref(sq)),
                        bad = why;
            }
            for (size_t h = 0; h < sizeof hyatt / sizeof hyatt[0] && !bad; h++) {
                uint64_t w = ref_permute(x, hyatt[h].ref), got = hyatt[h].rot(x), back = hyatt[h].unrot(w);
                const char *form = "";
                for (int a = 0; a < 2 && got == w && back == x; a++)
                    if (hyatt[h].alt_rot[a])
                        got = hyatt[h].alt_rot[a](x), back = hyatt[h].alt_unrot[a](w), form = a ? " pext" : " portable";
#if BB_HAVE_BITALG
                if (got == w && back == x && bitalg_rot[h])
                    got = bitalg_rot[h](x), back = bitalg_unrot[h](w), form = " bitalg";
#endif
                if (got != w || back != x)
                    snprintf(why, sizeof why, "%s%s(0x%016llx) = 0x%016llx, want 0x%016llx; un%s of that: 0x%016llx",
                             hyatt[h].name, form, (unsigned long long)x, (unsigned long long)got, (unsigned long long)w,
                             hyatt[h].name, (unsigned long long)back),
                        bad = why;
                else if (hyatt[h].square(sq) != hyatt[h].ref(sq))
                    snprintf(why, sizeof why, "%s_square(%d) = %d, want %d", hyatt[h].name, sq, hyatt[h].square(sq),
                             hyatt[h].ref(sq)),
                        bad = why;
            }
            if (!bad) { /* the index functions read sq's line out of each rotated board */
                int f = sq & 7, rk = sq >> 3, lo45 = f - rk > 0 ? f - rk : 0, lo315 = f + rk > 7 ? f + rk - 7 : 0;
                unsigned w90 = ref_line_extract(x, sq, BB_LINE_FILE);
                unsigned w45 = ref_line_extract(x, sq, BB_LINE_DIAGONAL) >> lo45;
                unsigned w315 = ref_line_extract(x, sq, BB_LINE_ANTIDIAGONAL) >> lo315;
                unsigned g90 = bb_rotated90_index(bb_rotated90(x), sq), g45 = bb_rotated45_index(bb_rotated45(x), sq),
                         g315 = bb_rotated315_index(bb_rotated315(x), sq);
                if (g90 != w90 || g45 != w45 || g315 != w315)
                    snprintf(why, sizeof why,
                             "rotated index of square %d in 0x%016llx: 90 0x%x 45 0x%x 315 0x%x, want 0x%x 0x%x 0x%x",
                             sq, (unsigned long long)x, g90, g45, g315, w90, w45, w315),
                        bad = why;
            }
            st->work++;
        }
        /* the array forms of the pseudo-rotations */
        bb_rot45 which = (bb_rot45)soak_below(&r, 4);
        size_t n = (size_t)soak_below(&r, ARRAY_MAX + 1);
        for (size_t f = 0; f < sizeof prot_arrays / sizeof prot_arrays[0] && !bad; f++) {
            if (prot_arrays[f].needs && !bb_cpu_has(prot_arrays[f].needs)) continue;
            for (size_t k = 0; k < n; k++) src[k] = soak_board(&r), want[k] = ref_permute(src[k], prots[which].ref);
            int in_place = soak_below(&r, 2);
            uint64_t *out = in_place ? src : dst;
            out[n] = 0x5A5A5A5A5A5A5A5AULL;
            prot_arrays[f].fn(out, src, n, which);
            for (size_t k = 0; k < n && !bad; k++)
                if (out[k] != want[k])
                    snprintf(why, sizeof why, "%s (%s, n %zu, %s): [%zu] = 0x%016llx, want 0x%016llx",
                             prot_arrays[f].name, prots[which].name, n, in_place ? "in place" : "apart", k,
                             (unsigned long long)out[k], (unsigned long long)want[k]),
                        bad = why;
            if (!bad && out[n] != 0x5A5A5A5A5A5A5A5AULL)
                snprintf(why, sizeof why, "%s (n %zu) wrote past the end", prot_arrays[f].name, n), bad = why;
            st->work += n;
        }
        st->cases++;
        if (bad) {
            st->failures++;
            soak_report_failure(AREA, seed, i, "%s", bad);
        }
    }
}
