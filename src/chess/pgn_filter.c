/* Filters over games read (bb_pgn_filter): the one parser of the text form
 * (`chess pgn --filter TERM`, Python's read_pgn filters) and the one test.
 *
 * Terms, one a call (KEY=VALUE):
 *   elo=MIN..MAX  elo-either=MIN..MAX  elo-mean=MIN..MAX   (MIN.. or ..MAX open; one number N: N..N)
 *   tc=CLASS[,CLASS...]           bullet, blitz, rapid, classical
 *   result=R[,R...]               1-0, 0-1, 1/2-1/2, *
 *   min-plies=N
 *   variant=standard|chess960
 *   tag:NAME=VALUE                the tag present with exactly that value
 * Time classes are lichess's: the estimated duration base + 40 * increment
 * seconds, bullet below 180 s (lichess's ultrabullet, below 30 s, counts as
 * bullet here), blitz below 480, rapid below 1500, classical from 1500. */
#include <stdio.h>
#include <string.h>

#include "bitboard.h"

static const char *const tc_names[4] = {"bullet", "blitz", "rapid", "classical"};
static const char *const result_names[4] = {"1-0", "0-1", "1/2-1/2", "*"};

void bb_pgn_filter_init(bb_pgn_filter *f)
{
    memset(f, 0, sizeof *f);
}

static int fail(bb_parse_error *err, const char *term, const char *why)
{
    if (err) {
        memset(err, 0, sizeof *err);
        char shown[64];
        size_t k = 0;
        const char *c = term;
        for (; *c && k + 5 < sizeof shown; c++) { /* printable ASCII only */
            unsigned char u = (unsigned char)*c;
            if (u >= 32 && u < 127) shown[k++] = (char)u;
            else k += (size_t)snprintf(shown + k, sizeof shown - k, "\\x%02X", u);
        }
        shown[k] = '\0';
        snprintf(err->msg, sizeof err->msg, "filter '%s%s': %s", shown, *c ? "..." : "", why);
    }
    return -1;
}

/* A decimal number of at most 9 digits: 0 and *out, else -1 (the whole of [s, e)). */
static int read_uint(const char *s, const char *e, long *out)
{
    if (s == e || e - s > 9) return -1;
    long v = 0;
    for (const char *c = s; c < e; c++) {
        if (*c < '0' || *c > '9') return -1;
        v = v * 10 + (*c - '0');
    }
    *out = v;
    return 0;
}

/* A comma-separated list of names out of names[0..n): the bits, or 0 when one is unknown. */
static unsigned read_names(const char *v, const char *const *names, int n)
{
    unsigned bits = 0;
    while (1) {
        const char *e = strchr(v, ',');
        size_t len = e ? (size_t)(e - v) : strlen(v);
        int found = -1;
        for (int i = 0; i < n; i++)
            if (strlen(names[i]) == len && strncmp(v, names[i], len) == 0) found = i;
        if (found < 0) return 0;
        bits |= 1u << found;
        if (!e) return bits;
        v = e + 1;
    }
}

