// bitboard/othello's solveAsync, searchAsync and perftAsync: the solver, the
// search and perft in a Worker against the CLI (BB_CLI) and the functions on
// this thread, the worker's kept search table, progress, cancel through an AbortSignal
// (the shared flag, and terminating the worker where SharedArrayBuffer is
// missing), bad arguments, and the main thread free while they run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const pkg = path.resolve(process.env.BB_JS ?? 'build/js/bitboard');
const cli = process.env.BB_CLI ?? 'build/bitboard';
const ot = await import(path.join(pkg, 'othello.js'));
const { heapBytes } = await import(path.join(pkg, 'core.js'));
const SEED = Number(BigInt.asUintN(32, BigInt(process.env.BB_JS_SEED ?? '0x5eed0b0a4d'))) || 1;

function rng(seed) {
    let x = seed >>> 0 || 0x9e3779b9;
    return {
        int(n) {
            x ^= x << 13, x >>>= 0;
            x ^= x >>> 17;
            x ^= x << 5, x >>>= 0;
            return x % n;
        },
    };
}

// a seeded random game stopped at `empties` empty squares (or at its end)
function gameToEmpties(r, empties) {
    const pick = (list) => (list.length ? list[r.int(list.length)] : ot.PASS);
    let pos = ot.start();
    for (let left = 60; left > empties && !ot.isGameOver(pos);) {
        pos = ot.play(pos, pick(ot.legalMoves(pos)));
        left = ot.discs(pos).empty;
    }
    return pos;
}

const cliSolve = (pos) => JSON.parse(execFileSync(cli, ['-o', 'json', 'othello', 'solve', '--quiet', ot.format(pos)], { encoding: 'utf8' }));
// 26 empties: no solve ends in a test's time; its first progress report comes in well under a second
const HARD = gameToEmpties(rng(99), 26);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
// the moves of a principal variation replay from pos (PA where the side to move has none)
const replay = (pos, pv) => pv.reduce((q, m) => ot.play(q, m), pos);
const firstProgress = () => {
    let seen;
    const arrived = new Promise((resolve) => (seen = resolve));
    return { arrived, onProgress: (p) => seen(p) };
};
// the CPU time of the whole process (its workers too) over `ms` milliseconds of waiting
async function cpuWhileWaiting(ms) {
    const before = process.cpuUsage();
    await sleep(ms);
    const used = process.cpuUsage(before);
    return (used.user + used.system) / 1000;
}

test('solveAsync of a 20-empties position: the CLI\'s score, best move and PV; progress arrives; the main thread runs', async () => {
    const pos = gameToEmpties(rng(SEED), 20);
    const want = cliSolve(pos);
    const progress = [];
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const got = await ot.solveAsync(pos, { onProgress: (p) => progress.push(p) });
    clearInterval(timer);
    const why = `seed ${SEED}: ${ot.format(pos)}`;
    assert.equal(got.score, want.score, why);
    assert.equal(got.best, want.best, why);
    assert.deepEqual(got.pv, want.pv, why);
    assert.equal(got.nodes, want.nodes, why);
    assert.deepEqual(got, ot.solve(pos), why);
    assert.ok(ticks > 0, 'the main thread ran while the worker solved');
    if (got.nodes > 2e6) assert.ok(progress.length >= 1, `${got.nodes} nodes and no progress`);
    for (let i = 0; i < progress.length; i++) {
        const p = progress[i];
        assert.deepEqual(Object.keys(p).sort(), ['nodes', 'seconds']);
        assert.ok(p.seconds > 0 && p.nodes > 0 && p.nodes <= got.nodes);
        if (i) assert.ok(p.nodes > progress[i - 1].nodes && p.seconds > progress[i - 1].seconds);
    }
    // options go through: wld, a window, the table's size
    const w = await ot.solveAsync(pos, { wld: true, hashMb: 4 });
    assert.equal(w.score, Math.sign(want.score));
    const s = want.score;
    if (s <= 61) assert.equal((await ot.solveAsync(pos, { alpha: s + 1, beta: s + 3 })).bound, 'upper');
});

test('solveAsync: small positions, several at once, as solve', async () => {
    const r = rng(SEED + 1);
    const positions = Array.from({ length: 8 }, (_, i) => gameToEmpties(r, 8 + i));
    const got = await Promise.all(positions.map((pos) => ot.solveAsync(pos)));
    positions.forEach((pos, i) => assert.deepEqual(got[i], ot.solve(pos), ot.format(pos)));
    // a position at the game's end and one that must pass
    assert.deepEqual((await ot.solveAsync(ot.parse('X'.repeat(40) + 'O'.repeat(24) + ' O'))).pv, []);
    assert.deepEqual((await ot.solveAsync(ot.parse('X'.repeat(62) + 'O-' + ' O'))).pv, [ot.PASS, 'h8']);
});

