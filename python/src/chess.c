/* python/src/chess.c: chess: the Position type, its planes, the 8x8x73 policy. */
#include "core.h"

/* ------------------------------------------------------------------------
 * Chess: Position wraps a bb_chess_game (the start, the moves, the keys for
 * repetitions). */

typedef struct {
    PyObject_HEAD
    bb_chess_game g;
} PositionObject;

static PyTypeObject PositionType;

typedef struct {
    bb_chess_pos pos;
    int depth;
    bb_chess_perft_opts opts;
    uint64_t n;
} chess_perft_call;

static void run_chess_perft(void *arg)
{
    chess_perft_call *c = arg;
    c->n = bb_chess_perft(&c->pos, c->depth, &c->opts);
}

static PyObject *position_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    (void)args;
    (void)kw;
    PositionObject *self = (PositionObject *)type->tp_alloc(type, 0);
    if (self) bb_chess_game_init(&self->g);
    return (PyObject *)self;
}

static void position_dealloc(PositionObject *self)
{
    bb_chess_game_free(&self->g);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int position_init(PositionObject *self, PyObject *args, PyObject *kw)
{
    static char *kwl[] = {"fen", NULL};
    PyObject *fo = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|O:Position", kwl, &fo)) return -1;
    const char *fen = fo == Py_None ? NULL : text_arg(fo, "fen");
    if (fo != Py_None && !fen) return -1;
    bb_chess_game_free(&self->g);
    if (!fen || !strcasecmp(fen, "start") || !strcasecmp(fen, "startpos")) { /* the CLI's words */
        bb_chess_game_init(&self->g);
        return 0;
    }
    bb_parse_error e;
    if (bb_chess_game_init_fen(&self->g, fen, &e)) {
        PyErr_Format(PyExc_ValueError, "fen: %s (at character %d)", e.msg, e.pos);
        bb_chess_game_init(&self->g);
        return -1;
    }
    return 0;
}

static PyObject *position_from_pos(const bb_chess_pos *pos)
{
    PositionObject *r = (PositionObject *)position_new(&PositionType, NULL, NULL);
    if (r) bb_chess_game_set_start(&r->g, pos);
    return (PyObject *)r;
}

/* UCI text of a legal move, written here (the library's writer checks the
 * move against the position; the moves here come from the generator):
 * castling as the king's two-square step unless the game is Chess960. */
PyObject *move_uci(const bb_chess_pos *pos, bb_chess_move m)
{
    if (m == BB_CHESS_NULL_MOVE) return PyUnicode_FromStringAndSize("0000", 4);
    int from = bb_chess_move_from(m), to = bb_chess_move_to(m), kind = bb_chess_move_kind(m);
    if (kind == BB_MOVE_CASTLING && !pos->chess960) to = (from & 56) | ((to & 7) > (from & 7) ? 6 : 2);
    char b[5] = {(char)('a' + (from & 7)), (char)('1' + (from >> 3)), (char)('a' + (to & 7)), (char)('1' + (to >> 3)), 0};
    if (kind == BB_MOVE_PROMOTION) {
        b[4] = "pnbrqk"[bb_chess_move_promotion(m)];
        return PyUnicode_FromStringAndSize(b, 5);
    }
    return PyUnicode_FromStringAndSize(b, 4);
}

static PyObject *position_fen(PositionObject *self, PyObject *noargs)
{
    (void)noargs;
    char buf[BB_CHESS_FEN_MAX];
    bb_chess_to_fen(buf, sizeof buf, &self->g.pos, BB_FEN_STANDARD);
    return PyUnicode_FromString(buf);
}

static PyObject *position_push_text(PositionObject *self, PyObject *arg, int san)
{
    const char *text = text_arg(arg, san ? "san" : "uci");
    if (!text) return NULL;
    bb_parse_error e;
    bb_chess_pos before = self->g.pos;
    int rc = san ? bb_chess_game_push_san(&self->g, text, &e) : bb_chess_game_push_uci(&self->g, text, &e);
    if (rc == BB_CHESS_GAME_NO_MEMORY) return no_memory("the game's move list");
    if (rc) return PyErr_Format(PyExc_ValueError, "%s %s: %s", san ? "san" : "uci", text, e.msg);
    return move_uci(&before, self->g.moves[self->g.count - 1]);
}

static PyObject *position_push_san(PositionObject *self, PyObject *arg) { return position_push_text(self, arg, 1); }
static PyObject *position_push_uci(PositionObject *self, PyObject *arg) { return position_push_text(self, arg, 0); }

static PyObject *position_push(PositionObject *self, PyObject *arg)
{
    long m = PyLong_AsLong(arg);
    if (m == -1 && PyErr_Occurred()) return NULL;
    if (m < 0 || m > 0xffff) return PyErr_Format(PyExc_ValueError, "move: %ld is not a 16-bit move code", m);
    int rc = bb_chess_game_push(&self->g, (bb_chess_move)m);
    if (rc == BB_CHESS_GAME_NO_MEMORY) return no_memory("the game's move list");
    if (rc) return PyErr_Format(PyExc_ValueError, "move: code %ld is not a legal move here", m);
    Py_RETURN_NONE;
}

static PyObject *position_pop(PositionObject *self, PyObject *noargs)
{
    (void)noargs;
    if (self->g.count == 0) return PyErr_Format(PyExc_IndexError, "pop: no move to take back");
    bb_chess_move m = bb_chess_game_pop(&self->g);
    return move_uci(&self->g.pos, m);
}

static PyObject *position_legal_moves(PositionObject *self, PyObject *noargs)
{
    (void)noargs;
    bb_chess_movelist l;
    bb_chess_generate(&self->g.pos, BB_GEN_ALL, &l);
    PyObject *list = PyList_New(l.count);
    if (!list) return NULL;
    for (int i = 0; i < l.count; i++) {
        PyObject *s = move_uci(&self->g.pos, l.moves[i]);
        if (!s) { Py_DECREF(list); return NULL; }
        PyList_SET_ITEM(list, i, s);
    }
    return list;
}

static PyObject *position_legal_move_codes(PositionObject *self, PyObject *noargs)
{
    (void)noargs;
    bb_chess_movelist l;
    bb_chess_generate(&self->g.pos, BB_GEN_ALL, &l);
    npy_intp n = l.count;
    PyArrayObject *a = (PyArrayObject *)PyArray_SimpleNew(1, &n, NPY_UINT16);
    if (a) memcpy(PyArray_DATA(a), l.moves, sizeof(bb_chess_move) * (size_t)l.count);
    return (PyObject *)a;
}

static PyObject *position_count_moves(PositionObject *self, PyObject *noargs)
{
    (void)noargs;
    bb_chess_movelist l;
    return PyLong_FromLong(bb_chess_generate(&self->g.pos, BB_GEN_ALL, &l));
}

static PyObject *position_san(PositionObject *self, PyObject *arg)
{
    const char *text = text_arg(arg, "uci");
    if (!text) return NULL;
    bb_chess_move m;
    bb_parse_error e;
    if (bb_chess_move_from_uci(&self->g.pos, text, &m, &e))
        return PyErr_Format(PyExc_ValueError, "uci %s: %s", text, e.msg);
    char buf[BB_CHESS_MOVE_TEXT_MAX];
    bb_chess_move_to_san(buf, sizeof buf, &self->g.pos, m);
    return PyUnicode_FromString(buf);
}

static PyObject *position_perft(PositionObject *self, PyObject *args, PyObject *kw)
{
    static char *kwl[] = {"depth", "threads", "hash_mb", "progress", NULL};
    int depth, threads = 1;
    Py_ssize_t hash_mb = 0;
    PyObject *progress = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "i|inO:perft", kwl, &depth, &threads, &hash_mb, &progress))
        return NULL;
    if (progress_arg(&progress)) return NULL;
    if (depth < 0) return PyErr_Format(PyExc_ValueError, "depth: %d is negative", depth);
    if (depth > BB_CHESS_PERFT_MAX_DEPTH)
        return PyErr_Format(PyExc_ValueError, "depth: %d is too deep: %s", depth, BB_CHESS_PERFT_MAX_DEPTH_WHY);
    if (threads < 1 || threads > BB_MAX_THREADS)
        return PyErr_Format(PyExc_ValueError, "threads: %d is not 1..%d", threads, BB_MAX_THREADS);
    if (hash_mb < 0 || hash_mb > BB_MAX_HASH_MB)
        return PyErr_Format(PyExc_ValueError, "hash_mb: %zd is not 0..%d", hash_mb, BB_MAX_HASH_MB);
    chess_perft_call c;
    memset(&c, 0, sizeof c);
    bb_chess_perft_stats st;
    memset(&st, 0, sizeof st);
    c.opts.threads = threads;
    c.opts.hash_mb = (size_t)hash_mb;
    c.opts.stats = &st;
    c.pos = self->g.pos;
    c.depth = depth;
    watch w;
    int direct = depth <= CHESS_PERFT_DIRECT && !progress;
    if (!direct) c.opts.stop = &w.stop;
    if (progress) c.opts.progress = watch_chess_perft, c.opts.progress_arg = &w;
    if (watch_call(&w, run_chess_perft, &c, progress, direct)) return NULL;
    if (st.table_failed) return PyErr_NoMemory();
    if (st.overflow) return PyErr_Format(PyExc_OverflowError, "the count is 2**64 - 1 or more");
    return PyLong_FromUnsignedLongLong(c.n);
}

