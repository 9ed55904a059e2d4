// bitboard/othello's game records against the CLI (BB_CLI: `othello games
// --transcripts -o json`): WTHOR files written by writeWthor and built byte
// by byte here, .jou/.trn name files, GGF text from writeGgf, bad games
// (the CLI's messages, the reading going on), argument errors, the heap.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const pkg = path.resolve(process.env.BB_JS ?? 'build/js/bitboard');
const cli = process.env.BB_CLI ?? 'build/bitboard';
const ot = await import(path.join(pkg, 'othello.js'));
const { heapBytes } = await import(path.join(pkg, 'core.js'));
const SEED = Number(BigInt.asUintN(32, BigInt(process.env.BB_JS_SEED ?? '0x5eed0b0a4d'))) || 1;

const tmp = mkdtempSync(path.join(os.tmpdir(), 'bitboard-records-'));
process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));
let files = 0;
const file = (bytes) => {
    const f = path.join(tmp, `f${files++}`);
    writeFileSync(f, bytes);
    return f;
};
// the CLI on a file: its games (JSON lines) and its error lines as 'game N: why'
function cliGames(bytes, ...args) {
    const f = file(bytes);
    const r = spawnSync(cli, ['-o', 'json', 'othello', 'games', '--transcripts', ...args, f], { encoding: 'utf8' });
    // a bad game's line ({"game":N,"error":true}) keeps the numbering; its message is on stderr
    const games = r.stdout.trim() ? r.stdout.trim().split('\n').map((l) => JSON.parse(l)).filter((g) => !g.error) : [];
    const errors = r.stderr.trim() ? r.stderr.trim().split('\n').map((l) => l.replace(`bitboard: error: ${f}: `, '')) : [];
    return { games, errors, status: r.status };
}

// seeded choices: a 32-bit linear congruential generator, its high bits
function rng(seed) {
    let state = (seed >>> 0) ^ 0x2545f491;
    return { int: (n) => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) >>> 8) % n };
}

// a seeded game from `from`: the moves played (passes as PA), at most `plies`
function playGame(r, plies, from = ot.start()) {
    const moves = [];
    for (let pos = from; moves.length < plies && !ot.isGameOver(pos);) {
        const legal = ot.legalMoves(pos);
        const mv = legal.length ? legal[r.int(legal.length)] : ot.PASS;
        pos = ot.play(pos, mv);
        moves.push(mv);
    }
    return moves;
}
const end = (moves, from = ot.start()) => moves.reduce((pos, mv) => ot.play(pos, mv), from);
// black's final count the WTHOR way: the empty squares to the winner, half each on a draw
function blackCount(pos) {
    const { black, white, empty } = ot.discs(pos);
    return black > white ? black + empty : black < white ? black : black + empty / 2;
}

test('WTHOR: writeWthor\'s files read by the CLI and by readWthor, with .jou and .trn names', () => {
    const r = rng(SEED);
    const games = Array.from({ length: 40 }, (_, i) => {
        const moves = playGame(r, i % 5 === 0 ? 20 + r.int(30) : 120);
        const g = { moves: moves.filter((m) => m !== ot.PASS), black: r.int(4), white: r.int(4), tournament: r.int(3) };
        if (!ot.isGameOver(end(moves))) g.blackDiscs = r.int(65);
        return { g, moves };
    });
    const written = new Date(Date.UTC(2019, 11, 24));
    const bytes = ot.writeWthor(games.map((x) => x.g), { year: 2019, depth: 24, written });
    assert.equal(bytes.length, 16 + 68 * games.length);
    // names: 20-byte players, 26-byte tournaments, Latin-1, padded with spaces or NULs
    const namesFile = (size, names) => {
        const b = new Uint8Array(16 + size * names.length);
        b[8] = names.length;
        names.forEach((n, i) => b.set(Array.from(n, (ch) => ch.charCodeAt(0)), 16 + size * i));
        return b;
    };
    const jou = namesFile(20, ['Tamenori Hideshi   ', 'Brian Rose', 'Ma\xeetre Jos\xe9', 'x'.repeat(20)]);
    const trn = namesFile(26, ['Championnat de France', 'WOC 2019', 'Open de Paris (\xe9t\xe9)']);
    const want = cliGames(bytes, '--names', file(jou), '--tournaments', file(trn));
    assert.deepEqual(want.errors, []);
    const db = ot.readWthor(bytes);
    assert.deepEqual(db.header, { written: { year: 2019, month: 12, day: 24 }, games: 40, year: 2019, boardSize: 8, gameType: 0, depth: 24 });
    assert.equal(db.length, 40);
    const players = ot.readWthorNames(jou), events = ot.readWthorNames(trn);
    assert.deepEqual(players, ['Tamenori Hideshi', 'Brian Rose', 'Maître José', 'x'.repeat(20)]);
    assert.deepEqual(events, ['Championnat de France', 'WOC 2019', 'Open de Paris (été)']);
    const read = [...db];
    read.forEach((got, i) => {
        const { g, moves } = games[i];
        assert.equal(got.index, i);
        assert.equal(got.error, undefined);
        assert.deepEqual(got.moves, moves, `game ${i + 1}`);
        assert.equal(got.moves.join(''), want.games[i].transcript);
        // the CLI shows the discs on the board at a game's end, the recorded count otherwise
        const final = end(moves);
        assert.equal(ot.isGameOver(final) ? ot.discs(final).black : got.blackDiscs, want.games[i].black_discs);
        assert.equal(got.blackDiscs, g.blackDiscs ?? blackCount(end(moves)));
        assert.equal(got.theoretical, got.blackDiscs);
        assert.deepEqual([got.black, got.white, got.tournament, got.year], [g.black, g.white, g.tournament, 2019]);
        assert.equal(players[got.black], want.games[i].black);
        assert.equal(players[got.white], want.games[i].white);
        assert.equal(events[got.tournament], want.games[i].event);
        assert.deepEqual(db.game(i), got);
    });
});

