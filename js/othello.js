// bitboard/othello for JavaScript: Othello positions, moves and flips, the
// board strings and transcripts Othello programs exchange, perft and the
// exact endgame solver (also in a Worker, with progress and cancel), WTHOR
// and GGF game records, from the C library compiled to WebAssembly.
// A position is { p, o, side }: p the discs of the side to move, o the
// other side's (BigInt boards, a1 = bit 0 ... h8 = bit 63, disjoint), side
// 'black' or 'white' (the colour of p).  Every function checks its
// arguments; text the C library parses fails with its own message.
// perft, solve and the midgame search run on this thread (one thread in
// WebAssembly); perftAsync, solveAsync and searchAsync in a Worker.

import { c, u64, cString, withBytes, withString, board, square, named, view, encoder, decoder, layout, readStruct, callbacks } from './core.js';

if (typeof c.bb_js_othello_moves !== 'function') {
    throw new Error('bitboard/othello: the WebAssembly module has no Othello functions (build it with js/src/exports_othello.c)');
}

/** The sides, in the C library's order (black 0, white 1). */
export const SIDES = Object.freeze(['black', 'white']);
/** Perft's conventions (include/bitboard/othello.h): oeis (the default), bik, nopass. */
export const CONVENTIONS = Object.freeze(['oeis', 'bik', 'nopass']);
/** The name of a pass in a principal variation, as in transcripts. */
export const PASS = 'PA';

const PASS_SQ = 64;
const MSG = 256;
/** The largest table (hashMb, SearchTable) perft, solve and search take, in MiB: WebAssembly's cap, below the C library's (js/src/exports_othello.c says why). */
export const MAX_HASH_MB = c.bb_js_othello_max_hash_mb();

// ---- positions across the boundary: p, o, side as three uint64 ----------------------

function position(pos, what = 'position') {
    if (pos === null || typeof pos !== 'object') {
        throw new TypeError(`bitboard: ${what} must be an object { p, o, side }, not ${pos === null ? 'null' : typeof pos}`);
    }
    const p = board(pos.p, `${what}.p`), o = board(pos.o, `${what}.o`);
    if (p & o) throw new RangeError(`bitboard: ${what}.p and ${what}.o share discs (0x${(p & o).toString(16)})`);
    return { p, o, side: named(pos.side, SIDES, `${what}.side`) };
}

function put(ptr, pos) {
    const v = view();
    v.setBigUint64(ptr, pos.p, true);
    v.setBigUint64(ptr + 8, pos.o, true);
    v.setBigUint64(ptr + 16, BigInt(pos.side), true);
}

function get(ptr) {
    const v = view();
    return { p: v.getBigUint64(ptr, true), o: v.getBigUint64(ptr + 8, true), side: SIDES[Number(v.getBigUint64(ptr + 16, true))] };
}

// runs fn(ptr) with the position on the heap
function withPosition(pos, fn) {
    return withBytes(24, (ptr) => {
        put(ptr, pos);
        return fn(ptr);
    });
}

function pair(p, o) {
    board(p, 'p'), board(o, 'o');
    if (p & o) throw new RangeError(`bitboard: p and o share discs (0x${(p & o).toString(16)})`);
}

const nameOf = (sq) => (sq === PASS_SQ ? PASS : String.fromCharCode(97 + (sq & 7)) + String.fromCharCode(49 + (sq >> 3)));

function options(opts, names, what) {
    if (opts === undefined) return {};
    if (opts === null || typeof opts !== 'object') throw new TypeError(`bitboard: ${what} options must be an object, not ${opts === null ? 'null' : typeof opts}`);
    for (const k of Object.keys(opts)) {
        if (!names.includes(k)) throw new RangeError(`bitboard: ${what} has no option '${k}' (it takes ${names.join(', ')})`);
    }
    return opts;
}

function integer(x, lo, hi, what) {
    if (typeof x !== 'number') throw new TypeError(`bitboard: ${what} must be a number, not ${x === null ? 'null' : typeof x}`);
    if (!Number.isInteger(x) || x < lo || x > hi) throw new RangeError(`bitboard: ${what} ${x} is not an integer in ${lo}..${hi}`);
    return x;
}

// ---- positions -----------------------------------------------------------------------

/** The start position: d5 and e4 black, d4 and e5 white, black to move. */
export function start() {
    return withBytes(24, (ptr) => {
        c.bb_js_othello_start(ptr);
        return get(ptr);
    });
}

/**
 * A position from a board string as Othello test suites write it: 64
 * characters a1 b1 ... h8 (X, x or * black; O or o white; - or . empty),
 * white space, then the side to move, X or O.  Throws the C library's message.
 */
export function parse(text) {
    if (typeof text !== 'string') throw new TypeError(`bitboard: parse takes a string, not ${text === null ? 'null' : typeof text}`);
    return withString(text, (t) => withBytes(24 + MSG, (ptr) => {
        if (c.bb_js_othello_parse(t, ptr, ptr + 24, MSG) !== 0) throw new Error(`bitboard: ${cString(ptr + 24)}`);
        return get(ptr);
    }));
}

/**
 * The position as text: 'board' (the default), the 64-character board
 * string and the side, as parse reads it; or 'diagram', 8 rows with row 1
 * on top, the side to move and the disc count (as `bitboard othello show`).
 */
export function format(pos, style = 'board') {
    const q = position(pos);
    const diagram = named(style, ['board', 'diagram'], 'style');
    return withPosition(q, (io) => {
        const size = 1 + c.bb_js_othello_format(0, 0, io, diagram);
        return withBytes(size, (buf) => {
            c.bb_js_othello_format(buf, size, io, diagram);
            return cString(buf);
        });
    });
}

/**
 * The position after a transcript ("f5d6c3", any case, white space allowed;
 * a pass as PA or --, or left out where the side to move has no move),
 * played from `from` (the start position by default).  An illegal move
 * throws the C library's message naming the move and its position in the
 * text; the error's `position` is that position (1-based) and its `reached`
 * the position before the move.
 */