for (const mode of ['a shared flag', 'terminating the worker']) {
    test(`solveAsync: an abort mid-way rejects with an AbortError (${mode}); the search stops (the process goes idle); a later solve works`, async () => {
        const saved = globalThis.SharedArrayBuffer;
        if (mode !== 'a shared flag') delete globalThis.SharedArrayBuffer;
        try {
            const ac = new AbortController();
            const { arrived, onProgress } = firstProgress();
            const solving = ot.solveAsync(HARD, { signal: ac.signal, onProgress });
            const p = await arrived;
            assert.ok(p.nodes > 0);
            ac.abort();
            await assert.rejects(solving, (e) => e.name === 'AbortError');
            // the worker stops searching (a progress report away): the process goes idle
            await sleep(600);
            const cpu = await cpuWhileWaiting(500);
            assert.ok(cpu < 150, `${cpu} ms of CPU in 500 ms after the abort`);
            // with a reason of one's own
            const ac2 = new AbortController();
            const second = ot.solveAsync(HARD, { signal: ac2.signal });
            setTimeout(() => ac2.abort(new Error('enough')), 100);
            await assert.rejects(second, /enough/);
        } finally {
            globalThis.SharedArrayBuffer = saved;
        }
        const pos = gameToEmpties(rng(SEED + 2), 12);
        assert.deepEqual(await ot.solveAsync(pos), ot.solve(pos));
    });
}

test('solveAsync: an abort before the first progress report of a deep search (50 empties): the worker ends within about a second', async () => {
    const ac = new AbortController();
    const solving = ot.solveAsync(ot.playTranscript('f5d6c3d3c4f4f6f3e6e7'), { signal: ac.signal });
    await sleep(200);
    ac.abort();
    await assert.rejects(solving, (e) => e.name === 'AbortError');
    await sleep(1300);
    const cpu = await cpuWhileWaiting(500);
    assert.ok(cpu < 150, `${cpu} ms of CPU in 500 ms, 1.3 s after the abort`);
    const pos = gameToEmpties(rng(SEED + 5), 10);
    assert.deepEqual(await ot.solveAsync(pos), ot.solve(pos));
});

test('solveAsync: a signal already aborted rejects without starting; onProgress that throws ends the solve with its error', async () => {
    const ac = new AbortController();
    ac.abort();
    await assert.rejects(ot.solveAsync(HARD, { signal: ac.signal }), (e) => e.name === 'AbortError');
    await assert.rejects(ot.solveAsync(HARD, { onProgress: () => { throw new Error('from onProgress'); } }), /from onProgress/);
    const pos = gameToEmpties(rng(SEED + 3), 10);
    assert.deepEqual(await ot.solveAsync(pos), ot.solve(pos));
});

test('perftAsync: perft\'s counts; abort (the worker is terminated)', async () => {
    const s = ot.start();
    assert.equal(await ot.perftAsync(s, 7), 55092n); // OEIS A124004
    assert.equal(await ot.perftAsync(s, 6, { convention: 'bik', hashMb: 1 }), ot.perft(s, 6, { convention: 'bik', hashMb: 1 }));
    const q = ot.playTranscript('f5d6c3');
    assert.equal(await ot.perftAsync(q, 5), ot.perft(q, 5));
    const ac = new AbortController();
    const counting = ot.perftAsync(s, 16, { signal: ac.signal });
    await sleep(300);
    ac.abort();
    await assert.rejects(counting, (e) => e.name === 'AbortError');
    await sleep(300);
    const cpu = await cpuWhileWaiting(500);
    assert.ok(cpu < 150, `${cpu} ms of CPU in 500 ms after the abort`);
    assert.equal(await ot.perftAsync(s, 5), 1396n);
});

test('solveAsync and perftAsync: bad arguments reject with solve\'s and perft\'s errors', async () => {
    const q = HARD;
    await assert.rejects(ot.solveAsync(null), TypeError);
    await assert.rejects(ot.solveAsync({ p: 1n, o: 1n, side: 'black' }), /share discs/);
    await assert.rejects(ot.solveAsync(q, { alpha: 3 }), TypeError);
    await assert.rejects(ot.solveAsync(q, { alpha: 3, beta: 3 }), RangeError);
    await assert.rejects(ot.solveAsync(q, { wld: 1 }), TypeError);
    await assert.rejects(ot.solveAsync(q, { hashMb: 1e9 }), RangeError);
    await assert.rejects(ot.solveAsync(q, { progress: () => {} }), /no option 'progress'/);
    await assert.rejects(ot.solveAsync(q, { signal: 'stop' }), /signal must be an AbortSignal/);
    await assert.rejects(ot.solveAsync(q, { onProgress: 3 }), /onProgress must be a function/);
    await assert.rejects(ot.solveAsync(q, 'fast'), TypeError);
    await assert.rejects(ot.perftAsync(q, -1), RangeError);
    await assert.rejects(ot.perftAsync(q, '3'), TypeError);
    await assert.rejects(ot.perftAsync(q, 3, { convention: 'nope' }), RangeError);
    await assert.rejects(ot.perftAsync(q, 3, { threads: 2 }), /no option 'threads'/);
    await assert.rejects(ot.perftAsync(q, 3, { onProgress: () => {} }), /no option 'onProgress'/);
});