test('WTHOR: bytes built here from the format\'s description equal writeWthor\'s, and read back', () => {
    const r = rng(SEED + 1);
    const played = playGame(r, 120), moves = played.filter((m) => m !== ot.PASS);
    const bytes = new Uint8Array(16 + 68);
    bytes.set([20, 24, 5, 17, 1, 0, 0, 0, 0, 0, 0xe8, 0x07, 8, 0, 22, 0]); // 2024-05-17, 1 game, year 2024, 8x8, depth 22
    const black = blackCount(end(played));
    bytes.set([7, 0, 0x34, 0x12, 2, 1, black, 33], 16); // tournament 7, black 0x1234, white 0x102, discs, theoretical 33
    moves.forEach((m, i) => (bytes[24 + i] = 10 * (m.charCodeAt(1) - 48) + m.charCodeAt(0) - 96));
    const written = ot.writeWthor([{ moves, tournament: 7, black: 0x1234, white: 0x102, theoretical: 33 }],
        { year: 2024, depth: 22, written: new Date(Date.UTC(2024, 4, 17)) });
    assert.deepEqual(written, bytes);
    const g = ot.readWthor(bytes.buffer).game(0);
    assert.deepEqual([g.tournament, g.black, g.white, g.blackDiscs, g.theoretical], [7, 0x1234, 0x102, black, 33]);
    assert.deepEqual(g.moves, played);
    assert.equal(g.moves.join(''), cliGames(bytes).games[0].transcript);
});

