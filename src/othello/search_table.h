/* The midgame search's kept table (bb_othello_search_table), for the tests.
 * Not API. */
#ifndef BB_SRC_OTHELLO_SEARCH_TABLE_H
#define BB_SRC_OTHELLO_SEARCH_TABLE_H

#include "bitboard.h"

/* Every entry in t marked as found with the selective cut-offs on
 * (probcut 1) or off (0), its bounds set to lower and upper (in
 * 1/BB__EVAL_UNIT of a disc): tests/test_othello_search.c fills a table
 * with nonsense to show which entries a search takes its bounds from. */
void bb__othello_search_table_mark(bb_othello_search_table *t, int probcut, int lower, int upper);

#endif
