// The playground: four panels over the bitboard package (./bitboard/, the
// library compiled to WebAssembly).  Every number shown comes from the
// package; the page only draws.
import * as bb from './bitboard/bitboard.js';
import * as ot from './bitboard/othello.js';
import { Chess } from './bitboard/chess.js';
import * as tr from './bitboard/trace.js';
import { makeBoard, mini, tabs, report, el, nameOf, bit, hex, squaresOf, bits8, parseHex } from './ui.js';

const $ = (id) => document.getElementById(id);

// ---- the tracer's pictures ------------------------------------------------------------

// The tracer's own SVG of a form (the same bytes `bitboard trace FORM --svg`
// writes) run on inputs, as an image; data-* say what it is, for the tests.
function picture(form, { square, inputs }) {
    const text = tr.svg(form, { square, inputs });
    const f = tr.forms().find((x) => x.name === form);
    const img = el('img', { src: 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(text),
        alt: `the tracer's picture of ${form}${square === undefined ? '' : ` at ${nameOf(square)}`}: ${f ? f.summary : ''}` });
    const fig = el('figure', { class: 'trace', 'data-form': form, 'data-square': square === undefined ? '' : nameOf(square),
        'data-inputs': Object.entries(inputs).map(([k, v]) => `${k}=${hex(v)}`).join(' ') }, img,
    el('figcaption', {}, el('code', { text: form }), ` ${f ? f.summary : ''}`));
    return fig;
}

// The steps of a traced form, each with the value it leaves: a list a
// reader can follow one line at a time.
function stepList(form, { square, inputs }) {
    const t = tr.trace(form, { square, inputs });
    const ol = el('ol', { class: 'steps' });
    for (const st of t.steps) {
        if (!st.shown) continue;
        ol.append(el('li', {}, el('code', { text: st.text }), ' → ', el('code', { text: hex(st.value) })));
    }
    return el('div', {}, el('p', { text: `${form}: ${t.steps.filter((x) => x.shown).length} steps, ${t.verdict.message}` }), ol);
}

// ---- Board: bits, hex, the 8 symmetries, the 45-degree pseudo-rotations ------------

const SYM_TITLES = {
    identity: 'identity', rotate_cw: 'rotate 90° clockwise', rotate_180: 'rotate 180°', rotate_ccw: 'rotate 90° anticlockwise',
    flip_vertical: 'flip vertical (a1↔a8)', flip_horizontal: 'flip horizontal (a1↔h1)', flip_diagonal: 'flip a1-h8 diagonal',
    flip_antidiagonal: 'flip a8-h1 diagonal',
};
const ROT45_TITLES = { cw: '45° clockwise', ccw: '45° anticlockwise', uncw: 'undo 45° clockwise', unccw: 'undo 45° anticlockwise' };

