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
export class Move {
    color: Color;
    from: Square;
    to: Square;
    piece: PieceSymbol;
    captured?: PieceSymbol;
    promotion?: PieceSymbol;
    /** n normal, b pawn two squares, e en passant, c capture, p promotion, k/q castling king/queen side, - null move */
    flags: string;
    san: string;
    lan: string;
    before: string;
    after: string;
    isCapture(): boolean;
    isPromotion(): boolean;
    isEnPassant(): boolean;
    isKingsideCastle(): boolean;
    isQueensideCastle(): boolean;
    isBigPawn(): boolean;
    /** A null move ('--'): flags '-'. */
    isNullMove(): boolean;
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
/** The Seven Tag Roster with the values pgn() writes for headers not set. */
export const SEVEN_TAG_ROSTER: Readonly<Record<'Event' | 'Site' | 'Date' | 'Round' | 'White' | 'Black' | 'Result', string>>;
/** Whether the library reads fen as a position: { ok: true } or { ok: false, error: its reason }. */
export function validateFen(fen: string): { ok: boolean; error?: string };

export class Chess {
    /**
     * The standard start, or fen (FEN, X-FEN or Shredder-FEN); an Error with the library's reason if unreadable.
     * skipValidation: a board the library does not take (no king, say) becomes a board being set up.
     */
    constructor(fen?: string, options?: { skipValidation?: boolean });
    /** Releases the game's WebAssembly memory now. */
    free(): void;
    load(fen: string, options?: { skipValidation?: boolean; preserveHeaders?: boolean }): void;
    reset(): void;
    clear(options?: { preserveHeaders?: boolean }): void;
    fen(options?: { forceEnpassantSquare?: boolean }): string;
    get(square: Square): Piece | undefined;
    put(piece: Piece, square: Square): boolean;
    remove(square: Square): Piece | undefined;
    turn(): Color;
    /** false if color is to move already; else a null move ('--'); throws when in check. */
    setTurn(color: Color): boolean;
    moveNumber(): number;
    squareColor(square: Square): 'light' | 'dark';
    findPiece(piece: Piece): Square[];
    /** The squares of attackedBy's pieces (default: the side to move's) attacking square, a8..h1 order. */
    attackers(square: Square, attackedBy?: Color): Square[];
    isAttacked(square: Square, attackedBy: Color): boolean;
    /** The Polyglot key in hexadecimal. */
    hash(): string;
    getCastlingRights(color: Color): { k: boolean; q: boolean };
    /** Starts a new game from the changed position; whether the rights are now as asked. */
    setCastlingRights(color: Color, rights: { k?: boolean; q?: boolean }): boolean;
    getComment(): string | undefined;
    setComment(comment: string): void;
    removeComment(): string | undefined;
    deleteComment(): string | undefined;
    getComments(): { fen: string; comment: string }[];
    removeComments(): { fen: string; comment: string }[];
    deleteComments(): { fen: string; comment: string }[];
    moves(options?: { verbose?: false; square?: Square; piece?: PieceSymbol }): string[];
    moves(options: { verbose: true; square?: Square; piece?: PieceSymbol }): Move[];
    /** SAN, UCI, '--' (a null move) or { from, to, promotion }; throws an Error "Invalid move: ..." when illegal. */
    move(move: string | { from: Square; to: Square; promotion?: string } | null, options?: { strict?: boolean }): Move;
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
    /** The game in PGN's export format (Seven Tag Roster, SetUp and FEN for another start, comments). */
    pgn(options?: { newline?: string; maxWidth?: number }): string;
    /** The first game of the text becomes the game; an Error "Invalid PGN: ..." with the library's reason. */
    loadPgn(pgn: string, options?: { strict?: boolean; newlineChar?: string }): void;
    getHeaders(): Record<string, string>;
    setHeader(key: string, value: string): Record<string, string>;
    removeHeader(key: string): boolean;
    /** chess.js's old header(key, value, ...): sets the pairs; the headers. */
    header(...args: string[]): Record<string, string>;
}