static PyObject *position_is_check(PositionObject *self, PyObject *noargs)
{
    (void)noargs;
    return PyBool_FromLong(bb_chess_is_check(&self->g.pos));
}

static PyObject *position_outcome(PositionObject *self, PyObject *noargs)
{
    (void)noargs;
    bb_chess_result r;
    bb_chess_outcome oc = bb_chess_game_outcome(&self->g, &r);
    return Py_BuildValue("{sssOsOsisisO}", "outcome", bb_chess_outcome_name(oc), "game_over",
                         r.game_over ? Py_True : Py_False, "claimable",
                         (!r.game_over && oc != BB_CHESS_ONGOING) ? Py_True : Py_False, "winner", r.winner,
                         "repetitions", r.repetitions, "why", r.why[0] ? PyUnicode_FromString(r.why) : Py_None);
}

static PyObject *position_copy(PositionObject *self, PyObject *noargs)
{
    (void)noargs;
    PositionObject *r = (PositionObject *)position_new(&PositionType, NULL, NULL);
    if (!r) return NULL;
    if (bb_chess_game_copy(&r->g, &self->g)) { Py_DECREF(r); return no_memory("the copy's move list"); }
    return (PyObject *)r;
}

static PyObject *position_transform(PositionObject *self, PyObject *arg)
{
    bb_sym s;
    if (get_sym(arg, "sym", &s)) return NULL;
    bb_chess_pos out;
    const char *why = NULL;
    if (bb_chess_transform(&self->g.pos, s, &out, &why))
        return PyErr_Format(PyExc_ValueError, "sym %s is not allowed here: %s", bb_sym_name(s), why);
    return position_from_pos(&out);
}

