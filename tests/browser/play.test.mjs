// The Othello panel's play mode (issue 48) in a real headless Chromium, as a
// person uses it: a whole game by clicks and keys against the engine, the
// engine thinking in its Worker while the page answers, Stop, Undo, and
// every legal move's score on request.  Checked against the CLI (BB_CLI)
// and the package in Node.  Run by tests/browser/run.sh, as web.test.mjs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { openPage } from './serve.mjs';

const cli = process.env.BB_CLI ?? 'build/bitboard';
const root = path.resolve(process.env.BB_WEB ?? 'build/web');
const shots = path.resolve(process.env.BB_SHOTS ?? 'build/test-logs');
const puppeteer = createRequire(path.join(process.env.BB_PUPPETEER, 'package.json'))('puppeteer-core');
const run = (...args) => execFileSync(cli, args, { encoding: 'utf8' }).trim();
const ot = await import(path.join(root, 'bitboard', 'othello.js'));

let server, browser, page, base;
const problems = [];

before(async () => {
    ({ server, base, browser, page } = await openPage(puppeteer, root, problems));
    await page.click('#tab-othello');
    await page.waitForSelector('#panel-othello:not([hidden])');
});

after(async () => {
    await browser?.close();
    server?.close();
});

const textOf = (sel) => page.$eval(sel, (e) => e.textContent);
const value = (sel) => page.$eval(sel, (e) => e.value);
const disabled = (sel) => page.$eval(sel, (e) => e.disabled);
const cell = (sq) => `#othello-grid [data-sq="${sq}"]`;
const nameOf = (sq) => String.fromCharCode(97 + (sq & 7)) + ((sq >> 3) + 1);
const sqIndex = (name) => (name.charCodeAt(1) - 49) * 8 + name.charCodeAt(0) - 97;
const legalShown = () => page.$$eval('#othello-grid .cell.legal', (es) => es.map((e) => Number(e.dataset.sq)));
const transcript = async () => (await value('#othello-transcript')).match(/../g) ?? [];
const gameOver = async () => /^Game over/.test(await textOf('#othello-status'));
// the strengths offered, in order (the first is the weakest level)
const strengths = () => page.$$eval('#othello-strength option', (os) => os.map((o) => ({ value: o.value, text: o.textContent })));

// A new game with the person playing `colour` against the engine at `strength`.
async function newGame(colour, strength) {
    await page.select('#othello-human', colour);
    await page.select('#othello-strength', strength);
    await page.click('#othello-new');
}

// Waits until it is the person's turn (a legal square marked, or Pass
// enabled) or the game is over, with the engine not thinking.
async function yourTurn() {
    await page.waitForFunction(() => {
        const $ = (id) => document.getElementById(id);
        if (!$('othello-engine-stop').disabled) return false;
        return /^Game over/.test($('othello-status').textContent) || !!document.querySelector('#othello-grid .cell.legal') ||
            !$('othello-pass').disabled;
    }, { timeout: 60000 });
}

// The sides to move of a transcript's plies (the package in Node replays it).
function sidesOf(moves) {
    let pos = ot.start();
    return moves.map((m) => {
        const side = pos.side;
        pos = ot.play(pos, m === 'PA' ? ot.PASS : m);
        return side;
    });
}

