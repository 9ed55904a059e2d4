// make bench-js, the PGN part: the 100,000-game benchmark file
// (build/bench/bench.pgn, tools/gen_pgn --games 100000 --seed 1) read into
// games with every move played, by bitboard/pgn's readPgn and by the JS
// readers on npm, in one Node process, taking turns run after run; medians
// and min-max.  The peers come from BENCH_JS_PEERS (chess.js 1.4.0, chessops
// 0.15.1, @mliebelt/pgn-parser, pgn-parser; make bench-js installs them
// under /tmp): benchmarks only, never dependencies.
//   node js/bench/pgn.mjs [PACKAGE_DIR]
//   BENCH_PGN=file  BENCH_PGN_REPS=3 (runs each)  BENCH_PGN_CHESSJS=1000 (the games chess.js reads)
import path from 'node:path';
import os from 'node:os';
import { readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const pkg = path.resolve(process.argv[2] ?? 'build/js/bitboard');
const peers = path.resolve(process.env.BENCH_JS_PEERS ?? '/tmp/bitboard-bench-js');
const file = process.env.BENCH_PGN ?? 'build/bench/bench.pgn';
const reps = Number(process.env.BENCH_PGN_REPS ?? 3);
const chessjsGames = Number(process.env.BENCH_PGN_CHESSJS ?? 1000);

const { readPgn } = await import(path.join(pkg, 'pgn.js'));
const modules = path.join(peers, 'node_modules');
const esm = (f) => import(path.join(modules, f));
const require = createRequire(path.join(peers, 'package.json'));
const { Chess: ChessJs } = await esm('chess.js/dist/esm/chess.js');
const opsPgn = await esm('chessops/dist/esm/pgn.js');
const opsSan = await esm('chessops/dist/esm/san.js');
const optional = (name) => (existsSync(path.join(modules, name)) ? require(name) : null);
const mliebelt = optional('@mliebelt/pgn-parser'), ludwig = optional('pgn-parser');
const versionOf = (name) => JSON.parse(readFileSync(path.join(modules, name, 'package.json'), 'utf8')).version;

const info = (() => {
    try { return readFileSync('/proc/cpuinfo', 'utf8'); } catch { return ''; }
})();
const cpuField = (k) => (info.match(new RegExp(`^${k}\\s*: (.*)$`, 'm')) ?? [])[1];
const cpu = info ? `${cpuField('vendor_id')} family ${cpuField('cpu family')} model ${cpuField('model')} (${cpuField('model name')})` : os.cpus()[0]?.model;

const bytes = readFileSync(file);
const text = bytes.toString('utf8');
// one string per game, for the readers that take one game (chess.js) or are
// given games one by one (the parse-only readers): split before each
// "[" that starts a line after an empty line, outside the timing
const games = text.split(/\n\n(?=\[)/).map((g) => g.trim()).filter(Boolean);

// ---- the readers: each returns [games, moves] ----------------------------------------

function bitboard(input) {
    let n = 0, moves = 0;
    for (const g of readPgn(input)) n++, moves += g.moves.length;
    return [n, moves];
}

// chessops: its streaming PgnParser, each game's main line played (parseSan, play)
function chessops(input) {
    let n = 0, moves = 0;
    const parser = new opsPgn.PgnParser((game) => {
        const pos = opsPgn.startingPosition(game.headers).unwrap();
        for (const node of game.moves.mainline()) {
            const m = opsSan.parseSan(pos, node.san);
            if (!m) break;
            pos.play(m);
            moves++;
        }
        n++;
    });
    for (let at = 0; at < input.length; at += 1 << 20) parser.parse(input.slice(at, at + (1 << 20)), { stream: true });
    parser.parse('');
    return [n, moves];
}

function chessjs(list) {
    let n = 0, moves = 0;
    for (const g of list) {
        const c = new ChessJs();
        c.loadPgn(g);
        n++;
        moves += c.history().length;
    }
    return [n, moves];
}

// parse only: the moves as text, not played (a bound on the reader's time with moves played)
const parseOnly = {
    '@mliebelt/pgn-parser': mliebelt && ((list) => {
        let n = 0, moves = 0;
        for (const g of list) n++, moves += mliebelt.parseGame(g).moves.length;
        return [n, moves];
    }),
    'pgn-parser': ludwig && ((list) => {
        let n = 0, moves = 0;
        for (const g of list) for (const p of ludwig.parse(g)) n++, moves += p.moves.length;
        return [n, moves];
    }),
};

// ---- side by side ----------------------------------------------------------------------

const mid = (xs) => {
    const s = xs.toSorted((a, b) => a - b), h = s.length >> 1;
    return s.length & 1 ? s[h] : (s[h - 1] + s[h]) / 2;
};

function race(title, entries) {
    const runs = entries.map(() => []), results = entries.map(() => null);
    for (let r = 0; r < reps; r++) {
        for (const [i, e] of entries.entries()) {
            const t0 = process.hrtime.bigint();
            results[i] = e.fn();
            runs[i].push(Number(process.hrtime.bigint() - t0) / 1e9);
        }
    }
    console.log(`\n${title}`);
    const base = mid(runs[0]);
    for (const [i, e] of entries.entries()) {
        const t = mid(runs[i]), [n, moves] = results[i];
        const spread = `${(Math.min(...runs[i]) * 1e3).toFixed(0)}-${(Math.max(...runs[i]) * 1e3).toFixed(0)}`;
        console.log(`  ${e.name.padEnd(50)} ${String(n).padStart(7)} games ${String(moves).padStart(9)} moves` +
            `  median ${(t * 1e3).toFixed(0).padStart(7)} ms (${spread}, ${runs[i].length} runs)` +
            `  ${(n / t).toFixed(0).padStart(7)} games/s  ${(t / base).toFixed(1).padStart(6)}x bitboard's time`);
    }
}

console.log(`bench-js PGN: Node ${process.version} on ${cpu}; ${file}: ${games.length} games, ${(bytes.length / 1e6).toFixed(1)} MB;` +
    ` chess.js ${versionOf('chess.js')}, chessops ${versionOf('chessops')}` +
    `${mliebelt ? `, @mliebelt/pgn-parser ${versionOf('@mliebelt/pgn-parser')}` : ''}${ludwig ? `, pgn-parser ${versionOf('pgn-parser')}` : ''}; ${reps} runs each, taking turns`);

race('the whole file into games, every move played (main line)', [
    { name: 'bitboard readPgn (wasm)', fn: () => bitboard(bytes) },
    { name: 'chessops PgnParser + parseSan/play', fn: () => chessops(text) },
    ...Object.entries(parseOnly).filter(([, fn]) => fn).map(([name, fn]) => ({ name: `${name} (parse only, no moves played)`, fn: () => fn(games) })),
]);

// chess.js reads one game per loadPgn and refuses some games of the file (two
// comments in a row): the first games it reads, the same ones for all
const accepted = [];
for (const g of games) {
    if (accepted.length >= chessjsGames) break;
    try {
        new ChessJs().loadPgn(g);
        accepted.push(g);
    } catch { /* refused */ }
}
const firstText = accepted.join('\n\n') + '\n';
race(`the first ${accepted.length} games chess.js reads (loadPgn game by game; the whole file would take it hours), every move played`, [
    { name: 'bitboard readPgn (wasm)', fn: () => bitboard(firstText) },
    { name: 'chessops PgnParser + parseSan/play', fn: () => chessops(firstText) },
    { name: 'chess.js loadPgn', fn: () => chessjs(accepted) },
]);
