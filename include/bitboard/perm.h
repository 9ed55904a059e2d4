/* bitboard/perm.h - the permutation compiler: any map of the 64 squares to
 * the cheapest program the tracer can prove, for a target CPU.  Included by
 * <bitboard.h>.  How it works, the cost models and what wins where:
 * docs/PERM.md.
 *
 * A map says, for every square s (bit s of the input), where its bit goes:
 * to[s] = 0..63, or BB_PERM_ANY (-1) where the caller does not care what
 * becomes of it.  No two squares may go to the same place.  Output bits that
 * no square names (a partial map) may hold anything.  A program computes the
 * map when, for every input, every named output bit equals its source bit.
 *
 * The compiler tries several strategies (docs/PERM.md), prices each candidate
 * under the target's cost model, keeps the cheapest, and then has the tracer
 * prove it (bb_trace_prove against the map; for a partial map the program
 * followed by `& M`, M the named outputs, against the map's gather masked
 * the same way).  A program the tracer cannot prove is never returned.
 *
 * Contents (each name: what it returns; what it requires)
 *   bb_perm_map                     a map: to[64], BB_PERM_ANY where it does not matter
 *   BB_PERM_ANY                     -1
 *   bb_perm_target                  the targets, values 0..4 in this order:
 *   BB_PERM_PORTABLE                  64-bit scalar: and/or/xor, shifts, rotates, bswap, multiply, delta swaps
 *   BB_PERM_BMI2                      adds pext and pdep
 *   BB_PERM_GFNI                      adds gf2p8affine and the byte shuffle (bshuf)
 *   BB_PERM_AVX512                    adds bitgather (vpshufbitqmb): any map in one instruction
 *   BB_PERM_ARRAY                     8 boards at a time in AVX-512 lanes: cost per board
 *   BB_PERM_TARGET_COUNT            5
 *   bb_perm_target_name(t)          "portable", "bmi2", "gfni", "avx512", "array"; NULL if t is not 0..4
 *   bb_perm_target_from_name(name, t)  0 and *t for a name as above (any case), else -1; t not NULL
 *   bb_perm_target_allows(t, op)    1 if programs for t may use the tracer operation op, else 0
 *   bb_perm_cost                    a program's price: latency (cycles), uops, the target's
 *                                   figure of merit (cost), and whether the target can run it
 *   bb_perm_price(p, t, c)          prices program p under t's model into *c; 0, or -1 if p
 *                                   uses an operation t lacks (c->feasible 0); p, c not NULL
 *   bb_perm_parse(text, map, err)   reads a map: 64 entries (a number 0..63, a square a1..h8, or
 *                                   '-'), separated by spaces or commas, or the name of a
 *                                   library transform (bb_perm_named); 0, or -1 and *err naming
 *                                   the entry (a square used twice, too few or too many entries,
 *                                   a bad entry); map not NULL
 *   bb_perm_check_map(map, err)     0 if every entry is -1 or 0..63 and no two share a place,
 *                                   else -1 and *err naming the first bad entry; map not NULL
 *   bb_perm_named_count()           the number of library transforms with a name
 *   bb_perm_named_name(i, buf, size)  the name of transform i (line gathers: "line_rank_e4"), as
 *                                   snprintf; i 0..count-1 (else writes nothing, returns 0)
 *   bb_perm_named(name, map)        0 and *map for a library transform's name, else -1:
 *                                   the 8 symmetries, the 4 pseudo-rotations and their
 *                                   inverses' names, the numbering conversions lerf_to_M and
 *                                   M_to_lerf, Hyatt's rotated90/45/315 and unrotated...,
 *                                   the line gathers line_{rank,file,diagonal,antidiagonal}_SQ
 *                                   (the line through SQ into bits 0..k-1) and their deposits
 *                                   deposit_{...}_SQ; map not NULL
 *   bb_perm_named_forms(name, forms, max)  the library's own tracer forms for that transform
 *                                   (their names), at most max; the number found
 *   bb_perm_from_program(p, map, err)  the map a tracer program computes (it must move bits:
 *                                   a permutation or a gather of input x); 0, or -1 and *err
 *   bb_perm_apply(map, x)           the map applied to x by a loop over the squares (the slow
 *                                   reference): bits with BB_PERM_ANY dropped; map not NULL
 *   bb_perm_inverse(map, inv)       the inverse map (a bit at to[s] goes back to s); map, inv not NULL
 *   bb_perm_is_full(map)            1 if every square has a place (a permutation), else 0
 *   bb_perm_report                  what bb_perm_compile did: strategy, cost, proof, tries
 *   bb_perm_compile(map, t, program, report)  compiles map for target t: 0 and *program (free it
 *                                   with bb_trace_free) proved by the tracer, or -1 (bad map,
 *                                   out of memory; report->msg says); map, program, report not NULL
 *   bb_perm_compile_using(map, t, strategy, program, report)  the same with one strategy only
 *                                   (a name below; NULL: all); -1 if it does not apply
 *   bb_perm_strategy_count()        8: the strategies, in this order: "search", "groups",
 *                                   "barrel", "pext", "multiply", "benes", "bitgather", "library"
 *   bb_perm_strategy_name(i)        strategy i's name; NULL if i is out of range
 *   bb_perm_prove(p, map, proof)    the tracer's proof that program p computes map (partial maps:
 *                                   on the named outputs); as bb_trace_prove: 0 proven, 1 with a
 *                                   counterexample, -1 refused; all not NULL
 *   bb_perm_program_text(buf, size, p)  p as program text, one statement a line (a let ends
 *                                   its line); bitboard trace reads it back; like snprintf
 *   BB_PERM_C_PORTABLE              emit flag: only portable C (no intrinsics, any C compiler)
 *   bb_perm_emit_c(buf, size, p, map, t, fname, flags)  a static inline C function computing
 *                                   program p, its comment stating the map, the target and the
 *                                   proof; like snprintf; p, map, fname not NULL
 *
 * Example:
 *   bb_perm_map m; bb_trace_program *p; bb_perm_report r;
 *   bb_perm_named("flip_diagonal", &m);
 *   if (bb_perm_compile(&m, BB_PERM_PORTABLE, &p, &r) == 0) { ... bb_trace_free(p); }          */
