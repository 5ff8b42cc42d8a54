// A link that opens one table to watch: `/#watch=TABLE&room=ROOM` (the admin area's live view
// links running tables so). A spectator must be in the table's room, so the link names it too.
// Pure: the location's hash in, {table, room} or null out.

export function parseWatchLink(hash) {
    const params = new URLSearchParams(String(hash || '').replace(/^#/, ''));
    const table = Number(params.get('watch'));
    const room = params.has('room') ? Number(params.get('room')) : null;
    if (!Number.isInteger(table) || table <= 0) return null;
    if (room !== null && (!Number.isInteger(room) || room === 0)) return null;
    return { table, room };
}

export function watchLink(table, room) {
    return `/#watch=${encodeURIComponent(table)}${room ? `&room=${encodeURIComponent(room)}` : ''}`;
}
