// What a visitor's page decides without the DOM: which room to show first, and the guest nick
// to suggest, so that a first visit shows a room with games at once and a game is two clicks
// away ("Play as guest", then a table).

// The room to look into: the one this tab looked into before, while it is listed; else the
// listed room with the most tables (games to watch), then the most members; null when none.
export function visitorRoom(rooms, remembered) {
    if (!rooms.length) return null;
    if (remembered !== null && remembered !== undefined && rooms.some((room) => room.room === remembered)) return remembered;
    const busiest = [...rooms].sort((a, b) => (b.tables || 0) - (a.tables || 0) || (b.members || 0) - (a.members || 0)
                                              || a.room - b.room)[0];
    return busiest.room;
}

// A guest nick to offer: the page language's word for guest and four digits ("Gast_4711",
// "Guest_0815"), within the nick rules (docs/protocol.md, section 4). `random` is Math.random or
// a test's own.
export function suggestedGuestNick(word, random = Math.random) {
    const digits = String(Math.floor(random() * 10_000)).padStart(4, '0');
    return `${word}_${digits}`;
}
