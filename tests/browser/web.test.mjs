// The playground (web/) in a real headless Chromium (Debian's), driven by
// puppeteer-core: the page loads with no console error and no failed
// request, every panel answers clicks and keys, and what it shows agrees
// with the CLI (BB_CLI).  Run by tests/browser/web.sh, which sets
// BB_CHROME, BB_PUPPETEER (the folder puppeteer-core is installed in),
// BB_WEB (the staged page, make web) and BB_SHOTS (screenshots).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPage } from './serve.mjs';

const cli = process.env.BB_CLI ?? 'build/bitboard';
const root = path.resolve(process.env.BB_WEB ?? 'build/web');
const shots = path.resolve(process.env.BB_SHOTS ?? 'build/test-logs');
const puppeteer = createRequire(path.join(process.env.BB_PUPPETEER, 'package.json'))('puppeteer-core');
const run = (...args) => execFileSync(cli, args, { encoding: 'utf8' }).trim();

let server, browser, page, base;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'bitboard-web-'));
const problems = [];

before(async () => {
    ({ server, base, browser, page } = await openPage(puppeteer, root, problems));
});

after(async () => {
    rmSync(tmp, { recursive: true, force: true });
    await browser?.close();
    server?.close();
});

const value = (sel) => page.$eval(sel, (e) => e.value);
const textOf = (sel) => page.$eval(sel, (e) => e.textContent);
const cell = (grid, sq) => `#${grid} [data-sq="${sq}"]`;
const sqIndex = (name) => (name.charCodeAt(1) - 49) * 8 + name.charCodeAt(0) - 97;
const classes = (grid) => page.$$eval(`#${grid} .cell`, (es) => Object.fromEntries(es.map((e) => [Number(e.dataset.sq), e.className])));
const shoot = (name) => page.screenshot({ path: path.join(shots, `web-${name}.png`), fullPage: true });
// Every tracer picture in the panel (figure.trace) against the SVG the CLI
// writes for the same form, square and inputs: byte for byte.
async function samePictures(panel, atLeast) {
    const figs = await page.$$eval(`#panel-${panel} figure.trace`, (fs) => fs.map((f) => ({
        form: f.dataset.form, square: f.dataset.square, inputs: f.dataset.inputs, src: f.querySelector('img').getAttribute('src'),
    })));
    assert.ok(figs.length >= atLeast, `${panel}: ${figs.length} pictures`);
    const prefix = 'data:image/svg+xml;charset=utf-8,';
    for (const f of figs) {
        const file = path.join(tmp, 'pic.svg');
        const args = ['trace', f.form, ...(f.square ? ['--square', f.square] : []),
            ...f.inputs.split(' ').flatMap((kv) => ['--input', kv]), '--svg', file];
        execFileSync(cli, args);
        assert.ok(f.src.startsWith(prefix), f.form);
        assert.equal(decodeURIComponent(f.src.slice(prefix.length)), readFileSync(file, 'utf8'), `${panel}: ${args.join(' ')}`);
    }
    return figs.length;
}

const tab = async (name) => {
    await page.click(`#tab-${name}`);
    await page.waitForSelector(`#panel-${name}:not([hidden])`);
};

test('the page loads: no console error, no failed request, no external request', async () => {
    const urls = [];
    page.on('request', (r) => urls.push(r.url()));
    await page.reload();
    await page.waitForSelector('body[data-ready=true]', { timeout: 20000 });
    assert.deepEqual(problems, []);
    assert.ok(urls.length >= 4, urls.join(' '));
    for (const u of urls) assert.ok(u.startsWith(base) || u.startsWith('data:'), `an external request: ${u}`);
    assert.equal(await page.$eval('#loading', (e) => e.hidden), true);
});

