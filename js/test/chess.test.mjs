// The package's Chess class (chess.js) against the CLI (BB_CLI) on seeded
// random games from the standard start and from Chess960 starts: the legal
// moves, the FEN after each move, perft, undo, the end of a game; the
// published perft counts; every error; the heap over many games.
// BB_JS names the staged package (make js-test sets both); BB_JS_SEED
// replays another seed.  BB_JS_SHARE=N with BB_JS_ROTATE=R (make test:
// tests/js.sh) asks the CLI about a share of the random games' plies, those
// with (i + R) % N == 0, and about every game's last position: the games are
// the same, every ply still checked against the package's own answers, and
// every game's whole line against the CLI at its end; without them (make
// js-test) every ply is asked.
import { test as nodeTest } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const pkg = process.env.BB_JS ?? 'build/js/bitboard';
const cli = process.env.BB_CLI ?? 'build/bitboard';
const chess = await import(path.resolve(pkg, 'chess.js'));
const core = await import(path.resolve(pkg, 'core.js'));
const { Chess } = chess;
// The module holds the chess functions when `make wasm` compiled
// js/src/exports_chess.c (WASM_SRC must take every js/src/*.c): else every
// test here is skipped, saying so.
const missing = typeof core.c.bb_js_chess_new !== 'function'
    && 'build/wasm/bitboard.wasm lacks js/src/exports_chess.c (the Makefile\'s WASM_SRC must list js/src/*.c)';
const test = (name, fn) => nodeTest(name, { skip: missing }, fn);
const SEED = BigInt(process.env.BB_JS_SEED ?? '0xc4e55');
const SHARE = Number(process.env.BB_JS_SHARE ?? 1), ROTATE = Number(process.env.BB_JS_ROTATE ?? 0);
assert.ok(Number.isInteger(SHARE) && SHARE >= 1 && Number.isInteger(ROTATE) && ROTATE >= 0,
    `BB_JS_SHARE=${process.env.BB_JS_SHARE} BB_JS_ROTATE=${process.env.BB_JS_ROTATE}: whole numbers, the share at least 1`);
// input i is this run's
const ours = (i) => (i + ROTATE) % SHARE === 0;

// splitmix64
function rng(seed) {
    let s = seed;
    const M = (1n << 64n) - 1n;
    const next = () => {
        s = (s + 0x9e3779b97f4a7c15n) & M;
        let z = s;
        z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & M;
        z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & M;
        return z ^ (z >> 31n);
    };
    return { int: (n) => Number(next() % BigInt(n)) };
}

const run = (...args) => execFileSync(cli, args, { encoding: 'utf8' });

// a Chess960 start drawn by r: bishops on squares of both colours, the king
// between the rooks; Shredder-FEN castling (the rooks' files)
function chess960(r) {
    const rank = Array(8).fill(null);
    const free = () => rank.map((p, i) => (p ? -1 : i)).filter((i) => i >= 0);
    rank[2 * r.int(4)] = 'b';
    rank[2 * r.int(4) + 1] = 'b';
    for (const p of ['q', 'n', 'n']) {
        const f = free();
        rank[f[r.int(f.length)]] = p;
    }
    const [a, k, h] = free();
    rank[a] = 'r';
    rank[k] = 'k';
    rank[h] = 'r';
    const files = 'abcdefgh';
    const back = rank.join('');
    const castling = files[h].toUpperCase() + files[a].toUpperCase() + files[h] + files[a];
    return `${back}/pppppppp/8/8/8/8/PPPPPPPP/${back.toUpperCase()} w ${castling} - 0 1`;
}

const starts = (r) => [chess.DEFAULT_POSITION, chess.DEFAULT_POSITION, chess960(r), chess960(r), chess960(r),
    'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'];

