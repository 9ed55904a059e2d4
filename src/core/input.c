/* Input that may be compressed: zstd, gzip and bzip2 told apart by their
 * magic bytes and decompressed as a stream, in constant memory, through the
 * system's libzstd, zlib and libbz2.
 *
 * The libraries are loaded when a file first needs one (dlopen), not linked:
 * a program using libbitboard links nothing more, a machine without libbz2
 * reads every other format, and the message says which library is missing.
 * Their headers are needed at build time for the types; a build without a
 * header (or for a target without dlopen, as wasm) names the format it
 * cannot read when it meets one. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bitboard.h"
#include "input.h"

#if defined(__has_include) && (defined(__unix__) || defined(__APPLE__)) && !defined(__wasm__) && \
    !defined(BB_NO_DECOMPRESS)
#if __has_include(<dlfcn.h>)
#include <dlfcn.h>
#include <pthread.h>
#define HAVE_DL 1
#endif
#if defined(HAVE_DL) && __has_include(<zstd.h>)
#include <zstd.h>
#define HAVE_ZSTD 1
#endif
#if defined(HAVE_DL) && __has_include(<zlib.h>)
#include <zlib.h>
#define HAVE_ZLIB 1
#endif
#if defined(HAVE_DL) && __has_include(<bzlib.h>)
#include <bzlib.h>
#define HAVE_BZ2 1
#endif
#endif

#if defined(HAVE_ZSTD) || defined(HAVE_ZLIB) || defined(HAVE_BZ2)
#define HAVE_DECODER 1
#endif

enum { CHUNK = 1 << 17 };

static const char *const format_names[] = {"plain", "zstd", "gzip", "bzip2"};
static const char *const dev_packages[] = {"", "libzstd-dev", "zlib1g-dev", "libbz2-dev"};
static const char *const suffixes[][3] = {{NULL}, {".zst", ".zstd", NULL}, {".gz", ".gzip", NULL}, {".bz2", NULL}};

struct bb_input {
    FILE *f;
    int close_f;
    int format;
    char name[112];       /* the path as shown in messages (its last 100 characters) */
    unsigned char head[4]; /* the bytes read to tell the format, not yet used */
    size_t head_n, head_at;
    unsigned char *in;    /* compressed bytes read and not yet decoded: in[in_at..in_n) */
    size_t in_at, in_n;
    int in_eof;           /* the file has no more bytes */
    uint64_t read_in;     /* compressed bytes taken from the file */
    uint64_t out;         /* bytes delivered */
    int mid;              /* inside a frame, member or stream (so its end is missing if the file ends) */
    int failed;
    char err[320];
    void *state;
};

/* ---- the libraries, loaded once --------------------------------------------------------- */

#ifdef HAVE_ZSTD
static struct {
    ZSTD_DStream *(*create)(void);
    size_t (*free_)(ZSTD_DStream *);
    size_t (*init)(ZSTD_DStream *);
    size_t (*decompress)(ZSTD_DStream *, ZSTD_outBuffer *, ZSTD_inBuffer *);
    unsigned (*is_error)(size_t);
    const char *(*error_name)(size_t);
} zstd;
#endif
#ifdef HAVE_ZLIB
static struct {
    int (*init2)(z_streamp, int, const char *, int);
    int (*inflate)(z_streamp, int);
    int (*end)(z_streamp);
    int (*reset)(z_streamp);
} zl;
#endif
#ifdef HAVE_BZ2
static struct {
    int (*init)(bz_stream *, int, int);
    int (*decompress)(bz_stream *);
    int (*end)(bz_stream *);
} bz;
#endif

#ifdef HAVE_DL
static pthread_mutex_t load_lock = PTHREAD_MUTEX_INITIALIZER;
#define LOCK() pthread_mutex_lock(&load_lock)
#define UNLOCK() pthread_mutex_unlock(&load_lock)
#else /* no decoder to load: nothing to guard */
#define LOCK() (void)0
#define UNLOCK() (void)0
#endif
static int loaded[4];         /* 0 not tried, 1 loaded, -1 failed */
static char load_error[4][160];

#ifdef HAVE_DL
/* Sets the n function pointers at fns (each a pointer to a function pointer)
 * from the first library of names that loads: 0, or -1 and the reason. */