test('board: clicks and keys set bits; hex, symmetries, pseudo-rotations and the canonical form agree with the CLI', async () => {
    await tab('board');
    await page.click('#board-clear');
    for (const s of ['a1', 'd3', 'e3', 'f3', 'd4', 'f4', 'e5', 'h8']) await page.click(cell('board-grid', sqIndex(s)));
    const x = await value('#board-hex');
    assert.equal(x, run('-o', 'hex', 'show', 'a1,d3,e3,f3,d4,f4,e5,h8'));
    assert.equal(await textOf('#board-squares'), 'a1 d3 e3 f3 d4 f4 e5 h8');
    const want = run('-o', 'hex', 'transform', 'all', x).split('\n').map((l) => l.split(' ')[1]);
    assert.deepEqual(await page.$$eval('#board-syms .mini code', (es) => es.map((e) => e.textContent)), want);
    const rot = await page.$$eval('#board-rot45 .mini code', (es) => es.map((e) => e.textContent));
    assert.deepEqual(rot, ['cw', 'ccw', 'uncw', 'unccw'].map((w) => run('-o', 'hex', 'rotate45', w, x)));
    const canonical = run('-o', 'hex', 'canonical', x).split('\n')[0].split(' ')[0];
    assert.ok((await textOf('#board-canonical')).includes(canonical), canonical);
    // a symmetry clicked is applied
    await page.click('#board-syms .mini:nth-child(2) button');
    assert.equal(await value('#board-hex'), want[1]);
    // the keyboard: the focus starts on a8; right, then Space sets b8
    await page.click('#board-clear');
    await page.focus(cell('board-grid', 56));
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    assert.equal(await value('#board-hex'), run('-o', 'hex', 'show', 'b8,b7'));
    assert.equal(await page.$eval(cell('board-grid', 57), (e) => e.getAttribute('aria-pressed')), 'true');
    // typing the board
    await page.$eval('#board-hex', (e) => { e.value = ''; });
    await page.type('#board-hex', '0xff00');
    const on = await page.$$eval('#board-grid .cell.on', (es) => es.map((e) => Number(e.dataset.sq)));
    assert.deepEqual(on.sort((a, b) => a - b), [8, 9, 10, 11, 12, 13, 14, 15]);
    await page.$eval('#board-list', (e) => { e.value = ''; });
    await page.type('#board-list', 'a1 e9');
    assert.match(await textOf('#board-error'), /e9/);
    // the tracer's picture of each program, on the board now
    await page.$eval('#board-hex', (e) => { e.value = ''; });
    await page.type('#board-hex', '0x0000001028380001');
    for (const form of ['rotate_cw', 'flip_diagonal_gfni', 'pseudo_unrotate45_ccw']) {
        await page.select('#board-form', form);
        assert.equal(await samePictures('board', 1), 1);
    }
    await shoot('board');
});

test('lines: the 8 bits of every kind of line agree with the CLI', async () => {
    await tab('lines');
    const occ = run('-o', 'hex', 'show', 'b2,d4,f6,d7,a4,g4');
    for (const [sq, line] of [['d4', 'diagonal'], ['d4', 'file'], ['a4', 'rank'], ['g1', 'antidiagonal'], ['h8', 'diagonal']]) {
        await page.select('#lines-square', String(sqIndex(sq)));
        await page.select('#lines-line', line);
        const bits = Number(run('line', occ, sq, line).match(/bits: (0x[0-9a-f]+)/)[1]);
        const boardOrder = [...bits.toString(2).padStart(8, '0')].reverse().join('');
        assert.equal(await textOf('#lines-bits'), `${boardOrder} (the number ${bits})`, `${sq} ${line}`);
        const mask = run('-o', 'hex', 'deposit', '0xff', sq, line);
        assert.equal((await page.$$eval('#lines-out .mini code', (es) => es.map((e) => e.textContent)))[0], mask, `${sq} ${line}`);
        for (const how of ['mul', 'pext']) {
            await page.select('#lines-method', how);
            assert.equal(await samePictures('lines', 2), 2);
            const steps = await page.$$eval('#lines-steps > div:first-child li', (es) => es.map((e) => e.textContent));
            assert.ok(steps.length >= 1, `${how} ${line}: ${steps}`);
            assert.ok(steps.at(-1).endsWith(`0x${bits.toString(16).padStart(16, '0')}`), `${how} ${line}: ${steps.at(-1)}`);
        }
    }
    await shoot('lines');
});

