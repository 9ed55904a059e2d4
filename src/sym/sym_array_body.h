/* The vector loop of bb_sym_apply_array, stamped once per instruction set by
 * src/sym/sym_array.c.  Before including, define:
 *   ISA_NAME         the suffix: bb_sym_apply_array_<ISA_NAME>
 *   ISA_TARGET       the function attribute that enables the instructions
 *   VEC, W           the vector type and the boards it holds
 *   LOADU, STOREU, STREAM(p, v)   unaligned load/store, aligned streaming store
 *   SET1(k), BSWAP_IDX            a broadcast, the byte-swap shuffle control
 *   SHUFFLE(v, idx), GF(d, m)     vpshufb and gf2p8affineqb
 *   TAIL             statement finishing boards i..n (after the main loop)
 * Everything is #undef'd at the end. */

#define BB__CAT2(a, b) a##b
#define BB__CAT(a, b) BB__CAT2(a, b)
#define BB__LOOP_FN BB__CAT(loop_, ISA_NAME)

/* One vector through a recipe (pre, gf and post are constants after inlining). */
#define BB__STEP(v)                                                             \
    do {                                                                        \
        if (pre) v = SHUFFLE(v, bswap_idx);                                     \
        if (gf == 1) v = GF(v, k);                                              \
        else if (gf == 2) v = GF(k, v);                                         \
        if (post) v = SHUFFLE(v, bswap_idx);                                    \
    } while (0)

static inline __attribute__((always_inline)) ISA_TARGET void
BB__LOOP_FN(uint64_t *dst, const uint64_t *src, size_t n, bb_sym s, int pages, int pre, int gf, int post, uint64_t kv)
{
    const VEC bswap_idx = BSWAP_IDX;
    const VEC k = SET1(kv);
    size_t i = 0;
    if (n * sizeof *dst >= BB__BIG_BYTES && pages) {
        /* Memory-bound: walk four 4 KiB pages at once (fewer DRAM page
         * switches) and, when not in place, store around the caches once the
         * output is aligned (no read-for-ownership of the output lines).
         * In place, the four pages pay only on Intel (Xeon, 512 MiB: 90% of an
         * in-place copy's bandwidth without, 104% with); on AMD Zen 5 they
         * cost (75% with, 99-114% without), so there the plain loop below
         * runs (docs/BENCHMARKS.md). */
        enum { PAGE = 4096 / 8 }; /* boards */
        int stream = dst != src;
        if (stream) {
            i = ((sizeof(VEC) - ((uintptr_t)dst & (sizeof(VEC) - 1))) & (sizeof(VEC) - 1)) / 8;
            bb_sym_apply_array_portable(dst, src, i, s);
        }
        for (; i + 4 * PAGE <= n; i += 4 * PAGE)
            for (size_t o = i; o < i + PAGE; o += W) {
                VEC v0 = LOADU(src + o), v1 = LOADU(src + o + PAGE);
                VEC v2 = LOADU(src + o + 2 * PAGE), v3 = LOADU(src + o + 3 * PAGE);
                BB__STEP(v0);
                BB__STEP(v1);
                BB__STEP(v2);
                BB__STEP(v3);
                if (stream) {
                    STREAM(dst + o, v0), STREAM(dst + o + PAGE, v1);
                    STREAM(dst + o + 2 * PAGE, v2), STREAM(dst + o + 3 * PAGE, v3);
                } else {
                    STOREU(dst + o, v0), STOREU(dst + o + PAGE, v1);
                    STOREU(dst + o + 2 * PAGE, v2), STOREU(dst + o + 3 * PAGE, v3);
                }
            }
        if (stream) _mm_sfence(); /* streaming stores are weakly ordered */
    }
    for (; i + 2 * W <= n; i += 2 * W) {
        VEC a = LOADU(src + i), b = LOADU(src + i + W);
        BB__STEP(a);
        BB__STEP(b);
        STOREU(dst + i, a);
        STOREU(dst + i + W, b);
    }
    TAIL
}

/* pages: whether big arrays go four pages at a time (above). */
ISA_TARGET void BB__CAT(bb__sym_apply_array_paged_, ISA_NAME)(uint64_t *dst, const uint64_t *src, size_t n, bb_sym s,
                                                              int pages)
{
#define LOOP(pre, gf, post, k) BB__LOOP_FN(dst, src, n, s, pages, pre, gf, post, k)
    BB__FOR_EACH_RECIPE(LOOP)
#undef LOOP
}

ISA_TARGET void BB__CAT(bb_sym_apply_array_, ISA_NAME)(uint64_t *dst, const uint64_t *src, size_t n, bb_sym s)
{
    BB__CAT(bb__sym_apply_array_paged_, ISA_NAME)(dst, src, n, s, dst != src || bb_cpu_has(BB__CPU_PAGES_IN_PLACE));
}

#undef BB__STEP
#undef BB__LOOP_FN
#undef BB__CAT
#undef BB__CAT2
#undef ISA_NAME
#undef ISA_TARGET
#undef VEC
#undef W
#undef LOADU
#undef STOREU
#undef STREAM
#undef SET1
#undef BSWAP_IDX
#undef SHUFFLE
#undef GF
#undef TAIL