static int load(int format, const char *const *libs, const char *const *syms, void *const *fns, int n)
{
    void *h = NULL;
    for (int k = 0; libs[k] && !h; k++) h = dlopen(libs[k], RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        const char *why = dlerror();
        snprintf(load_error[format], sizeof load_error[format], "%s cannot be loaded (%s)", libs[0],
                 why ? why : "not found");
        return -1;
    }
    for (int k = 0; k < n; k++) {
        void *sym = dlsym(h, syms[k]);
        if (!sym) {
            snprintf(load_error[format], sizeof load_error[format], "%s has no %s", libs[0], syms[k]);
            dlclose(h);
            return -1;
        }
        memcpy(fns[k], &sym, sizeof sym); /* a data pointer to a function pointer, as POSIX allows */
    }
    return 0;
}
#endif

/* 0 if the library of format is ready, else -1 with the reason in msg. */
static int need(int format, char *msg, size_t size)
{
    LOCK();
    if (!loaded[format]) {
        int ok = -1;
        snprintf(load_error[format], sizeof load_error[format],
                 "this build of bitboard cannot read %s-compressed input (built without %s)", format_names[format],
                 dev_packages[format]);
#ifdef HAVE_ZSTD
        if (format == BB_INPUT_ZSTD) {
            static const char *const libs[] = {"libzstd.so.1", "libzstd.so", NULL};
            static const char *const syms[] = {"ZSTD_createDStream", "ZSTD_freeDStream", "ZSTD_initDStream",
                                               "ZSTD_decompressStream", "ZSTD_isError", "ZSTD_getErrorName"};
            void *const fns[] = {&zstd.create, &zstd.free_, &zstd.init, &zstd.decompress, &zstd.is_error,
                                 &zstd.error_name};
            ok = load(format, libs, syms, fns, 6);
        }
#endif
#ifdef HAVE_ZLIB
        if (format == BB_INPUT_GZIP) {
            static const char *const libs[] = {"libz.so.1", "libz.so", NULL};
            static const char *const syms[] = {"inflateInit2_", "inflate", "inflateEnd", "inflateReset"};
            void *const fns[] = {&zl.init2, &zl.inflate, &zl.end, &zl.reset};
            ok = load(format, libs, syms, fns, 4);
        }
#endif
#ifdef HAVE_BZ2
        if (format == BB_INPUT_BZIP2) {
            static const char *const libs[] = {"libbz2.so.1.0", "libbz2.so.1", "libbz2.so", NULL};
            static const char *const syms[] = {"BZ2_bzDecompressInit", "BZ2_bzDecompress", "BZ2_bzDecompressEnd"};
            void *const fns[] = {&bz.init, &bz.decompress, &bz.end};
            ok = load(format, libs, syms, fns, 3);
        }
#endif
        loaded[format] = ok == 0 ? 1 : -1;
    }
    int ok = loaded[format] == 1;
    if (!ok) snprintf(msg, size, "%s", load_error[format]);
    UNLOCK();
    return ok ? 0 : -1;
}

/* ---- opening ---------------------------------------------------------------------------- */

int bb_input_format_of(const void *data, size_t n)
{
    const unsigned char *b = data;
    if (!b) return BB_INPUT_PLAIN;
    if (n >= 4 && b[0] == 0x28 && b[1] == 0xB5 && b[2] == 0x2F && b[3] == 0xFD) return BB_INPUT_ZSTD;
    if (n >= 2 && b[0] == 0x1F && b[1] == 0x8B) return BB_INPUT_GZIP;
    if (n >= 4 && b[0] == 'B' && b[1] == 'Z' && b[2] == 'h' && b[3] >= '1' && b[3] <= '9') return BB_INPUT_BZIP2;
    return BB_INPUT_PLAIN;
}

const char *bb_input_format_name(int format)
{
    return format >= 0 && format < 4 ? format_names[format] : "unknown";
}

static void fail(bb_input *in, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = snprintf(in->err, sizeof in->err, "%s: ", in->name);
    vsnprintf(in->err + n, sizeof in->err - (size_t)n, fmt, ap);
    va_end(ap);
    in->failed = 1;
}

/* The format a file name claims by its ending (case ignored), or 0. */
static int named_format(const char *path)
{
    size_t n = strlen(path);
    for (int f = 1; f < 4; f++)
        for (int k = 0; suffixes[f][k]; k++) {
            size_t m = strlen(suffixes[f][k]);
            if (n > m) {
                size_t i = 0;
                while (i < m && (path[n - m + i] | 0x20) == suffixes[f][k][i]) i++;
                if (i == m) return f;
            }
        }
    return 0;
}

static void set_name(bb_input *in, const char *name)
{
    size_t n = strlen(name);
    snprintf(in->name, sizeof in->name, "%s%s", n > 100 ? "..." : "", n > 100 ? name + n - 100 : name);
}

