// The package's Othello module against the CLI (BB_CLI, the C library built
// natively) on positions of seeded random games from the start, the
// published perft counts, the midgame search (fixed depths against the CLI,
// full depth against solve, a kept SearchTable, progress, bad options),
// every error, and the heap across many calls.
// BB_JS names the staged package (make js-test sets both); BB_JS_SEED
// replays another seed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const pkg = path.resolve(process.env.BB_JS ?? 'build/js/bitboard');
const cli = process.env.BB_CLI ?? 'build/bitboard';
const ot = await import(path.join(pkg, 'othello.js'));
const { heapBytes, c, cString, layout } = await import(path.join(pkg, 'core.js'));
const SEED = BigInt(process.env.BB_JS_SEED ?? '0x5eed0b0a4d');

// Random moves need small integers only: xorshift32 on the low 32 bits of
// the seed (a seed of 0 would stay 0: it is replaced).
function rng(seed) {
    let x = Number(BigInt.asUintN(32, seed ^ (seed >> 32n))) || 0x9e3779b9;
    const next = () => {
        x ^= x << 13, x >>>= 0;
        x ^= x >>> 17;
        x ^= x << 5, x >>>= 0;
        return x;
    };
    return { int: (n) => next() % n };
}

const run = (args, input) => execFileSync(cli, args, { input, encoding: 'utf8' });
const json = (args) => JSON.parse(run(['-o', 'json', ...args]));
const names = (x) => {
    const out = [];
    for (let sq = 0; sq < 64; sq++) if ((x >> BigInt(sq)) & 1n) out.push(String.fromCharCode(97 + (sq & 7)) + (1 + (sq >> 3)));
    return out;
};
const popcount = (x) => names(x).length;

// A random game from the start, `plies` moves long at most (passes played
// where the side to move has none; stops at the game's end): the positions,
// the moves, the transcript.
function randomGame(r, plies) {
    let pos = ot.start();
    const positions = [pos], played = [];
    while (played.length < plies && !ot.isGameOver(pos)) {
        const legal = ot.legalMoves(pos);
        const mv = legal.length ? legal[r.int(legal.length)] : 'PA';
        pos = ot.play(pos, mv);
        played.push(mv);
        positions.push(pos);
    }
    return { positions, played, transcript: played.join('') };
}

// a game played to exactly `empties` empty squares (or its end before)
function gameToEmpties(r, empties) {
    let pos = ot.start();
    while (ot.discs(pos).empty > empties && !ot.isGameOver(pos)) {
        const legal = ot.legalMoves(pos);
        pos = ot.play(pos, legal.length ? legal[r.int(legal.length)] : 'PA');
    }
    return pos;
}

test('start, format and the CLI\'s start position', () => {
    const s = ot.start();
    assert.equal(s.side, 'black');
    assert.deepEqual(names(s.p), ['e4', 'd5']);
    assert.deepEqual(names(s.o), ['d4', 'e5']);
    assert.equal(ot.format(s), json(['othello', 'show']).position);
    assert.equal(ot.format(s, 'diagram'), run(['othello', 'show']));
    assert.deepEqual(ot.parse(ot.format(s)), s);
    assert.deepEqual(ot.discs(s), { black: 2, white: 2, empty: 60 });
    assert.equal(ot.isGameOver(s), false);
    assert.deepEqual(ot.legalMoves(s), ['d3', 'c4', 'f5', 'e6']);
});

