// The module carries the Othello evaluation's weights packed
// (src/othello/eval_pack.h) and expands them as it starts: a copy of the
// package whose packed weights are damaged or cut does not import, and says
// why, never running with a zero or wrong weight.  The budgets of issue 47:
// the module under 3 MB, the npm tarball under 700 kB.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync, execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const pkg = path.resolve(process.env.BB_JS ?? 'build/js/bitboard');
const wasm = readFileSync(path.join(pkg, 'bitboard.wasm'));
// the packed weights: their magic, then format version 1
const head = Buffer.from('BBOEPACK\x01\x00\x00\x00', 'latin1');
const at = wasm.indexOf(head);

// Imports a copy of the package whose bitboard.wasm is changed by edit(bytes): the node process's result.
function importChanged(edit) {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'bitboard-weights-'));
    try {
        cpSync(pkg, tmp, { recursive: true });
        const bytes = Buffer.from(wasm);
        edit(bytes);
        writeFileSync(path.join(tmp, 'bitboard.wasm'), bytes);
        const code = `import(${JSON.stringify(path.join(tmp, 'othello.js'))}).then((ot) => console.log(ot.legalMoves(ot.start()).length), (e) => { console.log('ERROR ' + e.message); process.exit(3); })`;
        return spawnSync(process.execPath, ['-e', code], { encoding: 'utf8' });
    } finally {
        rmSync(tmp, { recursive: true, force: true });
    }
}

test('the module carries the packed weights once, and not the full tables', () => {
    assert.ok(at > 0, 'no packed weights in bitboard.wasm');
    assert.equal(wasm.indexOf(head, at + 1), -1);
    assert.ok(wasm.length < 3_000_000, `bitboard.wasm: ${wasm.length} bytes`);
});

test('a byte of the packed weights damaged: the import fails, naming it', () => {
    const r = importChanged((b) => { b[at + 100000] ^= 0x20; });
    assert.equal(r.status, 3, r.stdout + r.stderr);
    assert.match(r.stdout, /^ERROR bitboard: the WebAssembly module did not start: bitboard: the Othello evaluation's packed weights: checksum 0x[0-9a-f]{8}, the header says 0x[0-9a-f]{8}: the data is damaged$/m);
});

test('the packed weights cut short (their size field): the import fails, naming it', () => {
    const r = importChanged((b) => { b.writeUInt32LE(b.readUInt32LE(at + 16) + 1000, at + 16); });
    assert.equal(r.status, 3, r.stdout + r.stderr);
    assert.match(r.stdout, /packed weights: \d+ bytes, the header says \d+ \(cut short\)$/m);
});

test('the module unchanged imports (the same harness passes)', () => {
    const r = importChanged(() => {});
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.equal(r.stdout.trim(), '4');
});

test('npm pack: the tarball under 700 kB', () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'bitboard-pack-'));
    try {
        const env = { ...process.env, npm_config_cache: path.join(tmp, 'cache'), npm_config_update_notifier: 'false' };
        const packed = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json'], { cwd: pkg, encoding: 'utf8', env }));
        assert.ok(packed[0].size < 700_000, `the tarball: ${packed[0].size} bytes`);
    } finally {
        rmSync(tmp, { recursive: true, force: true });
    }
});