static int start_decoder(bb_input *in, char *msg, size_t size);

/* src into dst[size], cut to fit, NUL-terminated. */
static void copy_text(char *dst, size_t size, const char *src)
{
    size_t n = strlen(src);
    if (n >= size) n = size - 1;
    memcpy(dst, src, n);
    dst[n] = '\0';
}

static bb_input *open_stream(FILE *f, int close_f, const char *name, int claimed, bb_parse_error *err)
{
    bb_input *in = calloc(1, sizeof *in);
    if (!in) {
        if (close_f) fclose(f);
        if (err) snprintf(err->msg, sizeof err->msg, "out of memory");
        return NULL;
    }
    in->f = f, in->close_f = close_f;
    set_name(in, name);
    while (in->head_n < sizeof in->head) {
        size_t got = fread(in->head + in->head_n, 1, sizeof in->head - in->head_n, f);
        if (got == 0) break;
        in->head_n += got;
    }
    if (ferror(f)) {
        if (err) snprintf(err->msg, sizeof err->msg, "%s: cannot read: %s", in->name, strerror(errno ? errno : EIO));
        bb_input_close(in);
        return NULL;
    }
    in->read_in = in->head_n;
    in->format = bb_input_format_of(in->head, in->head_n);
    char why[512] = "";
    if (claimed && in->format != claimed)
        snprintf(why, sizeof why, "%s: the name says %s-compressed, but the file %s", in->name,
                 format_names[claimed],
                 in->format ? (in->format == BB_INPUT_ZSTD   ? "is zstd-compressed"
                               : in->format == BB_INPUT_GZIP ? "is gzip-compressed"
                                                             : "is bzip2-compressed")
                            : "does not start with its magic bytes (it is not compressed)");
    else if (in->format != BB_INPUT_PLAIN && start_decoder(in, why, sizeof why) != 0) {
        char inner[192];
        copy_text(inner, sizeof inner, why);
        snprintf(why, sizeof why, "%s: %s", in->name, inner);
    }
    if (why[0]) {
        if (err) copy_text(err->msg, sizeof err->msg, why);
        bb_input_close(in);
        return NULL;
    }
    return in;
}

bb_input *bb_input_open(const char *path, bb_parse_error *err)
{
    if (err) memset(err, 0, sizeof *err);
    if (!path) {
        if (err) snprintf(err->msg, sizeof err->msg, "no file given");
        return NULL;
    }
    int is_stdin = strcmp(path, "-") == 0;
    const char *shown = is_stdin ? "<stdin>" : path;
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    if (!f) {
        if (err) snprintf(err->msg, sizeof err->msg, "%.150s: cannot open: %s", shown, strerror(errno));
        return NULL;
    }
    struct stat st;
    if (!is_stdin && fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fclose(f);
        if (err) snprintf(err->msg, sizeof err->msg, "%.150s: cannot read: %s", shown, strerror(EISDIR));
        return NULL;
    }
    return open_stream(f, !is_stdin, shown, is_stdin ? 0 : named_format(path), err);
}

bb_input *bb_input_from_file(FILE *f, const char *name, bb_parse_error *err)
{
    if (err) memset(err, 0, sizeof *err);
    if (!f) {
        if (err) snprintf(err->msg, sizeof err->msg, "no file given");
        return NULL;
    }
    return open_stream(f, 0, name ? name : "<input>", 0, err);
}

int bb_input_format(const bb_input *in) { return in ? in->format : BB_INPUT_PLAIN; }
const char *bb_input_error(const bb_input *in) { return in && in->failed ? in->err : NULL; }

const char *bb__input_reason(const bb_input *in)
{
    if (!in || !in->failed) return "";
    size_t n = strlen(in->name);
    return strncmp(in->err, in->name, n) == 0 && in->err[n] == ':' ? in->err + n + 2 : in->err;
}
uint64_t bb_input_compressed_bytes(const bb_input *in) { return in ? in->read_in : 0; }

void bb_input_close(bb_input *in)
{
    if (!in) return;
    if (in->state) {
#ifdef HAVE_ZSTD
        if (in->format == BB_INPUT_ZSTD) zstd.free_(in->state);
#endif
#ifdef HAVE_ZLIB
        if (in->format == BB_INPUT_GZIP) zl.end(in->state), free(in->state);
#endif
#ifdef HAVE_BZ2
        if (in->format == BB_INPUT_BZIP2) bz.end(in->state), free(in->state);
#endif
    }
    if (in->close_f) fclose(in->f);
    free(in->in);
    free(in);
}

