// The package's tracer module against the CLI (BB_CLI, the C library built
// natively): every library form's SVG and HTML byte for byte, at its
// example square and at a random square on random inputs; the proofs of
// `trace NAME --check`; seeded random programs (pictures, verdicts, values,
// each step's bits against the HTML page's own data); every error; the heap
// across many calls; the typings.  BB_JS names the staged package (make
// js-test sets both); BB_JS_SEED replays another seed.
// BB_JS_SHARE=N (make test: tests/js.sh, 3) runs a share of the loops that
// call the CLI for every form and for each random program: the inputs i
// with (i + BB_JS_ROTATE) % N == 0, a different share each run (tests/js.sh
// prints the rotation that replays it); every input is still drawn, so a
// share runs the same cases as the full run.  Without it (make js-test)
// every input runs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const pkg = path.resolve(process.env.BB_JS ?? 'build/js/bitboard');
const cli = process.env.BB_CLI ?? 'build/bitboard';
const tr = await import(path.join(pkg, 'trace.js'));
const { heapBytes } = await import(path.join(pkg, 'core.js'));
const SEED = BigInt(process.env.BB_JS_SEED ?? '0x5eed7ace');
const SHARE = Number(process.env.BB_JS_SHARE ?? 1), ROTATE = Number(process.env.BB_JS_ROTATE ?? 0);
assert.ok(Number.isInteger(SHARE) && SHARE >= 1 && Number.isInteger(ROTATE) && ROTATE >= 0,
    `BB_JS_SHARE=${process.env.BB_JS_SHARE} BB_JS_ROTATE=${process.env.BB_JS_ROTATE}: whole numbers, the share at least 1`);
// input i is this run's
const mine = (i) => (i + ROTATE) % SHARE === 0;
// this run's forms of the library (all of them with no share)
const myForms = () => tr.forms().filter((f, i) => mine(i));

// xorshift64 for boards, small integers from its top bits
function rng(seed) {
    let x = BigInt.asUintN(64, seed) || 0x9e3779b97f4a7c15n;
    const next = () => {
        x ^= BigInt.asUintN(64, x << 13n);
        x ^= x >> 7n;
        x ^= BigInt.asUintN(64, x << 17n);
        return x;
    };
    return { u64: next, int: (n) => Number((next() >> 32n) % BigInt(n)) };
}

const hex = (x) => '0x' + x.toString(16).padStart(16, '0');
const sqName = (sq) => String.fromCharCode(97 + (sq & 7)) + (1 + (sq >> 3));
const run = (args) => execFileSync(cli, args, { encoding: 'utf8', maxBuffer: 1 << 28 });
// the CLI's error: the first line of standard error, after "bitboard: error: "
function cliError(args) {
    const r = spawnSync(cli, args, { encoding: 'utf8' });
    assert.notEqual(r.status, 0, `${args.join(' ')} should fail`);
    return r.stderr.split('\n')[0].replace(/^bitboard: error: /, '');
}
function throwsMessage(fn, message, type = Error) {
    assert.throws(fn, (e) => {
        assert.ok(e instanceof type, `${e.constructor.name}: ${e.message}`);
        assert.equal(e.message, message);
        return true;
    });
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'bitboard-trace-'));
process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));
// the CLI's SVG and HTML for args (the NAME or PROGRAM and options)
function cliPictures(args) {
    const svgFile = path.join(tmp, 'p.svg'), htmlFile = path.join(tmp, 'p.html');
    run(['trace', ...args, '--svg', svgFile, '--html', htmlFile]);
    return { svg: readFileSync(svgFile, 'utf8'), html: readFileSync(htmlFile, 'utf8') };
}
const cliInputs = (values) => values.flatMap((x) => ['--input', hex(x)]);

// The HTML page's own data: every state's cells [label, bits, note, position, on].
const pageData = (page) => JSON.parse(page.match(/<script id="data" type="application\/json">([\s\S]*?)<\/script>/)[1]);