test('play, moves, legalMoves, discs, isGameOver, playTranscript, format: the CLI on random games', () => {
    const r = rng(SEED);
    for (let g = 0; g < 80; g++) {
        const game = randomGame(r, r.int(70));
        const end = game.positions.at(-1);
        const why = `seed ${SEED}: game ${g} ${game.transcript}`;
        const want = json(['othello', 'show', '--moves', game.transcript]);
        assert.equal(ot.format(end), want.position, why);
        assert.equal(end.side, want.side, why);
        assert.deepEqual(ot.playTranscript(game.transcript), end, why);
        assert.deepEqual(ot.playTranscript(game.transcript.toUpperCase().replace(/PA/g, '--')), end, why);
        const m = ot.moves(end.p, end.o);
        assert.equal('0x' + m.toString(16).padStart(16, '0'), want.moves.hex, why);
        assert.deepEqual(ot.legalMoves(end), want.moves.squares, why);
        assert.deepEqual(ot.discs(end), { black: want.black, white: want.white, empty: 64 - want.black - want.white }, why);
        assert.equal(ot.isGameOver(end), want.game_over, why);
        assert.deepEqual(ot.parse(want.position), end, why);
        assert.equal(ot.format(end, 'diagram'), run(['othello', 'show', want.position]), why);
        // the text form of the CLI's play agrees
        if (game.transcript) assert.equal(run(['-o', 'hex', 'othello', 'play', 'start', game.transcript]).trim(), want.position, why);
        // a transcript played on from a position in the middle
        const k = r.int(game.played.length + 1);
        assert.deepEqual(ot.playTranscript(game.played.slice(k).join(' '), game.positions[k]), end, why);
    }
});

test('flips: the CLI on every legal move and some illegal squares of random positions', () => {
    const r = rng(SEED + 1n);
    for (let g = 0; g < 40; g++) {
        const game = randomGame(r, 1 + r.int(55));
        const pos = game.positions.at(-1), text = ot.format(pos);
        const squares = ot.legalMoves(pos).concat([r.int(64), r.int(64)]);
        for (const sq of squares) {
            const why = `seed ${SEED + 1n}: ${text} ${sq}`;
            const name = typeof sq === 'number' ? names(1n << BigInt(sq))[0] : sq;
            const f = ot.flips(pos.p, pos.o, sq);
            const out = spawnSync(cli, ['-o', 'json', 'othello', 'moves', text, name], { encoding: 'utf8' });
            if (out.status !== 0) {
                // not a legal move: no flips here, the CLI's reason in play's error
                const why2 = `${why}: ${out.stderr}`;
                assert.equal(f, 0n, why2);
                const reason = out.stderr.match(/(is occupied|flips nothing)/)[1];
                assert.throws(() => ot.play(pos, sq), { message: `bitboard: ${name} is not a legal move: it ${reason} (${pos.side} to move)` }, why2);
                continue;
            }
            const want = JSON.parse(out.stdout).flips;
            assert.equal('0x' + f.toString(16).padStart(16, '0'), want.hex, why);
            assert.equal(ot.flips(pos.p, pos.o, name), f, why);
            assert.notEqual(f, 0n, why);
            const next = ot.play(pos, sq);
            const bit = 1n << BigInt(name.charCodeAt(0) - 97 + 8 * (Number(name[1]) - 1));
            assert.equal(next.o, pos.p | f | bit, why); // the mover's discs, now the other side's
            assert.equal(next.p, pos.o & ~f, why);
            assert.equal(next.side, pos.side === 'black' ? 'white' : 'black', why);
        }
    }
});

test('score: black minus white with the empty squares to the one with more, at the ends of random games', () => {
    const r = rng(SEED + 2n);
    let ended = 0;
    for (let g = 0; g < 60; g++) {
        const pos = randomGame(r, 200).positions.at(-1);
        const d = ot.discs(pos), diff = d.black - d.white;
        const want = diff > 0 ? diff + d.empty : diff < 0 ? diff - d.empty : 0;
        assert.equal(ot.score(pos), want, `seed ${SEED + 2n}: ${ot.format(pos)}`);
        if (ot.isGameOver(pos)) ended++;
    }
    assert.equal(ended, 60);
});

test('passes: play(pos, "PA") exactly when the side to move has no move and the other has one', () => {
    const r = rng(SEED + 3n);
    let passes = 0;
    for (let g = 0; g < 150 && passes < 10; g++) {
        const game = randomGame(r, 200);
        game.played.forEach((mv, i) => {
            if (mv !== 'PA') return;
            passes++;
            const before = game.positions[i];
            assert.deepEqual(ot.legalMoves(before), []);
            assert.deepEqual(ot.play(before, 'pass'), { p: before.o, o: before.p, side: before.side === 'black' ? 'white' : 'black' });
            assert.deepEqual(ot.play(before, '--'), game.positions[i + 1]);
            // the transcript may leave the pass out, as the CLI does
            const without = game.played.slice(0, i + 2).filter((m, j) => j !== i).join('');
            if (i + 1 < game.played.length) assert.deepEqual(ot.playTranscript(without), game.positions[i + 2], `seed ${SEED + 3n}: ${without}`);
        });
    }
    assert.ok(passes > 0, `seed ${SEED + 3n}: no pass in 150 random games`);
});

