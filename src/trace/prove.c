/* Proofs of a program against a definition (bb_trace_prove): symbolic for a
 * program linear over GF(2), exhaustive over the input bits that matter for
 * a non-linear one. */
#include <string.h>

#include "../core/text.h"
#include "trace_private.h"

/* A linear program in this many input bits or fewer is also exhausted. */
#define BB__TRACE_EXHAUST_LINEAR_BITS 16

static uint64_t mix(uint64_t *state) /* splitmix64: deterministic test inputs */
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Compares the program and the definition at in[]; on a difference fills
 * the counterexample and returns 1. */
static int differs(const bb_trace_program *p, bb_trace_def *def, const void *arg, const uint64_t *in,
                   bb_trace_proof *proof)
{
    uint64_t got = bb_trace_eval(p, in), want = def(in, arg);
    proof->cases++;
    if (got == want) return 0;
    memcpy(proof->counterexample, in, sizeof proof->counterexample);
    proof->got = got;
    proof->want = want;
    return 1;
}

static int fail(const bb_trace_program *p, bb_trace_proof *proof, const char *how)
{
    bb__out_buf o = {proof->msg, sizeof proof->msg, 0};
    bb__put(&o, "counterexample (%s):", how);
    for (int v = 0; v < p->nvars; v++)
        bb__put(&o, " %s = 0x%016llx", p->name[v], (unsigned long long)proof->counterexample[v]);
    bb__put(&o, ": the program gives 0x%016llx, the definition 0x%016llx", (unsigned long long)proof->got,
            (unsigned long long)proof->want);
    return 1;
}

/* Every value of the input bits in support (bits of them), in Gray-code
 * order (one bit changes a case); the other bits on four backgrounds (each
 * case on all four when 2^bits is small, else cycling).  1 at the first
 * difference (the counterexample filled in), else 0; *every says which. */
static int exhaust(const bb_trace_program *p, bb_trace_def *def, const void *arg, const uint64_t *support, int bits,
                   bb_trace_proof *proof, int *every_out)
{
    int nv = p->nvars;
    uint64_t in[BB_TRACE_MAX_VARS] = {0};
    /* Every value of the bits that matter, in Gray-code order (one bit
     * changes a case); the other bits cycle through four backgrounds. */
    int where[BB_TRACE_EXHAUST_MAX_BITS];
    int k = 0;
    for (int v = 0; v < nv; v++)
        for (int s = 0; s < 64; s++)
            if (support[v] >> s & 1) where[k++] = v * 64 + s;
    uint64_t bg[4][BB_TRACE_MAX_VARS] = {{0}}, seed = 0x65786861757374ULL;
    for (int b = 1; b < 4; b++)
        for (int v = 0; v < nv; v++) bg[b][v] = mix(&seed) & ~support[v];
    uint64_t cur[BB_TRACE_MAX_VARS] = {0};
    uint64_t total = 1ULL << bits;
    int every = bits <= 20; /* small enough: every case on all four backgrounds */
    for (uint64_t i = 0; i < total; i++) {
        if (i) {
            int j = bb_popcount((i & (0 - i)) - 1); /* Gray code: flip bit j */
            cur[where[j] >> 6] ^= 1ULL << (where[j] & 63);
        }
        for (int b = every ? 0 : (int)(i & 3); b < (every ? 4 : (int)(i & 3) + 1); b++) {
            for (int v = 0; v < BB_TRACE_MAX_VARS; v++) in[v] = cur[v] | bg[b][v];
            if (differs(p, def, arg, in, proof)) return 1;
        }
    }
    *every_out = every;
    return 0;
}

/* Before refusing: the inputs a wrong program is most often caught on.  Every
 * input with one, two or (while that is at most SMALL_TRIPLES_MAX cases)
 * three of the `bits` support bits set and the rest 0, then with the rest 1,
 * then random inputs, dense and sparse.  1 at the first difference (the
 * counterexample filled in, *how says which kind), else 0 and *tried. */
