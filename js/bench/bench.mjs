// make bench-js: the package side by side with chess.js and chessops in one
// Node process, the libraries taking turns run after run; medians with the
// spread (min-max) of each.  The peers come from BENCH_JS_PEERS (a folder
// where `npm install chess.js@1.4.0 chessops@0.15.1` was run; make bench-js
// does it under /tmp): benchmarks only, never dependencies.
//   node js/bench/bench.mjs [PACKAGE_DIR]    BENCH_REPS=5 runs each (chess.js: at most 3)
import path from 'node:path';
import os from 'node:os';
import { readFileSync } from 'node:fs';

const pkg = path.resolve(process.argv[2] ?? 'build/js/bitboard');
const peers = path.resolve(process.env.BENCH_JS_PEERS ?? '/tmp/bitboard-bench-js');
const reps = Number(process.env.BENCH_REPS ?? 5);
// each peer's ES module build, by path (their package.json points Node's require at CommonJS)
const peer = (file) => import(path.join(peers, 'node_modules', file));

const ours = await import(path.join(pkg, 'chess.js'));
const chessjs = await peer('chess.js/dist/esm/chess.js');
const chessopsChess = await peer('chessops/dist/esm/chess.js');
const chessopsFen = await peer('chessops/dist/esm/fen.js');
const chessopsDebug = await peer('chessops/dist/esm/debug.js');
const chessopsSan = await peer('chessops/dist/esm/san.js');
const version = (name) => JSON.parse(readFileSync(path.join(peers, 'node_modules', name, 'package.json'), 'utf8')).version;

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';

const cpu = (() => {
    try {
        const info = readFileSync('/proc/cpuinfo', 'utf8');
        const field = (k) => (info.match(new RegExp(`^${k}\\s*: (.*)$`, 'm')) ?? [])[1];
        return `${field('vendor_id')} family ${field('cpu family')} model ${field('model')} (${field('model name')})`;
    } catch {
        return os.cpus()[0]?.model ?? 'unknown CPU';
    }
})();

function median(xs) {
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

// runs each entry's fn in turn, reps times; fn returns a count (nodes, moves) that must agree
function sideBySide(title, unit, entries) {
    const times = entries.map(() => []), counts = entries.map(() => null);
    for (let r = 0; r < reps; r++) {
        entries.forEach((e, i) => {
            if (times[i].length >= (e.reps ?? reps)) return;
            const t0 = process.hrtime.bigint();
            const n = e.fn();
            times[i].push(Number(process.hrtime.bigint() - t0) / 1e9);
            if (counts[i] !== null && counts[i] !== n) throw new Error(`${e.name}: ${n} then ${counts[i]}`);
            counts[i] = n;
        });
    }
    console.log(`\n${title}`);
    const base = median(times[0]);
    entries.forEach((e, i) => {
        const m = median(times[i]);
        const rate = counts[i] / m / 1e6;
        console.log(`  ${e.name.padEnd(22)} ${counts[i].toString().padStart(10)} ${unit}  median ${(m * 1e3).toFixed(1).padStart(9)} ms` +
            ` (${(Math.min(...times[i]) * 1e3).toFixed(1)}-${(Math.max(...times[i]) * 1e3).toFixed(1)}, ${times[i].length} runs)` +
            `  ${rate.toFixed(2).padStart(8)} M ${unit}/s  ${(m / base).toFixed(2).padStart(7)}x bitboard's time`);
    });
    const ref = counts[0];
    entries.forEach((e, i) => {
        if (counts[i] !== ref) throw new Error(`${title}: ${e.name} counts ${counts[i]}, bitboard ${ref}`);
    });
}

const opsPosition = (fen) => chessopsChess.Chess.fromSetup(chessopsFen.parseFen(fen).unwrap()).unwrap();

console.log(`bench-js: Node ${process.version} on ${cpu}; chess.js ${version('chess.js')}, chessops ${version('chessops')}; ${reps} runs each, taking turns`);

for (const [name, fen, depth] of [['start', START, 5], ['Kiwipete', KIWIPETE, 4]]) {
    sideBySide(`perft ${depth} of ${name} (each library's own perft)`, 'nodes', [
        { name: 'bitboard (wasm)', fn: () => { const g = new ours.Chess(fen); const n = g.perft(depth); g.free(); return Number(n); } },
        { name: 'chessops (debug.perft)', fn: () => chessopsDebug.perft(opsPosition(fen), depth) },
        { name: 'chess.js perft', reps: Math.min(reps, 3), fn: () => new chessjs.Chess(fen).perft(depth) },
    ]);
}

// positions of seeded random games (the same in every library: bitboard plays them)
function positions(n, seed) {
    let s = seed >>> 0;
    const rand = (k) => { s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0; return s % k; };
    const out = [], g = new ours.Chess();
    while (out.length < n) {
        g.reset();
        const plies = 10 + rand(80);
        for (let p = 0; p < plies && !g.isGameOver(); p++) {
            const ms = g.moves();
            g.move(ms[rand(ms.length)]);
            out.push(g.fen());
        }
    }
    g.free();
    return out.slice(0, n);
}
const fens = positions(2000, 12345);
const opsSans = (fen) => {
    const pos = opsPosition(fen);
    const sans = [];
    for (const [from, dests] of pos.allDests()) {
        for (const to of dests) {
            const promo = pos.board.pawn.has(from) && (to >> 3 === 0 || to >> 3 === 7);
            for (const role of promo ? ['queen', 'rook', 'bishop', 'knight'] : [undefined]) {
                sans.push(chessopsSan.makeSan(pos, role ? { from, to, promotion: role } : { from, to }));
            }
        }
    }
    return sans.length;
};
const oursGame = new ours.Chess(), jsGame = new chessjs.Chess();
sideBySide(`legal moves as SAN strings, ${fens.length} positions of random games (load the FEN, list the SAN)`, 'moves', [
    { name: 'bitboard (wasm)', fn: () => fens.reduce((n, f) => { oursGame.load(f); return n + oursGame.moves().length; }, 0) },
    { name: 'chessops (makeSan)', fn: () => fens.reduce((n, f) => n + opsSans(f), 0) },
    { name: 'chess.js moves()', fn: () => fens.reduce((n, f) => { jsGame.load(f); return n + jsGame.moves().length; }, 0) },
]);

// the wasm perft against native builds' (BENCH_NATIVE: their CLIs,
// colon-separated, e.g. build/portable/bitboard:build/bitboard; the count
// is the CLI's, the time includes its start, a few ms)
const natives = (process.env.BENCH_NATIVE ?? '').split(':').filter(Boolean);
if (natives.length) {
    const { execFileSync } = await import('node:child_process');
    for (const [name, fen, depth] of [['start', START, 6], ['Kiwipete', KIWIPETE, 5]]) {
        sideBySide(`perft ${depth} of ${name}: the wasm kernel and native CLIs (one thread)`, 'nodes', [
            { name: 'bitboard (wasm)', fn: () => { const g = new ours.Chess(fen); const n = g.perft(depth); g.free(); return Number(n); } },
            ...natives.map((cli) => ({
                name: cli.length > 22 ? '...' + cli.slice(-19) : cli,
                fn: () => Number(execFileSync(cli, ['chess', 'perft', String(depth), fen, '--threads', '1', '--quiet'],
                    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim().split('\n')[0]),
            })),
        ]);
    }
}