test('perft: the published counts (OEIS A124004) and the CLI\'s counts in every convention', () => {
    const published = [1n, 4n, 12n, 56n, 244n, 1396n, 8200n, 55092n, 390216n, 3005288n];
    const s = ot.start();
    published.forEach((n, d) => assert.equal(ot.perft(s, d), n, `depth ${d}`));
    assert.equal(ot.perft(s, 9, { hashMb: 4 }), 3005288n);
    for (const convention of ot.CONVENTIONS) {
        const want = run(['othello', 'perft', '9', '--each', '--quiet', '--convention', convention]).trim().split('\n');
        want.forEach((line, i) => assert.equal(`${i + 1} ${ot.perft(s, i + 1, { convention })}`, line, convention));
    }
});

test('perft: random positions against the CLI, each convention, with and without a table', () => {
    const r = rng(SEED + 4n);
    for (let g = 0; g < 24; g++) {
        const pos = randomGame(r, r.int(60)).positions.at(-1), text = ot.format(pos);
        const convention = ot.CONVENTIONS[g % 3], depth = 1 + r.int(6);
        const want = run(['othello', 'perft', String(depth), text, '--each', '--quiet', '--convention', convention]).trim().split('\n');
        want.forEach((line, i) => {
            const why = `seed ${SEED + 4n}: ${text} ${convention}`;
            assert.equal(`${i + 1} ${ot.perft(pos, i + 1, { convention })}`, line, why);
            assert.equal(`${i + 1} ${ot.perft(pos, i + 1, { convention: g % 3, hashMb: 1 })}`, line, why);
        });
    }
});

test('solve: random positions of 8 to 14 empties against the CLI (score, best move, PV, nodes; wld)', () => {
    const r = rng(SEED + 5n);
    const positions = [];
    for (let g = 0; g < 30; g++) positions.push(gameToEmpties(r, 8 + (g % 7)));
    const input = positions.map((p) => ot.format(p)).join('\n') + '\n';
    const exact = run(['-o', 'json', 'othello', 'solve', '--quiet', '-'], input).trim().split('\n').map((l) => JSON.parse(l));
    const wld = run(['-o', 'json', 'othello', 'solve', '--quiet', '--wld', '-'], input).trim().split('\n').map((l) => JSON.parse(l));
    assert.equal(exact.length, positions.length);
    positions.forEach((pos, i) => {
        const why = `seed ${SEED + 5n}: ${ot.format(pos)}`;
        const got = ot.solve(pos);
        assert.equal(got.score, exact[i].score, why);
        assert.equal(got.best, exact[i].best, why);
        assert.deepEqual(got.pv, exact[i].pv, why);
        assert.equal(got.nodes, exact[i].nodes, why);
        assert.equal(got.bound, 'exact', why);
        assert.equal(got.result, got.score > 0 ? 'win' : got.score < 0 ? 'loss' : 'draw', why);
        // the PV is a game: played out, it ends with that score
        let end = pos;
        for (const mv of got.pv) end = ot.play(end, mv);
        if (got.pv.length) assert.ok(ot.isGameOver(end), why);
        const black = ot.score(end); // black's view: the mover's is its negation for white
        assert.equal(pos.side === 'black' ? black : 0 - black, got.score, why);
        const w = ot.solve(pos, { wld: true, hashMb: 1 });
        assert.equal(w.result, wld[i].result, why);
        assert.equal(w.best, wld[i].best, why);
        assert.equal(w.score, Math.sign(got.score), why);
        // a window around the score: exact inside, a bound at or beyond its ends
        const s = got.score;
        if (s >= -62 && s <= 62) assert.deepEqual(ot.solve(pos, { alpha: s - 2, beta: s + 2 }).score, s, why);
        if (s <= 61) {
            const up = ot.solve(pos, { alpha: s + 1, beta: s + 3 });
            assert.equal(up.bound, 'upper', why);
            assert.ok(up.score <= s + 1 && up.best === null, why);
        }
        if (s >= -61) {
            const low = ot.solve(pos, { alpha: s - 3, beta: s - 1 });
            assert.equal(low.bound, 'lower', why);
            assert.ok(low.score >= s - 1, why);
        }
    });
});