export function playTranscript(text, from = start()) {
    if (typeof text !== 'string') throw new TypeError(`bitboard: playTranscript takes a string, not ${text === null ? 'null' : typeof text}`);
    const q = position(from, 'from');
    return withString(text, (t) => withBytes(24 + MSG, (ptr) => {
        put(ptr, q);
        const rc = c.bb_js_othello_play_transcript(ptr, t, ptr + 24, MSG);
        if (rc !== 0) {
            const err = new Error(`bitboard: ${cString(ptr + 24)}`);
            err.position = -1 - rc;
            err.reached = get(ptr);
            throw err;
        }
        return get(ptr);
    }));
}

// ---- moves ---------------------------------------------------------------------------

/** The squares (a board) where the side owning p may play. */
export function moves(p, o) {
    pair(p, o);
    return u64(c.bb_js_othello_moves(p, o));
}

/** The discs of o that p playing sq turns; 0n if sq is not a legal move. */
export function flips(p, o, sq) {
    pair(p, o);
    return u64(c.bb_js_othello_flips(p, o, square(sq)));
}

/** The legal moves of the side to move as square names, a1 first; [] if it must pass. */
export function legalMoves(pos) {
    const q = position(pos);
    const names = [];
    for (let m = u64(c.bb_js_othello_moves(q.p, q.o)), sq = 0; m; m >>= 1n, sq++) if (m & 1n) names.push(nameOf(sq));
    return names;
}

const PASSES = ['pa', '--', 'pass'];

/**
 * The position after the side to move plays sq (0..63 or a name), or
 * passes ('PA', '--' or 'pass'), as bb_othello_play and bb_othello_pass:
 * a move must flip something, a pass is legal only when the side to move
 * has no move and the other side has one, and playing never passes by
 * itself.  An illegal move throws an Error naming the square.
 */
export function play(pos, sq) {
    const q = position(pos);
    const isPass = typeof sq === 'string' && PASSES.includes(sq.toLowerCase());
    const n = isPass ? PASS_SQ : square(sq);
    return withPosition(q, (io) => {
        if (c.bb_js_othello_play(io, n) === 0) return get(io);
        const side = SIDES[q.side];
        const count = bitCount(u64(c.bb_js_othello_moves(q.p, q.o)));
        if (isPass) {
            throw new Error(count ? `bitboard: ${side} cannot pass, having ${count} legal move${count === 1 ? '' : 's'}`
                : `bitboard: ${side} cannot pass: the game is over (neither side has a move)`);
        }
        const why = ((q.p | q.o) >> BigInt(n)) & 1n ? 'is occupied' : 'flips nothing';
        throw new Error(`bitboard: ${nameOf(n)} is not a legal move: it ${why} (${side} to move)`);
    });
}

function bitCount(x) {
    let n = 0;
    for (; x; x &= x - 1n) n++;
    return n;
}

/** true when neither side has a move. */
export function isGameOver(pos) {
    const q = position(pos);
    return withPosition(q, (io) => c.bb_js_othello_game_over(io) !== 0);
}

/** The discs of each colour: { black, white, empty }. */
export function discs(pos) {
    const q = position(pos);
    return withPosition(q, (io) => {
        const black = c.bb_js_othello_discs(io, 0), white = c.bb_js_othello_discs(io, 1);
        return { black, white, empty: 64 - black - white };
    });
}

/** Black's discs minus white's, the empty squares given to the one with more (the final score of a game). */
export function score(pos) {
    const q = position(pos);
    return withPosition(q, (io) => c.bb_js_othello_score(io));
}

// ---- perft and the solver ------------------------------------------------------------

/**
 * The number of leaves of the game tree `depth` plies deep (a BigInt).
 * options.convention: 'oeis' (the default: a pass is a ply, a game over
 * before the last ply counts nothing, OEIS A124004), 'bik' (it counts one
 * leaf) or 'nopass' (a pass is not a ply; a game over counts one leaf);
 * options.hashMb: a transposition table of that many MiB (0, the default: none).
 */
export function perft(pos, depth, opts) {
    const q = position(pos);
    const { convention, hashMb } = perftOptions(depth, opts, PERFT_OPTIONS);
    return withBytes(4, (status) => {
        const n = u64(c.bb_js_othello_perft(q.p, q.o, depth, convention, hashMb, status));
        const s = view().getInt32(status, true);
        if (s < 0) throw new Error(`bitboard: perft cannot have a table of ${hashMb} MiB`);
        if (s > 0) throw new RangeError(`bitboard: perft ${depth} counts 2^64 - 1 leaves or more`);
        return n;
    });
}

const PERFT_OPTIONS = ['convention', 'hashMb'], SOLVE_OPTIONS = ['wld', 'alpha', 'beta', 'hashMb'];

function perftOptions(depth, opts, names) {
    const max = c.bb_js_othello_perft_max_depth();
    if (Number.isInteger(depth) && depth > max) {
        throw new RangeError(`bitboard: depth ${depth} is too deep: ${cString(c.bb_js_othello_perft_max_depth_why())}`);
    }
    integer(depth, 0, max, 'depth');
    const o = options(opts, names, 'perft');
    return { convention: named(o.convention ?? 'oeis', CONVENTIONS, 'convention'), hashMb: integer(o.hashMb ?? 0, 0, MAX_HASH_MB, 'hashMb') };
}

const RESULTS = { 1: 'win', 0: 'draw', '-1': 'loss' };
// the solver's result, as js/src/exports_othello.c's js_solve_out lays it out
const SOLVE_OUT = layout(cString(c.bb_js_othello_solve_layout()), {
    nodes: 'uint64_t', table_bytes: 'uint64_t', score: 'int32_t', wld: 'int32_t', bound: 'int32_t', best: 'int32_t',
    pv_length: 'int32_t', pv: 'int32_t',
}, "solve's result");
const BOUNDS = { 0: 'exact', 1: 'lower', '-1': 'upper' };

