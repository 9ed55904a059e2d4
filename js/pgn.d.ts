// Typings of pgn.js, written by hand; js/test/pgn.test.mjs checks that they
// declare exactly the module's exports.

import type { Chess } from './chess.js';

/** Where and why a game stopped (or, as a game's warning, what is doubtful in it). */
export class PgnError extends Error {
    /** the game's number in the input, from 1 */
    game: number;
    /** the line and column (in bytes) of the input, from 1 */
    line: number;
    column: number;
    /** the move text at fault, or '' */
    move: string;
    /** why, in the library's words */
    reason: string;
}

export interface PgnGame {
    /** the game's number in the input, from 1 */
    number: number;
    /** the tag pairs, in the order read */
    headers: Record<string, string>;
    /** the start position (standard, or the FEN tag's; Shredder-FEN for Chess960); null when a bad tag stopped the game before it */
    fen: string | null;
    /** the main line in SAN (with + and #), up to the error if there is one */
    moves: string[];
    /** the position after the last move read */
    finalFen: string | null;
    /** the movetext's result token, or null when the game has none */
    result: '1-0' | '0-1' | '1/2-1/2' | '*' | null;
    /** what stopped the game early, or null */
    error: PgnError | null;
    /** a game read whole but doubtful: its result missing, or a Result tag contradicting the movetext's; or null */
    warning: PgnError | null;
    /** with { uci: true }: the moves in UCI */
    uci?: string[];
    /** with { fens: true }: the FEN after each move */
    fens?: string[];
}

export interface PgnOptions {
    uci?: boolean;
    fens?: boolean;
}

export type PgnChunk = Uint8Array | ArrayBuffer | string;

export function readPgn(source: string | Uint8Array | Iterable<PgnChunk>, options?: PgnOptions): Generator<PgnGame, void, undefined>;
/** A web ReadableStream as readPgn uses it (without async iteration, in older browsers). */
export interface PgnStreamLike {
    getReader(): { read(): Promise<{ done: boolean; value?: PgnChunk }>; releaseLock(): void };
}

export function readPgn(source: AsyncIterable<PgnChunk> | PgnStreamLike, options?: PgnOptions): AsyncGenerator<PgnGame, void, undefined>;

export function toChess(game: PgnGame): Chess;

/** An EPD record: fen with its clocks; each operation's operands (an array), or one quoted string. */
export interface EpdRecord {
    fen: string;
    ops: Record<string, string[] | string>;
}

export function parseEpd(line: string, options?: { uci?: boolean }): EpdRecord;
export function writeEpd(record: { fen: string; ops?: Record<string, string[] | string | number | bigint> }, options?: { uci?: boolean }): string;

export interface BookMove {
    /** UCI */
    move: string;
    san: string;
    weight: number;
    learn: number;
}

export interface Book {
    /** the book's entries */
    readonly size: number;
    lookup(fen: string | Chess): BookMove[];
    pick(fen: string | Chess, random?: number | bigint): { move: string; san: string } | null;
    free(): void;
}

export function openBook(bytes: Uint8Array | ArrayBuffer): Book;
