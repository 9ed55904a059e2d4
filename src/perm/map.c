/* Maps of squares for the permutation compiler: reading them, checking them,
 * the library's named transforms, the map a tracer program computes, and the
 * slow reference (bb_perm_apply). */
#include <stdlib.h>
#include <string.h>

#include "../core/text.h"
#include "perm_private.h"

static const char *const target_names[BB_PERM_TARGET_COUNT] = {"portable", "bmi2", "gfni", "avx512", "array"};

const char *bb_perm_target_name(bb_perm_target t)
{
    return (unsigned)t < BB_PERM_TARGET_COUNT ? target_names[t] : NULL;
}

int bb_perm_target_from_name(const char *name, bb_perm_target *t)
{
    BB__ASSERT_NOT_NULL(t, "t");
    if (!name || !t) return -1;
    for (int i = 0; i < BB_PERM_TARGET_COUNT; i++) {
        const char *a = target_names[i], *b = name;
        while (*a && (*b == *a || (*b >= 'A' && *b <= 'Z' && *b + 32 == *a))) a++, b++;
        if (!*a && !*b) {
            *t = (bb_perm_target)i;
            return 0;
        }
    }
    return -1;
}

uint64_t bb_perm_apply(const bb_perm_map *map, uint64_t x)
{
    BB__ASSERT_NOT_NULL(map, "map");
    if (!map) return 0;
    uint64_t y = 0;
    for (uint64_t b = x; b; b &= b - 1) { /* each set bit of x, lowest first */
        int s = bb_popcount((b & (0 - b)) - 1);
        if (map->to[s] >= 0 && map->to[s] < 64) y |= 1ULL << map->to[s];
    }
    return y;
}

void bb_perm_inverse(const bb_perm_map *map, bb_perm_map *inv)
{
    BB__ASSERT_NOT_NULL(map, "map");
    BB__ASSERT_NOT_NULL(inv, "inv");
    if (!map || !inv) return;
    bb_perm_map r;
    memset(r.to, BB_PERM_ANY, sizeof r.to);
    for (int s = 0; s < 64; s++)
        if (map->to[s] >= 0 && map->to[s] < 64) r.to[map->to[s]] = (signed char)s;
    *inv = r;
}

int bb_perm_is_full(const bb_perm_map *map)
{
    if (!map) return 0;
    uint64_t seen = 0;
    for (int s = 0; s < 64; s++) {
        if (map->to[s] < 0 || map->to[s] > 63) return 0;
        seen |= 1ULL << map->to[s];
    }
    return seen == ~0ULL;
}

uint64_t bb__perm_named_outputs(const bb_perm_map *map)
{
    uint64_t m = 0;
    for (int s = 0; s < 64; s++)
        if (map->to[s] >= 0) m |= 1ULL << map->to[s];
    return m;
}

static void square_text(int s, char buf[4])
{
    buf[0] = (char)('a' + (s & 7));
    buf[1] = (char)('1' + (s >> 3));
    buf[2] = 0;
}

int bb_perm_check_map(const bb_perm_map *map, bb_parse_error *err)
{
    BB__ASSERT_NOT_NULL(map, "map");
    if (!map) return bb__fail(err, 0, 0, 0, "no map given");
    int owner[64];
    for (int i = 0; i < 64; i++) owner[i] = -1;
    for (int s = 0; s < 64; s++) {
        int d = map->to[s];
        char a[4], b[4];
        square_text(s, a);
        if (d == BB_PERM_ANY) continue;
        if (d < 0 || d > 63) return bb__fail(err, 0, 0, 0, "entry %d (%s): destination %d is not 0..63", s, a, d);
        if (owner[d] >= 0) {
            square_text(owner[d], b);
            return bb__fail(err, 0, 0, 0, "entry %d (%s): destination %d is already taken by entry %d (%s)", s, a,
                            d, owner[d], b);
        }
        owner[d] = s;
    }
    return 0;
}

