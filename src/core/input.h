/* What the library's readers share of src/core/input.c beyond the public
 * bb_input (include/bitboard/io.h):
 *   bb__input_reason(in)   the error of bb_input_error without the file's name
 *                          in front ("" if none), for readers whose callers
 *                          print the name themselves                      */
#ifndef BITBOARD_SRC_CORE_INPUT_H
#define BITBOARD_SRC_CORE_INPUT_H

#include "bitboard.h"

const char *bb__input_reason(const bb_input *in);

#endif
