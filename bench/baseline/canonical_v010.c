/* bitboard 0.1.0's bb_canonical and bb_canonical_pair, the baseline of the
 * canonical benchmarks.  Compiled with the library's flags (not the
 * benchmark's -fno-tree-vectorize), as they shipped: GCC vectorizes the
 * stores of the image array, and the scan reloads them. */
#include "baseline.h"

static void v010_images(uint64_t x, uint64_t img[8])
{
    uint64_t h = bb_flip_horizontal(x), d = bb_flip_diagonal(x), hd = bb_flip_horizontal(d);
    img[BB_SYM_IDENTITY] = x;
    img[BB_SYM_FLIP_HORIZONTAL] = h;
    img[BB_SYM_FLIP_VERTICAL] = BB_BSWAP64(x);
    img[BB_SYM_ROTATE_180] = BB_BSWAP64(h);
    img[BB_SYM_FLIP_DIAGONAL] = d;
    img[BB_SYM_ROTATE_CW] = BB_BSWAP64(d);
    img[BB_SYM_ROTATE_CCW] = hd;
    img[BB_SYM_FLIP_ANTIDIAGONAL] = BB_BSWAP64(hd);
}
uint64_t v010_canonical(uint64_t x, bb_sym *used)
{
    uint64_t img[8];
    v010_images(x, img);
    int best = 0;
    for (int s = 1; s < 8; s++)
        if (img[s] < img[best]) best = s;
    if (used) *used = (bb_sym)best;
    return img[best];
}
void v010_canonical_pair(uint64_t *p, uint64_t *o, bb_sym *used)
{
    uint64_t ip[8], io[8];
    v010_images(*p, ip);
    v010_images(*o, io);
    int best = 0;
    for (int s = 1; s < 8; s++)
        if (ip[s] < ip[best] || (ip[s] == ip[best] && io[s] < io[best])) best = s;
    *p = ip[best];
    *o = io[best];
    if (used) *used = (bb_sym)best;
}

