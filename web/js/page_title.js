// The tab's title: it says when it is the player's move at one of their games (lichess: "Your
// turn"), so a player in another tab sees it, and goes back to the page's own title otherwise.

import { t } from './messages.js';
import { seatOf } from './table_model.js';

// Whether it is `nick`'s move in a running game at one of `tables` (the table models).
export function myTurnSomewhere(tables, nick) {
    for (const state of tables.values()) {
        if (state.status === 'playing' && !state.closed && state.to_move && state.to_move === seatOf(state, nick)) return true;
    }
    return false;
}

// The title for the tab: "Du bist am Zug · Rochade" on the player's move, else `base`.
export function pageTitle(base, tables, nick) {
    return myTurnSomewhere(tables, nick) ? t('title.your_turn', { title: base }) : base;
}
