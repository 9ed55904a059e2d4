// The page of `bitboard trace --html` in a real browser (Debian's headless
// Chromium, driven by puppeteer-core): it loads with no network, steps with
// the buttons and the arrow keys, shows the right bits at every step,
// highlights where a hovered bit comes from and goes, and looks right
// (screenshots go to BB_SHOTS).  The SVG picture is loaded too.  Run by
// tests/browser/run.sh (BB_CHROME, BB_PUPPETEER, BB_CLI, BB_SHOTS).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const cli = process.env.BB_CLI ?? 'build/bitboard';
const shots = path.resolve(process.env.BB_SHOTS ?? 'build/test-logs');
const puppeteer = createRequire(path.join(process.env.BB_PUPPETEER, 'package.json'))('puppeteer-core');
const work = mkdtempSync(path.join(os.tmpdir(), 'bitboard-trace-page-'));
const pageFile = path.join(work, 'gather.html'), svgFile = path.join(work, 'gather.svg');
// gather file a into 8 bits: 4 states; the multiplication overflows
const program = 'x & 0x0101010101010101; * 0x0102040810204080; >> 56';
let browser, page;
const requests = [];

before(async () => {
    execFileSync(cli, ['trace', program, '--input', 'a1,a3,b2', '--html', pageFile, '--svg', svgFile]);
    browser = await puppeteer.launch({ executablePath: process.env.BB_CHROME, headless: true, args: ['--no-sandbox'] });
    page = await browser.newPage();
    await page.setViewport({ width: 1200, height: 900 });
    page.on('request', (r) => requests.push(r.url()));
});

after(async () => {
    await browser?.close();
    rmSync(work, { recursive: true, force: true });
});

const where = () => page.$eval('#where', (e) => e.textContent);
// {position: label} of a board's labelled cells
const labels = (board) => page.$$eval(`#${board} .cell[data-src]`, (cs) => Object.fromEntries(cs.map((c) => [c.dataset.pos, c.textContent])));
const positions = (sel) => page.$$eval(sel, (cs) => cs.map((c) => Number(c.dataset.pos)));

test('the page is self-contained and loads with no request', async () => {
    const html = readFileSync(pageFile, 'utf8');
    for (const bad of ['http://', 'https://', '<link', 'src=']) assert.ok(!html.includes(bad), `the page holds ${bad}`);
    await page.goto('file://' + pageFile);
    assert.ok((await page.title()).startsWith('x & 0x0101010101010101'), await page.title());
    assert.deepEqual(requests, ['file://' + pageFile]);
    assert.equal(await page.evaluate(() => performance.getEntriesByType('resource').length), 0);
});

test('steps by buttons and keys, with the right bits at every step', async () => {
    assert.equal(await where(), 'step 1 of 3: & 0x0101010101010101');
    assert.deepEqual(await labels('board-step'), Object.fromEntries(Array.from({ length: 8 }, (_, r) => [String(8 * r), `a${r + 1}`])));
    assert.deepEqual((await positions('#board-in .cell.on')).sort((a, b) => a - b), [0, 9, 16]);
    assert.equal(await page.$eval('#prev', (e) => e.disabled), false);
    await page.keyboard.press('ArrowRight');
    assert.equal(await where(), 'step 2 of 3: * 0x0102040810204080');
    assert.ok(await page.$('#board-over'), 'the overflow panel');
    assert.ok((await positions('#board-over .cell[data-src]')).length > 0);
    await page.screenshot({ path: path.join(shots, 'trace-page-step2.png') });
    await page.click('#next');
    assert.equal(await where(), 'step 3 of 3: >> 56');
    assert.equal(await page.$eval('#next', (e) => e.disabled), true);
    assert.deepEqual(await labels('board-step'), Object.fromEntries(Array.from({ length: 8 }, (_, i) => [String(i), `a${i + 1}`])));
    await page.keyboard.press('ArrowRight');
    assert.equal(await where(), 'step 3 of 3: >> 56', 'no step past the end');
    await page.click('#prev');
    assert.ok((await where()).startsWith('step 2 of 3'));
    await page.keyboard.press('Home');
    assert.equal(await where(), 'step 0 of 3: input x');
    assert.equal(await page.$eval('#prev', (e) => e.disabled), true);
    await page.keyboard.press('End');
    assert.ok((await where()).startsWith('step 3 of 3'));
});

test('hovering a bit shows where it comes from and where it goes', async () => {
    await page.hover('#board-step .cell[data-pos="2"]'); // the result's bit 2: a3
    assert.deepEqual(await positions('#board-in .cell.hl'), [16]);
    assert.deepEqual(await positions('#board-out .cell.hl'), [2]);
    assert.ok((await positions('#board-in .cell.dim')).length > 0, 'the rest dimmed');
    await page.keyboard.press('ArrowLeft');
    assert.ok((await where()).startsWith('step 2 of 3'));
    await page.hover('#board-step .cell[data-pos="23"]'); // a3's bit after the multiplication (a3 << 7)
    assert.ok((await positions('.cell.hl')).length >= 3);
    const shot = path.join(shots, 'trace-page.png');
    await page.screenshot({ path: shot });
    assert.ok(statSync(shot).size > 10000);
});

test('the SVG picture parses and draws every state', async () => {
    await page.goto('file://' + svgFile);
    assert.equal(await page.evaluate(() => document.documentElement.tagName), 'svg');
    assert.equal(await page.evaluate(() => document.querySelectorAll('g.step').length), 4);
    assert.ok(await page.evaluate(() => document.documentElement.getBBox().width) > 500);
    await page.screenshot({ path: path.join(shots, 'trace-svg.png') });
});
