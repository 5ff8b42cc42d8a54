// The courtesy buttons of a seated player in a running game (docs/protocol.md, "Takebacks and
// more time"), as a pure decision of the table's state: what to show, what each sends, and
// whether it can be pressed now. The table view draws them; the server decides again.

import { isTournamentTable } from './tournament_table.js';

export const GIVEN_SECONDS = 15; // the button's gift; the server takes 5-60

const other = (side) => (side === 'white' ? 'black' : 'white');

// Has `seat` made a move in the game? Plies alternate from the start position's side to move.
// (Berserk, berserk.js, is allowed only before it.)
export function hasMoved(state, seat) {
    const moves = state.moves || [];
    if (moves.length === 0) return false;
    if (moves.length >= 2) return true;
    const firstMover = (state.start_fen || '').split(' ')[1] === 'b' ? 'black' : 'white';
    return firstMover === seat;
}

// [{action, type, fields, disabled, waitSeconds}] for `seat` at `now` (performance.now(), as the
// decline's wait was stored by table_model): the answer to the opponent's request, the
// withdrawal of one's own, or the request itself (disabled before one's first move and while
// the wait after a decline lasts, with the seconds left); and "Give 15 s" in a timed game. None
// at a tournament's board: its clock and its moves are the event's, not the players' to give
// back or add to (tournament_table.js).
export function courtesyButtons(state, seat, now) {
    if (!state || state.status !== 'playing' || !seat || isTournamentTable(state)) return [];
    const buttons = [];
    const request = state.takeback_request;
    if (request && request.by === other(seat)) {
        buttons.push({ action: 'accept_takeback', type: 'accept_takeback', fields: {}, disabled: false });
        buttons.push({ action: 'decline_takeback', type: 'decline_takeback', fields: {}, disabled: false });
    } else if (request && request.by === seat) {
        buttons.push({ action: 'withdraw_takeback', type: 'withdraw_takeback', fields: {}, disabled: false });
    } else if (state.takebacks) {
        const wait = state.takebackWaitUntil && state.takebackWaitUntil.side === seat
            ? Math.ceil((state.takebackWaitUntil.at - now) / 1000) : 0;
        buttons.push({ action: 'takeback', type: 'takeback', fields: {}, disabled: wait > 0 || !hasMoved(state, seat),
                       waitSeconds: wait > 0 ? wait : 0 });
    }
    if (state.clocks && !state.clocks.untimed) {
        buttons.push({ action: 'give_time', type: 'give_time', fields: { seconds: GIVEN_SECONDS }, disabled: false });
    }
    return buttons;
}
