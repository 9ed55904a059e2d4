// The package's PGN reader, EPD and Polyglot books (pgn.js) against the CLI
// (BB_CLI) on seeded random data: games of tools/gen_pgn with illegal moves,
// bad tags and UTF-8 text put in, read whole, in chunks split at random
// points, and from Node streams; EPD records of random positions; a book made
// from random games; every error; the heap over many games.
// BB_JS names the staged package (make js-test sets both); BB_JS_SEED
// replays another seed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync, createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import os from 'node:os';
import path from 'node:path';

const pkg = path.resolve(process.env.BB_JS ?? 'build/js/bitboard');
const cli = process.env.BB_CLI ?? 'build/bitboard';
const pg = await import(path.join(pkg, 'pgn.js'));
const { Chess } = await import(path.join(pkg, 'chess.js'));
const { heapBytes } = await import(path.join(pkg, 'core.js'));
const { readPgn, toChess, parseEpd, writeEpd, openBook, PgnError } = pg;
const SEED = Number(BigInt.asUintN(32, BigInt(process.env.BB_JS_SEED ?? '0x9a7e5')));
const GEN = path.join(path.dirname(path.resolve(cli)), 'tools', 'gen_pgn');

// xorshift32
function rng(seed) {
    let x = seed >>> 0 || 0x9e3779b9;
    const next = () => {
        x ^= x << 13, x >>>= 0;
        x ^= x >>> 17;
        x ^= x << 5, x >>>= 0;
        return x;
    };
    return { int: (n) => next() % n, big: () => (BigInt(next()) << 32n) | BigInt(next()) };
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'bitboard-pgn-'));
process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));
let files = 0;
const file = (text) => {
    const f = path.join(tmp, `f${files++}`);
    writeFileSync(f, text);
    return f;
};

// N games of gen_pgn (or of a tiny stand-in if the tool is not built), then
// faults put in by r: illegal moves, a bad FEN tag, a tag without its
// quote, a game without result, UTF-8 names and comments, a Chess960 game.
function games(n, seed) {
    const text = existsSync(GEN)
        ? execFileSync(GEN, ['--games', String(n), '--seed', String(seed)], { encoding: 'utf8' })
        : '[Event "x"]\n[White "a"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n'.repeat(n);
    return text;
}

