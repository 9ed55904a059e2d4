/* The Othello evaluation's weights files (data/othello/eval*.bin): the one
 * layout, its writer and its checked reader, shared by the trainer
 * (tools/othello_train.c writes it) and the build's generator
 * (tools/gen_eval_weights.c reads it into C).  Not a library file.
 *
 * All numbers little-endian, whatever the machine:
 *
 *   offset  size  field
 *        0     8  magic "BBOEVAL\0"
 *        8     4  format version (1)
 *       12     4  CRC-32 (IEEE, as zlib's crc32) of every byte from offset 16 to the end
 *       16     4  the file's size in bytes
 *       20     4  stages: weight sets (10 by stage of the game, or 1)
 *       24     4  empties per stage (BB__EVAL_STAGE_EMPTIES; 0 for one set)
 *       28     4  unit: the weights are in 1/unit of a disc (BB__EVAL_UNIT)
 *       32     4  bytes per weight (2: int16)
 *       36     4  patterns (BB__EVAL_PATTERNS)
 *       40     4  scalars (BB__EVAL_SCALARS)
 *       44     4  weights per set (BB__EVAL_WEIGHTS)
 *       48     4  notes: bytes of text
 *       52  12*P  each pattern: its squares (8, a1 = bit 0), its table's size (4: 3^squares)
 *        .     N  the notes: how the weights were made (text, the generated C's comment)
 *        .  2*W*S the weights, set by set, each as eval.h lays it out
 *
 * int16 is what the values need: they lie within -541..755 (11 bits), and
 * 76% of them are 0 (configurations no game reached), which git and gzip
 * compress. */
#ifndef BB_TOOLS_EVAL_FILE_H
#define BB_TOOLS_EVAL_FILE_H

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/othello/eval.h"
#include "../src/othello/eval_pack.h"

enum { EVAL_FILE_VERSION = 1, EVAL_FILE_FIXED = 52, EVAL_FILE_PATTERN = 12, EVAL_FILE_NOTES_MAX = 1 << 16 };
static const char eval_file_magic[8] = {'B', 'B', 'O', 'E', 'V', 'A', 'L', '\0'};

static inline uint32_t eval_file_crc(const unsigned char *b, size_t n)
{
    uint32_t t[256];
    bb__eval_crc_table(t);
    return bb__eval_crc(t, 0, b, n);
}

/* 3^(the squares of mask): the size of its pattern's table. */
static inline uint64_t eval_file_table(uint64_t mask)
{
    uint64_t size = 1;
    for (; mask; mask &= mask - 1) size *= 3;
    return size;
}

static inline void eval_file_put(unsigned char *b, uint64_t v, int bytes)
{
    for (int i = 0; i < bytes; i++) b[i] = (unsigned char)(v >> 8 * i);
}

static inline uint64_t eval_file_get(const unsigned char *b, int bytes)
{
    uint64_t v = 0;
    for (int i = bytes - 1; i >= 0; i--) v = v << 8 | b[i];
    return v;
}

/* The size of a file of `stages` sets with `notes` bytes of notes. */
static inline size_t eval_file_size(int stages, size_t notes)
{
    return EVAL_FILE_FIXED + EVAL_FILE_PATTERN * BB__EVAL_PATTERNS + notes + (size_t)2 * BB__EVAL_WEIGHTS * (size_t)stages;
}

/* Writes stages sets of weights w (stage-major) with the notes text to
 * path.  0, or 1 with a message on stderr. */
