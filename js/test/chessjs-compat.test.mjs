// Issue 46: what a chess.js 1.4.0 user's code does, as chess.js does it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';

const { Chess } = await import(path.resolve(process.env.BB_JS ?? 'build/js/bitboard', 'chess.js'));

test('move({ from, to, promotion }) ignores the promotion on a move that is no promotion', () => {
    const g = new Chess();
    assert.equal(g.move({ from: 'e2', to: 'e4', promotion: 'q' }).san, 'e4');
    assert.throws(() => new Chess('8/4P3/8/8/8/8/k7/7K w - - 0 1').move({ from: 'e7', to: 'e8' }), /^Error: Invalid move/);
});

test('header(), move(null), move(m, { strict }), loadPgn(""), headers by default', () => {
    const g = new Chess();
    assert.deepEqual(g.getHeaders(), { Event: '?', Site: '?', Date: '????.??.??', Round: '?', White: '?', Black: '?', Result: '*' });
    assert.equal(g.header('White', 'x').White, 'x');
    const m = g.move(null);
    assert.equal(m.san, '--');
    assert.equal(g.turn(), 'b');
    assert.equal(g.move('e5', { strict: true }).san, 'e5');
    assert.throws(() => g.move('e2e4', { strict: true }), /^Error: Invalid move/);
    assert.throws(() => g.move('Ng1f3', { strict: true }), /^Error: Invalid move/);
    g.loadPgn('');
    assert.equal(g.fen(), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    assert.equal(g.getHeaders().White, '?');
});

test('FEN: fullmove 0 refused, castling kqKQ read, a8N read; fen({ forceEnpassantSquare })', () => {
    assert.throws(() => new Chess('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0'), /^Error: Invalid FEN: .*fullmove/);
    assert.equal(new Chess('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kqKQ - 0 1').fen().split(' ')[2], 'KQkq');
    assert.equal(new Chess('8/P7/8/8/8/8/k7/7K w - - 0 1').move('a8N').san, 'a8=N');
    const g = new Chess();
    g.move('e4');
    assert.equal(g.fen({ forceEnpassantSquare: true }), g.fen());
});

test('pgn() after a mate writes the Result header (*); a Result tag against the movetext: the movetext', () => {
    const g = new Chess();
    for (const m of ['f3', 'e5', 'g4', 'Qh4#']) g.move(m);
    assert.match(g.pgn(), /\[Result "\*"\][\s\S]*Qh4# \*$/);
    g.loadPgn('[Result "1-0"]\n\n1. e4 e5 0-1');
    assert.equal(g.getHeaders().Result, '0-1');
});

test('get() gives the piece; the board follows every change', () => {
    const g = new Chess();
    assert.deepEqual({ ...g.get('e2') }, { type: 'p', color: 'w' });
    g.move('e4');
    assert.equal(g.get('e2'), undefined);
    assert.deepEqual({ ...g.get('e4') }, { type: 'p', color: 'w' });
    g.undo();
    assert.deepEqual({ ...g.get('e2') }, { type: 'p', color: 'w' });
    g.put({ type: 'q', color: 'b' }, 'e4');
    assert.equal(g.get('e4').type, 'q');
    assert.equal(g.board()[4][4].type, 'q');
});

test('perft() is a number, as chess.js types it; perft(depth, { bigint: true }) a BigInt', () => {
    const g = new Chess();
    assert.equal(g.perft(3), 8902);
    assert.equal(g.perft(3, { bigint: true }), 8902n);
    assert.equal(g.perft(0, { bigint: true }), 1n);
});