#ifndef BITBOARD_PERM_H
#define BITBOARD_PERM_H

#include "core.h"
#include "io.h"
#include "trace.h"

#ifdef __cplusplus
extern "C" {
#endif

#define BB_PERM_ANY (-1)

typedef struct {
    signed char to[64]; /* square s's bit goes to bit to[s], or BB_PERM_ANY */
} bb_perm_map;

typedef enum { BB_PERM_PORTABLE, BB_PERM_BMI2, BB_PERM_GFNI, BB_PERM_AVX512, BB_PERM_ARRAY } bb_perm_target;
#define BB_PERM_TARGET_COUNT 5

typedef struct {
    double latency; /* cycles from the input to the result along the longest dependency chain */
    double uops;    /* micro-operations (a scalar target: per call; array: per board) */
    double cost;    /* the figure the compiler minimises: scalar targets the larger of the latency and
                       the busiest resource's cycles (uops/4, multiply+pext+pdep, shifts/2); array uops */
    int steps;      /* the program's steps (lets included) */
    int feasible;   /* 1 if the target has every operation of the program */
} bb_perm_cost;

typedef struct {
    const char *strategy;  /* the winning strategy's name ("benes", "search", ...) */
    bb_perm_cost cost;     /* its price under the target's model */
    bb_trace_proof proof;  /* the tracer's proof */
    int candidates;        /* candidate programs priced */
    int full;              /* 1 if the map was a full permutation */
    int swaps;             /* the delta swaps of the map's Benes network (at most 11), won or not */
    int rejected;          /* candidates that did not compute the map (on single bits, a few boards, or
                              the tracer's proof): 0 unless a strategy has a bug */
    char msg[256];         /* on failure: why; on success: one line saying what won */
    uint64_t reserved_[4]; /* written 0: room for later reports without an ABI break */
} bb_perm_report;

const char *bb_perm_target_name(bb_perm_target t);
int bb_perm_target_from_name(const char *name, bb_perm_target *t);
int bb_perm_target_allows(bb_perm_target t, bb_trace_op op);
int bb_perm_price(const bb_trace_program *p, bb_perm_target t, bb_perm_cost *c);
int bb_perm_parse(const char *text, bb_perm_map *map, bb_parse_error *err);
int bb_perm_check_map(const bb_perm_map *map, bb_parse_error *err);
int bb_perm_named_count(void);
size_t bb_perm_named_name(int i, char *buf, size_t size);
int bb_perm_named(const char *name, bb_perm_map *map);
int bb_perm_named_forms(const char *name, const char **forms, int max);
int bb_perm_from_program(const bb_trace_program *p, bb_perm_map *map, bb_parse_error *err);
uint64_t bb_perm_apply(const bb_perm_map *map, uint64_t x);
void bb_perm_inverse(const bb_perm_map *map, bb_perm_map *inv);
int bb_perm_is_full(const bb_perm_map *map);
int bb_perm_compile(const bb_perm_map *map, bb_perm_target t, bb_trace_program **program, bb_perm_report *report);
int bb_perm_compile_using(const bb_perm_map *map, bb_perm_target t, const char *strategy,
                          bb_trace_program **program, bb_perm_report *report);
int bb_perm_strategy_count(void);
const char *bb_perm_strategy_name(int i);
int bb_perm_prove(const bb_trace_program *p, const bb_perm_map *map, bb_trace_proof *proof);

size_t bb_perm_program_text(char *buf, size_t size, const bb_trace_program *p);
enum { BB_PERM_C_PORTABLE = 1 };
size_t bb_perm_emit_c(char *buf, size_t size, const bb_trace_program *p, const bb_perm_map *map, bb_perm_target t,
                      const char *fname, unsigned flags);

#ifdef __cplusplus
}
#endif

#endif /* BITBOARD_PERM_H */