/* ---- the named transforms ---------------------------------------------- */

typedef struct {
    const char *name;
    const char *form;        /* the tracer form whose definition gives the map (NULL: computed) */
    const char *forms[3];    /* the library's own forms of the transform */
} named;

/* Transforms without a square.  Symmetries' maps come from bb_sym_square. */
static const named plain[] = {
    {"identity", NULL, {NULL}},
    {"flip_vertical", "flip_vertical", {"flip_vertical"}},
    {"flip_horizontal", "flip_horizontal", {"flip_horizontal", "flip_horizontal_gfni"}},
    {"flip_diagonal", "flip_diagonal", {"flip_diagonal", "flip_diagonal_gfni"}},
    {"flip_antidiagonal", "flip_antidiagonal", {"flip_antidiagonal", "flip_antidiagonal_gfni"}},
    {"rotate_cw", "rotate_cw", {"rotate_cw", "rotate_cw_gfni"}},
    {"rotate_ccw", "rotate_ccw", {"rotate_ccw", "rotate_ccw_gfni"}},
    {"rotate_180", "rotate_180", {"rotate_180", "rotate_180_gfni"}},
    {"pseudo_rotate45_cw", "pseudo_rotate45_cw", {"pseudo_rotate45_cw", "pseudo_rotate45_cw_select"}},
    {"pseudo_rotate45_ccw", "pseudo_rotate45_ccw", {"pseudo_rotate45_ccw", "pseudo_rotate45_ccw_select"}},
    {"pseudo_unrotate45_cw", "pseudo_unrotate45_cw", {"pseudo_unrotate45_cw", "pseudo_unrotate45_cw_select"}},
    {"pseudo_unrotate45_ccw", "pseudo_unrotate45_ccw", {"pseudo_unrotate45_ccw", "pseudo_unrotate45_ccw_select"}},
    {"rotated90", "rotated90", {"rotated90"}},
    {"unrotated90", "unrotated90", {"unrotated90"}},
    {"rotated45", "rotated45", {"rotated45", "rotated45_pext"}},
    {"unrotated45", "unrotated45", {"unrotated45", "unrotated45_pext"}},
    {"rotated315", "rotated315", {"rotated315", "rotated315_pext"}},
    {"unrotated315", "unrotated315", {"unrotated315", "unrotated315_pext"}},
};
#define NPLAIN ((int)(sizeof plain / sizeof plain[0]))

/* Transforms with a square: the line gathers and deposits. */
static const named lined[] = {
    {"line_rank", "line_extract_mul_rank", {"line_extract_mul_rank", "line_extract_pext_rank", "line_extract_lookup_rank"}},
    {"line_file", "line_extract_mul_file", {"line_extract_mul_file", "line_extract_pext_file", "line_extract_lookup_file"}},
    {"line_diagonal", "line_extract_mul_diagonal",
     {"line_extract_mul_diagonal", "line_extract_pext_diagonal", "line_extract_lookup_diagonal"}},
    {"line_antidiagonal", "line_extract_mul_antidiagonal",
     {"line_extract_mul_antidiagonal", "line_extract_pext_antidiagonal", "line_extract_lookup_antidiagonal"}},
    {"deposit_rank", "line_deposit_mul_rank", {"line_deposit_mul_rank", "line_deposit_pext_rank", "line_deposit_lookup_rank"}},
    {"deposit_file", "line_deposit_mul_file", {"line_deposit_mul_file", "line_deposit_pext_file", NULL}},
    {"deposit_diagonal", "line_deposit_mul_diagonal",
     {"line_deposit_mul_diagonal", "line_deposit_pext_diagonal", "line_deposit_lookup_diagonal"}},
    {"deposit_antidiagonal", "line_deposit_mul_antidiagonal",
     {"line_deposit_mul_antidiagonal", "line_deposit_pext_antidiagonal", "line_deposit_lookup_antidiagonal"}},
};
#define NLINED ((int)(sizeof lined / sizeof lined[0]))
#define NCONV (2 * (BB_MAP_COUNT - 1)) /* lerf_to_M and M_to_lerf, M not lerf */

