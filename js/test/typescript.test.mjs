// Issue 46: a chess.js user's TypeScript compiles against the package
// unchanged.  The packed tarball is installed into a fresh app, and
// js/test/ts/consumer.ts (every chess.js method as chess.js's typings
// have it, the import changed to 'bitboard') and consumer.cts (the
// CommonJS entry) are compiled with tsc --strict --module nodenext, then
// run, with othello.ts (bitboard/othello's search typings in use).  tsc comes from BB_TSC (tests/js.sh installs TypeScript into
// /tmp/bitboard-ts when missing); without it the test is skipped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const pkg = path.resolve(process.env.BB_JS ?? 'build/js/bitboard');
const tsc = process.env.BB_TSC ?? '/tmp/bitboard-ts/node_modules/.bin/tsc';

test('tsc --strict --module nodenext: a chess.js user\'s code, import changed to bitboard, compiles and runs', { skip: !existsSync(tsc) && `no tsc at ${tsc} (BB_TSC)` }, () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'bitboard-ts-'));
    try {
        const npm = { encoding: 'utf8', env: { ...process.env, npm_config_cache: path.join(tmp, 'cache'), npm_config_update_notifier: 'false' } };
        const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', tmp], { ...npm, cwd: pkg }));
        const app = path.join(tmp, 'app');
        mkdirSync(app);
        writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', type: 'module', private: true }));
        execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', path.join(tmp, packed[0].filename)], { ...npm, cwd: app });
        for (const f of ['consumer.ts', 'consumer.cts', 'othello.ts']) copyFileSync(path.join('js/test/ts', f), path.join(app, f));
        const args = ['--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022',
            '--skipLibCheck', 'false', '--outDir', 'out', 'consumer.ts', 'consumer.cts', 'othello.ts'];
        let diagnostics = '';
        try {
            execFileSync(tsc, args, { cwd: app, encoding: 'utf8' });
        } catch (e) {
            diagnostics = `${e.stdout}${e.stderr}`;
        }
        assert.equal(diagnostics, '', 'tsc reports nothing');
        const esm = JSON.parse(execFileSync('node', ['out/consumer.js'], { cwd: app, encoding: 'utf8' }));
        assert.equal(typeof esm.nodes, 'number');
        assert.equal(esm.nodesPlusOne, 780);
        assert.equal(esm.third, 'Nf3');
        assert.equal(esm.nullMove, '--');
        assert.equal(esm.headerAll, 'Ann');
        const cjs = execFileSync('node', ['out/consumer.cjs'], { cwd: app, encoding: 'utf8' }).trim();
        assert.equal(cjs, 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 20');
        // bitboard/othello's search, typed (js/test/ts/othello.ts)
        const ot = JSON.parse(execFileSync('node', ['out/othello.js'], { cwd: app, encoding: 'utf8' }));
        assert.deepEqual(ot, { best: 'd3', depth: 4, defaultDepth: 10, async: true, wld: null });
    } finally {
        rmSync(tmp, { recursive: true, force: true });
    }
});
