/* The one name matcher behind every bb_*_from_name: ASCII case ignored. */
#include "bitboard.h"

static int lower(int c) { return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c; }

int bb__name_index(const char *name, const char *const names[], int count)
{
    if (!name) return -1;
    for (int i = 0; i < count; i++) {
        const char *a = name, *b = names[i];
        while (*a && lower((unsigned char)*a) == lower((unsigned char)*b)) a++, b++;
        if (*a == '\0' && *b == '\0') return i;
    }
    return -1;
}