test('solve: a game over and a position that must pass', () => {
    const full = ot.parse('X'.repeat(40) + 'O'.repeat(24) + ' O');
    const r = ot.solve(full);
    assert.deepEqual([r.score, r.result, r.best, r.pv], [-16, 'loss', null, []]);
    // white to move with no move, black has one: the best move is a pass
    const pass = ot.parse('X'.repeat(62) + 'O-' + ' O');
    assert.equal(ot.legalMoves(pass).length, 0);
    const want = json(['othello', 'solve', '--quiet', ot.format(pass)]);
    const got = ot.solve(pass);
    assert.deepEqual([got.score, got.best, got.pv], [want.score, want.best, want.pv]);
    assert.deepEqual([got.score, got.best, got.pv], [-64, ot.PASS, [ot.PASS, 'h8']]);
    assert.deepEqual(ot.playTranscript(got.pv.join(''), pass).side, 'white');
});

// solve's and the search's results: each one layout, the C struct's
for (const [what, fn, want, a, b] of [
    ['solve', 'bb_js_othello_solve_layout', {
        nodes: 'uint64_t', table_bytes: 'uint64_t', score: 'int32_t', wld: 'int32_t', bound: 'int32_t', best: 'int32_t',
        pv_length: 'int32_t', pv: 'int32_t',
    }, 'pv_length', 'best'],
    ['search', 'bb_js_othello_search_layout', {
        nodes: 'uint64_t', score: 'double', seconds: 'double', exact: 'int32_t', best: 'int32_t', depth: 'int32_t',
        stopped: 'int32_t', wld: 'int32_t', wld_proven: 'int32_t', pv_length: 'int32_t', pv: 'int32_t',
    }, 'pv_length', 'depth'],
]) {
    test(`${what}'s result: one layout, the C struct's (offsetof), read by name; a disagreement refuses to load`, () => {
        const text = cString(c[fn]());
        const l = layout(text, want, what);
        // the fields tile the struct: in offset order, each starts where the last ended, the last ends at bytes
        const size = { int32_t: 4, uint64_t: 8, double: 8 };
        let end = 0;
        for (const f of Object.values(l.fields).sort((x, y) => x.offset - y.offset)) {
            assert.equal(f.offset, end, text);
            end += f.count * size[f.type];
        }
        assert.equal(end, l.bytes, text);
        assert.equal(l.fields.pv.count, 61, 'the library\'s pv holds 61 moves');
        // what othello.js does when the module and it disagree: a type, a field missing, a field not read
        assert.throws(() => layout(text.replace(`${a} int32_t`, `${a} uint64_t`), want, what), new RegExp(`disagree on ${what}: ${a} is uint64_t`));
        assert.throws(() => layout(text.replace(`;${b} int32_t`, `;${b}_x int32_t`), want, what), new RegExp(`no field ${b}`));
        assert.throws(() => layout(text + ';extra int32_t 0 1', want, what), /field extra is not read/);
        assert.throws(() => layout(text.replace(/bytes \d+/, 'bytes 8'), want, what), /not within its 8 bytes/);
    });
}

// ---- the midgame search (searchAsync: othello-worker.test.mjs) ----

const cliSearch = (pos, args) => json(['othello', 'search', ...args, '--', ot.format(pos)]);

// the moves of a principal variation replay from pos (PA where the side to move has none)
function replay(pos, pv) {
    let q = pos;
    for (const m of pv) q = ot.play(q, m);
    return q;
}