test('searchAsync: search\'s answer; the worker keeps its table (the next search of the game finds its entries)', async () => {
    const pos = ot.playTranscript('f5d6c3d3c4f4');
    // a table size of this test's own: the worker makes a fresh one, as the sync search's own
    const want = ot.search(pos, { depth: 9, hashMb: 2 });
    const first = await ot.searchAsync(pos, { depth: 9, hashMb: 2 });
    assert.deepEqual({ ...first, seconds: 0 }, { ...want, seconds: 0 });
    const again = await ot.searchAsync(pos, { depth: 9, hashMb: 2 });
    assert.ok(again.nodes < first.nodes, `kept table: ${again.nodes} nodes, then ${first.nodes}`);
    // a game move by move: each search after the first finds entries of the one before
    let q = ot.play(pos, first.best);
    const fresh = ot.search(q, { depth: 9, hashMb: 2 });
    const kept = await ot.searchAsync(q, { depth: 9, hashMb: 2 });
    assert.ok(kept.nodes < fresh.nodes, `the next move: ${kept.nodes} nodes with the kept table, ${fresh.nodes} without`);
    q = ot.play(q, kept.best);
    const timed = await ot.searchAsync(q, { time: 0.05, hashMb: 2 });
    assert.ok(timed.depth >= 1);
    replay(q, timed.pv);
});

test('searchAsync: progress reports (depth, best so far, nodes); an abort rejects with an AbortError; the worker then searches again', async () => {
    const reports = [];
    const got = await ot.searchAsync(ot.playTranscript('f5d6c3'), { depth: 8, onProgress: (p) => reports.push(p) });
    assert.deepEqual([...new Set(reports.map((p) => p.depth))], [1, 2, 3, 4, 5, 6, 7]);
    assert.ok(reports.every((p) => p.nodes <= got.nodes && typeof p.best === 'string'));
    for (const shared of [true, false]) {
        const saved = globalThis.SharedArrayBuffer;
        if (!shared) delete globalThis.SharedArrayBuffer;
        try {
            const ac = new AbortController();
            let seen = 0;
            // depth 60 from the opening: no end in a test's time
            const searching = ot.searchAsync(ot.start(), { depth: 60, exactEmpties: -1, signal: ac.signal, onProgress: (p) => {
                if (p.depth >= 3 && !seen++) ac.abort();
            } });
            await assert.rejects(searching, (e) => e.name === 'AbortError');
            assert.equal(seen, 1);
            const ac2 = new AbortController();
            const second = ot.searchAsync(ot.start(), { depth: 60, exactEmpties: -1, signal: ac2.signal });
            setTimeout(() => ac2.abort(new Error('enough')), 100);
            await assert.rejects(second, /enough/);
        } finally {
            globalThis.SharedArrayBuffer = saved;
        }
        await sleep(400);
        const pos = ot.playTranscript('f5f6');
        assert.equal((await ot.searchAsync(pos, { depth: 5, hashMb: 3 })).best, ot.search(pos, { depth: 5, hashMb: 3 }).best);
    }
    await assert.rejects(ot.searchAsync(ot.start(), { onProgress: () => { throw new Error('from onProgress'); } }), /from onProgress/);
});

test('searchAsync: bad arguments reject with search\'s errors', async () => {
    const q = ot.start();
    await assert.rejects(ot.searchAsync(null), TypeError);
    await assert.rejects(ot.searchAsync(q, { depth: 61 }), /depth 61 is not an integer in 0\.\.60/);
    await assert.rejects(ot.searchAsync(q, { time: -1 }), RangeError);
    await assert.rejects(ot.searchAsync(q, { table: new ot.SearchTable(1) }), /search has no option 'table'/);
    await assert.rejects(ot.searchAsync(q, { signal: 'stop' }), /signal must be an AbortSignal/);
    await assert.rejects(ot.searchAsync(q, { onProgress: 3 }), /onProgress must be a function/);
    const ac = new AbortController();
    ac.abort();
    await assert.rejects(ot.searchAsync(q, { signal: ac.signal }), (e) => e.name === 'AbortError');
});

test('solveAsync: the main thread\'s heap does not grow over many calls', async () => {
    const pos = gameToEmpties(rng(SEED + 4), 8);
    for (let i = 0; i < 20; i++) await ot.solveAsync(pos);
    const before = heapBytes();
    for (let i = 0; i < 300; i++) await ot.solveAsync(pos);
    assert.equal(heapBytes(), before);
});
