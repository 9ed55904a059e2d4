// The package's tracer with the byte shuffle (bshuf, pshufb) and the bit
// gather (bitgather, vpshufbitqmb) against the CLI (BB_CLI, the C library
// built natively) and against slow references written here: seeded random
// programs using both (pictures byte for byte, verdicts, values, each step's
// indices, the text round trip), proofs against flip_vertical, and errors
// with their positions.  BB_JS names the staged package (make js-test sets
// both); BB_JS_SEED replays another seed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const pkg = path.resolve(process.env.BB_JS ?? 'build/js/bitboard');
const cli = process.env.BB_CLI ?? 'build/bitboard';
const tr = await import(path.join(pkg, 'trace.js'));
const SEED = BigInt(process.env.BB_JS_SEED ?? '0x5eed0b17');

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
const run = (args) => execFileSync(cli, args, { encoding: 'utf8', maxBuffer: 1 << 28 });
const tmp = mkdtempSync(path.join(os.tmpdir(), 'bitboard-trace-ops-'));
process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));
function cliPictures(args) {
    const svgFile = path.join(tmp, 'p.svg'), htmlFile = path.join(tmp, 'p.html');
    run(['trace', ...args, '--svg', svgFile, '--html', htmlFile]);
    return { svg: readFileSync(svgFile, 'utf8'), html: readFileSync(htmlFile, 'utf8') };
}

// the references, bit by bit: pshufb on (0, v); mask bit n = bit idx[n] of v
function refBshuf(v, c) {
    let r = 0n;
    for (let i = 0n; i < 8n; i++) {
        const ci = (c >> (8n * i)) & 0xffn, j = ci & 15n;
        if (ci & 0x80n || j >= 8n) continue;
        for (let t = 0n; t < 8n; t++) if ((v >> (8n * j + t)) & 1n) r |= 1n << (8n * i + t);
    }
    return r;
}
function refBitgather(v, idx) {
    let r = 0n;
    idx.forEach((s, n) => { if ((v >> BigInt(s)) & 1n) r |= 1n << BigInt(n); });
    return r;
}
const rol = (v, n) => BigInt.asUintN(64, (v << BigInt(n)) | (v >> BigInt(64 - n)));

// a control with zeroed bytes, bytes of the zero high qword and junk in bits 4..6
function randomControl(r) {
    let c = 0n;
    for (let i = 0n; i < 8n; i++) {
        const k = r.int(4), low = BigInt(r.int(8));
        const b = k === 0 ? 0x80n | BigInt(r.int(128)) : k === 1 ? 8n + low : k === 2 ? low | (BigInt(r.int(8)) << 4n) : low;
        c |= b << (8n * i);
    }
    return c;
}
function randomIndices(r, perm) {
    const idx = Array.from({ length: 64 }, (_, n) => (perm ? n : r.int(64)));
    if (perm) {
        for (let n = 63; n > 0; n--) {
            const j = r.int(n + 1);
            [idx[n], idx[j]] = [idx[j], idx[n]];
        }
    }
    return idx;
}
const flipIndices = Array.from({ length: 64 }, (_, n) => (7 - (n >> 3)) * 8 + (n & 7));

test('OPS: bshuf and bitgather are operations 20 and 21', () => {
    assert.equal(tr.OPS.length, 22);
    assert.equal(tr.OPS[20], 'bshuf');
    assert.equal(tr.OPS[21], 'bitgather');
    const dts = readFileSync(path.join(pkg, 'trace.d.ts'), 'utf8');
    assert.match(dts, /'bshuf' \| 'bitgather';/);
    assert.match(dts, /indices: number\[\] \| null;/);
});

