/* bb_version: the compiled library's version; and how it was built. */
#include "bitboard.h"

const char *bb_version(void) { return BB_VERSION_STRING; }

#if defined(BB_DEBUG)
int bb__debug_checks(void) { return 1; }
#else
int bb__debug_checks(void) { return 0; }
#endif