test('a whole game by clicks and keys against the engine at its lowest level: a legal game, the final score the discs\'', async () => {
    const [weakest] = await strengths();
    await newGame('black', weakest.value);
    const mine = [];
    for (let ply = 0; ; ply++) {
        assert.ok(ply < 70, 'the game ends');
        await yourTurn();
        if (await gameOver()) break;
        const legal = await legalShown();
        if (legal.length === 0) {
            assert.equal(await disabled('#othello-pass'), false);
            await page.click('#othello-pass');
            mine.push('PA');
            continue;
        }
        assert.equal(await disabled('#othello-pass'), true, 'Pass is offered only with no move');
        const sq = legal[(ply * 7) % legal.length];
        if (ply % 3 === 2) {
            // by the keyboard: the focus on the square, then Enter
            await page.focus(cell(sq));
            await page.keyboard.press('Enter');
        } else {
            await page.click(cell(sq));
        }
        mine.push(nameOf(sq));
    }
    const moves = await transcript();
    const t = moves.join('');
    // a legal game, over: the CLI plays it to the end
    const pos = JSON.parse(run('-o', 'json', 'othello', 'play', 'start', t));
    assert.equal(pos.game_over, true, t);
    // the person's moves are Black's, as clicked; the engine's are White's
    const sides = sidesOf(moves);
    assert.deepEqual(moves.filter((_, i) => sides[i] === 'black'), mine, t);
    assert.ok(moves.some((m, i) => sides[i] === 'white' && m !== 'PA'), 'the engine moved');
    // the final score and the discs shown are the game's
    assert.equal(await textOf('#othello-discs'), `black ${pos.black}, white ${pos.white}, empty ${64 - pos.black - pos.white}`);
    const blackMinusWhite = pos.black - pos.white;
    const empties = 64 - pos.black - pos.white;
    const score = blackMinusWhite + Math.sign(blackMinusWhite) * empties; // the empties go to the winner
    assert.match(await textOf('#othello-status'), new RegExp(`^Game over: .*\\(${score} for black\\)\\.$`));
    assert.match(await textOf('#othello-engine-status'), new RegExp(`You (won|lost|drew): black ${pos.black}, white ${pos.white}\\.`));
    const board = await page.$$eval('#othello-grid .cell', (es) => Object.fromEntries(es.map((e) => [e.dataset.sq,
        e.classList.contains('black') ? 'X' : e.classList.contains('white') ? 'O' : '-'])));
    assert.equal(Array.from({ length: 64 }, (_, sq) => board[sq]).join(''), pos.position.split(' ')[0]);
    assert.equal(await disabled('#othello-pass'), true);
    assert.equal(await disabled('#othello-engine-go'), true);
    assert.deepEqual(problems, []);
    await page.screenshot({ path: path.join(shots, 'play-game.png'), fullPage: true });
});

test('the engine thinks in its Worker: the page answers while it searches; Stop plays the best move found so far', async () => {
    const all = await strengths();
    const long = all.find((s) => /^10 s per move$/.test(s.text));
    assert.ok(long, all.map((s) => s.text).join(', '));
    await newGame('white', long.value); // the engine (Black) moves first
    await page.waitForFunction(() => /thinking.*depth \d+/.test(document.getElementById('othello-engine-status').textContent), { timeout: 20000 });
    // the main thread answers a call made while the engine searches, and the search is still on when it does
    const during = await page.evaluate(() => ({
        stop: document.getElementById('othello-engine-stop').disabled,
        moves: document.getElementById('othello-transcript').value,
        progress: document.getElementById('othello-engine-progress').hidden,
    }));
    assert.deepEqual(during, { stop: false, moves: '', progress: false }, 'the page answered while the engine thought');
    assert.deepEqual(await legalShown(), [], 'no move is offered to the person while the engine thinks');
    await page.click('#othello-engine-stop');
    await yourTurn();
    const moves = await transcript();
    assert.equal(moves.length, 1, moves.join(''));
    assert.ok(['d3', 'c4', 'f5', 'e6'].includes(moves[0]), moves[0]);
    assert.match(await textOf('#othello-engine-status'), new RegExp(`^The engine \\(Black\\) played ${moves[0]} .*stopped: the best move found so far\\. Your move \\(White\\)\\.$`));
    assert.equal(await page.$eval('#othello-engine-progress', (e) => e.hidden), true);
    assert.deepEqual(problems, []);
});

test('undo takes back the engine\'s reply and the person\'s move together', async () => {
    const [weakest] = await strengths();
    await newGame('black', weakest.value);
    assert.equal(await disabled('#othello-undo'), true, 'nothing to take back');
    await yourTurn();
    for (const n of [2, 4]) {
        const legal = await legalShown();
        await page.click(cell(legal[0]));
        await yourTurn();
        assert.equal((await transcript()).length, n);
    }
    const four = await transcript();
    await page.click('#othello-undo');
    await yourTurn();
    assert.deepEqual(await transcript(), four.slice(0, 2));
    await page.click('#othello-undo');
    await yourTurn();
    assert.deepEqual(await transcript(), []);
    assert.deepEqual((await legalShown()).map(nameOf).sort(), ['c4', 'd3', 'e6', 'f5']);
    // as White: the engine's first move stays, the person's move and the reply go
    await newGame('white', weakest.value);
    await yourTurn();
    const first = await transcript();
    assert.equal(first.length, 1);
    assert.equal(await disabled('#othello-undo'), true);
    await page.click(cell((await legalShown())[0]));
    await yourTurn();
    assert.equal((await transcript()).length, 3);
    await page.click('#othello-undo');
    await yourTurn();
    assert.deepEqual(await transcript(), first);
    assert.deepEqual(problems, []);
});

