// What the public game page says about a stored game, in the page's language: the title, the
// players with the score, the result and its reason in words (the player client's banner,
// table_texts.js, with a flag fall's proof), the rating changes of a rated game, and the facts
// (room, time control, date, category, rated).
// Pure: the log (GET /api/games/{id}) in, plain strings out; the view puts them on the page with
// textContent.

import { language, t } from '../messages.js';
import { gameResult } from '../game_replay.js';
import { bannerText, sideName } from '../table_texts.js';
import { categoryName, signedDiff } from '../rating_format.js';
import { describe } from '../time_control.js';
import { dateTime } from '../time_format.js';

// {title, players: [{side, nick, sideName, change}], score, result: {title, reason, proof, line} | null, facts:
// [[label, value]]}. A running game (the API may show one) has no result; the facts say so.
// timeZone is for tests; the page leaves it to the browser.
export function gamePage(log, notation, timeZone) {
    const ended = gameResult(log);
    const names = { white: log.white, black: log.black };
    const banner = ended ? bannerText(ended, names, notation) : null;
    const facts = [
        [t('archive.room'), String(log.room ?? '')],
        [t('archive.time_control'), describe(log.time_control)],
        [t('archive.started'), dateTime(log.started_at, language(), timeZone)],
        [t('archive.result'), banner ? banner.players : t('archive.running')],
    ];
    if (log.category) facts.push([t('archive.category'), categoryName(log.category)]);
    if (typeof log.rated === 'boolean') facts.push([t('archive.rated'), t(log.rated ? 'archive.rated.yes' : 'archive.rated.no')]);
    const changes = log.rating_changes || {};
    return {
        title: t('archive.title', { id: log.id }),
        players: ['white', 'black'].map((side) => ({ side, nick: names[side] || sideName(side), sideName: sideName(side),
                                                     change: ratingChangeText(changes[side]) })),
        result: banner ? { title: banner.title, reason: banner.reason, proof: banner.proof, line: banner.line || '' } : null,
        facts,
    };
}

// A player's rating change in a rated game, C = {before, after, diff}: "1500 → 1662 (+162)";
// '' for a casual game (or a rated one whose change the store does not have).
export function ratingChangeText(change) {
    if (!change || !Number.isFinite(Number(change.after))) return '';
    return t('rating.change.full', { before: Math.round(Number(change.before)), after: Math.round(Number(change.after)),
                                     diff: signedDiff(change.diff) });
}

// The sentence for a game the page could not load: an unknown game (or one of a secret room,
// which the server does not tell apart) by its number; any other failure is the server's error,
// worded as the player client words it (null here, the view shows it).
export function loadProblem(error, gameId) {
    if (gameId === null) return t('archive.bad_address');
    if (error && (error.code === 'no_such_game' || error.status === 404)) return t('archive.no_such_game', { id: gameId });
    return null;
}
