// The playground for a learner (issue 46): what the page shows agrees with
// itself and with what it says (the bits in board order, one orientation
// per panel, the hex field read as hex, the move numbers, a refused FEN
// kept, perft cleared, an error wrapped on a phone, a legend, the Othello
// pictures folded).  Run by tests/browser/run.sh, as web.test.mjs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { serve } from './serve.mjs';

const root = path.resolve(process.env.BB_WEB ?? 'build/web');
const shots = path.resolve(process.env.BB_SHOTS ?? 'build/test-logs');
const puppeteer = createRequire(path.join(process.env.BB_PUPPETEER, 'package.json'))('puppeteer-core');
let server, browser, page, base;

before(async () => {
    ({ server, base } = await serve(root));
    browser = await puppeteer.launch({ executablePath: process.env.BB_CHROME, headless: true, args: ['--no-sandbox'] });
    page = await browser.newPage();
    await page.setViewport({ width: 1100, height: 900 });
    await page.goto(base);
    await page.waitForSelector('body[data-ready=true]', { timeout: 20000 });
});

after(async () => {
    await browser?.close();
    server?.close();
});

const textOf = (sel) => page.$eval(sel, (e) => e.textContent);
const value = (sel) => page.$eval(sel, (e) => e.value);
const sqIndex = (name) => (name.charCodeAt(1) - 49) * 8 + name.charCodeAt(0) - 97;
const cell = (grid, name) => `#${grid} [data-sq="${sqIndex(name)}"]`;
const tab = async (name) => {
    await page.click(`#tab-${name}`);
    await page.waitForSelector(`#panel-${name}:not([hidden])`);
};
// text put into an input at once, as a paste does
const typeInto = (sel, text) => page.$eval(sel, (e, t) => {
    e.value = t;
    e.dispatchEvent(new Event('input', { bubbles: true }));
}, text);
const fenIn = async (fen) => {
    await page.$eval('#chess-fen', (e, f) => { e.value = f; }, fen);
    await page.click('#chess-load');
};
// the squares of a grid in the order they are drawn, row by row from the top
const drawnOrder = (grid) => page.$$eval(`#${grid} .cell`, (es) => es.map((e) => Number(e.dataset.sq)));
const RANK8_ON_TOP = [7, 6, 5, 4, 3, 2, 1, 0].flatMap((r) => [0, 1, 2, 3, 4, 5, 6, 7].map((f) => r * 8 + f));

test('board: the bit strings are written as the board lies, a..h left to right, rank 8 on top', async () => {
    await tab('board');
    await page.click('#board-clear');
    await page.click(cell('board-grid', 'a1'));
    await page.click(cell('board-grid', 'h8'));
    const rows = (await textOf('#board-bits')).split('\n');
    assert.match(rows[0], /^rank 8: 00000001 /);
    assert.match(rows[7], /^rank 1: 10000000 /);
    // the caption's bit 63 is where the board has h8: at the top right
    assert.match(await page.$eval('#board-bits', (e) => e.previousElementSibling.textContent), /bit 63 at the top right/);
    // every character is the square drawn in the same place on the board
    await page.click('#board-example');
    const on = await page.$$eval('#board-grid .cell', (es) => es.map((e) => e.classList.contains('on')));
    const chars = (await textOf('#board-bits')).split('\n').map((l) => l.split(' ')[2]).join('');
    assert.equal(chars, on.map((b) => (b ? '1' : '0')).join(''));
});

test('lines: the 8 bits are written file a (or rank 1) first, as the caption says', async () => {
    await tab('lines');
    await page.select('#lines-square', String(sqIndex('d4')));
    await page.select('#lines-line', 'rank');
    // the occupancy b2 d4 f6 d7 a4 g4: on rank 4, a4 d4 g4
    assert.match(await textOf('#lines-bits'), /^10010010 /);
    await page.select('#lines-line', 'file');
    // on file d: d4 d7
    assert.match(await textOf('#lines-bits'), /^00010010 /);
    assert.match(await textOf('#panel-lines .facts p'), /file a first; on a file, rank 1 first/);
});

test('board: the Hexadecimal field reads hex, 0x or not, and refuses what is not', async () => {
    await tab('board');
    await typeInto('#board-hex', 'ff');
    assert.equal(await textOf('#board-error'), '');
    assert.equal(await textOf('#board-squares'), 'a1 b1 c1 d1 e1 f1 g1 h1');
    await typeInto('#board-hex', '8000000000000000');
    assert.equal(await textOf('#board-error'), '');
    assert.equal(await textOf('#board-squares'), 'h8');
    await typeInto('#board-hex', '0x8000000000000001');
    assert.equal(await textOf('#board-squares'), 'a1 h8');
    await typeInto('#board-hex', '12345678901234567');
    assert.match(await textOf('#board-error'), /17 hexadecimal digits.*at most 16/);
    assert.equal(await textOf('#board-squares'), 'a1 h8', 'a refused value leaves the board');
    await typeInto('#board-hex', '0xffg');
    assert.match(await textOf('#board-error'), /"g" \(character 5\) is not a hexadecimal digit/);
    assert.equal(await value('#board-hex'), '0xffg', 'what was typed stays');
    // the square list beside it
    await typeInto('#board-list', 'c3 h8');
    assert.equal(await textOf('#board-error'), '');
    assert.equal(await value('#board-hex'), '0x8000000000040000');
});

