// The room one is in as the client knows it, and how each room event changes it. Pure functions,
// like table_model.js, so the bookkeeping (who is there, who of them is a guest, the tables) is
// testable without a browser.
//
// A room: {room, name, secret, members: [nick], guests: Set(nick), tables: Map(id -> summary),
//          chat: [{from, text} | {whisper: true, from, to, text}]}

export const ROOM_EVENTS = new Set([
    'member_entered', 'member_left', 'room_chat', 'table_opened', 'table_updated', 'table_closed',
]);

// The room from the server's `room` reply. Re-entering the room one is in keeps its chat.
export function roomFromReply(reply, previous) {
    return {
        room: reply.room,
        name: reply.name,
        secret: Boolean(reply.secret),
        members: [...(reply.members || [])],
        guests: new Set(reply.guests || []),
        tables: new Map((reply.tables || []).map((summary) => [summary.table, summary])),
        chat: previous && previous.room === reply.room ? previous.chat : [],
    };
}

// Applies one room event; returns the room unchanged when the event is for another room.
export function applyRoomEvent(room, frame) {
    if (!room || frame.room !== room.room) return room;
    const next = { ...room };
    switch (frame.type) {
    case 'member_entered':
        if (!room.members.includes(frame.nick)) next.members = [...room.members, frame.nick];
        next.guests = new Set(room.guests);
        if (frame.guest) next.guests.add(frame.nick);
        else next.guests.delete(frame.nick);
        break;
    case 'member_left':
        next.members = room.members.filter((nick) => nick !== frame.nick);
        next.guests = new Set(room.guests);
        next.guests.delete(frame.nick);
        break;
    case 'room_chat':
        next.chat = [...room.chat, { from: frame.from, text: frame.text }];
        break;
    case 'table_opened':
    case 'table_updated':
        next.tables = new Map(room.tables);
        next.tables.set(frame.table.table, frame.table);
        break;
    case 'table_closed':
        next.tables = new Map(room.tables);
        next.tables.delete(frame.table);
        break;
    default:
        return room;
    }
    return next;
}

export function addChatLine(room, line) {
    return room ? { ...room, chat: [...room.chat, line] } : room;
}

export function isGuestMember(room, nick) {
    return Boolean(room && room.guests.has(nick));
}

// Whether the player on `side` of a table summary (or table state) is a guest.
export function isGuestAt(summary, side) {
    return Boolean(summary && summary[`${side}_guest`]);
}