#define SMALL_TRIPLES_MAX 2000000ULL
static int search_small(const bb_trace_program *p, bb_trace_def *def, const void *arg, const uint64_t *support,
                        int bits, bb_trace_proof *proof, const char **how, int *max_set, uint64_t *tried)
{
    int where[BB_TRACE_MAX_VARS * 64], k = 0, nv = p->nvars;
    for (int v = 0; v < nv; v++)
        for (int s = 0; s < 64; s++)
            if (support[v] >> s & 1) where[k++] = v * 64 + s;
    uint64_t start = proof->cases;
    uint64_t triples = (uint64_t)bits * (uint64_t)(bits - 1) * (uint64_t)(bits - 2) / 6;
    *max_set = triples <= SMALL_TRIPLES_MAX ? 3 : 2;
    static const char *const kinds[4] = {"", "one bit", "two bits", "three bits"};
    /* the fewest bits first: every single bit, then every pair, then every
     * triple, on the other bits 0; then the same on them 1 */
    for (int bg = 0; bg < 2; bg++)
        for (int size = 1; size <= *max_set; size++)
            for (int a = 0; a < k; a++)
                for (int b = size >= 2 ? a + 1 : a; b < (size >= 2 ? k : a + 1); b++)
                    for (int c = size >= 3 ? b + 1 : b; c < (size >= 3 ? k : b + 1); c++) {
                        uint64_t in[BB_TRACE_MAX_VARS] = {0};
                        for (int v = 0; v < nv && bg; v++) in[v] = support[v];
                        in[where[a] >> 6] ^= 1ULL << (where[a] & 63);
                        if (b != a) in[where[b] >> 6] ^= 1ULL << (where[b] & 63);
                        if (c != b) in[where[c] >> 6] ^= 1ULL << (where[c] & 63);
                        if (differs(p, def, arg, in, proof)) {
                            *how = kinds[size];
                            return 1;
                        }
                    }
    uint64_t seed = 0x736d616c6cULL;
    for (int t = 0; t < 65536; t++) {
        uint64_t in[BB_TRACE_MAX_VARS] = {0};
        for (int v = 0; v < nv; v++) {
            in[v] = mix(&seed);
            if (t & 1) in[v] &= mix(&seed) & mix(&seed); /* sparse */
            if (t & 2) in[v] |= mix(&seed) | mix(&seed); /* dense */
        }
        if (differs(p, def, arg, in, proof)) {
            *how = "random input";
            return 1;
        }
    }
    *tried = proof->cases - start;
    return 0;
}

