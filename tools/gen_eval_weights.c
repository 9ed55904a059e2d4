/* gen_eval_weights - writes the Othello evaluation's weights as constant C,
 * from their file in data/othello/, so that they sit in the library's
 * read-only data (nothing reads a file or fills a table at run time):
 *
 *   build/tools/gen_eval_weights staged data/othello/eval.bin -o FILE.c
 *   build/tools/gen_eval_weights solver data/othello/eval_solver.bin -o FILE.c
 *   build/tools/gen_eval_weights packed data/othello/eval.bin -o FILE.c
 *
 * staged: the 10 sets by stage of the game, bb__othello_eval_weights; solver:
 * the exact solver's one set, bb__othello_solver_weights (src/othello/eval.h);
 * packed: the 10 sets in the packed form the WebAssembly build carries,
 * bb__othello_eval_packed (src/othello/eval_pack.h), refused if two mirror
 * images of a configuration have different weights (the form keeps one).
 * The file is checked (tools/eval_file.h: its header against eval.h, its
 * size, its checksum): a damaged, cut or foreign file stops the build with
 * "gen_eval_weights: FILE: what is wrong" and status 1, so no build carries
 * a weight that is not the trained one.  The Makefile and CMakeLists.txt
 * run it into <build>/gen/ (never committed); tests/build.sh feeds it bad
 * files. */
#include "eval_file.h"

static int usage(void)
{
    fprintf(stderr, "usage: gen_eval_weights staged|solver|packed FILE.bin -o FILE.c\n");
    return 2;
}

/* The weights w (BB__EVAL_STAGES sets) packed (eval_pack.h) into a new
 * buffer of *size bytes, or NULL with what is wrong in err (of size n). */
static unsigned char *pack(const int16_t *w, size_t *size, char *err, size_t n)
{
    enum { S = BB__EVAL_STAGES };
    static const uint64_t masks[BB__EVAL_PATTERNS] = {BB__EVAL_MASKS};
    bb__eval_walk m;
    size_t stored = BB__EVAL_SCALARS, cap = BB__EVAL_PACK_FIXED + 4 * S;
    for (int j = 0; j < BB__EVAL_PATTERNS; j++)
        for (bb__eval_walk_start(&m, masks[j]); m.index < (int)eval_file_table(masks[j]); bb__eval_walk_next(&m))
            stored += m.least == m.index;
    cap += S * ((stored + 7) / 8 + 3 * stored);
    unsigned char *b = calloc(cap, 1);
    if (!b) return snprintf(err, n, "out of memory (%zu bytes)", cap), NULL;
    unsigned char *at = b + BB__EVAL_PACK_FIXED + 4 * S;
    size_t nonzero = 0;
    for (int s = 0; s < S; s++) {
        const int16_t *ws = w + (size_t)s * BB__EVAL_WEIGHTS;
        unsigned char *bitmap = at, *v = at + (stored + 7) / 8;
        size_t t = 0;
        for (int j = 0, base = 0, count; j <= BB__EVAL_PATTERNS; j++, base += count) {
            count = j < BB__EVAL_PATTERNS ? (int)eval_file_table(masks[j]) : BB__EVAL_SCALARS;
            for (bb__eval_walk_start(&m, j < BB__EVAL_PATTERNS ? masks[j] : 0); m.index < count; bb__eval_walk_next(&m)) {
                int i = m.index, least = m.least, x = ws[base + i];
                if (least != i) {
                    if (x != ws[base + least]) {
                        snprintf(err, n, "stage %d, pattern %d: weight %d is %d, its mirror image %d's %d (the packed form keeps one)",
                                 s, j, i, x, least, ws[base + least]);
                        return free(b), NULL;
                    }
                    continue;
                }
                if (x) {
                    bitmap[t / 8] |= (unsigned char)(1u << t % 8);
                    nonzero++;
                    if (x >= -127 && x <= 127) *v++ = (unsigned char)(x & 0xFF);
                    else *v++ = BB__EVAL_PACK_ESCAPE, eval_file_put(v, (uint16_t)x, 2), v += 2;
                }
                t++;
            }
        }
        eval_file_put(b + BB__EVAL_PACK_FIXED + 4 * s, (uint64_t)(v - at), 4);
        at = v;
    }
    *size = (size_t)(at - b);
    uint32_t sum = 0;
    for (size_t i = 0; i < (size_t)S * BB__EVAL_WEIGHTS; i++) sum = bb__eval_pack_sum(sum, i, w[i]);
    memcpy(b, bb__eval_pack_magic, 8);
    eval_file_put(b + 8, BB__EVAL_PACK_VERSION, 4);
    eval_file_put(b + 16, *size, 4);
    eval_file_put(b + 20, S, 4);
    eval_file_put(b + 24, BB__EVAL_WEIGHTS, 4);
    eval_file_put(b + 28, stored, 4);
    eval_file_put(b + 32, nonzero, 4);
    eval_file_put(b + 36, sum, 4);
    eval_file_put(b + 12, eval_file_crc(b + 16, *size - 16), 4);
    return b;
}