// A trace's bits against the page the C renderer drew of it: each step's
// cells on the board (labels, input bits, the value's bits).
function checkAgainstPage(t, page, what) {
    const data = pageData(page);
    const states = data.steps.filter((s) => s.n > 0);
    const shown = t.steps.filter((s) => s.shown);
    assert.equal(states.length, shown.length, what);
    shown.forEach((step, i) => {
        assert.equal(states[i].op, step.text, `${what}: step ${i}`);
        const cells = new Map(states[i].cells.filter((c) => c[3] >= 0 && c[3] < 64).map((c) => [c[3], c]));
        step.bits.forEach((bit, pos) => {
            const cell = cells.get(pos);
            const bits = [];
            bit.in.forEach((x, v) => { for (let s = 0; s < 64; s++) if ((x >> BigInt(s)) & 1n) bits.push(64 * v + s); });
            if (!cell) {
                assert.deepEqual([bit.label, bits], ['', []], `${what}: step ${i}, ${sqName(pos)}`);
                return;
            }
            assert.equal(bit.label, cell[0], `${what}: step ${i}, ${sqName(pos)}`);
            assert.deepEqual(bits, cell[1], `${what}: step ${i}, ${sqName(pos)}`);
            if (step.value !== null) assert.equal(Number((step.value >> BigInt(pos)) & 1n), cell[4], `${what}: step ${i}, ${sqName(pos)}`);
        });
        if (step.value !== null) assert.equal(hex(step.value), states[i].value, `${what}: step ${i}`);
    });
}

test('forms: the CLI\'s --list, in order', () => {
    const list = run(['trace', '--list']).trimEnd().split('\n').map((line) => {
        const m = line.match(/^(\S+) +(.*)$/);
        return { name: m[1], summary: m[2] };
    });
    assert.deepEqual(tr.forms().map((f) => ({ name: f.name, summary: f.summary })), list);
    assert.ok(list.length >= 80);
    assert.equal(tr.forms(), tr.forms());
    assert.ok(Object.isFrozen(tr.forms()) && Object.isFrozen(tr.forms()[0]));
    for (const f of tr.forms()) {
        assert.ok(f.square === null || /^[a-h][1-8]$/.test(f.square), f.name);
        assert.ok(f.inputs.length > 0, f.name);
        assert.equal(tr.formText(f.name), tr.trace(f.name).program, f.name);
    }
    assert.equal(tr.forms().filter((f) => !f.definition).map((f) => f.name).join(' '), 'rook_magic_index bishop_magic_index');
});

test('every form: the SVG and HTML are the CLI\'s, byte for byte, at its example square', () => {
    for (const f of myForms()) {
        const want = cliPictures([f.name]);
        assert.equal(tr.svg(f.name), want.svg, `${f.name} --svg`);
        assert.equal(tr.html(f.name), want.html, `${f.name} --html`);
        // the terminal picture is the CLI's, before its proof line
        const cliText = run(['trace', f.name, '--color', 'never']);
        const text = tr.text(f.name);
        assert.ok(cliText.startsWith(text) && cliText.slice(text.length).startsWith('proof: '), `${f.name} text`);
        assert.equal(tr.text(f.name, { color: true }), run(['trace', f.name, '--color', 'always']).slice(0, tr.text(f.name, { color: true }).length));
    }
});

test('every form: SVG, HTML and data at a random square on random inputs; the value is the definition\'s and the routine\'s', () => {
    const r = rng(SEED);
    for (const [i, f] of tr.forms().entries()) {
        const sq = f.square === null ? undefined : r.int(64);
        const nvars = tr.trace(f.name, { square: sq }).inputs.length;
        const values = Array.from({ length: nvars }, () => r.u64() & r.u64() | r.u64() & r.u64() & r.u64());
        const byName = sq === undefined ? 0 : r.int(2);
        if (!mine(i)) continue; // (after its draws: the same cases in every share)
        const args = [f.name, ...(sq === undefined ? [] : ['--square', sqName(sq)]), ...cliInputs(values)];
        const want = cliPictures(args);
        const opts = { inputs: values, ...(sq === undefined ? {} : { square: byName ? sq : sqName(sq) }) };
        const what = `${f.name} ${args.slice(1).join(' ')}`;
        assert.equal(tr.svg(f.name, opts), want.svg, `${what} --svg`);
        assert.equal(tr.html(f.name, opts), want.html, `${what} --html`);
        const t = tr.trace(f.name, opts);
        checkAgainstPage(t, want.html, what);
        assert.equal(t.square, sq === undefined ? null : sqName(sq));
        assert.deepEqual(t.values, values);
        assert.equal(t.result, t.steps.at(-1).value);
        assert.equal(t.result, tr.evaluate(f.name, values, sq === undefined ? undefined : { square: sq }), what);
        if (t.definition !== null) assert.equal(t.result, t.definition, `${what}: the definition`);
        if (t.routine !== null) assert.equal(t.result, t.routine, `${what}: the library routine`);
        assert.equal(t.definition !== null, f.definition, what);
    }
});

