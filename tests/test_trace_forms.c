/* The library's program forms (bb_trace_library): every form is proved equal
 * to its definition for every input (symbolically, or by exhausting the input
 * bits that matter) and on every square where the routine takes one; every
 * form agrees with the compiled routine on random boards; the definitions
 * agree with the slow references of the other tests; the pieces of the
 * table methods (indices, spreads, runs) put back together with the tables
 * give the compiled routines; and a wrong program is caught. */
#include <stdlib.h>
#include <string.h>

#include "bitboard.h"
#include "harness.h"
#include "reference.h"
#include "reference_lines.h"

#define TEXT_MAX 65536
static char text[TEXT_MAX];

/* The squares a form is proved on: all 64, or none (-1) for a form without one. */
static int square_count(const bb_trace_form *f) { return f->square < 0 ? 1 : 64; }
static const void *square_arg(const bb_trace_form *f, const int *sq) { return f->square < 0 ? NULL : sq; }

/* Form f's program for square sq, parsed (the test fails and returns NULL if
 * it does not parse). */
static bb_trace_program *program_of(const bb_trace_form *f, int sq)
{
    size_t n = bb_trace_form_text(text, sizeof text, f, sq);
    CHECK(n > 0 && n < sizeof text, "%s sq %d: text length %zu", f->name, sq, n);
    bb_parse_error err;
    memset(&err, 0, sizeof err);
    bb_trace_program *p = bb_trace_parse(text, &err);
    CHECK(p != NULL, "%s sq %d: %s (at %zu)\n%s", f->name, sq, err.msg, (size_t)err.pos, text);
    return p;
}
static const bb_trace_form *form(const char *name)
{
    const bb_trace_form *f = bb_trace_find(name);
    CHECK(f != NULL, "no form %s", name);
    return f;
}
static uint64_t eval1(bb_trace_program *p, uint64_t x)
{
    uint64_t in[BB_TRACE_MAX_VARS] = {x};
    return bb_trace_eval(p, in);
}
static int is_othello(const bb_trace_form *f) { return strncmp(f->name, "othello_", 8) == 0; }
static int two_inputs(const bb_trace_form *f) { return strstr(f->inputs, "o: ") != NULL; }
/* The forms whose input bits that matter are too many to exhaust (all 128):
 * the prover refuses them; they are checked on random inputs. */
static int too_wide(const bb_trace_form *f)
{
    return strcmp(f->name, "othello_moves_shifts") == 0 || strcmp(f->name, "rook_fill") == 0 ||
           strcmp(f->name, "bishop_fill") == 0;
}
/* Random inputs for form f: a board (sometimes only its low byte, for the
 * forms that read 8 bits), or an Othello position (p and o disjoint). */
static void random_inputs(const bb_trace_form *f, uint64_t *st, uint64_t in[BB_TRACE_MAX_VARS])
{
    in[0] = bbt_board(st);
    in[1] = in[2] = in[3] = 0;
    if (is_othello(f)) in[1] = bbt_board(st) & ~in[0];
    else if (two_inputs(f)) in[1] = bbt_board(st) | in[0];
    else if ((in[0] & 0x300) == 0) in[0] &= 0xFF;
}

/* ---- The list ------------------------------------------------------------------------ */

