// bitboard/trace for JavaScript: the bit-flow tracer of the C library
// (include/bitboard/trace.h, docs/TRACE.md) compiled to WebAssembly.  It
// follows every bit of a board through a program of bit operations (one of
// the library's own routines as a "form", or a program text), says what the
// program does (a permutation, a gather, ... or not linear), proves a form
// against its definition (or a program against a form or another program),
// and draws it: the terminal picture, the SVG and
// the HTML page of the same C renderer the CLI's `bitboard trace` uses.
// trace() gives every step's data (the operation, the value, where each bit
// came from) for a page that draws the steps itself.

import { c, u64, cString, withBytes, withString, board, square, view, encoder, decoder } from './core.js';

if (typeof c.bb_js_trace_open !== 'function') {
    throw new Error('bitboard/trace: the WebAssembly module has no tracer functions (build it with js/src/exports_trace.c)');
}

/** The operations, in the C library's order (bb_trace_op). */
export const OPS = Object.freeze(Array.from({ length: c.bb_js_trace_op_count() }, (_, i) => cString(c.bb_js_trace_op_name(i))));
/** The verdicts, in the C library's order (bb_trace_kind). */
export const KINDS = Object.freeze(Array.from({ length: 6 }, (_, i) => cString(c.bb_js_trace_kind_name(i))));
/** The most inputs a program has, and the most steps. */
export const MAX_INPUTS = 4;
export const MAX_STEPS = 4096;

// the layouts' sizes in exports_trace.c (a lost bit's 48 bytes fit in a state's buffer)
const ERR = 204, STEP = 28, STATE = 2592, VERDICT = 1608, PROOF = 296;
const NONLINEAR = 1, MERGE = 2, CARRY_RISK = 4;
const METHODS = { 0: null, 1: 'symbolic', 2: 'exhaustion' };

const nameOf = (sq) => String.fromCharCode(97 + (sq & 7)) + String.fromCharCode(49 + (sq >> 3));
const typeOf = (x) => (x === null ? 'null' : Array.isArray(x) ? 'array' : typeof x);

function options(opts, names, what) {
    if (opts === undefined) return {};
    if (opts === null || typeof opts !== 'object' || Array.isArray(opts)) {
        throw new TypeError(`bitboard: ${what} options must be an object, not ${typeOf(opts)}`);
    }
    for (const k of Object.keys(opts)) {
        if (!names.includes(k)) throw new RangeError(`bitboard: ${what} has no option '${k}' (it takes ${names.join(', ')})`);
    }
    return opts;
}

// ---- the library's forms -------------------------------------------------------------

let formList = null;

/**
 * The library's program forms, in the C library's order (as `bitboard trace
 * --list`): { name, summary, inputs (what they are, e.g. "x: the board"),
 * square (the example square's name, or null: the form takes none),
 * definition (true if prove() has a definition to prove it against) }.
 */
export function forms() {
    if (!formList) {
        const list = [];
        const n = c.bb_js_trace_form_count();
        withBytes(4, (ptr) => {
            for (let i = 0; i < n; i++) {
                const sq = c.bb_js_trace_form_square(i, ptr);
                list.push(Object.freeze({
                    name: cString(c.bb_js_trace_form_string(i, 0)),
                    summary: cString(c.bb_js_trace_form_string(i, 1)),
                    inputs: cString(c.bb_js_trace_form_string(i, 2)),
                    square: sq >= 0 ? nameOf(sq) : null,
                    definition: view().getInt32(ptr, true) !== 0,
                }));
            }
        });
        formList = Object.freeze(list);
    }
    return formList;
}

function formIndex(name) {
    return forms().findIndex((f) => f.name === name);
}

// the form's square: the option's, or its example; an error for a form without one
function formSquare(i, sq, what = 'square') {
    const f = forms()[i];
    if (sq === undefined) return f.square === null ? -1 : square(f.square);
    if (f.square === null) throw new RangeError(`bitboard: ${what} applies to a form that takes a square (${f.name} does not)`);
    return square(sq, what);
}

function sized(fn) {
    const size = 1 + fn(0, 0);
    return withBytes(size, (buf) => {
        const n = fn(buf, size);
        return decoder.decode(new Uint8Array(view().buffer, buf, Math.min(n, size - 1)));
    });
}

