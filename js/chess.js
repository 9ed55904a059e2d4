// Chess for JavaScript: a Chess class with the API of chess.js 1.x (moves in
// SAN, verbose move objects, undo, history, the end-of-game tests, perft) over
// the C library compiled to WebAssembly.  Each Chess object holds its game
// (start position, moves, keys for repetitions) in the module's heap: free()
// releases it at once; a FinalizationRegistry releases a forgotten one.
// Positions are read as the C library reads them: FEN, X-FEN and
// Shredder-FEN (Chess960).  docs/JS.md lists where it differs from chess.js.

import { c, cString, decoder, encoder, withBytes, withString, square as squareIndex, u64 } from './core.js';

// ---- constants, as chess.js exports them --------------------------------------------

export const WHITE = 'w';
export const BLACK = 'b';
export const PAWN = 'p';
export const KNIGHT = 'n';
export const BISHOP = 'b';
export const ROOK = 'r';
export const QUEEN = 'q';
export const KING = 'k';
/** The standard start position's FEN. */
export const DEFAULT_POSITION = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
/** The 64 square names in chess.js's order: a8, b8, ..., h1 (rank 8 first). */
export const SQUARES = Object.freeze(
    Array.from({ length: 64 }, (_, i) => 'abcdefgh'[i % 8] + String(8 - Math.floor(i / 8))),
);

/** The Seven Tag Roster with the values pgn() writes when a header is not set. */
export const SEVEN_TAG_ROSTER = Object.freeze({
    Event: '?', Site: '?', Date: '????.??.??', Round: '?', White: '?', Black: '?', Result: '*',
});

const TYPES = 'pnbrqk';
// the 12 pieces get() and the board share (frozen: as chess.js's get, the
// piece is not a copy; a change of it would be a change of the board)
const PIECE = Object.fromEntries([WHITE, BLACK].map((color) =>
    [color, Object.fromEntries([...TYPES].map((type) => [type, Object.freeze({ type, color })]))]));
// 'e4' -> 28
const SQUARE_INDEX = Object.assign(Object.create(null), Object.fromEntries(
    Array.from({ length: 64 }, (_, i) => ['abcdefgh'[i & 7] + String((i >> 3) + 1), i])));
const MSG = 256;
const LIST = 1 << 15;

// ---- the heap ------------------------------------------------------------------------

const released = new FinalizationRegistry((game) => c.bb_js_chess_delete(game));

// Buffers kept for the module's life (one Chess call at a time uses them:
// JavaScript runs one call at a time, and no C function calls back): the
// text a call writes (grown when a text needs more), the text it reads (a
// FEN, a move), and an error message.  A FEN load and a move list then cost
// no malloc and no free.
let out = 0, outSize = 0;
const inSize = 512;
const inBuf = c.malloc(inSize), msgBuf = c.malloc(MSG), boardBuf = c.malloc(64);
if (!inBuf || !msgBuf || !boardBuf) throw new Error('bitboard: chess: out of WebAssembly memory');

// Calls fn(buf, size) with the text buffer, again with a larger one while
// the length of the text it reports (its return value) does not fit;
// returns the text.
function text(fn) {
    let size = LIST;
    for (;;) {
        if (size > outSize) {
            const p = c.malloc(size);
            if (!p) throw new Error(`bitboard: chess: out of WebAssembly memory (${size} bytes)`);
            if (out) c.free(out);
            out = p, outSize = size;
        }
        const n = fn(out, outSize);
        if (n < 0) throw new Error('bitboard: chess: the text does not fit');
        if (n < outSize) return decoder.decode(new Uint8Array(c.memory.buffer, out, n));
        size = n + 1;
    }
}

// Runs fn(pointer) with s as a NUL-terminated UTF-8 string on the heap: in
// the kept buffer when it fits, else in one of its own.
function withInput(s, fn) {
    if (s.length < inSize / 3) { // 3 bytes of UTF-8 at most per UTF-16 unit: it fits
        const { written } = encoder.encodeInto(s, new Uint8Array(c.memory.buffer, inBuf, inSize - 1));
        new Uint8Array(c.memory.buffer)[inBuf + written] = 0;
        return fn(inBuf);
    }
    return withString(s, fn);
}

/**
 * A move as chess.js 1.x gives it: color, from, to, piece, captured and
 * promotion (only when there are), flags, san, lan, before and after (FEN),
 * and the tests chess.js offers instead of reading flags.  A null move
 * ('--') has san '--', lan '0000', flags '-', and the mover's king square as
 * from and to.
 */
export class Move {
    constructor(fields) {
        Object.assign(this, fields);
    }

    isCapture() {
        return /[ce]/.test(this.flags);
    }

    isPromotion() {
        return this.flags.includes('p');
    }

    isEnPassant() {
        return this.flags.includes('e');
    }

    isKingsideCastle() {
        return this.flags.includes('k');
    }

    isQueensideCastle() {
        return this.flags.includes('q');
    }

    isBigPawn() {
        return this.flags.includes('b');
    }

    isNullMove() {
        return this.flags === '-';
    }
}

// A describe line of exports_chess.c as chess.js's move object.
function moveObject(line) {
    const [color, from, to, piece, captured, promotion, flags, san, lan, before, after] = line.split('|');
    const m = { color, from, to, piece };
    if (captured !== '-') m.captured = captured;
    if (promotion !== '-') m.promotion = promotion;
    Object.assign(m, { flags, san, lan });
    if (before !== undefined) Object.assign(m, { before, after });
    return new Move(m);
}

