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
