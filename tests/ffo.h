/* The FFO endgame test positions #40-#59 ("fforum-40-59"): Gunnar
 * Andersson's suite from the French federation's FFORUM magazine, as
 * distributed with Edax (github.com/abulmo/edax-reversi,
 * problem/fforum-40-59.obf at commit 14f048c05ddfa385b6bf954a9c2905bbe677e9d3),
 * with each position's best move and exact score for the side to move as
 * listed there (the first move of each line; where several moves share the
 * best score they are all listed).  Board strings a1 b1 ... h8, X black,
 * O white; the side to move after the space. */
#ifndef BB_TESTS_FFO_H
#define BB_TESTS_FFO_H

typedef struct { int number; const char *position; const char *best; int score; int empties; } ffo_case;

static const ffo_case ffo_cases[] = {
    {40, "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X", "a2", 38, 20},
    {41, "-OOOOO----OOOOX--OOOOOO-XXXXXOO--XXOOX--OOXOXX----OXXO---OOO--O- X", "h4", 0, 22},
    {42, "--OOO-------XX-OOOOOOXOO-OOOOXOOX-OOOXXO---OOXOO---OOOXO--OOOO-- X", "g2", 6, 22},
    {43, "--XXXXX---XXXX---OOOXX---OOXXXX--OOXXXO-OOOOXOO----XOX----XXXXX- O", "g3,c7", -12, 23},
    {44, "--O-X-O---O-XO-O-OOXXXOOOOOOXXXOOOOOXX--XXOOXO----XXXX-----XXX-- O", "d2,b8", -14, 23},
    {45, "---XXXX-X-XXXO--XXOXOO--XXXOXO--XXOXXO---OXXXOO-O-OOOO------OO-- X", "b2", 6, 24},
    {46, "---XXX----OOOX----OOOXX--OOOOXXX--OOOOXX--OXOXXX--XXOO---XXXX-O- X", "b3", -8, 24},
    {47, "-OOOOO----OOOO---OOOOX--XXXXXX---OXOOX--OOOXOX----OOXX----XXXX-- O", "g2", 4, 25},
    {48, "-----X--X-XXX---XXXXOO--XOXOOXX-XOOXXX--XOOXX-----OOOX---XXXXXX- O", "f6", 28, 25},
    {49, "--OX-O----XXOO--OOOOOXX-OOOOOX--OOOXOXX-OOOOXX-----OOX----X-O--- X", "e1", 16, 26},
    {50, "----X-----XXX----OOOXOOO-OOOXOOO-OXOXOXO-OOXXOOO--OOXO----O--O-- X", "d8", 10, 26},
    {51, "----O-X------X-----XXXO-OXXXXXOO-XXOOXOOXXOXXXOO--OOOO-O----OO-- O", "e2,a3", 6, 27},
    {52, "---X-------OX--X--XOOXXXXXXOXXXXXXXOOXXXXXXOOOXX--XO---X-------- O", "a3", 0, 27},
    {53, "----OO-----OOO---XXXXOOO--XXOOXO-XXXXXOO--OOOXOO--X-OX-O-----X-- X", "d8", -2, 28},
    {54, "--OOO---XXOO----XXXXOOOOXXXXOX--XXXOXX--XXOOO------OOO-----O---- X", "c7", -2, 28},
    {55, "--------X-X------XXXXOOOOOXOXX--OOOXXXX-OOXXXX--O-OOOX-----OO--- O", "g6,b7,e2,g4", 0, 29},
    {56, "--XXXXX---XXXX---OOOXX---OOXOX---OXXXXX-OOOOOXO----OXX---------- O", "h5", 2, 29},
    {57, "-------------------XXOOO--XXXOOO--XXOXOO-OOOXXXO--OXOO-O-OOOOO-- X", "a6", -10, 30},
    {58, "--XOOO----OOO----OOOXOO--OOOOXO--OXOXXX-OOXXXX----X-XX---------- X", "g1", 4, 30},
    {59, "-----------------------O--OOOOO---OOOOOXOOOOXXXX--XXOOXX--XX-O-X X", "h4,g8,e8", 64, 34},
};
#define FFO_COUNT ((int)(sizeof ffo_cases / sizeof ffo_cases[0]))

#endif