test('othello: one orientation in the panel, rank 8 on top as in its pictures', async () => {
    await tab('othello');
    await page.click('#othello-new');
    assert.deepEqual(await drawnOrder('othello-grid'), RANK8_ON_TOP);
    assert.deepEqual(await drawnOrder('board-grid'), RANK8_ON_TOP);
    assert.match(await page.$eval('#othello-grid .board', (e) => e.getAttribute('aria-label')), /rank 8 on top/);
    assert.doesNotMatch(await textOf('#panel-othello'), /row 1 on top/i);
    // the arrow keys follow the picture: up from d1 is d2
    await page.focus(cell('othello-grid', 'd1'));
    await page.keyboard.press('ArrowUp');
    assert.equal(await page.evaluate(() => document.activeElement.dataset.sq), String(sqIndex('d2')));
});

test('othello: one move leaves the panel short; the direction pictures folded, p and o named', async () => {
    await tab('othello');
    await page.click('#othello-new');
    await page.click(cell('othello-grid', 'f5'));
    const height = await page.$eval('#panel-othello', (e) => e.getBoundingClientRect().height);
    assert.ok(height < 2500, `the Othello panel is ${height} px tall after one move`);
    const folds = await page.$$eval('#othello-pictures details', (ds) => ds.map((d) => [d.open, d.querySelector('summary').textContent, !!d.querySelector('figure.trace')]));
    assert.ok(folds.length >= 1);
    for (const [open, summary, fig] of folds) {
        assert.equal(open, false);
        assert.equal(fig, true);
        assert.match(summary, /p: the player.*o: the opponent/);
    }
    const titles = await page.$$eval('#othello-flips .mini', (ms) => ms.map((m) => m.dataset.title));
    assert.ok(titles.length >= 1 && titles.every((t) => /player \d{8}, opponent \d{8}/.test(t)), titles.join('; '));
    await page.click('#othello-pictures summary');
    await page.screenshot({ path: path.join(shots, 'web-othello-learner.png'), fullPage: true });
});

test('chess: a game from a black-to-move FEN is numbered 1... e5 2. Nf3', async () => {
    await tab('chess');
    await fenIn('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
    for (const [from, to] of [['e7', 'e5'], ['g1', 'f3'], ['b8', 'c6']]) {
        await page.click(cell('chess-grid', from));
        await page.click(cell('chess-grid', to));
    }
    assert.equal(await textOf('#chess-moves'), '1... e5 2. Nf3 Nc6');
    await fenIn('rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 7');
    await page.click(cell('chess-grid', 'g1'));
    await page.click(cell('chess-grid', 'f3'));
    assert.equal(await textOf('#chess-moves'), '7. Nf3');
});

test('chess: a refused FEN stays in its box as typed, with the error beside it', async () => {
    await tab('chess');
    await page.click('#chess-new');
    const bad = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1';
    await fenIn(bad);
    assert.equal(await value('#chess-fen'), bad);
    assert.match(await textOf('#chess-error'), /Invalid FEN/);
    assert.equal(await page.$eval('#chess-fen', (e) => e.getAttribute('aria-invalid')), 'true');
    // the board is the one before: the start
    assert.match(await textOf('#chess-status'), /White to move: 20 legal moves/);
    await page.click('#chess-new');
    assert.equal(await textOf('#chess-error'), '');
});

test('chess: perft and its divide are cleared when the position changes', async () => {
    await tab('chess');
    await page.click('#chess-new');
    await page.select('#chess-depth', '1');
    await page.click('#chess-perft');
    assert.equal(await textOf('#chess-perft-total'), 'perft 1: 20 (20 moves)');
    assert.equal(await page.$$eval('#chess-divide tbody tr', (rs) => rs.length), 20);
    await page.click(cell('chess-grid', 'e2'));
    await page.click(cell('chess-grid', 'e4'));
    assert.equal(await textOf('#chess-perft-total'), '');
    assert.equal(await page.$$eval('#chess-divide tbody tr', (rs) => rs.length), 0);
    await page.click('#chess-perft');
    assert.equal(await textOf('#chess-perft-total'), 'perft 1: 20 (20 moves)');
    await page.click('#chess-undo');
    assert.equal(await textOf('#chess-perft-total'), '');
});

test('for a learner: what a bitboard is, and a legend of the three markings', async () => {
    assert.match(await textOf('#what'), /A bitboard is a whole 8×8 board held in one 64-bit number/);
    const keys = await page.$$eval('#legend .key:not(.nonlinear)', (ks) => ks.map((k) => getComputedStyle(k).backgroundColor));
    assert.equal(keys.length, 3);
    assert.equal(new Set(keys).size, 3);
    // each key is the colour the boards use for it
    await tab('chess');
    await page.click('#chess-new');
    await page.click(cell('chess-grid', 'e2'));
    const target = await page.$eval('#chess-grid .cell.target', (e) => getComputedStyle(e).boxShadow);
    assert.ok(target.includes(keys[1]), `${target} vs ${keys[1]}`);
    await page.hover(cell('chess-grid', 'g1'));
    const attacked = await page.$eval('#chess-grid .cell.attacked', (e) => getComputedStyle(e).boxShadow);
    assert.ok(attacked.includes(keys[2]), `${attacked} vs ${keys[2]}`);
});

// "#rrggbb" as getComputedStyle writes it; red as errors are drawn: red well above green and blue
const rgb = (hex) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
const reddish = (hex) => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
    return r > g + 48 && r > b + 48;
};
const rule = (svg, selector, prop) => (svg.match(new RegExp(`${selector.replace(/\./g, '\\.')} \\{ ${prop}: (#[0-9a-f]{6})`)) ?? [])[1];