/* ---- reading ---------------------------------------------------------------------------- */

/* Raw bytes: the head first, then the file.  Returns the count (0 at the end). */
static size_t raw_read(bb_input *in, unsigned char *buf, size_t n)
{
    size_t got = 0;
    while (got < n && in->head_at < in->head_n) buf[got++] = in->head[in->head_at++];
    while (got < n && !in->in_eof) {
        size_t k = fread(buf + got, 1, n - got, in->f);
        in->read_in += k, got += k;
        if (k == 0) {
            if (ferror(in->f)) fail(in, "read error after %llu bytes: %s", (unsigned long long)in->read_in,
                                    strerror(errno ? errno : EIO));
            in->in_eof = 1;
        }
    }
    return got;
}

#ifdef HAVE_DECODER
/* Makes compressed input available (at least `want` bytes if the file has
 * them, moving what is left to the front): the bytes available. */
static size_t fill(bb_input *in, size_t want)
{
    size_t left = in->in_n - in->in_at;
    if (left >= want || in->in_eof) return left;
    memmove(in->in, in->in + in->in_at, left);
    in->in_at = 0, in->in_n = left;
    in->in_n += raw_read(in, in->in + left, CHUNK - left);
    return in->in_n;
}

/* The offset, in the compressed file, of the next byte the decoder takes. */
static unsigned long long at_byte(const bb_input *in)
{
    return (unsigned long long)(in->read_in - (in->in_n - in->in_at));
}

static void truncated(bb_input *in)
{
    fail(in, "the %s stream is cut short: the file ends at byte %llu inside a %s", format_names[in->format],
         (unsigned long long)in->read_in,
         in->format == BB_INPUT_ZSTD ? "frame" : in->format == BB_INPUT_GZIP ? "member" : "stream");
}

#endif

static int start_decoder(bb_input *in, char *msg, size_t size)
{
    if (need(in->format, msg, size) != 0) return -1;
    in->in = malloc(CHUNK);
    if (!in->in) return snprintf(msg, size, "out of memory"), -1;
#ifdef HAVE_ZSTD
    if (in->format == BB_INPUT_ZSTD) {
        ZSTD_DStream *ds = zstd.create();
        if (!ds || zstd.is_error(zstd.init(ds))) {
            if (ds) zstd.free_(ds);
            return snprintf(msg, size, "out of memory for the zstd decoder"), -1;
        }
        in->state = ds;
    }
#endif
#ifdef HAVE_ZLIB
    if (in->format == BB_INPUT_GZIP) {
        z_stream *z = calloc(1, sizeof *z);
        if (!z || zl.init2(z, 16 + MAX_WBITS, ZLIB_VERSION, (int)sizeof *z) != Z_OK) {
            free(z);
            return snprintf(msg, size, "out of memory for the gzip decoder"), -1;
        }
        in->state = z;
    }
#endif
#ifdef HAVE_BZ2
    if (in->format == BB_INPUT_BZIP2) {
        bz_stream *b = calloc(1, sizeof *b);
        if (!b || bz.init(b, 0, 0) != BZ_OK) {
            free(b);
            return snprintf(msg, size, "out of memory for the bzip2 decoder"), -1;
        }
        in->state = b;
    }
#endif
    return 0;
}

#ifdef HAVE_ZSTD
static long read_zstd(bb_input *in, unsigned char *out, size_t cap)
{
    for (;;) {
        size_t avail = fill(in, 1);
        if (in->failed) return -1;
        if (avail == 0 && !in->mid) return 0; /* the file ends between frames */
        ZSTD_inBuffer ib = {in->in, in->in_n, in->in_at};
        ZSTD_outBuffer ob = {out, cap, 0};
        size_t ret = zstd.decompress(in->state, &ob, &ib);
        int moved = ib.pos != in->in_at || ob.pos;
        in->in_at = ib.pos;
        if (zstd.is_error(ret)) {
            fail(in, "corrupt zstd data near byte %llu: %s", at_byte(in), zstd.error_name(ret));
            return -1;
        }
        if (moved) in->mid = ret != 0; /* 0: a frame ended, all of it delivered */
        if (ob.pos) return (long)ob.pos;
        if (avail == 0) return truncated(in), -1; /* the file has ended inside a frame */
    }
}
#endif

