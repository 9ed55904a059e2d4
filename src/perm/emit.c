/* C code for a compiled program (bb_perm_emit_c): one static inline
 * function, its comment stating the map, the target and the proof; with
 * intrinsics for the target's instructions, or (BB_PERM_C_PORTABLE) in plain
 * C11 that any compiler takes. */
#include <stdlib.h>
#include <string.h>

#include "../core/text.h"
#include "perm_private.h"

/* A tracer name as a C identifier: names that are C keywords get a '_'. */
static const char *c_name(const char *n, char buf[24])
{
    static const char *const kw[] = {"auto", "break", "case", "char", "const", "continue", "default", "do",
                                     "double", "else", "enum", "extern", "float", "for", "goto", "if", "inline",
                                     "int", "long", "register", "restrict", "return", "short", "signed", "sizeof",
                                     "static", "struct", "switch", "typedef", "union", "unsigned", "void",
                                     "volatile", "while", "_Bool", "_Complex", "_Imaginary", "v", "t_"};
    for (size_t i = 0; i < sizeof kw / sizeof kw[0]; i++)
        if (strcmp(n, kw[i]) == 0) {
            snprintf(buf, 24, "%s_", n);
            return buf;
        }
    return n;
}

/* The operand of step s as C: a name or a constant. */
static void operand(bb__out_buf *o, const bb_trace_program *p, const bb_trace_step *s)
{
    char nb[24];
    if (s->slot >= 0 && !p->is_const[s->slot]) bb__put(o, "%s", c_name(bb_trace_name(p, s->slot), nb));
    else bb__put(o, "0x%016llXULL", (unsigned long long)s->k);
}

/* The helpers a portable form needs, each emitted once. */
enum { H_BSWAP = 1, H_PEXT = 2, H_PDEP = 4, H_AFFINE = 8, H_BSHUF = 16, H_GATHER = 32 };

static void helpers(bb__out_buf *o, const char *f, unsigned need)
{
    if (need & H_BSWAP)
        bb__put(o,
                "static inline uint64_t %s_bswap(uint64_t v)\n{\n"
                "    v = (v & 0x00FF00FF00FF00FFULL) << 8 | (v >> 8 & 0x00FF00FF00FF00FFULL);\n"
                "    v = (v & 0x0000FFFF0000FFFFULL) << 16 | (v >> 16 & 0x0000FFFF0000FFFFULL);\n"
                "    return v << 32 | v >> 32;\n}\n\n",
                f);
    if (need & H_PEXT)
        bb__put(o,
                "static inline uint64_t %s_pext(uint64_t v, uint64_t m)\n{\n"
                "    uint64_t r = 0;\n    for (uint64_t b = 1; m; b <<= 1, m &= m - 1)\n"
                "        if (v & m & (0 - m)) r |= b;\n    return r;\n}\n\n",
                f);
    if (need & H_PDEP)
        bb__put(o,
                "static inline uint64_t %s_pdep(uint64_t v, uint64_t m)\n{\n"
                "    uint64_t r = 0;\n    for (uint64_t b = 1; m; b <<= 1, m &= m - 1)\n"
                "        if (v & b) r |= m & (0 - m);\n    return r;\n}\n\n",
                f);
    if (need & H_AFFINE)
        bb__put(o,
                "/* gf2p8affine (immediate 0): byte j's bit i = parity(byte j of v & byte 7-i of a) */\n"
                "static inline uint64_t %s_affine(uint64_t v, uint64_t a)\n{\n"
                "    uint64_t r = 0;\n    for (int j = 0; j < 8; j++)\n        for (int i = 0; i < 8; i++) {\n"
                "            uint64_t x = (v >> (8 * j)) & (a >> (8 * (7 - i))) & 0xFF;\n"
                "            x ^= x >> 4;\n            x ^= x >> 2;\n            x ^= x >> 1;\n"
                "            r |= (x & 1) << (8 * j + i);\n        }\n    return r;\n}\n\n",
                f);
    if (need & H_BSHUF)
        bb__put(o,
                "/* pshufb on the 8 bytes (the high 8 of the register zero): byte i = byte c_i of v, or 0 */\n"
                "static inline uint64_t %s_bshuf(uint64_t v, uint64_t c)\n{\n"
                "    uint64_t r = 0;\n    for (int i = 0; i < 8; i++) {\n"
                "        unsigned k = (unsigned)(c >> (8 * i)) & 0xFF;\n"
                "        if (!(k & 0x80) && (k & 15) < 8) r |= (v >> (8 * (k & 15)) & 0xFF) << (8 * i);\n"
                "    }\n    return r;\n}\n\n",
                f);
    if (need & H_GATHER)
        bb__put(o,
                "/* vpshufbitqmb with v in every lane: bit n = bit idx[n] of v */\n"
                "static inline uint64_t %s_gather(uint64_t v, const unsigned char *idx)\n{\n"
                "    uint64_t r = 0;\n    for (int n = 0; n < 64; n++) r |= (v >> (idx[n] & 63) & 1) << n;\n"
                "    return r;\n}\n\n",
                f);
}