test('prove: every form as `trace NAME --check` says', () => {
    for (const f of myForms()) {
        const p = tr.prove(f.name);
        const r = spawnSync(cli, ['trace', f.name, '--check'], { encoding: 'utf8' });
        const line = r.stdout.trimEnd();
        if (p.status === 'none') {
            assert.ok(line.startsWith('no definition to prove against'), f.name);
            assert.equal(r.status, 0);
            continue;
        }
        assert.equal(line, (p.status === 'proven' ? '' : p.status === 'wrong' ? 'WRONG: ' : 'not proven: ') + p.message, f.name);
        assert.equal(r.status, p.status === 'proven' ? 0 : 1, f.name);
        assert.equal(p.method === null, p.status === 'refused', f.name);
        assert.ok(p.cases > 0n && p.bits > 0, f.name);
    }
    // at another square too, against the definition there (the CLI's --check
    // --square proves against the example square's definition, so not compared)
    const lines = tr.forms().filter((f) => f.square !== null && f.definition);
    for (const f of lines.slice(0, 12)) assert.equal(tr.prove(f.name, { square: 'a1' }).status, 'proven', f.name);
});

// ---- random programs ---------------------------------------------------------------

const NAMES = ['x', 'p', 'o', 'occ'];
function randomConstant(r) {
    switch (r.int(4)) {
    case 0: return hex(r.u64());
    case 1: return hex(r.u64() & r.u64() & r.u64());
    case 2: return String(r.int(1000));
    default: return '0b' + (r.u64() & 0xffffn).toString(2);
    }
}
function randomProgram(r) {
    const nvars = 1 + r.int(4);
    const inputs = NAMES.slice(0, nvars);
    const named = [...inputs];
    const lines = [`input ${inputs.join(' ')}`];
    const operand = () => (r.int(2) ? named[r.int(named.length)] : randomConstant(r));
    const ops = [
        () => `& ${operand()}`, () => `| ${operand()}`, () => `^ ${operand()}`, () => `andnot ${operand()}`,
        () => `+ ${operand()}`, () => `- ${operand()}`, () => `* ${randomConstant(r)}`,
        () => `<< ${r.int(64)}`, () => `>> ${r.int(64)}`, () => `rol ${r.int(64)}`, () => `ror 0x${r.int(64).toString(16)}`,
        () => 'bswap', () => 'neg', () => 'not', () => `pext ${randomConstant(r)}`, () => `pdep ${randomConstant(r)}`,
        () => `dswap ${randomConstant(r)} ${1 + r.int(63)}`, () => `gf2p8affine ${operand()}`,
    ];
    const statements = 1 + r.int(4);
    for (let s = 0; s < statements; s++) {
        const start = s === 0 || r.int(2) ? named[r.int(named.length)] + ' ' : '';
        const chain = Array.from({ length: 1 + r.int(3) }, () => ops[r.int(ops.length)]()).join(' ');
        if (r.int(3) === 0 && named.length < 8) {
            const name = `t${named.length}`;
            lines.push(`let ${name} = ${start}${chain}`);
            named.push(name);
        } else {
            lines.push(`${start}${chain}${r.int(4) === 0 ? ' # a comment' : ''}`);
        }
    }
    return { text: lines.join(r.int(2) ? '\n' : '; '), nvars, inputs };
}

