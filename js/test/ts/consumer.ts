// A chess.js 1.4.0 user's TypeScript, with only the import changed from
// 'chess.js' to 'bitboard': js/test/typescript.test.mjs compiles it with
// tsc --strict --module nodenext against the packed package, unchanged.
import {
    Chess, Move, validateFen, WHITE, BLACK, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING,
    DEFAULT_POSITION, SQUARES, SEVEN_TAG_ROSTER,
} from 'bitboard';
import type { Color, PieceSymbol, Square, Piece } from 'bitboard';

const chess: Chess = new Chess();
const other = new Chess(DEFAULT_POSITION, { skipValidation: true });
chess.load(DEFAULT_POSITION, { preserveHeaders: true, skipValidation: false });
chess.reset();
chess.clear({ preserveHeaders: true });
chess.reset();
const fen: string = chess.fen({ forceEnpassantSquare: true });
const plainFen: string = other.fen();
const piece: Piece | undefined = chess.get('e2');
const type: PieceSymbol | undefined = piece?.type;
const color: Color | undefined = piece?.color;
const placed: boolean = chess.put({ type: QUEEN, color: WHITE }, 'd4');
const removed: Piece | undefined = chess.remove('d4');
const found: Square[] = chess.findPiece({ type: KING, color: BLACK });
const attackers: Square[] = chess.attackers('f3');
const attackersOf: Square[] = chess.attackers('f6', BLACK);
const attacked: boolean = chess.isAttacked('f3', WHITE);
const hash: string = chess.hash();
const checks: boolean[] = [chess.isCheck(), chess.inCheck(), chess.isCheckmate(), chess.isStalemate(),
    chess.isInsufficientMaterial(), chess.isThreefoldRepetition(), chess.isDrawByFiftyMoves(),
    chess.isDraw(), chess.isGameOver()];
const sans: string[] = chess.moves();
const onSquare: string[] = chess.moves({ square: 'e2' });
const ofPiece: string[] = chess.moves({ piece: KNIGHT });
const verbose: Move[] = chess.moves({ verbose: true });
const verboseOn: Move[] = chess.moves({ verbose: true, square: 'g1' });
const either: string[] | Move[] = chess.moves({ verbose: sans.length > 3 });
const first: Move = chess.move('e4');
const second: Move = chess.move({ from: 'e7', to: 'e5', promotion: 'q' });
const third: Move = chess.move('Nf3', { strict: true });
const nullMove: Move = chess.move(null);
const { from, to, san, lan, flags, before, after, captured, promotion }: Move = first;
const sq: Square = from;
const tests: boolean[] = [second.isCapture(), second.isPromotion(), second.isEnPassant(),
    second.isKingsideCastle(), second.isQueensideCastle(), second.isBigPawn()];
const undone: Move | null = chess.undo();
const pgn: string = chess.pgn({ newline: '\n', maxWidth: 72 });
chess.loadPgn(pgn, { strict: false, newlineChar: '\n' });
const headerAll: Record<string, string | null> = chess.header('White', 'Ann', 'Black', 'Ben');
const headers: Record<string, string> = chess.getHeaders();
const set: Record<string, string> = chess.setHeader('Event', 'Club');
const gone: boolean = chess.removeHeader('Event');
const ascii: string = chess.ascii();
const nodes: number = chess.perft(3);
const nodesPlusOne: number = chess.perft(2) + 1;
const changed: boolean = chess.setTurn(BLACK);
const turn: Color = chess.turn();
const board: ({ square: Square; type: PieceSymbol; color: Color } | null)[][] = chess.board();
const shade: 'light' | 'dark' | null = chess.squareColor('e4');
const history: string[] = chess.history();
const historyVerbose: Move[] = chess.history({ verbose: true });
const historyEither: string[] | Move[] = chess.history({ verbose: false });
chess.setComment('a comment');
const comment: string = chess.getComment();
const comments: { fen: string; comment: string }[] = chess.getComments();
const removedComment: string = chess.removeComment();
const deletedComment: string = chess.deleteComment();
const removedComments: { fen: string; comment: string }[] = chess.removeComments();
const deletedComments: { fen: string; comment: string }[] = chess.deleteComments();
const rights: { k: boolean; q: boolean } = chess.getCastlingRights(WHITE);
const kingSide: boolean = chess.getCastlingRights(BLACK)[KING];
const setRights: boolean = chess.setCastlingRights(WHITE, { [KING]: false });
const moveNumber: number = chess.moveNumber();
const valid: { ok: boolean; error?: string } = validateFen(DEFAULT_POSITION);
const squares: Square[] = SQUARES;
const roster: Record<string, string> = SEVEN_TAG_ROSTER;
const symbols: PieceSymbol[] = [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING];

console.log(JSON.stringify({
    fen, plainFen, type, color, placed, removed, found, attackers, attackersOf, attacked, hash, checks,
    sans: sans.length, onSquare, ofPiece, verbose: verbose.length, verboseOn: verboseOn.length,
    either: either.length, third: third.san, nullMove: nullMove.san, from, to, san, lan, flags, before, after,
    captured, promotion, sq, tests, undone: undone?.san, headerAll: headerAll.White, headers: headers.Black,
    set: set.Event, gone, ascii: ascii.length, nodes, nodesPlusOne, changed, turn, board: board[0][0]?.type, shade,
    history, historyVerbose: historyVerbose.length, historyEither: historyEither.length, comment, comments: comments.length,
    removedComment, deletedComment, removedComments, deletedComments, rights, kingSide, setRights, moveNumber,
    valid: valid.ok, squares: squares.length, roster: roster.Result, symbols,
}));
