// The table chat's channels as the page shows them (docs/protocol.md, "table_chat"). While a
// game runs, its players and its spectators talk apart, and the server sends a spectator's line
// to the spectators only: a spectator sees both channels, each line labelled with its channel,
// and a note that the players do not read theirs; a player sees only the players' channel and
// needs no label. Before and after the game there is one channel, unlabelled. Pure, tested by
// node (tests/web/table_chat_channels.test.mjs).

const CHANNELS = new Set(['players', 'spectators']);

// The catalogue key of a chat line's label for this viewer (seat: "white", "black" or null for
// a spectator), or null for none.
export function channelLabelKey(line, seat) {
    if (seat || !line || !CHANNELS.has(line.channel)) return null;
    return `table.chat.channel.${line.channel}`;
}

// The key of the note above a spectator's chat while the game runs, or null.
export function spectatorNoteKey(state, seat) {
    return state && state.status === 'playing' && !seat ? 'table.chat.spectators_note' : null;
}
