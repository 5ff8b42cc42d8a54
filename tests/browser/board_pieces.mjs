// The pieces a chessground board shows, compared with a FEN's placement: for the browser tests of
// games that start from a position (a FEN, a Chess960 start) and of castling, where the squares of
// every piece are what is checked.

import { dragMove, timeout, waitForMove } from './browser_harness.mjs';

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

// A castling (or any move) made by dragging on `mover`'s board and seen on both boards: `mover`
// waits until its status line says `yourTurn`, drags `from`-`to`; both move lists get ply `ply`,
// spelt as each page spells it (`sans` = [the mover's, the viewer's]), and both boards show
// exactly the pieces of `after`.
export async function dragAndSeeOnBoth(mover, viewer, { yourTurn, from, to, ply, sans, after }) {
    await mover.waitForSelector(`#table .status-line:has-text("${yourTurn}")`, { timeout });
    await dragMove(mover, from, to);
    await waitForMove(mover, ply, sans[0]);
    await waitForMove(viewer, ply, sans[1]);
    await expectPieces(mover, '#table [data-board]', after);
    await expectPieces(viewer, '#table [data-board]', after);
}