test('random programs: pictures, verdicts, values and every step\'s bits as the CLI draws them', () => {
    const r = rng(SEED + 1n);
    for (let n = 0; n < 60; n++) {
        const { text, nvars, inputs } = randomProgram(r);
        const values = Array.from({ length: nvars }, () => r.u64());
        const byName = r.int(2);
        if (!mine(n)) continue;
        const opts = { inputs: byName ? Object.fromEntries(inputs.map((k, i) => [k, values[i]])) : values };
        const args = [text, ...(byName ? inputs.flatMap((k, i) => ['--input', `${k}=${hex(values[i])}`]) : cliInputs(values))];
        const want = cliPictures(args);
        assert.equal(tr.svg(text, opts), want.svg, text);
        assert.equal(tr.html(text, opts), want.html, text);
        assert.equal(tr.text(text, opts), run(['trace', ...args, '--color', 'never']), text);
        const t = tr.trace(text, opts);
        assert.deepEqual(t.inputs, inputs, text);
        assert.equal(t.form, null);
        assert.equal(t.title, null);
        checkAgainstPage(t, want.html, text);
        assert.equal(t.result, tr.evaluate(text, values), text);
        // the verdict is --check's line, and the same without inputs
        const check = spawnSync(cli, ['trace', text, '--check'], { encoding: 'utf8' });
        assert.equal(t.verdict.message, check.stdout.trimEnd(), text);
        assert.equal(check.status, ['lossy', 'nonlinear'].includes(t.verdict.kind) ? 1 : 0, text);
        assert.equal(t.verdict.message.split(':')[0], t.verdict.kind);
        const bare = tr.trace(text);
        assert.equal(bare.result, null);
        assert.deepEqual(bare.verdict, t.verdict, text);
        assert.equal(tr.svg(text), cliPictures([text]).svg, text);
        // each step's text parses back to the same program
        const again = tr.trace(`input ${inputs.join(' ')}\n` + t.steps.map((s) => s.text).join('\n'), opts);
        assert.deepEqual(again.steps.map((s) => [s.text, s.value]), t.steps.map((s) => [s.text, s.value]), text);
        for (const s of t.steps) {
            if (s.length) assert.equal(s.position >= 1 && s.position + s.length - 1 <= text.length, true, text);
            assert.equal(s.slot < 0, s.constant !== null, text);
            if (s.slot >= 0) assert.ok(s.slot < t.names.length, text);
        }
    }
});

// prove(what, { against }) against `trace WHAT --against W [--square S]`
function checkAgainst(what, against, sq) {
    const args = ['trace', what, '--against', against, ...(sq === undefined ? [] : ['--square', sq])];
    const res = spawnSync(cli, args, { encoding: 'utf8' });
    const line = res.stdout.trimEnd(), label = args.slice(1).join(' ');
    const p = tr.prove(what, { against, ...(sq === undefined ? {} : { square: sq }) });
    const g = tr.forms().find((f) => f.name === against);
    const at = g && g.square !== null ? sq ?? g.square : null;
    const by = g && (g.definition ? 'definition' : 'library routine');
    const desc = !g ? 'the other program' : at ? `${g.name} (square ${at}, its ${by})` : `${g.name} (its ${by})`;
    if (p.status === 'proven') {
        assert.equal(line, `equal to ${desc} for every input: ${p.message.replace(/^proven for every input: /, '')}`, label);
    } else if (p.status === 'wrong') {
        const inputs = tr.trace(what, sq === undefined ? undefined : { square: sq }).inputs;
        const cx = inputs.map((name, k) => ` ${name} = ${hex(p.counterexample[k])}`).join('');
        const want = `NOT equal to ${desc}: counterexample${cx}: the program gives ${hex(p.got)}, ${g ? g.name : 'the other'} ${hex(p.want)}; `;
        assert.equal(line.slice(0, want.length), want, label);
        assert.equal(tr.evaluate(what, p.counterexample, sq === undefined ? undefined : { square: sq }), p.got, label);
        assert.notEqual(p.got, p.want, label);
    } else {
        assert.equal(line, `not proven either way against ${desc}: ${p.message}`, label);
    }
    assert.equal(res.status, p.status === 'proven' ? 0 : 1, label);
    return p.status;
}