function knownForm(name, what) {
    if (typeof name !== 'string') throw new TypeError(`bitboard: ${what} must be a form's name (a string), not ${typeOf(name)}`);
    const i = formIndex(name);
    if (i < 0) throw new RangeError(`bitboard: '${name}' is not a library form (forms() names them)`);
    return i;
}

/** A form's program text, for `square` if it takes one (else its example square). */
export function formText(name, sq) {
    const i = knownForm(name, 'formText');
    const s = formSquare(i, sq);
    return sized((buf, size) => c.bb_js_trace_form_text(buf, size, i, s));
}

function readProof(out, rc, nvars) {
    const message = cString(out + 64);
    const v = view();
    const wrong = rc === 1;
    return {
        status: rc === 0 ? 'proven' : wrong ? 'wrong' : 'refused',
        method: METHODS[v.getInt32(out + 56, true)] ?? null,
        bits: v.getInt32(out + 60, true),
        cases: v.getBigUint64(out, true),
        counterexample: wrong ? Array.from({ length: nvars }, (_, k) => v.getBigUint64(out + 8 + 8 * k, true)) : null,
        got: wrong ? v.getBigUint64(out + 40, true) : null,
        want: wrong ? v.getBigUint64(out + 48, true) : null,
        message,
    };
}

/**
 * Proves a form (for options.square, else its example square) against its
 * definition, as `bitboard trace NAME --check`: { status, method, bits,
 * cases, counterexample, got, want, message }.  status: 'proven' (equal for
 * every input), 'wrong' (counterexample: the inputs, got: the program's
 * value, want: the definition's), 'refused' (too many input bits to try,
 * and no counterexample found) or 'none' (the form has no definition).
 * With options.against (a form's name or a program text), what (a form or
 * a program) is proven equal to that instead, as `bitboard trace WHAT
 * --against W`: to a form's definition (or its routine where it has none)
 * at options.square if it takes one, or to the other program.
 */
export function prove(what, opts) {
    const o = options(opts, ['square', 'against'], 'prove');
    if (o.against !== undefined) return proveAgainst(what, o);
    const i = knownForm(what, 'prove');
    const s = formSquare(i, o.square);
    const nvars = inputCount(formText(what, s < 0 ? undefined : s));
    return withBytes(PROOF, (out) => {
        const rc = c.bb_js_trace_prove_form(i, s, out);
        if (rc === -2) {
            return { status: 'none', method: null, bits: 0, cases: 0n, counterexample: null, got: null, want: null,
                message: `${what} has no definition to prove against (its unit test checks the table it indexes)` };
        }
        if (rc === -3) throw new Error(`bitboard: ${what}: ${cString(out + 64)}`);
        return readProof(out, rc, nvars);
    });
}

function proveAgainst(what, o) {
    if (typeof o.against !== 'string') throw new TypeError(`bitboard: against must be a form's name or a program text (a string), not ${typeOf(o.against)}`);
    const s = subject(what, o);
    const g = formIndex(o.against);
    return withProgram(s.text, s.form ? null : what, (h) => {
        if (c.bb_js_trace_step_count(h) === 0) throw new Error('bitboard: the program is empty: no operation in it (the identity is `x`)');
        const nvars = c.bb_js_trace_var_count(h);
        const compare = (nOther, desc, fn) => {
            if (nOther !== nvars) {
                throw new Error(`bitboard: against: the program has ${nvars} input${nvars === 1 ? '' : 's'}, ${desc} ${nOther}: they cannot be compared`);
            }
            return withBytes(PROOF, (out) => readProof(out, fn(out), nvars));
        };
        if (g < 0) {
            return withProgram(o.against, o.against, (h2) => compare(c.bb_js_trace_var_count(h2), 'the other program',
                (out) => c.bb_js_trace_prove_against(h, -1, 0, h2, out)), 'against');
        }
        const f = forms()[g];
        const sq = f.square === null ? -1 : o.square !== undefined ? s.sq : square(f.square);
        const text = sized((buf, size) => c.bb_js_trace_form_text(buf, size, g, sq));
        const by = f.definition ? 'definition' : 'library routine';
        const desc = sq >= 0 ? `${f.name} (square ${nameOf(sq)}, its ${by})` : `${f.name} (its ${by})`;
        return compare(inputCount(text), desc, (out) => {
            const rc = c.bb_js_trace_prove_against(h, g, sq, 0, out);
            if (rc === -2) throw new Error(`bitboard: against ${f.name}: the form has no definition nor routine to compare with`);
            return rc;
        });
    });
}

