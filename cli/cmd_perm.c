/* perm: the permutation compiler from the command line: compile a map of
 * squares (or a library transform, or a program's map) to the cheapest
 * program the tracer proves; explain a library transform; check a program
 * against a map. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

typedef struct {
    const char *sub;      /* compile, explain, check */
    const char *what;     /* MAP, NAME or PROGRAM */
    const char *program;  /* --program TEXT */
    const char *against;  /* --against MAP */
    const char *strategy; /* --strategy S */
    const char *fname;    /* --name F */
    const char *out;      /* -o: text, c, svg, html, json (NULL: the summary) */
    int all_targets, list;
    bb_perm_target target;
} perm_opts;

/* A map argument's error: the message, then the text with a caret under the
 * fault.  Returns EXIT_USAGE. */
static int map_error(const char *what, const char *text, const bb_parse_error *e)
{
    cli_error("%s: %s", what, e->msg);
    if (e->pos > 0 && text) {
        const char *p = text + e->pos - 1, *start = p, *end = p;
        while (start > text && p - start < 40) start--;
        while (*end && end - start < 70) end++;
        fputs("  ", stderr);
        for (const char *q = start; q < end; q++)
            fputc((unsigned char)*q >= 0x20 && (unsigned char)*q < 0x7f ? *q : ' ', stderr);
        fprintf(stderr, "\n  %*s^\n", (int)(p - start), "");
    }
    return EXIT_USAGE;
}

static int parse_program(const char *text, const char *what, bb_trace_program **p)
{
    bb_parse_error e;
    *p = bb_trace_parse(text, &e);
    if (!*p) return map_error(what, text, &e);
    return 0;
}

/* The map of MAP, or of --program: 0, or EXIT_USAGE after the error. */
static int get_map(const perm_opts *t, bb_perm_map *m, bb_trace_program **given)
{
    bb_parse_error e;
    *given = NULL;
    if (t->program) {
        if (parse_program(t->program, "--program", given)) return EXIT_USAGE;
        if (bb_perm_from_program(*given, m, &e) != 0) {
            bb_trace_free(*given);
            *given = NULL;
            return cli_error("--program: %s", e.msg);
        }
        return 0;
    }
    if (bb_perm_parse(t->what, m, &e) != 0) return map_error("MAP", t->what, &e);
    return 0;
}

static void print_program(const bb_trace_program *p, const char *indent)
{
    size_t n = bb_perm_program_text(NULL, 0, p);
    char *text = malloc(n + 1);
    if (!text) return;
    bb_perm_program_text(text, n + 1, p);
    for (char *line = text, *nl; *line; line = nl + 1) {
        nl = strchr(line, '\n');
        if (!nl) nl = line + strlen(line) - 1;
        printf("%s%.*s\n", indent, (int)(nl - line), line);
    }
    free(text);
}

static void json_string(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') printf("\\%c", c);
        else if (c == '\n') printf("\\n");
        else if (c < 0x20) printf("\\u%04x", c);
        else putchar(c);
    }
    putchar('"');
}

static void json_program(const bb_trace_program *p)
{
    size_t n = bb_perm_program_text(NULL, 0, p);
    char *text = malloc(n + 1);
    if (!text) {
        printf("null");
        return;
    }
    bb_perm_program_text(text, n + 1, p);
    if (n && text[n - 1] == '\n') text[n - 1] = 0;
    json_string(text);
    free(text);
}

static void print_map_grid(const bb_perm_map *m)
{
    printf("where each square's bit goes (rank 8 on top; '-': anywhere):\n");
    for (int r = 7; r >= 0; r--) {
        printf("  %d ", r + 1);
        for (int f = 0; f < 8; f++) {
            int d = m->to[8 * r + f];
            if (d < 0) printf("  - ");
            else printf(" %c%c ", 'a' + (d & 7), '1' + (d >> 3));
        }
        printf("\n");
    }
    printf("     a   b   c   d   e   f   g   h\n");
}