int main(int argc, char **argv)
{
    if (argc != 5 || strcmp(argv[3], "-o") != 0) return usage();
    int packed = !strcmp(argv[1], "packed"), staged = packed || !strcmp(argv[1], "staged");
    if (!staged && strcmp(argv[1], "solver") != 0) return usage();
    const char *in = argv[2], *out = argv[4];
    eval_file e;
    char err[512];
    if (eval_file_read(in, staged ? BB__EVAL_STAGES : 1, &e, err, sizeof err)) {
        fprintf(stderr, "gen_eval_weights: %s\n", err);
        return 1;
    }
    unsigned char *b = NULL;
    size_t size = 0;
    if (packed && !(b = pack(e.w, &size, err, sizeof err))) {
        fprintf(stderr, "gen_eval_weights: %s: %s\n", in, err);
        eval_file_free(&e);
        return 1;
    }
    FILE *f = fopen(out, "w");
    if (!f) {
        free(b);
        fprintf(stderr, "gen_eval_weights: %s: %s\n", out, strerror(errno));
        eval_file_free(&e);
        return 1;
    }
    fprintf(f, "/* Generated by tools/gen_eval_weights.c from %s at build time: the\n"
               " * Othello evaluation's %s (src/othello/eval.h),\n"
               " * in 1/%d of a disc.  Not committed.  Do not edit.\n * ",
            in,
            packed   ? "weights by stage in the packed form of eval_pack.h"
            : staged ? "weights by stage"
                     : "one set for the exact solver's move order",
            BB__EVAL_UNIT);
    for (const char *c = e.notes; *c; c++) {
        if (*c == '\n') fputs(c[1] ? "\n * " : "\n", f);
        else if (*c == '*' && c[1] == '/') fputs("* ", f); /* the comment stays one */
        else putc(*c, f);
    }
    if (!*e.notes || e.notes[strlen(e.notes) - 1] != '\n') putc('\n', f);
    fprintf(f, " */\n#include \"othello/eval.h\"\n\n");
    if (packed) {
        fprintf(f, "const size_t bb__othello_eval_packed_size = %zu;\n", size);
        fprintf(f, "const unsigned char bb__othello_eval_packed[%zu] = {\n", size);
        for (size_t i = 0; i < size; i++) fprintf(f, "%d,%s", b[i], i % 32 == 31 || i == size - 1 ? "\n" : "");
    } else {
        fprintf(f, staged ? "const int16_t bb__othello_eval_weights[BB__EVAL_STAGES][BB__EVAL_WEIGHTS] = {\n"
                          : "const int16_t bb__othello_solver_weights[BB__EVAL_WEIGHTS] = {\n");
        for (int s = 0; s < e.stages; s++) {
            if (staged) fprintf(f, "{ /* stage %d */\n", s);
            for (int i = 0; i < BB__EVAL_WEIGHTS; i++)
                fprintf(f, "%d,%s", e.w[(size_t)s * BB__EVAL_WEIGHTS + (size_t)i],
                        i % 24 == 23 || i == BB__EVAL_WEIGHTS - 1 ? "\n" : "");
            if (staged) fprintf(f, "},\n");
        }
    }
    fprintf(f, "};\n");
    int bad = ferror(f);
    if (fclose(f) != 0) bad = 1;
    if (bad) fprintf(stderr, "gen_eval_weights: %s: cannot write\n", out);
    eval_file_free(&e);
    free(b);
    return bad;
}
