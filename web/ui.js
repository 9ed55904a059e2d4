// The page's building blocks: an 8x8 board of buttons that works with the
// mouse and the keyboard, small pictures of a board's bits, and helpers.
// Squares are 0..63, a1 = 0, h8 = 63.

const FILES = 'abcdefgh';
export const nameOf = (sq) => FILES[sq & 7] + String((sq >> 3) + 1);
export const bit = (x, sq) => ((x >> BigInt(sq)) & 1n) === 1n;
export const hex = (x) => '0x' + x.toString(16).padStart(16, '0');
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
 * An 8x8 board of buttons in container.  options.othello: row 1 on top
 * (else rank 8 on top, as chess diagrams are).  onActivate(sq) on a click,
 * Enter or Space; onHover(sq) when the pointer or the focus reaches a
 * square.  The arrow keys move the focus (one square holds tabindex 0).
 * Returns { cells[64], focus(sq), label }.
 */
export function makeBoard(container, { label, othello = false, onActivate, onHover } = {}) {
    const grid = el('div', { class: othello ? 'board othello' : 'board', role: 'grid', 'aria-label': label });
    const cells = [];
    let focused = othello ? 0 : 56;
    const rows = othello ? [0, 1, 2, 3, 4, 5, 6, 7] : [7, 6, 5, 4, 3, 2, 1, 0];
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
                const step = { ArrowUp: othello ? -8 : 8, ArrowDown: othello ? 8 : -8, ArrowLeft: -1, ArrowRight: 1 }[e.key];
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