function boardPanel() {
    let x = 0x0000_0010_2838_0000n; // a small example: a king's field
    const grid = makeBoard($('board-grid'), { label: 'the board: each square one bit', onActivate: (sq) => set(x ^ (1n << BigInt(sq))) });
    // from: the input typed in ('hex' or 'list'), left as typed
    function set(v, from = null) {
        x = v;
        grid.cells.forEach((c, sq) => {
            c.classList.toggle('on', bit(x, sq));
            c.setAttribute('aria-pressed', String(bit(x, sq)));
        });
        const sqs = squaresOf(x);
        if (from !== 'hex') $('board-hex').value = hex(x);
        if (from !== 'list') $('board-list').value = sqs.map(nameOf).join(' ');
        report($('board-error'), null);
        for (const id of ['board-hex', 'board-list']) $(id).removeAttribute('aria-invalid');
        $('board-squares').textContent = sqs.length ? sqs.map(nameOf).join(' ') : '(none)';
        $('board-count').textContent = String(sqs.length);
        const rows = [];
        for (let r = 7; r >= 0; r--) {
            let line = '';
            for (let f = 0; f < 8; f++) line += bit(x, r * 8 + f) ? '1' : '0';
            rows.push(`rank ${r + 1}: ${line}  bits ${r * 8}..${r * 8 + 7}`);
        }
        $('board-bits').textContent = rows.join('\n');
        const images = bb.transformAll(x);
        $('board-syms').replaceChildren(...bb.SYMMETRIES.map((s, i) =>
            mini(SYM_TITLES[s], images[i], { onClick: () => set(images[i]) })));
        const can = bb.canonical(x);
        $('board-canonical').textContent = `Canonical form (the least of the 8 images): ${hex(can.board)}, by ${SYM_TITLES[can.symmetry]}.`;
        $('board-rot45').replaceChildren(...bb.ROTATIONS45.map((w) => mini(ROT45_TITLES[w], bb.rotate45(x, w), { onClick: () => set(bb.rotate45(x, w)) })));
        drawForm();
    }
    // how: the tracer's picture of the program that computes the chosen image
    const forms = ['rotate_cw', 'rotate_ccw', 'rotate_180', 'flip_vertical', 'flip_horizontal', 'flip_diagonal', 'flip_antidiagonal',
        'rotate_cw_gfni', 'rotate_ccw_gfni', 'rotate_180_gfni', 'flip_horizontal_gfni', 'flip_diagonal_gfni', 'flip_antidiagonal_gfni',
        'pseudo_rotate45_cw', 'pseudo_rotate45_ccw', 'pseudo_unrotate45_cw', 'pseudo_unrotate45_ccw'];
    for (const f of forms) $('board-form').append(el('option', { value: f, text: f }));
    function drawForm() {
        $('board-picture').replaceChildren(picture($('board-form').value, { inputs: { x } }));
    }
    $('board-form').addEventListener('change', drawForm);
    const typed = (id, from, parse) => $(id).addEventListener('input', (e) => {
        try {
            set(parse(e.target.value), from);
        } catch (err) {
            report($('board-error'), err);
            e.target.setAttribute('aria-invalid', 'true');
        }
    });
    typed('board-hex', 'hex', parseHex);
    // a square list, as the library reads one (its error names the square)
    typed('board-list', 'list', (text) => (text.trim() === '' ? 0n : bb.parseBoard(text.trim().split(/[\s,]+/).join(','))));
    $('board-clear').addEventListener('click', () => set(0n));
    $('board-invert').addEventListener('click', () => set(BigInt.asUintN(64, ~x)));
    $('board-random').addEventListener('click', () => {
        const words = crypto.getRandomValues(new Uint32Array(4));
        set((BigInt(words[0]) << 32n | BigInt(words[1])) & (BigInt(words[2]) << 32n | BigInt(words[3])));
    });
    $('board-example').addEventListener('click', () => set(0x0000_0010_2838_0000n));
    set(x);
}

// ---- Lines: mask, extract, deposit -----------------------------------------------------

function linesPanel() {
    let occ = bb.parseBoard('b2,d4,f6,d7,a4,g4');
    const grid = makeBoard($('lines-grid'), { label: 'the occupancy', onActivate: (sq) => { occ ^= 1n << BigInt(sq); draw(); } });
    for (let sq = 0; sq < 64; sq++) $('lines-square').append(el('option', { value: String(sq), text: nameOf(sq) }));
    $('lines-square').value = '27';
    for (const l of bb.LINES) $('lines-line').append(el('option', { value: l, text: l }));
    $('lines-line').value = 'diagonal';
    function draw() {
        const sq = Number($('lines-square').value), line = $('lines-line').value;
        const mask = bb.lineMask(sq, line), bits = bb.lineExtract(occ, sq, line), back = bb.lineDeposit(bits, sq, line);
        grid.cells.forEach((c, i) => {
            c.classList.toggle('on', bit(occ, i));
            c.classList.toggle('target', bit(mask, i));
            c.classList.toggle('selected', i === sq);
            c.setAttribute('aria-pressed', String(bit(occ, i)));
        });
        $('lines-bits').textContent = `${bits8(bits)} (the number ${bits})`;
        $('lines-out').replaceChildren(
            mini(`mask of the ${line} through ${nameOf(sq)}`, mask),
            mini('occupancy on the line', occ & mask, { mark: mask }),
            mini('the 8 bits put back', back, { mark: mask }),
        );
        const how = $('lines-method').value;
        $('lines-steps').replaceChildren(stepList(`line_extract_${how}_${line}`, { square: sq, inputs: { x: occ } }),
            stepList(`line_deposit_${how}_${line}`, { square: sq, inputs: { x: BigInt(bits) } }));
        $('lines-pictures').replaceChildren(picture(`line_extract_${how}_${line}`, { square: sq, inputs: { x: occ } }),
            picture(`line_deposit_${how}_${line}`, { square: sq, inputs: { x: BigInt(bits) } }));
    }
    $('lines-method').addEventListener('change', draw);
    $('lines-square').addEventListener('change', draw);
    $('lines-line').addEventListener('change', draw);
    draw();
}