test('prove against: every form\'s text against the form, forms against forms, as `trace WHAT --against W`', () => {
    const r = rng(SEED + 3n);
    const counts = {};
    for (const f of myForms()) {
        if (f.name.endsWith('magic_index')) continue; // neither a definition nor a routine
        const status = checkAgainst(tr.formText(f.name), f.name);
        assert.equal(status, f.name === 'othello_moves_shifts' || f.name.endsWith('_fill') ? status : 'proven', f.name);
    }
    const plain = tr.forms().filter((f) => f.square === null && f.inputs.startsWith('x:') && !f.inputs.includes(';'));
    for (let n = 0; n < 25; n++) {
        const a = plain[r.int(plain.length)].name, b = plain[r.int(plain.length)].name;
        const status = checkAgainst(a, b);
        counts[status] = (counts[status] ?? 0) + 1;
    }
    for (const dir of ['rank', 'file', 'diagonal', 'antidiagonal']) {
        const sq = sqName(r.int(64));
        assert.equal(checkAgainst(`line_extract_mul_${dir}`, `line_extract_pext_${dir}`, sq), 'proven', `${dir} ${sq}`);
        assert.equal(checkAgainst(`line_deposit_pext_${dir}`, `line_deposit_mul_${dir}`, sq), 'proven', `${dir} ${sq}`);
    }
    assert.ok(counts.proven && counts.wrong, JSON.stringify(counts));
});

test('prove against: random programs against random programs and against themselves rewritten', () => {
    const r = rng(SEED + 4n);
    const counts = {};
    for (let n = 0; n < 30; n++) {
        const a = randomProgram(r);
        let b = randomProgram(r);
        while (b.nvars !== a.nvars) b = randomProgram(r);
        if (!mine(n)) continue;
        const status = checkAgainst(a.text, b.text);
        counts[status] = (counts[status] ?? 0) + 1;
        const rewritten = `input ${a.inputs.join(' ')}\n` + tr.trace(a.text).steps.map((s) => s.text).join('\n');
        assert.notEqual(checkAgainst(a.text, rewritten), 'wrong', a.text);
    }
    assert.ok(counts.wrong, JSON.stringify(counts));
    throwsMessage(() => tr.prove('x', { against: 'rook_magic_index' }), `bitboard: ${cliError(['trace', 'x', '--against', 'rook_magic_index']).replace('--against', 'against')}`);
    throwsMessage(() => tr.prove('x', { against: 'input p o; p' }), `bitboard: ${cliError(['trace', 'x', '--against', 'input p o; p']).replace('--against', 'against')}`);
    throwsMessage(() => tr.prove('x', { against: 'x <<< 3' }), `bitboard: ${cliError(['trace', 'x', '--against', 'x <<< 3']).replace('--against', 'against')}`);
    throwsMessage(() => tr.prove('x', { against: 'flip_verticall' }),
        `bitboard: ${cliError(['trace', 'x', '--against', 'flip_verticall']).replace('--against', 'against').replace('(bitboard trace --list names them)', '(forms() names them)')}`);
    throwsMessage(() => tr.prove('x', { against: 3 }), 'bitboard: against must be a form\'s name or a program text (a string), not number', TypeError);
    throwsMessage(() => tr.prove('x >> 1', { against: 'x', square: 'e4' }), 'bitboard: square applies to a library form that takes a square (not a program text)', RangeError);
    throwsMessage(() => tr.prove('# nothing', { against: 'x' }), 'bitboard: the program is empty: no operation in it (the identity is `x`)');
    throwsMessage(() => tr.prove('x', { against: 'x', colour: 1 }), 'bitboard: prove has no option \'colour\' (it takes square, against)', RangeError);
});

test('programs of several inputs: each input has a panel (the renderers once wrote past their list of panels)', () => {
    for (const text of ['input x p o; o neg; x bswap', 'input a b c d; d; c; b; a neg', 'input p o; o; p; o; p ^ o']) {
        const values = [1n, 2n, 3n, 4n].slice(0, tr.trace(text).inputs.length);
        const want = cliPictures([text, ...cliInputs(values)]);
        assert.equal(tr.svg(text, { inputs: values }), want.svg, text);
        assert.equal(tr.html(text, { inputs: values }), want.html, text);
        assert.equal(tr.text(text, { inputs: values }), run(['trace', text, ...cliInputs(values), '--color', 'never']), text);
    }
});

test('bitColor: the colours the HTML page gives every bit of 4 inputs', () => {
    const data = pageData(tr.html('input a b c d; a ^ b ^ c ^ d'));
    assert.equal(Object.keys(data.colours).length, 256);
    for (let bit = 0; bit < 256; bit++) {
        assert.deepEqual(tr.bitColor(bit & 63, bit >> 6), { fill: data.colours[bit], ink: data.ink[bit] }, `bit ${bit}`);
    }
    assert.deepEqual(tr.bitColor('e4'), tr.bitColor(28, 0));
    throwsMessage(() => tr.bitColor(64), 'bitboard: square 64 is not a square (0..63 or a1..h8)', RangeError);
    throwsMessage(() => tr.bitColor('e4', 4), 'bitboard: input 4 is not an input\'s index (0..3)', RangeError);
    throwsMessage(() => tr.bitColor('e4', '1'), 'bitboard: input 1 is not an input\'s index (0..3)', RangeError);
});

