// Who asks me to play, as the client knows it: invitations to a table (open_table with my nick
// in `invite`) and rematch offers at a finished table where I sit. Pure functions of the frames,
// so what makes a notice appear and go is testable without a browser.
//
// An invitation reaches the invited player in one of two ways (docs/protocol.md): `table_opened`
// when the player is outside the table's room, or the table's summary in `room` and
// `room_tables` when inside it. It goes when the table is taken (its summary stops waiting or
// names a seat of mine), closes (`closed` in room_tables, `table_closed`), or I answer it.
//
// invitations: Map(table id -> summary), each summary as the server sent it.

function same(a, b) {
    return Boolean(a && b) && a.toLowerCase() === b.toLowerCase();
}

// Whether a table summary is an invitation to `nick` that still stands.
export function invitesMe(summary, nick) {
    return Boolean(summary) && summary.status === 'waiting' && same(summary.invite, nick)
        && !same(summary.white, nick) && !same(summary.black, nick);
}

function withSummary(invitations, summary, nick) {
    const next = new Map(invitations);
    if (invitesMe(summary, nick)) next.set(summary.table, summary);
    else next.delete(summary.table);
    return next;
}

// The invitations after one server frame: table_opened, room_tables, the `room` reply,
// table_closed. Other frames leave them as they are (the same Map).
export function invitationsAfter(invitations, frame, nick) {
    switch (frame && frame.type) {
    case 'table_opened':
        return frame.table && typeof frame.table === 'object' ? withSummary(invitations, frame.table, nick) : invitations;
    case 'room_tables':
    case 'room': {
        let next = invitations;
        for (const summary of frame.tables || []) next = withSummary(next, summary, nick);
        if (frame.closed && frame.closed.length) next = withoutTables(next, frame.closed);
        return next;
    }
    case 'table_closed':
        return withoutTables(invitations, [frame.table]);
    default:
        return invitations;
    }
}

// Answered (accepted or declined) or gone: the invitations without these tables.
export function withoutTables(invitations, ids) {
    if (!ids.some((id) => invitations.has(id))) return invitations;
    const next = new Map(invitations);
    for (const id of ids) next.delete(id);
    return next;
}

// Who invites: the nick seated at the table (the opener).
export function inviterOf(summary) {
    return summary.white || summary.black || '';
}

// The rematch offers made to `nick`: finished tables where the nick sits and the opponent asked
// for a rematch. `onScreen(id)` says whether a table is shown (its own buttons answer there), so
// a notice is for the tables the player does not see. Each: {table, by (nick), time_control, rated}.
export function rematchOffers(tables, nick, onScreen = () => false) {
    const offers = [];
    for (const state of tables.values()) {
        if (state.status !== 'finished' || state.closed || !state.rematch_offer) continue;
        const mine = same(state.white, nick) ? 'white' : same(state.black, nick) ? 'black' : null;
        if (!mine || state.rematch_offer === mine || onScreen(state.table)) continue;
        offers.push({ table: state.table, by: state[state.rematch_offer] || '', time_control: state.time_control,
                      rated: Boolean(state.rated) });
    }
    return offers;
}