// ---- Othello ---------------------------------------------------------------------------

const cap = (s) => s[0].toUpperCase() + s.slice(1);
const SOLVE_AUTO = 16, SOLVE_MAX = 24; // empty squares: solved at once / on request
const MOVE_TIMES = [0.5, 1, 2, 5, 10]; // seconds per move the engine may be given
const signed = (x) => `${x > 0 ? '+' : ''}${x}`;

// The engine's strengths: the library's levels, then times per move.  Each:
// { value (the select's), label, options (searchAsync's), depth (the
// progress bar's end, levels) or seconds (time) }.
function strengths() {
    const levels = engineLevels().map((l) => ({ value: `level ${l.level}`, label: `level ${l.level}${l.what ? `: ${l.what}` : ''}`,
        options: l.options, depth: l.depth }));
    const times = MOVE_TIMES.map((s) => ({ value: `time ${s}`, label: `${s} s per move`, options: { time: s }, seconds: s }));
    return [...levels, ...times];
}

// The levels the library defines (ot.LEVELS), as { level, what, options, depth };
// the package has none yet: then level N is a search of depth N.
function engineLevels() {
    const lib = ot.LEVELS;
    if (Array.isArray(lib) && lib.length) {
        return lib.map((l, i) => {
            const level = typeof l === 'object' ? l.level ?? i + 1 : i + 1;
            const depth = typeof l === 'object' ? l.depth : undefined;
            return { level, what: depth ? `depth ${depth}` : '', options: { level }, depth };
        });
    }
    return Array.from({ length: 12 }, (_, i) => ({ level: i + 1, what: `depth ${i + 1}`, options: { depth: i + 1 }, depth: i + 1 }));
}

// a move as the library names it (a square's name, PA), from a name or 0..63
function moveName(m) {
    if (typeof m === 'number') return m === 64 || m === -2 ? ot.PASS : m >= 0 && m < 64 ? nameOf(m) : null;
    if (typeof m !== 'string' || m === '') return null;
    return m.toLowerCase() === 'pa' || m === '--' ? ot.PASS : m.toLowerCase();
}