int bb_perm_named_count(void) { return NPLAIN + NCONV + NLINED * 64; }

size_t bb_perm_named_name(int i, char *buf, size_t size)
{
    bb__out_buf o = {buf, size, 0};
    if (size) buf[0] = 0;
    if (i < 0) return 0;
    if (i < NPLAIN) {
        bb__put(&o, "%s", plain[i].name);
    } else if ((i -= NPLAIN) < NCONV) {
        const char *m = bb_mapping_name((bb_mapping)(i / 2 + 1));
        if (i % 2 == 0) bb__put(&o, "lerf_to_%s", m);
        else bb__put(&o, "%s_to_lerf", m);
    } else if ((i -= NCONV) < NLINED * 64) {
        char sq[4];
        square_text(i % 64, sq);
        bb__put(&o, "%s_%s", lined[i / 64].name, sq);
    } else {
        return 0;
    }
    return o.len;
}

/* The map of a tracer form's definition at square sq: def(1 << s) is one
 * bit (s goes there) or zero (s is dropped: any). */
static int map_from_form(const char *form, int sq, bb_perm_map *map)
{
    const bb_trace_form *f = bb_trace_find(form);
    if (!f || !f->definition) return -1;
    const void *arg = f->arg;
    if (f->square >= 0) arg = &sq;
    for (int s = 0; s < 64; s++) {
        uint64_t in[BB_TRACE_MAX_VARS] = {1ULL << s};
        uint64_t y = f->definition(in, arg);
        if (y && (y & (y - 1))) return -1; /* not a bit move */
        map->to[s] = (signed char)(y ? bb__perm_ctz(y) : BB_PERM_ANY);
    }
    return 0;
}

/* Which entry a name is: plain index, conversion, or line kind and square. */
static int lookup(const char *name, const named **entry, int *sq, int *conv)
{
    *entry = NULL;
    *sq = -1;
    *conv = -1;
    for (int i = 0; i < NPLAIN; i++)
        if (strcmp(name, plain[i].name) == 0) {
            *entry = &plain[i];
            return 0;
        }
    for (int m = 1; m < BB_MAP_COUNT; m++) {
        char buf[32];
        snprintf(buf, sizeof buf, "lerf_to_%s", bb_mapping_name((bb_mapping)m));
        if (strcmp(name, buf) == 0) return *conv = 2 * m, 0;
        snprintf(buf, sizeof buf, "%s_to_lerf", bb_mapping_name((bb_mapping)m));
        if (strcmp(name, buf) == 0) return *conv = 2 * m + 1, 0;
    }
    for (int k = 0; k < NLINED; k++) {
        size_t n = strlen(lined[k].name);
        if (strncmp(name, lined[k].name, n) == 0 && name[n] == '_') {
            int s = bb_parse_square(name + n + 1);
            if (s < 0) return -1;
            *entry = &lined[k];
            *sq = s;
            return 0;
        }
    }
    return -1;
}

int bb_perm_named(const char *name, bb_perm_map *map)
{
    BB__ASSERT_NOT_NULL(map, "map");
    if (!name || !map) return -1;
    const named *e;
    int sq, conv;
    if (lookup(name, &e, &sq, &conv) != 0) return -1;
    if (conv >= 0) {
        bb_mapping m = (bb_mapping)(conv / 2);
        for (int s = 0; s < 64; s++)
            map->to[s] = (signed char)(conv % 2 == 0 ? bb_mapping_square(s, BB_MAP_LERF, m)
                                                     : bb_mapping_square(s, m, BB_MAP_LERF));
        return 0;
    }
    if (!e->form) {
        for (int s = 0; s < 64; s++) map->to[s] = (signed char)s;
        return 0;
    }
    return map_from_form(e->form, sq < 0 ? 0 : sq, map);
}