int bb_pgn_filter_add(bb_pgn_filter *f, const char *term, bb_parse_error *err)
{
    if (!term || !term[0]) return fail(err, "", "empty (give KEY=VALUE: elo, elo-either, elo-mean, tc, result, "
                                                "min-plies, variant, tag:NAME)");
    const char *eq = strchr(term, '=');
    if (!eq) return fail(err, term, "no '=' (give KEY=VALUE: elo, elo-either, elo-mean, tc, result, min-plies, "
                                    "variant, tag:NAME)");
    size_t klen = (size_t)(eq - term);
    const char *v = eq + 1;
#define KEY(name) (klen == sizeof(name) - 1 && strncmp(term, name, klen) == 0)
    if (KEY("elo") || KEY("elo-either") || KEY("elo-mean")) {
        if (f->elo_given) return fail(err, term, "an Elo range is given already (one elo term a filter)");
        const char *dots = strstr(v, "..");
        long lo = 0, hi = 100000;
        if (dots) {
            const char *end = v + strlen(v);
            if ((dots > v && read_uint(v, dots, &lo)) || (dots + 2 < end && read_uint(dots + 2, end, &hi)) ||
                (dots == v && dots + 2 == end))
                return fail(err, term, "expected MIN..MAX, MIN.. or ..MAX (whole numbers)");
        } else {
            if (read_uint(v, v + strlen(v), &lo)) return fail(err, term, "expected MIN..MAX, MIN.. or ..MAX (whole numbers)");
            hi = lo;
        }
        if (lo > hi) return fail(err, term, "the range is empty (MIN above MAX)");
        f->elo_given = 1;
        f->elo_min = (int)lo;
        f->elo_max = (int)hi;
        f->elo_rule = KEY("elo") ? BB_PGN_ELO_BOTH : KEY("elo-either") ? BB_PGN_ELO_EITHER : BB_PGN_ELO_MEAN;
        return 0;
    }
    if (KEY("tc")) {
        unsigned b = read_names(v, tc_names, 4);
        if (!b) return fail(err, term, "expected classes bullet, blitz, rapid, classical (commas between)");
        f->time_classes = b;
        return 0;
    }
    if (KEY("result")) {
        unsigned b = read_names(v, result_names, 4);
        if (!b) return fail(err, term, "expected results 1-0, 0-1, 1/2-1/2, * (commas between)");
        f->results = b;
        return 0;
    }
    if (KEY("min-plies")) {
        long n;
        if (read_uint(v, v + strlen(v), &n)) return fail(err, term, "expected a whole number of plies");
        f->min_plies = (int)n;
        return 0;
    }
    if (KEY("variant")) {
        if (strcmp(v, "standard") == 0) f->variant = 1;
        else if (strcmp(v, "chess960") == 0) f->variant = 2;
        else return fail(err, term, "expected standard or chess960");
        return 0;
    }
    if (klen > 4 && strncmp(term, "tag:", 4) == 0) {
        if (f->tag_name[0]) return fail(err, term, "a tag is given already (one tag term a filter)");
        if (klen - 4 >= sizeof f->tag_name) return fail(err, term, "the tag's name is too long (31 bytes at most)");
        for (const char *c = term + 4; c < eq; c++)
            if (!((*c >= 'A' && *c <= 'Z') || (*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '_'))
                return fail(err, term, "a tag's name is letters, digits and _");
        if (strlen(v) >= sizeof f->tag_value) return fail(err, term, "the value is too long (95 bytes at most)");
        memcpy(f->tag_name, term + 4, klen - 4);
        f->tag_name[klen - 4] = '\0';
        memcpy(f->tag_value, v, strlen(v) + 1);
        return 0;
    }
#undef KEY
    return fail(err, term, "unknown key (elo, elo-either, elo-mean, tc, result, min-plies, variant, tag:NAME)");
}

int bb_pgn_time_class(const char *tc)
{
    if (!tc) return -1;
    const char *plus = strchr(tc, '+');
    long base, inc = 0;
    const char *end = tc + strlen(tc);
    if (read_uint(tc, plus ? plus : end, &base)) return -1;
    if (plus && read_uint(plus + 1, end, &inc)) return -1;
    if (base >= 1500 || inc >= 38) return BB_PGN_TC_CLASSICAL; /* 1500 s or more (and no overflow below) */
    long est = base + 40 * inc;
    return est < 180 ? BB_PGN_TC_BULLET : est < 480 ? BB_PGN_TC_BLITZ : est < 1500 ? BB_PGN_TC_RAPID
                                                                     : BB_PGN_TC_CLASSICAL;
}

/* The tag's value as an Elo: 0 and *out, or -1 (missing, "?", "-", anything not digits). */
static int elo_of(const bb_pgn_game *pg, const char *name, long *out)
{
    const char *v = bb_pgn_tag(pg, name);
    return v ? read_uint(v, v + strlen(v), out) : -1;
}

int bb_pgn_filter_match(const bb_pgn_filter *f, const bb_pgn_game *pg)
{
    if (pg->has_error) return 0; /* cut short: never a game to train on, whatever the terms */
    if (f->min_plies > 0 && pg->game.count < f->min_plies) return 0;
    if (f->variant == 1 && pg->game.start.chess960) return 0;
    if (f->variant == 2 && !pg->game.start.chess960) return 0;
    if (f->results) {
        int r = 3; /* "*" or no result */
        for (int i = 0; i < 3; i++)
            if (strcmp(pg->result, result_names[i]) == 0) r = i;
        if (!(f->results & (1u << r))) return 0;
    }
    if (f->time_classes) {
        int c = bb_pgn_time_class(bb_pgn_tag(pg, "TimeControl"));
        if (c < 0 || !(f->time_classes & (1u << c))) return 0;
    }
    if (f->elo_given) {
        long w, b;
        int hw = elo_of(pg, "WhiteElo", &w) == 0, hb = elo_of(pg, "BlackElo", &b) == 0;
        int iw = hw && w >= f->elo_min && w <= f->elo_max, ib = hb && b >= f->elo_min && b <= f->elo_max;
        if (f->elo_rule == BB_PGN_ELO_EITHER) {
            if (!iw && !ib) return 0;
        } else if (f->elo_rule == BB_PGN_ELO_MEAN) {
            if (!hw || !hb) return 0;
            long twice = w + b; /* the mean in range: 2*min <= w + b <= 2*max */
            if (twice < 2L * f->elo_min || twice > 2L * f->elo_max) return 0;
        } else if (!iw || !ib) {
            return 0;
        }
    }
    if (f->tag_name[0]) {
        const char *v = bb_pgn_tag(pg, f->tag_name);
        if (!v || strcmp(v, f->tag_value) != 0) return 0;
    }
    return 1;
}