function othelloPanel() {
    let history = [ot.start()], moves = [], by = [], last = null;
    let solving = null; // { controller } while the solver (or the scores' search) runs
    let thinking = null; // { controller, stop, progress } while the engine searches
    let note = ''; // what the engine last did (played, passed, was stopped)
    const grid = makeBoard($('othello-grid'), { label: 'the Othello board, rank 8 on top', othello: true, onActivate: (sq) => human(nameOf(sq)) });
    const now = () => history[history.length - 1];
    const colours = (pos) => (pos.side === 'black' ? { black: pos.p, white: pos.o } : { black: pos.o, white: pos.p });
    const levels = strengths();
    for (const s of levels) $('othello-strength').append(el('option', { value: s.value, text: s.label }));
    $('othello-strength').value = levels[Math.min(2, levels.length - 1)].value;
    const strength = () => levels.find((s) => s.value === $('othello-strength').value);
    // the engine's colour: the one the person does not play (none: both by hand)
    const engineSide = () => ({ black: 'white', white: 'black' })[$('othello-human').value] ?? null;
    const enginesTurn = (pos = now()) => engineSide() === pos.side && !ot.isGameOver(pos);
    function play(name, who) {
        const pos = now();
        try {
            const sq = name === ot.PASS ? -1 : bb.parseSquare(name);
            const flipped = sq < 0 ? 0n : ot.flips(pos.p, pos.o, sq);
            const next = ot.play(pos, name);
            history.push(next);
            moves.push(name === ot.PASS ? 'PA' : name);
            by.push(who);
            last = { sq, flipped, pos };
            report($('othello-error'), null);
            return true;
        } catch (e) {
            report($('othello-error'), e);
            return false;
        }
    }
    // a move by the person (a click, Enter or Space on a square, Pass)
    function human(name) {
        if (enginesTurn()) {
            report($('othello-error'), thinking ? 'The engine is thinking: wait for its move, or press Stop to make it move now.'
                : 'It is the engine\'s turn: press "Engine, move".');
            return;
        }
        if (play(name, 'human')) note = '', changed();
    }
    // the position changed: draw it, and the engine answers if it is its turn
    function changed() {
        draw();
        if (enginesTurn() && !thinking) think();
    }
    function cancelThinking() {
        const t = thinking;
        thinking = null;
        t?.controller.abort();
    }
    // The engine's move, searched in the Worker (searchAsync); Stop plays the
    // best move of the last depth it finished.  With no move it passes.
    async function think() {
        const pos = now(), who = cap(pos.side);
        if (ot.moves(pos.p, pos.o) === 0n) {
            note = `The engine (${who}) has no move: it passes.`;
            play(ot.PASS, 'engine');
            return changed();
        }
        const s = strength(), mine = { controller: new AbortController(), stop: false, progress: null };
        thinking = mine;
        note = '';
        const bar = $('othello-engine-progress');
        bar.hidden = false;
        bar.max = s.depth ?? s.seconds ?? 1;
        bar.value = 0;
        $('othello-engine-status').textContent = `The engine (${who}) is thinking at ${s.label}…`;
        draw();
        let r = null, err = null;
        try {
            r = await ot.searchAsync(pos, { ...s.options, signal: mine.controller.signal, onProgress: (p) => {
                if (thinking !== mine) return;
                mine.progress = p;
                const done = s.depth ? p.depth ?? 0 : p.seconds ?? 0;
                bar.value = Math.min(done, bar.max);
                $('othello-engine-status').textContent = `The engine (${who}) is thinking at ${s.label}: ` +
                    `${p.depth !== undefined ? `depth ${p.depth}${s.depth ? ` of ${s.depth}` : ''}, ` : ''}` +
                    `${(p.nodes ?? 0).toLocaleString('en')} positions, ${(p.seconds ?? 0).toFixed(1)} s`;
            } });
        } catch (e) {
            err = e;
        }
        if (thinking !== mine) return; // undone, a new game, the sides changed
        thinking = null;
        bar.hidden = true;
        if (err && err.name !== 'AbortError') {
            note = `The engine failed: ${err.message}`;
            return draw();
        }
        const found = moveName(r ? r.best : mine.progress?.best);
        if (!found || !(found === ot.PASS ? ot.moves(pos.p, pos.o) === 0n : ot.legalMoves(pos).includes(found))) {
            note = mine.stop ? `Stopped before the engine finished its first depth: it has no move to play. Press "Engine, move" to let it think again.`
                : `The engine found no move (${r ? `it answered ${JSON.stringify(r.best)}` : 'no answer'}).`;
            return draw();
        }
        const depth = r?.depth ?? mine.progress?.depth, score = r?.score ?? mine.progress?.score;
        const how = [depth ? `depth ${depth}` : r?.exact ? 'solved exactly' : '', typeof score === 'number' ? `score ${signed(Math.round(score * 10) / 10)} for it` : '']
            .filter(Boolean).join(', ');
        note = `The engine (${who}) played ${found}${how ? ` (${how})` : ''}${mine.stop ? ', stopped: the best move found so far' : ''}.`;
        play(found, 'engine');
        changed();
    }
    function draw() {
        const pos = now(), { black, white } = colours(pos);
        const engine = enginesTurn(pos);
        const legal = ot.moves(pos.p, pos.o), over = ot.isGameOver(pos), mark = engine ? 0n : legal;
        grid.cells.forEach((c, sq) => {
            c.classList.toggle('black', bit(black, sq));
            c.classList.toggle('white', bit(white, sq));
            c.classList.toggle('legal', bit(mark, sq));
            c.classList.toggle('flipped', last !== null && bit(last.flipped, sq));
            c.classList.toggle('last', last !== null && last.sq === sq);
            c.classList.remove('scored');
            c.textContent = '';
            c.setAttribute('aria-label', `${nameOf(sq)}: ${bit(black, sq) ? 'black' : bit(white, sq) ? 'white' : bit(mark, sq) ? 'empty, a legal move' : 'empty'}`);
        });
        const d = ot.discs(pos);
        $('othello-discs').textContent = `black ${d.black}, white ${d.white}, empty ${d.empty}`;
        $('othello-status').textContent = over
            ? `Game over: ${ot.score(pos) > 0 ? 'black wins' : ot.score(pos) < 0 ? 'white wins' : 'a draw'} (${ot.score(pos)} for black).`
            : legal === 0n ? `${cap(pos.side)} has no move and must pass.` : `${cap(pos.side)} to move: ${ot.legalMoves(pos).join(' ')}.`;
        const side = engineSide();
        if (!thinking) {
            const you = side && ({ black: 'white', white: 'black' })[side];
            const end = over && side ? ` You ${ot.score(pos) === 0 ? 'drew' : (ot.score(pos) > 0) === (you === 'black') ? 'won' : 'lost'}: black ${d.black}, white ${d.white}.` : '';
            const turn = !over && side && !engine ? ` Your move (${cap(you)})${legal === 0n ? ': you have no move, press Pass' : ''}.` : '';
            $('othello-engine-status').textContent = `${note}${end}${turn}`.trim();
        }
        $('othello-pass').disabled = over || legal !== 0n || engine;
        $('othello-undo').disabled = history.length === 1 || (side !== null && !by.some((w, i) => w === 'human' && moves[i] !== 'PA'));
        $('othello-engine-go').disabled = !engine || thinking !== null;
        $('othello-engine-stop').disabled = thinking === null;
        $('othello-hint').disabled = over || engine || legal === 0n;
        $('othello-transcript').value = moves.join('');
        const out = [];
        if (last && last.sq >= 0) {
            // one line at a time, as the library computes flips: the line's
            // 8 bits of the mover's and the other side's discs are extracted,
            // the flips of that line looked up, and deposited back
            for (const line of bb.LINES) {
                const m = bb.lineMask(last.sq, line), f = bb.lineExtract(last.flipped, last.sq, line);
                if (f === 0) continue;
                const mine = bb.lineExtract(last.pos.p, last.sq, line), theirs = bb.lineExtract(last.pos.o, last.sq, line);
                out.push(mini(`${line}: player ${bits8(mine)}, opponent ${bits8(theirs)} → flips ${bits8(f)}`,
                    bb.lineDeposit(f, last.sq, line), { mark: m }));
            }
        }
        $('othello-flips').replaceChildren(...out);
        // the same flips by shifts, one direction at a time (the tracer's forms)
        const pics = [];
        if (last && last.sq >= 0) {
            for (const dir of ['north', 'south', 'east', 'west', 'northeast', 'northwest', 'southeast', 'southwest']) {
                const form = `othello_run_${dir}`, inputs = { p: last.pos.p, o: last.pos.o };
                const f = tr.evaluate(form, inputs, { square: last.sq });
                if (f === 0n) continue;
                pics.push(el('details', { class: 'fold' }, el('summary', {
                    text: `${dir}: flips ${squaresOf(f).map(nameOf).join(' ')} (p: the player, who moved; o: the opponent)` }),
                picture(form, { square: last.sq, inputs })));
            }
        }
        $('othello-pictures').replaceChildren(...pics);
        scoreMoves(side === null ? 'auto' : 'none');
    }
    // The score of every legal move, one search each in the Worker: 'solve'
    // (the Solve button) and 'auto' (16 or fewer empties, with no engine in
    // the game) solve exactly; 'hint' (Show every move's score) solves with
    // 16 or fewer empties, else searches at the engine's strength; 'none'
    // clears.  A new position, Stop or another run aborts the one running.
    async function scoreMoves(kind) {
        solving?.controller.abort();
        solving = null;
        const pos = now(), empties = ot.discs(pos).empty, legal = ot.isGameOver(pos) ? [] : ot.legalMoves(pos);
        $('othello-scores').replaceChildren();
        $('othello-solve').disabled = legal.length === 0 || empties > SOLVE_MAX || enginesTurn(pos);
        $('othello-stop').disabled = true;
        if (legal.length === 0 || kind === 'none') {
            $('othello-solve-status').textContent = legal.length === 0 || empties > SOLVE_AUTO ? '' : `${empties} empty squares: press Solve.`;
            return;
        }
        if (kind === 'auto' && empties > SOLVE_AUTO) {
            $('othello-solve-status').textContent = empties > SOLVE_MAX
                ? `${empties} empty squares: the solver waits for ${SOLVE_MAX} or fewer.` : `${empties} empty squares: press Solve.`;
            return;
        }
        const exact = kind !== 'hint' || empties <= SOLVE_AUTO, s = strength();
        // a time per move is shared among the moves
        const options = s.seconds ? { time: Math.max(0.1, s.seconds / legal.length) } : s.options;
        const controller = new AbortController(), mine = { controller };
        solving = mine;
        $('othello-stop').disabled = false;
        $('othello-solve').disabled = true;
        $('othello-hint').disabled = true;
        const results = [];
        try {
            for (const m of legal) {
                const onProgress = (p) => {
                    if (solving === mine) {
                        $('othello-solve-status').textContent = `${exact ? 'solving' : `searching (${s.label})`} ${m}: ` +
                            `${(p.nodes ?? 0).toLocaleString('en')} positions, ${(p.seconds ?? 0).toFixed(1)} s`;
                    }
                };
                const after = ot.play(pos, m), signal = controller.signal;
                const r = exact ? await ot.solveAsync(after, { signal, onProgress }) : await ot.searchAsync(after, { ...options, signal, onProgress });
                if (solving !== mine) return;
                const score = -r.score, shown = Math.round(score);
                results.push({ move: m, score, shown, nodes: r.nodes, exact: exact || r.exact === true });
                results.sort((a, b) => b.score - a.score);
                $('othello-scores').replaceChildren(...results.map((x) => el('li', { 'data-move': x.move, 'data-score': String(x.score),
                    text: x.exact ? `${x.move}: ${signed(x.shown)} (${x.shown > 0 ? 'win' : x.shown < 0 ? 'loss' : 'draw'}), ${x.nodes.toLocaleString('en')} positions`
                        : `${x.move}: about ${signed(Math.round(x.score * 10) / 10)} (searched at ${s.label}), ${x.nodes.toLocaleString('en')} positions` })));
                const c = grid.cells[bb.parseSquare(m)];
                c.textContent = signed(shown);
                c.classList.add('scored');
                c.setAttribute('aria-label', `${m}: a legal move, ${exact ? 'final score' : 'expected score about'} ${shown} for ${pos.side}`);
            }
            $('othello-solve-status').textContent = `${exact ? 'Solved' : `Searched at ${s.label}`}: the best move is ${results[0].move} (${signed(results[0].shown)}).`;
        } catch (e) {
            if (solving !== mine) return;
            $('othello-solve-status').textContent = e.name === 'AbortError' ? 'Stopped.' : `The ${exact ? 'solver' : 'search'} failed: ${e.message}`;
        }
        if (solving === mine) {
            solving = null;
            $('othello-stop').disabled = true;
            $('othello-solve').disabled = false;
            $('othello-hint').disabled = false;
        }
    }
    $('othello-solve').addEventListener('click', () => scoreMoves('solve'));
    $('othello-hint').addEventListener('click', () => scoreMoves('hint'));
    $('othello-stop').addEventListener('click', () => solving?.controller.abort());
    $('othello-engine-go').addEventListener('click', () => { if (enginesTurn() && !thinking) think(); });
    $('othello-engine-stop').addEventListener('click', () => {
        if (thinking) thinking.stop = true, thinking.controller.abort();
    });
    $('othello-human').addEventListener('change', () => { cancelThinking(); note = ''; changed(); });
    $('othello-new').addEventListener('click', () => {
        cancelThinking();
        history = [ot.start()]; moves = []; by = []; last = null; note = '';
        report($('othello-error'), null);
        changed();
    });
    // Undo takes back one move; against the engine, its replies and the
    // person's move before them (and the passes between), to the person's turn.
    $('othello-undo').addEventListener('click', () => {
        cancelThinking();
        const pop = () => (history.pop(), moves.pop(), by.pop());
        if (engineSide() === null) {
            if (history.length > 1) pop();
        } else {
            while (history.length > 1) {
                const human = by.at(-1) === 'human' && moves.at(-1) !== 'PA';
                pop();
                if (human) break;
            }
        }
        last = null;
        note = '';
        $('othello-engine-progress').hidden = true;
        changed();
    });
    $('othello-pass').addEventListener('click', () => human(ot.PASS));
    $('othello-load').addEventListener('click', () => {
        const text = $('othello-transcript').value.trim();
        try {
            ot.playTranscript(text); // the library reads the whole text first: its error names the move
            const positions = [ot.start()], names = text.match(/[a-h][1-8]|PA|--/gi) ?? [];
            for (const n of names) positions.push(ot.play(positions[positions.length - 1], n.toLowerCase() === 'pa' || n === '--' ? ot.PASS : n.toLowerCase()));
            cancelThinking();
            history = positions;
            moves = names.map((n) => (n.length === 2 && n !== '--' && n.toLowerCase() !== 'pa' ? n.toLowerCase() : 'PA'));
            by = moves.map(() => 'human');
            last = null;
            note = '';
            report($('othello-error'), null);
            changed();
        } catch (e) {
            report($('othello-error'), e);
        }
    });
    draw();
}

