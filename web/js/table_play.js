// The pure decisions of the table view, apart from drawing, so they are tested without a browser:
// which ply the board shows while the player steps through the move list, when a clock counts as
// low, and what becomes of a move made while the connection was gone.

export const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

// The ply the board shows: null follows the game (the live position), 0 is the start position,
// n the position after the n-th half-move. Steps are 'first', 'prev', 'next' and 'last'; stepping
// onto the last move returns to following the game, so the next move shows as it comes.
export function stepPly(viewed, total, step) {
    const at = viewed === null ? total : Math.min(Math.max(viewed, 0), total);
    let next;
    switch (step) {
    case 'first': next = 0; break;
    case 'prev': next = Math.max(0, at - 1); break;
    case 'next': next = at + 1; break;
    case 'last': next = total; break;
    default: next = at;
    }
    return next >= total ? null : next;
}

// The position at a ply of the table's game (moves carry the FEN after them, table_state and the
// move events both), the game's start for 0, the live position for null.
export function fenAt(state, viewed) {
    const start = state.start_fen || START_FEN;
    if (viewed === null || viewed === undefined) return state.fen || start;
    if (viewed <= 0) return start;
    const move = (state.moves || [])[viewed - 1];
    return (move && move.fen) || state.fen || start;
}

// The move that led to a ply (for the last-move highlight), or null at the start.
export function moveAt(state, viewed) {
    const moves = state.moves || [];
    const index = (viewed === null || viewed === undefined ? moves.length : viewed) - 1;
    return index >= 0 && moves[index] ? moves[index] : null;
}

// A clock is low below a tenth of the base time, but never below 5 s nor above 20 s: a bullet
// player is warned at 6 s, a blitz or longer player at 20 s.
export function lowTimeMs(timeControl) {
    const base = timeControl && (timeControl.base_ms
        || (timeControl.stages && timeControl.stages[0] && timeControl.stages[0].time_ms));
    if (!base) return 20_000;
    return Math.min(20_000, Math.max(5_000, base / 10));
}

// A move made while the socket was down is kept with the number of plies the player saw. When
// the table's state is known again: if nothing was played meanwhile and the move is still legal
// (or was typed, which the server will judge), it is sent; otherwise it is refused, and the
// player is told, since the position they decided on is gone.
export function pendingMoveFate(pending, state) {
    if (!state || state.status !== 'playing') return 'refuse';
    if ((state.moves || []).length !== pending.plies) return 'refuse';
    if (pending.typed) return 'send';
    return (state.legal_moves || []).includes(pending.move) ? 'send' : 'refuse';
}
