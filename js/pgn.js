// bitboard/pgn for JavaScript: a streaming PGN reader (games from a string,
// from Uint8Array chunks or from a Node stream), EPD records read and
// written, and Polyglot opening books, from the C library compiled to
// WebAssembly (js/src/exports_pgn.c).
//
// The reader keeps only the unfinished end of the input: the bytes come
// in pieces of at most 1 MiB into a buffer of the module's heap; the C
// reader reads every game that is whole, and only the bytes of the game not
// yet ended stay for the next piece.  A game with an error (an illegal
// move, a bad tag) is given with its error and the reader goes on.

import { c, cString, withBytes, withString, encoder, decoder, view } from './core.js';
import { Chess } from './chess.js';

if (typeof c.bb_js_pgn_new !== 'function') {
    throw new Error('bitboard/pgn: the WebAssembly module has no PGN functions (build it with js/src/exports_pgn.c)');
}

const MSG = 256;
const PIECE = 1 << 20;       // the most bytes given to the C reader at once
const READ_AFTER = 1 << 16;  // the bytes gathered before the reader runs (small chunks are joined)
const UCI = 1, FENS = 2;

const what = (x) => (x === null ? 'null' : Array.isArray(x) ? 'an array' : typeof x);

function options(opts, names, fn) {
    if (opts === undefined) return {};
    if (opts === null || typeof opts !== 'object') throw new TypeError(`bitboard: ${fn}: options must be an object, not ${what(opts)}`);
    for (const k of Object.keys(opts)) {
        if (!names.includes(k)) throw new RangeError(`bitboard: ${fn}: no option '${k}' (it takes ${names.join(', ')})`);
        if (typeof opts[k] !== 'boolean') throw new TypeError(`bitboard: ${fn}: option ${k} must be true or false, not ${what(opts[k])}`);
    }
    return opts;
}

function withMessage(fn) {
    return withBytes(MSG, (msg) => fn(msg));
}

// ---- PGN -----------------------------------------------------------------------------

/** Where and why a game stopped (or, as a game's warning, what is doubtful in it). */
export class PgnError extends Error {
    constructor(game, line, column, move, why) {
        super(`bitboard: game ${game}, line ${line}, column ${column}: ${move ? `${move}: ` : ''}${why}`);
        this.name = 'PgnError';
        this.game = game;
        this.line = line;
        this.column = column;
        this.move = move;
        this.reason = why;
    }
}

function pgnError(text) {
    if (!text) return null;
    const [game, line, column, move, ...why] = text.split('|');
    return new PgnError(Number(game), Number(line), Number(column), move, why.join('|'));
}

// a tag value with a control character comes as 0x01 and its bytes in hex
function tagText(t) {
    if (t.charCodeAt(0) !== 1) return t;
    const bytes = new Uint8Array((t.length - 1) / 2);
    for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(t.substr(1 + 2 * i, 2), 16);
    return decoder.decode(bytes);
}

const free = new FinalizationRegistry((ptr) => c.bb_js_pgn_delete(ptr));

// The C stream of one readPgn: push(bytes) gives the games that came whole.
class Reader {
    #s;
    #pending = 0;  // bytes appended since the reader last ran
    // the bytes to gather before it runs again: READ_AFTER, or as many as it
    // held unread after its last run (a game that goes on for megabytes is
    // read again only each time the bytes held double, not with every piece)
    #wait = READ_AFTER;
    #games = 0;
    #flags;

