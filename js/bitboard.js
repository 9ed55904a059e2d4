// bitboard for JavaScript: the C library compiled once to WebAssembly
// (`make wasm`), for Node >= 18 and browsers, no bundler and no dependency.
// A board is a BigInt of 64 bits: a1 = bit 0, b1 = bit 1, ..., h8 = bit 63.
// Every function checks its arguments and throws an Error naming the
// argument; text the C library parses (boards, squares) fails with the C
// library's own message.  docs/JS.md is the guide.

const WASM_URL = new URL('./bitboard.wasm', import.meta.url);

async function wasmBytes() {
    if (typeof process !== 'undefined' && process.versions && process.versions.node) {
        const { readFile } = await import('node:fs/promises');
        return readFile(WASM_URL);
    }
    const response = await fetch(WASM_URL);
    if (!response.ok) throw new Error(`bitboard: cannot load ${WASM_URL}: HTTP ${response.status}`);
    return response.arrayBuffer();
}

// The few WASI calls the C library can make.  Nothing it exports reads a
// file: writes to standard output and error go to the console, the others
// answer "not supported" (52, ENOSYS).
let memory = null;
const ENOSYS = 52, EBADF = 8;
const printed = { 1: '', 2: '' };
const decoder = new TextDecoder(), encoder = new TextEncoder();

function wasiImports(module) {
    const calls = {
        fd_write(fd, iovs, count, written) {
            const view = new DataView(memory.buffer);
            let n = 0;
            for (let i = 0; i < count; i++) {
                const ptr = view.getUint32(iovs + 8 * i, true), len = view.getUint32(iovs + 8 * i + 4, true);
                if (fd === 1 || fd === 2) printed[fd] += decoder.decode(new Uint8Array(memory.buffer, ptr, len));
                n += len;
            }
            view.setUint32(written, n, true);
            for (const f of [1, 2]) {
                const lines = printed[f].split('\n');
                printed[f] = lines.pop();
                for (const line of lines) (f === 1 ? console.log : console.error)(line);
            }
            return fd === 1 || fd === 2 ? 0 : EBADF;
        },
        proc_exit(code) {
            throw new Error(`bitboard: the WebAssembly module exited (status ${code})`);
        },
    };
    const imports = {};
    for (const imp of WebAssembly.Module.imports(module)) {
        if (imp.kind !== 'function') continue;
        imports[imp.module] ??= {};
        imports[imp.module][imp.name] = calls[imp.name] ?? (() => ENOSYS);
    }
    return imports;
}

const module = await WebAssembly.compile(await wasmBytes());
const instance = await WebAssembly.instantiate(module, wasiImports(module));
const c = instance.exports;
memory = c.memory;
c._initialize();

// ---- memory --------------------------------------------------------------------------

function cString(ptr) {
    const bytes = new Uint8Array(memory.buffer);
    let end = ptr;
    while (bytes[end] !== 0) end++;
    return decoder.decode(bytes.subarray(ptr, end));
}

// Runs fn(pointer) with `size` bytes of the module's heap, freed after.
function withBytes(size, fn) {
    const ptr = c.malloc(size);
    if (!ptr) throw new Error(`bitboard: out of WebAssembly memory (${size} bytes)`);
    try {
        return fn(ptr);
    } finally {
        c.free(ptr);
    }
}

// Runs fn(pointer) with text as a NUL-terminated UTF-8 string on the heap.
function withString(text, fn) {
    const bytes = encoder.encode(text);
    return withBytes(bytes.length + 1, (ptr) => {
        const heap = new Uint8Array(memory.buffer);
        heap.set(bytes, ptr);
        heap[ptr + bytes.length] = 0;
        return fn(ptr);
    });
}

// ---- arguments -----------------------------------------------------------------------

const MAX = (1n << 64n) - 1n;
// WebAssembly's i64 comes back as a signed BigInt: the board is its 64 bits.
const u64 = (v) => BigInt.asUintN(64, v);

function board(x, what = 'board') {
    if (typeof x !== 'bigint') {
        throw new TypeError(`bitboard: ${what} must be a BigInt (e.g. 0x1000n), not ${x === null ? 'null' : typeof x}`);
    }
    if (x < 0n || x > MAX) throw new RangeError(`bitboard: ${what} ${x} is not in 0..2^64-1`);
    return x;
}

function square(sq, what = 'square') {
    if (typeof sq === 'string') {
        const n = withString(sq, (p) => c.bb_js_parse_square(p));
        if (n < 0) throw new RangeError(`bitboard: ${what} '${sq}' is not a square name (a1..h8)`);
        return n;
    }
    if (!Number.isInteger(sq) || sq < 0 || sq > 63) {
        throw new RangeError(`bitboard: ${what} ${String(sq)} is not a square (0..63 or a1..h8)`);
    }
    return sq;
}

function named(value, names, what) {
    if (typeof value === 'string') {
        const i = names.indexOf(value.toLowerCase());
        if (i >= 0) return i;
    } else if (Number.isInteger(value) && value >= 0 && value < names.length) {
        return value;
    }
    throw new RangeError(`bitboard: ${what} ${JSON.stringify(value)} is not one of ${names.join(', ')} (or 0..${names.length - 1})`);
}

// ---- the API -------------------------------------------------------------------------

/** The C library's version, e.g. "0.1.0". */
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
        return { board: least, symmetry: SYMMETRIES[new DataView(memory.buffer).getInt32(p, true)] };
    });
}

/** The least image of a pair (p, o) under one symmetry applied to both (Othello's canonical position). */
export function canonicalPair(p, o) {
    board(p, 'p'), board(o, 'o');
    return withBytes(16, (ptr) => {
        let view = new DataView(memory.buffer);
        view.setBigUint64(ptr, p, true);
        view.setBigUint64(ptr + 8, o, true);
        const s = c.bb_js_canonical_pair(ptr);
        view = new DataView(memory.buffer);
        return { p: view.getBigUint64(ptr, true), o: view.getBigUint64(ptr + 8, true), symmetry: SYMMETRIES[s] };
    });
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

/**
 * The squares a piece on sq attacks, given the occupancy (sliders stop on
 * the first occupied square, whatever its colour); a pawn's colour is
 * options.color, 'white' (the default) or 'black'.
 */
export function attacks(piece, sq, occupied = 0n, options = {}) {
    const kind = named(piece, PIECES, 'piece');
    const color = named(options.color ?? 'white', ['white', 'black'], 'color');
    return u64(c.bb_js_attacks(kind === 5 ? 5 + color : kind, square(sq), board(occupied, 'occupied')));
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
            return new DataView(memory.buffer).getBigUint64(out, true);
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
    return memory.buffer.byteLength;
}
