// Stepping through a stored game on the game log's board: which ply is shown, the position and
// last move there, and the moves as a score sheet lists them. Pure; the log's moves carry the FEN
// after each move (docs/admin.md), so the client needs no chess rules.

import { START_FEN } from '../table_play.js';

// The ply after a step: 0 is the start position, `total` the position after the last move.
export function replayStep(ply, total, step) {
    const at = Math.min(Math.max(ply, 0), total);
    switch (step) {
    case 'first': return 0;
    case 'prev': return Math.max(0, at - 1);
    case 'next': return Math.min(total, at + 1);
    case 'last': return total;
    default: return at;
    }
}

// The step a key stands for on the board: the arrows, Home and End; null for any other key.
export function stepForKey(key) {
    return { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last', ArrowUp: 'first', ArrowDown: 'last' }[key] || null;
}

// What the board shows at a ply: {fen, lastMove (uci or null), check}.
export function replayView(log, ply) {
    const moves = (log && log.moves) || [];
    const at = Math.min(Math.max(ply, 0), moves.length);
    const move = at > 0 ? moves[at - 1] : null;
    // A stored move that did not replay has no FEN (the log's replay_problem says why): the board
    // stays at the last position that did.
    let fen = (log && log.start_fen) || START_FEN;
    for (let index = at - 1; index >= 0; index--) {
        if (moves[index].fen) {
            fen = moves[index].fen;
            break;
        }
    }
    return { fen, lastMove: move ? move.uci : null, check: !!(move && /[+#]$/.test(move.san || '')) };
}

// A move in the reader's notation: German SAN (KDTLS) for "de", English otherwise; UCI if no
// SAN was stored.
export function sanIn(move, notation) {
    if (!move) return '';
    return (notation === 'de' ? move.san_de || move.san : move.san || move.san_de) || move.uci || '';
}

// The moves as numbered rows of a score sheet: [{number, white, black}], each side a move
// (with its ply) or null. A game from a set-up position with Black to move starts its first row
// with an empty white cell; the row number follows the plies stored (ply 1 is White's first move).
export function scoreRows(moves) {
    const rows = [];
    for (const move of moves || []) {
        const ply = move.ply;
        const number = Math.ceil(ply / 2);
        const white = ply % 2 === 1;
        let row = rows[rows.length - 1];
        if (!row || row.number !== number || (white && row.white)) {
            row = { number, white: null, black: null };
            rows.push(row);
        }
        if (white) row.white = move;
        else row.black = move;
    }
    return rows;
}
