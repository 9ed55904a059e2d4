// The package as a user gets it: the typings name exactly the module's
// exports, and the tarball `npm pack` makes installs into a fresh folder
// with `npm install` and imports by its name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const pkg = path.resolve(process.env.BB_JS ?? 'build/js/bitboard');
const bb = await import(path.join(pkg, 'bitboard.js'));

test('the typings declare every export, and nothing else', () => {
    const dts = readFileSync(path.join(pkg, 'bitboard.d.ts'), 'utf8');
    const declared = new Map();
    for (const m of dts.matchAll(/^export (function|const|class) (\w+)/gm)) declared.set(m[2], m[1] === 'class' ? 'function' : m[1]);
    // re-exports: export { A, B } from './x.js' (kinds from the module itself)
    for (const m of dts.matchAll(/^export \{([^}]*)\} from/gm)) {
        for (const name of m[1].split(',').map((n) => n.trim()).filter(Boolean)) {
            declared.set(name, typeof bb[name] === 'function' ? 'function' : 'const');
        }
    }
    const actual = new Map(Object.keys(bb).map((k) => [k, typeof bb[k] === 'function' ? 'function' : 'const']));
    assert.deepEqual([...declared.keys()].sort(), [...actual.keys()].sort());
    for (const [name, kind] of actual) assert.equal(declared.get(name), kind, `${name} is a ${kind}`);
    // the names the typings list as unions are the module's own
    const union = (type) => [...dts.match(new RegExp(`type ${type} =([^;]*);`))[1].matchAll(/'(\w+)'/g)].map((m) => m[1]);
    assert.deepEqual(union('Symmetry'), [...bb.SYMMETRIES]);
    assert.deepEqual(union('Line'), [...bb.LINES]);
    assert.deepEqual(union('PieceName'), [...bb.PIECES]);
});

test('npm pack, then npm install of the tarball into a fresh folder, then import', () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'bitboard-js-'));
    try {
        const npm = { encoding: 'utf8', env: { ...process.env, npm_config_cache: path.join(tmp, 'cache'), npm_config_update_notifier: 'false' } };
        const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', tmp], { ...npm, cwd: pkg }));
        const files = packed[0].files.map((f) => f.path).sort();
        // the package's own files, nothing of the tree besides
        const want = readdirSync(pkg).filter((f) => /\.(c?js|d\.c?ts|wasm)$|^package\.json$|^README\.md$|^LICENSE$/.test(f)).sort();
        assert.deepEqual(files, want);
        assert.ok(files.includes('LICENSE') && files.includes('README.md'), 'the tarball carries LICENSE and README.md');
        assert.equal(packed[0].license ?? JSON.parse(readFileSync(path.join(pkg, 'package.json'), 'utf8')).license, 'MIT');
        assert.ok(files.includes('bitboard.wasm') && files.includes('core.js'));
        // the package's version is the library's (make wasm writes core.h's into package.json)
        assert.equal(packed[0].version, bb.version);
        assert.equal(packed[0].filename, `bitboard-${bb.version}.tgz`);
        const tarball = path.join(tmp, packed[0].filename);
        const app = path.join(tmp, 'app');
        execFileSync('mkdir', [app]);
        writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', type: 'module', private: true }));
        execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], { ...npm, cwd: app });
        assert.ok(readdirSync(path.join(app, 'node_modules', 'bitboard')).includes('bitboard.wasm'));
        writeFileSync(path.join(app, 'main.js'),
            "import { transform, canonical, version } from 'bitboard';\n" +
            "console.log(version, transform(1n, 'rotate_180').toString(16), canonical(1n << 63n).symmetry);\n");
        const out = execFileSync('node', ['main.js'], { cwd: app, encoding: 'utf8' }).trim();
        assert.equal(out, `${bb.version} 8000000000000000 rotate_180`);
        // CommonJS: require('bitboard') gives init(), a promise of the ES module (the top-level await require cannot wait for)
        writeFileSync(path.join(app, 'main.cjs'),
            "const { init } = require('bitboard');\n" +
            "init().then(async (bb) => {\n" +
            "    const { Chess } = await init('chess');\n" +
            "    const g = new bb.Chess();\n" +
            "    g.move('e4');\n" +
            "    console.log(bb.version, bb.Chess === Chess, g.fen(), (await init()) === bb);\n" +
            "    await init('nope').catch((e) => console.log(e.name, e.message));\n" +
            "});\n");
        const cjs = execFileSync('node', ['main.cjs'], { cwd: app, encoding: 'utf8' }).trim().split('\n');
        assert.deepEqual(cjs, [`${bb.version} true rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 true`,
            'RangeError bitboard: init: entry "nope" is not one of bitboard, chess, othello, trace, pgn']);
    } finally {
        rmSync(tmp, { recursive: true, force: true });
    }
});