function inputCount(text) {
    return withProgram(text, null, (h) => c.bb_js_trace_var_count(h));
}

// ---- colours -------------------------------------------------------------------------

const HUE = [0, 28, 48, 95, 140, 185, 225, 275], SATURATION = [0.78, 0.42, 0.95, 0.25];
const hex2 = (x) => x.toString(16).padStart(2, '0');

/**
 * The colour the pictures give a source bit, so that a page drawing the
 * steps itself matches them: hue by rank, lightness by file, later inputs
 * paler.  square: 0..63 or a name; input: the input's index (0..3).
 * Returns { fill, ink } as '#rrggbb' (ink: black or white text on it).
 */
export function bitColor(sq, input = 0) {
    const s = square(sq);
    if (!Number.isInteger(input) || input < 0 || input >= MAX_INPUTS) {
        throw new RangeError(`bitboard: input ${String(input)} is not an input's index (0..${MAX_INPUTS - 1})`);
    }
    // HSL to RGB as the C renderer computes it (render_common.c), in the same doubles
    const h = HUE[s >> 3] / 60, sat = SATURATION[input], l = 0.30 + 0.065 * (s & 7);
    const chroma = (1 - Math.abs(2 * l - 1)) * sat;
    const hm = h - 2 * Math.trunc(h / 2);
    const x = chroma * (1 - Math.abs(hm - 1)), m = l - chroma / 2;
    const rgb = [[chroma, x, 0], [x, chroma, 0], [0, chroma, x], [0, x, chroma], [x, 0, chroma]][Math.trunc(h)] ?? [chroma, 0, x];
    const [r, g, b] = rgb.map((c) => Math.trunc((c + m) * 255 + 0.5));
    const dark = 299 * r + 587 * g + 114 * b < 140000;
    return { fill: `#${hex2(r)}${hex2(g)}${hex2(b)}`, ink: dark ? '#ffffff' : '#000000' };
}

// ---- a program -----------------------------------------------------------------------

// Whether text could only be meant as a form's name (as the CLI decides).
const looksLikeName = (text) => /^[A-Za-z0-9_]+$/.test(text) && text.includes('_');

// A function from a 1-based UTF-8 byte offset in text to the 1-based
// character position (the same for ASCII text).
function charPositions(text) {
    const bytes = encoder.encode(text);
    if (bytes.length === text.length) return (pos) => pos;
    const at = new Int32Array(bytes.length + 2);
    let b = 0, unit = 0;
    for (const ch of text) {
        const cp = ch.codePointAt(0), len = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
        for (let k = 0; k < len; k++) at[++b] = unit + 1;
        unit += ch.length;
    }
    at[b + 1] = unit + 1;
    return (pos) => (pos <= 0 ? pos : at[pos]);
}

// Runs fn(handle) with text parsed into a program on the heap, closed after.
// A bad program throws the C library's message (after label, if given);
// `given` is what the user gave when it was not a form's name (the message
// then says if it looks like a mistyped one), else null.
function withProgram(text, given, fn, label = null) {
    return withString(text, (t) => withBytes(ERR, (err) => {
        const h = c.bb_js_trace_open(t, err);
        if (!h) {
            const v = view();
            const msg = cString(err + 12);
            const e = given !== null && looksLikeName(given)
                ? new Error(`bitboard: ${label ? label + ' ' : ''}'${given}' is not a library form (forms() names them) nor a program: ${msg}`)
                : new Error(`bitboard: ${label ? label + ': ' : ''}${msg}`);
            e.position = charPositions(text)(v.getInt32(err, true));
            e.line = v.getInt32(err + 4, true);
            e.column = v.getInt32(err + 8, true);
            throw e;
        }
        try {
            return fn(h);
        } finally {
            c.bb_js_trace_close(h);
        }
    }));
}

// What to trace: a form's name (with its square) or a program text.
function subject(what, o) {
    if (typeof what !== 'string') throw new TypeError(`bitboard: a trace takes a form's name or a program text (a string), not ${typeOf(what)}`);
    const i = formIndex(what);
    if (i < 0) {
        if (o.square !== undefined) throw new RangeError('bitboard: square applies to a library form that takes a square (not a program text)');
        return { form: null, square: null, text: what, title: null, index: -1, sq: -1 };
    }
    const f = forms()[i];
    const sq = formSquare(i, o.square);
    const text = sized((buf, size) => c.bb_js_trace_form_text(buf, size, i, sq));
    const title = sq >= 0 ? `${f.name} (square ${nameOf(sq)}): ${f.summary}` : `${f.name}: ${f.summary}`;
    return { form: f.name, square: sq >= 0 ? nameOf(sq) : null, text, title, index: i, sq };
}