static PyObject *position_color_flip(PositionObject *self, PyObject *noargs)
{
    (void)noargs;
    bb_chess_pos out;
    bb_chess_color_flip(&self->g.pos, &out);
    return position_from_pos(&out);
}

static PyObject *position_sym_allowed(PositionObject *self, PyObject *arg)
{
    bb_sym s;
    if (get_sym(arg, "sym", &s)) return NULL;
    return PyBool_FromLong(bb_chess_sym_allowed(&self->g.pos, s, NULL));
}

static PyObject *position_move_stack(PositionObject *self, void *closure)
{
    (void)closure;
    PyObject *list = PyList_New(self->g.count);
    if (!list) return NULL;
    for (int i = 0; i < self->g.count; i++) {
        char buf[BB_CHESS_MOVE_TEXT_MAX];
        bb_chess_game_uci(&self->g, i, buf, sizeof buf);
        PyList_SET_ITEM(list, i, PyUnicode_FromString(buf));
    }
    return list;
}

/* the getters of one int field */
#define POSITION_INT_GETTER(name, expr)                                                                       \
    static PyObject *position_get_##name(PositionObject *self, void *c)                                        \
    {                                                                                                          \
        (void)c;                                                                                               \
        return PyLong_FromLong((long)(expr));                                                                  \
    }
POSITION_INT_GETTER(turn, self->g.pos.side)
POSITION_INT_GETTER(castling, self->g.pos.castling)
POSITION_INT_GETTER(halfmove, self->g.pos.halfmove)
POSITION_INT_GETTER(fullmove, self->g.pos.fullmove)
POSITION_INT_GETTER(ply, self->g.count)

static PyObject *position_get_key(PositionObject *self, void *c)
{
    (void)c;
    return PyLong_FromUnsignedLongLong(self->g.pos.key);
}

