/* The permutation compiler's programs, timed: for 4 seeded random
 * permutations of the 64 squares, the C that `bitboard perm compile` emits
 * for each target (the cheapest program under the target's cost model), and
 * each strategy forced alone: the Benes network of delta swaps (portable),
 * the bit groups moved by rotates (portable), the pext/pdep chains (BMI2)
 * and the one-instruction AVX-512 gather (vpshufbitqmb).  Latency: a chain
 * x = f(x); throughput: independent boards.  The functions are generated at
 * build time (tools/perm_bench.sh into $(BUILD)/gen/perm_bench.h), each in
 * the #if of the instructions it needs. */
#include <stdio.h>
#include <stdlib.h>

#include "bench.h"
#include "bitboard.h"
#include "perm_bench.h"

BENCH_SCALAR_FNS(b_lib_flip_diagonal, bb_flip_diagonal_portable)
BENCH_SCALAR_FNS(b_lib_flip_antidiagonal, bb_flip_antidiagonal_portable)
BENCH_SCALAR_FNS(b_lib_rotate_cw, bb_rotate_cw_portable)
BENCH_SCALAR_FNS(b_lib_rotate_ccw, bb_rotate_ccw_portable)
static const struct {
    void (*lat)(void *), (*thr)(void *);
} library[] = {{b_lib_flip_diagonal_lat, b_lib_flip_diagonal_thr},
               {b_lib_flip_antidiagonal_lat, b_lib_flip_antidiagonal_thr},
               {b_lib_rotate_cw_lat, b_lib_rotate_cw_thr},
               {b_lib_rotate_ccw_lat, b_lib_rotate_ccw_thr}};

void bench_perm(const bench_opts *o)
{
    uint64_t *boards = malloc(BENCH_THR_N * sizeof *boards), st = 7;
    if (!boards) return;
    for (int i = 0; i < BENCH_THR_N; i++) boards[i] = bench_rand(&st);
    bench_scalar_ctx c = {0x0123456789ABCDEFULL, 0, boards, 0};
    bench_table_header("Compiled permutations (bitboard perm compile), random maps",
                       "Each map's program per target (the cost model's choice) and per strategy forced "
                       "alone; C emitted by the compiler, proved by the tracer, compiled with the build's "
                       "flags. BitPermutations.jl publishes 31 ns (Benes) and 11 ns (GRP with BMI2) per "
                       "random 64-bit permutation on a Haswell.");
    for (const struct perm_bench_fn *f = perm_bench_fns; f->lat; f++) {
        char op[32], impl[48];
        snprintf(op, sizeof op, "random map %d", f->map);
        snprintf(impl, sizeof impl, "%s: %s", f->target, f->strategy);
        bench_stat l = bench_time(o, f->lat, &c, BENCH_LAT_N);
        bench_stat t = bench_time(o, f->thr, &c, BENCH_THR_N);
        bench_row(op, impl, &l, &t);
    }
    bench_table_header("Compiled symmetries beside the library's portable code",
                       "The compiler's portable program (shifts and masks where the library uses delta swaps) "
                       "and the library's own portable function, alternating.");
    for (int i = 0; perm_bench_named[i].name && i < (int)(sizeof library / sizeof library[0]); i++) {
        bench_stat l = bench_time(o, perm_bench_named[i].lat, &c, BENCH_LAT_N);
        bench_stat t = bench_time(o, perm_bench_named[i].thr, &c, BENCH_THR_N);
        bench_row(perm_bench_named[i].name, "compiled (portable)", &l, &t);
        l = bench_time(o, library[i].lat, &c, BENCH_LAT_N);
        t = bench_time(o, library[i].thr, &c, BENCH_THR_N);
        bench_row(perm_bench_named[i].name, "library _portable", &l, &t);
    }
    free(boards);
}