test('search at depths 1-6 equals the CLI\'s: score, best move, PV, nodes (cut-offs on and off)', () => {
    const r = rng(SEED ^ 0x5ea2c4n);
    let compared = 0;
    for (let i = 0; i < 10; i++) {
        const pos = gameToEmpties(r, 20 + r.int(36));
        const depth = 1 + r.int(6);
        for (const probcut of [true, false]) {
            const got = ot.search(pos, { depth, probcut, exactEmpties: -1 });
            const want = cliSearch(pos, ['--depth', String(depth), '--exact-from', '0', ...(probcut ? [] : ['--no-probcut'])]);
            const why = `${ot.format(pos)} depth ${depth} probcut ${probcut}`;
            assert.ok(Math.abs(got.score - want.score) <= 0.005 + 1e-9, `${why}: ${got.score}, the CLI's ${want.score}`);
            assert.equal(got.best, want.best, why);
            assert.deepEqual(got.pv, want.pv, why);
            assert.equal(got.nodes, want.nodes, why);
            assert.equal(got.depth, want.depth, why);
            assert.equal(got.exact, want.exact, why);
            assert.equal(got.best, got.pv[0] ?? null, why);
            replay(pos, got.pv);
            compared++;
        }
    }
    assert.equal(compared, 20);
});

test('search at full depth is exact: solve\'s score; the solver answers from exactEmpties', () => {
    const r = rng(SEED ^ 0x5ea2c5n);
    for (let i = 0; i < 6; i++) {
        const pos = gameToEmpties(r, 8 + r.int(6));
        if (ot.isGameOver(pos)) continue;
        const s = ot.solve(pos);
        const deep = ot.search(pos, { depth: 60, exactEmpties: -1 });
        assert.equal(deep.exact, true, ot.format(pos));
        assert.equal(deep.score, s.score, ot.format(pos));
        assert.equal(deep.wld, s.result);
        replay(pos, deep.pv);
        const solved = ot.search(pos); // under 14 empties: the solver
        assert.equal(solved.exact, true);
        assert.equal(solved.score, s.score);
        assert.equal(solved.depth, 0);
        assert.deepEqual(solved.pv, s.pv);
    }
    // a finished game; a position that must pass
    const over = ot.search(ot.parse('X'.repeat(40) + 'O'.repeat(24) + ' O'));
    assert.deepEqual([over.best, over.pv, over.score, over.exact, over.wld], [null, [], -16, true, 'loss']);
    const pass = ot.search(ot.parse('X'.repeat(62) + 'O-' + ' O'), { exactEmpties: -1, depth: 3 });
    assert.deepEqual(pass.pv.slice(0, 2), [ot.PASS, 'h8']);
});

test('neither depth nor time: the default depth; a time budget ends at a finished depth', () => {
    const s = ot.playTranscript('f5d6c3d3c4f4f6f3e6e7');
    assert.equal(ot.SEARCH_DEFAULT_DEPTH, 10);
    assert.equal(ot.SEARCH_MAX_DEPTH, 60);
    assert.equal(ot.search(s).depth, ot.SEARCH_DEFAULT_DEPTH);
    assert.equal(ot.search(s, { depth: 0, time: 0 }).depth, ot.SEARCH_DEFAULT_DEPTH);
    const timed = ot.search(s, { time: 0.05 });
    assert.ok(timed.depth >= 1 && timed.best !== null);
    replay(s, timed.pv);
});

test('a kept SearchTable: the second search of a position takes fewer nodes; cleared, the first count again', () => {
    const t = new ot.SearchTable(4);
    assert.equal(t.mb, 4);
    const pos = ot.playTranscript('f5d6c3d3c4');
    const plain = ot.search(pos, { depth: 9, hashMb: 4 });
    const first = ot.search(pos, { depth: 9, table: t });
    const second = ot.search(pos, { depth: 9, table: t });
    assert.equal(first.nodes, plain.nodes, 'an empty kept table searches as the search\'s own');
    assert.ok(second.nodes < first.nodes, `second ${second.nodes}, first ${first.nodes}`);
    // the next move of the game finds entries too
    const next = ot.play(pos, first.best);
    assert.ok(ot.search(next, { depth: 9, table: t }).nodes < ot.search(next, { depth: 9, hashMb: 4 }).nodes);
    t.clear();
    assert.equal(ot.search(pos, { depth: 9, table: t }).nodes, first.nodes);
    // with the cut-offs off, the kept table keeps the plain alpha-beta score
    const exact = ot.search(pos, { depth: 5, probcut: false, exactEmpties: -1 });
    assert.equal(ot.search(pos, { depth: 5, probcut: false, exactEmpties: -1, table: t }).score, exact.score);
    t.free();
    t.free();
    assert.throws(() => ot.search(pos, { table: t }), /the SearchTable was freed/);
    assert.throws(() => t.clear(), /the SearchTable was freed/);
});

