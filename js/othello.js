// bitboard/othello for JavaScript: Othello positions, moves and flips, the
// board strings and transcripts Othello programs exchange, perft and the
// exact endgame solver, from the C library compiled to WebAssembly.
// A position is { p, o, side }: p the discs of the side to move, o the
// other side's (BigInt boards, a1 = bit 0 ... h8 = bit 63, disjoint), side
// 'black' or 'white' (the colour of p).  Every function checks its
// arguments; text the C library parses fails with its own message.
// In WebAssembly perft and the solver run on this thread, one thread.

import { c, u64, cString, withBytes, withString, board, square, named, view } from './core.js';

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
    integer(depth, 0, 1000, 'depth');
    const o = options(opts, ['convention', 'hashMb'], 'perft');
    const convention = named(o.convention ?? 'oeis', CONVENTIONS, 'convention');
    const hashMb = integer(o.hashMb ?? 0, 0, 2048, 'hashMb');
    return withBytes(4, (status) => {
        const n = u64(c.bb_js_othello_perft(q.p, q.o, depth, convention, hashMb, status));
        const s = view().getInt32(status, true);
        if (s < 0) throw new Error(`bitboard: perft cannot have a table of ${hashMb} MiB`);
        if (s > 0) throw new RangeError(`bitboard: perft ${depth} counts 2^64 - 1 leaves or more`);
        return n;
    });
}

const RESULTS = { 1: 'win', 0: 'draw', '-1': 'loss' };
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
    const o = options(opts, ['wld', 'alpha', 'beta', 'hashMb'], 'solve');
    if (o.wld !== undefined && typeof o.wld !== 'boolean') throw new TypeError(`bitboard: wld must be a boolean, not ${typeof o.wld}`);
    let alpha = 0, beta = 0; // both 0: the full window (+-64 exact)
    if (o.alpha !== undefined || o.beta !== undefined) {
        if (o.alpha === undefined || o.beta === undefined) throw new TypeError('bitboard: solve takes alpha and beta together');
        if (o.wld) throw new RangeError('bitboard: solve takes no window (alpha, beta) with wld');
        alpha = integer(o.alpha, -64, 64, 'alpha'), beta = integer(o.beta, -64, 64, 'beta');
        if (alpha >= beta) throw new RangeError(`bitboard: alpha ${alpha} must be less than beta ${beta}`);
    }
    const hashMb = integer(o.hashMb ?? 0, 0, 2048, 'hashMb');
    return withPosition(q, (io) => withBytes(272, (out) => {
        const rc = c.bb_js_othello_solve(io, o.wld ? 1 : 0, alpha, beta, hashMb, out);
        if (rc !== 0) throw new Error(`bitboard: solve cannot have its table (${hashMb || 'default'} MiB)`);
        const v = view();
        const int = (i) => v.getInt32(out + 16 + 4 * i, true);
        const best = int(3), pv = [];
        for (let i = 0; i < int(4); i++) pv.push(nameOf(int(5 + i)));
        return {
            score: int(0),
            result: RESULTS[int(1)],
            bound: BOUNDS[int(2)],
            best: best < 0 ? null : nameOf(best),
            pv,
            nodes: Number(v.getBigUint64(out, true)),
            tableBytes: Number(v.getBigUint64(out + 8, true)),
        };
    }));
}