static inline int eval_file_write(const char *path, const int16_t *w, int stages, const char *notes)
{
    static const uint64_t masks[BB__EVAL_PATTERNS] = {BB__EVAL_MASKS};
    size_t nn = strlen(notes), size = eval_file_size(stages, nn);
    unsigned char *b = calloc(size, 1);
    if (!b) return fprintf(stderr, "%s: out of memory (%zu bytes)\n", path, size), 1;
    memcpy(b, eval_file_magic, 8);
    eval_file_put(b + 8, EVAL_FILE_VERSION, 4);
    eval_file_put(b + 16, size, 4);
    eval_file_put(b + 20, (uint64_t)stages, 4);
    eval_file_put(b + 24, stages > 1 ? BB__EVAL_STAGE_EMPTIES : 0, 4);
    eval_file_put(b + 28, BB__EVAL_UNIT, 4);
    eval_file_put(b + 32, 2, 4);
    eval_file_put(b + 36, BB__EVAL_PATTERNS, 4);
    eval_file_put(b + 40, BB__EVAL_SCALARS, 4);
    eval_file_put(b + 44, BB__EVAL_WEIGHTS, 4);
    eval_file_put(b + 48, nn, 4);
    unsigned char *at = b + EVAL_FILE_FIXED;
    for (int j = 0; j < BB__EVAL_PATTERNS; j++, at += EVAL_FILE_PATTERN) {
        eval_file_put(at, masks[j], 8);
        eval_file_put(at + 8, eval_file_table(masks[j]), 4);
    }
    memcpy(at, notes, nn);
    at += nn;
    for (size_t i = 0; i < (size_t)stages * BB__EVAL_WEIGHTS; i++, at += 2) eval_file_put(at, (uint16_t)w[i], 2);
    eval_file_put(b + 12, eval_file_crc(b + 16, size - 16), 4);
    FILE *f = fopen(path, "wb");
    int bad = !f || fwrite(b, 1, size, f) != size;
    if (f && fclose(f) != 0) bad = 1;
    if (bad) fprintf(stderr, "%s: cannot write: %s\n", path, strerror(errno));
    free(b);
    return bad;
}

/* A weights file read and checked. */
typedef struct {
    int stages;
    int16_t *w;  /* stages * BB__EVAL_WEIGHTS */
    char *notes; /* NUL-terminated */
} eval_file;

/* Reads path into *e, checking every field against eval.h, the size and the
 * checksum.  `stages`: the number of sets wanted (0: 1 or BB__EVAL_STAGES).
 * 0, or 1 with "PATH: what is wrong" in err (of size n). */
