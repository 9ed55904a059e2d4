/* The permutation compiler's cost models (docs/PERM.md "Cost models"): what
 * each tracer operation costs on each target, and a program's price: the
 * longest dependency chain through its steps (latency) and its
 * micro-operations.
 *
 * The figures are the larger of Intel Ice Lake's and AMD Zen 4's (uops.info,
 * Agner Fog's tables), rounded: a model for choosing between programs, not a
 * prediction of cycles; make bench measures the programs themselves. */
#include <stdint.h>
#include <string.h>

#include "perm_private.h"

/* Which targets have which operations (the targets nest: each adds to the one before). */
int bb_perm_target_allows(bb_perm_target t, bb_trace_op op)
{
    if ((unsigned)t >= BB_PERM_TARGET_COUNT || (unsigned)op >= BB_TRACE_OP_COUNT) return 0;
    switch (op) {
    case BB_TRACE_PEXT: case BB_TRACE_PDEP: return t >= BB_PERM_BMI2;
    case BB_TRACE_GF2P8AFFINE: case BB_TRACE_BSHUF: return t >= BB_PERM_GFNI;
    case BB_TRACE_BITGATHER: return t >= BB_PERM_AVX512;
    default: return 1;
    }
}

enum { GPR, VEC, NDOM };
enum { ANY_DOMAIN, VEC_ONLY, GPR_ONLY };

typedef struct { double lat, uops; } oc;

/* A scalar target's price of op in a general-purpose register (dom GPR) or
 * a vector register (dom VEC); for bitgather the input is a vector and the
 * result a general register (the mask moved out with kmovq). */
static oc scalar_cost(bb_trace_op op, int dom, bb_perm_target t, int var_operand)
{
    switch (op) {
    case BB_TRACE_LOAD: case BB_TRACE_LET: return (oc){0, 0};
    case BB_TRACE_ANDNOT:
        /* andn is BMI1 (every target but portable); portable: not, then and */
        if (var_operand && t == BB_PERM_PORTABLE && dom == GPR) return (oc){2, 2};
        return (oc){1, 1};
    case BB_TRACE_ROL: case BB_TRACE_ROR:
        if (dom == VEC && t < BB_PERM_AVX512) return (oc){2, 3}; /* no vprolq: two shifts and an or */
        return (oc){1, 1};
    case BB_TRACE_MUL: return (oc){3, 1};
    case BB_TRACE_PEXT: case BB_TRACE_PDEP: return (oc){3, 1};
    case BB_TRACE_DSWAP:
        /* t = ((v >> N) ^ v) & C; v ^ t ^ (t << N): six operations, five deep;
         * AVX-512's vpternlogq does the two xors (and the xor-and) in one */
        if (dom == VEC && t >= BB_PERM_AVX512) return (oc){4, 4};
        return (oc){5, 6};
    case BB_TRACE_GF2P8AFFINE: return (oc){5, 1};
    case BB_TRACE_BSHUF: return (oc){1, 1};
    case BB_TRACE_BITGATHER: return (oc){6, 2}; /* vpshufbitqmb 3, kmovq 3 */
    default: return (oc){1, 1}; /* and or xor shifts bswap neg not add sub */
    }
}

/* The array target: micro-operations per 8 boards in one zmm register. */
static double array_uops(bb_trace_op op)
{
    switch (op) {
    case BB_TRACE_LOAD: case BB_TRACE_LET: return 0;
    case BB_TRACE_MUL: return 3;                        /* vpmullq */
    case BB_TRACE_PEXT: case BB_TRACE_PDEP: return 24;  /* no vector form: 8 scalar, 16 moves */
    case BB_TRACE_DSWAP: return 4;                      /* vpsrlq, vpternlogq, vpsllq, vpternlogq */
    case BB_TRACE_BITGATHER: return 18;                 /* 8 vpshufbitqmb, 8 kmovq, 2 to combine */
    default: return 1;                                  /* bswap is a vpshufb */
    }
}
static double array_lat(bb_trace_op op)
{
    switch (op) {
    case BB_TRACE_LOAD: case BB_TRACE_LET: return 0;
    case BB_TRACE_MUL: return 15;
    case BB_TRACE_PEXT: case BB_TRACE_PDEP: return 9;
    case BB_TRACE_DSWAP: return 4;
    case BB_TRACE_GF2P8AFFINE: return 5;
    case BB_TRACE_BITGATHER: return 9;
    default: return 1;
    }
}

static int domain_rule(bb_trace_op op)
{
    switch (op) {
    case BB_TRACE_GF2P8AFFINE: case BB_TRACE_BSHUF: case BB_TRACE_BITGATHER: return VEC_ONLY;
    case BB_TRACE_MUL: case BB_TRACE_PEXT: case BB_TRACE_PDEP: case BB_TRACE_BSWAP: return GPR_ONLY;
    default: return ANY_DOMAIN;
    }
}

/* 1 if op's constant operand is a value (not a shift count): a mask, a
 * multiplier, a matrix, a control. */
static int op_has_constant(bb_trace_op op)
{
    switch (op) {
    case BB_TRACE_AND: case BB_TRACE_OR: case BB_TRACE_XOR: case BB_TRACE_ANDNOT: case BB_TRACE_ADD:
    case BB_TRACE_SUB: case BB_TRACE_MUL: case BB_TRACE_PEXT: case BB_TRACE_PDEP: case BB_TRACE_DSWAP:
    case BB_TRACE_GF2P8AFFINE: case BB_TRACE_BSHUF: return 1;
    default: return 0;
    }
}