/* Draws p with the tracer (svg or html) on standard output. */
static int draw(const bb_trace_program *p, const char *kind, const char *title)
{
    bb_trace_result r;
    if (bb_trace_run(p, NULL, &r) != 0) return cli_error("out of memory"), 1;
    size_t (*fn)(char *, size_t, const bb_trace_result *, const char *, unsigned) =
        strcmp(kind, "svg") == 0 ? bb_trace_render_svg : bb_trace_render_html;
    size_t n = fn(NULL, 0, &r, title, 0);
    char *buf = malloc(n + 1);
    if (!buf) {
        bb_trace_result_free(&r);
        return cli_error("out of memory"), 1;
    }
    fn(buf, n + 1, &r, title, 0);
    fwrite(buf, 1, n, stdout);
    free(buf);
    bb_trace_result_free(&r);
    return cli_check_output();
}

static int emit_c(const bb_trace_program *p, const bb_perm_map *m, bb_perm_target tg, const char *fname)
{
    unsigned pass[2] = {0, BB_PERM_C_PORTABLE};
    int forms = tg == BB_PERM_PORTABLE ? 1 : 2;
    for (int k = 0; k < forms; k++) {
        char name[80];
        snprintf(name, sizeof name, "%s%s", fname, k ? "_portable" : "");
        size_t n = bb_perm_emit_c(NULL, 0, p, m, tg, name, pass[k]);
        char *buf = malloc(n + 1);
        if (!buf) return cli_error("out of memory"), 1;
        bb_perm_emit_c(buf, n + 1, p, m, tg, name, pass[k]);
        if (k) printf("\n");
        fwrite(buf, 1, n, stdout);
        free(buf);
    }
    return cli_check_output();
}

static int compile_one(const perm_opts *t, const bb_perm_map *m, const bb_trace_program *given)
{
    bb_trace_program *compiled;
    bb_perm_report rep;
    if (bb_perm_compile_using(m, t->target, t->strategy, &compiled, &rep) != 0) {
        cli_error("perm compile (%s): %s", bb_perm_target_name(t->target), rep.msg);
        return t->strategy ? EXIT_USAGE : 1; /* a strategy that does not apply is a bad request */
    }
    bb_perm_cost gc;
    int have_given = given && bb_perm_price(given, t->target, &gc) == 0;
    /* a given program the compiler does not beat is the one printed (it
     * computes the map by definition; the proof says so again) */
    int given_wins = 0;
    int beaten = have_given && (gc.cost > rep.cost.cost + 1e-9 ||
                                (gc.cost > rep.cost.cost - 1e-9 && gc.uops > rep.cost.uops + 1e-9));
    if (have_given && !beaten) {
        bb_trace_proof proof;
        if (bb_perm_prove(given, m, &proof) == 0) {
            given_wins = 1;
            rep.strategy = "given";
            rep.cost = gc;
            rep.proof = proof;
        }
    }
    const bb_trace_program *p = given_wins ? given : compiled;
    const char *out = t->out;
    int rc = 0;
    if (out && strcmp(out, "text") == 0) {
        print_program(p, "");
    } else if (out && strcmp(out, "c") == 0) {
        rc = emit_c(p, m, t->target, t->fname ? t->fname : "perm_map");
    } else if (out && (strcmp(out, "svg") == 0 || strcmp(out, "html") == 0)) {
        char title[96];
        snprintf(title, sizeof title, "perm compile, target %s: %s", bb_perm_target_name(t->target), rep.strategy);
        rc = draw(p, out, title);
    } else if (out && strcmp(out, "json") == 0) {
        printf("{\"target\":\"%s\",\"strategy\":\"%s\",\"program\":", bb_perm_target_name(t->target), rep.strategy);
        json_program(p);
        printf(",\"cost\":{\"latency\":%.1f,\"uops\":%.2f,\"cost\":%.2f,\"steps\":%d},\"proved\":true,\"proof\":",
               rep.cost.latency, rep.cost.uops, rep.cost.cost, rep.cost.steps);
        json_string(rep.proof.msg);
        printf(",\"benes_swaps\":%d,\"candidates\":%d,\"full\":%s,\"map\":[", rep.swaps, rep.candidates,
               rep.full ? "true" : "false");
        for (int s = 0; s < 64; s++) printf(s ? ",%d" : "%d", m->to[s]);
        printf("]");
        if (have_given) printf(",\"given_cost\":{\"latency\":%.1f,\"uops\":%.2f,\"cost\":%.2f}", gc.latency, gc.uops, gc.cost);
        printf("}\n");
        rc = cli_check_output();
    } else {
        printf("# target %s: %s, %.1f cycles deep, %.1f uops (cost %.2f), %d steps\n", bb_perm_target_name(t->target),
               rep.strategy, rep.cost.latency, rep.cost.uops, rep.cost.cost, rep.cost.steps);
        if (have_given)
            printf("# the given program: %.1f cycles deep, %.1f uops (cost %.2f)%s\n", gc.latency, gc.uops, gc.cost,
                   given_wins ? ": not beaten, so it is the program below" : ": the one below is cheaper");
        else if (given)
            printf("# the given program uses an operation target %s lacks\n", bb_perm_target_name(t->target));
        printf("# %s\n", rep.proof.msg);
        print_program(p, "");
        rc = cli_check_output();
    }
    bb_trace_free(compiled);
    return rc;
}

