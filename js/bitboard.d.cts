// Typings of the CommonJS entry: init() resolves to the ES module.
type Entries = {
    bitboard: typeof import('./bitboard.js', { with: { 'resolution-mode': 'import' } });
    chess: typeof import('./chess.js', { with: { 'resolution-mode': 'import' } });
    othello: typeof import('./othello.js', { with: { 'resolution-mode': 'import' } });
    trace: typeof import('./trace.js', { with: { 'resolution-mode': 'import' } });
    pgn: typeof import('./pgn.js', { with: { 'resolution-mode': 'import' } });
};
/** The package's ES module (loaded once): 'bitboard' by default, or 'chess', 'othello', 'trace', 'pgn'. */
export declare function init(): Promise<Entries['bitboard']>;
export declare function init<E extends keyof Entries>(entry: E): Promise<Entries[E]>;
