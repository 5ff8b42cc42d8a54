// The bots online (issue 29 §3): GET /api/bot/online answers lichess's way, NDJSON, one user a
// line: {"id","username","title":"BOT","online":true,"perfs":{...},"createdAt","url"}. Reading it
// is pure, so what the lobby's bot list shows of an answer is testable in node.

import { CATEGORIES, categoryName, ratingText } from './rating_format.js';

export const BOTS_PATH = '/api/bot/online';

// The bots of an NDJSON answer, in the server's order: each line that is a user with a name; an
// empty line (a keep-alive) or one that is not JSON is skipped, and a name listed twice counts once.
export function parseBotList(text) {
    const bots = [];
    const seen = new Set();
    for (const line of String(text || '').split('\n')) {
        if (!line.trim()) continue;
        let user;
        try {
            user = JSON.parse(line);
        } catch {
            continue;
        }
        if (!user || typeof user !== 'object' || typeof user.username !== 'string' || !user.username) continue;
        const id = typeof user.id === 'string' && user.id ? user.id : user.username.toLowerCase();
        if (seen.has(id)) continue;
        seen.add(id);
        bots.push({
            id,
            username: user.username,
            title: typeof user.title === 'string' ? user.title : 'BOT',
            perfs: user.perfs && typeof user.perfs === 'object' ? user.perfs : {},
        });
    }
    return bots;
}

// A bot's ratings as the list shows them: the categories it has played in, in the client's order
// of categories, [{category, name, text}] ("Blitz", "1512?").
export function botRatings(perfs) {
    return CATEGORIES.filter((category) => perfs && perfs[category] && Number(perfs[category].games) > 0)
        .map((category) => ({ category, name: categoryName(category),
                              text: ratingText({ rating: perfs[category].rating, provisional: Boolean(perfs[category].prov) }) }))
        .filter((rating) => rating.text);
}

// What a drawn list shows, as one string: the same bots with the same ratings draw the same list
// (the view keeps its buttons then, so a press that straddles a refresh is not lost).
export function botListKey(bots) {
    return JSON.stringify((bots || []).map((bot) => [bot.id, bot.username, bot.title, botRatings(bot.perfs).map((r) => r.text)]));
}

// Asks the server for the bots online: resolves with parseBotList's list; rejects with
// {code, message, status} as the account API does ({code: 'unreachable'} when no answer came; a
// lichess-style error body {"error": "..."} gives the message).
export async function fetchOnlineBots(fetchImpl = (...args) => fetch(...args)) {
    let response;
    let text;
    try {
        response = await fetchImpl(BOTS_PATH, { method: 'GET', credentials: 'same-origin', headers: { Accept: 'application/x-ndjson' } });
        text = await response.text();
    } catch (error) {
        throw { code: 'unreachable', message: String((error && error.message) || error), status: 0 };
    }
    if (!response.ok) {
        let message = '';
        try {
            const body = JSON.parse(text);
            message = typeof body.error === 'string' ? body.error : '';
        } catch {
            message = '';
        }
        throw { code: `http_${response.status}`, message, status: response.status };
    }
    return parseBotList(text);
}