static PyObject *position_get_pieces(PositionObject *self, void *c)
{
    (void)c;
    npy_intp d[2] = {2, 6};
    PyArrayObject *a = (PyArrayObject *)PyArray_SimpleNew(2, d, NPY_UINT64);
    if (a) memcpy(PyArray_DATA(a), self->g.pos.pieces, sizeof self->g.pos.pieces);
    return (PyObject *)a;
}

static PyObject *position_get_ep(PositionObject *self, void *c)
{
    (void)c;
    if (self->g.pos.ep == BB_CHESS_NO_EP) Py_RETURN_NONE;
    return PyLong_FromLong(self->g.pos.ep);
}

static PyObject *position_repr(PositionObject *self)
{
    char buf[BB_CHESS_FEN_MAX];
    bb_chess_to_fen(buf, sizeof buf, &self->g.pos, BB_FEN_STANDARD);
    return PyUnicode_FromFormat("Position('%s')", buf);
}

static PyObject *position_richcompare(PyObject *a, PyObject *b, int op)
{
    if (!PyObject_TypeCheck(b, &PositionType) || (op != Py_EQ && op != Py_NE)) Py_RETURN_NOTIMPLEMENTED;
    const bb_chess_pos *x = &((PositionObject *)a)->g.pos, *y = &((PositionObject *)b)->g.pos;
    int eq = !memcmp(x->pieces, y->pieces, sizeof x->pieces) && x->side == y->side && x->castling == y->castling &&
             x->ep == y->ep && x->halfmove == y->halfmove && x->fullmove == y->fullmove;
    return PyBool_FromLong(op == Py_EQ ? eq : !eq);
}

/* The network input: 21 planes, from the side to move's view (the board
 * mirrored top to bottom when black moves, so "my" pawns always go up). */
enum { PLANES = 21 };

static void chess_planes(const bb_chess_game *g, float *out)
{
    const bb_chess_pos *pos = &g->pos;
    int me = pos->side, flip = me == BB_BLACK ? 56 : 0;
    memset(out, 0, sizeof(float) * PLANES * 64);
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < 6; t++) {
            int plane = (c == me ? 0 : 6) + t;
            for (uint64_t b = pos->pieces[c][t]; b; b &= b - 1) out[plane * 64 + (__builtin_ctzll(b) ^ flip)] = 1;
        }
    int reps = bb_chess_repetitions(pos, g->keys, g->count);
    for (int s = 0; s < 64; s++) {
        if (reps >= 2) out[12 * 64 + s] = 1;
        if (reps >= 3) out[13 * 64 + s] = 1;
        out[14 * 64 + s] = (float)me;
        int mine_k = me == BB_WHITE ? BB_CASTLE_WK : BB_CASTLE_BK, mine_q = me == BB_WHITE ? BB_CASTLE_WQ : BB_CASTLE_BQ;
        int his_k = me == BB_WHITE ? BB_CASTLE_BK : BB_CASTLE_WK, his_q = me == BB_WHITE ? BB_CASTLE_BQ : BB_CASTLE_WQ;
        out[15 * 64 + s] = (pos->castling & mine_k) ? 1.0f : 0.0f;
        out[16 * 64 + s] = (pos->castling & mine_q) ? 1.0f : 0.0f;
        out[17 * 64 + s] = (pos->castling & his_k) ? 1.0f : 0.0f;
        out[18 * 64 + s] = (pos->castling & his_q) ? 1.0f : 0.0f;
        out[20 * 64 + s] = (float)pos->halfmove / 100.0f;
    }
    if (pos->ep != BB_CHESS_NO_EP) out[19 * 64 + (pos->ep ^ flip)] = 1;
}

static PyObject *py_chess_planes(PyObject *self, PyObject *arg)
{
    (void)self;
    if (!PyObject_TypeCheck(arg, &PositionType))
        return PyErr_Format(PyExc_TypeError, "position: expected a bitboard.chess.Position, got %.80s",
                            Py_TYPE(arg)->tp_name);
    npy_intp d[3] = {PLANES, 8, 8};
    PyArrayObject *a = (PyArrayObject *)PyArray_SimpleNew(3, d, NPY_FLOAT32);
    if (a) chess_planes(&((PositionObject *)arg)->g, (float *)PyArray_DATA(a));
    return (PyObject *)a;
}