#define TRANSFER_LAT 3.0 /* vmovq / vpbroadcastq between a general and a vector register */
#define NEVER (-1.0)

/* A value: constant, or variable with the time it is ready in each domain
 * (NEVER: not there yet; moving it there costs a transfer). */
typedef struct { int var; double at[NDOM]; } val;

static double ready_in(val *v, int dom, double *uops)
{
    if (!v->var) return 0;
    if (v->at[dom] == NEVER) {
        v->at[dom] = v->at[!dom] + TRANSFER_LAT;
        *uops += 1;
    }
    return v->at[dom];
}

int bb_perm_price(const bb_trace_program *p, bb_perm_target t, bb_perm_cost *c)
{
    BB__ASSERT_NOT_NULL(c, "c");
    if (!c) return -1;
    memset(c, 0, sizeof *c);
    if (!p || (unsigned)t >= BB_PERM_TARGET_COUNT) return -1;
    c->feasible = 1;
    c->steps = bb_trace_step_count(p);
    val slot[BB_TRACE_MAX_NAMES];
    for (int i = 0; i < BB_TRACE_MAX_NAMES; i++) slot[i] = (val){i < bb_trace_var_count(p), {0, NEVER}};
    val run = slot[0];
    double uops = 0, lat_max = 0, port1 = 0, shifts = 0, bytes = 0;
    int array = t == BB_PERM_ARRAY;
    for (int i = 0; i < c->steps; i++) {
        const bb_trace_step *s = bb_trace_get_step(p, i);
        if (!bb_perm_target_allows(t, s->op)) c->feasible = 0;
        val opnd = {0, {0, 0}};
        if (s->slot >= 0 && s->op != BB_TRACE_LET) opnd = slot[s->slot];
        if (s->op == BB_TRACE_LOAD) {
            run = opnd;
            continue;
        }
        if (s->op == BB_TRACE_LET) {
            slot[s->slot] = run;
            continue;
        }
        if (array) {
            double in = run.var ? run.at[GPR] : 0;
            if (opnd.var && opnd.at[GPR] > in) in = opnd.at[GPR];
            run = (val){run.var || opnd.var, {in + array_lat(s->op), NEVER}};
            uops += array_uops(s->op) / 8.0;
            continue;
        }
        int rule = domain_rule(s->op), dom;
        if (rule == VEC_ONLY) dom = VEC;
        else if (rule == GPR_ONLY || t < BB_PERM_GFNI) dom = GPR;
        else if (run.var) dom = run.at[GPR] != NEVER && (run.at[VEC] == NEVER || run.at[GPR] <= run.at[VEC]) ? GPR : VEC;
        else dom = opnd.var && opnd.at[GPR] == NEVER ? VEC : GPR;
        double in = ready_in(&run, dom, &uops);
        if (opnd.var) {
            double o = ready_in(&opnd, dom, &uops);
            if (o > in) in = o;
            if (s->slot >= 0) slot[s->slot] = opnd; /* its copy in dom stays */
        }
        oc k = scalar_cost(s->op, dom, t, opnd.var);
        uops += k.uops;
        /* a 64-bit constant operand outside a sign-extended 32-bit immediate
         * needs its own instruction (movabs; a vector constant is a load) */
        bytes += 4 * k.uops;
        if (!opnd.var && s->op != BB_TRACE_BITGATHER && op_has_constant(s->op)) {
            int64_t kk = (int64_t)s->k;
            if (dom == VEC || kk < INT32_MIN || kk > INT32_MAX) uops += 1, bytes += 10;
        }
        if (s->op == BB_TRACE_MUL || s->op == BB_TRACE_PEXT || s->op == BB_TRACE_PDEP) port1 += 1;
        if (dom == GPR && (s->op == BB_TRACE_SHL || s->op == BB_TRACE_SHR || s->op == BB_TRACE_ROL ||
                           s->op == BB_TRACE_ROR))
            shifts += 1;
        if (dom == GPR && s->op == BB_TRACE_DSWAP) shifts += 2;
        int out = s->op == BB_TRACE_BITGATHER ? GPR : dom;
        val nv = {run.var || opnd.var, {NEVER, NEVER}};
        nv.at[out] = in + k.lat;
        run = nv;
    }
    if (run.var) lat_max = array ? run.at[GPR] : ready_in(&run, GPR, &uops);
    c->latency = lat_max;
    c->uops = uops;
    /* one call's cycles: the longest chain, or the busiest resource: 4
     * micro-operations a cycle in all, one multiply/pext/pdep (Intel's port
     * 1), two shifts or rotates, 16 bytes of code (the decoders; a movabs
     * is 10 bytes, other instructions about 4: a program of many 64-bit
     * masks is front-end bound, as make bench's perm section measures) */
    double busy = uops / 4.0;
    if (port1 > busy) busy = port1;
    if (shifts / 2.0 > busy) busy = shifts / 2.0;
    if (bytes / 16.0 > busy) busy = bytes / 16.0;
    c->cost = array ? uops : (lat_max > busy ? lat_max : busy);
    return c->feasible ? 0 : -1;
}