test('search\'s progress: after each depth, in order, each the answer that depth gives; a throw ends it with its error', () => {
    const pos = ot.playTranscript('f5d6c3d3c4f4f6f3e6e7');
    const reports = [];
    const got = ot.search(pos, { depth: 8, onProgress: (p) => reports.push(p) });
    assert.deepEqual(got, { ...ot.search(pos, { depth: 8 }), seconds: got.seconds });
    const depths = [...new Set(reports.map((p) => p.depth))];
    assert.deepEqual(depths, [1, 2, 3, 4, 5, 6, 7]);
    for (let i = 1; i < reports.length; i++) assert.ok(reports[i].nodes >= reports[i - 1].nodes);
    for (const d of depths) {
        const at = reports.find((p) => p.depth === d), alone = ot.search(pos, { depth: d });
        assert.deepEqual([at.best, at.score, at.pv], [alone.best, alone.score, alone.pv], `depth ${d}`);
    }
    assert.deepEqual(Object.keys(reports[0]).sort(), Object.keys(got).sort());
    // a throw: the search stops, the error comes out of search
    let calls = 0;
    assert.throws(() => ot.search(pos, { depth: 12, onProgress: (p) => { if (++calls === 3) throw new Error('enough'); } }), /enough/);
    assert.equal(calls, 3);
    // the table is busy while its search runs
    const t = new ot.SearchTable(1);
    let inner;
    ot.search(pos, { depth: 4, table: t, onProgress: () => {
        try { ot.search(pos, { depth: 2, table: t }); } catch (e) { inner = e; }
    } });
    assert.match(inner.message, /another search is using the SearchTable/);
    t.free();
});

test('search: bad options throw naming the option and its range', () => {
    const pos = ot.start();
    assert.throws(() => ot.search(pos, { depth: -1 }), /^RangeError: bitboard: depth -1 is not an integer in 0\.\.60$/);
    assert.throws(() => ot.search(pos, { depth: 61 }), /depth 61 is not an integer in 0\.\.60/);
    assert.throws(() => ot.search(pos, { depth: 2.5 }), RangeError);
    assert.throws(() => ot.search(pos, { depth: '3' }), /^TypeError: bitboard: depth must be a number, not string$/);
    assert.throws(() => ot.search(pos, { time: -1 }), /time -1 is not a number in 0\.\.86400/);
    assert.throws(() => ot.search(pos, { time: 86401 }), /time 86401 is not a number in 0\.\.86400/);
    assert.throws(() => ot.search(pos, { time: NaN }), RangeError);
    assert.throws(() => ot.search(pos, { time: '1' }), TypeError);
    assert.throws(() => ot.search(pos, { hashMb: ot.MAX_HASH_MB + 1 }), new RegExp(`hashMb ${ot.MAX_HASH_MB + 1} is not an integer in 0\\.\\.${ot.MAX_HASH_MB}`));
    assert.throws(() => ot.search(pos, { exactEmpties: -2 }), /exactEmpties -2 is not an integer in -1\.\.60/);
    assert.throws(() => ot.search(pos, { probcut: 1 }), /probcut must be a boolean/);
    assert.throws(() => ot.search(pos, { table: {} }), /^TypeError: bitboard: table must be a SearchTable, not Object$/);
    assert.throws(() => ot.search(pos, { threads: 2 }), /search has no option 'threads'/);
    assert.throws(() => ot.search(pos, { onProgress: 1 }), /onProgress must be a function/);
    assert.throws(() => ot.search(pos, 3), TypeError);
    assert.throws(() => ot.search({ p: 1n, o: 1n, side: 'black' }), /share discs/);
    assert.throws(() => new ot.SearchTable(0), /SearchTable mb 0 is not an integer in 1\.\.2048/);
    assert.throws(() => new ot.SearchTable(ot.MAX_HASH_MB + 1), RangeError);
    assert.throws(() => new ot.SearchTable('4'), TypeError);
});