/**
 * Solves the position exactly under perfect play by both sides, on this
 * thread: { score, result, bound, best, pv, nodes, tableBytes }.  score is
 * the final disc difference for the side to move (empty squares to the
 * winner), result 'win', 'draw' or 'loss'; best is the best move's name
 * (PASS for a pass, null if the game is over), pv the principal variation.
 * options.wld: win, loss or draw only (faster; score is then -1, 0 or 1, a
 * bound); options.alpha and options.beta, both or neither: an aspiration
 * window (-64..64, alpha < beta; a score at or outside its ends comes back
 * as a bound: bound 'lower' (at least score) or 'upper' (at most), best
 * null and pv []); options.hashMb: the table in MiB (0: by the empty squares).
 */
export function solve(pos, opts) {
    const q = position(pos);
    const o = solveOptions(opts, SOLVE_OPTIONS);
    const { alpha, beta, hashMb } = o;
    return withPosition(q, (io) => withBytes(SOLVE_OUT.bytes, (out) => {
        const rc = c.bb_js_othello_solve(io, o.wld ? 1 : 0, alpha, beta, hashMb, out);
        if (rc === -2) throw stopped('solve');
        if (rc !== 0) throw new Error(`bitboard: solve cannot have its table (${hashMb || 'default'} MiB)`);
        const r = readStruct(out, SOLVE_OUT);
        return {
            score: r.score,
            result: RESULTS[r.wld],
            bound: BOUNDS[r.bound],
            best: r.best < 0 ? null : nameOf(r.best),
            pv: r.pv.slice(0, r.pv_length).map(nameOf),
            nodes: Number(r.nodes),
            tableBytes: Number(r.table_bytes),
        };
    }));
}

// solve's options checked: { wld, alpha, beta, hashMb } (alpha = beta = 0: the full window)
function solveOptions(opts, names) {
    const o = options(opts, names, 'solve');
    if (o.wld !== undefined && typeof o.wld !== 'boolean') throw new TypeError(`bitboard: wld must be a boolean, not ${typeof o.wld}`);
    let alpha = 0, beta = 0; // both 0: the full window (+-64 exact)
    if (o.alpha !== undefined || o.beta !== undefined) {
        if (o.alpha === undefined || o.beta === undefined) throw new TypeError('bitboard: solve takes alpha and beta together');
        if (o.wld) throw new RangeError('bitboard: solve takes no window (alpha, beta) with wld');
        alpha = integer(o.alpha, -64, 64, 'alpha'), beta = integer(o.beta, -64, 64, 'beta');
        if (alpha >= beta) throw new RangeError(`bitboard: alpha ${alpha} must be less than beta ${beta}`);
    }
    const hashMb = integer(o.hashMb ?? 0, 0, MAX_HASH_MB, 'hashMb');
    return { wld: o.wld === true, alpha, beta, hashMb, window: o.alpha !== undefined };
}

// what perft and solve throw when js/core.js's callbacks.progress asked them to stop
function stopped(what) {
    const err = new Error(`bitboard: ${what} was stopped`);
    err.name = 'AbortError';
    return err;
}

// ---- the midgame search --------------------------------------------------------------

/** The search's deepest depth (moves, BB_OTHELLO_SEARCH_MAX_DEPTH) and its depth given neither depth nor time (BB_OTHELLO_SEARCH_DEFAULT_DEPTH). */
export const SEARCH_MAX_DEPTH = c.bb_js_othello_search_max_depth();
export const SEARCH_DEFAULT_DEPTH = c.bb_js_othello_search_default_depth();
/** The longest time budget (seconds) the search takes (BB_MAX_SECONDS, as the CLI's --time and Python's seconds). */
export const MAX_SECONDS = c.bb_js_max_seconds();

// the search's result and progress reports, as js/src/exports_othello_search.c's js_search_out lays them out
const SEARCH_OUT = layout(cString(c.bb_js_othello_search_layout()), {
    nodes: 'uint64_t', score: 'double', seconds: 'double', exact: 'int32_t', best: 'int32_t', depth: 'int32_t',
    stopped: 'int32_t', wld: 'int32_t', wld_proven: 'int32_t', pv_length: 'int32_t', pv: 'int32_t',
}, "the search's result");

// a table's address in the module, by its SearchTable (0 once freed); those in use by a search
const tableAt = new WeakMap(), tableBusy = new WeakSet();
const unfreed = typeof FinalizationRegistry === 'function' ? new FinalizationRegistry((ptr) => c.bb_js_othello_search_table_free(ptr)) : null;

/**
 * A transposition table kept from search to search: `search(pos, { table })`
 * move after move of a game finds the last searches' entries, as an engine
 * keeps its table (Python's SearchTable, the library's
 * bb_othello_search_table).  mb: 1..MAX_HASH_MB MiB (16 if left out).
 * clear() empties it; free() gives its memory back at once (else it goes
 * when the table is collected).  One search at a time uses a table.
 */
export class SearchTable {
    constructor(mb = 16) {
        integer(mb, 1, MAX_HASH_MB, 'SearchTable mb');
        const ptr = c.bb_js_othello_search_table_new(mb);
        if (!ptr) throw new Error(`bitboard: out of WebAssembly memory: a SearchTable of ${mb} MiB`);
        tableAt.set(this, ptr);
        unfreed?.register(this, ptr, this);
        Object.defineProperty(this, 'mb', { value: mb, enumerable: true });
    }

    /** Every entry empty again. */
    clear() {
        c.bb_js_othello_search_table_clear(tableOf(this, 'clear'));
    }

    /** Frees the table's memory; the table cannot be used after (free again: nothing). */
    free() {
        const ptr = tableAt.get(this);
        if (!ptr) return;
        if (tableBusy.has(this)) throw new Error('bitboard: SearchTable: a search is using it');
        unfreed?.unregister(this);
        c.bb_js_othello_search_table_free(ptr);
        tableAt.set(this, 0);
    }
}

