// The CommonJS entry from TypeScript: init() resolves to the typed ES module.
import bitboard = require('bitboard');

async function main(): Promise<void> {
    const { Chess } = await bitboard.init();
    const chess = await bitboard.init('chess');
    const game = new Chess();
    game.move('e4');
    const count: number = new chess.Chess().perft(1);
    console.log(game.fen(), count);
}
void main();