/* The AlphaZero policy: 73 planes of 64 from-squares, index = plane * 64 +
 * from, squares from the side to move's view.  Planes 0..55: queen-like moves,
 * direction d (0 N, 1 NE, 2 E, 3 SE, 4 S, 5 SW, 6 W, 7 NW) and distance k
 * (1..7) at d * 7 + (k - 1); 56..63: knight moves (the 8 jumps in the order
 * of knight_df/knight_dr below); 64..72: under-promotions to knight, bishop,
 * rook (3 each) going forward-left, forward, forward-right at
 * 64 + piece * 3 + (dir + 1).  Queen promotions are queen-like moves. */
static const int dir_df[8] = {0, 1, 1, 1, 0, -1, -1, -1}, dir_dr[8] = {1, 1, 0, -1, -1, -1, 0, 1};
static const int knight_df[8] = {1, 2, 2, 1, -1, -2, -2, -1}, knight_dr[8] = {2, 1, -1, -2, -2, -1, 1, 2};

static int policy_index(int from, int to, int under) /* view-frame squares; under: 0 or BB_KNIGHT..BB_ROOK */
{
    int df = (to & 7) - (from & 7), dr = (to >> 3) - (from >> 3);
    if (under) return (64 + (under - BB_KNIGHT) * 3 + (df + 1)) * 64 + from;
    for (int k = 0; k < 8; k++)
        if (df == knight_df[k] && dr == knight_dr[k]) return (56 + k) * 64 + from;
    int dist = abs(df) > abs(dr) ? abs(df) : abs(dr);
    if (dist == 0) return -1;
    int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
    if (df != sf * dist || dr != sr * dist) return -1;
    for (int d = 0; d < 8; d++)
        if (dir_df[d] == sf && dir_dr[d] == sr) return (d * 7 + dist - 1) * 64 + from;
    return -1;
}

static int move_policy_index(const bb_chess_pos *pos, bb_chess_move m)
{
    int flip = pos->side == BB_BLACK ? 56 : 0;
    int from = bb_chess_move_from(m), to = bb_chess_move_to(m), kind = bb_chess_move_kind(m);
    if (kind == BB_MOVE_CASTLING) {
        /* the king's own two-square step (standard chess); Chess960: towards the rook's side, to g or c file */
        int kingside = (to & 7) > (from & 7);
        to = (from & 56) | (kingside ? 6 : 2);
        if (to == from) return -1;
    }
    int under = 0;
    if (kind == BB_MOVE_PROMOTION && bb_chess_move_promotion(m) != BB_QUEEN) under = bb_chess_move_promotion(m);
    return policy_index(from ^ flip, to ^ flip, under);
}

static int parse_position_move(PyObject *po, PyObject *mo, PositionObject **pos, bb_chess_move *m)
{
    if (!PyObject_TypeCheck(po, &PositionType)) {
        PyErr_Format(PyExc_TypeError, "position: expected a bitboard.chess.Position, got %.80s", Py_TYPE(po)->tp_name);
        return -1;
    }
    *pos = (PositionObject *)po;
    const char *text = text_arg(mo, "move");
    if (!text) return -1;
    bb_parse_error e;
    if (bb_chess_move_from_uci(&(*pos)->g.pos, text, m, &e)) {
        PyErr_Format(PyExc_ValueError, "move %s: %s", text, e.msg);
        return -1;
    }
    return 0;
}

static PyObject *py_chess_move_index(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *po, *mo;
    if (!PyArg_ParseTuple(args, "OO", &po, &mo)) return NULL;
    PositionObject *pos;
    bb_chess_move m;
    if (parse_position_move(po, mo, &pos, &m)) return NULL;
    int ix = move_policy_index(&pos->g.pos, m);
    if (ix < 0) return PyErr_Format(PyExc_ValueError, "move: it has no index in the 8x8x73 layout");
    return PyLong_FromLong(ix);
}

static PyObject *py_chess_move_from_index(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *po;
    long ix;
    if (!PyArg_ParseTuple(args, "Ol", &po, &ix)) return NULL;
    if (!PyObject_TypeCheck(po, &PositionType))
        return PyErr_Format(PyExc_TypeError, "position: expected a bitboard.chess.Position");
    if (ix < 0 || ix >= 73 * 64) return PyErr_Format(PyExc_ValueError, "index: %ld is not 0..4671", ix);
    const bb_chess_pos *pos = &((PositionObject *)po)->g.pos;
    bb_chess_movelist l;
    bb_chess_generate(pos, BB_GEN_ALL, &l);
    for (int i = 0; i < l.count; i++)
        if (move_policy_index(pos, l.moves[i]) == ix) return move_uci(pos, l.moves[i]);
    return PyErr_Format(PyExc_ValueError, "index: %ld is not a legal move in this position", ix);
}

