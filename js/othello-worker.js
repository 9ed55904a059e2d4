// The worker of bitboard/othello's solveAsync, searchAsync and perftAsync
// (not an entry point: othello.js starts it).  The same file in Node
// (worker_threads) and in browsers (a module Worker).  A message { op,
// args, flag } runs solve, search (on the worker's kept table) or perft
// with args; it answers { type: 'progress', count, seconds } (solve) or {
// type: 'progress', report } (search: the answer so far) while it runs,
// then { type: 'done', result }, { type: 'error', name, message } or {
// type: 'stopped' }.  flag, a SharedArrayBuffer or null: once its first
// int32 is not 0 the search stops at its next progress report.

// No static import: the module would wait for the WebAssembly module (core.js
// compiles it with a top-level await) before this code ran, and a browser
// delivers the first message during that wait, to no listener: the solve
// never started.  So the listener comes first and holds what arrives early.
const early = [];
let handle = null;
let port;
if (typeof process !== 'undefined' && process.versions && process.versions.node) {
    const { parentPort } = await import('node:worker_threads');
    if (!parentPort) throw new Error('bitboard: othello-worker.js runs in a worker (othello.js starts it)');
    parentPort.on('message', (m) => (handle ? handle(m) : early.push(m)));
    port = { post: (m) => parentPort.postMessage(m) };
} else {
    self.addEventListener('message', (e) => (handle ? handle(e.data) : early.push(e.data)));
    port = { post: (m) => self.postMessage(m) };
}
const { callbacks } = await import('./core.js');
const { solve, perft, search, SearchTable } = await import('./othello.js');

let flag = null;
callbacks.progress = (count, seconds) => {
    port.post({ type: 'progress', count, seconds });
    return flag && Atomics.load(flag, 0) ? 1 : 0;
};

// the search's table, kept from call to call: the searches of a game find the earlier ones' entries
let kept = null;
function searchKept(pos, opts) {
    const { hashMb, ...rest } = opts;
    const mb = hashMb || 16;
    if (!kept || kept.mb !== mb) {
        kept?.free();
        kept = null;
        kept = new SearchTable(mb);
    }
    return search(pos, {
        ...rest, table: kept, onProgress: (report) => {
            port.post({ type: 'progress', report });
            if (flag && Atomics.load(flag, 0)) {
                const err = new Error('bitboard: search was stopped');
                err.name = 'AbortError';
                throw err;
            }
        },
    });
}

handle = ({ op, args, flag: shared }) => {
    flag = shared ? new Int32Array(shared) : null;
    try {
        const result = op === 'solve' ? solve(...args) : op === 'search' ? searchKept(...args) : perft(...args);
        port.post({ type: 'done', result });
    } catch (err) {
        if (err.name === 'AbortError') port.post({ type: 'stopped' });
        else port.post({ type: 'error', name: err.name, message: err.message });
    }
};
for (const m of early.splice(0)) handle(m);