test('random games: moves, the FEN after each move, the end, undo, against the CLI', () => {
    const r = rng(SEED);
    let plies = 0;
    for (const [gi, start] of starts(r).entries()) {
        const g = new Chess(start);
        const where = () => `seed ${SEED}, game ${gi} from ${start}, ply ${g.history().length}: ${g.fen()}`;
        const fens = [g.fen()];
        for (let ply = 0; ply < 70; ply++) {
            const fen = g.fen();
            const mine = g.moves({ verbose: true });
            // this run asks the CLI about this ply (and always about a game's end)
            const ask = ours(gi * 70 + ply) || mine.length === 0;
            assert.deepEqual(mine.map((m) => m.san), g.moves(), where());
            if (ask) {
                const want = JSON.parse(run('chess', 'moves', '-o', 'json', fen));
                assert.equal(fen, want.fen, where());
                assert.deepEqual(g.moves().slice().sort(), want.moves.map((m) => m.san).sort(), where());
                const show = JSON.parse(run('chess', 'show', '-o', 'json', fen));
                assert.equal(g.inCheck(), show.checkers.count > 0, where());
                assert.equal(g.isCheckmate(), show.outcome === 'checkmate', where());
                assert.equal(g.isStalemate(), show.outcome === 'stalemate', where());
                if (show.outcome === 'insufficient material') assert.ok(g.isInsufficientMaterial(), where());
                assert.equal(g.turn(), show.side === 'white' ? 'w' : 'b', where());
            }
            if (mine.length === 0) {
                assert.ok(g.isGameOver(), where());
                break;
            }
            const m = mine[r.int(mine.length)];
            assert.equal(m.before, fen, where());
            assert.equal(m.color, g.turn(), where());
            assert.equal(g.get(m.from).type, m.piece, where());
            // square, verbose: the piece's moves
            assert.deepEqual(g.moves({ square: m.from }), mine.filter((x) => x.from === m.from).map((x) => x.san), where());
            // play it as SAN, as the move object or as UCI (not castling's king-to-square in Chess960)
            const how = ply % 3;
            const played = how === 0 || (how === 2 && /[kq]/.test(m.flags)) ? g.move(m.san)
                : how === 1 ? g.move({ from: m.from, to: m.to, promotion: m.promotion })
                    : g.move(m.lan);
            assert.deepEqual(played, m, where());
            const after = ask ? run('chess', 'play', fen, m.san).trim() : g.fen();
            assert.equal(g.fen(), after, where());
            assert.equal(m.after, after, where());
            fens.push(after);
            plies++;
        }
        // the history, then undo back to the start
        const hist = g.history({ verbose: true });
        assert.deepEqual(hist.map((m) => m.san), g.history(), where());
        hist.forEach((m, i) => {
            assert.equal(m.before, fens[i], where());
            assert.equal(m.after, fens[i + 1], where());
        });
        if (hist.length > 0) {
            const line = run('chess', 'play', start, ...hist.map((m) => m.san)).trim();
            assert.equal(line, g.fen(), where());
        }
        for (let i = hist.length - 1; i >= 0; i--) {
            assert.deepEqual(g.undo(), hist[i], where());
            assert.equal(g.fen(), fens[i], where());
        }
        assert.equal(g.undo(), null);
        assert.deepEqual(g.history(), []);
        g.free();
    }
    assert.ok(plies > 200, `seed ${SEED}: ${plies} plies`);
});

// (the deep ones walk past 64 KiB of stack: wasm-ld's default stack was
// that, and overrunning it wrote over the static data and miscounted perft
// 6 and Kiwipete 5; make wasm now gives 1 MiB, first in memory, so an
// overflow traps)
test('perft: the published counts of the start (to 6), Kiwipete (to 5) and position 3 (to 6)', () => {
    const counts = [
        [chess.DEFAULT_POSITION, [20, 400, 8902, 197281, 4865609, 119060324]],
        ['r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1', [48, 2039, 97862, 4085603, 193690690]],
        ['8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1', [14, 191, 2812, 43238, 674624, 11030083]],
    ];
    for (const [fen, want] of counts) {
        const g = new Chess(fen);
        assert.equal(g.perft(0), 1);
        want.forEach((n, i) => assert.equal(g.perft(i + 1), n, `${fen} depth ${i + 1}`));
        g.free();
    }
});

test('perft: random positions of random games against the CLI', () => {
    const r = rng(SEED + 1n);
    for (const [gi, start] of starts(r).entries()) {
        const g = new Chess(start);
        for (let k = 0; k < 3; k++) {
            for (let i = 0, n = 4 + r.int(20); i < n; i++) {
                const ms = g.moves();
                if (ms.length === 0) break;
                g.move(ms[r.int(ms.length)]);
            }
            const depth = 1 + r.int(3);
            const want = Number(run('chess', 'perft', String(depth), '--quiet', g.fen()).trim());
            assert.equal(g.perft(depth), want, `seed ${SEED + 1n}, game ${gi}: perft ${depth} ${g.fen()}`);
        }
        g.free();
    }
});