function damage(text, r) {
    const parts = text.split(/\n\n(?=\[)/);
    const out = parts.map((g, i) => {
        switch (r.int(12)) {
        case 0: { // an illegal move somewhere in the movetext
            const at = g.lastIndexOf(']\n\n') + 3 + r.int(Math.max(1, g.length - g.lastIndexOf(']\n\n') - 3));
            const sp = g.indexOf(' ', at);
            return sp < 0 ? g : `${g.slice(0, sp)} Qh9 ${g.slice(sp + 1)}`;
        }
        case 1:
            return g.replace(/\[Round "[^"]*"\]/, '[FEN "8/8/8 w - -"]');
        case 2:
            return g.replace(/\[Site "([^"]*)"\]/, '[Site "$1]');
        case 3:
            return g.replace(/ (1-0|0-1|1\/2-1\/2|\*)\s*$/, '\n');
        case 4:
            return g.replace(/\[White "[^"]*"\]/, '[White "Ünal, Ögün €𝄞 ß"]').replace(/\{ ([^}]*) \}/, '{ ça va — 𝄞 $1 }');
        case 5:
            return `[Event "960 ${i}"]\n[Variant "Chess960"]\n[FEN "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1"]\n\n1. g3 g6 2. Ng2 Ng7 3. O-O O-O 4. f4 *`;
        case 6:
            return g.replace(/\]\n\n1\./, ']\n\n{ a comment with [brackets] and ; } 1.');
        default:
            return g;
        }
    });
    return out.join('\n\n') + '\n';
}

// the games as plain data (errors as their messages)
const plain = (list) => list.map((g) => ({ ...g, error: g.error && g.error.message, warning: g.warning && g.warning.message }));

// What the CLI reads in text: per game its start FEN, the FENs after each
// move, SAN, UCI, two tags; the errors and warnings by game.
function cliGames(text) {
    const f = file(text);
    const run = (...args) => spawnSync(cli, ['chess', 'pgn', f, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
    const byNumber = (out) => {
        const m = new Map();
        for (const line of out.split('\n')) {
            if (!line) continue;
            const tab = line.indexOf('\t');
            const k = line.slice(0, tab);
            if (!m.has(k)) m.set(k, []);
            m.get(k).push(line.slice(tab + 1));
        }
        return m;
    };
    const fens = run('--fen', '--label', 'number');
    const san = byNumber(run('--san', '--label', 'number').stdout);
    const uci = byNumber(run('--uci', '--label', 'number').stdout);
    const white = run('--san', '--label', 'White').stdout.split('\n');
    const event = run('--san', '--label', 'Event').stdout.split('\n');
    const fenBy = byNumber(fens.stdout);
    const notes = fens.stderr.split('\n').filter(Boolean).map((l) => l.replace(`bitboard: error: ${f}: `, 'E ').replace(`bitboard: warning: ${f}: `, 'W '));
    const list = [];
    for (let n = 1; san.has(String(n)); n++) {
        const k = String(n), fl = fenBy.get(k) ?? [];
        const tag = (line) => line.slice(0, line.indexOf('\t'));
        list.push({
            number: n,
            fen: fl[0] ?? null,
            fens: fl.slice(1),
            moves: san.get(k)[0] ? san.get(k)[0].split(' ') : [],
            uci: uci.get(k)[0] ? uci.get(k)[0].split(' ') : [],
            white: tag(white[n - 1]),
            event: tag(event[n - 1]),
        });
    }
    return { list, notes };
}

function compare(mine, theirs) {
    assert.equal(mine.length, theirs.list.length, 'the number of games');
    const notes = [];
    mine.forEach((g, i) => {
        const t = theirs.list[i];
        assert.equal(g.number, t.number);
        assert.equal(g.fen, t.fen, `game ${g.number}: start`);
        assert.deepEqual(g.moves, t.moves, `game ${g.number}: SAN`);
        assert.deepEqual(g.uci, t.uci, `game ${g.number}: UCI`);
        assert.deepEqual(g.fens, t.fens, `game ${g.number}: FENs`);
        assert.equal(g.finalFen, t.fens.length ? t.fens.at(-1) : t.fen, `game ${g.number}: final FEN`);
        assert.equal(g.headers.White ?? '?', t.white, `game ${g.number}: White`);
        assert.equal(g.headers.Event ?? '?', t.event, `game ${g.number}: Event`);
        if (g.error) notes.push(g.error.message.replace('bitboard: ', 'E '));
        if (g.warning) notes.push(g.warning.message.replace('bitboard: ', 'W '));
        if (!g.error && g.result && g.headers.Result && g.result !== g.headers.Result) assert.ok(g.warning, `game ${g.number}: a contradicting Result tag warns`);
    });
    assert.deepEqual(notes, theirs.notes);
}

test('games read as the CLI reads them: moves, FENs, tags, errors and warnings with line and column', () => {
    const r = rng(SEED);
    for (let round = 0; round < 3; round++) {
        const text = damage(games(150, SEED + round), r);
        const mine = [...readPgn(text, { uci: true, fens: true })];
        compare(mine, cliGames(text));
        assert.ok(mine.some((g) => g.error) && mine.some((g) => !g.error), 'good and bad games both');
        // the reader goes on after a bad game: every game is there
        assert.equal(mine.length, text.split(/\n\n(?=\[)/).length);
    }
});

test('chunks split anywhere (inside tags, moves, comments, UTF-8 characters) give the same games', async () => {
    const r = rng(SEED ^ 0x5151);
    const text = damage(games(120, SEED + 7), r);
    const bytes = new TextEncoder().encode(text);
    const whole = plain([...readPgn(text, { uci: true, fens: true })]);
    assert.deepEqual(plain([...readPgn(bytes, { uci: true, fens: true })]), whole);
    for (let round = 0; round < 12; round++) {
        const cuts = [0];
        // few large, or many small pieces (down to single bytes)
        const step = round % 3 === 0 ? 3 : round % 3 === 1 ? 700 : 40000;
        while (cuts.at(-1) < bytes.length) cuts.push(Math.min(bytes.length, cuts.at(-1) + 1 + r.int(step)));
        const chunks = cuts.slice(1).map((end, i) => bytes.subarray(cuts[i], end));
        assert.deepEqual(plain([...readPgn(chunks, { uci: true, fens: true })]), whole, `round ${round}`);
        // the same pieces arriving asynchronously
        const got = [];
        for await (const g of readPgn(Readable.from(chunks), { uci: true, fens: true })) got.push(g);
        assert.deepEqual(plain(got), whole, `round ${round}, a Readable`);
    }
    // a UTF-8 character cut in two, in a tag and in a comment; a string chunk too
    const utf = '[Event "x"]\n[White "€𝄞"]\n\n1. e4 { é𝄞 } e5 1-0\n\n[Event "y"]\n\n1. d4 0-1\n';
    const u = new TextEncoder().encode(utf);
    const want = plain([...readPgn(utf)]);
    assert.equal(want[0].headers.White, '€𝄞');
    for (let i = 1; i < u.length; i++) assert.deepEqual(plain([...readPgn([u.subarray(0, i), u.subarray(i)])]), want, `cut at ${i}`);
    assert.deepEqual(plain([...readPgn([utf.slice(0, 20), utf.slice(20)])]), want);
});

test('a Node file stream, bytes and strings, read with for await', async () => {
    const text = damage(games(200, SEED + 11), rng(SEED + 11));
    const f = file(text);
    const whole = plain([...readPgn(text)]);
    const got = [];
    for await (const g of readPgn(createReadStream(f, { highWaterMark: 4096 }))) got.push(g);
    assert.deepEqual(plain(got), whole);
    const got2 = [];
    for await (const g of readPgn(createReadStream(f, { highWaterMark: 1000, encoding: 'utf8' }))) got2.push(g);
    assert.deepEqual(plain(got2), whole);
    // a web ReadableStream
    if (typeof ReadableStream === 'function') {
        const bytes = new TextEncoder().encode(text);
        const stream = new ReadableStream({
            start(ctl) {
                for (let i = 0; i < bytes.length; i += 5000) ctl.enqueue(bytes.slice(i, i + 5000));
                ctl.close();
            },
        });
        const got3 = [];
        for await (const g of readPgn(stream)) got3.push(g);
        assert.deepEqual(plain(got3), whole);
    }
});

test('toChess: a game as a Chess object, its tags too', () => {
    const text = games(30, SEED + 3);
    for (const g of readPgn(text)) {
        const chess = toChess(g);
        assert.equal(chess.fen(), g.finalFen);
        assert.deepEqual(chess.history(), g.moves);
        assert.equal(chess.getHeaders().White, g.headers.White);
        chess.free();
    }
    const [bad] = readPgn('[FEN "x"]\n\n1. e4 *\n');
    assert.equal(bad.fen, null);
    assert.throws(() => toChess(bad), /game 1 has no start position/);
    assert.throws(() => toChess(null), TypeError);
});

test('the reader holds only the unfinished tail: the heap stays the same over many games and a long stream', () => {
    const text = games(300, SEED + 5);
    const bytes = new TextEncoder().encode(text);
    const read = (n) => {
        let count = 0;
        const chunks = function* () {
            for (let i = 0; i < n; i++) for (let k = 0; k < bytes.length; k += 65536) yield bytes.subarray(k, k + 65536);
        };
        for (const g of readPgn(chunks(), { uci: true, fens: true })) count += g.moves.length > 0;
        return count;
    };
    // the heap reaches its size on the same work first: what is measured is
    // growth from a leak, not where the allocator happened to put a buffer
    // while objects of earlier tests waited for the garbage collector
    read(40);
    const before = heapBytes();
    assert.equal(read(40), 40 * 300); // 12,000 games, about 40 times the text
    for (let i = 0; i < 200; i++) [...readPgn('[Event "x"]\n\n1. e4 Qh9 *\n\n1. d4 d5 1-0')];
    assert.equal(heapBytes(), before);
    // an abandoned reader frees its memory when broken out of
    for (let i = 0; i < 200; i++) {
        for (const g of readPgn(text)) if (g.number === 3) break;
    }
    assert.equal(heapBytes(), before);
});

test('a game of megabytes in small chunks is read again only as the bytes held double (not with every chunk)', () => {
    const enc = new TextEncoder();
    const mid = enc.encode('y'.repeat(1024));
    function* chunks() {
        yield enc.encode('[Event "long"]\n\n1. e4 { ');
        for (let i = 0; i < 8192; i++) yield mid; // 8 MiB of comment, 1 KiB at a time
        yield enc.encode(' } e5 1-0\n\n[Event "next"]\n\n1. d4 *\n');
    }
    // read again with every chunk, the 8 MiB would be scanned 8192 times:
    // minutes, and the suite's time-out would end it (no timing is asserted)
    assert.deepEqual([...readPgn(chunks())].map((g) => [g.number, g.headers.Event, g.moves.join(' '), g.result]),
        [[1, 'long', 'e4 e5', '1-0'], [2, 'next', 'd4', '*']]);
});

test('readPgn: every bad argument', async () => {
    assert.throws(() => readPgn(42), { name: 'TypeError', message: /source must be a string, a Uint8Array/ });
    assert.throws(() => readPgn(null), TypeError);
    assert.throws(() => readPgn('', { san: true }), { name: 'RangeError', message: /no option 'san'/ });
    assert.throws(() => readPgn('', { uci: 1 }), { name: 'TypeError', message: /option uci must be true or false/ });
    assert.throws(() => readPgn('', 'uci'), TypeError);
    assert.throws(() => [...readPgn(['1. e4 *', 7])], { name: 'TypeError', message: /chunk 1 must be a Uint8Array or a string, not number/ });
    await assert.rejects(async () => {
        for await (const g of readPgn(Readable.from([{}], { objectMode: true }))) void g;
    }, /chunk 0 must be/);
    assert.deepEqual([...readPgn('')], []);
    assert.deepEqual([...readPgn('  \n\n')], []);
    const [g] = readPgn('1. e4 e5');
    assert.equal(g.result, null);
    assert.ok(g.warning instanceof PgnError && g.warning.line === 1 && g.warning.column === 9, g.warning.message);
    assert.equal(g.error, null);
});

// ---- EPD ------------------------------------------------------------------------------

// random positions reached by random games, each with bm/am/pm moves, an id, a comment
function epdLines(r, n) {
    const lines = [];
    for (let i = 0; i < n; i++) {
        const chess = new Chess();
        const plies = r.int(40);
        for (let k = 0; k < plies && !chess.isGameOver(); k++) {
            const ms = chess.moves();
            chess.move(ms[r.int(ms.length)]);
        }
        if (chess.isGameOver()) continue;
        const ms = chess.moves(), uci = chess.moves({ verbose: true }).map((m) => m.lan);
        const pickm = () => (r.int(2) ? ms : uci)[r.int(ms.length)];
        const four = chess.fen().split(' ').slice(0, 4).join(' ');
        let ops = ` bm ${pickm()}${r.int(2) ? ` ${pickm()}` : ''}; id "pos ${i}";`;
        if (r.int(2)) ops += ` am ${pickm()};`;
        if (r.int(3) === 0) ops += ` c0 "a comment; with ; in it"; hmvc ${r.int(50)}; fmvn ${1 + r.int(80)};`;
        if (r.int(3) === 0) ops += ` ce ${r.int(600) - 300}; D1 ${ms.length};`;
        lines.push(four + ops);
        chess.free?.();
    }
    return lines;
}

test('EPD: parseEpd and writeEpd as `bitboard chess epd` reads and writes, SAN and UCI', () => {
    const lines = epdLines(rng(SEED ^ 0xe9d), 60);
    const f = file(lines.join('\n') + '\n');
    const json = execFileSync(cli, ['-o', 'json', 'chess', 'epd', f], { encoding: 'utf8' }).trim().split('\n').map((l) => JSON.parse(l));
    const san = execFileSync(cli, ['chess', 'epd', f, '--san'], { encoding: 'utf8' }).trim().split('\n');
    const uci = execFileSync(cli, ['chess', 'epd', f, '--uci'], { encoding: 'utf8' }).trim().split('\n');
    assert.equal(json.length, lines.length);
    lines.forEach((line, i) => {
        const rec = parseEpd(line), recu = parseEpd(line, { uci: true });
        assert.equal(rec.fen, json[i].fen);
        assert.deepEqual(rec.ops.bm, json[i].bm.san);
        assert.deepEqual(recu.ops.bm, json[i].bm.uci);
        assert.deepEqual(rec.ops.am ?? [], json[i].am.san);
        assert.deepEqual(recu.ops.am ?? [], json[i].am.uci);
        assert.equal(rec.ops.id, json[i].id);
        for (const [op, text] of Object.entries(json[i].operations)) {
            assert.equal(Array.isArray(rec.ops[op]) ? rec.ops[op].join(' ') : rec.ops[op], text, `line ${i + 1}: ${op}`);
        }
        assert.deepEqual(Object.keys(rec.ops), Object.keys(json[i].operations));
        assert.equal(writeEpd(rec), san[i]);
        assert.equal(writeEpd(rec, { uci: true }), uci[i]);
        assert.deepEqual(parseEpd(writeEpd(recu, { uci: true })), rec);
    });
});

test('EPD: every error names the field or operation and the character, as the CLI does', () => {
    const bad = [
        'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - bm e4; id "x";',
        'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR x KQkq - bm e5;',
        '8/8/8/8/8/8/8/8 w - - id "x"',
        'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - bm e5 id "x"',
        'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - hmvc x;',
    ];
    const f = file(bad.join('\n') + '\n');
    const errs = spawnSync(cli, ['chess', 'epd', f], { encoding: 'utf8' }).stderr.trim().split('\n');
    bad.forEach((line, i) => {
        const m = errs[i].match(/^bitboard: error: .*?:(\d+):(\d+): (.*)$/);
        assert.ok(m, errs[i]);
        assert.throws(() => parseEpd(line), (e) => {
            assert.equal(e.position, Number(m[2]), e.message);
            assert.ok(e.message.endsWith(m[3]), `${e.message} / ${m[3]}`);
            assert.ok(e.message.includes(`character ${m[2]}`), e.message);
            return true;
        });
    });
    assert.throws(() => parseEpd(5), { name: 'TypeError', message: /line must be a string/ });
    assert.throws(() => parseEpd('x', { san: true }), RangeError);
    const fen = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
    assert.throws(() => writeEpd({ fen: 'nope', ops: {} }), /writeEpd: record\.fen: .*character/);
    assert.throws(() => writeEpd({ fen, ops: { bm: ['e5'] } }), /record\.ops\.bm: /);
    assert.throws(() => writeEpd({ fen, ops: { bm: {} } }), { name: 'TypeError', message: /record\.ops\.bm must be/ });
    assert.throws(() => writeEpd({ fen, ops: { id: 'has "quotes"' } }), /record\.ops\.id: /);
    assert.throws(() => writeEpd({ fen, ops: [] }), TypeError);
    assert.throws(() => writeEpd(null), TypeError);
    assert.throws(() => writeEpd({ ops: {} }), { name: 'TypeError', message: /record\.fen must be a string/ });
    assert.equal(writeEpd({ fen, ops: { bm: ['e4', 'd2d4'], id: 'start', D1: 20 } }), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4 d4; id "start"; D1 20;');
    assert.equal(writeEpd({ fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3 9' }), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - hmvc 3; fmvn 9;');
});

// ---- Polyglot books --------------------------------------------------------------------

test('books: lookup and pick as `bitboard chess book` gives them, on a book made from random games', () => {
    const r = rng(SEED ^ 0xb00c);
    const lines = [], positions = [];
    for (const g of readPgn(games(60, SEED + 21), { uci: true, fens: true })) {
        let fen = g.fen;
        g.uci.slice(0, 12).forEach((m, i) => {
            lines.push(`${fen} | ${r.int(2) ? m : g.moves[i]} | ${1 + r.int(50)}${r.int(4) ? '' : ` | ${r.int(1000)}`}`);
            if (r.int(3) === 0) positions.push(fen);
            fen = g.fens[i];
        });
    }
    const bin = path.join(tmp, 'book.bin');
    execFileSync(cli, ['chess', 'book', '--make', bin], { input: lines.join('\n') + '\n', encoding: 'utf8' });
    const book = openBook(readFileSync(bin));
    assert.equal(book.size, readFileSync(bin).length / 16);
    positions.push('4k3/8/8/8/8/8/8/4K3 w - - 0 1'); // not in the book
    for (const fen of positions.slice(0, 60)) {
        const want = JSON.parse(execFileSync(cli, ['-o', 'json', 'chess', 'book', bin, fen], { encoding: 'utf8' }));
        assert.deepEqual(book.lookup(fen), want.moves.map((m) => ({ move: m.uci, san: m.san, weight: m.weight, learn: m.learn })), fen);
        for (let k = 0; k < 3; k++) {
            const x = r.big();
            const [uci, san] = execFileSync(cli, ['chess', 'book', bin, fen, '--pick', String(x)], { encoding: 'utf8' }).trim().split(' ');
            assert.deepEqual(book.pick(fen, x), uci === '0000' ? null : { move: uci, san }, `${fen} --pick ${x}`);
        }
        const any = book.pick(new Chess(fen));
        assert.ok(any === null || want.moves.some((m) => m.uci === any.move));
    }
    book.free();
    book.free(); // twice is fine
    assert.throws(() => book.lookup(positions[0]), /the book has been freed/);
    assert.throws(() => book.size, /freed/);
});

test('books: every error', () => {
    assert.throws(() => openBook('x'), { name: 'TypeError', message: /bytes must be a Uint8Array/ });
    assert.throws(() => openBook(new Uint8Array(40)), /openBook: truncated: 40 bytes/);
    const two = new Uint8Array(32);
    two[0] = 2; // entry 0's key above entry 1's
    assert.throws(() => openBook(two), /openBook: not sorted by key/);
    const empty = openBook(new Uint8Array(0));
    assert.equal(empty.size, 0);
    const start = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
    assert.deepEqual(empty.lookup(start), []);
    assert.equal(empty.pick(start), null);
    assert.throws(() => empty.lookup('bad fen'), /Book\.lookup: FEN field/);
    assert.throws(() => empty.lookup(3), { name: 'TypeError', message: /fen must be a FEN string or a Chess object/ });
    assert.throws(() => empty.pick(start, 1), { name: 'RangeError', message: /random 1 is not in \[0, 1\)/ });
    assert.throws(() => empty.pick(start, -1n), RangeError);
    assert.throws(() => empty.pick(start, 1n << 64n), RangeError);
    assert.throws(() => empty.pick(start, 'x'), TypeError);
    empty.free();
    const before = heapBytes();
    for (let i = 0; i < 2000; i++) {
        const b = openBook(new Uint8Array(0));
        b.lookup(start);
        b.free();
        try { parseEpd('8/8 w - -'); } catch { /* refused */ }
        parseEpd(`${start.split(' ').slice(0, 4).join(' ')} bm e4; id "x";`);
    }
    assert.equal(heapBytes(), before);
});

test('the typings declare every export, and nothing else', () => {
    const dts = readFileSync(path.join(pkg, 'pgn.d.ts'), 'utf8');
    const declared = new Map();
    for (const m of dts.matchAll(/^export (function|const|class) (\w+)/gm)) declared.set(m[2], m[1] === 'class' ? 'function' : m[1]);
    const actual = new Map(Object.keys(pg).map((k) => [k, typeof pg[k] === 'function' ? 'function' : 'const']));
    assert.deepEqual([...declared.keys()].sort(), [...actual.keys()].sort());
    for (const [name, kind] of actual) assert.equal(declared.get(name), kind, `${name} is a ${kind}`);
});
