// Typings of chess.js (the package's Chess class, chess.js 1.x's API).

export type Color = 'w' | 'b';
export type PieceSymbol = 'p' | 'n' | 'b' | 'r' | 'q' | 'k';
/** A square's name, as chess.js types it. */
export type Square =
    'a8' | 'b8' | 'c8' | 'd8' | 'e8' | 'f8' | 'g8' | 'h8' | 'a7' | 'b7' | 'c7' | 'd7' | 'e7' | 'f7' | 'g7' | 'h7' | 'a6' | 'b6' | 'c6' | 'd6' | 'e6' | 'f6' | 'g6' | 'h6' | 'a5' | 'b5' | 'c5' | 'd5' | 'e5' | 'f5' | 'g5' | 'h5' | 'a4' | 'b4' | 'c4' | 'd4' | 'e4' | 'f4' | 'g4' | 'h4' | 'a3' | 'b3' | 'c3' | 'd3' | 'e3' | 'f3' | 'g3' | 'h3' | 'a2' | 'b2' | 'c2' | 'd2' | 'e2' | 'f2' | 'g2' | 'h2' | 'a1' | 'b1' | 'c1' | 'd1' | 'e1' | 'f1' | 'g1' | 'h1';

export type Piece = {
    color: Color;
    type: PieceSymbol;
};

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
export const SQUARES: Square[];
/** The Seven Tag Roster with the values pgn() writes for headers not set. */
export const SEVEN_TAG_ROSTER: Record<string, string>;
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
    /** Throws a RangeError for what is not a square (chess.js: null). */
    squareColor(square: Square): 'light' | 'dark' | null;
    findPiece(piece: Piece): Square[];
    /** The squares of attackedBy's pieces (default: the side to move's) attacking square, a8..h1 order. */
    attackers(square: Square, attackedBy?: Color): Square[];
    isAttacked(square: Square, attackedBy: Color): boolean;
    /** The Polyglot key in hexadecimal. */
    hash(): string;
    getCastlingRights(color: Color): { k: boolean; q: boolean };
    /** Starts a new game from the changed position; whether the rights are now as asked. */
    setCastlingRights(color: Color, rights: { k?: boolean; q?: boolean }): boolean;
    getComment(): string;
    setComment(comment: string): void;
    removeComment(): string;
    deleteComment(): string;
    getComments(): { fen: string; comment: string }[];
    removeComments(): { fen: string; comment: string }[];
    deleteComments(): { fen: string; comment: string }[];
    moves(options?: { verbose?: false; square?: Square; piece?: PieceSymbol }): string[];
    moves(options: { verbose: true; square?: Square; piece?: PieceSymbol }): Move[];
    moves(options: { verbose?: boolean; square?: Square; piece?: PieceSymbol }): string[] | Move[];
    /** SAN, UCI, '--' (a null move) or { from, to, promotion }; throws an Error "Invalid move: ..." when illegal. */
    move(move: string | { from: string; to: string; promotion?: string } | null, options?: { strict?: boolean }): Move;
    undo(): Move | null;
    history(options?: { verbose?: false }): string[];
    history(options: { verbose: true }): Move[];
    history(options: { verbose: boolean }): string[] | Move[];
    inCheck(): boolean;
    isCheck(): boolean;
    isCheckmate(): boolean;
    isStalemate(): boolean;
    isInsufficientMaterial(): boolean;
    isThreefoldRepetition(): boolean;
    isDrawByFiftyMoves(): boolean;
    isDraw(): boolean;
    isGameOver(): boolean;
    /** A number; a RangeError beyond 2^53 - 1, where { bigint: true } gives it as a BigInt. */
    perft(depth: number): number;
    perft(depth: number, options: { bigint: true }): bigint;
    perft(depth: number, options: { bigint?: boolean }): number | bigint;
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
    header(...args: string[]): Record<string, string | null>;
}
