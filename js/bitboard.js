// bitboard for JavaScript: the C library compiled once to WebAssembly
// (`make wasm`), for Node >= 18 and browsers, no bundler and no dependency.
// A board is a BigInt of 64 bits: a1 = bit 0, b1 = bit 1, ..., h8 = bit 63.
// Every function checks its arguments and throws an Error naming the
// argument; text the C library parses (boards, squares) fails with the C
// library's own message.  docs/JS.md is the guide.

import { c, u64, cString, withBytes, withString, board, square, named, view, heapBytes } from './core.js';

// chess.js's names, so that a chess.js user switches by changing the import
// (also 'bitboard/chess'); Othello is 'bitboard/othello'
export { Chess, Move, WHITE, BLACK, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, DEFAULT_POSITION, SQUARES, SEVEN_TAG_ROSTER, validateFen } from './chess.js';

// ---- the API -------------------------------------------------------------------------

/** The C library's version, e.g. "0.2.0". */
export const version = cString(c.bb_js_version());

/** The 8 symmetries' names, in the library's order (0..7). */
export const SYMMETRIES = Object.freeze(Array.from({ length: 8 }, (_, i) => cString(c.bb_js_sym_name(i))));
/** The 4 line kinds' names (0..3). */
export const LINES = Object.freeze(Array.from({ length: 4 }, (_, i) => cString(c.bb_js_line_name(i))));
/** The pieces `attacks` takes. */
export const PIECES = Object.freeze(['knight', 'bishop', 'rook', 'queen', 'king', 'pawn']);

const sym = (s) => named(s, SYMMETRIES, 'symmetry');
const line = (l) => named(l, LINES, 'line');

/** The board under symmetry s (a name of SYMMETRIES or 0..7). */
export function transform(x, s) {
    return u64(c.bb_js_sym_apply(board(x), sym(s)));
}

/** The 8 images of the board, in the order of SYMMETRIES. */
export function transformAll(x) {
    board(x);
    return SYMMETRIES.map((_, i) => u64(c.bb_js_sym_apply(x, i)));
}

/** The square sq (0..63 or a name) moves to under symmetry s. */
export function transformSquare(sq, s) {
    return c.bb_js_sym_square(square(sq), sym(s));
}

/** The symmetry equal to applying `first`, then `then` (names of SYMMETRIES). */
export function composeSymmetries(first, then) {
    return SYMMETRIES[c.bb_js_sym_compose(sym(first), sym(then))];
}

/** The symmetry that undoes s. */
export function inverseSymmetry(s) {
    return SYMMETRIES[c.bb_js_sym_inverse(sym(s))];
}

/** The least of the board's 8 images, and the symmetry that gives it. */
export function canonical(x) {
    board(x);
    return withBytes(4, (p) => {
        const least = u64(c.bb_js_canonical(x, p));
        return { board: least, symmetry: SYMMETRIES[view().getInt32(p, true)] };
    });
}

/** The least image of a pair (p, o) under one symmetry applied to both (Othello's canonical position). */
export function canonicalPair(p, o) {
    board(p, 'p'), board(o, 'o');
    return withBytes(16, (ptr) => {
        view().setBigUint64(ptr, p, true);
        view().setBigUint64(ptr + 8, o, true);
        const s = c.bb_js_canonical_pair(ptr);
        const v = view();
        return { p: v.getBigUint64(ptr, true), o: v.getBigUint64(ptr + 8, true), symmetry: SYMMETRIES[s] };
    });
}

/** The 45-degree pseudo-rotations: 'cw', 'ccw' and their inverses 'uncw', 'unccw' (docs/SYMMETRIES.md). */
export const ROTATIONS45 = Object.freeze(['cw', 'ccw', 'uncw', 'unccw']);

/** The board pseudo-rotated by 45 degrees (which: a name of ROTATIONS45 or 0..3). */
export function rotate45(x, which) {
    return u64(c.bb_js_rotate45(board(x), named(which, ROTATIONS45, 'rotation')));
}

// ---- many boards at once: BigUint64Array in, a new BigUint64Array out ------------------