test('othello: a game played by clicks agrees with the CLI move by move, flips by line included', async () => {
    await tab('othello');
    await page.click('#othello-new');
    let transcript = '';
    for (let ply = 0; ply < 24; ply++) {
        const c = await classes('othello-grid');
        const legal = Object.entries(c).filter(([, k]) => k.includes('legal')).map(([sq]) => Number(sq));
        const passable = !(await page.$eval('#othello-pass', (e) => e.disabled));
        let move;
        if (legal.length === 0) {
            if (!passable) break;
            await page.click('#othello-pass');
            move = 'PA';
        } else {
            const sq = legal[(ply * 7) % legal.length];
            move = String.fromCharCode(97 + (sq & 7)) + ((sq >> 3) + 1);
            await page.click(cell('othello-grid', sq));
            const flips = run('-o', 'hex', 'othello', 'moves', transcript ? run('-o', 'hex', 'othello', 'play', 'start', transcript) : 'start', move);
            const shown = (await page.$$eval('#othello-flips .mini code', (es) => es.map((e) => e.textContent))).map(BigInt);
            assert.equal('0x' + shown.reduce((a, b) => a | b, 0n).toString(16).padStart(16, '0'), flips, `${transcript} ${move}`);
            if (ply % 8 === 0) await samePictures('othello', 1);
        }
        transcript += move;
        const pos = JSON.parse(run('-o', 'json', 'othello', 'play', 'start', transcript));
        const now = await classes('othello-grid');
        const board = Array.from({ length: 64 }, (_, sq) => (now[sq].includes('black') ? 'X' : now[sq].includes('white') ? 'O' : '-')).join('');
        assert.equal(board, pos.position.split(' ')[0], transcript);
        assert.equal(await value('#othello-transcript'), transcript);
        assert.match(await textOf('#othello-discs'), new RegExp(`black ${pos.black}, white ${pos.white}`));
    }
    await page.click('#othello-undo');
    assert.equal(await value('#othello-transcript'), transcript.slice(0, -2));
    await page.$eval('#othello-transcript', (e) => { e.value = 'f5d6f5'; });
    await page.click('#othello-load');
    assert.match(await textOf('#othello-error'), /f5/);
    await page.$eval('#othello-transcript', (e) => { e.value = 'f5d6c3'; });
    await page.click('#othello-load');
    assert.equal(await textOf('#othello-error'), '');
    assert.equal(await value('#othello-transcript'), 'f5d6c3');
    await shoot('othello');
});

// A game's transcript from the start to `empties` empty squares (the
// package in Node plays it: move (i * 5) mod the number of legal moves).
async function transcriptTo(empties) {
    const ot = await import(path.join(root, 'bitboard', 'othello.js'));
    let pos = ot.start(), text = '';
    for (let i = 0; ot.discs(pos).empty > empties; i++) {
        const legal = ot.legalMoves(pos), m = legal.length ? legal[(i * 5) % legal.length] : 'PA';
        pos = ot.play(pos, m);
        text += m;
    }
    return text;
}

test('othello: the exact score of every move, solved in a Worker, as the CLI solves it; Stop stops it', async () => {
    await tab('othello');
    const t14 = await transcriptTo(14);
    await page.$eval('#othello-transcript', (e, t) => { e.value = t; }, t14);
    await page.click('#othello-load');
    const want = await page.$$eval('#othello-grid .cell.legal', (es) => es.map((e) => e.getAttribute('aria-label').slice(0, 2)));
    assert.ok(want.length > 0);
    await page.waitForFunction((n) => document.querySelectorAll('#othello-scores li').length === n, { timeout: 60000 }, want.length);
    const scores = await page.$$eval('#othello-scores li', (es) => es.map((e) => [e.dataset.move, Number(e.dataset.score)]));
    for (const [m, score] of scores) {
        const r = JSON.parse(run('-o', 'json', 'othello', 'solve', t14 + m, '--quiet'));
        assert.equal(score, -r.score, `${t14} ${m}`);
        assert.equal(await textOf(cell('othello-grid', sqIndex(m))), `${score > 0 ? '+' : ''}${score}`);
    }
    assert.match(await textOf('#othello-solve-status'), /^Solved: the best move is/);
    // 24 empties: on request, and stopped mid-way; the page answers meanwhile
    const t24 = await transcriptTo(24);
    await page.$eval('#othello-transcript', (e, t) => { e.value = t; }, t24);
    await page.click('#othello-load');
    assert.match(await textOf('#othello-solve-status'), /24 empty squares: press Solve/);
    await page.click('#othello-solve');
    await page.waitForFunction(() => /^solving /.test(document.getElementById('othello-solve-status').textContent), { timeout: 30000 });
    assert.equal(await page.evaluate(() => 6 * 7), 42, 'the page answers while the solver runs');
    await page.click('#othello-stop');
    await page.waitForFunction(() => document.getElementById('othello-solve-status').textContent === 'Stopped.', { timeout: 5000 });
    assert.equal(await page.$eval('#othello-stop', (e) => e.disabled), true);
    assert.equal(await page.$eval('#othello-solve', (e) => e.disabled), false);
    await page.click('#othello-new');
});

