// The page's building blocks: an 8x8 board of buttons that works with the
// mouse and the keyboard, small pictures of a board's bits, and helpers.
// Squares are 0..63, a1 = 0, h8 = 63.

const FILES = 'abcdefgh';
export const nameOf = (sq) => FILES[sq & 7] + String((sq >> 3) + 1);
export const bit = (x, sq) => ((x >> BigInt(sq)) & 1n) === 1n;
export const hex = (x) => '0x' + x.toString(16).padStart(16, '0');
// A line's 8 bits as a string in board order: bit 0 (file a, or rank 1 on
// a file) first, as the squares run on the board drawn beside it.
export const bits8 = (n) => Array.from({ length: 8 }, (_, i) => ((n >> i) & 1 ? '1' : '0')).join('');
// The Hexadecimal field: up to 16 hex digits, 0x optional ("ff" is 0xff);
// anything else is refused with a message naming the first bad character.
export function parseHex(text) {
    const t = text.trim(), digits = t.replace(/^0x/i, '');
    if (digits === '') throw new Error('type up to 16 hexadecimal digits (0-9, a-f), with or without 0x');
    const bad = digits.search(/[^0-9a-f]/i);
    if (bad >= 0) {
        throw new Error(`"${digits[bad]}" (character ${t.length - digits.length + bad + 1}) is not a hexadecimal digit: ` +
            'type 0-9 and a-f only, with or without 0x');
    }
    if (digits.length > 16) throw new Error(`${digits.length} hexadecimal digits: a board has 64 bits, at most 16 digits`);
    return BigInt('0x' + digits);
}
export const squaresOf = (x) => {
    const out = [];
    for (let sq = 0; sq < 64; sq++) if (bit(x, sq)) out.push(sq);
    return out;
};

function el(tag, attrs = {}, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
        if (k === 'class') e.className = v;
        else if (k === 'text') e.textContent = v;
        else e.setAttribute(k, v);
    }
    e.append(...children);
    return e;
}
export { el };

/**
 * An 8x8 board of buttons in container, rank 8 on top as every picture on
 * the page is (options.othello: the Othello board's look).  onActivate(sq) on a click,
 * Enter or Space; onHover(sq) when the pointer or the focus reaches a
 * square.  The arrow keys move the focus (one square holds tabindex 0).
 * Returns { cells[64], focus(sq), label }.
 */
export function makeBoard(container, { label, othello = false, onActivate, onHover } = {}) {
    const grid = el('div', { class: othello ? 'board othello' : 'board', role: 'grid', 'aria-label': label });
    const cells = [];
    let focused = 56;
    const rows = [7, 6, 5, 4, 3, 2, 1, 0];
    for (const r of rows) {
        const row = el('div', { role: 'row', style: 'display: contents' });
        row.append(el('span', { class: 'label', 'aria-hidden': 'true', text: String(r + 1) }));
        for (let f = 0; f < 8; f++) {
            const sq = r * 8 + f;
            const b = el('button', { class: `cell ${(r + f) % 2 ? 'light' : 'dark'}`, role: 'gridcell', 'data-sq': String(sq),
                'aria-label': nameOf(sq), tabindex: sq === focused ? '0' : '-1' });
            b.addEventListener('click', () => {
                move(sq);
                onActivate?.(sq);
            });
            b.addEventListener('mouseenter', () => onHover?.(sq));
            b.addEventListener('focus', () => onHover?.(sq));
            b.addEventListener('keydown', (e) => {
                const step = { ArrowUp: 8, ArrowDown: -8, ArrowLeft: -1, ArrowRight: 1 }[e.key];
                if (step === undefined) return;
                e.preventDefault();
                const to = sq + step;
                if (to < 0 || to > 63 || (Math.abs(step) === 1 && (to >> 3) !== (sq >> 3))) return;
                move(to);
                cells[to].focus();
            });
            cells[sq] = b;
            row.append(b);
        }
        grid.append(row);
    }
    grid.append(el('span', { class: 'label' }));
    for (let f = 0; f < 8; f++) grid.append(el('span', { class: 'label', 'aria-hidden': 'true', text: FILES[f] }));
    function move(sq) {
        cells[focused].tabIndex = -1;
        focused = sq;
        cells[sq].tabIndex = 0;
    }
    container.replaceChildren(grid);
    return { cells, grid, focus: (sq) => { move(sq); cells[sq].focus(); } };
}

/**
 * A small picture of board x (rank 8 on top) with a caption and its hex;
 * mark (optional): squares drawn in the second colour.  onClick makes it a
 * button.
 */
export function mini(title, x, { mark = 0n, onClick, note } = {}) {
    const grid = el('span', { class: 'grid', 'aria-hidden': 'true' });
    for (let r = 7; r >= 0; r--) {
        for (let f = 0; f < 8; f++) {
            const sq = r * 8 + f;
            grid.append(el('span', { class: bit(x, sq) ? 'on' : bit(mark, sq) ? 'mark' : '' }));
        }
    }
    const box = el('div', { class: 'mini', 'data-title': title });
    const pic = onClick ? el('button', { 'aria-label': `${title}: ${hex(x)}` }, grid) : grid;
    if (onClick) pic.addEventListener('click', onClick);
    box.append(el('span', { text: title }), pic, el('code', { text: hex(x) }));
    if (note) box.append(el('span', { text: note }));
    return box;
}

/** Tabs (role=tab buttons controlling role=tabpanel sections): click and the arrow keys. */
export function tabs(nav, onShow) {
    const list = [...nav.querySelectorAll('[role=tab]')];
    const show = (tab) => {
        for (const t of list) {
            const on = t === tab;
            t.setAttribute('aria-selected', String(on));
            t.tabIndex = on ? 0 : -1;
            document.getElementById(t.getAttribute('aria-controls')).hidden = !on;
        }
        onShow?.(tab.id.replace('tab-', ''));
    };
    list.forEach((t, i) => {
        t.addEventListener('click', () => show(t));
        t.addEventListener('keydown', (e) => {
            const d = { ArrowRight: 1, ArrowLeft: -1 }[e.key];
            if (!d) return;
            const next = list[(i + d + list.length) % list.length];
            next.focus();
            show(next);
        });
    });
    return { show: (name) => show(document.getElementById(`tab-${name}`)) };
}

/** Shows an error (the library's message) in the element, or clears it. */
export function report(node, e) {
    node.textContent = e ? String(e.message ?? e) : '';
}
