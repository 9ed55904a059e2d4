/* bb_version: the compiled library's version. */
#include "bitboard.h"

const char *bb_version(void) { return BB_VERSION_STRING; }
