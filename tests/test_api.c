/* The headers' contents lists cannot rot: every public name (bb_..., BB_...;
 * not bb__/BB__) declared in include/bitboard/<module>.h appears in that
 * header's opening comment and in <bitboard.h>'s, and every name those
 * comments mention exists.  Reads the headers from the source tree (found
 * from this file's path, or BB_SOURCE_DIR in the environment).
 *
 * "Declared" means: a #define; an enumerator; a typedef name after "}"; or,
 * outside any braces, a name followed by "(" or "[" (a function or a table),
 * or by ";" after another name (extern const T name; typedef T name;). */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

enum { MAX_NAMES = 1024, NAME_LEN = 64 };
typedef struct { int n; char name[MAX_NAMES][NAME_LEN]; } name_set;

static void add(name_set *s, const char *p, size_t len)
{
    if (len >= NAME_LEN) len = NAME_LEN - 1;
    for (int i = 0; i < s->n; i++)
        if (strlen(s->name[i]) == len && memcmp(s->name[i], p, len) == 0) return;
    if (s->n == MAX_NAMES) return;
    memcpy(s->name[s->n], p, len);
    s->name[s->n++][len] = '\0';
}
static int has(const name_set *s, const char *name)
{
    for (int i = 0; i < s->n; i++)
        if (strcmp(s->name[i], name) == 0) return 1;
    return 0;
}

static int is_ident(int c) { return isalnum(c) || c == '_'; }
static int is_public(const char *p, size_t len)
{
    return len > 3 && (memcmp(p, "bb_", 3) == 0 || memcmp(p, "BB_", 3) == 0) && p[3] != '_';
}
/* BB_A1 ... BB_H8 count as listed when the list says "BB_A1 ... BB_H8". */
static int is_square(const char *n)
{
    return strlen(n) == 5 && memcmp(n, "BB_", 3) == 0 && n[3] >= 'A' && n[3] <= 'H' && n[4] >= '1' && n[4] <= '8';
}

static char *read_all(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    size_t k;
    while (buf && (k = fread(buf + len, 1, cap - len - 1, f)) > 0) {
        len += k;
        if (cap - len < 2) {
            char *b = realloc(buf, cap *= 2);
            if (!b) free(buf);
            buf = b;
        }
    }
    fclose(f);
    if (buf) buf[len] = '\0';
    return buf;
}

/* The opening comment: the contents list. */
static void leading_comment(const char *text, char *out, size_t size)
{
    const char *a = strstr(text, "/*"), *b = a ? strstr(a, "*/") : NULL;
    size_t n = a && b ? (size_t)(b - a) : 0;
    if (n >= size) n = size - 1;
    memcpy(out, a ? a : "", n);
    out[n] = '\0';
}

/* Whole-word search. */
static int mentions(const char *text, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = strstr(text, name); p; p = strstr(p + 1, name))
        if ((p == text || !is_ident((unsigned char)p[-1])) && !is_ident((unsigned char)p[n])) return 1;
    return 0;
}

/* Every public name the text mentions. */
static void mentioned(const char *text, name_set *out)
{
    for (const char *p = text; *p;) {
        if (is_ident((unsigned char)*p) && (p == text || !is_ident((unsigned char)p[-1]))) {
            const char *q = p;
            while (is_ident((unsigned char)*q)) q++;
            if (is_public(p, (size_t)(q - p))) add(out, p, (size_t)(q - p));
            p = q;
        } else {
            p++;
        }
    }
}

/* Comments and literals become spaces (newlines kept). */
static void strip(char *s)
{
    for (char *p = s; *p; p++) {
        if (p[0] == '/' && p[1] == '*') {
            char *e = strstr(p + 2, "*/");
            char *end = e ? e + 2 : p + strlen(p);
            for (; p < end; p++)
                if (*p != '\n') *p = ' ';
            p--;
        } else if (p[0] == '/' && p[1] == '/') {
            for (; *p && *p != '\n'; p++) *p = ' ';
            p--;
        } else if (*p == '"' || *p == '\'') {
            char q = *p;
            for (p++; *p && *p != q; p++) {
                if (*p == '\\' && p[1]) *p++ = ' ';
                *p = ' ';
            }
            if (!*p) return;
        }
    }
}

/* The public names a header declares (see the top), and the names its
 * preprocessor conditionals test (build macros such as BB_DEBUG). */