function programNames(h) {
    const names = [];
    for (let s = 0, n = c.bb_js_trace_name_count(h); s < n; s++) names.push(cString(c.bb_js_trace_name(h, s)));
    return names;
}

// The inputs option as an array of BigInt, one per input (0n where not given), or null.
function inputValues(given, names, nvars) {
    if (given === undefined || given === null) return null;
    const values = new Array(nvars).fill(0n);
    if (typeof given === 'bigint') {
        values[0] = board(given, 'inputs');
    } else if (Array.isArray(given)) {
        if (given.length > nvars) throw new RangeError(`bitboard: inputs has ${given.length} values, the program ${nvars} input${nvars === 1 ? '' : 's'} (${names.slice(0, nvars).join(' ')})`);
        given.forEach((x, k) => { values[k] = board(x, `inputs[${k}]`); });
    } else if (typeof given === 'object') {
        for (const [k, x] of Object.entries(given)) {
            const slot = names.indexOf(k);
            if (slot < 0 || slot >= nvars) throw new RangeError(`bitboard: inputs.${k}: the program has no input '${k}' (its inputs: ${names.slice(0, nvars).join(' ')})`);
            values[slot] = board(x, `inputs.${k}`);
        }
    } else {
        throw new TypeError(`bitboard: inputs must be a BigInt, an array of them or an object by input name, not ${typeOf(given)}`);
    }
    return values;
}

function withInputs(values, fn) {
    if (!values) return fn(0);
    return withBytes(8 * MAX_INPUTS, (ptr) => {
        const v = view();
        for (let k = 0; k < MAX_INPUTS; k++) v.setBigUint64(ptr + 8 * k, values[k] ?? 0n, true);
        return fn(ptr);
    });
}

// Parses, checks and runs what, then fn(handle, subject, names, values).
function traced(what, o, fn) {
    const s = subject(what, o);
    if (o.title !== undefined && o.title !== null && typeof o.title !== 'string') {
        throw new TypeError(`bitboard: title must be a string, not ${typeOf(o.title)}`);
    }
    return withProgram(s.text, s.form ? null : what, (h) => {
        if (c.bb_js_trace_step_count(h) === 0) throw new Error('bitboard: the program is empty: no operation in it (the identity is `x`)');
        const names = programNames(h), nvars = c.bb_js_trace_var_count(h);
        const values = inputValues(o.inputs, names, nvars);
        withInputs(values, (ptr) => {
            if (c.bb_js_trace_run(h, ptr) !== 0) throw new Error('bitboard: out of WebAssembly memory tracing the program');
        });
        return fn(h, s, names.slice(0, nvars), names, values);
    });
}

// The label a picture gives a bit (as the C renderer's cells): e4, ~e4, ^3, ?e4, ?5, 1, or ''.
function popcount32(x) {
    x -= (x >>> 1) & 0x55555555;
    x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
    return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}
const lowest32 = (x) => 31 - Math.clz32(x & -x);

// The label of the bit at `at` (n: how many input bits it holds, one: the
// last of them, v * 64 + s), from its words as 32-bit halves.
function label(v, at, nvars, konst, nonlinear, inputs) {
    let n = 0, one = -1;
    for (let k = 0; k < nvars; k++) {
        const lo = v.getUint32(at + 8 * k, true), hi = v.getUint32(at + 8 * k + 4, true);
        const count = popcount32(lo) + popcount32(hi);
        if (count) one = 64 * k + (lo ? lowest32(lo) : 32 + lowest32(hi));
        n += count;
    }
    const source = (vb) => {
        const name = inputs.length > 1 ? inputs[vb >> 6] : '';
        return name + (name.length > 1 ? '.' : '') + nameOf(vb & 63);
    };
    if (nonlinear) return '?' + (n === 1 ? source(one) : String(n));
    if (n === 0) return konst ? '1' : '';
    if (n === 1) return (konst ? '~' : '') + source(one);
    return `${konst ? '~' : ''}^${n}`;
}

