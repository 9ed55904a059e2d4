/* The permutation compiler's Benes networks: any permutation in at most 11
 * delta swaps, the 6 dimensions in the best of the 720 orders, empty stages
 * dropped; a partial map is first made whole.  compile.h says what it shares. */
#include <string.h>

#include "compile.h"

/* ---- Benes networks ------------------------------------------------------ */

/* Routes the permutation dest (the bit at position p goes to dest[p])
 * through a Benes network whose levels take the dimensions in order ord[];
 * first[i], last[i]: the lower positions of the pairs each level's two
 * stages swap.  Each cycle of the routing picks the colouring with fewer
 * swaps. */
static void benes_route(const int *dest, const int *ord, uint64_t first[6], uint64_t last[6])
{
    int pos[64], tgt[64], at[64], from[64];
    for (int e = 0; e < 64; e++) pos[e] = e, tgt[e] = dest[e];
    for (int i = 0; i < 6; i++) {
        int dd = 1 << ord[i];
        first[i] = last[i] = 0;
        for (int e = 0; e < 64; e++) at[pos[e]] = e, from[tgt[e]] = e;
        if (i == 5) {
            for (int e = 0; e < 64; e++)
                if (!(pos[e] & dd) && (tgt[e] & dd)) first[i] |= bit(pos[e]);
            break;
        }
        int color[64];
        for (int e = 0; e < 64; e++) color[e] = -1;
        for (int e0 = 0; e0 < 64; e0++) {
            if (color[e0] >= 0) continue;
            /* the cycle through e0: input partners differ, output partners differ */
            int cyc[64], len = 0, e = e0, c = 0;
            do {
                cyc[len++] = e;
                color[e] = c;
                int ip = at[pos[e] ^ dd];
                cyc[len++] = ip;
                color[ip] = !c;
                e = from[tgt[ip] ^ dd];
            } while (e != e0);
            /* swaps with this colouring; the other colouring swaps the rest */
            int swaps = 0;
            for (int j = 0; j < len; j++) {
                int f = cyc[j];
                if (!(pos[f] & dd) && color[f]) swaps++;
                if (!(tgt[f] & dd) && color[f]) swaps++;
            }
            if (2 * swaps > len)
                for (int j = 0; j < len; j++) color[cyc[j]] ^= 1;
        }
        for (int e = 0; e < 64; e++) {
            if (!(pos[e] & dd) && color[e]) first[i] |= bit(pos[e]);
            if (!(tgt[e] & dd) && color[e]) last[i] |= bit(tgt[e]);
            pos[e] = (pos[e] & ~dd) | (color[e] ? dd : 0);
            tgt[e] = (tgt[e] & ~dd) | (color[e] ? dd : 0);
        }
    }
}

static void s_benes_of(ctx *x, const int *dest)
{
    int ord[6] = {0, 1, 2, 3, 4, 5}, best_ord[6], best = 99;
    uint64_t f[6], l[6], bf[6] = {0}, bl[6] = {0};
    /* every order of the 6 dimensions (Heap's algorithm) */
    int c[6] = {0}, k = 0, tried = 0;
    for (;;) {
        benes_route(dest, ord, f, l);
        int stages = 0;
        for (int i = 0; i < 6; i++) stages += (f[i] != 0) + (l[i] != 0);
        /* a map the first 48 orders all route through all 11 stages (a
         * random one) is not routed the other 672 ways */
        if (++tried == 48 && best == 11 && stages == 11) break;
        if (stages < best) {
            best = stages;
            memcpy(best_ord, ord, sizeof ord);
            memcpy(bf, f, sizeof f);
            memcpy(bl, l, sizeof l);
        }
        while (k < 6 && c[k] >= k) c[k++] = 0;
        if (k == 6) break;
        int j = k % 2 ? c[k] : 0, tmp = ord[j];
        ord[j] = ord[k];
        ord[k] = tmp;
        c[k]++;
        k = 0;
    }
    if (best < x->swaps) x->swaps = best;
    pb b;
    pb_init(&b);
    for (int i = 0; i < 6; i++)
        if (bf[i]) bb__perm_emit_swap(&b, bf[i], 1 << best_ord[i], ~0ULL, x->t);
    for (int i = 4; i >= 0; i--)
        if (bl[i]) bb__perm_emit_swap(&b, bl[i], 1 << best_ord[i], ~0ULL, x->t);
    bb__perm_consider(x, &b, "benes");
}

/* A partial map made whole: first every free bit that may stay stays, the
 * rest in order (try 0) or at random (other tries). */
void bb__perm_benes(ctx *x, const rmap *r)
{
    uint64_t seed = 0x62656e6573ULL;
    int tries = bb_perm_is_full(r) ? 1 : 4;
    for (int t = 0; t < tries; t++) {
        int dest[64], free_d[64], nf = 0;
        uint64_t taken = 0;
        for (int p = 0; p < 64; p++)
            if (r->to[p] >= 0) taken |= bit(r->to[p]);
        for (int p = 0; p < 64; p++) {
            dest[p] = r->to[p];
            if (dest[p] < 0 && t == 0 && !(taken >> p & 1)) dest[p] = p, taken |= bit(p);
        }
        for (int p = 0; p < 64; p++)
            if (!(taken >> p & 1)) free_d[nf++] = p;
        for (int i = nf - 1; i > 0 && t; i--) {
            int j = (int)(mix(&seed) % (uint64_t)(i + 1)), tmp = free_d[i];
            free_d[i] = free_d[j];
            free_d[j] = tmp;
        }
        for (int p = 0, i = 0; p < 64; p++)
            if (dest[p] < 0) dest[p] = free_d[i++];
        s_benes_of(x, dest);
    }
}