test('the end of a game: mate, stalemate, dead positions, repetition, fifty moves', () => {
    const g = new Chess();
    for (const m of ['f3', 'e5', 'g4', 'Qh4#']) g.move(m);
    assert.ok(g.isCheckmate() && g.inCheck() && g.isCheck() && g.isGameOver() && !g.isDraw());
    assert.deepEqual(g.moves(), []);
    g.load('7k/5Q2/6K1/8/8/8/8/8 b - - 0 1');
    assert.ok(g.isStalemate() && g.isDraw() && g.isGameOver() && !g.isCheckmate() && !g.inCheck());
    for (const fen of ['8/8/4k3/8/8/3K4/8/8 w - - 0 1', '8/8/4k3/8/8/3KN3/8/8 w - - 0 1', '8/8/4kb2/8/8/3KB3/8/8 w - - 0 1']) {
        g.load(fen);
        assert.ok(g.isInsufficientMaterial() && g.isDraw() && g.isGameOver(), fen);
    }
    for (const fen of ['8/8/4k3/8/8/2RK4/8/8 w - - 0 1', '8/8/4kb2/8/8/3K1B2/8/8 w - - 0 1', '8/8/4k3/8/8/3KNN2/8/8 w - - 0 1']) {
        g.load(fen);
        assert.ok(!g.isInsufficientMaterial(), fen);
    }
    g.reset();
    const cycle = ['Nf3', 'Nf6', 'Ng1', 'Ng8'];
    for (const m of cycle) g.move(m);
    assert.ok(!g.isThreefoldRepetition());
    for (const m of cycle) g.move(m);
    assert.ok(g.isThreefoldRepetition() && g.isDraw() && g.isGameOver());
    g.undo();
    assert.ok(!g.isThreefoldRepetition());
    g.load('8/8/4k3/8/8/2RK4/8/8 w - - 99 80');
    assert.ok(!g.isDrawByFiftyMoves());
    g.move('Rc1');
    assert.ok(g.isDrawByFiftyMoves() && g.isDraw() && g.isGameOver());
    g.free();
});

