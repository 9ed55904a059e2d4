/* Square mappings: the names.  The conversions are inline in mapping.h. */
#include "bitboard.h"

static const char *const mapping_names[BB_MAP_COUNT] = {
    "lerf", "lerbef", "berlef", "berf", "lefr", "lefber", "befler", "befr",
};

const char *bb_mapping_name(bb_mapping m)
{
    return (unsigned)m < BB_MAP_COUNT ? mapping_names[m] : NULL;
}

int bb_mapping_from_name(const char *name, bb_mapping *m)
{
    BB__ASSERT_NOT_NULL(name, "name");
    BB__ASSERT_NOT_NULL(m, "m");
    int i = bb__name_index(name, mapping_names, BB_MAP_COUNT);
    if (i < 0 || !m) return -1;
    *m = (bb_mapping)i;
    return 0;
}