function tableOf(t, what) {
    if (!(t instanceof SearchTable)) throw new TypeError(`bitboard: table must be a SearchTable, not ${t === null ? 'null' : t?.constructor?.name ?? typeof t}`);
    const ptr = tableAt.get(t);
    if (!ptr) throw new Error(`bitboard: ${what}: the SearchTable was freed`);
    if (tableBusy.has(t)) throw new Error(`bitboard: ${what}: another search is using the SearchTable`);
    return ptr;
}

const SEARCH_OPTIONS = ['depth', 'time', 'hashMb', 'exactEmpties', 'probcut', 'table', 'onProgress'];
const WLD = { 1: 'win', 0: 'draw', '-1': 'loss' };

function number(x, lo, hi, what) {
    if (typeof x !== 'number') throw new TypeError(`bitboard: ${what} must be a number, not ${x === null ? 'null' : typeof x}`);
    if (!(x >= lo && x <= hi)) throw new RangeError(`bitboard: ${what} ${x} is not a number in ${lo}..${hi}`);
    return x;
}

// the search's options checked, the CLI's and Python's limits and default (neither depth nor time: the default depth)
function searchOptions(opts, names, what = 'search') {
    const o = options(opts, names, what);
    let depth = integer(o.depth ?? 0, 0, SEARCH_MAX_DEPTH, 'depth');
    const time = number(o.time ?? 0, 0, MAX_SECONDS, 'time');
    const hashMb = integer(o.hashMb ?? 0, 0, MAX_HASH_MB, 'hashMb');
    const exactEmpties = integer(o.exactEmpties ?? 0, -1, 60, 'exactEmpties');
    if (o.probcut !== undefined && typeof o.probcut !== 'boolean') throw new TypeError(`bitboard: probcut must be a boolean, not ${typeof o.probcut}`);
    if (o.onProgress !== undefined && typeof o.onProgress !== 'function') {
        throw new TypeError(`bitboard: ${what} option onProgress must be a function, not ${o.onProgress === null ? 'null' : typeof o.onProgress}`);
    }
    if (o.table !== undefined && o.table !== null) tableOf(o.table, what);
    if (depth === 0 && time === 0) depth = SEARCH_DEFAULT_DEPTH;
    return { depth, time, hashMb, exactEmpties, probcut: o.probcut !== false, table: o.table ?? null, onProgress: o.onProgress };
}

// the search's answer (or a report so far) as JavaScript reads it
function searchAnswer(r) {
    return {
        score: r.score,
        exact: r.exact !== 0,
        best: r.best < 0 ? null : nameOf(r.best),
        pv: r.pv.slice(0, r.pv_length).map(nameOf),
        depth: r.depth,
        nodes: Number(r.nodes),
        seconds: r.seconds,
        stopped: r.stopped !== 0,
        wld: r.wld_proven ? WLD[r.wld] : null,
    };
}

/**
 * Searches a position of any stage on this thread: the C library's midgame
 * search (iterative deepening principal-variation search over the trained
 * evaluation, the exact solver near the end; docs/OTHELLO.md), as the
 * CLI's `othello search` and Python's othello.search.  options: depth
 * (0..SEARCH_MAX_DEPTH moves, passes free; 0: no limit), time (seconds,
 * 0..MAX_SECONDS; 0: none; no depth starts after half of it, the last
 * finished counts), neither: depth SEARCH_DEFAULT_DEPTH; hashMb (0: 16, or
 * less with a short time); exactEmpties (the exact solver from this many
 * empties: 0, 14; -1 never); probcut (false: no selective cut-offs, the
 * plain alpha-beta score); table (a SearchTable, kept: hashMb is then
 * ignored); onProgress (called after each depth and about 4 times a second
 * with the answer so far; an exception it throws stops the search and is
 * thrown from search).  Returns { score (the side to move's expected final
 * disc difference), exact, best (a name, PASS, or null if the game is
 * over), pv, depth (the last finished), nodes, seconds, stopped, wld ('win',
 * 'draw' or 'loss' when the solver proved it, else null) }.
 */
export function search(pos, opts) {
    const q = position(pos);
    const o = searchOptions(opts, SEARCH_OPTIONS);
    const t = o.table ? tableAt.get(o.table) : 0;
    let thrown = null;
    const report = o.onProgress && ((ptr) => {
        if (thrown) return 1;
        try {
            o.onProgress(searchAnswer(readStruct(ptr, SEARCH_OUT)));
            return 0;
        } catch (err) {
            thrown = { err };
            return 1;
        }
    });
    const before = callbacks.search_progress;
    if (o.table) tableBusy.add(o.table);
    try {
        callbacks.search_progress = report || undefined;
        return withPosition(q, (io) => withBytes(SEARCH_OUT.bytes, (out) => {
            const rc = c.bb_js_othello_search(io, o.depth, o.time, o.hashMb, o.exactEmpties, o.probcut ? 0 : 1, t, report ? 1 : 0, out);
            if (thrown) throw thrown.err;
            if (rc === -2) throw stopped('search');
            if (rc !== 0) throw new Error(`bitboard: search cannot have its table (${o.hashMb || 'default'} MiB)`);
            return searchAnswer(readStruct(out, SEARCH_OUT));
        }));
    } finally {
        callbacks.search_progress = before;
        if (o.table) tableBusy.delete(o.table);
    }
}

// ---- the solver and perft in a Worker ------------------------------------------------
// A Worker runs js/othello-worker.js (worker_threads in Node, a module
// Worker in browsers), which loads its own copy of the module.  One idle
// worker is kept for the next call (in Node it does not keep the process
// alive).  Cancel: for solve and search, where SharedArrayBuffer is there
// (Node; browsers when cross-origin isolated) the worker reads a shared
// flag at each progress report (4 times a second) and stays for the next
// call (with its search table: searchAsync move after move of a game
// allocates no table after the first);
// elsewhere, and for perft (which reads no flag in WebAssembly), the worker
// is terminated.  Either way the promise rejects at once.