int bb_perm_named_forms(const char *name, const char **forms, int max)
{
    const named *e;
    int sq, conv, n = 0;
    if (!name || lookup(name, &e, &sq, &conv) != 0) return 0;
    static const char *const sym_forms[BB_SYM_COUNT][2] = {
        {NULL, NULL}, {"rotate_cw", "rotate_cw_gfni"}, {"rotate_180", "rotate_180_gfni"},
        {"rotate_ccw", "rotate_ccw_gfni"}, {"flip_vertical", NULL}, {"flip_horizontal", "flip_horizontal_gfni"},
        {"flip_diagonal", "flip_diagonal_gfni"}, {"flip_antidiagonal", "flip_antidiagonal_gfni"}};
    const char *const *list;
    int len;
    if (conv >= 0) {
        bb_sym s = bb_mapping_sym((bb_mapping)(conv / 2));
        if (conv % 2) s = bb_sym_inverse(s);
        list = sym_forms[s];
        len = 2;
    } else {
        list = e->forms;
        len = 3;
    }
    for (int i = 0; i < len; i++)
        if (list[i] && n < max) forms[n++] = list[i];
    return n;
}

/* ---- reading a map ------------------------------------------------------ */

int bb_perm_parse(const char *text, bb_perm_map *map, bb_parse_error *err)
{
    BB__ASSERT_NOT_NULL(map, "map");
    if (!map) return bb__fail(err, 0, 0, 0, "no map given");
    if (!text) return bb__fail(err, 0, 0, 0, "no map given");
    const char *p = text;
    while (bb__is_space(*p)) p++;
    /* a name: one word of letters, digits and '_' starting with a letter */
    const char *q = p;
    while ((*q >= 'a' && *q <= 'z') || (*q >= '0' && *q <= '9') || *q == '_') q++;
    const char *r = q;
    while (bb__is_space(*r)) r++;
    if (q > p && !*r && q - p > 2 && !(p[0] >= '0' && p[0] <= '9')) {
        char name[64];
        size_t n = (size_t)(q - p) < sizeof name - 1 ? (size_t)(q - p) : sizeof name - 1;
        memcpy(name, p, n);
        name[n] = 0;
        if (bb_perm_named(name, map) == 0) return 0;
        char qb[BB__QUOTE_MAX];
        return bb__fail(err, (int)(p - text) + 1, 0, 0,
                        "'%s' is not a library transform (bitboard perm compile --list lists them)",
                        bb__quote(qb, p, (size_t)(q - p)));
    }
    bb_perm_map m;
    int n = 0, owner[64];
    for (int i = 0; i < 64; i++) owner[i] = -1;
    p = text;
    for (;;) {
        while (bb__is_space(*p) || *p == ',') p++;
        if (!*p) break;
        const char *start = p;
        while (*p && !bb__is_space(*p) && *p != ',') p++;
        size_t len = (size_t)(p - start);
        int pos = (int)(start - text) + 1;
        char qb[BB__QUOTE_MAX], a[4], b[4];
        if (n == 64)
            return bb__fail(err, pos, 0, 0, "too many entries: a map has 64 (one a square, a1 first); '%s' is the 65th",
                            bb__quote(qb, start, len));
        square_text(n, a);
        int d;
        if (len == 1 && *start == '-') {
            d = BB_PERM_ANY;
        } else if (start[0] >= '0' && start[0] <= '9') {
            d = 0;
            for (size_t i = 0; i < len; i++) {
                if (start[i] < '0' || start[i] > '9' || d > 63) { d = -2; break; }
                d = d * 10 + (start[i] - '0');
            }
            if (d < 0 || d > 63)
                return bb__fail(err, pos, 0, 0, "entry %d (%s): '%s' is not a destination 0..63, a square or '-'",
                                n, a, bb__quote(qb, start, len));
        } else {
            char sqb[4] = {0};
            d = len == 2 ? (memcpy(sqb, start, 2), bb_parse_square(sqb)) : -1;
            if (d < 0)
                return bb__fail(err, pos, 0, 0,
                                "entry %d (%s): '%s' is not a destination 0..63, a square a1..h8 or '-'", n, a,
                                bb__quote(qb, start, len));
        }
        if (d >= 0) {
            if (owner[d] >= 0) {
                square_text(owner[d], b);
                char ds[4];
                square_text(d, ds);
                return bb__fail(err, pos, 0, 0, "entry %d (%s): destination %d (%s) is already taken by entry %d (%s)",
                                n, a, d, ds, owner[d], b);
            }
            owner[d] = n;
        }
        m.to[n++] = (signed char)d;
    }
    if (n < 64)
        return bb__fail(err, (int)strlen(text) + 1, 0, 0,
                        "%d entries: a map has 64 (entry i: where square i's bit goes, a1 first), or a transform's name",
                        n);
    *map = m;
    return 0;
}

