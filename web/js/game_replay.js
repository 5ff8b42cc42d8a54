// Stepping through a stored game (the admin's game log and the public game page /games/{id}):
// which ply is shown, the position and last move there, the moves as a score sheet lists them,
// the clocks after each move and how the game ended. Pure; the log's moves carry the FEN after
// each move (docs/admin.md), so the client needs no chess rules.

import { format as clockFormat } from './clock_display.js';
import { lateSide } from './first_move.js';
import { START_FEN } from './table_play.js';

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

// "1." for White's first move, "1…" for Black's.
export function moveNumber(ply) {
    return ply % 2 === 1 ? `${Math.ceil(ply / 2)}.` : `${Math.ceil(ply / 2)}…`;
}

// A clock after a move, as the table shows clocks ("4:59", "0:09.7"); '–' when the game was untimed
// (no reading).
export function clockText(ms) {
    return ms === undefined || ms === null ? '–' : clockFormat(ms);
}

// How a stored game ended, in the shape table_texts.js's bannerText and endingText take (the
// shape game_over carries): {result, winner, termination, message, winnability, proof, clocks};
// null while the game runs. The end's detail (end_detail) holds the server's message and a flag
// fall's winnability answer and proof. A game aborted for a missing first move names who did
// not move (`late`, the side to move in the final position).
export function gameResult(log) {
    if (!log || !log.result) return null;
    const detail = log.end_detail && typeof log.end_detail === 'object' ? log.end_detail : {};
    const winner = log.result === '1-0' ? 'white' : log.result === '0-1' ? 'black' : null;
    const result = { result: log.result, winner, termination: log.termination, message: log.message ?? detail.message,
                     winnability: detail.winnability, proof: detail.proof, clocks: log.end_clocks };
    if (log.termination === 'no_first_move') {
        const moves = Array.isArray(log.moves) ? log.moves : [];
        result.late = lateSide(moves.length ? moves[moves.length - 1].fen : log.start_fen);
    }
    return result;
}

// lichess's signs of a move's judgement in a server analysis, as the PGN's NAGs $6, $2, $4 are
// shown in a move list.
export const JUDGEMENT_SIGNS = { inaccuracy: '?!', mistake: '?', blunder: '??' };