test('passes: the engine passes when it has no move; the person\'s Pass is offered only when they have none', async () => {
    const [weakest] = await strengths();
    // 48 empties, Black to move with no move, White with some
    const t = 'd3c3b3b2b1d2f5a1d1c1b4e1';
    const pos = ot.playTranscript(t);
    assert.equal(pos.side, 'black');
    assert.equal(ot.moves(pos.p, pos.o), 0n);
    assert.equal(ot.isGameOver(pos), false);
    const load = async () => {
        await page.$eval('#othello-transcript', (e, x) => { e.value = x; }, t);
        await page.click('#othello-load');
    };
    // the engine plays Black: it passes, and White (the person) is to move
    await newGame('white', weakest.value);
    await yourTurn();
    await load();
    await yourTurn();
    assert.equal(await value('#othello-transcript'), t + 'PA');
    assert.match(await textOf('#othello-engine-status'), /^The engine \(Black\) has no move: it passes\. Your move \(White\)\.$/);
    assert.ok((await legalShown()).length > 0);
    assert.equal(await disabled('#othello-pass'), true);
    // the person plays Black: Pass, the only thing to do; then the engine (White) moves
    await newGame('black', weakest.value);
    await load();
    await yourTurn();
    assert.deepEqual(await legalShown(), []);
    assert.equal(await disabled('#othello-pass'), false);
    assert.match(await textOf('#othello-engine-status'), /Your move \(Black\): you have no move, press Pass\.$/);
    await page.click('#othello-pass');
    await yourTurn();
    const after = await transcript();
    assert.equal(after.slice(0, 13).join(''), t + 'PA');
    assert.equal(after.length, 14, after.join(''));
    assert.notEqual(after[13], 'PA');
    assert.deepEqual(problems, []);
});

test('every legal move\'s score on request, on its square: searched in the midgame, solved near the end as the CLI solves it', async () => {
    const all = await strengths();
    await newGame('black', all[1].value);
    await yourTurn();
    for (let i = 0; i < 3; i++) {
        await page.click(cell((await legalShown())[0]));
        await yourTurn();
    }
    const legal = await legalShown();
    await page.click('#othello-hint');
    await page.waitForFunction(() => /^(Searched|Solved)/.test(document.getElementById('othello-solve-status').textContent), { timeout: 60000 });
    assert.match(await textOf('#othello-solve-status'), /^Searched at /);
    for (const sq of legal) assert.match(await textOf(cell(sq)), /^[+-]?\d+$/, nameOf(sq));
    assert.equal((await page.$$('#othello-scores li')).length, legal.length);
    // a move played clears them
    await page.click(cell(legal[0]));
    assert.equal(await page.$$eval('#othello-grid .cell.scored', (es) => es.length), 0);
    await yourTurn();
    // 14 empties, the person to move: solved exactly, each score the CLI's
    let pos = ot.start(), t = '';
    for (let i = 0; ot.discs(pos).empty > 14 || pos.side !== 'black' || ot.moves(pos.p, pos.o) === 0n; i++) {
        const l = ot.legalMoves(pos), m = l.length ? l[(i * 5) % l.length] : 'PA';
        pos = ot.play(pos, m);
        t += m;
    }
    await page.$eval('#othello-transcript', (e, x) => { e.value = x; }, t);
    await page.click('#othello-load');
    await yourTurn();
    assert.equal(await page.$$eval('#othello-grid .cell.scored', (es) => es.length), 0, 'no score before it is asked for');
    await page.click('#othello-hint');
    await page.waitForFunction(() => /^Solved/.test(document.getElementById('othello-solve-status').textContent), { timeout: 60000 });
    const scores = await page.$$eval('#othello-scores li', (es) => es.map((e) => [e.dataset.move, Number(e.dataset.score)]));
    assert.equal(scores.length, ot.legalMoves(pos).length);
    for (const [m, score] of scores) {
        assert.equal(score, -JSON.parse(run('-o', 'json', 'othello', 'solve', t + m, '--quiet')).score, `${t} ${m}`);
        assert.equal(await textOf(cell(sqIndex(m))), `${score > 0 ? '+' : ''}${score}`);
    }
    await page.select('#othello-human', 'both');
    await page.click('#othello-new');
    assert.deepEqual(problems, []);
});