test('move objects: flags, captures, promotions, en passant and castling as chess.js gives them', () => {
    const g = new Chess('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1');
    const by = (san) => g.moves({ verbose: true }).find((m) => m.san === san);
    assert.deepEqual({ ...by('O-O') }, { color: 'w', from: 'e1', to: 'g1', piece: 'k', flags: 'k', san: 'O-O', lan: 'e1g1',
        before: g.fen(), after: 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R4RK1 b kq - 1 1' });
    assert.equal(by('O-O-O').flags, 'q');
    assert.equal(by('O-O-O').to, 'c1');
    assert.equal(by('a4').flags, 'b');
    assert.equal(by('Nxf7').flags, 'c');
    assert.equal(by('Nxf7').captured, 'p');
    assert.equal(by('Qxf6').captured, 'n');
    assert.equal(by('Qg3').flags, 'n');
    assert.equal(by('Qg3').captured, undefined);
    g.move('a4');
    assert.equal(g.moves({ verbose: true }).find((m) => m.san === 'bxa3').flags, 'e');
    g.load('1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1');
    const promos = g.moves({ verbose: true, square: 'a7' });
    assert.deepEqual(promos.map((m) => m.flags).sort(), ['cp', 'cp', 'cp', 'cp', 'np', 'np', 'np', 'np']);
    assert.deepEqual(g.move({ from: 'a7', to: 'b8', promotion: 'n' }).lan, 'a7b8n');
    assert.equal(g.get('b8').type, 'n');
    assert.deepEqual(g.moves({ piece: 'k' }).sort(), g.moves().filter((s) => s.startsWith('K')).sort());
});

test('get, put, remove, clear, board, ascii', () => {
    const g = new Chess();
    assert.deepEqual(g.get('e1'), { type: 'k', color: 'w' });
    assert.equal(g.get('e4'), undefined);
    assert.deepEqual(g.remove('g1'), { type: 'n', color: 'w' });
    assert.equal(g.fen(), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1');
    assert.equal(g.remove('g1'), undefined);
    assert.equal(g.put({ type: 'q', color: 'b' }, 'e4'), true);
    assert.equal(g.fen(), 'rnbqkbnr/pppppppp/8/8/4q3/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1');
    assert.equal(g.put({ type: 'k', color: 'w' }, 'e3'), false);
    assert.equal(g.put({ type: 'p', color: 'w' }, 'e8'), false);
    g.remove('h1');
    assert.equal(g.fen(), 'rnbqkbnr/pppppppp/8/8/4q3/8/PPPPPPPP/RNBQKB2 w Qkq - 0 1');
    // without a king: a board being set up, no moves until the king is back
    g.remove('e1');
    assert.equal(g.fen(), 'rnbqkbnr/pppppppp/8/8/4q3/8/PPPPPPPP/RNBQ1B2 w kq - 0 1');
    assert.deepEqual(g.moves(), []);
    assert.throws(() => g.move('e4'), /no king/);
    assert.throws(() => g.perft(1), /no king/);
    g.put({ type: 'k', color: 'w' }, 'e1');
    assert.equal(g.fen(), 'rnbqkbnr/pppppppp/8/8/4q3/8/PPPPPPPP/RNBQKB2 w kq - 0 1');
    assert.equal(g.moves().length, run('chess', 'moves', '--san', g.fen()).trim().split('\n').length);
    g.clear();
    assert.equal(g.fen(), '8/8/8/8/8/8/8/8 w - - 0 1');
    g.put({ type: 'k', color: 'w' }, 'a1');
    g.put({ type: 'k', color: 'b' }, 'h8');
    assert.deepEqual(g.moves().sort(), ['Ka2', 'Kb1', 'Kb2']);
    g.reset();
    const b = g.board();
    assert.deepEqual(b[0][0], { square: 'a8', type: 'r', color: 'b' });
    assert.deepEqual(b[7][4], { square: 'e1', type: 'k', color: 'w' });
    assert.equal(b[4][4], null);
    const art = g.ascii().split('\n');
    assert.equal(art.length, 11);
    assert.equal(art[1], ' 8 | r  n  b  q  k  b  n  r |');
    assert.equal(art[10], '     a  b  c  d  e  f  g  h');
    assert.equal(chess.SQUARES[0], 'a8');
    assert.equal(chess.SQUARES[63], 'h1');
    g.free();
});

// The slow reference for attackers: walk from each piece of the colour,
// square by square, over the cells of board().
function slowAttackers(g, target, color) {
    const cells = Array(64).fill(null);
    g.board().flat().forEach((p) => {
        if (p) cells[(p.square.charCodeAt(1) - 49) * 8 + p.square.charCodeAt(0) - 97] = p;
    });
    const out = [];
    const on = (f, r) => f >= 0 && f < 8 && r >= 0 && r < 8;
    for (const name of chess.SQUARES) {
        const i = (name.charCodeAt(1) - 49) * 8 + name.charCodeAt(0) - 97, p = cells[i];
        if (!p || p.color !== color) continue;
        const f = i % 8, r = i >> 3, tf = target % 8, tr = target >> 3;
        const df = tf - f, dr = tr - r;
        let hit = false;
        if (p.type === 'p') hit = Math.abs(df) === 1 && dr === (color === 'w' ? 1 : -1);
        else if (p.type === 'n') hit = (Math.abs(df) === 1 && Math.abs(dr) === 2) || (Math.abs(df) === 2 && Math.abs(dr) === 1);
        else if (p.type === 'k') hit = Math.max(Math.abs(df), Math.abs(dr)) === 1;
        else {
            const straight = (df === 0) !== (dr === 0), diagonal = df !== 0 && Math.abs(df) === Math.abs(dr);
            if ((straight && p.type !== 'b') || (diagonal && p.type !== 'r')) {
                const sf = Math.sign(df), sr = Math.sign(dr);
                let x = f + sf, y = r + sr;
                while (on(x, y) && (x !== tf || y !== tr) && !cells[y * 8 + x]) x += sf, y += sr;
                hit = x === tf && y === tr;
            }
        }
        if (hit) out.push(name);
    }
    return out;
}

test('attackers, isAttacked, findPiece, squareColor, hash, moveNumber, castling rights: against references and the CLI', () => {
    const r = rng(SEED + 7n);
    let positions = 0;
    for (const start of starts(r)) {
        const g = new Chess(start);
        for (let ply = 0; ply < 60 && !g.isGameOver(); ply++) {
            const ms = g.moves();
            g.move(ms[r.int(ms.length)]);
            if (ply % 6 !== 0) continue;
            positions++;
            const fen = g.fen(), where = `seed ${SEED + 7n}: ${fen}`;
            for (let sq = 0; sq < 64; sq++) {
                const name = 'abcdefgh'[sq % 8] + (1 + (sq >> 3));
                for (const color of ['w', 'b']) {
                    const want = slowAttackers(g, sq, color);
                    assert.deepEqual(g.attackers(name, color), want, `${where}: attackers of ${name} by ${color}`);
                    assert.equal(g.isAttacked(name, color), want.length > 0, where);
                }
            }
            assert.deepEqual(g.attackers('e4'), g.attackers('e4', g.turn()), where);
            for (const type of 'pnbrqk') {
                for (const color of ['w', 'b']) {
                    const want = g.board().flat().filter((p) => p && p.type === type && p.color === color).map((p) => p.square);
                    assert.deepEqual(g.findPiece({ type, color }), want, where);
                }
            }
            const shown = JSON.parse(run('-o', 'json', 'chess', 'show', fen));
            assert.equal('0x' + g.hash().padStart(16, '0'), shown.key, where);
            assert.equal(g.moveNumber(), shown.fullmove, where);
            const castling = fen.split(' ')[2];
            if (/^(K?Q?k?q?|-)$/.test(castling)) {
                for (const color of ['w', 'b']) {
                    const [k, q] = color === 'w' ? ['K', 'Q'] : ['k', 'q'];
                    assert.deepEqual(g.getCastlingRights(color), { k: castling.includes(k), q: castling.includes(q) }, where);
                }
            }
        }
        g.free();
    }
    assert.ok(positions >= 30, `${positions} positions`);
    const g = new Chess();
    for (let sq = 0; sq < 64; sq++) {
        const name = 'abcdefgh'[sq % 8] + (1 + (sq >> 3));
        assert.equal(g.squareColor(name), (sq % 8 + (sq >> 3)) % 2 === 0 ? 'dark' : 'light', name);
    }
    // Chess960 rights by rook file: white's rooks on b1 and h1, the king on g1
    g.load('bqnb1rkr/pppppppp/8/8/8/8/PPPPPPPP/BQNB1RKR w HFhf - 0 1');
    assert.deepEqual(g.getCastlingRights('w'), { k: true, q: true });
    assert.equal(g.setCastlingRights('w', { q: false }), true);
    assert.deepEqual(g.getCastlingRights('w'), { k: true, q: false });
    g.reset();
    g.move('e4');
    assert.equal(g.setCastlingRights('b', { k: false }), true);
    assert.equal(g.fen(), 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQq - 0 1');
    assert.deepEqual(g.history(), [], 'a new start');
    g.remove('a1');
    assert.equal(g.setCastlingRights('w', { q: true }), false, 'no rook on a1: the right is not granted');
    g.free();
});

test('null moves and setTurn, comments, pgn options, skipValidation, validateFen, Move tests', () => {
    const r = rng(SEED + 8n);
    let games = 0;
    for (const start of starts(r)) {
        const g = new Chess(start);
        const fens = [g.fen()], comments = [];
        for (let ply = 0; ply < 80 && !g.isGameOver(); ply++) {
            if (r.int(9) === 0 && !g.inCheck()) {
                const side = g.turn(), before = g.fen();
                assert.equal(g.setTurn(side), false);
                assert.equal(g.fen(), before);
                assert.equal(g.setTurn(side === 'w' ? 'b' : 'w'), true);
                const after = g.fen().split(' '), was = before.split(' ');
                assert.deepEqual([after[0], after[1], after[2], after[3]], [was[0], side === 'w' ? 'b' : 'w', was[2], '-']);
                assert.equal(g.history().at(-1), '--');
                assert.equal(g.history({ verbose: true }).at(-1).isNullMove(), true);
            } else {
                const ms = g.moves({ verbose: true });
                const m = g.move(ms[r.int(ms.length)].san);
                assert.equal(m.isCapture(), m.captured !== undefined);
                assert.equal(m.isPromotion(), m.promotion !== undefined);
                assert.equal(m.isEnPassant(), m.flags.includes('e'));
                assert.equal(m.isBigPawn(), m.flags === 'b');
                assert.equal(m.isKingsideCastle() || m.isQueensideCastle(), m.san.startsWith('O-O'));
            }
            fens.push(g.fen());
            if (r.int(5) === 0) {
                const text = `note ${ply} {with} braces`;
                g.setComment(text);
                comments.push({ fen: g.fen(), comment: text.replaceAll('{', '[').replaceAll('}', ']') });
            }
        }
        const where = `seed ${SEED + 8n}, game ${games}: ${g.history().join(' ')}`;
        assert.deepEqual(g.getComments(), comments, where);
        const pgn = g.pgn();
        // the C writer's layout and the JavaScript one (for comments and options) agree
        const plain = new Chess(start);
        for (const san of g.history()) plain.move(san);
        assert.equal(plain.pgn({ maxWidth: 80 }), plain.pgn(), where);
        assert.equal(plain.pgn({ maxWidth: 0 }).split('\n').length, plain.pgn().split('\n\n')[0].split('\n').length + 2, where);
        assert.equal(plain.pgn({ newline: '\r\n' }), plain.pgn().replaceAll('\n', '\r\n'), where);
        for (const line of plain.pgn({ maxWidth: 40 }).split('\n\n')[1].split('\n')) assert.ok(line.length <= 40 || !line.includes(' '), line);
        plain.free();
        // the CLI reads the game with its null moves and comments
        const san = execFileSync(cli, ['chess', 'pgn', '-', '--san'], { input: pgn, encoding: 'utf8' }).trim();
        assert.equal(san, g.history().join(' '), where);
        assert.equal((pgn.match(/\{/g) ?? []).length, comments.length, where);
        const back = new Chess();
        back.loadPgn(pgn);
        assert.deepEqual(back.history(), g.history(), where);
        assert.deepEqual(back.getComments(), comments, where);
        back.loadPgn(pgn.replaceAll('\n', '@'), { newlineChar: '@', strict: true });
        assert.deepEqual(back.history(), g.history(), where);
        // undo: the comments of positions no longer in the game are dropped
        const n = g.history().length;
        for (let i = 0; i < Math.min(n, 7); i++) g.undo();
        assert.equal(g.fen(), fens[fens.length - 1 - Math.min(n, 7)], where);
        const kept = new Set(fens.slice(0, fens.length - Math.min(n, 7)));
        assert.deepEqual(g.getComments(), comments.filter((x) => kept.has(x.fen)), where);
        if (g.getComment() !== undefined) assert.equal(g.removeComment(), comments.find((x) => x.fen === g.fen()).comment);
        assert.equal(g.getComment(), undefined);
        g.removeComments();
        assert.deepEqual(g.getComments(), []);
        g.free();
        games++;
    }
    const g = new Chess('4k3/8/8/8/8/8/8/4K2r w - - 0 1');
    assert.throws(() => g.setTurn('b'), /null move is not allowed when in check/);
    assert.throws(() => g.move('--'), /null move is not allowed when in check/);
    assert.throws(() => g.setTurn('x'), /color "x" is not 'w' or 'b'/);
    g.load('8/8/8/8/8/8/8/8 w - - 0 1', { skipValidation: true });
    assert.equal(g.fen(), '8/8/8/8/8/8/8/8 w - - 0 1');
    assert.deepEqual(g.moves(), []);
    g.load('8/8/8/8/8/8/8/k7 b - - 3 9', { skipValidation: true });
    assert.equal(g.fen(), '8/8/8/8/8/8/8/k7 b - - 3 9');
    assert.equal(g.setTurn('w'), true);
    assert.equal(g.fen(), '8/8/8/8/8/8/8/k7 w - - 3 9');
    assert.throws(() => g.load('8/8/8/8/8/8/8/k8 b - - 0 1', { skipValidation: true }), /Invalid FEN/);
    assert.throws(() => g.load('8/8/8 w - - 0 1', { skipValidation: true }), /Invalid FEN/);
    g.setHeader('White', 'A');
    g.load(chess.DEFAULT_POSITION, { preserveHeaders: true });
    assert.deepEqual(g.getHeaders(), { ...chess.SEVEN_TAG_ROSTER, White: 'A' });
    g.clear({ preserveHeaders: true });
    assert.deepEqual(g.getHeaders(), { ...chess.SEVEN_TAG_ROSTER, White: 'A' });
    g.clear();
    assert.deepEqual(g.getHeaders(), { ...chess.SEVEN_TAG_ROSTER });
    assert.deepEqual(chess.validateFen(chess.DEFAULT_POSITION), { ok: true });
    assert.match(chess.validateFen('8/8/8/8/8/8/8/8 w - - 0 1').error, /white has no king/);
    assert.equal(chess.SEVEN_TAG_ROSTER.Date, '????.??.??');
    g.reset();
    assert.throws(() => g.attackers('z9'), RangeError);
    assert.throws(() => g.attackers('e4', 'white'), /attackedBy "white"/);
    assert.throws(() => g.isAttacked('e4'), TypeError);
    assert.throws(() => g.findPiece({ type: 'x', color: 'w' }), /piece type "x"/);
    assert.throws(() => g.findPiece('n'), TypeError);
    assert.throws(() => g.squareColor('i1'), RangeError);
    assert.throws(() => g.setCastlingRights('w', { x: true }), /only k and q/);
    assert.throws(() => g.setCastlingRights('w', { k: 1 }), TypeError);
    assert.throws(() => g.pgn({ maxWidth: -1 }), /maxWidth -1/);
    assert.throws(() => g.pgn({ newline: 1 }), TypeError);
    assert.throws(() => g.setComment(3), TypeError);
    assert.throws(() => g.loadPgn('1. e4 *', { newlineChar: '' }), TypeError);
    assert.throws(() => g.loadPgn('1. e4 *', { strict: 'yes' }), TypeError);
    g.loadPgn('{a\n  long   comment} 1. e4 {one} {two} e5 (1... c5 {in a variation}) 2. Nf3 *');
    assert.deepEqual(g.getComments().map((x) => x.comment), ['a long comment', 'one two']);
    g.free();
});

test('errors: bad FEN with the C library\'s reason, illegal moves, wrong arguments', () => {
    for (const fen of ['xx', '8/8/8/8/8/8/8/8 w - - 0 1', 'P3k3/8/8/8/8/8/8/4K3 w - - 0 1', '4k3/8/8/8/8/8/8/4K3 w K - 0 1',
        'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1']) {
        const res = spawnSync(cli, ['chess', 'show', fen], { encoding: 'utf8' });
        assert.notEqual(res.status, 0, fen);
        const why = res.stderr.trim().replace(/^bitboard: error: argument 2: /, '');
        assert.throws(() => new Chess(fen), (e) => e instanceof Error && e.message === `Invalid FEN: ${why}`, fen);
        const g = new Chess();
        g.move('e4');
        assert.throws(() => g.load(fen), (e) => e.message === `Invalid FEN: ${why}`, fen);
        assert.equal(g.history().length, 1, 'a failed load leaves the game as it was');
        g.free();
    }
    const g = new Chess();
    for (const m of ['e5', 'Ke2', 'Nf6', 'O-O', 'e2e5', 'zz', '', 'e4e5']) {
        assert.throws(() => g.move(m), (e) => e instanceof Error && e.message.startsWith('Invalid move: ') && e.message.length > 15, m);
    }
    assert.throws(() => g.move({ from: 'e2', to: 'e5' }), /^Error: Invalid move: \{"from":"e2","to":"e5"\}/);
    // what chess.js reads besides strict SAN
    for (const [text, san, fen] of [['Nf3+', 'Nf3'], ['e2-e4', 'e4'], ['Ng1f3', 'Nf3'], ['Nf3!?', 'Nf3'],
        ['0-0', 'O-O', 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'], ['0-0-0+', 'O-O-O', 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1']]) {
        const h = new Chess(fen);
        assert.equal(h.move(text).san, san, text);
        h.free();
    }
    assert.equal(g.fen(), chess.DEFAULT_POSITION);
    assert.throws(() => g.move(42), TypeError);
    assert.throws(() => g.move(undefined), TypeError);
    assert.throws(() => g.move({ from: 'e2', to: 'e9' }), RangeError);
    assert.throws(() => g.move({ from: 'e7', to: 'e8', promotion: 'k' }), RangeError);
    assert.throws(() => new Chess(7), TypeError);
    assert.throws(() => g.load(null), TypeError);
    assert.throws(() => g.get('i9'), RangeError);
    assert.throws(() => g.get(4), TypeError);
    assert.throws(() => g.moves({ square: 'z1' }), RangeError);
    assert.throws(() => g.moves('verbose'), TypeError);
    assert.throws(() => g.put({ type: 'x', color: 'w' }, 'e4'), RangeError);
    assert.throws(() => g.put({ type: 'p', color: 'white' }, 'e4'), RangeError);
    assert.throws(() => g.put('p', 'e4'), TypeError);
    assert.throws(() => g.perft(-1), RangeError);
    assert.throws(() => g.perft(1.5), TypeError);
    assert.throws(() => g.history(3), TypeError);
    g.free();
    g.free();
    assert.throws(() => g.fen(), /freed/);
});

test('PGN: random games written, read by the CLI and read back', () => {
    const r = rng(SEED + 3n);
    for (const [gi, start] of starts(r).entries()) {
        const g = new Chess(start);
        for (let i = 0, n = r.int(80); i < n; i++) {
            const ms = g.moves();
            if (ms.length === 0) break;
            g.move(ms[r.int(ms.length)]);
        }
        g.setHeader('White', `player ${gi}`);
        const pgn = g.pgn(), where = `seed ${SEED + 3n}, game ${gi}: ${pgn}`;
        assert.match(pgn, /^\[Event "\?"\]\n\[Site "\?"\]\n\[Date "\?\?\?\?\.\?\?\.\?\?"\]\n\[Round "\?"\]\n\[White "player \d"\]/, where);
        const fen = execFileSync(cli, ['chess', 'pgn', '-', '--fen', '--final'], { input: pgn, encoding: 'utf8' }).trim();
        assert.equal(fen, g.fen(), where);
        const san = execFileSync(cli, ['chess', 'pgn', '-', '--san'], { input: pgn, encoding: 'utf8' }).trim();
        assert.equal(san, g.history().join(' '), where);
        const back = new Chess();
        back.loadPgn(pgn);
        assert.equal(back.fen(), g.fen(), where);
        assert.deepEqual(back.history({ verbose: true }), g.history({ verbose: true }), where);
        assert.equal(back.getHeaders().White, `player ${gi}`, where);
        assert.equal(back.pgn(), pgn, where);
        back.free();
        g.free();
    }
    const g = new Chess();
    g.move('d4');
    assert.throws(() => g.loadPgn('1. e4 e4 *'), /^Error: Invalid PGN: line 1, column 7: no black pawn can move to e4/);
    assert.throws(() => g.loadPgn('% no game'), /^Error: Invalid PGN: no game/);
    assert.throws(() => g.loadPgn(3), TypeError);
    assert.deepEqual(g.history(), ['d4'], 'a failed loadPgn leaves the game as it was');
    for (const m of ['f6', 'e4', 'g5']) g.move(m);
    g.move('Qh5#');
    assert.match(g.pgn(), /\[Result "\*"\]\n\n1\. d4 f6 2\. e4 g5 3\. Qh5# \*$/);
    assert.deepEqual(g.setHeader('Event', 'E'), { ...chess.SEVEN_TAG_ROSTER, Event: 'E' });
    assert.equal(g.removeHeader('Event'), true);
    assert.equal(g.removeHeader('Event'), true); // as chess.js: a Seven Tag Roster tag goes back to its default
    assert.equal(g.getHeaders().Event, '?');
    assert.equal(g.removeHeader('Annotator'), false);
    assert.throws(() => g.setHeader('a b', 'x'), RangeError);
    assert.throws(() => g.setHeader('Event', 'x\ny'), RangeError);
    assert.throws(() => g.setHeader('Event', 1), TypeError);
    g.free();
});

test('the heap does not grow over many games', () => {
    const r = rng(SEED + 2n);
    const play = () => {
        const g = new Chess(r.int(2) ? chess.DEFAULT_POSITION : chess960(r));
        for (let i = 0; i < 60; i++) {
            const ms = i % 10 ? g.moves() : g.moves({ verbose: true }).map((m) => m.san);
            if (ms.length === 0) break;
            g.move(ms[r.int(ms.length)]);
            try { g.move('Ke9'); } catch { /* refused */ }
        }
        g.history({ verbose: true });
        g.isGameOver();
        g.perft(1);
        g.setComment('a {comment}');
        if (!g.inCheck() && !g.isGameOver()) g.setTurn(g.turn() === 'w' ? 'b' : 'w');
        g.hash();
        g.attackers('e4');
        g.pgn({ maxWidth: 0 });
        g.loadPgn(g.pgn());
        try { g.loadPgn('1. e4 e4'); } catch { /* refused */ }
        while (g.undo());
        try { g.load('bad'); } catch { /* refused */ }
        g.free();
    };
    for (let i = 0; i < 20; i++) play();
    const before = core.heapBytes();
    for (let i = 0; i < 150; i++) play();
    assert.equal(core.heapBytes(), before, `seed ${SEED + 2n}`);
    // the calls a move list makes, 400,000 of them
    const g = new Chess(), fens = [];
    for (let i = 0; i < 50; i++) {
        const ms = g.moves();
        if (ms.length === 0) break;
        g.move(ms[r.int(ms.length)]);
        fens.push(g.fen());
    }
    for (let i = 0; i < 100_000; i++) {
        g.load(fens[i % fens.length]);
        g.moves();
        g.hash();
        chess.validateFen(fens[i % fens.length]);
    }
    assert.equal(core.heapBytes(), before, `seed ${SEED + 2n}: 400,000 calls`);
    g.free();
});

test('the typings declare every export and every method, and nothing else', () => {
    const dts = readFileSync(path.join(pkg, 'chess.d.ts'), 'utf8');
    const exported = [...dts.matchAll(/^export (?:const|class|function) (\w+)/gm)].map((m) => m[1]);
    assert.deepEqual(exported.sort(), Object.keys(chess).sort());
    const body = dts.slice(dts.indexOf('export class Chess'));
    const declared = new Set([...body.matchAll(/^ {4}(\w+)\(/gm)].map((m) => m[1]).filter((n) => n !== 'constructor'));
    const methods = Object.getOwnPropertyNames(Chess.prototype).filter((n) => n !== 'constructor');
    assert.deepEqual([...declared].sort(), methods.sort());
    assert.match(body, /^ {4}constructor\(/m);
});
