// Docs are code: every ```js block of docs/JS.md runs as a module, with
// 'bitboard' the staged package, every ```cjs block as CommonJS, with
// require('bitboard') the package's CommonJS entry, and each prints what
// the ```text block after it says.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const pkg = path.resolve(process.env.BB_JS ?? 'build/js/bitboard');
// 'bitboard' is bitboard.js, 'bitboard/NAME' is NAME.js (the package's exports map)
const entry = (name) => pathToFileURL(path.join(pkg, `${name}.js`)).href;
const doc = readFileSync('docs/JS.md', 'utf8');
const blocks = [...doc.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1], code: m[2] }));

test('docs/JS.md: every js block runs and prints its text block', () => {
    let ran = 0;
    blocks.forEach((b, i) => {
        if (b.lang !== 'js' && b.lang !== 'cjs') return;
        const next = blocks[i + 1];
        assert.ok(next && next.lang === 'text', `docs/JS.md: js block ${ran + 1} has no text block after it`);
        const code = b.lang === 'cjs'
            ? b.code.replace(/require\('bitboard'\)/g, `require(${JSON.stringify(path.join(pkg, 'bitboard.cjs'))})`)
            : b.code.replace(/from 'bitboard(?:\/(\w+))?'/g, (_, sub) => `from '${entry(sub ?? 'bitboard')}'`);
        const type = b.lang === 'cjs' ? 'commonjs' : 'module';
        const out = execFileSync('node', [`--input-type=${type}`, '-e', code], { encoding: 'utf8' });
        assert.equal(out, next.code, `docs/JS.md: js block ${ran + 1}`);
        ran++;
    });
    assert.ok(ran >= 3, `only ${ran} js blocks`);
});
