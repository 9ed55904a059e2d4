/* trace: follow the bits of a board through a program of bit operations,
 * prove what it does and draw it (terminal, SVG, HTML); the trace part of
 * the demo. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

typedef struct {
    const char *what;          /* the NAME|PROGRAM argument */
    const char *svg, *html;    /* --svg, --html files ("-": standard output) */
    const char *inputs[BB_TRACE_MAX_VARS + 1];
    const char *against;       /* --against NAME|PROGRAM */
    int ninputs, check, list, color; /* color: -1 never, 0 auto, 1 always */
    int square;                /* --square, or -1 */
} trace_opts;

/* A renderer: the snprintf-style bb_trace_render_* functions. */
typedef size_t (*render_fn)(char *buf, size_t size, const bb_trace_result *r, const char *title, unsigned flags);


/* The picture in a new buffer (NULL if out of memory); *len its length. */
static char *render(render_fn fn, const bb_trace_result *r, const char *title, unsigned flags, size_t *len)
{
    size_t n = fn(NULL, 0, r, title, flags);
    char *buf = malloc(n + 1);
    if (!buf) return NULL;
    fn(buf, n + 1, r, title, flags);
    *len = n;
    return buf;
}

/* Writes a picture to path ("-": standard output); 0, or 1 after the error. */
static int write_picture(const char *path, render_fn fn, const bb_trace_result *r, const char *title, const char *opt)
{
    size_t len;
    char *buf = render(fn, r, title, 0, &len);
    if (!buf) return cli_error("out of memory drawing %s", path), 1;
    cli_outfile of;
    int rc = cli_outfile_open(&of, opt, path, CLI_OUT_STDOUT);
    if (rc == 0) {
        cli_outfile_put(&of, buf, len);
        rc = cli_outfile_close(&of, 1);
    }
    free(buf);
    return rc;
}

/* Reads all of standard input into a new string (NULL after an error, printed). */
static char *read_stdin(void)
{
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    while (buf) {
        if (len + 1 >= cap) {
            char *more = cap > ((size_t)1 << 26) ? NULL : realloc(buf, cap * 2);
            if (!more) {
                free(buf);
                cli_error("standard input: the program is too long (64 MB at most)");
                return NULL;
            }
            buf = more, cap *= 2;
        }
        size_t got = fread(buf + len, 1, cap - 1 - len, stdin);
        len += got;
        if (got == 0) break;
    }
    if (!buf) {
        cli_error("out of memory reading standard input");
        return NULL;
    }
    if (ferror(stdin)) {
        free(buf);
        cli_error("reading standard input: %s", strerror(errno));
        return NULL;
    }
    buf[len] = '\0';
    if (memchr(buf, '\0', len)) {
        free(buf);
        cli_error("standard input: the program contains a NUL byte");
        return NULL;
    }
    return buf;
}

/* Prints a program's parse error: where (character, line, column) and why,
 * then the line with a caret under the fault.  Returns EXIT_USAGE. */
static int program_error(const char *text, const char *origin, const bb_parse_error *e)
{
    if (e->pos <= 0) return cli_error("%s: %s", origin, e->msg);
    cli_error("%s: %s", origin, e->msg); /* the message says the line and column */
    /* the line of the fault, at most 60 characters of it around the column */
    const char *p = text + e->pos - 1, *start = p, *end = p;
    while (start > text && start[-1] != '\n' && p - start < 40) start--;
    while (*end && *end != '\n' && end - start < 60) end++;
    fputs("  ", stderr);
    for (const char *q = start; q < end; q++) fputc((unsigned char)*q >= 0x20 && (unsigned char)*q < 0x7f ? *q : ' ', stderr);
    fprintf(stderr, "\n  %*s^\n", (int)(p - start), "");
    return EXIT_USAGE;
}

