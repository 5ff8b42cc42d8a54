// What a line typed into a room's chat asks for, in the lobby's room (lobby_view.js) and in a
// tournament's room (tournament_room_view.js) alike: Gravon's "/w nick text" (or "/whisper")
// whispers to one player, anything else is said to the room. Pure, so node tests it.

// The request a typed line makes: {text} for the room, {whisper: {to, text}} for one player, or
// null for nothing to send.
export function chatRequest(typed) {
    const text = String(typed ?? '').trim();
    if (!text) return null;
    const whisper = /^\/w(?:hisper)?\s+(\S+)\s+(.+)$/u.exec(text);
    return whisper ? { whisper: { to: whisper[1], text: whisper[2] } } : { text };
}

// What the input starts with to whisper to `nick`.
export function whisperPrefix(nick) {
    return `/w ${nick} `;
}

// What stays in the input once a line is sent: the whisper's start, to go on whispering; nothing
// after a line to the room.
export function inputAfter(request) {
    return request && request.whisper ? whisperPrefix(request.whisper.to) : '';
}