const WORKER_URL = new URL('./othello-worker.js', import.meta.url);
const IN_NODE = typeof process !== 'undefined' && !!(process.versions && process.versions.node);
let idle = null;

// a worker behind one interface: post(message), terminate(), busy(flag); onMessage/onFail set per call
async function spawn() {
    const w = { onMessage: null, onFail: null, dead: false };
    const fail = (err) => {
        w.dead = true;
        if (idle === w) idle = null;
        w.onFail?.(err);
    };
    if (IN_NODE) {
        const { Worker } = await import('node:worker_threads');
        const t = new Worker(WORKER_URL, { execArgv: workerArgs(process.execArgv) });
        t.on('message', (m) => w.onMessage?.(m));
        t.on('error', (e) => fail(new Error(`bitboard: the worker failed: ${e.message}`)));
        t.on('exit', (code) => fail(new Error(`bitboard: the worker exited (status ${code})`)));
        Object.assign(w, { post: (m) => t.postMessage(m), end: () => t.terminate(), busy: (b) => (b ? t.ref() : t.unref()) });
    } else {
        if (typeof Worker !== 'function') throw new Error('bitboard: this platform has no Worker');
        const t = new Worker(WORKER_URL, { type: 'module' });
        t.addEventListener('message', (e) => w.onMessage?.(e.data));
        t.addEventListener('error', (e) => fail(new Error(`bitboard: the worker failed: ${e.message ?? 'cannot load it'}`)));
        Object.assign(w, { post: (m) => t.postMessage(m), end: () => t.terminate(), busy: () => {} });
    }
    return w;
}

// Node's options for the worker: the process's, less those that only fit a
// main script (--input-type and -e/-p code, which a worker refuses)
function workerArgs(args) {
    const out = [];
    for (let i = 0; i < args.length; i++) {
        const a = args[i];
        if (['-e', '--eval', '-p', '--print', '--input-type'].includes(a)) i++;
        else if (!/^--(input-type|eval|print)=/.test(a)) out.push(a);
    }
    return out;
}

function release(w) {
    w.onMessage = w.onFail = null;
    if (w.dead) return;
    if (idle) {
        w.dead = true;
        w.end();
    } else {
        idle = w;
        w.busy(false);
    }
}

function abortReason(signal) {
    if (signal.reason !== undefined) return signal.reason;
    return typeof DOMException === 'function' ? new DOMException('This operation was aborted', 'AbortError') : stopped('the call');
}

const ERRORS = { TypeError, RangeError };

// runs op ('solve', 'search' or 'perft') with args in a worker: a promise of its result
function inWorker(op, args, signal, onProgress) {
    return new Promise((resolve, reject) => {
        if (signal?.aborted) return reject(abortReason(signal));
        const shared = op !== 'perft' && typeof SharedArrayBuffer === 'function' && globalThis.crossOriginIsolated !== false;
        const flag = shared ? new Int32Array(new SharedArrayBuffer(4)) : null;
        let worker = null, settled = false;
        const settle = (fn, value) => {
            if (settled) return;
            settled = true;
            signal?.removeEventListener('abort', onAbort);
            fn(value);
        };
        const kill = () => {
            if (worker && !worker.dead && worker.onMessage === onMessage) worker.dead = true, worker.end();
        };
        const cancel = (why) => {
            if (settled) return;
            if (flag) {
                Atomics.store(flag, 0, 1);
                // the solver reads the flag at its reports, which can be seconds apart at the start
                // of a deep search: a worker still busy a second later is terminated
                const late = setTimeout(kill, 1000);
                if (IN_NODE && late.unref) late.unref();
            } else {
                kill();
            }
            settle(reject, why);
        };
        const onAbort = () => cancel(abortReason(signal));
        signal?.addEventListener('abort', onAbort);
        const take = idle ? Promise.resolve(idle) : spawn();
        if (idle) idle = null;
        take.then((w) => {
            worker = w;
            if (settled) return release(w); // aborted while it started: nothing was sent
            w.busy(true);
            w.onFail = (err) => settle(reject, err);
            w.onMessage = onMessage;
            w.post({ op, args, flag: flag && flag.buffer });
        }, (err) => settle(reject, err));
        function onMessage(m) {
            if (m.type === 'progress') {
                if (settled || !onProgress) return;
                try {
                    onProgress(m.report ?? { nodes: m.count, seconds: m.seconds });
                } catch (err) {
                    cancel(err);
                }
                return;
            }
            // after an error the worker's module may be in any state (a trap): it is not kept
            if (m.type === 'error') kill();
            release(worker);
            if (m.type === 'done') settle(resolve, m.result);
            else if (m.type === 'error') settle(reject, new (ERRORS[m.name] ?? Error)(m.message));
            else settle(reject, stopped(op));
        }
    });
}

function asyncOptions(opts, what, names) {
    const o = options(opts, names, what);
    const { signal, onProgress } = o;
    if (signal !== undefined && (signal === null || typeof signal !== 'object' || typeof signal.aborted !== 'boolean' || typeof signal.addEventListener !== 'function')) {
        throw new TypeError(`bitboard: ${what} option signal must be an AbortSignal`);
    }
    if (onProgress !== undefined && typeof onProgress !== 'function') {
        throw new TypeError(`bitboard: ${what} option onProgress must be a function, not ${onProgress === null ? 'null' : typeof onProgress}`);
    }
    const rest = {};
    for (const [k, v] of Object.entries(o)) if (k !== 'signal' && k !== 'onProgress' && v !== undefined) rest[k] = v;
    return { rest, signal, onProgress };
}

/**
 * solve in a Worker: a promise of solve's result; the calling thread goes
 * on.  options: solve's, and signal (an AbortSignal: aborting rejects the
 * promise with its reason, an AbortError) and onProgress ({ nodes, seconds },
 * about 4 times a second).  Bad arguments reject with solve's errors.
 */
