// A tournament's room as its page knows it (docs/tournaments.md, "The room"): the event's room in
// the lobby, whose number the tournament's view sends as `room`; whether the page still has to
// enter it, is entering it or found it closed; and what the page's panel shows. Pure: main.js
// keeps the state and enters the room, tournament_room_view.js draws the panel.
//
// The client keeps one room at a time (app.room). Opening a tournament's page (from the list, at
// its public address, or the page shown at a reload) enters its room once its number is known;
// a player who then goes to another room (the Rooms tab) stays there, and the panel offers the
// way back. A number nobody holds open any more (a finished event's room that emptied) is
// refused with `no_such_room` (a visitor's look with `not_greeted`): the room is closed, and it
// does not open again.
//
// The state: {wanted: tournament id whose room to enter once known, or null;
//             entering: the room number asked for, or null; closed: Set(room number)}

// A tournament's room is numbered 1,000,000,000 + its id; numbers from there up are the
// tournaments' only (protocol/tournament_room.h).
export const TOURNAMENT_ROOM_BASE = 1_000_000_000;

export function isTournamentRoom(number) {
    return Number.isInteger(number) && number >= TOURNAMENT_ROOM_BASE;
}

// The room of a tournament (its view or its summary from the lists), or null when the server
// sends none (one from before the rooms).
export function roomOfTournament(tournament) {
    return tournament && isTournamentRoom(tournament.room) ? tournament.room : null;
}

// The state of a page: `wanted` is the tournament on screen when the page opens on it.
export function noTournamentRoom(wanted = null) {
    return { wanted, entering: null, closed: new Set() };
}

// The page of tournament `id` was opened: its room is to be entered.
export function wanting(state, id) {
    return { ...state, wanted: id };
}

// The room to enter now for the tournament on screen, or null: the page wants it, the view names
// it, it is not known to be closed, and the connection can ask (`online`: greeted or visiting).
export function roomToEnter(state, tournament, online) {
    const number = roomOfTournament(tournament);
    if (!online || number === null || state.wanted === null || state.wanted !== tournament.id) return null;
    return state.closed.has(number) ? null : number;
}

// The wish is being acted on: the page enters the room (once).
export function wishSpent(state) {
    return { ...state, wanted: null };
}

// The enter request for `number` is on its way.
export function entering(state, number) {
    return { ...state, entering: number };
}

// The answer came: the room is entered (`closed` false), refused as closed (true), or the request
// failed otherwise (null: the page may ask again when the player does).
export function enteredOrNot(state, number, closed) {
    const next = { ...state, entering: state.entering === number ? null : state.entering };
    if (closed) next.closed = new Set([...state.closed, number]);
    return next;
}

// Whether a refusal of enter_room says that a tournament's room is not open.
export function saysClosed(error) {
    return Boolean(error) && (error.code === 'no_such_room' || error.code === 'not_greeted');
}

// Whether the page is on its way into a tournament's room (a visitor's page then looks into no
// other room first).
export function headingForRoom(state) {
    return state.wanted !== null || state.entering !== null;
}

// What the panel shows: {status, room}: 'none' (no tournament on screen, no room to it, or no
// connection), 'in' (the room one is in: its chat, members and games), 'entering', 'closed', or
// 'away' (one is in another room or in none: the way into it). `room` is the room model one is
// in (room_model.js), or null.
export function panelOf(state, tournament, room, online) {
    const number = roomOfTournament(tournament);
    if (!online || number === null) return { status: 'none', room: number };
    if (room && room.room === number) return { status: 'in', room: number };
    if (state.closed.has(number)) return { status: 'closed', room: number };
    if (state.entering === number || state.wanted === tournament.id) return { status: 'entering', room: number };
    return { status: 'away', room: number };
}