test('the tracer\'s non-linear bits: a neutral colour, in the legend, not the error red', async () => {
    await tab('othello');
    await page.click('#othello-new');
    await page.click(cell('othello-grid', 'f5'));
    // the pictures of the flips by shifts are the tracer's SVG, with non-linear bits (and/or of p and o)
    const svgs = await page.$$eval('#othello-pictures figure.trace img', (is) => is.map((i) => decodeURIComponent(i.src.split(',').slice(1).join(','))));
    const svg = svgs.find((t) => t.includes('fill="url(#nonlinear)"'));
    assert.ok(svg, `no picture with a non-linear bit among ${svgs.length}`);
    const pageError = await page.$eval('#chess-pgn-error', (e) => getComputedStyle(e).color);
    const errors = [rule(svg, '.verdict.bad', 'fill'), rule(svg, 'rect.flag', 'stroke')];
    assert.ok(errors.every((c) => c && reddish(c)), errors.join(' '));
    const used = [];
    const pattern = svg.match(/<pattern id="nonlinear".*?<\/pattern>/s)[0];
    used.push(...[...pattern.matchAll(/fill="(#[0-9a-f]{6})"/g)].map((m) => m[1]));
    const ink = svg.match(/fill="url\(#nonlinear\)"\/><text class="lab ([a-z]+)/)[1];
    used.push(rule(svg, `.lab.${ink}`, 'fill'));
    const verdict = svg.match(/<text class="verdict ([a-z]+)"[^>]*>nonlinear:/);
    assert.ok(verdict, 'the verdict says nonlinear');
    assert.notEqual(verdict[1], 'bad');
    used.push(rule(svg, `.verdict.${verdict[1]}`, 'fill'));
    assert.equal(used.length, 4);
    for (const c of used) {
        assert.ok(c, used.join(' '));
        assert.ok(!errors.includes(c) && rgb(c) !== pageError && !reddish(c), `${c} is the error red (${errors.join(' ')}, ${pageError})`);
    }
    assert.match(svg, /<g class="legend">.*url\(#nonlinear\).*non-linear bit/);
    // the page's legend shows the same pattern, in its colours, and says what it means
    const key = await page.$eval('#legend .key.nonlinear', (k) => [getComputedStyle(k).backgroundImage, k.parentElement.textContent]);
    for (const c of pattern.matchAll(/fill="(#[0-9a-f]{6})"/g)) assert.ok(key[0].includes(rgb(c[1])), `${key[0]} lacks ${c[1]}`);
    assert.match(key[1], /non-linear bit.*not an error/s);
});

test('chess: on a 390 px screen a bad PGN\'s error wraps inside the page', async () => {
    await page.setViewport({ width: 390, height: 800, isMobile: true, hasTouch: true });
    try {
        await page.waitForSelector('body[data-ready=true]', { timeout: 20000 });
        await tab('chess');
        await page.$eval('#chess-pgn', (e) => { e.value = '[FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"]\n\n1... e5 2. Ke3'; });
        await page.click('#chess-load-pgn');
        assert.notEqual(await textOf('#chess-pgn-error'), '');
        // on a phone the window widens to what the page needs (innerWidth): the screen's 390 px is the measure
        const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(scroll <= 390, `the page is ${scroll} px wide on a 390 px screen`);
        await page.screenshot({ path: path.join(shots, 'web-chess-pgn-error-phone.png'), fullPage: true });
    } finally {
        await page.setViewport({ width: 1100, height: 900 });
    }
});