size_t bb_perm_program_text(char *buf, size_t size, const bb_trace_program *p)
{
    bb__out_buf o = {buf, size, 0};
    if (size) buf[0] = 0;
    BB__ASSERT_NOT_NULL(p, "p");
    if (!p) return 0;
    int nv = bb_trace_var_count(p);
    if (nv != 1 || strcmp(bb_trace_name(p, 0), "x") != 0) {
        bb__put(&o, "input");
        for (int v = 0; v < nv; v++) bb__put(&o, " %s", bb_trace_name(p, v));
        bb__put(&o, "\n");
    }
    int open = 0; /* a statement on the line so far */
    for (int i = 0; i < bb_trace_step_count(p); i++) {
        const bb_trace_step *s = bb_trace_get_step(p, i);
        if (s->op == BB_TRACE_LOAD && open) bb__put(&o, "; ");
        else if (open) bb__put(&o, s->op == BB_TRACE_LET ? "; " : " ");
        size_t room = o.len < o.size ? o.size - o.len : 0;
        o.len += bb_trace_step_text(room ? o.buf + o.len : NULL, room, p, i);
        open = 1;
        if (s->op == BB_TRACE_LET) {
            bb__put(&o, "\n");
            open = 0;
        }
    }
    if (open) bb__put(&o, "\n");
    if (o.len < o.size) o.buf[o.len] = 0;
    else if (o.size) o.buf[o.size - 1] = 0;
    return o.len;
}