test('chess: moves by clicks, FEN and PGN in, perft with its divide and the attack sets agree with the CLI', async () => {
    await tab('chess');
    await page.click('#chess-new');
    for (const [from, to] of [['e2', 'e4'], ['c7', 'c5'], ['g1', 'f3']]) {
        await page.click(cell('chess-grid', sqIndex(from)));
        const targets = await page.$$eval('#chess-grid .cell.target', (es) => es.map((e) => e.getAttribute('aria-label').slice(0, 2)));
        assert.ok(targets.includes(to), `${from}: ${targets}`);
        await page.click(cell('chess-grid', sqIndex(to)));
    }
    assert.equal(await value('#chess-fen'), run('chess', 'play', 'start', 'e4', 'c5', 'Nf3'));
    assert.equal(await textOf('#chess-moves'), '1. e4 c5 2. Nf3');
    await page.click('#chess-undo');
    assert.equal(await textOf('#chess-moves'), '1. e4 c5');
    const kiwipete = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
    await page.$eval('#chess-fen', (e, f) => { e.value = f; }, kiwipete);
    await page.click('#chess-load');
    assert.equal(await value('#chess-fen'), kiwipete);
    await page.select('#chess-depth', '2');
    await page.click('#chess-perft');
    assert.equal(await textOf('#chess-perft-total'), `perft 2: ${run('chess', 'perft', '2', kiwipete, '--quiet')} (48 moves)`);
    const divide = await page.$$eval('#chess-divide tbody tr', (rs) => rs.map((r) => [...r.cells].map((c) => c.textContent)));
    assert.equal(divide.length, 48);
    for (const [uci, n] of divide.slice(0, 6)) {
        const after = run('chess', 'play', kiwipete, uci);
        assert.equal(n, run('chess', 'perft', '1', after, '--quiet'), uci);
    }
    // the attack set of the piece under the pointer, by each method
    for (const method of ['magic', 'rotated', 'kogge-stone']) {
        await page.select('#chess-method', method);
        await page.hover(cell('chess-grid', sqIndex('f3')));
        const text = await textOf('#chess-attacks');
        assert.match(text, new RegExp(`queen on f3 attacks .*\\(${method}\\)`));
    }
    for (const [method, n] of [['magic', 2], ['hyperbola', 3], ['rotated', 3], ['kindergarten', 4]]) {
        await page.select('#chess-method', method);
        await page.hover(cell('chess-grid', sqIndex('f3')));
        assert.equal(await samePictures('chess', n), n, method);
    }
    await page.select('#chess-method', 'kogge-stone');
    await page.hover(cell('chess-grid', sqIndex('f3')));
    const hexShown = (await textOf('#chess-attacks')).match(/0x[0-9a-f]{16}/)[0];
    const occupied = run('-o', 'hex', 'show', 'a8,e8,h8,a7,c7,d7,e7,f7,g7,a6,b6,e6,f6,g6,d5,e5,b4,e4,c3,f3,h3,a2,b2,c2,d2,e2,f2,g2,h2,a1,e1,h1');
    assert.equal(hexShown, run('-o', 'hex', 'attacks', 'queen', 'f3', occupied));
    await page.$eval('#chess-fen', (e) => { e.value = '8/8/8/8/8/8/8/8 w - - 0 1'; });
    await page.click('#chess-load');
    assert.match(await textOf('#chess-error'), /Invalid FEN: .*white has no king/);
    await page.$eval('#chess-pgn', (e) => { e.value = '[White "A"]\n\n1. f3 e5 2. g4 Qh4# 0-1'; });
    await page.click('#chess-load-pgn');
    assert.equal(await textOf('#chess-pgn-error'), '');
    assert.match(await textOf('#chess-status'), /Checkmate/);
    await shoot('chess');
});

test('the keyboard moves between tabs; at a phone\'s width no panel scrolls sideways', async () => {
    await tab('board');
    await page.focus('#tab-board');
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.$eval('#tab-lines', (e) => e.getAttribute('aria-selected')), 'true');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'tab-lines');
    await page.setViewport({ width: 375, height: 800, isMobile: true, hasTouch: true });
    for (const name of ['board', 'lines', 'othello', 'chess']) {
        await tab(name);
        // the window widens to what the page needs (innerWidth follows it): the screen's 375 px is the measure
        const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(scroll <= 375, `${name}: the page is ${scroll} px wide on a 375 px screen`);
        await shoot(`${name}-phone`);
    }
    await page.setViewport({ width: 1100, height: 900 });
    assert.deepEqual(problems, []);
});
