// bitboard/othello's search typings in use: js/test/typescript.test.mjs
// compiles this with tsc --strict against the packed package, then runs it.
import { start, search, searchAsync, SearchTable, SEARCH_DEFAULT_DEPTH } from 'bitboard/othello';
import type { SearchResult, Position } from 'bitboard/othello';

const pos: Position = start();
const table: SearchTable = new SearchTable(1);
const r: SearchResult = search(pos, { depth: 4, table, probcut: true, exactEmpties: -1, onProgress: (p: SearchResult) => void p.depth });
const best: string | null = r.best;
table.clear();
table.free();
const controller = new AbortController();
const a: SearchResult = await searchAsync(pos, { time: 0.01, hashMb: 1, signal: controller.signal, onProgress: (p) => void p.nodes });
const wld: 'win' | 'draw' | 'loss' | null = a.wld;
console.log(JSON.stringify({ best, depth: r.depth, defaultDepth: SEARCH_DEFAULT_DEPTH, async: a.depth >= 1, wld }));
