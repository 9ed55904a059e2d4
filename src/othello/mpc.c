/* Multi-ProbCut's table of deviations (mpc.h). */
#include "mpc.h"

const float bb__mpc_sigma_table[BB__EVAL_STAGES][BB__MPC_DEPTHS + 1] = {
    /* depths 0-12: build/tools/othello_mpc --per-stage 200 --max-depth 10 DIR (the 38 WTHOR
       files of CONTRIBUTING, "Real game files"), 2026-11-27, with the weights of that day:
       depths 0-2 are not used, 11 and 12 copy 10.
       END (last column): the solver's, one figure for every stage.  Measured against the
       exact score on positions of games played by the staged evaluation with some random
       moves: 7.1 to 8.9 discs at 12 to 20 empties (the mean within 1.4 of 0); by node count
       7 did better than 6 on FFO #40-#49 and than 8 and 9 on #40-#44 (docs/OTHELLO.md).
       Fitted by stage with build/tools/othello_mpc --end --per-stage 150 /tmp/wthor (2026-12-07:
       RMS of exact - estimate 8.30 at 8-12 empties, 7.78 at 13-18, 6.92 at 19-24; means -1.9,
       -0.3, -0.8), that column searched FFO #40-#44 in 90.2 M nodes against 70.8 M with 7 at
       every stage: the levels' t (solve_tuning.h) were tuned with 7, so 7 stays. */
    {0, 0, 0, 4.68f, 4.01f, 4.15f, 5.76f, 5.50f, 5.04f, 4.05f, 5.38f, 5.38f, 5.38f, 7}, /* stage 0 */
    {0, 0, 0, 4.68f, 4.01f, 4.15f, 5.76f, 5.50f, 5.04f, 4.05f, 5.38f, 5.38f, 5.38f, 7}, /* stage 1 */
    {0, 0, 0, 4.39f, 4.38f, 3.59f, 5.52f, 4.56f, 4.49f, 4.70f, 5.42f, 5.42f, 5.42f, 7}, /* stage 2 */
    {0, 0, 0, 3.07f, 2.91f, 2.60f, 3.85f, 3.47f, 3.44f, 3.57f, 4.28f, 4.28f, 4.28f, 7}, /* stage 3 */
    {0, 0, 0, 2.58f, 2.36f, 2.13f, 3.17f, 3.11f, 3.17f, 2.80f, 3.81f, 3.81f, 3.81f, 7}, /* stage 4 */
    {0, 0, 0, 2.22f, 2.31f, 2.02f, 2.96f, 2.74f, 2.42f, 2.41f, 2.87f, 2.87f, 2.87f, 7}, /* stage 5 */
    {0, 0, 0, 2.25f, 2.02f, 1.81f, 2.67f, 2.39f, 2.41f, 2.23f, 2.76f, 2.76f, 2.76f, 7}, /* stage 6 */
    {0, 0, 0, 1.65f, 1.54f, 1.34f, 1.89f, 1.60f, 1.73f, 1.72f, 1.91f, 1.91f, 1.91f, 7}, /* stage 7 */
    {0, 0, 0, 1.82f, 1.47f, 1.57f, 1.64f, 1.60f, 1.38f, 1.34f, 1.47f, 1.47f, 1.47f, 7}, /* stage 8 */
    {0, 0, 0, 2.09f, 1.43f, 1.25f, 1.61f, 1.38f, 1.04f, 0.70f, 1.25f, 1.25f, 1.25f, 7}, /* stage 9 */
};
