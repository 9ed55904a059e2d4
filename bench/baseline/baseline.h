/* Earlier releases' code, kept as benchmark baselines (compiled with the
 * library's flags by the Makefile, as they shipped). */
#ifndef BB_BENCH_BASELINE_H
#define BB_BENCH_BASELINE_H

#include "bitboard.h"

uint64_t v010_canonical(uint64_t x, bb_sym *used);
void v010_canonical_pair(uint64_t *p, uint64_t *o, bb_sym *used);

#endif