#ifdef HAVE_ZLIB
static long read_gzip(bb_input *in, unsigned char *out, size_t cap)
{
    z_stream *z = in->state;
    for (;;) {
        size_t avail = fill(in, in->mid ? 1 : 2);
        if (in->failed) return -1;
        if (!in->mid && avail > 0) { /* a member starts here, or there is junk after the last */
            if (avail < 2 || in->in[in->in_at] != 0x1F || in->in[in->in_at + 1] != 0x8B) {
                fail(in, "bytes after the gzip data at byte %llu are not a gzip member", at_byte(in) + 1);
                return -1;
            }
            in->mid = 1;
        }
        if (avail == 0) {
            if (in->mid) return truncated(in), -1;
            return 0;
        }
        z->next_in = in->in + in->in_at, z->avail_in = (uInt)(in->in_n - in->in_at);
        z->next_out = out, z->avail_out = (uInt)(cap > 0x40000000u ? 0x40000000u : cap);
        int ret = zl.inflate(z, Z_NO_FLUSH);
        in->in_at = (size_t)(z->next_in - in->in);
        size_t made = (size_t)(z->next_out - out);
        if (ret == Z_STREAM_END) {
            zl.reset(z);
            in->mid = 0;
        } else if (ret != Z_OK && !(ret == Z_BUF_ERROR && (made || in->in_eof))) {
            fail(in, "corrupt gzip data near byte %llu: %s", at_byte(in),
                 ret == Z_MEM_ERROR ? "out of memory" : z->msg ? z->msg : "bad data");
            return -1;
        }
        if (made) return (long)made;
        if (ret == Z_BUF_ERROR && in->in_eof && in->in_at == in->in_n) return truncated(in), -1;
    }
}
#endif

#ifdef HAVE_BZ2
static long read_bzip2(bb_input *in, unsigned char *out, size_t cap)
{
    bz_stream *b = in->state;
    for (;;) {
        size_t avail = fill(in, in->mid ? 1 : 4);
        if (in->failed) return -1;
        if (!in->mid && avail > 0) {
            if (bb_input_format_of(in->in + in->in_at, avail) != BB_INPUT_BZIP2) {
                fail(in, "bytes after the bzip2 data at byte %llu are not a bzip2 stream", at_byte(in) + 1);
                return -1;
            }
            in->mid = 1;
        }
        if (avail == 0) {
            if (in->mid) return truncated(in), -1;
            return 0;
        }
        b->next_in = (char *)(in->in + in->in_at), b->avail_in = (unsigned)(in->in_n - in->in_at);
        b->next_out = (char *)out, b->avail_out = (unsigned)(cap > 0x40000000u ? 0x40000000u : cap);
        int ret = bz.decompress(b);
        in->in_at = (size_t)((unsigned char *)b->next_in - in->in);
        size_t made = (size_t)((unsigned char *)b->next_out - out);
        if (ret == BZ_STREAM_END) {
            bz.end(b);
            memset(b, 0, sizeof *b);
            if (bz.init(b, 0, 0) != BZ_OK) {
                free(b), in->state = NULL;
                fail(in, "out of memory for the bzip2 decoder");
                return -1;
            }
            in->mid = 0;
        } else if (ret != BZ_OK) {
            fail(in, "corrupt bzip2 data near byte %llu: %s", at_byte(in),
                 ret == BZ_MEM_ERROR ? "out of memory" : ret == BZ_DATA_ERROR_MAGIC ? "bad magic" : "bad data");
            return -1;
        }
        if (made) return (long)made;
        if (ret == BZ_OK && in->in_eof && in->in_at == in->in_n) return truncated(in), -1;
    }
}
#endif

long bb_input_read(bb_input *in, void *buf, size_t n)
{
    if (!in || !buf) return -1;
    if (in->failed) return -1;
    if (n == 0) return 0;
    if (n > (size_t)0x40000000) n = 0x40000000; /* a long holds the count */
    long got = -1;
    switch (in->format) {
    case BB_INPUT_PLAIN:
        got = (long)raw_read(in, buf, n);
        if (in->failed) got = -1;
        break;
#ifdef HAVE_ZSTD
    case BB_INPUT_ZSTD: got = read_zstd(in, buf, n); break;
#endif
#ifdef HAVE_ZLIB
    case BB_INPUT_GZIP: got = read_gzip(in, buf, n); break;
#endif
#ifdef HAVE_BZ2
    case BB_INPUT_BZIP2: got = read_bzip2(in, buf, n); break;
#endif
    default: fail(in, "no decoder"); break;
    }
    if (got > 0) in->out += (uint64_t)got;
    return got;
}
