// A table chat's lines as the page shows them: each with the time it arrived (HH:MM, the
// viewer's clock) and, while the chat is out of sight, how many lines came that the player has
// not seen. Pure, so node tests it.

function pad(n) {
    return String(n).padStart(2, '0');
}

// "14:05": hours and minutes of Unix ms `at`, local time; '' for a line without a time.
// `timeZone` is for tests (Intl); the page leaves it to the browser.
export function chatTime(at, timeZone) {
    if (at === undefined || at === null || !Number.isFinite(Number(at))) return '';
    if (timeZone) {
        return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone })
            .format(new Date(Number(at)));
    }
    const date = new Date(Number(at));
    return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

// How many of `chat`'s lines after the first `seen` were written by someone else than `nick`
// (one's own lines are read as they are written).
export function unreadCount(chat, seen, nick) {
    const me = (nick || '').toLowerCase();
    let count = 0;
    for (const line of (chat || []).slice(Math.max(0, seen || 0))) {
        if ((line.from || '').toLowerCase() !== me) count++;
    }
    return count;
}