static int cmd_compile(const perm_opts *t)
{
    if (t->list) {
        if (t->what || t->program) return cli_error("--list takes nothing else: it names the library transforms");
        char name[48];
        int n = bb_perm_named_count();
        for (int i = 0; i < n; i++) {
            bb_perm_named_name(i, name, sizeof name);
            size_t len = strlen(name);
            /* the line gathers once each, with SQ for the square (a name
             * ending in _<square>; rotate_cw ends in a letter, not a rank) */
            if (len > 3 && name[len - 3] == '_' && bb_parse_square(name + len - 2) >= 0) {
                if (strcmp(name + len - 2, "a1") != 0) continue;
                name[len - 2] = 0;
                printf("%sSQ\n", name);
            } else {
                printf("%s\n", name);
            }
        }
        return cli_check_output();
    }
    if (!t->what && !t->program)
        return cli_error("perm compile needs a MAP (64 destinations, or a transform's name: --list) or --program TEXT");
    if (t->what && t->program) return cli_error("perm compile takes a MAP or --program, not both");
    bb_perm_map m;
    bb_trace_program *given;
    int rc = get_map(t, &m, &given);
    if (rc) return rc;
    if (!t->all_targets) {
        rc = compile_one(t, &m, given);
    } else {
        if (t->out && strcmp(t->out, "json") != 0)
            rc = cli_error("--target all prints a table (or -o json): -o %s needs one target", t->out);
        for (int k = 0; k < BB_PERM_TARGET_COUNT && !rc; k++) {
            perm_opts one = *t;
            one.target = (bb_perm_target)k;
            one.all_targets = 0;
            if (!t->out) printf("%s# ---- %s\n", k ? "\n" : "", bb_perm_target_name(one.target));
            rc = compile_one(&one, &m, given);
        }
    }
    bb_trace_free(given);
    return rc;
}

