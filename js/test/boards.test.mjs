// The package's board functions against the CLI (BB_CLI, the C library
// built natively) on seeded random boards, exhaustive checks where the space
// is small, every error, and the heap across a million calls.
// BB_JS names the staged package (make js-test sets both); BB_JS_SEED
// replays another seed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';

const pkg = process.env.BB_JS ?? 'build/js/bitboard';
const cli = process.env.BB_CLI ?? 'build/bitboard';
const bb = await import(path.resolve(pkg, 'bitboard.js'));
const SEED = BigInt(process.env.BB_JS_SEED ?? '0x5eed0b0a4d');

// splitmix64, as tests/harness.h draws boards: dense, sparse, very dense
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
    const boardOf = () => {
        const k = next() & 3n;
        if (k === 0n) return next() & next() & next();
        if (k === 1n) return next() | next() | next();
        return next();
    };
    return { next, board: boardOf, int: (n) => Number(next() % BigInt(n)) };
}

const hex = (x) => '0x' + x.toString(16).padStart(16, '0');
const run = (args, input) => execFileSync(cli, args, { input, encoding: 'utf8' });
const boards = (r, n) => Array.from({ length: n }, () => r.board()).concat([0n, (1n << 64n) - 1n, 1n, 1n << 63n]);

test('transform and transformAll: the CLI on random boards', () => {
    const r = rng(SEED), xs = boards(r, 400);
    const lines = run(['-o', 'hex', 'transform', 'all', '-'], xs.map(hex).join('\n') + '\n').trim().split('\n');
    assert.equal(lines.length, 8 * xs.length);
    xs.forEach((x, i) => {
        const all = bb.transformAll(x);
        bb.SYMMETRIES.forEach((name, s) => {
            const want = `${name} ${hex(all[s])}`;
            assert.equal(lines[8 * i + s], want, `seed ${SEED}: board ${hex(x)}`);
            assert.equal(bb.transform(x, name), all[s]);
            assert.equal(bb.transform(x, s), all[s]);
        });
    });
});

test('canonical: the CLI on random boards, and the least image', () => {
    const r = rng(SEED + 1n), xs = boards(r, 400);
    const lines = run(['-o', 'hex', 'canonical', '-'], xs.map(hex).join('\n') + '\n').trim().split('\n');
    xs.forEach((x, i) => {
        const { board, symmetry } = bb.canonical(x);
        assert.equal(`${hex(board)} ${symmetry}`, lines[i], `seed ${SEED}: board ${hex(x)}`);
        const least = bb.transformAll(x).reduce((a, b) => (b < a ? b : a));
        assert.equal(board, least);
        assert.equal(bb.transform(x, symmetry), board);
    });
});

test('canonicalPair: the CLI on random pairs', () => {
    const r = rng(SEED + 2n);
    for (let i = 0; i < 25; i++) {
        const p = r.board(), o = r.board() & ~p;
        const got = bb.canonicalPair(p, o);
        assert.equal(run(['-o', 'hex', 'canonical', hex(p), hex(o)]).trim(), `${hex(got.p)} ${hex(got.o)} ${got.symmetry}`,
            `seed ${SEED}: pair ${hex(p)} ${hex(o)}`);
        assert.equal(bb.transform(p, got.symmetry), got.p);
        assert.equal(bb.transform(o, got.symmetry), got.o);
    }
});

test('symmetries: squares, composition and inverses, exhaustively', () => {
    for (let s = 0; s < 8; s++) {
        for (let sq = 0; sq < 64; sq++) {
            assert.equal(1n << BigInt(bb.transformSquare(sq, s)), bb.transform(1n << BigInt(sq), s));
        }
        assert.equal(bb.transform(bb.transform(0x123456789abcdefn, s), bb.inverseSymmetry(s)), 0x123456789abcdefn);
        for (let t = 0; t < 8; t++) {
            const both = bb.composeSymmetries(s, t);
            assert.equal(bb.transform(0x8040c0e0f0f8fcfen, both), bb.transform(bb.transform(0x8040c0e0f0f8fcfen, s), t));
        }
    }
});

