// The per-call figures of issue 46 against chess.js 1.4.0, each library's
// runs alternating in one process (or its fresh processes alternating):
// get(square), 200,000 calls a run; import in a fresh Node process; the
// memory of 100,000 new Chess() with and without free().  Medians with the
// spread (min-max).  chess.js from BENCH_JS_PEERS (make bench-js installs it).
//   node js/bench/chessjs.mjs [PACKAGE_DIR]    BENCH_REPS=21 runs of get, 20 imports
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const pkg = path.resolve(process.argv[2] ?? 'build/js/bitboard');
const peers = path.resolve(process.env.BENCH_JS_PEERS ?? '/tmp/bitboard-bench-js');
const chessjs = path.join(peers, 'node_modules/chess.js/dist/esm/chess.js');
const ours = path.join(pkg, 'chess.js');
const reps = Number(process.env.BENCH_REPS ?? 21);
const med = (x) => [...x].sort((p, q) => p - q)[x.length >> 1];
const spread = (x, d) => `median ${med(x).toFixed(d)} (${Math.min(...x).toFixed(d)}-${Math.max(...x).toFixed(d)})`;
const node = (code) => execFileSync('node', ['--expose-gc', '--input-type=module', '-e', code], { encoding: 'utf8' }).trim();

const info = readFileSync('/proc/cpuinfo', 'utf8');
const field = (k) => (info.match(new RegExp(`^${k}\\s*: (.*)$`, 'm')) ?? [])[1];
console.log(`${field('vendor_id')} family ${field('cpu family')} model ${field('model')}, Node ${process.versions.node}`);

// get: one loop function per library (its own call site: none megamorphic)
const SQ = [];
for (const r of '87654321') for (const f of 'abcdefgh') SQ.push(f + r);
const N = 200000;
const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
const libs = { 'chess.js': (await import(chessjs)).Chess, bitboard: (await import(ours)).Chess };
const loops = Object.fromEntries(Object.keys(libs).map((k) => [k, new Function('g', 'SQ', 'N', `let n = 0;
    const t = performance.now();
    for (let i = 0; i < N; i++) if (g.get(SQ[i & 63])) n++;
    return (performance.now() - t) * 1000 / N;`)]));
const games = Object.fromEntries(Object.entries(libs).map(([k, C]) => [k, new C(KIWIPETE)]));
const times = Object.fromEntries(Object.keys(libs).map((k) => [k, []]));
for (let i = 0; i < 5; i++) for (const k in libs) loops[k](games[k], SQ, N);
for (let i = 0; i < reps; i++) for (const k in libs) times[k].push(loops[k](games[k], SQ, N));
for (const k in libs) console.log(`get ${k.padEnd(9)} ${spread(times[k], 4)} us a call, ${reps} runs of ${N}`);

// import in a fresh process, 20 each, alternating
const imports = { 'chess.js': [], bitboard: [] };
const files = { 'chess.js': chessjs, bitboard: path.join(pkg, 'bitboard.js') };
for (let i = 0; i < 20; i++) {
    for (const k in files) {
        imports[k].push(Number(node(`const t = performance.now(); await import(${JSON.stringify(files[k])}); console.log(performance.now() - t);`)));
    }
}
for (const k in files) console.log(`import ${k.padEnd(9)} ${spread(imports[k], 1)} ms, 20 fresh processes`);

// 100,000 new Chess(), each dropped at once: freed, or left to the garbage collector (a FinalizationRegistry)
for (const free of [false, true]) {
    const out = node(`const { Chess } = await import(${JSON.stringify(ours)});
        const { memoryBytes } = await import(${JSON.stringify(path.join(pkg, 'bitboard.js'))});
        const t = performance.now(); const keep = [];
        for (let i = 0; i < 100000; i++) { const g = new Chess(); g.move('e4'); ${free ? 'g.free();' : ''} }
        const ms = performance.now() - t, peak = memoryBytes();
        keep.length = 0; globalThis.gc(); await new Promise((r) => setTimeout(r, 50)); globalThis.gc(); await new Promise((r) => setTimeout(r, 50));
        const g = new Chess(); g.free();
        console.log(ms.toFixed(0), (peak / 2 ** 20).toFixed(1), (process.memoryUsage().rss / 2 ** 20).toFixed(0));`);
    const [ms, peak, rss] = out.split(' ');
    console.log(`100,000 new Chess() + e4 ${free ? 'each free()d   ' : 'no free()      '}: ${ms} ms, wasm memory ${peak} MiB, process RSS at the end ${rss} MiB`);
}