static void declared(char *text, name_set *decl, name_set *knobs)
{
    strip(text);
    /* Preprocessor lines: #define NAME declares; the rest only mention.
     * The extern "C" lines inside #ifdef __cplusplus are not C. */
    int after_cplusplus = 0;
    for (char *line = text; *line;) {
        char *end = strchr(line, '\n');
        if (!end) end = line + strlen(line);
        char *p = line;
        while (p < end && isspace((unsigned char)*p)) p++;
        if (p < end && *p == '#') {
            char save = *end;
            *end = '\0';
            char name[NAME_LEN];
            if (sscanf(p, "# define %63[A-Za-z0-9_]", name) == 1 && is_public(name, strlen(name)))
                add(decl, name, strlen(name));
            mentioned(p, knobs);
            after_cplusplus = strstr(p, "__cplusplus") != NULL;
            *end = save;
            for (char *c = line; c < end; c++) *c = ' ';
            while (end > line && end[-1] == '\\' && *end) { /* continuation lines */
                line = end + 1;
                end = strchr(line, '\n');
                if (!end) end = line + strlen(line);
                for (char *c = line; c < end; c++) *c = ' ';
            }
        } else if (p < end && after_cplusplus) {
            for (char *c = line; c < end; c++) *c = ' '; /* extern "C" { or } */
            after_cplusplus = 0;
        }
        line = *end ? end + 1 : end;
    }
    /* The C: track braces; enum bodies; depth 0. */
    enum { MAXD = 32 };
    int depth = 0, saw_enum = 0, is_enum[MAXD] = {0};
    char prev = ';';         /* last punctuation, or 'i' after an identifier */
    for (const char *p = text; *p;) {
        if (isspace((unsigned char)*p)) { p++; continue; }
        if (is_ident((unsigned char)*p)) {
            const char *q = p;
            while (is_ident((unsigned char)*q)) q++;
            size_t len = (size_t)(q - p);
            const char *r = q;
            while (isspace((unsigned char)*r)) r++;
            if (len == 4 && memcmp(p, "enum", 4) == 0) saw_enum = 1;
            if (is_public(p, len)) {
                if (depth == 1 && is_enum[1] && (prev == '{' || prev == ',')) add(decl, p, len);
                else if (depth == 0 && (*r == '(' || *r == '[')) add(decl, p, len);
                else if (depth == 0 && prev == '}' && *r == ';') add(decl, p, len);
                else if (depth == 0 && prev == 'i' && *r == ';') add(decl, p, len); /* extern T name; typedef */
            }
            prev = 'i';
            p = q;
            continue;
        }
        if (*p == '{') {
            if (depth + 1 < MAXD) is_enum[depth + 1] = saw_enum && depth == 0;
            depth++;
            saw_enum = 0;
        } else if (*p == '}') {
            if (depth > 0) depth--;
        } else if (*p == ';' && depth == 0) {
            saw_enum = 0;
        }
        prev = *p;
        p++;
    }
}

static char root[1024];

static void find_root(void)
{
    const char *env = getenv("BB_SOURCE_DIR");
    if (env) {
        snprintf(root, sizeof root, "%s/", env);
        return;
    }
    const char *f = __FILE__, *t = strstr(f, "tests/test_api.c");
    size_t n = t ? (size_t)(t - f) : 0;
    if (n >= sizeof root) n = 0;
    memcpy(root, f, n);
    root[n] = '\0';
}

static void contents_lists(void)
{
    char path[1200], front[1 << 15], list[1 << 15];
    snprintf(path, sizeof path, "%sinclude/bitboard.h", root);
    char *top = read_all(path);
    CHECK(top != NULL, "cannot read %s (set BB_SOURCE_DIR to the source tree)", path);
    if (!top) return;
    leading_comment(top, front, sizeof front);

    static name_set all_decl, knobs;
    char dirpath[1100];
    snprintf(dirpath, sizeof dirpath, "%sinclude/bitboard", root);
    DIR *dir = opendir(dirpath);
    CHECK(dir != NULL, "cannot list %s", dirpath);
    if (!dir) return;
    int headers = 0;
    struct dirent *e;
    while ((e = readdir(dir)) != NULL) {
        size_t n = strlen(e->d_name);
        if (n < 3 || strcmp(e->d_name + n - 2, ".h") != 0) continue;
        headers++;
        snprintf(path, sizeof path, "%sinclude/bitboard/%s", root, e->d_name);
        char *text = read_all(path);
        CHECK(text != NULL, "cannot read %s", path);
        if (!text) continue;
        leading_comment(text, list, sizeof list);
        char module[300];
        snprintf(module, sizeof module, "bitboard/%s", e->d_name);
        CHECK(strstr(front, module) != NULL, "bitboard.h's list does not name the module %s", module);
        snprintf(module, sizeof module, "#include \"bitboard/%s\"", e->d_name);
        CHECK(strstr(top, module) != NULL, "bitboard.h does not include bitboard/%s", e->d_name);

        static name_set decl;
        decl.n = 0;
        declared(text, &decl, &knobs);
        CHECK(decl.n > 0, "%s declares no public names?", e->d_name);
        for (int i = 0; i < decl.n; i++) {
            const char *name = decl.name[i];
            add(&all_decl, name, strlen(name));
            int sq = is_square(name);
            int l = sq ? mentions(list, "BB_A1") && mentions(list, "BB_H8") : mentions(list, name);
            int f = sq ? mentions(front, "BB_A1") && mentions(front, "BB_H8") : mentions(front, name);
            CHECK(l, "%s is declared in %s but not in its contents list", name, e->d_name);
            CHECK(f, "%s (declared in %s) is not in bitboard.h's list", name, e->d_name);
        }
        free(text);
    }
    closedir(dir);
    CHECK(headers >= 6, "found only %d module headers", headers);

    /* Every name a list mentions exists: no stale or made-up names. */
    static name_set named;
    named.n = 0;
    mentioned(front, &named);
    dir = opendir(dirpath);
    while (dir && (e = readdir(dir)) != NULL) {
        size_t n = strlen(e->d_name);
        if (n < 3 || strcmp(e->d_name + n - 2, ".h") != 0) continue;
        char file[1200];
        snprintf(file, sizeof file, "%sinclude/bitboard/%s", root, e->d_name);
        char *text = read_all(file);
        if (!text) continue;
        leading_comment(text, list, sizeof list);
        mentioned(list, &named);
        free(text);
    }
    if (dir) closedir(dir);
    for (int i = 0; i < named.n; i++)
        CHECK(has(&all_decl, named.name[i]) || has(&knobs, named.name[i]),
              "%s is named in a contents list but declared nowhere", named.name[i]);
    free(top);
}

int main(void)
{
    find_root();
    RUN(contents_lists);
    return bbt_finish("api");
}
