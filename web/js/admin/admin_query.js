// The query strings of the admin API's searches (docs/admin.md, "The admin's desk"), built from
// what the search forms hold. Pure: a form's values in, {query} or {error} out, so node tests the
// encoding and the checks. A field left empty is left out; every value is URL-encoded.

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

// Whether `text` is a real calendar date YYYY-MM-DD (2024-02-30 is not).
export function isDate(text) {
    const match = DATE.exec(text);
    if (!match) return false;
    const [year, month, day] = match.slice(1).map(Number);
    const date = new Date(Date.UTC(year, month - 1, day));
    return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function isInteger(text) {
    return /^-?\d+$/.test(text);
}

// "a=1&b=x%20y" from [[name, value]], leaving out empty values.
export function encodeQuery(pairs) {
    return pairs
        .filter(([, value]) => value !== undefined && value !== null && String(value).trim() !== '')
        .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value).trim())}`)
        .join('&');
}

export const RESULTS = ['1-0', '0-1', '1/2-1/2', '*'];
export const TERMINATIONS = ['checkmate', 'stalemate', 'fivefold_repetition', 'seventyfive_moves', 'dead_position',
                             'threefold_repetition', 'fifty_moves', 'agreement', 'resignation', 'flag_fall', 'abandoned',
                             'aborted', 'adjudicated', 'no_first_move', 'forfeit'];
export const STATES = ['running', 'finished'];
export const RATED = ['yes', 'no'];

// The checks every search shares; returns {field, key} for the first field that is wrong.
function checkCommon(values, { limitMax }) {
    for (const field of ['from', 'to']) {
        if (values[field] && !isDate(values[field].trim())) return { field, key: 'admin.search.bad_date' };
    }
    if (values.from && values.to && values.from.trim() > values.to.trim()) return { field: 'to', key: 'admin.search.dates_reversed' };
    for (const field of ['room', 'table']) {
        if (values[field] && !isInteger(values[field].trim())) return { field, key: 'admin.search.bad_number' };
    }
    if (values.limit) {
        const limit = Number(values.limit);
        if (!Number.isInteger(limit) || limit < 1 || limit > limitMax) return { field: 'limit', key: 'admin.search.bad_limit' };
    }
    return null;
}

function oneOf(values, field, allowed) {
    return values[field] && !allowed.includes(values[field]) ? { field, key: 'admin.search.bad_choice' } : null;
}

// GET /api/admin/games: values {player, room, from, to, result, termination, state, rated, limit};
// `after` is the cursor of the next page.
export function gamesQuery(values, after) {
    const error = checkCommon(values, { limitMax: 100 }) || oneOf(values, 'result', RESULTS)
        || oneOf(values, 'termination', TERMINATIONS) || oneOf(values, 'state', STATES) || oneOf(values, 'rated', RATED);
    if (error) return { error };
    return { query: encodeQuery([['player', values.player], ['room', values.room], ['from', values.from], ['to', values.to],
                                 ['result', values.result], ['termination', values.termination], ['state', values.state],
                                 ['rated', values.rated], ['limit', values.limit], ['after', after]]) };
}

// GET /api/admin/audit: values {actor, target, action, limit}; `before` the next page's id.
export function auditQuery(values, before) {
    const error = checkCommon(values, { limitMax: 200 });
    if (error) return { error };
    return { query: encodeQuery([['actor', values.actor], ['target', values.target], ['action', values.action],
                                 ['limit', values.limit], ['before', before]]) };
}

// GET /api/admin/chat: values {text, nick, room, table, from, to, limit}; `after` the cursor.
// The text is sent as typed (spaces kept): it is a part of a chat line.
export function chatQuery(values, after) {
    const error = checkCommon(values, { limitMax: 200 });
    if (error) return { error };
    const text = values.text && values.text.trim() !== '' ? values.text : '';
    const pairs = [['nick', values.nick], ['room', values.room], ['table', values.table], ['from', values.from],
                   ['to', values.to], ['limit', values.limit], ['after', after]];
    const rest = encodeQuery(pairs);
    const textPart = text ? `text=${encodeURIComponent(text)}` : '';
    return { query: [textPart, rest].filter(Boolean).join('&') };
}