test('attacks: the CLI for every piece on random squares and occupancies', () => {
    const r = rng(SEED + 3n);
    for (const piece of bb.PIECES) {
        for (let k = 0; k < 4; k++) {
            const sq = r.int(64), occ = boards(r, 40);
            const color = piece === 'pawn' && k % 2 ? 'black' : 'white';
            const extra = piece === 'pawn' ? ['--color', color] : [];
            const lines = run(['-o', 'hex', 'attacks', piece, bb.squareName(sq), '-', ...extra], occ.map(hex).join('\n') + '\n')
                .trim().split('\n');
            occ.forEach((o, i) => assert.equal(hex(bb.attacks(piece, sq, o, { color })), lines[i],
                `seed ${SEED}: ${piece} ${bb.squareName(sq)} occupancy ${hex(o)}`));
        }
    }
});

// Every method of the module (its tables as the WebAssembly build lays them
// out) against the naive ray walk: on every subset of every square's bishop
// mask and of the rook masks of the corners, the centre and an edge, and on
// random occupancies of every square (with bits outside the masks, which the
// tables must ignore).
test('attacks: every method against the naive walk, every subset of the masks', () => {
    const r = rng(SEED + 9n);
    const methods = bb.ATTACK_METHODS.filter((m) => m !== 'naive' && m !== 'pext');
    const subsets = (mask) => {
        const out = [];
        let sub = 0n;
        do {
            out.push(sub);
            sub = (sub - mask) & mask;
        } while (sub !== 0n);
        return out;
    };
    let checked = 0;
    const same = (piece, sq, occ) => {
        const want = bb.attacks(piece, sq, occ, { method: 'naive' });
        for (const method of methods) {
            const got = bb.attacks(piece, sq, occ, { method });
            if (got !== want) assert.fail(`${method} ${piece} on ${bb.squareName(sq)}, occupancy ${hex(occ)}: ${hex(got)}, naive ${hex(want)}`);
        }
        checked++;
    };
    const inner = (x) => x & 0x007e7e7e7e7e7e00n; // a bishop's mask: its attacks on an empty board, edges off
    for (let sq = 0; sq < 64; sq++) {
        for (const occ of subsets(inner(bb.attacks('bishop', sq)))) same('bishop', sq, occ);
        for (let k = 0; k < 24; k++) {
            const occ = boards(r, 1)[0] & boards(r, 1)[0];
            same('rook', sq, occ);
            same('queen', sq, occ);
        }
    }
    const rookMask = (sq) => {
        const f = sq & 7, k = sq >> 3;
        let m = 0n;
        for (let i = 1; i < 7; i++) {
            if (i !== f) m |= 1n << BigInt(k * 8 + i);
            if (i !== k) m |= 1n << BigInt(i * 8 + f);
        }
        return m;
    };
    for (const sq of [0, 7, 27, 36, 56, 63, 32]) for (const occ of subsets(rookMask(sq))) same('rook', sq, occ);
    assert.ok(checked > 5248 + 4 * 4096, `${checked} positions`);
    assert.throws(() => bb.attacks('rook', 'e4', 0n, { method: 'pext' }), { message: /'pext' is not in the WebAssembly build/ });
    assert.throws(() => bb.attacks('knight', 'e4', 0n, { method: 'magic' }), { message: /not a knight/ });
    assert.throws(() => bb.attacks('rook', 'e4', 0n, { method: 'fast' }), { message: /method "fast" is not one of naive/ });
});

