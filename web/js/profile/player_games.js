// A player's games as the profile page lists them (GET /api/players/{nick}/games, docs/ratings.md):
// the query string built from the filter form, and a game seen from the player's side (colour,
// opponent, won/drawn/lost, the rating change). Pure, tested by node.

import { SPEEDS } from '../rating_format.js';

export const OUTCOMES = ['won', 'drawn', 'lost'];
export const COLOURS = ['white', 'black'];
export const RATED = ['true', 'false'];
export const LIMIT = 20;

// "a=1&b=x%20y" from [[name, value]], leaving out empty values.
function encodeQuery(pairs) {
    return pairs
        .filter(([, value]) => value !== undefined && value !== null && String(value).trim() !== '')
        .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value).trim())}`)
        .join('&');
}

// The query for values {result, colour, category, opponent, rated} and the cursor of the next
// page (the answer's `next`): {query} or, for a choice the API does not know, {error: {field}}.
// A field left empty is left out; `limit` is always sent.
export function playerGamesQuery(values = {}, cursor = null) {
    const choices = { result: OUTCOMES, colour: COLOURS, category: SPEEDS, rated: RATED };
    for (const [field, allowed] of Object.entries(choices)) {
        if (values[field] && !allowed.includes(values[field])) return { error: { field } };
    }
    return { query: encodeQuery([['result', values.result], ['colour', values.colour], ['category', values.category],
                                 ['opponent', values.opponent], ['rated', values.rated], ['limit', LIMIT],
                                 ['cursor', cursor]]) };
}

export function playerGamesPath(nick, query) {
    return `/api/players/${encodeURIComponent(nick)}/games${query ? `?${query}` : ''}`;
}

const same = (a, b) => Boolean(a) && Boolean(b) && a.toLowerCase() === b.toLowerCase();

// A game G of the list seen by `nick`: {colour, opponent, outcome, change}. outcome is won,
// drawn, lost, aborted ("*") or running (no result yet); change the player's rating change
// {before, after, diff} or null (a casual game).
export function fromPlayer(game, nick) {
    const colour = same(game.white, nick) ? 'white' : same(game.black, nick) ? 'black' : null;
    const opponent = colour === 'white' ? game.black : colour === 'black' ? game.white : null;
    let outcome = 'running';
    if (game.result === '1/2-1/2') outcome = 'drawn';
    else if (game.result === '*') outcome = 'aborted';
    else if (game.result === '1-0' || game.result === '0-1') {
        const winner = game.result === '1-0' ? 'white' : 'black';
        outcome = colour === null ? 'running' : winner === colour ? 'won' : 'lost';
    }
    const change = colour && game.rating_changes ? game.rating_changes[colour] || null : null;
    return { colour, opponent, outcome, change };
}
