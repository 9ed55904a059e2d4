// The staged page (BB_WEB, make web) served on 127.0.0.1 at a free port,
// for the browser tests: serve(root) resolves to { server, base }.
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm', '.json': 'application/json' };

export async function serve(root) {
    const server = http.createServer(async (req, res) => {
        const file = path.join(root, decodeURIComponent(new URL(req.url, 'http://x').pathname).replace(/\/$/, '/index.html'));
        try {
            if (!file.startsWith(root)) throw new Error('outside');
            const body = await readFile(file);
            res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
            res.end(body);
        } catch {
            res.writeHead(404);
            res.end();
        }
    });
    await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
    return { server, base: `http://127.0.0.1:${server.address().port}/` };
}