test('the longest program: 4096 steps (the memory grows while the states are read), and one more is an error', () => {
    const text = 'x' + ' rol 1'.repeat(tr.MAX_STEPS - 1);
    const t = tr.trace(text, { inputs: 1n });
    assert.equal(t.steps.length, tr.MAX_STEPS);
    assert.equal(t.result, 1n << BigInt((tr.MAX_STEPS - 1) % 64));
    assert.equal(t.steps.at(-1).bits[(tr.MAX_STEPS - 1) % 64].label, 'a1');
    assert.equal(t.verdict.kind, 'permutation');
    assert.equal(tr.svg(text, { inputs: 1n }), cliPictures([text, '--input', '0x1']).svg);
    const longer = text + ' rol 1';
    throwsMessage(() => tr.trace(longer), `bitboard: ${cliError(['trace', longer]).replace(/^program: /, '')}`);
});

test('the data of a known trace: a gather by multiplication', () => {
    const text = 'x & 0x0101010101010101; * 0x0102040810204080; >> 56';
    const t = tr.trace(text, { inputs: 0x0100000000000001n });
    assert.deepEqual(t.steps.map((s) => s.op), ['load', '&', '*', '>>']);
    assert.equal(t.result, 0x81n);
    assert.equal(t.verdict.kind, 'gather');
    assert.equal(t.verdict.from[0], 0);   // a1 -> a1
    assert.equal(t.verdict.from[7], 56);  // a8 -> h1
    assert.equal(t.verdict.from[8], -1);
    assert.equal(t.verdict.to[0][56], 7);
    assert.equal(t.verdict.to[0][1], -1);
    assert.equal(t.verdict.used[0], 0x0101010101010101n);
    assert.deepEqual(t.steps[3].bits.slice(0, 8).map((b) => b.label), ['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8']);
    assert.equal(t.steps[2].parts, 0x0102040810204080n);
    assert.equal(t.steps[1].position, 3);
    assert.equal(text.slice(t.steps[2].position - 1, t.steps[2].position - 1 + t.steps[2].length), '* 0x0102040810204080');
    assert.ok(t.steps[3].lost.some((b) => b.position < 0 && b.label === 'a1'));
    // a title of one's own
    assert.match(tr.svg(text, { title: 'file a <gathered>' }), /<title>file a &lt;gathered&gt;<\/title>/);
    // positions count characters, not UTF-8 bytes
    const u = tr.trace('# é à\nx >> 8');
    assert.deepEqual(u.steps.map((s) => [s.op, s.position, s.length, s.shown]), [['load', 7, 1, false], ['>>', 9, 4, true]]);
});

// ---- errors ------------------------------------------------------------------------