const lines = (s) => (s === '' ? [] : s.slice(0, -1).split('\n'));

function checkFen(fen) {
    if (typeof fen !== 'string') {
        throw new TypeError(`bitboard: chess: fen must be a string, not ${fen === null ? 'null' : typeof fen}`);
    }
}

function options(opts, what) {
    if (opts === undefined) return {};
    if (opts === null || typeof opts !== 'object') throw new TypeError(`bitboard: chess: ${what} must be an object`);
    return opts;
}

function squareName(sq, what = 'square') {
    if (typeof sq !== 'string') {
        throw new TypeError(`bitboard: chess: ${what} must be a square name such as 'e4', not ${sq === null ? 'null' : typeof sq}`);
    }
    if (!/^[a-h][1-8]$/.test(sq)) throw new RangeError(`bitboard: chess: ${what} '${sq}' is not a square name (a1..h8)`);
    return squareIndex(sq, what);
}

function placement(cells) {
    let out = '';
    for (let rank = 7; rank >= 0; rank--) {
        let empty = 0;
        for (let file = 0; file < 8; file++) {
            const p = cells[rank * 8 + file];
            if (!p) {
                empty++;
                continue;
            }
            if (empty) out += empty;
            empty = 0;
            out += p.color === WHITE ? p.type.toUpperCase() : p.type;
        }
        if (empty) out += empty;
        if (rank) out += '/';
    }
    return out;
}

// What chess.js refuses and the library reads: a fullmove number of 0
// (the library reads it as 1).  The reason, or null.
function fenQuirks(fen) {
    const fields = fen.trim().split(/\s+/);
    if (fields.length >= 6 && /^0+$/.test(fields[5])) return 'FEN field 6 (fullmove number) is 0: it counts from 1';
    return null;
}

/**
 * Whether fen is a position the library reads: { ok: true }, or { ok: false,
 * error } with the library's reason (chess.js's validateFen; its reasons
 * are worded differently).
 */
export function validateFen(fen) {
    checkFen(fen);
    let error = fenQuirks(fen);
    if (error === null) withInput(fen, (f) => {
        if (c.bb_js_chess_check_fen(f, msgBuf, MSG) !== 0) error = cString(msgBuf);
    });
    return error === null ? { ok: true } : { ok: false, error };
}

// The board field of a FEN as 64 cells (a1 first), or null when it is not
// 8 ranks of 8 squares of pieces (pnbrqk, PNBRQK) and digits.
function parsePlacement(field) {
    const ranks = field.split('/');
    if (ranks.length !== 8) return null;
    const cells = Array(64).fill(null);
    for (let r = 0; r < 8; r++) {
        let file = 0;
        for (const ch of ranks[r]) {
            if (/[1-8]/.test(ch)) {
                file += Number(ch);
            } else if (/[pnbrqk]/i.test(ch) && file < 8) {
                cells[(7 - r) * 8 + file++] = { type: ch.toLowerCase(), color: ch === ch.toLowerCase() ? BLACK : WHITE };
            } else {
                return null;
            }
        }
        if (file !== 8) return null;
    }
    return cells;
}

// The attack set of kind (0 knight, 1 bishop, 2 rook, 3 queen, 4 king, 5 a
// white pawn's, 6 a black pawn's) from sq through occupancy occ.
const attackSet = (kind, sq, occ) => u64(c.bb_js_attacks(kind, sq, occ));

function colorName(color, what = 'color') {
    if (color !== WHITE && color !== BLACK) throw new RangeError(`bitboard: chess: ${what} ${JSON.stringify(color)} is not 'w' or 'b'`);
    return color;
}

// ---- the class -----------------------------------------------------------------------

/**
 * A chess game: a position and the moves played from it, with chess.js 1.x's
 * methods.  new Chess() is the standard start; new Chess(fen) starts from a
 * FEN, X-FEN or Shredder-FEN and throws an Error (the C library's reason)
 * when the library does not read it.
 */
export class Chess {
    #game = 0;
    // a board being set up (put/remove/clear) that is no position the
    // library takes, e.g. without kings: { cells, rest, why }; else null
    #setup = null;
    // the PGN tags pgn() writes (loadPgn reads them; load, reset and clear forget them)
    #headers = { ...SEVEN_TAG_ROSTER };
    // the en passant field of the FEN loaded (fen({ forceEnpassantSquare }) before a move)
    #startEp = '-';
    // the board as 64 cells (a1 first: a shared frozen piece or null), or null
    // when it is to be read again from the game (every change clears it)
    #view = null;
    #fenText = null;
    // comments by the FEN of the position they follow (setComment; load, reset and clear forget them)
    #comments = new Map();

