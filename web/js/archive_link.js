// The address of a game's public page, /games/{id} (the server serves web/archive.html there),
// and of its PGN download, /games/{id}.pgn; and the game id a page address names. Pure.

export function archivePath(gameId) {
    return `/games/${encodeURIComponent(gameId)}`;
}

export function pgnPath(gameId) {
    return `/games/${encodeURIComponent(gameId)}.pgn`;
}

// "/games/4711" or "/games/4711/" -> 4711; null for any other path (the server maps only these
// to the page, but the page may also be opened as /archive.html).
export function gameIdFromPath(pathname) {
    const match = /^\/games\/(\d{1,18})\/?$/.exec(String(pathname || ''));
    if (!match) return null;
    const id = Number(match[1]);
    return Number.isSafeInteger(id) && id > 0 ? id : null;
}