int bb_trace_prove(const bb_trace_program *p, bb_trace_def *def, const void *arg, bb_trace_proof *proof)
{
    BB__ASSERT_NOT_NULL(proof, "proof");
    if (!proof) return -1;
    memset(proof, 0, sizeof *proof);
    bb__out_buf o = {proof->msg, sizeof proof->msg, 0};
    if (!p || !def) {
        bb__put(&o, "refused: no program or no definition");
        return -1;
    }
    bb_trace_result r;
    if (bb_trace_run(p, NULL, &r) != 0) {
        bb__put(&o, "refused: out of memory");
        return -1;
    }
    const bb_trace_bit *f = r.state[r.nstates - 1].bit;
    uint64_t support[BB_TRACE_MAX_VARS] = {0};
    int linear = 1, bits = 0;
    for (int i = 0; i < 64; i++) {
        for (int v = 0; v < BB_TRACE_MAX_VARS; v++) support[v] |= f[i].in[v];
        if (f[i].flags & BB_TRACE_NONLINEAR) linear = 0;
    }
    for (int v = 0; v < BB_TRACE_MAX_VARS; v++) bits += bb_popcount(support[v]);
    proof->bits = bits;
    int nv = p->nvars;
    uint64_t in[BB_TRACE_MAX_VARS] = {0};

    if (linear) {
        /* The program is c ^ (for each input bit set, its column).  An affine
         * definition is fixed by its value at zero and at every single bit;
         * pairs of bits and random inputs check that it is affine. */
        uint64_t c = 0, col[BB_TRACE_MAX_VARS][64];
        for (int i = 0; i < 64; i++) c |= (uint64_t)f[i].konst << i;
        for (int v = 0; v < BB_TRACE_MAX_VARS; v++)
            for (int s = 0; s < 64; s++) {
                col[v][s] = 0;
                for (int i = 0; i < 64; i++) col[v][s] |= (f[i].in[v] >> s & 1) << i;
            }
        bb_trace_result_free(&r);
        proof->method = BB_TRACE_BY_SYMBOLIC;
        uint64_t zero = def(in, arg);
        proof->cases = 1;
        if (zero != c) {
            proof->got = c;
            proof->want = zero;
            return fail(p, proof, "all inputs zero");
        }
        for (int v = 0; v < nv; v++)
            for (int s = 0; s < 64; s++) {
                in[v] = 1ULL << s;
                uint64_t want = def(in, arg);
                proof->cases++;
                if (want != (c ^ col[v][s])) {
                    memcpy(proof->counterexample, in, sizeof in);
                    proof->got = c ^ col[v][s];
                    proof->want = want;
                    return fail(p, proof, "one bit");
                }
                in[v] = 0;
            }
        for (int a = 0; a < nv * 64; a++)
            for (int b = a + 1; b < nv * 64; b++) {
                memset(in, 0, sizeof in);
                in[a >> 6] |= 1ULL << (a & 63);
                in[b >> 6] |= 1ULL << (b & 63);
                if (differs(p, def, arg, in, proof)) return fail(p, proof, "two bits");
            }
        uint64_t seed = 0x7472616365ULL;
        for (int t = 0; t < 4096; t++) {
            for (int v = 0; v < BB_TRACE_MAX_VARS; v++) in[v] = v < nv ? mix(&seed) : 0;
            if (t & 1) /* sparse inputs too */
                for (int v = 0; v < nv; v++) in[v] &= mix(&seed) & mix(&seed);
            if (differs(p, def, arg, in, proof)) return fail(p, proof, "random input");
        }
        /* few bits: every value of them too, exact for any definition that
         * reads only those bits */
        int every = 0, small = bits <= BB__TRACE_EXHAUST_LINEAR_BITS;
        if (small && exhaust(p, def, arg, support, bits, proof, &every)) return fail(p, proof, "exhaustion");
        bb__put(&o,
                "proven for every input: linear over GF(2) in %d input bits; the definition agrees at zero, at "
                "every single bit, every pair and %d random inputs%s",
                bits, 4096, small ? ", and on every value of those bits" : " (exact for an affine definition)");
        return 0;
    }
    bb_trace_result_free(&r);
    if (bits > BB_TRACE_EXHAUST_MAX_BITS) {
        /* too many to try them all: look for a small counterexample first */
        const char *how = NULL;
        int max_set;
        uint64_t tried = 0;
        if (search_small(p, def, arg, support, bits, proof, &how, &max_set, &tried)) return fail(p, proof, how);
        bb__put(&o, "refused: not linear, and the output depends on %d input bits (", bits);
        for (int v = 0; v < nv; v++)
            bb__put(&o, "%s%s: %d", v ? ", " : "", p->name[v], bb_popcount(support[v]));
        bb__put(&o, "); exhaustion stops at 2^%d; no counterexample among the %llu inputs with up to %d of those bits "
                    "set (on 0 and on 1) and 65536 random ones",
                BB_TRACE_EXHAUST_MAX_BITS, (unsigned long long)(tried - 65536), max_set);
        return -1;
    }
    proof->method = BB_TRACE_BY_EXHAUSTION;
    int every;
    if (exhaust(p, def, arg, support, bits, proof, &every)) return fail(p, proof, "exhaustion");
    uint64_t total = 1ULL << bits;
    bb__put(&o,
            "proven for every input: by exhaustion of the %d input bits the output depends on (%llu values; "
            "the other bits %s)",
            bits, (unsigned long long)total, every ? "on 4 backgrounds each" : "cycling through 4 backgrounds");
    return 0;
}
