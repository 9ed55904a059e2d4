// Typings of chess.js (the package's Chess class, chess.js 1.x's API).

export type Color = 'w' | 'b';
export type PieceSymbol = 'p' | 'n' | 'b' | 'r' | 'q' | 'k';
/** 'a1'..'h8'. */
export type Square = string;

export interface Piece {
    type: PieceSymbol;
    color: Color;
}

/** A move as chess.js 1.x describes it; castling's `to` is the king's destination. */
export interface Move {
    color: Color;
    from: Square;
    to: Square;
    piece: PieceSymbol;
    captured?: PieceSymbol;
    promotion?: PieceSymbol;
    /** n normal, b pawn two squares, e en passant, c capture, p promotion, k/q castling king/queen side */
    flags: string;
    san: string;
    lan: string;
    before: string;
    after: string;
}

export const WHITE: 'w';
export const BLACK: 'b';
export const PAWN: 'p';
export const KNIGHT: 'n';
export const BISHOP: 'b';
export const ROOK: 'r';
export const QUEEN: 'q';
export const KING: 'k';
export const DEFAULT_POSITION: string;
/** a8, b8, ..., h1 (rank 8 first), as chess.js orders them. */
export const SQUARES: readonly Square[];

export class Chess {
    /** The standard start, or fen (FEN, X-FEN or Shredder-FEN); an Error with the library's reason if unreadable. */
    constructor(fen?: string);
    /** Releases the game's WebAssembly memory now. */
    free(): void;
    load(fen: string): void;
    reset(): void;
    clear(): void;
    fen(): string;
    get(square: Square): Piece | undefined;
    put(piece: Piece, square: Square): boolean;
    remove(square: Square): Piece | undefined;
    turn(): Color;
    moves(options?: { verbose?: false; square?: Square; piece?: PieceSymbol }): string[];
    moves(options: { verbose: true; square?: Square; piece?: PieceSymbol }): Move[];
    /** SAN, UCI or { from, to, promotion }; throws an Error "Invalid move: ..." when illegal. */
    move(move: string | { from: Square; to: Square; promotion?: string }): Move;
    undo(): Move | null;
    history(options?: { verbose?: false }): string[];
    history(options: { verbose: true }): Move[];
    inCheck(): boolean;
    isCheck(): boolean;
    isCheckmate(): boolean;
    isStalemate(): boolean;
    isInsufficientMaterial(): boolean;
    isThreefoldRepetition(): boolean;
    isDrawByFiftyMoves(): boolean;
    isDraw(): boolean;
    isGameOver(): boolean;
    /** A number, or a BigInt beyond 2^53 - 1. */
    perft(depth: number): number | bigint;
    board(): ({ square: Square; type: PieceSymbol; color: Color } | null)[][];
    ascii(): string;
    /** The game in PGN's export format (Seven Tag Roster, SetUp and FEN for another start). */
    pgn(): string;
    /** The first game of the text becomes the game; an Error "Invalid PGN: ..." with the library's reason. */
    loadPgn(pgn: string): void;
    getHeaders(): Record<string, string>;
    setHeader(key: string, value: string): Record<string, string>;
    removeHeader(key: string): boolean;
}