test('lines: extract against the CLI, deposit its inverse on every square, line and byte', () => {
    const r = rng(SEED + 4n);
    for (let i = 0; i < 16; i++) {
        const x = r.board(), sq = r.int(64), line = bb.LINES[r.int(4)];
        const json = JSON.parse(run(['-o', 'json', 'line', hex(x), bb.squareName(sq), line]));
        assert.equal(bb.lineExtract(x, sq, line), Number(json.bits), `seed ${SEED}: ${hex(x)} ${sq} ${line}`);
        assert.equal(hex(bb.lineMask(sq, line)), json.mask.hex);
    }
    for (let sq = 0; sq < 64; sq++) {
        for (const line of bb.LINES) {
            const mask = bb.lineMask(sq, line);
            // bit i: the line's square on file i (on rank i for a file); the
            // files a diagonal does not reach read as 0
            let reach = 0;
            for (let s = 0; s < 64; s++) if ((mask >> BigInt(s)) & 1n) reach |= 1 << (line === 'file' ? s >> 3 : s & 7);
            for (let bits = 0; bits < 256; bits++) {
                const d = bb.lineDeposit(bits, sq, line);
                assert.equal(d & ~mask, 0n);
                assert.equal(bb.lineExtract(d, sq, line), bits & reach, `${sq} ${line} ${bits}`);
            }
        }
    }
    assert.equal(hex(bb.lineDeposit(5, 'd4', 'diagonal')), run(['-o', 'hex', 'deposit', '5', 'd4', 'diagonal']).trim());
});

test('squares and board text: exhaustive names, every format against the CLI', () => {
    for (let sq = 0; sq < 64; sq++) {
        const name = bb.squareName(sq);
        assert.equal(bb.parseSquare(name), sq);
        assert.equal(bb.parseSquare(name.toUpperCase()), sq);
    }
    const r = rng(SEED + 5n);
    for (const x of boards(r, 6)) {
        for (const format of ['hex', 'diagram', 'squares', 'json']) {
            for (const othello of [false, true]) {
                const text = bb.formatBoard(x, format, { othello });
                const args = ['-o', format, ...(othello ? ['--othello'] : []), 'show', hex(x)];
                assert.equal(text.trimEnd(), run(args).trimEnd(), `${hex(x)} ${format} othello=${othello}`);
                assert.equal(bb.parseBoard(text, { othello }), x);
            }
        }
    }
    assert.equal(bb.parseBoard('e4,d5'), (1n << 28n) | (1n << 35n));
});

test('errors: bad arguments throw, naming what; bad text gives the C message', () => {
    assert.throws(() => bb.transform(5, 'identity'), { name: 'TypeError', message: /board must be a BigInt/ });
    assert.throws(() => bb.transform(-1n, 'identity'), { name: 'RangeError', message: /not in 0\.\.2\^64-1/ });
    assert.throws(() => bb.transform(1n << 64n, 0), RangeError);
    assert.throws(() => bb.transform(1n, 'spin'), { message: /symmetry "spin" is not one of identity/ });
    assert.throws(() => bb.transform(1n, 8), RangeError);
    assert.throws(() => bb.attacks('rook', 'i9'), { message: /square 'i9' is not a square name/ });
    assert.throws(() => bb.attacks('rook', 64), RangeError);
    assert.throws(() => bb.attacks('wizard', 0), { message: /piece "wizard"/ });
    assert.throws(() => bb.attacks('pawn', 0, 0n, { color: 'green' }), { message: /color "green"/ });
    assert.throws(() => bb.lineDeposit(256, 0, 'rank'), { message: /bits 256 is not in 0\.\.255/ });
    assert.throws(() => bb.lineExtract(0n, 0, 'row'), { message: /line "row"/ });
    assert.throws(() => bb.formatBoard(0n, 'xml'), { message: /format "xml"/ });
    assert.throws(() => bb.parseBoard(7), TypeError);
    assert.throws(() => bb.parseSquare(7), TypeError);
    for (const text of ['e9', '0x1g', '', 'e4,,d5', '99999999999999999999']) {
        const res = spawnSync(cli, ['show', text], { encoding: 'utf8' });
        assert.equal(res.status, 2);
        let message = null;
        try {
            bb.parseBoard(text);
        } catch (e) {
            message = e.message;
        }
        assert.ok(message && message.startsWith('bitboard: '), `'${text}' was accepted`);
        // the CLI prints the same message from the same C function
        assert.ok(res.stderr.includes(message.slice('bitboard: '.length)), `'${text}': ${message} / ${res.stderr}`);
    }
});