/* Whether text could only be meant as a form's name (letters, digits, '_'). */
static int looks_like_name(const char *text)
{
    if (!*text) return 0;
    for (const char *q = text; *q; q++)
        if (!((*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') || (*q >= '0' && *q <= '9') || *q == '_')) return 0;
    return strchr(text, '_') != NULL;
}

static int list_forms(void)
{
    int n = bb_trace_library_count();
    for (int i = 0; i < n; i++) {
        const bb_trace_form *f = bb_trace_library(i);
        printf("%-32s %s\n", f->name, f->summary);
    }
    return 0;
}

/* Proves one form against its definition and prints one line (after
 * prefix): 0 proven, 1 wrong (a counterexample), 2 refused (too many input
 * bits to try), 3 nothing to prove against (a form with no definition). */
static int prove_form(const bb_trace_form *f, const bb_trace_program *p, int sq, const char *prefix)
{
    bb_trace_proof proof;
    if (!f->definition) {
        bb_trace_result r;
        bb_trace_verdict v;
        if (bb_trace_run(p, NULL, &r) != 0) return cli_error("out of memory tracing %s", f->name), 1;
        bb_trace_judge(&r, &v);
        bb_trace_result_free(&r);
        printf("%sno definition to prove against (its unit test checks the table it indexes); %s\n", prefix, v.msg);
        return 3;
    }
    /* a form that takes a square is proven at the square its program was made for */
    int rc = bb_trace_prove(p, f->definition, f->square >= 0 ? (const void *)&sq : f->arg, &proof);
    printf("%s%s%s\n", prefix, rc == 0 ? "" : rc > 0 ? "WRONG: " : "not proven: ", proof.msg); /* msg says "proven" */
    return rc == 0 ? 0 : rc > 0 ? 1 : 2;
}

/* all --check: every library form, one line each, then a count; 1 if one
 * is wrong or does not parse. */
static int check_all(void)
{
    int n = bb_trace_library_count(), count[4] = {0}, broken = 0;
    for (int i = 0; i < n; i++) {
        const bb_trace_form *f = bb_trace_library(i);
        char prefix[64];
        snprintf(prefix, sizeof prefix, "%s: ", f->name);
        size_t len = bb_trace_form_text(NULL, 0, f, f->square);
        char *text = malloc(len + 1);
        if (!text) return cli_error("out of memory");
        bb_trace_form_text(text, len + 1, f, f->square);
        bb_parse_error e;
        bb_trace_program *p = bb_trace_parse(text, &e);
        free(text);
        if (!p) {
            printf("%sits program does not parse: %s\n", prefix, e.msg);
            broken++;
            continue;
        }
        count[prove_form(f, p, f->square, prefix)]++;
        bb_trace_free(p);
    }
    printf("%d forms: %d proven, %d wrong, %d refused, %d without a definition, %d not parsed\n", n, count[0],
           count[1], count[2], count[3], broken);
    /* the rule of a single form's --check: 0 only if nothing is wrong or unproven */
    return count[1] || count[2] || broken ? 1 : 0;
}

/* Sets the run's inputs from --input [NAME=]BOARD (in order, or by name). */
static int read_inputs(const trace_opts *t, const bb_trace_program *p, const cli_opts *o, uint64_t *in)
{
    int next = 0;
    for (int i = 0; i < t->ninputs; i++) {
        const char *a = t->inputs[i], *eq = strchr(a, '='), *board = a;
        int slot = -1;
        if (eq && eq > a) {
            for (int v = 0; v < p->nvars; v++) {
                const char *name = bb_trace_name(p, v);
                if (strlen(name) == (size_t)(eq - a) && strncmp(name, a, (size_t)(eq - a)) == 0) slot = v;
            }
            if (slot < 0)
                return cli_error("--input %s: the program has no input '%.*s' (its inputs: %s%s%s%s%s%s%s)", a,
                                 (int)(eq - a), a, bb_trace_name(p, 0), p->nvars > 1 ? " " : "",
                                 p->nvars > 1 ? bb_trace_name(p, 1) : "", p->nvars > 2 ? " " : "",
                                 p->nvars > 2 ? bb_trace_name(p, 2) : "", p->nvars > 3 ? " " : "",
                                 p->nvars > 3 ? bb_trace_name(p, 3) : "");
            board = eq + 1;
        } else {
            slot = next;
            if (slot >= p->nvars)
                return cli_error("--input %s: one too many: the program has %d input%s", a, p->nvars,
                                 p->nvars == 1 ? "" : "s");
        }
        next = slot + 1;
        bb_parse_error e;
        if (bb_parse_board(board, o->io_flags, &in[slot], &e) != 0)
            return cli_error("--input %s: %s", a, e.msg);
    }
    return 0;
}

/* --against PROGRAM: the other program, evaluated, is the definition. */
static uint64_t eval_other(const uint64_t *in, const void *arg)
{
    return bb_trace_eval((const bb_trace_program *)arg, in);
}

/* The program p against NAME|PROGRAM: "equal for every input" (0), a
 * counterexample with the first square where the two differ (1), or why it
 * could not be proven either way (1); a bad NAME or PROGRAM is 2. */
static int prove_against(const trace_opts *t, const bb_trace_program *p)
{
    const bb_trace_form *g = bb_trace_find(t->against);
    bb_trace_program *q = NULL;
    bb_trace_def *def;
    const void *arg;
    int sq = 0;
    char what[96];
    if (g) {
        def = g->definition ? g->definition : g->compiled;
        if (!def) return cli_error("--against %s: the form has no definition nor routine to compare with", g->name);
        sq = g->square >= 0 && t->square >= 0 ? t->square : g->square;
        arg = g->square >= 0 ? (const void *)&sq : g->arg;
        size_t n = bb_trace_form_text(NULL, 0, g, sq);
        char *text = malloc(n + 1);
        if (!text) return cli_error("out of memory");
        bb_trace_form_text(text, n + 1, g, sq);
        bb_parse_error e;
        q = bb_trace_parse(text, &e);
        free(text);
        if (!q) return cli_error("--against %s: its program does not parse: %s", g->name, e.msg);
        if (g->square >= 0) {
            char sqname[3];
            snprintf(what, sizeof what, "%s (square %s, its %s)", g->name, bb_square_name(sq, sqname),
                     g->definition ? "definition" : "library routine");
        } else {
            snprintf(what, sizeof what, "%s (its %s)", g->name, g->definition ? "definition" : "library routine");
        }
    } else {
        bb_parse_error e;
        if (!(q = bb_trace_parse(t->against, &e))) {
            if (looks_like_name(t->against))
                return cli_error("--against '%s' is not a library form (bitboard trace --list names them) nor a "
                                 "program: %s", t->against, e.msg);
            return program_error(t->against, "--against", &e);
        }
        def = eval_other, arg = q;
        snprintf(what, sizeof what, "the other program");
    }
    int rc;
    if (bb_trace_var_count(q) != bb_trace_var_count(p)) {
        rc = cli_error("--against: the program has %d input%s, %s %d: they cannot be compared", bb_trace_var_count(p),
                       bb_trace_var_count(p) == 1 ? "" : "s", what, bb_trace_var_count(q));
        bb_trace_free(q);
        return rc;
    }
    bb_trace_proof proof;
    int k = bb_trace_prove(p, def, arg, &proof);
    if (k == 0) {
        const char *how = proof.msg;
        if (strncmp(how, "proven for every input: ", 24) == 0) how += 24;
        printf("equal to %s for every input: %s\n", what, how);
        rc = 0;
    } else if (k > 0) {
        uint64_t d = proof.got ^ proof.want;
        int first = 0;
        while (!((d >> first) & 1)) first++;
        char sqname[3];
        printf("NOT equal to %s: counterexample", what);
        for (int v = 0; v < bb_trace_var_count(p); v++)
            printf(" %s = 0x%016llx", bb_trace_name(p, v), (unsigned long long)proof.counterexample[v]);
        printf(": the program gives 0x%016llx, %s 0x%016llx; the first square where they differ is %s (the program "
               "%d, %s %d)\n", (unsigned long long)proof.got, g ? g->name : "the other", (unsigned long long)proof.want,
               bb_square_name(first, sqname), (int)((proof.got >> first) & 1), g ? g->name : "the other",
               (int)((proof.want >> first) & 1));
        rc = 1;
    } else {
        printf("not proven either way against %s: %s\n", what, proof.msg);
        rc = 1;
    }
    bb_trace_free(q);
    return rc;
}

static int run_trace(const trace_opts *t, const cli_opts *o)
{
    const bb_trace_form *form = NULL;
    char *owned = NULL, title[256], *form_text = NULL;
    const char *text = t->what, *origin = "program";
    if (strcmp(t->what, "-") == 0) {
        if (!(owned = read_stdin())) return EXIT_USAGE;
        text = owned, origin = "<stdin>";
    } else if ((form = bb_trace_find(t->what)) != NULL) {
        int sq = t->square >= 0 ? t->square : form->square;
        size_t n = bb_trace_form_text(NULL, 0, form, sq);
        if (!(form_text = malloc(n + 1))) return cli_error("out of memory");
        bb_trace_form_text(form_text, n + 1, form, sq);
        text = form_text, origin = form->name;
    }
    if (t->square >= 0 && (!form || form->square < 0)) {
        free(owned);
        free(form_text);
        return cli_error("--square applies to a library form that takes a square (%s does not)",
                         form ? form->name : "a program text");
    }
    bb_parse_error e;
    bb_trace_program *p = bb_trace_parse(text, &e);
    if (!p) {
        int rc;
        if (!form && !owned && looks_like_name(t->what))
            rc = cli_error("'%s' is not a library form (bitboard trace --list names them) nor a program: %s",
                           t->what, e.msg);
        else rc = program_error(text, origin, &e);
        free(owned);
        free(form_text);
        return rc;
    }
    uint64_t in[BB_TRACE_MAX_VARS] = {0};
    int rc = p->nsteps == 0 ? cli_error("%s: the program is empty: no operation in it (the identity is `x`)", origin)
                            : read_inputs(t, p, o, in);
    bb_trace_result r;
    if (rc == 0 && bb_trace_run(p, t->ninputs ? in : NULL, &r) != 0) rc = cli_error("out of memory tracing the program");
    if (rc) {
        bb_trace_free(p);
        free(owned);
        free(form_text);
        return rc;
    }
    if (form) {
        char sqname[3];
        int sq = t->square >= 0 ? t->square : form->square;
        if (sq >= 0) snprintf(title, sizeof title, "%s (square %s): %s", form->name, bb_square_name(sq, sqname),
                              form->summary);
        else snprintf(title, sizeof title, "%s: %s", form->name, form->summary);
    }
    const char *ttl = form ? title : NULL;
    int form_sq = form ? (t->square >= 0 ? t->square : form->square) : -1;
    if (t->against) {
        rc = prove_against(t, p);
    } else if (t->check) {
        if (form) {
            int k = prove_form(form, p, form_sq, ""); /* proven or nothing to prove against: 0; wrong or refused: 1 */
            rc = k == 1 || k == 2;
        } else {
            bb_trace_verdict v;
            bb_trace_judge(&r, &v);
            printf("%s\n", v.msg);
            rc = v.kind == BB_TRACE_LOSSY || v.kind == BB_TRACE_NONLINEAR_KIND;
        }
    } else if (!t->svg && !t->html) {
        unsigned flags = 0;
        const char *nc = getenv("NO_COLOR");
        if (t->color > 0 || (t->color == 0 && isatty(1) && !(nc && nc[0]))) flags |= BB_TRACE_COLOR;
        size_t len;
        char *pic = render(bb_trace_render_text, &r, ttl, flags, &len);
        if (!pic) rc = cli_error("out of memory drawing the trace");
        else {
            fwrite(pic, 1, len, stdout);
            free(pic);
            if (form) prove_form(form, p, form_sq, "proof: ");
        }
    }
    if (rc != EXIT_USAGE && t->svg) {
        int w = write_picture(t->svg, bb_trace_render_svg, &r, ttl, "--svg");
        if (w) rc = w;
    }
    if (rc != EXIT_USAGE && t->html) {
        int w = write_picture(t->html, bb_trace_render_html, &r, ttl, "--html");
        if (w) rc = w;
    }
    bb_trace_result_free(&r);
    bb_trace_free(p);
    free(owned);
    free(form_text);
    return rc;
}

static const char options_list[] =
    "--input B, --svg F, --html F, --check, --against NAME|PROGRAM, --list, --square S, --color W";

int cli_cmd_trace(int argc, char **argv, const cli_opts *o)
{
    trace_opts t;
    memset(&t, 0, sizeof t);
    t.square = -1;
    if (o->format_given) return cli_error("trace draws pictures: -o does not apply (--check prints the verdict alone)");
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (cli_option_value(argc, argv, &i, "--input", &v)) {
            if (!v) return cli_error("--input needs a BOARD (or NAME=BOARD for a program's input NAME)");
            if (t.ninputs == BB_TRACE_MAX_VARS)
                return cli_error("--input given more than %d times: a program has at most %d inputs", BB_TRACE_MAX_VARS,
                                 BB_TRACE_MAX_VARS);
            t.inputs[t.ninputs++] = v;
        } else if (cli_option_value(argc, argv, &i, "--svg", &v)) {
            if (t.svg) return cli_error("--svg given twice");
            if (!v || !*v) return cli_error("--svg needs a FILE ('-' for standard output)");
            t.svg = v;
        } else if (cli_option_value(argc, argv, &i, "--html", &v)) {
            if (t.html) return cli_error("--html given twice");
            if (!v || !*v) return cli_error("--html needs a FILE ('-' for standard output)");
            t.html = v;
        } else if (cli_option_value(argc, argv, &i, "--square", &v)) {
            if (t.square >= 0) return cli_error("--square given twice");
            if (!v) return cli_error("--square needs a square (a1..h8)");
            if ((t.square = bb_parse_square(v)) < 0) return cli_error("--square: '%s' is not a square (a1..h8)", v);
        } else if (cli_option_value(argc, argv, &i, "--color", &v)) {
            if (v && cli_name_is(v, "always")) t.color = 1;
            else if (v && cli_name_is(v, "never")) t.color = -1;
            else if (v && cli_name_is(v, "auto")) t.color = 0;
            else return cli_error("--color needs always, never or auto%s%s%s", v ? " (not '" : "", v ? v : "",
                                  v ? "')" : "");
        } else if (cli_option_value(argc, argv, &i, "--against", &v)) {
            if (t.against) return cli_error("--against given twice");
            if (!v || !*v) return cli_error("--against needs a NAME (bitboard trace --list) or a PROGRAM to compare with");
            t.against = v;
        } else if (strcmp(a, "--check") == 0) {
            t.check = 1;
        } else if (strcmp(a, "--list") == 0) {
            t.list = 1;
        } else if (a[0] == '-' && a[1] == '-' && ((a[2] >= 'a' && a[2] <= 'z') || (a[2] >= 'A' && a[2] <= 'Z'))) {
            return cli_error("trace: unknown option '%s': use %s", a, options_list);
        } else if (!t.what) {
            t.what = a;
        } else {
            return cli_error("trace takes one NAME or PROGRAM: argument %d ('%s') is one too many (quote the "
                             "program as one argument)", i, a);
        }
    }
    if (t.list) {
        if (t.what || t.check || t.against || t.svg || t.html || t.ninputs || t.square >= 0)
            return cli_error("--list takes nothing else: it names the library's program forms");
        return list_forms();
    }
    if (!t.what)
        return cli_error("trace needs a NAME (bitboard trace --list) or a PROGRAM, e.g. "
                         "'x & 0x0101010101010101; * 0x0102040810204080; >> 56'");
    if (strcmp(t.what, "all") == 0) {
        if (!t.check || t.against || t.svg || t.html || t.ninputs || t.square >= 0)
            return cli_error("'all' goes with --check alone: bitboard trace all --check proves every form");
        return check_all();
    }
    if (t.against && (t.svg || t.html))
        return cli_error("--against prints the comparison alone: draw the program without it (--svg, --html)");
    return run_trace(&t, o);
}

/* ---- demo ------------------------------------------------------------------------------ */

void cli_demo_trace(const cli_opts *o)
{
    (void)o;
    static const char program[] = "x & 0x0101010101010101; * 0x0102040810204080; >> 56";
    printf("The tracer follows every bit of a board through a program of bit\n"
           "operations and proves what the program does.  Here file a is gathered\n"
           "into 8 bits by a multiplication (bitboard trace PROGRAM draws any\n"
           "program): each cell names the square whose bit it holds, the rows above\n"
           "a grid are what the step pushed past bit 63, the rows below what fell\n"
           "under bit 0.\n\n");
    bb_parse_error e;
    bb_trace_program *p = bb_trace_parse(program, &e);
    bb_trace_result r;
    if (!p || bb_trace_run(p, NULL, &r) != 0) {
        bb_trace_free(p);
        printf("(the tracer is not available in this build)\n");
        return;
    }
    size_t len;
    char *pic = render(bb_trace_render_text, &r, NULL, 0, &len);
    if (pic) fwrite(pic, 1, len, stdout);
    free(pic);
    bb_trace_result_free(&r);
    bb_trace_free(p);
    printf("\nbitboard trace --list names every library routine with a program form;\n"
           "bitboard trace NAME --html page.html draws one as a page to step through.\n");
}
