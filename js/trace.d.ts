// Typings of trace.js, written by hand; js/test/trace.test.mjs checks that
// they declare exactly the module's exports.

export type Op = 'load' | 'let' | '&' | '|' | '^' | 'andnot' | '<<' | '>>' | 'rol' | 'ror' | 'bswap' | 'neg' | 'not' | '*' | '+' | '-' | 'pext' | 'pdep' | 'dswap' | 'gf2p8affine' | 'bshuf' | 'bitgather';
export type Kind = 'permutation' | 'gather' | 'scatter' | 'linear' | 'lossy' | 'nonlinear';
/** A square: 0..63 (a1 = 0, h8 = 63) or its name, "a1".."h8". */
export type Square = number | string;
/** One board for a one-input program, the inputs in order, or by name. */
export type Inputs = bigint | bigint[] | Record<string, bigint>;

export interface Form {
    name: string;
    /** one line */
    summary: string;
    /** what the inputs are, e.g. "x: the board" */
    inputs: string;
    /** the example square's name, or null: the form takes no square */
    square: string | null;
    /** whether prove() has a definition to prove it against */
    definition: boolean;
}

/** One symbolic bit: konst XOR the input bits in `in` (with nonlinear: the input bits it depends on). */
export interface Bit {
    /** per input: a board of the input bits */
    in: bigint[];
    konst: 0 | 1;
    /** not an XOR of input bits (a carry, an and/or of two variable bits) */
    nonlinear: boolean;
    /** an or/add/sub of two variable bits met here at this step */
    merge: boolean;
    /** two partial products of a multiplication meet here */
    carryRisk: boolean;
    /** the picture's label: 'e4', '~e4', '^3', '?e4', '?5', '1', or '' (constant 0) */
    label: string;
}

/** A bit pushed past bit 63 (position >= 64) or under bit 0 (position < 0). */
export interface LostBit extends Bit {
    position: number;
    /** a multiplication's partial product (its shift), or -1 */
    part: number;
}

export interface State {
    /** the value on the inputs, or null (traced without inputs) */
    value: bigint | null;
    /** the 64 bits, a1 first */
    bits: Bit[];
    lost: LostBit[];
    /** a multiplication: bit j set = the partial product value << j */
    parts: bigint;
    /** a multiplication: positions where two partial products' variable bits meet */
    overlap: bigint;
}

export interface Step extends State {
    op: Op;
    /** the step as program text, e.g. '* 0x0102040810204080' */
    text: string;
    /** the named operand's index in Trace.names, or -1: the constant */
    slot: number;
    /** the constant operand (shift amount, mask), or null for a name and for a bitgather */
    constant: bigint | null;
    /** a bitgather's 64 indices (bit n of the result is bit indices[n]), or null for the other ops */
    indices: number[] | null;
    /** dswap's shift; 0 otherwise */
    shift: number;
    /** where the step is in the program text: 1-based character position and length (0, 0 if none) */
    position: number;
    length: number;
    /** false for a let, or a load that changes nothing: the pictures leave them out */
    shown: boolean;
}

export interface Verdict {
    kind: Kind;
    /** one line: the kind and why */
    message: string;
    /** lossy, nonlinear: the step (0-based) that breaks it; else -1 */
    step: number;
    /** the positions of that step's result that break it */
    where: bigint;
    /** per input: the input bits the output depends on */
    used: bigint[];
    /** output positions that are constant, and which of them are 1 */
    constant: bigint;
    ones: bigint;
    /** output positions holding a complemented input bit */
    complemented: bigint;
    /** output position -> the input bit (v * 64 + s) it is, or -1 */
    from: Int16Array;
    /** per input: input bit -> the output position, or -1 */
    to: Int16Array[];
}

export interface Trace {
    /** the form's name, or null for a program text */
    form: string | null;
    /** a form's square, or null */
    square: string | null;
    /** a form's title in the pictures, or null (the program text names it) */
    title: string | null;
    /** the program text traced */
    program: string;
    /** the inputs' names */
    inputs: string[];
    /** every slot's name: the inputs, then the names let binds */
    names: string[];
    /** the input values, or null */
    values: bigint[] | null;
    /** the final value on the inputs, or null */
    result: bigint | null;
    /** a form's definition on the inputs, or null */
    definition: bigint | null;
    /** a form's compiled library routine on the inputs, or null */
    routine: bigint | null;
    /** the state before the first step */
    start: State;
    steps: Step[];
    verdict: Verdict;
}

export interface Proof {
    status: 'proven' | 'wrong' | 'refused' | 'none';
    method: 'symbolic' | 'exhaustion' | null;
    /** the number of input bits that matter */
    bits: number;
    /** inputs tried */
    cases: bigint;
    /** 'wrong': the inputs, the program's value and the definition's */
    counterexample: bigint[] | null;
    got: bigint | null;
    want: bigint | null;
    message: string;
}

export interface TraceOptions {
    inputs?: Inputs;
    /** a form that takes a square: this one (else its example) */
    square?: Square;
}

export interface PictureOptions extends TraceOptions {
    /** default: a form's name and summary, or the program text */
    title?: string;
}

export interface TextOptions extends PictureOptions {
    /** ANSI colours */
    color?: boolean;
}

export const OPS: readonly Op[];
export const KINDS: readonly Kind[];
export const MAX_INPUTS: number;
export const MAX_STEPS: number;

export function forms(): readonly Form[];
export function formText(name: string, square?: Square): string;
/** A form against its definition; with against, a form or a program against a form or another program. */
export function prove(what: string, options?: { square?: Square; against?: string }): Proof;
export function trace(what: string, options?: TraceOptions): Trace;
export function evaluate(what: string, inputs: Inputs, options?: { square?: Square }): bigint;
export function svg(what: string, options?: PictureOptions): string;
export function html(what: string, options?: PictureOptions): string;
export function text(what: string, options?: TextOptions): string;
/** The pictures' colour of a source bit: fill and the ink (text) on it, '#rrggbb'. */
export function bitColor(square: Square, input?: number): { fill: string; ink: string };
