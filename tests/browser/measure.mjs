// make bench-web: the playground measured in headless Chromium against the
// same calls in Node: time to first paint and to interactive (the page's
// module ready, the board panel drawn), each load in a fresh browser; the bytes loaded, and chess perft and
// the Othello solver in the page and in Node.  Medians with the spread over
// RUNS loads (default 9).  BB_CHROME, BB_PUPPETEER and BB_WEB as for the tests.
//   node tests/browser/measure.mjs
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import http from 'node:http';
import path from 'node:path';

const root = path.resolve(process.env.BB_WEB ?? 'build/web');
const runs = Number(process.env.RUNS ?? 9);
const puppeteer = createRequire(path.join(process.env.BB_PUPPETEER, 'package.json'))('puppeteer-core');
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm' };
const served = [], gzipped = new Map(); // each file's gzip -9 size, computed once (not while serving it)
const server = http.createServer(async (req, res) => {
    const file = path.join(root, decodeURIComponent(new URL(req.url, 'http://x').pathname).replace(/\/$/, '/index.html'));
    try {
        const body = await readFile(file);
        res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
        res.end(body);
        served.push([file, body.length]);
    } catch {
        res.writeHead(404);
        res.end();
    }
});
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const url = `http://127.0.0.1:${server.address().port}/`;
const med = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return `${s[s.length >> 1].toFixed(1)} (${s[0].toFixed(1)}-${s[s.length - 1].toFixed(1)})`;
};
const cpu = (() => {
    const info = readFileSync('/proc/cpuinfo', 'utf8');
    const f = (k) => (info.match(new RegExp(`^${k}\\s*: (.*)$`, 'm')) ?? [])[1];
    return `${f('vendor_id')} family ${f('cpu family')} model ${f('model')}`;
})();

// each load cold: a fresh browser (a new profile, so no HTTP or code cache)
const launch = () => puppeteer.launch({ executablePath: process.env.BB_CHROME, headless: true, args: ['--no-sandbox'] });
let browser;
const paint = [], ready = [];
for (let i = 0; i < runs; i++) {
    browser = await launch();
    const page = await browser.newPage();
    served.length = 0;
    await page.goto(url);
    await page.waitForSelector('body[data-ready=true]');
    paint.push(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN));
    ready.push(Number(await page.evaluate(() => document.body.dataset.readyMs)));
    if (process.env.VERBOSE) console.log(await page.evaluate(() => performance.getEntriesByType('resource').map((e) => `${e.name.split('/').pop()} ${e.responseEnd.toFixed(0)}`).join(', ')), ready.at(-1));
    if (i < runs - 1) await browser.close();
}
for (const [file] of served) if (!gzipped.has(file)) gzipped.set(file, gzipSync(await readFile(file), { level: 9 }).length);
const bytes = served.reduce((a, [, n]) => a + n, 0), gz = served.reduce((a, [file]) => a + gzipped.get(file), 0);
console.log(`bench-web on ${cpu}, Chromium ${await browser.version()}, Node ${process.version}, ${runs} loads each`);
console.log(`first contentful paint: ${med(paint)} ms; interactive (module ready, panels drawn): ${med(ready)} ms`);
console.log(`loaded: ${served.length} files, ${(bytes / 1024).toFixed(0)} KB (${(gz / 1024).toFixed(0)} KB gzipped)`);

// the same calls in the page and in Node, taking turns
const page = (await browser.pages()).at(-1);
const node = {
    chess: await import(path.join(root, 'bitboard/chess.js')),
    othello: await import(path.join(root, 'bitboard/othello.js')),
};
const POS = '-OOOO--OXOOOXOO-XXOXXOO-XXXOXO--XXOOOOO-XOXOOOXOXOOO---X---O---- X';
const jobs = {
    'chess perft 5 of the start': async (m) => Number(new m.chess.Chess().perft(5)),
    'Othello solve, 18 empties': async (m) => m.othello.solve(m.othello.parse(POS)).score,
};
for (const [name, job] of Object.entries(jobs)) {
    const inPage = [], inNode = [];
    for (let i = 0; i < 5; i++) {
        inPage.push(await page.evaluate(async (n, pos) => {
            const chess = await import('./bitboard/chess.js'), othello = await import('./bitboard/othello.js');
            const t = performance.now();
            if (n.startsWith('chess')) new chess.Chess().perft(5);
            else othello.solve(othello.parse(pos));
            return performance.now() - t;
        }, name, POS));
        const t = performance.now();
        await job(node);
        inNode.push(performance.now() - t);
    }
    console.log(`${name}: page ${med(inPage)} ms, Node ${med(inNode)} ms`);
}
await browser.close();
server.close();