const CHUNK = 1 << 16; // boards per call: the heap the package takes stays under 1.2 MB

function boards(a, what = 'boards') {
    if (!(a instanceof BigUint64Array)) {
        const kind = a === null ? 'null' : Array.isArray(a) ? 'an Array' : typeof a === 'object' ? a.constructor.name : typeof a;
        throw new TypeError(`bitboard: ${what} must be a BigUint64Array, not ${kind} (new BigUint64Array(list) makes one)`);
    }
    return a;
}

// Runs call(srcPtr, dstPtr, extraPtr, n) over `src` in chunks; `extra`
// bytes per board of a second output (symmetries as bytes).
function chunked(src, extraBytes, call) {
    const out = new BigUint64Array(src.length);
    const extra = extraBytes ? new Uint8Array(src.length) : null;
    const n = Math.min(src.length, CHUNK);
    if (n === 0) return { out, extra };
    withBytes(n * 8 + (extraBytes ? n : 0), (ptr) => {
        for (let i = 0; i < src.length; i += CHUNK) {
            const part = src.subarray(i, i + CHUNK), k = part.length;
            new BigUint64Array(view().buffer, ptr, k).set(part);
            call(ptr, k, ptr + n * 8);
            out.set(new BigUint64Array(view().buffer, ptr, k), i);
            if (extra) extra.set(new Uint8Array(view().buffer, ptr + n * 8, k), i);
        }
    });
    return { out, extra };
}

/** Every board of the array under symmetry s: a new BigUint64Array. */
export function transformArray(a, s) {
    const si = sym(s);
    return chunked(boards(a), 0, (ptr, k) => c.bb_js_sym_apply_array(ptr, ptr, k, si)).out;
}

/** Every board of the array pseudo-rotated (which: a name of ROTATIONS45 or 0..3). */
export function rotate45Array(a, which) {
    const w = named(which, ROTATIONS45, 'rotation');
    return chunked(boards(a), 0, (ptr, k) => c.bb_js_rotate45_array(ptr, ptr, k, w)).out;
}

/**
 * The least image of every board: { boards, symmetries }, symmetries a
 * Uint8Array of indexes into SYMMETRIES (the symmetry that gives each).
 */
export function canonicalArray(a) {
    const { out, extra } = chunked(boards(a), 1, (ptr, k, used) => c.bb_js_canonical_array(ptr, ptr, k, used));
    return { boards: out, symmetries: extra };
}

/** canonicalPair on every (p[i], o[i]): { p, o, symmetries }. */
export function canonicalPairArray(p, o) {
    boards(p, 'p'), boards(o, 'o');
    if (p.length !== o.length) throw new RangeError(`bitboard: p has ${p.length} boards and o ${o.length}; they must pair up`);
    const outP = new BigUint64Array(p.length), outO = new BigUint64Array(p.length), used = new Uint8Array(p.length);
    const n = Math.min(p.length, CHUNK);
    if (n > 0) {
        withBytes(n * 17, (ptr) => {
            for (let i = 0; i < p.length; i += CHUNK) {
                const k = Math.min(CHUNK, p.length - i);
                new BigUint64Array(view().buffer, ptr, k).set(p.subarray(i, i + k));
                new BigUint64Array(view().buffer, ptr + n * 8, k).set(o.subarray(i, i + k));
                c.bb_js_canonical_pair_array(ptr, ptr + n * 8, k, ptr + n * 16);
                outP.set(new BigUint64Array(view().buffer, ptr, k), i);
                outO.set(new BigUint64Array(view().buffer, ptr + n * 8, k), i);
                used.set(new Uint8Array(view().buffer, ptr + n * 16, k), i);
            }
        });
    }
    return { p: outP, o: outO, symmetries: used };
}

/** The squares of the line (rank, file, diagonal, antidiagonal) through sq. */
export function lineMask(sq, l) {
    return u64(c.bb_js_line_mask(square(sq), line(l)));
}

/**
 * The 8 bits of the line through sq: bit i is the line's square on file i
 * (on rank i for a file); files a diagonal does not reach read as 0.
 */
