// The package's core, shared by its modules (bitboard.js, othello.js,
// chess.js): the WebAssembly module loaded once, the heap, and the checks
// of arguments every function makes.  Not a public entry point.

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
let lastError = ''; // the last line the C side wrote to stderr

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
                for (const line of lines) {
                    if (f === 2) lastError = line;
                    (f === 1 ? console.log : console.error)(line);
                }
            }
            return fd === 1 || fd === 2 ? 0 : EBADF;
        },
        proc_exit(code) {
            throw new Error(`bitboard: the WebAssembly module exited (status ${code})`);
        },
        // the solver's clock (its progress and seconds): 0 realtime, else monotonic, in ns
        clock_time_get(id, precision, out) {
            const ns = id === 0 ? BigInt(Date.now()) * 1000000n : BigInt(Math.round(performance.now() * 1e6));
            new DataView(memory.buffer).setBigUint64(out, ns, true);
            return 0;
        },
    };
    const imports = {};
    for (const imp of WebAssembly.Module.imports(module)) {
        if (imp.kind !== 'function') continue;
        imports[imp.module] ??= {};
        imports[imp.module][imp.name] = imp.module === 'bitboard'
            ? (...args) => (callbacks[imp.name] ? callbacks[imp.name](...args) : 0)
            : calls[imp.name] ?? (() => ENOSYS);
    }
    return imports;
}

/**
 * The functions the C side imports from module "bitboard" (js/src/*.c),
 * by name: a module sets one (e.g. callbacks.progress = (nodes, seconds)
 * => 0) and unsets it; one not set answers 0.
 */
export const callbacks = {};

const wasmModule = await WebAssembly.compile(await wasmBytes());
const instance = await WebAssembly.instantiate(wasmModule, wasiImports(wasmModule));
export const c = instance.exports;
memory = c.memory;
// Starting the module expands the Othello evaluation's packed weights
// (src/othello/eval_pack.h); a damaged module stops there, saying why on stderr.
try {
    c._initialize();
} catch (e) {
    throw new Error(`bitboard: the WebAssembly module did not start: ${lastError || e.message}`, { cause: e });
}

// ---- memory --------------------------------------------------------------------------

export function cString(ptr) {
    const bytes = new Uint8Array(memory.buffer);
    let end = ptr;
    while (bytes[end] !== 0) end++;
    return decoder.decode(bytes.subarray(ptr, end));
}

// Runs fn(pointer) with `size` bytes of the module's heap, freed after.
export function withBytes(size, fn) {
    const ptr = c.malloc(size);
    if (!ptr) throw new Error(`bitboard: out of WebAssembly memory (${size} bytes)`);
    try {
        return fn(ptr);
    } finally {
        c.free(ptr);
    }
}

// Runs fn(pointer) with text as a NUL-terminated UTF-8 string on the heap.
export function withString(text, fn) {
    const bytes = encoder.encode(text);
    return withBytes(bytes.length + 1, (ptr) => {
        const heap = new Uint8Array(memory.buffer);
        heap.set(bytes, ptr);
        heap[ptr + bytes.length] = 0;
        return fn(ptr);
    });
}

// ---- structs the C side lays out -----------------------------------------------------
// A struct crosses the boundary as js/src/exports*.c defines it, and the C
// side describes it as text, "bytes N;name type offset count;..." (offsetof
// and sizeof there): `layout` reads that, checking that the fields are
// exactly those `want` names ({ name: 'int32_t' | 'uint64_t' | 'double' }), of those
// types; `readStruct` gives the fields at ptr by name (uint64_t as BigInt;
// a count above 1 as an array).

const READERS = {
    int32_t: { size: 4, get: (v, at) => v.getInt32(at, true) },
    uint64_t: { size: 8, get: (v, at) => v.getBigUint64(at, true) },
    double: { size: 8, get: (v, at) => v.getFloat64(at, true) },
};

export function layout(text, want, what) {
    const [head, ...parts] = text.split(';');
    const bytes = Number(head.replace(/^bytes /, ''));
    const fields = {};
    for (const part of parts) {
        const [name, type, offset, count] = part.split(' ');
        fields[name] = { type, offset: Number(offset), count: Number(count) };
    }
    const disagree = (why) => new Error(`bitboard: the JavaScript and the WebAssembly module disagree on ${what}: ${why}`);
    for (const [name, type] of Object.entries(want)) {
        const f = fields[name];
        if (!f) throw disagree(`the module has no field ${name}`);
        if (f.type !== type || !READERS[type]) throw disagree(`${name} is ${f.type} in the module, read as ${type}`);
        if (!(f.count >= 1) || f.offset < 0 || f.offset % READERS[type].size || f.offset + f.count * READERS[type].size > bytes) {
            throw disagree(`${name} at ${f.offset} (${f.count} of ${type}) is not within its ${bytes} bytes`);
        }
    }
    for (const name of Object.keys(fields)) if (!(name in want)) throw disagree(`the module's field ${name} is not read`);
    return { bytes, fields };
}

export function readStruct(ptr, l) {
    const v = new DataView(memory.buffer), out = {};
    for (const [name, f] of Object.entries(l.fields)) {
        const r = READERS[f.type], at = ptr + f.offset;
        if (f.count === 1) out[name] = r.get(v, at);
        else out[name] = Array.from({ length: f.count }, (_, i) => r.get(v, at + i * r.size));
    }
    return out;
}

// ---- arguments -----------------------------------------------------------------------

export const MAX = (1n << 64n) - 1n;
// WebAssembly's i64 comes back as a signed BigInt: the board is its 64 bits.
export const u64 = (v) => BigInt.asUintN(64, v);

export function board(x, what = 'board') {
    if (typeof x !== 'bigint') {
        throw new TypeError(`bitboard: ${what} must be a BigInt (e.g. 0x1000n), not ${x === null ? 'null' : typeof x}`);
    }
    if (x < 0n || x > MAX) throw new RangeError(`bitboard: ${what} ${x} is not in 0..2^64-1`);
    return x;
}

export function square(sq, what = 'square') {
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

export function named(value, names, what) {
    if (typeof value === 'string') {
        const i = names.indexOf(value.toLowerCase());
        if (i >= 0) return i;
    } else if (Number.isInteger(value) && value >= 0 && value < names.length) {
        return value;
    }
    throw new RangeError(`bitboard: ${what} ${JSON.stringify(value)} is not one of ${names.join(', ')} (or 0..${names.length - 1})`);
}

/** A DataView of the module's memory now (it is replaced when the memory grows). */
export function view() {
    return new DataView(memory.buffer);
}

/** Bytes of the module's memory now. */
export function heapBytes() {
    return memory.buffer.byteLength;
}

export { encoder, decoder };