test('WTHOR: a stored count that splits the empties is kept with a warning, as the CLI does', () => {
    // d3 c3 b3 d2 e1 d6 d7 e3 f4: black 13-0 with 51 empties; 39 splits them (Logistello's book), 64 gives
    // them to the winner (the WTHOR rule), 13 is an error
    const file = (stored) => {
        const b = new Uint8Array(16 + 68);
        b.set([0x14, 0x1a, 0x0b, 0x1b, 1, 0, 0, 0, 0, 0, 0xcf, 0x07, 8, 0, 0, 0]);
        b.set([0, 0, 0, 0, 1, 0, stored, stored, 0x22, 0x21, 0x20, 0x18, 0x0f, 0x40, 0x4a, 0x23, 0x2e], 16);
        return b;
    };
    const split = ot.readWthor(file(39)).game(0);
    assert.equal(split.moves.join(''), 'd3c3b3d2e1d6d7e3f4');
    assert.equal(split.error, undefined);
    assert.match(split.warning, /^game 1: black's disc count is 39, but the moves end with 64: .*split evenly/);
    const whole = ot.readWthor(file(64)).game(0);
    assert.equal(whole.warning, undefined);
    assert.equal(whole.error, undefined);
    assert.match(ot.readWthor(file(13)).game(0).error, /black's disc count is 13/);
});

test('WTHOR: bad games carry the CLI\'s message and the reading goes on; a bad size throws', () => {
    const r = rng(SEED + 2);
    const good = Array.from({ length: 6 }, () => ({ moves: playGame(r, 120).filter((m) => m !== ot.PASS) }));
    const bytes = ot.writeWthor(good, { written: new Date(0) });
    const at = (game, k) => 16 + 68 * game + k;
    bytes[at(1, 8 + 2)] = 99; // a move byte that is no square
    bytes[at(2, 8 + 1)] = 11; // a1: illegal
    bytes[at(3, 8 + 5)] = 0; // a 0 before more moves
    bytes[at(4, 6)] ^= 1; // the disc count
    const want = cliGames(bytes);
    assert.equal(want.status, 1);
    const read = [...ot.readWthor(bytes)];
    assert.deepEqual(read.filter((g) => g.error).map((g) => g.error), want.errors);
    assert.equal(want.errors.length, 4);
    assert.match(read[1].error, /^game 2: move byte 3 is 99/);
    assert.deepEqual(read[2].moves, [good[2].moves[0]]); // the moves before the fault
    assert.deepEqual([read[0], read[5]].map((g) => g.error), [undefined, undefined]);
    // a file cut short: its whole games, then the CLI's error for the game it ends in
    for (const size of [16 + 68 * 3 + 30, 16 + 68 * 3]) {
        const cut = bytes.slice(0, size), got = [];
        const e = spawnSync(cli, ['othello', 'games', file(cut)], { encoding: 'utf8' }).stderr;
        const line = e.split('\n').find((l) => l.includes(': game 4: '));
        assert.ok(line && line.includes(`at byte ${size} (`), e);
        const wantMsg = 'bitboard: ' + line.slice(line.indexOf('game 4: '));
        assert.throws(() => { for (const g of ot.readWthor(cut)) got.push(g); },
            (err) => err instanceof Error && err.message === wantMsg, `${size}: ${wantMsg}`);
        assert.deepEqual(got.map((g) => g.moves), read.slice(0, 3).map((g) => g.moves));
        assert.throws(() => ot.readWthor(cut).game(5), (err) => err.message === wantMsg);
        assert.equal(ot.readWthor(cut).game(2).index, 2);
    }
    // sizes that do not fit the header
    for (const cut of [bytes.subarray(0, 10), new Uint8Array([...bytes, 0])]) {
        const f = file(cut), e = spawnSync(cli, ['othello', 'games', f], { encoding: 'utf8' }).stderr;
        const why = cut.length < 16 ? 'the file is 10 bytes' : e.slice(e.indexOf('the header says')).trim().replace(/\)$/, ''); // the CLI reads the whole games first, then says why in brackets
        assert.throws(() => ot.readWthor(cut), (err) => err instanceof Error && err.message.startsWith('bitboard: not a WTHOR game file: ') && err.message.includes(why), String(cut.length));
    }
    assert.throws(() => ot.readWthorNames(bytes), /neither a WTHOR \.jou \(20-byte players\) nor \.trn/);
});

test('GGF: writeGgf\'s games read by the CLI and by readGgf; BO starts; passes put in', () => {
    const r = rng(SEED + 3);
    const games = Array.from({ length: 30 }, (_, i) => {
        const from = i % 3 === 0 ? end(playGame(r, 10 + r.int(30))) : ot.start();
        const moves = playGame(r, i % 4 === 0 ? r.int(40) : 120, from);
        return { from, moves, game: { moves: moves.filter((m) => m !== ot.PASS), ...(i % 3 === 0 ? { start: from } : {}),
            black: `black ${i}`, white: i % 2 ? `blanc ${i} (é)` : undefined, event: i % 5 ? 'Online' : undefined, date: '2024.01.02', result: i % 2 ? '+4' : undefined } };
    });
    // a position where white must pass: the pass is written although the game leaves it out
    const pass = ot.parse('X'.repeat(62) + 'O-' + ' O');
    games.push({ from: pass, moves: [ot.PASS, 'h8'], game: { moves: ['h8'], start: pass } });
    const text = games.map((g) => ot.writeGgf(g.game)).join('\n\nnot a game\n');
    const want = cliGames(text);
    assert.deepEqual(want.errors, []);
    const read = [...ot.readGgf(text)];
    assert.equal(read.length, games.length);
    read.forEach((got, i) => {
        const { from, moves, game } = games[i];
        assert.equal(got.index, i);
        assert.deepEqual(got.moves, moves, `game ${i + 1}`);
        assert.equal(got.moves.join(''), want.games[i].transcript);
        assert.deepEqual(got.start, from);
        for (const t of ['black', 'white', 'event', 'date', 'result']) assert.equal(got[t], game[t] ?? '', `${t} of game ${i + 1}`);
        assert.equal(ot.writeGgf(got), ot.writeGgf(game));
    });
    assert.deepEqual([...ot.readGgf(new TextEncoder().encode(text))], read);
    assert.match(ot.writeGgf({ moves: ['f5'], black: 'a]b;)' }), /PB\[a\)b,\)\]/);
});

