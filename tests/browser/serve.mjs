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

// The staged page served (serve) and opened in headless Chromium (BB_CHROME,
// puppeteer-core from BB_PUPPETEER) at 1100x900, ready (body[data-ready]);
// every console error or warning, page error, failed request and HTTP error
// is pushed to problems.  Resolves to { server, base, browser, page }.
export async function openPage(puppeteer, root, problems) {
    const { server, base } = await serve(root);
    const browser = await puppeteer.launch({ executablePath: process.env.BB_CHROME, headless: true, args: ['--no-sandbox'] });
    const page = await browser.newPage();
    await page.setViewport({ width: 1100, height: 900 });
    page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warn') problems.push(`console ${m.type()}: ${m.text()}`); });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
    page.on('response', (r) => { if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`); });
    await page.goto(base);
    await page.waitForSelector('body[data-ready=true]', { timeout: 20000 });
    return { server, base, browser, page };
}
