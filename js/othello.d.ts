// Typings of othello.js, written by hand; js/test/othello.test.mjs checks
// that they declare exactly the module's exports.

export type Side = 'black' | 'white';
export type Convention = 'oeis' | 'bik' | 'nopass';
/** A square: 0..63 (a1 = 0, h8 = 63) or its name, "a1".."h8". */
export type Square = number | string;
/** p: the side to move's discs, o: the other side's (disjoint); side: the colour of p. */
export interface Position { p: bigint; o: bigint; side: Side }

export interface SolveResult {
    /** the final disc difference for the side to move (with wld: -1, 0 or 1) */
    score: number;
    result: 'win' | 'draw' | 'loss';
    /** 'exact', or a bound when the score fell at or outside the window */
    bound: 'exact' | 'lower' | 'upper';
    /** the best move's name, PASS, or null (game over, or a bound) */
    best: string | null;
    /** the principal variation: square names and PASS */
    pv: string[];
    nodes: number;
    tableBytes: number;
}

/** An illegal move of a transcript. */
export interface TranscriptError extends Error {
    /** the move's position in the text, 1-based */
    position: number;
    /** the position before the move */
    reached: Position;
}

export const SIDES: readonly Side[];
export const CONVENTIONS: readonly Convention[];
export const PASS: 'PA';
/** The largest table (hashMb, SearchTable) perft, solve and search take, in MiB (2048: WebAssembly's memory; the C library's limit, for the CLI and Python, is 65536). */
export const MAX_HASH_MB: number;

export function start(): Position;
export function parse(text: string): Position;
export function format(pos: Position, style?: 'board' | 'diagram' | number): string;
export function playTranscript(text: string, from?: Position): Position;

export function moves(p: bigint, o: bigint): bigint;
export function flips(p: bigint, o: bigint, square: Square): bigint;
export function legalMoves(pos: Position): string[];
export function play(pos: Position, square: Square | 'PA' | '--' | 'pass'): Position;
export function isGameOver(pos: Position): boolean;
export function discs(pos: Position): { black: number; white: number; empty: number };
export function score(pos: Position): number;

export function perft(pos: Position, depth: number, options?: { convention?: Convention | number; hashMb?: number }): bigint;
export function solve(pos: Position, options?: { wld?: boolean; alpha?: number; beta?: number; hashMb?: number }): SolveResult;

/** What onProgress receives from solveAsync: positions searched so far, seconds since the start. */
export interface SolveProgress { nodes: number; seconds: number }

export function solveAsync(pos: Position, options?: {
    wld?: boolean; alpha?: number; beta?: number; hashMb?: number;
    signal?: AbortSignal; onProgress?: (progress: SolveProgress) => void;
}): Promise<SolveResult>;
/** What search finds (and onProgress receives so far: the last finished depth's answer, the nodes and seconds till now). */
export interface SearchResult {
    /** the side to move's expected final disc difference (exact: the final difference under perfect play) */
    score: number;
    /** true if score is exact (the solver, or a search to the end of the game) */
    exact: boolean;
    /** the best move's name, PASS, or null if the game is over (or no depth is finished yet) */
    best: string | null;
    /** the principal variation: square names and PASS */
    pv: string[];
    /** the last depth finished (0 for the solver's answer or a finished game) */
    depth: number;
    nodes: number;
    seconds: number;
    /** true if the time (or a stop) ended a depth early */
    stopped: boolean;
    /** win, draw or loss for the side to move when the solver proved it, else null */
    wld: 'win' | 'draw' | 'loss' | null;
}

/** A transposition table kept from search to search (one search at a time uses it). */
export class SearchTable {
    /** mb: 1..MAX_HASH_MB MiB, 16 if left out */
    constructor(mb?: number);
    readonly mb: number;
    /** every entry empty again */
    clear(): void;
    /** gives its memory back; the table cannot be used after */
    free(): void;
}

export interface SearchOptions {
    /** 0..SEARCH_MAX_DEPTH moves (0: no limit); neither depth nor time: SEARCH_DEFAULT_DEPTH */
    depth?: number;
    /** a time budget in seconds, 0..MAX_SECONDS (0: none) */
    time?: number;
    /** the table in MiB, 0..MAX_HASH_MB (0: 16, less with a short time) */
    hashMb?: number;
    /** the exact solver from this many empties (0: 14; -1: never) */
    exactEmpties?: number;
    /** false: no selective cut-offs (the plain alpha-beta score) */
    probcut?: boolean;
}

/** The search's deepest depth (60) and its default depth (10), the C library's. */
export const SEARCH_MAX_DEPTH: number;
export const SEARCH_DEFAULT_DEPTH: number;
/** The longest time budget in seconds (86400), the C library's BB_MAX_SECONDS. */
export const MAX_SECONDS: number;

export function search(pos: Position, options?: SearchOptions & {
    table?: SearchTable | null; onProgress?: (soFar: SearchResult) => void;
}): SearchResult;
export function searchAsync(pos: Position, options?: SearchOptions & {
    signal?: AbortSignal; onProgress?: (soFar: SearchResult) => void;
}): Promise<SearchResult>;
export function perftAsync(pos: Position, depth: number, options?: {
    convention?: Convention | number; hashMb?: number; signal?: AbortSignal;
}): Promise<bigint>;

export interface WthorHeader {
    /** when the file was written */
    written: { year: number; month: number; day: number };
    /** the number of games */
    games: number;
    /** the year of the games */
    year: number;
    /** the empty squares at which the theoretical scores were computed */
    depth: number;
    boardSize: number;
    gameType: number;
}

export interface WthorGame {
    /** the game's index in the file, from 0 */
    index: number;
    /** player numbers (indexes into readWthorNames of the .jou file) */
    black: number;
    white: number;
    /** a tournament number (an index into readWthorNames of the .trn file) */
    tournament: number;
    year: number;
    /** black's final disc count as recorded */
    blackDiscs: number;
    /** black's discs under perfect play from the header's depth, as recorded */
    theoretical: number;
    /** the moves as names, a pass as 'PA' */
    moves: string[];
    /** set if the game is bad: what is at fault; moves then holds those before it */
    error?: string;
    /** the stored count splits the empties evenly (Logistello's book): the game is kept */
    warning?: string;
}

export interface WthorFile extends Iterable<WthorGame> {
    header: WthorHeader;
    length: number;
    /** game i, from 0 */
    game(i: number): WthorGame;
}

export interface GgfGame {
    /** the game's index in the text, from 0 */
    index: number;
    black: string;
    white: string;
    event: string;
    date: string;
    result: string;
    start: Position;
    moves: string[];
    error?: string;
}

export type RecordMove = Square | 'PA' | '--' | 'pass';

export function readWthor(bytes: Uint8Array | ArrayBuffer): WthorFile;
export function readWthorNames(bytes: Uint8Array | ArrayBuffer): string[];
export function writeWthor(games: Array<{
    moves: RecordMove[]; black?: number; white?: number; tournament?: number; blackDiscs?: number; theoretical?: number;
}>, header?: { year?: number; depth?: number; written?: Date }): Uint8Array;
export function readGgf(text: string | Uint8Array | ArrayBuffer): Generator<GgfGame, void, undefined>;
export function writeGgf(game: {
    moves: RecordMove[]; start?: Position; black?: string; white?: string; event?: string; date?: string; result?: string;
}): string;