test('GGF: bad games carry the CLI\'s message and the reading goes on', () => {
    const ok = ot.writeGgf({ moves: ['f5', 'd6', 'c3'] });
    const bad = ['(;GM[Othello]B[f5]W[f5];)', '(;GM[Chess];)', '(;GM[Othello]TY[10];)', '(;GM[Othello]B[f5]B[d6];)',
        '(;GM[Othello]B[z9];)', '(;GM[Othello]BO[8 xyz *];)', '(;GM[Othello]B[f5]junk;)', '(;GM[Othello]B[f5'];
    const text = ok + bad.join(ok) + ok;
    const want = cliGames(text);
    const read = [...ot.readGgf(text)];
    assert.deepEqual(read.filter((g) => g.error).map((g) => g.error), want.errors);
    assert.equal(want.errors.length, bad.length);
    assert.equal(read.filter((g) => !g.error).length, want.games.length);
    assert.deepEqual([...ot.readGgf('no game here')], []);
});

test('records: every bad argument', () => {
    assert.throws(() => ot.readWthor('bytes'), TypeError);
    assert.throws(() => ot.readWthor([1, 2]), TypeError);
    const db = ot.readWthor(ot.writeWthor([{ moves: ['f5'] }]));
    assert.throws(() => db.game(1), RangeError);
    assert.throws(() => db.game(-1), RangeError);
    assert.throws(() => db.game('0'), TypeError);
    assert.throws(() => ot.readWthorNames(null), TypeError);
    assert.throws(() => ot.readGgf(3), TypeError);
    assert.throws(() => ot.writeGgf(null), TypeError);
    assert.throws(() => ot.writeGgf({ moves: 'f5d6' }), TypeError);
    assert.throws(() => ot.writeGgf({ moves: ['f5', 'z9'] }), /game\.moves\[1\] 'z9'/);
    assert.throws(() => ot.writeGgf({ moves: ['f5', 'a1'] }), /^Error: bitboard: game\.moves\[1\]: move 2 \(a1\) is illegal for white$/);
    assert.throws(() => ot.writeGgf({ moves: ['f5'], black: 3 }), /game\.black must be a string/);
    assert.throws(() => ot.writeGgf({ moves: ['f5'], date: 'x'.repeat(32) }), /game\.date is 32 bytes of UTF-8: 31 at most/);
    assert.throws(() => ot.writeGgf({ moves: ['f5'], start: { p: 1n } }), /game\.start\.o/);
    assert.throws(() => ot.writeGgf({ moves: new Array(121).fill('PA') }), /121 moves/);
    assert.throws(() => ot.writeWthor({ moves: [] }), TypeError);
    assert.throws(() => ot.writeWthor([{ moves: [], start: ot.playTranscript('f5') }]), /games\[0\]: WTHOR games start from the standard position/);
    assert.throws(() => ot.writeWthor([{ moves: ['f5'] }, { moves: ['f5'], black: 70000 }]), /games\[1\]\.black 70000/);
    assert.throws(() => ot.writeWthor([{ moves: ['f5'], blackDiscs: 65 }]), RangeError);
    assert.throws(() => ot.writeWthor([], { year: -1 }), RangeError);
    assert.throws(() => ot.writeWthor([], { written: 'today' }), TypeError);
    assert.throws(() => ot.writeWthor([], { century: 20 }), /no option 'century'/);
});

test('records: the heap does not grow over many calls, failing ones included', () => {
    const r = rng(SEED + 4);
    const games = Array.from({ length: 10 }, () => ({ moves: playGame(r, 120).filter((m) => m !== ot.PASS), black: 1 }));
    const wtb = ot.writeWthor(games);
    const ggf = games.map((g) => ot.writeGgf({ moves: g.moves, black: 'B' })).join('') + '(;GM[Othello]B[a1];)';
    const names = new Uint8Array(16 + 20 * 3).fill(65, 16);
    names[8] = 3;
    const round = () => {
        ot.writeWthor(games);
        for (const g of ot.readWthor(wtb)) ot.writeGgf({ moves: g.moves });
        for (const g of ot.readGgf(ggf)) if (!g.error) ot.writeGgf(g);
        ot.readWthorNames(names);
        try { ot.writeGgf({ moves: ['a1'] }); } catch { /* illegal: freed all the same */ }
        try { ot.readWthor(wtb.subarray(1)); } catch { /* ditto */ }
    };
    for (let i = 0; i < 20; i++) round();
    const before = heapBytes();
    for (let i = 0; i < 300; i++) round();
    assert.equal(heapBytes(), before);
});