/* ---- the map of a program ----------------------------------------------- */

int bb_perm_from_program(const bb_trace_program *p, bb_perm_map *map, bb_parse_error *err)
{
    BB__ASSERT_NOT_NULL(map, "map");
    if (!p || !map) return bb__fail(err, 0, 0, 0, "no program given");
    if (bb_trace_var_count(p) != 1)
        return bb__fail(err, 0, 0, 0, "the program has %d inputs: a map is of one board", bb_trace_var_count(p));
    bb_trace_result r;
    if (bb_trace_run(p, NULL, &r) != 0) return bb__fail(err, 0, 0, 0, "out of memory");
    bb_trace_verdict v;
    bb_trace_judge(&r, &v);
    bb_trace_result_free(&r);
    if (v.kind != BB_TRACE_PERMUTATION && v.kind != BB_TRACE_GATHER && v.kind != BB_TRACE_SCATTER)
        return bb__fail(err, 0, 0, 0, "the program does not move bits, so it has no map: %s", v.msg);
    for (int s = 0; s < 64; s++) map->to[s] = (signed char)v.to[0][s];
    if (v.complemented)
        return bb__fail(err, 0, 0, 0, "the program complements bits (0x%016llx): a map only moves them",
                        (unsigned long long)v.complemented);
    return bb_perm_check_map(map, err);
}

/* The names of the library transforms whose map is map (at most max, each
 * under 40 characters): only those that can match are built (a full map
 * against the transforms without a square; a partial one against the line
 * gathers through its lowest source and the deposits through its lowest
 * destination).  Returns the number written. */
int bb__perm_match_named(const bb_perm_map *map, char (*out)[40], int max)
{
    int n = 0;
    bb_perm_map m;
    char name[40];
    if (bb_perm_is_full(map)) {
        for (int i = 0; i < NPLAIN + NCONV && n < max; i++) {
            bb_perm_named_name(i, name, sizeof name);
            if (bb_perm_named(name, &m) == 0 && memcmp(m.to, map->to, sizeof m.to) == 0) memcpy(out[n++], name, 40);
        }
        return n;
    }
    int lo_src = -1, lo_dst = 64;
    for (int s = 0; s < 64; s++)
        if (map->to[s] >= 0) {
            if (lo_src < 0) lo_src = s;
            if (map->to[s] < lo_dst) lo_dst = map->to[s];
        }
    if (lo_src < 0) return 0;
    for (int k = 0; k < NLINED && n < max; k++) {
        char sq[4];
        square_text(k < NLINED / 2 ? lo_src : lo_dst, sq);
        snprintf(name, sizeof name, "%s_%s", lined[k].name, sq);
        if (bb_perm_named(name, &m) == 0 && memcmp(m.to, map->to, sizeof m.to) == 0) memcpy(out[n++], name, 40);
    }
    return n;
}