    constructor(flags) {
        this.#flags = flags;
        this.#s = c.bb_js_pgn_new(flags);
        if (!this.#s) throw new Error('bitboard: readPgn: out of WebAssembly memory');
        free.register(this, this.#s, this);
    }

    free() {
        if (!this.#s) return;
        free.unregister(this);
        c.bb_js_pgn_delete(this.#s);
        this.#s = 0;
    }

    // the games whole once bytes (a Uint8Array) are appended
    push(bytes) {
        const out = [];
        for (let at = 0; at < bytes.length; at += PIECE) {
            const piece = bytes.subarray(at, at + PIECE);
            const ptr = c.bb_js_pgn_space(this.#s, piece.length);
            if (!ptr) throw new Error('bitboard: readPgn: out of WebAssembly memory');
            new Uint8Array(view().buffer, ptr, piece.length).set(piece);
            this.#pending += piece.length;
            this.#run(piece.length, this.#pending >= this.#wait ? 1 : 0, out);
        }
        return out;
    }

    // the games left when the input has ended
    end() {
        const out = [];
        this.#run(0, 2, out);
        return out;
    }

    #run(n, mode, out) {
        const len = c.bb_js_pgn_feed(this.#s, n, mode);
        if (len < 0) throw new Error('bitboard: readPgn: out of WebAssembly memory');
        if (mode === 0) return;
        this.#pending = 0;
        this.#wait = Math.max(READ_AFTER, c.bb_js_pgn_held(this.#s));
        if (len === 0) return;
        const text = decoder.decode(new Uint8Array(view().buffer, c.bb_js_pgn_output(this.#s), len));
        const games = text.split('\x1e');
        for (let i = 0; i + 1 < games.length; i++) out.push(this.#game(games[i]));
    }

    #game(text) {
        const f = text.split('\x1f');
        const ntags = Number(f[3]), headers = {};
        let j = 4;
        for (let i = 0; i < ntags; i++, j += 2) {
            const name = tagText(f[j]);
            if (name === '__proto__') Object.defineProperty(headers, name, { value: tagText(f[j + 1]), enumerable: true, writable: true, configurable: true });
            else headers[name] = tagText(f[j + 1]);
        }
        const game = {
            number: ++this.#games,
            headers,
            fen: f[1] || null,
            moves: f[j] ? f[j].split(' ') : [],
            finalFen: f[2] || null,
            result: f[0] || null,
            error: pgnError(f[j + 3]),
            warning: pgnError(f[j + 4]),
        };
        if (this.#flags & UCI) game.uci = f[j + 1] ? f[j + 1].split(' ') : [];
        if (this.#flags & FENS) game.fens = f[j + 2] ? f[j + 2].split('\x1d') : [];
        return game;
    }
}

const CHARS = 1 << 18; // a string is encoded this many UTF-16 units at a time

function* stringPieces(text) {
    for (let at = 0; at < text.length;) {
        let end = Math.min(text.length, at + CHARS);
        const u = text.charCodeAt(end - 1);
        if (end < text.length && u >= 0xd800 && u <= 0xdbff) end--; // not between a surrogate pair
        yield encoder.encode(text.slice(at, end));
        at = end;
    }
}

function chunkBytes(chunk, i) {
    if (chunk instanceof Uint8Array) return [chunk];
    if (typeof chunk === 'string') return stringPieces(chunk);
    if (chunk instanceof ArrayBuffer) return [new Uint8Array(chunk)];
    if (ArrayBuffer.isView(chunk)) return [new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength)];
    throw new TypeError(`bitboard: readPgn: chunk ${i} must be a Uint8Array or a string, not ${what(chunk)}`);
}

function* syncGames(chunks, flags) {
    const r = new Reader(flags);
    try {
        let i = 0;
        for (const chunk of chunks) {
            for (const bytes of chunkBytes(chunk, i++)) yield* r.push(bytes);
        }
        yield* r.end();
    } finally {
        r.free();
    }
}

async function* asyncGames(chunks, flags) {
    const r = new Reader(flags);
    try {
        let i = 0;
        for await (const chunk of chunks) {
            for (const bytes of chunkBytes(chunk, i++)) yield* r.push(bytes);
        }
        yield* r.end();
    } finally {
        r.free();
    }
}

// a web ReadableStream without async iteration (older browsers)
async function* readerChunks(stream) {
    const reader = stream.getReader();
    try {
        for (;;) {
            const { done, value } = await reader.read();
            if (done) return;
            yield value;
        }
    } finally {
        reader.releaseLock();
    }
}

/**
 * The games of a PGN source, one at a time: a string or Uint8Array (the whole
 * input), an iterable of chunks (Uint8Array or string) read synchronously, or
 * an async iterable of chunks (a Node Readable, a web ReadableStream) read with
 * for await.  options: { uci: true } adds each game's moves in UCI, { fens: true }
 * the FEN after each move.
 */
export function readPgn(source, opts) {
    const o = options(opts, ['uci', 'fens'], 'readPgn');
    const flags = (o.uci ? UCI : 0) | (o.fens ? FENS : 0);
    if (typeof source === 'string' || source instanceof Uint8Array) return syncGames([source], flags);
    if (source !== null && typeof source === 'object') {
        if (typeof source[Symbol.asyncIterator] === 'function') return asyncGames(source, flags);
        if (typeof source[Symbol.iterator] === 'function') return syncGames(source, flags);
        if (typeof source.getReader === 'function') return asyncGames(readerChunks(source), flags);
    }
    throw new TypeError(`bitboard: readPgn: source must be a string, a Uint8Array, or an iterable or async iterable of chunks, not ${what(source)}`);
}

/**
 * A game of readPgn as a Chess object: its start, its moves (up to its error,
 * if it had one) and its tags.  An Error if the game has no start position (a
 * bad tag stopped it before).
 */
export function toChess(game) {
    if (game === null || typeof game !== 'object' || !Array.isArray(game.moves)) {
        throw new TypeError(`bitboard: toChess: game must be a game of readPgn, not ${what(game)}`);
    }
    if (typeof game.fen !== 'string') throw new RangeError(`bitboard: toChess: game ${game.number} has no start position (${game.error ? game.error.reason : 'no fen'})`);
    const chess = new Chess(game.fen);
    for (const m of game.moves) chess.move(m);
    for (const [k, v] of Object.entries(game.headers ?? {})) {
        if (/^[A-Za-z0-9_]+$/.test(k) && typeof v === 'string' && !/[\n\0]/.test(v)) chess.setHeader(k, v);
    }
    return chess;
}

// ---- EPD -----------------------------------------------------------------------------

function epdError(fn, code, msg) {
    const why = cString(msg), position = -code - 1;
    const e = new Error(position === 0 || why.includes(`character ${position}:`) ? `bitboard: ${fn}: ${why}` : `bitboard: ${fn}: character ${position}: ${why}`);
    if (position > 0) e.position = position;
    return e;
}

const stringOp = (op) => op === 'id' || /^c[0-9]$/.test(op);

/**
 * An EPD line as { fen, ops }: fen with its clocks (hmvc and fmvn, or the FEN's
 * clock fields, else 0 1); ops maps each opcode to its operands, an array (moves
 * of bm, am, pm, sm and pv in SAN, or UCI with { uci: true }; other words as
 * written), or a string for a quoted string (id, c0..c9).  An Error naming the
 * field or operation and the character when the library refuses the line.
 */
export function parseEpd(line, opts) {
    if (typeof line !== 'string') throw new TypeError(`bitboard: parseEpd: line must be a string, not ${what(line)}`);
    const o = options(opts, ['uci'], 'parseEpd');
    const text = withMessage((msg) => withString(line, (p) => {
        const r = c.bb_js_epd_parse(p, o.uci ? 1 : 0, msg, MSG);
        if (r !== 0) throw epdError('parseEpd', r, msg);
        return cString(c.bb_js_epd_output());
    }));
    const f = text.split('\x1f');
    const ops = {};
    for (let i = 1; i + 2 < f.length; i += 3) {
        const [op, kind, operands] = [f[i], f[i + 1], f[i + 2]];
        const value = kind === 's' ? operands : kind === 'n' ? [] : operands.split(' ');
        if (op === '__proto__') Object.defineProperty(ops, op, { value, enumerable: true, writable: true, configurable: true });
        else ops[op] = value;
    }
    return { fen: f[0], ops };
}

/**
 * The EPD line of { fen, ops } (ops as parseEpd gives them; a number is one
 * operand), checked as parseEpd checks a line; moves in SAN, or UCI with
 * { uci: true }.  The FEN's clocks are written as hmvc and fmvn when they are not 0 1.
 */
export function writeEpd(record, opts) {
    if (record === null || typeof record !== 'object') throw new TypeError(`bitboard: writeEpd: record must be an object { fen, ops }, not ${what(record)}`);
    const o = options(opts, ['uci'], 'writeEpd');
    const { fen, ops = {} } = record;
    if (typeof fen !== 'string') throw new TypeError(`bitboard: writeEpd: record.fen must be a string, not ${what(fen)}`);
    if (ops === null || typeof ops !== 'object' || Array.isArray(ops)) throw new TypeError(`bitboard: writeEpd: record.ops must be an object, not ${what(ops)}`);
    return withMessage((msg) => {
        const r = withString(fen, (p) => c.bb_js_epd_begin(p, msg, MSG));
        if (r !== 0) throw epdError('writeEpd: record.fen', r, msg);
        const fields = fen.trim().split(/\s+/);
        const clocks = [['hmvc', fields[4]], ['fmvn', fields[5]]].filter(([op, v]) => v !== undefined && v !== (op === 'hmvc' ? '0' : '1') && !(op in ops));
        for (const [op, value] of [...clocks.map(([k, v]) => [k, [v]]), ...Object.entries(ops)]) {
            let operands, string = 0;
            if (typeof value === 'string') {
                operands = value;
                string = 1;
            } else if (typeof value === 'number' || typeof value === 'bigint') {
                operands = String(value);
            } else if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) {
                operands = value.join(' ');
            } else {
                throw new TypeError(`bitboard: writeEpd: record.ops.${op} must be a string, a number or an array of operands, not ${what(value)}`);
            }
            if (!string && stringOp(op) && Array.isArray(value) && value.length === 1) operands = String(value[0]), string = 1;
            const s = withString(op, (pop) => withString(operands, (pv) => c.bb_js_epd_set(pop, pv, string, msg, MSG)));
            if (s !== 0) throw new Error(`bitboard: writeEpd: record.ops.${op}: ${cString(msg)}`);
        }
        const n = c.bb_js_epd_write(o.uci ? 1 : 0, 0, 0);
        return withBytes(n + 1, (buf) => {
            c.bb_js_epd_write(o.uci ? 1 : 0, buf, n + 1);
            return cString(buf);
        });
    });
}

// ---- Polyglot books ------------------------------------------------------------------

const books = new FinalizationRegistry((ptr) => c.bb_js_book_free(ptr));

function fenOf(pos, fn) {
    if (typeof pos === 'string') return pos;
    if (pos instanceof Chess) return pos.fen();
    throw new TypeError(`bitboard: ${fn}: fen must be a FEN string or a Chess object, not ${what(pos)}`);
}

const TWO64 = 1n << 64n;

function randomOf(random) {
    if (random === undefined) random = Math.random();
    if (typeof random === 'bigint') {
        if (random < 0n || random >= TWO64) throw new RangeError(`bitboard: Book.pick: random ${random} is not in 0..2^64-1`);
        return random;
    }
    if (typeof random !== 'number') throw new TypeError(`bitboard: Book.pick: random must be a number in [0, 1) or a BigInt, not ${what(random)}`);
    if (!(random >= 0 && random < 1)) throw new RangeError(`bitboard: Book.pick: random ${random} is not in [0, 1)`);
    return BigInt(Math.floor(random * 2 ** 53)) << 11n;
}

/** A Polyglot book in the module's memory (openBook). */
class Book {
    #b;

    constructor(ptr) {
        this.#b = ptr;
        books.register(this, ptr, this);
    }

    #ptr(fn) {
        if (!this.#b) throw new Error(`bitboard: Book.${fn}: the book has been freed`);
        return this.#b;
    }

    /** The book's entries (16 bytes each). */
    get size() {
        return c.bb_js_book_size(this.#ptr('size'));
    }

    /**
     * The book's moves for the position (a FEN or a Chess object; legal moves
     * only), the heaviest first (book order among equal weights, as `bitboard
     * chess book` lists them): [{ move (UCI), san, weight, learn }].
     */
    lookup(fen) {
        const b = this.#ptr('lookup');
        const text = withMessage((msg) => withString(fenOf(fen, 'Book.lookup'), (p) => {
            if (c.bb_js_book_lookup(b, p, msg, MSG) !== 0) throw new Error(`bitboard: Book.lookup: ${cString(msg)}`);
            return cString(c.bb_js_book_output());
        }));
        return text.split('\n').slice(0, -1).map((line) => {
            const [move, san, weight, learn] = line.split(' ');
            return { move, san, weight: Number(weight), learn: Number(learn) };
        }).sort((a, b) => b.weight - a.weight);
    }

    /**
     * A move of the position picked with probability proportional to its weight:
     * { move (UCI), san }, or null when the book has none.  random: a number in
     * [0, 1) (default Math.random()) or a BigInt 0..2^64-1 read as random / 2^64
     * (the same number picks the same move, as `bitboard chess book --pick`).
     */
    pick(fen, random) {
        const b = this.#ptr('pick');
        const f = fenOf(fen, 'Book.pick'), r = randomOf(random);
        const text = withMessage((msg) => withString(f, (p) => {
            if (c.bb_js_book_pick(b, p, r, msg, MSG) !== 0) throw new Error(`bitboard: Book.pick: ${cString(msg)}`);
            return cString(msg);
        }));
        if (!text) return null;
        const [move, san] = text.split(' ');
        return { move, san };
    }

    /** Releases the book's memory; the book cannot be used after. */
    free() {
        if (!this.#b) return;
        books.unregister(this);
        c.bb_js_book_free(this.#b);
        this.#b = 0;
    }
}

/** A Polyglot book (.bin) from its bytes (copied): an Error naming the entry at fault if they are not one. */
export function openBook(bytes) {
    if (bytes instanceof ArrayBuffer) bytes = new Uint8Array(bytes);
    if (!(bytes instanceof Uint8Array)) throw new TypeError(`bitboard: openBook: bytes must be a Uint8Array, not ${what(bytes)}`);
    const ptr = withMessage((msg) => withBytes(Math.max(bytes.length, 1), (data) => {
        new Uint8Array(view().buffer, data, bytes.length).set(bytes);
        const b = c.bb_js_book_open(data, bytes.length, msg, MSG);
        if (!b) throw new Error(`bitboard: openBook: ${cString(msg)}`);
        return b;
    }));
    return new Book(ptr);
}