function readBit(v, at, nvars, inputs) {
    const flags = v.getInt32(at + 36, true), konst = v.getInt32(at + 32, true);
    return {
        in: Array.from({ length: nvars }, (_, k) => v.getBigUint64(at + 8 * k, true)),
        konst,
        nonlinear: (flags & NONLINEAR) !== 0,
        merge: (flags & MERGE) !== 0,
        carryRisk: (flags & CARRY_RISK) !== 0,
        label: label(v, at, nvars, konst, (flags & NONLINEAR) !== 0, inputs),
    };
}

function readState(h, s, nvars, inputs, hasValues) {
    return withBytes(STATE, (out) => {
        const nlost = c.bb_js_trace_state(h, s, out);
        let v = view();
        const state = {
            value: hasValues ? v.getBigUint64(out, true) : null,
            bits: Array.from({ length: 64 }, (_, k) => readBit(v, out + 32 + 40 * k, nvars, inputs)),
            lost: [],
            parts: v.getBigUint64(out + 8, true),
            overlap: v.getBigUint64(out + 16, true),
        };
        for (let j = 0; j < nlost; j++) {
            c.bb_js_trace_lost(h, s, j, out);
            v = view();
            state.lost.push({ ...readBit(v, out, nvars, inputs), position: v.getInt32(out + 40, true), part: v.getInt32(out + 44, true) });
        }
        return state;
    });
}

const sameBit = (a, b) => a.konst === b.konst && a.nonlinear === b.nonlinear && a.merge === b.merge
    && a.carryRisk === b.carryRisk && a.in.every((x, v) => x === b.in[v]);
const sameBits = (a, b) => a.every((bit, k) => sameBit(bit, b[k]));

function readVerdict(h, nvars) {
    return withBytes(VERDICT, (out) => {
        c.bb_js_trace_verdict(h, out);
        const v = view();
        const kind = KINDS[v.getInt32(out + 64, true)];
        return {
            kind,
            message: cString(out + 1352),
            step: v.getInt32(out + 68, true),
            where: v.getBigUint64(out, true),
            used: Array.from({ length: nvars }, (_, k) => v.getBigUint64(out + 8 + 8 * k, true)),
            constant: v.getBigUint64(out + 40, true),
            ones: v.getBigUint64(out + 48, true),
            complemented: v.getBigUint64(out + 56, true),
            from: Int16Array.from({ length: 64 }, (_, k) => v.getInt32(out + 72 + 4 * k, true)),
            to: Array.from({ length: nvars }, (_, i) => Int16Array.from({ length: 64 }, (_, k) => v.getInt32(out + 328 + 4 * (64 * i + k), true))),
        };
    });
}

// step i's 64 bitgather indices, or null if it is not a bitgather
function stepIndices(h, i) {
    return withBytes(64, (out) => (c.bb_js_trace_step_gather(h, i, out) === 0
        ? Array.from(new Uint8Array(view().buffer, out, 64)) : null));
}

function readStep(h, i, position) {
    return withBytes(STEP, (out) => {
        c.bb_js_trace_step(h, i, out);
        const v = view();
        const op = OPS[v.getInt32(out + 8, true)], slot = v.getInt32(out + 12, true);
        const gather = op === 'bitgather';
        const constant = slot < 0 && !gather ? v.getBigUint64(out, true) : null, shift = v.getInt32(out + 16, true);
        const pos = v.getInt32(out + 20, true), length = v.getInt32(out + 24, true);
        // (read before the text: its buffer may grow the memory, and the view with it)
        return {
            op,
            text: sized((buf, size) => c.bb_js_trace_step_text(buf, size, h, i)),
            slot,
            constant,
            indices: gather ? stepIndices(h, i) : null,
            shift,
            position: position(pos),
            length,
        };
    });
}

function formValue(s, which, values) {
    return withBytes(8 * MAX_INPUTS + 4, (ptr) => {
        const v = view();
        for (let k = 0; k < MAX_INPUTS; k++) v.setBigUint64(ptr + 8 * k, values[k] ?? 0n, true);
        const x = u64(c.bb_js_trace_form_eval(s.index, s.sq, which, ptr, ptr + 8 * MAX_INPUTS));
        return view().getInt32(ptr + 8 * MAX_INPUTS, true) ? x : null;
    });
}