export async function solveAsync(pos, opts) {
    const q = position(pos);
    const { rest, signal, onProgress } = asyncOptions(opts, 'solve', [...SOLVE_OPTIONS, 'signal', 'onProgress']);
    solveOptions(rest, SOLVE_OPTIONS);
    return inWorker('solve', [{ p: q.p, o: q.o, side: SIDES[q.side] }, rest], signal, onProgress);
}

const SEARCH_ASYNC_OPTIONS = ['depth', 'time', 'hashMb', 'exactEmpties', 'probcut'];

/**
 * search in a Worker: a promise of search's result; the calling thread goes
 * on.  options: search's but table (the worker keeps a table of its own,
 * hashMb MiB, 16 if 0 or left out, from call to call: searches of one game
 * find the earlier ones' entries, and none allocates a table after the
 * first unless hashMb changes), and signal and onProgress as solveAsync's:
 * onProgress gets the answer so far (search's result: the last finished
 * depth, its best move, score and pv, the nodes till now) after each depth
 * and about 4 times a second; aborting rejects with the signal's reason.
 */
export async function searchAsync(pos, opts) {
    const q = position(pos);
    const { rest, signal, onProgress } = asyncOptions(opts, 'search', [...SEARCH_ASYNC_OPTIONS, 'signal', 'onProgress']);
    searchOptions(rest, SEARCH_ASYNC_OPTIONS);
    return inWorker('search', [{ p: q.p, o: q.o, side: SIDES[q.side] }, rest], signal, onProgress);
}

/**
 * perft in a Worker: a promise of the count (a BigInt).  options: perft's,
 * and signal as solveAsync's (aborting terminates the worker: perft has no
 * progress to report in WebAssembly, one thread).
 */
export async function perftAsync(pos, depth, opts) {
    const q = position(pos);
    const { rest, signal } = asyncOptions(opts, 'perft', [...PERFT_OPTIONS, 'signal']);
    perftOptions(depth, rest, PERFT_OPTIONS);
    return inWorker('perft', [{ p: q.p, o: q.o, side: SIDES[q.side] }, depth, rest], signal, undefined);
}

// ---- game records: WTHOR and GGF -----------------------------------------------------
// A record crosses the boundary as js/src/exports_othello.c lays it out:
// uint64 start p, o; int32 side, count, black_discs, theoretical,
// tournament, black_player, white_player; uint8 moves[120]; then the
// NUL-terminated tags black[64], white[64], event[64], date[32], result[32].

const REC = { moves: 44, black: 164, white: 228, event: 292, date: 356, result: 388, bytes: 420 };
const TAGS = { black: 64, white: 64, event: 64, date: 32, result: 32 };
const GGF_MAX = 4096;
const WTHOR_GAME = 68, WTHOR_PLAYER = 20, WTHOR_TOURNAMENT = 26;
if (c.bb_js_othello_record_bytes() !== REC.bytes) throw new Error('bitboard/othello: othello.js and the WebAssembly module disagree on records');

function getRecord(ptr) {
    const v = view(), int = (i) => v.getInt32(ptr + 16 + 4 * i, true);
    const side = int(0), p = v.getBigUint64(ptr, true), o = v.getBigUint64(ptr + 8, true);
    const moves = [];
    for (let i = 0; i < int(1); i++) moves.push(nameOf(v.getUint8(ptr + REC.moves + i)));
    const tags = {};
    for (const t of Object.keys(TAGS)) tags[t] = cString(ptr + REC[t]);
    return {
        start: { p, o, side: SIDES[side] }, moves, blackDiscs: int(2), theoretical: int(3),
        tournament: int(4), blackPlayer: int(5), whitePlayer: int(6), tags,
    };
}

function bytesArg(x, what) {
    if (x instanceof ArrayBuffer) return new Uint8Array(x);
    if (!(x instanceof Uint8Array)) throw new TypeError(`bitboard: ${what} must be a Uint8Array (or an ArrayBuffer), not ${x === null ? 'null' : x?.constructor?.name ?? typeof x}`);
    return x;
}

// runs fn(ptr) with the bytes on the heap
function withData(bytes, fn) {
    return withBytes(Math.max(1, bytes.length), (ptr) => {
        new Uint8Array(view().buffer).set(bytes, ptr);
        return fn(ptr);
    });
}

const MSG_AT = 64; // scratch: 40 bytes of header fields first, then the message

// a WTHOR header checked for records of `kind` bytes: its fields, or the C library's message thrown
// (with `cut`, a game file cut short of its count gives its header and cut: why)
function wthorHeader(data, kind, prefix, cut = false) {
    return withData(data.subarray(0, Math.min(data.length, 16)), (d) => withBytes(MSG_AT + MSG, (out) => {
        const rc = c.bb_js_othello_wthor_header(d, data.length, kind, out, out + MSG_AT, MSG);
        if (rc < 0 || (rc === 1 && !cut)) throw new Error(`bitboard: ${prefix}${cString(out + MSG_AT)}`);
        const v = view(), f = (i) => v.getInt32(out + 4 * i, true);
        const header = {
            written: { year: f(0) * 100 + f(1), month: f(2), day: f(3) },
            games: f(4), records: f(5), year: f(6), boardSize: f(7) || 8, gameType: f(8), depth: f(9),
        };
        if (rc === 1 && header.boardSize !== 8) throw new Error(`bitboard: ${prefix}${cString(out + MSG_AT)}`);
        return rc === 1 ? { header, cut: cString(out + MSG_AT) } : { header };
    }));
}