test('search: the heap does not grow over many calls (own tables, kept tables made and freed)', () => {
    const pos = ot.playTranscript('f5d6c3');
    const round = () => {
        ot.search(pos, { depth: 3, hashMb: 1 });
        const t = new ot.SearchTable(1);
        ot.search(pos, { depth: 3, table: t, onProgress: () => {} });
        t.free();
    };
    for (let i = 0; i < 10; i++) round();
    const before = heapBytes();
    for (let i = 0; i < 100; i++) round();
    assert.equal(heapBytes(), before);
});

test('every error: types, ranges, the C library\'s messages', () => {
    const s = ot.start();
    const cliError = (args) => spawnSync(cli, args, { encoding: 'utf8' }).stderr.replace(/^bitboard: error: argument \d+: /, '').trim();
    // board strings: the C library's message, the same as the CLI's
    for (const bad of ['xx', '-'.repeat(64) + ' Z', '-'.repeat(63) + 'Q X', '']) {
        const want = cliError(['othello', 'show', bad]);
        assert.throws(() => ot.parse(bad), (e) => e instanceof Error && e.message === `bitboard: ${want}`, JSON.stringify(bad));
    }
    // transcripts: the move and its position
    for (const [text, at] of [['f5 d6 zz', 7], ['f5f5', 3], ['f5a1', 3], ['f5PA', 3], ['f5d6q', 5]]) {
        const want = cliError(['othello', 'play', 'start', text]);
        assert.throws(() => ot.playTranscript(text), (e) => e.message === `bitboard: ${want}` && e.position === at, text);
    }
    try {
        ot.playTranscript('f5d6c3 h8');
        assert.fail('h8 is legal?');
    } catch (e) {
        assert.match(e.message, /h8 at position 8: h8 flips nothing for white/);
        assert.deepEqual(e.reached, ot.playTranscript('f5d6c3'));
    }
    // play
    assert.throws(() => ot.play(s, 'e4'), { message: 'bitboard: e4 is not a legal move: it is occupied (black to move)' });
    assert.throws(() => ot.play(s, 0), { message: 'bitboard: a1 is not a legal move: it flips nothing (black to move)' });
    assert.throws(() => ot.play(s, 'PA'), { message: 'bitboard: black cannot pass, having 4 legal moves' });
    const over = ot.parse('X'.repeat(64) + ' O');
    assert.throws(() => ot.play(over, 'pass'), /the game is over/);
    assert.throws(() => ot.play(s, 'i9'), RangeError);
    assert.throws(() => ot.play(s, 64), RangeError);
    assert.throws(() => ot.play(s, 1.5), RangeError);
    // positions
    for (const f of [ot.format, ot.legalMoves, ot.isGameOver, ot.discs, ot.score, (p) => ot.perft(p, 1), (p) => ot.solve(p), (p) => ot.play(p, 'f5')]) {
        assert.throws(() => f(null), TypeError);
        assert.throws(() => f('start'), TypeError);
        assert.throws(() => f({ p: 1, o: 2n, side: 'black' }), TypeError);
        assert.throws(() => f({ p: 1n, o: 1n << 64n, side: 'black' }), RangeError);
        assert.throws(() => f({ p: 3n, o: 2n, side: 'black' }), /share discs/);
        assert.throws(() => f({ p: 1n, o: 2n, side: 'red' }), RangeError);
    }
    assert.throws(() => ot.playTranscript('f5', { p: 1n, o: 1n, side: 'black' }), /share discs/);
    assert.throws(() => ot.format(s, 'fancy'), RangeError);
    for (const f of [ot.parse, ot.playTranscript]) {
        assert.throws(() => f(42), TypeError);
        assert.throws(() => f(null), TypeError);
    }
    // moves and flips
    assert.throws(() => ot.moves(1, 2n), TypeError);
    assert.throws(() => ot.moves(-1n, 2n), RangeError);
    assert.throws(() => ot.moves(3n, 1n), /share discs/);
    assert.throws(() => ot.flips(s.p, s.o, 'z9'), RangeError);
    assert.throws(() => ot.flips(s.p, s.o, -1), RangeError);
    assert.throws(() => ot.flips(s.p, 'x', 0), TypeError);
    // perft
    assert.throws(() => ot.perft(s, -1), RangeError);
    assert.throws(() => ot.perft(s, 2.5), RangeError);
    assert.throws(() => ot.perft(s, '3'), TypeError);
    assert.throws(() => ot.perft(s, 3, { convention: 'nope' }), RangeError);
    assert.throws(() => ot.perft(s, 3, { hashMb: -1 }), RangeError);
    assert.throws(() => ot.perft(s, 3, { threads: 2 }), /no option 'threads'/);
    assert.throws(() => ot.perft(s, 3, 'oeis'), TypeError);
    // solve
    const q = ot.playTranscript('f5d6c3d3c4f4f6f3e6e7');
    assert.throws(() => ot.solve(q, { alpha: 3 }), TypeError);
    assert.throws(() => ot.solve(q, { alpha: 3, beta: 3 }), RangeError);
    assert.throws(() => ot.solve(q, { alpha: -65, beta: 0 }), RangeError);
    assert.throws(() => ot.solve(q, { alpha: 0, beta: 65 }), RangeError);
    assert.throws(() => ot.solve(q, { wld: true, alpha: -1, beta: 1 }), RangeError);
    assert.throws(() => ot.solve(q, { wld: 1 }), TypeError);
    assert.throws(() => ot.solve(q, { hashMb: 1e9 }), RangeError);
    assert.throws(() => ot.solve(q, { progress: () => {} }), /no option 'progress'/);
});

