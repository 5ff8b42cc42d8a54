// The address of a player's profile, /@/{nick} (the server serves web/profile.html there), and
// the nick a page address names. The nick is percent-encoded, so any nick the server accepts
// makes one path segment. Pure.

export function profilePath(nick) {
    return `/@/${encodeURIComponent(nick)}`;
}

// The PGN of all of a player's public games.
export function playerPgnPath(nick) {
    return `/api/players/${encodeURIComponent(nick)}/games.pgn`;
}

export const LEADERBOARD_PATH = '/leaderboard';

// "/@/Anna" or "/@/J%C3%BCrgen/" -> "Anna", "Jürgen"; null for any other path or a broken
// encoding.
export function nickFromPath(pathname) {
    const match = /^\/@\/([^/]+)\/?$/.exec(String(pathname || ''));
    if (!match) return null;
    try {
        const nick = decodeURIComponent(match[1]);
        return nick.trim() ? nick : null;
    } catch {
        return null;
    }
}
