// Berserk at an arena's table (docs/tournaments.md, "Arena"): before his first move a player may
// halve his own time and give up his increment, for an extra point should he win. The table
// state says whether the game allows it (`berserk_allowed`) and who went berserk (`berserk`:
// sides); the event `berserk` names the side and brings the clocks after it. Pure, like
// takeback_actions.js: table_model.js applies the event, table_view.js asks whether to show
// the button; the server decides again.

import { hasMoved } from './takeback_actions.js';

// Whether `side` went berserk in the table's game.
export function wentBerserk(state, side) {
    return Boolean(state) && Array.isArray(state.berserk) && state.berserk.includes(side);
}

// The Berserk button for `seat` (the viewer's side, or null): in a running game that allows
// it, once, and only before his own first move.
export function mayBerserk(state, seat) {
    if (!state || !seat || state.status !== 'playing' || state.result || !state.berserk_allowed) return false;
    return !wentBerserk(state, seat) && !hasMoved(state, seat);
}

// The table after `{type: "berserk", by, clocks}`: the side marked (once) and the clocks as the
// server read them after taking the time off, counted from `now` (performance.now()).
export function afterBerserk(state, frame, now) {
    const next = { ...state };
    if (frame.by === 'white' || frame.by === 'black') next.berserk = [...new Set([...(state.berserk || []), frame.by])];
    if (frame.clocks) {
        next.clocks = frame.clocks;
        next.clocksReceivedAt = now;
    }
    return next;
}