static int cmd_explain(const perm_opts *t)
{
    if (!t->what) return cli_error("perm explain needs a transform's NAME (bitboard perm compile --list)");
    bb_perm_map m;
    if (bb_perm_named(t->what, &m) != 0)
        return cli_error("perm explain: '%s' is not a library transform (bitboard perm compile --list)", t->what);
    printf("%s: %s map\n", t->what, bb_perm_is_full(&m) ? "a full" : "a partial");
    print_map_grid(&m);
    const char *forms[4];
    int nf = bb_perm_named_forms(t->what, forms, 4);
    const char *u = strrchr(t->what, '_');
    int sq = u ? bb_parse_square(u + 1) : -1;
    printf("\nthe library's own programs (bitboard trace NAME draws them):\n");
    if (!nf) printf("  none (nothing to do)\n");
    for (int i = 0; i < nf; i++) {
        const bb_trace_form *f = bb_trace_find(forms[i]);
        if (!f) continue;
        char text[8192];
        bb_trace_form_text(text, sizeof text, f, sq < 0 ? 0 : sq);
        bb_trace_program *p = bb_trace_parse(text, NULL);
        if (!p) continue;
        printf("  %s (%s):", f->name, f->summary);
        for (int k = 0; k < BB_PERM_TARGET_COUNT; k++) {
            bb_perm_cost c;
            if (bb_perm_price(p, (bb_perm_target)k, &c) == 0) printf(" %s %.2f", bb_perm_target_name((bb_perm_target)k), c.cost);
        }
        printf("\n");
        bb_trace_free(p);
    }
    printf("\ncompiled, per target (cost: cycles for one call, the longer of the chain and the busiest\n"
           "resource; array: uops per board):\n");
    for (int k = 0; k < BB_PERM_TARGET_COUNT; k++) {
        bb_trace_program *p;
        bb_perm_report rep;
        if (bb_perm_compile(&m, (bb_perm_target)k, &p, &rep) != 0) {
            printf("  %s: %s\n", bb_perm_target_name((bb_perm_target)k), rep.msg);
            continue;
        }
        printf("  %s: %s, cost %.2f (%.1f cycles, %.1f uops, %d steps); Benes network: %d swaps\n",
               bb_perm_target_name((bb_perm_target)k), rep.strategy, rep.cost.cost, rep.cost.latency, rep.cost.uops,
               rep.cost.steps, rep.swaps);
        if (rep.cost.steps <= 12) print_program(p, "      ");
        if (k == 0) printf("    %s\n", rep.proof.msg);
        bb_trace_free(p);
    }
    return cli_check_output();
}

static int cmd_check(const perm_opts *t)
{
    if (!t->what) return cli_error("perm check needs a PROGRAM (in the tracer's language) and --against MAP");
    if (!t->against) return cli_error("perm check needs --against MAP: the map the program should compute");
    bb_trace_program *p;
    if (parse_program(t->what, "PROGRAM", &p)) return EXIT_USAGE;
    bb_perm_map m;
    bb_parse_error e;
    if (bb_perm_parse(t->against, &m, &e) != 0) {
        bb_trace_free(p);
        return map_error("--against", t->against, &e);
    }
    if (bb_trace_var_count(p) != 1) {
        bb_trace_free(p);
        return cli_error("perm check: the program has %d inputs; a map is of one board", bb_trace_var_count(p));
    }
    bb_trace_proof proof;
    int rc = bb_perm_prove(p, &m, &proof);
    bb_trace_free(p);
    printf("%s%s\n", rc == 0 ? "" : rc > 0 ? "WRONG: " : "not proven: ", proof.msg);
    if (rc > 0) {
        uint64_t diff = proof.got ^ proof.want;
        if (diff) {
            int b = 0;
            while (!(diff >> b & 1)) b++;
            printf("first output that differs: %c%c (bit %d)\n", 'a' + (b & 7), '1' + (b >> 3), b);
        }
    }
    if (cli_check_output()) return 1;
    return rc == 0 ? 0 : 1;
}

static const char options_list[] = "--target T|all, -o text|c|svg|html|json, --program TEXT, --strategy S, --name F, "
                                   "--list, --against MAP";