static void the_list(void)
{
    int n = bb_trace_library_count();
    CHECK(n >= 80, "only %d forms", n);
    CHECK(bb_trace_library(-1) == NULL && bb_trace_library(n) == NULL, "out of range");
    CHECK(bb_trace_find(NULL) == NULL && bb_trace_find("no_such_form") == NULL, "unknown names");
    for (int i = 0; i < n; i++) {
        const bb_trace_form *f = bb_trace_library(i);
        CHECK(f && f->name && f->summary && f->program && f->inputs, "form %d has every field", i);
        if (!f) continue;
        CHECK(bb_trace_find(f->name) == f, "%s found by name", f->name);
        for (const char *c = f->name; *c; c++)
            CHECK((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '_', "%s: a clean name", f->name);
        CHECK(f->square >= -1 && f->square < 64, "%s: square %d", f->name, f->square);
        CHECK((f->square < 0) == (f->arg == NULL), "%s: arg for a square", f->name);
        if (f->arg) CHECK(*(const int *)f->arg == f->square, "%s: arg holds the square", f->name);
        /* The listed text is the example square's text, and it parses. */
        bb_trace_form_text(text, sizeof text, f, f->square < 0 ? 0 : f->square);
        CHECK(strcmp(text, f->program) == 0, "%s: listed text is the example square's", f->name);
        bb_trace_program *p = program_of(f, f->square < 0 ? 0 : f->square);
        bb_trace_free(p);
    }
    /* every group the issue names is there */
    static const char *const must[] = {
        "flip_vertical", "flip_horizontal", "flip_diagonal", "flip_antidiagonal", "rotate_cw", "rotate_ccw",
        "rotate_180", "flip_horizontal_gfni", "rotate_cw_gfni", "mirror_byte_mul", "pseudo_rotate45_cw",
        "pseudo_unrotate45_ccw", "rotated45", "unrotated315", "rotated45_pext", "line_extract_mul_file",
        "line_deposit_pext_antidiagonal", "hyperbola_file", "kindergarten_index_diagonal", "rook_magic_index",
        "bishop_pext_index", "rook_kogge_stone", "othello_run_north", "othello_moves_shifts",
    };
    for (size_t i = 0; i < sizeof must / sizeof must[0]; i++) form(must[i]);
    /* a square's text differs where the routine's constants do */
    char a[4096];
    bb_trace_form_text(a, sizeof a, form("line_extract_mul_diagonal"), 0);
    bb_trace_form_text(text, sizeof text, form("line_extract_mul_diagonal"), 7);
    CHECK(strcmp(a, text) != 0, "a1 and h1 diagonals differ");
    /* truncation: the length needed, like snprintf */
    size_t need = bb_trace_form_text(NULL, 0, form("rotated45"), 0);
    CHECK(need == strlen(form("rotated45")->program), "length needed %zu", need);
    CHECK(bb_trace_form_text(a, 8, form("rotated45"), 0) == need && strlen(a) == 7, "truncated");
}

/* ---- The proofs ------------------------------------------------------------------------
 * Every form with a definition, on every square: bb_trace_prove must prove it
 * (symbolically for the linear ones, by exhaustion for the rest), except the
 * whole-board ones (Othello's move generator, the fills of a set of
 * sliders), whose 128 input bits all matter: the prover must refuse them, and
 * they are checked on random inputs instead. */
static void proofs(void)
{
    int proved = 0, symbolic = 0, exhaustive = 0;
    for (int i = 0; i < bb_trace_library_count(); i++) {
        const bb_trace_form *f = bb_trace_library(i);
        if (!f->definition || !bbt_mine(i)) continue;
        for (int sq = 0; sq < square_count(f); sq++) {
            bb_trace_program *p = program_of(f, sq);
            if (!p) break;
            bb_trace_proof proof;
            int r = bb_trace_prove(p, f->definition, square_arg(f, &sq), &proof);
            if (too_wide(f)) {
                CHECK(r == -1 && proof.method == 0, "%s: refused (%d): %s", f->name, r, proof.msg);
            } else {
                CHECK(r == 0, "%s sq %d: %s", f->name, sq, proof.msg);
                if (r == 0) {
                    proved++;
                    symbolic += proof.method == BB_TRACE_BY_SYMBOLIC;
                    exhaustive += proof.method == BB_TRACE_BY_EXHAUSTION;
                }
                if (r == 1) {
                    /* a real counterexample: the program and the definition differ on it */
                    int s = sq;
                    uint64_t want = f->definition(proof.counterexample, square_arg(f, &s));
                    CHECK(bb_trace_eval(p, proof.counterexample) != want, "%s: counterexample is one", f->name);
                }
            }
            bb_trace_free(p);
        }
    }
    CHECK(symbolic > 0 && exhaustive > 0, "both methods used: %d symbolic, %d exhaustive", symbolic, exhaustive);
    CHECK(proved >= 2000 / bbt_slices(), "proved %d (form, square) pairs", proved);
}

/* The linear forms are proved symbolically; the ones with a carry or an and
 * of two variable bits by exhaustion. */
static void proof_methods(void)
{
    static const struct { const char *name; int method; } want[] = {
        {"flip_diagonal", BB_TRACE_BY_SYMBOLIC},        {"rotate_cw_gfni", BB_TRACE_BY_SYMBOLIC},
        {"mirror_byte_mul", BB_TRACE_BY_SYMBOLIC},      {"rotated45", BB_TRACE_BY_SYMBOLIC},
        {"line_extract_mul_file", BB_TRACE_BY_SYMBOLIC}, {"line_deposit_mul_file", BB_TRACE_BY_SYMBOLIC},
        {"rook_pext_index", BB_TRACE_BY_SYMBOLIC},      {"hyperbola_diagonal", BB_TRACE_BY_EXHAUSTION},
        {"rook_kogge_stone", BB_TRACE_BY_EXHAUSTION},   {"othello_run_east", BB_TRACE_BY_EXHAUSTION},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        const bb_trace_form *f = form(want[i].name);
        if (!f) continue;
        int sq = f->square < 0 ? 0 : f->square;
        bb_trace_program *p = program_of(f, sq);
        if (!p) continue;
        bb_trace_proof proof;
        CHECK(bb_trace_prove(p, f->definition, f->arg, &proof) == 0, "%s: %s", f->name, proof.msg);
        CHECK(proof.method == want[i].method, "%s: method %d, want %d (%s)", f->name, proof.method, want[i].method,
              proof.msg);
        bb_trace_free(p);
    }
}

/* ---- The compiled routines --------------------------------------------------------------
 * Every form with a compiled routine agrees with it on random boards, on every
 * square; a form without one in this build is one whose instructions the build
 * does not target (GFNI, BMI2) or a piece checked below. */
static void compiled_agrees(void)
{
    uint64_t st = 1;
    int checked = 0;
    for (int i = 0; i < bb_trace_library_count(); i++) {
        const bb_trace_form *f = bb_trace_library(i);
        if (!f->compiled) {
            int gfni = strstr(f->name, "_gfni") != NULL, bmi2 = strstr(f->name, "pext") != NULL;
            int piece = strstr(f->name, "kindergarten_") || strstr(f->name, "_index") ||
                        strstr(f->name, "othello_run_");
            CHECK((gfni && !BB_HAVE_GFNI) || (bmi2 && !BB_HAVE_BMI2) || piece, "%s: no compiled routine", f->name);
            continue;
        }
        int boards = f->square < 0 ? 20000 : 600;
        for (int sq = 0; sq < square_count(f); sq++) {
            bb_trace_program *p = program_of(f, sq);
            if (!p) break;
            for (int k = 0; k < boards; k++) {
                uint64_t in[BB_TRACE_MAX_VARS];
                random_inputs(f, &st, in);
                uint64_t got = bb_trace_eval(p, in), want = f->compiled(in, square_arg(f, &sq));
                if (got != want) {
                    CHECK_EQ64(got, want, "%s sq %d on %016llx %016llx", f->name, sq, (unsigned long long)in[0],
                               (unsigned long long)in[1]);
                    break;
                }
            }
            checked++;
            bb_trace_free(p);
        }
    }
    CHECK(checked >= 1000, "checked %d", checked);
}

/* The forms' compiled routines are the public ones: a few by hand. */
static void compiled_are_the_library(void)
{
    uint64_t st = 5;
    for (int k = 0; k < 2000; k++) {
        uint64_t in[BB_TRACE_MAX_VARS] = {bbt_board(&st), 0, 0, 0};
        int sq = (int)(bbt_next(&st) & 63);
        CHECK_EQ64(form("rotate_cw")->compiled(in, NULL), bb_rotate_cw(in[0]), "rotate_cw");
        CHECK_EQ64(form("flip_diagonal")->compiled(in, NULL), bb_flip_diagonal(in[0]), "flip_diagonal");
        CHECK_EQ64(form("rotated45")->compiled(in, NULL), bb_rotated45(in[0]), "rotated45");
        CHECK_EQ64(form("line_extract_mul_antidiagonal")->compiled(in, &sq),
                   bb_line_extract(in[0], sq, BB_LINE_ANTIDIAGONAL), "extract");
        CHECK_EQ64(form("rook_kogge_stone")->compiled(in, &sq), bb_rook_attacks(sq, in[0]), "rook");
        in[1] = bbt_board(&st) & ~in[0];
        CHECK_EQ64(form("othello_moves_shifts")->compiled(in, NULL), bb_othello_moves(in[0], in[1]), "moves");
    }
}

/* ---- The definitions against the other tests' references ------------------------------- */
static uint64_t ref_extract(uint64_t x, int sq, bb_line l) { return ref_line_extract(x, sq, l); }
static uint64_t ref_deposit(uint64_t x, int sq, bb_line l) { return ref_line_deposit((unsigned)(x & 0xFF), sq, l); }

static void definitions_are_the_references(void)
{
    static const struct { const char *name; bb_sym s; } syms[] = {
        {"flip_vertical", BB_SYM_FLIP_VERTICAL},   {"flip_horizontal", BB_SYM_FLIP_HORIZONTAL},
        {"flip_diagonal", BB_SYM_FLIP_DIAGONAL},   {"flip_antidiagonal", BB_SYM_FLIP_ANTIDIAGONAL},
        {"rotate_cw", BB_SYM_ROTATE_CW},           {"rotate_ccw", BB_SYM_ROTATE_CCW},
        {"rotate_180", BB_SYM_ROTATE_180},         {"flip_horizontal_gfni", BB_SYM_FLIP_HORIZONTAL},
        {"flip_diagonal_gfni", BB_SYM_FLIP_DIAGONAL}, {"flip_antidiagonal_gfni", BB_SYM_FLIP_ANTIDIAGONAL},
        {"rotate_cw_gfni", BB_SYM_ROTATE_CW},      {"rotate_ccw_gfni", BB_SYM_ROTATE_CCW},
        {"rotate_180_gfni", BB_SYM_ROTATE_180},
    };
    static const char *const kinds[4] = {"rank", "file", "diagonal", "antidiagonal"};
    uint64_t st = 9;
    for (int k = 0; k < 300; k++) {
        uint64_t x = bbt_board(&st);
        uint64_t in[BB_TRACE_MAX_VARS] = {x, 0, 0, 0};
        for (size_t i = 0; i < sizeof syms / sizeof syms[0]; i++)
            CHECK_EQ64(form(syms[i].name)->definition(in, NULL), ref_sym_apply(x, syms[i].s), "%s", syms[i].name);
        CHECK_EQ64(form("mirror_byte_mul")->definition(in, NULL), ref_mirror_byte((unsigned)x & 0xFF), "mirror");
        CHECK_EQ64(form("pseudo_rotate45_cw")->definition(in, NULL), ref_permute(x, ref_prot_cw), "cw");
        CHECK_EQ64(form("pseudo_rotate45_ccw")->definition(in, NULL), ref_permute(x, ref_prot_ccw), "ccw");
        CHECK_EQ64(form("pseudo_unrotate45_cw")->definition(in, NULL), ref_permute(x, ref_prot_uncw), "uncw");
        CHECK_EQ64(form("pseudo_unrotate45_ccw")->definition(in, NULL), ref_permute(x, ref_prot_unccw), "unccw");
        CHECK_EQ64(form("rotated45")->definition(in, NULL), ref_permute(x, ref_rot45), "r45");
        CHECK_EQ64(form("rotated315")->definition(in, NULL), ref_permute(x, ref_rot315), "r315");
        uint64_t back[BB_TRACE_MAX_VARS] = {ref_permute(x, ref_rot45), 0, 0, 0};
        CHECK_EQ64(form("unrotated45")->definition(back, NULL), x, "unr45");
        back[0] = ref_permute(x, ref_rot315);
        CHECK_EQ64(form("unrotated315")->definition(back, NULL), x, "unr315");
        for (int sq = 0; sq < 64; sq++) {
            char name[64];
            for (int l = 0; l < 4; l++) {
                snprintf(name, sizeof name, "line_extract_mul_%s", kinds[l]);
                CHECK_EQ64(form(name)->definition(in, &sq), ref_extract(x, sq, (bb_line)l), "%s sq %d", name, sq);
                snprintf(name, sizeof name, "line_deposit_mul_%s", kinds[l]);
                CHECK_EQ64(form(name)->definition(in, &sq), ref_deposit(x, sq, (bb_line)l), "%s sq %d", name, sq);
            }
            /* attacks along one line: the naive routine's, on that line */
            uint64_t rook = bb_rook_attacks_naive(sq, x), bishop = bb_bishop_attacks_naive(sq, x);
            CHECK_EQ64(form("hyperbola_file")->definition(in, &sq), rook & ref_line_mask(sq, BB_LINE_FILE), "file");
            CHECK_EQ64(form("hyperbola_diagonal")->definition(in, &sq), bishop & ref_line_mask(sq, BB_LINE_DIAGONAL),
                       "diagonal");
            CHECK_EQ64(form("hyperbola_antidiagonal")->definition(in, &sq),
                       bishop & ref_line_mask(sq, BB_LINE_ANTIDIAGONAL), "antidiagonal");
            CHECK_EQ64(form("rook_kogge_stone")->definition(in, &sq), rook, "rook sq %d", sq);
            CHECK_EQ64(form("bishop_kogge_stone")->definition(in, &sq), bishop, "bishop sq %d", sq);
        }
    }
}

/* ---- The pieces of the table methods, put back together -------------------------------- */

/* Kindergarten: the index forms into the first-rank table, the table's bits
 * back by the spread forms (a file: line_deposit_mul_file), equal the
 * compiled routine. */
static void kindergarten_from_its_pieces(void)
{
    uint64_t st = 13;
    for (int sq = 0; sq < 64; sq++) {
        bb_trace_program *ir = program_of(form("kindergarten_index_rank"), sq);
        bb_trace_program *ifl = program_of(form("kindergarten_index_file"), sq);
        bb_trace_program *id = program_of(form("kindergarten_index_diagonal"), sq);
        bb_trace_program *ia = program_of(form("kindergarten_index_antidiagonal"), sq);
        bb_trace_program *df = program_of(form("line_deposit_mul_file"), sq);
        bb_trace_program *sd = program_of(form("kindergarten_spread_diagonal"), sq);
        bb_trace_program *sa = program_of(form("kindergarten_spread_antidiagonal"), sq);
        if (ir && ifl && id && ia && df && sd && sa)
            for (int k = 0; k < 500; k++) {
                uint64_t occ = bbt_board(&st);
                unsigned f = (unsigned)sq & 7, r = (unsigned)sq >> 3;
                uint64_t rank = (uint64_t)bb__first_rank_attacks[64 * f + eval1(ir, occ)] << (sq & 56);
                uint64_t file = eval1(df, bb__first_rank_attacks[64 * r + eval1(ifl, occ)]);
                uint64_t diag = eval1(sd, bb__first_rank_attacks[64 * f + eval1(id, occ)]);
                uint64_t anti = eval1(sa, bb__first_rank_attacks[64 * f + eval1(ia, occ)]);
                CHECK_EQ64(rank | file, bb_rook_attacks_kindergarten(sq, occ), "rook sq %d", sq);
                CHECK_EQ64(diag | anti, bb_bishop_attacks_kindergarten(sq, occ), "bishop sq %d", sq);
                CHECK_EQ64(rank | file, bb_rook_attacks_naive(sq, occ), "rook vs naive sq %d", sq);
            }
        bb_trace_free(ir), bb_trace_free(ifl), bb_trace_free(id), bb_trace_free(ia);
        bb_trace_free(df), bb_trace_free(sd), bb_trace_free(sa);
    }
}

/* Hyperbola quintessence: the file form with the first-rank table's rank
 * (indexed as kindergarten's rank is), and the two diagonal forms, give the
 * compiled routines. */
static void hyperbola_from_its_pieces(void)
{
    uint64_t st = 23;
    for (int sq = 0; sq < 64; sq++) {
        bb_trace_program *fl = program_of(form("hyperbola_file"), sq);
        bb_trace_program *dg = program_of(form("hyperbola_diagonal"), sq);
        bb_trace_program *an = program_of(form("hyperbola_antidiagonal"), sq);
        bb_trace_program *ir = program_of(form("kindergarten_index_rank"), sq);
        if (fl && dg && an && ir)
            for (int k = 0; k < 500; k++) {
                uint64_t occ = bbt_board(&st);
                uint64_t rank = (uint64_t)bb__first_rank_attacks[64 * (sq & 7) + eval1(ir, occ)] << (sq & 56);
                CHECK_EQ64(eval1(fl, occ) | rank, bb_rook_attacks_hyperbola(sq, occ), "rook sq %d", sq);
                CHECK_EQ64(eval1(dg, occ) | eval1(an, occ), bb_bishop_attacks_hyperbola(sq, occ), "bishop sq %d", sq);
            }
        bb_trace_free(fl), bb_trace_free(dg), bb_trace_free(an), bb_trace_free(ir);
    }
}

/* Magic and PEXT: the index depends only on the relevant occupancy (the
 * symbolic run's used bits), and for every relevant occupancy (all 2^bits of
 * them) the table entry at the form's index is the naive attack set: the
 * index tells apart every two occupancies whose attacks differ.  The magic
 * multiplication is reported as what it is: its partial products meet, and
 * on most squares a carry can reach the index (the others are exact linear
 * maps of the occupancy). */
static void magic_and_pext_indices(void)
{
    static const char *const names[4] = {"rook_magic_index", "bishop_magic_index", "rook_pext_index",
                                         "bishop_pext_index"};
    for (int t = 0; t < 4; t++) {
        const bb_trace_form *f = form(names[t]);
        int rook = t % 2 == 0, pext = t >= 2, nonlinear = 0, meet = 0;
        for (int sq = 0; sq < 64; sq++) {
            const bb__magic *m = rook ? &bb__rook_magic[sq] : &bb__bishop_magic[sq];
            bb_trace_program *p = program_of(f, sq);
            if (!p) continue;
            bb_trace_result r;
            bb_trace_verdict v;
            CHECK(bb_trace_run(p, NULL, &r) == 0, "%s sq %d: run", f->name, sq);
            bb_trace_judge(&r, &v);
            CHECK((v.used[0] & ~m->mask) == 0, "%s sq %d: uses only the mask", f->name, sq);
            if (!pext) {
                /* where no carry can reach the index, it is an exact linear map */
                CHECK(v.kind != BB_TRACE_PERMUTATION && v.kind != BB_TRACE_SCATTER, "%s sq %d: %s", f->name, sq,
                      v.msg);
                nonlinear += v.kind == BB_TRACE_NONLINEAR_KIND;
                for (int s = 0; s < r.nstates; s++) meet += r.state[s].overlap != 0;
            } else {
                CHECK(v.kind == BB_TRACE_GATHER, "%s sq %d: %s", f->name, sq, v.msg);
            }
            bb_trace_result_free(&r);
            int shift = rook ? BB__ROOK_MAGIC_SHIFT : BB__BISHOP_MAGIC_SHIFT;
            uint64_t occ = 0, limit = (uint64_t)1 << (pext ? bb_popcount(m->mask) : 64 - shift);
            do { /* every subset of the mask (Carry-Rippler) */
                uint64_t idx = eval1(p, occ);
                uint64_t want = rook ? bb_rook_attacks_naive(sq, occ) : bb_bishop_attacks_naive(sq, occ);
                CHECK(idx < limit, "%s sq %d: index %llu", f->name, sq, (unsigned long long)idx);
                if (idx >= limit) break;
                uint64_t got = pext ? (rook ? bb__rook_pext_table : bb__bishop_pext_table)[m->pext_offset + idx]
                                    : (rook ? bb__rook_magic_table : bb__bishop_magic_table)[m->offset + idx];
                if (got != want) {
                    CHECK_EQ64(got, want, "%s sq %d occ %016llx", f->name, sq, (unsigned long long)occ);
                    break;
                }
                occ = (occ - m->mask) & m->mask;
            } while (occ);
            bb_trace_free(p);
        }
        if (!pext) CHECK(nonlinear > 0 && meet > 0, "%s: %d squares with a carry into the index, %d meet", f->name,
                         nonlinear, meet);
    }
}

/* Othello by shifts: each direction's run form, kept when a p disc ends it
 * (the selection the tracer has no operation for), gives the compiled flips;
 * and the lookup method's line gathers are the line forms. */
static const struct { int left, s; } odir[8] = {{1, 8}, {0, 8}, {1, 1}, {0, 1}, {1, 7}, {0, 7}, {1, 9}, {0, 9}};
static const char *const odir_name[8] = {"north", "south", "east", "west", "northwest", "southeast", "northeast",
                                         "southwest"};
static void othello_from_its_pieces(void)
{
    uint64_t st = 17;
    for (int sq = 0; sq < 64; sq++) {
        bb_trace_program *run[8];
        int ok = 1;
        for (int d = 0; d < 8; d++) {
            char name[64];
            snprintf(name, sizeof name, "othello_run_%s", odir_name[d]);
            run[d] = program_of(form(name), sq);
            ok &= run[d] != NULL;
        }
        bb_trace_program *ex[4], *dep[4];
        static const char *const ex_names[4] = {"line_extract_lookup_rank", "line_extract_mul_file",
                                                "line_extract_lookup_diagonal", "line_extract_lookup_antidiagonal"};
        static const char *const dep_names[4] = {"line_deposit_lookup_rank", "line_deposit_mul_file",
                                                 "line_deposit_lookup_diagonal", "line_deposit_lookup_antidiagonal"};
        for (int l = 0; l < 4; l++) {
            ex[l] = program_of(form(ex_names[l]), sq);
            dep[l] = program_of(form(dep_names[l]), sq);
            ok &= ex[l] && dep[l];
        }
        for (int k = 0; ok && k < 400; k++) {
            uint64_t p = bbt_board(&st), o = bbt_board(&st) & ~p, m = (uint64_t)1 << sq;
            if (k & 1) p &= ~m, o &= ~m; /* mostly an empty square */
            uint64_t in[BB_TRACE_MAX_VARS] = {p, o, 0, 0}, flips = 0;
            for (int d = 0; d < 8; d++) {
                uint64_t g = bb_trace_eval(run[d], in) | m;
                uint64_t beyond = (odir[d].left ? g << odir[d].s : g >> odir[d].s) & p;
                if (beyond) flips |= g & ~m;
            }
            if ((p | o) & m) flips = 0;
            CHECK_EQ64(flips, bb_othello_flips_shifts(p, o, sq), "shifts sq %d p %016llx o %016llx", sq,
                       (unsigned long long)p, (unsigned long long)o);
            /* the lookup method: x is sq's place on each line */
            uint64_t lf = 0;
            for (int l = 0; l < 4; l++) {
                unsigned x = l == BB_LINE_FILE ? (unsigned)sq >> 3 : (unsigned)sq & 7;
                unsigned pl = (unsigned)eval1(ex[l], p), ol = (unsigned)eval1(ex[l], o);
                unsigned out = bb__othello_outflank[64 * x + ((ol >> 1) & 63)] & pl;
                lf |= eval1(dep[l], bb__othello_flipped[256 * x + out]);
            }
            if ((p | o) & m) lf = 0;
            CHECK_EQ64(lf, bb_othello_flips_lookup(p, o, sq), "lookup sq %d", sq);
        }
        for (int d = 0; d < 8; d++) bb_trace_free(run[d]);
        for (int l = 0; l < 4; l++) bb_trace_free(ex[l]), bb_trace_free(dep[l]);
    }
}

/* The whole-board forms' 128 input bits cannot be exhausted: they are
 * checked against their definitions on random inputs. */
static void whole_board_forms_sampled(void)
{
    uint64_t st = 19;
    int seen = 0;
    for (int i = 0; i < bb_trace_library_count(); i++) {
        const bb_trace_form *f = bb_trace_library(i);
        if (!too_wide(f)) continue;
        seen++;
        bb_trace_program *p = program_of(f, 0);
        if (!p) continue;
        for (int k = 0; k < BBT_RANDOM_BOARDS / 20; k++) {
            uint64_t in[BB_TRACE_MAX_VARS];
            random_inputs(f, &st, in);
            if (k % 3 == 0) in[0] &= bbt_next(&st) & bbt_next(&st); /* few sliders */
            uint64_t got = bb_trace_eval(p, in), want = f->definition(in, NULL);
            if (got != want) {
                CHECK_EQ64(got, want, "%s on %016llx %016llx", f->name, (unsigned long long)in[0],
                           (unsigned long long)in[1]);
                break;
            }
        }
        bb_trace_free(p);
    }
    CHECK(seen == 3, "%d whole-board forms", seen);
}

/* ---- Verdicts ------------------------------------------------------------------------------ */
static void verdicts(void)
{
    /* (a deposit onto a full line, d4's diagonal, spreads the low 8 bits) */
    static const struct { const char *name; int sq; bb_trace_kind kind; } want[] = {
        {"flip_vertical", -1, BB_TRACE_PERMUTATION},       {"flip_horizontal", -1, BB_TRACE_PERMUTATION},
        {"rotate_cw_gfni", -1, BB_TRACE_PERMUTATION},      {"pseudo_rotate45_ccw", -1, BB_TRACE_PERMUTATION},
        {"rotated45", -1, BB_TRACE_PERMUTATION},           {"unrotated315_pext", -1, BB_TRACE_PERMUTATION},
        {"line_extract_mul_file", 20, BB_TRACE_GATHER},     {"line_extract_pext_antidiagonal", 20, BB_TRACE_GATHER},
        {"line_deposit_mul_diagonal", 27, BB_TRACE_SCATTER}, {"mirror_byte_mul", -1, BB_TRACE_GATHER},
        {"hyperbola_file", 20, BB_TRACE_NONLINEAR_KIND},   {"rook_kogge_stone", 20, BB_TRACE_NONLINEAR_KIND},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        const bb_trace_form *f = form(want[i].name);
        if (!f) continue;
        bb_trace_program *p = program_of(f, want[i].sq < 0 ? 0 : want[i].sq);
        if (!p) continue;
        bb_trace_result r;
        bb_trace_verdict v;
        CHECK(bb_trace_run(p, NULL, &r) == 0, "%s: run", f->name);
        bb_trace_judge(&r, &v);
        CHECK(v.kind == want[i].kind, "%s: %s, want %s (%s)", f->name, bb_trace_kind_name(v.kind),
              bb_trace_kind_name(want[i].kind), v.msg);
        bb_trace_result_free(&r);
        bb_trace_free(p);
    }
}

/* ---- A wrong program is caught ---------------------------------------------------------------
 * Each of these differs from a form in one constant; the prover must find a
 * counterexample on which the program and the definition really differ. */
static void wrong_programs_caught(void)
{
    static const struct { const char *form, *program; int sq; } bad[] = {
        /* flip_diagonal with the last swap's mask one bit short */
        {"flip_diagonal", "dswap 0x00000000F0F0F0F0 28; dswap 0x0000CCCC0000CCCC 14; dswap 0x00AA00AA00AA002A 7", -1},
        /* the file gathered with a multiplier whose partial products collide */
        {"line_extract_mul_file", "x >> 4 & 0x0101010101010101; * 0x0102040810204081; >> 56", 20},
        /* hyperbola quintessence without the byte-swapped half */
        {"hyperbola_file", "let o = x & 0x1010101010001010; o - 0x100000 ^ o & 0x1010101010001010", 20},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        const bb_trace_form *f = form(bad[i].form);
        bb_parse_error err;
        bb_trace_program *p = bb_trace_parse(bad[i].program, &err);
        CHECK(p != NULL, "%s: %s", bad[i].program, p ? "" : err.msg);
        if (!f || !p) continue;
        int sq = bad[i].sq;
        bb_trace_proof proof;
        int r = bb_trace_prove(p, f->definition, sq < 0 ? NULL : &sq, &proof);
        CHECK(r == 1, "%s: caught (%d: %s)", bad[i].form, r, proof.msg);
        if (r == 1) {
            CHECK(bb_trace_eval(p, proof.counterexample) != f->definition(proof.counterexample, sq < 0 ? NULL : &sq),
                  "%s: the counterexample is one", bad[i].form);
            CHECK(proof.got == bb_trace_eval(p, proof.counterexample), "%s: got", bad[i].form);
        }
        bb_trace_free(p);
    }
}

int main(void)
{
    RUN(the_list);
    RUN(definitions_are_the_references);
    RUN(proofs);
    RUN(proof_methods);
    RUN(compiled_agrees);
    RUN(compiled_are_the_library);
    RUN(kindergarten_from_its_pieces);
    RUN(hyperbola_from_its_pieces);
    RUN(magic_and_pext_indices);
    RUN(othello_from_its_pieces);
    RUN(whole_board_forms_sampled);
    RUN(verdicts);
    RUN(wrong_programs_caught);
    return bbt_finish("trace_forms");
}