static inline int eval_file_read(const char *path, int stages, eval_file *e, char *err, size_t n)
{
    static const uint64_t masks[BB__EVAL_PATTERNS] = {BB__EVAL_MASKS};
    memset(e, 0, sizeof *e);
    FILE *f = fopen(path, "rb");
    if (!f) return snprintf(err, n, "%s: %s", path, strerror(errno)), 1;
    size_t cap = 1 << 20, len = 0;
    unsigned char *b = malloc(cap);
    while (b) {
        len += fread(b + len, 1, cap - len, f);
        if (len < cap) break;
        unsigned char *g = cap < ((size_t)1 << 30) ? realloc(b, cap *= 2) : NULL;
        if (!g) free(b);
        b = g;
    }
    int failed = ferror(f);
    fclose(f);
    if (!b) return snprintf(err, n, "%s: too large", path), 1;
    if (failed) return free(b), snprintf(err, n, "%s: read error", path), 1;
#define EVAL_FILE_BAD(...) return snprintf(err, n, __VA_ARGS__), free(b), 1
    if (len < 8 || memcmp(b, eval_file_magic, 8))
        EVAL_FILE_BAD("%s: not an evaluation weights file (no \"BBOEVAL\" header)", path);
    if (len < EVAL_FILE_FIXED)
        EVAL_FILE_BAD("%s: %zu bytes, cut short within its %d-byte header", path, len, EVAL_FILE_FIXED);
    uint64_t version = eval_file_get(b + 8, 4), size = eval_file_get(b + 16, 4);
    if (version != EVAL_FILE_VERSION)
        EVAL_FILE_BAD("%s: format version %llu, this build reads %d", path, (unsigned long long)version, EVAL_FILE_VERSION);
    if (size != len)
        EVAL_FILE_BAD("%s: %zu bytes, its header says %llu (%s)", path, len, (unsigned long long)size,
                      len < size ? "cut short" : "bytes after the end");
    uint32_t crc = (uint32_t)eval_file_get(b + 12, 4), now = eval_file_crc(b + 16, len - 16);
    if (crc != now)
        EVAL_FILE_BAD("%s: checksum 0x%08x, the header says 0x%08x: the file is damaged", path, (unsigned)now,
                      (unsigned)crc);
    static const struct {
        int at;
        long want;
        const char *what;
    } field[] = {{28, BB__EVAL_UNIT, "unit (1/unit of a disc)"}, {32, 2, "bytes per weight"},
                 {36, BB__EVAL_PATTERNS, "patterns"}, {40, BB__EVAL_SCALARS, "scalars"},
                 {44, BB__EVAL_WEIGHTS, "weights per set"}};
    for (size_t i = 0; i < sizeof field / sizeof *field; i++)
        if (eval_file_get(b + field[i].at, 4) != (uint64_t)field[i].want)
            EVAL_FILE_BAD("%s: %s %llu, eval.h has %ld", path, field[i].what,
                          (unsigned long long)eval_file_get(b + field[i].at, 4), field[i].want);
    uint64_t sets = eval_file_get(b + 20, 4), per = eval_file_get(b + 24, 4), nn = eval_file_get(b + 48, 4);
    if (stages ? sets != (uint64_t)stages : sets != 1 && sets != BB__EVAL_STAGES)
        EVAL_FILE_BAD("%s: %llu weight sets, want %d", path, (unsigned long long)sets, stages ? stages : BB__EVAL_STAGES);
    if (per != (sets > 1 ? BB__EVAL_STAGE_EMPTIES : 0))
        EVAL_FILE_BAD("%s: %llu empties per stage, eval.h has %d", path, (unsigned long long)per,
                      sets > 1 ? BB__EVAL_STAGE_EMPTIES : 0);
    if (nn > EVAL_FILE_NOTES_MAX || eval_file_size((int)sets, (size_t)nn) != len)
        EVAL_FILE_BAD("%s: %llu bytes of notes and %llu sets do not make its %zu bytes", path, (unsigned long long)nn,
                      (unsigned long long)sets, len);
    const unsigned char *at = b + EVAL_FILE_FIXED;
    for (int j = 0; j < BB__EVAL_PATTERNS; j++, at += EVAL_FILE_PATTERN) {
        uint64_t m = eval_file_get(at, 8), t = eval_file_get(at + 8, 4);
        if (m != masks[j]) EVAL_FILE_BAD("%s: pattern %d is 0x%016llx, eval.h's is 0x%016llx", path, j,
                                         (unsigned long long)m, (unsigned long long)masks[j]);
        if (t != eval_file_table(m))
            EVAL_FILE_BAD("%s: pattern %d has %llu weights, want %llu", path, j, (unsigned long long)t,
                          (unsigned long long)eval_file_table(m));
    }
    for (uint64_t i = 0; i < nn; i++)
        if (!at[i]) EVAL_FILE_BAD("%s: a NUL byte in the notes", path);
    e->notes = malloc((size_t)nn + 1);
    e->w = malloc((size_t)sets * BB__EVAL_WEIGHTS * sizeof *e->w);
    if (!e->notes || !e->w) {
        free(e->notes), free(e->w);
        EVAL_FILE_BAD("%s: out of memory", path);
    }
#undef EVAL_FILE_BAD
    memcpy(e->notes, at, (size_t)nn);
    e->notes[nn] = '\0';
    at += nn;
    for (size_t i = 0; i < (size_t)sets * BB__EVAL_WEIGHTS; i++, at += 2) {
        int v = (int)eval_file_get(at, 2);
        e->w[i] = (int16_t)(v >= 0x8000 ? v - 0x10000 : v);
    }
    e->stages = (int)sets;
    free(b);
    return 0;
}

static inline void eval_file_free(eval_file *e)
{
    free(e->w), free(e->notes);
    memset(e, 0, sizeof *e);
}

#endif
