// The room one is in as the client knows it, and how each room event changes it. Pure functions,
// like table_model.js, so the bookkeeping (who is there, who of them is a guest, the tables) is
// testable without a browser.
//
// The server batches a room's news (docs/protocol.md, "Room updates"): `room_presence` carries
// the whole member list, or only the count once the room is too large to list, and
// `room_tables` the tables that opened, changed or closed. A large room's members are read a
// page at a time with `room_members`.
//
// A room: {room, name, secret, memberCount,
//          members: [nick] | null (null: too many to list; see page), guests: Set(nick),
//          page: {offset, members: [nick], guests: Set(nick)} | null (a large room's page shown),
//          tables: Map(id -> summary),
//          chat: [{from, text, earlier?} | {whisper: true, from, to, text}]}
//          (earlier: said before one came in, from the `room` reply's recent chat)

export const ROOM_EVENTS = new Set(['room_presence', 'room_tables', 'room_chat']);

// How many members a page of a large room's list shows.
export const MEMBER_PAGE_SIZE = 50;

function earlierChat(lines) {
    return (Array.isArray(lines) ? lines : []).map((line) => ({ from: line.from, text: line.text, earlier: true }));
}

function listed(frame) {
    return Array.isArray(frame.members);
}

// The room from the server's `room` reply, with what was said in it lately. Re-entering the room
// one is in keeps its chat as the client has it.
export function roomFromReply(reply, previous) {
    const members = listed(reply) ? [...reply.members] : null;
    return {
        room: reply.room,
        name: reply.name,
        secret: Boolean(reply.secret),
        memberCount: reply.member_count ?? (members ? members.length : 0),
        members,
        guests: new Set(members ? reply.guests || [] : []),
        page: null,
        tables: new Map((reply.tables || []).map((summary) => [summary.table, summary])),
        chat: previous && previous.room === reply.room ? previous.chat : earlierChat(reply.chat),
    };
}

// Whether the room is too large for its list: its members are shown a page at a time.
export function isLargeRoom(room) {
    return Boolean(room) && room.members === null;
}

// Applies one room event; returns the room unchanged when the event is for another room.
export function applyRoomEvent(room, frame) {
    if (!room || frame.room !== room.room) return room;
    const next = { ...room };
    switch (frame.type) {
    case 'room_presence':
        next.memberCount = frame.member_count;
        if (listed(frame)) {
            next.members = [...frame.members];
            next.guests = new Set(frame.guests || []);
            next.page = null;
        } else {
            // Too large to list: the page shown stays (a later room_members refreshes it).
            next.members = null;
            next.guests = new Set();
        }
        break;
    case 'room_tables':
        next.tables = new Map(room.tables);
        for (const summary of frame.tables || []) next.tables.set(summary.table, summary);
        for (const id of frame.closed || []) next.tables.delete(id);
        break;
    case 'room_chat':
        next.chat = [...room.chat, { from: frame.from, text: frame.text }];
        break;
    default:
        return room;
    }
    return next;
}

// A `room_members` reply: the page of a large room's list to show.
export function applyMemberPage(room, reply) {
    if (!room || reply.room !== room.room) return room;
    return {
        ...room,
        memberCount: reply.member_count,
        page: { offset: reply.offset, members: [...(reply.members || [])], guests: new Set(reply.guests || []) },
    };
}

// The nicks to show: the whole list, or the page of a large room (empty until it arrives).
export function shownMembers(room) {
    if (!room) return [];
    if (room.members) return room.members;
    return room.page ? room.page.members : [];
}

// The offsets of the pages before and after the one shown (null when there is none).
export function memberPageOffsets(room) {
    if (!isLargeRoom(room)) return { previous: null, next: null };
    const offset = room.page ? room.page.offset : 0;
    return {
        previous: offset > 0 ? Math.max(0, offset - MEMBER_PAGE_SIZE) : null,
        next: offset + MEMBER_PAGE_SIZE < room.memberCount ? offset + MEMBER_PAGE_SIZE : null,
    };
}

export function addChatLine(room, line) {
    return room ? { ...room, chat: [...room.chat, line] } : room;
}

export function isGuestMember(room, nick) {
    if (!room) return false;
    return room.guests.has(nick) || Boolean(room.page && room.page.guests.has(nick));
}

// Whether the player on `side` of a table summary (or table state) is a guest.
export function isGuestAt(summary, side) {
    return Boolean(summary && summary[`${side}_guest`]);
}
