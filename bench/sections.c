/* The benchmark sections, in the order `make bench` runs them. */
#include "bench.h"

void bench_sym(const bench_opts *o);
void bench_sym_array(const bench_opts *o);
void bench_lines(const bench_opts *o);
void bench_canonical(const bench_opts *o);
void bench_attacks(const bench_opts *o);
void bench_othello(const bench_opts *o);
void bench_othello_positions(const bench_opts *o);
void bench_othello_solve(const bench_opts *o);
void bench_othello_search(const bench_opts *o);
void bench_chess(const bench_opts *o);
void bench_pgn(const bench_opts *o);
void bench_perm(const bench_opts *o);

const bench_section bench_sections[] = {
    {"sym", bench_sym, "the 8 symmetries, one board at a time"},
    {"sym-array", bench_sym_array, "bb_sym_apply_array over L1-resident and DRAM-sized arrays"},
    {"canonical", bench_canonical, "canonical forms: scalar (one board or pair) and arrays"},
    {"attacks", bench_attacks, "slider attacks by every method, on positions of random games"},
    {"lines", bench_lines, "lines as 8 bits, byte mirror, pseudo-rotations, rotated boards"},
    {"othello", bench_othello, "Othello flips and moves per method, perft leaves/s at depths 11-13"},
    {"othello-positions", bench_othello_positions, "Othello distinct positions per ply to 10: hash set vs sorted arrays"},
    {"othello-solve", bench_othello_solve, "Othello endgame solver on FFO #40-#44 (BENCH_FFO=40-59): exact, wld, no symmetry, no evaluation"},
    {"othello-search", bench_othello_search, "Othello midgame search to depth 10: the start and random-game positions"},
    {"chess", bench_chess, "chess perft M nodes/s: the kernel, every attack method, the public API, threads, table"},
    {"perm", bench_perm, "compiled permutations: each target's program and each strategy on random maps"},
    {"pgn", bench_pgn, "PGN read with every move resolved and played: games/s, MB/s; threads; strict vs lenient SAN"},
};
const int bench_section_count = (int)(sizeof bench_sections / sizeof bench_sections[0]);