/**
 * A WTHOR game file (.wtb) read lazily: { header, length, game(i), and
 * games by iteration }.  header: { written: { year, month, day }, games,
 * year (of the games), depth (of the theoretical scores), boardSize,
 * gameType }.  A game: { index (from 0), black, white, tournament (numbers
 * into the .jou and .trn files: readWthorNames), year, blackDiscs (the
 * recorded count), theoretical, moves (names, a pass as PA) }, each move
 * replayed and checked; a bad game has `error` (naming the game, and the
 * move byte or field at fault) and the moves before the fault; a game whose
 * stored count splits the empties evenly (Logistello's book) is kept with
 * `warning`.  A file cut short gives its whole games, then throws for the
 * game it ends in (or before), naming the byte (the CLI's othello games
 * message); any other size that does not fit the header throws the C
 * library's message.
 */
export function readWthor(bytes) {
    const data = bytesArg(bytes, 'readWthor: bytes');
    const { header, cut } = wthorHeader(data, WTHOR_GAME, 'not a WTHOR game file: ', true);
    delete header.records;
    const whole = cut === undefined ? header.games : Math.floor((data.length - 16) / WTHOR_GAME);
    const game = (i) => {
        integer(i, 0, header.games - 1, 'game index');
        if (i >= whole) {
            const where = 16 + WTHOR_GAME * whole === data.length ? 'before' : 'inside';
            throw new Error(`bitboard: game ${whole + 1}: the file ends ${where} it, at byte ${data.length} (${cut})`);
        }
        const one = new Uint8Array(16 + WTHOR_GAME);
        one.set(data.subarray(0, 16));
        one.set(data.subarray(16 + WTHOR_GAME * i, 16 + WTHOR_GAME * (i + 1)), 16);
        return withData(one, (d) => withBytes(REC.bytes + MSG, (out) => {
            const rc = c.bb_js_othello_wthor_game(d, one.length, 0, out, out + REC.bytes, MSG);
            const g = getRecord(out);
            const result = {
                index: i, black: g.blackPlayer, white: g.whitePlayer, tournament: g.tournament, year: header.year,
                blackDiscs: g.blackDiscs, theoretical: g.theoretical, moves: g.moves,
            };
            /* 1: kept, with a warning (the stored count splits the empties) */
            if (rc === 1) result.warning = `game ${i + 1}: ${cString(out + REC.bytes)}`;
            else if (rc !== 0) result.error = `game ${i + 1}: ${cString(out + REC.bytes)}`;
            return result;
        }));
    };
    return {
        header,
        length: header.games,
        game,
        *[Symbol.iterator]() {
            for (let i = 0; i < header.games; i++) yield game(i);
        },
    };
}

/**
 * The names of a WTHOR players file (.jou) or tournaments file (.trn), told
 * apart by their size: an array indexed by the numbers in the games (Latin-1
 * decoded, trailing spaces dropped).
 */
export function readWthorNames(bytes) {
    const data = bytesArg(bytes, 'readWthorNames: bytes');
    let kind = WTHOR_PLAYER, h;
    try {
        h = wthorHeader(data, WTHOR_PLAYER, '').header;
    } catch (err) {
        kind = WTHOR_TOURNAMENT;
        try {
            h = wthorHeader(data, WTHOR_TOURNAMENT, '').header;
        } catch {
            throw new Error(`${err.message.replace(/^bitboard: /, 'bitboard: neither a WTHOR .jou (20-byte players) nor .trn (26-byte tournaments) file: ')}`);
        }
    }
    return withData(data, (d) => withBytes(64, (buf) => {
        const out = [];
        for (let i = 0; i < h.records; i++) {
            c.bb_js_othello_wthor_name(d, data.length, kind, i, buf, 64);
            out.push(cString(buf));
        }
        return out;
    }));
}

// ---- a game given to the writers, onto the heap ----

function gameArg(game, what) {
    if (game === null || typeof game !== 'object') throw new TypeError(`bitboard: ${what} must be an object, not ${game === null ? 'null' : typeof game}`);
    if (!Array.isArray(game.moves)) throw new TypeError(`bitboard: ${what}.moves must be an array of moves (names, 0..63, or PA)`);
    if (game.moves.length > 120) throw new RangeError(`bitboard: ${what}.moves has ${game.moves.length} moves: a record holds 120 at most`);
    return game.moves.map((m, i) => {
        if (typeof m === 'string' && m.length === 2) { // a name, read here: faster than square's call into C
            const file = m.charCodeAt(0) | 32, rank = m.charCodeAt(1);
            if (file >= 97 && file <= 104 && rank >= 49 && rank <= 56) return (rank - 49) * 8 + file - 97;
        }
        return typeof m === 'string' && PASSES.includes(m.toLowerCase()) ? PASS_SQ : square(m, `${what}.moves[${i}]`);
    });
}

function optionalInt(x, lo, hi, what) {
    return x === undefined || x === null ? -1 : integer(x, lo, hi, what);
}

// writes game (checked) as a record at ptr; the moves replayed with implicit passes filled in
function putRecord(ptr, game, what, fields) {
    const moves = gameArg(game, what);
    const st = game.start === undefined ? start() : position(game.start, `${what}.start`);
    const side = typeof st.side === 'number' ? st.side : SIDES.indexOf(st.side);
    const tags = Object.entries(fields.tags ?? {}).map(([t, text]) => {
        const bytes = encoder.encode(text);
        if (bytes.length > TAGS[t] - 1) throw new RangeError(`bitboard: ${what}.${t} is ${bytes.length} bytes of UTF-8: ${TAGS[t] - 1} at most`);
        return [t, bytes];
    });
    const v = view(), heap = new Uint8Array(v.buffer);
    heap.fill(0, ptr, ptr + REC.bytes);
    v.setBigUint64(ptr, st.p, true), v.setBigUint64(ptr + 8, st.o, true);
    [side, 0, fields.blackDiscs, fields.theoretical, fields.tournament, fields.black, fields.white].forEach((x, i) => v.setInt32(ptr + 16 + 4 * i, x, true));
    for (const [t, bytes] of tags) heap.set(bytes, ptr + REC[t]);
    withBytes(Math.max(1, moves.length) + MSG, (m) => {
        new Uint8Array(view().buffer).set(moves, m);
        const rc = c.bb_js_othello_record_moves(ptr, m, moves.length, m + moves.length, MSG);
        if (rc !== 0) {
            const i = -1 - rc;
            throw new Error(`bitboard: ${what}.moves[${i}]: ${cString(m + moves.length)}`);
        }
    });
}

