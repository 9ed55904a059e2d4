/* Shared by the libFuzzer targets in tests/fuzz/: the entry point's
 * declaration, the input as a C string, and an assertion that aborts (so
 * libFuzzer records the input) with a message naming what broke. */
#ifndef BB_TESTS_FUZZ_H
#define BB_TESTS_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* FUZZ_ASSERT(cond, "printf-style context", ...): aborts when cond is false. */
#define FUZZ_ASSERT(cond, ...)                                                         \
    do {                                                                               \
        if (!(cond)) {                                                                 \
            fprintf(stderr, "%s:%d: assertion failed: %s\n    ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                              \
            fputc('\n', stderr);                                                       \
            abort();                                                                   \
        }                                                                              \
    } while (0)

/* A NUL-terminated copy of the input (the text ends at its first NUL byte);
 * the caller frees it.  Returns NULL if out of memory. */
static inline char *fuzz_text(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (!s) return NULL;
    memcpy(s, data, size);
    s[size] = '\0';
    return s;
}

#ifdef BITBOARD_CHESS_H
/* 1 if m is in the generator's list of legal moves of pos (not
 * bb_chess_is_legal: the parsers use that one themselves). */
static inline int fuzz_chess_legal(const bb_chess_pos *pos, bb_chess_move m)
{
    bb_chess_movelist list;
    bb_chess_generate(pos, BB_GEN_ALL, &list);
    for (int i = 0; i < list.count; i++)
        if (list.moves[i] == m) return 1;
    return 0;
}
#endif

#endif
