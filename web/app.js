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

function othelloPanel() {
    let history = [ot.start()], moves = [], last = null;
    let solving = null; // { controller } while the solver runs
    const grid = makeBoard($('othello-grid'), { label: 'the Othello board, rank 8 on top', othello: true, onActivate: (sq) => play(nameOf(sq)) });
    const now = () => history[history.length - 1];
    const colours = (pos) => (pos.side === 'black' ? { black: pos.p, white: pos.o } : { black: pos.o, white: pos.p });
    function play(name) {
        const pos = now();
        try {
            const sq = name === ot.PASS ? -1 : bb.parseSquare(name);
            const flipped = sq < 0 ? 0n : ot.flips(pos.p, pos.o, sq);
            const next = ot.play(pos, name);
            history.push(next);
            moves.push(name === ot.PASS ? 'PA' : name);
            last = { sq, flipped, pos };
            report($('othello-error'), null);
            draw();
        } catch (e) {
            report($('othello-error'), e);
        }
    }
    function draw() {
        const pos = now(), { black, white } = colours(pos);
        const legal = ot.moves(pos.p, pos.o), over = ot.isGameOver(pos);
        grid.cells.forEach((c, sq) => {
            c.classList.toggle('black', bit(black, sq));
            c.classList.toggle('white', bit(white, sq));
            c.classList.toggle('legal', bit(legal, sq));
            c.classList.toggle('flipped', last !== null && bit(last.flipped, sq));
            c.classList.toggle('last', last !== null && last.sq === sq);
            c.classList.remove('scored');
            c.textContent = '';
            c.setAttribute('aria-label', `${nameOf(sq)}: ${bit(black, sq) ? 'black' : bit(white, sq) ? 'white' : bit(legal, sq) ? 'empty, a legal move' : 'empty'}`);
        });
        const d = ot.discs(pos);
        $('othello-discs').textContent = `black ${d.black}, white ${d.white}, empty ${d.empty}`;
        $('othello-status').textContent = over
            ? `Game over: ${ot.score(pos) > 0 ? 'black wins' : ot.score(pos) < 0 ? 'white wins' : 'a draw'} (${ot.score(pos)} for black).`
            : legal === 0n ? `${cap(pos.side)} has no move and must pass.` : `${cap(pos.side)} to move: ${ot.legalMoves(pos).join(' ')}.`;
        $('othello-pass').disabled = over || legal !== 0n;
        $('othello-undo').disabled = history.length === 1;
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
        solveMoves(false);
    }
    // The exact score of every legal move, one solve each in the Worker; a
    // new position, Stop or another solve aborts the one running.
    async function solveMoves(asked) {
        solving?.controller.abort();
        solving = null;
        const pos = now(), empties = ot.discs(pos).empty, legal = ot.isGameOver(pos) ? [] : ot.legalMoves(pos);
        $('othello-scores').replaceChildren();
        $('othello-solve').disabled = legal.length === 0 || empties > SOLVE_MAX;
        $('othello-stop').disabled = true;
        if (legal.length === 0) {
            $('othello-solve-status').textContent = '';
            return;
        }
        if (!asked && empties > SOLVE_AUTO) {
            $('othello-solve-status').textContent = empties > SOLVE_MAX
                ? `${empties} empty squares: the solver waits for ${SOLVE_MAX} or fewer.` : `${empties} empty squares: press Solve.`;
            return;
        }
        const controller = new AbortController(), mine = { controller };
        solving = mine;
        $('othello-stop').disabled = false;
        $('othello-solve').disabled = true;
        const results = [];
        try {
            for (const m of legal) {
                const r = await ot.solveAsync(ot.play(pos, m), {
                    signal: controller.signal,
                    onProgress: (p) => { $('othello-solve-status').textContent = `solving ${m}: ${p.nodes.toLocaleString('en')} positions, ${p.seconds.toFixed(1)} s`; },
                });
                if (solving !== mine) return;
                results.push({ move: m, score: -r.score, nodes: r.nodes });
                results.sort((a, b) => b.score - a.score);
                $('othello-scores').replaceChildren(...results.map((x) => el('li', { 'data-move': x.move, 'data-score': String(x.score),
                    text: `${x.move}: ${x.score > 0 ? '+' : ''}${x.score} (${x.score > 0 ? 'win' : x.score < 0 ? 'loss' : 'draw'}), ${x.nodes.toLocaleString('en')} positions` })));
                const c = grid.cells[bb.parseSquare(m)];
                c.textContent = `${-r.score > 0 ? '+' : ''}${-r.score}`;
                c.classList.add('scored');
                c.setAttribute('aria-label', `${m}: a legal move, final score ${-r.score} for ${pos.side}`);
            }
            $('othello-solve-status').textContent = `Solved: the best move is ${results[0].move} (${results[0].score > 0 ? '+' : ''}${results[0].score}).`;
        } catch (e) {
            if (solving !== mine) return;
            $('othello-solve-status').textContent = e.name === 'AbortError' ? 'Stopped.' : `The solver failed: ${e.message}`;
        }
        if (solving === mine) {
            solving = null;
            $('othello-stop').disabled = true;
            $('othello-solve').disabled = false;
        }
    }
    $('othello-solve').addEventListener('click', () => solveMoves(true));
    $('othello-stop').addEventListener('click', () => solving?.controller.abort());
    $('othello-new').addEventListener('click', () => { history = [ot.start()]; moves = []; last = null; report($('othello-error'), null); draw(); });
    $('othello-undo').addEventListener('click', () => {
        if (history.length > 1) history.pop(), moves.pop();
        last = null;
        draw();
    });
    $('othello-pass').addEventListener('click', () => play(ot.PASS));
    $('othello-load').addEventListener('click', () => {
        const text = $('othello-transcript').value.trim();
        try {
            ot.playTranscript(text); // the library reads the whole text first: its error names the move
            const positions = [ot.start()], names = text.match(/[a-h][1-8]|PA|--/gi) ?? [];
            for (const n of names) positions.push(ot.play(positions[positions.length - 1], n.toLowerCase() === 'pa' || n === '--' ? ot.PASS : n.toLowerCase()));
            history = positions;
            moves = names.map((n) => (n.length === 2 && n !== '--' && n.toLowerCase() !== 'pa' ? n.toLowerCase() : 'PA'));
            last = null;
            report($('othello-error'), null);
            draw();
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
