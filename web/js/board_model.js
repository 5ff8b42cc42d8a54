// The board's bookkeeping, kept apart from chessground and the DOM so that node can test it: which
// squares a piece may go to (from the server's legal_moves), which UCI move a drag or two clicks
// mean, where the promotion chooser's pieces stand, where a square is on screen, and what of a
// table's view chessground has to be told again. The board knows no chess rules: what is legal
// is what the server listed (and a castling may also be dragged the other way, see
// castling_gestures.js).

import { castlingGestures } from './castling_gestures.js';

export const FILES = 'abcdefgh';

// The chooser's order, as on lichess: the pieces one wants most often nearest the square.
export const PROMOTION_ORDER = ['q', 'n', 'r', 'b'];

export const ROLES = { q: 'queen', r: 'rook', b: 'bishop', n: 'knight', k: 'king', p: 'pawn' };

// chessground's movable.dests: origin square -> target squares, each target once (the four
// promotions of a pawn share one target). With the position's FEN, a castling's king also has
// the other gesture's square (the rook, or two squares towards it).
export function destsOf(legalMoves, fen = null) {
    const dests = new Map();
    for (const uci of [...legalMoves || [], ...castlingGestures(legalMoves, fen).keys()]) {
        const from = uci.slice(0, 2);
        const to = uci.slice(2, 4);
        const targets = dests.get(from);
        if (!targets) dests.set(from, [to]);
        else if (!targets.includes(to)) targets.push(to);
    }
    return dests;
}

// The legal moves from one square to another: none, one, or a pawn's promotions; with the FEN, a
// castling gesture is the castling the server listed.
export function movesBetween(legalMoves, from, to, fen = null) {
    const moves = (legalMoves || []).filter((uci) => uci.slice(0, 2) === from && uci.slice(2, 4) === to);
    if (moves.length || !fen) return moves;
    const castling = castlingGestures(legalMoves, fen).get(from + to);
    return castling ? [castling] : [];
}

// What a move from `from` to `to` becomes: {uci} to play, {choose: [uci]} to ask for the
// promotion piece, or null when the server listed no such move. A premove or autoQueen takes the
// queen without asking, as lichess does. `fen` (the position moved from) lets a castling be
// dragged either way.
export function resolveMove(legalMoves, from, to, { autoQueen = false, premove = false, fen = null } = {}) {
    const moves = movesBetween(legalMoves, from, to, fen);
    if (moves.length === 0) return null;
    if (moves.length === 1) return { uci: moves[0] };
    const queen = moves.find((uci) => uci[4] === 'q');
    if ((autoQueen || premove) && queen) return { uci: queen };
    const rank = (uci) => PROMOTION_ORDER.indexOf(uci[4]) < 0 ? 99 : PROMOTION_ORDER.indexOf(uci[4]);
    return { choose: [...moves].sort((a, b) => rank(a) - rank(b)) };
}

// The screen cell (column and row from the top left, 0-7) of a square as seen from `orientation`.
export function cellOf(square, orientation) {
    const file = FILES.indexOf(square[0]);
    const rank = Number(square[1]) - 1;
    return orientation === 'black' ? { column: 7 - file, row: rank } : { column: file, row: 7 - rank };
}

// The promotion chooser: one cell per choice, on the promotion square's file, from that square
// towards the middle of the board (downwards when the square is at the top of the screen).
export function chooserCells(moves, orientation) {
    const { column, row } = cellOf(moves[0].slice(2, 4), orientation);
    const step = row < 4 ? 1 : -1;
    return moves.map((uci, index) => ({ uci, piece: uci[4], column, row: row + step * index }));
}

// The centre of a square in page coordinates, for tests that drag or click on the board (there is
// no DOM element per square). `box` is the board's bounding box: an element's
// getBoundingClientRect() ({left, top, width, height}) or playwright's boundingBox() ({x, y,
// width, height}) of `[data-board] cg-board`; an element is measured.
export function squareCenter(box, square, orientation = 'white') {
    const rect = typeof box.getBoundingClientRect === 'function' ? box.getBoundingClientRect() : box;
    const left = rect.left ?? rect.x;
    const top = rect.top ?? rect.y;
    const { column, row } = cellOf(square, orientation);
    return { x: left + (column + 0.5) * rect.width / 8, y: top + (row + 0.5) * rect.height / 8 };
}

// What the board shows for a table view, flattened to comparable values: two equal fields mean
// chessground need not be told again. Only a seated player looking at the current position may
// move (movable: that player's colour). view: {fen, orientation, legalMoves, lastMove, check,
// turnColour, moverColour, autoQueen, viewOnly}.
export function boardState(view) {
    const placementOf = (fen) => (fen || '').split(' ')[0];
    const interactive = !!view.moverColour && !view.viewOnly;
    const legalMoves = interactive ? view.legalMoves || [] : [];
    return {
        fen: placementOf(view.fen),
        orientation: view.orientation === 'black' ? 'black' : 'white',
        turnColour: view.turnColour === 'black' ? 'black' : 'white',
        check: view.check ? (view.turnColour === 'black' ? 'black' : 'white') : false,
        lastMove: view.lastMove ? view.lastMove.slice(0, 4) : '',
        moverColour: view.moverColour || '',
        movable: interactive ? view.moverColour : '',
        dests: [...legalMoves].sort().join(' '),
        premovable: interactive && view.turnColour !== view.moverColour,
        viewOnly: !!view.viewOnly || !view.moverColour,
    };
}

// The chessground config that turns what was applied into what is wanted: only the fields that
// changed, so that a redraw with the same view touches nothing (no flicker, no lost drag).
// `applied` may be null (nothing applied yet) and may hold undefined for fields chessground
// changed on its own (after a move on the board). Returns null when nothing changed.
export function configChanges(applied, wanted) {
    const config = {};
    const changed = (key) => !applied || applied[key] !== wanted[key];
    if (changed('orientation')) config.orientation = wanted.orientation;
    if (changed('fen')) config.fen = wanted.fen;
    if (changed('turnColour')) config.turnColor = wanted.turnColour;
    // chessground forgets the check when a piece moves, so a new position tells it again.
    if (changed('check') || changed('fen')) config.check = wanted.check;
    if (changed('lastMove')) config.lastMove = wanted.lastMove ? [wanted.lastMove.slice(0, 2), wanted.lastMove.slice(2, 4)] : undefined;
    if (changed('movable') || changed('dests') || changed('fen')) {
        config.movable = { color: wanted.movable || undefined, dests: destsOf(wanted.dests ? wanted.dests.split(' ') : [], wanted.fen) };
    }
    if (changed('premovable')) config.premovable = { enabled: wanted.premovable };
    // chessground's own viewOnly is not used: it binds its mouse handlers only if it is off when
    // the board is (re)drawn, so a spectator who sits down would get a dead board. A board with
    // no movable colour is just as still.
    return Object.keys(config).length ? config : null;
}

// What to do with a premove once a new position is shown: play it when the player is to move
// and has legal moves (chessground then checks it against them and drops an illegal one), drop it
// when the player cannot move (the game ended, a view of an earlier ply), keep it otherwise.
export function premoveAction(wanted) {
    if (wanted.viewOnly || !wanted.moverColour) return 'cancel';
    if (wanted.turnColour !== wanted.moverColour) return 'keep';
    return wanted.dests ? 'play' : 'cancel';
}
