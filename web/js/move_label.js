// The position a player steps to in the move list, named as players write it: the move number,
// the side (an ellipsis for Black) and the move in the reader's notation, "7. Df3+" or
// "7... Sf6"; at ply 0 the start position. Pure, so node tests it.

import { t } from './messages.js';

// The move number and side of ply `ply` (1 is the first move of the game, as in `moves`), for a
// game that began at `startFen` (another side to move and move number than the usual start).
export function moveNumberOf(ply, startFen) {
    const fields = String(startFen || '').split(' ');
    const blackFirst = fields[1] === 'b';
    const firstNumber = Number.parseInt(fields[5], 10) > 0 ? Number.parseInt(fields[5], 10) : 1;
    const halfMoves = ply - 1 + (blackFirst ? 1 : 0); // counted from White's move of firstNumber
    return { number: firstNumber + Math.floor(halfMoves / 2), side: halfMoves % 2 === 0 ? 'white' : 'black' };
}

// "7. Df3+" (notation "de") or "7. Qf3+" ("en"), "7... Sf6" for Black; the start position at
// ply 0. state: the table model ({moves, start_fen}); ply: 0..moves.length.
export function moveLabel(state, ply, notation) {
    const moves = (state && state.moves) || [];
    if (!ply || ply < 1 || ply > moves.length) return t('move.label.start');
    const move = moves[ply - 1];
    const san = (notation === 'de' ? move.san_de || move.san : move.san || move.san_de) || move.uci || '';
    const { number, side } = moveNumberOf(ply, state.start_fen);
    return side === 'white' ? `${number}. ${san}` : `${number}... ${san}`;
}
