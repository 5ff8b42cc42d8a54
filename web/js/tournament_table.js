// A tournament's table: which of a casual game's extras its players are offered. The server
// refuses at a tournament's board what only two players between themselves may settle: `abort`
// (`cannot_abort`), `rematch` (`rematch_unavailable`), `give_time` (`give_time_not_allowed`) and
// takebacks (`takebacks_not_allowed`; its summaries say `takebacks: false` as well), so the table
// shows no such button (docs/protocol.md, "Changes in version 8").
//
// How the client knows the table is a tournament's: every board's table stands in its event's
// room, and the tournaments' rooms are numbered from 1,000,000,000 up, which no other room is
// (docs/protocol.md, "Tournaments", show_tournament on `room`, and enter_room;
// protocol/tournament_room.h `is_tournament_room`). The number and its test are kept once, in
// tournament_room.js; a table's `room` comes with table_state, game_started and every summary
// (table_model.js). Pure: the table view and takeback_actions.js ask.

import { TOURNAMENT_ROOM_BASE, isTournamentRoom } from './tournament_room.js';

export { TOURNAMENT_ROOM_BASE, isTournamentRoom };

// Whether the table (table_model.js) stands in a tournament's room. A table whose room is not
// known yet (null) is taken for a casual one: the server refuses what it must.
export function isTournamentTable(state) {
    return Boolean(state) && isTournamentRoom(state.room);
}

// The table's result as its event scores it: a game that ended for a missing first move
// (no_first_move, with `late` from table_model.js) is aborted at a casual table, but at a
// tournament's board the side that did not move loses by forfeit (the server's board_result;
// docs/tournaments.md), so its texts say "wins by forfeit" with the score the event records.
// Every other result, and one whose late side is unknown, is the table's own.
export function resultAsScored(state, result = state && state.result) {
    if (!result || result.termination !== 'no_first_move' || !isTournamentTable(state)) return result;
    if (result.late !== 'white' && result.late !== 'black') return result;
    const winner = result.late === 'white' ? 'black' : 'white';
    return { ...result, winner, result: winner === 'white' ? '1-0' : '0-1', forfeit: true };
}

// Whether a seated player is offered "Abort": in a running game before both sides have moved
// (the server's rule, ply < 2), and never at a tournament's board (there a player who does not
// want the game resigns, or loses by not making his first move).
export function abortOffered(state, seat) {
    return Boolean(state && seat) && state.status === 'playing' && (state.moves || []).length < 2 && !isTournamentTable(state);
}

// Whether a seated player is offered a rematch (or its acceptance) after the game: not at a
// tournament's board, whose next game the event pairs.
export function rematchOffered(state, seat) {
    return Boolean(state && seat) && state.status === 'finished' && !isTournamentTable(state);
}
