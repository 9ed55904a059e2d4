// Typings of bitboard.js, written by hand; js/test/typings.test.mjs checks
// them against the module's real exports.

/** The 8 symmetries of the board. */
export type Symmetry =
    | 'identity' | 'rotate_cw' | 'rotate_180' | 'rotate_ccw'
    | 'flip_vertical' | 'flip_horizontal' | 'flip_diagonal' | 'flip_antidiagonal';
/** The 4 kinds of line through a square. */
export type Line = 'rank' | 'file' | 'diagonal' | 'antidiagonal';
/** The pieces attacks() takes (chess.js's Piece, { type, color }, is Piece). */
export type PieceName = 'knight' | 'bishop' | 'rook' | 'queen' | 'king' | 'pawn';
/** A square for the board functions: 0..63 (a1 = 0, h8 = 63) or its name, "a1".."h8" (chess.js's Square, a name, is Square). */
export type SquareRef = number | string;
export type BoardFormat = 'hex' | 'diagram' | 'squares' | 'json';

export const version: string;
export const SYMMETRIES: readonly Symmetry[];
export const LINES: readonly Line[];
export const PIECES: readonly PieceName[];
export type Rotation45 = 'cw' | 'ccw' | 'uncw' | 'unccw';
export const ROTATIONS45: readonly Rotation45[];

export function transform(board: bigint, symmetry: Symmetry | number): bigint;
export function transformAll(board: bigint): bigint[];
export function transformSquare(square: SquareRef, symmetry: Symmetry | number): number;
export function composeSymmetries(first: Symmetry | number, then: Symmetry | number): Symmetry;
export function inverseSymmetry(symmetry: Symmetry | number): Symmetry;
export function canonical(board: bigint): { board: bigint; symmetry: Symmetry };
export function canonicalPair(p: bigint, o: bigint): { p: bigint; o: bigint; symmetry: Symmetry };

export function rotate45(board: bigint, which: Rotation45 | number): bigint;

/** Many boards at once: a new array out, the input untouched. */
export function transformArray(boards: BigUint64Array, symmetry: Symmetry | number): BigUint64Array;
export function rotate45Array(boards: BigUint64Array, which: Rotation45 | number): BigUint64Array;
/** symmetries[i] indexes SYMMETRIES. */
export function canonicalArray(boards: BigUint64Array): { boards: BigUint64Array; symmetries: Uint8Array };
export function canonicalPairArray(p: BigUint64Array, o: BigUint64Array):
    { p: BigUint64Array; o: BigUint64Array; symmetries: Uint8Array };

export function lineMask(square: SquareRef, line: Line | number): bigint;
export function lineExtract(board: bigint, square: SquareRef, line: Line | number): number;
export function lineDeposit(bits: number, square: SquareRef, line: Line | number): bigint;

export type AttackMethod = 'naive' | 'rotated' | 'kindergarten' | 'magic' | 'pext' | 'hyperbola' | 'kogge-stone';
/** The slider attack methods in the C library's order; 'pext' is not in the WebAssembly build. */
export const ATTACK_METHODS: readonly AttackMethod[];
export function attacks(piece: PieceName | number, square: SquareRef, occupied?: bigint,
                        options?: { color?: 'white' | 'black'; method?: AttackMethod | number }): bigint;

export function squareName(square: SquareRef): string;
export function parseSquare(name: string): number;
export function parseBoard(text: string, options?: { othello?: boolean }): bigint;
export function formatBoard(board: bigint, format?: BoardFormat | number, options?: { othello?: boolean }): string;
export function memoryBytes(): number;

// chess.js's names (also 'bitboard/chess'): chess.d.ts
export type { Color, PieceSymbol, Square, Piece } from './chess.js';
export { Chess, Move, WHITE, BLACK, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, DEFAULT_POSITION, SQUARES, SEVEN_TAG_ROSTER, validateFen } from './chess.js';