size_t bb_perm_emit_c(char *buf, size_t size, const bb_trace_program *p, const bb_perm_map *map, bb_perm_target t,
                      const char *fname, unsigned flags)
{
    bb__out_buf o = {buf, size, 0};
    if (size) buf[0] = 0;
    BB__ASSERT_NOT_NULL(p, "p");
    BB__ASSERT_NOT_NULL(map, "map");
    BB__ASSERT_NOT_NULL(fname, "fname");
    if (!p || !map || !fname) return 0;
    int portable = (flags & BB_PERM_C_PORTABLE) || t == BB_PERM_PORTABLE;
    unsigned need = 0, intr = 0;
    int ns = bb_trace_step_count(p);
    for (int i = 0; i < ns; i++) {
        const bb_trace_step *s = bb_trace_get_step(p, i);
        unsigned h = s->op == BB_TRACE_BSWAP ? H_BSWAP : s->op == BB_TRACE_PEXT ? H_PEXT
                   : s->op == BB_TRACE_PDEP ? H_PDEP : s->op == BB_TRACE_GF2P8AFFINE ? H_AFFINE
                   : s->op == BB_TRACE_BSHUF ? H_BSHUF : s->op == BB_TRACE_BITGATHER ? H_GATHER : 0;
        if (h == H_BSWAP) continue; /* always the helper (below): compilers make it one bswap */
        if (portable) need |= h;
        else intr |= h;
    }
    bb_trace_proof proof;
    int proved = bb_perm_prove(p, map, &proof) == 0;
    bb_perm_cost cost;
    bb_perm_price(p, t, &cost);

    /* the comment: the map, the target, the proof */
    bb__put(&o, "/* %s: the map of squares (square s's bit goes to bit to[s]; '-': any):\n *  ", fname);
    for (int s = 0; s < 64; s++) {
        if (map->to[s] < 0) bb__put(&o, " -");
        else bb__put(&o, " %d", map->to[s]);
        if (s % 16 == 15 && s < 63) bb__put(&o, "\n *  ");
    }
    bb__put(&o, "\n * Target %s%s: %.1f cycles deep, %.1f uops (docs/PERM.md's model).\n", bb_perm_target_name(t),
            portable && t != BB_PERM_PORTABLE ? ", in portable C" : "", cost.latency, cost.uops);
    bb__put(&o, " * Proved by bitboard's tracer: %s.\n", proved ? proof.msg : "NOT PROVED");
    bb__put(&o, " * The program (bitboard trace reads it back):\n");
    {
        size_t n = bb_perm_program_text(NULL, 0, p);
        char *text = (char *)malloc(n + 1);
        if (text) {
            bb_perm_program_text(text, n + 1, p);
            for (char *line = text, *nl; *line; line = nl + 1) {
                nl = strchr(line, '\n');
                if (!nl) nl = line + strlen(line) - 1;
                bb__put(&o, " *   %.*s\n", (int)(nl - line), line);
            }
            free(text);
        }
    }
    bb__put(&o, " */\n");
    if (intr) {
        bb__put(&o, "#include <immintrin.h> /* needs");
        if (intr & (H_PEXT | H_PDEP)) bb__put(&o, " -mbmi2");
        if (intr & (H_AFFINE | H_BSHUF)) bb__put(&o, " -mgfni -msse4.1");
        if (intr & H_GATHER) bb__put(&o, " -mavx512f -mavx512bw -mavx512bitalg");
        bb__put(&o, " */\n");
    }
    bb__put(&o, "#include <stdint.h>\n\n");
    int bswap = 0;
    for (int i = 0; i < ns; i++) bswap |= bb_trace_get_step(p, i)->op == BB_TRACE_BSWAP;
    if (bswap) need |= H_BSWAP;
    helpers(&o, fname, need);
    for (int i = 0; i < ns; i++) {
        const bb_trace_step *s = bb_trace_get_step(p, i);
        if (s->op != BB_TRACE_BITGATHER) continue;
        const unsigned char *idx = bb_trace_step_gather(p, i);
        bb__put(&o, "static const unsigned char %s_idx%d[64] = {", fname, i);
        for (int n = 0; n < 64; n++) bb__put(&o, "%s%d", n ? ", " : "", idx ? idx[n] : n);
        bb__put(&o, "};\n\n");
    }
    char in_name[24];
    const char *in = c_name(bb_trace_name(p, 0), in_name);
    bb__put(&o, "static inline uint64_t %s(uint64_t %s)\n{\n", fname, in);
    /* the let names (not the input), declared once */
    int declared = 0;
    for (int slot = 1; slot < BB_TRACE_MAX_NAMES; slot++) {
        const char *n = bb_trace_name(p, slot);
        if (!n || p->is_const[slot]) continue;
        char nb[24];
        bb__put(&o, "%s%s = 0", declared ? ", " : "    uint64_t ", c_name(n, nb));
        declared = 1;
    }
    if (declared) bb__put(&o, ";\n");
    bb__put(&o, "    uint64_t v = %s;\n", in);
    for (int i = 0; i < ns; i++) {
        const bb_trace_step *s = bb_trace_get_step(p, i);
        char nb[24];
        unsigned n = (unsigned)(s->k & 63);
        bb__put(&o, "    ");
        switch (s->op) {
        case BB_TRACE_LOAD: bb__put(&o, "v = "); operand(&o, p, s); break;
        case BB_TRACE_LET:
            if (p->is_const[s->slot]) bb__put(&o, "/* let %s (a constant) */", bb_trace_name(p, s->slot));
            else bb__put(&o, "%s = v", c_name(bb_trace_name(p, s->slot), nb));
            break;
        case BB_TRACE_AND: bb__put(&o, "v &= "); operand(&o, p, s); break;
        case BB_TRACE_OR: bb__put(&o, "v |= "); operand(&o, p, s); break;
        case BB_TRACE_XOR: bb__put(&o, "v ^= "); operand(&o, p, s); break;
        case BB_TRACE_ANDNOT: bb__put(&o, "v &= ~"); operand(&o, p, s); break;
        case BB_TRACE_ADD: bb__put(&o, "v += "); operand(&o, p, s); break;
        case BB_TRACE_SUB: bb__put(&o, "v -= "); operand(&o, p, s); break;
        case BB_TRACE_MUL: bb__put(&o, "v *= "); operand(&o, p, s); break;
        case BB_TRACE_SHL: bb__put(&o, "v <<= %u", n); break;
        case BB_TRACE_SHR: bb__put(&o, "v >>= %u", n); break;
        case BB_TRACE_ROL:
            if (n) bb__put(&o, "v = v << %u | v >> %u", n, 64 - n);
            else bb__put(&o, "/* rol 0 */");
            break;
        case BB_TRACE_ROR:
            if (n) bb__put(&o, "v = v >> %u | v << %u", n, 64 - n);
            else bb__put(&o, "/* ror 0 */");
            break;
        case BB_TRACE_BSWAP: bb__put(&o, "v = %s_bswap(v)", fname); break;
        case BB_TRACE_NEG: bb__put(&o, "v = 0 - v"); break;
        case BB_TRACE_NOT: bb__put(&o, "v = ~v"); break;
        case BB_TRACE_DSWAP:
            bb__put(&o, "{ uint64_t t_ = (v >> %d ^ v) & 0x%016llXULL; v ^= t_ ^ t_ << %d; }", s->shift,
                    (unsigned long long)s->k, s->shift);
            break;
        case BB_TRACE_PEXT: case BB_TRACE_PDEP: {
            const char *w = s->op == BB_TRACE_PEXT ? "pext" : "pdep";
            if (portable) bb__put(&o, "v = %s_%s(v, ", fname, w);
            else bb__put(&o, "v = _%s_u64(v, ", w);
            operand(&o, p, s);
            bb__put(&o, ")");
            break;
        }
        case BB_TRACE_GF2P8AFFINE:
            if (portable) {
                bb__put(&o, "v = %s_affine(v, ", fname);
                operand(&o, p, s);
                bb__put(&o, ")");
            } else {
                bb__put(&o, "v = (uint64_t)_mm_cvtsi128_si64(_mm_gf2p8affine_epi64_epi8(_mm_cvtsi64_si128((long long)v), "
                            "_mm_cvtsi64_si128((long long)");
                operand(&o, p, s);
                bb__put(&o, "), 0))");
            }
            break;
        case BB_TRACE_BSHUF:
            if (portable) {
                bb__put(&o, "v = %s_bshuf(v, ", fname);
                operand(&o, p, s);
                bb__put(&o, ")");
            } else {
                bb__put(&o, "v = (uint64_t)_mm_cvtsi128_si64(_mm_shuffle_epi8(_mm_cvtsi64_si128((long long)v), "
                            "_mm_cvtsi64_si128((long long)");
                operand(&o, p, s);
                bb__put(&o, ")))");
            }
            break;
        case BB_TRACE_BITGATHER:
            if (portable) bb__put(&o, "v = %s_gather(v, %s_idx%d)", fname, fname, i);
            else
                bb__put(&o, "v = (uint64_t)_mm512_bitshuffle_epi64_mask(_mm512_set1_epi64((long long)v), "
                            "_mm512_loadu_si512(%s_idx%d))", fname, i);
            break;
        default: bb__put(&o, "/* ? */"); break;
        }
        bb__put(&o, ";\n");
    }
    bb__put(&o, "    return v;\n}\n");
    return o.len;
}