test('the heap does not grow over many calls, failing ones included', () => {
    const r = rng(SEED + 6n);
    const games = Array.from({ length: 20 }, () => randomGame(r, 40));
    const positions = games.map((g) => g.positions.at(-1));
    const solved = gameToEmpties(r, 8);
    const round = () => {
        for (const [i, pos] of positions.entries()) {
            ot.format(ot.parse(ot.format(pos)));
            ot.format(pos, 'diagram');
            ot.playTranscript(games[i].transcript);
            ot.legalMoves(pos), ot.discs(pos), ot.score(pos), ot.isGameOver(pos);
            ot.flips(pos.p, pos.o, i), ot.moves(pos.p, pos.o);
            try { ot.play(pos, 'a1'); } catch { /* illegal: freed all the same */ }
            try { ot.parse('x'); } catch { /* ditto */ }
            try { ot.playTranscript(games[i].transcript + 'zz'); } catch { /* ditto */ }
        }
        ot.perft(ot.start(), 4), ot.perft(ot.start(), 5, { hashMb: 1 });
        ot.solve(solved), ot.solve(solved, { wld: true });
    };
    for (let i = 0; i < 20; i++) round(); // the heap reaches its size
    const before = heapBytes();
    for (let i = 0; i < 300; i++) round();
    assert.equal(heapBytes(), before);
});

test('the typings declare every export, and nothing else', () => {
    const dts = readFileSync(path.join(pkg, 'othello.d.ts'), 'utf8');
    const declared = new Map();
    for (const m of dts.matchAll(/^export (function|const|class) (\w+)/gm)) declared.set(m[2], m[1] === 'class' ? 'function' : m[1]);
    const actual = new Map(Object.keys(ot).map((k) => [k, typeof ot[k] === 'function' ? 'function' : 'const']));
    assert.deepEqual([...declared.keys()].sort(), [...actual.keys()].sort());
    for (const [name, kind] of actual) assert.equal(declared.get(name), kind, `${name} is a ${kind}`);
    const union = (type) => [...dts.match(new RegExp(`type ${type} =([^;]*);`))[1].matchAll(/'(\w+)'/g)].map((m) => m[1]);
    assert.deepEqual(union('Side'), [...ot.SIDES]);
    assert.deepEqual(union('Convention'), [...ot.CONVENTIONS]);
});