test('every error: bad programs with the C library\'s message, position, line and column', () => {
    const bad = ['x & 0x01; foo 3', 'x << 64', 'x & y', 'input p o; p & q', 'x * ', 'x pext', 'x; input y',
        'input a b c d e', 'x dswap 0xff 0', 'let = x', 'x & 0x1ffffffffffffffff', 'x; \n  bswap; &&'];
    for (const text of bad) {
        const msg = cliError(['trace', text]).replace(/^program: /, '');
        assert.throws(() => tr.trace(text), (e) => {
            assert.equal(e.message, `bitboard: ${msg}`, text);
            const m = msg.match(/^line (\d+), column (\d+)/);
            if (m) assert.deepEqual([e.line, e.column], [Number(m[1]), Number(m[2])], text);
            assert.ok(e.position >= 0 && e.position <= text.length + 1, text);
            return true;
        });
        assert.throws(() => tr.svg(text), { message: `bitboard: ${msg}` });
        assert.throws(() => tr.evaluate(text, 0n), { message: `bitboard: ${msg}` });
    }
    // random faults in random programs: the CLI's messages
    const r = rng(SEED + 2n);
    for (let n = 0; n < 40; n++) {
        const { text } = randomProgram(r);
        const at = 1 + r.int(text.length);
        const broken = text.slice(0, at) + ['@', ' << 99', ' frob', ' & ', ' dswap 1', ' pdep zz'][r.int(6)] + text.slice(at);
        const res = spawnSync(cli, ['trace', broken], { encoding: 'utf8' });
        if (res.status === 0) {
            assert.doesNotThrow(() => tr.trace(broken), broken);
            continue;
        }
        const msg = res.stderr.split('\n')[0].replace(/^bitboard: error: program: /, '');
        assert.throws(() => tr.trace(broken), { message: `bitboard: ${msg}` }, broken);
    }
    // a mistyped form, an empty program
    const typo = cliError(['trace', 'flip_verticall']).replace('(bitboard trace --list names them)', '(forms() names them)');
    throwsMessage(() => tr.trace('flip_verticall'), `bitboard: ${typo}`);
    throwsMessage(() => tr.svg('flip_verticall'), `bitboard: ${typo}`);
    for (const empty of ['', '# nothing', 'input p o']) {
        throwsMessage(() => tr.trace(empty), `bitboard: ${cliError(['trace', empty]).replace(/^program: /, '')}`);
    }
});

test('every error: bad arguments name what is wrong', () => {
    throwsMessage(() => tr.trace(42), 'bitboard: a trace takes a form\'s name or a program text (a string), not number', TypeError);
    throwsMessage(() => tr.svg(null), 'bitboard: a trace takes a form\'s name or a program text (a string), not null', TypeError);
    throwsMessage(() => tr.trace('x', 'e4'), 'bitboard: trace options must be an object, not string', TypeError);
    throwsMessage(() => tr.trace('x', []), 'bitboard: trace options must be an object, not array', TypeError);
    throwsMessage(() => tr.trace('x >> 1', { input: 1n }), 'bitboard: trace has no option \'input\' (it takes inputs, square)', RangeError);
    throwsMessage(() => tr.svg('x >> 1', { colour: true }), 'bitboard: svg has no option \'colour\' (it takes inputs, square, title)', RangeError);
    throwsMessage(() => tr.text('x >> 1', { color: 'yes' }), 'bitboard: color must be a boolean, not string', TypeError);
    throwsMessage(() => tr.html('x >> 1', { title: 3 }), 'bitboard: title must be a string, not number', TypeError);
    // inputs
    throwsMessage(() => tr.trace('x >> 1', { inputs: 1 }), 'bitboard: inputs must be a BigInt, an array of them or an object by input name, not number', TypeError);
    throwsMessage(() => tr.trace('x >> 1', { inputs: -1n }), 'bitboard: inputs -1 is not in 0..2^64-1', RangeError);
    throwsMessage(() => tr.trace('input p o; p & o', { inputs: [1n, 2n, 3n] }), 'bitboard: inputs has 3 values, the program 2 inputs (p o)', RangeError);
    throwsMessage(() => tr.trace('input p o; p & o', { inputs: [1n, 'e4'] }), 'bitboard: inputs[1] must be a BigInt (e.g. 0x1000n), not string', TypeError);
    throwsMessage(() => tr.trace('input p o; p & o', { inputs: { q: 1n } }), 'bitboard: inputs.q: the program has no input \'q\' (its inputs: p o)', RangeError);
    throwsMessage(() => tr.trace('input p o; let m = p; m & o', { inputs: { m: 1n } }), 'bitboard: inputs.m: the program has no input \'m\' (its inputs: p o)', RangeError);
    throwsMessage(() => tr.trace('input p o; p & o', { inputs: { o: 1n << 64n } }), `bitboard: inputs.o ${1n << 64n} is not in 0..2^64-1`, RangeError);
    throwsMessage(() => tr.evaluate('x >> 1'), 'bitboard: evaluate needs inputs (a BigInt, an array or an object), not undefined', TypeError);
    throwsMessage(() => tr.evaluate('x >> 1', 1n, { inputs: 1n }), 'bitboard: evaluate has no option \'inputs\' (it takes square)', RangeError);
    // squares
    throwsMessage(() => tr.trace('x >> 1', { square: 'e4' }), 'bitboard: square applies to a library form that takes a square (not a program text)', RangeError);
    throwsMessage(() => tr.trace('flip_vertical', { square: 'e4' }), 'bitboard: square applies to a form that takes a square (flip_vertical does not)', RangeError);
    throwsMessage(() => tr.svg('line_extract_mul_rank', { square: 'i9' }), 'bitboard: square \'i9\' is not a square name (a1..h8)', RangeError);
    throwsMessage(() => tr.trace('line_extract_mul_rank', { square: 64 }), 'bitboard: square 64 is not a square (0..63 or a1..h8)', RangeError);
    throwsMessage(() => tr.formText('line_extract_mul_rank', -1), 'bitboard: square -1 is not a square (0..63 or a1..h8)', RangeError);
    throwsMessage(() => tr.prove('flip_vertical', { square: 0 }), 'bitboard: square applies to a form that takes a square (flip_vertical does not)', RangeError);
    // names of forms
    throwsMessage(() => tr.formText('flip_verticall'), 'bitboard: \'flip_verticall\' is not a library form (forms() names them)', RangeError);
    throwsMessage(() => tr.prove('x >> 1'), 'bitboard: \'x >> 1\' is not a library form (forms() names them)', RangeError);
    throwsMessage(() => tr.prove(7), 'bitboard: prove must be a form\'s name (a string), not number', TypeError);
    throwsMessage(() => tr.formText(undefined), 'bitboard: formText must be a form\'s name (a string), not undefined', TypeError);
    throwsMessage(() => tr.prove('flip_vertical', 'e4'), 'bitboard: prove options must be an object, not string', TypeError);
    // the CLI agrees on the square a form without one refuses
    assert.match(cliError(['trace', 'flip_vertical', '--square', 'e4']), /flip_vertical does not/);
    // a form's square given as a name or a number: the same trace
    assert.equal(tr.svg('line_extract_mul_file', { square: 'c5' }), tr.svg('line_extract_mul_file', { square: 34 }));
    assert.equal(tr.formText('line_extract_mul_file', 'c5'), tr.formText('line_extract_mul_file', 34));
});

