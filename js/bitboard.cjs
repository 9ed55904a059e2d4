// The CommonJS entry (require('bitboard')).  The package is ES modules
// whose first import compiles the WebAssembly module (a top-level await),
// which require() cannot wait for; so CommonJS gets init(), a promise of
// the ES module itself: init() for 'bitboard', init('chess'), init('othello'),
// init('trace'), init('pgn') for the others.  Each is loaded once.
'use strict';

const ENTRIES = ['bitboard', 'chess', 'othello', 'trace', 'pgn'];
const loaded = new Map();

exports.init = function init(entry = 'bitboard') {
    if (!ENTRIES.includes(entry)) {
        return Promise.reject(new RangeError(`bitboard: init: entry ${JSON.stringify(entry)} is not one of ${ENTRIES.join(', ')}`));
    }
    if (!loaded.has(entry)) loaded.set(entry, import(`./${entry}.js`));
    return loaded.get(entry);
};