/**
 * Traces a form (by name) or a program text, step by step.  options.inputs:
 * the input board (a BigInt), the inputs in order (an array; missing ones
 * are 0n) or by name ({ o: 1n, r: 2n }); options.square: the square of a
 * form that takes one (else its example).  Returns { form, square, title,
 * program, inputs (their names), names (every slot: inputs, then lets),
 * values (the input values, or null), result (the final value, or null),
 * definition and routine (a form's definition and compiled routine on the
 * inputs, or null), start (the state before the first step), steps (each
 * with op, text, its operand: slot (a name's index in names, or -1) or
 * constant (null for a bitgather: its 64 indices are in indices, null for
 * the other ops), shift, position and length in the program text, shown (false
 * for a let, or a load that changes nothing: the pictures leave them out),
 * and the state after it), verdict }.  A state is { value (or null without inputs), bits
 * (64 of them, a1 first: in (per input, the input bits it is the XOR of, or
 * with nonlinear those it depends on), konst, nonlinear, merge, carryRisk,
 * label), lost (bits pushed past either end: the same, with position and
 * part), parts, overlap }.  A bad program throws the C library's message,
 * with position, line and column.
 */
export function trace(what, opts) {
    const o = options(opts, ['inputs', 'square'], 'trace');
    return traced(what, o, (h, s, inputs, names, values) => {
        const nsteps = c.bb_js_trace_step_count(h), nvars = inputs.length;
        const start = readState(h, 0, nvars, inputs, values !== null), position = charPositions(s.text);
        const steps = [];
        for (let i = 0, prev = start; i < nsteps; i++) {
            const step = { ...readStep(h, i, position), shown: true, ...readState(h, i + 1, nvars, inputs, values !== null) };
            // as the pictures: a let, or a load that changes nothing, is not drawn
            step.shown = step.op !== 'let' && !(step.op === 'load' && step.lost.length === 0 && sameBits(prev.bits, step.bits));
            steps.push(step);
            prev = step;
        }
        const isForm = s.form !== null && values !== null;
        return {
            form: s.form,
            square: s.square,
            title: s.title,
            program: s.text,
            inputs,
            names,
            values,
            result: values ? steps[nsteps - 1].value : null,
            definition: isForm ? formValue(s, 0, values) : null,
            routine: isForm ? formValue(s, 1, values) : null,
            start,
            steps,
            verdict: readVerdict(h, nvars),
        };
    });
}

/**
 * The value of a form or a program on inputs (a BigInt, an array, or an
 * object by name, as trace's options.inputs), computed by the tracer's
 * interpreter; options.square as trace's.
 */
export function evaluate(what, inputs, opts) {
    const o = options(opts, ['square'], 'evaluate');
    if (inputs === undefined || inputs === null) throw new TypeError(`bitboard: evaluate needs inputs (a BigInt, an array or an object), not ${typeOf(inputs)}`);
    const s = subject(what, o);
    return withProgram(s.text, s.form ? null : what, (h) => {
        const names = programNames(h), nvars = c.bb_js_trace_var_count(h);
        const values = inputValues(inputs, names, nvars);
        return withInputs(values, (ptr) => u64(c.bb_js_trace_eval(h, ptr)));
    });
}

function picture(how, what, opts, fnName, extra = []) {
    const o = options(opts, ['inputs', 'square', 'title', ...extra], fnName);
    if (o.color !== undefined && typeof o.color !== 'boolean') throw new TypeError(`bitboard: color must be a boolean, not ${typeOf(o.color)}`);
    return traced(what, o, (h, s) => {
        const title = o.title ?? s.title;
        const draw = (t) => sized((buf, size) => c.bb_js_trace_render(buf, size, h, how, t, o.color ? 1 : 0));
        return title === null ? draw(0) : withString(title, draw);
    });
}

/**
 * The trace as one self-contained SVG file (a string), byte for byte what
 * `bitboard trace WHAT --svg FILE` writes.  options: inputs and square as
 * trace's; title (default: a form's name and summary, or the program text).
 */
export function svg(what, opts) {
    return picture(1, what, opts, 'svg');
}

/** The trace as one self-contained HTML page to step through (`bitboard trace WHAT --html FILE`); options as svg's. */
export function html(what, opts) {
    return picture(2, what, opts, 'html');
}

/** The terminal picture (`bitboard trace WHAT` without the proof); options as svg's, and color: ANSI colours. */
export function text(what, opts) {
    return picture(0, what, opts, 'text', ['color']);
}