test('the heap does not grow across many calls', () => {
    const text = 'input p o; let m = p & 0xff; o * 0x0101010101010101 ^ m; rol 9; pext 0xf0f0f0f0f0f0f0f0';
    const warm = () => {
        tr.trace(text, { inputs: [1n, 2n] });
        tr.svg('rotate_cw_gfni');
        tr.html(text);
        tr.text('line_extract_mul_file', { square: 'e4', color: true });
        tr.prove('flip_diagonal');
        tr.formText('hyperbola_file', 'd4');
        try { tr.trace('x & oops'); } catch { /* the error */ }
        try { tr.trace('x', { inputs: [1n, 2n] }); } catch { /* the error */ }
    };
    for (let i = 0; i < 20; i++) warm();
    const before = heapBytes();
    for (let i = 0; i < 300; i++) warm();
    for (let i = 0; i < 100000; i++) tr.evaluate(text, [BigInt(i), 3n]);
    assert.equal(heapBytes(), before);
});

test('the typings declare every export, and nothing else', () => {
    const dts = readFileSync(path.join(pkg, 'trace.d.ts'), 'utf8');
    const declared = new Map();
    for (const m of dts.matchAll(/^export (function|const) (\w+)/gm)) declared.set(m[2], m[1]);
    const actual = new Map(Object.keys(tr).map((k) => [k, typeof tr[k] === 'function' ? 'function' : 'const']));
    assert.deepEqual([...declared.keys()].sort(), [...actual.keys()].sort());
    for (const [name, kind] of actual) assert.equal(declared.get(name), kind, `${name} is a ${kind}`);
    const union = (type) => [...dts.match(new RegExp(`type ${type} =([^;]*);`))[1].matchAll(/'([^']+)'/g)].map((m) => m[1]);
    assert.deepEqual(union('Op'), [...tr.OPS]);
    assert.deepEqual(union('Kind'), [...tr.KINDS]);
    const h = readFileSync('include/bitboard/trace.h', 'utf8');
    assert.equal(tr.MAX_INPUTS, Number(h.match(/#define BB_TRACE_MAX_VARS (\d+)/)[1]));
    assert.equal(tr.MAX_STEPS, Number(h.match(/#define BB_TRACE_MAX_STEPS (\d+)/)[1]));
});