int cli_cmd_perm(int argc, char **argv, const cli_opts *o)
{
    (void)o;
    perm_opts t;
    memset(&t, 0, sizeof t);
    t.target = BB_PERM_PORTABLE;
    int target_given = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (cli_option_value(argc, argv, &i, "--target", &v)) {
            if (target_given) return cli_error("--target given twice");
            target_given = 1;
            if (v && strcmp(v, "all") == 0) t.all_targets = 1;
            else if (!v || bb_perm_target_from_name(v, &t.target) != 0)
                return cli_error("--target needs portable, bmi2, gfni, avx512, array or all%s%s%s", v ? " (not '" : "",
                                 v ? v : "", v ? "')" : "");
        } else if (cli_option_value(argc, argv, &i, "-o", &v) || cli_option_value(argc, argv, &i, "--output", &v)) {
            if (t.out) return cli_error("-o given twice");
            if (!v || !(strcmp(v, "text") == 0 || strcmp(v, "c") == 0 || strcmp(v, "svg") == 0 ||
                        strcmp(v, "html") == 0 || strcmp(v, "json") == 0))
                return cli_error("perm: -o needs text, c, svg, html or json%s%s%s", v ? " (not '" : "", v ? v : "",
                                 v ? "')" : "");
            t.out = v;
        } else if (cli_option_value(argc, argv, &i, "--program", &v)) {
            if (t.program) return cli_error("--program given twice");
            if (!v) return cli_error("--program needs a program in the tracer's language (quote it as one argument)");
            t.program = v;
        } else if (cli_option_value(argc, argv, &i, "--against", &v)) {
            if (t.against) return cli_error("--against given twice");
            if (!v) return cli_error("--against needs a MAP");
            t.against = v;
        } else if (cli_option_value(argc, argv, &i, "--strategy", &v)) {
            int ok = 0;
            for (int k = 0; v && k < bb_perm_strategy_count(); k++) ok |= strcmp(v, bb_perm_strategy_name(k)) == 0;
            if (!ok)
                return cli_error("--strategy needs search, groups, barrel, pext, multiply, benes, bitgather or "
                                 "library%s%s%s", v ? " (not '" : "", v ? v : "", v ? "')" : "");
            t.strategy = v;
        } else if (cli_option_value(argc, argv, &i, "--name", &v)) {
            int ok = v && ((*v >= 'a' && *v <= 'z') || (*v >= 'A' && *v <= 'Z') || *v == '_') && strlen(v) < 64;
            for (const char *q = v; ok && *q; q++)
                ok = (*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') || (*q >= '0' && *q <= '9') || *q == '_';
            if (!ok) return cli_error("--name needs a C identifier (letters, digits, _; under 64 characters)");
            t.fname = v;
        } else if (strcmp(a, "--list") == 0) {
            t.list = 1;
        } else if (a[0] == '-' && a[1] == '-' && a[2]) {
            return cli_error("perm: unknown option '%s': use %s", a, options_list);
        } else if (!t.sub) {
            t.sub = a;
        } else if (!t.what) {
            t.what = a;
        } else {
            return cli_error("perm %s takes one argument: '%s' is one too many (quote the map as one argument)", t.sub, a);
        }
    }
    if (!t.sub) return cli_error("perm needs a subcommand: compile, explain or check (bitboard help perm)");
    if (strcmp(t.sub, "compile") == 0) {
        if (t.against) return cli_error("--against goes with perm check");
        return cmd_compile(&t);
    }
    if (t.program || t.list || t.strategy || t.fname || t.all_targets)
        return cli_error("perm %s: --program, --list, --strategy, --name and --target all go with perm compile", t.sub);
    if (strcmp(t.sub, "explain") == 0) {
        if (t.out || t.against) return cli_error("perm explain takes a NAME alone");
        return cmd_explain(&t);
    }
    if (strcmp(t.sub, "check") == 0) {
        if (t.out) return cli_error("perm check prints the proof: -o does not apply");
        return cmd_check(&t);
    }
    return cli_error("perm: unknown subcommand '%s': compile, explain or check", t.sub);
}

/* ---- demo ------------------------------------------------------------------------------ */

void cli_demo_perm(const cli_opts *o)
{
    (void)o;
    printf("The permutation compiler takes a map of the squares (here the inverse of\n"
           "the wiki's pseudo-rotation by 45 degrees: file f up f ranks) and finds the\n"
           "cheapest program for a CPU, which the tracer then proves for every input:\n\n");
    bb_perm_map m;
    if (bb_perm_named("pseudo_unrotate45_cw", &m) != 0) return;
    static const bb_perm_target targets[] = {BB_PERM_PORTABLE, BB_PERM_ARRAY};
    for (int k = 0; k < 2; k++) {
        bb_trace_program *p;
        bb_perm_report r;
        if (bb_perm_compile(&m, targets[k], &p, &r) != 0) continue;
        printf("%s (%s strategy, cost %.2f %s):\n", bb_perm_target_name(targets[k]), r.strategy, r.cost.cost,
               targets[k] == BB_PERM_ARRAY ? "uops per board" : "cycles");
        print_program(p, "  ");
        bb_trace_free(p);
    }
    printf("\nbitboard perm compile MAP --target all tries every CPU; -o c writes the C.\n");
}