test('the heap does not grow over a million calls', () => {
    const before = bb.memoryBytes();
    let acc = 0n;
    for (let i = 0; i < 1_000_000; i++) {
        const x = BigInt(i) * 0x9e3779b97f4a7c15n & 0xffffffffffffffffn;
        switch (i % 8) {
        case 0: acc ^= bb.transform(x, i & 7); break;
        case 1: acc ^= bb.canonical(x).board; break;
        case 2: acc ^= bb.canonicalPair(x, ~x & 0xffffffffffffffffn).p; break;
        case 3: acc ^= bb.attacks('queen', i & 63, x); break;
        case 4: acc ^= BigInt(bb.lineExtract(x, i & 63, i & 3)); break;
        case 5: acc ^= bb.parseBoard(bb.squareName(i & 63)); break;
        case 6: acc ^= BigInt(bb.formatBoard(x, 'squares').length) ^ bb.canonicalArray(new BigUint64Array([x, acc])).boards[0]; break;
        default:
            try { bb.parseBoard('z9'); } catch { acc ^= 1n; }
        }
    }
    assert.notEqual(acc, 0n);
    assert.equal(bb.memoryBytes(), before, 'the WebAssembly memory grew');
});

test('rotate45: the CLI on random boards, and each undone by its inverse', () => {
    const r = rng(SEED + 6n), xs = boards(r, 200);
    for (const which of bb.ROTATIONS45) {
        const lines = run(['-o', 'hex', 'rotate45', which, '-'], xs.map(hex).join('\n') + '\n').trim().split('\n');
        xs.forEach((x, i) => assert.equal(hex(bb.rotate45(x, which)), lines[i], `seed ${SEED}: ${which} ${hex(x)}`));
    }
    for (const x of xs) {
        assert.equal(bb.rotate45(bb.rotate45(x, 'cw'), 'uncw'), x);
        assert.equal(bb.rotate45(bb.rotate45(x, 'ccw'), 'unccw'), x);
    }
});

test('arrays: every board as the one-board function gives it, across chunk edges', () => {
    const r = rng(SEED + 7n);
    for (const n of [0, 1, 7, 65536, 65536 + 3, 140001]) {
        const a = new BigUint64Array(n);
        for (let i = 0; i < n; i++) a[i] = r.board();
        const copy = a.slice();
        const o = a.map((x) => ~x & ((1n << 64n) - 1n) & r.next());
        const step = n > 1000 ? 97 : 1; // the one-board calls on a sample of the big ones
        for (const s of [0, 3, 'flip_diagonal']) {
            const t = bb.transformArray(a, s);
            assert.equal(t.length, n);
            for (let i = 0; i < n; i += step) assert.equal(t[i], bb.transform(a[i], s), `n ${n} i ${i}`);
        }
        for (const w of bb.ROTATIONS45) {
            const t = bb.rotate45Array(a, w);
            for (let i = 0; i < n; i += step) assert.equal(t[i], bb.rotate45(a[i], w), `n ${n} i ${i} ${w}`);
        }
        const cc = bb.canonicalArray(a);
        for (let i = 0; i < n; i += step) {
            const one = bb.canonical(a[i]);
            assert.equal(cc.boards[i], one.board);
            assert.equal(bb.SYMMETRIES[cc.symmetries[i]], one.symmetry);
        }
        const cp = bb.canonicalPairArray(a, o);
        for (let i = 0; i < n; i += step) {
            const one = bb.canonicalPair(a[i], o[i]);
            assert.deepEqual([cp.p[i], cp.o[i], bb.SYMMETRIES[cp.symmetries[i]]], [one.p, one.o, one.symmetry]);
        }
        assert.deepEqual(a, copy, 'the input is untouched');
    }
    assert.throws(() => bb.transformArray([1n, 2n], 0), { name: 'TypeError', message: /must be a BigUint64Array, not an Array/ });
    assert.throws(() => bb.canonicalArray(new Uint32Array(2)), { name: 'TypeError', message: /not Uint32Array/ });
    assert.throws(() => bb.canonicalPairArray(new BigUint64Array(2), new BigUint64Array(3)), { name: 'RangeError', message: /pair up/ });
    assert.throws(() => bb.rotate45Array(new BigUint64Array(1), 'sideways'), { message: /rotation "sideways"/ });
});