    /**
     * new Chess(fen?, { skipValidation }): the standard start, or fen;
     * skipValidation: a board the library does not take as a position (no
     * king, say) is loaded as a board being set up instead of throwing.
     */
    constructor(fen = DEFAULT_POSITION, opts) {
        checkFen(fen);
        const { skipValidation = false } = options(opts, 'options');
        this.#game = c.bb_js_chess_new();
        if (!this.#game) throw new Error('bitboard: chess: out of WebAssembly memory');
        released.register(this, this.#game, this);
        try {
            this.load(fen, { skipValidation });
        } catch (e) {
            this.free();
            throw e;
        }
    }

    #g() {
        if (!this.#game) throw new Error('bitboard: chess: this Chess object has been freed');
        return this.#game;
    }

    #ready(what) {
        const g = this.#g();
        if (this.#setup) throw new Error(`bitboard: chess: ${what}: the board is no position yet: ${this.#setup.why}`);
        return g;
    }

    /** Releases the game's WebAssembly memory now; the object cannot be used after. */
    free() {
        if (!this.#game) return;
        released.unregister(this);
        c.bb_js_chess_delete(this.#game);
        this.#game = 0;
    }

    /**
     * Starts again from fen (FEN, X-FEN or Shredder-FEN), no moves; an Error
     * with the library's reason if it is not one.  Options: skipValidation
     * (a board the library refuses, e.g. without kings, becomes a board being
     * set up, as put() makes; a FEN whose board field cannot be read still
     * throws), preserveHeaders (keep the PGN headers).
     */
    load(fen, opts) {
        checkFen(fen);
        const { skipValidation = false, preserveHeaders = false } = options(opts, 'options');
        const g = this.#g();
        this.#changed();
        let why = fenQuirks(fen);
        const fields = fen.trim().split(/\s+/);
        // chess.js takes the castling letters in any order (kqKQ): the library wants KQkq's
        if (fields.length >= 3 && /^[KQkq]{2,4}$/.test(fields[2]) && new Set(fields[2]).size === fields[2].length) {
            fields[2] = [...'KQkq'].filter((l) => fields[2].includes(l)).join('');
            fen = fields.join(' ');
        }
        if (why === null) {
            withInput(fen, (f) => {
                if (c.bb_js_chess_load(g, f, msgBuf, MSG) !== 0) why = cString(msgBuf);
            });
        }
        this.#startEp = why === null ? (fields[3] ?? '-') : '-';
        if (why !== null && !skipValidation) throw new Error(`Invalid FEN: ${why}`);
        if (why !== null) {
            const cells = parsePlacement(fields[0] ?? '');
            if (!cells) throw new Error(`Invalid FEN: ${why}`);
            const rest = ['w', '-', '-', '0', '1'];
            if (fields[1] === 'w' || fields[1] === 'b') rest[0] = fields[1];
            if (/^\d+$/.test(fields[4] ?? '') && /^\d+$/.test(fields[5] ?? '')) rest[3] = fields[4], rest[4] = fields[5];
            this.#setup = { cells, rest, why };
        } else {
            this.#setup = null;
        }
        if (!preserveHeaders) this.#headers = { ...SEVEN_TAG_ROSTER };
        this.#comments = new Map();
    }

    /** The standard start position, no moves. */
    reset() {
        this.load(DEFAULT_POSITION);
    }

    /** An empty board, white to move (a board being set up: put the kings before playing); { preserveHeaders } keeps the headers. */
    clear(opts) {
        const { preserveHeaders = false } = options(opts, 'options');
        const headers = this.#headers;
        this.#edit(Array(64).fill(null), ['w', '-', '-', '0', '1']);
        this.#headers = preserveHeaders ? headers : { ...SEVEN_TAG_ROSTER };
        this.#comments = new Map();
    }

    /** The position's FEN (castling as KQkq, or X-FEN file letters where KQkq is ambiguous). */
    fen(opts) {
        const g = this.#g();
        if (opts !== undefined) {
            const { forceEnpassantSquare = false } = options(opts, 'options');
            if (forceEnpassantSquare) return this.#forcedEp();
        }
        if (this.#setup) return `${placement(this.#setup.cells)} ${this.#setup.rest.join(' ')}`;
        return this.#fenText ??= text((buf, size) => c.bb_js_chess_fen(g, buf, size));
    }

    // the FEN with the en passant square after a pawn's double step even
    // when no pawn can take there (chess.js's forceEnpassantSquare)
    #forcedEp() {
        const fields = this.fen().split(' ');
        if (fields[3] !== '-' || this.#setup) return fields.join(' ');
        const last = this.#count() ? this.history({ verbose: true }).at(-1) : null;
        if (last) {
            // as chess.js: when a pawn stands beside the one that stepped (a pin may stop it)
            const to = SQUARE_INDEX[last.to], cells = this.#board();
            const beside = [to - 1, to + 1].some((i) => (i >> 3) === (to >> 3) && cells[i] === PIECE[this.turn()][PAWN]);
            if (last.flags.includes('b') && beside) fields[3] = last.from[0] + (last.color === WHITE ? '3' : '6');
        } else if (/^[a-h][36]$/.test(this.#startEp)) {
            fields[3] = this.#startEp;
        }
        return fields.join(' ');
    }

    #count() {
        return this.#setup ? 0 : c.bb_js_chess_count(this.#g());
    }

    #changed() {
        this.#view = null;
        this.#fenText = null;
    }

    // the board (a1 first) as shared frozen pieces and nulls, read from the
    // game once per change
    #board() {
        if (this.#view) return this.#view;
        if (this.#setup) return (this.#view = this.#setup.cells.map((p) => (p ? PIECE[p.color][p.type] : null)));
        const g = this.#g();
        c.bb_js_chess_board(g, boardBuf);
        const bytes = new Uint8Array(c.memory.buffer, boardBuf, 64), cells = new Array(64);
        for (let i = 0; i < 64; i++) {
            const b = bytes[i];
            cells[i] = b === 255 ? null : PIECE[b >> 3 ? BLACK : WHITE][TYPES[b & 7]];
        }
        return (this.#view = cells);
    }

    // the board as 64 cells of new { type, color } objects (for editing)
    #cells() {
        return this.#board().map((p) => (p ? { type: p.type, color: p.color } : null));
    }

    // the board becomes cells (the other FEN fields rest): a position if the
    // library reads it (castling rights and en passant it refuses dropped),
    // else a board being set up
    #edit(cells, rest) {
        this.#changed();
        const board = placement(cells);
        const reads = (castling, ep) => withString(`${board} ${rest[0]} ${castling} ${ep} ${rest[3]} ${rest[4]}`, (f) =>
            withBytes(MSG, (msg) => (c.bb_js_chess_check_fen(f, msg, MSG) === 0 ? null : cString(msg))));
        let ep = rest[2];
        if (ep !== '-' && reads('-', ep) !== null) ep = '-';
        let castling = rest[1];
        if (castling !== '-' && reads('-', ep) !== null) {
            // no position yet (no king, say): chess.js's rule, a right stays while its king and rook are home
            const home = { K: [4, 7, 'w'], Q: [4, 0, 'w'], k: [60, 63, 'b'], q: [60, 56, 'b'] };
            const at = (i, type, color) => cells[i] && cells[i].type === type && cells[i].color === color;
            castling = [...castling].filter((l) => home[l] && at(home[l][0], KING, home[l][2]) && at(home[l][1], ROOK, home[l][2]))
                .join('') || '-';
        } else if (castling !== '-' && reads(castling, ep) !== null) {
            castling = [...castling].filter((l) => reads(l, ep) === null).join('') || '-';
            if (castling !== '-' && reads(castling, ep) !== null) castling = '-';
        }
        const fields = [rest[0], castling, ep, rest[3], rest[4]];
        const why = reads(castling, ep);
        if (why === null) {
            this.load(`${board} ${fields.join(' ')}`);
        } else {
            this.#setup = { cells, rest: fields, why };
        }
    }

    #rest() {
        return this.fen().split(' ').slice(1);
    }

    /** The piece on square ('e4'): { type, color }, or undefined when it is empty. */
    get(square) {
        const i = SQUARE_INDEX[square];
        return (this.#view ?? this.#board())[i === undefined ? squareName(square) : i] ?? undefined;
    }

    /**
     * Puts a piece ({ type: 'p'..'k', color: 'w' | 'b' }) on square; false when
     * it cannot stand there (a second king of a colour, a pawn on rank 1 or 8).
     * The moves played are forgotten (the position is a new start).
     */
    put(piece, square) {
        if (piece === null || typeof piece !== 'object') throw new TypeError('bitboard: chess: piece must be an object { type, color }');
        const { type, color } = piece;
        if (typeof type !== 'string' || !TYPES.includes(type) || type.length !== 1) {
            throw new RangeError(`bitboard: chess: piece type ${JSON.stringify(type)} is not one of p, n, b, r, q, k`);
        }
        if (color !== WHITE && color !== BLACK) throw new RangeError(`bitboard: chess: piece color ${JSON.stringify(color)} is not 'w' or 'b'`);
        const sq = squareName(square);
        const cells = this.#cells();
        if (type === PAWN && (sq < 8 || sq >= 56)) return false;
        if (type === KING && cells.some((p, i) => i !== sq && p && p.type === KING && p.color === color)) return false;
        const rest = this.#rest();
        cells[sq] = { type, color };
        this.#edit(cells, rest);
        return true;
    }

    /** Takes the piece off square: the piece ({ type, color }), or undefined when it was empty. The moves played are forgotten. */
    remove(square) {
        const sq = squareName(square);
        const cells = this.#cells();
        const p = cells[sq];
        if (!p) return undefined;
        const rest = this.#rest();
        cells[sq] = null;
        this.#edit(cells, rest);
        return { ...p };
    }

    /** The side to move: 'w' or 'b'. */
    turn() {
        return this.#rest()[0];
    }

    /**
     * Makes color the side to move: false if it already is; else a null move
     * ('--', as chess.js plays one), or on a board being set up the side
     * changed.  Throws when the side to move is in check.
     */
    setTurn(color) {
        colorName(color);
        if (this.turn() === color) return false;
        if (this.#setup) {
            const rest = this.#rest();
            rest[0] = color;
            rest[2] = '-';
            this.#edit(this.#cells(), rest);
        } else {
            this.#pass();
        }
        return true;
    }

    #pass() {
        const g = this.#g();
        this.#changed();
        const line = text((buf, size) => {
            const n = c.bb_js_chess_pass(g, buf, size);
            if (n === -1) throw new Error('Invalid move: --: a null move is not allowed when in check');
            if (n < 0) throw new Error('bitboard: chess: out of WebAssembly memory');
            return n;
        });
        return moveObject(line.slice(0, -1));
    }

    /** The move number of the position (the FEN's fullmove number). */
    moveNumber() {
        return Number(this.#rest()[4]);
    }

    /** 'light' or 'dark': the colour of square ('a1' is dark). */
    squareColor(square) {
        const sq = squareName(square);
        return ((sq & 7) + (sq >> 3)) % 2 === 0 ? 'dark' : 'light';
    }

    /** The squares holding piece ({ type, color }), in chess.js's order (a8..h1). */
    findPiece(piece) {
        if (piece === null || typeof piece !== 'object') throw new TypeError('bitboard: chess: piece must be an object { type, color }');
        const { type, color } = piece;
        if (typeof type !== 'string' || type.length !== 1 || !TYPES.includes(type)) {
            throw new RangeError(`bitboard: chess: piece type ${JSON.stringify(type)} is not one of p, n, b, r, q, k`);
        }
        colorName(color, 'piece color');
        const cells = this.#board();
        return SQUARES.filter((name) => {
            const p = cells[squareIndex(name)];
            return p !== null && p.type === type && p.color === color;
        });
    }

    /**
     * The squares of attackedBy's pieces (default: the side to move's) that
     * attack square, in chess.js's order (a8..h1).  Pins do not matter (a
     * pinned piece attacks); sliders stop on the first piece.
     */
    attackers(square, attackedBy) {
        const sq = squareName(square);
        const color = attackedBy === undefined ? this.turn() : colorName(attackedBy, 'attackedBy');
        const cells = this.#board();
        let occ = 0n;
        cells.forEach((p, i) => {
            if (p) occ |= 1n << BigInt(i);
        });
        // a piece of `type` on i attacks sq when that piece on sq would attack i
        const from = {
            n: attackSet(0, sq, occ), b: attackSet(1, sq, occ), r: attackSet(2, sq, occ), k: attackSet(4, sq, 0n),
            p: attackSet(color === WHITE ? 6 : 5, sq, 0n),
        };
        from.q = from.b | from.r;
        return SQUARES.filter((name) => {
            const i = squareIndex(name), p = cells[i];
            return p !== null && p.color === color && ((from[p.type] >> BigInt(i)) & 1n) === 1n;
        });
    }

    /** Whether a piece of attackedBy attacks square (as attackers). */
    isAttacked(square, attackedBy) {
        if (attackedBy === undefined) throw new TypeError("bitboard: chess: isAttacked needs attackedBy ('w' or 'b')");
        return this.attackers(square, attackedBy).length > 0;
    }

    /** The position's Polyglot key as hexadecimal (chess.js: its own Zobrist key). */
    hash() {
        return u64(c.bb_js_chess_key(this.#ready('hash'))).toString(16);
    }

    /** Whether color may still castle on each side: { k, q }. */
    getCastlingRights(color) {
        colorName(color);
        const [, castling] = this.#rest();
        const cells = this.#board();
        const king = cells.findIndex((p) => p && p.type === KING && p.color === color);
        const rights = { [KING]: false, [QUEEN]: false };
        for (const ch of castling === '-' ? '' : castling) {
            const white = ch === ch.toUpperCase();
            if ((color === WHITE) !== white) continue;
            const l = ch.toLowerCase();
            if (l === 'k' || l === 'q') rights[l] = true;
            else if (king >= 0) rights['abcdefgh'.indexOf(l) > (king & 7) ? KING : QUEEN] = true;
        }
        return rights;
    }

    /**
     * Grants or takes away color's castling rights ({ k: true, q: false });
     * returns whether the rights are now as asked (a right without its king
     * and rook at home is not granted).  Like put(), the position becomes a
     * new start (the moves played are forgotten).
     */
    setCastlingRights(color, rights) {
        colorName(color);
        if (rights === null || typeof rights !== 'object') throw new TypeError('bitboard: chess: rights must be an object { k?, q? }');
        for (const [side, v] of Object.entries(rights)) {
            if (side !== KING && side !== QUEEN) throw new RangeError(`bitboard: chess: rights.${side}: only k and q`);
            if (typeof v !== 'boolean') throw new TypeError(`bitboard: chess: rights.${side} must be a boolean`);
        }
        const want = { [WHITE]: this.getCastlingRights(WHITE), [BLACK]: this.getCastlingRights(BLACK) };
        Object.assign(want[color], rights);
        const letters = ['K', 'Q', 'k', 'q'].filter((l) => want[l === l.toUpperCase() ? WHITE : BLACK][l.toLowerCase()]).join('');
        const rest = this.#rest();
        rest[1] = letters || '-';
        this.#edit(this.#cells(), rest);
        const now = this.getCastlingRights(color);
        return Object.entries(rights).every(([side, v]) => now[side] === v);
    }

    // ---- comments (chess.js's: one per position, by its FEN) ----------------------------

    /** The comment on the current position, or undefined. */
    getComment() {
        return this.#comments.get(this.fen());
    }

    /** Sets the comment on the current position ({ and } become [ and ], as chess.js does). */
    setComment(comment) {
        if (typeof comment !== 'string') throw new TypeError(`bitboard: chess: comment must be a string, not ${comment === null ? 'null' : typeof comment}`);
        this.#comments.set(this.fen(), comment.replaceAll('{', '[').replaceAll('}', ']'));
    }

    /** Removes the comment on the current position: the comment, or undefined. */
    removeComment() {
        const fen = this.fen(), had = this.#comments.get(fen);
        this.#comments.delete(fen);
        return had;
    }

    /** chess.js's old name of removeComment. */
    deleteComment() {
        return this.removeComment();
    }

    // the FENs of the game's positions, start first
    #fens() {
        const h = this.history({ verbose: true });
        return h.length ? [h[0].before, ...h.map((m) => m.after)] : [this.fen()];
    }

    /** The comments on the positions of the game (others are dropped): [{ fen, comment }], in game order. */
    getComments() {
        const fens = this.#fens();
        const kept = new Map();
        for (const fen of fens) if (this.#comments.has(fen)) kept.set(fen, this.#comments.get(fen));
        this.#comments = kept;
        return [...kept].map(([fen, comment]) => ({ fen, comment }));
    }

    /** Removes every comment: the ones on the game's positions, as getComments gives them. */
    removeComments() {
        const all = this.getComments();
        this.#comments = new Map();
        return all;
    }

    /** chess.js's old name of removeComments. */
    deleteComments() {
        return this.removeComments();
    }

    /**
     * The legal moves: SAN strings, or move objects with { verbose: true };
     * { square: 'e2' }: only the moves of the piece there.
     */
    moves(opts) {
        const { verbose = false, square, piece } = options(opts, 'options');
        const sq = square === undefined ? -1 : squareName(square, 'options.square');
        if (piece !== undefined && !(typeof piece === 'string' && piece.length === 1 && TYPES.includes(piece))) {
            throw new RangeError(`bitboard: chess: options.piece ${JSON.stringify(piece)} is not one of p, n, b, r, q, k`);
        }
        if (this.#setup) return [];
        const g = this.#g();
        if (!verbose && piece === undefined) {
            const sans = text((buf, size) => c.bb_js_chess_sans(g, sq, buf, size));
            return sans === '' ? [] : sans.split(' ');
        }
        let list = lines(text((buf, size) => c.bb_js_chess_moves(g, sq, verbose ? 1 : 0, buf, size))).map(moveObject);
        if (piece !== undefined) list = list.filter((m) => m.piece === piece);
        return verbose ? list : list.map((m) => m.san);
    }

    /**
     * Plays a move: SAN ('Nf3', 'O-O', 'e8=Q'; 0-0, a wrong + or # and e2-e4
     * are read too), UCI ('g1f3', 'e7e8q') or { from, to, promotion }.  Returns the move object; an illegal or
     * unreadable move throws an Error "Invalid move: ..." with the library's reason.
     */
    move(move, opts) {
        const { strict = false } = options(opts, 'options');
        if (typeof strict !== 'boolean') throw new TypeError('bitboard: chess: options.strict must be a boolean');
        const g = this.#ready('move');
        let played;
        if (move === '--' || move === null) {
            played = this.#pass();
        } else if (typeof move === 'string' && strict) {
            // chess.js's strict SAN: the move as SAN writes it ('=' and a
            // trailing + # ! ? aside); no UCI, no e2-e4, no extra disambiguation
            const bare = (san) => san.replace('=', '').replace(/[+#]?[?!]*$/, '');
            const san = this.moves().find((m) => bare(m) === bare(move));
            if (san === undefined) throw new Error(`Invalid move: ${move}: not a legal move in strict SAN`);
            played = this.#play(g, san, 0, move);
        } else if (typeof move === 'string') {
            try {
                played = this.#play(g, move, 0, move);
            } catch (e) {
                // as chess.js reads them too: 0-0 and 0-0-0, e2-e4, a wrong + or #
                const loose = move.replace(/^0-0-0/, 'O-O-O').replace(/^0-0/, 'O-O')
                    .replace(/^([a-h][1-8])[-x]([a-h][1-8][nbrq]?)$/, '$1$2').replace(/[+#]+(?=[!?]*$)/, '')
                    .replace(/^((?:[a-h]x)?[a-h][18])([NBRQ])(?=[+#!?]*$)/, '$1=$2');
                if (loose === move) throw e;
                try {
                    played = this.#play(g, loose, 0, move);
                } catch {
                    throw e;
                }
            }
        } else if (move !== null && typeof move === 'object') {
            const { from, to, promotion } = move;
            const f = squareName(from, 'move.from'), t = squareName(to, 'move.to');
            if (promotion !== undefined && !(typeof promotion === 'string' && /^[nbrq]$/.test(promotion))) {
                throw new RangeError(`bitboard: chess: move.promotion ${JSON.stringify(promotion)} is not one of n, b, r, q`);
            }
            const found = lines(text((buf, size) => c.bb_js_chess_moves(g, f, 0, buf, size))).map(moveObject)
                .find((m) => squareIndex(m.to) === t && (m.promotion === undefined || m.promotion === promotion));
            if (!found) throw new Error(`Invalid move: ${JSON.stringify(move)}`);
            played = this.#play(g, found.san, 0, JSON.stringify(move));
        } else {
            throw new TypeError(`bitboard: chess: move must be a string (SAN or UCI), null (a null move) or { from, to, promotion }, not ${typeof move}`);
        }
        return played;
    }

    #play(g, move, uciOnly, shown) {
        this.#changed();
        const line = withInput(move, (m) => text((buf, size) => {
            const n = c.bb_js_chess_play(g, m, uciOnly, buf, size);
            if (n < 0) {
                const why = cString(buf);
                throw new Error(`Invalid move: ${why.startsWith(`${move}:`) ? why : `${shown}: ${why}`}`);
            }
            return n;
        }));
        return moveObject(line.slice(0, -1));
    }

    /** Takes back the last move: its move object, or null when no move was played. */
    undo() {
        const g = this.#g();
        if (this.#setup || c.bb_js_chess_count(g) === 0) return null;
        this.#changed();
        const line = text((buf, size) => {
            const n = c.bb_js_chess_undo(g, buf, size);
            return n < 0 ? size : n;
        });
        return moveObject(line.slice(0, -1));
    }

    /** The moves played: SAN strings, or move objects with { verbose: true }. */
    history(opts) {
        const { verbose = false } = options(opts, 'options');
        if (this.#setup) return [];
        const g = this.#g();
        const list = lines(text((buf, size) => c.bb_js_chess_history(g, verbose ? 1 : 0, buf, size))).map(moveObject);
        return verbose ? list : list.map((m) => m.san);
    }

    /**
     * The game in PGN's export format (the C library's writer): the Seven Tag
     * Roster ('?' where no header was set), the other headers, SetUp and FEN
     * for a start that is not the standard one, the moves (lines of at most
     * 80 characters) and the result.  Options as chess.js's: newline (the
     * line end, '\n'), maxWidth (the longest line of moves; 0: one line).
     * Comments set with setComment are written in braces after the position
     * they are on.
     */
    pgn(opts) {
        const { newline = '\n', maxWidth } = options(opts, 'options');
        if (typeof newline !== 'string') throw new TypeError(`bitboard: chess: options.newline must be a string, not ${typeof newline}`);
        if (maxWidth !== undefined && !(Number.isInteger(maxWidth) && maxWidth >= 0)) {
            throw new RangeError(`bitboard: chess: options.maxWidth ${String(maxWidth)} is not an integer >= 0`);
        }
        const g = this.#ready('pgn');
        const tags = { ...this.#headers };
        const start = this.history({ verbose: true })[0]?.before ?? this.fen();
        if (start !== DEFAULT_POSITION && tags.FEN === undefined) Object.assign(tags, { SetUp: '1', FEN: start });
        const pairs = Object.entries(tags).map(([k, v]) => `${k}\n${v}\n`).join('');
        const full = withString(pairs, (t) => withString(tags.Result, (res) => text((buf, size) => {
            const n = c.bb_js_chess_pgn(g, t, res, buf, size);
            if (n < 0) throw new Error('bitboard: chess: pgn: the PGN writer failed (out of memory)');
            return n;
        }))).replace(/\n+$/, '');
        const comments = this.getComments();
        if (maxWidth === undefined && comments.length === 0) return newline === '\n' ? full : full.split('\n').join(newline);
        const at = full.indexOf('\n\n');
        const head = at < 0 ? [] : full.slice(0, at).split('\n');
        return [...head, ...(at < 0 ? [] : ['']), ...this.#movetext(new Map(comments.map((x) => [x.fen, x.comment])),
            full.split(/\s+/).pop(), maxWidth ?? 80)].join(newline);
    }

    // The moves as lines of PGN of at most width characters (0: one line),
    // comments in braces after their position, then the result.  The same
    // layout as the C writer's (a test holds them equal at width 80).
    #movetext(comments, result, width) {
        const tokens = [], h = this.history({ verbose: true });
        const note = (fen) => {
            if (!comments.has(fen)) return false;
            tokens.push(...`{${comments.get(fen)}}`.split(' '));
            return true;
        };
        let noted = note(h[0]?.before ?? this.fen());
        h.forEach((m, i) => {
            const number = m.before.split(' ')[5];
            if (m.color === WHITE) tokens.push(`${number}. ${m.san}`);
            else tokens.push(i === 0 || noted ? `${number}... ${m.san}` : m.san);
            noted = note(m.after);
        });
        tokens.push(result);
        const lines = [];
        let line = '';
        for (const t of tokens) {
            if (line !== '' && width > 0 && line.length + 1 + t.length > width) lines.push(line), line = '';
            line += (line === '' ? '' : ' ') + t;
        }
        return [...lines, line];
    }

    /**
     * Reads the first game of pgn (its tags, start position, main line and
     * the main line's comments): the game becomes it.  An Error with the
     * library's reason (line, column, the move) if the game has an illegal or
     * unreadable move; the game is then unchanged.  Options as chess.js's:
     * newlineChar (the line end of the text, when not \n or \r\n); strict is
     * accepted, and the library's reader is used either way (docs/JS.md).
     */
    loadPgn(pgn, opts) {
        if (typeof pgn !== 'string') throw new TypeError(`bitboard: chess: pgn must be a string, not ${pgn === null ? 'null' : typeof pgn}`);
        const { strict = false, newlineChar = '\n' } = options(opts, 'options');
        if (typeof strict !== 'boolean') throw new TypeError('bitboard: chess: options.strict must be a boolean');
        if (typeof newlineChar !== 'string' || newlineChar === '') throw new TypeError('bitboard: chess: options.newlineChar must be a non-empty string');
        if (pgn.trim() === '') {
            this.reset(); // as chess.js: an empty text is a new game
            return;
        }
        const source = newlineChar === '\n' || newlineChar === '\r\n' ? pgn : pgn.split(newlineChar).join('\n');
        const g = this.#g();
        const [tags, notes] = withString(source, (p) => [text((buf, size) => {
            const n = c.bb_js_chess_load_pgn(g, p, buf, size);
            if (n < 0) throw new Error(`Invalid PGN: ${cString(buf)}`);
            return n;
        }), text((buf, size) => {
            const n = c.bb_js_chess_pgn_comments(p, buf, size);
            if (n < 0) throw new Error('bitboard: chess: out of WebAssembly memory');
            return n;
        })]);
        const list = tags.split('\n');
        this.#changed();
        this.#setup = null;
        this.#headers = { ...SEVEN_TAG_ROSTER };
        for (let i = 0; i + 1 < list.length; i += 2) this.#headers[list[i]] = list[i + 1];
        this.#comments = new Map();
        if (notes !== '') {
            const fens = this.#fens();
            for (const line of notes.slice(0, -1).split('\n')) {
                const tab = line.indexOf('\t'), fen = fens[Number(line.slice(0, tab))], note = line.slice(tab + 1);
                if (fen === undefined) continue; // after a move the reader refused: not in the game
                const had = this.#comments.get(fen);
                this.#comments.set(fen, had === undefined ? note : `${had} ${note}`);
            }
        }
    }

    /** The PGN headers set (by setHeader or loadPgn), as { name: value }. */
    getHeaders() {
        return { ...this.#headers };
    }

    /** Sets the PGN header key to value; returns the headers. */
    setHeader(key, value) {
        for (const [what, v] of [['key', key], ['value', value]]) {
            if (typeof v !== 'string') throw new TypeError(`bitboard: chess: header ${what} must be a string, not ${v === null ? 'null' : typeof v}`);
            if (/[\n\0]/.test(v)) throw new RangeError(`bitboard: chess: header ${what} ${JSON.stringify(v)} holds a newline or NUL`);
        }
        if (!/^[A-Za-z0-9_]+$/.test(key)) throw new RangeError(`bitboard: chess: header key ${JSON.stringify(key)} is not a PGN tag name (letters, digits, _)`);
        this.#headers[key] = value;
        return this.getHeaders();
    }

    /** Removes the PGN header key: whether it was set. */
    removeHeader(key) {
        if (typeof key !== 'string') throw new TypeError(`bitboard: chess: header key must be a string, not ${key === null ? 'null' : typeof key}`);
        const had = Object.hasOwn(this.#headers, key);
        if (Object.hasOwn(SEVEN_TAG_ROSTER, key)) this.#headers[key] = SEVEN_TAG_ROSTER[key];
        else delete this.#headers[key];
        return had;
    }

    /**
     * chess.js's old header(key, value, ...): sets the pairs given (both
     * strings; others are skipped, as chess.js skips them); returns the
     * headers (getHeaders: chess.js's also lists the tags not set, as null).
     */
    header(...args) {
        for (let i = 0; i + 1 < args.length; i += 2) {
            if (typeof args[i] === 'string' && typeof args[i + 1] === 'string') this.setHeader(args[i], args[i + 1]);
        }
        return this.getHeaders();
    }

    #status() {
        if (this.#setup) return 0;
        return c.bb_js_chess_status(this.#g());
    }

    /** Whether the side to move is in check. */
    inCheck() {
        return (this.#status() & 1) !== 0;
    }

    /** The same as inCheck(). */
    isCheck() {
        return this.inCheck();
    }

    /** Whether the side to move is mated. */
    isCheckmate() {
        return (this.#status() & 3) === 3;
    }

    /** Whether the side to move has no legal move and is not in check. */
    isStalemate() {
        return (this.#status() & 3) === 2;
    }

    /** Whether neither side can mate: K v K, K+N v K, K+B v K, or bishops all on one colour of square. */
    isInsufficientMaterial() {
        return (this.#status() & 4) !== 0;
    }

    /** Whether the position stands for the third time (or more) in the game. */
    isThreefoldRepetition() {
        return this.#status() >> 8 >= 3;
    }

    /** Whether 100 plies have passed without a capture or a pawn move. */
    isDrawByFiftyMoves() {
        return (this.#status() & 8) !== 0;
    }

    /** Stalemate, insufficient material, threefold repetition or the fifty-move rule. */
    isDraw() {
        const s = this.#status();
        return (s & 3) === 2 || (s & 12) !== 0 || s >> 8 >= 3;
    }

    /** Checkmate or a draw (isDraw). */
    isGameOver() {
        return this.isCheckmate() || this.isDraw();
    }

    /** The number of legal move sequences depth plies deep from the position (depth 0..). */
    perft(depth, options = {}) {
        if (!Number.isInteger(depth)) throw new TypeError(`bitboard: chess: depth must be an integer, not ${String(depth)}`);
        if (depth < 0) throw new RangeError(`bitboard: chess: depth ${depth} is negative`);
        if (depth > c.bb_js_chess_perft_max_depth()) {
            throw new RangeError(`bitboard: chess: depth ${depth} is too deep: ${cString(c.bb_js_chess_perft_max_depth_why())}`);
        }
        const n = u64(c.bb_js_chess_perft(this.#ready('perft'), depth));
        if (n === (1n << 64n) - 1n) throw new RangeError(`bitboard: chess: perft ${depth} does not fit in 64 bits`);
        if (options.bigint) return n;
        if (n > BigInt(Number.MAX_SAFE_INTEGER)) {
            throw new RangeError(`bitboard: chess: perft ${depth} is ${n}, beyond 2^53 - 1: a number would round it (perft(depth, { bigint: true }) gives it)`);
        }
        return Number(n);
    }

    /** The board as 8 rows, rank 8 first: null or { square, type, color } for each square. */
    board() {
        const cells = this.#view ?? this.#board(), rows = new Array(8);
        for (let r = 0; r < 8; r++) {
            const row = new Array(8);
            for (let f = 0; f < 8; f++) {
                const p = cells[(7 - r) * 8 + f];
                row[f] = p ? { square: SQUARES[r * 8 + f], type: p.type, color: p.color } : null;
            }
            rows[r] = row;
        }
        return rows;
    }

    /** The board as chess.js draws it (rank 8 first, upper case for white). */
    ascii() {
        const cells = this.#board();
        let s = '   +------------------------+\n';
        for (let rank = 7; rank >= 0; rank--) {
            s += ` ${rank + 1} |`;
            for (let file = 0; file < 8; file++) {
                const p = cells[rank * 8 + file];
                s += ` ${p ? (p.color === WHITE ? p.type.toUpperCase() : p.type) : '.'} `;
            }
            s += '|\n';
        }
        return s + '   +------------------------+\n     a  b  c  d  e  f  g  h';
    }
}