/* policy_permutation(sym) -> int array of 4672: where each index goes under
 * view-frame symmetry sym (queen and knight planes move with the board;
 * under-promotion planes move only under the horizontal mirror, else stay). */
static PyObject *py_chess_policy_perm(PyObject *self, PyObject *arg)
{
    (void)self;
    bb_sym s;
    if (get_sym(arg, "sym", &s)) return NULL;
    npy_intp n = 73 * 64;
    PyArrayObject *a = (PyArrayObject *)PyArray_SimpleNew(1, &n, NPY_INT64);
    if (!a) return NULL;
    int64_t *d = PyArray_DATA(a);
    for (int plane = 0; plane < 73; plane++)
        for (int from = 0; from < 64; from++) {
            int ix = plane * 64 + from, nf = bb_sym_square(from, s);
            /* the image of a (df, dr) step: apply s to the vector (as squares about the origin) */
            int df, dr;
            if (plane < 56) { df = dir_df[plane / 7] * (plane % 7 + 1); dr = dir_dr[plane / 7] * (plane % 7 + 1); }
            else if (plane < 64) { df = knight_df[plane - 56]; dr = knight_dr[plane - 56]; }
            else {
                int p3 = (plane - 64) / 3, dir = (plane - 64) % 3 - 1;
                if (s == BB_SYM_FLIP_HORIZONTAL) d[ix] = (64 + p3 * 3 + (-dir + 1)) * 64 + nf;
                else if (s == BB_SYM_IDENTITY) d[ix] = ix;
                else d[ix] = (int64_t)(plane * 64 + nf); /* no pawns: these entries are never legal moves */
                continue;
            }
            /* the step's image under s's linear part: the images of the unit
               steps d4->e4 and d4->d5 (all three squares stay on the board) */
            int o0 = bb_sym_square(27, s), ox = bb_sym_square(28, s), oy = bb_sym_square(35, s);
            int exf = (ox & 7) - (o0 & 7), exr = (ox >> 3) - (o0 >> 3);
            int eyf = (oy & 7) - (o0 & 7), eyr = (oy >> 3) - (o0 >> 3);
            int ndf = df * exf + dr * eyf, ndr = df * exr + dr * eyr;
            int k = plane < 56 ? 0 : 1, np = -1;
            if (!k) {
                int dist = plane % 7 + 1, sf = (ndf > 0) - (ndf < 0), sr = (ndr > 0) - (ndr < 0);
                for (int dd = 0; dd < 8; dd++)
                    if (dir_df[dd] == sf && dir_dr[dd] == sr) np = dd * 7 + dist - 1;
            } else {
                for (int kk = 0; kk < 8; kk++)
                    if (knight_df[kk] == ndf && knight_dr[kk] == ndr) np = 56 + kk;
            }
            d[ix] = (int64_t)np * 64 + nf;
        }
    return (PyObject *)a;
}