export function lineExtract(x, sq, l) {
    return c.bb_js_line_extract(board(x), square(sq), line(l));
}

/** The inverse of lineExtract: 8 bits (0..255) put back on the line through sq (bits off the line ignored). */
export function lineDeposit(bits, sq, l) {
    if (!Number.isInteger(bits) || bits < 0 || bits > 255) throw new RangeError(`bitboard: bits ${String(bits)} is not in 0..255`);
    return u64(c.bb_js_line_deposit(bits, square(sq), line(l)));
}

/** The slider attack methods, in the C library's order (bb_attack_method). */
export const ATTACK_METHODS = Object.freeze(['naive', 'rotated', 'kindergarten', 'magic', 'pext', 'hyperbola', 'kogge-stone']);

/**
 * The squares a piece on sq attacks, given the occupancy (sliders stop on
 * the first occupied square, whatever its colour); a pawn's colour is
 * options.color, 'white' (the default) or 'black'.  options.method: how a
 * rook, bishop or queen's set is computed, one of ATTACK_METHODS (all give
 * the same set; 'pext' is not in the WebAssembly build); by default magic
 * multiplication.
 */
export function attacks(piece, sq, occupied = 0n, options = {}) {
    const kind = named(piece, PIECES, 'piece');
    const color = named(options.color ?? 'white', ['white', 'black'], 'color');
    const s = square(sq), occ = board(occupied, 'occupied');
    if (options.method === undefined) return u64(c.bb_js_attacks(kind === 5 ? 5 + color : kind, s, occ));
    const m = named(options.method, ATTACK_METHODS, 'method');
    if (!c.bb_js_attack_method_ok(m)) throw new RangeError(`bitboard: method '${ATTACK_METHODS[m]}' is not in the WebAssembly build (no BMI2)`);
    if (kind < 1 || kind > 3) throw new RangeError(`bitboard: method is for a rook, bishop or queen, not a ${PIECES[kind]}`);
    return u64(c.bb_js_slider_attacks(kind === 2 ? 0 : kind === 1 ? 1 : 2, m, s, occ));
}

/** "a1".."h8" for 0..63. */
export function squareName(sq) {
    const n = square(sq);
    return String.fromCharCode(97 + (n & 7)) + String.fromCharCode(49 + (n >> 3));
}

/** 0..63 for "a1".."h8" (either case). */
export function parseSquare(name) {
    if (typeof name !== 'string') throw new TypeError(`bitboard: a square name must be a string, not ${typeof name}`);
    return square(name);
}

const IO_OTHELLO = 1;
const FORMATS = ['hex', 'diagram', 'squares', 'json'];

/**
 * A board from text as the CLI reads it: hex, decimal, binary, a square
 * list ("e4,d5"), a diagram, a JSON board.  options.othello: diagrams have
 * row 1 on top.  Throws the C library's message.
 */
export function parseBoard(text, options = {}) {
    if (typeof text !== 'string') throw new TypeError(`bitboard: parseBoard takes a string, not ${typeof text}`);
    return withString(text, (t) => withBytes(8 + 256, (out) => {
        if (c.bb_js_parse_board(t, options.othello ? IO_OTHELLO : 0, out, out + 8, 256) === 0) {
            return view().getBigUint64(out, true);
        }
        throw new Error(`bitboard: ${cString(out + 8)}`);
    }));
}

/** The board as text: 'hex' (the default), 'diagram', 'squares' or 'json'. */
export function formatBoard(x, format = 'hex', options = {}) {
    board(x);
    const fmt = named(format, FORMATS, 'format');
    const flags = options.othello ? IO_OTHELLO : 0;
    const size = 1 + c.bb_js_format_board(0, 0, x, fmt, flags);
    return withBytes(size, (buf) => {
        c.bb_js_format_board(buf, size, x, fmt, flags);
        return cString(buf);
    });
}

/** Bytes of WebAssembly memory in use (the heap grows, never shrinks; tests watch it). */
export function memoryBytes() {
    return heapBytes();
}