function tagArgs(game, what) {
    const tags = {};
    for (const t of Object.keys(TAGS)) {
        const x = game[t];
        if (x === undefined || x === null) continue;
        if (typeof x !== 'string') throw new TypeError(`bitboard: ${what}.${t} must be a string, not ${typeof x}`);
        tags[t] = x;
    }
    return tags;
}

/**
 * WTHOR game file bytes (.wtb) for the games: each { moves (names, 0..63 or
 * PA; a pass may be left out where the side to move has none), black,
 * white, tournament (numbers 0..65535, 0 if left out), blackDiscs (0..64:
 * taken from the moves when the game is over), theoretical (0..64: the
 * recorded count if left out) }, from the standard start.  header: { year
 * (of the games, 0..65535), depth (0..60), written (a Date: today if left out) }.
 */
export function writeWthor(games, header) {
    if (!Array.isArray(games)) throw new TypeError('bitboard: writeWthor takes an array of games');
    const h = options(header, ['year', 'depth', 'written'], 'writeWthor');
    const year = optionalInt(h.year, 0, 65535, 'header.year'), depth = optionalInt(h.depth, 0, 60, 'header.depth');
    const when = h.written ?? new Date();
    if (!(when instanceof Date) || Number.isNaN(when.getTime())) throw new TypeError('bitboard: header.written must be a valid Date');
    const out = new Uint8Array(16 + WTHOR_GAME * games.length);
    withBytes(40, (f) => {
        const y = when.getUTCFullYear();
        [Math.floor(y / 100), y % 100, when.getUTCMonth() + 1, when.getUTCDate(), games.length, 0, Math.max(year, 0), 8, 0, Math.max(depth, 0)]
            .forEach((x, i) => view().setInt32(f + 4 * i, x, true));
        withBytes(16, (b) => {
            c.bb_js_othello_wthor_write_header(b, f);
            out.set(new Uint8Array(view().buffer, b, 16), 0);
        });
    });
    withBytes(REC.bytes + WTHOR_GAME + MSG, (rec) => {
        games.forEach((game, i) => {
            const what = `games[${i}]`;
            putRecord(rec, game, what, {
                blackDiscs: optionalInt(game?.blackDiscs, 0, 64, `${what}.blackDiscs`),
                theoretical: optionalInt(game?.theoretical, 0, 64, `${what}.theoretical`),
                tournament: optionalInt(game?.tournament, 0, 65535, `${what}.tournament`),
                black: optionalInt(game?.black, 0, 65535, `${what}.black`),
                white: optionalInt(game?.white, 0, 65535, `${what}.white`),
            });
            const g = rec + REC.bytes;
            if (c.bb_js_othello_wthor_write_game(g, rec, g + WTHOR_GAME, MSG) !== 0) throw new Error(`bitboard: ${what}: ${cString(g + WTHOR_GAME)}`);
            out.set(new Uint8Array(view().buffer, g, WTHOR_GAME), 16 + WTHOR_GAME * i);
        });
    });
    return out;
}

/**
 * The games of GGF text (a string, or UTF-8 bytes), one at a time: each {
 * index (from 0), black, white, event, date, result (the PB, PW, PC, DT and
 * RE tags, '' if none), start (the BO board, or the standard start), moves
 * (names; a pass as PA, put in where a side with no move passed silently) },
 * every move replayed and checked.  A bad game has `error` (naming the game
 * and the tag at fault) and the reading goes on with the next.
 */
export function readGgf(text) {
    if (text instanceof Uint8Array || text instanceof ArrayBuffer) text = decoder.decode(text);
    if (typeof text !== 'string') throw new TypeError(`bitboard: readGgf takes a string or a Uint8Array, not ${text === null ? 'null' : typeof text}`);
    return ggfGames(text);
}

function* ggfGames(text) {
    for (let at = text.indexOf('(;'), index = 0; at >= 0; at = text.indexOf('(;', at), index++) {
        const end = text.indexOf(';)', at + 2);
        const one = text.slice(at, end < 0 ? text.length : end + 2);
        at += one.length;
        const bytes = encoder.encode(one);
        yield withData(bytes, (t) => withBytes(REC.bytes + 4 + MSG, (out) => {
            const rc = c.bb_js_othello_ggf_read(t, bytes.length, out + REC.bytes, out, out + REC.bytes + 4, MSG);
            const g = getRecord(out);
            const game = { index, ...g.tags, start: g.start, moves: g.moves };
            if (rc < 0) game.error = `game ${index + 1}: ${cString(out + REC.bytes + 4)}`;
            return game;
        }));
    }
}

/**
 * One GGF game, "(;GM[Othello]...;)", from { moves (names, 0..63 or PA; a
 * pass may be left out where the side to move has none), start (a position:
 * the standard start if left out), black, white, event, date, result
 * (strings) }; the moves are checked.
 */
export function writeGgf(game) {
    const tags = game !== null && typeof game === 'object' ? tagArgs(game, 'game') : {};
    return withBytes(REC.bytes, (rec) => {
        putRecord(rec, game, 'game', { blackDiscs: -1, theoretical: -1, tournament: -1, black: -1, white: -1, tags });
        // one call into C: a game takes under 2 KiB (five tags of 63 bytes, the board, 120 moves)
        return withBytes(GGF_MAX, (buf) => {
            const n = c.bb_js_othello_ggf_write(buf, GGF_MAX, rec);
            if (n >= GGF_MAX) throw new Error(`bitboard: writeGgf: ${n} bytes (a game takes at most ${GGF_MAX - 1})`);
            return decoder.decode(new Uint8Array(view().buffer, buf, n));
        });
    });
}