static PyMethodDef position_methods[] = {
    {"fen", (PyCFunction)position_fen, METH_NOARGS, "fen() -> str: the position as FEN."},
    {"push_san", (PyCFunction)position_push_san, METH_O,
     "push_san(san) -> str: plays a move given in SAN ('Nf3', 'O-O', 'exd6'); returns its UCI.\n"
     "ValueError names the move and why it is not legal."},
    {"push_uci", (PyCFunction)position_push_uci, METH_O,
     "push_uci(uci) -> str: plays a move given in UCI ('e2e4', 'e7e8q'); returns it."},
    {"push", (PyCFunction)position_push, METH_O, "push(code): plays a 16-bit move code (legal_move_codes())."},
    {"pop", (PyCFunction)position_pop, METH_NOARGS, "pop() -> str: takes back the last move; returns its UCI."},
    {"legal_moves", (PyCFunction)position_legal_moves, METH_NOARGS,
     "legal_moves() -> list[str]: the legal moves in UCI, in generation order."},
    {"legal_move_codes", (PyCFunction)position_legal_move_codes, METH_NOARGS,
     "legal_move_codes() -> numpy.ndarray[uint16]: the legal moves as the C library's 16-bit codes."},
    {"count_moves", (PyCFunction)position_count_moves, METH_NOARGS, "count_moves() -> int: how many legal moves."},
    {"san", (PyCFunction)position_san, METH_O, "san(uci) -> str: the SAN of a legal move given in UCI."},
    {"perft", (PyCFunction)(void (*)(void))position_perft, METH_VARARGS | METH_KEYWORDS,
     "perft(depth, threads=1, hash_mb=0, progress=None) -> int: legal move sequences depth plies deep.\n"
     "The GIL is released; Ctrl-C raises KeyboardInterrupt.  progress: called with a dict\n"
     "(nodes, seconds, done and total root moves) as root moves finish; raise in it to stop."},
    {"is_check", (PyCFunction)position_is_check, METH_NOARGS, "is_check() -> bool: the side to move is in check."},
    {"outcome", (PyCFunction)position_outcome, METH_NOARGS,
     "outcome() -> dict: 'outcome' (name), 'game_over', 'claimable', 'winner' (0 white, 1 black, -1),\n"
     "'repetitions', 'why' -- over the moves pushed on this object (repetitions count)."},
    {"copy", (PyCFunction)position_copy, METH_NOARGS, "copy() -> Position: an independent copy with its history."},
    {"__copy__", (PyCFunction)position_copy, METH_NOARGS, NULL},
    {"transform", (PyCFunction)position_transform, METH_O,
     "transform(sym) -> Position: the position under a board symmetry the rules allow (ValueError says\n"
     "which rule forbids it: castling rights, pawns)."},
    {"color_flip", (PyCFunction)position_color_flip, METH_NOARGS,
     "color_flip() -> Position: mirrored top to bottom with the colours swapped (always allowed)."},
    {"sym_allowed", (PyCFunction)position_sym_allowed, METH_O,
     "sym_allowed(sym) -> bool: whether transform(sym) keeps this a position of the same game."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef position_getset[] = {
    {"turn", (getter)position_get_turn, NULL, "0 white, 1 black: the side to move.", NULL},
    {"key", (getter)position_get_key, NULL, "the Polyglot key.", NULL},
    {"pieces", (getter)position_get_pieces, NULL, "uint64 array (2, 6): [colour][pawn..king] boards.", NULL},
    {"castling", (getter)position_get_castling, NULL, "castling rights: bits 1 K, 2 Q, 4 k, 8 q.", NULL},
    {"ep", (getter)position_get_ep, NULL, "the en-passant square (0..63) or None.", NULL},
    {"halfmove_clock", (getter)position_get_halfmove, NULL, "plies since a capture or pawn move.", NULL},
    {"fullmove_number", (getter)position_get_fullmove, NULL, "the move number.", NULL},
    {"ply", (getter)position_get_ply, NULL, "moves pushed on this object.", NULL},
    {"move_stack", (getter)position_move_stack, NULL, "the moves pushed, in UCI.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject PositionType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "bitboard.chess.Position",
    .tp_basicsize = sizeof(PositionObject),
    .tp_dealloc = (destructor)position_dealloc,
    .tp_repr = (reprfunc)position_repr,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "Position(fen=None)\n\nA chess position and the moves pushed on it (for repetitions and pop).\n"
              "fen None, 'start' or 'startpos' (as the CLI takes them, any case): the standard start.  FEN, X-FEN and Shredder-FEN are read.\n\n"
              ">>> p = Position()\n>>> p.push_san('e4')\n'e2e4'\n>>> p.perft(3)\n13160",
    .tp_richcompare = position_richcompare,
    .tp_methods = position_methods,
    .tp_getset = position_getset,
    .tp_init = (initproc)position_init,
    .tp_new = position_new,
};

PyMethodDef core_chess_methods[] = {
    {"chess_planes", py_chess_planes, METH_O, NULL},
    {"chess_move_index", py_chess_move_index, METH_VARARGS, NULL},
    {"chess_move_from_index", py_chess_move_from_index, METH_VARARGS, NULL},
    {"chess_policy_perm", py_chess_policy_perm, METH_O, NULL},
    {NULL, NULL, 0, NULL},
};

int core_chess_init(PyObject *m)
{
    if (core_add_type(m, "Position", &PositionType) < 0) return -1;
    return PyModule_AddIntConstant(m, "PLANES", PLANES);
}