// ---- Chess -----------------------------------------------------------------------------

const GLYPHS = { w: { k: '♔', q: '♕', r: '♖', b: '♗', n: '♘', p: '♙' }, b: { k: '♚', q: '♛', r: '♜', b: '♝', n: '♞', p: '♟' } };
const PIECE_NAMES = { p: 'pawn', n: 'knight', b: 'bishop', r: 'rook', q: 'queen', k: 'king' };

function chessPanel() {
    const game = new Chess();
    let selected = -1, hover = -1;
    const grid = makeBoard($('chess-grid'), { label: 'the chess board, rank 8 on top', onActivate: click, onHover: (sq) => { hover = sq; drawAttacks(); } });
    for (const m of bb.ATTACK_METHODS.filter((m) => m !== 'pext')) $('chess-method').append(el('option', { value: m, text: m }));
    $('chess-method').value = 'magic';
    function cellsOf() {
        const cells = Array(64).fill(null);
        for (const row of game.board()) for (const p of row) if (p) cells[bb.parseSquare(p.square)] = p;
        return cells;
    }
    function click(sq) {
        const name = nameOf(sq);
        if (selected >= 0) {
            const from = nameOf(selected);
            const options = game.moves({ square: from, verbose: true }).filter((m) => m.to === name);
            selected = -1;
            if (options.length) {
                const promo = $('chess-promotion').value;
                const m = options.find((o) => !o.promotion || o.promotion === promo) ?? options[0];
                try {
                    game.move({ from: m.from, to: m.to, promotion: m.promotion });
                    report($('chess-error'), null);
                } catch (e) {
                    report($('chess-error'), e);
                }
                draw();
                return;
            }
        }
        const p = game.get(name);
        if (p && p.color === game.turn()) selected = sq;
        draw();
    }
    function drawAttacks() {
        const cells = cellsOf();
        let set = 0n, what = 'Point at a piece to see its attack set.';
        if (hover >= 0 && cells[hover]) {
            const p = cells[hover];
            let occ = 0n;
            cells.forEach((c, i) => { if (c) occ |= 1n << BigInt(i); });
            const slider = 'brq'.includes(p.type);
            const method = $('chess-method').value;
            set = bb.attacks(PIECE_NAMES[p.type], hover, occ, slider ? { method } : { color: p.color === 'w' ? 'white' : 'black' });
            what = `The ${p.color === 'w' ? 'white' : 'black'} ${PIECE_NAMES[p.type]} on ${nameOf(hover)} attacks ${squaresOf(set).map(nameOf).join(' ') || 'nothing'}` +
                `${slider ? ` (${method})` : ''}: ${hex(set)}.`;
        }
        grid.cells.forEach((c, i) => c.classList.toggle('attacked', bit(set, i)));
        $('chess-attacks').textContent = what;
        // the look-up as the tracer draws it: the index a table method computes, or the fills
        const pics = [];
        if (hover >= 0 && cells[hover] && 'brq'.includes(cells[hover].type)) {
            let occ = 0n;
            cells.forEach((c, i) => { if (c) occ |= 1n << BigInt(i); });
            const t = cells[hover].type, method = $('chess-method').value;
            const rook = t !== 'b', bishop = t !== 'r';
            const names = {
                magic: [rook && 'rook_magic_index', bishop && 'bishop_magic_index'],
                'kogge-stone': [rook && 'rook_kogge_stone', bishop && 'bishop_kogge_stone'],
                hyperbola: [rook && 'hyperbola_file', bishop && 'hyperbola_diagonal', bishop && 'hyperbola_antidiagonal'],
                kindergarten: [rook && 'kindergarten_index_rank', rook && 'kindergarten_index_file', bishop && 'kindergarten_index_diagonal',
                    bishop && 'kindergarten_index_antidiagonal'],
                rotated: [rook && 'rotated90_index', bishop && 'rotated45_index', bishop && 'rotated315_index'],
            }[method] ?? [];
            for (const form of names.filter(Boolean)) pics.push(picture(form, { square: hover, inputs: { x: occ } }));
        }
        $('chess-pictures').replaceChildren(...pics);
    }
    // moves: the game's moves numbered from the position it started in (a
    // game from a black-to-move FEN begins "1... e5 2. Nf3")
    function numbered() {
        return game.history({ verbose: true }).map((m, i) => {
            const [, side, , , , number] = m.before.split(' ');
            return side === 'w' ? `${number}. ${m.san}` : i === 0 ? `${number}... ${m.san}` : m.san;
        }).join(' ');
    }
    let perftFen = null; // the position perft was run on: its figures are cleared when the position changes
    // keepFen: a FEN the person typed and the library refused stays in its box
    function draw(keepFen = false) {
        const cells = cellsOf();
        const targets = selected >= 0 ? game.moves({ square: nameOf(selected), verbose: true }).map((m) => bb.parseSquare(m.to)) : [];
        grid.cells.forEach((c, sq) => {
            const p = cells[sq];
            c.textContent = p ? GLYPHS[p.color][p.type] : '';
            c.classList.toggle('selected', sq === selected);
            c.classList.toggle('target', targets.includes(sq));
            c.setAttribute('aria-label', `${nameOf(sq)}${p ? `: ${p.color === 'w' ? 'white' : 'black'} ${PIECE_NAMES[p.type]}` : ''}${targets.includes(sq) ? ', a legal move' : ''}`);
        });
        if (!keepFen) {
            $('chess-fen').value = game.fen();
            $('chess-fen').removeAttribute('aria-invalid');
        }
        $('chess-moves').textContent = numbered() || '(none)';
        if (perftFen !== null && perftFen !== game.fen()) {
            perftFen = null;
            $('chess-divide').tBodies[0].replaceChildren();
            $('chess-perft-total').textContent = '';
        }
        $('chess-divide').hidden = perftFen === null;
        const side = game.turn() === 'w' ? 'White' : 'Black';
        $('chess-status').textContent = game.isCheckmate() ? `Checkmate: ${side} is mated.`
            : game.isStalemate() ? 'Stalemate.' : game.isDraw() ? 'A draw.'
            : `${side} to move${game.inCheck() ? ', in check' : ''}: ${game.moves().length} legal moves.`;
        $('chess-undo').disabled = game.history().length === 0;
        drawAttacks();
    }
    $('chess-new').addEventListener('click', () => {
        game.reset();
        selected = -1;
        report($('chess-error'), null);
        report($('chess-pgn-error'), null);
        draw();
    });
    $('chess-undo').addEventListener('click', () => { game.undo(); selected = -1; draw(); });
    $('chess-load').addEventListener('click', () => {
        let refused = false;
        try {
            game.load($('chess-fen').value.trim());
            report($('chess-error'), null);
        } catch (e) {
            report($('chess-error'), e);
            $('chess-fen').setAttribute('aria-invalid', 'true');
            refused = true;
        }
        selected = -1;
        draw(refused);
    });
    $('chess-load-pgn').addEventListener('click', () => {
        try {
            game.loadPgn($('chess-pgn').value);
            report($('chess-pgn-error'), null);
            report($('chess-error'), null);
        } catch (e) {
            report($('chess-pgn-error'), e);
        }
        selected = -1;
        draw();
    });
    $('chess-method').addEventListener('change', drawAttacks);
    $('chess-perft').addEventListener('click', () => {
        const depth = Number($('chess-depth').value);
        const rows = [];
        let total = 0;
        for (const m of game.moves({ verbose: true })) {
            game.move(m.san);
            const n = depth > 1 ? Number(game.perft(depth - 1)) : 1;
            game.undo();
            total += n;
            rows.push(el('tr', {}, el('td', { text: m.lan }), el('td', { text: String(n) })));
        }
        $('chess-divide').tBodies[0].replaceChildren(...rows);
        $('chess-perft-total').textContent = `perft ${depth}: ${total} (${rows.length} moves)`;
        perftFen = game.fen();
        $('chess-divide').hidden = false;
    });
    draw();
}

// ---- start -----------------------------------------------------------------------------

// Each panel is drawn the first time it is shown: the page is ready once the
// board panel is.
const panels = { board: boardPanel, lines: linesPanel, othello: othelloPanel, chess: chessPanel };
const drawn = new Set();
const showPanel = (name) => {
    if (!drawn.has(name)) drawn.add(name), panels[name]();
};
tabs(document.querySelector('nav'), showPanel);
showPanel('board');
$('loading').hidden = true;
document.body.dataset.readyMs = performance.now().toFixed(1); // for make bench-web: the page is interactive
document.body.dataset.ready = 'true';