test('random programs with both ops: pictures, verdicts and values as the CLI, values as the references', () => {
    const r = rng(SEED);
    for (let n = 0; n < 30; n++) {
        const c = randomControl(r), idx = randomIndices(r, n % 2 === 0), shift = 1 + r.int(63);
        const named = r.int(2);
        const text = `input a b\n${named ? `let c = ${hex(c)}\n` : ''}a ^ b; bshuf ${named ? 'c' : hex(c)}; let m\n`
            + `m rol ${shift}; bitgather ${idx.join(',')}; ^ b`;
        const values = [r.u64(), r.u64()];
        const args = [text, '--input', hex(values[0]), '--input', hex(values[1])];
        const want = cliPictures(args);
        assert.equal(tr.svg(text, { inputs: values }), want.svg, text);
        assert.equal(tr.html(text, { inputs: values }), want.html, text);
        assert.equal(tr.text(text, { inputs: values }), run(['trace', ...args, '--color', 'never']), text);
        const t = tr.trace(text, { inputs: values });
        const m = refBshuf(values[0] ^ values[1], c);
        const result = refBitgather(rol(m, shift), idx) ^ values[1];
        assert.equal(t.result, result, text);
        assert.equal(tr.evaluate(text, { a: values[0], b: values[1] }), result, text);
        const check = spawnSync(cli, ['trace', text, '--check'], { encoding: 'utf8' });
        assert.equal(t.verdict.message, check.stdout.trimEnd(), text);
        assert.notEqual(t.verdict.kind, 'nonlinear', text);
        const g = t.steps.find((s) => s.op === 'bitgather'), b = t.steps.find((s) => s.op === 'bshuf');
        assert.deepEqual(g.indices, idx, text);
        assert.equal(g.constant, null);
        assert.equal(g.text, `bitgather ${idx.join(',')}`);
        assert.equal(b.indices, null);
        assert.equal(b.constant, named ? null : c); // a name: its slot
        assert.equal(b.text, named ? 'bshuf c' : `bshuf ${hex(c)}`);
        // every bit of the result is linear: the XOR of its input bits is its value
        const last = t.steps[t.steps.length - 1];
        last.bits.forEach((bit, i) => {
            assert.equal(bit.nonlinear, false);
            let x = BigInt(bit.konst);
            bit.in.forEach((set, v) => {
                let s = set & values[v];
                while (s) { x ^= 1n; s &= s - 1n; }
            });
            assert.equal(x, (result >> BigInt(i)) & 1n, `${text}: bit ${i}`);
        });
        // each step's text parses back to the same program
        const again = tr.trace('input a b\n' + t.steps.map((s) => s.text).join('\n'), { inputs: values });
        assert.deepEqual(again.steps.map((s) => [s.text, s.value]), t.steps.map((s) => [s.text, s.value]), text);
    }
});

test('a bitgather of a permutation is a permutation; its verdict maps every bit', () => {
    const r = rng(SEED + 1n);
    for (let n = 0; n < 10; n++) {
        const idx = randomIndices(r, true);
        const t = tr.trace(`bitgather ${idx.join(',')}`);
        assert.equal(t.verdict.kind, 'permutation');
        assert.deepEqual(Array.from(t.verdict.from), idx);
    }
    // the heading is shortened, the program text whole
    const text = tr.text(`bitgather ${flipIndices.join(',')}`);
    assert.ok(text.includes('step 1: bitgather [64 indices: 56,57,58,...]\n'), text);
    assert.ok(text.startsWith(`bitgather ${flipIndices.join(',')}\n`), text);
});

test('prove: bitgather of flip_vertical\'s indices is flip_vertical, one index off is not, as `trace --against`', () => {
    const good = `bitgather ${flipIndices.join(',')}`;
    const p = tr.prove(good, { against: 'flip_vertical' });
    assert.equal(p.status, 'proven', p.message);
    assert.equal(p.method, 'symbolic');
    let res = spawnSync(cli, ['trace', good, '--against', 'flip_vertical'], { encoding: 'utf8' });
    assert.equal(res.status, 0);
    assert.ok(res.stdout.includes(p.message.replace(/^proven for every input: /, '')), res.stdout);
    const off = flipIndices.slice();
    off[9] += 1;
    const bad = `bitgather ${off.join(',')}`;
    const q = tr.prove(bad, { against: 'flip_vertical' });
    assert.equal(q.status, 'wrong', q.message);
    assert.equal(tr.evaluate(bad, q.counterexample), q.got);
    assert.equal(q.got, refBitgather(q.counterexample[0], off));
    assert.notEqual(q.got, q.want);
    res = spawnSync(cli, ['trace', bad, '--against', 'flip_vertical'], { encoding: 'utf8' });
    assert.equal(res.status, 1);
    assert.ok(res.stdout.startsWith(`NOT equal to flip_vertical (its definition): counterexample x = ${hex(q.counterexample[0])}: `
        + `the program gives ${hex(q.got)}, flip_vertical ${hex(q.want)}; `), res.stdout);
    // bshuf reversing the bytes is the flip too
    assert.equal(tr.prove('bshuf 0x0001020304050607', { against: 'flip_vertical' }).status, 'proven');
    assert.equal(tr.prove('bshuf 0x0001020304050687', { against: 'flip_vertical' }).status, 'wrong');
});

test('errors: the C library\'s message, position, line and column, as the CLI', () => {
    const cases = [
        ['x bitgather 7,6,5,4,3,2,1,0,15,14,13,12', 13],
        ['x bitgather 7,6,64', 17],
        ['x bitgather 1,0x2', 15],
        ['x bitgather 1 2', 15],
        ['x\nbitgather 1,', 15],
        ['input a b; a bshuf b', 20],
        ['bshuf', 6],
    ];
    for (const [text, position] of cases) {
        const r = spawnSync(cli, ['trace', text], { encoding: 'utf8' });
        assert.equal(r.status, 2, text);
        const msg = r.stderr.split('\n')[0].replace(/^bitboard: error: program: /, '');
        assert.throws(() => tr.trace(text), (e) => {
            assert.equal(e.message, `bitboard: ${msg}`, text);
            assert.equal(e.position, position, text);
            const [, line, column] = msg.match(/^line (\d+), column (\d+): /);
            assert.equal(e.line, Number(line), text);
            assert.equal(e.column, Number(column), text);
            return true;
        });
    }
});
