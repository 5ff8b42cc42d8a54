// The pieces a chessground board shows, compared with a FEN's placement: for the browser tests of
// games that start from a position (a FEN, a Chess960 start) and of castling, where the squares of
// every piece are what is checked.

import { timeout } from './browser_harness.mjs';

const ROLES = { p: 'pawn', n: 'knight', b: 'bishop', r: 'rook', q: 'queen', k: 'king' };

// A FEN's placement as "square:colour role" entries, sorted ("e1:white king").
export function piecesOf(fen) {
    const pieces = [];
    fen.split(' ')[0].split('/').forEach((row, index) => {
        let file = 0;
        for (const ch of row) {
            if (/\d/.test(ch)) {
                file += Number(ch);
                continue;
            }
            pieces.push(`${'abcdefgh'[file]}${8 - index}:${ch === ch.toUpperCase() ? 'white' : 'black'} ${ROLES[ch.toLowerCase()]}`);
            file += 1;
        }
    });
    return pieces.sort();
}

// What the board under `selector` shows, in the same form (chessground's piece elements carry
// their square as cgKey and their colour and role as classes; a drag's ghost is no piece).
function shownPieces(selector) {
    return [...document.querySelectorAll(`${selector} cg-board piece`)].filter((node) => !node.classList.contains('ghost'))
        .map((node) => `${node.cgKey}:${[...node.classList].filter((name) => !['anim', 'fading', 'dragging'].includes(name)).join(' ')}`)
        .sort();
}

// Waits until the board under `selector` shows exactly the pieces of `fen` (asking the page every
// 100 ms); fails naming both.
export async function expectPieces(page, selector, fen) {
    const wanted = JSON.stringify(piecesOf(fen));
    let shown = null;
    for (const ends = Date.now() + timeout; Date.now() < ends;) {
        shown = JSON.stringify(await page.evaluate(shownPieces, selector));
        if (shown === wanted) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${selector} shows ${shown}, not ${wanted}`);
}
